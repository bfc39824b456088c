"""Die face patches: the small, normalised picture of one die that the learned face classifier
reads. The reader and the training script cut patches with the same function, so what the model
learned is what it is shown.

A patch is ``PATCH`` x ``PATCH`` grey pixels around a die's centre, ``CONTEXT`` times the die's
axis-aligned extent (the side of the smallest upright square holding the whole visible die: a die
turned 45 degrees has an extent of 1.41 sides), zero mean and unit spread, so a white die with
black pips and a black die with white pips differ only in sign.
"""

from __future__ import annotations

import math

import cv2
import numpy as np

PATCH = 32          # pixels: enough for six pips, small enough to classify a die in well under 1 ms
CONTEXT = 1.25      # the patch shows a little of what is round the die (a neighbour, the rim)


def extent(side: float, angle_degrees: float) -> float:
    """The side of the upright square that holds a square die of ``side`` turned by ``angle``."""
    a = math.radians(angle_degrees)
    return side * (abs(math.cos(a)) + abs(math.sin(a)))


def face_patch(grey: np.ndarray, cx: float, cy: float, die_extent: float, *,
               angle_degrees: float = 0.0, size: int = PATCH, context: float = CONTEXT) -> np.ndarray:
    """The normalised ``size`` x ``size`` float32 patch of the die centred at (cx, cy).

    ``angle_degrees`` turns the patch (training uses it to show dice at every rotation).
    """
    if grey.ndim != 2:
        raise ValueError("face_patch needs a single-channel (grey) image")
    return normalise(_cut(grey, cx, cy, die_extent, angle_degrees, size, context).astype(np.float32))


def _cut(grey: np.ndarray, cx: float, cy: float, die_extent: float, angle_degrees: float, size: int,
         context: float, out: np.ndarray | None = None) -> np.ndarray:
    """The raw ``size`` x ``size`` patch (the grey image's own type), written into ``out`` if given."""
    scale = size / max(context * die_extent, 1.0)
    m = cv2.getRotationMatrix2D((float(cx), float(cy)), float(angle_degrees), scale)
    m[0, 2] += size / 2.0 - cx
    m[1, 2] += size / 2.0 - cy
    return cv2.warpAffine(grey, m, (size, size), dst=out,
                          flags=cv2.INTER_AREA if scale < 1 else cv2.INTER_LINEAR,
                          borderMode=cv2.BORDER_REPLICATE)


def face_patches(grey: np.ndarray, dice: list[tuple[float, float, float]], *, size: int = PATCH,
                 context: float = CONTEXT) -> np.ndarray:
    """N x ``size`` x ``size`` float32: ``face_patch`` of every (centre x, centre y, extent),
    upright, the same numbers, cut into one array and normalised together (a scan of a clump of
    dice cuts hundreds: per-patch numpy calls were a good part of its time)."""
    if grey.ndim != 2:
        raise ValueError("face_patches needs a single-channel (grey) image")
    raw = np.empty((len(dice), size, size), grey.dtype)
    for k, (x, y, e) in enumerate(dice):
        _cut(grey, x, y, e, 0.0, size, context, out=raw[k])
    return normalise_many(raw)


def normalise(patch: np.ndarray) -> np.ndarray:
    """Zero mean, unit spread (a flat patch stays flat instead of blowing up its noise)."""
    patch = patch.astype(np.float32) - float(patch.mean())
    return patch / max(float(patch.std()), 4.0)


def normalise_many(patches: np.ndarray) -> np.ndarray:
    """``normalise`` of each of N patches (N x h x w) at once: bit for bit the same numbers."""
    patches = patches.astype(np.float32)
    centred = patches - patches.mean(axis=(1, 2), keepdims=True)
    return centred / np.maximum(patches.std(axis=(1, 2), keepdims=True), np.float32(4.0))
