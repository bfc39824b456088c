"""The referee loop: camera frames -> the dice reader -> the watcher -> the table.

One thread (:meth:`Referee.start`) reads frames at the camera's pace; every frame goes through
:meth:`Referee.step`, which tests drive synchronously. What it does with the watcher's signals:

* **settled** (the dice stopped moving, N agreeing reads):
  - Kuriki, Mia, Deceit (two dice under a cup): with the cup down and two dice, the reading is
    **sealed** (``table.seal(values, photo)``): remembered and hidden; the next Declare uses it.
    A 1-2 in Kuriki is not sealed: a Kuriki is shown at once, so the referee declares it itself
    for the player to act (``{"do": "declare", "call": "kuriki"}``, from the device, with the
    photo).
  - Farkel (dice rolled openly): the roll of the player to act is sent as ``roll`` with the dice,
    when the number of dice is the number left to roll; the scoreboard then proposes the best keep
    (see :mod:`device.console`). With High Stakes on offer, a first roll of exactly the dice left
    over is sent as the High Stakes roll (``"high_stakes": true``); a player who cannot put up
    the stake is refused with the rules' reason, shown on the wall.
  - Liar's dice: nothing is sent; the hands are kept for the round's open (:meth:`hands`). Each
    player rolls once a round: the hands are the dice read as they settle, followed while the
    round has no call (a hand of five different faces is rolled again before the calling), and
    **sealed** for the round at its first call (or, if the dice were not lying settled then, as
    they next settle): a die rolled again or moved after that changes nothing, the open judges
    the sealed hands. A new round (the open, an undo) needs its own. The hands are forgotten,
    sealed or not, when the dice under the cups stay unreadable (the wall asks for them again)
    or the camera is lost: then the open waits for a good reading of the hands on the tray now.
    The open's verdict shows the photo of the frame the hands were read from
    (:meth:`hands_photo`), made and kept only at the open, public with its verdict.
* **new roll** / **dice gone**: the seal is cleared (``table.unseal()``; the table keeps a seal
  an undo gave back while the next roll was under way, or kept to take that roll back, and
  that roll, once settled, is asked of ``table.roll_taken_back`` before it is sealed or shown
  as a Kuriki: it lies on the tray, nobody's). Dice that settle as the roll already handled
  (no new roll: the cup lifted and put back down on them) are told too
  (``table.dice_lie_still()``): no roll is under way.
* **moved after sealing**: ``table.note("the dice moved after sealing")``; the sealed dice stay
  the ones that count.
* **the dice stir** (the cup lifted, the dice gone or their number changed, moved, a new roll;
  or a frame read anew that does not agree with the dice last seen settled): the table is told
  (``table.dice_stirred()``), so the phone can tell a roll under way ("dice settling…") from
  nobody having rolled yet. A yes or no, never the dice.
* **unreadable**: when the reader stays unsure for ``unsure_frames`` frames in a row (2 s at
  10 fps) with the cup down and something on the tray, the scoreboard asks for the dice to be
  shown again, with the reader's reason, until a frame reads well (or the cup is lifted, or the
  tray is empty). Nothing is ever sealed or judged on an unsure reading. With no game in play
  (none on, or over) the request is not made. A reason with a digit in it is not shown.
* **dropped die** (Kuriki): the dice settle under the cup with fewer than two dice. The player
  to act (who holds the cup: the Roller, or the Next Guy taking it) is charged the
  ``dropped-die`` foul at once and the **ten count** starts: the scoreboard counts down 10 to 1,
  one a second; if two dice are seen on the tray again before it reaches zero the count stops,
  otherwise another dropped-die foul is charged and a new count of ten begins (the seed's rule).
  The count runs on the referee's clock, checked at every frame. A dropped-die foul undone (the
  table judged it no foul) stops its count: that fall is not charged again, by the count or by
  the same dice settling again, also after a power cut; the wall asks for the die back under the
  cup, and only a fall after the number of dice on the tray changed (the die put back, the dice
  picked up) is a new foul with a new count. That foul entered again by hand (the phone's foul,
  for the player to act) while the die is still off overrules the undo: it is charged as entered,
  once, and its count runs as on a foul the referee charged. Any dropped-die foul of the player
  to act entered by hand (the phone's, the buttons' foul mode) is the fall's foul as a seen one
  is: with no count running its count of ten starts (a lone die settling after it is the same
  fall, not charged again), unless the two dice are seen lying whole on the tray (the die back:
  the foul stands, nothing to count down); with a count running it is that count's foul charged
  early, and a new count of ten starts from it. Another player's starts none. Not for the roll
  an undo took back while it was under way (``table.awaits_roll_taken_back``): it is nobody's,
  so is the die short in it; the wall asks for the die back (as in Mia and Deceit, which have no
  such foul), and that roll, once whole, is taken back as it would have been. Such a request (a
  die missing, one too many) comes down once the right number of dice settles under the cup.
* **reader errors**: a frame the reader fails on (an exception) is an unsure reading; the
  failure is logged once, when it starts (and its end once), not at every frame.
* **start-up**: after the referee starts and after the camera is (re)opened or lost, frames are
  only shown in the preview, neither read nor watched, until the camera's picture is steady
  (``steady_frames`` frames in a row within ``STEADY_LEVELS`` grey levels, at most
  ``SETTLE_MAX_FRAMES`` frames): a camera's exposure settles over its first frames, and that
  change of light is not the cup being lifted (see :meth:`Referee._settling`).
* **camera errors** (also a frame that does not come in time: see device.camera.TimedCamera):
  the scoreboard says "Camera lost — check the cable. Retrying…"
  (``table.set_camera_status("lost", ...)``), the camera is closed and reopened with backoff
  (0.5, 1, 2, 5, then every 10 s); when frames come again the status is "ok". Nothing is lost:
  the game state lives in the table, not here.

No dice value under the cup is ever logged here.
"""

from __future__ import annotations

import logging
import math
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import cv2
import numpy as np

from engine.errors import EngineError, json_text
from engine.record import UNDO
from web.services import TableError

from .camera import NO_ROLL, Camera, CameraError, RoundRoll, TurnRoll
from .evidence import evidence_jpeg
from .table import Table

log = logging.getLogger(__name__)

CUP_GAMES = {"kuriki": 2, "mia": 2, "deceit": 2}     # game -> dice under the cup
HAND = 5                                             # liar's dice: dice per hand
CAMERA_LOST = "Camera lost — check the cable. Retrying…"
MOVED = "the dice moved after sealing"
TEN_COUNT = 10
EMPTY_TRAY = "no dice found"          # the reader's reason for a tray with nothing on it
READER_FAILED = "the dice reader failed: see the device log"
# A frame whose 160x120 grey thumbnail differs from the last read one by at most this many grey
# levels anywhere is the same picture (sensor noise averages out over each 4x4 cell; a die
# that moves, appears or shows other pips changes some cell by far more).
THUMB = (160, 120)
UNCHANGED_LEVELS = 6
BACKOFF = (0.5, 1.0, 2.0, 5.0, 10.0)
# The camera's picture is steady once this many frames in a row lie within STEADY_LEVELS grey
# levels of each other (mean brightness); a camera whose light never steadies (flicker) is
# watched anyway after SETTLE_MAX_FRAMES frames, as it was before this wait.
STEADY_FRAMES = 3
STEADY_LEVELS = 4.0
SETTLE_MAX_FRAMES = 30
# The watcher's signals that say the dice under the cup stirred (see Referee._watch_stir).
STIRRING = frozenset({"new_roll", "count_changed", "moved", "moved_after_seal", "cup_lifted"})


def dice_expected(state: dict[str, Any], asked: bool | None = None) -> int | None:
    """How many dice the game in play puts on the tray now, from the table's public state: two
    under the cup (Kuriki, Mia, Deceit), the dice left to roll (Farkel), five a hand for every
    player still in (liar's dice, every hand on the tray). None with no game in play (none on,
    or over). The virtual table (device.camera.SampleTable) rolls that many.

    Farkel: a :class:`~device.camera.TurnRoll` of the player to act (so another turn is a
    change, even with six dice again after a farkle of six), or 0 (NO_ROLL) while nobody rolls:
    while the player chooses which dice to keep from the roll on the tray, and after a keep
    until the player asks for the roll (``asked``, the roll the player told the table,
    :meth:`device.table.Table.asked_roll`: not None once they tapped roll) or banks: a player
    rolls on when they choose, nobody rolls for them. With High Stakes on offer to the player (a
    legal roll), the player takes over the dice the last player left or rolls six: ``asked`` is
    the choice (True for High Stakes, False for six), and until they tell it, 0 (NO_ROLL):
    nobody rolls while the player makes up their mind. A turn's first roll with no choice to
    make (six dice; also when the player cannot put up the stake) is rolled unasked, after the
    think time, or at once when the player asks for it. The referee's roll check asks
    :func:`farkel_dice_left` and the offer instead.

    Liar's dice: a :class:`~device.camera.RoundRoll` of the round, so the virtual table rolls the
    hands once a round and leaves them lying still while the calls are made (the referee seals
    them at the round's first call, see :meth:`Referee.hands`); the next round's are rolled
    right after the open, at the round's start."""
    game = state.get("game")
    if game is None or state.get("over"):
        return None
    if game in CUP_GAMES:
        return CUP_GAMES[game]
    if game == "farkel":
        phase, turn = state.get("phase"), state.get("to_act")
        if phase == "rolled" or (phase == "kept" and asked is None):
            return NO_ROLL
        offer = state.get("high_stakes")
        if offer and any(a.get("do") == "roll" and a.get("high_stakes") for a in state.get("legal", [])):
            if asked is None:
                return NO_ROLL
            return TurnRoll(int(offer["dice"]) if asked else farkel_dice_left(state), turn, True)
        return TurnRoll(farkel_dice_left(state), turn, asked is not None)
    if game == "liars":
        return RoundRoll(HAND * sum(1 for p in state.get("players", []) if not p.get("out")),
                         _round(state), called=state.get("call") is not None)
    return None


def dice_on_table(table: Table) -> int | None:
    """How many dice the virtual table rolls now: :func:`dice_expected` of the table's game, with
    the roll its Farkel player asked for (the choice of High Stakes).

    Kuriki: 0 (NO_ROLL) while a roll sealed under the cup waits for its declare
    (``table.fresh_roll``): the player looks under the cup and makes up their mind, and nobody
    rolls for them. Rolling on every 2.4 s, the virtual table turned an idle table's every 1-2
    into a Kuriki the referee declares at once: left alone for eight minutes, a game of eight
    went on without anyone, twelve Kurikis in a row, until three players were out. (Mia and
    Deceit declare nothing on their own: their dice roll on as before.) Once declared, nothing
    is rolled for the Next Guy either until he takes the cup (``table.cup_taken``: he tapped
    roll, or pressed Declare at the buttons): then two dice at once, a :class:`TurnRoll` he
    asked for. Rolled as soon as the declare was made, his every 1-2 (1 in 18) was a Kuriki
    declared for him though he never took the cup. A fresh roll (no call standing: a game's
    first, after a pull or a Kuriki) is rolled on its own, as before.

    A Kuriki taken back by an undo (``table.rolls_again``: who rolled it) is taken back with its
    roll: the 1-2 is picked up at once and its roller rolls again (a :class:`TurnRoll` he asked
    for, one for each Kuriki taken back), the Next Guy who had taken the cup too. Left lying,
    the 1-2 was neither declared again nor anyone's roll: on a standing call the table waited
    for the Next Guy to take the cup he had taken, offering him a pull of the dice he had rolled
    away; on a fresh roll it lay unsealed, the phone saying "dice settling…", until the next
    roll came.

    Mia on the virtual table (``table.virtual``) likewise: a sealed roll lies still until
    declared, and nothing is rolled for the next player until he takes the cup, so he may raise
    blind on the dice as they lie (rolled for him 0.7 s after each call, his blind raise was
    refused as made after a roll, and after one the table rolled again for nothing); a standing
    Mia (accept or pull) lies still too. A real tray is told as before."""
    state = table.public_state()
    game = state.get("game")
    if (game == "kuriki" or (game == "mia" and table.virtual)) \
            and not state.get("over"):
        if table.fresh_roll:
            return NO_ROLL
        roll = table.rolls_again()
        if roll is not None:
            return TurnRoll(CUP_GAMES[game], ("again", *roll), True)
        if state.get("call") is not None:
            if table.cup_taken():
                return TurnRoll(CUP_GAMES[game], state.get("to_act"), True)
            return NO_ROLL
    return dice_expected(state, table.asked_roll())


def farkel_dice_left(state: dict[str, Any]) -> int:
    """Farkel: the dice the player to act rolls next without High Stakes (six at a turn's
    start and after hot dice, else the dice left)."""
    return state.get("dice_left") or 6


def _picture(frame: Any) -> np.ndarray:
    """The camera's frame if it is a picture (8-bit, height x width, grey or colour, at least a
    pixel); else CameraError: an empty or flat array would fail every step, with the wall saying
    the camera is fine."""
    if (not isinstance(frame, np.ndarray) or frame.dtype != np.uint8 or frame.ndim not in (2, 3)
            or frame.size == 0 or (frame.ndim == 3 and frame.shape[2] not in (3, 4))):
        shape = getattr(frame, "shape", None)
        raise CameraError(f"the camera gave something that is not a picture (shape {shape})")
    return frame


def encode_jpeg(image: np.ndarray, quality: int = 80) -> bytes | None:
    ok, buf = cv2.imencode(".jpg", image, [cv2.IMWRITE_JPEG_QUALITY, quality])
    return buf.tobytes() if ok else None


def missing_note(missing: int) -> str:
    """The wall's request for dice short under the cup when nobody is charged for them (Mia,
    Deceit; in Kuriki, a roll nobody's)."""
    return f"{missing} die missing from the tray: put it back under the cup"


def unreadable_note(reason: str | None) -> str:
    """The wall's request to show the dice again. The reader's reason says what a person should
    fix; one with a digit in it is left out (a count or a value could be a die under the cup,
    and the reader's wording is not ours to vouch for)."""
    shown = reason if reason and not any(c.isdigit() for c in reason) else "unclear"
    return f"I cannot read the dice ({shown}): show them again"


def _empty_tray(reading: Any) -> bool:
    """The reader saw nothing on the tray (it never says "ok, no dice")."""
    return not reading.ok and not reading.dice and EMPTY_TRAY in (reading.reason or "")


def _signal_kind(signal: Any) -> str:
    """The watcher's signal as a plain name ("settled", "new_roll", ...)."""
    kind = getattr(signal, "kind", signal)
    kind = getattr(kind, "value", kind)
    return str(kind).lower().replace("-", "_").replace(" ", "_")


class Referee:
    """Watches the tray and tells the table (see the module docstring)."""

    def __init__(self, table: Table, camera: Camera | None = None, *,
                 open_camera: Callable[[], Camera] | None = None, view: str = "bottom",
                 fps: float = 10, calibration: Any = None,
                 reader: Callable[..., Any] | None = None, watcher: Any = None,
                 clock: Callable[[], float] = time.monotonic,
                 backoff: Sequence[float] = BACKOFF, unsure_frames: int = 20,
                 skip_unchanged: bool = True, steady_frames: int = STEADY_FRAMES) -> None:
        """``camera``: an open Camera (or None); ``open_camera``: how to (re)open one after it fails
        (without it, a failed camera is retried as it is, which suits a replay);
        ``steady_frames``: frames of a steady picture the camera must give after it starts before
        they are watched (1: the first frame is watched)."""
        if not isinstance(steady_frames, int) or steady_frames < 1:
            raise ValueError(f"steady_frames must be a whole number, at least 1, got {json_text(steady_frames)}")
        if reader is None:
            from vision.reader import read_dice as reader
        if watcher is None:
            from vision.watcher import Watcher
            watcher = Watcher()
        self.table: Table = table
        self._open_camera = open_camera
        self.camera: Camera | None = camera
        self.view = view
        self.fps = float(fps)
        self.calibration = calibration
        self.reader = reader
        self.watcher = watcher
        self.clock = clock
        self.backoff = tuple(backoff) or (1.0,)
        self.unsure_frames = unsure_frames
        self.skip_unchanged = skip_unchanged
        self.frames_reused = 0                       # frames not read again: nothing changed
        self.reader_failures = 0                     # frames in a row the reader failed on
        self._thumb: np.ndarray | None = None
        self.frames = 0
        self.last_reading: Any = None
        self._hands: _Hands | None = None            # liar's dice: the round's hands (see hands())
        self._still: Any = None                      # the reading the dice last settled as
        self.last_frame_time: float | None = None    # when the last frame was processed
        self.last_step: float | None = None          # for the watchdog: the loop is alive
        self.after_step: Callable[[], Any] | None = None   # e.g. the console following the game
        self._frame: np.ndarray | None = None
        self._failures = 0
        self._retry_at: float | None = None
        self.steady_frames = steady_frames
        self._warmup: list[float] = []               # brightness of the frames since the camera started
        self._warm = steady_frames <= 1
        self._unsure_run = 0
        self._handled_roll = False                   # this roll was already sealed or sent
        self._last_count = 0                         # dice seen at the last count change
        # The roll the table last took (a seal, declared or not, a Kuriki, a Farkel roll), from
        # before this referee started: after a power cut the same dice, still on the tray, are
        # that roll, not a new one (no second Kuriki, no fresh seal of dice declared or shown, no
        # Farkel roll sent again for the next player). Only dice that stayed on the tray since
        # the restart are that roll: forgotten at the first roll that settles, and as soon as the
        # tray is seen empty, the cup lifted, or the dice moved or their count changed (a new
        # roll after that may show the same values by chance: it is a new roll). Not on the
        # virtual table (``table.virtual``): started again, it holds the cup up over an empty
        # tray, so no dice from before the cut lie there, and the first roll it lands is a new one.
        # Its first frames show the cup up without the cup ever seen down, so no "cup lifted"
        # forgot the old roll: a 1-2 it rolled first after a Kuriki (or a Kuriki undone) was
        # taken for that Kuriki's dice, declared for nobody, and rolled away 1.6 s later.
        self._resumed_roll: tuple[int, ...] | None = None if table.virtual else table.last_roll()
        self._count_player: str | None = None        # ten count: who dropped the die
        # The request for the right number of dice under the cup this referee last put on the
        # wall (a die missing, one too many): taken down once they lie there (see _ask_count).
        self._count_note: str | None = None
        # A dropped-die foul the player to act was charged last, before this referee started:
        # the die still missing after a power cut starts the count again, not another foul.
        self._resumed_count = _last_dropped_die(table)
        self._count_started: float | None = None
        # The dropped-die foul the count runs on: the game's id and the foul's place among the
        # actions in effect. An undo that takes it back stops the count (see _tick).
        self._count_foul: tuple[str | None, int] | None = None
        # The game (its id) whose die short under the cup lies there with its foul undone: the
        # table took the foul back, so neither the count nor a settle of the same dice charges
        # that fall again; the wall asks for the die back. Over once the number of dice on the
        # tray changes (the die put back, or the dice picked up): what falls then is a new fall.
        # Also after a power cut, when the record's last line undid that foul.
        self._excused_fall: str | None = _undone_dropped_die(table)
        # The game (its id) and its record's length when this referee last looked for dropped-die
        # fouls entered by hand (the phone's foul): one of the player to act entered since starts
        # the ten count, as a fall seen does (see _foul_entered_by_hand). The lines from before
        # it started are not new: a power cut resumes their count at the next settle.
        self._record_seen: tuple[str | None, int] = _record_mark(table)
        self._lock = threading.RLock()
        self._thread: threading.Thread | None = None
        self._stopping = threading.Event()
        self._frame_event = threading.Condition()
        table.set_preview_source(self.preview_jpeg)
        table.set_hands_source(self.hands, photo=self.hands_photo)

    # -- the thread ---------------------------------------------------------
    def start(self) -> "Referee":
        if self._thread is None:
            self._stopping.clear()
            self._thread = threading.Thread(target=self._run, name="referee", daemon=True)
            self._thread.start()
        return self

    def _run(self) -> None:
        period = 1.0 / self.fps if self.fps > 0 else 0.0
        while not self._stopping.is_set():
            started = self.clock()
            try:
                self.step()
            except Exception:    # the referee must never die: log, wait a little, go on
                log.exception("referee step failed")
                self._stopping.wait(1.0)
            if self._retry_at is not None:
                # Steps go on while the camera is retried (the dial follows the game, the ten
                # count runs), at most half a second apart.
                self._stopping.wait(min(0.5, max(0.0, self._retry_at - self.clock())))
            elif period:
                self._stopping.wait(max(0.0, period - (self.clock() - started)))

    def stop(self, timeout: float = 5.0) -> None:
        self._stopping.set()
        if self._thread is not None:
            self._thread.join(timeout)
            self._thread = None
        if self.camera is not None:
            self.camera.close()

    @property
    def is_running(self) -> bool:
        return self._thread is not None and self._thread.is_alive()

    def wait_for_frames(self, count: int, timeout: float | None = None) -> bool:
        """Wait until ``count`` frames in all have been processed (tests, benchmarks)."""
        with self._frame_event:
            return self._frame_event.wait_for(lambda: self.frames >= count, timeout)

    # -- one frame ----------------------------------------------------------------
    def step(self, frame: np.ndarray | None = None) -> list[str]:
        """Process one frame (read from the camera when not given); returns the signal names."""
        with self._lock:
            self.last_step = time.monotonic()
            if frame is None:
                frame = self._read_frame()
            signals = self._process(frame) if frame is not None else []
            self._tick()
        if self.after_step is not None:
            self.after_step()       # the dial follows the game, frame or not (a camera lost)
        if frame is None:
            return []
        with self._frame_event:
            self.frames += 1
            self.last_frame_time = self.clock()
            self._frame_event.notify_all()
        return signals

    def _read_frame(self) -> np.ndarray | None:
        now = self.clock()
        if self._retry_at is not None and now < self._retry_at:
            return None
        try:
            if self.camera is None or not self.camera.is_open:
                if self._open_camera is None:
                    raise CameraError("there is no camera to read")
                try:
                    self.camera = self._open_camera()
                finally:
                    # The opening waits at most [camera] open_timeout, and the first read as
                    # long again: the loop is alive, and the watchdog must not count both.
                    self.last_step = time.monotonic()
                self._restart_warmup()      # a camera opened again settles its light again
            frame = _picture(self.camera.read())
        except CameraError as exc:
            self._camera_failed(exc)
            return None
        except Exception as exc:    # a driver's own error: the camera is as good as lost
            self._camera_failed(CameraError(f"the camera failed ({type(exc).__name__}: {exc})"))
            return None
        if self._failures or self._retry_at is not None:
            log.info("camera back after %d failed attempts", self._failures)
        self._failures, self._retry_at = 0, None
        self._set_camera("ok", None)
        return frame

    def _camera_failed(self, exc: CameraError) -> None:
        delay = self.backoff[min(self._failures, len(self.backoff) - 1)]
        self._failures += 1
        self._retry_at = self.clock() + delay
        self._hands = None              # what lies on the tray now is not known: no hands from before
        self._restart_warmup()          # the frames after a gap may come with their light unsettled
        if self._failures == 1:
            log.warning("camera lost: %s", exc)
        if self.camera is not None and self._open_camera is not None:
            self.camera.close()
            self.camera = None
        self._set_camera("lost", CAMERA_LOST)

    def _set_camera(self, status: str, message: str | None) -> None:
        try:
            self.table.set_camera_status(status, message)
        except Exception:
            log.exception("could not show the camera status")

    # -- what a frame means ------------------------------------------------------
    def _read(self, frame: np.ndarray) -> Any:
        """The reader's answer; an unchanged frame keeps the last answer (the reader is
        deterministic), which spares the CPU while the cup sits still on the tray."""
        thumb = cv2.resize(cv2.cvtColor(frame, cv2.COLOR_BGR2GRAY) if frame.ndim == 3 else frame,
                           THUMB, interpolation=cv2.INTER_AREA)
        if (self.skip_unchanged and self._thumb is not None and self.last_reading is not None
                and thumb.shape == self._thumb.shape
                and int(cv2.absdiff(thumb, self._thumb).max()) <= UNCHANGED_LEVELS):
            self.frames_reused += 1
            return self.last_reading
        try:
            reading = self.reader(frame, self.view, calibration=self.calibration)
        except Exception as exc:     # a broken reader: the table stays usable, the frame is unsure
            self._thumb = None       # try the reader again on the next frame, changed or not
            return self._reader_failed(exc, thumb)
        self._thumb = thumb
        if self.reader_failures:
            log.info("the dice reader works again (it had failed on %d frames)", self.reader_failures)
            self.reader_failures = 0
        return reading

    def _reader_failed(self, exc: Exception, thumb: np.ndarray) -> Any:
        """An unsure reading for a frame the reader failed on. Logged on the first failure of a
        run only (at 10 frames a second a log line per frame would bury everything else); the
        exception's text and traceback name no dice (the reader's messages are about images and
        its model), and nothing from the reading is logged."""
        from vision.reading import Reading, Status

        self.reader_failures += 1
        if self.reader_failures == 1:
            log.error("the dice reader failed (%s: %s): frames count as unsure until it works "
                      "again; not logged again until then", type(exc).__name__, exc, exc_info=exc)
        # The thumbnail's brightness still lets the watcher see the cup lifted.
        return Reading(Status.UNSURE, (), READER_FAILED, brightness=float(thumb.mean()))

    def _restart_warmup(self) -> None:
        self._warmup = []
        self._warm = self.steady_frames <= 1

    def _settling(self, frame: np.ndarray) -> bool:
        """Whether the camera's picture is still settling after the camera started: then the
        frame is neither read nor watched.

        A camera's exposure takes a few frames to settle (the Pi camera's first frames come
        dark or bright). Watched, that jump in light looks like the cup lifted: after a power
        cut the referee then forgot the roll sealed under the cup and sealed it again as a
        fresh roll, or dropped it, and an uncalibrated watcher learnt a wrong cup-down light
        and saw the cup up for ever. A bar owner expects the power coming back to change
        nothing on the table: nobody lifts the cup in the second the camera wakes up, and if
        someone does, the light keeps changing and the wait goes on until it is steady."""
        if self._warm:
            return False
        means = cv2.mean(frame)         # per channel; a BGRA frame's alpha left out
        self._warmup.append(float(np.mean(means[:3])) if frame.ndim == 3 else means[0])
        window = self._warmup[-self.steady_frames:]
        if len(window) == self.steady_frames and max(window) - min(window) <= STEADY_LEVELS:
            self._warm = True
        elif len(self._warmup) >= SETTLE_MAX_FRAMES:
            log.warning("the camera's picture did not steady in %d frames: watching it anyway",
                        len(self._warmup))
            self._warm = True
        if self._warm:
            self._warmup = []
            return False
        return True

    def _process(self, frame: np.ndarray) -> list[str]:
        self._frame = frame
        if self._settling(frame):
            return []
        previous = self.last_reading
        reading = self._read(frame)
        self.last_reading = reading
        if _empty_tray(reading):
            self._resumed_roll = None     # the dice from before the restart are gone
        names = [_signal_kind(s) for s in self.watcher.update(reading)]
        self._watch_stir(reading, names, read_anew=reading is not previous)
        self._count_unsure(reading)
        for name in names:
            handler = getattr(self, f"_on_{name}", None)
            if handler is not None:
                handler(reading)
        self._follow_hands(reading, "settled" in names and reading.ok)
        return names

    def _watch_stir(self, reading: Any, names: Sequence[str], read_anew: bool) -> None:
        """Tell the table when the dice under the cup stir: a watcher's signal that they did, or
        a frame read anew (the picture changed) that does not agree with the dice last seen
        settled (being shaken, blurred, picked up). Dice lying still under the cup read the
        same, frame after frame (an unchanged picture is not even read again): no stir."""
        from vision.watcher import readings_agree

        stirred = any(name in STIRRING for name in names) or (
            read_anew and self._still is not None and not readings_agree(reading, self._still))
        if "settled" in names and reading.ok:
            self._still = reading
        if stirred:
            try:
                self.table.dice_stirred()
            except Exception:
                log.exception("could not tell the table the dice stirred")

    def _count_unsure(self, reading: Any) -> None:
        """Ask for the dice again when they stay unreadable under the cup. An empty tray
        (the reader is unsure of nothing there) and the cup in the air are not unreadable dice,
        and with no game in play (none on, or over) nobody is asked: the wall shows its idle or
        winner screen, not the reader's complaints."""
        empty = _empty_tray(reading)
        if reading.ok or empty or not self._cup_down() or not self._in_play() \
                or self._virtual_holds_still():
            if self._unsure_run >= self.unsure_frames:
                self._note(None)          # readable again (or gone): take the request down
                self.table.dice_unreadable(False)
            self._unsure_run = 0
            return
        self._unsure_run += 1
        if self._unsure_run == self.unsure_frames:
            self._note(unreadable_note(reading.reason))
            # The dice under the cups are not the ones last read (a new round's, unreadable):
            # a liar's dice open must not judge the hands of that older reading, nor a declare
            # take dice sealed before (they are sealed again when read again). A broken reader
            # says nothing about the dice, and no roll could be sealed again: the seal stays.
            self._hands = None
            if reading.reason != READER_FAILED and self.table.dice_unreadable(True):
                self._handled_roll = False
                if hasattr(self.watcher, "unseal"):
                    self.watcher.unseal()

    def _state(self) -> dict[str, Any]:
        return self.table.public_state()

    def _virtual_holds_still(self) -> bool:
        """The virtual table while nobody rolls (NO_ROLL): a Farkel player chooses (keeps, or
        roll on or bank), a Kuriki or Mia call waits for the Next Guy to take the cup (or a roll
        sealed under it for its declare). Whatever it must judge is in the record or sealed, and
        nothing on the tray is read for anything until someone asks for the next roll. Started
        again meanwhile (a power cut), it holds the cup up over an empty tray, too bright to
        read: that is no dice to ask for again. "I cannot read the dice: show them again" stood
        over the player's "tap roll" note for good, and in Mia it refused the Next Guy's blind
        raise (a declare while the dice are unreadable). (A real tray is read whenever dice are
        under the cup or rolled: not this.)"""
        if not self.table.virtual or not self._in_play():
            return False
        return dice_on_table(self.table) == NO_ROLL

    def _in_play(self) -> bool:
        """A game is on and not over."""
        state = self._state()
        return state.get("game") is not None and not state.get("over")

    def _cup_down(self) -> bool:
        return not getattr(self.watcher, "is_cup_lifted", False)

    def _on_new_roll(self, reading: Any) -> None:
        if self._is_resumed_roll(reading):
            return
        self._handled_roll = False
        if self.table.sealed:
            self.table.unseal()

    def _on_count_changed(self, reading: Any) -> None:
        self._resumed_roll = None           # dice left or came back: not the dice from before
        count = len(reading.dice) if reading.ok else None
        if count == 0:
            self._handled_roll = False      # the dice left the tray (picked up to roll again)
            if self.table.sealed:
                self.table.unseal()
        elif count is not None and count > self._last_count:
            self._handled_roll = False      # a die came back: what settles now is a new roll
        if count is not None:
            self._last_count = count
            self._excused_fall = None       # the die put back, or the dice picked up

    def _on_moved(self, reading: Any) -> None:
        self._resumed_roll = None           # touched: what settles next is not the old roll
        if self.table.sealed:
            self._note(MOVED)

    _on_moved_after_seal = _on_moved

    def _on_cup_lifted(self, reading: Any) -> None:
        # The dice under the cup may be rolled now: a roll that settles after it is a new one,
        # even with the values the table had before a restart.
        self._resumed_roll = None

    def _is_resumed_roll(self, reading: Any) -> bool:
        return (self._resumed_roll is not None and reading.ok
                and tuple(sorted(reading.values)) == self._resumed_roll)

    def _on_settled(self, reading: Any) -> None:
        if reading.ok and self._resumed_roll is not None:
            if self._is_resumed_roll(reading):
                # The roll the table already has, seen again after a restart: handled.
                self._handled_roll = True
                self._last_count = len(reading.dice)
                if self.table.sealed and hasattr(self.watcher, "seal"):
                    self.watcher.seal()
            self._resumed_roll = None
        if reading.ok and self._handled_roll:
            # The dice lie still as the roll the table has (the cup lifted to show them and put
            # back, pushed): no roll is under way, nor one for an undo to take back.
            self.table.dice_lie_still()
        if not reading.ok or self._handled_roll:
            return
        resumed_count, self._resumed_count = self._resumed_count, None    # the first settle only
        self._last_count = len(reading.dice)
        state = self._state()
        game = state.get("game")
        if game is None or state.get("over"):
            return
        count = len(reading.dice)
        if count >= CUP_GAMES.get(game, 0) and self._count_player is not None:
            self._stop_count()
        if game in CUP_GAMES:
            self._settled_under_cup(game, state, reading, resumed_count)
        elif game == "farkel":
            self._settled_farkel(state, reading)

    def _settled_under_cup(self, game: str, state: dict[str, Any], reading: Any,
                           resumed_count: str | None = None) -> None:
        expected = CUP_GAMES[game]
        count = len(reading.dice)
        if count == 0 or not self._cup_down():
            return
        if count < expected:
            if self._roll_taken_back_lands():
                # The roll an undo took back while it was under way, landing a die short (one fell
                # off the tray): nobody's roll, so nobody's dropped die. The player now to act,
                # charged before, never rolled it. The die is asked back as for any short roll no
                # foul is charged for (Mia's); the wait goes on, and the roll, whole again, is
                # still the one taken back (a die put back is no new roll).
                self._ask_count(missing_note(expected - count))
                return
            if game == "kuriki" and self._excused_fall is not None \
                    and self._excused_fall == state.get("game_id"):
                # The same fall, its foul undone: the table judged it no foul. The die is asked
                # back as for a short roll nobody is charged for, and no count runs.
                self._ask_count(missing_note(expected - count))
                return
            if game == "kuriki" and self._count_player is None:
                if resumed_count is not None and resumed_count == state["to_act"]:
                    # Charged before the restart: the count starts again, no second foul.
                    self._count_player, self._count_started = state["to_act"], self.clock()
                    self._count_foul = self._foul_in_effect(state["to_act"])
                    self._note(self._count_text(TEN_COUNT))
                    return
                self._dropped_die(state["to_act"])
            elif game != "kuriki":
                self._ask_count(missing_note(expected - count))
            return
        if count > expected:
            self._ask_count(f"I see {count} dice: only {expected} go under the cup")
            return
        self._count_asked_no_more()
        values = list(reading.values)
        self._handled_roll = True
        if self.table.roll_taken_back(values):
            # The roll under way when an undo gave the last roller his declared dice back: it
            # lies on the tray, nobody's (not sealed in place of his dice, nor his Kuriki).
            if hasattr(self.watcher, "seal"):
                self.watcher.seal()
            return
        photo = self._photo(reading)
        if game == "kuriki" and sorted(values) == [1, 2]:
            # A Kuriki is shown at once: the referee declares it for whoever rolled.
            self._act({"by": state["to_act"], "do": "declare", "call": "kuriki", "dice": values},
                      photo=photo)
            return
        try:
            self.table.seal(values, photo)
        except TableError as exc:
            self._note(str(exc))
            self._handled_roll = False
            return
        if hasattr(self.watcher, "seal"):
            self.watcher.seal()

    def _ask_count(self, message: str) -> None:
        """Ask for the right number of dice under the cup (no foul is charged for it)."""
        self._count_note = message
        self._note(message)

    def _count_asked_no_more(self) -> None:
        """The right number of dice lies under the cup: the request for it comes down, if it still
        stands (a note said since is left as it is). It stood over the player's declare, or over
        the call a roll taken back gave back, until the game next moved."""
        asked, self._count_note = self._count_note, None
        if asked is not None and self._state().get("note") == asked:
            self._note(None)

    def _roll_taken_back_lands(self) -> bool:
        """Whether the dice settling now are the roll an undo took back while it was under way
        (``table.awaits_roll_taken_back``): nobody's."""
        return self.table.awaits_roll_taken_back()

    def _settled_farkel(self, state: dict[str, Any], reading: Any) -> None:
        legal = [a for a in state.get("legal", []) if a.get("do") == "roll" and not a.get("high_stakes")]
        if not legal:
            return
        expected = farkel_dice_left(state)
        count = len(reading.dice)
        action: dict[str, Any] = {"by": state["to_act"], "do": "roll", "dice": list(reading.values)}
        # High Stakes on offer: rolling exactly the dice left over takes them over. The action is
        # sent even when the player cannot put up the stake, so the wall says why it is refused.
        offer = state.get("high_stakes") if state.get("phase") == "start" else None
        if offer and count == offer.get("dice") and count != expected:
            action["high_stakes"] = True
        elif count != expected:
            also = (f" (or {offer['dice']} to take over the dice in High Stakes)"
                    if offer and offer.get("dice") else "")
            # Six to roll (a turn's first roll, hot dice): no die is set aside to put away, so
            # "put the kept dice aside" only puzzled the player at the start of a turn.
            what = ("roll all six" if expected == 6 and not also
                    else "put the kept dice aside and roll again" if expected < 6
                    else "roll again")
            self._note(f"I see {count} dice but {expected} are to be rolled{also}: {what}")
            return
        self._handled_roll = True
        self._act(action, photo=self._photo(reading))

    # -- the dropped die and its ten count ------------------------------------------
    def _dropped_die(self, player: str | None) -> None:
        if player is None:
            return
        self._count_player = player
        self._count_started = self.clock()
        self._act({"by": player, "do": "foul", "kind": "dropped-die"})
        self._count_foul = self._foul_in_effect(player)
        self._note(self._count_text(TEN_COUNT))

    def _count_text(self, n: int) -> str:
        return f"Dropped die! {self._count_player} has until the count of zero to put it back: {n}"

    def _tick(self) -> None:
        """Advance the ten count (called after every frame, read or not)."""
        self._foul_entered_by_hand()
        if self._count_player is None or self._count_started is None:
            return
        state = self._state()
        if state.get("game") != "kuriki" or state.get("over"):
            self._stop_count()
            return
        if self._count_foul is not None:
            game_id, index = self._count_foul
            session = self.table.session
            if session is None or state.get("game_id") != game_id:
                self._stop_count()          # another game: the fall was the last game's
                return
            if not _is_dropped_die(session.effective, index, self._count_player):
                # The table undid the foul the count runs on: it judged that fall no foul, so
                # the count must not charge it again. The die is still asked back.
                self._count_player = self._count_started = self._count_foul = None
                self._excused_fall = state.get("game_id")
                self._ask_count(missing_note(max(1, CUP_GAMES["kuriki"] - self._last_count)))
                return
        elapsed = self.clock() - self._count_started
        if elapsed >= TEN_COUNT:
            player = self._count_player
            self._count_started += TEN_COUNT
            self._act({"by": player, "do": "foul", "kind": "dropped-die"})
            self._count_foul = self._foul_in_effect(player)
            elapsed = self.clock() - self._count_started
            if self._count_player is None:
                return
        self._note(self._count_text(max(1, TEN_COUNT - int(elapsed))))

    def _foul_entered_by_hand(self) -> None:
        """A dropped-die foul of the player to act entered at the table since the last look (the
        phone's foul; not the foul the count runs on, which the referee charged), still in effect:
        the fall's foul, as one the referee charged on a fall seen. The seed: the foul is
        immediate, "and the table begins a countdown from ten"; the count reaching zero is another
        foul and another count. So:

        * a count running for him: the table charged its count-out by hand (it counted faster):
          a new count of ten starts from that foul. Before, the referee's count ran on and charged
          the same ten seconds again a moment later;
        * no count running, the fall excused (its foul undone, the die still off): the players
          overruled the undo, the fall is a foul again and its count runs;
        * no count running, the dice not seen lying whole (the cup up, the die on the floor, a
          lone die under the cup): its count starts. Before, none ran, and the lone die settling
          was charged as a second foul for the same fall;
        * the dice lying whole on the tray (the die back before the fall was charged): the foul
          stands as entered, with nothing to count down.

        Another player's foul starts nothing: the player to act holds the cup. An undo of the
        foul the count runs on stops it, as for the referee's own (see _tick)."""
        session = self.table.session
        game_id = self.table.game_id
        mark = _record_mark(self.table)
        seen, self._record_seen = self._record_seen, mark
        if session is None or mark == seen:
            return
        state = self._state()
        if state.get("game") != "kuriki" or state.get("over"):
            return
        since = seen[1] if seen[0] == game_id else 0     # another game: all its lines are new
        player = state.get("to_act")
        entered = [i for i, at in enumerate(_effective_places(session.log))
                   if at >= since and _is_dropped_die(session.effective, i, player)
                   and (game_id, i) != self._count_foul]
        if not entered or player is None:
            return
        if self._count_player is not None and self._count_player != player:
            return
        if self._count_player is None and self._excused_fall != game_id and self._dice_whole():
            return
        self._excused_fall = None
        self._count_player, self._count_started = player, self.clock()
        self._count_foul = (game_id, entered[-1])
        self._note(self._count_text(TEN_COUNT))

    def _dice_whole(self) -> bool:
        """Whether the last frame read shows the two dice of Kuriki's cup on the tray (read well):
        no die is off."""
        reading = self.last_reading
        return reading is not None and bool(reading.ok) \
            and len(reading.dice) >= CUP_GAMES["kuriki"]

    def _stop_count(self) -> None:
        if self._count_player is not None:
            self._count_player = self._count_started = self._count_foul = None
            self._note(None)

    def _foul_in_effect(self, player: str | None) -> tuple[str | None, int] | None:
        """Where the dropped-die foul just charged to ``player`` stands (the last action in
        effect), or None if it was refused: then no undo can take it back."""
        session = self.table.session
        if session is None or not _is_dropped_die(session.effective, len(session.effective) - 1, player):
            return None
        return self._state().get("game_id"), len(session.effective) - 1

    @property
    def counting(self) -> str | None:
        """Who the ten count is running for, or None."""
        return self._count_player

    # -- liar's dice: every hand at once --------------------------------------------
    def _follow_hands(self, reading: Any, settled: bool) -> None:
        """Liar's dice: keep the round's hands, the dice read as they settle on the tray, and seal
        them at the round's first call (see the module docstring). Called after every frame read.

        Before that call a settle replaces them (a hand of five different faces is rolled again
        before the calling); once a call stands, the hands lying settled are sealed, and no later
        reading replaces them until the round changes. Dice not lying settled when the first call
        comes (being rolled, picked up, or a settle of another count since) are not the round's:
        the next settle is."""
        hands = self._hands
        if not settled and (hands is None or hands.sealed):
            return                  # nothing read anew, nothing waiting for the first call
        state = self._state()
        if state.get("game") != "liars" or state.get("over"):
            self._hands = None
            return
        key = _round(state)
        if hands is not None and (hands.round != key or (settled and not hands.sealed)):
            hands = None            # another round's, or before the calling: the dice settled now
        if settled and hands is None:
            hands = (_Hands(key, reading, False, self._frame)
                     if len(reading.dice) == dice_expected(state) else None)
        if hands is not None and not hands.sealed and state.get("call") is not None:
            if getattr(self.watcher, "is_settled", True):
                hands = _Hands(key, hands.reading, True, hands.frame)
            else:
                hands = None        # not lying still when the calling began: the next settle
        self._hands = hands

    def hands(self) -> dict[str, list[int]] | None:
        """Every alive player's hand of this round (sealed at its first call, see
        :meth:`_follow_hands`; before it, the dice last read as they settled), or None if they are
        not known or cannot be told apart. The hands lie round the tray in seating order,
        clockwise as seen from above, starting just after 12 o'clock (the side of the tray facing
        the wall display): player 1's five dice first. The five dice of a hand must be closer
        together (in angle round the tray's centre) than the hands are to each other."""
        hands = self._hands
        state = self._state()
        players = [p["name"] for p in state.get("players", []) if not p.get("out")]
        if hands is None or hands.round != _round(state) or not players \
                or len(hands.reading.dice) != dice_expected(state):
            return None
        return group_hands(hands.reading.dice, players, mirrored=self.view == "bottom")

    def hands_photo(self, hands: dict[str, list[int]]) -> bytes | None:
        """The evidence photo of a liar's dice open judging ``hands``: the frame the round's hands
        were read from (the sealed hands' frame, not the tray now, where the cups are lifted or a
        hand was rolled again), with what was read drawn on it; None unless ``hands`` are the hands
        :meth:`hands` gives now. Asked by the table at the open only: the photo is kept private
        and made public with the open's verdict, in the same transaction (see device.table)."""
        kept = self._hands
        if kept is None or kept.frame is None or self.hands() != hands or self._hands is not kept:
            return None
        return self._photo(kept.reading, kept.frame)

    # -- helpers ---------------------------------------------------------------------
    def _act(self, action: dict[str, Any], photo: bytes | None = None) -> None:
        try:
            if photo is not None:
                self.table.act(action, from_device=True, photo=photo)
            else:
                self.table.act(action, from_device=True)
        except (EngineError, TableError) as exc:
            self._note(str(exc) if action.get("do") != "declare" else
                       "the dice on the tray cannot be declared now")
            log.info("the referee's %s was refused", action.get("do"))

    def _note(self, message: str | None) -> None:
        try:
            self.table.note(message)
        except Exception:
            log.exception("could not show a note")

    def _photo(self, reading: Any, frame: np.ndarray | None = None) -> bytes | None:
        """The evidence photo: the frame (by default the latest) with what was read drawn on it,
        carrying its banner's words for the wall (device.evidence)."""
        image = self._frame if frame is None else frame
        if image is None:
            return None
        return evidence_jpeg(image, reading)

    def preview_jpeg(self) -> bytes | None:
        """The latest frame as a JPEG (the table refuses it while a cup game is in play)."""
        frame = self._frame
        return encode_jpeg(frame) if frame is not None else None


@dataclass(frozen=True)
class _Hands:
    """Liar's dice: the reading of a round's hands, and whether they are sealed (a call stands)."""

    round: tuple[Any, Any]          # (game id, round number): see _round
    reading: Any
    sealed: bool
    frame: Any = None               # the frame they were read from: the open's evidence photo


def _round(state: dict[str, Any]) -> tuple[Any, Any]:
    """Which round of which game is played (liar's dice): its hands are that round's only."""
    return state.get("game_id"), state.get("round")


def _last_dropped_die(table: Table) -> str | None:
    """Who was charged a dropped die by the last action, if that player is still to act."""
    session = table.session
    if session is None or not session.effective or session.game.over:
        return None
    last = session.effective[-1]
    if last.get("do") == "foul" and last.get("kind") == "dropped-die" \
            and last.get("by") == session.game.to_act:
        return last.get("by")
    return None


def _record_mark(table: Table) -> tuple[str | None, int]:
    """The game in play (its id) and how many lines its record has."""
    session = table.session
    return table.game_id, len(session.log) if session is not None else 0


def _effective_places(log: Sequence[dict[str, Any]]) -> list[int]:
    """For each action in effect (in order, as Session.effective), its line's place in the
    record ``log`` (an undo line takes back the action in effect last)."""
    places: list[int] = []
    for n, line in enumerate(log):
        if line.get("do") == UNDO:
            if places:
                places.pop()
        else:
            places.append(n)
    return places


def _is_dropped_die(effective: Sequence[dict[str, Any]], index: int, player: str | None) -> bool:
    """Whether the action in effect at ``index`` is a dropped-die foul of ``player``."""
    if not 0 <= index < len(effective):
        return False
    action = effective[index]
    return action.get("do") == "foul" and action.get("kind") == "dropped-die" \
        and action.get("by") == player


def _undone_dropped_die(table: Table) -> str | None:
    """The game's id if the record's last line undid a dropped-die foul of the player still to
    act (a game in play): the fall it was charged for, its die still off after a power cut, is
    not charged again."""
    session = table.session
    if session is None or not session.log or session.game.over \
            or session.log[-1].get("do") != UNDO:
        return None
    in_effect: list[dict[str, Any]] = []
    undone: dict[str, Any] | None = None
    for line in session.log:       # which action each undo took back (the record keeps only the undo)
        if line.get("do") == UNDO:
            undone = in_effect.pop() if in_effect else None
        else:
            in_effect.append(line)
    if undone is None or not _is_dropped_die([undone], 0, session.game.to_act):
        return None
    return table.game_id


def group_hands(dice: Sequence[Any], players: Sequence[str], *, mirrored: bool) -> dict[str, list[int]] | None:
    """Split the dice into hands of five by their angle round the centre of the dice.

    Sorted clockwise (as seen from above) from 12 o'clock; chunk i goes to players[i]. None when
    the hands are not clearly apart (a gap inside a hand as wide as a gap between hands)."""
    if len(dice) != HAND * len(players) or not players:
        return None
    cx = sum(d.x for d in dice) / len(dice)
    cy = sum(d.y for d in dice) / len(dice)

    def angle(d: Any) -> float:
        dx = (cx - d.x) if mirrored else (d.x - cx)   # the bottom view sees the tray mirrored
        return math.atan2(dx, cy - d.y) % (2 * math.pi)   # 0 at 12 o'clock, growing clockwise

    ordered = sorted(dice, key=angle)
    angles = [angle(d) for d in ordered]
    if len(players) > 1:
        gaps = [(angles[(i + 1) % len(angles)] - angles[i]) % (2 * math.pi) for i in range(len(angles))]
        inside = max(gaps[i] for i in range(len(gaps)) if (i + 1) % HAND != 0)
        between = min(gaps[i] for i in range(len(gaps)) if (i + 1) % HAND == 0)
        if inside >= between:
            return None
    return {name: sorted((d.value for d in ordered[i * HAND:(i + 1) * HAND]), reverse=True)
            for i, name in enumerate(players)}
