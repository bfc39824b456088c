"""The reader on rendered frames and on made-up edge cases: never ok-and-wrong, the bottom view
flips values, and every doubt (dark, bright, blurred, wrong count, a die it cannot make out) is an
unsure answer with a reason."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from vision import classifier, leaning_signs, outlines, pip_faces, reasons, thresholds
from vision.reader import read_dice
from vision.reading import Status, View
from vision.render import dataset, render_scene, table_calibration, test_subset
from vision.scoring import Truth, match, score_scenes

from .conftest import benchmark_frame, pinned_frame, read_right_until


@pytest.fixture(scope="module")
def subset():
    return test_subset()


@pytest.fixture(scope="module")
def clean_top():
    """A rendered top-view frame the reader reads ok (seeded; searched in a fixed range)."""
    for seed in range(100, 160):
        scene = render_scene(seed, view=View.TOP, n_dice=2, style="white")
        reading = read_dice(scene.image, View.TOP)
        if reading.ok and len(reading.dice) == 2:
            return scene, reading
    pytest.fail("no rendered two-dice white frame in seeds 100-159 was read ok")


def test_no_confidently_wrong_read_on_the_fixed_rendered_set(subset) -> None:
    score = score_scenes(lambda image, view: read_dice(image, view), subset)
    assert score.photos == len(subset)
    assert score.photos_confidently_wrong == 0, score.wrong_names


def test_clean_frame_is_read_right(clean_top) -> None:
    scene, reading = clean_top
    assert reading.values == scene.values
    for die in reading.dice:
        assert 0.0 < die.confidence <= 1.0


def test_bottom_view_reports_the_opposite_face(clean_top) -> None:
    scene, top = clean_top
    bottom = read_dice(scene.image, View.BOTTOM)
    assert bottom.ok
    by_place = {(round(d.x), round(d.y)): d.value for d in top.dice}
    for die in bottom.dice:
        assert by_place[(round(die.x), round(die.y))] == 7 - die.value
    assert read_dice(scene.image, "bottom").values == bottom.values
    # Each reading says which way it was read (the evidence photo explains the bottom view's).
    assert (top.view, bottom.view) == (View.TOP, View.BOTTOM)
    assert read_dice(np.zeros((240, 320, 3), np.uint8), "bottom").view is View.BOTTOM   # unsure too


def test_pips_off_every_die_make_the_reading_unsure(clean_top) -> None:
    scene, reading = clean_top
    image = scene.image.copy()
    far = max((d for d in reading.dice), key=lambda d: d.x)
    x = int(scene.tray[0] + scene.tray[2] * 0.15) if far.x > image.shape[1] / 2 else \
        int(scene.tray[0] + scene.tray[2] * 0.85)
    y = int(scene.tray[1] + scene.tray[3] * 0.5)
    step, radius = int(0.25 * far.size), max(2, int(0.08 * far.size))
    for dx in (-step, step):      # the two pips of a 2 on a die the segmentation cannot see
        cv2.circle(image, (x + dx, y + dx), radius, (20, 20, 20), -1)
    result = read_dice(image, View.TOP)
    assert result.status is Status.UNSURE
    assert "pips outside every die" in (result.reason or "") + " ".join(result.extra.get("problems", []))


def test_expected_count_mismatch_is_unsure(clean_top) -> None:
    scene, _ = clean_top
    result = read_dice(scene.image, View.TOP, expected=3)
    assert result.status is Status.UNSURE and result.reason == "expected 3 dice, saw 2"
    assert read_dice(scene.image, View.TOP, expected=2).ok


def test_brightness_and_sharpness_are_reported(clean_top) -> None:
    scene, reading = clean_top
    grey = cv2.cvtColor(scene.image, cv2.COLOR_BGR2GRAY)
    assert reading.brightness == pytest.approx(float(grey.mean()), abs=0.01)
    assert reading.sharpness == pytest.approx(float(cv2.Laplacian(grey, cv2.CV_64F).var()), rel=1e-6)


@pytest.mark.parametrize("level, word", [(5, "too dark"), (250, "too bright")])
def test_dark_and_bright_frames_are_unsure(level: int, word: str) -> None:
    result = read_dice(np.full((480, 640, 3), level, np.uint8))
    assert result.status is Status.UNSURE and word in result.reason
    assert result.dice == ()


def test_blurred_frame_is_never_ok_and_wrong(clean_top) -> None:
    scene, _ = clean_top
    blurred = cv2.GaussianBlur(scene.image, (0, 0), 12)
    result = read_dice(blurred, View.TOP)
    assert not result.ok or result.values == scene.values


def test_grey_image_is_accepted(clean_top) -> None:
    scene, reading = clean_top
    grey = cv2.cvtColor(scene.image, cv2.COLOR_BGR2GRAY)
    result = read_dice(grey, View.TOP)
    assert not result.ok or result.values == scene.values


@pytest.mark.parametrize("bad", [None, np.zeros((0, 0, 3), np.uint8), "picture.jpg"])
def test_not_an_image_is_a_clear_error(bad) -> None:
    with pytest.raises(ValueError, match="needs an image"):
        read_dice(bad)


def test_a_flat_die_showing_its_side_is_read_by_its_square_face(monkeypatch, model_of_2026_11_22) -> None:
    """Rendered seed 10268: five white dice seen from above, none leaning; near the frame's edge
    a die shows its side, so its outline is no square round its face, and the network (of
    2026-11-22) doubts the face is flat. Its four pips lay out a face seen square on (a leaning
    die's face is foreshortened): that settles it, and the frame is read ok and right. (The
    shipped model reads it right without that.)"""
    scene = next(iter(dataset(1, seed=10_268)))
    assert not scene.hard and not any(d.cocked for d in scene.labels)
    shipped = model_of_2026_11_22(scene.image, scene.view)
    assert shipped.ok and match(shipped, [Truth(d.value, d.x, d.y, d.size) for d in scene.labels])[1]
    reading = read_dice(scene.image, scene.view)
    _, exact = match(reading, [Truth(d.value, d.x, d.y, d.size) for d in scene.labels])
    assert reading.status is Status.OK and exact, (reading.reason, reading.values)
    # The same frame without that test: the die is doubted (the test above is what reads it),
    # read as the whole frame (with the tray inside its rim found, it is read either way),
    # without the network's steady look, which reads it too (its "no readable face" 0.02), and
    # without its side taken as perspective shows a flat die's (SIDE_IN_PERSPECTIVE), which does,
    # nor the network's look at it with its neighbours painted over (NEIGHBOUR_ALONE_OVERRULES).
    monkeypatch.setattr(thresholds, "NEIGHBOUR_ALONE_OVERRULES", False)
    monkeypatch.setattr(thresholds, "AUTO_TRAY", False)   # the whole frame, as when this was found
    assert read_dice(scene.image, scene.view).ok
    monkeypatch.setattr(leaning_signs, "flat_face", lambda *args: False)
    assert read_dice(scene.image, scene.view).ok
    monkeypatch.setattr(classifier, "STEADY_NO_FACE_MAX", None)
    assert read_dice(scene.image, scene.view).ok
    monkeypatch.setattr(thresholds, "SIDE_IN_PERSPECTIVE", None)
    assert not read_dice(scene.image, scene.view).ok


def test_a_small_flat_die_is_square_round_its_face_within_a_pixel_or_two(monkeypatch, model_of_2026_11_22) -> None:
    """Rendered 3003 (white, under the cup): a 25-pixel die against the tray's rim shows a
    square outline with its 1 two pixels off the outline's middle, rounding at that size. Held
    to 5% of its side (1.2 pixels) it was no square, the network's (of 2026-11-22) slight doubt
    made it "leaning", and the frame unsure; it is read ok and right. (The shipped model reads
    it right either way.)"""
    scene = render_scene(3003, view=View.BOTTOM, n_dice=2, style="white", hard="random")
    assert scene.readable and not any(d.cocked for d in scene.labels)
    assert min(d.size for d in scene.labels) < 30
    shipped = model_of_2026_11_22(scene.image, scene.view)
    assert shipped.ok and match(shipped, [Truth(d.value, d.x, d.y, d.size) for d in scene.labels])[1]
    reading = read_dice(scene.image, scene.view)
    _, exact = match(reading, [Truth(d.value, d.x, d.y, d.size) for d in scene.labels])
    assert reading.status is Status.OK and exact, (reading.reason, reading.values)
    # (Held to 5%, the die is doubted when the whole frame is read; with the tray inside its rim
    # found, it is read either way.)
    monkeypatch.setattr(thresholds, "AUTO_TRAY", False)   # the whole frame, as when this was found
    assert read_dice(scene.image, scene.view).ok
    monkeypatch.setattr(thresholds, "SQUARE_OFFSET_PX", 0.0)
    monkeypatch.setattr(classifier, "STEADY_NO_FACE_MAX", None)   # (the steady look reads it too)
    assert not read_dice(scene.image, scene.view).ok


def test_a_soft_frame_whose_dice_are_sure_is_read() -> None:
    """Rendered 10166 (top view, blurred to a Laplacian variance of about 0.6, below the old
    cut-off of 1.0 where no frame was read): its three dice are read surely by their pips and
    their look alike, so it is ok, and right."""
    scene = next(iter(dataset(1, seed=10_166, view="top")))
    assert "blur" in scene.hard and scene.readable
    reading = read_dice(scene.image, scene.view)
    assert thresholds.NO_SHARPNESS <= reading.sharpness < 1.0
    assert reading.status is Status.OK, reading.reason
    assert reading.values == scene.values


def test_a_die_that_fades_into_the_tray_when_blurred_makes_the_frame_unsure() -> None:
    """Rendered 10931 (under the cup, blurred): one of three dice is leaning, lifted off the
    tray; the coarse first look sees it, the finer one loses it in the blur. The two dice read
    are right, but the frame must not be ok without the third: unsure, and the faded die's
    place is among the unclear ones."""
    scene = next(iter(dataset(1, seed=10_931, view="bottom")))
    leaning = [d for d in scene.labels if d.cocked]
    assert len(scene.labels) == 3 and len(leaning) == 1
    reading = read_dice(scene.image, scene.view)
    assert reading.status is Status.UNSURE and reading.reason == reasons.FADED
    x, y = leaning[0].x, leaning[0].y
    assert any(bx <= x <= bx + bw and by <= y <= by + bh for bx, by, bw, bh in reading.extra["unclear"])


def test_pip_colours_are_matched_to_their_own_pips_when_one_by_the_edge_is_left_out() -> None:
    """A grey glint against a white die's edge is found as a pip and left out (a face's pips lie
    well inside the die); the pips' colours must still be matched to their own pips. (They were
    matched by position in the list left after that, so the glint's colour was taken for the
    first real pip's, and a plain 2 called "a glint looks like a pip".)"""
    side, x0, y0 = 80, 60, 60
    frame = np.full((300, 300, 3), (90, 120, 90), np.uint8)
    frame[y0:y0 + side, x0:x0 + side] = 235
    for cx, cy in ((x0 + 22, y0 + 22), (x0 + 58, y0 + 58)):
        cv2.circle(frame, (cx, cy), 7, (30, 30, 30), -1)
    cv2.circle(frame, (x0 + 40, y0 + 9), 4, (150, 150, 150), -1)
    mask = np.zeros(frame.shape[:2], np.uint8)
    mask[y0:y0 + side, x0:x0 + side] = 255
    blob = outlines.find_blobs(mask, 1.0, within=frame.shape)[0]
    found = pip_faces._find_pips(frame, blob)[0]
    assert len(found) == 3 and found[0][1] < y0 + 12          # the glint first, by the edge
    value, _, x, y = pip_faces.read_die(frame, blob)
    assert value == 2 and (round(x), round(y)) == (x0 + 40, y0 + 40)


@pytest.mark.parametrize("seed, calibrated", [(10_342, False), (11_147, True), (11_176, True)])
def test_a_face_whose_pips_fit_no_layout_is_read_by_the_network_a_little_less_plain(
        monkeypatch, seed: int, calibrated: bool) -> None:
    """Frames of the benchmark's 2,000, each with a flat die whose pips were found but laid out
    no face (10342 from above, a lone 1; 11147 under the cup, a 6 of the players' 1 and 5;
    11176 from above, a lone 4): the network's steady guess reads the right face surely, "no
    readable face" 0.03-0.05, over the 0.03 a face read by the network alone had to be under.
    Up to NO_LAYOUT_NO_FACE_MAX (0.05 when this was written, 0.1 since) it is read, and the
    frame is read right; with that bound off, the frame is unsure. (Asked with PIP_LIGHTNESS off:
    11176's 4 under a glare, which the network's scan finds, its pips found by their lightness
    confirm since 2026-12-01, and the frame is read right without the bound too.)
    (NEIGHBOUR_ALONE_NO_LAYOUT, the network's look at a die beside another with its neighbours
    painted over, is switched off here: it reads some of these dice too.)"""
    scene = benchmark_frame(seed)
    monkeypatch.setattr(thresholds, "PIP_LIGHTNESS", None)
    monkeypatch.setattr(thresholds, "NEIGHBOUR_ALONE_NO_LAYOUT", False)
    read_right_until(monkeypatch, scene, classifier, "NO_LAYOUT_NO_FACE_MAX", None, classifier.NO_LAYOUT,
                     calibration=table_calibration(scene) if calibrated else None)


@pytest.mark.parametrize("seed", [432_499, 11_091, 11_101])
def test_a_face_whose_pips_fit_no_layout_is_read_with_the_network_doubting_it_up_to_a_tenth(
        monkeypatch, seed: int) -> None:
    """Fresh 432499 (pinned) and 11091 and 11101 of the benchmark's 2,000, all under the cup: a
    flat die whose pips were found but laid out no face, no more of them than the face the
    network's steady guess reads, "no readable face" 0.05-0.1. Up to NO_LAYOUT_NO_FACE_MAX
    (0.1) it is read, and the frame is read right; at the bound's earlier 0.05, unsure.
    (NEIGHBOUR_ALONE_NO_LAYOUT, the network's look at a die beside another with its neighbours
    painted over, is switched off here: it reads some of these dice too.)"""
    scene = pinned_frame(seed)[0] if seed == 432_499 else benchmark_frame(seed)
    monkeypatch.setattr(thresholds, "NEIGHBOUR_ALONE_NO_LAYOUT", False)
    read_right_until(monkeypatch, scene, classifier, "NO_LAYOUT_NO_FACE_MAX", 0.05, classifier.NO_LAYOUT)


def test_a_leaning_die_showing_more_pips_than_its_face_is_not_read_by_the_looser_bound(monkeypatch) -> None:
    """Fresh 425864 (from above, blurred): a wooden 3 leaning on nothing, its side in view. Five
    pips found (its face's three and the side's), laid out no face; the network reads the 3 at
    0.957, "no readable face" 0.032. More pips than the face it reads: the looser bound for pips
    that fit no layout (NO_LAYOUT_NO_FACE_MAX) is not for it, and the frame is unsure. Read with
    that bound whatever the pips' count, it was read ok: wrong, a leaning die."""
    scene, _ = pinned_frame(425_864)
    leaning = [d for d in scene.labels if d.cocked]
    assert len(leaning) == 1 and leaning[0].value == 3
    reading = read_dice(scene.image, scene.view)
    assert reading.status is Status.UNSURE and reading.reason == classifier.NO_LAYOUT
    monkeypatch.setattr(classifier, "PLAIN_NO_FACE_MAX", classifier.NO_LAYOUT_NO_FACE_MAX)
    assert read_dice(scene.image, scene.view).ok


@pytest.mark.parametrize("seed, doubt", [
    (11_552, classifier.LEANING), (10_695, classifier.LEANING), (10_154, classifier.LEANING),
    (10_767, reasons.FACE_OFF_MIDDLE), (11_563, reasons.FACE_OFF_MIDDLE), (11_860, reasons.FACE_OFF_MIDDLE),
])
def test_a_die_the_single_look_doubts_is_read_by_the_steady_look(monkeypatch, seed: int, doubt: str) -> None:
    """Frames of the benchmark's 2,000, each with a flat die the network's single look doubts:
    - pips that fit its face, the outline no square round it (from above, its side in view:
      11552 a lone 3, 10154 a 1 and a 3 among four dice; under the cup, 10695, a 1 seen among
      five): the single look doubts the face is flat 0.06-0.09, over the 0.05 allowed, its
      steady guess (the patch turned four ways and mirrored) at most 0.03;
    - a face the pips found off its outline's middle (a shadow or the side taken in: 10767
      under the cup, a lone 4 seen; 11563 under the cup, a 2 seen among four; 11860 from above,
      a 2 among six): the single look reads the face but doubts it 0.05-0.07, over
      PLAIN_NO_FACE_MAX (0.03); its steady guess, on which such a face is judged, reads the same
      face, 0.93-0.95 sure, doubting it 0.02-0.04.
    Under STEADY_NO_FACE_MAX the die is read, and the frame is read right; with that bound off
    (the single look judged), the frame is unsure, "leaning". (10154's 1, cut from its
    neighbour, is read by the network shown it alone too: SIDE_BY_SIDE_ALONE_OVERRULES and
    NEIGHBOUR_ALONE_OVERRULES, switched off here.)"""
    monkeypatch.setattr(thresholds, "SIDE_BY_SIDE_ALONE_OVERRULES", False)
    monkeypatch.setattr(thresholds, "NEIGHBOUR_ALONE_OVERRULES", False)
    read_right_until(monkeypatch, benchmark_frame(seed), classifier, "STEADY_NO_FACE_MAX", None, doubt)


@pytest.mark.parametrize("seed", [10_048, 10_207])
def test_a_die_the_steady_look_doubts_a_little_over_the_old_bound_is_read(monkeypatch, seed: int) -> None:
    """Frames of the benchmark's 2,000 with a flat die beside another, its outline cut from its
    neighbour's (not square round its face) and its pips fitting: 10048 a black 1 from above,
    10207 a coloured 6 under the cup (its 1 seen), blurred. The network's single look doubts the
    face 0.06-0.13, its steady look 0.055-0.062: under STEADY_NO_FACE_MAX (0.065), over the 0.05
    it was. Read so, the frame is read right; at 0.05, unsure, "leaning". (10048's 1 shows its
    side as perspective shows a flat die's, which reads it too: that is not asked here; nor is
    the network's look at the die alone, SIDE_BY_SIDE_ALONE_OVERRULES and
    NEIGHBOUR_ALONE_OVERRULES, that reads 10048's 1.)"""
    monkeypatch.setattr(thresholds, "SIDE_IN_PERSPECTIVE", None)
    monkeypatch.setattr(thresholds, "SIDE_BY_SIDE_ALONE_OVERRULES", False)
    monkeypatch.setattr(thresholds, "NEIGHBOUR_ALONE_OVERRULES", False)
    read_right_until(monkeypatch, benchmark_frame(seed), classifier, "STEADY_NO_FACE_MAX", 0.05,
                     classifier.LEANING)


@pytest.mark.parametrize("seed", [10_943, 11_156])
def test_a_die_lying_flat_the_single_look_doubts_much_is_read_by_a_steady_look_doubting_a_little(
        monkeypatch, seed: int) -> None:
    """Frames of the benchmark's 2,000 with a flat die square round its face whose pips fit it:
    10943 a wooden 1 (under the cup), 11156 a 5 (from above). The network's single look doubts
    each face 0.44-0.51, over SQUARE_NO_FACE_MAX; its steady guess reads the same face 0.91 sure,
    doubting it 0.077-0.086: over STEADY_NO_FACE_MAX (0.065), under STEADY_SQUARE_NO_FACE_MAX
    (0.1). Read so, the frame is read right; with that bound off, unsure, "leaning". (11088's 5,
    doubted 0.063 steadily, was read by this bound too, until STEADY_NO_FACE_MAX became 0.065.
    STEADY_SQUARE_DOUBTED_MAX, which reads them less surely, is switched off to test this bound,
    as is NEIGHBOUR_ALONE_OVERRULES: the network shown each die with its neighbours painted over
    reads it too.)"""
    monkeypatch.setattr(classifier, "STEADY_SQUARE_DOUBTED_MAX", None)
    monkeypatch.setattr(thresholds, "NEIGHBOUR_ALONE_OVERRULES", False)
    read_right_until(monkeypatch, benchmark_frame(seed), classifier, "STEADY_SQUARE_NO_FACE_MAX", None,
                     classifier.LEANING)


def test_a_leaning_die_whose_face_is_off_its_outlines_middle_is_judged_on_the_steady_look(monkeypatch) -> None:
    """Fresh 407603 (under the cup, a glare): an Asian 5 leaning among six dice, the 2 seen off
    its outline's middle. The network's single look read it plainly flat (2 at 0.976, "no readable
    face" 0.021), and the frame was read ok: wrong, a leaning die. Its steady guess (turned four
    ways and mirrored), on which such a face is judged, doubts it 0.094, over STEADY_NO_FACE_MAX:
    the frame is unsure, "leaning". Judged on the single look (that bound off), it is read ok."""
    scene, _ = pinned_frame(407_603)
    leaning = [d for d in scene.labels if d.cocked]
    assert len(leaning) == 1 and leaning[0].value == 5
    reading = read_dice(scene.image, scene.view)
    assert reading.status is Status.UNSURE and reading.reason == reasons.FACE_OFF_MIDDLE
    monkeypatch.setattr(classifier, "STEADY_NO_FACE_MAX", None)
    assert read_dice(scene.image, scene.view).ok


@pytest.mark.parametrize("seed, leaning_value", [(371_491, 3), (393_710, 1)])
def test_a_lone_leaning_die_the_steady_look_doubts_is_not_read(monkeypatch, seed: int, leaning_value: int) -> None:
    """Fresh 371491 (under the cup, six dice; a 3 leaning, its 4 seen) and 393710 (from above,
    three dice; a 1 leaning): the pips fit the face, the outline is square round it, and the
    network's single look doubts it 0.07 and 0.17, under SQUARE_NO_FACE_MAX: both frames were
    read ok, wrong. Its steady guess doubts them 0.38 and 0.42, over STEADY_LEANING_MIN: the
    frames are unsure, "leaning". Without it they are read ok. (371491's 3, by itself and off the
    rim, is doubted by its faint side too since FAINT_SIDE_MAX_APART: switched off as well.)"""
    scene, _ = pinned_frame(seed)
    leaning = [d for d in scene.labels if d.cocked]
    assert len(leaning) == 1 and leaning[0].value == leaning_value
    reading = read_dice(scene.image, scene.view)
    assert reading.status is Status.UNSURE and reading.reason == classifier.LEANING
    monkeypatch.setattr(classifier, "STEADY_LEANING_MIN", None)
    monkeypatch.setattr(thresholds, "FAINT_SIDE_MAX_APART", None)
    assert read_dice(scene.image, scene.view).ok


@pytest.mark.parametrize("seed, calibrated", [(11_321, False), (10_946, True)])
def test_a_face_glare_or_blur_left_without_pips_is_read_up_to_the_looser_bound(
        monkeypatch, seed: int, calibrated: bool) -> None:
    """Frames of the benchmark's 2,000: a flat 6 on which a glare (10946, from above, calibrated)
    or the blur (11321, under the cup) left no pips to find. The network's steady guess reads 6,
    "no readable face" 0.062-0.063: over the 0.05 NO_PIPS_NO_FACE_MAX allowed before, under the
    0.07 it allows (a leaning die so judged measured 0.08: fresh 615550). The frame is read right;
    at 0.05 it was unsure. (10946's pips touch: cut apart where they do, JOINED_PIPS, its 6 is
    read by its layout and doubted as leaning. The bound is tested with the pip finder as it was,
    finding no pips on either 6: nor their columns' peaks, JOINED_PIP_PEAKS.)
    (NEIGHBOUR_ALONE_NO_LAYOUT, the network's look at a die beside another with its neighbours
    painted over, is switched off here: it reads some of these dice too.)"""
    scene = benchmark_frame(seed)
    monkeypatch.setattr(thresholds, "JOINED_PIPS", None)
    monkeypatch.setattr(thresholds, "JOINED_PIP_PEAKS", None)
    monkeypatch.setattr(thresholds, "NEIGHBOUR_ALONE_NO_LAYOUT", False)
    read_right_until(monkeypatch, scene, classifier, "NO_PIPS_NO_FACE_MAX", 0.05, classifier.NO_PIPS,
                     calibration=table_calibration(scene) if calibrated else None)


@pytest.mark.parametrize("seed", [10_418, 10_938])
def test_a_face_with_no_pips_found_is_read_by_the_network_a_little_less_plain(monkeypatch, seed: int) -> None:
    """Frames of the benchmark's 2,000 (from above) with a flat die on which no pips were
    found: the network's steady guess reads its face surely, "no readable face" 0.03-0.05, over
    the 0.03 a face read by the network alone had to be under. Up to NO_PIPS_NO_FACE_MAX (0.05)
    it is read, and the frame is read right; with that bound off, the frame is unsure. (Its pips
    touch: cut apart where they do, JOINED_PIPS, the 6 is read by its layout, in 10938 at once and
    in 10418 confirming the 6 the network's scan reads there, and the frame is read right whatever
    the bound; so by its columns' peaks, JOINED_PIP_PEAKS; the bound is tested with no pips found,
    as then.)
    (NEIGHBOUR_ALONE_NO_LAYOUT, the network's look at a die beside another with its neighbours
    painted over, is switched off here: it reads some of these dice too.)"""
    scene = benchmark_frame(seed)
    assert read_dice(scene.image, scene.view).ok
    monkeypatch.setattr(thresholds, "JOINED_PIPS", None)
    monkeypatch.setattr(thresholds, "JOINED_PIP_PEAKS", None)
    monkeypatch.setattr(thresholds, "NEIGHBOUR_ALONE_NO_LAYOUT", False)
    read_right_until(monkeypatch, scene, classifier, "NO_PIPS_NO_FACE_MAX", None, classifier.NO_PIPS)


@pytest.mark.parametrize("value", [3, 5])
def test_a_face_fits_its_layout_whatever_order_its_pips_come_in(value: int) -> None:
    """A 3 or a 5 fits its layout with its middle pip anywhere in the list (the pips a glare joined
    to a spot come last): the middle pip is the one nearest the pips' middle."""
    slots = [(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)] if value == 5 else [(-1, 1), (0, 0), (1, -1)]
    pips = np.array([(80.0 + 17 * gx, 80.0 + 17 * gy) for gx, gy in slots])
    for shift in range(len(pips)):
        fit = pip_faces.fit_layout(np.roll(pips, shift, axis=0))
        assert fit is not None and fit[0] == value and fit[1] < 1e-6 and abs(fit[2] - 17.0) < 1e-6
