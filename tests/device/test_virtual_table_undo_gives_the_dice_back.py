"""Undos once a later player has rolled: each player gets back the dice they had.

Found by QA after the Kuriki undo (test_virtual_table_kuriki_undone.py). Ann declares; Bob (or,
after Bob's pass, Cy) takes the cup and his roll settles, sealed under the cup for his declare.
An undo of Ann's declare left that roll fresh: Ann declared again on Bob's dice. An undo of Bob's
pass, or of a foul that knocked Ann out and voided her call (Bob then rolled fresh), left it
fresh for Bob: "Bob took the cup and rolled", his pull refused, and he could only declare on
another player's roll. Now Ann gets her own dice back to declare on (the record holds them, and
the seal they were), and Bob gets back the call on Ann's dice and his choice on it: pull, pass,
or take the cup. A roll that lay waiting for its declare before the action undone (a foul by
another player meanwhile) stays its roller's. A power cut changes none of it. Driven frame by
frame (Referee.step), with the real reader, as test_virtual_table_idle.py does.
"""

from __future__ import annotations

import pytest

from device.camera import SampleTable
from device.referee import Referee
from device.table import Table

from .conftest import ROLL_FRAMES, declared, roll_settled, started_again

SEED = 7                    # Ann rolls 3-2, the next roll is 6-4 (no 1-2: no Kuriki on the way)
FIRST_CALL = {"kuriki": "4", "mia": "32"}
NOTE_BOB = "Bob: tap roll to take the cup and roll (at the buttons, press Declare), or pass, or pull"


def _declared(cup_table, game: str = "kuriki", lives: int = 3) -> tuple[Table, Referee, SampleTable, tuple]:
    table, referee, camera = cup_table
    if lives != 3:
        table.start_game({"game": game, "players": ["Ann", "Bob", "Cy"], "options": {"lives": lives}})
        roll_settled(table, referee)
        table.act({"by": "Ann", "do": "declare", "call": FIRST_CALL[game]})
    else:
        declared(cup_table, game, FIRST_CALL[game], seed=SEED)
    ann = tuple(sorted(table.session.log[-1]["dice"]))
    return table, referee, camera, ann


def _rolled_by(table: Table, referee: Referee, camera: SampleTable, who: str, ann: tuple) -> tuple:
    """``who`` takes the cup (taps roll) and his roll settles: its dice, not Ann's."""
    table.act({"by": who, "do": "roll"})
    roll_settled(table, referee)
    assert table.public_state()["to_act"] == who
    rolled = tuple(sorted(camera.serving))
    assert rolled != ann
    return rolled


def _frames(referee: Referee, n: int = 2 * ROLL_FRAMES) -> None:
    for _ in range(n):
        referee.step()


@pytest.mark.parametrize("game", ["kuriki", "mia"])
def test_an_undone_declare_gives_ann_her_own_dice_back(cup_table, game: str) -> None:
    table, referee, camera, ann = _declared(cup_table, game)
    _rolled_by(table, referee, camera, "Bob", ann)
    state = table.undo()
    assert state["to_act"] == "Ann" and state["call"] is None and state["dice_settled"] is True
    _frames(referee)                    # nothing is rolled for her: her roll waits for her declare
    assert table.fresh_roll
    camera.close()
    # A power cut changes nothing: she declares again, on her own dice (before: Bob's roll).
    table, referee, camera = started_again(table.store, None)
    try:
        assert table.fresh_roll and table.public_state()["to_act"] == "Ann"
        table.act({"by": "Ann", "do": "declare", "call": FIRST_CALL[game]})
        assert tuple(sorted(table.session.log[-1]["dice"])) == ann
        # Bob's pull judges them.
        verdict = table.act({"by": "Bob", "do": "pull"})["verdict"]
        assert tuple(sorted(verdict["dice"])) == ann
    finally:
        camera.close()


def _bob_has_the_call_back(table: Table, ann: tuple, call: str = "4") -> None:
    state = table.public_state()
    assert state["to_act"] == "Bob" and state["call"] == call and state["answers"] == "Ann"
    assert not any(p["out"] for p in state["players"])
    assert not table.fresh_roll and state["dice_settled"] is False and state["sealed"] is True
    assert state["take_cup"] is True and state["note"] == NOTE_BOB
    assert {"pull", "pass"} <= {a["do"] for a in state["legal"]}, state["legal"]


@pytest.mark.parametrize("undone", ["pass", "foul"])
def test_an_undo_gives_bob_the_call_back_on_ann_s_dice(cup_table, undone: str) -> None:
    if undone == "pass":
        # Bob passes; Cy takes the cup and rolls; Bob's pass is undone.
        table, referee, camera, ann = _declared(cup_table)
        table.act({"by": "Bob", "do": "pass"})
        _rolled_by(table, referee, camera, "Cy", ann)
    else:
        # One life each: Ann's third foul knocks her out and voids her call; Bob rolls fresh
        # (the table rolls for him); that foul is undone.
        table, referee, camera, ann = _declared(cup_table, lives=1)
        for _ in range(3):
            table.act({"by": "Ann", "do": "foul", "kind": "peek"})
        state = table.public_state()
        assert state["call"] is None and state["to_act"] == "Bob" and state["players"][0]["out"]
        roll_settled(table, referee)
        assert tuple(sorted(camera.serving)) != ann
    table.undo()
    _bob_has_the_call_back(table, ann)
    _frames(referee)                    # nothing is rolled until he takes the cup
    _bob_has_the_call_back(table, ann)
    camera.close()
    table, referee, camera = started_again(table.store, NOTE_BOB)
    try:
        _bob_has_the_call_back(table, ann)
        verdict = table.act({"by": "Bob", "do": "pull"})["verdict"]
        assert tuple(sorted(verdict["dice"])) == ann and verdict["photo"]
    finally:
        camera.close()


def test_bob_takes_the_cup_again_after_his_pass_was_undone(cup_table) -> None:
    table, referee, camera, ann = _declared(cup_table)
    table.act({"by": "Bob", "do": "pass"})
    _rolled_by(table, referee, camera, "Cy", ann)
    table.undo()
    _frames(referee, 2)
    # He taps roll: the table rolls for him, and his declare takes his roll.
    table.act({"by": "Bob", "do": "roll"})
    referee.step()
    assert camera.serving == ()         # Cy's dice are picked up
    roll_settled(table, referee)
    table.act({"by": "Bob", "do": "declare", "call": "5"})
    assert sorted(table.session.log[-1]["dice"]) == sorted(camera.serving)
    assert table.public_state()["to_act"] == "Cy"


@pytest.mark.parametrize("power_cut", [False, True])
def test_a_roll_that_waited_for_its_declare_before_the_action_undone_stays_its_roller_s(
        cup_table, power_cut: bool) -> None:
    # Bob took the cup and rolled; Cy's foul meanwhile is undone: Bob's roll is still his.
    table, referee, camera, ann = _declared(cup_table)
    bob = _rolled_by(table, referee, camera, "Bob", ann)
    table.act({"by": "Cy", "do": "foul", "kind": "peek"})
    if power_cut:
        camera.close()
        table, referee, camera = started_again(table.store, None)
    try:
        state = table.undo()
        assert table.fresh_roll and state["to_act"] == "Bob" and state["dice_settled"] is True
        table.act({"by": "Bob", "do": "declare", "call": "5"})
        assert tuple(sorted(table.session.log[-1]["dice"])) == bob
    finally:
        camera.close()


def test_a_next_guy_who_rolled_and_fouled_himself_out_has_his_roll_back(cup_table) -> None:
    # One life each: Bob takes the cup and rolls, then fouls himself out (Cy is to act on
    # Ann's call); undone, Bob is back with his own roll to declare on.
    table, referee, camera, ann = _declared(cup_table, lives=1)
    bob = _rolled_by(table, referee, camera, "Bob", ann)
    for _ in range(3):
        table.act({"by": "Bob", "do": "foul", "kind": "peek"})
    assert table.public_state()["to_act"] == "Cy"
    state = table.undo()
    assert table.fresh_roll and state["to_act"] == "Bob" and state["call"] == "4"
    table.act({"by": "Bob", "do": "declare", "call": "5"})
    assert tuple(sorted(table.session.log[-1]["dice"])) == bob


def test_an_undone_blind_raise_gives_bob_the_call_back_on_ann_s_dice(cup_table) -> None:
    # Mia: Bob raises blind on Ann's dice; Cy takes the cup and rolls; Bob's raise is undone.
    # Before, Cy's roll stayed fresh for Bob: his pull was refused ("Bob took the cup and
    # rolled"), and so was raising blind again.
    table, referee, camera, ann = _declared(cup_table, "mia")
    table.act({"by": "Bob", "do": "declare", "call": "41", "blind": True})
    _rolled_by(table, referee, camera, "Cy", ann)
    state = table.undo()
    assert state["to_act"] == "Bob" and state["call"] == "32" and not table.fresh_roll
    assert state["take_cup"] is True and state["sealed"] is True
    assert {("declare", True), ("pull", None)} <= {(a["do"], a.get("blind")) for a in state["legal"]}
    verdict = table.act({"by": "Bob", "do": "pull"})["verdict"]
    assert tuple(sorted(verdict["dice"])) == ann
