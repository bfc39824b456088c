"""Writing a file so that a crash or a power cut leaves the old file or the new one, never a part.

One function for every file kept whole: ``web.sessions``'s unlocked phones, and device's session
key, evidence photos and calibrated config. It is here, not in device, because web may import
nothing of device while device may import web; it uses the standard library only."""

from __future__ import annotations

import contextlib
import os
from pathlib import Path


def write_durably(path: Path, data: bytes, *, tmp: Path | None = None, mode: int | None = None,
                  owner: tuple[int, int] | None = None, strict_dir_sync: bool = True) -> None:
    """Put ``data`` in ``path`` whole: written to ``tmp`` beside it, flushed and fsynced, renamed
    over ``path``, then ``path``'s directory fsynced, since the rename outlasts a power cut only
    once the directory holding it is synced.

    ``tmp``: the temp file, ``path`` + ``.tmp`` unless given (it must be in ``path``'s directory:
    a rename is atomic only within one filesystem).
    ``mode``: None, the temp file is made as ``open()`` makes a file (0666 less the umask; one a
    crash left keeps its mode); a number, it ends up with exactly that mode whatever the umask or
    a temp file a crash left, e.g. 0o600 for a private file.
    ``owner``: (uid, gid) the file is given when it is not this process's; refused silently where
    it is not allowed (only root may give a file away).

    On an OSError before the rename is done, or if it fails, the temp file is removed, ``path``
    is left as it was and the error is raised. If the directory cannot be synced, the new file is
    in place but might not outlast a power cut: ``strict_dir_sync`` raises that OSError (the temp
    file is gone by then), False lets it pass.
    """
    if tmp is None:
        tmp = path.with_name(path.name + ".tmp")
    try:
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o666 if mode is None else mode)
        with os.fdopen(fd, "wb") as fh:
            if mode is not None:
                os.fchmod(fh.fileno(), mode)    # the umask, or a stale temp file's mode, is not it
            if owner is not None and owner != (os.geteuid(), os.getegid()):
                with contextlib.suppress(OSError):
                    os.fchown(fh.fileno(), *owner)
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
        if strict_dir_sync:
            _sync_directory(path.parent)
    except OSError:
        # A half-written temp file is no use to anyone, and nothing else would ever delete it.
        with contextlib.suppress(OSError):
            tmp.unlink(missing_ok=True)
        raise
    if not strict_dir_sync:
        with contextlib.suppress(OSError):
            _sync_directory(path.parent)


def _sync_directory(directory: Path) -> None:
    fd = os.open(directory, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)
