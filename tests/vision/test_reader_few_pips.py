"""A face whose pips found are more than NO_LAYOUT_MISSING_MAX fewer than the face the network
reads (a glare left two spots of a 6): read alone with "no readable face" up to
classifier.NO_LAYOUT_FEW_PIPS_NO_FACE_MAX, under what a leaning 6 so seen measured (fresh
673052 calibrated, 0.084: tests/vision/test_reader_calibrated.py)."""

from __future__ import annotations

from vision import classifier

from .conftest import pinned_frame, read_right_until


def test_a_six_a_glare_left_two_spots_of_is_read(monkeypatch) -> None:
    """Fresh 753545, under the cup: a flat 1 (a 6 seen), two spots found; the network reads 6 at
    0.95, doubting the face 0.038, over the 0.03 a die read alone may be doubted. It was left
    unread, the frame unsure; now read right."""
    scene, _ = pinned_frame(753_545)
    read_right_until(monkeypatch, scene, classifier, "NO_LAYOUT_FEW_PIPS_NO_FACE_MAX", None, classifier.NO_LAYOUT)
