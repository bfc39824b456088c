"""Farkel (seed 002): six dice rolled openly, keep scoring dice, re-roll the rest, bank or FARKEL.

Record verbs: ``roll`` with ``dice`` (every die rolled: six at the start of a turn and after hot
dice, else the dice left), ``keep`` with ``dice`` (scoring dice set aside from the current roll),
``bank``. A roll with no scoring dice is a FARKEL and ends the turn by itself.

Scoring helpers usable without a game: :func:`score`, :func:`scoring_subsets`, :func:`best_keep`.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import product
from typing import Any

from .core import Game, Options, Outcome, Player, Verdict, check_dice, option, register
from .errors import IllegalAction, RecordError, json_text, name_text
from .words import listed

DICE = 6
SINGLES = {1: 100, 5: 50}
OF_A_KIND = {4: 1000, 5: 2000, 6: 3000}
STRAIGHT = 1500
THREE_PAIRS = 1500
TWO_TRIPLETS = 2500

MAX_STAKE = 100_000       # High Stakes' price: past this no score at a bar table could pay it
START, ROLLED, KEPT = "start", "rolled", "kept"   # the turn's phase: must roll / must keep / free


@dataclass(frozen=True)
class FarkelOptions(Options):
    target: int = option(10_000, "The score that starts the final round: when a player banks to this "
                         "score or more, every other player gets one more turn; highest score wins. "
                         "The seed suggests 5,000 with more than four players.", minimum=50)
    entry: int = option(500, "Points a player must make in one turn to get into the game. Until then "
                        "a bank below it is refused: the player rolls on or farkels.", minimum=0)
    three_ones: int = option(300, "What three 1s score: 300 (the seed's table) or 1000 (the house "
                             "rule it mentions).", choices=(300, 1000))
    four_kind_pair_as_three_pairs: bool = option(False, "Four of a kind plus a pair may score as "
                                                 "three pairs (1500).")
    high_stakes: bool = option(False, "High Stakes: when a player banks with 1-5 dice left on the "
                               "table, the next player may roll those dice instead of six "
                               "(a roll with \"high_stakes\": true); if they score, they start "
                               "their turn with the banked points; a farkel loses the turn.")
    high_stakes_stake: int = option(0, "With High Stakes: points a player puts up from their own "
                                    "score to take over the dice left (the seed: 1000). Lost on a "
                                    "farkel; back at once if that roll scores. A player with fewer "
                                    "points cannot take the offer. 0: no stake. At most 100,000 "
                                    "(ten times the usual target).", minimum=0,
                                    maximum=MAX_STAKE)
    partners: tuple[tuple[str, ...], ...] = option((), "Partners: teams of players whose points add "
                                                   "up under one name, like [[\"Ann\", \"Cy\"], "
                                                   "[\"Bob\", \"Dee\"]] (or the text \"Ann + Cy; Bob "
                                                   "+ Dee\"). Each partner takes their own turns and "
                                                   "must make the entry score on their own; the final "
                                                   "round and the winner go by team. Anyone in no team "
                                                   "plays alone.")

    def __post_init__(self) -> None:
        object.__setattr__(self, "partners", _parse_partners(self.partners))
        if self.high_stakes_stake and not self.high_stakes:
            # (A stake without the rule it belongs to would be silently ignored.)
            raise RecordError(f"option {name_text('high_stakes_stake')} is the price of taking over "
                              "the dice in High Stakes: it needs the option high_stakes true")


def _partners_option() -> str:
    return "option " + name_text("partners")   # quoted as every record name is


PARTNERS_SHAPE = ('a list of teams, each a list of two or more player names, like '
                  '[["Ann", "Cy"], ["Bob", "Dee"]]')


def _parse_partners(value: Any) -> tuple[tuple[str, ...], ...]:
    """The ``partners`` option as a tuple of teams of names; RecordError for a bad value.

    A string is read as "Ann + Cy; Bob + Dee": the new-game form offers an option of a kind it
    does not know as a text box, and sends its text (empty: no partners).
    """
    if isinstance(value, str):
        value = [team.split("+") for team in value.split(";") if team.strip()]
    if not isinstance(value, (list, tuple)):
        raise RecordError(f"{_partners_option()} must be {PARTNERS_SHAPE}, not {json_text(value)}")
    teams: list[tuple[str, ...]] = []
    seen: set[str] = set()
    for team in value:
        if not isinstance(team, (list, tuple)) or not all(isinstance(n, str) for n in team):
            raise RecordError(f"{_partners_option()} must be {PARTNERS_SHAPE}, not {json_text(value)}")
        names = tuple(n.strip() for n in team)   # as the players' names are read
        if len(names) < 2:
            raise RecordError(f"{_partners_option()}: a team needs two or more players, not "
                              f"{json_text(list(names))}")
        for n in names:
            if n in seen:
                raise RecordError(f"{_partners_option()} names {name_text(n)} twice: a player "
                                  "plays in one team")
            seen.add(n)
        teams.append(names)
    return tuple(teams)


@dataclass(frozen=True)
class Team:
    """One side of the score sheet: partners under one name, or a player on their own."""

    name: str                  # "Ann & Cy" (partners) or the player's own name
    members: tuple[str, ...]


def _options(options: FarkelOptions | Mapping[str, Any] | None) -> FarkelOptions:
    if options is None:
        return FarkelOptions()
    if isinstance(options, FarkelOptions):
        return options
    return FarkelOptions.from_mapping(options)   # type: ignore[return-value]


@lru_cache(maxsize=None)
def _face_points(face: int, n: int, three_ones: int) -> int | None:
    """Best points from exactly ``n`` dice of one face, every die counting; None if impossible."""
    if n == 0:
        return 0
    best: int | None = None
    for size in (1, 3, 4, 5, 6):
        if size > n:
            break
        if size == 1:
            if face not in SINGLES:
                continue
            value = SINGLES[face]
        elif size == 3:
            value = three_ones if face == 1 else face * 100
        else:
            value = OF_A_KIND[size]
        rest = _face_points(face, n - size, three_ones)
        if rest is not None and (best is None or value + rest > best):
            best = value + rest
    return best


@lru_cache(maxsize=None)
def _points(counts: tuple[int, ...], three_ones: int, four_pair: bool) -> int:
    """Best reading of a set of dice (counts per face 1-6) where every die scores; 0 if none."""
    total = sum(counts)
    if total == 0:
        return 0
    best = 0
    per_face = 0
    for face, n in enumerate(counts, start=1):
        p = _face_points(face, n, three_ones)
        if p is None:
            per_face = 0
            break
        per_face += p
    best = per_face
    if total == DICE:
        shape = sorted(n for n in counts if n)
        if shape == [1] * 6:
            best = max(best, STRAIGHT)
        elif shape == [2, 2, 2] or (four_pair and shape == [2, 4]):
            best = max(best, THREE_PAIRS)
        elif shape == [3, 3]:
            best = max(best, TWO_TRIPLETS)
    return best


def _counts(dice: Iterable[int]) -> tuple[int, ...]:
    c = [0] * 6
    for d in dice:
        c[d - 1] += 1
    return tuple(c)


def score(dice: Sequence[int], options: FarkelOptions | Mapping[str, Any] | None = None) -> int:
    """Points the dice make when set aside together, every die counting (the best reading).

    0 when some die would not score (a lone 2, a pair of 3s...) or when there are no dice.
    """
    o = _options(options)
    return _points(_counts(dice), o.three_ones, o.four_kind_pair_as_three_pairs)


@lru_cache(maxsize=None)
def _sub_multisets(counts: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """Every distinct non-empty sub-multiset of the dice with these counts, as sorted tuples."""
    out = []
    for pick in product(*(range(n + 1) for n in counts)):
        subset = tuple(face for face, n in enumerate(pick, start=1) for _ in range(n))
        if subset:
            out.append(subset)
    return tuple(out)


@lru_cache(maxsize=None)
def _keeps(remaining: tuple[int, ...], aside: tuple[int, ...], three_ones: int, four_pair: bool,
           ) -> tuple[tuple[tuple[int, ...], int], ...]:
    """Keeps from the dice left of a roll that score together with those already set aside,
    with the points of the whole set aside; best first, fewer dice first on a tie."""
    found = []
    for subset in _sub_multisets(remaining):
        points = _points(_counts(aside + subset), three_ones, four_pair)
        if points > 0:
            found.append((subset, points))
    found.sort(key=lambda sp: (-sp[1], len(sp[0]), sp[0]))
    return tuple(found)


def scoring_subsets(dice: Sequence[int], options: FarkelOptions | Mapping[str, Any] | None = None,
                    ) -> list[tuple[tuple[int, ...], int]]:
    """Every distinct keep from a roll where each kept die scores, with its points.

    Best first; among equal points, fewer dice first (more dice left to roll).
    """
    o = _options(options)
    return list(_keeps(_counts(dice), (), o.three_ones, o.four_kind_pair_as_three_pairs))


def best_keep(dice: Sequence[int], options: FarkelOptions | Mapping[str, Any] | None = None,
              ) -> tuple[tuple[int, ...], int]:
    """The highest-scoring keep for a roll (fewest dice on a tie), or ((), 0) for a farkel."""
    subsets = scoring_subsets(dice, options)
    return subsets[0] if subsets else ((), 0)


def has_score(dice: Sequence[int], options: FarkelOptions | Mapping[str, Any] | None = None) -> bool:
    """Whether a roll has any scoring dice (otherwise it is a FARKEL)."""
    o = _options(options)
    return bool(_keeps(_counts(dice), (), o.three_ones, o.four_kind_pair_as_three_pairs))


def _dice_count(n: int) -> str:
    """"1 die", "6 dice": a single die is never "a dice"."""
    return f"{n} {'die' if n == 1 else 'dice'}"


def fmt(dice: Iterable[int]) -> str:
    return "-".join(str(d) for d in dice) or "nothing"


@register
class Farkel(Game):
    name = "farkel"
    title = "Farkel"
    options_type = FarkelOptions
    verbs = ("roll", "keep", "bank")
    counter = "score"
    min_players = 2
    max_players = 12

    def __init__(self, players: Sequence[str], options: Mapping[str, Any] | Options | None = None) -> None:
        super().__init__(players, options)
        self.opts: FarkelOptions = self.options   # type: ignore[assignment]
        self.current: Player = self.players[0]
        self.phase = START
        self.roll: tuple[int, ...] = ()          # the current roll (all dice rolled)
        self.set_aside: list[int] = []           # dice kept from the current roll
        self.kept: list[int] = []                # dice kept from earlier rolls of this turn
        # ... roll by roll: (the dice kept from it, whether that was every die it rolled: hot dice)
        self.kept_rolls: list[tuple[list[int], bool]] = []
        self.turn_base = 0                       # points of earlier rolls (and High Stakes points)
        self.last_roll: tuple[int, ...] | None = None
        self.offer: tuple[int, int] | None = None   # High Stakes: (dice left, points) of the last bank
        self.entered: set[str] = set()
        self.final_round = False
        self.final_by: str | None = None
        self.final_team: Team | None = None
        self.winning_team: Team | None = None
        self.final_turns_left = 0
        self.banks = 0                           # counts score changes, for who reached a score first
        self.teams = self._make_teams()
        self.team_of: dict[str, Team] = {n: t for t in self.teams for n in t.members}
        self.reached_at: dict[Team, int] = {t: 0 for t in self.teams}

    def _make_teams(self) -> list[Team]:
        """The sides: the partners' teams in the option's order, then every player on their own
        (without partners every player is a side of one, and the game is the plain one)."""
        teams = []
        for names in self.opts.partners:
            for n in names:
                if n not in self._by_name:
                    raise RecordError(f"{_partners_option()}: unknown player {name_text(n)}; at this "
                                      f"table: {', '.join(self._by_name)}")
            teams.append(Team(" & ".join(names), names))
        teamed = {n for names in self.opts.partners for n in names}
        teams.extend(Team(p.name, (p.name,)) for p in self.players if p.name not in teamed)
        if len(teams) < 2:
            raise RecordError(f"{_partners_option()} puts everyone in one team: Farkel needs two sides")
        return teams

    # -- derived ---------------------------------------------------------
    @property
    def to_act(self) -> str | None:
        return None if self.over else self.current.name

    @property
    def turn_total(self) -> int:
        return self.turn_base + score(self.set_aside, self.opts)

    @property
    def dice_left(self) -> int:
        """How many dice the next roll of this turn uses (six after hot dice)."""
        if self.phase == START:
            return DICE
        left = len(self.roll) - len(self.set_aside)
        return left if left > 0 else DICE

    @property
    def partnered(self) -> bool:
        return bool(self.opts.partners)

    def _team_with(self, p: Player) -> str:
        """A partner's team said beside that partner's own name, each player named once: "the
        team with Ann" (the team's name, "Ann & Cy", would say Cy again after "Cy banks ...")."""
        return "the team with " + listed([n for n in self.team_of[p.name].members if n != p.name])

    def team_score(self, team: Team) -> int:
        """Partners add their scores together under one name."""
        return sum(self._by_name[n].score for n in team.members)

    def _remaining(self) -> Counter:
        return Counter(self.roll) - Counter(self.set_aside)

    def _can_put_up(self, p: Player) -> bool:
        """Whether the player has the points High Stakes asks to put up (their own points)."""
        return p.score >= self.opts.high_stakes_stake

    def _may_bank(self, p: Player) -> bool:
        return self.phase == KEPT and (p.name in self.entered or self.turn_total >= self.opts.entry)

    # -- actions ---------------------------------------------------------
    def _apply(self, by: Player, verb: str, action: Mapping[str, Any]) -> Verdict | None:
        if by is not self.current:
            raise IllegalAction(f"it is {self.current.name}'s turn, not {by.name}'s")
        if verb == "roll":
            return self._roll(by, action)
        if verb == "keep":
            return self._keep(by, action)
        return self._bank(by)

    def _roll(self, by: Player, action: Mapping[str, Any]) -> Verdict | None:
        high_stakes = action.get("high_stakes", False)
        if not isinstance(high_stakes, bool):
            raise RecordError('"high_stakes" must be true or false')
        if "dice" not in action:
            raise RecordError('a roll needs "dice": every die rolled, like [1, 5, 3, 3, 2, 6]')
        if action["dice"] == []:   # (check_dice would say "at least 1 dice")
            raise RecordError('a roll needs at least one die in "dice": every die rolled, like '
                              '[1, 5, 3, 3, 2, 6]')
        dice = check_dice(action["dice"], minimum=1, maximum=DICE)
        if self.phase == ROLLED:
            raise IllegalAction(f"{by.name} must keep at least one scoring die from this roll "
                                "before rolling again")
        if high_stakes:
            if not self.opts.high_stakes:
                raise IllegalAction("High Stakes is not played at this table (option high_stakes)")
            if self.phase != START or self.offer is None:
                raise IllegalAction("there are no dice to take over: High Stakes is the first roll "
                                    "of a turn right after a player banked with dice left")
            if not self._can_put_up(by):
                # (The player named once: it said "Bob has 0 points, ...: Bob rolls six dice instead".)
                raise IllegalAction(f"{by.name} has {by.score:,} points, and High Stakes asks "
                                    f"{self.opts.high_stakes_stake:,} put up to take over the dice: "
                                    "roll six dice instead")
            expected = self.offer[0]
        else:
            expected = self.dice_left
        if len(dice) != expected:
            raise IllegalAction(self._wrong_count(by, expected, len(dice), high_stakes))
        stake = self.opts.high_stakes_stake if high_stakes else 0
        # -- accepted: the dice set aside from the previous roll now count for good
        inherited = self.offer[1] if high_stakes and self.offer else 0
        self.offer = None
        if self.phase == KEPT:
            self.turn_base += score(self.set_aside, self.opts)
            self.kept.extend(self.set_aside)
            self.kept_rolls.append((list(self.set_aside), len(self.set_aside) == len(self.roll)))
        self.set_aside = []
        self.roll = dice
        self.last_roll = dice
        if not has_score(dice, self.opts):
            lost = self.turn_base
            # (One die is "a 2": "rolled 2" read as two dice rolled.)
            rolled = f"a {dice[0]}" if len(dice) == 1 else fmt(dice)
            # (The player named once: it said "FARKEL: Ann rolled 6-2, no scoring dice. Ann loses
            # the 350 points of this turn.")
            message = f"FARKEL: {by.name} rolled {rolled}, no scoring dice"
            if stake:
                # The points put up are gone; on a roll that scores they simply stay (given back).
                by.score -= stake
                self.banks += 1
                self.reached_at[self.team_of[by.name]] = self.banks
                message += f", and loses the {stake:,} points put up for High Stakes."
            elif lost:
                message += f", and loses the {lost:,} points of this turn."
            else:
                message += ". The turn is over."
            losses = {by.name: lost + stake} if lost + stake else {}
            verdict = Verdict(Outcome.FARKEL, message, losses=losses, dice=dice, caller=by.name)
            return self._end_turn(verdict)
        self.phase = ROLLED
        self.turn_base += inherited
        return None

    def _wrong_count(self, by: Player, expected: int, rolled: int, high_stakes: bool) -> str:
        """Why a roll of the wrong number of dice is refused, and what the player may roll."""
        message = f"{by.name} rolls {_dice_count(expected)} now, not {rolled}"
        if high_stakes:
            return message + f": High Stakes takes over exactly the {_dice_count(expected)} left"
        if self.phase == KEPT and len(self.roll) == len(self.set_aside):
            return message + ": every die of this roll is kept (hot dice), so all six are rolled again"
        if (self.phase == START and self.offer is not None and rolled == self.offer[0]
                and self._can_put_up(by)):
            message += (f"; to take over the {_dice_count(rolled)} left (High Stakes) the roll needs "
                        '"high_stakes": true')
        return message

    def _keep(self, by: Player, action: Mapping[str, Any]) -> Verdict | None:
        if "dice" not in action:
            raise RecordError('a keep needs "dice": the scoring dice set aside, like [1, 5]')
        if action["dice"] == []:
            raise RecordError('a keep needs at least one die in "dice": the scoring dice set aside, '
                              'like [1, 5]')
        dice = check_dice(action["dice"], minimum=1, maximum=DICE)
        if self.phase == START:
            raise IllegalAction(f"{by.name} has not rolled yet: nothing to keep")
        remaining = self._remaining()
        if not remaining:
            also = " or bank" if self._may_bank(by) else ""
            raise IllegalAction(f"{by.name} has kept every die of this roll (hot dice): nothing is "
                                f"left to keep; roll all six again{also}")
        # One die is "a 2" that "does not score", not "2 do not score" (nor "1 are not among").
        one = len(dice) == 1
        kept, are, do = (f"a {dice[0]}", "is", "does") if one else (fmt(dice), "are", "do")
        if Counter(dice) - remaining:
            raise IllegalAction(f"{kept} {are} not among the dice left from this roll "
                                f"({fmt(sorted(remaining.elements()))})")
        together = self.set_aside + list(dice)
        if score(together, self.opts) == 0:
            if self.set_aside:
                raise IllegalAction(f"{kept} {do} not score with the {fmt(self.set_aside)} already kept "
                                    "from this roll: every kept die must count")
            raise IllegalAction(f"{kept} {do} not score: every kept die must count (1s, 5s, three "
                                "or more of a kind, a straight, three pairs, two triplets)")
        self.set_aside = together
        self.phase = KEPT
        return None

    def _bank(self, by: Player) -> Verdict | None:
        if self.phase == START:
            raise IllegalAction(f"{by.name} has not rolled yet: nothing to bank")
        if self.phase == ROLLED:
            raise IllegalAction(f"{by.name} must keep at least one scoring die from this roll before banking")
        total = self.turn_total
        team = self.team_of[by.name]
        if not self._may_bank(by):
            # (A partner already in does not bring this player in: each gets in on their own.)
            own = " on their own" if len(team.members) > 1 else ""
            raise IllegalAction(f"{by.name} needs {self.opts.entry:,} points in one turn to get into the "
                                f"game{own}; this turn has {total:,}: roll on")
        left = len(self.roll) - len(self.set_aside)
        by.score += total
        self.entered.add(by.name)
        self.banks += 1
        self.reached_at[team] = self.banks
        score_now = self.team_score(team)
        if len(team.members) > 1:
            # (The team's name is its players' names: "Cy banks 600 for Ann & Cy" said Cy twice.)
            message = f"{by.name} banks {total:,} for {self._team_with(by)}: {score_now:,} in all."
        else:
            message = f"{by.name} banks {total:,}: {score_now:,} in all."
        if self.opts.high_stakes and 0 < left < DICE:
            self.offer = (left, total)
        if not self.final_round and score_now >= self.opts.target:
            self.final_round = True
            self.final_by = by.name
            self.final_team = team
            # One more turn for every player of the other sides; the reacher's partners are skipped.
            self.final_turns_left = len(self.players) - len(team.members)
            if len(team.members) > 1:
                # (It said "... Ann & Cy reached 10,000: ..." after "Cy banks 600 for Ann & Cy".)
                message += (f" That reaches {self.opts.target:,}: every player of the other teams "
                            "gets one more turn.")
            else:
                message += f" That reaches {self.opts.target:,}: everyone else gets one more turn."
        verdict = Verdict(Outcome.BANKED, message, gains={by.name: total}, caller=by.name)
        return self._end_turn(verdict)

    def _end_turn(self, verdict: Verdict) -> Verdict:
        if self.final_round and self.team_of[self.current.name] is not self.final_team:
            self.final_turns_left -= 1
        self.phase = START
        self.roll = ()
        self.set_aside = []
        self.kept = []
        self.kept_rolls = []
        self.turn_base = 0
        if self.final_round and self.final_turns_left <= 0:
            self.offer = None
            # A tie goes to the side that reached that score first (the others had to beat it).
            best = max(self.teams, key=lambda t: (self.team_score(t), -self.reached_at[t]))
            self.winner = best.name
            self.winning_team = best
            verb = "win" if len(best.members) > 1 else "wins"
            if verdict.outcome is Outcome.BANKED and self.current.name in best.members:
                # (Who banked, named once: it said "Cy banks 900: 2,000 in all. Cy wins with 2,000."
                # The bank already named the team.)
                won = " That wins the game."
            elif self.current.name in best.members and len(best.members) > 1:
                # A partner's farkel ends the game their team wins: "FARKEL: Dee rolled ... Bob &
                # Dee win" said Dee twice. (Alone, the last to play cannot be ahead on a farkel: the
                # score that started the final round was someone else's.)
                team = self._team_with(self.current)
                won = f" {team[0].upper()}{team[1:]} wins with {self.team_score(best):,}."
            else:
                won = f" {best.name} {verb} with {self.team_score(best):,}."
            return Verdict(verdict.outcome, verdict.message + won,
                           losses=verdict.losses, gains=verdict.gains, dice=verdict.dice,
                           caller=verdict.caller)
        if verdict.outcome == Outcome.FARKEL:
            self.offer = None
        nxt = self.next_player(self.current)
        while self.final_round and self.team_of[nxt.name] is self.final_team:
            nxt = self.next_player(nxt)   # ends: another side has turns left, or the game ended above
        self.current = nxt
        return verdict

    # -- what may be done ------------------------------------------------
    def _keeps(self) -> list[tuple[int, ...]]:
        if self.phase not in (ROLLED, KEPT):
            return []
        remaining = _counts(self._remaining().elements())
        aside = tuple(sorted(self.set_aside))
        found = _keeps(remaining, aside, self.opts.three_ones, self.opts.four_kind_pair_as_three_pairs)
        return sorted(s for s, _ in found)

    def legal_actions(self) -> list[dict[str, Any]]:
        if self.over:
            return []
        me = self.current.name
        out: list[dict[str, Any]] = []
        if self.phase in (START, KEPT):
            out.append({"by": me, "do": "roll"})
        if self.phase == START and self.offer is not None and self._can_put_up(self.current):
            out.append({"by": me, "do": "roll", "high_stakes": True})
        if self._may_bank(self.current):
            out.append({"by": me, "do": "bank"})
        out.extend({"by": me, "do": "keep", "dice": list(s)} for s in self._keeps())
        return out

    def random_action(self, rng: random.Random) -> dict[str, Any]:
        me = self.current.name

        def roll(n: int) -> list[int]:
            return [rng.randint(1, 6) for _ in range(n)]

        if self.phase == START:
            if self.offer is not None and self._can_put_up(self.current) and rng.random() < 0.5:
                return {"by": me, "do": "roll", "dice": roll(self.offer[0]), "high_stakes": True}
            return {"by": me, "do": "roll", "dice": roll(DICE)}
        keeps = self._keeps()
        if self.phase == ROLLED:
            if rng.random() < 0.5:
                remaining = sorted(self._remaining().elements())
                return {"by": me, "do": "keep", "dice": list(best_keep(remaining, self.opts)[0])}
            return {"by": me, "do": "keep", "dice": list(rng.choice(keeps))}
        r = rng.random()
        if self._may_bank(self.current) and r < 0.45:
            return {"by": me, "do": "bank"}
        if keeps and r > 0.9:
            return {"by": me, "do": "keep", "dice": list(rng.choice(keeps))}
        return {"by": me, "do": "roll", "dice": roll(self.dice_left)}

    # -- what may be shown -----------------------------------------------
    def player_standing(self, p: Player) -> dict[str, Any]:
        d = super().player_standing(p)
        d["entered"] = p.name in self.entered
        if self.partnered:
            d["team"] = self.team_of[p.name].name
        return d

    def extra_standings(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "turn_total": self.turn_total,
            "kept": self.kept + self.set_aside,
            "kept_rolls": self._kept_rolls(),
            "last_roll": list(self.last_roll) if self.last_roll is not None else None,
            "final_round": self.final_round,
        }
        if self.partnered:   # (only then: a record without partners prints as it always did)
            out["teams"] = [{"name": t.name, "players": list(t.members), "score": self.team_score(t)}
                            for t in self.teams]
            won = self.winning_team
            out["winners"] = list(won.members) if won is not None else None
        return out

    def _kept_rolls(self) -> list[dict[str, Any]]:
        """The dice kept this turn, roll by roll (``kept`` runs them together): each roll's keep
        (its keeps added up) in order, this roll's last once a die of it is kept; ``hot`` when
        that keep was every die the roll rolled (hot dice: six are rolled next)."""
        rolls = [{"dice": list(dice), "hot": hot} for dice, hot in self.kept_rolls]
        if self.set_aside:
            rolls.append({"dice": list(self.set_aside),
                          "hot": len(self.set_aside) == len(self.roll)})
        return rolls

    def table_state(self) -> dict[str, Any]:
        state = super().table_state()
        state.update({
            "phase": self.phase,
            "roll": list(self.roll),
            "set_aside": list(self.set_aside),
            "dice_left": self.dice_left,
            "target": self.opts.target,
            "final_by": self.final_by,
            "high_stakes": ({"dice": self.offer[0], "points": self.offer[1]}
                            if self.offer is not None else None),
        })
        if self.offer is not None and self.opts.high_stakes_stake:
            state["high_stakes"]["stake"] = self.opts.high_stakes_stake
        return state
