"""Engine benchmark: how many whole random games each game engine plays per second on one core.

    python benchmarks/engine.py [--seconds 3] [--players 4] [--seed 1]

For every game in engine.GAMES: new games with default options are played to the end with the
game's own ``random_action`` (random legal actions with random dice) through ``Game.apply``, for
about ``--seconds`` of wall time in this one process. Prints games per second (wall clock and per
CPU-second of this process), actions per second and the mean number of actions per game, plus the
machine it ran on.
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import engine  # noqa: E402


def cpu_model() -> str:
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.lower().startswith(("model name", "hardware", "cpu model")):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown"


def measure(name: str, players: list[str], seconds: float, seed: int) -> tuple[int, int, float, float]:
    """(games, actions, wall seconds, CPU seconds) for random games of one engine."""
    cls = engine.GAMES[name]
    rng = random.Random(seed)
    games = actions = 0
    start = time.perf_counter()
    cpu_start = time.process_time()
    deadline = start + seconds
    while True:
        game = cls(players)
        while not game.over:
            game.apply(game.random_action(rng))
            actions += 1
        games += 1
        now = time.perf_counter()
        if now >= deadline:
            return games, actions, now - start, time.process_time() - cpu_start


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="time per game engine (default 3)")
    parser.add_argument("--players", type=int, default=4, help="players at the table (default 4)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    players = ["Ann", "Bob", "Cy", "Dee", "Eve", "Fin", "Gus", "Hal"][: args.players]

    print(f"machine: {cpu_model()}, {os.cpu_count()} cores (this runs on one), "
          f"Python {platform.python_version()}")
    print(f"{args.players} players, default options, about {args.seconds:g} s per engine\n")
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"load average at start: {load:.2f} (wall-clock rates drop when other work shares the core; "
          f"per CPU-second rates much less)\n")
    print(f"{'game':<8} {'games/s':>10} {'games/CPU-s':>12} {'actions/s':>11} {'actions/game':>13} {'games':>7}")
    for name in sorted(engine.GAMES):
        games, actions, wall, cpu = measure(name, players, args.seconds, args.seed)
        print(f"{name:<8} {games / wall:>10,.0f} {games / max(cpu, 1e-9):>12,.0f} {actions / wall:>11,.0f} "
              f"{actions / games:>13.1f} {games:>7}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
