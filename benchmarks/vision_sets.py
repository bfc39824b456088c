"""Judge a change to the reader frame by frame: read named sets of frames with the reader as it
is and with some of its constants changed, in one process (each frame rendered once), and list
every frame whose reading differs between them.

How each change in BENCHMARKS.md was judged ("kept only if no frame became confidently
wrong"). A change switched off by a constant (vision.reader's WHOLE_FACE_ASIDE,
vision.classifier's MIDDLE_PIP_RIVAL...) is compared with itself switched on:

    python benchmarks/vision_sets.py --variant '{"WHOLE_FACE_ASIDE": false}' syn cal real

Sets: syn, cal (the benchmark's 2,000 synthetic frames, uncalibrated and calibrated), sNN and
sNNc (2,000 frames from seed NN000, e.g. s90 and s90c), every, everyc (two dice under the cup,
40 seeds in each style, random hard cases), hard, hardc (400 frames of 4 dice, one leaning),
clean (400 frames of two white dice under the cup, no hard case), real (the 200 real photos).
The reader as it is comes first; each --variant is read after it. Two processes by default.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import sys
from pathlib import Path
from typing import Any

import cv2

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from vision import classifier, reader  # noqa: E402
from vision.render import STYLES, dataset, render_scene, table_calibration  # noqa: E402
from vision.scoring import Truth, load_labels, match, photo_paths  # noqa: E402

PHOTOS = ROOT.parent / "shared" / "dice-photos" / "byler"
VARIANTS: list[dict[str, Any]] = [{}]


def _module(name: str) -> Any:
    for module in (reader, classifier):
        if hasattr(module, name) and name.isupper():
            return module
    raise SystemExit(f"no constant {name} in vision.reader or vision.classifier")


def _frames(name: str) -> list[tuple[str, int]]:
    """(kind, seed) of every frame of set ``name`` (its trailing c, calibrated, left off)."""
    base = name[:-1] if name.endswith("c") and name != "c" else name
    if base in ("syn", "cal"):
        return [("dataset", 10_000 + i) for i in range(2000)]
    if base.startswith("s") and base[1:].isdigit():
        return [("dataset", int(base[1:]) * 1000 + i) for i in range(2000)]
    if base == "every":
        return [("every", 3000 + i * len(STYLES) + k) for i in range(40) for k in range(len(STYLES))]
    if base == "hard":
        return [("hard", 7000 + i) for i in range(400)]
    if base == "clean":
        return [("clean", 40_000 + i) for i in range(400)]
    if base == "real":
        return [("real", i) for i in range(len(photo_paths(PHOTOS)))]
    raise SystemExit(f"unknown set: {name}")


def _scene(kind: str, seed: int, first: int) -> Any:
    if kind == "dataset":       # frame ``seed`` of dataset(..., seed=first), rendered alone
        return next(iter(dataset(1, seed=seed, view="top" if (seed - first) % 2 == 0 else "bottom")))
    if kind == "every":
        i, k = divmod(seed - 3000, len(STYLES))
        return render_scene(3000 + i, view="bottom", n_dice=2, style=STYLES[k], hard="random")
    if kind == "hard":
        return render_scene(seed, view="bottom" if seed % 2 else "top", n_dice=4, hard="cocked")
    return render_scene(seed, view="bottom", n_dice=2, style="white", die_size=56)


def _read(job: tuple[str, str, int, int]) -> list[dict[str, Any]]:
    name, kind, seed, first = job
    calibrated = name == "cal" or (name.endswith("c") and name != "c")
    if kind == "real":
        path = photo_paths(PHOTOS)[seed]
        image, view, calibration = cv2.imread(str(path)), "top", None
        truths = load_labels(PHOTOS / "labels" / (path.stem + ".txt"), image.shape[1], image.shape[0])
        label, readable = path.name, True
    else:
        scene = _scene(kind, seed, first)
        image, view = scene.image, scene.view
        calibration = table_calibration(scene) if calibrated else None
        truths = [Truth(d.value, d.x, d.y, d.size) for d in scene.labels]
        label, readable = str(seed), scene.readable
        if kind == "every":
            i, k = divmod(seed - 3000, len(STYLES))
            label = f"{3000 + i} {STYLES[k]}"
    rows = []
    for variant in VARIANTS:
        saved = {key: getattr(_module(key), key) for key in variant}
        try:
            for key, value in variant.items():
                setattr(_module(key), key, value)
            reading = reader.read_dice(image, view, calibration=calibration)
        finally:
            for key, value in saved.items():
                setattr(_module(key), key, value)
        right, exact = match(reading, truths)
        verdict = ("right" if exact and readable else "WRONG") if reading.ok else "unsure"
        rows.append({"frame": label, "readable": readable, "verdict": verdict, "reason": reading.reason,
                     "values": sorted(d.value for d in reading.dice), "right": right, "dice": len(truths)})
    return rows


def _init(variants: list[dict[str, Any]]) -> None:
    cv2.setNumThreads(1)
    VARIANTS[:] = variants


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("sets", nargs="+", help="set names (see the module's docstring)")
    ap.add_argument("--variant", action="append", default=[], type=json.loads,
                    help='constants to change, as JSON, e.g. \'{"MIDDLE_PIP_RIVAL": 0.0}\' (repeatable)')
    ap.add_argument("--processes", type=int, default=2)
    ap.add_argument("--out", type=Path, help="also write each set's readings here, one JSON line a frame")
    args = ap.parse_args()
    variants = [{}] + args.variant
    for variant in variants:
        for key in variant:
            _module(key)        # a misspelt constant stops here, not in a worker
    with multiprocessing.Pool(args.processes, _init, (variants,)) as pool:
        for name in args.sets:
            frames = _frames(name)
            first = frames[0][1]
            rows = pool.map(_read, [(name, kind, seed, first) for kind, seed in frames], chunksize=8)
            for v, variant in enumerate(variants):
                mine = [r[v] for r in rows]
                wrong = [r["frame"] for r in mine if r["verdict"] == "WRONG"]
                readable = [r for r in mine if r["readable"]]
                unsure = sum(r["verdict"] == "unsure" for r in readable)
                print(f"{name} {json.dumps(variant)}: confidently wrong {len(wrong)} {wrong[:10]}, unsure "
                      f"{unsure}/{len(readable)} readable, dice right {sum(r['right'] for r in mine)}/"
                      f"{sum(r['dice'] for r in mine)}", flush=True)
                if v:
                    for a, b in zip((r[0] for r in rows), mine):
                        if (a["verdict"], a["reason"], a["values"]) != (b["verdict"], b["reason"], b["values"]):
                            print(f"  {a['frame']}: {a['verdict']} {a['values']} ({a['reason']}) -> "
                                  f"{b['verdict']} {b['values']} ({b['reason']})")
            if args.out:
                args.out.mkdir(parents=True, exist_ok=True)
                with open(args.out / f"{name}.jsonl", "w") as f:
                    for r in rows:
                        f.write(json.dumps(r) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
