"""Exceptions raised by the rules engine.

Every message is meant to be shown to a player or a bar owner as it is, so it says what was wrong
in table language ("Bob already passed on this roll"), never a Python detail.
"""

from __future__ import annotations

import json
from typing import Any


def json_text(value: Any) -> str:
    """A record value spelled as the record wrote it: true, null, "five", ["peek"] (not True, None, 'five')."""
    return json.dumps(value, ensure_ascii=False, default=repr)


def name_text(value: Any) -> str:
    """A name from a record as the record wrote it: "Zed" in double quotes, as every other value is
    quoted (not Python's 'Zed'); a value that is not a string is spelled as JSON too (null)."""
    return json_text(value)


class EngineError(Exception):
    """Base class: a game record or an action cannot be applied."""


class RecordError(EngineError, ValueError):
    """A line is not a valid game record line.

    Malformed JSON, an unknown game, option, player, verb or call, dice that are not 1-6.
    """


class IllegalAction(EngineError):
    """The action is well formed, but the rules forbid it at this moment."""


class LineError(EngineError):
    """An error tied to one line of a game record (1-based line number)."""

    def __init__(self, line: int, error: EngineError) -> None:
        self.line = line
        self.error = error
        super().__init__(f"line {line}: {error}")
