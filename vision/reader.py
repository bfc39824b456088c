"""The pip reader: finds each die on the tray, finds its pips, and validates the face against the
six canonical pip layouts. It never guesses: any doubt makes the whole reading unsure, with a
reason a person understands.

How it works, briefly:

1. Foreground. The tray is the large uniform surface; a median-filtered copy of the frame is the
   tray without the dice. Pixels far (in Lab colour) from it are dice, pips or shadows. A first
   pass with a wide filter finds the die size; a second pass with a filter sized to the dice
   separates dice from the tray's rim.
2. Dice. Connected regions of the foreground that are square enough and thick enough are dice;
   a region the size of two or more dice is split at its waist (touching dice), or, with no waist
   (dice side by side), into as many compact parts as it holds dice along the colour seams. A
   thick region that is not a die, or a part of touching dice that is not one clean die, makes
   the reading unsure. Dice too close to the tray's colour for the foreground (white on a light
   tray) are looked for around groups of pip-like spots; pip-like spots left off every die make
   the reading unsure.
3. Pips. Inside each die, pixels far in colour from the die's own face colour are pips; round,
   similar-sized blobs only.
4. Layout. The six canonical layouts are centrally symmetric, so the pips' centroid is the face
   centre; the layout is fitted over rotation and scale, and a face whose pips sit more than a
   third of a pip step from their slots, or whose pip step does not fit the die's size, is
   rejected ("a face matches no pip layout").

The bottom view (camera under the translucent tray) is read on the mirrored frame and reports
7 - the face seen, so values are always what the players see.
"""

from __future__ import annotations

import math
from itertools import combinations
from typing import Any

import cv2
import numpy as np

from . import classifier, outlines, reasons, thresholds, tray_foreground
from .classifier import (
    FACELESS_DIE,
    LEANING,
    NO_FACE,
    NO_LAYOUT,
    NO_PIPS,
    FaceClassifier,
    default_classifier,
    judge,
)
from .faces import extent
from .reading import Die, Reading, Status, View


# Pip slots in units of the pip step (distance from the face centre to a corner pip, per axis).
_LAYOUTS = {
    1: [(0, 0)],
    2: [(-1, -1), (1, 1)],
    3: [(-1, -1), (0, 0), (1, 1)],
    4: [(-1, -1), (1, -1), (-1, 1), (1, 1)],
    5: [(-1, -1), (1, -1), (-1, 1), (1, 1), (0, 0)],
    6: [(-1, -1), (-1, 0), (-1, 1), (1, -1), (1, 0), (1, 1)],
}
# A die's layouts are symmetric under a quarter turn except 2, 3 (the other diagonal) and 6
# (columns or rows), so those get a second variant; the fit then searches angles over 0-90°.
_VARIANTS = {k: [np.array(v, float)] for k, v in _LAYOUTS.items()}
for _k in (2, 3):
    _VARIANTS[_k].append(np.array([(x, -y) for x, y in _LAYOUTS[_k]], float))
_VARIANTS[6].append(np.array([(y, x) for x, y in _LAYOUTS[6]], float))
_CORNERS = {k: [np.abs(v).max(axis=1) > 0 for v in vs] for k, vs in _VARIANTS.items()}  # not centre
_ANGLES = np.deg2rad(np.arange(0.0, 90.0, 3.0))
_ROT = np.stack([np.stack([np.cos(_ANGLES), -np.sin(_ANGLES)], 1),
                 np.stack([np.sin(_ANGLES), np.cos(_ANGLES)], 1)], 1)        # (A, 2, 2)


def _affine_fit(slots: np.ndarray, centred: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The best affine map of template slots (k x 2) onto centred pips (k x 2): the design
    matrix, the map's coefficients and its singular values (largest first)."""
    design = np.hstack([slots, np.ones((len(slots), 1))])
    coef, *_ = np.linalg.lstsq(design, centred, rcond=None)
    return design, coef, np.linalg.svd(coef[:2].T, compute_uv=False)


def _affine_error(slots: np.ndarray, centred: np.ndarray) -> float:
    """Worst residual, in pip steps, of the pips against their slots under the best affine map;
    inf when that map squashes the face more than a tilt of about 50 degrees would."""
    design, coef, sv = _affine_fit(slots, centred)
    if sv[1] <= 1e-6 or sv[0] / sv[1] > thresholds.MAX_FORESHORTENING:
        return float("inf")
    residual = np.linalg.norm(design @ coef - centred, axis=1).max()
    return float(residual / np.sqrt(sv[0] * sv[1]))


def fit_layout(pts: np.ndarray, slots_out: list | None = None) -> tuple[int, float, float, float] | None:
    """Fit pip centres (k, 2) in pixels to the canonical layout with k pips.

    Returns (value, error in pip steps, pip step in pixels, angle in radians that turns the
    pips onto the template), or None when no rotation gives every pip its own slot.
    ``slots_out``: a list the template's slot (k x 2, in pip steps) of each pip is added to.
    """
    k = len(pts)
    if not 1 <= k <= 6:
        return None
    if k == 1:
        return 1, 0.0, 0.0, 0.0
    centred = pts - pts.mean(axis=0)
    rotated = np.einsum("aij,kj->aki", _ROT, centred)             # (A, k, 2)
    reach = np.abs(rotated).max(axis=2)                              # (A, k)
    best: tuple[int, float, float, float] | None = None
    # The pips in the corners: all of them, or (a 3, a 5) all but the one nearest their middle,
    # wherever it comes in ``pts``. (Taken as the template's order, a 3 whose middle pip was
    # not listed second had its step halved, and fit no 3.)
    corner = np.ones(k, bool)
    if not _CORNERS[k][0].all():
        corner[int(np.argmin((centred ** 2).sum(axis=1)))] = False
    for template, as_listed in zip(_VARIANTS[k], _CORNERS[k]):
        if not thresholds.MIDDLE_PIP_BY_PLACE:
            corner = as_listed
        # The median of the corner pips' reach (sorted by hand: np.median is slow on tiny rows).
        ranked = np.sort(reach[:, corner], axis=1)
        m = ranked.shape[1]
        step = ranked[:, m // 2] if m % 2 else (ranked[:, m // 2 - 1] + ranked[:, m // 2]) / 2
        slots = template[None, :, :] * step[:, None, None]
        offsets = rotated[:, :, None, :] - slots[:, None, :, :]
        dist = np.sqrt(np.einsum("akjd,akjd->akj", offsets, offsets))  # (A, k, k)
        nearest = dist.argmin(axis=2)                                # (A, k)
        # Angles at which every pip has a slot of its own; the first smallest error wins.
        own_slot = (np.sort(nearest, axis=1) == np.arange(k)).all(axis=1)
        if not own_slot.any():
            continue
        errors = dist.min(axis=2).max(axis=1) / np.maximum(step, 1e-6)   # nearest slots
        errors[~own_slot] = np.inf
        a = int(errors.argmin())
        if best is None or errors[a] < best[1]:
            best = (k, float(errors[a]), float(step[a]), float(_ANGLES[a]))
            best_slots = template[nearest[a]]
    # Seen a little obliquely (a phone above the table) a square face is a parallelogram: with
    # four or more pips, the best affine map of the same slots may explain them instead.
    if best is not None and k >= 4 and best[1] < 0.6:
        best = (k, min(best[1], _affine_error(best_slots, centred)), best[2], best[3])
    if slots_out is not None and best is not None:
        slots_out.append(best_slots)
    return best


def _face_squash(pts: np.ndarray) -> float:
    """How much longer than wide the face that pips (k x 2, k >= 4) lay out is: 1 for a face
    seen square on, more for one tilted away (inf when they lay out no face)."""
    slots: list[np.ndarray] = []
    if len(pts) < 4 or fit_layout(pts, slots) is None:
        return float("inf")
    _, _, sv = _affine_fit(slots[0], pts - pts.mean(axis=0))
    return float(sv[0] / sv[1]) if sv[1] > 1e-6 else float("inf")


_PIP_WEIGHTS = np.array([[1.0, 1.3, 1.3]], np.float32)   # L, a, b in the squared pip distance


def _masked_median(lab8: np.ndarray, mask: np.ndarray) -> np.ndarray | None:
    """Per-channel median (as numpy's, halves included) of an 8-bit image's pixels under
    ``mask``, from histograms; None when fewer than 20 pixels are masked."""
    count = cv2.countNonZero(mask)
    if count < 20:
        return None
    return tray_foreground.median_u8(lab8, mask, count).astype(np.float32)


def _pips(img: np.ndarray, blob: outlines.Blob, contrast: list | None = None) -> list[tuple[float, float, int]]:
    """Pip centres (x, y, area) inside one die. ``contrast`` receives, if given, the map of how
    far each pixel of the die's box is from the face colour, its threshold, and (the pips'
    colours, in the order of the pips, the face colour)."""
    if blob.pips_found is not None and blob.pips_found[0] is img:
        if contrast is not None:
            contrast.extend(blob.pips_found[2])
        return list(blob.pips_found[1])
    pips, extra = _find_pips(img, blob)
    blob.pips_found = (img, pips, extra)
    if contrast is not None:
        contrast.extend(extra)
    return list(pips)


def _inner(blob: outlines.Blob) -> np.ndarray:
    """The blob's mask (its box) without its edge, 0.06 of its side deep: where pips are looked for."""
    erode = max(1, int(blob.side * 0.06))
    return cv2.erode(blob.mask, np.ones((2 * erode + 1, 2 * erode + 1), np.uint8))


def _face_distance(lab8: np.ndarray, face: np.ndarray) -> np.ndarray:
    """How far each pixel of a die's box (8-bit Lab) is from its face colour (float32, weighted by
    _PIP_WEIGHTS)."""
    diff = lab8.astype(np.float32) - face
    diff *= diff
    return cv2.sqrt(cv2.transform(diff, _PIP_WEIGHTS))


def _pip_components(dist8: np.ndarray, threshold: float, inner: np.ndarray, side: float
                    ) -> tuple[int, np.ndarray, np.ndarray, np.ndarray, list[int], list[int]]:
    """The spots of ``dist8`` above ``threshold`` within ``inner``: (count, labels, stats,
    centres) as cv2.connectedComponentsWithStats gives them, the labels taken for pips, and those
    too big or too long for one (see PIP_SPLIT_LEVEL)."""
    pip_mask = ((dist8 > threshold) & (inner > 0)).astype(np.uint8)
    n, labels, stats, centres = cv2.connectedComponentsWithStats(pip_mask)
    smallest, largest = max(4.0, (side * 0.07) ** 2), (side * 0.45) ** 2
    kept: list[int] = []
    merged: list[int] = []
    for i in range(1, n):
        area = int(stats[i, cv2.CC_STAT_AREA])
        bw, bh = int(stats[i, cv2.CC_STAT_WIDTH]), int(stats[i, cv2.CC_STAT_HEIGHT])
        if area < smallest:
            continue
        (kept if area <= largest and _pip_shaped(area, bw, bh) else merged).append(i)
    return n, labels, stats, centres, kept, merged


def _pip_shaped(area: int, width: int, height: int) -> bool:
    """A spot of ``area`` pixels in a ``width`` x ``height`` box is round enough for a pip."""
    return max(width, height) <= 1.6 * min(width, height) + 1 and area >= 0.5 * width * height


def _find_pips(img: np.ndarray, blob: outlines.Blob) -> tuple[list[tuple[float, float, int]], list]:
    """_pips, worked out: the pips and (contrast map, threshold, (pip colours, face colour, the
    box's Lab pixels)),
    or nothing for that when the die shows no face colour."""
    x, y, w, h = blob.box
    crop = img[y:y + h, x:x + w]
    inner = _inner(blob)
    lab8 = cv2.cvtColor(crop, cv2.COLOR_BGR2LAB)
    face = _masked_median(lab8, inner)
    if face is None:
        return [], []
    dist8 = np.clip(_face_distance(lab8, face) * 2, 0, 255).astype(np.uint8)
    otsu, _ = cv2.threshold(dist8[inner > 0].reshape(-1, 1), 0, 255,
                            cv2.THRESH_BINARY + cv2.THRESH_OTSU)
    threshold = max(float(otsu), 45.0)
    n, labels, stats, centres, kept, _ = _pip_components(dist8, threshold, inner, blob.side)
    colours: list[np.ndarray] = []
    pips = []
    sums = None
    for i in kept:
        area = int(stats[i, cv2.CC_STAT_AREA])
        pips.append((float(centres[i][0] + x), float(centres[i][1] + y), area))
        # Its mean Lab colour: every label's channel sums at once (whole numbers, exact), over
        # its area as numpy's mean divides them (in float64, then float32).
        if sums is None:
            inside = labels.ravel() > 0
            which, pixels = labels.ravel()[inside], lab8.reshape(-1, 3)[inside]
            sums = np.stack([np.bincount(which, weights=pixels[:, c], minlength=n) for c in range(3)], 1)
        colours.append((sums[i] / area).astype(np.float32))
    return pips, [dist8, threshold, (np.array(colours), face, lab8)]


def _split_pips(img: np.ndarray, blob: outlines.Blob) -> tuple[list[tuple[float, float, int]], list[np.ndarray]]:
    """Pips a glare (or a blur) joined into a spot too big or too long for one, and their Lab
    colours: within such a spot, what differs from the face at least PIP_SPLIT_LEVEL x as much as
    the pips found do (a glare on a dark die is lighter than its face but far less than its
    pips), pip-sized and round, off the face's middle (PIP_SPLIT_OFF_MIDDLE: a glare there taken
    for a pip would make a 2 a 3, a 4 a 5; elsewhere one such pip makes no face of a face). Only
    beside two pips found at least (one is no measure of a pip's strength and size)."""
    contrast: list = []
    if len(_pips(img, blob, contrast)) < 2 or not contrast:
        return [], []
    dist8, threshold, (colours, face, lab8) = contrast
    if thresholds.PIP_SPLIT_LIGHT_ONLY and float(np.median(colours[:, 0])) - float(face[0]) < thresholds.GLARE_SLOT_PIPS_LIGHTER:
        return [], []
    _, labels, stats, _, kept, merged = _pip_components(dist8, threshold, _inner(blob), blob.side)
    if not merged or len(kept) < 2:
        return [], []
    dist = _face_distance(lab8, face)
    level = thresholds.PIP_SPLIT_LEVEL * float(np.median([dist[labels == i].mean() for i in kept]))
    typical = float(np.median([stats[i, cv2.CC_STAT_AREA] for i in kept]))
    cx, cy = blob.rect[0]
    pips, found_colours = [], []
    for px, py, area, colour in _pips_in_spots(labels, stats, merged, dist, level, typical, lab8, blob.box):
        if math.hypot(px - cx, py - cy) >= thresholds.PIP_SPLIT_OFF_MIDDLE * blob.side:
            pips.append((px, py, area))
            found_colours.append(colour)
    return pips, found_colours


def _pips_in_spots(labels: np.ndarray, stats: np.ndarray, spots: list[int], strength: np.ndarray,
                   level: float, typical: float, lab8: np.ndarray, box: tuple[int, int, int, int]
                   ) -> list[tuple[float, float, int, np.ndarray]]:
    """Within each of ``spots`` (labels of _pip_components), the parts where ``strength`` is over
    ``level`` that are pip-sized (PIP_SPLIT_AREA x ``typical``) and round: (x, y, area, mean Lab
    colour) each, in the frame's pixels (``box``: the die's box the maps cover)."""
    x0, y0 = box[0], box[1]
    out = []
    for i in spots:
        bx, by, bw, bh = (int(v) for v in stats[i, :4])
        core = ((labels[by:by + bh, bx:bx + bw] == i) & (strength[by:by + bh, bx:bx + bw] > level)).astype(np.uint8)
        m, parts, sub, centres = cv2.connectedComponentsWithStats(core)
        for j in range(1, m):
            area = int(sub[j, cv2.CC_STAT_AREA])
            sw, sh = int(sub[j, cv2.CC_STAT_WIDTH]), int(sub[j, cv2.CC_STAT_HEIGHT])
            if not (thresholds.PIP_SPLIT_AREA[0] * typical <= area <= thresholds.PIP_SPLIT_AREA[1] * typical
                    and _pip_shaped(area, sw, sh)):
                continue
            where = np.zeros(labels.shape, np.uint8)
            where[by:by + bh, bx:bx + bw][parts == j] = 1
            out.append((float(centres[j][0] + bx + x0), float(centres[j][1] + by + y0), area,
                        np.array(cv2.mean(lab8, where)[:3], np.float32)))
    return out


def _tophat_pips(img: np.ndarray, blob: outlines.Blob) -> tuple[list[tuple[float, float, int]], list[np.ndarray]]:
    """Pips a glare washed into one bright patch with others (see PIP_TOPHAT), and their Lab
    colours: within each spot too big or too long for a pip, what stands out of its surroundings
    (a white top-hat of the face distance by a disc 1.6 pips across: a glare is broad, a pip is
    not) at least PIP_TOPHAT x as much as the pips found do, pip-sized and round; light pips also
    as light as the pips found (PIP_TOPHAT_LIGHTNESS). Only beside two pips found at least."""
    contrast: list = []
    if len(_pips(img, blob, contrast)) < 2 or not contrast:
        return [], []
    dist8, threshold, (colours, face, lab8) = contrast
    _, labels, stats, _, kept, merged = _pip_components(dist8, threshold, _inner(blob), blob.side)
    if not merged or len(kept) < 2:
        return [], []
    typical = float(np.median([stats[i, cv2.CC_STAT_AREA] for i in kept]))
    across = max(3, int(round(1.6 * 2.0 * math.sqrt(typical / math.pi)))) | 1
    dist = _face_distance(lab8, face)
    raised = cv2.morphologyEx(dist, cv2.MORPH_TOPHAT, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (across, across)))
    level = thresholds.PIP_TOPHAT * float(np.median([raised[labels == i].max() for i in kept]))
    light = float(np.median(colours[:, 0])) > float(face[0])
    least_light = thresholds.PIP_TOPHAT_LIGHTNESS * float(colours[:, 0].min())
    pips, found_colours = [], []
    for px, py, area, colour in _pips_in_spots(labels, stats, merged, raised, level, typical, lab8, blob.box):
        if not (light and colour[0] < least_light):
            pips.append((px, py, area))
            found_colours.append(colour)
    return pips, found_colours


def _grid_contrast(contrast: np.ndarray, box: tuple[int, int, int, int], centre: tuple[float, float],
                   step: float, angle: float, radius: float) -> np.ndarray:
    """Mean contrast at the nine pip positions of a 3x3 grid laid on the face (row-major)."""
    x0, y0 = box[0], box[1]
    c, s_ = np.cos(-angle), np.sin(-angle)
    out = np.zeros(9)
    r = max(1, int(round(radius)))
    h, w = contrast.shape
    for i, (gx, gy) in enumerate((gx, gy) for gy in (-1, 0, 1) for gx in (-1, 0, 1)):
        px = centre[0] + step * (c * gx - s_ * gy) - x0
        py = centre[1] + step * (s_ * gx + c * gy) - y0
        xi, yi = int(round(px)), int(round(py))
        if not (0 <= xi < w and 0 <= yi < h):
            out[i] = 255.0
            continue
        patch = contrast[max(0, yi - r):yi + r + 1, max(0, xi - r):xi + r + 1]
        out[i] = cv2.sumElems(patch)[0] / patch.size     # the exact mean (whole-number sum)
    return out


_GRID_SLOTS = {v: [{(int(gy) + 1) * 3 + (int(gx) + 1) for gx, gy in variant} for variant in variants]
               for v, variants in _VARIANTS.items()}


def _check_face(pips: list[tuple[float, float, int]], blob: outlines.Blob, contrast: list
                ) -> tuple[int, float, float, float] | str:
    """Validate one set of pips as a whole face: (value, confidence, x, y) or why not."""
    pts = np.array([(px, py) for px, py, _ in pips])
    fit = fit_layout(pts)
    if fit is None:
        return "a face matches no pip layout"
    value, error, step, angle = fit
    areas = np.array([a for _, _, a in pips], float)
    if error > thresholds.MAX_LAYOUT_ERROR:
        return "a face matches no pip layout"
    if value > 1 and not thresholds.PIP_STEP_RANGE[0] * blob.side <= step <= thresholds.PIP_STEP_RANGE[1] * blob.side:
        return "a face matches no pip layout"
    if value > 1 and areas.max() > 2.0 * areas.min():
        return "a face matches no pip layout"
    if value == 1 and not 0.015 * blob.area <= areas[0] <= 0.25 * blob.area:
        return "a face matches no pip layout"
    # Pips of one face share a colour; a glint of light or a stain does not.
    if value > 1 and len(contrast) > 2:
        colours, face, _ = contrast[2]
        # (contrast[3]: every pip found, in the order of their colours; ``pips`` may leave some out)
        chosen = np.array([c for c, p in zip(colours, contrast[3]) if p in pips])
        if len(chosen) == value:
            typical = tray_foreground.median_rows(chosen)
            spread = np.linalg.norm(chosen - typical, axis=1).max()
            if spread > 0.35 * np.linalg.norm(typical - face):
                return classifier.NO_LAYOUT_GLINT
    cx, cy = pts.mean(axis=0)
    # The face centre must be near the die's centre (pips of a side face would pull it away).
    (rx, ry), _, _ = blob.rect
    if np.hypot(cx - rx, cy - ry) > 0.2 * blob.side:
        return reasons.FACE_OFF_MIDDLE
    # Two or three pips of a column (half a 4 or a 6, the rest unseen) are closer together than
    # a real 2 or 3 on the diagonal.
    if value in (2, 3) and step < 0.21 * blob.side:
        return reasons.SMUDGED
    # Every empty slot of the 3x3 grid must look like bare face: a pip we missed there would
    # turn a 6 into a 4 or a 5 into a 4.
    if value == 1:
        step, angle = 0.27 * blob.side, float(np.deg2rad(blob.rect[2]))
    pip_radius = float(np.sqrt(tray_foreground.median_rows(areas) / np.pi))
    slot_radius = max(1.0, 0.6 * min(pip_radius, 0.08 * blob.side))
    grid = _grid_contrast(contrast[0], blob.box, (float(cx), float(cy)), step, angle, slot_radius)
    bare = grid <= thresholds.EMPTY_SLOT_MAX * contrast[1]
    if (thresholds.GLARE_SLOT_MAX is not None and (blob.confirming or not thresholds.GLARE_SLOT_CONFIRMING)
            and not bare.all() and len(contrast) > 2 and len(contrast[2][0])):
        # Light pips on a darker face: a glare lightens the face, but a pip under it stays as
        # light as the pips (light only adds), so a slot far less light than they are is bare.
        colours, face, lab8 = contrast[2]
        pip_light = float(np.median(colours[:, 0]))
        if pip_light - float(face[0]) >= thresholds.GLARE_SLOT_PIPS_LIGHTER:
            lightness = _grid_contrast(lab8[:, :, 0], blob.box, (float(cx), float(cy)), step, angle, slot_radius)
            bare |= lightness < float(face[0]) + thresholds.GLARE_SLOT_MAX * (pip_light - float(face[0]))
    if not any(all(bare[i] for i in range(9) if i not in slots) for slots in _GRID_SLOTS[value]):
        return reasons.SMUDGED
    if (thresholds.MIDDLE_SHADE_MAX is not None and value in (2, 4) and len(contrast) > 2
            and _middle_shade(pts, contrast[2], blob.box, pip_radius) > thresholds.MIDDLE_SHADE_MAX):
        return reasons.SMUDGED
    confidence = float(np.clip(1.0 - error / (thresholds.MAX_LAYOUT_ERROR * 2), 0.0, 1.0))
    return value, confidence, float(cx), float(cy)


def _layouts_shown(img: np.ndarray, blob: outlines.Blob) -> dict[int, tuple[float, float]]:
    """The faces whose canonical layout ``blob`` shows in its pips' contrast map, and where each
    face's centre is: every slot of the layout plainly a pip (GUIDED_PIP_MIN) and every other
    slot of the 3 x 3 grid plainly bare (GUIDED_EMPTY_SHARE), the grid laid on the outline's
    middle and angle, moved a little each way, its step a pip's usual. (Pips too faint for the
    pip finder's threshold, as red pips on a dark die, still stand out against the bare face
    between them. A blurred small die can show two layouts at once: the reader takes a face
    only where it shows that one alone.)"""
    contrast: list = []
    _pips(img, blob, contrast)
    if not contrast:
        return {}
    level = contrast[1]
    side = blob.side
    radius = max(1, int(round(0.05 * side)))
    means = cv2.blur(contrast[0].astype(np.float32), (2 * radius + 1, 2 * radius + 1),
                     borderType=cv2.BORDER_REPLICATE)
    h, w = means.shape
    # Slots only on the die, off its edge: beyond it the tray differs from the face as a pip does.
    on_die = _inner(blob) > 0
    (cx, cy), _, degrees = blob.rect
    shifts = np.arange(-0.12, 0.1201, 0.04) * side
    ox, oy = [a.ravel() for a in np.meshgrid(shifts, shifts)]
    centres_x, centres_y = cx - blob.box[0] + ox, cy - blob.box[1] + oy
    grid = np.array([(gx, gy) for gy in (-1, 0, 1) for gx in (-1, 0, 1)], float)
    # Each face's ways of lying on the grid: its slots, and the grid's others.
    layouts = [(value, sorted(slots), [i for i in range(9) if i not in slots])
               for value, variants in _GRID_SLOTS.items() for slots in variants]
    best: dict[int, tuple[float, float, float]] = {}
    rivals: dict[int, tuple[float, float, float]] = {}     # shown at a step under the usual
    for turn in np.deg2rad(degrees + np.array([-10.0, -5.0, 0.0, 5.0, 10.0])):
        c, s_ = math.cos(turn), math.sin(turn)
        for step in np.arange(0.24 if thresholds.GUIDED_RIVAL_STEP is None else thresholds.GUIDED_RIVAL_STEP, 0.341, 0.02) * side:
            found = rivals if step < 0.235 * side else best
            dx = step * (c * grid[:, 0] - s_ * grid[:, 1])
            dy = step * (s_ * grid[:, 0] + c * grid[:, 1])
            xs = np.rint(centres_x[:, None] + dx[None, :]).astype(int)
            ys = np.rint(centres_y[:, None] + dy[None, :]).astype(int)
            inside = ((xs >= 0) & (xs < w) & (ys >= 0) & (ys < h)).all(axis=1)
            inside[inside] = on_die[ys[inside], xs[inside]].all(axis=1)
            if not inside.any():
                continue
            seen = means[ys[inside], xs[inside]]
            for value, on, off in layouts:
                weakest = seen[:, on].min(axis=1)
                strongest_bare = seen[:, off].max(axis=1)
                ok = (weakest >= thresholds.GUIDED_PIP_MIN * level) & (strongest_bare <= thresholds.GUIDED_EMPTY_SHARE * weakest)
                if not ok.any():
                    continue
                k = int(np.argmax(np.where(ok, weakest - strongest_bare, -np.inf)))
                margin = float(weakest[k] - strongest_bare[k])
                if value not in found or margin > found[value][0]:
                    at = np.flatnonzero(inside)[k]
                    found[value] = (margin, float(centres_x[at] + blob.box[0]), float(centres_y[at] + blob.box[1]))
    if set(rivals) - set(best):
        # A face whose pips lie nearer its middle than the grid's usual step (a small 3 turned 45
        # degrees, its pips in a row through the middle) can show as a 1 there, its pips between
        # the bare slots: another face shown at a smaller step, no face is shown alone.
        return {}
    return {value: (x, y) for value, (_, x, y) in best.items()}


def _middle_shade(pts: np.ndarray, colours: tuple, box: tuple[int, int, int, int], pip_radius: float
                  ) -> float:
    """How far the middle of a 2 or a 4 (its pips ``pts``) leans from the bare face's colour towards
    its pips' (0: none, 1: a pip's): a glare can wash a 3's or a 5's middle pip out so far that
    the unsigned contrast the empty slots are checked on (EMPTY_SLOT_MAX) cannot tell it from
    noise, yet it still lies towards the pips' colour, where noise does not. Measured against
    the face between the pips (between neighbours of a 4, off the diagonal of a 2), whose
    colour blur and glare shift alike."""
    pip_colours, face, lab = colours
    towards = tray_foreground.median_rows(pip_colours) - face
    norm = float(towards @ towards)
    if norm <= 0:
        return 0.0
    centre = pts.mean(axis=0)
    if len(pts) == 4:
        # The middles between neighbours: each pip's nearest other.
        refs = [(pts[i] + pts[int(np.argsort(np.linalg.norm(pts - pts[i], axis=1))[1])]) / 2
                for i in range(4)]
    else:
        half = pts[0] - centre
        refs = [centre + 0.5 * np.array([-half[1], half[0]]), centre - 0.5 * np.array([-half[1], half[0]])]
    r = max(1, int(round(0.6 * pip_radius)))

    def lean(x: float, y: float) -> float:
        return _lean_at(lab, box, face, towards, x, y, r)

    return lean(*centre) - float(np.median([lean(*ref) for ref in refs]))


def _lean_at(lab: np.ndarray, box: tuple[int, ...], face: np.ndarray, towards: np.ndarray,
             x: float, y: float, r: int) -> float:
    """How far the mean colour of the square ``r`` round (x, y) in ``lab`` (the Lab pixels of
    ``box``) leans from ``face`` along ``towards`` (0: the face's colour, 1: ``face + towards``,
    a pip's); 0 off the box. ``towards`` must not be zero."""
    h, w = lab.shape[:2]
    xi, yi = int(round(x)) - box[0], int(round(y)) - box[1]
    patch = lab[max(0, yi - r):min(h, yi + r + 1), max(0, xi - r):min(w, xi + r + 1)]
    if patch.size == 0:
        return 0.0
    return float((np.array(cv2.mean(patch)[:3]) - face) @ towards) / float(towards @ towards)


def _middle_may_hide_a_pip(img: np.ndarray, blob: outlines.Blob, x: float, y: float, slot_doubted: bool,
                           rival: float) -> bool:
    """Whether the middle (x, y) of a 2 or a 4 the network read alone may hide a middle pip,
    the face a 3 or a 5: a glare can wash that pip out, or cover it whole. ``slot_doubted``: the
    pips' own check found an empty slot that looked like a pip; ``rival``: the network's 3 or 5
    over its 2 or 4. (Fresh 50043: a wooden 5 under the cup, the network 4 at 0.86, 5 at 0.13;
    310492: a 5 whose middle pip a glare greyed, 4 at 0.83, 5 at 0.11; 310856: a wooden 3,
    its middle pip gone under a glint, 2 at 0.94, 3 at 0.03.) A glint on a true 4's middle is
    the same spot: where the network gives no rival, a glint alone decides."""
    contrast: list = []
    pips = _pips(img, blob, contrast)
    off_middle = [float(np.hypot(px - x, py - y)) / blob.side for px, py, _ in pips]
    middle = [i for i, d in enumerate(off_middle) if d < thresholds.MIDDLE_SPOT]
    near_middle = any(d < max(thresholds.MIDDLE_SPOT, thresholds.RIVAL_SPOT) for d in off_middle)
    if thresholds.MIDDLE_SPOT_RIVAL and rival >= thresholds.MIDDLE_SPOT_RIVAL and (near_middle or (thresholds.MIDDLE_SLOT_RIVAL and slot_doubted)):
        return True
    if (thresholds.MIDDLE_WASHED_MIN is not None and not _light_pips(contrast)
            and _middle_lean(contrast, blob, x, y) < -thresholds.MIDDLE_WASHED_MIN):
        return True
    if not (thresholds.MIDDLE_GLINT and middle and len(pips) >= 2 and len(contrast) > 2):
        return False
    colours, face, _ = contrast[2]
    for i in middle:
        towards = tray_foreground.median_rows(np.delete(colours, i, axis=0)) - face
        if float((colours[i] - face) @ towards) < 0:
            return True
    return False


def _middle_lean(contrast: list, blob: outlines.Blob, x: float, y: float) -> float:
    """How far the disc at the middle (x, y) of the face in ``blob`` (MIDDLE_WASHED_REACH x its side
    round) leans, on average, from the face's colour towards its pips' (``contrast`` as _pips
    fills it; 1: a pip's colour, below 0: lighter than the face where the pips are darker, a
    glare). 0 where the die shows no pips to measure by."""
    if len(contrast) < 3 or len(contrast[2][0]) == 0:
        return 0.0
    colours, face, lab8 = contrast[2]
    towards = tray_foreground.median_rows(colours) - face
    if float(towards @ towards) <= 0:
        return 0.0
    return _lean_at(lab8, blob.box, face, towards, x, y, max(1, int(round(thresholds.MIDDLE_WASHED_REACH * blob.side))))


def _middle_response(img: np.ndarray, blob: outlines.Blob, x: float, y: float, reach: float) -> float | None:
    """How strongly a pip stands at the middle (x, y) of the face in ``blob``: the strongest, within
    ``reach`` pixels, of a pip-sized disc's colour against the ring round it, along the way from
    the face's colour to its pips' (1: a pip on bare face, 0: bare face). Against its own ring,
    not the face's colour: a glare lightens a pip and the face round it alike. None where the
    die shows no pips to measure by."""
    contrast: list = []
    pips = _pips(img, blob, contrast)
    if len(contrast) < 3 or len(contrast[2][0]) == 0:
        return None
    colours, face, lab8 = contrast[2]
    towards = (tray_foreground.median_rows(colours) - face).astype(np.float32)
    norm = float(towards @ towards)
    if norm <= 0:
        return None
    pip_radius = float(np.sqrt(tray_foreground.median_rows(np.array([a for *_, a in pips], float)) / np.pi))
    pip_radius = min(max(pip_radius, 1.5), 0.1 * blob.side)
    bx, by = blob.box[0], blob.box[1]
    h, w = lab8.shape[:2]
    outer = int(math.ceil(2.2 * pip_radius))
    x0, x1 = int(max(0, math.floor(x - bx - reach - outer))), int(min(w, math.ceil(x - bx + reach + outer) + 1))
    y0, y1 = int(max(0, math.floor(y - by - reach - outer))), int(min(h, math.ceil(y - by + reach + outer) + 1))
    if x1 <= x0 or y1 <= y0:
        return None
    # each pixel's way from the face's colour towards the pips' (0 face, 1 pip)
    along = cv2.transform(lab8[y0:y1, x0:x1].astype(np.float32) - face.astype(np.float32),
                          (towards / norm).reshape(1, 3))
    yy, xx = np.mgrid[-outer:outer + 1, -outer:outer + 1]
    d = np.hypot(xx, yy)
    disc = (d <= max(1.0, 0.6 * pip_radius)).astype(np.float32)
    ring = ((d >= 1.5 * pip_radius) & (d <= 2.2 * pip_radius)).astype(np.float32)
    kernel = disc / disc.sum() - ring / max(ring.sum(), 1.0)
    response = cv2.filter2D(along, -1, kernel, borderType=cv2.BORDER_REPLICATE)
    gy, gx = np.mgrid[y0:y1, x0:x1]
    near = np.hypot(gx - (x - bx), gy - (y - by)) <= reach
    return float(response[near].max()) if near.any() else None


def _middle_like_a_glare(img: np.ndarray, blob: outlines.Blob, x: float, y: float, strength: float) -> bool:
    """Whether the middle spot of a 3 or a 5 at (x, y), standing out ``strength``, is weaker and
    wider than the face's other pips (MIDDLE_GLARE_WEAKER, MIDDLE_GLARE_WIDER): a glare's soft
    patch, where a pip is the size of its fellows. On light pips the middle spot may be a glare
    joined to a pip, centred off the middle (MIDDLE_GLARE_JOINED), or no spot at all, the glare
    joined to pips round it: then the middle's strength alone is asked (MIDDLE_UNFOUND_WEAKER)."""
    if thresholds.MIDDLE_GLARE_WEAKER is None:
        return False
    contrast: list = []
    pips = _pips(img, blob, contrast)
    light = _light_pips(contrast)
    joined = thresholds.MIDDLE_GLARE_JOINED is not None and light
    reach = (thresholds.MIDDLE_GLARE_JOINED if joined else thresholds.MIDDLE_REACH) * blob.side
    middle = [a for px, py, a in pips if math.hypot(px - x, py - y) < reach]
    others = [(px, py, a) for px, py, a in pips if math.hypot(px - x, py - y) >= reach]
    if not middle and thresholds.MIDDLE_UNFOUND_WEAKER is not None and light and len(others) >= 2:
        # No spot there at all (the glare joined the pips round it into one too big to be a pip):
        # its strength alone says whether it is one.
        pips_strength = _pips_strength(img, blob, others)
        return pips_strength is not None and strength < thresholds.MIDDLE_UNFOUND_WEAKER * pips_strength
    if not middle or len(others) < (1 if joined else 2):
        return False
    if max(middle) <= thresholds.MIDDLE_GLARE_WIDER * float(np.median([a for *_, a in others])):
        return False
    pips_strength = _pips_strength(img, blob, others)
    return pips_strength is not None and strength < thresholds.MIDDLE_GLARE_WEAKER * pips_strength


def _pips_strength(img: np.ndarray, blob: outlines.Blob, pips: list[tuple[float, float, int]]) -> float | None:
    """How strongly ``pips`` stand out from the face round them (the median), or None."""
    responses = [_middle_response(img, blob, px, py, 0.05 * blob.side) for px, py, _ in pips]
    responses = [r for r in responses if r is not None]
    return float(np.median(responses)) if responses else None


def _light_pips(contrast: list) -> bool:
    """Whether the pips found (``contrast`` as _pips fills it) are lighter than their face."""
    if len(contrast) < 3 or len(contrast[2][0]) == 0:
        return False
    colours, face, _ = contrast[2]
    return bool(tray_foreground.median_rows(colours)[0] >= face[0])


def _face_middle(pips: list[tuple[float, float, int]], x: float, y: float, side: float, value: int
                 ) -> tuple[float, float] | None:
    """The middle of a 2 or a 4 (x, y its middle as read) from its corner pips: the two of a 2,
    or the farthest two of three or four of a 4 (a diagonal). None if they are not all found."""
    corners = np.array([(px, py) for px, py, _ in pips if 0.18 * side <= math.hypot(px - x, py - y) <= 0.7 * side])
    if not ((value == 2 and len(corners) == 2) or (value == 4 and len(corners) in (3, 4))):
        return None
    apart = np.linalg.norm(corners[:, None] - corners[None], axis=2)
    i, j = np.unravel_index(int(np.argmax(apart)), apart.shape)
    mx, my = (corners[i] + corners[j]) / 2
    return float(mx), float(my)


def _middle_unclear(img: np.ndarray, blob: outlines.Blob, value: int, x: float, y: float, by_network: bool) -> bool:
    """Whether the face read ``value`` at (x, y) may have its middle wrong: a 3 or a 5 whose middle
    pip hardly stands out (MIDDLE_PIP_MIN: a glare taken for a pip), or a 2 or a 4, its pips
    darker than its face, whose middle leans to a pip (a pip a glare washed out: GLARED_MIDDLE_MAX
    read by the network, GLARED_MIDDLE_PIPS_MAX by its pips; the middle where its corner pips put
    it, and read by the network where its outline does too, GLARED_MIDDLE_AT_OUTLINE), or a 3 or
    a 5 whose middle spot is weaker and wider than its other pips, or with light pips weaker where
    no spot was found (MIDDLE_GLARE_WEAKER, MIDDLE_UNFOUND_WEAKER: a glare on a light-pipped face's
    middle looks like a pip)."""
    if value in (3, 5) and thresholds.MIDDLE_PIP_MIN is not None:
        strength = _middle_response(img, blob, x, y, thresholds.MIDDLE_REACH * blob.side)
        if strength is None:
            return False
        return strength < thresholds.MIDDLE_PIP_MIN or _middle_like_a_glare(img, blob, x, y, strength)
    most = thresholds.GLARED_MIDDLE_MAX if by_network else thresholds.GLARED_MIDDLE_PIPS_MAX
    if value in (2, 4) and most is not None:
        contrast: list = []
        middle = _face_middle(_pips(img, blob, contrast), x, y, blob.side, value)
        if len(contrast) < 3 or len(contrast[2][0]) == 0:
            return False
        if _light_pips(contrast):
            return False       # not asked
        # Where its corner pips put its middle, and read by the network where its outline does
        # too: a corner pip lost, a fragment or a neighbour's pip taken for one, moves the
        # corners' middle off the face's, or leaves none.
        places = [middle] if middle is not None else []
        if by_network and thresholds.GLARED_MIDDLE_AT_OUTLINE:
            places.append((x, y))
        strengths = [s for s in (_middle_response(img, blob, px, py, 0.04 * blob.side) for px, py in places)
                     if s is not None]
        return bool(strengths) and max(strengths) > most
    return False


def _outside_face(left_out: list[tuple[float, float, int]], face: list[tuple[float, float, int]],
                  blob: outlines.Blob) -> bool:
    """True when every left-out pip lies clearly beyond the face the others form (a side face),
    never on it (where leaving it out would change the value)."""
    pts = np.array([(px, py) for px, py, _ in face])
    fit = fit_layout(pts)
    if fit is None:
        return False
    value, _, step, angle = fit
    if value == 1:
        step, angle = 0.27 * blob.side, float(np.deg2rad(blob.rect[2]))
    centre = pts.mean(axis=0)
    c, s_ = np.cos(angle), np.sin(angle)
    for px, py, _ in left_out:
        dx, dy = px - centre[0], py - centre[1]
        u, v = c * dx - s_ * dy, s_ * dx + c * dy
        if max(abs(u), abs(v)) < 1.9 * step:
            return False
    return True


def _fills_die(face: list[tuple[float, float, int]], blob: outlines.Blob) -> bool:
    """A face found by leaving pips out must still sit centred on the die and span it (a column
    of a 6 must not pass for a 3)."""
    pts = np.array([(px, py) for px, py, _ in face])
    (rx, ry), _, _ = blob.rect
    cx, cy = pts.mean(axis=0)
    if np.hypot(cx - rx, cy - ry) > 0.15 * blob.side:
        return False
    fit = fit_layout(pts)
    return fit is not None and (fit[0] == 1 or fit[2] >= 0.22 * blob.side)


def _inside_outline(pips: list[tuple[float, float, int]], blob: outlines.Blob) -> list[tuple[float, float, int]]:
    """The pips well inside the die's outline. Pips of a side face seen at an angle, and glints
    on the die's edges, sit against it; every pip of the face lying flat is well inside."""
    edge = cv2.distanceTransform(cv2.copyMakeBorder(blob.mask, 1, 1, 1, 1, cv2.BORDER_CONSTANT, 0),
                                 cv2.DIST_L2, 3)[1:-1, 1:-1]
    bx, by = blob.box[0], blob.box[1]
    h, w = edge.shape
    return [p for p in pips
            if edge[min(h - 1, max(0, int(p[1] - by))), min(w - 1, max(0, int(p[0] - bx)))]
            >= thresholds.EDGE_MARGIN * blob.side]


def _read_die(img: np.ndarray, blob: outlines.Blob) -> tuple[int, float, float, float] | str:
    """(value seen, confidence, x, y) or the reason this die cannot be read.

    Seen at an angle, a die shows pips of its side faces near its outline. When all the pips
    together are no face, the reader tries leaving out up to three pips near the outline, and
    accepts only if exactly one value remains possible. When they are no face still, with pips a
    glare joined to a spot split off (_split_pips) they may be, or with the pips that stand out of
    a glare that washed them together (_tophat_pips).
    """
    result = _read_pips(img, blob)
    fallbacks = ((thresholds.PIP_SPLIT_LEVEL, thresholds.PIP_SPLIT_CONFIRMING, _split_pips),
                 (thresholds.PIP_TOPHAT, thresholds.PIP_TOPHAT_CONFIRMING, _tophat_pips))
    for level, confirming_only, more_pips in fallbacks:
        if isinstance(result, str) and level is not None and (blob.confirming or not confirming_only):
            # Read again with those pips beside the ones found, if that reads the face.
            more = more_pips(img, blob)
            if more[0]:
                again = _read_pips(img, blob, more)
                if not isinstance(again, str):
                    return again
    if isinstance(result, str) and thresholds.PIP_LIGHTNESS is not None and not thresholds.PIP_LIGHTNESS_CONFIRMING:
        again = _lightness_read(img, blob)
        if again is not None:
            return again
    return result


def _lightness_read(img: np.ndarray, blob: outlines.Blob) -> tuple[int, float, float, float] | None:
    """The face read from the pips that stand out of their surroundings in lightness alone (see
    PIP_LIGHTNESS), or None. Light or dark pips as the pips found are, mostly (two at least: one
    is no measure of a pip's size or of which way they differ)."""
    contrast: list = []
    found = _pips(img, blob, contrast)
    if len(found) < 2 or len(contrast) < 3:
        return None
    colours, face, lab8 = contrast[2]
    light = float(np.median(colours[:, 0])) > float(face[0])
    typical = float(np.median([a for _, _, a in found]))
    across = max(3, int(round(1.6 * 2.0 * math.sqrt(typical / math.pi)))) | 1
    disc = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (across, across))
    raised = cv2.morphologyEx(lab8[:, :, 0], cv2.MORPH_TOPHAT if light else cv2.MORPH_BLACKHAT, disc)
    inner = _inner(blob)
    if not np.any(inner):
        return None
    otsu, _ = cv2.threshold(raised[inner > 0].reshape(-1, 1), 0, 255, cv2.THRESH_BINARY + cv2.THRESH_OTSU)
    threshold = thresholds.PIP_LIGHTNESS * float(otsu)
    _, _, stats, centres, kept, _ = _pip_components(raised, threshold, inner, blob.side)
    x0, y0 = blob.box[0], blob.box[1]
    pips = _inside_outline([(float(centres[i][0] + x0), float(centres[i][1] + y0), int(stats[i, cv2.CC_STAT_AREA]))
                            for i in kept], blob)
    if not pips:
        return None
    read = _check_face(pips, blob, [raised, threshold])
    return None if isinstance(read, str) else read


def _colour_pips_read(img: np.ndarray, blob: outlines.Blob) -> tuple[int, float, float, float] | None:
    """The face the die's pips lay out when told apart from its face by colour (COLOUR_PIPS), or
    None. The pip finder takes what differs from the face's median colour: on a marbled die the
    swirls differ as much as the pips do. Here each colour of a spot found is tried as the pips'
    colour: a pixel is a pip's where it is much nearer that colour than the face's, and only a
    face read so with one colour alone is taken (two colours giving two faces: no read)."""
    contrast: list = []
    _pips(img, blob, contrast)
    if len(contrast) < 3 or not len(contrast[2][0]):
        return None
    _, _, (colours, face, lab8) = contrast[:3]
    tried: list[np.ndarray] = []
    for colour in colours:
        if all(np.linalg.norm(colour - other) > thresholds.COLOUR_PIPS_MERGE for other in tried):
            tried.append(colour)
    inner = _inner(blob)
    from_face = _face_distance(lab8, face)
    x0, y0 = blob.box[0], blob.box[1]
    answers: dict[int, tuple[int, float, float, float]] = {}
    for colour in tried:
        separation = float(np.sqrt(((colour - face) ** 2 * _PIP_WEIGHTS[0]).sum()))
        if separation < thresholds.COLOUR_PIPS_SEPARATION:
            continue
        from_pip = _face_distance(lab8, colour)
        # 0 where a pixel is as near the face as the pip colour (or nearer), 255 at the pip colour.
        share = from_face / (from_face + from_pip + 1e-3)
        pipness = np.clip(2.0 * share - 1.0, 0.0, 1.0)
        pipness[from_face < thresholds.COLOUR_PIPS_PIP_SHARE * separation] = 0.0
        map8 = (pipness * 255.0).astype(np.uint8)
        threshold = (2.0 * thresholds.COLOUR_PIPS - 1.0) * 255.0
        _, labels, stats, centres, kept, _ = _pip_components(map8, threshold, inner, blob.side)
        pips = [(float(centres[i][0] + x0), float(centres[i][1] + y0), int(stats[i, cv2.CC_STAT_AREA]))
                for i in kept]
        pip_colours = np.array([cv2.mean(lab8, (labels == i).astype(np.uint8))[:3] for i in kept],
                               np.float32).reshape(-1, 3)
        inside = _inside_outline(pips, blob)
        if not inside:
            continue
        read = _check_face(inside, blob, [map8, threshold, (pip_colours, face, lab8), pips])
        if not isinstance(read, str):
            answers.setdefault(read[0], read)
    return next(iter(answers.values())) if len(answers) == 1 else None


def _read_pips(img: np.ndarray, blob: outlines.Blob, more: tuple[list, list] | None = None
               ) -> tuple[int, float, float, float] | str:
    """``_read_die`` of the pips found, and ``more`` (pips, their Lab colours) beside them."""
    contrast: list = []
    pips = _pips(img, blob, contrast)
    if more is not None and contrast:
        pips += more[0]
        colours, face, lab8 = contrast[2]
        contrast[2] = (np.concatenate([colours.reshape(-1, 3), np.array(more[1]).reshape(-1, 3)]), face, lab8)
    contrast.append(pips)       # every pip found, in the order of their colours (contrast[2])
    pips = _inside_outline(pips, blob)
    if not pips:
        return NO_PIPS
    whole = _check_face(pips, blob, contrast)
    if not isinstance(whole, str) or len(pips) < 2:
        return whole
    (rx, ry), _, _ = blob.rect
    outer = [i for i, (px, py, _) in enumerate(pips) if np.hypot(px - rx, py - ry) > 0.28 * blob.side]
    answers: dict[int, tuple[int, float, float, float]] = {}
    for drop in range(1, min(3, len(outer)) + 1):
        for left_out in combinations(outer, drop):
            subset = [p for i, p in enumerate(pips) if i not in left_out]
            result = _check_face(subset, blob, contrast)
            if not isinstance(result, str) and _outside_face(
                    [pips[i] for i in left_out], subset, blob) and _fills_die(subset, blob):
                best = answers.get(result[0])
                if best is None or result[1] > best[1]:
                    answers[result[0]] = result
        if answers:
            break
    if len(answers) == 1:
        return next(iter(answers.values()))
    return whole


def _pip_by_rim(img: np.ndarray, blob: outlines.Blob, rect: tuple[int, int, int, int], reach: float) -> bool:
    """Whether a pip of the die that _inside_outline leaves out (too near its outline), as big
    as the pips it keeps (PIP_BY_RIM_SIZE x their median area: a whole pip, not a speck of the
    rim's edge), lies within ``reach`` pixels of an edge of the tray ``rect`` (x, y, w, h), or
    beyond it."""
    pips = _pips(img, blob)
    kept = _inside_outline(pips, blob)
    least = thresholds.PIP_BY_RIM_SIZE * float(np.median([a for *_, a in kept])) if kept else 0.0
    rx, ry, rw, rh = rect
    return any(a >= least and min(px - rx, py - ry, rx + rw - px, ry + rh - py) < reach
               for px, py, a in pips if (px, py, a) not in kept)


def _side_over_rim(img: np.ndarray, blob: outlines.Blob, rect: tuple[int, int, int, int], die_side: float) -> float:
    """How far what lies beyond the tray's edge (``rect``: x, y, w, h) beside the die differs from
    the rest of the rim there: the median distance (0.6|dL| + |da| + |db|, 8-bit Lab) of a strip
    0.3 x ``die_side`` deep beyond each edge the die's box comes within 0.1 side of, along the
    middle 60% of the die, from the median of the same strip's depth along the rest of that edge;
    the largest over those edges (0 when the die is against none). A die lying flat stops at the
    edge; a die leaning on the rim lays its side over it."""
    x, y, w, h = blob.box
    rx, ry, rw, rh = rect
    reach, depth = 0.1 * die_side, max(2, int(round(0.3 * die_side)))
    rows, cols = img.shape[:2]
    worst = 0.0
    for edge in ("left", "right", "top", "bottom"):
        if edge == "left" and x <= rx + reach:
            band = img[ry:ry + rh, max(0, rx - 1 - depth):max(0, rx - 1)]
            lo, hi = y - ry, y + h - ry
        elif edge == "right" and x + w >= rx + rw - reach:
            band = img[ry:ry + rh, rx + rw + 1:min(cols, rx + rw + 1 + depth)]
            lo, hi = y - ry, y + h - ry
        elif edge == "top" and y <= ry + reach:
            band = img[max(0, ry - 1 - depth):max(0, ry - 1), rx:rx + rw].transpose(1, 0, 2)
            lo, hi = x - rx, x + w - rx
        elif edge == "bottom" and y + h >= ry + rh - reach:
            band = img[ry + rh + 1:min(rows, ry + rh + 1 + depth), rx:rx + rw].transpose(1, 0, 2)
            lo, hi = x - rx, x + w - rx
        else:
            continue
        # band: along the edge x depth x 3, the die's box from lo to hi along it
        if band.shape[0] == 0 or band.shape[1] < 2:
            continue
        extent = hi - lo
        beside = band[max(0, int(lo + 0.2 * extent)):max(0, int(hi - 0.2 * extent))]
        keep = np.ones(band.shape[0], bool)
        keep[max(0, int(lo - 0.5 * extent)):max(0, int(hi + 0.5 * extent))] = False
        if len(beside) < 2 or keep.sum() < 2:
            continue
        rim = np.median(cv2.cvtColor(np.ascontiguousarray(band[keep]), cv2.COLOR_BGR2LAB), axis=0)
        lab = cv2.cvtColor(np.ascontiguousarray(beside), cv2.COLOR_BGR2LAB).astype(np.float32)
        d = np.abs(lab - rim.astype(np.float32)[None])
        worst = max(worst, float(np.median(0.6 * d[..., 0] + d[..., 1] + d[..., 2])))
    return worst


def _faint_side(faint: np.ndarray, scale: float, blob: outlines.Blob, others: list[tuple[float, float]],
                opening: np.ndarray | None = None) -> float:
    """How much further the die's faint outline (``faint``, a mask at ``scale``) reaches out on one
    side than on the opposite one, in the die's own axes, x its side. Under the cup a leaning
    die's side fades from the foreground, leaving a square outline round its face; but it still
    differs from the tray a little, on one side of the face. (Pixels nearer another die's
    centre in ``others`` are that die's. ``opening``: ``faint`` is not opened yet; it is, by this
    kernel, round this die only: the same pixels there, at a fraction of the whole frame's cost.)"""
    (cx, cy), _, angle = blob.rect
    side = blob.side * scale
    cx, cy = cx * scale, cy * scale
    rows, cols = faint.shape
    half = int(math.ceil(1.2 * side * math.sqrt(2))) + 1      # the window: 1.2 sides each way, turned
    x0, y0 = max(0, int(cx) - half), max(0, int(cy) - half)
    x1, y1 = min(cols, int(cx) + half + 1), min(rows, int(cy) + half + 1)
    xi, yi = int(round(cx)), int(round(cy))
    if not (x0 <= xi < x1 and y0 <= yi < y1):
        return 0.0
    if opening is None:
        window = faint[y0:y1, x0:x1]
    else:
        m = max(opening.shape)      # (the most an opening reaches: half the kernel, twice)
        mx0, my0 = max(0, x0 - m), max(0, y0 - m)
        opened = cv2.morphologyEx(faint[my0:min(rows, y1 + m), mx0:min(cols, x1 + m)], cv2.MORPH_OPEN, opening)
        window = np.ascontiguousarray(opened[y0 - my0:y1 - my0, x0 - mx0:x1 - mx0])
    if not window[yi - y0, xi - x0]:
        return 0.0
    _, labels = cv2.connectedComponents(window)
    ys, xs = np.nonzero(labels == labels[yi - y0, xi - x0])
    xs, ys = xs + x0 - cx, ys + y0 - cy
    keep = np.ones(len(xs), bool)
    for ox, oy in others:
        ox, oy = ox * scale - cx, oy * scale - cy
        if ox * ox + oy * oy < (2 * half + 2) ** 2:     # (one farther off is nearer no pixel here)
            keep &= xs ** 2 + ys ** 2 < (xs - ox) ** 2 + (ys - oy) ** 2
    a = math.radians(angle)
    u = xs[keep] * math.cos(a) + ys[keep] * math.sin(a)
    v = -xs[keep] * math.sin(a) + ys[keep] * math.cos(a)
    near = (np.abs(u) < 1.2 * side) & (np.abs(v) < 1.2 * side)
    if not near.any():
        return 0.0
    u, v = u[near], v[near]
    return float(max(abs(u.max() + u.min()), abs(v.max() + v.min())) / side)


def _face_lightness(blob: outlines.Blob) -> float | None:
    """The median lightness (Lab L, 0-255) of the die's face, as its pips were found against."""
    found = blob.pips_found
    if found is None or len(found[2]) < 3:
        return None
    return float(found[2][2][1][0])


def _as_bright_as_flat_neighbour(candidates: list, flat: list[bool], side_by_side: list, scale: float
                                 ) -> list[bool]:
    """For each candidate die read from its pips, cut from touching dice and not plainly lying flat
    by its outline: whether a neighbour (centres at most 1.3 sides apart) that does lie plainly
    flat shows a face as light as its own, within SIDE_BY_SIDE_AS_BRIGHT each way. Under the cup a
    die leaning on its neighbour has its face lifted off the lit tray on one side, and looks darker
    than a die of its kind lying on it. Dice of two kinds side by side are seldom as light: then
    it stays doubted."""
    out = [False] * len(candidates)
    for k, (blob, result) in enumerate(candidates):
        if flat[k] or isinstance(result, str) or not outlines.inside_any(blob, side_by_side, scale):
            continue
        light = _face_lightness(blob)
        if light is None or light <= 0:
            continue
        (x, y), _, _ = blob.rect
        for j, (other, other_result) in enumerate(candidates):
            if j == k or not flat[j] or isinstance(other_result, str):
                continue
            (ox, oy), _, _ = other.rect
            other_light = _face_lightness(other)
            if (other_light and np.hypot(ox - x, oy - y) <= 1.3 * max(blob.side, other.side)
                    and thresholds.SIDE_BY_SIDE_AS_BRIGHT <= light / other_light <= 1 / thresholds.SIDE_BY_SIDE_AS_BRIGHT):
                out[k] = True
                break
    return out


def _painted_alone(look: np.ndarray, blob: outlines.Blob, blobs: list[outlines.Blob], framed: tuple[float, float, float],
                   context: float) -> tuple[np.ndarray, tuple[float, float, float]] | None:
    """The die ``blob`` framed at ``framed`` (x, y, extent) as the network sees it (``context`` x
    the extent), with every other die round it painted over in the tray's colour there (the
    median of what no die covers): a window of ``look`` and the die's frame in it. (Pixels a few
    from ``blob``'s own outline and off every other die stay: the die's edge, its shadow.) None
    when no other die is there, or no tray is left to take the colour of."""
    x, y, e = framed
    half = int(math.ceil(0.75 * context * e)) + 2
    h, w = look.shape[:2]
    x0, y0 = max(0, int(x) - half), max(0, int(y) - half)
    x1, y1 = min(w, int(x) + half + 1), min(h, int(y) + half + 1)
    window = look[y0:y1, x0:x1].copy()
    others = np.zeros(window.shape[:2], np.uint8)
    own = np.zeros(window.shape[:2], np.uint8)
    for other in blobs:
        bx, by, bw, bh = other.box
        ox0, oy0, ox1, oy1 = max(bx, x0), max(by, y0), min(bx + bw, x1), min(by + bh, y1)
        if ox0 >= ox1 or oy0 >= oy1:
            continue
        target = own if other is blob else others
        target[oy0 - y0:oy1 - y0, ox0 - x0:ox1 - x0] |= other.mask[oy0 - by:oy1 - by, ox0 - bx:ox1 - bx]
    # Grown by an eighth of the die: the cut between touching dice, and their edges the
    # foreground left out, go with the neighbour.
    grow = max(3, int(0.12 * e) | 1)
    kernel = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (grow, grow))
    grown_others = cv2.dilate(others, kernel) > 0
    grown_own = cv2.dilate(own, kernel) > 0
    free = ~(grown_others | grown_own)
    if not grown_others.any() or not free.any():
        return None
    keep = (own > 0) | (grown_own & (others == 0))
    window[grown_others & ~keep] = np.median(window[free], axis=0).astype(window.dtype)
    return window, (x - x0, y - y0, e)


def _reads_alone(faces: classifier.FaceClassifier, look: np.ndarray, blob: outlines.Blob, blobs: list[outlines.Blob],
                 framed: tuple[float, float, float], value: int) -> bool:
    """Whether the network, shown the die alone (``_painted_alone``), reads ``value`` on its steady
    guess with its "no readable face" at most SIDE_BY_SIDE_ALONE."""
    painted = _painted_alone(look, blob, blobs, framed, faces.context)
    if painted is None:
        return False
    alone = faces.steady_guess(painted[0], [painted[1]])[0]
    return alone.face == value and alone.faceless <= thresholds.SIDE_BY_SIDE_ALONE


def _face_pips(img: np.ndarray, blob: outlines.Blob, x: float, y: float) -> list[tuple[float, float]]:
    """The die's pips (x, y) within 0.6 of its side of the face read at (x, y)."""
    return [(px, py) for px, py, _ in _pips(img, blob) if np.hypot(px - x, py - y) < 0.6 * blob.side]


def _flat_face(img: np.ndarray, blob: outlines.Blob, value: int, x: float, y: float) -> bool:
    """Whether the face read at (x, y) shows four or more pips laid out square on: a die lying
    flat, not one leaning (its face then foreshortened along the lean)."""
    if value < 4:
        return False
    near = _face_pips(img, blob, x, y)
    return len(near) == value and _face_squash(np.array(near)) < thresholds.FLAT_FACE_SQUASH


def _whole_face_aside(img: np.ndarray, blob: outlines.Blob, value: int) -> bool:
    """Whether the pips the reader called "a face off the outline's middle" are that whole face
    (2+ pips, as many as ``value``) in an outline longer than a square: the face is plain, and
    what lengthens the outline beyond it is the side of a die leaning. (A flat die's face off
    its outline's middle, a shadow or a neighbour taken in, shows as a lone pip nearly always: of
    the dice in 8,000 rendered frames the network read over this doubt, 2 showed a whole face of
    2+ pips, both leaning, and 340 a lone pip, all flat. Of the real photos' 42, one whole face
    of a flat 6 lay off the middle of a square outline.)"""
    w, h = blob.rect[1]
    return (value >= 2 and min(w, h) > 0 and max(w, h) >= thresholds.SQUARE_ASPECT * min(w, h)
            and len(_inside_outline(_pips(img, blob), blob)) == value)


def _foreshortened(img: np.ndarray, blob: outlines.Blob, value: int, x: float, y: float, *,
                   fit_within: float | None = None) -> bool:
    """Whether the 4 or 5 read at (x, y) shows its pips foreshortened along a lean: a square of
    pips seen longer than wide. (A die lying flat shows its face square on, in the bottom view
    always: the face lies in the tray's plane. A 6's two columns stand apart by as much as each
    maker likes, so its layout says nothing of a lean; fewer pips say too little.)
    ``fit_within``: the pips must also lay out that face under an affine map to within this many
    pip steps (for a face read by the network alone: pips a glare smudged lie squashed too)."""
    if value not in (4, 5):
        return False
    near = np.array(_face_pips(img, blob, x, y))
    if len(near) != value or _corner_squash(near) <= thresholds.LEANING_SQUASH:
        return False
    if fit_within is None:
        return True
    slots: list[np.ndarray] = []
    return (fit_layout(near, slots) is not None
            and _affine_error(slots[0], near - near.mean(axis=0)) <= fit_within)


def _corner_squash(pts: np.ndarray) -> float:
    """How much longer than wide the square the corner pips of a 4 or a 5 (pts, 4 or 5 x 2) lay
    out is: the ratio of their spread along its long and short axes, 1 for a square (inf when
    they lie on a line). A 5's middle pip, the nearest their mean, is left out: a glare can move
    it off the middle, and it says nothing of the square's shape. (The layout's
    affine fit, _face_squash, says the same for pips known to lay out the face, at ten times the
    cost.)"""
    if len(pts) == 5:
        pts = np.delete(pts, np.argmin(np.hypot(*(pts - pts.mean(axis=0)).T)), axis=0)
    corners = pts - pts.mean(axis=0)
    small, large = np.linalg.eigvalsh(corners.T @ corners)
    return float(np.sqrt(large / small)) if small > 0 else float("inf")


def _stray_pips(grey: np.ndarray, die_side: float, blobs: list[outlines.Blob], *, light_spots: bool = True,
                shrunk: dict | None = None) -> bool:
    """True when pip-like spots lie outside every die region: a die the segmentation missed
    (a white die on a white tray) must make the reading unsure, never silently absent.

    ``light_spots`` also looks for light spots (a dark die under a glare). Under the cup (bottom
    view) no glare reaches the tray, and the LED ring's reflections would be taken for pips.
    ``shrunk``: the frame's shrunk copies (see ``tray_foreground.scaled``), cheaper to shrink further."""
    dark, light = _pip_spots(grey, die_side, blobs, light_spots=light_spots, shrunk=shrunk)
    return _paired(dark + light, die_side)


def _lays_out_a_face(spots: list[tuple[float, float]], die_side: float) -> bool:
    """Whether some three to six spots close together (within a die's side) fit a pip layout
    (two spots fit a 2 wherever they lie: reflections do)."""
    pts = np.array(spots, float).reshape(-1, 2)
    for i in range(len(pts)):
        near = pts[np.hypot(*(pts - pts[i]).T) < 0.8 * die_side]
        if 3 <= len(near) <= 6 and fit_layout(near) is not None:
            return True
    return False


def _lit_pairs_seen(look: np.ndarray, faces: Any, spots: list[tuple[float, float]], die_side: float
                    ) -> list[tuple[float, float]]:
    """Of ``spots``, those paired with another within 0.8 of ``die_side`` where the network, shown
    a die framed round the pair's middle (every way round), sees a die sooner than none."""
    pairs = [(a, b) for a, b in combinations(spots, 2) if 0 < math.dist(a, b) < 0.8 * die_side]
    seen = _seen_as_dice(look, faces, [((a[0] + b[0]) / 2, (a[1] + b[1]) / 2) for a, b in pairs], die_side)
    out: list[tuple[float, float]] = []
    for (a, b), is_die in zip(pairs, seen):
        if is_die:
            out += [p for p in (a, b) if p not in out]
    return out


def _seen_as_dice(look: np.ndarray, faces: Any, centres: list[tuple[float, float]], die_side: float, *,
                  one_look_first: bool = False) -> list[bool]:
    """For each of ``centres``, whether the network, shown a die's frame round it, sees a die
    sooner than none on its steady guess (every way round). With ``one_look_first``, its one
    look is asked first and the steady guess only where that sees a die: where most centres are
    nothing (the LED ring's reflections), a patch each instead of eight."""
    framed = [(x, y, die_side / thresholds.FRAMING) for x, y in centres]
    asked = list(range(len(framed)))
    if one_look_first:
        asked = [k for k, guess in enumerate(faces.guess(look, framed)) if guess.value != NO_FACE]
    seen = [False] * len(framed)
    for k, guess in zip(asked, faces.steady_guess(look, [framed[k] for k in asked])):
        seen[k] = guess.value != NO_FACE
    return seen


def _paired(spots: list[tuple[float, float]], die_side: float) -> bool:
    """Two pip-like spots within a die's side of each other: a face; one alone may be a speck."""
    pts = np.array(spots)
    for i in range(len(pts)):
        d = np.hypot(*(pts - pts[i]).T)
        if ((d > 0) & (d < 0.8 * die_side)).any():
            return True
    return False


def _pip_spots(grey: np.ndarray, die_side: float, blobs: list[outlines.Blob], *, light_spots: bool = True,
               shrunk: dict | None = None
               ) -> tuple[list[tuple[float, float]], list[tuple[float, float]]]:
    """Pip-like spots (dark ones, light ones) clear of every blob's box, in frame pixels; see
    ``_stray_pips``."""
    f = min(1.0, 24.0 / max(die_side, 1.0))
    source, from_scale = grey, 1.0
    for s, (copy, *_) in (shrunk or {}).items():
        if f <= s < from_scale:
            source, from_scale = copy, s
    if source is not grey:
        source = cv2.cvtColor(source, cv2.COLOR_BGR2GRAY)
    small = source if f >= from_scale else cv2.resize(
        source, None, fx=f / from_scale, fy=f / from_scale, interpolation=cv2.INTER_AREA)
    s = die_side * f
    if thresholds.NOISY_SPOTS_SIGMA is not None:
        # A noisy frame's speckles are pip-like to the hats below (small dice are looked at
        # unshrunk, noise and all): smoothed away first, as a pip two pixels wide or more is not.
        noise, smooth = tray_foreground.noise(small)
        if noise > thresholds.NOISY_SPOTS_SIGMA:
            small = smooth
    # Clear of every blob's box grown by ``grow`` (as dilating the boxes by a square would).
    grow = max(1, int(0.2 * s))
    clear = np.full(small.shape, 255, np.uint8)
    for blob in blobs:
        x, y, w, h = blob.box
        cv2.rectangle(clear, (int(x * f) - grow, int(y * f) - grow),
                      (int((x + w) * f) + grow, int((y + h) * f) + grow), 0, -1)
    k = max(3, int(0.45 * s) | 1)
    kernel = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (k, k))
    margin = int(0.5 * s)
    found: tuple[list[tuple[float, float]], list[tuple[float, float]]] = ([], [])
    # Dark pips (a white die on a light tray) and light ones (a dark die under a glare).
    passes = [(cv2.MORPH_BLACKHAT, thresholds.STRAY_CONTRAST, found[0]), (cv2.MORPH_BLACKHAT, thresholds.STRONG_PIP_CONTRAST, found[0]),
              (cv2.MORPH_TOPHAT, thresholds.STRAY_CONTRAST, found[1])][:3 if light_spots else 2]
    hats: dict[int, np.ndarray] = {}
    for op, contrast, spots_at in passes:
        if op not in hats:
            hats[op] = cv2.morphologyEx(small, op, kernel)
        hat = hats[op]
        # Strong pips are looked for again on their own: at the first threshold a faint die's
        # darker outline can join them into one shape that is no pip's, nor a row's.
        known = np.array(spots_at, float).reshape(-1, 2) * f
        # (hat > contrast) & clear, as 0/1: on 8-bit pixels cv2.threshold keeps those above it.
        spots = cv2.bitwise_and(cv2.threshold(hat, contrast, 1, cv2.THRESH_BINARY)[1], clear)
        n, _, stats, centres = outlines.mask_components(spots, labelled=False)
        for i in range(1, n):
            if len(known) and (np.hypot(*(known - centres[i]).T) < 0.2 * s).any():
                continue
            area = stats[i, cv2.CC_STAT_AREA]
            bw, bh = stats[i, cv2.CC_STAT_WIDTH], stats[i, cv2.CC_STAT_HEIGHT]
            cx, cy = centres[i]
            if not (margin <= cx < small.shape[1] - margin and margin <= cy < small.shape[0] - margin):
                continue
            if (0.08 * s) ** 2 <= area <= (0.3 * s) ** 2 and max(bw, bh) <= 2 * min(bw, bh) + 1 \
                    and area >= 0.4 * bw * bh:
                spots_at.append((cx / f, cy / f))
            elif (0.3 * s) ** 2 < area <= 2.5 * (0.3 * s) ** 2 and max(bw, bh) <= 0.75 * s \
                    and area >= 0.4 * bw * bh:
                # Pips of a small or leaning face run together at this scale: a row of them is
                # one spot here, and counts as two (its ends), a face on its own.
                half = 0.25 * max(bw, bh)
                dx, dy = (half, 0.0) if bw >= bh else (0.0, half)
                spots_at += [((cx - dx) / f, (cy - dy) / f), ((cx + dx) / f, (cy + dy) / f)]
    return found


def _round(blob: outlines.Blob) -> bool:
    """A disc (a screw head, a coin), not a die's square however rounded its corners: the area
    fills most of the enclosing circle (a square fills 64% of it, a disc all of it)."""
    _, radius = cv2.minEnclosingCircle(cv2.findNonZero(blob.mask))
    return blob.area > 0.88 * np.pi * radius ** 2


def _spot_groups(spots: list[tuple[float, float]], reach: float) -> list[np.ndarray]:
    """Spots chained by gaps shorter than ``reach`` (single link), each group (n, 2) in the
    spots' order; groups in the order of their first spot."""
    pts = np.array(spots, float).reshape(-1, 2)
    near = np.hypot(pts[:, None, 0] - pts[None, :, 0], pts[:, None, 1] - pts[None, :, 1]) < reach
    group = np.full(len(pts), -1)
    groups: list[np.ndarray] = []
    for start in range(len(pts)):
        if group[start] >= 0:
            continue
        group[start] = len(groups)
        members, k = [start], 0
        while k < len(members):
            joining = np.flatnonzero(near[members[k]] & (group < 0))
            group[joining] = len(groups)
            members.extend(joining.tolist())
            k += 1
        groups.append(pts[sorted(members)])
    return groups


def _faint_dice(img: np.ndarray, die_side: float, blobs: list[outlines.Blob],
                dark_spots: list[tuple[float, float]], shrunk: dict | None = None) -> list[outlines.Blob]:
    """Dice the foreground missed (a white die on a light tray differs from it by a few grey
    levels, under the global threshold), found from their pips: around each group of dark
    pip-like spots off every blob, the die is the region that differs from the tray colour
    around it (Otsu in that window), holes filled, thin shadow tails opened off. Only regions
    shaped and sized like a die are returned; pixels of known blobs are never taken."""
    if not dark_spots or len(dark_spots) > 6 * thresholds.MAX_FAINT_DICE:
        return []           # none, or so many that they are noise (the stray check flags it)
    f = min(1.0, 24.0 / max(die_side, 1.0))
    small = tray_foreground.shrunk(img, f, shrunk)
    s = die_side * f
    taken = np.zeros(small.shape[:2], np.uint8)
    for blob in blobs:
        x, y, w, h = blob.box
        part = cv2.resize(blob.mask, (max(1, int(round(w * f))), max(1, int(round(h * f)))),
                          interpolation=cv2.INTER_NEAREST)
        region = taken[int(y * f):int(y * f) + part.shape[0], int(x * f):int(x * f) + part.shape[1]]
        region |= part[:region.shape[0], :region.shape[1]]
    taken = cv2.dilate(taken, np.ones((3, 3), np.uint8))
    r = int(1.3 * s)
    opening = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (max(3, int(0.5 * s) | 1),) * 2)
    found: list[outlines.Blob] = []
    for group in _spot_groups(dark_spots, 0.8 * die_side):
        if len(group) > 6:
            continue        # more than a face's pips: not one die
        cx, cy = (group.mean(axis=0) * f).astype(int)
        x0, y0 = cx - r, cy - r
        if x0 < 0 or y0 < 0 or cx + r >= small.shape[1] or cy + r >= small.shape[0]:
            continue
        lab = cv2.cvtColor(small[y0:cy + r + 1, x0:cx + r + 1], cv2.COLOR_BGR2LAB)
        ring = np.concatenate([lab[0], lab[-1], lab[:, 0], lab[:, -1]])
        tray = np.median(ring, axis=0)
        dist = cv2.GaussianBlur(np.minimum(tray_foreground.lab_distance(lab, (*tray, 0.0), tray_foreground.FLOOR_06), 40),
                                (3, 3), 0)
        otsu, _ = cv2.threshold(dist, 0, 255, cv2.THRESH_BINARY + cv2.THRESH_OTSU)
        mask = cv2.morphologyEx((dist > max(otsu, 5.0)).astype(np.uint8), cv2.MORPH_CLOSE,
                                np.ones((3, 3), np.uint8))
        mask[taken[y0:cy + r + 1, x0:cx + r + 1] > 0] = 0
        n, labels, _, _ = cv2.connectedComponentsWithStats(mask, connectivity=4)
        disc = np.zeros(mask.shape, np.uint8)
        cv2.circle(disc, (r, r), max(2, int(0.3 * s)), 1, -1)
        votes = np.bincount(labels[disc > 0], minlength=n)
        votes[0] = 0
        if votes.max() == 0:
            continue
        region = (labels == int(votes.argmax())).astype(np.uint8)
        contours, _ = cv2.findContours(region, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
        cv2.drawContours(region, contours, -1, 1, -1)                   # the pips are holes
        region = cv2.morphologyEx(region, cv2.MORPH_OPEN, opening)
        inside, outside = dist[region > 0], dist[region == 0]
        # A die stands clear of the tray around it; a patch of noise does not. (A region filling
        # the whole window is held to the floor alone, as it always was: its median of nothing
        # was NaN, which max() passed over, with a warning.)
        around = float(np.median(outside)) if len(outside) else 0.0
        if not len(inside) or np.percentile(inside, 25) < max(8.0, around + 6.0):
            continue
        # ... and on clear tray: a window's edge crossing the rim or a stain is no die's.
        edge = np.ones(mask.shape, bool)
        edge[2:-2, 2:-2] = False
        edge &= taken[y0:cy + r + 1, x0:cx + r + 1] == 0
        if np.count_nonzero(dist[edge] > max(otsu, 5.0)) > 0.15 * max(1, np.count_nonzero(edge)):
            continue
        whole = np.zeros(small.shape[:2], np.uint8)
        whole[y0:cy + r + 1, x0:cx + r + 1] = region * 255
        for blob in outlines.find_blobs(whole, f, within=img.shape):
            # A die lying flat is square; one leaning (its side in view, its face lifted off a
            # frosted tray and faded) is not, and must not vanish: the reader doubts it.
            die_shaped = blob.squarish and blob.side <= 1.4 * die_side
            w, h = blob.rect[1]
            leaning = (not blob.squarish and blob.side <= 1.6 * die_side and blob.area >= 0.5 * die_side ** 2
                       and max(w, h) <= 1.6 * min(w, h))     # (two dice side by side are twice as long)
            if ((die_shaped or leaning) and blob.side >= 0.75 * die_side
                    and np.hypot(*(np.array(blob.rect[0]) - group.mean(axis=0))) < 0.5 * die_side
                    and not _round(blob)):
                found.append(blob)
                taken |= cv2.dilate(whole, np.ones((3, 3), np.uint8))
    return found


def _pips_beyond(img: np.ndarray, blob: outlines.Blob, centres: list[tuple[float, float]], side: float) -> bool:
    """Whether the blob holds a pip farther than any die at ``centres`` reaches (PIPS_BEYOND_REACH
    of a side: its own pips lie nearer; outlines.covered_by_dice's reach, to a die's corners, is longer): the pip of
    a die nobody read, however thin the strip of it that shows."""
    return any(all(np.hypot(px - cx, py - cy) > thresholds.PIPS_BEYOND_REACH * side for cx, cy in centres)
               for px, py, _ in _pips(img, blob))


def _confirmed(img: np.ndarray, foreground: np.ndarray, scale: float, value: int, x: float, y: float,
               side: float, *, count_will_do: bool = False) -> bool:
    """Whether the pips round (x, y) fit ``value``: the die the network found there, cut out of
    the foreground (``foreground``, a mask at ``scale``, before touching dice were cut apart:
    a cut may run through this die) by a disc that holds its face but no neighbour's pips (a
    touching neighbour's nearest pip lies at least 0.73 sides away). ``count_will_do``: where
    they lay out no face, ``value`` of them is enough."""
    r = 0.62 * side
    h, w = img.shape[:2]
    x0, y0 = int(max(0, x - r)), int(max(0, y - r))
    x1, y1 = int(min(w, x + r + 1)), int(min(h, y + r + 1))
    if x1 - x0 < 3 or y1 - y0 < 3:
        return False
    fh, fw = foreground.shape[:2]
    sx0, sy0 = min(fw - 1, int(x0 * scale)), min(fh - 1, int(y0 * scale))
    sx1, sy1 = max(sx0 + 1, min(fw, int(np.ceil(x1 * scale)))), max(sy0 + 1, min(fh, int(np.ceil(y1 * scale))))
    sub = cv2.resize(foreground[sy0:sy1, sx0:sx1], (x1 - x0, y1 - y0), interpolation=cv2.INTER_NEAREST)
    disc = np.zeros_like(sub)
    cv2.circle(disc, (int(round(x - x0)), int(round(y - y0))), int(r), 255, -1)
    sub = cv2.bitwise_and(sub, disc)
    # The foreground in the disc, else the disc itself: by a dark rim the foreground can lose
    # part of a dark die (the tray's colour there is taken with the rim's).
    for piece_mask in (sub, disc) if thresholds.CONFIRM_BY_DISC else (sub,):
        area = int(np.count_nonzero(piece_mask))
        if area < 0.5 * side * side:
            continue
        binary = (piece_mask > 0).astype(np.uint8)
        contours, _ = cv2.findContours(binary, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
        contour = (max(contours, key=cv2.contourArea) + np.array([x0, y0])).astype(np.float32)
        thickness = float(cv2.distanceTransform(binary, cv2.DIST_L2, 3).max())
        piece = outlines.Blob(area, cv2.minAreaRect(contour), (x0, y0, x1 - x0, y1 - y0), piece_mask, thickness,
                      confirming=True)
        result = _read_die(img, piece)
        if not isinstance(result, str):
            return result[0] == value and not _foreshortened(img, piece, result[0], result[2], result[3])
        if count_will_do and len(_inside_outline(_pips(img, piece, []), piece)) == value:
            return True
        if thresholds.PIP_LIGHTNESS is not None:
            # (After the count: pips found by their lightness under a glare lie a little off
            # their centres, and may look squashed where the count alone confirms the face.)
            again = _lightness_read(img, piece)
            if again is not None:
                # (Its middle asked as a face the network read alone: a glint that covers a 3's
                # middle pip whole is no dark pip, and the lightness look leaves a 2, fresh 310856.)
                _, _, fx, fy = again
                return (again[0] == value and not _foreshortened(img, piece, value, fx, fy)
                        and not _middle_unclear(img, piece, value, fx, fy, by_network=True)
                        and not (value in (2, 4) and _middle_may_hide_a_pip(img, piece, fx, fy, False, 0.0)))
    return False


def _dice_by_pips(img: np.ndarray, look: np.ndarray, faces: FaceClassifier, die_side: float,
                  dark_spots: list[tuple[float, float]], blobs: list[outlines.Blob],
                  found: list[tuple[int, float, float, float, float, float]]
                  ) -> list[tuple[int, float, float, float, float, float]]:
    """Dice read from pips no region holds (see ``read_dice``): round each group of loose dark
    spots, the network's scan (``find_faces``: several windows very sure of one face) finds the
    die, and the pips in a disc round it must fit that face, or be as many as its value
    (CONFIRM_SIDES, CONFIRM_BY_COUNT). Returns entries like ``found``'s."""
    loose = [(px, py) for px, py in dark_spots if not outlines.by_any(px, py, blobs, 0.2 * die_side)]
    if not loose:
        return []
    groups = [g for g in _spot_groups(loose, 0.8 * die_side) if len(g) <= 6]
    if not groups or len(groups) > thresholds.MAX_FAINT_DICE:
        return []        # none, or so many that they are noise (the stray check flags it)
    return _confirmed_in_discs(img, classifier.find_faces(faces, look, _round_groups(groups, die_side), die_side,
                                               [(f[2], f[3]) for f in found]), die_side)


def _round_groups(groups: list[np.ndarray], side: float) -> list[tuple[int, int, int, int]]:
    """The boxes the network's scan looks for a die of ``side`` in round each group of spots:
    1.6 sides across, on the group's middle."""
    half = 0.8 * side
    return [(int(cx - half), int(cy - half), int(2 * half), int(2 * half))
            for cx, cy in (g.mean(axis=0) for g in groups)]


def _dice_by_stray_pips(img: np.ndarray, look: np.ndarray, faces: FaceClassifier, die_side: float,
                        dark_spots: list[tuple[float, float]], blobs: list[outlines.Blob],
                        found: list[tuple[int, float, float, float, float, float]], *, bigger: bool = True
                        ) -> list[tuple[int, float, float, float, float, float]]:
    """Dice read, as ``_dice_by_pips`` reads them, from the groups of dark spots no die read
    holds once every other die is read: the groups by a region (which ``_dice_by_pips`` leaves)
    at the frame's die size, then every group still without a die at STRAY_SCAN_BIGGER times
    it, loose ones too and those of more than a face's 6 spots (a photo taken at an angle: the
    nearest dice are bigger than the far ones the die size was measured on, and their pips,
    looked for at that size, break up in two spots each); ``bigger`` False: not that second look.
    Returns entries like ``found``'s."""
    left = [(px, py) for px, py in dark_spots
            if not any(np.hypot(px - f[2], py - f[3]) < 0.75 * die_side for f in found)]
    if not left:
        return []
    groups = [g for g in _spot_groups(left, 0.8 * die_side) if len(g) <= 12]
    if not groups or len(groups) > thresholds.MAX_FAINT_DICE:
        return []
    # At the die size, only the groups by a region (_dice_by_pips asked round the others).
    by_region = [g for g in groups if any(outlines.by_any(px, py, blobs, 0.2 * die_side) for px, py in g)]
    out = _confirmed_in_discs(img, classifier.find_faces(faces, look, _round_groups(by_region, die_side), die_side,
                                              [(f[2], f[3]) for f in found]), die_side) if by_region else []
    if not bigger:
        return out
    side = thresholds.STRAY_SCAN_BIGGER * die_side
    without_die = [g for g in groups
                   if not any(np.hypot(gx - f[2], gy - f[3]) < 0.75 * side for f in out for gx, gy in g)]
    if without_die:
        out += _confirmed_in_discs(img, classifier.find_faces(faces, look, _round_groups(without_die, side), side,
                                                   [(f[2], f[3]) for f in found + out]), side)
    return out


def _confirmed_in_discs(img: np.ndarray, seen: list[tuple[int, float, float, float]], die_side: float
                        ) -> list[tuple[int, float, float, float, float, float]]:
    """The dice of ``seen`` (the network's scan: value, confidence, x, y) whose pips confirm them,
    in a disc round each (no region to cut the die from; ``_confirmed`` with CONFIRM_BY_COUNT) at
    the first of CONFIRM_SIDES that works: a die bigger than the frame's typical one spreads its
    pips past the typical die's disc. Returns entries like ``read_dice``'s found dice."""
    everywhere = np.full(img.shape[:2], 255, np.uint8)
    out = []
    for value, confidence, x, y in seen:
        side = next((f * die_side for f in thresholds.CONFIRM_SIDES
                     if _confirmed(img, everywhere, 1.0, value, x, y, f * die_side,
                                   count_will_do=thresholds.CONFIRM_BY_COUNT)), None)
        if side is not None:
            out.append((value, confidence, x, y, side, 0.0))
    return out


def _read_in_light(img: np.ndarray, look: np.ndarray, faces: FaceClassifier, blob: outlines.Blob, die_side: float,
                   found: list[tuple[int, float, float, float, float, float]]
                   ) -> list[tuple[int, float, float, float, float, float]]:
    """The dice round ``blob``, a piece the foreground's opening took (a die under a glare keeps
    only part of its body unlike the tray): the network's scan finds each, and the pips in a disc
    round it must fit that face (as for ``_dice_by_pips``). Returns entries like ``found``'s, only
    the confirmed ones."""
    seen = classifier.find_faces(faces, look, [_scan_box(blob, die_side)], die_side, [(f[2], f[3]) for f in found])
    return _confirmed_in_discs(img, seen, die_side)


def _scan_box(blob: outlines.Blob, die_side: float) -> tuple[int, int, int, int]:
    """The box the network's scan looks for dice in round ``blob``: its own grown by half a die
    each way (a die only partly in the blob still has its centre inside)."""
    grow = int(0.5 * die_side)
    x, y, w, h = blob.box
    return x - grow, y - grow, w + 2 * grow, h + 2 * grow


def read_dice(image: np.ndarray, view: View | str = View.TOP, *, expected: int | None = None,
              calibration: Any = None, learned: bool = True) -> Reading:
    """Read every die in a frame. Values are what the players see.

    ``expected``: how many dice should be there (a different count makes the reading unsure).
    ``calibration``: a vision.calibrate.Calibration; its tray limits the search and its die size
    replaces the estimate. (Without one, the tray inside its rim, where the frame shows it, is
    found in the frame and limits the search the same way.)
    ``learned``: consult the learned face classifier (False: pips and layouts only, as the
    benchmark compares).
    The places it could not make out are in ``reading.extra["unclear"]`` (x, y, w, h boxes), why
    in ``reading.extra["unclear_why"]``.
    """
    view = View(view)
    if image is None or not isinstance(image, np.ndarray) or image.ndim not in (2, 3) or image.size == 0:
        raise ValueError("read_dice needs an image (a numpy array of pixels)")
    img = image if image.ndim == 3 else cv2.cvtColor(image, cv2.COLOR_GRAY2BGR)
    if img.dtype != np.uint8:
        img = np.clip(img, 0, 255).astype(np.uint8)
    # The frame's brightness and sharpness are the whole frame's, calibrated or not: the
    # thresholds were set on whole frames, the calibrated exposure is the whole empty frame's, and
    # a crop's edge across the rim's gradient adds a Laplacian spike of its own (a blurred frame
    # measured sharp).
    grey = cv2.cvtColor(img, cv2.COLOR_BGR2GRAY)
    brightness = float(cv2.mean(grey)[0])
    # A 3x3 Laplacian of 8-bit pixels fits in 16 bits exactly (a quarter of the 64-bit cost).
    sharpness = tray_foreground.laplacian_variance(grey)
    offset = (0, 0)
    inner = None          # the calibrated tray inside the rim, in the crop's pixels
    tray = getattr(calibration, "tray", None)
    if tray:
        tx, ty, tw, th = (int(v) for v in tray)
        if tw > 0 and th > 0:
            # The calibrated tray stops at its rim; a die touching the rim lies on the crop's
            # edge, where the foreground's median takes it for the tray. Taking in the rim (as
            # an uncalibrated frame does) shows such a die whole.
            die_size = getattr(calibration, "die_size", None)
            margin = int(math.ceil(thresholds.TRAY_MARGIN * (die_size or 0.1 * min(tw, th))))
            x0, y0 = max(0, tx - margin), max(0, ty - margin)
            img = img[y0:ty + th + margin, x0:tx + tw + margin]
            grey = grey[y0:ty + th + margin, x0:tx + tw + margin]
            offset = (x0, y0)
            inner = (tx - x0, ty - y0, tw, th)
            seen_w = min(tx + tw, image.shape[1]) - max(tx, 0)
            seen_h = min(ty + th, image.shape[0]) - max(ty, 0)
            if min(seen_w, seen_h) < thresholds.MIN_DIE_PX or seen_w * seen_h < 0.5 * tw * th:
                # A calibration made with another camera or resolution: say so, do not guess.
                # (No numbers: the wall shows only reasons without any, see device.referee.)
                return Reading(Status.UNSURE, (), reasons.TRAY_NOT_IN_FRAME, brightness, sharpness, view=view)
    if view is View.BOTTOM:
        img = cv2.flip(img, 1)
        grey = cv2.flip(grey, 1)
        if inner is not None:
            inner = (img.shape[1] - inner[0] - inner[2], inner[1], inner[2], inner[3])
    if not thresholds.RIM_LEFT_OUT:
        inner = None
    scaled: dict = {}
    # Uncalibrated, the tray the frame shows inside its rim is found and read as a calibrated one
    # (the rim's dark strips and corners are not regions, nor in the median a die near them is
    # compared with). What stays the uncalibrated reader's own: the die size, and where a cup's
    # rim or a lone spot is looked for (a tray a cup bites into is not found).
    auto_tray = False
    cup_rim = None
    if thresholds.AUTO_TRAY and thresholds.RIM_LEFT_OUT and inner is None and not tray:
        coarse_scale = min(1.0, 320.0 / max(img.shape[:2]))
        coarse_img, _, tray_colour = tray_foreground.scaled(img, coarse_scale, scaled)
        found_tray = tray_foreground.found_tray(coarse_img, tray_colour)
        if found_tray is not None:
            fx, fy, fw, fh = found_tray
            # Grown by the pixel the blur took off each edge: then within the 2 pixels of the
            # rim's edge that calibrating leaves out too.
            x0, y0 = max(0, int((fx - 1) / coarse_scale)), max(0, int((fy - 1) / coarse_scale))
            x1 = min(img.shape[1], int(math.ceil((fx + fw + 1) / coarse_scale)))
            y1 = min(img.shape[0], int(math.ceil((fy + fh + 1) / coarse_scale)))
            if thresholds.CUP_RIM_AS_TRAY and view is View.BOTTOM and tray_foreground.darker_than_round(coarse_img, found_tray):
                cup_rim = (x0, y0, x1 - x0, y1 - y0)
            else:
                inner, auto_tray = (x0, y0, x1 - x0, y1 - y0), True
    # (Calibrated only: uncalibrated, the longer strip read fresh 11072's leaning die, its side
    # as grey as the tray, as flat.)
    rim_reach = thresholds.RIM_STRIP_REACH if inner is not None and not auto_tray else 0.0

    def unsure(reason: str, dice: tuple[Die, ...] = ()) -> Reading:
        return Reading(Status.UNSURE, dice, reason, brightness, sharpness, view=view)

    if brightness < thresholds.TOO_DARK:
        return unsure("too dark: the tray light may be off")
    # Under the cup only the ring below lights the tray: far brighter than that (than the
    # calibrated empty tray), light comes in from above, the cup is lifted.
    exposure = getattr(calibration, "exposure", None)
    lifted = (view is View.BOTTOM and brightness > (thresholds.CUP_LIFTED_BRIGHTNESS if exposure is None
                                                    else exposure + thresholds.CUP_LIFTED_RISE))
    if view is View.BOTTOM and (brightness > thresholds.TOO_BRIGHT or lifted):
        return unsure("too bright: the cup may be lifted, or the light is too strong")
    if view is View.TOP and brightness > thresholds.TOO_BRIGHT_TOP:
        return unsure("too bright: the light is too strong or the camera's exposure too long")
    too_blurred = "too blurred: the dice are moving or the camera is out of focus"
    if sharpness < thresholds.NO_SHARPNESS or (sharpness < thresholds.MIN_SHARPNESS and not learned):
        return unsure(too_blurred)

    die_side = getattr(calibration, "die_size", None)
    size_calibrated = bool(die_side)
    all_first: list[outlines.Blob] = []
    coarse: tuple[np.ndarray, float] | None = None      # the first look's mask and scale
    if not die_side:
        coarse = tray_foreground.foreground(img, None, scaled, inner, rim_reach=rim_reach)
        all_first = outlines.find_blobs(*coarse, within=img.shape)
        die_side = outlines.outline_side(all_first)
        if die_side is None:
            # Never "ok, no dice": a die the reader cannot see (white on a white tray, under
            # a glare) would look the same. (Nor "no dice" where the cup's rim was seen over
            # the middle: dice may lie in the strip it leaves, all taken for the tray's edge.)
            if cup_rim is None:
                return unsure("no dice found on the tray")
            reading = unsure(reasons.COVERED)
            x, y, w, h = cup_rim            # (under the cup: flipped back for the evidence photo)
            reading.extra.update(problems=[reasons.COVERED], unclear=[(img.shape[1] - x - w + offset[0], y + offset[1], w, h)],
                                 unclear_why=[reasons.COVERED])
            return reading
    elif sharpness < thresholds.MIN_SHARPNESS:
        # Blurred: the coarse look the die size is found by is taken anyway, to see no die
        # fades from the finer one (outlines.faded_outlines).
        all_first = outlines.find_blobs(*tray_foreground.foreground(img, None, scaled, inner, rim_reach=rim_reach), within=img.shape)
    taken: list[np.ndarray] = []
    # The faint look: under the cup the whole of it (outlines.faint_squares); from above unopened,
    # opened only round the dice _faint_side asks about (and off every die, FAINT_LEFT_OVER_TOP).
    faint_squares = thresholds.FAINT_SQUARES and view is View.BOTTOM
    faint_look: list[np.ndarray] | None = [] if faint_squares or (
        thresholds.FAINT_SIDE_TOP and thresholds.FAINT_SIDE_MAX is not None and view is View.TOP) else None
    whole, scale = tray_foreground.foreground(img, die_side, scaled, inner, opened_away=taken, faint=faint_look,
                               faint_unopened=not faint_squares, rim_reach=rim_reach)
    components = outlines.mask_components(whole, connectivity=4)
    uncut: list[outlines.Blob] | None = None       # the blobs of ``whole``, where they were needed
    if thresholds.TOP_OUTLINE_MEASURED and size_calibrated and view is View.TOP:
        # Seen from above a die shows its sides round its face (more the further it lies from
        # the picture's middle), and the calibration measured its face alone: touching dice were
        # cut as if a die were smaller than its outline, one of them in two. The die's outline
        # here is measured as uncalibrated (outlines.outline_side), between the face and 1.4 times it.
        uncut = outlines.find_blobs(whole, scale, components, within=img.shape)
        die_side = float(np.clip(outlines.outline_side(uncut) or die_side, die_side, 1.4 * die_side))
    side_by_side: list[tuple[int, int, int, int]] = []
    mask = outlines.split_touching(whole, die_side * scale, scaled[scale][0], components, side_by_side)
    cut = cv2.subtract(whole, mask)         # where touching dice were cut apart
    if cut.any():
        blobs = outlines.find_blobs(mask, scale, None, within=img.shape)
    else:
        blobs = uncut if uncut is not None else outlines.find_blobs(mask, scale, components, within=img.shape)
    # Specks smaller than a quarter die are not dice, but they must not hide pips either.
    dark, light = _pip_spots(grey, die_side, [b for b in blobs if b.area >= 0.25 * die_side ** 2],
                             light_spots=True, shrunk=scaled)
    if thresholds.OFF_TRAY_SPOTS and inner is not None:
        # Off the tray inside its rim (calibrated or found), a pip-like spot is the rim's or the
        # table's: a die's pips lie inside its outline, and a die lying on the tray inside the
        # tray. (Uncalibrated, the rim was a region and hid them; found, it no longer does.)
        dark, light = (tray_foreground.on_rect(spots, inner) for spots in (dark, light))
    lit_face = False
    lit_under_cup: list[tuple[float, float]] = []     # light spots under the cup (see LIT_PAIR_ASKED)
    if view is View.BOTTOM:
        # Under the cup the LED ring's reflections are light spots too: there, light spots only
        # count when they lay out a face (a dark die the foreground lost, its pips lit).
        lit_face = _lays_out_a_face(light, die_side)
        lit_under_cup, light = light, []
    # (Light spots too: a die of the tray's colour under a glare shows only its light pips. Not
    # those beside dark ones: a white die's glint there would take the die its pips find.)
    faint = _faint_dice(img, die_side, blobs, dark + [p for p in light if not outlines.near_any(p, dark, die_side)],
                        scaled)
    blobs += faint

    found: list[tuple[int, float, float, float, float, float]] = []   # value, confidence, x, y, side, angle
    candidates: list[tuple[outlines.Blob, tuple[int, float, float, float] | str]] = []
    read_blobs: set[int] = set()
    doubts: dict[int, str] = {}        # blob -> why it was not read (cleared if the dice in it are)
    # Blobs whose doubt what the network's scan reads round them never clears: a face plainly off
    # flat (the network sees it leaning, or its whole face sits aside), or a middle a glare made
    # unclear (the scan would read the same face again).
    doubts_kept: set[int] = set()
    alone_read: list[tuple[int, outlines.Blob]] = []   # dice the network read alone: (index in found, blob)
    pipless: list[outlines.Blob] = []
    # The frame's middle in the pixels read (a calibrated frame is cropped to its tray), and its
    # half diagonal: where a camera above sees a flat die's side (outlines.side_in_perspective).
    middle = (image.shape[1] / 2 - offset[0], image.shape[0] / 2 - offset[1])
    reach = math.hypot(image.shape[1], image.shape[0]) / 2
    for blob in blobs:
        die_like = (blob.squarish or (thresholds.PERSPECTIVE_OUTLINE is not None and view is View.TOP
                                      and outlines.outline_in_perspective(blob, middle, reach))
                    ) and 0.75 * die_side <= blob.side <= 1.4 * die_side
        if not die_like:
            # A part of touching dice that is not one clean die may be a die we cannot see whole.
            if blob.area >= 0.25 * die_side ** 2 and outlines.beside(cut, blob, scale):
                doubts[id(blob)] = "dice are touching or overlapping"
                continue
            # Rim fragments, screws and stains have no pips; a region with pips that is not one
            # clean die is dice we cannot separate or see whole.
            if (blob.thickness >= 0.3 * die_side and blob.area > 1.6 * die_side ** 2) or (
                    blob.thickness >= 0.15 * die_side and blob.area >= 0.12 * die_side ** 2
                    and _pips(img, blob)):
                if blob.area > 1.6 * die_side ** 2:
                    doubts[id(blob)] = "dice are touching or overlapping"
                else:
                    doubts[id(blob)] = reasons.NOT_READABLE
            elif thresholds.PIPLESS_PIECE is not None and blob.area >= thresholds.PIPLESS_PIECE * die_side ** 2:
                pipless.append(blob)
            continue
        candidates.append((blob, _read_die(img, blob)))
    # The learned face classifier gives every die a second opinion (vision.classifier.judge);
    # where the pips fit no layout it may read the die alone, from its steadier guess (the
    # patch turned four ways and mirrored).
    def frame(blob: outlines.Blob) -> tuple[float, float, float]:
        return (*blob.rect[0], max(blob.box[2], blob.box[3]) / thresholds.FRAMING)

    def framed_as_die(blob: outlines.Blob) -> tuple[float, float, float]:
        # A piece of a die (what a glare left of it) framed by itself fills the patch with one
        # colour the network takes for the bare tray; framed as a whole die round it, it shows
        # the die's edge and pips.
        x, y, size = frame(blob)
        return x, y, max(size, die_side / thresholds.FRAMING)

    faces = default_classifier() if learned else None
    if faces is not None:
        look = img if faces.channels == 3 else grey       # what the model was trained on
        guesses = faces.guess(look, [frame(blob) for blob, _ in candidates])
        # (A face off its outline's middle too: its single look has read leaning dice plainly
        # flat that its steady one doubts; see classifier.STEADY_NO_FACE_MAX.)
        alone = [k for k, (_, result) in enumerate(candidates)
                 if isinstance(result, str) and (not result.startswith("a die is leaning") or (
                     classifier.STEADY_NO_FACE_MAX is not None and result == reasons.FACE_OFF_MIDDLE))]
        # Asked again with the patch moved where the steady look doubts a die a little: a
        # leaning die's doubt hangs on its framing (classifier.STEADY_JITTER_ALONE_FROM).
        read_alone = [frame(candidates[k][0]) for k in alone]
        steady_looks = (faces.steady_guess(look, read_alone) if classifier.STEADY_JITTER_ALONE_FROM is None
                        else faces.wary_steady_guess(look, read_alone, moved_once=True,
                                                     asked_from=classifier.STEADY_JITTER_ALONE_FROM))
        for k, steady in zip(alone, steady_looks):
            guesses[k] = steady
        # A leaning die's blob takes in its side, so a patch framed by the blob is off the face,
        # and a patch framed on the face the pips lay out is the network's second look. The more
        # doubtful of the two is the one judged: on a die by itself the blob-framed look is the
        # one that sees a lean (of 118 leaning dice, none under 0.237; the face-framed one five
        # under 0.05).
        # (A die whose outline is square round its face shows no side: both framings are the
        # same patch but for a pixel or two, and the second look is skipped.)
        read = [k for k, (blob, result) in enumerate(candidates) if not isinstance(result, str)
                and not (thresholds.SKIP_SQUARE_SECOND_LOOK and outlines.square_round_face(blob, result[2], result[3]))]
        for k, second in zip(read, faces.guess(look, [
                (candidates[k][1][2], candidates[k][1][3],
                 extent(candidates[k][0].side, candidates[k][0].rect[2])) for k in read])):
            if second.faceless > guesses[k].faceless:
                guesses[k] = second
    # A die lying flat shows a square outline round its face, or (its side in view) a face of 4+
    # pips seen square on; a leaning die shows neither.
    flat = [not isinstance(result, str) and (
                (outlines.square_round_face(blob, result[2], result[3])
                 and not (thresholds.SQUARE_OFF_RIM and view is View.TOP and inner is not None
                         and outlines.against_edge(blob, inner, thresholds.SQUARE_OFF_RIM_REACH * die_side)))
                or _flat_face(img, blob, result[0], result[2], result[3]))
            for blob, result in candidates]
    faint_asked = thresholds.FAINT_SIDE_MAX is not None and bool(faint_look) and inner is not None
    faint_side_max = (thresholds.FAINT_SIDE_MAX_BLURRED if thresholds.FAINT_SIDE_MAX_BLURRED is not None and sharpness < thresholds.MIN_SHARPNESS
                      else thresholds.FAINT_SIDE_MAX)
    side_reach: dict[int, float] = {}

    def faint_side(k: int) -> float:
        """How far candidate k's faint outline reaches out on one side (_faint_side), asked once."""
        if k not in side_reach:
            blob = candidates[k][0]
            side_reach[k] = _faint_side(
                faint_look[0], scale, blob, [b.rect[0] for b in blobs if b is not blob],
                faint_look[1] if len(faint_look) > 1 else None) if faint_asked else 0.0
        return side_reach[k]

    def side_shows(k: int) -> bool:
        return faint_asked and faint_side(k) > faint_side_max

    top_unsquare_max = (thresholds.FAINT_SIDE_TOP_NOT_FLAT_CALIBRATED if calibration is not None
                        else thresholds.FAINT_SIDE_TOP_NOT_FLAT)

    if faint_asked:
        # ... unless its side shows after all: under the cup a leaning die's side, lit less than
        # its face, can fall out of the foreground and leave an outline square round the face
        # (fresh frames 150443, 150913, 151305: the network doubted the face 0.06-0.18, under
        # SQUARE_NO_FACE_MAX). Faint, the side still shows, on one side of the face only.
        # (Only on the tray inside its rim, calibrated or found: read whole, the frame's rim
        # differs faintly from the tray beside a die against it, on that side only.)
        # Asked only where the answer counts: of a die cut from its neighbour, or one whose face
        # the network doubts more than it may doubt a die not lying plainly flat.
        def counts(k: int, blob: outlines.Blob) -> bool:
            return outlines.inside_any(blob, side_by_side, scale) or (
                faces is not None and guesses[k].faceless > classifier.AGREE_NO_FACE_MAX)

        flat = [lying_flat and not (counts(k, blob) and side_shows(k))
                for k, (lying_flat, (blob, _)) in enumerate(zip(flat, candidates))]
    beside_flat = [False] * len(candidates)
    if thresholds.SIDE_BY_SIDE_AS_BRIGHT is not None and view is View.BOTTOM:
        beside_flat = _as_bright_as_flat_neighbour(candidates, flat, side_by_side, scale)
    for k, (blob, classic) in enumerate(candidates):
        result = classic
        lying_flat = flat[k]
        if (thresholds.PIP_BY_RIM is not None and inner is not None and not isinstance(result, str)
                and _pip_by_rim(img, blob, inner, thresholds.PIP_BY_RIM * die_side)):
            # Whatever the network's scan reads round it: it sees the face whole, but the pips
            # that would confirm its read are still cut off by the tray's edge.
            doubts[id(blob)] = LEANING
            doubts_kept.add(id(blob))
            continue
        if (thresholds.SIDE_OVER_RIM is not None and view is View.BOTTOM and inner is not None
                and not isinstance(result, str)
                and _side_over_rim(img, blob, inner, die_side) > thresholds.SIDE_OVER_RIM):
            # Whatever the network's scan reads round it: its face may be whole, but it does not
            # lie flat.
            doubts[id(blob)] = LEANING
            doubts_kept.add(id(blob))
            continue
        if (thresholds.LONE_FACE_OFF_MIDDLE is not None and view is View.BOTTOM and not isinstance(result, str)
                and math.hypot(result[2] - blob.rect[0][0], result[3] - blob.rect[0][1])
                > thresholds.LONE_FACE_OFF_MIDDLE * blob.side
                and outlines.apart(blob, blobs, thresholds.FAINT_SIDE_APART * die_side)
                and not (inner is not None and outlines.against_edge(blob, inner, thresholds.LONE_FACE_OFF_RIM * die_side))):
            # Under the cup a die by itself shows no side, its face in its outline's middle; one
            # whose face sits off it shows its side.
            doubts[id(blob)] = LEANING
            doubts_kept.add(id(blob))
            continue
        if (not isinstance(result, str) and not lying_flat and not beside_flat[k]
                and outlines.inside_any(blob, side_by_side, scale)
                and not (thresholds.SIDE_BY_SIDE_SURE is not None and faces is not None and guesses[k].face == result[0]
                         and guesses[k].faceless <= thresholds.SIDE_BY_SIDE_SURE)
                and not (thresholds.SIDE_BY_SIDE_ALONE is not None and faces is not None
                         and _reads_alone(faces, look, blob, blobs, frame(blob), result[0]))):
            # A die cut from its neighbour by a straight line: one leaning on the other looks
            # like one lying beside it, and the network's doubt of the two overlaps (see
            # SIDE_BY_SIDE_SURE). Only a die plainly lying flat is read, or under the cup one as
            # light as a neighbour that is (SIDE_BY_SIDE_AS_BRIGHT).
            doubts[id(blob)] = LEANING
            if thresholds.SIDE_BY_SIDE_KEPT is not None and faces is not None and guesses[k].faceless > thresholds.SIDE_BY_SIDE_KEPT:
                doubts_kept.add(id(blob))
            continue
        if faces is not None:
            if result == NO_PIPS and guesses[k].of(NO_FACE) >= thresholds.NOT_A_DIE:
                # Die-sized and square but no pips, and the network sure no die is there: a
                # dark corner of the tray, a shadow (the same test as for any blob left unread).
                continue
            # The network's doubt that the face is flat counts for less on a die lying flat.
            pips_seen = len(_pips(img, blob)) if isinstance(result, str) and result.startswith(NO_LAYOUT) else None
            # From above, a die off the frame's middle showing the side a camera sees of a flat die
            # there lies flat as plainly (only for the network's doubt: a die cut from its
            # neighbour is not read for it).
            in_perspective = (not lying_flat and view is View.TOP and not isinstance(result, str)
                              and outlines.side_in_perspective(blob, result[2], result[3], middle, reach))
            lying_flat = lying_flat or in_perspective
            result = judge(result, guesses[k], blob.rect[0], square=lying_flat, pips_seen=pips_seen)
            if (thresholds.GUIDED_LAYOUT_MIN is not None and isinstance(result, str) and isinstance(classic, str)
                    and (classic.startswith(NO_LAYOUT) or classic == NO_PIPS
                         or (thresholds.GUIDED_LONE_PIP and classic == reasons.FACE_OFF_MIDDLE
                             and len(_inside_outline(_pips(img, blob), blob)) == 1))
                    and guesses[k].face is not None and guesses[k].probability >= thresholds.GUIDED_LAYOUT_MIN
                    and guesses[k].faceless <= classifier.PLAIN_NO_FACE_MAX):
                # The network reads a face plainly flat, if not surely enough alone: read where
                # the pips, faint or not, lay out that very face and no other.
                face = guesses[k].face
                shown = _layouts_shown(img, blob)
                if list(shown) == [face]:
                    result = (face, guesses[k].probability, *shown[face])
            if (thresholds.COLOUR_PIPS is not None and isinstance(result, str) and isinstance(classic, str)
                    and (classic.startswith(NO_LAYOUT) or classic == NO_PIPS)
                    and guesses[k].face is not None and guesses[k].probability >= thresholds.COLOUR_PIPS_MIN
                    and guesses[k].faceless <= classifier.PLAIN_NO_FACE_MAX):
                # ... or where its pips, told from the face by their colour, lay out that face.
                by_colour = _colour_pips_read(img, blob)
                if by_colour is not None and (by_colour[0] == guesses[k].face or (
                        thresholds.COLOUR_PIPS_RUNNER_UP and guesses[k].of(by_colour[0]) >= thresholds.COLOUR_PIPS_MIN)):
                    sure = (guesses[k].probability if by_colour[0] == guesses[k].face
                            else guesses[k].of(by_colour[0]))
                    result = (by_colour[0], sure, by_colour[2], by_colour[3])
            single = result
            # ... but where the single look doubts it more than a die not plainly flat may be, its
            # faint side is still asked, as it would have been: a die leaning toward the middle
            # with its side as grey as the tray passes for one in perspective (fresh 432270).
            doubted_unsquare = single == LEANING or (in_perspective and judge(
                classic, guesses[k], blob.rect[0], square=False, pips_seen=pips_seen) == LEANING)
            # A second, steadier look at a face whose pips fit, before doubting it, or before
            # reading one the single look doubts at all (only here: eight patches a die), and of
            # the patch moved a little (classifier.STEADY_JITTER: 64 more).
            # (Of a die not plainly flat, from a smaller doubt: UNSQUARE_STEADY_ASKED_FROM.)
            asked_from = (classifier.STEADY_ASKED_FROM if lying_flat or classifier.UNSQUARE_STEADY_ASKED_FROM is None
                          else classifier.UNSQUARE_STEADY_ASKED_FROM)
            if not isinstance(classic, str) and (
                    (result == LEANING and classifier.STEADY_NO_FACE_MAX is not None)
                    or (not isinstance(result, str) and classifier.STEADY_LEANING_MIN is not None
                        and guesses[k].faceless >= asked_from)):
                result = judge(classic, guesses[k], blob.rect[0], square=lying_flat,
                               steady=faces.wary_steady_guess(look, [frame(blob)])[0])
            doubted_once = doubted_unsquare and thresholds.FAINT_SIDE_KEEPS
            read_unsquare = (view in thresholds.FAINT_SIDE_NOT_FLAT and not lying_flat
                             and not isinstance(result, str))
            # ... and from above, a die read but not plainly flat, whose side reaches out further
            # (FAINT_SIDE_TOP_NOT_FLAT).
            read_unsquare_top = (view is View.TOP and top_unsquare_max is not None and not lying_flat
                                 and not isinstance(result, str))
            if (faint_asked and (doubted_once or read_unsquare or read_unsquare_top)
                    and not isinstance(classic, str)
                    and outlines.apart(blob, blobs, thresholds.FAINT_SIDE_APART * die_side)
                    and not outlines.against_edge(blob, inner, thresholds.FAINT_SIDE_OFF_RIM * die_side)
                    and (((doubted_once or read_unsquare) and side_shows(k))
                         or (read_unsquare_top and faint_side(k) > top_unsquare_max))):
                # Its side shows faintly: neither its steady look nor the network's scan reading
                # the face plainly makes it lie flat.
                result = LEANING
                doubts_kept.add(id(blob))
            if result == LEANING and guesses[k].of(FACELESS_DIE) >= thresholds.LEANING_SURE:
                # The network plainly sees a die whose face cannot be read: its scan, framing
                # the face alone, may still read that face, but that does not make it lie flat.
                doubts_kept.add(id(blob))
        if isinstance(result, str):
            doubts[id(blob)] = result
            continue
        if (isinstance(classic, str) and result[0] in (2, 4)
                and _middle_may_hide_a_pip(img, blob, result[2], result[3], classic == reasons.SMUDGED,
                                           guesses[k].of(result[0] + 1) / guesses[k].of(result[0]))):
            doubts[id(blob)] = reasons.SMUDGED
            continue
        if thresholds.WHOLE_FACE_ASIDE and classic == reasons.FACE_OFF_MIDDLE and _whole_face_aside(img, blob, result[0]):
            # The pips lay out the very face the network read, plainly, off the outline's middle:
            # a die leaning, its side in view. Whatever the network's scan finds round it later
            # does not make it lie flat.
            doubts[id(blob)] = reasons.FACE_OFF_MIDDLE
            doubts_kept.add(id(blob))
            continue
        if (thresholds.BESIDE_OFF_MIDDLE is not None and isinstance(classic, str) and classic.startswith(NO_LAYOUT)
                and faces is not None and guesses[k].faceless > classifier.PLAIN_NO_FACE_MAX
                and outlines.near_any(blob.rect[0], [neighbour.rect[0] for neighbour, other in candidates
                                             if other == reasons.FACE_OFF_MIDDLE], thresholds.BESIDE_OFF_MIDDLE * die_side)):
            # Its pips fit no face, the network reads it only on the allowance for a pip hidden,
            # and its neighbour's face is off that one's outline's middle: a die leaning on
            # another hides part of it, and shows its own face askew. (Read plainly alone, such
            # dice lay flat: fresh 597958, 598240, 598488, 597671 calibrated.)
            doubts[id(blob)] = LEANING
            doubts_kept.add(id(blob))
            continue
        if not isinstance(classic, str) or classic == reasons.FACE_OFF_MIDDLE:
            squashed = _foreshortened(img, blob, result[0], result[2], result[3])
        else:
            squashed = bool(thresholds.SQUASH_NETWORK_READ) and classic.startswith(NO_LAYOUT) and _foreshortened(
                img, blob, result[0], result[2], result[3],
                fit_within=None if thresholds.BLURRED_SQUASH and sharpness < thresholds.MIN_SHARPNESS else thresholds.SQUASH_NETWORK_READ)
        if squashed:
            # Pips that lay out a face cleanly (read by them, or off the outline's middle and
            # read by the network), foreshortened: the face is not lying flat. Read by the
            # network over pips that fit no layout as a whole (one taken for the outline's),
            # only if the pips near its face lay that face out cleanly: one a glare smudged lies
            # squashed on a flat die (fresh 41454's 4 leant, its side as grey as the tray).
            doubts[id(blob)] = LEANING
            continue
        if _middle_unclear(img, blob, result[0], result[2], result[3], by_network=isinstance(classic, str)):
            doubts[id(blob)] = reasons.GLARED_MIDDLE
            doubts_kept.add(id(blob))
            continue
        found.append((*result, blob.side, float(blob.rect[2])))
        read_blobs.add(id(blob))
        if isinstance(classic, str):
            alone_read.append((len(found) - 1, blob))
    if thresholds.ALONE_OUTSIZED is not None and alone_read:
        # A die the network read alone (its pips lay out no face) whose outline is far bigger
        # than the dice read by their pips: two touching dice taken whole, one of them read. Left
        # unread, as touching dice are: the network's scan looks round it for the dice in it.
        by_pips = [f[4] for i, f in enumerate(found) if i not in {k for k, _ in alone_read}]
        if len(by_pips) >= 2:
            usual = float(np.median(by_pips))
            outsized = {k for k, blob in alone_read if blob.side > thresholds.ALONE_OUTSIZED * usual}
            for k, blob in alone_read:
                if k in outsized:
                    read_blobs.discard(id(blob))
                    doubts[id(blob)] = "dice are touching or overlapping"
            found = [f for i, f in enumerate(found) if i not in outsized]
    # Where blobs were left unread (touching dice, a face the pips could not fit), the network
    # looks for dice itself, round them. An unread blob counts as read only when the dice found
    # cover it, and the pips in each of those dice fit the face the network saw; else the dice
    # are reported and the frame stays unsure.
    unread = [b for b in blobs if id(b) not in read_blobs and b.area >= thresholds.UNREAD_AREA * die_side ** 2
              and b.thickness >= 0.2 * die_side]     # not a strip of the rim
    blurred_leftovers = bool(unread)
    scanned: list[tuple] = []        # dice the network's scan found round them, their pips confirming
    if unread and faces is not None:
        # A die-sized thing nobody read and nothing flagged (a leaning die whose side shows, a
        # die under a glare) must not vanish silently: unless the network is sure no die is
        # there (not merely that no face can be read), the frame is unsure.
        quiet = [b for b in unread if id(b) not in doubts and b.area >= thresholds.QUIET_AREA * die_side ** 2
                 and b.thickness >= thresholds.QUIET_THICKNESS * die_side]
        for blob, face_guess in zip(quiet, faces.guess(look, [framed_as_die(blob) for blob in quiet])):
            if face_guess.of(NO_FACE) < thresholds.NOT_A_DIE:
                doubts[id(blob)] = (LEANING if face_guess.value == FACELESS_DIE
                                    else reasons.NOT_READABLE)
        # Spots on something not shaped like a die (noise in a dark corner of the tray): the
        # network, looking at it every way round, sure no die is there, lets it go too.
        odd = [b for b in unread if doubts.get(id(b)) == reasons.NOT_READABLE]
        for blob, face_guess in zip(odd, faces.steady_guess(look, [framed_as_die(blob) for blob in odd])):
            if face_guess.of(NO_FACE) >= thresholds.NOT_A_DIE:
                del doubts[id(blob)]
        # Only what made the frame unsure is searched (a shadow or a piece of the rim nobody
        # doubted holds no die: the guard above asked the network about every die-sized one).
        unread = [b for b in unread if id(b) in doubts]
        seen = classifier.find_faces(faces, look, [_scan_box(b, die_side) for b in unread], die_side,
                          [(f[2], f[3]) for f in found]) if unread else []
        sure = {k for k, (v, _, x, y) in enumerate(seen) if _confirmed(img, whole, scale, v, x, y, die_side)}
        centres = [(f[2], f[3]) for f in found] + [(x, y) for _, _, x, y in seen]
        for value, confidence, x, y in seen:
            found.append((value, confidence, x, y, die_side, 0.0))
        if thresholds.SCANNED_OWN_SPOTS:
            scanned = [found[-len(seen) + k] for k in sorted(sure)]
        nothing_seen = []        # blobs the scan found no die round
        for blob in unread:
            mine = [k for k, (_, _, x, y) in enumerate(seen) if np.hypot(x - blob.rect[0][0], y - blob.rect[0][1])
                    < 0.75 * die_side + 0.5 * max(blob.box[2], blob.box[3])]
            if not mine:
                nothing_seen.append(blob)
            # (With no die found in it, a blob the read dice round it cover is a strip one of
            # them lost when touching dice were cut apart.)
            if id(blob) in doubts_kept:
                continue      # what the network saw there does not settle it
            if all(k in sure for k in mine) and outlines.covered_by_dice(blob, centres, die_side) and not (
                    thresholds.PIPS_BEYOND_DICE and _pips_beyond(img, blob, centres, die_side)) and not (
                    thresholds.UNHELD_DIE_AREA and outlines.unheld_die(blob, centres, die_side)):
                doubts.pop(id(blob), None)
            elif mine:
                doubts.setdefault(id(blob), "a die I could only make out by its look (touching others, or unclear)")
        if thresholds.UNREAD_SCAN_BIGGER:
            # A photo taken at a slant: round a blob where the scan found no die, a near die may
            # be bigger than the die size, measured on the far ones. Looked for again at
            # STRAY_SCAN_BIGGER x it, a die found there whose pips confirm it is reported; the
            # blob's doubt stays (the frame is unsure as before). (Only round a blob still
            # doubted: one the dice read cover is a strip they lost, and the frame may be ok.)
            empty = [b for b in nothing_seen if id(b) in doubts]
            side = thresholds.STRAY_SCAN_BIGGER * die_side
            if empty:
                found += _confirmed_in_discs(img, classifier.find_faces(faces, look, [_scan_box(b, side) for b in empty], side,
                                                             [(f[2], f[3]) for f in found]), side)
    # Pips that no region holds: a white die on a light tray can differ from it too little for
    # the foreground, and for _faint_dice's local threshold too. The network looks round each
    # group of them; a die it sees there surely, whose pips fit that face, is read.
    by_pips = _dice_by_pips(img, look, faces, die_side, dark, blobs, found) if faces is not None else []
    found += by_pips
    if thresholds.STRAY_SCAN and faces is not None:
        by_stray = _dice_by_stray_pips(img, look, faces, die_side, dark, blobs, found,
                                       bigger=thresholds.STRAY_SCAN_BIGGER_CALIBRATED or not size_calibrated)
        found += by_stray
        by_pips += by_stray
    if sharpness < thresholds.MIN_SHARPNESS:
        for blob in outlines.faded_outlines(all_first, blobs, [(f[2], f[3]) for f in found], die_side):
            blobs.append(blob)
            doubts[id(blob)] = reasons.FADED
    # (A calibrated tray's rim is painted out as the tray: the median there is the tray's own.)
    if thresholds.EDGE_LOST and coarse is not None and (inner is None or auto_tray):
        for blob in outlines.lost_outlines(coarse, whole, [(f[2], f[3]) for f in found], die_side, img.shape):
            blobs.append(blob)
            doubts[id(blob)] = reasons.LOST_BY_EDGE
    in_light: list[tuple] = []         # dice read round a piece the opening took
    if faces is not None and pipless and not (sharpness < thresholds.MIN_SHARPNESS and blurred_leftovers):
        # Skipped: pieces already doubted (the quiet look above asks the thicker ones), and
        # pieces a die read since covers (the network's scan may have read them). Not asked in a
        # blurred frame with pieces left over: it is unsure anyway, and "too blurred" says why.
        centres = [(f[2], f[3]) for f in found]
        pipless = [b for b in pipless if id(b) not in doubts and not outlines.covered_by_dice(b, centres, die_side)]
        for blob, face_guess in zip(pipless, faces.steady_guess(look, [framed_as_die(b) for b in pipless])):
            if face_guess.of(NO_FACE) < thresholds.NOT_A_DIE:
                doubts[id(blob)] = LEANING
    if faces is not None:
        # A die-like piece the foreground's opening took off every die: unless the network is
        # sure no die is there, the frame is unsure.
        gone = outlines.taken_by_opening(taken[0], scale, img.shape, blobs, [(f[2], f[3]) for f in found], die_side,
                                 whole)
        for blob, face_guess in zip(gone, faces.steady_guess(look, [framed_as_die(b) for b in gone])):
            if face_guess.of(NO_FACE) < thresholds.NOT_A_DIE:
                if thresholds.READ_FADED_IN_LIGHT:
                    read = _read_in_light(img, look, faces, blob, die_side, found)
                    found += read
                    in_light += read
                    if read and outlines.covered_by_dice(blob, [(f[2], f[3]) for f in read], die_side):
                        continue
                blobs.append(blob)
                doubts[id(blob)] = reasons.FADED_IN_LIGHT
        if faint_look and faint_squares:
            # A die-sized shape a little unlike the tray, off every die: unless the network
            # is sure no die is there, a die faded (leaning, only its edge on the tray).
            squares = outlines.faint_squares(faint_look[0], scale, img.shape, blobs, [(f[2], f[3]) for f in found], die_side)
            for blob, face_guess in zip(squares, faces.steady_guess(look, [framed_as_die(b) for b in squares])):
                if face_guess.of(NO_FACE) < thresholds.NOT_A_DIE:
                    blobs.append(blob)
                    doubts[id(blob)] = reasons.FADED
        if faint_look and thresholds.FAINT_LEFT_OVER is not None and (faint_squares or thresholds.FAINT_LEFT_OVER_TOP):
            left = outlines.faint_left_over(faint_look[0], scale, img.shape, blobs, found, die_side)
            asked = look
            if left and thresholds.NOISY_LOOK_SIGMA is not None and tray_foreground.noise(grey)[0] > thresholds.NOISY_LOOK_SIGMA:
                asked = cv2.GaussianBlur(look, (0, 0), thresholds.NOISY_LOOK_SMOOTHING)
            for blob, face_guess in zip(left, faces.steady_guess(asked, [framed_as_die(b) for b in left])):
                if face_guess.of(NO_FACE) < thresholds.FAINT_LEFT_OVER_SEEN:
                    blobs.append(blob)
                    doubts[id(blob)] = reasons.FADED
    if thresholds.COARSE_COVERED and coarse is not None and view is View.BOTTOM and not doubts:
        # Nothing doubted, yet a region of the first, coarse look the dice read do not account
        # for: a die the finer look lost whole (fresh 351535: a black die touching another
        # under the cup, the finer median as dark as the two and their shadows, the die a thin
        # ring the opening took). Solid and a half die or more: not the rim's L, not a shadow.
        # (Under the cup only: from above, phone photos' coarse regions take in shadows and
        # the table, and 12 of the 200 real photos read right went unsure.)
        centres = [(f[2], f[3]) for f in found]
        for blob in all_first:
            if (outlines.solid(blob, 0.25 * die_side) and blob.area >= 0.5 * die_side ** 2
                    and not outlines.covered_by_dice(blob, centres, die_side)):
                blobs.append(blob)
                doubts[id(blob)] = reasons.NOT_READABLE
    problems = list(doubts.values())
    # Uncalibrated, under the cup (the camera sees little but the tray): the frame's middle.
    covered_in = inner if inner is not None and (not auto_tray or thresholds.COVERED_FOUND_TRAY) else (
        tray_foreground.middle_box(img.shape) if view is View.BOTTOM and thresholds.COVERED_UNCALIBRATED else None)
    covered = (outlines.tray_covered(scaled[scale][0], scale, covered_in, blobs, found, die_side,
                             thresholds.COVERED_FOUND_TRAY if auto_tray else 0.0)
               if covered_in is not None else None)
    if covered is None:
        covered = cup_rim
    width = img.shape[1]    # (the bottom view's boxes are flipped back)
    unclear, unclear_why = [], []
    if covered is None and thresholds.COVERED_DIMMING and exposure and brightness < thresholds.COVERED_DIMMING * exposure:
        # Far darker than the empty tray was at calibration, though nothing dark enough to box
        # shows (a grey cup over most of the tray, seen from above, is hardly darker than the
        # tray's shaded side).
        problems.insert(0, reasons.DIMMED)
    if covered is not None:
        problems.insert(0, reasons.COVERED)
        x, y, w, h = covered
        if view is View.BOTTOM:
            x = width - x - w
        unclear.append((x + offset[0], y + offset[1], w, h))       # shown on the evidence photo
        unclear_why.append(reasons.COVERED)
    for blob in blobs:
        if id(blob) in doubts:
            x, y, w, h = blob.box
            if view is View.BOTTOM:
                x = width - x - w
            unclear.append((x + offset[0], y + offset[1], w, h))
            unclear_why.append(doubts[id(blob)])

    lit_off_dice = [p for p in lit_under_cup if not any(
        np.hypot(p[0] - f[2], p[1] - f[3]) < 0.75 * max(die_side, f[4]) for f in found)]
    if thresholds.LIT_FACE_OFF_DICE and lit_face:
        lit_face = _lays_out_a_face(lit_off_dice, die_side)
    if thresholds.LIT_PAIR_ASKED and faces is not None and not lit_face and len(lit_under_cup) >= 2:
        light = _lit_pairs_seen(look, faces, lit_off_dice, die_side)
    # (One lit spot alone, off every die, where the network sees a die round it: a black die
    # under a glare, its other pips too near a neighbour or washed out. The LED ring's
    # reflections: the network sees no die there.)
    lit_alone = False
    if thresholds.LIT_ALONE_ASKED and faces is not None and not lit_face and not light and not doubts and lit_off_dice:
        # (One look first: the everyday frame's reflections cost a patch each.)
        light = [p for p, is_die in zip(lit_off_dice, _seen_as_dice(look, faces, lit_off_dice, die_side,
                                                                     one_look_first=True)) if is_die]
        lit_alone = bool(light)
    # (A die read at the frame's die size may be bigger than that: its pips are taken for its
    # own as far out as 0.75 of the frame's size, as before STRAY_DIE_REACH.)
    stray = [(px, py) for px, py in dark + light if not outlines.by_any(px, py, faint, 0.2 * die_side)
             and not any(np.hypot(px - d[2], py - d[3]) < (max(0.75 * die_side, thresholds.STRAY_DIE_REACH * d[4])
                                                           if thresholds.STRAY_SCAN else 0.75 * die_side)
                         for d in by_pips + (in_light if thresholds.PIPS_OF_DICE_IN_LIGHT else []) + scanned)]
    # (One spot alone may be a speck of noise; in a blurred frame the noise is smoothed away and
    # a faded die's pips run together into one. Under the cup (no glare on the lit tray) a lone
    # dark spot is a die's pip, a leaning die faded but for its one pip, or dirt on the tray.)
    lone_dark = thresholds.LONE_PIP_UNDER_CUP and view is View.BOTTOM and any(p in dark for p in stray)
    # (In the top view a die of the tray's colour can show nothing but its light pips: with one
    # pip, the 1, nothing lays out a face. Glints are by the rim; the tray's middle holds none.)
    on_tray = inner if inner is not None and not auto_tray else tray_foreground.middle_box(img.shape)
    lone_light = thresholds.LONE_LIGHT_PIP and view is View.TOP and any(p in light and outlines.inside_rect(p, on_tray) for p in stray)
    lone = bool(stray) and (sharpness < thresholds.MIN_SHARPNESS or lone_dark or lone_light)
    # (Seen from above, a die of the tray's colour shows only its pips; a 1 shows one, and by
    # the rim the faint outline round it is not looked for: fresh 40996. Dirt, the rim's
    # corners, noise: the network, shown a die's frame round the spot, sees no die there first.)
    paired = _paired(stray, die_side)

    asked = view is View.TOP and faces is not None and not (lone or paired or lit_face)
    asked_dark = thresholds.LONE_DARK_ASKED and asked and any(_seen_as_dice(look, faces, [p for p in stray if p in dark],
                                                                 die_side))
    asked_light = (thresholds.LONE_LIGHT_ASKED and asked and not asked_dark
                   and any(_seen_as_dice(look, faces, [p for p in stray if p in light and p not in dark], die_side)))
    if paired or lit_face or lone or asked_dark or asked_light or lit_alone:
        why = (reasons.STRAY_PIPS if paired or lit_face or sharpness < thresholds.MIN_SHARPNESS
               else reasons.LONE_SPOT if lone_dark else reasons.LONE_DARK_SPOT if asked_dark else reasons.LONE_LIGHT_SPOT)
        problems.append(why)
        # Shown on the evidence photo: one box round each group of spots a die's reach apart
        # (a face's pips), not one per spot: boxed one by one, a missed die's five pips drew
        # five boxes and five marks over it.
        # (A lit face's spots too: under the cup they are not stray spots, but they are what the
        # frame is doubted for.)
        for group in _spot_groups(stray + (lit_off_dice if lit_face else []), 0.8 * die_side):
            (gx0, gy0), (gx1, gy1) = group.min(axis=0), group.max(axis=0)
            if view is View.BOTTOM:
                gx0, gx1 = width - 1 - gx1, width - 1 - gx0
            x, y = gx0 - die_side / 2, gy0 - die_side / 2
            unclear.append((int(x) + offset[0], int(y) + offset[1],
                            int(gx1 - gx0 + die_side), int(gy1 - gy0 + die_side)))
            unclear_why.append(why)
    dice = []
    for value, confidence, x, y, side, angle in found:
        if view is View.BOTTOM:
            x = width - 1 - x
            value = 7 - value
        dice.append(Die(value=value, x=x + offset[0], y=y + offset[1], size=side,
                        confidence=confidence, angle=angle))
    dice.sort(key=lambda d: (d.y, d.x))
    if not dice and not problems:
        problems.append("no dice found on the tray")
    if expected is not None and not problems and len(dice) != expected:
        problems.append(f"expected {expected} dice, saw {len(dice)}")
    if sharpness < thresholds.MIN_SHARPNESS and not problems and (
            any(d.confidence < thresholds.BLURRED_SURE for d in dice) or blurred_leftovers):
        # A blur can run two pips together, or a die into the tray round it (its pieces left
        # over): a blurred frame is taken only where the pips and the network are both sure of
        # every die, and nothing die-sized is left unread.
        problems.append(too_blurred)
    if problems:
        reading = unsure(problems[0], tuple(dice))
        reading.extra["problems"] = problems
        reading.extra["unclear"] = unclear
        reading.extra["unclear_why"] = unclear_why       # each box's reason
        return reading
    return Reading(Status.OK, tuple(dice), None, brightness, sharpness, view=view)
