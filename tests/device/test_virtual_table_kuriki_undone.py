"""QA: a Kuriki undone on the virtual table.

The referee declares a 1-2 a Kuriki the moment it is seen. Undone with the table's undo, the 1-2
stayed on the tray, neither declared again (the referee had handled that roll) nor anybody's
roll (never sealed): Bob, the Next Guy who had taken the cup and rolled it, was asked to "tap
roll to take the cup" again and offered a pull and a pass on Ann's dice, which he had rolled
away, while his 1-2 lay there for good; on a fresh roll the phone said "dice settling…" over the
1-2 until the table rolled on. The undo takes back the Kuriki and the roll it was shown on:
whoever rolled it rolls again, at once, as an undone declare leaves the roller his dice to
declare on; the Next Guy keeps the cup he took. A power cut changes none of it (the record says
it). Mia's 2-1 is not declared by the table (the player declares it on the dice sealed): its
undone declare gives the same dice back, as any declare's does. Driven frame by frame
(Referee.step), with the real reader, as test_virtual_table_idle.py does.
"""

from __future__ import annotations

import random

import pytest

from device.camera import SampleTable
from device.referee import Referee
from device.table import Table
from engine.errors import EngineError

from .conftest import ROLL_FRAMES, declared, started_again, virtual_table

KURIKI_FIRST = 15           # a seed whose first roll (Ann's) is a 1-2
KURIKI_SECOND = 62          # a seed whose first roll is not a 1-2 and whose second (Bob's) is


def _roll_until_judged(table: Table, referee: Referee, log_length: int) -> None:
    """Frames until a roll is sealed under the cup or the record grows past ``log_length``."""
    for _ in range(3 * ROLL_FRAMES):
        referee.step()
        if table.fresh_roll or len(table.session.log) > log_length:
            return


def _lives(table: Table) -> list[int]:
    return [p["lives"] for p in table.public_state()["players"]]


def _next_guy_s_kuriki_undone(cup_table) -> tuple[Table, Referee, SampleTable]:
    """Ann declared 4; Bob took the cup and rolled 1-2, his Kuriki; then it was undone."""
    table, referee, camera = declared(cup_table, "kuriki", "4", seed=KURIKI_SECOND)
    table.act({"by": "Bob", "do": "roll"})
    _roll_until_judged(table, referee, 1)
    verdict = table.public_state()["verdict"]
    assert verdict is not None and verdict["outcome"] == "kuriki" and verdict["caller"] == "Bob"
    assert _lives(table) == [3, 3, 2] and sorted(camera.serving) == [1, 2]
    table.undo()
    return table, referee, camera


NOTE_BOB = "the Kuriki is taken back: Bob rolls again, and declares once the dice settle under the cup"


def test_an_undone_kuriki_of_the_next_guy_is_rolled_again_for_him(cup_table) -> None:
    table, referee, camera = _next_guy_s_kuriki_undone(cup_table)
    state = table.public_state()
    assert _lives(table) == [3, 3, 3] and state["verdict"] is None
    # He took the cup and rolled: not asked to take it again, no pull or pass on Ann's dice.
    assert state["to_act"] == "Bob" and state["call"] == "4" and state["take_cup"] is False
    assert state["note"] == NOTE_BOB
    assert state["legal"] and all(a["do"] == "declare" for a in state["legal"])
    for verb in ("pull", "pass"):
        with pytest.raises(EngineError, match="Bob took the cup and rolled"):
            table.act({"by": "Bob", "do": verb})
    # The 1-2 is picked up at once (the cup goes up), not left lying there.
    referee.step()
    assert camera.serving == ()
    _roll_until_judged(table, referee, 3)
    assert len(table.session.log) == 3, "the undone 1-2 was declared again"
    assert table.fresh_roll, "Bob's roll again did not settle"
    rolled = camera.serving
    assert table.public_state()["note"] == NOTE_BOB
    # He declares on his new roll; Cy's pull judges it.
    table.act({"by": "Bob", "do": "declare", "call": "5"})
    assert sorted(table.session.log[-1]["dice"]) == sorted(rolled)
    assert table.public_state()["note"].startswith("Cy: tap roll to take the cup")
    verdict = table.act({"by": "Cy", "do": "pull"})["verdict"]
    assert sorted(verdict["dice"]) == sorted(rolled)


def test_an_undone_kuriki_on_a_fresh_roll_is_rolled_again_at_once(cup_table) -> None:
    table, referee, camera = cup_table
    camera.rng = random.Random(KURIKI_FIRST)
    table.start_game({"game": "kuriki", "players": ["Ann", "Bob", "Cy"], "options": {"lives": 3}})
    _roll_until_judged(table, referee, 0)
    assert table.session.log == [{"by": "Ann", "do": "declare", "call": "kuriki", "dice": [2, 1]}]
    assert _lives(table) == [3, 2, 3]
    state = table.undo()
    assert _lives(table) == [3, 3, 3] and state["to_act"] == "Ann" and state["call"] is None
    assert state["note"] == ("the Kuriki is taken back: Ann rolls again, and declares once the dice "
                             "settle under the cup")
    # Before, the 1-2 lay there unsealed (the phone: "dice settling…") until the table rolled on.
    referee.step()
    assert camera.serving == ()
    _roll_until_judged(table, referee, 2)
    assert len(table.session.log) == 2, "the undone 1-2 was declared again"
    assert table.fresh_roll and table.public_state()["to_act"] == "Ann"
    table.act({"by": "Ann", "do": "declare", "call": "4"})
    assert sorted(table.session.log[-1]["dice"]) == sorted(camera.serving)


def test_a_power_cut_after_the_undo_still_rolls_again_for_him(cup_table) -> None:
    table, referee, camera = _next_guy_s_kuriki_undone(cup_table)
    assert sorted(camera.serving) == [1, 2]          # the power goes before anything is rolled
    camera.close()
    again, referee, camera = started_again(table.store, NOTE_BOB)
    try:
        state = again.public_state()
        assert again.fresh_roll and len(again.session.log) == 3, state
        assert state["to_act"] == "Bob" and state["call"] == "4" and state["take_cup"] is False
        assert all(a["do"] == "declare" for a in state["legal"])
        again.act({"by": "Bob", "do": "declare", "call": "5"})
        assert sorted(again.session.log[-1]["dice"]) == sorted(camera.serving)
    finally:
        camera.close()


MIA_FIRST = 15               # Ann's first roll in Mia: 2-1, the Mia


def test_an_undone_mia_is_declared_again_on_the_same_dice(cup_table) -> None:
    # The table declares no Mia itself: the 2-1 is sealed, Ann declares it, and undoing her
    # declare gives her the same dice to declare again, before and after a power cut.
    table, referee, camera = declared(cup_table, "mia", "21", seed=MIA_FIRST)
    assert sorted(table.session.log[-1]["dice"]) == [1, 2]
    table.undo()
    for _ in range(5 * ROLL_FRAMES):
        referee.step()
    state = table.public_state()
    assert table.fresh_roll and sorted(camera.serving) == [1, 2] and state["to_act"] == "Ann"
    assert state["note"] is None and len(table.session.log) == 2
    camera.close()
    again, referee, camera = started_again(table.store, None)
    try:
        assert again.fresh_roll
        again.act({"by": "Ann", "do": "declare", "call": "21"})
        assert sorted(again.session.log[-1]["dice"]) == [1, 2]
        assert again.public_state()["to_act"] == "Bob"
    finally:
        camera.close()


@pytest.mark.parametrize("before", ["kuriki", "kuriki undone"])
def test_a_1_2_rolled_first_after_a_power_cut_is_a_kuriki(cup_table, before: str) -> None:
    # Started again, the virtual table holds the cup up over an empty tray: its first roll is a
    # new one. Before, a 1-2 it rolled first after a Kuriki (or a Kuriki undone) was taken for
    # that Kuriki's dice still lying there: declared for nobody, and rolled away 1.6 s later.
    if before == "kuriki":
        table, referee, camera = cup_table
        camera.rng = random.Random(KURIKI_FIRST)
        table.start_game({"game": "kuriki", "players": ["Ann", "Bob", "Cy"], "options": {"lives": 3}})
        _roll_until_judged(table, referee, 0)
        roller, lives = "Ann", [3, 1, 3]        # her second Kuriki: Bob loses another life
    else:
        table, referee, camera = _next_guy_s_kuriki_undone(cup_table)
        roller, lives = "Bob", [3, 3, 2]        # his Kuriki, rolled again
    assert len(table.session.log) in (1, 3) and not table.fresh_roll
    camera.close()
    again, referee, camera = virtual_table(table.store, KURIKI_FIRST)   # its first roll: 1-2
    try:
        logged = len(again.session.log)
        _roll_until_judged(again, referee, logged)
        assert len(again.session.log) == logged + 1, "the 1-2 rolled after the restart was not declared"
        verdict = again.public_state()["verdict"]
        assert verdict["outcome"] == "kuriki" and verdict["caller"] == roller
        assert _lives(again) == lives
    finally:
        camera.close()
