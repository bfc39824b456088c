"""A real photo of the test split (tests/vision/photos), as a camera with less exposure would take
it (benchmarks/vision_photos.py's "darker"): a face whose middle is in doubt, a pip or a glint,
is not read where its pips' contrast lays out the network's face
(thresholds.GUIDED_MIDDLE_RIVAL).

IMG_20191209_100023, darker: a translucent black 4, a glint down its middle. Its pips lay out no
face; the network reads a 5 at 0.67 (a 4 at 0.26), and its pips' contrast lays out a 5: read ok
as a 5 before the rule."""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np
import pytest

from vision import thresholds
from vision.reader import read_dice
from vision.reading import Reading
from vision.scoring import Truth, load_labels, match

PHOTO = Path(__file__).resolve().parent / "photos" / "IMG_20191209_100023.jpg"


def _read_darker() -> tuple[Reading, list[Truth]]:
    """The photo as vision_photos' "darker (0.6 x exposure)" camera takes it, read from above."""
    image = cv2.imread(str(PHOTO))
    assert image is not None, f"the test photo {PHOTO.name} is missing from {PHOTO.parent}"
    truths = load_labels(PHOTO.with_suffix(".txt"), image.shape[1], image.shape[0])
    darker = np.clip(image.astype(np.float32) * 0.6, 0, 255).astype(np.uint8)
    return read_dice(darker, "top"), truths


def test_a_four_with_a_glint_down_its_middle_is_not_read_a_five() -> None:
    reading, truths = _read_darker()
    right, exact = match(reading, truths)
    assert not reading.ok or exact, f"read ok with {right} of {len(truths)} dice right"
    assert not any(d.value == 5 and np.hypot(d.x - 429, d.y - 278) < 12 for d in reading.dice)


def test_without_the_rule_it_is_read_ok_as_a_five(monkeypatch: pytest.MonkeyPatch) -> None:
    """What the rule mends: switched off, the photo is read ok with the 4 taken for a 5."""
    monkeypatch.setattr(thresholds, "GUIDED_MIDDLE_RIVAL", None)
    reading, truths = _read_darker()
    assert reading.ok and not match(reading, truths)[1]
    assert any(d.value == 5 and np.hypot(d.x - 429, d.y - 278) < 12 for d in reading.dice)
