"""web.durable.write_durably: the one way a file is kept whole (unlocked phones, session key,
photos, calibrated config). What each of those callers makes of a failure is tested with it."""

from __future__ import annotations

import errno
import os
import stat
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from web.durable import write_durably


def _disk_full(*args: object, **kwargs: object) -> None:
    raise OSError(errno.ENOSPC, "No space left on device")


def test_the_file_is_synced_renamed_over_the_old_one_and_its_directory_synced(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, fsyncs: list[str]) -> None:
    path = tmp_path / "kept.json"
    path.write_bytes(b"old")
    renamed: list[tuple[str, str]] = []
    real_replace = os.replace

    def replace(src: Any, dst: Any) -> None:
        renamed.append((Path(src).name, Path(dst).name))
        real_replace(src, dst)

    monkeypatch.setattr(os, "replace", replace)
    write_durably(path, b"the new text")
    assert fsyncs == ["file of 12 bytes", "dir"]        # the data before the rename, then the rename
    assert renamed == [("kept.json.tmp", "kept.json")]
    assert path.read_bytes() == b"the new text"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["kept.json"]


@pytest.mark.parametrize("step", ["write", "fsync", "replace"])
@pytest.mark.parametrize("old", [b"old", None])
def test_a_failed_write_removes_its_temp_file_and_leaves_the_old_file_as_it_was(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, step: str, old: bytes | None,
        cut_short_writes: Callable[[pytest.MonkeyPatch], None]) -> None:
    path = tmp_path / "kept.json"
    if old is not None:
        path.write_bytes(old)
    with monkeypatch.context() as broken:
        if step == "write":
            cut_short_writes(broken)
        else:
            broken.setattr(os, step, _disk_full)
        with pytest.raises(OSError, match="No space left on device"):
            write_durably(path, b"the new text")
    if old is None:
        assert list(tmp_path.iterdir()) == []
    else:
        assert sorted(p.name for p in tmp_path.iterdir()) == ["kept.json"]
        assert path.read_bytes() == old


def test_a_temp_file_of_the_callers_naming_is_used_and_removed_on_failure(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # device.store names a photo's temp file <id>.tmp, not <id>.jpg.tmp: the start sweeps those.
    path, tmp = tmp_path / "abc.jpg", tmp_path / "abc.tmp"
    seen: list[str] = []
    real_fsync = os.fsync

    def fsync(fd: int) -> None:
        seen.extend(p.name for p in tmp_path.iterdir())
        real_fsync(fd)

    with monkeypatch.context() as watched:
        watched.setattr(os, "fsync", fsync)
        write_durably(path, b"jpeg", tmp=tmp)
    assert seen[:1] == ["abc.tmp"] and path.read_bytes() == b"jpeg"
    with monkeypatch.context() as broken:
        broken.setattr(os, "replace", _disk_full)
        with pytest.raises(OSError):
            write_durably(tmp_path / "def.jpg", b"jpeg", tmp=tmp_path / "def.tmp")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["abc.jpg"]


def test_a_mode_is_the_files_whatever_the_umask_or_a_temp_file_a_crash_left(tmp_path: Path) -> None:
    path = tmp_path / "secret_key"
    stale = tmp_path / "secret_key.tmp"
    stale.write_bytes(b"half a key")
    stale.chmod(0o644)                  # left by a crash, readable by everyone
    old_umask = os.umask(0)
    try:
        write_durably(path, b"key", mode=0o600)
    finally:
        os.umask(old_umask)
    assert stat.S_IMODE(path.stat().st_mode) == 0o600 and path.read_bytes() == b"key"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["secret_key"]


def test_without_a_mode_the_file_is_made_as_open_makes_it(tmp_path: Path) -> None:
    old_umask = os.umask(0o027)
    try:
        write_durably(tmp_path / "a.jpg", b"jpeg")
    finally:
        os.umask(old_umask)
    assert stat.S_IMODE((tmp_path / "a.jpg").stat().st_mode) == 0o640


def test_an_owner_is_given_only_when_it_is_not_ours_and_a_refusal_is_let_pass(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    given: list[tuple[int, int]] = []

    def fchown(fd: int, uid: int, gid: int) -> None:
        given.append((uid, gid))
        raise PermissionError(errno.EPERM, "Operation not permitted")   # not root

    monkeypatch.setattr(os, "fchown", fchown)
    ours = (os.geteuid(), os.getegid())
    write_durably(tmp_path / "config.toml", b"a", owner=ours)
    assert given == []
    theirs = (ours[0] + 1, ours[1] + 1)
    write_durably(tmp_path / "config.toml", b"b", owner=theirs)
    assert given == [theirs] and (tmp_path / "config.toml").read_bytes() == b"b"


@pytest.mark.parametrize("step", ["open", "fsync"])
def test_a_directory_that_cannot_be_synced_raises_only_when_strict(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, step: str) -> None:
    # The new file is in place either way (no temp file left); strict callers (the store, the
    # config) report the write as failed, the others (session key, unlocked phones) go on.
    real = getattr(os, step)

    def on_files_only(target: Any, *args: Any, **kwargs: Any) -> Any:
        is_dir = os.path.isdir(target) if step == "open" else stat.S_ISDIR(os.fstat(target).st_mode)
        if is_dir:
            raise OSError(errno.EIO, "Input/output error")
        return real(target, *args, **kwargs)

    monkeypatch.setattr(os, step, on_files_only)
    path = tmp_path / "kept.json"
    with pytest.raises(OSError, match="Input/output error"):
        write_durably(path, b"strict")
    assert path.read_bytes() == b"strict"
    write_durably(path, b"lenient", strict_dir_sync=False)
    assert path.read_bytes() == b"lenient"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["kept.json"]
