"""vision.baseline: the tutorial blob counter (a yardstick for the benchmark, never the referee)."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from vision.baseline import read_dice_baseline
from vision.reading import Reading, Status
from vision.render import render_scene
from vision.scoring import score_scenes


def _drawn_die(pips: int) -> np.ndarray:
    """A white die with black pips drawn on a grey tray: the case the tutorial method is made for."""
    img = np.full((300, 400, 3), 110, np.uint8)
    cv2.rectangle(img, (150, 100), (230, 180), (245, 245, 245), -1)
    spots = {1: [(0, 0)], 2: [(-1, -1), (1, 1)], 3: [(-1, -1), (0, 0), (1, 1)],
             4: [(-1, -1), (1, -1), (-1, 1), (1, 1)], 5: [(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)],
             6: [(-1, -1), (-1, 0), (-1, 1), (1, -1), (1, 0), (1, 1)]}[pips]
    for dx, dy in spots:
        cv2.circle(img, (190 + dx * 22, 140 + dy * 22), 8, (20, 20, 20), -1, cv2.LINE_AA)
    return img


@pytest.mark.parametrize("pips", range(1, 7))
def test_counts_the_pips_of_a_drawn_die(pips: int) -> None:
    top = read_dice_baseline(_drawn_die(pips), "top")
    assert isinstance(top, Reading) and top.status is Status.OK
    assert top.values == (pips,)
    assert abs(top.dice[0].x - 190) < 5 and abs(top.dice[0].y - 140) < 5 and 70 < top.dice[0].size < 90
    assert read_dice_baseline(_drawn_die(pips), "bottom").values == (7 - pips,)


def test_empty_tray_is_unsure() -> None:
    reading = read_dice_baseline(render_scene(0, values=()).image, "top")
    assert reading.status is Status.UNSURE and reading.dice == () and reading.reason


def test_reads_most_clean_rendered_dice() -> None:
    scenes = [render_scene(seed, view=view, style=style, n_dice=3, die_size=60)
              for seed in range(4) for view in ("top", "bottom") for style in ("white", "black")]
    score = score_scenes(read_dice_baseline, scenes)
    assert score.dice_total == 48
    assert score.dice_right >= 40       # 44/48 when written: it is a fair baseline, not a straw man
