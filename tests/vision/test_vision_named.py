"""benchmarks/vision_named.py: the fresh frames BENCHMARKS.md and README.md name, read again."""

from __future__ import annotations

import sys

import pytest

from .conftest import BENCHMARKS, benchmark_script


@pytest.fixture
def named(monkeypatch):
    monkeypatch.syspath_prepend(str(BENCHMARKS))
    yield benchmark_script("vision_named")
    sys.modules.pop("vision_sets", None)


def test_the_frames_named_are_seeds_not_sets_or_figures(named) -> None:
    text = ("Fresh 892209 (both ways) and 705000228; seed 893000's set; 1,614 readable; "
            "at 0.445 and 323456.7; benchmark frame 10980; 894348, 894348 again.")
    assert named.named_seeds(text) == [892_209, 894_348, 705_000_228]


def test_a_frame_named_is_read_both_ways_as_its_set_read_it(named, monkeypatch) -> None:
    asked = []

    def read(job):
        asked.append(job)
        kind, seed, style, first, calibrated = job
        return [{"verdict": "WRONG" if calibrated else "unsure"}]

    monkeypatch.setattr(named.vision_sets, "_read", read)
    # Each frame from its set's first seed (the view follows from the two), both ways.
    assert named._ways_wrong(896_945) == (896_945, ["calibrated"])
    assert asked == [("syn", 896_945, "", 896_000, False), ("syn", 896_945, "", 896_000, True)]


def test_a_frame_not_read_wrong_either_way_is_not_counted(named) -> None:
    # Fresh 892209 (a glared 2 read as a 3 until MIDDLE_UNFOUND_ONE_WEAKER), read by the real reader:
    # unsure both ways now, so not counted.
    assert named._ways_wrong(892_209) == (892_209, [])
