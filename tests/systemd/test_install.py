"""systemd/install.sh: the kiosk unit it writes opens an address the service answers on."""

from __future__ import annotations

import os
import re
import socket
import subprocess
import sys
import threading
from http.server import BaseHTTPRequestHandler, HTTPServer
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]


def kiosk_unit(tmp_path: Path, config_text: str) -> str:
    """The kiosk unit install.sh's kiosk_unit writes for a settings file holding config_text."""
    installer = (REPO / "systemd" / "install.sh").read_text(encoding="utf-8")
    function = re.search(r"^kiosk_unit\(\) \{\n.*?^\}\n", installer, re.S | re.M)
    assert function, "install.sh makes the kiosk unit with kiosk_unit CONFIG"
    path = tmp_path / "dicetable.toml"
    path.write_text(config_text, encoding="utf-8")
    done = subprocess.run(["bash", "-euo", "pipefail", "-c", function.group(0) + f'kiosk_unit "{path}"\n'],
                          capture_output=True, text=True, timeout=120,
                          env={**os.environ, "PREFIX": str(Path(sys.executable).parents[2]),
                               "SRC": str(REPO)})
    assert done.returncode == 0, done.stderr
    return done.stdout


def urls(unit: str) -> set[str]:
    return set(re.findall(r"http://\S+?:\d+/", unit))


@pytest.mark.parametrize("host, url", [
    ("0.0.0.0", "http://localhost:8123/"),
    ("::", "http://localhost:8123/"),
    ("[::]", "http://localhost:8123/"),
    ("127.0.0.1", "http://127.0.0.1:8123/"),
    ("192.168.1.20", "http://192.168.1.20:8123/"),
    ("::1", "http://[::1]:8123/"),
    ("fd00::20", "http://[fd00::20]:8123/"),
    ("fe80::1%eth0", "http://[fe80::1%25eth0]:8123/"),
    ("dicetable.local", "http://dicetable.local:8123/"),
])
def test_the_kiosk_opens_the_address_the_service_listens_on(tmp_path: Path, host: str, url: str) -> None:
    # The kiosk opened http://localhost:PORT/ whatever [server] host said: a service bound to
    # 192.168.1.20 does not answer on localhost, and the wall stayed blank.
    unit = kiosk_unit(tmp_path, f'[server]\nhost = "{host}"\nport = 8123\n')
    assert urls(unit) == {url}
    # Both the wait for the scoreboard and the browser use it.
    assert unit.count(url) == 2


def test_a_settings_file_the_installer_cannot_read_leaves_the_default_url(tmp_path: Path) -> None:
    # The service will not start on it either; the unit must still be whole.
    unit = kiosk_unit(tmp_path, "[server\n")
    assert urls(unit) == {"http://localhost:8000/"}
    assert unit.count("[Unit]") == 1 and "Restart=always" in unit


def test_the_kiosk_s_wait_for_the_scoreboard_reaches_a_bracketed_ipv6_address(tmp_path: Path) -> None:
    # curl reads [ ] in a URL as a glob unless it sees an IPv6 address there: the unit's own
    # ExecStartPre, run against a server on ::1, must find it.
    if not socket.has_ipv6:
        pytest.fail("this test needs IPv6 on the loopback interface")

    class Server(HTTPServer):
        address_family = socket.AF_INET6

    class Ok(BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            self.send_response(200)
            self.end_headers()
            self.wfile.write(b"ok")

        def log_message(self, *args: object) -> None:
            pass

    server = Server(("::1", 0), Ok)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        port = server.server_address[1]
        unit = kiosk_unit(tmp_path, f'[server]\nhost = "::1"\nport = {port}\n')
        wait = re.search(r"^ExecStartPre=/bin/sh -c '(.*)'$", unit, re.M)
        assert wait, unit
        # One try instead of 90: the server is up already, so it answers at once or never.
        command = wait.group(1).replace("seq 1 90", "seq 1 1").replace("exit 0; done; exit 0",
                                                                        "exit 0; done; exit 1")
        done = subprocess.run(["sh", "-c", command], capture_output=True, text=True, timeout=60)
        assert done.returncode == 0, done.stderr
    finally:
        server.shutdown()
        server.server_close()


def test_the_installer_gives_out_the_port_the_service_listens_on(tmp_path: Path) -> None:
    # Its last line said http://HOST.local:8000/ whatever [server] port said.
    installer = (REPO / "systemd" / "install.sh").read_text(encoding="utf-8")
    function = re.search(r"^listen_port\(\) \{\n.*?^\}\n", installer, re.S | re.M)
    assert function, "install.sh finds the port with listen_port CONFIG"
    tail = installer[function.end():]
    assert 'port="$(listen_port /etc/dicetable/dicetable.toml)"' in tail
    assert re.search(r'^echo "scoreboard: http://\$\(hostname\)\.local:\$port/ .*:\$port/table"$', tail, re.M)
    path = tmp_path / "dicetable.toml"
    for text, port in [("[server]\nport = 8123\n", "8123"), ("", "8000"), ("[server\n", "8000")]:
        path.write_text(text, encoding="utf-8")
        done = subprocess.run(["bash", "-euo", "pipefail", "-c", function.group(0) + f'listen_port "{path}"\n'],
                              capture_output=True, text=True, timeout=120,
                              env={**os.environ, "PREFIX": str(Path(sys.executable).parents[2])})
        assert done.returncode == 0, done.stderr
        assert done.stdout == f"{port}\n", text


def test_the_kiosk_is_started_by_the_desktop_s_autostart_as_well(tmp_path: Path) -> None:
    # On Raspberry Pi OS graphical-session.target is never reached, and the kiosk unit, wanted
    # only by it, never started: the wall stayed blank. The installer also puts an XDG autostart
    # entry in the kiosk user's ~/.config/autostart that starts the unit with the display.
    import configparser
    import shlex

    installer = (REPO / "systemd" / "install.sh").read_text(encoding="utf-8")
    assert re.search(r'install [^\n]*"\$SRC/systemd/dicetable-kiosk\.desktop" \\\n\s*'
                     r'"\$home/\.config/autostart/dicetable-kiosk\.desktop"', installer)
    entry = configparser.ConfigParser(interpolation=None)
    entry.read(REPO / "systemd" / "dicetable-kiosk.desktop", encoding="utf-8")
    desktop = entry["Desktop Entry"]
    assert desktop["Type"] == "Application"
    command = shlex.split(desktop["Exec"])
    assert command[:2] == ["sh", "-c"]
    steps = [shlex.split(step) for step in command[2].split(";")]
    assert steps[0][:3] == ["systemctl", "--user", "import-environment"]
    assert {"DISPLAY", "WAYLAND_DISPLAY"} <= set(steps[0][3:])
    assert steps[1] == ["systemctl", "--user", "start", "dicetable-kiosk.service"]
    # The unit it starts is the one the installer writes.
    assert (REPO / "systemd" / "dicetable-kiosk.service").is_file()
