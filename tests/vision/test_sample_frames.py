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


def test_the_roll_against_the_rim_the_face_model_doubts_is_not_read_wrong() -> None:
    """The first roll's settled frame until 2026-11-24 (seed 1050): its 3 lies against the tray's
    rim, and the face model of that day doubts the face is flat ("no readable face" 0.37, 0.3
    allowed), so the frame is unsure (the sample frames now show that roll from seed 1051). A
    known weakness (BENCHMARKS.md): the frame may be doubted, never read wrong."""
    from vision.render import render_scene

    from .conftest import assert_not_wrong

    scene = render_scene(1050, view="bottom", values=(6, 4), style="white", die_size=56)
    reading = read_dice(scene.image, "bottom")
    assert_not_wrong(reading, scene)
    assert 6 in reading.values          # the die away from the rim (a 1 seen from below) is read
