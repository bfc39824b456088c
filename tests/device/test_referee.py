"""The referee loop, driven frame by frame with step(): a scripted reader and watcher stand for the
eyes (the real ones are exercised end to end in test_end_to_end.py), the table is the real one."""

from __future__ import annotations

import json
from typing import Any

import cv2
import numpy as np
import pytest

from device.camera import CameraError, ReplayCamera, TimedCamera
from device.console import Console
from device.referee import CAMERA_LOST, MOVED, Referee, group_hands, unreadable_note
from device.table import Table
from engine.errors import IllegalAction
from vision.reading import Die, Reading, Status


def ok(*values: int, xy: list[tuple[float, float]] | None = None) -> Reading:
    xy = xy or [(100 + 60 * i, 200) for i in range(len(values))]
    return Reading(Status.OK, tuple(Die(v, x, y, 40, 0.99) for v, (x, y) in zip(values, xy)))


UNSURE = Reading(Status.UNSURE, (), reason="a die is leaning on the rim")


class Script:
    """Reader and watcher in one: frame k (its top-left pixel) gives reading k and signals k."""

    def __init__(self) -> None:
        self.readings: list[Reading] = []
        self.signals: list[list[str]] = []
        self.sealed = 0
        self.is_cup_lifted = False
        self.is_settled = True         # the dice lie as they last settled (False: not since)
        self._current = 0

    def add(self, reading: Reading, *signals: str) -> np.ndarray:
        self.readings.append(reading)
        self.signals.append(list(signals))
        frame = np.zeros((4, 4, 3), np.uint8)
        frame[0, 0, 0] = len(self.readings) - 1
        return frame

    def read(self, frame: np.ndarray, view: Any, *, calibration: Any = None) -> Reading:
        self._current = int(frame[0, 0, 0])
        return self.readings[self._current]

    def update(self, reading: Reading) -> list[str]:
        return self.signals[self._current]

    def seal(self) -> None:
        self.sealed += 1


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def table(camera_table: Table) -> Table:
    return camera_table


@pytest.fixture
def eyes() -> Script:
    return Script()


@pytest.fixture
def clock() -> Clock:
    return Clock()


def referee_for(table: Table, eyes: Script, clock: Clock, camera=None, **kw) -> Referee:
    # The scripted frames differ in one pixel only: read every one of them, from the first (the
    # wait for a camera's light to settle is tested in test_power_cut.py).
    kw.setdefault("steady_frames", 1)
    return Referee(table, camera, reader=eyes.read, watcher=eyes, clock=clock, skip_unchanged=False, **kw)


def kuriki(table: Table, players=("Ann", "Bob", "Cy")) -> None:
    table.start_game({"game": "kuriki", "players": list(players)})


def test_settled_dice_are_sealed_and_hidden(table, eyes, clock) -> None:
    kuriki(table)
    ref = referee_for(table, eyes, clock)
    ref.step(eyes.add(ok(6, 3)))
    assert not table.sealed
    assert ref.step(eyes.add(ok(6, 3), "settled")) == ["settled"]
    state = table.public_state()
    assert state["sealed"] is True and eyes.sealed == 1
    shown = json.dumps(state)
    assert "6-3" not in shown and "[6, 3]" not in shown and "[3, 6]" not in shown
    # The declare takes the sealed dice; a pull judges them and shows the sealed photo.
    table.act({"by": "Ann", "do": "declare", "call": "double-6"})
    verdict = table.act({"by": "Bob", "do": "pull"})["verdict"]
    assert verdict["outcome"] == "lie" and verdict["dice"] == [6, 3]
    assert verdict["photo"] and table.photo(verdict["photo"].rsplit("/", 1)[1])[:2] == b"\xff\xd8"


def test_a_kuriki_is_scored_as_soon_as_it_is_seen(table, eyes, clock) -> None:
    kuriki(table)
    ref = referee_for(table, eyes, clock)
    ref.step(eyes.add(ok(2, 1), "new_roll", "settled"))
    state = table.public_state()
    assert state["verdict"]["outcome"] == "kuriki" and state["verdict"]["caller"] == "Ann"
    assert [p["lives"] for p in state["players"]] == [5, 4, 5]
    assert not table.sealed
    # The same dice settling again is the same roll: no second Kuriki.
    ref.step(eyes.add(ok(2, 1), "settled"))
    assert [p["lives"] for p in table.public_state()["players"]] == [5, 4, 5]


def test_a_new_roll_clears_the_seal(table, eyes, clock) -> None:
    kuriki(table)
    ref = referee_for(table, eyes, clock)
    ref.step(eyes.add(ok(5, 5), "settled"))
    assert table.sealed
    ref.step(eyes.add(ok(4, 2), "new_roll"))
    assert not table.sealed


def test_dice_gone_from_the_tray_clear_the_seal(table, eyes, clock) -> None:
    kuriki(table)
    ref = referee_for(table, eyes, clock)
    ref.step(eyes.add(ok(5, 5), "settled"))
    ref.step(eyes.add(ok(), "count_changed"))
    assert not table.sealed


def test_dice_that_move_after_sealing_are_flagged(table, eyes, clock) -> None:
    kuriki(table)
    ref = referee_for(table, eyes, clock)
    ref.step(eyes.add(ok(5, 5), "settled"))
    ref.step(eyes.add(ok(5, 5), "moved"))
    assert table.public_state()["note"] == MOVED
    assert table.sealed          # the sealed dice still count


def test_unreadable_dice_are_never_sealed_and_are_asked_for_again(table, eyes, clock) -> None:
    kuriki(table)
    ref = referee_for(table, eyes, clock, unsure_frames=3)
    for _ in range(3):
        ref.step(eyes.add(UNSURE, "settled"))
    state = table.public_state()
    assert not state["sealed"]
    assert state["note"] == "I cannot read the dice (a die is leaning on the rim): show them again"
    ref.step(eyes.add(ok(4, 4)))
    assert table.public_state()["note"] is None


def test_with_no_game_on_the_reader_does_not_ask_for_the_dice(table, eyes, clock) -> None:
    # The shipped sample frames left "I cannot read the dice ... show them again" over the
    # wall's "No game on" screen: with no game there is nobody to ask.
    ref = referee_for(table, eyes, clock, unsure_frames=3)
    with table.events.subscribe() as wall:
        for _ in range(8):
            ref.step(eyes.add(UNSURE, "settled"))
        assert table.public_state()["note"] is None
        assert wall.get(timeout=0) is None              # nothing was published to the wall
    # A game starts with the dice still unreadable: asked for after unsure_frames more frames.
    kuriki(table)
    for _ in range(2):
        ref.step(eyes.add(UNSURE))
    assert table.public_state()["note"] is None
    ref.step(eyes.add(UNSURE))
    assert table.public_state()["note"] == "I cannot read the dice (a die is leaning on the rim): show them again"


def test_a_game_over_takes_the_request_down_and_does_not_ask_again(table, eyes, clock, fake_game) -> None:
    table.start_game({"game": fake_game, "players": ["Ann", "Bob"], "options": {"lives": 1}})
    table.seal([1, 3], None)
    table.act({"by": "Ann", "do": "declare", "call": "12"})
    ref = referee_for(table, eyes, clock, unsure_frames=3)
    for _ in range(3):
        ref.step(eyes.add(UNSURE))
    assert table.public_state()["note"].startswith("I cannot read the dice")
    state = table.act({"by": "Bob", "do": "pull"})
    assert state["over"] and state["note"] is None
    ref.step(eyes.add(ok(2, 5)))                        # the dice are shown, then muddled again
    for _ in range(6):
        ref.step(eyes.add(UNSURE))
    assert table.public_state()["note"] is None        # the winner screen is left alone


def test_a_reason_with_a_digit_is_not_shown(table, eyes, clock) -> None:
    # The reader's wording is another package's: a digit in it could be a die under the cup.
    kuriki(table)
    ref = referee_for(table, eyes, clock, unsure_frames=2)
    for _ in range(2):
        ref.step(eyes.add(Reading(Status.UNSURE, (), reason="the 5 is leaning on the rim")))
    note = table.public_state()["note"]
    assert note == "I cannot read the dice (unclear): show them again"
    assert unreadable_note("a die is leaning on the rim") == \
        "I cannot read the dice (a die is leaning on the rim): show them again"
    assert unreadable_note(None) == "I cannot read the dice (unclear): show them again"


@pytest.mark.parametrize("case", ["empty tray", "cup lifted"])
def test_an_empty_tray_or_a_lifted_cup_is_not_unreadable_dice(table, eyes, clock, case: str) -> None:
    kuriki(table)
    ref = referee_for(table, eyes, clock, unsure_frames=3)
    if case == "empty tray":
        reading = Reading(Status.UNSURE, (), reason="no dice found on the tray")
    else:
        eyes.is_cup_lifted = True
        reading = Reading(Status.UNSURE, (), reason="too bright: the cup may be lifted")
    for _ in range(5):
        ref.step(eyes.add(reading))
    assert table.public_state()["note"] is None


def test_no_seal_while_the_cup_is_lifted(table, eyes, clock) -> None:
    kuriki(table)
    ref = referee_for(table, eyes, clock)
    eyes.is_cup_lifted = True
    ref.step(eyes.add(ok(6, 6), "settled"))
    assert not table.sealed


def test_too_many_dice_under_the_cup(table, eyes, clock) -> None:
    kuriki(table)
    ref = referee_for(table, eyes, clock)
    ref.step(eyes.add(ok(6, 6, 1), "settled"))
    assert not table.sealed and table.public_state()["note"] == "I see 3 dice: only 2 go under the cup"


def test_dropped_die_foul_and_the_ten_count(table, eyes, clock) -> None:
    kuriki(table)
    ref = referee_for(table, eyes, clock)
    ref.step(eyes.add(ok(4), "new_roll", "settled"))
    state = table.public_state()
    assert state["verdict"]["outcome"] == "foul" and state["players"][0]["fouls"] == 1
    assert ref.counting == "Ann" and state["note"].endswith(": 10")
    clock.now += 3.2
    ref.step(eyes.add(ok(4)))
    assert table.public_state()["note"].endswith(": 7")
    clock.now += 7.0                       # the count reaches zero: another foul, a new count
    ref.step(eyes.add(ok(4)))
    state = table.public_state()
    assert state["players"][0]["fouls"] == 2 and state["note"].endswith(": 10")
    # The die is back: two dice settle, the count stops, the roll is sealed.
    clock.now += 2
    ref.step(eyes.add(ok(4, 3), "new_roll", "settled"))
    state = table.public_state()
    assert ref.counting is None and state["players"][0]["fouls"] == 2 and state["sealed"]
    clock.now += 20
    ref.step(eyes.add(ok(4, 3)))
    assert table.public_state()["players"][0]["fouls"] == 2


def test_the_third_dropped_die_costs_a_life(table, eyes, clock) -> None:
    kuriki(table)
    ref = referee_for(table, eyes, clock)
    ref.step(eyes.add(ok(2), "settled"))
    for _ in range(2):
        clock.now += 10
        ref.step(eyes.add(ok(2)))
    ann = table.public_state()["players"][0]
    assert ann["fouls"] == 3 and ann["lives"] == 4


def test_camera_lost_is_shown_retried_with_backoff_and_resumed(table, eyes, clock) -> None:
    kuriki(table)
    frames = [eyes.add(ok(3, 3))]
    opened: list[int] = []
    failing = [True]

    class Flaky(ReplayCamera):
        def read(self) -> np.ndarray:
            if failing[0]:
                raise CameraError("the webcam 0 stopped sending frames: check its cable")
            return super().read()

    def opener() -> ReplayCamera:
        opened.append(1)
        if failing[0]:
            raise CameraError("no webcam at /dev/video0: is it plugged in?")
        return ReplayCamera.from_frames(frames, loop=True)

    cam = Flaky.from_frames(frames, loop=True)
    ref = referee_for(table, eyes, clock, camera=cam, open_camera=opener, backoff=(1, 2, 5))
    assert ref.step() == []
    assert table.public_state()["device"] == {"camera": "lost", "message": CAMERA_LOST}
    ref.step()                        # before the retry time: nothing tried
    assert opened == []
    clock.now += 1
    ref.step()                        # retry 1 fails; the next waits 2 s
    assert len(opened) == 1
    clock.now += 1.5
    ref.step()
    assert len(opened) == 1
    failing[0] = False
    clock.now += 0.5
    ref.step()
    assert len(opened) == 2 and ref.frames == 1
    assert table.public_state()["device"] == {"camera": "ok", "message": None}
    assert table.public_state()["game"] == "kuriki"


def test_a_frame_that_never_comes_is_a_lost_camera_shown_and_retried(table, eyes, clock) -> None:
    # A Pi camera with its cable pulled waited in the read for ever: the wall said "camera ok"
    # until the systemd watchdog restarted the service.
    from .test_camera import Hung

    kuriki(table)
    good = [eyes.add(ok(3, 3))]
    hung = Hung()
    opened: list[int] = []

    def opener() -> TimedCamera:
        opened.append(1)
        return TimedCamera(ReplayCamera.from_frames(good, loop=True), 0.05)

    ref = referee_for(table, eyes, clock, camera=TimedCamera(hung, 0.05), open_camera=opener,
                      backoff=(1,))
    try:
        assert ref.step() == []
        assert table.public_state()["device"] == {"camera": "lost", "message": CAMERA_LOST}
        assert hung.closed.wait(5)         # given up, to be opened again
        clock.now += 1
        ref.step()
        assert opened == [1] and ref.frames == 1
        assert table.public_state()["device"] == {"camera": "ok", "message": None}
    finally:
        hung.release.set()


@pytest.mark.parametrize("bad", ["empty frame", "flat frame", "driver bug"])
def test_a_camera_giving_no_picture_is_a_lost_camera_not_a_stuck_referee(table, eyes, clock,
                                                                          bad: str) -> None:
    kuriki(table)
    good = [eyes.add(ok(3, 3))]
    failing = [True]

    class Broken(ReplayCamera):
        def read(self) -> np.ndarray:
            if not failing[0]:
                return super().read()
            if bad == "driver bug":
                raise RuntimeError("libcamera: dequeue failed")
            return np.zeros((0, 0, 3), np.uint8) if bad == "empty frame" else np.zeros(8, np.uint8)

    ref = referee_for(table, eyes, clock, camera=Broken.from_frames(good, loop=True), backoff=(1,))
    assert ref.step() == []            # nothing raised out of the step: the loop would stall on it
    state = table.public_state()
    assert state["device"] == {"camera": "lost", "message": CAMERA_LOST} and state["game"] == "kuriki"
    failing[0] = False
    clock.now += 1
    ref.step()
    assert table.public_state()["device"] == {"camera": "ok", "message": None} and ref.frames == 1


def test_the_dial_follows_the_game_while_the_camera_is_lost(table, eyes, clock) -> None:
    kuriki(table)

    class Unplugged(ReplayCamera):
        def read(self) -> np.ndarray:
            raise CameraError("the webcam 0 stopped sending frames: check its cable")

    ref = referee_for(table, eyes, clock, camera=Unplugged.from_frames([eyes.add(ok(3, 3))]))
    console = Console(table)
    ref.after_step = console.refresh
    ref.step()
    assert table.public_state()["device"]["camera"] == "lost" and table.public_state()["dial"] == "4"
    table.seal([6, 6], None)
    table.act({"by": "Ann", "do": "declare", "call": "double-6"})       # from the phone
    clock.now += 0.1
    ref.step()                             # no frame (retrying later): the dial follows all the same
    assert table.public_state()["dial"] == "double-6"


def test_the_thread_survives_a_broken_reader(table, clock) -> None:
    kuriki(table)
    calls = []

    def broken(frame, view, *, calibration=None):
        calls.append(1)
        raise RuntimeError("bug")

    class Quiet:
        def update(self, reading):
            return []

    cam = ReplayCamera.from_frames([np.zeros((4, 4, 3), np.uint8)], loop=True)
    ref = Referee(table, cam, reader=broken, watcher=Quiet(), fps=0, steady_frames=1)
    assert ref.step() == [] and not ref.last_reading.ok    # a failed read is an unsure frame
    ref.start()
    try:
        # The loop logs and carries on: it is still running after the reader failed.
        assert ref.is_running
    finally:
        ref.stop()
    assert calls and not ref.is_running


def test_the_thread_processes_frames(table, eyes) -> None:
    kuriki(table)
    frames = [eyes.add(ok(6, 5)), eyes.add(ok(6, 5), "settled")]
    cam = ReplayCamera.from_frames(frames, loop=True)
    ref = Referee(table, cam, reader=eyes.read, watcher=eyes, fps=0, skip_unchanged=False,
                  steady_frames=1).start()
    try:
        assert ref.wait_for_frames(4, timeout=10)
    finally:
        ref.stop()
    assert table.sealed and not cam.is_open


def test_farkel_rolls_are_read_and_the_best_keep_is_proposed(table, eyes, clock) -> None:
    table.start_game({"game": "farkel", "players": ["Ann", "Bob"]})
    ref = referee_for(table, eyes, clock)
    console = Console(table)
    ref.step(eyes.add(ok(1, 5, 2, 3, 3, 6), "new_roll", "settled"))
    state = table.public_state()
    assert sorted(state["roll"]) == [1, 2, 3, 3, 5, 6]
    console.refresh()
    assert table.public_state()["dial"] == "keep 1-5"
    console.turn(+1)
    assert table.public_state()["dial"] != "keep 1-5"
    console.turn(-1)
    console.declare()
    assert table.public_state()["turn_total"] == 150


def test_farkel_with_the_wrong_number_of_dice(table, eyes, clock) -> None:
    table.start_game({"game": "farkel", "players": ["Ann", "Bob"]})
    ref = referee_for(table, eyes, clock)
    ref.step(eyes.add(ok(1, 5, 2), "settled"))
    state = table.public_state()
    assert state["phase"] != "rolled" and "I see 3 dice but 6" in state["note"]


def test_farkel_s_wrong_count_speaks_of_kept_dice_only_when_some_are_kept(table, eyes, clock) -> None:
    # At a turn's first roll the wall said "put the kept dice aside and roll again": nothing is
    # kept then, and the player looked for dice to put aside.
    table.start_game({"game": "farkel", "players": ["Ann", "Bob"]})
    ref = referee_for(table, eyes, clock)
    ref.step(eyes.add(ok(1, 5), "settled"))
    note = table.public_state()["note"]
    assert note == "I see 2 dice but 6 are to be rolled: roll all six", note
    ref.step(eyes.add(ok(1, 5, 2, 3, 3, 6), "new_roll", "settled"))
    table.act({"by": "Ann", "do": "keep", "dice": [1, 5]})
    ref.step(eyes.add(ok(1, 5, 2, 3, 3, 6), "new_roll", "settled"))   # the kept dice rolled too
    note = table.public_state()["note"]
    assert note == "I see 6 dice but 4 are to be rolled: put the kept dice aside and roll again", note


def _liars_hands_on_the_tray(table, eyes, clock):
    """A liar's dice game of Ann and Bob, both hands read on the tray; its referee."""
    table.start_game({"game": "liars", "players": ["Ann", "Bob"]})
    ref = referee_for(table, eyes, clock, view="top")
    # Ann's hand at the top right of the tray, Bob's at the bottom left (clockwise from 12).
    ann = [(400 + 12 * i, 100 + 5 * i) for i in range(5)]
    bob = [(200 - 12 * i, 380 - 5 * i) for i in range(5)]
    ref.step(eyes.add(ok(3, 3, 3, 2, 6, 1, 1, 4, 5, 5, xy=ann + bob), "settled"))
    return ref


def test_liars_hands_are_read_at_once_at_the_open(table, eyes, clock) -> None:
    ref = _liars_hands_on_the_tray(table, eyes, clock)
    assert ref.hands() == {"Ann": [6, 3, 3, 3, 2], "Bob": [5, 5, 4, 1, 1]}
    console = Console(table, hands=ref.hands)
    table.act({"by": "Ann", "do": "call", "count": 4, "face": 3})
    console.pull()
    verdict = table.public_state()["verdict"]
    assert verdict["hands"] == {"Ann": [6, 3, 3, 3, 2], "Bob": [5, 5, 4, 1, 1]}


def test_an_open_from_the_phone_takes_the_hands_the_referee_reads(table, eyes, clock) -> None:
    _liars_hands_on_the_tray(table, eyes, clock)
    table.act({"by": "Ann", "do": "call", "count": 4, "face": 3})
    verdict = table.act({"by": "Bob", "do": "open"})["verdict"]      # as the API sends it
    assert verdict["hands"] == {"Ann": [6, 3, 3, 3, 2], "Bob": [5, 5, 4, 1, 1]}


def _hands_read(ann: tuple[int, ...], bob: tuple[int, ...]) -> Reading:
    """Ann's and Bob's hands read where _liars_hands_on_the_tray lays them."""
    xy = [(400 + 12 * i, 100 + 5 * i) for i in range(5)] + [(200 - 12 * i, 380 - 5 * i) for i in range(5)]
    return ok(*ann, *bob, xy=xy)


def test_an_open_judges_the_hands_sealed_at_the_round_s_first_call(table, eyes, clock) -> None:
    # Each player rolls once a round and the hands stay under the cups until the open. Before
    # the calling a hand may be rolled again (five different faces are); after the first call,
    # dice rolled again or knocked over are not the round's: the open judges the sealed hands.
    ref = _liars_hands_on_the_tray(table, eyes, clock)
    ref.step(eyes.add(_hands_read((3, 3, 3, 2, 6), (2, 2, 6, 6, 4)), "new_roll", "settled"))
    assert ref.hands() == {"Ann": [6, 3, 3, 3, 2], "Bob": [6, 6, 4, 2, 2]}     # Bob rolled again
    table.act({"by": "Ann", "do": "call", "count": 4, "face": 3})
    ref.step(eyes.add(_hands_read((3, 3, 3, 2, 6), (2, 2, 6, 6, 4))))          # lying still: sealed
    # Bob's hand rolled again under the calls: it would make Ann's call true (six 3s).
    ref.step(eyes.add(_hands_read((3, 3, 3, 2, 6), (3, 3, 3, 1, 1)), "new_roll", "settled"))
    assert ref.hands() == {"Ann": [6, 3, 3, 3, 2], "Bob": [6, 6, 4, 2, 2]}
    verdict = table.act({"by": "Bob", "do": "open"})["verdict"]
    assert verdict["hands"] == {"Ann": [6, 3, 3, 3, 2], "Bob": [6, 6, 4, 2, 2]}
    assert verdict["outcome"] == "lie" and table.public_state()["players"][0]["lives"] == 2


def test_a_round_called_while_its_dice_are_rolled_seals_them_as_they_settle(table, eyes, clock) -> None:
    # Ann calls while the hands are being rolled (the tray empty): the hands lying there before
    # are not the round's, the ones that settle next are, and a roll after that changes nothing.
    ref = _liars_hands_on_the_tray(table, eyes, clock)
    eyes.is_settled = False
    ref.step(eyes.add(Reading(Status.UNSURE, (), reason="no dice found")))     # picked up
    table.act({"by": "Ann", "do": "call", "count": 4, "face": 3})
    ref.step(eyes.add(Reading(Status.UNSURE, (), reason="no dice found")))
    assert ref.hands() is None
    eyes.is_settled = True
    ref.step(eyes.add(_hands_read((3, 3, 3, 2, 6), (2, 2, 6, 6, 4)), "new_roll", "settled"))
    ref.step(eyes.add(_hands_read((3, 3, 3, 2, 6), (3, 3, 3, 1, 1)), "new_roll", "settled"))
    verdict = table.act({"by": "Bob", "do": "open"})["verdict"]
    assert verdict["hands"] == {"Ann": [6, 3, 3, 3, 2], "Bob": [6, 6, 4, 2, 2]}


def _annotated_frames(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Which scripted frame (its index, see Script.add) each evidence photo from now on is of."""
    import vision.annotate

    drawn: list[int] = []
    annotate = vision.annotate.annotate
    monkeypatch.setattr(vision.annotate, "annotate",
                        lambda image, reading: drawn.append(int(image[0, 0, 0])) or annotate(image, reading))
    return drawn


def _served(table: Table, url: str | None) -> bytes:
    assert url and url.startswith("/api/photos/"), url
    return table.photo(url.rsplit("/", 1)[1])


def test_an_open_from_the_pull_button_shows_the_photo_of_the_hands(table, eyes, clock, monkeypatch) -> None:
    # Mia's, Kuriki's and Deceit's pulls show the photo of the sealed dice; a liar's dice open,
    # the pull of that game, showed the hands drawn and no photo.
    ref = _liars_hands_on_the_tray(table, eyes, clock)
    drawn = _annotated_frames(monkeypatch)
    table.act({"by": "Ann", "do": "call", "count": 4, "face": 3})
    Console(table, hands=ref.hands).pull()
    verdict = table.public_state()["verdict"]
    assert verdict["hands"] == {"Ann": [6, 3, 3, 3, 2], "Bob": [5, 5, 4, 1, 1]}
    assert _served(table, verdict["photo"])[:2] == b"\xff\xd8" and drawn == [0]


def test_an_open_from_the_phone_shows_the_photo_the_sealed_hands_were_read_from(
        table, eyes, clock, monkeypatch) -> None:
    # The photo is of the frame the judged hands were read from (sealed at the first call), not
    # of the tray at the open, where a hand was rolled again since.
    ref = _liars_hands_on_the_tray(table, eyes, clock)
    ref.step(eyes.add(_hands_read((3, 3, 3, 2, 6), (2, 2, 6, 6, 4)), "new_roll", "settled"))   # frame 1
    table.act({"by": "Ann", "do": "call", "count": 4, "face": 3})
    ref.step(eyes.add(_hands_read((3, 3, 3, 2, 6), (2, 2, 6, 6, 4))))                         # sealed
    ref.step(eyes.add(_hands_read((3, 3, 3, 2, 6), (3, 3, 3, 1, 1)), "new_roll", "settled"))   # frame 3
    drawn = _annotated_frames(monkeypatch)
    verdict = table.act({"by": "Bob", "do": "open"})["verdict"]       # as the API sends it
    assert verdict["hands"] == {"Ann": [6, 3, 3, 3, 2], "Bob": [6, 6, 4, 2, 2]}
    assert _served(table, verdict["photo"])[:2] == b"\xff\xd8" and drawn == [1]
    assert table.public_state()["verdict"]["photo"] == verdict["photo"]


def test_the_hands_photo_is_refused_until_the_open_s_verdict_is_saved(table, eyes, clock, monkeypatch) -> None:
    # The hands stay hidden until the open: their photo is kept only at the open, private, and
    # made public in the transaction that saves the open (as a seal's photo with its pull).
    from web.services import NotFound

    ref = _liars_hands_on_the_tray(table, eyes, clock)
    table.act({"by": "Ann", "do": "call", "count": 4, "face": 3})
    assert table.store.photos_total() == 0 and ref.hands() is not None
    with pytest.raises(IllegalAction):
        table.act({"by": "Ann", "do": "open"})         # not Ann's turn: refused, no photo kept
    assert table.store.photos_total() == 0
    seen: list[bool] = []
    append = table.store.append_action

    def append_action(game_id, line, **kw):
        photo_id = kw.get("photo_id")
        assert photo_id and kw.get("publish_photo") == photo_id
        with pytest.raises(NotFound):
            table.photo(photo_id)                      # not yet: the open is not saved
        seen.append(True)
        return append(game_id, line, **kw)

    monkeypatch.setattr(table.store, "append_action", append_action)
    verdict = table.act({"by": "Bob", "do": "open"})["verdict"]
    assert seen == [True] and _served(table, verdict["photo"])[:2] == b"\xff\xd8"


def test_hands_that_are_not_apart_are_not_guessed() -> None:
    import math
    # Ten dice evenly round a circle: nothing tells where one hand ends.
    dice = [Die(1 + i % 6, 300 + 150 * math.sin(i * math.pi / 5), 240 - 150 * math.cos(i * math.pi / 5),
                40, 1.0) for i in range(10)]
    assert group_hands(dice, ["Ann", "Bob"], mirrored=False) is None


def test_an_unchanged_frame_is_not_read_again(table) -> None:
    calls: list[int] = []

    def reader(frame, view, *, calibration=None):
        calls.append(1)
        return ok(4, 4)

    class Quiet:
        def update(self, reading):
            return []

    rng = np.random.default_rng(1)
    tray = np.full((480, 640, 3), 110, np.uint8)
    cv2.rectangle(tray, (200, 200), (240, 240), (240, 240, 240), -1)      # a die
    noisy = np.clip(tray + rng.normal(0, 2, tray.shape), 0, 255).astype(np.uint8)
    pip = tray.copy()
    cv2.circle(pip, (220, 220), 4, (20, 20, 20), -1)                       # a pip appears
    ref = Referee(table, None, reader=reader, watcher=Quiet(), steady_frames=1)
    for frame in (tray, tray, noisy, pip, pip):
        ref.step(frame)
    assert len(calls) == 2 and ref.frames_reused == 3
    assert ref.last_reading.values == (4, 4)


def restarted(table: Table, eyes: Script, clock: Clock) -> tuple[Table, Referee]:
    """A power cut: a new Table on the same database and a new referee with nothing seen yet."""
    again = Table(table.store, table.events, has_camera=True)
    return again, referee_for(again, eyes, clock)


def test_a_kuriki_still_on_the_tray_after_a_power_cut_is_not_scored_again(table, eyes, clock) -> None:
    kuriki(table)
    ref = referee_for(table, eyes, clock)
    ref.step(eyes.add(ok(2, 1), "new_roll", "settled"))
    assert [p["lives"] for p in table.public_state()["players"]] == [5, 4, 5]
    # The power comes back with nobody having touched the dice: the same 1-2 settles again.
    table, ref = restarted(table, eyes, clock)
    ref.step(eyes.add(ok(2, 1), "new_roll", "settled"))
    state = table.public_state()
    assert [p["lives"] for p in state["players"]] == [5, 4, 5]
    assert len(table.session.log) == 1
    # Ann's next roll is a new one and is sealed as usual.
    ref.step(eyes.add(ok(6, 3), "new_roll", "settled"))
    assert table.sealed


def test_a_kuriki_undone_is_not_scored_again_from_the_dice_left_on_the_tray(table, eyes, clock) -> None:
    # The undo takes back the Kuriki and its roll: Ann rolls again (the wall says so). Her 1-2,
    # still on the tray, is not declared again, nor after a power cut (before, the referee
    # started again took it for a new roll and scored the Kuriki the players had undone).
    kuriki(table)
    ref = referee_for(table, eyes, clock)
    ref.step(eyes.add(ok(2, 1), "new_roll", "settled"))
    state = table.undo()
    note = "the Kuriki is taken back: Ann rolls again, and declares once the dice settle under the cup"
    assert state["note"] == note and state["to_act"] == "Ann" and state["verdict"] is None
    ref.step(eyes.add(ok(2, 1), "settled"))
    table, ref = restarted(table, eyes, clock)
    assert table.public_state()["note"] == note
    ref.step(eyes.add(ok(2, 1), "new_roll", "settled"))
    state = table.public_state()
    assert len(table.session.log) == 2 and state["verdict"] is None
    assert [p["lives"] for p in state["players"]] == [5, 5, 5]
    # Her roll again is hers to declare; a 1-2 again would be a new Kuriki.
    ref.step(eyes.add(Reading(Status.UNSURE, (), reason="too bright: the cup may be lifted"), "cup_lifted"))
    ref.step(eyes.add(ok(6, 3), "new_roll", "settled"))
    assert table.fresh_roll
    table.act({"by": "Ann", "do": "declare", "call": "9"})
    assert table.session.log[-1]["dice"] == [6, 3] and table.public_state()["note"] is None


def test_dice_an_undo_gave_back_are_not_replaced_by_the_later_roll_after_a_power_cut(table, eyes, clock) -> None:
    # Ann declares on her 3-2; Bob lifts the cup and his 6-4 settles; Ann's declare is undone:
    # her 3-2 is hers to declare again (the record holds it). Bob's 6-4 still lies on the tray:
    # a referee started again after a power cut took it for a new roll and sealed it in place of
    # her dice, which she then declared on.
    kuriki(table)
    ref = referee_for(table, eyes, clock)
    ref.step(eyes.add(ok(3, 2), "new_roll", "settled"))
    table.act({"by": "Ann", "do": "declare", "call": "4"})
    ref.step(eyes.add(ok(), "cup_lifted"))
    ref.step(eyes.add(ok(6, 4), "new_roll", "settled"))
    assert table.fresh_roll
    table.undo()
    ref.step(eyes.add(ok(6, 4), "settled"))
    table, ref = restarted(table, eyes, clock)
    ref.step(eyes.add(ok(6, 4), "new_roll", "settled"))
    assert table.fresh_roll and table.public_state()["to_act"] == "Ann"
    table.act({"by": "Ann", "do": "declare", "call": "4"})
    assert table.session.log[-1]["dice"] == [3, 2]
    # Bob's roll is a new one once he takes the cup: sealed for him as usual.
    ref.step(eyes.add(ok(), "cup_lifted"))
    ref.step(eyes.add(ok(5, 5), "new_roll", "settled"))
    table.act({"by": "Bob", "do": "declare", "call": "double-5"})
    assert table.session.log[-1]["dice"] == [5, 5]


@pytest.mark.parametrize("case", ["empty tray", "dice gone", "cup lifted"])
def test_the_same_values_rolled_anew_after_a_power_cut_are_a_new_roll(table, eyes, clock, case: str) -> None:
    kuriki(table)
    ref = referee_for(table, eyes, clock)
    ref.step(eyes.add(ok(2, 1), "new_roll", "settled"))
    roller = table.public_state()["to_act"]
    table, ref = restarted(table, eyes, clock)
    # After the restart the old 1-2 is taken away (or the cup lifted to roll) before it settles.
    if case == "empty tray":
        ref.step(eyes.add(Reading(Status.UNSURE, (), reason="no dice found on the tray")))
    elif case == "dice gone":
        ref.step(eyes.add(ok(), "count_changed"))
    else:
        ref.step(eyes.add(Reading(Status.UNSURE, (), reason="too bright: the cup may be lifted"),
                          "cup_lifted"))
    # The next roll shows 1-2 again (1 in 18): a new Kuriki, scored for whoever rolled it.
    ref.step(eyes.add(ok(1, 2), "new_roll", "settled"))
    state = table.public_state()
    assert len(table.session.log) == 2
    assert state["verdict"]["outcome"] == "kuriki" and state["verdict"]["caller"] == roller
    assert sum(p["lives"] for p in state["players"]) == 13


def test_declared_dice_still_under_the_cup_after_a_power_cut_are_not_a_fresh_roll(table, eyes, clock) -> None:
    kuriki(table)
    ref = referee_for(table, eyes, clock)
    ref.step(eyes.add(ok(6, 3), "new_roll", "settled"))
    table.act({"by": "Ann", "do": "declare", "call": "10"})
    table.act({"by": "Bob", "do": "pull"})       # LIE: Bob rolls next, the 6-3 lie shown on the tray
    table, ref = restarted(table, eyes, clock)
    ref.step(eyes.add(ok(6, 3), "new_roll", "settled"))
    # The shown dice are not Bob's new roll: he must roll before he declares.
    with pytest.raises(IllegalAction, match="not settled"):
        table.act({"by": "Bob", "do": "declare", "call": "double-6"})
    ref.step(eyes.add(ok(5, 5), "new_roll", "settled"))
    assert table.act({"by": "Bob", "do": "declare", "call": "double-5"})["call"] == "double-5"


def test_a_seal_not_yet_declared_survives_a_power_cut_with_its_photo(table, eyes, clock) -> None:
    kuriki(table)
    ref = referee_for(table, eyes, clock)
    ref.step(eyes.add(ok(4, 4), "new_roll", "settled"))
    seal = table.store.seal()
    table, ref = restarted(table, eyes, clock)
    ref.step(eyes.add(ok(4, 4), "new_roll", "settled"))
    assert table.store.seal() == seal
    table.act({"by": "Ann", "do": "declare", "call": "walnuts"})
    verdict = table.act({"by": "Bob", "do": "pull"})["verdict"]
    assert verdict["outcome"] == "truth" and verdict["dice"] == [4, 4]
    assert verdict["photo"] == f"/api/photos/{seal.photo_id}"


def test_a_farkel_left_on_the_tray_over_a_power_cut_is_not_the_next_players_roll(table, eyes, clock) -> None:
    table.start_game({"game": "farkel", "players": ["Ann", "Bob"]})
    ref = referee_for(table, eyes, clock)
    ref.step(eyes.add(ok(2, 2, 3, 4, 6, 6), "new_roll", "settled"))
    state = table.public_state()
    assert state["verdict"]["outcome"] == "farkel" and state["to_act"] == "Bob"
    table, ref = restarted(table, eyes, clock)
    ref.step(eyes.add(ok(2, 2, 3, 4, 6, 6), "new_roll", "settled"))
    assert table.public_state()["to_act"] == "Bob" and len(table.session.log) == 1
    ref.step(eyes.add(ok(1, 1, 1, 4, 6, 6), "new_roll", "settled"))   # Bob rolls
    last = table.session.log[-1]
    assert last["by"] == "Bob" and last["do"] == "roll" and sorted(last["dice"]) == [1, 1, 1, 4, 6, 6]


def test_dice_left_after_a_keep_over_a_power_cut_are_not_a_roll(table, eyes, clock) -> None:
    table.start_game({"game": "farkel", "players": ["Ann", "Bob"]})
    ref = referee_for(table, eyes, clock)
    ref.step(eyes.add(ok(1, 5, 2, 3, 4, 6), "new_roll", "settled"))
    table.act({"by": "Ann", "do": "keep", "dice": [1, 5]})
    table, ref = restarted(table, eyes, clock)
    # The kept 1 and 5 are set aside; the four left lie as they fell.
    ref.step(eyes.add(ok(2, 3, 4, 6), "new_roll", "settled"))
    assert table.public_state()["phase"] == "kept" and len(table.session.log) == 2
    ref.step(eyes.add(ok(5, 5, 5, 2), "new_roll", "settled"))           # Ann rolls the four
    assert sorted(table.session.log[-1]["dice"]) == [2, 5, 5, 5]


def test_a_power_cut_during_the_ten_count_does_not_charge_the_dropped_die_again(table, eyes, clock) -> None:
    kuriki(table)
    ref = referee_for(table, eyes, clock)
    ref.step(eyes.add(ok(4), "new_roll", "settled"))
    assert table.public_state()["players"][0]["fouls"] == 1 and ref.counting == "Ann"
    table, ref = restarted(table, eyes, clock)
    # The die is still missing when the table is back: the count starts again, no second foul.
    ref.step(eyes.add(ok(4), "new_roll", "settled"))
    state = table.public_state()
    assert state["players"][0]["fouls"] == 1 and ref.counting == "Ann" and state["note"].endswith(": 10")
    clock.now += 10                        # the count runs out: now it is another foul
    ref.step(eyes.add(ok(4)))
    assert table.public_state()["players"][0]["fouls"] == 2


def test_an_open_never_judges_hands_of_a_reading_the_table_has_since_lost(table, eyes, clock) -> None:
    ref = _liars_hands_on_the_tray(table, eyes, clock)
    table.act({"by": "Ann", "do": "call", "count": 4, "face": 3})
    table.act({"by": "Bob", "do": "open"})               # round 1 judged on the hands read
    # Round 2: everyone re-rolls; under the cups the reader stays unsure (a die leaning).
    for _ in range(ref.unsure_frames):
        ref.step(eyes.add(UNSURE))
    assert ref.hands() is None                           # not round 1's hands again
    table.act({"by": "Bob", "do": "call", "count": 4, "face": 5})
    with pytest.raises(IllegalAction, match="hands cannot be read"):
        table.act({"by": "Ann", "do": "open"})
    # A good reading of the new hands is taken; the cups lifted for the open do not lose it.
    ann = [(400 + 12 * i, 100 + 5 * i) for i in range(5)]
    bob = [(200 - 12 * i, 380 - 5 * i) for i in range(5)]
    ref.step(eyes.add(ok(5, 5, 5, 5, 5, 2, 2, 2, 2, 2, xy=ann + bob), "settled"))
    eyes.is_cup_lifted = True
    for _ in range(ref.unsure_frames + 5):
        ref.step(eyes.add(Reading(Status.UNSURE, (), reason="too bright: the cup may be lifted")))
    assert ref.hands() == {"Ann": [5, 5, 5, 5, 5], "Bob": [2, 2, 2, 2, 2]}


def test_a_lost_camera_gives_no_hands_from_before(table, eyes, clock) -> None:
    ref = _liars_hands_on_the_tray(table, eyes, clock)

    class Unplugged(ReplayCamera):
        def read(self) -> np.ndarray:
            raise CameraError("the webcam 0 stopped sending frames: check its cable")

    ref.camera = Unplugged.from_frames([np.zeros((4, 4, 3), np.uint8)])
    ref.step()
    assert table.public_state()["device"]["camera"] == "lost"
    assert ref.hands() is None


def test_dice_unreadable_under_the_cup_cannot_be_declared_on_an_older_seal(table, eyes, clock) -> None:
    # The wall asks for the dice again: they may have been rolled again (a cocked die), so the
    # dice sealed before are not declared in their place.
    kuriki(table)
    ref = referee_for(table, eyes, clock)
    ref.step(eyes.add(ok(6, 3), "new_roll", "settled"))
    assert table.sealed
    for _ in range(ref.unsure_frames):
        ref.step(eyes.add(UNSURE))
    assert table.public_state()["note"] == unreadable_note(UNSURE.reason) and not table.sealed
    with pytest.raises(IllegalAction, match="cannot read the dice"):
        table.act({"by": "Ann", "do": "declare", "call": "9"})
    # Read again (the same dice, where they were): sealed again, and declared.
    ref.step(eyes.add(ok(6, 3), "settled"))
    assert table.sealed
    assert table.act({"by": "Ann", "do": "declare", "call": "9"})["call"] == "9"
    # Declared dice that turn unreadable stay the declared ones: the pull judges them.
    for _ in range(ref.unsure_frames):
        ref.step(eyes.add(UNSURE))
    with pytest.raises(IllegalAction, match="cannot read the dice"):
        table.act({"by": "Bob", "do": "declare", "call": "10"})      # Bob must roll
    assert table.act({"by": "Bob", "do": "pull"})["verdict"]["dice"] == [6, 3]


@pytest.mark.parametrize("sealed_first", [True, False])
def test_a_mia_declare_on_unreadable_dice_is_not_taken_for_a_blind_raise(table, eyes, clock,
                                                                        sealed_first: bool) -> None:
    # Bob rolled: his dice were sealed and then could not be read, or never read at all. A
    # declare without a fresh seal is a blind raise in Mia: he would answer for his call against
    # Ann's dice, which he has just rolled away.
    table.start_game({"game": "mia", "players": ["Ann", "Bob", "Cy"]})
    ref = referee_for(table, eyes, clock)
    ref.step(eyes.add(ok(5, 4), "new_roll", "settled"))
    table.act({"by": "Ann", "do": "declare", "call": "54"})
    if sealed_first:
        ref.step(eyes.add(ok(6, 5), "new_roll", "settled"))
    for _ in range(ref.unsure_frames):
        ref.step(eyes.add(UNSURE))
    assert table.public_state()["note"] == unreadable_note(UNSURE.reason)
    with pytest.raises(IllegalAction, match="cannot read the dice"):
        table.act({"by": "Bob", "do": "declare", "call": "65"})
    ref.step(eyes.add(ok(6, 5), "new_roll", "settled"))             # read again
    assert table.public_state()["note"] is None
    table.act({"by": "Bob", "do": "declare", "call": "65"})
    assert table.session.log[-1]["dice"] == [6, 5] and not table.public_state()["blind"]


def test_a_blind_raise_is_made_as_ever_once_the_dice_read_again(table, eyes, clock) -> None:
    table.start_game({"game": "mia", "players": ["Ann", "Bob", "Cy"]})
    ref = referee_for(table, eyes, clock)
    ref.step(eyes.add(ok(5, 4), "new_roll", "settled"))
    table.act({"by": "Ann", "do": "declare", "call": "54"})
    for _ in range(ref.unsure_frames):
        ref.step(eyes.add(UNSURE))
    ref.step(eyes.add(ok(5, 4)))                          # Ann's dice, untouched, read again
    assert table.public_state()["note"] is None
    assert table.act({"by": "Bob", "do": "declare", "call": "61"})["blind"] is True
