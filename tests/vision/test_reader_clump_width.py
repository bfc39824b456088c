"""Where no die stands alone, the die size is measured from the clumps of touching dice; a size
measured thicker than the clumps are wide is their width (CLUMP_TOO_THICK)."""

from __future__ import annotations

import numpy as np

from vision import outlines, reasons, thresholds

from .conftest import pinned_frame, read_right_until


def _clump(width: float, length: float, thickness: float) -> outlines.Blob:
    """Two dice side by side, lying square to the frame: a ``width`` x ``length`` region whose
    thickness was measured as ``thickness``."""
    w, h = int(round(length)), int(round(width))
    return outlines.Blob(area=w * h, rect=((100.0, 100.0), (float(width), float(length)), 0.0),
                         box=(100 - w // 2, 100 - h // 2, w, h), mask=np.full((h, w), 255, np.uint8),
                         thickness=thickness)


def test_a_clump_measured_thicker_than_it_is_wide_gives_its_width() -> None:
    """Pairs 30 px wide measured 20.5 and 21 px thick (41 and 42 across) give a die of 30."""
    clumps = [_clump(30, 56, 20.5), _clump(28, 56, 21.0), _clump(30, 54, 14.2)]
    assert outlines.outline_side(clumps) == 30.0


def test_a_clump_measured_about_as_thick_as_it_is_wide_keeps_its_measure(monkeypatch) -> None:
    """A measure a little over the clumps' width (under CLUMP_TOO_THICK x) stands: the readings
    were tuned on it, and capping it moved 20 of the benchmark's frames either way."""
    clumps = [_clump(30, 56, 16.5), _clump(30, 58, 16.0)]
    assert outlines.outline_side(clumps) == 32.0
    monkeypatch.setattr(thresholds, "CLUMP_TOO_THICK", None)
    assert outlines.outline_side([_clump(30, 56, 20.5), _clump(28, 56, 21.0)]) == 41.0


def test_small_dice_all_in_touching_pairs_are_read(monkeypatch) -> None:
    """Fresh 849794 (from above, uncalibrated): six small black dice (24 px), all in touching
    pairs square to the frame, no die alone. The pairs measured 41 px thick, so the die size
    was 41 and every pair "not a readable die"; at the pairs' width (29) each die is read."""
    scene, _ = pinned_frame(849_794)
    read_right_until(monkeypatch, scene, thresholds, "CLUMP_TOO_THICK", None, reasons.NOT_READABLE)
