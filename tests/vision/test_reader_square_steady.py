"""A die lying plainly flat by its outline (square round its face) whose single look doubts it a
little (classifier.SQUARE_STEADY_ASKED_FROM, under STEADY_ASKED_FROM) is asked the steady look,
and is leaning where that doubts it more than SQUARE_STEADY_LEANING_MIN: well over what flat dice
so asked measure, as a leaning die square round its face may not be."""

from __future__ import annotations

from vision import classifier, reader
from vision.classifier import LEANING
from vision.reading import View
from vision.render import render_scene
from vision.scoring import Truth, match

from .conftest import assert_leaning_doubted, assert_read_flat_without, pinned_frame


def test_a_leaning_die_square_round_its_face_is_doubted_by_its_steady_look() -> None:
    """Fresh 677949, under the cup, uncalibrated: an Asian die leaning (a 4 in the photo, a 3 on
    top), square round its face, dimmer than the flat dice beside it. The single look doubted it
    0.041, under AGREE_NO_FACE_MAX: read ok, every value right, and a cocked die is thrown again.
    Its steady look doubts it 0.49."""
    scene, _ = pinned_frame(677_949)
    assert scene.view is View.BOTTOM and not scene.readable
    (leaning,) = [d for d in scene.labels if d.cocked]
    assert_leaning_doubted(scene, leaning)


def test_without_the_rule_the_leaning_die_was_read_flat(monkeypatch) -> None:
    scene, _ = pinned_frame(677_949)
    assert_read_flat_without(monkeypatch, scene, classifier, "SQUARE_STEADY_ASKED_FROM")


def test_a_flat_die_its_steady_look_doubts_less_is_read(monkeypatch) -> None:
    """Clean frame 40179, the everyday frame (two white dice under the cup): the 2 in the tray's
    corner, single look 0.039, steady 0.30: read right; with the bound at STEADY_LEANING_MIN's
    0.3, doubted."""
    scene = render_scene(40_179, view=View.BOTTOM, n_dice=2, style="white", die_size=56)
    assert scene.readable
    truths = [Truth(d.value, d.x, d.y, d.size) for d in scene.labels]
    reading = reader.read_dice(scene.image, scene.view)
    assert reading.ok and match(reading, truths) == (len(truths), True), reading.reason
    monkeypatch.setattr(classifier, "SQUARE_STEADY_LEANING_MIN", 0.3)
    assert reader.read_dice(scene.image, scene.view).reason == LEANING
