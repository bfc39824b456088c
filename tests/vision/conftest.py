"""Fixtures for the reader's tests."""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from pathlib import Path

import pytest

from vision import classifier, reader
from vision.reading import Reading
from vision.scoring import Truth, match

EARLIER_MODEL = Path(__file__).resolve().parents[2] / "vision" / "models" / "earlier" / "faces-2026-11-22.onnx"


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


def assert_not_wrong(reading: Reading, scene) -> None:
    """The reading is unsure, or ok and every die right (a rendered ``scene``'s truth)."""
    if reading.ok:
        truths = [Truth(d.value, d.x, d.y, d.size) for d in scene.labels]
        assert scene.readable and match(reading, truths) == (len(truths), True), (
            "read confidently wrong", reading.values, [t.value for t in truths])
