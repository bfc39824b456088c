"""The JSON API (/api/...): state, live events, games, actions, undo, records, photos, preview."""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from typing import Any

from flask import Blueprint, Response, current_app, jsonify, request

from engine.errors import name_text

from .auth import current_table, pin_required
from . import finite
from .catalogue import game_a_new_one_ends, game_in_play, games_catalogue
from .enrich import enrich, version
from .services import GameInPlay, NotFound, Secret, TableError

bp = Blueprint("api", __name__, url_prefix="/api")


class BadRequest(Exception):
    """Malformed request body (HTTP 400)."""


class TooManyStreams(Exception):
    """Every event stream the server can spare is open (HTTP 503)."""


def _not_json(word: str) -> Any:
    """NaN and Infinity, which Python's json reads: the state would carry them back, and no
    browser parses that."""
    raise BadRequest(f"malformed JSON: {word} is not JSON (numbers must be finite)")


def _json_object(what: str) -> dict[str, Any]:
    """The request body as a JSON object, whatever the Content-Type says."""
    raw = request.get_data(cache=True)
    try:
        value = json.loads(raw.decode("utf-8"), parse_constant=_not_json)
    except UnicodeDecodeError:
        raise BadRequest("the body must be UTF-8 JSON") from None
    except json.JSONDecodeError as exc:
        raise BadRequest(f"malformed JSON: {exc.msg} at line {exc.lineno} column {exc.colno}") from None
    except RecursionError:
        raise BadRequest("malformed JSON: nested too deeply") from None
    if not isinstance(value, dict):
        raise BadRequest(f"the body must be a JSON object: {what}")
    if _half_a_character(value):
        raise BadRequest("the body must be UTF-8 JSON: a \\u escape in it is half of a character "
                         "(a lone surrogate)")
    return value


def _half_a_character(value: Any) -> bool:
    """Whether a string in ``value`` holds a lone surrogate (JSON's "\\ud800"), which no UTF-8
    page can hold: a player so named made every later /history page an internal error."""
    todo = [value]              # a loop, not recursion: no nesting json.loads took overflows it
    while todo:
        item = todo.pop()
        if isinstance(item, str):
            try:
                item.encode("utf-8")
            except UnicodeEncodeError:
                return True
        elif isinstance(item, dict):
            todo.extend(item.keys())
            todo.extend(item.values())
        elif isinstance(item, list):
            todo.extend(item)
    return False


def _no_store(response: Response) -> Response:
    response.headers["Cache-Control"] = "no-store"
    return response


@bp.errorhandler(BadRequest)
def _bad_request(exc: BadRequest) -> Response:
    response = jsonify(error=str(exc))
    response.status_code = 400
    return response


@bp.errorhandler(TooManyStreams)
def _too_many_streams(exc: TooManyStreams) -> Response:
    response = jsonify(error=str(exc))
    response.status_code = 503
    response.headers["Retry-After"] = "10"
    return response


@bp.get("/state")
def state() -> Response:
    table = current_table()
    return _no_store(jsonify(enrich(table.public_state(), virtual=table.virtual)))


def sse_message(kind: str, data: Any, event_id: int | None = None) -> str:
    """One Server-Sent Events message (JSON has no raw newlines, so one data line)."""
    head = f"id: {event_id}\n" if event_id else ""
    return f"{head}event: {kind}\ndata: {finite.dumps(data, separators=(',', ':'))}\n\n"


@bp.get("/events")
def events() -> Response:
    table = current_table()
    heartbeat = float(current_app.config["SSE_HEARTBEAT_SECONDS"])
    slots = current_app.extensions["dicetable.streams"]
    if not slots.acquire(blocking=False):
        raise TooManyStreams("too many scoreboards and control pages are open: close some, "
                             "this one tries again by itself")
    released = threading.Lock()

    def release() -> None:
        if released.acquire(blocking=False):   # once, whether the stream ended or never started
            slots.release()

    # Subscribe before reading the state, so nothing published in between is missed.
    try:
        subscription = table.events.subscribe()
    except BaseException:
        release()
        raise
    try:
        first = enrich(table.public_state(), virtual=table.virtual)
    except BaseException:
        subscription.close()
        release()
        raise

    closing = current_app.extensions["dicetable.closing"]
    # Set by waitress when channel_request_lookahead > 0: the browser has gone.
    gone = request.environ.get("waitress.client_disconnected", lambda: False)

    def stream() -> Iterator[str]:
        try:
            yield "retry: 1000\n" + sse_message("state", first)
            while True:
                event = subscription.get(timeout=heartbeat)
                if closing.is_set() or gone():
                    return
                if event is None:
                    yield ": keep-alive\n\n"
                    continue
                # Every state event carries the whole public state: send only the newest one.
                latest = event if event.kind == "state" else None
                while (more := subscription.get(timeout=0)) is not None:
                    if more.kind == "state":
                        latest = more
                if latest is not None:
                    yield sse_message("state", enrich(latest.data, virtual=table.virtual),
                                      getattr(latest, "id", None))
        finally:
            subscription.close()
            release()

    response = Response(stream(), mimetype="text/event-stream")
    response.call_on_close(release)
    response.headers["Cache-Control"] = "no-cache"
    response.headers["X-Accel-Buffering"] = "no"
    return response


@bp.post("/games")
@pin_required()
def start_game() -> tuple[Response, int]:
    """A game still in play, or an unfinished one that could not be resumed at startup, is ended
    only with ?replace=1, or ?ending=ITS_ID (the phone's confirmation: a game another phone
    started since is not ended unasked): an ended game cannot be resumed, so one stray tap on
    Start must not lose a table's game."""
    header = _json_object('a game record header like {"game": "kuriki", "players": ["Ann", "Bob"]}')
    replace = request.args.get("replace", "").strip().lower() in ("1", "true", "yes")
    ending = request.args.get("ending", "").strip()
    table = current_table()
    with current_app.extensions["dicetable.start_lock"]:
        state = table.public_state()
        ends = game_a_new_one_ends(state)      # in play, or unfinished and not resumed
        if ends is not None and ending and ending == ends:
            replace = True
        elif ends is not None and ending:
            playing = game_in_play(state)
            if playing is not None:
                raise GameInPlay(f"the game in play ({playing}) is not the one you confirmed "
                                 "ending: it started since. Look at the table and confirm again")
            raise GameInPlay(f"the unfinished game {ends}, which could not be resumed, is not the "
                             "one you confirmed ending. Look at the table and confirm again")
        # Without replace, the table refuses itself (GameInPlay.unasked, GameInPlay.unresumed).
        game_id = table.start_game(header, replace=replace)
    response = jsonify(id=game_id)
    response.headers["Location"] = f"/api/games/{game_id}"
    return response, 201


@bp.post("/actions")
@pin_required()
def act() -> Response:
    action = _json_object('one record action like {"by": "Ann", "do": "pass"}')
    table = current_table()
    return _no_store(jsonify(enrich(table.act(action), virtual=table.virtual)))


@bp.post("/undo")
@pin_required()
def undo() -> Response:
    """Body (optional): {"version": the state's "version" the undo was decided on}. With it, an
    undo is refused (409) once the game has moved on, so two phones tapping Undo on one state
    take back one action, not two."""
    seen = None
    if request.get_data(cache=True).strip():
        seen = _json_object('nothing, or {"version": the "version" of the state shown}').get("version")
        if seen is not None and not isinstance(seen, str):
            raise BadRequest('"version" must be the "version" string of a state')
    table = current_table()
    with current_app.extensions["dicetable.undo_lock"]:
        if seen is not None and version(table.public_state()) != seen:
            raise TableError("the game has moved on since this page showed it (another phone?): "
                             "look at it again, then undo")
        return _no_store(jsonify(enrich(table.undo(), virtual=table.virtual)))


@bp.get("/games")
def games() -> Response:
    return _no_store(jsonify(current_table().games()))


@bp.get("/games/<game_id>/record")
def record(game_id: str) -> Response:
    table = current_table()
    text = table.record(game_id)        # NotFound, or Secret while the game is being played
    entry = next((g for g in table.games() if str(g.get("id")) == game_id), None)
    if entry is not None and not entry.get("over"):
        # Abandoned mid-point, its log may hold dice that were never shown at the table.
        raise Secret("that game was abandoned before it ended: its record may hold dice that "
                     "were never shown, so it is not served here (export it at the device)")
    response = Response(text if text.endswith("\n") else text + "\n", mimetype="application/jsonl")
    safe = "".join(c for c in game_id if c.isalnum() or c in "-_") or "game"
    response.headers["Content-Disposition"] = f'attachment; filename="dicetable-{safe}.jsonl"'
    return response


@bp.get("/photos/<photo_id>")
def photo(photo_id: str) -> Response:
    data = current_table().photo(photo_id)
    if not data:
        raise NotFound(f"no photo {name_text(photo_id)}")
    response = Response(data, mimetype="image/jpeg")
    response.headers["Cache-Control"] = "private, max-age=86400"   # evidence never changes
    return response


@bp.get("/preview")
@pin_required(csrf=False)   # a GET that changes nothing; the cookie is SameSite=Strict
def preview() -> Response:
    return _no_store(Response(current_table().preview(), mimetype="image/jpeg"))


@bp.get("/stats")
def stats() -> Response:
    return _no_store(jsonify(current_table().stats()))


@bp.get("/catalogue")
def catalogue() -> Response:
    return jsonify(games=games_catalogue())
