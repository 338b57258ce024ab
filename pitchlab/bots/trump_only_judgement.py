"""The rule-based bot's judgement, worked out on slot masks.

A bot decides many thousand times in one simulation, so its rules of thumb are
written once here over the engine's own representation (cards as deck slots,
sets of cards as bit masks, per-suit lookup tables) and used by both ways of
asking it: :class:`~pitchlab.bots.players.RuleBasedPlayer` answers a
:class:`~pitchlab.engine.view.SeatView` with a reason, and the simulations ask it
straight from a :class:`~pitchlab.engine.hand.Hand` with no view built at all. Both
pass only what the seat may see: its own cards, the bids, the trump, the
buried and played cards.

Each card-play and bury choice comes back with an :data:`Explain`: its words and
claims are built only when someone wants to read them, so simulations pay nothing
for reasons.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from pitchlab.bots import claims
from pitchlab.bots.claims import Claim
from pitchlab.engine.bitset import bits
from pitchlab.engine.cards import Card, Suit
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
    trump, held, expected = _rated(suit_tables(rules, suit), mask)
    return Rating(suit, trump, held, expected)


Rated = tuple[tuple[int, ...], int, float]
"""What :func:`_rated` says of a hand: its trump slots, highest first, the points they hold, and
the points it should take as bidder."""


def _rated(t: SuitTables, mask: int) -> Rated:
    """What :func:`rate` says of a hand, before it is put in a :class:`Rating` (only the best
    suit's is: building one costs as much as rating the hand)."""
    held_mask = mask & t.trump_mask
    if not held_mask:  # most suits of a short hand: nothing but the stock's worth
        return (), 0, 2.0
    # held trump by power, highest first; equal powers (identical jokers) the later slot first
    trump = tuple(sorted(bits(held_mask), key=t.power.__getitem__)[::-1])
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
    if len(trump) > 3:
        expected += 0.6 * (len(trump) - 3)
    # the bidder names trump and collects the rest of the stock: worth about two points
    expected += 2.0
    return trump, held, expected


_SUITS = tuple(Suit)
"""The suits in order (iterating the enum class costs more than a tuple, every bid)."""


@functools.cache
def _every_suit(rules: Ruleset) -> tuple[tuple[Suit, SuitTables, dict[int, Rated]], ...]:
    """Each suit with its tables, in order (one look-up a bid rather than one a suit), and what
    :func:`_rated` said of each holding of its trump: a hand's rating in a suit depends on its
    trump alone, and a short holding (none, or one or two trump) comes round at most bids."""
    return tuple((suit, suit_tables(rules, suit), {}) for suit in _SUITS)


def best_rating(rules: Ruleset, mask: int) -> Rating:
    """The suit the bot would name: the best expected points (first suit on a tie)."""
    best: Suit | None = None
    trump: tuple[int, ...] = ()
    held = 0
    expected = 0.0
    for suit, t, seen in _every_suit(rules):
        holding = mask & t.trump_mask
        rated = seen.get(holding)
        if rated is None:
            rated = seen[holding] = _rated(t, holding)
        if best is None or rated[2] > expected:  # strictly: the first of equal suits stays, as max() keeps it
            best, (trump, held, expected) = suit, rated
    assert best is not None
    return Rating(best, trump, held, expected)


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


Explain = Callable[[tuple[Card, ...]], tuple[str, tuple[Claim, ...]]]
"""A choice's reason, built only when someone reads it: given the deck (cards by slot), the
conclusion in words and the claims it rests on (see :mod:`pitchlab.bots.claims`)."""


def choose_bury(
    t: SuitTables, choices: int, to_opponents: bool = False, leads_first: bool = False, unseen: int = 0
) -> tuple[int, Explain]:
    """Which trump to lay face up.

    Buried cards go to whoever wins the first trick, which the bidder leads
    (``leads_first``): if nothing ``unseen`` can beat its top trump, it wins
    that trick by leading it, so a point card buried now is points banked,
    while in hand it can still be captured. Such a bidder buries its point
    cards that something unseen could beat, the most points first and, among
    equal points, the lowest. Otherwise: the two first (its point stays with
    us), then the lowest trump with no points, then the lowest of the rest.

    ``to_opponents``: buried cards go to the opponents with their points
    (thirty-one), a buried two included, so the two is kept unless nothing else
    may be buried.
    """
    ordered = [s for s in t.ascending if choices >> s & 1]
    power, points, holder = t.power, t.points, t.holder_mask
    if leads_first and not to_opponents:
        top = ordered[-1]
        top_out = max((power[s] for s in t.ascending if unseen >> s & 1), default=0)
        at_risk = [s for s in ordered[:-1] if points[s] and not holder >> s & 1 and power[s] <= top_out]
        if power[top] >= top_out and at_risk:
            slot = min(at_risk, key=lambda s: (-points[s], power[s]))
            twin = power[top] == top_out
            return slot, lambda deck: (
                f"bury {deck[slot].label}: I lead the first trick with a trump nothing still out can "
                "beat, and the buried cards go to whoever wins it",
                (claims.Unbeatable(deck[top], twin),),
            )
    two = next((s for s in ordered if holder >> s & 1), None)
    if two is not None and not to_opponents:
        return two, lambda deck: (
            f"bury {deck[two].label}, keeping its point",
            (claims.HolderScores(deck[two]),),
        )
    candidates = [s for s in ordered if not t.holder_mask >> s & 1]
    if not candidates:
        only = ordered[0]
        return only, lambda deck: (f"bury {deck[only].label}", (claims.OnlyChoice(),))
    plain = [s for s in candidates if not t.points[s]]
    if plain:
        slot = plain[0]
        return slot, lambda deck: (
            f"bury {deck[slot].label}, my lowest trump with no points",
            (claims.NoPoints(deck[slot]),),
        )
    slot = candidates[0]
    return slot, lambda deck: (
        f"bury {deck[slot].label}, my lowest trump: every spare trump carries points",
        (),
    )


# ------------------------------------------------------------------- play


def sides(rules: Ruleset, seat: int, bidder: int | None, partner: int | None) -> tuple[int, ...]:
    """Per seat, 0 if it plays on ``seat``'s side as far as ``seat`` knows, else 1.

    With fixed teams these are the teams. Where the bidder calls its partner
    by a card, ``partner`` is the card's holder if ``seat`` knows it (the holder
    itself; anyone, once the card is played), else ``None``; a seat not known
    to be a partner is played against, and so is everyone by a seat outside the
    bidding side (each such player scores the points it takes itself).
    """
    if not rules.call_partner or bidder is None:
        team = rules.teams[seat]
        return tuple(0 if t == team else 1 for t in rules.teams)
    side = {bidder} if partner is None else {bidder, partner}
    if seat not in side:
        side = {seat}  # every other player scores what it takes itself
    return tuple(0 if s in side else 1 for s in range(rules.players))


def choose_play(
    t: SuitTables,
    side: Sequence[int],
    seat: int,
    mine: int,
    unseen: int,
    trick: Sequence[int],
    trick_seats: Sequence[int],
    out: int,
) -> tuple[int, Explain]:
    """A card to play (a slot) and its reason.

    ``side`` says per seat who plays with ``seat`` (see :func:`sides`),
    ``mine`` is the seat's playable trump, ``unseen`` every trump it has not
    seen (by play time all in other hands), ``trick`` the cards played to the
    current trick in order, ``trick_seats`` who played them, and ``out`` the
    seats known to hold no trump (those passed over in the play: :attr:`Hand.passed_over
    <pitchlab.engine.hand.Hand.passed_over>`, as a view shows it).

    Lead a trump nothing still out can beat, otherwise a cheap card; give
    points to a partner who is sure to win (but not a card nothing can beat:
    its points are safe anyway, and it wins a trick of its own later); win a
    trick that holds points when we surely can (cheaply, or banking our own
    points when nobody is left to beat us), and leave a trick with nothing to
    take; save point cards when we cannot win; lose the two first (it scores
    for its holder wherever it goes, and as the lowest trump wins nothing).
    """
    power, points, holder = t.power, t.points, t.holder_mask
    cards = [s for s in t.ascending if mine >> s & 1]  # low to high
    top_out = 0
    for s in reversed(t.ascending):
        if unseen >> s & 1:
            top_out = power[s]
            break

    def captured(s: int) -> int:
        """Points the card's taker scores with it (the two scores for its holder, so none)."""
        return 0 if holder >> s & 1 else points[s]

    def safe_low() -> int:
        # a card we do not mind losing: the lowest whose taker scores nothing (the two keeps its
        # point with its holder, and is the lowest trump: it can win nothing), else the cheapest
        for s in cards:
            if not captured(s):
                return s
        return min(cards, key=lambda s: (points[s], power[s]))

    def low_claim(s: int, deck: tuple[Card, ...]) -> tuple[Claim, ...]:
        """Why losing ``s`` costs little: it carries no points, the two keeps its point, or nothing
        cheaper is left."""
        if not points[s]:
            return (claims.NoPoints(deck[s]),)
        if holder >> s & 1:
            return (claims.HolderScores(deck[s]),)
        return (claims.AllCarryPoints(),)

    n = len(side)
    if not trick:
        boss = cards[-1]
        # an equal card still out is the identical twin of a joker: played later, it loses
        if power[boss] >= top_out:
            twin = power[boss] == top_out
            return boss, lambda deck: (
                f"lead {deck[boss].label}",
                (claims.Unbeatable(deck[boss], twin),),
            )
        low = safe_low()
        if captured(low):
            return low, lambda deck: (
                f"lead {deck[low].label}, the card that risks least",
                low_claim(low, deck),
            )
        return low, lambda deck: (
            f"lead {deck[low].label}, a cheap card to draw out higher trump",
            low_claim(low, deck),
        )

    best_slot, best_seat, best_power = trick[0], trick_seats[0], -1
    for s, who in zip(trick, trick_seats, strict=True):
        if power[s] > best_power:
            best_slot, best_seat, best_power = s, who, power[s]
    leader = trick_seats[0]
    later = (seat + 1) % n
    opponents_later = False
    while later != leader:
        if side[later] and not out >> later & 1:
            opponents_later = True
            break
        later = (later + 1) % n
    in_trick = [s for s in trick if captured(s)]
    stake = sum([captured(s) for s in trick])

    def stake_claim(deck: tuple[Card, ...]) -> claims.TrickPoints:
        return claims.TrickPoints(tuple(deck[s] for s in in_trick), stake)

    if not side[best_seat] and (best_power >= top_out or not opponents_later):
        # the trick is ours whatever is still out: say why, once
        def ours(deck: tuple[Card, ...]) -> tuple[Claim, ...]:
            if best_power >= top_out:
                return (claims.WinsForSure(best_seat, deck[best_slot]),)
            return (claims.Winning(best_seat, deck[best_slot]), claims.NoOpponentAfter())

        # a card nothing unseen can beat keeps its points whenever it is played, and wins a trick
        # of its own later: giving it here banks nothing and wastes that trick
        giving = [s for s in cards if captured(s) and power[s] <= top_out]
        if giving:
            gift = max(giving, key=lambda s: (captured(s), -power[s]))
            return gift, lambda deck: (f"add {deck[gift].label} to our trick", ours(deck))
        low = safe_low()
        return low, lambda deck: (f"play {deck[low].label} to our trick", ours(deck) + low_claim(low, deck))
    winners = [s for s in cards if power[s] > best_power]
    if winners:
        sure = [s for s in winners if power[s] >= top_out or not opponents_later]
        # a trick with no points is not worth a sure winner unless it banks points of ours at risk
        if sure and (stake or (not opponents_later and any(captured(s) for s in sure))):
            if opponents_later:
                card = min(sure, key=lambda s: (-captured(s), power[s]))
                return card, lambda deck: (
                    f"win the trick with {deck[card].label}",
                    (claims.Unbeatable(deck[card]), stake_claim(deck)),
                )
            # no opponent left to play: win, banking the most points we can
            card = max(sure, key=lambda s: (captured(s), -power[s]))
            return card, lambda deck: (
                f"win the trick with {deck[card].label}",
                (claims.NoOpponentAfter(), claims.Beats(deck[card], deck[best_slot]), stake_claim(deck)),
            )
        if stake:
            card = winners[-1]
            return card, lambda deck: (
                f"play {deck[card].label} to try for the points",
                (stake_claim(deck), claims.Beats(deck[card], deck[best_slot])),
            )
    low = safe_low()
    if not winners:
        return low, lambda deck: (
            f"play {deck[low].label}",
            (claims.CannotWin(deck[best_slot]), *low_claim(low, deck)),
        )
    return low, lambda deck: (
        f"play {deck[low].label}, keeping my higher trump",
        (stake_claim(deck), *low_claim(low, deck)),
    )
