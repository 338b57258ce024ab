"""A quoted chance made true by a monotone map fitted on games of its own.

A bot's made-rate quote is read from groups of hands weighed together (see
:mod:`pitchlab.bots.bidding`). Its order is informative (a hand quoted higher is made more
often) but its level is not everywhere: the quotes at the ends of a ruleset's range lean on
coarser groups whose hands are nearer the middle, so they are too timid at one end and too
bold at the other. The fix keeps the order and replaces the level: pool adjacent violators
(:func:`pool_adjacent`) fits, over self-play games of their own, the non-decreasing step
function of the raw quote closest to what happened, and each step's rate is what was made
over the bids it holds. A step is then a plain count ("of 1,234 winning bids rated alike,
62% were made"), and its Wilson interval says how sure that count is.

A map is only true of the raw quotes it was fitted on: they come from one ruleset's counted
bids (:attr:`pitchlab.bots.bidding.BidTrials.won`), so a shipped map names the rules and those
counts (:data:`MADE_MAP`, :func:`won_digest`) and is refused for any other
(:func:`pitchlab.bots.shipped.read`).
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from pitchlab.bots.shipped import Kind, digest
from pitchlab.engine.errors import PitchError
from pitchlab.odds.stats import proportion

MADE_MAP = Kind(
    "made-map",
    "made-{rules}",
    1,
    "scripts/fit_made_rate.py --rules {rules} --workers 2",
    {"won_digest": "counted bids than the bidding tables hold now"},
)
"""The shipped made-rate maps, made by :func:`pitchlab.bots.calibration.fit_made_map`: raise the
code version when the fit or the quotes it reads change."""

MIN_STEP = 1000
"""Bids a step of a shipped map holds at least. A step of few bids quotes their luck (a lone
made bid is a step of 100%); 1,000 pin a step's rate within about 3 points either way (95%).
Chosen on the fitting games alone (seed ``made-map``, 3,000 games a ruleset), fitting on the
even-numbered games and measuring on the odd and the other way round: the worst made-rate
decile gap was 9.0, 8.9 and 2.5 points (partnership, thirty-one, ten-point) with steps of 100,
5.6, 2.3 and 1.5 with 300, and 1.8, 2.5 and 1.0 with 1,000 (10 to 15 steps a ruleset)."""


@dataclass(frozen=True)
class Step:
    """Raw quotes from :attr:`low` to :attr:`high` and how often their bids were made."""

    low: float
    high: float
    count: int
    made: int

    @property
    def rate(self) -> float:
        return self.made / self.count

    def interval(self) -> tuple[float, float]:
        """Wilson 95% interval of :attr:`rate`, each bid counted as a draw of its own."""
        low, high = proportion(self.made, self.count, unit="bids").wilson()
        return min(low, self.rate), max(high, self.rate)

    def joined(self, other: Step) -> Step:
        return Step(
            min(self.low, other.low),
            max(self.high, other.high),
            self.count + other.count,
            self.made + other.made,
        )


def pool_adjacent(pairs: Iterable[tuple[float, bool]], min_count: int = 1) -> list[Step]:
    """The non-decreasing step function of the quote closest (in squared error) to what
    happened, as steps in order of the quote: pool adjacent violators.

    Pairs are ``(raw quote, made)``. Equal quotes start as one step (a map gives one value to
    one quote). Going up the quotes, a step whose rate is below the step before it is pooled
    with it, and again with the one before while the order is still broken. Then any step of
    fewer than ``min_count`` bids is pooled with the neighbour whose rate is nearer (pooling
    neighbours of a non-decreasing run keeps it non-decreasing)."""
    by_quote: dict[float, list[int]] = {}
    for quote, happened in pairs:
        tally = by_quote.setdefault(float(quote), [0, 0])
        tally[0] += 1
        tally[1] += int(happened)
    steps: list[Step] = []
    for quote in sorted(by_quote):
        count, made = by_quote[quote]
        steps.append(Step(quote, quote, count, made))
        while len(steps) > 1 and steps[-2].rate > steps[-1].rate:
            last = steps.pop()
            steps[-1] = steps[-1].joined(last)
    while len(steps) > 1:
        small = next((i for i, s in enumerate(steps) if s.count < min_count), None)
        if small is None:
            break
        here = steps[small]
        if small == 0:
            other = 1
        elif small == len(steps) - 1:
            other = small - 1
        else:
            before, after = steps[small - 1], steps[small + 1]
            other = small - 1 if here.rate - before.rate <= after.rate - here.rate else small + 1
        first = min(small, other)
        steps[first : first + 2] = [steps[first].joined(steps[first + 1])]
    return steps


def won_digest(won: dict[str, tuple[int, int]]) -> str:
    """The digest of the counted bids a map's raw quotes were read from (its header's ``won_digest``)."""
    return digest(sorted((k, list(v)) for k, v in won.items()))


@dataclass(frozen=True)
class MadeMap:
    """A ruleset's made-rate recalibration: steps of the raw quote, fitted by
    :func:`pool_adjacent` on :attr:`games` self-play games of :attr:`seed`."""

    seed: str
    games: int
    steps: tuple[Step, ...]

    def __post_init__(self) -> None:
        if not self.steps:
            raise PitchError("a made-rate map needs at least one step")
        for before, after in zip(self.steps, self.steps[1:], strict=False):
            if not (before.high < after.low and before.rate <= after.rate):
                raise PitchError("a made-rate map's steps must rise with the raw quote, in order")
        if any(not 0 <= s.made <= s.count or s.count < 1 for s in self.steps):
            raise PitchError("a made-rate map's step counts are broken")

    def step(self, raw: float) -> Step:
        """The step a raw quote falls in: the last step starting at or below it (the first
        for a quote below every step; a quote between steps belongs to the lower one)."""
        found = self.steps[0]
        for s in self.steps[1:]:
            if s.low > raw:
                break
            found = s
        return found

    def to_json(self) -> str:
        rows = [[s.low, s.high, s.count, s.made] for s in self.steps]
        head = {"seed": self.seed, "games": self.games}
        return json.dumps({**head, "steps": rows}, separators=(",", ":")) + "\n"

    @classmethod
    def from_json(cls, text: str) -> MadeMap:
        """A map read back (maps fitted before the tables' headers named their rules and
        counted bids in their bodies too: :data:`MADE_MAP`'s header is what is checked)."""
        data: dict[str, Any] = json.loads(text)
        rows: Sequence[Sequence[Any]] = data["steps"]
        steps = tuple(Step(float(a), float(b), int(n), int(m)) for a, b, n, m in rows)
        return cls(str(data["seed"]), int(data["games"]), steps)
