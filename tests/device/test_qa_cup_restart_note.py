"""QA: a power cut while the Next Guy makes up his mind, Kuriki and Mia on the virtual table.

Played from the phone: Ann declared, and the power went before Bob took the cup. Back up, the
wall and the phone said "I cannot read the dice (too bright: the cup may be lifted, or the light
is too strong): show them again" for good, not "Bob: tap roll to take the cup and roll ...": the
virtual table, started again with nothing to roll until Bob takes the cup, showed the cup up over
an empty tray, and the referee asked for dice nobody needs read. In Mia it also refused Bob's
blind raise ("the camera cannot read the dice: show them again"), which the rules allow on the
dice as they lie. (Farkel had the same trouble, mended in 6b52276:
test_qa_farkel_restart_note.py.)
"""

from __future__ import annotations

from pathlib import Path

import pytest

from device.referee import Referee
from device.store import Store
from device.table import Table

from .conftest import started_again, virtual_table


def _declare_when_sealed(table: Table, referee: Referee, call: str) -> None:
    for _ in range(120):
        referee.step()
        if table.public_state().get("dice_settled") and table.sealed:
            break
    assert table.sealed, table.public_state()
    table.act({"by": "Ann", "do": "declare", "call": call})


@pytest.mark.parametrize("game, call", [("kuriki", "7"), ("mia", "43")])
def test_a_restart_while_the_next_guy_thinks_keeps_the_tap_roll_note(tmp_path: Path, game: str,
                                                                      call: str) -> None:
    store = Store(tmp_path / "data")
    try:
        table, referee, camera = virtual_table(store, 3)
        table.start_game({"game": game, "players": ["Ann", "Bob", "Cy"]})
        _declare_when_sealed(table, referee, call)
        state = table.public_state()
        assert state["to_act"] == "Bob" and state["take_cup"] is True, state
        note = state["note"]
        assert note.startswith("Bob: tap roll to take the cup"), note
        camera.close()

        # The power cut: the device starts again on the same store and plays on.
        again, referee, camera = started_again(store, note)
        try:
            state = again.public_state()
            assert state["call"] == call and state["to_act"] == "Bob"
            if game == "mia":
                # Bob raises blind on the dice as they lie, as he could before the power cut.
                after = again.act({"by": "Bob", "do": "declare", "call": "54", "blind": True})
                assert after["call"] == "54" and after["to_act"] == "Cy", after
            else:
                # Bob takes the cup: two dice come, and he declares on them.
                again.act({"by": "Bob", "do": "roll"})
                for _ in range(120):
                    referee.step()
                    if again.public_state().get("dice_settled") and again.sealed:
                        break
                after = again.act({"by": "Bob", "do": "declare", "call": "7"})
                assert after["call"] == "7" and after["to_act"] == "Cy", after
        finally:
            camera.close()
    finally:
        store.close()
