"""The players' controls: three arcade buttons and a dial, with gpiozero, or a keyboard.

On the table:

* **Declare**, **Pass**, **Pull**: arcade buttons (to ground; gpiozero's internal pull-ups).
  A tap acts when the button is released; holding any of them for ``hold_time`` seconds is
  **Undo** instead (and the tap is then not sent).
* **The dial**: a rotary encoder with a push switch. Turning it steps through the choices the
  scoreboard shows (the legal calls before Declare; a player and a foul kind in foul mode);
  pushing it enters foul mode and moves on (see :mod:`device.console`); holding it is Undo too.

gpiozero's habits throughout: keyword-only options, ``pin_factory=`` on every class (tests pass a
``gpiozero.pins.mock.MockFactory`` and press with ``pin.drive_low()``), ``when_*`` callbacks,
``is_*`` predicates and ``wait_for_*(timeout)``.

Every control source (:class:`ControlPanel`, :class:`KeyboardControls`) has the same callbacks,
from :class:`ControlEvents`: ``when_declare``, ``when_pass``, ``when_pull``, ``when_undo``,
``when_dial_pushed`` (no arguments) and ``when_turned(step)`` with step +1 (clockwise) or -1;
``when_chord`` when two buttons were down at once, which sends neither (nor an Undo); a button
already held past ``hold_time`` (its Undo sent) does not count.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable, Mapping
from typing import IO, Any

from gpiozero import Button, CompositeDevice, RotaryEncoder
from gpiozero.mixins import event

log = logging.getLogger(__name__)

#: The default pin map (BCM numbers), the same as settings [pins] and hardware.md.
DEFAULT_PINS: dict[str, Any] = {
    "declare": 17, "pass_": 27, "pull": 22, "encoder_a": 5, "encoder_b": 6,
    "encoder_button": 13, "bounce_time": 0.05, "hold_time": 1.5,
}

CONTROL_NAMES = ("declare", "pass", "pull", "undo", "dial_pushed")


class ControlsError(Exception):
    """A control cannot be set up on its pin; the message names the control and the pin."""


def _gpio(pin: int | str) -> str:
    return f"GPIO {pin}" if isinstance(pin, int) else str(pin)


def _reason(exc: Exception) -> str:
    from gpiozero.exc import GPIOPinInUse

    if isinstance(exc, GPIOPinInUse):     # gpiozero's text ends in the repr of the other device
        return "the pin is already in use (by another program, or another control)"
    return " ".join(str(exc).split()) or type(exc).__name__


class ControlEvents:
    """The callbacks every control source offers (a mixin).

    A callback that raises is logged and forgotten: a bad press must never stop the buttons.
    """

    when_declare: Callable[[], Any] | None = None
    when_pass: Callable[[], Any] | None = None
    when_pull: Callable[[], Any] | None = None
    when_undo: Callable[[], Any] | None = None
    when_dial_pushed: Callable[[], Any] | None = None
    when_turned: Callable[[int], Any] | None = None
    when_chord: Callable[[], Any] | None = None     # two buttons pressed together: none sent

    def _emit(self, name: str, *args: Any) -> None:
        fn = getattr(self, f"when_{name}", None)
        if fn is None:
            return
        try:
            fn(*args)
        except Exception:   # the controls outlive any bug in a handler
            log.exception("the %s handler failed", name)


class ArcadeButton(Button):
    """A :class:`gpiozero.Button` that tells a tap from a hold.

    ``when_tapped`` fires on release when the button was not held; ``when_held`` (gpiozero's)
    fires once after ``hold_time`` seconds, and then no tap follows. A button already down when
    it is made (wired to its NC contact, or stuck: ``down_at_start``) counts as held until it is
    first let go, and that release is no tap either.
    """

    def __init__(self, pin: int | str, *, bounce_time: float | None = 0.05, hold_time: float = 1.5,
                 pin_factory: Any = None) -> None:
        self._tap_event = threading.Event()
        super().__init__(pin, pull_up=True, bounce_time=bounce_time, hold_time=hold_time,
                         pin_factory=pin_factory)
        self.down_at_start = self.is_pressed

    when_tapped = event("The function to run when the button is pressed and released before "
                        "``hold_time``.")

    def _fire_deactivated(self) -> None:
        was_held = self._held_from is not None or self.down_at_start
        self.down_at_start = False
        super()._fire_deactivated()
        if not was_held:
            self._tap_event.set()
            self._tap_event.clear()
            if self.when_tapped:
                self.when_tapped()

    def wait_for_tap(self, timeout: float | None = None) -> bool:
        """Wait until the button is tapped (pressed and released before hold_time)."""
        return self._tap_event.wait(timeout)


class Dial(CompositeDevice):
    """A rotary encoder (pins ``a``, ``b``) with a push switch (``button``).

    ``when_turned(step)`` gets +1 for a clockwise detent and -1 the other way; ``when_pushed`` a
    tap of the switch. ``steps`` counts detents since the start.
    """

    def __init__(self, a: int | str, b: int | str, button: int | str, *,
                 bounce_time: float | None = 0.05, hold_time: float = 1.5,
                 pin_factory: Any = None) -> None:
        # No software debounce on the encoder itself: gpiozero's state machine only counts
        # complete quadrature cycles, which already rejects contact bounce.
        encoder = RotaryEncoder(a, b, max_steps=0, pin_factory=pin_factory)
        push = ArcadeButton(button, bounce_time=bounce_time, hold_time=hold_time,
                            pin_factory=pin_factory)
        super().__init__(encoder=encoder, push=push, _order=("encoder", "push"),
                         pin_factory=pin_factory)
        self.when_turned: Callable[[int], Any] | None = None
        self.when_pushed: Callable[[], Any] | None = None
        encoder.when_rotated_clockwise = lambda: self._turned(+1)
        encoder.when_rotated_counter_clockwise = lambda: self._turned(-1)
        push.when_tapped = lambda: self.when_pushed and self.when_pushed()

    def _turned(self, step: int) -> None:
        if self.when_turned:
            self.when_turned(step)

    @property
    def steps(self) -> int:
        return self.encoder.steps

    @property
    def is_pushed(self) -> bool:
        return self.push.is_pressed

    def wait_for_turn(self, timeout: float | None = None) -> bool:
        return self.encoder.wait_for_rotate(timeout)


class ControlPanel(ControlEvents, CompositeDevice):
    """The table's three arcade buttons and the dial, on the GPIO pins of settings [pins].

    >>> from gpiozero.pins.mock import MockFactory
    >>> panel = ControlPanel(pin_factory=MockFactory())
    >>> panel.when_pull = lambda: print("pull!")
    >>> pin = panel.pull.pin; pin.drive_low(); pin.drive_high()
    pull!
    """

    def __init__(self, *, declare: int | str = 17, pass_: int | str = 27, pull: int | str = 22,
                 encoder_a: int | str = 5, encoder_b: int | str = 6, encoder_button: int | str = 13,
                 bounce_time: float | None = 0.05, hold_time: float = 1.5,
                 pin_factory: Any = None) -> None:
        opts = {"bounce_time": bounce_time, "hold_time": hold_time, "pin_factory": pin_factory}
        built: list[Any] = []

        def build(what: str, make: Callable[[], Any]) -> Any:
            # A pin that cannot be had is told by the control on it (lgpio says only "GPIO
            # busy"), and the controls built before it let their pins go.
            try:
                device = make()
            except Exception as exc:
                for done in reversed(built):
                    done.close()
                raise ControlsError(f"{what} cannot be used: {_reason(exc)}") from exc
            built.append(device)
            return device

        super().__init__(
            declare=build(f"the Declare button on {_gpio(declare)}", lambda: ArcadeButton(declare, **opts)),
            pass_=build(f"the Pass button on {_gpio(pass_)}", lambda: ArcadeButton(pass_, **opts)),
            pull=build(f"the Pull button on {_gpio(pull)}", lambda: ArcadeButton(pull, **opts)),
            dial=build(f"the dial on {_gpio(encoder_a)}, {_gpio(encoder_b)} and {_gpio(encoder_button)}",
                       lambda: Dial(encoder_a, encoder_b, encoder_button, **opts)),
            _order=("declare", "pass_", "pull", "dial"), pin_factory=pin_factory)
        # Two buttons down at once (a palm on the panel) send nothing: each press would act for
        # whoever is to act by then, the Roller's Declare and then the Next Guy's Pull.
        self._buttons = (self.declare, self.pass_, self.pull, self.dial.push)
        self._chord = False
        labels = (f"the Declare button on {_gpio(declare)}", f"the Pass button on {_gpio(pass_)}",
                  f"the Pull button on {_gpio(pull)}", f"the dial's push switch on {_gpio(encoder_button)}")
        # A button down before anyone could press it (wired to the NC contact, or stuck) counts
        # as held until it is let go: it must not make every other press "two at once".
        self.pressed_at_start = [label for b, label in zip(self._buttons, labels) if b.down_at_start]
        for button in self._buttons:
            button.when_pressed = self._pressed
        for button, name in ((self.declare, "declare"), (self.pass_, "pass"), (self.pull, "pull")):
            button.when_tapped = (lambda n=name: self._alone(n))
            button.when_held = lambda: self._alone("undo")
        self.dial.when_turned = lambda step: self._emit("turned", step)
        self.dial.when_pushed = lambda: self._alone("dial_pushed")
        self.dial.push.when_held = lambda: self._alone("undo")

    def _pressed(self) -> None:
        # A button held past hold_time has sent its Undo and is spent: a press of another one
        # after that (a microswitch that sticks, a player leaning on a button) is a press on its
        # own, not a palm on two; else nothing at all worked until the held one was let go.
        down = sum(1 for b in self._buttons if b.is_pressed and not (b.is_held or b.down_at_start))
        if down > 1 and not self._chord:
            self._chord = True
            self._emit("chord")
        elif down == 1:
            self._chord = False        # a press on its own starts afresh

    def _alone(self, name: str) -> None:
        if not self._chord:
            self._emit(name)

    @classmethod
    def from_settings(cls, pins: Any, *, pin_factory: Any = None) -> "ControlPanel":
        """Build from settings [pins] (a dataclass or a mapping with the DEFAULT_PINS keys)."""
        get = (pins.get if isinstance(pins, Mapping) else lambda k, d=None: getattr(pins, k, d))
        values = {k: get(k, v) for k, v in DEFAULT_PINS.items()}
        if isinstance(pins, Mapping) and "pass" in pins:
            values["pass_"] = pins["pass"]
        return cls(**values, pin_factory=pin_factory)


KEYS: dict[str, tuple[str, tuple[Any, ...]]] = {
    "d": ("declare", ()), "p": ("pass", ()), "u": ("pull", ()), "z": ("undo", ()),
    "]": ("turned", (+1,)), "[": ("turned", (-1,)), "f": ("dial_pushed", ()),
}
KEY_HELP = "keys: d declare, p pass, u pull, [ ] turn the dial, f push the dial (fouls), z undo"


class KeyboardControls(ControlEvents):
    """The same controls from a keyboard, for development without GPIO.

    Keys (case-insensitive): ``d`` Declare, ``p`` Pass, ``u`` Pull (Up with the cup), ``[`` and
    ``]`` turn the dial, ``f`` push the dial (foul mode), ``z`` Undo. Other characters are ignored.
    :meth:`feed` handles text synchronously; :meth:`start` reads a stream on a thread (a terminal
    is read key by key; anything else line by line).
    """

    def __init__(self, stream: IO[str] | None = None) -> None:
        self.stream = stream
        self._thread: threading.Thread | None = None
        self._stopping = threading.Event()
        self._closed_event = threading.Event()

    def feed(self, text: str) -> int:
        """Act on every known key in ``text``; returns how many were known."""
        n = 0
        for ch in text.lower():
            if ch in KEYS:
                name, args = KEYS[ch]
                self._emit(name, *args)
                n += 1
        return n

    def start(self) -> "KeyboardControls":
        if self.stream is None or self._thread is not None:
            return self
        self._thread = threading.Thread(target=self._run, name="keyboard", daemon=True)
        self._thread.start()
        return self

    def _run(self) -> None:
        stream = self.stream
        restore = _cbreak(stream)
        try:
            while not self._stopping.is_set():
                text = stream.read(1) if restore else stream.readline()
                if not text:
                    break          # end of input: the keyboard is simply gone
                self.feed(text)
        except (OSError, ValueError):
            log.info("keyboard input closed")
        finally:
            if restore:
                restore()
            self._closed_event.set()

    @property
    def is_open(self) -> bool:
        return self._thread is not None and not self._closed_event.is_set()

    def wait_for_close(self, timeout: float | None = None) -> bool:
        """Wait until the stream has ended (tests feed a finite stream)."""
        return self._closed_event.wait(timeout)

    def close(self) -> None:
        self._stopping.set()


def _cbreak(stream: IO[str]) -> Callable[[], None] | None:
    """Put a terminal in cbreak mode (keys without Enter); returns how to restore it."""
    try:
        if not stream.isatty():
            return None
        import termios
        import tty
        fd = stream.fileno()
        saved = termios.tcgetattr(fd)
        tty.setcbreak(fd)
    except (OSError, ValueError, AttributeError, ImportError):
        return None
    return lambda: termios.tcsetattr(fd, termios.TCSADRAIN, saved)
