"""Time the face network alone: one forward pass of N patches, on one thread, with each DNN
engine the installed OpenCV offers (5.0: classic and new; 5.1: its one engine; 4: no choice).

    python benchmarks/vision_network.py [--model PATH] [--runs 40]

The reader asks the network about 8 patches a die (the die turned four ways and mirrored,
``FaceClassifier.steady_guess``), 16 for two dice; the patches are random pixels here, which
costs the network the same as a die's. Run it under each OpenCV to choose between them.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

import cv2
import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from vision.classifier import MODEL, FaceClassifier, load_net, reader_engine  # noqa: E402

BATCHES = (1, 8, 16, 32, 64)


def engines() -> list[tuple[str, int | None]]:
    """(name, engine) for each engine this OpenCV names, the reader's marked; (default, None)
    where it names none."""
    ours = reader_engine()
    named = [(name + (" (the reader's)" if getattr(cv2.dnn, name) == ours else ""), getattr(cv2.dnn, name))
             for name in ("ENGINE_CLASSIC", "ENGINE_NEW", "ENGINE_OPENCV") if hasattr(cv2.dnn, name)]
    if ours is None:
        named = [(name + " (the reader's, as the default)" if name == "ENGINE_OPENCV" else name, engine)
                 for name, engine in named]
    return named or [("default (the reader's)", None)]


def forward_ms(net: cv2.dnn.Net, batch: np.ndarray, runs: int) -> float:
    """Median milliseconds of one forward pass of ``batch`` (after one to warm up)."""
    net.setInput(batch)
    net.forward()
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        net.setInput(batch)
        net.forward()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--model", type=Path, default=MODEL)
    ap.add_argument("--runs", type=int, default=40)
    args = ap.parse_args()
    try:
        # The patches' size and colours as the model was trained (its faces.json), and a clear
        # message for a model that is missing or that OpenCV cannot load.
        model = FaceClassifier(args.model)
    except (FileNotFoundError, ValueError) as exc:
        raise SystemExit(str(exc)) from None
    size, channels = model.patch, model.channels
    cv2.setNumThreads(1)
    rng = np.random.default_rng(0)
    print(f"OpenCV {cv2.__version__}, one thread, {args.model.name} ({channels} x {size} x {size} patches)\n")
    print("| engine | " + " | ".join(f"{n} patch{'es' if n > 1 else ''}" for n in BATCHES) + " |")
    print("| --- |" + " ---: |" * len(BATCHES))
    for name, engine in engines():
        net = load_net(args.model, engine)
        cells = [forward_ms(net, rng.random((n, channels, size, size), dtype=np.float32), args.runs)
                 for n in BATCHES]
        print(f"| {name} | " + " | ".join(f"{ms:.2f} ms" for ms in cells) + " |", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
