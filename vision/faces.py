"""Die face patches: the small, normalised picture of one die that the learned face classifier
reads. The reader and the training script cut patches with the same function, so what the model
learned is what it is shown.

A patch is ``PATCH`` x ``PATCH`` pixels around a die's centre, ``CONTEXT`` times the die's
axis-aligned extent (the side of the smallest upright square holding the whole visible die: a die
turned 45 degrees has an extent of 1.41 sides), each channel at zero mean, all at unit spread, so a
white die with black pips and a black die with white pips differ only in sign. Patches keep the
image's channels: one for a grey image, three (BGR) for a colour one. Colour matters: red pips
on a blue or black die are as light as the die in grey, plain to see in colour.
"""

from __future__ import annotations

import math

import cv2
import numpy as np

PATCH = 32          # pixels: enough for six pips, small enough to classify a die in well under 1 ms
CONTEXT = 1.5       # the patch shows what is round the die: a neighbour, the rim, a leaning die's side


def extent(side: float, angle_degrees: float) -> float:
    """The side of the upright square that holds a square die of ``side`` turned by ``angle``."""
    a = math.radians(angle_degrees)
    return side * (abs(math.cos(a)) + abs(math.sin(a)))


def face_patch(image: np.ndarray, cx: float, cy: float, die_extent: float, *,
               angle_degrees: float = 0.0, size: int = PATCH, context: float = CONTEXT) -> np.ndarray:
    """The normalised ``size`` x ``size`` float32 patch of the die centred at (cx, cy), with the
    image's channels (``size`` x ``size`` for grey, ``size`` x ``size`` x 3 for colour).

    ``angle_degrees`` turns the patch (training uses it to show dice at every rotation).
    """
    _check_image(image, "face_patch")
    return normalise(_cut(image, cx, cy, die_extent, angle_degrees, size, context).astype(np.float32))


def _cut(image: np.ndarray, cx: float, cy: float, die_extent: float, angle_degrees: float, size: int,
         context: float, out: np.ndarray | None = None) -> np.ndarray:
    """The raw ``size`` x ``size`` patch (the image's own type), written into ``out`` if given."""
    scale = size / max(context * die_extent, 1.0)
    m = cv2.getRotationMatrix2D((float(cx), float(cy)), float(angle_degrees), scale)
    m[0, 2] += size / 2.0 - cx
    m[1, 2] += size / 2.0 - cy
    return cv2.warpAffine(image, m, (size, size), dst=out,
                          flags=cv2.INTER_AREA if scale < 1 else cv2.INTER_LINEAR,
                          borderMode=cv2.BORDER_REPLICATE)


def face_patches(image: np.ndarray, dice: list[tuple[float, float, float]], *, size: int = PATCH,
                 context: float = CONTEXT) -> np.ndarray:
    """N x ``size`` x ``size`` (x 3 for colour) float32: ``face_patch`` of every (centre x,
    centre y, extent), upright, the same numbers, cut into one array and normalised together (a
    scan of a clump of dice cuts hundreds: per-patch numpy calls were a good part of its time)."""
    _check_image(image, "face_patches")
    raw = np.empty((len(dice), size, size) + image.shape[2:], image.dtype)
    for k, (x, y, e) in enumerate(dice):
        _cut(image, x, y, e, 0.0, size, context, out=raw[k])
    return normalise_many(raw)


def _check_image(image: np.ndarray, name: str) -> None:
    if not (image.ndim == 2 or (image.ndim == 3 and image.shape[2] == 3)):
        raise ValueError(f"{name} needs a grey (h x w) or colour (h x w x 3) image, not {image.shape}")


def normalise(patch: np.ndarray) -> np.ndarray:
    """Each channel at zero mean, all at unit spread (a flat patch stays flat instead of blowing
    up its noise)."""
    return normalise_many(patch[None])[0]


def normalise_many(patches: np.ndarray) -> np.ndarray:
    """``normalise`` of each of N patches (N x h x w, or N x h x w x c) at once."""
    if patches.dtype == np.uint8 and len(patches):
        # Whole numbers: OpenCV's per-patch sums are exact, so their means are numpy's to the
        # bit (numpy divides its exact float32 sum in float64 too), at a tenth of numpy's time
        # on colour patches (a scan normalises hundreds).
        channels = patches.shape[3] if patches.ndim == 4 else 1
        sums = np.array([cv2.sumElems(p)[:channels] for p in patches], np.float64)
        mean = (sums / (patches.shape[1] * patches.shape[2])).astype(np.float32)
        mean = mean.reshape((len(patches), 1, 1) + patches.shape[3:])
        patches = patches.astype(np.float32)
    else:
        patches = patches.astype(np.float32)
        mean = patches.mean(axis=(1, 2), keepdims=True)
    centred = patches - mean
    spread = np.sqrt((centred ** 2).mean(axis=tuple(range(1, patches.ndim)), keepdims=True))
    return centred / np.maximum(spread, np.float32(4.0))
