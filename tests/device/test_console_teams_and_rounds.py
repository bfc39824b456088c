"""Today's options played with the buttons, the dial and the camera only (MockFactory pins, a
scripted reader for the dice, the real table): a Farkel partners game with High Stakes and a
stake, and a Deceit game with rounds."""

from __future__ import annotations

import pytest
from gpiozero.pins.mock import MockFactory

from device.console import Console
from device.controls import ControlPanel
from device.table import Table

from .test_console import DECLARE, PASS, PULL, tap, turn
from .test_referee import Clock, Script, ok, referee_for


@pytest.fixture
def rig(camera_table: Table):
    factory = MockFactory()
    panel = ControlPanel(pin_factory=factory, hold_time=0.05)
    console = Console(camera_table).attach(panel)
    eyes = Script()
    referee = referee_for(camera_table, eyes, Clock())
    referee.after_step = console.refresh          # as device.runtime wires them
    yield camera_table, console, factory, referee, eyes
    panel.close()
    factory.reset()


def dial_to(console: Console, factory: MockFactory, label: str) -> None:
    """Turn the dial from where it stands to the choice shown as ``label``."""
    labels = [c.label for c in console.choices]
    here = labels.index(console.dialled.label)
    turn(factory, labels.index(label) - here)
    assert console.table.public_state()["dial"] == label


def test_a_farkel_partners_game_with_high_stakes_and_a_stake_on_the_buttons(rig) -> None:
    table, console, factory, referee, eyes = rig
    table.start_game({"game": "farkel", "players": ["Ann", "Bob", "Cy"],
                      "options": {"partners": [["Ann", "Cy"]], "high_stakes": True,
                                  "high_stakes_stake": 100, "entry": 0, "target": 1000}})

    def rolls(*dice: int) -> dict:
        referee.step(eyes.add(ok(*dice), "new_roll", "settled"))
        return table.public_state()

    # Ann: the dial starts on the best keep; Declare keeps it, Pass banks with two dice left.
    rolls(1, 1, 1, 5, 2, 3)
    assert table.public_state()["dial"] == "keep 1-1-1-5"
    tap(factory, DECLARE)
    tap(factory, PASS)
    state = table.public_state()
    assert state["players"][0]["score"] == 350 and state["to_act"] == "Bob"
    assert state["high_stakes"] == {"dice": 2, "points": 350, "stake": 100}

    # Bob has nothing to put up: his two dice are the High Stakes roll, refused in plain words.
    state = rolls(4, 6)
    assert state["note"] == ("Bob has 0 points, and High Stakes asks 100 put up to take over the "
                             "dice: roll six dice instead")
    assert state["phase"] == "start" and state["to_act"] == "Bob"
    state = rolls(5, 2, 3, 4, 6, 6)                       # six dice instead
    assert state["phase"] == "rolled" and state["high_stakes"] is None
    tap(factory, DECLARE)                                 # keep 5
    tap(factory, PASS)                                    # bank 50, five dice left

    # Cy turns the dial from 1-5 to a lone 1 and banks it: the team has 450.
    rolls(1, 5, 2, 3, 6, 6)
    dial_to(console, factory, "keep 1")
    tap(factory, DECLARE)
    tap(factory, PASS)
    state = table.public_state()
    assert state["teams"][0] == {"name": "Ann & Cy", "players": ["Ann", "Cy"], "score": 450}
    assert state["high_stakes"] == {"dice": 5, "points": 100, "stake": 100}

    # Ann (350 points) takes over Cy's five dice, keeps, rolls the last die and banks.
    state = rolls(1, 1, 1, 1, 2)
    assert state["phase"] == "rolled" and state["turn_total"] == 100
    assert table.session.log[-1]["high_stakes"] is True
    tap(factory, DECLARE)                                 # keep 1-1-1-1: 1,000 on top of 100
    state = rolls(5)                                      # the one die left
    assert state["roll"] == [5]
    tap(factory, DECLARE)
    tap(factory, PASS)
    state = table.public_state()
    assert state["players"][0]["score"] == 1500 and state["to_act"] == "Bob"   # Cy is skipped

    # Bob's last turn farkels: the partners win.
    state = rolls(2, 3, 4, 6, 6, 3)
    assert state["over"] and state["winner"] == "Ann & Cy" and state["winners"] == ["Ann", "Cy"]
    assert [t["score"] for t in state["teams"]] == [1600, 50]


def test_a_deceit_game_with_rounds_on_the_buttons(rig) -> None:
    table, console, factory, referee, eyes = rig
    table.start_game({"game": "deceit", "players": ["Ann", "Bob", "Cy"],
                      "options": {"rounds": 2}})
    state = table.public_state()
    assert state["round"] == 1 and state["rounds"] == 2

    table.seal([5, 4], None)
    dial_to(console, factory, "54")
    tap(factory, DECLARE)
    tap(factory, PULL)                                   # Bob pulls the truth: Bob pays Ann
    state = table.public_state()
    assert state["round"] == 2 and state["to_act"] == "Bob"

    table.seal([3, 2], None)
    dial_to(console, factory, "54")
    tap(factory, DECLARE)
    tap(factory, PULL)                                   # Cy pulls a lie: Bob pays Cy
    state = table.public_state()
    assert [p["chips"] for p in state["players"]] == [6, 3, 6]
    assert not state["over"] and state["to_act"] == "Cy"  # Ann and Cy tied: they play on

    table.seal([1, 1], None)
    dial_to(console, factory, "11 → Ann")
    tap(factory, DECLARE)
    tap(factory, PASS)                                   # Ann believes the 11 and pays
    state = table.public_state()
    assert state["over"] and state["winner"] == "Cy"
    assert [p["chips"] for p in state["players"]] == [5, 3, 7]
