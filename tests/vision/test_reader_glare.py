"""A glare over a face's middle: the middle pip is measured against the face round it, not against
the face's plain colour (vision.pip_faces.middle_unclear)."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from vision import classifier, outlines, pip_faces, reader, reasons, thresholds
from vision.reading import Status

from .conftest import benchmark_frame, boxed_near, pinned_frame


def _drawn_face(value: int, *, glare: float, pips: tuple[int, int, int] = (30, 30, 30),
                body: tuple[int, int, int] = (225, 225, 225), middle: tuple[int, int, int] | None = None,
                glare_sigma: float = 11.0) -> tuple[np.ndarray, outlines.Blob]:
    """A 60 px die showing ``value`` (2-5) on a grey tray, square on, with a glare of strength
    ``glare`` (0-1, towards white; a Gaussian of ``glare_sigma`` px, 0.18 of the side across by
    default) centred on its middle; the middle pip, if any, in ``middle`` (else as the others).
    The image and the die's blob."""
    image = np.full((160, 160, 3), 120, np.uint8)
    cv2.rectangle(image, (50, 50), (109, 109), body, -1)
    slots = {2: [(-1, -1), (1, 1)], 3: [(-1, -1), (0, 0), (1, 1)],
             4: [(-1, -1), (1, -1), (-1, 1), (1, 1)], 5: [(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)]}
    for gx, gy in slots[value]:
        colour = middle if (gx, gy) == (0, 0) and middle is not None else pips
        cv2.circle(image, (80 + 17 * gx, 80 + 17 * gy), 6, colour, -1, cv2.LINE_AA)
    yy, xx = np.mgrid[0:160, 0:160].astype(np.float32)
    g = glare * np.exp(-((xx - 80) ** 2 + (yy - 80) ** 2) / (2 * glare_sigma ** 2))
    image = (image * (1 - g[..., None]) + 255 * g[..., None]).astype(np.uint8)
    mask = np.zeros((160, 160), np.uint8)
    cv2.rectangle(mask, (50, 50), (109, 109), 255, -1)
    (blob,) = outlines.find_blobs(mask)
    return image, blob


@pytest.mark.parametrize("glare", [0.0, 0.3, 0.45])
def test_a_middle_pip_stands_out_from_the_face_round_it_under_a_glare(glare: float) -> None:
    """A 5's middle pip under a glare that lightens it and the face round it alike still stands
    out from that face (a pip on bare face: 1; under a glare of strength g, 1 - g); a 4's bare
    middle under the same glare does not."""
    five, blob5 = _drawn_face(5, glare=glare)
    four, blob4 = _drawn_face(4, glare=glare)
    reach = thresholds.MIDDLE_REACH * blob5.side
    strength5 = pip_faces._middle_response(five, blob5, 80.0, 80.0, reach)
    strength4 = pip_faces._middle_response(four, blob4, 80.0, 80.0, reach)
    assert strength5 is not None and strength5 >= thresholds.MIDDLE_PIP_MIN
    assert strength4 is not None and strength4 < 0.1
    assert abs(strength5 - (1 - glare)) < 0.1
    assert not pip_faces.middle_unclear(five, blob5, 5, 80.0, 80.0, by_network=True)


def test_a_middle_pip_a_glare_all_but_washed_out_is_doubted() -> None:
    """A glare of 0.8 on a 5's middle pip leaves it a fifth of its contrast: too little to tell
    from a glare's own soft spot, so a 5 read there is doubted (unsure, never a wrong 4 or 5)."""
    five, blob = _drawn_face(5, glare=0.8)
    assert pip_faces.middle_unclear(five, blob, 5, 80.0, 80.0, by_network=False)


def test_a_glare_on_the_middle_of_a_light_pipped_four_is_no_middle_pip() -> None:
    """White pips on a dark die: a glare on a 4's middle is the pips' colour, a soft spot that
    stands out from the face round it far less than a pip does: read as a 5, it is doubted."""
    four, blob = _drawn_face(4, glare=0.8, pips=(235, 235, 235), body=(40, 110, 40))
    strength = pip_faces._middle_response(four, blob, 80.0, 80.0, thresholds.MIDDLE_REACH * blob.side)
    assert strength is not None and 0.0 < strength < thresholds.MIDDLE_PIP_MIN
    assert pip_faces.middle_unclear(four, blob, 5, 80.0, 80.0, by_network=True)


def test_a_glare_weaker_and_wider_than_the_pips_is_no_middle_pip(monkeypatch) -> None:
    """A smaller glare on a light-pipped 4's middle stands out from the face round it more than
    MIDDLE_PIP_MIN asks of a pip, but it is a soft patch: about half as strong as the 4's own pips
    and twice as wide. Read as a 5, it is doubted; a true 5's middle pip, as strong and as wide as
    its fellows, is not."""
    four, blob = _drawn_face(4, glare=0.85, glare_sigma=8.0, pips=(235, 235, 235), body=(40, 40, 170))
    strength = pip_faces._middle_response(four, blob, 80.0, 80.0, thresholds.MIDDLE_REACH * blob.side)
    assert strength is not None and strength >= thresholds.MIDDLE_PIP_MIN      # the old test passes it
    assert pip_faces._middle_like_a_glare(four, blob, 80.0, 80.0, strength)
    assert pip_faces.middle_unclear(four, blob, 5, 80.0, 80.0, by_network=False)
    five, blob5 = _drawn_face(5, glare=0.0, pips=(235, 235, 235), body=(40, 40, 170))
    assert not pip_faces.middle_unclear(five, blob5, 5, 80.0, 80.0, by_network=False)
    monkeypatch.setattr(thresholds, "MIDDLE_GLARE_WEAKER", None)
    assert not pip_faces.middle_unclear(four, blob, 5, 80.0, 80.0, by_network=False)


def test_a_two_or_four_with_dark_pips_is_asked_whether_its_middle_holds_a_washed_out_pip() -> None:
    """A washed-out middle pip (a 5 whose middle a glare greyed) leans the middle of a 4-shaped
    face towards the pips. Read by the network (its pips laid out no face), a faint lean is
    enough to doubt it (GLARED_MIDDLE_MAX); read by its pips, which lay out a 4 cleanly, only a
    plain one (GLARED_MIDDLE_PIPS_MAX). Light pips are not asked: a glare looks like one."""
    image, blob = _drawn_face(5, glare=0.0, middle=(175, 175, 175))     # a middle pip washed grey
    assert pip_faces.middle_unclear(image, blob, 4, 80.0, 80.0, by_network=True)
    assert pip_faces.middle_unclear(image, blob, 4, 80.0, 80.0, by_network=False)
    faint, faint_blob = _drawn_face(5, glare=0.0, middle=(190, 190, 190))  # washed nearly white
    assert pip_faces.middle_unclear(faint, faint_blob, 4, 80.0, 80.0, by_network=True)
    assert not pip_faces.middle_unclear(faint, faint_blob, 4, 80.0, 80.0, by_network=False)
    plain, plain_blob = _drawn_face(4, glare=0.0)
    assert not pip_faces.middle_unclear(plain, plain_blob, 4, 80.0, 80.0, by_network=True)
    assert not pip_faces.middle_unclear(plain, plain_blob, 4, 80.0, 80.0, by_network=False)
    light, light_blob = _drawn_face(5, glare=0.0, pips=(250, 250, 250), body=(150, 60, 60), middle=(200, 140, 140))
    assert not pip_faces.middle_unclear(light, light_blob, 4, 80.0, 80.0, by_network=True)
    assert not pip_faces.middle_unclear(light, light_blob, 4, 80.0, 80.0, by_network=False)


@pytest.mark.parametrize("seed, calibrated, truth, misread, switch", [
    (357_290, False, 5, 4, "GLARED_MIDDLE_MAX"),   # from above: a wooden 5, its middle pip washed grey
    (352_203, True, 2, 3, "GLARED_MIDDLE_MAX"),    # under the cup: a wooden 5 (the players' 2)
    (353_849, False, 3, 2, "MIDDLE_PIP_MIN"),      # under the cup: a green 4 (3), a glare lit its middle
    (383_546, False, 4, 5, "MIDDLE_GLARE_WEAKER"),  # from above: a red 4, white pips, its middle glared
    (389_491, True, 2, 3, "GLARED_MIDDLE_PIPS_MAX"),  # under the cup: a white 5, its middle washed grey
    # from above: wooden 5s, their middles glared, their corner pips' middle off the face's or none
    (481_518, True, 5, 4, "GLARED_MIDDLE_AT_OUTLINE"),   # a touching 4's pip in its outline
    (485_814, True, 5, 4, "GLARED_MIDDLE_AT_OUTLINE"),   # a corner pip lost, a fragment taken for one
])
def test_a_glare_over_a_face_middle_leaves_that_face_unread(monkeypatch, seed: int, calibrated: bool, truth: int,
                                                            misread: int, switch: str) -> None:
    """Fresh frames read ok and wrong on 2026-11-25, 26, 27 and 28: a pip short or a pip over (the
    network alone read the first three, their pips laid out no face; 383546's glare was taken for
    a pip; 389491's four corner pips laid out a 4). The face's middle measured against the face
    round it is unclear: the frame is unsure, the die boxed. Each is read as it was read wrong:
    352203, 389491, 481518 and 485814 with their table's calibration (pinned with them), the others
    without.
    (357290's and 353849's faces lie off their outlines' middles: judged on the network's steady
    look, as such faces are since 2026-11-27, they are doubted before their middles are asked
    of; this test is of the middles, as they were read on its single look.)"""
    scene, table = pinned_frame(seed)
    calibration = table if calibrated else None
    (die,) = [d for d in scene.labels if d.glare]
    assert die.value == truth and scene.readable
    reading = reader.read_dice(scene.image, scene.view, calibration=calibration)
    assert reading.status is Status.UNSURE and boxed_near(reading, die, reading.reason)
    monkeypatch.setattr(classifier, "STEADY_NO_FACE_MAX", None)
    # (357290's 5, not plainly flat, is doubted by its faint side too since 2026-12-01,
    # FAINT_SIDE_TOP_NOT_FLAT: off, as this test is of the middles.)
    monkeypatch.setattr(thresholds, "FAINT_SIDE_TOP_NOT_FLAT", None)
    reading = reader.read_dice(scene.image, scene.view, calibration=calibration)
    assert reading.status is Status.UNSURE and reading.reason == reasons.GLARED_MIDDLE
    assert boxed_near(reading, die, reasons.GLARED_MIDDLE)
    monkeypatch.setattr(thresholds, switch, None)
    # (481518's 5, its middle pip under the glare, is doubted by MIDDLE_PIP_UNDER_GLARE too since
    # 2026-12-05: off, to show the rule this test is of.)
    monkeypatch.setattr(thresholds, "MIDDLE_PIP_UNDER_GLARE", None)
    wrong = reader.read_dice(scene.image, scene.view, calibration=calibration)
    assert wrong.ok and misread in wrong.values and truth not in wrong.values     # confidently wrong


@pytest.mark.parametrize("seed, truth, switch, was, misread", [
    (454_550, 2, "MIDDLE_GLARE_WEAKER", 0.6, [2, 3, 3, 4, 6]),
    (464_623, 5, "MIDDLE_GLARE_JOINED", None, [4, 5]),
])
def test_a_glare_on_a_light_pipped_twos_middle_is_not_a_third_pip(monkeypatch, seed: int, truth: int, switch: str,
                                                                 was: float | None, misread: list[int]) -> None:
    """Fresh 454550 (from above, either way): a red casino 2 with white pips, blurred, a glare on
    its middle. Its pips lay out no face and the network, alone, read a 3 (0.88). The middle spot
    is 2.9 times as wide as the two pips and stands out 0.600 times as strongly as they do:
    under MIDDLE_GLARE_WEAKER as it was (0.6) by less than a thousandth, so it was taken for a
    pip and the frame read ok with a 3 for the 2. At 0.65 it is a glare.

    Fresh 464623 (under the cup, either way): a black 5 whose face on the tray, a 2 with white
    pips, has a glare in its middle. The glare joined the upper pip into one spot centred 4.2 px
    off the middle of a 25 px die, beyond MIDDLE_REACH, with one other pip to compare it with,
    so the glare check did not look; the network alone read a 3, and the frame was read ok with
    a 4 for the 5. On a light-pipped face a spot that near the middle is taken for its middle
    (MIDDLE_GLARE_JOINED), and one other pip will do: 4.7 times as wide, 0.59 times as strong,
    a glare."""
    scene, calibration = pinned_frame(seed)
    (die,) = [d for d in scene.labels if d.glare]
    assert die.value == truth and scene.readable
    for table in (None, calibration):
        reading = reader.read_dice(scene.image, scene.view, calibration=table)
        assert reading.status is Status.UNSURE and reading.reason == reasons.GLARED_MIDDLE
        assert boxed_near(reading, die, reasons.GLARED_MIDDLE)
    monkeypatch.setattr(thresholds, switch, was)
    for table in (None, calibration):
        wrong = reader.read_dice(scene.image, scene.view, calibration=table)
        assert wrong.ok and sorted(wrong.values) == misread      # confidently wrong


def test_a_glare_joining_a_light_pipped_fours_pips_is_no_middle_pip(monkeypatch) -> None:
    """Fresh 500282 (from above, calibrated): a blue 4 with white pips by the tray's rim, a glare
    on its middle joining two of its pips into one spot too big to be a pip. Two pips were found,
    laying out no face, and the network alone read a 5 (0.87): the frame was read ok with a 5 for
    the 4. No spot was found in the middle, so the glare check did not look; now the middle's
    strength is asked alone on a light-pipped face (MIDDLE_UNFOUND_WEAKER): 0.55 times the pips'."""
    scene, calibration = pinned_frame(500_282)
    (die,) = [d for d in scene.labels if d.glare]
    assert die.value == 4 and scene.readable
    reading = reader.read_dice(scene.image, scene.view, calibration=calibration)
    assert reading.status is Status.UNSURE and reading.reason == reasons.GLARED_MIDDLE
    assert boxed_near(reading, die, reasons.GLARED_MIDDLE)
    truth = sorted(d.value for d in scene.labels)
    monkeypatch.setattr(thresholds, "MIDDLE_UNFOUND_WEAKER", None)
    wrong = reader.read_dice(scene.image, scene.view, calibration=calibration)
    # (the frame holds another 4 and another 5: the values as a whole show the misread)
    assert wrong.ok and sorted(wrong.values) != truth and sorted([*wrong.values, 4]) == sorted([*truth, 5])


@pytest.mark.parametrize("calibrated", [False, True])
def test_a_glare_joining_one_pip_of_a_light_pipped_two_is_no_middle_pip(monkeypatch, calibrated: bool) -> None:
    """Fresh 892209 (under the cup, blurred): a teal 2 with white pips, a glare on its middle
    joining one of its pips into a spot too big to be a pip. The other pip alone was found, and
    the network alone read a 3 (a 4 on top for the 5): the frame was read ok, both ways. The
    middle's strength is now asked against one pip found round it too (MIDDLE_UNFOUND_ONE_WEAKER):
    0.45 times that pip's."""
    scene, calibration = pinned_frame(892_209)
    (die,) = [d for d in scene.labels if d.glare]
    assert die.face == 2 and die.value == 5 and scene.readable
    table = calibration if calibrated else None
    reading = reader.read_dice(scene.image, scene.view, calibration=table)
    assert reading.status is Status.UNSURE and reading.reason == reasons.GLARED_MIDDLE
    assert boxed_near(reading, die, reasons.GLARED_MIDDLE)
    misread = sorted(4 if d is die else d.value for d in scene.labels)     # the 2 taken for a 3
    monkeypatch.setattr(thresholds, "MIDDLE_UNFOUND_ONE_WEAKER", None)
    wrong = reader.read_dice(scene.image, scene.view, calibration=table)
    assert wrong.ok and sorted(wrong.values) == misread


def test_a_dark_pipped_middle_a_glare_washed_is_not_taken_for_a_glare(monkeypatch) -> None:
    """Benchmark frame 10980 (from above): a wooden 3, dark pips, a glare on its middle pip, which
    the wood's grain joined into a spot 6.3 px off the middle of a 36 px die. A glare cannot make
    a dark pip, so on dark pips the middle keeps MIDDLE_REACH: the frame is read ok and right,
    where reaching as far as on light pips would doubt the 3."""
    scene = benchmark_frame(10_980)
    reading = reader.read_dice(scene.image, scene.view)
    assert reading.ok and sorted(reading.values) == sorted(d.value for d in scene.labels)
    monkeypatch.setattr(pip_faces, "_light_pips", lambda contrast: True)
    doubted = reader.read_dice(scene.image, scene.view)
    assert doubted.status is Status.UNSURE and doubted.reason == reasons.GLARED_MIDDLE


@pytest.mark.parametrize("seed, calibrated", [(589_021, False), (497_079, True)])
def test_a_wooden_five_whose_middle_a_glare_whitened_is_not_read_as_a_four(monkeypatch, seed: int,
                                                                          calibrated: bool) -> None:
    """Fresh 589021 and 497079 (calibrated), under the cup: a glare whitens a wooden 5's middle
    whole, lighter than the face round it, the pip gone. Its corner pips lay out no face (one was
    missed), the network alone read a 4, and with no spot in the middle nothing asked further:
    the frame was read ok, a 3 for the 2 on top. Its middle now measures -1.05 and -0.80 of the
    way from the face's colour to its pips' (MIDDLE_WASHED_MIN: lighter than -0.75), and it is left
    unread."""
    scene, calibration = pinned_frame(seed)
    calibration = calibration if calibrated else None
    (die,) = [d for d in scene.labels if d.glare]
    assert die.face == 5 and die.style == "wood" and scene.readable
    reading = reader.read_dice(scene.image, scene.view, calibration=calibration)
    assert reading.status is Status.UNSURE and reading.reason == reasons.SMUDGED
    assert not any(np.hypot(d.x - die.x, d.y - die.y) < die.size / 2 for d in reading.dice)
    monkeypatch.setattr(thresholds, "MIDDLE_WASHED_MIN", None)
    # (Both are doubted by MIDDLE_PIP_UNDER_GLARE too since 2026-12-05: off, to show this rule.)
    monkeypatch.setattr(thresholds, "MIDDLE_PIP_UNDER_GLARE", None)
    wrong = reader.read_dice(scene.image, scene.view, calibration=calibration)
    assert wrong.ok and any(d.value == 3 and np.hypot(d.x - die.x, d.y - die.y) < die.size / 2 for d in wrong.dice)


def test_a_flat_four_whose_middle_is_a_little_lighter_than_its_face_is_still_read(monkeypatch) -> None:
    """Fresh 604656 (from above): an Asian 4, red pips on white, no glare, read by the network; its
    middle, a little whiter than the face round it, measures -0.62 of the way to its pips' colour.
    Under MIDDLE_WASHED_MIN (0.75) it is read and the frame is right; at 0.6 it would be doubted."""
    scene, _ = pinned_frame(604_656)
    assert not any(d.glare for d in scene.labels) and scene.readable
    reading = reader.read_dice(scene.image, scene.view)
    assert reading.ok and sorted(reading.values) == sorted(d.value for d in scene.labels)
    monkeypatch.setattr(thresholds, "MIDDLE_WASHED_MIN", 0.6)
    monkeypatch.setattr(thresholds, "PIP_LIGHTNESS", None)   # (else the scan's 4, unconfirmed, and the blur speak)
    doubted = reader.read_dice(scene.image, scene.view)
    assert doubted.status is Status.UNSURE and doubted.reason == reasons.SMUDGED


def _under_glare(value: int, glare: float, body: tuple[int, int, int]) -> float:
    """pip_faces._pip_under_glare at the middle of a drawn die (brown pips) showing ``value``."""
    image, blob = _drawn_face(value, glare=glare, body=body, pips=(40, 50, 70))
    contrast: list = []
    pip_faces.pips_in(image, blob, contrast)
    return pip_faces._pip_under_glare(image, contrast, blob, 80.0, 80.0)


@pytest.mark.parametrize("body", [(100, 165, 200), (60, 60, 200)])     # wooden, red
def test_a_glare_over_a_dark_pip_is_told_from_a_glare_over_bare_face(body: tuple[int, int, int]) -> None:
    """A glare adds the light's white to what lies under it: the middle of a 3 under a glare lies
    on the line from white to its pips' colour, a 2's on the line from white to its face's.
    Unglared, a 2's middle is its face and not asked at all."""
    assert _under_glare(2, 0.0, body) == 0.0
    for glare in (0.5, 0.7, 0.9):
        assert _under_glare(2, glare, body) < 0.0
    for glare in (0.7, 0.9):
        assert _under_glare(3, glare, body) > thresholds.MIDDLE_PIP_UNDER_GLARE


def test_a_grey_face_under_a_glare_is_not_taken_for_a_pip_under_it() -> None:
    """A white die with dark pips: white, its face and its pips lie nearly on one line, so a
    glare over bare face measures next to nothing either way; a glare over a dark pip on so light
    a face leaves the middle darker than the face, and it is not asked at all."""
    for glare in (0.5, 0.7, 0.9):
        assert abs(_under_glare(2, glare, (225, 225, 225))) < 0.01
        assert _under_glare(3, glare, (225, 225, 225)) == 0.0


@pytest.mark.parametrize("seed, calibrated", [(944_012, True), (876_014, False), (876_014, True)])
def test_a_dark_pipped_middle_gone_under_a_glare_is_not_read_as_a_two_or_four(monkeypatch, seed: int,
                                                                              calibrated: bool) -> None:
    """Fresh 944012 (from above, calibrated): a wooden 3 touching a 4, and 876014 (from above):
    a wooden 5 by the rim, each with its middle pip gone under a glare, a pale grey disc. Their
    corner pips laid out no face (off the outline's middle, which takes in a side) and the network
    alone read a 2 at 0.94 and a 4: the frames were read ok, wrong. The middle is no lighter than the
    face along the way to its pips' colour than the glare's white makes it (MIDDLE_WASHED_MIN asks
    more), but it lies on the line from white to a pip's colour (within a level) and far from the
    line to the face's (21-22 levels): a pip under the glare, 0.15-0.17 (MIDDLE_PIP_UNDER_GLARE
    0.06; the true 2s and 4s so asked in 6,600 rendered frames at most 0.016). Unsure
    now, the place boxed. (The network's scan, looking round the die left unread, may still list
    what it sees there, in a reading that is unsure.)"""
    scene, table = pinned_frame(seed)
    calibration = table if calibrated else None
    (die,) = [d for d in scene.labels if d.glare]
    assert die.face in (3, 5) and die.style == "wood" and scene.readable
    reading = reader.read_dice(scene.image, scene.view, calibration=calibration)
    assert reading.status is Status.UNSURE and reading.reason == reasons.GLARED_MIDDLE
    assert boxed_near(reading, die, reasons.GLARED_MIDDLE)
    monkeypatch.setattr(thresholds, "MIDDLE_PIP_UNDER_GLARE", None)
    wrong = reader.read_dice(scene.image, scene.view, calibration=calibration)
    assert wrong.ok and any(d.value == die.face - 1 and np.hypot(d.x - die.x, d.y - die.y) < die.size / 2
                            for d in wrong.dice)
