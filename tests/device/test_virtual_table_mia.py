"""Mia on the virtual table: after a call nothing is rolled for the next player until he takes
the cup (taps roll), so he can raise blind on the dice as they lie, and after a blind raise
nothing is rolled for nobody. Before, the table rolled for him right after each call (0.7 s), so
a blind raise tapped after that was refused ("the camera saw the dice rolled and settle under
the cup"), and after a blind raise it rolled again for nothing. Driven frame by frame
(Referee.step), with the real reader, as tests/device/test_virtual_table_idle.py does."""

from __future__ import annotations

import pytest

from device.camera import SampleTable
from device.referee import Referee
from device.table import Table
from engine.errors import EngineError

from .conftest import ROLL_FRAMES, declared


def _declared(cup_table) -> tuple[Table, Referee, SampleTable]:
    """Ann's roll sealed and declared ("31", the lowest call)."""
    return declared(cup_table, "mia", "31")


def test_the_next_player_raises_blind_on_the_dice_as_they_lie(cup_table) -> None:
    table, referee, camera = _declared(cup_table)
    anns = camera.serving
    assert len(anns) == 2
    for _ in range(5 * ROLL_FRAMES):
        referee.step()
    state = table.public_state()
    assert camera.serving == anns and not table.fresh_roll, "the table rolled for Bob unasked"
    assert state["to_act"] == "Bob" and state["take_cup"] is True
    assert state["note"].startswith("Bob: tap roll to take the cup")
    # Bob raises blind, on Ann's dice as they lie (before: refused, the table had rolled).
    table.act({"by": "Bob", "do": "declare", "call": "65", "blind": True})
    for _ in range(5 * ROLL_FRAMES):
        referee.step()
    state = table.public_state()
    assert camera.serving == anns and not table.fresh_roll, "the table rolled after a blind raise"
    assert state["to_act"] == "Cy" and state["take_cup"] is True
    # Cy pulls: judged on Ann's dice, the ones on the tray.
    table.act({"by": "Cy", "do": "pull"})
    verdict = table.public_state()["verdict"]
    assert verdict is not None and verdict["outcome"] in ("truth", "lie")
    shown = sorted(anns, reverse=True)
    truth = (shown == [6, 5] or shown[0] == shown[1] or shown == [2, 1])
    assert verdict["outcome"] == ("truth" if truth else "lie"), (anns, verdict)


def test_taking_the_cup_rolls_for_him_and_he_declares_on_it(cup_table) -> None:
    table, referee, camera = _declared(cup_table)
    with pytest.raises(EngineError):
        table.act({"by": "Cy", "do": "roll"})           # not Cy's turn
    state = table.act({"by": "Bob", "do": "roll"})
    assert state["take_cup"] is False and table.session.log[-1]["by"] == "Ann"   # not recorded
    assert state["note"] == "Bob takes the cup and rolls: declare once the dice settle under it"
    for _ in range(2 * ROLL_FRAMES):
        referee.step()
        if table.fresh_roll:
            break
    assert table.fresh_roll
    rolled = camera.serving
    # His dice are rolled: no blind raise on them, no pull of Ann's dice rolled away.
    legal = table.public_state()["legal"]
    assert legal and all(a["do"] == "declare" and a.get("blind") is not True for a in legal)
    with pytest.raises(EngineError):
        table.act({"by": "Bob", "do": "declare", "call": "65", "blind": True})
    with pytest.raises(EngineError):
        table.act({"by": "Bob", "do": "pull"})
    for _ in range(5 * ROLL_FRAMES):                     # his roll lies still until he declares
        referee.step()
    assert camera.serving == rolled and table.fresh_roll
    table.act({"by": "Bob", "do": "declare", "call": "32"})
    assert table.session.log[-1]["dice"] == list(rolled) or sorted(table.session.log[-1]["dice"]) == sorted(rolled)


def test_declare_at_the_buttons_takes_the_cup_a_dialled_blind_raise_does_not(cup_table) -> None:
    table, referee, camera = _declared(cup_table)
    table.act({"by": "Bob", "do": "declare", "call": "65"}, from_device=True)
    assert table.cup_taken() and table.session.log[-1]["call"] == "31"
    table.undo()                          # Ann's declare taken back, then made again
    table.act({"by": "Ann", "do": "declare", "call": "31"})
    table.act({"by": "Bob", "do": "declare", "call": "65", "blind": True}, from_device=True)
    assert table.session.log[-1]["blind"] is True and table.public_state()["to_act"] == "Cy"
