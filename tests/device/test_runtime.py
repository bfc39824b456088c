"""device.runtime.start(): what `dicetable run` gets for camera, buttons and keyboard."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from gpiozero.pins.mock import MockFactory, MockPin

from device import runtime as rt
from device.camera import CameraError
from device.events import EventBus
from device.settings import load
from device.store import Store
from device.table import Table


@pytest.fixture
def table(tmp_path: Path):
    store = Store(tmp_path / "data")
    t = Table(store, EventBus(), has_camera=False)
    yield t
    store.close()


def tap(factory, pin: int) -> None:
    factory.pin(pin).drive_low()
    factory.pin(pin).drive_high()


def test_without_a_camera_the_buttons_still_play(table) -> None:
    factory = MockFactory()
    handle = rt.start(load(None, {"camera.source": "none", "pins.pull": 26}), table, table.events,
                      pin_factory=factory, keyboard=False)
    try:
        assert handle.referee is None and handle.healthy() and not handle.gpio
        assert table.public_state()["device"]["camera"] == "none"
        table.start_game({"game": "kuriki", "players": ["Ann", "Bob"]})
        tap(factory, 17)                 # Declare: the lowest call, no dice (no camera)
        assert table.public_state()["call"] == "4"
        tap(factory, 26)                 # Pull on the pin from the settings: dice must be entered
        assert "pull from the phone" in table.public_state()["note"]
    finally:
        handle.stop()
    assert handle.panel.closed


def _dial_shown(table: Table, watch, expected: str) -> bool:
    """Wait (up to 5 s) for the wall's state to show ``expected`` as the dial."""
    if table.public_state()["dial"] == expected:
        return True
    while (event := watch.get(timeout=5)) is not None:
        if event.kind == "state" and event.data.get("dial") == expected:
            return True
    return False


def test_without_a_camera_the_dial_follows_changes_made_from_the_phone(table) -> None:
    # With a camera the referee's steps refresh the dial; without one nothing did: after a
    # declare from the phone the wall went on showing the old player's dialled call.
    factory = MockFactory()
    handle = rt.start(load(None, {"camera.source": "none"}), table, table.events,
                      pin_factory=factory, keyboard=False)
    watch = table.events.subscribe()
    try:
        table.start_game({"game": "kuriki", "players": ["Ann", "Bob", "Cy"]})
        assert _dial_shown(table, watch, "4")            # shown as soon as the game starts
        table.act({"by": "Ann", "do": "declare", "call": "double-5"})       # from the phone
        assert _dial_shown(table, watch, "double-5")     # Bob's lowest call now
        tap(factory, 17)
        assert table.public_state()["call"] == "double-5" and table.public_state()["to_act"] == "Cy"
    finally:
        watch.close()
        handle.stop()
    assert table.events.subscriber_count == 0


def test_a_camera_from_the_settings_that_sends_no_frame_in_time_is_shown_lost(table, monkeypatch) -> None:
    from device.referee import CAMERA_LOST

    from .test_camera import Hung

    cameras: list[Hung] = []

    def open_hung(*args, **kwargs) -> Hung:
        cameras.append(Hung())
        return cameras[-1]

    monkeypatch.setattr(rt, "open_camera", open_hung)
    settings = load(None, {"camera.source": "picamera2"})
    assert settings.camera.read_timeout == 5.0
    settings.camera.read_timeout = 0.05     # under the schema's least (2 s): a quick test
    watch = table.events.subscribe()
    handle = rt.start(settings, table, table.events, pin_factory=MockFactory(), keyboard=False)
    try:
        device = table.public_state()["device"]
        while device["camera"] != "lost" and (event := watch.get(timeout=10)) is not None:
            device = event.data.get("device", device) if event.kind == "state" else device
        assert device == {"camera": "lost", "message": CAMERA_LOST}
        assert handle.healthy()
    finally:
        for camera in cameras:
            camera.release.set()
        watch.close()
        handle.stop()


def test_a_bad_camera_source_is_refused_at_once(table) -> None:
    settings = load(None)
    settings.camera.source = "webcam"
    with pytest.raises(CameraError, match='unknown camera source "webcam"'):
        rt.start(settings, table, table.events, pin_factory=MockFactory(), keyboard=False)


def test_a_keyboard_stream_works_as_the_buttons(table) -> None:
    table.start_game({"game": "kuriki", "players": ["Ann", "Bob"]})
    handle = rt.start(load(None, {"camera.source": "none"}), table, table.events,
                      pin_factory=MockFactory(), keyboard=io.StringIO("]]d\n"))
    try:
        assert handle.keyboard.wait_for_close(5)
        assert table.public_state()["call"] == "6"
    finally:
        handle.stop()


def test_off_a_pi_the_pins_are_mock_ones(monkeypatch) -> None:
    from gpiozero import Device
    monkeypatch.setattr(Device, "pin_factory", None)
    monkeypatch.delenv("GPIOZERO_PIN_FACTORY", raising=False)
    factory, real = rt._pin_factory()
    assert isinstance(factory, MockFactory) and real is False


@pytest.mark.parametrize("controls", ["nothing", "mock pins a test presses", "keyboard"])
def test_the_wall_shows_the_dial_only_when_something_can_turn_it(table, monkeypatch, controls: str) -> None:
    # Off a Pi with no keyboard the wall showed "dialling 4" that nobody could dial.
    from gpiozero import Device
    monkeypatch.setattr(Device, "pin_factory", None)
    monkeypatch.delenv("GPIOZERO_PIN_FACTORY", raising=False)
    table.start_game({"game": "kuriki", "players": ["Ann", "Bob"]})
    handle = rt.start(load(None, {"camera.source": "none"}), table, table.events,
                      pin_factory=MockFactory() if controls.startswith("mock") else None,
                      keyboard=io.StringIO("") if controls == "keyboard" else False)
    try:
        assert not handle.gpio
        assert table.public_state()["dial"] == (None if controls == "nothing" else "4")
    finally:
        handle.stop()


def test_a_camera_whose_opening_hangs_leaves_the_table_up_saying_so(tmp_path: Path, monkeypatch,
                                                                    caplog) -> None:
    # A loose ribbon cable: opening the Pi camera hangs. dicetable run must still serve (start()
    # returns), the wall says the camera is lost, the log names it, and it comes when it opens.
    import logging
    import threading

    import numpy as np

    from device.camera import ReplayCamera
    from device.referee import CAMERA_LOST
    from web import create_app

    release = threading.Event()
    calls: list[int] = []

    def open_hanging(*args, trying=None, **kwargs):
        calls.append(1)
        if trying is not None:
            trying("Pi camera")
        release.wait(30)         # bounded: a failing test cannot hang the suite
        return ReplayCamera.from_frames([np.full((48, 64, 3), 80, np.uint8)], loop=True)

    monkeypatch.setattr(rt, "open_camera", open_hanging)
    monkeypatch.setattr(rt, "check_reader", lambda: None)
    caplog.set_level(logging.WARNING, logger="device.runtime")
    settings = load(None, {"camera.source": "picamera2"})
    assert settings.camera.open_timeout == 10.0
    settings.camera.open_timeout = 0.05     # under the schema's least (2 s): a quick test
    store = Store(tmp_path / "data")
    table = Table(store, EventBus(), has_camera=True)
    handle = rt.start(settings, table, table.events, pin_factory=MockFactory(), keyboard=False)
    watch = table.events.subscribe()
    try:
        assert table.public_state()["device"] == {"camera": "lost", "message": CAMERA_LOST}
        assert "the Pi camera did not open within 0.05 s: check its cable" in caplog.text
        client = create_app(table, pin="0000").test_client()
        response = client.get("/api/state")
        assert response.status_code == 200 and response.get_json()["device"]["camera"] == "lost"
        assert handle.healthy()
        release.set()           # the cable pushed back: the camera opens, frames come
        device = table.public_state()["device"]
        while device["camera"] != "ok" and (event := watch.get(timeout=30)) is not None:
            device = event.data.get("device", device) if event.kind == "state" else device
        assert device == {"camera": "ok", "message": None}
        assert len(calls) == 1          # one opening, waited for; never a second beside it
    finally:
        release.set()
        watch.close()
        handle.stop()
        store.close()


def test_a_slow_camera_opening_does_not_count_against_the_watchdog(tmp_path: Path, monkeypatch) -> None:
    # An opening may take up to [camera] open_timeout and the first read up to read_timeout (20 s
    # each at most): together past the watchdog's 30 s, though the loop never hung.
    import numpy as np

    from device import referee as rf
    from device.camera import Camera

    now = [1000.0]
    monkeypatch.setattr(rf.time, "monotonic", lambda: now[0])

    class SlowRead(Camera):
        name = "Pi camera"

        def read(self) -> np.ndarray:
            now[0] += 20            # the first frame comes at the read's time limit
            return np.full((48, 64, 3), 80, np.uint8)

    def slow_open() -> Camera:
        now[0] += 20                # opened at the open's time limit
        return SlowRead()

    class Quiet:
        def update(self, reading):
            return []

    store = Store(tmp_path / "data")
    try:
        table = Table(store, EventBus(), has_camera=True)
        ref = rf.Referee(table, None, open_camera=slow_open, watcher=Quiet(),
                         reader=lambda *args, **kwargs: None)   # the first frame is not read yet
        ref.step()
        assert ref.frames == 1 and now[0] - ref.last_step < rt.STALL_SECONDS
    finally:
        store.close()


def test_a_button_on_a_pin_in_use_leaves_the_table_up_and_the_wall_says_which(table) -> None:
    # The log said "the buttons could not be set up (pin GPIO22 is already in use by
    # <gpiozero.Button object ...>)" and the wall nothing: the buttons were just dead.
    from gpiozero import Button

    factory = MockFactory()
    other = Button(22, pin_factory=factory)         # another program holds GPIO 22
    try:
        handle = rt.start(load(None, {"camera.source": "none"}), table, table.events,
                          pin_factory=factory, keyboard=False)
        try:
            assert handle.panel is None
            note = table.public_state()["note"]
            assert note.startswith("the buttons are not working: the Pull button on GPIO 22 cannot "
                                   "be used: the pin is already in use"), note
            assert "control page" in note
            # The buttons built before it let their pins go; the phone still plays.
            Button(17, pin_factory=factory).close()
            Button(27, pin_factory=factory).close()
            table.start_game({"game": "kuriki", "players": ["Ann", "Bob"]})
            assert table.public_state()["to_act"] == "Ann"
        finally:
            handle.stop()
    finally:
        other.close()


class WiredToGround(MockPin):
    """A pin held at ground from the start (a button wired to its NC contact, or stuck down):
    the pull-up does not raise it."""

    def _set_pull(self, value: str) -> None:
        self._pull = value


@pytest.mark.parametrize("pin, name", [(22, "the Pull button on GPIO 22"),
                                       (13, "the dial's push switch on GPIO 13")])
def test_a_button_that_reads_pressed_at_start_is_named_and_the_others_still_work(table, pin: int,
                                                                                  name: str) -> None:
    # Wired to the microswitch's NC contact (or stuck down), a button reads pressed all the time:
    # nothing said so, and every press of another button was refused as "two buttons at once".
    factory = MockFactory()
    factory.pin(pin, pin_class=WiredToGround)
    handle = rt.start(load(None, {"camera.source": "none"}), table, table.events,
                      pin_factory=factory, keyboard=False)
    try:
        assert handle.panel is not None
        note = table.public_state()["note"]
        assert note.startswith(f"{name} reads pressed with nobody pressing it"), note
        assert "NO (normally open)" in note
        table.start_game({"game": "kuriki", "players": ["Ann", "Bob"]})
        tap(factory, 17)
        assert table.public_state()["call"] == "4"
        # Freed at last, it sends nothing: nobody pressed it (a Pull here would be Bob's).
        factory.pin(pin).drive_high()
        state = table.public_state()
        assert state["call"] == "4" and state["verdict"] is None and state["to_act"] == "Bob"
        assert table.session.log == [{"by": "Ann", "do": "declare", "call": "4"}]
        assert state["note"] is None and handle.console.mode == "play"     # nothing was tried
        tap(factory, pin)                    # and then works as any button
        if pin == 22:                        # Bob's pull (without a camera it needs the dice)
            assert "pull from the phone" in table.public_state()["note"]
        else:
            assert handle.console.mode == "foul-player"
    finally:
        handle.stop()


@pytest.mark.parametrize("virtual", [True, False])
def test_the_table_is_told_when_it_plays_the_virtual_table(tmp_path: Path, monkeypatch, virtual: bool) -> None:
    # The virtual table rolls the dice itself: only then is a Farkel roll tapped on the phone the
    # player's choice of dice (High Stakes or not), and the table must know which camera it has.
    import numpy as np

    from device.camera import ReplayCamera, SampleTable

    told: list = []
    kept: list = []

    def opened(spec, *, dice=None, keep=None, **kwargs):
        told.append(dice)
        kept.append(keep)
        if virtual:
            return SampleTable(fps=0, dice=dice)
        return ReplayCamera.from_frames([np.full((48, 64, 3), 80, np.uint8)], loop=True)

    monkeypatch.setattr(rt, "open_camera", opened)
    monkeypatch.setattr(rt, "check_reader", lambda: None)
    store = Store(tmp_path / "data")
    table = Table(store, EventBus(), has_camera=True)
    handle = rt.start(load(None, {"camera.source": "auto"}), table, table.events,
                      pin_factory=MockFactory(), keyboard=False)
    try:
        assert table.virtual is virtual and told and told[0]() is None    # no game: the loop
        # ... and the dice it has rolls of (a liar's dice game with more hands is refused)
        assert (30 in table.virtual_dice) is virtual
        # ... and where on the device the virtual table keeps the hands it rolls (a power cut
        # does not re-roll them): in the data directory, beside the store.
        assert kept[0] == tmp_path / "data" / rt.VIRTUAL_HANDS
    finally:
        handle.stop()
        store.close()


def test_after_a_restart_on_the_virtual_table_the_high_stakes_note_shows_at_once(tmp_path: Path,
                                                                                monkeypatch) -> None:
    # The device restarts while Bob is offered High Stakes on the virtual table: the note on how
    # to choose (roll with the box ticked or not) was set only when the game changed, so it
    # showed on the wall and the phone only after the next action. It shows as soon as dicetable
    # run knows the camera is the virtual table, and is published for the pages listening.
    from device.camera import SampleTable

    monkeypatch.setattr(rt, "check_reader", lambda: None)
    store = Store(tmp_path / "data")
    before = Table(store, EventBus(), has_camera=True)
    before.virtual = True
    before.start_game({"game": "farkel", "players": ["Ann", "Bob"],
                       "options": {"entry": 0, "high_stakes": True}})
    before.act({"by": "Ann", "do": "roll", "dice": [1, 2, 2, 3, 4, 6]}, from_device=True)
    before.act({"by": "Ann", "do": "keep", "dice": [1]})
    before.act({"by": "Ann", "do": "bank"})
    note = before.public_state()["note"]
    assert "High Stakes ticked" in note
    store.close()

    store = Store(tmp_path / "data")                 # the restart
    table = Table(store, EventBus(), has_camera=True)
    watch = table.events.subscribe()
    handle = rt.start(load(None, {"camera.source": "auto"}), table, table.events,
                      pin_factory=MockFactory(), keyboard=False,
                      camera=SampleTable(fps=0, dice=lambda: None))
    try:
        assert table.public_state()["note"] == note
        published = [e for e in iter(lambda: watch.get(timeout=0), None) if e.kind == "state"]
        assert any(e.data["note"] == note for e in published)
    finally:
        handle.stop()
        store.close()
