"""Deceit (seed 001_…txt): scenarios written as game records, replayed through engine.record."""

from __future__ import annotations

import json
import random

import pytest

from engine.deceit import RANKING, Deceit
from engine.errors import IllegalAction, LineError, RecordError
from engine.record import Session, replay

from . import records

HEADER = '{"game": "deceit", "players": ["Ann", "Bob", "Cy", "Dee"]}'


def play(*lines: str, header: str = HEADER) -> Session:
    return records.play(header, *lines)


def chips(session: Session) -> dict[str, int]:
    return {p["name"]: p["chips"] for p in session.game.standings()["players"]}


def refused(session: Session, line: str, error: type[Exception], *fragments: str) -> str:
    """Apply an action that must be refused; check the message and that nothing changed."""
    return records.assert_refused(session, line, error, *fragments)


# -- the calls ----------------------------------------------------------------------------------
def test_ranking_is_the_seeds_list_highest_first() -> None:
    seed = ("1-1, 6-6, 6-5, 6-4, 6-3, 6-2, 6-1, 5-5, 5-4, 5-3, 5-2, 5-1, 4-4, 4-3, 4-2, 4-1, 3-3, "
            "3-2, 3-1, 2-2, 2-1")
    assert [p.shown for p in RANKING.order] == seed.split(", ")


@pytest.mark.parametrize("written", ["25", "16"])
def test_the_seeds_invalid_numbers_are_refused(written: str) -> None:
    s = play()
    refused(s, '{"by": "Ann", "do": "declare", "call": "%s", "dice": [1, 1]}' % written, RecordError,
            f'"{written}" is not a Deceit call', "the larger die comes first")


def test_dice_read_larger_first() -> None:
    assert RANKING.parse("5-2").code == "52" and RANKING.parse(61).code == "61"


# -- declaring, pulling ---------------------------------------------------------------------------
def test_each_call_must_be_greater_than_the_previous() -> None:
    s = play('{"by": "Ann", "do": "declare", "call": "54", "dice": [5, 4]}')
    refused(s, '{"by": "Bob", "do": "declare", "call": "54", "dice": [5, 4]}', IllegalAction,
            "54 does not beat 54", "lowest call that beats it is 55")
    refused(s, '{"by": "Bob", "do": "declare", "call": "44", "dice": [4, 4]}', IllegalAction,
            "44 does not beat 54")
    s.apply({"by": "Bob", "do": "declare", "call": "55", "dice": [3, 1]})
    assert s.game.to_act == "Cy" and s.game.public_state()["answers"] == "Bob"


def test_a_lie_costs_the_roller_a_chip_to_the_challenger() -> None:
    s = play('{"by": "Ann", "do": "declare", "call": "54", "dice": [3, 2]}',
             '{"by": "Bob", "do": "pull"}')
    v = s.game.last_verdict
    assert v.message == "LIE! Ann called 54 and pays a chip — the dice show 3-2. Bob pulled and collects."
    assert v.outcome.value == "lie" and dict(v.losses) == {"Ann": 1} and dict(v.gains) == {"Bob": 1}
    assert chips(s) == {"Ann": 4, "Bob": 6, "Cy": 5, "Dee": 5}


def test_the_truth_costs_the_challenger_a_chip_to_the_roller() -> None:
    s = play('{"by": "Ann", "do": "declare", "call": "54", "dice": [4, 5]}',
             '{"by": "Bob", "do": "pull"}')
    assert s.game.last_verdict.message == ("TRUE! Ann called 54 and collects — the dice show 5-4. Bob "
                                           "pulled and pays a chip.")
    assert chips(s) == {"Ann": 6, "Bob": 4, "Cy": 5, "Dee": 5}


def test_after_every_payment_the_next_player_begins_from_zero() -> None:
    s = play('{"by": "Ann", "do": "declare", "call": "64", "dice": [6, 4]}',
             '{"by": "Bob", "do": "pull"}')
    state = s.game.public_state()
    assert state["to_act"] == "Bob"          # the player after the roller: here the challenger
    assert state["call"] is None and state["answers"] is None and state["calls"] == []
    s.apply({"by": "Bob", "do": "declare", "call": "22", "dice": [2, 2]})   # anything goes again
    assert s.game.public_state()["call"] == "22"


def test_by_default_calling_lower_than_the_roll_is_a_lie() -> None:
    s = play('{"by": "Ann", "do": "declare", "call": "54", "dice": [6, 6]}',
             '{"by": "Bob", "do": "pull"}')
    assert s.game.last_verdict.message == ("LIE! Ann called 54 and pays a chip — the dice show 6-6, not "
                                           "54: a call must be the roll exactly. Bob pulled and collects.")


def test_option_at_least_makes_an_understatement_the_truth() -> None:
    header = '{"game": "deceit", "players": ["Ann", "Bob"], "options": {"truth": "at-least"}}'
    s = play('{"by": "Ann", "do": "declare", "call": "54", "dice": [6, 6]}',
             '{"by": "Bob", "do": "pull"}', header=header)
    assert s.game.last_verdict.outcome.value == "truth"
    assert chips(s) == {"Ann": 6, "Bob": 4}
    s = play('{"by": "Ann", "do": "declare", "call": "54", "dice": [5, 3]}',
             '{"by": "Bob", "do": "pull"}', header=header)
    assert s.game.last_verdict.outcome.value == "lie"


def test_a_believer_rolls_and_declares_and_answers_for_the_new_dice() -> None:
    s = play('{"by": "Ann", "do": "declare", "call": "54", "dice": [3, 2]}',    # Ann lied
             '{"by": "Bob", "do": "declare", "call": "61", "dice": [2, 2]}',    # Bob believed, lies too
             '{"by": "Cy", "do": "pull"}')
    assert s.game.last_verdict.message == ("LIE! Bob called 61 and pays a chip — the dice show 2-2. Cy "
                                           "pulled and collects.")
    assert chips(s) == {"Ann": 5, "Bob": 4, "Cy": 6, "Dee": 5}
    assert s.game.to_act == "Cy"


def test_wrong_moves_are_refused_and_change_nothing() -> None:
    s = play()
    refused(s, '{"by": "Ann", "do": "pull"}', IllegalAction, "no call to pull", "Ann begins from zero")
    refused(s, '{"by": "Bob", "do": "declare", "call": "21", "dice": [2, 1]}', IllegalAction,
            "it is Ann's turn, not Bob's")
    refused(s, '{"by": "Ann", "do": "declare", "call": "54", "blind": true}', RecordError,
            "Deceit has no blind raise")
    refused(s, '{"by": "Ann", "do": "declare", "call": "54", "dice": [0, 4]}', RecordError,
            "0 is not a die face")
    # From zero there is nothing to pull either: the refusal must not offer it.
    message = refused(s, '{"by": "Ann", "do": "accept"}', IllegalAction,
                      "accept is only for the player an 11 names", "Ann begins from zero and must roll")
    assert "pull" not in message
    refused(s, '{"by": "Ann", "do": "declare", "call": "54", "target": "Bob"}', RecordError,
            'a 54 has no "target"')


# -- 1-1 names a player ---------------------------------------------------------------------------
def test_an_11_names_a_player_who_may_believe_and_pay_one_chip() -> None:
    s = play('{"by": "Ann", "do": "declare", "call": "11", "target": "Cy", "dice": [4, 2]}')
    state = s.game.public_state()
    assert state["to_act"] == "Cy" and state["target"] == "Cy" and state["answers"] == "Ann"
    assert s.game.legal_actions() == [{"by": "Cy", "do": "accept"}, {"by": "Cy", "do": "pull"}]
    # Bob sits next, yet the 11 is Cy's to answer: the refusal says why it is not Bob's turn.
    refused(s, '{"by": "Bob", "do": "pull"}', IllegalAction,
            "Ann called 1-1 (11) on Cy: only Cy may accept (pay a chip) or pull")
    refused(s, '{"by": "Ann", "do": "accept"}', IllegalAction, "only Cy may accept")
    refused(s, '{"by": "Cy", "do": "declare", "call": "11", "target": "Ann", "dice": [1, 1]}',
            IllegalAction, "Ann called 1-1 (11) on Cy: Cy must accept")
    refused(s, '{"by": "Cy", "do": "accept", "dice": [4, 2]}', RecordError, "an accept takes no dice")
    s.apply({"by": "Cy", "do": "accept"})
    v = s.game.last_verdict
    assert v.message == "Cy believes Ann's 1-1 (11) and pays a chip."
    assert v.outcome.value == "accepted" and v.dice is None
    assert chips(s) == {"Ann": 6, "Bob": 5, "Cy": 4, "Dee": 5}
    # "...and the next player continues", from zero.
    assert s.game.to_act == "Bob" and s.game.public_state()["call"] is None
    assert s.game.public_state()["target"] is None


def test_an_11_pulled_costs_two_chips_to_whoever_is_wrong() -> None:
    s = play('{"by": "Ann", "do": "declare", "call": "11", "target": "Dee", "dice": [1, 1]}',
             '{"by": "Dee", "do": "pull"}')
    assert s.game.last_verdict.message == ("TRUE! Ann called 1-1 (11) and collects — the dice show 1-1. Dee, "
                                           "who was named, pulled and pays 2 chips.")
    assert chips(s) == {"Ann": 7, "Bob": 5, "Cy": 5, "Dee": 3}
    assert s.game.to_act == "Bob"
    s = play('{"by": "Ann", "do": "declare", "call": "11", "target": "Dee", "dice": [6, 6]}',
             '{"by": "Dee", "do": "pull"}')
    assert s.game.last_verdict.message == ("LIE! Ann called 1-1 (11) and pays 2 chips — the dice show 6-6. "
                                           "Dee, who was named, pulled and collects.")
    assert chips(s) == {"Ann": 3, "Bob": 5, "Cy": 5, "Dee": 7}


def test_an_11_can_top_any_call_and_the_target_is_checked() -> None:
    s = play('{"by": "Ann", "do": "declare", "call": "66", "dice": [6, 6]}')
    refused(s, '{"by": "Bob", "do": "declare", "call": "11", "dice": [1, 1]}', RecordError,
            'add "target": NAME')
    refused(s, '{"by": "Bob", "do": "declare", "call": "11", "target": "Bob", "dice": [1, 1]}',
            IllegalAction, "Bob cannot name themselves")
    refused(s, '{"by": "Bob", "do": "declare", "call": "11", "target": "Zed", "dice": [1, 1]}',
            RecordError, 'unknown player "Zed"')
    targets = [a["target"] for a in s.game.legal_actions() if a.get("call") == "11"]
    assert targets == ["Ann", "Cy", "Dee"]
    s.apply({"by": "Bob", "do": "declare", "call": "11", "target": "Ann", "dice": [1, 1]})
    assert s.game.to_act == "Ann"
    assert s.game.public_state()["calls"][-1] == {"by": "Bob", "call": "11", "target": "Ann"}


def test_an_11_cannot_name_a_player_who_is_out() -> None:
    header = '{"game": "deceit", "players": ["Ann", "Bob", "Cy"], "options": {"chips": 1}}'
    s = play('{"by": "Ann", "do": "declare", "call": "54", "dice": [3, 2]}',
             '{"by": "Bob", "do": "pull"}', header=header)     # Ann pays her only chip: out
    assert s.game.standings()["players"][0] == {"name": "Ann", "out": True, "chips": 0}
    refused(s, '{"by": "Bob", "do": "declare", "call": "11", "target": "Ann", "dice": [1, 1]}',
            IllegalAction, "Ann is out of the game")


# -- 2-1 reverses the direction ------------------------------------------------------------------
def test_a_believed_21_turns_play_round() -> None:
    s = play('{"by": "Ann", "do": "declare", "call": "21", "dice": [5, 3]}',
             '{"by": "Bob", "do": "declare", "call": "43", "dice": [4, 3]}')
    assert s.game.public_state()["direction"] == "counter-clockwise"
    assert s.game.to_act == "Ann"                 # back the other way from Bob
    s.apply({"by": "Ann", "do": "declare", "call": "44", "dice": [4, 4]})
    assert s.game.to_act == "Dee"


def test_a_challenged_true_21_turns_play_round_and_the_roller_is_paid() -> None:
    s = play('{"by": "Ann", "do": "declare", "call": "21", "dice": [1, 2]}',
             '{"by": "Bob", "do": "pull"}')
    assert s.game.last_verdict.message == ("TRUE! Ann called 2-1 (21) and collects — the dice show 2-1. Bob "
                                           "pulled and pays a chip. 2-1 stands: play now goes "
                                           "counter-clockwise.")
    assert chips(s) == {"Ann": 6, "Bob": 4, "Cy": 5, "Dee": 5}
    assert s.game.public_state()["direction"] == "counter-clockwise"
    assert s.game.to_act == "Dee"                 # the next player after Ann, the new way round


def test_a_challenged_lying_21_does_not_turn_play() -> None:
    s = play('{"by": "Ann", "do": "declare", "call": "21", "dice": [5, 3]}',
             '{"by": "Bob", "do": "pull"}')
    assert s.game.last_verdict.message == ("LIE! Ann called 2-1 (21) and pays a chip — the dice show 5-3, "
                                           "not 2-1 (21): a call must be the roll exactly. Bob pulled and "
                                           "collects.")
    assert s.game.public_state()["direction"] == "clockwise"
    assert s.game.to_act == "Bob"


def test_a_second_21_turns_play_back() -> None:
    s = play('{"by": "Ann", "do": "declare", "call": "21", "dice": [2, 1]}',
             '{"by": "Bob", "do": "pull"}',                                  # now counter-clockwise; Dee
             '{"by": "Dee", "do": "declare", "call": "21", "dice": [6, 1]}',
             '{"by": "Cy", "do": "declare", "call": "31", "dice": [3, 1]}')  # Cy believes: clockwise
    assert s.game.public_state()["direction"] == "clockwise"
    assert s.game.to_act == "Dee"


def test_counter_clockwise_from_the_start() -> None:
    header = '{"game": "deceit", "players": ["Ann", "Bob", "Cy"], "direction": "counter-clockwise"}'
    s = play('{"by": "Ann", "do": "declare", "call": "21", "dice": [2, 1]}', header=header)
    assert s.game.to_act == "Cy"
    s.apply({"by": "Cy", "do": "declare", "call": "22", "dice": [2, 2]})
    assert s.game.direction == "clockwise" and s.game.to_act == "Ann"


# -- chips, knock-outs, the winner ----------------------------------------------------------------
def test_out_at_zero_chips_skipped_and_the_last_with_chips_wins() -> None:
    header = '{"game": "deceit", "players": ["Ann", "Bob", "Cy"], "options": {"chips": 1}}'
    s = play('{"by": "Ann", "do": "declare", "call": "54", "dice": [5, 4]}',
             '{"by": "Bob", "do": "pull"}', header=header)                    # Bob pays: out
    assert s.game.last_verdict.message.endswith("Bob pulled, pays a chip and is out.")
    assert s.game.to_act == "Cy"                                              # Bob skipped
    s.apply({"by": "Cy", "do": "declare", "call": "11", "target": "Ann", "dice": [3, 3]})
    s.apply({"by": "Ann", "do": "pull"})
    v = s.game.last_verdict
    assert v.message == ("LIE! Cy called 1-1 (11), pays 2 chips (had only one) and is out — the dice "
                         "show 3-3. Ann, who was named, pulled, collects and wins!")
    assert dict(v.losses) == {"Cy": 1} and dict(v.gains) == {"Ann": 1}
    st = s.game.standings()
    assert st["over"] and st["winner"] == "Ann" and st["to_act"] is None
    assert chips(s) == {"Ann": 3, "Bob": 0, "Cy": 0}
    refused(s, '{"by": "Ann", "do": "declare", "call": "21", "dice": [2, 1]}', IllegalAction,
            "the game is over: Ann won")


def test_chips_are_conserved_in_random_games() -> None:
    rng = random.Random(7)
    for n in range(2, 6):
        game = Deceit([f"P{i}" for i in range(n)], {"chips": 3})
        while not game.over:
            game.apply(game.random_action(rng))
            assert sum(p.chips for p in game.players) == 3 * n
            assert all(p.chips >= 0 for p in game.players)
        assert [p.name for p in game.players if not p.out] == [game.winner]


def test_options_defaults_and_refusals() -> None:
    assert chips(play()) == {"Ann": 5, "Bob": 5, "Cy": 5, "Dee": 5}
    assert chips(play(header='{"game": "deceit", "players": ["A", "B"], "options": {"chips": 10}}')) == \
        {"A": 10, "B": 10}
    for options, fragment in (('{"chips": 0}', "at least 1"), ('{"lives": 3}', 'unknown option "lives"'),
                              ('{"truth": "maybe"}', "must be one of exact, at-least")):
        with pytest.raises(LineError) as info:
            play(header='{"game": "deceit", "players": ["A", "B"], "options": ' + options + '}')
        assert info.value.line == 1 and fragment in str(info.value)


# -- tables without a camera, hidden dice, the record -----------------------------------------------
def test_without_a_camera_the_dice_come_with_the_pull() -> None:
    s = play('{"by": "Ann", "do": "declare", "call": "43"}')
    refused(s, '{"by": "Bob", "do": "pull"}', IllegalAction, "the pull must carry them")
    s.apply({"by": "Bob", "do": "pull", "dice": [3, 4]})
    assert s.game.last_verdict.outcome.value == "truth" and s.game.last_verdict.dice == (3, 4)


def test_the_dice_under_the_cup_are_never_shown_before_the_pull() -> None:
    s = play('{"by": "Ann", "do": "declare", "call": "65", "dice": [4, 2]}',
             '{"by": "Bob", "do": "declare", "call": "11", "target": "Dee", "dice": [5, 3]}')
    text = json.dumps([s.game.public_state(), s.game.standings(), s.game.legal_actions()])
    for leak in ("[4, 2]", "[5, 3]", "4-2", "5-3", '"42"', '"53"'):
        assert leak not in text
    assert s.game.public_state()["target"] == "Dee"


def test_legal_actions_from_zero_list_every_call_and_each_11_target() -> None:
    s = play()
    legal = s.game.legal_actions()
    assert {a["do"] for a in legal} == {"declare"}
    assert len(legal) == 20 + 3                      # 20 calls, and an 11 for each other player
    assert legal[0] == {"by": "Ann", "do": "declare", "call": "21"}


def test_replay_names_the_line_and_replays_the_same() -> None:
    with pytest.raises(LineError) as info:
        play('{"by": "Ann", "do": "declare", "call": "54", "dice": [5, 4]}',
             '{"by": "Bob", "do": "accept"}')
    assert info.value.line == 3 and "accept is only for the player an 11 names" in str(info.value)
    s = play('{"by": "Ann", "do": "declare", "call": "21", "dice": [2, 1]}',
             '{"by": "Bob", "do": "pull"}', '{"do": "undo"}',
             '{"by": "Bob", "do": "declare", "call": "31", "dice": [3, 1]}')
    assert s.game.direction == "counter-clockwise" and chips(s)["Bob"] == 5
    again = replay(s.lines())
    assert again.game.public_state() == s.game.public_state()


def test_a_player_out_of_the_game_who_tries_to_act_is_told_he_is_out() -> None:
    # It was "it is Bob's turn, not Ann's", as if Ann had only to wait.
    header = '{"game": "deceit", "players": ["Ann", "Bob", "Cy"], "options": {"chips": 1}}'
    s = play('{"by": "Ann", "do": "declare", "call": "54", "dice": [3, 2]}',
             '{"by": "Bob", "do": "pull"}', header=header)     # Ann pays her only chip: out
    for line in ('{"by": "Ann", "do": "declare", "call": "31", "dice": [1, 3]}', '{"by": "Ann", "do": "accept"}'):
        message = refused(s, line, IllegalAction, "Ann is out of the game")
        assert "turn" not in message


# -- each name said once ---------------------------------------------------------------------
# A verdict named both players of a payment twice ("LIE! Ann called 54 — the dice show 3-2. Ann
# pays Bob a chip.", "Cy believes Ann's 1-1 (11). Cy pays Ann a chip.") and the loser of the
# game three times ("... Cy pays Ann 2 chips (all Cy had: a chip). Cy is out. Ann wins!"): a
# long name over and over fills the wall.

def deceit_record(players: tuple[str, ...], *actions: dict, **options: int) -> Session:
    return records.play({"game": "deceit", "players": list(players), "options": options}, *actions)


def declare(by: str, call: str, dice: list[int], target: str | None = None) -> dict:
    return {"by": by, "do": "declare", "call": call, "dice": dice, **({"target": target} if target else {})}


def pull(by: str) -> dict:
    return {"by": by, "do": "pull"}


def accept(by: str) -> dict:
    return {"by": by, "do": "accept"}


FOUR = ("Ann", "Bob", "Cy", "Dee")


@pytest.mark.parametrize(("actions", "message"), [
    ((declare("Ann", "54", [3, 2]), pull("Bob")),
     "LIE! Ann called 54 and pays a chip — the dice show 3-2. Bob pulled and collects."),
    ((declare("Ann", "54", [5, 4]), pull("Bob")),
     "TRUE! Ann called 54 and collects — the dice show 5-4. Bob pulled and pays a chip."),
    ((declare("Ann", "43", [5, 4]), pull("Bob")),
     "LIE! Ann called 43 and pays a chip — the dice show 5-4, not 43: a call must be the roll "
     "exactly. Bob pulled and collects."),
    ((declare("Ann", "11", [1, 1], "Cy"), pull("Cy")),
     "TRUE! Ann called 1-1 (11) and collects — the dice show 1-1. Cy, who was named, pulled and "
     "pays 2 chips."),
    ((declare("Ann", "11", [6, 6], "Cy"), pull("Cy")),
     "LIE! Ann called 1-1 (11) and pays 2 chips — the dice show 6-6. Cy, who was named, pulled and "
     "collects."),
    ((declare("Ann", "11", [4, 2], "Cy"), accept("Cy")),
     "Cy believes Ann's 1-1 (11) and pays a chip."),
    ((declare("Ann", "21", [2, 1]), pull("Bob")),
     "TRUE! Ann called 2-1 (21) and collects — the dice show 2-1. Bob pulled and pays a chip. 2-1 "
     "stands: play now goes counter-clockwise."),
], ids=["lie", "truth", "exact-lie", "11-truth", "11-lie", "11-believed", "21-truth"])
def test_a_verdict_names_each_player_once(actions, message) -> None:
    v = deceit_record(FOUR, *actions).game.last_verdict
    assert v.message == message
    assert max(records.names_said(v.message, FOUR).values()) == 1


@pytest.mark.parametrize(("actions", "message"), [
    ((declare("Ann", "54", [3, 2]), pull("Bob")),
     "LIE! Ann called 54, pays a chip and is out — the dice show 3-2. Bob pulled and collects."),
    ((declare("Ann", "54", [5, 4]), pull("Bob")),
     "TRUE! Ann called 54 and collects — the dice show 5-4. Bob pulled, pays a chip and is out."),
    ((declare("Ann", "11", [3, 3], "Cy"), pull("Cy")),
     "LIE! Ann called 1-1 (11), pays 2 chips (had only one) and is out — the dice show 3-3. Cy, "
     "who was named, pulled and collects."),
    ((declare("Ann", "11", [4, 2], "Cy"), accept("Cy")),
     "Cy believes Ann's 1-1 (11), pays a chip and is out."),
], ids=["lie", "truth", "11-lie-short", "11-believed"])
def test_a_verdict_putting_a_player_out_names_him_once(actions, message) -> None:
    s = deceit_record(FOUR, *actions, chips=1)
    v = s.game.last_verdict
    assert not s.game.over and v.message == message
    assert max(records.names_said(v.message, FOUR).values()) == 1


@pytest.mark.parametrize(("actions", "message"), [
    ((declare("Ann", "54", [3, 2]), pull("Bob")),
     "LIE! Ann called 54, pays a chip and is out — the dice show 3-2. Bob pulled, collects and wins!"),
    ((declare("Ann", "54", [5, 4]), pull("Bob")),
     "TRUE! Ann called 54, collects and wins — the dice show 5-4. Bob pulled, pays a chip and is out."),
    ((declare("Ann", "11", [1, 1], "Bob"), pull("Bob")),
     "TRUE! Ann called 1-1 (11), collects and wins — the dice show 1-1. Bob, who was named, pulled, "
     "pays 2 chips (had only one) and is out."),
    ((declare("Ann", "11", [4, 2], "Bob"), accept("Bob")),
     "Bob believes the 1-1 (11), pays a chip and is out. Ann, who called it, collects and wins!"),
], ids=["lie", "truth", "11-truth-short", "11-believed"])
def test_the_verdict_that_ends_the_game_names_each_player_once(actions, message) -> None:
    s = deceit_record(("Ann", "Bob"), *actions, chips=1)
    v = s.game.last_verdict
    assert s.game.over and v.message == message
    assert records.names_said(v.message, ("Ann", "Bob")) == {"Ann": 1, "Bob": 1}


@pytest.mark.parametrize(("players", "actions", "message"), [
    (("Ann", "Bob", "Cy"), (declare("Ann", "54", [3, 2]), pull("Bob"),
                            declare("Bob", "54", [5, 4]), pull("Cy")),
     "TRUE! Bob called 54, collects and wins — the dice show 5-4. Cy pulled and pays a chip. That was "
     "the last of 2 rounds: the most chips win."),
    (("Ann", "Bob", "Cy"), (declare("Ann", "54", [5, 4]), pull("Bob"),
                            declare("Bob", "54", [5, 4]), pull("Cy")),
     "TRUE! Bob called 54 and collects — the dice show 5-4. Cy pulled and pays a chip. That was the "
     "last of 2 rounds: Ann has the most chips and wins!"),
    (("Ann", "Bob"), (declare("Ann", "54", [3, 2]), pull("Bob"),
                      declare("Bob", "54", [3, 2]), pull("Ann")),
     "LIE! Bob called 54 and pays a chip — the dice show 3-2. Ann pulled and collects. 2 rounds "
     "played of 2, and the two of them tie with 5 chips each: play goes on until one has the most."),
    (("Ann", "Bob", "Cy"), (declare("Ann", "54", [5, 4]), pull("Bob"),
                            declare("Bob", "54", [3, 2]), pull("Cy")),
     "LIE! Bob called 54 and pays a chip — the dice show 3-2. Cy pulled and collects. 2 rounds "
     "played of 2, and Ann and the puller tie with 6 chips each: play goes on until one has the most."),
], ids=["named-winner", "other-winner", "both-tie", "one-ties"])
def test_the_last_round_names_each_player_once(players, actions, message) -> None:
    v = deceit_record(players, *actions, rounds=2).game.last_verdict
    assert v.message == message
    assert max(records.names_said(v.message, players).values()) == 1


@pytest.mark.parametrize("options", [{"chips": 1}, {"chips": 3}, {"chips": 3, "rounds": 3}, {"rounds": 2}])
def test_every_verdict_of_random_games_names_each_player_once(options: dict[str, int]) -> None:
    for seed in range(40):
        rng = random.Random(seed)
        players = ("Ann", "Bob", "Cy", "Dee", "Eve")[:rng.randint(2, 5)]
        s = deceit_record(players, **options)
        while not s.game.over:
            v = s.apply(s.game.random_action(rng))
            if v is not None:
                assert max(records.names_said(v.message, players).values()) <= 1, v.message
