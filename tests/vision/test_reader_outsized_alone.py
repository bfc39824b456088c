"""A die the network reads alone (its pips lay out no face) whose outline is far bigger than the
dice read by their pips in the same frame is two touching dice taken whole, one of them read
(thresholds.ALONE_OUTSIZED): it is left unread, as touching dice are."""

from __future__ import annotations

from vision import reader, thresholds
from vision.reading import Status, View
from vision.scoring import Truth, match

from .conftest import assert_not_wrong, boxed_near, pinned_frame

TOUCHING = "dice are touching or overlapping"


def test_two_touching_dice_read_as_one_make_the_frame_unsure(monkeypatch) -> None:
    """Fresh 646360 (from above, uncalibrated): six red casino dice in touching pairs. The pair
    in the lower right corner, a 3 against a 6, made one outline 40 px across to the others'
    28-30; its pips laid out no face, and the network read it as one 6: the frame was read ok
    with five dice, the 3 never seen. Now unsure, the pair boxed as touching dice."""
    scene, _ = pinned_frame(646_360)
    assert scene.view is View.TOP and len(scene.labels) == 6
    pair = [d for d in scene.labels if d.x > 500]
    assert sorted(d.value for d in pair) == [3, 6]

    reading = reader.read_dice(scene.image, scene.view)
    assert reading.status is Status.UNSURE
    assert_not_wrong(reading, scene)
    assert any(boxed_near(reading, die, TOUCHING) for die in pair)

    monkeypatch.setattr(thresholds, "ALONE_OUTSIZED", None)
    before = reader.read_dice(scene.image, scene.view)
    truths = [Truth(d.value, d.x, d.y, d.size) for d in scene.labels]
    assert before.ok and len(before.dice) == 5          # the wrong read this rule stops
    assert match(before, truths) != (len(truths), True)

