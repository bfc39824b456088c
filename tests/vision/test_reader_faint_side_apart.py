"""Under the cup: a die apart from the others and off the rim, whose faint outline reaches out on
one side further than thresholds.FAINT_SIDE_MAX_APART (x its side), less than FAINT_SIDE_MAX, does
not lie plainly flat. No neighbour's faint outline nor the rim's joins its own, so a flat die's
reaches out less there than where one does (which FAINT_SIDE_MAX allows for)."""

from __future__ import annotations

from vision import thresholds
from vision.classifier import LEANING
from vision.reading import View

from .conftest import assert_leaning_doubted, assert_read_flat_without, pinned_frame, read_right_until


def test_a_small_die_leaning_by_itself_is_doubted_by_its_faint_side(monkeypatch) -> None:
    """Fresh 687337, under the cup, uncalibrated: five small Asian dice (34 px); one leans by
    itself, its outline square round its face, its side a faint strip below it (0.242). The
    network doubted it 0.156, under SQUARE_NO_FACE_MAX: read ok, every value right, and a cocked
    die is thrown again. Now unsure, the leaning die boxed."""
    scene, _ = pinned_frame(687_337)
    assert scene.view is View.BOTTOM and not scene.readable
    (leaning,) = [d for d in scene.labels if d.cocked]
    assert_leaning_doubted(scene, leaning)
    assert_read_flat_without(monkeypatch, scene, thresholds, "FAINT_SIDE_MAX_APART")


def test_a_flat_die_by_itself_whose_faint_side_reaches_out_less_is_read(monkeypatch) -> None:
    """Fresh 682767, under the cup: a flat wooden 2 by itself near the rim (0.21 of a side off
    it), its faint outline reaching out 0.192 (the most of the flat dice so measured): read right;
    with the bound under it, doubted."""
    scene, _ = pinned_frame(682_767)
    assert scene.view is View.BOTTOM
    read_right_until(monkeypatch, scene, thresholds, "FAINT_SIDE_MAX_APART", 0.18, LEANING)
