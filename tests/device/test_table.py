"""device.table.Table: durable, resumable, camera rules, history, stats, and no hidden dice leaking."""

from __future__ import annotations

import json
import logging
import threading
from pathlib import Path
from typing import Any

import pytest

from device.events import EventBus
from device.store import Store, StoreError
from device.referee import CUP_GAMES
from device.table import (HIDDEN_HANDS_GAMES, KURIKI_SHOWN, NOT_SETTLED, PREVIEW_REFUSAL, UNDER_CUP_GAMES,
                          StorageFailed, Table, game_stats)
from engine.core import GAMES
from engine.errors import IllegalAction, RecordError
from web.services import DiceFromCameraOnly, DiceNotSettled, GameInPlay, NoGame, NotFound, Secret, TableError, TableService

KURIKI = {"game": "kuriki", "players": ["Ann", "Bob", "Cy"], "options": {"lives": 3}}


def fake(players: list[str] | None = None, lives: int = 3) -> dict[str, Any]:
    return {"game": "fakeriki", "players": players or ["Ann", "Bob", "Cy"], "options": {"lives": lives}}


class RecordingBus(EventBus):
    """Remembers every event, and checks at publish time that the store already has the game's
    whole log (so nothing is shown before it is durable)."""

    def __init__(self) -> None:
        super().__init__()
        self.seen: list[tuple[str, dict[str, Any]]] = []
        self.table: Table | None = None

    def publish(self, kind: str, data: dict[str, Any] | None = None):  # type: ignore[override]
        t = self.table
        if t is not None and t.session is not None and t.game_id is not None:
            stored = t.store.actions(t.game_id)
            assert [r.line for r in stored] == t.session.log, "published before it was committed"
        self.seen.append((kind, dict(data or {})))
        return super().publish(kind, data)

    def kinds(self) -> list[str]:
        return [k for k, _ in self.seen]


def make(tmp_path: Path, *, camera: bool, limit: int = 200_000_000) -> tuple[Table, RecordingBus]:
    bus = RecordingBus()
    table = Table(Store(tmp_path), bus, has_camera=camera, photo_limit_bytes=limit)
    bus.table = table
    return table, bus


def test_table_is_a_table_service(tmp_path: Path) -> None:
    table, _ = make(tmp_path, camera=False)
    assert isinstance(table, TableService)


def test_no_game_state_and_refusals(tmp_path: Path) -> None:
    table, _ = make(tmp_path, camera=False)
    state = table.public_state()
    assert state["game"] is None and state["players"] == [] and state["over"] is False
    assert state["to_act"] is None and state["game_id"] is None and state["legal"] == []
    assert state["device"] == {"camera": "none", "message": None}
    with pytest.raises(NoGame):
        table.act({"by": "Ann", "do": "pull"})
    with pytest.raises(NoGame):
        table.undo()


def test_refusals_quote_values_as_json_does(tmp_path: Path) -> None:
    # They said there is no game '-1' and 'Ann\nBob', Python's quotes, unlike every other message.
    table, _ = make(tmp_path, camera=False)
    with pytest.raises(NotFound, match=r'^there is no game "-1"$'):
        table.record("-1")
    with pytest.raises(RecordError) as info:
        table.start_game({"game": "kuriki", "players": ["Ann\nBob", "Cy"]})
    assert str(info.value) == 'a player\'s name cannot hold a line break: "Ann\\nBob"'


@pytest.mark.parametrize("players, words", [
    (["Ann", "Ann\u200b"], 'an invisible character (U+200B ZERO WIDTH SPACE): "Ann" holds one'),
    (["\u2060Ann", "Bob"], "an invisible character (U+2060 WORD JOINER)"),
    (["Ann", "Bo\u200db"], "an invisible character (U+200D ZERO WIDTH JOINER)"),
    (["\u202eBob Smith", "Ann"], 'a bidi control (U+202E RIGHT-TO-LEFT OVERRIDE): it turns the text '
                                 'after it round; "Bob Smith" holds one'),
    (["Ann", "\u2067Cy\u2069"], "a bidi control (U+2067 RIGHT-TO-LEFT ISOLATE)"),
    (["👨\u200d👩", "👨👩"], 'the names "👨\u200d👩" and "👨👩" look the same on the wall'),
    (["❤\ufe0f", "Bob", "❤"], 'the names "❤\ufe0f" and "❤" look the same on the wall'),
    (["Ann\u200c", "Bob"], "an invisible character (U+200C ZERO WIDTH NON-JOINER)"),
    (["Ann", "A\u200cnn"], 'the names "Ann" and "A\u200cnn" look the same on the wall'),
])
def test_a_name_with_unseen_characters_is_refused(tmp_path: Path, players: list[str], words: str) -> None:
    # "Ann" and "Ann\u200b" were two players the wall showed alike; a bidi override turned the
    # text after it round.
    table, _ = make(tmp_path, camera=False)
    with pytest.raises(RecordError) as info:
        table.start_game({"game": "kuriki", "players": players})
    assert words in str(info.value)
    assert table.public_state()["game"] is None


def test_emoji_joined_with_a_zwj_are_a_name(tmp_path: Path) -> None:
    # The ZWJ inside an emoji sequence is part of the emoji (a family, a rainbow flag).
    table, _ = make(tmp_path, camera=False)
    names = ["👨\u200d👩\u200d👧", "🏳\ufe0f\u200d🌈", "👍🏽\u200d🔥", "Zoë", "李雷"]
    table.start_game({"game": "kuriki", "players": names})
    assert [p["name"] for p in table.public_state()["players"]] == names


def test_a_zwnj_between_letters_is_part_of_a_name(tmp_path: Path) -> None:
    # Persian spelling puts a ZERO WIDTH NON-JOINER between letters: it changes how they join.
    table, _ = make(tmp_path, camera=False)
    names = ["\u0645\u06cc\u200c\u062e\u0648\u0627\u0647\u0645", "Ann"]
    table.start_game({"game": "kuriki", "players": names})
    assert [p["name"] for p in table.public_state()["players"]] == names


def test_bad_header_changes_nothing(tmp_path: Path) -> None:
    table, bus = make(tmp_path, camera=False)
    with pytest.raises(RecordError):
        table.start_game({"game": "kuriki", "players": ["Ann", "Ann"]})
    assert table.games() == [] and bus.seen == []


def test_actions_are_committed_then_published_and_returned(tmp_path: Path, fake_game: str) -> None:
    table, bus = make(tmp_path, camera=False)
    gid = table.start_game(fake())
    state = table.act({"by": "Ann", "do": "declare", "call": "9", "dice": [6, 3]})
    assert state["call"] == "9" and state["to_act"] == "Bob" and state["game_id"] == gid
    state = table.act({"by": "Bob", "do": "pull"})
    assert state["verdict"]["outcome"] == "truth" and state["verdict"]["photo"] is None
    assert bus.kinds() == ["state", "state", "state", "verdict"]
    assert bus.seen[-2][1] == state
    assert [r.line["do"] for r in table.store.actions(gid)] == ["declare", "pull"]


def test_illegal_action_changes_nothing(tmp_path: Path, fake_game: str) -> None:
    table, bus = make(tmp_path, camera=False)
    gid = table.start_game(fake())
    before = table.public_state()
    with pytest.raises(IllegalAction, match="Ann's turn"):
        table.act({"by": "Bob", "do": "declare", "call": "9", "dice": [6, 3]})
    with pytest.raises(RecordError):
        table.act({"by": "Nobody", "do": "pull"})
    with pytest.raises(RecordError):
        table.act(["not", "an", "object"])  # type: ignore[arg-type]
    assert table.public_state() == before
    assert table.store.actions(gid) == []
    assert bus.kinds() == ["state"]


def test_undo_is_an_appended_line_and_replays(tmp_path: Path, fake_game: str) -> None:
    table, _ = make(tmp_path, camera=False)
    gid = table.start_game(fake())
    table.act({"by": "Ann", "do": "declare", "call": "9", "dice": [6, 3]})
    state = table.undo()
    assert state["call"] is None and state["to_act"] == "Ann" and state["can_undo"] is False
    table.act({"by": "Ann", "do": "declare", "call": "5", "dice": [1, 4]})
    state = table.act({"do": "undo"})
    assert state["call"] is None
    with pytest.raises(IllegalAction, match="nothing to undo"):
        table.undo()
    assert [r.line for r in table.store.actions(gid)][1] == {"do": "undo"}
    assert len(table.store.actions(gid)) == 4


def test_power_cut_resumes_exactly_where_it_was(tmp_path: Path, fake_game: str) -> None:
    table, _ = make(tmp_path, camera=False)
    gid = table.start_game(fake())
    table.act({"by": "Ann", "do": "declare", "call": "9", "dice": [6, 2]})
    table.act({"by": "Bob", "do": "pull"})                  # lie: Ann loses
    table.act({"by": "Bob", "do": "declare", "call": "6", "dice": [3, 3]})
    table.undo()
    table.act({"by": "Bob", "do": "declare", "call": "7", "dice": [3, 4]})
    table.act({"by": "Cy", "do": "pass"})
    before = table.public_state()
    # A power cut: nothing is closed; a new Table opens the same directory.
    again, _ = make(tmp_path, camera=False)
    assert again.public_state() == before
    assert again.game_id == gid
    assert again.session.log == table.session.log
    state = again.act({"by": "Ann", "do": "pull"})
    assert state["verdict"]["outcome"] == "truth" and state["players"][0]["lives"] == 1


def test_a_power_cut_after_the_last_pull_keeps_the_winner_on_the_wall(tmp_path: Path,
                                                                      fake_game: str) -> None:
    table, _ = make(tmp_path, camera=False)
    gid = table.start_game(fake(["Ann", "Bob"], lives=1))
    table.act({"by": "Ann", "do": "declare", "call": "12", "dice": [1, 3]})
    before = table.act({"by": "Bob", "do": "pull"})
    assert before["over"] and before["winner"] == "Bob" and before["verdict"] is not None
    again, _ = make(tmp_path, camera=False)
    assert again.public_state() == before          # the winner and the last verdict, as they were
    assert again.game_id == gid
    # Undo still takes the last pull back, as it could before the power cut.
    state = again.undo()
    assert not state["over"] and state["to_act"] == "Bob" and again.games()[0]["status"] == "live"
    # A new game after a finished one starts as usual; an abandoned game is not shown again.
    again.act({"by": "Bob", "do": "pull"})
    second = again.start_game(fake(["Ann", "Bob"]))
    third, _ = make(tmp_path, camera=False)
    assert third.game_id == second
    third.start_game(fake(["Ann", "Cy"]), replace=True)   # the resumed game is in play
    third.store.abandon_live()
    assert make(tmp_path, camera=False)[0].public_state()["game"] is None


def test_game_over_is_stored_and_record_is_served(tmp_path: Path, fake_game: str) -> None:
    table, _ = make(tmp_path, camera=False)
    gid = table.start_game(fake(["Ann", "Bob"], lives=1))
    table.act({"by": "Ann", "do": "declare", "call": "12", "dice": [1, 3]})
    with pytest.raises(Secret):
        table.record(gid)
    state = table.act({"by": "Bob", "do": "pull"})
    assert state["over"] and state["winner"] == "Bob" and state["legal"] == []
    listed = table.games()[0]
    assert listed["id"] == gid and listed["over"] and listed["winner"] == "Bob"
    assert listed["finished"] is not None and listed["status"] == "over"
    lines = table.record(gid).splitlines()
    assert json.loads(lines[0]) == fake(["Ann", "Bob"], lives=1)
    assert json.loads(lines[1])["dice"] == [1, 3]
    with pytest.raises(NotFound):
        table.record("999")
    # Undo after the end reopens the game (and hides its record again).
    table.undo()
    assert table.games()[0]["status"] == "live"
    with pytest.raises(Secret):
        table.record(gid)


def test_new_game_abandons_the_unfinished_one(tmp_path: Path, fake_game: str) -> None:
    table, _ = make(tmp_path, camera=False)
    first = table.start_game(fake())
    table.act({"by": "Ann", "do": "declare", "call": "9", "dice": [6, 3]})
    second = table.start_game(fake(["Dee", "Eve"]), replace=True)
    listing = table.games()
    assert [g["id"] for g in listing] == [second, first]
    assert listing[1]["status"] == "abandoned"
    with pytest.raises(Secret, match="abandoned"):
        table.record(first)
    assert table.record_including_live(first).count("\n") == 2
    assert table.public_state()["players"][0]["name"] == "Dee"


def test_a_new_game_over_one_in_play_is_refused_unless_asked_to_replace_it(tmp_path: Path) -> None:
    # Only the web API refused (409 without ?replace=1): the table itself ended any game in play
    # for whoever called start_game, and an ended game cannot be resumed.
    table, bus = make(tmp_path, camera=False)
    first = table.start_game(KURIKI)
    table.act({"by": "Ann", "do": "declare", "call": "9", "dice": [6, 3]})
    before, published = table.public_state(), len(bus.seen)
    mia = {"game": "mia", "players": ["Dee", "Eve"]}
    with pytest.raises(GameInPlay) as info:
        table.start_game(mia)
    assert isinstance(info.value, TableError)
    assert str(info.value) == ('a game is in play (Kuriki with "Ann", "Bob", "Cy"): a new game would '
                               'end it for good (it cannot be resumed). To end it and start, confirm '
                               '(the API: POST /api/games?replace=1)')
    assert "6" not in str(info.value) and "3" not in str(info.value)   # the dice under the cup
    assert table.public_state() == before and len(bus.seen) == published
    assert [g["status"] for g in table.games()] == ["live"]
    second = table.start_game(mia, replace=True)
    assert [(g["id"], g["status"]) for g in table.games()] == [(second, "live"), (first, "abandoned")]
    assert table.public_state()["game"] == "mia"


def test_a_new_game_after_one_is_over_or_with_none_needs_no_replace(tmp_path: Path, fake_game: str) -> None:
    table, _ = make(tmp_path, camera=False)
    first = table.start_game(fake(["Ann", "Bob"], lives=1), replace=False)
    table.act({"by": "Ann", "do": "declare", "call": "12", "dice": [1, 3]})
    assert table.act({"by": "Bob", "do": "pull"})["over"]
    second = table.start_game(fake(["Ann", "Cy"]))
    assert [(g["id"], g["status"]) for g in table.games()] == [(second, "live"), (first, "over")]


# -- camera mode --------------------------------------------------------------------------------

def test_camera_mode_refuses_dice_from_the_api(tmp_path: Path, fake_game: str) -> None:
    table, _ = make(tmp_path, camera=True)
    table.start_game(fake())
    with pytest.raises(DiceFromCameraOnly):
        table.act({"by": "Ann", "do": "declare", "call": "9", "dice": [6, 3]})
    with pytest.raises(IllegalAction, match=NOT_SETTLED):
        table.act({"by": "Ann", "do": "declare", "call": "9"})


def test_declare_takes_the_fresh_seal_once(tmp_path: Path, fake_game: str) -> None:
    table, bus = make(tmp_path, camera=True)
    gid = table.start_game(fake())
    table.seal([6, 3], b"JPEG-of-6-3")
    assert table.sealed and table.public_state()["sealed"] is True
    table.act({"by": "Ann", "do": "declare", "call": "8"})
    assert table.store.actions(gid)[0].line["dice"] == [6, 3]
    # No fresh roll since: Bob cannot declare on the same dice.
    with pytest.raises(IllegalAction, match=NOT_SETTLED):
        table.act({"by": "Bob", "do": "declare", "call": "10"})
    # Undoing Ann's declare gives the seal back; she declares again on the same roll.
    table.undo()
    table.act({"by": "Ann", "do": "declare", "call": "9"})
    assert table.store.actions(gid)[2].line["dice"] == [6, 3]
    state = table.act({"by": "Bob", "do": "pull"})
    assert state["verdict"]["outcome"] == "truth"
    photo_url = state["verdict"]["photo"]
    assert photo_url.startswith("/api/photos/")
    assert table.photo(photo_url.rsplit("/", 1)[1]) == b"JPEG-of-6-3"
    assert bus.kinds()[-1] == "verdict" and bus.seen[-1][1]["photo"] == photo_url


def test_sealed_photo_is_private_until_the_pull(tmp_path: Path, fake_game: str) -> None:
    table, _ = make(tmp_path, camera=True)
    table.start_game(fake())
    table.seal([5, 4], b"secret-photo")
    photo_id = table.store.seal().photo_id
    table.act({"by": "Ann", "do": "declare", "call": "10"})
    with pytest.raises(NotFound):
        table.photo(photo_id)
    table.act({"by": "Bob", "do": "pass"})
    table.act({"by": "Cy", "do": "pull"})
    assert table.photo(photo_id) == b"secret-photo"


def test_a_verdict_that_lifts_no_cup_publishes_no_photo_of_the_dice(tmp_path: Path) -> None:
    # A foul in the middle of a point is a verdict: it took the photo of the dice still under
    # the cup as its evidence, made it public, and put its address in the public state, so
    # anyone could look at the dice Ann called on. An accepted Mia (or Deceit's believed 11)
    # did the same with the dice nobody was to see.
    def photo_of(state: dict[str, Any]) -> str | None:
        url = state["verdict"]["photo"]
        return url.rsplit("/", 1)[1] if url else None

    table, bus = make(tmp_path, camera=True)
    table.start_game({"game": "kuriki", "players": ["Ann", "Bob", "Cy"]})
    table.seal([6, 3], b"dice-under-the-cup")
    secret = table.store.seal().photo_id
    table.act({"by": "Ann", "do": "declare", "call": "9"})
    state = table.act({"by": "Cy", "do": "foul", "kind": "peek"})
    assert state["call"] == "9" and state["verdict"]["outcome"] == "foul"
    assert photo_of(state) is None and secret not in json.dumps(bus.seen)
    with pytest.raises(NotFound):
        table.photo(secret)
    # The pull lifts the cup: then the same photo is the evidence.
    state = table.act({"by": "Bob", "do": "pull"})
    assert photo_of(state) == secret and table.photo(secret) == b"dice-under-the-cup"
    # After a power cut the foul's verdict still shows no photo.
    again, _ = make(tmp_path, camera=True)
    assert photo_of(again.public_state()) == secret
    again.undo()
    assert again.public_state()["verdict"]["outcome"] == "foul"
    assert photo_of(again.public_state()) is None

    for game, call, accepter in [("mia", "21", "Bob"), ("deceit", "11", "Bob")]:
        table.start_game({"game": game, "players": ["Ann", "Bob", "Cy"]}, replace=True)
        table.seal([5, 2], b"dice-never-shown-" + game.encode())
        secret = table.store.seal().photo_id
        action = {"by": "Ann", "do": "declare", "call": call}
        if game == "deceit":
            action["target"] = accepter
        table.act(action)
        state = table.act({"by": accepter, "do": "accept"})
        assert state["verdict"]["outcome"] == "accepted" and state["verdict"]["dice"] is None
        assert photo_of(state) is None, game
        with pytest.raises(NotFound):
            table.photo(secret)


def test_seal_and_freshness_survive_a_power_cut(tmp_path: Path, fake_game: str) -> None:
    table, _ = make(tmp_path, camera=True)
    gid = table.start_game(fake())
    table.seal([4, 4], None)
    again, _ = make(tmp_path, camera=True)
    assert again.sealed
    again.act({"by": "Ann", "do": "declare", "call": "8"})
    third, _ = make(tmp_path, camera=True)
    with pytest.raises(IllegalAction, match=NOT_SETTLED):     # used up before the cut
        third.act({"by": "Bob", "do": "declare", "call": "9"})
    assert third.store.actions(gid)[0].line["dice"] == [4, 4]


def test_device_may_bring_dice_and_a_photo(tmp_path: Path, fake_game: str) -> None:
    table, bus = make(tmp_path, camera=True)
    table.start_game(fake())
    state = table.act({"by": "Ann", "do": "declare", "call": "kuriki", "dice": [2, 1]},
                      from_device=True, photo=b"crown")
    assert state["verdict"]["outcome"] == "kuriki"
    assert bus.kinds()[-3:] == ["state", "verdict", "kuriki"]
    assert table.photo(state["verdict"]["photo"].rsplit("/", 1)[1]) == b"crown"


def test_mia_declare_without_a_fresh_roll_is_a_blind_raise(tmp_path: Path) -> None:
    table, _ = make(tmp_path, camera=True)
    gid = table.start_game({"game": "mia", "players": ["Ann", "Bob"]})
    table.seal([6, 5], None)
    table.act({"by": "Ann", "do": "declare", "call": "65"})
    table.act({"by": "Bob", "do": "declare", "call": "66"})     # no new roll: blind
    lines = [r.line for r in table.store.actions(gid)]
    assert lines[0]["dice"] == [6, 5] and "dice" not in lines[1]


def test_a_blind_raise_after_the_camera_saw_a_new_roll_is_refused_in_plain_words(tmp_path: Path) -> None:
    # Bob ticked "blind raise" on the phone, but the camera had seen the dice rolled again and
    # settle: the table put the new dice into his blind raise and passed on the engine's words,
    # "a blind raise has no dice: the raiser did not roll", which told him nothing he could do.
    table, _ = make(tmp_path, camera=True)
    gid = table.start_game({"game": "mia", "players": ["Ann", "Bob", "Cy"]})
    table.seal([6, 5], None)
    table.act({"by": "Ann", "do": "declare", "call": "65"})
    table.seal([3, 1], None)                    # Bob rolled: the camera saw it settle
    with pytest.raises(IllegalAction) as refused:
        table.act({"by": "Bob", "do": "declare", "call": "66", "blind": True})
    message = str(refused.value)
    assert "camera saw the dice rolled" in message and "blind" in message
    assert "3" not in message and "1" not in message            # nothing about the new dice
    assert len(table.store.actions(gid)) == 1 and table.store.seal().fresh
    table.act({"by": "Bob", "do": "declare", "call": "66"})     # declared as rolled: it goes
    assert [r.line for r in table.store.actions(gid)][1]["dice"] == [3, 1]


def test_a_kuriki_called_on_the_dice_under_the_cup_is_refused_with_why(tmp_path: Path) -> None:
    # The phone's Kuriki button on a camera table: refused with "that call cannot be made with
    # the dice under the cup", which left the player guessing. The words must not depend on the
    # dice (the same whatever lies under the cup), and a 1-2 is declared by the camera itself.
    messages = set()
    for dice in ([6, 3], [5, 5], [1, 1], [2, 3]):
        table, _ = make(tmp_path / f"{dice[0]}{dice[1]}", camera=True)
        table.start_game({"game": "kuriki", "players": ["Ann", "Bob"]})
        table.seal(dice, None)
        for call in ("kuriki", "1-2"):
            with pytest.raises(IllegalAction) as refused:
                table.act({"by": "Ann", "do": "declare", "call": call})
            messages.add(str(refused.value))
        state = table.act({"by": "Ann", "do": "declare", "call": "9"})   # the roll is still there
        assert state["call"] == "9"
    assert len(messages) == 1
    message = messages.pop()
    assert "shown, not called" in message and "camera" in message
    # Other calls refused on the dice under the cup keep the plain refusal.
    table, _ = make(tmp_path / "other", camera=True)
    table.start_game({"game": "kuriki", "players": ["Ann", "Bob", "Cy"]})
    table.seal([6, 3], None)
    table.act({"by": "Ann", "do": "declare", "call": "9"})
    table.seal([4, 4], None)                     # Bob takes the cup and rolls
    with pytest.raises(IllegalAction) as refused:
        table.act({"by": "Bob", "do": "declare", "call": "8"})    # below the point
    assert "shown, not called" not in str(refused.value)


def test_the_wall_says_dice_are_sealed_only_while_they_are_hidden_under_the_cup(tmp_path: Path) -> None:
    # After the pull the dice are shown: the wall said "dice sealed under the cup" over "Fresh
    # roll" until a new roll was read, and the Roller's Declare was then refused.
    table, _ = make(tmp_path, camera=True)
    table.start_game({"game": "mia", "players": ["Ann", "Bob", "Cy"]})
    table.seal([6, 5], None)
    assert table.public_state()["sealed"] is True
    table.act({"by": "Ann", "do": "declare", "call": "65"})
    assert table.public_state()["sealed"] is True                 # declared, still under the cup
    table.act({"by": "Bob", "do": "declare", "call": "66"})       # a blind raise on the same dice
    assert table.public_state()["sealed"] is True
    state = table.act({"by": "Cy", "do": "pull"})
    assert state["verdict"]["dice"] == [6, 5] and state["sealed"] is False
    assert table.undo()["sealed"] is True                         # the pull taken back: hidden again
    table.act({"by": "Cy", "do": "pull"})
    table.seal([3, 1], None)                                      # the next roll settles
    assert table.public_state()["sealed"] is True


def test_the_state_says_whether_the_dice_have_settled_under_the_cup_and_never_which(tmp_path: Path) -> None:
    # A call tapped before the dice settled was refused, and the phone could not know beforehand:
    # the state now says it (a yes or no), so the phone holds the call.
    table, _ = make(tmp_path, camera=True)
    table.start_game({"game": "kuriki", "players": ["Ann", "Bob", "Cy"]})
    assert table.public_state()["dice_settled"] is False
    with pytest.raises(DiceNotSettled, match=NOT_SETTLED):       # the guard stays
        table.act({"by": "Ann", "do": "declare", "call": "9"})
    table.seal([6, 3], None)
    state = table.public_state()
    assert state["dice_settled"] is True
    text = json.dumps(state)
    assert "[6, 3]" not in text and "[3, 6]" not in text and '"dice": [' not in text
    state = table.act({"by": "Ann", "do": "declare", "call": "9"})
    assert state["dice_settled"] is False                         # Bob has not rolled yet
    table.undo()
    assert table.public_state()["dice_settled"] is True           # the declare undone: the seal is back
    table.unseal()
    assert table.public_state()["dice_settled"] is False
    plain, _ = make(tmp_path / "plain", camera=False)
    plain.start_game({"game": "kuriki", "players": ["Ann", "Bob"]})
    assert "dice_settled" not in plain.public_state()             # no camera: the phone enters the dice


def test_a_foul_charged_while_declared_dice_wait_for_the_pull_leaves_them_sealed(tmp_path: Path) -> None:
    table, _ = make(tmp_path, camera=True)
    table.start_game(KURIKI)
    table.seal([4, 4], None)
    table.act({"by": "Ann", "do": "declare", "call": "walnuts"})
    assert table.act({"by": "Cy", "do": "foul", "kind": "peek"})["sealed"] is True
    assert table.act({"by": "Bob", "do": "pull"})["sealed"] is False


def test_camera_status_dial_and_note_are_public_and_published(tmp_path: Path) -> None:
    table, bus = make(tmp_path, camera=True)
    table.set_camera_status("lost", "the camera is unplugged")
    table.set_dial("walnuts")
    table.note("the dice moved after sealing")
    state = table.public_state()
    assert state["device"] == {"camera": "lost", "message": "the camera is unplugged"}
    assert state["dial"] == "walnuts" and state["note"] == "the dice moved after sealing"
    assert bus.kinds() == ["state", "state", "state"]
    table.set_dial("walnuts")                 # no change, no event
    assert len(bus.seen) == 3
    with pytest.raises(ValueError):
        table.set_camera_status("broken")


def test_preview_is_pin_side_only_and_never_during_a_live_point(tmp_path: Path) -> None:
    table, _ = make(tmp_path, camera=True)
    with pytest.raises(NotFound):
        table.preview()
    table.set_preview_source(lambda: b"frame")
    assert table.preview() == b"frame"        # before a game
    table.start_game(KURIKI)
    with pytest.raises(Secret):
        table.preview()                       # nothing sealed yet: the cup may already be down
    table.seal([3, 3], None)
    with pytest.raises(Secret):
        table.preview()
    table.unseal()
    with pytest.raises(Secret) as info:
        table.preview()
    assert str(info.value) == PREVIEW_REFUSAL


def test_no_preview_in_a_cup_game_when_the_reader_sealed_nothing(tmp_path: Path) -> None:
    # The reader could not read the roll (unsure): nothing is sealed, yet the dice lie under the
    # cup where the camera sees them.
    table, _ = make(tmp_path, camera=True)
    table.set_preview_source(lambda: b"frame")
    for game in ("kuriki", "mia", "deceit"):
        table.start_game({"game": game, "players": ["Ann", "Bob"]}, replace=True)
        assert not table.sealed
        with pytest.raises(Secret) as info:
            table.preview()
        assert "cup" in str(info.value)


def test_every_game_is_either_played_under_a_cup_or_rolled_openly() -> None:
    # A new game must choose: a game missing from UNDER_CUP_GAMES would show its hidden dice.
    assert set(GAMES) - set(UNDER_CUP_GAMES) == {"farkel"}
    assert set(UNDER_CUP_GAMES) == set(CUP_GAMES) | set(HIDDEN_HANDS_GAMES)


def test_a_farkel_game_in_play_has_a_preview(tmp_path: Path) -> None:
    # Farkel is rolled openly on the tray: the camera shows nothing the players cannot see.
    table, _ = make(tmp_path, camera=True)
    table.set_preview_source(lambda: b"frame")
    table.start_game({"game": "farkel", "players": ["Ann", "Bob"]})
    assert not table.public_state()["over"] and table.preview() == b"frame"


def test_a_finished_cup_game_has_a_preview_again(tmp_path: Path) -> None:
    table, _ = make(tmp_path, camera=True)
    table.set_preview_source(lambda: b"frame")
    table.start_game({"game": "kuriki", "players": ["Ann", "Bob"], "options": {"lives": 1}})
    table.seal([6, 3], None)
    table.act({"by": "Ann", "do": "declare", "call": "walnuts"})
    with pytest.raises(Secret):
        table.preview()
    table.act({"by": "Bob", "do": "pull"})
    assert table.public_state()["over"] and table.preview() == b"frame"


LIARS = {"game": "liars", "players": ["Ann", "Bob"], "options": {"lives": 1}}
HANDS = {"Ann": [6, 3, 3, 3, 2], "Bob": [5, 5, 4, 1, 1]}


def test_a_farkel_roll_from_the_phone_on_a_camera_table_is_not_told_about_a_cup(tmp_path: Path) -> None:
    # Farkel is rolled openly on the tray, and the camera sends the roll itself.
    table, _ = make(tmp_path, camera=True)
    table.start_game({"game": "farkel", "players": ["Ann", "Bob"]})
    with pytest.raises(IllegalAction) as info:
        table.act({"by": "Ann", "do": "roll"})
    assert "cup" not in str(info.value)
    assert str(info.value) == "the dice have not settled on the tray yet: the camera sends the roll once they do"


def test_no_preview_while_a_liars_dice_round_is_played(tmp_path: Path) -> None:
    # Every hand lies under its cup on the tray the whole round: nothing is ever sealed, yet the
    # camera sees them all.
    table, _ = make(tmp_path, camera=True)
    table.set_preview_source(lambda: b"frame")
    table.start_game(LIARS)
    with pytest.raises(Secret):
        table.preview()
    table.act({"by": "Ann", "do": "call", "count": 4, "face": 3})
    with pytest.raises(Secret):
        table.preview()
    table.act({"by": "Bob", "do": "open", "hands": HANDS}, from_device=True)
    assert table.public_state()["over"] and table.preview() == b"frame"


def test_a_liars_open_from_the_web_on_a_camera_table_reads_the_hands_from_the_camera(
        tmp_path: Path) -> None:
    table, _ = make(tmp_path, camera=True)
    table.start_game(LIARS)
    table.act({"by": "Ann", "do": "call", "count": 4, "face": 3})
    with pytest.raises(IllegalAction, match="the hands cannot be read"):
        table.act({"by": "Bob", "do": "open"})          # no camera reading to take them from
    table.set_hands_source(lambda: None)
    with pytest.raises(IllegalAction, match="the hands cannot be read"):
        table.act({"by": "Bob", "do": "open"})
    assert table.public_state()["call"] == "four 3s"
    table.set_hands_source(lambda: {name: list(hand) for name, hand in HANDS.items()})
    verdict = table.act({"by": "Bob", "do": "open"})["verdict"]
    assert verdict["hands"] == HANDS and verdict["outcome"] == "truth"
    assert json.loads(table.record(table.game_id).splitlines()[-1])["hands"] == HANDS


def test_photos_beyond_the_limit_are_evicted_oldest_first(tmp_path: Path, fake_game: str) -> None:
    table, _ = make(tmp_path, camera=True, limit=2500)
    table.start_game(fake(lives=9))
    urls = []
    for i in range(4):
        table.seal([6, 6], bytes([i]) * 1000)
        who = table.public_state()["to_act"]
        table.act({"by": who, "do": "declare", "call": "12"})
        nxt = table.public_state()["to_act"]
        urls.append(table.act({"by": nxt, "do": "pull"})["verdict"]["photo"])
    assert table.store.photos_total() <= 2500
    with pytest.raises(NotFound):
        table.photo(urls[0].rsplit("/", 1)[1])
    assert table.photo(urls[-1].rsplit("/", 1)[1]) == bytes([3]) * 1000


def test_a_failed_write_is_refused_and_nothing_changes(tmp_path: Path, fake_game: str,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    table, bus = make(tmp_path, camera=False)
    table.start_game(fake())
    before = table.public_state()
    n_events = len(bus.seen)

    def broken(*a: Any, **k: Any) -> int:
        raise StoreError("disk I/O error")

    monkeypatch.setattr(table.store, "append_action", broken)
    with pytest.raises(StorageFailed, match="did not count"):
        table.act({"by": "Ann", "do": "declare", "call": "9", "dice": [6, 3]})
    assert table.public_state() == before
    assert len(bus.seen) == n_events


def test_concurrent_actions_are_serialised(tmp_path: Path, fake_game: str) -> None:
    table, _ = make(tmp_path, camera=False)
    gid = table.start_game(fake(["Ann", "Bob", "Cy", "Dee"]))

    def fouls(name: str) -> None:
        for _ in range(15):
            table.act({"by": name, "do": "foul", "kind": "peek"})

    threads = [threading.Thread(target=fouls, args=(n,)) for n in ("Ann", "Bob", "Cy", "Dee")]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(table.session.log) == 60
    assert [r.line for r in table.store.actions(gid)] == table.session.log


# -- statistics ------------------------------------------------------------------------------

def test_stats_from_verdicts(tmp_path: Path, fake_game: str) -> None:
    table, _ = make(tmp_path, camera=False)
    table.start_game(fake(["Ann", "Bob", "Cy"], lives=2))
    # Ann lies (12 on 1-3), Bob passes (hate mail on its way), Cy pulls: Bob pays.
    table.act({"by": "Ann", "do": "declare", "call": "12", "dice": [1, 3]})
    table.act({"by": "Bob", "do": "pass"})
    table.act({"by": "Cy", "do": "pull"})
    # Cy (rolls next) tells the truth; Ann pulls wrongly.
    table.act({"by": "Cy", "do": "declare", "call": "7", "dice": [5, 4]})
    table.act({"by": "Ann", "do": "pull"})
    # Cy keeps rolling: a Kuriki; Ann (next) loses her last life.
    table.act({"by": "Cy", "do": "declare", "call": "kuriki", "dice": [1, 2]})
    # Cy lies, Ann is out so Bob pulls and catches it; Cy loses, Bob rolls.
    table.act({"by": "Cy", "do": "declare", "call": "11", "dice": [2, 2]})
    table.act({"by": "Bob", "do": "pull"})
    table.act({"by": "Bob", "do": "declare", "call": "5", "dice": [4, 4]})
    table.act({"by": "Cy", "do": "pull"})        # true: Cy out, Bob wins
    stats = {p["name"]: p for p in table.stats()["players"]}
    assert stats["Ann"] == {"name": "Ann", "games": 1, "wins": 0, "lies_told": 1, "lies_caught": 0,
                            "wrong_pulls": 1, "kurikis": 0, "hate_mail": 1}
    assert stats["Bob"]["wins"] == 1 and stats["Bob"]["lies_caught"] == 1
    assert stats["Cy"]["kurikis"] == 1 and stats["Cy"]["lies_told"] == 1
    assert stats["Cy"]["lies_caught"] == 1 and stats["Cy"]["wrong_pulls"] == 1
    # A second game adds up; undo takes a verdict back out.
    table.start_game(fake(["Ann", "Bob"]))
    table.act({"by": "Ann", "do": "declare", "call": "12", "dice": [1, 3]})
    table.act({"by": "Bob", "do": "pull"})
    table.undo()
    stats = {p["name"]: p for p in table.stats()["players"]}
    assert stats["Ann"]["games"] == 2 and stats["Ann"]["lies_told"] == 1
    assert stats["Bob"]["lies_caught"] == 1


def test_game_stats_of_a_real_kuriki_record() -> None:
    header = {"game": "kuriki", "players": ["Ann", "Bob", "Cy"]}
    lines = [
        {"by": "Ann", "do": "declare", "call": "boxcars", "dice": [3, 1]},
        {"by": "Bob", "do": "pass"},
        {"by": "Cy", "do": "pull"},
        {"by": "Cy", "do": "declare", "call": "kuriki", "dice": [1, 2]},
    ]
    stats = game_stats(header, lines)
    assert stats["Ann"]["lies_told"] == 1 and stats["Ann"]["hate_mail"] == 1
    assert stats["Cy"]["lies_caught"] == 1 and stats["Cy"]["kurikis"] == 1
    assert stats["Bob"]["lies_told"] == 0


def test_a_team_win_credits_every_partner_and_nobody_else(tmp_path: Path) -> None:
    # The winner of a partners game is "Ann & Cy", no player's name: nobody was credited.
    header = {"game": "farkel", "players": ["Ann", "Bob", "Cy", "Dee"],
              "options": {"partners": [["Ann", "Cy"], ["Bob", "Dee"]], "target": 1000, "entry": 0}}
    lines = []
    for by, dice, keep in [("Ann", [1, 1, 1, 1, 2, 3], [1, 1, 1, 1]), ("Bob", [5, 2, 3, 4, 6, 6], [5]),
                           ("Dee", [5, 2, 3, 4, 6, 6], [5])]:
        lines += [{"by": by, "do": "roll", "dice": dice}, {"by": by, "do": "keep", "dice": keep},
                  {"by": by, "do": "bank"}]
    # Ann's 1,000 starts the final round: Bob and Dee get one more turn each, Cy none.
    stats = game_stats(header, lines)
    assert {n: s["wins"] for n, s in stats.items()} == {"Ann": 1, "Bob": 0, "Cy": 1, "Dee": 0}
    table, _ = make(tmp_path, camera=False)
    table.start_game(header)
    for line in lines:
        table.act(line)
    assert table.public_state()["over"]
    wins = {p["name"]: p["wins"] for p in table.stats()["players"]}
    assert wins == {"Ann": 1, "Bob": 0, "Cy": 1, "Dee": 0}


# -- hidden dice never leak ----------------------------------------------------------------------

def _leak_patterns(dice: list[int]) -> list[str]:
    a, b = dice
    return [json.dumps(dice), json.dumps(dice[::-1]), f"{a}-{b}", f"{b}-{a}", f"{a}, {b}", f"{b}, {a}"]


def test_sealed_dice_never_leak_before_the_pull(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.DEBUG)
    table, bus = make(tmp_path, camera=True)
    sub = table.events.subscribe()
    table.start_game(KURIKI)
    sealed = [6, 3]
    public: list[str] = []

    def look(obj: Any) -> None:
        public.append(json.dumps(obj) if not isinstance(obj, str) else obj)

    table.seal(sealed, b"photo-of-the-dice")
    look(table.public_state())
    # Wrong calls that the engine would explain with the dice: the message must not tell.
    for call in ("kuriki", "1-2"):
        try:
            table.act({"by": "Ann", "do": "declare", "call": call})
        except IllegalAction as exc:
            look(str(exc))
    look(table.act({"by": "Ann", "do": "declare", "call": "walnuts"}))
    look(table.act({"by": "Bob", "do": "pass"}))
    for bad in ({"by": "Bob", "do": "pass"}, {"by": "Ann", "do": "pull"}):
        try:
            table.act(bad)
        except (IllegalAction, RecordError) as exc:
            look(str(exc))
    look(table.games())
    look(table.stats())
    for fn in (lambda: table.record(table.game_id), table.preview,
               lambda: table.photo(table.store.seal().photo_id)):
        try:
            look(fn())
        except (Secret, NotFound) as exc:
            look(str(exc))
    while (event := sub.get(timeout=0)) is not None:
        look({"kind": event.kind, "data": event.data})
    look(caplog.text)
    text = "\n".join(public)
    for pattern in _leak_patterns(sealed):
        assert pattern not in text, f"the hidden dice leaked as {pattern!r}"
    assert "photo-of-the-dice" not in text
    assert KURIKI_SHOWN in text          # the dice-dependent refusal was replaced
    assert '"kind": "state"' in text and "double-4" in text     # the check saw real output
    # After the pull the dice are public, in the verdict.
    state = table.act({"by": "Cy", "do": "pull"})
    assert state["verdict"]["dice"] == sealed


def test_a_log_that_no_longer_replays_is_kept_and_reported_without_dice(tmp_path: Path) -> None:
    store = Store(tmp_path)
    gid = store.new_game({"game": "kuriki", "players": ["Ann", "Bob"]})
    store.append_action(gid, {"by": "Ann", "do": "declare", "call": "walnuts", "dice": [6, 3]})
    store.append_action(gid, {"by": "Ann", "do": "declare", "call": "kuriki", "dice": [6, 3]})
    table = Table(store, EventBus(), has_camera=False)
    state = table.public_state()
    assert state["game"] is None and f"game {gid} could not be resumed" in state["note"]
    assert "6-3" not in json.dumps(state) and "[6, 3]" not in json.dumps(state)
    assert len(store.actions(gid)) == 2 and store.game(gid).status == "live"   # nothing lost
    assert table.record_including_live(gid).count("\n") == 3


@pytest.mark.parametrize("damage", ["line", "rules"])
def test_a_new_game_over_an_unfinished_game_that_could_not_be_resumed_needs_replace(
        tmp_path: Path, damage: str) -> None:
    """The unfinished game that could not be resumed at startup was no game in play, so a new
    game abandoned it unasked; a restart after a fix (a damaged line mended, the engine's bug
    gone) could have resumed it. It now needs the replace a game in play needs."""
    store = Store(tmp_path)
    gid = store.new_game(KURIKI)
    store.append_action(gid, {"by": "Ann", "do": "declare", "call": "walnuts", "dice": [6, 3]})
    if damage == "line":        # the store cannot read it (StoreError)
        _damage(store, "UPDATE actions SET line = ? WHERE game_id = ? AND seq = 1", '{"by": "A',
                int(gid))
    else:                       # the rules refuse it now (EngineError)
        store.append_action(gid, {"by": "Ann", "do": "declare", "call": "kuriki", "dice": [6, 3]})
    bus = RecordingBus()
    table = Table(store, bus, has_camera=False)
    before, published, record = table.public_state(), len(bus.seen), table.record_including_live(gid)
    assert before["game"] is None and before["unresumed"] == gid
    mia = {"game": "mia", "players": ["Dee", "Eve"]}
    with pytest.raises(GameInPlay) as info:
        table.start_game(mia)
    assert str(info.value) == (f"the unfinished game {gid} could not be resumed: a new game would "
                               f"end it for good (its record is kept: `dicetable export {gid} "
                               "--include-live` at the device). To end it and start, confirm (the "
                               "API: POST /api/games?replace=1)")
    assert "6" not in str(info.value).replace(gid, "")      # no dice of its own
    assert table.public_state() == before and len(bus.seen) == published
    assert [(g["id"], g["status"]) for g in table.games()] == [(gid, "live")]
    second = table.start_game(mia, replace=True)
    assert [(g["id"], g["status"]) for g in table.games()] == [(second, "live"), (gid, "abandoned")]
    state = table.public_state()
    assert state["game"] == "mia" and state["unresumed"] is None and state["note"] is None
    assert table.record_including_live(gid) == record        # kept as it was
    table.act({"by": "Dee", "do": "declare", "call": "31", "dice": [3, 1]})
    third = table.start_game(KURIKI, replace=True)           # a game in play, as before
    assert table.public_state()["game_id"] == third


def _damage(store: Store, sql: str, *args: Any) -> None:
    """Write into the database behind the store's back (a bad sector, a hand edit)."""
    import sqlite3
    db = sqlite3.connect(store.path)
    db.execute(sql, args)
    db.commit()
    db.close()


def _kuriki_with_line_3_stored_as(tmp_path: Path, text: str) -> tuple[Store, str]:
    """A Kuriki game of three actions stored, its second action's line (the record's line 3)
    then overwritten with ``text`` in the database, as a damaged disk would leave it."""
    store = Store(tmp_path)
    gid = store.new_game(KURIKI)
    store.append_action(gid, {"by": "Ann", "do": "declare", "call": "walnuts", "dice": [4, 4]})
    store.append_action(gid, {"by": "Bob", "do": "pass"})
    store.append_action(gid, {"by": "Cy", "do": "pull"})
    _damage(store, "UPDATE actions SET line = ? WHERE game_id = ? AND seq = 2", text, int(gid))
    return store, gid


@pytest.mark.parametrize("text", ['{"by": "Bob", "do": "pu', "[1, 2]", "", "\x00\xff garbage"])
def test_a_damaged_stored_line_is_reported_by_its_number_and_the_rest_kept(tmp_path: Path,
                                                                           text: str) -> None:
    store, gid = _kuriki_with_line_3_stored_as(tmp_path, text)
    table = Table(store, EventBus(), has_camera=False)      # starts: the table is not bricked
    state = table.public_state()
    assert state["game"] is None
    assert f"game {gid} could not be resumed" in state["note"] and "line 3" in state["note"]
    assert "4, 4" not in state["note"]
    assert store.game(gid).status == "live" and table.games()[0]["actions"] == 3
    assert table.stats() == {"players": []}                 # left out, not a crash
    # Every whole line is exported as it was stored; the damaged one as it is.
    lines = table.record_including_live(gid).split("\n")
    assert json.loads(lines[0]) == KURIKI and json.loads(lines[1])["call"] == "walnuts"
    assert lines[2] == text and json.loads(lines[3]) == {"by": "Cy", "do": "pull"}
    # A new game can be played, once asked to end the unfinished one (its record is kept).
    table.start_game(KURIKI, replace=True)
    assert table.public_state()["to_act"] == "Ann"
    assert store.game(gid).status == "abandoned" and table.record_including_live(gid).split("\n")[2] == text


@pytest.mark.parametrize("text", ['{"by": "Bob", "do": "pu\nll"}', '{"by": "Bob",\r\n"do": "pu',
                                  '\n', '{"by": "Bob",\r"do": "pass"}'])
def test_a_stored_line_with_a_line_break_is_exported_on_one_line(tmp_path: Path, text: str) -> None:
    from engine.errors import LineError
    from engine.record import replay

    store, gid = _kuriki_with_line_3_stored_as(tmp_path, text)
    table = Table(store, EventBus(), has_camera=False)
    exported = tmp_path / "record.jsonl"
    exported.write_text(table.record_including_live(gid), encoding="utf-8")
    with open(exported, encoding="utf-8-sig") as fh:        # as `dicetable replay` reads it
        lines = fh.read().splitlines()
    assert len(lines) == 4 and json.loads(lines[3]) == {"by": "Cy", "do": "pull"}
    if text == '{"by": "Bob",\r"do": "pass"}':             # valid JSON: the same action, replayed
        assert json.loads(lines[2]) == {"by": "Bob", "do": "pass"}
        with open(exported, encoding="utf-8-sig") as fh:
            assert replay(fh).log == [json.loads(line) for line in lines[1:]]
        return
    # Damaged: the table says which line, and `dicetable replay` names the same one.
    assert "line 3" in table.public_state()["note"]
    with open(exported, encoding="utf-8-sig") as fh, pytest.raises(LineError) as info:
        replay(fh)
    assert info.value.line == 3


def test_a_damaged_stored_header_does_not_stop_the_table(tmp_path: Path) -> None:
    store = Store(tmp_path)
    gid = store.new_game(KURIKI)
    store.append_action(gid, {"by": "Ann", "do": "declare", "call": "walnuts", "dice": [4, 4]})
    _damage(store, "UPDATE games SET header = ? WHERE id = ?", '{"game": "kur', int(gid))
    table = Table(store, EventBus(), has_camera=False)
    assert f"game {gid} could not be resumed" in table.public_state()["note"]
    assert table.games()[0]["id"] == gid and table.stats() == {"players": []}
    assert table.record_including_live(gid).split("\n")[0] == '{"game": "kur'


def test_a_refused_device_action_leaves_no_photo_behind(tmp_path: Path, fake_game: str) -> None:
    table, _ = make(tmp_path, camera=True)
    table.start_game(fake())
    with pytest.raises(IllegalAction):
        table.act({"by": "Bob", "do": "declare", "call": "kuriki", "dice": [2, 1]},
                  from_device=True, photo=b"not-Bobs-turn")
    assert table.store.photos_total() == 0
    assert list(table.store.photo_dir.iterdir()) == []


@pytest.mark.parametrize("game", ["mia", "deceit"])
def test_sealed_dice_never_leak_in_the_other_cup_games(tmp_path: Path, game: str,
                                                       caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.DEBUG)
    table, _ = make(tmp_path, camera=True)
    sub = table.events.subscribe()
    table.start_game({"game": game, "players": ["Ann", "Bob", "Cy"]})
    sealed = [6, 3]
    table.seal(sealed, b"photo-of-the-dice")
    outputs: list[Any] = [table.public_state()]
    declares = [a for a in table.public_state()["legal"] if a["do"] == "declare"
                and a["call"] not in ("63", "36", "21", "11")]
    outputs.append(table.act(dict(declares[0])))            # a lie, on the sealed dice
    for attempt in table.public_state()["legal"]:            # everything the next player could try
        if attempt["do"] == "pull":
            continue
        try:
            outputs.append(table.act(dict(attempt)))
            table.undo()
        except (IllegalAction, RecordError) as exc:
            outputs.append(str(exc))
    outputs += [table.games(), table.stats()]
    while (event := sub.get(timeout=0)) is not None:
        outputs.append({"kind": event.kind, "data": event.data})
    outputs.append(caplog.text)
    text = "\n".join(o if isinstance(o, str) else json.dumps(o) for o in outputs)
    for pattern in _leak_patterns(sealed):
        assert pattern not in text, f"the hidden dice leaked as {pattern!r}"
    assert "photo-of-the-dice" not in text
    puller = table.public_state()["to_act"]
    verdict = table.act({"by": puller, "do": "pull"})["verdict"]
    assert sorted(verdict["dice"]) == [3, 6]


def test_with_the_camera_lost_a_mia_declare_is_not_taken_for_a_blind_raise(tmp_path: Path) -> None:
    # Nobody can tell whether Bob rolled: as a blind raise he would answer for his call against
    # Ann's dice, perhaps rolled away.
    table, _ = make(tmp_path, camera=True)
    table.start_game({"game": "mia", "players": ["Ann", "Bob", "Cy"]})
    table.seal([5, 4], None)
    table.act({"by": "Ann", "do": "declare", "call": "54"})
    table.set_camera_status("lost", "Camera lost — check the cable. Retrying…")
    with pytest.raises(IllegalAction, match="the camera cannot see the tray"):
        table.act({"by": "Bob", "do": "declare", "call": "61"})
    table.set_camera_status("ok")
    assert table.act({"by": "Bob", "do": "declare", "call": "61"})["blind"] is True


def test_a_mia_call_with_no_dice_settled_is_refused_at_a_camera_table(tmp_path: Path) -> None:
    # The phone's declare before the camera saw the roll settle under the cup went into the record
    # without dice (read as a blind raise, which a round's first call cannot be), and the next
    # pull was refused asking for the "dice" that only the camera may bring.
    table, _ = make(tmp_path, camera=True)
    gid = table.start_game({"game": "mia", "players": ["Ann", "Bob", "Cy"]})
    for action in ({"by": "Ann", "do": "declare", "call": "31"},
                   {"by": "Ann", "do": "declare", "call": "31", "blind": False}):
        with pytest.raises(IllegalAction) as refused:
            table.act(action)
        assert str(refused.value) == NOT_SETTLED
    assert table.store.actions(gid) == [] and table.public_state()["call"] is None
    table.seal([4, 2], None)
    table.act({"by": "Ann", "do": "declare", "call": "31"})
    # A call stands: a declare with no new roll is a blind raise, as before, unless it says it
    # was rolled ("blind": false), when there are no dice for it either.
    with pytest.raises(IllegalAction, match=f"^{NOT_SETTLED}$"):
        table.act({"by": "Bob", "do": "declare", "call": "32", "blind": False})
    assert table.act({"by": "Bob", "do": "declare", "call": "32"})["blind"] is True
    verdict = table.act({"by": "Cy", "do": "pull"})["verdict"]
    assert verdict["outcome"] == "truth" and verdict["dice"] == [4, 2]
    # The next round's first call waits for its own roll: the last one was shown at the pull.
    to_act = table.public_state()["to_act"]
    with pytest.raises(IllegalAction, match=f"^{NOT_SETTLED}$"):
        table.act({"by": to_act, "do": "declare", "call": "31"})
    assert len(table.store.actions(gid)) == 3


def test_a_call_with_no_dice_settled_keeps_the_reason_the_dice_cannot_be_read(tmp_path: Path) -> None:
    # Unreadable under the cup, or the camera lost: the refusal says so, not "not settled yet".
    table, _ = make(tmp_path, camera=True)
    table.start_game({"game": "mia", "players": ["Ann", "Bob"]})
    table.dice_unreadable(True)
    with pytest.raises(IllegalAction, match="^the camera cannot read the dice: show them again$"):
        table.act({"by": "Ann", "do": "declare", "call": "31"})
    table.dice_unreadable(False)
    table.set_camera_status("lost", "Camera lost — check the cable. Retrying…")
    with pytest.raises(IllegalAction, match="the camera cannot see the tray"):
        table.act({"by": "Ann", "do": "declare", "call": "31"})
    table.set_camera_status("ok")
    table.seal([3, 1], None)
    assert table.act({"by": "Ann", "do": "declare", "call": "31"})["call"] == "31"


@pytest.mark.parametrize("game, call", [("kuriki", "9"), ("deceit", "31")])
def test_kuriki_and_deceit_calls_with_no_dice_settled_are_refused_too(tmp_path: Path, game: str,
                                                                      call: str) -> None:
    table, _ = make(tmp_path, camera=True)
    gid = table.start_game({"game": game, "players": ["Ann", "Bob", "Cy"]})
    for action in ({"by": "Ann", "do": "declare", "call": call},
                   {"by": "Ann", "do": "declare", "call": call, "blind": False}):
        with pytest.raises(IllegalAction) as refused:
            table.act(action)
        assert str(refused.value) == NOT_SETTLED
    assert table.store.actions(gid) == []
