"""Real gpiozero Buttons and RotaryEncoder, pressed through MockFactory pins as gpiozero's tests do."""

from __future__ import annotations

import io
import threading

import pytest
from gpiozero.pins.mock import MockFactory

from device.controls import ArcadeButton, ControlPanel, Dial, KeyboardControls

WAIT = 5.0   # generous timeout for events fired from gpiozero's hold thread


@pytest.fixture
def factory():
    f = MockFactory()
    yield f
    f.reset()


@pytest.fixture
def panel(factory):
    p = ControlPanel(pin_factory=factory, hold_time=0.05)
    yield p
    p.close()


def record(panel: ControlPanel) -> list:
    got: list = []
    for name in ("declare", "pass", "pull", "undo", "dial_pushed"):
        setattr(panel, f"when_{name}", lambda n=name: got.append(n))
    panel.when_turned = lambda step: got.append(step)
    return got


def tap(pin) -> None:
    pin.drive_low()
    pin.drive_high()


def turn(factory, a: int, b: int, clicks: int) -> None:
    """One full quadrature cycle per detent: A leads for clockwise, B leads for counter-clockwise."""
    first, second = (factory.pin(a), factory.pin(b)) if clicks > 0 else (factory.pin(b), factory.pin(a))
    for _ in range(abs(clicks)):
        first.drive_low()
        second.drive_low()
        first.drive_high()
        second.drive_high()


@pytest.mark.parametrize("pin, name", [(17, "declare"), (27, "pass"), (22, "pull")])
def test_a_tap_sends_that_button_once(factory, panel, pin: int, name: str) -> None:
    got = record(panel)
    tap(factory.pin(pin))
    assert got == [name]


def test_the_action_is_sent_on_release_not_on_press(factory, panel) -> None:
    got = record(panel)
    factory.pin(22).drive_low()
    assert got == [] and panel.pull.is_pressed
    factory.pin(22).drive_high()
    assert got == ["pull"]


@pytest.mark.parametrize("pin", [17, 27, 22, 13])
def test_holding_a_button_is_undo_and_no_tap(factory, panel, pin: int) -> None:
    got = record(panel)
    held = threading.Event()
    panel.when_undo = lambda: (got.append("undo"), held.set())
    factory.pin(pin).drive_low()
    assert held.wait(WAIT)
    factory.pin(pin).drive_high()
    assert got == ["undo"]


def test_the_dial_turns_both_ways(factory, panel) -> None:
    got = record(panel)
    turn(factory, 5, 6, 3)
    turn(factory, 5, 6, -1)
    assert got == [1, 1, 1, -1]
    assert panel.dial.steps == 2


def test_a_half_turn_is_not_a_step(factory, panel) -> None:
    got = record(panel)
    factory.pin(5).drive_low()
    factory.pin(6).drive_low()
    factory.pin(6).drive_high()
    factory.pin(5).drive_high()
    assert got == []


def test_pushing_the_dial(factory, panel) -> None:
    got = record(panel)
    tap(factory.pin(13))
    assert got == ["dial_pushed"]


@pytest.mark.parametrize("first, second", [(17, 22), (22, 17), (27, 13), (17, 27)])
def test_two_buttons_pressed_together_send_neither(factory, panel, first: int, second: int) -> None:
    # A palm on Declare and Pull must not declare for the Roller and pull for the Next Guy.
    got = record(panel)
    chords: list = []
    panel.when_chord = lambda: chords.append(1)
    factory.pin(first).drive_low()
    factory.pin(second).drive_low()
    factory.pin(first).drive_high()
    factory.pin(second).drive_high()
    assert got == [] and chords
    tap(factory.pin(second))                # one button alone works again at once
    tap(factory.pin(first))
    names = {17: "declare", 27: "pass", 22: "pull", 13: "dial_pushed"}
    assert got == [names[second], names[first]]


def test_pins_come_from_settings(factory) -> None:
    panel = ControlPanel.from_settings({"declare": 23, "pass": 24, "pull": 25, "encoder_a": 16,
                                        "encoder_b": 20, "encoder_button": 21},
                                       pin_factory=factory)
    try:
        got = record(panel)
        tap(factory.pin(24))
        tap(factory.pin(21))
        turn(factory, 16, 20, 1)
        assert got == ["pass", "dial_pushed", 1]
        assert panel.declare.hold_time == 1.5 and panel.declare.pin.bounce == 0.05
    finally:
        panel.close()


def test_a_failing_handler_does_not_stop_the_buttons(factory, panel, caplog) -> None:
    got = record(panel)

    def broken() -> None:
        raise RuntimeError("boom")

    panel.when_declare = broken
    tap(factory.pin(17))
    tap(factory.pin(27))
    assert got == ["pass"]
    assert "declare handler failed" in caplog.text


def test_arcade_button_tells_tap_from_hold(factory) -> None:
    button = ArcadeButton(4, hold_time=0.05, pin_factory=factory)
    taps, holds = [], threading.Event()
    button.when_tapped = lambda: taps.append(1)
    button.when_held = holds.set
    try:
        tap(factory.pin(4))
        factory.pin(4).drive_low()
        assert holds.wait(WAIT) and button.is_held
        factory.pin(4).drive_high()
        assert taps == [1] and not button.is_pressed
    finally:
        button.close()


def test_dial_on_its_own(factory) -> None:
    dial = Dial(5, 6, 13, pin_factory=factory)
    steps: list[int] = []
    dial.when_turned = steps.append
    try:
        turn(factory, 5, 6, -2)
        assert steps == [-1, -1] and dial.steps == -2 and not dial.is_pushed
    finally:
        dial.close()


def test_keyboard_keys() -> None:
    keys = KeyboardControls()
    got: list = []
    for name in ("declare", "pass", "pull", "undo", "dial_pushed"):
        setattr(keys, f"when_{name}", lambda n=name: got.append(n))
    keys.when_turned = got.append
    assert keys.feed("dPu][fzx ") == 7
    assert got == ["declare", "pass", "pull", 1, -1, "dial_pushed", "undo"]


def test_keyboard_reads_a_stream_until_it_ends() -> None:
    keys = KeyboardControls(io.StringIO("d\n]]\nu\n"))
    got: list = []
    keys.when_declare = lambda: got.append("declare")
    keys.when_pull = lambda: got.append("pull")
    keys.when_turned = got.append
    keys.start()
    assert keys.wait_for_close(WAIT)
    assert got == ["declare", 1, 1, "pull"] and not keys.is_open


@pytest.mark.parametrize("stuck, pin, name", [(22, 17, "declare"), (17, 27, "pass"), (13, 22, "pull"),
                                              (27, 13, "dial_pushed")])
def test_a_button_held_down_past_its_undo_does_not_lock_the_others(factory, panel, stuck: int,
                                                                   pin: int, name: str) -> None:
    # A microswitch that sticks, or a player leaning on a button: once its Undo has gone, every
    # press of another button was taken for "two buttons at once" and nothing worked until it
    # was let go, the wall telling the player who pressed one button to press one at a time.
    got = record(panel)
    chords: list = []
    panel.when_chord = lambda: chords.append(1)
    held = threading.Event()
    panel.when_undo = lambda: (got.append("undo"), held.set())
    factory.pin(stuck).drive_low()
    assert held.wait(WAIT)
    tap(factory.pin(pin))
    tap(factory.pin(pin))
    assert got == ["undo", name, name] and not chords
    factory.pin(stuck).drive_high()         # let go at last: no tap, no second Undo
    assert got == ["undo", name, name]


def test_two_buttons_pressed_together_before_either_is_held_still_send_nothing(factory, panel) -> None:
    got = record(panel)
    chords: list = []
    panel.when_chord = lambda: chords.append(1)
    panel.declare.hold_time = panel.pull.hold_time = 5.0     # pressed together, let go quickly
    factory.pin(17).drive_low()
    factory.pin(22).drive_low()
    factory.pin(22).drive_high()
    factory.pin(17).drive_high()
    assert got == [] and chords == [1]
