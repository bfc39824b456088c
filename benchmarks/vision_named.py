"""Read again every fresh rendered frame BENCHMARKS.md and README.md name, both ways.

The fresh seeds' frames read wrong are named in the text as they are found; later rules mend
some of them without anyone going back. This reads every frame the two files name (a six-digit
seed from 300000, or a nine-digit one such as 705000228; set starts, ending in 000, are left
out) uncalibrated and calibrated, and prints those read confidently wrong either way, so the
README's count of frames still wrong is a figure a script printed:

    python benchmarks/vision_named.py [--processes 2]

A frame's view is the one its fresh set gave it (from above at an even seed, under the cup at an
odd one), as ``benchmarks/vision_sets.py`` reads it.
"""

from __future__ import annotations

import argparse
import multiprocessing
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

import vision_sets  # noqa: E402  (its frame reader, so both read a frame alike)

NAMED = re.compile(r"(?<![\d.,])(\d{6}|\d{9})(?![\d.,]?\d)")


def named_seeds(*texts: str) -> list[int]:
    """The fresh frames the texts name: six-digit seeds from 300000 and nine-digit ones, not
    ending in 000 (a set's first seed)."""
    seeds = {int(s) for text in texts for s in NAMED.findall(text)}
    return sorted(s for s in seeds if s % 1000 and (300_000 <= s < 1_000_000 or s >= 100_000_000))


def _ways_wrong(seed: int) -> tuple[int, list[str]]:
    first = seed // 1000 * 1000
    ways = [way for way, calibrated in (("uncalibrated", False), ("calibrated", True))
            if vision_sets._read(("syn", seed, "", first, calibrated))[0]["verdict"] == "WRONG"]
    return seed, ways


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--processes", type=int, default=2)
    args = ap.parse_args()
    seeds = named_seeds((ROOT / "BENCHMARKS.md").read_text(), (ROOT / "README.md").read_text())
    print(f"{len(seeds)} frames named", flush=True)
    with multiprocessing.Pool(args.processes) as pool:
        results = pool.map(_ways_wrong, seeds, chunksize=4)
    wrong = [(seed, ways) for seed, ways in results if ways]
    for seed, ways in wrong:
        print(f"  {seed}: wrong {' and '.join(ways)}")
    print(f"{len(wrong)} of {len(seeds)} named frames read confidently wrong at least one way "
          f"({sum(len(ways) == 2 for _, ways in wrong)} both ways)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
