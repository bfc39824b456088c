"""device.store: durable games, the append-only log, photos, the seal, foreign files refused."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from device.store import ABANDONED, DB_NAME, LIVE, OVER, SealRow, Store, StoreError

HEADER = {"game": "kuriki", "players": ["Ann", "Bob"]}


class Clock:
    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        self.now += 1.0
        return self.now


def test_new_database_is_wal_with_full_sync(tmp_path: Path) -> None:
    store = Store(tmp_path)
    assert (tmp_path / DB_NAME).exists()
    assert store._db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert store._db.execute("PRAGMA synchronous").fetchone()[0] == 2   # FULL
    assert store.games() == []


def test_games_and_log_survive_reopening(tmp_path: Path) -> None:
    store = Store(tmp_path)
    gid = store.new_game(HEADER)
    store.append_action(gid, {"by": "Ann", "do": "declare", "call": "walnuts", "dice": [4, 4]})
    store.append_action(gid, {"do": "undo"})
    store.append_action(gid, {"by": "Ann", "do": "declare", "call": "9", "dice": [6, 3]},
                        status=OVER, winner="Ann")
    store.close()
    again = Store(tmp_path)
    rows = again.actions(gid)
    assert [r.seq for r in rows] == [1, 2, 3]
    assert rows[1].line == {"do": "undo"}
    game = again.game(gid)
    assert game is not None and game.status == OVER and game.winner == "Ann" and game.actions == 3
    assert game.finished is not None
    assert again.live_game() is None


def test_a_new_game_abandons_the_live_one(tmp_path: Path) -> None:
    store = Store(tmp_path, clock=Clock())
    first = store.new_game(HEADER)
    second = store.new_game(HEADER)
    assert store.game(first).status == ABANDONED
    assert store.game(second).status == LIVE
    assert [g.id for g in store.games()] == [second, first]    # newest first
    assert store.live_game().id == second


def test_unknown_game_id_is_none(tmp_path: Path) -> None:
    store = Store(tmp_path)
    assert store.game("42") is None
    assert store.game("not-a-number") is None
    assert store.game("9" * 30) is None            # past SQLite's integers: unknown, not a crash


def test_not_sqlite_is_refused_and_left_untouched(tmp_path: Path) -> None:
    path = tmp_path / DB_NAME
    content = b"these are my holiday notes, not a database\n" * 20
    path.write_bytes(content)
    with pytest.raises(StoreError, match="not a dicetable database"):
        Store(tmp_path)
    assert path.read_bytes() == content


def test_foreign_sqlite_is_refused_and_left_untouched(tmp_path: Path) -> None:
    path = tmp_path / DB_NAME
    db = sqlite3.connect(path)
    db.execute("CREATE TABLE invoices (n INTEGER)")
    db.execute("INSERT INTO invoices VALUES (7)")
    db.commit()
    db.close()
    before = path.read_bytes()
    with pytest.raises(StoreError, match="another program"):
        Store(tmp_path)
    assert path.read_bytes() == before


def test_newer_schema_is_refused(tmp_path: Path) -> None:
    Store(tmp_path).close()
    db = sqlite3.connect(tmp_path / DB_NAME)
    db.execute("PRAGMA user_version = 99")
    db.commit()
    db.close()
    with pytest.raises(StoreError, match="newer dicetable"):
        Store(tmp_path)


def test_damaged_database_gives_a_clear_error(tmp_path: Path) -> None:
    store = Store(tmp_path)
    gid = store.new_game(HEADER)
    for i in range(200):
        store.append_action(gid, {"by": "Ann", "do": "foul", "kind": "peek", "n": i})
    store._db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    store.close()
    path = tmp_path / DB_NAME
    data = bytearray(path.read_bytes())
    data[100:4096 * 3] = b"\xff" * (4096 * 3 - 100)    # wreck the schema pages, keep the magic
    path.write_bytes(bytes(data))
    damaged = path.read_bytes()
    with pytest.raises(StoreError) as info:
        Store(tmp_path)
    assert str(path) in str(info.value)
    assert path.read_bytes() == damaged


def test_unwritable_data_directory_is_a_store_error(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("x")
    with pytest.raises(StoreError, match="data directory"):
        Store(blocker / "sub")


@pytest.mark.parametrize("blocked", [".", "photos"])
def test_a_file_where_a_directory_goes_is_named(tmp_path: Path, blocked: str) -> None:
    # "cannot use the data directory DIR: File exists" sent the owner looking at a directory
    # that is there and fine.
    data = tmp_path / "data"
    if blocked == ".":
        data.write_text("x")
    else:
        data.mkdir()
        (data / blocked).write_text("x")
    with pytest.raises(StoreError) as info:
        Store(data)
    blocker = data if blocked == "." else data / blocked
    assert str(info.value).endswith(f"{blocker} is a file, not a directory: move it away")


def test_photos_private_until_published_and_oldest_evicted(tmp_path: Path) -> None:
    store = Store(tmp_path, clock=Clock())
    a = store.add_photo(b"a" * 100, limit_bytes=250)
    b = store.add_photo(b"b" * 100, limit_bytes=250)
    assert store.photo(a) is None                       # private
    assert store.photo(a, public_only=False) == b"a" * 100
    gid = store.new_game(HEADER)
    store.append_action(gid, {"by": "Bob", "do": "pull"}, publish_photo=b)
    assert store.photo(b) == b"b" * 100
    c = store.add_photo(b"c" * 100, limit_bytes=250)     # 300 > 250: the oldest (a) goes
    assert not store.photo_exists(a)
    assert not (store.photo_dir / f"{a}.jpg").exists()
    assert store.photo_exists(b) and store.photo_exists(c)
    assert store.photos_total() == 200


def test_the_oldest_photo_goes_first_even_when_the_clock_went_back(tmp_path: Path) -> None:
    # A Pi has no clock of its own: after a power cut it may start from an older time until
    # the network sets it. The photos taken since are the newest, whatever time they carry.
    times = iter([1000.0, 2000.0, 500.0, 600.0])
    store = Store(tmp_path, clock=lambda: next(times))
    a = store.add_photo(b"a" * 100)
    b = store.add_photo(b"b" * 100)
    c = store.add_photo(b"c" * 100)            # after the power cut, the clock an hour behind
    d = store.add_photo(b"d" * 100, limit_bytes=300)
    assert not store.photo_exists(a)
    assert all(store.photo_exists(p) for p in (b, c, d))


def test_photo_ids_are_checked(tmp_path: Path) -> None:
    store = Store(tmp_path)
    assert store.photo("../dicetable.sqlite3", public_only=False) is None
    assert store.photo("nope") is None


def test_seal_survives_a_restart_and_its_unused_photo_is_dropped(tmp_path: Path) -> None:
    store = Store(tmp_path)
    pid = store.add_photo(b"jpeg")
    seal = store.set_seal([6, 3], pid)
    store.close()
    again = Store(tmp_path)
    kept = again.seal()
    assert kept is not None and kept.dice == (6, 3) and kept.fresh and kept.seal_id == seal.seal_id
    again.set_seal_fresh(False)
    assert again.seal().fresh is False
    again.clear_seal()
    assert again.seal() is None
    assert not again.photo_exists(pid)


def test_the_seal_keeps_when_it_was_sealed_and_an_older_database_gains_the_columns(tmp_path: Path) -> None:
    store = Store(tmp_path)
    store.set_seal([6, 3], None, at=4)
    store.close()
    again = Store(tmp_path)
    assert again.seal().at == 4
    again.close()
    # A database made before the seal kept it: no column "at", a seal stored without it.
    db = sqlite3.connect(tmp_path / DB_NAME)
    db.execute("ALTER TABLE seal DROP COLUMN at")
    db.execute("ALTER TABLE seal DROP COLUMN tray")
    db.commit()
    db.close()
    older = Store(tmp_path)
    kept = older.seal()
    assert kept is not None and kept.dice == (6, 3) and kept.fresh and kept.at is None and kept.tray is None
    older.set_seal([5, 2], None, at=7)
    assert older.seal().at == 7 and older.seal().dice == (5, 2)
    older.close()


def test_the_stir_survives_a_restart_and_an_older_database_gains_its_table(tmp_path: Path) -> None:
    store = Store(tmp_path)
    gid = store.new_game(HEADER)
    assert store.stir() is None
    store.set_stir(gid, 3)
    store.close()
    again = Store(tmp_path)
    assert again.stir() == (gid, 3)
    again.set_stir(None, None)              # the dice lie still
    assert again.stir() is None
    again.close()
    # A database made before the stir was kept: no table "stir".
    db = sqlite3.connect(tmp_path / DB_NAME)
    db.execute("DROP TABLE stir")
    db.commit()
    db.close()
    older = Store(tmp_path)
    assert older.stir() is None
    older.set_stir(gid, 5)
    assert older.stir() == (gid, 5)
    older.close()


def test_the_cup_taken_survives_a_restart_and_an_older_database_gains_its_table(tmp_path: Path) -> None:
    store = Store(tmp_path)
    gid = store.new_game(HEADER)
    assert store.cup_taken() is None
    store.set_cup_taken(gid, 2)
    store.close()
    again = Store(tmp_path)
    assert again.cup_taken() == (gid, 2)
    again.set_cup_taken(None, None)
    assert again.cup_taken() is None
    again.close()
    # A database made before the cup taken was kept: no table "cup".
    db = sqlite3.connect(tmp_path / DB_NAME)
    db.execute("DROP TABLE cup")
    db.commit()
    db.close()
    older = Store(tmp_path)
    assert older.cup_taken() is None
    older.set_cup_taken(gid, 4)
    assert older.cup_taken() == (gid, 4)
    older.close()


def test_an_undo_gives_a_seal_back_in_its_own_transaction(tmp_path: Path) -> None:
    store = Store(tmp_path)
    gid = store.new_game(HEADER)
    ann_photo, bob_photo = store.add_photo(b"ann"), store.add_photo(b"bob")
    ann = store.set_seal([3, 2], ann_photo, at=0)
    store.append_action(gid, {"by": "Ann", "do": "declare", "call": "5", "dice": [3, 2]},
                        photo_id=ann_photo, seal_id=ann.seal_id, seal_fresh=False)
    store.clear_seal()
    store.set_seal([6, 4], bob_photo, at=1)
    given_back = SealRow(ann.seal_id, (3, 2), ann_photo, True, at=0, tray=(6, 4))
    store.append_action(gid, {"do": "undo"}, seal=given_back)
    store.close()
    again = Store(tmp_path)
    assert again.seal() == given_back
    # Bob's roll's photo goes with it (nothing was declared on it); Ann's stays.
    assert again.photo_exists(ann_photo) and not again.photo_exists(bob_photo)
    assert not (again.photo_dir / f"{bob_photo}.jpg").exists()
    # A new seal is of the dice on the tray: none other lie there.
    again.clear_seal()
    assert again.set_seal([5, 5], None, at=3).tray is None and again.seal().tray is None


@pytest.mark.parametrize("dice", ['[6, 3', '"x"', '[6, "3"]', '[9, 0]'])
def test_a_damaged_seal_is_forgotten_not_a_table_that_will_not_start(tmp_path: Path, dice: str) -> None:
    store = Store(tmp_path)
    store.set_seal([6, 3], None)
    db = sqlite3.connect(store.path)
    db.execute("UPDATE seal SET dice = ?", (dice,))
    db.commit()
    db.close()
    assert store.seal() is None            # the referee seals the dice again when it sees them
    store.set_seal([4, 4], None)
    assert store.seal().dice == (4, 4)


def test_clearing_a_seal_keeps_a_photo_an_action_was_declared_on(tmp_path: Path) -> None:
    store = Store(tmp_path)
    pid = store.add_photo(b"jpeg")
    store.set_seal([4, 4], pid)
    gid = store.new_game(HEADER)
    store.append_action(gid, {"by": "Ann", "do": "declare", "call": "walnuts", "dice": [4, 4]},
                        photo_id=pid, seal_fresh=False)
    assert store.seal().fresh is False
    store.clear_seal()
    assert store.photo_exists(pid)


def test_a_full_disk_when_the_database_is_made_says_so_and_a_later_start_works(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    real_connect = sqlite3.connect

    def tiny_disk(*args, **kwargs):        # room for one page: SQLite's "database or disk is full"
        db = real_connect(*args, **kwargs)
        db.execute("PRAGMA max_page_count = 1")
        return db

    monkeypatch.setattr(sqlite3, "connect", tiny_disk)
    with pytest.raises(StoreError) as info:
        Store(tmp_path)
    message = str(info.value)
    assert "full" in message and "damaged" not in message and "no transaction" not in message
    monkeypatch.setattr(sqlite3, "connect", real_connect)
    store = Store(tmp_path)                # space freed: the database is made as if new
    gid = store.new_game(HEADER)
    assert store.game(gid).status == LIVE


def test_a_photo_that_cannot_be_kept_leaves_no_file_behind(tmp_path: Path,
                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    # On a full disk every file left over takes the room the next game needs, and nothing
    # (neither the photo limit nor a later eviction) would ever delete it.
    import errno
    import os

    store = Store(tmp_path)
    real_fsync = os.fsync

    def disk_full(fd: int) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "fsync", disk_full)
    with pytest.raises(StoreError, match="No space left"):
        store.add_photo(b"jpeg" * 100)
    monkeypatch.setattr(os, "fsync", real_fsync)
    assert list(store.photo_dir.iterdir()) == []
    # The file is written but the database is full: the file goes too.
    pages = store._db.execute("PRAGMA page_count").fetchone()[0]
    store._db.execute(f"PRAGMA max_page_count = {pages}")
    for _ in range(1000):               # until the photos table needs another page
        try:
            store.add_photo(b"jpeg" * 100)
        except StoreError as exc:
            assert "full" in str(exc)
            break
    else:
        pytest.fail("the database never filled up")
    kept = {p.stem for p in store.photo_dir.iterdir()}
    listed = {r[0] for r in store._db.execute("SELECT id FROM photos")}
    assert kept == listed and len(kept) < 1000


def test_a_photo_is_synced_to_the_disk_with_its_directory(tmp_path: Path,
                                                          fsyncs: list[str]) -> None:
    # A verdict's evidence must outlast a power cut right after it: the photo's data is synced
    # before its rename into place, and the directory after, so the rename lasts too.
    store = Store(tmp_path)
    photo_id = store.add_photo(b"jpeg" * 100)
    assert fsyncs == ["file of 400 bytes", "dir"]       # SQLite syncs its own files, not through os
    assert store.photo(photo_id, public_only=False) == b"jpeg" * 100


def test_photo_files_a_power_cut_left_half_made_are_swept_at_start(tmp_path: Path) -> None:
    # Cut while a photo was written (its .tmp), or after its file and before its row: nothing
    # lists these, so neither the photo limit nor anything else would ever delete them.
    store = Store(tmp_path)
    kept = store.add_photo(b"jpeg")
    store.close()
    half = store.photo_dir / "0123456789abcdef0123456789abcdef.tmp"
    unlisted = store.photo_dir / "fedcba9876543210fedcba9876543210.jpg"
    theirs = store.photo_dir / "holiday.jpg"          # not a name the store gives: left alone
    import os
    import time
    fresh = store.photo_dir / "00000000000000000000000000000000.tmp"   # being written right now
    for path in (half, unlisted, theirs, fresh):
        path.write_bytes(b"x" * 1000)
    an_hour_ago = time.time() - 3600
    for path in (half, unlisted, theirs, store.photo_dir / f"{kept}.jpg"):
        os.utime(path, (an_hour_ago, an_hour_ago))
    again = Store(tmp_path)
    assert sorted(p.name for p in again.photo_dir.iterdir()) == sorted([f"{kept}.jpg", "holiday.jpg",
                                                                        fresh.name])
    assert again.photo(kept, public_only=False) == b"jpeg"
