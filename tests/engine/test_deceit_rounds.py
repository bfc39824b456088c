"""Deceit's set number of rounds (seed 001: "Games with unlimited chips may conclude after a set
number of rounds"): the option rounds."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.errors import IllegalAction, RecordError
from engine.record import Session, replay

from . import records


def header(players: list[str] | None = None, **options: object) -> dict:
    return {"game": "deceit", "players": players or ["Ann", "Bob", "Cy"], "options": options}


def declare(by: str, call: str, *dice: int) -> dict:
    return {"by": by, "do": "declare", "call": call, "dice": list(dice)}


def pull(by: str) -> dict:
    return {"by": by, "do": "pull"}


def chips(s: Session) -> dict[str, int]:
    return {p["name"]: p["chips"] for p in s.game.standings()["players"]}


def test_after_the_last_round_the_most_chips_win() -> None:
    s = records.play(header(rounds=2), declare("Ann", "54", 3, 2), pull("Bob"))   # Ann pays Bob
    assert not s.game.over and s.game.public_state()["round"] == 2
    s.apply(declare("Bob", "54", 5, 4))
    s.apply(pull("Cy"))                                                           # Cy pays Bob
    v = s.game.last_verdict
    assert v.message == ("TRUE! Bob called 54, collects and wins — the dice show 5-4. Cy pulled and "
                         "pays a chip. That was the last of 2 rounds: the most chips win.")
    st_ = s.game.standings()
    assert st_["over"] and st_["winner"] == "Bob" and st_["to_act"] is None
    assert chips(s) == {"Ann": 4, "Bob": 7, "Cy": 4}
    records.assert_refused(s, declare("Cy", "21", 2, 1), IllegalAction, "the game is over: Bob won")


def test_tied_leaders_play_on_until_one_has_the_most() -> None:
    s = records.play(header(rounds=1), declare("Ann", "54", 5, 4), pull("Bob"))   # Ann 6, Bob 4
    assert s.game.winner == "Ann"
    s = records.play(header(["Ann", "Bob", "Cy", "Dee"], rounds=2),
                     declare("Ann", "54", 5, 4), pull("Bob"),      # Ann 6, Bob 4
                     declare("Bob", "54", 5, 4), pull("Cy"))       # Bob 5, Cy 4: Ann 6 leads alone
    assert s.game.winner == "Ann"
    s = records.play(header(rounds=2), declare("Ann", "54", 5, 4), pull("Bob"),   # Ann 6, Bob 4
                     declare("Bob", "54", 3, 2), pull("Cy"))                      # Bob 3, Cy 6
    assert not s.game.over
    assert s.game.last_verdict.message.endswith(
        "Cy pulled and collects. 2 rounds played of 2, and Ann and the puller tie with 6 chips each: "
        "play goes on until one has the most.")
    s.apply(declare("Cy", "31", 3, 1))
    s.apply(pull("Ann"))                                                          # Ann pays Cy
    assert s.game.winner == "Cy" and s.game.last_verdict.message.endswith(
        "Ann pulled and pays a chip. The tie is broken: the most chips win.")


def test_the_last_player_with_chips_still_wins_before_the_rounds_are_played() -> None:
    s = records.play(header(["Ann", "Bob"], chips=1, rounds=10), declare("Ann", "54", 5, 4), pull("Bob"))
    assert s.game.winner == "Ann" and s.game.last_verdict.message == (
        "TRUE! Ann called 54, collects and wins — the dice show 5-4. Bob pulled, pays a chip and is out.")


def test_without_rounds_play_goes_on_however_many_rounds() -> None:
    s = records.play(header(chips=50))
    for i in range(30):
        s.apply(declare(s.game.to_act, "54", 5, 4))
        s.apply(pull(s.game.to_act))
    assert not s.game.over and s.game.public_state()["round"] == 31


@pytest.mark.parametrize(("value", "fragment"), [(-1, "must be at least 0"), ("10", "must be a whole number"),
                                                 (1001, "must be at most 1000")])
def test_a_bad_rounds_option_is_refused(value: object, fragment: str) -> None:
    with pytest.raises(RecordError) as info:
        Session(header(rounds=value))
    assert fragment in str(info.value) and "rounds" in str(info.value)


@settings(max_examples=40, deadline=None, database=None)
@given(seed=st.integers(min_value=0, max_value=2**32 - 1), rounds=st.integers(min_value=1, max_value=30),
       count=st.integers(min_value=2, max_value=5))
def test_random_games_end_by_the_rounds_or_the_last_with_chips(seed: int, rounds: int, count: int) -> None:
    rng = random.Random(seed)
    s = Session(header(["Ann", "Bob", "Cy", "Dee", "Eve"][:count], chips=rng.randint(1, 8), rounds=rounds))
    total = sum(chips(s).values())
    while not s.game.over:
        s.apply(s.game.random_action(rng))
        assert sum(chips(s).values()) == total
        if not s.game.over and s.game.round - 1 >= rounds:
            in_play = [p.chips for p in s.game.players if not p.out]
            assert in_play.count(max(in_play)) > 1, "the rounds are played and one leads: it is over"
    played = s.game.round - 1
    alive = [p for p in s.game.players if not p.out]
    winner = s.game.player(s.game.winner)
    if len(alive) > 1:       # ended by the rounds: not before, and with one clear leader
        assert played >= rounds
        assert all(p.chips < winner.chips for p in alive if p is not winner)
    else:
        assert alive == [winner]
    assert replay(s.lines()).game.standings() == s.game.standings()


def test_the_public_state_gives_the_round_and_how_many_rounds_are_played() -> None:
    # The wall says "round 2 of 3": the state alone must say both numbers.
    s = records.play(header(rounds=3), declare("Ann", "54", 3, 2), pull("Bob"))
    state = s.game.public_state()
    assert (state["round"], state["rounds"]) == (2, 3)
    plain = records.play(header(), declare("Ann", "54", 3, 2), pull("Bob"))
    assert plain.game.public_state()["rounds"] is None    # no set number of rounds
