"""The virtual table: with no camera, ``dicetable run`` plays the shipped sample frames
(device.camera.SampleTable), rolling as many dice as the game in play puts on the tray
(device.referee.dice_expected), so every game can be played on a laptop. Driven frame by frame
(Referee.step), with the real reader."""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from device.camera import NO_ROLL, ROLLS_FILE, SAMPLE_FRAMES, RoundRoll, SampleTable, TurnRoll
from device.events import EventBus
from device.referee import Referee, dice_expected, dice_on_table
from device.store import Store
from device.table import Table
from engine.errors import IllegalAction
from engine.record import Session

from .conftest import ROLL_FRAMES

ROLLS = json.loads((SAMPLE_FRAMES / ROLLS_FILE).read_text(encoding="utf-8"))["rolls"]
NAMES = ["Ann", "Bob", "Cy", "Di", "Ed", "Flo", "Gus", "Hal", "Ivy", "Jo", "Kim", "Lou"]


def _labelled(count: int) -> list[list[int]]:
    return [r["dice"] for r in ROLLS if len(r["dice"]) == count]


@pytest.mark.parametrize("header, actions, expected", [
    ({"game": "kuriki", "players": ["Ann", "Bob"]}, [], 2),
    ({"game": "mia", "players": ["Ann", "Bob"]}, [], 2),
    ({"game": "deceit", "players": ["Ann", "Bob"]}, [], 2),
    ({"game": "farkel", "players": ["Ann", "Bob"]}, [], 6),
    ({"game": "farkel", "players": ["Ann", "Bob"]},       # Ann keeps a 1: she rolls on or banks
     [{"by": "Ann", "do": "roll", "dice": [1, 2, 2, 3, 4, 6]}, {"by": "Ann", "do": "keep", "dice": [1]}], 0),
    ({"game": "farkel", "players": ["Ann", "Bob"]},       # Ann chooses her keep: nobody rolls
     [{"by": "Ann", "do": "roll", "dice": [1, 2, 2, 3, 4, 6]}], 0),
    ({"game": "farkel", "players": ["Ann", "Bob"]},       # Ann farkles: Bob's six
     [{"by": "Ann", "do": "roll", "dice": [2, 2, 3, 4, 6, 6]}], 6),
    ({"game": "liars", "players": ["Ann", "Bob", "Cy"]}, [], 15),
])
def test_the_dice_the_game_in_play_puts_on_the_tray(header: dict, actions: list, expected: int) -> None:
    session = Session(header)
    for action in actions:
        session.apply(action)
    assert dice_expected(session.game.public_state()) == expected


HIGH_STAKES = [{"by": "Ann", "do": "roll", "dice": [1, 2, 2, 3, 4, 6]},   # Ann banks 100 with five
               {"by": "Ann", "do": "keep", "dice": [1]}, {"by": "Ann", "do": "bank"}]   # dice left


@pytest.mark.parametrize("options, asked, expected", [
    ({"high_stakes": True}, None, 0),                         # Bob has not chosen: nobody rolls
    ({"high_stakes": True}, True, 5),                         # Bob takes over Ann's five dice
    ({"high_stakes": True}, False, 6),                        # Bob declines: six
    ({"high_stakes": True, "high_stakes_stake": 1000}, None, 6),   # Bob cannot put up 1000: six
    ({}, None, 6),
])
def test_with_high_stakes_on_offer_the_player_s_choice_is_rolled(options: dict, asked: bool | None,
                                                                 expected: int) -> None:
    session = Session({"game": "farkel", "players": ["Ann", "Bob"], "options": {"entry": 0, **options}})
    for action in HIGH_STAKES:
        session.apply(action)
    state = dict(session.game.public_state(), legal=session.game.legal_actions())   # as the table's
    assert dice_expected(state, asked) == expected


@pytest.mark.parametrize("roll, keep, left", [([1, 2, 2, 3, 4, 6], [1], 5),
                                             ([1, 1, 1, 5, 5, 5], [1, 1, 1, 5, 5, 5], 6)])   # hot dice
def test_after_a_keep_the_dice_left_are_rolled_only_when_the_player_asks(roll: list, keep: list,
                                                                        left: int) -> None:
    # A player rolls on when they choose, or banks: nobody rolls for them. Until Ann taps roll
    # (Table.asked_roll: False, a plain roll) the dice lie still; then the dice left come at
    # once, asked.
    session = Session({"game": "farkel", "players": ["Ann", "Bob"], "options": {"entry": 0}})
    session.apply({"by": "Ann", "do": "roll", "dice": roll})
    session.apply({"by": "Ann", "do": "keep", "dice": keep})
    state = dict(session.game.public_state(), legal=session.game.legal_actions())
    assert dice_expected(state) == dice_expected(state, None) == NO_ROLL
    asked = dice_expected(state, False)
    assert asked == left and isinstance(asked, TurnRoll) and asked.asked and asked.turn == "Ann"


def test_a_farkel_turn_s_first_roll_is_told_with_whose_turn_it_is() -> None:
    # After a farkle of six the next player rolls six too: told with the player, it is another
    # roll to the virtual table (the farkled dice lie there a while, then Bob's come), not the
    # same one going on. Unasked: it comes by itself, after the think time.
    session = Session({"game": "farkel", "players": ["Ann", "Bob"]})
    before = dice_expected(session.game.public_state())
    session.apply({"by": "Ann", "do": "roll", "dice": [2, 2, 3, 4, 6, 6]})      # FARKEL
    after = dice_expected(session.game.public_state())
    assert (before, after) == (6, 6)
    assert (before.turn, after.turn) == ("Ann", "Bob") and not before.asked and not after.asked
    state = dict(session.game.public_state(), legal=session.game.legal_actions())
    assert dice_expected(state, False).asked              # Bob tapped roll: at once


def test_no_dice_are_expected_with_no_game_in_play_or_one_over() -> None:
    assert dice_expected({"game": None, "players": [], "over": False}) is None
    assert dice_expected({"game": "farkel", "over": True, "dice_left": 6}) is None
    assert dice_expected({"game": "liars", "over": False,
                          "players": [{"name": "Ann"}, {"name": "Bob", "out": True},
                                      {"name": "Cy"}]}) == 10


@pytest.fixture
def virtual_table(tmp_path: Path) -> Iterator[tuple[Table, Referee, SampleTable]]:
    store = Store(tmp_path / "data")
    table = Table(store, EventBus(), has_camera=True)
    table.virtual = True                # as dicetable run tells it when it plays the sample frames
    camera = SampleTable(fps=0, dice=lambda: dice_on_table(table))
    referee = Referee(table, camera, view="bottom", steady_frames=1)
    yield table, referee, camera
    camera.close()
    store.close()


def test_the_virtual_table_rolls_every_roll_of_two_dice_as_real_dice_fall(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # Kuriki, Mia and Deceit: with the random.Random dicetable run gives it, the two dice are
    # drawn as real dice fall, and every one of the 21 rolls comes up (the Kuriki 1-2, the Mia
    # 2-1, every double), each with its own labelled frames; a double half as often as any other.
    # (The frames are not decoded: which one is served is all that matters here.)
    monkeypatch.setattr(SampleTable, "_image", staticmethod(lambda path: path))
    camera = SampleTable(fps=0, dice=lambda: 2, think_frames=0, rng=random.Random(2026))
    frames = {tuple(r["dice"]): {SAMPLE_FRAMES / n for n in r["settled"]} for r in ROLLS
              if len(r["dice"]) == 2}
    rolls: Counter[tuple[int, ...]] = Counter()
    before: tuple[int, ...] = ()
    for _ in range(720 * ROLL_FRAMES):              # 720 rolls
        frame = camera.read()
        if camera.serving:
            assert frame in frames[camera.serving]
            if not before:
                rolls[camera.serving] += 1
        before = camera.serving
    assert sum(rolls.values()) == 720
    assert set(rolls) == {(a, b) for a in range(1, 7) for b in range(1, a + 1)}
    doubles = sum(n for dice, n in rolls.items() if dice[0] == dice[1])
    assert 0.1 < doubles / 720 < 0.23               # 1 in 6 as real dice fall


def test_with_no_game_the_virtual_table_plays_its_loop_in_name_order(monkeypatch: pytest.MonkeyPatch) -> None:
    # The rolls drawn at random are the game's: with no game in play the tray shows the loop of
    # the folder's own frames, in name order, as before.
    monkeypatch.setattr(SampleTable, "_image", staticmethod(lambda path: path))
    camera = SampleTable(fps=0, dice=lambda: None, rng=random.Random(2026))
    loop = sorted(SAMPLE_FRAMES.glob("*.jpg"))
    assert [camera.read() for _ in range(2 * len(loop))] == loop * 2


def _roll(referee: Referee, table: Table, limit: int = 100) -> int:
    """Step frames until the table takes an action from the device (a roll, a seal); how many."""
    before, sealed = len(table.session.effective), table.public_state()["sealed"]
    for n in range(1, limit + 1):
        referee.step()
        if len(table.session.effective) > before or table.public_state()["sealed"] != sealed:
            return n
    raise AssertionError(f"nothing was rolled in {limit} frames")


def _last(table: Table) -> dict[str, Any]:
    return table.session.effective[-1]


def test_farkel_on_the_virtual_table_rolls_six_dice_then_the_dice_left(virtual_table) -> None:
    table, referee, camera = virtual_table
    table.start_game({"game": "farkel", "players": ["Ann", "Bob"]})
    _roll(referee, table)
    roll = _last(table)
    assert roll["by"] == "Ann" and roll["do"] == "roll" and len(roll["dice"]) == 6
    assert sorted(roll["dice"], reverse=True) in _labelled(6)
    # Ann keeps one die: five are left, and the table's next roll has five, when she taps roll.
    keep = next(a for a in table.public_state()["legal"] if a["do"] == "keep" and len(a["dice"]) == 1)
    table.act(keep)
    assert table.public_state()["dice_left"] == 5
    table.act({"by": "Ann", "do": "roll"})          # what the phone sends
    _roll(referee, table)
    roll = _last(table)
    assert roll["do"] == "roll" and sorted(roll["dice"], reverse=True) in _labelled(5)
    assert table.public_state()["note"] is None       # no "I see 6 dice but 5 are to be rolled"


def _ann_banks_after_thinking_then_bob_rolls_six(table, referee, camera) -> None:
    """Ann, having kept, thinks as long as she likes (7.2 s here: no roll comes, nobody rolls
    for her), banks, and Bob's six dice land."""
    for _ in range(3 * ROLL_FRAMES):
        referee.step()
    assert 3 * ROLL_FRAMES > camera.think_frames and _last(table)["do"] == "keep"
    table.act({"by": "Ann", "do": "bank"})
    _roll(referee, table)
    roll = _last(table)
    assert roll["by"] == "Bob" and sorted(roll["dice"], reverse=True) in _labelled(6)


def test_farkel_on_the_virtual_table_leaves_the_player_time_to_bank(virtual_table) -> None:
    table, referee, camera = virtual_table
    table.start_game({"game": "farkel", "players": ["Ann", "Bob"], "options": {"entry": 0}})
    _roll(referee, table)
    keep = next(a for a in table.public_state()["legal"] if a["do"] == "keep")
    table.act(keep)
    _ann_banks_after_thinking_then_bob_rolls_six(table, referee, camera)


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6, 7, 8])
def test_liar_s_dice_on_the_virtual_table_opens_every_hand(virtual_table, players: int) -> None:
    # (7 and 8 players: there were no sample frames of their hands, so every open was refused.)
    table, referee, camera = virtual_table
    table.start_game({"game": "liars", "players": NAMES[:players]})
    for _ in range(ROLL_FRAMES):        # the hands settle under the cups (nothing is sent)
        referee.step()
    assert len(camera.serving) == 5 * players and referee.hands() is not None
    roll = next(r for r in ROLLS if tuple(r["dice"]) == camera.serving)
    assert list(referee.hands().values()) == roll["hands"]
    call = table.public_state()["legal"][0]
    table.act(call)
    table.act({"by": table.public_state()["to_act"], "do": "open"})   # the hands read on the tray
    opened = _last(table)
    assert opened["do"] == "open" and list(opened["hands"].values()) == roll["hands"]
    assert table.public_state()["verdict"] is not None


def _hands_settle(referee: Referee, limit: int = 100) -> int:
    """Step frames until the referee has the round's hands; how many."""
    for n in range(1, limit + 1):
        referee.step()
        if referee.hands() is not None:
            return n
    raise AssertionError(f"no hands were read in {limit} frames")


def _recorded_frames(camera, monkeypatch: pytest.MonkeyPatch) -> list[np.ndarray]:
    """Every frame the virtual table serves from now on, in order (a list the test may clear)."""
    frames: list[np.ndarray] = []
    read = camera.read
    monkeypatch.setattr(camera, "read", lambda: frames.append(read()) or frames[-1])
    return frames


def test_liar_s_dice_on_the_virtual_table_rolls_the_hands_once_a_round(
        virtual_table, monkeypatch: pytest.MonkeyPatch) -> None:
    # Each player rolls once a round and the hands stay under the cups until the open: the
    # virtual table rolls them once, they lie still however long the calls take (it re-rolled
    # every 2.4 s), the open judges those very dice, and the next round's are rolled right
    # after it, at the round's start.
    table, referee, camera = virtual_table
    frames = _recorded_frames(camera, monkeypatch)
    table.start_game({"game": "liars", "players": ["Ann", "Bob", "Cy"]})
    served = []
    for round_ in (1, 2):
        waited = _hands_settle(referee)
        if round_ == 2:
            assert waited <= ROLL_FRAMES < camera.think_frames   # picked up and rolled anew at once
        rolled, frames[:] = camera.serving, []
        served.append(rolled)
        for calls in range(3):       # the starter, then two more players, each 7.2 s to call
            for _ in range(3 * ROLL_FRAMES):
                referee.step()
            if calls < 2:
                table.act(table.public_state()["legal"][0])
        assert camera.serving == rolled and all(np.array_equal(f, frames[0]) for f in frames)
        table.act({"by": table.public_state()["to_act"], "do": "open"})
        opened = _last(table)
        assert opened["do"] == "open" and table.public_state()["round"] == round_ + 1
        roll = next(r for r in ROLLS if tuple(r["dice"]) == rolled)
        assert list(opened["hands"].values()) == roll["hands"]
    assert served[0] != served[1]


def _open_judges_the_tray(table: Table, camera: SampleTable) -> dict[str, Any]:
    """The player to act opens; the open, which judged the hands the virtual table rolled."""
    table.act({"by": table.public_state()["to_act"], "do": "open"})
    opened = _last(table)
    rolled = camera.serving_hands         # a sample roll's hands as rolls.json labels them
    roll = next((r for r in ROLLS if tuple(r["dice"]) == camera.serving), None)
    assert roll is None or rolled == roll["hands"]
    assert opened["do"] == "open" and rolled is not None and list(opened["hands"].values()) == rolled
    return opened


def test_liar_s_dice_on_the_virtual_table_opens_right_after_a_player_goes_out(virtual_table) -> None:
    # QA: Ann goes out (15 dice -> 10), Bob calls at once and Cy opens a second later: "the
    # hands cannot be read". The virtual table kept the cup up for its 3 s think time after the
    # round changed, so no hand of the round lay on the tray. A call says the players have
    # rolled: the hands land at once, and the open judges them.
    table, referee, camera = virtual_table
    table.start_game({"game": "liars", "players": ["Ann", "Bob", "Cy"], "options": {"lives": 1}})
    _hands_settle(referee)
    table.act({"by": "Ann", "do": "call", "count": 3, "face": 1, "zhai": True})
    _open_judges_the_tray(table, camera)
    state = table.public_state()
    assert sum(1 for p in state["players"] if p.get("out")) == 1 and not state["over"]
    table.act(state["legal"][0])                   # the next round's first call, at once
    for _ in range(10):                            # a second later, well within the think time
        referee.step()
    assert 10 < camera.think_frames
    _open_judges_the_tray(table, camera)
    assert len(camera.serving) == 10
    state = table.public_state()
    assert state["over"] and state["winner"] is not None


def test_a_whole_game_of_liar_s_dice_on_the_virtual_table_ends_with_a_winner(virtual_table) -> None:
    # Three players, three lives each, played briskly: a second after each open the next round
    # is called, and a second after that it is opened. Every open judges the hands the virtual
    # table rolled for that round (15 dice, then 10 once a player is out), and the game ends
    # with a winner, nothing stuck after it.
    table, referee, camera = virtual_table
    table.start_game({"game": "liars", "players": ["Ann", "Bob", "Cy"]})
    _hands_settle(referee)
    dice_by_round = []
    for _ in range(9):                             # at most 8 opens: 9 lives, one each
        table.act(table.public_state()["legal"][0])
        for _ in range(10):
            referee.step()
        _open_judges_the_tray(table, camera)
        dice_by_round.append(len(camera.serving))
        if table.public_state()["over"]:
            break
        for _ in range(10):
            referee.step()
    state = table.public_state()
    assert state["over"] and state["winner"] is not None
    assert sum(1 for p in state["players"] if p.get("out")) == 2
    assert dice_by_round[0] == 15 and dice_by_round[-1] == 10   # the last open: two players left
    for _ in range(ROLL_FRAMES):                   # the game over: the table idles, nothing stuck
        referee.step()
    assert table.public_state()["winner"] == state["winner"] and referee.hands() is None
    assert dice_expected(table.public_state()) is None


def test_kuriki_on_the_virtual_table_seals_two_dice_as_before(virtual_table) -> None:
    table, referee, camera = virtual_table
    table.start_game({"game": "kuriki", "players": ["Ann", "Bob"]})
    _roll(referee, table)
    assert table.public_state()["sealed"] and len(camera.serving) == 2


def test_farkel_dice_lie_still_on_the_virtual_table_while_the_player_keeps(
        virtual_table, monkeypatch: pytest.MonkeyPatch) -> None:
    # Real dice do not move until someone rolls: while Ann chooses which dice to keep, the tray
    # (and the live preview) shows her roll, however long she takes; the dice left are rolled
    # when she taps roll.
    table, referee, camera = virtual_table
    frames = _recorded_frames(camera, monkeypatch)
    table.start_game({"game": "farkel", "players": ["Ann", "Bob"]})
    _roll(referee, table)
    rolled, frames[:] = camera.serving, []
    assert len(rolled) == 6
    served = set()
    for _ in range(3 * ROLL_FRAMES):           # 7.2 s: three rolls' time
        referee.step()
        served.add(camera.serving)
    assert served == {rolled} and all(np.array_equal(f, frames[0]) for f in frames)
    assert _last(table)["do"] == "roll" and table.public_state()["phase"] == "rolled"
    keep = next(a for a in table.public_state()["legal"] if a["do"] == "keep" and len(a["dice"]) == 1)
    table.act(keep)
    table.act({"by": "Ann", "do": "roll"})
    _roll(referee, table)
    assert len(_last(table)["dice"]) == 5


def test_after_a_keep_the_virtual_table_waits_for_the_player_to_roll(
        virtual_table, monkeypatch: pytest.MonkeyPatch) -> None:
    # QA: Ann kept a 1 and, before she had made up her mind, the virtual table rolled her five
    # dice left by itself 3 s later. At a real table nobody rolls for her: the dice left lie
    # still, however long she thinks, the wall and the phone say how to roll on or bank, and
    # when she taps roll her five dice come at once.
    table, referee, camera = virtual_table
    frames = _recorded_frames(camera, monkeypatch)
    table.start_game({"game": "farkel", "players": ["Ann", "Bob"], "options": {"entry": 0}})
    _roll(referee, table)
    rolled = camera.serving
    keep = next(a for a in table.public_state()["legal"] if a["do"] == "keep" and a["dice"] == [1])
    table.act(keep)
    assert table.public_state()["note"] == ("Ann: tap roll to roll the 5 dice left, or bank 100 "
                                            "points (or dial the roll and press Declare; Pass banks)")
    frames[:] = []
    for _ in range(3 * ROLL_FRAMES):               # 7.2 s, more than the 3 s think time
        referee.step()
        assert camera.serving == rolled
    assert 3 * ROLL_FRAMES > camera.think_frames
    assert _last(table)["do"] == "keep" and all(np.array_equal(f, frames[0]) for f in frames)
    assert "tap roll" in table.public_state()["note"]
    table.act({"by": "Ann", "do": "roll"})         # she taps roll
    assert table.public_state()["note"] == "Ann rolls 5 dice"
    assert _roll(referee, table) < camera.think_frames            # at once: the cup, the dice
    roll = _last(table)
    assert roll["by"] == "Ann" and sorted(roll["dice"], reverse=True) in _labelled(5)
    assert table.public_state()["note"] is None


def test_a_farkle_on_the_virtual_table_lies_on_the_tray_before_the_next_player_rolls(
        virtual_table, monkeypatch: pytest.MonkeyPatch) -> None:
    # QA: Ann farkled with her five dice left, and Bob's six dice came at once: the farkled dice
    # were picked up as the farkle was called, and nobody at the table saw it. They lie there
    # for the think time (3 s), as long as the table leaves a player to pick up the dice, and
    # are not taken for Bob's roll; then Bob's six come, as every turn's first roll does.
    from engine.farkel import has_score

    table, referee, camera = virtual_table
    frames = _recorded_frames(camera, monkeypatch)
    table.start_game({"game": "farkel", "players": ["Ann", "Bob"], "options": {"entry": 0}})
    _roll(referee, table)
    keep = next(a for a in table.public_state()["legal"] if a["do"] == "keep" and len(a["dice"]) == 1)
    table.act(keep)
    # The sample frames' five-dice rolls come in turn: the next one is the one that farkles.
    camera._turns[5] = next(i for i, (dice, _, _) in enumerate(camera.rolls[5])
                            if not has_score(dice, table.session.game.options))
    table.act({"by": "Ann", "do": "roll"})
    _roll(referee, table)
    farkled = camera.serving
    state = table.public_state()
    assert len(farkled) == 5 and state["verdict"]["outcome"] == "farkel" and state["to_act"] == "Bob"
    frames[:] = []
    for _ in range(camera.think_frames):           # 3 s: the farkle lies on the tray
        referee.step()
        assert camera.serving == farkled
    assert all(np.array_equal(f, frames[0]) for f in frames)
    assert _last(table)["by"] == "Ann"              # not sent again as Bob's roll
    assert table.public_state()["note"] is None     # no "I see 5 dice but 6 are to be rolled"
    _roll(referee, table)                          # then Bob's six, unasked
    roll = _last(table)
    assert roll["by"] == "Bob" and sorted(roll["dice"], reverse=True) in _labelled(6)


def test_farkel_hot_dice_on_the_virtual_table_leave_time_to_bank(virtual_table) -> None:
    # Ann keeps all six dice of a roll (hot dice): six are to be rolled again, as before, and
    # the table waits for her to roll them or bank as after any other keep.
    table, referee, camera = virtual_table
    table.start_game({"game": "farkel", "players": ["Ann", "Bob"], "options": {"entry": 0}})
    # No six of the sample frames all score: Ann's roll comes as the device would send it.
    table.act({"by": "Ann", "do": "roll", "dice": [1, 1, 1, 5, 5, 5]}, from_device=True)
    for _ in range(ROLL_FRAMES):
        referee.step()
    table.act({"by": "Ann", "do": "keep", "dice": [1, 1, 1, 5, 5, 5]})
    assert table.public_state()["dice_left"] == 6
    assert table.public_state()["note"].startswith("Ann: tap roll to roll all six dice again, or bank")
    _ann_banks_after_thinking_then_bob_rolls_six(table, referee, camera)


@pytest.mark.parametrize("stake, takes_over", [(0, True), (1000, False)])
def test_farkel_high_stakes_on_the_virtual_table(virtual_table, stake: int, takes_over: bool) -> None:
    # Ann banks with five dice left: Bob may roll those five (High Stakes) rather than six. The
    # virtual table waits for Bob's choice (the wall says how to make it), and rolls the five
    # when he taps roll with High Stakes ticked; six, unasked, when he cannot put up the stake.
    table, referee, camera = virtual_table
    table.start_game({"game": "farkel", "players": ["Ann", "Bob"],
                      "options": {"entry": 0, "high_stakes": True, "high_stakes_stake": stake}})
    _roll(referee, table)
    keep = next(a for a in table.public_state()["legal"] if a["do"] == "keep" and len(a["dice"]) == 1)
    table.act(keep)
    table.act({"by": "Ann", "do": "bank"})
    assert table.public_state()["high_stakes"]["dice"] == 5
    if takes_over:
        assert "High Stakes ticked" in table.public_state()["note"]
        for _ in range(3 * ROLL_FRAMES):        # nobody rolls while Bob makes up his mind
            referee.step()
        assert _last(table)["do"] == "bank"
        with pytest.raises(IllegalAction, match="Ann's turn|Bob's turn"):
            table.act({"by": "Ann", "do": "roll", "high_stakes": True})
        table.act({"by": "Bob", "do": "roll", "high_stakes": True})   # the box ticked
        assert "takes over the 5 dice" in table.public_state()["note"]
        assert _roll(referee, table) < camera.think_frames          # asked: rolled at once
    else:
        assert table.public_state()["note"] is None
        with pytest.raises(IllegalAction, match="asks 1,000 put up"):
            table.act({"by": "Bob", "do": "roll", "high_stakes": True})
        _roll(referee, table)
    roll = _last(table)
    assert roll["by"] == "Bob" and roll["do"] == "roll"
    if takes_over:
        assert roll["high_stakes"] is True and sorted(roll["dice"], reverse=True) in _labelled(5)
        assert table.public_state()["turn_total"] > 0            # Ann's points came with the dice
    else:
        assert "high_stakes" not in roll and sorted(roll["dice"], reverse=True) in _labelled(6)
    assert table.public_state()["note"] is None


def test_farkel_high_stakes_on_the_virtual_table_can_be_declined(virtual_table) -> None:
    # QA: Ann banks with five dice left, and Bob, with the phone's "High Stakes" box unticked,
    # taps roll: he rolls six fresh dice, as he may at a real table. The virtual table took over
    # Ann's five all the same (and the tap was refused: "the camera sends the roll").
    table, referee, camera = virtual_table
    table.start_game({"game": "farkel", "players": ["Ann", "Bob"],
                      "options": {"entry": 0, "high_stakes": True}})
    _roll(referee, table)
    keep = next(a for a in table.public_state()["legal"] if a["do"] == "keep" and len(a["dice"]) == 1)
    table.act(keep)
    table.act({"by": "Ann", "do": "bank"})
    assert table.public_state()["high_stakes"]["dice"] == 5
    table.act({"by": "Bob", "do": "roll"})          # what the phone sends, the box unticked
    _roll(referee, table)
    roll = _last(table)
    assert roll["by"] == "Bob" and roll["do"] == "roll" and "high_stakes" not in roll
    assert sorted(roll["dice"], reverse=True) in _labelled(6)
    assert table.public_state()["note"] is None


def test_liar_s_dice_on_the_virtual_table_has_the_hands_rolled_at_the_round_s_start(virtual_table) -> None:
    # QA: a call and the open tapped on the phone soon after a game (or a round) began were
    # refused: "the hands cannot be read: spread every hand on the tray", words for a real tray.
    # The virtual table kept the cup up for 3 s after the round changed, so no hand lay there
    # yet. Every player rolls at a round's start: the hands land then, and a call and an open
    # made a second and a half later are judged on them, in the first round and the next.
    table, referee, camera = virtual_table
    for _ in range(ROLL_FRAMES):                   # no game yet: the table plays its loop
        referee.step()
    table.start_game({"game": "liars", "players": ["Ann", "Bob", "Cy"]})
    for round_ in (1, 2):
        for _ in range(15):
            referee.step()
        assert len(camera.serving) == 15 and referee.hands() is not None
        table.act(table.public_state()["legal"][0])
        _open_judges_the_tray(table, camera)
        assert table.public_state()["round"] == round_ + 1


def test_an_open_before_the_virtual_table_read_the_hands_says_so(virtual_table) -> None:
    # Called and opened in the instant the round began, before its hands were read: the refusal
    # said to spread every hand on the tray, which nobody can do on the virtual table. It says
    # what is wrong there, and the open goes a moment later.
    table, referee, camera = virtual_table
    table.start_game({"game": "liars", "players": ["Ann", "Bob", "Cy"]})
    table.act(table.public_state()["legal"][0])
    with pytest.raises(IllegalAction) as refused:
        table.act({"by": table.public_state()["to_act"], "do": "open"})
    assert "virtual table" in str(refused.value) and "spread" not in str(refused.value)
    assert len(table.session.log) == 1
    _hands_settle(referee)
    _open_judges_the_tray(table, camera)


def test_undoing_an_open_on_the_virtual_table_puts_the_round_s_hands_back(
        virtual_table, caplog: pytest.LogCaptureFixture) -> None:
    # QA: an open undone on the virtual table had new hands rolled for the round taken back, so
    # the open made again judged other dice than the undone one (and than the first call was
    # made on). The round comes back as it was: its very hands, read again and judged again,
    # and the record holds the same hands twice; nothing says them before the open.
    table, referee, camera = virtual_table
    caplog.set_level("DEBUG")
    table.start_game({"game": "liars", "players": ["Ann", "Bob", "Cy"]})
    _hands_settle(referee)
    rolled = camera.serving
    table.act(table.public_state()["legal"][0])
    opened = _open_judges_the_tray(table, camera)
    _hands_settle(referee)                         # the next round's hands land
    assert camera.serving != rolled and table.public_state()["round"] == 2
    table.undo()
    state = table.public_state()
    assert state["round"] == 1 and state["call"] is not None and referee.hands() is None
    assert state["verdict"] is None and "hands" not in json.dumps(state)
    _hands_settle(referee)
    assert camera.serving == rolled
    again = _open_judges_the_tray(table, camera)
    assert again["hands"] == opened["hands"]
    undone, redone = [line for line in table.session.log if line.get("do") == "open"]
    assert undone["hands"] == redone["hands"]
    for hand in opened["hands"].values():          # no log line names a hand
        assert all(str(hand) not in r.getMessage() for r in caplog.records)


@pytest.mark.parametrize("players", [3, 8])
def test_liar_s_dice_hands_on_the_virtual_table_are_dealt_anew_every_round(tmp_path: Path,
                                                                          players: int) -> None:
    # Played as players would: the sample frames hold three trays of each number of hands,
    # served in turn, so every third round's hands were the very same, and a player who
    # remembered them knew every hand on the table. With the random.Random dicetable run gives
    # it, the virtual table deals the hands as dice fall, rendered on those trays (where the
    # hands lie apart), each round anew; the referee reads every one right and the open judges
    # the hands dealt.
    store = Store(tmp_path / "data")
    table = Table(store, EventBus(), has_camera=True)
    table.virtual = True
    camera = SampleTable(fps=0, dice=lambda: dice_on_table(table), rng=random.Random(100 + players))
    referee = Referee(table, camera, view="bottom", steady_frames=1)
    try:
        table.start_game({"game": "liars", "players": NAMES[:players], "options": {"lives": 9}})
        dealt = []
        for round_ in range(1, 8):
            _hands_settle(referee)
            hands = referee.hands()
            assert list(hands.values()) == camera.serving_hands       # read right, hand by hand
            dealt.append(camera.serving)
            table.act(table.public_state()["legal"][0])
            _open_judges_the_tray(table, camera)
            assert table.public_state()["round"] == round_ + 1
        samples = {tuple(r["dice"]) for r in ROLLS}
        assert len(set(dealt)) == len(dealt) and not samples & set(dealt)
    finally:
        camera.close()
        store.close()


def test_dealt_hands_the_reader_would_misread_are_not_served(tmp_path: Path,
                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    # A tray is served only once it reads right, as the shipped sample frames were: dice dealt
    # on a tray the reader doubts go on the next tray, and dealt hands no tray reads right are
    # not served at all (a sample tray instead), so no open judges what the reader misread.
    import device.virtual_hands as vh

    checked: list[int] = []

    def doubtful(scene, data):
        checked.append(1)
        return "unsure: a test's doubt" if len(checked) < 3 else None

    monkeypatch.setattr(vh, "check_roll", doubtful)
    camera = SampleTable(fps=0, dice=lambda: RoundRoll(15, ("g", 1), called=True),
                         rng=random.Random(1))
    try:
        camera.read(), camera.read()                               # the cup up, the hands land
        assert len(checked) == 3 and len(camera.serving) == 15    # the third tray read right
        assert camera.serving not in {tuple(r["dice"]) for r in ROLLS}
        monkeypatch.setattr(vh, "check_roll", lambda scene, data: "unsure: a test's doubt")
        camera.dice = lambda: RoundRoll(15, ("g", 2), called=True)
        camera.read(), camera.read()
        assert camera.serving in _labelled_tuples(15)              # a sample tray, as before
    finally:
        camera.close()


def _labelled_tuples(count: int) -> set[tuple[int, ...]]:
    return {tuple(dice) for dice in _labelled(count)}


def test_a_power_cut_on_the_virtual_table_leaves_the_sealed_hands_under_the_cups(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    # Games survive power cuts. On the virtual table the hands lived in its memory only: after
    # a restart of dicetable run in a round whose first call had sealed them, the round showed
    # other hands (the sample rolls from the first again), and the open judged dice nobody had
    # called on. The hands are kept on the device, beside the store, and the restarted table has
    # the very hands land at once (no cup seen up); the referee reads and seals them again, and
    # the open judges them. The file is the device's own (0600); no log line names a hand.
    import stat

    from device.runtime import VIRTUAL_HANDS

    caplog.set_level("DEBUG")
    data = tmp_path / "data"
    keep = data / VIRTUAL_HANDS

    def power_on(seed: int) -> tuple[Store, Table, SampleTable, Referee]:
        store = Store(data)
        table = Table(store, EventBus(), has_camera=True)
        table.virtual = True
        camera = SampleTable(fps=0, dice=lambda: dice_on_table(table), rng=random.Random(seed),
                             keep=keep)
        return store, table, camera, Referee(table, camera, view="bottom", steady_frames=1)

    store, table, camera, referee = power_on(1)
    table.start_game({"game": "liars", "players": ["Ann", "Bob", "Cy"]})
    _hands_settle(referee)
    table.act(table.public_state()["legal"][0])
    _open_judges_the_tray(table, camera)
    _hands_settle(referee)                         # round 2's hands (not the first sample roll)
    table.act(table.public_state()["legal"][0])    # its first call seals them
    for _ in range(5):
        referee.step()
    sealed, rolled = referee.hands(), camera.serving
    assert sealed is not None and table.public_state()["round"] == 2
    camera.close()
    store.close()                                  # the power cut

    store, table, camera, referee = power_on(2)
    try:
        assert table.public_state()["round"] == 2 and table.public_state()["call"] is not None
        referee.step()
        assert camera.serving == rolled            # lying under the cups from the first frame
        _hands_settle(referee)
        assert referee.hands() == sealed
        opened = _open_judges_the_tray(table, camera)
        assert opened["hands"] == sealed
        assert stat.S_IMODE(keep.stat().st_mode) == 0o600
        for hand in sealed.values():
            assert all(str(hand) not in r.getMessage() for r in caplog.records)
    finally:
        camera.close()
        store.close()



@pytest.mark.parametrize("players", [9, 12])
def test_liar_s_dice_with_more_hands_than_the_virtual_table_shows_is_refused_at_the_start(
        virtual_table, players: int) -> None:
    # The sample frames have no tray of 9 to 12 hands (they do not fit apart with dice the reader
    # reads): the game started, and every open was refused with "open again in a moment", for
    # ever. The start is refused, saying what the virtual table can do and how to play it.
    table, referee, camera = virtual_table
    table.virtual_dice = frozenset(camera.rolls)      # as dicetable run tells it
    with pytest.raises(IllegalAction) as refused:
        table.start_game({"game": "liars", "players": NAMES[:players]})
    words = str(refused.value)
    assert f"for 2 to {max(camera.rolls) // 5} players, not {players}" in words
    assert "--camera none" in words
    assert table.session is None
    table.start_game({"game": "kuriki", "players": NAMES[:players]})   # other games play on


def test_a_resumed_liar_s_dice_game_with_more_hands_than_the_virtual_table_shows_says_why_it_cannot_open(
        tmp_path: Path) -> None:
    # Started with --camera none, resumed on the virtual table: its open says why it cannot be
    # judged there (at the phone and at the Pull button), not "open again in a moment".
    from device.console import Console

    store = Store(tmp_path / "data")
    try:
        Table(store, EventBus(), has_camera=False).start_game({"game": "liars", "players": NAMES[:10]})
        table = Table(store, EventBus(), has_camera=True)
        camera = SampleTable(fps=0, dice=lambda: dice_on_table(table))
        table.virtual_dice, table.virtual = frozenset(camera.rolls), True
        referee = Referee(table, camera, view="bottom", steady_frames=1)
        for _ in range(ROLL_FRAMES):
            referee.step()
        table.act(table.public_state()["legal"][0])
        with pytest.raises(IllegalAction, match="not 10: play with at most .* --camera none"):
            table.act({"by": table.public_state()["to_act"], "do": "open"})
        Console(table, hands=referee.hands).pull()       # the Pull button: said on the wall
        note = table.public_state()["note"]
        assert "not 10" in note and "--camera none" in note
        camera.close()
    finally:
        store.close()


def test_an_open_from_the_phone_on_the_virtual_table_shows_the_photo_of_the_hands(virtual_table) -> None:
    # QA: opened from the phone (POST /api/actions), the verdict in /api/state had "photo": null
    # and the wall showed the hands drawn but no photo, where a Mia pull shows the sealed dice's.
    # The photo of the frame the hands were read from comes with the verdict, and no photo is
    # served before the open.
    from web import create_app

    table, referee, camera = virtual_table
    client = create_app(table, pin="0000").test_client()
    pin = {"X-Table-PIN": "0000"}
    r = client.post("/api/games", json={"game": "liars", "players": ["Ann", "Bob", "Cy"]}, headers=pin)
    assert r.status_code == 201, r.get_json()
    _hands_settle(referee)
    call = client.get("/api/state").get_json()["legal"][0]
    assert client.post("/api/actions", json=call, headers=pin).status_code == 200
    for _ in range(ROLL_FRAMES):
        referee.step()
    before = client.get("/api/state").get_json()
    assert before["verdict"] is None and "/api/photos/" not in json.dumps(before)
    assert table.store.photos_total() == 0          # nothing of the hands kept to be served
    r = client.post("/api/actions", json={"by": before["to_act"], "do": "open"}, headers=pin)
    assert r.status_code == 200, r.get_json()
    verdict = client.get("/api/state").get_json()["verdict"]
    assert verdict["hands"] and verdict["photo"], verdict
    photo = client.get(verdict["photo"])
    assert photo.status_code == 200 and photo.mimetype == "image/jpeg"
    assert photo.data[:2] == b"\xff\xd8"


def test_the_note_after_a_keep_says_when_a_bank_is_not_yet_allowed_and_shows_after_a_restart(
        tmp_path: Path) -> None:
    # Ann has 100 points this turn and needs 500 to get into the game: the note asks her to roll
    # on, and does not offer a bank the rules would refuse. The device restarts while she
    # thinks: the note is back as soon as dicetable run knows it plays the virtual table.
    store = Store(tmp_path / "data")
    try:
        table = Table(store, EventBus(), has_camera=True)
        table.virtual = True
        table.start_game({"game": "farkel", "players": ["Ann", "Bob"]})
        table.act({"by": "Ann", "do": "roll", "dice": [1, 2, 2, 3, 4, 6]}, from_device=True)
        table.act({"by": "Ann", "do": "keep", "dice": [1]})
        note = ("Ann: tap roll to roll the 5 dice left (or dial the roll and press Declare); a bank "
                "needs 500 points in one turn, this turn has 100")
        assert table.public_state()["note"] == note
        again = Table(store, EventBus(), has_camera=True)         # the restart
        assert again.public_state()["note"] is None
        again.virtual = True
        assert again.public_state()["note"] == note
    finally:
        store.close()


def test_on_a_real_tray_a_farkel_keep_asks_for_no_tap(tmp_path: Path) -> None:
    # At a real tray the players roll the dice by hand and the camera sends the roll: no note
    # asks Ann to tap roll after her keep, and a roll tapped on the phone is refused as before.
    # (Only the virtual table is told the dice to roll: dicetable run gives a real camera none.)
    store = Store(tmp_path / "data")
    try:
        table = Table(store, EventBus(), has_camera=True)
        table.start_game({"game": "farkel", "players": ["Ann", "Bob"], "options": {"entry": 0}})
        table.act({"by": "Ann", "do": "roll", "dice": [1, 2, 2, 3, 4, 6]}, from_device=True)
        table.act({"by": "Ann", "do": "keep", "dice": [1]})
        assert table.public_state()["note"] is None
        with pytest.raises(IllegalAction, match="the camera sends the roll"):
            table.act({"by": "Ann", "do": "roll"})
        assert table.asked_roll() is None and table.session.log[-1]["do"] == "keep"
    finally:
        store.close()
