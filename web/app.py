"""The application factory."""

from __future__ import annotations

import secrets
import threading
from typing import Any

from flask import Flask

from .auth import PinThrottle
from .catalogue import call_names
from .finite import FiniteJSONProvider
from .services import TableService
from .sessions import UnlockedSessions

TABLE_EXTENSION = "dicetable.table"
THROTTLE_EXTENSION = "dicetable.pin_throttle"
CLOSING_EXTENSION = "dicetable.closing"
STREAMS_EXTENSION = "dicetable.streams"
UNDO_LOCK_EXTENSION = "dicetable.undo_lock"
START_LOCK_EXTENSION = "dicetable.start_lock"
SESSIONS_EXTENSION = "dicetable.sessions"


def create_app(table: TableService, *, pin: str, secret_key: bytes | str | None = None,
               test_config: dict[str, Any] | None = None, pin_notice: str | None = None,
               sessions: UnlockedSessions | None = None) -> Flask:
    """Build the dicetable web app around ``table``.

    ``pin`` is the table PIN needed to change anything; ``secret_key`` signs the session cookie
    (a random one is made when None, so PIN logins then last until the next restart).
    ``sessions``: the phones unlocked with the PIN, by the id each PIN entry puts in its cookie;
    Lock revokes the id, so a copy of the cookie stops working too. None: kept in memory, so
    every phone is locked at the next restart (``dicetable run`` keeps them in the data directory).
    ``pin_notice``: shown on the control page to whoever has entered the PIN, never on the wall
    (the device says so while the PIN is still its public default).
    """
    if not isinstance(table, TableService):
        raise TypeError("table must implement web.services.TableService")
    pin = str(pin).strip()
    if not pin:
        raise ValueError("the table PIN cannot be empty")

    app = Flask(__name__)
    app.json = FiniteJSONProvider(app)      # never Infinity or NaN, which no browser parses
    app.config.from_mapping(
        TABLE_PIN=pin,
        PIN_NOTICE=pin_notice,
        SECRET_KEY=secret_key or secrets.token_bytes(32),
        SESSION_COOKIE_NAME="dicetable_session",
        SESSION_COOKIE_HTTPONLY=True,
        SESSION_COOKIE_SAMESITE="Strict",
        # The cookie is sent only when the session changes (the PIN entered, Lock, a first
        # visit), never again with every answer: an answer to a request sent before Lock (from
        # another tab) would bring back the session as it was then, PIN and all, and undo the
        # Lock. So a phone stays unlocked PERMANENT_SESSION_LIFETIME (31 days) from the PIN.
        SESSION_REFRESH_EACH_REQUEST=False,
        MAX_CONTENT_LENGTH=256 * 1024,      # a record line or header is tiny
        SSE_HEARTBEAT_SECONDS=15.0,         # comment lines keep proxies and browsers from timing out
        # Each open event stream holds a worker thread; `dicetable run` serves with 48, so 8 stay
        # free for actions and pages however many scoreboards and phones are open.
        SSE_MAX_STREAMS=40,
        PIN_MAX_FAILURES=10,                # wrong PINs per client per window before a pause
        PIN_FAILURE_WINDOW_SECONDS=60.0,
    )
    if test_config:
        app.config.update(test_config)
    app.json.sort_keys = False              # keep the engine's key order (game, over, winner...)

    app.extensions[TABLE_EXTENSION] = table
    app.extensions[SESSIONS_EXTENSION] = sessions if sessions is not None else UnlockedSessions()
    app.extensions[CLOSING_EXTENSION] = threading.Event()
    app.extensions[UNDO_LOCK_EXTENSION] = threading.Lock()   # an undo's version check and the undo
    app.extensions[START_LOCK_EXTENSION] = threading.Lock()  # a new game's in-play check and the start
    app.extensions[STREAMS_EXTENSION] = threading.BoundedSemaphore(int(app.config["SSE_MAX_STREAMS"]))
    app.extensions[THROTTLE_EXTENSION] = PinThrottle(
        app.config["PIN_MAX_FAILURES"], app.config["PIN_FAILURE_WINDOW_SECONDS"])

    from . import api, control, errors, history, scoreboard

    app.register_blueprint(scoreboard.bp)
    app.register_blueprint(control.bp)
    app.register_blueprint(api.bp)
    app.register_blueprint(history.bp)
    errors.register(app)
    names = call_names()
    app.context_processor(lambda: {"call_names": names})    # embedded for static/common.js
    return app


def stop_streams(app: Flask) -> None:
    """End every open event stream at its next wake-up (an event or a heartbeat), so a server
    can shut down without waiting for browsers to go away."""
    app.extensions[CLOSING_EXTENSION].set()
