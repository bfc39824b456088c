"""Farkel High Stakes buy-in (seed 002: "a player trying to pick up the previous player's score may
have to put up 1000 points for the opportunity to try"): the option high_stakes_stake."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.errors import IllegalAction, RecordError
from engine.record import Session, replay

from . import records
from .test_farkel import bank, keep, roll

FARKEL_ROLL = (2, 2, 3, 3, 4, 6)


def header(players: list[str] | None = None, **options: object) -> dict:
    return {"game": "farkel", "players": players or ["Ann", "Bob", "Cy"], "options": options}


STAKES = {"high_stakes": True, "high_stakes_stake": 1000}
# Bob banks 2000 (five 2s), so he can afford the stake later.
BOB_2000 = [roll("Bob", 2, 2, 2, 2, 2, 3), keep("Bob", 2, 2, 2, 2, 2), bank("Bob")]
ANN_OFFERS_600 = [roll("Ann", 5, 5, 5, 1, 2, 3), keep("Ann", 5, 5, 5, 1), bank("Ann")]   # 2 dice left


def scores(s: Session) -> list[int]:
    return [p["score"] for p in s.game.standings()["players"]]


def to_bob_with_an_offer(**options: object) -> Session:
    """Ann farkels, Bob banks 2000, Cy farkels, Ann banks 600 with two dice left: Bob may take over."""
    return records.play(header(**{**STAKES, **options}), roll("Ann", *FARKEL_ROLL), *BOB_2000,
                        roll("Cy", *FARKEL_ROLL), *ANN_OFFERS_600)


def test_a_stake_lost_on_a_farkel() -> None:
    s = to_bob_with_an_offer()
    assert s.game.public_state()["high_stakes"] == {"dice": 2, "points": 600, "stake": 1000}
    s.apply(roll("Bob", 2, 3, high_stakes=True))
    v = s.game.last_verdict
    assert v.outcome.value == "farkel" and v.losses == {"Bob": 1000}
    assert v.message == ("FARKEL: Bob rolled 2-3, no scoring dice, and loses the 1,000 points put up for "
                         "High Stakes.")
    assert scores(s) == [600, 1000, 0] and s.game.to_act == "Cy"


def test_the_stake_is_back_as_soon_as_the_roll_scores() -> None:
    s = to_bob_with_an_offer()
    s.apply(roll("Bob", 1, 3, high_stakes=True))
    assert scores(s) == [600, 2000, 0]                   # put up and given back with the roll
    assert s.game.standings()["turn_total"] == 600
    s.apply(keep("Bob", 1))
    s.apply(roll("Bob", 2))                              # a later farkel loses the turn, not the stake
    assert s.game.last_verdict.losses == {"Bob": 700} and scores(s) == [600, 2000, 0]


def test_the_stake_comes_back_with_a_bank() -> None:
    s = to_bob_with_an_offer()
    for a in (roll("Bob", 1, 5, high_stakes=True), keep("Bob", 1, 5), bank("Bob")):
        s.apply(a)
    assert scores(s) == [600, 2750, 0]


def test_a_player_without_the_points_cannot_take_the_offer() -> None:
    s = records.play(header(**STAKES), *ANN_OFFERS_600)          # Bob has 0 points
    assert {"by": "Bob", "do": "roll", "high_stakes": True} not in s.game.legal_actions()
    message = records.assert_refused(s, roll("Bob", 1, 3, high_stakes=True), IllegalAction)
    # (Bob named once: it said "...: Bob rolls six dice instead".)
    assert message == ("Bob has 0 points, and High Stakes asks 1,000 put up to take over the dice: roll "
                       "six dice instead")
    s.apply(roll("Bob", 1, 2, 3, 4, 6, 6))                       # rolling six is always allowed
    assert s.game.standings()["turn_total"] == 0


def test_exactly_the_stake_is_enough() -> None:
    s = records.play(header(**{**STAKES, "high_stakes_stake": 600}), roll("Ann", *FARKEL_ROLL),
                     roll("Bob", 5, 5, 5, 1, 2, 3), keep("Bob", 5, 5, 5, 1), bank("Bob"),
                     roll("Cy", *FARKEL_ROLL), *ANN_OFFERS_600)
    assert {"by": "Bob", "do": "roll", "high_stakes": True} in s.game.legal_actions()
    s.apply(roll("Bob", 4, 4, high_stakes=True))
    assert scores(s) == [600, 0, 0]


def test_without_a_stake_the_offer_is_free_as_before() -> None:
    s = records.play(header(high_stakes=True), *ANN_OFFERS_600, roll("Bob", 2, 3, high_stakes=True))
    assert s.game.last_verdict.losses == {} and scores(s) == [600, 0, 0]
    assert "The turn is over." in s.game.last_verdict.message
    s = records.play(header(high_stakes=True), *ANN_OFFERS_600)
    assert s.game.public_state()["high_stakes"] == {"dice": 2, "points": 600}


@pytest.mark.parametrize(("options", "fragment"), [
    ({"high_stakes_stake": 1000}, "needs the option high_stakes true"),
    ({"high_stakes": True, "high_stakes_stake": -50}, "must be at least 0"),
    ({"high_stakes": True, "high_stakes_stake": "1000"}, "must be a whole number"),
    # No upper limit let a stake of 10**30 through: a price no score could pay, shown as 1e30.
    ({"high_stakes": True, "high_stakes_stake": 10**30}, "must be at most 100000"),
    ({"high_stakes": True, "high_stakes_stake": 100_001}, "must be at most 100000"),
])
def test_a_bad_stake_is_refused(options: dict, fragment: str) -> None:
    with pytest.raises(RecordError) as info:
        Session(header(**options))
    assert fragment in str(info.value) and "high_stakes_stake" in str(info.value)


def test_the_largest_stake_is_accepted() -> None:
    s = Session(header(high_stakes=True, high_stakes_stake=100_000, target=200_000))
    assert s.game.options.high_stakes_stake == 100_000


def test_with_partners_the_stake_comes_from_the_players_own_points() -> None:
    players = ["Ann", "Bob", "Cy", "Dee"]
    s = records.play(header(players, partners=[["Ann", "Cy"], ["Bob", "Dee"]], **STAKES),
                     roll("Ann", *FARKEL_ROLL), *BOB_2000,
                     roll("Cy", 5, 5, 5, 1, 2, 3), keep("Cy", 5, 5, 5, 1), bank("Cy"))
    # Dee's team has 2000 (Bob's); Dee has none of her own to put up.
    assert {t["name"]: t["score"] for t in s.game.standings()["teams"]}["Bob & Dee"] == 2000
    records.assert_refused(s, roll("Dee", 1, 3, high_stakes=True), IllegalAction, "Dee has 0 points")


@settings(max_examples=30, deadline=None, database=None)
@given(seed=st.integers(min_value=0, max_value=2**32 - 1), stake=st.sampled_from([50, 500, 1000]))
def test_random_games_with_a_stake_replay_and_only_a_farkel_takes_points(seed: int, stake: int) -> None:
    rng = random.Random(seed)
    s = Session(header(high_stakes=True, high_stakes_stake=stake, target=3000))
    while not s.game.over:
        before = scores(s)
        action = s.game.random_action(rng)
        verdict = s.apply(action)
        after = scores(s)
        who = [p.name for p in s.game.players].index(action["by"])
        if action.get("high_stakes"):
            assert before[who] >= stake, "took the offer without the points to put up"
        if after[who] < before[who]:
            # Only a farkel on a High Stakes roll costs banked points, and exactly the stake.
            assert action.get("high_stakes") and verdict is not None
            assert verdict.outcome.value == "farkel" and before[who] - after[who] == stake
    assert replay(s.lines()).game.standings() == s.game.standings()
