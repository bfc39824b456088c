"""Where frames come from: the Pi camera, a USB webcam, a replay, or nothing.

Every source has the same small interface: :meth:`Camera.read` returns the next frame as a BGR
``uint8`` numpy array (height x width x 3) or raises :class:`CameraError` with a message a bar
owner understands; :meth:`Camera.close` releases the device; :attr:`Camera.is_open` tells whether it
can still be read. :func:`open_camera` picks a source from the settings' ``camera.source`` string.

picamera2 is only importable on Raspberry Pi OS (apt package ``python3-picamera2``), so it is
imported inside :class:`PiCamera` and nowhere else. picamera2 waits for ever for a frame that never
comes (a pulled ribbon cable): ``dicetable run`` reads every source through :class:`TimedCamera`,
whose read gives up after ``[camera] read_timeout`` seconds with a CameraError. Opening can hang
too (a loose ribbon cable): :class:`CameraOpener` (and ``open_camera(..., timeout=...)``) gives up
after ``[camera] open_timeout`` seconds with a CameraError naming the camera.
"""

from __future__ import annotations

import glob
import json
import logging
import math
import os
import random
import threading
import time
from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import cv2
import numpy as np

from engine.errors import json_text

from .virtual_hands import HAND, HAND_DIE_SIZE, render_hands

HAND_COUNTS = frozenset(HAND * players for players in HAND_DIE_SIZE)   # liar's dice: 10 to 40 dice
FARKEL_DICE = 6                   # Farkel's rolls: 1 to 6 dice, dealt on the sample trays of that many too

log = logging.getLogger(__name__)

SAMPLE_FRAMES = Path(__file__).resolve().parent / "sample_frames"
ROLLS_FILE = "rolls.json"         # the sample frames' rolls, labelled (see SampleTable)
ROUNDS_KEPT = 256                 # a liar's dice round's hands the virtual table keeps for an undo
RENDERED_KEPT = 4                 # trays of hands rendered, kept to be served again (an undo)
THINK_FRAMES = 30                 # the virtual table waits 3 s (at 10 fps) after the dice it is told change
                                  # (a Farkel turn's dice lie that long before the next player's roll)
NO_ROLL = 0                       # told to the virtual table: no roll now, the dice on the tray lie still
IMAGE_SUFFIXES = (".jpg", ".jpeg", ".png", ".bmp")
LENS_POSITION = 1 / 0.18          # dioptres: the tray 18 cm above the lens (hardware.md)
SOURCES_HELP = "auto, none, picamera2, opencv:N (a webcam number) or replay:PATH"
PI_CAMERA = "Pi camera"


class CameraError(Exception):
    """The camera cannot give a frame; the message says why, in plain words."""


class Camera(ABC):
    """A source of BGR frames."""

    name: str = "camera"

    def __init__(self) -> None:
        self._closed = False

    @abstractmethod
    def read(self) -> np.ndarray:
        """The next frame (BGR uint8). Raises CameraError when none can be had."""

    def close(self) -> None:
        self._closed = True

    @property
    def is_open(self) -> bool:
        return not self._closed

    def _check_open(self) -> None:
        if self._closed:
            raise CameraError(f"the {self.name} is closed")

    def __enter__(self) -> "Camera":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name!r} {'open' if self.is_open else 'closed'}>"


class NoCamera(Camera):
    """The table runs without a camera: dice are entered when the cup is lifted."""

    name = "no camera"

    @property
    def is_open(self) -> bool:
        return False

    def read(self) -> np.ndarray:
        raise CameraError("this table has no camera (camera source 'none'): enter the dice by hand")


class PiCamera(Camera):
    """The Raspberry Pi camera (Camera Module 3) through picamera2."""

    name = PI_CAMERA

    def __init__(self, *, width: int = 640, height: int = 480, fps: float = 10,
                 exposure_us: int | None = None, lens_position: float | None = LENS_POSITION) -> None:
        """``lens_position``: fixed focus in dioptres (1 / metres) on cameras that focus (Camera
        Module 3); the default focuses on a tray 18 cm above the lens (see hardware.md)."""
        super().__init__()
        try:
            from picamera2 import Picamera2  # only on Raspberry Pi OS (python3-picamera2)
        except ImportError:
            raise CameraError("picamera2 is not installed: on Raspberry Pi OS run "
                              "'sudo apt install python3-picamera2' and make the venv with "
                              "--system-site-packages") from None
        try:
            if not Picamera2.global_camera_info():
                raise CameraError("no Pi camera found: check the ribbon cable and its latch")
            self._cam = Picamera2()
            # "RGB888" in picamera2 is laid out B, G, R in memory: what OpenCV calls BGR.
            config = self._cam.create_video_configuration(
                main={"size": (int(width), int(height)), "format": "RGB888"},
                controls={"FrameRate": float(fps)})
            self._cam.configure(config)
            if lens_position is not None and "LensPosition" in self._cam.camera_controls:
                # Manual focus (AfMode 0): autofocus hunting between frames would blur the pips.
                self._cam.set_controls({"AfMode": 0, "LensPosition": float(lens_position)})
            if exposure_us:
                # A fixed exposure keeps the LED-lit tray from pumping brightness.
                self._cam.set_controls({"ExposureTime": int(exposure_us), "AeEnable": False})
            self._cam.start()
        except CameraError:
            raise
        except Exception as exc:   # picamera2/libcamera raise many kinds; all mean "no camera"
            raise CameraError(f"the Pi camera would not start ({exc}); check the ribbon cable") from None

    def read(self) -> np.ndarray:
        self._check_open()
        try:
            frame = self._cam.capture_array("main")
        except Exception as exc:
            raise CameraError(f"the Pi camera stopped sending frames ({exc})") from None
        return np.ascontiguousarray(frame[:, :, :3])

    def close(self) -> None:
        if not self._closed:
            try:
                self._cam.stop()
                self._cam.close()
            except Exception:   # closing a dead camera must not raise
                log.debug("closing the Pi camera failed", exc_info=True)
        super().close()


class TimedCamera(Camera):
    """``camera``, whose :meth:`read` raises CameraError when no frame comes within ``timeout``
    seconds (so the referee shows the camera lost and retries it, rather than hanging in the read
    until the systemd watchdog restarts the service with the wall saying "camera ok").

    Each read runs in a thread of its own. One that times out is left to finish (or not): the next
    read waits for it again rather than start a second. Closed while a read hangs, the camera is
    closed in the background, since a hung driver may hang its close too."""

    def __init__(self, camera: Camera, timeout: float) -> None:
        super().__init__()
        self.camera = camera
        self.timeout = float(timeout)
        self.name = camera.name
        self._pending: tuple[threading.Event, list[Any]] | None = None

    @property
    def is_open(self) -> bool:
        return not self._closed and self.camera.is_open

    def read(self) -> np.ndarray:
        self._check_open()
        if self._pending is None:
            done, result = threading.Event(), []

            def read() -> None:
                try:
                    result.append(self.camera.read())
                except BaseException as exc:   # handed to the caller's thread
                    result.append(exc)
                finally:
                    done.set()

            threading.Thread(target=read, name="camera read", daemon=True).start()
            self._pending = (done, result)
        done, result = self._pending
        if not done.wait(self.timeout):
            raise CameraError(f"the {self.name} sent no frame for {self.timeout:g} s: check its cable")
        self._pending = None
        if isinstance(result[0], BaseException):
            raise result[0]
        return result[0]

    def close(self) -> None:
        if not self._closed:
            if self._pending is not None and not self._pending[0].is_set():
                threading.Thread(target=self.camera.close, name="camera close", daemon=True).start()
            else:
                self.camera.close()
        super().close()


class OpenCVCamera(Camera):
    """A USB webcam (or any V4L2 device) through cv2.VideoCapture."""

    def __init__(self, index: int = 0, *, width: int = 640, height: int = 480, fps: float = 10) -> None:
        super().__init__()
        self.index = int(index)
        self.name = f"webcam {self.index}"
        if os.name == "posix" and not os.path.exists(f"/dev/video{self.index}"):
            # Checked first so OpenCV does not print its own warnings for a missing device.
            raise CameraError(f"no webcam at /dev/video{self.index}: is it plugged in?")
        self._cap = cv2.VideoCapture(self.index)
        if not self._cap.isOpened():
            self._cap.release()
            raise CameraError(f"the webcam /dev/video{self.index} would not open "
                              "(in use by another program, or no permission: add the user to 'video')")
        self._cap.set(cv2.CAP_PROP_FRAME_WIDTH, width)
        self._cap.set(cv2.CAP_PROP_FRAME_HEIGHT, height)
        self._cap.set(cv2.CAP_PROP_FPS, fps)

    def read(self) -> np.ndarray:
        self._check_open()
        ok, frame = self._cap.read()
        if not ok or frame is None:
            raise CameraError(f"the webcam {self.index} stopped sending frames: check its cable")
        return _as_bgr(frame)

    def close(self) -> None:
        if not self._closed:
            self._cap.release()
        super().close()


class ReplayCamera(Camera):
    """Frames from a folder of images (in name order) or a video file, looping, paced at ``fps``.

    ``fps=0`` reads as fast as asked (tests, benchmarks). With ``loop=False`` the end of the
    frames is a CameraError ("the replay has ended").
    """

    def __init__(self, path: str | os.PathLike[str], *, fps: float = 10, loop: bool = True,
                 clock: Callable[[], float] = time.monotonic,
                 sleep: Callable[[float], None] = time.sleep) -> None:
        super().__init__()
        self.path = Path(path)
        self.name = f"replay of {self.path.name or self.path}"
        self.fps = float(fps)
        self.loop = loop
        self._clock, self._sleep = clock, sleep
        self._next_due: float | None = None
        self._lock = threading.Lock()
        self._files: list[Path] = []
        self._frames: list[np.ndarray] | None = None
        self._video: cv2.VideoCapture | None = None
        self._index = 0
        self.frames_read = 0
        if not self.path.exists():
            raise CameraError(f"replay: {self.path} does not exist")
        if self.path.is_dir():
            self._files = sorted(p for p in self.path.iterdir()
                                 if p.suffix.lower() in IMAGE_SUFFIXES and p.is_file())
            if not self._files:
                raise CameraError(f"replay: {self.path} holds no images "
                                  f"({', '.join(IMAGE_SUFFIXES)})")
        else:
            self._video = cv2.VideoCapture(str(self.path))
            if not self._video.isOpened():
                self._video.release()
                raise CameraError(f"replay: {self.path} is neither a folder of images nor a video "
                                  "OpenCV can read")

    @classmethod
    def from_frames(cls, frames: Sequence[np.ndarray], *, fps: float = 0, loop: bool = False,
                    name: str = "frames") -> "ReplayCamera":
        """A replay of frames already in memory (tests and the renderer)."""
        if not frames:
            raise CameraError("replay: no frames given")
        self = cls.__new__(cls)
        Camera.__init__(self)
        self.path, self.name, self.fps, self.loop = Path(name), f"replay of {name}", float(fps), loop
        self._clock, self._sleep = time.monotonic, time.sleep
        self._next_due, self._lock = None, threading.Lock()
        self._files, self._video, self._index, self.frames_read = [], None, 0, 0
        self._frames = [_as_bgr(f) for f in frames]
        return self

    def __len__(self) -> int:
        if self._frames is not None:
            return len(self._frames)
        if self._files:
            return len(self._files)
        return max(0, int(self._video.get(cv2.CAP_PROP_FRAME_COUNT))) if self._video else 0

    def read(self) -> np.ndarray:
        self._check_open()
        with self._lock:
            self._pace()
            frame = self._next_frame()
            self.frames_read += 1
            return frame

    def _pace(self) -> None:
        if self.fps <= 0:
            return
        now = self._clock()
        if self._next_due is not None and now < self._next_due:
            self._sleep(self._next_due - now)
            now = self._next_due
        self._next_due = now + 1.0 / self.fps

    def _next_frame(self) -> np.ndarray:
        if self._video is not None:
            ok, frame = self._video.read()
            if not ok and self.loop:
                self._video.set(cv2.CAP_PROP_POS_FRAMES, 0)
                ok, frame = self._video.read()
            if not ok or frame is None:
                raise CameraError(f"the {self.name} has ended")
            return _as_bgr(frame)
        count = len(self)
        if self._index >= count:
            if not self.loop:
                raise CameraError(f"the {self.name} has ended")
            self._index = 0
        i = self._index
        self._index += 1
        if self._frames is not None:
            return self._frames[i].copy()
        frame = cv2.imread(str(self._files[i]), cv2.IMREAD_COLOR)
        if frame is None:
            raise CameraError(f"replay: {self._files[i].name} is not an image OpenCV can read")
        return frame

    def close(self) -> None:
        if not self._closed and self._video is not None:
            self._video.release()
        super().close()


class RoundRoll(int):
    """A count of dice told to the virtual table (:class:`SampleTable`) that the players roll once
    a round, then leave lying still until the next round (liar's dice: every hand is rolled at a
    round's start and stays under its cup until the open). ``round`` tells the rounds apart: a
    new one is told as a change, like another count. ``called``: the round's calling has begun,
    so its hands are rolled: if they have not landed yet, they land at once (no change told). It
    is the count in every other way."""

    round: Any
    called: bool

    def __new__(cls, count: int, round: Any, called: bool = False) -> "RoundRoll":
        self = super().__new__(cls, count)
        self.round = round
        self.called = called
        return self


class TurnRoll(int):
    """A count of dice told to the virtual table (:class:`SampleTable`) for the roll of the
    player whose turn it is, ``turn`` (Farkel: device.referee.dice_expected gives the player to
    act). Another turn is told as a change, even with as many dice as before: after a farkle of
    six dice the next player rolls six too. ``asked``: the player asked for this roll (tapped
    roll on the phone, or dialled it and pressed Declare): it comes at once, with no think time,
    as a player at a real table rolls when they pick up the dice. It is the count in every other
    way."""

    turn: Any
    asked: bool

    def __new__(cls, count: int, turn: Any, asked: bool = False) -> "TurnRoll":
        self = super().__new__(cls, count)
        self.turn = turn
        self.asked = asked
        return self


class SampleTable(ReplayCamera):
    """The virtual table: the shipped sample frames (``auto`` with no camera), a roll at a time,
    each with as many dice as the game in play puts on the tray.

    ``rolls.json`` in the folder labels its rolls (scripts/make_sample_frames.py): each roll's
    dice, its frames with the cup up, and its settled frame(s), served for ``hold`` frames. As
    the cup comes down in each roll, :attr:`dice` is asked how many dice the table expects now
    (the device asks the game in play: device.referee.dice_expected), and the next roll with
    that many dice settles: a table where the players rolled that many. When the rolls of that
    many dice are every roll there is (the 21 rolls of two dice) and ``rng`` (a
    ``random.Random``) is given, the dice are drawn from it as real dice fall (a 2-1 twice as
    often as a 1-1), so every roll of the cup games comes up. Farkel's other counts (1 and 3 to
    6 dice) have three sample rolls each: with ``rng`` their dice are dealt from it too, as they
    fall, and rendered on one of those sample trays (below); otherwise, or when no tray reads
    right, the sample rolls come in turn (no roll twice running). With no count (no game in
    play), or a count no roll has (liar's dice with more hands than the frames show), the loop
    is served in turn:
    the first ``loop`` rolls of ``rolls.json`` (without ``loop``, all the first count's rolls:
    two dice), which is the folder's frames in name order. Without ``rolls.json`` it is a plain replay of
    the folder.

    Nobody rolls the virtual table: it rolls on its own. When the count it is told changes (a
    game starts), dice on the tray are picked up at once, and the cup stays up, the tray empty,
    until the count has stayed the same for ``think_frames`` frames (3 s at 10 frames a
    second): the time a player takes to pick up the dice. Told 0 (:data:`NO_ROLL`: a Farkel player chooses which dice to keep from the roll on
    the tray, or, having kept, whether to roll on or bank), it rolls nothing and the picture
    stays as it is, as dice on a real tray lie still until someone rolls; the count told after
    it is a change like any other. Told a :class:`TurnRoll` (Farkel), another player's turn is
    a change even with as many dice (six after a farkle of six), and after a Farkel count (a
    roll, or NO_ROLL) the dice on the tray are not picked up at once: they lie there through the
    think time, so everyone sees the farkle (or what a bank left), and then the cup goes up for
    the next player's roll. A TurnRoll the player ``asked`` for (tapped roll) is rolled at once,
    with no think time: a player rolls when they choose. Told a
    :class:`RoundRoll` (liar's dice), it rolls once, at once (no think time: every player rolls
    at the round's start, so the hands are read before anyone calls or opens), and the dice then
    lie still until another round (or count) is told: each player rolls once a round, and the
    hands stay under the cups while the calls are made. A round called before its hands landed
    has them land at once, the cup's frames cut short: a call says the players have rolled. A
    round told again (an undo took its open back) has the very hands it landed as before (the
    last ``ROUNDS_KEPT`` rounds' are kept), never new ones: the open made again judges them.

    Liar's dice with ``rng``: the hands are dealt from it too, each die as it falls, not served
    from the three sample trays of that many hands in turn (every third round's hands were the
    same). Each sample tray of hands was rendered from a seed (rolls.json's ``seed``) that lays
    the hands apart, whatever faces they show: the dice dealt are rendered on one of those trays
    (device.virtual_hands, about 10 ms), and served only if the reader reads them right, as the
    referee will (else the next tray; if none reads right, a sample tray, in turn). The frame is
    the sample frames' kind: the same tray, dice and JPEG quality. Farkel's rolls of 1 and 3 to
    6 dice are dealt the same way, on the sample trays of that many dice (their three sample
    rolls came round in turn, so a game felt scripted: the same six dice every third turn). The
    referee reads the frame served as it reads any frame: nothing tells it the dice dealt.

    ``keep``: a file on the device's own storage (``dicetable run`` puts it in the data
    directory, beside the store) where the rounds' hands are kept as they land, written durably
    (mode 0600): which roll each round landed as. A power cut does not re-roll the dice under
    real cups, so none re-rolls them here: the virtual table started again on that file has the
    round in play's very hands land at once (no cup going up), the hands the referee sealed
    before the cut; the open judges them. The hands never leave the device this way: the file
    is not served, and nothing about it is logged but that it could not be read or written."""

    def __init__(self, path: str | os.PathLike[str] = SAMPLE_FRAMES, *, fps: float = 10,
                 dice: Callable[[], int | None] | None = None, think_frames: int = THINK_FRAMES,
                 clock: Callable[[], float] = time.monotonic,
                 sleep: Callable[[float], None] = time.sleep,
                 rng: random.Random | None = None,
                 keep: str | os.PathLike[str] | None = None) -> None:
        super().__init__(path, fps=fps, loop=True, clock=clock, sleep=sleep)
        self.dice = dice
        self.keep = None if keep is None else Path(keep)
        self.rng = rng
        self.think_frames = int(think_frames)
        self._told: tuple[int, Any, Any] | None = None   # the count (round, turn) last told, since which frame
        self._lie_still = False                     # the dice on the tray lie through the think time
        self._told_since = 0
        self._rolled = False                        # a roll landed since (a RoundRoll is rolled once)
        # dice count -> its rolls: (the dice high to low, frames with the cup up, settled frames)
        self.rolls: dict[int, list[tuple[tuple[int, ...], list[Path], list[Path]]]] = {}
        self.default_count: int | None = None
        self.serving: tuple[int, ...] = ()          # the dice on the tray now (none: cup up)
        self.serving_hands: list[list[int]] | None = None   # ... in hands, seating order (liar's dice)
        self._hold = 1
        self._roll_hands: dict[tuple[int, int], list[list[int]]] = {}   # (count, roll) -> its hands
        # count -> {seed: cup-up frames} of its sample trays (of hands; of Farkel's dice): where
        # dice dealt are rendered
        self._hand_trays: dict[int, dict[int, list[Path]]] = {}
        self._rendered: dict[str, tuple[Any, list[list[int]] | None]] = {}   # rendered rolls, by spec
        self._queue: list[Path | np.ndarray] = []
        self._cup_up = False
        self._landed_at = 0                         # the frame the dice on the tray came down in
        self._shown: Path | np.ndarray | None = None   # the frame served last: held while no roll
        self._turns: dict[Any, int] = {}            # rolls served in turn, by count (or the loop)
        # The roll chosen to come next, by count (or the loop): (how to make it again, see
        # _roll_of; the roll; its hands)
        self._next: dict[Any, tuple[dict[str, Any], Any, list[list[int]] | None]] = {}
        self._complete: dict[int, dict[tuple[int, ...], int]] = {}   # counts with every roll: dice -> roll
        self._asked = False                         # the count served is the one the table expects
        # (count, round), as JSON -> which roll a RoundRoll's hands landed as ({"roll": its index
        # among the rolls of that count}, or {"seed": the tray, "dice": the dice dealt in the
        # renderer's order}): a round an undo takes back (an open undone) gets its
        # very hands again, as they lay under the cups; so does the round in play after a power
        # cut (kept in ``keep``).
        self._round_rolls: dict[str, dict[str, Any]] = {}
        self._resuming = False                      # the first count told is a kept round's
        self.loop_rolls: list[tuple[tuple[int, ...], list[Path], list[Path]]] = []   # served with no game
        self._missing: set[int] = set()             # counts with no roll, logged once
        labels = self.path / ROLLS_FILE
        if not self.path.is_dir() or not labels.is_file():
            return
        try:
            data = json.loads(labels.read_text(encoding="utf-8"))
            hold = self._hold = int(data.get("hold", 1))
            for roll in data["rolls"]:
                values = tuple(int(v) for v in roll["dice"])
                settled = [self.path / name for name in roll["settled"]]
                cup_up = [self.path / name for name in roll["cup_up"]]
                if not values or not settled or not cup_up:
                    raise ValueError("a roll without dice, or without frames of the cup up or settled")
                settled = [settled[i % len(settled)] for i in range(max(hold, len(settled)))]
                self.rolls.setdefault(len(values), []).append((values, cup_up, settled))
                if roll.get("hands") is not None:
                    hands = [[int(v) for v in hand] for hand in roll["hands"]]
                    self._roll_hands[(len(values), len(self.rolls[len(values)]) - 1)] = hands
                    if isinstance(roll.get("seed"), int) and len(values) in HAND_COUNTS:
                        self._hand_trays.setdefault(len(values), {})[roll["seed"]] = cup_up
                elif isinstance(roll.get("seed"), int) and len(values) <= FARKEL_DICE:
                    # A tray Farkel's dice are dealt on (two dice are drawn from their 21 rolls'
                    # own frames instead, when the folder has them all: _complete).
                    self._hand_trays.setdefault(len(values), {})[roll["seed"]] = cup_up
                if self.default_count is None:
                    self.default_count = len(values)
                if len(self.loop_rolls) < int(data.get("loop", 0)):
                    self.loop_rolls.append((values, cup_up, settled))
        except (OSError, ValueError, KeyError, TypeError) as exc:
            raise CameraError(f"replay: {labels} is not a list of rolls ({exc})") from None
        if not self.loop_rolls and self.default_count is not None:
            self.loop_rolls = self.rolls[self.default_count]
        for count, rolls in self.rolls.items():
            index: dict[tuple[int, ...], int] = {}
            for i, (values, _, _) in enumerate(rolls):
                if all(1 <= v <= 6 for v in values):
                    index.setdefault(tuple(sorted(values, reverse=True)), i)
            if len(index) == math.comb(count + 5, 5):        # every roll of that many dice
                self._complete[count] = index
        self._round_rolls = self._kept_rounds()

    def _kept_rounds(self) -> dict[str, dict[str, Any]]:
        """The rounds' rolls kept in ``keep`` (none if there is no such file, or it is damaged:
        then a round's hands are rolled anew, as before the file was kept)."""
        if self.keep is None or not self.keep.is_file():
            return {}
        try:
            data = json.loads(self.keep.read_text(encoding="utf-8"))
            rounds = {str(key): dict(spec) for key, spec in data["rounds"]}
        except (OSError, ValueError, KeyError, TypeError) as exc:
            # (The exception's text is not logged: it could quote the file.)
            log.warning("the virtual table's kept hands in %s could not be read (%s): a round's "
                        "hands are rolled anew", self.keep, type(exc).__name__)
            return {}
        return dict(list(rounds.items())[-ROUNDS_KEPT:])

    def _keep_rounds(self) -> None:
        """Write the rounds' rolls to ``keep``, durably, readable by this user only."""
        if self.keep is None:
            return
        from web.durable import write_durably

        data = {"about": "dicetable's virtual table: the roll each liar's dice round's hands "
                         "landed as, so a power cut does not re-roll them. Private to the device.",
                "rounds": [[key, spec] for key, spec in self._round_rolls.items()]}
        try:
            write_durably(self.keep, json.dumps(data).encode("utf-8"), mode=0o600,
                          strict_dir_sync=False)
        except OSError as exc:
            log.warning("the virtual table could not keep the hands in %s (%s): a power cut "
                        "would roll them anew", self.keep, exc.strerror or type(exc).__name__)

    def _next_frame(self) -> np.ndarray:
        if not self.rolls:
            return super()._next_frame()
        count = self._count()
        self._tell(count)
        if count == NO_ROLL:
            # Nobody rolls now (a Farkel player chooses which dice to keep): dice on a real tray
            # lie still, so the picture stays as it is rather than the next roll coming.
            if self._shown is None:              # nothing shown yet: the cup up, the tray empty
                assert self.default_count is not None
                self._shown = self._cup_up_frames(self.default_count)[-1]
            return self._image(self._shown)
        asked = isinstance(count, TurnRoll) and count.asked
        if self._resuming:
            # Started again (a power cut) in a round whose hands are kept: they lie under the
            # cups as they did, and land at once, the cup never seen up.
            self._resuming = False
            self._cup_up, self._queue = True, []
        if self._lie_still and not self._cup_up and self._shown is not None and not asked \
                and self._thinking():
            # Another Farkel turn (after a farkle, a bank): the dice lie on the tray a while, as
            # they do at a real table, so everyone sees the farkle, before the next player picks
            # them up.
            return self._image(self._shown)
        if self._queue and not self._cup_up and self._told_since > self._landed_at:
            # The count told changed since these dice came down (a game started as they
            # settled, another Farkel turn, a Farkel player asked for the roll): they are picked
            # up, to roll the number expected now.
            self._queue = []
        called = isinstance(count, RoundRoll) and count.called
        if self._cup_up and called:
            # The round's first call is made: the players have rolled, the hands land now (an
            # open tapped soon after found no hands while the cup stayed up to think).
            self._queue = []
        while not self._queue:
            if not self._cup_up and self._rolled and isinstance(count, RoundRoll):
                # The round's dice are rolled: they lie still under the cups until the next round.
                assert self._shown is not None
                return self._image(self._shown)
            if self._cup_up:
                if self._thinking() and not isinstance(count, RoundRoll) and not asked:
                    # The count has just changed: the cup stays up a little longer. Not for a
                    # round's hands: every player rolls at the round's start, so they are on the
                    # tray before anyone can call or open (an open finds them read). Nor for a
                    # roll the player asked for: they roll now.
                    self._queue = [self._cup_up_frames(count)[-1]]
                    break
                # The cup comes down: the dice the table expects now settle under it.
                self._cup_up = False
                self._landed_at = self.frames_read
                self._rolled = True
                self.serving, _, settled = self._landing(count)
                self._queue = list(settled)
            else:
                # A new roll: the cup goes up (the frames of the roll that would come next).
                self._cup_up = True
                self.serving, self.serving_hands = (), None
                self._queue = self._cup_up_frames(count)
        self._shown = self._queue.pop(0)
        return self._image(self._shown)

    @staticmethod
    def _image(path: Path | np.ndarray) -> np.ndarray:
        if isinstance(path, np.ndarray):         # a frame rendered (liar's dice hands dealt)
            return path.copy()
        frame = cv2.imread(str(path), cv2.IMREAD_COLOR)
        if frame is None:
            raise CameraError(f"replay: {path.name} is not an image OpenCV can read")
        return frame

    def _cup_up_frames(self, count: int) -> list[Path]:
        """The frames of the cup up before the next roll of ``count`` dice."""
        return list((self._round_roll(count) or self._upcoming(count))[1])

    def _round_roll(self, count: int) -> tuple[tuple[int, ...], list[Path], list[Path]] | None:
        """The roll a :class:`RoundRoll`'s round already landed as (the round is back after an
        undo), or None."""
        kept = self._round_kept(count)
        return None if kept is None else kept[0]

    def _round_kept(self, count: int) -> tuple[Any, list[list[int]] | None] | None:
        """The roll a :class:`RoundRoll`'s round already landed as, and its hands; or None (not
        landed yet, or kept by other sample frames: rolled anew)."""
        if not isinstance(count, RoundRoll):
            return None
        spec = self._round_rolls.get(self._round_key(count))
        return None if spec is None else self._roll_of(int(count), spec)

    def _roll_of(self, count: int, spec: dict[str, Any]) -> tuple[Any, list[list[int]] | None] | None:
        """The roll ``spec`` says, and its hands: a sample roll ({"roll": its index}) or dice
        dealt on a sample tray of hands ({"seed", "dice"}: rendered again, as it was); None if
        these sample frames have no such roll."""
        rolls = self.rolls.get(count, [])
        index = spec.get("roll")
        if isinstance(index, int) and not isinstance(index, bool) and 0 <= index < len(rolls):
            return rolls[index], self._roll_hands.get((count, index))
        seed, dice = spec.get("seed"), spec.get("dice")
        cup_up = self._hand_trays.get(count, {}).get(seed) if isinstance(seed, int) else None
        if cup_up is None or not isinstance(dice, list) or len(dice) != count \
                or not all(isinstance(v, int) and 1 <= v <= 6 for v in dice):
            return None
        key = json.dumps([seed, dice])
        if key not in self._rendered:
            try:
                image, hands = render_hands(seed, tuple(dice), check=False)
            except Exception:       # (no renderer: a broken install) the round is rolled anew
                log.warning("the virtual table could not render a tray of hands again", exc_info=True)
                return None
            self._remember(key, (tuple(sorted(dice, reverse=True)), cup_up, [image] * self._hold), hands)
        return self._rendered[key]

    def _remember(self, key: str, roll: Any, hands: list[list[int]] | None) -> None:
        self._rendered.pop(key, None)
        self._rendered[key] = (roll, hands)
        while len(self._rendered) > RENDERED_KEPT:
            del self._rendered[next(iter(self._rendered))]

    @staticmethod
    def _round_key(count: RoundRoll) -> str:
        return json.dumps([int(count), count.round], default=str)

    def _landing(self, count: int) -> tuple[tuple[int, ...], list[Path], list[Path]]:
        """The roll that lands now: a round's own hands if it had them before, else the next."""
        kept = self._round_kept(count)
        if kept is not None:
            self.serving_hands = kept[1]
            return kept[0]
        roll = self._upcoming(count)
        spec, _, self.serving_hands = self._next.pop(self._key(count))   # landed: another comes next
        if isinstance(count, RoundRoll) and self._key(count) != "loop":
            key = self._round_key(count)
            self._round_rolls.pop(key, None)
            self._round_rolls[key] = spec
            while len(self._round_rolls) > ROUNDS_KEPT:     # the oldest rounds first
                del self._round_rolls[next(iter(self._round_rolls))]
            self._keep_rounds()
        return roll

    def _key(self, count: int) -> Any:
        """Whose turns the next roll of ``count`` dice takes: the count's, or the loop's (no
        game in play; the two-dice rolls' own when rolls.json has no ``loop``)."""
        if self._asked or count != self.default_count or self.loop_rolls is self.rolls[count]:
            return count
        return "loop"

    def _upcoming(self, count: int) -> tuple[tuple[int, ...], list[Path], list[Path]]:
        """The roll of ``count`` dice that comes next: chosen once (its cup-up frames are shown
        before it), kept until it lands."""
        key = self._key(count)
        rolls = self.loop_rolls if key == "loop" else self.rolls[count]
        if key not in self._next:
            dealt = None
            if self.rng is not None and key in self._complete:
                # Every roll has its frames: the dice are rolled, as real dice fall.
                dice = tuple(sorted((self.rng.randint(1, 6) for _ in range(count)), reverse=True))
                index = self._complete[key][dice]
                dealt = ({"roll": index}, rolls[index], self._roll_hands.get((count, index)))
            elif self.rng is not None and key in self._hand_trays:
                dealt = self._deal(count)
            if dealt is None:
                turn = self._turns.get(key, 0)
                self._turns[key] = turn + 1
                index = turn % len(rolls)
                dealt = ({"roll": index}, rolls[index],
                         None if key == "loop" else self._roll_hands.get((count, index)))
            self._next[key] = dealt
        return self._next[key][1]

    def _deal(self, count: int) -> tuple[dict[str, Any], Any, list[list[int]] | None] | None:
        """Liar's dice, and Farkel's rolls of other than two dice: ``count`` dice dealt from
        ``rng`` and rendered on a sample tray of that many dice (one drawn from ``rng``, then the
        next) where the reader reads them right; None if on none (a sample roll is served
        instead)."""
        assert self.rng is not None
        dice = [self.rng.randint(1, 6) for _ in range(count)]
        trays = list(self._hand_trays[count].items())
        start = self.rng.randrange(len(trays))
        for seed, cup_up in trays[start:] + trays[:start]:
            try:
                rendered = render_hands(seed, tuple(dice))
            except Exception:       # (no renderer or reader: a broken install) a sample roll
                log.warning("the virtual table could not deal %d dice: serving the sample rolls",
                            count, exc_info=True)
                self._hand_trays.pop(count, None)
                return None
            if rendered is not None:
                image, hands = rendered
                roll = (tuple(sorted(dice, reverse=True)), cup_up, [image] * self._hold)
                self._remember(json.dumps([seed, dice]), roll, hands)
                return {"seed": seed, "dice": dice}, roll, hands
        if count in HAND_COUNTS:
            log.info("hands dealt for %d players read wrong on every tray: a sample roll instead",
                     count // HAND)
        else:
            log.info("%d dice dealt read wrong on every tray: a sample roll instead", count)
        return None

    def _tell(self, count: int) -> None:
        """Note the count told for this frame, and since which frame it has been told, at every
        frame (a change told while the dice lie still is a change all the same; so is another
        round of a :class:`RoundRoll`, or another player's turn of a :class:`TurnRoll`). The
        first count told is no change: the replay starts at once, as it always did."""
        told = (int(count), getattr(count, "round", None), getattr(count, "turn", None))
        if told != self._told:
            first = self._told is None
            self._resuming = first and self._round_roll(count) is not None
            # Another turn told after a Farkel count (a roll, or the dice lying still): the dice
            # on the tray lie there through the think time rather than being picked up at once.
            self._lie_still = (not first and isinstance(count, TurnRoll)
                               and (self._told[0] == NO_ROLL or self._told[2] is not None))
            self._told = told
            self._told_since = -self.think_frames if first else self.frames_read
            self._rolled = False

    def _thinking(self) -> bool:
        """Whether the count told changed within the last ``think_frames`` frames."""
        return self.frames_read - self._told_since < self.think_frames

    def _count(self) -> int:
        """The number of dice to serve: the table's, if the frames have rolls of it; NO_ROLL
        when the table expects no roll now."""
        count = None
        if self.dice is not None:
            try:
                count = self.dice()
            except Exception:     # a table that cannot say: the replay goes on as with no game
                log.debug("the dice expected could not be had", exc_info=True)
        if isinstance(count, bool) or not isinstance(count, int):
            count = None
        if count == NO_ROLL:
            return NO_ROLL
        if count is not None and count not in self.rolls:
            if count not in self._missing:
                self._missing.add(count)
                log.warning("the sample frames have no roll of %d dice: replaying rolls of %d",
                            count, self.default_count)
            count = None
        assert self.default_count is not None
        self._asked = count is not None
        return self.default_count if count is None else count


def _as_bgr(frame: np.ndarray) -> np.ndarray:
    frame = np.asarray(frame)
    if frame.dtype != np.uint8:
        raise CameraError(f"the camera gave {frame.dtype} pixels, not 8-bit")
    if frame.ndim == 2:
        return cv2.cvtColor(frame, cv2.COLOR_GRAY2BGR)
    if frame.ndim == 3 and frame.shape[2] == 4:
        return cv2.cvtColor(frame, cv2.COLOR_BGRA2BGR)
    if frame.ndim == 3 and frame.shape[2] == 3:
        return frame
    raise CameraError(f"the camera gave a frame of shape {frame.shape}, not an image")


def parse_source(spec: str) -> tuple[str, str | None]:
    """Split ``"opencv:1"`` into ``("opencv", "1")``; CameraError for an unknown source."""
    if not isinstance(spec, str) or not spec.strip():
        raise CameraError(f"camera source must be one of {SOURCES_HELP}")
    spec = spec.strip()
    kind, sep, arg = spec.partition(":")
    kind = kind.lower()
    if kind in ("auto", "none", "picamera2") and not sep:
        return kind, None
    if kind == "opencv":
        if not arg:
            return kind, "0"
        if not (arg.isascii() and arg.isdigit()):      # (isdigit alone takes "²", which int() refuses)
            raise CameraError(f"camera source {json_text(spec)}: the webcam number must be a whole number "
                              "like opencv:0")
        return kind, arg
    if kind == "replay":
        if not arg:
            raise CameraError(f"camera source {json_text(spec)}: say what to replay, like replay:frames/")
        return kind, arg
    raise CameraError(f"unknown camera source {json_text(spec)}: use {SOURCES_HELP}")


def open_camera(spec: str = "auto", *, width: int = 640, height: int = 480, fps: float = 10,
                exposure_us: int | None = None, timeout: float | None = None,
                trying: Callable[[str], Any] | None = None,
                dice: Callable[[], int | None] | None = None,
                keep: str | os.PathLike[str] | None = None) -> Camera:
    """Open the camera the settings name.

    ``auto`` tries the Pi camera, then a webcam (/dev/video*), then the replay of the sample
    frames shipped with the package (a :class:`SampleTable`, serving rolls of as many dice as
    ``dice()`` says the game in play puts on the tray), so ``dicetable run`` works on any machine,
    for every game. ``none`` gives a
    :class:`NoCamera`. Anything that cannot be opened raises CameraError (never for ``auto``,
    unless the sample frames are missing from the install).

    ``timeout``: seconds the opening may take, else CameraError (the camera, should it open
    later, is closed); None waits as long as the driver does. ``trying``: told the name of each
    camera as it is tried ("Pi camera", "webcam 0", ...). ``keep``: the file on the device where
    the virtual table keeps the hands it rolled (see :class:`SampleTable`).
    """
    kind, arg = parse_source(spec)      # a bad source string fails at once, not in a thread
    if timeout is not None:
        opener = CameraOpener(lambda tell: open_camera(spec, width=width, height=height, fps=fps,
                                                       exposure_us=exposure_us, trying=tell,
                                                       dice=dice, keep=keep),
                              timeout)
        try:
            return opener()
        finally:
            opener.close()      # nobody waits for it any more: closed if it opens after all
    tell = trying or (lambda name: None)
    if kind == "none":
        return NoCamera()
    if kind == "picamera2":
        tell(PI_CAMERA)
        return PiCamera(width=width, height=height, fps=fps, exposure_us=exposure_us)
    if kind == "opencv":
        tell(f"webcam {int(arg or 0)}")
        return OpenCVCamera(int(arg or 0), width=width, height=height, fps=fps)
    if kind == "replay":
        tell(f"replay of {Path(arg or '').name or arg}")
        return ReplayCamera(Path(arg).expanduser(), fps=fps)
    # auto
    reasons = []
    try:
        tell(PI_CAMERA)
        return PiCamera(width=width, height=height, fps=fps, exposure_us=exposure_us)
    except CameraError as exc:
        reasons.append(str(exc))
    # Only /dev/video0-9: on a Pi, /dev/video10 and up are the codec and ISP nodes, not cameras.
    for device in sorted(glob.glob("/dev/video[0-9]")):
        try:
            tell(f"webcam {device.removeprefix('/dev/video')}")
            cam = OpenCVCamera(int(device.removeprefix("/dev/video")), width=width, height=height, fps=fps)
        except CameraError as exc:
            reasons.append(str(exc))
            continue
        try:
            cam.read()   # some nodes open but are not capture devices
            return cam
        except CameraError as exc:
            cam.close()
            reasons.append(str(exc))
    log.info("no camera found (%s); replaying the sample frames", "; ".join(reasons) or "none tried")
    tell("replay of the sample frames")
    return SampleTable(SAMPLE_FRAMES, fps=fps, dice=dice, rng=random.Random(), keep=keep)


class CameraOpener:
    """Opens a camera with ``open_fn`` in a thread of its own and gives up after ``timeout``
    seconds with a CameraError naming the camera being opened: a Pi camera with a loose ribbon
    cable can hang in its opening for ever, and ``dicetable run`` would then never serve its
    pages (the first opening is made before), or its referee would hang in the retry.

    ``open_fn(trying)`` opens the camera, calling ``trying(name)`` with each camera it tries.
    An opening that timed out is left to finish (or not): the next call waits for it again
    rather than start a second one (a second Picamera2 beside a hung one would not open either),
    and takes the camera if it came. After :meth:`close`, one that comes is closed."""

    def __init__(self, open_fn: Callable[[Callable[[str], Any]], Camera], timeout: float) -> None:
        self.open_fn = open_fn
        self.timeout = float(timeout)
        self._lock = threading.Lock()
        self._pending: tuple[threading.Event, list[Any], list[str]] | None = None
        self._closed = False

    def __call__(self) -> Camera:
        with self._lock:
            if self._closed:
                raise CameraError("the camera is no longer opened: dicetable is stopping")
            if self._pending is None:
                self._pending = self._start()
            done, result, tried = self._pending
        if not done.wait(self.timeout):
            name = tried[-1] if tried else "camera"
            raise CameraError(f"the {name} did not open within {self.timeout:g} s: check its cable")
        with self._lock:
            self._pending = None
        if isinstance(result[0], BaseException):
            raise result[0]
        return result[0]

    def _start(self) -> tuple[threading.Event, list[Any], list[str]]:
        done, result, tried = threading.Event(), [], []

        def run() -> None:
            try:
                camera: Any = self.open_fn(tried.append)
            except BaseException as exc:      # handed to the caller's thread
                camera = exc
            with self._lock:
                abandoned = self._closed
                result.append(camera)
                done.set()
            if abandoned and isinstance(camera, Camera):
                camera.close()        # it came too late: nobody will read or close it

        threading.Thread(target=run, name="camera open", daemon=True).start()
        return done, result, tried

    def close(self) -> None:
        """Stop opening cameras; one still opening is closed if it comes."""
        with self._lock:
            self._closed = True
            pending, self._pending = self._pending, None
            # Come before this close (after it, the opening thread closes it itself).
            late = pending[1][0] if pending is not None and pending[0].is_set() else None
        if isinstance(late, Camera):
            late.close()              # opened, but nobody took it
