"""What an unsure reading says: the reasons the reader gives, in words a person at the table
understands (the learned classifier's own are in vision.classifier)."""

from __future__ import annotations

from . import classifier


FACE_OFF_MIDDLE = classifier.OFF_MIDDLE  # "a die is leaning (its face is not flat on the tray)"
FADED = "a die fades into the tray: it may be leaning or lifted"
SMUDGED = "a face matches no pip layout (a pip may be hidden or smudged)"
FADED_IN_LIGHT = "a die fades into the tray (a glare on it?): show it again"
LOST_BY_EDGE = "a die may be lost against the tray's edge: calibrate the table, or move the dice to the middle"
COVERED = "something dark covers part of the tray (the cup's rim?): a die may be hidden"
DIMMED = ("the tray is much darker than when it was calibrated: something covers part of it, "
          "or the light has changed (then run dicetable calibrate again)")
GLARED_MIDDLE = "a face's middle pip is unclear (a glare on it?): show it again"
STRAY_PIPS = "pips outside every die I can see: a die may be hard to make out"
LONE_SPOT = "a dark spot off every die: a leaning die's pip, or dirt on the tray to wipe off"
LONE_LIGHT_SPOT = "a light spot off every die: the pip of a die the colour of the tray, or a glint"
LONE_DARK_SPOT = "a dark spot off every die: the pip of a die the colour of the tray, or dirt"
TRAY_NOT_IN_FRAME = "the calibrated tray does not fit the camera's frame: run dicetable calibrate again"
NOT_READABLE = "something on the tray is not a readable die"
TOUCHING = "dice are touching or overlapping"
