"""Chinese liar's dice, chui niu (seed 003): five dice a player under one cup each.

Record verbs: ``call`` with ``count``, ``face`` (1-6), ``zhai`` (optional, default false) and
``bounce`` (optional: a bounce back, X+2 of the same call, handed back to the previous caller);
``open`` with ``hands``: every player's five dice, ``{"Ann": [1, 3, 3, 5, 6], ...}``, which the
engine sees only then. The loser of an open loses a life and starts the next round.

Ones are wild for the other faces unless the call is zhai; a call of ones is always zhai (ones
are never wild for themselves). See docs/game-record.md for every choice made.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .core import Game, Options, Outcome, Player, Verdict, check_dice, option, register
from .errors import IllegalAction, RecordError, json_text

HAND = 5
NUMBERS = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
           "eleven", "twelve")
ALL_SAME = ("plus-one-two", "plus-one", "none")


def _num(n: int) -> str:
    return NUMBERS[n] if 0 <= n < len(NUMBERS) else str(n)


@dataclass(frozen=True)
class LiarsOptions(Options):
    lives: int = option(3, "Lives each player starts with; the loser of an open loses one and a "
                        "player with none left is out.", minimum=1, maximum=99)
    opening_minimum: str = option("players", "'players': with n players still in, the first call "
                                  "of a round is at least n 1s, n+1 zhai or n+2 non-zhai (the seed's "
                                  "4, 5, 6 for four players, 8, 9, 10 for eight); 'none': any count "
                                  "from one.",
                                  choices=("players", "none"))
    ones_high: bool = option(True, "Among zhai calls of the same count, 1s rank above 6s (so four "
                             "6s zhai can be raised to four 1s); false ranks 1s lowest.")
    sequential: str = option("zero", "A hand with no identical dice (five different faces) must be "
                             "re-rolled before the calling; one still shown at the open counts "
                             "'zero' for any call, or 'count' as usual.", choices=("zero", "count"))
    all_same: str = option("plus-one-two", "A hand whose five dice all count for the call counts "
                           "extra: 'plus-one-two' = +1 when 1s stand in (1-1-3-3-3 is six 3s), +2 when "
                           "all five show the same face (6-6-6-6-6 is seven 6s); 'plus-one' = +1 "
                           "either way (the seed's examples); 'none' = no extra.", choices=ALL_SAME)


@dataclass(frozen=True)
class Call:
    """A liar's dice call: at least ``count`` dice show ``face`` across every hand."""

    count: int
    face: int
    zhai: bool

    def __post_init__(self) -> None:
        if self.face == 1 and not self.zhai:
            object.__setattr__(self, "zhai", True)   # 1s are never wild for themselves

    @property
    def kind(self) -> str:
        """'ones', 'zhai' or 'plain' (non-zhai): the three kinds the minimums are set for."""
        if self.face == 1:
            return "ones"
        return "zhai" if self.zhai else "plain"

    def words(self) -> str:
        """The call as said at the table: "six 3s", "five 3s zhai", "four 1s", "one 3"."""
        plural = "" if self.count == 1 else "s"
        return f"{_num(self.count)} {self.face}{plural}" + (" zhai" if self.zhai and self.face != 1 else "")

    def to_dict(self) -> dict[str, Any]:
        return {"count": self.count, "face": self.face, "zhai": self.zhai}


def _rank(face: int, zhai: bool, ones_high: bool) -> int:
    return 7 if face == 1 and zhai and ones_high else face


def beats(new: Call, old: Call, *, ones_high: bool = True) -> bool:
    """Whether ``new`` is a legal raise of ``old`` (bounce backs aside).

    Same kind (both zhai or both non-zhai): more dice, or the same count of a higher face.
    Non-zhai to zhai ("switch to zhai"): at least the same count, any face including 1.
    Zhai to non-zhai ("break zhai"): at least three more.
    """
    if new.zhai == old.zhai:
        if new.count != old.count:
            return new.count > old.count
        return _rank(new.face, new.zhai, ones_high) > _rank(old.face, old.zhai, ones_high)
    if new.zhai:
        return new.count >= old.count
    return new.count >= old.count + 3


def hand_count(hand: Sequence[int], call: Call, options: LiarsOptions | None = None) -> int:
    """How many of ``call.face`` one hand counts for, with the hand rules applied."""
    o = options or LiarsOptions()
    if o.sequential == "zero" and len(set(hand)) == len(hand):
        return 0
    wild = not call.zhai
    n = sum(1 for d in hand if d == call.face or (wild and d == 1))
    if n == len(hand) and o.all_same != "none":
        n += 2 if (o.all_same == "plus-one-two" and len(set(hand)) == 1) else 1
    return n


def _max_bonus(o: LiarsOptions) -> int:
    return {"plus-one-two": 2, "plus-one": 1, "none": 0}[o.all_same]


def _parse_call(action: Mapping[str, Any]) -> tuple[Call, bool]:
    def whole(key: str) -> int:
        if key not in action:
            raise RecordError(f'a call needs "{key}"')
        v = action[key]
        if isinstance(v, bool) or not isinstance(v, int):
            raise RecordError(f'"{key}" must be a whole number, not {json_text(v)}')
        return v

    count, face = whole("count"), whole("face")
    if count < 1:
        raise RecordError(f'"count" must be at least 1, not {count}')
    if not 1 <= face <= 6:
        raise RecordError(f'"face" must be a die face 1-6, not {face}')
    flags = {}
    for key in ("zhai", "bounce"):
        v = action.get(key, False)
        if not isinstance(v, bool):
            raise RecordError(f'"{key}" must be true or false, not {json_text(v)}')
        flags[key] = v
    return Call(count, face, flags["zhai"]), flags["bounce"]


@register
class Liars(Game):
    name = "liars"
    title = "Chinese liar's dice"
    options_type = LiarsOptions
    verbs = ("call", "open")
    counter = "lives"
    min_players = 2
    max_players = 12

    def __init__(self, players: Sequence[str], options: Mapping[str, Any] | Options | None = None) -> None:
        super().__init__(players, options)
        self.opts: LiarsOptions = self.options   # type: ignore[assignment]
        for p in self.players:
            p.lives = self.opts.lives
        self.round = 1
        self.starter: Player = self.players[0]
        self.current: Player = self.starter
        self.call: Call | None = None
        self.caller: Player | None = None
        self.open_count: dict[str, Any] | None = None
        self.bounced = False          # the standing call bounced back to the player before

    # -- rules -----------------------------------------------------------
    @property
    def to_act(self) -> str | None:
        return None if self.over else self.current.name

    def minimums(self) -> dict[str, int]:
        """The lowest count of each kind of call at this table now."""
        if self.opts.opening_minimum == "none":
            return {"ones": 1, "zhai": 1, "plain": 1}
        n = len(self.alive)
        return {"ones": n, "zhai": n + 1, "plain": n + 2}

    def max_count(self) -> int:
        """No call can be above what every hand could count together."""
        return len(self.alive) * (HAND + _max_bonus(self.opts))

    def _minimum(self, kind: str) -> int:
        """The lowest count of a call of this kind the round's rules allow now. "The minimum
        starting call": the first call of a round; a raise needs only to raise (with 1s ranked
        highest no raise can fall below a minimum anyway; with ones_high false, four 2s zhai
        raises four 1s)."""
        return self.minimums()[kind] if self.call is None else 1

    def _lowest(self, face: int, zhai: bool) -> int:
        """The lowest count of this face/kind that is legal now."""
        probe = Call(1, face, zhai)
        low = self._minimum(probe.kind)
        if self.call is not None:
            old = self.call
            if probe.zhai == old.zhai:
                higher = _rank(face, probe.zhai, self.opts.ones_high) > _rank(old.face, old.zhai, self.opts.ones_high)
                low = max(low, old.count if higher else old.count + 1)
            elif probe.zhai:
                low = max(low, old.count)
            else:
                low = max(low, old.count + 3)
        return low

    def _check_call(self, by: Player, call: Call, bounce: bool) -> None:
        if bounce:
            if self.call is None:
                raise IllegalAction(f"there is no call to bounce back yet: {by.name} {self._opening_hint()}")
            want = Call(self.call.count + 2, self.call.face, self.call.zhai)
            if call != want:
                raise IllegalAction(f"a bounce back adds two to {self.caller.name}'s call: "   # type: ignore[union-attr]
                                    f"{want.words()}, not {call.words()}")
        if call.count > self.max_count():
            raise IllegalAction(f"{call.words()} is impossible: at most {self.max_count()} can be "
                                "counted at this table")
        low = self._minimum(call.kind)
        if call.count < low:
            what = {"ones": f"{_num(low)} 1s", "zhai": f"{_num(low)} zhai",
                    "plain": f"{_num(low)} non-zhai"}[call.kind]
            raise IllegalAction(f"{call.words()} is too low: with {len(self.alive)} players the "
                                f"lowest call is {what}")
        if self.call is not None and not bounce and not beats(call, self.call, ones_high=self.opts.ones_high):
            raise IllegalAction(f"{call.words()} does not raise {self.caller.name}'s "   # type: ignore[union-attr]
                                f"{self.call.words()}: {self._raise_hint()}")

    def _opening_hint(self) -> str:
        """What the player who starts a round may do: "starts the round with a call of at least
        four 1s, five zhai or six non-zhai"."""
        if self.opts.opening_minimum == "none":
            return "starts the round with a call"
        low = self.minimums()
        return (f"starts the round with a call of at least {_num(low['ones'])} 1s, "
                f"{_num(low['zhai'])} zhai or {_num(low['plain'])} non-zhai")

    def _raise_hint(self) -> str:
        """What raises the standing call, naming the faces that rank higher at the same count (a
        ones call has none with ones_high, nor a 6s call: "a higher face" would offer nothing)."""
        old = self.call
        assert old is not None
        o = self.opts
        top = self.max_count()
        faces = [f for f in (range(1, 7) if old.zhai else range(2, 7))
                 if _rank(f, old.zhai, o.ones_high) > _rank(old.face, old.zhai, o.ones_high)]
        faces.sort(key=lambda f: _rank(f, old.zhai, o.ones_high))
        ways = []
        if old.count < top:
            ways.append("call more dice")
        kind = " as zhai" if old.zhai else ""
        if faces:
            named = [f"{f}{'' if old.count == 1 else 's'}" for f in faces]
            listed = named[0] if len(named) == 1 else ", ".join(named[:-1]) + " or " + named[-1]
            ways.append(f"the same count of a higher face{kind} ({_num(old.count)} {listed})")
        if not old.zhai:
            ways.append("switch to zhai at the same count")
        elif old.count + 3 <= top:
            ways.append(f"break zhai with {old.count + 3} or more non-zhai")
        note = ""
        if old.zhai and old.face == 1 and o.ones_high:
            note = "1s rank above every other face among zhai calls; "
        if not ways:
            return note + "nothing raises it: open it"
        if len(ways) <= 2:
            return note + " or ".join(ways)
        return note + ", ".join(ways[:-1]) + ", or " + ways[-1]

    # -- actions ---------------------------------------------------------
    def _apply(self, by: Player, verb: str, action: Mapping[str, Any]) -> Verdict | None:
        if by.out:
            raise IllegalAction(f"{by.name} is out of the game")
        if by is not self.current:
            if self.bounced and self.caller is not None:
                # The next player round the table expects the turn: say it went back.
                raise IllegalAction(f"{self.caller.name} bounced the call back to {self.current.name}: "
                                    f"it is {self.current.name}'s turn, not {by.name}'s")
            raise IllegalAction(f"it is {self.current.name}'s turn, not {by.name}'s")
        if verb == "call":
            call, bounce = _parse_call(action)
            self._check_call(by, call, bounce)
            back_to = self.caller
            self.call, self.caller = call, by
            self.current = back_to if bounce and back_to is not None else self.next_player(by)
            self.bounced = bounce
            return None
        return self._open(by, action)

    def _read_hands(self, action: Mapping[str, Any]) -> dict[str, tuple[int, ...]]:
        given = action.get("hands")
        if not isinstance(given, Mapping):
            raise RecordError('an open needs "hands": every player\'s five dice, like '
                              '{"Ann": [1, 3, 3, 5, 6], "Bob": [2, 2, 4, 4, 6]}')
        hands: dict[str, tuple[int, ...]] = {}
        for name, dice in given.items():
            p = self.player(name)
            if p.out:
                raise RecordError(f"{name} is out of the game and has no hand")
            hands[name] = check_dice(dice, count=HAND, what=f"{name}'s hand")
        missing = [p.name for p in self.alive if p.name not in hands]
        if missing:
            raise RecordError(f"the open needs every hand: {', '.join(missing)} missing")
        return {p.name: hands[p.name] for p in self.alive}

    def _open(self, by: Player, action: Mapping[str, Any]) -> Verdict:
        if self.call is None or self.caller is None:
            raise IllegalAction(f"there is no call to open yet: {by.name} {self._opening_hint()}")
        hands = self._read_hands(action)
        call, caller = self.call, self.caller
        per_player = {name: hand_count(h, call, self.opts) for name, h in hands.items()}
        total = sum(per_player.values())
        stands = total >= call.count
        loser = by if stands else caller
        head = "TRUE" if stands else "LIE"
        # Each name said once: the caller and the opener are named as they call and open, then
        # by their part. A 40-letter name said three or four times over ("X called ..., (X 3,
        # ...). X loses a life. X is out.") filled the wall's verdict and pushed what else it
        # says off it.
        roles = {caller.name: "the caller", by.name: "the opener"}
        counts = []
        for name, h in hands.items():
            # (In the count no "the": "caller 1, opener 2, Cy 0" is as clear, and shorter.)
            entry = f"{roles[name].removeprefix('the ') if name in roles else name} {per_player[name]}"
            if self.opts.sequential == "zero" and len(set(h)) == HAND:
                entry += f" ({'-'.join(map(str, h))}: no identical dice, counts nothing)"
            elif per_player[name] > HAND:
                entry += f" ({'-'.join(map(str, h))}: all the same)"
            counts.append(entry)
        message = (f"{head}: {caller.name} called {call.words()}, {by.name} opened; there "
                   f"{'is' if total == 1 else 'are'} {total}: {', '.join(counts)}.")
        message += f" {roles[loser.name].capitalize()} loses a life"
        loser.lives -= 1
        if loser.lives <= 0:
            self.knock_out(loser)
            message += " and is out"
            if self.winner:
                # (The last one left is the caller or the opener: both were in.)
                winner = roles[self.winner].capitalize() if self.winner in roles else self.winner
                message += f". {winner} wins"
        message += "."
        self.open_count = {"count": total, "per_player": per_player, "call": call.to_dict()}
        self.round += 1
        self.starter = loser if not loser.out else self.next_player(loser)
        self.current = self.starter
        self.call, self.caller = None, None
        self.bounced = False
        return Verdict(Outcome.TRUTH if stands else Outcome.LIE, message, losses={loser.name: 1},
                       hands=hands, call=call.words(), caller=caller.name, challenger=by.name)

    # -- what may be done ------------------------------------------------
    def _kinds(self) -> list[tuple[int, bool]]:
        return [(1, True)] + [(f, True) for f in range(2, 7)] + [(f, False) for f in range(2, 7)]

    def legal_actions(self) -> list[dict[str, Any]]:
        if self.over:
            return []
        me = self.current.name
        top = self.max_count()
        out: list[dict[str, Any]] = []
        for face, zhai in self._kinds():
            for count in range(self._lowest(face, zhai), top + 1):
                out.append({"by": me, "do": "call", "count": count, "face": face, "zhai": zhai})
        # lowest first, as a dial turns: by count, non-zhai before zhai, then by face rank
        out.sort(key=lambda a: (a["count"], a["zhai"], _rank(a["face"], a["zhai"], self.opts.ones_high)))
        if self.call is not None:
            c = self.call
            if c.count + 2 <= top:
                out.append({"by": me, "do": "call", "count": c.count + 2, "face": c.face,
                            "zhai": c.zhai, "bounce": True})
            out.append({"by": me, "do": "open"})
        return out

    def random_action(self, rng: random.Random) -> dict[str, Any]:
        me = self.current.name
        top = self.max_count()
        choices = [(f, z, self._lowest(f, z)) for f, z in self._kinds()]
        choices = [c for c in choices if c[2] <= top]
        if self.call is not None and (not choices or rng.random() < 0.3):
            hands = {p.name: [rng.randint(1, 6) for _ in range(HAND)] for p in self.alive}
            return {"by": me, "do": "open", "hands": hands}
        if self.call is not None and self.call.count + 2 <= top and rng.random() < 0.1:
            c = self.call
            return {"by": me, "do": "call", "count": c.count + 2, "face": c.face, "zhai": c.zhai,
                    "bounce": True}
        face, zhai, low = rng.choice(choices)
        count = min(top, low + rng.choice((0, 0, 0, 1, 2)))
        return {"by": me, "do": "call", "count": count, "face": face, "zhai": zhai}

    # -- what may be shown (never a hand before the open) -----------------
    def extra_standings(self) -> dict[str, Any]:
        return {"round": self.round, "starter": self.starter.name if not self.over else None}

    def table_state(self) -> dict[str, Any]:
        state = super().table_state()
        state.update({
            "call": self.call.words() if self.call else None,
            "answers": self.caller.name if self.caller else None,
            "call_detail": self.call.to_dict() if self.call else None,
            # The standing call is a bounce back: its caller ("answers") handed it back to the
            # player who made the call before (now to act). A call made out loud: public.
            "bounced": self.bounced and self.call is not None,
            "minimums": self.minimums(),
            "open_count": self.open_count,
        })
        return state
