"""Fixtures for the device tests."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from device.events import EventBus
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
