"""The virtual table left alone in a game of Kuriki: the Roller's dice lie still under the cup
until the declare, as a real player's do; the table does not roll on and on for him, each 1-2 a
Kuriki the referee declares at once. Driven frame by frame (Referee.step), with the real reader,
as tests/device/test_virtual_table.py does."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from device.camera import SampleTable
from device.referee import Referee
from device.table import Table
from engine.errors import EngineError
from vision.reader import read_dice

from .conftest import ROLL_FRAMES, declared


def test_an_idle_kuriki_table_lies_still_until_the_roller_declares(cup_table) -> None:
    # Before, the table rolled on every 2.4 s while the Roller thought, and the referee declared
    # every 1-2 that came up: left alone, a game of eight lost twelve lives to Kurikis nobody
    # rolled, three players out.
    table, referee, camera = cup_table
    table.start_game({"game": "kuriki", "players": ["Ann", "Bob", "Cy"], "options": {"lives": 3}})
    for _ in range(2 * ROLL_FRAMES):
        referee.step()
        if table.public_state()["sealed"]:
            break
    state = table.public_state()
    assert state["sealed"] and state["verdict"] is None and state["to_act"] == "Ann"
    rolled = camera.serving
    for _ in range(60 * ROLL_FRAMES):        # sixty rolls' time: a 1-2 comes up about 3 times
        referee.step()
    state = table.public_state()
    assert state["verdict"] is None, state["verdict"]["message"]
    assert [p["lives"] for p in state["players"]] == [3, 3, 3]
    assert state["sealed"] and camera.serving == rolled
    # Ann declares on her roll: nothing is rolled for Bob until he takes the cup (below).
    table.act({"by": "Ann", "do": "declare", "call": "4"})
    table.act({"by": "Bob", "do": "roll"})
    for _ in range(2 * ROLL_FRAMES):
        referee.step()
        if table.fresh_roll or table.public_state()["verdict"] is not None:
            break
    state = table.public_state()
    if state["verdict"] is not None:                    # Bob rolled a 1-2: his Kuriki
        assert state["verdict"]["outcome"] == "kuriki" and state["verdict"]["caller"] == "Bob"
        return
    assert table.fresh_roll and state["to_act"] == "Bob" and state["dice_settled"]
    table.act({"by": "Bob", "do": "declare", "call": "5"})
    table.act({"by": "Cy", "do": "pull"})
    verdict = table.public_state()["verdict"]
    assert verdict["outcome"] in ("truth", "lie")


def _declared(cup_table, seed: int) -> tuple[Table, Referee, SampleTable]:
    """Ann's roll sealed and declared ("4") at a virtual table whose dice come from ``seed``."""
    return declared(cup_table, "kuriki", "4", seed=seed)


# A seed whose first roll (Ann's) is not a 1-2 and whose second (the one after her declare) is.
KURIKI_SECOND = 62


def test_the_next_guy_s_dice_lie_still_until_he_takes_the_cup(cup_table) -> None:
    # Before, the table rolled for Bob as soon as Ann declared, and the referee declared his
    # every 1-2 (1 in 18) a Kuriki for him though he never took the cup: Bob lost a life for it.
    table, referee, camera = _declared(cup_table, KURIKI_SECOND)
    rolled = camera.serving
    for _ in range(20 * ROLL_FRAMES):
        referee.step()
    state = table.public_state()
    assert state["verdict"] is None, state["verdict"]["message"]
    assert [p["lives"] for p in state["players"]] == [3, 3, 3]
    assert camera.serving == rolled and not table.fresh_roll and not state["dice_settled"]
    assert state["to_act"] == "Bob" and state["take_cup"] is True
    assert state["note"] == "Bob: tap roll to take the cup and roll (at the buttons, press Declare), or pass, or pull"
    # Bob passes: still nothing rolled; Cy is asked to take the cup.
    table.act({"by": "Bob", "do": "pass"})
    for _ in range(5 * ROLL_FRAMES):
        referee.step()
    state = table.public_state()
    assert camera.serving == rolled and state["verdict"] is None and state["note"].startswith("Cy: tap roll")
    # Cy takes the cup: the dice roll at once, and his 1-2 is his Kuriki, shown at once.
    state = table.act({"by": "Cy", "do": "roll"})
    assert state["note"] == "Cy takes the cup and rolls: declare once the dice settle under it"
    assert state["take_cup"] is False and table.session.log[-1]["do"] == "pass"   # nothing recorded
    for _ in range(2 * ROLL_FRAMES):
        referee.step()
        if table.public_state()["verdict"] is not None:
            break
    verdict = table.public_state()["verdict"]
    assert verdict is not None and verdict["outcome"] == "kuriki" and verdict["caller"] == "Cy"


def test_taking_the_cup_is_the_player_to_act_s_alone(cup_table) -> None:
    table, referee, camera = _declared(cup_table, 7)
    with pytest.raises(EngineError):
        table.act({"by": "Cy", "do": "roll"})
    assert not table.cup_taken() and table.public_state()["take_cup"] is True
    # At the buttons Declare takes the cup (the dialled call is not made: there are no dice yet).
    table.act({"by": "Bob", "do": "declare", "call": "5"}, from_device=True)
    assert table.cup_taken() and table.session.log[-1]["call"] == "4"
    for _ in range(2 * ROLL_FRAMES):
        referee.step()
        if table.fresh_roll or table.public_state()["verdict"] is not None:
            break
    assert table.fresh_roll or table.public_state()["verdict"]["caller"] == "Bob"


def test_the_next_guy_who_took_the_cup_declares_on_his_roll_and_cannot_pull_on_the_dice_he_rolled_away(
        cup_table) -> None:
    # Played as players would: Bob tapped roll (took the cup), his dice rolled, then he pulled.
    # The pull judged Ann's 3-2, rolled away, while the tray showed his 6-4, and his 6-4 stayed
    # sealed: Ann's "fresh roll" after the verdict was Bob's dice. A declare by the Next Guy
    # means he took the cup and rolled (docs/game-record.md): once he took it, he declares on
    # his roll; the pull (and the pass) is refused, and the phone no longer offers them. The
    # verdict of the pull that follows shows the tray's dice, in the photo of his sealed roll.
    table, referee, camera = _declared(cup_table, 7)
    ann = table.session.log[-1]["dice"]
    assert any(a["do"] == "pull" for a in table.public_state()["legal"])   # before he takes it
    table.act({"by": "Bob", "do": "roll"})                                 # Bob takes the cup
    for verb in ("pull", "pass"):                       # refused at once, his dice still rolling
        with pytest.raises(EngineError, match="Bob took the cup and rolled"):
            table.act({"by": "Bob", "do": verb})
    for _ in range(2 * ROLL_FRAMES):
        referee.step()
        if table.fresh_roll:
            break
    assert table.fresh_roll, "seed 7's second roll is not a 1-2"
    rolled = camera.serving
    state = table.public_state()
    assert not any(a["do"] in ("pull", "pass") for a in state["legal"])
    assert any(a["do"] == "declare" for a in state["legal"])
    with pytest.raises(EngineError, match="rolled away, so there is no pull on them"):
        table.act({"by": "Bob", "do": "pull"})
    with pytest.raises(EngineError):
        table.act({"by": "Cy", "do": "pull"})           # not Cy's turn: the rules' own refusal
    assert table.session.log[-1]["do"] == "declare" and table.session.log[-1]["dice"] == ann
    assert table.fresh_roll and camera.serving == rolled
    table.act({"by": "Bob", "do": "declare", "call": "4"})
    table.act({"by": "Cy", "do": "pull"})
    verdict = table.public_state()["verdict"]
    assert sorted(verdict["dice"]) == sorted(rolled) == sorted(table.session.log[-2]["dice"])
    declared = table.store.actions(table.game_id)[-2]
    assert declared.line["by"] == "Bob" and declared.photo_id
    assert verdict["photo"] == f"/api/photos/{declared.photo_id}"
    photo = cv2.imdecode(np.frombuffer(table.photo(declared.photo_id), np.uint8), cv2.IMREAD_COLOR)
    assert sorted(read_dice(photo, "bottom").values) == sorted(rolled)    # his roll, as judged
