"""A player who rolled and then fouled himself out: his roll is void.

Found by QA: Bob, the Next Guy, took the cup and rolled; his roll lay sealed for his declare; his
third foul knocked him out (one life each). Cy, now to act on Ann's call, found Bob's roll
"settled" under the cup: his declare took Bob's dice, and on the virtual table his pull and pass
were refused ("Cy took the cup and rolled"), so he could only declare on Bob's dice. So too the
Roller who fouled out before declaring left his roll to the next player. A player out is out with
his roll: the next player's turn starts as any turn does (on a standing call: pull, pass, or take
the cup and roll his own dice; else his own fresh roll). The foul undone gives the roll back
(test_virtual_table_undo_gives_the_dice_back.py), and a power cut changes none of it.
"""

from __future__ import annotations

import pytest

from device.table import Table
from web.services import DiceNotSettled

from .conftest import roll_settled, started_again
from .test_referee import Clock, Script, ok, referee_for, restarted
from .test_undo_while_the_next_roll_settles import ann_declared_bob_lifted
from .test_virtual_table_undo_gives_the_dice_back import _declared, _rolled_by

NOTE_CY = "Cy: tap roll to take the cup and roll (at the buttons, press Declare), or pass, or pull"


def _cy_is_next_guy_with_no_roll(table: Table) -> None:
    state = table.public_state()
    assert state["to_act"] == "Cy" and state["call"] == "4" and state["answers"] == "Ann"
    assert state["players"][1]["out"]
    assert not table.fresh_roll and state["dice_settled"] is False, state
    assert state["take_cup"] is True and state["note"] == NOTE_CY
    assert {"pull", "pass"} <= {a["do"] for a in state["legal"]}, state["legal"]
    with pytest.raises(DiceNotSettled):
        table.act({"by": "Cy", "do": "declare", "call": "5"})


@pytest.mark.parametrize("then", ["roll", "pull after a power cut"])
def test_the_virtual_table_gives_cy_his_own_turn_after_bob_fouled_out(cup_table, then: str) -> None:
    table, referee, camera, ann = _declared(cup_table, lives=1)
    _rolled_by(table, referee, camera, "Bob", ann)
    for _ in range(3):
        table.act({"by": "Bob", "do": "foul", "kind": "peek"})
    _cy_is_next_guy_with_no_roll(table)
    if then == "roll":
        # Cy takes the cup: the table rolls for him, and his declare takes his own dice.
        table.act({"by": "Cy", "do": "roll"})
        referee.step()
        assert camera.serving == ()         # Bob's dice are picked up
        roll_settled(table, referee)
        table.act({"by": "Cy", "do": "declare", "call": "5"})
        assert sorted(table.session.log[-1]["dice"]) == sorted(camera.serving)
        camera.close()
        return
    camera.close()
    table, referee, camera = started_again(table.store, NOTE_CY)
    try:
        _cy_is_next_guy_with_no_roll(table)
        verdict = table.act({"by": "Cy", "do": "pull"})["verdict"]
        assert tuple(sorted(verdict["dice"])) == ann
    finally:
        camera.close()


LIFTED_TRAY = ok()          # the cup lifted (the scripted watcher says so)


def test_at_a_real_tray_the_next_guy_s_roll_is_void_once_he_fouled_out(camera_table: Table) -> None:
    table, eyes, clock = camera_table, Script(), Clock()
    ref = ann_declared_bob_lifted(table, eyes, clock, options={"lives": 1})
    ref.step(eyes.add(ok(6, 4), "new_roll", "settled"))
    assert table.fresh_roll
    for _ in range(3):
        table.act({"by": "Bob", "do": "foul", "kind": "peek"})
    state = table.public_state()
    assert state["to_act"] == "Cy" and state["call"] == "4"
    assert not table.fresh_roll and state["dice_settled"] is False
    with pytest.raises(DiceNotSettled):
        table.act({"by": "Cy", "do": "declare", "call": "5"})
    # Bob's dice, lying there still, are not Cy's roll; Cy's own roll is.
    ref.step(eyes.add(ok(6, 4), "settled"))
    assert not table.fresh_roll
    ref.step(eyes.add(LIFTED_TRAY, "cup_lifted"))
    ref.step(eyes.add(ok(5, 5), "new_roll", "settled"))
    table.act({"by": "Cy", "do": "declare", "call": "double-5"})
    assert table.session.log[-1]["dice"] == [5, 5]


def test_at_a_real_tray_the_roller_who_fouled_out_before_declaring_leaves_no_roll(camera_table: Table) -> None:
    table, eyes, clock = camera_table, Script(), Clock()
    table.start_game({"game": "kuriki", "players": ["Ann", "Bob", "Cy"], "options": {"lives": 1}})
    ref = referee_for(table, eyes, clock)
    ref.step(eyes.add(ok(6, 4), "new_roll", "settled"))
    for _ in range(3):
        table.act({"by": "Ann", "do": "foul", "kind": "peek"})
    state = table.public_state()
    assert state["to_act"] == "Bob" and state["call"] is None and state["players"][0]["out"]
    assert not table.fresh_roll and state["dice_settled"] is False
    # Her foul undone (after a power cut), her roll is hers again; fouled out again, it is void
    # again.
    table, ref = restarted(table, eyes, clock)
    assert not table.fresh_roll
    state = table.undo()
    assert table.fresh_roll and state["to_act"] == "Ann" and not state["players"][0]["out"]
    table.act({"by": "Ann", "do": "foul", "kind": "peek"})
    assert not table.fresh_roll and table.public_state()["to_act"] == "Bob"
    # Bob rolls his own fresh roll.
    ref.step(eyes.add(LIFTED_TRAY, "cup_lifted"))
    ref.step(eyes.add(ok(5, 3), "new_roll", "settled"))
    table.act({"by": "Bob", "do": "declare", "call": "8"})
    assert table.session.log[-1]["dice"] == [5, 3]


@pytest.mark.parametrize("cy", ["settled", "under way"])
def test_bob_s_foul_undone_once_cy_rolled_at_a_real_tray(camera_table: Table, cy: str) -> None:
    # Bob fouled out; Cy lifted the cup and rolled; Bob's foul is undone. Cy's roll is not
    # Bob's: settled, it is taken back (Bob has the call back on Ann's dice, his own roll rolled
    # away); still under way, it is taken back as it lands, and Bob has his own roll back.
    table, eyes, clock = camera_table, Script(), Clock()
    ref = ann_declared_bob_lifted(table, eyes, clock, options={"lives": 1})
    ref.step(eyes.add(ok(6, 4), "new_roll", "settled"))
    for _ in range(3):
        table.act({"by": "Bob", "do": "foul", "kind": "peek"})
    ref.step(eyes.add(LIFTED_TRAY, "cup_lifted"))
    if cy == "settled":
        ref.step(eyes.add(ok(5, 5), "new_roll", "settled"))
        assert table.fresh_roll
    state = table.undo()
    assert state["to_act"] == "Bob" and state["call"] == "4" and not state["players"][1]["out"]
    if cy == "settled":
        assert not table.fresh_roll
        verdict = table.act({"by": "Bob", "do": "pull"})["verdict"]
        assert verdict["dice"] == [3, 2]
        return
    assert table.fresh_roll
    ref.step(eyes.add(ok(5, 5), "new_roll", "settled"))
    assert table.fresh_roll and len(table.session.log) == 5
    table.act({"by": "Bob", "do": "declare", "call": "10"})
    assert table.session.log[-1]["dice"] == [6, 4]
