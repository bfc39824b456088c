"""A real photo (tests/vision/photos): a white 2 touching a white 3 on a white tray, both found
by the network round their loose pips. The 3, read at a size larger than the frame's, must not
take the 2's pips for its own."""

from __future__ import annotations

from pathlib import Path

import cv2
import pytest

from vision import reasons
from vision.reader import read_dice
from vision.reading import Status
from vision.scoring import load_labels, match, turned

PHOTO = Path(__file__).resolve().parent / "photos" / "IMG_20191209_100714.jpg"


def _turned(k: int) -> tuple:
    """The photo turned k quarters clockwise, and its labels moved with it."""
    image = cv2.imread(str(PHOTO))
    truths = load_labels(PHOTO.with_suffix(".txt"), image.shape[1], image.shape[0])
    for _ in range(k):
        image, truths = turned(image, truths)
    return image, truths


def test_a_touching_die_whose_pips_a_bigger_neighbour_reaches_is_not_lost() -> None:
    image, truths = _turned(1)
    reading = read_dice(image, "top")
    right, exact = match(reading, truths)
    assert not (reading.ok and not exact), f"read ok with {right} of {len(truths)} dice right"
    assert reading.status is Status.UNSURE and reading.reason == reasons.STRAY_PIPS


def test_the_same_photo_turned_three_quarters_is_still_read() -> None:
    image, truths = _turned(3)
    reading = read_dice(image, "top")
    assert reading.status is Status.OK, reading.reason
    assert match(reading, truths) == (5, True)


@pytest.mark.parametrize("k", [0, 2])
def test_the_photo_turned_other_ways_is_unsure_not_wrong(k: int) -> None:
    image, truths = _turned(k)
    reading = read_dice(image, "top")
    assert reading.status is Status.UNSURE or match(reading, truths)[1]
