"""Buttons and dial to table actions: real gpiozero devices on MockFactory pins, the real table."""

from __future__ import annotations

import threading

import pytest
from gpiozero.pins.mock import MockFactory

from device.console import Console, label_of
from device.controls import ControlPanel, KeyboardControls
from device.events import EventBus
from device.store import Store
from device.table import Table


@pytest.fixture
def table(camera_table: Table) -> Table:
    return camera_table


@pytest.fixture
def rig(table):
    factory = MockFactory()
    panel = ControlPanel(pin_factory=factory, hold_time=0.05)
    console = Console(table).attach(panel)
    yield table, console, factory
    panel.close()
    factory.reset()


def tap(factory, pin: int) -> None:
    factory.pin(pin).drive_low()
    factory.pin(pin).drive_high()


def turn(factory, clicks: int) -> None:
    first, second = (factory.pin(5), factory.pin(6)) if clicks > 0 else (factory.pin(6), factory.pin(5))
    for _ in range(abs(clicks)):
        first.drive_low()
        second.drive_low()
        first.drive_high()
        second.drive_high()


DECLARE, PASS, PULL, DIAL = 17, 27, 22, 13


def test_the_dial_runs_through_the_legal_calls_lowest_first(rig) -> None:
    table, console, factory = rig
    table.start_game({"game": "kuriki", "players": ["Ann", "Bob"]})
    console.refresh()
    assert table.public_state()["dial"] == "4"
    turn(factory, 3)
    assert table.public_state()["dial"] == "7"
    turn(factory, -4)                      # wraps round to the top call
    assert table.public_state()["dial"] == "kuriki"
    labels = [c.label for c in console.choices]
    assert labels[:3] == ["4", "5", "6"] and labels[-1] == "kuriki" and len(labels) == 15


def test_a_whole_point_with_buttons(rig) -> None:
    table, console, factory = rig
    table.start_game({"game": "kuriki", "players": ["Ann", "Bob", "Cy"]})
    tap(factory, DECLARE)
    assert table.public_state()["note"] == "the dice have not settled under the cup yet"
    table.seal([5, 4], None)
    turn(factory, 5)                       # 4 -> 9
    tap(factory, DECLARE)
    state = table.public_state()
    assert state["call"] == "9" and state["to_act"] == "Bob" and state["dial"] == "9"
    tap(factory, PASS)
    assert table.public_state()["answers"] == "Bob"
    tap(factory, PULL)
    verdict = table.public_state()["verdict"]
    assert verdict["outcome"] == "truth" and verdict["challenger"] == "Cy" and verdict["dice"] == [5, 4]


def test_holding_a_button_undoes_the_last_action(rig) -> None:
    table, console, factory = rig
    table.start_game({"game": "kuriki", "players": ["Ann", "Bob"]})
    table.seal([3, 3], None)
    tap(factory, DECLARE)
    assert table.public_state()["call"] == "4"
    done = threading.Event()
    table_undo = table.undo

    def undo(*args, **kwargs):
        try:
            return table_undo(*args, **kwargs)
        finally:
            done.set()

    table.undo = undo
    factory.pin(PULL).drive_low()
    assert done.wait(5)
    factory.pin(PULL).drive_high()
    state = table.public_state()
    assert state["call"] is None and state["to_act"] == "Ann" and state["sealed"]
    assert table.session.log[-1] == {"do": "undo"}


def test_declare_and_pull_pressed_together_do_nothing_and_say_so(rig) -> None:
    table, console, factory = rig
    table.start_game({"game": "kuriki", "players": ["Ann", "Bob", "Cy"]})
    table.seal([5, 4], None)
    factory.pin(DECLARE).drive_low()
    factory.pin(PULL).drive_low()
    factory.pin(DECLARE).drive_high()
    factory.pin(PULL).drive_high()
    state = table.public_state()
    assert table.session.log == [] and state["to_act"] == "Ann" and state["sealed"]
    assert state["note"] == "two buttons at once: press one at a time"
    tap(factory, DECLARE)
    assert table.public_state()["call"] == "4"


def test_foul_mode_picks_a_player_and_a_foul(rig) -> None:
    table, console, factory = rig
    table.start_game({"game": "kuriki", "players": ["Ann", "Bob", "Cy"]})
    tap(factory, DIAL)
    assert console.mode == "foul-player" and table.public_state()["dial"] == "foul: Ann?"
    turn(factory, 2)
    assert table.public_state()["dial"] == "foul: Cy?"
    tap(factory, DIAL)
    assert table.public_state()["dial"] == "Cy: peek"
    turn(factory, -1)
    assert table.public_state()["dial"] == "Cy: rusk"
    # The dial (and the wall, which shows it) says the foul in words: a dropped die, as the
    # phone's list does, not the record's "dropped-die".
    turn(factory, -1)
    assert table.public_state()["dial"] == "Cy: dropped die"
    turn(factory, 1)
    assert table.public_state()["dial"] == "Cy: rusk"
    tap(factory, DECLARE)                  # Declare charges it too
    state = table.public_state()
    assert console.mode == "play" and state["verdict"]["outcome"] == "foul"
    assert state["players"][2]["fouls"] == 3 and state["players"][2]["lives"] == 4
    assert state["dial"] == "4"


def test_pass_leaves_foul_mode_without_charging(rig) -> None:
    table, console, factory = rig
    table.start_game({"game": "kuriki", "players": ["Ann", "Bob"]})
    tap(factory, DIAL)
    tap(factory, DIAL)
    tap(factory, PASS)
    state = table.public_state()
    assert console.mode == "play" and state["verdict"] is None and state["note"] == "foul cancelled"


def test_pull_while_a_foul_is_charged_says_what_to_do(rig) -> None:
    # Pull has no part in charging a foul: it used to do nothing at all, and the wall said nothing.
    table, console, factory = rig
    table.start_game({"game": "kuriki", "players": ["Ann", "Bob"]})
    tap(factory, DIAL)
    tap(factory, PULL)
    assert console.mode == "foul-player" and table.session.log == []
    assert table.public_state()["note"] == ("charging a foul: turn the dial to the player, then push "
                                            "the dial (or Declare) to go on; Pass cancels")
    tap(factory, DIAL)
    tap(factory, PULL)
    assert console.mode == "foul-kind" and table.session.log == []
    assert table.public_state()["note"] == ("charging a foul: turn the dial to the foul, then push the "
                                            "dial (or Declare) to charge it; Pass cancels")
    tap(factory, DIAL)                     # the advice holds: the foul is charged
    assert console.mode == "play" and table.public_state()["verdict"]["outcome"] == "foul"


@pytest.mark.parametrize("pin", [DIAL, DECLARE, PULL])
def test_a_foul_being_charged_when_the_game_ends_on_the_phone_says_the_game_is_over(rig, pin) -> None:
    # The push (or Declare) left foul mode without a word, and Pull told how to charge the foul.
    table, console, factory = rig
    table.start_game({"game": "kuriki", "players": ["Ann", "Bob"], "options": {"lives": 1}})
    table.seal([6, 3], None)
    tap(factory, DECLARE)                  # Ann: 4
    tap(factory, DIAL)
    assert console.mode == "foul-player"
    table.act({"by": "Bob", "do": "pull"})  # from the phone: Bob pulls a true call and is out
    assert table.public_state()["over"]
    tap(factory, pin)
    assert table.public_state()["note"] == "the game is over" and console.mode == "play"


def test_games_without_fouls_say_so(rig) -> None:
    table, console, factory = rig
    table.start_game({"game": "mia", "players": ["Ann", "Bob"]})
    tap(factory, DIAL)
    assert console.mode == "play" and table.public_state()["note"] == "this game has no fouls to charge"


def test_mia_pass_button_accepts(rig) -> None:
    table, console, factory = rig
    table.start_game({"game": "mia", "players": ["Ann", "Bob"]})
    table.seal([2, 1], None)
    labels = [c.label for c in console.choices]
    turn(factory, labels.index("21"))
    tap(factory, DECLARE)
    assert table.public_state()["call"] == "21"
    tap(factory, PASS)
    verdict = table.public_state()["verdict"]
    assert verdict["outcome"] == "accepted" and verdict["dice"] is None


def test_farkel_pass_banks_and_pull_is_not_used(rig) -> None:
    table, console, factory = rig
    table.start_game({"game": "farkel", "players": ["Ann", "Bob"], "options": {}})
    tap(factory, PULL)
    assert table.public_state()["note"] == "the Pull button is not used in this game"


@pytest.fixture
def phone_rig(tmp_path):
    """Buttons on a table without a camera (``--camera none``): the dice are entered on the phone."""
    store = Store(tmp_path / "data")
    table = Table(store, EventBus(), has_camera=False)
    factory = MockFactory()
    panel = ControlPanel(pin_factory=factory, hold_time=0.05)
    Console(table).attach(panel)
    yield table, factory
    panel.close()
    factory.reset()
    store.close()


@pytest.mark.parametrize("game, players, note", [
    ("kuriki", ["Ann", "Bob"], "nobody has seen the dice (no camera): pull from the phone, where the "
                               "dice are entered"),
    ("mia", ["Ann", "Bob"], "nobody has seen the dice (no camera): pull from the phone, where the "
                            "dice are entered"),
    ("deceit", ["Ann", "Bob"], "nobody has seen the dice (no camera): pull from the phone, where the "
                               "dice are entered"),
    ("liars", ["Ann", "Bob"], "nobody has seen the hands (no camera): open from the phone, where "
                              "every hand is entered"),
])
def test_without_a_camera_pull_says_to_pull_from_the_phone(phone_rig, game, players, note) -> None:
    # The rules' refusal asked for the pull's "dice" (the open's "hands") in the API's words.
    table, factory = phone_rig
    table.start_game({"game": game, "players": players})
    tap(factory, PULL)                     # nothing called yet: the rules' own reason stands
    assert table.public_state()["note"].startswith("there is no call to ")
    tap(factory, DECLARE)
    assert len(table.session.log) == 1
    tap(factory, PULL)
    state = table.public_state()
    assert state["note"] == note and state["verdict"] is None and len(table.session.log) == 1


def test_farkel_declare_with_nothing_to_keep_says_what_to_do(rig) -> None:
    # It said only "nothing to declare now": before a roll, and once the keeps were made.
    table, console, factory = rig
    table.start_game({"game": "farkel", "players": ["Ann", "Bob"],
                      "options": {"entry": 500, "high_stakes": True}})

    def rolls(*dice: int) -> None:         # as the referee sends a settled roll
        table.act({"by": table.public_state()["to_act"], "do": "roll", "dice": list(dice)},
                  from_device=True)

    tap(factory, DECLARE)
    assert table.public_state()["note"] == ("nothing to keep yet: Ann rolls 6 dice first (the camera "
                                            "sends the roll)")
    rolls(1, 2, 3, 4, 6, 6)
    tap(factory, DECLARE)                  # keeps the 1: 100, short of the entry's 500
    tap(factory, DECLARE)
    state = table.public_state()
    assert state["set_aside"] == [1] and state["note"] == "nothing left to keep: roll the 5 dice left"
    rolls(1, 1, 1, 5, 5)
    tap(factory, DECLARE)                  # keeps all five (400): hot dice, 500 this turn
    tap(factory, DECLARE)
    state = table.public_state()
    assert state["turn_total"] == 500 and state["phase"] == "kept"
    assert state["note"] == "every die is kept (hot dice): roll all 6 again, or press Pass to bank"
    rolls(1, 3, 3, 4, 6, 2)
    tap(factory, DECLARE)
    tap(factory, DECLARE)
    assert table.public_state()["note"] == ("nothing left to keep: roll the 5 dice left, or press "
                                            "Pass to bank")
    tap(factory, PASS)
    assert table.public_state()["players"][0]["score"] == 600
    tap(factory, DECLARE)                  # Bob may take over the five dice Ann left
    assert table.public_state()["note"] == ("nothing to keep yet: Bob rolls 6 dice first, or the 5 "
                                            "dice left for High Stakes (the camera sends the roll)")


def test_without_a_camera_a_kuriki_dialled_says_to_declare_it_from_the_phone(phone_rig) -> None:
    # The rules' refusal asked for the declare's "dice": [1, 2] in the API's words.
    table, factory = phone_rig
    table.start_game({"game": "kuriki", "players": ["Ann", "Bob"]})
    turn(factory, -1)                      # below the lowest call is the highest: kuriki
    assert table.public_state()["dial"] == "kuriki"
    tap(factory, DECLARE)
    state = table.public_state()
    assert state["note"] == ("nobody has seen the dice (no camera): a Kuriki is declared from the "
                             "phone, where the 1-2 shown is entered")
    assert table.session.log == [] and state["verdict"] is None


def test_without_a_camera_farkel_declare_before_a_roll_says_to_enter_it_on_the_phone(phone_rig) -> None:
    table, factory = phone_rig
    table.start_game({"game": "farkel", "players": ["Ann", "Bob"]})
    tap(factory, DECLARE)
    assert table.public_state()["note"] == ("nothing to keep yet: Ann rolls 6 dice first and enters "
                                            "the roll on the phone")


def _dial_to(console: Console, factory, label: str) -> None:
    labels = [c.label for c in console.choices]
    turn(factory, labels.index(label) - labels.index(console.dialled.label))
    assert console.dialled.label == label


@pytest.mark.parametrize("game, dice, call, note", [
    ("mia", [2, 1], "21", "nothing beats Mia: press Pass to accept it or Pull"),
    ("deceit", [1, 1], "11 → Cy", "Ann called 1-1 (11) on Cy: press Pass to accept it or Pull"),
])
def test_declare_when_only_accept_or_pull_is_left_names_those_buttons(rig, game, dice, call, note) -> None:
    # It said only "nothing to declare now" to the player a Mia (an 11) left no call to make.
    table, console, factory = rig
    table.start_game({"game": game, "players": ["Ann", "Bob", "Cy"]})
    table.seal(dice, None)
    _dial_to(console, factory, call)
    tap(factory, DECLARE)
    assert table.public_state()["call"] == call.split()[0]
    tap(factory, DECLARE)
    state = table.public_state()
    assert state["note"] == note and len(table.session.log) == 1
    tap(factory, PASS)
    assert table.public_state()["verdict"]["outcome"] == "accepted"


def test_liars_dice_declare_when_nothing_raises_the_call_says_to_open(rig) -> None:
    table, console, factory = rig
    table.start_game({"game": "liars", "players": ["Ann", "Bob"]})
    top = console.choices[-1].label
    _dial_to(console, factory, top)
    tap(factory, DECLARE)                  # the highest call there is: Bob can only open
    assert len(table.session.log) == 1 and console.choices == []
    tap(factory, DECLARE)
    assert table.public_state()["note"] == "nothing raises the call: press Pull to open every hand"
    assert len(table.session.log) == 1


def test_liars_dice_pull_before_any_call_does_not_ask_for_the_hands(rig) -> None:
    # The hands lie under their cups (unread): Pull before anybody called asked for every hand
    # to be spread on the tray, as if an open were due.
    table, console, factory = rig
    table.start_game({"game": "liars", "players": ["Ann", "Bob"]})
    tap(factory, PULL)
    assert table.public_state()["note"] == ("there is no call to open yet: Ann makes the first call "
                                            "with the dial and Declare")
    tap(factory, DECLARE)
    tap(factory, PULL)                     # now the open is due: the hands are asked for
    assert table.public_state()["note"] == ("the hands cannot be read: spread every hand on the tray "
                                            "and press again")
    assert len(table.session.log) == 1


def test_mia_s_first_call_waits_for_the_dice_to_settle(rig) -> None:
    # Declare before the dice settled under the cup was taken with no dice at all (the table's
    # blind raise, which a round's first call cannot be), and the pull then asked for "dice".
    table, console, factory = rig
    table.start_game({"game": "mia", "players": ["Ann", "Bob"]})
    tap(factory, DECLARE)
    state = table.public_state()
    assert state["note"] == "the dice have not settled under the cup yet"
    assert table.session.log == [] and state["call"] is None
    table.seal([4, 2], None)
    tap(factory, DECLARE)
    assert table.public_state()["call"] == "31"
    tap(factory, PULL)
    verdict = table.public_state()["verdict"]
    assert verdict["outcome"] == "truth" and verdict["dice"] == [4, 2]


def test_a_mia_blind_raise_on_a_new_roll_says_to_turn_the_dial(rig) -> None:
    # The table's refusal ends "(untick blind)", the phone's checkbox: there is none at the buttons.
    table, console, factory = rig
    table.start_game({"game": "mia", "players": ["Ann", "Bob"]})
    table.seal([5, 4], None)
    tap(factory, DECLARE)                  # Ann: 31 on a 54
    table.seal([2, 2], None)               # Bob rolled: the camera saw it
    _dial_to(console, factory, "22 blind")
    tap(factory, DECLARE)
    state = table.public_state()
    assert state["note"] == ("the camera saw the dice rolled and settle under the cup: a blind raise "
                             "is made without rolling, so declare this roll (turn the dial to a call "
                             "without blind)")
    assert state["call"] == "31" and len(table.session.log) == 1
    _dial_to(console, factory, "22")
    tap(factory, DECLARE)
    assert table.public_state()["call"] == "22"


def test_no_game_is_a_note_not_a_crash(rig) -> None:
    table, console, factory = rig
    for pin in (DECLARE, PASS, PULL, DIAL):
        tap(factory, pin)
    assert table.public_state()["note"] == "no game in progress"


def _play_a_one_life_kuriki_to_its_end(table, factory) -> None:
    table.start_game({"game": "kuriki", "players": ["Ann", "Bob"], "options": {"lives": 1}})
    table.seal([6, 3], None)
    tap(factory, DECLARE)                   # Ann: 4
    tap(factory, PULL)                      # Bob pulls a true call and is out
    assert table.public_state()["over"]


@pytest.mark.parametrize("pin", [DECLARE, PASS, PULL, DIAL])
def test_after_the_last_pull_every_button_says_the_game_is_over(rig, pin: int) -> None:
    # The winner is on the wall: "no game in progress" or "nothing to declare now" read as if
    # the table had lost the game.
    table, console, factory = rig
    _play_a_one_life_kuriki_to_its_end(table, factory)
    tap(factory, pin)
    assert table.public_state()["note"] == "the game is over" and console.mode == "play"


def test_the_keyboard_drives_the_same_console(table) -> None:
    keys = KeyboardControls()
    Console(table).attach(keys)
    table.start_game({"game": "kuriki", "players": ["Ann", "Bob"]})
    table.seal([6, 6], None)
    keys.feed("]]d")                       # dial 4 -> 6, declare
    assert table.public_state()["call"] == "6"
    keys.feed("u")
    assert table.public_state()["verdict"]["outcome"] == "truth"
    keys.feed("z")
    assert table.public_state()["verdict"] is None


@pytest.mark.parametrize("action, label", [
    ({"do": "declare", "call": "walnuts"}, "walnuts"),
    ({"do": "declare", "call": "63", "blind": True}, "63 blind"),
    ({"do": "declare", "call": "11", "target": "Bob"}, "11 → Bob"),
    ({"do": "declare", "call": "9", "reverse": True}, "9 reverse"),
    ({"do": "keep", "dice": [1, 5]}, "keep 1-5"),
    ({"do": "call", "count": 4, "face": 5, "zhai": True}, "4 × 5s zhai"),
])
def test_labels(action: dict, label: str) -> None:
    assert label_of(action) == label


def test_mia_s_first_call_on_unreadable_dice_says_they_cannot_be_read(rig) -> None:
    # The Declare button's own check said "not settled yet" also while the wall asked for the
    # dice to be shown again; the table's refusal says why.
    table, console, factory = rig
    table.start_game({"game": "mia", "players": ["Ann", "Bob"]})
    table.dice_unreadable(True)
    tap(factory, DECLARE)
    assert table.public_state()["note"] == "the camera cannot read the dice: show them again"
    assert table.session.log == []


def _charging_bob_a_foul(table, console, factory) -> None:
    table.start_game({"game": "kuriki", "players": ["Ann", "Bob", "Cy"]})
    tap(factory, DIAL)
    turn(factory, 1)
    tap(factory, DIAL)
    assert console.mode == "foul-kind" and table.public_state()["dial"] == "Bob: peek"


def test_a_new_game_started_on_the_phone_leaves_foul_mode(rig) -> None:
    # The foul half charged in the last game stayed on the dial ("Bob: peek") in the new one.
    table, console, factory = rig
    _charging_bob_a_foul(table, console, factory)
    table.start_game({"game": "kuriki", "players": ["Ann", "Bob", "Cy"]}, replace=True)  # the phone
    console.refresh()                      # what the referee's step (or the dial follower) does
    assert console.mode == "play" and table.public_state()["dial"] == "4"
    tap(factory, DIAL)                     # a foul is charged from the start again
    assert console.mode == "foul-player" and table.public_state()["dial"] == "foul: Ann?"
    assert table.session.log == []


@pytest.mark.parametrize("pin", [DIAL, DECLARE, PASS, PULL])
def test_a_button_pressed_first_in_a_new_game_is_not_taken_for_the_last_game_s_foul(rig, pin) -> None:
    # Pressed before anything refreshed the dial: the push or Declare charged Bob the peek in the
    # new game, Pass said "foul cancelled", Pull explained how to charge the foul.
    table, console, factory = rig
    _charging_bob_a_foul(table, console, factory)
    table.start_game({"game": "kuriki", "players": ["Ann", "Bob", "Cy"]}, replace=True)  # the phone
    table.seal([6, 3], None)
    tap(factory, pin)
    state = table.public_state()
    assert all(line.get("do") != "foul" for line in table.session.log)
    note = state["note"] or ""
    assert note != "foul cancelled" and "charging a foul" not in note
    if pin == DIAL:
        assert console.mode == "foul-player" and state["dial"] == "foul: Ann?"
    else:
        assert console.mode == "play"
    if pin == DECLARE:
        assert state["call"] == "4" and state["players"][1]["fouls"] == 0


def test_turning_the_dial_with_nothing_to_choose_says_why(rig) -> None:
    # A turn with nothing on the dial did nothing and said nothing: the players kept turning it.
    table, console, factory = rig
    turn(factory, 1)
    state = table.public_state()
    assert state["note"] == "no game in progress: nothing to dial" and state["dial"] is None
    table.start_game({"game": "mia", "players": ["Ann", "Bob"]})
    turn(factory, 1)                       # a call to dial: no note
    assert table.public_state()["note"] is None and table.public_state()["dial"] == "32"
    table.seal([2, 1], None)
    _dial_to(console, factory, "21")
    tap(factory, DECLARE)                  # Mia: nothing beats it, Bob accepts or pulls
    turn(factory, -1)
    state = table.public_state()
    assert state["note"] == "nothing beats Mia: press Pass to accept it or Pull"   # no dice named
    assert state["dial"] is None and len(table.session.log) == 1
    tap(factory, PASS)
    assert table.public_state()["verdict"]["outcome"] == "accepted"


def test_turning_the_dial_before_a_farkel_roll_says_to_roll(rig) -> None:
    table, console, factory = rig
    table.start_game({"game": "farkel", "players": ["Ann", "Bob"]})
    turn(factory, 1)
    assert table.public_state()["note"] == ("nothing to keep yet: Ann rolls 6 dice first (the camera "
                                            "sends the roll)")
    table.act({"by": "Ann", "do": "roll", "dice": [1, 2, 3, 4, 6, 6]}, from_device=True)
    turn(factory, 1)                       # keeps to choose from: the dial moves, nothing refused
    state = table.public_state()
    assert state["dial"] is not None and state["note"] is None


def test_turning_the_dial_when_nothing_raises_a_liars_call_says_to_open(rig) -> None:
    table, console, factory = rig
    table.start_game({"game": "liars", "players": ["Ann", "Bob"]})
    _dial_to(console, factory, console.choices[-1].label)
    tap(factory, DECLARE)                  # the highest call there is: Bob can only open
    turn(factory, 1)
    assert table.public_state()["note"] == "nothing raises the call: press Pull to open every hand"


def test_turning_the_dial_once_the_game_is_over_says_so(rig) -> None:
    table, console, factory = rig
    _play_a_one_life_kuriki_to_its_end(table, factory)
    turn(factory, 1)
    assert table.public_state()["note"] == "the game is over: nothing to dial"



def test_on_the_virtual_table_the_dial_chooses_whether_to_take_over_the_dice_left(rig) -> None:
    # The virtual table waits for a player offered High Stakes to choose (it rolls the dice
    # itself): at the buttons the dial offers both rolls, and Declare tells the table.
    table, console, factory = rig
    table.virtual = True
    table.start_game({"game": "farkel", "players": ["Ann", "Bob"],
                      "options": {"entry": 0, "high_stakes": True}})
    table.act({"by": "Ann", "do": "roll", "dice": [1, 2, 2, 3, 4, 6]}, from_device=True)
    table.act({"by": "Ann", "do": "keep", "dice": [1]})
    tap(factory, PASS)                     # Ann banks with five dice left
    console.refresh()
    assert [c.label for c in console.choices] == ["roll 6 dice", "roll 5 dice High Stakes"]
    assert table.public_state()["dial"] == "roll 6 dice"
    turn(factory, 1)
    tap(factory, DECLARE)
    assert table.asked_roll() is True and table.session.log[-1]["do"] == "bank"
    assert table.public_state()["note"] == "Bob takes over the 5 dice left (High Stakes): rolling them"
    turn(factory, 1)
    tap(factory, DECLARE)                  # he changes his mind before the dice land
    assert table.asked_roll() is False and table.public_state()["note"] == "Bob rolls 6 dice"


def test_on_the_virtual_table_pull_before_the_hands_are_read_says_so(rig) -> None:
    # Nobody can spread the hands of the virtual table: Pull says they are not read yet.
    table, console, factory = rig
    table.virtual = True
    table.start_game({"game": "liars", "players": ["Ann", "Bob"]})
    tap(factory, DECLARE)
    tap(factory, PULL)
    note = table.public_state()["note"]
    assert "virtual table" in note and "spread" not in note
    assert len(table.session.log) == 1


@pytest.mark.parametrize("virtual", [True, False])
def test_on_the_virtual_table_after_a_keep_the_dial_rolls_on(rig, virtual: bool) -> None:
    # After a keep the virtual table waits for the player to roll on or bank (it rolled the
    # dice left by itself): at the buttons the dial starts on the roll, the further keeps after
    # it, and Declare has the table roll; Pass banks. At a real tray the player rolls the dice
    # by hand and the camera sends the roll: the dial offers the keeps only, as before.
    table, console, factory = rig
    table.virtual = virtual
    table.start_game({"game": "farkel", "players": ["Ann", "Bob"], "options": {"entry": 0}})
    table.act({"by": "Ann", "do": "roll", "dice": [1, 2, 2, 3, 5, 6]}, from_device=True)
    table.act({"by": "Ann", "do": "keep", "dice": [1]})
    console.refresh()
    labels = [c.label for c in console.choices]
    if not virtual:
        assert labels == ["keep 5"] and table.public_state()["note"] is None
        return
    assert labels == ["roll 5 dice", "keep 5"]
    assert table.public_state()["dial"] == "roll 5 dice"
    assert "or dial the roll and press Declare; Pass banks" in table.public_state()["note"]
    tap(factory, DECLARE)
    assert table.asked_roll() is False and table.session.log[-1]["do"] == "keep"
    assert table.public_state()["note"] == "Ann rolls 5 dice"
    tap(factory, PASS)                     # she banks after all, before the dice land
    assert table.session.log[-1]["do"] == "bank" and table.asked_roll() is None
