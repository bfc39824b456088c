"""Property tests over every registered game: thousands of random legal games each.

Each hypothesis example plays a handful of whole games (random seats, random house options) with
the game's own ``random_action``, checking the invariants after every action, then replays the
record it produced. Parametrized over ``engine.GAMES`` so a newly registered game is covered too.
"""

from __future__ import annotations

import dataclasses
import json
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import engine
from engine.core import Game
from engine.errors import EngineError
from engine.record import Session, replay

GAME_NAMES = sorted(engine.GAMES)
NAMES = ["Ann", "Bob", "Cy", "Dee", "Eve", "Fin"]
MAX_ACTIONS = 20_000           # every random game must end well before this
GAMES_PER_EXAMPLE = 10         # whole games per hypothesis example
DEFAULT_GAMES = 2_000          # random games per game and run...
GAMES = {"liars": 1_000, "farkel": 1_000}   # ...fewer where one game is long (Farkel: ~500 actions)
PROBE_EVERY = 11               # how often an out-of-turn / malformed action is tried mid-game


def random_header(name: str, rng: random.Random) -> dict[str, Any]:
    """A header with 2..6 players (within the game's limits) and random house options."""
    cls = engine.GAMES[name]
    count = rng.randint(max(2, cls.min_players), min(len(NAMES), cls.max_players))
    options: dict[str, Any] = {}
    for field in dataclasses.fields(cls.options_type):
        meta = field.metadata
        if isinstance(field.default, bool):
            options[field.name] = rng.random() < 0.5
        elif meta.get("choices"):
            options[field.name] = rng.choice(list(meta["choices"]))
    return {"game": name, "players": NAMES[:count], "options": options}


def snapshot(game: Game) -> str:
    """Everything a screen could show, plus what may be done next: to compare before/after."""
    return json.dumps([game.public_state(), game.legal_actions(), game.to_act], sort_keys=True)


def check_counters(game: Game, chips_total: int | None) -> None:
    standings = game.standings()
    for p in standings["players"]:
        assert p.get("lives", 0) >= 0, f"{p['name']} has {p['lives']} lives"
        assert p.get("chips", 0) >= 0, f"{p['name']} has {p['chips']} chips"
    if chips_total is not None:
        assert sum(p["chips"] for p in standings["players"]) == chips_total, "chips were not conserved"
    if not game.over:
        to_act = game.to_act
        assert to_act is not None and not game.player(to_act).out, f"{to_act} cannot act"


def probe_illegal(session: Session, rng: random.Random) -> None:
    """Try an action that is likely wrong; if refused, nothing may have changed."""
    game = session.game
    before = snapshot(game)
    legal = game.legal_actions()
    others = [p.name for p in game.players if p.name != game.to_act]
    candidates: list[dict[str, Any]] = [
        {"by": game.to_act, "do": "dance"},
        {"by": "Nobody", "do": (legal[0]["do"] if legal else "pull")},
    ]
    if legal and others:
        candidates.append(dict(rng.choice(legal), by=rng.choice(others)))
    action = rng.choice(candidates)
    try:
        session.apply(action)          # a legal out-of-turn action (a foul...) just becomes part of the game
    except EngineError:
        assert snapshot(session.game) == before, f"refused {action} but the game changed"


def play_one(name: str, seed: int) -> None:
    rng = random.Random(seed)
    session = Session(random_header(name, rng))
    game = session.game
    chips_total = None
    if engine.GAMES[name].counter == "chips":
        chips_total = sum(p["chips"] for p in game.standings()["players"])
    steps = 0
    while not session.game.over:
        assert steps < MAX_ACTIONS, f"{name} seed {seed}: no winner after {MAX_ACTIONS} actions"
        action = session.game.random_action(rng)
        try:
            session.apply(action)
        except EngineError as exc:
            record = "\n".join(session.lines()[-20:])
            raise AssertionError(f"{name} seed {seed}: random_action {action} refused: {exc}\n{record}")
        steps += 1
        check_counters(session.game, chips_total)
        if steps % PROBE_EVERY == 0 and not session.game.over:
            probe_illegal(session, rng)
            check_counters(session.game, chips_total)

    game = session.game
    standings = game.standings()
    names = [p["name"] for p in standings["players"]]
    assert standings["over"] is True and standings["winner"] in names and standings["to_act"] is None
    if engine.GAMES[name].counter in ("lives", "chips"):
        still_in = [p["name"] for p in standings["players"] if not p["out"]]
        assert still_in == [standings["winner"]], f"exactly one player left standing, not {still_in}"
    assert game.legal_actions() == []

    lines = session.lines()
    first = replay(lines)
    second = replay(lines)
    assert first.game.standings() == standings == second.game.standings()
    assert first.game.public_state() == second.game.public_state()


@pytest.mark.parametrize("name", GAME_NAMES)
def test_random_legal_games(name: str) -> None:
    examples = max(1, GAMES.get(name, DEFAULT_GAMES) // GAMES_PER_EXAMPLE)

    @settings(max_examples=examples, deadline=None, database=None,
              suppress_health_check=[HealthCheck.too_slow])
    @given(seed=st.integers(min_value=0, max_value=2**32 - 1))
    def games(seed: int) -> None:
        for i in range(GAMES_PER_EXAMPLE):
            play_one(name, seed + i)

    games()


@pytest.mark.parametrize("name", GAME_NAMES)
def test_every_game_is_registered_with_its_record_name(name: str) -> None:
    cls = engine.GAMES[name]
    assert cls.name == name and cls.verbs and cls.title
    header = random_header(name, random.Random(0))
    assert Session(header).game.to_act == header["players"][0]
