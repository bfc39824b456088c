"""The roll an undo took back while it was under way lands a die short (one fell off the tray).

That roll is nobody's (test_undo_while_the_next_roll_settles.py, a declare undone;
test_undo_of_a_turn_while_the_next_roll_settles.py, a pass, pull or foul undone): Bob's roll after
Ann's declare undone, Cy's after Bob's pass undone. Landing with one die, it was taken for a
dropped die of the player now to act, who did not roll it: Ann (or Bob) was charged the
dropped-die foul, and another each time the ten count ran out. Now nobody is charged: the wall asks
for the die back under the cup, as it does for a short roll in Mia, and the wait goes on: the
roll, whole again, is still the one taken back, nobody's. The request for the die comes down
then (in Mia too: it stood, no longer true, until the game next moved). Driven frame by frame
with a scripted reader and watcher, as test_referee.py does.
"""

from __future__ import annotations

import pytest

from device.referee import TEN_COUNT, Referee
from device.table import Table

from .test_referee import Clock, Script, ok, referee_for, restarted
from .test_undo_of_a_turn_while_the_next_roll_settles import CASES, _bob_has_the_call_back, _undone_while_under_way
from .test_undo_while_the_next_roll_settles import LIFTED, ann_declared_bob_lifted

MISSING = "1 die missing from the tray: put it back under the cup"


def _fouls(table: Table) -> list[int]:
    return [p["fouls"] for p in table.public_state()["players"]]


def _declare_undone(table: Table, eyes: Script, clock: Clock) -> tuple[Table, Referee]:
    """Ann declares on her 3-2; Bob lifts the cup to roll; Ann's declare is undone."""
    ref = ann_declared_bob_lifted(table, eyes, clock)
    table.undo()
    assert table.public_state()["to_act"] == "Ann" and table.fresh_roll
    return table, ref


def _ann_has_her_dice_back(table: Table) -> None:
    state = table.public_state()
    assert state["to_act"] == "Ann" and state["call"] is None and table.fresh_roll, state


@pytest.mark.parametrize("undone", ["declare", "pass", "pull"])
@pytest.mark.parametrize("cut", [False, True], ids=["", "power cut"])
def test_a_die_short_in_the_roll_taken_back_is_nobody_s_foul(camera_table: Table, undone: str,
                                                             cut: bool) -> None:
    table, eyes, clock = camera_table, Script(), Clock()
    if undone == "declare":
        table, ref = _declare_undone(table, eyes, clock)
        has_the_call_back = _ann_has_her_dice_back
    else:
        case = CASES[f"kuriki {undone}"]
        table, ref, _ = _undone_while_under_way(table, eyes, clock, case, "cup lifted")

        def has_the_call_back(table: Table) -> None:
            _bob_has_the_call_back(table, case)
    log_length = len(table.session.log)
    if cut:
        # The power goes while the dice are in the air: what lands is still that roll.
        table, ref = restarted(table, eyes, clock)
    # The roll lands with one die: the other fell off the tray.
    ref.step(eyes.add(ok(6), "new_roll", "settled"))
    state = table.public_state()
    assert _fouls(table) == [0, 0, 0] and len(table.session.log) == log_length, table.session.log
    assert ref.counting is None and state["note"] == MISSING, state["note"]
    has_the_call_back(table)
    # No ten count runs for anyone: nobody is charged however long the die stays off.
    for _ in range(3):
        clock.now += TEN_COUNT
        ref.step(eyes.add(ok(6)))
    assert _fouls(table) == [0, 0, 0] and len(table.session.log) == log_length
    # The die is put back under the cup: the roll, whole, is still the one taken back, and the
    # request for the die comes down.
    ref.step(eyes.add(ok(6, 4), "count_changed", "settled"))
    assert len(table.session.log) == log_length and _fouls(table) == [0, 0, 0]
    has_the_call_back(table)
    assert table.public_state()["note"] is None
    ref.step(eyes.add(ok(6, 4), "settled"))
    # Once the cup is lifted again, what settles is a new roll: the player's own.
    ref.step(eyes.add(LIFTED, "cup_lifted"))
    ref.step(eyes.add(ok(5, 5), "new_roll", "settled"))
    player = table.public_state()["to_act"]
    assert table.fresh_roll
    table.act({"by": player, "do": "declare", "call": "double-5"})
    assert table.session.log[-1]["dice"] == [5, 5] and table.session.log[-1]["by"] == player


def test_a_die_short_in_the_player_s_own_roll_is_still_his_foul(camera_table: Table) -> None:
    # Guard: once the roll taken back has landed, the roll after it is the player's own, and a
    # die dropped from it is his foul, as ever.
    table, eyes, clock = camera_table, Script(), Clock()
    table, ref, _ = _undone_while_under_way(table, eyes, clock, CASES["kuriki pass"], "cup lifted")
    ref.step(eyes.add(ok(6, 4), "new_roll", "settled"))
    ref.step(eyes.add(LIFTED, "cup_lifted"))
    ref.step(eyes.add(ok(), "count_changed"))
    ref.step(eyes.add(ok(3), "new_roll", "settled"))
    assert _fouls(table) == [0, 1, 0] and ref.counting == "Bob"


@pytest.mark.parametrize("seen", [(6,), (6, 4, 1)], ids=["a die short", "a die too many"])
def test_the_request_for_the_right_dice_comes_down_once_they_lie_under_the_cup(camera_table: Table,
                                                                              seen: tuple[int, ...]) -> None:
    # Mia (no dropped-die foul): a roll a die short, or one too many, is asked right; once the
    # two dice lie under the cup and are sealed, the request is no longer true and comes down.
    # It stood over the player's declare until the game next moved.
    table, eyes, clock = camera_table, Script(), Clock()
    table.start_game({"game": "mia", "players": ["Ann", "Bob", "Cy"]})
    ref = referee_for(table, eyes, clock)
    ref.step(eyes.add(ok(*seen), "new_roll", "settled"))
    assert table.public_state()["note"] is not None and not table.sealed
    ref.step(eyes.add(ok(6, 4), "count_changed", "settled"))
    assert table.fresh_roll and table.public_state()["note"] is None


def test_another_note_put_up_since_is_left_standing(camera_table: Table) -> None:
    # Only the referee's own request comes down: a note said since (here a camera's word) stays.
    table, eyes, clock = camera_table, Script(), Clock()
    table.start_game({"game": "mia", "players": ["Ann", "Bob", "Cy"]})
    ref = referee_for(table, eyes, clock)
    ref.step(eyes.add(ok(6), "new_roll", "settled"))
    table.note("something else to say")
    ref.step(eyes.add(ok(6, 4), "count_changed", "settled"))
    assert table.fresh_roll and table.public_state()["note"] == "something else to say"
