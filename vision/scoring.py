"""Scoring a dice reader against labelled photos or rendered scenes (the real-photo test and the
benchmark share it, so both count the same way).

A labelled die is matched to the read die whose centre is nearest, within 0.6 x the label's size.
A photo is *confidently wrong* when the reading says ok but any labelled die is missing, a read
die matches no label, or a value is wrong. A rendered scene that a careful reader cannot be sure
of (``scene.readable`` false: a cocked or hidden die, the cup lifted) read ok is confidently wrong
too.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Iterable, Sequence

import cv2
import numpy as np

from .reading import Reading, View
from .render import Scene, table_calibration

MATCH_RADIUS = 0.6     # x the labelled die's size


@dataclass(frozen=True)
class Truth:
    value: int
    x: float
    y: float
    size: float


@dataclass
class Score:
    dice_total: int = 0
    dice_right: int = 0            # value right on a die found, whatever the status
    dice_right_ok: int = 0         # value right in photos whose status is ok
    photos: int = 0
    photos_unsure: int = 0
    photos_confidently_wrong: int = 0
    photos_readable: int = 0       # scenes a careful reader can be sure of (all real photos)
    photos_readable_unsure: int = 0
    wrong_names: list[str] = field(default_factory=list)
    # Each labelled die not read right, by why (``misses``): where the dice still to gain are.
    not_read: Counter = field(default_factory=Counter)
    # Rendered scenes a careful reader can be sure of, and those of them read unsure, by the
    # conditions they were rendered in (``conditions``): which hard cases the unsure ones come from.
    readable_by_condition: Counter = field(default_factory=Counter)
    readable_unsure_by_condition: Counter = field(default_factory=Counter)

    @staticmethod
    def _pct(a: int, b: int) -> float:
        return 100.0 * a / b if b else 0.0

    @property
    def dice_right_pct(self) -> float:
        return self._pct(self.dice_right, self.dice_total)

    @property
    def dice_right_ok_pct(self) -> float:
        return self._pct(self.dice_right_ok, self.dice_total)

    @property
    def unsure_pct(self) -> float:
        return self._pct(self.photos_unsure, self.photos)

    @property
    def readable_unsure_pct(self) -> float:
        return self._pct(self.photos_readable_unsure, self.photos_readable)

    @property
    def confidently_wrong_pct(self) -> float:
        return self._pct(self.photos_confidently_wrong, self.photos)


def _pairs(reading: Reading, truths: Sequence[Truth]) -> dict[int, int]:
    """Labelled die -> the read die matched to it (nearest first, one-to-one)."""
    pairs = []
    for ti, t in enumerate(truths):
        for di, d in enumerate(reading.dice):
            dist = float(np.hypot(d.x - t.x, d.y - t.y))
            if dist <= MATCH_RADIUS * t.size:
                pairs.append((dist, ti, di))
    pairs.sort()
    matched: dict[int, int] = {}
    used_d: set[int] = set()
    for _, ti, di in pairs:          # greedy nearest-first one-to-one matching
        if ti in matched or di in used_d:
            continue
        matched[ti] = di
        used_d.add(di)
    return matched


def match(reading: Reading, truths: Sequence[Truth]) -> tuple[int, bool]:
    """(labelled dice read with the right value, whether every die matches one-to-one and right)."""
    matched = _pairs(reading, truths)
    right = sum(reading.dice[di].value == truths[ti].value for ti, di in matched.items())
    exact = right == len(truths) and len(matched) == len(reading.dice)
    return right, exact


WRONG_VALUE = "read with another value"
UNSEEN = "not read, and no word of it (missed)"
UNSURE_ELSEWHERE = "not read, in a frame unsure for another reason"


def misses(reading: Reading, truths: Sequence[Truth]) -> list[str]:
    """Why each labelled die the reading did not read right was not: WRONG_VALUE, the reason of
    the reader's unclear box round it (``reading.extra["unclear_why"]``), UNSURE_ELSEWHERE, or
    UNSEEN (an ok reading that left it out: the dangerous kind)."""
    matched = _pairs(reading, truths)
    boxes = list(zip(reading.extra.get("unclear", ()), reading.extra.get("unclear_why", ()))) \
        if reading.extra else []
    out = []
    for ti, t in enumerate(truths):
        if ti in matched:
            if reading.dice[matched[ti]].value != t.value:
                out.append(WRONG_VALUE)
            continue
        why = next((reason for (x, y, w, h), reason in boxes if x <= t.x <= x + w and y <= t.y <= y + h), None)
        out.append(why or (UNSEEN if reading.ok else UNSURE_ELSEWHERE))
    return out


def _add(score: Score, name: str, reading: Reading, truths: Sequence[Truth], readable: bool) -> None:
    right, exact = match(reading, truths)
    score.photos += 1
    score.dice_total += len(truths)
    score.dice_right += right
    score.photos_readable += readable
    score.not_read.update(misses(reading, truths))
    if reading.ok:
        score.dice_right_ok += right
        if not (exact and readable):
            score.photos_confidently_wrong += 1
            score.wrong_names.append(name)
    else:
        score.photos_unsure += 1
        score.photos_readable_unsure += readable


def load_labels(label_path: Path, width: int, height: int) -> list[Truth]:
    """YOLO labels ``class xc yc w h`` (normalised); the value is class + 1."""
    truths = []
    for line in label_path.read_text().split("\n"):
        parts = line.split()
        if len(parts) < 5:
            continue
        cls, xc, yc, bw, bh = int(parts[0]), *map(float, parts[1:5])
        truths.append(Truth(cls + 1, xc * width, yc * height, max(bw * width, bh * height)))
    return truths


def photo_paths(photos_dir: Path) -> list[Path]:
    return sorted((Path(photos_dir) / "images").glob("*.jpg"))


Transform = Callable[[np.ndarray, list[Truth]], tuple[np.ndarray, list[Truth]]]


def turned(image: np.ndarray, truths: list[Truth]) -> tuple[np.ndarray, list[Truth]]:
    """The photo turned a quarter clockwise, its labels moved with it: (x, y) goes to
    (height - 1 - y, x)."""
    height = image.shape[0]
    return cv2.rotate(image, cv2.ROTATE_90_CLOCKWISE), [Truth(t.value, height - 1 - t.y, t.x, t.size) for t in truths]


def turned_by(degrees: float) -> Transform:
    """The photo turned ``degrees`` anticlockwise about its middle, on a canvas grown to hold it
    all (the corners filled with the photo's own edge), its labels moved with it: a camera held
    at a slant to the table."""
    def change(image: np.ndarray, truths: list[Truth]) -> tuple[np.ndarray, list[Truth]]:
        height, width = image.shape[:2]
        m = cv2.getRotationMatrix2D((width / 2, height / 2), degrees, 1.0)
        cos, sin = abs(m[0, 0]), abs(m[0, 1])
        new_width, new_height = int(height * sin + width * cos), int(height * cos + width * sin)
        m[0, 2] += new_width / 2 - width / 2
        m[1, 2] += new_height / 2 - height / 2
        out = cv2.warpAffine(image, m, (new_width, new_height), flags=cv2.INTER_LINEAR,
                             borderMode=cv2.BORDER_REPLICATE)
        return out, [Truth(t.value, m[0, 0] * t.x + m[0, 1] * t.y + m[0, 2],
                           m[1, 0] * t.x + m[1, 1] * t.y + m[1, 2], t.size) for t in truths]
    return change


def score_photos(reader_fn: Callable[[np.ndarray], Reading], photos_dir: Path, *,
                 select: Callable[[int], bool] | None = None, transform: Transform | None = None) -> Score:
    """Score ``reader_fn(image) -> Reading`` on ``photos_dir/images/*.jpg`` with ``labels/*.txt``.
    ``select``: which photos, by their index in name order (e.g. only those the face model was
    never trained on: vision.training.realdata.held_out). ``transform``: each photo and its
    labels changed first (as another camera would have taken it: see benchmarks/vision_photos.py)."""
    score = Score()
    for index, path in enumerate(photo_paths(photos_dir)):
        if select is not None and not select(index):
            continue
        image = cv2.imread(str(path), cv2.IMREAD_COLOR)
        if image is None:
            raise ValueError(f"{path}: not an image")
        truths = load_labels(Path(photos_dir) / "labels" / (path.stem + ".txt"),
                             image.shape[1], image.shape[0])
        if transform is not None:
            image, truths = transform(image, truths)
        _add(score, path.name, reader_fn(image), truths, True)
    return score


NO_HARD_CASE = "no hard case"


def conditions(scene: Scene) -> list[str]:
    """What a rendered scene is tallied under: each hard case it was rendered with (the random
    mix: touching, rim, glare, blur, noise, uneven), or NO_HARD_CASE; and its view and die style."""
    return (sorted(scene.hard) or [NO_HARD_CASE]) + [f"{scene.view.value} view", f"{scene.style} dice"]


def score_scenes(reader_fn: Callable[..., Reading], scenes: Iterable, *, calibrated: bool = False) -> Score:
    """Score ``reader_fn(image, view) -> Reading`` on rendered scenes (vision.render.Scene).

    ``calibrated``: also pass ``calibration=`` what ``dicetable calibrate`` would store for the
    scene's table (vision.render.table_calibration; None where that fails)."""
    score = Score()
    for scene in scenes:
        truths = [Truth(d.value, d.x, d.y, d.size) for d in scene.labels]
        if calibrated:
            reading = reader_fn(scene.image, scene.view, calibration=table_calibration(scene))
        else:
            reading = reader_fn(scene.image, scene.view)
        _add(score, f"seed {scene.seed} {scene.view.value}", reading, truths, scene.readable)
        if scene.readable:
            tally = conditions(scene)
            score.readable_by_condition.update(tally)
            if not reading.ok:
                score.readable_unsure_by_condition.update(tally)
    return score
