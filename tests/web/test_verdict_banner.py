"""The words of a pull's photo banner ("OK: 6 3", the bottom view's note) reach the pages with
the verdict, for the wall to write them large: not before the pull, in no page, no JSON and no
event (they say what the dice under the cup are), and in the state once the cup is lifted."""

from __future__ import annotations

import numpy as np

from device.evidence import evidence_jpeg
from vision.annotate import BOTTOM_NOTE
from vision.reading import Die, Reading, Status, View

from .conftest import AUTH, act, start
from .test_control_auth import log_in

SIX_THREE = Reading(Status.OK, (Die(6, 100.0, 120.0, 40.0, 0.99), Die(3, 220.0, 120.0, 40.0, 0.99)),
                    view=View.BOTTOM)


def test_the_banner_s_words_come_with_the_verdict_only(camera_client, camera_table):
    game_id = start(camera_client)
    log_in(camera_client)
    stream = camera_client.get("/api/events", buffered=False)
    chunks = (c.decode() for c in stream.response)
    events = [next(chunks)]
    try:
        camera_table.seal([6, 3], evidence_jpeg(np.full((240, 320, 3), 110, np.uint8), SIX_THREE))
        events.append(next(chunks))
        act(camera_client, {"by": "Ann", "do": "declare", "call": "walnuts"})
        events.append(next(chunks))
        seen = {
            "state": camera_client.get("/api/state").get_data(as_text=True),
            "scoreboard": camera_client.get("/").get_data(as_text=True),
            "control": camera_client.get("/table").get_data(as_text=True),
            "history": camera_client.get("/history").get_data(as_text=True),
            "record": camera_client.get(f"/api/games/{game_id}/record").get_data(as_text=True),
            "events": "".join(events),
        }
        for where, text in seen.items():
            assert "OK: 6 3" not in text and "seen from below" not in text, where
        assert camera_client.get("/api/state").get_json()["verdict"] is None

        r = camera_client.post("/api/actions", json={"by": "Bob", "do": "pull"}, headers=AUTH)
        assert r.status_code == 200
        events.append(next(chunks))
        verdict = camera_client.get("/api/state").get_json()["verdict"]
        assert verdict["outcome"] == "lie"
        assert verdict["banner"]["lines"] == ["OK: 6 3", BOTTOM_NOTE]
        assert verdict["banner"]["height"] > 0 and verdict["banner"]["ok"] is True
        assert r.get_json()["verdict"]["banner"] == verdict["banner"]
        assert "OK: 6 3" in events[-1]
        # The photo itself is served whole, its banner in its pixels, for the history and a download.
        assert camera_client.get(verdict["photo"]).data[:2] == b"\xff\xd8"
    finally:
        stream.close()
