"""Farkel Partners (seed 002: "Partners simply add their scores together under one name and the
same game rules apply. Each partner must roll 500 points to get into the game.")."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from device.cli import main
from engine.errors import IllegalAction, RecordError
from engine.farkel import best_keep
from engine.record import Session, replay

from . import records

FOUR = ["Ann", "Bob", "Cy", "Dee"]
PAIRS = [["Ann", "Cy"], ["Bob", "Dee"]]
FARKEL_ROLL = (2, 2, 3, 3, 4, 6)


def header(players: list[str] = FOUR, **options: object) -> dict:
    return {"game": "farkel", "players": players, "options": options}


def roll(by: str, *dice: int) -> dict:
    return {"by": by, "do": "roll", "dice": list(dice)}


def keep(by: str, *dice: int) -> dict:
    return {"by": by, "do": "keep", "dice": list(dice)}


def bank(by: str) -> dict:
    return {"by": by, "do": "bank"}


def turn(by: str, *dice: int) -> list[dict]:
    """One scoring turn: roll six, keep the best keep, bank."""
    kept, _ = best_keep(dice)
    return [roll(by, *dice), keep(by, *kept), bank(by)]


def teams(s: Session) -> dict[str, int]:
    return {t["name"]: t["score"] for t in s.game.standings()["teams"]}


def test_partners_add_their_scores_under_one_name() -> None:
    s = records.play(header(partners=PAIRS), *turn("Ann", 5, 5, 5, 2, 3, 4),     # 500
                     *turn("Bob", 1, 1, 1, 1, 2, 3),                            # 1000
                     *turn("Cy", 6, 6, 6, 2, 3, 4), roll("Dee", *FARKEL_ROLL))   # 600
    assert teams(s) == {"Ann & Cy": 1100, "Bob & Dee": 1000}
    players = {p["name"]: p for p in s.game.standings()["players"]}
    assert [players[n]["score"] for n in FOUR] == [500, 1000, 600, 0]
    assert [players[n]["entered"] for n in FOUR] == [True, True, True, False]
    assert [players[n]["team"] for n in FOUR] == ["Ann & Cy", "Bob & Dee", "Ann & Cy", "Bob & Dee"]


def test_the_bank_message_names_the_team_and_its_score() -> None:
    s = records.play(header(partners=PAIRS), *turn("Ann", 5, 5, 5, 2, 3, 4),
                     roll("Bob", *FARKEL_ROLL), *turn("Cy", 6, 6, 6, 2, 3, 4))
    # (The team said by Cy's partner, the team's name "Ann & Cy" would say Cy again.)
    assert s.game.last_verdict.message == "Cy banks 600 for the team with Ann: 1,100 in all."
    assert s.game.last_verdict.gains == {"Cy": 600}


def test_turns_still_go_player_by_player_round_the_table() -> None:
    s = records.play(header(partners=PAIRS))
    seen = []
    for _ in range(8):
        seen.append(s.game.to_act)
        s.apply(roll(s.game.to_act, *FARKEL_ROLL))
    assert seen == FOUR + FOUR


def test_each_partner_must_make_the_entry_score_on_their_own() -> None:
    s = records.play(header(partners=PAIRS), *turn("Ann", 5, 5, 5, 2, 3, 4), roll("Bob", *FARKEL_ROLL),
                     roll("Cy", 1, 5, 2, 3, 4, 6), keep("Cy", 1, 5))
    # Ann is in, and that does not bring Cy in: Cy's 150 cannot be banked.
    message = records.assert_refused(s, bank("Cy"), IllegalAction, "Cy needs 500 points in one turn to get "
                                     "into the game on their own; this turn has 150: roll on")
    assert "Ann" not in message
    assert {"by": "Cy", "do": "bank"} not in s.game.legal_actions()
    s.apply(roll("Cy", 5, 5, 5, 2))
    s.apply(keep("Cy", 5, 5, 5))
    s.apply(bank("Cy"))
    assert teams(s) == {"Ann & Cy": 1150, "Bob & Dee": 0}
    assert [p["entered"] for p in s.game.standings()["players"]] == [True, False, True, False]


def test_final_round_is_by_team_and_the_reachers_partner_does_not_play_again() -> None:
    s = records.play(header(partners=PAIRS, target=1000), *turn("Ann", 5, 5, 5, 2, 3, 4),
                     roll("Bob", *FARKEL_ROLL), *turn("Cy", 5, 5, 5, 2, 3, 4))   # Ann & Cy 1000
    assert s.game.last_verdict.message.endswith(" That reaches 1,000: every player of the other "
                                                "teams gets one more turn.")
    st_ = s.game.standings()
    assert st_["final_round"] and st_["to_act"] == "Dee"
    s.apply(roll("Dee", *FARKEL_ROLL))
    # Ann is skipped: her team reached the target; Bob has his last turn.
    assert not s.game.over and s.game.to_act == "Bob"
    s.apply(roll("Bob", *FARKEL_ROLL))
    st_ = s.game.standings()
    assert st_["over"] and st_["winner"] == "Ann & Cy" and st_["winners"] == ["Ann", "Cy"]
    assert s.game.last_verdict.message.endswith("Ann & Cy win with 1,000.")


def test_the_other_team_may_beat_the_score_in_the_final_round() -> None:
    s = records.play(header(partners=PAIRS, target=1000), *turn("Ann", 1, 1, 1, 1, 2, 3),
                     *turn("Bob", 5, 5, 5, 2, 3, 4))
    assert s.game.to_act == "Dee"           # Cy is skipped
    for a in turn("Dee", 6, 6, 6, 2, 3, 4):  # Bob & Dee 1100
        s.apply(a)
    st_ = s.game.standings()
    assert st_["winner"] == "Bob & Dee" and st_["winners"] == ["Bob", "Dee"]
    assert {t["name"]: t["score"] for t in st_["teams"]} == {"Ann & Cy": 1000, "Bob & Dee": 1100}


def test_a_tie_goes_to_the_team_that_reached_the_score_first() -> None:
    s = records.play(header(partners=PAIRS, target=1000), *turn("Ann", 1, 1, 1, 1, 2, 3),
                     *turn("Bob", 5, 5, 5, 2, 3, 4), roll("Dee", 5, 5, 5, 2, 3, 4),
                     keep("Dee", 5, 5, 5), bank("Dee"))
    assert teams(s) == {"Ann & Cy": 1000, "Bob & Dee": 1000}
    assert s.game.winner == "Ann & Cy"


def test_players_in_no_team_play_alone() -> None:
    s = records.play(header(FOUR + ["Eve"], partners=[["Ann", "Dee"]], target=1000),
                     *turn("Ann", 1, 1, 1, 1, 2, 3))
    st_ = s.game.standings()
    assert [t["name"] for t in st_["teams"]] == ["Ann & Dee", "Bob", "Cy", "Eve"]
    assert [p["team"] for p in st_["players"]] == ["Ann & Dee", "Bob", "Cy", "Ann & Dee", "Eve"]
    assert "every player of the other teams gets one more turn" in s.game.last_verdict.message
    for name in ("Bob", "Cy", "Eve"):       # Dee is skipped, then the game ends
        assert s.game.to_act == name
        s.apply(roll(name, *FARKEL_ROLL))
    assert s.game.over and s.game.winner == "Ann & Dee"


def test_without_partners_the_standings_are_as_before() -> None:
    s = records.play({"game": "farkel", "players": ["Ann", "Bob"], "options": {"target": 1000}},
                     *turn("Ann", 1, 1, 1, 1, 2, 3), roll("Bob", *FARKEL_ROLL))
    st_ = s.game.standings()
    assert st_["winner"] == "Ann" and "teams" not in st_ and "winners" not in st_
    assert all("team" not in p for p in st_["players"])
    assert s.game.last_verdict.message.endswith("Ann wins with 1,000.")


@pytest.mark.parametrize(("partners", "fragment"), [
    (5, "must be a list of teams, each a list of two or more player names"),
    ([["Ann", 3]], "must be a list of teams"),
    (["Ann", "Cy"], "must be a list of teams"),
    ([["Ann"]], 'a team needs two or more players, not ["Ann"]'),
    ([["Ann", "Cy"], ["Cy", "Bob"]], "names \"Cy\" twice: a player plays in one team"),
    ([["Ann", "Zed"]], "unknown player \"Zed\"; at this table: Ann, Bob, Cy, Dee"),
    ([["Ann", "Bob", "Cy", "Dee"]], "puts everyone in one team: Farkel needs two sides"),
    ("Ann", 'a team needs two or more players, not ["Ann"]'),
])
def test_a_bad_partners_option_is_refused_with_a_reason(partners: object, fragment: str) -> None:
    with pytest.raises(RecordError) as info:
        Session(header(partners=partners))
    # (Names may be quoted either way while the quoting of record names changes.)
    assert fragment.replace('"', "") in str(info.value).replace('"', "").replace("'", "")
    assert "partners" in str(info.value)


def test_partners_as_text_and_an_empty_text_for_none() -> None:
    s = Session(header(partners=" Ann + Cy ; Bob+Dee "))
    assert [t["name"] for t in s.game.standings()["teams"]] == ["Ann & Cy", "Bob & Dee"]
    assert s.game.options.to_dict()["partners"] == (("Ann", "Cy"), ("Bob", "Dee"))
    # The new-game form sends an untouched text box as "": no partners.
    assert "teams" not in Session(header(partners="")).game.standings()
    assert "teams" not in Session(header(partners=[])).game.standings()


def test_dicetable_replay_prints_the_team_standings(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "partners.jsonl"
    lines = [header(partners=PAIRS, target=1000), *turn("Ann", 1, 1, 1, 1, 2, 3),
             *turn("Bob", 5, 5, 5, 2, 3, 4)]
    path.write_text("\n".join(json.dumps(x) for x in lines) + "\n", encoding="utf-8")
    assert main(["replay", str(path)]) == 0
    out, err = capsys.readouterr()
    standings = json.loads(out)
    assert err == "" and standings["to_act"] == "Dee" and standings["final_round"] is True
    assert standings["teams"] == [{"name": "Ann & Cy", "players": ["Ann", "Cy"], "score": 1000},
                                  {"name": "Bob & Dee", "players": ["Bob", "Dee"], "score": 500}]
    assert [p["entered"] for p in standings["players"]] == [True, True, False, False]


@settings(max_examples=40, deadline=None, database=None)
@given(seed=st.integers(min_value=0, max_value=2**32 - 1), count=st.integers(min_value=3, max_value=6))
def test_random_partner_games_add_up_by_team(seed: int, count: int) -> None:
    rng = random.Random(seed)
    names = ["Ann", "Bob", "Cy", "Dee", "Eve", "Fin"][:count]
    shuffled = rng.sample(names, count)
    # One team of two, then pairs or players alone, at random seats.
    cut = rng.randint(2, count - 1)
    partners = [shuffled[:2]] + ([shuffled[2:cut]] if cut - 2 >= 2 else [])
    opts = {"partners": partners, "target": 2000, "high_stakes": rng.random() < 0.5}
    s = Session(header(names, **opts))
    final_team: list[str] | None = None
    while not s.game.over:
        if final_team is not None:
            assert s.game.to_act not in final_team, "the reaching team played in its final round"
        s.apply(s.game.random_action(rng))
        st_ = s.game.standings()
        by_name = {p["name"]: p for p in st_["players"]}
        for t in st_["teams"]:
            assert t["score"] == sum(by_name[n]["score"] for n in t["players"])
        if st_["final_round"] and final_team is None:
            final_team = next(t["players"] for t in st_["teams"] if s.game.final_by in t["players"])
    st_ = s.game.standings()
    top = max(t["score"] for t in st_["teams"])
    won = next(t for t in st_["teams"] if t["name"] == st_["winner"])
    assert won["score"] == top >= 2000 and st_["winners"] == won["players"]
    assert replay(s.lines()).game.standings() == st_


# -- each name said once ---------------------------------------------------------------------
# A team's name is its players' names, so a verdict that named the player and then the team said
# the player twice: "Cy banks 600 for Ann & Cy: 1,000 in all. Ann & Cy reached 1,000: ...", and
# "FARKEL: Dee rolled ..., no scoring dice. The turn is over. Bob & Dee win with 1,100.".

def test_a_bank_for_a_team_of_three_names_each_partner_once() -> None:
    s = records.play(header(FOUR + ["Eve"], partners=[["Ann", "Cy", "Eve"], ["Bob", "Dee"]]),
                     *turn("Ann", 5, 5, 5, 2, 3, 4), roll("Bob", *FARKEL_ROLL),
                     *turn("Cy", 6, 6, 6, 2, 3, 4))
    v = s.game.last_verdict
    assert v.message == "Cy banks 600 for the team with Ann and Eve: 1,100 in all."
    assert records.names_said(v.message, FOUR + ["Eve"]) == {"Ann": 1, "Bob": 0, "Cy": 1, "Dee": 0,
                                                             "Eve": 1}


def test_reaching_the_target_and_winning_name_each_partner_once() -> None:
    reached = [*turn("Ann", 5, 5, 5, 2, 3, 4), roll("Bob", *FARKEL_ROLL), *turn("Cy", 5, 5, 5, 2, 3, 4)]
    s = records.play(header(partners=PAIRS, target=1000), *reached)
    assert s.game.last_verdict.message == ("Cy banks 500 for the team with Ann: 1,000 in all. That "
                                           "reaches 1,000: every player of the other teams gets one "
                                           "more turn.")
    # The final round: Dee puts Bob & Dee ahead, and Bob's last turn ends the game.
    s = records.play(header(partners=PAIRS, target=1000), *reached, *turn("Dee", 1, 1, 1, 1, 5, 2),
                     *turn("Bob", 5, 5, 5, 2, 3, 4))
    assert s.game.winner == "Bob & Dee"
    assert s.game.last_verdict.message == ("Bob banks 500 for the team with Dee: 1,550 in all. That "
                                           "wins the game.")
    s = records.play(header(partners=PAIRS, target=1000), *reached, *turn("Dee", 1, 1, 1, 1, 5, 2),
                     roll("Bob", *FARKEL_ROLL))
    v = s.game.last_verdict
    assert s.game.winner == "Bob & Dee"
    assert v.message == ("FARKEL: Bob rolled 2-2-3-3-4-6, no scoring dice. The turn is over. The team "
                         "with Dee wins with 1,050.")
    assert records.names_said(v.message, FOUR) == {"Ann": 0, "Bob": 1, "Cy": 0, "Dee": 1}


@pytest.mark.parametrize("high_stakes", [False, True])
def test_every_verdict_of_random_partner_games_names_each_player_once(high_stakes: bool) -> None:
    """Who rolled or banked is named once, and a partner's bank names the rest of the team."""
    for seed in range(40):
        rng = random.Random(seed)
        names = ["Ann", "Bob", "Cy", "Dee", "Eve", "Fin"][:rng.randint(3, 6)]
        shuffled = rng.sample(names, len(names))
        # One team of two or three, then maybe a second team; anyone else plays alone.
        first = rng.randint(2, min(3, len(names) - 1))
        rest = shuffled[first:]
        partners = [shuffled[:first]] + ([rest[:rng.randint(2, len(rest))]] if len(rest) >= 2
                                         and rng.random() < 0.7 else [])
        s = Session(header(names, partners=partners, target=2000, high_stakes=high_stakes,
                           high_stakes_stake=rng.choice([0, 100]) if high_stakes else 0))
        while not s.game.over:
            v = s.apply(s.game.random_action(rng))
            if v is None:
                continue
            said = records.names_said(v.message, names)
            assert max(said.values()) <= 1, v.message
            assert said[v.caller] == 1, v.message
            if v.outcome.value == "banked":
                team = next((t for t in partners if v.caller in t), [v.caller])
                assert all(said[n] == 1 for n in team), v.message
