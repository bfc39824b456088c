"""An undo of a pull, or of an accepted Mia, once the virtual table has rolled the next point's dice.

Found checking the Kuriki undo (test_virtual_table_kuriki_undone.py): the verdict ends the point,
the table rolls the next point's dice, they settle and are sealed for the next roller. Undone,
the call stood again with that seal fresh, taken for the roll of a player who had taken the cup:
Bob's pull of the call came back "Bob took the cup and rolled: the dice the call was made on are
rolled away", he could only declare on another player's dice (with a Mia standing: only accept,
and the phone offered nothing else). The undo brings back the call and Bob's choice on it, as
before the verdict; a power cut changes none of it. Driven frame by frame (Referee.step), with
the real reader, as test_virtual_table_idle.py does.
"""

from __future__ import annotations

import pytest

from .conftest import declared, roll_settled, started_again

SEEDS = {"kuriki": 7, "mia": 15}       # Kuriki: no 1-2 first; Mia: Ann's first roll is 2-1


@pytest.mark.parametrize("game, call, verb", [("kuriki", "4", "pull"), ("mia", "21", "accept"),
                                              ("mia", "21", "pull")])
def test_the_undone_verdict_gives_the_call_back_to_bob(cup_table, game: str, call: str,
                                                       verb: str) -> None:
    table, referee, camera = declared(cup_table, game, call, seed=SEEDS[game])
    before = table.act({"by": "Bob", "do": verb})
    verdict = before["verdict"]
    roll_settled(table, referee)
    state = table.undo()
    assert state["call"] == call and state["to_act"] == "Bob" and state["verdict"] is None
    assert not table.fresh_roll and state["dice_settled"] is False
    verbs = {a["do"] for a in state["legal"]}
    assert "pull" in verbs and ("accept" in verbs if call == "21" else "pass" in verbs), state["legal"]
    # Kuriki: Bob has not taken the cup; a Mia standing is accepted or pulled, never rolled on.
    assert state["take_cup"] is (game == "kuriki")
    note = state["note"]
    assert note == ("Bob: tap roll to take the cup and roll (at the buttons, press Declare), or "
                    "pass, or pull" if game == "kuriki" else None)
    camera.close()
    # A power cut changes nothing; Bob's verdict made again is the one undone.
    again, referee, camera = started_again(table.store, note)
    try:
        assert not again.fresh_roll and again.public_state()["to_act"] == "Bob"
        redone = again.act({"by": "Bob", "do": verb})["verdict"]
        assert (redone["outcome"], redone["dice"], redone["message"]) == (
            verdict["outcome"], verdict["dice"], verdict["message"])
    finally:
        camera.close()
