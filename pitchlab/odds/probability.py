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

Once a seat has looked at its nine cards, the same counting answers what the
table hides from it (:func:`whereabouts`, :func:`others_trump`,
:func:`team_points_distribution`) and what the refill will look like
(:func:`refill_odds`, :func:`refill_odds_given`): the draws depend only on how
many trump each hand was dealt, so summing over the splits of the trump
between the hands replaces summing over deals. Every size is read from the
:class:`~pitchlab.engine.rules.Ruleset`, which is what lets the tests check each
answer against every deal of a small deck. :mod:`pitchlab.odds.inference` carries
the count on past the refill, into the bury and the play.

The seeded simulations at the end check those answers and collect what the
bots bid, for the plots of the tutorial.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from pitchlab.engine.cards import Card, Suit
from pitchlab.engine.errors import BadDeal, CardError, PitchError
from pitchlab.engine.hand import Hand
from pitchlab.engine.presets import TEN_POINT
from pitchlab.engine.refill import cards_drawn, cards_wanted, draw_counts
from pitchlab.engine.rules import Ruleset
from pitchlab.engine.seats import speaking_order

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


def hypergeometric_distribution(population: int, successes: int, draws: int) -> Distribution:
    """The chance of each number of successes, 0 to ``draws``, among ``draws`` cards of ``population``."""
    return {k: hypergeometric(k, population, successes, draws) for k in range(draws + 1)}


def trump_count_distribution(rules: Ruleset = TEN_POINT, suit: Suit = Suit.SPADES) -> Distribution:
    """The exact chance of holding each number of trump of a named suit in one dealt hand.

    In ten-point Pitch that is 16 trump in a 54-card deck, nine cards dealt.
    """
    return hypergeometric_distribution(len(rules.deck), len(rules.trump_cards(suit)), rules.hand_size)


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


# ------------------------------------------------------- what one hand tells


def _checked_seat(seat: int, rules: Ruleset, what: str = "seat") -> int:
    """``seat`` if it is a seat at this table; a :class:`BadDeal` naming the range otherwise."""
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < rules.players:
        raise BadDeal(f"{what} must be a seat 0-{rules.players - 1}, not {seat!r}")
    return seat


def _checked_suit(suit: Suit) -> Suit:
    """``suit`` if it is a :class:`Suit`; a :class:`CardError` otherwise (not a bare traceback later)."""
    if not isinstance(suit, Suit):
        raise CardError(f"not a suit: {suit!r} (use pitchlab.Suit, e.g. Suit.HEARTS)")
    return suit


def _checked_cards(
    cards: Iterable[Card], rules: Ruleset, what: str, size: int | None = None
) -> tuple[Card, ...]:
    """The cards as a tuple, refused with a clear message if they could not all come from one deck.

    ``size``, when given, is how many cards there must be (a dealt hand holds
    ``rules.hand_size``).
    """
    listed = tuple(cards)
    for card in listed:
        if not isinstance(card, Card):
            raise CardError(f"{what}: {card!r} is not a Card (read codes with pitchlab.parse_cards)")
    if size is not None and len(listed) != size:
        raise BadDeal(f"{what} holds {len(listed)} cards; {rules.name} calls for {size}")
    counts = Counter(listed)
    deck = Counter(rules.deck)
    for card in sorted(counts - deck):
        if not deck[card]:
            raise BadDeal(f"{what}: {card.code} is not in the {rules.name} deck")
        times = "once" if deck[card] == 1 else f"{deck[card]} times"
        raise BadDeal(f"{what}: {card.code} appears {counts[card]} times; the deck holds it {times}")
    return listed


def stock_size(rules: Ruleset = TEN_POINT) -> int:
    """Cards left after the deal: 54 - 4 x 9 = 18 in ten-point (:attr:`Ruleset.stock_size`)."""
    return rules.stock_size


def _teams(seat: int, rules: Ruleset) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The seat's partners and its opponents."""
    team = rules.teams[seat]
    partners = tuple(s for s in range(rules.players) if s != seat and rules.teams[s] == team)
    opponents = tuple(s for s in range(rules.players) if rules.teams[s] != team)
    return partners, opponents


@dataclass(frozen=True)
class Whereabouts:
    """Where one card lies after the deal, as one seat sees it before the refill.

    A card the deck holds once is in exactly one place, so :attr:`partner`, the
    :attr:`opponents` and :attr:`stock` add up to 1 unless this seat holds it
    (then :attr:`held` says so and every place is 0). For a card the deck holds
    twice (the identical jokers ``JK``) each place gets the chance that it has
    *at least one* of the copies this seat does not hold; with two such copies
    the places add up to more than 1, because both can be found.
    """

    card: Card
    seat: int
    held: int
    """Copies in this seat's own hand."""
    unseen: int
    """Copies somewhere else."""
    partner: Fraction
    """The chance the partner holds a copy (the partners together, where a team has more)."""
    opponents: dict[int, Fraction]
    """The chance each opponent, by seat, holds a copy."""
    stock: Fraction
    """The chance a copy is in the stock."""

    @property
    def in_my_hand(self) -> bool:
        return self.held > 0

    def summary(self) -> str:
        """One line for a notebook to print."""
        if not self.unseen:
            return f"{self.card.code}: in your hand"
        places = [f"partner {percent(self.partner)}"]
        places += [f"seat {s} {percent(p)}" for s, p in self.opponents.items()]
        places.append(f"stock {percent(self.stock)}")
        some = "the other is with" if self.unseen == 1 else "at least one of the others is with"
        if self.held:
            lead = f"you hold {self.held} of {self.held + self.unseen}; {some} "
        else:
            lead = "at least one copy with " if self.unseen > 1 else ""
        return f"{self.card.code}: {lead}" + ", ".join(places)


def whereabouts(hand: Iterable[Card], card: Card, seat: int, rules: Ruleset = TEN_POINT) -> Whereabouts:
    """Where ``card`` is, given the nine cards dealt to ``seat``, before anyone draws.

    Every copy this seat does not hold is equally likely to be any of the
    cards it has not seen, so a place of ``k`` cards misses all ``r`` copies
    with the hypergeometric chance of drawing none of them.
    """
    _checked_seat(seat, rules)
    mine = _checked_cards(hand, rules, f"seat {seat}'s hand", rules.hand_size)
    (card,) = _checked_cards([card], rules, "the card asked about")
    copies = rules.deck.count(card)
    held = mine.count(card)
    unseen = copies - held
    pool = len(rules.deck) - rules.hand_size
    partners, opponents = _teams(seat, rules)

    def some_in(size: int) -> Fraction:
        return 1 - hypergeometric(0, pool, unseen, size) if unseen else Fraction(0)

    return Whereabouts(
        card=card,
        seat=seat,
        held=held,
        unseen=unseen,
        partner=some_in(rules.hand_size * len(partners)),
        opponents={s: some_in(rules.hand_size) for s in opponents},
        stock=some_in(stock_size(rules)),
    )


@dataclass(frozen=True)
class OthersTrump:
    """How the trump one seat does not hold are spread after the deal, before the refill.

    Each distribution is hypergeometric over the cards this seat has not
    seen: ``unseen`` cards holding ``trump`` trump.
    """

    unseen: int
    trump: int
    partner: Distribution
    """Trump the partner holds (the partners together, where a team has more)."""
    opponent: Distribution
    """Trump any one opponent holds (the same for each)."""
    opponents: Distribution
    """Trump the opponents hold between them."""
    stock: Distribution
    """Trump in the stock."""


def others_trump(hand: Iterable[Card], suit: Suit, seat: int = 0, rules: Ruleset = TEN_POINT) -> OthersTrump:
    """The trump the other hands and the stock hold, given the hand dealt to ``seat``.

    Only the seat's team matters, not where it sits, so ``seat`` may be left at 0
    in ten-point. The partner's count when this seat holds ``k`` trump is
    hypergeometric(45 unseen, 16 - k trump, 9 drawn).
    """
    _checked_seat(seat, rules)
    _checked_suit(suit)
    mine = _checked_cards(hand, rules, f"seat {seat}'s hand", rules.hand_size)
    pool = len(rules.deck) - rules.hand_size
    trump = len(trump_in(rules.deck, suit, rules)) - len(trump_in(mine, suit, rules))
    partners, opponents = _teams(seat, rules)
    size = rules.hand_size
    return OthersTrump(
        unseen=pool,
        trump=trump,
        partner=hypergeometric_distribution(pool, trump, size * len(partners)),
        opponent=hypergeometric_distribution(pool, trump, size),
        opponents=hypergeometric_distribution(pool, trump, size * len(opponents)),
        stock=hypergeometric_distribution(pool, trump, stock_size(rules)),
    )


def _points_ways(groups: Mapping[int, int], draws: int) -> dict[int, int]:
    """How many sets of ``draws`` cards carry each number of points.

    ``groups`` maps a point value to how many cards carry it (0 for the
    cards that carry none). Multiplying out ``prod (1 + x**value * y)**count``
    and reading the coefficients of ``y**draws`` counts every set once:
    ``comb(count, k)`` ways to take ``k`` cards of a value.
    """
    poly: dict[tuple[int, int], int] = {(0, 0): 1}  # (cards, points) -> ways
    for value, count in sorted(groups.items()):
        grown: Counter[tuple[int, int]] = Counter()
        for (cards, points), ways in poly.items():
            for k in range(min(count, draws - cards) + 1):
                grown[cards + k, points + k * value] += ways * math.comb(count, k)
        poly = grown
    return {points: ways for (cards, points), ways in sorted(poly.items()) if cards == draws}


def team_points_distribution(
    hand: Iterable[Card], suit: Suit, seat: int = 0, rules: Ruleset = TEN_POINT
) -> Distribution:
    """The exact chance that ``seat`` and its partner hold each number of points when dealt.

    Points are those of :meth:`Ruleset.points_of` (the two counted for whoever
    holds it, like every other point card here): what the team *holds*
    before the refill, not what it will take. The partner's nine cards are a
    random nine of the unseen cards, counted by point value.
    """
    _checked_seat(seat, rules)
    _checked_suit(suit)
    mine = _checked_cards(hand, rules, f"seat {seat}'s hand", rules.hand_size)
    unseen = Counter(rules.deck) - Counter(mine)
    groups: Counter[int] = Counter()
    for card, count in unseen.items():
        groups[rules.points_of(card, suit)] += count
    partners, _ = _teams(seat, rules)
    draws = rules.hand_size * len(partners)
    ways = _points_ways(groups, draws)
    hands = math.comb(unseen.total(), draws)
    base = sum(rules.points_of(card, suit) for card in mine)
    top = max(ways, default=0)
    return {base + p: Fraction(ways.get(p, 0), hands) for p in range(top + 1)}


# ----------------------------------------------------------------- the refill


def refill_order(dealer: int, rules: Ruleset = TEN_POINT) -> tuple[int, ...]:
    """The seats in refill order: clockwise from the dealer's left, the dealer last."""
    return speaking_order(dealer, rules.players)


def refill_draws(kept: Sequence[int], dealer: int = 0, rules: Ruleset = TEN_POINT) -> tuple[int, ...]:
    """Cards each seat draws, by seat, when each keeps ``kept[seat]`` trump of its deal (the
    engine's count: :func:`pitchlab.engine.refill.draw_counts`)."""
    return draw_counts(kept, dealer, rules)


def stock_left(drawn: Sequence[int], dealer: int = 0, rules: Ruleset = TEN_POINT) -> tuple[int, ...]:
    """Cards in the stock when each seat's turn to draw came, by seat, from the public draw counts.

    Raises :class:`PitchError` for counts the refill cannot produce (a seat
    drawing more than ``refill_to`` or more than was left).
    """
    if len(drawn) != rules.players:
        raise PitchError(f"draw counts: expected one for each of {rules.players} seats, got {len(drawn)}")
    left = stock_size(rules)
    before = [0] * rules.players
    for seat in refill_order(dealer, rules):
        d = drawn[seat]
        limit = cards_drawn(0, left, rules)  # the most a seat can draw: what one with no trump does
        if isinstance(d, bool) or not isinstance(d, int) or not 0 <= d <= limit:
            raise PitchError(f"seat {seat} cannot have drawn {d!r}: it could draw 0-{limit}")
        before[seat] = left
        left -= d
    return tuple(before)


def _splits(pool: int, trump: int, sizes: Sequence[int]) -> Iterator[tuple[tuple[int, ...], int]]:
    """Each way the trump of a shuffled ``pool`` can fall into hands of ``sizes``, with how many deals do it.

    Hand by hand: ``comb(trump left, k) * comb(others left, size - k)`` ways
    to give a hand ``k`` trump; what no hand takes is the stock.
    """
    if not sizes:
        yield (), 1
        return
    size, rest = sizes[0], sizes[1:]
    plain = pool - trump
    for k in range(max(0, size - plain), min(size, trump) + 1):
        ways = math.comb(trump, k) * math.comb(plain, size - k)
        for more, more_ways in _splits(pool - size, trump - k, rest):
            yield (k, *more), ways * more_ways


@dataclass(frozen=True)
class RefillOdds:
    """What the refill will look like: each seat's draw count, a short stock, and what the bidder finds."""

    dealer: int
    draws: tuple[Distribution, ...]
    """By seat: the chance of drawing each number of cards, 0 to ``refill_to``."""
    short: Fraction
    """The chance the stock runs out before every seat has drawn all it needs."""
    left: Distribution
    """The chance of each number of cards left for the bidder to take after the four draws."""

    def table(self) -> str:
        """The draw counts as plain text, one row per seat in refill order."""
        n = len(self.draws)
        top = max(len(d) for d in self.draws)
        lines = ["seat  " + "  ".join(f"{f'draw {k}':>7}" for k in range(top))]
        for seat in speaking_order(self.dealer, n):
            cells = "  ".join(f"{percent(p):>7}" for p in self.draws[seat].values())
            lines.append(f"{seat:>4}  {cells}")
        lines.append(f"stock runs short: {percent(self.short)}")
        return "\n".join(lines)


def _refill_odds(known: Mapping[int, int], pool: int, trump: int, dealer: int, rules: Ruleset) -> RefillOdds:
    """Run the refill over every split of the trump among the hands not in ``known`` (seat -> trump)."""
    n = rules.players
    unknown = [s for s in range(n) if s not in known]
    stock = stock_size(rules)
    draws: list[Counter[int]] = [Counter() for _ in range(n)]
    left: Counter[int] = Counter()
    short = total = 0
    kept = [known.get(s, 0) for s in range(n)]
    for counts, ways in _splits(pool, trump, [rules.hand_size] * len(unknown)):
        for seat, k in zip(unknown, counts, strict=True):
            kept[seat] = k
        drawn = refill_draws(kept, dealer, rules)
        total += ways
        for seat, d in enumerate(drawn):
            draws[seat][d] += ways
        left[stock - sum(drawn)] += ways
        if any(d < cards_wanted(k, rules) for d, k in zip(drawn, kept, strict=True)):
            short += ways
    return RefillOdds(
        dealer=dealer,
        draws=tuple({d: Fraction(c[d], total) for d in range(cards_wanted(0, rules) + 1)} for c in draws),
        short=Fraction(short, total),
        left={k: Fraction(left[k], total) for k in range(stock + 1)},
    )


def refill_odds(dealer: int = 0, rules: Ruleset = TEN_POINT, suit: Suit = Suit.SPADES) -> RefillOdds:
    """The refill before anyone has looked at a card.

    Each seat draws what its dealt trump leave it short of ``refill_to``, as
    long as the stock lasts, so the draws depend only on the trump count of
    each hand: the sum runs over every split of the 16 trump between four
    hands of nine and the stock (multivariate hypergeometric), not over the
    5 x 10**27 deals.
    """
    _checked_seat(dealer, rules, "dealer")
    _checked_suit(suit)
    return _refill_odds({}, len(rules.deck), len(trump_in(rules.deck, suit, rules)), dealer, rules)


def refill_odds_given(
    hand: Iterable[Card], suit: Suit, seat: int, dealer: int = 0, rules: Ruleset = TEN_POINT
) -> RefillOdds:
    """The refill as ``seat`` sees it after looking at its dealt hand, trump ``suit`` named.

    Its own trump count is known; the others' come from the 45 unseen cards.
    """
    _checked_seat(seat, rules)
    _checked_seat(dealer, rules, "dealer")
    _checked_suit(suit)
    mine = _checked_cards(hand, rules, f"seat {seat}'s hand", rules.hand_size)
    kept = len(trump_in(mine, suit, rules))
    pool = len(rules.deck) - rules.hand_size
    trump = len(trump_in(rules.deck, suit, rules)) - kept
    return _refill_odds({seat: kept}, pool, trump, dealer, rules)


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


__all__ = [
    "Distribution",
    "Groups",
    "OthersTrump",
    "RefillOdds",
    "Whereabouts",
    "as_percent",
    "at_least",
    "best_count",
    "best_count_distribution",
    "best_suit_distribution",
    "distribution_table",
    "hypergeometric",
    "hypergeometric_distribution",
    "mean",
    "others_trump",
    "percent",
    "refill_draws",
    "refill_odds",
    "refill_odds_given",
    "refill_order",
    "simulate_trump_counts",
    "simulation_check",
    "stock_left",
    "stock_size",
    "suit_groups",
    "team_points_distribution",
    "trump_count_distribution",
    "trump_counts",
    "trump_in",
    "whereabouts",
]
