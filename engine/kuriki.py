"""Kuriki: two dice under one cup, 15 ranked calls, pass once per roll, pull to catch a liar.

The seed text (shared/seeds/000_...txt) is the rule book; docs/game-record.md ("## Kuriki") lists
every verb, call, nickname and option, and the choices made where the seed is unclear. In short:

* The Roller rolls under the cup, peeks and ``declare``s a call. On a fresh roll (first of the game,
  first after a pull or a Kuriki) any call goes; when he took the cup on a point the call must be at
  least the standing one.
* The Next Guy may ``declare`` (he took the cup and rolled: he is the new Roller), ``pull`` (the cup
  is lifted and the call judged) or ``pass`` (he now answers for the call; once per player per roll).
* A call stands when the dice rank at least as high as the call. A lie costs whoever answers for the
  call a life and the puller rolls next; a true call costs the puller a life and the player who
  answered for it rolls next. Either way the next roll is fresh.
* 1-2 is a Kuriki, shown at once: the Next Guy loses a life (two, and everyone else one, on the
  Roller's 3rd, 6th, ... Kuriki), the Roller keeps the cup and takes the foul pot.
* ``foul`` (peek, disrespect, dropped-die, rusk = three fouls): a fine into the foul pot, and every
  third foul of a player costs him a life.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .core import Game, Options, Outcome, Player, Verdict, check_dice, option, register
from .errors import IllegalAction, RecordError, json_text, name_text
from .words import listed, said

KURIKI = "kuriki"

#: Nicknames of the doubles, as the seed gives them (matched ignoring case, spaces and hyphens).
DOUBLE_NICKNAMES: dict[int, tuple[str, ...]] = {
    6: ("double-six", "boxcars", "blackout"),
    5: ("double-five", "the mime", "mime"),
    4: ("double-four", "walnuts"),
    3: ("double-three", "scouts"),
    2: ("double-two", "nixons"),
    1: ("double-one", "snake-eyes", "evil eyes", "danzig", "mother"),
}
#: The one name of each named roll, from the seed's names (a double by its nickname): every text
#: that names a Kuriki call uses it, through :func:`call_name`: the verdicts and refusals here, and
#: the wall's and the phone's call lines (web serves this table to their pages).
NAMED_ROLLS: dict[str, str] = {
    KURIKI: "Kuriki", "double-6": "Boxcars", "double-5": "The Mime", "double-4": "Walnuts",
    "double-3": "Scouts", "double-2": "Nixons", "double-1": "Snake-Eyes",
}
#: The spellings of "Kuriki" the seed says have been seen at tables.
KURIKI_SPELLINGS = ("kuriki", "ku-riki", "ku-liki", "quirikii", "ka rickey", "carickey", "kuricki", "1-2")

#: Foul kinds and how many fouls each counts for (a Rusk is a triple foul).
FOUL_KINDS: dict[str, int] = {"peek": 1, "disrespect": 1, "dropped-die": 1, "rusk": 3}
#: Each foul kind in words, as verdicts and the dial say it (the record's "dropped-die" is a
#: dropped die).
FOUL_WORDS: dict[str, str] = {"peek": "peek", "disrespect": "disrespect", "dropped-die": "dropped die",
                              "rusk": "rusk"}


def _key(word: str) -> str:
    """How a spoken call is matched: case, spaces, hyphens and underscores do not matter."""
    return "".join(ch for ch in word.lower() if ch not in " -_\t")


def is_kuriki(dice: Sequence[int]) -> bool:
    return sorted(dice) == [1, 2]


def dice_text(dice: Sequence[int]) -> str:
    """Dice as the table says them, higher die first: "6-3"."""
    return "-".join(str(d) for d in sorted(dice, reverse=True))


def call_name(call: str) -> str:
    """A canonical call as people are told it: a named roll by its name ("The Mime"), any other
    call by its number ("9", "43")."""
    return NAMED_ROLLS.get(call, call)


def call_text(call: str) -> str:
    """A call as a verdict says it: a named double with its dice, as the phone's call line shows
    it ("The Mime (5-5)"), any other call by its name alone ("9", "Kuriki")."""
    name = call_name(call)
    if call.startswith("double-"):
        n = call.removeprefix("double-")
        return f"{name} ({n}-{n})"
    return name


class CallBook:
    """The ranked calls of one variant, highest first, and every way of saying them."""

    def __init__(self, two_digit: bool) -> None:
        self.two_digit = two_digit
        calls = [KURIKI] + [f"double-{n}" for n in range(6, 0, -1)]
        if two_digit:
            # Non-doubles as two-digit numbers ranked by their value: 65 > 64 > ... > 13.
            calls += [f"{a}{b}" for a in range(6, 0, -1) for b in range(6, 0, -1)
                      if a != b and {a, b} != {1, 2}]
        else:
            calls += [str(total) for total in range(11, 3, -1)]   # pip tallies 11 ... 4
        self.calls: tuple[str, ...] = tuple(calls)
        self.rank: dict[str, int] = {c: len(calls) - i for i, c in enumerate(calls)}
        aliases: dict[str, str] = {}
        for c in calls:
            aliases[_key(c)] = c
        for spelling in KURIKI_SPELLINGS:
            aliases[_key(spelling)] = KURIKI
        aliases["21"] = KURIKI
        for n, names in DOUBLE_NICKNAMES.items():
            for name in names:
                aliases[_key(name)] = f"double-{n}"
            aliases[f"double{n}"] = f"double-{n}"
            if two_digit:   # "44" is unambiguous only when non-doubles are two-digit numbers too
                aliases[f"{n}{n}"] = f"double-{n}"
        self.aliases = aliases

    def parse(self, value: Any) -> tuple[str, str]:
        """(canonical call, the word as said); RecordError for a call this variant does not know."""
        written = value
        if isinstance(value, int) and not isinstance(value, bool):
            value = str(value)
        if value is None or (isinstance(value, str) and not value.strip()):
            raise RecordError('a declare needs "call": what the Roller says he has, e.g. "walnuts" or "9"')
        if not isinstance(value, str):
            raise RecordError(f'a Kuriki call is a name or a whole number, like "walnuts" or "9"; '
                              f'not {json_text(value)}')
        canonical = self.aliases.get(_key(value))
        if canonical is None:
            if self.two_digit:
                hint = "kuriki, double-6 ... double-1 (or their nicknames), 65 ... 13"
            else:
                hint = "kuriki, double-6 ... double-1 (or their nicknames), 11 ... 4"
            raise RecordError(f"unknown call {name_text(written)}; Kuriki calls are: {hint}")
        return canonical, value.strip().lower()

    def of_dice(self, dice: Sequence[int]) -> str:
        """The highest call the dice support (3-4 reads as 43 in the two-digit variant)."""
        high, low = sorted(dice, reverse=True)
        if (high, low) == (2, 1):
            return KURIKI
        if high == low:
            return f"double-{high}"
        return f"{high}{low}" if self.two_digit else str(high + low)

    def at_least(self, call: str | None) -> tuple[str, ...]:
        """Every call ranking at least as high as ``call`` (all calls when None)."""
        if call is None:
            return self.calls
        return self.calls[: self.calls.index(call) + 1]


BOOKS = {False: CallBook(False), True: CallBook(True)}


MAX_FINE = 1_000          # a fine for a peek, not a bet
MAX_STAKE = 100_000


@dataclass(frozen=True)
class KurikiOptions(Options):
    """Kuriki house options; every default is the seed's reading."""

    lives: int = option(5, "Lives each player starts with (the seed: usually five, as many as nine seen).",
                        minimum=1, maximum=99)
    two_digit: bool = option(False, "Two-digit variant: non-doubles are declared as two-digit numbers "
                             "'65' ... '13' (36 rolls instead of 15); double-1 beats 65. The dice 3-4 "
                             "may be declared 43 or 34; 43 ranks above 34 and the dice 3-4 stand for 43.")
    # (Shown beside a tick box on the phone's new-game form: said in the table's words, not the
    # record's. docs/game-record.md gives the record's "reverse".)
    kuriki_reverses: bool = option(False, "Unticked (the seed): after a Kuriki the Roller may reverse the "
                                   "direction with his next call (tick \"reverse direction\" on the phone; "
                                   "\"reverse\": true in the record). Ticked: the direction reverses by "
                                   "itself after every Kuriki.")
    # (Upper limits: a fine of 1e308 made the pot Infinity after two fouls, which no screen shows.)
    fine: float = option(0.25, "The fine for one foul, paid into the foul pot (a Rusk pays three). "
                         "At most 1,000.", minimum=0, maximum=MAX_FINE)
    stake: float = option(0.0, "The cash stake every player posts before the game; the winner takes "
                          "all the stakes and whatever is left in the foul pot. At most 100,000.",
                          minimum=0, maximum=MAX_STAKE)


def _money(amount: float) -> str:
    return f"{amount:.2f}"


def _nth(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def roll_off(players: Sequence[str], rng: random.Random) -> str:
    """Who starts: everyone rolls one die, the tied highest roll again until one is left.

    The roll-off happens before the record: put its winner first in the header's players
    (see :func:`seat_first`) and give his choice of direction as the ``direction`` option.
    """
    contenders = list(players)
    if not contenders:
        raise ValueError("nobody to roll off")
    while len(contenders) > 1:
        rolls = {name: rng.randint(1, 6) for name in contenders}
        best = max(rolls.values())
        contenders = [name for name in contenders if rolls[name] == best]
    return contenders[0]


def seat_first(players: Sequence[str], first: str) -> list[str]:
    """The seating order rotated so that ``first`` opens (the order round the table is kept)."""
    i = list(players).index(first)
    return list(players[i:]) + list(players[:i])


@register
class Kuriki(Game):
    """A game of Kuriki in progress. See the module docstring for the flow of a point."""

    name = "kuriki"
    title = "Kuriki"
    options_type = KurikiOptions
    verbs = ("declare", "pass", "pull", "foul")
    counter = "lives"
    options: KurikiOptions

    def __init__(self, players: Sequence[str], options: Mapping[str, Any] | Options | None = None) -> None:
        super().__init__(players, options)
        self.book = BOOKS[self.options.two_digit]
        for p in self.players:
            p.lives = self.options.lives
        self.roller: Player = self.players[0]     # who rolled (or must roll) the dice under the cup
        self.answers: Player | None = None         # who answers for the standing call
        self.call: str | None = None               # the standing call; None: the Roller must declare
        self.said: str | None = None               # the standing call as it was said ("walnuts")
        self.passed: list[str] = []                # who passed on this roll, in order
        self.may_reverse = False                   # the Roller just scored a Kuriki (seed variant)
        self.pot = 0.0                             # unclaimed foul money
        self.prize: float | None = None            # what the winner took at the end
        self.collected: dict[str, float] = {p.name: 0.0 for p in self.players}
        self._dice: tuple[int, ...] | None = None  # under the cup: never shown before the pull

    # -- whose turn ---------------------------------------------------------
    @property
    def fresh(self) -> bool:
        """The Roller is about to make a fresh roll (no minimum call)."""
        return self.call is None

    @property
    def to_act(self) -> str | None:
        if self.over:
            return None
        if self.call is None:
            return self.roller.name
        assert self.answers is not None
        return self.next_player(self.answers).name

    @property
    def next_guy(self) -> str | None:
        """The Next Guy: who acts on the standing call (or would, once the Roller declares)."""
        if self.over:
            return None
        anchor = self.answers if self.call is not None and self.answers is not None else self.roller
        return self.next_player(anchor).name

    def _require_turn(self, by: Player, verb: str) -> None:
        if by.out:
            raise IllegalAction(f"{by.name} is out of the game")
        if by.name != self.to_act:
            if self.call is None:
                why = f"{self.to_act} is the Roller and must roll and declare"
            else:
                why = f"{self.to_act} is the Next Guy"
            raise IllegalAction(f"{by.name} cannot {verb} now: {why}")

    # -- actions ----------------------------------------------------------------
    def _apply(self, by: Player, verb: str, action: Mapping[str, Any]) -> Verdict | None:
        if verb == "declare":
            return self._declare(by, action)
        if verb == "pass":
            return self._pass(by)
        if verb == "pull":
            return self._pull(by, action)
        return self._foul(by, action)

    def _read_dice(self, action: Mapping[str, Any]) -> tuple[int, ...] | None:
        if action.get("dice") is None:
            return None
        return check_dice(action["dice"], count=2)

    def _declare(self, by: Player, action: Mapping[str, Any]) -> Verdict | None:
        call, said = self.book.parse(action.get("call"))
        dice = self._read_dice(action)
        reverse = action.get("reverse", False)
        if not isinstance(reverse, bool):
            raise RecordError('"reverse" must be true or false')
        self._require_turn(by, "declare")
        if reverse:
            if self.options.kuriki_reverses:
                raise IllegalAction("at this table the direction reverses by itself after a Kuriki")
            if not (self.may_reverse and self.call is None and by is self.roller):
                raise IllegalAction("only the Roller who just scored a Kuriki may reverse the direction, "
                                    "on his next roll")
        if dice is not None and is_kuriki(dice) and call != KURIKI:
            raise IllegalAction(f"{by.name} rolled 1-2: a Kuriki is shown at once and called \"kuriki\"")
        if call == KURIKI and dice is None:
            raise IllegalAction('a Kuriki is shown at once: the declare needs "dice": [1, 2]')
        if call == KURIKI and not is_kuriki(dice or ()):
            # Never name the dice: they are still under the cup.
            raise IllegalAction("that is not a Kuriki: the dice under the cup are not 1-2")
        if self.call is not None and self.book.rank[call] < self.book.rank[self.call]:
            raise IllegalAction(f"{by.name} is rolling on a point: the call must be at least "
                                f"{call_name(self.call)}, not {call_name(call)}")
        # Valid: from here on the game changes.
        if reverse:
            self.reverse()
        self.may_reverse = False
        self.roller = by
        if call == KURIKI:
            return self._kuriki(by)
        self.call, self.said, self.answers = call, said, by
        self.passed = []
        self._dice = dice
        return None

    def _pass(self, by: Player) -> None:
        # "already passed" first: it is the more useful thing to tell a player who passes twice
        # (unless he has since gone out: then that is what he is told).
        if self.call is not None and by.name in self.passed and not by.out:
            message = f"{by.name} already passed on this roll"
            if by.name == self.to_act:   # the cup came round again: say what he may still do
                message += (f": {by.name} must pull, or take the cup and roll "
                            f"(a call of at least {call_name(self.call)})")
            raise IllegalAction(message)
        self._require_turn(by, "pass")
        if self.call is None:
            raise IllegalAction(f"there is no call to pass: {by.name} must roll and declare")
        self.passed.append(by.name)
        self.answers = by      # responsibility for the roll moves; the cup itself does not
        return None

    def _pull(self, by: Player, action: Mapping[str, Any]) -> Verdict:
        given = self._read_dice(action)
        self._require_turn(by, "pull")
        if self.call is None:
            raise IllegalAction(f"there is no call to pull: {self.roller.name} must roll and declare first")
        dice = given if given is not None else self._dice
        if dice is None:
            raise IllegalAction('this roll was declared without dice (no camera): the pull must carry '
                                'the "dice" shown when the cup was lifted')
        assert self.answers is not None
        liar = self.answers
        standing = self.book.rank[self.book.of_dice(dice)] >= self.book.rank[self.call]
        loser, next_roller = (by, liar) if standing else (liar, by)
        head = "NOT A LIE!" if standing else "LIE!"
        verdict_call, roller = self.call, self.roller
        self._end_point(next_roller)
        losses = self._lose([(loser, 1)])
        message = self._pull_text(head, verdict_call, dice, roller, liar, by, standing)
        return Verdict(Outcome.TRUTH if standing else Outcome.LIE, message, losses=losses,
                       dice=tuple(dice), call=verdict_call, caller=liar.name, challenger=by.name)

    def _foul(self, by: Player, action: Mapping[str, Any]) -> Verdict:
        kind = action.get("kind")
        if kind is None:
            raise RecordError(f'a foul needs "kind": one of {", ".join(FOUL_KINDS)}')
        if not isinstance(kind, str) or kind not in FOUL_KINDS:   # a list is not even hashable
            raise RecordError(f"unknown foul {name_text(kind)}; fouls are: {', '.join(FOUL_KINDS)}")
        if by.out:
            raise IllegalAction(f"{by.name} is out of the game")
        count = FOUL_KINDS[kind]
        before = by.fouls
        by.fouls += count
        fine = count * self.options.fine
        self.pot = round(self.pot + fine, 2)
        lost = by.fouls // 3 - before // 3     # every third foul (3rd, 6th, ...) costs a life
        label = "RUSK (a triple foul)" if kind == "rusk" else FOUL_WORDS[kind]
        message = f"FOUL! {by.name}: {label}, {by.fouls} foul{'s' if by.fouls != 1 else ''}"
        if fine:
            message += f"; {_money(fine)} into the foul pot"
        message += "."
        losses: dict[str, int] = {}
        if lost:
            losses = self._lose([(by, lost)])
            # (The foul's player is named once, at its head: "Every third foul costs a life: Cy
            # loses a life. Cy is in the shit." said him three times.)
            message += " Every third foul costs a life"   # (one at a time: a rusk is three fouls)
            if by.out:
                message += ": none left, out" + (" and Tarted" if self.tarted == by.name else "")
            elif by.lives == 1:
                message += ": one left, in the shit"
            message += "." + self._winner_text()
            message += self._repair_after_knock_out()
        return Verdict(Outcome.FOUL, message, losses=losses, caller=by.name)

    # -- Kuriki -------------------------------------------------------------------
    def _kuriki(self, roller: Player) -> Verdict:
        next_guy = self.next_player(roller)
        roller.kurikis += 1
        third = roller.kurikis % 3 == 0
        hits: list[tuple[Player, int]] = [(next_guy, 2 if third else 1)]
        if third:   # everyone else at the table (save the Roller) loses one, in playing order
            p = self.next_player(next_guy)
            while p is not roller and p is not next_guy:
                hits.append((p, 1))
                p = self.next_player(p)
        taken = self.pot
        self.collected[roller.name] = round(self.collected[roller.name] + taken, 2)
        self.pot = 0.0
        self._end_point(roller)          # the Roller keeps the cup; the next roll is fresh
        losses = self._lose(hits)
        # Each player named once: the Roller with all the Kuriki gives him, the Next Guy with
        # all it costs him, everyone else (a 3rd Kuriki) only where it leaves them in the shit
        # or out. (The game over, the Roller is the one left: he lost nothing.)
        shows = f"{roller.name} shows 1-2" + (f" for the {_nth(roller.kurikis)} time" if third else "")
        gets = [f"takes the foul pot ({_money(taken)})"] if taken else []
        gets.append(self._won_words() if self.over else "keeps the cup")
        message = f"KURIKI! {said(shows, gets)}."
        lost = ["loses two lives" if third else "loses a life", *self._fate_words(next_guy)]
        message += f" {next_guy.name} (the Next Guy) {listed(lost)}."
        if len(hits) > 1:                                          # (nobody else at two players)
            message += " Everyone else loses one."
            for p, _ in hits[1:]:
                if p.name in losses and self._fate_words(p):
                    message += f" {p.name} {listed(self._fate_words(p))}."
        if not self.over:
            if self.options.kuriki_reverses:
                self.reverse()
                message += f" Play reverses: now {self.direction}."
            else:
                self.may_reverse = True
        return Verdict(Outcome.KURIKI, message, losses=losses, dice=(1, 2), call=KURIKI,
                       caller=roller.name)

    # -- bookkeeping --------------------------------------------------------------
    def _end_point(self, next_roller: Player) -> None:
        self.roller = next_roller
        self.call = self.said = None
        self.answers = None
        self.passed = []
        self._dice = None

    def _lose(self, hits: Sequence[tuple[Player, int]]) -> dict[str, int]:
        """Take lives (never below zero), knock out in the order given; returns what was lost."""
        lost: dict[str, int] = {}
        for p, n in hits:
            n = min(n, p.lives)
            if n <= 0:
                continue
            p.lives -= n
            lost[p.name] = lost.get(p.name, 0) + n
        for p, _ in hits:
            if p.lives == 0 and not p.out:
                self.knock_out(p)
        if self.winner is not None and self.prize is None:
            self.prize = round(self.options.stake * len(self.players) + self.pot, 2)
            self.collected[self.winner] = round(self.collected[self.winner] + self.prize, 2)
            self.pot = 0.0
        return lost

    def _repair_after_knock_out(self) -> str:
        """After a foul knocked someone out mid-point: who holds the cup now."""
        if self.over:
            return ""
        if self.call is None and self.roller.out:
            self.roller = self.next_player(self.roller)
            self.may_reverse = False
            return f" {self.roller.name} rolls."
        if self.call is not None and self.answers is not None and self.answers.out:
            # Nobody is left to answer for the call: the point is void and the Next Guy rolls fresh.
            nxt = self.next_player(self.answers)
            self._end_point(nxt)
            return f" The call is void; {nxt.name} rolls."
        return ""

    def _pull_text(self, head: str, call: str | None, dice: Sequence[int], roller: Player,
                   answers: Player, puller: Player, standing: bool) -> str:
        """A pull's verdict, naming each player once: the one who answers for the call with what
        the pull does to him, the dice, then the puller with what it does to him ("LIE! Ann
        called 9, loses a life and is in the shit — the dice show 5-3. Bob pulled and rolls.").
        The words had named the loser two or three times ("Ann called 9 — ... Ann loses a life.
        Ann is in the shit.") and the winner of the game twice, long and repetitive on the wall
        under a long name. The Roller, when he neither answers nor pulls, is named with his call
        ("Ann called 9, passed on to Bob, who ..."). The call by its one name, whatever word was
        said for it ("mime", "double-five"), as the call line shows it ("The Mime (5-5)")."""
        assert call is not None
        loser = puller if standing else answers
        # (Out, the lost life goes unsaid: the call, the pull and the dice say it.)
        lost = self._fate_words(loser) if loser.out else ["loses a life", *self._fate_words(loser)]
        if self.over:
            won = [self._won_words()]
        else:
            won = ["rolls again" if standing else "rolls"]
        answer, pulled = (won, lost) if standing else (lost, won)
        if answers is roller:
            who = said(f"{answers.name} called {call_text(call)}", answer)
        elif puller is roller:
            who = said(f"{answers.name} passed on {call_text(call)}", answer)
        else:
            who = (f"{roller.name} called {call_text(call)}, passed on to {answers.name}, "
                   f"who {listed(answer)}")
        pulled_by = f"{puller.name}, who called it, pulled" if puller is roller else f"{puller.name} pulled"
        end = "!" if self.over and not standing else "."
        return f"{head} {who} — the dice show {dice_text(dice)}. {said(pulled_by, pulled)}{end}"

    def _fate_words(self, p: Player) -> list[str]:
        """Where a loss has left a player, said after his name: ["is in the shit"], ["is out,
        Tarted"], or nothing to say."""
        if p.out:
            return ["is out" + (", Tarted" if self.tarted == p.name else "")]
        return ["is in the shit"] if p.lives == 1 else []

    def _won_words(self) -> str:
        return "wins" + (f" {_money(self.prize)}" if self.prize else "")

    def _winner_text(self) -> str:
        return f" {self.winner} {self._won_words()}!" if self.winner is not None else ""

    # -- what the table may see -------------------------------------------------------
    def player_standing(self, p: Player) -> dict[str, Any]:
        d = super().player_standing(p)
        d.update({"kurikis": p.kurikis, "fouls": p.fouls, "in_the_shit": (not p.out and p.lives == 1),
                  "collected": self.collected[p.name]})
        return d

    def extra_standings(self) -> dict[str, Any]:
        return {"tarted": self.tarted, "knocked_out": list(self.knocked_out), "pot": self.pot,
                "stake": self.options.stake, "prize": self.prize}

    def table_state(self) -> dict[str, Any]:
        state = super().table_state()
        state.update({
            "call": self.call,
            "answers": self.answers.name if self.answers is not None and self.call is not None else None,
            "roller": None if self.over else self.roller.name,
            "next_guy": self.next_guy,
            "passed": list(self.passed),
            "fresh": self.fresh,
            "may_reverse": self.may_reverse,
            "two_digit": self.options.two_digit,
        })
        return state

    def legal_actions(self) -> list[dict[str, Any]]:
        if self.over:
            return []
        who = self.to_act
        # Highest call first (device.console reverses Kuriki's list for the dial: see HIGH_FIRST).
        actions: list[dict[str, Any]] = [{"by": who, "do": "declare", "call": c}
                                         for c in self.book.at_least(self.call)]
        if self.may_reverse and self.call is None:
            actions += [dict(a, reverse=True) for a in actions]
        if self.call is not None:
            if who not in self.passed:
                actions.append({"by": who, "do": "pass"})
            actions.append({"by": who, "do": "pull"})
        return actions

    # -- random play (property tests, benchmarks) ---------------------------------------
    def random_action(self, rng: random.Random) -> dict[str, Any]:
        if rng.random() < 0.02:
            offender = rng.choice(self.alive)
            kind = rng.choice(("peek", "disrespect", "dropped-die", "peek", "disrespect", "rusk"))
            return {"by": offender.name, "do": "foul", "kind": kind}
        who = self.to_act
        if self.call is None:
            return self._random_declare(rng, who)
        r = rng.random()
        if r < 0.45:
            action: dict[str, Any] = {"by": who, "do": "pull"}
            if self._dice is None:   # a table without a camera: the lifted cup shows some dice
                action["dice"] = [rng.randint(1, 6), rng.randint(1, 6)]
            return action
        if r < 0.75 and who not in self.passed:
            return {"by": who, "do": "pass"}
        return self._random_declare(rng, who)

    def _random_declare(self, rng: random.Random, who: str | None) -> dict[str, Any]:
        dice = [rng.randint(1, 6), rng.randint(1, 6)]
        action: dict[str, Any] = {"by": who, "do": "declare"}
        if self.may_reverse and self.call is None and rng.random() < 0.3:
            action["reverse"] = True
        if is_kuriki(dice):
            action.update(call=KURIKI, dice=dice)
            return action
        choices = [c for c in self.book.at_least(self.call) if c != KURIKI]
        true_call = self.book.of_dice(dice)
        if true_call in choices and rng.random() < 0.6:
            call = true_call
        else:
            call = rng.choice(choices)
        action["call"] = call
        if rng.random() < 0.8:       # mostly a camera table; sometimes the dice stay unknown
            action["dice"] = dice
        return action
