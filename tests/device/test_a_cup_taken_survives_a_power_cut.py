"""A power cut after the Next Guy took the cup, Kuriki and Mia on the virtual table.

Played from the phone: Ann declared, Bob tapped roll to take the cup, and the wall and the phone
said "Bob takes the cup and rolls: declare once the dice settle under it". The power went, before
his dice settled or after. Back up, the buttons were right (his roll, once settled, waited for
his declare) but the note was gone, and before his dice settled the table had forgotten he took
the cup at all: it offered him the pull and pass on the dice he had rolled away and waited for
him to tap roll again. Now the cup taken is kept in the store (as the stir is, see
test_a_stir_survives_a_power_cut.py), keyed by the game and its record's length: after the power
cut Bob still holds the cup, the note still says so, the virtual table rolls for him, and he
declares on his roll.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from device.store import Store
from device.table import Table

from .conftest import ROLL_FRAMES, started_again, virtual_table

NOTE = "Bob takes the cup and rolls: declare once the dice settle under it"


def _roll_sealed(table: Table, referee) -> None:
    for _ in range(3 * ROLL_FRAMES):
        referee.step()
        if table.fresh_roll:
            return
    raise AssertionError(f"no roll settled under the cup: {table.public_state()}")


def _no_pull_nor_pass(state: dict) -> bool:
    return not any(a.get("do") in ("pull", "pass") for a in state["legal"])


@pytest.mark.parametrize("settled", [True, False], ids=["settled", "in the air"])
@pytest.mark.parametrize("game, call, raised", [("kuriki", "7", "8"), ("mia", "43", "54")])
def test_the_cup_taken_and_its_note_survive_a_power_cut(tmp_path: Path, game: str, call: str,
                                                        raised: str, settled: bool) -> None:
    store = Store(tmp_path / "data")
    try:
        table, referee, camera = virtual_table(store, 3)
        table.start_game({"game": game, "players": ["Ann", "Bob", "Cy"]})
        _roll_sealed(table, referee)
        table.act({"by": "Ann", "do": "declare", "call": call})
        state = table.act({"by": "Bob", "do": "roll"})
        assert state["note"] == NOTE and state["take_cup"] is False, state
        if settled:
            _roll_sealed(table, referee)
            assert table.public_state()["note"] == NOTE
        camera.close()

        # The power cut: the device starts again on the same store, and Bob still holds the cup.
        again, referee, camera = started_again(store, NOTE, seed=5)
        try:
            state = again.public_state()
            assert state["call"] == call and state["to_act"] == "Bob" and state["take_cup"] is False
            assert _no_pull_nor_pass(state), state["legal"]
            assert again.cup_taken() or again.fresh_roll
            _roll_sealed(again, referee)
            assert again.public_state()["note"] == NOTE
            after = again.act({"by": "Bob", "do": "declare", "call": raised})
            assert after["call"] == raised and after["to_act"] == "Cy", after
            assert after["note"] != NOTE
        finally:
            camera.close()
    finally:
        store.close()
