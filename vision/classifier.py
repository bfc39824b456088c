"""The learned face classifier: a small convolutional network that reads one die patch
(vision.faces) and says which face it shows, or that no readable face is there.

It is run with OpenCV's dnn module (no PyTorch on the device); ``vision.training.train`` trains
it from data in the repo. The reader uses it as a second opinion beside the pip-layout check and
never alone where the two could disagree unnoticed: see ``vision.reader``.
"""

from __future__ import annotations

import json
import threading
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import cv2
import numpy as np

from .faces import CONTEXT, PATCH, face_patch

MODEL = Path(__file__).resolve().parent / "models" / "faces.onnx"
NO_FACE = 0


@dataclass(frozen=True)
class FaceGuess:
    """What the network makes of one patch."""

    value: int              # 1-6, or NO_FACE (0)
    probability: float      # of that answer
    probabilities: tuple[float, ...]   # all seven, class 0 first

    def of(self, value: int) -> float:
        return self.probabilities[value]


class FaceClassifier:
    """Loads the exported network once; ``guess`` is thread-safe (one dnn net is not)."""

    def __init__(self, model: Path | str = MODEL) -> None:
        model = Path(model)
        if not model.is_file():
            raise FileNotFoundError(f"the face model {model} is missing: run python -m vision.training.train")
        meta_path = model.with_suffix(".json")
        meta = json.loads(meta_path.read_text()) if meta_path.is_file() else {}
        # Patches are cut as the model was trained: its size and framing are in its record.
        self.patch = int(meta.get("patch", PATCH))
        self.context = float(meta.get("context", CONTEXT))
        try:
            self._net = cv2.dnn.readNetFromONNX(str(model))
        except cv2.error as exc:
            raise ValueError(f"{model} is not a model OpenCV can load: {exc}") from None
        self.meta = meta
        self._lock = threading.Lock()

    def probabilities(self, patches: np.ndarray) -> np.ndarray:
        """N x 7 class probabilities for N normalised patches (``self.patch`` square)."""
        if len(patches) == 0:
            return np.zeros((0, 7), np.float32)
        batch = np.ascontiguousarray(patches, np.float32).reshape(-1, 1, self.patch, self.patch)
        with self._lock:
            self._net.setInput(batch)
            logits = self._net.forward().reshape(len(batch), -1)
        logits = logits - logits.max(axis=1, keepdims=True)
        e = np.exp(logits)
        return e / e.sum(axis=1, keepdims=True)

    def guess(self, grey: np.ndarray, dice: list[tuple[float, float, float]]) -> list[FaceGuess]:
        """One guess per (centre x, centre y, extent) in the grey image."""
        patches = [face_patch(grey, x, y, e, size=self.patch, context=self.context) for x, y, e in dice]
        out = []
        for p in self.probabilities(patches):
            v = int(p.argmax())
            out.append(FaceGuess(v, float(p[v]), tuple(float(q) for q in p)))
        return out


@lru_cache(maxsize=1)
def default_classifier() -> FaceClassifier:
    """The shipped model, loaded on first use."""
    return FaceClassifier()


# How the reader weighs the network against the pip-layout check (vision.reader). Chosen on the
# training photos and synthetic frames outside the benchmark's seeds; see BENCHMARKS.md.
AGREE_MIN = 0.2        # the pips fit a layout: the network gives that value at least this
AGREE_NO_FACE_MAX = 0.1    # and "no readable face here" (a leaning or half-hidden die) at most this
ALONE_MIN = 0.98       # no pip layout fitted: the network alone, at least this sure
ALONE_NO_FACE_MAX = 0.02

LEANING = "a die is leaning or partly hidden (its face is not flat and whole)"
DISAGREE = "a face is unclear: its pips and its look give different values"


def judge(classic: tuple[int, float, float, float] | str, guess: FaceGuess,
          centre: tuple[float, float]) -> tuple[int, float, float, float] | str:
    """The reader's verdict on one die from the pip-layout check (``classic``: value, confidence,
    x, y, or why it could not read the face) and the network's guess. Returns the same shape."""
    if not isinstance(classic, str):
        value, confidence, x, y = classic
        if guess.of(value) >= AGREE_MIN and guess.of(NO_FACE) <= AGREE_NO_FACE_MAX:
            return value, min(confidence, guess.of(value)), x, y
        return LEANING if guess.value == NO_FACE else DISAGREE
    if classic.startswith("a die is leaning"):
        return classic            # the face's centre is off the die's: never overruled
    if guess.value != NO_FACE and guess.probability >= ALONE_MIN and guess.of(NO_FACE) <= ALONE_NO_FACE_MAX:
        return guess.value, guess.probability, centre[0], centre[1]
    return classic
