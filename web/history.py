"""History (/history): past games, per-player statistics, each finished game's record."""

from __future__ import annotations

import datetime as dt
from typing import Any

from flask import Blueprint, render_template

from .auth import current_table
from .catalogue import game_titles

bp = Blueprint("history", __name__, url_prefix="/history")

STAT_COLUMNS = [
    ("games", "Games finished"), ("wins", "Wins"), ("lies_told", "Lies told"),
    ("lies_caught", "Lies caught"), ("wrong_pulls", "Wrong pulls"), ("kurikis", "Kurikis"),
    ("hate_mail", "Hate mail landed"),
]


def when(value: Any) -> str:
    """A timestamp (epoch seconds or ISO text) as 'YYYY-MM-DD HH:MM'."""
    if value is None or value == "":
        return ""
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return dt.datetime.fromtimestamp(value).strftime("%Y-%m-%d %H:%M")
    text = str(value)
    try:
        moment = dt.datetime.fromisoformat(text)
    except ValueError:
        return text
    if moment.tzinfo is not None:
        moment = moment.astimezone()   # the table's UTC, shown in the bar's own time
    return moment.strftime("%Y-%m-%d %H:%M")


def unfinished(games: list[dict[str, Any]]) -> dict[str, dict[str, int]]:
    """Per player, how many games they sat in by how each stands: {"over", "abandoned",
    "live"}. The statistics' own "games" counts every game, abandoned and in play too."""
    counts: dict[str, dict[str, int]] = {}
    for g in games:
        status = g.get("status") or ("over" if g.get("over") else "live")
        for name in g.get("players") or []:
            if isinstance(name, str):
                mine = counts.setdefault(name, {"over": 0, "abandoned": 0, "live": 0})
                mine[status] = mine.get(status, 0) + 1
    return counts


@bp.get("")
def index() -> str:
    table = current_table()
    games = table.games()
    titles = game_titles()
    stats = table.stats()
    per_player = unfinished(games)
    for p in stats.get("players", []):
        mine = per_player.get(p.get("name"))
        if mine is not None:
            # "Games" is what was played to the end; the rest is said beside it.
            p["games"] = mine["over"]
            p["unfinished"] = ", ".join(f"{n} {what}" for n, what in (
                (mine["abandoned"], "abandoned"), (mine["live"], "in play")) if n)
    return render_template("history.html", games=games, stats=stats, titles=titles,
                           columns=STAT_COLUMNS, when=when)
