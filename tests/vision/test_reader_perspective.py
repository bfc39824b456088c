"""From above, a camera sees the side of a die lying flat off the frame's middle: the side that
faces the middle, the more the farther out the die lies. Such a die lies flat as plainly as one
whose outline is square round its face (thresholds.SIDE_IN_PERSPECTIVE), and the network's doubt of
its face counts for less; a die leaning toward the middle looks the same to the outline, and
stays doubted by the network, or by its faint side (fresh 432270, tested in
test_reader_hidden_dice.py)."""

from __future__ import annotations

import math

import numpy as np
import pytest

from vision import outlines, reader, reasons, thresholds
from vision.classifier import LEANING
from vision.reading import Status, View

from .conftest import assert_not_wrong, boxed_near, pinned_frame, read_right_until

FRAME = (640, 480)          # (the frames' width and height)
MIDDLE = (320.0, 240.0)
REACH = math.hypot(*FRAME) / 2


def _blob(cx: float, cy: float, side: float) -> outlines.Blob:
    """An outline of a die of ``side`` centred on (cx, cy)."""
    mask = np.full((int(side), int(side)), 255, np.uint8)
    return outlines.Blob(area=int(side * side), rect=((cx, cy), (side, side), 0.0),
                         box=(int(cx - side / 2), int(cy - side / 2), int(side), int(side)),
                         mask=mask, thickness=side / 2)


@pytest.mark.parametrize(("face", "outline", "flat"), [
    ((100.0, 400.0), (104.0, 397.0), True),     # face off the middle away from the frame's middle
    ((100.0, 400.0), (96.0, 403.0), False),     # toward it: a side shows where no camera sees one
    ((100.0, 400.0), (104.0, 403.0), False),    # across the line from the middle
    ((100.0, 400.0), (100.0 + 12.0, 400.0 - 8.0), False),   # a strip too wide for perspective
    ((330.0, 250.0), (328.0, 248.0), False),    # by the middle a flat die shows no side
    ((100.0, 400.0), (100.0, 400.0), False),    # no offset: the square outline's test, not this one
])
def test_a_face_off_its_outline_lies_flat_only_as_perspective_puts_it(face, outline, flat) -> None:
    blob = _blob(*outline, side=50.0)
    assert outlines.side_in_perspective(blob, *face, MIDDLE, REACH) is flat


def test_the_rule_switched_off_asks_nothing(monkeypatch) -> None:
    monkeypatch.setattr(thresholds, "SIDE_IN_PERSPECTIVE", None)
    assert not outlines.side_in_perspective(_blob(104.0, 397.0, 50.0), 100.0, 400.0, MIDDLE, REACH)


def test_a_flat_die_in_the_frames_corner_showing_its_side_is_read(monkeypatch) -> None:
    """Fresh 553036 (from above, uncalibrated): six wooden dice on a purple tray. The 1 in the
    lower left corner shows its side toward the frame's middle, and its face sits 0.11 of a side
    off its outline's middle, away from the frame's. The network's single look doubts its face
    (0.11, over AGREE_NO_FACE_MAX), and so did its steady look: the frame was unsure, "a die is
    leaning". As a die lying flat seen in perspective, its doubt is weighed as a square
    outline's (SQUARE_NO_FACE_MAX): read ok and right."""
    scene, _ = pinned_frame(553_036)
    assert scene.view is View.TOP and scene.readable
    read_right_until(monkeypatch, scene, thresholds, "SIDE_IN_PERSPECTIVE", None, LEANING)


def test_a_die_leaning_toward_the_frames_middle_stays_doubted(monkeypatch) -> None:
    """Fresh 554952 (from above, uncalibrated): five wooden dice, a 4 leaning in the upper left.
    Its face sits off its outline's middle away from the frame's, as a flat die's there would;
    the network sees plainly that its face is not flat (0.99), over what a die lying flat may be
    doubted, and the frame stays unsure, the die boxed."""
    scene, _ = pinned_frame(554_952)
    leaning = [d for d in scene.labels if d.cocked]
    assert scene.view is View.TOP and len(leaning) == 1
    asked = []
    ask = outlines.side_in_perspective

    def recorded(blob, x, y, middle, reach):
        answer = ask(blob, x, y, middle, reach)
        asked.append((x, y, answer))
        return answer

    monkeypatch.setattr(outlines, "side_in_perspective", recorded)
    reading = reader.read_dice(scene.image, scene.view)
    die = leaning[0]
    # (the rule was asked of the leaning die, and said it lies as a flat die in perspective)
    assert any(answer and math.hypot(x - die.x, y - die.y) < die.size / 2 for x, y, answer in asked)
    assert reading.status is Status.UNSURE and reading.reason == LEANING
    assert boxed_near(reading, die, LEANING)
    assert_not_wrong(reading, scene)


def _lengthened(cx: float, cy: float, long: float, short: float, angle: float) -> outlines.Blob:
    """A solid outline ``long`` x ``short`` centred on (cx, cy), its long side at ``angle`` degrees."""
    side = math.sqrt(long * short)
    return outlines.Blob(area=int(long * short), rect=((cx, cy), (long, short), angle),
                         box=(int(cx - long / 2), int(cy - long / 2), int(long), int(long)),
                         mask=np.full((int(long), int(long)), 255, np.uint8), thickness=0.45 * side)


TOWARD_MIDDLE = math.degrees(math.atan2(400.0 - 240.0, 100.0 - 320.0))   # (100, 400) from the middle


@pytest.mark.parametrize(("centre", "size", "angle", "read"), [
    ((100.0, 400.0), (60.0, 50.0), TOWARD_MIDDLE, True),          # lengthened toward the middle
    ((100.0, 400.0), (60.0, 50.0), TOWARD_MIDDLE + 180.0, True),  # (the same line, either way)
    ((100.0, 400.0), (60.0, 50.0), TOWARD_MIDDLE + 90.0, False),  # across it: no camera sees that
    ((100.0, 400.0), (50.0, 60.0), TOWARD_MIDDLE + 90.0, True),   # (its long side is the other one)
    ((100.0, 400.0), (80.0, 50.0), TOWARD_MIDDLE, False),         # too long for a die at all
    ((340.0, 255.0), (66.0, 50.0), 37.0, False),                  # by the middle a flat die shows no side
])
def test_an_outline_lengthened_as_perspective_shows_a_flat_die_is_a_die(centre, size, angle, read) -> None:
    assert thresholds.PERSPECTIVE_OUTLINE is not None and thresholds.PERSPECTIVE_OUTLINE < 1.6
    assert outlines.outline_in_perspective(_lengthened(*centre, *size, angle), MIDDLE, REACH) is read


def test_a_big_die_in_the_corner_showing_its_side_is_read(monkeypatch) -> None:
    """Fresh 641114 (from above, uncalibrated): three big dice (about 88 px) on a purple tray. The
    Asian 2 in the lower right corner shows its side toward the frame's middle: its outline is
    1.32 times as long as wide, over the 1.3 of a square one, and it was "not a readable die",
    the frame unsure. Lengthened toward the middle by what a flat die's side shows there, it is
    read as a die: ok, and right."""
    scene, _ = pinned_frame(641_114)
    assert scene.view is View.TOP and scene.readable
    read_right_until(monkeypatch, scene, thresholds, "PERSPECTIVE_OUTLINE", None, reasons.NOT_READABLE)
