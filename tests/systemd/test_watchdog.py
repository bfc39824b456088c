"""dicetable.service's watchdog: `dicetable run` pings systemd only while the table answers and
the referee loop steps; a hung table or a stalled referee is restarted by systemd."""

from __future__ import annotations

import configparser
import socket
import threading
import time
from pathlib import Path

import pytest

from device.cli import _start_watchdog

REPO = Path(__file__).resolve().parents[2]


class Table:
    def __init__(self) -> None:
        self.answers = True

    def responsive(self, timeout: float = 1.0) -> bool:
        return self.answers


class Runtime:
    def __init__(self) -> None:
        self.ok = True

    def healthy(self) -> bool:
        return self.ok


@pytest.fixture
def notify(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    path = tmp_path / "notify.sock"
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    sock.bind(str(path))
    monkeypatch.setenv("NOTIFY_SOCKET", str(path))
    monkeypatch.setenv("WATCHDOG_USEC", "100000")       # a ping every 0.05 s
    yield sock
    sock.close()


def pings(sock: socket.socket, seconds: float) -> list[str]:
    """Every message within the next ``seconds``."""
    end = time.monotonic() + seconds
    got = []
    while (left := end - time.monotonic()) > 0:
        sock.settimeout(left)
        try:
            got.append(sock.recv(256).decode())
        except TimeoutError:
            break
    return got


def test_the_unit_is_a_notify_service_with_a_watchdog_run_as_readme_says() -> None:
    unit = configparser.ConfigParser(interpolation=None, strict=False)
    unit.optionxform = str
    unit.read(REPO / "systemd" / "dicetable.service", encoding="utf-8")
    service = unit["Service"]
    assert service["Type"] == "notify" and service["NotifyAccess"] == "main"
    assert int(service["WatchdogSec"]) == 30
    assert service["ExecStart"] == ("/opt/dicetable/.venv/bin/dicetable run --data /var/lib/dicetable "
                                    "--config /etc/dicetable/dicetable.toml")
    assert unit["Install"]["WantedBy"] == "multi-user.target"
    from device.runtime import STALL_SECONDS
    assert STALL_SECONDS <= int(service["WatchdogSec"])   # a stall is seen before systemd gives up


@pytest.mark.parametrize("what", ["the table", "the referee"])
def test_pings_stop_while_the_table_hangs_or_the_referee_stalls_and_come_back(notify, what: str) -> None:
    table, runtime, stop = Table(), Runtime(), threading.Event()
    try:
        _start_watchdog(table, runtime, stop)
        first = pings(notify, 0.5)
        assert first[0] == "READY=1" and first.count("WATCHDOG=1") >= 3
        if what == "the table":
            table.answers = False       # its lock held for ever: a hung button handler or request
        else:
            runtime.ok = False          # the referee loop has not stepped for STALL_SECONDS
        pings(notify, 0.2)              # a ping already under way
        assert "WATCHDOG=1" not in pings(notify, 0.5)
        table.answers = runtime.ok = True
        assert "WATCHDOG=1" in pings(notify, 0.5)
    finally:
        stop.set()


def test_no_notify_socket_no_pings(monkeypatch: pytest.MonkeyPatch) -> None:
    # Run by hand (not by systemd): nothing is sent, nothing is started.
    monkeypatch.delenv("NOTIFY_SOCKET", raising=False)
    assert _start_watchdog(Table(), Runtime(), threading.Event()) is None
