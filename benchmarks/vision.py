"""Vision benchmark: our pip reader against the blob-counting baseline, in one run.

Accuracy on the real photos (../shared/dice-photos/byler) and on seeded synthetic frames (both
views, every style, hard cases mixed in), and on as many fresh ones (seed 210000) that no change
to the reader was judged on; speed on one core (cv2.setNumThreads(1)) for 640x480
with 2 dice, 1280x960 with 2 dice and 640x480 with 30 dice; peak memory.

    python benchmarks/vision.py            # full: 2,000 synthetic frames
    python benchmarks/vision.py --quick    # a smaller run
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import resource
import statistics
import subprocess
import sys
import time
import tracemalloc
from pathlib import Path

import cv2
import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from vision.baseline import read_dice_baseline  # noqa: E402
from vision.reader import read_dice  # noqa: E402
from vision.render import dataset, render_scene, table_calibration  # noqa: E402
from vision.scoring import NO_HARD_CASE, Score, score_photos, score_scenes  # noqa: E402
from vision.training.realdata import held_out  # noqa: E402

PHOTOS = ROOT.parent / "shared" / "dice-photos" / "byler"

def read_dice_classic(image: np.ndarray, view: str = "top"):
    """The reader without its learned face classifier: pips and layouts only."""
    return read_dice(image, view, learned=False)


# reader: the shipped reader (classic image processing + the learned face classifier);
# classic: the same without the classifier; baseline: blob counting, no layout check.
READERS = {"reader": read_dice, "classic": read_dice_classic, "baseline": read_dice_baseline}


def machine() -> str:
    cpu = "unknown CPU"
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return (f"{cpu}, nproc {os.cpu_count()}, Python {platform.python_version()}, "
            f"OpenCV {cv2.__version__}, load average {os.getloadavg()[0]:.1f}")


# vision/reader.py and the stages it was split into (what vision/reader.py alone held until 2026-12-01).
# (The network's weighing, vision/classifier.py, and its shipped model count too: a reading
# depends on them as much as on the pips.)
READER_FILES = ("vision/reader.py", "vision/thresholds.py", "vision/reasons.py", "vision/tray_foreground.py",
                "vision/outlines.py", "vision/pip_faces.py", "vision/leaning_signs.py", "vision/scan.py",
                "vision/classifier.py", "vision/faces.py", "vision/models/faces.onnx", "vision/models/faces.json")


def reader_version() -> str:
    """The last commit of the reader's files, and whether they differ from it (they are worked on)."""
    def git(*a: str) -> str:
        try:
            return subprocess.run(["git", *a], cwd=ROOT, capture_output=True, text=True,
                                  timeout=10).stdout.strip()
        except (OSError, subprocess.SubprocessError):
            return ""
    commit = git("log", "-1", "--format=%h", "--", *READER_FILES) or "unknown"
    dirty = git("status", "--porcelain", "--", *READER_FILES)
    return f"vision/reader.py and its modules at {commit}" + (" with uncommitted changes" if dirty else "")


def row(name: str, s: Score, synthetic: bool) -> str:
    unsure = (f"{s.readable_unsure_pct:.1f}% of {s.photos_readable} readable"
              if synthetic else f"{s.unsure_pct:.1f}%")
    return (f"| {name} | {s.dice_right_pct:.1f}% ({s.dice_right}/{s.dice_total}) | "
            f"{s.dice_right_ok_pct:.1f}% | {s.confidently_wrong_pct:.2f}% "
            f"({s.photos_confidently_wrong}/{s.photos}) | {unsure} |")


# Synthetic frames never looked at while the reader was tuned. (Seeds 50000 to 100000 were,
# until their frames read wrong were studied, and some fixed, on 2026-11-22 and 23: they are
# tuned now, like the others. Seed 110000 decided a revert on the 23rd, and 130000 was judged
# on the same evening. Seeds 150000 and 170000 were studied on the 23rd's night (the faint side of
# a leaning die, a glare taken for a pip), and 190000 judged those changes.)
FRESH_SEED = 210_000


def speed(fn, frames: list[tuple[np.ndarray, str]], repeats: int) -> tuple[float, float]:
    times = []
    for _ in range(repeats):
        for image, view in frames:
            t = time.perf_counter()
            fn(image, view)
            times.append((time.perf_counter() - t) * 1000)
    times.sort()
    return statistics.median(times), times[min(len(times) - 1, int(0.95 * len(times)))]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="200 synthetic frames, fewer speed runs")
    ap.add_argument("--frames", type=int, help="synthetic frames (default 2000, --quick 200)")
    ap.add_argument("--speed-only", action="store_true", help="skip the accuracy tables")
    args = ap.parse_args()
    n_frames = args.frames or (200 if args.quick else 2000)
    cv2.setNumThreads(1)
    print(f"# vision benchmark {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}")
    print(f"# {machine()}")
    print(f"# {reader_version()}")
    meta = json.loads((ROOT / "vision" / "models" / "faces.json").read_text())
    print(f"# face model: trained {meta['trained']}, {meta['epochs']} epochs, held-out real dice "
          f"{meta['held_out_real_dice_right_pct']}% right (patches framed by the labels)")

    if not PHOTOS.is_dir():
        print(f"real photos missing: {PHOTOS}", file=sys.stderr)
        return 1
    print("\n## accuracy\n")
    if args.speed_only:
        print("(skipped: --speed-only)")
    else:
        print("| reader, set | dice right | dice right in ok photos | confidently wrong photos | unsure |")
        print("| --- | ---: | ---: | ---: | ---: |")
    reader_scores: dict[str, Score] = {}     # for the table of why dice were not read
    for name, fn in READERS.items() if not args.speed_only else ():
        s = score_photos(fn, PHOTOS)
        if name == "reader":
            reader_scores["real"] = s
        print(row(f"{name}, 200 real photos", s, False), flush=True)
    for name in ("reader", "classic") if not args.speed_only else ():
        # The 50 photos the face model never saw in training: what to expect of other photos.
        s = score_photos(READERS[name], PHOTOS, select=held_out)
        print(row(f"{name}, 50 held-out real photos", s, False), flush=True)
    for name, fn in READERS.items() if not args.speed_only else ():
        s = score_scenes(fn, dataset(n_frames, seed=10_000))   # views alternate top/bottom
        if name == "reader":
            reader_scores["synthetic"] = s
        print(row(f"{name}, {n_frames} synthetic", s, True), flush=True)
    if not args.speed_only:
        # As an installed table reads them: calibrated by `dicetable calibrate` (vision.render.table_calibration).
        s = score_scenes(read_dice, dataset(n_frames, seed=10_000), calibrated=True)
        reader_scores["synthetic calibrated"] = s
        print(row(f"reader calibrated, {n_frames} synthetic", s, True), flush=True)
        # Frames no change was ever judged on (the ones above were): what to expect of others.
        # Report only: a change kept because it reads these better would make them tuned too.
        for name, calibrated in (("reader", False), ("reader calibrated", True)):
            s = score_scenes(read_dice, dataset(n_frames, seed=FRESH_SEED), calibrated=calibrated)
            print(row(f"{name}, {n_frames} fresh synthetic (seed {FRESH_SEED})", s, True), flush=True)
    for name in ("reader", "classic") if not args.speed_only else ():
        # The product's everyday frame: two white dice under the cup, no hard case.
        clean = (render_scene(40_000 + i, view="bottom", n_dice=2, style="white", die_size=56)
                 for i in range(n_frames // 5))
        s = score_scenes(READERS[name], clean)
        print(row(f"{name}, {n_frames // 5} clean bottom-view frames (2 white dice)", s, True), flush=True)

    if reader_scores:
        real, synthetic = reader_scores["real"], reader_scores["synthetic"]
        print("\n## the reader: why the dice not read right were not\n")
        print(f"| why | {real.photos} real photos ({real.dice_total - real.dice_right} dice) "
              f"| {n_frames} synthetic ({synthetic.dice_total - synthetic.dice_right} dice) |")
        print("| --- | ---: | ---: |")
        for why, _ in (real.not_read + synthetic.not_read).most_common():
            print(f"| {why} | {real.not_read[why]} | {synthetic.not_read[why]} |")
        # Where the unsure frames come from: each hard case of the random mix (a frame with two
        # counts under both), the frames with none, each view and each die style.
        calibrated = reader_scores["synthetic calibrated"]
        print("\n## the reader: readable synthetic frames read unsure, by how they were rendered\n")
        print("| rendered with | frames | unsure | unsure calibrated |")
        print("| --- | ---: | ---: | ---: |")
        for condition, frames in sorted(synthetic.readable_by_condition.items(),
                                        key=lambda item: (item[0] != NO_HARD_CASE, " " in item[0], item[0])):
            unsure = synthetic.readable_unsure_by_condition[condition]
            unsure_cal = calibrated.readable_unsure_by_condition[condition]
            print(f"| {condition} | {frames} | {unsure} ({100 * unsure / frames:.1f}%) "
                  f"| {unsure_cal} ({100 * unsure_cal / calibrated.readable_by_condition[condition]:.1f}%) |")

    print("\n## speed, one thread (ms per frame)\n")
    print("| reader | frame | median | p95 |")
    print("| --- | --- | ---: | ---: |")
    n_speed, repeats = (10, 2) if args.quick else (30, 3)
    cases = {"640x480, 2 dice": (640, 480, 2), "1280x960, 2 dice": (1280, 960, 2),
             "640x480, 30 dice": (640, 480, 30)}
    for label, (w, h, n) in cases.items():
        scenes = [render_scene(20_000 + i, view="bottom" if i % 2 else "top", width=w, height=h, n_dice=n)
                  for i in range(n_speed)]
        frames = [(sc.image, sc.view.value) for sc in scenes]
        # The installed table's reader: calibrated (the first look, which finds the die size, is
        # not needed).
        calibrations = {id(sc.image): table_calibration(sc) for sc in scenes}

        def calibrated(image: np.ndarray, view: str) -> object:
            return read_dice(image, view, calibration=calibrations[id(image)])

        for name, fn in [*READERS.items(), ("reader calibrated", calibrated)]:
            fn(*frames[0])     # warm up
            med, p95 = speed(fn, frames, repeats)
            print(f"| {name} | {label} | {med:.1f} | {p95:.1f} |", flush=True)

    print("\n## memory\n")
    big = render_scene(30_000, width=1280, height=960, n_dice=30)
    tracemalloc.start()
    read_dice(big.image, big.view)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"reader on 1280x960 with 30 dice: tracemalloc peak {peak / 1e6:.1f} MB "
          f"(numpy buffers; OpenCV's own not traced); ru_maxrss of the whole run {rss:.0f} MB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
