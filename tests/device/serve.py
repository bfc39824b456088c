"""Start ``dicetable run`` as a subprocess for tests, and wait for it by polling (no sleeps)."""

from __future__ import annotations

import http.client
import itertools
import json
import os
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

PIN = "4711"
REPO = Path(__file__).resolve().parents[2]
_runs = itertools.count()


class Server:
    """One ``dicetable run --camera none`` process; its stderr goes to a file beside the data."""

    def __init__(self, data: Path, port: int, *extra: str, env: dict[str, str] | None = None) -> None:
        self.port = port
        config = data.parent / "empty-config.toml"
        config.touch()
        self.log_path = data.parent / f"dicetable-run-{next(_runs)}.log"
        cmd = [sys.executable, "-m", "device.cli", "run", "--config", str(config),
               "--camera", "none", "--data", str(data), "--host", "127.0.0.1",
               "--port", str(port), "--pin", PIN, *extra]
        self._log = open(self.log_path, "wb")
        self.proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=self._log,
                                     env=dict(os.environ, **(env or {})), cwd=REPO)

    @property
    def stderr(self) -> str:
        return self.log_path.read_text(encoding="utf-8", errors="replace")

    def request(self, method: str, path: str, body: Any = None, *, pin: str | None = PIN,
                timeout: float = 10.0) -> tuple[int, Any]:
        return request(self.port, method, path, body, pin=pin, timeout=timeout)

    def wait_ready(self, deadline_s: float = 30.0) -> None:
        """Poll GET /api/state until it answers 200; fail if the process dies or time runs out."""
        deadline = time.monotonic() + deadline_s
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise AssertionError(f"dicetable run exited with {self.proc.returncode}:\n"
                                     f"{self.stderr[-3000:]}")
            try:
                status, _ = self.request("GET", "/api/state", pin=None, timeout=2.0)
                if status == 200:
                    return
            except OSError:
                pass
            try:
                self.proc.wait(timeout=0.05)    # a short poll interval that also notices an exit
            except subprocess.TimeoutExpired:
                pass
        self.stop(kill=True)
        raise AssertionError(f"dicetable run did not answer on port {self.port} within {deadline_s} s")

    def stop(self, *, kill: bool = False) -> int:
        if self.proc.poll() is None:
            if kill:
                self.proc.kill()
            else:
                self.proc.terminate()
        try:
            self.proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        self._log.close()
        return self.proc.returncode


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def request(port: int, method: str, path: str, body: Any = None, *, pin: str | None = PIN,
            timeout: float = 10.0) -> tuple[int, Any]:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    try:
        headers = {"Content-Type": "application/json"}
        if pin is not None:
            headers["X-Table-PIN"] = pin
        conn.request(method, path, body=json.dumps(body) if body is not None else None, headers=headers)
        resp = conn.getresponse()
        raw = resp.read()
        ctype = resp.getheader("Content-Type", "")
        is_json = ctype.split(";")[0].strip() == "application/json"
        return resp.status, (json.loads(raw) if is_json else raw.decode("utf-8", "replace"))
    finally:
        conn.close()
