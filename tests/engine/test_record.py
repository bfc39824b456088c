"""The game record: header validation, undo lines, and Session.lines() round trips."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

import engine
from engine.errors import IllegalAction, LineError, RecordError
from engine.record import Session, new_game, normalise_header, parse_json_line, replay

HEADER = {"game": "kuriki", "players": ["Ann", "Bob", "Cy"]}
LIE = [{"by": "Ann", "do": "declare", "call": "walnuts", "dice": [6, 3]}, {"by": "Bob", "do": "pull"}]


@pytest.mark.parametrize("header,message", [
    ([], "the first line must be a header object"),
    ({"game": "kuriki", "players": ["Ann", "Bob"], "venue": "Joe's"}, 'unknown header key "venue"'),
    ({"players": ["Ann", "Bob"]}, 'the header needs "game"'),
    ({"game": "kuriki"}, 'the header needs "players"'),
    ({"game": "kuriki", "players": ["Ann", "Bob"], "options": [5]}, '"options" must be a JSON object'),
    ({"game": "kuriki", "players": ["Ann", "Bob"], "direction": "widdershins"}, '"direction" must be'),
    ({"game": "kuriki", "players": "Ann, Bob"}, "players must be a list of names"),
    ({"game": "kuriki", "players": ["Ann", 7]}, "players must be a list of names"),
    ({"game": "kuriki", "players": ["Ann", "Ann"]}, 'two players are called "Ann"'),
    ({"game": "kuriki", "players": ["Ann", " "]}, "a player's name cannot be empty"),
    ({"game": "kuriki", "players": ["Ann"]}, "Kuriki needs 2 to 12 players, not 1"),
    ({"game": "chess", "players": ["Ann", "Bob"]}, 'unknown game "chess"'),
    ({"game": "kuriki", "players": ["Ann", "Bob"], "options": {"lives": "five"}},
     'option "lives" must be a whole number'),
    ({"game": "kuriki", "players": ["Ann", "Bob"], "options": {"two_digit": 1}},
     'option "two_digit" must be true or false'),
    ({"game": "kuriki", "players": ["Ann", "Bob"], "options": {"direction": "up"}},
     'option "direction" must be one of'),
    # Not a number a pot can hold, and not JSON a browser can read back in the state.
    ({"game": "kuriki", "players": ["Ann", "Bob"], "options": {"fine": float("nan")}},
     'option "fine" must be a finite number'),
    ({"game": "kuriki", "players": ["Ann", "Bob"], "options": {"stake": float("inf")}},
     'option "stake" must be a finite number'),
])
def test_bad_headers_are_refused(header: Any, message: str) -> None:
    with pytest.raises(RecordError) as info:
        Session(header)
    assert message in str(info.value)


def test_top_level_direction_is_folded_into_options() -> None:
    header = normalise_header({"game": "kuriki", "players": ["Ann", "Bob", "Cy"], "direction": "counter-clockwise"})
    assert header == {"game": "kuriki", "players": ["Ann", "Bob", "Cy"],
                      "options": {"direction": "counter-clockwise"}}
    game = new_game(header)
    game.apply(LIE[0])
    assert game.to_act == "Cy"


def test_header_options_reach_the_game() -> None:
    game = Session({"game": "kuriki", "players": ["Ann", "Bob"], "options": {"lives": 7, "fine": 1}}).game
    assert [p["lives"] for p in game.standings()["players"]] == [7, 7]
    assert game.options.to_dict()["fine"] == 1


def test_parse_json_line() -> None:
    assert parse_json_line('{"do": "pass", "by": "Bob"}') == {"do": "pass", "by": "Bob"}
    with pytest.raises(RecordError, match="not valid JSON"):
        parse_json_line('{"do": ')
    with pytest.raises(RecordError, match="must be a JSON object"):
        parse_json_line('"pass"')


def test_a_string_left_open_is_placed_once() -> None:
    # json says "Unterminated string starting at"; the message said "... at at column 8".
    with pytest.raises(RecordError) as caught:
        parse_json_line('{"do": "pass')
    assert str(caught.value) == "not valid JSON (Unterminated string starting at column 8)"


# -- undo ------------------------------------------------------------------------------

def test_undo_takes_back_the_last_action_and_is_logged() -> None:
    s = Session(HEADER)
    for a in LIE:
        s.apply(a)
    assert s.game.standings()["players"][0]["lives"] == 4
    s.apply({"by": "Cy", "do": "undo"})
    assert s.game.standings()["players"][0]["lives"] == 5
    assert s.game.to_act == "Bob" and s.game.call == "double-4"
    assert s.effective == [LIE[0]]
    assert s.log == LIE + [{"by": "Cy", "do": "undo"}]


def test_undo_twice_and_then_nothing_left() -> None:
    s = Session(HEADER)
    for a in LIE:
        s.apply(a)
    assert s.undo() == LIE[1]
    assert s.undo() == LIE[0]
    assert s.game.to_act == "Ann" and s.game.call is None
    with pytest.raises(IllegalAction, match="nothing to undo"):
        s.undo()
    assert s.log == LIE + [{"do": "undo"}, {"do": "undo"}]


def test_undo_by_an_unknown_player_is_refused() -> None:
    s = Session(HEADER)
    s.apply(LIE[0])
    with pytest.raises(RecordError, match='unknown player "Zed"'):
        s.apply({"by": "Zed", "do": "undo"})
    assert s.effective == [LIE[0]] and s.log == [LIE[0]]


def test_undo_keeps_the_hidden_dice_of_the_roll_it_returns_to() -> None:
    s = Session(HEADER)
    s.apply(LIE[0])
    s.apply(LIE[1])
    s.undo()
    s.apply({"by": "Bob", "do": "pull"})      # the same pull judges the same dice again
    assert s.game.last_verdict is not None and s.game.last_verdict.dice == (6, 3)


def test_a_refused_action_leaves_the_session_unchanged() -> None:
    s = Session(HEADER)
    s.apply(LIE[0])
    before = (json.dumps(s.game.public_state()), list(s.log), list(s.effective))
    for bad in ({"by": "Cy", "do": "pull"}, {"by": "Bob", "do": "declare", "call": "4", "dice": [1, 3]},
                {"by": "Bob", "do": "declare", "call": "boxcars", "dice": [6, 7]}, {"do": "pass"}, "pass"):
        with pytest.raises(engine.EngineError):
            s.apply(bad)  # type: ignore[arg-type]
        assert (json.dumps(s.game.public_state()), s.log, s.effective) == before


# -- lines() and replay ---------------------------------------------------------------------

def test_lines_round_trip_with_undo() -> None:
    s = Session({"game": "kuriki", "players": ["Ann", "Bob", "Cy"], "direction": "counter-clockwise"})
    s.apply({"by": "Ann", "do": "declare", "call": "9", "dice": [5, 4]})
    s.apply({"by": "Cy", "do": "pass"})
    s.apply({"do": "undo"})
    s.apply({"by": "Cy", "do": "pull"})
    s.apply({"by": "Bob", "do": "foul", "kind": "rusk"})
    lines = s.lines()
    assert json.loads(lines[0]) == {"game": "kuriki", "players": ["Ann", "Bob", "Cy"],
                                   "options": {"direction": "counter-clockwise"}}
    again = replay(lines)
    assert again.lines() == lines
    assert again.log == s.log and again.effective == s.effective
    assert again.game.public_state() == s.game.public_state()


def test_replay_counts_blank_lines_in_line_numbers() -> None:
    lines = [json.dumps(HEADER), "", json.dumps(LIE[0]), "   ", json.dumps({"by": "Cy", "do": "pull"})]
    with pytest.raises(LineError) as info:
        replay(lines)
    assert info.value.line == 5 and "Cy cannot pull now" in str(info.value)
    assert isinstance(info.value.error, IllegalAction)


@pytest.mark.parametrize("name", sorted(engine.GAMES))
def test_every_game_round_trips_a_random_record(name: str) -> None:
    rng = random.Random(2026)
    s = Session({"game": name, "players": ["Ann", "Bob", "Cy"]})
    for _ in range(60):
        if s.game.over:
            break
        s.apply(s.game.random_action(rng))
        if rng.random() < 0.1 and s.effective:
            s.apply({"do": "undo"})
    again = replay(s.lines())
    assert again.game.standings() == s.game.standings()
    assert again.lines() == s.lines()


# -- a wrong value is quoted as the record wrote it --------------------------------------

KURIKI = '{"game": "kuriki", "players": ["Ann", "Bob"]}'
MIA = '{"game": "mia", "players": ["Ann", "Bob"]}'
LIARS = '{"game": "liars", "players": ["Ann", "Bob"]}'


@pytest.mark.parametrize("lines,message", [
    # It was "dice: True is not a die face": the record says true, and True is nowhere in it.
    ([KURIKI, '{"by": "Ann", "do": "declare", "call": "walnuts", "dice": [true, 4]}'],
     "line 2: dice: true is not a die face (1-6)"),
    ([KURIKI, '{"by": "Ann", "do": "declare", "call": "walnuts", "dice": ["6", 4]}'],
     'line 2: dice: "6" is not a die face (1-6)'),
    ([KURIKI, '{"by": "Ann", "do": "declare", "call": "walnuts", "dice": "6,3"}'],
     'line 2: dice must be a list of die faces 1-6, not "6,3"'),
    ([KURIKI, '{"by": "Ann", "do": "declare", "call": false, "dice": [6, 3]}'],
     'like "walnuts" or "9"; not false'),
    ([KURIKI, '{"by": "Ann", "do": "declare", "call": 99, "dice": [6, 3]}'],
     "line 2: unknown call 99;"),
    ([KURIKI, '{"by": "Ann", "do": "foul", "kind": ["peek"]}'], 'line 2: unknown foul ["peek"];'),
    ([KURIKI, '{"by": null, "do": "pass"}'], "line 2: unknown player null;"),
    (['{"game": true, "players": ["Ann", "Bob"]}'], "line 1: unknown game true;"),
    (['{"game": "kuriki", "players": ["Ann", "Bob"], "options": {"lives": "five"}}'],
     'line 1: option "lives" must be a whole number, not "five"'),
    (['{"game": "kuriki", "players": ["Ann", "Bob"], "options": {"two_digit": null}}'],
     'line 1: option "two_digit" must be true or false, not null'),
    ([MIA, '{"by": "Ann", "do": "declare", "call": "32", "blind": "yes"}'],
     'line 2: "blind" must be true or false, not "yes"'),
    ([MIA, '{"by": "Ann", "do": "declare", "call": ["3", 2], "dice": [3, 2]}'],
     'not ["3", 2]'),
    ([MIA, '{"by": "Ann", "do": "declare", "call": 35, "dice": [3, 2]}'],
     "line 2: 35 is not a Mia call"),
    ([LIARS, '{"by": "Ann", "do": "call", "count": {"n": 2}, "face": 3}'],
     'line 2: "count" must be a whole number, not {"n": 2}'),
    ([LIARS, '{"by": "Ann", "do": "call", "count": 2, "face": 3, "zhai": "no"}'],
     'line 2: "zhai" must be true or false, not "no"'),
])
def test_a_wrong_value_is_quoted_as_json(lines: list[str], message: str) -> None:
    with pytest.raises(LineError) as info:
        replay(lines)
    assert message in str(info.value)
    assert not any(word in str(info.value) for word in ("True", "False", "None", "'yes'", "'no'", "'five'"))
