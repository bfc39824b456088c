"""Kuriki scenarios written from the seed text (shared/seeds/000_...txt), each one a game record."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from engine.core import Outcome
from engine.errors import IllegalAction, LineError
from engine.kuriki import BOOKS, NAMED_ROLLS, Kuriki, call_name, roll_off, seat_first
from engine.record import Session, replay

from . import records

TABLE = ("Ann", "Bob", "Cy")


def play(*actions: dict[str, Any], players: tuple[str, ...] = TABLE,
         options: dict[str, Any] | None = None) -> Session:
    """Replay a record made of a header and the given action lines."""
    header: dict[str, Any] = {"game": "kuriki", "players": list(players)}
    if options is not None:
        header["options"] = options
    return replay([json.dumps(header)] + [json.dumps(a) for a in actions])


def refused(*actions: dict[str, Any], **kw: Any) -> LineError:
    with pytest.raises(LineError) as info:
        play(*actions, **kw)
    return info.value


def declare(by: str, call: Any, dice: list[int] | None = None, **extra: Any) -> dict[str, Any]:
    action: dict[str, Any] = {"by": by, "do": "declare", "call": call}
    if dice is not None:
        action["dice"] = dice
    action.update(extra)
    return action


def pass_(by: str) -> dict[str, Any]:
    return {"by": by, "do": "pass"}


def pull(by: str, dice: list[int] | None = None) -> dict[str, Any]:
    return {"by": by, "do": "pull"} if dice is None else {"by": by, "do": "pull", "dice": dice}


def foul(by: str, kind: str = "peek") -> dict[str, Any]:
    return {"by": by, "do": "foul", "kind": kind}


def lives(session: Session) -> dict[str, int]:
    return {p["name"]: p["lives"] for p in session.game.standings()["players"]}


def person(session: Session, name: str) -> dict[str, Any]:
    return next(p for p in session.game.standings()["players"] if p["name"] == name)


# -- the calls -----------------------------------------------------------------

def test_fifteen_calls_ranked_as_the_seed_lists_them() -> None:
    assert BOOKS[False].calls == ("kuriki", "double-6", "double-5", "double-4", "double-3", "double-2",
                                  "double-1", "11", "10", "9", "8", "7", "6", "5", "4")


@pytest.mark.parametrize("said,canonical", [
    ("boxcars", "double-6"), ("Blackout", "double-6"), ("double-six", "double-6"),
    ("the mime", "double-5"), ("The Mime", "double-5"), ("walnuts", "double-4"), ("WALNUTS", "double-4"),
    ("scouts", "double-3"), ("nixons", "double-2"), ("snake-eyes", "double-1"), ("Snake Eyes", "double-1"),
    ("evil eyes", "double-1"), ("Danzig", "double-1"), ("MOTHER", "double-1"), ("Double-One", "double-1"),
    ("Kuricki", "kuriki"), ("ku-riki", "kuriki"), ("9", "9"), (9, "9"),
])
def test_calls_by_nickname_any_case_and_canonical_in_output(said: Any, canonical: str) -> None:
    s = play(declare("Ann", said, [6, 6]) if canonical != "kuriki" else declare("Ann", said, [1, 2]))
    if canonical == "kuriki":
        assert s.game.last_verdict is not None and s.game.last_verdict.call == "kuriki"
    else:
        assert s.game.public_state()["call"] == canonical


def test_unknown_call_is_refused_with_its_line() -> None:
    err = refused(declare("Ann", "pinecones", [4, 4]))
    assert err.line == 2 and 'unknown call "pinecones"' in str(err)


@pytest.mark.parametrize("call", [9.0, True, [4, 4], {"call": "9"}])
def test_a_call_that_is_neither_a_word_nor_a_whole_number_says_so(call: Any) -> None:
    # It was there: "a declare needs call" would send the player looking for a missing key.
    message = str(refused(declare("Ann", call, [4, 5])))
    assert "needs" not in message
    assert f"not {json.dumps(call)}" in message and '"walnuts"' in message


def test_lowest_roll_is_four_and_three_is_not_a_call() -> None:
    assert 'unknown call "3"' in str(refused(declare("Ann", "3", [1, 3])))
    assert play(declare("Ann", "4", [1, 3])).game.call == "4"


def test_dice_must_be_two_faces_one_to_six() -> None:
    assert "7 is not a die face" in str(refused(declare("Ann", "walnuts", [4, 7])))
    assert "must be 2 dice" in str(refused(declare("Ann", "walnuts", [4, 4, 4])))


# -- declaring: fresh roll and rolling on a point ----------------------------------

def test_fresh_roll_has_no_minimum_and_next_guy_acts() -> None:
    s = play(declare("Ann", "4", [1, 3]))
    state = s.game.public_state()
    assert state["call"] == "4" and state["answers"] == "Ann" and state["roller"] == "Ann"
    assert state["to_act"] == "Bob" and state["next_guy"] == "Bob" and state["fresh"] is False


def test_taking_the_cup_must_declare_at_least_the_standing_call() -> None:
    err = refused(declare("Ann", "9", [5, 4]), declare("Bob", "8", [6, 2]))
    assert err.line == 3 and "at least 9" in str(err)
    s = play(declare("Ann", "9", [5, 4]), declare("Bob", "9", [3, 3]))   # equal is enough
    assert s.game.roller.name == "Bob" and s.game.call == "9" and s.game.to_act == "Cy"


def test_the_call_may_be_a_lie_or_lower_than_the_dice() -> None:
    s = play(declare("Ann", "boxcars", [1, 3]))
    assert s.game.call == "double-6"
    s = play(declare("Ann", "5", [6, 6]), pull("Bob"))      # under-calling is not lying
    assert s.game.last_verdict.outcome is Outcome.TRUTH


def test_only_the_player_to_act_may_declare() -> None:
    err = refused(declare("Bob", "9", [5, 4]))
    assert "Bob cannot declare now: Ann is the Roller" in str(err)
    err = refused(declare("Ann", "9", [5, 4]), declare("Cy", "10", [5, 5]))
    assert "Cy cannot declare now: Bob is the Next Guy" in str(err)


# -- pulling -----------------------------------------------------------------------

def test_pull_catches_a_lie_liar_loses_and_puller_rolls_fresh() -> None:
    s = play(declare("Ann", "walnuts", [6, 3]), pull("Bob"))
    v = s.game.last_verdict
    assert v.outcome is Outcome.LIE and v.losses == {"Ann": 1}
    assert v.caller == "Ann" and v.challenger == "Bob" and v.call == "double-4"
    assert v.message == ("LIE! Ann called Walnuts (4-4) and loses a life — the dice show 6-3. "
                         "Bob pulled and rolls.")
    assert lives(s) == {"Ann": 4, "Bob": 5, "Cy": 5}
    state = s.game.public_state()
    assert state["roller"] == "Bob" and state["to_act"] == "Bob" and state["fresh"] is True
    assert state["call"] is None


@pytest.mark.parametrize("said", ["double-5", "the mime", "Mime", "double five"])
def test_a_verdict_names_the_roll_as_the_call_line_does(said: str) -> None:
    """QA: the call line said "The Mime (5-5)" and the verdict under it "double-5" (or "the mime
    (double-5)"): a roll has one name, the seed's, whatever word was said for it."""
    s = play(declare("Ann", said, [6, 3]), pull("Bob"))
    assert s.game.last_verdict.message.startswith(
        "LIE! Ann called The Mime (5-5) and loses a life — the dice show 6-3.")
    s = play(declare("Ann", said, [5, 5]), pass_("Bob"), pull("Cy"))
    assert s.game.last_verdict.message.startswith(
        "NOT A LIE! Ann called The Mime (5-5), passed on to Bob, who rolls again — the dice show 5-5.")
    s = play(declare("Ann", "snake eyes", [1, 1]), pull("Bob"))
    assert "Ann called Snake-Eyes (1-1) and rolls again —" in s.game.last_verdict.message
    s = play(declare("Ann", "9", [5, 4]), pull("Bob"))              # a tally is its number
    assert "Ann called 9 and rolls again —" in s.game.last_verdict.message


def test_a_refusal_names_the_roll_as_the_call_line_does() -> None:
    err = refused(declare("Ann", "double-5", [5, 5]), declare("Bob", "9", [5, 4]))
    assert "the call must be at least The Mime, not 9" in str(err)
    err = refused(declare("Ann", "walnuts", [4, 4]), pass_("Bob"), pass_("Cy"), pass_("Ann"), pass_("Bob"))
    assert "(a call of at least Walnuts)" in str(err)


def test_every_named_roll_has_one_name_from_the_seed() -> None:
    assert [call_name(c) for c in BOOKS[False].calls[:7]] == [
        "Kuriki", "Boxcars", "The Mime", "Walnuts", "Scouts", "Nixons", "Snake-Eyes"]
    assert set(NAMED_ROLLS) == set(BOOKS[True].calls[:7])
    assert call_name("43") == "43" and call_name("11") == "11"
    for call, name in NAMED_ROLLS.items():        # each name is one the engine takes for its roll
        assert BOOKS[False].parse(name)[0] == call


def test_pull_on_the_truth_costs_the_puller_and_roller_rolls_again() -> None:
    s = play(declare("Ann", "9", [5, 4]), pull("Bob"))
    v = s.game.last_verdict
    assert v.outcome is Outcome.TRUTH and v.losses == {"Bob": 1}
    assert "Ann called 9 and rolls again" in v.message and "Bob pulled and loses a life" in v.message
    assert s.game.to_act == "Ann" and s.game.fresh


def test_after_a_pull_the_next_roll_is_fresh_even_lower() -> None:
    s = play(declare("Ann", "double-6", [6, 6]), pull("Bob"), declare("Ann", "4", [1, 3]))
    assert s.game.call == "4"


def test_pull_with_nothing_declared_is_refused() -> None:
    assert "no call to pull" in str(refused(pull("Ann")))


def test_two_digit_reading_shows_in_the_verdict_dice() -> None:
    s = play(declare("Ann", "walnuts", [3, 6]), pull("Bob"))
    assert s.game.last_verdict.dice == (3, 6)


# -- passing, responsibility, hate mail, pressure moves -------------------------------

def test_pass_moves_responsibility_and_the_next_guy() -> None:
    s = play(declare("Ann", "8", [4, 4]), pass_("Bob"))
    state = s.game.public_state()
    assert state["answers"] == "Bob" and state["to_act"] == "Cy" and state["passed"] == ["Bob"]
    assert state["roller"] == "Ann"


def test_a_player_passes_only_once_per_roll() -> None:
    err = refused(declare("Ann", "8", [4, 4]), pass_("Bob"), pass_("Bob"), players=("Ann", "Bob"))
    assert err.line == 4 and str(err) == "line 4: Bob already passed on this roll"
    err = refused(declare("Ann", "8", [4, 4]), pass_("Bob"), pass_("Cy"), pass_("Ann"), pass_("Bob"))
    assert "Bob already passed on this roll" in str(err)


def test_a_second_pass_when_the_cup_comes_round_says_what_is_left() -> None:
    # Everyone passed and the Roller passed it back (a Pressure Move): Bob may not pass again,
    # and is told he must pull or take the cup with at least the standing call.
    s = play(declare("Ann", "8", [4, 4]), pass_("Bob"), pass_("Cy"), pass_("Ann"))
    records.assert_refused(s, pass_("Bob"), IllegalAction,
                           "Bob already passed on this roll: Bob must pull, or take the cup and "
                           "roll (a call of at least 8)")


def test_passed_list_starts_again_with_each_new_roll() -> None:
    s = play(declare("Ann", "8", [4, 4]), pass_("Bob"), declare("Cy", "9", [6, 3]),
             pass_("Ann"), pass_("Bob"))
    assert s.game.passed == ["Ann", "Bob"] and s.game.to_act == "Cy"


def test_pull_after_passes_costs_the_last_passer_on_a_lie() -> None:
    s = play(declare("Ann", "10", [2, 3]), pass_("Bob"), pull("Cy"))
    v = s.game.last_verdict
    assert v.outcome is Outcome.LIE and v.losses == {"Bob": 1} and v.caller == "Bob"
    assert "Ann called 10, passed on to Bob" in v.message
    assert s.game.to_act == "Cy"


def test_hate_mail_the_roller_pulls_on_the_last_passer() -> None:
    s = play(declare("Ann", "walnuts", [6, 3]), pass_("Bob"), pass_("Cy"), pull("Ann"))
    v = s.game.last_verdict
    assert v.outcome is Outcome.LIE and v.losses == {"Cy": 1} and v.challenger == "Ann"
    assert lives(s) == {"Ann": 5, "Bob": 5, "Cy": 4}
    assert s.game.to_act == "Ann"          # the puller becomes the Roller


def test_truth_after_passes_costs_the_puller_and_the_one_who_answered_rolls() -> None:
    # Choice (documented): "the Roller rolls again" = the player who answered for the call.
    s = play(declare("Ann", "9", [5, 4]), pass_("Bob"), pull("Cy"))
    v = s.game.last_verdict
    assert v.outcome is Outcome.TRUTH and v.losses == {"Cy": 1} and v.caller == "Bob"
    assert s.game.to_act == "Bob" and s.game.fresh


def test_pressure_move_roller_passes_and_the_next_guy_must_pull_or_roll() -> None:
    s = play(declare("Ann", "double-6", [6, 6]), pass_("Bob"), pass_("Cy"), pass_("Ann"))
    assert s.game.public_state()["answers"] == "Ann" and s.game.to_act == "Bob"
    verbs = {a["do"] for a in s.game.legal_actions()}
    assert verbs == {"declare", "pull"}
    s.apply(pull("Bob"))
    assert s.game.last_verdict.losses == {"Bob": 1} and s.game.to_act == "Ann"


def test_taking_the_cup_after_passes_needs_at_least_the_call() -> None:
    s = play(declare("Ann", "7", [2, 2]), pass_("Bob"), declare("Cy", "7", [4, 3]))
    assert s.game.roller.name == "Cy" and s.game.answers.name == "Cy" and s.game.passed == []


def test_legal_actions_of_the_next_guy() -> None:
    s = play(declare("Ann", "double-2", [2, 2]))
    acts = s.game.legal_actions()
    calls = [a["call"] for a in acts if a["do"] == "declare"]
    assert calls == ["kuriki", "double-6", "double-5", "double-4", "double-3", "double-2"]   # highest first
    assert {"by": "Bob", "do": "pass"} in acts and {"by": "Bob", "do": "pull"} in acts
    assert all(a["by"] == "Bob" for a in acts)
    fresh = play().game.legal_actions()
    assert len(fresh) == 15 and all(a["do"] == "declare" for a in fresh)


# -- Kuriki ---------------------------------------------------------------------------

def test_kuriki_costs_the_next_guy_a_life_and_the_roller_keeps_the_cup() -> None:
    s = play(declare("Ann", "kuriki", [2, 1]))
    v = s.game.last_verdict
    assert v.outcome is Outcome.KURIKI and v.losses == {"Bob": 1} and v.dice == (1, 2)
    assert lives(s) == {"Ann": 5, "Bob": 4, "Cy": 5}
    assert person(s, "Ann")["kurikis"] == 1
    assert s.game.to_act == "Ann" and s.game.fresh


def test_kuriki_on_a_point_costs_the_new_next_guy() -> None:
    s = play(declare("Ann", "double-5", [5, 5]), declare("Bob", "kuriki", [1, 2]))
    assert s.game.last_verdict.losses == {"Cy": 1} and s.game.to_act == "Bob"


def test_rolled_kuriki_must_be_shown_and_called_kuriki() -> None:
    assert "rolled 1-2: a Kuriki is shown at once" in str(refused(declare("Ann", "boxcars", [1, 2])))
    err = str(refused(declare("Ann", "kuriki", [6, 5])))
    assert "not a Kuriki" in err and "6" not in err and "5" not in err.replace("line 2", "")
    assert 'needs "dice": [1, 2]' in str(refused(declare("Ann", "kuriki")))


def test_kuriki_takes_the_foul_pot() -> None:
    s = play(foul("Cy"), foul("Bob", "disrespect"), declare("Ann", "kuriki", [1, 2]), options={"fine": 0.5})
    assert s.game.standings()["pot"] == 0.0
    assert person(s, "Ann")["collected"] == 1.0
    assert "takes the foul pot (1.00)" in s.game.last_verdict.message


def test_every_third_kuriki_next_guy_loses_two_everyone_else_one() -> None:
    k = declare("Ann", "kuriki", [1, 2])
    s = play(k, k)
    assert lives(s) == {"Ann": 5, "Bob": 3, "Cy": 5}
    s.apply(k)   # third
    v = s.game.last_verdict
    assert v.losses == {"Bob": 2, "Cy": 1}
    assert lives(s) == {"Ann": 5, "Bob": 1, "Cy": 4}
    assert "Ann shows 1-2 for the 3rd time" in v.message


def test_a_third_kuriki_heads_up_does_not_speak_of_everyone_else() -> None:
    # Two players left: the Next Guy loses two and there is nobody else to lose one.
    k = declare("Ann", "kuriki", [1, 2])
    s = play(k, k, k, players=("Ann", "Bob"))
    v = s.game.last_verdict
    assert v.losses == {"Bob": 2}
    assert v.message.endswith("Bob (the Next Guy) loses two lives and is in the shit.")
    assert "everyone else" not in v.message.lower()
    s = play(k, k, k)
    assert s.game.last_verdict.message.endswith(
        "Bob (the Next Guy) loses two lives and is in the shit. Everyone else loses one.")


def test_sixth_kuriki_counts_again() -> None:
    k = declare("Ann", "kuriki", [1, 2])
    s = play(*[k] * 5, players=("Ann", "Bob", "Cy", "Dee"), options={"lives": 9})
    assert lives(s) == {"Ann": 9, "Bob": 3, "Cy": 8, "Dee": 8}   # 1+1+2+1+1
    s.apply(k)
    assert s.game.last_verdict.losses == {"Bob": 2, "Cy": 1, "Dee": 1}
    assert person(s, "Ann")["kurikis"] == 6


def test_kurikis_count_per_player() -> None:
    s = play(declare("Ann", "kuriki", [1, 2]), declare("Ann", "9", [4, 5]), pull("Bob"),  # Bob loses
             declare("Ann", "kuriki", [1, 2]), declare("Ann", "5", [3, 2]), declare("Bob", "kuriki", [1, 2]))
    assert person(s, "Ann")["kurikis"] == 2 and person(s, "Bob")["kurikis"] == 1
    assert s.game.last_verdict.losses == {"Cy": 1}      # Bob's 1st, not the table's 3rd


def test_seed_default_roller_may_reverse_on_the_roll_after_his_kuriki() -> None:
    s = play(declare("Ann", "kuriki", [1, 2]))
    assert s.game.public_state()["may_reverse"] is True
    s.apply(declare("Ann", "9", [4, 5], reverse=True))
    assert s.game.direction == "counter-clockwise" and s.game.to_act == "Cy"


def test_reverse_only_right_after_ones_own_kuriki() -> None:
    assert "just scored a Kuriki" in str(refused(declare("Ann", "9", [4, 5], reverse=True)))
    err = refused(declare("Ann", "kuriki", [1, 2]), declare("Ann", "9", [4, 5]),
                  declare("Bob", "9", [4, 5], reverse=True))
    assert "just scored a Kuriki" in str(err)


def test_kuriki_reverses_option_reverses_by_itself() -> None:
    s = play(declare("Ann", "kuriki", [1, 2]), declare("Ann", "9", [4, 5]),
             options={"kuriki_reverses": True})
    assert s.game.direction == "counter-clockwise" and s.game.to_act == "Cy"
    err = refused(declare("Ann", "kuriki", [1, 2]), declare("Ann", "9", [4, 5], reverse=True),
                  options={"kuriki_reverses": True})
    assert "reverses by itself" in str(err)


# -- fouls -------------------------------------------------------------------------------

def test_fouls_any_time_fines_into_the_pot_third_foul_costs_a_life() -> None:
    s = play(declare("Ann", "9", [4, 5]), foul("Cy", "peek"), foul("Cy", "disrespect"))
    assert person(s, "Cy")["fouls"] == 2 and lives(s)["Cy"] == 5
    assert s.game.standings()["pot"] == 0.5
    assert s.game.to_act == "Bob"           # a foul does not change whose turn it is
    s.apply(foul("Cy", "dropped-die"))
    assert lives(s)["Cy"] == 4 and s.game.last_verdict.outcome is Outcome.FOUL
    assert s.game.standings()["pot"] == 0.75
    for _ in range(3):
        s.apply(foul("Cy"))
    assert person(s, "Cy")["fouls"] == 6 and lives(s)["Cy"] == 3   # every third foul


def test_rusk_is_a_triple_foul() -> None:
    s = play(foul("Bob", "rusk"), options={"fine": 1})
    assert person(s, "Bob")["fouls"] == 3 and lives(s)["Bob"] == 4
    assert s.game.standings()["pot"] == 3.0
    s = play(foul("Bob"), foul("Bob"), foul("Bob", "rusk"))   # 2 -> 5 fouls crosses 3 only
    assert lives(s)["Bob"] == 4
    s.apply(foul("Bob"))                                       # 6th foul
    assert lives(s)["Bob"] == 3


def test_a_foul_s_verdict_says_its_kind_in_words_not_the_record_s() -> None:
    """"FOUL! Bob: dropped-die, 1 foul" said the record's hyphenated kind beside "peek" and "RUSK
    (a triple foul)": a dropped die is said in words; the record keeps "dropped-die"."""
    said = {}
    for kind in ("peek", "disrespect", "dropped-die", "rusk"):
        s = play(declare("Ann", "9", [4, 5]), foul("Bob", kind))
        said[kind] = s.game.last_verdict.message
        assert s.log[-1]["kind"] == kind
    assert said["dropped-die"].startswith("FOUL! Bob: dropped die, 1 foul")
    assert said["peek"].startswith("FOUL! Bob: peek, 1 foul")
    assert said["disrespect"].startswith("FOUL! Bob: disrespect, 1 foul")
    assert said["rusk"].startswith("FOUL! Bob: RUSK (a triple foul), 3 fouls")
    assert not any("-" in message.split(",")[0] for message in said.values()), said


def test_unknown_foul_kind_is_refused() -> None:
    assert 'unknown foul "slouching"' in str(refused(foul("Bob", "slouching")))


def test_a_foul_without_a_kind_says_it_needs_one() -> None:
    message = str(refused({"by": "Bob", "do": "foul"}))
    assert "None" not in message
    assert 'a foul needs "kind"' in message
    assert "peek, disrespect, dropped-die, rusk" in message
    for kind in ("", ["peek"]):   # empty, and not a word (a list is not even hashable)
        message = str(refused({"by": "Bob", "do": "foul", "kind": kind}))
        assert "peek, disrespect, dropped-die, rusk" in message


def test_foul_knocking_out_the_roller_hands_the_cup_on() -> None:
    s = play(foul("Ann", "rusk"), options={"lives": 1})
    assert s.game.tarted == "Ann" and s.game.to_act == "Bob" and s.game.roller.name == "Bob"


def test_foul_knocking_out_who_answers_voids_the_call() -> None:
    s = play(declare("Ann", "9", [4, 5]), pass_("Bob"), foul("Bob", "rusk"), options={"lives": 1})
    assert s.game.call is None and s.game.to_act == "Cy"
    assert "call is void" in s.game.last_verdict.message


def test_foul_knocking_out_the_next_guy_moves_the_turn_on() -> None:
    s = play(declare("Ann", "9", [4, 5]), foul("Bob", "rusk"), options={"lives": 1})
    assert s.game.call == "9" and s.game.to_act == "Cy"


# -- knock-outs, Tarted, in the shit, the winner, stakes -----------------------------------

def test_in_the_shit_at_one_life_first_out_is_tarted_last_standing_wins() -> None:
    s = play(declare("Ann", "boxcars", [1, 3]), pull("Bob"), options={"lives": 2})
    assert person(s, "Ann")["in_the_shit"] is True
    assert "Ann called Boxcars (6-6), loses a life and is in the shit" in s.game.last_verdict.message
    s.apply(declare("Bob", "double-1", [1, 1]))
    s.apply(pull("Cy"))                                       # truth: Cy 2 -> 1
    s.apply(declare("Bob", "11", [6, 5]))
    s.apply(pull("Cy"))                                       # truth again: Cy out
    st = s.game.standings()
    assert st["tarted"] == "Cy" and person(s, "Cy")["out"] is True and st["over"] is False
    assert s.game.last_verdict.message.endswith("Cy pulled and is out, Tarted.")
    assert s.game.to_act == "Bob"
    s.apply(declare("Bob", "5", [4, 1]))
    assert s.game.to_act == "Ann"                             # Cy is skipped from now on
    s.apply(pull("Ann"))                                      # truth: Ann out
    st = s.game.standings()
    assert st["over"] is True and st["winner"] == "Bob" and st["to_act"] is None
    assert st["knocked_out"] == ["Cy", "Ann"]
    assert "the game is over: Bob won" in str(pytest.raises(IllegalAction, s.apply, declare("Bob", "4", [1, 3])).value)


@pytest.mark.parametrize(("actions", "message"), [
    ((declare("Ann", "9", [6, 5]), pull("Bob")),
     "NOT A LIE! Ann called 9 and wins 4.00 — the dice show 6-5. Bob pulled and is out, Tarted."),
    ((declare("Ann", "walnuts", [1, 3]), pull("Bob")),
     "LIE! Ann called Walnuts (4-4) and is out, Tarted — the dice show 3-1. Bob pulled and wins 4.00!"),
    ((declare("Ann", "walnuts", [1, 3]), pass_("Bob"), pull("Ann")),
     "LIE! Bob passed on Walnuts (4-4) and is out, Tarted — the dice show 3-1. "
     "Ann, who called it, pulled and wins 4.00!"),
], ids=["truth", "lie", "passed"])
def test_the_pull_that_wins_names_each_player_once(actions, message) -> None:
    # It said "Ann called 9 — ... Bob loses a life. Bob is out and Tarted! Ann wins and takes
    # 4.00!": the winner twice, the loser three times, long on the wall's winner screen.
    s = play(*actions, players=("Ann", "Bob"), options={"lives": 1, "stake": 2})
    assert s.game.over and s.game.last_verdict.message == message


def test_winner_takes_the_stakes_and_the_foul_pot() -> None:
    s = play(foul("Bob"), declare("Ann", "walnuts", [6, 3]), pull("Bob"),
             players=("Ann", "Bob"), options={"lives": 1, "stake": 2, "fine": 0.25})
    st = s.game.standings()
    assert st["winner"] == "Bob" and st["prize"] == 4.25 and st["pot"] == 0.0
    assert person(s, "Bob")["collected"] == 4.25


def test_third_kuriki_knocks_out_in_playing_order() -> None:
    k = declare("Ann", "kuriki", [1, 2])
    s = play(k, k, k, players=("Ann", "Bob", "Cy", "Dee"), options={"lives": 1})
    # The 1st Kuriki already knocked Bob out: the Next Guy of the 2nd is Cy, of the 3rd Dee.
    assert s.game.standings()["knocked_out"] == ["Bob", "Cy", "Dee"]
    assert s.game.tarted == "Bob" and s.game.winner == "Ann"


def test_third_kuriki_many_out_at_once_next_guy_is_tarted() -> None:
    k = declare("Ann", "kuriki", [1, 2])
    s = play(k, k, players=("Ann", "Bob", "Cy", "Dee"), options={"lives": 3})
    assert lives(s) == {"Ann": 3, "Bob": 1, "Cy": 3, "Dee": 3}
    s = play(k, k, k, players=("Ann", "Bob", "Cy", "Dee"), options={"lives": 3})
    assert s.game.tarted == "Bob" and lives(s) == {"Ann": 3, "Bob": 0, "Cy": 2, "Dee": 2}


# -- options ----------------------------------------------------------------------------------

def test_lives_option_and_unknown_options_refused() -> None:
    assert lives(play(options={"lives": 9})) == {"Ann": 9, "Bob": 9, "Cy": 9}
    assert 'unknown option "jokers"' in str(refused(options={"jokers": True}))
    assert "must be at least 1" in str(refused(options={"lives": 0}))
    assert "must be a number" in str(refused(options={"fine": "a quarter"}))


def test_the_fine_and_the_stake_have_an_upper_limit() -> None:
    # A fine of 1e308 was accepted: two fouls made the foul pot Infinity.
    assert 'option "fine" must be at most 1000, not 1e+308' in str(refused(options={"fine": 1e308}))
    assert 'option "fine" must be at most 1000' in str(refused(options={"fine": 1000.01}))
    assert 'option "stake" must be at most 100000' in str(refused(options={"stake": 1e308}))
    s = play(foul("Ann"), options={"fine": 1000, "stake": 100_000})
    assert s.game.public_state()["pot"] == 1000


def test_counter_clockwise_first_player_still_opens() -> None:
    s = play(declare("Ann", "7", [4, 3]), options={"direction": "counter-clockwise"})
    assert s.game.to_act == "Cy"


def test_two_digit_variant_ranks() -> None:
    book = BOOKS[True]
    assert len(book.calls) == 35      # 36 rolls, with 1-2 and 2-1 both being the Kuriki
    assert book.calls[:9] == ("kuriki", "double-6", "double-5", "double-4", "double-3", "double-2",
                              "double-1", "65", "64")
    assert book.calls[-1] == "13"
    assert book.rank["double-1"] > book.rank["65"] > book.rank["56"] > book.rank["43"] > book.rank["34"]


def test_two_digit_34_and_43_both_true_for_3_4_but_not_higher() -> None:
    two = {"two_digit": True}
    assert play(declare("Ann", "34", [3, 4]), pull("Bob"), options=two).game.last_verdict.outcome is Outcome.TRUTH
    assert play(declare("Ann", "43", [3, 4]), pull("Bob"), options=two).game.last_verdict.outcome is Outcome.TRUTH
    assert play(declare("Ann", "45", [3, 4]), pull("Bob"), options=two).game.last_verdict.outcome is Outcome.LIE
    assert play(declare("Ann", "65", [1, 1]), pull("Bob"), options=two).game.last_verdict.outcome is Outcome.TRUTH


def test_two_digit_calls_and_tallies_do_not_mix() -> None:
    assert 'unknown call "9"' in str(refused(declare("Ann", "9", [4, 5]), options={"two_digit": True}))
    assert 'unknown call "54"' in str(refused(declare("Ann", "54", [4, 5])))
    s = play(declare("Ann", "44", [4, 4]), options={"two_digit": True})
    assert s.game.call == "double-4"
    assert "not a Kuriki" in str(refused(declare("Ann", "21", [4, 4]), options={"two_digit": True}))


def test_taking_the_cup_in_two_digit_must_be_at_least_equal() -> None:
    err = refused(declare("Ann", "43", [4, 3]), declare("Bob", "42", [4, 2]), options={"two_digit": True})
    assert "at least 43" in str(err)


# -- tables without a camera -------------------------------------------------------------------

def test_no_camera_declare_then_pull_carries_the_dice() -> None:
    s = play(declare("Ann", "walnuts"), pull("Bob", [4, 4]))
    assert s.game.last_verdict.outcome is Outcome.TRUTH
    assert "pull must carry" in str(refused(declare("Ann", "walnuts"), pull("Bob")))


def test_the_dice_under_the_cup_are_never_public() -> None:
    s = play(declare("Ann", "4", [5, 6]), pass_("Bob"))
    shown = json.dumps(s.game.public_state()) + json.dumps(s.game.standings())
    assert "[5, 6]" not in shown and "5-6" not in shown and "6-5" not in shown
    assert s.game.public_state()["verdict"] is None


def test_kuriki_without_camera_carries_its_dice() -> None:
    s = play(declare("Ann", "kuriki", [1, 2]))
    assert s.game.last_verdict.outcome is Outcome.KURIKI


# -- the roll-off ----------------------------------------------------------------------------------

class Loaded(random.Random):
    """A die that rolls the given faces in turn."""

    def __init__(self, faces: list[int]) -> None:
        super().__init__(0)
        self.faces = list(faces)

    def randint(self, a: int, b: int) -> int:
        return self.faces.pop(0)


def test_roll_off_ties_roll_again_and_the_winner_opens() -> None:
    # Ann 6, Bob 3, Cy 6 -> Ann and Cy again: 2 vs 5 -> Cy.
    winner = roll_off(["Ann", "Bob", "Cy"], Loaded([6, 3, 6, 2, 5]))
    assert winner == "Cy"
    assert seat_first(["Ann", "Bob", "Cy"], winner) == ["Cy", "Ann", "Bob"]
    game = Kuriki(seat_first(["Ann", "Bob", "Cy"], winner))
    assert game.to_act == "Cy"


# -- random play: every life lost is in a verdict ------------------------------------------------

def test_random_games_every_life_lost_is_accounted_for_by_a_verdict() -> None:
    rng = random.Random(7)
    for g in range(300):
        options = {"lives": rng.randint(1, 6), "two_digit": rng.random() < 0.5,
                   "kuriki_reverses": rng.random() < 0.5}
        s = Session({"game": "kuriki", "players": ["Ann", "Bob", "Cy", "Dee"][: rng.randint(2, 4)],
                     "options": options})
        lost = 0
        while not s.game.over:
            action = s.game.random_action(rng)
            verdict = s.apply(action)
            if action["do"] == "pull":
                assert verdict is not None and sum(verdict.losses.values()) == 1
            if verdict is not None:
                lost += sum(verdict.losses.values())
                if verdict.outcome is Outcome.KURIKI:
                    assert sorted(action["dice"]) == [1, 2]
            start = options["lives"] * len(s.game.players)
            assert start - sum(p.lives for p in s.game.players) == lost


def test_a_player_out_of_the_game_who_had_passed_is_told_he_is_out() -> None:
    # It was "Bob already passed on this roll": true, but not why Bob may not play.
    s = play(declare("Ann", "9", [4, 5]), pass_("Bob"), pass_("Cy"), foul("Bob", "rusk"),
             players=("Ann", "Bob", "Cy", "Dee"), options={"lives": 1})
    assert s.game.call == "9" and "Bob" in s.game.knocked_out
    for action in (pass_("Bob"), pull("Bob"), declare("Bob", "10", [5, 5])):
        message = records.assert_refused(s, action, IllegalAction, "Bob is out of the game")
        assert "passed" not in message


def test_the_kuriki_reverses_option_is_explained_in_the_table_s_words() -> None:
    # The phone's new-game form shows each option's doc beside its input: this one, beside a
    # tick box, read 'false (the seed): ... by adding "reverse": true to his next declare; true:
    # ...', the record's JSON, not what a player ticks.
    from pathlib import Path

    from engine.kuriki import KurikiOptions

    doc = next(o["doc"] for o in KurikiOptions.describe() if o["name"] == "kuriki_reverses")
    assert doc.startswith("Unticked (the seed)") and "Ticked:" in doc
    assert 'tick "reverse direction" on the phone' in doc
    control = (Path(__file__).resolve().parents[2] / "web" / "static" / "control.js").read_text(encoding="utf-8")
    assert 'reverse: "reverse direction"' in control        # the phone's own label for the toggle


# -- each name said once -------------------------------------------------------------------
# A verdict named a player as often as it said something of him ("Ann called 9 — ... Ann loses
# a life. Ann is in the shit. Bob rolls."): a 40-letter name three times over fills the wall.

def names_said(message: str, players: tuple[str, ...] = TABLE) -> dict[str, int]:
    return records.names_said(message, players)


@pytest.mark.parametrize(("actions", "message"), [
    ((declare("Ann", "walnuts", [6, 3]), pull("Bob")),
     "LIE! Ann called Walnuts (4-4), loses a life and is in the shit — the dice show 6-3. "
     "Bob pulled and rolls."),
    ((declare("Ann", "9", [5, 4]), pull("Bob")),
     "NOT A LIE! Ann called 9 and rolls again — the dice show 5-4. "
     "Bob pulled, loses a life and is in the shit."),
    ((declare("Ann", "9", [5, 4]), pass_("Bob"), pull("Cy")),
     "NOT A LIE! Ann called 9, passed on to Bob, who rolls again — the dice show 5-4. "
     "Cy pulled, loses a life and is in the shit."),
    ((declare("Ann", "9", [4, 3]), pass_("Bob"), pull("Cy")),
     "LIE! Ann called 9, passed on to Bob, who loses a life and is in the shit — the dice show "
     "4-3. Cy pulled and rolls."),
    ((declare("Ann", "9", [4, 3]), pass_("Bob"), pass_("Cy"), pull("Ann")),
     "LIE! Cy passed on 9, loses a life and is in the shit — the dice show 4-3. "
     "Ann, who called it, pulled and rolls."),
], ids=["lie", "truth", "passed-truth", "passed-lie", "roller-pulls"])
def test_a_pull_that_leaves_the_loser_in_the_shit_names_each_player_once(actions, message) -> None:
    s = play(*actions, options={"lives": 2})
    v = s.game.last_verdict
    assert not s.game.over and v.message == message
    assert max(names_said(v.message).values()) == 1


def test_a_pull_that_puts_a_player_out_names_him_once() -> None:
    s = play(declare("Ann", "9", [5, 4]), pull("Bob"), options={"lives": 1})
    v = s.game.last_verdict
    assert not s.game.over and s.game.tarted == "Bob"
    assert v.message == ("NOT A LIE! Ann called 9 and rolls again — the dice show 5-4. "
                         "Bob pulled and is out, Tarted.")
    assert max(names_said(v.message).values()) == 1


def test_the_kuriki_that_ends_the_game_names_each_player_once() -> None:
    s = play(foul("Ann"), declare("Ann", "kuriki", [1, 2]), players=("Ann", "Bob"),
             options={"lives": 1, "stake": 2})
    v = s.game.last_verdict
    assert s.game.winner == "Ann" and v.message == (
        "KURIKI! Ann shows 1-2, takes the foul pot (0.25) and wins 4.00. "
        "Bob (the Next Guy) loses a life and is out, Tarted.")
    assert names_said(v.message, ("Ann", "Bob")) == {"Ann": 1, "Bob": 1}


def test_a_kuriki_names_each_player_once() -> None:
    s = play(foul("Cy"), declare("Ann", "kuriki", [1, 2]), options={"lives": 2})
    v = s.game.last_verdict
    assert v.message == ("KURIKI! Ann shows 1-2, takes the foul pot (0.25) and keeps the cup. "
                         "Bob (the Next Guy) loses a life and is in the shit.")
    assert names_said(v.message) == {"Ann": 1, "Bob": 1, "Cy": 0}
    k = declare("Ann", "kuriki", [1, 2])
    s = play(foul("Cy", "rusk"), foul("Cy", "rusk"), k, k, k,          # Cy 4 -> 2 lives, Bob 4 -> 2
             players=("Ann", "Bob", "Cy", "Dee"), options={"lives": 4})
    v = s.game.last_verdict
    assert v.losses == {"Bob": 2, "Cy": 1, "Dee": 1}
    assert v.message == ("KURIKI! Ann shows 1-2 for the 3rd time and keeps the cup. Bob (the Next "
                         "Guy) loses two lives and is out, Tarted. Everyone else loses one. "
                         "Cy is in the shit.")
    assert max(names_said(v.message, ("Ann", "Bob", "Cy", "Dee")).values()) == 1


@pytest.mark.parametrize(("actions", "message"), [
    ((foul("Bob", "rusk"),),
     "FOUL! Bob: RUSK (a triple foul), 3 fouls; 0.75 into the foul pot. Every third foul costs a "
     "life: none left, out and Tarted. Ann wins 4.75!"),
    ((foul("Ann"), foul("Ann"), foul("Ann")),
     "FOUL! Ann: peek, 3 fouls; 0.25 into the foul pot. Every third foul costs a life: none "
     "left, out and Tarted. Bob wins 4.75!"),
], ids=["rusk", "third"])
def test_the_foul_that_ends_the_game_names_each_player_once(actions, message) -> None:
    s = play(*actions, players=("Ann", "Bob"), options={"lives": 1, "stake": 2})
    v = s.game.last_verdict
    assert s.game.over and v.message == message
    assert names_said(v.message, ("Ann", "Bob")) == {"Ann": 1, "Bob": 1}


def test_a_foul_that_leaves_the_player_in_the_shit_names_him_once() -> None:
    s = play(foul("Cy", "rusk"), options={"lives": 2})
    v = s.game.last_verdict
    assert v.message == ("FOUL! Cy: RUSK (a triple foul), 3 fouls; 0.75 into the foul pot. "
                         "Every third foul costs a life: one left, in the shit.")
    assert names_said(v.message) == {"Ann": 0, "Bob": 0, "Cy": 1}
    s = play(declare("Ann", "9", [4, 5]), pass_("Bob"), foul("Bob", "rusk"), options={"lives": 3})
    assert s.game.last_verdict.message == ("FOUL! Bob: RUSK (a triple foul), 3 fouls; 0.75 into "
                                           "the foul pot. Every third foul costs a life.")
