"""What one seat may see of a hand: the input every player decides from.

Per the rules a seat sees its own cards (those it threw away in the exchange
included), every bid, the trump suit, how many cards each seat drew in the
refill, the buried cards (face up), hands shown when thrown in and every card
played. It never sees other hands, the stock, or other seats' thrown-away cards.
"""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from pitchlab.engine.actions import Action
from pitchlab.engine.cards import Card, Suit
from pitchlab.engine.rules import Ruleset
from pitchlab.engine.seats import seat_at, speaking_position
from pitchlab.engine.tricks import play_suits

if TYPE_CHECKING:  # names for the annotations only: the hand builds views, a view never builds a hand
    from pitchlab.engine.hand import Hand, Phase, Trick


@dataclass(frozen=True)
class SeatView:
    """The public table plus one seat's own hand."""

    seat: int
    rules: Ruleset
    dealer: int
    phase: Phase
    to_act: int | None
    hand: tuple[Card, ...]
    """The seat's own cards, dead cards included."""
    playable: tuple[Card, ...]
    """Cards the seat may still play, whatever the trick (empty outside the play phase): its
    trump where only trump is played, every card it holds in follow-suit play."""
    bids: tuple[int | None, ...]
    """Bids in bidding order from the dealer's left; ``None`` is a pass."""
    high_bid: int
    bidder: int | None
    trump: Suit | None
    drawn: tuple[int, ...] | None
    """Cards each seat drew in the refill, by seat; ``None`` before the refill."""
    hand_sizes: tuple[int, ...]
    buried: tuple[tuple[Card, ...], ...]
    tricks: tuple[Trick, ...]
    current_trick: Trick
    points: tuple[int, ...]
    """Points each team has taken so far."""
    legal_actions: tuple[Action, ...]
    """What this seat may do now (empty when it is not its turn)."""
    called: Card | None = None
    """The card the bidder called for a partner, where the ruleset has a call."""
    partner: int | None = None
    """This seat's partner as far as it knows: the fixed partner, or in a called-partner
    hand the bidder (for the card's holder) or the holder (for the bidder, once the card is played)."""
    thrown_in: tuple[tuple[int, tuple[Card, ...]], ...] = ()
    """Hands shown when thrown in: (seat, its cards)."""
    scores: tuple[int, ...] = ()
    """The game scores by team before this hand (empty: not known, read as all zero);
    a bid that wins games depends on them."""
    passed_over: frozenset[int] = frozenset()
    """Seats the table has seen passed over in the play (:attr:`Hand.passed_over
    <pitchlab.engine.hand.Hand.passed_over>`): each had no card it could play and stays so.
    In trump-only play these are the seats everyone knows to be out of trump."""
    thrown_away: tuple[Card, ...] = ()
    """The cards this seat threw away in the exchange (the refill's discards, or the draw's):
    it saw them, no other seat did."""

    @functools.cached_property
    def voids(self) -> dict[int, frozenset[Suit]]:
        """Suits each seat has shown the whole table it lacks (:func:`voids_shown`); kept once
        worked out, as a view never changes."""
        tricks = (*self.tricks, self.current_trick)
        return voids_shown(self.rules, self.trump, tricks, self.passed_over)

    @property
    def my_turn(self) -> bool:
        return self.to_act == self.seat

    def bidder_of(self, index: int) -> int:
        """The seat that made the ``index``-th bid."""
        return seat_at(index, self.dealer, self.rules.players)

    @property
    def position(self) -> int:
        """Where this seat speaks in the bidding: 0 first (the dealer's left) to the dealer last."""
        return speaking_position(self.seat, self.dealer, self.rules.players)

    def unseen_trump(self) -> list[Card]:
        """Trump this seat has not seen, high to low (:meth:`unseen_cards`), each copy of a
        duplicated card (the two identical jokers) once: where every card reaches the play,
        these are all in other hands by play time."""
        if self.trump is None:
            return []
        left = Counter(self.unseen_cards())
        out = []
        for card in self.rules.trump_cards(self.trump):
            if left[card] > 0:
                left[card] -= 1
                out.append(card)
        return out

    def unseen_cards(self) -> list[Card]:
        """The deck less every card this seat has seen, in deck order, a card the deck holds
        twice (the identical jokers) as often as it is unseen. Beside :meth:`seen_cards` it
        counts the hands shown when thrown in and the seat's own thrown-away cards: what
        a learner can count from their seat."""
        seen = Counter(self.seen_cards())
        seen.update(c for _, shown in self.thrown_in for c in shown)
        seen.update(self.thrown_away)
        out = []
        for card in self.rules.deck:
            if seen[card] > 0:
                seen[card] -= 1
            else:
                out.append(card)
        return out

    def seen_cards(self) -> tuple[Card, ...]:
        """Every card this seat has seen: its hand, buried cards, played cards."""
        return self.hand + self.seen_by_all()

    def seen_by_all(self) -> tuple[Card, ...]:
        """The cards every seat has seen (as :attr:`Hand.seen_by_all`): buried face up, or
        played; what a seat may name to the table without giving its hand away."""
        played = [c for t in self.tricks for c in t.cards] + list(self.current_trick.cards)
        return tuple(c for pile in self.buried for c in pile) + tuple(played)


def voids_shown(
    rules: Ruleset, trump: Suit | None, tricks: Iterable[Trick], passed_over: Iterable[int] = ()
) -> dict[int, frozenset[Suit]]:
    """Suits each seat has shown the whole table it lacks, from the play alone: the one
    reading of the play's record that bots and pages ask for. Where only trump is played, a
    seat passed over holds no trump. In follow-suit play, a seat that played neither the suit
    led nor trump to a plain lead lacks the suit led (trumping a plain lead shows nothing: the
    rules allow it with the suit in hand), and one that did not follow a trump lead the rules
    make it follow lacks trump."""
    shown: dict[int, set[Suit]] = {}
    if trump is not None and rules.play_rule == "trump-only":
        for s in passed_over:
            shown.setdefault(s, set()).add(trump)
    elif trump is not None:
        must = rules.trump_lead_must_follow
        suit_of = play_suits(rules, trump)
        # read by a follow-suit bot at most decisions: each trick's followers looked at once
        for trick in tricks:
            cards = trick.cards
            if len(cards) < 2:
                continue
            led = suit_of[cards[0]]
            if led is None or (led == trump and not must):
                continue
            for card, who in zip(cards[1:], trick.seats[1:], strict=True):
                played = suit_of[card]
                if played != led and (led == trump or played != trump):
                    shown.setdefault(who, set()).add(led)
    return {s: frozenset(shown[s]) if s in shown else _NONE for s in range(rules.players)}


_NONE: frozenset[Suit] = frozenset()


def view_of(hand: Hand, seat: int) -> SeatView:
    """Build the view of ``seat`` from a hand."""
    refilled = hand.trump is not None and hand.rules.exchange != "none"
    return SeatView(
        seat=seat,
        rules=hand.rules,
        dealer=hand.dealer,
        phase=hand.phase,
        to_act=hand.to_act,
        hand=hand.hand_of(seat),
        playable=hand.playable(seat),
        bids=tuple(b or None for b in hand.bids),
        high_bid=hand.high_bid,
        bidder=hand.bidder,
        trump=hand.trump,
        drawn=tuple(hand.drawn) if refilled else None,
        hand_sizes=tuple(hand.hand_mask(s).bit_count() for s in range(hand.rules.players)),
        buried=tuple(hand.buried_by(s) for s in range(hand.rules.players)),
        tricks=tuple(hand.tricks),
        current_trick=hand.current_trick,
        points=tuple(hand.points_by_team(public=True)),
        legal_actions=hand.legal_actions() if hand.to_act == seat else (),
        called=hand.called,
        partner=partner_seen(hand, seat),
        thrown_in=tuple((s, hand.cards(mask)) for s, mask in hand.thrown_in),
        scores=hand.scores,
        passed_over=frozenset(s for s in range(hand.rules.players) if hand.passed_over >> s & 1),
        thrown_away=tuple(c for r in hand.refills if r.seat == seat for c in r.thrown),
    )


def partner_seen(hand: Hand, seat: int) -> int | None:
    rules = hand.rules
    if not rules.call_partner:
        team = rules.teams[seat]
        return next((s for s in range(rules.players) if s != seat and rules.teams[s] == team), None)
    if hand.partner is None or hand.called is None:
        return None
    if seat == hand.partner:
        return hand.bidder
    played = {c for t in hand.tricks for c in t.cards} | set(hand.current_trick.cards)
    if seat == hand.bidder and hand.called in played:
        return hand.partner
    return None
