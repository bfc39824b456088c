"""A dropped-die foul entered by hand starts the ten count the rules call for.

The seed (Kuriki, "Other foul-worthy offenses"): a die let fall out of the cup is an immediate
foul, "and the table begins a countdown from ten, with another foul being charged if the die is
not replaced in the cup before the count reaches zero, and another count-down begins". The
referee runs that count on the falls it sees (test_referee.py), and on a fall whose foul was
undone and then charged again by hand (test_undo_of_a_dropped_die.py). A dropped-die foul the
table entered by hand (the phone's foul, for the player holding the cup) otherwise started no
count:

* charged before the camera saw the fall (the cup still up, the die on the floor), no count ran,
  and the lone die settling then was charged as a second foul for the same fall;
* charged while a count ran (the table counted out loud and charged the count-out itself), the
  referee's count ran on and charged the same ten seconds again a moment later.

Now a hand-entered dropped-die foul of the player to act is the fall's foul as a seen one is:
with no count running, its count of ten starts (the lone die settling is the same fall, not
charged again; the die put back stops it; the count reaching zero is another foul); with a count
running, it is that count's foul charged by hand, and a new count of ten starts from it. Dice
lying whole under the cup when it is entered (the die already back) run no count: the foul
stands as entered. Another player's foul starts none. Driven frame by frame with a scripted
reader and watcher and the referee's clock, as test_referee.py does.
"""

from __future__ import annotations

from device.referee import TEN_COUNT, Referee
from device.table import Table

from .test_referee import Clock, Script, ok, referee_for
from .test_undo_while_the_next_roll_settles import LIFTED

COUNTING = "Dropped die! Ann has until the count of zero to put it back: "


def _fouls(table: Table) -> list[int]:
    return [p["fouls"] for p in table.public_state()["players"]]


def _note(table: Table) -> str | None:
    return table.public_state()["note"]


def _ann_lifts_the_cup(table: Table, eyes: Script, clock: Clock) -> Referee:
    table.start_game({"game": "kuriki", "players": ["Ann", "Bob", "Cy"]})
    ref = referee_for(table, eyes, clock)
    ref.step(eyes.add(LIFTED, "cup_lifted"))
    return ref


def test_a_fall_charged_by_hand_before_the_camera_sees_it_starts_the_count(camera_table: Table) -> None:
    table, eyes, clock = camera_table, Script(), Clock()
    ref = _ann_lifts_the_cup(table, eyes, clock)
    # A die flies off the table as Ann shakes the cup; the table charges it at once.
    table.act({"by": "Ann", "do": "foul", "kind": "dropped-die"})
    ref.step(eyes.add(LIFTED))
    assert _fouls(table) == [1, 0, 0] and ref.counting == "Ann"
    assert _note(table) == COUNTING + "10", _note(table)
    # The cup comes down on the one die left: the same fall, not charged again; the count goes on.
    clock.now += 3.2
    ref.step(eyes.add(ok(4), "count_changed", "new_roll", "settled"))
    assert _fouls(table) == [1, 0, 0] and _note(table) == COUNTING + "7", _note(table)
    clock.now += TEN_COUNT - 3.2            # the count reaches zero: another foul, a new count
    ref.step(eyes.add(ok(4)))
    assert _fouls(table) == [2, 0, 0] and _note(table) == COUNTING + "10"
    # The die is put back under the cup: the count stops, the roll is Ann's to declare.
    clock.now += 2
    ref.step(eyes.add(ok(4, 3), "count_changed", "new_roll", "settled"))
    assert ref.counting is None and table.fresh_roll and _note(table) is None
    clock.now += 3 * TEN_COUNT
    ref.step(eyes.add(ok(4, 3)))
    assert _fouls(table) == [2, 0, 0]


def test_a_fall_charged_by_hand_and_put_back_before_the_dice_land(camera_table: Table) -> None:
    table, eyes, clock = camera_table, Script(), Clock()
    ref = _ann_lifts_the_cup(table, eyes, clock)
    table.act({"by": "Ann", "do": "foul", "kind": "dropped-die"})
    ref.step(eyes.add(LIFTED))
    assert ref.counting == "Ann"
    clock.now += 4
    ref.step(eyes.add(ok(6, 2), "count_changed", "new_roll", "settled"))
    assert ref.counting is None and table.fresh_roll and _note(table) is None
    clock.now += 3 * TEN_COUNT
    ref.step(eyes.add(ok(6, 2)))
    assert _fouls(table) == [1, 0, 0]


def test_a_count_out_charged_by_hand_starts_a_new_count(camera_table: Table) -> None:
    table, eyes, clock = camera_table, Script(), Clock()
    table.start_game({"game": "kuriki", "players": ["Ann", "Bob", "Cy"]})
    ref = referee_for(table, eyes, clock)
    ref.step(eyes.add(ok(4), "new_roll", "settled"))          # the referee sees the fall
    assert _fouls(table) == [1, 0, 0] and _note(table) == COUNTING + "10"
    clock.now += 6.5
    ref.step(eyes.add(ok(4)))
    assert _note(table) == COUNTING + "4"
    # The table counted faster and charged the count-out itself, from the phone.
    table.act({"by": "Ann", "do": "foul", "kind": "dropped-die"})
    ref.step(eyes.add(ok(4)))
    assert _fouls(table) == [2, 0, 0] and ref.counting == "Ann"
    assert _note(table) == COUNTING + "10", _note(table)
    # Ten seconds after the referee's own foul, four after the one entered: no third foul.
    clock.now += 3.5
    ref.step(eyes.add(ok(4)))
    assert _fouls(table) == [2, 0, 0] and _note(table) == COUNTING + "7", _note(table)
    clock.now += TEN_COUNT - 3.5            # ten after the one entered: the next count-out
    ref.step(eyes.add(ok(4)))
    assert _fouls(table) == [3, 0, 0] and _note(table) == COUNTING + "10"
    # Undoing the foul entered stops the count as undoing any count-out does.
    table.undo()
    table.undo()
    ref.step(eyes.add(ok(4)))
    assert _fouls(table) == [1, 0, 0] and ref.counting is None
    assert _note(table) == "1 die missing from the tray: put it back under the cup"


def test_dice_lying_whole_run_no_count(camera_table: Table) -> None:
    # The die was back under the cup before anyone charged the fall: the foul stands as entered,
    # and there is nothing to count down.
    table, eyes, clock = camera_table, Script(), Clock()
    table.start_game({"game": "kuriki", "players": ["Ann", "Bob", "Cy"]})
    ref = referee_for(table, eyes, clock)
    ref.step(eyes.add(ok(5, 3), "new_roll", "settled"))
    assert table.fresh_roll
    table.act({"by": "Ann", "do": "foul", "kind": "dropped-die"})
    ref.step(eyes.add(ok(5, 3)))
    assert ref.counting is None and _fouls(table) == [1, 0, 0]
    clock.now += 3 * TEN_COUNT
    ref.step(eyes.add(ok(5, 3)))
    assert _fouls(table) == [1, 0, 0] and table.fresh_roll and _note(table) is None


def test_another_player_s_foul_entered_by_hand_starts_no_count(camera_table: Table) -> None:
    table, eyes, clock = camera_table, Script(), Clock()
    ref = _ann_lifts_the_cup(table, eyes, clock)
    table.act({"by": "Bob", "do": "foul", "kind": "dropped-die"})
    ref.step(eyes.add(LIFTED))
    assert ref.counting is None and _fouls(table) == [0, 1, 0] and _note(table) is None
    # Ann's cup comes down a die short: her own fall, charged as the referee sees it.
    ref.step(eyes.add(ok(3), "count_changed", "new_roll", "settled"))
    assert _fouls(table) == [1, 1, 0] and ref.counting == "Ann"
