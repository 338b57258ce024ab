"""The game model: the chance of winning the game from any score.

A bid is a means, not an end: at 48-50 a safe 4 that takes the game is worth
more than a risky 7 that scores more points on average. To weigh a bid by
what it does to the *game*, one needs the chance of winning from every score.
That chance satisfies one equation per score: it is the average, over the
hands that can come next, of either the result (the hand ends the game) or
the chance from the scores after it. This module solves those equations by
value iteration for any ruleset with a target.

The hands that can come next are a distribution of :class:`Outcome`\\ s
estimated from simulated hands (seeded, shipped with pitchlab, see
:mod:`pitchlab.bots.bidding`): from one side's point of view, whether it bid,
whether the bid was made, its score change, the followed opponent's change
(see below) and whether the hand won the game outright (a 10 taking all ten,
a made moon, a smudge). The deal position matters (the
dealer's side bids last), so the distribution and the chances are kept per
dealer offset (:func:`pitchlab.engine.seats.dealer_offset`: how many seats to my left the
dealer sits).

Readings taken, documented because they are approximations:

* **Floor and ceiling.** Scores can go negative without bound; a score below
  :func:`floor_of` counts as the floor, one above :func:`ceiling_of` as the
  ceiling. Both are far enough out that few games ever reach them.
* **More than two sides** (each for themself, or a called partner): the
  state is my score and one opponent's. Each hand is counted once per
  opponent, following that opponent's change; a hand some other side bid
  is marked (:attr:`Outcome.third`) and only its instant win is seen. So
  the model sees a race of two against a typical opponent: optimistic at
  0-0 (about even, where the fair share is one in three or more) but with
  each bid's risks in proportion. Following every opponent at the
  leader's score instead was tried first and was far too gloomy (2% at
  0-0 in call-partner). Exact for two sides.
* **Both sides cross the target on one hand** under ``bidder-first`` and
  neither bid (more than two sides only): half a win.

Everything is exact for two sides: the engine's win rule judges each outcome, over arrays
(:func:`pitchlab.engine.winning.verdict`, held to :func:`~pitchlab.engine.winning.win_after`'s
verdicts on real hands in every preset by the tests). Under ``count-out`` rules (all-fours)
the order the points were counted in decides who goes out first when both sides
could, so each outcome carries it (:attr:`Outcome.race`).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import NamedTuple

import numpy as np
from numpy.typing import NDArray

from pitchlab.engine.hand import Hand
from pitchlab.engine.rules import Ruleset
from pitchlab.engine.seats import dealer_offset, left_of
from pitchlab.engine.winning import instant_kind, race_of, verdict

Array = NDArray[np.float64]


class Outcome(NamedTuple):
    """One hand's effect on the game, from one side's point of view."""

    ours: bool
    """Whether this side bid (holds the contract)."""
    made: bool
    """Whether the contract was made."""
    us: int
    """This side's score change."""
    them: int
    """The followed opponent's score change (see :func:`outcomes_of`)."""
    lead: int
    """The change of the opponent whose score the model keeps next (the same as ``them``
    in the shipped data; a toy may set them apart)."""
    instant: int = 0
    """0: no instant win; 1: the contract wins the game at once; 2: it does if the
    bidding side's score was not below zero before the hand (smudge)."""
    third: bool = False
    """Whether a side the model does not follow held the contract (more than two sides)."""
    race: int = 0
    """Under ``count-out`` rules, the order in which the hand's points were counted, for my side
    and the followed opponent (:func:`~pitchlab.engine.winning.race_of`); 0 under every other win rule, where the order
    never decides the game for two sides."""


def outcomes_of(hand: Hand, seat: int) -> list[tuple[Outcome, int]]:
    """The outcome of a finished hand for ``seat``'s side, with weights; empty for a void deal.

    With two sides, one outcome of weight 1. With more, one outcome per
    opponent (weight 1 each): the model follows each opponent in turn, and
    marks the hands another side bid (:attr:`Outcome.third`).
    """
    if hand.redeal is not None:
        return []
    rules = hand.rules
    result = hand.result()
    team = rules.teams[seat]
    change = result.score_change
    bidding = result.bidding_team
    ours = bidding == team
    taken = result.points[bidding] if result.side_points is None else result.side_points
    instant = instant_kind(rules, result.bid, result.made, taken)
    others = [t for t in range(rules.num_teams) if t != team]
    return [
        (
            Outcome(
                ours,
                result.made,
                change[team],
                change[t],
                change[t],
                instant,
                not ours and t != bidding,
                race_of(rules, result, team, t),
            ),
            1,
        )
        for t in others
    ]


def as_bidder(rules: Ruleset, bid: int, taken: int, against: int, race: int = 0) -> Outcome:
    """The outcome for my side when it bids ``bid`` and takes ``taken`` points while the
    followed opponent takes ``against`` (counted in the order ``race``, see :func:`~pitchlab.engine.winning.race_of`):
    made or set, a moon scored as the rules say."""
    if bid == rules.moon_bid:
        made = taken == rules.total_points
        gain = taken if rules.moon_made is None else rules.moon_made
        loss = rules.moon_set
    else:
        made = taken >= bid
        gain, loss = taken, bid
    return Outcome(
        True,
        made,
        gain if made else -loss,
        against,
        against,
        instant_kind(rules, bid, made, taken),
        race=race,
    )


def floor_of(rules: Ruleset) -> int:
    """The lowest score the model tells apart: twice the top bid or half the target below zero."""
    return -max(2 * rules.top_bid, rules.target // 2)


def ceiling_of(rules: Ruleset) -> int:
    """The highest score the model tells apart: a top bid above the target (a side that far
    over it and still playing is only waiting to bid)."""
    return rules.target + rules.max_bid


def judge(
    rules: Ruleset, o: Outcome, us: NDArray[np.int_] | int, them: NDArray[np.int_] | int
) -> tuple[NDArray[np.bool_], Array]:
    """:func:`~pitchlab.engine.winning.verdict` for one outcome, at one score or a grid of them."""
    return verdict(
        rules, np.asarray(o.ours), np.asarray(o.made), np.asarray(o.instant),
        np.asarray(o.us), np.asarray(o.them), np.asarray(o.lead), us, them, np.asarray(o.third),
        np.asarray(o.race),
    )  # fmt: skip


@dataclass(frozen=True)
class Outcomes:
    """A distribution of outcomes as parallel arrays (probabilities summing to one)."""

    ours: NDArray[np.bool_]
    made: NDArray[np.bool_]
    us: NDArray[np.int_]
    them: NDArray[np.int_]
    lead: NDArray[np.int_]
    instant: NDArray[np.int_]
    third: NDArray[np.bool_]
    race: NDArray[np.int_]
    p: Array

    @classmethod
    def of(cls, counts: Mapping[Outcome, float]) -> Outcomes:
        """From counts (or weights) of outcomes."""
        items = sorted(counts.items())
        return cls.of_sorted([o for o, _ in items], [w for _, w in items])

    @classmethod
    def of_sorted(cls, outcomes: Sequence[Outcome], weights: Sequence[float]) -> Outcomes:
        """From distinct outcomes in order and their counts (or weights): :meth:`of` for a caller
        that keeps its outcomes sorted already."""
        total = sum(weights)
        cols = list(zip(*outcomes, strict=True)) if outcomes else [()] * len(Outcome._fields)
        return cls(
            np.array(cols[0], dtype=bool),
            np.array(cols[1], dtype=bool),
            np.array(cols[2], dtype=int),
            np.array(cols[3], dtype=int),
            np.array(cols[4], dtype=int),
            np.array(cols[5], dtype=int),
            np.array(cols[6], dtype=bool),
            np.array(cols[7], dtype=int),
            np.array([w / total for w in weights], dtype=float),
        )

    def __len__(self) -> int:
        return len(self.p)

    def outcome(self, i: int) -> Outcome:
        return Outcome(
            bool(self.ours[i]),
            bool(self.made[i]),
            int(self.us[i]),
            int(self.them[i]),
            int(self.lead[i]),
            int(self.instant[i]),
            bool(self.third[i]),
            int(self.race[i]),
        )


@dataclass
class GameModel:
    """The chance of winning the game from every score, for one ruleset.

    ``hands[offset]`` is the distribution of a hand's outcome from my side's
    view when the dealer sits ``offset`` seats after me. :meth:`chance` is the
    chance my side wins the game when the next hand is dealt at that offset.
    """

    rules: Ruleset
    hands: list[Outcomes]
    tolerance: float = 1e-7
    low: int = field(init=False)
    high: int = field(init=False)
    values: Array = field(init=False, repr=False)
    """``values[offset, us - low, them - low]``."""
    sweeps: int = field(init=False)

    def __post_init__(self) -> None:
        if len(self.hands) != self.rules.players:
            raise ValueError(f"{self.rules.name}: one outcome distribution per dealer offset is needed")
        self.low, self.high = floor_of(self.rules), ceiling_of(self.rules)
        self.values, self.sweeps = self._solve()

    def clamp(self, score: int) -> int:
        return min(max(score, self.low), self.high)

    def chance(self, us: int, them: int, offset: int) -> float:
        """My side's chance of winning from these scores, the next deal at ``offset``."""
        low = self.low
        if not 0 <= offset < self.rules.players:
            raise ValueError(f"a dealer offset is from 0 to {self.rules.players - 1}, not {offset}")
        return float(self.values[offset, self.clamp(us) - low, self.clamp(them) - low])

    def after(self, outcomes: Outcomes, us: int, them: int, offset: int) -> Array:
        """My chance of winning the game after each outcome of the hand dealt at ``offset``."""
        done, value = verdict(
            self.rules, outcomes.ours, outcomes.made, outcomes.instant,
            outcomes.us, outcomes.them, outcomes.lead, us, them, outcomes.third, outcomes.race,
        )  # fmt: skip
        low, high = self.low, self.high
        nxt = self.values[left_of(offset, self.rules.players)]
        # (np.clip gives the same integers, at several times the cost on arrays this small)
        go_on = nxt[
            np.minimum(np.maximum(us + outcomes.us, low), high) - low,
            np.minimum(np.maximum(them + outcomes.lead, low), high) - low,
        ]
        return np.where(done, value, go_on)

    def expected(self, outcomes: Outcomes, us: int, them: int, offset: int) -> float:
        """My chance of winning the game when this hand's outcome follows ``outcomes``."""
        return float(np.dot(outcomes.p, self.after(outcomes, us, them, offset)))

    def _solve(self) -> tuple[Array, int]:
        """Value iteration: sweep until no chance moves by more than the tolerance."""
        rules = self.rules
        n = self.high - self.low + 1
        players = rules.players
        scores = np.arange(self.low, self.high + 1)
        us = scores[:, None]
        them = scores[None, :]
        # per offset: the chance decided this hand, and (weight, flat index) for the rest
        fixed = np.zeros((players, n, n))
        moves: list[list[tuple[Array, NDArray[np.intp]]]] = []
        for offset, dist in enumerate(self.hands):
            steps: dict[tuple[int, int], Array] = {}
            for i in range(len(dist)):
                o = dist.outcome(i)
                done, value = judge(rules, o, us, them)
                done = np.broadcast_to(done, (n, n))
                fixed[offset] += dist.p[i] * np.where(done, value, 0.0)
                key = (o.us, o.lead)
                steps[key] = steps.get(key, 0.0) + dist.p[i] * np.where(done, 0.0, 1.0)
            row: list[tuple[Array, NDArray[np.intp]]] = []
            for (du, dl), weight in steps.items():
                nu = np.clip(scores + du, self.low, self.high) - self.low
                nt = np.clip(scores + dl, self.low, self.high) - self.low
                row.append((weight, (nu[:, None] * n + nt[None, :]).astype(np.intp)))
            moves.append(row)
        values = np.full((players, n, n), 0.5)
        for sweep in range(1, 100_000):
            new = fixed.copy()
            for offset in range(players):
                nxt = values[left_of(offset, players)].ravel()
                acc = new[offset]
                for weight, index in moves[offset]:
                    acc += weight * nxt[index]
            delta = float(np.max(np.abs(new - values)))
            values = new
            if delta < self.tolerance:
                return values, sweep
        raise RuntimeError(f"{rules.name}: the game model did not converge")


def tally_outcomes(hands: Iterable[Hand]) -> list[Counter[Outcome]]:
    """Count the outcomes of finished hands from every seat's view, by dealer offset."""
    counts: list[Counter[Outcome]] | None = None
    for hand in hands:
        players = hand.rules.players
        if counts is None:
            counts = [Counter() for _ in range(players)]
        for seat in range(players):
            for found, weight in outcomes_of(hand, seat):
                counts[dealer_offset(seat, hand.dealer, players)][found] += weight
    return counts or []


def model_from_counts(rules: Ruleset, counts: list[Counter[Outcome]]) -> GameModel:
    """The game model of a ruleset from counted outcomes (one counter per dealer offset)."""
    return GameModel(rules, [Outcomes.of(c) for c in counts])


def simulate_game(
    rules: Ruleset, hands: list[Outcomes], us: int, them: int, offset: int, rng: random.Random
) -> float:
    """Play one game by drawing each hand's outcome from ``hands``; my result (1, 0 or ½).

    A check on :class:`GameModel`: the same distribution, sampled instead of solved.
    Scores are not clamped here, so the check also bounds what the floor costs.
    """
    players = rules.players
    cumulative = [np.cumsum(h.p) for h in hands]
    for _ in range(100_000):
        dist = hands[offset]
        i = min(int(np.searchsorted(cumulative[offset], rng.random(), side="right")), len(dist) - 1)
        o = dist.outcome(i)
        done, value = judge(rules, o, us, them)
        if bool(done):
            return float(value)
        us, them, offset = us + o.us, them + o.lead, left_of(offset, players)
    raise RuntimeError("a toy game did not end")
