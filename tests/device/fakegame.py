"""A tiny Kuriki-shaped game for the device tests, so they do not depend on the real rules.

Registered as "fakeriki" only inside the ``fake_game`` fixture (see conftest.py). Calls are pip
totals ("4" ... "12") or "kuriki"; a declare carries the dice under the cup; the next player
pulls or passes (each once a point); a pull judges the last declare: LIE if the dice total is below
the call. A "kuriki" declare with dice 1-2 is shown at once: the next player loses a life.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from engine.core import Game, Options, Outcome, Player, Verdict, check_dice, option
from engine.errors import IllegalAction, RecordError


@dataclass(frozen=True)
class FakeOptions(Options):
    lives: int = option(3, "Lives each player starts with.", minimum=1, maximum=9)


class FakeRiki(Game):
    name = "fakeriki"
    title = "Fakeriki"
    options_type = FakeOptions
    verbs = ("declare", "pull", "pass", "foul")
    counter = "lives"

    def __init__(self, players, options=None) -> None:
        super().__init__(players, options)
        for p in self.players:
            p.lives = self.options.lives
        self._to_act: Player = self.players[0]
        self.call: str | None = None
        self.caller: str | None = None     # who declared
        self.answers: str | None = None    # who answers for the call (passes move it)
        self.dice: tuple[int, ...] | None = None
        self.passed: set[str] = set()

    @property
    def to_act(self) -> str | None:
        return None if self.over else self._to_act.name

    @staticmethod
    def _rank(call: str) -> int:
        if call == "kuriki":
            return 99
        try:
            n = int(call)
        except (TypeError, ValueError):
            raise RecordError(f"unknown call {call!r}") from None
        if not 4 <= n <= 12:
            raise RecordError(f"unknown call {call!r}")
        return n

    def _lose(self, p: Player, n: int = 1) -> None:
        p.lives = max(0, p.lives - n)
        if p.lives == 0:
            self.knock_out(p)

    def _apply(self, by: Player, verb: str, action: Mapping[str, Any]) -> Verdict | None:
        if verb == "foul":
            by.fouls += 1
            return None
        if by is not self._to_act:
            raise IllegalAction(f"it is {self._to_act.name}'s turn, not {by.name}'s")
        if verb == "declare":
            call = action.get("call")
            rank = self._rank(call)
            dice = check_dice(action.get("dice"), count=2)
            if self.call is not None and rank < self._rank(self.call):
                raise IllegalAction(f"the call must be at least {self.call}")
            nxt = self.next_player(by)
            if call == "kuriki":
                if sorted(dice) != [1, 2]:
                    raise IllegalAction("a Kuriki must be shown: these dice are not 1-2")
                self._lose(nxt)
                by.kurikis += 1
                self._new_point(by)
                return Verdict(Outcome.KURIKI, f"KURIKI: {by.name}! {nxt.name} loses a life.",
                               losses={nxt.name: 1}, dice=dice, call=call, caller=by.name,
                               challenger=nxt.name)
            self.call, self.caller, self.answers, self.dice = call, by.name, by.name, dice
            self.passed = set()
            self._to_act = nxt
            return None
        if self.call is None:
            raise IllegalAction("there is no call to answer yet")
        if verb == "pass":
            if by.name in self.passed:
                raise IllegalAction(f"{by.name} already passed on this roll")
            self.passed.add(by.name)
            self.answers = by.name
            self._to_act = self.next_player(by)
            return None
        # pull
        given = action.get("dice")
        dice = check_dice(given, count=2) if given is not None else self.dice
        answers = self.player(self.answers)
        lie = sum(dice) < self._rank(self.call)
        loser = answers if lie else by
        call = self.call
        self._lose(loser)
        self._new_point(by if lie else answers)
        return Verdict(Outcome.LIE if lie else Outcome.TRUTH,
                       f"{'LIE' if lie else 'TRUE'}: {loser.name} loses a life.",
                       losses={loser.name: 1}, dice=tuple(dice), call=call, caller=answers.name,
                       challenger=by.name)

    def _new_point(self, roller: Player) -> None:
        self.call = self.caller = self.answers = None
        self.dice = None
        self.passed = set()
        self._to_act = roller if not roller.out else self.next_player(roller)

    def legal_actions(self) -> list[dict[str, Any]]:
        if self.over:
            return []
        by = self._to_act.name
        floor = self._rank(self.call) if self.call else 4
        out = [{"by": by, "do": "declare", "call": str(n)} for n in range(floor, 13)]
        out.append({"by": by, "do": "declare", "call": "kuriki"})
        if self.call is not None:
            out.append({"by": by, "do": "pull"})
            if by not in self.passed:
                out.append({"by": by, "do": "pass"})
        return out

    def table_state(self) -> dict[str, Any]:
        return {"direction": self.direction, "call": self.call, "answers": self.answers}

    def random_action(self, rng: random.Random) -> dict[str, Any]:
        return rng.choice(self.legal_actions())
