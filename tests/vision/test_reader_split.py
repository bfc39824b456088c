"""Touching dice without a waist between them (side by side, edges aligned) are cut apart along
the seams between them; one die, even a large one, is never cut."""

from __future__ import annotations

import cv2
import numpy as np

from vision import outlines, pip_faces
from vision.reader import read_dice
from vision.reading import Status
from vision.render import dataset
from vision.scoring import Truth, match

SIDE = 30
COLOURS = [(40, 160, 40), (200, 60, 30), (30, 200, 220), (60, 60, 200)]


def _row(count: int) -> tuple[np.ndarray, np.ndarray]:
    """A frame with ``count`` dice of different colours edge to edge in a row, and its mask."""
    image = np.full((120, 40 + count * SIDE, 3), 190, np.uint8)
    mask = np.zeros(image.shape[:2], np.uint8)
    for i in range(count):
        x0 = 20 + i * SIDE
        cv2.rectangle(image, (x0, 45), (x0 + SIDE - 1, 45 + SIDE - 1), COLOURS[i], -1)
        cv2.circle(image, (x0 + SIDE // 2, 60), 3, (255, 255, 255), -1)   # a pip
    mask[45:45 + SIDE, 20:20 + count * SIDE] = 255
    return image, mask


def _parts(mask: np.ndarray) -> list[tuple[int, int]]:
    """(area, x centre) of each 4-connected part bigger than a speck."""
    n, _, stats, centres = cv2.connectedComponentsWithStats(mask, connectivity=4)
    return sorted((int(stats[i, cv2.CC_STAT_AREA]), int(round(centres[i][0])))
                  for i in range(1, n) if stats[i, cv2.CC_STAT_AREA] > 20)


def test_two_to_four_dice_side_by_side_are_cut_at_their_seams() -> None:
    for count in (2, 3, 4):
        image, mask = _row(count)
        parts = _parts(outlines.split_touching(mask, float(SIDE), image))
        assert len(parts) == count, (count, parts)
        centres = sorted(x for _, x in parts)
        expected = [20 + i * SIDE + SIDE // 2 for i in range(count)]
        assert all(abs(c - e) <= 3 for c, e in zip(centres, expected)), (centres, expected)
        assert all(0.8 * SIDE ** 2 <= area <= 1.05 * SIDE ** 2 for area, _ in parts), parts


def test_without_the_image_a_row_without_waists_is_left_whole() -> None:
    image, mask = _row(3)
    assert len(_parts(outlines.split_touching(mask, float(SIDE)))) == 1


def test_one_large_die_is_not_cut() -> None:
    image = np.full((120, 120, 3), 190, np.uint8)
    mask = np.zeros((120, 120), np.uint8)
    big = int(SIDE * 1.3)                      # area 1.69 die sides squared, still one die
    cv2.rectangle(image, (40, 40), (40 + big - 1, 40 + big - 1), COLOURS[0], -1)
    mask[40:40 + big, 40:40 + big] = 255
    assert _parts(outlines.split_touching(mask, float(SIDE), image)) == [(big * big, 40 + big // 2)]


def test_two_dice_of_one_colour_side_by_side_are_cut_midway() -> None:
    """Two dice of one colour side by side: the cut falls midway (no colour edge to follow)."""
    image = np.full((120, 120, 3), 190, np.uint8)
    mask = np.zeros((120, 120), np.uint8)
    cv2.rectangle(image, (20, 45), (20 + 2 * SIDE - 1, 45 + SIDE - 1), COLOURS[1], -1)
    mask[45:45 + SIDE, 20:20 + 2 * SIDE] = 255
    parts = _parts(outlines.split_touching(mask, float(SIDE), image))
    assert len(parts) == 2
    (small, _), (large, _) = parts
    assert small >= 0.8 * SIDE ** 2 and large <= 1.05 * small, parts     # corners are rounded off


def test_a_part_of_touching_dice_that_is_no_clean_die_makes_the_reading_unsure() -> None:
    """Rendered seed 10524: two blue dice touching edge to edge beside the rim. Once cut apart,
    the upper one is a clean die; the lower part (with a strip of rim) is not, and has no pips
    the reader can take: the reading must not be ok with that die missing."""
    scene = next(iter(dataset(1, seed=10_524)))
    assert sum(d.touching for d in scene.labels) >= 2
    reading = read_dice(scene.image, scene.view)
    right, exact = match(reading, [Truth(d.value, d.x, d.y, d.size) for d in scene.labels])
    assert reading.status is Status.UNSURE or exact, [(d.value, d.x, d.y) for d in reading.dice]
    if reading.status is Status.UNSURE:
        assert reading.reason


def test_a_face_seen_square_on_is_told_from_one_tilted_away() -> None:
    """A leaning die's face is foreshortened along the lean: its pips lay out a face longer
    than wide. The same 5 turned 30 degrees, then squashed to 85% along one axis."""
    five = np.array([(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)], float) * 16.0
    turn = np.deg2rad(30.0)
    rotation = np.array([[np.cos(turn), -np.sin(turn)], [np.sin(turn), np.cos(turn)]])
    flat = five @ rotation.T + (200.0, 150.0)
    tilted = (five * (1.0, 0.85)) @ rotation.T + (200.0, 150.0)
    assert pip_faces.face_squash(flat) < 1.01
    assert pip_faces.face_squash(tilted) > 1.15
    assert pip_faces.face_squash(flat[:3]) == float("inf")       # three pips say nothing of it


def test_two_flat_dice_side_by_side_are_read_when_the_faces_lie_square() -> None:
    """Rendered seed 10155: two wooden dice under the cup, pressed side by side (no waist, so
    they are cut by a straight line, as a die leaning on another would be). Neither outline
    is square round its face, but the 4 + pips lay out a face seen square on: a die lying
    flat, read; the frame is ok and right."""
    scene = next(iter(dataset(1, seed=10_155)))
    assert sum(d.touching for d in scene.labels) == 2 and not any(d.cocked for d in scene.labels)
    reading = read_dice(scene.image, scene.view)
    _, exact = match(reading, [Truth(d.value, d.x, d.y, d.size) for d in scene.labels])
    assert reading.status is Status.OK and exact, (reading.reason, reading.values)
    # (Without the face test they are read too: their pips and the network agree, and the
    # network's scan of the clump finds both. Its own test is in test_reader.py.)
