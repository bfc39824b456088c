"""How a verdict says what befalls a player, his name said once ("Ann called 54 and loses a
life", "Bob pulled, loses a life and is out"): the wall shows verdicts in large type, and a name
said two or three times in one made them long and repetitive."""

from __future__ import annotations

from collections.abc import Sequence


def listed(words: Sequence[str]) -> str:
    """Things said of one player, one after the other: "loses a life and is in the shit"."""
    return ", ".join(words[:-1]) + " and " + words[-1] if len(words) > 1 else words[0]


def said(subject: str, words: Sequence[str]) -> str:
    """A player's part and what comes of it, his name said once: "Ann called 9 and rolls again",
    "Bob pulled, loses a life and is in the shit"; the part alone where nothing comes of it."""
    if not words:
        return subject
    return f"{subject}{', ' if len(words) > 1 else ' and '}{listed(words)}"
