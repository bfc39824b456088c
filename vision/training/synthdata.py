"""Die tiles cut from seeded synthetic frames (vision.render): every style, both views, the hard
cases. Cocked and half-hidden dice are "no readable face" (value 0), as are tiles centred between
two dice or on the bare tray. Generated when training, never stored: the renderer is the data.

Training seeds start at ``TRAIN_SEED``, far from the benchmark's (10,000 up) and the tests'
(under 10,000), so the model is never scored on a frame it was trained on.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator

import cv2
import numpy as np

from ..faces import extent
from ..reading import View
from ..render import MIXED_CASES, Scene, dataset
from .realdata import TILE, Tile, between, tile as _tile

TRAIN_SEED = 1_000_000
COCKED_SHARE = 0.2      # of the frames, each showing one cocked die for sure
OCCLUDED_SHARE = 0.2    # ... one half-hidden die
# A cocked die is also blurred, under glare, on noise...: each of the renderer's MIXED_CASES
# with this chance. Zero: cocked dice on clean frames only.
COCKED_MIX = 0.0


def cut(frames: int, seed: int = TRAIN_SEED, *, cocked_share: float = COCKED_SHARE,
        occluded_share: float = OCCLUDED_SHARE, cocked_mix: float = COCKED_MIX
        ) -> tuple[np.ndarray, list[Tile]]:
    """Tiles from ``frames`` rendered frames (about four dice each)."""
    rng = np.random.default_rng(seed)
    tiles: list[np.ndarray] = []
    index: list[Tile] = []
    # Cocked and half-hidden dice are rare in the random mix, yet they are what the model must
    # refuse: a share of the frames each show one for sure.
    if not (0 <= cocked_share and 0 <= occluded_share and cocked_share + occluded_share <= 1
            and 0 <= cocked_mix <= 1):
        raise ValueError(f"shares of the frames from 0 to 1 together (cocked {cocked_share}, "
                         f"occluded {occluded_share}) and a mix from 0 to 1 ({cocked_mix})")
    cocked, occluded = int(frames * cocked_share), int(frames * occluded_share)
    scenes = itertools.chain(
        dataset(frames - cocked - occluded, seed=seed, n_dice=(1, 8), die_size=(20, 120)),
        _cocked(cocked, seed + frames, cocked_mix),
        dataset(occluded, seed=seed + 2 * frames, n_dice=(1, 8), die_size=(20, 120), hard="occluded"))
    for scene in scenes:
        image = scene.image
        w = image.shape[1]
        if scene.view is View.BOTTOM:
            image = cv2.flip(image, 1)    # as the reader does: the seen face, un-mirrored
        name = f"synthetic-{scene.seed}"
        centres = []
        for d in scene.labels:
            x = w - 1 - d.x if scene.view is View.BOTTOM else d.x
            ext = extent(d.size, d.angle)
            centres.append((x, d.y))
            value = d.face if d.readable and not scene.cup_lifted else 0
            tiles.append(_tile(image, x, d.y, ext))
            index.append(Tile(name, "die", value, ext, False))
        if not scene.labels:
            continue
        ext = extent(scene.die_size, 0)
        pts = np.array(centres)
        for mx, my in between(pts, ext):
            tiles.append(_tile(image, mx, my, ext))
            index.append(Tile(name, "between", 0, ext, False))
        h = image.shape[0]
        for _ in range(20):
            x, y = rng.uniform(ext, w - ext), rng.uniform(ext, h - ext)
            if np.hypot(*(pts - (x, y)).T).min() >= 1.1 * ext:
                tiles.append(_tile(image, x, y, ext))
                index.append(Tile(name, "background", 0, ext, False))
                break
    return np.array(tiles, np.uint8).reshape(-1, TILE, TILE, 3), index


def _cocked(n: int, seed: int, mix: float) -> Iterator[Scene]:
    """``n`` frames with one cocked die each, and each of the random mix's other hard cases with
    chance ``mix`` (0: cocked dice on clean frames only)."""
    for i in range(n):
        pick = np.random.default_rng([seed + i, 4])
        hard = {"cocked"} | {c for c in MIXED_CASES if pick.random() < mix}
        # One frame at a time through dataset, so its view, size and style are drawn as for
        # frame i of dataset(n, seed): with mix 0, the very same frames.
        yield next(iter(dataset(1, seed=seed + i, view="top" if i % 2 == 0 else "bottom",
                                n_dice=(1, 8), die_size=(20, 120), hard=hard)))
