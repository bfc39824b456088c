"""The sample frames `dicetable run` shows a new user with no camera (device/sample_frames, made
by scripts/make_sample_frames.py) are read as they were rendered: every settled roll ok with its
two dice, every cup-up frame unsure. A reader change that breaks the demo fails here."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import cv2

from vision.reader import read_dice

ROOT = Path(__file__).resolve().parents[2]


def _maker():
    spec = importlib.util.spec_from_file_location("make_sample_frames", ROOT / "scripts" / "make_sample_frames.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_sample_frames_read_as_rendered() -> None:
    maker = _maker()
    files = sorted((ROOT / "device" / "sample_frames").glob("*.jpg"))
    per_roll = maker.EMPTY_FRAMES + maker.DICE_FRAMES
    assert len(files) == per_roll * len(maker.ROLLS)
    for n, roll in enumerate(maker.ROLLS):
        group = files[n * per_roll:(n + 1) * per_roll]
        for path in group[:maker.EMPTY_FRAMES]:
            assert not read_dice(cv2.imread(str(path)), "bottom").ok, path.name
        # The settled frames are one picture repeated: the first and the last are enough.
        for path in (group[maker.EMPTY_FRAMES], group[-1]):
            reading = read_dice(cv2.imread(str(path)), "bottom")
            assert reading.ok and sorted(reading.values) == sorted(roll), (path.name, reading)
