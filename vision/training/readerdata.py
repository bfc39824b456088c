"""Tiles framed as the reader frames them: seeded synthetic frames are read by vision.reader, and
every patch it asks the face model about is cut again and labelled from the renderer's truth.

The other synthetic tiles (vision.training.synthdata) are centred on each die and framed by its
true size. The reader frames a die by its blob instead: a die touching another is cut from it by
a straight line, a blob takes in a shadow or a leaning die's side, the network's scan slides
windows across a clump. Those are the patches the model must get right, so they are taught too.

A patch is labelled by the die nearest its centre: that die's face (or "no readable face" for a
cocked or half-hidden die) when the patch is centred on it (within ``ON_DIE`` x its side) and
framed near its size; "no readable face" when it is centred on what shows of a cocked or
half-hidden die (within ``UNREADABLE_REACH`` x its side); "no die" when every die is at least
``OFF_DIE`` x its side away; anything in between is left out (half a die in view is neither).

The patches depend on the reader and on the face model it consults while reading (which blobs it
asks about again, where the scan looks): re-running this with a newer model frames a few patches
differently. ``model`` frames them with another model file, as an older one framed them (the
reader's own code must be the same too for the very same patches).

Seeds start at ``READER_SEED``, far from the benchmark's, the tests' and synthdata's.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import cv2
import numpy as np

from .. import classifier as face_model
from .. import reader, thresholds
from ..faces import extent
from ..reading import View
from ..render import Scene, dataset, table_calibration
from .realdata import TILE, Tile, tile

READER_SEED = 1_600_000
ON_DIE = 0.2            # x the die's side: a patch centred this near a die shows that die
OFF_DIE = 0.45          # ... this far from every die, it shows no die
FRAMED = (0.75, 1.5)    # the patch's extent / the die's, for a die shown
UNREADABLE_REACH = 1.0  # x its side: a patch centred this near a cocked or half-hidden die shows it
SCAN_WINDOWS = 10       # windows of each scan kept (a scan asks about hundreds; most show no die)
COCKED_SHARE = 0.3      # of the frames, each with one cocked die for sure
OCCLUDED_SHARE = 0.15   # ... one half-hidden die
COCKED_MIX = 0.3        # the other hard cases on those frames, each with this chance
CALIBRATED_SHARE = 0.5  # frames read with the table's calibration (the rest uncalibrated)


class _Recorder:
    """The face model, noting every patch it is asked about: (what, image, [(x, y, extent)])."""

    def __init__(self, model: face_model.FaceClassifier) -> None:
        self._model = model
        self.asked: list[tuple[str, np.ndarray, list[tuple[float, float, float]]]] = []

    def __getattr__(self, name: str) -> Any:
        return getattr(self._model, name)

    def guess(self, image: np.ndarray, dice: list) -> list[face_model.FaceGuess]:
        self.asked.append(("guess", image, list(dice)))
        return self._model.guess(image, dice)

    def steady_guess(self, image: np.ndarray, dice: list) -> list[face_model.FaceGuess]:
        self.asked.append(("steady", image, list(dice)))
        return self._model.steady_guess(image, dice)


def scenes(frames: int, seed: int = READER_SEED) -> Iterator[Scene]:
    """The frames read: the renderer's random mix, then frames with a cocked die, then frames
    with a half-hidden one (as synthdata, with more cocked dice: they are what the reader's
    framing makes hardest)."""
    from .synthdata import _cocked

    cocked, occluded = int(frames * COCKED_SHARE), int(frames * OCCLUDED_SHARE)
    return itertools.chain(
        dataset(frames - cocked - occluded, seed=seed, n_dice=(1, 8), die_size=(20, 120)),
        _cocked(cocked, seed + frames, COCKED_MIX),
        dataset(occluded, seed=seed + 2 * frames, n_dice=(1, 8), die_size=(20, 120), hard="occluded"))


def label(x: float, y: float, ext: float, truth: list[tuple[float, float, float, float, int]]) -> int | None:
    """The class a patch at (x, y), ``ext`` across, teaches (0 no die, 1-6, 7 no readable face),
    or None (half a die in view, or a die framed far from its size). ``truth``: each die's
    (x, y, side, extent, class) in the same pixels."""
    if not truth:
        return 0
    distances = [math.hypot(x - tx, y - ty) / side for tx, ty, side, _, _ in truth]
    nearest = int(np.argmin(distances))
    _, _, _, die_extent, cls = truth[nearest]
    if distances[nearest] <= ON_DIE and FRAMED[0] <= ext / die_extent <= FRAMED[1]:
        return cls
    # A patch on what shows of a half-hidden or cocked die (its centre is under the cup's rim, or
    # its face tilted away) is off that die's centre, yet it shows a die: never "no die".
    if any(d < UNREADABLE_REACH and c == face_model.FACELESS_DIE for d, (*_, c) in zip(distances, truth)):
        return face_model.FACELESS_DIE
    if distances[nearest] >= OFF_DIE:
        return 0
    return None


def _truth(scene: Scene, calibration: Any) -> list[tuple[float, float, float, float, int]]:
    """Each die's (x, y, side, extent, class) in the pixels the reader hands the model: the
    frame cut to the calibrated tray (and its margin), mirrored in the bottom view."""
    h, w = scene.image.shape[:2]
    x0 = y0 = 0
    width = w
    tray = getattr(calibration, "tray", None)
    if tray:
        # (as vision.reader.read_dice cuts the frame)
        tx, ty, tw, th = (int(v) for v in tray)
        margin = int(math.ceil(thresholds.TRAY_MARGIN * (calibration.die_size or 0.1 * min(tw, th))))
        x0, y0 = max(0, tx - margin), max(0, ty - margin)
        width = min(w, tx + tw + margin) - x0
    out = []
    for d in scene.labels:
        x, y = d.x - x0, d.y - y0
        if scene.view is View.BOTTOM:
            x = width - 1 - x
        cls = 0 if scene.cup_lifted else d.face if d.readable else face_model.FACELESS_DIE
        out.append((x, y, d.size, extent(d.size, d.angle), cls))
    return out


@contextmanager
def recording(model: Path | str | None = None) -> Iterator[_Recorder]:
    """vision.reader consults a recorder of ``model`` (default: the shipped one) meanwhile."""
    recorder = _Recorder(face_model.FaceClassifier(model) if model else face_model.default_classifier())
    saved = reader.default_classifier
    reader.default_classifier = lambda: recorder
    try:
        yield recorder
    finally:
        reader.default_classifier = saved


def add_framed(recorder: _Recorder, truth: list[tuple[float, float, float, float, int]], name: str,
               rng: np.random.Generator, tiles: list[np.ndarray], index: list[Tile]) -> None:
    """Append a tile of every patch the recorder was asked about (``SCAN_WINDOWS`` of a scan's)
    that ``label`` gives a class by ``truth``, and its index entry (photo ``name``)."""
    for what, image, dice in recorder.asked:
        if what == "guess" and len(dice) > SCAN_WINDOWS:     # a scan
            dice = [dice[k] for k in rng.choice(len(dice), SCAN_WINDOWS, replace=False)]
        for x, y, ext in dice:
            cls = label(x, y, ext, truth)
            if cls is None:
                continue
            tiles.append(tile(image, x, y, ext))
            value = cls if 1 <= cls <= 6 else 0
            index.append(Tile(name, "die" if cls else "reader", value, float(ext), False))


def cut(frames: int, seed: int = READER_SEED, *, model: Path | str | None = None
        ) -> tuple[np.ndarray, list[Tile]]:
    """Tiles (N x TILE x TILE x 3) of the patches the reader asks about in ``frames`` frames, and
    their index: kind "die" (value 1-6, or 0 for a die with no readable face) or "reader" (no
    die). ``model``: the face model the reader consults while reading (default: the shipped one)."""
    rng = np.random.default_rng(seed)
    tiles: list[np.ndarray] = []
    index: list[Tile] = []
    with recording(model) as recorder:
        for scene in scenes(frames, seed):
            calibration = table_calibration(scene) if rng.random() < CALIBRATED_SHARE else None
            recorder.asked.clear()
            reader.read_dice(scene.image, scene.view, calibration=calibration)
            add_framed(recorder, _truth(scene, calibration), f"reader-{scene.seed}", rng, tiles, index)
    return np.array(tiles, np.uint8).reshape(-1, TILE, TILE, 3), index
