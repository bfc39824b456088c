"""Pips blurred into one another so much that their spot hardly narrows between them (a small
black 6's columns, each one bar) are not cut by JOINED_PIPS: such a spot's peaks of difference
from the face are its pips, where the difference falls between every two of them
(JOINED_PIP_PEAKS) and the spot's area shared among them is a pip's."""

from __future__ import annotations

import pytest

from vision import classifier, pip_faces, reasons, thresholds

from .conftest import pinned_frame, read_right_until
from .test_reader_joined_pips import SIX, _die


@pytest.fixture
def peaks_looked_for(monkeypatch) -> None:
    # (Set here, not read from the shipped value: these tests hold the rule itself.)
    monkeypatch.setattr(thresholds, "JOINED_PIP_PEAKS", 0.9)


def test_a_six_blurred_into_two_bars_reads_six(monkeypatch, peaks_looked_for) -> None:
    """Pips 10 px across 12 px apart, blurred by 2.5 px: each column is one bar that narrows
    between its pips too little to be cut where it narrows. Its three peaks are the pips, where
    they were drawn, and the face is a 6; without them "no pips"."""
    image, blob = _die(SIX, radius=5, step=12, blur=2.5)
    assert pip_faces.pips_in(image, blob) == []
    assert pip_faces._joined_pips(image, blob) == ([], [])
    peaks, colours = pip_faces._peak_pips(image, blob)
    assert sorted((round(x), round(y)) for x, y, _ in peaks) == sorted((80 + 12 * gx, 80 + 12 * gy) for gx, gy in SIX)
    assert len(colours) == 6 and all(c[0] < 120 for c in colours)     # (dark, as the pips are)
    result = pip_faces.read_die(image, blob)
    assert not isinstance(result, str) and result[0] == 6
    monkeypatch.setattr(thresholds, "JOINED_PIP_PEAKS", None)
    assert pip_faces.read_die(image, blob) == classifier.NO_PIPS


def test_a_stroke_or_a_smear_has_no_peaks_for_pips(monkeypatch, peaks_looked_for) -> None:
    """A thin dark stroke and a broad smear across the face: along each the difference from the
    face hardly varies, so its local peaks do not stand clear of one another. Asked of no fall
    between them, the stroke's were four pips."""
    image, blob = _die([], radius=7, step=14, marks=((58, 60, 100, 64, 3), (62, 90, 98, 92, 14)), blur=1.0)
    assert pip_faces._peak_pips(image, blob) == ([], [])
    assert isinstance(pip_faces.read_die(image, blob), str)
    monkeypatch.setattr(thresholds, "JOINED_PIP_PEAKS", 1.0)
    assert len(pip_faces._peak_pips(image, blob)[0]) == 4


def test_peaks_must_fall_apart(monkeypatch, peaks_looked_for) -> None:
    """The same bars' peaks with the fall asked of them made stricter than theirs (to 0.65 x the
    lower peak, where they fall to 0.70-0.75): no pips."""
    image, blob = _die(SIX, radius=5, step=12, blur=2.5)
    monkeypatch.setattr(thresholds, "JOINED_PIP_PEAKS", 0.65)
    assert pip_faces._peak_pips(image, blob) == ([], [])


def test_a_small_black_six_whose_columns_blur_into_bars_is_read(monkeypatch, peaks_looked_for) -> None:
    """Fresh frame 788102, from above: six black dice of 29-31 px. One 6's columns are two bars
    (narrowing between pips to 0.77 of their depth, over JOINED_PIPS' 0.7): no pip was found, the
    network read it 6 but doubted it 0.07, and the frame was unsure ("no pips"). Its bars' peaks
    are its pips, and the frame is read right."""
    scene, calibration = pinned_frame(788_102)
    read_right_until(monkeypatch, scene, thresholds, "JOINED_PIP_PEAKS", None, classifier.NO_PIPS)
    monkeypatch.setattr(thresholds, "JOINED_PIP_PEAKS", 0.9)
    read_right_until(monkeypatch, scene, thresholds, "JOINED_PIP_PEAKS", None, classifier.NO_PIPS,
                     calibration=calibration)


def test_peaks_are_not_looked_for_beside_a_pip_found(peaks_looked_for) -> None:
    """A column of three blurred into one bar, and a pip by itself found beside it: the bar's
    peaks are not taken, only on a face where no pip was found apart from such bars (beside a pip
    found, a spot's two peaks made fresh 788491's casino 2 a 3). The bar alone gives its three."""
    column = [(-1, -1), (-1, 0), (-1, 1)]
    image, blob = _die(column + [(1, 1)], radius=5, step=12, blur=2.5)
    assert [(round(x), round(y)) for x, y, _ in pip_faces.pips_in(image, blob)] == [(92, 92)]
    assert pip_faces._peak_pips(image, blob) == ([], [])
    bar, bar_blob = _die(column, radius=5, step=12, blur=2.5)
    assert sorted((round(x), round(y)) for x, y, _ in pip_faces._peak_pips(bar, bar_blob)[0]) == [
        (68, 68), (68, 80), (68, 92)]


def test_a_blurred_six_framed_short_is_not_read_by_some_of_its_peaks(monkeypatch, peaks_looked_for) -> None:
    """Fresh frame 797696, from above, blurred: one 6 of 41 px, read by the network's scan; its
    pips, two bars, found no pips to confirm that, and the frame was read ok. The scan's window
    frames the die short: of its six peaks four lie inside the window's outline, and with two of
    those left out as a side's pips they lay out a 2, against the scan's 6: the frame was doubted.
    Only every peak laying out the face is read (JOINED_PIP_PEAKS_WHOLE)."""
    scene, _ = pinned_frame(797_696)
    read_right_until(monkeypatch, scene, thresholds, "JOINED_PIP_PEAKS_WHOLE", False, reasons.NOT_READABLE)
