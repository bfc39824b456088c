"""The table: the game being played, made durable, and what may be shown of it.

:class:`Table` implements :class:`web.services.TableService` for the web layer and the
seal/unseal/dial side for the referee loop (device/referee.py). Rules:

* every accepted action is committed to SQLite before it is published or returned;
* the unfinished game is resumed on construction, exactly where it was (after a power cut);
* a game in play (not over) is never ended unasked: a new game over it is refused
  (``GameInPlay``) unless the caller passes ``replace=True``, as the players asked; so is a new
  game over an unfinished game that could not be resumed at startup (its record is kept either way);
* the dice under the cup (the seal, a declare's dice) never appear in the public state, an event,
  a log line or an error message before the pull;
* with a camera, dice come from the camera: the API may not bring its own, a declare gets the
  dice sealed since the last declare (without them it is refused, phone or buttons alike, but
  for Mia's blind raise on a standing call), and a liar's dice open the hands read on the tray
  (with the photo of the frame they were read from, kept private until the open is saved, as a
  seal's photo until its pull);
* on the virtual table (``virtual``: the device rolls the dice itself), a Farkel roll sent without
  dice is the player asking for the roll, and their choice of the dice to roll (High Stakes or
  not): kept, not recorded. After a keep the virtual table rolls nothing until the player asks
  (or banks), and the note says how. So in Kuriki after a declare: nothing is rolled until the
  Next Guy takes the cup (a roll tapped without dice, or Declare pressed at the buttons; not
  recorded either), and the note says how; once he took it the note says so until he declares,
  after a power cut too (the cup taken is kept in the store);
* in Kuriki with a camera, an undo that takes back a Kuriki (the 1-2 the referee declared) takes
  back its roll too: the 1-2 is not declared again, and whoever rolled it rolls again (the
  virtual table at once; the Next Guy who had taken the cup keeps it), the note says so; and
  so after a power cut (told by the record: its last line undid a declare on 1-2);
* an undo gives each player back the dice they had (see _seal_after_undo): an undone declare its
  roller's own dice, also once a later roll settled or while it is still under way (it is taken
  back as it settles: roll_taken_back); any other undo takes back a roll that
  settled after the action undone when it changes who is to act or on which call, and at a real
  tray one still under way then too (dice that settle as the roll the table has, the cup put
  back down on them, are no roll: dice_lie_still; the stir is kept in the store, so a power cut
  between it and the undo changes nothing); such a roll landing a die short is nobody's
  dropped die (awaits_roll_taken_back): still the roll taken back once it lands whole;
* a player who fouls himself out while his roll waits for his declare takes it out with him
  (void, no longer fresh): the next player rolls his own; the foul undone gives it back;
* a new game takes over no roll of the old one: dice sealed and not declared stay the roll on the
  tray (a referee started again does not seal them afresh) but no longer wait for a declare; the
  new game's first player rolls. Dice the old game left unsealed (a Kuriki, a Farkel roll) are
  not the new game's first roll either, after a power cut too (last_roll).

Thread-safe: one re-entrant lock around everything; the referee thread and the web threads share it.
"""

from __future__ import annotations

import copy
import dataclasses
import itertools
import json
import logging
import threading
import time
import unicodedata
import uuid
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime, timezone
from typing import Any

import engine  # noqa: F401  (registers every game)
from engine.core import Outcome, Verdict
from engine.errors import EngineError, IllegalAction, RecordError, json_text
from engine.liars import HAND as LIARS_HAND
from engine.record import UNDO, Session
from web.catalogue import new_game_refusal
from web.services import DiceFromCameraOnly, DiceNotSettled, GameInPlay, NoGame, NotFound, NotSaved, Secret

from .events import EventBus
from .evidence import banner_of
from .store import LIVE, OVER, SealRow, Store, StoreError

log = logging.getLogger(__name__)

# Kuriki on the virtual table: what the Next Guy can no longer do once he took the cup and rolled.
ROLLED_AWAY_VERBS = ("pull", "pass")

BLIND_RAISE_GAMES = ("mia",)                  # a declare without fresh dice is a blind raise
NOT_SETTLED = "the dice have not settled under the cup yet"
NOT_SETTLED_OPEN = "the dice have not settled on the tray yet: the camera sends the roll once they do"
UNREADABLE = "the camera cannot read the dice: show them again"
HIDDEN_REFUSAL = "that call cannot be made with the dice under the cup (they stay hidden)"
MAX_NAME = 40                                 # characters of a player's name on the wall
BLIND_AFTER_ROLL = ("the camera saw the dice rolled and settle under the cup: a blind raise is made "
                    "without rolling, so declare this roll (untick blind)")
KURIKI_SHOWN = ("a Kuriki is shown, not called: the camera declares it by itself when it sees 1-2 "
                "(the dice under the cup stay hidden)")
HANDS_UNREAD = "the hands cannot be read: spread every hand on the tray and try again"
# The virtual table lays the hands out itself, as the round starts: only an open in that instant,
# before they are read, finds none.
HANDS_UNREAD_VIRTUAL = ("the virtual table has not read this round's hands yet (they land as the "
                        "round starts): open again in a moment")
HIDDEN_HANDS_GAMES = ("liars",)               # every hand lies under its cup on the tray all round
# The virtual table shows the hands its sample frames have (scripts/make_sample_frames.py, 2 to 8
# players: nine and more do not fit apart on the tray): more cannot be read, so cannot be opened.
HANDS_NOT_IN_FRAMES = ("the virtual table has liar's dice hands for {low} to {high} players, not "
                       "{players}: play with at most {high}, or run dicetable with --camera none "
                       "(the hands are entered at the open)")
# Played with dice under a cup (the one-cup games of referee.CUP_GAMES, and liar's dice): the camera
# sees them even when the reader sealed nothing (an unsure read), so no preview while one is in play.
# Farkel is rolled openly on the tray.
CUP_GAMES = ("kuriki", "mia", "deceit")       # two dice under one cup
# On the virtual table nothing is rolled for the player to act on a standing call until he takes
# the cup (Kuriki's Next Guy; Mia's next player, who may also raise blind on the dice as they lie).
TAKE_CUP_GAMES = ("kuriki", "mia")
UNDER_CUP_GAMES = CUP_GAMES + HIDDEN_HANDS_GAMES
PREVIEW_REFUSAL = "no camera preview while a game is played: the dice under the cup stay hidden"
# A seal an undo gave back while the later roll was still under way: the dice on the tray are not
# known yet (SealRow.tray), and the roll that settles next is that roll (see roll_taken_back).
ROLL_UNDER_WAY: tuple[int, ...] = ()
BANNERS_KEPT = 64                             # public photos whose banner words are kept in memory


class StorageFailed(NotSaved):
    """The action could not be saved, so it was not accepted (HTTP 503)."""


@dataclass
class _Step:
    """One action still in effect, with what the device knows beside the record line."""

    action: dict[str, Any]
    photo_id: str | None        # the photo of the dice this action was declared on
    # The seal it consumed (a declare), or made void (a foul that knocked out the player whose
    # roll lay waiting for his declare): so an undo can give it back.
    seal_id: str | None
    verdict: Verdict | None     # what it judged
    verdict_photo: str | None   # the evidence photo shown with that verdict
    index: int = -1             # its line's place in the record (session.log)


def _iso(ts: float | None) -> str | None:
    if ts is None:
        return None
    return datetime.fromtimestamp(ts, tz=timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def _one_line(text: str) -> str:
    """A stored record line on one line. json.dumps never writes a line break; a stored line
    holding one was damaged or edited by hand. In valid JSON a break can only stand between
    values: it becomes a space (same meaning). Elsewhere it is written as the two characters
    \\n (\\r for a carriage return, which `dicetable replay` also takes for a line's end)."""
    if "\n" not in text and "\r" not in text:
        return text
    try:
        json.loads(text)
    except (ValueError, RecursionError):
        return text.replace("\r", "\\r").replace("\n", "\\n")
    return " ".join(text.replace("\r\n", "\n").replace("\r", "\n").split("\n"))


def _after_game(exc: Exception) -> str:
    """A store message without its leading "game N: " (the note names the game already)."""
    return str(exc).partition(": ")[2] or str(exc)


def photo_url(photo_id: str | None) -> str | None:
    return f"/api/photos/{photo_id}" if photo_id else None


def _check_values(values: Sequence[int]) -> tuple[int, ...]:
    out = []
    for v in values:
        if isinstance(v, bool) or not isinstance(v, int) or not 1 <= v <= 6:
            raise ValueError("sealed dice must be whole numbers 1-6")
        out.append(int(v))
    return tuple(out)


# Bidi embeddings, overrides and isolates, and the marks: they turn the text after them round.
BIDI_CONTROLS = frozenset(map(chr, [*range(0x202A, 0x202F), *range(0x2066, 0x206A), 0x200E, 0x200F,
                                    0x061C]))
# Characters that show nothing: "Ann" and "Ann\u200b" would be two players the wall shows alike.
ZERO_WIDTH = frozenset(map(chr, [0x200B, 0x200C, 0x200D, *range(0x2060, 0x2065), 0xFEFF, 0x180E,
                                 0x00AD]))
ZWJ = "\u200d"
ZWNJ = "\u200c"
# What is dropped before two names are compared: a ZWJ left in an emoji sequence, a ZWNJ left
# between letters, and the variation selectors that pick an emoji's or a symbol's look ("❤️" and
# "❤" are one heart).
UNSEEN = frozenset([ZWJ, ZWNJ, "\ufe0e", "\ufe0f"])


def _emoji(c: str) -> bool:
    """A character an emoji ZWJ sequence joins (a symbol, or a skin tone's modifier)."""
    return unicodedata.category(c) == "So" or 0x1F3FB <= ord(c) <= 0x1F3FF


def _joins_emoji(name: str, i: int) -> bool:
    """Whether the ZWJ at ``name[i]`` joins two emoji ("👨\\u200d👩\\u200d👧", a family), where it
    belongs."""
    before = name[:i].rstrip("\ufe0f")
    return bool(before) and _emoji(before[-1]) and i + 1 < len(name) and _emoji(name[i + 1])


def _parts_letters(name: str, i: int) -> bool:
    """Whether the ZWNJ at ``name[i]`` stands between two letters, where Persian spelling puts
    one ("می\\u200cخواهم"): it changes how they join, so it is seen."""
    return 0 < i < len(name) - 1 and name[i - 1].isalpha() and name[i + 1].isalpha()


def _char_name(c: str) -> str:
    return f"U+{ord(c):04X} {unicodedata.name(c, 'unnamed')}"


def _check_names_are_seen(players: Sequence[str]) -> None:
    """Refuse a name with bidi controls or invisible characters, and two names the wall would
    show alike once such characters are dropped (the engine already refuses two equal ones)."""
    for name in players:
        shown = name.strip()
        visible = json_text("".join(c for c in shown if c not in BIDI_CONTROLS and c not in ZERO_WIDTH))
        for i, c in enumerate(shown):
            if c in BIDI_CONTROLS:
                raise RecordError(f"a player's name cannot hold a bidi control ({_char_name(c)}): it "
                                  f"turns the text after it round; {visible} holds one")
            if c in ZERO_WIDTH and not (c == ZWJ and _joins_emoji(shown, i)) and not (
                    c == ZWNJ and _parts_letters(shown, i)):
                raise RecordError(f"a player's name cannot hold an invisible character "
                                  f"({_char_name(c)}): {visible} holds one")
    seen: dict[str, str] = {}
    for name in players:
        shown = name.strip()
        key = "".join(c for c in shown if c not in UNSEEN)
        if key in seen and seen[key] != shown:
            raise RecordError(f"the names {json_text(seen[key])} and {json_text(shown)} look the same "
                              "on the wall: names must differ in what is seen")
        seen.setdefault(key, shown)


def _check_names_fit_the_wall(players: Sequence[str]) -> None:
    """Refuse, for a new game only (stored games resume as they are), a name the scoreboard and
    history cannot show: one longer than a line, with a line break or control character, a bidi
    control or an invisible character, or two names shown alike."""
    _check_names_are_seen(players)
    for name in players:
        shown = name.strip()
        if len(shown) > MAX_NAME:
            raise RecordError(f"a player's name can be at most {MAX_NAME} characters: "
                              f"{json_text(shown[:12])}... has {len(shown)}")
        if any(c in "\r\n" for c in shown):
            raise RecordError(f"a player's name cannot hold a line break: {json_text(shown)}")
        if any(unicodedata.category(c) == "Cc" for c in shown):
            raise RecordError(f"a player's name cannot hold a control character: {json_text(shown)}")


class Table:
    """The device's game table (see the module docstring)."""

    def __init__(self, store: Store, events: EventBus, *, has_camera: bool,
                 photo_limit_bytes: int = 200_000_000,
                 clock: Callable[[], float] = time.time, resume: bool = True) -> None:
        self.store = store
        self.events = events
        self.has_camera = has_camera
        self.photo_limit_bytes = photo_limit_bytes
        self._clock = clock
        self._lock = threading.RLock()
        self._session: Session | None = None
        self._game_id: str | None = None
        self._steps: list[_Step] = []
        self._seal: SealRow | None = store.seal()
        self._camera = "ok" if has_camera else "none"
        self._camera_message: str | None = None
        self._dial: str | None = None
        self._note: str | None = None
        # The unfinished game that could not be resumed at startup (its id; kept in the store as
        # it was): a new game abandons it, so only when asked to, as one in play.
        self._unresumed: str | None = None
        self._unreadable = False          # the referee cannot read the dice under the cup now
        self._preview_source: Callable[[], bytes | None] | None = None
        self._hands_source: Callable[[], dict[str, list[int]] | None] | None = None
        self._hands_photo: Callable[[dict[str, list[int]]], bytes | None] | None = None
        # The virtual table (device.camera.SampleTable, set by device.runtime) rolls the dice
        # itself, so a Farkel roll tapped on the phone tells it which roll the player makes:
        # (game id, log length, High Stakes or not), good until the game moves on.
        self._virtual = False
        # The numbers of dice the virtual table has rolls of (device.runtime sets it with
        # ``virtual``); empty when not said.
        self.virtual_dice: frozenset[int] = frozenset()
        self._roll_asked: tuple[str | None, int, bool] | None = None
        # Kuriki on the virtual table: the Next Guy took the cup (tapped roll, or pressed
        # Declare at the buttons): (game id, log length), good until the game moves on. Kept in
        # the store (Store.set_cup_taken): a power cut before his declare forgot it, and with it
        # the wall's "Bob takes the cup and rolls" (and, before his dice settled, his roll).
        self._cup_taken: tuple[str | None, int] | None = None
        # Kuriki with a camera: who rolls again because the last line took back his Kuriki (see
        # rolls_again), worked out once per (game id, log length).
        self._taken_back: tuple[tuple[str | None, int], str | None] | None = None
        # The camera saw the dice under the cup stir (the cup lifted, the dice picked up, moved,
        # rolled: see dice_stirred): (game id, log length), good until the game moves on.
        self._stirred: tuple[str | None, int] | None = None
        # The camera saw the dice stir since the game last moved and has not seen them lie
        # still since (settled as the roll the table has, or a new roll sealed or taken back):
        # (game id, log length). A roll may be under way: an undo now takes it back if it takes
        # back the call it is rolled on (see _seal_after_undo). Not _stirred, which stays set
        # (the phone's "dice settling…"): the cup lifted to show the dice at a pull and put back
        # down on them rolled nothing. Kept in the store (Store.set_stir): a power cut between
        # the stir and the undo forgot it, and the roll under way landed as the next roll.
        self._rolling: tuple[str | None, int] | None = None
        self._stats_cache: dict[str, tuple[int, dict[str, dict[str, int]]]] = {}
        # The banners of public photos read so far (photo id -> device.evidence.banner_of): the
        # public state is made again at every change, the photo read once.
        self._banners: dict[str, dict[str, Any] | None] = {}
        if resume:      # not for `dicetable export`, which only reads records
            self._resume()

    # -- resuming -----------------------------------------------------------
    def _resume(self) -> None:
        row = self.store.live_game()
        if row is None:
            # The game that ended last stays on the wall (the winner, the last verdict) and its
            # last action can still be undone, as before the restart, until a new game starts.
            row = self.store.latest_game()
            if row is None or row.status != OVER:
                return
            try:
                if row.damaged:
                    raise StoreError(row.damaged)
                session, steps = self._rebuild(row.id, row.header)
            except (StoreError, EngineError) as exc:
                log.warning("the finished game %s is not shown again: %s", row.id, exc)
                return
            self._session, self._steps, self._game_id = session, steps, row.id
            self._rolling = self._stored_stir()
            return
        try:
            if row.damaged:
                raise StoreError(row.damaged)
            session, steps = self._rebuild(row.id, row.header)
        except StoreError as exc:
            # A line the database holds damaged: said by its number (never its text, which may
            # hold dice under the cup); kept as it is, a new game abandons it (asked to: replace).
            log.error("game %s cannot be resumed: %s", row.id, exc)
            self._note = (f"the unfinished game {row.id} could not be resumed: {_after_game(exc)}; "
                          f"see `dicetable export {row.id} --include-live` at the device")
            self._unresumed = row.id
            return
        except EngineError as exc:
            # Kept as it is in the database (nothing is lost); a new game asked to replace it
            # abandons it. The engine's own words are not shown: they could name dice still
            # under the cup.
            log.error("game %s cannot be resumed: %s", row.id, exc)
            self._note = (f"the unfinished game {row.id} could not be resumed; see "
                          f"`dicetable export {row.id} --include-live` at the device")
            self._unresumed = row.id
            return
        self._session, self._steps, self._game_id = session, steps, row.id
        self._rolling = self._stored_stir()
        self._cup_taken = self._stored_cup_taken()
        # A Kuriki taken back just before the power went: its roller still rolls again, and the
        # wall says so (the record tells it; the other notes wait for the virtual table).
        self._note = self._kuriki_note()
        log.info("resumed game %s after %d log lines", row.id, len(session.log))

    def _stored_stir(self) -> tuple[str | None, int] | None:
        """The stir the store kept (see dice_stirred), if it is of the game resumed as it stands
        (its record no longer since): the dice stirred before the power went and were not seen
        lying still since. A real tray's roll under way goes on through a power cut; the virtual
        table's does not (see the ``virtual`` setter)."""
        assert self._session is not None
        try:
            stir = self.store.stir()
        except StoreError as exc:
            log.warning("whether the dice stirred before the restart is not known: %s", exc)
            return None
        return stir if stir == (self._game_id, len(self._session.log)) else None

    def _stored_cup_taken(self) -> tuple[str | None, int] | None:
        """The cup taken the store kept (see _take_cup), if it is of the game resumed as it
        stands (its record no longer since): the player to act took the cup before the power
        went, and still holds it (the note says so once the virtual table is back, see
        _choice_note)."""
        assert self._session is not None
        try:
            taken = self.store.cup_taken()
        except StoreError as exc:
            log.warning("whether the cup was taken before the restart is not known: %s", exc)
            return None
        return taken if taken == (self._game_id, len(self._session.log)) else None

    def _keep_stir(self, key: tuple[str | None, int] | None) -> None:
        """The dice stirred in the game and at the record's length ``key`` and were not seen
        lying still since (None: they lie still): remembered, and kept in the store for a power
        cut (written only when it changes)."""
        if key == self._rolling:
            return
        self._rolling = key
        try:
            self.store.set_stir(*(key or (None, None)))
        except StoreError as exc:
            # Not kept: after a power cut the store's last word stands (a stir not known, or
            # one since seen to lie still).
            log.error("could not save whether the dice stirred: %s", exc)

    def _rebuild(self, game_id: str, header: Mapping[str, Any]) -> tuple[Session, list[_Step]]:
        session = Session(header)
        steps: list[_Step] = []
        for n, act in enumerate(self.store.actions(game_id), start=2):
            try:
                self._apply_line(session, steps, act.line, act.photo_id, act.seal_id)
            except EngineError:
                raise RecordError(f"stored line {n} no longer replays") from None
        return session, steps

    @staticmethod
    def _apply_line(session: Session, steps: list[_Step], line: Mapping[str, Any],
                    photo_id: str | None, seal_id: str | None) -> _Step | None:
        """Apply one line to the session and keep ``steps`` in step with ``session.effective``.
        Returns the new step (None for an undo). Changes nothing if it raises."""
        if line.get("do") == UNDO:
            session.apply(line)
            steps.pop()
            return None
        verdict = session.apply(line)
        verdict_photo = None
        # Only a verdict that shows the dice (a pull, a Kuriki, an open) shows their photo: a
        # foul mid-point or an accepted Mia lifts no cup, and its photo would be of the dice
        # still under it (published, its address in the public state).
        if verdict is not None and (verdict.dice is not None or verdict.hands is not None):
            # The evidence is the photo of the latest dice declared since the previous verdict.
            if photo_id:
                verdict_photo = photo_id
            else:
                for step in reversed(steps):
                    if step.verdict is not None and step.verdict.outcome is not Outcome.FOUL:
                        break               # (a foul mid-point leaves the dice under the cup)
                    if step.photo_id:
                        verdict_photo = step.photo_id
                        break
        step = _Step(dict(line), photo_id, seal_id, verdict, verdict_photo, len(session.log) - 1)
        steps.append(step)
        return step

    @property
    def virtual(self) -> bool:
        """Whether the camera is the virtual table (it rolls the dice itself)."""
        return self._virtual

    @virtual.setter
    def virtual(self, value: bool) -> None:
        # Told by device.runtime once the camera is open, after a restart too: the game resumed
        # may be waiting for a Farkel player's High Stakes choice, whose note (how to choose) must
        # show now, not only after the game next changes. Another note standing (a game that
        # could not be resumed, the referee's) is left as it is. A change is published, note or
        # not: the web layer sends ``virtual`` with every state and the phone follows it (the
        # virtual table's note or the camera preview), so a camera opening late as the virtual
        # table must not wait for an unrelated event. Told the same again (at every camera
        # reopened), nothing changed: nothing is published.
        with self._lock:
            value = bool(value)
            if value == self._virtual:
                return
            before = self._choice_note()
            self._virtual = value
            if value:
                # The virtual table started again holds the cup up over an empty tray: no roll
                # of its from before a restart is under way (kept in the store, see dice_stirred).
                self._keep_stir(None)
            after = self._choice_note()
            if after != before and self._note in (None, before):
                self._note = after
            self._publish_state()

    def _hands_not_in_frames(self, players: int) -> str | None:
        """Why the virtual table cannot show ``players`` liar's dice hands (its sample frames have
        none of that many), or None."""
        if not self._virtual or not self.virtual_dice:
            return None
        hands = sorted(n // LIARS_HAND for n in self.virtual_dice
                       if n % LIARS_HAND == 0 and n // LIARS_HAND >= 2)
        if not hands or players * LIARS_HAND in self.virtual_dice:
            return None
        return HANDS_NOT_IN_FRAMES.format(low=hands[0], high=hands[-1], players=players)

    def hands_unread(self) -> str:
        """What to tell a player whose open finds no hands read on the tray."""
        with self._lock:
            if not self._virtual:
                return HANDS_UNREAD
            if self._session is not None and self._session.header["game"] in HIDDEN_HANDS_GAMES:
                alive = [p for p in self._session.game.public_state().get("players", [])
                         if not p.get("out")]
                why = self._hands_not_in_frames(len(alive))
                if why is not None:
                    return why
            return HANDS_UNREAD_VIRTUAL

    # -- TableService -------------------------------------------------------
    @property
    def session(self) -> Session | None:
        return self._session

    @property
    def game_id(self) -> str | None:
        return self._game_id

    @property
    def sealed(self) -> bool:
        return self._seal is not None

    @property
    def fresh_roll(self) -> bool:
        """Whether dice sealed under the cup wait for their declare (sealed, not yet declared)."""
        return self._seal is not None and self._seal.fresh

    def dice_stirred(self) -> None:
        """The referee saw the dice under the cup stir since the game last moved: the cup
        lifted, the dice picked up, moved, or settled anew (device.referee). Until then nobody
        has rolled, and the phone says so, rather than "dice settling…" (public state
        ``dice_rolled``). A yes or no, never the dice."""
        with self._lock:
            if self._session is None:
                return
            key = (self._game_id, len(self._session.log))
            self._keep_stir(key)
            if self._stirred == key:
                return
            self._stirred = key
            if self.has_camera and self._session.header["game"] in CUP_GAMES \
                    and not (self._seal is not None and self._seal.fresh):
                self._publish_state()

    def dice_lie_still(self) -> None:
        """The referee saw the dice settle as the roll the table has (no new roll: the cup lifted
        and put back down on them, the dice pushed): no roll is under way. A roll an undo took
        back while it was under way (see _seal_after_undo) never came: the dice lying there are
        the seal's own, and the next roll is a new one, not taken back."""
        with self._lock:
            self._keep_stir(None)
            seal = self._seal
            if seal is None or seal.tray != ROLL_UNDER_WAY:
                return
            try:
                self.store.set_seal_tray(None)
            except StoreError as exc:
                # Not kept: after a power cut the next roll is taken back, as it was to be.
                log.error("could not save the dice on the tray: %s", exc)
            self._seal = dataclasses.replace(seal, tray=None)

    def cup_taken(self) -> bool:
        """Kuriki or Mia on the virtual table: whether the player to act took the cup to roll (tapped
        roll, or pressed Declare at the buttons) since the game last changed."""
        with self._lock:
            taken = self._cup_taken
            return (taken is not None and self._session is not None
                    and taken == (self._game_id, len(self._session.log)))

    def _rolled_on(self) -> bool:
        """Kuriki on the virtual table: the player to act took the cup and rolled (tapped roll:
        his dice are rolling, or lie sealed under the cup), so the dice the standing call was
        declared on are no longer on the tray. A declare by the Next Guy means he took the cup
        and rolled (docs/game-record.md): he declares on his roll; he can no longer pull on
        the dice he rolled away, nor pass on them."""
        if not (self.has_camera and self._virtual) or self._session is None \
                or self._session.header["game"] not in TAKE_CUP_GAMES or self._session.game.over:
            return False
        if self._session.game.public_state().get("call") is None:
            return False
        return self.cup_taken() or (self._seal is not None and self._seal.fresh) \
            or self._kuriki_taken_back() == self._session.game.to_act

    def _kuriki_taken_back(self) -> str | None:
        """Kuriki with a camera: who rolled the Kuriki that the last line of the record (an undo)
        took back, while the game has not moved on since; else None.

        The undo takes back the Kuriki and the roll it was shown on: the 1-2 is not declared
        again (the undo would take back nothing, and nothing before the Kuriki could ever be
        undone), and he rolls again, as an undone declare leaves the roller his dice to declare
        on (docs/game-record.md). The Next Guy who had taken the cup keeps it: he rolled, the
        dice the call was made on are rolled away. Told by the record alone, so a power cut
        changes nothing."""
        session = self._session
        if session is None or not self.has_camera or session.header["game"] != "kuriki" \
                or session.game.over:
            return None
        key = (self._game_id, len(session.log))
        if self._taken_back is None or self._taken_back[0] != key:
            self._taken_back = (key, _kuriki_taken_back(session.log))
        return self._taken_back[1]

    def rolls_again(self) -> tuple[str, int] | None:
        """Kuriki with a camera: the player who rolls again because the last action, an undo,
        took back his Kuriki (see :meth:`_kuriki_taken_back`), with the record's length then
        (which re-roll this is: the virtual table rolls it once, at once, see
        device.referee.dice_on_table); None when there is none, or his roll has settled under
        the cup (sealed, waiting for his declare)."""
        with self._lock:
            who = self._kuriki_taken_back()
            if who is None or (self._seal is not None and self._seal.fresh):
                return None
            assert self._session is not None
            return who, len(self._session.log)

    def _kuriki_note(self) -> str | None:
        """What the wall says while a Kuriki taken back is rolled again, or None."""
        who = self._kuriki_taken_back()
        if who is None:
            return None
        return f"the Kuriki is taken back: {who} rolls again, and declares once the dice settle under the cup"

    def _holds_the_cup(self) -> bool:
        """Kuriki or Mia on the virtual table: the player to act took the cup on the standing
        call (see _take_cup) and has not declared since: his roll is under way, or settled under
        the cup for his declare. Kept over a power cut (see _stored_cup_taken)."""
        if not (self.has_camera and self._virtual) or self._session is None \
                or self._session.header["game"] not in TAKE_CUP_GAMES or self._session.game.over:
            return False
        return self.cup_taken() and self._session.game.public_state().get("call") is not None

    def _waits_for_cup(self) -> bool:
        """Kuriki on the virtual table: a call stands and the table waits for the player to act
        to take the cup (tap roll) before it rolls for them: nobody rolls for the Next Guy, whose
        1-2 was declared a Kuriki before he ever took the cup."""
        if not (self.has_camera and self._virtual) or self._session is None \
                or self._session.header["game"] not in TAKE_CUP_GAMES or self._session.game.over:
            return False
        if self._seal is not None and self._seal.fresh:
            return False
        if self._session.game.public_state().get("call") is None or self.cup_taken() \
                or self._kuriki_taken_back() is not None:
            return False
        # Mia: a standing Mia is accepted or pulled, never rolled on.
        return any(a.get("do") == "declare" for a in self._session.game.legal_actions())

    def public_state(self) -> dict[str, Any]:
        with self._lock:
            return self._public_state()

    def _public_state(self) -> dict[str, Any]:
        device = {"camera": self._camera, "message": self._camera_message}
        common = {"device": device, "dial": self._dial, "note": self._note,
                  "sealed": self._seal_hidden(), "unresumed": self._unresumed}
        if self._session is None:
            return {"game": None, "players": [], "over": False, "winner": None, "to_act": None,
                    "call": None, "answers": None, "verdict": None, "game_id": None,
                    "legal": [], "options": None, **common}
        game = self._session.game
        state = game.public_state()
        if state.get("verdict") is not None:
            state["verdict"] = self._shown_verdict(state["verdict"], self._current_verdict_photo())
        state.update(common)
        state["game_id"] = self._game_id
        state["legal"] = [] if game.over else game.legal_actions()
        if self._rolled_on():
            # (The rules still allow them: the take of the cup is not in the record.)
            # Nor a blind raise (Mia): his dice are rolled.
            state["legal"] = [a for a in state["legal"] if a.get("do") not in ROLLED_AWAY_VERBS
                              and not (a.get("do") == "declare" and a.get("blind") is True)]
        state["options"] = game.options.to_dict()
        state["can_undo"] = bool(self._session.effective)
        if self.has_camera and self._session.header["game"] in CUP_GAMES:
            # Whether dice have settled under the cup since the last declare (a declare now takes
            # them; before, it is refused as not settled): a yes or no, never the dice.
            state["dice_settled"] = self._seal is not None and self._seal.fresh
            # Whether a roll is under way since the game last moved (dice_settled then says
            # "dice settling…"), or nobody has rolled yet: at a real tray, whether the camera
            # saw the dice stir since (see dice_stirred); the virtual table rolls on its own.
            state["dice_rolled"] = state["dice_settled"] or self._virtual \
                or self._stirred == (self._game_id, len(self._session.log))
            state["take_cup"] = self._waits_for_cup()
        return state

    def _seal_hidden(self) -> bool:
        """Whether the sealed dice are still hidden under the cup (what the wall's "dice sealed
        under the cup" says): not yet declared, or declared with no verdict since. (A later roll
        an undo took back, left on the tray declared on by nobody, does not change that: the
        call it brought back stands on the dice declared, see _seal_after_undo.)"""
        seal = self._seal
        if seal is None:
            return False
        if seal.fresh:
            return True
        for step in reversed(self._steps):
            if step.verdict is not None and step.verdict.outcome is not Outcome.FOUL:
                return False            # judged (or the round ended): no longer under the cup
            if step.seal_id is not None:
                return True
        return False

    def _shown_verdict(self, verdict: Mapping[str, Any], photo_id: str | None) -> dict[str, Any]:
        """A verdict as the public state and the verdict event show it: with its photo's address
        (``photo``, or None) and the words of the photo's banner (``banner``: {"lines", "height",
        "ok"}, see device.evidence; None for no photo, or one made before photos carried them).
        Only a verdict's photo, public with it, is read: the banner says what the dice are, so
        never before the pull."""
        return dict(verdict, photo=photo_url(photo_id), banner=self._photo_banner(photo_id))

    def _photo_banner(self, photo_id: str | None) -> dict[str, Any] | None:
        if photo_id is None:
            return None
        if photo_id not in self._banners:
            try:
                jpeg = self.store.photo(photo_id, public_only=True)
            except StoreError as exc:
                log.warning("the photo's banner could not be read: %s", exc)
                return None
            if jpeg is None:          # not public (not yet, or evicted): nothing of it is shown
                return None
            if len(self._banners) >= BANNERS_KEPT:
                self._banners.pop(next(iter(self._banners)))
            self._banners[photo_id] = banner_of(jpeg)
        return copy.deepcopy(self._banners[photo_id])

    def _current_verdict_photo(self) -> str | None:
        for step in reversed(self._steps):
            if step.verdict is not None:
                return step.verdict_photo
        return None

    def start_game(self, header: dict[str, Any], *, replace: bool = False) -> str:
        """Start a new game; returns its id. A game in play (not over), or the unfinished game
        that could not be resumed at startup, is ended (abandoned, its record kept) only with
        ``replace=True``, which a caller passes only when the players asked for it to be ended:
        else ``GameInPlay``, and nothing changes. An ended game cannot be resumed."""
        session = Session(header)      # RecordError for a bad header, before anything changes
        _check_names_fit_the_wall(session.header["players"])
        with self._lock:
            if session.header["game"] in HIDDEN_HANDS_GAMES:
                # A game whose opens could never be judged: said now, not at its first open.
                why = self._hands_not_in_frames(len(session.header["players"]))
                if why is not None:
                    raise IllegalAction(why)
            # The web layer's notion of what a new game would end, from the public state: the
            # game in play (a finished game is not), or the one that could not be resumed.
            refusal = new_game_refusal(self._public_state())
            if refusal is not None and not replace:
                raise refusal
            try:
                game_id = self.store.new_game(session.header)
            except StoreError as exc:
                raise StorageFailed(f"the game could not be saved: {exc}") from None
            self._session, self._steps, self._game_id = session, [], game_id
            if self._seal is not None and self._seal.fresh:
                # The old game's roll, sealed and never declared, is nobody's in the new game
                # (store.new_game unsealed it in the same transaction). Left fresh, the first
                # player of every new game found it "settled" under the cup and declared on it;
                # the virtual table, which rolls nothing while a roll waits for its declare,
                # never rolled for them. It stays the roll on the tray, as dice left there after
                # a restart do (last_roll): a real tray does not seal it again, even after a
                # power cut; the first player rolls (the virtual table rolls for them).
                self._seal = dataclasses.replace(self._seal, fresh=False)
            if self._seal is not None and self._seal.tray == ROLL_UNDER_WAY:
                # Nor does it take back a roll under way (store.new_game forgot the mark too):
                # the old game's call an undo gave back is gone, and what lands is the new
                # game's first roll, as before an undo could take a roll back.
                self._seal = dataclasses.replace(self._seal, tray=None)
            self._dial = None
            self._note = None
            self._unresumed = None      # abandoned by store.new_game, its record kept
            log.info("game %s started: %s with %s", game_id, session.header["game"],
                     ", ".join(session.header["players"]))
            self._publish_state()
            return game_id

    def act(self, action: dict[str, Any], *, from_device: bool = False,
            photo: bytes | None = None) -> dict[str, Any]:
        """Apply one record action line; returns the new public state.

        ``photo`` (device only): the picture of dice the device passes itself (a Kuriki seen).
        A liar's dice open without one takes the photo of the hands it judges from the hands
        source (:meth:`set_hands_source`), phone and Pull button alike.
        """
        if not isinstance(action, Mapping):
            raise RecordError("an action must be a JSON object like {\"by\": NAME, \"do\": VERB}")
        with self._lock:
            session = self._require_session()
            action = dict(action)
            verb = action.get("do")
            if verb == UNDO:
                return self._undo(action)
            game_name = session.header["game"]
            photo_id: str | None = None
            seal_id: str | None = None
            injected = False
            if self.has_camera and self.virtual and game_name == "farkel" and verb == "roll" \
                    and "dice" not in action:
                return self._ask_roll(session, action)
            if game_name in TAKE_CUP_GAMES and "dice" not in action and self._waits_for_cup() \
                    and (verb == "roll" or (verb == "declare" and from_device
                                            and action.get("blind") is not True)):
                return self._take_cup(session, action)
            if game_name in BLIND_RAISE_GAMES and verb == "declare" and action.get("blind") is True \
                    and "dice" not in action and action.get("by") == session.game.to_act \
                    and self._rolled_on():
                # Mia on the virtual table: a blind raise is made on the dice as they lie; once
                # he took the cup they are rolled away, and his roll landing after the raise
                # was sealed as the next player's.
                raise IllegalAction(BLIND_AFTER_ROLL)
            if verb in ROLLED_AWAY_VERBS and action.get("by") == session.game.to_act \
                    and self._rolled_on():
                # Pulled after taking the cup, the verdict judged the dice rolled away while the
                # tray showed his roll, which the next Roller then found sealed as his own.
                raise IllegalAction(
                    f"{session.game.to_act} took the cup and rolled: the dice the call was made "
                    f"on are rolled away, so there is no {verb} on them; declare on the dice "
                    "under the cup")
            if self.has_camera:
                brings_dice = "dice" in action or "hands" in action
                if brings_dice and not from_device and not (game_name == "farkel" and verb == "keep"):
                    raise DiceFromCameraOnly("with a camera the dice come from the camera: "
                                             "send the action without \"dice\" or \"hands\"")
                if game_name in HIDDEN_HANDS_GAMES and verb == "open" and "hands" not in action:
                    # The web cannot bring the hands here, so they are read as the button reads them.
                    hands = self._hands_source() if self._hands_source is not None else None
                    if hands is None:
                        raise IllegalAction(self.hands_unread())
                    action["hands"] = hands
                if game_name in HIDDEN_HANDS_GAMES and verb == "open" and photo is None \
                        and self._hands_photo is not None and isinstance(action.get("hands"), dict):
                    # The photo of the frame the hands were read from (phone or Pull button
                    # alike): kept private here, public with the open's verdict (see _persist).
                    try:
                        photo = self._hands_photo(action["hands"])
                    except Exception:   # evidence is nice to have, not worth a refused open
                        log.exception("the photo of the hands could not be made")
                        photo = None
                wants_seal = verb == "declare" or (game_name == "farkel" and verb == "roll")
                if wants_seal and "dice" not in action:
                    seal = self._seal
                    if seal is not None and seal.fresh and action.get("blind") is True:
                        # (The engine's "a blind raise has no dice" told the player nothing.)
                        raise IllegalAction(BLIND_AFTER_ROLL)
                    if seal is not None and seal.fresh:
                        action["dice"] = list(seal.dice)
                        photo_id, seal_id, injected = seal.photo_id, seal.seal_id, True
                    elif self._unreadable:
                        raise IllegalAction(UNREADABLE)
                    elif self._camera == "lost":
                        # Also Mia's blind raise: nobody can tell whether the dice were rolled.
                        raise IllegalAction(f"{NOT_SETTLED}: the camera cannot see the tray"
                                            + (f" ({self._camera_message})" if self._camera_message else ""))
                    elif game_name not in BLIND_RAISE_GAMES or verb != "declare":
                        # Farkel is rolled openly: there is no cup to speak of.
                        raise DiceNotSettled(NOT_SETTLED_OPEN if game_name == "farkel" else NOT_SETTLED)
                    elif not self._may_raise_blind(session, action):
                        # Mia: without a seal only a blind raise goes, and a round's first call
                        # (or one said to be rolled) is none: it went in with no dice, and its
                        # pull was refused asking for the "dice" the camera should have read.
                        raise DiceNotSettled(NOT_SETTLED)
                elif from_device and "dice" in action and photo is None and self._seal is not None \
                        and self._seal.fresh and sorted(action["dice"]) == sorted(self._seal.dice):
                    photo_id, seal_id = self._seal.photo_id, self._seal.seal_id
            own_photo = None
            if photo is not None and photo_id is None:
                photo_id = own_photo = self._save_photo(photo)
            to_act = session.game.to_act
            acting = _acting(session)
            try:
                step = self._apply_line(session, self._steps, action, photo_id, seal_id)
            except EngineError as exc:
                self._drop_photo(own_photo)
                if injected:
                    raise self._hidden_safe_error(exc, action) from None
                raise
            assert step is not None
            if seal_id is None and self._fouled_out_with_his_roll(session, action, to_act):
                assert self._seal is not None
                step.seal_id = self._seal.seal_id       # its undo gives the roll back
            seal = self._seal
            no_wait = None
            if seal is not None and seal.tray == ROLL_UNDER_WAY and _acting(session) != acting:
                # A turn taken while the roll an undo took back is still under way (the call
                # made again, passed on, pulled): the game has moved on from the call the undo
                # gave back, and that roll lands as any roll would now (Cy's, passed to again;
                # Bob's, on Ann's declare made again), not taken back. A bystander's foul changes
                # no turn: the roll is still waited for.
                no_wait = dataclasses.replace(seal, tray=None)
            try:
                self._persist(action, step, seal_fresh=False if step.seal_id else None, seal=no_wait)
            except StorageFailed:
                self._drop_photo(own_photo)
                raise
            return self._after_change(step)

    def _fouled_out_with_his_roll(self, session: Session, action: Mapping[str, Any],
                                  to_act: str | None) -> bool:
        """Whether ``action`` (applied already; ``to_act``: who was to act before it) is a foul
        that knocked out the player whose roll lay sealed under the cup for his declare. His roll
        goes out with him: void, no longer fresh. Left fresh, the next player to act found it
        "settled" under the cup and could only declare on it (on the virtual table his pull and
        pass were refused as if he had taken the cup): a roll is its roller's, and the next
        player's turn starts as any turn does (his own roll, or on a standing call his choice
        to pull, pass or take the cup)."""
        seal = self._seal
        if not self.has_camera or seal is None or not seal.fresh or action.get("do") != "foul" \
                or session.header["game"] not in CUP_GAMES:
            return False
        by = action.get("by")
        if by is None or by != to_act:
            return False
        return any(p.get("name") == by and p.get("out")
                   for p in session.game.public_state().get("players", []))

    def _ask_roll(self, session: Session, action: dict[str, Any]) -> dict[str, Any]:
        """The virtual table: a Farkel roll tapped without dice is the player rolling now, and
        saying which roll they make (High Stakes, taking over the dice left, or not), as a player
        at a real table picks up those dice or six: the virtual table rolls that many at once
        (see :meth:`asked_roll`; after a keep it rolls nothing until asked) and the camera sends
        the roll once it settles. Refused as the rules would refuse that
        roll (not their turn, a stake they cannot put up); nothing goes into the record."""
        game = session.game
        state = game.public_state()
        high_stakes = action.get("high_stakes") is True
        offer = state.get("high_stakes")
        count = int(offer["dice"]) if high_stakes and offer else int(state.get("dice_left") or 6)
        # Farkel's dice are rolled openly: any placeholder roll of that many dice gets the rules'
        # own refusal, and the copy leaves the game as it is.
        copy.deepcopy(game).apply(dict(action, dice=[1] * count))
        self._roll_asked = (self._game_id, len(session.log), high_stakes)
        dice = f"{count} {'die' if count == 1 else 'dice'}"
        self._note = (f"{action['by']} takes over the {dice} left (High Stakes): rolling them"
                      if high_stakes else f"{action['by']} rolls {dice}")
        return self._publish_state()

    def _take_cup(self, session: Session, action: dict[str, Any]) -> dict[str, Any]:
        """Kuriki or Mia on the virtual table: the player to act takes the cup to roll on the standing
        call (a roll tapped on the phone; Declare pressed at the buttons, whose dialled call is
        not made: there are no dice yet). Nothing goes into the record: the virtual table rolls
        two dice at once (see device.referee.dice_on_table), the referee seals them as they
        settle (or declares a 1-2 his Kuriki), and the player then declares on them. Refused as
        the rules would refuse his declare (not his turn)."""
        game = session.game
        by = action.get("by")
        call = game.public_state().get("call")
        if session.header["game"] != "kuriki":
            # Mia: a call must beat the standing one; the lowest that does stands in for his.
            call = next((a["call"] for a in game.legal_actions()
                         if a.get("do") == "declare" and a.get("blind") is not True), call)
        # Any placeholder roll (not a 1-2) on the standing call: the rules' own refusal for a
        # player who may not take the cup now, and the copy leaves the game as it is.
        copy.deepcopy(game).apply({"by": by, "do": "declare", "call": call, "dice": [6, 6]})
        key = (self._game_id, len(session.log))
        try:
            # Kept for a power cut before his declare (the record cannot say it: taking the cup
            # is no action). Not kept, he is only asked to tap roll again after one.
            self.store.set_cup_taken(*key)
        except StoreError as exc:
            log.error("could not save that the cup was taken: %s", exc)
        self._cup_taken = key
        self._note = self._choice_note()
        return self._publish_state()

    def asked_roll(self) -> bool | None:
        """The virtual table: whether the Farkel player to act asked for the High Stakes roll
        (True) or a plain one (False) since the game last changed; None if they have not asked
        for a roll."""
        with self._lock:
            asked = self._roll_asked
            if asked is None or self._session is None \
                    or asked[:2] != (self._game_id, len(self._session.log)):
                return None
            return asked[2]

    def _choice_note(self) -> str | None:
        """The virtual table waits for a Farkel player to choose: after a keep, to roll on or
        bank; offered High Stakes, which dice to roll; for a Kuriki player to take the cup. How
        to, or None. (First, at any camera table: a Kuriki taken back is rolled again.)"""
        taken_back = self._kuriki_note()
        if taken_back is not None:
            return taken_back
        if self._holds_the_cup():
            assert self._session is not None
            return (f"{self._session.game.to_act} takes the cup and rolls: declare once the dice "
                    "settle under it")
        if self._waits_for_cup():
            assert self._session is not None
            who = self._session.game.to_act
            if self._session.header["game"] == "mia":
                return (f"{who}: tap roll to take the cup and roll (at the buttons, press Declare), "
                        "or raise blind on the dice as they lie, or pull")
            # Kuriki: a player who already passed on this roll (the cup came round to him after
            # the Roller's Pressure Move) may only pull or take the cup.
            may_pass = any(a.get("do") == "pass" for a in self._session.game.legal_actions())
            return (f"{who}: tap roll to take the cup and roll (at the buttons, press Declare), "
                    f"{'or pass, ' if may_pass else ''}or pull")
        if not self.virtual or self._session is None or self._session.header["game"] != "farkel":
            return None
        game = self._session.game
        if game.over:
            return None
        legal = game.legal_actions()
        state = game.public_state()
        if state.get("phase") == "kept" and any(a.get("do") == "roll" for a in legal):
            return self._roll_on_note(state, any(a.get("do") == "bank" for a in legal))
        if not any(a.get("do") == "roll" and a.get("high_stakes") is True for a in legal):
            return None
        n = int(state["high_stakes"]["dice"])
        return (f"{game.to_act}: tap roll with High Stakes ticked to take over the {n} "
                f"{'die' if n == 1 else 'dice'} left, or unticked to roll six dice (or dial the "
                "roll and press Declare)")

    def _roll_on_note(self, state: Mapping[str, Any], may_bank: bool) -> str:
        """The virtual table after a Farkel keep: the dice left lie still until the player taps
        roll (or banks); what to do, in the words of the phone's buttons and the box's."""
        who, n = state["to_act"], int(state.get("dice_left") or 6)
        hot = len(state.get("set_aside") or []) == len(state.get("roll") or [])
        dice = "all six dice again" if hot else f"the {n} {'die' if n == 1 else 'dice'} left"
        if may_bank:
            return (f"{who}: tap roll to roll {dice}, or bank {int(state.get('turn_total') or 0):,} "
                    "points (or dial the roll and press Declare; Pass banks)")
        entry = getattr(self._require_session().game.options, "entry", 0)
        return (f"{who}: tap roll to roll {dice} (or dial the roll and press Declare); a bank needs "
                f"{entry:,} points in one turn, this turn has {int(state.get('turn_total') or 0):,}")

    @staticmethod
    def _may_raise_blind(session: Session, action: Mapping[str, Any]) -> bool:
        """Whether a declare without dice at a camera table may be taken as a blind raise: a
        call stands to raise, and the declare does not say it was rolled (``"blind": false``).
        An explicit ``"blind": true`` is left to the rules (which refuse it with nothing to
        raise, saying why)."""
        if action.get("blind") is True:
            return True
        return action.get("blind") is not False and session.game.public_state().get("call") is not None

    def undo(self, by: str | None = None) -> dict[str, Any]:
        with self._lock:
            self._require_session()
            line: dict[str, Any] = {"do": UNDO}
            if by is not None:
                line = {"by": by, "do": UNDO}
            return self._undo(line)

    def _undo(self, line: dict[str, Any]) -> dict[str, Any]:
        session = self._require_session()
        undone = self._steps[-1] if self._steps else None
        acting = _acting(session)
        # Whether the camera saw the dice stir since the action undone and not lie still since
        # (the cup lifted: the next player's roll may be under way), asked before the undo line
        # changes the record's length.
        rolling = self._rolling == (self._game_id, len(session.log))
        self._apply_line(session, self._steps, line, None, None)
        fresh, given_back = self._seal_after_undo(session, undone, acting, rolling)
        self._persist(line, None, seal_fresh=fresh, seal=given_back)
        self._note = self._choice_note()
        self._publish_state()
        return self._public_state()

    def _seal_after_undo(self, session: Session, undone: _Step | None,
                         acting: tuple[Any, Any], rolling: bool = False) -> tuple[bool | None, SealRow | None]:
        """What an undo of ``undone`` (applied already; ``acting``: who was to act, on which call,
        before it; ``rolling``: the camera saw the dice stir since it, and not lie still since: a
        roll may be under way) does to the seal: its
        freshness (None: left as it is), and the seal given back in place of the one there (or
        None). Each player gets back the dice they had, from the record and the seal's ``at``
        (the record's length when it was sealed), both in the store: a power cut after the undo
        changes nothing.

        * An undone declare on sealed dice gives its roller those dice back, sealed and waiting
          for his declare again: the seal it took (its dice are in the record line). Still the
          seal there, it is made fresh again; else (the next player took the cup and his roll
          settled, or the dice were gone) it is put back in place of the later roll, which it
          keeps as the dice on the tray (``tray``, see last_roll). Before, the later roll stayed
          fresh, and Ann declared again on Bob's dice. A later roll still under way (the cup
          lifted since the declare, or the dice gone, and nothing settled yet) is taken back
          too: its tray is ROLL_UNDER_WAY until it settles (roll_taken_back). Before, the
          roll settling after the undo cleared the seal given back and was sealed for Ann.
        * Any other undo (a pass, a pull, an accepted Mia, a foul that voided the call or
          knocked someone out) takes back a roll that settled after the action undone when the
          undo changes who is to act or on which call: that roll is not the roll of the player
          now to act, whose call (and, on the virtual table, whose choice to pull, pass or take
          the cup) comes back. Left fresh, Bob's undone pass gave him Cy's roll to declare on
          (his pull refused: "Bob took the cup and rolled"); a pull or an accepted Mia undone
          gave him the next point's roll. It stays the roll on the tray (a referee started
          again does not seal it afresh), declared on by nobody. A roll that lay fresh before
          the action undone (a foul by another player while it waited for its declare) stays
          fresh: it is as it was. (After a Kuriki the roll is its roller's: he rolls again,
          see _kuriki_taken_back.) So too a roll still under way at the undo at a real tray
          (the cup lifted since the action undone, nothing settled since): the seal there (the
          dice the call was declared on, or none if they were picked up) is kept not fresh with
          its tray ROLL_UNDER_WAY, and the roll, once it settles, is taken back
          (roll_taken_back). Before, it was sealed for the player now to act: Bob's undone pass
          gave him Cy's roll to declare on. Not on the virtual table: it rolls nothing for the
          player now to act until he takes the cup, and the roll held up in the air then lands
          as his.
        * An undone foul that knocked out the player whose roll lay waiting for his declare (and
          so made it void, see _fouled_out_with_his_roll) gives it back as a declare's seal,
          fresh again, while it is still the seal there."""
        seal = self._seal
        if undone is None:
            return None, None
        if undone.seal_id is not None:
            if seal is not None and seal.seal_id == undone.seal_id:
                if rolling and not seal.fresh:
                    # The cup was lifted since the declare: the next player's roll may be under
                    # way (nothing new settled yet). What settles next is that roll, not hers.
                    return None, dataclasses.replace(seal, fresh=True, tray=ROLL_UNDER_WAY)
                return True, None
            dice = undone.action.get("dice")
            if isinstance(dice, list):
                # The later roll still lies on the tray (at a real tray), a referee started
                # again after a power cut takes it for the roll the table has, not a new roll to
                # seal in place of the dice given back. No seal: the dice were picked up (the
                # later roll is under way, or the virtual table holds them up): what settles
                # next is that roll.
                tray = ROLL_UNDER_WAY if seal is None or seal.tray == ROLL_UNDER_WAY \
                    else (seal.tray or seal.dice)
                return None, SealRow(undone.seal_id, tuple(int(v) for v in dice), undone.photo_id,
                                     True, at=undone.index, tray=tray)
            # A foul that voided its roller's roll, since rolled away: the record has no dice of
            # that roll to give back; a later roll is taken back as after any other undo.
        if session.header["game"] not in CUP_GAMES:
            return None, None
        if undone.verdict is not None and undone.verdict.outcome is Outcome.KURIKI:
            return None, None
        turned = _acting(session) != acting
        if seal is not None and seal.fresh:
            rolled_after = seal.at is None or seal.at > undone.index
            return (False, None) if rolled_after and turned else (None, None)
        if rolling and turned and not self._virtual:
            # Nothing settled since the action undone, and the dice stirred: the roll under way
            # is taken back as it lands, as one that had settled is. The mark needs a seal row to
            # be kept in (a power cut): the seal there, or one of no dice (they were picked up).
            kept = seal if seal is not None else SealRow(uuid.uuid4().hex, (), None, False,
                                                         at=len(session.log))
            return None, dataclasses.replace(kept, fresh=False, tray=ROLL_UNDER_WAY)
        return None, None

    def _persist(self, line: dict[str, Any], step: _Step | None, *, seal_fresh: bool | None,
                 seal: SealRow | None = None) -> None:
        """Commit the line (durably) or put the session back as the store has it, and refuse.
        ``seal``: the seal given back (an undo), in the same transaction."""
        assert self._session is not None and self._game_id is not None
        game = self._session.game
        status = OVER if game.over else LIVE
        try:
            self.store.append_action(
                self._game_id, line,
                photo_id=step.photo_id if step else None, seal_id=step.seal_id if step else None,
                status=status, winner=game.winner, seal_fresh=seal_fresh,
                publish_photo=step.verdict_photo if step and step.verdict else None, seal=seal)
        except StoreError as exc:
            log.error("could not save an action: %s", exc)
            header = self._session.header
            try:
                self._session, self._steps = self._rebuild(self._game_id, header)
            except (EngineError, StoreError):
                self._session, self._steps = None, []
            raise StorageFailed(f"the action could not be saved, so it did not count: {exc}") from None
        if seal is not None:
            self._seal = seal
        if seal_fresh is not None and self._seal is not None:
            self._seal = dataclasses.replace(self._seal, fresh=seal_fresh)

    def _after_change(self, step: _Step) -> dict[str, Any]:
        self._note = self._choice_note()
        state = self._publish_state()
        if step.verdict is not None:
            verdict = self._shown_verdict(step.verdict.to_dict(), step.verdict_photo)
            self.events.publish("verdict", verdict)
            if step.verdict.outcome is Outcome.KURIKI:
                self.events.publish("kuriki", verdict)
            log.info("game %s verdict: %s", self._game_id, step.verdict.outcome.value)
        return state

    def _hidden_safe_error(self, exc: EngineError, action: dict[str, Any]) -> EngineError:
        """The engine's message, unless it depends on the hidden dice: then a fixed one.

        The message is tried against every other roll of as many dice; if any roll gives a
        different message, the message says something about these dice and is not shown."""
        assert self._session is not None
        if self._session.header["game"] == "kuriki" and action.get("do") == "declare":
            # A Kuriki called on the dice under the cup: whatever they are, it is never called,
            # it is shown (the camera declares it when it sees 1-2). Said so, rather than the
            # riddle "that call cannot be made".
            game = copy.deepcopy(self._session.game)
            try:
                shown = game.apply(dict(action, dice=[1, 2]))
            except EngineError:
                shown = None
            if shown is not None and shown.outcome is Outcome.KURIKI:
                return IllegalAction(KURIKI_SHOWN)
        message = str(exc)
        n = len(action.get("dice") or [])
        for roll in itertools.combinations_with_replacement(range(6, 0, -1), n):
            trial = dict(action, dice=list(roll))
            game = copy.deepcopy(self._session.game)
            try:
                game.apply(trial)
                other = None
            except EngineError as e:
                other = str(e)
            if other != message:
                return IllegalAction(HIDDEN_REFUSAL)
        return exc

    def _require_session(self) -> Session:
        if self._session is None:
            raise NoGame("there is no game in progress: start one first")
        return self._session

    def _publish_state(self) -> dict[str, Any]:
        state = self._public_state()
        self.events.publish("state", state)
        return state

    # -- history ------------------------------------------------------------
    def games(self) -> list[dict[str, Any]]:
        with self._lock:
            rows = self.store.games()
        out = []
        for r in rows:
            out.append({"id": r.id, "game": r.header.get("game"), "players": r.header.get("players", []),
                        "started": _iso(r.started), "finished": _iso(r.finished),
                        "over": r.status == OVER, "winner": r.winner, "status": r.status,
                        "actions": r.actions})
        return out

    def record(self, game_id: str) -> str:
        with self._lock:
            row = self.store.game(game_id)
            if row is None:
                raise NotFound(f"there is no game {json_text(game_id)}")
            if row.status == LIVE:
                raise Secret("that game is still being played: its record (which holds the dice "
                             "under the cup) can be read when it is over")
            if row.status != OVER:
                raise Secret("that game was abandoned before it ended: its record may hold dice "
                             "that were never shown")
            return self._record_text(row.id, row.header)

    def record_including_live(self, game_id: str) -> str:
        """The record of any game, even a live or abandoned one: for the owner at the device only
        (``dicetable export --include-live``), never for the web."""
        with self._lock:
            row = self.store.game(game_id)
            if row is None:
                raise NotFound(f"there is no game {json_text(game_id)}")
            return self._record_text(row.id, row.header)

    def _record_text(self, game_id: str, header: Mapping[str, Any]) -> str:
        # As stored (every line was written with json.dumps): a damaged line is kept as it is,
        # so that nothing whole is lost and `dicetable replay` names the damaged line; one line
        # exported per line stored, so its number is the one the table's messages give.
        return "\n".join(_one_line(text) for text in self.store.record_lines(game_id)) + "\n"

    def photo(self, photo_id: str) -> bytes:
        data = self.store.photo(photo_id, public_only=True)
        if data is None:
            raise NotFound("there is no such photo (it may have been cleared to make room)")
        return data

    def preview(self) -> bytes:
        with self._lock:
            # A cup game hides dice whether or not the reader sealed them (an unsure read seals
            # nothing); a seal hides them in any other game too.
            if self._session is not None and not self._session.game.over and (
                    self._seal is not None or self._session.header["game"] in UNDER_CUP_GAMES):
                raise Secret(PREVIEW_REFUSAL)
            source = self._preview_source
        if source is None:
            raise NotFound("there is no camera preview on this table")
        frame = source()
        if frame is None:
            raise NotFound("the camera has no picture right now")
        return frame

    def stats(self) -> dict[str, Any]:
        with self._lock:
            rows = self.store.games()
            totals: dict[str, dict[str, int]] = {}
            for r in reversed(rows):
                per_game = self._game_stats(r)
                for name, counts in per_game.items():
                    t = totals.setdefault(name, dict.fromkeys(STAT_KEYS, 0))
                    for k, v in counts.items():
                        t[k] += v
        players = [{"name": name, **counts} for name, counts in totals.items()]
        players.sort(key=lambda p: (-p["wins"], -p["games"], p["name"]))
        return {"players": players}

    def _game_stats(self, row: Any) -> dict[str, dict[str, int]]:
        key = f"{row.id}:{row.status}"
        cached = self._stats_cache.get(key)
        if cached is not None and cached[0] == row.actions:
            return cached[1]
        try:
            result = game_stats(row.header, (a.line for a in self.store.actions(row.id)))
        except (EngineError, StoreError) as exc:
            log.warning("game %s left out of the statistics: %s", row.id, exc)
            result = {}
        self._stats_cache[key] = (row.actions, result)
        return result

    # -- the referee's side --------------------------------------------------
    def seal(self, values: Sequence[int], photo_jpeg: bytes | None) -> None:
        """The dice have settled under the cup: remembered (and persisted), never shown."""
        dice = _check_values(values)
        with self._lock:
            photo_id = self._save_photo(photo_jpeg) if photo_jpeg else None
            try:
                self.store.clear_seal()
                at = len(self._session.log) if self._session is not None else None
                self._seal = self.store.set_seal(dice, photo_id, at=at)
                self._keep_stir(None)       # the roll settled
            except StoreError as exc:
                log.error("could not save the seal: %s", exc)
                self._seal = None
                raise StorageFailed("the dice could not be saved: roll again") from None
            self._publish_state()

    def last_roll(self) -> tuple[int, ...] | None:
        """The values (sorted) of the dice the last roll the table took left on the tray: the
        seal, declared or not (or the later roll still lying on the tray under a seal an undo
        gave back); else a Kuriki the last action with dice declared, or took back
        (an undo: its 1-2 lies there until its roller rolls again); in Farkel the
        last roll, less the dice kept from it since (set aside); in a new game nothing has
        happened in yet, the dice the game before left there (see _left_by_the_game_before). A
        referee that starts afresh (after a power cut) takes these dice, still on the tray, for
        that roll."""
        with self._lock:
            if self._seal is not None:
                # (A seal an undo gave back over a later roll: that roll lies on the tray. A
                # roll taken back while under way, its dice picked up: none known lie there.)
                return tuple(sorted(self._seal.tray or self._seal.dice)) or None
            if self._kuriki_taken_back() is not None:
                # The Kuriki an undo took back: its 1-2 still lies there until he rolls again.
                return (1, 2)
            if self._session is not None and not self._session.log:
                return self._left_by_the_game_before()
            return _roll_left(self._steps)

    def _left_by_the_game_before(self) -> tuple[int, ...] | None:
        """A new game with no line yet: the dice the game before it left on the tray (a Kuriki
        shown, a Farkel roll), as last_roll gives them for that game; None if there was none, or
        it cannot be read. Nobody has rolled in the new game since the referee last saw them
        (it would have said so: a roll's dice sealed or sent). A referee started again after a
        power cut right after a new game took the old game's 1-2, still lying there, for the
        new game's first roll: a Kuriki scored against the new game's Next Guy; the old game's
        Farkel roll, the new game's first roll. (Dice sealed are kept as the seal: see
        start_game.)"""
        try:
            before = next((row for row in self.store.games()
                           if self._game_id is not None and int(row.id) < int(self._game_id)), None)
            if before is None or before.damaged:
                return None
            session, steps = self._rebuild(before.id, before.header)
        except (StoreError, EngineError, ValueError) as exc:
            log.warning("the dice the game before left on the tray are not known: %s", exc)
            return None
        if self.has_camera and before.header.get("game") == "kuriki" and not session.game.over \
                and _kuriki_taken_back(session.log) is not None:
            return (1, 2)
        return _roll_left(steps)

    def dice_unreadable(self, unreadable: bool) -> bool:
        """The referee cannot read the dice under the cup (True), or can again (False).

        While it cannot, the dice under the cup are not known: they may have been rolled again.
        A seal not yet declared on is forgotten (the dice are sealed again when read), and a
        declare that would take a seal is refused, also Mia's declare without one, which would
        otherwise be a blind raise against dice perhaps rolled away. A declared seal stays: the
        declare holds its dice for the pull. Returns whether a seal was forgotten."""
        with self._lock:
            self._unreadable = bool(unreadable)
            if not unreadable or self._seal is None or not self._seal.fresh \
                    or self._waits_for_roll_taken_back():
                # (Dice an undo gave back are in the record, not among the dice unread.)
                return False
            self.unseal()
            return True

    def awaits_roll_taken_back(self) -> bool:
        """Whether the roll settling now is one an undo took back while it was under way (see
        _seal_after_undo), not landed yet: nobody's roll. The referee asks before it charges a
        dropped die: a die short in that roll is nobody's foul either (the player now to act
        did not roll it)."""
        with self._lock:
            return self._waits_for_roll_taken_back()

    def _waits_for_roll_taken_back(self) -> bool:
        """An undo took back the roll under way (it gave a roller his declared dice back, or
        took back the call that roll was rolled on), and that roll has not settled yet (see
        _seal_after_undo)."""
        seal = self._seal
        return seal is not None and seal.tray == ROLL_UNDER_WAY

    def roll_taken_back(self, values: Sequence[int]) -> bool:
        """The dice have settled under the cup: True if they are the roll an undo took back while
        it was under way (the undone declare gave its roller his dice back, or the undo took back
        the call it was rolled on), kept as the dice lying on the tray, declared on by nobody,
        while the dice given back stay sealed for his declare (the call taken back stands on the
        dice declared); False for any other roll (the referee seals it, or shows a Kuriki). Once
        they settled, a roll after the cup is next lifted is a new roll, as after any undo."""
        dice = _check_values(values)
        with self._lock:
            if not self._waits_for_roll_taken_back():
                return False
            assert self._seal is not None
            try:
                self.store.set_seal_tray(dice)
            except StoreError as exc:
                # Not kept: the store still says the roll is under way, so after a power cut
                # these dice, settling again, are taken back again. His dice stay his.
                log.error("could not save the dice on the tray: %s", exc)
            self._seal = dataclasses.replace(self._seal, tray=dice)
            self._keep_stir(None)           # the roll settled
            return True

    def unseal(self) -> None:
        """A new roll started or the dice are gone. A seal an undo gave back while the next
        player's roll was under way, or kept to take that roll back, stays: that roll is rolled,
        settles (roll_taken_back), and only a roll after it is new."""
        with self._lock:
            if self._seal is None or self._waits_for_roll_taken_back():
                return
            try:
                self.store.clear_seal()
            except StoreError as exc:
                log.error("could not clear the seal: %s", exc)
            self._seal = None
            self._publish_state()

    def _save_photo(self, jpeg: bytes) -> str | None:
        try:
            return self.store.add_photo(jpeg, limit_bytes=self.photo_limit_bytes)
        except StoreError as exc:
            log.error("photo not kept: %s", exc)   # evidence is nice to have, not worth a refusal
            return None

    def _drop_photo(self, photo_id: str | None) -> None:
        if photo_id is None:
            return
        try:
            self.store.delete_photo(photo_id)
        except StoreError as exc:
            log.warning("a refused action's photo was not deleted: %s", exc)

    def set_camera_status(self, status: str, message: str | None = None) -> None:
        if status not in ("ok", "lost", "none"):
            raise ValueError(f"camera status must be ok, lost or none, not {json_text(status)}")
        with self._lock:
            if (status, message) == (self._camera, self._camera_message):
                return
            self._camera, self._camera_message = status, message
            self._publish_state()

    def set_dial(self, call: str | None) -> None:
        with self._lock:
            if call == self._dial:
                return
            self._dial = call
            self._publish_state()

    def note(self, message: str | None) -> None:
        with self._lock:
            if message == self._note:
                return
            self._note = message
            self._publish_state()

    def set_preview_source(self, fn: Callable[[], bytes | None]) -> None:
        with self._lock:
            self._preview_source = fn

    def set_hands_source(self, fn: Callable[[], dict[str, list[int]] | None], *,
                         photo: Callable[[dict[str, list[int]]], bytes | None] | None = None) -> None:
        """How to read every liar's dice hand on the tray (the referee's), for an open sent
        without them; ``photo``: the JPEG of the frame given hands were read from (None if they
        are not the hands read), the evidence shown with an open's verdict."""
        with self._lock:
            self._hands_source = fn
            self._hands_photo = photo

    def responsive(self, timeout: float = 1.0) -> bool:
        """True when the table's lock can be had within ``timeout`` (for the systemd watchdog)."""
        if not self._lock.acquire(timeout=timeout):
            return False
        self._lock.release()
        return True


def _roll_left(steps: Sequence[_Step]) -> tuple[int, ...] | None:
    """The dice (sorted) the last roll of the actions ``steps`` left on the tray, as the record
    says them: a Kuriki the last action with dice declared; in Farkel the last roll, less the
    dice kept from it since (set aside); else None (see Table.last_roll)."""
    kept: list[int] = []
    for step in reversed(steps):
        verb = step.action.get("do")
        if "dice" not in step.action:
            continue
        dice = [int(v) for v in step.action["dice"]]
        if verb == "keep":
            kept += dice
            continue
        if verb == "roll":
            for v in kept:
                if v in dice:
                    dice.remove(v)
            return tuple(sorted(dice))
        verdict = step.verdict
        if verb == "declare" and verdict is not None and verdict.outcome is Outcome.KURIKI:
            return tuple(sorted(dice))
        return None
    return None


def _acting(session: Session) -> tuple[Any, Any]:
    """Who is to act, on which call (None: none stands): whose roll a roll waiting for its
    declare is."""
    return session.game.to_act, session.game.public_state().get("call")


def _kuriki_taken_back(lines: Sequence[Mapping[str, Any]]) -> str | None:
    """Who rolled the Kuriki (a declare on 1-2) that the last of ``lines``, a Kuriki game's log,
    took back with an undo; None if the last line is no such undo."""
    if not lines or lines[-1].get("do") != UNDO:
        return None
    effective: list[Mapping[str, Any]] = []
    for line in lines[:-1]:
        if line.get("do") != UNDO:
            effective.append(line)
        elif effective:
            effective.pop()
    if not effective:
        return None
    undone = effective[-1]
    if undone.get("do") != "declare" or undone.get("dice") not in ([1, 2], [2, 1]) \
            or not isinstance(undone.get("by"), str):
        return None
    return undone["by"]


STAT_KEYS = ("games", "wins", "lies_told", "lies_caught", "wrong_pulls", "kurikis", "hate_mail")


def game_stats(header: Mapping[str, Any], lines: Iterable[Mapping[str, Any]]) -> dict[str, dict[str, int]]:
    """Per-player counts for one game record, from the verdicts of the actions still in effect.

    * lies_told: a LIE verdict on a call this player declared (or answered for, without a declare);
    * lies_caught: a LIE verdict where this player pulled (the challenger);
    * wrong_pulls: a TRUTH verdict where this player pulled;
    * wins: 1 for the winner, or for every partner of the winning team;
    * kurikis: Kurikis shown (the standings' count where the game keeps one);
    * hate_mail: a LIE this player declared that someone else answered for (passed on and pulled).
    """
    session = Session(header)
    judged: list[tuple[dict[str, Any], Verdict | None]] = []
    for line in lines:
        if line.get("do") == UNDO:
            session.apply(line)
            judged.pop()
        else:
            judged.append((dict(line), session.apply(line)))
    names = list(session.header["players"])
    out = {n: dict.fromkeys(STAT_KEYS, 0) for n in names}
    for n in names:
        out[n]["games"] = 1
    game = session.game
    # Partners win together: the winner is the team's name ("Ann & Cy"), which is no player's,
    # so every name in the standings' winners is credited.
    winners = game.standings().get("winners") or [game.winner]
    for name in winners:
        if name in out:
            out[name]["wins"] = 1
    declarer: str | None = None
    kuriki_verdicts: dict[str, int] = {}
    for action, verdict in judged:
        if action.get("do") == "declare":
            declarer = action.get("by")
        if verdict is None:
            continue
        caller, challenger = verdict.caller, verdict.challenger
        if verdict.outcome is Outcome.LIE:
            liar = declarer or caller
            if liar in out:
                out[liar]["lies_told"] += 1
            if challenger in out:
                out[challenger]["lies_caught"] += 1
            if declarer in out and caller is not None and caller != declarer:
                out[declarer]["hate_mail"] += 1
        elif verdict.outcome is Outcome.TRUTH:
            if challenger in out:
                out[challenger]["wrong_pulls"] += 1
        elif verdict.outcome is Outcome.KURIKI:
            who = caller or action.get("by")
            if who in out:
                kuriki_verdicts[who] = kuriki_verdicts.get(who, 0) + 1
        declarer = None
    standings = {p["name"]: p for p in game.standings()["players"]}
    for n in names:
        kept = standings.get(n, {}).get("kurikis")
        out[n]["kurikis"] = kept if isinstance(kept, int) else kuriki_verdicts.get(n, 0)
    return out
