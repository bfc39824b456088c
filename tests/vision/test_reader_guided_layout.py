"""A face whose pips the pip finder could not lay out, read where the pips' contrast lays out the
network's face and no other all the same (thresholds.GUIDED_LAYOUT_MIN, pip_faces.layouts_shown): on
drawn dice, and on real photos of the face model's training split (../shared/dice-photos/byler)."""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np
import pytest

from vision import classifier, outlines, pip_faces, reader, thresholds
from vision.reading import Status
from vision.scoring import load_labels

from .conftest import drawn_region

PHOTOS = Path(__file__).resolve().parents[2].parent / "shared" / "dice-photos" / "byler"


def _photo(name: str) -> tuple[np.ndarray, list[tuple[int, float, float]]]:
    image = cv2.imread(str(PHOTOS / "images" / f"{name}.jpg"))
    assert image is not None, f"the real photo {name} is missing from {PHOTOS / 'images'}"
    truth = [(t.value, t.x, t.y) for t in load_labels(PHOTOS / "labels" / f"{name}.txt", *image.shape[1::-1])]
    return image, truth


def _drawn(value: int, pip: tuple[int, int, int], *, side: int = 40, angle: float = 20.0, step: float = 0.29
           ) -> tuple[np.ndarray, outlines.Blob]:
    """A light die showing ``value`` (pips of colour ``pip``, ``step`` x its side apart) on a dark
    tray, and its region as the reader makes one (its outline's pixels, rectangle and box)."""
    image = np.full((200, 200, 3), 60, np.uint8)
    corners = np.round(cv2.boxPoints(((100.0, 100.0), (side, side), angle))).astype(np.int32)
    cv2.fillPoly(image, [corners], (205, 205, 205), lineType=cv2.LINE_AA)
    c, s = np.cos(np.deg2rad(angle)), np.sin(np.deg2rad(angle))
    step = step * side
    for gx, gy in pip_faces._LAYOUTS[value]:
        centre = (int(round(100 + step * (c * gx - s * gy))), int(round(100 + step * (s * gx + c * gy))))
        cv2.circle(image, centre, int(0.09 * side), pip, -1, lineType=cv2.LINE_AA)
    image = cv2.GaussianBlur(image, (3, 3), 0)
    return image, drawn_region(image.shape, corners)


@pytest.mark.parametrize("value", range(1, 7))
def test_pips_too_faint_for_the_pip_finder_still_lay_out_their_face(value: int) -> None:
    """Light grey pips on a white face: the pip finder finds none, the layout check finds the face."""
    image, blob = _drawn(value, (185, 185, 185))
    assert pip_faces._find_pips(image, blob)[0] == []
    shown = pip_faces.layouts_shown(image, blob)
    assert value in shown
    x, y = shown[value]
    assert np.hypot(x - 100, y - 100) <= 0.12 * 40 * np.sqrt(2) + 1


@pytest.mark.parametrize("value", [1, 2, 4, 6])
def test_a_face_lays_out_no_other(value: int) -> None:
    image, blob = _drawn(value, (185, 185, 185))
    assert list(pip_faces.layouts_shown(image, blob)) == [value]


def test_a_three_also_shows_a_one_and_is_not_read_by_its_layout() -> None:
    """Moved a little, the grid's corners miss a 3's corner pips and it shows a 1 as well: two
    layouts, so the network's read is not taken on this check."""
    image, blob = _drawn(3, (40, 40, 40))
    assert set(pip_faces.layouts_shown(image, blob)) == {1, 3}


def test_a_three_with_its_pips_near_the_middle_is_not_shown_as_a_one(monkeypatch) -> None:
    """A 3 with faint pips turned 45 degrees, its pips 0.18 of a side apart along each edge (a
    translucent die's engraved pips lie near its middle; IMG_20191209_095533 made darker): the
    grid at its usual step has the middle pip on a slot and the other two between bare slots, a 1
    and nothing else, and that photo was read ok with its 3 taken for a 1. At a smaller step the
    3 shows too, and neither is taken."""
    image, blob = _drawn(3, (185, 185, 185), angle=45.0, step=0.18)
    assert pip_faces.layouts_shown(image, blob) == {}
    monkeypatch.setattr(thresholds, "GUIDED_RIVAL_STEP", None)
    assert list(pip_faces.layouts_shown(image, blob)) == [1]


@pytest.mark.parametrize("name", ["IMG_20191208_111904", "IMG_20191208_112239", "IMG_20191208_112447"])
def test_a_face_laid_out_where_the_network_reads_it_is_read(name: str, monkeypatch) -> None:
    """Each photo has one die whose pips are too faint or too few for the pip finder to lay out a
    face, and which the network reads plainly flat but less surely than it may read alone: the
    photo was unsure. Its pips' contrast lays out the network's face where the face is, and the
    photo is read right."""
    image, truth = _photo(name)
    reading = reader.read_dice(image)
    assert reading.status is Status.OK, reading.reason
    assert len(reading.dice) == len(truth)
    for value, x, y in truth:
        assert any(d.value == value and np.hypot(d.x - x, d.y - y) < 12 for d in reading.dice), (value, x, y)
    monkeypatch.setattr(thresholds, "GUIDED_LAYOUT_MIN", None)
    monkeypatch.setattr(thresholds, "COLOUR_PIPS", None)      # (111904's die: its pips' colour lays it out too)
    before = reader.read_dice(image)
    assert before.status is Status.UNSURE
    assert before.reason.startswith(classifier.NO_LAYOUT) or before.reason == classifier.NO_PIPS, before.reason


def test_a_die_whose_pips_lay_out_two_faces_is_not_read_by_them() -> None:
    """The faint, small 2 of IMG_20191208_112025 (25 pixels a side): the network reads it a 2,
    and its pips' contrast lays out a 2, but a 3 as well (something light where a 3's middle pip
    would be). It is not read: the photo stays unsure, that die unread."""
    image, truth = _photo("IMG_20191208_112025")
    asked: list = []
    original = pip_faces.layouts_shown

    def spy(img: np.ndarray, blob: outlines.Blob) -> dict:
        shown = original(img, blob)
        asked.append((blob.rect[0], shown))
        return shown

    pip_faces.layouts_shown = spy
    try:
        reading = reader.read_dice(image)
    finally:
        pip_faces.layouts_shown = original
    ((x, y), shown), = [(at, shown) for at, shown in asked if {2, 3} <= set(shown)]
    assert reading.status is Status.UNSURE
    assert not any(np.hypot(d.x - x, d.y - y) < 12 for d in reading.dice)
    assert any(value == 2 and np.hypot(tx - x, ty - y) < 12 for value, tx, ty in truth)


def test_a_single_pip_is_not_taken_for_a_corner_of_the_network_s_two() -> None:
    """IMG_20191208_112419: the network reads a small 1 as a 2 (0.75). Laid with one corner slot on
    the pip, a 2's other corner falls on the die's edge, where the tray differs from the face as a
    pip does: slots are only taken on the die, and the 2 is not read (it was, and the photo read
    ok, when the whole box was taken)."""
    image, truth = _photo("IMG_20191208_112419")
    reading = reader.read_dice(image)
    ones = [(x, y) for value, x, y in truth if value == 1]
    assert ones
    for x, y in ones:
        assert not any(d.value != 1 and np.hypot(d.x - x, d.y - y) < 12 for d in reading.dice), (x, y)


def test_a_face_the_network_reads_below_0_65_is_not_read_by_its_layout(monkeypatch) -> None:
    """IMG_20191209_095533 (held out from training) with sensor noise of 7 grey levels: a red
    translucent 3, its engraved pips near its middle, which the network reads as a 1 at 0.59 and
    whose pips' contrast shows a 1 and no other face. At GUIDED_LAYOUT_MIN 0.5 the photo was read
    ok with the 3 taken for a 1; every die the rule reads right in the training photos (as taken,
    darker or noisy) the network reads at 0.66 or more."""
    image, truth = _photo("IMG_20191209_095533")
    rng = np.random.default_rng(image.shape[0] * 7919 + image.shape[1])
    noisy = np.clip(image + rng.normal(0, 7, image.shape), 0, 255).astype(np.uint8)
    assert any(v == 3 and np.hypot(x - 368, y - 313) < 8 for v, x, y in truth)

    def three_read_as_one() -> bool:
        reading = reader.read_dice(noisy)
        return reading.status is Status.OK and any(
            d.value == 1 and np.hypot(d.x - 368, d.y - 313) < 8 for d in reading.dice)

    assert not three_read_as_one()
    monkeypatch.setattr(thresholds, "GUIDED_LAYOUT_MIN", 0.5)
    assert three_read_as_one()


def test_a_lone_pip_off_the_outline_s_middle_is_read_where_the_contrast_lays_out_the_face(monkeypatch) -> None:
    """IMG_20191208_112353: a blue die with a red 1, photographed at an angle (its side in view).
    The pip finder finds the pip off the outline's middle (which the side widens), as on a
    leaning die; the network reads a plainly flat 1, and the pips' contrast lays out a 1 and no
    other: read (thresholds.GUIDED_LONE_PIP). Without it the die stays unread, taken for leaning.
    (The network reads it 0.82 sure: classifier.OFF_MIDDLE_LONE_PIP_MIN reads it too, and is left
    out here.)"""
    monkeypatch.setattr(classifier, "OFF_MIDDLE_LONE_PIP_MIN", None)
    image, truth = _photo("IMG_20191208_112353")
    assert any(v == 1 and np.hypot(x - 118, y - 210) < 8 for v, x, y in truth)

    def one_read() -> bool:
        return any(d.value == 1 and np.hypot(d.x - 120, d.y - 209) < 8 for d in reader.read_dice(image).dice)

    assert one_read()
    monkeypatch.setattr(thresholds, "GUIDED_LONE_PIP", False)
    assert not one_read()
