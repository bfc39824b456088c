"""web.sessions.UnlockedSessions: the phones unlocked with the PIN, kept so that Lock revokes."""

from __future__ import annotations

import json

from web.sessions import UnlockedSessions

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
