"""web.sessions.UnlockedSessions: the phones unlocked with the PIN, kept so that Lock revokes."""

from __future__ import annotations

import errno
import json
import os

import pytest

from tests.conftest import Syncs
from web.services import NotSaved
from web.sessions import SessionsNotSaved, UnlockedSessions

DAY = 24 * 3600.0


class Clock:
    def __init__(self) -> None:
        self.now = 1_800_000_000.0

    def __call__(self) -> float:
        return self.now


def test_an_unlock_lasts_its_lifetime_and_lock_revokes_it():
    clock = Clock()
    kept = UnlockedSessions(clock=clock)
    first, second = kept.unlock(31 * DAY), kept.unlock(31 * DAY)
    assert first != second and kept.is_unlocked(first) and kept.is_unlocked(second)
    kept.lock(first)
    assert not kept.is_unlocked(first) and kept.is_unlocked(second)
    clock.now += 31 * DAY
    assert not kept.is_unlocked(second) and len(kept) == 0
    for nothing in (None, "", 7, ["x"], "made-up"):
        assert not kept.is_unlocked(nothing)
        kept.lock(nothing)


def test_kept_in_a_file_across_a_restart_as_digests(tmp_path):
    clock, path = Clock(), tmp_path / "unlocked.json"
    kept = UnlockedSessions(path, clock=clock)
    unlocked, locked = kept.unlock(31 * DAY), kept.unlock(31 * DAY)
    kept.lock(locked)
    text = path.read_text()
    assert unlocked not in text and locked not in text
    again = UnlockedSessions(path, clock=clock)
    assert again.is_unlocked(unlocked) and not again.is_unlocked(locked)
    clock.now += 32 * DAY
    assert not UnlockedSessions(path, clock=clock).is_unlocked(unlocked)


def test_a_damaged_or_foreign_file_unlocks_nothing(tmp_path):
    path = tmp_path / "unlocked.json"
    kept = UnlockedSessions(path)
    sid = kept.unlock(DAY)
    good = json.loads(path.read_text())
    for text in ("", "{", "[]", '{"unlocked": []}', json.dumps({"unlocked": {
            key: "tomorrow" for key in good["unlocked"]}})):
        path.write_text(text)
        assert not UnlockedSessions(path).is_unlocked(sid), text
    path.write_text(json.dumps(good))
    assert UnlockedSessions(path).is_unlocked(sid)


def test_past_the_limit_the_longest_unlocked_is_locked():
    clock = Clock()
    kept = UnlockedSessions(clock=clock, limit=3)
    ids = []
    for _ in range(4):
        ids.append(kept.unlock(DAY))
        clock.now += 1
    assert [kept.is_unlocked(i) for i in ids] == [False, True, True, True]


def _disk_full(*args: object, **kwargs: object) -> None:
    raise OSError(errno.ENOSPC, "No space left on device")


# Where a write can fail: the temp file's data (fsync of a full disk), or the rename over the old one.
FAILING_STEPS = ["fsync", "replace"]


@pytest.mark.parametrize("step", FAILING_STEPS)
def test_an_unlock_that_cannot_be_saved_is_refused_and_leaves_the_file_as_it_was(
        tmp_path, monkeypatch: pytest.MonkeyPatch, step: str) -> None:
    """A failed write left unlocked_sessions.json.tmp behind and kept the new phone unlocked
    until a restart locked it again, with only a log line to say so."""
    path = tmp_path / "unlocked_sessions.json"
    kept = UnlockedSessions(path)
    earlier = kept.unlock(DAY)
    before = path.read_text()
    with monkeypatch.context() as broken:
        broken.setattr(os, step, _disk_full)
        with pytest.raises(NotSaved, match="No space left on device") as refused:
            kept.unlock(DAY)
    assert isinstance(refused.value, SessionsNotSaved) and "not unlocked" in str(refused.value)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["unlocked_sessions.json"]
    assert path.read_text() == before
    assert len(kept) == 1 and kept.is_unlocked(earlier)     # the refused unlock left nothing
    assert UnlockedSessions(path).is_unlocked(earlier)


@pytest.mark.parametrize("step", FAILING_STEPS)
def test_a_lock_that_cannot_be_saved_still_locks_and_says_it_would_not_last_a_restart(
        tmp_path, monkeypatch: pytest.MonkeyPatch, step: str) -> None:
    """Undoing the Lock because it could not be written would unlock the phone now as well:
    it stays locked, and the error says a restart would unlock it again."""
    path = tmp_path / "unlocked_sessions.json"
    kept = UnlockedSessions(path)
    sid, other = kept.unlock(DAY), kept.unlock(DAY)
    before = path.read_text()
    with monkeypatch.context() as broken:
        broken.setattr(os, step, _disk_full)
        with pytest.raises(SessionsNotSaved, match="restart"):
            kept.lock(sid)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["unlocked_sessions.json"]
    assert path.read_text() == before
    assert not kept.is_unlocked(sid) and kept.is_unlocked(other)
    kept.lock(other)                          # the next save that works writes both Locks
    restarted = UnlockedSessions(path)
    assert not restarted.is_unlocked(sid) and not restarted.is_unlocked(other)


def test_the_file_is_private_and_synced_with_its_directory(tmp_path, fsyncs: Syncs) -> None:
    """The file lets a copied cookie back in after a restart only if it lists its digest: kept
    readable by its owner only, and synced (the data, then the rename) so that a Lock lasts."""
    import stat

    path = tmp_path / "unlocked_sessions.json"
    sid = UnlockedSessions(path).unlock(DAY)
    assert fsyncs.kinds == ["file", "dir"]
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert UnlockedSessions(path).is_unlocked(sid)
