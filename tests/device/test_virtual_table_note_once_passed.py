"""Kuriki on the virtual table: the wall's and the phone's note offers only what the player to act
may do.

Found playing Kuriki from the phone: Ann declared, Bob and Cy passed, and Ann passed too when the
cup came round to her (the Pressure Move). Bob, who had already passed on this roll, must now
pull or take the cup and roll: the phone offered just roll and pull, but the note over it (and
large on the wall) said "Bob: tap roll to take the cup and roll (at the buttons, press Declare),
or pass, or pull", and a pass is refused ("Bob already passed on this roll"). Driven frame by
frame with the real reader, as test_virtual_table_undo_after_roll_on.py does.
"""

from __future__ import annotations

from .conftest import declared, started_again

TAKE = "tap roll to take the cup and roll (at the buttons, press Declare)"


def test_a_player_who_passed_on_the_roll_is_not_told_to_pass(cup_table) -> None:
    table, referee, camera = declared(cup_table, "kuriki", "4")
    assert table.public_state()["note"] == f"Bob: {TAKE}, or pass, or pull"
    table.act({"by": "Bob", "do": "pass"})
    table.act({"by": "Cy", "do": "pass"})
    state = table.act({"by": "Ann", "do": "pass"})       # the Pressure Move
    assert state["to_act"] == "Bob" and state["take_cup"] is True
    assert "pass" not in {a["do"] for a in state["legal"]}
    assert state["note"] == f"Bob: {TAKE}, or pull"
    camera.close()
    # A power cut changes nothing.
    again, _, camera = started_again(table.store, state["note"])
    camera.close()
