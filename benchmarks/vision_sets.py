"""Judge a change to the reader frame by frame: read named sets of frames with the reader as it
is and with some of its constants changed, in one process (each frame rendered once), and list
every frame whose reading differs between them.

How each change in BENCHMARKS.md was judged ("kept only if no frame became confidently
wrong"). A change switched off by a constant (vision.thresholds'
WHOLE_FACE_ASIDE, vision.classifier's MIDDLE_PIP_RIVAL...) is compared with itself switched on:

    python benchmarks/vision_sets.py --variant '{"WHOLE_FACE_ASIDE": false}' syn cal real

A face model is changed the same way: ``--variant '{"MODEL": "PATH/faces.onnx"}'`` reads with
that model (its faces.json beside it) in place of the shipped one.

Sets: syn, cal (the benchmark's 2,000 synthetic frames, uncalibrated and calibrated), sNN and
sNNc (2,000 frames from seed NN000, e.g. s90 and s90c), every, everyc (two dice under the cup,
40 seeds in each style, random hard cases), hard, hardc (400 frames of 4 dice, one leaning), lean,
leanc (500 frames of two touching dice under the cup, one leaning on the other, in each style),
clean (400 frames of two white dice under the cup, no hard case), real (the 200 real photos).
The reader as it is comes first; each --variant is read after it. Two processes by default.
``--against DIR`` takes the reader as it is from an earlier run's ``--out DIR`` instead of reading
every frame again (half the time for one variant; the reader must not have changed since).
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

from vision import classifier, reader, thresholds  # noqa: E402
from vision.render import STYLES, dataset, render_scene, table_calibration  # noqa: E402
from vision.scoring import Truth, load_labels, match, photo_paths  # noqa: E402

PHOTOS = ROOT.parent / "shared" / "dice-photos" / "byler"
VARIANTS: list[dict[str, Any]] = [{}]


_MODELS: dict[str, classifier.FaceClassifier] = {}


def _model(path: str) -> classifier.FaceClassifier:
    """The face model at ``path``, loaded once per process."""
    if path not in _MODELS:
        _MODELS[path] = classifier.FaceClassifier(path)
    return _MODELS[path]


def _module(name: str) -> Any:
    for module in (thresholds, classifier):
        if hasattr(module, name) and name.isupper():
            return module
    raise SystemExit(f"no constant {name} in vision.thresholds or vision.classifier")


def _frames(name: str) -> tuple[list[tuple[str, int, str]], bool]:
    """The frames of set ``name`` as (kind, seed, style), and whether they are read calibrated
    (a name ending in c, and cal)."""
    calibrated = name == "cal" or (name.endswith("c") and name not in ("c", "realc"))
    base = name[:-1] if name.endswith("c") and name != "c" else name
    if base in ("syn", "cal"):
        return [("syn", 10_000 + i, "") for i in range(2000)], calibrated
    if base.startswith("s") and base[1:].isdigit():
        return [("syn", int(base[1:]) * 1000 + i, "") for i in range(2000)], calibrated
    if base == "every":
        return [("every", 3000 + i, style) for i in range(40) for style in STYLES], calibrated
    if base == "hard":
        return [("hard", 7000 + i, "") for i in range(400)], calibrated
    if base == "lean":
        return [("lean", 60_000 + i, STYLES[i % len(STYLES)]) for i in range(500)], calibrated
    if base == "clean":
        return [("clean", 40_000 + i, "") for i in range(400)], calibrated
    if base == "real":
        return [("real", i, "") for i in range(len(photo_paths(PHOTOS)))], False
    raise SystemExit(f"unknown set: {name} (see --help)")


def _scene(kind: str, seed: int, style: str, first: int) -> Any:
    if kind == "syn":       # frame ``seed`` of dataset(..., seed=first), rendered alone
        return next(iter(dataset(1, seed=seed, view="top" if (seed - first) % 2 == 0 else "bottom")))
    if kind == "every":
        return render_scene(seed, view="bottom", n_dice=2, style=style, hard="random")
    if kind == "hard":
        return render_scene(seed, view="bottom" if seed % 2 else "top", n_dice=4, hard="cocked")
    if kind == "lean":
        return render_scene(seed, view="bottom", n_dice=2, style=style, hard=("cocked", "touching"))
    return render_scene(seed, view="bottom", n_dice=2, style="white", die_size=56)


def _read(job: tuple[str, int, str, int, bool]) -> list[dict[str, Any]]:
    kind, seed, style, first, calibrated = job
    if kind == "real":
        path = photo_paths(PHOTOS)[seed]
        image, view, calibration = cv2.imread(str(path)), "top", None
        truths = load_labels(PHOTOS / "labels" / (path.stem + ".txt"), image.shape[1], image.shape[0])
        label, readable = path.name, True
    else:
        scene = _scene(kind, seed, style, first)
        image, view = scene.image, scene.view
        calibration = table_calibration(scene) if calibrated else None
        truths = [Truth(d.value, d.x, d.y, d.size) for d in scene.labels]
        label, readable = f"{seed} {style}".strip(), scene.readable
    rows = []
    for variant in VARIANTS:
        constants = {key: value for key, value in variant.items() if key != "MODEL"}
        saved = {key: getattr(_module(key), key) for key in constants}
        saved_model = reader.default_classifier
        try:
            for key, value in constants.items():
                setattr(_module(key), key, value)
            if "MODEL" in variant:
                # (swapped where the reader looks it up)
                reader.default_classifier = lambda path=str(variant["MODEL"]): _model(path)
            reading = reader.read_dice(image, view, calibration=calibration)
        finally:
            reader.default_classifier = saved_model
            for key, value in saved.items():
                setattr(_module(key), key, value)
        right, exact = match(reading, truths)
        verdict = ("right" if exact and readable else "WRONG") if reading.ok else "unsure"
        rows.append({"frame": label, "readable": readable, "verdict": verdict, "reason": reading.reason,
                     "values": sorted(d.value for d in reading.dice), "right": right, "dice": len(truths)})
    return rows


def _variant(text: str) -> dict[str, Any]:
    try:
        variant = json.loads(text)
    except json.JSONDecodeError as e:
        raise argparse.ArgumentTypeError(f"not JSON ({e}): {text}") from None
    if not isinstance(variant, dict):
        raise argparse.ArgumentTypeError(f'a JSON object of constants, such as {{"MIDDLE_PIP_RIVAL": 0.0}}: {text}')
    return variant


def _init(variants: list[dict[str, Any]]) -> None:
    cv2.setNumThreads(1)
    VARIANTS[:] = variants


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("sets", nargs="+", help="set names (see the module's docstring)")
    ap.add_argument("--variant", action="append", default=[], type=_variant,
                    help='constants to change, as JSON, e.g. \'{"MIDDLE_PIP_RIVAL": 0.0}\' (repeatable)')
    ap.add_argument("--processes", type=int, default=2)
    ap.add_argument("--out", type=Path, help="also write each set's readings here, one JSON line a frame")
    ap.add_argument("--against", type=Path,
                    help="an earlier run's --out: the reader as it is taken from there, not read again")
    args = ap.parse_args()
    variants = [{}] + args.variant
    earlier: dict[str, list[dict[str, Any]]] = {}
    if args.against:
        if not args.variant:
            raise SystemExit("--against: give at least one --variant to compare with it")
        for name in args.sets:
            try:
                with open(args.against / f"{name}.jsonl") as f:
                    earlier[name] = [json.loads(line)[0] for line in f]
            except (OSError, ValueError, IndexError, KeyError) as e:
                raise SystemExit(f"--against: no readings of {name} in {args.against} ({e})") from None
    for variant in variants:
        for key in variant:
            if key != "MODEL":
                _module(key)        # a misspelt constant stops here, not in a worker
        if "MODEL" in variant:
            try:
                _model(str(variant["MODEL"]))       # and a missing or broken model
            except (OSError, ValueError) as e:
                raise SystemExit(f"--variant MODEL: {e}") from None
    read = variants[1:] if args.against else variants
    with multiprocessing.Pool(args.processes, _init, (read,)) as pool:
        for name in args.sets:
            frames, calibrated = _frames(name)
            first = frames[0][1]
            rows = pool.map(_read, [(*frame, first, calibrated) for frame in frames], chunksize=8)
            if args.against:
                if len(earlier[name]) != len(rows):
                    raise SystemExit(f"--against: {len(earlier[name])} readings of {name} there, "
                                     f"{len(rows)} frames here")
                rows = [[base, *mine] for base, mine in zip(earlier[name], rows)]
                if any(row[0]["frame"] != row[1]["frame"] for row in rows):
                    raise SystemExit(f"--against: the readings of {name} there are of other frames")
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
