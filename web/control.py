"""The control page (/table): a phone at the table runs the game through the JSON API.

Entering the table PIN here sets the session cookie; the page's script then sends each change
with the session's CSRF token.
"""

from __future__ import annotations

from flask import Blueprint, Response, redirect, render_template, request, url_for

from .auth import (TooManyTries, Unauthorised, check_pin, csrf_ok, csrf_token, current_table,
                   has_pin_session, log_in, log_out)
from .catalogue import games_catalogue
from .enrich import enrich
from .sessions import SessionsNotSaved

bp = Blueprint("control", __name__, url_prefix="/table")


def _page(message: str | None = None, status: int = 200) -> tuple[str, int]:
    table = current_table()
    # The virtual table (no camera found: the device rolls on its sample frames) has no camera to
    # calibrate: the table says so in ``virtual`` (TableService); the state carries it too, for
    # the page to follow it when it changes.
    virtual = bool(table.virtual)
    return render_template(
        "control.html", state=enrich(table.public_state(), virtual=virtual),
        has_camera=bool(table.has_camera), virtual=virtual,
        authorised=has_pin_session(), csrf=csrf_token(), catalogue=games_catalogue(),
        message=message), status


@bp.get("")
def index() -> tuple[str, int]:
    return _page()


@bp.post("/login")
def login() -> Response | tuple[str, int]:
    if not csrf_ok():
        raise Unauthorised("the form expired: reload the page and enter the PIN again")
    try:
        ok = check_pin(request.form.get("pin", ""))
    except TooManyTries as exc:      # the PIN form again, saying so (not a bare error page)
        return _page(str(exc), 429)
    if not ok:
        return _page("wrong PIN", 401)
    try:
        log_in()
    except SessionsNotSaved as exc:   # the page again, saying the phone is not unlocked
        return _page(str(exc), 503)
    return redirect(url_for("control.index"), code=303)


@bp.post("/logout")
def logout() -> Response | tuple[str, int]:
    if not csrf_ok():
        raise Unauthorised("the form expired: reload the page")
    try:
        log_out()
    except SessionsNotSaved as exc:   # locked, but only until a restart: the page says so
        return _page(str(exc), 503)
    return redirect(url_for("control.index"), code=303)

