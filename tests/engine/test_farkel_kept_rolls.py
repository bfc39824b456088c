"""Farkel's kept dice roll by roll: the state's ``kept_rolls`` (each roll's keep, and whether it
was every die that roll rolled: hot dice), beside the flat ``kept``, which ran the rolls together
(the wall could not tell a 1-1 kept and then a 5 from a 1-1-5 kept at once)."""

from __future__ import annotations

from engine.record import Session


def _play(actions: list[dict], options: dict | None = None) -> Session:
    session = Session({"game": "farkel", "players": ["Ann", "Bob"], "options": {"entry": 0, **(options or {})}})
    for action in actions:
        session.apply(action)
    return session


def ann(do: str, dice: list[int] | None = None, **more) -> dict:
    return {"by": "Ann", "do": do, **({} if dice is None else {"dice": dice}), **more}


def test_each_roll_s_keep_stands_apart_and_hot_dice_is_said() -> None:
    session = _play([ann("roll", [1, 1, 2, 3, 4, 6]), ann("keep", [1, 1])])
    state = session.game.public_state()
    assert state["kept_rolls"] == [{"dice": [1, 1], "hot": False}]
    session.apply(ann("roll", [5, 2, 3, 4]))
    # Rolled, nothing kept from this roll yet: the earlier roll's keep alone.
    assert session.game.public_state()["kept_rolls"] == [{"dice": [1, 1], "hot": False}]
    session.apply(ann("keep", [5]))
    state = session.game.public_state()
    assert state["kept_rolls"] == [{"dice": [1, 1], "hot": False}, {"dice": [5], "hot": False}]
    assert state["kept"] == [1, 1, 5]                     # the flat list, as before
    # Two keeps from one roll are that roll's one keep (they score together), in the order kept.
    session.apply(ann("roll", [5, 1, 3]))
    session.apply(ann("keep", [5]))
    session.apply(ann("keep", [1]))
    assert session.game.public_state()["kept_rolls"][-1] == {"dice": [5, 1], "hot": False}
    # An undo takes the last keep back, and the roll's keep with it.
    session.apply({"do": "undo"})
    assert session.game.public_state()["kept_rolls"] == [
        {"dice": [1, 1], "hot": False}, {"dice": [5], "hot": False}, {"dice": [5], "hot": False}]


def test_hot_dice_then_the_next_six() -> None:
    session = _play([ann("roll", [1, 1, 2, 3, 4, 6]), ann("keep", [1, 1]),
                     ann("roll", [5, 2, 3, 4]), ann("keep", [5]),
                     ann("roll", [5, 1, 5]), ann("keep", [5]), ann("keep", [1, 5])])
    state = session.game.public_state()
    assert state["dice_left"] == 6 and state["turn_total"] == 450
    assert state["kept_rolls"] == [{"dice": [1, 1], "hot": False}, {"dice": [5], "hot": False},
                                   {"dice": [5, 1, 5], "hot": True}]
    session.apply(ann("roll", [1, 2, 3, 4, 6, 6]))
    session.apply(ann("keep", [1]))
    state = session.game.public_state()
    assert state["kept_rolls"] == [{"dice": [1, 1], "hot": False}, {"dice": [5], "hot": False},
                                   {"dice": [5, 1, 5], "hot": True}, {"dice": [1], "hot": False}]
    assert state["kept"] == [1, 1, 5, 5, 1, 5, 1]
    assert session.game.standings()["kept_rolls"] == state["kept_rolls"]   # dicetable replay's too
    session.apply(ann("bank"))
    assert session.game.public_state()["kept_rolls"] == []                 # Bob's turn: none yet


def test_a_high_stakes_take_over_kept_whole_is_hot_dice() -> None:
    session = _play([ann("roll", [1, 5, 2, 3, 4, 6]), ann("keep", [1, 5]), ann("bank"),
                     {"by": "Bob", "do": "roll", "high_stakes": True, "dice": [1, 1, 1, 5]},
                     {"by": "Bob", "do": "keep", "dice": [1, 1, 1, 5]},
                     {"by": "Bob", "do": "roll", "dice": [5, 2, 3, 4, 6, 6]},
                     {"by": "Bob", "do": "keep", "dice": [5]}],
                    {"high_stakes": True})
    assert session.game.public_state()["kept_rolls"] == [{"dice": [1, 1, 1, 5], "hot": True},
                                                         {"dice": [5], "hot": False}]


def test_a_farkle_ends_the_turn_s_keeps() -> None:
    session = _play([ann("roll", [1, 2, 2, 3, 4, 6]), ann("keep", [1]), ann("roll", [2, 2, 3, 4, 6])])
    state = session.game.public_state()
    assert state["to_act"] == "Bob" and state["kept_rolls"] == [] and state["kept"] == []


def test_no_other_game_s_state_gains_kept_rolls() -> None:
    for game in ("kuriki", "mia", "deceit", "liars"):
        state = Session({"game": game, "players": ["Ann", "Bob"]}).game.public_state()
        assert "kept_rolls" not in state, game
