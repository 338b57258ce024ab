"""Millions of deals a second, for the counting questions of Pitch.

The exact answers in :mod:`pitchlab.odds.probability` cover the questions that
have a formula. Many good questions do not (how often does the stock run out
when spades are named?), and the engine in :mod:`pitchlab.engine.hand` deals one hand
at a time in Python, far too slowly to pin a small chance down. This module
deals whole blocks of hands at once with numpy and counts in them with lookup
tables, so a lesson can simulate ten million deals in a few seconds and quote
the answer with an honest error bar (:mod:`pitchlab.odds.stats`).

Conventions:

* A card in a dealt array is its **slot**, its position in ``rules.deck``
  (as in the engine), stored as ``uint8``; the two identical jokers are two
  slots.
* Every function takes ``seed``, an ``int`` or a ``numpy.random.Generator``,
  and never touches global random state: the same seed (and the same
  ``chunk``) gives the same deals.
* Large runs are dealt ``chunk`` rows at a time so memory stays bounded; the
  ``iter_*`` functions yield the chunks, the ``tally_*`` functions add them up.

How a block is dealt: every row starts as the same deck, and ``k`` rounds of
Fisher-Yates run on all rows together: round ``i`` picks, for every row, a
position ``j`` from ``i`` to the end and moves the card there into the hand.
Only ``k`` rounds are needed for a hand of ``k`` cards, not a whole shuffle.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Literal, TypeVar

import numpy as np
from numpy.typing import ArrayLike, NDArray

from pitchlab.engine.cards import Card, Suit
from pitchlab.engine.errors import BadDeal, PitchError
from pitchlab.engine.lookups import card_slots, lookups
from pitchlab.engine.presets import TEN_POINT
from pitchlab.engine.refill import cards_wanted
from pitchlab.engine.rules import Ruleset
from pitchlab.engine.seats import left_of, speaking_order
from pitchlab.odds.stats import Estimate, binomial_se, proportion, wilson_bounds, z_of

Seed = int | np.random.Generator
"""An integer seed or a generator to draw from (a generator is used, and advanced, as it is)."""

Slots = NDArray[np.uint8]
"""Dealt cards as deck slots: one row per deal."""

Counts = NDArray[np.int_]

CHUNK = 50_000
"""Rows dealt at a time. Measured fastest between 20,000 and 50,000 rows on one
core: the working deck (54 bytes a row, under 3 MB) then stays in cache, which
matters more than the numpy call overhead of smaller blocks."""

_SPAN = 2**63
"""The largest range one 64-bit draw covers in :func:`_swap_targets`."""

_T = TypeVar("_T", bound=np.generic)


def as_generator(seed: Seed) -> np.random.Generator:
    """A generator from a seed, or the generator itself, so that callers can chain runs on one stream.

    ``None`` is refused: a simulation nobody can repeat cannot be checked.
    """
    if isinstance(seed, np.random.Generator):
        return seed
    if isinstance(seed, bool) or not isinstance(seed, int | np.integer) or seed < 0:
        raise PitchError(f"seed must be a non-negative int or a numpy Generator, not {seed!r}")
    return np.random.default_rng(int(seed))


# --------------------------------------------------------------- cards and slots


def slots_of(cards: Iterable[Card], rules: Ruleset = TEN_POINT) -> list[int]:
    """The deck slots of ``cards``; repeats of an identical card take its copies in turn.

    Raises :class:`~pitchlab.engine.errors.BadDeal` for a card the deck does not hold,
    or holds fewer times than it is listed, so a mistyped "known" hand is
    caught instead of silently skewing every deal.
    """
    copies = card_slots(rules)
    used: dict[Card, int] = {}
    slots = []
    for item in cards:
        card = Card(item)
        have = copies.get(card)
        if have is None:
            raise BadDeal(f"{card.code} is not in the {rules.name} deck")
        taken = used.get(card, 0)
        if taken == len(have):
            times = "once" if len(have) == 1 else f"{len(have)} times"
            raise BadDeal(f"{card.code} is listed more often than the deck holds it ({times})")
        used[card] = taken + 1
        slots.append(have[taken])
    return slots


def _pool(rules: Ruleset, known: Sequence[int]) -> Slots:
    """The slots still unseen: the deck minus ``known``."""
    mask = np.ones(len(rules.deck), dtype=bool)
    mask[list(known)] = False
    return np.flatnonzero(mask).astype(np.uint8)


def _check_count(n: int) -> None:
    if isinstance(n, bool) or not isinstance(n, int | np.integer) or n < 0:
        raise PitchError(f"n must be a whole number of deals, 0 or more, not {n!r}")


def _check_seat(seat: int, rules: Ruleset, what: str = "seat") -> None:
    if not 0 <= seat < rules.players:
        raise PitchError(f"{what} must be a seat 0-{rules.players - 1}, not {seat}")


def _blocks(n: int, chunk: int) -> Iterator[int]:
    """Row counts of successive chunks adding up to ``n``."""
    if isinstance(chunk, bool) or not isinstance(chunk, int) or chunk < 1:
        raise PitchError(f"chunk must be a positive number of rows, not {chunk!r}")
    for start in range(0, n, chunk):
        yield min(chunk, n - start)


# --------------------------------------------------------------------- dealing


def _swap_targets(rng: np.random.Generator, width: int, rounds: int, n: int) -> Iterator[NDArray[np.intp]]:
    """For each Fisher-Yates round ``i``, an independent uniform position in ``[i, width)`` per row.

    One draw serves several rounds: a uniform integer below
    ``width * (width - 1) * ... `` written in that mixed radix has independent
    uniform digits, exactly. For a nine-card hand the product (about 1.9e15)
    fits one 64-bit draw, and a draw plus nine divisions by a constant is
    cheaper than nine separate bounded draws.
    """
    start = 0
    while start < rounds:
        stop, span = start, 1
        while stop < rounds and span * (width - stop) <= _SPAN:
            span *= width - stop
            stop += 1
        draw = rng.integers(0, span, size=n, dtype=np.uint64)
        for i in range(start, stop):
            radix = np.uint64(width - i)
            rest = draw // radix
            yield (draw - rest * radix).astype(np.intp) + i
            draw = rest
        start = stop


def _deal_block(rng: np.random.Generator, pool: Slots, n: int, k: int) -> Slots:
    """``n`` rows of the first ``k`` cards of independent uniform shuffles of ``pool``.

    The chosen cards go to a separate (k, n) array rather than being swapped
    to the front of each row: writing one contiguous row per round is much
    cheaper than writing a strided column, and the returned (n, k) view of it
    keeps each hand position contiguous for the counting that follows.
    """
    width = len(pool)
    deck = np.tile(pool, (n, 1))
    flat = deck.reshape(-1)
    row_start = np.arange(n, dtype=np.intp) * width
    chosen = np.empty((k, n), dtype=np.uint8)
    for i, target in enumerate(_swap_targets(rng, width, k, n)):
        where = row_start + target
        chosen[i] = flat[where]
        flat[where] = deck[:, i]
    return chosen.T


def iter_hands(
    n: int,
    seed: Seed,
    *,
    size: int | None = None,
    known: Iterable[Card] = (),
    rules: Ruleset = TEN_POINT,
    chunk: int = CHUNK,
) -> Iterator[Slots]:
    """Deal ``n`` random hands of ``size`` cards (default ``rules.hand_size``), ``chunk`` rows at a time.

    Each hand is drawn without replacement from the deck minus the ``known``
    cards (cards already seen, such as your own hand), every hand independent
    of the others.
    """
    _check_count(n)
    pool = _pool(rules, slots_of(known, rules))
    size = rules.hand_size if size is None else size
    if not 0 <= size <= len(pool):
        raise BadDeal(f"cannot deal {size} cards from the {len(pool)} left in the {rules.name} deck")
    blocks = list(_blocks(n, chunk))
    rng = as_generator(seed)
    return (_deal_block(rng, pool, rows, size) for rows in blocks)


def deal_hands(
    n: int,
    seed: Seed,
    *,
    size: int | None = None,
    known: Iterable[Card] = (),
    rules: Ruleset = TEN_POINT,
    chunk: int = CHUNK,
) -> Slots:
    """``n`` random hands in one (n, size) array: :func:`iter_hands`, gathered."""
    blocks = list(iter_hands(n, seed, size=size, known=known, rules=rules, chunk=chunk))
    width = rules.hand_size if size is None else size
    return np.concatenate(blocks) if blocks else np.empty((0, width), dtype=np.uint8)


@dataclass(frozen=True, eq=False)
class Deals:
    """Many complete deals: every seat's hand and the stock, one row per deal.

    ``order[r]`` lists row ``r``'s cards as dealt: seat 0's hand, seat 1's,
    and so on, then the stock top first. The engine deals three at a time
    from the dealer's left; with a uniformly shuffled deck, which positions
    go to which seat changes no probability, so here each seat simply takes
    its own block.
    """

    rules: Ruleset
    order: Slots

    @property
    def n(self) -> int:
        return len(self.order)

    @property
    def hands(self) -> Slots:
        """(n, players, hand_size): each seat's dealt hand."""
        rules = self.rules
        dealt = rules.players * rules.hand_size
        return self.order[:, :dealt].reshape(self.n, rules.players, rules.hand_size)

    @property
    def stock(self) -> Slots:
        """(n, stock size): the undealt cards, top first (the refill draws from the left)."""
        return self.order[:, self.rules.players * self.rules.hand_size :]


def iter_full_deals(
    n: int,
    seed: Seed,
    *,
    hand: Iterable[Card] = (),
    seat: int = 0,
    rules: Ruleset = TEN_POINT,
    chunk: int = CHUNK,
) -> Iterator[Deals]:
    """Deal ``n`` whole deals, ``chunk`` at a time; if ``hand`` is given, ``seat`` holds it in every deal.

    Fixing one hand is how a player's question is asked: *given what I hold*,
    everything else is a uniform shuffle of the cards I cannot see.
    """
    _check_count(n)
    _check_seat(seat, rules)
    mine = slots_of(hand, rules)
    if mine and len(mine) != rules.hand_size:
        raise BadDeal(f"a fixed hand holds {rules.hand_size} cards in {rules.name}, not {len(mine)}")
    pool = _pool(rules, mine)
    blocks = list(_blocks(n, chunk))
    rng = as_generator(seed)
    start = seat * rules.hand_size if mine else 0
    stop = start + len(mine)
    fixed = np.array(mine, dtype=np.uint8)

    def deal(rows: int) -> Deals:
        rest = _deal_block(rng, pool, rows, len(pool))
        order = np.empty((rows, len(rules.deck)), dtype=np.uint8)
        order[:, :start] = rest[:, :start]
        order[:, start:stop] = fixed
        order[:, stop:] = rest[:, start:]
        return Deals(rules, order)

    return (deal(rows) for rows in blocks)


def full_deals(
    n: int,
    seed: Seed,
    *,
    hand: Iterable[Card] = (),
    seat: int = 0,
    rules: Ruleset = TEN_POINT,
    chunk: int = CHUNK,
) -> Deals:
    """``n`` whole deals in one :class:`Deals`: :func:`iter_full_deals`, gathered."""
    blocks = [d.order for d in iter_full_deals(n, seed, hand=hand, seat=seat, rules=rules, chunk=chunk)]
    order = np.concatenate(blocks) if blocks else np.empty((0, len(rules.deck)), dtype=np.uint8)
    return Deals(rules, order)


# -------------------------------------------------------------------- counting


@functools.cache
def trump_table(rules: Ruleset = TEN_POINT) -> NDArray[np.bool_]:
    """(deck, 4): whether each slot is trump when each suit is named. Read-only, shared."""
    table = np.array([[rules.is_trump(card, suit) for suit in Suit] for card in rules.deck], dtype=bool)
    table.flags.writeable = False
    return table


@functools.cache
def points_table(rules: Ruleset = TEN_POINT) -> NDArray[np.int8]:
    """(deck, 4): the points each slot carries when each suit is named. Read-only, shared."""
    table = np.array([[rules.points_of(card, suit) for suit in Suit] for card in rules.deck], dtype=np.int8)
    table.flags.writeable = False
    return table


@functools.cache
def _trump_bytes(rules: Ruleset) -> NDArray[np.uint8]:
    """(4, deck): the trump table as 0/1 bytes, one contiguous row per suit, for summing."""
    return np.ascontiguousarray(trump_table(rules).T, dtype=np.uint8)


@functools.cache
def _packed_trump(rules: Ruleset) -> NDArray[np.uint32]:
    """(deck,): one byte per suit, so one lookup-and-add counts all four suits at once.

    A count never exceeds the 54 cards of a deck, so the bytes never carry
    into each other.
    """
    weights = np.array([1 << (8 * suit) for suit in Suit], dtype=np.uint32)
    return trump_table(rules).astype(np.uint32) @ weights


def _lookup_sum(table: NDArray[_T], hands: Slots) -> NDArray[_T]:
    """``table[hands].sum(-1)``, one card position at a time.

    numpy reduces a short last axis slowly; nine whole-column lookups and
    additions are several times faster.
    """
    total = np.zeros(hands.shape[:-1], dtype=table.dtype)
    for i in range(hands.shape[-1]):
        total += table[hands[..., i]]
    return total


def trump_counts(hands: Slots, suit: Suit, rules: Ruleset = TEN_POINT) -> Counts:
    """How many trump of ``suit`` each hand holds: shape ``hands.shape[:-1]``."""
    return _lookup_sum(_trump_bytes(rules)[suit], hands).astype(np.int_)


def all_trump_counts(hands: Slots, rules: Ruleset = TEN_POINT) -> Counts:
    """How many trump each hand would hold for each suit named: shape ``hands.shape[:-1] + (4,)``."""
    packed = _lookup_sum(_packed_trump(rules), hands)
    shifts = np.array([8 * suit for suit in Suit], dtype=np.uint32)
    return ((packed[..., None] >> shifts) & 0xFF).astype(np.int_)


def best_counts(hands: Slots, rules: Ruleset = TEN_POINT) -> Counts:
    """The most trump any one suit would give each hand (its best suit)."""
    counts: Counts = all_trump_counts(hands, rules).max(axis=-1)
    return counts


def points_in(hands: Slots, suit: Suit, rules: Ruleset = TEN_POINT) -> Counts:
    """The points of ``suit`` as trump held in each hand (the two included)."""
    return _lookup_sum(points_table(rules)[:, suit].copy(), hands).astype(np.int_)


def holder_of(deals: Deals, slot: int) -> Counts:
    """Who holds ``slot`` in each deal: a seat, or ``rules.players`` for the stock.

    A slot, not a card, so that the two identical jokers can be told apart
    (see :func:`slots_of`).
    """
    rules = deals.rules
    position: Counts = (deals.order == slot).argmax(axis=1)
    return np.minimum(position // rules.hand_size, rules.players)


def refill_draws(
    counts: Counts, rules: Ruleset = TEN_POINT, dealer: int = 0
) -> tuple[Counts, NDArray[np.bool_]]:
    """Each seat's draw in the refill, and whether the stock ran short, from the trump each seat was dealt.

    ``counts`` has shape (..., players). In turn from the dealer's left, each seat draws what
    the engine's rule gives it (:mod:`pitchlab.engine.refill`: back up to ``refill_to``, or
    what is left), read from the rule's table for every deal at once. Which cards are drawn
    does not matter to the counts, so the stock is never looked at. The stock ran short when
    a seat got less than it asked for.
    """
    _check_seat(dealer, rules, "dealer")
    counts = np.asarray(counts, dtype=np.intp)
    drawn_by = np.asarray(lookups(rules).draws, dtype=np.int_)  # [kept, left]: the engine's count
    stock = rules.stock_size
    left = np.full(counts.shape[:-1], stock, dtype=np.intp)
    drawn = np.empty(counts.shape, dtype=np.int_)
    for seat in speaking_order(dealer, rules.players):
        drawn[..., seat] = drawn_by[counts[..., seat], left]
        left = left - drawn[..., seat]
    wanted = np.asarray([cards_wanted(k, rules) for k in range(rules.hand_size + 1)], dtype=np.int_)
    short = np.asarray((drawn < wanted[counts]).any(axis=-1))  # a seat got less than it asked for
    return drawn, short


# ----------------------------------------------------------- Monte Carlo answers


def tally_estimates(tally: ArrayLike, unit: str = "deals") -> dict[int, Estimate]:
    """A tally (how many deals gave each count) as the estimated chance of each count."""
    counts = np.asarray(tally)
    total = int(counts.sum())
    return {k: proportion(int(c), total, unit) for k, c in enumerate(counts)}


def _tally_hands(count: Callable[[Slots], Counts], top: int, hands: Iterable[Slots]) -> Counts:
    """How many hands gave each value ``0..top`` of ``count``."""
    tally = np.zeros(top + 1, dtype=np.int_)
    for block in hands:
        tally += np.bincount(count(block), minlength=top + 1)
    return tally


def tally_trump(
    n: int,
    seed: Seed,
    *,
    suit: Suit = Suit.SPADES,
    known: Iterable[Card] = (),
    rules: Ruleset = TEN_POINT,
    chunk: int = CHUNK,
) -> Counts:
    """Deal ``n`` hands; ``tally[k]`` is how many held exactly ``k`` trump of ``suit``.

    The simulated twin of :func:`pitchlab.odds.probability.trump_count_distribution`.
    """
    hands = iter_hands(n, seed, known=known, rules=rules, chunk=chunk)
    return _tally_hands(lambda h: trump_counts(h, suit, rules), rules.hand_size, hands)


def hits_at_least(
    n: int, seed: Seed, at_least: int, *, suit: Suit = Suit.SPADES, rules: Ruleset = TEN_POINT
) -> int:
    """How many of ``n`` hands dealt from ``seed`` hold at least ``at_least`` trump of ``suit``:
    one run of a Monte Carlo estimate (lesson 05's, and each student's in a class experiment)."""
    return int(tally_trump(n, seed, suit=suit, rules=rules)[at_least:].sum())


def tally_best_suit(
    n: int, seed: Seed, *, known: Iterable[Card] = (), rules: Ruleset = TEN_POINT, chunk: int = CHUNK
) -> Counts:
    """Deal ``n`` hands; ``tally[k]`` is how many had ``k`` trump in their best suit.

    The simulated twin of :func:`pitchlab.odds.probability.best_suit_distribution`.
    """
    hands = iter_hands(n, seed, known=known, rules=rules, chunk=chunk)
    return _tally_hands(lambda h: best_counts(h, rules), rules.hand_size, hands)


def _own_hand(hand: Iterable[Card], rules: Ruleset) -> list[Card]:
    cards = [Card(c) for c in hand]
    if len(cards) != rules.hand_size:
        raise BadDeal(f"a hand holds {rules.hand_size} cards in {rules.name}, not {len(cards)}")
    return cards


def tally_partner_trump(
    hand: Iterable[Card],
    n: int,
    seed: Seed,
    *,
    suit: Suit = Suit.SPADES,
    rules: Ruleset = TEN_POINT,
    chunk: int = CHUNK,
) -> Counts:
    """Given my ``hand``, how many of ``n`` deals gave my partner ``k`` trump of ``suit``.

    My partner's hand is a uniform draw from the cards I cannot see, so this
    is :func:`tally_trump` with my hand known (and so is any other seat's).
    """
    return tally_trump(n, seed, suit=suit, known=_own_hand(hand, rules), rules=rules, chunk=chunk)


def place_name(seat: int, place: int, rules: Ruleset = TEN_POINT) -> str:
    """What ``seat`` calls ``place`` (another seat, or ``rules.players`` for the stock)."""
    players = rules.players
    if place == players:
        return "stock"
    if place == seat:
        return "me"
    if rules.teams[place] == rules.teams[seat]:
        return "partner"
    if place == left_of(seat, players):
        return "left opponent"
    if place == left_of(seat, players, -1):
        return "right opponent"
    return f"seat {place}"


def card_whereabouts(
    card: Card,
    hand: Iterable[Card],
    n: int,
    seed: Seed,
    *,
    seat: int = 0,
    rules: Ruleset = TEN_POINT,
    chunk: int = CHUNK,
) -> dict[str, Estimate]:
    """Given my ``hand`` at ``seat``, the chance that each other seat, and the stock, holds ``card``.

    For a card the deck holds twice (an identical joker) the question is
    "holds at least one copy", so the chances add up to more than 1 when
    neither copy is in my hand.
    """
    mine = _own_hand(hand, rules)
    wanted = Card(card)
    mine_slots = set(slots_of(mine, rules))
    copies = card_slots(rules).get(wanted)
    if copies is None:
        raise BadDeal(f"{wanted.code} is not in the {rules.name} deck")
    free = [slot for slot in copies if slot not in mine_slots]
    if not free:
        raise PitchError(f"{wanted.code} is in the hand already: there is nothing to look for")
    places = rules.players + 1
    hits = np.zeros(places, dtype=np.int_)
    for deals in iter_full_deals(n, seed, hand=mine, seat=seat, rules=rules, chunk=chunk):
        found = np.zeros((deals.n, places), dtype=bool)
        for slot in free:
            found[np.arange(deals.n), holder_of(deals, slot)] = True
        hits += found.sum(axis=0)
    return {
        place_name(seat, place, rules): proportion(int(hits[place]), n)
        for place in range(places)
        if place != seat
    }


@dataclass(frozen=True, eq=False)
class RefillTally:
    """What the refill did over ``n`` simulated deals with one suit named.

    ``drawn[s, d]`` counts the deals in which seat ``s`` drew ``d`` cards;
    ``short`` counts those in which the stock ran out before every seat had
    drawn its fill.
    """

    n: int
    drawn: Counts
    short: int

    def draw_chances(self, seat: int) -> dict[int, Estimate]:
        """The estimated chance that ``seat`` draws each number of cards."""
        return tally_estimates(self.drawn[seat])

    def short_chance(self) -> Estimate:
        """The estimated chance that the stock runs short."""
        return proportion(self.short, self.n)


def tally_refill(
    n: int,
    seed: Seed,
    *,
    suit: Suit = Suit.SPADES,
    dealer: int = 0,
    hand: Iterable[Card] = (),
    seat: int = 0,
    rules: Ruleset = TEN_POINT,
    chunk: int = CHUNK,
) -> RefillTally:
    """Deal ``n`` times, name ``suit``, and tally each seat's draw and how often the stock ran short.

    With ``hand`` given, ``seat`` holds it in every deal: the refill a player
    can expect before naming trump.
    """
    _check_seat(dealer, rules, "dealer")
    players, top = (
        rules.players,
        cards_wanted(0, rules),
    )  # the most a seat draws: all it asks for with no trump
    drawn = np.zeros((players, top + 1), dtype=np.int_)
    short = 0
    for deals in iter_full_deals(n, seed, hand=hand, seat=seat, rules=rules, chunk=chunk):
        got, ran_out = refill_draws(trump_counts(deals.hands, suit, rules), rules, dealer)
        for s in range(players):
            drawn[s] += np.bincount(got[:, s], minlength=top + 1)
        short += int(ran_out.sum())
    return RefillTally(n, drawn, short)


def running_proportion(
    hits: ArrayLike, level: float = 0.95, method: Literal["wilson", "normal"] = "wilson"
) -> tuple[Counts, NDArray[np.float64], NDArray[np.float64], NDArray[np.float64]]:
    """A Monte Carlo estimate as it grows: ``(n, estimate, lower, upper)`` after each of the 0/1 ``hits``.

    For a convergence plot: the estimate wanders, and the band (Wilson by
    default, or the normal interval to show how it fails for small ``n``)
    narrows like ``1/sqrt(n)``.
    """
    flags = np.asarray(hits)
    if flags.ndim != 1 or not np.isin(flags, (0, 1)).all():
        raise PitchError("hits must be a one-dimensional sequence of 0s and 1s (or booleans)")
    if method not in ("wilson", "normal"):
        raise PitchError(f"method must be 'wilson' or 'normal', not {method!r}")
    trials = np.arange(1, len(flags) + 1, dtype=np.int_)
    seen = trials.astype(np.float64)
    share = np.cumsum(flags, dtype=np.float64) / seen
    z = z_of(level)
    if method == "wilson":
        lower, upper = wilson_bounds(share, seen, z)
    else:
        half = z * binomial_se(share, seen)
        lower, upper = share - half, share + half
    return trials, share, lower, upper


__all__ = [
    "CHUNK",
    "Counts",
    "Deals",
    "RefillTally",
    "Seed",
    "Slots",
    "all_trump_counts",
    "as_generator",
    "best_counts",
    "card_whereabouts",
    "deal_hands",
    "full_deals",
    "hits_at_least",
    "holder_of",
    "iter_full_deals",
    "iter_hands",
    "place_name",
    "points_in",
    "points_table",
    "refill_draws",
    "running_proportion",
    "slots_of",
    "tally_best_suit",
    "tally_estimates",
    "tally_partner_trump",
    "tally_refill",
    "tally_trump",
    "trump_counts",
    "trump_table",
]
