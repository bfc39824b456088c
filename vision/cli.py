"""``dicetable read``: read the dice in image files and print one JSON object per line per image."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

# cv2 and the reader are imported when a read runs, not when the parser is built: `dicetable run`
# builds this parser too and must start even where OpenCV cannot be loaded.
PROG = "dicetable read"


def add_read_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("images", nargs="+", metavar="IMAGE", help="image files to read")
    parser.add_argument("--view", choices=("top", "bottom"), default="top",
                        help="camera above the tray (top, default) or under it (bottom)")
    parser.add_argument("--annotate", metavar="DIR",
                        help="also write DIR/<name>.jpg with what was read drawn on it")
    parser.add_argument("--expected", type=int, metavar="N",
                        help="the number of dice that should be there (else unsure)")


def _load(path: str) -> tuple[object | None, str | None]:
    """(image, None) or (None, what was wrong with the file)."""
    if not path.strip():
        return None, "an empty path, not a file (a shell variable left unset?)"
    p = Path(path)
    if not p.exists():
        return None, "no such file"
    if p.is_dir():
        return None, "is a directory, not an image"
    try:
        data = p.read_bytes()
    except OSError as exc:
        return None, f"cannot read it ({exc.strerror})"
    import cv2
    import numpy as np
    image = cv2.imdecode(np.frombuffer(data, np.uint8), cv2.IMREAD_COLOR) if data else None
    if image is None:
        return None, "not an image (cv2 could not decode it)"
    return image, None


def run_read(args: argparse.Namespace) -> int:
    """Read every image; a bad file gets one line on stderr and the others are still read."""
    import cv2

    from vision.classifier import default_classifier
    from vision.reader import read_dice

    try:
        default_classifier()      # a missing or broken model: one clear line, not a traceback
    except (FileNotFoundError, ValueError) as exc:
        print(f"{PROG}: {exc}", file=sys.stderr)
        return 2
    if args.expected is not None and not 1 <= args.expected <= 60:
        print(f"{PROG}: --expected must be 1 to 60, got {args.expected}", file=sys.stderr)
        return 2
    out_dir = Path(args.annotate) if args.annotate else None
    if out_dir is not None:
        try:
            out_dir.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            print(f"{PROG}: cannot create the annotate directory {out_dir}: {exc.strerror}",
                  file=sys.stderr)
            return 2
    failed = 0
    for path in args.images:
        image, problem = _load(path)
        if image is None:
            print(f"{PROG}: {path}: {problem}", file=sys.stderr)
            failed += 1
            continue
        reading = read_dice(image, args.view, expected=args.expected)
        print(json.dumps({"image": path, **reading.to_dict()}), flush=True)
        if out_dir is not None:
            from vision.annotate import annotate
            target = out_dir / (Path(path).stem + ".jpg")
            if not cv2.imwrite(str(target), annotate(image, reading)):
                print(f"{PROG}: {path}: could not write {target}", file=sys.stderr)
                failed += 1
    return 1 if failed else 0
