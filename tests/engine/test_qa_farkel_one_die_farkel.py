"""QA: Farkel on the virtual table. Dee kept five dice, rolled the last one, a 2, and the wall and
the phone said "FARKEL: Dee rolled 2, no scoring dice.": read at a bar as two dice rolled. A single
die is said as the refusals already say it ("a 2"); two or more read as before ("2-3")."""

from __future__ import annotations

from . import records

HEADER = '{"game": "farkel", "players": ["Ann", "Bob"]}'


def test_a_farkel_on_one_die_says_a_2_not_2() -> None:
    s = records.play(HEADER, '{"by": "Ann", "do": "roll", "dice": [1, 1, 1, 5, 5, 2]}',
                     '{"by": "Ann", "do": "keep", "dice": [1, 1, 1, 5, 5]}',
                     '{"by": "Ann", "do": "roll", "dice": [2]}')
    assert s.game.last_verdict.message == ("FARKEL: Ann rolled a 2, no scoring dice, and loses the "
                                           "400 points of this turn.")


def test_a_farkel_on_two_dice_reads_as_before() -> None:
    s = records.play(HEADER, '{"by": "Ann", "do": "roll", "dice": [1, 1, 1, 5, 2, 3]}',
                     '{"by": "Ann", "do": "keep", "dice": [1, 1, 1, 5]}',
                     '{"by": "Ann", "do": "roll", "dice": [2, 3]}')
    assert s.game.last_verdict.message == ("FARKEL: Ann rolled 2-3, no scoring dice, and loses the "
                                           "350 points of this turn.")
