"""A new game started while the old game's roll lay sealed under the cup, not yet declared.

Found by QA: the seal stayed fresh across start_game, so every new game began with
"dice_settled": true on the old game's dice (through the API, 28 new games in a row), the first
player's declare took them, and the virtual table, which rolls nothing while a roll waits for its
declare, never rolled for the new game. The old roll is nobody's in the new game: the first player
rolls (the virtual table rolls for them). At a real tray the dice left lying are not sealed as
the new game's first roll, neither by the referee that saw them settle nor by one started again
after a power cut: they are the roll the table last took (table.last_roll), as dice left on the
tray after a restart are; a roll after the cup is lifted is the first player's.
"""

from __future__ import annotations

import pytest

from device.referee import Referee
from device.table import Table
from web.services import DiceNotSettled

from .conftest import ROLL_FRAMES
from .test_referee import Clock, Script, ok, referee_for, restarted

KURIKI = {"game": "kuriki", "players": ["Ann", "Bob", "Cy"], "options": {"lives": 3}}


def _settled(table: Table, referee: Referee) -> bool:
    """Frames until a roll settles under the cup; whether the cup went up first (a new roll)."""
    lifted = False
    for _ in range(3 * ROLL_FRAMES):
        referee.step()
        lifted = lifted or referee.camera.serving == ()
        if table.fresh_roll:
            return lifted
    raise AssertionError("no roll settled under the cup")


@pytest.mark.parametrize("game", ["kuriki", "mia"])
def test_the_virtual_table_rolls_for_the_first_player_of_a_new_game(cup_table, game: str) -> None:
    table, referee, camera = cup_table
    table.start_game(dict(KURIKI, game=game))
    _settled(table, referee)
    for _ in range(3):
        table.start_game(dict(KURIKI, game=game), replace=True)
        state = table.public_state()
        assert state["dice_settled"] is False and not table.fresh_roll, state
        assert state["sealed"] is False and state["to_act"] == "Ann"
        with pytest.raises(DiceNotSettled):
            table.act({"by": "Ann", "do": "declare", "call": "41" if game == "mia" else "4"})
        assert _settled(table, referee), "the old game's dice were not picked up and rolled"
    table.act({"by": "Ann", "do": "declare", "call": "41" if game == "mia" else "4"})
    assert sorted(table.session.log[-1]["dice"]) == sorted(camera.serving)


def test_through_the_api_each_new_game_begins_unsettled(cup_table) -> None:
    from tests.web.conftest import AUTH, make_app

    table, referee, camera = cup_table
    client = make_app(table).test_client()
    assert client.post("/api/games", json=KURIKI, headers=AUTH).status_code == 201
    _settled(table, referee)
    for _ in range(5):
        assert client.post("/api/games?replace=1", json=KURIKI, headers=AUTH).status_code == 201
        state = client.get("/api/state").get_json()
        assert state["dice_settled"] is False and state["to_act"] == "Ann", state
        refused = client.post("/api/actions", json={"by": "Ann", "do": "declare", "call": "4"}, headers=AUTH)
        assert refused.status_code == 409, refused.get_json()
        _settled(table, referee)
        assert client.get("/api/state").get_json()["dice_settled"] is True


def test_a_real_tray_does_not_seal_the_old_game_s_dice_for_the_new_game(camera_table) -> None:
    table, eyes, clock = camera_table, Script(), Clock()
    table.start_game(KURIKI)
    ref = referee_for(table, eyes, clock)
    ref.step(eyes.add(ok(6, 3), "new_roll", "settled"))
    assert table.fresh_roll
    table.start_game(KURIKI, replace=True)
    assert not table.fresh_roll and table.public_state()["dice_settled"] is False
    # The old dice lie there still: seen settled again, they are not the new game's roll.
    ref.step(eyes.add(ok(6, 3), "settled"))
    assert not table.fresh_roll
    # Nor after a power cut: the referee started again takes them for the roll the table has.
    table, ref = restarted(table, eyes, clock)
    assert not table.fresh_roll and table.public_state()["dice_settled"] is False
    ref.step(eyes.add(ok(6, 3), "new_roll", "settled"))
    assert not table.fresh_roll
    with pytest.raises(DiceNotSettled):
        table.act({"by": "Ann", "do": "declare", "call": "9"})
    # Ann lifts the cup and rolls: her roll is sealed, and her declare takes it.
    ref.step(eyes.add(ok(), "cup_lifted"))
    ref.step(eyes.add(ok(5, 4), "new_roll", "settled"))
    assert table.fresh_roll
    table.act({"by": "Ann", "do": "declare", "call": "9"})
    assert table.session.log == [{"by": "Ann", "do": "declare", "call": "9", "dice": [5, 4]}]


FARKEL = {"game": "farkel", "players": ["Ann", "Bob"]}


@pytest.mark.parametrize("old", ["kuriki", "kuriki undone", "farkel"])
def test_dice_the_old_game_left_on_a_real_tray_are_not_the_new_game_s_roll_after_a_power_cut(
        camera_table, old: str) -> None:
    # Dice the old game left on the tray unsealed (a Kuriki shown, or one taken back; a Farkel
    # roll): the referee running on has handled them, and one started again after a power cut
    # right after the new game began takes them for that roll too. Before, it took the old 1-2
    # for the new game's first roll, a Kuriki scored against Bob; the old Farkel roll was sent
    # as Ann's first roll.
    table, eyes, clock = camera_table, Script(), Clock()
    header = FARKEL if old == "farkel" else KURIKI
    lying = ok(6, 5, 5, 3, 2, 2) if old == "farkel" else ok(2, 1)
    table.start_game(header)
    ref = referee_for(table, eyes, clock)
    ref.step(eyes.add(lying, "new_roll", "settled"))
    assert len(table.session.log) == 1 and not table.sealed
    if old == "kuriki undone":
        table.undo()
    table.start_game(header, replace=True)
    ref.step(eyes.add(lying, "settled"))
    assert table.session.log == []
    table, ref = restarted(table, eyes, clock)
    ref.step(eyes.add(lying, "new_roll", "settled"))
    state = table.public_state()
    assert table.session.log == [] and state["verdict"] is None and not table.fresh_roll, table.session.log
    # The cup lifted (the dice picked up), the same dice rolled anew are Ann's roll.
    ref.step(eyes.add(ok(), "cup_lifted"))
    ref.step(eyes.add(lying, "new_roll", "settled"))
    line = table.session.log[0]
    assert line["by"] == "Ann" and sorted(line["dice"]) == sorted(d.value for d in lying.dice)
    if old != "farkel":
        assert line["call"] == "kuriki" and [p["lives"] for p in table.public_state()["players"]] == [3, 2, 3]
