"""Dice the reader cannot read must not vanish: a leaning or half-hidden die the network sees as
"a die, no readable face" makes the frame unsure (before the network had one "no face" class
for that and for the bare tray, such a die was waved through), as do the pips of a leaning face
that run together at the stray-pip scale. And a region on the frame's edge never crashes it."""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np
import pytest

from vision import classifier, leaning_signs, outlines, pip_faces, reader, reasons, scan, thresholds, tray_foreground
from vision.classifier import DISAGREE, FACELESS_DIE, LEANING, NO_FACE, default_classifier
from vision.faces import extent
from vision.reading import Status, View
from vision.render import STYLES, dataset, render_scene, table_calibration
from vision.scoring import Truth, match

from .conftest import assert_not_wrong, benchmark_frame, boxed_near as _boxed_near, pinned_frame, read_right_until

REAL_PHOTOS = Path(__file__).resolve().parents[2].parent / "shared" / "dice-photos" / "byler" / "images"


def _nth(seed: int, start: int, hard: str):
    """Frame ``seed`` of ``dataset(..., seed=start, hard=hard)`` without rendering those before."""
    pick = np.random.default_rng([seed, 3])
    view = View.TOP if (seed - start) % 2 == 0 else View.BOTTOM
    count = int(pick.integers(1, 7))
    style = STYLES[int(pick.integers(0, len(STYLES)))]
    return render_scene(seed, view=view, n_dice=count, style=style, hard=hard)


def test_the_helper_renders_the_datasets_frame() -> None:
    wanted = list(dataset(3, seed=8040, hard="occluded"))[2]
    assert np.array_equal(_nth(8042, 8040, "occluded").image, wanted.image)


@pytest.mark.parametrize("seed", [8050, 8184, 8196, 8256, 8310])
def test_a_region_on_the_frames_edge_is_read_without_crashing(seed: int) -> None:
    """These frames once raised (a scaled-up region's box ran a pixel past the frame's edge)."""
    scene = _nth(seed, 8000, "occluded")
    reading = reader.read_dice(scene.image, scene.view)
    assert reading.status in (Status.OK, Status.UNSURE)
    h, w = scene.image.shape[:2]
    for x, y, bw, bh in reading.extra.get("unclear", []):
        assert 0 <= x and 0 <= y and x + bw <= w and y + bh <= h


def test_the_network_tells_a_leaning_die_from_the_bare_tray() -> None:
    scene = render_scene(4301, view=View.TOP, n_dice=3, hard="cocked", style="white", die_size=60)
    leaning = [d for d in scene.labels if not d.readable]
    assert leaning, "this frame was chosen for its leaning die"
    at = [(d.x, d.y, extent(d.size, d.angle)) for d in leaning] + [(40, 40, 60)]
    *dice, tray = default_classifier().steady_guess(scene.image, at)
    assert all(g.of(FACELESS_DIE) > g.of(NO_FACE) for g in dice)
    assert tray.value == NO_FACE


# Frames with a leaning die the reader once read as ok (the die missing, or read as if flat).
# Others like them are still read wrongly: the benchmark counts them (BENCHMARKS.md).
# 7193 and 7323 (bottom view): the leaning die's face, lifted off the frosted tray, is faded;
# found from its pip, its region is not square, and it was let go as no die.
ONCE_WAVED_THROUGH = [7064, 7067, 7134, 7160, 7186, 7193, 7219, 7235, 7241, 7323, 7348, 7381, 7382]


@pytest.mark.parametrize("seed", ONCE_WAVED_THROUGH)
def test_a_leaning_die_is_not_waved_through(seed: int) -> None:
    scene = _nth(seed, 7000, "cocked")
    assert not scene.readable
    reading = reader.read_dice(scene.image, scene.view)
    assert reading.status is Status.UNSURE, (reading.values, [d.value for d in scene.labels])


def test_a_leaning_face_whose_pips_run_together_is_not_left_out() -> None:
    """A white die lying flat is read; beside it, a leaning die's squashed face (two columns of
    three pips, so close that each column is one dark streak at the scale the reader looks for
    stray pips) and no die outline the foreground can find: the frame is unsure."""
    image = np.full((480, 640, 3), 128, np.uint8)
    cv2.rectangle(image, (180, 220), (216, 256), (235, 235, 235), -1)
    cv2.circle(image, (198, 238), 4, (20, 20, 20), -1)                     # a 1
    for x in (455, 473):
        for y in (258, 265, 272):
            cv2.circle(image, (x, y), 3, (25, 25, 25), -1)                   # squashed 6
    image = cv2.GaussianBlur(image, (3, 3), 0)
    reading = reader.read_dice(image, View.TOP)
    assert reading.status is Status.UNSURE, reading
    assert "pips outside every die" in " ".join(reading.extra["problems"])


def test_a_dark_die_by_a_dark_rim_is_confirmed_on_its_disc(monkeypatch, model_of_2026_11_22) -> None:
    """Rendered 10259 (under the cup, the light uneven): a black die lies against the tray's
    dark rim, in its darker corner. The tray's colour there is taken with the rim's, so the
    foreground loses part of the die; the network finds it, and its pips, read on the disc
    round it, fit the face it saw: the frame is ok and right. Confirmed on the foreground alone,
    it stays unsure. (The frame this was found on, 10317, is read from the foreground alone
    since the tray's median is converted to Lab before it is enlarged.)
    (Found with the face model of 2026-11-22, which this test reads with; the shipped model must
    read the frame right or doubt it.)"""
    scene = next(iter(dataset(1, seed=10_259, view="bottom")))
    assert "rim" in scene.hard and scene.style == "black"
    assert_not_wrong(model_of_2026_11_22(scene.image, scene.view), scene)
    reading = reader.read_dice(scene.image, scene.view)
    _, exact = match(reading, [Truth(d.value, d.x, d.y, d.size) for d in scene.labels])
    assert reading.status is Status.OK and exact, (reading.reason, reading.values)
    # (The disc is needed when the whole frame is read; with the tray inside its rim found, the
    # rim is no longer in the tray's median there, and the die is read without it.)
    monkeypatch.setattr(thresholds, "AUTO_TRAY", False)   # the whole frame, as when this was found
    assert reader.read_dice(scene.image, scene.view).ok
    # (Its pips' count in the disc confirms it too, SCANNED_BY_COUNT: off, to show the disc's layout.)
    monkeypatch.setattr(thresholds, "SCANNED_BY_COUNT", False)
    monkeypatch.setattr(thresholds, "CONFIRM_BY_DISC", False)
    assert not reader.read_dice(scene.image, scene.view).ok


@pytest.mark.parametrize("seed", [7005, 7121])
def test_lone_pip_of_a_faded_leaning_die_under_the_cup_makes_the_frame_unsure(seed: int) -> None:
    """A leaning die under the cup, its face lifted off the frosted tray and faded but for one
    pip: one dark spot off every die. Elsewhere one spot alone may be a speck; under the cup
    (no glare, the lit tray) it is a die's pip. Both frames were read ok with the die missing."""
    scene = _nth(seed, 7000, "cocked")
    assert scene.view is View.BOTTOM and not scene.readable
    reading = reader.read_dice(scene.image, scene.view)
    assert reading.status is Status.UNSURE
    assert reasons.LONE_SPOT in reading.extra["problems"]
    # The spot is boxed on the evidence photo, on the leaning die.
    leaning = [d for d in scene.labels if d.cocked][0]
    spots = [box for box, why in zip(reading.extra["unclear"], reading.extra["unclear_why"])
             if why == reasons.LONE_SPOT]
    assert any(np.hypot(x + w / 2 - leaning.x, y + h / 2 - leaning.y) < leaning.size for x, y, w, h in spots)


@pytest.mark.parametrize("seed", [8115, 8129])
def test_cup_resting_on_the_tray_makes_an_uncalibrated_bottom_view_unsure(seed: int) -> None:
    """The cup's rim covers part of the tray, dice hidden under it; the median the foreground
    compares with follows the cup's dark edge, so nothing there is a region. Under the cup the
    camera sees little but the tray: something dark of a die's size or more in the frame's
    middle, off every die, is the cup. Both frames were read ok with dice missing."""
    scene = _nth(seed, 8000, "occluded")
    assert scene.view is View.BOTTOM and not scene.readable
    reading = reader.read_dice(scene.image, scene.view)
    assert reading.status is Status.UNSURE
    assert reasons.COVERED in reading.extra["problems"]


def _fresh(seed: int):
    """Frame ``seed`` of the benchmark's fresh frames (views alternate, top first, from 50000)."""
    return next(iter(dataset(1, seed=seed, view=View.TOP if (seed - 50_000) % 2 == 0 else View.BOTTOM)))


def _one_missing_and_boxed(reading, scene, why: str) -> bool:
    """Exactly one of the scene's dice is missing from the reading, and boxed there for ``why``."""
    missing = [d for d in scene.labels if not any(np.hypot(d.x - r.x, d.y - r.y) < d.size / 2 for r in reading.dice)]
    return len(missing) == 1 and _boxed_near(reading, missing[0], why)


@pytest.mark.parametrize("calibrated", [False, True])
def test_black_die_a_glare_thinned_out_of_the_foreground_makes_the_frame_unsure(monkeypatch, calibrated) -> None:
    """Fresh 50167 (under the cup): two black dice, a glare on one. Only a crescent of that die
    stays darker than the tray, thinner than the foreground's opening (half a die), which took it
    whole: the frame was read "ok, 5", one die missing. What the opening took, die-like and off
    every die, is asked of the network; it sees a die there, so the frame is unsure and the place
    is boxed on the evidence photo. Now the network's scan finds the die round that piece, and
    its pips lay out the face it read: the frame is read ok, and right."""
    monkeypatch.setattr(thresholds, "LIT_ALONE_ASKED", False)   # (it would catch the rule-off reads below too)
    scene = _fresh(50_167)
    assert scene.view is View.BOTTOM and "glare" in scene.hard and len(scene.labels) == 2
    calibration = table_calibration(scene) if calibrated else None
    reading = reader.read_dice(scene.image, scene.view, calibration=calibration)
    _, exact = match(reading, [Truth(d.value, d.x, d.y, d.size) for d in scene.labels])
    assert reading.ok and exact, (reading.reason, reading.values)
    # (The rules below are tested on the foreground as it was found: filled out to its hull,
    # BITTEN_DIE_SOLIDITY, the glared die is read by its own region.)
    monkeypatch.setattr(thresholds, "BITTEN_DIE_SOLIDITY", None)
    reading = reader.read_dice(scene.image, scene.view, calibration=calibration)
    assert reading.ok and match(reading, [Truth(d.value, d.x, d.y, d.size) for d in scene.labels])[1]
    # A scan reading another face than the pips lay out reads nothing there: the frame is unsure.
    scan = classifier.find_faces
    monkeypatch.setattr(classifier, "find_faces",
                        lambda *args: [(value % 6 + 1, p, x, y) for value, p, x, y in scan(*args)])
    reading = reader.read_dice(scene.image, scene.view, calibration=calibration)
    assert reading.status is Status.UNSURE and reading.reason == reasons.FADED_IN_LIGHT
    monkeypatch.setattr(classifier, "find_faces", scan)
    monkeypatch.setattr(thresholds, "READ_FADED_IN_LIGHT", False)
    reading = reader.read_dice(scene.image, scene.view, calibration=calibration)
    assert reading.status is Status.UNSURE and reading.reason == reasons.FADED_IN_LIGHT
    found = [d for d in scene.labels if any(np.hypot(d.x - r.x, d.y - r.y) < d.size / 2 for r in reading.dice)]
    missing = [d for d in scene.labels if d not in found]
    assert len(found) == 1 and len(missing) == 1
    assert _boxed_near(reading, missing[0], reasons.FADED_IN_LIGHT)
    monkeypatch.setattr(outlines, "taken_by_opening", lambda *args: [])
    monkeypatch.setattr(thresholds, "FAINT_SQUARES", False)    # (which finds it too, uncalibrated)
    monkeypatch.setattr(thresholds, "LIT_PAIR_ASKED", False)   # (its lit pips, paired, catch it too)
    assert reader.read_dice(scene.image, scene.view, calibration=calibration).ok


def test_the_rims_corners_the_opening_takes_are_not_dice(monkeypatch) -> None:
    """Rendered 10149 (every hard case but leaning or hidden dice): the opening takes the rim's
    four corners and a strip of it; none is solid and compact like a die, and the frame is read
    ok and right. (Since thresholds.MIDDLE_GLINT one die, a 4 the network read alone with a glint on
    its middle, is left unread (since MIDDLE_WASHED_MIN for its middle glared whiter too), the
    frame unsure for that alone; and since SIDE_BY_SIDE_KEPT another, cut from its neighbour,
    the network doubting its face 0.05-0.3, stays doubted.)"""
    scene = next(iter(dataset(1, seed=10_149, view="bottom")))
    assert scene.readable and "rim" in scene.hard
    reading = reader.read_dice(scene.image, scene.view)
    assert reading.status is Status.UNSURE and reading.reason == reasons.SMUDGED
    monkeypatch.setattr(thresholds, "MIDDLE_GLINT", False)
    monkeypatch.setattr(thresholds, "MIDDLE_WASHED_MIN", None)   # (the 4's middle is glared whiter too)
    monkeypatch.setattr(thresholds, "SIDE_BY_SIDE_KEPT", None)
    reading = reader.read_dice(scene.image, scene.view)
    _, exact = match(reading, [Truth(d.value, d.x, d.y, d.size) for d in scene.labels])
    assert reading.status is Status.OK and exact, (reading.reason, reading.values)


def test_a_piece_of_a_die_is_asked_of_the_network_framed_as_a_whole_die(monkeypatch) -> None:
    """Fresh 50285, calibrated (under the cup): a glare leaves a quarter of a black die dark.
    Framed by itself, the network sees one colour and says "no die here" (0.95); framed as a
    whole die round it, it sees a die: the frame is unsure. It was read ok with the die missing.
    (The network's scan at 1.4 times the die size, thresholds.UNREAD_SCAN_BIGGER, now finds that
    die and its pips confirm it: it is reported, and the frame stays unsure, the piece boxed.)
    Since 2026-12-02 the piece, filled out to its hull (BITTEN_DIE_SOLIDITY), is the whole die,
    read ok and right; the rules here are tested with that off."""
    scene = _fresh(50_285)
    truths = [Truth(d.value, d.x, d.y, d.size) for d in scene.labels]
    # Filled out to its hull (BITTEN_DIE_SOLIDITY), the piece is the whole die: read ok, and right.
    reading = reader.read_dice(scene.image, scene.view, calibration=table_calibration(scene))
    assert reading.ok and match(reading, truths) == (len(truths), True), reading.reason
    monkeypatch.setattr(thresholds, "BITTEN_DIE_SOLIDITY", None)
    reading = reader.read_dice(scene.image, scene.view, calibration=table_calibration(scene))
    assert reading.status is Status.UNSURE and reading.reason == reasons.NOT_READABLE
    assert match(reading, truths) == (len(truths), True)
    assert len(reading.extra["unclear"]) == 1 and reading.extra["unclear_why"] == [reasons.NOT_READABLE]
    monkeypatch.setattr(thresholds, "UNREAD_SCAN_BIGGER", False)
    reading = reader.read_dice(scene.image, scene.view, calibration=table_calibration(scene))
    assert reading.status is Status.UNSURE and reading.reason == reasons.NOT_READABLE
    assert _one_missing_and_boxed(reading, scene, reasons.NOT_READABLE)


def test_a_four_foreshortened_by_its_lean_makes_the_frame_unsure(monkeypatch, model_of_2026_11_22) -> None:
    """Fresh 61762 (seen from above): a die leans showing a 4, its pips laid out 1.09 times
    longer than wide. Its outline and its look passed for flat (read by the network over the
    pips' "face off the middle"), and the frame was read ok. A 4 or a 5 seen foreshortened is
    now a leaning die, however it was read.
    (Fresh 51408 was the other such frame: found by the network beside the die it leans on. The
    renderer drew its side toward that die then; drawn away, as a die leaning on another shows
    it, the frame is unsure for other reasons first.)
    (Found with the face model of 2026-11-22, which this test reads with; the shipped model must
    read the frame right or doubt it.)"""
    scene = _fresh(61_762)
    leaning = [d for d in scene.labels if d.cocked]
    assert scene.view is View.TOP and len(leaning) == 1 and leaning[0].face == 4
    assert_not_wrong(model_of_2026_11_22(scene.image, scene.view), scene)
    # (61762's whole 4 lies off its outline's middle too, which the whole-face check (tested
    # below) now catches first: this test is of the foreshortening alone.)
    monkeypatch.setattr(thresholds, "WHOLE_FACE_ASIDE", False)
    reading = reader.read_dice(scene.image, scene.view)
    assert reading.status is Status.UNSURE and reading.reason == LEANING
    assert _boxed_near(reading, leaning[0], LEANING)       # shown on the evidence photo
    # Without that check the frame was read ok (reading the whole frame; with the tray inside its
    # rim found, the network doubts 61762's die too).
    monkeypatch.setattr(thresholds, "AUTO_TRAY", False)   # the whole frame, as when this was found
    monkeypatch.setattr(leaning_signs, "foreshortened", lambda *args: False)
    # (Judged on the network's steady look, as a face off its outline's middle is since
    # 2026-11-27, the die is doubted too: the frame was read ok on its single look.)
    monkeypatch.setattr(classifier, "STEADY_NO_FACE_MAX", None)
    # (Its single look reads it under classifier.OFF_MIDDLE_ALONE_MIN, 0.9, since 2026-12-01:
    # doubted for that too.)
    assert reader.read_dice(scene.image, scene.view).status is Status.UNSURE
    monkeypatch.setattr(classifier, "OFF_MIDDLE_ALONE_MIN", None)
    assert reader.read_dice(scene.image, scene.view).ok


@pytest.mark.parametrize("value", [4, 5])
@pytest.mark.parametrize("turn", [0.0, 30.0, 45.0, 110.0])
def test_corner_squash_is_one_square_on_and_the_lean_seen_foreshortened(value: int, turn: float) -> None:
    """A 4's or a 5's pips laid out square, at any turn, measure 1; the same face leaning 30
    degrees (squashed along the lean by cos 30) measures 1 / cos 30, above LEANING_SQUASH."""
    corners = [(-1, -1), (1, -1), (1, 1), (-1, 1)] + ([(0, 0)] if value == 5 else [])
    pts = np.array(corners, float) * 9.0
    a = np.deg2rad(turn)
    rotation = np.array([[np.cos(a), -np.sin(a)], [np.sin(a), np.cos(a)]])
    assert leaning_signs._corner_squash(pts @ rotation.T + (40, 60)) == pytest.approx(1.0)
    leaning = pts * (1.0, np.cos(np.deg2rad(30)))
    squash = leaning_signs._corner_squash(leaning @ rotation.T + (40, 60))
    assert squash == pytest.approx(1 / np.cos(np.deg2rad(30))) and squash > thresholds.LEANING_SQUASH


def test_a_fives_middle_pip_off_the_middle_does_not_count() -> None:
    square = np.array([(-9, -9), (9, -9), (9, 9), (-9, 9)], float)
    assert leaning_signs._corner_squash(np.vstack([square, [(3.0, 0.0)]])) == pytest.approx(1.0)


def test_corner_squash_of_pips_in_a_line_is_infinite() -> None:
    assert leaning_signs._corner_squash(np.array([(0, 0), (1, 1), (2, 2), (3, 3)], float)) == float("inf")


def test_the_fives_lying_flat_beside_it_are_not_foreshortened() -> None:
    """Fresh 51408's three 5s lying flat (their pips 1.01-1.02 times longer than wide) pass the
    same test: each is read."""
    scene = _fresh(51_408)
    flat = [d for d in scene.labels if not d.cocked]
    reading = reader.read_dice(scene.image, scene.view)
    assert len(flat) == 3 and all(
        any(np.hypot(d.x - r.x, d.y - r.y) < d.size / 2 and r.value == d.value for r in reading.dice) for d in flat)


def test_a_crescent_of_a_black_die_left_by_a_glare_on_its_middle_makes_the_frame_unsure(monkeypatch) -> None:
    """Fresh 80405, calibrated (under the cup): a glare on the middle of a black die showing its 1
    leaves a crescent of it dark, open where the glare reaches the edge, which the foreground's
    opening took. It fills 0.38 of its box, under the 0.45 such a piece had to fill to be asked
    of the network (now 0.35), so the die vanished: the frame was read "ok, 5 2", the 6 missing.
    Now the die round the crescent is found by the network's scan and confirmed by its pips: the
    frame is read ok, and right."""
    monkeypatch.setattr(thresholds, "LIT_ALONE_ASKED", False)   # (it would catch the rule-off reads below too)
    monkeypatch.setattr(thresholds, "FAINT_PIPS_FILLED", False)  # (its faint square catches them too)
    scene = _fresh(80_405)
    assert scene.view is View.BOTTOM and "glare" in scene.hard and len(scene.labels) == 3
    calibration = table_calibration(scene)
    reading = reader.read_dice(scene.image, scene.view, calibration=calibration)
    _, exact = match(reading, [Truth(d.value, d.x, d.y, d.size) for d in scene.labels])
    assert reading.ok and exact, (reading.reason, reading.values)
    # (The rules below are tested on the foreground as it was found: filled out to its hull,
    # BITTEN_DIE_SOLIDITY, the glared die is read by its own region.)
    monkeypatch.setattr(thresholds, "BITTEN_DIE_SOLIDITY", None)
    reading = reader.read_dice(scene.image, scene.view, calibration=calibration)
    assert reading.ok and match(reading, [Truth(d.value, d.x, d.y, d.size) for d in scene.labels])[1]
    monkeypatch.setattr(thresholds, "READ_FADED_IN_LIGHT", False)
    reading = reader.read_dice(scene.image, scene.view, calibration=calibration)
    assert reading.status is Status.UNSURE and reading.reason == reasons.FADED_IN_LIGHT
    assert _one_missing_and_boxed(reading, scene, reasons.FADED_IN_LIGHT)
    monkeypatch.setattr(thresholds, "OPENED_AWAY_JOIN", 0)     # (joined, the crescent fills more)
    monkeypatch.setattr(thresholds, "OPENED_AWAY_FILL", 0.45)
    assert reader.read_dice(scene.image, scene.view, calibration=calibration).ok


def test_a_glared_die_leaving_a_strip_of_its_side_is_not_lost(monkeypatch) -> None:
    """Fresh 29599, calibrated (under the cup): three big black dice, a glare on one that
    touches another. Only a strip of its side stays darker than the tray, 97 x 42 px for a die
    of 100: longer than wide by 2.3, past the 2.2 a piece the opening took could be (the rim's
    strips are longer and thinner), so the die vanished: the frame was read "ok, 6 1". Since
    (2.5) the frame was unsure there; now, the pieces the opening took joined
    (OPENED_AWAY_JOIN), the network's scan finds the die round them and its pips confirm it:
    the frame is read ok, and right."""
    monkeypatch.setattr(thresholds, "LIT_ALONE_ASKED", False)   # (it would catch the rule-off reads below too)
    monkeypatch.setattr(thresholds, "FAINT_PIPS_FILLED", False)  # (its faint square catches them too)
    scene = next(iter(dataset(1, seed=29_599, view=View.BOTTOM)))
    assert "glare" in scene.hard and len(scene.labels) == 3
    calibration = table_calibration(scene)
    reading = reader.read_dice(scene.image, scene.view, calibration=calibration)
    _, exact = match(reading, [Truth(d.value, d.x, d.y, d.size) for d in scene.labels])
    assert reading.ok and exact, (reading.reason, reading.values)
    monkeypatch.setattr(thresholds, "READ_FADED_IN_LIGHT", False)
    reading = reader.read_dice(scene.image, scene.view, calibration=calibration)
    assert reading.status is Status.UNSURE and reading.reason == reasons.FADED_IN_LIGHT
    assert _one_missing_and_boxed(reading, scene, reasons.FADED_IN_LIGHT)
    monkeypatch.setattr(thresholds, "OPENED_AWAY_JOIN", 0)     # (joined, the strip is less long)
    monkeypatch.setattr(thresholds, "OPENED_AWAY_ASPECT", 2.2)
    assert reader.read_dice(scene.image, scene.view, calibration=calibration).ok


@pytest.mark.parametrize("seed", [90_512, 90_930])
def test_a_whole_face_off_its_outlines_middle_is_a_leaning_die(monkeypatch, seed: int, model_of_2026_11_22) -> None:
    """Fresh 90512 and 90930 (seen from above): a die leans showing a 3, its side a dark strip
    beyond the face. The pips laid out the whole 3 off the outline's middle ("a die is leaning"),
    but the network read a 3 from the patch framed on the outline, which overruled them: both
    frames were read ok. A whole face of 2+ pips off the middle of an outline longer than a
    square now stays a leaning die, whatever the network reads.
    (Found with the face model of 2026-11-22, which this test reads with; the shipped model must
    read the frame right or doubt it.)"""
    scene = _fresh(seed)
    leaning = [d for d in scene.labels if d.cocked]
    assert scene.view is View.TOP and len(leaning) == 1 and leaning[0].face == 3
    assert_not_wrong(model_of_2026_11_22(scene.image, scene.view), scene)
    reading = reader.read_dice(scene.image, scene.view)
    assert reading.status is Status.UNSURE and reading.reason == reasons.FACE_OFF_MIDDLE
    assert _boxed_near(reading, leaning[0], reasons.FACE_OFF_MIDDLE)     # shown on the evidence photo
    assert not any(np.hypot(leaning[0].x - r.x, leaning[0].y - r.y) < leaning[0].size for r in reading.dice)
    monkeypatch.setattr(thresholds, "WHOLE_FACE_ASIDE", False)
    # (Judged on the network's steady look, as a face off its outline's middle is since
    # 2026-11-27, the die is doubted too: the frames were read ok on its single look.)
    assert not reader.read_dice(scene.image, scene.view).ok
    monkeypatch.setattr(classifier, "STEADY_NO_FACE_MAX", None)
    if seed == 90_512:
        # (The network read the 3 on the outline's middle, where no middle pip stands out: the
        # glare rule doubts it too, and the frame is read ok only with that off as well.)
        assert reader.read_dice(scene.image, scene.view).reason == reasons.GLARED_MIDDLE
        monkeypatch.setattr(thresholds, "MIDDLE_PIP_MIN", None)
    assert reader.read_dice(scene.image, scene.view).ok


def test_a_lone_pip_off_the_middle_is_still_left_to_the_network() -> None:
    """A face of one pip says nothing of a lean (a shadow or a neighbour taken into a flat die's
    outline moves its middle): nor does a whole face in a square outline."""
    image = np.full((100, 100, 3), 230, np.uint8)
    for x, y in ((38, 38), (50, 50), (62, 62)):             # a 3, whole, in the box's middle
        cv2.circle(image, (x, y), 4, (20, 20, 20), -1)
    square = outlines.Blob(area=1600, rect=((50.0, 50.0), (40.0, 40.0), 0.0), box=(30, 30, 40, 40),
                           mask=np.full((40, 40), 255, np.uint8), thickness=20.0)
    longer = outlines.Blob(area=2000, rect=((50.0, 55.0), (40.0, 50.0), 0.0), box=(30, 30, 40, 50),
                           mask=np.full((50, 40), 255, np.uint8), thickness=20.0)
    assert not leaning_signs.whole_face_aside(image, square, 3)
    assert not leaning_signs.whole_face_aside(image, longer, 1)
    assert leaning_signs.whole_face_aside(image, longer, 3)


def test_a_threes_middle_pip_washed_out_by_a_glare_is_not_read_as_a_two(monkeypatch, model_of_2026_11_22) -> None:
    """Fresh 70345 (under the cup, Asian dice): a glare washed out a 3's middle pip, its corners
    fit a 2, and the network, giving 2 0.53 and 3 0.39, let that stand: the frame was read ok
    with a 5 where the players see a 4. Now that die is "unclear" and the frame unsure.
    (Found with the face model of 2026-11-22, which this test reads with; the shipped model must
    read the frame right or doubt it.) What is left of the pip leans to the pips' colour, so
    the face is not read (MIDDLE_SHADE_MAX); without that check, the network's 3 still stands
    against the pips' 2. (The frame as it was drawn then, pinned: drawn again since the
    renderer's touching dice were mended, its other die is doubted too.)"""
    scene, _ = pinned_frame(70_345)
    washed = [d for d in scene.labels if d.face == 3]
    assert scene.view is View.BOTTOM and "glare" in scene.hard and len(washed) == 1
    assert_not_wrong(model_of_2026_11_22(scene.image, scene.view), scene)
    # Since the network reads a face whose pips fit no layout with "no readable face" up to 0.1
    # (classifier.NO_LAYOUT_NO_FACE_MAX), it reads this one; its middle is measured in turn and
    # doubted: the frame is unsure still, the die boxed and not read.
    reading = reader.read_dice(scene.image, scene.view)
    assert reading.status is Status.UNSURE and reading.reason == reasons.GLARED_MIDDLE
    assert _boxed_near(reading, washed[0], reasons.GLARED_MIDDLE)
    assert not any(np.hypot(washed[0].x - r.x, washed[0].y - r.y) < washed[0].size for r in reading.dice)
    # At the bound's earlier 0.05 the network did not read it: its pips decide.
    monkeypatch.setattr(classifier, "NO_LAYOUT_NO_FACE_MAX", 0.05)
    hidden = reasons.SMUDGED
    for shade_max, why in ((thresholds.MIDDLE_SHADE_MAX, hidden), (None, DISAGREE)):
        monkeypatch.setattr(thresholds, "MIDDLE_SHADE_MAX", shade_max)
        reading = reader.read_dice(scene.image, scene.view)
        assert reading.status is Status.UNSURE and reading.reason == why
        assert _boxed_near(reading, washed[0], why)
        assert not any(np.hypot(washed[0].x - r.x, washed[0].y - r.y) < washed[0].size for r in reading.dice)
    monkeypatch.setattr(classifier, "MIDDLE_PIP_RIVAL", 0.0)
    wrong = reader.read_dice(scene.image, scene.view)
    assert wrong.ok and 5 in wrong.values and 4 not in wrong.values


def test_a_dark_die_by_the_rims_corner_is_not_lost_without_a_word(monkeypatch, model_of_2026_11_22) -> None:
    """Fresh 101451 (under the cup, uncalibrated, no hard case but "touching" and "rim"): two
    black dice touch near the tray's dark corner. The foreground's median there took in the rim
    and both dice, was as dark as they are, and the corner die was the tray: the frame was read
    ok with one die. The coarse first look kept that die's outline; it now makes the frame
    unsure, the die boxed on the evidence photo, when the whole frame is read. With the tray
    inside its rim found (AUTO_TRAY), the rim is out of the median and both dice are read.
    (Found with the face model of 2026-11-22, which this test reads with; the shipped model must
    read the frame right or doubt it. The frame as it was drawn then, pinned: drawn again since
    the renderer's touching dice were mended, the die is caught by a stray dark spot first.)"""
    scene, _ = pinned_frame(101_451)
    assert scene.style == "black" and "rim" in scene.hard and len(scene.labels) == 2
    assert_not_wrong(model_of_2026_11_22(scene.image, scene.view), scene)
    found = reader.read_dice(scene.image, scene.view)
    _, exact = match(found, [Truth(d.value, d.x, d.y, d.size) for d in scene.labels])
    assert found.ok and exact, (found.reason, found.values)
    monkeypatch.setattr(thresholds, "AUTO_TRAY", False)
    # (The die read then takes in a piece of the one lost beside it: its face off its outline's
    # middle, it is doubted first, LONE_FACE_OFF_MIDDLE.)
    first = reader.read_dice(scene.image, scene.view)
    assert first.status is Status.UNSURE and first.reason == LEANING
    monkeypatch.setattr(thresholds, "LONE_FACE_OFF_MIDDLE", None)
    reading = reader.read_dice(scene.image, scene.view)
    assert reading.status is Status.UNSURE and reading.reason == reasons.LOST_BY_EDGE
    read = [d for d in scene.labels if any(np.hypot(d.x - r.x, d.y - r.y) < d.size / 2 for r in reading.dice)]
    lost = [d for d in scene.labels if d not in read]
    assert len(lost) == 1 and _boxed_near(reading, lost[0], reasons.LOST_BY_EDGE)
    monkeypatch.setattr(thresholds, "EDGE_LOST", False)
    # (The coarse look's region round both dice, which the one die read does not account for,
    # makes the frame unsure too: thresholds.COARSE_COVERED.)
    also = reader.read_dice(scene.image, scene.view)
    assert also.status is Status.UNSURE and also.reason == reasons.NOT_READABLE
    monkeypatch.setattr(thresholds, "COARSE_COVERED", False)
    wrong = reader.read_dice(scene.image, scene.view)
    assert wrong.ok and len(wrong.dice) == 1


def test_only_a_hollow_square_a_die_across_is_a_lost_outline() -> None:
    """The rim's corners (Ls), solid shadows and outlines of two dice are not a lost die's outline."""
    coarse = np.zeros((200, 200), np.uint8)
    cv2.rectangle(coarse, (40, 40), (80, 80), 255, 4)                 # a die's outline, hollow
    cv2.rectangle(coarse, (150, 10), (190, 16), 255, -1)               # the rim's corner, an L
    cv2.rectangle(coarse, (184, 10), (190, 50), 255, -1)
    cv2.rectangle(coarse, (130, 130), (170, 170), 255, -1)            # a solid shadow
    cv2.rectangle(coarse, (20, 130), (100, 170), 255, 4)               # an outline two dice long
    lost = outlines.lost_outlines((coarse, 1.0), np.zeros_like(coarse), [], 40.0, coarse.shape)
    assert [tuple(round(v) for v in b.rect[0]) for b in lost] == [(60, 60)]
    # ... and not where a die was read, nor where the fine look kept it
    assert not outlines.lost_outlines((coarse, 1.0), np.zeros_like(coarse), [(60.0, 60.0)], 40.0, coarse.shape)
    assert not outlines.lost_outlines((coarse, 1.0), coarse, [], 40.0, coarse.shape)


def test_a_leaning_die_faded_under_the_cup_is_not_lost_without_a_word(monkeypatch) -> None:
    """Seed 90000's 90775 (under the cup, blurred): a wooden die leans, only its edge on the
    tray, and shows faded: about 20 from the tray's colour where the foreground's floor is 28.
    It was never found, and the frame was read ok with the other die alone. A die-sized square
    a little unlike the tray, off every die, now makes it unsure, boxed on the evidence photo."""
    scene = next(iter(dataset(1, seed=90_775, view=View.BOTTOM)))
    leaning = [d for d in scene.labels if d.cocked]
    assert "blur" in scene.hard and len(leaning) == 1 and len(scene.labels) == 2
    reading = reader.read_dice(scene.image, scene.view)
    assert reading.status is Status.UNSURE and reading.reason == reasons.FADED
    assert _boxed_near(reading, leaning[0], reasons.FADED)
    monkeypatch.setattr(thresholds, "FAINT_SQUARES", False)
    wrong = reader.read_dice(scene.image, scene.view)
    assert wrong.ok and len(wrong.dice) == 1


def _faded_until_rule_off(monkeypatch, scene, calibration, rule: str, off, *, also_off: tuple[str, ...] = ()
                          ) -> None:
    """The frame is unsure for a die faded into the tray (FADED), not read wrong, the one die
    missing boxed there; with thresholds.``rule`` set to ``off`` it is read ok a die short
    (``also_off``: later rules that catch the die too, switched off (False) with it)."""
    reading = reader.read_dice(scene.image, scene.view, calibration=calibration)
    assert_not_wrong(reading, scene)
    assert reading.status is Status.UNSURE and reading.reason == reasons.FADED
    assert _one_missing_and_boxed(reading, scene, reasons.FADED)
    monkeypatch.setattr(thresholds, rule, off)
    for later in also_off:
        monkeypatch.setattr(thresholds, later, False)
    wrong = reader.read_dice(scene.image, scene.view, calibration=calibration)
    assert wrong.ok and len(wrong.dice) == len(scene.labels) - 1


def test_a_faint_die_touching_another_under_the_cup_is_not_lost_without_a_word(monkeypatch) -> None:
    """Fresh 390535, calibrated (under the cup): two blue dice touching, through the frosted tray
    hardly more unlike it than the foreground's floor. The network's scan finds one; the other
    was found only round the piece of it the opening took, and with the frame halved first
    (HALF_FIRST) that piece is no longer die-like: the frame was read "ok, 6", a die missing.
    The faint look holds the two as one shape no square fits (not a faint square), but a solid
    piece of it, half a die and more, lies outside every die read, and the network sees a die
    there: the frame is unsure, boxed where the die is."""
    scene = next(iter(dataset(1, seed=390_535, view=View.BOTTOM)))
    assert scene.readable and len(scene.labels) == 2
    _faded_until_rule_off(monkeypatch, scene, table_calibration(scene), "FAINT_LEFT_OVER", None)


def test_a_blurred_white_die_whose_pips_ran_into_bars_is_not_lost_without_a_word(monkeypatch) -> None:
    """Fresh 602215, calibrated (under the cup, blurred and noised): two white dice on a light
    grey tray. The 6's pips are blurred into two bars across it: the foreground, at its floor of
    28, keeps only slivers of the die between them, which its opening takes; the faint look holds
    the whole die, but with the bars as holes in it, and was opened away too. The 3 was found by
    its pips alone, and the frame was read "ok, 4", a die missing. The faint look's holes are
    now filled as the foreground's are: the 6 is a faint square off every die, the network sees a
    die there, and the frame is unsure, boxed where the die is. (Since ROW_TURNED the bars,
    turned across the die, are pip-like spots too, and the frame stays unsure with the faint
    look's holes unfilled: switched off with it to show what the filling mends.)"""
    scene, calibration = pinned_frame(602_215)
    assert scene.view is View.BOTTOM and "blur" in scene.hard and len(scene.labels) == 2
    _faded_until_rule_off(monkeypatch, scene, calibration, "FAINT_PIPS_FILLED", False, also_off=("ROW_TURNED",))


def test_a_die_in_the_trays_dim_corner_seen_from_above_is_not_lost_without_a_word(monkeypatch) -> None:
    """Fresh 508202 (from above, uncalibrated): six wooden dice, blurred, the tray's light
    falling off towards its corners. The 5 in the top right corner is as dark as the tray there
    is dim, 16-28 from it in the foreground's distance where the floor is 28: no region, no
    scan, and the frame was read "ok" with five dice. A solid piece of the faint look, outside
    every die read, where the network sees a die, is asked of from above too
    (FAINT_LEFT_OVER_TOP): the frame is unsure, boxed where the die is."""
    scene, _ = pinned_frame(508_202)
    assert scene.view is View.TOP and scene.readable and len(scene.labels) == 6
    _faded_until_rule_off(monkeypatch, scene, None, "FAINT_LEFT_OVER_TOP", False)


def test_a_die_half_under_the_cups_rim_seen_from_above_is_not_lost_without_a_word(monkeypatch) -> None:
    """Fresh 538094 (from above, uncalibrated): a dark green cup's rim over a third of the tray
    hides half a wooden 1, its one pip on the rim's edge. The rim bites into the tray (no tray
    found) and is not dark enough to count as covering it; what shows of the die is no die's
    shape and has no pips, and was let go as a rim fragment: the frame was read "ok" with three
    dice of four. Such a piece where the network, framing a whole die round it, sees a die is a
    die partly hidden (PIPLESS_PIECE): the frame is unsure, boxed where the die is."""
    scene, _ = pinned_frame(538_094)
    assert scene.view is View.TOP and not scene.readable and len(scene.labels) == 4
    reading = reader.read_dice(scene.image, scene.view)
    assert reading.status is Status.UNSURE and reading.reason == LEANING
    assert _one_missing_and_boxed(reading, scene, LEANING)
    monkeypatch.setattr(thresholds, "PIPLESS_PIECE", None)
    wrong = reader.read_dice(scene.image, scene.view)
    assert wrong.ok and len(wrong.dice) == 3


def test_the_trays_light_falling_off_by_the_rim_is_not_a_faint_die(monkeypatch) -> None:
    """Frame 11513, calibrated (under the cup, uneven light): four wooden dice. The tray darkens
    towards the rim, and between two dice by it the faint look leaves a solid piece outside
    every die; the network sees no die there (p 0.86), not surely (0.9) but plainly, and the
    frame is read ok and right. Asked only to be not sure of no die, as a faint square is, it
    was unsure."""
    scene = _fresh(11_513)
    assert scene.view is View.BOTTOM and "uneven" in scene.hard
    calibration = table_calibration(scene)
    truths = [Truth(d.value, d.x, d.y, d.size) for d in scene.labels]
    reading = reader.read_dice(scene.image, scene.view, calibration=calibration)
    assert reading.ok and match(reading, truths) == (len(truths), True)
    monkeypatch.setattr(thresholds, "FAINT_LEFT_OVER_SEEN", thresholds.NOT_A_DIE)
    doubted = reader.read_dice(scene.image, scene.view, calibration=calibration)
    assert doubted.status is Status.UNSURE and doubted.reason == reasons.FADED


def test_only_a_solid_faint_piece_outside_every_die_and_region_is_left_over() -> None:
    faint = np.zeros((200, 300), np.uint8)
    cv2.rectangle(faint, (20, 20), (99, 59), 255, -1)      # two dice side by side, one read
    cv2.rectangle(faint, (120, 20), (199, 25), 255, -1)    # a strip, not a die
    cv2.rectangle(faint, (20, 120), (59, 159), 255, -1)    # a die read there, its blur round it
    cv2.rectangle(faint, (16, 116), (63, 163), 255, 2)
    found = [(1, 1.0, 40.0, 40.0, 40.0, 0.0), (2, 1.0, 40.0, 140.0, 40.0, 0.0)]
    left = outlines.faint_left_over(faint, 1.0, faint.shape, [], found, 40.0)
    assert [tuple(round(v) for v in b.rect[0]) for b in left] == [(82, 40)]     # the part no die read covers
    # ... not a piece of a region already doubted (boxed on its own)
    blob = outlines.find_blobs(np.pad(np.full((40, 40), 255, np.uint8), ((20, 140), (60, 200))), 1.0)[0]
    assert not outlines.faint_left_over(faint, 1.0, faint.shape, [blob], found, 40.0)
    # ... nor a sliver of a die read: the die is turned, its square too
    turned = np.zeros((200, 300), np.uint8)
    cv2.fillConvexPoly(turned, np.round(cv2.boxPoints(((150, 100), (44, 44), 30))).astype(np.int32), 255)
    assert not outlines.faint_left_over(turned, 1.0, turned.shape, [], [(3, 1.0, 150.0, 100.0, 40.0, 30.0)], 40.0)


def test_only_a_die_sized_faint_shape_off_every_die_is_a_faded_die() -> None:
    faint = np.zeros((200, 300), np.uint8)
    cv2.rectangle(faint, (20, 20), (59, 47), 255, -1)      # 40 x 28: a leaning die, foreshortened
    cv2.rectangle(faint, (100, 20), (179, 27), 255, -1)    # a strip, not a die
    cv2.rectangle(faint, (20, 120), (59, 159), 255, -1)    # a die read there
    cv2.rectangle(faint, (200, 120), (299, 199), 255, -1)  # a patch two dice across
    found = outlines.faint_squares(faint, 1.0, faint.shape, [], [(40.0, 140.0)], 40.0)
    assert [tuple(round(v) for v in b.rect[0]) for b in found] == [(40, 34)]


@pytest.mark.parametrize("seed", [10_781, 11_000, 11_314])
def test_a_flat_die_cut_from_its_neighbour_is_doubted_whatever_its_look(monkeypatch, seed: int) -> None:
    """Frames 10781 (under the cup: two pairs of red dice side by side), 11000 (from above: two
    pairs of black dice) and 11314 (from above, blurred: two dice): dice touching, cut apart by a
    straight line, a piece not square round its face. The network read those faces flat on both
    its looks, and until 2026-11-26 that read them (SIDE_BY_SIDE_SURE 0.02), rightly; but dice
    leaning on a neighbour, cut so, read just as flat to the network
    (test_a_die_leaning_on_its_neighbour_is_not_read_flat). They are doubted now, the frames
    unsure: the price of never reading such a leaning die flat. (Under the cup, 10781's dice
    are read since by their faces, as light as their flat neighbours': test_reader_side_by_side;
    here that rule is switched off, as is the network's look at each die with its neighbours
    painted over, SIDE_BY_SIDE_ALONE, that reads 11314 since 2026-11-27.)"""
    monkeypatch.setattr(thresholds, "SIDE_BY_SIDE_AS_BRIGHT", None)
    monkeypatch.setattr(thresholds, "SIDE_BY_SIDE_ALONE", None)
    scene = _fresh(seed)
    assert scene.readable and "touching" in scene.hard
    assert reader.read_dice(scene.image, scene.view).status is Status.UNSURE
    monkeypatch.setattr(thresholds, "SIDE_BY_SIDE_SURE", 0.02)
    truths = [Truth(d.value, d.x, d.y, d.size) for d in scene.labels]
    read = reader.read_dice(scene.image, scene.view)
    assert read.ok and match(read, truths) == (len(truths), True)


@pytest.mark.parametrize("seed, calibrated, flat_at_0_02", [
    (359_182, False, True), (359_182, True, True), (359_528, True, True),
    (358_462, True, False), (330_886, True, False)])
def test_a_die_leaning_on_its_neighbour_is_not_read_flat(monkeypatch, seed: int, calibrated: bool,
                                                         flat_at_0_02: bool) -> None:
    """Fresh 359182 (a white 4) and 359528 (a white 3), from above: a die leans on its neighbour,
    cut from it by a straight line, its pips laying out its face; the network doubts that face
    0.008-0.017 on both its looks, within SIDE_BY_SIDE_SURE's 0.02 of 2026-11-25, and the frame
    was read ok, the leaning die flat. Fresh 358462 (a wooden 2 leaning on a 4) and 330886 (an
    Asian 2), calibrated, were read so when the network's look framed on the face alone was
    judged (0.0197 and 0.008 framed on the piece). A die cut so is read only if it lies plainly
    flat: the frame is unsure, the leaning die boxed; with the old allowance the first three are
    read flat again (``flat_at_0_02``), the last two stay doubted on the other look."""
    scene = next(iter(dataset(1, seed=seed, view=View.TOP)))
    (leaning,) = [d for d in scene.labels if d.cocked]
    calibration = table_calibration(scene) if calibrated else None
    reading = reader.read_dice(scene.image, scene.view, calibration=calibration)
    assert reading.status is Status.UNSURE and reading.reason == LEANING
    assert _boxed_near(reading, leaning, LEANING)
    monkeypatch.setattr(thresholds, "SIDE_BY_SIDE_SURE", 0.02)
    _side_step_off(monkeypatch)      # (359182's leaning 4 is doubted by its side's straight edge too)
    before = reader.read_dice(scene.image, scene.view, calibration=calibration)
    assert before.ok == flat_at_0_02
    if flat_at_0_02:
        assert len(before.dice) == len(scene.labels)      # the leaning die read flat: wrong


def test_a_die_read_alone_beside_a_face_off_its_outlines_middle_is_doubted(monkeypatch) -> None:
    """Fresh 598144, from above: a glared red 5 leans on a flat 2. The 5's pips fit no layout
    (the glare), and the network alone read it 5 (its doubt 0.097: over the 0.03 a die is read
    alone plainly with, within the 0.1 allowed a face whose pips are no more than it reads); the
    2's face lies off its outline's middle (the 5 hides part of it), which the network overrules.
    The frame was read ok, six dice, the leaning one flat. A die read so beside a face off its
    outline's middle is doubted: the frame is unsure, the 5 boxed and not among the dice."""
    scene = next(iter(dataset(1, seed=598_144, view=View.TOP)))
    (leaning,) = [d for d in scene.labels if d.cocked]
    reading = reader.read_dice(scene.image, scene.view)
    assert reading.status is Status.UNSURE and reading.reason == LEANING
    assert _boxed_near(reading, leaning, LEANING)
    assert not any(np.hypot(leaning.x - d.x, leaning.y - d.y) < leaning.size / 2 for d in reading.dice)
    monkeypatch.setattr(thresholds, "BESIDE_OFF_MIDDLE", None)
    before = reader.read_dice(scene.image, scene.view)
    assert before.ok and len(before.dice) == len(scene.labels)       # the leaning die read flat


def test_a_die_plainly_flat_beside_another_is_read_whatever_its_neighbour() -> None:
    """Frame 11040 (seen from above): dice touching, cut apart by a straight line. A die cut so
    was read only when every other die of its clump lay plainly flat, for the earlier face
    model's 10152: a leaning 6 that model read flat, beside a flat 2. That 6 was drawn with its
    side toward the 2; drawn away, as a die leaning on another shows it, no frame needs the
    rule, and it cost 12-28 frames of 2,000 (11040 among them). (Frame 11000, whose cut dice
    were read by their pips and look alone, is doubted since SIDE_BY_SIDE_SURE went.)"""
    scene = _fresh(11_040)
    assert scene.readable and scene.view is View.TOP
    reading = reader.read_dice(scene.image, scene.view)
    assert reading.ok, reading.reason
    assert_not_wrong(reading, scene)
    assert len(reading.dice) == len(scene.labels)


def test_the_frame_of_a_six_leaning_beside_a_flat_two_is_not_taken() -> None:
    """Frame 10152 (calibrated), the frame that rule was for: a 6 leaning beside a flat 2, its
    side now drawn away from it. The frame stays unsure."""
    scene = _fresh(10_152)
    assert any(d.cocked and d.face == 6 for d in scene.labels)
    assert not reader.read_dice(scene.image, scene.view, calibration=table_calibration(scene)).ok


def test_a_faint_band_on_one_side_of_a_die_reaches_out_a_ring_round_it_does_not() -> None:
    die = np.zeros((120, 120), np.uint8)
    cv2.rectangle(die, (40, 40), (79, 79), 255, -1)                 # a die 40 px square
    (blob,) = outlines.find_blobs(die)
    ring = cv2.dilate(die, np.ones((7, 7), np.uint8))               # a faint halo all round
    assert leaning_signs.faint_side(ring, 1.0, blob, []) < 0.05
    side = ring.copy()
    cv2.rectangle(side, (80, 40), (95, 79), 255, -1)                # its side, faded, on the right
    # (16 px past the face on the right, less the halo's 3 on the left)
    assert leaning_signs.faint_side(side, 1.0, blob, []) == pytest.approx(13 / 40, abs=0.03)
    # A neighbour's pixels, nearer its own centre, are not this die's reach.
    beside = ring.copy()
    cv2.rectangle(beside, (80, 40), (125, 79), 255, -1)
    assert leaning_signs.faint_side(beside, 1.0, blob, [(103.0, 60.0)]) < 0.15
    # Worked out at the foreground's scale: the same die at half size reads the same.
    half = cv2.resize(side, (60, 60), interpolation=cv2.INTER_NEAREST)
    assert leaning_signs.faint_side(half, 0.5, blob, []) == pytest.approx(13 / 40, abs=0.06)
    # Nothing faint at the die's centre: nothing to say.
    assert leaning_signs.faint_side(np.zeros_like(die), 1.0, blob, []) == 0.0


@pytest.mark.parametrize("seed, pinned", [(150_913, False), (151_305, True)])
def test_a_leaning_die_whose_side_faded_out_of_its_outline_is_not_read_as_flat(
        seed: int, pinned: bool, monkeypatch, model_of_2026_11_22) -> None:
    """Fresh frames under the cup with a die leaning on another: its side, lit less, falls out of
    the foreground, leaving an outline square round its face, and the network doubted the face
    too little to stop it (0.06-0.18, under the 0.3 a die square round its face is allowed).
    Faint, the side still shows on one side of the face: the die does not lie plainly flat.
    (151305 as it was drawn then, pinned: drawn again since the renderer's touching dice were
    mended, it is doubted without this rule, as is 150443, and no frame found since needs the
    rule calibrated: 2,000 fresh frames and 1,000 of four dice, one leaning, searched.)
    (Found with the face model of 2026-11-22, which this test reads with; the shipped model must
    read the frame right or doubt it.)"""
    # 150913 read uncalibrated; 151305 pinned, and read calibrated.
    scene, calibration = pinned_frame(seed) if pinned else (_fresh(seed), None)
    assert scene.view is View.BOTTOM and not scene.readable and (calibration is not None) == pinned
    assert any(d.cocked for d in scene.labels)
    assert_not_wrong(model_of_2026_11_22(scene.image, scene.view, calibration=calibration), scene)
    reading = reader.read_dice(scene.image, scene.view, calibration=calibration)
    assert reading.status is Status.UNSURE and reading.reason == LEANING
    leaning = next(d for d in scene.labels if d.cocked)
    assert _boxed_near(reading, leaning, LEANING)
    monkeypatch.setattr(thresholds, "FAINT_SIDE_MAX", None)
    if pinned:
        # (The network's steady look doubts it too, since 2026-11-27: STEADY_LEANING_MIN.)
        assert not reader.read_dice(scene.image, scene.view, calibration=calibration).ok
    monkeypatch.setattr(classifier, "STEADY_LEANING_MIN", None)
    assert reader.read_dice(scene.image, scene.view, calibration=calibration).ok    # confidently wrong


def test_a_pip_beyond_the_dice_found_in_a_region_keeps_it_doubted(monkeypatch) -> None:
    """Fresh 34852 (seen from above, uncalibrated): a dark cover hides most of the tray; a white 5
    lies whole beside it and a 3 shows a strip of itself at its edge, one region with the 5. The
    network's scan finds the 5 in it, and the strip left over was too thin to count: the frame was
    read ok with only the 5 (four dice missing). The strip holds a pip no die found reaches, so
    the region stays doubted."""
    scene = next(iter(dataset(1, seed=34_852, view=View.TOP)))
    assert not scene.readable and len(scene.labels) == 5
    reading = reader.read_dice(scene.image, scene.view)
    assert_not_wrong(reading, scene)
    three = [d for d in scene.labels if d.value == 3][0]
    assert reading.status is Status.UNSURE and _boxed_near(reading, three, reasons.NOT_READABLE)
    monkeypatch.setattr(thresholds, "PIPS_BEYOND_DICE", False)
    assert reader.read_dice(scene.image, scene.view).ok   # confidently wrong


def test_a_half_hidden_dies_pip_near_a_die_measured_large_is_beyond_it(monkeypatch) -> None:
    """Fresh 494978 (from above, uncalibrated): every die touches another, and the cup's rim,
    lighter than a cover is taken to be, lies over the tray's corner, its pieces measured with the
    dice: the die size came out 36.7 px for dice of 27 (33 with their shadows). Half a 3 shows
    beside a 4 under the rim's edge, one region with it; the network's scan finds the 4, and the
    3's two pips in view lie 17.5 and 21.6 px from it, within 0.6 of that size (22 px): the frame
    was read ok with five dice of six. Within 0.55 (20.2 px) the 4's own pips lie (10 px here);
    the 3's farther one does not, and the region stays doubted."""
    scene, _ = pinned_frame(494_978)
    assert not scene.readable and len(scene.labels) == 6
    hidden = next(d for d in scene.labels if d.occluded)
    reading = reader.read_dice(scene.image, scene.view)
    assert_not_wrong(reading, scene)
    assert reading.status is Status.UNSURE and _boxed_near(reading, hidden, reasons.NOT_READABLE)
    monkeypatch.setattr(thresholds, "PIPS_BEYOND_REACH", 0.6)
    wrong = reader.read_dice(scene.image, scene.view)
    assert wrong.ok and len(wrong.dice) == 5     # confidently wrong: a die missing


def test_pips_beyond_are_those_no_die_found_reaches() -> None:
    image = np.full((120, 240, 3), 90, np.uint8)
    image[40:80, 70:150] = 235                      # two white dice side by side, 40 px each
    for x in (90, 130):
        cv2.circle(image, (x, 60), 5, (20, 20, 20), -1)   # a pip in the middle of each
    mask = np.zeros((120, 240), np.uint8)
    mask[40:80, 70:150] = 255
    (blob,) = outlines.find_blobs(mask)
    assert sorted(round(x) for x, _, _ in pip_faces.pips_in(image, blob)) == [90, 130]
    assert not scan.pips_beyond(image, blob, [(90.0, 60.0), (130.0, 60.0)], 40.0)
    assert scan.pips_beyond(image, blob, [(90.0, 60.0)], 40.0)


def test_a_pip_off_a_found_dies_edge_is_beyond_it_though_its_side_was_measured_large() -> None:
    """34852 with touching dice drawn edge to edge (the renderer's mend, BENCHMARKS.md): a strip of
    a white 3 beside a whole 5, one region; the network's scan finds the 5, and the strip's one
    pip in view lies 0.77 of the dice's side off its centre, straight off its edge. The reader,
    measuring the dice with their shadows, took a side 1.12 times theirs: a reach of 0.75 of that
    covered the pip, and the frame was read ok with the 5 alone. A die's own pips lie within 0.42
    of its side from its centre; a reach of 0.6 leaves room for a centre found a little off."""
    def region(width: int) -> tuple[np.ndarray, outlines.Blob]:
        """A white 4 at x 70-110 (its pips 0.42 sides from its middle), in a region ``width`` wide."""
        image = np.full((120, 240, 3), 90, np.uint8)
        image[40:80, 70:70 + width] = 235
        for x, y in ((78, 48), (102, 48), (78, 72), (102, 72)):
            cv2.circle(image, (x, y), 4, (20, 20, 20), -1)
        mask = np.zeros((120, 240), np.uint8)
        mask[40:80, 70:70 + width] = 255
        (blob,) = outlines.find_blobs(mask)
        return image, blob

    image, blob = region(80)                        # and a die beside it, edge to edge
    cv2.circle(image, (119, 49), 4, (20, 20, 20), -1)     # its corner pip, 0.78 sides from the 4's middle
    assert len(pip_faces.pips_in(image, blob)) == 5
    assert scan.pips_beyond(image, blob, [(90.0, 60.0)], 1.12 * 40)   # the side measured large
    image, blob = region(40)                        # the 4 alone: its own pips are not beyond it
    assert len(pip_faces.pips_in(image, blob)) == 4
    assert not scan.pips_beyond(image, blob, [(90.0, 60.0)], 40.0)


def test_a_die_the_network_plainly_sees_leaning_stays_doubted_whatever_its_scan_reads(monkeypatch) -> None:
    """Fresh 34200 (seen from above, uncalibrated): a 3 leans, alone. Its pips lay out a 3; the
    network, shown the whole die, sees a die with no readable face (0.85) and the die is doubted.
    Its scan, framing the face alone, then read a flat 3 there and cleared the doubt: the frame
    was read ok with the leaning die in it."""
    scene = next(iter(dataset(1, seed=34_200, view=View.TOP)))
    leaning = [d for d in scene.labels if d.cocked]
    assert len(leaning) == 1 and leaning[0].value == 3
    reading = reader.read_dice(scene.image, scene.view)
    assert reading.status is Status.UNSURE and _boxed_near(reading, leaning[0], LEANING)
    monkeypatch.setattr(thresholds, "LEANING_SURE", 1.01)
    assert reader.read_dice(scene.image, scene.view).ok   # confidently wrong


def test_a_small_die_the_network_more_than_half_sees_leaning_stays_doubted(monkeypatch) -> None:
    """Fresh 457578 (from above, calibrated, blurred and noisy; dice 24 px): a white 1 leans, its
    grey side beside the face. Its pip fits a 1; the network, shown the whole die, sees a die
    with no readable face (0.59) and the die is doubted. Its scan, framing the face alone, then
    read a flat 1 there and cleared the doubt: the frame was read ok. Over LEANING_SURE (0.55)
    the doubt stays; at the old 0.8 it is cleared."""
    scene, calibration = pinned_frame(457_578)
    (leaning,) = [d for d in scene.labels if d.cocked]
    reading = reader.read_dice(scene.image, scene.view, calibration=calibration)
    assert reading.status is Status.UNSURE and _boxed_near(reading, leaning, LEANING)
    monkeypatch.setattr(thresholds, "LEANING_SURE", 0.8)
    # (The scan's 1 lies off the middle of the outline the die's side widens: since 2026-12-01
    # that leaves the doubt too, thresholds.SCAN_OFF_LONE_BLOB.)
    assert reader.read_dice(scene.image, scene.view, calibration=calibration).status is Status.UNSURE
    monkeypatch.setattr(thresholds, "SCAN_OFF_LONE_BLOB", None)
    # (Since 2026-12-04 the side's straight edge of a die the scan reads doubts it too:
    # thresholds.SIDE_STEP_SCANNED, off here.)
    monkeypatch.setattr(thresholds, "SIDE_STEP_SCANNED", False)
    assert reader.read_dice(scene.image, scene.view, calibration=calibration).ok   # confidently wrong


def test_a_four_the_network_read_alone_foreshortened_is_a_die_leaning(monkeypatch) -> None:
    """Fresh 41454 (seen from above, uncalibrated): a white 4 leans on a 5, its side (away from
    the 5) hardly lighter than the grey tray, so its outline is nearly square. Its pips lie on
    a face 1.3 times longer than wide, which fits no layout seen square on; the network, alone,
    read a flat 4 (0.95), and the frame was read ok with the leaning die in it. A 4 or a 5 the
    network reads alone is asked, as one the pips read is, whether its pips lie foreshortened.
    (The frame as it was drawn then, pinned: drawn again since the renderer's touching dice
    were mended, the 4 is doubted without this, and no frame found since needs it.)"""
    scene, _ = pinned_frame(41_454)
    leaning = [d for d in scene.labels if d.cocked]
    assert len(leaning) == 1 and leaning[0].value == 4 and not scene.readable
    reading = reader.read_dice(scene.image, scene.view)
    assert reading.status is Status.UNSURE and reading.reason == LEANING
    assert _boxed_near(reading, leaning[0], LEANING)        # shown on the evidence photo
    monkeypatch.setattr(thresholds, "SQUASH_NETWORK_READ", False)
    assert reader.read_dice(scene.image, scene.view).ok     # confidently wrong


def test_a_four_the_network_read_alone_in_a_blurred_frame_foreshortened_is_a_die_leaning(monkeypatch) -> None:
    """Fresh 382144 (seen from above, uncalibrated, blurred): a wooden 4 leans, alone, a glare
    on it. Its pips lie on a face 1.2 times longer than wide, but the blur and the glare moved
    them off any layout by 0.23 of a pip step, more than SQUASH_NETWORK_READ lets a face read by
    the network alone be asked of its squash (a glare smudges a flat die's pips into a squashed
    face too: 41454 above). The network read a flat 4 (0.94): the frame was read ok with the
    leaning die in it. In a blurred frame the squash alone decides."""
    scene, _ = pinned_frame(382_144)
    leaning = [d for d in scene.labels if d.cocked]
    assert len(leaning) == 1 and leaning[0].value == 4 and not scene.readable
    reading = reader.read_dice(scene.image, scene.view)
    assert reading.sharpness < thresholds.MIN_SHARPNESS
    assert reading.status is Status.UNSURE and reading.reason == LEANING
    assert _boxed_near(reading, leaning[0], LEANING)
    monkeypatch.setattr(thresholds, "BLURRED_SQUASH", False)
    # (Since 2026-12-01 FAINT_SIDE_TOP_NOT_FLAT doubts the 4 too, its side reaching out.)
    monkeypatch.setattr(thresholds, "FAINT_SIDE_TOP_NOT_FLAT", None)
    assert reader.read_dice(scene.image, scene.view).ok     # confidently wrong


@pytest.mark.parametrize("seed, dice", [(44_295, 5)])
def test_a_black_die_a_glare_cut_into_pieces_makes_the_frame_unsure(monkeypatch, seed: int, dice: int) -> None:
    """Fresh 44295 (under the cup, calibrated): five black dice, a glare on one. From its dark
    edge to its white middle the glare passes through the tray's own grey, so the die falls
    into crescents and a spot, each too small to be asked of the network, and the frame was
    read ok with four dice. What the opening took is joined where its pieces nearly touch: the
    network sees a die there, and the frame is unsure, the place boxed. (Fresh 40017, blurred,
    its glared die touching another, was read ok with three of four dice the same way, until
    the renderer's touching dice were mended.) Since 2026-12-02 the biggest piece, filled out to
    its hull (BITTEN_DIE_SOLIDITY), is read ok and right; the rules here are tested with that off."""
    monkeypatch.setattr(thresholds, "LIT_ALONE_ASKED", False)   # (it would catch the rule-off reads below too)
    scene = next(iter(dataset(1, seed=seed, view=View.BOTTOM)))
    assert "glare" in scene.hard and len(scene.labels) == dice and scene.readable
    calibration = table_calibration(scene)
    truths = [Truth(d.value, d.x, d.y, d.size) for d in scene.labels]
    # Its pieces filled out to the hull of the biggest (BITTEN_DIE_SOLIDITY): read ok, and right.
    reading = reader.read_dice(scene.image, scene.view, calibration=calibration)
    assert reading.ok and match(reading, truths) == (len(truths), True), reading.reason
    monkeypatch.setattr(thresholds, "BITTEN_DIE_SOLIDITY", None)
    reading = reader.read_dice(scene.image, scene.view, calibration=calibration)
    assert reading.status is Status.UNSURE and reading.reason == reasons.FADED_IN_LIGHT
    assert _one_missing_and_boxed(reading, scene, reasons.FADED_IN_LIGHT)
    monkeypatch.setattr(thresholds, "OPENED_AWAY_JOIN", 0)
    assert reader.read_dice(scene.image, scene.view, calibration=calibration).ok   # a die missing


def test_the_cups_rim_over_the_tray_found_in_the_frame_makes_it_unsure(monkeypatch) -> None:
    """Fresh 210658 (seen from above, uncalibrated): the cup's dark rim lies over the right of
    the tray, a die under it and another half under its edge. The tray found in the frame stops
    at the cup, and nothing dark lay inside it: the frame was read ok with two of four dice.
    The box round the tray found takes in the cup's curved edge, dark where the tray is not:
    the tray is covered, as a calibrated one would be. (Only darkness reaching 0.4 of a die in
    from its every edge counts there: the box round a tray seen at a slant takes in thin
    wedges of its walls, test below.)"""
    scene = next(iter(dataset(1, seed=210_658, view=View.TOP)))
    assert "occluded" in scene.hard and not scene.readable
    reading = reader.read_dice(scene.image, scene.view)
    assert reading.status is Status.UNSURE and reading.reason == reasons.COVERED
    # Boxed on the evidence photo: the cup's edge, down the right of the tray.
    tx, ty, tw, th = scene.tray
    assert any(why == reasons.COVERED and x > tx + tw / 2 and h > th / 2
               for (x, y, w, h), why in zip(reading.extra["unclear"], reading.extra["unclear_why"]))
    monkeypatch.setattr(thresholds, "COVERED_FOUND_TRAY", 0)
    # (The tray found stops at the cup, its rim there far wider than across: that alone makes
    # it unsure too, AUTO_TRAY_LOPSIDED.)
    assert reader.read_dice(scene.image, scene.view).reason == reasons.COVERED
    monkeypatch.setattr(thresholds, "AUTO_TRAY_LOPSIDED", None)
    assert reader.read_dice(scene.image, scene.view).ok     # two dice missing


def test_a_dark_cover_over_a_noisy_tray_is_one_piece(monkeypatch) -> None:
    """Fresh 424350 (seen from above, uncalibrated, a noisy frame): a dark wedge lies over the
    top right of the tray, a die half under it, touching a 2, left out. The wedge's grey (47
    its median) straddles the covered line (50 there), so the noise cut it into specks, none
    0.4 of a die deep: read ok with the hidden die missing. Averaged over 3 px of the shrunk
    frame first (COVERED_SMOOTHING), it is one piece, and the frame is unsure. (Since
    FAINT_SIDE_KEEPS the 2 is doubted too, the hidden die's faint outline joining its own: that
    rule is off below, to see what the cover's alone does.)"""
    scene, _ = pinned_frame(424_350)
    assert "noise" in scene.hard and "occluded" in scene.hard and not scene.readable
    reading = reader.read_dice(scene.image, scene.view)
    assert reading.status is Status.UNSURE and reading.reason == reasons.COVERED
    monkeypatch.setattr(thresholds, "FAINT_SIDE_KEEPS", False)
    assert reader.read_dice(scene.image, scene.view).reason == reasons.COVERED
    monkeypatch.setattr(thresholds, "COVERED_SMOOTHING", 0)
    missed = reader.read_dice(scene.image, scene.view)
    assert missed.ok and len(missed.dice) == len(scene.labels) - 1


def test_the_walls_of_a_tray_seen_at_a_slant_do_not_cover_it(monkeypatch) -> None:
    """Real photo IMG_20191208_112826: dice in a cardboard box, seen from above a little off
    square. The box round the tray found takes in thin dark wedges of its walls, a die's area
    and more in all: counted, they would say a cup covers the tray. None reaches 0.4 of a die
    in from its edges, as the cup's rim does."""
    path = REAL_PHOTOS / "IMG_20191208_112826.jpg"
    image = cv2.imread(str(path))
    assert image is not None, f"missing real photo {path}"
    assert reasons.COVERED not in reader.read_dice(image, View.TOP).extra.get("problems", [])
    monkeypatch.setattr(thresholds, "COVERED_FOUND_TRAY", 0.01)
    assert reasons.COVERED in reader.read_dice(image, View.TOP).extra["problems"]


def test_a_lone_dark_spot_the_network_sees_a_die_round_makes_a_top_view_frame_unsure(monkeypatch) -> None:
    """Fresh 40996 (seen from above, uncalibrated): five wooden dice on a wooden tray. The
    foreground sees one; three more are found from their pips, their faint outlines round them.
    The 1 against the bottom rim shows nothing but its pip, and beside the rim its outline is
    not looked for: the frame was read ok with four dice. A lone dark spot off every die,
    which the network, shown a die's frame round it, takes for a die sooner than for the bare
    tray, makes the frame unsure, and it is boxed on the evidence photo.
    (Now the network's scan round the pips left stray finds the 1 there, and its one pip holds
    it: the frame is read ok and right. The lone spot is checked without that scan.)"""
    scene = next(iter(dataset(1, seed=40_996, view=View.TOP)))
    assert scene.style == "wood" and scene.readable and len(scene.labels) == 5
    reading = reader.read_dice(scene.image, scene.view)
    assert reading.ok and len(reading.dice) == 5
    assert_not_wrong(reading, scene)
    monkeypatch.setattr(thresholds, "STRAY_SCAN", False)
    reading = reader.read_dice(scene.image, scene.view)
    # (The 1's faint piece off every die, asked of from above too since 2026-11-28, doubts the
    # frame first: thresholds.FAINT_LEFT_OVER_TOP. The lone spot is checked without it.)
    assert reading.status is Status.UNSURE and reading.reason == reasons.FADED
    assert _one_missing_and_boxed(reading, scene, reasons.FADED)
    monkeypatch.setattr(thresholds, "FAINT_LEFT_OVER_TOP", False)
    reading = reader.read_dice(scene.image, scene.view)
    assert reading.status is Status.UNSURE and reading.reason == reasons.LONE_DARK_SPOT
    assert _one_missing_and_boxed(reading, scene, reasons.LONE_DARK_SPOT)
    # A network that sees no die there lets the spot go (dirt, the rim's corners).
    (one,) = [d for d in scene.labels if d.value == 1 and d.y > 400]
    sure_no_die = classifier.FaceGuess(NO_FACE, 1.0, (1.0,) + (0.0,) * 7)
    steady = classifier.FaceClassifier.steady_guess

    def no_die_by_the_rim(self, image, dice):
        guesses = steady(self, image, dice)
        return [sure_no_die if np.hypot(x - one.x, y - one.y) < one.size / 2 else g
                for (x, y, _), g in zip(dice, guesses)]

    monkeypatch.setattr(classifier.FaceClassifier, "steady_guess", no_die_by_the_rim)
    assert reader.read_dice(scene.image, scene.view).ok        # a die missing
    monkeypatch.setattr(classifier.FaceClassifier, "steady_guess", steady)
    monkeypatch.setattr(thresholds, "LONE_DARK_ASKED", False)
    assert reader.read_dice(scene.image, scene.view).ok


def test_a_leaning_die_seen_from_above_its_side_faint_makes_the_frame_unsure(monkeypatch) -> None:
    """Fresh 48548 (seen from above, uncalibrated): a teal 3 leans on a 6, its darker side
    below it differing from the green tray less than the foreground asks, so its outline is
    square round its face and the network doubted the face only 0.2 (a die lying plainly flat
    may be doubted 0.3): the frame was read ok with the leaning die in it. As under the cup,
    the faint outline reaching out on one side only says the die is not lying flat.
    (Since the renderer's touching dice were mended 48548 is doubted without the faint side;
    this is frame 100735 of four dice, one leaning: an Asian 3 leans on a 2, its grey side to
    the lower right, and without the faint side the frame is read ok with the 3 in it.)"""
    scene = render_scene(100_735, view=View.TOP, n_dice=4, hard=["cocked", "touching"])
    (leaning,) = [d for d in scene.labels if d.cocked]
    assert leaning.value == 3 and not scene.readable
    reading = reader.read_dice(scene.image, scene.view)
    assert reading.status is Status.UNSURE and reading.reason == LEANING
    assert _boxed_near(reading, leaning, LEANING)          # shown on the evidence photo
    monkeypatch.setattr(thresholds, "FAINT_SIDE_TOP", False)
    _side_step_off(monkeypatch)
    assert reader.read_dice(scene.image, scene.view).ok     # confidently wrong


def test_the_faint_side_opened_round_one_die_is_the_whole_frames_opening_there(monkeypatch) -> None:
    """Seen from above, the faint look is opened only round the dice asked about: the same
    pixels as the whole frame's opening, so the same answer, for every die the reader asks."""
    scene = next(iter(dataset(1, seed=48_548, view=View.TOP)))
    asked = []
    faint_side = leaning_signs.faint_side

    def both_ways(faint, scale, blob, others, opening=None):
        assert opening is not None           # (seen from above: opened round the die)
        answer = faint_side(faint, scale, blob, others, opening)
        asked.append((answer, faint_side(cv2.morphologyEx(faint, cv2.MORPH_OPEN, opening), scale, blob, others)))
        return answer

    monkeypatch.setattr(leaning_signs, "faint_side", both_ways)
    reader.read_dice(scene.image, scene.view)
    assert asked and all(mine == whole for mine, whole in asked)
    assert max(mine for mine, _ in asked) > thresholds.FAINT_SIDE_MAX      # the leaning 3


@pytest.mark.parametrize("seed, calibrated", [(432_270, False), (432_270, True), (432_484, False)])
def test_a_die_doubted_whose_faint_side_shows_stays_doubted_whatever_reads_it_later(
        monkeypatch, seed: int, calibrated: bool) -> None:
    """Fresh 432270 (seen from above, blurred): a white 1 leans, its grey side below it; fresh
    432484: a wooden 6 leans, its brown side to its left. Each side differs from the tray too
    little for the foreground, and the 1's pip and the 6's pips fit their faces; the network's
    single look doubted each face (0.06, 0.09) more than a die not plainly flat may be. Then
    the 6's steady look cleared that doubt (0.02), and the network's scan round the unread 1
    read it plainly: both frames were read ok with the leaning die in them. Their faint
    outlines reach out on one side (0.33, 0.61 of a side): the doubt stays. (432270's 1 leans
    toward the frame's middle and passes for a flat die seen in perspective, SIDE_IN_PERSPECTIVE:
    its faint side must still be asked where the single look would have doubted it without
    that, or the frame is read ok.)"""
    scene, calibration = pinned_frame(seed)
    calibration = calibration if calibrated else None
    (leaning,) = [d for d in scene.labels if d.cocked]
    reading = reader.read_dice(scene.image, scene.view, calibration=calibration)
    assert reading.status is Status.UNSURE and reading.reason == LEANING
    assert _boxed_near(reading, leaning, LEANING)          # shown on the evidence photo
    monkeypatch.setattr(thresholds, "FAINT_SIDE_KEEPS", False)
    # (Since 2026-12-01 FAINT_SIDE_TOP_NOT_FLAT doubts 432484's 6 too, whatever its single look,
    # and since 2026-12-04 its side's straight edge, 11 of 13 lines: SIDE_STEP_STRAIGHT.)
    monkeypatch.setattr(thresholds, "FAINT_SIDE_TOP_NOT_FLAT", None)
    _side_step_off(monkeypatch)
    assert reader.read_dice(scene.image, scene.view, calibration=calibration).ok     # confidently wrong


def _leaning_die_doubted_until(monkeypatch, scene, calibration, rule: str, off) -> None:
    """``scene``'s one leaning die makes the frame unsure, boxed as leaning; with thresholds.``rule``
    set to ``off`` the frame is read ok with every die, the leaning one read flat."""
    (leaning,) = [d for d in scene.labels if d.cocked]
    reading = reader.read_dice(scene.image, scene.view, calibration=calibration)
    assert reading.status is Status.UNSURE and reading.reason == LEANING
    assert _boxed_near(reading, leaning, LEANING)          # shown on the evidence photo
    monkeypatch.setattr(thresholds, rule, off)
    _side_step_off(monkeypatch)
    wrong = reader.read_dice(scene.image, scene.view, calibration=calibration)
    assert wrong.ok and len(wrong.dice) == len(scene.labels)     # confidently wrong


def _side_step_off(monkeypatch) -> None:
    """The side's straight edge (thresholds.SIDE_STEP_*, since 2026-12-04) doubts some of these
    leaning dice too: switched off where a test shows another rule alone stopping the wrong read."""
    monkeypatch.setattr(thresholds, "SIDE_STEP_AWAY", None)


@pytest.mark.parametrize("calibrated", [False, True])
def test_a_doubted_die_near_the_rim_whose_faint_side_shows_stays_doubted(monkeypatch, calibrated: bool) -> None:
    """Fresh 528042 (from above, noisy): a white 6 leans by itself near the tray's top edge, its
    grey side beside its face. The network's single look doubted the face (0.34), its steady look
    read it plainly (0.05): the frame was read ok with the leaning 6. Its faint outline reaches
    out on the side's side (0.39 of a side); the die lies a little more than a tenth of a side
    off the rim, where FAINT_SIDE_OFF_RIM (0.3 then) did not ask it."""
    scene, calibration = pinned_frame(528_042)
    assert scene.view is View.TOP
    _leaning_die_doubted_until(monkeypatch, scene, calibration if calibrated else None, "FAINT_SIDE_OFF_RIM", 0.3)


def test_a_lone_die_under_the_cup_read_plainly_but_not_square_round_its_face_leans_if_its_side_shows(
        monkeypatch) -> None:
    """Fresh 455899 (under the cup, calibrated, noisy): a white 2 leans by itself, its grey side
    beside the face. Calibrated, the side fell out of the foreground but for a sliver: the
    outline is not square round the face, yet the network's single look read the 2 plainly flat
    (doubting it 0.032): the frame was read ok, a 2. Its faint outline reaches out on the side's
    side (0.53 of a side, over FAINT_SIDE_MAX): the frame is unsure, the die shown as leaning."""
    scene, calibration = pinned_frame(455_899)
    assert scene.view is View.BOTTOM and calibration is not None
    (leaning,) = [d for d in scene.labels if d.cocked]
    reading = reader.read_dice(scene.image, scene.view, calibration=calibration)
    assert reading.status is Status.UNSURE and reading.reason == LEANING
    assert _boxed_near(reading, leaning, LEANING)          # shown on the evidence photo
    monkeypatch.setattr(thresholds, "FAINT_SIDE_NOT_FLAT", ())
    # (The network's steady look, asked of a die not square round its face from a doubt of 0.03,
    # doubts it too, since 2026-11-29: UNSQUARE_STEADY_ASKED_FROM.)
    assert reader.read_dice(scene.image, scene.view, calibration=calibration).reason == LEANING
    monkeypatch.setattr(classifier, "UNSQUARE_STEADY_ASKED_FROM", None)
    wrong = reader.read_dice(scene.image, scene.view, calibration=calibration)
    assert wrong.ok and [d.value for d in wrong.dice] == [leaning.value]     # confidently wrong


def test_a_lone_die_under_the_cup_whose_face_sits_off_its_outlines_middle_leans(monkeypatch) -> None:
    """Fresh 523231 (under the cup, calibrated, noisy): an Asian 4 leans by itself, its grey side
    in its outline, so the 3 its pips lay out sits 0.17 of a side off the outline's middle (a
    face off by 0.2 is doubted whatever the die). The network doubted the face 0.049, just under
    what it may doubt a die not plainly flat: the frame was read ok, the leaning die's 4 with it.
    A die by itself under the cup shows no side; its face off the middle, it leans. (The
    network's steady look, asked of a die not square round its face from a doubt of 0.03, doubts
    it too, since 2026-11-29: UNSQUARE_STEADY_ASKED_FROM, off here to show the rule's own part.)"""
    scene, calibration = pinned_frame(523_231)
    assert scene.view is View.BOTTOM and calibration is not None
    assert reader.read_dice(scene.image, scene.view, calibration=calibration).reason == LEANING
    monkeypatch.setattr(classifier, "UNSQUARE_STEADY_ASKED_FROM", None)
    # The network's single look doubts the leaning 4 0.049 under OpenCV 5.0 and 0.051 under 5.1,
    # either side of AGREE_NO_FACE_MAX and STEADY_ASKED_FROM (0.05): under 5.1 the network doubts
    # it itself. Both lifted over either doubt, the rule's own part shows.
    monkeypatch.setattr(classifier, "AGREE_NO_FACE_MAX", 0.055)
    monkeypatch.setattr(classifier, "STEADY_ASKED_FROM", 0.055)
    _leaning_die_doubted_until(monkeypatch, scene, calibration, "LONE_FACE_OFF_MIDDLE", None)


@pytest.mark.parametrize("seed", [10_816, 11_032])
def test_a_flat_die_seen_from_above_whose_shadow_or_blur_reaches_out_is_read(monkeypatch, seed: int) -> None:
    """The benchmark's 10816 (a blurred green 6) and 11032 (a red 1, its shadow and side beside
    it), both from above: each die's outline is not square round its face, and its faint outline
    reaches out on one side (0.63, 0.38), as a leaning die's side would under the cup. From
    above FAINT_SIDE_NOT_FLAT does not ask it, and the frame is read right; asked there too, as
    under the cup, the flat die would be doubted. (Each die's side shows as perspective shows a
    flat die's, SIDE_IN_PERSPECTIVE, which keeps FAINT_SIDE_NOT_FLAT from asking it: that is not
    asked here.)"""
    scene = benchmark_frame(seed)
    assert scene.view is View.TOP
    monkeypatch.setattr(thresholds, "SIDE_IN_PERSPECTIVE", None)
    # (Nor FAINT_SIDE_TOP_NOT_FLAT, which asks from above only dice not in perspective either.)
    monkeypatch.setattr(thresholds, "FAINT_SIDE_TOP_NOT_FLAT", None)
    read_right_until(monkeypatch, scene, thresholds, "FAINT_SIDE_NOT_FLAT", (View.BOTTOM, View.TOP), LEANING)


def test_a_four_whose_middle_leans_to_its_pips_colour_is_a_five_washed_out(monkeypatch) -> None:
    """Fresh 45052 (seen from above, uncalibrated, blurred and noisy): a glare washes out most
    of an Asian 5's middle pip. Its corner pips lay out a 4, the network gave 4 over twice 5,
    and the empty slot's unsure contrast (noise shows there too) was under what a slot without a
    pip may show: the frame was read ok, a 4. What is left of the pip still leans from the
    face's colour to the pips': the face is not read."""
    scene = next(iter(dataset(1, seed=45_052, view=View.TOP)))
    (washed,) = [d for d in scene.labels if d.glare]
    assert washed.value == 5 and scene.readable
    reading = reader.read_dice(scene.image, scene.view)
    hidden = reasons.SMUDGED
    assert reading.status is Status.UNSURE and reading.reason == hidden
    assert _one_missing_and_boxed(reading, scene, hidden)
    monkeypatch.setattr(thresholds, "MIDDLE_SHADE_MAX", None)
    # (Its washed middle leans to the pips plainly enough that GLARED_MIDDLE_PIPS_MAX, asked of
    # every 4 with dark pips, leaves it unread too.)
    assert reader.read_dice(scene.image, scene.view).reason == reasons.GLARED_MIDDLE
    monkeypatch.setattr(thresholds, "GLARED_MIDDLE_PIPS_MAX", None)
    wrong = reader.read_dice(scene.image, scene.view)
    assert wrong.ok and 4 in [d.value for d in wrong.dice]     # confidently wrong


def test_an_even_face_the_network_read_alone_over_a_middle_pip_is_not_read(monkeypatch) -> None:
    """Fresh 50043 (under the cup, uncalibrated, blurred, a glare): a wooden die shows a 5, its
    middle pip faded by the glare. The pips, blurred, laid out no face; the network alone read
    a 4 (0.86, 5 at 0.13), and the frame was read ok with the players' 3 for a 2. A face with no
    middle pip, read where the die shows one, is not read."""
    scene = next(iter(dataset(1, seed=50_043, view=View.BOTTOM)))
    (die,) = scene.labels
    assert die.glare and die.value == 2 and scene.readable
    reading = reader.read_dice(scene.image, scene.view)
    assert reading.status is Status.UNSURE and reading.reason == reasons.SMUDGED
    assert _one_missing_and_boxed(reading, scene, reasons.SMUDGED)
    # (The spot in its middle is the glare's, a glint: MIDDLE_GLINT alone leaves it unread too.)
    monkeypatch.setattr(thresholds, "MIDDLE_SPOT_RIVAL", 0)
    assert reader.read_dice(scene.image, scene.view).reason == reasons.SMUDGED
    monkeypatch.setattr(thresholds, "MIDDLE_GLINT", False)
    # (Its middle, washed lighter than its face: MIDDLE_WASHED_MIN alone leaves it unread too.)
    assert reader.read_dice(scene.image, scene.view).reason == reasons.SMUDGED
    monkeypatch.setattr(thresholds, "MIDDLE_WASHED_MIN", None)
    # (Its middle where its outline puts it leans to a pip: GLARED_MIDDLE_AT_OUTLINE alone leaves
    # it unread too.)
    assert reader.read_dice(scene.image, scene.view).reason == reasons.GLARED_MIDDLE
    monkeypatch.setattr(thresholds, "GLARED_MIDDLE_AT_OUTLINE", False)
    wrong = reader.read_dice(scene.image, scene.view)
    assert wrong.ok and wrong.values == (3,)              # confidently wrong


@pytest.mark.parametrize("seed, washed, switch", [(310_856, 3, "MIDDLE_GLINT"), (310_492, 5, "MIDDLE_SLOT_RIVAL")])
def test_a_middle_pip_a_glare_hid_is_not_read_away_by_the_network(monkeypatch, seed: int, washed: int,
                                                                   switch: str) -> None:
    """Fresh 310856 (seen from above, calibrated, blurred): a glint covers a small wooden 3's
    middle pip whole; the pips (two, and the glint) laid out no face, and the network alone read
    a 2 (0.94, the 3 0.03). Fresh 310492 (calibrated): a glare greys a 5's middle pip, which
    the pips' check took for a pip it could not be sure of; the network alone read a 4 (0.83,
    the 5 0.11). Each was read ok, a pip short. A glint on the middle of a 2 or a 4 the network
    reads alone, or the pips' doubt there with the network's 3 or 5 a fair chance, leaves the
    face unread. (Both frames as they were drawn then, pinned: drawn again since the renderer's
    touching dice were mended, 310492's 5 is doubted without this.)"""
    scene, calibration = pinned_frame(seed)
    (die,) = [d for d in scene.labels if d.glare]
    assert die.value == washed and scene.readable and scene.view is View.TOP
    reading = reader.read_dice(scene.image, scene.view, calibration=calibration)
    assert reading.status is Status.UNSURE and reading.reason == reasons.SMUDGED
    assert _boxed_near(reading, die, reasons.SMUDGED)
    monkeypatch.setattr(thresholds, switch, False)
    # (310856's middle, the pip's colour under the glint, is doubted by MIDDLE_PIP_UNDER_GLARE too
    # since 2026-12-05: off, to show the rule this test is of.)
    monkeypatch.setattr(thresholds, "MIDDLE_PIP_UNDER_GLARE", None)
    if seed == 310_492:
        # (The grey middle pip leans towards the pips against the face round it: the glare rule,
        # GLARED_MIDDLE_MAX, doubts the network's 4 too.)
        again = reader.read_dice(scene.image, scene.view, calibration=calibration)
        assert again.status is Status.UNSURE and _boxed_near(again, die, reasons.GLARED_MIDDLE)
        monkeypatch.setattr(thresholds, "GLARED_MIDDLE_MAX", None)
    wrong = reader.read_dice(scene.image, scene.view, calibration=calibration)
    assert wrong.ok and washed - 1 in [d.value for d in wrong.dice]     # confidently wrong


def test_a_die_the_finer_look_lost_whole_is_still_a_region_of_the_first(monkeypatch) -> None:
    """Fresh 351535 (under the cup, uncalibrated): two black dice touch on a grey tray, beside
    two more. The finer look's median there took in both dice and their shadows and was as dark
    as they are: one die was left a thin ring, which the opening took, and the frame was read ok
    with three dice of four. The first, coarse look holds both dice as one region, which the one
    die read there does not account for: the frame is unsure, the region boxed. (Since
    OPENED_AWAY_OFF_KEPT the ring the opening took is asked of the network, and the die read in
    its light: the frame is read ok and right. Without it, as here, the coarse look catches it.)"""
    monkeypatch.setattr(thresholds, "LIT_ALONE_ASKED", False)   # (it would catch the rule-off reads below too)
    monkeypatch.setattr(thresholds, "FAINT_PIPS_FILLED", False)  # (its faint square catches them too)
    scene = _fresh(351_535)
    assert scene.readable and scene.style == "black" and len(scene.labels) == 4
    right = reader.read_dice(scene.image, scene.view)
    assert right.ok and match(right, [Truth(d.value, d.x, d.y, d.size) for d in scene.labels]) == (4, True)
    monkeypatch.setattr(thresholds, "OPENED_AWAY_OFF_KEPT", 0)
    reading = reader.read_dice(scene.image, scene.view)
    assert reading.status is Status.UNSURE and reading.reason == reasons.NOT_READABLE
    lost = [d for d in scene.labels if not any(np.hypot(d.x - r.x, d.y - r.y) < d.size / 2 for r in reading.dice)]
    assert len(lost) == 1 and _boxed_near(reading, lost[0], reasons.NOT_READABLE)
    monkeypatch.setattr(thresholds, "COARSE_COVERED", False)
    monkeypatch.setattr(thresholds, "LIT_PAIR_ASKED", False)   # (its lit pips, paired, catch it too)
    wrong = reader.read_dice(scene.image, scene.view)
    assert wrong.ok and len(wrong.dice) == 3                 # confidently wrong: a die missing


def test_a_die_sized_piece_no_found_die_lies_in_stays_doubted(monkeypatch) -> None:
    """Fresh 360798 (from above, uncalibrated): four black dice in two touching pairs; a glare
    lies on one die, a 2. Each pair is cut into two pieces; the network's scan finds the 2's
    neighbour, a 4, and not the 2. The die size was measured with the dice's shadows (111 px,
    where they are 87), so the circle round the 4 reached over most of the 2's piece, which
    passed as the 4's: read ok, a die missing. A die's worth of solid region with no die found in
    it is a die nobody read: the frame is unsure, the piece boxed.
    (Since PERSPECTIVE_OUTLINE the 2's piece, lengthened toward the frame's middle, is read as a
    die's outline and doubted as leaning: still unsure, the 2 boxed. The rest is asked without it.)"""
    scene = _fresh(360_798)
    assert scene.readable and scene.view is View.TOP and len(scene.labels) == 4
    (glared,) = [d for d in scene.labels if d.glare]
    reading = reader.read_dice(scene.image, scene.view)
    assert reading.status is Status.UNSURE and sorted(d.value for d in reading.dice) == [1, 3, 4]
    assert _one_missing_and_boxed(reading, scene, reasons.FACE_OFF_MIDDLE)
    monkeypatch.setattr(thresholds, "PERSPECTIVE_OUTLINE", None)
    reading = reader.read_dice(scene.image, scene.view)
    assert reading.status is Status.UNSURE and reading.reason == "dice are touching or overlapping"
    assert _boxed_near(reading, glared, "dice are touching or overlapping")
    # (The 1, cut from the 3 and not plainly flat, was doubted too from 2026-11-26, when
    # SIDE_BY_SIDE_SURE went, until the network's look at it with the 3 painted over read it,
    # SIDE_BY_SIDE_ALONE: the 2 is the only die missing.)
    assert sorted(d.value for d in reading.dice) == [1, 3, 4]
    assert _one_missing_and_boxed(reading, scene, "dice are touching or overlapping")
    monkeypatch.setattr(thresholds, "UNHELD_DIE_AREA", 0)
    # (A pip of the 2 lies beyond PIPS_BEYOND_REACH of the 4 since it became 0.55: that alone
    # keeps the piece doubted too.)
    assert _one_missing_and_boxed(reader.read_dice(scene.image, scene.view), scene,
                                  "dice are touching or overlapping")
    monkeypatch.setattr(thresholds, "PIPS_BEYOND_REACH", 0.6)
    wrong = reader.read_dice(scene.image, scene.view)
    assert wrong.ok and len(wrong.dice) == 3                 # confidently wrong: the 2 left out
    monkeypatch.setattr(thresholds, "SIDE_BY_SIDE_ALONE", None)
    assert sorted(d.value for d in reader.read_dice(scene.image, scene.view).dice) == [3, 4]


@pytest.mark.parametrize("calibrated", [False, True])
def test_a_spot_a_little_off_the_middle_of_a_four_the_network_read_alone_may_be_its_middle_pip(
        monkeypatch, calibrated: bool) -> None:
    """Fresh 370285 (under the cup, a glare): a wooden die shows a 5 turned 45 degrees, the glare
    on its top and middle pips. The pips found, the middle and top ones smudged into one spot
    between them, lay out no face; the network alone read a 4, its 5 at 0.45 of that, and the
    frame was read ok with the players' 3 for a 2. The smudged spot lies 0.14 of a side from the
    middle: beyond 0.12 (thresholds.MIDDLE_SPOT), where a spot with the network's 5 a fair chance
    made the face unread. With that rival, a spot within 0.2 does (thresholds.RIVAL_SPOT; a 4's own
    pips lie 0.38 out)."""
    scene = next(iter(dataset(1, seed=370_285, view=View.BOTTOM)))
    (die,) = [d for d in scene.labels if d.glare]
    assert die.value == 2 and die.style == "wood" and scene.readable
    calibration = table_calibration(scene) if calibrated else None
    reading = reader.read_dice(scene.image, scene.view, calibration=calibration)
    assert reading.status is Status.UNSURE and reading.reason == reasons.SMUDGED
    assert _boxed_near(reading, die, reasons.SMUDGED)
    monkeypatch.setattr(thresholds, "RIVAL_SPOT", 0.12)
    # (The glare rule, measuring the smudged middle against the face round it, doubts the
    # network's 4 too: read wrong only with that off as well.)
    again = reader.read_dice(scene.image, scene.view, calibration=calibration)
    assert again.status is Status.UNSURE and _boxed_near(again, die, reasons.GLARED_MIDDLE)
    monkeypatch.setattr(thresholds, "GLARED_MIDDLE_MAX", None)
    wrong = reader.read_dice(scene.image, scene.view, calibration=calibration)
    assert wrong.ok and 3 in wrong.values and 2 not in wrong.values     # confidently wrong


def test_a_glared_black_die_by_its_neighbour_is_not_joined_to_the_slivers_along_its_edge(monkeypatch) -> None:
    """Fresh 384601 (under the cup, calibrated): four black dice, a glare on one touching its
    neighbour. The foreground's opening took the glared die whole, and slivers a pixel wide along
    the neighbour's edges with it; joined to them, the piece was 1.9 sides long, longer than a
    die, and nothing was asked: the frame was read ok with three dice. What the opening took
    right beside what it kept is left out first (OPENED_AWAY_OFF_KEPT): the piece is a die's
    size, the network sees a die there, and the frame is unsure."""
    monkeypatch.setattr(thresholds, "LIT_ALONE_ASKED", False)   # (it would catch the rule-off reads below too)
    scene, calibration = pinned_frame(384_601)
    glared = [d for d in scene.labels if d.glare]
    assert len(glared) == 1 and glared[0].touching and scene.readable
    reading = reader.read_dice(scene.image, scene.view, calibration=calibration)
    assert reading.status is Status.UNSURE and reading.reason == reasons.FADED_IN_LIGHT
    assert _boxed_near(reading, glared[0], reasons.FADED_IN_LIGHT)
    monkeypatch.setattr(thresholds, "OPENED_AWAY_OFF_KEPT", 0)
    monkeypatch.setattr(thresholds, "LIT_PAIR_ASKED", False)   # (its lit pips, paired, catch it too)
    before = reader.read_dice(scene.image, scene.view, calibration=calibration)
    assert before.ok and len(before.dice) == len(scene.labels) - 1      # confidently wrong


@pytest.mark.parametrize("calibrated", [False, True])
def test_a_tiny_glared_black_die_showing_only_its_lit_pips_makes_the_frame_unsure(monkeypatch, calibrated: bool) -> None:
    """Fresh 385483 (under the cup, both ways): two black dice 22 px across, touching, a glare
    on one. The glare leaves nothing of that die darker than the tray but pieces under a sixth
    of a die, and under the cup light spots are not stray pips (the LED ring's reflections make
    them): the frame was read ok with one die. Its two lit pips pair up off every die read, and
    the network, shown a die round them, sees a 2 there (LIT_PAIR_ASKED): the frame is unsure,
    the pips boxed."""
    monkeypatch.setattr(thresholds, "LIT_ALONE_ASKED", False)   # (it would catch the rule-off reads below too)
    scene, calibration = pinned_frame(385_483)
    glared = [d for d in scene.labels if d.glare]
    assert len(glared) == 1 and len(scene.labels) == 2 and scene.readable
    kwargs = {"calibration": calibration} if calibrated else {}
    reading = reader.read_dice(scene.image, scene.view, **kwargs)
    if calibrated:
        # (The die read takes in a piece of the glared one: its face off its outline's middle,
        # it is doubted first, LONE_FACE_OFF_MIDDLE.)
        assert reading.status is Status.UNSURE and reading.reason == LEANING
        monkeypatch.setattr(thresholds, "LONE_FACE_OFF_MIDDLE", None)
        reading = reader.read_dice(scene.image, scene.view, **kwargs)
    assert reading.status is Status.UNSURE and reading.reason == reasons.STRAY_PIPS
    assert _boxed_near(reading, glared[0], reasons.STRAY_PIPS)
    monkeypatch.setattr(thresholds, "LIT_PAIR_ASKED", False)
    wrong = reader.read_dice(scene.image, scene.view, **kwargs)
    assert wrong.ok and len(wrong.dice) == 1             # confidently wrong: a die missing


def test_a_die_hidden_but_for_a_light_pip_by_the_rim_makes_the_frame_unsure(monkeypatch) -> None:
    """Fresh 422956 (from above, uncalibrated): something held over the tray's edge hides a brown
    2 but for a corner with one light pip. The foreground lost that corner by the dark shape;
    the light pip, off every die, lay by the rim, where light spots are glints and were let go
    (LONE_LIGHT_PIP doubts only the tray's middle's): read ok, a die missing. The network,
    shown a die's frame round the spot, sees a die there (LONE_LIGHT_ASKED): the frame is
    unsure, the spot boxed."""
    scene, _ = pinned_frame(422_956)
    (hidden,) = [d for d in scene.labels if d.occluded]
    # (The corner's faint piece off every die, asked of from above too since 2026-11-28, doubts
    # the frame first: thresholds.FAINT_LEFT_OVER_TOP. The light spot is checked without it.)
    reading = reader.read_dice(scene.image, scene.view)
    assert reading.status is Status.UNSURE and reading.reason == reasons.FADED
    assert _boxed_near(reading, hidden, reasons.FADED)
    monkeypatch.setattr(thresholds, "FAINT_LEFT_OVER_TOP", False)
    _lost_die_doubted_until_rule_off(monkeypatch, scene, hidden, "LONE_LIGHT_ASKED", reasons.LONE_LIGHT_SPOT)


def _lost_die_doubted_until_rule_off(monkeypatch, scene, lost, rule: str, why: str) -> None:
    """Read uncalibrated, the frame is unsure for ``why``, ``lost`` boxed and every other die read;
    with thresholds.``rule`` off it is read ok without ``lost``: confidently wrong."""
    reading = reader.read_dice(scene.image, scene.view)
    assert reading.status is Status.UNSURE and reading.reason == why
    assert _boxed_near(reading, lost, why)
    assert sorted(d.value for d in reading.dice) == sorted(d.value for d in scene.labels if d is not lost)
    monkeypatch.setattr(thresholds, rule, False)
    wrong = reader.read_dice(scene.image, scene.view)
    assert wrong.ok and len(wrong.dice) == len(scene.labels) - 1


def test_a_glared_black_die_showing_one_lit_pip_off_every_die_makes_the_frame_unsure(monkeypatch) -> None:
    """Fresh 360797 (under the cup, uncalibrated, blurred): six black dice touching; a glare lies
    on a 2 (the players' 5) beside another die. The finer look keeps nothing of it; the coarse
    look's region round the two holds its ring, a strip too thin to hide a die, so the die read
    beside it accounts for the region (COARSE_COVERED); of its two lit pips one lies within
    reach of that die, and one lit spot alone under the cup is no pair (LIT_PAIR_ASKED): the
    frame was read ok, a die missing. (Until 2026-11-26 another die's doubt made it unsure.) The
    network, shown a die round that one lit spot, sees a die there (LIT_ALONE_ASKED): the frame
    is unsure, the spot boxed."""
    scene, _ = pinned_frame(360_797)
    (glared,) = [d for d in scene.labels if d.glare]
    assert scene.readable and scene.view is View.BOTTOM and len(scene.labels) == 6
    monkeypatch.setattr(thresholds, "FAINT_PIPS_FILLED", False)  # (its faint square doubts the frame first)
    _lost_die_doubted_until_rule_off(monkeypatch, scene, glared, "LIT_ALONE_ASKED", reasons.LONE_LIGHT_SPOT)


@pytest.mark.parametrize("seed", [430_511, 10_107])
def test_a_lit_face_on_a_die_read_is_that_dies_face(monkeypatch, seed: int) -> None:
    """Under the cup, black dice under a glare and blur: one die's outline is lost in the first
    looks, so its lit pips (and a glint beside them) are light spots off every outline, and they
    lay out a face. The die is found after all, by its faint outline, and read right: those
    spots are its pips, and the frame is read ok and right (LIT_FACE_OFF_DICE). Counted
    wherever they lie, the frame was unsure, "pips outside every die".
    (Fresh 430511, pinned; 10107, of the benchmark's 2,000, rendered.)"""
    scene = pinned_frame(seed)[0] if seed == 430_511 else benchmark_frame(seed)
    assert scene.view is View.BOTTOM
    reading = reader.read_dice(scene.image, scene.view)
    assert reading.ok and match(reading, [Truth(d.value, d.x, d.y, d.size) for d in scene.labels])[1]
    # (Tested on the outline as it was lost: filled out to its hull, BITTEN_DIE_SOLIDITY, the
    # glared die is found by its own region.)
    monkeypatch.setattr(thresholds, "BITTEN_DIE_SOLIDITY", None)
    read_right_until(monkeypatch, scene, thresholds, "LIT_FACE_OFF_DICE", False, reasons.STRAY_PIPS)


def test_a_cup_rim_over_most_of_the_tray_is_not_taken_for_the_tray(monkeypatch) -> None:
    """Fresh 470999 (under the cup, uncalibrated): the cup's rim covers two thirds of the frame,
    the middle too; the tray's lit strip with four dice lies beyond it, a fifth die hidden under
    it. The tray found round the middle was the rim itself (dark, rectangular enough), so what
    was lit was read as beyond the tray and the frame was read ok with one die of the five. Under
    the cup the ring lights the tray, lighter than all round it: a region darker than what lies
    round it is the rim, and the frame is unsure for it, the rim boxed on the evidence photo."""
    scene, _ = pinned_frame(470_999)
    assert scene.view is View.BOTTOM and "occluded" in scene.hard and not scene.readable
    reading = reader.read_dice(scene.image, scene.view)
    assert reading.status is Status.UNSURE and reading.reason == reasons.COVERED
    # Boxed: the rim over the left of the frame (the frame flipped back), the middle within it.
    height, width = scene.image.shape[:2]
    assert any(why == reasons.COVERED and x < width / 2 < x + w and w > width / 2
               for (x, y, w, h), why in zip(reading.extra["unclear"], reading.extra["unclear_why"]))
    assert len(reading.dice) >= 3      # the lit strip's dice are read, as its evidence
    monkeypatch.setattr(thresholds, "CUP_RIM_AS_TRAY", False)
    # (Taken for the tray, the rim is lopsided in the frame: that alone makes it unsure too,
    # AUTO_TRAY_LOPSIDED.)
    assert reader.read_dice(scene.image, scene.view).reason == reasons.COVERED
    monkeypatch.setattr(thresholds, "AUTO_TRAY_LOPSIDED", None)
    wrong = reader.read_dice(scene.image, scene.view)
    assert wrong.ok and len(wrong.dice) == 1      # four dice missing


def test_a_tray_lighter_than_round_it_is_the_tray() -> None:
    """_darker_than_round: a lit tray in a dark frame is not darker than round it; a dark region
    beside a lit one is; a region filling the whole frame has nothing round it."""
    frame = np.full((100, 160, 3), 30, np.uint8)
    frame[10:90, 20:140] = 150
    assert not tray_foreground.darker_than_round(frame, (20, 10, 120, 80))
    frame[:, :100] = 35
    assert tray_foreground.darker_than_round(frame, (0, 0, 100, 100))
    assert not tray_foreground.darker_than_round(frame, (0, 0, 160, 100))


def test_a_cup_rim_over_the_middle_is_the_reason_even_where_no_die_is_found() -> None:
    """Fresh 469441 (under the cup, uncalibrated): the cup's rim covers all but a strip along the
    top, three black dice in it. Read with the rim not taken for the tray, the reader finds no
    die's outline at all; the frame is unsure for the rim, not for "no dice found on the tray"."""
    scene, _ = pinned_frame(469_441)
    assert scene.view is View.BOTTOM and "occluded" in scene.hard and not scene.readable
    reading = reader.read_dice(scene.image, scene.view)
    assert reading.status is Status.UNSURE and reading.reason == reasons.COVERED and not reading.dice
    # Boxed on the evidence photo: the rim over the bottom of the frame, its middle within it.
    height, width = scene.image.shape[:2]
    assert any(why == reasons.COVERED and y < height / 2 < y + h and x < width / 2 < x + w
               for (x, y, w, h), why in zip(reading.extra["unclear"], reading.extra["unclear_why"]))


def test_a_die_the_single_look_is_sure_leans_is_not_cleared_by_the_steady_look(monkeypatch) -> None:
    """Fresh 558846 (from above, uncalibrated, uneven light): six purple dice, a 4 leaning by the
    tray's left edge, its side beyond it. Its pips lay out a 4 and the network's single look is
    sure no face can be read there (0.975); its steady look (the patch turned eight ways) read a
    4 plainly (0.956) and cleared the doubt: the frame was read ok with the leaning die in it. A
    single look that sure is no fluke of how the die is turned (STEADY_OVERRULES_MAX): the frame
    is unsure, the die boxed."""
    scene, _ = pinned_frame(558_846)
    (leaning,) = [d for d in scene.labels if d.cocked]
    assert scene.view is View.TOP and not scene.readable
    reading = reader.read_dice(scene.image, scene.view)
    assert reading.status is Status.UNSURE and reading.reason == LEANING
    assert _boxed_near(reading, leaning, LEANING)
    monkeypatch.setattr(classifier, "STEADY_OVERRULES_MAX", None)
    wrong = reader.read_dice(scene.image, scene.view)
    assert wrong.ok and len(wrong.dice) == len(scene.labels)       # confidently wrong


def test_a_leaning_dies_faint_side_in_a_blurred_frame_is_measured_against_a_lower_bound(monkeypatch) -> None:
    """Fresh 612314 (from above, uncalibrated, blurred: sharpness 1.4): an Asian 1 leans on a 3,
    its side as grey as the tray out of its outline, which is square round its face; the network
    read the 1 plainly flat (doubting it 0.05). Its faint outline reaches out on the side's side,
    but the blur spread the side's far edge under the faint look's level: 0.285 of a side, under
    FAINT_SIDE_MAX (0.3). The frame was read ok with the leaning 1. In a blurred frame the bound
    is FAINT_SIDE_MAX_BLURRED (0.25)."""
    scene, _ = pinned_frame(612_314)
    assert scene.view is View.TOP and not scene.readable
    (leaning,) = [d for d in scene.labels if d.cocked]
    reading = reader.read_dice(scene.image, scene.view)
    assert reading.sharpness < thresholds.MIN_SHARPNESS
    assert reading.status is Status.UNSURE and reading.reason == LEANING
    assert _boxed_near(reading, leaning, LEANING)          # shown on the evidence photo
    monkeypatch.setattr(thresholds, "FAINT_SIDE_MAX_BLURRED", None)
    _side_step_off(monkeypatch)
    wrong = reader.read_dice(scene.image, scene.view)
    assert wrong.ok and len(wrong.dice) == len(scene.labels)      # confidently wrong


def test_a_leaning_die_whose_pips_were_not_found_is_doubted_over_0_07(monkeypatch) -> None:
    """Fresh 615550 (from above, calibrated, noisy; dice of 20 px touching by the rim): a white 6
    leans on a 2, its grey side beside it. No pips were found on its face, and the network's
    steady guess read a plainly flat 6, doubting the face 0.08: under NO_PIPS_NO_FACE_MAX as it was
    raised to (0.09; the least leaning die so judged had measured 0.185), and the frame was read ok
    with the leaning 6. At 0.07 the frame is unsure, the 6 boxed; the flat 6s that bound was raised
    for (0.062, 0.063) are still read. (Its pips touch in their columns: cut apart where they do at
    the frame's own pixels, JOINED_PIPS, they lay out a 6 that is doubted as leaning; seen finer,
    JOINED_PIPS_UPSCALE, its columns are not cut into pips; their peaks, JOINED_PIP_PEAKS, lay out
    a 6 doubted as leaning; without them it shows none. The bound is tested with no pips found on
    it, as then.)"""
    scene, calibration = pinned_frame(615_550)
    assert scene.view is View.TOP and calibration is not None and not scene.readable
    (leaning,) = [d for d in scene.labels if d.cocked]
    peaks = reader.read_dice(scene.image, scene.view, calibration=calibration)
    assert peaks.status is Status.UNSURE and _boxed_near(peaks, leaning, classifier.LEANING)
    monkeypatch.setattr(thresholds, "JOINED_PIP_PEAKS", None)
    finer = reader.read_dice(scene.image, scene.view, calibration=calibration)
    assert finer.status is Status.UNSURE and _boxed_near(finer, leaning, classifier.NO_PIPS)
    monkeypatch.setattr(thresholds, "JOINED_PIPS_UPSCALE", None)
    joined = reader.read_dice(scene.image, scene.view, calibration=calibration)
    assert joined.status is Status.UNSURE and _boxed_near(joined, leaning, classifier.LEANING)
    monkeypatch.setattr(thresholds, "JOINED_PIPS", None)
    reading = reader.read_dice(scene.image, scene.view, calibration=calibration)
    assert reading.status is Status.UNSURE and reading.reason == classifier.NO_PIPS
    assert _boxed_near(reading, leaning, classifier.NO_PIPS)          # shown on the evidence photo
    monkeypatch.setattr(classifier, "NO_PIPS_NO_FACE_MAX", 0.09)
    _side_step_off(monkeypatch)
    wrong = reader.read_dice(scene.image, scene.view, calibration=calibration)
    assert wrong.ok and len(wrong.dice) == len(scene.labels)      # confidently wrong


@pytest.mark.parametrize("calibrated", [False, True], ids=["uncalibrated", "calibrated"])
def test_a_glared_die_not_plainly_flat_whose_pips_lay_out_no_face_is_doubted_over_0_05(calibrated, monkeypatch) -> None:
    """Fresh 632026 (from above, an Asian style, a glare): a 3 leans by itself, its side in view.
    Its pips lay out no face, one of them unlike the others in colour (a glint, or a pip the glare
    washed out), and the network read a plainly flat 3 from as many pips, doubting the face 0.052
    (calibrated 0.085): under NO_LAYOUT_NO_FACE_MAX (0.1), so the frame was read ok with the
    leaning 3. A die not plainly flat with such a pip is read so only up to
    GLINT_UNSQUARE_NO_FACE_MAX (0.05): the frame is unsure, the 3 boxed."""
    scene, calibration = pinned_frame(632_026)
    calibration = calibration if calibrated else None
    assert scene.view is View.TOP and not scene.readable
    (leaning,) = [d for d in scene.labels if d.cocked]
    reading = reader.read_dice(scene.image, scene.view, calibration=calibration)
    assert reading.status is Status.UNSURE and reading.reason == classifier.NO_LAYOUT_GLINT
    assert _boxed_near(reading, leaning, classifier.NO_LAYOUT_GLINT)     # shown on the evidence photo
    monkeypatch.setattr(classifier, "GLINT_UNSQUARE_NO_FACE_MAX", None)
    # (Uncalibrated, FAINT_SIDE_TOP_NOT_FLAT doubts the 3 too since 2026-12-01.)
    monkeypatch.setattr(thresholds, "FAINT_SIDE_TOP_NOT_FLAT", None)
    _side_step_off(monkeypatch)
    wrong = reader.read_dice(scene.image, scene.view, calibration=calibration)
    assert wrong.ok and len(wrong.dice) == len(scene.labels)      # confidently wrong
