"""Deceit: the verdicts and refusals name a call as the wall's and the phone's call lines do.

The phone's call line said "Call: 1-1 (11) on Cy" and the verdict under it "Cy believes Ann's
11."; a 2-1 stood as "2-1 (21)" and was judged as "Ann called 21". The seed's two rolls with a
rule of their own are named by their dice with the call after them; any other call by its two
digits, as before."""

from __future__ import annotations

import pytest

from engine.errors import IllegalAction
from engine.record import Session

from . import records

HEADER = '{"game": "deceit", "players": ["Ann", "Bob", "Cy", "Dee"]}'


def play(*lines: str) -> Session:
    return records.play(HEADER, *lines)


@pytest.mark.parametrize("code, named", [("11", "1-1 (11)"), ("21", "2-1 (21)"), ("54", "54"),
                                         ("66", "66"), ("22", "22")])
def test_a_call_is_named_as_the_pages_name_it(code: str, named: str) -> None:
    from engine.deceit import call_name     # (what device.console names a standing 11 with)

    assert call_name(code) == named


def test_a_believed_11_names_the_roll_as_the_call_line_did() -> None:
    s = play('{"by": "Ann", "do": "declare", "call": "11", "target": "Cy", "dice": [4, 2]}',
             '{"by": "Cy", "do": "accept"}')
    assert s.game.last_verdict.message == "Cy believes Ann's 1-1 (11) and pays a chip."


@pytest.mark.parametrize("dice, message", [
    ([1, 1], "TRUE! Ann called 1-1 (11) and collects — the dice show 1-1. Dee, who was named, pulled "
             "and pays 2 chips."),
    ([6, 6], "LIE! Ann called 1-1 (11) and pays 2 chips — the dice show 6-6. Dee, who was named, "
             "pulled and collects."),
])
def test_a_pulled_11_names_the_roll_as_the_call_line_did(dice: list[int], message: str) -> None:
    s = play(f'{{"by": "Ann", "do": "declare", "call": "11", "target": "Dee", "dice": {dice}}}',
             '{"by": "Dee", "do": "pull"}')
    assert s.game.last_verdict.message == message


def test_a_pulled_21_names_the_roll_as_the_call_line_did_and_other_calls_keep_their_digits() -> None:
    s = play('{"by": "Ann", "do": "declare", "call": "21", "dice": [1, 2]}', '{"by": "Bob", "do": "pull"}')
    assert s.game.last_verdict.message == ("TRUE! Ann called 2-1 (21) and collects — the dice show 2-1. "
                                           "Bob pulled and pays a chip. 2-1 stands: play now goes "
                                           "counter-clockwise.")
    s = play('{"by": "Ann", "do": "declare", "call": "54", "dice": [3, 2]}', '{"by": "Bob", "do": "pull"}')
    assert s.game.last_verdict.message == ("LIE! Ann called 54 and pays a chip — the dice show 3-2. Bob "
                                           "pulled and collects.")


def test_the_refusals_while_an_11_stands_name_it_as_the_call_line_does() -> None:
    s = play('{"by": "Ann", "do": "declare", "call": "11", "target": "Cy", "dice": [4, 2]}')
    records.assert_refused(s, '{"by": "Bob", "do": "pull"}', IllegalAction,
                           "Ann called 1-1 (11) on Cy: only Cy may accept (pay a chip) or pull")
    records.assert_refused(s, '{"by": "Cy", "do": "declare", "call": "66", "dice": [6, 6]}',
                           IllegalAction, "Ann called 1-1 (11) on Cy: Cy must accept (pay a chip) or pull")
    s = play('{"by": "Ann", "do": "declare", "call": "11", "target": "Bob", "dice": [4, 2]}',
             '{"by": "Bob", "do": "accept"}',
             '{"by": "Bob", "do": "declare", "call": "11", "target": "Cy", "dice": [5, 2]}')
    # (Nothing beats an 11: only the named player answers it, so no higher call is ever tried.)
    message = records.assert_refused(s, '{"by": "Ann", "do": "accept"}', IllegalAction)
    assert message == "Bob called 1-1 (11) on Cy: only Cy may accept (pay a chip) or pull"
