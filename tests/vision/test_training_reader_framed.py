"""The reader-framed training tiles (vision.training.readerdata): the patches the reader asks
the face model about, labelled by the die under them in the pixels the model is handed (the
frame cut to the calibrated tray, mirrored under the cup)."""

from __future__ import annotations

import json
import re

import numpy as np
import pytest

from vision import reader
from vision.classifier import FACELESS_DIE
from vision.render import render_scene, table_calibration
from vision.training import readerdata, realdata

# (x, y, side, extent, class) of two dice 60 px apart
TRUTH = [(100.0, 100.0, 40.0, 40.0, 3), (160.0, 100.0, 40.0, 48.0, FACELESS_DIE)]


def test_a_patch_teaches_the_die_it_is_centred_on_no_die_far_off_and_nothing_between() -> None:
    assert readerdata.label(102, 98, 42, TRUTH) == 3
    assert readerdata.label(161, 101, 50, TRUTH) == FACELESS_DIE        # a cocked die: no face
    assert readerdata.label(180, 100, 40, TRUTH) == FACELESS_DIE        # what shows of it, off centre
    assert readerdata.label(115, 100, 40, TRUTH) is None                # a die, a third off
    assert readerdata.label(130, 100, 40, TRUTH) == FACELESS_DIE        # half of it in view
    flat_pair = [TRUTH[0], (160.0, 100.0, 40.0, 40.0, 5)]
    assert readerdata.label(130, 100, 40, flat_pair) == 0               # between two flat dice
    assert readerdata.label(100, 100, 90, TRUTH) is None                # two dice in one frame
    assert readerdata.label(100, 140, 40, TRUTH) == 0                   # a die's side off
    assert readerdata.label(300, 300, 40, TRUTH) == 0
    assert readerdata.label(10, 10, 40, []) == 0                        # an empty tray


@pytest.mark.parametrize("view, calibrated", [("top", False), ("bottom", False), ("bottom", True)])
def test_the_dice_the_reader_frames_are_found_under_their_patches(view: str, calibrated: bool) -> None:
    """Every die the reader reads on a clean frame was framed where the truth, moved into the
    model's pixels, puts that very face: were the cut or the mirror missed, the patches would
    be labelled no die, or another die's face."""
    scene = render_scene(4242, view=view, n_dice=3, style="white")
    calibration = table_calibration(scene) if calibrated else None
    with readerdata.recording() as recorder:
        reading = reader.read_dice(scene.image, scene.view, calibration=calibration)
    assert reading.ok and sorted(reading.values) == sorted(scene.values)
    first_look = recorder.asked[0]
    assert first_look[0] == "guess"
    truth = readerdata._truth(scene, calibration)
    labels = [readerdata.label(x, y, ext, truth) for x, y, ext in first_look[2]]
    seen = sorted(d.face for d in scene.labels)
    assert sorted(labels) == seen
    if calibrated:
        assert first_look[1].shape[:2] != scene.image.shape[:2]         # cut to the tray


def test_reader_framed_tiles_are_seeded_and_hold_faces_faceless_dice_and_no_dice() -> None:
    tiles, index = readerdata.cut(8, seed=77)
    assert tiles.shape == (len(index), realdata.TILE, realdata.TILE, 3) and len(index) > 20
    kinds = {(t.kind, t.value > 0) for t in index}
    assert {("die", True), ("reader", False)} <= kinds
    assert all(t.value == 0 for t in index if t.kind == "reader")
    again, again_index = readerdata.cut(8, seed=77)
    assert np.array_equal(tiles, again) and again_index == index
    assert reader.default_classifier is not None and not isinstance(reader.default_classifier(),
                                                                      readerdata._Recorder)


def test_real_photos_framed_by_the_reader_leave_the_held_out_photos_out(tmp_path) -> None:
    """realdata.reader_cut on four photos (the fourth is held out), and the stored mosaic."""
    import shutil
    from pathlib import Path

    from vision.scoring import load_labels, photo_paths

    photos = Path(__file__).resolve().parents[2].parent / "shared" / "dice-photos" / "byler"
    for sub in ("images", "labels"):
        (tmp_path / sub).mkdir()
    chosen = photo_paths(photos)[:4]
    for path in chosen:
        shutil.copy(path, tmp_path / "images" / path.name)
        shutil.copy(photos / "labels" / (path.stem + ".txt"), tmp_path / "labels" / (path.stem + ".txt"))
    tiles, index = realdata.reader_cut(tmp_path)
    assert len(tiles) == len(index) > 10 and tiles[0].shape == (realdata.TILE, realdata.TILE, 3)
    assert {t.photo for t in index} <= {p.name for p in chosen[:3]}     # the fourth is held out
    for name in {t.photo for t in index}:
        values = {t.value for t in load_labels(tmp_path / "labels" / (Path(name).stem + ".txt"), 640, 640)}
        assert {t.value for t in index if t.photo == name and t.kind == "die"} <= values
    assert {t.kind for t in index} == {"die", "reader"}
    held = {p.name for i, p in enumerate(photo_paths(photos)) if realdata.held_out(i)}
    sets = realdata.reader_sets()
    assert sets[0] == (realdata.READER_MOSAIC, realdata.READER_INDEX) and len(sets) >= 2
    for mosaic_path, index_path in sets:        # one per framing model, each saying which
        stored, stored_index = realdata.load(mosaic_path, index_path)
        assert len(stored) == len(stored_index) > 2000
        assert not held & {t.photo for t in stored_index}
        assert re.fullmatch(r"[\w.-]+\.onnx \(trained \d{4}-\d\d-\d\d\)",
                            json.loads(index_path.read_text())["framing_model"])
        assert mosaic_path.stat().st_size < 5_000_000
