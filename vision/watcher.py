"""The Watcher: a stream of Readings in, signals out (gpiozero style).

Fed one :class:`~vision.reading.Reading` per frame with :meth:`Watcher.update`, it tells:

* ``settled``: ``settle_frames`` consecutive ok readings agree (same values, every die within
  ``tolerance`` of where it was). An unsure reading never settles: it breaks the run.
  An empty tray does not settle (there are no dice to settle).
* ``new_roll``: dice settled that differ from the last settled ones (other values or count, or
  the same values elsewhere when nothing is sealed or the cup was lifted since the seal: a
  re-roll). Given just before ``settled``; it clears the seal.
* ``count_changed``: the number of dice seen changed (a die fell out, the dice were picked up),
  confirmed by ``count_frames`` consecutive ok readings. Dice gone (0) also clears the seal.
* ``moved``: after :meth:`seal`, with the cup down all along, the same dice were seen elsewhere
  (someone touched them); once per seal, confirmed by ``count_frames`` consecutive readings.
  Dice that show other values, or that moved after the cup was lifted, are a new roll instead,
  told when they settle.
* ``cup_lifted`` / ``cup_down``: the frame's brightness jumped above the cup-down baseline (light
  floods the tray from the room), confirmed by ``lift_frames`` frames, and came back down.
  The baseline follows the darker, cup-down frames; it can be given (the calibrated exposure).

Callbacks ``when_settled``, ``when_new_roll``, ``when_count_changed``, ``when_moved``,
``when_cup_lifted``, ``when_cup_down`` take no argument or the :class:`Signal`; they run in the
thread that calls :meth:`update`, after the watcher's state is updated.
"""

from __future__ import annotations

import inspect
import math
import threading
from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum
from typing import Any

from .reading import Die, Reading

__all__ = ["Signal", "SignalKind", "Watcher", "readings_agree"]


class SignalKind(str, Enum):
    SETTLED = "settled"
    NEW_ROLL = "new_roll"
    COUNT_CHANGED = "count_changed"
    MOVED = "moved"
    CUP_LIFTED = "cup_lifted"
    CUP_DOWN = "cup_down"


@dataclass(frozen=True)
class Signal:
    """What the watcher noticed at one frame, with the reading that showed it."""

    kind: SignalKind
    reading: Reading
    count: int | None = None        # count_changed: the new number of dice
    previous: int | None = None     # count_changed: the number before

    def __str__(self) -> str:
        return self.kind.value


def _matched(a: tuple[Die, ...], b: tuple[Die, ...], tolerance: float, min_px: float) -> bool:
    """Every die of ``a`` has its own die of ``b`` with the same value close enough."""
    if len(a) != len(b):
        return False
    free = list(b)
    for d in a:
        best, best_dist = None, math.inf
        for i, e in enumerate(free):
            if e.value != d.value:
                continue
            dist = math.hypot(d.x - e.x, d.y - e.y)
            if dist < best_dist:
                best, best_dist = i, dist
        if best is None:
            return False
        size = max(d.size, free[best].size, 0.0)
        if best_dist > max(min_px, tolerance * size):
            return False
        free.pop(best)
    return True


def readings_agree(a: Reading, b: Reading, *, tolerance: float = 0.25, min_px: float = 3.0) -> bool:
    """Both ok, the same values, each die within ``tolerance`` (of a die's side) of its match."""
    return (a.ok and b.ok and sorted(d.value for d in a.dice) == sorted(d.value for d in b.dice)
            and _matched(a.dice, b.dice, tolerance, min_px))


def _wrap(fn: Callable[..., Any] | None) -> Callable[[Signal], Any] | None:
    """Like gpiozero: a callback may take the signal or nothing."""
    if fn is None:
        return None
    if not callable(fn):
        raise TypeError(f"a watcher callback must be callable or None, got {fn!r}")
    try:
        inspect.signature(fn).bind(None)
        return fn
    except TypeError:
        try:
            inspect.signature(fn).bind()
        except TypeError:
            raise TypeError(f"a watcher callback must take no argument or one (the signal): {fn!r}") from None
        return lambda signal: fn()
    except ValueError:       # no signature to inspect (some builtins): pass the signal
        return fn


class Watcher:
    """Turns per-frame Readings into signals (see the module docstring)."""

    _CALLBACKS = ("settled", "new_roll", "count_changed", "moved", "cup_lifted", "cup_down")

    def __init__(self, *, settle_frames: int = 3, count_frames: int = 2, lift_frames: int = 2,
                 tolerance: float = 0.25, min_tolerance_px: float = 3.0,
                 lift_ratio: float = 1.3, lift_delta: float = 25.0,
                 baseline: float | None = None) -> None:
        """``tolerance``: how far (a fraction of a die's side, at least ``min_tolerance_px``) a
        die may be from where it was and still count as the same; ``lift_ratio`` and
        ``lift_delta``: how much brighter than the cup-down baseline a frame must be (both) for
        the cup to be lifted."""
        for name, value in (("settle_frames", settle_frames), ("count_frames", count_frames),
                            ("lift_frames", lift_frames)):
            if not isinstance(value, int) or value < 1:
                raise ValueError(f"{name} must be a whole number of frames, at least 1, got {value!r}")
        if not tolerance > 0 or min_tolerance_px < 0:
            raise ValueError("tolerance must be above 0 and min_tolerance_px at least 0")
        if not lift_ratio >= 1 or lift_delta < 0:
            raise ValueError("lift_ratio must be at least 1 and lift_delta at least 0")
        self.settle_frames = settle_frames
        self.count_frames = count_frames
        self.lift_frames = lift_frames
        self.tolerance = float(tolerance)
        self.min_tolerance_px = float(min_tolerance_px)
        self.lift_ratio = float(lift_ratio)
        self.lift_delta = float(lift_delta)
        self._lock = threading.RLock()
        self._settled_event = threading.Event()
        self._callbacks: dict[str, Callable[[Signal], Any] | None] = dict.fromkeys(self._CALLBACKS)
        self._baseline = float(baseline) if baseline else None
        self.reset()

    # -- state ---------------------------------------------------------------------------
    def reset(self) -> None:
        """Forget everything seen (not the callbacks, not a given baseline)."""
        with self._lock:
            self._candidate: Reading | None = None     # the reading the current run agrees with
            self._run = 0
            self._settled: Reading | None = None       # the last settled reading
            self._is_settled = False
            self._settled_event.clear()
            self._sealed: Reading | None = None
            self._moved_told = False
            self._moved_run = 0
            self._lifted_since_seal = False
            self._count: int | None = None
            self._pending_count: int | None = None
            self._pending_run = 0
            self._lifted = False
            self._lift_run = 0
            self.last_reading: Reading | None = None

    @property
    def is_settled(self) -> bool:
        return self._is_settled

    @property
    def is_cup_lifted(self) -> bool:
        return self._lifted

    @property
    def settled_reading(self) -> Reading | None:
        """The last reading the dice settled on (None before any)."""
        return self._settled

    @property
    def sealed_reading(self) -> Reading | None:
        return self._sealed

    @property
    def count(self) -> int | None:
        """The number of dice seen (confirmed), None before any ok reading."""
        return self._count

    @property
    def baseline(self) -> float | None:
        """The brightness of the tray with the cup down, as learnt so far."""
        return self._baseline

    def seal(self, reading: Reading | None = None) -> Reading:
        """Remember ``reading`` (default: the settled one) and watch for the dice moving."""
        with self._lock:
            reading = reading or self._settled
            if reading is None or not reading.ok:
                raise ValueError("nothing to seal: the dice have not settled on a good reading")
            self._sealed, self._moved_told, self._moved_run = reading, False, 0
            self._lifted_since_seal = self._lifted
            return reading

    def unseal(self) -> None:
        with self._lock:
            self._sealed, self._moved_told, self._moved_run = None, False, 0
            self._lifted_since_seal = False

    def wait_for_settled(self, timeout: float | None = None) -> bool:
        """Block until the dice are settled (True) or ``timeout`` seconds pass (False)."""
        return self._settled_event.wait(timeout)

    # -- callbacks (gpiozero style properties) -------------------------------------------
    def _get(name: str) -> property:  # type: ignore[misc]
        def getter(self: "Watcher") -> Callable[..., Any] | None:
            return self._callbacks[name]

        def setter(self: "Watcher", fn: Callable[..., Any] | None) -> None:
            self._callbacks[name] = _wrap(fn)

        return property(getter, setter, doc=f"Called on every {name!r} signal (no argument or the Signal).")

    when_settled = _get("settled")
    when_new_roll = _get("new_roll")
    when_count_changed = _get("count_changed")
    when_moved = _get("moved")
    when_cup_lifted = _get("cup_lifted")
    when_cup_down = _get("cup_down")
    del _get

    # -- the frame by frame work ---------------------------------------------------------
    def update(self, reading: Reading) -> list[Signal]:
        """Take one frame's reading; returns the signals it raised (callbacks run too)."""
        if not isinstance(reading, Reading):
            raise TypeError(f"Watcher.update needs a vision.reading.Reading, got {type(reading).__name__}")
        with self._lock:
            self.last_reading = reading
            signals = self._light(reading)
            if reading.ok:
                signals += self._count_change(reading)
                signals += self._moved(reading)
                signals += self._settle(reading)
            else:
                # Unsure never settles, and it breaks the run of agreeing reads.
                self._candidate, self._run = None, 0
                self._unsettle()
                self._moved_run = 0
            callbacks = [(self._callbacks[s.kind.value], s) for s in signals]
        for fn, signal in callbacks:
            if fn is not None:
                fn(signal)
        return signals

    def _agree(self, a: Reading, b: Reading) -> bool:
        return readings_agree(a, b, tolerance=self.tolerance, min_px=self.min_tolerance_px)

    def _unsettle(self) -> None:
        self._is_settled = False
        self._settled_event.clear()

    def _settle(self, reading: Reading) -> list[Signal]:
        if self._candidate is not None and self._agree(reading, self._candidate):
            self._run += 1
        else:
            self._candidate, self._run = reading, 1
            self._unsettle()
        if self._run != self.settle_frames or not reading.dice:
            return []
        signals = []
        last = self._settled
        if last is None or sorted(reading.values) != sorted(last.values):
            signals.append(Signal(SignalKind.NEW_ROLL, reading))
        elif (self._sealed is None or self._lifted_since_seal) and not self._agree(reading, last):
            # Re-rolled to the same values: nothing sealed, or the cup was up in between.
            signals.append(Signal(SignalKind.NEW_ROLL, reading))
        if signals:
            self.unseal()
        self._settled = reading
        self._is_settled = True
        self._settled_event.set()
        signals.append(Signal(SignalKind.SETTLED, reading))
        return signals

    def _count_change(self, reading: Reading) -> list[Signal]:
        n = len(reading.dice)
        if n == self._count:
            self._pending_count, self._pending_run = None, 0
            return []
        if n == self._pending_count:
            self._pending_run += 1
        else:
            self._pending_count, self._pending_run = n, 1
        if self._pending_run < self.count_frames:
            return []
        previous, self._count = self._count, n
        self._pending_count, self._pending_run = None, 0
        if n == 0:              # the dice are gone: nothing sealed or settled remains
            self.unseal()
            self._settled = None
        if previous is None:
            return []
        return [Signal(SignalKind.COUNT_CHANGED, reading, count=n, previous=previous)]

    def _moved(self, reading: Reading) -> list[Signal]:
        sealed = self._sealed
        if sealed is None or self._moved_told or self._lifted_since_seal:
            return []       # with the cup up, moving the dice is rolling them
        same_values = sorted(reading.values) == sorted(sealed.values)
        if not same_values or self._agree(reading, sealed):
            self._moved_run = 0
            return []
        self._moved_run += 1
        if self._moved_run < self.count_frames:
            return []
        self._moved_told = True
        return [Signal(SignalKind.MOVED, reading)]

    def _light(self, reading: Reading) -> list[Signal]:
        b = float(reading.brightness)
        if not b > 0:       # the reader gave no brightness: nothing to tell
            return []
        if self._baseline is None:
            self._baseline = b
        bright = b > self._baseline * self.lift_ratio and b - self._baseline > self.lift_delta
        if bright == self._lifted:
            self._lift_run = 0
            if not bright:
                # Follow the cup-down light: quickly down (the cup came down), slowly up.
                rate = 0.5 if b < self._baseline else 0.05
                self._baseline += rate * (b - self._baseline)
            return []
        self._lift_run += 1
        if self._lift_run < self.lift_frames:
            return []
        self._lift_run = 0
        self._lifted = bright
        if bright and self._sealed is not None:
            self._lifted_since_seal = True
        if not bright:
            self._baseline = b
        return [Signal(SignalKind.CUP_LIFTED if bright else SignalKind.CUP_DOWN, reading)]
