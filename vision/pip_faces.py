"""Pips and the faces they lay out: pips found inside a die (by colour, split, top-hat,
lightness or colour), the six canonical layouts fitted over rotation and scale (fit_layout),
a face checked against them, the layouts a face's pip grid shows, a face's middle checked for a
hidden or glared pip, and a die read from its pips (read_die)."""

from __future__ import annotations

import math
from itertools import combinations
from typing import NamedTuple

import cv2
import numpy as np

from . import classifier, outlines, reasons, thresholds, tray_foreground


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


def affine_error(slots: np.ndarray, centred: np.ndarray) -> float:
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
        best = (k, min(best[1], affine_error(best_slots, centred)), best[2], best[3])
    if slots_out is not None and best is not None:
        slots_out.append(best_slots)
    return best


def face_squash(pts: np.ndarray) -> float:
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


def pips_in(img: np.ndarray, blob: outlines.Blob, contrast: list | None = None) -> list[tuple[float, float, int]]:
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
    """pips_in, worked out: the pips and (contrast map, threshold, (pip colours, face colour, the
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
    if len(pips_in(img, blob, contrast)) < 2 or not contrast:
        return [], []
    dist8, threshold, (colours, face, lab8) = contrast
    if (thresholds.PIP_SPLIT_LIGHT_ONLY
            and float(np.median(colours[:, 0])) - float(face[0]) < thresholds.GLARE_SLOT_PIPS_LIGHTER):
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
    if len(pips_in(img, blob, contrast)) < 2 or not contrast:
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


def _spot_at(dist8: np.ndarray, threshold: float, labels: np.ndarray, label: int,
             box: tuple[int, int, int, int], up: int) -> np.ndarray:
    """Spot ``label`` (its box's pixels, 0/1) seen ``up`` times finer (JOINED_PIPS_UPSCALE): the
    contrast map round it enlarged smoothly and thresholded again, within the spot grown by a pixel
    (not into a neighbouring spot). At the frame's own pixels a small die's pips, 3 px across,
    touch through a waist whose depth is 0.71 of theirs (2 of 2.83 px), whatever their true shape."""
    bx, by, bw, bh = box
    spot = (labels[by:by + bh, bx:bx + bw] == label).astype(np.uint8)
    if up == 1:
        return spot
    grown = cv2.dilate(spot, np.ones((3, 3), np.uint8))
    grown &= ((labels[by:by + bh, bx:bx + bw] == 0) | (spot > 0)).astype(np.uint8)
    # (One pixel of the map round the box, so the enlargement sees the spot's edge.)
    x0, y0 = max(0, bx - 1), max(0, by - 1)
    x1, y1 = min(dist8.shape[1], bx + bw + 1), min(dist8.shape[0], by + bh + 1)
    fine = cv2.resize(dist8[y0:y1, x0:x1], ((x1 - x0) * up, (y1 - y0) * up), interpolation=cv2.INTER_LINEAR)
    fine = fine[(by - y0) * up:(by - y0 + bh) * up, (bx - x0) * up:(bx - x0 + bw) * up]
    within = cv2.resize(grown, (bw * up, bh * up), interpolation=cv2.INTER_NEAREST)
    return ((fine > threshold) & (within > 0)).astype(np.uint8)


def _joined_pips(img: np.ndarray, blob: outlines.Blob) -> tuple[list[tuple[float, float, int]], list[np.ndarray]]:
    """Pips that touch one another (see JOINED_PIPS), and their Lab colours: each spot too big or
    too long for a pip that is a row or a clump of round pips of one size, cut where it narrows
    between them: where it is less than JOINED_PIPS x its depth (its deepest point's distance from
    its edge, a pip's radius) deep. Each part a pip of that radius; the spot's area must be about
    that many such discs (a glare's patch or a die's edge is not), the pips a pip's size for the die."""
    spots = _spots(img, blob)
    if spots is None:
        return [], []
    dist8, threshold, lab8, labels, stats = spots.dist8, spots.threshold, spots.lab8, spots.labels, spots.stats
    merged = spots.merged
    x0, y0 = blob.box[0], blob.box[1]
    pips, colours = [], []
    up = thresholds.JOINED_PIPS_UPSCALE or 1
    for i in merged:
        bx, by, bw, bh, area = (int(v) for v in stats[i, :5])
        spot = _spot_at(dist8, threshold, labels, i, (bx, by, bw, bh), up)
        depth = cv2.distanceTransform(cv2.copyMakeBorder(spot, 1, 1, 1, 1, cv2.BORDER_CONSTANT, 0),
                                      cv2.DIST_L2, cv2.DIST_MASK_PRECISE)[1:-1, 1:-1]
        radius = float(depth.max()) / up
        low, high = thresholds.JOINED_PIP_DIAMETER
        if not low * blob.side <= 2.0 * radius <= high * blob.side:
            continue
        cores = (depth >= thresholds.JOINED_PIPS * radius * up).astype(np.uint8)
        m, _, sub, centres = cv2.connectedComponentsWithStats(cores)
        disc = math.pi * radius * radius
        if m - 1 < 2 or not (thresholds.JOINED_PIP_AREA[0] * (m - 1) * disc <= area
                             <= thresholds.JOINED_PIP_AREA[1] * (m - 1) * disc):
            continue
        if not all(_pip_shaped(int(sub[j, cv2.CC_STAT_AREA]), int(sub[j, cv2.CC_STAT_WIDTH]),
                               int(sub[j, cv2.CC_STAT_HEIGHT])) for j in range(1, m)):
            continue
        in_spot = (labels == i).astype(np.uint8)
        for j in range(1, m):
            # (A pixel's middle at ``up`` times is (k + 0.5) / up - 0.5 in the frame's pixels.)
            cx, cy = ((float(centres[j][0]) + 0.5) / up - 0.5 + bx, (float(centres[j][1]) + 0.5) / up - 0.5 + by)
            pips.append((cx + x0, cy + y0, int(round(disc))))
            colours.append(_pip_colour(lab8, in_spot, cx, cy, radius))
    return pips, colours


class _Spots(NamedTuple):
    """A die's contrast map as pips_in found it, and its spots (_pip_components)."""
    dist8: np.ndarray           # how far each pixel of the die's box is from the face colour
    threshold: float            # ... over which a pixel is a spot's
    face: np.ndarray            # the face colour (Lab)
    lab8: np.ndarray            # the box's Lab pixels
    labels: np.ndarray          # the spots' labels over the box
    stats: np.ndarray           # their boxes and areas (cv2.connectedComponentsWithStats)
    kept: list[int]             # the labels taken for pips
    merged: list[int]           # ... and those too big or too long for one


def _spots(img: np.ndarray, blob: outlines.Blob) -> _Spots | None:
    """The die's contrast map and its spots, or None where the die shows no face colour."""
    contrast: list = []
    pips_in(img, blob, contrast)
    if not contrast:
        return None
    dist8, threshold, (_, face, lab8) = contrast
    _, labels, stats, _, kept, merged = _pip_components(dist8, threshold, _inner(blob), blob.side)
    return _Spots(dist8, threshold, face, lab8, labels, stats, kept, merged)


def _pip_colour(lab8: np.ndarray, in_spot: np.ndarray, cx: float, cy: float, radius: float) -> np.ndarray:
    """The mean Lab colour of a pip found within a spot (``in_spot``, 0/1 over the die's box) at
    (cx, cy) in the box's pixels: over a disc 0.8 of its ``radius``, within the spot."""
    where = np.zeros(in_spot.shape, np.uint8)
    cv2.circle(where, (int(round(cx)), int(round(cy))), max(1, int(radius * 0.8)), 1, -1)
    where &= in_spot
    return np.array(cv2.mean(lab8, where)[:3], np.float32)


def _peak_pips(img: np.ndarray, blob: outlines.Blob) -> tuple[list[tuple[float, float, int]], list[np.ndarray]]:
    """Pips a blur joined into a spot that hardly narrows between them (see JOINED_PIP_PEAKS), and
    their Lab colours: each spot too big or too long for a pip whose peaks of difference from the
    face (local maxima about JOINED_PIP_PEAK_APART x the side apart) each stand clear of every other
    (the difference falls between them to JOINED_PIP_PEAKS x the lower peak) and share its area as
    pips of a pip's size for the die. A glare's patch or a die's edge has one broad peak, or
    several with no fall between them. Only on a face where no pip was found apart from such
    spots: beside a pip found, a spot's two peaks made a casino 2 (a 5 seen from below) a 3
    (fresh 788491, the network disagreeing), and in a blurred frame a die the network read surely
    was read less surely so (and the frame doubted as too blurred)."""
    spots = _spots(img, blob)
    if spots is None or not spots.merged or spots.kept:
        return [], []
    lab8, labels, stats = spots.lab8, spots.labels, spots.stats
    strength = cv2.GaussianBlur(_face_distance(lab8, spots.face), (3, 3), 0)
    reach = max(1, int(round(thresholds.JOINED_PIP_PEAK_APART * blob.side / 2)))
    highest = cv2.dilate(strength, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (2 * reach + 1, 2 * reach + 1)))
    low, high = thresholds.JOINED_PIP_DIAMETER
    x0, y0 = blob.box[0], blob.box[1]
    pips, colours = [], []
    for i in spots.merged:
        bx, by, bw, bh, area = (int(v) for v in stats[i, :5])
        box = np.s_[by:by + bh, bx:bx + bw]
        peaks = ((strength[box] >= highest[box]) & (labels[box] == i)).astype(np.uint8)
        m, _, _, centres = cv2.connectedComponentsWithStats(peaks)
        points = [(float(centres[j][0]) + bx, float(centres[j][1]) + by) for j in range(1, m)]
        radius = math.sqrt(area / max(1, len(points)) / math.pi)
        if len(points) < 2 or not low * blob.side <= 2.0 * radius <= high * blob.side:
            continue
        if not all(_falls_between(strength, a, b, thresholds.JOINED_PIP_PEAKS)
                   for k, a in enumerate(points) for b in points[k + 1:]):
            continue
        in_spot = (labels == i).astype(np.uint8)
        for cx, cy in points:
            pips.append((cx + x0, cy + y0, int(round(math.pi * radius * radius))))
            colours.append(_pip_colour(lab8, in_spot, cx, cy, radius))
    return pips, colours


def _falls_between(strength: np.ndarray, a: tuple[float, float], b: tuple[float, float], fall: float) -> bool:
    """Along the straight line from peak ``a`` to peak ``b`` (pixel positions in ``strength``), the
    map falls to ``fall`` x the lower of the two peaks or less."""
    (ax, ay), (bx, by) = a, b
    steps = max(2, int(math.hypot(bx - ax, by - ay) * 2))
    t = np.linspace(0.0, 1.0, steps + 1)
    xs = np.rint(ax + (bx - ax) * t).astype(int)
    ys = np.rint(ay + (by - ay) * t).astype(int)
    line = strength[ys, xs]
    lower = min(float(strength[int(round(ay)), int(round(ax))]), float(strength[int(round(by)), int(round(bx))]))
    return float(line.min()) <= fall * lower


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


def layouts_shown(img: np.ndarray, blob: outlines.Blob) -> dict[int, tuple[float, float]]:
    """The faces whose canonical layout ``blob`` shows in its pips' contrast map, and where each
    face's centre is: every slot of the layout plainly a pip (GUIDED_PIP_MIN) and every other
    slot of the 3 x 3 grid plainly bare (GUIDED_EMPTY_SHARE), the grid laid on the outline's
    middle and angle, moved a little each way, its step a pip's usual. (Pips too faint for the
    pip finder's threshold, as red pips on a dark die, still stand out against the bare face
    between them. A blurred small die can show two layouts at once: the reader takes a face
    only where it shows that one alone.)"""
    contrast: list = []
    pips_in(img, blob, contrast)
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
        for step in np.arange(0.24 if thresholds.GUIDED_RIVAL_STEP is None else thresholds.GUIDED_RIVAL_STEP, 0.341,
                              0.02) * side:
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
                ok = ((weakest >= thresholds.GUIDED_PIP_MIN * level)
                      & (strongest_bare <= thresholds.GUIDED_EMPTY_SHARE * weakest))
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
    mean = _square_mean(lab, int(round(x)) - box[0], int(round(y)) - box[1], r)
    if mean is None:
        return 0.0
    return float((mean - face) @ towards) / float(towards @ towards)


def _square_mean(image: np.ndarray, xi: int, yi: int, r: int) -> np.ndarray | None:
    """The mean colour (3 channels) of the square ``r`` round pixel (xi, yi) of ``image``, cut
    to the image; None where none of it is in the image."""
    h, w = image.shape[:2]
    patch = image[max(0, yi - r):min(h, yi + r + 1), max(0, xi - r):min(w, xi + r + 1)]
    return np.array(cv2.mean(patch)[:3]) if patch.size else None


def middle_may_hide_a_pip(img: np.ndarray, blob: outlines.Blob, x: float, y: float, slot_doubted: bool,
                          rival: float) -> bool:
    """Whether the middle (x, y) of a 2 or a 4 the network read alone may hide a middle pip,
    the face a 3 or a 5: a glare can wash that pip out, or cover it whole. ``slot_doubted``: the
    pips' own check found an empty slot that looked like a pip; ``rival``: the network's 3 or 5
    over its 2 or 4. (Fresh 50043: a wooden 5 under the cup, the network 4 at 0.86, 5 at 0.13;
    310492: a 5 whose middle pip a glare greyed, 4 at 0.83, 5 at 0.11; 310856: a wooden 3,
    its middle pip gone under a glint, 2 at 0.94, 3 at 0.03.) A glint on a true 4's middle is
    the same spot: where the network gives no rival, a glint alone decides."""
    contrast: list = []
    pips = pips_in(img, blob, contrast)
    off_middle = [float(np.hypot(px - x, py - y)) / blob.side for px, py, _ in pips]
    middle = [i for i, d in enumerate(off_middle) if d < thresholds.MIDDLE_SPOT]
    near_middle = any(d < max(thresholds.MIDDLE_SPOT, thresholds.RIVAL_SPOT) for d in off_middle)
    if thresholds.MIDDLE_SPOT_RIVAL and rival >= thresholds.MIDDLE_SPOT_RIVAL and (
            near_middle or (thresholds.MIDDLE_SLOT_RIVAL and slot_doubted)):
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
    round) leans, on average, from the face's colour towards its pips' (``contrast`` as pips_in
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
    pips = pips_in(img, blob, contrast)
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
    joined to pips round it: then the middle's strength alone is asked (MIDDLE_UNFOUND_WEAKER, or
    MIDDLE_UNFOUND_ONE_WEAKER where one pip alone is found round it)."""
    if thresholds.MIDDLE_GLARE_WEAKER is None:
        return False
    contrast: list = []
    pips = pips_in(img, blob, contrast)
    light = _light_pips(contrast)
    joined = thresholds.MIDDLE_GLARE_JOINED is not None and light
    reach = (thresholds.MIDDLE_GLARE_JOINED if joined else thresholds.MIDDLE_REACH) * blob.side
    middle = [a for px, py, a in pips if math.hypot(px - x, py - y) < reach]
    others = [(px, py, a) for px, py, a in pips if math.hypot(px - x, py - y) >= reach]
    weaker = (thresholds.MIDDLE_UNFOUND_WEAKER if len(others) >= 2
              else thresholds.MIDDLE_UNFOUND_ONE_WEAKER if len(others) == 1 else None)
    if not middle and light and weaker is not None:
        # No spot there at all (the glare joined the pips round it into one too big to be a pip):
        # its strength alone says whether it is one.
        pips_strength = _pips_strength(img, blob, others)
        return pips_strength is not None and strength < weaker * pips_strength
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
    """Whether the pips found (``contrast`` as pips_in fills it) are lighter than their face."""
    if len(contrast) < 3 or len(contrast[2][0]) == 0:
        return False
    colours, face, _ = contrast[2]
    return bool(tray_foreground.median_rows(colours)[0] >= face[0])


def _pip_under_glare(img: np.ndarray, contrast: list, blob: outlines.Blob, x: float, y: float) -> float:
    """How plainly the middle (x, y) of a face with dark pips, lighter than the face (a glare on
    it), is a pip under the glare rather than bare face under it: a glare adds the light's white,
    so what lies under it stays on the line from white to its own colour. How much nearer the line
    to the pips' colour the middle's colour lies than the line to the face's, x the distance
    from the face's colour to the pips' (BGR); 0 where the middle is not lighter than the face
    by MIDDLE_GLARE_LIT (the lines from white to a grey face and to its grey pips are one: a
    darker middle is no glare), or the die shows no pips to measure by.
    (Fresh 944012, 876014: a wooden 3 and 5, the middle pip gone under a glare, read 2 and 4 by
    the network: 0.15-0.17, the middle within a level of the line to the pips' colour and 21-22
    off the face's. The true 2s and 4s asked in 6,600 frames, 290 of them glared: at most 0.016.)"""
    if len(contrast) < 3 or len(contrast[2][0]) == 0:
        return 0.0
    colours, face, _ = contrast[2]
    face_bgr, pip_bgr = (_bgr_of(lab) for lab in (face, tray_foreground.median_rows(colours)))
    r = max(2, int(round(thresholds.MIDDLE_GLARE_PIP_REACH * blob.side)))
    middle = _square_mean(img, int(round(x)), int(round(y)), r)
    if middle is None or middle.mean() < face_bgr.mean() + thresholds.MIDDLE_GLARE_LIT:
        return 0.0
    off_lines = []
    for base in (face_bgr, pip_bgr):
        along = base - _WHITE_BGR
        share = float(np.clip((middle - _WHITE_BGR) @ along / max(float(along @ along), 1e-6), 0.0, 1.0))
        off_lines.append(float(np.linalg.norm(middle - _WHITE_BGR - share * along)))
    return (off_lines[0] - off_lines[1]) / max(1.0, float(np.linalg.norm(face_bgr - pip_bgr)))


_WHITE_BGR = np.array([255.0, 255.0, 255.0])


def _bgr_of(lab: np.ndarray) -> np.ndarray:
    """One 8-bit Lab colour as BGR (floats)."""
    pixel = np.clip(np.round(np.asarray(lab, float)), 0, 255).astype(np.uint8).reshape(1, 1, 3)
    return cv2.cvtColor(pixel, cv2.COLOR_LAB2BGR)[0, 0].astype(float)


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


def middle_unclear(img: np.ndarray, blob: outlines.Blob, value: int, x: float, y: float, by_network: bool) -> bool:
    """Whether the face read ``value`` at (x, y) may have its middle wrong: a 3 or a 5 whose middle
    pip hardly stands out (MIDDLE_PIP_MIN: a glare taken for a pip), or a 2 or a 4, its pips
    darker than its face, whose middle leans to a pip (a pip a glare washed out: GLARED_MIDDLE_MAX
    read by the network, GLARED_MIDDLE_PIPS_MAX by its pips; the middle where its corner pips put
    it, and read by the network where its outline does too, GLARED_MIDDLE_AT_OUTLINE; or whose
    middle, lighter than its face, is a pip's colour under a glare, MIDDLE_PIP_UNDER_GLARE), or a 3 or
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
        middle = _face_middle(pips_in(img, blob, contrast), x, y, blob.side, value)
        if len(contrast) < 3 or len(contrast[2][0]) == 0:
            return False
        if _light_pips(contrast):
            return False       # not asked
        if (thresholds.MIDDLE_PIP_UNDER_GLARE is not None
                and _pip_under_glare(img, contrast, blob, *(middle or (x, y))) > thresholds.MIDDLE_PIP_UNDER_GLARE):
            return True
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


def inside_outline(pips: list[tuple[float, float, int]], blob: outlines.Blob) -> list[tuple[float, float, int]]:
    """The pips well inside the die's outline. Pips of a side face seen at an angle, and glints
    on the die's edges, sit against it; every pip of the face lying flat is well inside."""
    edge = cv2.distanceTransform(cv2.copyMakeBorder(blob.mask, 1, 1, 1, 1, cv2.BORDER_CONSTANT, 0),
                                 cv2.DIST_L2, 3)[1:-1, 1:-1]
    bx, by = blob.box[0], blob.box[1]
    h, w = edge.shape
    return [p for p in pips
            if edge[min(h - 1, max(0, int(p[1] - by))), min(w - 1, max(0, int(p[0] - bx)))]
            >= thresholds.EDGE_MARGIN * blob.side]


def read_die(img: np.ndarray, blob: outlines.Blob) -> tuple[int, float, float, float] | str:
    """(value seen, confidence, x, y) or the reason this die cannot be read.

    Seen at an angle, a die shows pips of its side faces near its outline. When all the pips
    together are no face, the reader tries leaving out up to three pips near the outline, and
    accepts only if exactly one value remains possible. When they are no face still, with pips a
    glare joined to a spot split off (_split_pips) they may be, or with the pips that stand out of
    a glare that washed them together (_tophat_pips), or with pips that touch cut apart where their
    spot narrows (_joined_pips), or at its peaks where it hardly narrows (_peak_pips).
    """
    result = _read_pips(img, blob)
    fallbacks = ((thresholds.PIP_SPLIT_LEVEL, thresholds.PIP_SPLIT_CONFIRMING, _split_pips, False),
                 (thresholds.PIP_TOPHAT, thresholds.PIP_TOPHAT_CONFIRMING, _tophat_pips, False),
                 (thresholds.JOINED_PIPS, thresholds.JOINED_PIPS_CONFIRMING, _joined_pips, False),
                 (thresholds.JOINED_PIP_PEAKS, False, _peak_pips, thresholds.JOINED_PIP_PEAKS_WHOLE))
    for level, confirming_only, more_pips, whole in fallbacks:
        if isinstance(result, str) and level is not None and (blob.confirming or not confirming_only):
            # Read again with those pips beside the ones found, if that reads the face.
            more = more_pips(img, blob)
            if more[0]:
                again = _read_pips(img, blob, more)
                # (``whole``: only a face every one of those pips lays out, none left out.)
                if not isinstance(again, str) and not (whole and again[0] != len(more[0])):
                    return again
    if isinstance(result, str) and thresholds.PIP_LIGHTNESS is not None and not thresholds.PIP_LIGHTNESS_CONFIRMING:
        again = lightness_read(img, blob)
        if again is not None:
            return again
    return result


def lightness_read(img: np.ndarray, blob: outlines.Blob) -> tuple[int, float, float, float] | None:
    """The face read from the pips that stand out of their surroundings in lightness alone (see
    PIP_LIGHTNESS), or None. Light or dark pips as the pips found are, mostly (two at least: one
    is no measure of a pip's size or of which way they differ)."""
    contrast: list = []
    found = pips_in(img, blob, contrast)
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
    pips = inside_outline([(float(centres[i][0] + x0), float(centres[i][1] + y0), int(stats[i, cv2.CC_STAT_AREA]))
                           for i in kept], blob)
    if not pips:
        return None
    read = _check_face(pips, blob, [raised, threshold])
    return None if isinstance(read, str) else read


def colour_pips_read(img: np.ndarray, blob: outlines.Blob) -> tuple[int, float, float, float] | None:
    """The face the die's pips lay out when told apart from its face by colour (COLOUR_PIPS), or
    None. The pip finder takes what differs from the face's median colour: on a marbled die the
    swirls differ as much as the pips do. Here each colour of a spot found is tried as the pips'
    colour: a pixel is a pip's where it is much nearer that colour than the face's, and only a
    face read so with one colour alone is taken (two colours giving two faces: no read)."""
    contrast: list = []
    pips_in(img, blob, contrast)
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
        inside = inside_outline(pips, blob)
        if not inside:
            continue
        read = _check_face(inside, blob, [map8, threshold, (pip_colours, face, lab8), pips])
        if not isinstance(read, str):
            answers.setdefault(read[0], read)
    return next(iter(answers.values())) if len(answers) == 1 else None


def _read_pips(img: np.ndarray, blob: outlines.Blob, more: tuple[list, list] | None = None
               ) -> tuple[int, float, float, float] | str:
    """``read_die`` of the pips found, and ``more`` (pips, their Lab colours) beside them."""
    contrast: list = []
    pips = pips_in(img, blob, contrast)
    if more is not None and contrast:
        pips += more[0]
        colours, face, lab8 = contrast[2]
        contrast[2] = (np.concatenate([colours.reshape(-1, 3), np.array(more[1]).reshape(-1, 3)]), face, lab8)
    contrast.append(pips)       # every pip found, in the order of their colours (contrast[2])
    pips = inside_outline(pips, blob)
    if not pips:
        return classifier.NO_PIPS
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
