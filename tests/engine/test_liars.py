"""Chinese liar's dice (seed 003_efa633049aa0df8e.txt): scenarios written as game records."""

from __future__ import annotations

import json
import random

import pytest

from engine.errors import EngineError, IllegalAction, LineError, RecordError
from engine.liars import Call, LiarsOptions, beats, hand_count
from engine.record import Session, replay

from . import records

FOUR = ["Ann", "Bob", "Cy", "Dee"]
EIGHT = FOUR + ["Eve", "Fay", "Gus", "Hal"]


def header(players: list[str] = FOUR, **options: object) -> dict:
    h: dict = {"game": "liars", "players": players}
    if options:
        h["options"] = options
    return h


def play(head: dict, *actions: dict) -> Session:
    return records.play(head, *actions)


def call(by: str, count: int, face: int, zhai: bool = False, **extra: object) -> dict:
    return {"by": by, "do": "call", "count": count, "face": face, "zhai": zhai, **extra}


def open_(by: str, hands: dict) -> dict:
    return {"by": by, "do": "open", "hands": hands}


def refused(session: Session, action: dict, message: str, error: type[EngineError] = IllegalAction) -> None:
    records.assert_refused(session, action, error, message)


# Ann 1-3-3-5-6, Bob 2-2-4-4-6, Cy 3-4-4-5-5, Dee 1-2-2-6-6: five 3s non-zhai (two 1s wild), three zhai
HANDS = {"Ann": [1, 3, 3, 5, 6], "Bob": [2, 2, 4, 4, 6], "Cy": [3, 4, 4, 5, 5], "Dee": [1, 2, 2, 6, 6]}


# -- minimum calls --------------------------------------------------------------------------------

def test_four_players_four_ones_five_zhai_six_to_start() -> None:
    s = play(header())
    assert s.game.public_state()["minimums"] == {"ones": 4, "zhai": 5, "plain": 6}
    refused(s, call("Ann", 3, 1), "three 1s is too low: with 4 players the lowest call is four 1s")
    refused(s, call("Ann", 4, 2, True), "four 2s zhai is too low: with 4 players the lowest call is five zhai")
    refused(s, call("Ann", 5, 2), "five 2s is too low: with 4 players the lowest call is six non-zhai")
    for opening in (call("Ann", 4, 1), call("Ann", 5, 2, True), call("Ann", 6, 2)):
        assert play(header(), opening).game.to_act == "Bob"


def test_eight_players_eight_nine_ten() -> None:
    s = play(header(EIGHT))
    assert s.game.public_state()["minimums"] == {"ones": 8, "zhai": 9, "plain": 10}
    refused(s, call("Ann", 7, 1), "the lowest call is eight 1s")
    refused(s, call("Ann", 8, 4, True), "the lowest call is nine zhai")
    refused(s, call("Ann", 9, 4), "the lowest call is ten non-zhai")
    s.apply(call("Ann", 10, 4))
    assert s.game.public_state()["call"] == "ten 4s"


def test_no_opening_minimum_option() -> None:
    s = play(header(opening_minimum="none"), call("Ann", 1, 3))
    assert s.game.public_state()["call_detail"] == {"count": 1, "face": 3, "zhai": False}
    # One die is said in the singular ("one 3s" read oddly on the wall and in the refusals).
    assert s.game.public_state()["call"] == "one 3"
    refused(s, call("Bob", 1, 2), "one 2 does not raise Ann's one 3: call more dice, the same count "
            "of a higher face (one 4, 5 or 6), or switch to zhai at the same count")
    s.apply(call("Bob", 1, 1))
    assert s.game.public_state()["call"] == "one 1"


# -- raising ---------------------------------------------------------------------------------------

def test_raises_after_six_threes_as_in_the_seed() -> None:
    """Six 3s: the next may call six 4/5/6, seven of any 2-6, or six of any including 1 as zhai."""
    base = play(header(), call("Ann", 6, 3))
    legal = [call("Bob", 6, 4), call("Bob", 6, 5), call("Bob", 6, 6), call("Bob", 6, 3, True),
             call("Bob", 6, 1)] + [call("Bob", 7, f) for f in range(2, 7)] + [call("Bob", 12, 2)]
    for c in legal:
        s = play(header(), call("Ann", 6, 3), c)
        assert s.game.to_act == "Cy" and s.game.public_state()["answers"] == "Bob"
    refused(base, call("Bob", 6, 2), "six 2s does not raise Ann's six 3s")
    refused(base, call("Bob", 6, 3), "six 3s does not raise")
    refused(base, call("Bob", 5, 4, True), "five 4s zhai does not raise Ann's six 3s: call more dice, "
            "the same count of a higher face (six 4s, 5s or 6s), or switch to zhai at the same count")


def test_add_one() -> None:
    s = play(header(), call("Ann", 6, 3), call("Bob", 7, 3), call("Cy", 8, 3))
    assert s.game.public_state()["call"] == "eight 3s" and s.game.to_act == "Dee"


def test_zhai_raises_and_breaking_zhai_adds_three() -> None:
    s = play(header(), call("Ann", 6, 3, True))
    refused(s, call("Bob", 8, 4), "eight 4s does not raise Ann's six 3s zhai: call more dice, the same "
            "count of a higher face as zhai (six 4s, 5s, 6s or 1s), or break zhai with 9 or more non-zhai")
    refused(s, call("Bob", 6, 2, True), "does not raise")
    for ok in (call("Bob", 9, 2), call("Bob", 9, 6), call("Bob", 6, 4, True), call("Bob", 7, 2, True),
               call("Bob", 6, 1)):
        assert play(header(), call("Ann", 6, 3, True), ok).game.to_act == "Cy"


def test_ones_rank_above_sixes_among_zhai_calls_unless_the_option_says_otherwise() -> None:
    assert play(header(), call("Ann", 6, 6, True), call("Bob", 6, 1)).game.to_act == "Cy"
    s = play(header(), call("Ann", 5, 1))
    refused(s, call("Bob", 5, 6, True), "five 6s zhai does not raise Ann's five 1s")
    low = play(header(ones_high=False), call("Ann", 6, 6, True))
    refused(low, call("Bob", 6, 1), "six 1s does not raise Ann's six 6s zhai")
    assert beats(Call(6, 2, True), Call(6, 1, True), ones_high=False)


def test_a_refused_raise_offers_only_the_raises_there_are() -> None:
    # Four 1s: with 1s ranked highest no face beats them at the same count, so "the same count of
    # a higher face" would send Bob to four 6s zhai again (6 is higher than 1 to anyone reading).
    s = play(header(), call("Ann", 4, 1))
    message = records.assert_refused(s, call("Bob", 4, 6, True), IllegalAction,
                                     "four 6s zhai does not raise Ann's four 1s: 1s rank above every "
                                     "other face among zhai calls; call more dice or break zhai with 7 "
                                     "or more non-zhai")
    assert "higher face" not in message
    # Six 6s: nothing higher at six but a switch to zhai; and 1s are named as the face above 6s zhai.
    message = records.assert_refused(play(header(), call("Ann", 6, 6)), call("Bob", 6, 5), IllegalAction,
                                     "call more dice or switch to zhai at the same count")
    assert "higher face" not in message
    refused(play(header(), call("Ann", 6, 6, True)), call("Bob", 6, 5, True),
            "the same count of a higher face as zhai (six 1s)")
    low = play(header(ones_high=False), call("Ann", 6, 6, True))
    message = records.assert_refused(low, call("Bob", 6, 1), IllegalAction,
                                     "call more dice or break zhai with 9 or more non-zhai")
    assert "higher face" not in message and "rank above" not in message
    # At the most the table could count, what is left is said (two players: fourteen at most).
    s = play(header(["Ann", "Bob"]), call("Ann", 14, 1))
    refused(s, call("Bob", 14, 6, True), "nothing raises it: open it")


def test_the_minimum_is_for_the_starting_call_only() -> None:
    # The seed: "the minimum starting call is agreed upon". With 1s ranked lowest among zhai calls
    # (ones_high false), four 2s zhai raises the opening four 1s, though below the five zhai a
    # round may start with.
    s = play(header(ones_high=False), call("Ann", 4, 1))
    refused(play(header(ones_high=False)), call("Ann", 4, 2, True),
            "four 2s zhai is too low: with 4 players the lowest call is five zhai")
    assert {"by": "Bob", "do": "call", "count": 4, "face": 2, "zhai": True} in s.game.legal_actions()
    s.apply(call("Bob", 4, 2, True))
    assert s.game.public_state()["call"] == "four 2s zhai" and s.game.to_act == "Cy"


def test_a_call_of_ones_is_always_zhai() -> None:
    s = play(header(), call("Ann", 4, 1, False))
    assert s.game.public_state()["call_detail"] == {"count": 4, "face": 1, "zhai": True}
    assert s.game.public_state()["call"] == "four 1s"
    refused(s, call("Bob", 6, 2), "six 2s does not raise Ann's four 1s")   # breaking needs +3
    s.apply(call("Bob", 7, 2))
    assert s.game.public_state()["call"] == "seven 2s"


def test_bounce_back_adds_two_and_hands_the_call_back() -> None:
    s = play(header(), call("Ann", 6, 3), call("Bob", 8, 3, bounce=True))
    assert s.game.to_act == "Ann" and s.game.public_state()["answers"] == "Bob"
    # Cy, next round the table, is told the turn went back rather than only whose it is.
    refused(s, call("Cy", 9, 3), "Bob bounced the call back to Ann: it is Ann's turn, not Cy's")
    refused(s, open_("Cy", HANDS), "Bob bounced the call back to Ann")
    # the same call without bouncing goes on round the table
    assert play(header(), call("Ann", 6, 3), call("Bob", 8, 3)).game.to_act == "Cy"
    refused(s, call("Ann", 11, 3, bounce=True), "a bounce back adds two to Bob's call: ten 3s, not eleven 3s")
    refused(s, call("Ann", 10, 4, bounce=True), "ten 3s, not ten 4s")
    s.apply(call("Ann", 10, 3, bounce=True))      # bounced back again
    assert s.game.to_act == "Bob"
    zhai = play(header(), call("Ann", 5, 3, True), call("Bob", 7, 3, True, bounce=True))
    assert zhai.game.to_act == "Ann" and zhai.game.public_state()["call"] == "seven 3s zhai"
    # ...and says what starts a round instead.
    refused(play(header()), call("Ann", 8, 3, bounce=True), "there is no call to bounce back yet: Ann "
            "starts the round with a call of at least four 1s, five zhai or six non-zhai")
    refused(play(header(opening_minimum="none")), call("Ann", 8, 3, bounce=True),
            "there is no call to bounce back yet: Ann starts the round with a call")


def test_the_public_state_says_the_standing_call_was_bounced_back() -> None:
    """The wall showed a bounced-back call as any raise ("eight 4s · Cy answers for it"): the
    public state says a bounce back stands, until the next call (or the open) replaces it."""
    s = play(header(), call("Ann", 6, 3))
    assert s.game.public_state()["bounced"] is False
    s.apply(call("Bob", 8, 3, bounce=True))
    state = s.game.public_state()
    assert (state["bounced"], state["answers"], state["to_act"]) == (True, "Bob", "Ann")
    s.apply(call("Ann", 9, 3))                     # a plain raise: on round the table
    assert s.game.public_state()["bounced"] is False
    s.apply(call("Bob", 11, 3, bounce=True))
    assert s.game.public_state()["bounced"] is True
    s.apply(open_("Ann", HANDS))
    state = s.game.public_state()
    assert state["bounced"] is False and state["call"] is None
    assert play(header()).game.public_state()["bounced"] is False


def test_a_call_nobody_could_have_is_refused() -> None:
    s = play(header(["Ann", "Bob"]))
    refused(s, call("Ann", 15, 3), "15 3s is impossible: at most 14 can be counted at this table")
    s.apply(call("Ann", 14, 3))
    kinds = {(a.get("face"), a.get("zhai")) for a in s.game.legal_actions() if a["do"] == "call"}
    assert kinds == {(4, False), (5, False), (6, False)} | {(f, True) for f in range(1, 7)}
    assert {"by": "Bob", "do": "open"} in s.game.legal_actions()


# -- counting at the open ---------------------------------------------------------------------------

def test_open_a_lie_the_caller_loses_a_life_and_starts_the_next_round() -> None:
    s = play(header(), call("Ann", 6, 3), open_("Bob", HANDS))
    v = s.game.last_verdict
    assert v.outcome.value == "lie" and v.losses == {"Ann": 1}
    assert v.caller == "Ann" and v.challenger == "Bob" and v.call == "six 3s"
    assert v.hands == {k: tuple(h) for k, h in HANDS.items()}
    assert v.message == ("LIE: Ann called six 3s, Bob opened; there are 5: caller 3, opener 0, "
                         "Cy 1, Dee 1. The caller loses a life.")
    st = s.game.standings()
    assert [p["lives"] for p in st["players"]] == [2, 3, 3, 3]
    assert st["to_act"] == "Ann" and st["round"] == 2
    assert s.game.public_state()["call"] is None
    assert s.game.public_state()["open_count"]["count"] == 5


def test_open_a_true_call_the_opener_loses() -> None:
    hands = dict(HANDS, Cy=[3, 3, 4, 4, 5])
    s = play(header(), call("Ann", 6, 3), open_("Bob", hands))
    v = s.game.last_verdict
    assert v.outcome.value == "truth" and v.losses == {"Bob": 1} and "there are 6" in v.message
    assert s.game.to_act == "Bob"


def test_zhai_ones_are_not_wild() -> None:
    s = play(header(), call("Ann", 5, 3, True), open_("Bob", HANDS))
    assert "there are 3" in s.game.last_verdict.message and s.game.last_verdict.losses == {"Ann": 1}
    s = play(header(), call("Ann", 4, 1), open_("Bob", HANDS))
    assert "there are 2" in s.game.last_verdict.message


def test_hand_count_wilds_and_hand_rules() -> None:
    plain3, zhai3, ones = Call(6, 3, False), Call(6, 3, True), Call(4, 1, True)
    assert hand_count([1, 3, 3, 5, 6], plain3) == 3
    assert hand_count([1, 3, 3, 5, 6], zhai3) == 2
    assert hand_count([1, 1, 3, 4, 4], ones) == 2
    # all the same: 1-1-3-3-3 counts as six 3s; five identical dice count two extra by default
    assert hand_count([1, 1, 3, 3, 3], plain3) == 6
    assert hand_count([6, 6, 6, 6, 6], Call(6, 6, False)) == 7
    assert hand_count([6, 6, 6, 6, 6], Call(6, 6, True)) == 7
    assert hand_count([1, 1, 1, 1, 1], plain3) == 7
    assert hand_count([1, 1, 1, 1, 1], ones) == 7
    assert hand_count([1, 1, 3, 3, 3], zhai3) == 3        # zhai: the 1s are only 1s
    assert hand_count([6, 6, 6, 6, 6], plain3) == 0
    # the seed's examples read literally: +1 either way
    one = LiarsOptions(all_same="plus-one")
    assert hand_count([1, 1, 3, 3, 3], plain3, one) == 6 and hand_count([6, 6, 6, 6, 6], Call(6, 6, False), one) == 6
    none = LiarsOptions(all_same="none")
    assert hand_count([1, 1, 3, 3, 3], plain3, none) == 5 and hand_count([6] * 5, Call(6, 6, False), none) == 5
    # sequential dice (no two the same) should have been re-rolled: they count nothing by default
    assert hand_count([1, 2, 3, 4, 5], plain3) == 0
    assert hand_count([2, 3, 4, 5, 6], plain3) == 0
    assert hand_count([1, 2, 3, 4, 5], plain3, LiarsOptions(sequential="count")) == 2


def test_open_applies_the_hand_rules_and_says_so() -> None:
    hands = {"Ann": [1, 1, 3, 3, 3], "Bob": [1, 2, 3, 4, 6], "Cy": [4, 4, 5, 5, 6], "Dee": [2, 2, 4, 5, 6]}
    s = play(header(), call("Ann", 6, 3), open_("Bob", hands))
    v = s.game.last_verdict
    assert v.outcome.value == "truth" and v.losses == {"Bob": 1}
    assert v.message == ("TRUE: Ann called six 3s, Bob opened; there are 6: caller 6 (1-1-3-3-3: all "
                         "the same), opener 0 (1-2-3-4-6: no identical dice, counts nothing), "
                         "Cy 0, Dee 0. The opener loses a life.")
    s = play(header(sequential="count", all_same="none"), call("Ann", 6, 3), open_("Bob", hands))
    assert "there are 7: caller 5, opener 2, Cy 0, Dee 0." in s.game.last_verdict.message



def test_the_open_says_each_name_once() -> None:
    # A long name was said three times (as it called, in the count, as it lost) and a fourth as
    # it went out: on the wall the message took two lines a time for it, in big letters.
    long = "Wolfeschlegelsteinhausenbergerdorffvoral"
    players = [long, "Bob", "Bartholomew Fitzwilliam Featherstonehaug"]
    hands = {long: [1, 2, 3, 5, 6], "Bob": [2, 2, 4, 4, 6], players[2]: [1, 1, 3, 3, 3]}
    for first in range(3):
        seated = players[first:] + players[:first]       # the first seated calls, the next opens
        caller, opener = seated[0], seated[1]
        s = play(header(seated, lives=1), call(caller, 9, 3), open_(opener, hands))
        message = s.game.last_verdict.message
        assert all(message.count(name) == 1 for name in players), message
        assert message.startswith(f"LIE: {caller} called nine 3s, {opener} opened; there are ")
        assert message.endswith(" The caller loses a life and is out."), message
    # who is who: the caller and the opener where the counts are, the others by name
    s = play(header(players, lives=1), call(long, 9, 3), open_("Bob", hands))
    assert ("there are 6: caller 0 (1-2-3-5-6: no identical dice, counts nothing), opener 0, "
            f"{players[2]} 6 (1-1-3-3-3: all the same).") in s.game.last_verdict.message


# -- lives and knock-outs ---------------------------------------------------------------------------

def test_lives_knock_outs_and_the_winner() -> None:
    three = ["Ann", "Bob", "Cy"]
    h3 = {"Ann": [2, 2, 4, 4, 6], "Bob": [2, 2, 4, 4, 6], "Cy": [2, 2, 4, 4, 6]}
    s = play(header(three, lives=1), call("Ann", 5, 3), open_("Bob", h3))
    st = s.game.standings()
    assert [p["out"] for p in st["players"]] == [True, False, False]
    assert st["to_act"] == "Bob" and not st["over"]        # the loser is out: the next one starts
    assert s.game.public_state()["minimums"] == {"ones": 2, "zhai": 3, "plain": 4}
    assert s.game.last_verdict.message.endswith(". The caller loses a life and is out.")
    h2 = {"Bob": [2, 2, 4, 4, 6], "Cy": [2, 2, 4, 4, 6]}
    s.apply(call("Bob", 4, 4))
    refused(s, open_("Cy", h3), "Ann is out of the game and has no hand", RecordError)
    s.apply(open_("Cy", h2))
    assert s.game.last_verdict.message.endswith(". The opener loses a life and is out. The caller wins.")
    st = s.game.standings()
    assert st["over"] and st["winner"] == "Bob" and st["to_act"] is None
    assert [p["lives"] for p in st["players"]] == [0, 1, 0]


def test_default_three_lives() -> None:
    s = play(header(["Ann", "Bob"]))
    assert [p["lives"] for p in s.game.standings()["players"]] == [3, 3]
    h = {"Ann": [2, 2, 4, 4, 6], "Bob": [2, 2, 4, 4, 6]}
    for _ in range(2):
        s.apply(call(s.game.to_act, 4, 3))
        s.apply(open_(s.game.to_act, h))
    assert not s.game.over
    s.apply(call("Ann", 4, 3))
    s.apply(open_("Bob", h))
    assert s.game.over and s.game.winner == "Bob"


# -- hidden hands and refusals ----------------------------------------------------------------------

def test_no_hand_is_shown_before_the_open() -> None:
    s = play(header(), call("Ann", 6, 3), call("Bob", 7, 3))
    text = json.dumps(s.game.public_state())
    assert "hands" not in text and s.game.public_state()["verdict"] is None
    assert "hands" not in json.dumps(s.game.standings())


def test_illegal_actions_are_refused_and_change_nothing() -> None:
    s = play(header())
    refused(s, call("Bob", 6, 3), "it is Ann's turn, not Bob's")
    refused(s, open_("Ann", HANDS), "there is no call to open yet: Ann starts the round with a call of "
            "at least four 1s, five zhai or six non-zhai")
    refused(s, call("Ann", 6, 7), '"face" must be a die face 1-6, not 7', RecordError)
    refused(s, {"by": "Ann", "do": "call", "count": "six", "face": 3}, '"count" must be a whole number',
            RecordError)
    refused(s, {"by": "Ann", "do": "call", "face": 3}, 'a call needs "count"', RecordError)
    refused(s, call("Ann", 6, 3, "yes"), '"zhai" must be true or false', RecordError)
    refused(s, call("Ann", 0, 3), '"count" must be at least 1', RecordError)
    refused(s, {"by": "Ann", "do": "roll"}, "Chinese liar's dice has no action \"roll\"", RecordError)
    s.apply(call("Ann", 6, 3))
    refused(s, open_("Cy", HANDS), "it is Bob's turn, not Cy's")
    refused(s, open_("Bob", {k: v for k, v in HANDS.items() if k != "Dee"}),
            "the open needs every hand: Dee missing", RecordError)
    refused(s, open_("Bob", dict(HANDS, Cy=[3, 4, 4, 5])), "Cy's hand must be 5 dice, not 4", RecordError)
    refused(s, open_("Bob", dict(HANDS, Zed=[1, 1, 1, 1, 1])), 'unknown player "Zed"', RecordError)
    refused(s, {"by": "Bob", "do": "open"}, 'an open needs "hands"', RecordError)


def test_replay_names_the_line_of_an_illegal_call() -> None:
    with pytest.raises(LineError) as info:
        play(header(), call("Ann", 6, 3), call("Bob", 6, 2))
    assert info.value.line == 3 and "does not raise" in str(info.value)


def test_options_are_checked() -> None:
    with pytest.raises(RecordError, match='option "all_same" must be one of'):
        Session(header(all_same="plus-three"))
    with pytest.raises(RecordError, match='option "lives" must be at least 1'):
        Session(header(lives=0))
    with pytest.raises(RecordError, match='unknown option "target"'):
        Session(header(target=5))


def test_random_games_end_with_one_winner_and_replay_the_same() -> None:
    rng = random.Random(5)
    for i in range(30):
        players = FOUR[: 2 + i % 3]
        s = Session(header(players, all_same=["plus-one-two", "plus-one", "none"][i % 3],
                           ones_high=i % 2 == 0))
        while not s.game.over:
            action = s.game.random_action(rng)
            if action["do"] == "call":
                assert action in s.game.legal_actions()
            s.apply(action)
            assert all(p.lives >= 0 for p in s.game.players)
        assert sum(not p["out"] for p in s.game.standings()["players"]) == 1
        assert replay(s.lines()).game.standings() == s.game.standings()


def test_legal_calls_are_exactly_the_accepted_calls_lowest_first() -> None:
    rng = random.Random(9)
    for i in range(6):
        s = Session(header(FOUR[: 2 + i % 3], ones_high=i % 2 == 0))
        for _ in range(rng.randint(0, 3)):
            action = s.game.random_action(rng)
            if action["do"] == "open":
                break
            s.apply(action)
        me = s.game.to_act
        legal = [a for a in s.game.legal_actions() if a["do"] == "call" and not a.get("bounce")]
        counts = [a["count"] for a in legal]
        assert counts == sorted(counts)
        accepted = []
        for count in range(1, s.game.max_count() + 2):
            for face in range(1, 7):
                for zhai in (False, True):
                    if face == 1 and not zhai:
                        continue
                    trial = replay(s.lines())
                    try:
                        trial.apply(call(me, count, face, zhai))
                    except IllegalAction:
                        continue
                    accepted.append(call(me, count, face, zhai))
        key = lambda a: (a["count"], a["face"], a["zhai"])  # noqa: E731
        assert sorted(accepted, key=key) == sorted(legal, key=key)


def test_a_player_out_of_the_game_who_tries_to_act_is_told_he_is_out() -> None:
    # It was "it is Bob's turn, not Ann's", as if Ann had only to wait.
    three = ["Ann", "Bob", "Cy"]
    h3 = {"Ann": [2, 2, 4, 4, 6], "Bob": [2, 2, 4, 4, 6], "Cy": [2, 2, 4, 4, 6]}
    s = play(header(three, lives=1), call("Ann", 5, 3), open_("Bob", h3))   # Ann is out
    assert s.game.standings()["players"][0]["out"]
    for action in (call("Ann", 6, 3), open_("Ann", {"Bob": [2, 2, 4, 4, 6], "Cy": [2, 2, 4, 4, 6]})):
        records.assert_refused(s, action, IllegalAction, "Ann is out of the game")
