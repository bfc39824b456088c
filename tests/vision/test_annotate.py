"""vision.annotate: the evidence photo shows each die and the status, on a copy."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from vision.annotate import AMBER, GREEN, annotate, banner_lines
from vision.reading import Die, Reading, Status, View

DICE = (Die(3, 120.0, 200.0, 50.0, 0.9, 15.0), Die(5, 420.0, 300.0, 60.0, 0.95))


def _near(img: np.ndarray, colour: tuple[int, int, int], tol: int = 40) -> np.ndarray:
    return np.all(np.abs(img.astype(int) - np.array(colour)) <= tol, axis=2)


@pytest.mark.parametrize("status,colour", [(Status.OK, GREEN), (Status.UNSURE, AMBER)])
def test_each_die_outlined_in_the_status_colour(status: Status, colour: tuple[int, int, int]) -> None:
    image = np.full((480, 640, 3), 128, np.uint8)
    reading = Reading(status, DICE, reason=None if status is Status.OK else "a die is leaning")
    annotated = annotate(image, reading)
    band = annotated.shape[0] - image.shape[0]
    assert annotated.shape[1:] == image.shape[1:] and 20 <= band <= 110 and annotated.dtype == np.uint8
    assert np.all(image == 128), "the input frame must be left untouched"
    assert _near(annotated[:band], colour).mean() > 0.8, "the status banner is a band above the photo"
    out = annotated[band:]                       # the photo, in its own coordinates
    mask = _near(out, colour)
    for die in DICE:            # the outline runs round the die, its inside is left visible
        half = die.size / 2 + 2
        ring = mask[int(die.y - half - 8):int(die.y + half + 8), int(die.x - half - 8):int(die.x + half + 8)]
        assert ring.sum() > die.size * 2
        inner = out[int(die.y - 10):int(die.y + 10), int(die.x - 10):int(die.x + 10)]
        assert np.all(inner == 128)
    assert mask[:20, :].mean() < 0.05, "no banner over the photo"
    other = GREEN if colour == AMBER else AMBER
    assert _near(annotated, other, 20).sum() == 0


def test_grey_input_long_reason_and_no_dice() -> None:
    grey = np.full((240, 320), 90, np.uint8)
    reason = "a face matches no pip layout, and a die is leaning on the rim of the tray " * 2
    out = annotate(grey, Reading(Status.UNSURE, (), reason=reason))
    assert out.shape[1:] == (320, 3) and out.shape[0] > 240
    assert _near(out, AMBER)[:10].mean() > 0.8
    assert np.all(out[-240:] == 90), "the photo is untouched when no die was found"


def test_die_at_the_edge_of_the_frame_is_drawn_without_error() -> None:
    image = np.zeros((100, 100, 3), np.uint8)
    out = annotate(image, Reading(Status.OK, (Die(6, 2.0, 98.0, 40.0, 1.0),)))
    assert _near(out, GREEN).sum() > 50


def test_a_die_at_the_top_edge_keeps_its_face_visible() -> None:
    """A die touching the photo's top: no banner over it, and its value written below it."""
    image = np.full((480, 640, 3), 128, np.uint8)
    die = Die(4, 200.0, 26.0, 50.0, 1.0)
    annotated = annotate(image, Reading(Status.OK, (die,)))
    out = annotated[annotated.shape[0] - 480:]
    assert np.all(out[10:42, 184:216] == 128), "the die's face is not drawn over"
    below = _near(out[60:140, 170:260], GREEN)
    assert below.mean() > 0.2, "the value's label sits under the die"


def test_places_the_reader_could_not_make_out_are_boxed_in_red() -> None:
    from vision.annotate import RED
    image = np.full((480, 640, 3), 128, np.uint8)
    reading = Reading(Status.UNSURE, DICE[:1], "dice are touching or overlapping")
    reading.extra["unclear"] = [(300, 250, 80, 60)]
    annotated = annotate(image, reading)
    out = annotated[annotated.shape[0] - 480:]
    red = _near(out, RED)
    assert red[250:312, 298:303].any() and red[250:312, 378:383].any()    # its left and right sides
    assert not red[380:, :].any()                                          # nowhere else below it
    assert not _near(annotate(image, Reading(Status.UNSURE, DICE[:1], "x")), RED).any()


def test_a_label_never_hides_a_neighbouring_die() -> None:
    """Dice touching in a column: written above each die, as before, the lower die's value hid
    the upper die's face, the one a player checks the verdict against. Each value now goes where
    it covers no die and no other value."""
    image = np.full((480, 640, 3), 128, np.uint8)
    column = (Die(2, 300.0, 200.0, 50.0, 1.0), Die(5, 300.0, 254.0, 50.0, 1.0), Die(6, 300.0, 308.0, 50.0, 1.0))
    annotated = annotate(image, Reading(Status.OK, column))
    out = annotated[annotated.shape[0] - 480:]
    label = _near(out, GREEN)
    for die in column:          # inside each outline: the die as it was, nothing written on it
        half = die.size / 2 - 3
        assert not label[int(die.y - half):int(die.y + half), int(die.x - half):int(die.x + half)].any()
    # three labels apart from each other, each a good part of a die's size
    outlines = np.zeros_like(label)
    outlines[165:345, 265:336] = True
    n, _, stats, _ = cv2.connectedComponentsWithStats((label & ~outlines).astype(np.uint8))
    assert (stats[1:, cv2.CC_STAT_AREA] > 0.3 * 50 * 50).sum() == 3, stats


def test_a_label_does_not_hide_a_place_the_reader_could_not_make_out() -> None:
    """A die at the photo's top edge, and the die it touches below unread: its value, with no
    room above it, goes beside it rather than on the unclear place the players must look at."""
    from vision.annotate import RED
    image = np.full((480, 640, 3), 128, np.uint8)
    reading = Reading(Status.UNSURE, (Die(4, 300.0, 30.0, 50.0, 1.0),), "a face matches no pip layout")
    reading.extra["unclear"] = [(275, 58, 50, 50)]
    out = annotate(image, reading)[-480:]
    inside = out[62:104, 279:321]
    assert not _near(inside, AMBER).any() and not _near(inside, RED).any()


def test_a_question_mark_does_not_hide_a_die() -> None:
    """A die read just above an unclear place: the "?" drawn at the place's top-left corner
    covered its face (a real photo's tray, dice crowded at its rim). It now goes beside the
    place where it hides no die."""
    from vision.annotate import RED
    image = np.full((480, 640, 3), 128, np.uint8)
    reading = Reading(Status.UNSURE, (Die(3, 318.0, 222.0, 40.0, 1.0),), "dice are touching or overlapping")
    reading.extra["unclear"] = [(300, 250, 80, 60)]
    out = annotate(image, reading)[-480:]
    red = _near(out, RED)
    assert not red[204:241, 300:337].any(), "nothing red on the die's face"
    boxed = np.zeros_like(red)
    boxed[247:314, 297:384] = True
    assert (red & ~boxed).sum() > 100, "the ? is still written, outside its box"


def test_a_bottom_view_photo_says_its_numbers_are_the_top_faces() -> None:
    """Under the tray the camera sees each die's bottom face, and the photo is marked with the
    players' value, 7 minus it: the banner says so. (Its text is measured by where its ink ends:
    a long text shrinks to fit the width.)"""
    image = np.full((480, 640, 3), 128, np.uint8)

    def ink_right_edge(reading: Reading) -> int:
        out = annotate(image, reading)
        band = out[:out.shape[0] - 480]
        return int(np.flatnonzero((band.max(axis=2) < 60).any(axis=0)).max())

    top = ink_right_edge(Reading(Status.OK, DICE, view=View.TOP))
    bottom = ink_right_edge(Reading(Status.OK, DICE, view=View.BOTTOM))
    unsaid = ink_right_edge(Reading(Status.OK, DICE))
    assert top == unsaid and bottom > top + 200


def _ink_rows(band: np.ndarray) -> list[tuple[int, int]]:
    """The runs of rows holding dark ink (text) in a banner: (first row, last row) each."""
    inked = (band.max(axis=2) < 60).any(axis=1)
    runs, start = [], None
    for y, on in enumerate([*inked, False]):
        if on and start is None:
            start = y
        elif not on and start is not None:
            runs.append((start, y - 1))
            start = None
    return runs


def test_a_long_reason_leaves_the_values_large_on_a_line_of_their_own() -> None:
    """On the wall the photo is shown a third of its size or less. The values and the status are
    the headline, as tall with a long reason and the view's note as without; the reason and the
    note go under it, wrapped, and smaller (before, all on one line, shrunk to fit the width:
    a few pixels tall on the wall)."""
    image = np.full((480, 640, 3), 128, np.uint8)
    reason = "a face matches no pip layout (a pip may be hidden or smudged)"

    def lines(reading: Reading) -> list[tuple[int, int]]:
        out = annotate(image, reading)
        return _ink_rows(out[:out.shape[0] - 480])

    plain = lines(Reading(Status.OK, DICE, view=View.TOP))
    long = lines(Reading(Status.UNSURE, DICE, reason=reason, view=View.BOTTOM))
    assert len(plain) == 1 and len(long) == 3
    headline = plain[0][1] - plain[0][0]
    assert headline >= 20, "the values stand at least 20 px tall on a 640 x 480 photo"
    assert long[0][1] - long[0][0] == headline
    assert all(10 <= last - first < headline for first, last in long[1:])


def test_the_bottom_view_note_says_how_a_number_comes_from_the_face_in_words() -> None:
    """Under the cup the numbers are the top faces, 7 minus the faces photographed. Written
    "7 - the face", players at the wall read a sum."""
    reading = Reading(Status.OK, DICE, view=View.BOTTOM)
    headline, detail = banner_lines(reading)
    assert headline == "OK: 5 3" or headline == "OK: 3 5"
    assert "7 minus the face in the photo" in detail and "7 -" not in detail
