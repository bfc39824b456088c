"""The pip reader: finds each die on the tray, finds its pips, and validates the face against the
six canonical pip layouts. It never guesses: any doubt makes the whole reading unsure, with a
reason a person understands.
"""

from __future__ import annotations

import cv2
import numpy as np

from .reading import Die, Reading, Status, View

T = {1: [(0, 0)], 2: [(-1, -1), (1, 1)], 3: [(-1, -1), (0, 0), (1, 1)], 4: [(-1, -1), (1, -1), (-1, 1), (1, 1)],
     5: [(-1, -1), (1, -1), (-1, 1), (1, 1), (0, 0)], 6: [(-1, -1), (-1, 0), (-1, 1), (1, -1), (1, 0), (1, 1)]}
VARIANTS = {k: [np.array(v, float)] for k, v in T.items()}
for k in (2, 3):
    VARIANTS[k].append(np.array([(x, -y) for x, y in T[k]], float))
VARIANTS[6].append(np.array([(y, x) for x, y in T[6]], float))


ANGLES = np.deg2rad(np.arange(0, 90, 3))
ROT = np.stack([np.stack([np.cos(ANGLES), -np.sin(ANGLES)], 1), np.stack([np.sin(ANGLES), np.cos(ANGLES)], 1)], 1)  # (A,2,2)


def match_layout(pts):
    """pts (k,2): pip centres in pixels. The layouts are centrally symmetric, so the centre is the
    centroid. Returns (value, error as a fraction of the pip spacing, spacing in pixels) or None."""
    k = len(pts)
    if not 1 <= k <= 6:
        return None
    if k == 1:
        return 1, 0.0, 0.0
    c = pts - pts.mean(axis=0)
    best = None
    for tpl in VARIANTS[k]:
        rot = np.einsum("aij,kj->aki", ROT, c)          # (A,k,2) points rotated by each angle
        den = (tpl * tpl).sum()
        # scale by least squares after nearest-slot assignment at a first guess
        ext = np.abs(rot).max(axis=2)                     # (A,k)
        s0 = np.median(ext[:, ext.mean(axis=0) > 0] if k != 1 else ext, axis=1) if k else None
        slots = tpl[None, :, :] * s0[:, None, None]       # (A,k,2)
        d = np.linalg.norm(rot[:, :, None, :] - slots[:, None, :, :], axis=3)   # (A,k,k)
        a = d.argmin(axis=2)
        for ai in range(len(ANGLES)):
            if len(set(a[ai].tolist())) != k:
                continue
            err = d[ai, np.arange(k), a[ai]].max() / max(s0[ai], 1e-6)
            if best is None or err < best[1]:
                best = (k, float(err), float(s0[ai]))
    return best


def _fg_mask(img, die_side=None):
    small = cv2.resize(img, None, fx=0.25, fy=0.25, interpolation=cv2.INTER_AREA)
    k = max(3, int(min(small.shape[:2]) / 2.5) | 1) if not die_side else max(5, int(die_side * 2.5 / 4) | 1)
    bg = cv2.medianBlur(small, k)
    bg = cv2.resize(bg, (img.shape[1], img.shape[0]), interpolation=cv2.INTER_LINEAR)
    lab = cv2.cvtColor(img, cv2.COLOR_BGR2LAB).astype(np.int16)
    lbg = cv2.cvtColor(bg, cv2.COLOR_BGR2LAB).astype(np.int16)
    diff = np.abs(lab - lbg)
    dist = (diff[..., 0] * 0.6 + diff[..., 1] + diff[..., 2]).astype(np.float32)
    dist = cv2.GaussianBlur(dist, (5, 5), 0)
    d8 = np.clip(dist, 0, 255).astype(np.uint8)
    t, _ = cv2.threshold(d8, 0, 255, cv2.THRESH_BINARY + cv2.THRESH_OTSU)
    t = max(t, 28)
    m = (d8 > t).astype(np.uint8) * 255
    m = cv2.morphologyEx(m, cv2.MORPH_CLOSE, np.ones((5, 5), np.uint8))
    # fill holes (pips)
    cnts, hier = cv2.findContours(m, cv2.RETR_CCOMP, cv2.CHAIN_APPROX_SIMPLE)
    filled = m.copy()
    if hier is not None:
        for i, c in enumerate(cnts):
            parent = hier[0][i][3]
            if parent >= 0 and cv2.contourArea(c) < 0.2 * cv2.contourArea(cnts[parent]):
                cv2.drawContours(filled, [c], -1, 255, -1)
    k = 3 if not die_side else max(3, int(die_side * 0.45))
    filled = cv2.morphologyEx(filled, cv2.MORPH_OPEN, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (k, k)))
    return filled


def _split(mask):
    """Separate touching dice: cut the mask where the distance transform has a saddle."""
    dist = cv2.distanceTransform(mask, cv2.DIST_L2, 5)
    n, lbl, stats, _ = cv2.connectedComponentsWithStats(mask)
    if n <= 2:
        return mask
    areas = stats[1:, cv2.CC_STAT_AREA]
    med = float(np.median(areas[areas > 250])) if (areas > 250).any() else 0
    if med <= 0:
        return mask
    r = np.sqrt(med) / 2
    out = mask.copy()
    for i in range(1, n):
        if stats[i, cv2.CC_STAT_AREA] < 1.7 * med:
            continue
        x, y, w, h = stats[i, :4]
        sub = (lbl[y:y + h, x:x + w] == i).astype(np.uint8)
        d = dist[y:y + h, x:x + w] * sub
        seeds = (d > 0.6 * r).astype(np.uint8)
        ns, sl = cv2.connectedComponents(seeds)
        if ns <= 2:
            continue
        markers = sl.astype(np.int32) + 1
        markers[sub == 0] = 0
        markers[(sub > 0) & (seeds == 0)] = 0
        markers[sub == 0] = 1
        markers = np.where(seeds > 0, sl + 1, np.where(sub > 0, 0, 1)).astype(np.int32)
        ws = cv2.watershed(cv2.cvtColor(sub * 255, cv2.COLOR_GRAY2BGR), markers)
        cut = (ws == -1)
        out[y:y + h, x:x + w][cut] = 0
    return cv2.erode(out, np.ones((2, 2), np.uint8)) if False else out


def _squarish(cd):
    c, area, r, box, _ = cd
    w, h = r[1]
    return min(w, h) > 0 and max(w, h) / min(w, h) < 1.3 and area > 0.78 * w * h


def _candidates(mask, odd=None):
    odd = [] if odd is None else odd
    mask = _split(mask)
    n, lbl, stats, cents = cv2.connectedComponentsWithStats(mask, connectivity=4)
    rects = []
    for i in range(1, n):
        area = int(stats[i, cv2.CC_STAT_AREA])
        if area < 250:
            continue
        x, y, w, h = stats[i, :4]
        if w > 0.5 * mask.shape[1] or h > 0.5 * mask.shape[0]:
            continue
        sub = (lbl[y:y + h, x:x + w] == i).astype(np.uint8)
        cnts, _ = cv2.findContours(sub, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
        c = max(cnts, key=cv2.contourArea) + np.array([x, y])
        r = cv2.minAreaRect(c)
        if area < 0.6 * r[1][0] * r[1][1]:
            odd.append(area)
            continue
        rects.append((c, area, r, (x, y, w, h), ((lbl == i).astype(np.uint8) * 255)))
    return rects


def _pips(img, comp_mask, box):
    x, y, w, h = box
    pad = 2
    x0, y0 = max(0, x - pad), max(0, y - pad)
    x1, y1 = min(img.shape[1], x + w + pad), min(img.shape[0], y + h + pad)
    crop = img[y0:y1, x0:x1]
    m = comp_mask[y0:y1, x0:x1]
    side = np.sqrt(m.sum() / 255.0)
    er = max(1, int(side * 0.06))
    inner = cv2.erode(m, np.ones((2 * er + 1, 2 * er + 1), np.uint8))
    lab = cv2.cvtColor(crop, cv2.COLOR_BGR2LAB).astype(np.float32)
    px = lab[inner > 0]
    if len(px) < 20:
        return [], side, 0.0
    face = np.median(px, axis=0)
    dist = np.sqrt(((lab - face) ** 2 * np.array([1.0, 1.3, 1.3])).sum(axis=2))
    d8 = np.clip(dist * 2, 0, 255).astype(np.uint8)
    vals = d8[inner > 0]
    t, _ = cv2.threshold(vals.reshape(-1, 1), 0, 255, cv2.THRESH_BINARY + cv2.THRESH_OTSU)
    t = max(float(t), 45.0)
    pm = ((d8 > t) & (inner > 0)).astype(np.uint8)
    n, lbl, stats, cents = cv2.connectedComponentsWithStats(pm)
    amin, amax = (side * 0.07) ** 2, (side * 0.45) ** 2
    pips = []
    for i in range(1, n):
        a = stats[i, cv2.CC_STAT_AREA]
        bw, bh = stats[i, cv2.CC_STAT_WIDTH], stats[i, cv2.CC_STAT_HEIGHT]
        if a < max(4, amin) or a > amax:
            continue
        if max(bw, bh) > 2.0 * min(bw, bh) + 1:
            continue
        if a / float(bw * bh) < 0.4:
            continue
        pips.append((cents[i][0] + x0, cents[i][1] + y0, a))
    return pips, side, t


def read_dice(image, view=View.TOP, *, expected=None, calibration=None):
    view = View(view)
    img = image if image.ndim == 3 else cv2.cvtColor(image, cv2.COLOR_GRAY2BGR)
    if view is View.BOTTOM:
        img = cv2.flip(img, 1)
    grey = cv2.cvtColor(img, cv2.COLOR_BGR2GRAY)
    brightness = float(grey.mean())
    sharp = float(cv2.Laplacian(grey, cv2.CV_64F).var())
    problems_pre = []
    mask = _fg_mask(img)
    cands = _candidates(mask)
    squares = [cd for cd in cands if _squarish(cd)]
    if squares:
        side0 = float(np.median([np.sqrt(cd[1]) for cd in squares]))
        mask = _fg_mask(img, side0)
        odd = []
        cands = _candidates(mask, odd)
        if any(0.5 * side0 ** 2 < a < 3 * side0 ** 2 for a in odd):
            problems_pre.append("something on the tray is not a readable die")
    if not cands:
        return Reading(Status.UNSURE, (), "no dice found", brightness, sharp)
    areas = np.array([cd[1] for cd in cands])
    dice = []
    problems = list(problems_pre)
    med = float(np.median(areas))
    cands_by_id = {id(cd[0]): cd for cd in cands}
    sq = [cd for cd in cands if _squarish(cd)]
    med_side = float(np.median([np.sqrt(cd[1]) for cd in sq])) if sq else np.sqrt(med)
    for c, area, rect, box, lblmask in cands:
        (cx, cy), (w, h), ang = rect
        if area < 0.3 * med and area < 400:
            continue
        if area > 2.2 * med and len(cands) > 2:
            problems.append("dice touching or overlapping")
            continue
        pips, side, t = _pips(img, lblmask, box)
        if not pips:
            if _squarish(cands_by_id[id(c)]) and 0.6 * med_side < np.sqrt(area) < 1.6 * med_side:
                problems.append("a face shows no pips")
            continue
        pts = np.array([(p[0], p[1]) for p in pips])
        m = match_layout(pts)
        if m is None:
            problems.append("a face matches no pip layout")
            continue
        v, err, s = m
        areas_p = np.array([p[2] for p in pips])
        spacing_ok = v == 1 or 0.13 * side < s < 0.36 * side
        size_ok = areas_p.max() < 2.8 * areas_p.min() or v == 1
        ok = err < 0.3 and spacing_ok and size_ok
        conf = float(max(0.0, 1.0 - err)) if ok else 0.2
        fx, fy = pts.mean(axis=0)
        x = fx if view is View.TOP else img.shape[1] - 1 - fx
        val = v if view is View.TOP else 7 - v
        dice.append(Die(val, float(x), float(fy), float(side), conf, float(ang)))
        if not ok:
            problems.append("a face matches no pip layout")
    if expected is not None and len(dice) != expected and not problems:
        problems.append(f"expected {expected} dice, saw {len(dice)}")
    status = Status.UNSURE if problems else Status.OK
    return Reading(status, tuple(dice), problems[0] if problems else None, brightness, sharp)
