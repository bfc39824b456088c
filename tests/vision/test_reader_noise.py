"""A noisy frame's speckles are not stray pips (NOISY_SPOTS_SIGMA): spots off every die are looked
for in a 3 x 3 median of a noisy frame, where a pip still shows."""

from __future__ import annotations

import cv2
import numpy as np

from vision import reasons, scan, thresholds

from .conftest import pinned_frame, read_right_until


def _noisy_tray_with_a_pip(noise: float) -> np.ndarray:
    """A grey tray with Gaussian noise of ``noise`` grey levels and one dark pip 5 px across."""
    rng = np.random.default_rng(0)
    tray = np.clip(150 + rng.normal(0, noise, (240, 320)), 0, 255).astype(np.uint8)
    cv2.circle(tray, (160, 120), 2, 60, -1)
    return tray


def test_a_pip_on_a_noisy_tray_is_found_and_the_speckles_are_not(monkeypatch) -> None:
    """Noise of 12 levels round dice 22 px across (looked at unshrunk): the pip is found, and
    nothing else. Without the median, dozens of speckles were spots."""
    tray = _noisy_tray_with_a_pip(12.0)
    dark, light = scan.pip_spots(tray, 22.0, [])
    assert len(dark) == 1 and not light
    assert abs(dark[0][0] - 160) < 2 and abs(dark[0][1] - 120) < 2
    monkeypatch.setattr(thresholds, "NOISY_SPOTS_SIGMA", None)
    dark, light = scan.pip_spots(tray, 22.0, [])
    assert len(dark) + len(light) > 20


def test_a_clean_tray_is_looked_at_as_it_is() -> None:
    """No noise: the median is not taken. A dark dot 2 px across, which a 3 x 3 median would wipe
    out, is still a spot."""
    tray = np.full((240, 320), 150, np.uint8)
    tray[120:122, 160:162] = 60
    assert not scan.pip_spots(cv2.medianBlur(tray, 3), 22.0, [])[0]
    dark, _ = scan.pip_spots(tray, 22.0, [])
    assert len(dark) == 1 and abs(dark[0][0] - 160.5) < 1.5


def test_a_noisy_frame_of_small_dice_is_read(monkeypatch) -> None:
    """Frame 11071 of the benchmark's 2,000, calibrated: six red dice 22 px across under the cup,
    noise of about 9 levels. Every die was read right, and the frame unsure for the speckles
    round them, taken for the pips of dice unseen."""
    scene, calibration = pinned_frame(11071)
    read_right_until(monkeypatch, scene, thresholds, "NOISY_SPOTS_SIGMA", None, reasons.STRAY_PIPS,
                     calibration=calibration)
