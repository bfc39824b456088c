"""Durable storage on the device: SQLite (WAL, synchronous=FULL) plus evidence photos as files.

One directory holds ``dicetable.sqlite3`` and ``photos/``. Tables:

* ``games``: id, header (JSON), started, finished, status (live | over | abandoned), winner;
* ``actions``: the append-only log, one row per accepted record line (undo lines included), with
  the photo of the dice it was declared on and the seal it consumed;
* ``photos``: evidence photos (files beside the database), public once a verdict shows them;
* ``seal``: the dice read and hidden under the cup right now, so a power cut resumes them, and
  how many record lines the game in play had when they were sealed (``at``: an undo tells by it
  whether they were rolled before or after the action it takes back), and the dice lying on the
  tray when they are not those (``tray``: a seal an undo gave back over a later roll);
* ``stir``: that the camera saw the dice under the cup stir since the game in play last moved
  and not lie still since (a roll may be under way: an undo takes it back), so a power cut
  between the stir and the undo forgets nothing: the game and its record lines by then;
* ``cup``: that the player to act took the cup to roll on the standing call (Kuriki and Mia on
  the virtual table: tapped roll; not an action, so not in the record), so a power cut before
  his declare forgets nothing: the game and its record lines by then.

Everything here stays on the device: the hidden dice are in ``actions`` and ``seal`` and are only
handed out by :class:`device.table.Table`, which knows when they may be shown.

A file that is not SQLite, or SQLite without our application id, or from a newer dicetable, is
refused with :class:`StoreError` and never touched.
"""

from __future__ import annotations

import json
import os
import re
import sqlite3
import threading
import time
import uuid
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from web.durable import write_durably

DB_NAME = "dicetable.sqlite3"
PHOTO_DIR = "photos"
APPLICATION_ID = 0x44494345      # "DICE": marks the file as ours
SCHEMA_VERSION = 1
SQLITE_MAGIC = b"SQLite format 3\x00"

LIVE, OVER, ABANDONED = "live", "over", "abandoned"
# Columns the seal table gained after schema 1 was first made: added where missing (see _prepare).
SEAL_COLUMNS_ADDED = (("at", "INTEGER"), ("tray", "TEXT"))
_PHOTO_ID = re.compile(r"[0-9a-f]{32}")      # uuid4().hex: the names the store gives photos
# SQLite errors about the disk the database is on, not the database in it.
_NOT_THE_FILE = (sqlite3.SQLITE_FULL, sqlite3.SQLITE_IOERR, sqlite3.SQLITE_READONLY,
                 sqlite3.SQLITE_CANTOPEN, sqlite3.SQLITE_PERM)

_SCHEMA = """
CREATE TABLE games (
    id        INTEGER PRIMARY KEY,
    header    TEXT NOT NULL,
    started   REAL NOT NULL,
    finished  REAL,
    status    TEXT NOT NULL CHECK (status IN ('live', 'over', 'abandoned')),
    winner    TEXT
);
CREATE TABLE actions (
    game_id   INTEGER NOT NULL REFERENCES games(id),
    seq       INTEGER NOT NULL,
    line      TEXT NOT NULL,
    photo_id  TEXT,
    seal_id   TEXT,
    created   REAL NOT NULL,
    PRIMARY KEY (game_id, seq)
);
CREATE TABLE photos (
    id        TEXT PRIMARY KEY,
    size      INTEGER NOT NULL,
    created   REAL NOT NULL,
    public    INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE seal (
    only      INTEGER PRIMARY KEY CHECK (only = 1),
    seal_id   TEXT NOT NULL,
    dice      TEXT NOT NULL,
    photo_id  TEXT,
    fresh     INTEGER NOT NULL,
    at        INTEGER,
    tray      TEXT
);
CREATE TABLE stir (
    only      INTEGER PRIMARY KEY CHECK (only = 1),
    game_id   INTEGER NOT NULL,
    at        INTEGER NOT NULL
);
CREATE TABLE cup (
    only      INTEGER PRIMARY KEY CHECK (only = 1),
    game_id   INTEGER NOT NULL,
    at        INTEGER NOT NULL
);
CREATE INDEX games_status ON games(status);
"""


class StoreError(Exception):
    """The database cannot be used; the message says which file and why. ``lasting``: the file
    itself is the trouble (damaged, not dicetable's, a file where the data directory goes), so
    trying again cannot mend it, unlike a full or failing disk."""

    def __init__(self, message: str, *, lasting: bool = False) -> None:
        super().__init__(message)
        self.lasting = lasting


def _decode(text: Any) -> dict[str, Any]:
    """A stored record line as a JSON object; ValueError saying why it is not one (damaged: a bad
    sector, a hand edit). The text itself is not repeated: it may hold dice under the cup."""
    try:
        value = json.loads(text)
    except (TypeError, ValueError, RecursionError):
        raise ValueError("not valid JSON") from None
    if not isinstance(value, dict):
        raise ValueError("not a JSON object")
    return value


def _dice(text: Any) -> tuple[int, ...] | None:
    """Stored dice (a JSON list of 1-6), or None if damaged."""
    try:
        dice = json.loads(text)
    except (TypeError, ValueError, RecursionError):
        return None
    if not isinstance(dice, list) or not all(
            isinstance(v, int) and not isinstance(v, bool) and 1 <= v <= 6 for v in dice):
        return None
    return tuple(dice)


@dataclass(frozen=True)
class GameRow:
    id: str
    header: dict[str, Any]
    started: float
    finished: float | None
    status: str
    winner: str | None
    actions: int = 0
    damaged: str | None = None      # why the stored header could not be read (header is then {})


@dataclass(frozen=True)
class ActionRow:
    seq: int
    line: dict[str, Any]
    photo_id: str | None
    seal_id: str | None


@dataclass(frozen=True)
class SealRow:
    seal_id: str
    dice: tuple[int, ...]
    photo_id: str | None
    fresh: bool
    # The number of record lines of the game in play when the dice were sealed (None: not known,
    # a seal stored before dicetable kept it).
    at: int | None = None
    # The dice lying on the tray when they are not these (None: these are): a seal an undo gave
    # back (its dice from the record) over a later roll, which still lies there; empty while
    # that roll was still under way at the undo and has not settled yet (device.table).
    tray: tuple[int, ...] | None = None


class Store:
    """The device's database. Thread-safe: every method takes the store's lock."""

    def __init__(self, directory: Path | str, *, clock: Callable[[], float] = time.time) -> None:
        self.directory = Path(directory).expanduser()
        self.path = self.directory / DB_NAME
        self.photo_dir = self.directory / PHOTO_DIR
        self._clock = clock
        self._lock = threading.RLock()
        try:
            self.directory.mkdir(parents=True, exist_ok=True)
            self.photo_dir.mkdir(exist_ok=True)
        except FileExistsError as exc:      # a file where a directory goes ("File exists")
            raise StoreError(f"cannot use the data directory {self.directory}: {exc.filename} "
                             "is a file, not a directory: move it away", lasting=True) from None
        except OSError as exc:
            raise StoreError(f"cannot use the data directory {self.directory}: "
                             f"{exc.strerror or exc}") from None
        self._check_foreign_file()
        try:
            self._db = sqlite3.connect(str(self.path), isolation_level=None,
                                       check_same_thread=False, timeout=10.0)
        except sqlite3.Error as exc:
            raise StoreError(f"cannot open {self.path}: {exc}") from None
        try:
            self._prepare()
        except sqlite3.DatabaseError as exc:
            self._db.close()
            code = (getattr(exc, "sqlite_errorcode", None) or 0) & 0xFF    # the primary code
            if code in _NOT_THE_FILE:
                # The disk, not the database: the file is fine (or still empty) once it is mended.
                hint = ": free some space and start again" if code == sqlite3.SQLITE_FULL else ""
                raise StoreError(f"cannot use {self.path}: {exc}{hint}") from None
            raise StoreError(f"{self.path} is damaged or not a dicetable database ({exc}); "
                             "it was left untouched: move it away to start afresh", lasting=True) from None
        except StoreError:
            self._db.close()
            raise
        self._sweep_photos()

    # -- opening ----------------------------------------------------------
    def _sweep_photos(self) -> None:
        """Delete the photo files a power cut left half made: a .tmp being written, or a .jpg
        whose row was never committed. Nothing lists them, so nothing else would delete them.
        Only files a minute old: another process on this directory (``dicetable export`` beside
        the running table) may be writing one now."""
        try:
            old = time.time() - 60
            names = [p for p in self.photo_dir.iterdir()
                     if p.suffix in (".tmp", ".jpg") and _PHOTO_ID.fullmatch(p.stem)
                     and p.stat().st_mtime < old]
            listed = {r[0] for r in self._read("SELECT id FROM photos")}
        except (OSError, StoreError):
            return          # only costs space
        for path in names:
            if path.suffix == ".tmp" or path.stem not in listed:
                self._unlink(path)

    def _check_foreign_file(self) -> None:
        if not self.path.exists():
            return
        try:
            with open(self.path, "rb") as fh:
                head = fh.read(len(SQLITE_MAGIC))
        except OSError as exc:
            raise StoreError(f"cannot read {self.path}: {exc.strerror or exc}") from None
        if head and head != SQLITE_MAGIC:
            raise StoreError(f"{self.path} is not a dicetable database (not an SQLite file); "
                             "it was left untouched: move it away or choose another --data directory",
                             lasting=True)

    def _prepare(self) -> None:
        db = self._db
        app_id = db.execute("PRAGMA application_id").fetchone()[0]
        version = db.execute("PRAGMA user_version").fetchone()[0]
        tables = db.execute("SELECT count(*) FROM sqlite_master").fetchone()[0]
        if app_id == 0 and version == 0 and tables == 0:
            self._create()
        elif app_id != APPLICATION_ID:
            raise StoreError(f"{self.path} is an SQLite database of another program, not dicetable's; "
                             "it was left untouched: move it away or choose another --data directory",
                             lasting=True)
        elif version > SCHEMA_VERSION:
            raise StoreError(f"{self.path} was written by a newer dicetable (schema {version}, "
                             f"this one knows {SCHEMA_VERSION}); it was left untouched: install that "
                             "dicetable, or move it away to start afresh", lasting=True)
        elif version < 1:
            raise StoreError(f"{self.path} has no dicetable schema; it was left untouched: move it "
                             "away or choose another --data directory", lasting=True)
        db.execute("PRAGMA journal_mode=WAL")
        db.execute("PRAGMA synchronous=FULL")
        db.execute("PRAGMA foreign_keys=ON")
        # Check the schema really is there (a truncated or damaged file fails here).
        db.execute("SELECT count(*) FROM games").fetchone()
        db.execute("SELECT count(*) FROM actions").fetchone()
        columns = {r[1] for r in db.execute("PRAGMA table_info(seal)").fetchall()}
        for name, kind in SEAL_COLUMNS_ADDED:
            if name not in columns:
                # A database made before the seal kept it: the column is added (NULL, not known
                # for a seal stored before). An older dicetable reads and writes the seal as
                # before (it names its columns), so the schema's version stays.
                db.execute(f"ALTER TABLE seal ADD COLUMN {name} {kind}")
        if not db.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'stir'").fetchone():
            # A database made before the stir was kept: the table is made, empty (no stir
            # known). An older dicetable leaves it alone.
            db.execute("CREATE TABLE stir (only INTEGER PRIMARY KEY CHECK (only = 1), "
                       "game_id INTEGER NOT NULL, at INTEGER NOT NULL)")
        if not db.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'cup'").fetchone():
            # A database made before the cup taken was kept: the table is made, empty (nobody
            # took the cup). An older dicetable leaves it alone.
            db.execute("CREATE TABLE cup (only INTEGER PRIMARY KEY CHECK (only = 1), "
                       "game_id INTEGER NOT NULL, at INTEGER NOT NULL)")

    def _create(self) -> None:
        db = self._db
        db.execute("PRAGMA journal_mode=WAL")
        db.execute("BEGIN IMMEDIATE")
        try:
            for stmt in _SCHEMA.split(";"):
                if stmt.strip():
                    db.execute(stmt)
            db.execute(f"PRAGMA application_id = {APPLICATION_ID}")
            db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
            db.execute("COMMIT")
        except BaseException:
            if db.in_transaction:     # a failed COMMIT (a full disk) has rolled back already
                db.execute("ROLLBACK")
            raise

    def close(self) -> None:
        with self._lock:
            self._db.close()

    # -- transactions -------------------------------------------------------
    def _write(self, fn: Callable[[sqlite3.Connection], Any]) -> Any:
        """Run ``fn`` in one IMMEDIATE transaction; committed (fsynced) when this returns."""
        with self._lock:
            db = self._db
            try:
                db.execute("BEGIN IMMEDIATE")
            except sqlite3.Error as exc:
                raise StoreError(f"cannot write {self.path}: {exc}") from None
            try:
                result = fn(db)
                db.execute("COMMIT")
                return result
            except BaseException as exc:
                try:
                    db.execute("ROLLBACK")
                except sqlite3.Error:
                    pass
                if isinstance(exc, sqlite3.Error):
                    raise StoreError(f"cannot write {self.path}: {exc}") from None
                raise

    def _read(self, sql: str, args: Sequence[Any] = ()) -> list[tuple]:
        with self._lock:
            try:
                return self._db.execute(sql, tuple(args)).fetchall()
            except sqlite3.Error as exc:
                raise StoreError(f"cannot read {self.path}: {exc}") from None

    # -- games --------------------------------------------------------------
    def new_game(self, header: dict[str, Any]) -> str:
        """Record a new live game; any other live game becomes abandoned. Returns its id. Dice
        sealed and not yet declared are nobody's roll in the new game: the seal stays (the dice
        lie on the tray) but is no longer fresh, and a roll under way an undo took back is no
        longer waited for (``tray`` empty: device.table.ROLL_UNDER_WAY), in the same transaction."""
        now = self._clock()

        def tx(db: sqlite3.Connection) -> str:
            db.execute("UPDATE games SET status = ?, finished = ? WHERE status = ?",
                       (ABANDONED, now, LIVE))
            db.execute("UPDATE seal SET fresh = 0")
            db.execute("UPDATE seal SET tray = NULL WHERE tray = ?", (json.dumps([]),))
            cur = db.execute("INSERT INTO games (header, started, status) VALUES (?, ?, ?)",
                             (json.dumps(header), now, LIVE))
            return str(cur.lastrowid)

        return self._write(tx)

    def abandon_live(self) -> None:
        now = self._clock()
        self._write(lambda db: db.execute(
            "UPDATE games SET status = ?, finished = ? WHERE status = ?", (ABANDONED, now, LIVE)))

    @staticmethod
    def _game_row(row: tuple) -> GameRow:
        try:
            header, damaged = _decode(row[1]), None
        except ValueError as exc:
            header, damaged = {}, f"game {row[0]}: stored line 1 (the header) is damaged ({exc})"
        return GameRow(id=str(row[0]), header=header, started=row[2], finished=row[3],
                       status=row[4], winner=row[5], actions=row[6] if len(row) > 6 else 0,
                       damaged=damaged)

    def live_game(self) -> GameRow | None:
        """The unfinished game, if there is one (the newest, should there be several)."""
        rows = self._read("SELECT id, header, started, finished, status, winner FROM games "
                          "WHERE status = ? ORDER BY id DESC LIMIT 1", (LIVE,))
        return self._game_row(rows[0]) if rows else None

    def latest_game(self) -> GameRow | None:
        """The newest game, whatever its status."""
        rows = self._read("SELECT id, header, started, finished, status, winner FROM games "
                          "ORDER BY id DESC LIMIT 1")
        return self._game_row(rows[0]) if rows else None

    def game(self, game_id: str) -> GameRow | None:
        try:
            key = int(str(game_id))
        except ValueError:
            return None
        if not -2**63 <= key < 2**63:     # no SQLite integer: no such game (sqlite3 would raise)
            return None
        rows = self._read("SELECT g.id, g.header, g.started, g.finished, g.status, g.winner, "
                          "(SELECT count(*) FROM actions a WHERE a.game_id = g.id) "
                          "FROM games g WHERE g.id = ?", (key,))
        return self._game_row(rows[0]) if rows else None

    def games(self) -> list[GameRow]:
        """Every game, newest first, with its number of log lines."""
        rows = self._read("SELECT g.id, g.header, g.started, g.finished, g.status, g.winner, "
                          "(SELECT count(*) FROM actions a WHERE a.game_id = g.id) "
                          "FROM games g ORDER BY g.id DESC")
        return [self._game_row(r) for r in rows]

    def actions(self, game_id: str) -> list[ActionRow]:
        rows = self._read("SELECT seq, line, photo_id, seal_id FROM actions WHERE game_id = ? "
                          "ORDER BY seq", (int(game_id),))
        out = []
        for r in rows:
            try:
                line = _decode(r[1])
            except ValueError as exc:
                raise StoreError(f"game {game_id}: stored line {r[0] + 1} is damaged ({exc})") from None
            out.append(ActionRow(seq=r[0], line=line, photo_id=r[2], seal_id=r[3]))
        return out

    def record_lines(self, game_id: str) -> list[str]:
        """A game's record as stored, line by line (the header first), damaged lines included."""
        key = int(game_id)
        header = self._read("SELECT header FROM games WHERE id = ?", (key,))
        rows = self._read("SELECT line FROM actions WHERE game_id = ? ORDER BY seq", (key,))
        return [str(r[0]) for r in header + rows]

    def append_action(self, game_id: str, line: dict[str, Any], *, photo_id: str | None = None,
                      seal_id: str | None = None, status: str = LIVE, winner: str | None = None,
                      seal_fresh: bool | None = None, publish_photo: str | None = None,
                      seal: SealRow | None = None) -> int:
        """Append one log line, and in the same transaction the game's status, the seal's
        freshness, a photo made public by the verdict, and ``seal``: the seal given back (an undo
        of the declare that took it), in place of the one there. Durable when this returns."""
        now = self._clock()
        key = int(game_id)
        gone: list[str] = []

        def tx(db: sqlite3.Connection) -> int:
            seq = db.execute("SELECT coalesce(max(seq), 0) + 1 FROM actions WHERE game_id = ?",
                             (key,)).fetchone()[0]
            db.execute("INSERT INTO actions (game_id, seq, line, photo_id, seal_id, created) "
                       "VALUES (?, ?, ?, ?, ?, ?)",
                       (key, seq, json.dumps(line), photo_id, seal_id, now))
            finished = now if status != LIVE else None
            db.execute("UPDATE games SET status = ?, finished = ?, winner = ? WHERE id = ?",
                       (status, finished, winner, key))
            if seal is not None:
                gone.extend(self._replace_seal(db, seal))
            if seal_fresh is not None:
                db.execute("UPDATE seal SET fresh = ?", (int(seal_fresh),))
            if publish_photo is not None:
                db.execute("UPDATE photos SET public = 1 WHERE id = ?", (publish_photo,))
            return seq

        seq = self._write(tx)
        for photo_id in gone:
            self._unlink_photo(photo_id)
        return seq

    @staticmethod
    def _replace_seal(db: sqlite3.Connection, seal: SealRow) -> list[str]:
        """Put ``seal`` in place of the seal there; the photo of the one replaced goes unless an
        action was declared on it (as clear_seal's). Returns the photo gone (its file to delete)."""
        row = db.execute("SELECT photo_id FROM seal").fetchone()
        tray = None if seal.tray is None else json.dumps(list(seal.tray))
        db.execute("INSERT OR REPLACE INTO seal (only, seal_id, dice, photo_id, fresh, at, tray) "
                   "VALUES (1, ?, ?, ?, ?, ?, ?)",
                   (seal.seal_id, json.dumps(list(seal.dice)), seal.photo_id, int(seal.fresh), seal.at,
                    tray))
        if row and row[0] and row[0] != seal.photo_id:
            used = db.execute("SELECT 1 FROM actions WHERE photo_id = ? LIMIT 1", (row[0],)).fetchone()
            if not used:
                db.execute("DELETE FROM photos WHERE id = ?", (row[0],))
                return [row[0]]
        return []

    # -- the seal -----------------------------------------------------------
    def set_seal(self, dice: Sequence[int], photo_id: str | None, *, at: int | None = None) -> SealRow:
        """A fresh seal of ``dice``; ``at``: the record lines of the game in play by then."""
        seal = SealRow(seal_id=uuid.uuid4().hex, dice=tuple(int(v) for v in dice),
                       photo_id=photo_id, fresh=True, at=at)
        self._write(lambda db: db.execute(
            "INSERT OR REPLACE INTO seal (only, seal_id, dice, photo_id, fresh, at) VALUES (1, ?, ?, ?, 1, ?)",
            (seal.seal_id, json.dumps(list(seal.dice)), photo_id, at)))
        return seal

    def set_seal_tray(self, tray: Sequence[int] | None) -> None:
        """The dice lying on the tray under the seal when they are not its own (see SealRow.tray)."""
        text = None if tray is None else json.dumps([int(v) for v in tray])
        self._write(lambda db: db.execute("UPDATE seal SET tray = ?", (text,)))

    def set_seal_fresh(self, fresh: bool) -> None:
        self._write(lambda db: db.execute("UPDATE seal SET fresh = ?", (int(fresh),)))

    def clear_seal(self) -> None:
        """Forget the seal; its photo goes too unless an action was declared on it."""
        def tx(db: sqlite3.Connection) -> str | None:
            row = db.execute("SELECT photo_id FROM seal").fetchone()
            db.execute("DELETE FROM seal")
            if row and row[0]:
                used = db.execute("SELECT 1 FROM actions WHERE photo_id = ? LIMIT 1", (row[0],)).fetchone()
                if not used:
                    db.execute("DELETE FROM photos WHERE id = ?", (row[0],))
                    return row[0]
            return None

        gone = self._write(tx)
        if gone:
            self._unlink_photo(gone)

    def seal(self) -> SealRow | None:
        rows = self._read("SELECT seal_id, dice, photo_id, fresh, at, tray FROM seal")
        if not rows:
            return None
        r = rows[0]
        dice = _dice(r[1])
        if dice is None:
            return None     # damaged: forgotten (the camera seals the dice again), not a crash
        at = r[4] if isinstance(r[4], int) and not isinstance(r[4], bool) else None
        # (Damaged, the dice on the tray are taken for the seal's: only a restart's reading of
        # them asks for them.)
        tray = _dice(r[5]) if r[5] is not None else None
        return SealRow(seal_id=r[0], dice=dice, photo_id=r[2], fresh=bool(r[3]), at=at, tray=tray)

    # -- the stir -----------------------------------------------------------
    def set_stir(self, game_id: str | None, at: int | None) -> None:
        """The camera saw the dice stir in game ``game_id`` when its record had ``at`` lines, and
        has not seen them lie still since (device.table's dice_stirred); None: they lie still."""
        if game_id is None or at is None:
            self._write(lambda db: db.execute("DELETE FROM stir"))
            return
        key = (int(game_id), int(at))
        self._write(lambda db: db.execute(
            "INSERT OR REPLACE INTO stir (only, game_id, at) VALUES (1, ?, ?)", key))

    def stir(self) -> tuple[str, int] | None:
        """The game and its record's length when the dice last stirred (see set_stir), or None."""
        rows = self._read("SELECT game_id, at FROM stir")
        if not rows or not all(isinstance(v, int) and not isinstance(v, bool) for v in rows[0]):
            return None     # none, or damaged: no stir known (as before it was kept)
        return str(rows[0][0]), rows[0][1]

    # -- the cup taken ------------------------------------------------------
    def set_cup_taken(self, game_id: str | None, at: int | None) -> None:
        """The player to act in game ``game_id`` took the cup to roll when its record had ``at``
        lines (device.table's cup_taken); None: nobody holds it so."""
        if game_id is None or at is None:
            self._write(lambda db: db.execute("DELETE FROM cup"))
            return
        key = (int(game_id), int(at))
        self._write(lambda db: db.execute(
            "INSERT OR REPLACE INTO cup (only, game_id, at) VALUES (1, ?, ?)", key))

    def cup_taken(self) -> tuple[str, int] | None:
        """The game and its record's length when the player to act took the cup (see
        set_cup_taken), or None."""
        rows = self._read("SELECT game_id, at FROM cup")
        if not rows or not all(isinstance(v, int) and not isinstance(v, bool) for v in rows[0]):
            return None     # none, or damaged: nobody took the cup (as before it was kept)
        return str(rows[0][0]), rows[0][1]

    # -- photos -------------------------------------------------------------
    def _photo_path(self, photo_id: str) -> Path:
        return self.photo_dir / f"{photo_id}.jpg"

    def _unlink_photo(self, photo_id: str) -> None:
        self._unlink(self._photo_path(photo_id))

    @staticmethod
    def _unlink(path: Path) -> None:
        try:
            path.unlink()
        except OSError:
            pass   # gone already, or a file we cannot delete: it only costs space

    def add_photo(self, jpeg: bytes, *, limit_bytes: int | None = None) -> str:
        """Keep a photo (private until a verdict makes it public); oldest photos are evicted
        beyond ``limit_bytes`` in total. Returns its id."""
        photo_id = uuid.uuid4().hex
        path = self._photo_path(photo_id)
        try:
            # <id>.tmp, not <id>.jpg.tmp: the start sweeps those a power cut left. A directory
            # that cannot be synced fails the photo too: the rename might not last.
            write_durably(path, jpeg, tmp=path.with_suffix(".tmp"))
        except OSError as exc:
            raise StoreError(f"cannot save a photo in {self.photo_dir}: {exc.strerror or exc}") from None
        try:
            self._write(lambda db: db.execute(
                "INSERT INTO photos (id, size, created, public) VALUES (?, ?, ?, 0)",
                (photo_id, len(jpeg), self._clock())))
        except StoreError:
            self._unlink_photo(photo_id)      # not in the database: no limit would ever evict it
            raise
        if limit_bytes is not None:
            self.evict_photos(limit_bytes, keep={photo_id})
        return photo_id

    def evict_photos(self, limit_bytes: int, keep: set[str] | frozenset[str] = frozenset()) -> list[str]:
        """Delete the oldest photos until the total is within ``limit_bytes``."""
        keep = set(keep)
        seal = self.seal()
        if seal and seal.photo_id:
            keep.add(seal.photo_id)

        def tx(db: sqlite3.Connection) -> list[str]:
            total = db.execute("SELECT coalesce(sum(size), 0) FROM photos").fetchone()[0]
            gone: list[str] = []
            if total <= limit_bytes:
                return gone
            # In the order they were kept: a clock set back after a power cut (a Pi has no clock of
            # its own) must not make the newest photos look the oldest.
            for pid, size in db.execute("SELECT id, size FROM photos ORDER BY rowid").fetchall():
                if total <= limit_bytes:
                    break
                if pid in keep:
                    continue
                db.execute("DELETE FROM photos WHERE id = ?", (pid,))
                total -= size
                gone.append(pid)
            return gone

        gone = self._write(tx)
        for pid in gone:
            self._unlink_photo(pid)
        return gone

    def delete_photo(self, photo_id: str) -> None:
        """Forget a photo no action was declared on (e.g. of an action that was refused)."""
        def tx(db: sqlite3.Connection) -> bool:
            used = db.execute("SELECT 1 FROM actions WHERE photo_id = ? UNION ALL "
                              "SELECT 1 FROM seal WHERE photo_id = ? LIMIT 1", (photo_id, photo_id)).fetchone()
            if used:
                return False
            db.execute("DELETE FROM photos WHERE id = ?", (photo_id,))
            return True

        if self._write(tx):
            self._unlink_photo(photo_id)

    def photo(self, photo_id: str, *, public_only: bool = True) -> bytes | None:
        """A photo's JPEG bytes, or None if unknown, evicted, or (by default) not yet public."""
        if not isinstance(photo_id, str) or not photo_id.isalnum():
            return None
        rows = self._read("SELECT public FROM photos WHERE id = ?", (photo_id,))
        if not rows or (public_only and not rows[0][0]):
            return None
        try:
            return self._photo_path(photo_id).read_bytes()
        except OSError:
            return None

    def photo_exists(self, photo_id: str) -> bool:
        return bool(self._read("SELECT 1 FROM photos WHERE id = ?", (photo_id,)))

    def photos_total(self) -> int:
        return self._read("SELECT coalesce(sum(size), 0) FROM photos")[0][0]
