"""Web benchmark: action-to-scoreboard latency over Server-Sent Events, and GET /api/state rate.

    python benchmarks/web.py [--rounds 200] [--seconds 5]

The app runs as in `dicetable run`: the real device Table (SQLite store in a temporary
directory, synchronous=FULL), served by waitress (threads=48) on loopback.

1. POST /api/actions -> SSE: N scoreboards hold GET /api/events open (raw sockets, one thread
   each). Each round posts one Kuriki declare (then an undo, untimed) and stops each
   scoreboard's clock when its "state" event has fully arrived. Reported for 1 and 20
   scoreboards: median and p99 over every (round, scoreboard) pair.
2. GET /api/state: requests per second from 4 keep-alive client threads for --seconds.
   The clients share the machine's cores with the server, so this is a floor, not a ceiling.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import platform
import socket
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

PIN = "2468"


def start_server(data_dir: Path):
    """The app on waitress (threads=48) in a thread; returns (port, table, stop)."""
    import waitress

    from device.events import EventBus
    from device.store import Store
    from device.table import Table
    from web import create_app, stop_streams

    table = Table(Store(data_dir), EventBus(), has_camera=False)
    app = create_app(table, pin=PIN)
    server = waitress.create_server(app, host="127.0.0.1", port=0, threads=48)
    stopping = threading.Event()

    def loop() -> None:
        while not stopping.is_set():
            server.asyncore.loop(timeout=0.05, map=server._map, count=1)

    thread = threading.Thread(target=loop, daemon=True)
    thread.start()

    def stop() -> None:
        stop_streams(app)
        table.note("closing")          # wakes every open stream, which then ends
        server.task_dispatcher.shutdown(cancel_pending=True, timeout=5)
        stopping.set()
        thread.join(timeout=5)
        server.close()

    return server.effective_port, table, stop


class Scoreboard(threading.Thread):
    """One open event stream; records when each "state" event has fully arrived."""

    def __init__(self, port: int) -> None:
        super().__init__(daemon=True)
        self.sock = socket.create_connection(("127.0.0.1", port))
        self.sock.sendall(b"GET /api/events HTTP/1.1\r\nHost: bench\r\nAccept: text/event-stream\r\n\r\n")
        self.file = self.sock.makefile("rb")
        self.arrivals: list[float] = []
        self.cond = threading.Condition()
        self.first = threading.Event()

    def run(self) -> None:
        in_state = False
        try:
            for line in self.file:
                if line.startswith(b"event: state"):
                    in_state = True
                elif in_state and line.startswith(b"data: "):
                    now = time.perf_counter()
                    in_state = False
                    with self.cond:
                        self.arrivals.append(now)
                        self.cond.notify_all()
                    self.first.set()
        except OSError:
            pass

    def wait_for(self, count: int, timeout: float = 10.0) -> float:
        with self.cond:
            if not self.cond.wait_for(lambda: len(self.arrivals) >= count, timeout):
                raise TimeoutError("a scoreboard missed an event")
            return self.arrivals[count - 1]

    def close(self) -> None:
        try:
            self.sock.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass
        self.sock.close()


def post(conn: http.client.HTTPConnection, path: str, body: dict) -> None:
    conn.request("POST", path, body=json.dumps(body),
                 headers={"X-Table-PIN": PIN, "Content-Type": "application/json"})
    response = conn.getresponse()
    data = response.read()
    if response.status not in (200, 201):
        raise RuntimeError(f"{path}: {response.status} {data[:200]!r}")


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, round(q / 100 * (len(ordered) - 1))))
    return ordered[index]


def latency(port: int, clients: int, rounds: int) -> tuple[float, float, int]:
    conn = http.client.HTTPConnection("127.0.0.1", port)
    post(conn, "/api/games", {"game": "kuriki", "players": ["Ann", "Bob", "Cy"]})
    boards = [Scoreboard(port) for _ in range(clients)]
    for b in boards:
        b.start()
    for b in boards:
        if not b.first.wait(10):
            raise TimeoutError("a scoreboard did not connect")
    seen = 1
    samples: list[float] = []
    try:
        for _ in range(rounds):
            t0 = time.perf_counter()
            post(conn, "/api/actions", {"by": "Ann", "do": "declare", "call": "walnuts"})
            seen += 1
            samples.extend(b.wait_for(seen) - t0 for b in boards)
            post(conn, "/api/undo", {})
            seen += 1
            for b in boards:
                b.wait_for(seen)
    finally:
        for b in boards:
            b.close()
        conn.close()
    return statistics.median(samples) * 1000, percentile(samples, 99) * 1000, len(samples)


def state_rate(port: int, seconds: float, threads: int = 4) -> float:
    counts = [0] * threads
    stop = time.perf_counter() + seconds

    def worker(i: int) -> None:
        conn = http.client.HTTPConnection("127.0.0.1", port)
        while time.perf_counter() < stop:
            conn.request("GET", "/api/state")
            response = conn.getresponse()
            response.read()
            if response.status != 200:
                raise RuntimeError(f"GET /api/state: {response.status}")
            counts[i] += 1
        conn.close()

    started = time.perf_counter()
    workers = [threading.Thread(target=worker, args=(i,)) for i in range(threads)]
    for w in workers:
        w.start()
    for w in workers:
        w.join()
    return sum(counts) / (time.perf_counter() - started)


def machine() -> str:
    model = platform.processor() or platform.machine()
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith(("model name", "Model")):
                model = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return f"{model}, {os.cpu_count()} cores, {platform.system()} {platform.release()}, Python {platform.python_version()}"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=200, help="timed actions per run")
    parser.add_argument("--seconds", type=float, default=5.0, help="duration of the GET /api/state run")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        port, table, stop = start_server(Path(tmp))
        print(f"machine: {machine()}")
        print(f"date: {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}")
        for clients in (1, 20):
            median, p99, n = latency(port, clients, args.rounds)
            print(f"POST /api/actions -> SSE event at {clients:2d} scoreboard(s): "
                  f"median {median:.1f} ms, p99 {p99:.1f} ms ({n} deliveries)")
        rate = state_rate(port, args.seconds)
        print(f"GET /api/state: {rate:.0f} requests/s (4 keep-alive clients, {args.seconds:g} s)")
        stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
