"""benchmarks/vision_cut_oracle.py: dice side by side cut half-way between their true centres.
Fresh 739682 (two black dice touching, a 1 above a 4, from above) is unsure because the reader's
cut runs into the 4; cut at the true seam, more of its dice are read right."""

from __future__ import annotations

import sys

import pytest

from vision import outlines

from .conftest import BENCHMARKS, benchmark_script



@pytest.fixture
def oracle(monkeypatch):
    monkeypatch.syspath_prepend(str(BENCHMARKS))
    module = benchmark_script("vision_cut_oracle")
    # What the script's worker processes do, undone after the test.
    monkeypatch.setattr(outlines, "_cluster_centres", module._true_middles)
    monkeypatch.setattr(outlines, "split_touching", module._split)
    yield module
    sys.modules.pop("vision_sets", None)


def test_a_cut_moved_to_the_true_seam_reads_more_dice_right(oracle) -> None:
    frame, readable, own, moved = oracle._read(("syn", 739682, "", 739000))
    assert frame == "739682" and readable
    assert own[0] == "unsure" and own[1] == 2        # the reader's own cut: the 1 and a 3 read
    assert moved[1] > own[1], moved                  # the 4 (and its 1) read once cut at the seam


def test_a_frame_with_no_dice_side_by_side_is_left_out(oracle) -> None:
    # Frame 10001 of the benchmark: no region of dice side by side is cut, so nothing moves.
    assert oracle._read(("syn", 10001, "", 10000)) is None


def test_calibrated_sets_are_refused(oracle, monkeypatch, capsys) -> None:
    monkeypatch.setattr(sys, "argv", ["vision_cut_oracle.py", "s745c", "--processes", "1"])
    with pytest.raises(SystemExit, match="uncalibrated rendered sets only"):
        oracle.main()
