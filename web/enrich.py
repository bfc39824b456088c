"""Scoreboard helpers computed from the public state alone (nothing hidden goes in or out)."""

from __future__ import annotations

import hashlib
import json
from typing import Any


# What changes beside the game (the camera, the dial, a note, the virtual table): not part of
# its version.
NOT_THE_GAME = ("device", "dial", "note", "version", "virtual")


def version(state: dict[str, Any]) -> str:
    """A short digest of the public state's game: a phone sends the version it shows with an
    undo, and the undo is refused if the game has moved since (two phones, one tap each, took
    back two actions). Made from the public state only: it carries nothing hidden."""
    game = {k: v for k, v in state.items() if k not in NOT_THE_GAME}
    text = json.dumps(game, sort_keys=True, separators=(",", ":"), default=str)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def enrich(state: dict[str, Any], *, virtual: bool) -> dict[str, Any]:
    """The public state plus what the screens show beside it: Farkel's best keep for the roll
    on the table (every Farkel die is in plain sight), the game's ``version``, and ``virtual``,
    the table's own (TableService.virtual), which the phone follows: it can change after the
    page was made (a camera that opens late), and the page then learns it with the next state."""
    return {**_best_keep(state), "version": version(state), "virtual": bool(virtual)}


def _best_keep(state: dict[str, Any]) -> dict[str, Any]:
    if state.get("game") == "farkel" and state.get("phase") == "rolled" and state.get("roll") \
            and "best_keep" not in state:
        from engine.errors import EngineError
        from engine.farkel import best_keep
        try:
            dice, points = best_keep(state["roll"], state.get("options"))
        except (EngineError, TypeError, ValueError):
            return state
        if points:
            return {**state, "best_keep": {"dice": list(dice), "score": points}}
    return state
