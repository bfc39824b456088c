"""The sample frames the virtual table plays with no camera (device/sample_frames, rendered by
scripts/make_sample_frames.py): every frame is labelled in rolls.json, and reads as its label says
with the reader as ``dicetable run`` reads them (the default settings' view and calibration)."""

from __future__ import annotations

import json
from pathlib import Path

import cv2
import pytest

from device.camera import SAMPLE_FRAMES
from device.referee import group_hands
from device.runtime import _calibration
from device.settings import Settings
from vision.reader import read_dice

LABELS = json.loads((SAMPLE_FRAMES / "rolls.json").read_text(encoding="utf-8"))
ROLLS = LABELS["rolls"]
SETTINGS = Settings()


def _read(name: str):
    frame = cv2.imread(str(SAMPLE_FRAMES / name), cv2.IMREAD_COLOR)
    assert frame is not None, name
    return read_dice(frame, SETTINGS.camera.view, calibration=_calibration(SETTINGS))


def test_every_shipped_frame_is_labelled_and_they_stay_small() -> None:
    shipped = {p.relative_to(SAMPLE_FRAMES).as_posix() for p in SAMPLE_FRAMES.rglob("*.jpg")}
    labelled = {name for roll in ROLLS for name in roll["cup_up"] + roll["settled"]}
    assert shipped == labelled
    assert LABELS["view"] == SETTINGS.camera.view and _calibration(SETTINGS) is None
    assert sum((SAMPLE_FRAMES / name).stat().st_size for name in shipped) < 1_500_000


def test_there_are_rolls_for_every_game_s_dice() -> None:
    counts = {len(roll["dice"]) for roll in ROLLS}
    # Farkel rolls 1 to 6 dice; Kuriki, Mia and Deceit 2; liar's dice 5 a hand, 2 to 8 hands
    # (9 to 12 do not fit apart on the tray: the virtual table refuses them).
    assert counts == {1, 2, 3, 4, 5, 6, 10, 15, 20, 25, 30, 35, 40}
    assert all(sum(1 for r in ROLLS if len(r["dice"]) == n) >= 3 for n in counts)


def test_the_two_dice_rolls_are_every_roll_of_two_dice() -> None:
    # Kuriki, Mia and Deceit roll two dice: the virtual table has a frame of every one of the 21
    # rolls (the Kuriki 1-2, the Mia 2-1, every double), each labelled once. The loop it plays
    # with no game is the first rolls, the folder's own frames in name order.
    two = sorted(tuple(roll["dice"]) for roll in ROLLS if len(roll["dice"]) == 2)
    assert two == sorted((a, b) for a in range(1, 7) for b in range(1, a + 1))
    loop = ROLLS[:LABELS["loop"]]
    assert loop and all(len(roll["dice"]) == 2 for roll in loop)
    in_order = [name for roll in loop for name in roll["cup_up"] + roll["settled"]]
    assert in_order == sorted(p.name for p in SAMPLE_FRAMES.glob("*.jpg"))


@pytest.mark.parametrize("roll", ROLLS, ids=[r["settled"][0] for r in ROLLS])
def test_every_settled_frame_reads_ok_and_as_labelled(roll: dict) -> None:
    first, *copies = roll["settled"]
    for name in copies:       # the loop's settled frame, written once for every frame it shows
        assert (SAMPLE_FRAMES / name).read_bytes() == (SAMPLE_FRAMES / first).read_bytes()
    reading = _read(first)
    assert reading.ok, reading.reason
    assert list(reading.values) == roll["dice"] == sorted(roll["dice"], reverse=True)
    if len(roll["dice"]) > 6:
        # Liar's dice: the hands lie apart, and the referee groups them as labelled.
        names = [f"P{i + 1}" for i in range(len(roll["dice"]) // 5)]
        hands = group_hands(reading.dice, names, mirrored=SETTINGS.camera.view == "bottom")
        assert hands is not None and [hands[n] for n in names] == roll["hands"]


@pytest.mark.parametrize("name", sorted({n for r in ROLLS for n in r["cup_up"]}))
def test_cup_up_frames_read_no_dice(name: str) -> None:
    reading = _read(name)
    assert not reading.ok and not reading.values
