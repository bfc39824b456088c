"""Scoreboard helpers computed from the public state alone (nothing hidden goes in or out)."""

from __future__ import annotations

from typing import Any


def enrich(state: dict[str, Any]) -> dict[str, Any]:
    """The public state plus what the screens show beside it: Farkel's best keep for the roll
    on the table (every Farkel die is in plain sight)."""
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
