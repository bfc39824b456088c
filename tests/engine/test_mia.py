"""Mia (seed 004_…txt): scenarios written as game records, replayed through engine.record."""

from __future__ import annotations

import json
import random

import pytest

from engine.errors import IllegalAction, LineError, RecordError
from engine.mia import RANKING, Mia
from engine.pair import Pair
from engine.record import Session, replay

from . import records

HEADER = '{"game": "mia", "players": ["Ann", "Bob", "Cy"]}'


def play(*lines: str, header: str = HEADER) -> Session:
    return records.play(header, *lines)


def lives(session: Session) -> dict[str, int]:
    return {p["name"]: p["lives"] for p in session.game.standings()["players"]}


def refused(session: Session, line: str, error: type[Exception], *fragments: str) -> str:
    """Apply an action that must be refused; check the message and that nothing changed."""
    return records.assert_refused(session, line, error, *fragments)


# -- the ranking ------------------------------------------------------------------------
def test_ranking_is_the_seeds_list_highest_first() -> None:
    seed = "21 > 11 > 22 > 33 > 44 > 55 > 66 > 65 > 64 > 63 > 62 > 61 > 54 > 53 > 52 > 51 > 43 > 42 > 41 > 32 > 31"
    assert [p.code for p in RANKING.order] == seed.split(" > ")


@pytest.mark.parametrize("higher, lower", [("11", "53"), ("44", "55"), ("66", "43"), ("43", "32"),
                                           ("22", "66"), ("64", "53"), ("21", "11")])
def test_seed_examples_of_what_beats_what(higher: str, lower: str) -> None:
    assert RANKING.beats(RANKING.parse(higher), RANKING.parse(lower))
    assert not RANKING.beats(RANKING.parse(lower), RANKING.parse(higher))


def test_everything_beats_31_and_nothing_beats_21() -> None:
    low, mia = Pair(3, 1), Pair(2, 1)
    assert all(RANKING.beats(p, low) for p in RANKING.order if p != low)
    assert not any(RANKING.beats(p, mia) for p in RANKING.order)
    assert RANKING.above(mia) == []


@pytest.mark.parametrize("written, code", [("53", "53"), (53, "53"), ("5-3", "53"), ("mia", "21"),
                                           ("Mia", "21"), (" 11 ", "11")])
def test_calls_are_two_dice_larger_first(written: object, code: str) -> None:
    assert RANKING.parse(written).code == code


@pytest.mark.parametrize("written, fragment", [("35", "larger die comes first (53)"),
                                               ("27", "each digit is a die"),
                                               ("5", "two dice, larger first"),
                                               ("walnuts", "two dice, larger first"),
                                               ("²¹", "two dice, larger first"),
                                               ("٥٣", "two dice, larger first"),
                                               (True, "two dice, larger first"),
                                               (None, "two dice, larger first")])
def test_anything_else_is_not_a_call(written: object, fragment: str) -> None:
    with pytest.raises(RecordError) as info:
        RANKING.parse(written)
    assert fragment in str(info.value)


# -- declaring ----------------------------------------------------------------------------
def test_the_first_player_starts_and_any_call_opens_a_round() -> None:
    s = play()
    assert s.game.to_act == "Ann"
    opening = [a for a in s.game.legal_actions()]
    assert len(opening) == 21 and {a["do"] for a in opening} == {"declare"}
    s = play('{"by": "Ann", "do": "declare", "call": "31", "dice": [3, 1]}')
    assert s.game.to_act == "Bob"
    assert s.game.public_state()["call"] == "31"
    assert s.game.public_state()["answers"] == "Ann"


def test_a_wrong_call_is_refused_with_a_message_and_nothing_changes() -> None:
    s = play()
    refused(s, '{"by": "Ann", "do": "declare", "call": "35", "dice": [3, 5]}', RecordError,
            '"35" is not a Mia call', "larger die comes first")
    refused(s, '{"by": "Ann", "do": "declare", "dice": [3, 5]}', RecordError, 'needs "call"')
    refused(s, '{"by": "Ann", "do": "declare", "call": "53", "dice": [3, 7]}', RecordError,
            "7 is not a die face")
    refused(s, '{"by": "Ann", "do": "declare", "call": "53", "dice": [3]}', RecordError, "must be 2 dice")
    refused(s, '{"by": "Ann", "do": "pass"}', RecordError, 'Mia has no action "pass"')


def test_each_declare_must_be_strictly_higher_than_the_last() -> None:
    s = play('{"by": "Ann", "do": "declare", "call": "54", "dice": [5, 4]}')
    refused(s, '{"by": "Bob", "do": "declare", "call": "54", "dice": [6, 6]}', IllegalAction,
            "54 does not beat 54", "lowest call that beats it is 61")
    refused(s, '{"by": "Bob", "do": "declare", "call": "43", "dice": [4, 3]}', IllegalAction,
            "43 does not beat 54")
    s.apply({"by": "Bob", "do": "declare", "call": "61", "dice": [2, 2]})
    assert s.game.public_state()["call"] == "61"
    assert [c["call"] for c in s.game.public_state()["calls"]] == ["54", "61"]


def test_only_the_player_up_may_act() -> None:
    s = play('{"by": "Ann", "do": "declare", "call": "54", "dice": [5, 4]}')
    refused(s, '{"by": "Cy", "do": "pull"}', IllegalAction, "it is Bob's turn, not Cy's")
    refused(s, '{"by": "Dan", "do": "pull"}', RecordError, 'unknown player "Dan"')


# -- pulling ----------------------------------------------------------------------------------
def test_a_pulled_lie_costs_the_liar_a_life() -> None:
    s = play('{"by": "Ann", "do": "declare", "call": "54", "dice": [3, 2]}',
             '{"by": "Bob", "do": "pull"}')
    v = s.game.last_verdict
    assert v is not None
    assert v.message == "LIE! Ann called 54 and loses a life — the dice show 3-2."
    assert v.outcome.value == "lie" and dict(v.losses) == {"Ann": 1}
    assert v.dice == (3, 2) and v.caller == "Ann" and v.challenger == "Bob"
    assert lives(s) == {"Ann": 2, "Bob": 3, "Cy": 3}


def test_a_pulled_truth_costs_the_puller_a_life() -> None:
    s = play('{"by": "Ann", "do": "declare", "call": "54", "dice": [4, 5]}',
             '{"by": "Bob", "do": "pull"}')
    assert s.game.last_verdict.message == ("TRUE! Ann called 54 — the dice show 5-4. "
                                           "Bob pulled and loses a life.")
    assert lives(s) == {"Ann": 3, "Bob": 2, "Cy": 3}


def test_declaring_lower_than_the_roll_is_no_lie() -> None:
    # "if he declared a lower value than the actual roll, the accuser loses a life"
    s = play('{"by": "Ann", "do": "declare", "call": "54", "dice": [2, 2]}',
             '{"by": "Bob", "do": "pull"}')
    assert s.game.last_verdict.outcome.value == "truth"
    assert "the dice show 2-2, even better" in s.game.last_verdict.message
    assert lives(s)["Bob"] == 2


def test_after_a_loss_whoever_was_up_next_starts_a_new_round() -> None:
    s = play('{"by": "Ann", "do": "declare", "call": "54", "dice": [3, 2]}',
             '{"by": "Bob", "do": "pull"}')
    state = s.game.public_state()
    assert state["to_act"] == "Cy"                      # the player after the puller
    assert state["call"] is None and state["answers"] is None and state["calls"] == []
    assert state["round"] == 2
    # a new round: any call again, no pull
    assert {a["do"] for a in s.game.legal_actions()} == {"declare"}
    s.apply({"by": "Cy", "do": "declare", "call": "31", "dice": [3, 1]})
    assert s.game.to_act == "Ann"


def test_option_the_loser_starts_the_next_round() -> None:
    header = '{"game": "mia", "players": ["Ann", "Bob", "Cy"], "options": {"starts_round": "loser"}}'
    s = play('{"by": "Ann", "do": "declare", "call": "54", "dice": [3, 2]}',
             '{"by": "Bob", "do": "pull"}', header=header)
    assert s.game.to_act == "Ann"


def test_a_pull_needs_a_call() -> None:
    s = play()
    refused(s, '{"by": "Ann", "do": "pull"}', IllegalAction, "there is no call to pull")


# -- believe and re-roll, blind raise -------------------------------------------------------------
def test_believing_and_re_rolling_makes_the_new_roller_answer_for_the_new_dice() -> None:
    s = play('{"by": "Ann", "do": "declare", "call": "54", "dice": [3, 2]}',   # Ann lied
             '{"by": "Bob", "do": "declare", "call": "61", "dice": [6, 1]}',   # Bob believed, rolled
             '{"by": "Cy", "do": "pull"}')
    v = s.game.last_verdict
    assert v.message == "TRUE! Bob called 61 — the dice show 6-1. Cy pulled and loses a life."
    assert lives(s) == {"Ann": 3, "Bob": 3, "Cy": 2}
    assert s.game.to_act == "Ann"


def test_a_blind_raise_answers_for_the_higher_call_against_the_dice_still_under_the_cup() -> None:
    # Ann rolled 6-5 but called only 43; Bob raises to 64 without rolling and is right.
    s = play('{"by": "Ann", "do": "declare", "call": "43", "dice": [6, 5]}',
             '{"by": "Bob", "do": "declare", "call": "64", "blind": true}')
    assert s.game.public_state()["blind"] is True
    assert s.game.public_state()["answers"] == "Bob"
    assert s.game.public_state()["calls"][-1] == {"by": "Bob", "call": "64", "blind": True}
    s.apply({"by": "Cy", "do": "pull"})
    assert s.game.last_verdict.message == ("TRUE! Bob raised blind to 64 — the dice show 6-5, even "
                                           "better. Cy pulled and loses a life.")
    # ...and wrong when he raises past what is there.
    s = play('{"by": "Ann", "do": "declare", "call": "43", "dice": [6, 5]}',
             '{"by": "Bob", "do": "declare", "call": "66", "blind": true}',
             '{"by": "Cy", "do": "pull"}')
    assert s.game.last_verdict.message == "LIE! Bob raised blind to 66 and loses a life — the dice show 6-5."
    assert lives(s) == {"Ann": 3, "Bob": 2, "Cy": 3}


def test_a_blind_raise_has_no_dice_and_needs_a_call_to_raise() -> None:
    s = play()
    refused(s, '{"by": "Ann", "do": "declare", "call": "43", "blind": true}', IllegalAction,
            "Ann starts the round and must roll")
    s.apply({"by": "Ann", "do": "declare", "call": "43", "dice": [4, 3]})
    refused(s, '{"by": "Bob", "do": "declare", "call": "54", "blind": true, "dice": [5, 4]}',
            RecordError, "a blind raise has no dice")
    refused(s, '{"by": "Bob", "do": "declare", "call": "54", "blind": "yes"}', RecordError,
            '"blind" must be true or false')
    blind = [a for a in s.game.legal_actions() if a.get("blind")]
    assert [a["call"] for a in blind][:2] == ["51", "52"] and len(blind) == 16


# -- Mia -------------------------------------------------------------------------------------------
def test_a_standing_mia_must_be_accepted_or_pulled() -> None:
    s = play('{"by": "Ann", "do": "declare", "call": "21", "dice": [4, 1]}')
    assert s.game.legal_actions() == [{"by": "Bob", "do": "accept"}, {"by": "Bob", "do": "pull"}]
    refused(s, '{"by": "Bob", "do": "declare", "call": "11", "dice": [1, 1]}', IllegalAction,
            "nothing beats Mia")
    refused(s, '{"by": "Bob", "do": "declare", "call": "21", "blind": true}', IllegalAction,
            "nothing beats Mia")


def test_an_accepted_mia_costs_the_accepter_one_life_and_the_dice_stay_hidden() -> None:
    s = play('{"by": "Ann", "do": "declare", "call": "21", "dice": [4, 1]}',
             '{"by": "Bob", "do": "accept"}')
    v = s.game.last_verdict
    assert v.message == "Bob accepts Ann's Mia and loses a life."
    assert v.outcome.value == "accepted" and v.dice is None and dict(v.losses) == {"Bob": 1}
    assert lives(s) == {"Ann": 3, "Bob": 2, "Cy": 3}
    assert s.game.to_act == "Cy"
    assert "[4, 1]" not in json.dumps(s.game.public_state())


def test_a_pulled_mia_costs_two_lives_to_whoever_is_wrong() -> None:
    s = play('{"by": "Ann", "do": "declare", "call": "21", "dice": [1, 2]}',
             '{"by": "Bob", "do": "pull"}')
    assert s.game.last_verdict.message == ("TRUE! Ann called Mia (21) — the dice show 2-1. "
                                           "Bob pulled and loses 2 lives.")
    assert lives(s) == {"Ann": 3, "Bob": 1, "Cy": 3}
    s = play('{"by": "Ann", "do": "declare", "call": "mia", "dice": [1, 1]}',
             '{"by": "Bob", "do": "pull"}')
    assert s.game.last_verdict.message == "LIE! Ann called Mia (21) and loses 2 lives — the dice show 1-1."
    assert lives(s) == {"Ann": 1, "Bob": 3, "Cy": 3}


def test_accept_is_only_for_a_mia() -> None:
    s = play('{"by": "Ann", "do": "declare", "call": "11", "dice": [1, 1]}')
    refused(s, '{"by": "Bob", "do": "accept"}', IllegalAction, "accept is only for a Mia", "the call is 11")
    # At the start of a round there is nothing to pull either: the refusal must not offer it.
    message = refused(play(), '{"by": "Ann", "do": "accept"}', IllegalAction, "nothing is called yet",
                      "Ann starts the round by rolling and declaring")
    assert "pull" not in message


# -- lives, knock-outs, the winner ---------------------------------------------------------------
def test_knocked_out_players_are_skipped_and_the_last_one_standing_wins() -> None:
    header = '{"game": "mia", "players": ["Ann", "Bob", "Cy", "Dee"], "options": {"lives": 1}}'
    s = play('{"by": "Ann", "do": "declare", "call": "54", "dice": [5, 4]}',
             '{"by": "Bob", "do": "pull"}', header=header)            # Bob wrong: out
    assert s.game.last_verdict.message.endswith("Bob pulled, loses a life and is out.")
    assert [p["out"] for p in s.game.standings()["players"]] == [False, True, False, False]
    assert s.game.to_act == "Cy"
    for line in ('{"by": "Cy", "do": "declare", "call": "31", "dice": [1, 3]}',
                 '{"by": "Dee", "do": "declare", "call": "32", "dice": [2, 3]}',
                 '{"by": "Ann", "do": "declare", "call": "41", "dice": [4, 1]}'):
        s.apply(json.loads(line))
    assert s.game.to_act == "Cy"                                      # Bob is skipped
    s.apply({"by": "Cy", "do": "pull"})                               # Cy wrong: out
    assert s.game.to_act == "Dee"
    s.apply({"by": "Dee", "do": "declare", "call": "21", "dice": [6, 6]})
    s.apply({"by": "Ann", "do": "pull"})                              # Dee lied about Mia: out
    st = s.game.standings()
    assert st["over"] is True and st["winner"] == "Ann" and st["to_act"] is None
    assert s.game.last_verdict.message == ("LIE! Dee called Mia (21), loses 2 lives (had only one) and is "
                                           "out — the dice show 6-6. Ann pulled and wins!")
    assert {p["name"]: p["lives"] for p in st["players"]} == {"Ann": 1, "Bob": 0, "Cy": 0, "Dee": 0}
    assert s.game.legal_actions() == []
    refused(s, '{"by": "Ann", "do": "declare", "call": "31", "dice": [3, 1]}', IllegalAction,
            "the game is over: Ann won")


def test_lives_never_go_below_zero_on_a_pulled_mia() -> None:
    header = '{"game": "mia", "players": ["Ann", "Bob"], "options": {"lives": 1}}'
    s = play('{"by": "Ann", "do": "declare", "call": "21", "dice": [2, 1]}',
             '{"by": "Bob", "do": "pull"}', header=header)
    assert lives(s) == {"Ann": 1, "Bob": 0}
    assert dict(s.game.last_verdict.losses) == {"Bob": 1}
    assert s.game.winner == "Ann"
    # The message says what was lost: the two a pulled Mia costs, of which Bob had one.
    assert s.game.last_verdict.message == ("TRUE! Ann called Mia (21) and wins — the dice show 2-1. Bob "
                                           "pulled, loses 2 lives (had only one) and is out.")


def test_a_knocked_out_starter_is_skipped_when_the_loser_starts() -> None:
    header = ('{"game": "mia", "players": ["Ann", "Bob", "Cy"], '
              '"options": {"lives": 1, "starts_round": "loser"}}')
    s = play('{"by": "Ann", "do": "declare", "call": "54", "dice": [3, 2]}',
             '{"by": "Bob", "do": "pull"}', header=header)             # Ann lied: out
    assert s.game.to_act == "Bob"


# -- options, direction -------------------------------------------------------------------------
def test_options_defaults_and_refusals() -> None:
    s = play()
    assert lives(s) == {"Ann": 3, "Bob": 3, "Cy": 3}
    assert lives(play(header='{"game": "mia", "players": ["Ann", "Bob"], "options": {"lives": 6}}')) == \
        {"Ann": 6, "Bob": 6}
    for options, fragment in (('{"lives": 0}', "at least 1"), ('{"stake": 1}', 'unknown option "stake"'),
                              ('{"starts_round": "winner"}', "must be one of next, loser")):
        with pytest.raises(LineError) as info:
            play(header='{"game": "mia", "players": ["Ann", "Bob"], "options": ' + options + '}')
        assert info.value.line == 1 and fragment in str(info.value)


def test_counter_clockwise_play() -> None:
    header = '{"game": "mia", "players": ["Ann", "Bob", "Cy"], "direction": "counter-clockwise"}'
    s = play('{"by": "Ann", "do": "declare", "call": "54", "dice": [5, 4]}', header=header)
    assert s.game.to_act == "Cy"
    s.apply({"by": "Cy", "do": "pull"})
    assert s.game.to_act == "Bob"


# -- tables without a camera, hidden dice, the record ---------------------------------------------
def test_without_a_camera_the_dice_come_with_the_pull() -> None:
    s = play('{"by": "Ann", "do": "declare", "call": "54"}',
             '{"by": "Bob", "do": "declare", "call": "62"}')
    refused(s, '{"by": "Cy", "do": "pull"}', IllegalAction, "the pull must carry them")
    s.apply({"by": "Cy", "do": "pull", "dice": [6, 1]})
    assert s.game.last_verdict.message == "LIE! Bob called 62 and loses a life — the dice show 6-1."


def test_a_declare_without_dice_after_a_camera_read_is_a_blind_raise() -> None:
    # At a camera table a declare with no fresh roll comes without dice: nobody rolled.
    s = play('{"by": "Ann", "do": "declare", "call": "43", "dice": [6, 5]}',
             '{"by": "Bob", "do": "declare", "call": "66"}')
    assert s.game.public_state()["blind"] is True
    s.apply({"by": "Cy", "do": "pull"})
    assert s.game.last_verdict.message == "LIE! Bob raised blind to 66 and loses a life — the dice show 6-5."


def test_blind_false_without_dice_means_rolled_and_shown_at_the_pull() -> None:
    s = play('{"by": "Ann", "do": "declare", "call": "43", "dice": [6, 5]}',
             '{"by": "Bob", "do": "declare", "call": "66", "blind": false}')
    assert s.game.public_state()["blind"] is False
    refused(s, '{"by": "Cy", "do": "pull"}', IllegalAction, "the pull must carry them")
    s.apply({"by": "Cy", "do": "pull", "dice": [6, 6]})
    assert s.game.last_verdict.message == "TRUE! Bob called 66 — the dice show 6-6. Cy pulled and loses a life."


def test_a_pull_that_carries_dice_is_judged_with_them() -> None:
    s = play('{"by": "Ann", "do": "declare", "call": "54", "dice": [3, 2]}',
             '{"by": "Bob", "do": "pull", "dice": [5, 5]}')
    assert s.game.last_verdict.outcome.value == "truth"
    assert s.game.last_verdict.dice == (5, 5)


def test_the_dice_under_the_cup_are_never_shown_before_the_pull() -> None:
    s = play('{"by": "Ann", "do": "declare", "call": "65", "dice": [4, 1]}',
             '{"by": "Bob", "do": "declare", "call": "11", "blind": true}')
    text = json.dumps([s.game.public_state(), s.game.standings(), s.game.legal_actions()])
    for leak in ("[4, 1]", "[1, 4]", "4-1", '"41"', "1-4"):
        assert leak not in text
    assert s.game.standings()["players"][0] == {"name": "Ann", "out": False, "lives": 3}


def test_replay_names_the_line_of_an_illegal_action() -> None:
    with pytest.raises(LineError) as info:
        play('{"by": "Ann", "do": "declare", "call": "54", "dice": [5, 4]}',
             '{"by": "Bob", "do": "declare", "call": "53", "dice": [5, 3]}')
    assert info.value.line == 3
    assert str(info.value) == "line 3: 53 does not beat 54: the lowest call that beats it is 61"


def test_undo_and_replaying_twice_give_the_same_game() -> None:
    lines = ['{"by": "Ann", "do": "declare", "call": "54", "dice": [3, 2]}',
             '{"by": "Bob", "do": "pull"}', '{"do": "undo"}',
             '{"by": "Bob", "do": "declare", "call": "55", "blind": true}']
    s = play(*lines)
    assert s.game.public_state()["call"] == "55" and lives(s) == {"Ann": 3, "Bob": 3, "Cy": 3}
    again = replay(s.lines())
    assert again.game.public_state() == s.game.public_state()
    assert isinstance(again.game, Mia)


def test_a_player_out_of_the_game_who_tries_to_act_is_told_he_is_out() -> None:
    # It was "it is Cy's turn, not Bob's", as if Bob had only to wait.
    header = '{"game": "mia", "players": ["Ann", "Bob", "Cy"], "options": {"lives": 1}}'
    s = play('{"by": "Ann", "do": "declare", "call": "54", "dice": [5, 4]}',
             '{"by": "Bob", "do": "pull"}', header=header)            # Bob wrong: out
    for line in ('{"by": "Bob", "do": "declare", "call": "31", "dice": [1, 3]}', '{"by": "Bob", "do": "pull"}'):
        message = refused(s, line, IllegalAction, "Bob is out of the game")
        assert "turn" not in message


# -- each name said once ---------------------------------------------------------------------
# A verdict named the loser as often as it said something of him ("LIE! Ann called 54 — the dice
# show 3-2. Ann loses a life." and "... Ann is out." after it; "... Bob pulled and loses 2 lives
# (all Bob had: a life). Bob is out. Ann wins!"): a long name over and over fills the wall.

def mia_record(players: tuple[str, ...], lives: int, *actions: dict) -> Session:
    header = {"game": "mia", "players": list(players), "options": {"lives": lives}}
    return records.play(header, *actions)


def declare(by: str, call: str, dice: list[int] | None = None) -> dict:
    return {"by": by, "do": "declare", "call": call, **({"dice": dice} if dice else {"blind": True})}


@pytest.mark.parametrize(("players", "lives", "actions", "message"), [
    (("Ann", "Bob", "Cy"), 3, (declare("Ann", "54", [3, 2]), {"by": "Bob", "do": "pull"}),
     "LIE! Ann called 54 and loses a life — the dice show 3-2."),
    (("Ann", "Bob", "Cy"), 3, (declare("Ann", "54", [4, 5]), {"by": "Bob", "do": "pull"}),
     "TRUE! Ann called 54 — the dice show 5-4. Bob pulled and loses a life."),
    (("Ann", "Bob", "Cy"), 3, (declare("Ann", "43", [6, 5]), declare("Bob", "66"),
                               {"by": "Cy", "do": "pull"}),
     "LIE! Bob raised blind to 66 and loses a life — the dice show 6-5."),
    (("Ann", "Bob", "Cy"), 3, (declare("Ann", "43", [6, 5]), declare("Bob", "64"),
                               {"by": "Cy", "do": "pull"}),
     "TRUE! Bob raised blind to 64 — the dice show 6-5, even better. Cy pulled and loses a life."),
    (("Ann", "Bob", "Cy"), 3, (declare("Ann", "21", [1, 1]), {"by": "Bob", "do": "pull"}),
     "LIE! Ann called Mia (21) and loses 2 lives — the dice show 1-1."),
    (("Ann", "Bob", "Cy"), 3, (declare("Ann", "21", [2, 1]), {"by": "Bob", "do": "pull"}),
     "TRUE! Ann called Mia (21) — the dice show 2-1. Bob pulled and loses 2 lives."),
    (("Ann", "Bob", "Cy"), 3, (declare("Ann", "21", [4, 1]), {"by": "Bob", "do": "accept"}),
     "Bob accepts Ann's Mia and loses a life."),
], ids=["lie", "truth", "blind-lie", "blind-truth", "mia-lie", "mia-truth", "accept"])
def test_a_verdict_names_each_player_once(players, lives, actions, message) -> None:
    v = mia_record(players, lives, *actions).game.last_verdict
    assert v.message == message
    assert max(records.names_said(v.message, players).values()) == 1


@pytest.mark.parametrize(("actions", "message"), [
    ((declare("Ann", "54", [3, 2]), {"by": "Bob", "do": "pull"}),
     "LIE! Ann called 54, loses a life and is out — the dice show 3-2."),
    ((declare("Ann", "54", [5, 4]), {"by": "Bob", "do": "pull"}),
     "TRUE! Ann called 54 — the dice show 5-4. Bob pulled, loses a life and is out."),
    ((declare("Ann", "21", [3, 1]), {"by": "Bob", "do": "pull"}),
     "LIE! Ann called Mia (21), loses 2 lives (had only one) and is out — the dice show 3-1."),
    ((declare("Ann", "21", [3, 1]), {"by": "Bob", "do": "accept"}),
     "Bob accepts Ann's Mia, loses a life and is out."),
], ids=["lie", "truth", "mia-lie-short", "accept"])
def test_a_verdict_putting_a_player_out_names_him_once(actions, message) -> None:
    s = mia_record(("Ann", "Bob", "Cy"), 1, *actions)
    v = s.game.last_verdict
    assert not s.game.over and v.message == message
    assert max(records.names_said(v.message, ("Ann", "Bob", "Cy")).values()) == 1


@pytest.mark.parametrize(("actions", "message"), [
    ((declare("Ann", "54", [3, 2]), {"by": "Bob", "do": "pull"}),
     "LIE! Ann called 54, loses a life and is out — the dice show 3-2. Bob pulled and wins!"),
    ((declare("Ann", "54", [5, 4]), {"by": "Bob", "do": "pull"}),
     "TRUE! Ann called 54 and wins — the dice show 5-4. Bob pulled, loses a life and is out."),
    ((declare("Ann", "21", [2, 1]), {"by": "Bob", "do": "pull"}),
     "TRUE! Ann called Mia (21) and wins — the dice show 2-1. Bob pulled, loses 2 lives (had only "
     "one) and is out."),
    ((declare("Ann", "21", [3, 1]), {"by": "Bob", "do": "accept"}),
     "Bob accepts the Mia, loses a life and is out. Ann, who called it, wins!"),
], ids=["lie", "truth", "mia-truth-short", "accept"])
def test_the_verdict_that_ends_the_game_names_each_player_once(actions, message) -> None:
    s = mia_record(("Ann", "Bob"), 1, *actions)
    v = s.game.last_verdict
    assert s.game.over and v.message == message
    assert records.names_said(v.message, ("Ann", "Bob")) == {"Ann": 1, "Bob": 1}


@pytest.mark.parametrize("lives", [1, 2, 3])
def test_every_verdict_of_random_games_names_each_player_once(lives: int) -> None:
    for seed in range(40):
        rng = random.Random(seed)
        players = ("Ann", "Bob", "Cy", "Dee", "Eve")[:rng.randint(2, 5)]
        s = mia_record(players, lives)
        while not s.game.over:
            v = s.apply(s.game.random_action(rng))
            if v is not None:
                assert max(records.names_said(v.message, players).values()) <= 1, v.message
