"""The pip reader: validated readings of the dice on the tray. Knows no game."""

from .reading import Die, Reading, Status, View

__all__ = ["Die", "Reading", "Status", "View"]
