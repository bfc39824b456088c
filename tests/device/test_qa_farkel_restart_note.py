"""QA: a power cut while a Farkel player thinks, on the virtual table.

Played from the phone: Ann rolled, kept her 1 and 5, and the power went while she made up her
mind. Back up, the wall and the phone said "I cannot read the dice (too bright: the cup may be
lifted...): show them again" for good, not "Ann: tap roll to roll the 4 dice left": the virtual
table, started again with nobody to roll for, showed the cup up over an empty tray (a picture no
Farkel table shows: its dice lie on the tray), and the referee asked for dice nobody needs read.
"""

from __future__ import annotations

from pathlib import Path

from device.store import Store

from .conftest import started_again, virtual_table

NOTE = ("Ann: tap roll to roll the 4 dice left (or dial the roll and press Declare); a bank needs "
        "500 points in one turn, this turn has 150")


def test_a_restart_while_a_farkel_player_thinks_keeps_the_tap_roll_note(tmp_path: Path) -> None:
    store = Store(tmp_path / "data")
    try:
        table, referee, camera = virtual_table(store, 14)
        table.start_game({"game": "farkel", "players": ["Ann", "Bob"]})
        for _ in range(60):
            referee.step()
            if table.public_state().get("phase") == "rolled":
                break
        state = table.public_state()
        assert state["phase"] == "rolled", state
        # Ann's roll as the virtual table dealt it from Random(14) (6-6-5-5-2-1; the sample
        # rolls once came in turn, the first 6-6-5-4-3-1); she keeps a 1 and a 5 (150).
        keep = next(a for a in state["legal"] if a["do"] == "keep" and sorted(a["dice"]) == [1, 5])
        table.act(keep)
        assert table.public_state()["note"] == NOTE
        camera.close()

        # The power cut: the device starts again on the same store and plays on.
        again, referee, camera = started_again(store, NOTE)
        try:
            state = again.public_state()
            assert state["phase"] == "kept" and state["turn_total"] == 150
        finally:
            camera.close()
    finally:
        store.close()
