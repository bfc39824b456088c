"""From above: a die read whose square has, beyond an edge facing away from the frame's middle, a
band of one even colour, no darker than what lies beyond it, ending in a straight step parallel to
that edge, is leaning: its side shows (thresholds.SIDE_STEP_AWAY,
leaning_signs.side_step_away). A white or Asian die's side as grey as the tray falls out of the
outline the reader cuts and out of the faint look, yet ends in a sharp straight edge."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from vision import leaning_signs, reader, reasons, thresholds
from vision.classifier import LEANING
from vision.reading import View

from .conftest import (assert_leaning_doubted, assert_read_flat_without, benchmark_frame, pinned_frame,
                       read_right_until)

TRAY = (0, 0, 400, 400)
MIDDLE = (200.0, 200.0)


def _die_with_band(band_colour: int, *, toward: str, width: float = 24.0) -> np.ndarray:
    """A 60-pixel white die at (300, 200) on a grey tray (120), a band ``width`` wide of grey
    ``band_colour`` beyond its right edge (away from the middle) or its left (toward it)."""
    img = np.full((400, 400, 3), 120, np.uint8)
    if toward == "away":
        img[170:230, 330:330 + int(width)] = band_colour
    else:
        img[170:230, 270 - int(width):270] = band_colour
    img[170:230, 270:330] = 235
    return img


def test_an_even_band_lighter_than_the_tray_ending_in_a_straight_step_away_from_the_middle_measures_its_step() -> None:
    img = _die_with_band(132, toward="away")
    step = leaning_signs.side_step_away(img, (300.0, 200.0), 60.0, 0.0, MIDDLE, [], TRAY)
    assert step > thresholds.SIDE_STEP_AWAY
    assert step == pytest.approx(0.6 * (132 - 120), abs=1.0)    # (8-bit Lab L: about a level a grey level here)


@pytest.mark.parametrize("case", ["toward the middle", "darker than the tray", "too near", "a neighbour's",
                                  "the tray's edge", "uneven"])
def test_a_band_that_is_no_leaning_die_s_side_is_not_measured(case) -> None:
    img = _die_with_band(132, toward="toward" if case == "toward the middle" else "away",
                         width=14 if case == "too near" else 24)
    others, tray = [], TRAY
    if case == "darker than the tray":
        img = _die_with_band(100, toward="away")
    if case == "a neighbour's":
        others = [((372.0, 200.0), (30.0, 30.0), 0.0)]    # its box, taken 1.3 times, reaches the band's step
    if case == "the tray's edge":
        tray = (0, 0, 360, 400)
    if case == "uneven":
        # lighter toward the die, as a glare is, fading to 132 at the step
        img[170:230, 330:354] = np.linspace(170, 132, 24).astype(np.uint8)[None, :, None]
    assert leaning_signs.side_step_away(img, (300.0, 200.0), 60.0, 0.0, MIDDLE, others, tray) == 0.0


def test_a_band_of_the_face_s_own_colour_is_the_face_read_short_not_a_side(monkeypatch) -> None:
    """A 60-pixel square read where the die is 100 (a blurred die in a dim corner, fresh 508202):
    beyond the read square a band of the face's own colour ends in the die's edge, a straight
    step; not measured, unless the band's distance from the face is not asked."""
    img = np.full((400, 400, 3), 120, np.uint8)
    img[150:250, 250:350] = 200
    args = ((300.0, 200.0), 60.0, 0.0, MIDDLE, [], TRAY)
    assert leaning_signs.side_step_away(img, *args) == 0.0
    monkeypatch.setattr(thresholds, "SIDE_STEP_FACE_APART", None)
    assert leaning_signs.side_step_away(img, *args) > thresholds.SIDE_STEP_AWAY


def test_flat_dice_read_short_in_a_dim_corner_are_not_taken_for_leaning(monkeypatch) -> None:
    """Fresh 508202, from above, blurred: flat wooden dice in the tray's dim corner read 25 pixels
    of their 35, beyond the read square the face itself, an even band ending in the die's edge.
    Unsure for a die faded into the tray alone; were the band not asked to differ from the face
    (SIDE_STEP_FACE_APART), those dice would be doubted as leaning too."""
    scene, _ = pinned_frame(508_202)
    assert scene.readable and not any(d.cocked for d in scene.labels)
    reading = reader.read_dice(scene.image, scene.view)
    assert reading.reason == reasons.FADED and LEANING not in reading.extra["problems"]
    monkeypatch.setattr(thresholds, "SIDE_STEP_FACE_APART", None)
    assert LEANING in reader.read_dice(scene.image, scene.view).extra["problems"]


def test_a_step_that_is_not_straight_is_not_measured() -> None:
    """The band's far edge a slant across it (a glare's or a neighbour's shadow's edge, not a
    side's parallel to the die's edge)."""
    img = np.full((400, 400, 3), 120, np.uint8)
    cv2.fillConvexPoly(img, np.array([[330, 170], [340, 170], [375, 230], [330, 230]], np.int32), (132, 132, 132))
    img[170:230, 270:330] = 235
    assert leaning_signs.side_step_away(img, (300.0, 200.0), 60.0, 0.0, MIDDLE, [], TRAY) == 0.0


def test_a_slanted_step_beyond_a_small_die_is_not_straight(monkeypatch) -> None:
    """A 24-pixel die: each line's sharpest change is looked for 3 pixels either side of the
    band's at least, so a slant of 7 pixels over the lines shows; looked for within 2 (as it was),
    as near as the 2 allowed, every line was called straight."""
    img = np.full((400, 400, 3), 120, np.uint8)
    cv2.fillConvexPoly(img, np.array([[312, 188], [317, 188], [329, 212], [312, 212]], np.int32), (140, 140, 140))
    img[188:212, 288:312] = 235
    args = ((300.0, 200.0), 24.0, 0.0, MIDDLE, [], TRAY)
    assert leaning_signs.side_step_away(img, *args) == 0.0
    monkeypatch.setattr(thresholds, "SIDE_STEP_LINE_REACH_MIN", 2)
    assert leaning_signs.side_step_away(img, *args) > thresholds.SIDE_STEP_AWAY


def test_a_flat_die_read_askew_shows_no_straight_step(monkeypatch) -> None:
    """Fresh 768836 calibrated, from above, blurred: a flat wooden 4 turned 45 degrees read as a
    square of 28 pixels turned 0, its own corner a V beyond the square's edge. Unsure for another
    die, not for leaning; with the lines' window as it was (SIDE_STEP_LINE_REACH_MIN 2), doubted as
    leaning too."""
    scene, calibration = pinned_frame(768_836)
    assert scene.readable and not any(d.cocked for d in scene.labels)
    reading = reader.read_dice(scene.image, scene.view, calibration=calibration)
    assert not reading.ok and LEANING not in reading.extra["problems"]
    monkeypatch.setattr(thresholds, "SIDE_STEP_LINE_REACH_MIN", 2)
    assert LEANING in reader.read_dice(scene.image, scene.view, calibration=calibration).extra["problems"]


def test_a_glare_beyond_a_flat_die_is_no_side(monkeypatch) -> None:
    """Fresh 745620, from above: a flat red 6 with a glare on the tray beyond it, away from the
    middle, its edge a straight step 8.1 out of a band uneven by 5.5: read right; were the band
    let be as uneven, doubted."""
    scene, _ = pinned_frame(745_620)
    read_right_until(monkeypatch, scene, thresholds, "SIDE_STEP_EVEN", 10.0, LEANING)


def _coloured_die_with_band(band: tuple[int, int, int]) -> np.ndarray:
    """A 60-pixel blue die at (300, 200) on a grey tray (140), a band 24 wide of ``band`` beyond
    its right edge (away from the middle)."""
    img = np.full((400, 400, 3), 140, np.uint8)
    img[170:230, 330:354] = band
    img[170:230, 270:330] = (200, 120, 60)
    return img


def test_a_band_darker_than_the_tray_counts_only_in_the_die_s_own_colour() -> None:
    """A leaning die's side is its colour in shade; a shadow is the tray's."""
    side = _coloured_die_with_band((120, 72, 36))
    shadow = _coloured_die_with_band((77, 77, 77))
    args = ((300.0, 200.0), 60.0, 0.0, MIDDLE, [], TRAY)
    assert leaning_signs.side_step_away(side, *args) > thresholds.SIDE_STEP_AWAY
    assert leaning_signs.side_step_away(shadow, *args) == 0.0


def test_a_band_toward_the_middle_counts_only_further_out() -> None:
    """Toward the middle, a band as wide as a flat die's side in perspective is not measured; one
    wider than SIDE_STEP_TOWARD_REACH is."""
    args = ((300.0, 200.0), 60.0, 0.0, MIDDLE, [], TRAY)
    as_wide = leaning_signs.side_step_away(_die_with_band(132, toward="toward", width=17), *args)
    wider = leaning_signs.side_step_away(_die_with_band(132, toward="toward", width=30), *args)
    assert as_wide == 0.0 and wider > thresholds.SIDE_STEP_AWAY


def test_a_die_by_the_tray_s_edge_is_asked_on_the_lines_that_stay_on_the_tray(monkeypatch) -> None:
    """The tray's edge crossing the band's last line of 13: the band is measured on the other
    twelve (SIDE_STEP_LINES_ON_TRAY 0.6); crossing 6 of them, it is not asked; with the rule off,
    an edge any line of which reaches beyond the tray's edge is not asked."""
    img = _die_with_band(132, toward="away")
    args = ((300.0, 200.0), 60.0, 0.0, MIDDLE, [])
    assert leaning_signs.side_step_away(img, *args, (0, 0, 400, 217)) > thresholds.SIDE_STEP_AWAY
    assert leaning_signs.side_step_away(img, *args, (0, 0, 400, 203)) == 0.0
    monkeypatch.setattr(thresholds, "SIDE_STEP_LINES_ON_TRAY", None)
    assert leaning_signs.side_step_away(img, *args, (0, 0, 400, 217)) == 0.0


def test_a_die_near_the_tray_s_edge_is_asked_for_a_step_short_of_the_edge(monkeypatch) -> None:
    """The tray's edge 42 pixels beyond the die's right edge: every line across the band reaches
    it within the 0.8 of a side a step may lie at, none within the nearest (0.3, and what lies
    beyond that); the band's step, 24 pixels out, is looked for short of the edge and measured
    (SIDE_STEP_UP_TO_RIM). With the rule off, the edge is not asked; nor is it with the tray's edge
    nearer than the nearest reach (the "tray's edge" case above)."""
    img = _die_with_band(132, toward="away")
    args = ((300.0, 200.0), 60.0, 0.0, MIDDLE, [], (0, 0, 372, 400))
    assert leaning_signs.side_step_away(img, *args) > thresholds.SIDE_STEP_AWAY
    monkeypatch.setattr(thresholds, "SIDE_STEP_UP_TO_RIM", False)
    assert leaning_signs.side_step_away(img, *args) == 0.0


def test_a_band_askew_to_the_middle_counts_from_nearer_than_one_toward_it(monkeypatch) -> None:
    """On an edge askew to the way from the middle (here square to it), where a flat die's side in
    perspective hardly shows, a band 23 pixels wide (0.38 of the die's side) is measured
    (SIDE_STEP_ASKEW_REACH 0.35); one of 20 (0.33) is not, nor is the wider one asked as the edges
    toward the middle are (0.4)."""
    def band_above(width: int) -> np.ndarray:
        img = np.full((400, 400, 3), 120, np.uint8)
        img[170 - width:170, 270:330] = 132
        img[170:230, 270:330] = 235
        return img

    args = ((300.0, 200.0), 60.0, 0.0, MIDDLE, [], TRAY)
    assert leaning_signs.side_step_away(band_above(23), *args) > thresholds.SIDE_STEP_AWAY
    assert leaning_signs.side_step_away(band_above(20), *args) == 0.0
    monkeypatch.setattr(thresholds, "SIDE_STEP_ASKEW_REACH", None)
    assert leaning_signs.side_step_away(band_above(23), *args) == 0.0


def test_a_flat_die_s_side_in_perspective_toward_the_middle_is_no_leaning_side(monkeypatch) -> None:
    """The benchmark's 11700, from above: a flat Asian die near the frame's corner, the side a
    camera above sees of it a band 0.27 of a side out toward the middle: read right; measured
    from 0.2 of a side, doubted."""
    scene = benchmark_frame(11_700)
    read_right_until(monkeypatch, scene, thresholds, "SIDE_STEP_TOWARD_REACH", 0.2, LEANING)


BOTH, CALIBRATED, UNCALIBRATED = (False, True), (True,), (False,)

# Fresh frames from above each read ok with every value right, a leaning die taken for flat (a
# cocked die is thrown again: a wrong read), the ways named; the rule that now doubts it.
LEANING_READ_FLAT = [
    # Away from the middle, the band no darker than the tray (SIDE_STEP_AWAY):
    (368_236, BOTH, "SIDE_STEP_AWAY"),          # a white 1 by itself, its side grey as the tray: 12.6
    (570_990, BOTH, "SIDE_STEP_AWAY"),          # an Asian 4: 6.6
    (497_180, BOTH, "SIDE_STEP_AWAY"),          # a white 3 by itself: 5.8
    (761_386, CALIBRATED, "SIDE_STEP_AWAY"),    # an Asian 1, its pale side to the left: 27.1 (found
                                                # reading fresh 761000 with the rule off)
    # Toward the middle, further out than a flat die's side in perspective (0.29 at most):
    (513_320, BOTH, "SIDE_STEP_TOWARD_REACH"),  # a big white 2 under a glare: 0.42 of a side out
    (476_276, BOTH, "SIDE_STEP_TOWARD_REACH"),  # a blurred white 2 beside a 3 and a 4: 0.45
    (457_930, CALIBRATED, "SIDE_STEP_TOWARD_REACH"),  # white dice by themselves (uncalibrated their
    (655_330, CALIBRATED, "SIDE_STEP_TOWARD_REACH"),  # faint side doubts them)
    (615_550, UNCALIBRATED, "SIDE_STEP_TOWARD_REACH"),  # a small white 6 leaning on a 2
    # Askew to the way from the middle, nearer (SIDE_STEP_ASKEW_REACH):
    (874_680, BOTH, "SIDE_STEP_ASKEW_REACH"),  # a blurred wooden 6 cocked against a 1: its
                                                # side's band ends 0.37 side out, cosine -0.1
    # By the tray's edge, on the lines across the band that stay on the tray (SIDE_STEP_LINES_ON_TRAY):
    (876_524, CALIBRATED, "SIDE_STEP_LINES_ON_TRAY"),  # an Asian 1 cocked 3 px off the rim: 20.2
    (882_810, UNCALIBRATED, ("SIDE_STEP_UP_TO_RIM", False)),  # a white 2 cocked by the rim: 7.8
    # Darker than the tray, in the die's own colour (SIDE_STEP_DIE_CHROMA):
    (550_750, CALIBRATED, "SIDE_STEP_DIE_CHROMA"),  # a white 6 on a pale tray, toward the middle
    (390_304, UNCALIBRATED, "SIDE_STEP_DIE_CHROMA"),  # a blurred Asian 2, the same
    # A band a little less even, the bound as it was (SIDE_STEP_EVEN 3.0):
    (427_976, CALIBRATED, ("SIDE_STEP_EVEN", 3.0)),   # an Asian 1 by itself, its band 3.4
    # Two lines of 13 off the step, not one, as it was (SIDE_STEP_STRAIGHT 0.9):
    (390_304, CALIBRATED, ("SIDE_STEP_STRAIGHT", 0.9)),   # the blurred Asian 2 above
]


def test_a_die_the_scan_reads_round_a_doubted_blob_is_doubted_by_its_side_s_straight_edge(monkeypatch) -> None:
    """Fresh 774212 calibrated, from above: a wooden 6 leaning on the 2 beside it, cut from it;
    the network's scan read it round its doubted blob, read ok with every value right. Its side's
    band beyond its far edge ends in a straight step: now unsure, the leaning die boxed; not asked
    of the dice the scan reads (SIDE_STEP_SCANNED False), read flat."""
    scene, calibration = pinned_frame(774_212)
    assert scene.view is View.TOP and not scene.readable
    (leaning,) = [d for d in scene.labels if d.cocked]
    assert_leaning_doubted(scene, leaning, calibration=calibration)
    assert_read_flat_without(monkeypatch, scene, thresholds, "SIDE_STEP_SCANNED", calibration=calibration,
                             value=False)


@pytest.mark.parametrize("seed, ways, rule", LEANING_READ_FLAT,
                         ids=[f"{seed}-{rule if isinstance(rule, str) else rule[0]}"
                              for seed, _, rule in LEANING_READ_FLAT])
def test_a_leaning_die_read_flat_is_doubted_by_its_side_s_straight_edge(monkeypatch, seed, ways, rule) -> None:
    """Each way it was read wrong: now unsure, the leaning die boxed; with ``rule`` off (or, a
    pair, its bound as it was), read flat again."""
    scene, calibration = pinned_frame(seed)
    assert scene.view is View.TOP and not scene.readable
    (leaning,) = [d for d in scene.labels if d.cocked]
    for calibrated in ways:
        used = calibration if calibrated else None
        assert_leaning_doubted(scene, leaning, calibration=used)
        with monkeypatch.context() as patched:
            constant, as_was = (rule, None) if isinstance(rule, str) else rule
            assert_read_flat_without(patched, scene, thresholds, constant, calibration=used, value=as_was)
