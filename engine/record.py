"""The game record: one JSON Lines format for storage, replay, the HTTP API and tests.

Line 1 is the header ``{"game": "kuriki", "players": ["Ann", "Bob"], "options": {"lives": 5}}``;
every further line is one action ``{"by": NAME, "do": VERB, ...}``. The special action
``{"do": "undo"}`` (``"by"`` optional) takes back the last action still in effect: the log stays
append-only and replaying it gives the same game. See docs/game-record.md.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from typing import Any

from .core import COUNTER_CLOCKWISE, DIRECTIONS, Game, Verdict, game_class
from .errors import EngineError, IllegalAction, LineError, RecordError, name_text

HEADER_KEYS = ("game", "players", "options", "direction")
UNDO = "undo"


def parse_json_line(text: str) -> dict[str, Any]:
    """One record line as a dict, or RecordError saying what is wrong with it."""
    try:
        value = json.loads(text)
    except json.JSONDecodeError as exc:
        # (json's "Unterminated string starting at" names its place itself: not "at at".)
        at = "" if exc.msg.endswith(" at") else " at"
        raise RecordError(f"not valid JSON ({exc.msg}{at} column {exc.colno})") from None
    except RecursionError:
        raise RecordError("not valid JSON (nested too deeply)") from None
    if not isinstance(value, dict):
        raise RecordError("a record line must be a JSON object")
    return value


def normalise_header(header: Mapping[str, Any]) -> dict[str, Any]:
    """Check a header and return it in canonical form (direction folded into options)."""
    if not isinstance(header, Mapping):
        raise RecordError("the first line must be a header object like "
                          '{"game": "kuriki", "players": ["Ann", "Bob"]}')
    unknown = sorted(set(header) - set(HEADER_KEYS))
    if unknown:
        raise RecordError(f"unknown header key {name_text(unknown[0])}; a header has: {', '.join(HEADER_KEYS)}")
    if "game" not in header:
        raise RecordError('the header needs "game"')
    if "players" not in header:
        raise RecordError('the header needs "players": the names in seating order')
    options = header.get("options", {})
    if not isinstance(options, Mapping):
        raise RecordError('"options" must be a JSON object')
    options = dict(options)
    if "direction" in header:
        if header["direction"] not in DIRECTIONS:
            raise RecordError(f'"direction" must be "clockwise" or "{COUNTER_CLOCKWISE}"')
        options.setdefault("direction", header["direction"])
    out = {"game": header["game"], "players": header["players"]}
    if options:
        out["options"] = options
    return out


def new_game(header: Mapping[str, Any]) -> Game:
    """Create the game a header describes; RecordError if anything in it is wrong."""
    header = normalise_header(header)
    cls = game_class(header["game"])
    return cls(header["players"], header.get("options"))


class Session:
    """A record being played: the header, the append-only log, and the game it adds up to."""

    def __init__(self, header: Mapping[str, Any]) -> None:
        self.header = normalise_header(header)
        self.game: Game = new_game(self.header)
        self.log: list[dict[str, Any]] = []        # every accepted line, undo lines included
        self.effective: list[dict[str, Any]] = []  # the actions still in effect

    def apply(self, action: Mapping[str, Any]) -> Verdict | None:
        """Apply one action line (or an undo). The session is unchanged if it raises."""
        if not isinstance(action, Mapping):
            raise RecordError("an action must be a JSON object")
        if action.get("do") == UNDO:
            self.undo(by=action.get("by"))
            return None
        verdict = self.game.apply(action)
        self.log.append(dict(action))
        self.effective.append(dict(action))
        return verdict

    def undo(self, by: Any = None) -> dict[str, Any]:
        """Take back the last action in effect; returns it."""
        if by is not None:
            self.game.player(by)   # an unknown name is still an error
        if not self.effective:
            raise IllegalAction("there is nothing to undo")
        undone = self.effective[-1]
        game = new_game(self.header)
        for a in self.effective[:-1]:
            game.apply(a)
        self.game = game
        self.effective.pop()
        line: dict[str, Any] = {"do": UNDO}
        if by is not None:
            line = {"by": by, "do": UNDO}
        self.log.append(line)
        return undone

    def lines(self) -> list[str]:
        """The record as JSON Lines text lines (header first, the whole log)."""
        return [json.dumps(self.header)] + [json.dumps(a) for a in self.log]


def replay(lines: Iterable[str]) -> Session:
    """Apply a whole record. Raises LineError naming the 1-based line that failed."""
    session: Session | None = None
    n = 0
    for n, text in enumerate(lines, start=1):
        if not text.strip():
            continue
        try:
            obj = parse_json_line(text)
            if session is None:
                session = Session(obj)
            else:
                session.apply(obj)
        except EngineError as exc:
            raise LineError(n, exc) from None
    if session is None:
        raise LineError(max(n, 1), RecordError("the record is empty: it needs a header line"))
    return session
