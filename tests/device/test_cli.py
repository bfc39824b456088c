"""The dicetable command: config, export, calibrate, run's errors, signals and systemd notify."""

from __future__ import annotations

import json
import logging
import os
import signal
import socket
import sys
import tomllib
import types
from collections.abc import Callable
from pathlib import Path
from typing import Any

import cv2
import numpy as np
import pytest

from device.cli import main
from device.events import EventBus
from device.store import DB_NAME, Store
from device.table import Table

from .serve import Server, free_port


def config(tmp_path: Path, text: str = "") -> Path:
    path = tmp_path / "config.toml"
    path.write_text(text, encoding="utf-8")
    return path


def test_config_prints_the_effective_settings(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = config(tmp_path, '[server]\nport = 8100\n[table]\npin = "9999"\n')
    assert main(["config", "--config", str(path), "--host", "127.0.0.1", "--camera", "none"]) == 0
    printed = tomllib.loads(capsys.readouterr().out)
    assert printed["server"] == {"host": "127.0.0.1", "port": 8100}
    assert printed["table"]["pin"] == "9999" and printed["camera"]["source"] == "none"


@pytest.mark.parametrize("command", ["config", "run", "export"])
def test_bad_config_names_key_and_exits_2(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                           command: str) -> None:
    path = config(tmp_path, '[pins]\ndeclare = "x"\n')
    argv = [command, "--config", str(path)] + (["1"] if command == "export" else [])
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err == f'dicetable: {path}: [pins] declare: must be a whole number (got "x")\n'


def test_unparsable_config_names_the_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = config(tmp_path, "[server]\nport = = 3\n")
    assert main(["config", "--config", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("dicetable: ") and "line 2" in err and "Traceback" not in err


def test_bad_flag_value_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["config", "--config", str(config(tmp_path)), "--camera", "telescope"]) == 2
    assert "[camera] source" in capsys.readouterr().err


def test_run_refuses_a_foreign_database_untouched(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = tmp_path / "data"
    data.mkdir()
    (data / DB_NAME).write_bytes(b"not a database at all")
    code = main(["run", "--config", str(config(tmp_path)), "--data", str(data), "--camera", "none",
                 "--port", str(free_port())])
    err = capsys.readouterr().err
    # 78 (EX_CONFIG): the service stops instead of failing the same way every 3 s for ever.
    assert code == 78 and "not a dicetable database" in err and "Traceback" not in err
    assert "move it away" in err
    assert (data / DB_NAME).read_bytes() == b"not a database at all"


def _foreign_sqlite(path: Path) -> None:
    import sqlite3

    db = sqlite3.connect(path)
    db.execute("CREATE TABLE invoices (n INTEGER)")
    db.commit()
    db.close()


def _damaged_dicetable_database(path: Path) -> None:
    store = Store(path.parent)
    gid = store.new_game({"game": "kuriki", "players": ["Ann", "Bob"]})
    for i in range(200):
        store.append_action(gid, {"by": "Ann", "do": "foul", "kind": "peek", "n": i})
    store._db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    store.close()
    data = bytearray(path.read_bytes())
    data[100:4096 * 3] = b"\xff" * (4096 * 3 - 100)    # wreck the schema pages, keep the magic
    path.write_bytes(bytes(data))


def _newer_dicetable_database(path: Path) -> None:
    import sqlite3

    Store(path.parent).close()
    db = sqlite3.connect(path)
    db.execute("PRAGMA user_version = 99")
    db.commit()
    db.close()


@pytest.mark.parametrize("make,words", [(_foreign_sqlite, "another program"),
                                        (_damaged_dicetable_database, "damaged"),
                                        (_newer_dicetable_database, "newer dicetable")])
def test_run_on_a_database_it_cannot_use_stops_the_service(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                           make: Any, words: str) -> None:
    # It exited 1 and systemd started it again every 3 s for ever, on the same file.
    data = tmp_path / "data"
    data.mkdir()
    make(data / DB_NAME)
    before = (data / DB_NAME).read_bytes()
    code = main(["run", "--config", str(config(tmp_path)), "--data", str(data), "--camera", "none",
                 "--port", str(free_port())])
    err = capsys.readouterr().err
    assert code == 78 and words in err and str(data / DB_NAME) in err and err.count("\n") == 1, err
    assert "move it away" in err                    # what to do
    assert (data / DB_NAME).read_bytes() == before


def test_run_on_a_full_disk_is_restarted(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                         monkeypatch: pytest.MonkeyPatch) -> None:
    # Not 78: freeing some space mends it, and the service's restart then starts the table.
    import sqlite3

    real_connect = sqlite3.connect

    def tiny_disk(*args: Any, **kwargs: Any) -> sqlite3.Connection:   # "database or disk is full"
        db = real_connect(*args, **kwargs)
        db.execute("PRAGMA max_page_count = 1")
        return db

    monkeypatch.setattr(sqlite3, "connect", tiny_disk)
    code = main(["run", "--config", str(config(tmp_path)), "--data", str(tmp_path / "data"),
                 "--camera", "none", "--port", str(free_port())])
    err = capsys.readouterr().err
    assert code == 1 and "full" in err and "damaged" not in err, err


def test_run_on_a_file_for_its_data_directory_says_so(tmp_path: Path,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    data = tmp_path / "data"
    data.write_text("not a directory")
    code = main(["run", "--config", str(config(tmp_path)), "--data", str(data), "--camera", "none",
                 "--port", str(free_port())])
    err = capsys.readouterr().err
    assert code == 78 and f"{data} is a file, not a directory" in err and "File exists" not in err
    assert "move it away" in err


def test_run_refuses_a_port_in_use_before_making_its_data_directory(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # It used to make the data directory, its lock and session key, then find the port busy.
    data = tmp_path / "no-such-dir" / "data"
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        code = main(["run", "--config", str(config(tmp_path)), "--data", str(data),
                     "--camera", "none", "--host", "127.0.0.1", "--port", str(port)])
    err = capsys.readouterr().err
    assert code == 1 and "Traceback" not in err and err.count("\n") == 1, err
    assert f"cannot listen on 127.0.0.1:{port}: port {port} is busy" in err
    assert "another --port" in err
    assert not data.parent.exists()


@pytest.mark.parametrize("port", ["99999", "0", "-1", "abc", "80.5"])
def test_run_refuses_a_port_that_is_no_port_number(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                  port: str) -> None:
    data = tmp_path / "data"
    with pytest.raises(SystemExit) as stopped:
        main(["run", "--config", str(config(tmp_path)), "--data", str(data), "--camera", "none",
              "--port", port])
    err = capsys.readouterr().err
    assert stopped.value.code == 2 and "Traceback" not in err
    assert err.startswith("usage: dicetable run ")
    assert "dicetable run: error: argument --port: " in err and port in err
    assert "is not a port number (1 to 65535)" in err
    assert not data.exists()


def test_run_refuses_a_host_it_cannot_resolve(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # It was a traceback ending in waitress's "ValueError: Invalid host/port specified."
    data = tmp_path / "data"
    code = main(["run", "--config", str(config(tmp_path)), "--data", str(data), "--camera", "none",
                 "--host", "no-such-host.invalid", "--port", str(free_port())])
    err = capsys.readouterr().err
    assert code == 1 and "Traceback" not in err and err.count("\n") == 1, err
    assert "cannot listen on no-such-host.invalid:" in err and "--host" in err
    assert not data.exists()


def test_run_on_locked_data_frees_the_port_it_took(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    import fcntl

    data = tmp_path / "data"
    data.mkdir()
    port = free_port()
    with open(data / "dicetable.lock", "w") as held:       # as a running dicetable holds it
        fcntl.flock(held, fcntl.LOCK_EX | fcntl.LOCK_NB)
        code = main(["run", "--config", str(config(tmp_path)), "--data", str(data),
                     "--camera", "none", "--host", "127.0.0.1", "--port", str(port)])
    assert code == 1 and "another dicetable is already running" in capsys.readouterr().err
    with socket.socket() as again:      # the refused run let go of the port it had taken first
        again.bind(("127.0.0.1", port))


def test_run_refuses_a_replay_of_a_missing_path(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # It used to start and put "Camera lost — check the cable. Retrying…" on the wall for ever.
    missing = tmp_path / "frames-typo"
    code = main(["run", "--config", str(config(tmp_path)), "--data", str(tmp_path / "d"),
                 "--camera", f"replay:{missing}", "--host", "127.0.0.1", "--port", str(free_port())])
    err = capsys.readouterr().err
    assert code == 1 and "Traceback" not in err
    assert f"cannot start the camera: replay: {missing} does not exist" in err


# -- export -----------------------------------------------------------------------------------

def _played(data: Path) -> tuple[str, str]:
    """A finished Kuriki game and a live one in ``data``; returns their ids."""
    table = Table(Store(data), EventBus(), has_camera=False)
    done = table.start_game({"game": "kuriki", "players": ["Ann", "Bob"], "options": {"lives": 1}})
    table.act({"by": "Ann", "do": "declare", "call": "boxcars", "dice": [1, 3]})
    assert table.act({"by": "Bob", "do": "pull"})["over"]
    live = table.start_game({"game": "kuriki", "players": ["Ann", "Bob"]})
    table.act({"by": "Ann", "do": "declare", "call": "walnuts", "dice": [5, 2]})
    table.store.close()
    return done, live


def test_export_a_finished_game(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = tmp_path / "data"
    done, _ = _played(data)
    out = tmp_path / "game.jsonl"
    assert main(["export", done, "-o", str(out), "--data", str(data),
                 "--config", str(config(tmp_path))]) == 0
    lines = [json.loads(t) for t in out.read_text().splitlines()]
    assert lines[0]["game"] == "kuriki" and lines[1]["dice"] == [1, 3] and lines[2]["do"] == "pull"
    assert main(["replay", str(out)]) == 0
    assert json.loads(capsys.readouterr().out.splitlines()[-1])["winner"] == "Bob"


def test_export_refuses_a_live_game_unless_asked(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = tmp_path / "data"
    _, live = _played(data)
    args = ["--data", str(data), "--config", str(config(tmp_path))]
    assert main(["export", live, *args]) == 1
    captured = capsys.readouterr()
    assert "--include-live" in captured.err and captured.out == ""
    assert "[5, 2]" not in captured.err
    assert main(["export", live, "--include-live", *args]) == 0
    assert '"dice": [5, 2]' in capsys.readouterr().out
    assert main(["export", "77", *args]) == 1
    assert 'there is no game "77"' in capsys.readouterr().err


def test_export_warns_about_the_game_it_exports_only(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                    caplog: pytest.LogCaptureFixture) -> None:
    # Exporting game 1 warned "the finished game 2 is not shown again: ... damaged": the table
    # opened for the export resumed the newest game as the wall would, and said what it found.
    import sqlite3

    data = tmp_path / "data"
    table = Table(Store(data), EventBus(), has_camera=False)
    ids = []
    for _ in range(3):
        ids.append(table.start_game({"game": "kuriki", "players": ["Ann", "Bob"], "options": {"lives": 1}}))
        table.act({"by": "Ann", "do": "declare", "call": "boxcars", "dice": [1, 3]})
        assert table.act({"by": "Bob", "do": "pull"})["over"]
    path = table.store.path
    table.store.close()
    first, whole, newest = ids
    db = sqlite3.connect(path)
    for gid in (first, newest):     # the record's line 2 of the oldest and the newest game
        db.execute("UPDATE actions SET line = ? WHERE game_id = ? AND seq = 1", ('{"by": "Bob", "do": "pu', int(gid)))
    db.commit()
    db.close()
    args = ["--data", str(data), "--config", str(config(tmp_path))]

    def export(gid: str) -> tuple[str, str]:
        """stdout, and what it said on stderr or logged (a warning or worse)."""
        caplog.clear()
        assert main(["export", gid, *args]) == 0
        captured = capsys.readouterr()
        logged = [r.getMessage() for r in caplog.records if r.levelno >= logging.WARNING]
        return captured.out, "\n".join([captured.err.strip(), *logged]).strip()

    out, err = export(whole)
    assert err == "" and out.count("\n") == 3
    for gid in (first, newest):
        out, err = export(gid)
        assert '{"by": "Bob", "do": "pu\n' in out      # exported as stored
        assert f"game {gid}" in err and "line 2" in err and "not valid JSON" in err and "\n" not in err
        assert all(f"game {other}" not in err for other in ids if other != gid)


def test_export_checks_the_lines_it_writes_not_python_s_line_ends(tmp_path: Path,
                                                                   capsys: pytest.CaptureFixture[str]) -> None:
    # A stored line holding U+2028 in a string (valid JSON, one line of the export) was split
    # there by str.splitlines for the check: "does not replay: line 2: not valid JSON".
    import sqlite3

    data = tmp_path / "data"
    done, _ = _played(data)
    db = sqlite3.connect(data / DB_NAME)
    db.execute("UPDATE actions SET line = ? WHERE game_id = ? AND seq = 1",
               ('{"by": "Ann", "do": "declare", "call": "boxcars", "dice": [1, 3], "said": "box\u2028cars"}',
                int(done)))
    db.commit()
    db.close()
    assert main(["export", done, "--data", str(data), "--config", str(config(tmp_path))]) == 0
    captured = capsys.readouterr()
    assert captured.err == "" and captured.out.count("\n") == 3 and "box\u2028cars" in captured.out


def test_export_from_a_directory_without_games_says_so_and_makes_nothing(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    typo = tmp_path / "dat"
    assert main(["export", "1", "--data", str(typo), "--config", str(config(tmp_path))]) == 1
    err = capsys.readouterr().err
    assert f"no games in {typo}" in err and "--data" in err
    assert not typo.exists()


# -- calibrate --------------------------------------------------------------------------------

def test_calibrate_from_images_writes_vision(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    seen = {}

    class Calibration:
        def to_dict(self) -> dict:
            return {"tray": [10, 12, 300, 200], "die_size": 47.5, "exposure": 128.0}

    def calibrate(empty: np.ndarray, dice: np.ndarray, view: str) -> Calibration:
        seen.update(empty=empty.shape, dice=dice.shape, view=view)
        return Calibration()

    fake = types.ModuleType("vision.calibrate")
    fake.calibrate = calibrate  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "vision.calibrate", fake)
    empty, dice = tmp_path / "empty.png", tmp_path / "dice.png"
    cv2.imwrite(str(empty), np.zeros((48, 64, 3), np.uint8))
    cv2.imwrite(str(dice), np.full((48, 64, 3), 200, np.uint8))
    path = config(tmp_path, '[table]\npin = "2468"\n')
    assert main(["calibrate", "--empty", str(empty), "--dice", str(dice), "--view", "top",
                 "--config", str(path)]) == 0
    assert seen == {"empty": (48, 64, 3), "dice": (48, 64, 3), "view": "top"}
    written = tomllib.loads(path.read_text())
    assert written["vision"] == {"tray": [10, 12, 300, 200], "die_size": 47.5, "exposure": 128.0}
    assert written["table"]["pin"] == "2468"
    assert main(["calibrate", "--empty", str(tmp_path / "missing.png"), "--dice", str(dice),
                 "--config", str(path)]) == 1
    assert "cannot read the image" in capsys.readouterr().err


# -- run as a process -------------------------------------------------------------------------

def test_run_serves_and_stops_cleanly_on_sigterm(tmp_path: Path) -> None:
    server = Server(tmp_path / "data", free_port())
    server.wait_ready()
    status, state = server.request("GET", "/api/state", pin=None)
    assert status == 200 and state["game"] is None and state["device"]["camera"] == "none"
    status, _ = server.request("POST", "/api/games", {"game": "mia", "players": ["A", "B"]}, pin="bad")
    assert status == 401
    server.proc.send_signal(signal.SIGTERM)
    assert server.proc.wait(timeout=30) == 0
    server.stop()
    assert "Traceback" not in server.stderr and "stopping" in server.stderr


def test_sigterm_ends_the_open_event_streams_at_once(tmp_path: Path) -> None:
    # With the wall and a phone open, a restart (systemctl restart, the watchdog) waited five
    # seconds for their event streams, each holding a worker thread until its next heartbeat,
    # and waitress gave up on them: "2 thread(s) still running".
    import http.client

    server = Server(tmp_path / "data", free_port())
    server.wait_ready()
    streams = []
    for _ in range(2):
        conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=10)
        conn.request("GET", "/api/events")
        resp = conn.getresponse()
        assert resp.status == 200
        assert resp.readline().startswith(b"retry:")     # the stream is open and served
        streams.append((conn, resp))
    server.proc.send_signal(signal.SIGTERM)
    assert server.proc.wait(timeout=30) == 0
    server.stop()
    for conn, _ in streams:
        conn.close()
    assert "still running" not in server.stderr, server.stderr
    assert "Traceback" not in server.stderr and "stopping" in server.stderr


def test_run_tells_systemd_it_is_ready_and_pings_the_watchdog(tmp_path: Path) -> None:
    sock_path = tmp_path / "notify.sock"
    with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as sock:
        sock.bind(str(sock_path))
        sock.settimeout(20)
        server = Server(tmp_path / "data", free_port(),
                        env={"NOTIFY_SOCKET": str(sock_path), "WATCHDOG_USEC": "200000"})
        try:
            messages = []
            while "WATCHDOG=1" not in messages:
                messages.append(sock.recv(256).decode())
            assert messages[0] == "READY=1"
            server.wait_ready()
        finally:
            server.proc.send_signal(signal.SIGINT)
            code = server.proc.wait(timeout=30)
            server.stop()
        assert code == 0
        while "STOPPING=1" not in messages:
            messages.append(sock.recv(256).decode())


def test_the_unit_restarts_crashes_but_not_set_up_errors() -> None:
    import configparser

    from device.cli import EX_CONFIG

    unit = configparser.ConfigParser(interpolation=None, strict=False)
    unit.optionxform = str          # systemd's keys are case-sensitive
    unit.read(Path(__file__).resolve().parents[2] / "systemd" / "dicetable.service", encoding="utf-8")
    service = unit["Service"]
    assert service["Restart"] == "on-failure"
    prevented = service["RestartPreventExitStatus"].split()
    # A missing face model (EX_CONFIG) and a bad config file or flag (2) stop the service;
    # a crash (an uncaught exception exits 1) is restarted.
    assert EX_CONFIG == 78 and "78" in prevented and "2" in prevented and "1" not in prevented


def test_resumes_after_sigkill_in_a_subprocess(tmp_path: Path) -> None:
    data, port = tmp_path / "data", free_port()
    server = Server(data, port)
    server.wait_ready()
    assert server.request("POST", "/api/games", {"game": "kuriki", "players": ["Ann", "Bob"]})[0] == 201
    assert server.request("POST", "/api/actions",
                          {"by": "Ann", "do": "declare", "call": "walnuts", "dice": [4, 4]})[0] == 200
    server.stop(kill=True)
    again = Server(data, port)
    again.wait_ready()
    state = again.request("GET", "/api/state", pin=None)[1]
    assert state["call"] == "double-4" and state["to_act"] == "Bob"
    assert "4, 4" not in json.dumps(state)
    again.stop()


def test_a_second_run_on_the_same_data_is_refused_and_forks_nothing(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # Two tables on one database each appended to the game from their own copy of it: the
    # stored log then no longer replayed and the game in progress was lost at the next start.
    data = tmp_path / "data"
    first = Server(data, free_port())
    try:
        first.wait_ready()
        assert first.request("POST", "/api/games", {"game": "mia", "players": ["Ann", "Bob"]})[0] == 201
        code = main(["run", "--config", str(config(tmp_path)), "--data", str(data), "--camera", "none",
                     "--host", "127.0.0.1", "--port", str(free_port())])
        err = capsys.readouterr().err
        assert code == 1 and "Traceback" not in err
        assert f"another dicetable is already running on {data} (pid {first.proc.pid})" in err
        status, state = first.request("POST", "/api/actions",
                                      {"by": "Ann", "do": "declare", "call": "54", "dice": [5, 4]})
        assert status == 200 and state["call"] == "54"
    finally:
        first.stop(kill=True)
    again = Server(data, free_port())      # the lock goes with the process, even on SIGKILL
    try:
        again.wait_ready()
        state = again.request("GET", "/api/state", pin=None)[1]
        assert state["game"] == "mia" and state["call"] == "54" and state["to_act"] == "Bob"
    finally:
        again.stop()


@pytest.fixture(autouse=True)
def _no_user_config(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """Never read the developer's own ~/.config/dicetable/config.toml."""
    monkeypatch.setenv("DICETABLE_CONFIG", os.devnull)


def test_the_readme_sends_a_pi_to_the_installer_that_sees_the_camera() -> None:
    # ./scripts/run's venv has no system site packages, so on a Pi it cannot import picamera2
    # and plays the sample frames; the README must point a Pi at the installer that can.
    repo = Path(__file__).resolve().parents[2]
    readme = (repo / "README.md").read_text(encoding="utf-8")
    assert 'sudo ./systemd/install.sh "$USER"' in readme
    installer = (repo / "systemd" / "install.sh").read_text(encoding="utf-8")
    assert "--system-site-packages" in installer and "python3-picamera2" in installer
    assert "--system-site-packages" not in (repo / "scripts" / "bootstrap").read_text(encoding="utf-8")


def test_the_readme_says_where_scripts_run_put_the_dicetable_command() -> None:
    # ./scripts/run installs into ./.venv and starts .venv/bin/dicetable without activating the
    # venv: a new user then typing `dicetable --help` or `dicetable replay FILE`, as the README's
    # commands table says, got "command not found".
    repo = Path(__file__).resolve().parents[2]
    readme = (repo / "README.md").read_text(encoding="utf-8")
    intro = next(line for line in readme.split("\n\n") if line.startswith("Commands ("))
    assert "`.venv/bin/dicetable`" in intro and "`. .venv/bin/activate`" in intro
    assert "exec .venv/bin/dicetable run" in (repo / "scripts" / "run").read_text(encoding="utf-8")


@pytest.mark.parametrize("command", ["run", "config"])
def test_the_readme_commands_table_gives_the_config_flag_help_gives(command: str) -> None:
    # The table left out --config for run and config, the one flag that says which file is read.
    import re

    from device.cli import build_parser

    repo = Path(__file__).resolve().parents[2]
    readme = (repo / "README.md").read_text(encoding="utf-8")
    row = re.search(rf"^\| `dicetable {command}\b([^`]*)` \|", readme, re.M)
    assert row, f"README's commands table has a dicetable {command} row"
    sub = next(a for a in build_parser()._subparsers._group_actions if command in a.choices).choices[command]
    options = {o: a for a in sub._actions for o in a.option_strings}
    assert set(re.findall(r"--[a-z-]+", row.group(1))) <= set(options)   # none it does not have
    assert f"[--config {options['--config'].metavar}]" in row.group(1)


def test_run_with_the_default_pin_warns_the_owner_in_the_log_and_on_the_control_page(tmp_path: Path) -> None:
    # An emptied config file ran silently with the public PIN 0000. (Server's config is empty;
    # a --pin given last wins, as the default would.)
    import http.client
    import re
    import urllib.parse

    server = Server(tmp_path / "data", free_port(), "--pin", "0000")
    try:
        server.wait_ready()
        config_path = tmp_path / "empty-config.toml"
        assert config_path.stat().st_size == 0
        warning = (f"WARNING dicetable: the table PIN is the default 0000, which anyone can guess: "
                   f"set your own as pin = \"...\" under [table] in {config_path}")
        assert warning in server.stderr

        def get(path: str, method: str = "GET", body: str | None = None,
                cookie: str = "") -> http.client.HTTPResponse:
            conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=10)
            headers = {"Cookie": cookie} if cookie else {}
            if body is not None:
                headers["Content-Type"] = "application/x-www-form-urlencoded"
            conn.request(method, path, body=body, headers=headers)
            response = conn.getresponse()
            response.text = response.read().decode()    # type: ignore[attr-defined]
            conn.close()
            return response

        page = get("/table")
        cookie = page.getheader("Set-Cookie").split(";")[0]
        assert "pin-notice" not in page.text             # not before the PIN is entered
        token = re.search(r'name="csrf-token" content="([^"]+)"', page.text).group(1)
        login = get("/table/login", "POST", urllib.parse.urlencode({"pin": "0000", "csrf_token": token}),
                    cookie)
        assert login.status == 303
        cookie = login.getheader("Set-Cookie").split(";")[0]
        page = get("/table", cookie=cookie)
        assert 'id="pin-notice"' in page.text and "the table PIN is the default 0000" in page.text
        assert "pin-notice" not in get("/").text          # never on the wall
    finally:
        server.stop()


def test_no_default_pin_notice_for_a_pin_of_ones_own(tmp_path: Path) -> None:
    from device.cli import _default_pin_notice, build_parser, _settings

    args = build_parser().parse_args(["run", "--config", str(config(tmp_path, '[table]\npin = "2468"\n'))])
    assert _default_pin_notice(_settings(args), args) is None
    args = build_parser().parse_args(["run", "--config", str(config(tmp_path, ""))])
    assert _default_pin_notice(_settings(args), args).startswith("the table PIN is the default 0000")


def _fake_calibration(monkeypatch: pytest.MonkeyPatch) -> list[tuple[int, ...]]:
    """vision.calibrate replaced by one that always succeeds; returns the shapes it was given."""
    seen: list[tuple[int, ...]] = []

    def calibrate(empty: np.ndarray, dice: np.ndarray, view: str) -> dict:
        seen.extend([empty.shape, dice.shape])
        return {"tray": [10, 12, 300, 200], "die_size": 47.5, "exposure": 128.0}

    fake = types.ModuleType("vision.calibrate")
    fake.calibrate = calibrate  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "vision.calibrate", fake)
    return seen


def test_calibrate_with_no_camera_found_refuses_the_sample_frames(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    # [camera] source = "auto" finding no camera falls back on the sample frames shipped for
    # trying dicetable out; calibrate measured those and wrote them into the owner's config.
    from device import camera

    seen = _fake_calibration(monkeypatch)
    monkeypatch.setattr(camera, "open_camera",
                        lambda *a, **kw: camera.ReplayCamera(camera.SAMPLE_FRAMES, fps=0))
    monkeypatch.setattr("builtins.input", lambda *a: "")
    path = config(tmp_path, '[table]\npin = "2468"\n')
    assert main(["calibrate", "--config", str(path)]) == 1
    err = capsys.readouterr().err
    assert "no camera found" in err and "--empty" in err and "Traceback" not in err
    assert seen == [] and path.read_text() == '[table]\npin = "2468"\n'


def test_calibrate_names_what_is_wrong_with_each_picture(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capfd: pytest.CaptureFixture[str]) -> None:
    # Each bad picture was "cannot read the image X (missing, or not a picture)", only the first of
    # the two was named, and OpenCV's own "[ WARN:0@0.0] global loadsave.cpp ... findDecoder" line
    # came first on stderr.
    seen = _fake_calibration(monkeypatch)
    (tmp_path / "notes.jpg").write_text("not a picture", encoding="utf-8")
    path = config(tmp_path, '[table]\npin = "2468"\n')
    missing, notes = str(tmp_path / "missing.png"), str(tmp_path / "notes.jpg")
    cases = [
        (missing, tmp_path, [f"cannot read the image {json.dumps(missing)} (--empty): no such file",
                             f"cannot read the image {json.dumps(str(tmp_path))} (--dice): a directory, not a picture"]),
        (notes, "", [f"cannot read the image {json.dumps(notes)} (--empty): not a picture",
                     'cannot read the image "" (--dice): an empty path, not a file']),
    ]
    for empty, dice, problems in cases:
        assert main(["calibrate", "--empty", str(empty), "--dice", str(dice),
                     "--config", str(path)]) == 1
        err = capfd.readouterr().err
        assert err.splitlines() == [f"dicetable: {problem}" for problem in problems]
    assert seen == [] and path.read_text() == '[table]\npin = "2468"\n'


def test_calibrate_makes_the_config_file_it_is_told_to_write(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    # `--config FILE: the config file to write [vision] into`, yet a FILE not there yet was
    # refused ("no such config file", exit 2), while the default file is made when missing.
    _fake_calibration(monkeypatch)
    empty = tmp_path / "empty.png"
    cv2.imwrite(str(empty), np.zeros((48, 64, 3), np.uint8))
    path = tmp_path / "etc" / "dicetable.toml"
    assert main(["calibrate", "--empty", str(empty), "--dice", str(empty), "--config", str(path)]) == 0
    assert tomllib.loads(path.read_text())["vision"]["die_size"] == 47.5
    assert f"written to [vision] in {path}" in capsys.readouterr().out


def test_the_service_command_line_is_dicetable_s_own_and_hardware_md_calibrates_its_config() -> None:
    # hardware.md said "run `dicetable calibrate`": on the Pi that command is not on the PATH,
    # would write ~/.config/dicetable/config.toml, which the service never reads, and finds the
    # camera held by the running service.
    import configparser
    import shlex

    from device.cli import build_parser

    repo = Path(__file__).resolve().parents[2]
    unit = configparser.ConfigParser(interpolation=None, strict=False)
    unit.optionxform = str
    unit.read(repo / "systemd" / "dicetable.service", encoding="utf-8")
    program, *argv = shlex.split(unit["Service"]["ExecStart"])
    installer = (repo / "systemd" / "install.sh").read_text(encoding="utf-8")
    assert program == "/opt/dicetable/.venv/bin/dicetable" and "PREFIX=/opt/dicetable" in installer
    args = build_parser().parse_args(argv)          # every option there is one dicetable has
    assert args.command == "run" and args.data == f"/var/lib/{unit['Service']['StateDirectory']}"
    assert f"cat > {args.config} <<" in installer   # the config file the installer writes
    hardware = " ".join((repo / "hardware.md").read_text(encoding="utf-8").split())
    assert f"sudo {program} calibrate --config {args.config}" in hardware
    assert "sudo systemctl stop dicetable" in hardware


def test_the_run_flags_help_names_the_config_key_each_overrides(capsys: pytest.CaptureFixture[str]) -> None:
    # `--port PORT  TCP port (default 8000)` was wrong for a config setting [server] port, the
    # defaults of --data and --camera went unsaid, and `dicetable --help` began with the
    # docstring's ``dicetable``.
    def help_of(*argv: str) -> str:
        with pytest.raises(SystemExit) as done:
            main([*argv, "--help"])
        assert done.value.code == 0
        return " ".join(capsys.readouterr().out.split())

    assert "``" not in help_of()
    text = help_of("run")
    for flag, key, default in [("--port", "[server] port", "8000"), ("--host", "[server] host", "0.0.0.0"),
                               ("--data", "[data] dir", "~/.local/share/dicetable"),
                               ("--camera", "[camera] source", "auto"), ("--pin", "[table] pin", "0000")]:
        assert f"(default: {key}, else {default})" in text, flag


def test_the_kiosk_is_installed_opening_the_port_the_service_listens_on(tmp_path: Path) -> None:
    # The kiosk unit opened http://localhost:8000/ whatever [server] port said: an owner who
    # moved the port had a wall showing a connection error, with nothing saying why.
    import re
    import subprocess

    repo = Path(__file__).resolve().parents[2]
    installer = (repo / "systemd" / "install.sh").read_text(encoding="utf-8")
    function = re.search(r"^kiosk_unit\(\) \{\n.*?^\}\n", installer, re.S | re.M)
    assert function, "install.sh makes the kiosk unit with kiosk_unit CONFIG"
    assert "kiosk_unit /etc/dicetable/dicetable.toml >" in installer

    def unit(config_text: str | None) -> str:
        path = tmp_path / "dicetable.toml"
        if config_text is not None:
            path.write_text(config_text, encoding="utf-8")
        script = function.group(0) + f'kiosk_unit "{path}"\n'
        done = subprocess.run(["bash", "-c", script], capture_output=True, text=True, timeout=120,
                              env={**os.environ, "PREFIX": str(Path(sys.executable).parents[2]),
                                   "SRC": str(repo)})
        assert done.returncode == 0, done.stderr
        return done.stdout

    assert set(re.findall(r"http://localhost:(\d+)/", unit('[server]\nport = 8080\n'))) == {"8080"}
    assert set(re.findall(r"http://localhost:(\d+)/", unit("[server\n"))) == {"8000"}
    assert "Restart=always" in unit('[table]\npin = "1"\n')
    hardware = " ".join((repo / "hardware.md").read_text(encoding="utf-8").split())
    assert "[server] port" in hardware and "dicetable-kiosk.service" in hardware


def test_run_refuses_data_files_it_cannot_write_naming_file_and_owner(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    # A database restored with `sudo cp` (owned by root, 0644) ran: the wall came up, the
    # watchdog was fed, and every new game was refused "the table could not save". And a
    # dicetable.lock left by a `sudo dicetable run` was "cannot use the data directory:
    # Permission denied", naming no file. (As root every file is writable: os.access is
    # made to answer as for the service's user.)
    import pwd

    from device import cli

    served: list[bool] = []
    monkeypatch.setattr(cli, "_serve", lambda *a, **kw: served.append(True) or 0)
    data = tmp_path / "data"
    Store(data).close()
    owner = pwd.getpwuid(os.stat(data / DB_NAME).st_uid).pw_name
    argv = ["run", "--config", str(config(tmp_path)), "--data", str(data), "--camera", "none",
            "--host", "127.0.0.1", "--port", str(free_port())]
    real_access = os.access
    for name in (DB_NAME, "photos"):
        monkeypatch.setattr(os, "access",
                            lambda p, mode, name=name: Path(p).name != name and real_access(p, mode))
        assert main(argv) == 78
        err = capsys.readouterr().err
        assert "Traceback" not in err
        assert f"cannot write {data / name} (owned by {owner})" in err
    monkeypatch.setattr(os, "access", real_access)
    lock = data / "dicetable.lock"
    monkeypatch.setattr(os, "open", lambda p, *a, real=os.open: (
        (_ for _ in ()).throw(PermissionError(13, "Permission denied", str(p))) if Path(p) == lock
        else real(p, *a)))
    assert main(argv) == 1
    assert f"cannot use the data directory {data}: {lock}: Permission denied" in capsys.readouterr().err
    assert served == []


@pytest.mark.parametrize("argv, expected", [
    (["--pin", "12 34"], '--pin ([table] pin): must be a PIN without spaces, like "1234" (got "12 34")'),
    (["--data", ""], "--data ([data] dir): must name a directory"),
    (["--camera", "webcam"], "--camera ([camera] source): must be auto, none"),
    (["--host", ""], "--host ([server] host): must be an address or a name"),
])
def test_a_bad_flag_is_named_as_typed(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                      argv: list[str], expected: str) -> None:
    # It was "command line: [table] pin: ...": the config key, not the flag that was typed.
    assert main(["run", "--config", str(config(tmp_path)), "--port", str(free_port()), *argv]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"dicetable: {expected}"), err
    assert not (tmp_path / "data").exists()


def test_read_never_annotates_over_a_picture_or_another_annotation(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # `dicetable read --annotate . photo.jpg` wrote the annotated copy over photo.jpg itself, and
    # a/x.png and b/x.png were both annotated as DIR/x.jpg, the first lost without a word.
    sample = Path(__file__).resolve().parents[2] / "device" / "sample_frames" / "0003.jpg"
    photo = tmp_path / "photo.jpg"
    photo.write_bytes(sample.read_bytes())
    assert main(["read", "--annotate", str(tmp_path), str(photo)]) == 2
    captured = capsys.readouterr()
    assert photo.read_bytes() == sample.read_bytes() and captured.out == ""
    assert f"--annotate would write {photo} over the picture {photo} itself" in captured.err
    (tmp_path / "a").mkdir(), (tmp_path / "b").mkdir()
    first, second = tmp_path / "a" / "x.png", tmp_path / "b" / "x.png"
    cv2.imwrite(str(first), cv2.imread(str(sample)))
    cv2.imwrite(str(second), cv2.imread(str(sample)))
    out = tmp_path / "out"
    assert main(["read", "--annotate", str(out), str(first), str(second)]) == 2
    assert (f"--annotate would write both {first} and {second} as {out / 'x.jpg'}"
            in capsys.readouterr().err)
    assert not out.exists()
    assert main(["read", "--annotate", str(out), str(first), str(photo)]) == 0
    assert sorted(p.name for p in out.iterdir()) == ["photo.jpg", "x.jpg"]


def test_run_on_a_privileged_port_says_why_and_is_not_restarted(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    # [server] port = 80 (for an address without :8000) was "cannot listen on 0.0.0.0:80:
    # Permission denied", exit 1, which the service (user dicetable) restarts every 3 s for ever.
    # (As root any port can be had: the refusal is the kernel's, made up here.)
    import errno

    from device import cli

    def refuse(app: object, host: str, port: int) -> None:
        raise PermissionError(errno.EACCES, "Permission denied")

    monkeypatch.setattr(cli, "_create_server", refuse)
    path = config(tmp_path, "[server]\nport = 80\n")
    assert main(["run", "--config", str(path), "--data", str(tmp_path / "data")]) == 78
    err = capsys.readouterr().err
    assert "cannot listen on 0.0.0.0:80: Permission denied" in err and "1024" in err
    assert not (tmp_path / "data").exists()


def test_the_installer_leaves_the_pin_file_readable_by_root_and_the_service_only(tmp_path: Path) -> None:
    # /etc/dicetable/dicetable.toml holds the table PIN and was written 0644: any local user
    # (the kiosk's desktop user, a guest account) could read the PIN of the control page.
    import configparser
    import re
    import stat
    import subprocess

    repo = Path(__file__).resolve().parents[2]
    unit = configparser.ConfigParser(interpolation=None, strict=False)
    unit.optionxform = str
    unit.read(repo / "systemd" / "dicetable.service", encoding="utf-8")
    group = unit["Service"]["Group"]
    installer = (repo / "systemd" / "install.sh").read_text(encoding="utf-8")
    # Step 4's settings file: from "[ -f CONFIG ] || cat > CONFIG" up to the data directory.
    step = re.search(r"^\[ -f /etc/dicetable/dicetable\.toml \].*?(?=^install -d -o dicetable)",
                     installer, re.S | re.M)
    assert step, "install.sh writes /etc/dicetable/dicetable.toml in step 4"
    config = tmp_path / "dicetable.toml"
    chowns = tmp_path / "chown.log"
    script = (f'chown() {{ echo "$*" >> "{chowns}"; }}\numask 022\n'   # no root here: record it
              + step.group(0).replace("/etc/dicetable/dicetable.toml", str(config)))
    for run in ("fresh install", "again, over an older install's 0644 file"):
        done = subprocess.run(["bash", "-euo", "pipefail", "-c", script], capture_output=True, text=True,
                              timeout=60)
        assert done.returncode == 0, done.stderr
        assert stat.S_IMODE(config.stat().st_mode) == 0o640, run
        assert chowns.read_text(encoding="utf-8").splitlines()[-1] == f"root:{group} {config}", run
        assert 'pin = "0000"' in config.read_text(encoding="utf-8")
        config.chmod(0o644)


def test_calibrate_with_a_camera_that_never_opens_says_so(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    # A loose ribbon cable: opening the Pi camera hung, and so did dicetable calibrate, for ever.
    import threading

    from device import camera
    from device import cli

    release = threading.Event()

    def hung_pi(**kwargs):
        release.wait(30)        # bounded: a failing test cannot hang the suite
        raise camera.CameraError("the Pi camera would not start")

    real_settings = cli._settings

    def quick(*args, **kwargs):
        settings = real_settings(*args, **kwargs)
        settings.camera.open_timeout = 0.05     # under the schema's least (2 s): a quick test
        return settings

    seen = _fake_calibration(monkeypatch)
    monkeypatch.setattr(camera, "PiCamera", hung_pi)
    monkeypatch.setattr(cli, "_settings", quick)
    monkeypatch.setattr("builtins.input", lambda *a: "")
    path = config(tmp_path, '[table]\npin = "2468"\n')
    try:
        assert main(["calibrate", "--config", str(path), "--camera", "picamera2"]) == 1
    finally:
        release.set()
    err = capsys.readouterr().err
    assert err.strip() == ("dicetable: cannot open the camera: the Pi camera did not open within "
                           "0.05 s: check its cable")
    assert seen == [] and path.read_text() == '[table]\npin = "2468"\n'


# -- the session key (secret_key in the data directory) ---------------------------------------

def _key_logs(caplog: pytest.LogCaptureFixture) -> str:
    return "\n".join(r.getMessage() for r in caplog.records if r.levelno >= logging.WARNING)


def test_a_secret_key_write_cut_short_leaves_no_short_key_behind(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture,
        cut_short_writes: Callable[[pytest.MonkeyPatch], None]) -> None:
    # The key was written in place (truncated, then written): a write cut short (a full disk, a
    # power cut) left a short key file, which the next start replaced with a new key, locking
    # every phone out. Written to a temp file and renamed, a failed write leaves no key file and
    # no temp file.
    from device.cli import _secret_key

    cut_short_writes(monkeypatch)
    data = tmp_path / "data"
    data.mkdir()
    with caplog.at_level(logging.WARNING):
        key = _secret_key(data)
    assert len(key) == 32
    assert sorted(p.name for p in data.iterdir()) == []       # no short secret_key, no .tmp
    assert "not saved" in _key_logs(caplog) and "No space left on device" in _key_logs(caplog)


def test_a_secret_key_that_cannot_be_put_in_place_leaves_the_old_file_as_it_was(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture) -> None:
    # A damaged key file is replaced; if the new one cannot be put in place, the old file stays
    # as it was (not truncated) and the temp file is removed.
    import errno

    from device.cli import _secret_key

    data = tmp_path / "data"
    data.mkdir()
    (data / "secret_key").write_bytes(b"short")

    def failing_replace(src: Any, dst: Any) -> None:
        raise OSError(errno.EIO, "Input/output error")

    monkeypatch.setattr(os, "replace", failing_replace)
    with caplog.at_level(logging.WARNING):
        key = _secret_key(data)
    assert len(key) == 32
    assert (data / "secret_key").read_bytes() == b"short"
    assert sorted(p.name for p in data.iterdir()) == ["secret_key"]
    assert "Input/output error" in _key_logs(caplog)


def test_a_damaged_secret_key_is_reported_and_replaced(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    # A key file shorter than a key was replaced without a word: the owner saw every phone
    # locked and nothing in the journal saying why.
    from device.cli import _secret_key

    data = tmp_path / "data"
    data.mkdir()
    (data / "secret_key").write_bytes(b"short")
    with caplog.at_level(logging.WARNING):
        key = _secret_key(data)
    logged = _key_logs(caplog)
    assert "secret_key" in logged and "5 bytes" in logged and "damaged" in logged
    assert "every phone must enter the PIN again" in logged
    assert len(key) == 32 and (data / "secret_key").read_bytes() == key
    assert (data / "secret_key").stat().st_mode & 0o777 == 0o600
    assert sorted(p.name for p in data.iterdir()) == ["secret_key"]
    caplog.clear()
    with caplog.at_level(logging.WARNING):
        assert _secret_key(data) == key          # kept: the next start uses it, saying nothing
    assert _key_logs(caplog) == ""


def test_a_new_secret_key_is_synced_to_the_disk_with_its_directory(
        tmp_path: Path, fsyncs: list[str]) -> None:
    # Written without fsync, a key made at the first start could be an empty file after a power
    # cut a few seconds later (the phones unlocked with it then locked out). The file is synced
    # before it is renamed into place, and the directory after, so the rename lasts too.
    from device.cli import _secret_key

    data = tmp_path / "data"
    data.mkdir()
    key = _secret_key(data)
    assert fsyncs == ["file of 32 bytes", "dir"]
    assert (data / "secret_key").read_bytes() == key
    assert (data / "secret_key").stat().st_mode & 0o777 == 0o600
