"""Dice looked for beyond the regions: pip-like spots off every die, dice found from their pips
alone (faint dice, the network's scan round groups of pips, stray pips), a die the scan found
confirmed by its own pips, and a die read round a piece the foreground's opening took."""

from __future__ import annotations

import math
from itertools import combinations
from typing import Any

import cv2
import numpy as np

from . import classifier, leaning_signs, outlines, pip_faces, thresholds, tray_foreground


def lays_out_a_face(spots: list[tuple[float, float]], die_side: float) -> bool:
    """Whether some three to six spots close together (within a die's side) fit a pip layout
    (two spots fit a 2 wherever they lie: reflections do)."""
    pts = np.array(spots, float).reshape(-1, 2)
    for i in range(len(pts)):
        near = pts[np.hypot(*(pts - pts[i]).T) < 0.8 * die_side]
        if 3 <= len(near) <= 6 and pip_faces.fit_layout(near) is not None:
            return True
    return False


def lit_pairs_seen(look: np.ndarray, faces: Any, spots: list[tuple[float, float]], die_side: float
                   ) -> list[tuple[float, float]]:
    """Of ``spots``, those paired with another within 0.8 of ``die_side`` where the network, shown
    a die framed round the pair's middle (every way round), sees a die sooner than none."""
    pairs = [(a, b) for a, b in combinations(spots, 2) if 0 < math.dist(a, b) < 0.8 * die_side]
    seen = seen_as_dice(look, faces, [((a[0] + b[0]) / 2, (a[1] + b[1]) / 2) for a, b in pairs], die_side)
    out: list[tuple[float, float]] = []
    for (a, b), is_die in zip(pairs, seen):
        if is_die:
            out += [p for p in (a, b) if p not in out]
    return out


def seen_as_dice(look: np.ndarray, faces: Any, centres: list[tuple[float, float]], die_side: float, *,
                 one_look_first: bool = False) -> list[bool]:
    """For each of ``centres``, whether the network, shown a die's frame round it, sees a die
    sooner than none on its steady guess (every way round). With ``one_look_first``, its one
    look is asked first and the steady guess only where that sees a die: where most centres are
    nothing (the LED ring's reflections), a patch each instead of eight."""
    framed = [(x, y, die_side / thresholds.FRAMING) for x, y in centres]
    asked = list(range(len(framed)))
    if one_look_first:
        asked = [k for k, guess in enumerate(faces.guess(look, framed)) if guess.value != classifier.NO_FACE]
    seen = [False] * len(framed)
    for k, guess in zip(asked, faces.steady_guess(look, [framed[k] for k in asked])):
        seen[k] = guess.value != classifier.NO_FACE
    return seen


def paired(spots: list[tuple[float, float]], die_side: float) -> bool:
    """Two pip-like spots within a die's side of each other: a face; one alone may be a speck."""
    pts = np.array(spots)
    for i in range(len(pts)):
        d = np.hypot(*(pts - pts[i]).T)
        if ((d > 0) & (d < 0.8 * die_side)).any():
            return True
    return False


def pip_spots(grey: np.ndarray, die_side: float, blobs: list[outlines.Blob], *, light_spots: bool = True,
              shrunk: dict | None = None
              ) -> tuple[list[tuple[float, float]], list[tuple[float, float]]]:
    """Pip-like spots (dark ones, light ones) clear of every blob's box, in frame pixels: paired
    (``paired``), a die the segmentation missed (a white die on a white tray), which must make
    the reading unsure, never silently absent.

    ``light_spots`` also looks for light spots (a dark die under a glare). Under the cup (bottom
    view) no glare reaches the tray, and the LED ring's reflections would be taken for pips.
    ``shrunk``: the frame's shrunk copies (see ``tray_foreground.scaled``), cheaper to shrink further."""
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
    passes = [(cv2.MORPH_BLACKHAT, thresholds.STRAY_CONTRAST, found[0]),
              (cv2.MORPH_BLACKHAT, thresholds.STRONG_PIP_CONTRAST, found[0]),
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
            elif (0.3 * s) ** 2 < area <= 2.5 * (0.3 * s) ** 2 and max(bw, bh) <= 0.75 * s:
                # Pips of a small or leaning face run together at this scale: a row of them is
                # one spot here, and counts as two (its ends), a face on its own.
                if area >= 0.4 * bw * bh:
                    half = 0.25 * max(bw, bh)
                    row = (half, 0.0) if bw >= bh else (0.0, half)
                else:
                    row = _turned_row(spots, stats[i], area, s) if thresholds.ROW_TURNED else None
                if row is not None:
                    dx, dy = row
                    spots_at += [((cx - dx) / f, (cy - dy) / f), ((cx + dx) / f, (cy + dy) / f)]
    return found


def _turned_row(spots: np.ndarray, stat: np.ndarray, area: int, side: float) -> tuple[float, float] | None:
    """Where a spot of ``area`` pixels (its ``stat`` row of connected-component statistics in
    ``spots``), too sparse in its upright box for a row of pips, is one turned: its turned box no
    longer than 0.75 of ``side`` and filled 0.4 or more, as an upright row's. Returns the offset
    from its middle to each of its ends' spots (a quarter of its length along it), or None."""
    x, y, bw, bh = stat[:4]
    n, labels = cv2.connectedComponents(spots[y:y + bh, x:x + bw], connectivity=8)
    # (Another spot may reach into the box: the row is its largest piece there, itself.)
    largest = 1 + int(np.argmax(np.bincount(labels.ravel(), minlength=n)[1:]))
    points = cv2.findNonZero((labels == largest).astype(np.uint8))
    if len(points) != area:
        return None
    _, (w, h), angle = cv2.minAreaRect(points)
    w, h = w + 1, h + 1                 # (pixels' outer edges, as the upright box counts them)
    if max(w, h) > 0.75 * side or area < 0.4 * w * h:
        return None
    if w < h:
        angle += 90
    half = 0.25 * max(w, h)
    return half * math.cos(math.radians(angle)), half * math.sin(math.radians(angle))


def _round(blob: outlines.Blob) -> bool:
    """A disc (a screw head, a coin), not a die's square however rounded its corners: the area
    fills most of the enclosing circle (a square fills 64% of it, a disc all of it)."""
    _, radius = cv2.minEnclosingCircle(cv2.findNonZero(blob.mask))
    return blob.area > 0.88 * np.pi * radius ** 2


def spot_groups(spots: list[tuple[float, float]], reach: float) -> list[np.ndarray]:
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


def faint_dice(img: np.ndarray, die_side: float, blobs: list[outlines.Blob],
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
    for group in spot_groups(dark_spots, 0.8 * die_side):
        if len(group) > 6:
            continue        # more than a face's pips: not one die
        cx, cy = (group.mean(axis=0) * f).astype(int)
        x0, y0 = cx - r, cy - r
        if x0 < 0 or y0 < 0 or cx + r >= small.shape[1] or cy + r >= small.shape[0]:
            continue
        lab = cv2.cvtColor(small[y0:cy + r + 1, x0:cx + r + 1], cv2.COLOR_BGR2LAB)
        ring = np.concatenate([lab[0], lab[-1], lab[:, 0], lab[:, -1]])
        tray = np.median(ring, axis=0)
        dist = cv2.GaussianBlur(
            np.minimum(tray_foreground.lab_distance(lab, (*tray, 0.0), tray_foreground.FLOOR_06), 40), (3, 3), 0)
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


def pips_beyond(img: np.ndarray, blob: outlines.Blob, centres: list[tuple[float, float]], side: float) -> bool:
    """Whether the blob holds a pip farther than any die at ``centres`` reaches (PIPS_BEYOND_REACH
    of a side: its own pips lie nearer; outlines.covered_by_dice's reach, to a die's corners, is longer): the pip of
    a die nobody read, however thin the strip of it that shows."""
    return any(all(np.hypot(px - cx, py - cy) > thresholds.PIPS_BEYOND_REACH * side for cx, cy in centres)
               for px, py, _ in pip_faces.pips_in(img, blob))


def confirmed(img: np.ndarray, foreground: np.ndarray, scale: float, value: int, x: float, y: float,
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
        result = pip_faces.read_die(img, piece)
        if not isinstance(result, str):
            return result[0] == value and not leaning_signs.foreshortened(img, piece, result[0], result[2], result[3])
        if count_will_do and len(pip_faces.inside_outline(pip_faces.pips_in(img, piece, []), piece)) == value:
            return True
        if thresholds.PIP_LIGHTNESS is not None:
            # (After the count: pips found by their lightness under a glare lie a little off
            # their centres, and may look squashed where the count alone confirms the face.)
            again = pip_faces.lightness_read(img, piece)
            if again is not None:
                # (Its middle asked as a face the network read alone: a glint that covers a 3's
                # middle pip whole is no dark pip, and the lightness look leaves a 2, fresh 310856.)
                _, _, fx, fy = again
                return (again[0] == value and not leaning_signs.foreshortened(img, piece, value, fx, fy)
                        and not pip_faces.middle_unclear(img, piece, value, fx, fy, by_network=True)
                        and not (value in (2, 4) and pip_faces.middle_may_hide_a_pip(img, piece, fx, fy, False, 0.0)))
    return False


def dice_by_pips(img: np.ndarray, look: np.ndarray, faces: classifier.FaceClassifier, die_side: float,
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
    groups = [g for g in spot_groups(loose, 0.8 * die_side) if len(g) <= 6]
    if not groups or len(groups) > thresholds.MAX_FAINT_DICE:
        return []        # none, or so many that they are noise (the stray check flags it)
    return confirmed_in_discs(img, classifier.find_faces(faces, look, _round_groups(groups, die_side), die_side,
                                                         [(f[2], f[3]) for f in found]), die_side)


def _round_groups(groups: list[np.ndarray], side: float) -> list[tuple[int, int, int, int]]:
    """The boxes the network's scan looks for a die of ``side`` in round each group of spots:
    1.6 sides across, on the group's middle."""
    half = 0.8 * side
    return [(int(cx - half), int(cy - half), int(2 * half), int(2 * half))
            for cx, cy in (g.mean(axis=0) for g in groups)]


def dice_by_stray_pips(img: np.ndarray, look: np.ndarray, faces: classifier.FaceClassifier, die_side: float,
                       dark_spots: list[tuple[float, float]], blobs: list[outlines.Blob],
                       found: list[tuple[int, float, float, float, float, float]], *, bigger: bool = True
                       ) -> list[tuple[int, float, float, float, float, float]]:
    """Dice read, as ``dice_by_pips`` reads them, from the groups of dark spots no die read
    holds once every other die is read: the groups by a region (which ``dice_by_pips`` leaves)
    at the frame's die size, then every group still without a die at STRAY_SCAN_BIGGER times
    it, loose ones too and those of more than a face's 6 spots (a photo taken at an angle: the
    nearest dice are bigger than the far ones the die size was measured on, and their pips,
    looked for at that size, break up in two spots each); ``bigger`` False: not that second look.
    Returns entries like ``found``'s."""
    left = [(px, py) for px, py in dark_spots
            if not any(np.hypot(px - f[2], py - f[3]) < 0.75 * die_side for f in found)]
    if not left:
        return []
    groups = [g for g in spot_groups(left, 0.8 * die_side) if len(g) <= 12]
    if not groups or len(groups) > thresholds.MAX_FAINT_DICE:
        return []
    # At the die size, only the groups by a region (dice_by_pips asked round the others).
    by_region = [g for g in groups if any(outlines.by_any(px, py, blobs, 0.2 * die_side) for px, py in g)]
    out = confirmed_in_discs(img, classifier.find_faces(faces, look, _round_groups(by_region, die_side), die_side,
                                                        [(f[2], f[3]) for f in found]), die_side) if by_region else []
    if not bigger:
        return out
    side = thresholds.STRAY_SCAN_BIGGER * die_side
    without_die = [g for g in groups
                   if not any(np.hypot(gx - f[2], gy - f[3]) < 0.75 * side for f in out for gx, gy in g)]
    if without_die:
        out += confirmed_in_discs(img, classifier.find_faces(faces, look, _round_groups(without_die, side), side,
                                                             [(f[2], f[3]) for f in found + out]), side)
    return out


def confirmed_in_discs(img: np.ndarray, seen: list[tuple[int, float, float, float]], die_side: float
                       ) -> list[tuple[int, float, float, float, float, float]]:
    """The dice of ``seen`` (the network's scan: value, confidence, x, y) whose pips confirm them,
    in a disc round each (no region to cut the die from; ``confirmed`` with CONFIRM_BY_COUNT) at
    the first of CONFIRM_SIDES that works: a die bigger than the frame's typical one spreads its
    pips past the typical die's disc. Returns entries like ``read_dice``'s found dice."""
    everywhere = np.full(img.shape[:2], 255, np.uint8)
    out = []
    for value, confidence, x, y in seen:
        side = next((f * die_side for f in thresholds.CONFIRM_SIDES
                     if confirmed(img, everywhere, 1.0, value, x, y, f * die_side,
                                  count_will_do=thresholds.CONFIRM_BY_COUNT)), None)
        if side is not None:
            out.append((value, confidence, x, y, side, 0.0))
    return out


def read_in_light(img: np.ndarray, look: np.ndarray, faces: classifier.FaceClassifier, blob: outlines.Blob,
                  die_side: float,
                  found: list[tuple[int, float, float, float, float, float]]
                  ) -> list[tuple[int, float, float, float, float, float]]:
    """The dice round ``blob``, a piece the foreground's opening took (a die under a glare keeps
    only part of its body unlike the tray): the network's scan finds each, and the pips in a disc
    round it must fit that face (as for ``dice_by_pips``). Returns entries like ``found``'s, only
    the confirmed ones."""
    seen = classifier.find_faces(faces, look, [scan_box(blob, die_side)], die_side, [(f[2], f[3]) for f in found])
    return confirmed_in_discs(img, seen, die_side)


def scan_box(blob: outlines.Blob, die_side: float) -> tuple[int, int, int, int]:
    """The box the network's scan looks for dice in round ``blob``: its own grown by half a die
    each way (a die only partly in the blob still has its centre inside)."""
    grow = int(0.5 * die_side)
    x, y, w, h = blob.box
    return x - grow, y - grow, w + 2 * grow, h + 2 * grow
