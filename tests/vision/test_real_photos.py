"""The reader on all 200 labelled real photos (../shared/dice-photos/byler): the safety property
(almost never confidently wrong) and an accuracy floor that only goes up. Plus the scoring rules."""

from __future__ import annotations

import hashlib
from pathlib import Path

import cv2
import numpy as np
import pytest

from vision.reader import read_dice
from vision.reading import Die, Reading, Status
from vision.scoring import (NO_HARD_CASE, UNSEEN, UNSURE_ELSEWHERE, WRONG_VALUE, Truth, conditions, load_labels,
                            match, misses, photo_paths, score_photos, score_scenes)
from vision.training.realdata import held_out

PHOTOS = Path(__file__).resolve().parents[2].parent / "shared" / "dice-photos" / "byler"

# Dice read right (value right on a die found, whatever the status) on the 200 photos, and on
# the 50 held out of the face model's training. Measured 2026-11-30 21:40 UTC (pips told from a
# marbled face by their colour, thresholds.COLOUR_PIPS): 86.9% (1292/1487) and 84.2% (319/379); the
# floors leave a small margin. Raise them as the reader improves (the target is 97%).
DICE_RIGHT_FLOOR_PCT = 85.5
HELD_OUT_DICE_RIGHT_FLOOR_PCT = 82.5


# The tests below share one reading of each photo (the held-out 50 are among the 200): read
# twice they took 70-95 s more of a CI run. (pytest-xdist sends consecutive tests to one worker;
# its loadgroup, which would make sure of it, does nothing under pytest 9.2: pytest-xdist#1386.)
@pytest.fixture(scope="module")
def read_once():
    """read_dice, remembering each photo's reading (by its pixels) for the module's tests."""
    readings: dict[bytes, Reading] = {}

    def read(image: np.ndarray) -> Reading:
        key = hashlib.blake2b(image.tobytes(), digest_size=16).digest() + repr(image.shape).encode()
        if key not in readings:
            readings[key] = read_dice(image)
        return readings[key]
    return read


@pytest.fixture(scope="module")
def photo_score(read_once):
    assert PHOTOS.is_dir(), f"the real dice photos are missing: expected them in {PHOTOS}"
    assert len(photo_paths(PHOTOS)) == 200, f"expected 200 photos in {PHOTOS / 'images'}"
    return score_photos(read_once, PHOTOS)


def test_at_most_one_percent_of_photos_confidently_wrong(photo_score) -> None:
    assert photo_score.photos == 200 and photo_score.dice_total == 1487
    assert photo_score.photos_confidently_wrong <= 2, (
        f"{photo_score.photos_confidently_wrong} photos read ok but wrong: {photo_score.wrong_names}")


def test_held_out_photos_floor(read_once) -> None:
    """Photos the face model never saw in training: what to expect from other photos."""
    score = score_photos(read_once, PHOTOS, select=held_out)
    assert score.photos == 50 and score.dice_total == 379
    assert score.photos_confidently_wrong == 0, score.wrong_names
    assert score.dice_right_pct >= HELD_OUT_DICE_RIGHT_FLOOR_PCT, (
        f"held-out dice read right fell to {score.dice_right_pct:.1f}%")


def test_dice_read_right_floor(photo_score) -> None:
    assert photo_score.dice_right_pct >= DICE_RIGHT_FLOOR_PCT, (
        f"dice read right fell to {photo_score.dice_right_pct:.1f}% "
        f"(floor {DICE_RIGHT_FLOOR_PCT}%)")
    assert photo_score.dice_right_ok <= photo_score.dice_right


# -- the scoring rules themselves ------------------------------------------------------------

TRUTHS = [Truth(3, 100, 100, 40), Truth(5, 200, 100, 40)]


def _reading(status: Status, *dice: tuple[int, float, float]) -> Reading:
    return Reading(status, tuple(Die(v, x, y, 40, 1.0) for v, x, y in dice))


def test_match_right_wrong_missing_extra_and_radius() -> None:
    assert match(_reading(Status.OK, (3, 105, 98), (5, 190, 110)), TRUTHS) == (2, True)
    assert match(_reading(Status.OK, (3, 105, 98), (4, 190, 110)), TRUTHS) == (1, False)
    assert match(_reading(Status.OK, (3, 105, 98)), TRUTHS) == (1, False)
    assert match(_reading(Status.OK, (3, 100, 100), (5, 200, 100), (1, 300, 300)), TRUTHS) == (2, False)
    # 0.6 x 40 = 24 px: a die 25 px off matches nothing
    assert match(_reading(Status.OK, (3, 125, 100), (5, 200, 100)), TRUTHS) == (1, False)
    # one read die cannot count for two labels
    assert match(_reading(Status.OK, (3, 150, 100)), [Truth(3, 140, 100, 40), Truth(3, 160, 100, 40)]) == (1, False)


def test_load_yolo_labels(tmp_path: Path) -> None:
    path = tmp_path / "a.txt"
    path.write_text("2 0.5 0.25 0.1 0.05\n5 0.1 0.9 0.05 0.06\n\n")
    assert load_labels(path, 640, 640) == [Truth(3, 320, 160, 64), Truth(6, 64, 576, 38.4)]


class _Scene:
    def __init__(self, readable: bool, hard: frozenset[str] = frozenset()) -> None:
        from vision.reading import View
        from vision.render import DieLabel
        self.labels = (DieLabel(4, 4, 100.0, 100.0, 40.0, 0.0, "white"),)
        self.readable, self.image, self.view, self.seed = readable, None, View.TOP, 0
        self.style, self.hard = "white", hard


def test_an_unreadable_scene_read_ok_is_confidently_wrong() -> None:
    def right(image, view):
        return _reading(Status.OK, (4, 100, 100))

    def unsure(image, view):
        return _reading(Status.UNSURE, (4, 100, 100))

    s = score_scenes(right, [_Scene(True), _Scene(False)])
    assert (s.photos, s.dice_right, s.dice_right_ok, s.photos_confidently_wrong) == (2, 2, 2, 1)
    s = score_scenes(unsure, [_Scene(True), _Scene(False)])
    assert (s.dice_right, s.dice_right_ok, s.photos_unsure, s.photos_confidently_wrong) == (2, 0, 2, 0)
    assert (s.photos_readable, s.photos_readable_unsure) == (1, 1)


def test_readable_scenes_read_unsure_are_tallied_by_the_hard_cases_they_were_rendered_with() -> None:
    clean, glared, cocked = _Scene(True), _Scene(True, frozenset({"glare", "blur"})), _Scene(False, frozenset({"cocked"}))
    glared.image = np.zeros((4, 4, 3), np.uint8)       # (the reader below tells it by its image)

    def unsure_if_glared(image, view):
        return _reading(Status.OK if image is None else Status.UNSURE, (4, 100, 100))

    s = score_scenes(unsure_if_glared, [clean, glared, cocked])
    # the cocked scene counts in neither: unsure is its right answer
    assert s.readable_by_condition == {NO_HARD_CASE: 1, "glare": 1, "blur": 1, "top view": 2, "white dice": 2}
    assert s.readable_unsure_by_condition == {"glare": 1, "blur": 1, "top view": 1, "white dice": 1}
    assert conditions(clean) == [NO_HARD_CASE, "top view", "white dice"]


def test_each_die_not_read_right_says_why() -> None:
    truths = [Truth(3, 100, 100, 40), Truth(5, 200, 100, 40), Truth(1, 300, 300, 40)]
    assert misses(_reading(Status.OK, (3, 100, 100), (5, 200, 100), (1, 300, 300)), truths) == []
    # a wrong value, and a die an ok reading left out (the dangerous kind)
    assert misses(_reading(Status.OK, (3, 100, 100), (6, 200, 100)), truths) == [WRONG_VALUE, UNSEEN]
    # unsure: the reason of the unclear box round the die, else the frame's doubt is elsewhere
    doubted = Reading(Status.UNSURE, (Die(3, 100, 100, 40, 1.0),), "dice are touching or overlapping",
                      extra={"unclear": [(180, 80, 40, 40)], "unclear_why": ["dice are touching or overlapping"]})
    assert misses(doubted, truths) == ["dice are touching or overlapping", UNSURE_ELSEWHERE]
    # the score counts them, and only them
    s = score_scenes(lambda image, view: doubted, [_Scene(True)])
    assert s.not_read == {WRONG_VALUE: 1}        # the scene's one die, a 4 at (100, 100), read 3


def test_a_white_table_taken_brightly_from_above_is_read() -> None:
    """A photo taken 1.35 x as bright (the tray 240-249 grey, the frame's mean over 235) is still
    read from above: only under the cup is such light a lifted cup."""
    path = PHOTOS / "images" / "IMG_20191208_111820.jpg"
    image = cv2.imread(str(path))
    bright = np.clip(image.astype(np.float32) * 1.35, 0, 255).astype(np.uint8)
    truths = load_labels(PHOTOS / "labels" / (path.stem + ".txt"), image.shape[1], image.shape[0])
    reading = read_dice(bright, "top")
    assert reading.brightness > 235
    assert reading.status is Status.OK, reading.reason
    assert match(reading, truths) == (len(truths), True)
    under_the_cup = read_dice(bright, "bottom")
    assert under_the_cup.status is Status.UNSURE and under_the_cup.reason.startswith("too bright")
    washed_out = read_dice(np.clip(image.astype(np.float32) * 2.0, 0, 255).astype(np.uint8), "top")
    assert washed_out.status is Status.UNSURE and washed_out.reason.startswith("too bright")
    assert "cup" not in washed_out.reason        # from above there is no cup to lift
