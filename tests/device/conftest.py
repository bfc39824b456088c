"""Fixtures for the device tests."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

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
