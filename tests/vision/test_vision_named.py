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


def test_a_frame_named_is_read_both_ways_as_its_set_read_it(named) -> None:
    # Fresh 896945 (under the cup): a lone white die cocked, read flat calibrated only.
    assert named._ways_wrong(896_945) == (896_945, ["calibrated"])
    # Fresh 892209 (under the cup): a glared 2 read 3 both ways until MIDDLE_UNFOUND_ONE_WEAKER.
    assert named._ways_wrong(892_209) == (892_209, [])
