"""The rule-based bot's judgement, worked out on slot masks.

FROZEN: a copy of ``pitchlab/bots/tactics.py`` as of commit 67acb9f, kept unchanged so that
the ``rule-based-v1`` and ``strong-v1`` baselines (:mod:`benchmarks.baseline`) play as the
bots did that day. Never edit it to improve play: improve :mod:`pitchlab.bots.tactics` instead.

A bot decides many thousand times in one simulation, so its rules of thumb are
written once here over the engine's own representation (cards as deck slots,
sets of cards as bit masks, per-suit lookup tables) and used by both ways of
asking it: :class:`~pitchlab.bots.players.RuleBasedPlayer` answers a
:class:`~pitchlab.engine.view.SeatView` with a reason, and the simulations ask it
straight from a :class:`~pitchlab.engine.hand.Hand` with no view built at all. Both
pass only what the seat may see: its own cards, the bids, the trump, the
buried and played cards.

Each choice comes back with a reason template; ``{card}`` and ``{stake}`` are
filled in only when someone wants to read it.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass

from pitchlab.engine.bitset import bits
from pitchlab.engine.cards import Suit
from pitchlab.engine.lookups import trump_tables
from pitchlab.engine.rules import Ruleset


@dataclass(frozen=True)
class SuitTables:
    """One trump suit of one ruleset, as the bot looks at it."""

    power: tuple[int, ...]
    """Trump rank by slot (0: not trump)."""
    points: tuple[int, ...]
    """Points a slot carries, however they are scored."""
    holder_mask: int
    """Slots that score for their holder (the two): safe to lose, never worth capturing."""
    trump_mask: int
    ascending: tuple[int, ...]
    """The trump slots from lowest to highest."""
    top: int
    """The highest rank: nothing beats it."""


@functools.cache
def suit_tables(rules: Ruleset, suit: Suit) -> SuitTables:
    """The bot's view of ``suit`` as trump, built once per ruleset and suit."""
    t = trump_tables(rules, suit)
    points = tuple(c + h for c, h in zip(t.capture_points, t.holder_points, strict=True))
    ascending = tuple(sorted(bits(t.trump_mask), key=lambda s: t.power[s]))
    return SuitTables(tuple(t.power), points, t.holder_mask, t.trump_mask, ascending, len(rules.trump_order))


# ------------------------------------------------------------------ bidding


@dataclass(frozen=True)
class Rating:
    """How a hand looks with one suit as trump, before the refill."""

    suit: Suit
    trump: tuple[int, ...]
    """The hand's trump slots, highest first."""
    points_held: int
    expected: float
    """A rough count of the points this hand should take as bidder."""


def rate(rules: Ruleset, mask: int, suit: Suit) -> Rating:
    """Rate a hand (a slot mask) for one trump suit with simple, explainable rules of thumb.

    The ace and the two are sure points (nothing beats the ace; the two scores
    for its holder). Other point cards count half, or fully when a higher trump
    in hand can protect them. Each trump beyond three adds a little, because the
    bidder also collects the trump left in the stock.
    """
    t = suit_tables(rules, suit)
    trump = [s for s in reversed(t.ascending) if mask >> s & 1]
    held = 0
    expected = 0.0
    top = t.power[trump[0]] if trump else 0
    protected_ok = len(trump) >= 4
    for slot in trump:
        points = t.points[slot]
        if not points:
            continue
        held += points
        power = t.power[slot]
        sure = t.holder_mask >> slot & 1 or power == t.top
        protected = protected_ok and top > power
        expected += points if sure or protected else points / 2
    expected += 0.6 * max(0, len(trump) - 3)
    # the bidder names trump and collects the rest of the stock: worth about two points
    expected += 2.0
    return Rating(suit, tuple(trump), held, expected)


def best_rating(rules: Ruleset, mask: int) -> Rating:
    """The suit the bot would name: the best expected points (first suit on a tie)."""
    return max((rate(rules, mask, suit) for suit in Suit), key=lambda r: r.expected)


def choose_bid(
    rules: Ruleset, best: Rating, legal: Sequence[int], high_bid: int, partner_high: bool
) -> tuple[int, str]:
    """A bid code (0 passes) and a reason template (``{bid}``, ``{high}``, ``{reason}``)
    from the hand's best rating.

    Bid what the estimate says if it beats the table; do not outbid a partner
    without a clearly better hand; open at most 6 so a partner can still
    speak.
    """
    target = min(rules.max_bid, int(best.expected))
    if 0 not in legal:
        return legal[0], "everyone passed, so the dealer must {bid}; {reason}"
    if partner_high and target < high_bid + 2:
        return 0, "partner already bid {high}; {reason}"
    bids = [b for b in legal if 0 < b <= target]
    if not bids:
        return 0, "{reason}: not enough to bid over {high}"
    if high_bid:
        return bids[0], "{reason}, so {bid}"
    opening = max(rules.min_bid, min(target, 6))
    return (opening if opening in bids else bids[-1]), "{reason}, so {bid}"


# ------------------------------------------------------------------- bury


def choose_bury(t: SuitTables, choices: int) -> tuple[int, str]:
    """Which trump to lay face up: the two first (its point stays with us), then the
    lowest trump with no points, then the lowest of the rest."""
    ordered = [s for s in t.ascending if choices >> s & 1]
    for slot in ordered:
        if t.holder_mask >> slot & 1:
            return slot, "bury {card}: its point stays with us, buried or not"
    plain = [s for s in ordered if not t.points[s]]
    if plain:
        return plain[0], "bury {card}: lowest trump with no points"
    return ordered[0], "bury {card}: every spare trump carries points; lowest one"


# ------------------------------------------------------------------- play


def choose_play(
    t: SuitTables,
    teams: Sequence[int],
    seat: int,
    mine: int,
    unseen: int,
    trick: Sequence[int],
    trick_seats: Sequence[int],
) -> tuple[int, str, int]:
    """A card to play (a slot), a reason template and the points at stake in the trick.

    ``mine`` is the seat's playable trump, ``unseen`` every trump it has not
    seen (by play time all in other hands), ``trick`` the cards played to the
    current trick in order and ``trick_seats`` who played them.

    Lead the highest trump still out when it is ours, otherwise a low card;
    take a trick that holds points when we can; give points to a partner who
    is sure to win; save the three; throw the two when losing.
    """
    power, points, holder = t.power, t.points, t.holder_mask
    ascending = t.ascending
    cards = [s for s in ascending if mine >> s & 1]  # low to high
    top_out = 0
    for s in reversed(ascending):
        if unseen >> s & 1:
            top_out = power[s]
            break

    def safe_low() -> int:
        # a card we do not mind losing: no points, else a holder card (the two), else the cheapest
        for s in cards:
            if not points[s]:
                return s
        for s in cards:
            if holder >> s & 1:
                return s
        return min(cards, key=lambda s: (points[s], power[s]))

    def gives_points(s: int) -> bool:
        return bool(points[s]) and not holder >> s & 1

    if not trick:
        boss = cards[-1]
        if power[boss] > top_out:
            return boss, "lead {card}: no trump still out can beat it", 0
        low = safe_low()
        if gives_points(low):
            return low, "lead {card}: every card left carries points; this risks least", 0
        return low, "lead {card}: a cheap card to draw out higher trump", 0

    best_seat, best_power = trick_seats[0], -1
    for s, who in zip(trick, trick_seats, strict=True):
        if power[s] > best_power:
            best_seat, best_power = who, power[s]
    team = teams[seat]
    n = len(teams)
    leader = trick_seats[0]
    opponents_later = False
    later = (seat + 1) % n
    while later != leader:
        if teams[later] != team:
            opponents_later = True
            break
        later = (later + 1) % n
    stake = sum([points[s] for s in trick])
    if teams[best_seat] == team and (best_power > top_out or not opponents_later):
        giving = [s for s in cards if gives_points(s)]
        if giving:
            return (
                max(giving, key=lambda s: points[s]),
                "partner wins this trick for sure: add {card} to it",
                stake,
            )
        return safe_low(), "partner wins this trick: play {card}", stake
    winners = [s for s in cards if power[s] > best_power]
    if winners:
        sure = [s for s in winners if power[s] > top_out or not opponents_later]
        if sure:
            if opponents_later:
                card = min(sure, key=lambda s: (-points[s], power[s]))
            else:
                # last to play against us: win as cheaply as possible, adding points if we can
                card = max(sure, key=lambda s: (points[s], -power[s]))
            return card, "{card} wins the trick ({stake} in it)", stake
        if stake:
            return winners[-1], "{card} fights for the {stake} in the trick", stake
    low = safe_low()
    if gives_points(low):
        return low, "only point cards left: {card} is the cheapest to give up", stake
    return low, "cannot win this trick: keep points back and play {card}", stake
