"""A row of pips the blur ran together is a pip-like spot at any turn, not only along the frame's
axes (``thresholds.ROW_TURNED``): turned 45 degrees it fills too little of its upright box, and a
blurred cocked 6 under the cup went unseen, the frame read ok with one die of two."""

from __future__ import annotations

import math

import cv2
import numpy as np
import pytest

from vision import reader, scan, thresholds
from vision.reading import Status

from .conftest import assert_not_wrong, pinned_frame


def _row(angle: float, *, side: float = 24.0) -> tuple[np.ndarray, tuple[float, float]]:
    """A 0/1 mask of three touching pips in a row turned ``angle`` degrees, as the blur runs a
    face's row together at the scale spots are looked for (a die ``side`` pixels across), and
    the row's middle."""
    mask = np.zeros((64, 64), np.uint8)
    middle = (32.0, 32.0)
    step = 0.19 * side
    for k in (-1, 0, 1):
        x = middle[0] + k * step * math.cos(math.radians(angle))
        y = middle[1] + k * step * math.sin(math.radians(angle))
        cv2.circle(mask, (round(x), round(y)), 2, 1, -1)
    return mask, middle


@pytest.mark.parametrize("angle", [30.0, 45.0, 60.0, 135.0])
def test_a_turned_row_gives_two_spots_at_its_ends_along_it(angle: float) -> None:
    mask, _ = _row(angle)
    n, _, stats, _ = cv2.connectedComponentsWithStats(mask, connectivity=8)
    assert n == 2, "the three pips are one spot, run together"
    x, y, bw, bh, area = stats[1]
    if angle in (45.0, 135.0):
        assert area < 0.4 * bw * bh, "too sparse upright: only the turned look takes it"
    offset = scan._turned_row(mask, stats[1], area, 24.0)
    assert offset is not None
    dx, dy = offset
    # Along the row (either way), a quarter of its length from the middle.
    along = math.degrees(math.atan2(dy, dx)) % 180
    assert min(abs(along - angle % 180), 180 - abs(along - angle % 180)) < 8, along
    length = 2 * 0.19 * 24 + 5                                # end to end, pixels
    assert abs(math.hypot(dx, dy) - 0.25 * length) < 1.0


def test_a_turned_blot_too_long_or_too_sparse_for_a_row_is_no_spot() -> None:
    long_mask = np.zeros((64, 64), np.uint8)
    cv2.line(long_mask, (10, 10), (40, 40), 1, 3)            # longer than 0.75 of a die
    n, _, stats, _ = cv2.connectedComponentsWithStats(long_mask, connectivity=8)
    assert scan._turned_row(long_mask, stats[1], stats[1][4], 24.0) is None
    ring = np.zeros((64, 64), np.uint8)
    cv2.circle(ring, (32, 32), 7, 1, 1)                      # a thin ring: sparse whichever way
    n, _, stats, _ = cv2.connectedComponentsWithStats(ring, connectivity=8)
    assert scan._turned_row(ring, stats[1], stats[1][4], 24.0) is None


def _cocked_six_spots(monkeypatch, turned: bool) -> list[tuple[float, float]]:
    """The dark pip-like spots the reader finds in fresh 870567 (uncalibrated) within the cocked
    6's reach."""
    monkeypatch.setattr(thresholds, "ROW_TURNED", turned)
    scene, _ = pinned_frame(870567)
    cocked = next(d for d in scene.labels if d.cocked)
    found: list = []
    pip_spots = scan.pip_spots

    def recording(*args, **kwargs):
        spots = pip_spots(*args, **kwargs)
        found.extend(spots[0])
        return spots

    monkeypatch.setattr(scan, "pip_spots", recording)
    reader.read_dice(scene.image, scene.view)
    x = scene.image.shape[1] - cocked.x       # (mirrored, as the reader reads from below)
    return [p for p in found if math.hypot(p[0] - x, p[1] - cocked.y) < 0.6 * cocked.size]


def test_a_blurred_cocked_six_turned_45_degrees_shows_its_rows_as_spots(monkeypatch) -> None:
    assert len(_cocked_six_spots(monkeypatch, True)) == 4      # two rows, two ends each
    assert _cocked_six_spots(monkeypatch, False) == []


@pytest.mark.parametrize("turned", [True, False])
def test_fresh_870567_a_blurred_cocked_six_under_the_cup_is_not_read_away(monkeypatch, turned: bool) -> None:
    monkeypatch.setattr(thresholds, "ROW_TURNED", turned)
    scene, _ = pinned_frame(870567)
    reading = reader.read_dice(scene.image, scene.view)
    if turned:
        assert reading.status is Status.UNSURE, (reading.reason, reading.values)
        assert_not_wrong(reading, scene)
    else:
        # Without it, the frame reads ok with the flat die alone: what the rule mends.
        assert reading.status is Status.OK and len(reading.dice) == 1
