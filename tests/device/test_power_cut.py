"""A power cut with dice sealed under the cup: the table is opened again on the same data
directory, and a new referee with the real watcher reads the camera's first frames after start-up,
whose light is still settling (a camera's exposure takes a few frames to settle)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np
import pytest

from device.camera import ReplayCamera
from device.events import EventBus
from device.referee import MOVED, Referee
from device.store import Store
from device.table import Table
from engine.errors import IllegalAction
from vision.reading import Die, Reading, Status
from vision.watcher import Watcher

UNDER_CUP = 80            # the tray's grey with the cup down (the calibrated exposure)
LIFTED = 220              # the room's light flooding the tray
DICE = (5, 3)
OTHER = (6, 4)


def frame(grey: int, dice: tuple[int, ...] = DICE, shift: int = 0) -> np.ndarray:
    """A frame of that mean grey; its dice (and how far right they were pushed) written in the
    corner for the reader below."""
    image = np.full((48, 64, 3), grey, np.uint8)
    image[0, :len(dice), 0] = dice
    image[0, 0, 1] = shift
    return image


def reader(image: np.ndarray, view: Any, *, calibration: Any = None) -> Reading:
    """The reader's whole-frame checks (too dark, too bright) as vision.reader makes them, and
    the dice in the corner otherwise; the brightness is the frame's, as the watcher needs it."""
    grey = float(image[1:].mean())
    if grey < 25:
        return Reading(Status.UNSURE, (), "too dark: is the light on?", brightness=grey)
    if grey > 170:
        return Reading(Status.UNSURE, (), "too bright: the cup may be lifted", brightness=grey)
    values = [int(v) for v in image[0, :, 0] if 1 <= v <= 6]
    shift = int(image[0, 0, 1])
    dice = tuple(Die(v, 20 + 20 * i + shift, 30, 16, 0.99) for i, v in enumerate(values))
    return Reading(Status.OK, dice, brightness=grey)


def referee(table: Table, frames: list[np.ndarray], baseline: float | None) -> Referee:
    camera = ReplayCamera.from_frames(frames, loop=False)
    return Referee(table, camera, reader=reader, watcher=Watcher(baseline=baseline), fps=0)


def play(ref: Referee, count: int) -> None:
    for _ in range(count):
        ref.step()


@pytest.fixture
def data(tmp_path: Path) -> Path:
    return tmp_path / "data"


def sealed_before_the_cut(data: Path, baseline: float | None, declared: bool) -> tuple[Any, str]:
    """Ann's 5-3 settles under the cup and is sealed (and declared); then the power goes.
    Returns the seal and the game."""
    store = Store(data)
    table = Table(store, EventBus(), has_camera=True)
    table.start_game({"game": "kuriki", "players": ["Ann", "Bob", "Cy"]})
    ref = referee(table, [frame(LIFTED, ())] * 3 + [frame(UNDER_CUP)] * 6, baseline)
    play(ref, 9)
    if declared:
        table.act({"by": "Ann", "do": "declare", "call": "8"})
    seal = store.seal()
    assert seal is not None and seal.fresh is not declared and sorted(seal.dice) == sorted(DICE)
    store.close()          # the power cut: nothing but the database is left
    return seal, table.game_id


# The first frames after start-up: dark while the exposure opens up (uncalibrated: the watcher
# learns the tray's light from them), or bright (the calibrated exposure is the baseline).
SETTLING = {
    "dark first frames, uncalibrated": ([8, 15, 45, 65, 76, 79], None),
    "bright first frames, calibrated": ([250, 240, 200, 130, 95, 82], float(UNDER_CUP)),
}


@pytest.mark.parametrize("declared", [False, True], ids=["sealed", "declared"])
@pytest.mark.parametrize("case", SETTLING)
def test_a_roll_sealed_before_a_power_cut_survives_the_camera_settling(data: Path, case: str,
                                                                       declared: bool) -> None:
    greys, baseline = SETTLING[case]
    seal, game_id = sealed_before_the_cut(data, baseline, declared)

    store = Store(data)
    try:
        table = Table(store, EventBus(), has_camera=True)
        assert table.game_id == game_id and table.sealed
        settling = [frame(g) for g in greys] + [frame(UNDER_CUP)] * 10
        # After the pull (below): a real lift, and a new roll settling under the cup.
        later = [frame(LIFTED, ())] * 4 + [frame(UNDER_CUP, OTHER)] * 6
        ref = referee(table, settling + later, baseline)
        play(ref, len(settling))
        # The dice never moved: the roll sealed before the cut is still the one that counts,
        # hidden, with its photo; declared, it is not Bob's fresh roll to declare on.
        assert store.seal() == seal and table.public_state()["sealed"] is True
        if declared:
            with pytest.raises(IllegalAction, match="not settled"):
                table.act({"by": "Bob", "do": "declare", "call": "9"})
        else:
            state = table.act({"by": "Ann", "do": "declare", "call": "8"})
            assert state["call"] == "8" and table.session.log[-1]["dice"] == list(seal.dice)
        verdict = table.act({"by": "Bob", "do": "pull"})["verdict"]
        assert verdict["outcome"] == "truth" and verdict["dice"] == list(seal.dice)
        assert verdict["photo"] == f"/api/photos/{seal.photo_id}"
        # The referee still sees the cup: a real lift and a new roll are sealed as ever.
        play(ref, len(later))
        new = store.seal()
        assert new is not None and new.fresh and sorted(new.dice) == sorted(OTHER)
    finally:
        store.close()


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_a_camera_opened_again_mid_game_settles_before_it_is_watched(tmp_path: Path) -> None:
    # The cable was loose: the camera is opened again, and its first frames come bright. Then
    # someone nudges the declared dice with the cup down: that is the dice moved after sealing,
    # not a new roll (which a cup lift seen in those first frames would have made it).
    store = Store(tmp_path / "data")
    try:
        table = Table(store, EventBus(), has_camera=True)
        table.start_game({"game": "kuriki", "players": ["Ann", "Bob"]})
        cameras = [ReplayCamera.from_frames([frame(UNDER_CUP)] * 6, loop=False),
                   ReplayCamera.from_frames([frame(g) for g in (250, 240, 160, 82)]
                                            + [frame(UNDER_CUP)] * 6
                                            + [frame(UNDER_CUP, shift=15)] * 6, loop=False)]
        clock = Clock()
        ref = Referee(table, None, open_camera=lambda: cameras.pop(0), reader=reader,
                      watcher=Watcher(baseline=UNDER_CUP), clock=clock, fps=0)
        lifts: list[object] = []
        ref.watcher.when_cup_lifted = lifts.append
        play(ref, 6)
        table.act({"by": "Ann", "do": "declare", "call": "8"})
        seal = store.seal()
        assert seal is not None and sorted(seal.dice) == sorted(DICE) and not seal.fresh
        ref.step()                      # the first camera's frames end: it is lost
        assert table.public_state()["device"]["camera"] == "lost"
        clock.now += 60
        play(ref, 16)
        assert table.public_state()["device"]["camera"] == "ok" and lifts == []
        assert store.seal() == seal and table.public_state()["note"] == MOVED
    finally:
        store.close()


def test_a_picture_that_never_steadies_is_watched_after_a_while(camera_table: Table) -> None:
    # A flickering light: the wait ends after SETTLE_MAX_FRAMES frames, and the dice are read.
    from device.referee import SETTLE_MAX_FRAMES

    camera_table.start_game({"game": "kuriki", "players": ["Ann", "Bob"]})
    read: list[int] = []

    def counting(image: np.ndarray, view: Any, *, calibration: Any = None) -> Reading:
        read.append(1)
        return reader(image, view, calibration=calibration)

    ref = Referee(camera_table, None, reader=counting, watcher=Watcher(), skip_unchanged=False)
    for i in range(SETTLE_MAX_FRAMES - 1):
        ref.step(frame(70 if i % 2 else 90))
    assert read == []
    for i in range(SETTLE_MAX_FRAMES - 1, SETTLE_MAX_FRAMES + 4):
        ref.step(frame(70 if i % 2 else 90))
    assert len(read) == 5 and ref.last_reading.ok
