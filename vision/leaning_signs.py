"""Whether a die read lies flat: the signs of a leaning die (its faint side showing, its side
over the tray's rim, a pip by the rim, a face squashed or foreshortened, a whole face aside of
its outline's middle) and of one lying flat (its face read alone, as bright as a flat
neighbour)."""

from __future__ import annotations

import math

import cv2
import numpy as np

from . import classifier, outlines, pip_faces, thresholds
from .faces import extent


def pip_by_rim(img: np.ndarray, blob: outlines.Blob, rect: tuple[int, int, int, int], reach: float) -> bool:
    """Whether a pip of the die that pip_faces.inside_outline leaves out (too near its outline), as big
    as the pips it keeps (PIP_BY_RIM_SIZE x their median area: a whole pip, not a speck of the
    rim's edge), lies within ``reach`` pixels of an edge of the tray ``rect`` (x, y, w, h), or
    beyond it."""
    pips = pip_faces.pips_in(img, blob)
    kept = pip_faces.inside_outline(pips, blob)
    least = thresholds.PIP_BY_RIM_SIZE * float(np.median([a for *_, a in kept])) if kept else 0.0
    rx, ry, rw, rh = rect
    return any(a >= least and min(px - rx, py - ry, rx + rw - px, ry + rh - py) < reach
               for px, py, a in pips if (px, py, a) not in kept)


def side_over_rim(img: np.ndarray, blob: outlines.Blob, rect: tuple[int, int, int, int], die_side: float,
                  reach: float = 0.1, share: float | None = None) -> float:
    """How far what lies beyond the tray's edge (``rect``: x, y, w, h) beside the die differs from
    the rest of the rim there: the median distance (0.6|dL| + |da| + |db|, 8-bit Lab) of a strip
    0.3 x ``die_side`` deep beyond each edge the die's box comes within ``reach`` x that of, along
    the middle 60% of the die, from the median of the same strip's depth along the rest of that
    edge; the largest over those edges (0 when the die is against none). A die lying flat stops at
    the edge; a die leaning on the rim lays its side over it. ``share``: instead, along the die's
    whole box, the distance that ``share`` of the places along the edge exceed (each place's median
    over the strip's depth): a side over the rim at a corner of the box, turned, covers less than
    half of its middle."""
    x, y, w, h = blob.box
    rx, ry, rw, rh = rect
    reach, depth = reach * die_side, max(2, int(round(0.3 * die_side)))
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
        if share is not None:
            along = band[max(0, lo):max(0, hi)]
            if len(along) < 2:
                continue
            lab = cv2.cvtColor(np.ascontiguousarray(along), cv2.COLOR_BGR2LAB).astype(np.float32)
            places = np.median(_lab_distance(lab, rim.astype(np.float32)[None]), axis=1)
            worst = max(worst, float(np.quantile(places, 1.0 - share)))
            continue
        lab = cv2.cvtColor(np.ascontiguousarray(beside), cv2.COLOR_BGR2LAB).astype(np.float32)
        worst = max(worst, float(np.median(_lab_distance(lab, rim.astype(np.float32)[None]))))
    return worst


def faint_side(faint: np.ndarray, scale: float, blob: outlines.Blob, others: list[tuple[float, float]],
               opening: np.ndarray | None = None) -> float:
    """How much further the die's faint outline (``faint``, a mask at ``scale``) reaches out on one
    side than on the opposite one, in the die's own axes, x its side. Under the cup a leaning
    die's side fades from the foreground, leaving a square outline round its face; but it still
    differs from the tray a little, on one side of the face. (Pixels nearer another die's
    centre in ``others`` are that die's. ``opening``: ``faint`` is not opened yet; it is, by this
    kernel, round this die only: the same pixels there, at a fraction of the whole frame's cost.)"""
    return _faint_reach(faint, scale, blob, others, opening)[0]


def lighter_side_away(faint: np.ndarray, small: np.ndarray, scale: float, blob: outlines.Blob,
                      others: list[tuple[float, float]], opening: np.ndarray | None,
                      middle: tuple[float, float]) -> float:
    """faint_side of the faint outline's pixels lighter than the tray round the die (the die's
    own outline kept whole, LIGHTER_SIDE_LEVEL), where it reaches out away from the frame's
    middle (LIGHTER_SIDE_AWAY); else 0, and 0 for a die whose face is no lighter than the tray.
    ``small``: the frame at ``scale``, as ``faint``; ``middle`` in the frame's pixels. From
    above, a flat die's shadow is darker than the tray, and the side a camera above sees of it
    reaches toward the middle; a white die leaning shows its side, lighter than the tray,
    wherever it leans."""
    window = _window(faint, scale, blob)
    if window is None:
        return 0.0
    x0, y0, x1, y1, _ = window
    near = faint[y0:y1, x0:x1]
    lightness = cv2.cvtColor(small[y0:y1, x0:x1], cv2.COLOR_BGR2LAB)[..., 0]
    left_out = cv2.bitwise_not(near)
    if not cv2.countNonZero(left_out):
        return 0.0
    # (Its mean: what the faint look leaves out is within FAINT_LEVEL of the tray already.)
    tray = cv2.mean(lightness, mask=left_out)[0]
    (cx, cy), (w, h), angle = blob.rect
    face = np.zeros_like(near)
    inner = cv2.boxPoints(((cx * scale - x0, cy * scale - y0), (0.6 * w * scale, 0.6 * h * scale), angle))
    cv2.fillConvexPoly(face, np.round(inner).astype(np.int32), 255)
    if not (face > 0).any() or float(np.median(lightness[face > 0])) <= tray + thresholds.LIGHTER_SIDE_LEVEL:
        return 0.0      # (a die no lighter than the tray has no side lighter than it)
    lighter = np.zeros_like(faint)
    lighter[y0:y1, x0:x1] = np.where((near > 0) & (lightness > tray + thresholds.LIGHTER_SIDE_LEVEL), 255, 0)
    box = cv2.boxPoints(((cx * scale, cy * scale), (w * scale, h * scale), angle))
    cv2.fillConvexPoly(lighter, np.round(box).astype(np.int32), 255)
    reach, (dx, dy) = _faint_reach(lighter, scale, blob, others, opening)
    if thresholds.LIGHTER_SIDE_AWAY is None:
        return reach
    rx, ry = middle[0] - cx, middle[1] - cy
    return reach if dx * rx + dy * ry <= -thresholds.LIGHTER_SIDE_AWAY * math.hypot(rx, ry) else 0.0


def _window(faint: np.ndarray, scale: float, blob: outlines.Blob) -> tuple[int, int, int, int, int] | None:
    """faint_side's window round ``blob`` in ``faint``: x0, y0, x1, y1 and its half width (1.2
    sides each way, turned), or None if the blob's middle is outside it."""
    (cx, cy), _, _ = blob.rect
    cx, cy = cx * scale, cy * scale
    rows, cols = faint.shape
    half = int(math.ceil(1.2 * blob.side * scale * math.sqrt(2))) + 1
    x0, y0 = max(0, int(cx) - half), max(0, int(cy) - half)
    x1, y1 = min(cols, int(cx) + half + 1), min(rows, int(cy) + half + 1)
    xi, yi = int(round(cx)), int(round(cy))
    if not (x0 <= xi < x1 and y0 <= yi < y1):
        return None
    return x0, y0, x1, y1, half


def _faint_reach(faint: np.ndarray, scale: float, blob: outlines.Blob, others: list[tuple[float, float]],
                 opening: np.ndarray | None) -> tuple[float, tuple[float, float]]:
    """faint_side, and which way the outline reaches out further (a unit vector in the frame's
    axes; (0, 0) where it does not reach out)."""
    window = _window(faint, scale, blob)
    if window is None:
        return 0.0, (0.0, 0.0)
    x0, y0, x1, y1, half = window
    (cx, cy), _, angle = blob.rect
    side = blob.side * scale
    cx, cy = cx * scale, cy * scale
    rows, cols = faint.shape
    xi, yi = int(round(cx)), int(round(cy))
    if opening is None:
        near = faint[y0:y1, x0:x1]
    else:
        m = max(opening.shape)      # (the most an opening reaches: half the kernel, twice)
        mx0, my0 = max(0, x0 - m), max(0, y0 - m)
        opened = cv2.morphologyEx(faint[my0:min(rows, y1 + m), mx0:min(cols, x1 + m)], cv2.MORPH_OPEN, opening)
        near = np.ascontiguousarray(opened[y0 - my0:y1 - my0, x0 - mx0:x1 - mx0])
    if not near[yi - y0, xi - x0]:
        return 0.0, (0.0, 0.0)
    _, labels = cv2.connectedComponents(near)
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
    inside = (np.abs(u) < 1.2 * side) & (np.abs(v) < 1.2 * side)
    if not inside.any():
        return 0.0, (0.0, 0.0)
    u, v = u[inside], v[inside]
    du, dv = float(u.max() + u.min()), float(v.max() + v.min())
    if abs(du) >= abs(dv):
        way = (math.copysign(math.cos(a), du), math.copysign(math.sin(a), du)) if du else (0.0, 0.0)
    else:
        way = (math.copysign(-math.sin(a), dv), math.copysign(math.cos(a), dv))
    return max(abs(du), abs(dv)) / side, way


def _face_lightness(blob: outlines.Blob) -> float | None:
    """The median lightness (Lab L, 0-255) of the die's face, as its pips were found against."""
    found = blob.pips_found
    if found is None or len(found[2]) < 3:
        return None
    return float(found[2][2][1][0])


def as_bright_as_flat_neighbour(candidates: list, flat: list[bool], side_by_side: list, scale: float
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
                    and thresholds.SIDE_BY_SIDE_AS_BRIGHT <= light / other_light
                    <= 1 / thresholds.SIDE_BY_SIDE_AS_BRIGHT):
                out[k] = True
                break
    return out


def _painted_alone(look: np.ndarray, blob: outlines.Blob, blobs: list[outlines.Blob],
                   framed: tuple[float, float, float],
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


def look_alone(faces: classifier.FaceClassifier, look: np.ndarray, blob: outlines.Blob, blobs: list[outlines.Blob],
               framed: tuple[float, float, float]) -> classifier.FaceGuess | None:
    """The network's steady guess of the die shown alone (``_painted_alone``); None where it
    cannot be shown alone."""
    painted = _painted_alone(look, blob, blobs, framed, faces.context)
    return None if painted is None else faces.steady_guess(painted[0], [painted[1]])[0]


def _face_pips(img: np.ndarray, blob: outlines.Blob, x: float, y: float) -> list[tuple[float, float]]:
    """The die's pips (x, y) within 0.6 of its side of the face read at (x, y)."""
    return [(px, py) for px, py, _ in pip_faces.pips_in(img, blob) if np.hypot(px - x, py - y) < 0.6 * blob.side]


def flat_face(img: np.ndarray, blob: outlines.Blob, value: int, x: float, y: float) -> bool:
    """Whether the face read at (x, y) shows four or more pips laid out square on: a die lying
    flat, not one leaning (its face then foreshortened along the lean)."""
    if value < 4:
        return False
    near = _face_pips(img, blob, x, y)
    return len(near) == value and pip_faces.face_squash(np.array(near)) < thresholds.FLAT_FACE_SQUASH


def whole_face_aside(img: np.ndarray, blob: outlines.Blob, value: int) -> bool:
    """Whether the pips the reader called "a face off the outline's middle" are that whole face
    (2+ pips, as many as ``value``) in an outline longer than a square: the face is plain, and
    what lengthens the outline beyond it is the side of a die leaning. (A flat die's face off
    its outline's middle, a shadow or a neighbour taken in, shows as a lone pip nearly always: of
    the dice in 8,000 rendered frames the network read over this doubt, 2 showed a whole face of
    2+ pips, both leaning, and 340 a lone pip, all flat. Of the real photos' 42, one whole face
    of a flat 6 lay off the middle of a square outline.)"""
    w, h = blob.rect[1]
    return (value >= 2 and min(w, h) > 0 and max(w, h) >= thresholds.SQUARE_ASPECT * min(w, h)
            and len(pip_faces.inside_outline(pip_faces.pips_in(img, blob), blob)) == value)


def foreshortened(img: np.ndarray, blob: outlines.Blob, value: int, x: float, y: float, *,
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
    return (pip_faces.fit_layout(near, slots) is not None
            and pip_faces.affine_error(slots[0], near - near.mean(axis=0)) <= fit_within)


def _corner_squash(pts: np.ndarray) -> float:
    """How much longer than wide the square the corner pips of a 4 or a 5 (pts, 4 or 5 x 2) lay
    out is: the ratio of their spread along its long and short axes, 1 for a square (inf when
    they lie on a line). A 5's middle pip, the nearest their mean, is left out: a glare can move
    it off the middle, and it says nothing of the square's shape. (The layout's
    affine fit, pip_faces.face_squash, says the same for pips known to lay out the face, at ten times the
    cost.)"""
    if len(pts) == 5:
        pts = np.delete(pts, np.argmin(np.hypot(*(pts - pts.mean(axis=0)).T)), axis=0)
    corners = pts - pts.mean(axis=0)
    small, large = np.linalg.eigvalsh(corners.T @ corners)
    return float(np.sqrt(large / small)) if small > 0 else float("inf")


def side_step_away(img: np.ndarray, centre: tuple[float, float], side: float, angle: float,
                   middle: tuple[float, float], others: list[tuple[tuple[float, float], tuple[float, float], float]],
                   tray: tuple[int, int, int, int]) -> float:
    """How plainly a leaning die's side shows beyond its read square (``centre``, ``side``,
    ``angle`` in degrees, ``img``'s pixels): a band of one even colour (SIDE_STEP_EVEN) ending in a
    straight step parallel to an edge (SIDE_STEP_STRAIGHT), SIDE_STEP_REACH of a side out on an edge
    facing away from the frame's ``middle``, SIDE_STEP_TOWARD_REACH out on the others
    (SIDE_STEP_ASKEW_REACH on those askew to the way from the middle). A leaning
    die's side is its own colour in shade and ends in a straight edge; the side a camera above sees
    of a flat die lies toward the middle, nearer; a flat die's shadow is darker than the tray, so a
    band darker than beyond it counts only in the die's own colour (SIDE_STEP_DIE_CHROMA), and a
    band of the face's own colour not at all (SIDE_STEP_FACE_APART). The step's size: the smaller
    of its sharpness (Lab 0.6|dL| + |da| + |db| across 4 pixels) and the band's difference from
    beyond it; 0 where no edge qualifies. Edges whose band or step reaches another die's box
    (``others``, cv2 rotated rects, taken 1.3 times as big) are not asked, nor are those whose
    lines across the band reach beyond the tray's edge (``tray``: x, y, w, h), but for those lines
    left out where enough stay on the tray (SIDE_STEP_LINES_ON_TRAY; where too few do, the step
    looked for short of the tray's edge, SIDE_STEP_UP_TO_RIM)."""
    lo, hi = thresholds.SIDE_STEP_REACH
    a = math.radians(angle)
    ex, ey = (math.cos(a), math.sin(a)), (-math.sin(a), math.cos(a))
    cx, cy = centre
    half = side / 2
    ts = np.arange(0.0, (hi + 0.15) * side, 1.0, dtype=np.float32)
    ss = np.linspace(-0.6 * half, 0.6 * half, 13, dtype=np.float32)
    if len(ts) < 8:
        return 0.0
    # The window the bands lie in, other dice's boxes blocked out in it.
    reach = int(math.ceil(half * math.sqrt(2) + ts[-1])) + 2
    x0, y0 = max(0, int(cx) - reach), max(0, int(cy) - reach)
    x1, y1 = min(img.shape[1], int(cx) + reach + 1), min(img.shape[0], int(cy) + reach + 1)
    if x1 - x0 < 2 or y1 - y0 < 2:
        return 0.0
    window = img[y0:y1, x0:x1]
    blocked = np.zeros(window.shape[:2], np.uint8)
    for (ox, oy), (ow, oh), oa in others:
        corners = cv2.boxPoints(((ox - x0, oy - y0), (1.3 * ow, 1.3 * oh), oa))
        cv2.fillConvexPoly(blocked, np.round(corners).astype(np.int32), 255)
    rx, ry = middle[0] - cx, middle[1] - cy
    to_middle = math.hypot(rx, ry) or 1.0
    # The sharpest step is looked for from 0.15 side out, and must lie SIDE_STEP_REACH out: a flat
    # die's shadow ends at 0.1-0.2 side.
    i0, i1 = int(0.15 * side), min(len(ts) - 3, int(hi * side))
    if i1 <= i0:
        return 0.0
    within = max(thresholds.SIDE_STEP_LINE_REACH_MIN, int(0.1 * side))
    best, face_colour = 0.0, None
    for n, u in ((ex, ey), ((-ex[0], -ex[1]), ey), (ey, ex), ((-ey[0], -ey[1]), ex)):
        nearest = lo
        cosine = -(n[0] * rx + n[1] * ry) / to_middle
        if cosine < thresholds.SIDE_STEP_AWAY_COSINE:
            # Toward the middle (or askew), further out than a flat die's side in perspective.
            if thresholds.SIDE_STEP_TOWARD_REACH is None:
                continue
            nearest = thresholds.SIDE_STEP_TOWARD_REACH
            if thresholds.SIDE_STEP_ASKEW_REACH is not None and cosine > -thresholds.SIDE_STEP_AWAY_COSINE:
                # Askew: a flat die's side in perspective hardly shows on such an edge.
                nearest = thresholds.SIDE_STEP_ASKEW_REACH
        xs = cx + n[0] * (half + ts[:, None]) + u[0] * ss[None]
        ys = cy + n[1] * (half + ts[:, None]) + u[1] * ss[None]
        last = i1
        if thresholds.SIDE_STEP_LINES_ON_TRAY is not None:
            # A die by the tray's edge: its lines that leave the tray are left out (the rim's own
            # edge is no side's), the edge asked on the others if enough are left; where too few
            # stay on it all the way, those that stay as far as the nearest a step may lie (and
            # what lies beyond it), the step looked for only as far out as they all stay on it.
            enough = thresholds.SIDE_STEP_LINES_ON_TRAY * len(ss)
            on_tray = _on_tray(xs, ys, tray)
            keep = on_tray.all(axis=0)
            if keep.sum() < enough and thresholds.SIDE_STEP_UP_TO_RIM:
                keep = on_tray[:int(nearest * side) + 3 + int(0.2 * side)].all(axis=0)
            if keep.sum() < enough:
                continue
            xs, ys, on_tray = xs[:, keep], ys[:, keep], on_tray[:, keep]
            off = ~on_tray.all(axis=1)
            if off.any():
                last = min(i1, int(np.argmax(off)) - 3 - int(0.2 * side))
                if last <= max(i0, int(nearest * side)):
                    continue
        mx, my = (xs - x0).astype(np.float32), (ys - y0).astype(np.float32)
        # (Only the samples are converted to Lab: the whole window took half the time.)
        seen = cv2.remap(window, mx, my, cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)
        samples = cv2.cvtColor(seen, cv2.COLOR_BGR2LAB).astype(np.float32)
        profile = np.median(samples, axis=1)
        sharp = np.zeros(len(ts), np.float32)
        sharp[2:-2] = _lab_distance(profile[4:], profile[:-4])
        i = i0 + int(np.argmax(sharp[i0:last]))
        if i < nearest * side:
            continue
        end = min(len(ts), i + 3 + int(0.2 * side))
        if (cv2.remap(blocked, mx[:i + 3], my[:i + 3], cv2.INTER_NEAREST, borderMode=cv2.BORDER_CONSTANT,
                      borderValue=255) > 0).any():
            continue
        if not _on_tray(xs[:end], ys[:end], tray).all():
            continue
        # Straight: along the edge, each line's sharpest change lies where the band's does.
        each = np.zeros(samples.shape[:2], np.float32)
        each[2:-2] = _lab_distance(samples[4:], samples[:-4])
        a0, a1 = max(2, i - within), min(len(ts) - 2, i + within + 1)
        if np.mean(np.abs(a0 + np.argmax(each[a0:a1], axis=0) - i) <= 2) < thresholds.SIDE_STEP_STRAIGHT:
            continue
        band_rows = slice(int(0.05 * side), max(1, i - 2))
        beyond_rows = slice(i + 3, min(len(ts), i + 3 + int(0.15 * side)))
        band, beyond = profile[band_rows], profile[beyond_rows]
        if len(band) == 0 or len(beyond) == 0:
            continue
        band_colour, beyond_colour = np.median(band, axis=0), np.median(beyond, axis=0)
        if float(_lab_distance(band, band_colour[None]).mean()) > thresholds.SIDE_STEP_EVEN:
            continue
        if face_colour is None:
            face_colour = _face_colour(window, (cx - x0, cy - y0), side, angle)
        if thresholds.SIDE_STEP_FACE_APART is not None and float(_lab_distance(
                band_colour, _as_lab(face_colour))) < thresholds.SIDE_STEP_FACE_APART:
            # The face's own colour: the face itself, where the read square fell short of it.
            continue
        if band_colour[0] < beyond_colour[0]:
            # Darker than beyond: a shadow is the tray's colour in shade, a leaning die's side its
            # own (SIDE_STEP_DIE_CHROMA).
            if thresholds.SIDE_STEP_DIE_CHROMA is None:
                continue
            seen_profile = np.median(seen.astype(np.float32), axis=1)
            band_bgr = np.median(seen_profile[band_rows], axis=0)
            beyond_bgr = np.median(seen_profile[beyond_rows], axis=0)
            # (Where the tray's colour and the die's are alike, the band is taken for a shadow.)
            if _chroma_distance(band_bgr, face_colour) >= thresholds.SIDE_STEP_DIE_CHROMA * _chroma_distance(
                    band_bgr, beyond_bgr):
                continue
        best = max(best, min(float(sharp[i]), float(_lab_distance(band_colour[None], beyond_colour[None])[0])))
    return best


def _on_tray(xs: np.ndarray, ys: np.ndarray, tray: tuple[int, int, int, int]) -> np.ndarray:
    """Which of the points (``xs``, ``ys``) lie on the tray (x, y, w, h), 2 pixels inside its edge."""
    tx, ty, tw, th = tray
    return (xs >= tx + 2) & (ys >= ty + 2) & (xs <= tx + tw - 3) & (ys <= ty + th - 3)


def _face_colour(window: np.ndarray, centre: tuple[float, float], side: float, angle: float) -> np.ndarray:
    """The median BGR of the middle 0.8 x 0.8 of the die's square in ``window`` (its pips a
    fifth of it at most)."""
    mask = np.zeros(window.shape[:2], np.uint8)
    corners = cv2.boxPoints((centre, (0.8 * side, 0.8 * side), angle))
    cv2.fillConvexPoly(mask, np.round(corners).astype(np.int32), 255)
    return np.median(window[mask > 0].astype(np.float32), axis=0) if (mask > 0).any() else np.ones(3, np.float32)


def _as_lab(bgr: np.ndarray) -> np.ndarray:
    """One BGR colour (floats 0-255) in OpenCV's 8-bit Lab, as floats."""
    pixel = np.clip(np.round(bgr), 0, 255).astype(np.uint8).reshape(1, 1, 3)
    return cv2.cvtColor(pixel, cv2.COLOR_BGR2LAB).astype(np.float32).reshape(3)


def _chroma_distance(a: np.ndarray, b: np.ndarray) -> float:
    """How far apart two BGR colours' chromaticities (each over its sum) lie, summed over B, G, R:
    a colour and the same colour in shade are 0 apart."""
    return float(np.abs(a / max(1.0, float(a.sum())) - b / max(1.0, float(b.sum()))).sum())


def _lab_distance(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """0.6|dL| + |da| + |db| over the last axis (Lab, as floats)."""
    d = np.abs(a - b)
    return 0.6 * d[..., 0] + d[..., 1] + d[..., 2]
