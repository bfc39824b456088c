"""The crash test: SIGKILL ``dicetable run`` at random points of a scripted Kuriki game, restart it,
and find every acknowledged action and nothing else.

An action whose HTTP response never came (it was in flight when the process died) is either fully
in the log or absent: it is one SQLite transaction. If it is there, it counts and the script goes on
from the next line; if not, it is sent again. After every restart the stored log must replay, and
the restarted table must show exactly the standings that replay gives.
"""

from __future__ import annotations

import http.client
import json
import random
import threading
from pathlib import Path
from typing import Any

import pytest

import engine  # noqa: F401  (registers the games)
from device.store import Store
from engine.record import Session, replay

from .serve import Server, free_port

HEADER = {"game": "kuriki", "players": ["Ann", "Bob", "Cy"], "options": {"lives": 5}}
KILLS = 20
SEED = 20261121


def scripted_game(seed: int) -> list[dict[str, Any]]:
    """A whole legal Kuriki game from the engine's random player, with some undos mixed in."""
    rng = random.Random(seed)
    session = Session(HEADER)
    script: list[dict[str, Any]] = []
    while not session.game.over:
        if session.effective and rng.random() < 0.08:
            action: dict[str, Any] = {"do": "undo"}
        else:
            action = session.game.random_action(rng)
        session.apply(action)
        script.append(action)
    return script


def stored_log(data: Path, game_id: str) -> list[dict[str, Any]]:
    store = Store(data)
    try:
        return [row.line for row in store.actions(game_id)]
    finally:
        store.close()


def public_standings(state: dict[str, Any]) -> dict[str, Any]:
    return {k: state[k] for k in ("game", "over", "winner", "to_act", "players")}


@pytest.mark.slow
def test_sigkill_loses_no_acknowledged_action_and_invents_none(tmp_path: Path) -> None:
    rng = random.Random(SEED)
    script = scripted_game(SEED)
    assert len(script) > KILLS * 2, "the scripted game is too short for the kills"
    data = tmp_path / "data"
    port = free_port()

    server = Server(data, port)
    server.wait_ready()
    status, body = server.request("POST", "/api/games", HEADER)
    assert status == 201, body
    game_id = body["id"]

    acknowledged: list[dict[str, Any]] = []     # every line answered 200, in order
    position = 0                                 # the next script line to send
    in_flight_seen = {"present": 0, "absent": 0}

    for kill in range(KILLS):
        # A few acknowledged actions, then one in flight when SIGKILL lands.
        for _ in range(rng.randint(0, 3)):
            if position >= len(script) - 1:
                break
            status, body = server.request("POST", "/api/actions", script[position])
            assert status == 200, (script[position], body)
            acknowledged.append(script[position])
            position += 1
        in_flight = script[position]
        answer: dict[str, Any] = {}

        def send(action: dict[str, Any] = in_flight, answer: dict[str, Any] = answer) -> None:
            try:
                answer["status"], answer["body"] = server.request("POST", "/api/actions", action)
            except (OSError, http.client.HTTPException) as exc:   # the server died under it
                answer["error"] = exc

        sender = threading.Thread(target=send)
        sender.start()
        # Kill somewhere from "before the request is read" to "after the answer is sent".
        sender.join(timeout=rng.uniform(0.0, 0.02))
        server.stop(kill=True)
        sender.join()

        log = stored_log(data, game_id)
        replay([json.dumps(HEADER)] + [json.dumps(line) for line in log])   # it must replay
        assert log[:len(acknowledged)] == acknowledged, f"kill {kill}: an acknowledged action is missing"
        if answer.get("status") == 200:
            assert log == acknowledged + [in_flight], f"kill {kill}: acknowledged but not stored"
        else:
            assert log in (acknowledged, acknowledged + [in_flight]), \
                f"kill {kill}: the log holds something that was never sent: {log[len(acknowledged):]}"
        if len(log) > len(acknowledged):
            acknowledged.append(in_flight)
            position += 1
            in_flight_seen["present"] += 1
        else:
            in_flight_seen["absent"] += 1

        # Restart: the table resumes exactly where the log says.
        server = Server(data, port)
        server.wait_ready()
        status, state = server.request("GET", "/api/state", pin=None)
        expected = Session(HEADER)
        for line in acknowledged:
            expected.apply(line)
        assert status == 200 and state["game_id"] == game_id
        assert public_standings(state) == public_standings(expected.game.public_state())

    # Play the game to its end on the last restart; the record is then public and complete.
    for action in script[position:]:
        status, body = server.request("POST", "/api/actions", action)
        assert status == 200, (action, body)
        acknowledged.append(action)
    status, text = server.request("GET", f"/api/games/{game_id}/record", pin=None)
    assert status == 200
    lines = [json.loads(t) for t in text.splitlines() if t.strip()]
    assert lines[1:] == acknowledged
    assert replay(text.splitlines()).game.over
    assert server.stop() == 0
    # How the in-flight actions fell depends on timing; shown with -s, not asserted.
    print(f"in-flight actions found stored: {in_flight_seen['present']}, absent: {in_flight_seen['absent']}")
