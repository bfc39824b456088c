"""The hardware side of ``dicetable run``: camera, referee loop, buttons and dial, keyboard.

``dicetable run`` (device/cli.py) builds the Table and the web app, then calls :func:`start`.

* Camera: opened from settings ``[camera] source``. A bad source string is a CameraError (the CLI
  prints it); a camera that cannot be opened now, or does not open within ``[camera]
  open_timeout`` seconds (a loose ribbon cable can hang its opening), is *not*: the log says
  which camera and why, the referee keeps retrying, and the scoreboard says the camera is lost
  until it comes. ``none`` runs without camera and referee.
* Buttons: gpiozero with its default pin factory on a Raspberry Pi (lgpio). gpiozero does not
  fall back to anything when there is no GPIO (it raises BadPinFactory), so off a Pi the buttons
  are built on a ``MockFactory``: the same code runs, nothing presses them, and the log says so.
  A control whose pin cannot be had (in use by another program) is named on the wall, and the
  table runs without the buttons; so is a button that reads pressed at start (wired to its NC
  contact, or stuck), which the other buttons then ignore until it is let go.
  When standard input is a terminal, the keyboard works as the buttons (see device/controls.py).
"""

from __future__ import annotations

import logging
import sys
import threading
import time
import warnings
from pathlib import Path
from typing import IO, Any

from .camera import Camera, CameraError, CameraOpener, SampleTable, TimedCamera, open_camera, parse_source
from .console import Console
from .controls import KEY_HELP, ControlPanel, KeyboardControls

log = logging.getLogger(__name__)

#: The watchdog wants a referee step at least this often (seconds); camera retries wait <= 10 s.
STALL_SECONDS = 30.0
VIRTUAL_HANDS = "virtual-hands.json"   # the virtual table's kept liar's dice hands (in the data directory)


class Runtime:
    """What :func:`start` returns: the running pieces, ``healthy()`` for the watchdog, ``stop()``."""

    def __init__(self, table: Any, *, referee: Any = None, console: Console | None = None,
                 panel: ControlPanel | None = None, keyboard: KeyboardControls | None = None,
                 pin_factory: Any = None, gpio: bool = False, follower: Any = None,
                 opener: CameraOpener | None = None) -> None:
        self.table = table
        self.opener = opener             # opens the camera; one opening still is closed at stop
        self.follower = follower         # keeps the dial in step without a referee
        self.referee = referee
        self.console = console
        self.panel = panel
        self.keyboard = keyboard
        self.pin_factory = pin_factory
        self.gpio = gpio                 # real GPIO pins (on a Pi), not mock ones
        self._stopped = False

    def healthy(self) -> bool:
        """The referee loop is alive (it steps at least every few seconds, camera or not)."""
        if self.referee is None:
            return True
        if not self.referee.is_running:
            return False
        last = self.referee.last_step
        return last is None or time.monotonic() - last < STALL_SECONDS

    def stop(self) -> None:
        if self._stopped:
            return
        self._stopped = True
        if self.follower is not None:
            self.follower.close()
        if self.keyboard is not None:
            self.keyboard.close()
        if self.referee is not None:
            self.referee.stop()
        if self.opener is not None:
            self.opener.close()
        if self.panel is not None:
            self.panel.close()


class DialFollower:
    """Refreshes the dial at every change of the table (the phone's actions, a new game) where no
    referee steps do it, i.e. on a table without a camera. A thread of its own, fed by the event
    bus: called from inside the table's publish, the console (which acts on the table under its
    own lock) could deadlock against it."""

    def __init__(self, events: Any, refresh: Any) -> None:
        self._sub = events.subscribe()
        self._refresh = refresh
        self._stopping = threading.Event()
        self._thread = threading.Thread(target=self._run, name="dial", daemon=True)
        self._thread.start()

    def _run(self) -> None:
        while not self._stopping.is_set():
            event = self._sub.get(timeout=0.5)
            if event is None or event.kind != "state":
                continue
            try:
                self._refresh()
            except Exception:   # the dial outlives any bug in a refresh
                log.exception("the dial could not follow the table")

    def close(self) -> None:
        self._stopping.set()
        self._sub.close()
        self._thread.join(timeout=2)


def _pin_factory() -> tuple[Any, bool]:
    """gpiozero's real pin factory on a Pi, else a MockFactory; and whether it is real."""
    from gpiozero import Device
    from gpiozero.exc import BadPinFactory
    from gpiozero.pins.mock import MockFactory

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")      # gpiozero warns once per backend it cannot load
        try:
            factory = Device.pin_factory or Device._default_pin_factory()
            return factory, not isinstance(factory, MockFactory)
        except (BadPinFactory, ImportError, OSError, RuntimeError) as exc:
            log.info("no GPIO here (%s)", exc)
    return MockFactory(), False


class ReaderUnavailable(Exception):
    """The dice reader cannot run here: its face model is missing or broken (a one-line message
    saying what is wrong and how to fix it)."""


READER_FIX = ("reinstall dicetable (the model ships in vision/models/), or retrain it with "
              "python -m vision.training.train; or run with --camera none to enter the dice by hand")


def check_reader() -> None:
    """Load the reader's face model now and read one blank patch with it, so that a missing or
    broken model stops ``dicetable run`` at start-up with one line, rather than failing at every
    frame. The loaded model is cached (vision.classifier.default_classifier): the referee uses it.
    Raises :class:`ReaderUnavailable`."""
    import numpy as np

    try:
        from vision import classifier
    except ImportError:     # a broken install: start() says so and serves without the referee
        return
    try:
        faces = classifier.default_classifier()
        probe = faces.guess(np.zeros((64, 64), np.uint8), [(32.0, 32.0, 32.0)])
        answers = len(probe[0].probabilities) if len(probe) == 1 else None
    except Exception as exc:    # whatever loading or running it raised, the model cannot be used
        # One line: the fix is said below, and OpenCV's own file and line help nobody here.
        reason = " ".join(str(exc).split()).partition(": run python -m")[0].partition(": OpenCV(")[0]
        reason = reason or type(exc).__name__
        raise ReaderUnavailable(f"the dice reader cannot start: {reason}; {READER_FIX}") from None
    # Faces 1-6 and "no die" at least (the shipped model adds "a die with no readable face"),
    # and as many as its record says it gives.
    if answers is None or answers < 7 or answers != getattr(faces, "classes", answers):
        raise ReaderUnavailable("the dice reader cannot start: its face model does not give the "
                                f"answers the reader needs; {READER_FIX}")


def _calibration(settings: Any) -> Any:
    vision = getattr(settings, "vision", None)
    if vision is None or getattr(vision, "tray", None) is None:
        return None
    try:
        from vision.calibrate import Calibration
        return Calibration.from_dict({k: getattr(vision, k) for k in ("tray", "die_size", "exposure")})
    except Exception as exc:   # a bad or missing calibration: the reader estimates sizes itself
        log.warning("calibration not used (%s)", exc)
        return None


def start(settings: Any, table: Any, events: Any = None, *, pin_factory: Any = None,
          keyboard: IO[str] | None | bool = None, camera: Camera | None = None) -> Runtime:
    """Start the camera, referee, buttons and keyboard for ``table``; returns a :class:`Runtime`.

    ``pin_factory``: a gpiozero pin factory (tests pass a MockFactory); default: the Pi's.
    ``keyboard``: a stream of keys, False for none; default: standard input if it is a terminal.
    ``camera``: an already open camera (tests), instead of settings ``[camera] source``; read as
    it is (one opened from the settings is read through a TimedCamera: ``[camera] read_timeout``).
    With a camera, a missing or broken face model raises :class:`ReaderUnavailable` at once.
    """
    cam = settings.camera
    kind, arg = parse_source(cam.source)        # a bad source string is an error at once
    if camera is None and kind == "replay" and not Path(arg or "").expanduser().exists():
        # A typo, not a loose cable: retrying would only put "Camera lost" on the wall for ever.
        raise CameraError(f"replay: {arg} does not exist")
    referee = None
    opening: CameraOpener | None = None
    if camera is not None or kind != "none":
        from .referee import Referee, dice_on_table

        check_reader()          # before the camera is opened: nothing to close if it fails

        def dice() -> int | None:
            """The dice the game in play puts on the tray: the virtual table (no camera found,
            the sample frames) rolls that many."""
            return dice_on_table(table)

        def tell_virtual(opened: Camera) -> None:
            # The virtual table rolls the dice itself: the table then takes a Farkel player's
            # roll tapped on the phone as the choice of which dice to roll (High Stakes or not).
            # (First the dice it has rolls of: a liar's dice game with more hands than its sample
            # frames show is refused, its opens could never be judged. Then ``virtual``, which
            # every TableService declares: the table publishes its change for the phone.)
            table.virtual_dice = frozenset(opened.rolls) if isinstance(opened, SampleTable) \
                else frozenset()
            table.virtual = isinstance(opened, SampleTable)

        # The virtual table keeps the liar's dice hands it rolled on the device, beside the
        # store, so a power cut does not re-roll the hands sealed under the cups.
        directory = getattr(getattr(table, "store", None), "directory", None)
        keep = Path(directory) / VIRTUAL_HANDS if directory is not None else None

        # Opened in a thread, within [camera] open_timeout: a camera that hangs in its opening
        # (a loose ribbon cable) is a camera that would not open, not a table that never serves.
        opening = CameraOpener(lambda trying: open_camera(cam.source, width=cam.width,
                                                          height=cam.height, fps=cam.fps,
                                                          trying=trying, dice=dice, keep=keep),
                               cam.open_timeout)

        def opener() -> Camera:
            assert opening is not None
            opened = opening()
            tell_virtual(opened)
            return TimedCamera(opened, cam.read_timeout)

        reopen = None
        if camera is not None:
            tell_virtual(camera)
        if camera is None:
            reopen = opener
            try:
                camera = opener()
                log.info("camera: %s", camera.name)
            except CameraError as exc:
                log.warning("camera not available yet (%s): retrying", exc)
                # Said now: the referee's first retry may wait for a hung opening again.
                from .referee import CAMERA_LOST
                table.set_camera_status("lost", CAMERA_LOST)
        try:
            from vision.watcher import Watcher
            # The calibrated exposure is the cup-down brightness the "cup lifted" signal needs.
            exposure = getattr(getattr(settings, "vision", None), "exposure", None)
            referee = Referee(table, camera, open_camera=reopen, view=cam.view, fps=cam.fps,
                              calibration=_calibration(settings), watcher=Watcher(baseline=exposure))
        except ImportError as exc:      # a broken install: serve the page, say why there is no referee
            log.error("the dice reader cannot be loaded (%s): running without the referee", exc)
            table.set_camera_status("lost", "The dice reader is not installed: see the device log")
            if camera is not None:
                camera.close()
            if opening is not None:
                opening.close()
                opening = None
        else:
            referee.start()
    else:
        log.info("no camera: dice are entered when the cup is lifted")
        table.set_camera_status("none", None)

    console = Console(table, hands=referee.hands if referee is not None else None)
    gpio = False
    panel = None
    pins_given = pin_factory is not None        # a caller's pins (tests drive mock ones)
    if pin_factory is None:
        pin_factory, gpio = _pin_factory()
    try:
        panel = ControlPanel.from_settings(settings.pins, pin_factory=pin_factory)
        console.attach(panel)
    except Exception as exc:   # pins in use or miswired: run on, the page still works
        log.error("the buttons could not be set up (%s): running without them", exc)
        panel = None
        # Said on the wall too: the owner wiring the box sees why no button does anything.
        _tell(table, f"the buttons are not working: {exc}; play from the phone's control page "
                     "(the device log says more)")
    if panel is not None and panel.pressed_at_start:
        what = " and ".join(panel.pressed_at_start)
        log.warning("%s reads pressed with nobody pressing it", what)
        _tell(table, f"{what} reads pressed with nobody pressing it: wire it to the switch's NO "
                     "(normally open) contact, not NC, or free it if it is stuck (hardware.md)")
    if panel is not None and not gpio:
        log.info("no GPIO on this machine: the buttons are mock pins nobody can press")

    keys = None
    stream = sys.stdin if keyboard is None else keyboard
    if stream and (keyboard is not None or _is_terminal(stream)):
        keys = KeyboardControls(stream)
        console.attach(keys)
        keys.start()
        log.info("keyboard controls: %s", KEY_HELP)
    # The scoreboard shows the dial ("dialling 4") only when something can turn it: off a Pi with
    # no keyboard the buttons are mock pins nobody presses, and the wall would show a dial nobody
    # is dialling.
    follower = None
    if keys is not None or (panel is not None and (gpio or pins_given)):
        if referee is not None:
            referee.after_step = console.refresh      # the dial follows changes made from the web
        else:
            bus = events if events is not None else getattr(table, "events", None)
            if bus is not None:
                follower = DialFollower(bus, console.refresh)
        console.refresh()
    return Runtime(table, referee=referee, console=console, panel=panel, keyboard=keys,
                   pin_factory=pin_factory, gpio=gpio, follower=follower, opener=opening)


def _tell(table: Any, message: str) -> None:
    """Put a start-up problem on the wall, unless the table already shows something there (an
    unfinished game that could not be resumed says so first)."""
    note = getattr(table, "note", None)
    if callable(note) and not table.public_state().get("note"):
        note(message)


def _is_terminal(stream: Any) -> bool:
    try:
        return bool(stream.isatty())
    except (AttributeError, ValueError):
        return False
