"""Shared test configuration.

Fixtures for the durable writes (web.durable.write_durably and its callers in device and web):
``fsyncs`` records what each os.fsync synced, ``cut_short_writes`` makes os.fdopen's files fail
part way through a write, as on a disk filling up."""

from __future__ import annotations

import errno
import os
import stat
from collections.abc import Callable
from typing import Any

import pytest


class Syncs(list[str]):
    """What os.fsync was called on, in order: "dir" for a directory, "file of N bytes" for a
    file of N bytes at the time of its sync."""

    @property
    def kinds(self) -> list[str]:
        """The same entries without the sizes: "dir" or "file"."""
        return ["dir" if entry == "dir" else "file" for entry in self]


@pytest.fixture
def fsyncs(monkeypatch: pytest.MonkeyPatch) -> Syncs:
    """os.fsync, still syncing, records each call in the list returned."""
    real_fsync = os.fsync
    synced = Syncs()

    def fsync(fd: int) -> None:
        st = os.fstat(fd)
        synced.append("dir" if stat.S_ISDIR(st.st_mode) else f"file of {st.st_size} bytes")
        real_fsync(fd)

    monkeypatch.setattr(os, "fsync", fsync)
    return synced


class CutShort:
    """A file whose write puts 5 bytes on the disk and then fails (a disk filling up)."""

    def __init__(self, fh: Any) -> None:
        self.fh = fh

    def write(self, data: bytes) -> int:
        self.fh.write(data[:5])
        self.fh.flush()
        raise OSError(errno.ENOSPC, "No space left on device")

    def __getattr__(self, name: str) -> Any:
        return getattr(self.fh, name)

    def __enter__(self) -> "CutShort":
        return self

    def __exit__(self, *exc: Any) -> None:
        self.fh.close()


@pytest.fixture
def cut_short_writes() -> Callable[[pytest.MonkeyPatch], None]:
    """Call it with a monkeypatch (the test's, or a monkeypatch.context() to undo it sooner):
    the files os.fdopen opens from then on are CutShort."""

    def cut_short(monkeypatch: pytest.MonkeyPatch) -> None:
        real_fdopen = os.fdopen
        monkeypatch.setattr(os, "fdopen", lambda fd, *a, **k: CutShort(real_fdopen(fd, *a, **k)))

    return cut_short
