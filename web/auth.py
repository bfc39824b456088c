"""The table PIN and CSRF protection.

Two ways to be allowed to change things:
- API clients send the PIN in the ``X-Table-PIN`` header on every request;
- the control page posts the PIN once (``/table/login``); the signed session cookie then remembers
  it, and every change it makes carries the session's CSRF token (``X-CSRF-Token`` header, or a
  ``csrf_token`` form field), so another site cannot act with the cookie. Each PIN entry gets a
  random session id, in the cookie and in the app's ``UnlockedSessions`` (web.sessions): Lock
  revokes it there, so a copy of the cookie (another tab, a copied cookie) stops working too.
"""

from __future__ import annotations

import functools
import hashlib
import hmac
import secrets
import threading
import time
from collections.abc import Callable
from typing import Any, TypeVar

from flask import current_app, request, session

from .services import TableService
from .sessions import UnlockedSessions

F = TypeVar("F", bound=Callable[..., Any])

PIN_HEADER = "X-Table-PIN"
CSRF_HEADER = "X-CSRF-Token"
CSRF_FIELD = "csrf_token"


class Unauthorised(Exception):
    """The request needs the table PIN (HTTP 401); the message says what to do."""


class TooManyTries(Exception):
    """Too many wrong PINs from this client lately (HTTP 429)."""


class PinThrottle:
    """Counts wrong PINs per client so a four-digit PIN cannot be guessed by brute force."""

    def __init__(self, max_failures: int, window_seconds: float,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.max_failures = max_failures
        self.window = window_seconds
        self._clock = clock
        self._lock = threading.Lock()
        self._failures: dict[str, list[float]] = {}

    def _recent(self, client: str, now: float) -> list[float]:
        kept = [t for t in self._failures.get(client, []) if now - t < self.window]
        if kept:
            self._failures[client] = kept
        else:
            self._failures.pop(client, None)
        return kept

    def check(self, client: str) -> None:
        with self._lock:
            if len(self._recent(client, self._clock())) >= self.max_failures:
                raise TooManyTries("too many wrong PINs: wait a minute and try again")

    def failed(self, client: str) -> None:
        with self._lock:
            now = self._clock()
            self._recent(client, now)
            self._failures.setdefault(client, []).append(now)


def current_table() -> TableService:
    return current_app.extensions["dicetable.table"]


def _sessions() -> UnlockedSessions:
    return current_app.extensions["dicetable.sessions"]


def _throttle() -> PinThrottle:
    return current_app.extensions["dicetable.pin_throttle"]


def _client() -> str:
    return request.remote_addr or "unknown"


def _pin_fingerprint() -> str:
    """What the session stores: proof the PIN was entered, bound to the PIN now configured."""
    key = current_app.config["SECRET_KEY"]
    key = key.encode() if isinstance(key, str) else key
    return hmac.new(key, current_app.config["TABLE_PIN"].encode(), hashlib.sha256).hexdigest()


def check_pin(given: Any) -> bool:
    """True if ``given`` is the table PIN; counts failures and refuses while throttled."""
    _throttle().check(_client())
    ok = isinstance(given, str) and hmac.compare_digest(
        given.strip().encode(), current_app.config["TABLE_PIN"].encode())
    if not ok:
        _throttle().failed(_client())
    return ok


def csrf_token() -> str:
    """This session's CSRF token (made on first use)."""
    token = session.get("csrf")
    if not isinstance(token, str):
        token = secrets.token_urlsafe(32)
        session["csrf"] = token
    return token


def csrf_ok() -> bool:
    sent = request.headers.get(CSRF_HEADER) or request.form.get(CSRF_FIELD)
    token = session.get("csrf")
    return isinstance(sent, str) and isinstance(token, str) and hmac.compare_digest(
        sent.encode(), token.encode())


def log_in() -> None:
    """Unlock this session: a new id, kept server-side until it expires or Lock revokes it."""
    session["sid"] = _sessions().unlock(current_app.permanent_session_lifetime.total_seconds())
    session["pin"] = _pin_fingerprint()
    session.permanent = True


def log_out() -> None:
    """Lock: the session's id is revoked, so every copy of this cookie is locked as well."""
    session_id = session.pop("sid", None)
    session.pop("pin", None)
    _sessions().lock(session_id)     # may raise SessionsNotSaved: this cookie is locked all the same


def has_pin_session() -> bool:
    stored = session.get("pin")
    return (isinstance(stored, str) and hmac.compare_digest(stored, _pin_fingerprint())
            and _sessions().is_unlocked(session.get("sid")))


def authorise(*, csrf: bool = True) -> None:
    """Raise Unauthorised unless the request carries the PIN (header, or session + CSRF)."""
    if PIN_HEADER in request.headers:
        if not check_pin(request.headers[PIN_HEADER]):
            raise Unauthorised("wrong table PIN")
        return
    if not has_pin_session():
        raise Unauthorised(f"this needs the table PIN: send it in the {PIN_HEADER} header, "
                           "or enter it on the control page (/table)")
    if csrf and not csrf_ok():
        raise Unauthorised("missing or wrong CSRF token: reload the control page and try again")


def pin_required(*, csrf: bool = True) -> Callable[[F], F]:
    """Decorator for views that change things (or show the camera)."""
    def wrap(view: F) -> F:
        @functools.wraps(view)
        def guarded(*args: Any, **kwargs: Any) -> Any:
            authorise(csrf=csrf)
            return view(*args, **kwargs)
        return guarded  # type: ignore[return-value]
    return wrap
