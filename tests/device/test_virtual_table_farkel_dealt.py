"""The virtual table at Farkel: the dice dealt as they fall, not the few sample rolls in turn.

The sample frames hold three rolls of each of 1 and 3 to 6 dice, served in turn: every third
turn opened with the very same six dice, and a game felt scripted. With the ``random.Random``
dicetable run gives it (seedable here), the virtual table deals Farkel's dice from it and renders
them on one of the sample trays of that many dice, as it deals liar's dice hands; a frame is
served only if the reader reads it right. The referee reads the frames served with the real
reader, as it reads any camera's: nothing tells it the dice dealt."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from device.camera import ROLLS_FILE, SAMPLE_FRAMES, SampleTable, TurnRoll
from device.events import EventBus
from device.referee import Referee, dice_on_table
from device.store import Store
from device.table import Table

ROLLS = json.loads((SAMPLE_FRAMES / ROLLS_FILE).read_text(encoding="utf-8"))["rolls"]
SAMPLES = {tuple(r["dice"]) for r in ROLLS}


def _rolls_served(camera: SampleTable, turns: int, count: int = 6) -> list[tuple[int, ...]]:
    """The rolls of ``count`` dice the camera lands over ``turns`` players' turns (each turn's
    roll told as another player's, so the dice are picked up and rolled again)."""
    served: list[tuple[int, ...]] = []
    for turn in range(turns):
        camera.dice = lambda turn=turn: TurnRoll(count, turn, asked=True)
        for _ in range(60):
            camera.read()
            if camera.serving:
                served.append(camera.serving)
                break
        else:
            raise AssertionError(f"no roll landed in turn {turn}")
    return served


@pytest.mark.parametrize("count", [6, 4, 1])
def test_farkel_rolls_are_dealt_as_dice_fall_and_the_same_seed_deals_the_same(count: int) -> None:
    first = SampleTable(fps=0, think_frames=0, rng=random.Random(11))
    again = SampleTable(fps=0, think_frames=0, rng=random.Random(11))
    try:
        served = _rolls_served(first, 12, count)
        assert all(len(dice) == count for dice in served)
        # Not the three sample rolls in turn: many rolls, most of them no sample's.
        assert len(set(served)) >= (5 if count > 1 else 4), served
        assert any(dice not in SAMPLES for dice in served)
        assert served != [served[i % 3] for i in range(len(served))]
        assert _rolls_served(again, 12, count) == served      # seedable: the same Random, the same rolls
    finally:
        first.close()
        again.close()


def test_a_farkel_game_on_the_virtual_table_reads_the_dice_dealt(tmp_path: Path) -> None:
    # Played frame by frame (Referee.step) with the real reader: every roll the device sends is
    # the dice the tray shows, read from the frame, and the turns' first rolls vary.
    store = Store(tmp_path / "data")
    table = Table(store, EventBus(), has_camera=True)
    table.virtual = True
    camera = SampleTable(fps=0, dice=lambda: dice_on_table(table), think_frames=0,
                         rng=random.Random(2027))
    referee = Referee(table, camera, view="bottom", steady_frames=1)
    try:
        table.start_game({"game": "farkel", "players": ["Ann", "Bob"], "options": {"entry": 0}})
        sixes: list[tuple[int, ...]] = []
        rolls = 0
        for _ in range(600):
            if len(sixes) >= 8:
                break
            before = len(table.session.effective)
            referee.step()
            if len(table.session.effective) == before:
                continue
            line = table.session.effective[-1]
            assert line["do"] == "roll"
            rolls += 1
            assert tuple(sorted(line["dice"], reverse=True)) == camera.serving   # read right
            if len(line["dice"]) == 6:
                sixes.append(camera.serving)
            state = table.public_state()
            if state["phase"] == "rolled":                   # it scores: keep the best, bank
                keep = max((a for a in state["legal"] if a["do"] == "keep"), key=lambda a: len(a["dice"]))
                table.act(keep)
                table.act({"by": state["to_act"], "do": "bank"})
        assert len(sixes) >= 8, sixes
        assert len(set(sixes)) >= 5, sixes                   # three sample rolls served in turn: 3
        assert table.public_state()["note"] is None
    finally:
        camera.close()
        store.close()


def test_farkel_dice_the_reader_would_misread_are_not_served(monkeypatch: pytest.MonkeyPatch) -> None:
    # As for liar's dice: dice dealt on a tray the reader doubts go on the next tray, and dice no
    # tray reads right are not served at all (a sample roll instead, in turn).
    import device.virtual_hands as vh

    monkeypatch.setattr(vh, "check_roll", lambda scene, data: "unsure: a test's doubt")
    camera = SampleTable(fps=0, think_frames=0, rng=random.Random(3))
    try:
        served = _rolls_served(camera, 4)
        samples = [tuple(r["dice"]) for r in ROLLS if len(r["dice"]) == 6]
        assert served == [samples[i % 3] for i in range(4)]
    finally:
        camera.close()
