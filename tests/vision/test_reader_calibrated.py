"""Reading with a calibration (the tray cropped, the die size known), as an installed table does.

Each frame here is one of the benchmark's synthetic frames that the calibrated reader read ok
with a die missing or leaning, before the fix its test names, given the scene's own tray and die
size (``Scene.tray``, ``Scene.die_size``) as the calibration. The benchmark calibrates as
``dicetable calibrate`` does (``vision.render.table_calibration``: measured on rendered frames of
the empty tray and of four dice apart)."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from vision import calibrate as calibrate_module
from vision import classifier, outlines, reader, reasons, thresholds, tray_foreground
from vision.calibrate import Calibration
from vision.classifier import DISAGREE
from vision.reading import Status, View
from vision.render import dataset, render_scene, table_calibration
from vision.scoring import score_scenes

from .conftest import assert_not_wrong, pinned_frame, read_right_until


def _frame(seed: int):
    """Frame ``seed`` of the benchmark's 2,000 (views alternate, top first, from seed 10000)."""
    return next(iter(dataset(1, seed=seed, view=View.TOP if (seed - 10_000) % 2 == 0 else View.BOTTOM)))


def _calibrated(scene):
    return reader.read_dice(scene.image, scene.view,
                            calibration=Calibration(tray=scene.tray, die_size=scene.die_size))


def test_brightness_and_sharpness_are_the_whole_frames_calibrated_or_not() -> None:
    """The crop's edge on the rim's gradient made a blurred frame measure sharp (3.2 against the
    whole frame's 0.9), and the blurred frame's checks were skipped."""
    scene = _frame(10931)
    plain = reader.read_dice(scene.image, scene.view)
    calibrated = _calibrated(scene)
    assert calibrated.sharpness == plain.sharpness < thresholds.MIN_SHARPNESS
    assert calibrated.brightness == plain.brightness


def test_blurred_die_fading_into_the_tray_is_doubted_when_calibrated() -> None:
    """10931: two dice lie flat, a third leans, blurred into the tray: not 'ok, two dice'."""
    scene = _frame(10931)
    assert len(scene.labels) == 3 and not scene.readable
    reading = _calibrated(scene)
    assert reading.status is Status.UNSURE
    assert reading.reason == reasons.FADED


def test_die_touching_the_rim_is_not_lost_at_the_crops_edge() -> None:
    """11625: a die against the rim (under a glare) lay on the edge of the calibrated tray, where
    the foreground's median took it for the tray, and three of four dice were read ok; the tray
    is now read with a margin round it."""
    scene = _frame(11625)
    assert scene.readable and len(scene.labels) == 4
    reading = _calibrated(scene)
    assert reading.status is Status.UNSURE or reading.values == scene.values


def test_die_of_the_trays_colour_under_a_glare_is_found_by_its_light_pip(model_of_2026_11_22) -> None:
    """11748: a green die on a green tray, its one pip under a glare: only its light pip shows.
    The pip's neighbourhood is looked at as for a white die's dark pips, and the die is read.
    (Found with the face model of 2026-11-22, which this test reads with; the shipped model must
    read the frame right or doubt it.)"""
    scene = _frame(11748)
    assert scene.readable
    assert_not_wrong(model_of_2026_11_22(scene.image, scene.view, calibration=Calibration(tray=scene.tray, die_size=scene.die_size)), scene)
    reading = _calibrated(scene)
    assert reading.ok
    assert reading.values == scene.values


def test_half_hidden_die_at_the_cups_edge_is_doubted_when_calibrated() -> None:
    """11467: half a die shows beside the cup's rim; a little too thin for the network to be asked
    before, it went unnoticed and the other die was read ok."""
    scene = _frame(11467)
    assert not scene.readable
    reading = _calibrated(scene)
    assert reading.status is Status.UNSURE
    half = [d for d in scene.labels if d.occluded][0]
    assert any(x <= half.x <= x + w and y <= half.y <= y + h for x, y, w, h in reading.extra["unclear"])


def test_score_scenes_passes_what_dicetable_calibrate_would_store() -> None:
    seen = []

    def reader_fn(image: np.ndarray, view: View, *, calibration: Calibration | None):
        seen.append(calibration)
        return reader.read_dice(image, view, calibration=calibration)

    scenes = list(dataset(2, seed=10_000))
    score = score_scenes(reader_fn, scenes, calibrated=True)
    assert score.photos == 2
    assert seen == [table_calibration(s) for s in scenes]
    for calibration, scene in zip(seen, scenes):
        # Measured, not copied from the renderer: the tray found inside the rendered one, a
        # die's size within a few percent of the rendered size.
        x, y, w, h = scene.tray
        tx, ty, tw, th = calibration.tray
        assert x <= tx < x + 8 and y <= ty < y + 8 and w - 16 < tw <= w and h - 16 < th <= h
        assert calibration.die_size == pytest.approx(scene.die_size, rel=0.12)
        assert calibration.view is scene.view and calibration.exposure > 0


def _table_calibrated(scene):
    return reader.read_dice(scene.image, scene.view, calibration=table_calibration(scene))


def test_tray_beyond_the_rim_is_painted_as_the_tray_beside_it_not_as_a_die_or_the_rim() -> None:
    """The median the foreground compares with is taken as if the tray went on past its rim:
    beside each stretch of an edge, as a strip just inside two stretches long round it (dice
    there are under half of it); under uneven light, each part of the tray as its own."""
    small = np.full((60, 200, 3), 30, np.uint8)                  # the rim and the table
    small[10:50, 10:190] = 120                                    # the tray...
    small[10:50, 100:190] = 90                                    # ... darker on its right
    small[20:28, 10:18] = 250                                     # a white die against the left rim
    small[42:50, 173:190] = 250                                   # two in the lower right corner
    painted = tray_foreground._tray_beyond_rim(small, (10, 10, 190, 50), 21, thresholds.RIM_STRIP_REACH)
    assert (painted[10:50, 10:190] == small[10:50, 10:190]).all()  # the tray itself untouched
    assert (painted[20:28, :10] == 120).all()                     # beside the die: the tray's colour
    assert (painted[50:, 173:] == 90).all() and (painted[42:50, 190:] == 90).all()   # and the two
    assert (painted[:10, 190:] == 90).all() and (painted[:10, :10] == 120).all()     # each corner its own
    assert not (painted == 30).all(axis=2).any()                   # no rim left
    # The stretch's own strip, as the tray is painted uncalibrated and was calibrated before
    # fresh 151267: the two dice fill it.
    assert (tray_foreground._tray_beyond_rim(small, (10, 10, 190, 50), 21)[50:, 173:189] == 250).all()


def test_something_dark_off_every_die_covers_the_calibrated_tray() -> None:
    frame = np.full((100, 120, 3), 120, np.uint8)
    tray = (10, 10, 100, 80)
    assert not outlines.tray_covered(frame, 1.0, tray, [], [], 10.0)
    frame[40:60, 20:40] = 25                                      # dark, 4 dice' area, no die there
    assert outlines.tray_covered(frame, 1.0, tray, [], [], 10.0) == (20, 40, 20, 20)   # its box
    # Found at a smaller scale, the box is in the frame's pixels still.
    small = cv2.resize(frame, None, fx=0.5, fy=0.5, interpolation=cv2.INTER_AREA)
    assert outlines.tray_covered(small, 0.5, tray, [], [], 10.0) == (20, 40, 20, 20)
    # The same darkness as a die read there (a black die) covers nothing.
    assert not outlines.tray_covered(frame, 1.0, tray, [], [(1, 0.9, 30.0, 50.0, 20.0, 0.0)], 10.0)


def test_cup_resting_on_the_tray_makes_the_calibrated_frame_unsure() -> None:
    """10368: the cup's rim covers the right of the tray, three of five dice under it; the two
    in sight (side by side, edge to edge) must not make the frame ok once the rim is left out of the
    regions. (Before the renderer's touching dice were mended, 10368's rim covered the lower
    half and the two dice in sight were read ok.)"""
    scene = _frame(10368)
    assert not scene.readable
    reading = _table_calibrated(scene)
    assert reading.status is Status.UNSURE
    assert reasons.COVERED in reading.extra["problems"]
    # The evidence photo boxes the darkness: in the tray's right half, where the rim lies.
    (x, y, w, h), = [box for box, why in zip(reading.extra["unclear"], reading.extra["unclear_why"])
                     if why == reasons.COVERED]
    tx, ty, tw, th = scene.tray
    assert x + w / 2 > tx + tw / 2 and x > tx + tw / 4
    assert w * h >= scene.die_size ** 2


def test_dark_die_against_the_dark_rim_is_not_lost() -> None:
    """11945: a black die against the rim, whose median (the rim's dark in it) took the die for
    the tray: the frame was read ok with the die missing. The median now sees the tray past
    the rim."""
    scene = _frame(11945)
    assert scene.readable
    reading = _table_calibrated(scene)
    assert reading.status is Status.UNSURE or reading.values == scene.values


def test_light_die_in_a_dark_corner_is_read_with_the_rim_left_out() -> None:
    """11059: with the rim counted in the foreground's threshold (the rim unlike the tray the
    median sees past it), a white die's blurred pips cut it in two in the tray's darker corner."""
    scene = _frame(11059)
    reading = _table_calibrated(scene)
    assert reading.ok
    assert reading.values == scene.values


def test_lone_pip_of_a_faded_leaning_die_under_the_cup_makes_the_frame_unsure() -> None:
    """11703: a white die leans on the rim, its face lifted off the tray and faded but for its
    one pip; three dice lying flat are read."""
    scene = _frame(11703)
    assert not scene.readable
    reading = _table_calibrated(scene)
    assert reading.status is Status.UNSURE
    assert reading.values == tuple(sorted((d.value for d in scene.labels if not d.cocked), reverse=True))


@pytest.mark.parametrize("tray", [(700, 500, 100, 100), (630, 470, 5, 5), (600, 400, 200, 200)])
def test_a_calibration_that_does_not_fit_the_frame_is_said_plainly(tray) -> None:
    """A calibration made with another camera or resolution: the tray lies (mostly) outside the
    frame. Unsure, with what to do, not a crash (the first one raised AttributeError)."""
    scene = render_scene(1, view=View.BOTTOM, n_dice=2)
    reading = reader.read_dice(scene.image, scene.view, calibration=Calibration(tray=tray, die_size=50))
    assert reading.status is Status.UNSURE and not reading.dice
    assert reading.reason == reasons.TRAY_NOT_IN_FRAME
    assert "calibrate" in reading.reason and not any(c.isdigit() for c in reading.reason)


def test_a_grey_cup_over_most_of_the_tray_makes_the_calibrated_frame_unsure() -> None:
    """10464 (seen from above): a grey cup covers most of the tray and all but a corner of a
    second die; it is hardly darker than the tray's shaded side, so nothing is boxed as dark,
    but the frame is far darker than the empty tray was at calibration."""
    scene = _frame(10464)
    assert not scene.readable and "occluded" in scene.hard
    reading = _table_calibrated(scene)
    assert reading.status is Status.UNSURE
    assert reasons.DIMMED in reading.extra["problems"]
    assert not any(ch.isdigit() for ch in reasons.DIMMED)       # shown on the wall as it is


def test_a_tray_darker_than_at_calibration_is_said_plainly() -> None:
    """The same frame of two dice read ok, then with the light turned down by a third: unsure,
    as something covering the tray or a changed light, not read as if nothing had changed."""
    scene = render_scene(40_001, view=View.BOTTOM, n_dice=2, style="white", die_size=56)
    calibration = table_calibration(scene)
    assert reader.read_dice(scene.image, scene.view, calibration=calibration).values == scene.values
    dimmed = (scene.image * (2 / 3)).astype(np.uint8)
    reading = reader.read_dice(dimmed, scene.view, calibration=calibration)
    assert reading.status is Status.UNSURE and reading.reason == reasons.DIMMED


def test_a_five_whose_middle_pip_a_glare_washed_out_is_not_read_as_a_four(monkeypatch) -> None:
    """Fresh 51763 (under the cup, calibrated): one white die, a glare on its middle pip. The
    four corner pips fit a 4 (the players' 3); the network, seeing the faded middle pip, gives a
    5 twice as likely as a 4. It was read "ok, 3" (the players see a 2). The faded pip still
    leans to the pips' colour, so the pips no longer read a 4 (thresholds.MIDDLE_SHADE_MAX); without
    that check the network's doubt keeps the frame unsure. (With the tray past its rim painted
    from the longer strips alone, thresholds.RIM_STRIP_NEAREST off, the network, reading the die
    alone once its pips are doubted, was sure of the 5: read ok and right.) The network's 5,
    its "no readable face" under classifier.NO_LAYOUT_NO_FACE_MAX, is doubted in turn for its
    middle: unsure for a glare either way."""
    scene = next(iter(dataset(1, seed=51_763, view=View.BOTTOM)))
    assert "glare" in scene.hard and [d.value for d in scene.labels] == [2]
    reading = _table_calibrated(scene)
    assert reading.status is Status.UNSURE and reading.reason == reasons.GLARED_MIDDLE
    monkeypatch.setattr(classifier, "NO_LAYOUT_NO_FACE_MAX", None)
    reading = _table_calibrated(scene)
    assert reading.status is Status.UNSURE and reading.reason == reasons.SMUDGED
    monkeypatch.setattr(thresholds, "MIDDLE_SHADE_MAX", None)
    reading = _table_calibrated(scene)
    assert reading.status is Status.UNSURE and reading.reason == DISAGREE


def test_a_lone_light_pip_on_the_tray_makes_a_top_view_frame_unsure(monkeypatch) -> None:
    """Fresh 51502 (top view, calibrated): three blue dice on a blue tray, blurred and noisy.
    The foreground sees none of them; the 2 and the 3 are found from their pips, but the 1 shows
    one light pip, which lays out no face. It was read "ok, 3 2", a die missing. One light spot
    off every die, on the tray, makes the frame unsure, and it is boxed on the evidence photo.
    (Since the calibration takes in what changed a little beside what changed plainly, it
    measures these dice 0.3 px bigger, and the reader finds the 1 too. The frame stayed unsure,
    for pips by the 3, until the network's scan looked again between its grid's windows
    (vision.classifier.SCAN_OFFSET_PASS): it finds the 3 there, and the frame is read ok and
    right. The lone spot is checked with the calibration measured as before.)"""
    scene = next(iter(dataset(1, seed=51_502, view=View.TOP)))
    assert scene.style == "colour" and len(scene.labels) == 3
    reading = reader.read_dice(scene.image, scene.view, calibration=table_calibration(scene))
    assert reading.ok
    assert_not_wrong(reading, scene)
    # (Without the second grid a die is now read round a piece the opening took, and its
    # pips, its own, no longer stray, read it right too: thresholds.PIPS_OF_DICE_IN_LIGHT.)
    monkeypatch.setattr(classifier, "SCAN_OFFSET_PASS", False)
    reading = reader.read_dice(scene.image, scene.view, calibration=table_calibration(scene))
    assert reading.ok
    assert_not_wrong(reading, scene)
    monkeypatch.setattr(thresholds, "PIPS_OF_DICE_IN_LIGHT", False)
    reading = reader.read_dice(scene.image, scene.view, calibration=table_calibration(scene))
    # (The die is found again only by the network's scan round the pips left stray at 1.4 times
    # the die size, not done since with the die size calibrated: its pips stay stray.)
    assert reading.status is Status.UNSURE and reading.reason == reasons.STRAY_PIPS
    monkeypatch.setattr(thresholds, "STRAY_SCAN_BIGGER_CALIBRATED", True)
    reading = reader.read_dice(scene.image, scene.view, calibration=table_calibration(scene))
    # (The network's scan round the pips left stray finds that die again, and its pips hold
    # them: thresholds.STRAY_SCAN. Without it they stay stray.)
    assert reading.ok
    assert_not_wrong(reading, scene)
    monkeypatch.setattr(thresholds, "STRAY_SCAN", False)
    reading = reader.read_dice(scene.image, scene.view, calibration=table_calibration(scene))
    assert reading.status is Status.UNSURE
    assert sorted(d.value for d in reading.dice) == [1, 2, 3]
    monkeypatch.setattr(thresholds, "STRAY_SCAN", True)
    monkeypatch.setattr(thresholds, "STRAY_SCAN_BIGGER_CALIBRATED", False)
    monkeypatch.setattr(thresholds, "PIPS_OF_DICE_IN_LIGHT", True)
    monkeypatch.setattr(calibrate_module, "WEAK_CHANGE", 0.0)
    # Measured so, the 1 is now found too, from the pieces of it the opening took, joined
    # (thresholds.OPENED_AWAY_JOIN), and its pip is its own: read ok and right. The lone spot is
    # checked without the joining.
    reading = reader.read_dice(scene.image, scene.view, calibration=table_calibration(scene))
    assert reading.ok
    assert_not_wrong(reading, scene)
    monkeypatch.setattr(thresholds, "OPENED_AWAY_JOIN", 0)
    calibration = table_calibration(scene)
    reading = reader.read_dice(scene.image, scene.view, calibration=calibration)
    # (The 1's faint piece off every die, asked of from above too since 2026-11-28, doubts the
    # frame first: thresholds.FAINT_LEFT_OVER_TOP. The lone spot is checked without it.)
    assert reading.status is Status.UNSURE and reading.reason == reasons.FADED
    monkeypatch.setattr(thresholds, "FAINT_LEFT_OVER_TOP", False)
    reading = reader.read_dice(scene.image, scene.view, calibration=calibration)
    assert reading.status is Status.UNSURE and reading.reason == reasons.LONE_LIGHT_SPOT
    one = [d for d in scene.labels if d.value == 1][0]
    assert not any(np.hypot(d.x - one.x, d.y - one.y) < one.size / 2 for d in reading.dice)
    assert any(np.hypot(x + w / 2 - one.x, y + h / 2 - one.y) < one.size / 2
               for (x, y, w, h), why in zip(reading.extra["unclear"], reading.extra["unclear_why"])
               if why == reasons.LONE_LIGHT_SPOT)
    monkeypatch.setattr(thresholds, "LONE_LIGHT_PIP", False)
    # (Not doubted unasked, the spot is asked of the network, which sees a die round it, as
    # by the rim: LONE_LIGHT_ASKED.)
    reading = reader.read_dice(scene.image, scene.view, calibration=calibration)
    assert reading.status is Status.UNSURE and reading.reason == reasons.LONE_LIGHT_SPOT
    monkeypatch.setattr(thresholds, "LONE_LIGHT_ASKED", False)
    assert reader.read_dice(scene.image, scene.view, calibration=calibration).ok


def test_wooden_dice_measured_whole_by_the_calibration_are_not_lost() -> None:
    """Fresh 30050 (seen from above, wooden dice on an olive tray, a glare and a blur): the
    calibration measured the dice at 0.64 of their size, and a blurred, glared 3 too big for
    such a die was left out of an ok reading. Measured whole (vision.calibrate.WEAK_CHANGE),
    every die is read, and the frame is never read ok with one missing."""
    scene = next(iter(dataset(1, seed=30_050, view=View.TOP)))
    calibration = table_calibration(scene)
    assert calibration.die_size == pytest.approx(scene.die_size, rel=0.1)
    reading = reader.read_dice(scene.image, scene.view, calibration=calibration)
    assert_not_wrong(reading, scene)
    assert sorted(d.value for d in reading.dice) == sorted(d.value for d in scene.labels)


def test_two_dice_in_the_trays_corner_are_not_taken_for_the_tray(monkeypatch) -> None:
    """Fresh 151267 (under the cup, calibrated, blurred): two teal dice touch in the tray's
    corner, against the rim. The strip the tray past the rim was painted from, one stretch of
    the edge, was mostly dice: the median there was teal, the foreground kept a piece of one
    die, and the frame was read ok with one die of two. Painted from a strip two stretches
    long, moved inside at the corner, the tray there is the tray's colour and both are read.
    (Painted the old way, the lost die is now caught by the faint look: a solid piece of it
    outside every die read, where the network sees a die, FAINT_LEFT_OVER.)"""
    scene = next(iter(dataset(1, seed=151_267, view=View.BOTTOM)))
    assert scene.readable and len(scene.labels) == 2 and "touching" in scene.hard
    reading = _table_calibrated(scene)
    assert reading.ok and len(reading.dice) == 2
    assert_not_wrong(reading, scene)
    monkeypatch.setattr(thresholds, "RIM_STRIP_REACH", 0)
    doubted = _table_calibrated(scene)
    assert doubted.status is Status.UNSURE and doubted.reason == reasons.FADED and len(doubted.dice) == 1
    monkeypatch.setattr(thresholds, "FAINT_LEFT_OVER", None)
    monkeypatch.setattr(thresholds, "LIT_PAIR_ASKED", False)   # (its lit pips, paired, catch it too)
    wrong = _table_calibrated(scene)
    assert wrong.ok and len(wrong.dice) == 1             # confidently wrong: a die missing


def test_a_die_leaning_on_the_rim_is_not_read_flat_for_the_painted_rim(monkeypatch) -> None:
    """Fresh 310899 (under the cup, calibrated, blurred): a small Asian die leans on the rim.
    With the tray past the rim painted from the stretch of the edge the die lies against, the
    frame was read ok with the leaning die in it (a flat 4); painted from a longer strip, the
    die is doubted as leaning, boxed on the evidence photo."""
    scene = next(iter(dataset(1, seed=310_899, view=View.BOTTOM)))
    (leaning,) = [d for d in scene.labels if d.cocked]
    reading = _table_calibrated(scene)
    assert reading.status is Status.UNSURE
    assert any(np.hypot(x + w / 2 - leaning.x, y + h / 2 - leaning.y) < leaning.size
               for x, y, w, h in reading.extra["unclear"])
    monkeypatch.setattr(thresholds, "RIM_STRIP_REACH", 0)
    # (The rim beside it shows its side, SIDE_OVER_RIM, found later: that doubts it too.)
    assert _table_calibrated(scene).status is Status.UNSURE
    monkeypatch.setattr(thresholds, "SIDE_OVER_RIM", None)
    # (The network's steady look doubts it too, since 2026-11-27: STEADY_LEANING_MIN.)
    assert _table_calibrated(scene).status is Status.UNSURE
    monkeypatch.setattr(classifier, "STEADY_LEANING_MIN", None)
    assert _table_calibrated(scene).ok                  # confidently wrong


def test_two_dice_by_the_rim_do_not_paint_the_tray_past_it(monkeypatch) -> None:
    """Fresh 390535 (under the cup, calibrated): two blue dice touch beside the tray's lower
    rim. The longer strip the tray past the rim was painted from (thresholds.RIM_STRIP_REACH) was
    mostly dice: the tray there was painted blue, the foreground kept a piece of one die and
    none of the other, and the frame was read ok with one die of two. Of the longer strip and
    the stretch's own, the one whose median is nearer the tray's is taken. (With the frame
    halved first, thresholds.HALF_FIRST, the two dice sit just under the foreground's floor whatever
    strip is taken, and the frame is unsure: see test_reader_hidden_dice. Here the frame is
    shrunk at once, as when this was mended.)"""
    monkeypatch.setattr(thresholds, "HALF_FIRST", False)
    scene = next(iter(dataset(1, seed=390_535, view=View.BOTTOM)))
    assert scene.readable and len(scene.labels) == 2 and "touching" in scene.hard
    reading = _table_calibrated(scene)
    assert reading.ok and len(reading.dice) == 2
    assert_not_wrong(reading, scene)
    monkeypatch.setattr(thresholds, "RIM_STRIP_NEAREST", False)
    monkeypatch.setattr(thresholds, "FAINT_LEFT_OVER", None)       # (which catches it now)
    wrong = _table_calibrated(scene)
    assert wrong.ok and len(wrong.dice) == 1             # confidently wrong: a die missing


def test_with_the_die_size_calibrated_no_die_is_read_bigger_than_it(monkeypatch) -> None:
    """Fresh 412862 (from above, calibrated): two wooden 1s touching, the colour of the tray, lost
    by the foreground. Their two pips, stray, were looked round at 1.4 times the die size (for
    phone photos taken at a slant, where near dice are bigger): one 1 was read there, 59 px
    across where the table's dice are 42, and held both pips; the frame was read ok with one die
    of two. With the die size calibrated the camera is fixed: no die is looked for bigger, and
    the pips left stray make the frame unsure (STRAY_SCAN_BIGGER_CALIBRATED)."""
    scene, calibration = pinned_frame(412_862)
    assert scene.readable and len(scene.labels) == 2 and calibration.die_size < 45
    reading = reader.read_dice(scene.image, scene.view, calibration=calibration)
    assert reading.status is Status.UNSURE and len(reading.dice) < 2
    monkeypatch.setattr(thresholds, "STRAY_SCAN_BIGGER_CALIBRATED", True)
    # (Looked for bigger, the 1 still reaches only 0.6 of its side for pips of its own
    # (STRAY_DIE_REACH): the other 1's pip stays stray.)
    bigger = reader.read_dice(scene.image, scene.view, calibration=calibration)
    assert bigger.status is Status.UNSURE and len(bigger.dice) < 2
    monkeypatch.setattr(thresholds, "STRAY_DIE_REACH", 0.75)
    # (The other 1's faint piece off every die, asked of from above too since 2026-11-28, would
    # doubt the frame as well: thresholds.FAINT_LEFT_OVER_TOP.)
    caught = reader.read_dice(scene.image, scene.view, calibration=calibration)
    assert caught.status is Status.UNSURE and caught.reason == reasons.FADED
    monkeypatch.setattr(thresholds, "FAINT_LEFT_OVER_TOP", False)
    wrong = reader.read_dice(scene.image, scene.view, calibration=calibration)
    assert wrong.ok and len(wrong.dice) == 1 and wrong.dice[0].size > 1.3 * calibration.die_size


def test_touching_dice_seen_from_above_are_cut_apart_by_the_outline_a_die_shows(monkeypatch) -> None:
    """Fresh 449008 (from above, calibrated): four flat dice, two pairs touching. Calibration
    measures a die's face (72 px here); from above each die shows its sides round it, and its
    outline is 78-80 px. Cut as dice of 72 px, one of the right-hand pair fell in two and the
    frame was unsure for dice touching, though the reader without a calibration read all four.
    The outline a die shows in the frame now sets how touching dice are cut apart
    (TOP_OUTLINE_MEASURED): on seed 449000's 2,000 frames, calibrated, 234 unsure became 194."""
    scene, calibration = pinned_frame(449_008)
    assert scene.view is View.TOP and len(scene.labels) == 4 and "touching" in scene.hard
    outlines = [die.size for die in reader.read_dice(scene.image, scene.view, calibration=calibration).dice]
    assert calibration.die_size < 0.95 * min(outlines)
    read_right_until(monkeypatch, scene, thresholds, "TOP_OUTLINE_MEASURED", False,
                     "dice are touching", calibration=calibration)


def test_a_die_leaning_on_the_rim_not_square_round_its_face_is_asked_its_steady_look(monkeypatch) -> None:
    """Fresh 584436 (from above, calibrated): six white dice, a 1 leaning against the tray's rim,
    its side showing past the rim and below its face. The pips read the 1; its outline is not
    square round the face, and the network's single look doubts it 0.049, under
    AGREE_NO_FACE_MAX (0.05) and so under STEADY_ASKED_FROM too: the frame was read ok, wrong.
    Of a die not lying plainly flat the steady look is asked from a doubt of
    UNSQUARE_STEADY_ASKED_FROM (0.03); it doubts this one 0.21, over UNSQUARE_STEADY_LEANING_MIN
    (0.2): the frame is unsure, "leaning". Without either it is read ok (its side over the rim
    doubts it too since SIDE_OVER_RIM_TOP, switched off with them here)."""
    scene, calibration = pinned_frame(584_436)
    (leaning,) = [d for d in scene.labels if d.cocked]
    assert leaning.value == 1
    reading = reader.read_dice(scene.image, scene.view, calibration=calibration)
    assert reading.status is Status.UNSURE and reading.reason == classifier.LEANING
    def read_at_the_leaning_die(dice) -> bool:
        return any(np.hypot(d.x - leaning.x, d.y - leaning.y) < leaning.size / 2 for d in dice)

    assert not read_at_the_leaning_die(reading.dice)      # it is the die doubted (the other 1 is read)
    for switch in ("UNSQUARE_STEADY_ASKED_FROM", "UNSQUARE_STEADY_LEANING_MIN"):
        with monkeypatch.context() as patched:
            patched.setattr(classifier, switch, None)
            patched.setattr(thresholds, "SIDE_OVER_RIM_TOP", None)
            wrong = reader.read_dice(scene.image, scene.view, calibration=calibration)
            # confidently wrong: the leaning 1 read as lying flat
            assert wrong.ok and read_at_the_leaning_die(wrong.dice), switch


def test_a_face_whose_pips_hardly_show_is_not_read_by_a_doubting_network(monkeypatch) -> None:
    """Fresh 673052 (from above, calibrated): an Asian 6 leaning on a 4, a glare across it, its
    pip rows squeezed together. Two spots are found on it, laying out no face; the network's
    steady look reads a 6 at 0.88, doubting the face 0.084, under NO_LAYOUT_NO_FACE_MAX (0.1,
    meant for a face with a pip or so smudged): the frame was read ok, its leaning die unseen.
    Four pips short of the face is more than smudged (classifier.NO_LAYOUT_MISSING_MAX, 3): the
    doubt allowed is NO_LAYOUT_FEW_PIPS_NO_FACE_MAX (0.05; PLAIN_NO_FACE_MAX's 0.03 until
    2026-12-04), and the frame is unsure. At 0.1 it is read wrong again. (Since 2026-12-05 the
    leaning 6, read by the network by the tray's edge, is doubted for its side over the rim too,
    SIDE_OVER_RIM_NETWORK: switched off here to show the rule this test is about.)"""
    scene, calibration = pinned_frame(673_052)
    assert scene.view is View.TOP and any(d.cocked and d.value == 6 for d in scene.labels)
    reading = reader.read_dice(scene.image, scene.view, calibration=calibration)
    assert_not_wrong(reading, scene)
    assert reading.status is Status.UNSURE
    monkeypatch.setattr(thresholds, "SIDE_OVER_RIM_NETWORK", None)
    reading = reader.read_dice(scene.image, scene.view, calibration=calibration)
    assert reading.status is Status.UNSURE and reading.reason.startswith(classifier.NO_LAYOUT)
    for switch, value in (("NO_LAYOUT_MISSING_MAX", None), ("NO_LAYOUT_FEW_PIPS_NO_FACE_MAX", 0.1)):
        with monkeypatch.context() as patched:
            patched.setattr(classifier, switch, value)
            wrong = reader.read_dice(scene.image, scene.view, calibration=calibration)
            assert wrong.ok and sorted(wrong.values) == [4, 6], switch
