"""Fixtures for the device tests."""

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
from engine.core import GAMES

from .fakegame import FakeRiki


@pytest.fixture
def fake_game() -> Iterator[str]:
    """Register the tiny test game "fakeriki" for one test."""
    GAMES[FakeRiki.name] = FakeRiki
    try:
        yield FakeRiki.name
    finally:
        GAMES.pop(FakeRiki.name, None)


@pytest.fixture
def camera_table(tmp_path: Path) -> Iterator[Table]:
    """A Table on a fresh store whose dice come from the camera."""
    store = Store(tmp_path / "data")
    yield Table(store, EventBus(), has_camera=True)
    store.close()


ROLL_FRAMES = 24            # a roll of the sample frames: 8 with the cup up, 16 settled


def virtual_table(store: Store, seed: int) -> tuple[Table, Referee, SampleTable]:
    """A virtual table on ``store`` as dicetable run makes it (its dice drawn from
    ``random.Random(seed)`` as real dice fall), driven frame by frame (Referee.step) with the real
    reader. Made again on the same store, it is the device after a power cut."""
    table = Table(store, EventBus(), has_camera=True)
    table.virtual = True
    camera = SampleTable(fps=0, dice=lambda: dice_on_table(table), think_frames=0, rng=random.Random(seed))
    return table, Referee(table, camera, view="bottom", steady_frames=1), camera


def started_again(store: Store, note: str, *, seed: int = 8) -> tuple[Table, Referee, SampleTable]:
    """The power cut: the virtual table started again on ``store``; its note is still ``note``,
    and still is after 6 s of frames (past the 2 s of unsure ones a restart may show)."""
    table, referee, camera = virtual_table(store, seed)
    try:
        assert table.public_state()["note"] == note
        for _ in range(60):
            referee.step()
        assert table.public_state()["note"] == note, table.public_state()["note"]
    except BaseException:
        camera.close()
        raise
    return table, referee, camera


@pytest.fixture
def cup_table(tmp_path: Path) -> Iterator[tuple[Table, Referee, SampleTable]]:
    """A virtual table (virtual_table) whose first roll is not a 1-2 (seeded)."""
    store = Store(tmp_path / "data")
    table, referee, camera = virtual_table(store, 7)
    yield table, referee, camera
    camera.close()
    store.close()


def roll_settled(table: Table, referee: Referee) -> None:
    """Frames until a roll settles under the cup (sealed, fresh); fails if none does in three
    rolls' time."""
    for _ in range(3 * ROLL_FRAMES):
        referee.step()
        if table.fresh_roll:
            return
    raise AssertionError("no roll settled under the cup")


def declared(cup_table: tuple[Table, Referee, SampleTable], game: str, call: str, *,
             seed: int | None = None) -> tuple[Table, Referee, SampleTable]:
    """A game of ``game`` for Ann, Bob and Cy (3 lives) started at ``cup_table``, Ann's roll
    sealed and declared as ``call``; the dice drawn from ``seed`` if given."""
    table, referee, camera = cup_table
    if seed is not None:
        camera.rng = random.Random(seed)
    table.start_game({"game": game, "players": ["Ann", "Bob", "Cy"], "options": {"lives": 3}})
    for _ in range(2 * ROLL_FRAMES):
        referee.step()
        if table.fresh_roll:
            break
    assert table.fresh_roll
    table.act({"by": "Ann", "do": "declare", "call": call})
    return table, referee, camera
