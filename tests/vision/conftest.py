"""Fixtures for the reader's tests."""

from __future__ import annotations

import importlib.util
import json
from collections.abc import Callable
from functools import lru_cache
from pathlib import Path
from types import ModuleType
from typing import Any

import cv2
import numpy as np
import pytest

from vision import classifier, outlines, reader
from vision.calibrate import Calibration
from vision.reading import Reading, Status, View
from vision.render import DieLabel, Scene, dataset
from vision.scoring import Truth, match

EARLIER_MODEL = Path(__file__).resolve().parents[2] / "vision" / "models" / "earlier" / "faces-2026-11-22.onnx"
PINNED_FRAMES = Path(__file__).resolve().parent / "frames"


BENCHMARKS = Path(__file__).resolve().parents[2] / "benchmarks"


def benchmark_script(name: str) -> ModuleType:
    """``benchmarks/NAME.py`` loaded as a module (the scripts are not a package; those that import
    ``vision_sets`` need ``benchmarks`` on the path: ``monkeypatch.syspath_prepend(BENCHMARKS)``)."""
    spec = importlib.util.spec_from_file_location(name, BENCHMARKS / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def pinned_frame(seed: int) -> tuple[Scene, Calibration | None]:
    """Fresh frame ``seed`` as a test was written on it, and its table's calibration, from
    ``frames/`` (written by ``frames/pin.py``): the renderer may draw that seed differently since."""
    record = json.loads((PINNED_FRAMES / f"{seed}.json").read_text())
    image = cv2.imread(str(PINNED_FRAMES / f"{seed}.png"), cv2.IMREAD_COLOR)
    assert image is not None, f"pinned frame {seed}.png unreadable"
    scene = Scene(image=image, labels=tuple(DieLabel(**d) for d in record["labels"]),
                  view=View(record["view"]), seed=record["seed"], tray=tuple(record["tray"]),
                  die_size=record["die_size"], style=record["style"], hard=frozenset(record["hard"]),
                  cup_lifted=record["cup_lifted"], exposure=record["exposure"])
    calibration = record["calibration"]
    return scene, None if calibration is None else Calibration(**calibration)


@lru_cache(maxsize=1)
def _earlier() -> classifier.FaceClassifier:
    return classifier.FaceClassifier(EARLIER_MODEL)


@pytest.fixture
def model_of_2026_11_22(monkeypatch) -> Callable[..., Reading]:
    """The reader consults the face model of 2026-11-22 (vision/models/earlier) in this test.

    Many of the reader's rules were found on frames where that model's answer made the rule
    decisive: without the rule the frame was read wrong, or doubted. A newer model may read the
    same frame rightly (or doubt it) without the rule, so the test of the rule itself reads with
    the model it was found with. What the shipped model makes of the frame is checked too, by
    the function this returns: ``vision.reader.read_dice`` consulting the shipped model."""
    monkeypatch.setattr(reader, "default_classifier", _earlier)

    def with_shipped_model(*args, **kwargs) -> Reading:
        with monkeypatch.context() as m:
            m.setattr(reader, "default_classifier", classifier.default_classifier)
            return reader.read_dice(*args, **kwargs)

    return with_shipped_model


def drawn_region(shape: tuple[int, ...], corners: np.ndarray) -> outlines.Blob:
    """The region the reader makes of a die drawn as the polygon ``corners`` in an image of
    ``shape``: its outline's pixels, rectangle, box and thickness (for tests of one die's read)."""
    mask = np.zeros(shape[:2], np.uint8)
    cv2.fillPoly(mask, [corners], 255)
    x, y, w, h = cv2.boundingRect(mask)
    (outline,), _ = cv2.findContours(mask, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    return outlines.Blob(area=int(np.count_nonzero(mask)), rect=cv2.minAreaRect(outline), box=(x, y, w, h),
                         mask=mask[y:y + h, x:x + w].copy(),
                         thickness=float(cv2.distanceTransform(mask, cv2.DIST_L2, 5).max()))


def assert_not_wrong(reading: Reading, scene) -> None:
    """The reading is unsure, or ok and every die right (a rendered ``scene``'s truth)."""
    if reading.ok:
        truths = [Truth(d.value, d.x, d.y, d.size) for d in scene.labels]
        assert scene.readable and match(reading, truths) == (len(truths), True), (
            "read confidently wrong", reading.values, [t.value for t in truths])


def assert_photo_not_wrong(reading: Reading, truths: list[Truth], die: Truth, wrong_value: int) -> None:
    """A real photo's reading is unsure, or ok and every die right against its labels
    (``truths``); above all it does not say ok with ``die`` (one of them) read ``wrong_value``."""
    assert not (reading.ok and any(d.value == wrong_value and np.hypot(d.x - die.x, d.y - die.y) < 0.5 * die.size
                                   for d in reading.dice)), f"read ok with the {die.value} as a {wrong_value}"
    right, exact = match(reading, truths)
    assert not reading.ok or exact, f"read ok with {right} of {len(truths)} dice right"


def boxed_near(reading: Reading, die, why: str) -> bool:
    """The reading boxes a place within a die's side of ``die`` (a rendered label) for ``why``
    (what the evidence photo shows)."""
    return any(np.hypot(x + w / 2 - die.x, y + h / 2 - die.y) < die.size
               for (x, y, w, h), reason in zip(reading.extra.get("unclear", []),
                                               reading.extra.get("unclear_why", [])) if reason == why)


def assert_leaning_doubted(scene: Scene, leaning: DieLabel, *, calibration: Calibration | None = None) -> None:
    """``scene`` is read unsure for a die leaning, not wrong, with the place of ``leaning`` (its
    leaning die) boxed for it."""
    reading = reader.read_dice(scene.image, scene.view, calibration=calibration)
    assert reading.status is Status.UNSURE and reading.reason == classifier.LEANING, reading.reason
    assert_not_wrong(reading, scene)
    assert boxed_near(reading, leaning, classifier.LEANING)


def assert_read_flat_without(monkeypatch, scene: Scene, module: Any, constant: str, *,
                             calibration: Calibration | None = None, value: Any = None) -> None:
    """With ``module.<constant>`` None (a rule switched off) or ``value`` (a bound as it was),
    ``scene`` is read ok with every value right: its leaning die taken for flat, the wrong read
    the rule stops."""
    monkeypatch.setattr(module, constant, value)
    before = reader.read_dice(scene.image, scene.view, calibration=calibration)
    truths = [Truth(d.value, d.x, d.y, d.size) for d in scene.labels]
    assert before.ok, before.reason
    assert match(before, truths) == (len(truths), True)


def benchmark_frame(seed: int) -> Scene:
    """Frame ``seed`` of the benchmark's 2,000 (seeds 10000-11999), rendered: seen from above when
    ``seed`` is even, from below (under the cup) when odd."""
    (scene,) = dataset(1, seed=seed, view=View.TOP if seed % 2 == 0 else View.BOTTOM)
    return scene


def read_right_until(monkeypatch, scene: Scene, module: Any, constant: str, value: Any, doubt: str, *,
                     calibration: Calibration | None = None) -> None:
    """``scene`` is readable and read ok and right; with ``module.<constant>`` set to ``value``
    (a rule switched off, or a bound as it was), unsure for a reason beginning with ``doubt``."""
    assert scene.readable
    truths = [Truth(d.value, d.x, d.y, d.size) for d in scene.labels]
    reading = reader.read_dice(scene.image, scene.view, calibration=calibration)
    assert reading.ok, reading.reason
    assert match(reading, truths) == (len(truths), True)
    monkeypatch.setattr(module, constant, value)
    before = reader.read_dice(scene.image, scene.view, calibration=calibration)
    assert before.status is Status.UNSURE and before.reason.startswith(doubt), before.reason
