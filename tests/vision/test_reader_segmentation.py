"""Finding the dice on the tray before reading them: the die size guessed when every die touches
another, a pale die beside a tray rim far more unlike the tray than it is, a strip cut off one of
two touching dice, two dice side by side cut half-way (and a leaning one not taken for one
lying beside it), a die with its side or the rim strip beside it, a dark corner of the tray, a flat
die square round its face, a blurred frame read only where every die is sure, and a lifted cup
in the bottom view. Each frame here was read unsure (or, the lifted cup, read at all) before the fix
its test names."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from vision import classifier, outlines, reader, reasons, thresholds, tray_foreground
from vision.calibrate import Calibration
from vision.reading import Status, View
from vision.render import dataset, render_scene

from .conftest import assert_not_wrong, benchmark_frame, pinned_frame, read_right_until


def _frame(seed: int):
    """Frame ``seed`` of the benchmark's mix (``dataset(..., seed=seed)`` starts with a top view)."""
    return next(iter(dataset(1, seed=seed)))


def _truth(scene) -> tuple[int, ...]:
    return tuple(sorted((d.value for d in scene.labels), reverse=True))


def test_weighted_median_is_the_value_holding_half_the_weight() -> None:
    assert tray_foreground.weighted_median([23, 23, 44, 48, 46, 23, 23],
                                           [1976, 1960, 3824, 3788, 3964, 1952, 1964]) == 44
    assert tray_foreground.weighted_median([1, 2, 3], [1, 1, 1]) == 2
    assert tray_foreground.weighted_median([5, 1], [1, 10]) == 1


def _big_die_with_pips_apart() -> np.ndarray:
    """A mask of one big die (side 100) whose two pips the foreground kept apart from its face:
    each pip a square island (side 20) in a hole cut through to the die's edge (a notch, as a
    ring of the tray's colour round a white pip on a green die leaves)."""
    mask = np.zeros((240, 320), np.uint8)
    cv2.rectangle(mask, (100, 60), (199, 159), 255, -1)
    for x, y in ((115, 75), (165, 125)):
        cv2.rectangle(mask, (x - 4, y - 4), (x + 23, y + 23), 0, -1)      # the ring round the pip
        cv2.rectangle(mask, (x, y), (x + 19, y + 19), 255, -1)            # the pip
    cv2.rectangle(mask, (161, 121), (199, 123), 0, -1)                     # a notch to the edge
    return mask


def test_a_big_die_s_pips_kept_apart_are_not_taken_for_the_die_size(monkeypatch) -> None:
    """Frame 10864: a green die of 105 px whose white pips the first look left as islands of
    their own. Two islands against one die, the median of the square regions made the die size
    22 px, and the die's pips were read as dice. A region whose middle lies inside a solid
    region twice its size is part of it."""
    blobs = outlines.find_blobs(_big_die_with_pips_apart())
    assert sorted(round(b.side) for b in blobs if b.squarish)[:2] == [20, 20]
    assert 80 <= outlines.outline_side(blobs) <= 105
    monkeypatch.setattr(thresholds, "NESTED_NOT_DICE", False)
    assert outlines.outline_side(blobs) < 25


def test_a_wooden_die_s_pip_inside_its_ring_is_not_taken_for_the_die_size(monkeypatch) -> None:
    """Frame 10520 of the benchmark's 2,000 (from above): a wooden 1 whose face the foreground
    took as a ring (0.38 of its hull), its pip a square region of 14 px inside it. Counted as a
    die alone beside the one square die, it made the die size 38 for 62: read right now, and
    "touching" with the ring counted solid only from half its hull (NESTED_SOLID as it was)."""
    read_right_until(monkeypatch, benchmark_frame(10_520), thresholds, "NESTED_SOLID", 0.5, reasons.TOUCHING)


def test_big_dice_are_read_at_their_own_size_not_their_pips() -> None:
    """Frame 11625 under the cup: four black dice of 78 px with big white pips, the first look's
    square regions mostly pips, was read "something dark covers part of the tray" with the die
    size taken from them."""
    scene = next(iter(dataset(1, seed=11625, view="bottom")))
    reading = reader.read_dice(scene.image, scene.view)
    assert reading.status is Status.OK, reading.reason
    assert reading.values == _truth(scene)


def test_a_die_in_the_corner_of_a_thin_strip_is_still_a_die() -> None:
    """IMG_20191208_112837: a die of 34 px inside the bend of a thin strip (the rim round a
    corner) is no part of it, though within its box and its hull: the strip is not solid."""
    mask = np.zeros((240, 320), np.uint8)
    cv2.rectangle(mask, (20, 20), (169, 29), 255, -1)
    cv2.rectangle(mask, (20, 20), (29, 139), 255, -1)
    cv2.rectangle(mask, (60, 60), (93, 93), 255, -1)
    blobs = outlines.find_blobs(mask, reach_in=False)
    die = [b for b in blobs if b.squarish]
    assert len(blobs) == 2 and len(die) == 1
    assert not outlines._within_another(die[0], blobs)
    assert abs(outlines.outline_side(blobs) - 34) < 2


def test_every_die_touching_another_on_a_rimmed_tray_is_read() -> None:
    """Six dice in three touching pairs: no die stands alone, so the die size comes from the
    clumps; the tray's four corners are thin clumps too and once halved the estimate, cutting
    each die into pieces."""
    scene = _frame(10044)
    assert {"touching"} <= scene.hard
    reading = reader.read_dice(scene.image, scene.view)
    assert reading.status is Status.OK, reading.reason
    assert reading.values == _truth(scene)


def test_wooden_die_on_a_green_tray_is_one_die() -> None:
    """The rim round the tray differs from the tray far more than the wooden die does: the
    tray/dice threshold split there, and the die was only its pips."""
    scene = _frame(10046)
    assert scene.style == "wood" and len(scene.labels) == 1
    reading = reader.read_dice(scene.image, scene.view)
    assert reading.status is Status.OK, reading.reason
    assert reading.values == _truth(scene)
    assert reading.dice[0].size == pytest.approx(scene.labels[0].size, rel=0.25)


def test_mildly_blurred_frame_is_read_when_every_die_is_sure() -> None:
    scene = _frame(10070)
    reading = reader.read_dice(scene.image, scene.view)
    assert "blur" in scene.hard
    assert thresholds.NO_SHARPNESS <= reading.sharpness < thresholds.MIN_SHARPNESS
    assert reading.status is Status.OK, reading.reason
    assert reading.values == _truth(scene)
    assert all(d.confidence >= thresholds.BLURRED_SURE for d in reading.dice)


def test_blurred_frame_whose_dice_are_all_but_certain_is_read(monkeypatch, model_of_2026_11_22) -> None:
    """Frame 10071 of the benchmark (under the cup, blurred): every die read right, the least
    sure at 0.87 (judged on the network's single look; 0.91 on its steady one, as a face off its
    outline's middle is since 2026-11-27). At 0.9 (BLURRED_SURE before) the frame was "too
    blurred".
    (Found with the face model of 2026-11-22, which this test reads with; the shipped model must
    read the frame right or doubt it.)"""
    scene = next(iter(dataset(1, seed=10_071, view=View.BOTTOM)))
    assert "blur" in scene.hard and scene.readable
    assert_not_wrong(model_of_2026_11_22(scene.image, scene.view), scene)
    reading = reader.read_dice(scene.image, scene.view)
    assert thresholds.NO_SHARPNESS <= reading.sharpness < thresholds.MIN_SHARPNESS
    assert reading.status is Status.OK, reading.reason
    assert reading.values == _truth(scene)
    assert min(d.confidence for d in reading.dice) >= thresholds.BLURRED_SURE
    monkeypatch.setattr(classifier, "STEADY_NO_FACE_MAX", None)
    # (On its single look the least sure die, a face off its outline's middle at 0.87, is under
    # classifier.OFF_MIDDLE_ALONE_MIN since 2026-12-01: doubted.)
    assert reader.read_dice(scene.image, scene.view).status is Status.UNSURE
    monkeypatch.setattr(classifier, "OFF_MIDDLE_ALONE_MIN", None)
    single = reader.read_dice(scene.image, scene.view)
    assert single.ok and thresholds.BLURRED_SURE <= min(d.confidence for d in single.dice) < 0.9
    monkeypatch.setattr(thresholds, "BLURRED_SURE", 0.9)
    assert reader.read_dice(scene.image, scene.view).reason.startswith("too blurred")


def test_blurred_frame_with_a_die_left_in_pieces_is_unsure(monkeypatch, model_of_2026_11_22) -> None:
    """A blue die on a teal tray, blurred: read as the whole frame, it falls apart into two
    pieces nobody reads. The four dice read are sure, but the frame must not be taken with the
    fifth missing. (With the tray inside its rim found, all five are read, surely and right.)
    (Found with the face model of 2026-11-22, which this test reads with; the shipped model must
    read the frame right or doubt it.)"""
    scene = _frame(12120)
    assert len(scene.labels) == 5
    assert_not_wrong(model_of_2026_11_22(scene.image, scene.view), scene)
    found = reader.read_dice(scene.image, scene.view)
    assert found.ok and found.values == _truth(scene)
    monkeypatch.setattr(thresholds, "AUTO_TRAY", False)
    reading = reader.read_dice(scene.image, scene.view)
    assert reading.sharpness < thresholds.MIN_SHARPNESS
    assert reading.status is Status.UNSURE
    assert reading.reason.startswith("too blurred")


def test_very_blurred_frame_is_not_read() -> None:
    scene = _frame(10070)
    smeared = cv2.GaussianBlur(scene.image, (0, 0), 6)
    reading = reader.read_dice(smeared, scene.view)
    assert reading.sharpness < thresholds.NO_SHARPNESS
    assert reading.status is Status.UNSURE and reading.reason.startswith("too blurred")
    assert reading.dice == ()


@pytest.mark.parametrize("seed", [9200, 1, 3, 5])
def test_lifted_cup_in_the_bottom_view_is_too_bright(seed: int) -> None:
    scene = render_scene(seed, view=View.BOTTOM, n_dice=2, cup_lifted=True)
    reading = reader.read_dice(scene.image, View.BOTTOM)
    assert reading.status is Status.UNSURE
    assert reading.reason.startswith("too bright")


def test_lifted_cup_is_judged_against_the_calibrated_exposure() -> None:
    """With a calibration, "lifted" is relative to the empty tray it measured: a tray that is
    bright under the cup is still read."""
    scene = render_scene(9200, view=View.BOTTOM, n_dice=2, cup_lifted=True)
    bright = reader.read_dice(scene.image, View.BOTTOM)
    assert bright.reason.startswith("too bright")
    calibrated = Calibration(tray=(0, 0, 640, 480), exposure=bright.brightness - 10)
    reading = reader.read_dice(scene.image, View.BOTTOM, calibration=calibrated)
    assert not (reading.reason or "").startswith("too bright")
    normal = render_scene(9201, view=View.BOTTOM, n_dice=2)
    dim = reader.read_dice(normal.image, View.BOTTOM, calibration=Calibration(tray=(0, 0, 640, 480), exposure=20.0))
    assert dim.reason is not None and dim.reason.startswith("too bright")


def _everyday(style: str, seed: int):
    """The product's frame: two dice under the cup, the renderer's random mix of hard cases."""
    return render_scene(seed, view=View.BOTTOM, n_dice=2, style=style, hard="random")


@pytest.mark.parametrize("style, seed", [("black", 3004), ("black", 3033)])
def test_a_dark_corner_of_the_tray_is_not_a_die(style: str, seed: int) -> None:
    """Under uneven light a corner of the tray is a die-sized dark square with no pips (or with
    noise for pips); the network, sure no die is there, lets it go."""
    scene = _everyday(style, seed)
    assert "uneven" in scene.hard
    reading = reader.read_dice(scene.image, scene.view)
    assert reading.status is Status.OK, reading.reason
    assert reading.values == _truth(scene)


@pytest.mark.parametrize("seed", [3015, 3075, 3123])
def test_a_flat_die_square_round_its_face_is_not_called_leaning(seed: int, monkeypatch, model_of_2026_11_22) -> None:
    """Two white dice lying flat under the cup: the network has some doubt the face is flat
    (more than 0.1), but the die's outline is square with the face in its middle, as a leaning
    die's (its side in view) is not, so the doubt may be up to 0.3.
    (Found with the face model of 2026-11-22, which this test reads with; the shipped model must
    read the frame right or doubt it.)"""
    scene = render_scene(seed, view=View.BOTTOM, n_dice=2, style="white", die_size=56)
    assert_not_wrong(model_of_2026_11_22(scene.image, scene.view), scene)
    reading = reader.read_dice(scene.image, scene.view)
    assert reading.status is Status.OK, reading.reason
    assert reading.values == _truth(scene)
    # (Read as the whole frame, as when this was found: on the tray found inside its rim, 3075's
    # die is read without its square outline too.)
    monkeypatch.setattr(thresholds, "AUTO_TRAY", False)
    monkeypatch.setattr(thresholds, "SQUARE_ASPECT", 0.0)      # no outline counts as square
    monkeypatch.setattr(classifier, "STEADY_NO_FACE_MAX", None)   # (3075: the steady look reads it too)
    strict = reader.read_dice(scene.image, scene.view)
    assert strict.status is Status.UNSURE and strict.reason.startswith("a die is leaning")


@pytest.mark.parametrize("whole_frame", [True, False])
def test_a_leaning_die_outline_is_not_square(monkeypatch, whole_frame: bool) -> None:
    """The leaning dice of a rendered frame the pips read but the network doubts stay doubted
    (read as the whole frame, or in the tray found inside its rim, where the die is doubted as
    not a readable die)."""
    monkeypatch.setattr(thresholds, "AUTO_TRAY", not whole_frame)
    scene = next(iter(dataset(1, seed=7001, hard="cocked")))
    leaning = [d for d in scene.labels if d.cocked]
    assert len(leaning) == 1
    reading = reader.read_dice(scene.image, scene.view)
    assert reading.status is Status.UNSURE
    boxes = [box for box, why in zip(reading.extra["unclear"], reading.extra["unclear_why"])
             if why.startswith("a die is leaning" if whole_frame else reasons.NOT_READABLE)]
    assert any(x <= leaning[0].x <= x + w and y <= leaning[0].y <= y + h for x, y, w, h in boxes)
    assert all(np.hypot(d.x - leaning[0].x, d.y - leaning[0].y) > 0.5 * leaning[0].size for d in reading.dice)


def test_a_half_hidden_die_at_the_cups_edge_is_asked_about() -> None:
    """A third of a die shows at the cup's edge: too small a piece to be read, big enough to be
    a die (the network is not sure no die is there), so the frame is unsure."""
    scene = list(dataset(377, seed=8000, hard="occluded"))[-1]
    assert scene.seed == 8376 and any(d.occluded for d in scene.labels)
    reading = reader.read_dice(scene.image, scene.view)
    assert reading.status is Status.UNSURE


@pytest.mark.parametrize("style, seed", [("colour", 3001), ("white", 3062), ("wood", 3046)])
def test_two_dice_side_by_side_are_cut_half_way(style: str, seed: int) -> None:
    """Two dice of one colour side by side leave the foreground no waist: the region is cut
    half-way between its two parts' middles. (Cut along the colour edges, the line wandered
    into one die and neither piece was a die.)"""
    scene = _everyday(style, seed)
    assert scene.hard == {"touching"}
    reading = reader.read_dice(scene.image, scene.view)
    assert reading.status is Status.OK, reading.reason
    assert reading.values == _truth(scene)


def test_a_die_leaning_on_its_neighbour_is_not_taken_for_one_beside_it() -> None:
    """A die leaning on another, cut from it half-way: the frame is unsure, and the leaning die
    is boxed on the evidence photo. (Drawn with its side toward its neighbour, its piece was
    lengthened by that side, and kept "leaning" for it; drawn away, as a die leaning on another
    shows it, its face shows no pips.)"""
    scene = _frame(11346)
    leaning = [d for d in scene.labels if d.cocked]
    assert len(leaning) == 1 and leaning[0].touching
    reading = reader.read_dice(scene.image, scene.view)
    assert reading.status is Status.UNSURE
    assert not any(abs(d.x - leaning[0].x) < leaning[0].size / 2 and abs(d.y - leaning[0].y) < leaning[0].size / 2
                   for d in reading.dice)                          # not read as a die lying there
    boxes = reading.extra["unclear"]
    assert any(x <= leaning[0].x <= x + w and y <= leaning[0].y <= y + h for x, y, w, h in boxes)


def test_seams_lie_half_way_between_the_middles() -> None:
    seam = outlines._seams((10, 20), np.array([[4.5, 5.0], [14.5, 5.0]]))
    assert seam[:, 10].all() and seam.sum() == 10       # the column x = 10 (4.5 and 14.5 meet at 9.5)
    two_dice = np.pad(np.ones((10, 20), np.uint8), 2)    # x from 2 to 21: halves' middles 6.5, 16.5
    centres = outlines._cluster_centres(two_dice, 2)
    assert centres is not None
    assert sorted(centres[:, 0].tolist()) == [6.5, 16.5] and centres[:, 1].tolist() == [6.5, 6.5]


def test_a_die_against_the_rim_is_not_doubted_for_the_rim_strip_beside_it() -> None:
    """A black die touching the tray's rim: its region takes in a strip of the rim. The die is
    read; what it does not account for is too thin to hide another die, so no doubt is left."""
    scene = _frame(10402)
    reading = reader.read_dice(scene.image, scene.view)
    assert reading.status is Status.OK, reading.reason
    assert reading.values == _truth(scene)


def test_a_die_with_its_side_in_view_is_found_not_lost() -> None:
    """A die whose side shows beside it makes a region of 1.25 dice with no waist. Cut along the
    colour edges it fell in two pieces, neither a die; cut half-way, the face's piece is found.
    (With the 60-epoch model the scan no longer confirms the die every way round, so the
    frame is unsure where the die is, and never read without it.)"""
    scene = _frame(10180)
    reading = reader.read_dice(scene.image, scene.view)
    assert reading.status is Status.OK or reading.extra["unclear"], reading.reason
    assert reading.status is Status.UNSURE or reading.values == _truth(scene)
    (side_in_view,) = [d for d in scene.labels if d.touching]
    assert reading.status is Status.OK or any(
        x <= side_in_view.x <= x + w and y <= side_in_view.y <= y + h for x, y, w, h in reading.extra["unclear"])


def test_a_die_joined_to_the_tray_rim_is_still_a_region() -> None:
    """A region spanning the frame is the rim, not a die, and is let go; a die touching the
    rim's thin band joined it, and the frame was read as "no dice found on the tray"."""
    mask = np.zeros((240, 320), np.uint8)
    cv2.rectangle(mask, (10, 10), (310, 230), 255, 3)               # the rim's band
    cv2.fillPoly(mask, [cv2.boxPoints(((200, 200), (40, 40), 30)).astype(np.int32)], 255)
    blobs = outlines.find_blobs(mask)
    assert len(blobs) == 1
    (x, y), (w, h), _ = blobs[0].rect
    assert abs(x - 200) < 4 and abs(y - 200) < 4 and 36 <= min(w, h) <= max(w, h) <= 44
    assert outlines.find_blobs(mask, reach_in=False) == []


@pytest.mark.parametrize("seed", [10126, 10182])
def test_a_die_touching_the_rim_is_read(seed: int) -> None:
    """A wooden die and a red die against the rim: each joined the rim's band in the first look
    for the dice (before their size is known)."""
    scene = _frame(seed)
    reading = reader.read_dice(scene.image, scene.view)
    assert reading.status is Status.OK, reading.reason
    assert reading.values == _truth(scene)


def test_a_pip_faded_by_glare_is_not_an_empty_slot() -> None:
    """A white die's 5 under a glare: its middle pip shows half a pip's contrast, the corners'
    empty slots a fifth. With the empty-slot limit at 0.6 of a pip the face passed for a 4."""
    scene = _frame(11082)
    assert "glare" in scene.hard
    reading = reader.read_dice(scene.image, scene.view)
    assert reading.status is Status.UNSURE or reading.values == _truth(scene), reading.values
    (five,) = [d for d in scene.labels if d.value == 5]
    assert not any(d.value == 4 and np.hypot(d.x - five.x, d.y - five.y) < 0.5 * five.size for d in reading.dice)


def test_a_die_square_round_its_face_is_looked_at_once(monkeypatch) -> None:
    """Framed by its outline or by its pips, a die that shows no side gives the same patch: the
    network's second look is kept for dice whose outline is not square round the face."""
    monkeypatch.setattr(thresholds, "LIT_ALONE_ASKED", False)   # (a look at the tray's reflections, not at a die)
    from vision.classifier import FaceClassifier
    scene = render_scene(3002, view=View.BOTTOM, n_dice=2, style="white", die_size=56)
    looked: list[int] = []
    probabilities = FaceClassifier.probabilities
    monkeypatch.setattr(FaceClassifier, "probabilities",
                        lambda self, patches: looked.append(len(patches)) or probabilities(self, patches))
    reading = reader.read_dice(scene.image, scene.view)
    assert reading.status is Status.OK and reading.values == _truth(scene)
    assert sum(looked) == 2
    looked.clear()
    monkeypatch.setattr(thresholds, "SKIP_SQUARE_SECOND_LOOK", False)
    assert reader.read_dice(scene.image, scene.view).values == _truth(scene)
    assert sum(looked) == 4


def _die_a_glare_ate_into() -> np.ndarray:
    """A mask of one die (side 100) with a notch a glare took out of the middle of one edge, half
    a side deep and half of it wide: no longer square (it fills 0.75 of its box), its hull still a
    die's."""
    mask = np.zeros((240, 320), np.uint8)
    cv2.rectangle(mask, (100, 60), (199, 159), 255, -1)
    cv2.rectangle(mask, (150, 85), (199, 134), 0, -1)
    return mask


def test_a_die_a_glare_ate_into_gives_the_die_size_by_its_hull(monkeypatch) -> None:
    """Frame 10375 under the cup: one black 6 of 111 px, a glare lightening a corner of it to the
    tray's grey. Its region, notched, was no square one, and the die size came from the clumps'
    width (53 px): the die was "touching or overlapping". A region whose box is square and whose
    hull fills it (NOTCHED_OUTLINE) gives its hull's side."""
    blobs = outlines.find_blobs(_die_a_glare_ate_into(), reach_in=False)
    assert len(blobs) == 1 and not blobs[0].squarish
    assert 95 <= outlines.outline_side(blobs) <= 101
    monkeypatch.setattr(thresholds, "NOTCHED_OUTLINE", None)
    without = outlines.outline_side(blobs)            # the clumps' width, or no die size at all
    assert without is None or without < 80


def test_a_ring_is_no_die_eaten_into() -> None:
    """A die's outline round a face the colour of the tray (a ring) fills its hull too little
    (NOTCHED_SOLID): not a notched die, so its side is not taken for the die size."""
    mask = np.zeros((240, 320), np.uint8)
    cv2.rectangle(mask, (100, 60), (199, 159), 255, -1)
    cv2.rectangle(mask, (112, 72), (187, 147), 0, -1)
    (ring,) = outlines.find_blobs(mask, reach_in=False)
    assert outlines._notched_side(ring) is None


@pytest.mark.parametrize("seed", [10375, 10976])
def test_a_lone_die_under_a_glare_is_read_uncalibrated(seed: int, monkeypatch) -> None:
    """Frames 10375 (under the cup, a black 6 of 111 px) and 10976 (from above, a black 2 of
    84 px, blurred): a glare lightened part of the lone die to the tray's colour, and the
    uncalibrated reader, measuring the die size from the clumps, found dice "touching or
    overlapping". Both were read right calibrated."""
    scene, _ = pinned_frame(seed)
    reading = reader.read_dice(scene.image, scene.view)
    assert reading.status is Status.OK, reading.reason
    assert reading.values == _truth(scene)
    monkeypatch.setattr(thresholds, "NOTCHED_OUTLINE", None)
    assert reader.read_dice(scene.image, scene.view).status is Status.UNSURE
