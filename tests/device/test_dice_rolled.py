"""A real tray's cup game: the phone held a call on the dice under the cup saying "dice
settling…" also when nobody had rolled (the Next Guy had not taken the cup): the table could
not tell "not rolled" from "settling". The referee now tells the table when the camera sees the
dice stir (device.referee.Referee._watch_stir), and the public state says ``dice_rolled``. With
the fake reader and frames of tests/device/test_power_cut.py (a frame's dice written in its
corner) and the real watcher."""

from __future__ import annotations

from pathlib import Path

import pytest

from device.events import EventBus
from device.referee import Referee
from device.store import Store
from device.table import Table
from vision.reading import Reading, Status
from vision.watcher import Watcher

from .test_power_cut import DICE, LIFTED, OTHER, UNDER_CUP, frame, reader


class Tray:
    """The referee's frames, given one at a time."""

    def __init__(self, table: Table, reader=reader) -> None:
        self.referee = Referee(table, None, reader=reader, watcher=Watcher(baseline=UNDER_CUP),
                               fps=0, steady_frames=1)

    def show(self, image, times: int = 1) -> None:
        for _ in range(times):
            self.referee.step(image)


@pytest.fixture
def table(camera_table: Table) -> Table:
    return camera_table      # (conftest's: a table whose dice come from the camera)


def _rolled(table: Table) -> tuple[bool, bool]:
    state = table.public_state()
    return state["dice_settled"], state["dice_rolled"]


@pytest.mark.parametrize("game", ["kuriki", "mia"])
def test_the_phone_is_told_nobody_has_rolled_until_the_camera_sees_the_dice_stir(table: Table,
                                                                                 game: str) -> None:
    table.start_game({"game": game, "players": ["Ann", "Bob", "Cy"]})
    tray = Tray(table)
    assert _rolled(table) == (False, False)             # the game's first roll: not rolled yet
    tray.show(frame(UNDER_CUP, ()), 3)                  # an empty tray, the cup down: still not
    assert _rolled(table) == (False, False)
    tray.show(frame(LIFTED, ()), 4)                     # Ann lifts the cup to roll
    assert _rolled(table) == (False, True)              # "dice settling…"
    tray.show(frame(UNDER_CUP), 6)                      # her dice settle under it: sealed
    assert _rolled(table) == (True, True)
    table.act({"by": "Ann", "do": "declare", "call": "8" if game == "kuriki" else "53"})
    # Bob has not taken the cup: the dice lie still under it, nobody rolled.
    tray.show(frame(UNDER_CUP), 20)
    assert _rolled(table) == (False, False)
    tray.show(frame(LIFTED, ()), 4)                     # Bob takes the cup and rolls
    assert _rolled(table) == (False, True)
    tray.show(frame(UNDER_CUP, OTHER), 6)               # his dice settle
    assert _rolled(table) == (True, True)


def test_dice_shaken_under_the_cup_are_a_roll_under_way(table: Table) -> None:
    # No light gets in (the cup is slid off and back, or the dice shaken on the tray under it):
    # frames that read other dice, elsewhere, or no readable dice at all are a roll under way.
    table.start_game({"game": "kuriki", "players": ["Ann", "Bob", "Cy"]})
    blurred = frame(UNDER_CUP, ())
    blurred[5:9, 5:9] = UNDER_CUP + 30             # (a new picture, read anew: unsure)

    def shaken_reader(image, view, *, calibration=None) -> Reading:
        if image[6, 6, 0] == UNDER_CUP + 30:
            return Reading(Status.UNSURE, (), "motion blur", brightness=float(UNDER_CUP))
        return reader(image, view, calibration=calibration)

    tray = Tray(table, shaken_reader)
    tray.show(frame(LIFTED, ()), 4)
    tray.show(frame(UNDER_CUP), 6)
    table.act({"by": "Ann", "do": "declare", "call": "8"})
    tray.show(frame(UNDER_CUP), 10)
    assert _rolled(table) == (False, False)
    tray.show(blurred)
    assert _rolled(table) == (False, True)
    table.undo()                                        # (the game moved: told again)
    table.act({"by": "Ann", "do": "declare", "call": "8"})
    assert _rolled(table) == (False, False)
    tray.show(frame(UNDER_CUP, DICE, shift=20))         # the same dice, pushed elsewhere
    assert _rolled(table) == (False, True)


def test_the_virtual_table_rolls_on_its_own(table: Table) -> None:
    # Nobody rolls the virtual table's dice: until they settle it is always "dice settling…"
    # (its Kuriki Next Guy is asked to take the cup: public state take_cup).
    table.virtual = True
    table.start_game({"game": "mia", "players": ["Ann", "Bob"]})
    assert _rolled(table) == (False, True)


def test_no_game_and_games_without_a_cup_say_nothing_of_it(table: Table, tmp_path: Path) -> None:
    table.dice_stirred()                                # no game: nothing to tell
    table.start_game({"game": "farkel", "players": ["Ann", "Bob"]})
    assert "dice_rolled" not in table.public_state()
    store = Store(tmp_path / "plain")
    try:
        plain = Table(store, EventBus(), has_camera=False)
        plain.start_game({"game": "kuriki", "players": ["Ann", "Bob"]})
        assert "dice_rolled" not in plain.public_state()   # the phone enters the dice
    finally:
        store.close()
