"""Bayes at the table: where the trump a seat has not seen are, from what it has seen.

Once trump is named, a seat knows its own cards and sees the rest of the table
act: how many cards each seat draws, what is buried face up, every card
played, who is skipped because they are out of trump. Each of those narrows
the deals that could have produced them, and counting the deals that remain
is Bayes' rule with every deal equally likely beforehand.

The count never lists deals. What the table sees depends on the *number* of
trump in each hidden place, so a deal is summed up by

* ``t`` - the trump a seat was dealt (it keeps exactly these in the refill),
* ``x`` - the trump among the cards it drew,
* ``r`` - for the seat that takes the rest of the stock once the others have drawn
  (the bidder in ten-point, the dealer in Oklahoma), the trump it took from it,

and the deals with given counts number ``comb(9, t) * comb(d, x) * comb(rest, r)``
per seat (up to a factor shared by all), the multivariate hypergeometric over
the places this seat cannot see. What the seat saw then filters the counts:

* a seat that drew ``d`` cards with more than ``d`` left kept ``refill_to - d``
  trump (at least ``refill_to`` if ``d`` is 0); one that emptied the stock kept
  at most ``refill_to - d``; one that found the stock empty tells nothing;
* a seat that buried ``b > 0`` cards held ``keep_trump + b`` trump, one that
  buried nothing held at most ``keep_trump``;
* a seat skipped in a trick holds no trump; the seat to act holds at least one;
* each seat's number of cards in hand (the view shows it) is its dealt trump,
  plus what it drew, plus for the seat taking it the trump of the rest of the stock,
  less what it buried and played;
* the cards a seat showed (buried or played) were among its trump, which a
  seat holding ``a`` trump allows in ``a! / (a - s)!`` ways for ``s`` shown
  cards.

The model is strategy-free: it asks which deals are consistent with the
table, not why a player chose the card it played.
"""

from __future__ import annotations

import bisect
import itertools
import math
import random
from collections import Counter
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from pitchlab.engine.cards import Card, Suit
from pitchlab.engine.errors import PitchError
from pitchlab.engine.hand import Phase
from pitchlab.engine.presets import TEN_POINT
from pitchlab.engine.refill import cards_drawn
from pitchlab.engine.rules import Ruleset
from pitchlab.engine.view import SeatView
from pitchlab.odds.probability import (
    Distribution,
    _checked_cards,
    _checked_seat,
    _checked_suit,
    mean,
    percent,
    refill_order,
    stock_left,
    stock_size,
    trump_in,
)

_Key = tuple[int, tuple[int, ...]]
"""A seat's trump after the refill and, of those, its copies of each repeated card."""


@dataclass(frozen=True)
class Posterior:
    """Where the trump one seat has not seen are now, given all it has seen.

    The table's observations depend only on how many trump each place holds,
    so the unseen trump are exchangeable: each single card is with seat ``j``
    with chance ``E[unseen trump j holds] / (number unseen)``, and only the
    count distribution has to be worked out, by counting consistent deals.

    One exception, which the count handles by tracking the jokers' copies on
    their own: when the deck's two jokers are identical and another seat has
    shown one while its twin is unseen, a seat that showed "a joker" fits
    twice as many deals holding one joker as holding both, so the twin is
    less likely to be with it than a plain card is. The plain cards then
    share one chance per seat, ``E[plain unseen cards j holds] / (plain unseen)``,
    and at every seat the chances of all unseen cards still add up to the
    expected count.
    """

    seat: int
    trump: Suit
    unseen: tuple[Card, ...]
    """Trump this seat has not seen, high to low (a joker twice if both copies are unseen).
    Every one is in another seat's hand."""
    counts: dict[int, Distribution]
    """For each other seat: the chance it now holds each number of the unseen trump."""
    where: dict[Card, dict[int, Fraction]]
    """For each unseen trump: the chance each other seat holds it (for a card with
    more than one unseen copy, at least one of them)."""

    def expected(self, seat: int) -> Fraction:
        """The number of unseen trump ``seat`` holds, on average."""
        return mean(self.counts[seat])

    def chance(self, card: Card, seat: int) -> Fraction:
        """The chance ``seat`` holds ``card`` (0 for a card this seat has seen)."""
        return self.where.get(card, {}).get(seat, Fraction(0))

    def summary(self) -> str:
        """A short plain-text table for a notebook to print."""
        seats = list(self.counts)
        cards = " ".join(c.code for c in self.unseen) or "none"
        lines = [f"seat {self.seat}, {self.trump.symbol} trump: {len(self.unseen)} unseen trump ({cards})"]
        for s in seats:
            dist = "  ".join(f"{k}: {percent(p)}" for k, p in self.counts[s].items() if p)
            lines.append(f"  seat {s} holds {float(self.expected(s)):.2f} of them on average  ({dist})")
        if self.where:
            lines.append("card  " + "  ".join(f"{f'seat {s}':>7}" for s in seats))
            for card, by_seat in self.where.items():
                lines.append(f"{card.code:<4}  " + "  ".join(f"{percent(by_seat[s]):>7}" for s in seats))
        return "\n".join(lines)


@dataclass(frozen=True)
class _Evidence:
    """Everything one seat knows, reduced to what the count needs."""

    rules: Ruleset
    suit: Suit
    seat: int
    dealer: int
    bidder: int
    taker: int
    """The seat that took the rest of the stock after the refill."""
    drawn: tuple[int, ...]
    mine: Counter[Card]
    """Trump this seat has held since the refill (dealt, drawn, from the rest of the stock)."""
    shown: tuple[Counter[Card], ...]
    """Trump each other seat has buried or played (empty for this seat)."""
    buried: tuple[int, ...]
    out: frozenset[int]
    """Seats known to hold no trump."""
    holding: frozenset[int]
    """Seats known to hold at least one trump."""
    burying: int | None
    """The seat burying now, while the bury is under way."""
    hand_sizes: tuple[int, ...] | None


def posterior(view: SeatView) -> Posterior:
    """The posterior from a seat's view of a real hand, at any point after trump is named.

    Uses every part of the view that tells something about trump: draw
    counts, hand sizes, buried cards, played cards, who was skipped and who
    is to act.
    """
    return _solve(_evidence(view))


def _evidence(view: SeatView) -> _Evidence:
    rules = view.rules
    if view.trump is None or view.drawn is None or view.bidder is None:
        raise PitchError(f"seat {view.seat}: nothing to infer before trump is named and the refill drawn")
    shown: list[Counter[Card]] = [Counter(pile) for pile in view.buried]
    for trick in (*view.tricks, view.current_trick):
        for seat, card in zip(trick.seats, trick.cards, strict=True):
            shown[seat][card] += 1
    mine = Counter(trump_in(view.hand, view.trump, rules)) + shown[view.seat]
    shown[view.seat] = Counter()
    out, holding = _play_evidence(view)
    return _Evidence(
        rules=rules,
        suit=view.trump,
        seat=view.seat,
        dealer=view.dealer,
        bidder=view.bidder,
        taker=_rest_taker(rules, view.bidder, view.dealer),
        drawn=view.drawn,
        mine=mine,
        shown=tuple(shown),
        buried=tuple(len(pile) for pile in view.buried),
        out=out - {view.seat},
        holding=holding - {view.seat},
        burying=view.to_act if view.phase is Phase.BURY else None,
        hand_sizes=view.hand_sizes,
    )


def _play_evidence(view: SeatView) -> tuple[frozenset[int], frozenset[int]]:
    """Seats the play shows to be out of trump (passed over: no trump left), and seats it
    shows to hold some (the seat to act)."""
    n = view.rules.players
    if view.phase is Phase.OVER:
        return frozenset(range(n)), frozenset()
    if view.phase is not Phase.PLAY or view.to_act is None or view.bidder is None:
        return frozenset(), frozenset()
    return view.passed_over, frozenset({view.to_act})


def posterior_given(
    hand: Iterable[Card],
    suit: Suit,
    seat: int,
    dealer: int,
    bidder: int,
    drawn: Sequence[int],
    *,
    drew: Iterable[Card] = (),
    remainder: Iterable[Card] = (),
    buried: Mapping[int, Iterable[Card]] | None = None,
    played: Mapping[int, Iterable[Card]] | None = None,
    out: Iterable[int] = (),
    holding: Iterable[int] = (),
    burying: int | None = None,
    hand_sizes: Sequence[int] | None = None,
    rules: Ruleset = TEN_POINT,
) -> Posterior:
    """The posterior from explicit observations, so a lesson can pose "seat 2 drew 4 cards" directly.

    ``hand`` is the nine cards dealt to ``seat``; ``drawn`` the public draw
    count of every seat, by seat; ``drew`` the cards ``seat`` drew itself and
    ``remainder`` the rest of the stock, which only the seat taking it (the bidder, or
    in Oklahoma the dealer) sees.
    ``buried`` and ``played`` map seats to cards they showed. ``out`` lists
    seats known to have no trump left (skipped in a trick), ``holding`` seats
    known to have some (the seat to act). ``burying`` is the seat burying now
    if the bury is under way (later seats have not buried yet); by default it
    is over. ``hand_sizes``, the cards each seat holds now, is used only if
    given. Raises :class:`PitchError` for inputs no deal can produce.
    """
    _checked_suit(suit)
    for who, what in ((seat, "seat"), (dealer, "dealer"), (bidder, "bidder")):
        _checked_seat(who, rules, what)
    drawn = tuple(drawn)
    left = stock_left(drawn, dealer, rules)
    rest = stock_size(rules) - sum(drawn)
    dealt = _checked_cards(hand, rules, f"seat {seat}'s hand", rules.hand_size)
    kept = len(trump_in(dealt, suit, rules))
    if cards_drawn(kept, left[seat], rules) != drawn[seat]:
        raise PitchError(
            f"seat {seat} kept {kept} trump with {left[seat]} cards in the stock, so it drew "
            f"{cards_drawn(kept, left[seat], rules)}, not {drawn[seat]}"
        )
    own_draw = _checked_cards(drew, rules, f"seat {seat}'s draw", drawn[seat])
    taker = _rest_taker(rules, bidder, dealer)
    taken = _checked_cards(remainder, rules, "the rest of the stock", rest if seat == taker else 0)
    _checked_cards(dealt + own_draw + taken, rules, f"the cards seat {seat} has seen")
    mine = Counter(trump_in(dealt + own_draw + taken, suit, rules))
    n = rules.players
    shown: list[Counter[Card]] = [Counter() for _ in range(n)]
    buried_count = [0] * n
    for pile, what in ((buried, "buried"), (played, "played")):
        for who, cards in (pile or {}).items():
            _checked_seat(who, rules, f"a seat that {what}")
            listed = _checked_cards(cards, rules, f"seat {who} {what}")
            not_trump = [c.code for c in listed if not rules.is_trump(c, suit)]
            if not_trump:
                raise PitchError(f"seat {who} {what} {' '.join(not_trump)}: only trump is {what}")
            shown[who].update(listed)
            if pile is buried:
                buried_count[who] += len(listed)
    if shown[seat] - mine:
        extra = " ".join(c.code for c in (shown[seat] - mine).elements())
        raise PitchError(f"seat {seat} showed {extra}, which it never held")
    shown[seat] = Counter()
    known_out = frozenset(_checked_seat(s, rules, "an out seat") for s in out)
    known_in = frozenset(_checked_seat(s, rules, "a holding seat") for s in holding)
    if known_out & known_in:
        raise PitchError(f"seats {sorted(known_out & known_in)} cannot be both out of trump and holding some")
    if burying is not None:
        order = refill_order(dealer, rules)
        later = [
            s for s in order[order.index(_checked_seat(burying, rules, "burying")) + 1 :] if buried_count[s]
        ]
        if later:
            raise PitchError(f"seat {later[0]} has buried, but its turn comes after seat {burying}'s")
    if hand_sizes is not None and len(hand_sizes) != n:
        raise PitchError(f"hand sizes: expected one for each of {n} seats, got {len(hand_sizes)}")
    return _solve(
        _Evidence(
            rules=rules,
            suit=suit,
            seat=seat,
            dealer=dealer,
            bidder=bidder,
            taker=taker,
            drawn=drawn,
            mine=mine,
            shown=tuple(shown),
            buried=tuple(buried_count),
            out=known_out - {seat},
            holding=known_in - {seat},
            burying=burying,
            hand_sizes=None if hand_sizes is None else tuple(hand_sizes),
        )
    )


def _rest_taker(rules: Ruleset, bidder: int, dealer: int) -> int:
    """The seat that takes what is left of the stock once every seat has drawn: the bidder, or
    in Oklahoma the dealer. Where nobody does, the rest would be one more hidden place, which
    the count does not model."""
    if rules.bidder_takes_stock:
        return bidder
    if rules.stock_rest == "dealer":
        return dealer
    raise PitchError(f"{rules.name}: the inference expects a seat to take the rest of the stock")


@dataclass(frozen=True)
class _Joint:
    """The consistent deals grouped by every other seat's counts, with how many deals each group holds."""

    others: tuple[int, ...]
    repeated: tuple[Card, ...]
    """Cards the deck holds more than once (the identical jokers), whose copies are counted apart."""
    unseen: Counter[Card]
    groups: list[tuple[tuple[_Key, ...], int]]
    total: int


def _joint(ev: _Evidence) -> _Joint:
    """Every combination of the other seats' counts that fits the evidence, with its number of deals."""
    rules = ev.rules
    deck_trump = Counter(trump_in(rules.deck, ev.suit, rules))
    seen = ev.mine + sum(ev.shown, Counter[Card]())
    if seen - deck_trump:
        card = min(seen - deck_trump)
        raise PitchError(f"{card.code} has been seen more often than the deck holds it")
    repeated = tuple(sorted(c for c, k in deck_trump.items() if k > 1))
    copies = tuple(deck_trump[c] - ev.mine[c] for c in repeated)
    hidden = deck_trump.total() - ev.mine.total()
    left = stock_left(ev.drawn, ev.dealer, rules)
    rest = stock_size(rules) - sum(ev.drawn)
    others = tuple(s for s in range(rules.players) if s != ev.seat)
    tables = [_seat_table(ev, s, left[s], rest, repeated, copies) for s in others]

    groups = list(_combine(tables, hidden, copies))
    total = sum(weight for _, weight in groups)
    if not total:
        raise PitchError(f"no deal fits what seat {ev.seat} has seen")
    return _Joint(others, repeated, deck_trump - seen, groups, total)


def _solve(ev: _Evidence) -> Posterior:
    """Sum the consistent deals by their counts and read off the posterior."""
    rules = ev.rules
    joint = _joint(ev)
    others, repeated, total = joint.others, joint.repeated, joint.total
    counts: list[Counter[int]] = [Counter() for _ in others]
    plain_held = [0] * len(others)  # weighted count of unseen cards that are not repeated
    some_held = [[0] * len(repeated) for _ in others]  # weight with an unseen copy of each repeated card
    for keys, weight in joint.groups:
        for i, (seat, (held, extra)) in enumerate(zip(others, keys, strict=True)):
            shown = ev.shown[seat]
            counts[i][held - shown.total()] += weight
            plain_held[i] += weight * (held - shown.total() - sum(extra) + sum(shown[c] for c in repeated))
            for k, card in enumerate(repeated):
                if extra[k] > shown[card]:
                    some_held[i][k] += weight
    unseen = joint.unseen
    plain = sum(k for c, k in unseen.items() if c not in repeated)
    where: dict[Card, dict[int, Fraction]] = {}
    for card in trump_in(unseen, ev.suit, rules):
        if card in where:
            continue
        if card in repeated:
            k = repeated.index(card)
            where[card] = {s: Fraction(some_held[i][k], total) for i, s in enumerate(others)}
        else:
            where[card] = {s: Fraction(plain_held[i], total * plain) for i, s in enumerate(others)}
    return Posterior(
        seat=ev.seat,
        trump=ev.suit,
        unseen=trump_in(unseen.elements(), ev.suit, rules),
        counts={
            s: {k: Fraction(c[k], total) for k in range(max(c) + 1)}
            for s, c in zip(others, counts, strict=True)
        },
        where=where,
    )


def _seat_table(
    ev: _Evidence, seat: int, left: int, rest: int, repeated: tuple[Card, ...], copies: tuple[int, ...]
) -> dict[_Key, int]:
    """One other seat's share of the count, by its trump after the refill and its repeated copies.

    The seat was dealt ``t`` trump of its nine, drew ``x`` among its ``d``
    cards and, as the seat taking the rest of the stock, took ``r`` of the ``rest``: ``comb(9, t) * comb(d, x)
    * comb(rest, r)`` ways. Of its ``a = t + x + r`` trump, the plain cards it
    showed take ``a! / (a - s)!`` placements and the copies of a repeated card
    (``q`` of the joker, at least as many as it showed) ``comb(room, q)``.
    """
    rules = ev.rules
    size = rules.hand_size
    drew = ev.drawn[seat]
    shown = ev.shown[seat]
    showed = shown.total()
    plain_shown = showed - sum(shown[c] for c in repeated)
    low = tuple(shown[c] for c in repeated)
    low_a, high_a = _bury_bounds(ev, seat)
    table: Counter[_Key] = Counter()
    for dealt in range(size + 1):
        if cards_drawn(dealt, left, rules) != drew:
            continue
        for taken in range(rest + 1) if seat == ev.taker else (0,):
            if ev.hand_sizes is not None and dealt + drew + taken - showed != ev.hand_sizes[seat]:
                continue
            for found in range(drew + 1):
                held = dealt + found + taken
                still = held - showed
                if not low_a <= held <= high_a or still < 0:
                    continue
                if (seat in ev.out and still) or (seat in ev.holding and not still):
                    continue
                ways = math.comb(size, dealt) * math.comb(drew, found) * math.comb(rest, taken)
                ways *= math.perm(held, plain_shown)
                for extra, placed in _copy_splits(held - plain_shown, low, copies):
                    table[held, extra] += ways * placed
    return dict(table)


def _bury_bounds(ev: _Evidence, seat: int) -> tuple[int, int]:
    """The least and most trump the seat can have held after the refill, given the bury so far."""
    keep = ev.rules.keep_trump
    buried = ev.buried[seat]
    unbounded = len(ev.rules.deck)
    if ev.burying is not None:
        order = refill_order(ev.dealer, ev.rules)
        if order.index(seat) > order.index(ev.burying):
            return 0, unbounded  # its turn to bury has not come
        if seat == ev.burying:
            return keep + buried + 1, unbounded  # still burying: more than keep_trump left
    return (keep + buried, keep + buried) if buried else (0, keep)


def _copy_splits(
    room: int, low: tuple[int, ...], high: tuple[int, ...]
) -> Iterator[tuple[tuple[int, ...], int]]:
    """Each number of copies of each repeated card a seat can hold in ``room`` places, with its placements."""
    if not low:
        yield (), 1
        return
    for q in range(low[0], min(high[0], room) + 1):
        for more, ways in _copy_splits(room - q, low[1:], high[1:]):
            yield (q, *more), math.comb(room, q) * ways


def _combine(
    tables: Sequence[Mapping[_Key, int]], trump: int, copies: tuple[int, ...]
) -> Iterator[tuple[tuple[_Key, ...], int]]:
    """One entry per seat, the seats' trump adding up to ``trump`` and their copies to ``copies``."""
    if not tables:
        if trump == 0 and not any(copies):
            yield (), 1
        return
    if len(tables) == 1:
        weight = tables[0].get((trump, copies), 0)
        if weight:
            yield ((trump, copies),), weight
        return
    for key, weight in tables[0].items():
        held, extra = key
        if held > trump or any(q > c for q, c in zip(extra, copies, strict=True)):
            continue
        rest = tuple(c - q for c, q in zip(copies, extra, strict=True))
        for keys, more in _combine(tables[1:], trump - held, rest):
            yield (key, *keys), weight * more


@dataclass(frozen=True)
class Layouts:
    """Every layout of the unseen trump that fits what one seat has seen, each with its chance.

    A *layout* is the trump each other seat holds now. The consistent deals
    are grouped by the other seats' counts (see :func:`_joint`); within a
    group what the table saw is the same whichever plain trump went where, so
    each way of sharing the unseen plain trump out in the group's numbers is
    one layout, all equally likely: a layout's chance is its group's share of
    the deals divided by the group's number of sharings. (The identical
    jokers' copies are part of the group, so they need no sharing.) Layouts
    are therefore *not* equally likely when the draw counts weigh the groups
    differently. :meth:`each` lists them all with exact chances,
    :meth:`sample` draws them with the same chances; the hint, the strong bot
    and the review by what a seat knew all read the layouts from here.
    """

    others: tuple[int, ...]
    plain: tuple[Card, ...]
    """The unseen trump that are not repeated, high to low."""
    groups: tuple[tuple[tuple[tuple[int, tuple[Card, ...]], ...], int], ...]
    """Per group: each other seat's number of unseen plain trump and its unseen joker
    copies, and the number of deals in the group."""
    total: int
    """Deals over all groups."""

    def _sharings(self, sizes: Sequence[int]) -> int:
        """Ways of sharing the plain trump out in ``sizes``: a multinomial coefficient."""
        ways, left = 1, len(self.plain)
        for k in sizes:
            ways *= math.comb(left, k)
            left -= k
        return ways

    def count(self) -> int:
        """The number of distinct layouts (what :meth:`each` lists)."""
        return sum(self._sharings([k for k, _ in seats]) for seats, _ in self.groups)

    def each(self) -> Iterator[tuple[dict[int, tuple[Card, ...]], Fraction]]:
        """Every layout with its exact chance (the chances add up to 1)."""
        for seats, weight in self.groups:
            sizes = [k for k, _ in seats]
            chance = Fraction(weight, self.total * self._sharings(sizes))
            for shares in _share(self.plain, sizes):
                yield (
                    {
                        seat: (*share, *copies)
                        for seat, share, (_, copies) in zip(self.others, shares, seats, strict=True)
                    },
                    chance,
                )

    def sample(self, count: int, rng: random.Random) -> list[dict[int, tuple[Card, ...]]]:
        """``count`` layouts drawn with their chances: a group by its deals (exact integers,
        so exactly in proportion), then the plain trump shuffled into its numbers."""
        cumulative = list(itertools.accumulate(weight for _, weight in self.groups))
        plain = list(self.plain)
        samples = []
        for _ in range(count):
            seats = self.groups[bisect.bisect_right(cumulative, rng.randrange(self.total))][0]
            rng.shuffle(plain)
            place = 0
            sample: dict[int, tuple[Card, ...]] = {}
            for seat, (k, copies) in zip(self.others, seats, strict=True):
                sample[seat] = (*plain[place : place + k], *copies)
                place += k
            samples.append(sample)
        return samples


def _share(cards: Sequence[Card], sizes: Sequence[int]) -> Iterator[tuple[tuple[Card, ...], ...]]:
    """Every way of dealing ``cards`` (all distinct) into hands of ``sizes``, which add up to them all."""
    if not sizes:
        yield ()
        return
    for first in itertools.combinations(range(len(cards)), sizes[0]):
        picked = set(first)
        rest = [c for i, c in enumerate(cards) if i not in picked]
        for more in _share(rest, sizes[1:]):
            yield (tuple(cards[i] for i in first), *more)


def layouts(view: SeatView) -> Layouts:
    """The layouts of the unseen trump consistent with all ``view``'s seat has seen (a seat's
    own trump are left out: it knows them). Raises :class:`PitchError` before the refill."""
    evidence = _evidence(view)
    joint = _joint(evidence)
    groups = []
    for keys, weight in joint.groups:
        seats = []
        for seat, (held, extra) in zip(joint.others, keys, strict=True):
            shown = evidence.shown[seat]
            copies = tuple(c for c, q in zip(joint.repeated, extra, strict=True) for _ in range(q - shown[c]))
            seats.append((held - shown.total() - len(copies), copies))
        groups.append((tuple(seats), weight))
    plain = tuple(c for c in joint.unseen.elements() if c not in joint.repeated)
    return Layouts(joint.others, plain, tuple(groups), joint.total)


def sample_holdings(view: SeatView, count: int, rng: random.Random) -> list[dict[int, tuple[Card, ...]]]:
    """``count`` guesses at the trump every other seat holds now, each drawn uniformly from
    the deals consistent with all this seat has seen (see :meth:`Layouts.sample`)."""
    return layouts(view).sample(count, rng)


__all__ = ["Layouts", "Posterior", "layouts", "posterior", "posterior_given", "sample_holdings"]
