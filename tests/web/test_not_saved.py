"""A change the table could not save (disk full, database error) is a 503 saying nothing changed."""

from __future__ import annotations

from typing import Any

import pytest

from device.store import StoreError

from .conftest import AUTH, KURIKI, start


def _broken(*args: Any, **kwargs: Any) -> Any:
    raise StoreError("cannot write dicetable.sqlite3: database or disk is full")


def test_an_action_the_table_could_not_save_is_a_503_and_nothing_changes(client, table,
                                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    start(client)
    before = client.get("/api/state").get_json()
    monkeypatch.setattr(table.store, "append_action", _broken)
    r = client.post("/api/actions", json={"by": "Ann", "do": "declare", "call": "9", "dice": [6, 3]},
                    headers=AUTH)
    assert r.status_code == 503
    error = r.get_json()["error"]
    assert error.startswith("the table could not save, so nothing was changed")
    assert "disk is full" in error
    assert client.get("/api/state").get_json() == before


def test_a_game_the_table_could_not_save_is_a_503(client, table, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(table.store, "new_game", _broken)
    r = client.post("/api/games", json=KURIKI, headers=AUTH)
    assert r.status_code == 503
    assert r.get_json()["error"].startswith("the table could not save, so nothing was changed")
    assert client.get("/api/state").get_json()["game"] is None
