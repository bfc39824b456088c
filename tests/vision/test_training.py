"""Retraining the face classifier from the data in the repo: the synthetic tiles, the
augmentation, and a short real training run exported for OpenCV (CI installs the ``train`` extra,
PyTorch CPU; without it the script must say what to install)."""

from __future__ import annotations

import importlib.util
import json
import re
from pathlib import Path

import numpy as np

from vision.classifier import FaceClassifier
from vision.faces import PATCH
from vision.training import realdata, synthdata, train


def test_synthetic_tiles_label_unreadable_dice_as_no_face() -> None:
    tiles, index = synthdata.cut(15)
    assert len(tiles) == len(index) > 15
    assert tiles.shape[1:] == (realdata.TILE, realdata.TILE, 3)          # colour
    kinds = {t.kind for t in index}
    assert {"die", "background"} <= kinds
    assert any(t.kind == "die" and t.value == 0 for t in index)       # cocked or hidden
    assert any(t.kind == "die" and t.value > 0 for t in index)
    again, _ = synthdata.cut(15)
    assert np.array_equal(tiles, again)                                 # seeded


def test_cocked_frames_can_be_more_and_carry_the_other_hard_cases() -> None:
    """--cocked-share and --cocked-mix: more frames with a cocked die, and those frames blurred,
    glared, noised... as the random mix's are (the cocked dice the reader misread were such)."""
    plain = list(synthdata._cocked(12, 5_000, 0.0))
    mixed = list(synthdata._cocked(12, 5_000, 0.5))
    for scenes in (plain, mixed):
        assert all(sum(d.cocked for d in s.labels) == 1 for s in scenes)
    assert all(s.hard == {"cocked"} for s in plain)
    assert any(len(s.hard) > 1 for s in mixed)
    assert {s.view.value for s in mixed} == {"top", "bottom"}
    faceless = [sum(t.kind == "die" and t.value == 0 for t in synthdata.cut(20, seed=9, cocked_share=share)[1])
                for share in (0.2, 0.6)]
    assert faceless[1] > faceless[0]                # 12 frames with a cocked die, not 4
    import pytest

    for bad in ({"cocked_share": 0.9}, {"cocked_share": -0.1}, {"cocked_mix": 1.5}):
        with pytest.raises(ValueError, match="from 0 to 1"):
            synthdata.cut(5, **bad)


def test_augmentation_moves_some_dice_off_centre_as_no_face() -> None:
    tiles, index = realdata.load()
    dice = np.array([k for k, t in enumerate(index) if t.kind == "die"][:200])
    labels = np.array([index[k].value for k in dice])
    x, y = train.augment(tiles[dice], labels, np.random.default_rng(1), off_centre=0.5)
    assert x.shape == (len(dice), 3, PATCH, PATCH)
    cut_in_half = (y == 0).mean()
    assert 0.35 < cut_in_half < 0.65
    assert np.array_equal(y[y > 0], labels[y > 0])


def test_recolouring_keeps_the_die_and_changes_its_colours() -> None:
    """Pips stay where they are (the picture's light and dark layout), colours vary: swapped,
    washed out, or grey."""
    tile = np.zeros((8, 8, 3), np.float32)
    tile[...] = (180, 60, 20)                       # a blue die
    tile[3:5, 3:5] = (30, 30, 200)                  # a red pip
    rng = np.random.default_rng(2)
    outs = [train._recolour(tile, rng) for _ in range(60)]
    assert all(o.shape == tile.shape and 0 <= o.min() and o.max() <= 255 for o in outs)
    pip_differs = [np.abs(o[4, 4] - o[0, 0]).max() for o in outs]
    assert min(pip_differs) > 5                     # the pip never vanishes into the die
    assert any(o[0, 0].argmax() != 0 for o in outs)    # the die is not always the bluest
    assert any(np.ptp(o[0, 0]) < 1 for o in outs)      # sometimes grey


def test_training_runs_and_exports_a_model_opencv_loads(tmp_path, capsys) -> None:
    if importlib.util.find_spec("torch") is None:
        # Without the train extra the script must say what is missing, not crash.
        assert train.main(["--epochs", "1", "--out", str(tmp_path)]) == 2
        assert "pip install" in capsys.readouterr().out
        assert not (tmp_path / "faces.onnx").exists()
        return
    lines: list[str] = []
    shipped = Path(__file__).resolve().parents[2] / "vision" / "models" / "faces.onnx"
    meta = train.train(epochs=2, synthetic_frames=10, seed=3, out_dir=tmp_path, real_weight=1,
                       reader_frames=3, reader_real_weight=1, framing_models=[shipped, shipped], log=lines.append)
    assert (tmp_path / "faces.onnx").is_file() and (tmp_path / "faces.json").is_file()
    assert any(line.startswith("epoch 2/2") for line in lines)
    assert meta["held_out_real_dice"] > 300
    assert meta["reader_frames"] == 3 and meta["reader_real_weight"] == 1
    # The frames shared among the framing models (2 and 1), every stored set of real ones used.
    assert [line.split()[1] for line in lines if line.startswith("reading")] == ["2", "1"]
    assert meta["framing_models"] == ["faces.onnx", "faces.onnx"]
    real_framed = sum(len(realdata.load(*paths)[1]) for paths in realdata.reader_sets())
    summary = next(line for line in lines if line.startswith("training on"))
    framed = int(re.search(r"(\d+) framed by the reader", summary).group(1))
    assert real_framed < framed < real_framed + 200       # all the real ones, a few synthetic
    assert meta["losses"][1] < meta["losses"][0]       # it learns
    probs = FaceClassifier(tmp_path / "faces.onnx").probabilities(np.zeros((3, PATCH, PATCH, 3), np.float32))
    assert probs.shape == (3, train.CLASSES) and np.allclose(probs.sum(1), 1, atol=1e-4)


def test_a_wider_network_drawing_fresh_examples_each_epoch(tmp_path, capsys) -> None:
    """--width and --hidden size the network; --per-epoch shows every real die each epoch and a
    fresh draw of the synthetic ones (an epoch over all 155,000 examples takes minutes)."""
    if importlib.util.find_spec("torch") is None:
        assert train.main(["--width", "2", "--out", str(tmp_path)]) == 2
        assert "pip install" in capsys.readouterr().out
        return
    import pytest
    import torch.nn as nn

    model = train.build_model(3, PATCH, width=1.5, hidden=128)
    convs = [m for m in model if isinstance(m, nn.Conv2d)]
    assert [c.out_channels for c in convs] == [24, 24, 48, 48, 96]
    linear = [m for m in model if isinstance(m, nn.Linear)]
    assert (linear[0].in_features, linear[0].out_features, linear[1].out_features) == (96 * 16, 128, train.CLASSES)

    real_shown = sum(not t.held_out for t in realdata.load()[1])
    lines: list[str] = []
    meta = train.train(epochs=1, synthetic_frames=10, seed=3, out_dir=tmp_path, real_weight=1, reader_frames=0,
                       reader_real_weight=0, width=0.5, hidden=16, per_epoch=real_shown + 40, log=lines.append)
    assert f"{real_shown + 40} per epoch" in next(line for line in lines if line.startswith("training on"))
    # trained on that many, not on every example (10 synthetic frames give more than 40 tiles)
    assert f"on {real_shown + 40} examples" in next(line for line in lines if line.startswith("epoch 1/1"))
    assert (meta["width"], meta["hidden"], meta["per_epoch"]) == (0.5, 16, real_shown + 40)
    probs = FaceClassifier(tmp_path / "faces.onnx").probabilities(np.zeros((2, PATCH, PATCH, 3), np.float32))
    assert probs.shape == (2, train.CLASSES)
    with pytest.raises(ValueError, match=f"more than the {real_shown} real ones"):
        train.train(epochs=1, synthetic_frames=10, seed=3, out_dir=tmp_path / "no", real_weight=1,
                    reader_frames=0, reader_real_weight=0, per_epoch=real_shown, log=lines.append)


def test_an_exported_model_is_trained_further_from_where_it_stands(tmp_path, capsys) -> None:
    """--init: the shipped model, its normalisation folded into its convolutions, loaded as a
    network that answers as OpenCV runs it, and trained on from there."""
    shipped = train.MODELS / "faces.onnx"
    if importlib.util.find_spec("torch") is None:
        assert train.main(["--init", str(shipped), "--out", str(tmp_path)]) == 2
        assert "pip install" in capsys.readouterr().out
        return
    import pytest
    import torch

    model = train.load_exported(shipped).eval()
    tiles, index = realdata.load()
    patches = train.centred(tiles[[k for k, t in enumerate(index) if t.held_out][:40]])    # N x 3 x size x size
    as_shipped = FaceClassifier(shipped).probabilities(patches.transpose(0, 2, 3, 1))
    assert as_shipped.max(axis=1).min() < 0.99          # not all saturated: the check can tell
    with torch.no_grad():
        loaded = torch.softmax(model(torch.from_numpy(patches)), 1).numpy()
    assert np.allclose(loaded, as_shipped, atol=1e-4)

    meta = train.train(epochs=1, synthetic_frames=10, seed=3, out_dir=tmp_path, real_weight=1, reader_frames=0,
                       reader_real_weight=0, init=shipped, max_lr=1e-4, width=0.5, hidden=16, log=lambda line: None)
    assert (meta["init"], meta["max_lr"]) == ("faces.onnx", 1e-4)
    assert (meta["width"], meta["hidden"]) == (1.0, 96)     # the model's own, recorded as it is
    # One short epoch from the shipped model reads the held-out real dice about as it does (a
    # network trained from nothing for one epoch reads few).
    shipped_meta = json.loads((train.MODELS / "faces.json").read_text())
    assert meta["held_out_real_dice_right_pct"] > shipped_meta["held_out_real_dice_right_pct"] - 5
    further = train.load_exported(tmp_path / "faces.onnx")
    assert any(not torch.equal(a, b) for a, b in zip(model.parameters(), further.parameters()))   # trained

    (tmp_path / "other.onnx").write_bytes(_one_layer_onnx())
    with pytest.raises(ValueError, match="not a face model"):
        train.load_exported(tmp_path / "other.onnx")
    (tmp_path / "broken.onnx").write_bytes(b"not a model")
    with pytest.raises(SystemExit):           # refused before any data is built
        train.main(["--init", str(tmp_path / "broken.onnx"), "--out", str(tmp_path)])
    err = capsys.readouterr().err
    assert "--init" in err and "not an ONNX model" in err
    with pytest.raises(SystemExit):
        train.main(["--init", str(shipped), "--patch", "24", "--out", str(tmp_path)])
    assert "patches of 32 px, not --patch 24" in capsys.readouterr().err
    with pytest.raises(ValueError, match="patches of 24 px"):
        train.train(epochs=1, synthetic_frames=2, seed=3, out_dir=tmp_path, real_weight=1, reader_frames=0,
                    reader_real_weight=0, init=shipped, size=24, log=lambda line: None)


def _one_layer_onnx() -> bytes:
    import onnx
    from onnx import TensorProto, helper, numpy_helper

    weight = numpy_helper.from_array(np.ones((8, 4), np.float32), "w")
    bias = numpy_helper.from_array(np.zeros(8, np.float32), "b")
    graph = helper.make_graph([helper.make_node("Gemm", ["x", "w", "b"], ["y"], transB=1)], "one",
                              [helper.make_tensor_value_info("x", TensorProto.FLOAT, [1, 4])],
                              [helper.make_tensor_value_info("y", TensorProto.FLOAT, [1, 8])], [weight, bias])
    return helper.make_model(graph).SerializeToString()


def test_impossible_training_settings_are_refused_with_a_reason(tmp_path, capsys) -> None:
    import pytest

    for flags, says in ((["--patch", "30"], "multiple of 8"), (["--context", "0"], "--context 0"),
                        (["--epochs", "0"], "at least one epoch"), (["--cocked-share", "0.9"], "from 0 to"),
                        (["--cocked-mix", "2"], "a chance"), (["--reader-frames", "-1"], "0 or more"),
                        (["--reader-real-weight", "-2"], "0 or more"),
                        (["--framing-model", str(tmp_path / "none.onnx")], "no such file"),
                        (["--width", "0"], "needs channels"), (["--hidden", "0"], "needs channels"),
                        (["--init", str(tmp_path / "none.onnx")], "no such file"), (["--max-lr", "0"], "above 0")):
        with pytest.raises(SystemExit) as exit_:
            train.main(flags + ["--out", str(tmp_path)])
        assert exit_.value.code == 2
        assert says in capsys.readouterr().err
    assert not (tmp_path / "faces.onnx").exists()


def test_the_defaults_train_the_shipped_model() -> None:
    """`python -m vision.training.train` with no options trains as the shipped model was trained
    (its faces.json records how), from files in the repo."""
    import json

    meta = json.loads((train.MODELS / "faces.json").read_text())
    assert (meta["epochs"], meta["reader_frames"], meta["reader_real_weight"]) == (
        train.EPOCHS, train.READER_FRAMES, train.READER_REAL_WEIGHT)
    # (models trained before these options were the plain network over every example)
    assert (meta.get("width", 1.0), meta.get("hidden", 96), meta.get("per_epoch")) == (
        train.WIDTH, train.HIDDEN, train.PER_EPOCH)
    assert (meta["cocked_share"], meta["cocked_mix"]) == (synthdata.COCKED_SHARE, synthdata.COCKED_MIX)
    assert meta["framing_models"] == [m.name for m in realdata.FRAMING_MODELS]
    assert all(m.is_file() and m.with_suffix(".json").is_file() for m in realdata.FRAMING_MODELS)
    assert len(realdata.reader_sets()) == len(realdata.FRAMING_MODELS)    # one set of real tiles each
