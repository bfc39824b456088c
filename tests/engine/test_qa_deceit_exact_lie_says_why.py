"""QA: Deceit played at the virtual table, the default exact truth. Cy called 43, Bob pulled, the
dice showed 5-4, and the wall said "LIE! Cy called 43 — the dice show 5-4. Cy pays Bob a chip.":
at a bar, where Mia and Mexico count dice above the call as the truth, that reads as the
referee's mistake. A lie found above the call now says why; one below it reads as before."""

from __future__ import annotations

from . import records

HEADER = '{"game": "deceit", "players": ["Ann", "Bob", "Cy", "Dee"]}'


def test_a_roll_above_the_call_says_a_call_must_be_the_roll_exactly() -> None:
    s = records.play(HEADER, '{"by": "Ann", "do": "declare", "call": "43", "dice": [5, 4]}',
                     '{"by": "Bob", "do": "pull"}')
    assert s.game.last_verdict.message == ("LIE! Ann called 43 and pays a chip — the dice show 5-4, not "
                                           "43: a call must be the roll exactly. Bob pulled and collects.")


def test_a_2_1_called_on_a_higher_roll_says_so_too() -> None:
    s = records.play(HEADER, '{"by": "Ann", "do": "declare", "call": "21", "dice": [6, 6]}',
                     '{"by": "Bob", "do": "pull"}')
    assert s.game.last_verdict.message == ("LIE! Ann called 2-1 (21) and pays a chip — the dice show 6-6, "
                                           "not 2-1 (21): a call must be the roll exactly. Bob pulled and "
                                           "collects.")


def test_a_roll_below_the_call_and_at_least_truth_read_as_before() -> None:
    s = records.play(HEADER, '{"by": "Ann", "do": "declare", "call": "54", "dice": [3, 2]}',
                     '{"by": "Bob", "do": "pull"}')
    assert s.game.last_verdict.message == ("LIE! Ann called 54 and pays a chip — the dice show 3-2. Bob "
                                           "pulled and collects.")
    at_least = '{"game": "deceit", "players": ["Ann", "Bob"], "options": {"truth": "at-least"}}'
    s = records.play(at_least, '{"by": "Ann", "do": "declare", "call": "43", "dice": [5, 4]}',
                     '{"by": "Bob", "do": "pull"}')
    assert s.game.last_verdict.message == ("TRUE! Ann called 43 and collects — the dice show 5-4. Bob "
                                           "pulled and pays a chip.")
