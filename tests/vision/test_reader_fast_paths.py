"""The reader's fast paths give the same numbers as the plain numpy formulas they replace, and a
frame is shrunk and converted to Lab once per scale, the second look from the first copy."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from vision import pip_faces, thresholds, tray_foreground
from vision.reading import View
from vision.render import render_scene


def _numpy_distance(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    diff = np.abs(a.astype(np.int16) - b.astype(np.int16))
    return diff[..., 0] * 0.6 + diff[..., 1] + diff[..., 2]


def test_lab_distance_matches_the_float_formula_on_every_lightness_step() -> None:
    rng = np.random.default_rng(3)
    a = rng.integers(0, 256, (64, 256, 3), dtype=np.uint8)
    a[0, :, 0] = np.arange(256, dtype=np.uint8)          # every lightness difference occurs
    b = rng.integers(0, 256, (64, 256, 3), dtype=np.uint8)
    b[0, :, :] = 0
    exact = _numpy_distance(a, b)
    floor = tray_foreground.lab_distance(a, b, tray_foreground.FLOOR_06)
    assert floor.dtype == np.uint8
    assert np.array_equal(floor, np.clip(exact, 0, 255).astype(np.uint8))
    ceil = tray_foreground.lab_distance(a, b, tray_foreground._CEIL_06)
    for n in (0, 5, 28, 100):
        assert np.array_equal(ceil > n, exact > n), n


def test_lab_distance_to_one_colour_matches_a_filled_image() -> None:
    rng = np.random.default_rng(4)
    a = rng.integers(0, 256, (40, 50, 3), dtype=np.uint8)
    colour = np.array([120, 131, 97], np.uint8)
    filled = np.broadcast_to(colour, a.shape)
    got = tray_foreground.lab_distance(a, (*map(float, colour), 0.0), tray_foreground._CEIL_06)
    assert np.array_equal(got > 28, _numpy_distance(a, filled) > 28)


@pytest.mark.parametrize("count", [19, 20, 21, 400, 401])
def test_masked_median_is_numpys_median(count: int) -> None:
    rng = np.random.default_rng(count)
    lab8 = rng.integers(0, 256, (30, 30, 3), dtype=np.uint8)
    mask = np.zeros((30, 30), np.uint8)
    mask.ravel()[rng.choice(900, count, replace=False)] = 255
    got = pip_faces._masked_median(lab8, mask)
    if count < 20:
        assert got is None
    else:
        assert np.array_equal(got, np.median(lab8[mask > 0].astype(np.float32), axis=0))


def test_a_second_look_shrinks_the_first_copy_and_keeps_it() -> None:
    scene = render_scene(20_000, view=View.TOP, width=640, height=480, n_dice=2)
    cache: dict = {}
    _, first = tray_foreground.foreground(scene.image, None, cache)
    _, second = tray_foreground.foreground(scene.image, 80.0, cache)       # dice 32 px at 0.4
    assert second == pytest.approx(0.4) and sorted(cache) == [second, first]
    direct = cv2.resize(scene.image, None, fx=second, fy=second, interpolation=cv2.INTER_AREA)
    shrunk = cache[second][0]
    assert shrunk.shape == direct.shape
    assert np.abs(shrunk.astype(int) - direct).mean() < 1.0     # averaging twice ~ once
    assert tray_foreground.scaled(scene.image, second, cache) is cache[second]


def test_a_frame_shrunk_below_half_is_halved_first(monkeypatch) -> None:
    """With no copy to shrink from (a calibrated frame: no first look), a frame shrunk below half
    its size is halved first, by 2 x 2 blocks, as an uncalibrated frame's first look halves it:
    the same pixels as shrinking that copy, close to shrinking the frame at once. At half or
    above, and with the switch off, the frame is shrunk at once, as before."""
    image = render_scene(20_022, view=View.TOP, width=640, height=480, n_dice=2).image
    half = cv2.resize(image, None, fx=0.5, fy=0.5, interpolation=cv2.INTER_AREA)
    blocks = image.reshape(240, 2, 320, 2, 3).astype(int).sum(axis=(1, 3))
    assert np.array_equal(half, (blocks + 2) // 4)      # each block's mean, halves rounded up
    shrunk = tray_foreground.shrunk(image, 0.37, {})
    from_half = cv2.resize(half, None, fx=0.74, fy=0.74, interpolation=cv2.INTER_AREA)
    at_once = cv2.resize(image, None, fx=0.37, fy=0.37, interpolation=cv2.INTER_AREA)
    assert np.array_equal(shrunk, from_half)
    assert shrunk.shape == at_once.shape and np.abs(shrunk.astype(int) - at_once).mean() < 1.0
    assert not np.array_equal(from_half, at_once)       # (two ways, two results: the test tells them apart)
    assert np.array_equal(tray_foreground.shrunk(image, 0.6, {}),
                          cv2.resize(image, None, fx=0.6, fy=0.6, interpolation=cv2.INTER_AREA))
    monkeypatch.setattr(thresholds, "HALF_FIRST", False)
    assert np.array_equal(tray_foreground.shrunk(image, 0.37, {}), at_once)
