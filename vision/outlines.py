"""Outlines: the foreground's regions as blobs, touching dice cut apart, the die size measured
on their outlines, what an outline says of the die (square, in perspective, apart from the
others, against the tray's edge), and the outlines a finer look lost (faint squares, pieces the
opening took, a die lost against the rim)."""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

import cv2
import numpy as np

from . import thresholds, tray_foreground


@dataclass
class Blob:
    area: int
    rect: tuple[Any, ...]       # cv2.minAreaRect
    box: tuple[int, int, int, int]
    mask: np.ndarray            # 0/255 over the box
    thickness: float            # largest inscribed radius, pixels, measured inside the box (what lies
                                # past its edges counts as region: one filling its box measures thicker)
    # pip_faces.pips_in' answer for this blob in one image (the image, the pips, what it adds to ``contrast``):
    # a die is asked again whether it lies flat, or how many pips it shows.
    pips_found: tuple | None = field(default=None, repr=False, compare=False)
    # Cut round a die the network's scan found, to confirm the face it read (see scan.confirmed).
    confirming: bool = field(default=False, repr=False, compare=False)

    @property
    def side(self) -> float:
        return float(np.sqrt(self.area))

    @property
    def squarish(self) -> bool:
        return self.solid_box(1.3)

    def solid_box(self, longest: float) -> bool:
        """Whether the blob fills its turned box solidly and the box is less than ``longest``
        times as long as wide."""
        w, h = self.rect[1]
        return (min(w, h) > 0 and max(w, h) / min(w, h) < longest and self.area > 0.78 * w * h
                and self.thickness > 0.35 * self.side)


def mask_components(mask: np.ndarray, connectivity: int = 8, *, labelled: bool = True
                    ) -> tuple[int, np.ndarray | None, np.ndarray, np.ndarray]:
    """cv2.connectedComponentsWithStats(mask, connectivity), the same labels, stats and
    centroids, worked out faster: OpenCV labels the box round the mask's pixels, and the
    statistics are counted over the labelled pixels alone (OpenCV's statistics pass visits every
    pixel of the frame: ~0.3 ms for the empty tray round a few dice, 5-10 times its labelling).
    (The box starts on even coordinates: the 8-connected labelling works in 2 x 2 blocks, and
    would number otherwise.) ``labelled=False``: the label image is not wanted (None)."""
    x, y, w, h = cv2.boundingRect(mask)
    rows, cols = mask.shape
    if w == 0:
        # An empty mask (often: no pip-like spot off the dice).
        stats = np.array([[0, 0, cols, rows, rows * cols]], np.int32)
        labels = np.zeros(mask.shape, np.int32) if labelled else None
        return 1, labels, stats, np.array([[(cols - 1) / 2, (rows - 1) / 2]])
    x0, y0 = x - x % 2, y - y % 2
    box = mask[y0:y + h, x0:x + w]
    n, part = cv2.connectedComponents(box, connectivity=connectivity)
    points = cv2.findNonZero(box).reshape(-1, 2)        # row by row
    if len(points) == rows * cols:                      # no background: OpenCV's own answer
        n, labels, stats, centroids = cv2.connectedComponentsWithStats(mask, connectivity=connectivity)
        return n, labels if labelled else None, stats, centroids
    # Each label's pixels together, still row by row: its first is its top, its last its bottom.
    which = part[box > 0]
    order = np.argsort(which, kind="stable")
    bounds = np.searchsorted(which[order], np.arange(1, n + 1))
    starts, ends = bounds[:-1], bounds[1:]
    xs, ys = points[order, 0], points[order, 1]
    stats = np.empty((n, 5), np.int32)
    stats[1:, cv2.CC_STAT_LEFT] = np.minimum.reduceat(xs, starts) + x0
    stats[1:, cv2.CC_STAT_TOP] = ys[starts] + y0
    stats[1:, cv2.CC_STAT_WIDTH] = np.maximum.reduceat(xs, starts) + x0 + 1 - stats[1:, 0]
    stats[1:, cv2.CC_STAT_HEIGHT] = ys[ends - 1] + y0 + 1 - stats[1:, 1]
    stats[1:, cv2.CC_STAT_AREA] = ends - starts
    labels = None
    if labelled:
        labels = np.zeros(mask.shape, np.int32)
        labels[y0:y + h, x0:x + w] = part
    # Centroids: whole-number coordinate sums (exact in float64) over the area, as OpenCV's.
    area = stats[:, cv2.CC_STAT_AREA].astype(np.float64)
    sums = np.empty((n, 2), np.float64)
    sums[1:, 0] = np.add.reduceat(xs, starts, dtype=np.int64) + x0 * (ends - starts)
    sums[1:, 1] = np.add.reduceat(ys, starts, dtype=np.int64) + y0 * (ends - starts)
    # The background: every pixel the labelled ones are not.
    area[0] = rows * cols - area[1:].sum()
    sums[0] = (rows * cols * (cols - 1) / 2 - sums[1:, 0].sum(), rows * cols * (rows - 1) / 2 - sums[1:, 1].sum())
    if mask[0].all() or mask[-1].all() or mask[:, 0].all() or mask[:, -1].all():
        stats[0] = (*cv2.boundingRect(cv2.compare(mask, 0, cv2.CMP_EQ)), int(area[0]))
    else:
        stats[0] = (0, 0, cols, rows, int(area[0]))      # the background reaches every edge
    return n, labels, stats, sums / area[:, None]        # (no area is 0 here)


def _cluster_centres(sub: np.ndarray, count: int) -> np.ndarray | None:
    """The middles (count x 2: x, y) of ``count`` compact parts of a region that holds
    ``count`` dice but has no waists: k-means on pixel positions, seeded deterministically by
    farthest points. None when a part comes out empty."""
    ys, xs = np.nonzero(sub)
    pts = np.stack([xs, ys], axis=1).astype(np.float32)[::max(1, len(xs) // 2000)]
    centres = [pts[np.argmax(((pts - pts.mean(axis=0)) ** 2).sum(axis=1))]]
    for _ in range(count - 1):
        d = np.min([((pts - c) ** 2).sum(axis=1) for c in centres], axis=0)
        centres.append(pts[int(np.argmax(d))])
    c = np.array(centres)
    for _ in range(12):
        nearest = ((pts[:, None, :] - c[None]) ** 2).sum(axis=2).argmin(axis=1)
        if len(set(nearest.tolist())) < count:
            return None
        c = np.array([pts[nearest == j].mean(axis=0) for j in range(count)])
    return c


def _seams(shape: tuple[int, int], centres: np.ndarray) -> np.ndarray:
    """The pixels where the nearest of ``centres`` (x, y) changes: the lines half-way between."""
    ys, xs = np.mgrid[0:shape[0], 0:shape[1]]
    nearest = ((xs[None] - centres[:, 0, None, None]) ** 2
               + (ys[None] - centres[:, 1, None, None]) ** 2).argmin(axis=0)
    seam = np.zeros(shape, bool)
    seam[:, 1:] |= nearest[:, 1:] != nearest[:, :-1]
    seam[1:, :] |= nearest[1:, :] != nearest[:-1, :]
    return seam


def inside_any(blob: Blob, boxes: list[tuple[int, int, int, int]], scale: float) -> bool:
    """Whether the blob's middle lies in one of ``boxes`` (x, y, w, h, pixels at ``scale``)."""
    (cx, cy), _, _ = blob.rect
    return any(x <= cx * scale <= x + w and y <= cy * scale <= y + h for x, y, w, h in boxes)


def beside(cut: np.ndarray, blob: Blob, scale: float) -> bool:
    """Whether any pixel of ``cut`` (a mask at ``scale``) lies in or next to the blob's box."""
    x, y, w, h = (int(v * scale) for v in blob.box)
    return bool(cut[max(0, y - 1):y + h + 2, max(0, x - 1):x + w + 2].any())


def _one_die(sub: np.ndarray, area: int, die_side: float) -> bool:
    """A region shaped and sized like one die (perhaps a large one, or with its shadow)."""
    rect_w, rect_h = cv2.minAreaRect(cv2.findNonZero(sub))[1]
    return (max(rect_w, rect_h) < 1.3 * min(rect_w, rect_h) and area > 0.78 * rect_w * rect_h
            and area <= (1.4 * die_side) ** 2)


def split_touching(mask: np.ndarray, die_side: float, image: np.ndarray | None = None,
                   components: tuple | None = None, side_by_side: list | None = None) -> np.ndarray:
    """Cut regions bigger than one die at their waists (watershed on the distance transform).
    ``die_side`` is in the mask's own pixels. With ``image`` (the frame at the mask's scale),
    a region the size of several dice without waists (dice side by side) is cut half-way
    between as many compact parts as it holds dice. ``components``: the mask's
    cv2.connectedComponentsWithStats (4-connected), if already worked out. ``side_by_side``:
    a list the boxes (x, y, w, h, the mask's pixels) of the regions cut that way are added to."""
    n, labels, stats, _ = components or mask_components(mask, connectivity=4)
    out = mask.copy()
    for i in range(1, n):
        area = stats[i, cv2.CC_STAT_AREA]
        if area < thresholds.MIN_CLUSTER_AREA * die_side ** 2:
            continue
        x, y, w, h = stats[i, :4]
        sub = (labels[y:y + h, x:x + w] == i).astype(np.uint8)
        one_die = image is None or _one_die(sub, area, die_side)
        if one_die and area < 1.6 * die_side ** 2:
            continue
        dist = cv2.distanceTransform(sub, cv2.DIST_L2, 5)
        seeds = (dist > 0.3 * die_side).astype(np.uint8)
        count, seed_labels = cv2.connectedComponents(seeds)
        # No waist at all (dice side by side): as many compact parts as the area holds dice.
        if count <= 2 and not one_die:
            centres = _cluster_centres(sub, max(2, int(round(area / die_side ** 2))))
            if centres is not None:
                # Cut half-way between the parts' middles: two dice of one size side by side
                # meet there. (Along the colour edges, between two dice of one colour, the line
                # wandered into a die and neither piece was one.)
                out[y:y + h, x:x + w][_seams((h, w), centres) & (sub > 0)] = 0
                if side_by_side is not None:
                    side_by_side.append((int(x), int(y), int(w), int(h)))
                continue
        if count <= 2 or area < 1.6 * die_side ** 2:
            continue
        markers = np.where(seeds > 0, seed_labels + 1, np.where(sub > 0, 0, 1)).astype(np.int32)
        cv2.watershed(cv2.cvtColor(sub * 255, cv2.COLOR_GRAY2BGR), markers)
        region = out[y:y + h, x:x + w]
        region[markers == -1] = 0
    return out


def find_blobs(mask: np.ndarray, scale: float = 1.0, components: tuple | None = None,
               within: tuple[int, ...] | None = None, reach_in: bool = True) -> list[Blob]:
    """Regions of a foreground mask worked out at ``scale``, in full-resolution pixels.
    ``components``: the mask's cv2.connectedComponentsWithStats (4-connected), if known.
    ``within``: the full-resolution frame's shape; scaled-up boxes are kept inside it.
    ``reach_in``: look for dice joined to a region spanning the frame (see below)."""
    n, labels, stats, _ = components or mask_components(mask, connectivity=4)
    out = []
    min_area = (thresholds.MIN_DIE_PX * scale) ** 2
    spanning: list[int] = []
    for i in range(1, n):
        area = int(stats[i, cv2.CC_STAT_AREA])
        if area < min_area:
            continue
        x, y, w, h = (int(v) for v in stats[i, :4])
        if w > 0.6 * mask.shape[1] or h > 0.6 * mask.shape[0]:
            spanning.append(i)
            continue
        sub = cv2.compare(labels[y:y + h, x:x + w], i, cv2.CMP_EQ)      # 0/255
        contours, _ = cv2.findContours(sub, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
        contour = (max(contours, key=cv2.contourArea) + np.array([x, y])).astype(np.float32)
        thickness = float(cv2.distanceTransform(sub, cv2.DIST_L2, 3).max())
        if scale != 1.0:
            contour /= scale
            fx, fy = int(round(x / scale)), int(round(y / scale))
            fw, fh = max(1, int(round(w / scale))), max(1, int(round(h / scale)))
            sub = cv2.resize(sub, (fw, fh), interpolation=cv2.INTER_NEAREST)
            if within is not None:
                # Rounding up a region on the frame's edge must not push it past the edge (its
                # mask would no longer match its pixels).
                fh, fw = max(1, min(fh, within[0] - fy)), max(1, min(fw, within[1] - fx))
                sub = np.ascontiguousarray(sub[:fh, :fw])
            x, y, w, h = fx, fy, fw, fh
            area = cv2.countNonZero(sub)
            thickness /= scale
        out.append(Blob(area, cv2.minAreaRect(contour), (x, y, w, h), sub, thickness))
    if spanning and reach_in:
        # A region spanning the frame is the tray's rim or the table, not a die; but a die
        # touching the rim joins it. Opened by the smallest die we read, the thin rim goes and
        # the die stays (once the die size is known, the foreground's own opening does this).
        k = max(3, int(thresholds.MIN_DIE_PX * scale) | 1)
        wide = cv2.compare(np.isin(labels, spanning).astype(np.uint8), 0, cv2.CMP_GT)
        opened = tray_foreground.opened_mask(wide, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (k, k)))
        out += find_blobs(opened, scale, within=within, reach_in=False)
    return out


def outline_side(blobs: list[Blob]) -> float | None:
    """The side of a die's outline from a look's blobs: the median of the square ones (not those
    inside a bigger solid one, a big die's pips: _within_another), or where no die stands alone
    (every die touches another or the rim) twice the inscribed radius of the clumps, which a die
    fills the width of. None where there are neither."""
    alone = [b.side for b in blobs if b.squarish and not (thresholds.NESTED_NOT_DICE and _within_another(b, blobs))]
    if alone:
        return float(np.median(alone))
    if thresholds.NOTCHED_OUTLINE is not None:
        notched = [side for b in blobs if not (thresholds.NESTED_NOT_DICE and _within_another(b, blobs))
                   and (side := _notched_side(b)) is not None]
        if notched:
            return float(np.median(notched))
    clumps = [b for b in blobs if b.thickness >= 5 and b.area >= 3 * b.thickness ** 2]
    if not clumps:
        return None
    # Weighted by area: the tray's corners and strips of its rim are thin clumps too, and as
    # many as the dice; a die's worth of pixels counts for more than a strip's.
    areas = [b.area for b in clumps]
    side = tray_foreground.weighted_median([2 * b.thickness for b in clumps], areas)
    if thresholds.CLUMP_TOO_THICK is not None:
        # (Measured thicker than the clumps are wide: see CLUMP_TOO_THICK.)
        width = tray_foreground.weighted_median([min(b.rect[1]) for b in clumps], areas)
        if side > thresholds.CLUMP_TOO_THICK * width:
            side = width
    return side


def _notched_side(blob: Blob) -> float | None:
    """The side of the die ``blob`` is, eaten into (NOTCHED_OUTLINE): its hull's, where its box is
    square, the hull fills NOTCHED_OUTLINE of it and the blob NOTCHED_SOLID of the hull; else None."""
    w, h = blob.rect[1]
    if min(w, h) <= 0 or max(w, h) / min(w, h) >= 1.3:
        return None
    contours, _ = cv2.findContours(blob.mask, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    pixels = float(cv2.countNonZero(blob.mask))
    if not contours or not pixels:
        return None
    hull = cv2.contourArea(cv2.convexHull(np.vstack(contours)))
    hull_area = blob.area * hull / pixels          # (the mask may be at the look's scale)
    # (Solid: a ring, a die's outline round a face the tray's colour, is not one.)
    solid = blob.area >= thresholds.NOTCHED_SOLID * hull_area
    return math.sqrt(hull_area) if solid and hull_area >= thresholds.NOTCHED_OUTLINE * w * h else None


def _within_another(blob: Blob, blobs: list[Blob]) -> bool:
    """Whether ``blob``'s middle lies inside the hull of a solid region of ``blobs`` (NESTED_SOLID)
    over twice its area: part of it (a big die's pip the first look left apart from its face),
    not a die. (The hull, not the outline: a pip is a hole or a notch in its face. Solid: a thin
    strip of the rim round a corner has a hull as big as the tray's corner, dice inside it.)"""
    for other in blobs:
        if other is blob or other.area <= 2 * blob.area:
            continue
        x, y = blob.rect[0][0] - other.box[0], blob.rect[0][1] - other.box[1]
        if not (0 <= x < other.box[2] and 0 <= y < other.box[3]):
            continue
        contours, _ = cv2.findContours(other.mask, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
        for contour in contours:
            hull = cv2.convexHull(contour)
            if (cv2.pointPolygonTest(hull, (float(x), float(y)), False) > 0
                    and other.area >= thresholds.NESTED_SOLID * cv2.contourArea(hull)):
                return True
    return False


def square_round_face(blob: Blob, x: float, y: float) -> bool:
    """Whether the die's outline is a square (not lengthened by a side in view) with the face
    at (x, y) in its middle: how a die lying flat looks, and a leaning one does not. (On 600
    rendered frames with leaning dice and 300 of two flat dice, none of the 86 leaning dice the
    network doubted passed this, 42 of the 105 flat ones it doubted did.)"""
    w, h = blob.rect[1]
    return (min(w, h) > 0 and max(w, h) / min(w, h) < thresholds.SQUARE_ASPECT
            and np.hypot(x - blob.rect[0][0], y - blob.rect[0][1])
            < max(thresholds.SQUARE_OFFSET * blob.side, thresholds.SQUARE_OFFSET_PX))


def side_in_perspective(blob: Blob, x: float, y: float, middle: tuple[float, float], reach: float) -> bool:
    """Whether, seen from above, the face at (x, y) sits off its outline's middle as a die lying
    flat does off the frame's middle: a camera above sees the side facing the middle, so the
    outline reaches past the face toward the middle, the farther out the more (see
    SIDE_IN_PERSPECTIVE). A leaning die's side shows where it leans, and only a lean toward the
    middle looks the same. ``middle``: the frame's middle (in the pixels x, y are in; a
    calibrated frame is cropped to its tray); ``reach``: its half diagonal."""
    if thresholds.SIDE_IN_PERSPECTIVE is None:
        return False
    rx, ry = x - middle[0], y - middle[1]
    dx, dy = x - blob.rect[0][0], y - blob.rect[0][1]
    r, d = math.hypot(rx, ry), math.hypot(dx, dy)
    return (r > 0 and d > 0 and dx * rx + dy * ry >= thresholds.SIDE_IN_PERSPECTIVE_ALIGN * r * d
            and d <= (thresholds.SIDE_IN_PERSPECTIVE * r / reach + thresholds.SIDE_IN_PERSPECTIVE_SLACK) * blob.side)


def face_toward_middle(blob: Blob, x: float, y: float, middle: tuple[float, float]) -> bool:
    """Whether, seen from above, the face at (x, y) sits off its oblong outline's middle toward
    the frame's middle (see FACE_TOWARD_MIDDLE): the other way from a flat die's, whose outline
    reaches past its face toward the middle (side_in_perspective)."""
    if thresholds.FACE_TOWARD_MIDDLE is None:
        return False
    w, h = blob.rect[1]
    rx, ry = x - middle[0], y - middle[1]
    r = math.hypot(rx, ry)
    if r == 0 or min(w, h) <= 0 or max(w, h) / min(w, h) < thresholds.FACE_TOWARD_MIDDLE_ASPECT:
        return False
    toward = -((x - blob.rect[0][0]) * rx + (y - blob.rect[0][1]) * ry) / r
    return toward > thresholds.FACE_TOWARD_MIDDLE * blob.side


def outline_in_perspective(blob: Blob, middle: tuple[float, float], reach: float) -> bool:
    """Whether, seen from above, ``blob`` is a square die's outline lengthened by the side a camera
    above sees of a flat die off the frame's middle (see PERSPECTIVE_OUTLINE): solid, less than
    PERSPECTIVE_OUTLINE long / wide, its long side along the line from the middle, and longer
    than wide by at most twice the offset side_in_perspective allows there."""
    if not blob.solid_box(thresholds.PERSPECTIVE_OUTLINE):
        return False
    w, h = blob.rect[1]
    rx, ry = blob.rect[0][0] - middle[0], blob.rect[0][1] - middle[1]
    r = math.hypot(rx, ry)
    if r == 0:
        return False
    a = math.radians(blob.rect[2] + (0.0 if w >= h else 90.0))     # the long side's direction
    along = abs(rx * math.cos(a) + ry * math.sin(a)) / r
    return (along >= thresholds.SIDE_IN_PERSPECTIVE_ALIGN
            and (max(w, h) - min(w, h)) / 2
            <= (thresholds.SIDE_IN_PERSPECTIVE * r / reach + thresholds.SIDE_IN_PERSPECTIVE_SLACK) * blob.side)


def apart(blob: Blob, blobs: list[Blob], distance: float) -> bool:
    """Whether no other blob the size of a quarter die or more (``blob.side`` squared / 4) has
    its centre within ``distance`` pixels of ``blob``'s."""
    return not near_any(blob.rect[0], [other.rect[0] for other in blobs
                                         if other is not blob and other.area >= 0.25 * blob.side ** 2], distance)


def against_edge(blob: Blob, rect: tuple[int, int, int, int], reach: float) -> bool:
    """Whether the blob's box comes within ``reach`` pixels of an edge of ``rect`` (x, y, w, h)."""
    x, y, w, h = blob.box
    rx, ry, rw, rh = rect
    return x <= rx + reach or y <= ry + reach or x + w >= rx + rw - reach or y + h >= ry + rh - reach


def near_any(spot: tuple[float, float], spots: list[tuple[float, float]], reach: float) -> bool:
    """Whether any of ``spots`` lies within ``reach`` of ``spot``."""
    return any(math.hypot(spot[0] - x, spot[1] - y) < reach for x, y in spots)


def covered_by_dice(blob: Blob, centres: list[tuple[float, float]], side: float) -> bool:
    """Whether dice at ``centres`` account for ``blob``: (almost) every pixel of it, or all but
    strips too thin to hide a die (a piece of the rim, a die's shadow)."""
    if not centres or not blob.mask.any():
        return False
    h, w = blob.mask.shape[:2]
    xs = np.arange(w, dtype=np.float32) + blob.box[0] + 0.5
    ys = np.arange(h, dtype=np.float32) + blob.box[1] + 0.5
    near = np.zeros((h, w), bool)
    for cx, cy in centres:
        near |= np.hypot(xs[None, :] - cx, ys[:, None] - cy) <= 0.75 * side   # a corner is 0.71 sides out
    inside = blob.mask > 0
    if near[inside].mean() >= 0.92:
        return True
    left = (inside & ~near).astype(np.uint8)
    return float(cv2.distanceTransform(left, cv2.DIST_L2, 3).max()) < 0.15 * side


def unheld_die(blob: Blob, centres: list[tuple[float, float]], side: float) -> bool:
    """Whether the blob is a die's worth of solid region (UNHELD_DIE_AREA) no die at ``centres``
    lies in: a die nobody read, which the circles round its neighbours may still take in where
    the die size was measured large (with the dice's shadows). A strip a die lost when touching
    dice were cut apart is thinner, and its die lies beside it."""
    if blob.area < thresholds.UNHELD_DIE_AREA * side ** 2 or blob.thickness < 0.25 * side:
        return False
    ys, xs = np.nonzero(blob.mask)
    xs = xs + blob.box[0] + 0.5
    ys = ys + blob.box[1] + 0.5
    near = sorted(float(np.min(np.hypot(xs - cx, ys - cy))) for cx, cy in centres)
    # (Two touching dice with their shadows are sometimes cut in three: the middle piece, halves
    # of both, lies between two dice found, 0.1-0.4 of a side from each.)
    between = len(near) >= 2 and near[1] <= thresholds.UNHELD_BETWEEN * side
    return not (near and near[0] <= thresholds.UNHELD_NEAR * side) and not between


def by_any(x: float, y: float, blobs: list[Blob], grow: float) -> bool:
    """Whether (x, y) lies in some blob's box grown by ``grow`` on every side."""
    return any(b.box[0] - grow <= x <= b.box[0] + b.box[2] + grow
               and b.box[1] - grow <= y <= b.box[1] + b.box[3] + grow for b in blobs)


def _off_every_die(blob: Blob, blobs: list[Blob], centres: list[tuple[float, float]], side: float) -> bool:
    """``blob``'s middle lies in no region of ``blobs`` and off every die read (``centres``)."""
    (x, y), _, _ = blob.rect
    return not by_any(x, y, blobs, 0.0) and not any(np.hypot(x - cx, y - cy) < 0.75 * side for cx, cy in centres)


def inside_rect(point: tuple[float, float], rect: tuple[int, int, int, int]) -> bool:
    """``point`` (x, y) lies in ``rect`` (x, y, w, h)."""
    return rect[0] <= point[0] < rect[0] + rect[2] and rect[1] <= point[1] < rect[1] + rect[3]


def solid(blob: Blob, thickness: float) -> bool:
    """Whether the blob fills most of its rotated box and is at least ``thickness`` thick (an
    inscribed radius): a die, or dice, not the L of the rim's corner or a thin strip."""
    w, h = blob.rect[1]
    return blob.area >= 0.6 * w * h and blob.thickness >= thickness


def faded_outlines(first: list[Blob], blobs: list[Blob], centres: list[tuple[float, float]], side: float
                   ) -> list[Blob]:
    """The die-sized regions of the first look (``first``, before the die size was known) gone
    from the second: no region and no die read there. A die leaning or lifted off the tray,
    blurred, can fade into the tray at the second look's finer scale. (Asked of blurred frames
    only: in sharp photos the coarse look's stray shapes, gone from the finer one, were no dice.)"""
    lost = []
    for b in first:
        # Solid shapes, not only square ones (a leaning die shows its edge, the blur rounds it
        # off); not the L of the rim's corner.
        if not (solid(b, 0.25 * b.side) and 0.3 * side ** 2 <= b.area <= 2.0 * side ** 2):
            continue
        if _off_every_die(b, blobs, centres, side):
            lost.append(b)
    return lost


def lost_outlines(coarse: tuple[np.ndarray, float], fine: np.ndarray, centres: list[tuple[float, float]],
                  side: float, shape: tuple[int, ...]) -> list[Blob]:
    """Outlines of a die the first, coarse look (``coarse``: its mask and scale) kept hollow and
    the second (``fine``, its mask at any scale) lost, away from every die read (``centres``). A dark
    die by a dark rim, uncalibrated: the second look's median there takes in the rim and the
    dice and is as dark as they are, so the die is the tray; the first look's wider median keeps
    its edge, a square ring a die across. (The rim's corners the coarse look keeps are Ls, not
    squares; a photo's darkened corners are solid, not rings.)"""
    mask, scale = coarse
    px = side * scale
    kept = cv2.resize(fine, (mask.shape[1], mask.shape[0]), interpolation=cv2.INTER_NEAREST)
    reach = max(3, int(0.2 * px)) | 1
    left = cv2.subtract(mask, cv2.dilate(kept, np.ones((reach, reach), np.uint8)))
    for cx, cy in centres:
        cv2.circle(left, (int(cx * scale), int(cy * scale)), int(0.75 * px), 0, -1)
    out = []
    contours, _ = cv2.findContours(left, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    for contour in contours:
        _, (w, h), _ = cv2.minAreaRect(contour)
        if not (thresholds.EDGE_LOST_SIDES[0] * px <= min(w, h) and max(w, h) <= thresholds.EDGE_LOST_SIDES[1] * px):
            continue
        if cv2.contourArea(cv2.convexHull(contour)) < thresholds.EDGE_LOST_SQUARE * w * h:
            continue
        piece = np.zeros_like(left)
        cv2.drawContours(piece, [contour], -1, 255, -1)
        # (its pixels, not its outline's area: a closed ring's outline holds its hole)
        if cv2.countNonZero(cv2.bitwise_and(piece, left)) > thresholds.EDGE_LOST_HOLLOW * w * h:
            continue
        out += find_blobs(piece, scale, within=shape, reach_in=False)
    return out


def taken_by_opening(taken: np.ndarray, scale: float, shape: tuple[int, ...], blobs: list[Blob],
                     centres: list[tuple[float, float]], side: float, kept: np.ndarray | None = None
                     ) -> list[Blob]:
    """The die-like pieces the foreground's opening took (``taken``, at ``scale``) off every region
    and every die read: solid, compact, no longer than a die. A black die under a glare keeps
    only a crescent darker than the tray, too thin for the opening, and vanished without a trace.
    (The rim's corners and strips the opening takes too are neither solid nor compact.)"""
    # Most of what the opening takes is the rim's thin edge and specks: their outlines alone
    # (cheap) rule them out; the few pieces left are measured as regions.
    pixels = side * scale
    if thresholds.OPENED_AWAY_OFF_KEPT and kept is not None:
        reach = 2 * thresholds.OPENED_AWAY_OFF_KEPT + 1
        taken = cv2.subtract(taken, cv2.dilate(kept, np.ones((reach, reach), np.uint8)))
    if thresholds.OPENED_AWAY_JOIN:
        k = max(3, int(thresholds.OPENED_AWAY_JOIN * pixels)) | 1
        taken = cv2.morphologyEx(taken, cv2.MORPH_CLOSE, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (k, k)))
    contours, _ = cv2.findContours(taken, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    out = []
    for contour in contours:
        _, (w, h), _ = cv2.minAreaRect(contour)
        if not (cv2.contourArea(contour) >= 0.8 * thresholds.OPENED_AWAY_AREA * pixels ** 2
                and max(w, h) <= thresholds.OPENED_AWAY_LONG * pixels + 2):
            continue
        piece = np.zeros_like(taken)
        cv2.drawContours(piece, [contour], -1, 255, -1)
        for b in find_blobs(cv2.bitwise_and(piece, taken), scale, within=shape, reach_in=False):
            w, h = b.rect[1]
            if (b.area >= thresholds.OPENED_AWAY_AREA * side ** 2
                    and b.thickness >= thresholds.OPENED_AWAY_THICKNESS * side
                    and b.area >= thresholds.OPENED_AWAY_FILL * w * h
                    and max(w, h) <= thresholds.OPENED_AWAY_LONG * side
                    and max(w, h) <= thresholds.OPENED_AWAY_ASPECT * min(w, h)
                    and _off_every_die(b, blobs, centres, side)):
                out.append(b)
    return out


def faint_squares(faint: np.ndarray, scale: float, shape: tuple[int, ...], blobs: list[Blob],
                  centres: list[tuple[float, float]], side: float) -> list[Blob]:
    """Die-sized shapes of ``faint`` (a mask at ``scale``: a die's side long, at least half as wide,
    solid) off every region and every die read."""
    out = []
    for b in find_blobs(faint, scale, within=shape, reach_in=False):
        w, h = b.rect[1]
        # (A leaning die's outline is a die's side long (and its blur), foreshortened across.)
        if (0.75 * side <= max(w, h) <= 1.6 * side and min(w, h) >= 0.5 * side
                and b.area >= thresholds.FAINT_FILL * w * h and _off_every_die(b, blobs, centres, side)):
            out.append(b)
    return out


def faint_left_over(faint: np.ndarray, scale: float, shape: tuple[int, ...], blobs: list[Blob],
                    found: list[tuple], side: float) -> list[Blob]:
    """Solid pieces of ``faint`` (a mask at ``scale``) at least FAINT_LEFT_OVER of a die and half
    a die thick, outside every region of ``blobs`` and every die of ``found`` (each die's turned
    square grown by a fifth: its blurred edge), opened by half a die (the slivers left round
    them)."""
    left = faint.copy()
    for *_, x, y, die, angle in found:
        corners = cv2.boxPoints(((x * scale, y * scale), (1.2 * die * scale, 1.2 * die * scale), angle))
        cv2.fillConvexPoly(left, np.round(corners).astype(np.int32), 0)
    for blob in blobs:
        x, y, w, h = (int(round(v * scale)) for v in blob.box)
        left[max(0, y):y + h + 1, max(0, x):x + w + 1] = 0
    # A piece that thick holds a disc a quarter die across, and the disc a square: where no such
    # square fits (a straight erosion, cheap), the opening and the pieces need not be worked out.
    r = int(0.25 * side * scale / math.sqrt(2)) - 1
    if r >= 1 and not cv2.countNonZero(cv2.erode(left, np.ones((2 * r + 1, 2 * r + 1), np.uint8))):
        return []
    k = max(3, int(0.5 * side * scale)) | 1
    left = tray_foreground.opened_mask(left, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (k, k)))
    return [b for b in find_blobs(left, scale, within=shape, reach_in=False)
            if b.area >= thresholds.FAINT_LEFT_OVER * side ** 2 and b.thickness >= 0.25 * side]


def tray_covered(small: np.ndarray, scale: float, tray: tuple[int, int, int, int], blobs: list[Blob],
                 found: list[tuple], die_side: float, thick: float = 0.0) -> tuple[int, int, int, int] | None:
    """Where something dark the size of a die or more lies on ``tray`` (x, y, w, h: the
    calibrated tray, the box round the tray an uncalibrated frame shows, or an uncalibrated
    bottom view's middle) off every region and die: the cup's rim resting on the tray (dice
    under it are hidden), a die the foreground lost against it. The box (x, y, w, h) round that
    darkness, or None. ``small``: the frame at ``scale``; the rest in frame pixels. ``thick``:
    if given, only dark pieces reaching that far in (x die side) count."""
    x0, y0, x1, y1 = tray_foreground.rect_at(tray, scale)
    grey = cv2.cvtColor(small[y0:y1, x0:x1], cv2.COLOR_BGR2GRAY)
    if grey.size == 0:
        return None
    grow = 0.3 * die_side
    # The tray's brightness: most of what is not a die, though a cup's rim may cover half of it.
    level = tray_foreground.percentile_u8(grey, 70)
    dark = cv2.compare(grey, thresholds.COVERED_DARKNESS * level, cv2.CMP_LT)
    if thresholds.COVERED_SMOOTHING:
        # (As well as, not instead of, the pixels themselves: averaged, a thin dark rim, the
        # cup's edge in a clean frame, would come out lighter than the line: 10368, calibrated.)
        smooth = cv2.blur(grey, (thresholds.COVERED_SMOOTHING, thresholds.COVERED_SMOOTHING))
        dark |= cv2.compare(smooth, thresholds.COVERED_DARKNESS * level, cv2.CMP_LT)
    for bx, by, bw, bh in [b.box for b in blobs] + [(f[2] - f[4] / 2, f[3] - f[4] / 2, f[4], f[4]) for f in found]:
        cv2.rectangle(dark, (int((bx - grow) * scale) - x0, int((by - grow) * scale) - y0),
                      (int((bx + bw + grow) * scale) - x0, int((by + bh + grow) * scale) - y0), 0, -1)
    if thick and cv2.countNonZero(dark) > thresholds.COVERED_AREA * (die_side * scale) ** 2:
        # Only dark pieces that reach ``thick`` x the die's side in from every edge of theirs
        # (the tray's edge and the box's alike: what lies beyond the box is not looked at).
        depth = cv2.distanceTransform(cv2.copyMakeBorder(dark, 1, 1, 1, 1, cv2.BORDER_CONSTANT, value=0),
                                      cv2.DIST_L2, 3)[1:-1, 1:-1]
        _, labels = cv2.connectedComponents(dark)
        deep = np.unique(labels[depth >= thick * die_side * scale])
        dark = np.where(np.isin(labels, deep[deep > 0]), dark, 0).astype(np.uint8)
    if cv2.countNonZero(dark) <= thresholds.COVERED_AREA * (die_side * scale) ** 2:
        return None
    bx, by, bw, bh = cv2.boundingRect(dark)
    return (int((bx + x0) / scale), int((by + y0) / scale), int(math.ceil(bw / scale)), int(math.ceil(bh / scale)))
