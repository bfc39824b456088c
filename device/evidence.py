"""The evidence photo of a pull, with its banner's words kept in it.

``vision.annotate`` draws a banner above the photo of the dice ("OK: 5 4" and, smaller, the
reason or the bottom view's note). On the wall the photo is shown a third of its size and those
words are too small to read across the room, so the wall draws them itself, large, as text, and
shows the photo under them without its banner. For that the photo carries, besides its pixels,
the banner's words and how many rows at the photo's top the banner takes: a JPEG comment
(a COM segment, which viewers ignore), written when the photo is made::

    dicetable-banner {"lines": ["OK: 5 4", "seen from below: ..."], "height": 57, "ok": true}

``lines`` are :func:`vision.annotate.banner_lines` (the words the banner draws), ``height`` the
banner's rows, ``ok`` whether the reading was sure (the banner green, else amber). The photo
stays whole (banner and all) for the history and a download; a photo made before (no comment,
or another program's) has no banner words, and is shown as it is.

The photo is private until the verdict it is the evidence of (device.table), and so are its
words: the table reads them from the photo only for a verdict that shows it.
"""

from __future__ import annotations

import json
import logging
from typing import Any

import numpy as np

log = logging.getLogger(__name__)

MARK = b"dicetable-banner "
MOST_LINES = 4
MOST_CHARS = 1000        # a line (a reason is a sentence or two)


def evidence_jpeg(image: np.ndarray, reading: Any, *, quality: int = 80) -> bytes | None:
    """``image`` annotated with what ``reading`` read (banner above) as a JPEG carrying the
    banner's words and height; the bare frame's JPEG if the annotation fails (no annotation is
    better than no photo); None if it cannot be encoded."""
    import cv2

    from vision.annotate import annotate, banner_lines

    try:
        drawn = annotate(image, reading)
        banner = {"lines": banner_lines(reading), "height": int(drawn.shape[0] - np.asarray(image).shape[0]),
                  "ok": bool(reading.ok)}
    except Exception:
        log.debug("annotation failed", exc_info=True)
        drawn, banner = image, None
    ok, buf = cv2.imencode(".jpg", drawn, [cv2.IMWRITE_JPEG_QUALITY, quality])
    if not ok:
        return None
    jpeg = buf.tobytes()
    return with_banner(jpeg, banner) if banner is not None else jpeg


def with_banner(jpeg: bytes, banner: dict[str, Any]) -> bytes:
    """``jpeg`` with a comment holding ``banner`` ({"lines", "height", "ok"}), put after the
    SOI and any APPn segments (a JFIF header stays first). Not a JPEG, or words too long for a
    segment: ``jpeg`` as it is."""
    payload = MARK + json.dumps(banner, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
    if not jpeg.startswith(b"\xff\xd8") or len(payload) + 2 > 0xFFFF:
        return jpeg
    at = 2
    while at + 4 <= len(jpeg) and jpeg[at] == 0xFF and 0xE0 <= jpeg[at + 1] <= 0xEF:
        at += 2 + int.from_bytes(jpeg[at + 2:at + 4], "big")
    if at > len(jpeg):
        return jpeg
    segment = b"\xff\xfe" + (len(payload) + 2).to_bytes(2, "big") + payload
    return jpeg[:at] + segment + jpeg[at:]


def banner_of(jpeg: bytes | None) -> dict[str, Any] | None:
    """The banner a photo made by :func:`evidence_jpeg` carries: {"lines": [str, ...], "height":
    int, "ok": bool}; None for a photo without one (made before, or not by us) or with one that
    does not make sense (its height not inside the photo)."""
    if not jpeg or not jpeg.startswith(b"\xff\xd8"):
        return None
    found: Any = None
    rows = None
    at = 2
    while at + 4 <= len(jpeg) and jpeg[at] == 0xFF:
        kind = jpeg[at + 1]
        if kind == 0xFF:            # fill byte
            at += 1
            continue
        if kind in (0xD8, 0x01) or 0xD0 <= kind <= 0xD7:
            at += 2
            continue
        if kind == 0xDA:            # the picture's data: no header segment after it
            break
        size = int.from_bytes(jpeg[at + 2:at + 4], "big")
        body = jpeg[at + 4:at + 2 + size]
        if kind == 0xFE and body.startswith(MARK) and found is None:
            try:
                found = json.loads(body[len(MARK):].decode("utf-8"))
            except (UnicodeDecodeError, ValueError, RecursionError):
                return None
        elif 0xC0 <= kind <= 0xCF and kind not in (0xC4, 0xC8, 0xCC) and len(body) >= 3:
            rows = int.from_bytes(body[1:3], "big")      # a frame header: the picture's height
        at += 2 + size
    if not isinstance(found, dict) or rows is None:
        return None
    lines, height, ok = found.get("lines"), found.get("height"), found.get("ok")
    if not (isinstance(lines, list) and 1 <= len(lines) <= MOST_LINES
            and all(isinstance(line, str) and 0 < len(line) <= MOST_CHARS for line in lines)):
        return None
    if isinstance(height, bool) or not isinstance(height, int) or not 0 < height < rows \
            or not isinstance(ok, bool):
        return None
    return {"lines": list(lines), "height": height, "ok": ok}
