"""The tray and the foreground against it: the frame shrunk to the die size, the foreground
(pixels far in colour from the tray's median), the tray found inside its rim, the rim painted
as the tray, a tray something dark covers, and the frame's noise and blur measures; with the
small pixel statistics (medians, percentiles, Lab distances) the other stages share."""

from __future__ import annotations

import math

import cv2
import numpy as np

from .calibrate import grow_tray
from . import thresholds


# 0.6 x the lightness difference, rounded down (for the distance itself) or up (to compare it with
# a whole number exactly as 0.6 * dL + da + db > n would), as cv2.transform's weights: its sum is
# rounded to the nearest level, so 0.4 below (above) it rounds down (up). 0.6 dL's fraction is a
# fifth, so the sum lies 0.1 or more from a half: float rounding cannot tip it. (The same numbers as
# a lookup table of floor(0.6 dL) or ceil(0.6 dL) added to |da| + |db| with saturation, checked
# for every dL, da, db by tests/vision/test_speed_equivalence.py.)
FLOOR_06 = np.array([[0.6, 1.0, 1.0, -0.4]])
_CEIL_06 = np.array([[0.6, 1.0, 1.0, 0.4]])


def lab_distance(lab: np.ndarray, other: np.ndarray | tuple[float, ...], rounding: np.ndarray) -> np.ndarray:
    """0.6 |dL| + |da| + |db| per pixel between an 8-bit Lab image and another (or one colour,
    as a 4-tuple), rounded as ``rounding`` (FLOOR_06 or _CEIL_06) says, saturated at 255 (uint8).
    Two OpenCV calls on the whole pixels: a fraction of the numpy cost, and less than splitting
    the planes and adding them with saturating 8-bit arithmetic."""
    return cv2.transform(cv2.absdiff(lab, other), rounding)


def shrunk(full: np.ndarray, scale: float, cache: dict | None) -> np.ndarray:
    """The frame at ``scale``; from the nearest larger copy in ``cache`` (see ``scaled``) when
    there is one: shrinking an already shrunk copy is much cheaper than the frame again."""
    if cache is not None and scale in cache:
        return cache[scale][0]
    source, from_scale = full, 1.0
    for s, (copy, *_) in (cache or {}).items():
        if scale < s < from_scale:
            source, from_scale = copy, s
    if thresholds.HALF_FIRST and from_scale == 1.0 and scale < 0.5:
        # Halved first (each 2 x 2 block's mean, OpenCV's fast path), as an uncalibrated frame
        # already is by its first look: shrinking a 640 x 480 frame by a fraction costs about
        # 1 ms of its 8; halving it 0.07 ms, and shrinking the half the rest of the way 0.4.
        source, from_scale = cv2.resize(full, None, fx=0.5, fy=0.5, interpolation=cv2.INTER_AREA), 0.5
    return source if scale >= from_scale else cv2.resize(
        source, None, fx=scale / from_scale, fy=scale / from_scale, interpolation=cv2.INTER_AREA)


def median_u8(pixels: np.ndarray, mask: np.ndarray | None = None, count: int | None = None
              ) -> np.ndarray:
    """Per-channel median of an 8-bit h x w x 3 image (of its pixels under ``mask``, ``count``
    of them), exactly as np.median (halves included), from histograms: a fraction of
    np.median's time on tens of thousands of pixels."""
    if count is None:
        count = pixels.shape[0] * pixels.shape[1]
    lo, hi = (count - 1) // 2, count // 2
    out = np.empty(3, np.float64)
    for c in range(3):
        cum = np.cumsum(cv2.calcHist([pixels], [c], mask, [256], [0, 256]).ravel())
        out[c] = (np.searchsorted(cum, lo, side="right") + np.searchsorted(cum, hi, side="right")) / 2
    return out


def _strip_median(pixels: np.ndarray) -> np.ndarray:
    """Per-channel median of a few hundred 8-bit pixels (h x w x 3), as np.median gives it (the
    middle two's mean) rounded down to a whole level, from a plain sort: there a sixth of
    median_u8's histograms' time and half np.median's."""
    ranked = np.sort(pixels.reshape(-1, 3), axis=0)
    m = len(ranked)
    return ((ranked[(m - 1) // 2].astype(np.uint16) + ranked[m // 2]) // 2).astype(np.uint8)


def weighted_median(values: list[float], weights: list[float]) -> float:
    """The value below which half the total weight lies."""
    order = np.argsort(values)
    cumulative = np.cumsum(np.asarray(weights, float)[order])
    return float(np.asarray(values, float)[order][np.searchsorted(cumulative, cumulative[-1] / 2)])


def median_rows(values: np.ndarray) -> np.ndarray:
    """np.median(values, axis=0), the same numbers (the middle one, or the mean of the middle
    two), without np.median's overhead on a handful of rows."""
    ranked = np.sort(values, axis=0)
    m = len(ranked)
    return ranked[m // 2] if m % 2 else (ranked[m // 2 - 1] + ranked[m // 2]) / 2


def scaled(full: np.ndarray, scale: float, cache: dict | None
           ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The frame at ``scale``: (BGR, a quarter of that, the tray's Lab colour), kept in ``cache``
    so a second look at the same scale costs nothing. (Not the frame's Lab: foreground converts
    only the part it reads, the tray inside its rim where there is one.)"""
    if cache is not None and scale in cache:
        return cache[scale]
    img = shrunk(full, scale, cache)
    small = cv2.resize(img, None, fx=0.25, fy=0.25, interpolation=cv2.INTER_AREA)
    h, w = small.shape[:2]
    centre = cv2.cvtColor(small[h // 5:h - h // 5, w // 5:w - w // 5], cv2.COLOR_BGR2LAB)
    tray_colour = median_u8(centre).astype(np.uint8)
    out = (img, small, tray_colour)
    if cache is not None:
        cache[scale] = out
    return out


def foreground(full: np.ndarray, die_side: float | None, cache: dict | None = None,
               tray_rect: tuple[int, int, int, int] | None = None, opened_away: list | None = None,
               faint: list | None = None, faint_unopened: bool = False, rim_reach: float = 0.0,
               bitten: list | None = None) -> tuple[np.ndarray, float]:
    """Pixels that differ from the tray (0/255), and the scale they were worked out at.

    Worked out on a smaller copy (dice about 32 px there; pips do not matter, the holes they leave
    are filled) since this is most of the reader's time. ``cache`` (one dict per frame) lets the
    second call shrink the first one's copy rather than the frame. (Re-using the first copy
    as it is, when the dice were 26-44 px there, was faster but lost a die with a glare and
    took a cocked die for a flat one in 2 of 2,000 rendered frames.)
    ``tray_rect``: the calibrated tray inside the rim (x, y, w, h). The median the frame is compared
    with is taken as if the tray went on past it: near a dark rim the median is dark, and a dark
    die against the rim was taken for the tray. Only the tray holds regions.
    ``faint``: if given, what differs from the tray by FAINT_LEVEL, opened as the foreground is,
    is appended to it (0/255, at the same scale); ``faint_unopened``: that mask unopened, and the
    opening's kernel after it (to open only round the dice asked about, see ``leaning_signs.faint_side``).
    ``opened_away``: if given, what the last step (an opening by half a die) took away is
    appended to it (0/255, at the same scale). ``rim_reach``: see ``_tray_beyond_rim``.
    ``bitten``: if given, the hulls a bitten die was filled out to (BITTEN_DIE_SOLIDITY) are
    appended to it, in ``full``'s pixels (float32 N x 1 x 2 outlines).
    """
    if die_side is None:
        scale = min(1.0, 320.0 / max(full.shape[:2]))
    else:
        scale = float(np.clip(32.0 / die_side, 0.25, 1.0))
    img, small, tray_colour = scaled(full, scale, cache)
    if die_side is not None:
        die_side = die_side * scale
    if die_side is None:
        k = int(min(small.shape[:2]) / 2.5)
    else:
        k = int(die_side * 2.5 / 4)
    k = max(5, min(k, 255)) | 1
    if tray_rect is not None:
        f = scale * 0.25
        small = _tray_beyond_rim(small, rect_at(tray_rect, f), k, rim_reach)
    # The tray's median in Lab, enlarged: converted at a sixteenth of the pixels, a tenth of
    # the time. (Enlarging the Lab planes, not the colours, shifts the tray's edge by a level or
    # two where the median's colour changes fast. An earlier reader read 2 of 2,000 rendered
    # frames ok with a die missing that way; this one reads no frame of the benchmark's sets
    # wrong that it read right before, and a few more surely.)
    tray_lab = cv2.resize(cv2.cvtColor(cv2.medianBlur(small, k), cv2.COLOR_BGR2LAB), (img.shape[1], img.shape[0]),
                          interpolation=cv2.INTER_LINEAR)
    rows, cols = img.shape[:2]
    inside = slice(None), slice(None)
    if tray_rect is not None:
        # Only the tray holds dice: the rim, unlike the tray the median now sees beyond it, is
        # neither counted (it moved Otsu's threshold up, and pips cut white dice in two) nor a
        # region (a die leaning over it shows as a face cut short or a die leaning).
        x0, y0, x1, y1 = rect_at(tray_rect, scale)
        inside = slice(y0, y1), slice(x0, x1)
    (ya, yb, _), (xa, xb, _) = inside[0].indices(rows), inside[1].indices(cols)
    if tray_rect is None or ya >= yb or xa >= xb:
        lab = cv2.cvtColor(img, cv2.COLOR_BGR2LAB)
        dist8 = cv2.GaussianBlur(lab_distance(lab, tray_lab, FLOOR_06), (5, 5), 0)
        if tray_rect is not None:
            dist8[:] = 0        # (no tray inside the rim at this scale)
        lab_at = (0, 0)
    else:
        # Converted to Lab and compared with the tray only inside the rim and the 2 pixels round
        # it that the 5 x 5 blur and the dilation below reach: the same numbers inside (the
        # crop's edge is the frame's wherever the 2 pixels are cut short), and the rim and the
        # table round it, a quarter of a frame's pixels, are not converted for nothing.
        ry0, ry1, rx0, rx1 = max(0, ya - 2), min(rows, yb + 2), max(0, xa - 2), min(cols, xb + 2)
        lab = cv2.cvtColor(img[ry0:ry1, rx0:rx1], cv2.COLOR_BGR2LAB)
        near = cv2.GaussianBlur(lab_distance(lab, tray_lab[ry0:ry1, rx0:rx1], FLOOR_06), (5, 5), 0)
        dist8 = np.zeros((rows, cols), np.uint8)
        dist8[inside] = near[ya - ry0:yb - ry0, xa - rx0:xb - rx0]
        lab_at = (rx0, ry0)
    faint_mask = cv2.threshold(dist8, thresholds.FAINT_LEVEL, 255, cv2.THRESH_BINARY)[1] if faint is not None else None
    otsu, _ = cv2.threshold(dist8[inside], 0, 255, cv2.THRESH_BINARY + cv2.THRESH_OTSU)
    # (cv2.threshold on 8-bit pixels keeps those above the whole-number threshold, as > does.)
    # Otsu splits the tray from the dice, except where something far more unlike the tray than
    # a die (the rim's colour copied into the tray's corners by the median, the table round it)
    # holds enough pixels to split there instead: then a wooden die on a green tray was tray.
    mask = cv2.threshold(dist8, min(max(otsu, 28), thresholds.OTSU_CEILING), 255, cv2.THRESH_BINARY)[1]
    # The median filter copies the rim into the tray's corners; a pixel of the tray's own colour
    # is never a die, whatever the local filter says.
    # Only round the pixels the threshold kept (2 pixels, the dilation's reach): elsewhere the
    # mask is 0 whatever this says.
    bx, by, bw, bh = cv2.boundingRect(mask)
    if bw:
        gx0, gy0 = max(bx - 2, lab_at[0]), max(by - 2, lab_at[1])
        gx1 = min(bx + bw + 2, lab_at[0] + lab.shape[1])
        gy1 = min(by + bh + 2, lab_at[1] + lab.shape[0])
        gdist = lab_distance(lab[gy0 - lab_at[1]:gy1 - lab_at[1], gx0 - lab_at[0]:gx1 - lab_at[0]],
                             (*map(float, tray_colour), 0.0), _CEIL_06)
        unlike_tray = cv2.dilate(cv2.threshold(gdist, 28, 255, cv2.THRESH_BINARY)[1], np.ones((5, 5), np.uint8))
        mask[gy0:gy1, gx0:gx1] &= unlike_tray
    mask = cv2.morphologyEx(mask, cv2.MORPH_CLOSE, np.ones((5, 5), np.uint8))
    _fill_pip_holes(mask)
    if thresholds.BITTEN_DIE_SOLIDITY is not None and die_side is not None:
        hulls = _fill_bitten_dice(mask, die_side)
        if bitten is not None:
            bitten.extend(hull.astype(np.float32) / scale for hull in hulls)
    k_open = 3 if die_side is None else max(3, int(die_side * 0.5))
    opening = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (k_open, k_open))
    opened = opened_mask(mask, opening)
    if opened_away is not None:
        opened_away.append(cv2.subtract(mask, opened))
    if faint_mask is not None:
        if thresholds.FAINT_PIPS_FILLED:
            _fill_pip_holes(faint_mask)
        faint.extend((faint_mask, opening) if faint_unopened else (opened_mask(faint_mask, opening),))
    return opened, scale


def found_tray(img: np.ndarray, tray_colour: np.ndarray) -> tuple[int, int, int, int] | None:
    """The tray inside its rim (x, y, w, h, ``img``'s pixels) in a frame with dice on it, as
    ``dicetable calibrate`` finds it in the empty one (vision.calibrate.grow_tray): grown from
    the middle while the picture changes smoothly, round the dice (its holes and notches filled
    by its box). None unless that is plainly a rectangle within the frame (not so: no rim in
    view, a tray the cup's rim bites into, a tray of many colours); then the whole frame is
    read, as before. (The box, not the region's outline: a die in a corner keeps the region out
    of the corner, and its outline would cut the die; the box goes round it. A tray seen at a
    slant keeps the rim's corners in its box.)"""
    rows, cols = img.shape[:2]
    blurred = cv2.GaussianBlur(img, (0, 0), 1.0)
    # Grown from every point of a grid over the middle that has the tray's colour (the middle
    # point itself may be a die's).
    grid = [(int(cols * fx), int(rows * fy)) for fy in (0.35, 0.5, 0.65) for fx in (0.35, 0.5, 0.65)]
    colours = cv2.cvtColor(np.array([[blurred[y, x] for x, y in grid]], np.uint8), cv2.COLOR_BGR2LAB)[0]
    region = grow_tray(blurred, [seed for seed, colour in zip(grid, colours)
                                 if np.abs(colour.astype(int) - tray_colour.astype(int)).max() <= 12])
    contours, _ = cv2.findContours(region, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    if not contours:
        return None
    outline = max(contours, key=cv2.contourArea)
    x, y, w, h = cv2.boundingRect(outline)
    if cv2.contourArea(outline) < max(thresholds.AUTO_TRAY_AREA * rows * cols, thresholds.AUTO_TRAY_FILL * w * h):
        return None
    if w * h > (1.0 - thresholds.AUTO_TRAY_RIM) * rows * cols:
        return None       # no rim in view, or hardly any: nothing to leave out
    return x, y, w, h


def lopsided_strip(tray: tuple[int, int, int, int], shape: tuple[int, ...]) -> tuple[int, int, int, int] | None:
    """Where a tray found in a frame of ``shape`` (rows, cols) shows its rim wider on one side
    than on the opposite one by more than AUTO_TRAY_LOPSIDED of the frame's width or height: the
    strip (x, y, w, h) on that side beyond the narrower rim's width, or None. A cup's rim lying
    straight along the tray's edge leaves a rectangle of the tray that is found as the tray."""
    lopsided = thresholds.AUTO_TRAY_LOPSIDED
    if lopsided is None:
        return None
    rows, cols = shape[:2]
    x, y, w, h = tray
    left, right, top, bottom = x, cols - x - w, y, rows - y - h
    if abs(left - right) > lopsided * cols:
        return (right, y, left - right, h) if left > right else (x + w, y, right - left, h)
    if abs(top - bottom) > lopsided * rows:
        return (x, bottom, w, top - bottom) if top > bottom else (x, y + h, w, bottom - top)
    return None


def darker_than_round(img: np.ndarray, rect: tuple[int, int, int, int]) -> bool:
    """Whether the median grey of ``img`` inside ``rect`` (x, y, w, h) is darker than outside it."""
    grey = cv2.cvtColor(img, cv2.COLOR_BGR2GRAY)
    x, y, w, h = rect
    within = cv2.calcHist([grey[max(0, y):y + h, max(0, x):x + w]], [0], None, [256], [0, 256]).ravel()
    beyond = cv2.calcHist([grey], [0], None, [256], [0, 256]).ravel() - within
    if beyond.sum() == 0 or within.sum() == 0:
        return False
    return _histogram_percentile(within, 50) < _histogram_percentile(beyond, 50)


def on_rect(spots: list[tuple[float, float]], rect: tuple[int, int, int, int]) -> list[tuple[float, float]]:
    """The spots inside ``rect`` (x, y, w, h)."""
    x, y, w, h = rect
    return [(px, py) for px, py in spots if x <= px <= x + w and y <= py <= y + h]


def rect_at(rect: tuple[int, int, int, int], scale: float) -> tuple[int, int, int, int]:
    """(x0, y0, x1, y1) of the whole pixels an (x, y, w, h) rectangle covers at ``scale``."""
    x, y, w, h = rect
    return int(math.ceil(x * scale)), int(math.ceil(y * scale)), int((x + w) * scale), int((y + h) * scale)


def _tray_beyond_rim(small: np.ndarray, rect: tuple[int, int, int, int], stretch: int,
                     reach: float = 0.0) -> np.ndarray:
    """A copy of ``small`` painted, outside ``rect`` (x0, y0, x1, y1: the tray inside its rim), as
    the tray just inside: beside each stretch of an edge (``stretch`` pixels, a median window's
    width, two dice and more), the median colour of the strip inside it, reaching ``reach``
    stretches further each way (moved inside where the edge ends), which dice against the rim
    fill less than half of (two touching in a corner filled the stretch's own strip: fresh
    151267, a die lost). (The tray's own colour there, not its middle's: under uneven light a
    corner is darker, and a light die in it was taken for the tray painted lighter.)"""
    rows, cols = small.shape[:2]
    x0, y0, x1, y1 = max(0, rect[0]), max(0, rect[1]), min(cols, rect[2]), min(rows, rect[3])
    if x1 - x0 < 2 or y1 - y0 < 2:
        return small
    out = small.copy()
    depth = max(2, stretch // 4)
    length = int(round((1 + 2 * reach) * stretch))

    def strip(a: int, b: int, start: int, end: int) -> tuple[int, int]:
        """The strip along the edge (start to end) for the stretch a to b: ``length`` long round
        it, moved back inside where the edge ends (a corner's stretch is as long as any)."""
        if not reach:
            return a, b
        lo = max(start, min((a + b - length) // 2, end - length))
        return lo, max(lo + 1, min(end, lo + length))

    # Of the longer strip and the stretch's own, the median nearer the tray's: dice by the rim
    # fill one or the other (fresh 390535: two beside the lower rim filled the longer). With no
    # longer strip the two are one.
    choose = bool(reach) and thresholds.RIM_STRIP_NEAREST
    # (The whole tray is thousands of pixels: histograms, not a sort, a twentieth of the time.)
    tray = median_u8(small[y0:y1, x0:x1]).astype(np.float32) if choose else None

    # Each painted stretch and its strips (the longer, the stretch's own); their medians are
    # worked out together below.
    paint: list[tuple[tuple[slice, slice], np.ndarray, np.ndarray]] = []
    for a in range(y0, y1, stretch):
        b = min(y1, a + stretch)
        lo, hi = strip(a, b, y0, y1)
        paint.append(((slice(a, b), slice(None, x0)), small[lo:hi, x0:x0 + depth], small[a:b, x0:x0 + depth]))
        paint.append(((slice(a, b), slice(x1, None)), small[lo:hi, x1 - depth:x1], small[a:b, x1 - depth:x1]))
    for a in range(0, cols, stretch):
        b = min(cols, a + stretch)
        inside_a = min(max(a, x0), x1 - 1)
        inside_b = max(min(b, x1), min(x1, inside_a + stretch))
        lo, hi = strip(inside_a, inside_b, x0, x1)
        paint.append(((slice(None, y0), slice(a, b)), small[y0:y0 + depth, lo:hi],
                      small[y0:y0 + depth, inside_a:inside_b]))
        paint.append(((slice(y1, None), slice(a, b)), small[y1 - depth:y1, lo:hi],
                      small[y1 - depth:y1, inside_a:inside_b]))
    medians = _strip_medians([p[1] for p in paint])
    if tray is not None:
        # The nearer of the two (the longer on a tie), by |median - tray| summed over L, a, b.
        own = _strip_medians([p[2] for p in paint])
        nearer = (np.abs(own.astype(np.float32) - tray).sum(axis=1)
                  < np.abs(medians.astype(np.float32) - tray).sum(axis=1))
        medians[nearer] = own[nearer]
    for (where, _, _), median in zip(paint, medians):
        out[where] = median
    return out


def _strip_medians(strips: list[np.ndarray]) -> np.ndarray:
    """_strip_median of each strip (n x 3): the strips of one size are ranked together, in one
    numpy call rather than one each (a few tens of strips of some hundred pixels), each
    channel's levels in a row of their own, partitioned at the middle two (not sorted)."""
    out = np.empty((len(strips), 3), np.uint8)
    sizes: dict[int, list[int]] = {}
    for i, pixels in enumerate(strips):
        sizes.setdefault(pixels.shape[0] * pixels.shape[1], []).append(i)
    for m, which in sizes.items():
        lo, hi = (m - 1) // 2, m // 2
        ranked = np.empty((len(which), 3, m), np.uint8)
        for j, i in enumerate(which):
            ranked[j] = strips[i].reshape(-1, 3).T
        ranked.partition((lo, hi), axis=2)
        out[which] = (ranked[:, :, lo].astype(np.uint16) + ranked[:, :, hi]) // 2
    return out


def _runs(on: np.ndarray) -> list[tuple[int, int]]:
    """(start, end) of each run of True in a 1-d boolean array."""
    edges = np.flatnonzero(np.diff(np.concatenate(([False], on, [False])).astype(np.int8)))
    return list(zip(edges[::2].tolist(), edges[1::2].tolist()))


def _fill_pip_holes(mask: np.ndarray) -> None:
    """Fill ``mask``'s small holes (a die's pips), in place; not the tray inside its rim."""
    contours, hierarchy = cv2.findContours(mask, cv2.RETR_CCOMP, cv2.CHAIN_APPROX_SIMPLE)
    if hierarchy is not None:
        for i, contour in enumerate(contours):
            parent = hierarchy[0][i][3]
            if parent >= 0 and cv2.contourArea(contour) < 0.2 * cv2.contourArea(contours[parent]):
                cv2.drawContours(mask, [contour], -1, 255, -1)


def _fill_bitten_dice(mask: np.ndarray, side: float) -> list[np.ndarray]:
    """Fill, in place, the convex hull of each piece of ``mask`` that is a die with a bite out of
    it (BITTEN_DIE_SOLIDITY; ``side``: the die's side at the mask's scale). A glare on a dark die
    lights a ring round its bright middle to the tray's own grey, a white die in the tray's light
    corner is as light as the tray on one side: taken for the tray, that cuts the die's outline
    into a crescent the opening then whittles down to a fragment, "not a readable die".
    Returns the hulls filled (outlines in ``mask``'s pixels)."""
    # Worked out from the pieces' outer outlines (a twentieth of labelling the mask's pixels): a
    # piece's hull is its outline's, its area the pixels of the mask inside that outline.
    outlines_, _ = cv2.findContours(mask, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    bitten = []
    for outline in outlines_:
        x, y, w, h = cv2.boundingRect(outline)
        if max(w, h) > 1.6 * side:
            continue
        hull = cv2.convexHull(outline)
        hull_area = cv2.contourArea(hull)
        if not 0.6 * side * side <= hull_area <= 1.5 * side * side:
            continue
        (_, _), (rw, rh), _ = cv2.minAreaRect(hull)
        if min(rw, rh) < thresholds.BITTEN_DIE_SQUARE * max(rw, rh):
            continue
        inside = np.zeros((h, w), np.uint8)
        cv2.drawContours(inside, [outline], -1, 255, -1, offset=(-x, -y))
        area = cv2.countNonZero(cv2.bitwise_and(inside, mask[y:y + h, x:x + w]))
        if 0.25 * side * side <= area <= thresholds.BITTEN_DIE_SOLIDITY * hull_area:
            bitten.append(hull)
    for hull in bitten:         # (after measuring them all: a filled hull is no other piece's)
        cv2.fillConvexPoly(mask, hull, 255)
    return bitten


def opened_mask(mask: np.ndarray, kernel: np.ndarray) -> np.ndarray:
    """cv2.morphologyEx(mask, cv2.MORPH_OPEN, kernel), the same pixels, worked out round the dice
    only. Where the kernel's middle row and column both fit (two cheap straight erosions) holds
    every pixel its erosion keeps: the tray's thin rim drops out, the dice's cores stay. Boxes
    round the cores (bands of rows that hold some, split at empty columns) are each eroded and
    dilated on their own, with a margin of the kernel's size: opening a mask is the union of
    opening its parts, and beyond the margin the frame reaches nothing. About half the whole
    frame's time for two dice; the whole frame as before when the boxes would cover most of it."""
    rows, cols = mask.shape
    kh, kw = kernel.shape
    m = max(kh, kw)
    if m <= 5 or not (kernel[kh // 2].all() and kernel[:, kw // 2].all()):
        return cv2.morphologyEx(mask, cv2.MORPH_OPEN, kernel)       # small: cheap as it is
    cores = cv2.bitwise_and(cv2.erode(mask, np.ones((1, kw), np.uint8), anchor=(kw // 2, 0)),
                            cv2.erode(mask, np.ones((kh, 1), np.uint8), anchor=(0, kh // 2)))
    boxes = []
    for y0, y1 in _runs(cores.max(axis=1) > 0):
        boxes += [(x0, y0, x1, y1) for x0, x1 in _runs(cores[y0:y1].max(axis=0) > 0)]

    def crop(x0: int, y0: int, x1: int, y1: int) -> tuple[int, int, int, int]:
        return max(0, x0 - m), max(0, y0 - m), min(cols, x1 + m), min(rows, y1 + m)

    crops = [crop(*box) for box in boxes]
    if len(boxes) > 8 or sum((x1 - x0) * (y1 - y0) for x0, y0, x1, y1 in crops) > 0.5 * rows * cols:
        # Many dice: one box round them all, or the whole frame at once if that is most of it.
        boxes = [(min(b[0] for b in boxes), boxes[0][1], max(b[2] for b in boxes), boxes[-1][3])]
        crops = [crop(*boxes[0])]
        x0, y0, x1, y1 = crops[0]
        if (x1 - x0) * (y1 - y0) > 0.5 * rows * cols:
            return cv2.morphologyEx(mask, cv2.MORPH_OPEN, kernel)
    out = np.zeros_like(mask)
    for (x0, y0, x1, y1), (cx0, cy0, cx1, cy1) in zip(boxes, crops):
        eroded = np.zeros((cy1 - cy0, cx1 - cx0), np.uint8)       # the erosion within the box only
        eroded[y0 - cy0:y1 - cy0, x0 - cx0:x1 - cx0] = cv2.erode(
            mask[cy0:cy1, cx0:cx1], kernel)[y0 - cy0:y1 - cy0, x0 - cx0:x1 - cx0]
        np.maximum(out[cy0:cy1, cx0:cx1], cv2.dilate(eroded, kernel), out=out[cy0:cy1, cx0:cx1])
    return out


def middle_box(shape: tuple[int, ...]) -> tuple[int, int, int, int]:
    """The frame but a tenth of it on each side (x, y, w, h)."""
    rows, cols = shape[:2]
    return (cols // 10, rows // 10, cols - 2 * (cols // 10), rows - 2 * (rows // 10))


def percentile_u8(pixels: np.ndarray, q: float) -> float:
    """np.percentile(pixels, q) of 8-bit grey pixels (linear between the two ranks), from their
    histogram: the same number in a fraction of the time."""
    return _histogram_percentile(cv2.calcHist([pixels], [0], None, [256], [0, 256]).ravel(), q)


def _histogram_percentile(histogram: np.ndarray, q: float) -> float:
    """np.percentile(pixels, q) of the 8-bit grey pixels counted in ``histogram`` (256 bins)."""
    cum = np.cumsum(histogram)
    count = int(cum[-1])
    rank = q / 100 * (count - 1)
    low = int(rank)
    below, above = (float(v) for v in np.searchsorted(cum, [low + 1, min(low + 2, count)], side="left"))
    t = rank - low
    # numpy's own interpolation, to the last bit (from the nearer rank).
    return below + (above - below) * t if t < 0.5 else above - (above - below) * (1 - t)


def noise(grey: np.ndarray) -> tuple[float, np.ndarray]:
    """The sensor noise in ``grey`` (1.4826 x the median difference from its 3 x 3 median: the
    noise's sigma in grey levels, whatever the picture's edges), and that median."""
    smooth = cv2.medianBlur(grey, 3)
    count = np.cumsum(cv2.calcHist([cv2.absdiff(grey, smooth)], [0], None, [256], [0, 256]).ravel())
    return 1.4826 * float(np.searchsorted(count, count[-1] / 2)), smooth


def laplacian_variance(grey: np.ndarray) -> float:
    """cv2.meanStdDev(cv2.Laplacian(grey, cv2.CV_16S))[1] squared, the same number: OpenCV's own
    formula applied to the sum and the sum of squares (whole numbers, exact in float64), which
    two plain reductions give in half meanStdDev's time. (The squares are summed from 32-bit
    pixels, as OpenCV sums those in float64 and 16-bit ones not exactly; in bands of 64 rows,
    whose 32-bit copy stays in the cache.)"""
    lap = cv2.Laplacian(grey, cv2.CV_16S)
    scale = 1.0 / lap.size
    mean = cv2.sumElems(lap)[0] * scale
    squares = sum(cv2.norm(lap[r:r + 64].astype(np.int32), cv2.NORM_L2SQR) for r in range(0, len(lap), 64))
    spread = math.sqrt(max(squares * scale - mean * mean, 0.0))
    return spread * spread
