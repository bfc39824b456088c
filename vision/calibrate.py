"""Calibration: where the tray is, how big a die looks, how bright the empty tray is.

``dicetable calibrate`` takes a frame of the empty tray and one with a few dice on it (apart) and
stores :meth:`Calibration.to_dict` in the config's ``[vision]`` section (keys ``tray``,
``die_size``, ``exposure``). The reader works without it, estimating the die size itself.

How: the tray is the region around the frame's centre that looks like the centre (colour and
brightness) in the empty frame; the dice are what changed between the two frames inside it; a
die's side is twice the radius of the largest circle inside its blob (a shadow or a neighbour
touching it barely changes that, unlike the blob's area).
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import cv2
import numpy as np

from .reading import View

__all__ = ["Calibration", "CalibrationError", "calibrate"]


class CalibrationError(ValueError):
    """The calibration cannot be made (or read back): the message says what to fix."""


def _number(value: Any, name: str) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float, np.integer, np.floating)):
        raise CalibrationError(f"calibration {name}: must be a number, got {value!r}")
    value = float(value)
    if not math.isfinite(value):
        raise CalibrationError(f"calibration {name}: must be a finite number, got {value!r}")
    return value


@dataclass(frozen=True)
class Calibration:
    """The tray (x, y, width, height, pixels), a die's side (pixels), and the exposure: the mean
    grey (0-255) of the whole frame of the empty tray, comparable with Reading.brightness."""

    tray: tuple[int, int, int, int]
    die_size: float | None = None
    exposure: float | None = None
    view: View | None = None       # the view it was made for (not stored: the camera settings hold it)

    def __post_init__(self) -> None:
        tray = self.tray
        if isinstance(tray, (str, bytes)) or not isinstance(tray, Sequence) or len(tray) != 4:
            raise CalibrationError(f"calibration tray: must be [x, y, width, height], got {tray!r}")
        values = [_number(v, "tray") for v in tray]
        if any(v != int(v) for v in values):
            raise CalibrationError(f"calibration tray: must be whole pixels, got {list(tray)!r}")
        x, y, w, h = (int(v) for v in values)
        if x < 0 or y < 0:
            raise CalibrationError(f"calibration tray: x and y must be at least 0, got {list(tray)!r}")
        if w <= 0 or h <= 0:
            raise CalibrationError(f"calibration tray: the width and height must be above 0, "
                                   f"got {list(tray)!r}")
        object.__setattr__(self, "tray", (x, y, w, h))
        if self.die_size is not None:
            size = _number(self.die_size, "die_size")
            if size <= 0:
                raise CalibrationError(f"calibration die_size: must be above 0, got {self.die_size!r}")
            object.__setattr__(self, "die_size", size)
        if self.exposure is not None:
            exposure = _number(self.exposure, "exposure")
            if not 0 <= exposure <= 255:
                raise CalibrationError(f"calibration exposure: must be 0 to 255, got {self.exposure!r}")
            object.__setattr__(self, "exposure", exposure)
        if self.view is not None:
            try:
                object.__setattr__(self, "view", View(self.view))
            except ValueError:
                raise CalibrationError(f"calibration view: must be top or bottom, got {self.view!r}") from None

    def to_dict(self) -> dict[str, Any]:
        """What ``[vision]`` stores: tray, die_size, exposure."""
        return {"tray": list(self.tray),
                "die_size": None if self.die_size is None else round(self.die_size, 1),
                "exposure": None if self.exposure is None else round(self.exposure, 1)}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> "Calibration":
        """Back from :meth:`to_dict` (or the config's ``[vision]``); CalibrationError when bad."""
        if not isinstance(data, Mapping):
            raise CalibrationError(f"a calibration must be a table of tray, die_size, exposure, "
                                   f"got {type(data).__name__}")
        unknown = sorted(set(data) - {"tray", "die_size", "exposure", "view"})
        if unknown:
            raise CalibrationError(f"calibration: unknown key(s) {', '.join(map(str, unknown))} "
                                   "(known: tray, die_size, exposure, view)")
        if data.get("tray") is None:
            raise CalibrationError("calibration tray: missing (run dicetable calibrate)")
        return cls(tray=data["tray"], die_size=data.get("die_size"),
                   exposure=data.get("exposure"), view=data.get("view"))


def _as_bgr(frame: Any, name: str) -> np.ndarray:
    if not isinstance(frame, np.ndarray):
        raise CalibrationError(f"the {name} frame is not an image (got {type(frame).__name__})")
    if frame.dtype != np.uint8:
        raise CalibrationError(f"the {name} frame must be 8-bit (uint8), got {frame.dtype}")
    if frame.ndim == 2:
        frame = cv2.cvtColor(frame, cv2.COLOR_GRAY2BGR)
    elif frame.ndim == 3 and frame.shape[2] == 4:
        frame = cv2.cvtColor(frame, cv2.COLOR_BGRA2BGR)
    elif not (frame.ndim == 3 and frame.shape[2] == 3):
        raise CalibrationError(f"the {name} frame must be a grey or BGR image, got shape {frame.shape}")
    if frame.shape[0] < 64 or frame.shape[1] < 64:
        raise CalibrationError(f"the {name} frame is too small ({frame.shape[1]}x{frame.shape[0]}): "
                               "at least 64x64")
    return frame


TRAY_STEP = 2     # grey levels from a pixel to the next the tray may change by


def grow_tray(blurred: np.ndarray, seeds: Sequence[tuple[int, int]]) -> np.ndarray:
    """The pixels (1, else 0; ``blurred``'s size) reached from the ``seeds`` (x, y) while the
    picture changes smoothly: neighbour to neighbour by at most TRAY_STEP levels in each channel,
    so a light's gradient (the LED ring) passes and the tray's edge does not. ``blurred``: the
    frame blurred a little (sigma 1), so that noise does not stop it. (The reader finds the tray
    in a frame with dice this way too: vision.thresholds.AUTO_TRAY.)"""
    rows, cols = blurred.shape[:2]
    mask = np.zeros((rows + 2, cols + 2), np.uint8)
    step = (TRAY_STEP,) * 3
    flags = 4 | cv2.FLOODFILL_MASK_ONLY | (1 << 8)
    for x, y in seeds:
        if not mask[y + 1, x + 1]:
            cv2.floodFill(blurred, mask, (x, y), (0, 0, 0), step, step, flags)
    return mask[1:-1, 1:-1]


def find_tray(empty: np.ndarray) -> tuple[int, int, int, int]:
    """The tray in a frame of the empty tray: the region around the centre, grown while the
    picture changes smoothly (a light gradient, the LED ring) and stopped at the tray's edge."""
    h, w = empty.shape[:2]
    scale = 1.0
    small = cv2.GaussianBlur(empty, (0, 0), 1.0)
    sh, sw = small.shape[:2]
    region = grow_tray(small, [(sw // 2, sh // 2)])
    k = max(3, int(min(sh, sw) * 0.02) | 1)
    region = cv2.morphologyEx(region, cv2.MORPH_OPEN, np.ones((k, k), np.uint8))
    n, labels, stats, _ = cv2.connectedComponentsWithStats(region, connectivity=4)
    label = labels[sh // 2, sw // 2]
    if label == 0 or stats[label, cv2.CC_STAT_AREA] < 0.15 * sh * sw:
        raise CalibrationError("cannot find the tray in the empty frame: make sure the camera sees "
                               "the whole tray, centred, with nothing on it")
    x, y, bw, bh = (int(v) for v in stats[label, :4])
    if stats[label, cv2.CC_STAT_AREA] / float(bw * bh) < 0.6 or (bw >= sw - 1 and bh >= sh - 1):
        raise CalibrationError("cannot find the tray in the empty frame: its edge is unclear "
                               "(uneven light, something on the tray, or the tray fills the frame?)")
    x0, y0 = int(round(x / scale)), int(round(y / scale))
    x1, y1 = min(w, int(round((x + bw) / scale))), min(h, int(round((y + bh) / scale)))
    return x0, y0, x1 - x0, y1 - y0


WEAK_CHANGE = 12.0     # grey levels: seen from above, a change this big joined to a plain one (30) is die


def _shadow(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """Where ``b`` is ``a`` darkened evenly in every channel (a die's shadow on the tray)."""
    ratio = (b.astype(np.float32) + 1) / (a.astype(np.float32) + 1)
    low, high = ratio.min(axis=2), ratio.max(axis=2)
    return (low > 0.45) & (high < 0.88) & (high - low < 0.1)


def find_dice(empty: np.ndarray, dice: np.ndarray, tray: tuple[int, int, int, int],
              view: View = View.BOTTOM) -> list[float]:
    """Each die's side (pixels) from what changed between the two frames inside the tray."""
    x, y, w, h = tray
    a = cv2.GaussianBlur(empty[y:y + h, x:x + w], (3, 3), 0)
    b = cv2.GaussianBlur(dice[y:y + h, x:x + w], (3, 3), 0)
    diff = cv2.absdiff(a, b).max(axis=2)
    if view is View.TOP:       # seen from above, dice cast shadows: not part of a die
        diff[_shadow(a, b)] = 0
    changed = float((diff > 40).mean())
    if changed > 0.6:
        raise CalibrationError("the two frames differ almost everywhere: keep the camera and the "
                               "light as they are between the empty frame and the dice frame")
    noise = float(np.median(diff))
    mask = (diff > max(30.0, 4 * noise + 12)).astype(np.uint8)
    if WEAK_CHANGE and view is View.TOP:
        # A die little unlike the tray (wood on an olive tray) changes it by less than that in
        # places, round its pips most: where it changed a little, joined to where it changed
        # plainly, is die too (else the die is measured by its fragments, a third too small).
        # (Not under the cup: there the light the tray scatters round each die would be taken
        # into it, and the dice differ from the lit tray plainly.)
        weak = (diff > max(WEAK_CHANGE, 2 * noise + 8)).astype(np.uint8)
        _, weak_labels = cv2.connectedComponents(weak, connectivity=8)
        keep = np.unique(weak_labels[mask > 0])
        mask = np.isin(weak_labels, keep[keep > 0]).astype(np.uint8)
    mask = cv2.morphologyEx(mask, cv2.MORPH_OPEN, np.ones((3, 3), np.uint8))
    contours, _ = cv2.findContours(mask, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    filled = np.zeros_like(mask)
    cv2.drawContours(filled, contours, -1, 1, cv2.FILLED)       # pips are not holes
    n, labels, stats, _ = cv2.connectedComponentsWithStats(filled, connectivity=8)
    if n <= 1:
        return []
    dist = cv2.distanceTransform(filled, cv2.DIST_L2, 5)
    sizes = []
    for label in range(1, n):
        if stats[label, cv2.CC_STAT_AREA] < 100:     # a speck, not a die (dice are 20+ px)
            continue
        bx, by, bw, bh = stats[label, :4]
        blob = labels[by:by + bh, bx:bx + bw] == label
        size = 2.0 * float(dist[by:by + bh, bx:bx + bw][blob].max())
        if view is View.TOP:
            size = _face_size(b[by:by + bh, bx:bx + bw], blob, dist[by:by + bh, bx:bx + bw], size)
        sizes.append(size)
    return [s for s in sizes if s >= 12]


def _face_size(patch: np.ndarray, blob: np.ndarray, dist: np.ndarray, size: float) -> float:
    """Seen from above a die off-centre shows its sides too: keep the part coloured like the
    middle of the blob (the face), pips filled in, and measure that."""
    core = blob & (dist > 0.5 * dist[blob].max())
    colour = np.median(patch[core].reshape(-1, 3).astype(np.float32), axis=0)
    tolerance = 0.15 * float(np.linalg.norm(colour)) + 12
    face = (blob & (np.linalg.norm(patch.astype(np.float32) - colour, axis=2) < tolerance))
    face = cv2.morphologyEx(face.astype(np.uint8), cv2.MORPH_OPEN, np.ones((3, 3), np.uint8))
    contours, _ = cv2.findContours(face, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    if not contours:
        return size
    filled = np.zeros_like(face)
    cv2.drawContours(filled, [max(contours, key=cv2.contourArea)], -1, 1, cv2.FILLED)
    # The side from the face's area: steadier than the inscribed circle for small dice, where the
    # opening and the blur trim a pixel off every edge.
    inner = math.sqrt(float(filled.sum()) / 0.985) + 1.0
    # Only ever a trim (the sides), never a different thing altogether.
    return inner if 0.6 * size <= inner <= size else size


def calibrate(empty_frame: np.ndarray, dice_frame: np.ndarray,
              view: View | str = View.BOTTOM) -> Calibration:
    """The calibration from a frame of the empty tray and one with a few dice on it, apart.

    Raises :class:`CalibrationError` (a ValueError) saying what to fix when it cannot be made.
    """
    try:
        view = View(view)
    except ValueError:
        raise CalibrationError(f"the view must be top or bottom, got {view!r}") from None
    empty = _as_bgr(empty_frame, "empty tray")
    dice = _as_bgr(dice_frame, "dice")
    if empty.shape != dice.shape:
        raise CalibrationError(f"the two frames differ in size ({empty.shape[1]}x{empty.shape[0]} "
                               f"and {dice.shape[1]}x{dice.shape[0]}): take both with the same camera")
    grey = cv2.cvtColor(empty, cv2.COLOR_BGR2GRAY)
    mean = float(grey.mean())
    if mean < 10:
        raise CalibrationError(f"the empty tray is too dark (mean grey {mean:.0f} of 255): "
                               "check the light (the LED ring for the bottom view) and the lens cap")
    if mean > 245:
        raise CalibrationError(f"the empty tray is too bright (mean grey {mean:.0f} of 255): "
                               "the picture is washed out; lower the light or the exposure")
    tray = find_tray(empty)
    sizes = find_dice(empty, dice, tray, view)
    if not sizes:
        raise CalibrationError("no dice found in the dice frame: put a few dice on the tray, apart, "
                               "without moving the camera")
    # The whole frame's mean grey, as Reading.brightness: the watcher compares the two.
    exposure = mean
    return Calibration(tray=tray, die_size=float(np.median(sizes)), exposure=exposure, view=view)
