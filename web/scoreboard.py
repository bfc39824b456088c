"""The wall scoreboard (/): a page rendered by static/scoreboard.js from the public state."""

from __future__ import annotations

from flask import Blueprint, render_template

from .auth import current_table
from .enrich import enrich

bp = Blueprint("scoreboard", __name__)


@bp.get("/")
def index() -> str:
    # The first state is embedded so the board paints at once; the event stream keeps it live.
    table = current_table()
    return render_template("scoreboard.html", state=enrich(table.public_state(), virtual=table.virtual))
