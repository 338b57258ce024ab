"""Exact odds of the deal: how many trump a hand of nine holds.

Everything here is exact. Probabilities are :class:`fractions.Fraction` values
built from :func:`math.comb`, so a lesson can show the true number and a test
can compare it with a brute-force count to the last digit; floats appear only
where a picture needs them (:func:`as_percent`).

Two questions, two methods:

* **A named suit.** Whatever suit you pick, 16 of the 54 cards are trump, so the
  count in a hand of nine is hypergeometric: :func:`trump_count_distribution`.
* **Your best suit.** The four suits share cards (the jokers are trump in every
  suit, each jack is trump in two), so the four counts are not independent and
  the best of them is not a simple formula. :func:`best_suit_distribution`
  sorts the deck into groups by *which suits a card is trump in* and counts
  every way to take so many cards from each group: a few thousand patterns
  instead of C(54, 9) = 5,317,936,260 hands.

The seeded simulations at the end check those answers and collect what the
bots bid, for the plots of the tutorial.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from pitchlab.actions import Bid
from pitchlab.cards import Card, Suit
from pitchlab.hand import Hand
from pitchlab.players import RuleBasedPlayer
from pitchlab.rules import TEN_POINT, Ruleset

Distribution = dict[int, Fraction]
"""Probability of each count, e.g. ``{0: Fraction(...), 1: ..., ...}``; the values sum to 1."""

Groups = Mapping[frozenset[Suit], int]
"""How many cards of the deck are trump in exactly this set of suits."""


def hypergeometric(k: int, population: int, successes: int, draws: int) -> Fraction:
    """P(exactly ``k`` successes in ``draws`` cards from ``population`` holding ``successes``).

    Choose which ``k`` of the successes and which ``draws - k`` of the others
    are in the hand, over all ways to choose the hand.
    """
    if not 0 <= k <= draws:
        return Fraction(0)
    ways = math.comb(successes, k) * math.comb(population - successes, draws - k)
    return Fraction(ways, math.comb(population, draws))


def trump_count_distribution(rules: Ruleset = TEN_POINT, suit: Suit = Suit.SPADES) -> Distribution:
    """The exact chance of holding each number of trump of a named suit in one dealt hand.

    In ten-point Pitch that is 16 trump in a 54-card deck, nine cards dealt.
    """
    deck = len(rules.deck)
    trump = len(rules.trump_cards(suit))
    size = rules.hand_size
    return {k: hypergeometric(k, deck, trump, size) for k in range(size + 1)}


def suit_groups(rules: Ruleset = TEN_POINT) -> dict[frozenset[Suit], int]:
    """Sort the deck by the set of suits each card would be trump in.

    Ten-point gives seven groups: the twelve non-jacks of each suit (trump in
    their own suit only), the two black jacks (trump in spades and clubs), the
    two red jacks (hearts and diamonds) and the two jokers (every suit).
    """
    groups: Counter[frozenset[Suit]] = Counter()
    for card in rules.deck:
        groups[frozenset(s for s in Suit if rules.is_trump(card, s))] += 1
    return dict(groups)


def best_count_distribution(
    groups: Groups, hand_size: int, suits: Iterable[Suit] = tuple(Suit)
) -> Distribution:
    """The exact chance that the best of ``suits`` gives each number of trump.

    Every hand takes some number of cards from each group; the number of hands
    with a given pattern is the product of ``comb(group size, taken)``, and
    the pattern alone fixes every suit's trump count. Summing over patterns
    counts every hand exactly once.
    """
    suits = tuple(suits)
    items = sorted(groups.items(), key=lambda item: (sorted(item[0]), item[1]))
    total = sum(size for _, size in items)
    if not 0 <= hand_size <= total:
        raise ValueError(f"cannot deal {hand_size} cards from a deck of {total}")
    ways: Counter[int] = Counter()

    def walk(index: int, left: int, weight: int, counts: tuple[int, ...]) -> None:
        if index == len(items):
            if left == 0:
                ways[max(counts, default=0)] += weight
            return
        members, size = items[index]
        rest = sum(s for _, s in items[index + 1 :])
        for take in range(max(0, left - rest), min(size, left) + 1):
            more = tuple(c + take if s in members else c for c, s in zip(counts, suits, strict=True))
            walk(index + 1, left - take, weight * math.comb(size, take), more)

    walk(0, hand_size, 1, (0,) * len(suits))
    hands = math.comb(total, hand_size)
    return {k: Fraction(ways[k], hands) for k in range(hand_size + 1)}


def best_suit_distribution(rules: Ruleset = TEN_POINT) -> Distribution:
    """The exact chance that a dealt hand's best suit (the one giving most trump) gives each count."""
    return best_count_distribution(suit_groups(rules), rules.hand_size)


def at_least(k: int, distribution: Mapping[int, Fraction]) -> Fraction:
    """P(count >= k)."""
    return sum((p for n, p in distribution.items() if n >= k), Fraction(0))


def mean(distribution: Mapping[int, Fraction]) -> Fraction:
    """The expected count, exactly."""
    return sum((n * p for n, p in distribution.items()), Fraction(0))


def as_percent(distribution: Mapping[int, Fraction]) -> dict[int, float]:
    """Percentages as floats, for plotting only."""
    return {n: float(p * 100) for n, p in distribution.items()}


def percent(p: Fraction | float) -> str:
    """A probability as a percentage that never shows a tiny chance as 0.00%: ``29.07%``, ``0.0002%``, and ``0`` for impossible."""
    value = float(p)
    if value == 0:
        return "0"
    if value >= 0.0001:
        return f"{value:.2%}"
    return f"{value:.2g}" if value < 1e-8 else f"{value * 100:.1g}%"


def trump_in(cards: Iterable[Card], suit: Suit, rules: Ruleset = TEN_POINT) -> tuple[Card, ...]:
    """The cards that would be trump if ``suit`` were named, highest first."""
    held = [c for c in cards if rules.is_trump(c, suit)]
    return tuple(sorted(held, key=lambda c: -rules.trump_rank(c, suit)))


def trump_counts(cards: Sequence[Card], rules: Ruleset = TEN_POINT) -> dict[Suit, int]:
    """How many trump the cards would hold for each suit named."""
    return {suit: len(trump_in(cards, suit, rules)) for suit in Suit}


def best_count(cards: Sequence[Card], rules: Ruleset = TEN_POINT) -> int:
    """The most trump any one suit would give these cards."""
    return max(trump_counts(cards, rules).values())


def distribution_table(rules: Ruleset = TEN_POINT, suit: Suit = Suit.SPADES) -> str:
    """A plain-text table of both exact distributions, for a notebook to print."""
    named = trump_count_distribution(rules, suit)
    best = best_suit_distribution(rules)
    lines = [f"{'k':>2}  {'named suit':>10}  {'best suit':>10}", f"{'':->2}  {'':->10}  {'':->10}"]
    for k in range(rules.hand_size + 1):
        lines.append(f"{k:>2}  {percent(named[k]):>10}  {percent(best[k]):>10}")
    lines.append(f"mean  {float(mean(named)):>8.3f}  {float(mean(best)):>10.3f}")
    return "\n".join(lines)


# ----------------------------------------------------------------- simulation


def simulate_trump_counts(
    deals: int, seed: int | random.Random, rules: Ruleset = TEN_POINT, suit: Suit = Suit.SPADES
) -> tuple[Counter[int], Counter[int]]:
    """Deal ``deals`` hands from ``seed``; count seat 0's trump in ``suit`` and in its best suit.

    A check on the exact answers, never a replacement for them.
    """
    rng = seed if isinstance(seed, random.Random) else random.Random(seed)
    named: Counter[int] = Counter()
    best: Counter[int] = Counter()
    for _ in range(deals):
        cards = Hand.deal(rules, seed=rng).hand_of(0)
        counts = trump_counts(cards, rules)
        named[counts[suit]] += 1
        best[max(counts.values())] += 1
    return named, best


def simulation_check(deals: int = 5000, seed: int = 2, rules: Ruleset = TEN_POINT) -> str:
    """Exact percentages beside simulated ones, as a plain-text table.

    The simulated column wobbles around the exact one by about
    ``sqrt(p(1-p)/deals)``; a gap much bigger than that would mean a bug.
    """
    named, best = simulate_trump_counts(deals, seed, rules)
    exact_named = trump_count_distribution(rules)
    exact_best = best_suit_distribution(rules)
    lines = [
        f"{'k':>2}  {'named: exact':>12}  {'simulated':>9}  {'best: exact':>11}  {'simulated':>9}",
    ]
    for k in range(rules.hand_size + 1):
        lines.append(
            f"{k:>2}  {percent(exact_named[k]):>12}  {named[k] / deals:>9.2%}"
            f"  {percent(exact_best[k]):>11}  {best[k] / deals:>9.2%}"
        )
    lines.append(f"({deals:,} simulated deals, seed {seed})")
    return "\n".join(lines)


@dataclass(frozen=True)
class OpeningBids:
    """What the rule-based bot bids first (no one has bid yet), by trump in its best suit.

    ``counts[k][b]`` is how many deals with ``k`` trump in the best suit the bot
    answered with bid ``b`` (0 is a pass).
    """

    deals: int
    seed: int
    counts: dict[int, dict[int, int]]

    def bids(self) -> list[int]:
        """Every bid value seen (0 for pass), in order."""
        return sorted({b for row in self.counts.values() for b in row})

    def mean_bid(self, k: int) -> float:
        """The mean bid among hands with ``k`` trump that did bid (nan if none did)."""
        row = self.counts.get(k, {})
        bidders = sum(n for b, n in row.items() if b)
        return sum(b * n for b, n in row.items()) / bidders if bidders else math.nan

    def share_bidding(self, k: int) -> float:
        """The fraction of hands with ``k`` trump that bid rather than pass (nan if none)."""
        row = self.counts.get(k, {})
        total = sum(row.values())
        return sum(n for b, n in row.items() if b) / total if total else math.nan

    def table(self) -> str:
        """The counts as plain text, one row per trump count."""
        bids = self.bids()
        head = "trump  hands  " + "  ".join(f"{'pass' if b == 0 else f'bid {b}':>6}" for b in bids)
        lines = [head]
        for k in sorted(self.counts):
            row = self.counts[k]
            cells = "  ".join(f"{row.get(b, 0):>6}" for b in bids)
            lines.append(f"{k:>5}  {sum(row.values()):>5}  {cells}")
        return "\n".join(lines)


def opening_bids(deals: int = 2000, seed: int = 1, rules: Ruleset = TEN_POINT) -> OpeningBids:
    """Deal ``deals`` hands from ``seed`` and record the first bidder's bid against its best trump count.

    The first bidder (the dealer's left) hears no bid before its own, so its
    choice depends on its cards alone: a clean view of how trump drive a bid.
    """
    rng = random.Random(seed)
    bot = RuleBasedPlayer()
    counts: dict[int, Counter[int]] = {}
    for _ in range(deals):
        hand = Hand.deal(rules, dealer=0, seed=rng)
        seat = hand.to_act
        assert seat is not None
        action = bot.decide(hand.view(seat)).action
        k = best_count(hand.hand_of(seat), rules)
        counts.setdefault(k, Counter())[action.value if isinstance(action, Bid) else 0] += 1
    return OpeningBids(deals, seed, {k: dict(sorted(row.items())) for k, row in sorted(counts.items())})


__all__ = [
    "Distribution",
    "Groups",
    "OpeningBids",
    "as_percent",
    "at_least",
    "best_count",
    "best_count_distribution",
    "best_suit_distribution",
    "distribution_table",
    "hypergeometric",
    "mean",
    "opening_bids",
    "percent",
    "simulate_trump_counts",
    "simulation_check",
    "suit_groups",
    "trump_count_distribution",
    "trump_counts",
    "trump_in",
]
