"""Two dice under one cup: the calls of Mia and Deceit, and what both games share.

A call is read with the larger die first: a 5 and a 3 is ``"53"``, a 6 and a 1 is ``"61"``
(``"35"`` or ``"16"`` are not calls). :class:`Pair` is that value; :class:`Ranking` is one game's
order of the 21 pairs; :class:`CupGame` is the turn-taking both games have in common (one cup
passed round the table, each call strictly higher than the last, a pull lifts the cup).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .core import Game, Player, check_dice
from .errors import IllegalAction, RecordError, json_text, name_text


@dataclass(frozen=True)
class Pair:
    """Two dice as a call: the higher die first (``Pair(5, 3).code == "53"``)."""

    high: int
    low: int

    def __post_init__(self) -> None:
        if not (1 <= self.low <= self.high <= 6):
            raise ValueError(f"not a pair of dice read larger first: {self.high}, {self.low}")

    @classmethod
    def of(cls, dice: Sequence[int]) -> "Pair":
        """The pair two dice show, in whatever order they lie."""
        a, b = dice
        return cls(max(a, b), min(a, b))

    @property
    def code(self) -> str:
        return f"{self.high}{self.low}"

    @property
    def shown(self) -> str:
        """How the dice look when the cup is lifted: ``"5-3"``."""
        return f"{self.high}-{self.low}"

    @property
    def is_double(self) -> bool:
        return self.high == self.low

    def __str__(self) -> str:
        return self.code


ALL_PAIRS: tuple[Pair, ...] = tuple(Pair(h, l) for h in range(1, 7) for l in range(1, h + 1))


class Ranking:
    """One game's order of the 21 pairs, given highest first, and how its calls are written."""

    def __init__(self, title: str, highest_first: Sequence[str],
                 nicknames: Mapping[str, str] | None = None) -> None:
        pairs = [Pair(int(c[0]), int(c[1])) for c in highest_first]
        if sorted(p.code for p in pairs) != sorted(p.code for p in ALL_PAIRS):
            raise ValueError(f"{title} ranking must list each of the 21 pairs once")
        self.title = title
        self.order: tuple[Pair, ...] = tuple(pairs)                  # highest first
        self._rank = {p: len(pairs) - i for i, p in enumerate(pairs)}  # bigger is better
        self.nicknames = {k.lower(): v for k, v in (nicknames or {}).items()}

    def rank(self, pair: Pair) -> int:
        return self._rank[pair]

    def beats(self, a: Pair, b: Pair) -> bool:
        """True if ``a`` is strictly higher than ``b``."""
        return self._rank[a] > self._rank[b]

    @property
    def highest(self) -> Pair:
        return self.order[0]

    def above(self, pair: Pair | None) -> list[Pair]:
        """Every call strictly higher than ``pair`` (all calls if None), lowest first."""
        low_first = list(reversed(self.order))
        if pair is None:
            return low_first
        return low_first[self._rank[pair]:]

    def parse(self, value: Any) -> Pair:
        """A call from a record (``"53"``, ``53``, ``"5-3"`` or a nickname); RecordError if not one."""
        example = 'like "53" (a 5 and a 3) or "11"'
        if isinstance(value, bool) or not isinstance(value, (str, int)):
            raise RecordError(f"a {self.title} call is two dice, larger first, {example}; not {json_text(value)}")
        text = str(value).strip()
        said = name_text(value if isinstance(value, int) else text)
        text = self.nicknames.get(text.lower(), text)
        digits = text.replace("-", "") if len(text) == 3 and text[1] == "-" else text
        # (ASCII digits only: str.isdigit() takes "²¹" and "٥٣" too, and int() refuses the first.)
        if len(digits) != 2 or not (digits.isascii() and digits.isdigit()):
            raise RecordError(f"{said} is not a {self.title} call: a call is two dice, larger first, "
                              f"{example}")
        high, low = int(digits[0]), int(digits[1])
        if not (1 <= high <= 6 and 1 <= low <= 6):
            raise RecordError(f"{said} is not a {self.title} call: each digit is a die, 1 to 6")
        if low > high:
            raise RecordError(f"{said} is not a {self.title} call: the larger die comes first "
                              f"({low}{high})")
        return Pair(high, low)


def lives_word(n: int) -> str:
    return "a life" if n == 1 else f"{n} lives"


def chips_word(n: int) -> str:
    return "a chip" if n == 1 else f"{n} chips"


class CupGame(Game):
    """What Mia and Deceit share: one cup goes round; each call must beat the standing one.

    Hidden state: ``_dice`` are the dice under the cup as the camera read them (top faces), or
    None when the table has no camera and they will be shown with the pull. They are never put
    in the standings, the public state or any message before the cup is lifted.
    """

    ranking: Ranking

    def __init__(self, players: Sequence[str], options: Any = None) -> None:
        super().__init__(players, options)
        self._turn: Player = self.players[0]
        self._call: Pair | None = None          # the standing call of this round
        self._caller: Player | None = None      # who answers for it
        self._dice: tuple[int, ...] | None = None
        self._calls: list[dict[str, Any]] = []  # this round's calls, public
        self.round = 1

    # -- turn taking --------------------------------------------------------
    @property
    def to_act(self) -> str | None:
        return None if self.over else self._turn.name

    def _require_turn(self, by: Player) -> None:
        if by.out:
            raise IllegalAction(f"{by.name} is out of the game")
        if by is not self._turn:
            raise IllegalAction(f"it is {self._turn.name}'s turn, not {by.name}'s")

    def _call_name(self, pair: Pair) -> str:
        return pair.code

    def _parse_higher_call(self, action: Mapping[str, Any]) -> Pair:
        """The declared call, refused unless strictly higher than the standing call."""
        if "call" not in action:
            raise RecordError('a declare needs "call": two dice, larger first, like "53"')
        call = self.ranking.parse(action["call"])
        if self._call is not None and not self.ranking.beats(call, self._call):
            higher = self.ranking.above(self._call)
            hint = f"the lowest call that beats it is {self._call_name(higher[0])}" if higher else \
                "nothing beats it"
            raise IllegalAction(f"{self._call_name(call)} does not beat "
                                f"{self._call_name(self._call)}: {hint}")
        return call

    @staticmethod
    def _given_dice(action: Mapping[str, Any]) -> tuple[int, ...] | None:
        if "dice" not in action or action["dice"] is None:
            return None
        return check_dice(action["dice"], count=2)

    def _lifted_dice(self, action: Mapping[str, Any]) -> tuple[int, ...]:
        """The dice a pull judges: those it carries (shown when the cup was lifted), else the
        dice the camera read under the cup."""
        given = self._given_dice(action)
        if given is not None:
            return given
        if self._dice is None:
            raise IllegalAction('nobody has said what the dice under the cup show: without a camera '
                                'the pull must carry them, e.g. "dice": [5, 3]')
        return self._dice

    def _new_round(self, starter: Player) -> None:
        self._call = None
        self._caller = None
        self._dice = None
        self._calls = []
        self.round += 1
        self._turn = starter

    # -- what may be shown --------------------------------------------------
    def table_state(self) -> dict[str, Any]:
        state = super().table_state()
        state.update({
            "call": self._call.code if self._call else None,
            "answers": self._caller.name if self._caller else None,
            "calls": [dict(c) for c in self._calls],
            "round": self.round,
        })
        return state

    # -- random play --------------------------------------------------------
    @staticmethod
    def _roll(rng: random.Random) -> list[int]:
        return [rng.randint(1, 6), rng.randint(1, 6)]

    def _random_call(self, rng: random.Random, rolled: Sequence[int] | None, *,
                     lie: bool = False) -> Pair:
        """Mostly the truth when it is high enough, otherwise a bluff a little above the call;
        with ``lie``, a call a little above both the standing call and the dice rolled."""
        higher = self.ranking.above(self._call)
        if rolled is not None:
            truth = Pair.of(rolled)
            if lie:
                above_both = self.ranking.above(truth)
                if len(above_both) < len(higher):
                    higher = above_both or higher
            elif self._call is None or self.ranking.beats(truth, self._call):
                if rng.random() < 0.7:
                    return truth
        return higher[min(len(higher) - 1, int(rng.expovariate(0.5)))]
