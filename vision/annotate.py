"""Draw what the reader saw on a copy of the frame: the evidence photo of a pull.

Made to be read at a glance on a wall scoreboard: a thick outline round each die with its value
large beside it (green when the reading is ok, amber when unsure; above the die, or below, right
or left of it where that hides no other die, value or unclear place), a red box round each place
the reader could not make out (``Reading.extra["unclear"]``) with a "?" placed beside it the same
way, and a banner in a band of its own above the photo (over it, it hid the dice at the tray's
top edge): the status and the values large, and under them, smaller, the reason and, for the camera
under the tray, how the values follow from the faces in the photo. The banner's words are
:func:`banner_lines`, for a page that shows them as text rather than in the photo's pixels.
"""

from __future__ import annotations

import cv2
import numpy as np

from .reading import Reading, View

GREEN = (60, 200, 60)       # BGR
AMBER = (0, 170, 255)
RED = (40, 40, 230)
INK = (20, 20, 20)
FONT = cv2.FONT_HERSHEY_SIMPLEX


def _as_bgr(image: np.ndarray) -> np.ndarray:
    if image.ndim == 2:
        return cv2.cvtColor(image, cv2.COLOR_GRAY2BGR)
    if image.shape[2] == 4:
        return cv2.cvtColor(image, cv2.COLOR_BGRA2BGR)
    return image.copy()


Rect = tuple[int, int, int, int]     # x0, y0, x1, y1


def _label_rect(img: np.ndarray, text: str, x: int, y: int, scale: float, thick: int) -> tuple[Rect, int, int]:
    """Where ``_label`` draws ``text`` with its baseline at y (kept inside the image): its filled
    box, and the baseline's x and y."""
    (w, h), base = cv2.getTextSize(text, FONT, scale, thick)
    hgt, wid = img.shape[:2]
    x = int(min(max(x, 3), max(wid - w - 4, 3)))
    y = int(min(max(y, h + 4), hgt - base - 2))
    return (x - 3, y - h - 4, x + w + 3, y + base + 2), x, y


def _label(img: np.ndarray, text: str, x: int, y: int, scale: float, thick: int,
           colour: tuple[int, int, int]) -> Rect:
    """Text on a filled box of the status colour so it reads on any background, its baseline
    at y. Returns the box."""
    rect, x, y = _label_rect(img, text, x, y, scale, thick)
    cv2.rectangle(img, rect[:2], rect[2:], colour, -1)
    cv2.putText(img, text, (x, y), FONT, scale, INK, thick, cv2.LINE_AA)
    return rect


def _overlap(a: Rect, b: Rect) -> int:
    return max(0, min(a[2], b[2]) - max(a[0], b[0])) * max(0, min(a[3], b[3]) - max(a[1], b[1]))


def _label_place(img: np.ndarray, text: str, box: Rect, scale: float, thick: int,
                 keep_clear: list[Rect]) -> tuple[int, int]:
    """The baseline (x, y) of a label for the die in ``box``: above it, else below, right or left
    of it, the first that covers least of ``keep_clear`` (the dice, the unclear places, the labels
    already written), so that a label never hides a die the players check the verdict against."""
    (w, h), base = cv2.getTextSize(text, FONT, scale, thick)
    x0, y0, x1, y1 = box
    middle = (y0 + y1 + h) // 2
    places = [(x0, y0 - base - 6), (x0, y1 + h + 8), (x1 + 7, middle), (x0 - w - 7, middle)]

    def cover(place: tuple[int, int]) -> int:
        rect, _, _ = _label_rect(img, text, *place, scale, thick)
        return sum(_overlap(rect, other) for other in keep_clear)

    return min(places, key=cover)


def banner_lines(reading: Reading) -> list[str]:
    """The words of the banner :func:`annotate` puts above the photo of ``reading``: the headline
    (the status and the values, "OK: 5 4"), then, if there is any, the detail (the reason and,
    for the camera under the tray, :data:`BOTTOM_NOTE`, joined by "; "), each unwrapped. The
    banner draws exactly these, so a page showing them as text says what the photo says."""
    status = "OK" if reading.ok else "UNSURE"
    headline = f"{status}: {' '.join(str(v) for v in reading.values) or 'no dice'}"
    details = [reading.reason] if reading.reason else []
    if reading.view is View.BOTTOM:
        # The photo shows the faces on the tray; the numbers are the faces on top. Said on the
        # photo, or a die showing four pips marked 3 looks like a misread.
        details.append(BOTTOM_NOTE)
    return [headline, "; ".join(details)] if details else [headline]


def annotate(image: np.ndarray, reading: Reading, *, banner: bool = True) -> np.ndarray:
    """A BGR copy of ``image`` with each die outlined and its value written, under a status
    banner (the words of :func:`banner_lines`): the result is the image's width and taller by
    the banner's height, so the banner is the result's first ``result.shape[0] -
    image.shape[0]`` rows. ``banner=False``: no banner, the image's own size.

    The reading's coordinates are in the image's own frame (the reader already maps the bottom
    view back), so they are drawn as they are.
    """
    out = _as_bgr(np.asarray(image))
    if out.dtype != np.uint8:
        out = np.clip(out, 0, 255).astype(np.uint8)
    h, w = out.shape[:2]
    colour = GREEN if reading.ok else AMBER
    unit = max(min(h, w) / 480.0, 0.5)            # scale strokes and text with the frame
    thick = max(2, int(round(3 * unit)))
    boxes: list[Rect] = []
    for die in reading.dice:
        half = max(die.size, 8.0) / 2.0
        box = cv2.boxPoints(((die.x, die.y), (2 * half + 4, 2 * half + 4), die.angle))
        cv2.polylines(out, [np.round(box).astype(np.int32)], True, colour, thick, cv2.LINE_AA)
        (bx0, by0), (bx1, by1) = box.min(axis=0), box.max(axis=0)
        boxes.append((int(bx0) - thick, int(by0) - thick, int(bx1) + thick, int(by1) + thick))
    # Each value as big as its die (within limits), beside it where it hides no other die:
    # the photo is the evidence of a pull, and the players look at the dice themselves.
    unclear = [(int(x), int(y), int(x + bw), int(y + bh)) for x, y, bw, bh in reading.extra.get("unclear", ())]
    keep_clear = boxes + unclear
    for die, box in zip(reading.dice, boxes):
        scale = float(np.clip(die.size / 28.0, 0.8 * unit, 2.5 * unit))
        text, tk = str(die.value), max(2, int(round(scale * 2)))
        x, y = _label_place(out, text, box, scale, tk, keep_clear)
        keep_clear.append(_label(out, text, x, y, scale, tk, colour))
    # Thinner than the dice's outlines and with a small mark: they say where to look, the dice
    # stay what catches the eye. Each "?" goes beside its box like a value (on the box's corner
    # it hid the dice crowded next to it).
    fine = max(1, thick // 2)
    for box in unclear:
        cv2.rectangle(out, box[:2], box[2:], RED, fine, cv2.LINE_AA)
    for box in unclear:
        scale = float(np.clip(min(box[2] - box[0], box[3] - box[1]) / 40.0, 0.5 * unit, 1.0 * unit))
        tk = max(1, int(round(scale * 2)))
        x, y = _label_place(out, "?", box, scale, tk, keep_clear)
        keep_clear.append(_label(out, "?", x, y, scale, tk, RED))
    if not banner:
        return out
    headline, *detail = banner_lines(reading)
    return np.vstack([_banner(w, unit, colour, headline, detail[0] if detail else ""), out])


# ("7 minus", not "7 -": on the wall "7 - the face" read as a sum.)
BOTTOM_NOTE = "seen from below: each number is the top face (7 minus the face in the photo)"


def _banner(width: int, unit: float, colour: tuple[int, int, int], headline: str, detail: str) -> np.ndarray:
    """The status band: the headline (status and values) on a line of its own, large, and the
    detail (the reason, the view's note) under it in smaller words wrapped onto at most two
    lines. On the wall the photo is shown a third of its size or less: one line holding the
    values, the note and a reason shrank all three to a few unreadable pixels."""
    lines = [(headline, _fitted(headline, width, 1.1 * unit, max(2, int(round(2.5 * unit)))))]
    if detail:
        tk = max(1, int(round(1.6 * unit)))
        scale = 0.75 * unit
        while True:
            wrapped = _wrapped(detail, width, scale, tk)
            if len(wrapped) <= 2 or scale <= 0.35:
                break
            scale *= 0.9
        lines += [(text, (_fitted(text, width, scale, tk)[0], tk)) for text in wrapped]
    gap = max(4, int(round(6 * unit)))
    heights = [cv2.getTextSize(text, FONT, scale, tk) for text, (scale, tk) in lines]
    band = np.empty((sum(h + base + gap for (_, h), base in heights) + gap, width, 3), np.uint8)
    band[:] = colour
    y = gap
    for (text, (scale, tk)), ((_, h), base) in zip(lines, heights):
        y += h
        cv2.putText(band, text, (8, y), FONT, scale, INK, tk, cv2.LINE_AA)
        y += base + gap
    return band


def _fitted(text: str, width: int, scale: float, thick: int) -> tuple[float, int]:
    """``scale`` shrunk until ``text`` fits ``width`` (with a margin each side), and ``thick``."""
    while scale > 0.3 and cv2.getTextSize(text, FONT, scale, thick)[0][0] > width - 16:
        scale *= 0.9
    return scale, thick


def _wrapped(text: str, width: int, scale: float, thick: int) -> list[str]:
    """``text`` broken between words into lines that fit ``width`` at ``scale`` (a word longer
    than a line stays whole, on its own line)."""
    lines: list[str] = []
    for word in text.split():
        if lines and cv2.getTextSize(f"{lines[-1]} {word}", FONT, scale, thick)[0][0] <= width - 16:
            lines[-1] += f" {word}"
        else:
            lines.append(word)
    return lines
