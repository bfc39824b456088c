"""What better cuts between dice side by side would gain: read rendered frames with each such
cut moved half-way between the dice's true centres (from the renderer's labels), and list every
frame whose reading differs from the reader's own.

An upper bound, not a reader: it asks whether the cut ``outlines.split_touching`` makes between
touching dice with no waist (half-way between k-means middles of the region) is what leaves
those frames unsure. Uncalibrated frames only (calibrated, the reader crops the frame to the
tray, and the labels would need moving with it).

    python benchmarks/vision_cut_oracle.py s745 [--processes 2]

Sets as in vision_sets.py (syn, sNN, every, hard, lean, clean; not the real photos).
"""

from __future__ import annotations

import argparse
import multiprocessing
import sys
from pathlib import Path
from typing import Any

import cv2
import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))

import vision_sets  # noqa: E402  (its frames, scenes and the reader's path)
from vision import outlines, reader  # noqa: E402
from vision.scoring import Truth, match  # noqa: E402

_kmeans_middles = outlines._cluster_centres
_split_touching = outlines.split_touching
# The frame being read: its dice's true centres and side (frame pixels), and the mask's
# components and scale while split_touching runs. One frame at a time per process.
_truth: dict[str, Any] = {}


def _offset(sub: np.ndarray) -> tuple[int, int] | None:
    """Where the region ``sub`` (a component split_touching is cutting) lies in the mask."""
    n, labels, stats, _ = _truth["components"]
    h, w = sub.shape
    for i in range(1, n):
        if stats[i, 2] == w and stats[i, 3] == h:
            x, y = int(stats[i, 0]), int(stats[i, 1])
            if np.array_equal(labels[y:y + h, x:x + w] == i, sub > 0):
                return x, y
    return None


def _true_middles(sub: np.ndarray, count: int) -> np.ndarray | None:
    """k-means's middles, each moved to the true centre of the die nearest it (within 0.6 of a
    side): the cut then runs half-way between the true centres."""
    middles = _kmeans_middles(sub, count)
    where = _offset(sub) if _truth.get("on") else None
    if middles is None or where is None:
        return middles
    scale, side = _truth["scale"], _truth["side"] * _truth["scale"]
    true = np.array([[x * scale - where[0], y * scale - where[1]] for x, y in _truth["centres"]])
    moved = middles.copy()
    for i, m in enumerate(middles):
        d = np.hypot(*(true - m).T)
        if d.min() < 0.6 * side:
            moved[i] = true[int(np.argmin(d))]
    _truth["moved"] |= not np.allclose(moved, middles)
    return moved.astype(middles.dtype)


def _split(mask: np.ndarray, die_side: float, image: np.ndarray | None = None, components: tuple | None = None,
           side_by_side: list | None = None) -> np.ndarray:
    _truth["components"] = components or outlines.mask_components(mask, connectivity=4)
    _truth["scale"] = mask.shape[1] / _truth["width"]
    return _split_touching(mask, die_side, image, _truth["components"], side_by_side)


def _verdict(reading: Any, truths: list[Truth], readable: bool) -> tuple[str, int, str | None]:
    right, exact = match(reading, truths)
    return ("right" if exact and readable else "WRONG") if reading.ok else "unsure", right, reading.reason


def _read(job: tuple[str, int, str, int]) -> tuple[str, bool, tuple, tuple] | None:
    kind, seed, style, first = job
    scene = vision_sets._scene(kind, seed, style, first)
    truths = [Truth(d.value, d.x, d.y, d.size) for d in scene.labels]
    _truth.update(centres=[(d.x, d.y) for d in scene.labels], width=scene.image.shape[1],
                  side=float(np.median([d.size for d in scene.labels])), on=True, moved=False)
    moved = _verdict(reader.read_dice(scene.image, scene.view), truths, scene.readable)
    if not _truth["moved"]:
        return None         # no cut moved: the reading is the reader's own
    _truth["on"] = False
    own = _verdict(reader.read_dice(scene.image, scene.view), truths, scene.readable)
    return f"{seed} {style}".strip(), scene.readable, own, moved


def _init() -> None:
    cv2.setNumThreads(1)
    outlines._cluster_centres = _true_middles
    outlines.split_touching = _split


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("sets", nargs="+", help="set names, uncalibrated (see vision_sets.py)")
    ap.add_argument("--processes", type=int, default=2)
    args = ap.parse_args()
    sets = {name: vision_sets._frames(name) for name in args.sets}
    for name, (_, calibrated) in sets.items():
        if calibrated or name == "real":
            raise SystemExit(f"{name}: uncalibrated rendered sets only")
    with multiprocessing.Pool(args.processes, _init) as pool:
        for name, (frames, _) in sets.items():
            first = frames[0][1]
            rows = [r for r in pool.map(_read, [(*f, first) for f in frames], chunksize=8) if r is not None]
            gained = lost = wrong = 0
            for frame, readable, own, moved in rows:
                if own[:2] != moved[:2]:
                    print(f"  {frame}: {own[0]} ({own[1]} dice right, {own[2]}) -> {moved[0]} "
                          f"({moved[1]} dice right, {moved[2]})")
                gained += own[0] == "unsure" and moved[0] == "right"
                lost += own[0] == "right" and moved[0] == "unsure"
                wrong += moved[0] == "WRONG" and own[0] != "WRONG"
            print(f"{name}: {len(rows)} of {len(frames)} frames have a cut moved; unsure -> right {gained}, "
                  f"right -> unsure {lost}, newly wrong {wrong}", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
