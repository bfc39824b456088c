"""The virtual table left alone in a game of Kuriki: the Roller's dice lie still under the cup
until the declare, as a real player's do; the table does not roll on and on for him, each 1-2 a
Kuriki the referee declares at once. Driven frame by frame (Referee.step), with the real reader,
as tests/device/test_virtual_table.py does."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path

import pytest

from device.camera import SampleTable
from device.events import EventBus
from device.referee import Referee, dice_on_table
from device.store import Store
from device.table import Table

ROLL_FRAMES = 24            # a roll of the sample frames: 8 with the cup up, 16 settled


@pytest.fixture
def idle_table(tmp_path: Path) -> Iterator[tuple[Table, Referee, SampleTable]]:
    store = Store(tmp_path / "data")
    table = Table(store, EventBus(), has_camera=True)
    table.virtual = True
    # As dicetable run makes it: the two dice drawn as real dice fall. (Seeded: its first roll,
    # the Roller's, is not a 1-2.)
    camera = SampleTable(fps=0, dice=lambda: dice_on_table(table), think_frames=0, rng=random.Random(7))
    referee = Referee(table, camera, view="bottom", steady_frames=1)
    yield table, referee, camera
    camera.close()
    store.close()


def test_an_idle_kuriki_table_lies_still_until_the_roller_declares(idle_table) -> None:
    # Before, the table rolled on every 2.4 s while the Roller thought, and the referee declared
    # every 1-2 that came up: left alone, a game of eight lost twelve lives to Kurikis nobody
    # rolled, three players out.
    table, referee, camera = idle_table
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
    # Ann declares on her roll: the table rolls again (for Bob, who may take the cup), once.
    table.act({"by": "Ann", "do": "declare", "call": "4"})
    for _ in range(2 * ROLL_FRAMES):
        referee.step()
        if table.fresh_roll:
            break
    assert table.fresh_roll and table.public_state()["to_act"] == "Bob"
    table.act({"by": "Bob", "do": "pull"})
    verdict = table.public_state()["verdict"]
    assert verdict["outcome"] in ("truth", "lie") and sorted(verdict["dice"], reverse=True) == sorted(rolled, reverse=True)
