"""Train the face classifier and export it for OpenCV's dnn module.

    pip install -e '.[train]'                 # PyTorch (CPU) and onnx, for training only
    python -m vision.training.train           # writes vision/models/faces.onnx and faces.json

Data: the real-photo tiles in vision/training/data (training photos only; every fourth photo is
held out), tiles cut from seeded synthetic frames round each die, and the patches the reader
itself asks about, in other seeded frames and in the training photos (vision.training.readerdata:
dice framed by their blobs, cut from a neighbour, windows of the network's scan), as the reader
framed them consulting each of the earlier models in vision/models/earlier (``--reader-frames``,
``--reader-real-weight``, ``--framing-model``). Every example is shown turned, shifted,
rescaled, mirrored, blurred and noised, so the model sees dice at any rotation and as the reader's
blobs frame them (never exactly centred), and recoloured (channels swapped, washed out, grey),
so the model learns that pips differ from the die, not which colours dice come in.

Eight classes: 0 "no die here" (the bare tray, two dice, a die cut in half by the patch), 1-6 the
face seen, 7 "a die whose face cannot be read" (cocked or half hidden): the reader must tell a die
it cannot read from no die at all.
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import math
import time
from collections.abc import Sequence
from pathlib import Path

import cv2
import numpy as np

from ..classifier import FACELESS_DIE
from ..faces import CONTEXT, PATCH, face_patch
from . import readerdata, realdata, synthdata

MODELS = Path(__file__).resolve().parents[1] / "models"
CLASSES = 8            # no die, faces 1-6, a die with no readable face (FACELESS_DIE)
REAL_WEIGHT = 4        # each real training die is shown this many times per epoch
EPOCHS = 40
# The defaults train the shipped model (2026-11-24): with the patches the reader frames, in
# synthetic frames and the training photos, as each of realdata.FRAMING_MODELS made it frame
# them. (The model before it, in models/earlier, had none: --reader-frames 0
# --reader-real-weight 0 --epochs 60. See BENCHMARKS.md for what each reads better and worse.)
READER_FRAMES = 3000   # synthetic frames read by the reader for patches framed as it frames them
READER_REAL_WEIGHT = 2  # each real reader-framed die is shown this many times per epoch (0: none)
READER_SEED_STEP = 100_000  # the k-th framing model reads frames from READER_SEED + k x this
WIDTH = 1.0            # x the channels of each convolution stage (16, 32, 64)
HIDDEN = 96            # units of the layer before the classes
MAX_LR = 3e-3           # the one-cycle schedule's peak learning rate
PER_EPOCH: int | None = None   # examples per epoch: every real one, the rest drawn afresh each epoch
                               # from the synthetic and reader-framed ones (None: all of them,
                               # 155,000; a wider network's epoch over all takes 10 min here)


def augment(tiles: np.ndarray, labels: np.ndarray, rng: np.random.Generator,
            off_centre: float = 0.3, context: float = CONTEXT, size: int = PATCH
            ) -> tuple[np.ndarray, np.ndarray]:
    """One randomised patch per tile. A share ``off_centre`` of the dice are shown cut in half
    (centre moved half a die away) and labelled 0."""
    tile_ext = realdata.TILE / realdata.TILE_CONTEXT
    channels = tiles.shape[3] if tiles.ndim == 4 else 1
    out = np.empty((len(tiles), channels, size, size), np.float32)
    new_labels = labels.copy()
    for k, tile in enumerate(tiles):
        img = tile.astype(np.float32)
        if rng.random() < 0.5:
            img = img[:, ::-1]
        if channels == 3:
            img = _recolour(img, rng)
        gamma = math.exp(rng.normal(0, 0.25))
        img = 255.0 * (img / 255.0) ** gamma
        jx, jy = rng.normal(0, 0.06 * tile_ext, 2)
        if labels[k] > 0 and rng.random() < off_centre:
            a = rng.uniform(0, 2 * math.pi)
            r = rng.uniform(0.45, 0.6) * tile_ext
            jx, jy = r * math.cos(a), r * math.sin(a)
            new_labels[k] = 0
        # The reader frames a die by its blob: 0.7 to 1.4 x the labelled extent (dice in shadow
        # look smaller, shadows and sides make them larger).
        ext = tile_ext * math.exp(rng.uniform(-0.35, 0.33))
        patch = face_patch(img, realdata.TILE / 2 + jx, realdata.TILE / 2 + jy, ext,
                           angle_degrees=rng.uniform(0, 360), context=context, size=size)
        if rng.random() < 0.3:
            patch = cv2.GaussianBlur(patch, (0, 0), rng.uniform(0.4, 1.1))
        patch = patch + rng.normal(0, rng.uniform(0, 0.15), patch.shape).astype(np.float32)
        out[k] = patch.reshape(size, size, channels).transpose(2, 0, 1)
    return out, new_labels


def _recolour(img: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """The same die in other colours: channels swapped, white balance off, washed out or grey."""
    if rng.random() < 0.5:
        img = img[:, :, rng.permutation(3)]
    img = np.clip(img * np.exp(rng.normal(0, 0.08, 3)).astype(np.float32), 0, 255)
    r = rng.random()
    if r < 0.35:
        grey = img @ np.array([0.114, 0.587, 0.299], np.float32)
        keep = 0.0 if r < 0.15 else rng.uniform(0.2, 0.9)
        img = keep * img + (1 - keep) * grey[:, :, None]
    return img


def class_of(tile: realdata.Tile) -> int:
    """The class a tile teaches: its face, FACELESS_DIE for a die with none readable, else 0."""
    if tile.value > 0:
        return tile.value
    return FACELESS_DIE if tile.kind == "die" else 0


def centred(tiles: np.ndarray, context: float = CONTEXT, size: int = PATCH) -> np.ndarray:
    """Patches as the reader cuts them from a well-framed die: for evaluation."""
    tile_ext = realdata.TILE / realdata.TILE_CONTEXT
    patches = np.stack([face_patch(t.astype(np.float32), realdata.TILE / 2, realdata.TILE / 2, tile_ext,
                                   context=context, size=size) for t in tiles])
    return patches[:, None] if patches.ndim == 3 else patches.transpose(0, 3, 1, 2)


def build_model(channels: int = 3, size: int = PATCH, width: float = WIDTH, hidden: int = HIDDEN,
                *, batch_norm: bool = True):
    """The network: three stages of 3x3 convolutions (16, 32, 64 channels x ``width``), each
    halving the patch, then a ``hidden``-unit layer and the classes. Without ``batch_norm`` each
    convolution has a bias instead, as the exported model has it (its normalisation folded in)."""
    import torch.nn as nn

    def wide(n: int) -> int:
        return int(round(n * width))

    def block(cin: int, cout: int) -> list:
        if not batch_norm:
            return [nn.Conv2d(cin, cout, 3, padding=1), nn.ReLU()]
        return [nn.Conv2d(cin, cout, 3, padding=1, bias=False), nn.BatchNorm2d(cout), nn.ReLU()]

    return nn.Sequential(
        *block(channels, wide(16)), *block(wide(16), wide(16)), nn.MaxPool2d(2),       # 16 x 16
        *block(wide(16), wide(32)), *block(wide(32), wide(32)), nn.MaxPool2d(2),      # 8 x 8
        *block(wide(32), wide(64)), nn.MaxPool2d(2),                                  # 4 x 4
        nn.Flatten(), nn.Linear(wide(64) * (size // 8) ** 2, hidden), nn.ReLU(), nn.Dropout(0.3),
        nn.Linear(hidden, CLASSES))


def load_exported(path: Path):
    """A model exported by this script (ONNX, its batch normalisation folded into the
    convolutions) as a trainable network, to train further from where it stands (--init)."""
    import onnx
    import torch
    from onnx import numpy_helper

    try:
        graph = onnx.load(str(path)).graph
    except Exception as e:      # (protobuf's DecodeError and the like: the file is not ONNX)
        raise ValueError(f"{path}: not an ONNX model ({e})") from None
    weights = {t.name: numpy_helper.to_array(t) for t in graph.initializer}
    layers = [[weights[name] for name in node.input[1:]] for node in graph.node if node.op_type in ("Conv", "Gemm")]
    if len(layers) != 7 or any(len(layer) != 2 for layer in layers):
        raise ValueError(f"{path}: not a face model this script exported (5 convolutions and 2 layers, each with a bias)")
    first_conv, first_dense = layers[0][0], layers[5][0]
    channels, width, hidden = first_conv.shape[1], first_conv.shape[0] / 16, first_dense.shape[0]
    size = 8 * round(math.sqrt(first_dense.shape[1] / layers[4][0].shape[0]))
    model = build_model(channels, size, width, hidden, batch_norm=False)
    learned = [m for m in model if isinstance(m, (torch.nn.Conv2d, torch.nn.Linear))]
    with torch.no_grad():
        for module, (weight, bias) in zip(learned, layers):
            if tuple(module.weight.shape) != weight.shape:
                raise ValueError(f"{path}: a layer of shape {weight.shape} where {tuple(module.weight.shape)} was expected")
            module.weight.copy_(torch.from_numpy(weight.copy()))
            module.bias.copy_(torch.from_numpy(bias.copy()))
    # What it reads and how wide it is: for train() to check, and to record in faces.json.
    model.channels, model.patch, model.width, model.hidden = channels, size, float(width), int(hidden)
    return model


def train(*, epochs: int, synthetic_frames: int, seed: int, out_dir: Path, threads: int = 2,
          real_weight: int = REAL_WEIGHT, context: float = CONTEXT, size: int = PATCH,
          cocked_share: float = synthdata.COCKED_SHARE, cocked_mix: float = synthdata.COCKED_MIX,
          reader_frames: int = READER_FRAMES, framing_models: Sequence[Path] = realdata.FRAMING_MODELS,
          reader_real_weight: int = READER_REAL_WEIGHT, width: float = WIDTH, hidden: int = HIDDEN,
          per_epoch: int | None = PER_EPOCH, init: Path | None = None, max_lr: float = MAX_LR,
          log=print) -> dict:
    import torch

    torch.manual_seed(seed)
    torch.set_num_threads(threads)
    further = None if init is None else load_exported(init)     # a bad model stops here, not after the data
    rng = np.random.default_rng(seed)
    real_tiles, real_index = realdata.load()
    channels = real_tiles.shape[3] if real_tiles.ndim == 4 else 1    # as the stored tiles: colour
    if further is not None and (further.channels, further.patch) != (channels, size):
        raise ValueError(f"{init}: reads {further.channels}-channel patches of {further.patch} px, "
                         f"the data here {channels}-channel patches of {size} px")
    if further is not None:
        width, hidden = further.width, further.hidden      # the model's own, not the defaults
    train_mask = np.array([not t.held_out for t in real_index])
    real_labels = np.array([class_of(t) for t in real_index], np.int64)
    syn_tiles, syn_index = synthdata.cut(synthetic_frames, seed=synthdata.TRAIN_SEED + seed,
                                           cocked_share=cocked_share, cocked_mix=cocked_mix)
    # Patches framed as the reader frames them: synthetic ones, shared among the framing models
    # (other frames for each: the models differ in what they make the reader ask), and every
    # stored set of the real training photos' (each die among those shown ``reader_real_weight``
    # times).
    framed: list[np.ndarray] = []
    framed_index: list[realdata.Tile] = []
    models = list(framing_models)
    for k, model in enumerate(models):
        share = reader_frames // len(models) + (k < reader_frames % len(models))
        if share:
            log(f"reading {share} synthetic frames for the patches the reader frames (consulting {model})")
            synthetic_framed, synthetic_framed_index = readerdata.cut(
                share, seed=readerdata.READER_SEED + k * READER_SEED_STEP, model=model)
            framed.append(synthetic_framed)
            framed_index += synthetic_framed_index
    for mosaic_path, index_path in realdata.reader_sets() if reader_real_weight else []:
        real_framed, real_framed_index = realdata.load(mosaic_path, index_path)
        dice = np.array([t.kind == "die" for t in real_framed_index])
        framed += [real_framed] + [real_framed[dice]] * (reader_real_weight - 1)
        framed_index += real_framed_index + [t for t in real_framed_index if t.kind == "die"] * (reader_real_weight - 1)
    syn_labels = np.array([class_of(t) for t in syn_index + framed_index], np.int64)
    real_die = train_mask & (real_labels > 0)
    other_tiles = np.concatenate([syn_tiles, *framed])
    real_shown = np.concatenate([real_tiles[train_mask]] + [real_tiles[real_die]] * (real_weight - 1))
    real_shown_labels = np.concatenate([real_labels[train_mask]] + [real_labels[real_die]] * (real_weight - 1))
    drawn = len(other_tiles) if per_epoch is None else per_epoch - len(real_shown)
    if not 0 < drawn <= len(other_tiles):
        raise ValueError(f"{per_epoch} examples per epoch: give more than the {len(real_shown)} real ones "
                         f"and at most {len(real_shown) + len(other_tiles)}")
    log(f"training on {len(other_tiles) + len(real_shown)} examples ({len(syn_tiles)} synthetic tiles, "
        f"{len(framed_index)} framed by the reader, {int(train_mask.sum())} real tiles from training photos)"
        + ("" if per_epoch is None else f", {per_epoch} per epoch"))

    model = build_model(channels, size, width, hidden) if further is None else further
    opt = torch.optim.AdamW(model.parameters(), lr=max_lr, weight_decay=1e-4)
    per_epoch_shown = drawn + len(real_shown)
    sched = torch.optim.lr_scheduler.OneCycleLR(opt, max_lr=max_lr, total_steps=epochs * math.ceil(per_epoch_shown / 256))
    loss_fn = torch.nn.CrossEntropyLoss(label_smoothing=0.02)
    losses: list[float] = []
    if per_epoch is None:       # every example every epoch: joined once (about 2 GB)
        tiles = np.concatenate([other_tiles, real_shown])
        labels = np.concatenate([syn_labels, real_shown_labels])
        del other_tiles
    for epoch in range(epochs):
        t0 = time.perf_counter()
        if per_epoch is not None:
            pick = rng.choice(len(other_tiles), drawn, replace=False)
            tiles = np.concatenate([other_tiles[pick], real_shown])
            labels = np.concatenate([syn_labels[pick], real_shown_labels])
        x, y = augment(tiles, labels, rng, context=context, size=size)
        order = rng.permutation(len(x))
        model.train()
        total = 0.0
        for i in range(0, len(order), 256):
            idx = order[i:i + 256]
            opt.zero_grad()
            loss = loss_fn(model(torch.from_numpy(x[idx])), torch.from_numpy(y[idx]))
            loss.backward()
            opt.step()
            sched.step()
            total += float(loss.detach()) * len(idx)
        losses.append(total / len(x))
        log(f"epoch {epoch + 1}/{epochs}: loss {losses[-1]:.3f} on {len(x)} examples ({time.perf_counter() - t0:.0f} s)")

    model.eval()
    held = ~train_mask
    with torch.no_grad():
        probs = torch.softmax(model(torch.from_numpy(centred(real_tiles[held], context, size))), 1).numpy()
    truth = real_labels[held]
    dice = truth > 0
    pred = probs.argmax(1)
    report = {
        "held_out_real_dice": int(dice.sum()),
        "held_out_real_dice_right_pct": round(100 * float((pred[dice] == truth[dice]).mean()), 2),
        "held_out_real_not_dice": int((~dice).sum()),
        "held_out_real_not_dice_right_pct": round(100 * float((pred[~dice] == 0).mean()), 2),
    }
    log(json.dumps(report))

    import torch.onnx
    out_dir.mkdir(parents=True, exist_ok=True)
    model_path = out_dir / "faces.onnx"
    torch.onnx.export(model, torch.zeros(1, channels, size, size), str(model_path), dynamo=False,
                      input_names=["patch"], output_names=["logits"],
                      dynamic_axes={"patch": {0: "n"}, "logits": {0: "n"}})
    meta = {
        "model": model_path.name, "patch": size, "context": context, "channels": channels,
        "classes": CLASSES,
        "trained": dt.date.today().isoformat(), "seed": seed, "epochs": epochs,
        "synthetic_frames": synthetic_frames, "cocked_share": cocked_share, "cocked_mix": cocked_mix,
        "reader_frames": reader_frames, "reader_real_weight": reader_real_weight,
        "width": width, "hidden": hidden, "per_epoch": per_epoch, "max_lr": max_lr,
        "init": None if init is None else init.name,
        "framing_models": [m.name for m in models],
        "real_training_tiles": int(train_mask.sum()),
        "torch": torch.__version__, "losses": [round(v, 4) for v in losses], **report,
    }
    (out_dir / "faces.json").write_text(json.dumps(meta, indent=1) + "\n")
    return meta


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Train the die face classifier (vision/models/faces.onnx).")
    parser.add_argument("--epochs", type=int, default=EPOCHS)
    parser.add_argument("--synthetic-frames", type=int, default=5000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--out", type=Path, default=MODELS)
    parser.add_argument("--context", type=float, default=CONTEXT,
                        help="patch side / die extent (more shows a leaning die's side)")
    parser.add_argument("--patch", type=int, default=PATCH, help="patch side in pixels (a multiple of 8)")
    parser.add_argument("--cocked-share", type=float, default=synthdata.COCKED_SHARE,
                        help="share of the synthetic frames that show a cocked die for sure")
    parser.add_argument("--cocked-mix", type=float, default=synthdata.COCKED_MIX,
                        help="chance of each other hard case (blur, glare...) on those frames")
    parser.add_argument("--reader-frames", type=int, default=READER_FRAMES,
                        help="synthetic frames read by the reader for patches framed as it frames them (0: none)")
    parser.add_argument("--framing-model", type=Path, action="append",
                        help="the face model the reader consults while framing them; given again, the frames "
                             "are shared among the models (default: "
                             + ", ".join(m.name for m in realdata.FRAMING_MODELS) + ")")
    parser.add_argument("--reader-real-weight", type=int, default=READER_REAL_WEIGHT,
                        help="times each real die framed by the reader is shown per epoch (0: those tiles left out)")
    parser.add_argument("--width", type=float, default=WIDTH, help="x the channels of each convolution stage")
    parser.add_argument("--hidden", type=int, default=HIDDEN, help="units of the layer before the classes")
    parser.add_argument("--per-epoch", type=int, default=PER_EPOCH,
                        help="examples per epoch: every real one and a fresh draw of the others (default: all)")
    parser.add_argument("--init", type=Path,
                        help="a face model this script exported, trained further instead of a new one "
                             "(its width and hidden units; hours less on a slow machine)")
    parser.add_argument("--max-lr", type=float, default=MAX_LR,
                        help="peak learning rate (with --init, 3e-4 was tried: see BENCHMARKS.md, 2026-11-29)")
    args = parser.parse_args(argv)
    if args.width <= 0 or args.hidden < 1:
        parser.error(f"--width {args.width} --hidden {args.hidden}: the network needs channels and units")
    if args.reader_frames < 0:
        parser.error(f"--reader-frames {args.reader_frames}: a number of frames, 0 or more")
    if args.reader_real_weight < 0:
        parser.error(f"--reader-real-weight {args.reader_real_weight}: a number of times, 0 or more")
    for model in args.framing_model or []:
        if not model.is_file():
            parser.error(f"--framing-model {model}: no such file")
    if args.patch < 16 or args.patch % 8:
        parser.error(f"--patch {args.patch}: the network halves the patch three times; give a multiple of 8, at least 16")
    if args.context <= 0:
        parser.error(f"--context {args.context}: the patch must show more than nothing round the die's centre")
    if args.epochs < 1:
        parser.error(f"--epochs {args.epochs}: train for at least one epoch")
    if not 0 <= args.cocked_share <= 1 - synthdata.OCCLUDED_SHARE:
        parser.error(f"--cocked-share {args.cocked_share}: give a share from 0 to {1 - synthdata.OCCLUDED_SHARE:g} "
                     f"(a share {synthdata.OCCLUDED_SHARE:g} of the frames show a half-hidden die)")
    if not 0 <= args.cocked_mix <= 1:
        parser.error(f"--cocked-mix {args.cocked_mix}: a chance, from 0 to 1")
    if args.init is not None and not args.init.is_file():
        parser.error(f"--init {args.init}: no such file")
    if args.max_lr <= 0:
        parser.error(f"--max-lr {args.max_lr}: a learning rate above 0")
    try:
        import torch  # noqa: F401
    except ImportError:
        print("training needs PyTorch: pip install -e '.[train]'")
        return 2
    if args.init is not None:
        try:
            patch = load_exported(args.init).patch
        except ValueError as e:
            parser.error(f"--init {e}")
        if patch != args.patch:
            parser.error(f"--init {args.init}: it reads patches of {patch} px, not --patch {args.patch}")
    train(epochs=args.epochs, synthetic_frames=args.synthetic_frames, seed=args.seed, out_dir=args.out,
          context=args.context, size=args.patch, cocked_share=args.cocked_share, cocked_mix=args.cocked_mix,
          reader_frames=args.reader_frames, framing_models=args.framing_model or realdata.FRAMING_MODELS,
          reader_real_weight=args.reader_real_weight, width=args.width, hidden=args.hidden,
          per_epoch=args.per_epoch, init=args.init, max_lr=args.max_lr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
