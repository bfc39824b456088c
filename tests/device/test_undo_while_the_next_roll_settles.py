"""A declare undone at a real tray while the next player's roll is still settling.

Ann declares on her 3-2; Bob lifts the cup and rolls; before his dice settle, Ann's declare is
undone. The undo gave Ann her 3-2 back, sealed for her declare, but the roll settling afterwards
was sealed in its place (the cup lifted and the new roll cleared the seal given back): Ann then
declared on Bob's dice, and a 1-2 among them was declared a Kuriki for her. Now the roll under
way at the undo is taken back as one that had settled before it is: it lies on the tray, nobody's,
and Ann declares on her own dice; once the cup is lifted again, what settles is a new roll. A
power cut changes none of it. Driven frame by frame with a scripted reader and watcher, as
test_referee.py does.
"""

from __future__ import annotations

import pytest

from device.referee import Referee
from device.table import Table
from vision.reading import Reading, Status

from .test_referee import Clock, Script, ok, referee_for, restarted

LIFTED = Reading(Status.UNSURE, (), reason="too bright: the cup may be lifted")
CALLS = {"kuriki": ("4", "double-5"), "mia": ("32", "55")}


def ann_declared_bob_lifted(table: Table, eyes: Script, clock: Clock, *, game: str = "kuriki",
                            call: str = "4", options: dict | None = None) -> Referee:
    """Ann, Bob and Cy start ``game``; Ann declares ``call`` on her 3-2, and Bob lifts the cup to
    roll. Returns the referee (its frames scripted by ``eyes``)."""
    table.start_game({"game": game, "players": ["Ann", "Bob", "Cy"], **({"options": options} if options else {})})
    ref = referee_for(table, eyes, clock)
    ref.step(eyes.add(ok(3, 2), "new_roll", "settled"))
    table.act({"by": "Ann", "do": "declare", "call": call})
    ref.step(eyes.add(LIFTED, "cup_lifted"))
    return ref


def _lives(table: Table) -> list[int]:
    return [p["lives"] for p in table.public_state()["players"]]


@pytest.mark.parametrize("game, bob", [("kuriki", (6, 4)), ("kuriki", (2, 1)), ("mia", (6, 4))])
@pytest.mark.parametrize("seen", ["cup lifted", "dice picked up"])
def test_the_roll_settling_after_the_undo_does_not_replace_the_dice_given_back(
        camera_table: Table, game: str, bob: tuple[int, int], seen: str) -> None:
    table, eyes, clock = camera_table, Script(), Clock()
    ann_call, bob_call = CALLS[game]
    # Bob lifts the cup (and, seen or not, scoops the dice up) to roll.
    ref = ann_declared_bob_lifted(table, eyes, clock, game=game, call=ann_call, options={"lives": 5})
    if seen == "dice picked up":
        ref.step(eyes.add(ok(), "count_changed"))
    state = table.undo()
    assert state["to_act"] == "Ann" and state["call"] is None and table.fresh_roll
    # His roll settles after the undo: taken back, not Ann's roll (nor a Kuriki of hers).
    ref.step(eyes.add(ok(*bob), "new_roll", "settled"))
    state = table.public_state()
    assert len(table.session.log) == 2 and state["verdict"] is None, table.session.log
    assert table.fresh_roll and state["to_act"] == "Ann" and state["dice_settled"] is True
    if game == "kuriki":
        assert _lives(table) == [5, 5, 5]
    ref.step(eyes.add(ok(*bob), "settled"))
    # A power cut changes nothing: the dice lying there are that roll, not a new one.
    table, ref = restarted(table, eyes, clock)
    ref.step(eyes.add(ok(*bob), "new_roll", "settled"))
    assert table.fresh_roll and len(table.session.log) == 2
    table.act({"by": "Ann", "do": "declare", "call": ann_call})
    assert table.session.log[-1]["dice"] == [3, 2]
    # Bob's next roll, once he lifts the cup, is his as usual.
    ref.step(eyes.add(LIFTED, "cup_lifted"))
    ref.step(eyes.add(ok(5, 5), "new_roll", "settled"))
    table.act({"by": "Bob", "do": "declare", "call": bob_call})
    assert table.session.log[-1]["dice"] == [5, 5]


def test_after_the_roll_taken_back_settled_a_roll_under_a_lifted_cup_is_new(camera_table: Table) -> None:
    # Ann, given her dice back, may still lift the cup and roll again: that roll is hers.
    table, eyes, clock = camera_table, Script(), Clock()
    ref = ann_declared_bob_lifted(table, eyes, clock)
    table.undo()
    ref.step(eyes.add(ok(6, 4), "new_roll", "settled"))
    ref.step(eyes.add(LIFTED, "cup_lifted"))
    ref.step(eyes.add(ok(), "count_changed"))
    ref.step(eyes.add(ok(5, 3), "new_roll", "settled"))
    assert table.fresh_roll
    table.act({"by": "Ann", "do": "declare", "call": "8"})
    assert table.session.log[-1]["dice"] == [5, 3]
