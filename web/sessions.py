"""The phones unlocked with the table PIN, kept on the server so that Lock revokes.

The session cookie is signed, not stored: clearing it on Lock left every copy of it (another
tab's, a copied cookie) as good as before. So each PIN entry gets a random id, put in the cookie
and kept here until it expires or Lock revokes it; a cookie whose id is not here unlocks nothing.

``create_app(..., sessions=...)`` is handed one of these; without, it keeps its own in memory
(a restart then locks every phone, as a random secret key does). ``dicetable run`` keeps it in
the data directory beside the key that signs the cookie, so a restart neither locks an unlocked
phone nor unlocks a locked one.

Only a digest of each id is kept (in memory and on disk): the file gives nobody a cookie.
"""

from __future__ import annotations

import hashlib
import json
import logging
import os
import secrets
import threading
import time
from collections.abc import Callable
from pathlib import Path

from .durable import write_durably
from .services import NotSaved

log = logging.getLogger(__name__)

MAX_UNLOCKED = 1000       # phones unlocked at once; past it the longest-unlocked one is locked


class SessionsNotSaved(NotSaved):
    """The unlocked phones' file could not be written (disk full, no permission): HTTP 503.

    A PIN entry so refused is undone (the phone is not unlocked, now or after a restart); a Lock
    is kept (undoing it would unlock the phone now too), but the file still lists the session, so
    after a restart a copy of its cookie would unlock again. The message says which.
    """


def _digest(session_id: str) -> str:
    return hashlib.sha256(session_id.encode("utf-8", "surrogatepass")).hexdigest()


class UnlockedSessions:
    """The ids of the unlocked sessions and when each expires; thread-safe.

    ``path``: a JSON file kept up to date on every unlock and Lock (written whole, then renamed
    over the old one), read at construction; a write that fails leaves the file as it was and
    raises ``SessionsNotSaved``. None: in memory only. A missing, unreadable or
    damaged file unlocks nothing (every phone enters the PIN again), never the other way round.
    """

    def __init__(self, path: str | os.PathLike[str] | None = None, *,
                 clock: Callable[[], float] = time.time, limit: int = MAX_UNLOCKED) -> None:
        self.path = Path(path) if path is not None else None
        self._clock = clock
        self._limit = limit
        self._lock = threading.Lock()
        self._expiry: dict[str, float] = {}       # digest of the id -> when it expires (epoch s)
        if self.path is not None:
            self._load()

    def unlock(self, lifetime_seconds: float) -> str:
        """A new unlocked session, valid for ``lifetime_seconds``: its id, for the cookie.
        Raises ``SessionsNotSaved`` (nothing unlocked) if the file cannot be written."""
        session_id = secrets.token_urlsafe(32)
        with self._lock:
            before = dict(self._expiry)
            now = self._clock()
            self._prune(now)
            while len(self._expiry) >= self._limit:
                del self._expiry[min(self._expiry, key=self._expiry.__getitem__)]
            self._expiry[_digest(session_id)] = now + float(lifetime_seconds)
            try:
                self._save()
            except OSError as exc:
                # Undone: unlocked in memory only, the phone would be locked again by a restart.
                self._expiry = before
                raise SessionsNotSaved(
                    "the table could not save the PIN's entry, so this phone is not unlocked "
                    f"({_why(self.path, exc)})") from exc
        return session_id

    def is_unlocked(self, session_id: object) -> bool:
        if not isinstance(session_id, str) or not session_id:
            return False
        with self._lock:
            expires = self._expiry.get(_digest(session_id))
            return expires is not None and self._clock() < expires

    def lock(self, session_id: object) -> None:
        """Revoke ``session_id``: every copy of its cookie stops unlocking. Raises
        ``SessionsNotSaved`` (still revoked, until a restart) if the file cannot be written."""
        if not isinstance(session_id, str) or not session_id:
            return
        with self._lock:
            if self._expiry.pop(_digest(session_id), None) is not None:
                self._prune(self._clock())
                try:
                    self._save()
                except OSError as exc:
                    # Kept locked in memory: giving the session back would unlock it now as well.
                    raise SessionsNotSaved(
                        "this phone is locked, but the table could not save the Lock: after a "
                        "restart a copy of this phone's page would be unlocked again; Lock "
                        f"again once the table can save ({_why(self.path, exc)})") from exc

    def __len__(self) -> int:
        with self._lock:
            self._prune(self._clock())
            return len(self._expiry)

    # -- keeping ---------------------------------------------------------------------------
    def _prune(self, now: float) -> None:
        for key in [k for k, expires in self._expiry.items() if expires <= now]:
            del self._expiry[key]

    def _load(self) -> None:
        assert self.path is not None
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
        except FileNotFoundError:
            return
        except (OSError, ValueError) as exc:
            log.warning("unlocked phones not read from %s (%s): every phone needs the PIN again",
                        self.path, exc)
            return
        entries = data.get("unlocked") if isinstance(data, dict) else None
        if not isinstance(entries, dict):
            log.warning("unlocked phones not read from %s (not what dicetable writes): every "
                        "phone needs the PIN again", self.path)
            return
        for key, expires in entries.items():
            if (isinstance(key, str) and len(key) == 64
                    and isinstance(expires, (int, float)) and not isinstance(expires, bool)):
                self._expiry[key] = float(expires)
        self._prune(self._clock())

    def _save(self) -> None:
        """Write the file (under self._lock): whole, to a temp file renamed over the old one.
        On failure the temp file is removed, the old file is left as it was, the failure is
        logged and its OSError raised (the caller decides what stands in memory)."""
        if self.path is None:
            return
        text = json.dumps({"unlocked": self._expiry}, sort_keys=True)
        try:
            # A directory that cannot be synced is let pass: at worst a power cut brings back the
            # file as it was before this write.
            write_durably(self.path, text.encode("utf-8"), mode=0o600, strict_dir_sync=False)
        except OSError as exc:
            log.error("unlocked phones not saved to %s (%s): the file is left as it was",
                      self.path, exc)
            raise


def _why(path: Path | None, exc: OSError) -> str:
    """What went wrong, for the phone: the file's name and the system's reason, no machine path."""
    name = path.name if path is not None else "the unlocked phones"
    return f"{name} not written: {exc.strerror or exc.__class__.__name__}"
