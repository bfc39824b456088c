"""Pin rendered frames for the reader's tests: write ``SEED.png`` (lossless) and ``SEED.json``
(the scene's labels, and the table's calibration) beside this script.

A frame a test was written on must stay that frame when the renderer changes; run this with
the renderer as it was (a worktree at the older commit) before the change:

    python tests/vision/frames/pin.py 41454 310492 --out DIR

Seeds are the benchmark's fresh frames: ``dataset(1, seed=SEED)``, seen from above when SEED
is even, from below (under the cup) when odd.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path

import cv2

ROOT = Path(__file__).resolve().parents[3]
sys.path.insert(0, str(ROOT))

from vision.render import dataset, table_calibration  # noqa: E402
from vision.reading import View  # noqa: E402


def pin(seed: int, out: Path) -> Path:
    """Render fresh frame ``seed`` and write it to ``out``; the JSON file's path."""
    scene = next(iter(dataset(1, seed=seed, view=View.TOP if seed % 2 == 0 else View.BOTTOM)))
    calibration = table_calibration(scene)
    commit = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "--short", "HEAD"],
                            capture_output=True, text=True).stdout.strip() or "unknown"
    record = {
        "seed": seed, "view": scene.view.value, "style": scene.style, "hard": sorted(scene.hard),
        "tray": list(scene.tray), "die_size": scene.die_size, "cup_lifted": scene.cup_lifted,
        "exposure": scene.exposure, "labels": [d.to_dict() for d in scene.labels],
        "calibration": None if calibration is None else {
            "tray": list(calibration.tray), "die_size": calibration.die_size,
            "exposure": calibration.exposure, "view": scene.view.value},
        "rendered_at": commit,
    }
    if not cv2.imwrite(str(out / f"{seed}.png"), scene.image, [cv2.IMWRITE_PNG_COMPRESSION, 9]):
        raise SystemExit(f"could not write {out / f'{seed}.png'}")
    path = out / f"{seed}.json"
    path.write_text(json.dumps(record, indent=1) + "\n")
    return path


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("seeds", type=int, nargs="+")
    parser.add_argument("--out", type=Path, default=Path(__file__).resolve().parent)
    args = parser.parse_args()
    for seed in args.seeds:
        print(pin(seed, args.out))


if __name__ == "__main__":
    main()
