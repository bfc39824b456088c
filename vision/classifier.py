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
        if meta.get("patch", PATCH) != PATCH or meta.get("context", CONTEXT) != CONTEXT:
            raise ValueError(f"{model} was trained on other patches than vision.faces cuts: retrain it")
        try:
            self._net = cv2.dnn.readNetFromONNX(str(model))
        except cv2.error as exc:
            raise ValueError(f"{model} is not a model OpenCV can load: {exc}") from None
        self.meta = meta
        self._lock = threading.Lock()

    def probabilities(self, patches: np.ndarray) -> np.ndarray:
        """N x 7 class probabilities for N x PATCH x PATCH normalised patches."""
        if len(patches) == 0:
            return np.zeros((0, 7), np.float32)
        batch = np.ascontiguousarray(patches, np.float32).reshape(-1, 1, PATCH, PATCH)
        with self._lock:
            self._net.setInput(batch)
            logits = self._net.forward().reshape(len(batch), -1)
        logits = logits - logits.max(axis=1, keepdims=True)
        e = np.exp(logits)
        return e / e.sum(axis=1, keepdims=True)

    def guess(self, grey: np.ndarray, dice: list[tuple[float, float, float]]) -> list[FaceGuess]:
        """One guess per (centre x, centre y, extent) in the grey image."""
        patches = np.stack([face_patch(grey, x, y, e) for x, y, e in dice]) if dice else np.zeros((0, PATCH, PATCH))
        out = []
        for p in self.probabilities(patches):
            v = int(p.argmax())
            out.append(FaceGuess(v, float(p[v]), tuple(float(q) for q in p)))
        return out


@lru_cache(maxsize=1)
def default_classifier() -> FaceClassifier:
    """The shipped model, loaded on first use."""
    return FaceClassifier()
