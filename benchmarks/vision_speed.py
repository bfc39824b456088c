"""Time a change to the reader against the reader as it is, interleaved frame by frame.

On a shared host the speed of one run drifts by a third from one minute to the next (the
blob-counting baseline took 3.4 ms at one hour and 5.5 at another), so two runs of
``benchmarks/vision.py --speed-only`` cannot tell a 10% change. Here each frame is read with
the constants as they are and then as changed (in turn, the other first every second round),
so the drift falls on both alike:

    python benchmarks/vision_speed.py --variant '{"STEADY_JITTER": null}'

The frames are the benchmark's speed frames (640 x 480, two dice, both views), read
uncalibrated and calibrated, on one thread.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path
from typing import Any

import cv2

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from vision import reader  # noqa: E402
from vision.render import render_scene, table_calibration  # noqa: E402
from vision_sets import _module, _variant  # noqa: E402  (a constant's module by its name; --variant's JSON)


def _set(constants: dict[str, Any]) -> None:
    for key, value in constants.items():
        setattr(_module(key), key, value)


def interleaved(variant: dict[str, Any], *, frames: int, rounds: int, calibrated: bool
                ) -> tuple[list[float], list[float]]:
    """Milliseconds per frame read as it is, and as changed by ``variant``."""
    scenes = [render_scene(20_000 + i, view="bottom" if i % 2 else "top", width=640, height=480, n_dice=2)
              for i in range(frames)]
    calibrations = [table_calibration(scene) if calibrated else None for scene in scenes]
    as_is = {key: getattr(_module(key), key) for key in variant}
    times: tuple[list[float], list[float]] = ([], [])
    try:
        for n in range(rounds):
            for scene, calibration in zip(scenes, calibrations):
                order = ((as_is, 0), (variant, 1)) if n % 2 else ((variant, 1), (as_is, 0))
                for constants, k in order:
                    _set(constants)
                    start = time.perf_counter()
                    reader.read_dice(scene.image, scene.view.value, calibration=calibration)
                    if n:                      # (the first round warms up)
                        times[k].append((time.perf_counter() - start) * 1000)
    finally:
        _set(as_is)
    return times


def p95(times: list[float]) -> float:
    return sorted(times)[min(len(times) - 1, int(0.95 * len(times)))]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--variant", required=True, type=_variant,
                    help="constants to change, as JSON, e.g. '{\"HALF_FIRST\": false}'")
    ap.add_argument("--frames", type=int, default=30)
    ap.add_argument("--rounds", type=int, default=5, help="reads of each frame each way (the first warms up)")
    args = ap.parse_args()
    variant = args.variant
    if not variant:
        raise SystemExit('--variant names at least one constant: \'{"NAME": value}\'')
    for key in variant:
        _module(key)          # (an unknown name stops here, saying so)
    cv2.setNumThreads(1)
    print(f"# {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}, variant {json.dumps(variant)}")
    print("| reader | as it is: median | p95 | changed: median | p95 | changed / as it is |")
    print("| --- | ---: | ---: | ---: | ---: | ---: |")
    for calibrated in (False, True):
        a, b = interleaved(variant, frames=args.frames, rounds=max(2, args.rounds), calibrated=calibrated)
        print(f"| {'calibrated' if calibrated else 'uncalibrated'}, 640x480, 2 dice | {statistics.median(a):.1f} "
              f"| {p95(a):.1f} | {statistics.median(b):.1f} | {p95(b):.1f} "
              f"| {statistics.median(b) / statistics.median(a):.3f} |", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
