"""A power cut between the camera seeing the dice stir and an undo.

An undo at a real tray takes back the roll under way when the camera saw the dice stir since the
action undone and not lie still since (the cup lifted: the next player may be rolling; see
device.table's _seal_after_undo). The table kept that in memory only: Ann declares on her 3-2,
Bob lifts the cup to roll, the power goes, and Ann's declare is undone once the table is back.
Bob's roll, landing then, was sealed in place of the dice given back (Ann declared on Bob's
dice, a 1-2 among them a Kuriki of hers); so too the roll under way after an undone pass or pull
landed as Bob's own. Now the stir is kept in the store, as the seal is, and the roll under way is
taken back as it lands, as it is without the power cut (test_undo_while_the_next_roll_settles.py,
test_undo_of_a_turn_while_the_next_roll_settles.py). The dice seen lying still again (the cup put
back down on them, nothing rolled) forget the stir, over a power cut too. Driven frame by frame
with a scripted reader and watcher, as test_referee.py does.
"""

from __future__ import annotations

import pytest

from device.table import Table

from .test_referee import Clock, Script, ok, referee_for, restarted
from .test_undo_while_the_next_roll_settles import LIFTED, ann_declared_bob_lifted


def _lives(table: Table) -> list[int]:
    return [p["lives"] for p in table.public_state()["players"]]


@pytest.mark.parametrize("bob", [(6, 4), (2, 1)])
@pytest.mark.parametrize("seen", ["cup lifted", "dice picked up"])
def test_a_declare_undone_after_a_power_cut_takes_back_the_roll_under_way(
        camera_table: Table, bob: tuple[int, int], seen: str) -> None:
    table, eyes, clock = camera_table, Script(), Clock()
    ref = ann_declared_bob_lifted(table, eyes, clock)
    if seen == "dice picked up":
        ref.step(eyes.add(ok(), "count_changed"))
    # The power goes while Bob rolls; the table is back before his dice land.
    table, ref = restarted(table, eyes, clock)
    state = table.undo()
    assert state["to_act"] == "Ann" and state["call"] is None and table.fresh_roll
    # His roll lands after the undo: taken back, neither sealed for Ann nor a Kuriki of hers.
    ref.step(eyes.add(ok(*bob), "new_roll", "settled"))
    state = table.public_state()
    assert len(table.session.log) == 2 and state["verdict"] is None, table.session.log
    assert table.fresh_roll and state["to_act"] == "Ann" and _lives(table) == [5, 5, 5]
    table.act({"by": "Ann", "do": "declare", "call": "4"})
    assert table.session.log[-1]["dice"] == [3, 2]


@pytest.mark.parametrize("undone, roller", [("pass", "Cy"), ("pull", "Ann")])
def test_a_turn_undone_after_a_power_cut_takes_back_the_roll_under_way(
        camera_table: Table, undone: str, roller: str) -> None:
    table, eyes, clock = camera_table, Script(), Clock()
    table.start_game({"game": "kuriki", "players": ["Ann", "Bob", "Cy"]})
    ref = referee_for(table, eyes, clock)
    ref.step(eyes.add(ok(3, 2), "new_roll", "settled"))
    table.act({"by": "Ann", "do": "declare", "call": "4"})
    table.act({"by": "Bob", "do": undone})
    assert table.public_state()["to_act"] == roller
    ref.step(eyes.add(LIFTED, "cup_lifted"))
    table, ref = restarted(table, eyes, clock)
    table.undo()
    state = table.public_state()
    assert state["to_act"] == "Bob" and state["call"] == "4" and not table.fresh_roll
    log_length, lives = len(table.session.log), _lives(table)
    # The roll lands: nobody's. Bob has the call back on Ann's dice.
    ref.step(eyes.add(ok(6, 4), "new_roll", "settled"))
    state = table.public_state()
    assert len(table.session.log) == log_length and _lives(table) == lives
    assert state["to_act"] == "Bob" and not table.fresh_roll and state["dice_settled"] is False
    verdict = table.act({"by": "Bob", "do": "pull"})["verdict"]
    assert sorted(verdict["dice"]) == [2, 3]


def test_dice_lying_still_again_forget_the_stir_over_a_power_cut(camera_table: Table) -> None:
    # Bob lifts the cup to look and puts it back down on Ann's dice: nothing is rolled. Two power
    # cuts later his pass is undone, and the roll he then makes is his own.
    table, eyes, clock = camera_table, Script(), Clock()
    table.start_game({"game": "kuriki", "players": ["Ann", "Bob", "Cy"]})
    ref = referee_for(table, eyes, clock)
    ref.step(eyes.add(ok(3, 2), "new_roll", "settled"))
    table.act({"by": "Ann", "do": "declare", "call": "4"})
    table.act({"by": "Bob", "do": "pass"})
    ref.step(eyes.add(LIFTED, "cup_lifted"))
    table, ref = restarted(table, eyes, clock)
    ref.step(eyes.add(ok(3, 2), "new_roll", "settled"))     # the same dice, lying still
    table, ref = restarted(table, eyes, clock)
    table.undo()
    assert table.public_state()["to_act"] == "Bob" and not table.fresh_roll
    ref.step(eyes.add(LIFTED, "cup_lifted"))
    ref.step(eyes.add(ok(5, 5), "new_roll", "settled"))
    assert table.fresh_roll
    table.act({"by": "Bob", "do": "declare", "call": "double-5"})
    assert table.session.log[-1]["dice"] == [5, 5]


def test_the_virtual_table_started_again_has_no_roll_under_way(camera_table: Table) -> None:
    # The virtual table started again holds the cup up over an empty tray: what it rolled before
    # the power went is gone, so an undo then takes back no roll of it (it rolls nothing more for
    # Ann, whose dice are given back for her declare).
    table, eyes, clock = camera_table, Script(), Clock()
    ann_declared_bob_lifted(table, eyes, clock)
    again = Table(table.store, table.events, has_camera=True)
    again.virtual = True                    # as dicetable run tells it once the camera is open
    again.undo()
    assert again.fresh_roll and not again.awaits_roll_taken_back()
    assert again.store.stir() is None
