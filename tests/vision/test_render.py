"""vision.render: deterministic, labelled, both views, every style and hard case."""

from __future__ import annotations

import math

import cv2
import numpy as np
import pytest

from vision.reading import View
from vision.render import (HARD_CASES, PIP_LAYOUTS, STYLES, _draw_die, _lean_away_from_neighbour, _Look,
                           _Placed, dataset, render_scene, test_subset)


def test_same_seed_same_pixels_other_seed_other_pixels() -> None:
    a = render_scene(11, view="bottom", n_dice=3, hard=True)
    b = render_scene(11, view="bottom", n_dice=3, hard=True)
    c = render_scene(12, view="bottom", n_dice=3, hard=True)
    assert np.array_equal(a.image, b.image) and a.labels == b.labels
    assert not np.array_equal(a.image, c.image)


def test_canonical_pip_layouts() -> None:
    assert {v: len(p) for v, p in PIP_LAYOUTS.items()} == {v: v for v in range(1, 7)}
    for pips in PIP_LAYOUTS.values():       # every layout is symmetric about the centre
        assert sorted(pips) == sorted((-x, -y) for x, y in pips)


@pytest.mark.parametrize("view", ["top", "bottom"])
@pytest.mark.parametrize("style", STYLES)
def test_frames_and_labels(view: str, style: str) -> None:
    s = render_scene(3, view=view, n_dice=4, style=style)
    assert s.image.shape == (480, 640, 3) and s.image.dtype == np.uint8
    assert s.view is View(view) and s.style == style and len(s.labels) == 4
    tx, ty, tw, th = s.tray
    for d in s.labels:
        assert 1 <= d.value <= 6 and 0 <= d.angle < 90
        assert d.face == (d.value if view == "top" else 7 - d.value)
        assert tx <= d.x - d.size / 2 and d.x + d.size / 2 <= tx + tw + 1
        assert ty <= d.y - d.size / 2 and d.y + d.size / 2 <= ty + th + 1
        assert d.readable and not d.touching
    assert s.readable


def test_given_values_are_what_the_players_see() -> None:
    s = render_scene(2, view="bottom", values=(6, 3))
    assert s.values == (6, 3)
    assert sorted(d.face for d in s.labels) == [1, 4]
    with pytest.raises(ValueError, match="dice values must be 1 to 6"):
        render_scene(2, values=(7, 1))


def pips_seen(image: np.ndarray, label, dark: bool) -> int:
    """Count pip blobs inside one die's face (a check that the picture matches its label)."""
    half = int(label.size * 0.5)
    x, y = int(round(label.x)), int(round(label.y))
    patch = cv2.cvtColor(image[y - half:y + half, x - half:x + half], cv2.COLOR_BGR2GRAY)
    # Only the disc inside the face: a rotated die's corners would bring the tray in.
    yy, xx = np.mgrid[0:patch.shape[0], 0:patch.shape[1]]
    outside = np.hypot(xx - half, yy - half) > label.size * 0.46
    patch[outside] = int(np.median(patch[~outside]))
    _, mask = cv2.threshold(patch, 0, 255, (cv2.THRESH_BINARY_INV if dark else cv2.THRESH_BINARY)
                            + cv2.THRESH_OTSU)
    n, _, stats, _ = cv2.connectedComponentsWithStats(mask)
    return sum(1 for i in range(1, n) if stats[i, cv2.CC_STAT_AREA] > (label.size * 0.05) ** 2)


@pytest.mark.parametrize("view", ["top", "bottom"])
def test_the_picture_shows_the_labelled_face(view: str) -> None:
    # Axis-aligned-ish big dice, one per frame, so a plain blob count can check the face.
    for value in range(1, 7):
        s = render_scene(value, view=view, values=(value,), style="white", die_size=90)
        d = s.labels[0]
        assert pips_seen(s.image, d, dark=True) == d.face
        # The bottom view is mirrored: the die sits at the mirrored place of the top view's.
    top = render_scene(8, view="top", values=(2,), die_size=60)
    bottom = render_scene(8, view="bottom", values=(2,), die_size=60)
    assert bottom.labels[0].x == pytest.approx(639 - top.labels[0].x)
    assert bottom.labels[0].y == pytest.approx(top.labels[0].y)


def test_empty_tray_and_many_dice() -> None:
    empty = render_scene(4, n_dice=0)
    assert empty.labels == () and empty.values == ()
    many = render_scene(4, n_dice=30)
    assert len(many.labels) == 30
    sizes = [d.size for d in many.labels]
    assert min(sizes) >= 15
    for i, a in enumerate(many.labels):       # never overlapping
        for b in many.labels[i + 1:]:
            assert math.hypot(a.x - b.x, a.y - b.y) >= (a.size + b.size) / 2


@pytest.mark.parametrize("view", ["top", "bottom"])
def test_dice_lie_in_the_areas_given(view: str) -> None:
    """``areas`` (liar's dice hands spread round the tray): each die's centre in its own area,
    given as seen from above; the bottom view's labels are mirrored as its picture is."""
    left, right = (60, 120, 150, 240), (430, 120, 150, 240)
    scene = render_scene(5, view=view, values=(1, 2, 3, 4, 5, 6), die_size=40,
                         areas=[left] * 3 + [right] * 3)
    for label, (ax, ay, aw, ah) in zip(scene.labels, [left] * 3 + [right] * 3):
        x = 640 - 1 - label.x if view == "bottom" else label.x
        assert ax <= x <= ax + aw and ay <= label.y <= ay + ah
    assert [d.value for d in scene.labels] == [1, 2, 3, 4, 5, 6]
    with pytest.raises(ValueError, match="one for each of the 6 dice"):
        render_scene(5, values=(1, 2, 3, 4, 5, 6), areas=[left])


def test_die_size_range_and_errors() -> None:
    assert render_scene(1, n_dice=1, die_size=200).labels[0].size == pytest.approx(200, rel=0.04)
    assert render_scene(1, n_dice=2, die_size=20).labels[0].size == pytest.approx(20, rel=0.04)
    with pytest.raises(ValueError, match="cannot fit"):
        render_scene(1, n_dice=30, die_size=200)
    with pytest.raises(ValueError, match="unknown hard case"):
        render_scene(1, hard="wobbly")
    with pytest.raises(ValueError, match="unknown dice style"):
        render_scene(1, style="glass")


def test_touching_dice_lie_edge_to_edge_whatever_their_angle() -> None:
    """A die drawn touching another slides along their shared edge: turned, it neither sinks
    into its neighbour nor leaves a gap (it once slid along the frame's axes, so turned dice
    overlapped by up to a third of a side, which no flat die can)."""
    pairs = 0
    for seed in range(40):
        scene = render_scene(seed, view=View.TOP, n_dice=4, hard="touching")
        for i, a in enumerate(scene.labels):
            for b in scene.labels[i + 1:]:
                if abs(a.angle - b.angle) > 0.2 or math.hypot(a.x - b.x, a.y - b.y) > 0.7 * (a.size + b.size):
                    continue
                # The offset between them in the dice's own frame: along one axis the two half
                # sides (and the half pixel left between them), along the other, less.
                turn = math.radians(a.angle)
                dx, dy = b.x - a.x, b.y - a.y
                u = abs(dx * math.cos(turn) + dy * math.sin(turn))
                v = abs(-dx * math.sin(turn) + dy * math.cos(turn))
                reach = (a.size + b.size) / 2
                assert reach - 0.5 <= max(u, v) <= reach + 1.5, (seed, a, b)
                pairs += 1
    assert pairs >= 20


def test_hard_cases_are_labelled() -> None:
    touching = render_scene(6, n_dice=4, hard="touching")
    assert sum(d.touching for d in touching.labels) >= 2
    close = [(a, b) for a in touching.labels for b in touching.labels if a is not b
             and math.hypot(a.x - b.x, a.y - b.y) <= (a.size + b.size) / 2 + 2]
    assert close, "touching dice must share an edge"
    rim = render_scene(6, n_dice=3, hard="rim")
    tx, ty, tw, th = rim.tray
    d = rim.labels[0]
    reach = d.size / 2 * (abs(math.cos(math.radians(d.angle))) + abs(math.sin(math.radians(d.angle))))
    assert min(d.x - reach - tx, tx + tw - d.x - reach, d.y - reach - ty, ty + th - d.y - reach) < 2
    cocked = render_scene(6, n_dice=3, hard="cocked")
    assert sum(d.cocked for d in cocked.labels) == 1 and not cocked.readable
    occluded = render_scene(6, view="bottom", n_dice=3, hard="occluded")
    assert any(d.occluded for d in occluded.labels) and "occluded" in occluded.unreadable_reasons()
    glare = render_scene(6, n_dice=3, hard="glare")
    assert any(d.glare for d in glare.labels)
    clean = render_scene(6, n_dice=3)
    for case in ("blur", "noise", "uneven"):
        s = render_scene(6, n_dice=3, hard=case)
        assert s.labels == clean.labels and not np.array_equal(s.image, clean.image)
        assert s.readable
    sharp = cv2.Laplacian(cv2.cvtColor(clean.image, cv2.COLOR_BGR2GRAY), cv2.CV_64F).var()
    blurred = render_scene(6, n_dice=3, hard="blur").image
    assert cv2.Laplacian(cv2.cvtColor(blurred, cv2.COLOR_BGR2GRAY), cv2.CV_64F).var() < sharp / 2
    assert set(HARD_CASES) >= {"touching", "cocked", "glare", "blur", "noise", "uneven", "occluded"}


def test_cup_lifted_is_much_brighter_with_less_contrast() -> None:
    down = render_scene(9, view="bottom", values=(5, 2))
    up = render_scene(9, view="bottom", values=(5, 2), cup_lifted=True)
    assert up.cup_lifted and not up.readable
    assert up.exposure > down.exposure * 1.4 and up.exposure - down.exposure > 40
    assert up.image.std() < down.image.std()


def test_dataset_mixes_views_styles_and_counts() -> None:
    scenes = list(dataset(24, seed=100, n_dice=(1, 6)))
    assert [s.seed for s in scenes] == list(range(100, 124))
    assert {s.view for s in scenes} == {View.TOP, View.BOTTOM}
    assert len({s.style for s in scenes}) >= 4
    assert len({len(s.labels) for s in scenes}) >= 3
    assert any(s.hard for s in scenes)
    again = next(dataset(1, seed=100, n_dice=(1, 6)))
    assert np.array_equal(again.image, scenes[0].image)


def test_big_frames_with_many_dice_of_any_size() -> None:
    for s in dataset(4, seed=900, width=1280, height=960, n_dice=30, die_size=(20, 200)):
        assert s.image.shape == (960, 1280, 3) and len(s.labels) == 30
        assert all(15 <= d.size <= 200 * 1.04 for d in s.labels)


def test_blur_either_kind_softens_the_picture() -> None:
    for seed in range(6):
        clean = render_scene(seed, n_dice=3, style="white")
        blurred = render_scene(seed, n_dice=3, style="white", hard="blur")
        sharpness = [cv2.Laplacian(cv2.cvtColor(s.image, cv2.COLOR_BGR2GRAY), cv2.CV_64F).var()
                     for s in (clean, blurred)]
        assert sharpness[1] < sharpness[0] * 0.7


def test_fixed_test_subset_covers_every_style_view_and_case() -> None:
    first, again = test_subset(), test_subset()
    assert len(first) == len(again) == 25
    assert all(np.array_equal(a.image, b.image) and a.labels == b.labels for a, b in zip(first, again))
    assert {(s.style, s.view) for s in first if not s.hard} >= {(st, v) for st in STYLES for v in View}
    assert {case for s in first for case in s.hard} == set(HARD_CASES)
    assert any(s.cup_lifted and not s.readable for s in first)
    assert sum(1 for s in first if not s.labels) == 2
    assert max(len(s.labels) for s in first) == 30
    for s in first:
        for d in s.labels:
            assert 20 <= d.size <= 200
            assert d.face == (d.value if s.view is View.TOP else 7 - d.value)


def _side_strip_direction(d: _Placed) -> np.ndarray:
    """Which way from its middle the die's side strip is drawn (a unit vector in the image):
    the die drawn alone, white on black, and the strip's pixels (its shade) found."""
    img = np.zeros((200, 200, 3), np.uint8)
    look = _Look(body=(240, 240, 240), pip=(0, 0, 0))
    _draw_die(img, d, d.value, look, np.random.default_rng(0), view=View.TOP, background=(0, 0, 0))
    ys, xs = np.nonzero(np.abs(img[..., 0].astype(int) - round(240 * 0.62)) <= 2)   # the strip's shade
    assert len(xs) > 50, "no side strip drawn"
    away = np.array([xs.mean() - d.x, ys.mean() - d.y])
    return away / np.hypot(*away)


@pytest.mark.parametrize("start", [0.0, 10.0, 100.0, 235.0])
def test_a_die_leaning_on_another_shows_the_side_away_from_it(start: float) -> None:
    """A die leaning on its neighbour rests its top on it: the side seen is the far one. Drawn
    on the near side, the strip looked like the seam between two flat dice."""
    leaning = _Placed(3, 100.0, 100.0, 40.0, start, cocked=True, tilt=30.0)
    neighbour = _Placed(5, 100.0 + 38.0, 100.0 - 12.0, 40.0, 0.0)
    _lean_away_from_neighbour(leaning, [leaning, neighbour])
    assert (leaning.angle - start) % 90 == 0              # a quarter turn: the same face and box
    toward = np.array([38.0, -12.0]) / math.hypot(38.0, -12.0)
    assert _side_strip_direction(leaning) @ toward < -0.7   # the strip is drawn away from it


def test_a_die_leaning_on_nothing_near_is_left_as_it_fell() -> None:
    leaning = _Placed(3, 100.0, 100.0, 40.0, 10.0, cocked=True, tilt=30.0)
    far = _Placed(5, 300.0, 100.0, 40.0, 0.0)
    _lean_away_from_neighbour(leaning, [leaning, far])
    assert leaning.angle == 10.0
    _lean_away_from_neighbour(leaning, [leaning])
    assert leaning.angle == 10.0
