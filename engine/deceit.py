"""Deceit (seed 001, a Mexico game by Mark A. Jindra): two dice under one cup, chips.

Calls, highest first: 11, 66, 65, ..., 61, 55, 54, ..., 22, 21 (the seed's list). Each call must be
greater than the last. The next player believes (rolls without looking and declares: a declare
with ``dice``) or pulls: the truth costs the challenger a chip to the roller, a lie costs the
roller a chip to the challenger. A 1-1 names a player (``"target"``) who accepts (pays 1 chip) or
pulls (pays 2 if it is 1-1; else the caller pays 2). A 2-1 reverses the direction when the next
player believes it, or challenges and the dice are 2-1. After every payment the next player
begins from zero. Out at zero chips; the last player with chips wins (with the option
``rounds``, the most chips after that many rounds).
See docs/game-record.md for the choices made where the seed is unclear.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .core import Options, Outcome, Player, Verdict, option, register
from .errors import IllegalAction, RecordError
from .pair import CupGame, Pair, Ranking, chips_word
from .words import listed, said

ONE_ONE = Pair(1, 1)
TWO_ONE = Pair(2, 1)
RANKING = Ranking("Deceit", ["11", "66", "65", "64", "63", "62", "61", "55", "54", "53", "52", "51",
                             "44", "43", "42", "41", "33", "32", "31", "22", "21"])

#: How people are told a call (:func:`call_name`): the seed's two rolls with a rule of their own,
#: 1-1 (names a player) and 2-1 (turns play round), by their dice with the call after them, as
#: the wall's and the phone's call lines show them ("1-1 (11)"); any other call by its two digits
#: ("54"). The verdicts and refusals say them so: the phone's call line said "1-1 (11)" and the
#: verdict under it "11".
NAMED_CALLS: dict[str, str] = {"11": "1-1 (11)", "21": "2-1 (21)"}


def call_name(call: str) -> str:
    """A call (its code, ``"11"``) as people are told it: ``"1-1 (11)"``, ``"2-1 (21)"``,
    ``"54"``."""
    return NAMED_CALLS.get(call, call)


EXACT = "exact"
AT_LEAST = "at-least"


@dataclass(frozen=True)
class DeceitOptions(Options):
    chips: int = option(5, "Chips each player starts with (the seed: 'a predetermined number').",
                        minimum=1, maximum=100)
    truth: str = option(EXACT, "When a pulled call is the truth: 'exact' (the seed: the dice must "
                        "show the call; calling lower than you rolled is a lie too) or 'at-least' "
                        "(Mexico style: dice equal to or higher than the call are the truth).",
                        choices=(EXACT, AT_LEAST))
    rounds: int = option(0, "End after this many rounds (a round ends with a payment): the player "
                         "with the most chips wins; tied leaders play on, round by round, until one "
                         "has the most. The last player with chips still wins at once. 0: play "
                         "until one player has chips.", minimum=0, maximum=1000)


@register
class Deceit(CupGame):
    name = "deceit"
    title = "Deceit"
    options_type = DeceitOptions
    verbs = ("declare", "pull", "accept")
    counter = "chips"
    ranking = RANKING

    def __init__(self, players: Sequence[str], options: Mapping[str, Any] | Options | None = None) -> None:
        super().__init__(players, options)
        for p in self.players:
            p.chips = self.options.chips
        self._target: Player | None = None    # the player a standing 1-1 names

    def _call_name(self, pair: Pair) -> str:
        return call_name(pair.code)

    # -- actions ------------------------------------------------------------
    def _apply(self, by: Player, verb: str, action: Mapping[str, Any]) -> Verdict | None:
        if (self._target is not None and self._caller is not None and by is not self._target
                and not by.out):
            # The player an 11 names may sit anywhere: say who answers it, not just whose turn.
            raise IllegalAction(f"{self._caller.name} called {call_name('11')} on "
                                f"{self._target.name}: only {self._target.name} may accept (pay a "
                                f"chip) or pull")
        self._require_turn(by)
        if verb == "declare":
            return self._declare(by, action)
        if verb == "pull":
            return self._pull(by, action)
        return self._accept(by, action)

    def _declare(self, by: Player, action: Mapping[str, Any]) -> None:
        if "blind" in action:
            raise RecordError("Deceit has no blind raise: whoever believes the call rolls the dice")
        if self._target is not None and self._caller is not None:
            raise IllegalAction(f"{self._caller.name} called {call_name('11')} on {by.name}: "
                                f"{by.name} must accept (pay a chip) or pull")
        call = self._parse_higher_call(action)
        dice = self._given_dice(action)
        target = self._parse_target(by, call, action)
        # Believing a 2-1 (taking the cup and rolling) turns play round.
        if self._call == TWO_ONE:
            self.reverse()
        self._call, self._caller, self._dice, self._target = call, by, dice, target
        entry: dict[str, Any] = {"by": by.name, "call": call.code}
        if target is not None:
            entry["target"] = target.name
        self._calls.append(entry)
        self._turn = target if target is not None else self.next_player(by)
        return None

    def _parse_target(self, by: Player, call: Pair, action: Mapping[str, Any]) -> Player | None:
        if call != ONE_ONE:
            if action.get("target") is not None:
                raise RecordError(f'only an 11 names a player: a {call.code} has no "target"')
            return None
        if action.get("target") is None:
            raise RecordError('an 11 names the player who must pay: add "target": NAME')
        target = self.player(action["target"])
        if target is by:
            raise IllegalAction(f"{by.name} cannot name themselves with an 11: name another player")
        if target.out:
            raise IllegalAction(f"{target.name} is out of the game: name a player who still has chips")
        return target

    def _pull(self, by: Player, action: Mapping[str, Any]) -> Verdict:
        if self._call is None or self._caller is None:
            raise IllegalAction(f"there is no call to pull: {by.name} begins from zero and must roll "
                                f"and declare")
        dice = self._lifted_dice(action)
        shown = Pair.of(dice)
        call, caller = self._call, self._caller
        if self.options.truth == EXACT:
            truth = shown == call
        else:
            truth = not RANKING.beats(call, shown)
        amount = 2 if call == ONE_ONE else 1
        payer, payee = (by, caller) if truth else (caller, by)
        reverses = call == TWO_ONE and shown == TWO_ONE
        paid = self._pay(payer, payee, amount)
        if reverses:
            self.reverse()
        over = self._settle(caller)
        # Each player named once: the caller with what the pull does to him, the dice, then the
        # puller with what it does to him ("LIE! Ann called 54 and pays a chip — the dice show
        # 3-2. Bob pulled and collects."). The words had said "Ann called 54 — ... Ann pays Bob
        # a chip." and "Cy called 1-1 (11) on Ann — ... Cy pays Ann 2 chips (all Cy had: a
        # chip). Cy is out. Ann wins!". The player an 11 names is the only one who may pull it.
        seen = f"the dice show {shown.shown}"
        if not truth and RANKING.beats(shown, call):
            # Exact truth: dice above the call are a lie too, which players who know Mia or
            # Mexico take for the referee's mistake unless the verdict says why.
            seen += f", not {self._call_name(call)}: a call must be the roll exactly"
        named = call == ONE_ONE
        called = said(f"{caller.name} called {self._call_name(call)}", self._words(caller, paid))
        pulled = said(f"{by.name}, who was named, pulled" if named else f"{by.name} pulled",
                       self._words(by, paid))
        message = (f"{'TRUE!' if truth else 'LIE!'} {called} — {seen}. {pulled}"
                   + ("!" if self.winner == by.name else "."))
        if reverses:
            message += f" 2-1 stands: play now goes {self.direction}."
        message += self._rounds_text(over, {caller.name: "the caller",
                                            by.name: "the one named" if named else "the puller"})
        return self._verdict(Outcome.TRUTH if truth else Outcome.LIE, message, paid, call, caller, by,
                             tuple(dice))

    def _accept(self, by: Player, action: Mapping[str, Any]) -> Verdict:
        if self._target is None or self._caller is None:
            if self._call is None:
                raise IllegalAction(f"accept is only for the player an 11 names: {by.name} begins "
                                    f"from zero and must roll and declare")
            raise IllegalAction(f"accept is only for the player an 11 names: {by.name} may declare "
                                f"higher or pull")
        if self._given_dice(action) is not None:
            raise RecordError("an accept takes no dice: the cup stays down")
        caller, call = self._caller, self._call
        paid = self._pay(by, caller, 1)
        over = self._settle(caller)
        if self.winner == caller.name:
            # (Named once, as the winner: not "Cy believes Ann's 1-1 (11). Cy pays Ann a chip.
            # Cy is out. Ann wins!".)
            message = (f"{said(f'{by.name} believes the {call_name(ONE_ONE.code)}', self._words(by, paid))}."
                       f" {caller.name}, who called it, collects and wins!")
        else:
            believes = f"{by.name} believes {caller.name}'s {call_name(ONE_ONE.code)}"
            message = f"{said(believes, self._words(by, paid))}."
        message += self._rounds_text(over, {caller.name: "the caller", by.name: "the one named"})
        return self._verdict(Outcome.ACCEPTED, message, paid, call, caller, by, None)

    # -- payments -------------------------------------------------------------
    @dataclass
    class _Payment:
        payer: Player
        payee: Player
        amount: int       # what moved: never more than the payer had (chips are conserved)
        owed: int

    def _pay(self, payer: Player, payee: Player, owed: int) -> "Deceit._Payment":
        """Move chips, never more than the payer has: chips are conserved."""
        amount = min(owed, payer.chips)
        payer.chips -= amount
        payee.chips += amount
        if payer.chips == 0:
            self.knock_out(payer)
        return Deceit._Payment(payer, payee, amount, owed)

    def _words(self, p: Player, paid: "Deceit._Payment") -> list[str]:
        """What a payment does to one of its two players, said after his name: ["pays a chip"],
        ["collects", "wins"], ["pays 2 chips (had only one)", "is out"]."""
        words = []
        if p is paid.payer:
            # (Short only on an 11, two owed and one left: the words said "(all Cy had: a chip)".)
            short = "" if paid.amount == paid.owed else " (had only one)"
            words.append(f"pays {chips_word(paid.owed)}{short}")
        elif p is paid.payee:
            words.append("collects")
        if p.out:
            words.append("is out")
        if self.winner == p.name:
            words.append("wins")
        return words

    def _settle(self, caller: Player) -> tuple[str, list[str]] | None:
        """After every payment the next player (after the caller, in the direction of play now)
        begins from zero. What the option rounds makes of it (see _rounds_over)."""
        self._target = None
        self._new_round(self.next_player(caller))
        return self._rounds_over()

    def _verdict(self, outcome: Outcome, message: str, paid: "Deceit._Payment", call: Pair | None,
                 caller: Player, challenger: Player, dice: tuple[int, ...] | None) -> Verdict:
        return Verdict(outcome, message, losses={paid.payer.name: paid.amount},
                       gains={paid.payee.name: paid.amount}, dice=dice,
                       call=call.code if call else None, caller=caller.name,
                       challenger=challenger.name)

    def _rounds_over(self) -> tuple[str, list[str]] | None:
        """With the option rounds, after the last round the player with the most chips wins
        (crowned here); tied leaders play on. None if the rounds say nothing yet, else how they
        end ("last": the last round played, "now": a tie broken after it, "tied") and the
        leaders."""
        rounds = self.options.rounds
        played = self.round - 1
        if not rounds or played < rounds or self.winner is not None:
            return None
        most = max(p.chips for p in self.alive)
        leaders = [p.name for p in self.alive if p.chips == most]
        if len(leaders) == 1:
            self.winner = leaders[0]
            return ("last" if played == rounds else "now"), leaders
        return "tied", leaders

    def _rounds_text(self, over: tuple[str, list[str]] | None, named: Mapping[str, str]) -> str:
        """What the rounds add to a verdict's message, a player the verdict has named (the
        caller, the puller, the one an 11 named) not named again: a winner among them has
        "wins" in his own words, and a tied leader is said by what he did ("the puller")."""
        if over is None:
            return ""
        kind, leaders = over
        rounds = self.options.rounds
        if kind != "tied":
            head = f"That was the last of {rounds} rounds" if kind == "last" else "The tie is broken"
            if leaders[0] in named:
                return f" {head}: the most chips win."
            if kind == "last":
                return f" {head}: {leaders[0]} has the most chips and wins!"
            return f" {leaders[0]} now has the most chips and wins!"
        roles = [named[n] for n in leaders if n in named]
        tied = listed([n for n in leaders if n not in named] + (["the two of them"] if len(roles) == 2 else roles))
        return (f" {self.round - 1} rounds played of {rounds}, and {tied} tie with "
                f"{chips_word(self.player(leaders[0]).chips)} each: play goes on until one has the most.")

    # -- what may be done and shown -------------------------------------------
    def _targets(self, by: Player) -> list[Player]:
        return [p for p in self.players if not p.out and p is not by]

    def legal_actions(self) -> list[dict[str, Any]]:
        if self.over:
            return []
        who = self._turn
        if self._target is not None:
            return [{"by": who.name, "do": "accept"}, {"by": who.name, "do": "pull"}]
        out: list[dict[str, Any]] = []
        if self._call is not None:
            out.append({"by": who.name, "do": "pull"})
        for pair in RANKING.above(self._call):
            if pair == ONE_ONE:
                out.extend({"by": who.name, "do": "declare", "call": pair.code, "target": t.name}
                           for t in self._targets(who))
            else:
                out.append({"by": who.name, "do": "declare", "call": pair.code})
        return out

    def random_action(self, rng: random.Random) -> dict[str, Any]:
        # Not a fair coin: a fair game of chips wanders for thousands of rounds at a big table.
        # Richer players pull poorer callers and name the poorest with an 11, poorer players bluff
        # and believe, so chips drift to the rich and random games end sooner. Every choice keeps
        # some chance, so every rule is still exercised.
        who = self._turn
        caller = self._caller
        richer = caller is not None and who.chips > caller.chips
        pull: dict[str, Any] = {"by": who.name, "do": "pull"}
        if self._dice is None:
            pull["dice"] = self._roll(rng)      # no camera: the dice come with the pull
        if self._target is not None:
            return pull if rng.random() < (0.5 if richer else 0.15) else {"by": who.name, "do": "accept"}
        if self._call is not None and rng.random() < (0.8 if richer else 0.2):
            return pull
        dice = self._roll(rng)
        targets = self._targets(who)
        poorest = min(targets, key=lambda p: p.chips)
        if who.chips > poorest.chips and rng.random() < 0.25:
            call = ONE_ONE
        else:
            alive = self.alive
            poor = who.chips * len(alive) <= sum(p.chips for p in alive)   # at most the average
            call = self._random_call(rng, dice, lie=poor and rng.random() < 0.9)
        action: dict[str, Any] = {"by": who.name, "do": "declare", "call": call.code}
        if call == ONE_ONE:
            action["target"] = (poorest if rng.random() < 0.8 else rng.choice(targets)).name
        if rng.random() < 0.9:
            action["dice"] = dice               # else: a table without a camera
        return action

    def extra_standings(self) -> dict[str, Any]:
        out = super().extra_standings()
        if self.options.rounds:   # (only then: a record without rounds prints as it always did)
            # dicetable replay says which round of how many, as the screens do.
            out["round"] = self.round
            out["rounds"] = self.options.rounds
        return out

    def table_state(self) -> dict[str, Any]:
        state = super().table_state()
        state["target"] = self._target.name if self._target else None
        # The screens say "round 3 of 10": the count alone does not say when the game ends.
        state["rounds"] = self.options.rounds or None
        return state
