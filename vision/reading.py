"""What the reader returns: value types shared by the reader, the watcher and the device.

``vision`` knows no game: a Reading is just the dice it saw, as the players see them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from typing import Any


class View(str, Enum):
    """Where the camera looks from."""

    BOTTOM = "bottom"   # under the translucent tray: sees the faces touching it; top = 7 - bottom
    TOP = "top"         # above the tray: sees the top faces directly


class Status(str, Enum):
    OK = "ok"
    UNSURE = "unsure"


@dataclass(frozen=True)
class Die:
    """One die as read: the value the players see, where it is and how sure the reader is."""

    value: int            # 1-6, the face the players mean (already flipped for the bottom view)
    x: float              # centre, pixels
    y: float
    size: float           # side length, pixels
    confidence: float     # 0..1
    angle: float = 0.0    # degrees

    def to_dict(self) -> dict[str, Any]:
        return {"value": self.value, "x": round(self.x, 1), "y": round(self.y, 1),
                "size": round(self.size, 1), "confidence": round(self.confidence, 3)}


@dataclass(frozen=True)
class Reading:
    """The reader's answer for one frame: ok with every die, or unsure with a reason."""

    status: Status
    dice: tuple[Die, ...] = ()
    reason: str | None = None      # for unsure: what a person should fix ("a die is leaning on the rim")
    brightness: float = 0.0        # mean grey level 0..255 (the watcher uses it to see the cup lifted)
    sharpness: float = 0.0         # variance of the Laplacian (blur measure)
    extra: dict[str, Any] = field(default_factory=dict, compare=False)
    view: View | None = field(default=None, compare=False)   # the camera's, as read (None: not said)

    @property
    def ok(self) -> bool:
        return self.status is Status.OK

    @property
    def values(self) -> tuple[int, ...]:
        """The dice values, sorted high to low (what a game needs)."""
        return tuple(sorted((d.value for d in self.dice), reverse=True))

    def to_dict(self) -> dict[str, Any]:
        return {"status": self.status.value, "reason": self.reason,
                "dice": [d.to_dict() for d in self.dice]}
