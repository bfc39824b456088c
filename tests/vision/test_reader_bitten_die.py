"""A die the foreground bit into (a glare's ring on a dark die, a light corner on a white one, as
grey as the tray) is filled out to its convex hull before the opening whittles it to a fragment:
thresholds.BITTEN_DIE_SOLIDITY; and the spots it left out beyond the bite are that die's own:
thresholds.BITTEN_OWN_SPOTS."""

from __future__ import annotations

import cv2
import numpy as np

from vision import reasons, thresholds, tray_foreground

from .conftest import pinned_frame, read_right_until


def test_a_white_die_half_as_light_as_the_tray_s_corner_is_read(monkeypatch) -> None:
    """The benchmark's frame 11739, under the cup: a white die by the rim in the tray's light
    corner, blurred; half of it as light as the tray there, the rest a crescent."""
    scene, _ = pinned_frame(11739)
    read_right_until(monkeypatch, scene, thresholds, "BITTEN_DIE_SOLIDITY", None, reasons.NOT_READABLE)


def test_a_black_die_a_glare_rings_is_read_calibrated(monkeypatch) -> None:
    """The benchmark's frame 11259, calibrated, under the cup: a glare's halo round a black 3
    (seen as 4 from above) as grey as the tray, the die cut into a crescent."""
    scene, calibration = pinned_frame(11259)
    read_right_until(monkeypatch, scene, thresholds, "BITTEN_DIE_SOLIDITY", None, reasons.NOT_READABLE,
                     calibration=calibration)


def _crescent(side: int = 32) -> np.ndarray:
    """A die-sized square with a round bite out of one side, as a glare's ring leaves it."""
    mask = np.zeros((4 * side, 4 * side), np.uint8)
    cv2.rectangle(mask, (side, side), (2 * side, 2 * side), 255, -1)
    cv2.circle(mask, (2 * side - 4, side + side // 2), side // 3, 0, -1)
    return mask


def test_only_a_die_sized_square_piece_with_a_bite_is_filled(monkeypatch) -> None:
    monkeypatch.setattr(thresholds, "BITTEN_DIE_SOLIDITY", 0.86)
    mask = _crescent()
    before = int(np.count_nonzero(mask))
    tray_foreground._fill_bitten_dice(mask, 32.0)
    assert np.count_nonzero(mask) >= 0.95 * 32 * 32 > before
    # two dice side by side, one bitten: too long for one die, left alone
    pair = _crescent()
    cv2.rectangle(pair, (64, 32), (96, 64), 255, -1)
    kept = pair.copy()
    tray_foreground._fill_bitten_dice(pair, 32.0)
    assert np.array_equal(pair, kept)
    # a whole die: nothing to fill (its hull is itself)
    whole = np.zeros((128, 128), np.uint8)
    cv2.rectangle(whole, (32, 32), (64, 64), 255, -1)
    kept = whole.copy()
    tray_foreground._fill_bitten_dice(whole, 32.0)
    assert np.array_equal(whole, kept)


def test_a_spot_beyond_the_bite_is_the_bitten_die_s_own(monkeypatch) -> None:
    """Fresh 430511, under the cup: a black die, blurred, a glare on it; filled out to its hull it
    is read, but its dark edge past the glare, left out of the hull, was a dark spot off every
    die (BITTEN_OWN_SPOTS)."""
    scene, _ = pinned_frame(430_511)
    read_right_until(monkeypatch, scene, thresholds, "BITTEN_OWN_SPOTS", False, reasons.LONE_SPOT)
