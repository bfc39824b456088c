"""Pips that touch (large pips close together, a 6's columns, blurred together) make one spot too
long for a pip: a face of them showed no pips. Such a spot is cut where it narrows into pips
when it is a row of round pips of one size (JOINED_PIPS). (Tested with a spot's peaks not looked
for: test_reader_peak_pips.)"""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from vision import classifier, outlines, pip_faces, thresholds

from .conftest import pinned_frame, read_right_until

SIX = [(-1, -1), (-1, 0), (-1, 1), (1, -1), (1, 0), (1, 1)]


@pytest.fixture(autouse=True)
def no_peaks(monkeypatch) -> None:
    """These tests hold the cut where a spot narrows alone: a spot's peaks (JOINED_PIP_PEAKS,
    test_reader_peak_pips) read most of these 6s too, with the cut off."""
    monkeypatch.setattr(thresholds, "JOINED_PIP_PEAKS", None)


def _die(slots: list[tuple[int, int]], *, radius: int, step: int, blur: float = 0.0,
         marks: tuple = ()) -> tuple[np.ndarray, outlines.Blob]:
    """A 60 px white die with dark pips of ``radius`` in ``slots`` (3 x 3 grid, -1..1, ``step``
    px apart) on a grey tray, square on, blurred by a Gaussian of ``blur`` px; ``marks``: dark
    (x0, y0, x1, y1, thickness) lines drawn on its face too. The image and the die's blob."""
    image = np.full((160, 160, 3), 120, np.uint8)
    cv2.rectangle(image, (50, 50), (109, 109), (235, 235, 235), -1)
    for gx, gy in slots:
        cv2.circle(image, (80 + step * gx, 80 + step * gy), radius, (40, 40, 40), -1, cv2.LINE_AA)
    for x0, y0, x1, y1, thickness in marks:
        cv2.line(image, (x0, y0), (x1, y1), (40, 40, 40), thickness, cv2.LINE_AA)
    if blur:
        image = cv2.GaussianBlur(image, (0, 0), blur)
    mask = np.zeros((160, 160), np.uint8)
    cv2.rectangle(mask, (50, 50), (109, 109), 255, -1)
    (blob,) = outlines.find_blobs(mask)
    return image, blob


@pytest.mark.parametrize("radius, step, blur", [(7, 14, 0.0), (8, 15, 0.0), (7, 15, 1.5)],
                         ids=["touching", "overlapping", "blurred-together"])
def test_a_six_whose_pips_touch_in_columns_reads_six(monkeypatch, radius, step, blur) -> None:
    """Each column of three pips is one spot, too long for a pip: no pip was found, and the face
    read "no pips". Cut where each column narrows, it is three pips, and the face a 6."""
    image, blob = _die(SIX, radius=radius, step=step, blur=blur)
    assert pip_faces.pips_in(image, blob) == []
    joined, colours = pip_faces._joined_pips(image, blob)
    assert sorted((round(x), round(y)) for x, y, _ in joined) == sorted(
        (80 + step * gx, 80 + step * gy) for gx, gy in SIX)
    assert len(colours) == 6 and all(c[0] < 100 for c in colours)     # (dark, as the pips are)
    result = pip_faces.read_die(image, blob)
    assert not isinstance(result, str) and result[0] == 6
    monkeypatch.setattr(thresholds, "JOINED_PIPS", None)
    assert pip_faces.read_die(image, blob) == "a face shows no pips"


def test_a_stroke_or_a_smear_is_not_cut_into_pips() -> None:
    """A thin dark stroke across the face (a die's edge, a crack, a hair) and a broad smear do not
    narrow anywhere into round parts: no pips."""
    image, blob = _die([], radius=7, step=14, marks=((58, 60, 100, 64, 3), (62, 90, 98, 92, 14)))
    assert pip_faces._joined_pips(image, blob) == ([], [])
    assert isinstance(pip_faces.read_die(image, blob), str)


def test_a_row_of_specks_is_too_small_for_pips(monkeypatch) -> None:
    """Nine touching specks 5 px across (grit, a scratch's grains) on a 60 px die: cut apart they
    are round and as many discs as the spot holds, but a pip is at least JOINED_PIP_DIAMETER's 0.1
    of the side across (6 px here). Without that bound they were nine pips."""
    image, blob = _die([], radius=7, step=14)
    for x in range(60, 101, 5):
        cv2.circle(image, (x, 66), 2, (40, 40, 40), -1, cv2.LINE_AA)
    assert pip_faces._joined_pips(image, blob) == ([], [])
    monkeypatch.setattr(thresholds, "JOINED_PIP_DIAMETER", (0.0, 1.0))
    assert len(pip_faces._joined_pips(image, blob)[0]) == 9


def test_two_spots_joined_by_a_long_stroke_are_not_two_pips(monkeypatch) -> None:
    """Two pip-sized spots joined by a stroke that runs round between them (a handle): it narrows
    into two round parts of a pip's size, but the spot is twice the area of two such discs, not
    about that (JOINED_PIP_AREA). Without that bound they were two pips."""
    image, blob = _die([], radius=7, step=14)
    for x in (62, 98):
        cv2.circle(image, (x, 76), 7, (40, 40, 40), -1, cv2.LINE_AA)
    cv2.polylines(image, [np.array([(62, 76), (62, 98), (98, 98), (98, 76)], np.int32)], False,
                  (40, 40, 40), 5, cv2.LINE_AA)
    assert pip_faces._joined_pips(image, blob) == ([], [])
    monkeypatch.setattr(thresholds, "JOINED_PIP_AREA", (0.0, 10.0))
    assert len(pip_faces._joined_pips(image, blob)[0]) == 2


def test_pips_joined_into_no_face_are_still_no_face() -> None:
    """Cut into pips, the spots must still lay out a face: a column of three and a lone pip off it
    are no face, and the die stays unread."""
    image, blob = _die([(-1, -1), (-1, 0), (-1, 1), (1, 0)], radius=7, step=14)
    assert len(pip_faces._joined_pips(image, blob)[0]) == 3
    assert isinstance(pip_faces.read_die(image, blob), str)


def test_a_six_by_the_rim_whose_pips_touch_in_columns_is_read(monkeypatch) -> None:
    """Fresh frame 739764, uncalibrated: five dice from above, three of them 6s whose large pips
    touch in their columns. No pip was found on any 6; the network read two of them alone, but
    the third, in the tray's corner by the rim, it doubted (0.10 faceless): the frame was unsure.
    Its columns cut into pips, each 6 is read by its layout."""
    scene, _ = pinned_frame(739764)
    read_right_until(monkeypatch, scene, thresholds, "JOINED_PIPS", None, classifier.NO_PIPS)


def _small_six(*, side: int, radius: int, step: int, blur: float) -> tuple[np.ndarray, outlines.Blob, list]:
    """A small white die (``side`` px) with a 6 of dark pips ``step`` px apart, blurred; the
    image, its blob and the pips' centres."""
    image = np.full((80, 80, 3), 120, np.uint8)
    a = 40 - side // 2
    cv2.rectangle(image, (a, a), (a + side - 1, a + side - 1), (235, 235, 235), -1)
    centres = [(40 + step * gx, 40 + step * gy) for gx, gy in SIX]
    for centre in centres:
        cv2.circle(image, centre, radius, (40, 40, 40), -1, cv2.LINE_AA)
    image = cv2.GaussianBlur(image, (0, 0), blur)
    mask = np.zeros((80, 80), np.uint8)
    cv2.rectangle(mask, (a, a), (a + side - 1, a + side - 1), 255, -1)
    (blob,) = outlines.find_blobs(mask)
    return image, blob, centres


def test_a_small_six_whose_pips_touch_is_cut_as_seen_finer(monkeypatch) -> None:
    """A 24 px die's pips, 4 px across 5 px apart, blur into two columns. At the frame's own
    pixels a column narrows between its pips only to 0.89 of their depth (2 of 2.24 px), over
    JOINED_PIPS (0.7): it was not cut, and "no pips". Seen four times finer (JOINED_PIPS_UPSCALE)
    it narrows to 0.59 (5 of 8.5), and is cut into three pips each, where they were drawn."""
    image, blob, centres = _small_six(side=24, radius=2, step=5, blur=0.7)
    joined, _ = pip_faces._joined_pips(image, blob)
    assert len(joined) == 6
    for (x, y, _), (cx, cy) in zip(sorted(joined), sorted(centres)):
        assert abs(x - cx) <= 0.5 and abs(y - cy) <= 0.5
    result = pip_faces.read_die(image, blob)
    assert not isinstance(result, str) and result[0] == 6
    monkeypatch.setattr(thresholds, "JOINED_PIPS_UPSCALE", None)
    blob.pips_found = None
    assert pip_faces._joined_pips(image, blob) == ([], [])
    assert pip_faces.read_die(image, blob) == "a face shows no pips"


@pytest.mark.parametrize("seed", [741780, 741323], ids=["dark-from-above", "yellow-under-the-cup"])
def test_small_sixes_whose_pips_touch_are_read(monkeypatch, seed) -> None:
    """Fresh frames 741780 (six dice from above, 20-21 px; a dark 6 with white pips) and 741323
    (five under the cup; a yellow 6 by the rim): every die was read, the 6 by the network's scan,
    but no pip was found on it to confirm that, and the frame was unsure. Its columns, cut as seen
    finer, are its pips."""
    scene, _ = pinned_frame(seed)
    read_right_until(monkeypatch, scene, thresholds, "JOINED_PIPS_UPSCALE", None, classifier.NO_PIPS)
