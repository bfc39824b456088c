"""The shared core every game module builds on.

A game is a subclass of :class:`Game`, registered by its record name with :func:`register`.
It is created from the players in seating order and an options mapping, then driven one action at
a time with :meth:`Game.apply`. Actions are the plain dicts of the game record
(``{"by": "Ann", "do": "declare", "call": "walnuts", "dice": [4, 4]}``); the engine validates them
and raises :class:`~engine.errors.RecordError` (malformed) or :class:`~engine.errors.IllegalAction`
(forbidden now) with a message a player understands.

Hidden information: a game keeps the dice under the cup to itself. :meth:`Game.standings` and
:meth:`Game.public_state` must never contain dice that have not been revealed at the table.
"""

from __future__ import annotations

import dataclasses
import math
import random
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from enum import Enum
from typing import Any, ClassVar

from .errors import IllegalAction, RecordError, json_text, name_text

CLOCKWISE = "clockwise"
COUNTER_CLOCKWISE = "counter-clockwise"
DIRECTIONS = (CLOCKWISE, COUNTER_CLOCKWISE)


def option(default: Any, doc: str, *, choices: Sequence[Any] | None = None,
           minimum: int | None = None, maximum: int | None = None) -> Any:
    """Declare one game option: its default, and a docstring that is the documentation."""
    return field(default=default, metadata={
        "doc": doc, "choices": tuple(choices) if choices else None,
        "minimum": minimum, "maximum": maximum,
    })


@dataclass(frozen=True)
class Options:
    """Options every game shares. Each game subclasses this with its own fields."""

    direction: str = option(CLOCKWISE, "Order of play: 'clockwise' follows the players list, "
                            "'counter-clockwise' goes the other way round the table.",
                            choices=DIRECTIONS)

    @classmethod
    def from_mapping(cls, given: Mapping[str, Any] | None) -> "Options":
        """Build options from a record header's ``options``; unknown keys and bad values are refused."""
        if given is not None and not isinstance(given, Mapping):
            raise RecordError("options must be a JSON object")
        given = dict(given or {})
        known = {f.name: f for f in dataclasses.fields(cls)}
        unknown = sorted(set(given) - set(known))
        if unknown:
            raise RecordError(f"unknown option {name_text(unknown[0])}; this game knows: {', '.join(sorted(known))}")
        for name, value in given.items():
            f = known[name]
            _check_option_value(name, value, f)
        return cls(**given)

    @classmethod
    def describe(cls) -> list[dict[str, Any]]:
        """Every option with its default and documentation (for docs and the control page)."""
        out = []
        for f in dataclasses.fields(cls):
            meta = f.metadata
            out.append({"name": f.name, "default": f.default, "doc": meta.get("doc", ""),
                        "choices": list(meta["choices"]) if meta.get("choices") else None,
                        "minimum": meta.get("minimum"), "maximum": meta.get("maximum")})
        return out

    def to_dict(self) -> dict[str, Any]:
        return dataclasses.asdict(self)


def _check_option_value(name: str, value: Any, f: dataclasses.Field) -> None:
    default = f.default
    meta = f.metadata
    if isinstance(default, bool):
        if not isinstance(value, bool):
            raise RecordError(f"option {name_text(name)} must be true or false, not {json_text(value)}")
    elif isinstance(default, int):
        if isinstance(value, bool) or not isinstance(value, int):
            raise RecordError(f"option {name_text(name)} must be a whole number, not {json_text(value)}")
    elif isinstance(default, float):
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise RecordError(f"option {name_text(name)} must be a number, not {json_text(value)}")
        if not math.isfinite(value):
            raise RecordError(f"option {name_text(name)} must be a finite number, not {json_text(value)}")
    elif isinstance(default, str):
        if not isinstance(value, str):
            raise RecordError(f"option {name_text(name)} must be a string, not {json_text(value)}")
    if meta.get("choices") and value not in meta["choices"]:
        raise RecordError(f"option {name_text(name)} must be one of {', '.join(map(str, meta['choices']))}, "
                          f"not {json_text(value)}")
    if meta.get("minimum") is not None and value < meta["minimum"]:
        raise RecordError(f"option {name_text(name)} must be at least {meta['minimum']}, not {json_text(value)}")
    if meta.get("maximum") is not None and value > meta["maximum"]:
        raise RecordError(f"option {name_text(name)} must be at most {meta['maximum']}, not {json_text(value)}")


@dataclass
class Player:
    """One seat at the table. Games keep their counters (lives, chips, score...) here."""

    name: str
    seat: int
    out: bool = False
    lives: int = 0
    chips: int = 0
    score: int = 0
    kurikis: int = 0
    fouls: int = 0


class Outcome(str, Enum):
    """What a judged moment (pull, accept, open, Kuriki, farkel...) came to."""

    LIE = "lie"            # the caller lied: the caller (or whoever answers for the call) pays
    TRUTH = "truth"        # the call stood: the challenger pays
    KURIKI = "kuriki"      # a Kuriki was shown
    ACCEPTED = "accepted"  # a Mia / 1-1 was accepted without looking
    FOUL = "foul"
    FARKEL = "farkel"
    BANKED = "banked"


@dataclass(frozen=True)
class Verdict:
    """The public result of a judged moment, shown in big letters on the scoreboard."""

    outcome: Outcome
    message: str                                  # "LIE: Bob called walnuts, the dice show 6-3. Bob loses a life."
    losses: Mapping[str, int] = field(default_factory=dict)   # name -> lives/chips lost
    gains: Mapping[str, int] = field(default_factory=dict)    # name -> chips/points gained
    dice: tuple[int, ...] | None = None           # the dice revealed (top faces), if any
    hands: Mapping[str, tuple[int, ...]] | None = None   # liar's dice open: every hand
    call: str | None = None                       # the call that was judged
    caller: str | None = None                     # who answered for it
    challenger: str | None = None                 # who pulled / opened / accepted

    def to_dict(self) -> dict[str, Any]:
        return {
            "outcome": self.outcome.value, "message": self.message,
            "losses": dict(self.losses), "gains": dict(self.gains),
            "dice": list(self.dice) if self.dice is not None else None,
            "hands": {k: list(v) for k, v in self.hands.items()} if self.hands is not None else None,
            "call": self.call, "caller": self.caller, "challenger": self.challenger,
        }


def check_dice(value: Any, *, count: int | None = None, minimum: int = 1, maximum: int | None = None,
               what: str = "dice") -> tuple[int, ...]:
    """Validate a record's dice list: whole numbers 1-6, and how many there must be."""
    if not isinstance(value, list):
        raise RecordError(f"{what} must be a list of die faces 1-6, not {json_text(value)}")
    for v in value:
        if isinstance(v, bool) or not isinstance(v, int) or not 1 <= v <= 6:
            raise RecordError(f"{what}: {json_text(v)} is not a die face (1-6)")
    if count is not None and len(value) != count:
        raise RecordError(f"{what} must be {count} dice, not {len(value)}")
    if len(value) < minimum:
        raise RecordError(f"{what} must have at least {minimum} dice")
    if maximum is not None and len(value) > maximum:
        raise RecordError(f"{what} must have at most {maximum} dice, not {len(value)}")
    return tuple(value)


class Game(ABC):
    """A game in progress: seats, turn order, counters, knock-outs and the winner.

    Subclasses set ``name``, ``options_type`` and ``verbs``, and implement :meth:`_apply`,
    :meth:`legal_actions`, :meth:`random_action` and the game-specific parts of the standings.
    """

    name: ClassVar[str]
    title: ClassVar[str]                      # "Kuriki", "Chinese liar's dice"
    options_type: ClassVar[type[Options]] = Options
    verbs: ClassVar[tuple[str, ...]] = ()     # the "do" values this game understands
    counter: ClassVar[str] = "lives"          # "lives" | "chips" | "score": what standings show
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 12

    def __init__(self, players: Sequence[str], options: Mapping[str, Any] | Options | None = None) -> None:
        if not isinstance(players, (list, tuple)) or not all(isinstance(p, str) for p in players):
            raise RecordError("players must be a list of names")
        names = [p.strip() for p in players]
        if any(not n for n in names):
            raise RecordError("a player's name cannot be empty")
        if len(set(names)) != len(names):
            dup = next(n for n in names if names.count(n) > 1)
            raise RecordError(f"two players are called {name_text(dup)}: names must differ")
        if not self.min_players <= len(names) <= self.max_players:
            raise RecordError(f"{self.title} needs {self.min_players} to {self.max_players} players, "
                              f"not {len(names)}")
        self.options = options if isinstance(options, Options) else self.options_type.from_mapping(options)
        self.players: list[Player] = [Player(name=n, seat=i) for i, n in enumerate(names)]
        self._by_name = {p.name: p for p in self.players}
        self.step = +1 if self.options.direction == CLOCKWISE else -1
        self.last_verdict: Verdict | None = None
        self.winner: str | None = None
        self.tarted: str | None = None        # the first player knocked out
        self.knocked_out: list[str] = []      # in the order they went out
        self.history: list[dict[str, Any]] = []   # the accepted actions, as given

    # -- seats and turns -------------------------------------------------
    def player(self, name: Any) -> Player:
        if not isinstance(name, str) or name not in self._by_name:
            raise RecordError(f"unknown player {name_text(name)}; at this table: {', '.join(self._by_name)}")
        return self._by_name[name]

    @property
    def alive(self) -> list[Player]:
        return [p for p in self.players if not p.out]

    def next_player(self, after: Player, *, step: int | None = None, skip: int = 0) -> Player:
        """The next player still in, going round the table in the current direction."""
        step = self.step if step is None else step
        n = len(self.players)
        i = after.seat
        remaining = skip + 1
        for _ in range(n * (skip + 1) + n):
            i = (i + step) % n
            if not self.players[i].out:
                remaining -= 1
                if remaining == 0:
                    return self.players[i]
        return after

    def reverse(self) -> None:
        self.step = -self.step

    @property
    def direction(self) -> str:
        return CLOCKWISE if self.step == +1 else COUNTER_CLOCKWISE

    @property
    def over(self) -> bool:
        return self.winner is not None

    def knock_out(self, player: Player) -> None:
        """Mark a player out (first one out is Tarted) and crown the last one standing."""
        if player.out:
            return
        player.out = True
        self.knocked_out.append(player.name)
        if self.tarted is None:
            self.tarted = player.name
        alive = self.alive
        if len(alive) == 1:
            self.winner = alive[0].name

    # -- the one entry point ----------------------------------------------
    def apply(self, action: Mapping[str, Any]) -> Verdict | None:
        """Apply one record action. Returns the verdict if the action judged something.

        Raises RecordError for a malformed action and IllegalAction for one the rules forbid now;
        in both cases the game is unchanged.
        """
        if not isinstance(action, Mapping):
            raise RecordError("an action must be a JSON object like {\"by\": NAME, \"do\": VERB}")
        verb = action.get("do")
        if not isinstance(verb, str):
            raise RecordError('an action needs "do": the verb (one of ' + ", ".join(self.verbs) + ")")
        if verb not in self.verbs:
            raise RecordError(f"{self.title} has no action {name_text(verb)}; it knows: {', '.join(self.verbs)}")
        if "by" not in action:
            raise RecordError('an action needs "by": the name of the player who acts')
        by = self.player(action["by"])
        if self.over:
            raise IllegalAction(f"the game is over: {self.winner} won")
        verdict = self._apply(by, verb, action)
        self.history.append(dict(action))
        if verdict is not None:
            self.last_verdict = verdict
        return verdict

    @abstractmethod
    def _apply(self, by: Player, verb: str, action: Mapping[str, Any]) -> Verdict | None:
        """Validate fully before changing anything; raise to refuse."""

    @property
    @abstractmethod
    def to_act(self) -> str | None:
        """Who must act now (None when the game is over)."""

    @abstractmethod
    def legal_actions(self) -> list[dict[str, Any]]:
        """The actions the player to act may take now, as record dicts without dice.

        Dice come from the camera (or the pull), so a declare is listed once per legal call.
        Fouls, which anyone may commit at any time, are not listed.
        """

    @abstractmethod
    def random_action(self, rng: random.Random) -> dict[str, Any]:
        """A random legal action with random dice, for property tests and benchmarks."""

    # -- what may be shown -----------------------------------------------
    def player_standing(self, p: Player) -> dict[str, Any]:
        d: dict[str, Any] = {"name": p.name, "out": p.out}
        d[self.counter] = getattr(p, self.counter)
        return d

    def extra_standings(self) -> dict[str, Any]:
        """Game-specific top-level keys of the standings (e.g. Kuriki's "tarted", "pot")."""
        return {}

    def standings(self) -> dict[str, Any]:
        """Exactly what ``dicetable replay`` prints. Never contains hidden dice."""
        out: dict[str, Any] = {
            "game": self.name, "over": self.over, "winner": self.winner, "to_act": self.to_act,
            "players": [self.player_standing(p) for p in self.players],
        }
        out.update(self.extra_standings())
        return out

    def table_state(self) -> dict[str, Any]:
        """Public table talk beyond the standings: the standing call and who answers for it,
        the direction, and anything the scoreboard shows (turn total, kept dice...).
        Subclasses extend; never include dice still under the cup."""
        return {"direction": self.direction, "call": None, "answers": None}

    def public_state(self) -> dict[str, Any]:
        """Standings plus the table state and the last verdict: safe for any screen."""
        out = self.standings()
        out.update(self.table_state())
        out["verdict"] = self.last_verdict.to_dict() if self.last_verdict else None
        return out


GAMES: dict[str, type[Game]] = {}


def register(cls: type[Game]) -> type[Game]:
    """Class decorator: make a game findable by its record name."""
    GAMES[cls.name] = cls
    return cls


def game_class(name: Any) -> type[Game]:
    if not isinstance(name, str) or name not in GAMES:
        raise RecordError(f"unknown game {name_text(name)}; dicetable knows: {', '.join(sorted(GAMES))}")
    return GAMES[name]
