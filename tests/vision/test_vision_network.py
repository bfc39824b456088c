"""benchmarks/vision_network.py: the face network's forward pass timed per batch size, for each
engine the installed OpenCV names."""

from __future__ import annotations

import re
import sys

import cv2
import pytest

from .conftest import benchmark_script



@pytest.fixture
def network():
    return benchmark_script("vision_network")


def test_every_engine_gets_a_row_of_times_for_every_batch(network, monkeypatch, capsys) -> None:
    monkeypatch.setattr(sys, "argv", ["vision_network.py", "--runs", "1"])
    threads = cv2.getNumThreads()
    try:
        assert network.main() == 0
    finally:
        cv2.setNumThreads(threads)
    rows = [line for line in capsys.readouterr().out.splitlines()
            if line.startswith("| ") and not line.startswith("| engine") and "---" not in line]
    assert [row.split(" | ")[0][2:] for row in rows] == [name for name, _ in network.engines()]
    for row in rows:
        times = [float(t) for t in re.findall(r"([0-9.]+) ms", row)]
        assert len(times) == len(network.BATCHES) and all(t > 0 for t in times), row
    # The engine the reader runs the network with is the one row marked so.
    assert sum("the reader's" in row for row in rows) == 1


def test_the_reader_loads_the_network_on_the_engine_marked_as_its_own(network, monkeypatch) -> None:
    from vision import classifier

    asked = []
    monkeypatch.setattr(classifier, "load_net", lambda model, engine: asked.append(engine) or object())
    classifier.FaceClassifier()
    marked = [engine for name, engine in network.engines() if "the reader's" in name]
    assert asked == [classifier.reader_engine()]
    assert marked == [cv2.dnn.ENGINE_OPENCV if asked[0] is None and hasattr(cv2.dnn, "ENGINE_OPENCV")
                      else asked[0]]


def test_a_missing_model_is_named(network, monkeypatch, tmp_path) -> None:
    monkeypatch.setattr(sys, "argv", ["vision_network.py", "--model", str(tmp_path / "none.onnx")])
    with pytest.raises(SystemExit, match="the face model .*none.onnx is missing"):
        network.main()


def test_a_file_that_is_no_model_is_named_not_a_traceback(network, monkeypatch, tmp_path) -> None:
    broken = tmp_path / "broken.onnx"
    broken.write_text("not a network")
    monkeypatch.setattr(sys, "argv", ["vision_network.py", "--model", str(broken)])
    with pytest.raises(SystemExit, match="broken.onnx is not a model OpenCV can load"):
        network.main()
