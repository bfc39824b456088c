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

log = logging.getLogger(__name__)

MAX_UNLOCKED = 1000       # phones unlocked at once; past it the longest-unlocked one is locked


def _digest(session_id: str) -> str:
    return hashlib.sha256(session_id.encode("utf-8", "surrogatepass")).hexdigest()


class UnlockedSessions:
    """The ids of the unlocked sessions and when each expires; thread-safe.

    ``path``: a JSON file kept up to date on every unlock and Lock (written whole, then renamed
    over the old one), read at construction. None: in memory only. A missing, unreadable or
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
        """A new unlocked session, valid for ``lifetime_seconds``: its id, for the cookie."""
        session_id = secrets.token_urlsafe(32)
        with self._lock:
            now = self._clock()
            self._prune(now)
            while len(self._expiry) >= self._limit:
                del self._expiry[min(self._expiry, key=self._expiry.__getitem__)]
            self._expiry[_digest(session_id)] = now + float(lifetime_seconds)
            self._save()
        return session_id

    def is_unlocked(self, session_id: object) -> bool:
        if not isinstance(session_id, str) or not session_id:
            return False
        with self._lock:
            expires = self._expiry.get(_digest(session_id))
            return expires is not None and self._clock() < expires

    def lock(self, session_id: object) -> None:
        """Revoke ``session_id``: every copy of its cookie stops unlocking."""
        if not isinstance(session_id, str) or not session_id:
            return
        with self._lock:
            if self._expiry.pop(_digest(session_id), None) is not None:
                self._prune(self._clock())
                self._save()

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
        """Write the file (under self._lock). A failure is logged: the change holds until a
        restart, after which the file as it last was counts."""
        if self.path is None:
            return
        text = json.dumps({"unlocked": self._expiry}, sort_keys=True)
        tmp = self.path.with_name(self.path.name + ".tmp")
        try:
            fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
            with os.fdopen(fd, "w", encoding="utf-8") as fh:
                fh.write(text)
                fh.flush()
                os.fsync(fh.fileno())
            os.replace(tmp, self.path)
            _sync_directory(self.path.parent)     # the rename itself survives a power cut
        except OSError as exc:
            log.error("unlocked phones not saved to %s (%s): a Lock or PIN entry since the "
                      "last save is forgotten at restart", self.path, exc)


def _sync_directory(directory: Path) -> None:
    try:
        fd = os.open(directory, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)
