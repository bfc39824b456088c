"""From above: a die whose pips fit a face that sits off its oblong outline's middle toward the
frame's middle (thresholds.FACE_TOWARD_MIDDLE, FACE_TOWARD_MIDDLE_ASPECT) is leaning. A camera
above sees the side of a flat die that faces the middle, so a flat die's outline reaches past its
face toward the middle; a cocked die's face is foreshortened, and what lies beyond it lengthens
its outline on the other side."""

from __future__ import annotations

import numpy as np
import pytest

from vision import outlines, thresholds
from vision.classifier import LEANING
from vision.reading import View

from .conftest import assert_leaning_doubted, assert_read_flat_without, pinned_frame, read_right_until


def test_a_one_cocked_on_the_rim_read_flat_is_doubted() -> None:
    """Fresh 682682, from above, uncalibrated: an Asian 1 by itself in the tray's corner, cocked
    on the rim, a glare beyond it. The network's single look doubted it 0.048 (under
    AGREE_NO_FACE_MAX), its steady look 0.077: read ok, a 1, and a cocked die is thrown again.
    Its face sits 0.066 of a side toward the middle, in an outline 1.25 times longer than wide."""
    scene, _ = pinned_frame(682_682)
    assert scene.view is View.TOP and not scene.readable
    (cocked,) = scene.labels
    assert cocked.cocked and cocked.value == 1
    assert_leaning_doubted(scene, cocked)


def test_without_the_rule_the_cocked_one_was_read_flat(monkeypatch) -> None:
    scene, _ = pinned_frame(682_682)
    assert_read_flat_without(monkeypatch, scene, thresholds, "FACE_TOWARD_MIDDLE")


@pytest.mark.parametrize("seed, constant, value", [
    (681_684, "FACE_TOWARD_MIDDLE", 0.03),         # a flat die's face 0.04 toward it, outline 1.25
    (677_994, "FACE_TOWARD_MIDDLE_ASPECT", 1.15),  # a flat die's face 0.097 toward it, outline 1.18
])
def test_a_flat_die_within_the_bounds_is_read(monkeypatch, seed: int, constant: str, value: float) -> None:
    """From above, flat dice whose face sits a little toward the middle, or much in an outline
    nearly square, are read right; with the bound under what they measure, doubted as leaning."""
    scene, _ = pinned_frame(seed)
    assert scene.view is View.TOP
    read_right_until(monkeypatch, scene, thresholds, constant, value, LEANING)


def test_a_face_away_from_the_middle_is_not_toward_it() -> None:
    """The same outline and the same offset, on the far side of the face: as a flat die's in
    perspective, not doubted by this rule."""
    blob = outlines.Blob(area=70 * 88, rect=((100.0, 100.0), (70.0, 88.0), 0.0), box=(65, 56, 70, 88),
                         mask=np.full((88, 70), 255, np.uint8), thickness=35.0)
    middle = (100.0, 400.0)                 # straight below: "toward the middle" is +y
    assert outlines.face_toward_middle(blob, 100.0, 106.0, middle)
    assert not outlines.face_toward_middle(blob, 100.0, 94.0, middle)
    assert not outlines.face_toward_middle(blob, 100.0, 102.0, middle)   # under 0.05 of a side


def test_a_cocked_die_the_network_read_alone_is_doubted_by_where_its_pips_lie(monkeypatch) -> None:
    """Fresh 840214, from above, uncalibrated: a wooden 3 cocked, its dark side below its face,
    among four flat dice. Its three pips, foreshortened, lay out no face; the network read it
    alone, a 3 at 0.94 (doubting it 0.057, on the allowance for a pip hidden): read ok. Its pips'
    middle sits 0.084 of a side off its outline (1.34 times longer than wide) toward the frame's
    middle (FACE_TOWARD_MIDDLE_ALONE): leaning."""
    scene, _ = pinned_frame(840_214)
    assert scene.view is View.TOP and not scene.readable
    (cocked,) = [d for d in scene.labels if d.cocked]
    assert cocked.value == 3 and cocked.style == "wood"
    assert_leaning_doubted(scene, cocked)
    assert_read_flat_without(monkeypatch, scene, thresholds, "FACE_TOWARD_MIDDLE_ALONE", value=False)


@pytest.mark.parametrize("calibrated", [False, True])
def test_a_cocked_one_the_network_read_alone_is_doubted_by_where_its_pip_lies(monkeypatch, calibrated: bool) -> None:
    """Fresh 938902, from above, noisy: a wooden 1 cocked by itself near the tray's edge, its
    darker side below its face. Its one pip, off its outline's middle, laid out no face; the
    network read it alone, a 1 at 0.95: read ok both ways. The pip sits 0.077 of a side toward
    the frame's middle in an outline 1.31 times longer than wide: as a cocked die's face does.
    FACE_TOWARD_MIDDLE_ALONE asked two pips or more; one will do now
    (FACE_TOWARD_MIDDLE_ALONE_PIPS)."""
    scene, calibration = pinned_frame(938_902)
    assert scene.view is View.TOP and not scene.readable
    (cocked,) = [d for d in scene.labels if d.cocked]
    assert cocked.value == 1 and cocked.style == "wood"
    table = calibration if calibrated else None
    assert_leaning_doubted(scene, cocked, calibration=table)
    assert_read_flat_without(monkeypatch, scene, thresholds, "FACE_TOWARD_MIDDLE_ALONE_PIPS", calibration=table, value=2)
