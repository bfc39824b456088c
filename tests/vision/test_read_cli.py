"""``dicetable read``: JSON lines per image, --annotate, and bad files reported while the rest are read."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import cv2
import pytest

from device.cli import main
from vision.render import render_scene

REPO = Path(__file__).resolve().parents[2]


def _scenes(tmp_path: Path, view: str, n: int = 3) -> list[tuple[Path, object]]:
    out = []
    for seed in range(n):
        scene = render_scene(100 + seed, view=view, n_dice=2, style="white", die_size=60)
        assert scene.readable
        path = tmp_path / f"{view}-{seed}.png"
        cv2.imwrite(str(path), scene.image)
        out.append((path, scene))
    return out


def _lines(text: str) -> list[dict]:
    return [json.loads(line) for line in text.splitlines() if line.strip()]


@pytest.mark.parametrize("view", ["top", "bottom"])
def test_rendered_scenes_read_right_or_unsure(tmp_path: Path, view: str,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    scenes = _scenes(tmp_path, view)
    code = main(["read", "--view", view, *(str(p) for p, _ in scenes)])
    out = _lines(capsys.readouterr().out)
    assert code == 0
    assert [o["image"] for o in out] == [str(p) for p, _ in scenes]
    for o, (_, scene) in zip(out, scenes):
        assert set(o) == {"image", "status", "reason", "dice"}
        assert o["status"] in ("ok", "unsure")
        for die in o["dice"]:
            assert set(die) == {"value", "x", "y", "size", "confidence"} and 1 <= die["value"] <= 6
        if o["status"] == "ok":           # never ok and wrong
            assert o["reason"] is None
            assert tuple(sorted((d["value"] for d in o["dice"]), reverse=True)) == scene.values
        else:
            assert o["reason"]


def test_annotate_dir_and_bad_files(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (good, _), (good2, _) = _scenes(tmp_path, "top", 2)
    text = tmp_path / "photo.txt"
    text.write_text("not a picture")
    missing = tmp_path / "gone.jpg"
    annotated = tmp_path / "annotated" / "deep"
    code = main(["read", "--annotate", str(annotated), str(good), str(text), str(missing), str(good2)])
    captured = capsys.readouterr()
    assert code == 1
    assert [o["image"] for o in _lines(captured.out)] == [str(good), str(good2)]
    err = captured.err.strip().splitlines()
    assert err == [f"dicetable read: {text}: not an image (cv2 could not decode it)",
                   f"dicetable read: {missing}: no such file"]
    written = sorted(p.name for p in annotated.iterdir())
    assert written == [good.stem + ".jpg", good2.stem + ".jpg"]
    image = cv2.imread(str(annotated / written[0]))
    original = cv2.imread(str(good))
    # the photo, under a band with the status (the same width, a little taller)
    assert image is not None and image.shape[1] == original.shape[1]
    assert original.shape[0] < image.shape[0] <= original.shape[0] + 80


def test_an_empty_path_or_a_directory_is_named_as_such(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """An empty argument would be the working directory to Path: say it is empty instead."""
    (good, _), = _scenes(tmp_path, "top", 1)
    code = main(["read", "", str(tmp_path), str(good)])
    captured = capsys.readouterr()
    assert code == 1
    assert [o["image"] for o in _lines(captured.out)] == [str(good)]
    assert captured.err.strip().splitlines() == [
        "dicetable read: : an empty path, not a file (a shell variable left unset?)",
        f"dicetable read: {tmp_path}: is a directory, not an image"]


def test_expected_count_is_passed_on(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (path, _), = _scenes(tmp_path, "top", 1)
    assert main(["read", "--expected", "5", str(path)]) == 0
    (o,) = _lines(capsys.readouterr().out)
    assert o["status"] == "unsure" and o["reason"]     # two dice seen, five expected


def test_subprocess(tmp_path: Path) -> None:
    (good, _), = _scenes(tmp_path, "bottom", 1)
    empty = tmp_path / "empty.jpg"
    empty.write_bytes(b"")
    exe = shutil.which("dicetable")
    cmd = [exe] if exe else [sys.executable, "-m", "device.cli"]
    proc = subprocess.run([*cmd, "read", "--view", "bottom", "--annotate", str(tmp_path / "ann"),
                           str(empty), str(good)], capture_output=True, text=True, cwd=REPO,
                          timeout=120)
    assert proc.returncode == 1
    assert "Traceback" not in proc.stderr
    assert proc.stderr.strip() == f"dicetable read: {empty}: not an image (cv2 could not decode it)"
    (o,) = _lines(proc.stdout)
    assert o["image"] == str(good) and o["status"] in ("ok", "unsure")
    assert (tmp_path / "ann" / "bottom-0.jpg").is_file()
    ok = subprocess.run([*cmd, "read", str(good)], capture_output=True, text=True, cwd=REPO, timeout=120)
    assert ok.returncode == 0 and len(_lines(ok.stdout)) == 1 and ok.stderr == ""


def test_a_missing_face_model_is_one_clear_line(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    import vision.classifier as classifier
    (path, _), = _scenes(tmp_path, "top", 1)
    monkeypatch.setattr(classifier, "MODEL", tmp_path / "gone.onnx")
    monkeypatch.setattr(classifier.FaceClassifier.__init__, "__defaults__", (tmp_path / "gone.onnx",))
    classifier.default_classifier.cache_clear()
    try:
        assert main(["read", str(path)]) == 2
        captured = capsys.readouterr()
        assert captured.out == ""
        assert captured.err.startswith("dicetable read: the face model") and "missing" in captured.err
    finally:
        classifier.default_classifier.cache_clear()
