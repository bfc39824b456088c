"""An undo names the state it was decided on: two phones tapping Undo take back one action."""

from __future__ import annotations

from .conftest import AUTH, act, start


def test_a_second_undo_on_the_same_version_is_refused(client):
    start(client)
    act(client, {"by": "Ann", "do": "declare", "call": "9"})
    state = act(client, {"by": "Bob", "do": "pass"})
    seen = state["version"]
    assert client.get("/api/state").get_json()["version"] == seen
    first = client.post("/api/undo", json={"version": seen}, headers=AUTH)
    assert first.status_code == 200 and first.get_json()["passed"] == []
    second = client.post("/api/undo", json={"version": seen}, headers=AUTH)
    assert second.status_code == 409 and "moved on" in second.get_json()["error"]
    now = client.get("/api/state").get_json()
    assert now["call"] == "9", "the second phone's undo took back the declare too"
    # Looked at again, the undo goes through; without a version it always does.
    assert client.post("/api/undo", json={"version": now["version"]}, headers=AUTH).status_code == 200
    assert client.post("/api/undo", headers=AUTH).status_code == 409      # nothing left to undo


def test_a_version_that_is_not_a_string_is_a_bad_request(client):
    start(client)
    act(client, {"by": "Ann", "do": "declare", "call": "9"})
    r = client.post("/api/undo", json={"version": 3}, headers=AUTH)
    assert r.status_code == 400
    assert client.get("/api/state").get_json()["call"] == "9"


def test_the_version_follows_the_game_not_the_camera(client, table):
    start(client)
    before = client.get("/api/state").get_json()["version"]
    table.set_camera_status("lost", "the camera cannot see the tray")
    assert client.get("/api/state").get_json()["version"] == before
    act(client, {"by": "Ann", "do": "declare", "call": "9"})
    assert client.get("/api/state").get_json()["version"] != before
