"""A dropped-die foul undone stops its ten count.

Kuriki: the dice settle under the cup a die short, the player to act is charged ``dropped-die``
and the ten count starts (test_referee.py). The table that undoes that foul disagrees with it
(the die was not dropped, or not by him, or they let it go): before, the count ran on and charged
the same fall again when it reached zero, and again every ten seconds the die stayed off. Now the
count stops with the foul taken back; the wall asks for the die back under the cup, as for a die
short nobody is charged for, and no foul is charged for that fall however long the die stays off.
A power cut after the undo changes none of it. A fresh fall (the dice picked up and rolled
again, landing a die short) is charged as ever, with its own count. Driven frame by frame with a
scripted reader and watcher and the referee's clock, as test_referee.py does.
"""

from __future__ import annotations

from device.referee import TEN_COUNT, Referee
from device.table import Table

from .test_referee import Clock, Script, ok, referee_for, restarted
from .test_undo_while_the_next_roll_settles import LIFTED

MISSING = "1 die missing from the tray: put it back under the cup"


def _fouls(table: Table) -> list[int]:
    return [p["fouls"] for p in table.public_state()["players"]]


def _ann_drops_a_die(table: Table, eyes: Script, clock: Clock) -> Referee:
    table.start_game({"game": "kuriki", "players": ["Ann", "Bob", "Cy"]})
    ref = referee_for(table, eyes, clock)
    ref.step(eyes.add(ok(4), "new_roll", "settled"))
    assert _fouls(table) == [1, 0, 0] and ref.counting == "Ann"
    return ref


def _the_die_stays_off(table: Table, eyes: Script, clock: Clock, ref: Referee, fouls: list[int]) -> None:
    """Three ten counts' time with the lone die lying still (settling again once, after a frame
    the reader was unsure of): nobody is charged, and the wall asks for the die back."""
    log_length = len(table.session.log)
    for k in range(3):
        clock.now += TEN_COUNT
        ref.step(eyes.add(ok(4), "settled") if k == 1 else eyes.add(ok(4)))
        assert ref.counting is None and table.public_state()["note"] == MISSING, \
            table.public_state()["note"]
    assert _fouls(table) == fouls and len(table.session.log) == log_length, table.session.log


def test_an_undone_dropped_die_is_not_charged_again_by_the_count(camera_table: Table) -> None:
    table, eyes, clock = camera_table, Script(), Clock()
    ref = _ann_drops_a_die(table, eyes, clock)
    clock.now += 3.2
    ref.step(eyes.add(ok(4)))
    table.undo()
    assert _fouls(table) == [0, 0, 0]
    ref.step(eyes.add(ok(4)))
    _the_die_stays_off(table, eyes, clock, ref, [0, 0, 0])
    # The die is put back under the cup: the request comes down, the roll is Ann's to declare.
    ref.step(eyes.add(ok(4, 3), "count_changed", "new_roll", "settled"))
    assert table.fresh_roll and table.public_state()["note"] is None
    assert _fouls(table) == [0, 0, 0]


def test_undoing_the_foul_a_count_ran_out_on_stops_the_count(camera_table: Table) -> None:
    # The first foul stands; the second (the count reaching zero) is the one the table takes back.
    table, eyes, clock = camera_table, Script(), Clock()
    ref = _ann_drops_a_die(table, eyes, clock)
    clock.now += TEN_COUNT
    ref.step(eyes.add(ok(4)))
    assert _fouls(table) == [2, 0, 0]
    table.undo()
    ref.step(eyes.add(ok(4)))
    _the_die_stays_off(table, eyes, clock, ref, [1, 0, 0])


def test_a_power_cut_after_the_undo_does_not_charge_the_fall_again(camera_table: Table) -> None:
    table, eyes, clock = camera_table, Script(), Clock()
    ref = _ann_drops_a_die(table, eyes, clock)
    table.undo()
    ref.step(eyes.add(ok(4)))
    # The power comes back with the die still off the tray: the record's last line undid that
    # fall's foul, so it is not charged again, nor counted.
    table, ref = restarted(table, eyes, clock)
    ref.step(eyes.add(ok(4), "new_roll", "settled"))
    assert _fouls(table) == [0, 0, 0] and ref.counting is None
    assert table.public_state()["note"] == MISSING
    _the_die_stays_off(table, eyes, clock, ref, [0, 0, 0])
    # Picked up and rolled again, a die short: a new fall, charged.
    ref.step(eyes.add(ok(), "count_changed"))
    ref.step(eyes.add(ok(2), "count_changed", "new_roll", "settled"))
    assert _fouls(table) == [1, 0, 0] and ref.counting == "Ann"


def test_a_fresh_fall_after_the_undo_is_charged(camera_table: Table) -> None:
    table, eyes, clock = camera_table, Script(), Clock()
    ref = _ann_drops_a_die(table, eyes, clock)
    table.undo()
    ref.step(eyes.add(ok(4)))
    assert ref.counting is None and _fouls(table) == [0, 0, 0]
    # Ann picks the die up, rolls again, and a die falls off again: that fall is hers.
    ref.step(eyes.add(LIFTED, "cup_lifted"))
    ref.step(eyes.add(ok(), "count_changed"))
    ref.step(eyes.add(ok(5), "count_changed", "new_roll", "settled"))
    assert _fouls(table) == [1, 0, 0] and ref.counting == "Ann"
    assert table.public_state()["note"].endswith(": 10")
    clock.now += TEN_COUNT
    ref.step(eyes.add(ok(5)))
    assert _fouls(table) == [2, 0, 0]


# -- the foul entered again by hand ------------------------------------------------------------
#
# The table undid the dropped-die foul, then thought better of it and charged it again from the
# phone (foul, dropped die, for the player holding the cup) while the die still lay off the tray.
# Before, the foul counted but no count ran: the wall went blank, then asked for the die back as
# if nobody were charged for it, however long it stayed off. The players have overruled the
# undo: the fall is a foul again, charged once (as entered), and its ten count runs as on a foul
# the referee charged: the wall counts down, the count reaching zero is another foul, the die put
# back stops it, and a power cut starts it again without a second foul.

COUNTING = "Dropped die! Ann has until the count of zero to put it back: "


def _charged_again_by_hand(table: Table, eyes: Script, ref: Referee) -> None:
    table.act({"by": "Ann", "do": "foul", "kind": "dropped-die"})
    ref.step(eyes.add(ok(4)))
    assert _fouls(table) == [1, 0, 0] and ref.counting == "Ann"
    assert table.public_state()["note"] == COUNTING + "10", table.public_state()["note"]


def test_a_dropped_die_foul_entered_by_hand_after_the_undo_starts_the_count(camera_table: Table) -> None:
    table, eyes, clock = camera_table, Script(), Clock()
    ref = _ann_drops_a_die(table, eyes, clock)
    table.undo()
    ref.step(eyes.add(ok(4)))
    assert ref.counting is None and table.public_state()["note"] == MISSING
    _charged_again_by_hand(table, eyes, ref)
    # The lone die settling again is the same fall: no second foul, the count goes on.
    clock.now += 3.2
    ref.step(eyes.add(ok(4), "settled"))
    assert _fouls(table) == [1, 0, 0] and table.public_state()["note"] == COUNTING + "7"
    log_length = len(table.session.log)
    clock.now += TEN_COUNT - 3.2              # the count reaches zero: another foul, a new count
    ref.step(eyes.add(ok(4)))
    assert _fouls(table) == [2, 0, 0] and len(table.session.log) == log_length + 1
    assert table.public_state()["note"] == COUNTING + "10"
    # The die is put back under the cup: the count stops, the roll is Ann's to declare.
    clock.now += 2
    ref.step(eyes.add(ok(4, 3), "count_changed", "new_roll", "settled"))
    assert ref.counting is None and table.fresh_roll and table.public_state()["note"] is None
    clock.now += 3 * TEN_COUNT
    ref.step(eyes.add(ok(4, 3)))
    assert _fouls(table) == [2, 0, 0]


def test_the_foul_entered_by_hand_undone_again_stops_its_count(camera_table: Table) -> None:
    table, eyes, clock = camera_table, Script(), Clock()
    ref = _ann_drops_a_die(table, eyes, clock)
    table.undo()
    ref.step(eyes.add(ok(4)))
    _charged_again_by_hand(table, eyes, ref)
    table.undo()
    ref.step(eyes.add(ok(4)))
    _the_die_stays_off(table, eyes, clock, ref, [0, 0, 0])


def test_a_power_cut_after_the_foul_entered_by_hand_starts_its_count_again(camera_table: Table) -> None:
    table, eyes, clock = camera_table, Script(), Clock()
    ref = _ann_drops_a_die(table, eyes, clock)
    table.undo()
    ref.step(eyes.add(ok(4)))
    _charged_again_by_hand(table, eyes, ref)
    clock.now += 4
    ref.step(eyes.add(ok(4)))
    # The power comes back with the die still off: the count starts again, no second foul.
    table, ref = restarted(table, eyes, clock)
    ref.step(eyes.add(ok(4), "new_roll", "settled"))
    assert _fouls(table) == [1, 0, 0] and ref.counting == "Ann"
    assert table.public_state()["note"] == COUNTING + "10"
    clock.now += TEN_COUNT
    ref.step(eyes.add(ok(4)))
    assert _fouls(table) == [2, 0, 0]


def test_the_foul_entered_by_hand_after_a_power_cut_that_ended_with_the_undo(camera_table: Table) -> None:
    table, eyes, clock = camera_table, Script(), Clock()
    ref = _ann_drops_a_die(table, eyes, clock)
    table.undo()
    table, ref = restarted(table, eyes, clock)
    ref.step(eyes.add(ok(4), "new_roll", "settled"))
    assert ref.counting is None and table.public_state()["note"] == MISSING
    _charged_again_by_hand(table, eyes, ref)
    clock.now += TEN_COUNT
    ref.step(eyes.add(ok(4)))
    assert _fouls(table) == [2, 0, 0]


def test_another_player_s_foul_entered_by_hand_starts_no_count(camera_table: Table) -> None:
    # Bob does not hold the cup: whatever he is charged with, the die off the tray is no fall of
    # his to count down (and Ann's fall stays excused).
    table, eyes, clock = camera_table, Script(), Clock()
    ref = _ann_drops_a_die(table, eyes, clock)
    table.undo()
    ref.step(eyes.add(ok(4)))
    table.act({"by": "Bob", "do": "foul", "kind": "dropped-die"})
    ref.step(eyes.add(ok(4), "settled"))
    assert ref.counting is None and _fouls(table) == [0, 1, 0]
    assert table.public_state()["note"] == MISSING
    _the_die_stays_off(table, eyes, clock, ref, [0, 1, 0])
