"""benchmarks/vision_photos.py: another labelled photo set, from a TFRecord and its CSV of boxes, is
written as the real photos' layout and scored; bad input is named."""

from __future__ import annotations

import struct
import subprocess
import sys
from pathlib import Path

import cv2
import numpy as np
import pytest

from vision.render import render_scene
from vision.scoring import load_labels

from .conftest import benchmark_script

REPO = Path(__file__).resolve().parents[2]
SCRIPT = REPO / "benchmarks" / "vision_photos.py"
NAMES = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six"}


def _load_script():
    return benchmark_script("vision_photos")


def _varint(n: int) -> bytes:
    out = bytearray()
    while True:
        out.append((n & 0x7F) | (0x80 if n > 0x7F else 0))
        n >>= 7
        if not n:
            return bytes(out)


def _field(number: int, payload: bytes) -> bytes:
    return _varint(number << 3 | 2) + _varint(len(payload)) + payload


def _example(features: dict[str, bytes], height: int) -> bytes:
    """A tf.train.Example of bytes features and one int64 one (image/height), as TensorFlow's
    object-detection exports write them."""
    entries = b"".join(_field(1, _field(1, key.encode()) + _field(2, _field(1, _field(1, value))))
                       for key, value in features.items())
    int64_list = _field(3, _field(1, _varint(height)))     # Int64List, packed
    entries += _field(1, _field(1, b"image/height") + _field(2, int64_list))
    return _field(1, entries)


def _record(examples: list[bytes]) -> bytes:
    # (TFRecord's CRCs are not checked by the reader: zeros here)
    return b"".join(struct.pack("<Q", len(e)) + b"\0" * 4 + e + b"\0" * 4 for e in examples)


@pytest.fixture
def exported(tmp_path: Path):
    """A TFRecord of two rendered top-view photos (and one with no box in the CSV), the CSV of
    their boxes, and the scenes."""
    scenes = {f"photo{k}.jpg": render_scene(300 + k, view="top", n_dice=2, style="white", die_size=60)
              for k in range(2)}
    examples, rows = [], ["filename,width,height,class,xmin,ymin,xmax,ymax"]
    for name, scene in scenes.items():
        ok, jpeg = cv2.imencode(".jpg", scene.image)
        assert ok
        examples.append(_example({"image/filename": name.encode(), "image/encoded": jpeg.tobytes(),
                                  "image/format": b"jpeg"}, scene.image.shape[0]))
        h, w = scene.image.shape[:2]
        for d in scene.labels:
            half = d.size / 2
            rows.append(f"{name},{w},{h},{NAMES[d.value]},{d.x - half},{d.y - half},{d.x + half},{d.y + half}")
    ok, jpeg = cv2.imencode(".jpg", scenes["photo0.jpg"].image)
    examples.append(_example({"image/filename": b"unlabelled.jpg", "image/encoded": jpeg.tobytes()}, 480))
    record, boxes = tmp_path / "test.record", tmp_path / "boxes.csv"
    record.write_bytes(_record(examples))
    boxes.write_text("\n".join(rows) + "\n")
    return record, boxes, scenes


def test_extract_writes_the_photos_and_their_labels_as_the_real_photos_are_laid_out(exported, tmp_path):
    record, boxes, scenes = exported
    out = tmp_path / "set"
    assert _load_script().extract(record, boxes, out) == 2
    assert sorted(p.name for p in (out / "images").iterdir()) == sorted(scenes)   # not the unlabelled one
    for name, scene in scenes.items():
        image = cv2.imread(str(out / "images" / name))
        assert image is not None and image.shape == scene.image.shape
        truths = load_labels(out / "labels" / (Path(name).stem + ".txt"), image.shape[1], image.shape[0])
        assert sorted((t.value, round(t.x), round(t.y)) for t in truths) == \
            sorted((d.value, round(d.x), round(d.y)) for d in scene.labels)


def test_the_script_scores_the_extracted_set(exported, tmp_path):
    record, boxes, _ = exported
    out = tmp_path / "set"
    run = subprocess.run([sys.executable, str(SCRIPT), "--extract", str(record), str(boxes), str(out)],
                         capture_output=True, text=True, cwd=REPO, timeout=300)
    assert run.returncode == 0, run.stderr
    assert "2 photos written" in run.stdout
    reader_row = next(line for line in run.stdout.splitlines() if line.startswith("| reader | ") and "%" in line)
    assert "(4/4)" in reader_row and "(0/2)" in reader_row      # four dice right, no photo wrong
    assert "| baseline |" in run.stdout


def test_a_class_that_is_no_number_is_named(exported, tmp_path):
    record, boxes, _ = exported
    boxes.write_text(boxes.read_text().replace(",one,", ",seven,").replace(",two,", ",seven,")
                     .replace(",three,", ",seven,").replace(",four,", ",seven,")
                     .replace(",five,", ",seven,").replace(",six,", ",seven,"))
    with pytest.raises(ValueError, match=r"line 2: class 'seven' is not one of one, two"):
        _load_script().extract(record, boxes, tmp_path / "set")


def test_a_file_that_is_not_a_tfrecord_is_named(exported, tmp_path):
    _, boxes, _ = exported
    record = tmp_path / "photo.jpg"
    record.write_bytes(b"\xff\xd8\xff\xe0 not a record")
    run = subprocess.run([sys.executable, str(SCRIPT), "--extract", str(record), str(boxes), str(tmp_path / "set")],
                         capture_output=True, text=True, cwd=REPO, timeout=120)
    assert run.returncode == 1
    assert "cannot extract" in run.stderr and "photo.jpg" in run.stderr


def test_a_photo_that_is_not_an_image_is_named(exported, tmp_path):
    record, boxes, _ = exported
    out = tmp_path / "set"
    _load_script().extract(record, boxes, out)
    (out / "images" / "photo1.jpg").write_bytes(b"not a jpeg")
    run = subprocess.run([sys.executable, str(SCRIPT), str(out)], capture_output=True, text=True, cwd=REPO,
                         timeout=120)
    assert run.returncode == 1
    assert "cannot score" in run.stderr and "photo1.jpg: not an image" in run.stderr
    assert "Traceback" not in run.stderr


def test_each_camera_moves_the_labels_with_the_dice():
    cameras = _load_script().CAMERAS
    from vision.reader import read_dice
    from vision.scoring import Truth, match
    scene = render_scene(310, view="top", n_dice=3, style="white", die_size=60)
    truths = [Truth(d.value, d.x, d.y, d.size) for d in scene.labels]
    moved = {"fewer pixels (0.7 x)", "more pixels (1.5 x)", "turned a quarter", "turned 30 degrees"}
    assert moved <= set(cameras)
    for name, change in cameras.items():
        image, changed = change(scene.image.copy(), list(truths))
        assert image.dtype == np.uint8 and image.ndim == 3, name
        if name in moved:
            # Read at the labels' new places, every die right (a label left where the die was
            # matches no die read).
            reading = read_dice(image, "top")
            assert match(reading, changed) == (3, True), name
        else:
            assert changed == truths and image.shape == scene.image.shape, name
            assert not np.array_equal(image, scene.image), name


def test_the_script_reads_the_photos_as_other_cameras_would_have_taken_them(exported, tmp_path):
    record, boxes, _ = exported
    out = tmp_path / "set"
    _load_script().extract(record, boxes, out)
    run = subprocess.run([sys.executable, str(SCRIPT), "--cameras", str(out)],
                         capture_output=True, text=True, cwd=REPO, timeout=600)
    assert run.returncode == 0, run.stderr
    rows = [line for line in run.stdout.split("as other cameras would have taken it")[1].splitlines()
            if line.startswith("| ") and "%" in line]
    assert [r.split(" | ")[0][2:] for r in rows] == ["as taken", *_load_script().CAMERAS]
    assert all("(0/2)" in r for r in rows)        # no camera reads a photo confidently wrong
    assert "No other camera reads a photo confidently wrong" in run.stdout
