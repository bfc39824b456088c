"""Two dice touching, cut apart by a straight line: a die not plainly lying flat by its outline is
read under the cup when its face is as light as a neighbour's that is (SIDE_BY_SIDE_AS_BRIGHT);
one leaning on its neighbour, lifted off the lit tray, is darker and stays doubted. Either way, it
is read when the network, shown it with its neighbours painted over, reads its face surely
(SIDE_BY_SIDE_ALONE); one leaning on its neighbour it doubts then."""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
import pytest

from vision import leaning_signs, outlines, reader, thresholds
from vision.classifier import LEANING, NO_LAYOUT_GLINT, NO_PIPS
from vision.reading import Reading, Status, View
from vision.render import STYLES, dataset, render_scene, table_calibration
from vision.scoring import Truth, match

from .conftest import assert_leaning_doubted, assert_read_flat_without, boxed_near, pinned_frame


def _everyday(seed: int, style: str):
    """A frame of benchmarks/vision_sets.py's everyday set: two dice under the cup."""
    return render_scene(seed, view=View.BOTTOM, n_dice=2, style=style, hard="random")


@pytest.mark.parametrize("seed, style", [(3031, "white"), (3006, "casino"), (3006, "wood")])
def test_two_flat_dice_side_by_side_under_the_cup_are_read(monkeypatch, seed: int, style: str) -> None:
    """Everyday frames, calibrated: two flat dice touching edge to edge, cut apart. One piece is
    square round its face, the other not, and was doubted as "leaning" (as a die leaning on its
    neighbour, seen from above, looks just like it). Its face is as light as its neighbour's:
    both lie on the lit tray, and the frame is read. (The network, shown the piece with its
    neighbour painted over, reads it too: SIDE_BY_SIDE_ALONE, switched off here with the other.)"""
    scene = _everyday(seed, style)
    assert scene.readable and "touching" in scene.hard
    calibration = table_calibration(scene)
    truths = [Truth(d.value, d.x, d.y, d.size) for d in scene.labels]
    reading = reader.read_dice(scene.image, scene.view, calibration=calibration)
    assert reading.ok, reading.reason
    assert match(reading, truths) == (2, True)
    monkeypatch.setattr(thresholds, "SIDE_BY_SIDE_AS_BRIGHT", None)
    monkeypatch.setattr(thresholds, "SIDE_BY_SIDE_ALONE", None)
    before = reader.read_dice(scene.image, scene.view, calibration=calibration)
    assert before.status is Status.UNSURE and before.reason == LEANING
    assert len(before.dice) == 1


@pytest.mark.parametrize("seed, calibrated", [(10_000, False), (10_000, True), (10_065, True), (11_314, False)])
def test_a_flat_die_cut_from_its_neighbour_is_read_when_the_network_reads_it_alone(
        monkeypatch, seed: int, calibrated: bool) -> None:
    """Frames of the benchmark's 2,000 with flat dice touching, cut apart by a straight line, a
    piece not square round its face: from above 10000 (three black dice in a row) and 11314
    (blurred, two dice), under the cup 10065. The network, shown each piece as it lies,
    neighbour and all, doubted its face (or it was not asked: a die cut so was read only if it
    lay plainly flat); shown it with its neighbour painted over in the tray's colour, it reads
    the face the pips read, surely, and the frame is read right."""
    (scene,) = dataset(1, seed=seed, view=View.TOP if seed % 2 == 0 else View.BOTTOM)
    assert scene.readable and "touching" in scene.hard
    calibration = table_calibration(scene) if calibrated else None
    truths = [Truth(d.value, d.x, d.y, d.size) for d in scene.labels]
    reading = reader.read_dice(scene.image, scene.view, calibration=calibration)
    assert reading.ok, reading.reason
    assert match(reading, truths) == (len(truths), True)
    monkeypatch.setattr(thresholds, "SIDE_BY_SIDE_ALONE", None)
    assert reader.read_dice(scene.image, scene.view, calibration=calibration).status is Status.UNSURE


@pytest.mark.parametrize("seed", [10_413, 10_880])
def test_a_flat_die_cut_from_its_neighbour_is_read_when_the_network_alone_doubts_it_a_little(
        monkeypatch, seed: int) -> None:
    """Frames of the benchmark's 2,000, uncalibrated: under the cup 10413 (a 6 touching a
    neighbour), from above 10880 (a blurred 4). The network, shown the piece with its neighbour
    painted over, reads the face the pips read, doubting it 0.056 and 0.080: more than the 0.05
    SIDE_BY_SIDE_ALONE allowed before, far less than any die leaning on its neighbour (0.238 and
    more). The frame is read right; at 0.05 it was unsure, that die doubted as leaning."""
    (scene,) = dataset(1, seed=seed, view=View.TOP if seed % 2 == 0 else View.BOTTOM)
    assert scene.readable and "touching" in scene.hard
    truths = [Truth(d.value, d.x, d.y, d.size) for d in scene.labels]
    reading = reader.read_dice(scene.image, scene.view)
    assert reading.ok, reading.reason
    assert match(reading, truths) == (len(truths), True)
    monkeypatch.setattr(thresholds, "SIDE_BY_SIDE_ALONE", 0.05)
    before = reader.read_dice(scene.image, scene.view)
    assert before.status is Status.UNSURE and before.reason == LEANING


def _read_right_then_doubted(monkeypatch, seed: int, calibrated: bool, rules: tuple[str, ...], why: str,
                             value: int) -> Callable[[], Reading]:
    """Pinned fresh frame ``seed`` is read ok and right; with each of ``rules`` (vision.thresholds)
    off, unsure for ``why``, the one die of ``value`` left unread and boxed for it. Returns a
    reader of the frame as the thresholds then stand."""
    scene, calibration = pinned_frame(seed)
    calibration = calibration if calibrated else None
    assert scene.readable and not any(d.cocked for d in scene.labels)
    truths = [Truth(d.value, d.x, d.y, d.size) for d in scene.labels]
    reading = reader.read_dice(scene.image, scene.view, calibration=calibration)
    assert reading.ok, reading.reason
    assert match(reading, truths) == (len(truths), True)
    for rule in rules:
        monkeypatch.setattr(thresholds, rule, False)
    before = reader.read_dice(scene.image, scene.view, calibration=calibration)
    assert before.status is Status.UNSURE and before.reason == why
    doubted = [d for d in scene.labels
               if not any(np.hypot(r.x - d.x, r.y - d.y) < d.size / 2 for r in before.dice)]
    assert [d.value for d in doubted] == [value] and boxed_near(before, doubted[0], why)
    return lambda: reader.read_dice(scene.image, scene.view, calibration=calibration)


@pytest.mark.parametrize("seed, calibrated, value", [(811_895, False, 6), (811_895, True, 6), (809_305, True, 5)])
def test_a_die_the_network_reads_alone_is_read_whatever_its_looks_with_the_neighbour_in_view(
        monkeypatch, seed: int, calibrated: bool, value: int) -> None:
    """Fresh frames under the cup, flat dice touching, one cut from its neighbour by a straight
    line, not plainly flat: 811895 (a 6, its bottom face a 1) and 809305 calibrated (a 5 beside a
    5). The network, shown the die with its neighbour painted over, reads the face its pips read
    (SIDE_BY_SIDE_ALONE); its looks with the neighbour in view doubted it just over what a die
    not plainly flat may be (811895: 0.083 once, 0.075 steadily, STEADY_NO_FACE_MAX 0.065), and
    the frame was unsure for it. Read on the painted look, the frame reads right; with
    SIDE_BY_SIDE_ALONE_OVERRULES off (and NEIGHBOUR_ALONE_OVERRULES, which asks the same of any
    die beside another), that die is doubted as leaning again."""
    read = _read_right_then_doubted(monkeypatch, seed, calibrated,
                                    ("SIDE_BY_SIDE_ALONE_OVERRULES", "NEIGHBOUR_ALONE_OVERRULES"), LEANING, value)
    # SIDE_BY_SIDE_ALONE_OVERRULES alone reads it: the neighbour rule is not what does.
    monkeypatch.setattr(thresholds, "SIDE_BY_SIDE_ALONE_OVERRULES", True)
    assert read().ok

@pytest.mark.parametrize("seed, value", [(812_009, 5), (812_121, 1)])
def test_a_die_beside_another_the_network_reads_alone_is_read_whatever_its_looks(
        monkeypatch, seed: int, value: int) -> None:
    """Fresh frames under the cup, uncalibrated, flat dice touching, not cut apart by a straight
    line (SIDE_BY_SIDE_ALONE is not asked of them): 812009 a black 5 (its 2 seen) beside a 6,
    812121 a blue 1 (its 6 seen) beside a 6. The pips read the face; the network, its neighbour
    in the patch, doubted it (812009: 0.32 once, 0.71 steadily; 812121: 0.85, "a die with no
    readable face" first), and the frame was unsure. Shown the die with its neighbour painted
    over, the network reads that face (NEIGHBOUR_ALONE_OVERRULES), and the frame reads right;
    with the rule off, or with no bound to read the look alone to (SIDE_BY_SIDE_ALONE None),
    the die is doubted as leaning again."""
    read = _read_right_then_doubted(monkeypatch, seed, False, ("NEIGHBOUR_ALONE_OVERRULES",), LEANING, value)
    monkeypatch.setattr(thresholds, "NEIGHBOUR_ALONE_OVERRULES", True)
    monkeypatch.setattr(thresholds, "SIDE_BY_SIDE_ALONE", None)
    unbounded = read()
    assert unbounded.status is Status.UNSURE and unbounded.reason == LEANING

@pytest.mark.parametrize("seed, calibrated, value, why", [
    (828_407, False, 1, NO_PIPS), (828_407, True, 1, NO_PIPS),
    (829_279, False, 3, NO_LAYOUT_GLINT), (829_279, True, 3, NO_LAYOUT_GLINT)])
def test_a_die_its_pips_read_no_face_of_beside_another_is_read_by_the_network_alone(
        monkeypatch, seed: int, calibrated: bool, value: int, why: str) -> None:
    """Fresh frames under the cup, flat dice touching: 828407 an Asian 1 (its 6 seen), blurred,
    no pips found on it; 829279 a 3 (its 4 seen) under a glare, its pips laying out no face. The
    network reads the face surely (0.90, 0.91) but doubts it with the neighbour in its patch more
    than a face read by it alone may be (0.097, 0.068), and the frame was unsure. Shown the die
    with its neighbour painted over, the network reads that face (NEIGHBOUR_ALONE_NO_LAYOUT), and
    the frame reads right; with the rule off, it is unsure for that die again."""
    _read_right_then_doubted(monkeypatch, seed, calibrated, ("NEIGHBOUR_ALONE_NO_LAYOUT",), why, value)


@pytest.mark.parametrize("seed, value", [(840_833, 4), (839_036, 1)])
def test_a_cocked_die_whose_doubt_painting_its_neighbour_over_leaves_is_not_read_alone(
        monkeypatch, seed: int, value: int) -> None:
    """Fresh frames, uncalibrated, a die cocked by itself: 840833 under the cup (an Asian 4, its
    3 seen, its side faint beyond its face), 839036 from above (a white 1, its side grey), their
    nearest neighbour 1.46 and 1.59 sides off. Their looks doubt them, leaning. Shown with that
    neighbour painted over, the network doubted them as much as before (0.119 against 0.130,
    0.112 against 0.112): under SIDE_BY_SIDE_ALONE, so the neighbour rule read them flat, a
    cocked die read. Its doubt was not the neighbour's: the rule now reads a die only where the
    painting takes a fifth of the doubt away or more (NEIGHBOUR_ALONE_DROP)."""
    scene, _ = pinned_frame(seed)
    assert not scene.readable
    (cocked,) = [d for d in scene.labels if d.cocked]
    assert cocked.value == value
    assert_leaning_doubted(scene, cocked)
    assert_read_flat_without(monkeypatch, scene, thresholds, "NEIGHBOUR_ALONE_DROP")


def test_a_die_is_shown_alone_with_its_neighbour_painted_over() -> None:
    """_painted_alone: the neighbour (and the cut between them) takes the tray's colour; the die,
    its edge and the tray round it stay as they were."""
    tray = (90, 140, 110)
    image = np.zeros((200, 260, 3), np.uint8)
    image[:] = tray
    image[80:120, 80:120] = (230, 230, 230)         # the die: a white square, a pip
    image[95:105, 95:105] = (20, 20, 20)
    image[80:120, 120:160] = (200, 60, 60)          # its neighbour, touching it
    mask = np.zeros(image.shape[:2], np.uint8)
    mask[81:119, 81:119] = 255                      # the foreground: an edge left out,
    mask[81:119, 122:159] = 255                     # and the cut between them
    die, neighbour = sorted(outlines.find_blobs(mask), key=lambda b: b.rect[0][0])
    window, (x, y, extent) = leaning_signs._painted_alone(image, die, [die, neighbour], (100.0, 100.0, 46.0), 1.5)
    x0, y0 = round(100 - x), round(100 - y)          # the window's corner in the image
    assert extent == 46.0 and window.shape[0] > 60 and window.shape[1] > 60

    def at(ix: int, iy: int) -> tuple[int, ...]:
        return tuple(int(v) for v in window[iy - y0, ix - x0])

    assert at(140, 100) == tray and at(150, 85) == tray and at(121, 100) == tray   # neighbour, cut
    assert at(100, 100) == (20, 20, 20) and at(85, 85) == (230, 230, 230)         # the die
    assert at(80, 100) == (230, 230, 230) and at(119, 100) == (230, 230, 230)     # its edges
    assert at(70, 100) == tray                                                     # the tray
    assert image[100, 140].tolist() == [200, 60, 60]                                # the frame untouched
    # A die with no neighbour: nothing to paint, no look of its own to add.
    assert leaning_signs._painted_alone(image, die, [die], (100.0, 100.0, 46.0), 1.5) is None


def test_two_pairs_of_flat_dice_side_by_side_under_the_cup_are_read(monkeypatch) -> None:
    """Frame 10781 of the benchmark's 2,000: two pairs of red dice side by side under the
    cup, doubted since dice cut apart are read only if plainly flat
    (test_a_flat_die_cut_from_its_neighbour_is_doubted_whatever_its_look). Each cut die's face
    is as light as its flat neighbour's. (Without that rule, the network shown each alone reads
    them too: SIDE_BY_SIDE_ALONE, switched off here with it.)"""
    (scene,) = dataset(1, seed=10_781, view=View.BOTTOM)
    assert scene.readable and "touching" in scene.hard
    truths = [Truth(d.value, d.x, d.y, d.size) for d in scene.labels]
    reading = reader.read_dice(scene.image, scene.view)
    assert reading.ok, reading.reason
    assert match(reading, truths) == (len(truths), True)
    monkeypatch.setattr(thresholds, "SIDE_BY_SIDE_AS_BRIGHT", None)
    monkeypatch.setattr(thresholds, "SIDE_BY_SIDE_ALONE", None)
    assert reader.read_dice(scene.image, scene.view).status is Status.UNSURE


@pytest.mark.parametrize("seed, calibrated", [(60_438, False), (60_438, True), (60_198, False)])
def test_a_die_leaning_on_its_neighbour_under_the_cup_stays_doubted(seed: int, calibrated: bool) -> None:
    """benchmarks/vision_sets.py's set "lean": a die leaning on its neighbour under the cup, its
    pips laying out a face, 0.83 (60438) and 0.81 (60198) as light as its flat neighbour's: of
    the 59 such dice the pips read in frames 60000-60499, none is lighter than 60438's (a flat
    die beside a flat one: 0.85-1.17, 5th-95th percentile). The frame is unsure, the leaning
    die boxed. (The network doubts these two faces too.)"""
    style = STYLES[(seed - 60_000) % len(STYLES)]
    scene = render_scene(seed, view=View.BOTTOM, n_dice=2, style=style, hard=("cocked", "touching"))
    (leaning,) = [d for d in scene.labels if d.cocked]
    reading = reader.read_dice(scene.image, scene.view,
                               calibration=table_calibration(scene) if calibrated else None)
    assert reading.status is Status.UNSURE
    assert boxed_near(reading, leaning, LEANING)


def _die(x: float, lightness: float) -> outlines.Blob:
    """A 40 px die at (x, 100) whose pips were found against a face of this lightness."""
    mask = np.full((40, 40), 255, np.uint8)
    blob = outlines.Blob(area=1600, rect=((x, 100.0), (40.0, 40.0), 0.0), box=(int(x) - 20, 80, 40, 40),
                 mask=mask, thickness=20.0)
    face = np.array([lightness, 128.0, 128.0], np.float32)
    blob.pips_found = (None, [], [mask, 45.0, (np.zeros((0, 3), np.float32), face, None)])
    return blob


def test_only_a_neighbour_plainly_flat_and_as_light_vouches_for_a_die(monkeypatch) -> None:
    monkeypatch.setattr(thresholds, "SIDE_BY_SIDE_AS_BRIGHT", 0.85)
    cut = [(60, 60, 100, 80)]        # the touching dice's region, cut apart (pixels at scale 1)
    flat_die, piece = _die(80.0, 200.0), _die(120.0, 185.0)
    read = (4, 0.9, 0.0, 0.0)
    assert leaning_signs.as_bright_as_flat_neighbour([(flat_die, read), (piece, read)],
                                                     [True, False], cut, 1.0) == [False, True]
    darker = _die(120.0, 150.0)      # 0.75 as light: lifted off the tray on one side
    assert leaning_signs.as_bright_as_flat_neighbour([(flat_die, read), (darker, read)],
                                                     [True, False], cut, 1.0) == [False, False]
    lighter = _die(120.0, 250.0)     # a die of another kind (1.25 as light) says nothing of this one
    assert leaning_signs.as_bright_as_flat_neighbour([(flat_die, read), (lighter, read)],
                                                     [True, False], cut, 1.0) == [False, False]
    # Neither plainly flat: nothing vouches for either.
    assert leaning_signs.as_bright_as_flat_neighbour([(flat_die, read), (piece, read)],
                                                     [False, False], cut, 1.0) == [False, False]
    # A neighbour whose pips laid out no face, or one too far off, does not vouch.
    assert leaning_signs.as_bright_as_flat_neighbour([(flat_die, "a face matches no pip layout"), (piece, read)],
                                                     [True, False], cut, 1.0) == [False, False]
    far = _die(200.0, 185.0)
    assert leaning_signs.as_bright_as_flat_neighbour([(flat_die, read), (far, read)],
                                                     [True, False], [(60, 60, 180, 80)], 1.0) == [False, False]
    # A die not cut from touching dice is not this rule's to read.
    assert leaning_signs.as_bright_as_flat_neighbour([(flat_die, read), (piece, read)],
                                                     [True, False], [], 1.0) == [False, False]


def test_a_die_cut_from_its_neighbour_stays_doubted_when_the_scan_reads_its_face(monkeypatch) -> None:
    """Fresh 384058 (from above, calibrated): a wooden 6 leaning on a 5, cut from it by a
    straight line, its outline not square round its face and its pips not square on: doubted as
    leaning. The network's scan round the doubted piece then read the 6 again, its pips
    confirmed it, and the doubt was cleared: the frame was read ok with the leaning die in it.
    Reading a face again says nothing of its lean; the network's own look at the die doubted
    its face 0.083, more than it may doubt any die not plainly flat, and the doubt now stays
    (SIDE_BY_SIDE_KEPT). (Since touching dice seen from above are cut by the outline a die
    shows, TOP_OUTLINE_MEASURED, the 6 is cut otherwise and not read at all; the rule is shown
    on the cut as it was.)"""
    scene, calibration = pinned_frame(384_058)
    leaning = [d for d in scene.labels if d.cocked]
    assert len(leaning) == 1 and leaning[0].touching and not scene.readable
    reading = reader.read_dice(scene.image, scene.view, calibration=calibration)
    assert reading.status is Status.UNSURE and reading.reason == LEANING
    assert boxed_near(reading, leaning[0], LEANING)
    monkeypatch.setattr(thresholds, "TOP_OUTLINE_MEASURED", False)
    reading = reader.read_dice(scene.image, scene.view, calibration=calibration)
    assert reading.status is Status.UNSURE and reading.reason == LEANING
    monkeypatch.setattr(thresholds, "SIDE_BY_SIDE_KEPT", None)
    # (Since 2026-12-04 the side's straight edge of a die the scan reads doubts it too:
    # thresholds.SIDE_STEP_SCANNED, off here.)
    monkeypatch.setattr(thresholds, "SIDE_STEP_SCANNED", False)
    assert reader.read_dice(scene.image, scene.view, calibration=calibration).ok     # confidently wrong
