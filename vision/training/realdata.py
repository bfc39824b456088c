"""Die tiles cut from the labelled real photos, kept in the repo so the model can be retrained
from data in the repo: one JPEG mosaic of colour tiles and a JSON index.

Each tile is ``TILE`` px square and shows ``TILE_CONTEXT`` x a die's extent round its centre, so
training can turn, shift and rescale it and still cut a full ``vision.faces`` patch. Three kinds:
``die`` (the labelled value), ``between`` (centred between two neighbouring dice) and
``background`` (the tray, its rim, anything that is not a die): the last two teach "no die".

A second mosaic holds the patches the reader itself asks the face model about in the training
photos (``reader_cut``: dice framed by their blobs, windows of the network's scan), labelled by
the die under them as vision.training.readerdata labels synthetic ones: kind ``die`` or ``reader``
(no die). Held-out photos are left out of it.

Photos are split by name: every fourth photo (sorted) is held out of training, so the benchmark
can report accuracy on photos the model never saw.

    python -m vision.training.realdata ../shared/dice-photos/byler   # rewrites data/byler-*
"""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import dataclass
from pathlib import Path

import cv2
import numpy as np

from ..scoring import load_labels, photo_paths

TILE = 64
TILE_CONTEXT = 2.2
COLUMNS = 32
DATA = Path(__file__).resolve().parent / "data"
MOSAIC = DATA / "byler-tiles.jpg"
INDEX = DATA / "byler-tiles.json"
READER_MOSAIC = DATA / "byler-reader-tiles.jpg"
READER_INDEX = DATA / "byler-reader-tiles.json"
# The face models the reader consulted while framing the shipped model's reader-framed tiles
# (one set of tiles each): the model shipped before it, and a model trained on the first set.
EARLIER_MODELS = Path(__file__).resolve().parents[1] / "models" / "earlier"
FRAMING_MODELS = (EARLIER_MODELS / "faces-2026-11-22.onnx", EARLIER_MODELS / "faces-reader-framed.onnx")


def reader_paths(k: int) -> tuple[Path, Path]:
    """The mosaic and index of the reader-framed tiles cut with the k-th framing model (0:
    READER_MOSAIC, READER_INDEX; then byler-reader-tiles-2.*, ...): one pair per model keeps
    each file small."""
    if k == 0:
        return READER_MOSAIC, READER_INDEX
    return DATA / f"byler-reader-tiles-{k + 1}.jpg", DATA / f"byler-reader-tiles-{k + 1}.json"


def reader_sets() -> list[tuple[Path, Path]]:
    """Every stored set of reader-framed tiles, in order."""
    out = []
    while reader_paths(len(out))[1].is_file():
        out.append(reader_paths(len(out)))
    return out


def held_out(photo_index: int) -> bool:
    """Every fourth photo in name order is kept out of training."""
    return photo_index % 4 == 3


@dataclass(frozen=True)
class Tile:
    photo: str
    kind: str          # die | between | background
    value: int         # 1-6 for a die, 0 otherwise
    extent: float      # the die's extent in the photo, pixels
    held_out: bool


def tile(image: np.ndarray, cx: float, cy: float, ext: float) -> np.ndarray:
    """The TILE x TILE tile round (cx, cy), TILE_CONTEXT x the extent ``ext`` across, with the
    image's channels."""
    scale = TILE / (TILE_CONTEXT * ext)
    m = np.array([[scale, 0, TILE / 2 - scale * cx], [0, scale, TILE / 2 - scale * cy]], np.float32)
    return cv2.warpAffine(image, m, (TILE, TILE), flags=cv2.INTER_AREA if scale < 1 else cv2.INTER_LINEAR,
                          borderMode=cv2.BORDER_REPLICATE)


def between(centres: np.ndarray, ext: float) -> list[tuple[float, float]]:
    """Midpoints between each die and its nearest neighbour when they nearly touch: what a merged
    blob of touching dice looks like at its centre (a "no die here" example)."""
    out = []
    for a in range(len(centres)):
        d = np.hypot(*(centres - centres[a]).T)
        d[a] = np.inf
        b = int(np.argmin(d))
        if b > a and d[b] < 1.6 * ext:
            mx, my = (centres[a] + centres[b]) / 2
            out.append((float(mx), float(my)))
    return out


def cut(photos_dir: Path, seed: int = 0) -> tuple[list[np.ndarray], list[Tile]]:
    rng = np.random.default_rng(seed)
    tiles: list[np.ndarray] = []
    index: list[Tile] = []
    for i, path in enumerate(photo_paths(photos_dir)):
        image = cv2.imread(str(path), cv2.IMREAD_COLOR)
        if image is None:
            raise ValueError(f"{path}: not an image")
        h, w = image.shape[:2]
        truths = load_labels(photos_dir / "labels" / (path.stem + ".txt"), w, h)
        hold = held_out(i)
        for t in truths:
            tiles.append(tile(image, t.x, t.y, t.size))
            index.append(Tile(path.name, "die", t.value, t.size, hold))
        if not truths:
            continue
        ext = float(np.median([t.size for t in truths]))
        centres = np.array([(t.x, t.y) for t in truths])
        for mx, my in between(centres, ext):
            tiles.append(tile(image, mx, my, ext))
            index.append(Tile(path.name, "between", 0, ext, hold))
        # Background: places at least one extent from every die.
        found = tries = 0
        while found < 4 and tries < 200:
            tries += 1
            x, y = rng.uniform(ext, w - ext), rng.uniform(ext, h - ext)
            if np.hypot(*(centres - (x, y)).T).min() < 1.1 * ext:
                continue
            tiles.append(tile(image, x, y, ext * rng.uniform(0.8, 1.2)))
            index.append(Tile(path.name, "background", 0, ext, hold))
            found += 1
    return tiles, index


def reader_cut(photos_dir: Path, model: Path | str | None = None, seed: int = 0
               ) -> tuple[list[np.ndarray], list[Tile]]:
    """The patches the reader asks the face model about in each training photo (read as a top
    view, uncalibrated, as the benchmark reads them), labelled by the labelled die under them.
    ``model``: the face model the reader consults while reading (default: the shipped one)."""
    from .. import reader
    from .readerdata import add_framed, recording

    rng = np.random.default_rng(seed)
    tiles: list[np.ndarray] = []
    index: list[Tile] = []
    with recording(model) as recorder:
        for i, path in enumerate(photo_paths(photos_dir)):
            if held_out(i):
                continue
            image = cv2.imread(str(path), cv2.IMREAD_COLOR)
            if image is None:
                raise ValueError(f"{path}: not an image")
            h, w = image.shape[:2]
            truth = [(t.x, t.y, t.size, t.size, t.value)
                     for t in load_labels(photos_dir / "labels" / (path.stem + ".txt"), w, h)]
            recorder.asked.clear()
            reader.read_dice(image, "top")
            add_framed(recorder, truth, path.name, rng, tiles, index)
    return tiles, index


def save(tiles: list[np.ndarray], index: list[Tile], mosaic_path: Path = MOSAIC, index_path: Path = INDEX,
         framing_model: str | None = None) -> None:
    DATA.mkdir(parents=True, exist_ok=True)
    rows = (len(tiles) + COLUMNS - 1) // COLUMNS
    mosaic = np.zeros((rows * TILE, COLUMNS * TILE, 3), np.uint8)
    for k, square in enumerate(tiles):
        r, c = divmod(k, COLUMNS)
        mosaic[r * TILE:(r + 1) * TILE, c * TILE:(c + 1) * TILE] = square
    # Full-resolution colour (4:4:4): a small die's red pips are only a few pixels across, and
    # JPEG's usual half-resolution colour would smear them into the die.
    cv2.imwrite(str(mosaic_path), mosaic, [cv2.IMWRITE_JPEG_QUALITY, 92,
                                           cv2.IMWRITE_JPEG_SAMPLING_FACTOR, cv2.IMWRITE_JPEG_SAMPLING_FACTOR_444])
    index_path.write_text(json.dumps({
        "source": "nell-byler/dice_detection d6 training photos (BSD 3-Clause, see LICENSE-byler)",
        "tile": TILE, "context": TILE_CONTEXT, "columns": COLUMNS,
        **({"framing_model": framing_model} if framing_model else {}),
        "tiles": [[t.photo, t.kind, t.value, round(t.extent, 1), t.held_out] for t in index],
    }, separators=(",", ":")) + "\n")


def load(mosaic_path: Path = MOSAIC, index_path: Path = INDEX) -> tuple[np.ndarray, list[Tile]]:
    """The tiles (N x TILE x TILE x 3 uint8, BGR) and their index, from the files in the repo
    (``READER_MOSAIC``, ``READER_INDEX``: the reader-framed ones)."""
    mosaic = cv2.imread(str(mosaic_path), cv2.IMREAD_COLOR)
    if mosaic is None:
        raise FileNotFoundError(f"{mosaic_path} is missing or not an image")
    meta = json.loads(index_path.read_text())
    index = [Tile(p, k, int(v), float(e), bool(h)) for p, k, v, e, h in meta["tiles"]]
    tiles = np.empty((len(index), TILE, TILE, 3), np.uint8)
    for k in range(len(index)):
        r, c = divmod(k, COLUMNS)
        tiles[k] = mosaic[r * TILE:(r + 1) * TILE, c * TILE:(c + 1) * TILE]
    return tiles, index


def _model_name(model: Path) -> str:
    """The framing model's file name and training date: the tiles it framed can be cut again
    only with that model."""
    try:
        trained = json.loads(model.with_suffix(".json").read_text())["trained"]
    except (OSError, ValueError, KeyError):
        return model.name
    return f"{model.name} (trained {trained})"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("photos", type=Path, help="a folder with images/ and labels/ (YOLO)")
    parser.add_argument("--framing-model", type=Path, action="append",
                        help="a face model the reader consults while framing its patches; given again, one set "
                             "of tiles per model (byler-reader-tiles.*, -2.*, ...) (default: "
                             + ", ".join(m.name for m in FRAMING_MODELS) + ", as for the shipped model)")
    args = parser.parse_args(argv)
    if not (args.photos / "images").is_dir():
        print(f"{args.photos}: no images/ folder", file=sys.stderr)
        return 2
    tiles, index = cut(args.photos)
    save(tiles, index)
    kinds = {k: sum(t.kind == k for t in index) for k in ("die", "between", "background")}
    print(f"{len(index)} tiles {kinds} -> {MOSAIC.name} ({MOSAIC.stat().st_size // 1024} KiB)")
    models = args.framing_model or list(FRAMING_MODELS)
    for k, model in enumerate(models):
        framed, framed_index = reader_cut(args.photos, model)
        mosaic_path, index_path = reader_paths(k)
        save(framed, framed_index, mosaic_path, index_path, framing_model=_model_name(model))
        dice = sum(t.kind == "die" for t in framed_index)
        print(f"{len(framed_index)} reader-framed tiles ({dice} dice, framed with {model}) "
              f"-> {mosaic_path.name} ({mosaic_path.stat().st_size // 1024} KiB)")
    for stale in reader_sets()[len(models):]:
        for path in stale:
            path.unlink()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
