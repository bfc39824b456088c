"""A rule-by-rule audit of the engine against the seed texts (shared/seeds/000_...004_...txt).

Each test plays one seed rule through the public record API and quotes the sentence it checks.
The per-game test files already cover most rules one at a time; the tests here cover what they do
not: rules meeting each other (a Kuriki on a passed-on point, a blind Mia accepted, an 11 after a
believed 2-1...) and the corners of each sentence. Where the seed is ambiguous the comment says
which reading a player at the bar would expect and the test pins it.
"""

from __future__ import annotations

from typing import Any

import pytest

from engine.core import Outcome
from engine.errors import IllegalAction
from engine.farkel import score
from engine.liars import Call, hand_count
from engine.record import Session

from . import records


def game(name: str, players: list[str], **options: Any) -> Session:
    header: dict[str, Any] = {"game": name, "players": players}
    if options:
        header["options"] = options
    return records.play(header)


def counters(s: Session, key: str) -> dict[str, int]:
    return {p["name"]: p[key] for p in s.game.standings()["players"]}


def act(by: str, do: str, **fields: Any) -> dict[str, Any]:
    return {"by": by, "do": do, **fields}


# == Kuriki (000) ================================================================================

KTABLE = ["Ann", "Bob", "Cy", "Dee"]


def test_kuriki_a_kuriki_on_a_point_beats_double_six_and_the_next_roll_is_fresh() -> None:
    # "1-2 'Kuriki' Highest possible roll ... the Roller keeps the cup for the next roll."
    s = game("kuriki", KTABLE)
    s.apply(act("Ann", "declare", call="boxcars", dice=[6, 6]))
    s.apply(act("Bob", "declare", call="kuriki", dice=[2, 1]))     # Bob took the cup and rolled 1-2
    assert s.game.last_verdict.outcome is Outcome.KURIKI
    assert s.game.last_verdict.losses == {"Cy": 1}                  # the player after the new Roller
    assert s.game.to_act == "Bob" and s.game.public_state()["fresh"]
    s.apply(act("Bob", "declare", call="4", dice=[1, 3]))           # fresh: no minimum, even below 6-6
    assert s.game.public_state()["call"] == "4"


def test_kuriki_rolled_after_everyone_passed_costs_the_player_after_the_new_roller() -> None:
    # "If the Next Guy takes the cup, he becomes the new Roller" -- even after he passed once and
    # the Roller passed it back (a Pressure Move); his Kuriki's Next Guy is the one after him.
    s = game("kuriki", ["Ann", "Bob", "Cy"])
    for a in (act("Ann", "declare", call="9", dice=[6, 3]), act("Bob", "pass"), act("Cy", "pass"),
              act("Ann", "pass")):
        s.apply(a)
    records.assert_refused(s, act("Bob", "pass"), IllegalAction, "Bob already passed on this roll")
    records.assert_refused(s, act("Bob", "declare", call="8", dice=[4, 4]), IllegalAction,
                           "at least 9")
    s.apply(act("Bob", "declare", call="kuriki", dice=[1, 2]))
    assert s.game.last_verdict.losses == {"Cy": 1}
    assert s.game.to_act == "Bob" and counters(s, "kurikis") == {"Ann": 0, "Bob": 1, "Cy": 0}


def test_kuriki_third_kuriki_skips_players_already_out_and_spares_the_roller() -> None:
    # "On a third Kuriki, the player next to act (the Next Guy) loses two lives, everybody else
    # loses one" -- everybody still at the table: a player knocked out loses nothing more.
    s = game("kuriki", KTABLE, lives=2)
    k = act("Ann", "declare", call="kuriki", dice=[1, 2])
    s.apply(k)                                                      # Bob 1
    s.apply(act("Cy", "foul", kind="rusk"))                         # Cy: three fouls, a life
    s.apply(act("Cy", "foul", kind="rusk"))                         # six fouls: Cy is out
    assert counters(s, "out")["Cy"] and s.game.standings()["tarted"] == "Cy"
    s.apply(k)                                                      # Bob out
    assert s.game.standings()["knocked_out"] == ["Cy", "Bob"]
    s.apply(act("Ann", "declare", call="kuriki", dice=[2, 1]))      # Ann's 3rd: Dee is Next Guy
    v = s.game.last_verdict
    assert v.losses == {"Dee": 2} and "Ann shows 1-2 for the 3rd time" in v.message
    assert s.game.winner == "Ann" and counters(s, "lives")["Ann"] == 2


def test_kuriki_reverse_on_a_kuriki_roll_turns_the_next_guy_round() -> None:
    # "After scoring a Kuriki, a player may reverse the direction of play on the next roll": if
    # that next roll is a Kuriki again, its Next Guy is already the player on the other side.
    s = game("kuriki", KTABLE)
    s.apply(act("Ann", "declare", call="kuriki", dice=[1, 2]))      # Bob loses
    s.apply(act("Ann", "declare", call="kuriki", dice=[1, 2], reverse=True))
    assert s.game.last_verdict.losses == {"Dee": 1}
    assert s.game.direction == "counter-clockwise"
    assert counters(s, "lives") == {"Ann": 5, "Bob": 4, "Cy": 5, "Dee": 4}


def test_kuriki_the_cup_taken_on_a_point_may_equal_the_call_in_the_two_digit_variant_too() -> None:
    # "he must declare at least the value of the previous declaration"; "3-4 could be declared
    # either 34 or 43 according to necessity" and "Double-One beats" 65.
    s = game("kuriki", KTABLE, two_digit=True)
    s.apply(act("Ann", "declare", call="65", dice=[6, 5]))
    records.assert_refused(s, act("Bob", "declare", call="64", dice=[6, 4]), IllegalAction,
                           "at least 65, not 64")
    s.apply(act("Bob", "declare", call="65", dice=[3, 4]))          # equal: allowed (a lie here)
    s.apply(act("Cy", "declare", call="snake eyes", dice=[2, 2]))   # double-1 beats 65
    assert s.game.public_state()["call"] == "double-1"
    s.apply(act("Dee", "pull"))                                      # 2-2 beats 1-1: not a lie
    assert s.game.last_verdict.losses == {"Dee": 1}


def test_kuriki_hidden_kuriki_found_at_the_pull_stands_but_scores_nothing() -> None:
    # The seed: a Kuriki "is immediately displayed by the Roller". At a table without a camera a
    # Roller could keep 1-2 under the cup and call something else. Ambiguous; the reading a bar
    # expects: 1-2 is the highest roll, so the call was no lie and the puller loses -- but a
    # Kuriki not shown earns no crown and takes no life from the Next Guy.
    s = game("kuriki", KTABLE)
    s.apply(act("Ann", "declare", call="9"))
    s.apply(act("Bob", "pull", dice=[1, 2]))
    v = s.game.last_verdict
    assert v.outcome is Outcome.TRUTH and v.losses == {"Bob": 1}
    assert counters(s, "kurikis")["Ann"] == 0 and s.game.to_act == "Ann"


def test_kuriki_sixth_foul_costs_a_second_life_and_the_fines_pile_up_for_the_winner() -> None:
    # "A player who accumulates three fouls loses a life, and loses another life for every third
    # foul -- after six fouls, after nine"; the winner "takes all the money (including any
    # unclaimed foul money)".
    s = game("kuriki", ["Ann", "Bob"], lives=2, fine=0.25, stake=1.0)
    for _ in range(5):
        s.apply(act("Bob", "foul", kind="peek"))
    assert counters(s, "lives") == {"Ann": 2, "Bob": 1} and s.game.standings()["pot"] == 1.25
    s.apply(act("Bob", "foul", kind="dropped-die"))                 # the sixth
    st = s.game.standings()
    assert st["winner"] == "Ann" and st["prize"] == 3.5              # 2 stakes + 6 fines
    assert "Ann wins 3.50!" in s.game.last_verdict.message


def test_kuriki_a_lie_passed_on_costs_the_last_passer_and_the_puller_takes_the_cup() -> None:
    # "If the Next Guy Passes, then he assumes responsibility for the Roll"; pulled lie: he "loses
    # a life, and the Next Guy becomes the new Roller"; the next point "begins with a Fresh Roll".
    s = game("kuriki", KTABLE)
    for a in (act("Ann", "declare", call="walnuts", dice=[6, 3]), act("Bob", "pass"),
              act("Cy", "pull")):
        s.apply(a)
    v = s.game.last_verdict
    assert v.outcome is Outcome.LIE and v.losses == {"Bob": 1} and v.caller == "Bob"
    assert s.game.to_act == "Cy" and s.game.public_state()["fresh"]


# == Mia (004) ===================================================================================

MTABLE = ["Ann", "Bob", "Cy"]


def test_mia_a_blind_raise_to_mia_may_be_accepted_for_one_life() -> None:
    # "Just declare a higher number without looking or rolling ... You are still responsible for
    # the number you declare"; a Mia must be accepted, "losing a life", or pulled.
    s = game("mia", MTABLE)
    s.apply(act("Ann", "declare", call="65", dice=[6, 5]))
    s.apply(act("Bob", "declare", call="mia", blind=True))
    assert s.game.legal_actions() == [{"by": "Cy", "do": "accept"}, {"by": "Cy", "do": "pull"}]
    s.apply(act("Cy", "accept"))
    assert counters(s, "lives") == {"Ann": 3, "Bob": 3, "Cy": 2}
    assert s.game.to_act == "Ann"              # "whoever was up to play next" after Cy


def test_mia_a_blind_mia_pulled_on_dice_that_are_not_mia_costs_the_raiser_two() -> None:
    s = game("mia", MTABLE)
    s.apply(act("Ann", "declare", call="65", dice=[6, 5]))
    s.apply(act("Bob", "declare", call="21", blind=True))
    s.apply(act("Cy", "pull"))
    v = s.game.last_verdict
    assert v.outcome is Outcome.LIE and v.losses == {"Bob": 2} and v.dice == (6, 5)


def test_mia_rolled_but_called_lower_costs_only_one_life_on_a_pull() -> None:
    # "if he declared a lower value than the actual roll, the accuser loses a life": one life,
    # since two lives are only for a *declared* Mia ("when someone declares a 'Mia'").
    s = game("mia", MTABLE)
    s.apply(act("Ann", "declare", call="31", dice=[2, 1]))
    s.apply(act("Bob", "pull"))
    assert s.game.last_verdict.losses == {"Bob": 1}


def test_mia_lower_doubles_beat_higher_doubles_at_the_pull() -> None:
    # "doubles come first, with lower doubles beating higher doubles. So a 22 beats a 66."
    s = game("mia", MTABLE)
    s.apply(act("Ann", "declare", call="66", dice=[2, 2]))
    s.apply(act("Bob", "pull"))
    assert s.game.last_verdict.outcome is Outcome.TRUTH and s.game.last_verdict.losses == {"Bob": 1}
    s = game("mia", MTABLE)
    s.apply(act("Ann", "declare", call="22", dice=[6, 6]))
    s.apply(act("Bob", "pull"))
    assert s.game.last_verdict.outcome is Outcome.LIE and s.game.last_verdict.losses == {"Ann": 1}


def test_mia_a_pulled_mia_knocks_out_a_player_on_one_life_and_ends_the_game() -> None:
    # "Once a player loses all of his lives, he's out ... until there is only one man standing."
    s = game("mia", ["Ann", "Bob"], lives=1)
    s.apply(act("Ann", "declare", call="21", dice=[1, 2]))
    s.apply(act("Bob", "pull"))
    assert s.game.winner == "Ann" and s.game.last_verdict.losses == {"Bob": 1}
    records.assert_refused(s, act("Ann", "declare", call="31", dice=[3, 1]), IllegalAction,
                           "the game is over: Ann won")


# == Deceit (001) ================================================================================

DTABLE = ["Ann", "Bob", "Cy", "Dee"]


def test_deceit_after_an_11_is_believed_the_next_player_begins_from_zero_with_any_call() -> None:
    # "If the person chosen believes you, they hand a chip to you, and the next player continues";
    # "when someone is paid a chip(s), the next player begins from zero": 21 is allowed again.
    s = game("deceit", DTABLE)
    s.apply(act("Ann", "declare", call="64", dice=[6, 4]))
    s.apply(act("Bob", "declare", call="11", target="Dee", dice=[1, 1]))
    s.apply(act("Dee", "accept"))
    assert counters(s, "chips") == {"Ann": 5, "Bob": 6, "Cy": 5, "Dee": 4}
    assert s.game.to_act == "Cy"
    s.apply(act("Cy", "declare", call="21", dice=[2, 1]))
    assert s.game.public_state()["call"] == "21"


def test_deceit_an_11_caught_lying_pays_what_the_caller_has_and_knocks_him_out() -> None:
    # "If they do not believe you and you are lying, then you must surrender two chips to them";
    # "is eliminated if they have no more chips. The last player with any chips is declared the
    # winner." A caller with one chip pays that one (chips are never made up).
    s = game("deceit", ["Ann", "Bob"], chips=1)
    s.apply(act("Ann", "declare", call="11", target="Bob", dice=[6, 6]))
    s.apply(act("Bob", "pull"))
    assert counters(s, "chips") == {"Ann": 0, "Bob": 2}
    assert s.game.winner == "Bob"


def test_deceit_a_believed_21_then_an_11_the_round_restarts_the_new_way_round() -> None:
    # "the game starts clockwise, but may change to counterclockwise if the next player believes
    # you"; after the payment "the next player" -- now counter-clockwise -- "begins from zero".
    s = game("deceit", DTABLE)
    s.apply(act("Ann", "declare", call="21", dice=[2, 1]))
    s.apply(act("Bob", "declare", call="11", target="Cy", dice=[1, 1]))   # Bob believed: reversed
    assert s.game.direction == "counter-clockwise" and s.game.to_act == "Cy"
    s.apply(act("Cy", "accept"))
    assert s.game.to_act == "Ann"                # after Bob, counter-clockwise


def test_deceit_every_call_must_be_greater_even_a_lie() -> None:
    # "Each player must always announce a number greater than the previous player, by truth or by
    # lying": equal is refused, and 66 is above every mixed number.
    s = game("deceit", DTABLE)
    s.apply(act("Ann", "declare", call="65", dice=[6, 5]))
    records.assert_refused(s, act("Bob", "declare", call="65", dice=[6, 5]), IllegalAction,
                           "65 does not beat 65", "66")
    s.apply(act("Bob", "declare", call="66", dice=[3, 2]))
    s.apply(act("Cy", "pull"))
    assert s.game.last_verdict.losses == {"Bob": 1} and s.game.last_verdict.gains == {"Cy": 1}


# == Farkel (002) ================================================================================

FTABLE = ["Ann", "Bob"]


def test_farkel_only_ones_and_fives_count_alone_other_numbers_need_three() -> None:
    # "Only ONES and FIVES count by themselves. Other numbers count as three-of-a-kind or more but
    # not in pairs."
    assert score([1]) == 100 and score([5]) == 50
    for face in (2, 3, 4, 6):
        assert score([face]) == 0 and score([face, face]) == 0
        assert score([face] * 3) == face * 100


def test_farkel_the_turn_points_are_lost_on_a_farkel_after_keeping() -> None:
    # "If you roll no scoring dice, your turn is over and you lose all the points you rolled on
    # that turn."
    s = game("farkel", FTABLE)
    s.apply(act("Ann", "roll", dice=[1, 1, 1, 5, 2, 3]))
    s.apply(act("Ann", "keep", dice=[1, 1, 1, 5]))
    s.apply(act("Ann", "roll", dice=[2, 3]))
    v = s.game.last_verdict
    assert v.outcome is Outcome.FARKEL and v.losses == {"Ann": 350}
    assert counters(s, "score") == {"Ann": 0, "Bob": 0} and s.game.to_act == "Bob"


def test_farkel_entry_is_500_in_one_turn_not_added_up_over_turns() -> None:
    # "Each player must roll at least 500 points during one turn to get into the game."
    s = game("farkel", FTABLE)
    s.apply(act("Ann", "roll", dice=[1, 5, 2, 3, 4, 6]))
    s.apply(act("Ann", "keep", dice=[1, 5, 2, 3, 4, 6]))    # a straight: 1500 in one turn
    s.apply(act("Ann", "bank"))
    assert counters(s, "score")["Ann"] == 1500 and counters(s, "entered")["Ann"]
    s.apply(act("Bob", "roll", dice=[1, 2, 2, 3, 3, 4]))
    s.apply(act("Bob", "keep", dice=[1]))
    records.assert_refused(s, act("Bob", "bank"), IllegalAction, "needs 500 points in one turn")


def test_farkel_high_stakes_points_count_for_the_taker_and_reach_the_target() -> None:
    # "If they score, they get the same points as the previous player plus the points they just
    # rolled"; "When one player reaches 10,000 points, all other players get one more turn".
    s = game("farkel", FTABLE, high_stakes=True, target=1000)
    s.apply(act("Ann", "roll", dice=[5, 5, 5, 1, 2, 3]))
    s.apply(act("Ann", "keep", dice=[5, 5, 5, 1]))
    s.apply(act("Ann", "bank"))                            # 600, two dice left
    s.apply(act("Bob", "roll", dice=[1, 5], high_stakes=True))
    s.apply(act("Bob", "keep", dice=[1, 5]))
    s.apply(act("Bob", "bank"))                            # 600 + 150 = 750, entered with it
    assert counters(s, "score") == {"Ann": 600, "Bob": 750}
    s.apply(act("Ann", "roll", dice=[4, 4, 4, 2, 3, 6]))
    s.apply(act("Ann", "keep", dice=[4, 4, 4]))
    s.apply(act("Ann", "bank"))                            # Ann 1000: Bob gets one more turn
    assert not s.game.over and s.game.to_act == "Bob"
    s.apply(act("Bob", "roll", dice=[2, 2, 3, 3, 4, 6]))   # farkel
    assert s.game.winner == "Ann"


def test_farkel_two_triplets_beat_their_parts() -> None:
    # The table: "Two triplets 2500" is more than 1+1+1 (300) and 5+5+5 (500) added.
    assert score([1, 1, 1, 5, 5, 5]) == 2500
    assert score([1, 1, 1, 5, 5, 5], {"three_ones": 1000}) == 2500


# == Chinese liar's dice (003) ===================================================================

LTABLE = ["Ann", "Bob", "Cy", "Dee"]


def test_liars_switching_to_zhai_keeps_the_count_and_any_face_even_a_lower_one() -> None:
    # "Change the previous call to zhai, with the count being X of Y but without restriction on Y":
    # six 3s -> six 2s zhai.
    s = game("liars", LTABLE)
    s.apply(act("Ann", "call", count=6, face=3))
    s.apply(act("Bob", "call", count=6, face=2, zhai=True))
    assert s.game.public_state()["call"] == "six 2s zhai"


def test_liars_breaking_zhai_from_ones_needs_three_more() -> None:
    # "When the previous call is zhai, you can add three to 'break zhai'"; a call of 1s is zhai
    # (1s cannot stand in for themselves), so four 1s breaks to seven non-zhai, not six.
    s = game("liars", LTABLE)
    s.apply(act("Ann", "call", count=4, face=1))
    records.assert_refused(s, act("Bob", "call", count=6, face=2), IllegalAction,
                           "does not raise", "7 or more non-zhai")
    s.apply(act("Bob", "call", count=7, face=2))
    assert s.game.public_state()["call"] == "seven 2s"


def test_liars_a_bounce_may_be_bounced_back_again() -> None:
    # "Bounce back: Add two on top of the previous call and give it back to the previous player."
    s = game("liars", LTABLE)
    s.apply(act("Ann", "call", count=6, face=3))
    s.apply(act("Bob", "call", count=8, face=3, bounce=True))
    assert s.game.to_act == "Ann"
    s.apply(act("Ann", "call", count=10, face=3, bounce=True))
    assert s.game.to_act == "Bob" and s.game.public_state()["answers"] == "Ann"
    records.assert_refused(s, act("Bob", "call", count=11, face=3, bounce=True), IllegalAction,
                           "a bounce back adds two", "twelve 3s")


def test_liars_exactly_the_called_count_is_enough() -> None:
    # "if there are indeed six 3s or more, they win; otherwise, you win."
    s = game("liars", LTABLE)
    s.apply(act("Ann", "call", count=6, face=3))
    s.apply(act("Bob", "open", hands={"Ann": [1, 3, 2, 2, 6], "Bob": [3, 3, 4, 4, 6],
                                      "Cy": [3, 5, 5, 6, 6], "Dee": [3, 2, 2, 4, 6]}))
    v = s.game.last_verdict
    assert v.outcome is Outcome.TRUTH and v.losses == {"Bob": 1}
    assert s.game.public_state()["open_count"]["count"] == 6 and s.game.to_act == "Bob"


@pytest.mark.parametrize(("hand", "call", "counts"), [
    ([1, 1, 3, 3, 3], Call(6, 3, False), 6),     # the seed's example: six 3s
    ([1, 3, 3, 3, 3], Call(6, 3, False), 6),     # 1s standing in: X+1
    ([3, 3, 3, 3, 3], Call(6, 3, False), 7),     # all the same number: X+2
    ([3, 3, 3, 3, 3], Call(6, 3, True), 7),      # zhai: five real 3s are still all the same
    ([1, 1, 3, 3, 3], Call(6, 3, True), 3),      # zhai: 1s do not stand in, no bonus
    ([2, 3, 4, 5, 6], Call(6, 3, False), 0),     # "Sequential dice: need to reroll"
])
def test_liars_hand_rules(hand: list[int], call: Call, counts: int) -> None:
    assert hand_count(hand, call) == counts
