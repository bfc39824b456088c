"""The plain blob-counting baseline of the OpenCV tutorials, kept to measure what the real reader adds.

Find the dice (Otsu threshold + external contours), count the dark blobs inside each die with
cv2.SimpleBlobDetector, value = blob count. No pip layout validation and no doubt: it answers ok
whenever it finds a die. Never used by the device; only by the benchmark.
"""

from __future__ import annotations

import cv2
import numpy as np

from .reading import Die, Reading, Status, View


def _detector(die_side: float) -> cv2.SimpleBlobDetector:
    p = cv2.SimpleBlobDetector_Params()
    p.filterByColor = True
    p.blobColor = 0                                   # dark pips on a light face
    p.filterByArea = True
    p.minArea = max(3.0, (die_side * 0.07) ** 2)
    p.maxArea = max(p.minArea + 1, (die_side * 0.35) ** 2)
    p.filterByCircularity = True
    p.minCircularity = 0.5
    p.filterByInertia = False
    p.filterByConvexity = False
    return cv2.SimpleBlobDetector_create(p)


def read_dice_baseline(image: np.ndarray, view: View | str = View.TOP) -> Reading:
    """Dice found by threshold + contours, value = number of dark blobs on each (1-6)."""
    view = View(view)
    grey = image if image.ndim == 2 else cv2.cvtColor(image, cv2.COLOR_BGR2GRAY)
    blur = cv2.GaussianBlur(grey, (5, 5), 0)
    # the dice differ from the tray (the frame's most common grey) either way: threshold that
    # difference with Otsu, as the tutorials threshold the grey image itself
    diff = cv2.absdiff(blur, np.full_like(blur, int(np.median(blur))))
    _, mask = cv2.threshold(diff, 0, 255, cv2.THRESH_BINARY + cv2.THRESH_OTSU)
    mask = cv2.morphologyEx(mask, cv2.MORPH_CLOSE, np.ones((5, 5), np.uint8))
    # what touches the frame's edge is the room round the tray, not a die
    n, labels, stats, _ = cv2.connectedComponentsWithStats(mask)
    hgt, wid = mask.shape
    x0, y0, bw0, bh0 = stats[:, 0], stats[:, 1], stats[:, 2], stats[:, 3]
    edge = (x0 == 0) | (y0 == 0) | (x0 + bw0 >= wid) | (y0 + bh0 >= hgt)
    edge[0] = True
    mask[edge[labels]] = 0
    contours, _ = cv2.findContours(mask, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    area_img = grey.shape[0] * grey.shape[1]
    dice: list[Die] = []
    for c in contours:
        area = cv2.contourArea(c)
        if area < 150 or area > area_img / 4:
            continue
        (cx, cy), (w, h), angle = cv2.minAreaRect(c)
        if min(w, h) < 0.6 * max(w, h):                # not square enough to be a die
            continue
        side = float((w + h) / 2)
        x, y, bw, bh = cv2.boundingRect(c)
        roi = blur[y:y + bh, x:x + bw].copy()
        inside = np.zeros_like(roi)
        cv2.drawContours(inside, [c - [x, y]], -1, 255, -1)
        face = float(np.median(roi[inside > 0]))
        if face < 100:                                 # white pips on a dark die: invert
            roi = 255 - roi
        roi[inside == 0] = 255                         # outside the die counts as face colour
        count = len(_detector(side).detect(roi))
        if not 1 <= count <= 6:
            continue
        value = 7 - count if view is View.BOTTOM else count
        dice.append(Die(value=value, x=float(cx), y=float(cy), size=side, confidence=1.0,
                        angle=float(angle)))
    if not dice:
        return Reading(Status.UNSURE, (), reason="no dice found",
                       brightness=float(grey.mean()))
    return Reading(Status.OK, tuple(dice), brightness=float(grey.mean()))
