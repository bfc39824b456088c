"""Errors become clear messages: JSON ``{"error": ...}`` under /api, a small page elsewhere.

Never a traceback: a bug is logged (without its message, which could quote game data) and the
client gets "internal error".
"""

from __future__ import annotations

import traceback

from flask import Flask, Response, jsonify, render_template, request
from werkzeug.exceptions import HTTPException

from engine.errors import IllegalAction, RecordError

from .auth import TooManyTries, Unauthorised
from .services import DiceFromCameraOnly, NoGame, NotFound, NotSaved, Secret, TableError
from .sessions import SessionsNotSaved

# Most specific first: Flask picks the closest class in the MRO anyway.
STATUS: list[tuple[type[Exception], int]] = [
    (RecordError, 400),
    (IllegalAction, 409),
    (NoGame, 409),
    (DiceFromCameraOnly, 409),
    (NotFound, 404),
    (Secret, 403),
    (TableError, 409),
    (Unauthorised, 401),
    (TooManyTries, 429),
]


def wants_json() -> bool:
    return request.path.startswith("/api/") or request.path == "/api"


def error_response(message: str, status: int, code: str | None = None) -> Response:
    """``code``: a stable name for the refusal, sent beside the message (which may be reworded),
    for a page that reacts to it (web.services.DiceNotSettled)."""
    if wants_json():
        response = jsonify(error=message, code=code) if code else jsonify(error=message)
    else:
        response = Response(render_template("error.html", message=message, status=status),
                            mimetype="text/html")
    response.status_code = status
    if status == 401 and wants_json():
        response.headers["WWW-Authenticate"] = 'X-Table-PIN realm="dicetable"'
    return response


def register(app: Flask) -> None:
    for cls, status in STATUS:
        def handler(exc: Exception, status: int = status) -> Response:
            code = getattr(exc, "code", None)
            return error_response(str(exc) or exc.__class__.__doc__ or "refused", status,
                                  code if isinstance(code, str) else None)
        app.register_error_handler(cls, handler)

    @app.errorhandler(NotSaved)
    def not_saved(exc: NotSaved) -> Response:
        return error_response(f"the table could not save, so nothing was changed: {exc}", 503)

    @app.errorhandler(SessionsNotSaved)
    def sessions_not_saved(exc: SessionsNotSaved) -> Response:
        # Its message says what stands: a Lock that could not be saved still holds till a restart.
        return error_response(str(exc), 503)

    @app.errorhandler(HTTPException)
    def http_error(exc: HTTPException) -> Response:
        message = {
            404: "no such page",
            405: f"{request.method} is not allowed here",
            413: "the request body is too large",
        }.get(exc.code or 500, exc.description or exc.name)
        response = error_response(message, exc.code or 500)
        if exc.code == 405 and isinstance(exc, HTTPException):
            allowed = exc.get_headers()
            for name, value in allowed:
                if name.lower() == "allow":
                    response.headers["Allow"] = value
        return response

    @app.errorhandler(Exception)
    def internal_error(exc: Exception) -> Response:
        # The type and frames only: the message of an unexpected error could quote game data.
        frames = "".join(traceback.format_tb(exc.__traceback__))
        app.logger.error("internal error on %s %s: %s\n%s", request.method, request.path,
                         exc.__class__.__name__, frames)
        return error_response("internal error: the table could not do that", 500)
