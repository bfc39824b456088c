"""Device benchmark: Pull press to verdict, and the CPU and memory of `dicetable run`.

    python benchmarks/device.py [--presses 200] [--seconds 20]

1. Pull press -> verdict: a real gpiozero Button on a MockFactory pin is pressed and released
   (the action is sent on release); the clock stops when the "verdict" event is published on the
   event bus (after the action is committed to SQLite with synchronous=FULL). Each round seals
   two dice, declares with the Declare button, then times the Pull.
2. `dicetable run` as a separate process, sampled from /proc: CPU (user+system time over wall
   time, percent of one core) and memory (RSS at the end, peak RSS), idle (`--camera none`: web
   app and buttons only) and watching (`--camera replay:<sample frames>` at 10 frames a second:
   every frame read, watched and refereed).
3. The referee's cost per frame in-process on the sample frames, reading every frame or keeping
   the last reading for unchanged frames, clean and with sensor noise added.
"""

from __future__ import annotations

import argparse
import os
import platform
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def pull_to_verdict(presses: int) -> list[float]:
    from gpiozero.pins.mock import MockFactory

    from device.console import Console
    from device.controls import ControlPanel
    from device.events import EventBus
    from device.store import Store
    from device.table import Table

    times: list[float] = []
    with tempfile.TemporaryDirectory() as tmp:
        store = Store(Path(tmp))
        events = EventBus()
        table = Table(store, events, has_camera=True)
        factory = MockFactory()
        panel = ControlPanel(pin_factory=factory)
        Console(table).attach(panel)
        players = ["Ann", "Bob", "Cy", "Dee"]
        table.start_game({"game": "kuriki", "players": players, "options": {"lives": 99}})
        declare, pull = factory.pin(17), factory.pin(22)
        with events.subscribe() as sub:
            for i in range(presses):
                if table.public_state()["over"]:
                    table.start_game({"game": "kuriki", "players": players, "options": {"lives": 99}})
                table.seal([6, 4] if i % 2 else [3, 1], None)
                declare.drive_low()
                declare.drive_high()
                while sub.get(timeout=0) is not None:   # drain what the declare published
                    pass
                pull.drive_low()
                start = time.perf_counter()
                pull.drive_high()                       # the action is sent on release
                while True:
                    event = sub.get(timeout=5)
                    if event is None:
                        raise SystemExit("no verdict within 5 s")
                    if event.kind == "verdict":
                        times.append(time.perf_counter() - start)
                        break
        panel.close()
        store.close()
    return times


def referee_step_cost(noise_sigma: float, skip: bool) -> tuple[float, float]:
    """Median ms per Referee.step over the sample frames (with Gaussian sensor noise added), and
    the share of frames actually read (the rest were unchanged and kept the last reading)."""
    import cv2
    import numpy as np

    from device.camera import SAMPLE_FRAMES
    from device.events import EventBus
    from device.referee import Referee
    from device.store import Store
    from device.table import Table

    rng = np.random.default_rng(0)
    frames = []
    for path in sorted(SAMPLE_FRAMES.glob("*.jpg")):
        f = cv2.imread(str(path)).astype(np.float32)
        frames.append(np.clip(f + rng.normal(0, noise_sigma, f.shape), 0, 255).astype(np.uint8))
    with tempfile.TemporaryDirectory() as tmp:
        store = Store(Path(tmp))
        table = Table(store, EventBus(), has_camera=True)
        table.start_game({"game": "kuriki", "players": ["Ann", "Bob"]})
        referee = Referee(table, None, skip_unchanged=skip)
        times = []
        for _ in range(2):
            for frame in frames:
                t = time.perf_counter()
                referee.step(frame)
                times.append(time.perf_counter() - t)
        read = 1 - referee.frames_reused / referee.frames
        store.close()
    return statistics.median(times) * 1000, read


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def proc_cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    ticks = os.sysconf("SC_CLK_TCK")
    return (int(fields[11]) + int(fields[12])) / ticks      # utime + stime


def proc_memory_mb(pid: int) -> tuple[float, float]:
    status = {}
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        key, _, value = line.partition(":")
        status[key] = value.strip()
    kb = lambda k: int(status[k].split()[0]) / 1024    # noqa: E731
    return kb("VmRSS"), kb("VmHWM")


def measure_run(camera: str, seconds: float, warmup: float = 5.0) -> dict[str, float]:
    exe = Path(sys.executable).with_name("dicetable")
    cmd = [str(exe) if exe.exists() else "dicetable", "run", "--host", "127.0.0.1",
           "--port", str(port := free_port()), "--camera", camera]
    with tempfile.TemporaryDirectory() as tmp:
        cmd += ["--data", tmp]
        proc = subprocess.Popen(cmd, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                stderr=subprocess.PIPE, text=True)
        try:
            deadline = time.monotonic() + 60
            while True:
                if proc.poll() is not None:
                    raise SystemExit(f"dicetable run exited: {proc.stderr.read()[-2000:]}")
                try:
                    urllib.request.urlopen(f"http://127.0.0.1:{port}/api/state", timeout=1).read()
                    break
                except OSError:
                    if time.monotonic() > deadline:
                        raise SystemExit("dicetable run did not answer within 60 s")
                    time.sleep(0.2)
            time.sleep(warmup)                       # let start-up work (imports, first frames) pass
            cpu0, t0 = proc_cpu_seconds(proc.pid), time.monotonic()
            time.sleep(seconds)
            cpu1, t1 = proc_cpu_seconds(proc.pid), time.monotonic()
            rss, peak = proc_memory_mb(proc.pid)
        finally:
            proc.terminate()
            try:
                proc.wait(10)
            except subprocess.TimeoutExpired:
                proc.kill()
    return {"cpu_percent": 100 * (cpu1 - cpu0) / (t1 - t0), "rss_mb": rss, "peak_rss_mb": peak}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--presses", type=int, default=200)
    parser.add_argument("--seconds", type=float, default=20.0, help="sampling time per run mode")
    args = parser.parse_args()

    print(f"date: {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}")
    print(f"machine: {platform.machine()}, {os.cpu_count()} cores, {platform.processor() or platform.platform()}, "
          f"Python {platform.python_version()}")

    times = sorted(pull_to_verdict(args.presses))
    ms = [t * 1000 for t in times]
    print(f"Pull press -> verdict event ({len(ms)} presses): median {statistics.median(ms):.2f} ms, "
          f"p95 {ms[int(0.95 * (len(ms) - 1))]:.2f} ms, max {ms[-1]:.2f} ms")

    for sigma in (0.0, 2.0):
        for skip in (False, True):
            ms_step, read = referee_step_cost(sigma, skip)
            print(f"referee step, sample frames + noise sigma {sigma:g}, "
                  f"{'unchanged frames kept' if skip else 'every frame read'}: median {ms_step:.1f} ms, "
                  f"{100 * read:.0f}% of frames read")

    from device.camera import SAMPLE_FRAMES
    for label, camera in (("idle (--camera none)", "none"),
                          ("watching at 10 fps (replay camera)", f"replay:{SAMPLE_FRAMES}")):
        r = measure_run(camera, args.seconds)
        print(f"dicetable run {label}: CPU {r['cpu_percent']:.1f}% of one core, "
              f"RSS {r['rss_mb']:.0f} MB (peak {r['peak_rss_mb']:.0f} MB)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
