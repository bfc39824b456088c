"""From button presses to table actions: the device knows who acts, so a press needs no name.

The :class:`Console` listens to any control source (:class:`device.controls.ControlPanel` or
:class:`~device.controls.KeyboardControls`) and acts for the player whose turn it is:

================  ==============================================================================
control           what it does
================  ==============================================================================
dial (turn)       steps through the choices shown on the scoreboard (``dial``): the legal calls,
                  lowest first (Kuriki, Mia, Deceit; with "blind", "reverse" or a 1-1 target
                  where the rules offer them), the possible keeps in Farkel (it starts on the best).
                  With nothing to choose (no game, the game over, no call to make now: a Mia
                  to accept or pull, a roll to wait for) the scoreboard says why
Declare           declares the dialled call (the dice come from the camera's seal); in Farkel
                  keeps the dialled dice (with none to keep, the scoreboard says to roll or bank);
                  on the virtual table, the dial offers the roll too, after a keep (first) and
                  with High Stakes on offer, and Declare has the table roll it
Pass              passes (Kuriki); accepts a Mia or a 1-1 (Mia, Deceit); banks (Farkel)
Pull              pulls the cup (Kuriki, Mia, Deceit); opens every hand (liar's dice). Without
                  a camera the dice are entered on the phone, so the pull is made there
hold any button   Undo: takes back the last action (the record keeps an undo line)
two at once       nothing (each would act for whoever is to act by then): the scoreboard says so
push the dial     foul mode (games with fouls, i.e. Kuriki): the dial picks the player, push
                  again, the dial picks the foul (peek, disrespect, dropped-die, rusk), push again
                  (or Declare) to charge it. Pass leaves foul mode without charging anything;
                  Pull does nothing there but say on the scoreboard what to do. A new game
                  (started on the phone) leaves foul mode, and the dial starts afresh.
================  ==============================================================================

A refusal (not your turn, the dice have not settled...) is shown as the scoreboard's note; nothing
raises into the button thread.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from engine.deceit import call_name as deceit_call_name
from engine.errors import EngineError
from web.services import TableError

from .controls import ControlEvents
from .table import BLIND_AFTER_ROLL, HANDS_UNREAD_VIRTUAL

log = logging.getLogger(__name__)

#: Games whose legal_actions() list the calls highest first (the dial runs lowest first).
HIGH_FIRST = {"kuriki"}
#: The verb behind each button, per game (None: that button does nothing in this game).
BUTTON_VERBS: dict[str, dict[str, str | None]] = {
    "kuriki": {"pass": "pass", "pull": "pull"},
    "mia": {"pass": "accept", "pull": "pull"},
    "deceit": {"pass": "accept", "pull": "pull"},
    "farkel": {"pass": "bank", "pull": None},
    "liars": {"pass": None, "pull": "open"},
}
#: Without a camera these carry dice nobody at the table has seen: they are made on the phone.
PHONE_ONLY = {
    "pull": "nobody has seen the dice (no camera): pull from the phone, where the dice are entered",
    "open": "nobody has seen the hands (no camera): open from the phone, where every hand is entered",
}
KURIKI_ON_THE_PHONE = ("nobody has seen the dice (no camera): a Kuriki is declared from the phone, "
                      "where the 1-2 shown is entered")
#: The table's words for the phone, and what the wall says instead to a player at the buttons.
BUTTON_WORDS = {
    BLIND_AFTER_ROLL: ("the camera saw the dice rolled and settle under the cup: a blind raise is "
                       "made without rolling, so declare this roll (turn the dial to a call without "
                       "blind)"),
}
#: The verb the dial chooses the details of and Declare sends.
DIAL_VERBS = {"farkel": "keep", "liars": "call"}


@dataclass(frozen=True)
class Choice:
    label: str                 # what the scoreboard shows ("walnuts", "63 blind", "keep 1-5")
    action: dict[str, Any]     # the legal action, with "by"


def label_of(action: dict[str, Any]) -> str:
    """How the scoreboard shows a dialled action."""
    if action.get("do") == "keep":
        return "keep " + "-".join(str(d) for d in action.get("dice", []))
    if action.get("do") == "call" and "count" in action:      # liar's dice: "4 × 5s zhai"
        return f"{action['count']} × {action['face']}s" + (" zhai" if action.get("zhai") else "")
    extras = {k: v for k, v in action.items() if k not in ("by", "do", "call")}
    text = str(action.get("call", action.get("do")))
    if action.get("do") not in ("declare", "call"):
        text = f"{action.get('do')} {text}"
    for key, value in extras.items():
        if value is True:
            text += f" {key}"
        elif value not in (None, False):
            text += f" {key} {value}" if key != "target" else f" → {value}"
    return text


class Console:
    """Turns control events into table actions (see the module docstring)."""

    def __init__(self, table: Any, *, hands: Callable[[], dict[str, list[int]] | None] | None = None) -> None:
        """``hands``: how to get every hand on the tray for a liar's dice open (the referee's)."""
        self.table = table
        self.hands = hands
        self._lock = threading.RLock()
        self._version: tuple[Any, ...] | None = None
        self._choices: list[Choice] = []
        self._index = 0
        self.mode = "play"                 # "play" | "foul-player" | "foul-kind"
        self._foul_player: str | None = None
        self._game_id: str | None = None   # the game the mode and the dial were set in

    # -- wiring -------------------------------------------------------------
    def attach(self, controls: ControlEvents) -> "Console":
        controls.when_declare = self.declare
        controls.when_pass = self.pass_
        controls.when_pull = self.pull
        controls.when_undo = self.undo
        controls.when_turned = self.turn
        controls.when_dial_pushed = self.push
        controls.when_chord = self.chord
        return self

    # -- what the dial shows ------------------------------------------------
    @property
    def dialled(self) -> Choice | None:
        with self._lock:
            self.refresh()
            if not self._choices:
                return None
            return self._choices[self._index % len(self._choices)]

    @property
    def choices(self) -> list[Choice]:
        with self._lock:
            self.refresh()
            return list(self._choices)

    def refresh(self) -> None:
        """Follow the game: when anything changed, rebuild the dial's choices and show one."""
        with self._lock:
            session = self.table.session
            if self.table.game_id != self._game_id:
                # A new game (started on the phone): a foul half charged in the last one, with
                # its player picked, is not carried into it; the dial starts afresh below.
                self._game_id = self.table.game_id
                self.mode, self._foul_player = "play", None
            version = (self.table.game_id, len(session.log) if session is not None else -1, self.mode,
                       self._foul_player)
            if version == self._version:
                return
            self._version = version
            self._choices, self._index = self._build_choices()
            self._show()

    def _build_choices(self) -> tuple[list[Choice], int]:
        state = self.table.public_state()
        game = state.get("game")
        if game is None or state.get("over"):
            return [], 0
        if self.mode == "foul-player":
            names = [p["name"] for p in state["players"] if not p.get("out")]
            return [Choice(f"foul: {n}?", {"by": n}) for n in names], 0
        if self.mode == "foul-kind":
            from engine.kuriki import FOUL_WORDS
            return [Choice(f"{self._foul_player}: {FOUL_WORDS.get(kind, kind)}",
                           {"by": self._foul_player, "do": "foul", "kind": kind})
                    for kind in self._foul_kinds()], 0
        verb = DIAL_VERBS.get(game, "declare")
        legal = [a for a in state.get("legal", []) if a.get("do") == verb]
        rolls = [a for a in state.get("legal", []) if a.get("do") == "roll"]
        if game == "farkel" and self.table.virtual \
                and any(a.get("high_stakes") is True for a in rolls):
            # The virtual table waits for a player offered High Stakes to say which dice to
            # roll: the dial offers both rolls (six first), and Declare tells it.
            return [Choice(self._roll_label(state, a), a) for a in rolls], 0
        if game == "farkel" and self.table.virtual \
                and state.get("phase") == "kept" and rolls:
            # After a keep the virtual table waits for the player to roll on (or bank, with
            # Pass): the dial starts on the roll, then the further keeps, and Declare rolls.
            return ([Choice(self._roll_label(state, a), a) for a in rolls]
                    + [Choice(label_of(a), a) for a in legal]), 0
        if game in HIGH_FIRST:
            legal.reverse()
        # Plain calls first, variants (reverse, blind) after them, each lowest first.
        legal.sort(key=lambda a: any(a.get(k) is True for k in ("reverse", "blind")))
        choices = [Choice(label_of(a), a) for a in legal]
        return choices, self._default_index(game, state, choices)

    @staticmethod
    def _roll_label(state: dict[str, Any], action: dict[str, Any]) -> str:
        """A Farkel roll on the dial: "roll 6 dice", "roll 5 dice High Stakes"."""
        if action.get("high_stakes") is True:
            return f"roll {state['high_stakes']['dice']} dice High Stakes"
        return f"roll {state.get('dice_left') or 6} dice"

    def _default_index(self, game: str, state: dict[str, Any], choices: list[Choice]) -> int:
        if game == "farkel" and choices and state.get("roll"):
            from engine.farkel import best_keep
            session = self.table.session
            best, _ = best_keep(list(state["roll"]), session.game.options if session else None)
            for i, c in enumerate(choices):
                if sorted(c.action.get("dice", [])) == sorted(best):
                    return i
        return 0

    def _foul_hint(self) -> str:
        """What to do while a foul is being charged (Pull has no part in it)."""
        if self.mode == "foul-player":
            return ("charging a foul: turn the dial to the player, then push the dial (or Declare) "
                    "to go on; Pass cancels")
        return ("charging a foul: turn the dial to the foul, then push the dial (or Declare) to "
                "charge it; Pass cancels")

    def _foul_kinds(self) -> list[str]:
        from engine.kuriki import FOUL_KINDS
        return list(FOUL_KINDS)

    def _show(self) -> None:
        choice = self._choices[self._index % len(self._choices)] if self._choices else None
        self.table.set_dial(choice.label if choice else None)

    # -- the controls ---------------------------------------------------------
    def turn(self, step: int) -> None:
        with self._lock:
            self.refresh()
            if not self._choices:
                self._refuse(self._nothing_to_dial())
                return
            self._index = (self._index + step) % len(self._choices)
            self._show()

    def declare(self) -> None:
        with self._lock:
            self.refresh()              # (a new game leaves foul mode before the mode is read)
            if self.mode != "play":
                self.push()
                return
            choice = self.dialled
            if choice is None:
                self._refuse(self._no_game() or self._nothing_to_declare())
                return
            if not self.table.has_camera and choice.action.get("call") == "kuriki":
                # A Kuriki is declared with the 1-2 shown; the rules' refusal asked for its "dice".
                self._act(dict(choice.action), refusal=KURIKI_ON_THE_PHONE)
                return
            self._act(dict(choice.action))

    def pass_(self) -> None:
        with self._lock:
            self.refresh()
            if self.mode != "play":
                self._set_mode("play")
                self.table.note("foul cancelled")
                return
            self._button("pass")

    def pull(self) -> None:
        with self._lock:
            self.refresh()
            if self.mode != "play":
                if self._no_game() is None:
                    self._refuse(self._foul_hint())
                    return
                self._set_mode("play")   # the game ended meanwhile (the phone): _button says so
            self._button("pull")

    def undo(self) -> None:
        with self._lock:
            self._set_mode("play")
            try:
                self.table.undo()
            except (EngineError, TableError) as exc:
                self._refuse(str(exc))

    def chord(self) -> None:
        """Two buttons were pressed together: neither is sent."""
        with self._lock:
            self._refuse("two buttons at once: press one at a time")

    def push(self) -> None:
        """The dial's push switch: into foul mode, then player, then kind, then charge."""
        with self._lock:
            self.refresh()
            if self.mode == "play":
                state = self.table.public_state()
                session = self.table.session
                if state.get("game") is None or state.get("over"):
                    self._refuse(self._no_game(state) or "no game in progress")
                elif session is None or "foul" not in session.game.verbs:
                    self._refuse("this game has no fouls to charge")
                else:
                    self._set_mode("foul-player")
                return
            choice = self.dialled
            if choice is None:          # the game ended meanwhile (the phone): say so
                self._set_mode("play")
                self._refuse(self._no_game() or "foul cancelled")
            elif self.mode == "foul-player":
                self._foul_player = choice.action["by"]
                self._set_mode("foul-kind")
            else:
                self._set_mode("play")
                self._act(dict(choice.action))

    # -- helpers -------------------------------------------------------------
    def _button(self, name: str) -> None:
        state = self.table.public_state()
        game = state.get("game")
        if game is None or state.get("over"):
            self._refuse("no game in progress" if game is None else "the game is over")
            return
        verb = BUTTON_VERBS.get(game, {}).get(name, name)
        if verb is None:
            self._refuse(f"the {name.capitalize()} button is not used in this game")
            return
        action: dict[str, Any] = {"by": state["to_act"], "do": verb}
        if verb == "open" and not any(a.get("do") == "open" for a in state.get("legal", [])):
            # (Not "spread every hand on the tray" when the hands cannot be read: nothing is
            # called, and the hands stay under their cups.)
            self._refuse(f"there is no call to open yet: {state['to_act']} makes the first call "
                         "with the dial and Declare")
            return
        if verb == "open" and self.table.has_camera:
            hands = self.hands() if self.hands else None
            if hands is None:
                unread = getattr(self.table, "hands_unread", None)
                if not self.table.virtual:
                    self._refuse("the hands cannot be read: spread every hand on the tray and press again")
                else:     # the table says why: not read yet, or hands its frames do not have
                    self._refuse(unread() if callable(unread) else HANDS_UNREAD_VIRTUAL)
                return
            action["hands"] = hands
        elif verb in PHONE_ONLY and not self.table.has_camera \
                and any(a.get("do") == verb for a in state.get("legal", [])):
            # Nobody has seen the dice: the rules' refusal would ask for the action's "dice"
            # ("hands"), which is for the phone's control page, not for the players at the table.
            self._act(action, refusal=PHONE_ONLY[verb])
            return
        self._act(action)

    def _act(self, action: dict[str, Any], *, refusal: str | None = None) -> None:
        """Send the action; a refusal by the rules is shown as ``refusal`` when one is given."""
        try:
            self.table.act(action, from_device=True)
        except EngineError as exc:
            self._refuse(refusal or str(exc))
        except TableError as exc:
            self._refuse(str(exc))
        except Exception:   # a bug must not kill the button thread; the log keeps the details
            log.exception("the %s action failed", action.get("do"))
            self._refuse("that did not work: see the device log")
        self.refresh()

    def _refuse(self, message: str) -> None:
        message = BUTTON_WORDS.get(message, message)
        log.info("refused: %s", message)
        self.table.note(message)

    def _set_mode(self, mode: str) -> None:
        self.mode = mode
        if mode == "play":
            self._foul_player = None
        self.refresh()

    def _nothing_to_declare(self) -> str:
        """Why Declare has nothing to send (the dial is empty), and what to do instead."""
        state = self.table.public_state()
        game = state.get("game")
        if game == "farkel":
            return self._farkel_next(state)
        verbs = {a.get("do") for a in state.get("legal", [])}
        if verbs == {"accept", "pull"}:          # a Mia, or an 11 naming the player to act
            caller = (state.get("calls") or [{}])[-1].get("by", state.get("answers"))
            # (Deceit's 11 named as the wall and the phone name it: "1-1 (11)".)
            why = ("nothing beats Mia" if game == "mia"
                   else f"{caller} called {deceit_call_name(str(state.get('call')))} on "
                        f"{state.get('to_act')}")
            return f"{why}: press Pass to accept it or Pull"
        if verbs == {"open"}:                    # liar's dice: the call cannot be raised
            return "nothing raises the call: press Pull to open every hand"
        return "nothing to declare now"

    def _nothing_to_dial(self) -> str:
        """Why turning the dial chooses nothing now (it has no choices): no game, the game
        over, or nothing to call (keep) at this moment, with what to do instead. From the public
        state only: never a word about the dice under the cup."""
        no_game = self._no_game()
        if no_game is not None:
            return f"{no_game}: nothing to dial"
        why = self._nothing_to_declare()
        return "nothing to dial now" if why == "nothing to declare now" else why

    def _farkel_next(self, state: dict[str, Any]) -> str:
        """Farkel with no keep to dial: the player rolls (the camera sends it), or banks."""
        who, left = state.get("to_act"), state.get("dice_left") or 6
        legal = state.get("legal", [])
        dice = f"{left} {'die' if left == 1 else 'dice'}"
        if state.get("phase") == "start":
            offer = state.get("high_stakes")
            takeover = any(a.get("do") == "roll" and a.get("high_stakes") for a in legal) and offer
            text = f"nothing to keep yet: {who} rolls {dice} first"
            if takeover:
                n = offer["dice"]
                text += f", or the {n} {'die' if n == 1 else 'dice'} left for High Stakes"
            return text + (" (the camera sends the roll)" if self.table.has_camera
                           else " and enters the roll on the phone")
        if len(state.get("set_aside", [])) == len(state.get("roll", [])):
            text = f"every die is kept (hot dice): roll all {left} again"
        else:
            text = f"nothing left to keep: roll the {dice} left"
        if not self.table.has_camera:
            text += " (enter the roll on the phone)"
        if any(a.get("do") == "bank" for a in legal):
            text += ", or press Pass to bank"
        return text

    def _no_game(self, state: dict[str, Any] | None = None) -> str | None:
        """Why no action can be taken for want of a game: none on, or it is over; else None."""
        state = self.table.public_state() if state is None else state
        if state.get("game") is None:
            return "no game in progress"
        return "the game is over" if state.get("over") else None
