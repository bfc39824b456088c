"""What the new-game form offers: every registered game with its options, from the engine."""

from __future__ import annotations

from typing import Any

from engine.errors import name_text

from .services import GameInPlay


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


def call_names() -> dict[str, dict[str, str]]:
    """{"kuriki": {"double-5": "The Mime", ...}}: what each game's named calls are called, as its
    engine names them in its verdicts. The pages (static/common.js) name a call from this, so the
    call line, the buttons and the verdict under them say one name for one roll."""
    from engine.kuriki import NAMED_ROLLS

    return {"kuriki": dict(NAMED_ROLLS)}


def game_titles() -> dict[str, str]:
    """{"kuriki": "Kuriki", "liars": "Chinese liar's dice", ...}: how a game is named to people."""
    return {g["name"]: g["title"] for g in games_catalogue()}


def game_in_play(state: dict[str, Any]) -> str | None:
    """The game in play in a table's public state, named for a message ('Kuriki with "Ann",
    "Bob"'), or None when there is none or it is over (a finished game is not in play: a new
    one may start without ending it)."""
    if not state.get("game") or state.get("over"):
        return None
    names = [name_text(p.get("name")) for p in state.get("players") or [] if isinstance(p, dict)]
    return f"{game_titles().get(state['game'], state['game'])} with {', '.join(names)}"


def game_a_new_one_ends(state: dict[str, Any]) -> str | None:
    """The id of the game a new game would end (abandon) in a table's public state: the game in
    play, or the unfinished game that could not be resumed at startup ("unresumed"); None when
    there is none (no game, or it is over)."""
    if game_in_play(state) is not None:
        return str(state.get("game_id"))
    unresumed = state.get("unresumed")
    return str(unresumed) if unresumed is not None else None


def new_game_refusal(state: dict[str, Any]) -> GameInPlay | None:
    """Why a new game, not asked to end one, is refused in a table's public state (GameInPlay's
    words), or None when it would end no game."""
    playing = game_in_play(state)
    if playing is not None:
        return GameInPlay.unasked(playing)
    if state.get("unresumed") is not None:
        return GameInPlay.unresumed(str(state["unresumed"]))
    return None
