"""Fixtures: the real device Table (SQLite store on tmp_path, event bus) behind the web app."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from device.events import EventBus
from device.store import Store
from device.table import Table
from web import create_app

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Playwright

PIN = "4321"
AUTH = {"X-Table-PIN": PIN}
KURIKI = {"game": "kuriki", "players": ["Ann", "Bob", "Cy"], "options": {"lives": 5}}


@pytest.fixture
def store(tmp_path) -> Iterator[Store]:
    s = Store(tmp_path / "data")
    yield s
    s.close()


@pytest.fixture
def bus() -> EventBus:
    return EventBus()


@pytest.fixture
def table(store: Store, bus: EventBus) -> Table:
    """A table without a camera: dice come in the actions."""
    return Table(store, bus, has_camera=False)


@pytest.fixture
def camera_table(tmp_path, bus: EventBus) -> Iterator[Table]:
    s = Store(tmp_path / "camera-data")
    yield Table(s, bus, has_camera=True)
    s.close()


@pytest.fixture(scope="session")
def playwright_session() -> Iterator[Playwright]:
    """One Playwright driver for the whole run, for every browser test (a second one started
    beside it fails)."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        yield p


@pytest.fixture(scope="session")
def chromium(playwright_session: Playwright) -> Iterator[list[Browser]]:
    """Where the run's one Chromium is kept (test_browser.py's browser fixture launches it):
    closed at the end, before the driver."""
    held: list[Browser] = []
    yield held
    for b in held:
        b.close()


def make_app(table: Table, **config: Any) -> Flask:
    return create_app(table, pin=PIN, secret_key=b"test-secret-key-0123456789abcdef",
                      test_config={"TESTING": True, **config})


@pytest.fixture
def app(table: Table) -> Flask:
    return make_app(table)


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    return app.test_client()


@pytest.fixture
def camera_client(camera_table: Table) -> FlaskClient:
    return make_app(camera_table).test_client()


def start(client: FlaskClient, header: dict[str, Any] | None = None, replace: bool = False) -> str:
    """Start a game; ``replace``: end one still in play (without it that is refused)."""
    r = client.post("/api/games?replace=1" if replace else "/api/games", json=header or KURIKI, headers=AUTH)
    assert r.status_code == 201, r.get_json()
    return r.get_json()["id"]


def act(client: FlaskClient, action: dict[str, Any], status: int = 200) -> dict[str, Any]:
    r = client.post("/api/actions", json=action, headers=AUTH)
    assert r.status_code == status, r.get_json()
    return r.get_json()
