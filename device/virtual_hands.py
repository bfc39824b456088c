"""Liar's dice hands for the virtual table (device.camera.SampleTable), rendered as they fall
(and Farkel's rolls of 1 and 3 to 6 dice, on the sample trays of that many dice, the same way).

The sample frames ship three trays of hands for each number of players (2 to 8), rendered by
scripts/make_sample_frames.py from a seed each (``seed`` in rolls.json) with the hands apart and
every die read right. Served in turn, a game's hands came round again every third round. The
renderer (vision.render) places the dice by the seed alone, whatever faces they show: a shipped
tray's seed rendered with other faces lays its hands out just as apart. :func:`render_hands`
renders such a tray; :func:`check_hands` reads it as the virtual table's referee does
(device.referee, the bottom view, uncalibrated) and says why it will not do, if it will not.
The virtual table serves a tray only once it reads right, as the script ships only those.

Rendering takes about 10 ms, reading 30-300 ms (40 dice): once a round.
"""

from __future__ import annotations

import math
from typing import Any

import cv2
import numpy as np

HAND = 5                                   # dice per hand
VIEW = "bottom"                            # the virtual table's camera is under the tray
QUALITY = 70                               # the sample frames' JPEG quality
DIE_SIZE = 56                              # the cup games' dice, in pixels
# Smaller dice, so the hands fit apart (a 16 mm die is ~30 px across in the box: hardware.md).
# Nine hands and more do not: of 1,000 seeds of twelve hands of 22 px dice none lay apart
# unshrunk, and the reader reads from 20 px.
HAND_DIE_SIZE = {2: 44, 3: 44, 4: 44, 5: 34, 6: 32, 7: 30, 8: 27}


def hand_areas(players: int, tray: tuple[int, int, int, int]) -> list[tuple[float, float, float, float]]:
    """Where each die may lie (as seen from above): five to a hand, the hands round the tray."""
    tx, ty, tw, th = tray
    cx, cy = tx + tw / 2, ty + th / 2
    w, h, rx, ry = {2: (150, 240, 0.27, 0.0), 3: (190, 140, 0.28, 0.27), 4: (200, 140, 0.25, 0.25),
                    5: (150, 110, 0.34, 0.33), 6: (130, 100, 0.35, 0.34), 7: (125, 95, 0.36, 0.35),
                    8: (115, 85, 0.37, 0.36)}[players]
    out = []
    for k in range(players):
        if players == 4:
            ax, ay = cx + (rx if k in (0, 1) else -rx) * tw, cy + (-ry if k in (0, 3) else ry) * th
        else:
            a = 2 * math.pi * (k + 0.5) / players
            ax, ay = cx + rx * tw * math.sin(a), cy - ry * th * math.cos(a)
        out += [(ax - w / 2, ay - h / 2, w, h)] * HAND
    return out


def render_roll(seed: int, dice: tuple[int, ...]) -> Any:
    """The scene (vision.render.Scene) of a roll of ``dice`` (as the players see them, in the
    renderer's order), in hands of five round the tray when more than six dice."""
    from vision.render import default_tray, render_scene

    if len(dice) > 6:
        tray = default_tray(640, 480, VIEW)
        players = len(dice) // HAND
        return render_scene(seed, view=VIEW, values=dice, style="white",
                            die_size=HAND_DIE_SIZE[players], areas=hand_areas(players, tray))
    return render_scene(seed, view=VIEW, values=dice, style="white", die_size=DIE_SIZE)


def jpeg(image: np.ndarray) -> bytes:
    ok, buf = cv2.imencode(".jpg", image, [cv2.IMWRITE_JPEG_QUALITY, QUALITY])
    assert ok
    return buf.tobytes()


def hands_of(dice: Any, players: int) -> list[list[int]] | None:
    """The hands in seating order, as the referee groups them (device.referee.group_hands)."""
    from .referee import group_hands

    names = [str(i) for i in range(players)]
    grouped = group_hands(dice, names, mirrored=VIEW == "bottom")
    return None if grouped is None else [grouped[name] for name in names]


def check_roll(scene: Any, data: bytes) -> str | None:
    """Why the roll's frame (``data``, its JPEG) will not do; None: it reads ok and right as the
    virtual table reads it, its hands apart and each read as dealt."""
    from vision.reader import read_dice

    nominal = HAND_DIE_SIZE[len(scene.labels) // HAND] if len(scene.labels) > 6 else DIE_SIZE
    if min(d.size for d in scene.labels) < 0.96 * nominal:
        return "dice shrunk to fit"
    reading = read_dice(cv2.imdecode(np.frombuffer(data, np.uint8), cv2.IMREAD_COLOR), VIEW)
    if not reading.ok:
        return f"unsure: {reading.reason}"
    if tuple(reading.values) != scene.values:
        return "read otherwise"          # (not the values: they may be dice under the cups)
    if len(scene.labels) > 6:
        players = len(scene.labels) // HAND
        labelled = hands_of(scene.labels, players)
        if labelled is None:
            return "hands not apart"
        if hands_of(reading.dice, players) != labelled:
            return "hands read otherwise"
    return None


def render_hands(seed: int, dice: tuple[int, ...], *,
                 check: bool = True) -> tuple[np.ndarray, list[list[int]] | None] | None:
    """The frame of ``dice`` (in the renderer's order) dealt in hands on the tray of ``seed``,
    decoded from its JPEG as a sample frame is, and the hands in seating order (None for six
    dice or fewer: Farkel's, in no hands); None if ``check`` and the frame does not read right
    (:func:`check_roll`)."""
    scene = render_roll(seed, dice)
    data = jpeg(scene.image)
    if check and check_roll(scene, data) is not None:
        return None
    return (cv2.imdecode(np.frombuffer(data, np.uint8), cv2.IMREAD_COLOR),
            hands_of(scene.labels, len(dice) // HAND) if len(dice) > 6 else None)
