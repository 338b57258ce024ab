"""One hand of Pitch as a state machine: deal, bid, name trump, refill, bury, play, score.

Two ways in, one engine underneath:

* the **checked** path for people and records: :meth:`Hand.legal_actions`
  and :meth:`Hand.apply` take :mod:`pitchlab.engine.actions` values, refuse anything
  illegal with :class:`~pitchlab.engine.errors.IllegalAction` and leave the state as
  it was;
* the **fast** path for search and simulation: :meth:`Hand.legal_codes` and
  :meth:`Hand.step` take small integers and check nothing. The checked path
  validates and then calls :meth:`Hand.step`, so both play the same rules.

An action code means, by phase: in ``BID`` the bid (:attr:`BidCode.PASS`, 0, is a
pass; :attr:`BidCode.THROW_IN` throws the hand in); in ``NAME_TRUMP`` the suit
index; in ``BURY`` and ``PLAY`` the card's *slot*, its position in ``rules.deck``.
Slots tell the two identical jokers apart inside the engine; everything public
speaks in :class:`~pitchlab.engine.cards.Card` values, where both are ``JK``, except the
few ``*_mask`` and ``*_slots`` accessors that hand slots to the bots, tactics and
solver, which think in them for speed.

This module is the state machine only: :mod:`pitchlab.engine.scoring` scores a hand and
:mod:`pitchlab.engine.refusals` words the rule behind each refused action.

The refill has no decisions in it, so it runs by itself the moment trump is
named; :attr:`Hand.refills` keeps each seat's throw-away and draw so a
tutorial can step through them.
"""

from __future__ import annotations

import enum
import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import repeat, starmap
from typing import TYPE_CHECKING

from pitchlab.engine import refusals, scoring
from pitchlab.engine.actions import (
    Action,
    Bid,
    Bury,
    Call,
    Discard,
    NameTrump,
    Pass,
    Play,
    ThrowIn,
)
from pitchlab.engine.bitset import BIT, bits
from pitchlab.engine.cards import Card, Suit
from pitchlab.engine.errors import BadDeal, IllegalAction, PitchError
from pitchlab.engine.lookups import THROW_IN_CODE as _THROW_IN_CODE
from pitchlab.engine.lookups import TrumpLookups, lookups, submasks
from pitchlab.engine.presets import TEN_POINT
from pitchlab.engine.rules import Ruleset
from pitchlab.engine.scoring import HandResult
from pitchlab.engine.seats import seat_at, speaking_position

if TYPE_CHECKING:
    from pitchlab.engine.view import SeatView


class Phase(enum.Enum):
    """Where a hand stands. The deal happens on construction and the refill
    runs by itself when trump is named, so neither is ever the current phase."""

    BID = "bid"
    NAME_TRUMP = "name trump"
    DISCARD = "discard"
    BURY = "bury"
    CALL = "call a partner"
    PLAY = "play"
    OVER = "over"

    def __str__(self) -> str:
        return self.value


_BID, _NAME_TRUMP, _DISCARD, _BURY, _CALL, _PLAY, _OVER = Phase
# the hot paths compare with these: an enum member looked up on its class costs a
# descriptor call, about ten times a global name (Python 3.11)


@dataclass(frozen=True)
class Trick:
    """One finished (or, as ``current_trick``, unfinished) trick."""

    leader: int
    cards: tuple[Card, ...]
    seats: tuple[int, ...]
    winner: int | None


@dataclass(frozen=True)
class Refill:
    """One seat's turn in the refill: what it threw away and what it drew.

    The last entry, with ``from_remainder`` set, is the bidder taking what was
    left of the stock.
    """

    seat: int
    thrown: tuple[Card, ...]
    drawn: tuple[Card, ...]
    from_remainder: bool = False


_JUNK_FREE = frozenset("AKQJT32")
"""Ranks that save a hand from a ``junk`` redeal (with any joker)."""


_SUITS = tuple(Suit)
"""The suits by index (faster than calling ``Suit``)."""
_NAME = tuple(NameTrump(s) for s in Suit)


class Hand:
    """A hand of Pitch from the deal to the score.

    Make one with :meth:`deal` (shuffled from a seed) or :meth:`from_cards`
    (a chosen deal), then alternate :meth:`legal_actions` and :meth:`apply`
    until :attr:`phase` is ``Phase.OVER``; :meth:`result` then scores it.
    """

    __slots__ = (
        "_actor",
        "_best",
        "_best_power",
        "_buried",
        "_bury_queue",
        "_c",
        "_captured",
        "_dealt",
        "_decisions",
        "_discard_queue",
        "_hands",
        "_held",
        "_lead_played",
        "_leader",
        "_passed",
        "_played",
        "_power",
        "_refill_log",
        "_start_held",
        "_stock",
        "_tables",
        "_trick",
        "_trick_log",
        "_trick_objects",
        "_trick_seats",
        "bidder",
        "bids",
        "called",
        "dealer",
        "discarded",
        "drawn",
        "high_bid",
        "partner",
        "phase",
        "redeal",
        "rules",
        "scores",
        "stock_used",
        "thrown_in",
        "trump",
    )  # fmt: skip

    def __init__(
        self,
        rules: Ruleset,
        dealer: int,
        hands: Sequence[int],
        stock: Sequence[int],
        scores: Sequence[int] | None = None,
    ) -> None:
        """Start a hand from slot masks; use :meth:`deal` or :meth:`from_cards` instead.

        ``scores`` are the game scores by team before this hand, where a rule
        depends on them (a moon only above zero).
        """
        n = rules.players
        self.rules = rules
        self._c = lookups(rules)
        self.dealer = dealer
        self._dealt: tuple[int, ...] = tuple(hands)
        self._stock: tuple[int, ...] = tuple(stock)
        self._decisions: list[int] = []
        """The codes stepped before the play, in order (bids, trump, discards, bury, call): with
        :attr:`play_slots` they are the whole hand's history, for :meth:`rewound`. The play keeps
        its own order already, so the innermost step of every simulation logs nothing."""
        self.phase = _BID
        self._actor = (dealer + 1) % n  # read through to_act or actor: nobody acts once the hand is over
        self.bids: list[int] = []
        self.high_bid = 0
        self.bidder: int | None = None
        self.trump: Suit | None = None
        self._hands: list[int] = list(hands)
        self.drawn: list[int] = [0] * n
        self._refill_log: list[tuple[int, int, tuple[int, ...], bool]] = []
        self.stock_used = 0
        self._buried: list[int] = [0] * n
        self._bury_queue: list[int] = []
        self._tables: TrumpLookups | None = None
        self._power: list[int] = []
        self._held: list[int] = [0] * n  # trump each seat can still play
        self._start_held: list[int] = [0] * n
        self._played = 0
        self._lead_played = 0  # _played when the trick in progress was led
        self._trick_log: list[tuple[int, list[int], list[int], int]] = []
        """Each finished trick: leader, slots and seats in the order played, winner (never changed)."""
        self._trick_objects: list[Trick] = []
        self._leader = 0
        self._passed = 0  # seats the table has seen passed over, out of cards to play
        self._trick: list[int] = []
        self._trick_seats: list[int] = []
        self._best = 0
        self._best_power = -1
        self._captured: list[int] = [0] * n
        self.scores: tuple[int, ...] = tuple(scores) if scores is not None else (0,) * rules.num_teams
        self.discarded: list[int] = [0] * n
        self._discard_queue: list[int] = []
        self.thrown_in: list[tuple[int, int]] = []
        """Each hand shown and thrown in: (seat, its cards as a slot mask)."""
        self.called: Card | None = None
        self.partner: int | None = None
        """The holder of the called card (``None``: nobody, or no call yet, or fixed partners)."""
        self.redeal: str | None = None
        """Why the deal is void and must be dealt again (the hand is then over, unscored)."""
        if rules.forced_redeal == "junk":
            for seat, mask in enumerate(hands):
                if not any(c.rank is None or c.rank.letter in _JUNK_FREE for c in self.cards(mask)):
                    self._void(
                        f"seat {seat} holds no point card and no king or queen: the same dealer deals again"
                    )
                    break
        if not rules.auction and self.redeal is None:
            # no bidding: eldest hand pitches, its first lead naming trump, with a bid of 0
            self.bidder = (dealer + 1) % n
            self._held = self._hands[:]
            self._after_exchange()

    def _void(self, why: str) -> None:
        self.redeal = why
        self.phase = _OVER

    # ----------------------------------------------------------------- set-up

    @classmethod
    def deal(
        cls,
        rules: Ruleset = TEN_POINT,
        dealer: int = 0,
        seed: int | random.Random | None = None,
        scores: Sequence[int] | None = None,
    ) -> Hand:
        """Shuffle with ``seed`` (an int or a ``random.Random``) and deal.

        Cards go ``deal_packet`` at a time clockwise from the dealer's left;
        the rest, in order, is the stock.
        """
        rand = (seed if isinstance(seed, random.Random) else random.Random(seed)).random
        # sorting by random keys is a uniform shuffle, and faster than random.shuffle; starmap
        # draws the keys in C, the same draws in the same order as a loop would
        size = len(rules.deck)
        keys = list(starmap(rand, repeat((), size)))
        return cls.from_order(rules, dealer, sorted(range(size), key=keys.__getitem__), scores)

    @classmethod
    def from_order(
        cls, rules: Ruleset, dealer: int, order: Sequence[int], scores: Sequence[int] | None = None
    ) -> Hand:
        """Deal a deck whose slots lie in ``order`` (top first)."""
        positions, dealt = lookups(rules).deal_patterns[dealer]
        # a list summed is faster here than chained maps (every simulated hand is dealt)
        hands = [sum([BIT[order[p]] for p in seat_positions]) for seat_positions in positions]
        return cls(rules, dealer, hands, order[dealt:], scores)

    @classmethod
    def from_cards(
        cls,
        rules: Ruleset,
        dealer: int,
        hands: Sequence[Iterable[Card]],
        stock: Iterable[Card],
        scores: Sequence[int] | None = None,
    ) -> Hand:
        """Start from a chosen deal: cards per seat and the stock, top first.

        Every constructor takes ``rules, dealer``, then the deal (slot masks, a deck
        order, cards or a seed), then ``scores``.

        Raises :class:`BadDeal` unless together they are exactly one deck with
        ``hand_size`` cards per seat.
        """
        if not 0 <= dealer < rules.players:
            raise BadDeal(f"dealer must be a seat 0-{rules.players - 1}, not {dealer}")
        if len(hands) != rules.players:
            raise BadDeal(f"{rules.name} deals {rules.players} hands, not {len(hands)}")
        free = {card: list(slots) for card, slots in lookups(rules).slots_of.items()}

        def take(card: Card, where: str) -> int:
            slots = free.get(card)
            if slots is None:
                raise BadDeal(f"{where}: {card.code} is not in the {rules.name} deck")
            if not slots:
                raise BadDeal(f"{where}: {card.code} appears more often than the deck holds it")
            return slots.pop(0)

        masks = []
        for seat, seat_cards in enumerate(hands):
            listed = list(seat_cards)
            if len(listed) != rules.hand_size:
                raise BadDeal(f"seat {seat} holds {len(listed)} cards; {rules.name} deals {rules.hand_size}")
            mask = 0
            for card in listed:
                mask |= 1 << take(card, f"seat {seat}")
            masks.append(mask)
        stock_slots = [take(card, "stock") for card in stock]
        missing = [card.code for card, slots in free.items() for _ in slots]
        if missing:
            raise BadDeal(f"cards missing from the deal: {' '.join(sorted(missing))}")
        if scores is not None and len(scores) != rules.num_teams:
            raise BadDeal(f"{rules.name} keeps {rules.num_teams} scores, not {len(scores)}")
        return cls(rules, dealer, masks, stock_slots, scores)

    def copy(self) -> Hand:
        """An independent copy (for search and what-ifs)."""
        new = Hand.__new__(Hand)
        for name in Hand.__slots__:
            value = getattr(self, name)
            setattr(new, name, value[:] if isinstance(value, list) else value)
        return new

    @property
    def history(self) -> tuple[int, ...]:
        """Every code stepped so far, in order: the decisions before the play, then the plays.
        Stepping them on the same deal (:meth:`rewound`) makes this hand again."""
        return (*self._decisions, *self.play_slots)

    def rewound(self, steps: int) -> Hand:
        """A new hand on the same deal after only the first ``steps`` codes of :attr:`history`
        (0: as dealt), this hand unchanged: how a review goes back to a decision and a
        take-back or a problem starts from one, with no hand record written and read back."""
        history = self.history
        if not 0 <= steps <= len(history):
            raise PitchError(f"this hand has {len(history)} steps to rewind to, not {steps}")
        hand = Hand(self.rules, self.dealer, self._dealt, self._stock, self.scores)
        for code in history[:steps]:
            hand.step(code)
        return hand

    def at_play(self, plays: int) -> Hand:
        """A new hand on the same deal after its first ``plays`` cards (0: as the play began)."""
        made = len(self.play_slots)
        began = self.phase is _PLAY or made > 0
        if not began or not 0 <= plays <= made:
            raise PitchError(f"this hand has no position after {plays} cards played ({made} were)")
        return self.rewound(len(self._decisions) + plays)

    # ------------------------------------------------------------- inspection

    def card(self, slot: int) -> Card:
        return self.rules.deck[slot]

    def cards(self, mask: int) -> tuple[Card, ...]:
        """The cards of a slot mask, in deck order."""
        return tuple(map(self.rules.deck.__getitem__, bits(mask)))

    def hand_of(self, seat: int) -> tuple[Card, ...]:
        """Every card the seat holds now, dead cards included."""
        return self.cards(self._hands[seat])

    def playable(self, seat: int) -> tuple[Card, ...]:
        """The cards the seat may still play, trick aside (empty before play begins); the
        called card alone where its holder must play it to the first trick."""
        return self.cards(self.held_mask(seat)) if self.phase is Phase.PLAY else ()

    def dead(self, seat: int) -> tuple[Card, ...]:
        """Non-trump cards drawn in the refill: held but never played."""
        if self._tables is None or self.rules.exchange != "refill":
            return ()
        return self.cards(self._hands[seat] & ~self._tables.trump_mask)

    def buried_by(self, seat: int) -> tuple[Card, ...]:
        return self.cards(self._buried[seat])

    def dealt_to(self, seat: int) -> tuple[Card, ...]:
        """The cards ``seat`` was dealt, in deck order."""
        return self.cards(self._dealt[seat])

    @property
    def stock_cards(self) -> tuple[Card, ...]:
        """The stock as dealt, top first (the cards drawn from it included; see ``stock_used``)."""
        deck = self.rules.deck
        return tuple([deck[s] for s in self._stock])

    @property
    def played_cards(self) -> tuple[Card, ...]:
        """Every card played so far, in order."""
        deck = self.rules.deck
        return tuple([deck[s] for s in self.play_slots])

    @property
    def to_act(self) -> int | None:
        """The seat to act, or ``None`` once the hand is over."""
        return None if self.phase is _OVER else self._actor

    @property
    def actor(self) -> int:
        """The seat to act, where the caller knows the hand is not over (:class:`PitchError` if it is)."""
        if self.phase is _OVER:
            raise PitchError("the hand is over: no seat is to act")
        return self._actor

    def _bidder_seat(self) -> int:
        """The bidder, where the phase guarantees one (:class:`PitchError` if there is none)."""
        bidder = self.bidder
        if bidder is None:
            raise PitchError(f"no one has won the bidding: the hand is in the {self.phase} phase")
        return bidder

    def _trump_tables(self) -> TrumpLookups:
        """The lookups for the trump named; :class:`PitchError` if none is named yet."""
        tables = self._tables
        if tables is None:
            raise PitchError(f"no trump is named yet: the hand is in the {self.phase} phase")
        return tables

    @property
    def is_over(self) -> bool:
        return self.phase is _OVER

    @property
    def tricks(self) -> list[Trick]:
        """Every finished trick, in order."""
        built = self._trick_objects
        if len(built) < len(self._trick_log):
            deck = self.rules.deck
            built.extend(
                Trick(lead, tuple([deck[s] for s in slots]), tuple(seats), win)
                for lead, slots, seats, win in self._trick_log[len(built) :]
            )
        return built[:]

    @property
    def refills(self) -> list[Refill]:
        """Each seat's refill turn in order, then the bidder taking the rest of the stock."""
        deck = self.rules.deck
        return [
            Refill(seat, self.cards(thrown), tuple(deck[s] for s in drawn), rest)
            for seat, thrown, drawn, rest in self._refill_log
        ]

    @property
    def current_trick(self) -> Trick:
        cards = tuple(map(self.rules.deck.__getitem__, self._trick))  # read by every follow-suit decision
        return Trick(self._leader, cards, tuple(self._trick_seats), None)

    # Slot masks, for the bots, tactics and solver that think in slots (the fast path):
    # each has a card-valued twin above (hand_of, dealt_to, buried_by, playable...).

    def hand_mask(self, seat: int) -> int:
        """The slots ``seat`` holds now (:meth:`hand_of`)."""
        return self._hands[seat]

    def dealt_mask(self, seat: int) -> int:
        """The slots ``seat`` was dealt (:meth:`dealt_to`)."""
        return self._dealt[seat]

    def buried_mask(self, seat: int) -> int:
        """The slots ``seat`` buried (:meth:`buried_by`)."""
        return self._buried[seat]

    def held_mask(self, seat: int) -> int:
        """The slots ``seat`` may still play, trick aside: its trump in trump-only play
        (0 for everyone before trump is named; set already while seats bury), or the called
        card alone where its holder must play it to the first trick."""
        held = self._held[seat]
        return held if self.partner is None or self.phase is not _PLAY else self._called_only(seat, held)

    @property
    def stock_slots(self) -> tuple[int, ...]:
        """The stock as slots, top first, the part drawn included (:attr:`stock_cards`)."""
        return self._stock

    @property
    def play_slots(self) -> tuple[int, ...]:
        """Every card played so far as slots, in order (:attr:`played_cards`)."""
        # kept by trick rather than in one list: a play appends one item fewer
        return tuple([slot for _, slots, _, _ in self._trick_log for slot in slots] + self._trick)

    @property
    def trick_slots(self) -> list[int]:
        """The current trick's cards as slots, in the order played."""
        return self._trick[:]

    @property
    def trick_seats(self) -> list[int]:
        """Who played each card of the current trick."""
        return self._trick_seats[:]

    @property
    def seen_by_all(self) -> int:
        """Slots every seat has seen: the buried cards and every card played."""
        mask = self._played
        for buried in self._buried:
            mask |= buried
        return mask

    @property
    def passed_over(self) -> int:
        """Seats the table has seen passed over in the play, a bit per seat: each had no card
        it could play (no trump left, in trump-only play), and stays so to the end."""
        return self._passed

    def trump_count(self, seat: int) -> int:
        """Trump the seat holds now (0 before trump is named)."""
        if self._tables is None:
            return 0
        return (self._hands[seat] & self._tables.trump_mask).bit_count()

    def position(self, seat: int) -> int:
        """Where ``seat`` speaks in the bidding: 0 first (the dealer's left) to the dealer last."""
        return speaking_position(seat, self.dealer, self.rules.players)

    def seat_at(self, position: int) -> int:
        """The seat that speaks ``position``-th in the bidding (the inverse of :meth:`position`):
        the seat of ``bids[position]``."""
        return seat_at(position, self.dealer, self.rules.players)

    def team_of(self, seat: int) -> int:
        return self.rules.teams[seat]

    def view(self, seat: int) -> SeatView:
        """What ``seat`` may see of the hand (see :mod:`pitchlab.engine.view`)."""
        from pitchlab.engine.view import view_of

        return view_of(self, seat)

    def __repr__(self) -> str:
        return f"<Hand {self.rules.name} dealer={self.dealer} phase={self.phase} to_act={self.to_act}>"

    # ------------------------------------------------------------ fast path

    def legal_codes(self) -> Sequence[int]:
        """Legal action codes for the seat to act (see the module docstring).

        Identical cards are one choice: a seat holding both ``JK`` is offered one.
        """
        phase = self.phase
        if phase is _PLAY or phase is _BURY:
            return bits(self._choices())
        if phase is _BID:
            return self._legal_bids()
        if phase is _NAME_TRUMP:
            return (0, 1, 2, 3)
        if phase is _DISCARD:
            return submasks(self._discardable())
        if phase is _CALL:
            return bits(self._callable())
        return []

    def _choices(self) -> int:
        """The seat's playable (or buriable) cards, one slot per distinct card."""
        c = self._c
        if self.phase is _PLAY and (self.partner is not None or (c.follow and self._trick)):
            held = self._playable_now()
        else:  # trump-only play, a lead, or a bury (every simulated card asks: kept short)
            held = self._held[self._actor]
        twins = c.twins
        return held ^ c.twin_extra if twins and held & twins == twins else held

    def _playable_now(self) -> int:
        """The cards the seat to act may play to the trick as it stands (twins both listed)."""
        held = self._held[self._actor]
        if self.partner is not None:
            held = self._called_only(self._actor, held)
        return self._follow_mask(held) if self._c.follow and self._trick else held

    def _called_only(self, seat: int, held: int) -> int:
        """Where the called card goes to the bidder's first lead (razzle-dazzle): its holder's
        only card during the first trick; ``held`` unchanged everywhere else."""
        if seat != self.partner or self._trick_log or not self.rules.called_to_first_lead:
            return held
        called = held & self._called_mask()
        return called or held

    def _called_mask(self) -> int:
        """The slots of the called card (both of an identical joker: the bidder holds one)."""
        called = self.called
        return 0 if called is None else sum(BIT[slot] for slot in self._c.slots_of.get(called, ()))

    def _follow_mask(self, held: int) -> int:
        """Follow-suit play, a card already led: the cards of ``held`` that may follow it.

        A trump lead calls for trump; a plain lead for its suit or any trump. A
        seat that cannot answer the call plays anything.
        """
        lead = self._trick[0]
        trump_mask = self._trump_tables().trump_mask
        if trump_mask >> lead & 1:
            return held & trump_mask or held if self.rules.trump_lead_must_follow else held
        follow = held & self._c.suit_masks[self._c.suit_of[lead]] & ~trump_mask
        return follow | held & trump_mask if follow else held

    def _legal_bids(self) -> tuple[int, ...]:
        codes = self._c.bid_codes[self.high_bid * 2 + (len(self.bids) == self.rules.players - 1)]
        rules = self.rules
        seat = self._actor
        if (
            rules.moon_needs_score_above_zero
            and rules.moon_bid in codes
            and self.scores[rules.teams[seat]] <= 0
        ):
            codes = tuple(c for c in codes if c != rules.moon_bid)
        if rules.throw_in != "none" and self._may_throw_in(seat):
            codes = (*codes, _THROW_IN_CODE)
        return codes

    def _may_throw_in(self, seat: int) -> bool:
        if any(s == seat for s, _ in self.thrown_in):
            return False
        cards = self.cards(self._hands[seat])
        if self.rules.throw_in_hand == "top-ten":
            return max(0 if c.rank is None else 99 if c.is_joker else int(c.rank) for c in cards) == 10
        return all(c.rank is not None and 3 <= int(c.rank) <= 9 for c in cards)

    def _discardable(self) -> int:
        held = self._hands[self._actor]
        if self.rules.discard_trump:
            return held
        return held & ~self._trump_tables().trump_mask

    def _callable(self) -> int:
        """Cards the bidder may call: any it does not hold itself. An identical joker only
        when the bidder holds its twin, so that the call names one card, not two. Never a
        card buried face up (Ruling): the table already sees who laid it down, so calling it
        would name a partner openly instead of by a card still hidden."""
        mine = self._hands[self._actor]
        others = (1 << len(self.rules.deck)) - 1 & ~mine & ~sum(self._buried)
        twins = self._c.twins
        if others & twins == twins:
            others &= ~twins
        return others

    def step(self, code: int) -> None:
        """Apply a legal action code without checking it (the fast path)."""
        phase = self.phase
        if phase is _PLAY:
            if self._c.follow:
                self._play_following(code)
                return
            # the innermost step of every simulation, so it is written out here
            seat = self._actor
            bit = BIT[code]
            self._hands[seat] ^= bit
            held = self._held
            held[seat] ^= bit
            self._played |= bit
            self._trick.append(code)
            self._trick_seats.append(seat)
            power = self._power[code]
            if power > self._best_power:  # equal jokers: the first played stays best
                self._best_power = power
                self._best = seat
            n = len(held)
            leader = self._leader
            s = seat + 1
            if s == n:
                s = 0
            while s != leader:
                if held[s]:
                    self._actor = s
                    return
                self._passed |= 1 << s
                s += 1
                if s == n:
                    s = 0
            self._end_trick()
        elif phase is _BID:
            self._bid(code)
            self._decisions.append(code)
        elif phase is _NAME_TRUMP:
            self._name_trump(_SUITS[code])
            self._decisions.append(code)
        elif phase is _BURY:
            self._bury(code)
            self._decisions.append(code)
        elif phase is _DISCARD:
            self._discard(code)
            self._decisions.append(code)
        elif phase is _CALL:
            self._call(code)
            self._decisions.append(code)
        else:
            raise IllegalAction(None, code, refusals.HandOver())

    def _bid(self, value: int) -> None:
        n = self.rules.players
        seat = self._actor
        if value == _THROW_IN_CODE:
            self._throw_in(seat)
            return
        self.bids.append(value)
        if value:
            self.high_bid = value
            self.bidder = seat
        if len(self.bids) < n:
            self._actor = (seat + 1) % n
            return
        bidder = self.bidder
        if bidder is None:  # only where the dealer may pass too (all_pass_redeal)
            self._void("everyone passed: the same dealer deals again")
            return
        if self.rules.stock_rest == "bidder-before-trump":  # the kitty
            rest = self._stock[self.stock_used :]
            self._hands[bidder] |= sum([BIT[slot] for slot in rest])
            self._refill_log.append((bidder, 0, tuple(rest), True))
            self.stock_used = len(self._stock)
        if self.rules.trump_choice == "first-lead":
            self._held = self._hands[:]  # the bidder's first card will name trump
            self._after_exchange()
        else:
            self.phase = _NAME_TRUMP
            self._actor = bidder

    def _throw_in(self, seat: int) -> None:
        """Show a weak hand: the deal is void, or the hand is replaced from the stock and the turn goes on."""
        self.thrown_in.append((seat, self._hands[seat]))
        if self.rules.throw_in == "redeal":
            self._void(f"seat {seat} threw in its hand: the same dealer deals again")
            return
        fresh = self._stock[self.stock_used : self.stock_used + self.rules.hand_size]
        self.stock_used += len(fresh)
        self._hands[seat] = sum([BIT[slot] for slot in fresh])

    def _set_trump(self, suit: Suit) -> TrumpLookups:
        self.trump = suit
        tables = self._tables = self._c.tables[suit]
        self._power = tables.power
        return tables

    def _name_trump(self, suit: Suit) -> None:
        tables = self._set_trump(suit)
        exchange = self.rules.exchange
        if exchange == "discard-draw":
            n = self.rules.players
            queue = [(self.dealer + k) % n for k in range(1, n + 1)]
            if self.rules.moon_skips_exchange and self.high_bid == self.rules.moon_bid:
                queue.remove(self._actor)  # naming trump, the bidder acts
            self._discard_queue = queue
            self.phase = _DISCARD
            self._actor = queue[0]
            return
        if exchange == "refill":
            self._refill(tables.trump_mask)
        self._held = [h & tables.trump_mask for h in self._hands] if not self._c.follow else self._hands[:]
        self._start_bury()

    def _start_bury(self) -> None:
        if self.rules.exchange != "refill":
            self._after_exchange()
            return
        keep = self.rules.keep_trump
        held = self._held
        queue = [s for s in self._c.speaking_order[self.dealer] if held[s].bit_count() > keep]
        self._bury_queue = queue
        if queue:
            self.phase = _BURY
            self._actor = queue[0]
        else:
            self._after_exchange()

    def _refill(self, trump_mask: int) -> None:
        rules = self.rules
        hands = self._hands
        stock = self._stock
        pos = self.stock_used
        log = self._refill_log
        drawn = self.drawn
        waits = self.bidder if rules.bidder_refills_last else None  # draws with the rest of the stock
        draws = self._c.draws  # engine.refill's count, by trump kept and cards left
        for seat in self._c.speaking_order[self.dealer]:
            if seat == waits:
                continue
            before = hands[seat]
            kept = before & trump_mask
            got = stock[pos : pos + draws[kept.bit_count()][len(stock) - pos]]
            pos += len(got)
            for slot in got:
                kept |= BIT[slot]
            hands[seat] = kept
            drawn[seat] = len(got)
            log.append((seat, before & ~trump_mask, got, False))
        rest_to = rules.stock_rest
        taker = self.bidder if rest_to == "bidder" else self.dealer if rest_to == "dealer" else None
        if taker is not None:
            rest = stock[pos:]
            pos = len(stock)
            taken = sum([BIT[slot] for slot in rest])
            if rules.bidder_refills_last and taker == self.bidder:
                taken |= hands[taker]  # it kept all its cards until now
                hands[taker] = 0
            hands[taker] |= taken & trump_mask
            log.append((taker, taken & ~trump_mask, rest, True))
        self.stock_used = pos

    def _bury(self, slot: int) -> None:
        seat = self._actor
        bit = 1 << slot
        self._hands[seat] ^= bit
        self._held[seat] ^= bit
        self._buried[seat] |= bit
        if self.rules.buried_to == "opponents":  # with its points, a buried two included
            self._captured[self._opponent_of(seat)] |= bit
        if self._held[seat].bit_count() <= self.rules.keep_trump:
            self._bury_queue.pop(0)
            if self._bury_queue:
                self._actor = self._bury_queue[0]
            else:
                self._after_exchange()

    def _opponent_of(self, seat: int) -> int:
        """The next seat clockwise on another team (who takes cards given to the opponents)."""
        teams = self.rules.teams
        n = self.rules.players
        return next(s for s in ((seat + k) % n for k in range(1, n)) if teams[s] != teams[seat])

    def _discard(self, mask: int) -> None:
        seat = self._actor
        fresh = self._stock[self.stock_used : self.stock_used + mask.bit_count()]
        self.stock_used += len(fresh)
        drawn = sum([BIT[slot] for slot in fresh])
        self._hands[seat] = self._hands[seat] & ~mask | drawn
        self.discarded[seat] = mask
        self.drawn[seat] = len(fresh)
        self._refill_log.append((seat, mask, tuple(fresh), False))
        self._discard_queue.pop(0)
        if self._discard_queue:
            self._actor = self._discard_queue[0]
            return
        trump_mask = self._trump_tables().trump_mask
        self._held = self._hands[:] if self._c.follow else [h & trump_mask for h in self._hands]
        self._after_exchange()

    def _after_exchange(self) -> None:
        """The hand is set up: the bidder calls its partner, if the rules say so, then play."""
        if self.rules.call_partner:
            self.phase = _CALL
            self._actor = self._bidder_seat()
        else:
            self._start_play()

    def _call(self, slot: int) -> None:
        self.called = self.rules.deck[slot]
        self.partner = next((s for s, mask in enumerate(self._hands) if mask >> slot & 1), None)
        self._start_play()

    def _start_play(self) -> None:
        self.phase = _PLAY
        self._start_held = self._held[:]
        self._lead_from(self._bidder_seat())

    def _lead_from(self, seat: int) -> None:
        """Give the lead to ``seat`` or, if it is out of trump, the next seat clockwise that is not."""
        held = self._held
        n = len(held)
        s = seat
        for _ in held:
            if held[s]:
                self._leader = self._actor = s
                self._lead_played = self._played
                return
            self._passed |= 1 << s
            s += 1
            if s == n:
                s = 0
        self._finish()

    def _play_following(self, slot: int) -> None:
        """One card of follow-suit play: every seat plays to every trick."""
        seat = self._actor
        tables = self._tables
        if tables is None:  # the pitch: the first card led names trump
            tables = self._set_trump(Suit(self._c.suit_of[slot]))
        bit = BIT[slot]
        self._hands[seat] ^= bit
        self._held[seat] ^= bit
        self._played |= bit
        self._trick.append(slot)
        self._trick_seats.append(seat)
        power = tables.follow_power[self._trick[0]][slot]
        if power > self._best_power:
            self._best_power = power
            self._best = seat
        n = self.rules.players
        held = self._held
        following = (seat + 1) % n
        while following != self._leader:
            if held[following]:  # a seat left short by an empty stock sits the trick out
                self._actor = following
                return
            self._passed |= 1 << following
            following = (following + 1) % n
        self._end_trick()

    def _end_trick(self) -> None:
        winner = self._best
        mask = self._played ^ self._lead_played  # the cards of this trick
        log = self._trick_log
        if not log and self.rules.buried_to == "first-trick":
            for buried in self._buried:
                mask |= buried
        self._captured[winner] |= mask & ~self._trump_tables().holder_mask
        # the lists go into the log as they are: a new trick starts new ones
        log.append((self._leader, self._trick, self._trick_seats, winner))
        self._trick = []
        self._trick_seats = []
        self._best_power = -1
        if self._held[winner]:  # the winner leads (the common case, taken here without a call)
            self._leader = self._actor = winner
            self._lead_played = self._played
        else:
            self._lead_from(winner)

    def _finish(self) -> None:
        self.phase = _OVER

    # ---------------------------------------------------------- checked path

    def legal_actions(self) -> tuple[Action, ...]:
        """Every action the seat to act may take now."""
        phase = self.phase
        if phase is _PLAY:
            plays = self._c.plays
            return tuple([plays[s] for s in bits(self._choices())])
        if phase is _BID:
            bid_of = self._c.bid_of
            return tuple([bid_of[code] for code in self._legal_bids()])
        if phase is _NAME_TRUMP:
            return _NAME
        if phase is _BURY:
            buries = self._c.buries
            return tuple([buries[s] for s in bits(self._choices())])
        if phase is _DISCARD:
            return tuple(Discard(self.cards(mask)) for mask in submasks(self._discardable()))
        if phase is _CALL:
            deck = self.rules.deck
            return tuple(Call(deck[slot]) for slot in bits(self._callable()))
        return ()

    def apply(self, action: Action, seat: int | None = None) -> None:
        """Take ``action`` for the seat to act (or check that ``seat`` is that seat).

        Raises :class:`IllegalAction`, naming the seat, the action and the
        rule, and changes nothing, if the rules do not allow it now.
        """
        if type(action) is Play and self.phase is _PLAY and (seat is None or seat == self._actor):
            # the common case, checked inline: a card held once in the deck, in the seat's trump
            slot = self._c.single_slot.get(action.card) if isinstance(action.card, Card) else None
            if slot is not None and self._playable_now() >> slot & 1:
                self.step(slot)
                return
        self.step(self.encode(action, seat))

    def encode(self, action: Action, seat: int | None = None) -> int:
        """The code of a legal action; :class:`IllegalAction` if it is not legal now."""
        phase = self.phase
        if phase is _OVER:
            raise IllegalAction(seat, action, refusals.HandOver())
        actor = self._actor
        if seat is not None and seat != actor:
            raise IllegalAction(seat, action, refusals.not_your_turn(self))
        if phase is _PLAY and type(action) is Play:
            slot = self._slot_in(action.card, self._playable_now())
            if slot is not None:
                return slot
            raise IllegalAction(actor, action, refusals.play(self, actor, action.card))
        if phase is _BID and type(action) is ThrowIn:
            if _THROW_IN_CODE in self._legal_bids():
                return _THROW_IN_CODE
            raise IllegalAction(actor, action, refusals.throw_in(self, actor))
        if phase is _DISCARD and type(action) is Discard:
            return self._discard_code(actor, action)
        if phase is _CALL and type(action) is Call:
            slot = self._slot_in(action.card, self._callable())
            if slot is not None:
                return slot
            raise IllegalAction(actor, action, refusals.call(self, actor, action.card))
        if phase is _BID and type(action) in (Bid, Pass):
            value = action.value if isinstance(action, Bid) else 0
            well_formed = isinstance(action, Pass) or (type(value) is int and value > 0)
            if well_formed and value in self._legal_bids():
                return value
            raise IllegalAction(actor, action, refusals.bid(self, value))
        if phase is _NAME_TRUMP and type(action) is NameTrump:
            if isinstance(action.suit, Suit):
                return int(action.suit)
            raise IllegalAction(actor, action, refusals.NotASuit())
        if phase is _BURY and type(action) is Bury:
            slot = self._slot_in(action.card, self._held[actor])
            if slot is not None:
                return slot
            raise IllegalAction(actor, action, refusals.BuryNotTrump(refusals.sent(action.card)))
        raise IllegalAction(actor, action, refusals.WrongPhase(phase))

    def _discard_code(self, seat: int, action: Discard) -> int:
        """The slot mask of a legal discard; :class:`IllegalAction` if it is not one."""
        cards = action.cards
        if not isinstance(cards, tuple):
            raise IllegalAction(seat, action, refusals.DiscardNotAList())
        mask = 0
        for card in cards:
            slot = self._slot_in(card, self._hands[seat] & ~mask)
            if slot is None:
                raise IllegalAction(seat, action, refusals.NotHeld(seat, refusals.sent(card)))
            mask |= 1 << slot
        if mask & ~self._discardable():
            raise IllegalAction(seat, action, refusals.TrumpKept(self.rules.name))
        return mask

    def _slot_in(self, card: object, mask: int) -> int | None:
        """The slot of ``card`` within ``mask`` (either joker slot for ``JK``)."""
        if not isinstance(card, Card):  # a malformed action: nothing of the deck
            return None
        slots: tuple[int, ...] = self._c.slots_of.get(card, ())
        for slot in slots:
            if mask >> slot & 1:
                return slot
        return None

    # ---------------------------------------------------------------- result

    def points_by_seat(self, public: bool = False) -> list[int]:
        """Points each seat has won so far: its captures, plus what it scores as holder once play began.

        With ``public`` set, a holder's card (the two) counts only once the table
        has seen who holds it, because it was played or buried face up.
        """
        return scoring.points_by_seat(self, public)

    def game_points(self) -> list[int]:
        """Game points (ten 10, ace 4, king 3, queen 2, jack 1) each team has captured so far."""
        return scoring.game_points(self)

    def points_by_team(self, public: bool = False) -> list[int]:
        """Points each team has taken so far (see :meth:`points_by_seat` for ``public``)."""
        return scoring.points_by_team(self, public)

    def result(self) -> HandResult:
        """The score of the finished hand (see :mod:`pitchlab.engine.scoring`)."""
        return scoring.result(self)

    def captured_mask(self, seat: int) -> int:
        """The slots :meth:`captured_by` lists."""
        return self._captured[seat]

    def shown_mask(self, seat: int) -> int:
        """The slots ``seat`` has laid face up: buried or played, this trick included."""
        mask = self._buried[seat]
        for _, slots, seats, _ in self._trick_log:
            for slot, who in zip(slots, seats, strict=True):
                if who == seat:
                    mask |= 1 << slot
        for slot, who in zip(self._trick, self._trick_seats, strict=True):
            if who == seat:
                mask |= 1 << slot
        return mask

    def captured_by(self, seat: int) -> tuple[Card, ...]:
        """Cards won in tricks (and the buried cards, for the first trick's winner)."""
        return self.cards(self._captured[seat])

    @property
    def play_began(self) -> bool:
        """Whether the card play has begun (it has, too, in a hand played out)."""
        return self.phase is _PLAY or self.phase is _OVER

    @property
    def is_moon(self) -> bool:
        """Whether the contract is a moon: every point in play."""
        return self.rules.moon_bid is not None and self.high_bid == self.rules.moon_bid

    def bidding_side(self) -> tuple[int, ...]:
        """The seats playing for the bid: the bidder's team, or the bidder and the partner it called."""
        bidder = self.bidder
        if bidder is None:
            return ()
        if self.rules.call_partner:
            return tuple(sorted({bidder} | ({self.partner} if self.partner is not None else set())))
        team = self.rules.teams[bidder]
        return tuple(s for s in range(self.rules.players) if self.rules.teams[s] == team)
