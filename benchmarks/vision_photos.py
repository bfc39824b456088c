"""Score the readers on another folder of labelled photos: how the reader holds up on photos it
was never tuned on (other cameras, other dice, another split of the same set).

A folder holds images/NAME.jpg and labels/NAME.txt, one die per line in YOLO format
(``class x_centre y_centre width height``, normalised; the value is class + 1), as
../shared/dice-photos/byler does. Photos are read from above (``--view``).

    python benchmarks/vision_photos.py DIR [DIR ...]

Every photo read confidently wrong is listed with its wrong dice (the label's value and the
reader's, and where), so a person can look: a label can be wrong too.

``--cameras`` reads every photo again as other cameras would have taken it (``CAMERAS``: fewer
or more pixels, turned a quarter or at a slant, darker or brighter, harder JPEG, noise, softer focus, another white
balance), the labels moved with the pixels, and lists the photos any of them reads confidently
wrong: what holds on the photos the reader was tuned on should hold on these.

A TensorFlow object-detection export (a TFRecord of JPEGs and the CSV of its boxes, as
nell-byler/dice_detection ships its test split, the 50 photos ../shared's 200 were not taken
from) is turned into such a folder first, without TensorFlow:

    python benchmarks/vision_photos.py --extract RECORD CSV DIR
"""

from __future__ import annotations

import argparse
import csv
import struct
import sys
from collections import defaultdict
from pathlib import Path
from typing import Iterator

import cv2
import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from vision.baseline import read_dice_baseline  # noqa: E402
from vision.reader import read_dice  # noqa: E402
from vision.scoring import (Score, Transform, Truth, _pairs, load_labels, photo_paths, score_photos,  # noqa: E402
                            turned, turned_by)

CLASS_NAMES = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6}


def _scaled(factor: float) -> Transform:
    def change(image: np.ndarray, truths: list[Truth]) -> tuple[np.ndarray, list[Truth]]:
        out = cv2.resize(image, None, fx=factor, fy=factor,
                         interpolation=cv2.INTER_AREA if factor < 1 else cv2.INTER_LINEAR)
        return out, [Truth(t.value, t.x * factor, t.y * factor, t.size * factor) for t in truths]
    return change


def _pixels(change) -> Transform:       # (a change of the pixels alone: the labels stay)
    return lambda image, truths: (np.clip(change(image.astype(np.float32)), 0, 255).astype(np.uint8), truths)


def _jpeg(image: np.ndarray, truths: list[Truth]) -> tuple[np.ndarray, list[Truth]]:
    _, data = cv2.imencode(".jpg", image, [cv2.IMWRITE_JPEG_QUALITY, 35])
    return cv2.imdecode(data, cv2.IMREAD_COLOR), truths


def _noisy(image: np.ndarray, truths: list[Truth]) -> tuple[np.ndarray, list[Truth]]:
    rng = np.random.default_rng(image.shape[0] * 7919 + image.shape[1])    # the same noise every run
    return np.clip(image + rng.normal(0, 7, image.shape), 0, 255).astype(np.uint8), truths


# Each photo as another camera would have taken it: a phone held higher or nearer, the camera
# turned, another exposure, a cheaper sensor and lens, another light.
CAMERAS: dict[str, Transform] = {
    "fewer pixels (0.7 x)": _scaled(0.7),
    "more pixels (1.5 x)": _scaled(1.5),
    "turned a quarter": turned,
    "turned 30 degrees": turned_by(30),
    "darker (0.6 x exposure)": _pixels(lambda f: f * 0.6),
    "brighter (1.35 x exposure, the tray clipped white)": _pixels(lambda f: f * 1.35),
    "harder JPEG (quality 35)": _jpeg,
    "sensor noise (sigma 7)": _noisy,
    "softer focus (blur sigma 1.2)": lambda image, truths: (cv2.GaussianBlur(image, (0, 0), 1.2), truths),
    "warmer light (blue 0.8 x, red 1.15 x)": _pixels(lambda f: f * np.array([0.8, 1.0, 1.15], np.float32)),
    "cooler light (blue 1.15 x, red 0.8 x)": _pixels(lambda f: f * np.array([1.15, 1.0, 0.8], np.float32)),
}


def _varint(data: bytes, at: int) -> tuple[int, int]:
    value = shift = 0
    while True:
        if at >= len(data):
            raise ValueError("not a protobuf message: a number cut short")
        byte = data[at]
        at += 1
        value |= (byte & 0x7F) << shift
        shift += 7
        if byte < 0x80:
            return value, at


def _fields(data: bytes) -> Iterator[tuple[int, bytes | int]]:
    """(field number, value) of a protobuf message, in wire order (length-delimited fields as
    bytes, varints as ints): enough of the format to read a tf.train.Example."""
    at = 0
    while at < len(data):
        key, at = _varint(data, at)
        number, wire = key >> 3, key & 7
        if wire == 0:
            value, at = _varint(data, at)
            yield number, value
        elif wire == 2:
            size, at = _varint(data, at)
            yield number, data[at:at + size]
            at += size
        elif wire in (1, 5):
            width = 8 if wire == 1 else 4
            yield number, data[at:at + width]
            at += width
        else:
            raise ValueError(f"not a protobuf message: wire type {wire} at byte {at}")


def tfrecord_images(record: Path) -> Iterator[tuple[str, bytes]]:
    """(image/filename, image/encoded) of each tf.train.Example in a TFRecord file."""
    data = record.read_bytes()
    at = 0
    while at < len(data):
        if at + 12 > len(data):
            raise ValueError(f"{record}: cut short at byte {at} (not a TFRecord file?)")
        (size,) = struct.unpack("<Q", data[at:at + 8])
        example = data[at + 12:at + 12 + size]
        if len(example) != size:
            raise ValueError(f"{record}: a record of {size} bytes cut short at byte {at}")
        at += 12 + size + 4          # length, its CRC, the record, its CRC
        features: dict[str, list[bytes]] = {}
        for number, feature_map in _fields(example):
            if number != 1 or not isinstance(feature_map, bytes):
                continue
            for _, entry in _fields(feature_map):
                parts = dict(_fields(entry))     # 1: the key, 2: the Feature
                key, feature = parts.get(1), parts.get(2)
                if not isinstance(key, bytes) or not isinstance(feature, bytes):
                    continue
                for kind, values in _fields(feature):
                    if kind == 1 and isinstance(values, bytes):       # a BytesList
                        features[key.decode()] = [v for _, v in _fields(values) if isinstance(v, bytes)]
        if "image/filename" not in features or "image/encoded" not in features:
            raise ValueError(f"{record}: a record without image/filename or image/encoded")
        yield features["image/filename"][0].decode(), features["image/encoded"][0]


def extract(record: Path, boxes_csv: Path, out: Path) -> int:
    """Write the record's photos and the CSV's boxes (filename, width, height, class, xmin,
    ymin, xmax, ymax; class a number's name) as ``out``/images and ``out``/labels. Returns the
    number of photos written."""
    labels: dict[str, list[str]] = defaultdict(list)
    with open(boxes_csv, newline="") as f:
        for n, row in enumerate(csv.DictReader(f), start=2):
            if row.get("class") not in CLASS_NAMES:
                raise ValueError(f"{boxes_csv}, line {n}: class {row.get('class')!r} is not one of "
                                 f"{', '.join(CLASS_NAMES)}")
            w, h = float(row["width"]), float(row["height"])
            x0, y0, x1, y1 = (float(row[k]) for k in ("xmin", "ymin", "xmax", "ymax"))
            labels[row["filename"]].append(
                f"{CLASS_NAMES[row['class']] - 1} {(x0 + x1) / 2 / w:.6f} {(y0 + y1) / 2 / h:.6f} "
                f"{(x1 - x0) / w:.6f} {(y1 - y0) / h:.6f}")
    (out / "images").mkdir(parents=True, exist_ok=True)
    (out / "labels").mkdir(parents=True, exist_ok=True)
    written = 0
    for name, jpeg in tfrecord_images(record):
        if name not in labels:
            continue           # a photo with no box: nothing to score it on
        (out / "images" / name).write_bytes(jpeg)
        (out / "labels" / (Path(name).stem + ".txt")).write_text("\n".join(labels[name]) + "\n")
        written += 1
    return written


def wrong_dice(folder: Path, name: str, view: str, transform: Transform | None = None) -> list[str]:
    """Each die of a photo read confidently wrong: the label's value and the reader's, and where
    (in the photo as ``transform`` changed it)."""
    image = cv2.imread(str(folder / "images" / name), cv2.IMREAD_COLOR)
    truths = load_labels(folder / "labels" / (Path(name).stem + ".txt"), image.shape[1], image.shape[0])
    if transform is not None:
        image, truths = transform(image, truths)
    reading = read_dice(image, view)
    matched = _pairs(reading, truths)
    out = [f"labelled {t.value}, read {reading.dice[matched[k]].value} at ({t.x:.0f}, {t.y:.0f})"
           for k, t in enumerate(truths) if k in matched and reading.dice[matched[k]].value != t.value]
    out += [f"labelled {t.value} at ({t.x:.0f}, {t.y:.0f}), not read" for k, t in enumerate(truths)
            if k not in matched]
    extra = set(range(len(reading.dice))) - set(matched.values())
    out += [f"read {reading.dice[d].value} at ({reading.dice[d].x:.0f}, {reading.dice[d].y:.0f}), no die "
            "labelled there" for d in sorted(extra)]
    return out


def row(name: str, s: Score) -> str:
    return (f"| {name} | {s.dice_right_pct:.1f}% ({s.dice_right}/{s.dice_total}) | "
            f"{s.dice_right_ok_pct:.1f}% | {s.confidently_wrong_pct:.2f}% "
            f"({s.photos_confidently_wrong}/{s.photos}) | {s.unsure_pct:.1f}% |")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("folders", nargs="*", type=Path, help="folders of images/ and labels/")
    ap.add_argument("--view", choices=("top", "bottom"), default="top")
    ap.add_argument("--cameras", action="store_true",
                    help="also read every photo as other cameras would have taken it (CAMERAS)")
    ap.add_argument("--extract", nargs=3, metavar=("RECORD", "CSV", "DIR"),
                    help="first write a TFRecord's photos and a CSV's boxes as a folder DIR")
    args = ap.parse_args()
    cv2.setNumThreads(1)
    if args.extract:
        record, boxes, out = (Path(p) for p in args.extract)
        try:
            print(f"{extract(record, boxes, out)} photos written to {out}")
        except (OSError, ValueError, KeyError) as exc:
            print(f"cannot extract: {exc}", file=sys.stderr)
            return 1
        args.folders.append(out)
    if not args.folders:
        ap.error("give a folder to score, or --extract")
    for folder in args.folders:
        if not photo_paths(folder):
            print(f"{folder}: no images/*.jpg", file=sys.stderr)
            return 1
        print(f"\n## {folder.name} ({len(photo_paths(folder))} photos)\n")
        print("| reader | dice right | dice right in ok photos | confidently wrong photos | unsure |")
        print("| --- | ---: | ---: | ---: | ---: |")
        readers = {"reader": lambda image: read_dice(image, args.view),
                   "classic": lambda image: read_dice(image, args.view, learned=False),
                   "baseline": lambda image: read_dice_baseline(image, args.view)}
        scores = {}
        for name, fn in readers.items():
            try:
                scores[name] = score_photos(fn, folder)
            except (OSError, ValueError) as exc:      # a photo not an image, a label file missing
                print(f"cannot score {folder}: {exc}", file=sys.stderr)
                return 1
            print(row(name, scores[name]), flush=True)
        reader = scores["reader"]
        print("\nThe reader's dice not read right, by why:\n")
        for why, n in reader.not_read.most_common():
            print(f"- {n} {why}")
        if reader.wrong_names:
            print("\nPhotos the reader read confidently wrong (look: the label may be wrong):\n")
            for name in reader.wrong_names:
                print(f"- {name}: " + "; ".join(wrong_dice(folder, name, args.view)))
        if args.cameras:
            cameras(folder, args.view, reader)
    return 0


def cameras(folder: Path, view: str, as_taken: Score) -> None:
    """The reader's scores on the photos as each of CAMERAS would have taken them, and the photos
    they read confidently wrong that the photos as taken are not."""
    print(f"\n### {folder.name} as other cameras would have taken it\n")
    print("| camera | dice right | dice right in ok photos | confidently wrong photos | unsure |")
    print("| --- | ---: | ---: | ---: | ---: |")
    print(row("as taken", as_taken))
    new_wrong: dict[str, list[str]] = {}
    for name, transform in CAMERAS.items():
        score = score_photos(lambda image: read_dice(image, view), folder, transform=transform)
        print(row(name, score), flush=True)
        new_wrong[name] = [photo for photo in score.wrong_names if photo not in as_taken.wrong_names]
    if any(new_wrong.values()):
        print("\nPhotos read confidently wrong by another camera only:\n")
        for camera, photos in new_wrong.items():
            for photo in photos:
                print(f"- {camera}, {photo}: " + "; ".join(wrong_dice(folder, photo, view, CAMERAS[camera])))
    else:
        print("\nNo other camera reads a photo confidently wrong that the photos as taken do not.")


if __name__ == "__main__":
    sys.exit(main())
