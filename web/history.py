"""History (/history): past games, per-player statistics, each finished game's record."""

from __future__ import annotations

import datetime as dt
from typing import Any

from flask import Blueprint, render_template

from .auth import current_table

bp = Blueprint("history", __name__, url_prefix="/history")

STAT_COLUMNS = [
    ("games", "Games"), ("wins", "Wins"), ("lies_told", "Lies told"),
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


@bp.get("")
def index() -> str:
    table = current_table()
    return render_template("history.html", games=table.games(), stats=table.stats(),
                           columns=STAT_COLUMNS, when=when)
