"""QA: Farkel's refusals of a keep of one die speak of one die.

Sent from the phone's record line, a lone 2 was refused with "2 do not score", a 1 not on the
tray with "1 are not among the dice left from this roll"."""

from __future__ import annotations

import pytest

from engine.errors import IllegalAction
from engine.record import Session


def _session(*lines):
    s = Session({"game": "farkel", "players": ["Ann", "Bob"]})
    for line in lines:
        s.apply(line)
    return s


def _refusal(s, action) -> str:
    with pytest.raises(IllegalAction) as info:
        s.apply(action)
    return str(info.value)


def test_one_die_kept_is_refused_in_the_singular() -> None:
    s = _session({"by": "Ann", "do": "roll", "dice": [6, 4, 3, 2, 2, 2]})
    assert _refusal(s, {"by": "Ann", "do": "keep", "dice": [1]}) == (
        "a 1 is not among the dice left from this roll (2-2-2-3-4-6)")
    assert _refusal(s, {"by": "Ann", "do": "keep", "dice": [3]}).startswith(
        "a 3 does not score: every kept die must count")
    s.apply({"by": "Ann", "do": "keep", "dice": [2, 2, 2]})
    assert _refusal(s, {"by": "Ann", "do": "keep", "dice": [4]}) == (
        "a 4 does not score with the 2-2-2 already kept from this roll: every kept die must count")


def test_several_dice_kept_are_refused_in_the_plural() -> None:
    s = _session({"by": "Ann", "do": "roll", "dice": [6, 4, 3, 2, 2, 2]})
    assert _refusal(s, {"by": "Ann", "do": "keep", "dice": [1, 1]}).startswith(
        "1-1 are not among the dice left from this roll")
    assert _refusal(s, {"by": "Ann", "do": "keep", "dice": [3, 4]}).startswith("3-4 do not score")
