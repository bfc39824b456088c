"""What the web layer needs from the table, as a Protocol.

``web`` never imports ``device`` or ``vision``: ``create_app(table=..., ...)`` is handed an object
with this shape (in production ``device.table.Table``). Everything it returns is public: the
implementation guarantees that no die still under the cup appears in any of it.

Errors: methods that change the game raise ``engine.errors.RecordError`` for a malformed action or
header (HTTP 400), ``engine.errors.IllegalAction`` for one the rules refuse (HTTP 409), and
``TableError`` subclasses below for the rest.
"""

from __future__ import annotations

from typing import Any, Protocol, runtime_checkable

from engine.errors import IllegalAction


class TableError(Exception):
    """A request the table cannot serve; the message is shown to the user as it is."""


class NoGame(TableError):
    """There is no game in progress (HTTP 409)."""


class GameInPlay(TableError):
    """A new game was asked for while one is in play (not over), or while an unfinished game
    could not be resumed at startup, without saying to end it (HTTP 409): an ended game cannot be
    resumed, so it is ended only when asked to."""

    @classmethod
    def unasked(cls, playing: str) -> "GameInPlay":
        """The refusal of a new game over ``playing`` (web.catalogue.game_in_play's words)."""
        return cls(f"a game is in play ({playing}): a new game would end it for good (it cannot "
                   "be resumed). To end it and start, confirm (the API: POST /api/games?replace=1)")

    @classmethod
    def unresumed(cls, game_id: str) -> "GameInPlay":
        """The refusal of a new game over the unfinished game ``game_id`` that could not be
        resumed at startup (the public state's "unresumed")."""
        return cls(f"the unfinished game {game_id} could not be resumed: a new game would end it "
                   f"for good (its record is kept: `dicetable export {game_id} --include-live` at "
                   "the device). To end it and start, confirm (the API: POST /api/games?replace=1)")


class NotFound(TableError):
    """No such game or photo (HTTP 404)."""


class Secret(TableError):
    """That would show hidden dice (e.g. the record of an unfinished game) (HTTP 403)."""


class DiceFromCameraOnly(TableError):
    """With a camera, the dice come from the camera: an action that brings its own is refused (409)."""


class NotSaved(TableError):
    """The table could not save the change (disk full, database error), so nothing was changed
    (HTTP 503: a fault of the device, not of the request)."""


class DiceNotSettled(IllegalAction):
    """A call (or Farkel roll) at a camera table before the camera has seen the dice settle
    (HTTP 409). The API sends ``code`` beside the message: the control page keys its Mia hint on
    the code, never on the words. Not for a lost camera (a refusal of its own)."""

    code = "not_settled"


class SubscriptionLike(Protocol):
    def get(self, timeout: float | None = None) -> Any: ...   # an Event (kind, data, id) or None
    def close(self) -> None: ...


class EventsLike(Protocol):
    def subscribe(self) -> SubscriptionLike: ...


@runtime_checkable
class TableService(Protocol):
    events: EventsLike
    """Published events: kind "state" with data = public_state() after every change."""

    has_camera: bool
    """True when dice come from the camera; then actions carrying "dice" are refused."""

    virtual: bool
    """True when the camera is the virtual table (no camera found: the device rolls the dice
    itself on the sample frames it ships), so there is no camera to calibrate; False for a real
    camera or none. It may change while the app runs (the device says so once a camera opens, and
    a camera not there at startup may open later): read it each time, never keep it. The web
    layer sends it with every state (``virtual``), so the phone follows it from the next state
    event on; device.table.Table publishes a state event whenever it changes."""

    def public_state(self) -> dict[str, Any]:
        """The standings exactly as ``dicetable replay`` prints them, plus "call", "answers",
        "verdict" (with "photo": URL of the evidence photo or None, and "banner": the words of the
        photo's banner, {"lines": [str], "height": its rows in the photo, "ok": bool}, or None),
        "game_id", "device"
        ({"camera": "ok"|"lost"|"none", "message": str|None}), "dial" (the call being dialled),
        "legal" (the legal actions for the player to act), "unresumed" (the id of the unfinished
        game that could not be resumed at startup, until a new game ends it; else None).
        {"game": None, ...} with no game."""
        ...

    def start_game(self, header: dict[str, Any], *, replace: bool = False) -> str:
        """Start a new game from a record header; returns its id. While a game is in play (one
        that is not over), or while an unfinished game could not be resumed at startup (the
        state's "unresumed"), it raises ``GameInPlay`` and changes nothing, unless ``replace`` is
        True: then that game is ended (kept in history as abandoned, its record kept). Pass True
        only when the user asked for that game to be ended."""
        ...

    def act(self, action: dict[str, Any]) -> dict[str, Any]:
        """Apply one record action line for the current game; returns the new public state."""
        ...

    def undo(self) -> dict[str, Any]:
        """Take back the last action; returns the new public state."""
        ...

    def games(self) -> list[dict[str, Any]]:
        """Past and current games: {"id", "game", "players", "started", "finished", "over",
        "winner"}, newest first."""
        ...

    def record(self, game_id: str) -> str:
        """The JSON Lines record of a finished game. Raises Secret for an unfinished one,
        NotFound for an unknown id."""
        ...

    def photo(self, photo_id: str) -> bytes:
        """An evidence photo (JPEG) of a judged pull, by the id given in a verdict."""
        ...

    def preview(self) -> bytes:
        """A JPEG of the camera now, for calibration. Raises Secret while a game played with dice
        under a cup is in play (before it starts and once it is over the preview is given)."""
        ...

    def stats(self) -> dict[str, Any]:
        """Per-player statistics over all games: {"players": [{"name", "games", "wins",
        "lies_told", "lies_caught", "wrong_pulls", "kurikis", "hate_mail"}]}."""
        ...
