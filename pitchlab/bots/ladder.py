"""The bidding ladder: what to bid, learned from simulated hands, small enough to memorise.

A bid is worth what it does to the score. For every spot in the bidding (your
seat, the high bid so far, whether your partner holds it) and every kind of
hand (trump in the suit the bot would name, points you hold in it: its *chosen* suit,
which need not be the suit with most trump), :func:`pitchlab.bots.derive.derive_ladder` deals
many hands, lets the bots bid up to your turn, and then tries *each* legal
answer on the same cards: the rest of the auction, the refill, the bury and
the play run on with the rule-based bots, and the hand's result is scored as
your team's change minus the other team's (passing gives the other side a
chance to score, so a bid is judged against the whole table, not zero).
Trying every answer on the same deal makes the comparison between answers
much sharper than the noise in any one of them.

The ladder's bid for a cell is simply the answer with the best mean: the
:class:`Ladder` keeps every mean it came from, so anyone can check the choice.
The rule-based bot (:class:`~pitchlab.bots.players.RuleBasedPlayer`) bids from
it; the auctions it is derived from are bid by the bot's older estimate, so
the shipped ladder does not depend on itself.
"""

from __future__ import annotations

import functools
import json
import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from pitchlab.bots import claims as cl
from pitchlab.bots import shipped as shipped_files
from pitchlab.bots import trump_only_judgement
from pitchlab.engine.hand import Hand
from pitchlab.engine.presets import TEN_POINT
from pitchlab.engine.rules import Ruleset, preset_of
from pitchlab.odds.stats import Estimate

POSITIONS = ("first", "second", "third", "dealer")
"""Seat positions in the bidding, from the dealer's left to the dealer."""
TRUMP_ROWS = (2, 3, 4, 5, 6, 7)
"""Trump in the chosen suit, as the ladder's rows: 2 means two or fewer, 7 seven or more."""
POINT_COLUMNS = ((0, 1), (2, 3), (4, 5), (6, 10))
"""Points held in the chosen suit, as the ladder's columns."""
HIGH_STEPS = (0, 4, 5, 6, 7)
"""The high bid so far as the ladder groups it: 0 is none yet, 7 is seven or more."""


@dataclass(frozen=True, order=True)
class Spot:
    """Where a seat stands in the bidding when its turn comes."""

    position: int
    """0 (first to speak, the dealer's left) to 3 (the dealer)."""
    high: int
    """The high bid so far, grouped as in :data:`HIGH_STEPS`."""
    partner_high: bool
    """Whether that high bid is the partner's."""

    def __str__(self) -> str:
        seat = POSITIONS[self.position]
        if not self.high:
            return f"{seat} seat, no bid yet"
        who = "partner" if self.partner_high else "an opponent"
        return f"{seat} seat, {who} bid {self.high}{'+' if self.high == HIGH_STEPS[-1] else ''}"

    def plain(self, rules: Ruleset) -> str:
        """The spot as the seat says it to a learner: "I deal, and the other team has bid 7 or more"."""
        seat = "I deal" if self.position == len(POSITIONS) - 1 else f"I speak {POSITIONS[self.position]}"
        if not self.high:
            return f"{seat}, and nobody has bid yet"
        if self.partner_high:
            who = "my partner"
        else:
            who = "the other team" if rules.num_teams == 2 else "an opponent"
        more = " or more" if self.high == HIGH_STEPS[-1] else ""
        return f"{seat}, and {who} has bid {self.high}{more}"


@dataclass(frozen=True, order=True)
class Strength:
    """A hand as the ladder sees it: its chosen suit's trump count and points, grouped."""

    trump: int
    """A row of :data:`TRUMP_ROWS`."""
    points: int
    """An index into :data:`POINT_COLUMNS`."""

    def __str__(self) -> str:
        low, high = POINT_COLUMNS[self.points]
        trump = {2: "2 or fewer", 7: "7 or more"}.get(self.trump, str(self.trump))
        return f"{trump} trump, {low}-{high} points"

    def plain(self) -> str:
        """The hand's group in words: "4 trump worth 4 or 5 points"."""
        low, high = POINT_COLUMNS[self.points]
        trump = {2: "2 trump or fewer", 7: "7 trump or more"}.get(self.trump, f"{self.trump} trump")
        points = f"{low} or {high}" if high == low + 1 else f"{low} to {high}"
        return f"{trump} worth {points} points"


def strength_of(rating: trump_only_judgement.Rating) -> Strength:
    """Group a hand's best-suit rating into a ladder cell."""
    trump = min(max(len(rating.trump), TRUMP_ROWS[0]), TRUMP_ROWS[-1])
    column = next(i for i, (low, high) in enumerate(POINT_COLUMNS) if low <= rating.points_held <= high)
    return Strength(trump, column)


def spot_of(hand: Hand) -> Spot:
    """The bidding spot of the seat to act."""
    rules = hand.rules
    seat = hand.to_act
    assert seat is not None
    bidder = hand.bidder
    partner = bidder is not None and bidder != seat and rules.teams[bidder] == rules.teams[seat]
    return Spot(hand.position(seat), max(s for s in HIGH_STEPS if s <= hand.high_bid), partner)


# ------------------------------------------------------------------ the data


@dataclass
class Tally:
    """Running sums of one answer's net score change: enough for a mean and its error."""

    n: int = 0
    total: float = 0.0
    squares: float = 0.0

    def add(self, value: float) -> None:
        self.n += 1
        self.total += value
        self.squares += value * value

    def merge(self, other: Tally) -> None:
        self.n += other.n
        self.total += other.total
        self.squares += other.squares

    def estimate(self) -> Estimate:
        mean = self.total / self.n
        var = max(0.0, self.squares / self.n - mean * mean) * self.n / max(1, self.n - 1)
        return Estimate(mean, math.sqrt(var / self.n), self.n, unit="hands")


Cell = tuple[Spot, Strength]
Tallies = dict[Cell, dict[int, Tally]]
"""Per cell, per answer (0 is a pass, else the bid), the net score changes seen."""


@dataclass(frozen=True)
class Ladder:
    """The simulated value of every answer in every cell, and the best answer each gives.

    ``values[cell][answer]`` is the mean net score change (your team's minus
    the other team's) when a hand of that strength gives that answer in that
    spot; ``bid(cell)`` is its argmax, ties going to the lower answer.
    """

    rules: Ruleset
    deals: int
    seed: int | str
    values: dict[Cell, dict[int, Estimate]]
    min_samples: int = 30
    """An answer tried fewer times than this in a cell is not trusted for the argmax."""
    _best: dict[Cell, int] = field(default_factory=dict, init=False, repr=False, compare=False)

    def answers(self, cell: Cell) -> dict[int, Estimate]:
        """The answers tried often enough in ``cell`` to be compared."""
        return {a: e for a, e in self.values.get(cell, {}).items() if e.n >= self.min_samples}

    def bid(self, cell: Cell) -> int | None:
        """The best answer in ``cell`` (0 passes), or ``None`` where the data are too thin."""
        if cell not in self._best:
            found = self.answers(cell)
            if not found:
                return None
            self._best[cell] = max(found, key=lambda a: (found[a].value, -a))
        return self._best[cell]

    def gain(self, cell: Cell) -> float | None:
        """How much the ladder's answer beats passing in ``cell``, in points per hand."""
        found = self.answers(cell)
        best = self.bid(cell)
        if best is None or 0 not in found:
            return None
        return found[best].value - found[0].value

    def spots(self) -> list[Spot]:
        return sorted({spot for spot, _ in self.values})

    def rungs(self, spot: Spot) -> list[tuple[Strength, int, float | None]]:
        """The ladder for one spot: each strength with data, its bid and its gain over passing."""
        cells = sorted(strength for s, strength in self.values if s == spot)
        out = []
        for strength in cells:
            best = self.bid((spot, strength))
            if best is not None:
                out.append((strength, best, self.gain((spot, strength))))
        return out

    def table(self, spot: Spot) -> str:
        """The ladder for one spot as a grid: trump down, points across, the bid in each cell."""
        width = 9
        head = f"{'trump':>8} " + "".join(f"{f'{lo}-{hi} pts':>{width}}" for lo, hi in POINT_COLUMNS)
        lines = [str(spot), head]
        for row in TRUMP_ROWS:
            label = {2: "<=2", 7: ">=7"}.get(row, str(row))
            cells = []
            for col in range(len(POINT_COLUMNS)):
                best = self.bid((spot, Strength(row, col)))
                cells.append(f"{'.' if best is None else ('pass' if best == 0 else best):>{width}}")
            lines.append(f"{label:>8} " + "".join(cells))
        return "\n".join(lines)

    # -------------------------------------------------------------- storage

    def to_json(self) -> str:
        rows = [
            [s.position, s.high, s.partner_high, g.trump, g.points, a, e.value, e.se, e.n]
            for (s, g), answers in sorted(self.values.items())
            for a, e in sorted(answers.items())
        ]
        head = {"rules": self.rules.name, "deals": self.deals, "seed": self.seed}
        lines = ",\n".join(json.dumps(r) for r in rows)
        return json.dumps(head)[:-1] + ', "values": [\n' + lines + "\n]}\n"

    @classmethod
    def from_json(cls, text: str, rules: Ruleset = TEN_POINT) -> Ladder:
        data: dict[str, Any] = json.loads(text)
        values: dict[Cell, dict[int, Estimate]] = {}
        for position, high, partner, trump, points, answer, mean, se, n in data["values"]:
            cell = (Spot(position, high, bool(partner)), Strength(trump, points))
            values.setdefault(cell, {})[answer] = Estimate(mean, se, n, unit="hands")
        return cls(rules, data["deals"], data["seed"], values)


LADDER = shipped_files.Kind(
    "ladder", "ladder-{rules}", 1, "scripts/derive_ladder.py --rules {rules} --workers 2"
)
"""The shipped ladders, made by :func:`pitchlab.bots.derive.derive_ladder`: raise the code
version when the bots that play its trials out or the derivation change (and keep the file the
frozen baseline bots read: ship the new ladder under another name, see ``benchmarks/baseline``)."""


def shipped(rules: Ruleset = TEN_POINT) -> Ladder:
    """The ladder that ships with pitchlab (made by ``scripts/derive_ladder.py``);
    :class:`~pitchlab.engine.errors.StaleTable` for one made for other rules or by other code.

    Found by what the rules are, not by their name: a house rule that changes any field
    of a preset gets no ladder (``FileNotFoundError``, as for a preset without one), since
    nothing says the preset's bids suit it; its bots then bid by their rules of thumb."""
    if preset_of(rules) is None:
        raise FileNotFoundError(f"pitchlab ships no ladder for {rules.name}: its rules are no preset's")
    text = shipped_files.read(LADDER, rules)
    if text is None:
        raise FileNotFoundError(f"pitchlab ships no ladder for {rules.name}")
    return Ladder.from_json(text, rules)


# ------------------------------------------------------------------ playing


def _cell(best: trump_only_judgement.Rating, high_bid: int, partner_high: bool, position: int) -> Cell:
    return Spot(position, max(s for s in HIGH_STEPS if s <= high_bid), partner_high), strength_of(best)


def ladder_answer(
    ladder: Ladder,
    best: trump_only_judgement.Rating,
    legal: Sequence[int],
    high_bid: int,
    partner_high: bool,
    position: int,
) -> tuple[int, str] | None:
    """The ladder's answer (a bid code, 0 passes) and a reason template, or ``None`` where
    it has too little data to say, or says something not legal now."""
    cell = _cell(best, high_bid, partner_high, position)
    answer = ladder.bid(cell)
    if answer is None or answer not in legal:
        return None
    spot, strength = cell
    value = ladder.answers(cell)[answer].value
    what = "pass" if answer == 0 else "{bid}"
    return answer, f"{{reason}}; the ladder says {what} with {strength} ({spot}): {value:+.2f} a hand"


def ladder_claim(
    ladder: Ladder,
    best: trump_only_judgement.Rating,
    answer: int,
    high_bid: int,
    partner_high: bool,
    position: int,
) -> cl.Estimate | None:
    """What the ladder's answer gains a hand on average, as a claim with its basis (``None``
    where the ladder holds no figure for it)."""
    cell = _cell(best, high_bid, partner_high, position)
    known = ladder.answers(cell).get(answer)
    if known is None:
        return None
    spot, strength = cell
    word = "passing" if answer == 0 else f"bidding {answer}"
    them = "the other team" if ladder.rules.num_teams == 2 else "the others"
    return cl.Estimate(
        f"what {word} with a hand like mine ({strength.plain()}; {spot.plain(ladder.rules)}) "
        f"gains us over {them} in an average hand",
        known.value,
        "points",
        "deals the bots played out to learn their bidding",
    )


@functools.cache
def ladder_for(rules: Ruleset) -> Ladder | None:
    """The shipped ladder of a ruleset, or ``None`` if pitchlab ships none for it."""
    try:
        return shipped(rules)
    except FileNotFoundError:
        return None
