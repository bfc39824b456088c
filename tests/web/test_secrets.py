"""The dice under the cup never leave the device before the pull: not in a page, the JSON, the
event stream, a photo, an error message, nor the record of an unfinished game."""

from __future__ import annotations

import re

from .conftest import AUTH, start
from .test_control_auth import log_in

SECRET_PHOTO = b"\xff\xd8JPEG-SECRET-SIX-THREE\xff\xd9"
# Every way the sealed 6 and 3 could be written out.
LEAKS = re.compile(r"6\s*-\s*3|3\s*-\s*6|\[\s*6\s*,\s*3\s*\]|\[\s*3\s*,\s*6\s*\]|JPEG-SECRET|"
                   r"\"dice\"\s*:\s*\[")


def everything_visible(client, game_id: str, photo_id: str, stream_chunks: list[str]) -> dict[str, str]:
    """What any browser or API client can see right now, by where it came from."""
    seen = {
        "state": client.get("/api/state").get_data(as_text=True),
        "scoreboard": client.get("/").get_data(as_text=True),
        "control": client.get("/table").get_data(as_text=True),
        "history": client.get("/history").get_data(as_text=True),
        "games": client.get("/api/games").get_data(as_text=True),
        "stats": client.get("/api/stats").get_data(as_text=True),
        "record": client.get(f"/api/games/{game_id}/record").get_data(as_text=True),
        "photo": client.get(f"/api/photos/{photo_id}").get_data().decode("latin-1"),
        "preview": client.get("/api/preview", headers=AUTH).get_data().decode("latin-1"),
        "events": "".join(stream_chunks),
    }
    for action in ({"by": "Cy", "do": "pull"},                          # not Cy's turn
                   {"by": "Bob", "do": "declare", "call": "kuriki"},      # no fresh roll for Bob
                   {"by": "Ann", "do": "declare", "call": "4"},          # Ann already declared
                   {"by": "Bob", "do": "pull", "dice": [6, 3]}):          # dice from the API
        r = client.post("/api/actions", json=action, headers=AUTH)
        seen[f"error {action}"] = r.get_data(as_text=True)
        assert r.status_code in (400, 409), (action, r.status_code)
    return seen


def test_nothing_shows_the_dice_under_the_cup(camera_client, camera_table):
    game_id = start(camera_client)
    log_in(camera_client)
    camera_table.set_preview_source(lambda: b"\xff\xd8PREVIEW-FRAME\xff\xd9")
    stream = camera_client.get("/api/events", buffered=False)
    chunks = (c.decode() for c in stream.response)
    seen_events = [next(chunks)]
    try:
        camera_table.seal([6, 3], SECRET_PHOTO)
        photo_id = camera_table._seal.photo_id
        seen_events.append(next(chunks))
        # A Kuriki called on a 6-3: the refusal must not say what the dice are.
        r = camera_client.post("/api/actions", json={"by": "Ann", "do": "declare", "call": "kuriki"},
                               headers=AUTH)
        assert r.status_code == 409
        seen_kuriki_refusal = r.get_data(as_text=True)
        r = camera_client.post("/api/actions", json={"by": "Ann", "do": "declare", "call": "walnuts"},
                               headers=AUTH)
        assert r.status_code == 200
        seen_events.append(next(chunks))
        assert r.get_json()["sealed"] is True

        seen = everything_visible(camera_client, game_id, photo_id, seen_events)
        seen["declare response"] = r.get_data(as_text=True)
        seen["kuriki refusal"] = seen_kuriki_refusal
        leaks = {where: LEAKS.search(text).group(0) for where, text in seen.items() if LEAKS.search(text)}
        assert leaks == {}
        assert "PREVIEW-FRAME" not in seen["preview"]        # no preview during a live point

        # The pull reveals them: the same checks now find the dice (so they could have failed).
        r = camera_client.post("/api/actions", json={"by": "Bob", "do": "pull"}, headers=AUTH)
        assert r.status_code == 200
        seen_events.append(next(chunks))
        assert r.get_json()["verdict"]["outcome"] == "lie"
        assert LEAKS.search(r.get_data(as_text=True))
        assert LEAKS.search(seen_events[-1])
        assert LEAKS.search(camera_client.get("/").get_data(as_text=True))
        assert camera_client.get(f"/api/photos/{photo_id}").data == SECRET_PHOTO
    finally:
        stream.close()


def test_an_abandoned_game_keeps_its_hidden_dice(camera_client, camera_table):
    """Starting a new game mid-point: the old record holds dice that were never shown."""
    first = start(camera_client)
    camera_table.seal([6, 3], None)
    assert camera_client.post("/api/actions", json={"by": "Ann", "do": "declare", "call": "9"},
                              headers=AUTH).status_code == 200
    start(camera_client, replace=True)
    r = camera_client.get(f"/api/games/{first}/record")
    assert r.status_code == 403 and "abandoned" in r.get_json()["error"]
    assert not LEAKS.search(r.get_data(as_text=True))
    assert not LEAKS.search(camera_client.get("/history").get_data(as_text=True))
