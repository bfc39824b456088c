"""A glare washing pips into one bright patch: confirming the face the network's scan read, the
pips are found as what stands out of the patch (PIP_TOPHAT)."""

from __future__ import annotations

import dataclasses

import cv2
import numpy as np

from vision import outlines, pip_faces, reasons, thresholds

from .conftest import pinned_frame, read_right_until

FIVE = [(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)]


def _glared_die(slots: list[tuple[int, int]], *, glare: float, sigma: float, at: tuple[float, float],
                dim: tuple[tuple[int, int], ...] = ()) -> tuple[np.ndarray, outlines.Blob]:
    """A 60 px dark die with light pips in ``slots`` (3 x 3 grid, -1..1; those in ``dim`` a mid
    grey) on a grey tray, square on, under a broad glare (a Gaussian of ``sigma`` px towards
    white, of strength ``glare``) centred ``at``. The image and the die's blob, as the
    confirmation cuts it."""
    image = np.full((160, 160, 3), 120, np.uint8)
    cv2.rectangle(image, (50, 50), (109, 109), (45, 45, 45), -1)
    for gx, gy in slots:
        grey = 170 if (gx, gy) in dim else 235
        cv2.circle(image, (80 + 17 * gx, 80 + 17 * gy), 6, (grey,) * 3, -1, cv2.LINE_AA)
    yy, xx = np.mgrid[0:160, 0:160].astype(np.float32)
    g = glare * np.exp(-((xx - at[0]) ** 2 + (yy - at[1]) ** 2) / (2 * sigma ** 2))
    image = (image * (1 - g[..., None]) + 255 * g[..., None]).astype(np.uint8)
    mask = np.zeros((160, 160), np.uint8)
    cv2.rectangle(mask, (50, 50), (109, 109), 255, -1)
    (blob,) = outlines.find_blobs(mask)
    return image, dataclasses.replace(blob, confirming=True)


def test_pips_a_glare_washed_together_stand_out_of_it(monkeypatch) -> None:
    """A dark 5 under a glare between its middle and lower left pips: the two and the glare are one
    bright patch, too big for a pip, and the split (PIP_SPLIT_LEVEL) finds nothing in it, as
    the glare differs from the face nearly as much as the pips. What stands out of the patch is
    the two pips, and the face reads 5; without PIP_TOPHAT it lays out no face."""
    image, blob = _glared_die(FIVE, glare=0.4, sigma=10, at=(72, 88))
    assert len(pip_faces.pips_in(image, blob)) == 3
    raised, colours = pip_faces._tophat_pips(image, blob)
    assert sorted((round(x), round(y)) for x, y, _ in raised) == [(63, 97), (80, 80)]
    assert len(colours) == 2
    result = pip_faces.read_die(image, blob)
    assert not isinstance(result, str) and result[0] == 5
    monkeypatch.setattr(thresholds, "PIP_TOPHAT", None)
    assert isinstance(pip_faces.read_die(image, blob), str)


def test_pips_stand_out_of_a_glare_only_in_confirming_a_scanned_face() -> None:
    """Reading a region by its pips, the patch is not looked into: there the network may read the
    die alone, as before."""
    image, blob = _glared_die(FIVE, glare=0.4, sigma=10, at=(72, 88))
    assert isinstance(pip_faces.read_die(image, dataclasses.replace(blob, confirming=False)), str)


def test_what_stands_out_of_a_glare_less_light_than_the_pips_is_no_pip(monkeypatch) -> None:
    """Light only adds: a pip under a glare is at least as light as the pips beside it. Spots
    that stand out of the patch but are darker than PIP_TOPHAT_LIGHTNESS x the darkest pip found
    are not pips (here the two washed pips are drawn darker than the three others)."""
    image, blob = _glared_die(FIVE, glare=0.4, sigma=10, at=(72, 88), dim=((0, 0), (-1, 1)))
    assert len(pip_faces.pips_in(image, blob)) == 3
    assert pip_faces._tophat_pips(image, blob) == ([], [])
    monkeypatch.setattr(thresholds, "PIP_TOPHAT_LIGHTNESS", 0.0)
    assert len(pip_faces._tophat_pips(image, blob)[0]) == 2


def test_a_black_five_under_a_glare_is_confirmed_by_the_pips_standing_out(monkeypatch) -> None:
    """Frame 10333 of the benchmark's 2,000, uncalibrated: a black die under the cup (a 5 seen, a 2
    for the players) with a glare over its middle and lower pips. Its region was no clean die;
    the network's scan read the 5 round it, and only the pips standing out of the glare confirm
    it."""
    scene, _ = pinned_frame(10333)
    monkeypatch.setattr(thresholds, "PIP_LIGHTNESS", None)   # (its pips found by their lightness confirm it too)
    read_right_until(monkeypatch, scene, thresholds, "PIP_TOPHAT", None, reasons.NOT_READABLE)
