"""A missing or broken face model: `dicetable run` refuses to start with one clear line, and a
reader that fails while running is logged once and leaves the table usable (frames unsure).

The model is made unavailable by pointing the loader elsewhere (never by touching the real files)."""

from __future__ import annotations

import logging
from collections.abc import Iterator
from pathlib import Path

import cv2
import numpy as np
import pytest
from gpiozero.pins.mock import MockFactory

import vision.classifier as classifier
from device import runtime as rt
from device.camera import SAMPLE_FRAMES
from device.cli import main
from device.referee import READER_FAILED, Referee
from device.events import EventBus
from device.settings import load
from device.store import Store
from device.table import Table
from vision.reading import Die, Reading, Status

from .serve import free_port


@pytest.fixture
def model_at(monkeypatch: pytest.MonkeyPatch) -> Iterator[object]:
    """``model_at(path)``: the loader reads the face model from ``path`` for this test."""
    def point(path: Path) -> None:
        monkeypatch.setattr(classifier, "MODEL", path)
        monkeypatch.setattr(classifier.FaceClassifier.__init__, "__defaults__", (path,))
        classifier.default_classifier.cache_clear()

    yield point
    classifier.default_classifier.cache_clear()     # the next user loads the real model again


class NeverServe:
    """Stands for waitress's server: if the run got as far as serving, the test fails (not hangs)."""

    def run(self) -> None:
        raise AssertionError("dicetable run started serving without a usable face model")

    def close(self) -> None:
        pass


def _run(tmp_path: Path, camera: str, monkeypatch: pytest.MonkeyPatch) -> int:
    import waitress

    monkeypatch.setattr(waitress, "create_server", lambda *a, **kw: NeverServe())
    config = tmp_path / "config.toml"
    config.touch()
    return main(["run", "--config", str(config), "--data", str(tmp_path / "data"), "--camera", camera,
                 "--host", "127.0.0.1", "--port", str(free_port())])


@pytest.mark.parametrize("broken", ["missing", "garbage"])
def test_run_refuses_to_start_without_a_usable_face_model(
        tmp_path: Path, model_at, broken: str, capsys: pytest.CaptureFixture[str],
        caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch) -> None:
    model = tmp_path / "faces.onnx"
    if broken == "garbage":
        model.write_bytes(b"this is not an ONNX network")
    model_at(model)
    caplog.set_level(logging.INFO)
    # 78 (EX_CONFIG): systemd/dicetable.service does not restart on it (a restart cannot fix it).
    assert _run(tmp_path, f"replay:{SAMPLE_FRAMES}", monkeypatch) == 78
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err, err
    assert err.startswith("dicetable: the dice reader cannot start: the face model" if broken == "missing"
                          else "dicetable: the dice reader cannot start: ")
    assert ("is missing" if broken == "missing" else "not a model OpenCV can load") in err
    assert "reinstall dicetable" in err and "python -m vision.training.train" in err
    assert "--camera none" in err
    # Refused before the camera was opened or a frame read: nothing else was said.
    assert not [r for r in caplog.records if r.levelno >= logging.WARNING]
    assert "camera:" not in caplog.text and "serving on" not in caplog.text


def test_the_shipped_face_model_passes_the_start_up_check() -> None:
    """The real model, as installed: the check must let it through (it once demanded exactly the
    seven answers of an older model, and `dicetable run` refused to start)."""
    classifier.default_classifier.cache_clear()
    rt.check_reader()
    assert classifier.default_classifier().classes >= 7


def test_a_model_giving_too_few_answers_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    classifier.default_classifier.cache_clear()
    faces = classifier.default_classifier()
    monkeypatch.setattr(faces, "guess", lambda image, dice: [classifier.FaceGuess(1, 1.0, (0.0,) * 5)])
    with pytest.raises(rt.ReaderUnavailable, match="does not give the answers"):
        rt.check_reader()


def test_a_missing_part_of_the_install_is_a_set_up_error_too(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    def start(*args: object, **kwargs: object) -> None:
        raise ImportError("No module named 'vision.watcher'")

    monkeypatch.setattr(rt, "start", start)
    assert _run(tmp_path, f"replay:{SAMPLE_FRAMES}", monkeypatch) == 78
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "vision.watcher" in err and "--camera none" in err


def test_a_camera_that_cannot_start_is_still_restarted(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    from device.camera import CameraError

    def start(*args: object, **kwargs: object) -> None:
        raise CameraError("no camera on the ribbon cable")

    monkeypatch.setattr(rt, "start", start)
    assert _run(tmp_path, f"replay:{SAMPLE_FRAMES}", monkeypatch) == 1    # not 78: may come back
    assert "cannot start the camera: no camera on the ribbon cable" in capsys.readouterr().err


def test_without_a_camera_the_face_model_is_not_needed(tmp_path: Path, model_at) -> None:
    model_at(tmp_path / "gone.onnx")
    store = Store(tmp_path / "data")
    table = Table(store, EventBus(), has_camera=False)
    try:
        handle = rt.start(load(None, {"camera.source": "none"}), table, table.events,
                          pin_factory=MockFactory(), keyboard=False)
        assert handle.referee is None
        handle.stop()
        with pytest.raises(rt.ReaderUnavailable, match="is missing"):
            rt.check_reader()
    finally:
        store.close()


# -- the referee loop meets a failing reader -----------------------------------------------------

class FlakyReader:
    """Gives ``good`` until told to fail, then raises on every frame until told to work again."""

    def __init__(self, good: Reading) -> None:
        self.good = good
        self.failing = False
        self.calls = 0

    def __call__(self, frame: np.ndarray, view: object, *, calibration: object = None) -> Reading:
        self.calls += 1
        if self.failing:
            raise RuntimeError("the face network broke")
        return self.good


class Watcher:
    is_cup_lifted = False

    def __init__(self) -> None:
        self.seen: list[Reading] = []

    def update(self, reading: Reading) -> list[str]:
        self.seen.append(reading)
        return ["settled"] if reading.ok and len(self.seen) == 2 else []

    def seal(self) -> None:
        pass


def _frame(grey: int) -> np.ndarray:
    return np.full((48, 64, 3), grey, np.uint8)


def test_a_failing_reader_is_logged_once_and_the_frames_are_unsure(
        camera_table: Table, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.DEBUG, logger="device.referee")
    table = camera_table
    table.start_game({"game": "kuriki", "players": ["Ann", "Bob"]})
    reader = FlakyReader(Reading(Status.OK, (Die(6, 20, 20, 10, 0.99), Die(3, 40, 20, 10, 0.99))))
    watcher = Watcher()
    # skip_unchanged stays on: a failed frame must still be read again, the same picture or not.
    ref = Referee(table, None, reader=reader, watcher=watcher, unsure_frames=5, steady_frames=1)
    ref.step(_frame(60))
    ref.step(_frame(90))
    assert table.sealed                          # 6 and 3 are under the cup, hidden

    reader.failing = True
    for _ in range(25):
        assert ref.step(_frame(120)) == []      # never raises: the loop and the table go on
    assert reader.calls == 27 and ref.reader_failures == 25
    assert all(not r.ok and r.reason == READER_FAILED for r in watcher.seen[2:])
    assert watcher.seen[-1].brightness == pytest.approx(120)
    failures = [r for r in caplog.records if r.levelno >= logging.WARNING]
    assert len(failures) == 1 and "RuntimeError: the face network broke" in failures[0].getMessage()
    # The sealed dice are in no log line.
    assert not any(d in r.getMessage() for r in caplog.records for d in "36")
    state = table.public_state()
    assert state["sealed"] is True and READER_FAILED in (state["note"] or "")
    table.act({"by": "Ann", "do": "declare", "call": "double-6"})     # the table still plays
    assert table.public_state()["call"] == "double-6"

    reader.failing = False
    ref.step(_frame(150))
    assert ref.reader_failures == 0 and "works again (it had failed on 25 frames)" in caplog.text
    reader.failing = True
    ref.step(_frame(180))
    ref.step(_frame(180))
    assert len([r for r in caplog.records if r.levelno >= logging.WARNING]) == 2   # a new failure: once


def test_the_real_reader_without_its_model_is_unsure_and_logged_once(
        camera_table: Table, model_at, tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    model_at(tmp_path / "gone.onnx")
    frame = cv2.imread(str(SAMPLE_FRAMES / "0010.jpg"))   # two dice, sharp: the network is asked
    assert frame is not None
    ref = Referee(camera_table, None, view="bottom", unsure_frames=1000, steady_frames=1)
    for _ in range(4):
        ref.step(frame)
    assert ref.reader_failures == 4 and not ref.last_reading.ok
    errors = [r for r in caplog.records if r.levelno >= logging.ERROR]
    assert len(errors) == 1 and "FileNotFoundError" in errors[0].getMessage()
