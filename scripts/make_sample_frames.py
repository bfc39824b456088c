#!/usr/bin/env python3
"""Render the sample frames shipped in device/sample_frames/ (the camera `auto` falls back to them).

    python scripts/make_sample_frames.py [--out device/sample_frames]

A short loop in the bottom view (the camera under the tray), 10 frames a second: the cup is up
(empty tray, room light), comes down, two dice settle under it; three rolls. No roll is a 1-2, so a
laptop replaying them in a Kuriki game never scores a Kuriki by itself. Deterministic (seeded).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import cv2

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

ROLLS = [(6, 4), (5, 5), (3, 2)]
# The settled frame of each roll. (The first roll was 1050 until the face model of 2026-11-24:
# its 3 lies against the tray's rim, and that model doubts it is flat, "no readable face" 0.37
# where 0.3 is allowed; see BENCHMARKS.md. 1051 shows the same roll away from the rim.)
SETTLED_SEEDS = (1051, 1150, 1250)
EMPTY_FRAMES = 8         # cup up: 0.8 s
DICE_FRAMES = 16         # cup down, dice settled: 1.6 s
QUALITY = 70
LIMIT_BYTES = 1_500_000


def frames() -> list:
    from vision.render import render_scene

    def frame(seed: int, dice: tuple[int, ...], cup_lifted: bool):
        return render_scene(seed, view="bottom", values=dice, style="white", die_size=56,
                            cup_lifted=cup_lifted).image

    out = []
    for n, dice in enumerate(ROLLS):
        out += [frame(1000 + 100 * n + i, (), True) for i in range(EMPTY_FRAMES)]
        settled = frame(SETTLED_SEEDS[n], dice, False)
        out += [settled] * DICE_FRAMES
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--out", type=Path, default=ROOT / "device" / "sample_frames")
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    for old in args.out.glob("*.jpg"):
        old.unlink()
    total = 0
    for i, frame in enumerate(frames()):
        path = args.out / f"{i:04d}.jpg"
        cv2.imwrite(str(path), frame, [cv2.IMWRITE_JPEG_QUALITY, QUALITY])
        total += path.stat().st_size
    print(f"{i + 1} frames, {total / 1e6:.2f} MB in {args.out}")
    if total > LIMIT_BYTES:
        print(f"too big: the package ships at most {LIMIT_BYTES / 1e6:.1f} MB of sample frames", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
