"""Camera sources: replay (folder, video, in-memory), none, and the errors of missing hardware."""

from __future__ import annotations

import json
import threading
from collections.abc import Callable
from pathlib import Path

import cv2
import numpy as np
import pytest

from device import camera as cam
from device.referee import dice_expected
from engine.record import Session
from device.camera import (Camera, CameraError, NoCamera, ReplayCamera, SampleTable, TimedCamera,
                           open_camera, parse_source)


def _frames(n: int, shape=(48, 64)) -> list[np.ndarray]:
    out = []
    for i in range(n):
        f = np.zeros((*shape, 3), np.uint8)
        f[:, :, 1] = 40 * (i + 1)        # each frame a different green level
        out.append(f)
    return out


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    for i, f in enumerate(_frames(3)):
        cv2.imwrite(str(tmp_path / f"frame_{i:03d}.png"), f)
    (tmp_path / "notes.txt").write_text("not a frame")
    return tmp_path


def test_replay_folder_reads_in_name_order_and_loops(folder: Path) -> None:
    with ReplayCamera(folder, fps=0) as camera:
        greens = [int(camera.read()[0, 0, 1]) for _ in range(5)]
        assert camera.is_open
    assert greens == [40, 80, 120, 40, 80]
    assert not camera.is_open


def test_replay_without_loop_ends_with_a_clear_error(folder: Path) -> None:
    camera = ReplayCamera(folder, fps=0, loop=False)
    for _ in range(3):
        assert camera.read().shape == (48, 64, 3)
    with pytest.raises(CameraError, match="has ended"):
        camera.read()


def test_replay_is_paced_at_fps(folder: Path) -> None:
    now = [100.0]
    slept: list[float] = []

    def sleep(s: float) -> None:
        slept.append(s)
        now[0] += s

    camera = ReplayCamera(folder, fps=10, clock=lambda: now[0], sleep=sleep)
    camera.read()          # first frame at once
    now[0] += 0.02         # the caller spent 20 ms
    camera.read()
    assert slept == [pytest.approx(0.08)]


def test_replay_of_a_video_file_loops(tmp_path: Path) -> None:
    path = tmp_path / "clip.avi"
    writer = cv2.VideoWriter(str(path), cv2.VideoWriter_fourcc(*"MJPG"), 10, (64, 48))
    assert writer.isOpened()
    for f in _frames(4):
        writer.write(f)
    writer.release()
    camera = ReplayCamera(path, fps=0)
    greens = [int(camera.read()[10, 10, 1]) for _ in range(6)]
    # MJPEG is lossy: compare levels loosely, and check that it came round again.
    assert abs(greens[0] - 40) < 8 and abs(greens[3] - 160) < 8
    assert abs(greens[4] - greens[0]) < 8
    camera.close()


def test_replay_from_frames_converts_grey_to_bgr() -> None:
    grey = np.full((20, 30), 77, np.uint8)
    camera = ReplayCamera.from_frames([grey])
    frame = camera.read()
    assert frame.shape == (20, 30, 3) and int(frame[5, 5, 2]) == 77


@pytest.mark.parametrize("make, message", [
    (lambda p: p / "missing", "does not exist"),
    (lambda p: p, "holds no images"),
])
def test_replay_refuses_bad_paths(tmp_path: Path, make, message: str) -> None:
    with pytest.raises(CameraError, match=message):
        ReplayCamera(make(tmp_path))


def test_replay_of_a_file_that_is_not_a_video(tmp_path: Path) -> None:
    bad = tmp_path / "clip.mp4"
    bad.write_text("hello")
    with pytest.raises(CameraError, match="neither a folder of images nor a video"):
        ReplayCamera(bad)


def test_a_broken_image_in_the_folder_is_a_camera_error(tmp_path: Path) -> None:
    (tmp_path / "a.jpg").write_bytes(b"not a jpeg")
    camera = ReplayCamera(tmp_path, fps=0)
    with pytest.raises(CameraError, match="a.jpg is not an image"):
        camera.read()


def test_closed_camera_says_so(folder: Path) -> None:
    camera = ReplayCamera(folder, fps=0)
    camera.close()
    with pytest.raises(CameraError, match="closed"):
        camera.read()


def test_no_camera() -> None:
    camera = open_camera("none")
    assert isinstance(camera, NoCamera) and not camera.is_open
    with pytest.raises(CameraError, match="no camera"):
        camera.read()


@pytest.mark.parametrize("spec, expected", [
    ("auto", ("auto", None)), ("none", ("none", None)), ("picamera2", ("picamera2", None)),
    ("opencv", ("opencv", "0")), ("opencv:2", ("opencv", "2")), ("replay:x/y", ("replay", "x/y")),
    ("  Auto ", ("auto", None)),
])
def test_parse_source(spec: str, expected: tuple) -> None:
    assert parse_source(spec) == expected


@pytest.mark.parametrize("spec, message", [
    ("webcam", 'unknown camera source "webcam"'), ("opencv:one", "whole number"), ("opencv:²", "whole number"),
    ("replay:", "say what to replay"), ("", "camera source must be one of"),
    ("auto:3", "unknown camera source"),
])
def test_parse_source_refuses(spec: str, message: str) -> None:
    with pytest.raises(CameraError, match=message):
        parse_source(spec)


def test_open_replay_source(folder: Path) -> None:
    camera = open_camera(f"replay:{folder}", fps=0)
    assert isinstance(camera, ReplayCamera) and len(camera) == 3


def test_missing_webcam_is_a_clear_error() -> None:
    with pytest.raises(CameraError, match="no webcam at /dev/video9"):
        open_camera("opencv:9")


def test_picamera2_off_a_pi_names_the_package(monkeypatch: pytest.MonkeyPatch) -> None:
    import builtins
    real_import = builtins.__import__

    def no_picamera2(name, *args, **kwargs):
        if name == "picamera2":
            raise ImportError("No module named 'picamera2'")
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", no_picamera2)
    with pytest.raises(CameraError, match="python3-picamera2"):
        open_camera("picamera2")


def test_auto_falls_back_to_the_shipped_sample_frames(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(cam, "PiCamera", _raises("no Pi camera found"))
    monkeypatch.setattr(cam.glob, "glob", lambda pattern: [])
    camera = open_camera("auto", fps=0)
    assert isinstance(camera, ReplayCamera)
    assert camera.path == cam.SAMPLE_FRAMES and len(camera) >= 10
    assert camera.read().ndim == 3


@pytest.mark.parametrize("timeout", [None, 5])
def test_the_sample_frames_roll_the_dice_the_table_expects(monkeypatch: pytest.MonkeyPatch,
                                                           timeout: float | None) -> None:
    # No camera found: the virtual table is told how many dice the game in play puts on the
    # tray (opened within a time limit too, as dicetable run opens it).
    monkeypatch.setattr(cam, "PiCamera", _raises("no Pi camera found"))
    monkeypatch.setattr(cam.glob, "glob", lambda pattern: [])
    camera = open_camera("auto", fps=0, timeout=timeout, dice=lambda: 6)
    assert isinstance(camera, SampleTable)
    counts = []
    for _ in range(48):
        camera.read()
        counts.append(len(camera.serving))
    assert counts == ([0] * 8 + [6] * 16) * 2          # two rolls of six: cup up, dice settled


def test_the_sample_table_with_no_game_is_the_replay_of_the_frames_in_name_order() -> None:
    table, replay = SampleTable(fps=0, dice=lambda: None), ReplayCamera(cam.SAMPLE_FRAMES, fps=0)
    for _ in range(len(replay) + 24):                      # once round and on
        assert np.array_equal(table.read(), replay.read())


def _rolls_folder(folder: Path, rolls: list[tuple[tuple[int, ...], int]], *, hold: int = 3) -> None:
    """A folder of rolls (dice, green level of its settled frame), each after one cup-up frame
    (green 1); rolls.json labels them as scripts/make_sample_frames.py does."""
    def frame(green: int) -> np.ndarray:
        f = np.zeros((24, 32, 3), np.uint8)
        f[:, :, 1] = green
        return f

    cv2.imwrite(str(folder / "up.png"), frame(1))
    labels = []
    for dice, green in rolls:
        cv2.imwrite(str(folder / f"roll{green}.png"), frame(green))
        labels.append({"dice": list(dice), "cup_up": ["up.png"], "settled": [f"roll{green}.png"]})
    (folder / cam.ROLLS_FILE).write_text(json.dumps({"hold": hold, "rolls": labels}))


def _greens(camera: Camera, n: int) -> list[int]:
    return [int(camera.read()[0, 0, 1]) for _ in range(n)]


def test_the_sample_table_rolls_as_many_dice_as_asked_each_roll_in_turn(tmp_path: Path) -> None:
    _rolls_folder(tmp_path, [((6, 4), 20), ((5, 5), 30), ((6, 6, 5), 40), ((3, 2, 1), 50)], hold=2)
    wanted: list[int | None] = [None]
    camera = SampleTable(tmp_path, fps=0, dice=lambda: wanted[0], think_frames=0)
    # No game: the first count's rolls (two dice), in turn, each cup up then settled.
    assert _greens(camera, 9) == [1, 20, 20, 1, 30, 30, 1, 20, 20]
    assert camera.serving == (6, 4)
    # Three dice expected: the next roll has three, and the next.
    wanted[0] = 3
    assert _greens(camera, 6) == [1, 40, 40, 1, 50, 50]
    assert camera.serving == (3, 2, 1)
    # Back to two: the two-dice rolls go on where they were.
    wanted[0] = 2
    assert _greens(camera, 3) == [1, 30, 30]


def test_dice_no_longer_expected_are_picked_up_at_once(tmp_path: Path) -> None:
    # A game started just as two dice settled, or a Farkel keep: the dice on the tray are not
    # the number to roll now, and the referee must not see them settle in the game.
    _rolls_folder(tmp_path, [((6, 4), 20), ((6, 6, 5), 40)])
    wanted: list[int | None] = [None]
    camera = SampleTable(tmp_path, fps=0, dice=lambda: wanted[0], think_frames=0)
    assert _greens(camera, 2) == [1, 20]
    wanted[0] = 3
    assert _greens(camera, 4) == [1, 40, 40, 40]
    wanted[0] = 3
    assert _greens(camera, 1) == [1]            # that roll ran its course: a new one


def test_the_sample_table_settles_the_dice_expected_as_the_cup_comes_down(tmp_path: Path) -> None:
    _rolls_folder(tmp_path, [((6, 4), 20), ((6, 6, 5), 40)])
    wanted: list[int | None] = [None]
    camera = SampleTable(tmp_path, fps=0, dice=lambda: wanted[0], think_frames=0)
    assert _greens(camera, 1) == [1]            # the cup is up: a game starts meanwhile
    assert camera.serving == ()
    wanted[0] = 3
    assert _greens(camera, 3) == [40, 40, 40] and camera.serving == (6, 6, 5)


def test_the_sample_table_waits_with_the_cup_up_when_the_dice_expected_change(tmp_path: Path) -> None:
    # Nobody rolls the virtual table: when the count changes (a game starts), the players have
    # think_frames frames (3 s) to pick up the dice before it rolls them.
    _rolls_folder(tmp_path, [((6, 4), 20), ((6, 6, 5), 40)])
    wanted: list[int | None] = [3]
    camera = SampleTable(tmp_path, fps=0, dice=lambda: wanted[0], think_frames=5)
    assert _greens(camera, 8) == [1, 40, 40, 40, 1, 40, 40, 40]   # the first count: at once
    wanted[0] = 2                                # told as the last roll ended
    assert _greens(camera, 7) == [1, 1, 1, 1, 1, 20, 20]          # 5 frames from the change
    wanted[0] = 3                                # told while the dice lie on the tray
    assert _greens(camera, 6) == [1, 1, 1, 1, 1, 40]              # picked up, 5 frames
    assert camera.serving == (6, 6, 5)


def _farkel(session: Session, asked: list[bool | None]) -> Callable[[], int | None]:
    """What the device tells the virtual table in this Farkel game (``asked[0]``: the roll the
    player asked for, as Table.asked_roll says it)."""
    def dice() -> int | None:
        state = dict(session.game.public_state(), legal=session.game.legal_actions())
        return dice_expected(state, asked[0])
    return dice


def test_after_a_farkel_keep_the_sample_table_rolls_when_the_player_asks(tmp_path: Path) -> None:
    # A player rolls on when they choose, or banks: after Ann's keep the dice lie still (they
    # were picked up and rolled after the think time, unasked); when she taps roll, the dice
    # left come at once.
    _rolls_folder(tmp_path, [((6, 4), 20), ((6, 6, 4, 3, 2, 1), 60), ((6, 6, 4, 3, 2), 50)])
    session, asked = Session({"game": "farkel", "players": ["Ann", "Bob"]}), [None]
    camera = SampleTable(tmp_path, fps=0, dice=_farkel(session, asked), think_frames=5)
    assert _greens(camera, 2) == [1, 60]                          # Ann's six: the first count
    session.apply({"by": "Ann", "do": "roll", "dice": [6, 6, 4, 3, 2, 1]})
    assert _greens(camera, 3) == [60] * 3                          # she chooses her keep
    session.apply({"by": "Ann", "do": "keep", "dice": [1]})
    assert _greens(camera, 12) == [60] * 12                        # she thinks: nobody rolls
    asked[0] = False                                               # she taps roll
    assert _greens(camera, 3) == [1, 50, 50]                       # at once
    assert camera.serving == (6, 6, 4, 3, 2)


def test_after_a_farkle_of_six_the_sample_table_leaves_it_on_the_tray_before_the_next_six(
        tmp_path: Path) -> None:
    # Ann farkles with six dice, and Bob has six to roll: the same count told again, Ann's roll
    # ran on to the end of its frames and the next came, the farkle hardly seen. Another turn
    # is a change: the farkled dice lie on the tray for the think time, then Bob's are rolled.
    _rolls_folder(tmp_path, [((6, 4), 20), ((6, 6, 4, 3, 2, 2), 60), ((6, 5, 4, 3, 2, 1), 70)])
    session = Session({"game": "farkel", "players": ["Ann", "Bob"]})
    camera = SampleTable(tmp_path, fps=0, dice=_farkel(session, [None]), think_frames=5)
    assert _greens(camera, 2) == [1, 60]
    session.apply({"by": "Ann", "do": "roll", "dice": [6, 6, 4, 3, 2, 2]})   # FARKEL: Bob's turn
    assert _greens(camera, 8) == [60] * 5 + [1, 70, 70]
    assert camera.serving == (6, 5, 4, 3, 2, 1)


@pytest.mark.parametrize("answer", [7, "3", True, RuntimeError("the table is stopping")])
def test_the_sample_table_rolls_two_dice_when_it_has_no_roll_of_the_count(
        tmp_path: Path, answer: object, caplog: pytest.LogCaptureFixture) -> None:
    _rolls_folder(tmp_path, [((6, 4), 20), ((6, 6, 5), 40)])

    def dice() -> object:
        if isinstance(answer, Exception):
            raise answer
        return answer

    camera = SampleTable(tmp_path, fps=0, dice=dice)    # type: ignore[arg-type]
    assert _greens(camera, 8) == [1, 20, 20, 20] * 2
    assert camera.serving == (6, 4)
    said = [r.getMessage() for r in caplog.records if "no roll of" in r.getMessage()]
    assert said == (["the sample frames have no roll of 7 dice: replaying rolls of 2"]
                    if answer == 7 else [])          # once, not at every roll


def test_a_folder_without_rolls_is_a_plain_replay_and_bad_rolls_are_a_camera_error(
        folder: Path, tmp_path: Path) -> None:
    camera = SampleTable(folder, fps=0, dice=lambda: 6)
    assert _greens(camera, 4) == [40, 80, 120, 40]
    bad = tmp_path / "bad"
    bad.mkdir()
    _rolls_folder(bad, [((6, 4), 20)])
    (bad / cam.ROLLS_FILE).write_text('{"rolls": [{"dice": [6, 4], "settled": []}]}')
    with pytest.raises(CameraError, match="is not a list of rolls"):
        SampleTable(bad, fps=0)


def _raises(message: str):
    def factory(*args, **kwargs):
        raise CameraError(message)
    return factory


class FakePicamera2:
    """Stands in for picamera2.Picamera2 (only on Raspberry Pi OS): records what is asked."""

    cameras = [{"Model": "imx708_wide"}]
    instances: list["FakePicamera2"] = []

    def __init__(self) -> None:
        self.controls: dict = {}
        self.camera_controls = {"LensPosition": (0.0, 15.0, 1.0), "ExposureTime": (1, 10**6, 1)}
        self.started = self.closed = False
        self.fail = False
        FakePicamera2.instances.append(self)

    @classmethod
    def global_camera_info(cls) -> list:
        return cls.cameras

    def create_video_configuration(self, main: dict, controls: dict) -> dict:
        return {"main": main, "controls": controls}

    def configure(self, config: dict) -> None:
        self.config = config

    def set_controls(self, controls: dict) -> None:
        self.controls.update(controls)

    def start(self) -> None:
        self.started = True

    def capture_array(self, stream: str) -> np.ndarray:
        if self.fail:
            raise RuntimeError("Camera frontend has timed out!")
        w, h = self.config["main"]["size"]
        frame = np.zeros((h, w, 3), np.uint8)
        frame[..., 0] = 200          # "RGB888" in picamera2 is B, G, R in memory
        return frame

    def stop(self) -> None:
        self.started = False

    def close(self) -> None:
        self.closed = True


@pytest.fixture
def fake_picamera2(monkeypatch: pytest.MonkeyPatch):
    import sys
    import types
    module = types.ModuleType("picamera2")
    module.Picamera2 = FakePicamera2
    monkeypatch.setitem(sys.modules, "picamera2", module)
    FakePicamera2.instances.clear()
    FakePicamera2.cameras = [{"Model": "imx708_wide"}]
    return FakePicamera2


def test_pi_camera_configuration_and_frames(fake_picamera2) -> None:
    camera = open_camera("picamera2", width=320, height=240, fps=10)
    pi = fake_picamera2.instances[0]
    assert pi.config["main"] == {"size": (320, 240), "format": "RGB888"}
    assert pi.config["controls"] == {"FrameRate": 10.0}
    assert pi.controls == {"AfMode": 0, "LensPosition": pytest.approx(1 / 0.18)}
    frame = camera.read()
    assert frame.shape == (240, 320, 3) and int(frame[0, 0, 0]) == 200
    camera.close()
    assert pi.closed and not camera.is_open


def test_pi_camera_errors_are_camera_errors(fake_picamera2) -> None:
    camera = open_camera("picamera2")
    fake_picamera2.instances[0].fail = True
    with pytest.raises(CameraError, match="stopped sending frames"):
        camera.read()
    fake_picamera2.cameras = []
    with pytest.raises(CameraError, match="no Pi camera found: check the ribbon cable"):
        open_camera("picamera2")


def test_auto_prefers_the_pi_camera(fake_picamera2) -> None:
    assert isinstance(open_camera("auto"), cam.PiCamera)


class Hung(cam.Camera):
    """A Pi camera with its ribbon cable pulled: a read waits until ``release`` is set (and so does
    a close, with ``hang_close``). Bounded waits, so that a failing test cannot hang the suite."""

    name = "Pi camera"

    def __init__(self, *, hang_close: bool = False) -> None:
        super().__init__()
        self.release = threading.Event()
        self.closed = threading.Event()
        self.hang_close = hang_close
        self.reads = 0

    def read(self) -> np.ndarray:
        self.reads += 1
        self.release.wait(30)
        return np.full((4, 4, 3), 7, np.uint8)

    def close(self) -> None:
        if self.hang_close:
            self.release.wait(30)
        super().close()
        self.closed.set()


def test_a_frame_that_does_not_come_in_time_is_a_camera_error() -> None:
    hung = Hung()
    camera = TimedCamera(hung, 0.05)
    assert camera.name == "Pi camera" and camera.is_open
    with pytest.raises(CameraError, match=r"the Pi camera sent no frame for 0\.05 s: check its cable"):
        camera.read()
    with pytest.raises(CameraError, match="sent no frame"):
        camera.read()
    assert hung.reads == 1               # the hung read is waited for again, not doubled
    hung.release.set()
    assert int(camera.read()[0, 0, 0]) == 7       # it came at last
    camera.close()
    assert hung.closed.is_set() and not camera.is_open


def test_a_timed_camera_passes_frames_and_errors_on() -> None:
    frame = np.full((4, 4, 3), 9, np.uint8)
    camera = TimedCamera(ReplayCamera.from_frames([frame]), 5.0)
    assert int(camera.read()[0, 0, 0]) == 9
    with pytest.raises(CameraError, match="has ended"):
        camera.read()


def test_closing_a_camera_whose_read_hangs_does_not_hang() -> None:
    hung = Hung(hang_close=True)
    camera = TimedCamera(hung, 0.05)
    with pytest.raises(CameraError, match="sent no frame"):
        camera.read()
    camera.close()                       # returns: the hung driver is closed in the background
    assert not camera.is_open and not hung.closed.is_set()
    hung.release.set()
    assert hung.closed.wait(5)


class Closing(ReplayCamera):
    """A camera that tells when it is closed."""

    def __init__(self) -> None:
        fresh = ReplayCamera.from_frames(_frames(1), loop=True)
        self.__dict__.update(fresh.__dict__)
        self.closed = threading.Event()

    def close(self) -> None:
        super().close()
        self.closed.set()


class HungOpen:
    """A Pi camera with a loose ribbon cable: opening it waits until ``release`` is set (bounded,
    so that a failing test cannot hang the suite), then gives ``camera``."""

    def __init__(self) -> None:
        self.release = threading.Event()
        self.calls = 0
        self.camera = Closing()

    def __call__(self, trying) -> cam.Camera:
        self.calls += 1
        trying("Pi camera")
        self.release.wait(30)
        return self.camera


def test_a_camera_that_does_not_open_in_time_is_a_camera_error_naming_it() -> None:
    opening = HungOpen()
    opener = cam.CameraOpener(opening, 0.05)
    with pytest.raises(CameraError, match=r"^the Pi camera did not open within 0\.05 s: check its cable$"):
        opener()
    with pytest.raises(CameraError, match="did not open"):
        opener()
    assert opening.calls == 1               # the hung opening is waited for again, not doubled
    opening.release.set()
    camera = opener()                       # it came at last: taken, not opened a second time
    assert camera is opening.camera and camera.is_open and opening.calls == 1
    opener.close()
    assert camera.is_open                   # the caller's now, not the opener's to close


def test_a_camera_opening_after_the_opener_gave_up_is_closed() -> None:
    opening = HungOpen()
    opener = cam.CameraOpener(opening, 0.05)
    with pytest.raises(CameraError, match="did not open"):
        opener()
    opener.close()                          # dicetable stops while the camera still opens
    opening.release.set()
    assert opening.camera.closed.wait(5)    # closed by the opening thread when it came
    with pytest.raises(CameraError, match="stopping"):
        opener()
    assert opening.calls == 1


def test_open_camera_with_a_time_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    release, both = threading.Event(), threading.Event()
    opened: list[Closing] = []

    def slow_pi(**kwargs) -> Closing:
        release.wait(30)
        opened.append(Closing())
        if len(opened) == 2:
            both.set()
        return opened[-1]

    monkeypatch.setattr(cam, "PiCamera", slow_pi)
    with pytest.raises(CameraError, match=r"the Pi camera did not open within 0\.05 s: check its cable"):
        open_camera("auto", timeout=0.05)
    with pytest.raises(CameraError, match=r'unknown camera source "webcam"'):
        open_camera("webcam", timeout=0.05)        # said at once, as without a time limit
    release.set()
    camera = open_camera("picamera2", timeout=5)
    assert both.wait(5) and camera in opened and camera.is_open
    # The one given up on came too: nobody would ever close it, so it was closed.
    first = next(c for c in opened if c is not camera)
    assert first.closed.wait(5) and not camera.closed.is_set()
    camera.close()
