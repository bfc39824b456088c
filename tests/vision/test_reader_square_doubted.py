"""A die lying plainly flat by its outline (square round its face), its pips fitting a layout,
that the network's single look doubts more than SQUARE_NO_FACE_MAX: read on its steady look where
that gives the pips' value first and doubts it at most classifier.STEADY_SQUARE_DOUBTED_MAX (of
the flat dice so doubted in the benchmark's 2,000, hard and lean, 18 of 23 measure 0.3 or less
steadily; the leaning dice square round their face 0.71 and more)."""

from __future__ import annotations

import pytest

from vision import classifier
from vision.classifier import FACELESS_DIE, LEANING, FaceGuess, judge

from .conftest import benchmark_frame, read_right_until


def _guess(value: int, sure: float, faceless: float) -> FaceGuess:
    """A guess giving ``value`` ``sure``, a die with no readable face ``faceless``, the rest spread."""
    p = [0.0] * 8
    p[FACELESS_DIE] = faceless
    p[value] = sure
    rest = [v for v in range(1, 7) if v != value]
    for v in rest:
        p[v] = (1.0 - sure - faceless) / len(rest)
    first = max(range(8), key=lambda v: p[v])
    return FaceGuess(first, p[first], tuple(p))


PIPS_READ_4 = (4, 0.99, 50.0, 50.0)
SINGLE_DOUBTING = _guess(4, 0.45, 0.5)      # over SQUARE_NO_FACE_MAX (0.3)


def test_a_square_die_its_steady_look_reads_plainly_enough_is_read() -> None:
    steady = _guess(4, 0.75, 0.2)
    read = judge(PIPS_READ_4, SINGLE_DOUBTING, (50.0, 50.0), square=True, steady=steady)
    assert read == (4, 0.75, 50.0, 50.0)


@pytest.mark.parametrize("square, steady", [
    (False, _guess(4, 0.75, 0.2)),      # not square round its face: its side may be in view
    (True, _guess(4, 0.65, 0.32)),      # doubted more than STEADY_SQUARE_DOUBTED_MAX
    (True, _guess(4, 0.55, 0.2)),       # the value less sure than STEADY_SQUARE_DOUBTED_AGREE
    (True, _guess(3, 0.75, 0.2)),       # another value
])
def test_otherwise_it_stays_leaning(square: bool, steady: FaceGuess) -> None:
    assert judge(PIPS_READ_4, SINGLE_DOUBTING, (50.0, 50.0), square=square, steady=steady) == LEANING


def test_a_single_look_sure_there_is_no_readable_face_is_not_overruled() -> None:
    plain_no_die = FaceGuess(FACELESS_DIE, 0.95, (0.0, 0.0, 0.0, 0.0, 0.05, 0.0, 0.0, 0.95))
    steady = _guess(4, 0.75, 0.2)
    assert judge(PIPS_READ_4, plain_no_die, (50.0, 50.0), square=True, steady=steady) == LEANING


@pytest.mark.parametrize("seed", [
    10_202,     # from above, blurred and noisy: a black 1, single look 0.37, steady 0.10 (0.90 sure)
    11_414,     # from above, noisy: a black 6, single look 0.40, steady 0.19
])
def test_flat_dice_the_single_look_doubted_are_read(monkeypatch, seed: int) -> None:
    read_right_until(monkeypatch, benchmark_frame(seed), classifier, "STEADY_SQUARE_DOUBTED_MAX", None, LEANING)
