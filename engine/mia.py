"""Mia (seed 004): two dice under one cup, lives, and a ranking where 21 beats everything.

Ranking, highest first: 21 (Mia) > 11 > 22 > 33 > 44 > 55 > 66 > 65 > 64 > ... > 41 > 32 > 31.
The player to act either believes the standing call and declares a higher one (after rolling:
a declare with ``dice``; or blind, without rolling: ``"blind": true``, answering for the higher
call against the dice still under the cup), or pulls (lifts the cup: dice lower than the call
cost the caller a life, equal or higher cost the puller). A standing Mia cannot be beaten: accept
it (1 life) or pull it (2 lives to whoever is wrong). After a loss a new round starts.
See docs/game-record.md for the choices made where the seed is unclear.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .core import Options, Outcome, Player, Verdict, option, register
from .errors import IllegalAction, RecordError, json_text
from .pair import CupGame, Pair, Ranking, lives_word
from .words import said

MIA = Pair(2, 1)
RANKING = Ranking("Mia", ["21", "11", "22", "33", "44", "55", "66",
                          "65", "64", "63", "62", "61", "54", "53", "52", "51",
                          "43", "42", "41", "32", "31"], nicknames={"mia": "21"})

NEXT = "next"
LOSER = "loser"


@dataclass(frozen=True)
class MiaOptions(Options):
    lives: int = option(3, "Lives each player starts with. The seed: 3 keeps a game of many "
                           "players short, 6 suits a few.", minimum=1, maximum=20)
    starts_round: str = option(NEXT, "Who starts the round after someone loses: 'next' (the seed's "
                               "'whoever was up to play next': the player after the one who pulled "
                               "or accepted) or 'loser' (the player who just lost, as many Mia "
                               "tables play). A knocked-out player is skipped.",
                               choices=(NEXT, LOSER))


@register
class Mia(CupGame):
    name = "mia"
    title = "Mia"
    options_type = MiaOptions
    verbs = ("declare", "pull", "accept")
    counter = "lives"
    ranking = RANKING

    def __init__(self, players: Sequence[str], options: Mapping[str, Any] | Options | None = None) -> None:
        super().__init__(players, options)
        for p in self.players:
            p.lives = self.options.lives
        self._blind = False       # the standing call was raised without rolling

    def _call_name(self, pair: Pair) -> str:
        return "Mia (21)" if pair == MIA else pair.code

    # -- actions ------------------------------------------------------------
    def _apply(self, by: Player, verb: str, action: Mapping[str, Any]) -> Verdict | None:
        self._require_turn(by)
        if verb == "declare":
            return self._declare(by, action)
        if verb == "pull":
            return self._pull(by, action)
        return self._accept(by, action)

    def _declare(self, by: Player, action: Mapping[str, Any]) -> None:
        marked = action.get("blind")
        if marked is not None and not isinstance(marked, bool):
            raise RecordError(f'"blind" must be true or false, not {json_text(marked)}')
        dice = self._given_dice(action)
        if marked and dice is not None:
            raise RecordError("a blind raise has no dice: the raiser did not roll")
        if self._call == MIA:
            raise IllegalAction(f"nothing beats Mia: {by.name} must accept it (losing a life) or pull")
        call = self._parse_higher_call(action)
        if marked and self._call is None:
            raise IllegalAction(f"{by.name} starts the round and must roll: there is no call to "
                                f"raise blind")
        if dice is not None:
            blind = False                     # rolled: these are the dice now under the cup
        elif marked is None:
            # No dice and no word: at a camera table the dice are known, so nobody rolled (a blind
            # raise); at a table without a camera they are not, and come with the pull.
            blind = self._dice is not None
        else:
            blind = marked
            if not blind:
                self._dice = None             # "blind": false: rolled, the dice come with the pull
        if dice is not None:
            self._dice = dice
        self._call, self._caller, self._blind = call, by, blind
        self._calls.append({"by": by.name, "call": call.code, "blind": blind})
        self._turn = self.next_player(by)
        return None

    def _pull(self, by: Player, action: Mapping[str, Any]) -> Verdict:
        if self._call is None or self._caller is None:
            raise IllegalAction(f"there is no call to pull: {by.name} starts the round by rolling "
                                f"and declaring")
        dice = self._lifted_dice(action)
        shown = Pair.of(dice)
        call, caller = self._call, self._caller
        lie = RANKING.beats(call, shown)
        loser = caller if lie else by
        amount = 2 if call == MIA else 1
        called = (f"{caller.name} raised blind to {self._call_name(call)}" if self._blind
                  else f"{caller.name} called {self._call_name(call)}")
        lost = self._lose(loser, amount)
        # Each player named once: the caller with what the pull does to him, the dice, then the
        # puller with what it does to him, if anything ("LIE! Ann called 54 and loses a life —
        # the dice show 3-2."; "TRUE! ... Bob pulled, loses a life and is out."). The words had
        # said "Ann called 54 — ... Ann loses a life. Ann is out." and "... Bob wins!" after
        # "Bob pulled".
        losses = self._loss_words(loser, amount, lost)
        wins = ["wins"] if self.winner is not None else []    # (the one left is the other one)
        callers, pullers = (losses, wins) if lie else (wins, losses)
        better = "" if lie or shown == call else ", even better"
        message = (f"{'LIE!' if lie else 'TRUE!'} {said(called, callers)} — the dice show "
                   f"{shown.shown}{better}.")
        if pullers:
            message += f" {said(f'{by.name} pulled', pullers)}" + ("!" if lie else ".")
        self._start_next_round(actor=by, loser=loser)
        return Verdict(Outcome.LIE if lie else Outcome.TRUTH, message,
                       losses={loser.name: lost}, dice=tuple(dice), call=call.code,
                       caller=caller.name, challenger=by.name)

    def _accept(self, by: Player, action: Mapping[str, Any]) -> Verdict:
        if self._call != MIA or self._caller is None:
            if self._call is None:
                raise IllegalAction(f"accept is only for a Mia, and nothing is called yet: {by.name} "
                                    f"starts the round by rolling and declaring")
            raise IllegalAction(f"accept is only for a Mia, and the call is {self._call_name(self._call)}: "
                                f"{by.name} may declare higher or pull")
        if self._given_dice(action) is not None:
            raise RecordError("an accept takes no dice: the cup stays down")
        caller = self._caller
        lost = self._lose(by, 1)
        self._start_next_round(actor=by, loser=by)
        losses = self._loss_words(by, 1, lost)
        if self.winner is not None:
            # (The one left is the caller: named once, as the winner, not "Bob accepts Ann's Mia,
            # loses a life. Bob is out. Ann wins!".)
            message = f"{said(f'{by.name} accepts the Mia', losses)}. {caller.name}, who called it, wins!"
        else:
            accepts = f"{by.name} accepts {caller.name}'s Mia"
            message = f"{said(accepts, losses)}."
        return Verdict(Outcome.ACCEPTED, message, losses={by.name: lost},
                       call=MIA.code, caller=caller.name, challenger=by.name)

    def _loss_words(self, loser: Player, amount: int, lost: int) -> list[str]:
        """What a loss does to a player, said after his name: ["loses a life"], ["loses 2 lives
        (had only one)", "is out"]. (A pulled Mia costs two; a player on his last life can only
        lose that one, and the words say so: they said "(all Bob had: a life)".)"""
        # (Short only at two owed, one left: "one".)
        words = [f"loses {lives_word(amount)}" + ("" if lost == amount else " (had only one)")]
        return words + (["is out"] if loser.out else [])

    def _lose(self, player: Player, amount: int) -> int:
        lost = min(amount, player.lives)
        player.lives -= lost
        if player.lives == 0:
            self.knock_out(player)
        return lost

    def _start_next_round(self, *, actor: Player, loser: Player) -> None:
        if self.options.starts_round == LOSER and not loser.out:
            starter = loser
        elif self.options.starts_round == LOSER:
            starter = self.next_player(loser)
        else:
            starter = self.next_player(actor)
        self._blind = False
        self._new_round(starter)

    # -- what may be done and shown -------------------------------------------
    def legal_actions(self) -> list[dict[str, Any]]:
        if self.over:
            return []
        who = self._turn.name
        if self._call == MIA:
            return [{"by": who, "do": "accept"}, {"by": who, "do": "pull"}]
        out: list[dict[str, Any]] = []
        if self._call is not None:
            out.append({"by": who, "do": "pull"})
        for pair in RANKING.above(self._call):
            out.append({"by": who, "do": "declare", "call": pair.code})
        if self._call is not None:
            for pair in RANKING.above(self._call):
                out.append({"by": who, "do": "declare", "call": pair.code, "blind": True})
        return out

    def random_action(self, rng: random.Random) -> dict[str, Any]:
        who = self._turn.name
        pull: dict[str, Any] = {"by": who, "do": "pull"}
        if self._dice is None:
            pull["dice"] = self._roll(rng)      # no camera: the dice come with the pull
        if self._call == MIA:
            return {"by": who, "do": "accept"} if rng.random() < 0.5 else pull
        if self._call is not None and rng.random() < 0.35:
            return pull
        if self._call is not None and rng.random() < 0.15:
            return {"by": who, "do": "declare", "call": self._random_call(rng, None).code, "blind": True}
        dice = self._roll(rng)
        action: dict[str, Any] = {"by": who, "do": "declare", "call": self._random_call(rng, dice).code}
        if rng.random() < 0.9:
            action["dice"] = dice               # else: a table without a camera
        return action

    def table_state(self) -> dict[str, Any]:
        state = super().table_state()
        state["blind"] = self._blind if self._call is not None else None
        return state
