"""GET /api/events: the public state as Server-Sent Events, live."""

from __future__ import annotations

import json

from .conftest import act, make_app, start


def parse(chunk: str) -> tuple[str | None, dict | None]:
    kind = data = None
    for line in chunk.splitlines():
        if line.startswith("event: "):
            kind = line[7:]
        elif line.startswith("data: "):
            data = json.loads(line[6:])
    return kind, data


def open_stream(client):
    r = client.get("/api/events", buffered=False)
    assert r.status_code == 200
    assert r.mimetype == "text/event-stream"
    assert r.headers["Cache-Control"] == "no-cache"
    return r, (c.decode() if isinstance(c, bytes) else c for c in r.response)


def test_the_stream_starts_with_the_state_and_follows_each_action(client, bus):
    start(client)
    r, chunks = open_stream(client)
    try:
        kind, data = parse(next(chunks))
        assert kind == "state" and data["game"] == "kuriki" and data["call"] is None
        act(client, {"by": "Ann", "do": "declare", "call": "scouts"})
        kind, data = parse(next(chunks))
        assert kind == "state" and data["call"] == "double-3" and data["to_act"] == "Bob"
        act(client, {"by": "Bob", "do": "pull", "dice": [3, 3]})
        kind, data = parse(next(chunks))
        assert data["verdict"]["outcome"] == "truth" and data["verdict"]["dice"] == [3, 3]
    finally:
        r.close()
    assert bus.subscriber_count == 0


def test_heartbeat_comments_keep_the_stream_open(table, bus):
    client = make_app(table, SSE_HEARTBEAT_SECONDS=0.01).test_client()
    r, chunks = open_stream(client)
    try:
        next(chunks)
        assert next(chunks) == ": keep-alive\n\n"
        assert bus.subscriber_count == 1
    finally:
        r.close()
    assert bus.subscriber_count == 0


def test_only_state_events_are_sent_and_the_newest_wins(client, bus):
    start(client)
    r, chunks = open_stream(client)
    try:
        next(chunks)
        bus.publish("camera", {"status": "lost"})
        bus.publish("state", {"game": "kuriki", "marker": 1})
        bus.publish("state", {"game": "kuriki", "marker": 2})
        kind, data = parse(next(chunks))
        assert kind == "state" and data["marker"] == 2
    finally:
        r.close()


def test_stop_streams_ends_open_streams(app, client, bus):
    from web import stop_streams

    r, chunks = open_stream(client)
    next(chunks)
    stop_streams(app)
    bus.publish("state", {"game": None})
    assert list(chunks) == []          # the stream ended instead of sending
    r.close()
    assert bus.subscriber_count == 0


def test_past_the_stream_limit_a_page_is_told_to_wait_and_the_table_still_answers(table, bus):
    # Each open stream holds one of the server's worker threads: without a limit, enough open
    # scoreboards and phones left no thread for an action, and the whole table stopped answering.
    client = make_app(table, SSE_MAX_STREAMS=2).test_client()
    first, first_chunks = open_stream(client)
    second, second_chunks = open_stream(client)
    try:
        next(first_chunks), next(second_chunks)
        r = client.get("/api/events")
        assert r.status_code == 503 and r.headers["Retry-After"]
        assert "too many" in r.get_json()["error"]
        assert client.get("/api/state").status_code == 200
        start(client)
    finally:
        first.close()
    again, chunks = open_stream(client)      # a closed stream gives its place back
    try:
        kind, data = parse(next(chunks))
        assert kind == "state" and data["game"] == "kuriki"
    finally:
        again.close()
        second.close()
    assert bus.subscriber_count == 0
