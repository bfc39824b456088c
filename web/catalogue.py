"""What the new-game form offers: every registered game with its options, from the engine."""

from __future__ import annotations

from typing import Any


def games_catalogue() -> list[dict[str, Any]]:
    """[{"name", "title", "min_players", "max_players", "counter", "options": describe()}]."""
    import engine  # noqa: F401  (registers the games)
    from engine.core import GAMES

    out = []
    for name in sorted(GAMES):
        cls = GAMES[name]
        out.append({
            "name": name,
            "title": getattr(cls, "title", name),
            "min_players": cls.min_players,
            "max_players": cls.max_players,
            "counter": cls.counter,
            "options": cls.options_type.describe(),
        })
    return out


def game_titles() -> dict[str, str]:
    """{"kuriki": "Kuriki", "liars": "Chinese liar's dice", ...}: how a game is named to people."""
    return {g["name"]: g["title"] for g in games_catalogue()}
