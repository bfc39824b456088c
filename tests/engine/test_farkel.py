"""Farkel (seed 002_5e5dec455384a3b6.txt): scenarios written as game records and replayed."""

from __future__ import annotations

import random
from itertools import combinations, combinations_with_replacement

import pytest

from engine.errors import EngineError, IllegalAction, LineError, RecordError
from engine.farkel import best_keep, has_score, score, scoring_subsets
from engine.record import Session, replay

from . import records

THREE = ["Ann", "Bob", "Cy"]


def header(players: list[str] = THREE, **options: object) -> dict:
    h: dict = {"game": "farkel", "players": players}
    if options:
        h["options"] = options
    return h


def play(head: dict, *actions: dict) -> Session:
    """Replay a record written as a header and action dicts, line by line as JSON text."""
    return records.play(head, *actions)


def roll(by: str, *dice: int, **extra: object) -> dict:
    return {"by": by, "do": "roll", "dice": list(dice), **extra}


def keep(by: str, *dice: int) -> dict:
    return {"by": by, "do": "keep", "dice": list(dice)}


def bank(by: str) -> dict:
    return {"by": by, "do": "bank"}


def refused(session: Session, action: dict, message: str, error: type[EngineError] = IllegalAction) -> None:
    """The action is refused with this message and the game is exactly as it was."""
    records.assert_refused(session, action, error, message)


# -- the scoring table, row by row ------------------------------------------------------------

TABLE = [
    ([1], 100), ([5], 50),
    ([1, 1, 1], 300), ([2, 2, 2], 200), ([3, 3, 3], 300), ([4, 4, 4], 400), ([5, 5, 5], 500),
    ([6, 6, 6], 600),
    ([3, 3, 3, 3], 1000), ([6, 6, 6, 6], 1000), ([2, 2, 2, 2, 2], 2000), ([4, 4, 4, 4, 4, 4], 3000),
    ([1, 2, 3, 4, 5, 6], 1500), ([6, 5, 4, 3, 2, 1], 1500),
    ([2, 2, 3, 3, 4, 4], 1500), ([1, 1, 5, 5, 6, 6], 1500),
    ([2, 2, 2, 3, 3, 3], 2500), ([6, 4, 6, 4, 6, 4], 2500),
    # combinations of the rows: every die counts, the best reading wins
    ([1, 5], 150), ([1, 1], 200), ([5, 5], 100), ([1, 1, 1, 5], 350), ([2, 2, 2, 1, 5], 350),
    ([1, 1, 1, 1], 1000), ([5, 5, 5, 5], 1000), ([1, 1, 1, 1, 1, 1], 3000),
    ([1, 1, 1, 1, 5, 5], 1100), ([5, 5, 5, 1, 1, 1], 2500),
]


@pytest.mark.parametrize(("dice", "points"), TABLE)
def test_scoring_table(dice: list[int], points: int) -> None:
    assert score(dice) == points


@pytest.mark.parametrize("dice", [[2], [3], [4], [6], [2, 2], [6, 6], [1, 2], [5, 5, 3], [1, 2, 3, 4, 5],
                                  [2, 2, 2, 2, 3, 3], [], [3, 3, 4, 4]])
def test_dice_that_do_not_all_score_make_nothing(dice: list[int]) -> None:
    assert score(dice) == 0


def test_three_ones_house_rule_1000() -> None:
    assert score([1, 1, 1], {"three_ones": 1000}) == 1000
    assert score([1, 1, 1, 5], {"three_ones": 1000}) == 1050
    # four 1s: the best reading is three 1s (1000) plus a single 1 (100)
    assert score([1, 1, 1, 1], {"three_ones": 1000}) == 1100


def test_four_of_a_kind_and_a_pair_as_three_pairs_house_rule() -> None:
    assert score([2, 2, 2, 2, 3, 3]) == 0
    assert score([2, 2, 2, 2, 3, 3], {"four_kind_pair_as_three_pairs": True}) == 1500
    assert score([1, 1, 1, 1, 5, 5], {"four_kind_pair_as_three_pairs": True}) == 1500
    assert best_keep([2, 2, 2, 2, 3, 3]) == ((2, 2, 2, 2), 1000)


def test_best_keep() -> None:
    assert best_keep([1, 2, 3, 4, 5, 6]) == ((1, 2, 3, 4, 5, 6), 1500)
    assert best_keep([5, 5, 5, 1, 2, 3]) == ((1, 5, 5, 5), 600)
    assert best_keep([2, 3, 4, 6, 6, 2]) == ((), 0)
    assert best_keep([3, 4, 5, 2, 2, 6]) == ((5,), 50)
    assert best_keep([1, 1, 1, 2, 3, 4], {"three_ones": 1000}) == ((1, 1, 1), 1000)
    assert best_keep([2, 2, 2, 3, 3, 3]) == ((2, 2, 2, 3, 3, 3), 2500)


def test_scoring_subsets_lists_every_keep_best_first() -> None:
    assert scoring_subsets([1, 5, 2]) == [((1, 5), 150), ((1,), 100), ((5,), 50)]
    assert scoring_subsets([2, 3, 4, 6, 6, 2]) == []
    assert has_score([6, 6, 6]) and not has_score([2, 3, 4, 6])


def test_best_keep_is_the_maximum_over_every_subset() -> None:
    rng = random.Random(7)
    for _ in range(200):
        dice = [rng.randint(1, 6) for _ in range(rng.randint(1, 6))]
        subsets = scoring_subsets(dice)
        kept, points = best_keep(dice)
        assert points == max((p for _, p in subsets), default=0)
        assert all(score(s) == p > 0 for s, p in subsets)


# -- a turn -------------------------------------------------------------------------------------

def test_keep_roll_the_rest_and_bank() -> None:
    s = play(header(),
             roll("Ann", 1, 5, 5, 5, 2, 3),   # 1 + three 5s = 600
             keep("Ann", 1, 5, 5, 5),
             roll("Ann", 1, 4),
             keep("Ann", 1))
    st = s.game.standings()
    assert st["turn_total"] == 700
    assert st["kept"] == [1, 5, 5, 5, 1]
    assert st["last_roll"] == [1, 4]
    assert s.game.public_state()["dice_left"] == 1
    v = s.apply(bank("Ann"))
    assert v is not None and v.outcome.value == "banked" and v.gains == {"Ann": 700}
    st = s.game.standings()
    assert st["players"][0] == {"name": "Ann", "out": False, "score": 700, "entered": True}
    assert st["to_act"] == "Bob" and st["turn_total"] == 0 and st["kept"] == []


def test_you_need_not_keep_every_scoring_die() -> None:
    s = play(header(), roll("Ann", 1, 5, 2, 3, 4, 6), keep("Ann", 1), roll("Ann", 5, 5, 5, 2, 3))
    assert s.game.standings()["turn_total"] == 100
    s.apply(keep("Ann", 5, 5, 5))
    assert s.game.standings()["turn_total"] == 600


def test_several_keeps_from_one_roll_score_together() -> None:
    s = play(header(), roll("Ann", 3, 3, 3, 3, 2, 6), keep("Ann", 3, 3, 3))
    assert s.game.standings()["turn_total"] == 300
    s.apply(keep("Ann", 3))      # the fourth 3 of the same roll makes four of a kind
    assert s.game.standings()["turn_total"] == 1000
    assert s.game.public_state()["dice_left"] == 2


def test_dice_count_only_once_a_later_die_cannot_join_an_earlier_triple() -> None:
    s = play(header(), roll("Ann", 6, 6, 6, 2, 3, 4), keep("Ann", 6, 6, 6), roll("Ann", 6, 1, 2))
    refused(s, keep("Ann", 6), "a 6 does not score")
    s.apply(keep("Ann", 1))
    assert s.game.standings()["turn_total"] == 700


def test_a_lone_two_cannot_be_kept() -> None:
    s = play(header(), roll("Ann", 1, 2, 3, 4, 6, 6))
    refused(s, keep("Ann", 2), "a 2 does not score: every kept die must count")
    refused(s, keep("Ann", 1, 2), "1-2 do not score")
    refused(s, keep("Ann", 5), "a 5 is not among the dice left from this roll (1-2-3-4-6-6)")
    refused(s, keep("Ann", 1, 1), "1-1 are not among the dice left")


def test_farkel_loses_the_turn_points_and_passes_the_dice() -> None:
    s = play(header(), roll("Ann", 1, 1, 2, 3, 4, 6), keep("Ann", 1, 1), roll("Ann", 2, 3, 4, 6))
    v = s.game.last_verdict
    assert v is not None and v.outcome.value == "farkel"
    assert v.losses == {"Ann": 200} and v.dice == (2, 3, 4, 6)
    assert "FARKEL" in v.message and "loses the 200 points" in v.message
    st = s.game.standings()
    assert st["to_act"] == "Bob" and st["players"][0]["score"] == 0 and st["turn_total"] == 0
    assert st["last_roll"] == [2, 3, 4, 6]


def test_first_roll_farkel_ends_the_turn_by_itself() -> None:
    s = play(header(), roll("Ann", 2, 2, 3, 3, 4, 6))
    assert s.game.to_act == "Bob"
    assert s.game.last_verdict is not None and s.game.last_verdict.losses == {}


def test_hot_dice_roll_all_six_again() -> None:
    s = play(header(), roll("Ann", 1, 1, 5, 2, 3, 4), keep("Ann", 1, 1, 5),
             roll("Ann", 5, 5, 5), keep("Ann", 5, 5, 5))
    assert s.game.public_state()["dice_left"] == 6
    assert s.game.standings()["turn_total"] == 750
    refused(s, roll("Ann", 1, 2, 3), "Ann rolls 6 dice now, not 3")
    s.apply(roll("Ann", 1, 2, 3, 4, 5, 6))
    s.apply(keep("Ann", 1, 2, 3, 4, 5, 6))
    assert s.game.standings()["turn_total"] == 2250
    s.apply(bank("Ann"))
    assert s.game.standings()["players"][0]["score"] == 2250


def test_hot_dice_in_one_roll_and_bank_is_allowed() -> None:
    s = play(header(), roll("Ann", 2, 2, 2, 3, 3, 3), keep("Ann", 2, 2, 2, 3, 3, 3), bank("Ann"))
    assert s.game.standings()["players"][0]["score"] == 2500


# -- getting into the game ----------------------------------------------------------------------

def test_500_in_one_turn_to_enter() -> None:
    s = play(header(), roll("Ann", 1, 5, 2, 3, 4, 6), keep("Ann", 1, 5))
    refused(s, bank("Ann"), "Ann needs 500 points in one turn to get into the game; this turn has 150: roll on")
    s.apply(roll("Ann", 5, 5, 5, 2))
    s.apply(keep("Ann", 5, 5, 5))
    s.apply(bank("Ann"))    # 650
    assert s.game.standings()["players"][0]["score"] == 650
    # once in, any bank counts
    for a in (roll("Bob", 2, 2, 3, 3, 4, 6), roll("Cy", 2, 2, 3, 3, 4, 6),
              roll("Ann", 5, 2, 3, 3, 4, 6), keep("Ann", 5), bank("Ann")):
        s.apply(a)
    assert s.game.standings()["players"][0]["score"] == 700


def test_entry_option() -> None:
    s = play(header(entry=0), roll("Ann", 5, 2, 3, 3, 4, 6), keep("Ann", 5), bank("Ann"))
    assert s.game.standings()["players"][0]["score"] == 50
    s = play(header(entry=1000), roll("Ann", 5, 5, 5, 3, 4, 6), keep("Ann", 5, 5, 5))
    refused(s, bank("Ann"), "Ann needs 1,000 points")


def test_legal_actions_follow_the_turn() -> None:
    s = play(header())
    assert s.game.legal_actions() == [{"by": "Ann", "do": "roll"}]
    s.apply(roll("Ann", 1, 5, 2, 2, 3, 4))
    legal = s.game.legal_actions()
    assert {"by": "Ann", "do": "bank"} not in legal and {"by": "Ann", "do": "roll"} not in legal
    assert sorted(a["dice"] for a in legal) == [[1], [1, 5], [5]]
    s.apply(keep("Ann", 1))
    legal = s.game.legal_actions()
    assert {"by": "Ann", "do": "roll"} in legal
    assert {"by": "Ann", "do": "bank"} not in legal     # 100 is below the entry
    assert [a["dice"] for a in legal if a["do"] == "keep"] == [[5]]


# -- the end of the game ------------------------------------------------------------------------

def turn(by: str, *dice: int) -> list[dict]:
    """One scoring turn: roll six, keep the best keep, bank."""
    kept, _ = best_keep(dice)
    return [roll(by, *dice), keep(by, *kept), bank(by)]


FARKEL_ROLL = (2, 2, 3, 3, 4, 6)


def test_target_gives_everyone_else_one_more_turn_and_highest_wins() -> None:
    s = play(header(target=1000),
             *turn("Ann", 1, 1, 1, 1, 2, 3),        # Ann 1000: the final round starts
             )
    st = s.game.standings()
    assert st["final_round"] and not st["over"] and st["to_act"] == "Bob"
    assert "everyone else gets one more turn" in s.game.last_verdict.message
    s.apply(roll("Bob", *FARKEL_ROLL))
    assert not s.game.over and s.game.to_act == "Cy"
    for a in turn("Cy", 2, 2, 2, 2, 2, 3):      # Cy 2000 beats Ann
        s.apply(a)
    st = s.game.standings()
    assert st["over"] and st["winner"] == "Cy" and st["to_act"] is None
    assert s.game.last_verdict.message == "Cy banks 2,000: 2,000 in all. That wins the game."
    refused(s, roll("Ann", *FARKEL_ROLL), "the game is over: Cy won")


def test_nobody_beats_the_leader() -> None:
    s = play(header(target=1000), roll("Ann", *FARKEL_ROLL), *turn("Bob", 4, 4, 4, 4, 2, 3),
             *turn("Cy", 1, 5, 5, 5, 3, 3), roll("Ann", *FARKEL_ROLL))
    assert s.game.over and s.game.winner == "Bob"


def test_a_tie_goes_to_who_reached_the_score_first() -> None:
    s = play(header(["Ann", "Bob"], target=1000), *turn("Ann", 3, 3, 3, 3, 2, 6),
             *turn("Bob", 6, 6, 6, 6, 2, 3))
    assert s.game.over and s.game.winner == "Ann"
    assert [p["score"] for p in s.game.standings()["players"]] == [1000, 1000]


def test_the_final_round_counts_turns_not_banks() -> None:
    # four players: after Bob reaches the target, Cy, Dee and Ann each get one turn
    s = play(header(["Ann", "Bob", "Cy", "Dee"], target=1000), roll("Ann", *FARKEL_ROLL),
             *turn("Bob", 5, 5, 5, 5, 2, 3), roll("Cy", *FARKEL_ROLL), roll("Dee", *FARKEL_ROLL))
    assert not s.game.over and s.game.to_act == "Ann"
    s.apply(roll("Ann", *FARKEL_ROLL))
    assert s.game.over and s.game.winner == "Bob"


# -- High Stakes --------------------------------------------------------------------------------

def test_high_stakes_takes_over_the_points_and_the_dice_left() -> None:
    s = play(header(high_stakes=True), roll("Ann", 5, 5, 5, 1, 2, 3), keep("Ann", 5, 5, 5, 1),
             bank("Ann"))      # 600 banked with two dice left
    assert s.game.public_state()["high_stakes"] == {"dice": 2, "points": 600}
    assert {"by": "Bob", "do": "roll", "high_stakes": True} in s.game.legal_actions()
    refused(s, roll("Bob", 1, 2, 3, high_stakes=True), "Bob rolls 2 dice now, not 3")
    s.apply(roll("Bob", 1, 3, high_stakes=True))
    s.apply(keep("Bob", 1))
    assert s.game.standings()["turn_total"] == 700
    assert s.game.public_state()["dice_left"] == 1
    s.apply(roll("Bob", 5))
    s.apply(keep("Bob", 5))
    assert s.game.public_state()["dice_left"] == 6      # both dice scored: hot dice
    s.apply(bank("Bob"))
    assert s.game.standings()["players"][1]["score"] == 750
    assert s.game.standings()["players"][0]["score"] == 600


def test_high_stakes_farkel_loses_the_turn() -> None:
    s = play(header(high_stakes=True), roll("Ann", 5, 5, 5, 1, 2, 3), keep("Ann", 5, 5, 5, 1),
             bank("Ann"), roll("Bob", 2, 3, high_stakes=True))
    assert s.game.last_verdict.outcome.value == "farkel"
    assert s.game.to_act == "Cy" and s.game.standings()["players"][1]["score"] == 0
    assert s.game.public_state()["high_stakes"] is None


def test_high_stakes_may_be_declined_and_then_expires() -> None:
    s = play(header(high_stakes=True), roll("Ann", 5, 5, 5, 1, 2, 3), keep("Ann", 5, 5, 5, 1),
             bank("Ann"), roll("Bob", 1, 2, 2, 3, 4, 6))
    s.apply(keep("Bob", 1))
    refused(s, roll("Bob", 2, 3, high_stakes=True), "no dice to take over")
    assert s.game.standings()["turn_total"] == 100


def test_high_stakes_needs_the_option_and_a_bank_with_dice_left() -> None:
    s = play(header(), roll("Ann", 5, 5, 5, 1, 2, 3), keep("Ann", 5, 5, 5, 1), bank("Ann"))
    refused(s, roll("Bob", 2, 3, high_stakes=True), "High Stakes is not played at this table")
    assert s.game.public_state()["high_stakes"] is None
    # after hot dice nothing is left on the table: no offer
    s = play(header(high_stakes=True), roll("Ann", 2, 2, 2, 3, 3, 3), keep("Ann", 2, 2, 2, 3, 3, 3),
             bank("Ann"))
    refused(s, roll("Bob", 2, 3, 4, 4, 5, 6, high_stakes=True), "no dice to take over")
    # after a farkel there is nothing to take over either
    s = play(header(high_stakes=True), roll("Ann", *FARKEL_ROLL))
    refused(s, roll("Bob", 2, 3, high_stakes=True), "no dice to take over")


# -- refusals -----------------------------------------------------------------------------------

def test_illegal_actions_are_refused_and_change_nothing() -> None:
    s = play(header())
    refused(s, roll("Bob", 1, 2, 3, 4, 5, 6), "it is Ann's turn, not Bob's")
    refused(s, roll("Ann", 1, 2, 3), "Ann rolls 6 dice now, not 3")
    refused(s, keep("Ann", 1), "Ann has not rolled yet: nothing to keep")
    refused(s, bank("Ann"), "Ann has not rolled yet: nothing to bank")
    refused(s, {"by": "Ann", "do": "roll"}, 'a roll needs "dice"', RecordError)
    refused(s, roll("Ann", 1, 2, 3, 4, 5, 7), "7 is not a die face", RecordError)
    refused(s, roll("Ann", 1, 2, 3, 4, 5, 6, high_stakes="yes"), '"high_stakes" must be true or false',
            RecordError)
    refused(s, {"by": "Ann", "do": "pull"}, 'Farkel has no action "pull"', RecordError)
    s.apply(roll("Ann", 1, 2, 3, 3, 4, 6))
    refused(s, roll("Ann", 1, 2, 3, 4, 5), "Ann must keep at least one scoring die from this roll before rolling again")
    refused(s, bank("Ann"), "Ann must keep at least one scoring die from this roll before banking")
    # (It said "dice must have at least 1 dice".)
    refused(s, {"by": "Ann", "do": "keep", "dice": []}, 'a keep needs at least one die in "dice"',
            RecordError)
    refused(s, {"by": "Ann", "do": "roll", "dice": []}, 'a roll needs at least one die in "dice"',
            RecordError)


def test_replay_names_the_line_of_an_illegal_action() -> None:
    with pytest.raises(LineError) as info:
        play(header(), roll("Ann", 1, 2, 3, 3, 4, 6), keep("Ann", 2))
    assert info.value.line == 3 and "a 2 does not score" in str(info.value)


def test_options_are_checked() -> None:
    with pytest.raises(RecordError, match='option "three_ones" must be one of 300, 1000'):
        Session(header(three_ones=500))
    with pytest.raises(RecordError, match='unknown option "lives"'):
        Session(header(lives=3))
    with pytest.raises(RecordError, match="needs 2 to 12 players"):
        Session(header(["Ann"]))


def test_undo_takes_back_a_keep() -> None:
    s = play(header(), roll("Ann", 1, 5, 2, 3, 4, 6), keep("Ann", 1, 5), {"do": "undo"})
    assert s.game.standings()["turn_total"] == 0
    s.apply(keep("Ann", 1))
    assert s.game.standings()["turn_total"] == 100


def test_random_games_end_and_replay_the_same() -> None:
    rng = random.Random(11)
    for i in range(20):
        opts = {"high_stakes": i % 2 == 0, "three_ones": 1000 if i % 3 == 0 else 300,
                "target": 3000}
        s = Session(header(THREE[: 2 + i % 2], **opts))
        while not s.game.over:
            action = s.game.random_action(rng)
            s.apply(action)
        again = replay(s.lines())
        assert again.game.standings() == s.game.standings()
        st = s.game.standings()
        top = max(p["score"] for p in st["players"])
        assert top >= 3000 and st["winner"] in [p["name"] for p in st["players"] if p["score"] == top]


def test_listed_keeps_are_exactly_the_accepted_keeps() -> None:
    from itertools import combinations
    rng = random.Random(3)
    for _ in range(40):
        dice = [rng.randint(1, 6) for _ in range(6)]
        s = play(header(four_kind_pair_as_three_pairs=rng.random() < 0.5), roll("Ann", *dice))
        if s.game.over or s.game.to_act != "Ann":
            continue       # a farkel
        listed = sorted(tuple(a["dice"]) for a in s.game.legal_actions() if a["do"] == "keep")
        accepted = set()
        for n in range(1, 7):
            for subset in set(combinations(sorted(dice), n)):
                trial = replay(s.lines())
                try:
                    trial.apply(keep("Ann", *subset))
                except IllegalAction:
                    continue
                accepted.add(subset)
        assert listed == sorted(accepted) and listed


# -- refusals say what is allowed ---------------------------------------------------------------

def test_a_roll_of_the_wrong_count_names_one_die_as_a_die() -> None:
    # One die left: "Bob rolls 1 die now", never "1 dice" (a single die is not "a dice").
    s = play(header(), roll("Ann", 1, 1, 5, 5, 3, 2), keep("Ann", 1, 1, 5, 5))
    s.apply(roll("Ann", 1, 3))
    s.apply(keep("Ann", 1))
    refused(s, roll("Ann", 1, 3), "Ann rolls 1 die now, not 2")


def test_rolling_the_dice_left_without_the_high_stakes_flag_says_how_to_take_them() -> None:
    s = play(header(high_stakes=True), roll("Ann", 5, 5, 5, 1, 2, 3), keep("Ann", 5, 5, 5, 1),
             bank("Ann"))      # two dice left on the table
    refused(s, roll("Bob", 1, 3), 'Bob rolls 6 dice now, not 2; to take over the 2 dice left '
                                  '(High Stakes) the roll needs "high_stakes": true')
    refused(s, roll("Bob", 1, 3, 4, high_stakes=True),
            "Bob rolls 2 dice now, not 3: High Stakes takes over exactly the 2 dice left")
    # Without the option there is nothing to take over, and no hint.
    s = play(header(), roll("Ann", 5, 5, 5, 1, 2, 3), keep("Ann", 5, 5, 5, 1), bank("Ann"))
    message = records.assert_refused(s, roll("Bob", 1, 3), IllegalAction, "Bob rolls 6 dice now, not 2")
    assert "High Stakes" not in message


def test_after_hot_dice_a_keep_or_a_short_roll_says_all_six_are_rolled_again() -> None:
    s = play(header(), roll("Ann", 1, 1, 5, 2, 3, 4), keep("Ann", 1, 1, 5),
             roll("Ann", 5, 5, 5), keep("Ann", 5, 5, 5))
    # It said "5 are not among the dice left from this roll (nothing)".
    refused(s, keep("Ann", 5), "Ann has kept every die of this roll (hot dice): nothing is left "
                               "to keep; roll all six again or bank")
    refused(s, roll("Ann", 1, 2, 3), "Ann rolls 6 dice now, not 3: every die of this roll is kept "
                                     "(hot dice), so all six are rolled again")
    # Not yet in the game: banking is not offered.
    s = play(header(entry=1000), roll("Ann", 1, 1, 5, 2, 3, 4), keep("Ann", 1, 1, 5),
             roll("Ann", 5, 5, 5), keep("Ann", 5, 5, 5))
    message = records.assert_refused(s, keep("Ann", 1), IllegalAction, "roll all six again")
    assert "bank" not in message


# -- the seed's table, every roll ---------------------------------------------------------------

def _table_reading(dice: tuple[int, ...], three_ones: int, four_pair: bool) -> int | None:
    """The seed's table read independently: the best way to split ``dice`` (sorted) into the
    table's rows, every die in a row; None when some die fits no row."""
    if not dice:
        return 0
    counts = sorted(dice.count(f) for f in set(dice))
    best: int | None = None
    if len(dice) == 6:                                     # the six-dice rows
        if counts == [1] * 6:
            best = 1500                                    # straight 1-6
        elif counts == [2, 2, 2] or (four_pair and counts == [2, 4]):
            best = 1500                                    # three pairs (house: four + a pair)
        elif counts == [3, 3]:
            best = 2500                                    # two triplets
    face, n = dice[0], dice.count(dice[0])
    rows = [(1, {1: 100, 5: 50}.get(face)), (3, three_ones if face == 1 else face * 100),
            (4, 1000), (5, 2000), (6, 3000)]
    for size, points in rows:
        if points is None or size > n:
            continue
        rest = _table_reading(dice[size:], three_ones, four_pair)
        if rest is not None and (best is None or points + rest > best):
            best = points + rest
    return best


@pytest.mark.parametrize("three_ones", [300, 1000])
@pytest.mark.parametrize("four_pair", [False, True])
def test_every_roll_of_one_to_six_dice_scores_as_the_seed_table_reads(three_ones: int,
                                                                      four_pair: bool) -> None:
    # Every multiset of 1-6 dice (all 6^n rolls, order aside): score() is the table's best reading,
    # the best keep is the best reading of any part of the roll, and a roll farkels exactly when
    # no part of it scores.
    options = {"three_ones": three_ones, "four_kind_pair_as_three_pairs": four_pair}
    for n in range(1, 7):
        for roll_ in combinations_with_replacement(range(1, 7), n):
            assert score(list(roll_), options) == (_table_reading(roll_, three_ones, four_pair) or 0)
            parts = {part for k in range(1, n + 1) for part in combinations(roll_, k)}
            best = max((_table_reading(p, three_ones, four_pair) or 0) for p in parts)
            assert best_keep(list(roll_), options)[1] == best
            assert has_score(list(roll_), options) == (best > 0)


# -- each name said once ---------------------------------------------------------------------
# A verdict named its player twice: "FARKEL: Ann rolled 6-2, no scoring dice. Ann loses the 350
# points of this turn.", "Ann banks 2,400: 10,150 in all. Ann reached 10,000: ...", "Cy banks
# 900: 2,000 in all. Cy wins with 2,000.".

def test_a_farkel_names_the_player_once() -> None:
    s = play(header(), roll("Ann", 1, 2, 2, 3, 3, 4), keep("Ann", 1), roll("Ann", 2, 2, 3, 3, 4))
    v = s.game.last_verdict
    assert v.message == ("FARKEL: Ann rolled 2-2-3-3-4, no scoring dice, and loses the 100 points of this "
                         "turn.")
    assert records.names_said(v.message, THREE) == {"Ann": 1, "Bob": 0, "Cy": 0}


def test_reaching_the_target_and_winning_name_the_banker_once() -> None:
    s = play(header(target=1000), *turn("Ann", 1, 1, 1, 1, 2, 3))
    assert s.game.last_verdict.message == ("Ann banks 1,000: 1,000 in all. That reaches 1,000: everyone "
                                           "else gets one more turn.")
    s.apply(roll("Bob", *FARKEL_ROLL))
    for a in turn("Cy", 2, 2, 2, 2, 2, 3):
        s.apply(a)
    assert s.game.last_verdict.message == "Cy banks 2,000: 2,000 in all. That wins the game."
    s = play(header(target=1000), *turn("Ann", 1, 1, 1, 1, 2, 3), roll("Bob", *FARKEL_ROLL),
             roll("Cy", *FARKEL_ROLL))
    assert s.game.last_verdict.message == ("FARKEL: Cy rolled 2-2-3-3-4-6, no scoring dice. The turn is over. "
                                           "Ann wins with 1,000.")


@pytest.mark.parametrize("high_stakes", [False, True])
def test_every_verdict_of_random_games_names_each_player_once(high_stakes: bool) -> None:
    for seed in range(10):
        rng = random.Random(seed)
        s = play(header(target=3000, high_stakes=high_stakes))
        while not s.game.over:
            v = s.apply(s.game.random_action(rng))
            if v is not None:
                assert max(records.names_said(v.message, THREE).values()) <= 1, v.message
