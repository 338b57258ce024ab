"""The per-ruleset lookups the engine's hot paths read: built once per ruleset (and per trump
suit), shared by every hand, and read by the bots and the solver that think in deck slots.

They are derived from a :class:`~pitchlab.engine.rules.Ruleset` alone (which slots each card
fills, who is dealt which positions of the shuffled deck, the bids legal after each high bid,
each slot's power and points as trump), so a hand keeps only its own state and a new preset
needs no new code here. :mod:`pitchlab.engine.hand` is their main reader.
"""

from __future__ import annotations

import enum
import functools
from collections.abc import Sequence

from pitchlab.engine.actions import PASS, THROW_IN, Action, Bid, Bury, Play
from pitchlab.engine.bitset import BIT
from pitchlab.engine.cards import Card, Suit
from pitchlab.engine.refill import draw_table
from pitchlab.engine.rules import Ruleset
from pitchlab.engine.seats import speaking_order
from pitchlab.engine.tricks import GAME_POINTS, card_power, play_suit


class TrumpLookups:
    """Per-ruleset, per-trump lookups over slots, built once and shared.

    ``power`` is each slot's rank as trump (0: not trump), all that trump-only play compares;
    ``follow_power[lead][slot]`` is :func:`~pitchlab.engine.tricks.card_power` of the slot's card in a
    trick led by the slot ``lead``, for follow-suit play."""

    __slots__ = ("capture_points", "follow_power", "holder_mask", "holder_points", "power", "trump_mask")

    def __init__(self, rules: Ruleset, suit: Suit) -> None:
        trump = rules.trump(suit)
        size = len(rules.deck)
        self.trump_mask = 0
        self.power = [0] * size
        self.capture_points = [0] * size
        self.holder_points = [0] * size
        self.holder_mask = 0
        for slot, card in enumerate(rules.deck):
            if card not in trump.ranks:
                continue
            self.trump_mask |= 1 << slot
            # identical jokers share one power: the first played stays on top
            self.power[slot] = trump.ranks[card]
            if trump.scorers.get(card) == "holder":
                self.holder_mask |= 1 << slot
                self.holder_points[slot] = trump.points[card]
            else:
                self.capture_points[slot] = trump.points.get(card, 0)
        rows: dict[Suit | None, list[int]] = {}
        self.follow_power: list[list[int]] = []
        for card in rules.deck:
            led = play_suit(rules, suit, card)
            if led not in rows:
                rows[led] = [card_power(rules, suit, led, other) for other in rules.deck]
            self.follow_power.append(rows[led])


def deal_pattern(
    players: int, size: int, packet: int, dealer: int
) -> tuple[tuple[tuple[int, ...], ...], int]:
    """Which positions of the shuffled deck each seat receives, and how many are dealt."""
    positions: list[list[int]] = [[] for _ in range(players)]
    pos = 0
    while len(positions[0]) < size:
        take = min(packet, size - len(positions[0]))
        for k in range(1, players + 1):
            positions[(dealer + k) % players].extend(range(pos, pos + take))
            pos += take
    return tuple(tuple(p) for p in positions), pos


def bid_codes(rules: Ruleset, high: int, dealer: bool) -> tuple[int, ...]:
    """Legal bid codes (0 is pass) given the high bid so far and whether the dealer acts."""
    values = [*range(rules.min_bid, rules.max_bid + 1)]
    if rules.moon_bid is not None:
        values.append(rules.moon_bid)
    if dealer and high == 0 and not rules.all_pass_redeal:
        if rules.stuck_dealer_may_bid_more:
            return tuple(v for v in values if v >= rules.stuck_dealer_bid)
        return (rules.stuck_dealer_bid,)
    match = dealer and rules.dealer_may_match and high >= max(1, rules.dealer_match_min)
    return (0, *[v for v in values if v > high or (match and v == high)])


class BidCode(enum.IntEnum):
    """The bidding's action codes that are not a number bid: ints, so that the fast path
    compares and stores them like any other code."""

    PASS = 0
    """A pass (kept in :attr:`Hand.bids` as the bid 0)."""
    THROW_IN = -1
    """:data:`~pitchlab.engine.actions.THROW_IN`: show a weak hand."""


PASS_CODE = BidCode.PASS
THROW_IN_CODE = BidCode.THROW_IN
# (an enum member looked up on its class costs a descriptor call; the hot paths read these)


def submasks(mask: int) -> list[int]:
    """Every subset of ``mask``, the empty one first."""
    subs = []
    sub = mask
    while True:
        subs.append(sub)
        if sub == 0:
            break
        sub = (sub - 1) & mask
    return subs[::-1]


class RulesetLookups:
    """What the hot paths look up about one ruleset, computed once and shared."""

    __slots__ = (
        "bid_codes",
        "bid_of",
        "buries",
        "deal_patterns",
        "draws",
        "follow",
        "game_values",
        "plays",
        "single_slot",
        "slots_of",
        "speaking_order",
        "suit_masks",
        "suit_of",
        "tables",
        "twin_extra",
        "twins",
    )  # fmt: skip

    def __init__(self, rules: Ruleset) -> None:
        deck = rules.deck
        self.slots_of: dict[Card, tuple[int, ...]] = {}
        for slot, card in enumerate(deck):
            self.slots_of[card] = (*self.slots_of.get(card, ()), slot)
        self.single_slot = {card: slots[0] for card, slots in self.slots_of.items() if len(slots) == 1}
        """The slot of each card the deck holds once (every card but an identical joker)."""
        # identical cards (the two JK) are one choice: when a seat holds both, offer the first
        self.twins = self.twin_extra = 0
        for slots in self.slots_of.values():
            if len(slots) == 2:
                self.twins |= BIT[slots[0]] | BIT[slots[1]]
                self.twin_extra |= BIT[slots[1]]
        self.tables = tuple(TrumpLookups(rules, suit) for suit in Suit)
        self.plays = tuple(Play(card) for card in deck)
        self.buries = tuple(Bury(card) for card in deck)
        n = rules.players
        self.speaking_order = tuple(speaking_order(d, n) for d in range(n))
        """By dealer: the seats from the dealer's left round to the dealer, who draw and bury in turn."""
        self.draws = draw_table(rules)
        """By trump kept, then cards left in the stock: how many a seat draws in the refill."""
        self.deal_patterns = tuple(
            deal_pattern(rules.players, rules.hand_size, rules.deal_packet, d) for d in range(rules.players)
        )
        # keyed by high bid * 2 + (1 if the dealer acts)
        self.bid_codes = tuple(
            bid_codes(rules, high, bool(dealer)) for high in range(rules.top_bid + 1) for dealer in (0, 1)
        )
        self.bid_of: dict[int, Action] = {v: Bid(v) for v in range(1, rules.top_bid + 1)}
        self.bid_of.update({PASS_CODE: PASS, THROW_IN_CODE: THROW_IN})
        # follow-suit play: each card's own suit (-1 for a joker), and game points
        self.follow = rules.play_rule == "follow-suit"
        self.suit_of = [-1 if card.suit is None else int(card.suit) for card in deck]
        self.suit_masks = [
            sum(1 << slot for slot, s in enumerate(self.suit_of) if s == suit) for suit in Suit
        ]
        self.game_values = [GAME_POINTS[c] for c in deck]


@functools.cache
def lookups(rules: Ruleset) -> RulesetLookups:
    return RulesetLookups(rules)


def card_slots(rules: Ruleset) -> dict[Card, tuple[int, ...]]:
    """The slots of each card of the deck: one, or two for an identical joker (shared; do not change)."""
    return lookups(rules).slots_of


def assign_slots(rules: Ruleset, groups: Sequence[Sequence[Card]]) -> list[list[int]]:
    """Slots for groups of cards seen together, in order: how a bot that thinks in slots reads
    the cards of a view. A repeated card (the identical joker) takes a different slot each time
    it appears, so the slots of every group together are as many as the cards."""
    slots_of = lookups(rules).slots_of
    used = 0
    assigned = []
    for cards in groups:
        slots = []
        for card in cards:
            for slot in slots_of[card]:
                if not used >> slot & 1:
                    used |= 1 << slot
                    slots.append(slot)
                    break
        assigned.append(slots)
    return assigned


def deal_positions(rules: Ruleset, dealer: int) -> tuple[tuple[int, ...], ...]:
    """Which positions of a shuffled deck (top first) each seat is dealt."""
    return lookups(rules).deal_patterns[dealer][0]


def trump_tables(rules: Ruleset, suit: Suit) -> TrumpLookups:
    """The engine's per-slot lookups for ``suit`` as trump (for bots that think in slots)."""
    return lookups(rules).tables[suit]
