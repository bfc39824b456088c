"""A die only a few grey levels off the tray (a white die on a light tray) is found from its pips
and read; noise, specks and a lone round screw head are never taken for such a die."""

from __future__ import annotations

import warnings
from pathlib import Path

import cv2
import numpy as np
import pytest

from vision import classifier, outlines, pip_faces, reader, reasons, scan, thresholds
from vision.reading import Status
from vision.render import Scene, dataset, render_scene, table_calibration
from vision.scoring import load_labels

SIDE = 44
TRAY = 188


def _tray(seed: int = 1, noise: float = 1.5) -> np.ndarray:
    rng = np.random.default_rng(seed)
    image = np.full((480, 640, 3), TRAY, np.float64) + rng.normal(0, noise, (480, 640, 3))
    return np.clip(image, 0, 255).astype(np.uint8)


def _die(image: np.ndarray, cx: float, cy: float, colour: tuple[int, int, int],
         pip_colour: tuple[int, int, int], value: int, angle: float = 0.0) -> None:
    cv2.fillPoly(image, [cv2.boxPoints(((cx, cy), (SIDE, SIDE), angle)).astype(np.int32)], colour,
                 lineType=cv2.LINE_AA)
    c, s = np.cos(np.deg2rad(angle)), np.sin(np.deg2rad(angle))
    step = 0.27 * SIDE
    for gx, gy in pip_faces._LAYOUTS[value]:
        px, py = cx + step * (c * gx - s * gy), cy + step * (s * gx + c * gy)
        cv2.circle(image, (int(round(px)), int(round(py))), int(0.09 * SIDE), pip_colour, -1,
                   lineType=cv2.LINE_AA)


def test_a_white_die_on_a_light_tray_is_found_and_its_pips_read() -> None:
    image = _tray()
    _die(image, 200, 240, (40, 40, 200), (255, 255, 255), 3, angle=10)      # a red die
    _die(image, 420, 250, (203, 205, 206), (30, 30, 30), 5, angle=25)       # white, faint
    image = cv2.GaussianBlur(image, (3, 3), 0)
    reading = reader.read_dice(image)
    # Found: its pips are not left outside every die (as they were before the faint finder).
    problems = reading.extra.get("problems", [])
    assert not {reasons.STRAY_PIPS, reasons.LONE_SPOT, reasons.LONE_LIGHT_SPOT, reasons.LONE_DARK_SPOT} & set(problems), problems
    dark, _ = scan.pip_spots(cv2.cvtColor(image, cv2.COLOR_BGR2GRAY), SIDE, [])
    faint = [b for b in scan.faint_dice(image, SIDE, [], dark) if b.rect[0][0] > 300]
    assert len(faint) == 1
    value, _, x, y = pip_faces.read_die(image, faint[0])
    assert (value, round(x), round(y)) == (5, 420, 250)


def test_the_finder_returns_one_die_sized_blob_at_the_pips() -> None:
    image = _tray()
    _die(image, 320, 240, (204, 204, 204), (30, 30, 30), 4, angle=40)
    image = cv2.GaussianBlur(image, (3, 3), 0)
    dark, _ = scan.pip_spots(cv2.cvtColor(image, cv2.COLOR_BGR2GRAY), SIDE, [])
    assert len(dark) == 4
    found = scan.faint_dice(image, SIDE, [], dark)
    assert len(found) == 1
    (x, y), _, _ = found[0].rect
    assert abs(x - 320) < 4 and abs(y - 240) < 4
    assert 0.85 * SIDE <= found[0].side <= 1.2 * SIDE


def test_nothing_is_found_on_a_noisy_speckled_tray_or_at_a_screw_head() -> None:
    image = _tray(seed=2, noise=6.0)
    rng = np.random.default_rng(3)
    for x, y in rng.integers(60, 420, (12, 2)):                       # lone dark specks
        cv2.circle(image, (int(x), int(y)), 4, (40, 40, 40), -1)
    cv2.circle(image, (520, 380), 20, (150, 150, 150), -1)            # a round screw head...
    cv2.circle(image, (520, 380), 4, (40, 40, 40), -1)                # ...with its slot
    dark, _ = scan.pip_spots(cv2.cvtColor(image, cv2.COLOR_BGR2GRAY), SIDE, [])
    assert dark, "the specks should look like pips to the spot finder"
    assert scan.faint_dice(image, SIDE, [], dark) == []


def test_pixels_of_known_dice_are_never_taken_again() -> None:
    image = _tray()
    _die(image, 320, 240, (204, 204, 204), (30, 30, 30), 6, angle=0)
    dark, _ = scan.pip_spots(cv2.cvtColor(image, cv2.COLOR_BGR2GRAY), SIDE, [])
    mask = np.zeros(image.shape[:2], np.uint8)
    mask[240 - SIDE // 2:240 + SIDE // 2, 320 - SIDE // 2:320 + SIDE // 2] = 255
    known = outlines.find_blobs(mask)
    assert scan.faint_dice(image, SIDE, known, dark) == []


def test_spots_are_grouped_by_chains_of_short_gaps() -> None:
    spots = [(100.0, 100.0), (0.0, 0.0), (20.0, 0.0), (105.0, 100.0), (10.0, 0.0), (300.0, 0.0)]
    groups = scan.spot_groups(spots, 12.0)
    assert [g.tolist() for g in groups] == [[[100.0, 100.0], [105.0, 100.0]],
                                           [[0.0, 0.0], [20.0, 0.0], [10.0, 0.0]],
                                           [[300.0, 0.0]]]
    assert scan.spot_groups([], 12.0) == []


def _two_dice_under_the_cup_and_room() -> tuple[Scene, tuple[int, int]]:
    """Two white dice under the cup, and a place on the tray well away from both."""
    scene = render_scene(7, view="bottom", values=(6, 3), style="white", die_size=56)
    placed = [(d.x, d.y) for d in scene.labels]
    free = next((x, y) for x in range(100, 560, 40) for y in range(100, 400, 40)
                if all(np.hypot(x - px, y - py) > 120 for px, py in placed))
    return scene, free


def test_a_lit_face_under_the_cup_is_never_silently_gone() -> None:
    """Bottom view: light spots alone (the LED ring's reflections) are not pips, but light spots
    laying out a face where no die was found (a dark die lost in the tray) make the frame unsure."""
    scene, free = _two_dice_under_the_cup_and_room()
    lost, glints = scene.image.copy(), scene.image.copy()
    step = 0.27 * SIDE
    for gx, gy in pip_faces._LAYOUTS[5]:                 # white pips of a die the tray hides
        cv2.circle(lost, (int(free[0] + step * gx), int(free[1] + step * gy)), int(0.09 * SIDE),
                   (250, 250, 250), -1, lineType=cv2.LINE_AA)
    for dx in (-1, 1):                                 # two lone reflections far apart
        cv2.circle(glints, (int(free[0] + dx * 2 * SIDE), free[1]), int(0.09 * SIDE),
                   (250, 250, 250), -1, lineType=cv2.LINE_AA)
    assert reader.read_dice(scene.image, "bottom").ok
    assert reader.read_dice(glints, "bottom").ok
    reading = reader.read_dice(lost, "bottom")
    assert not reading.ok and "pips outside every die" in reading.reason


def test_a_lit_face_alone_is_boxed_on_the_evidence_photo() -> None:
    """Under the cup, a lit 4 where no die was found: its spots are not stray spots (light ones
    count only when they lay out a face), and no dark spot lies between them (a 5's middle
    leaves dark gaps that are), yet the frame is doubted for them: the evidence photo boxes
    them. (It boxed nothing, and the wall showed a doubt with nowhere to look.)"""
    scene, free = _two_dice_under_the_cup_and_room()
    lost = scene.image.copy()
    for gx, gy in pip_faces._LAYOUTS[4]:
        cv2.circle(lost, (int(free[0] + 0.27 * SIDE * gx), int(free[1] + 0.27 * SIDE * gy)), int(0.09 * SIDE),
                   (250, 250, 250), -1, lineType=cv2.LINE_AA)
    reading = reader.read_dice(lost, "bottom")
    assert not reading.ok and reading.reason == reasons.STRAY_PIPS
    assert any(x <= free[0] <= x + w and y <= free[1] <= y + h
               for (x, y, w, h), why in zip(reading.extra["unclear"], reading.extra["unclear_why"])
               if why == reading.reason)


PHOTOS = Path(__file__).resolve().parents[2].parent / "shared" / "dice-photos" / "byler"


def _photo(name: str) -> np.ndarray:
    image = cv2.imread(str(PHOTOS / "images" / f"{name}.jpg"))
    assert image is not None, f"the real photo {name} is missing from {PHOTOS / 'images'}"
    return image


def _labelled(name: str) -> list[tuple[int, float, float]]:
    return [(t.value, t.x, t.y) for t in load_labels(PHOTOS / "labels" / f"{name}.txt", 640, 640)]


def test_dice_too_faint_for_any_region_are_read_from_their_pips(model_of_2026_11_22, monkeypatch) -> None:
    """Two cream dice on the grey tray, touching, that neither the foreground nor the faint
    finder makes a region of: the network, looking round their pips, finds each, and their pips
    fit the face it saw. Before, the photo was unsure ("pips outside every die").
    (Found with the face model of 2026-11-22, which this test reads with. The shipped model
    finds one of the two this way, and the photo is unsure again: it must not be wrong.
    The model of 2026-11-22 also sees a die in a faint piece off every die that the shipped
    one does not: since that is asked of from above too (FAINT_LEFT_OVER_TOP, 2026-11-28) the
    photo is unsure with that model, so the finding round the pips is checked without it.)"""
    name = "IMG_20191209_100127"
    shipped = model_of_2026_11_22(_photo(name))
    assert shipped.status is Status.UNSURE or sorted(shipped.values) == sorted(v for v, _, _ in _labelled(name))
    monkeypatch.setattr(thresholds, "FAINT_LEFT_OVER_TOP", False)
    reading = reader.read_dice(_photo(name))
    assert reading.status is Status.OK, reading.reason
    truth = _labelled(name)
    assert len(reading.dice) == len(truth)
    for value, x, y in truth:
        assert any(d.value == value and np.hypot(d.x - x, d.y - y) < 10 for d in reading.dice), (value, x, y)


def test_strong_pips_joined_to_a_faint_die_outline_are_still_pips() -> None:
    """A cream die turned 45 degrees: at the first threshold each row of its pips runs into its
    slightly darker outline, one shape that is neither a pip nor a row. Looked for again at a
    high contrast, the pips stand alone; without them this die was missing from a reading
    otherwise ok."""
    image = _photo("IMG_20191209_095647")
    grey = cv2.cvtColor(image, cv2.COLOR_BGR2GRAY)
    dark, _ = scan.pip_spots(grey, 23.0, [])
    assert sum(np.hypot(x - 226, y - 344) < 12 for x, y in dark) >= 4
    reading = reader.read_dice(image)
    seen = any(d.value == 6 and np.hypot(d.x - 226, d.y - 344) < 8 for d in reading.dice)
    assert seen or not reading.ok, "the die at (226, 344) is missing from a reading that says ok"


def _white_five_on_the_tray() -> tuple[np.ndarray, list[tuple[float, float]]]:
    """A white 5 on the light tray, no region round it: the image and its dark pip-like spots."""
    image = _tray()
    _die(image, 320, 240, (204, 204, 204), (30, 30, 30), 5, angle=20)
    image = cv2.GaussianBlur(image, (3, 3), 0)
    dark, _ = scan.pip_spots(cv2.cvtColor(image, cv2.COLOR_BGR2GRAY), SIDE, [])
    assert dark
    return image, dark


@pytest.mark.parametrize("finder, die_side", [
    ("dice_by_pips", SIDE),
    # (the pips left stray, looked round at STRAY_SCAN_BIGGER x the die size measured)
    ("dice_by_stray_pips", SIDE / thresholds.STRAY_SCAN_BIGGER),
])
def test_a_die_the_network_sees_at_loose_pips_must_have_pips_fitting_that_face(monkeypatch, finder, die_side) -> None:
    """The network's scan alone never reads a die: at a white die found only by its pips, a
    scan answering another face than the pips show reads nothing."""
    image, dark = _white_five_on_the_tray()
    for scanned, read in ((5, 1), (3, 0)):
        monkeypatch.setattr(classifier, "find_faces", lambda *args, v=scanned: [(v, 0.99, 320.0, 240.0)])
        found = getattr(scan, finder)(image, image, object(), die_side, dark, [], [])
        assert [f[0] for f in found] == [5] * read


def test_white_dice_seen_at_a_slant_are_confirmed_by_their_count_of_pips() -> None:
    """Two white dice on the white tray, photographed from a slant: no region holds them, the
    network's scan finds each very surely (a 3 and a 2), but in the disc round each the pips lay
    out no face (the face lies off the middle of what shows of the die, and a corner's shadow
    looks like a pip). As many pips as the face's value, in the disc of one of the sizes tried,
    confirm it; a value no disc holds as many pips of is never confirmed. (The 3's disc at the
    typical size holds the shadow too, 4 "pips": a scan very sure of a 4 there would pass. The
    scan's own sureness, several windows at 0.98 and the die turned eight ways, is what stands
    between; the pips rule out the faces they plainly contradict.)
    The smallest disc tried (0.85 sides) leaves the shadow and the side's pips out: there the
    pips of both lay out their faces.
    Before, the photo was unsure ("pips outside every die")."""
    name = "IMG_20191209_095503"
    image = _photo(name)
    everywhere = np.full(image.shape[:2], 255, np.uint8)
    sides = [f * 25.5 for f in thresholds.CONFIRM_SIDES]    # the photo's typical die: 25.5 px
    for value, x, y, counted in ((3, 432.5, 355.3, {3, 4}), (2, 165.8, 400.7, {2})):   # as the scan saw them
        laid_out = [s / 25.5 for s in sides if scan.confirmed(image, everywhere, 1.0, value, x, y, s)]
        assert laid_out == [0.85]
        for face in range(1, 7):
            confirmed = any(scan.confirmed(image, everywhere, 1.0, face, x, y, s, count_will_do=True)
                            for s in sides)
            assert confirmed == (face in counted), face
    reading = reader.read_dice(image)
    assert reading.status is Status.OK, reading.reason
    truth = _labelled(name)
    assert len(reading.dice) == len(truth)
    for value, x, y in truth:
        assert any(d.value == value and np.hypot(d.x - x, d.y - y) < 10 for d in reading.dice), (value, x, y)


def test_a_faint_die_filling_its_window_is_weighed_without_a_warning() -> None:
    """Fresh 111492 (from above, calibrated): a spot's window is all region, no tray round it.
    The tray's median round it was taken of nothing (NaN, with numpy's "Mean of empty slice"
    warning, which max() then passed over): the floor alone is asked, as before, silently."""
    scene = next(iter(dataset(1, seed=111_492, view="top")))
    calibration = table_calibration(scene)
    with warnings.catch_warnings():
        warnings.simplefilter("error", RuntimeWarning)
        reading = reader.read_dice(scene.image, scene.view, calibration=calibration)
    assert reading.status is Status.UNSURE      # (a cup's rim covers part of the tray)


def test_pips_outside_every_die_are_boxed_a_die_at_a_time(monkeypatch) -> None:
    """Four white dice on the white tray that no region holds: only their pips show. Each pip
    was boxed on its own, and the evidence photo showed a pile of boxes and marks over each
    die; the boxes now go round each die's group of pips, one a die. (One of the four is now
    found and read, from what the foreground's opening took of it, its pieces joined; its
    pips are its own, not stray: boxed, they said a die was missed there.)"""
    name = "IMG_20191209_100728"
    # (Off: the scan round stray pips now reads these three dice, the nearest and biggest of
    # the five; asserted at the end.)
    monkeypatch.setattr(thresholds, "STRAY_SCAN", False)
    reading = reader.read_dice(_photo(name))
    assert reading.status is Status.UNSURE
    boxes = [box for box, why in zip(reading.extra["unclear"], reading.extra["unclear_why"])
             if why == reasons.STRAY_PIPS]
    missed = [(x, y) for _, x, y in _labelled(name)
              if not any(np.hypot(d.x - x, d.y - y) < 10 for d in reading.dice)]
    assert len(missed) == 3
    assert len(boxes) == len(missed), boxes
    for x, y in missed:
        assert sum(bx <= x <= bx + bw and by <= y <= by + bh for bx, by, bw, bh in boxes) == 1, (x, y, boxes)
    monkeypatch.setattr(thresholds, "PIPS_OF_DICE_IN_LIGHT", False)
    reading = reader.read_dice(_photo(name))
    assert len([why for why in reading.extra["unclear_why"] if why == reasons.STRAY_PIPS]) == len(missed) + 1
    monkeypatch.setattr(thresholds, "PIPS_OF_DICE_IN_LIGHT", True)
    monkeypatch.setattr(thresholds, "STRAY_SCAN", True)
    reading = reader.read_dice(_photo(name))
    assert reasons.STRAY_PIPS not in reading.extra["unclear_why"]
    for value, x, y in _labelled(name):
        assert any(d.value == value and np.hypot(d.x - x, d.y - y) < 10 for d in reading.dice), (value, x, y)


def test_a_white_die_the_foregrounds_opening_took_is_read_by_the_scan_and_its_pips(monkeypatch) -> None:
    """IMG_20191208_111548: a white 5 on the white tray, seen at a slant, differs from the tray
    only in a piece the foreground's opening took. The frame was unsure there ("a die fades
    into the tray"); now the network's scan finds the die round the piece, and as many pips as
    its face, in the disc round it, confirm it. (The photo stays unsure for touching dice.)"""
    name = "IMG_20191208_111548"
    image = _photo(name)
    assert any(v == 5 and np.hypot(x - 514, y - 362) < 10 for v, x, y in _labelled(name))   # the label

    def at_the_five(reading) -> bool:
        return any(d.value == 5 and np.hypot(d.x - 514, d.y - 362) < 10 for d in reading.dice)

    def boxed_faded(reading) -> bool:
        return any(x <= 514 <= x + w and y <= 362 <= y + h
                   for (x, y, w, h), why in zip(reading.extra["unclear"], reading.extra["unclear_why"])
                   if why == reasons.FADED_IN_LIGHT)

    reading = reader.read_dice(image)
    assert at_the_five(reading) and not boxed_faded(reading)
    monkeypatch.setattr(thresholds, "READ_FADED_IN_LIGHT", False)
    reading = reader.read_dice(image)
    assert not at_the_five(reading) and boxed_faded(reading)


def test_pips_a_die_read_holds_are_not_looked_round_again(monkeypatch) -> None:
    """The scan round pips left stray asks nothing where a die read already holds the pips."""
    image, dark = _white_five_on_the_tray()
    asked = []
    monkeypatch.setattr(classifier, "find_faces", lambda *args: asked.append(args) or [(5, 0.99, 320.0, 240.0)])
    assert scan.dice_by_stray_pips(image, image, object(), SIDE, dark, [], [(5, 0.99, 320.0, 240.0, SIDE, 0.0)]) == []
    assert asked == []
    assert [f[0] for f in scan.dice_by_stray_pips(image, image, object(), SIDE, dark, [], [])] == [5]
    assert len(asked) == 1        # (no region by them: asked at the bigger size only)


@pytest.mark.parametrize("name, value, x, y, undone_by", [
    ("IMG_20191209_100043", 3, 257, 248, {"STRAY_SCAN_BIGGER": 1.0}),
    ("IMG_20191209_100051", 1, 415, 211, {"STRAY_SCAN_BIGGER": 1.0}),
    ("IMG_20191209_100116", 4, 256, 397, {"STRAY_SCAN": False}),
])
def test_a_near_die_bigger_than_the_rest_is_read_from_its_stray_pips(monkeypatch, name, value, x, y,
                                                                      undone_by) -> None:
    """A white die on the white tray, photographed at a slant: the die nearest the camera is
    half as big again as the far ones the die size was measured on, and no region holds it.
    Its pips were left stray ("pips outside every die"). 100043's and 100051's: the scan round
    loose pips, at the frame's die size, found nothing there; at 1.4 times it the die is found.
    100116's: its big pips broke up in two spots each, 8 in all, more than the 6 of a face the
    scan round loose pips asks about. Each time the pips confirm the die: the photo reads ok
    and right; undone, it is unsure for the stray pips, the die unread."""
    assert (value, x, y) in [(v, round(lx), round(ly)) for v, lx, ly in _labelled(name)]

    def read_there(reading) -> bool:
        return any(d.value == value and np.hypot(d.x - x, d.y - y) < 10 for d in reading.dice)

    image = _photo(name)
    reading = reader.read_dice(image)
    assert reading.status is Status.OK, reading.reason
    assert read_there(reading)
    assert sorted(d.value for d in reading.dice) == sorted(v for v, _, _ in _labelled(name))
    for constant, off in undone_by.items():
        monkeypatch.setattr(thresholds, constant, off)
    monkeypatch.setattr(thresholds, "FAINT_PIPS_FILLED", False)  # (its faint piece doubts the undone read first)
    reading = reader.read_dice(image)
    assert reading.reason == reasons.STRAY_PIPS and not read_there(reading)


@pytest.mark.parametrize("name, value, x, y", [
    ("IMG_20191208_113004", 2, 136, 172),
    ("IMG_20191208_112837", 4, 112, 272),
])
def test_a_near_die_among_touching_dice_is_reported_and_the_frame_stays_unsure(monkeypatch, name, value, x, y) -> None:
    """Touching dice photographed at a slant: the network's scan round their region, at the
    frame's die size, found no die where the nearest, biggest one lies. Scanned again at 1.4
    times it, the die is found and its pips confirm it: it is reported. What made the frame
    unsure stays, boxed as before (thresholds.UNREAD_SCAN_BIGGER never clears a doubt)."""
    assert (value, x, y) in [(v, round(lx), round(ly)) for v, lx, ly in _labelled(name)]

    def read_there(reading) -> bool:
        return any(d.value == value and np.hypot(d.x - x, d.y - y) < 10 for d in reading.dice)

    image = _photo(name)
    reading = reader.read_dice(image)
    # (113004's first reason is the lopsided "tray" the frame shows, thresholds.AUTO_TRAY_LOPSIDED.)
    assert reading.status is Status.UNSURE and "dice are touching or overlapping" in reading.extra["problems"]
    assert read_there(reading)
    monkeypatch.setattr(thresholds, "UNREAD_SCAN_BIGGER", False)
    before = reader.read_dice(image)
    assert not read_there(before)
    assert before.extra["unclear"] == reading.extra["unclear"]
    assert before.extra["unclear_why"] == reading.extra["unclear_why"]
