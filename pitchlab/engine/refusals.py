"""Why an action is refused: the typed :class:`~pitchlab.engine.errors.Reason` of each
:class:`~pitchlab.engine.errors.IllegalAction`.

:meth:`Hand.encode <pitchlab.engine.hand.Hand.encode>` decides *whether* an action is legal;
this module says *why not*, as a reason with its facts (the seat, the card, the lead, the
highest bid). Each reason renders itself for a programmer (:meth:`Reason.rule`); a page
renders the same reason for a learner (:mod:`pitchlab.ui.plain`), so neither reads the
other's words. The functions here ask the hand only through its public accessors and run
only on the refused path, so none of it costs the engine time.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from pitchlab.engine.cards import Card
from pitchlab.engine.errors import Reason

if TYPE_CHECKING:
    from pitchlab.engine.hand import Hand, Phase

_EXPECT = {
    "bid": "expected a bid or a pass",
    "name trump": "expected the bidder to name trump",
    "bury": "expected a trump to bury",
    "discard": "expected the cards to discard",
    "call a partner": "expected the bidder to call a card",
    "play": "expected a card to play",
    "over": "no action is possible",
}
"""What each phase expects, by the phase's value."""

Sent = Card | str
"""A card an action named, or (a malformed action) the text of what it carried instead."""


def sent(card: object) -> Sent:
    """What an action carried where a card belongs: the card, else its text, bounded."""
    return card if isinstance(card, Card) else f"{card!s:.20}"


def _code(card: Sent) -> str:
    return card.code if isinstance(card, Card) else card


# ---------------------------------------------------------------- when and what


@dataclass(frozen=True)
class HandOver(Reason):
    """The hand is over: nobody may act in it."""

    code: ClassVar[str] = "hand-over"

    def rule(self) -> str:
        return "the hand is over; no one may act"


@dataclass(frozen=True)
class NotYourTurn(Reason):
    """Another seat is to act: ``turn`` is the seat to act, ``phase`` what it is to do."""

    code: ClassVar[str] = "not-your-turn"
    turn: int
    phase: Phase

    def rule(self) -> str:
        return f"it is seat {self.turn}'s turn to {self.phase}"


@dataclass(frozen=True)
class WrongPhase(Reason):
    """An action of another phase (a play while bidding, say)."""

    code: ClassVar[str] = "wrong-phase"
    phase: Phase

    def rule(self) -> str:
        return f"the hand is in the {self.phase} phase; {_EXPECT[self.phase.value]}"


@dataclass(frozen=True)
class NotHeld(Reason):
    """A card played, buried or discarded that the seat does not hold."""

    code: ClassVar[str] = "not-held"
    seat: int
    card: Sent

    def rule(self) -> str:
        return f"{_code(self.card)} is not in seat {self.seat}'s hand"


# ---------------------------------------------------------------- bidding


@dataclass(frozen=True)
class DealerMustBid(Reason):
    """Everyone else passed, so the dealer may not: ``least`` is the lowest bid it may make."""

    code: ClassVar[str] = "dealer-must-bid"
    least: int
    more: bool
    """Whether bids above ``least`` are open to the dealer too."""

    def rule(self) -> str:
        return f"everyone else passed, so the dealer must bid {self.least}" + (
            " or more" if self.more else ""
        )


@dataclass(frozen=True)
class MoonNeedsScore(Reason):
    """The rules let only a side with a score above zero shoot the moon."""

    code: ClassVar[str] = "moon-needs-score"
    alone: bool
    """Whether each player scores alone (no partners), so the score is the player's own."""

    def rule(self) -> str:
        return "shooting the moon needs a score above zero"


@dataclass(frozen=True)
class MoonTooLow(Reason):
    """A moon bid that does not beat the high bid so far (a moon already bid)."""

    code: ClassVar[str] = "moon-too-low"
    high: int

    def rule(self) -> str:
        return f"a moon must be higher than the high bid so far ({self.high})"


@dataclass(frozen=True)
class BidOutOfRange(Reason):
    """A bid that is not a whole number from ``least`` to ``most`` (or the moon)."""

    code: ClassVar[str] = "bid-out-of-range"
    least: int
    most: int
    moon: int | None

    def rule(self) -> str:
        top = f" or the moon ({self.moon})" if self.moon is not None else ""
        return f"a bid is a whole number from {self.least} to {self.most}{top}"


@dataclass(frozen=True)
class BidTooLow(Reason):
    """A bid that does not beat the high bid so far."""

    code: ClassVar[str] = "bid-too-low"
    high: int

    def rule(self) -> str:
        return f"a bid must be higher than the high bid so far ({self.high})"


@dataclass(frozen=True)
class NoThrowIn(Reason):
    """The ruleset has no throw-in."""

    code: ClassVar[str] = "no-throw-in"
    ruleset: str

    def rule(self) -> str:
        return f"{self.ruleset} has no throw-in"


@dataclass(frozen=True)
class ThrownInAlready(Reason):
    """A seat throws in once a hand at most."""

    code: ClassVar[str] = "thrown-in-already"
    seat: int

    def rule(self) -> str:
        return f"seat {self.seat} has already thrown in once this hand"


@dataclass(frozen=True)
class ThrowInNeedsTopTen(Reason):
    """The ruleset lets only a hand whose highest card is a ten be thrown in."""

    code: ClassVar[str] = "throw-in-needs-top-ten"

    def rule(self) -> str:
        return "only a hand whose highest card is a ten may be thrown in"


@dataclass(frozen=True)
class ThrowInNeedsLowCards(Reason):
    """The ruleset lets only a hand of threes to nines be thrown in."""

    code: ClassVar[str] = "throw-in-needs-low-cards"

    def rule(self) -> str:
        return "only a hand of nothing but threes to nines may be thrown in"


# ---------------------------------------------------------------- after the auction


@dataclass(frozen=True)
class NotASuit(Reason):
    """The bidder named something other than one of the four suits."""

    code: ClassVar[str] = "not-a-suit"

    def rule(self) -> str:
        return "the bidder names one of the four suits"


@dataclass(frozen=True)
class BuryNotTrump(Reason):
    """A card buried that is not a trump in the seat's own hand."""

    code: ClassVar[str] = "bury-not-trump"
    card: Sent

    def rule(self) -> str:
        return "only a trump in the seat's own hand may be buried"


@dataclass(frozen=True)
class DiscardNotAList(Reason):
    """A discard whose cards are not given as a tuple."""

    code: ClassVar[str] = "discard-not-a-list"

    def rule(self) -> str:
        return "a discard lists the cards thrown away"


@dataclass(frozen=True)
class TrumpKept(Reason):
    """The ruleset does not let a player throw trump away in the discard."""

    code: ClassVar[str] = "trump-kept"
    ruleset: str

    def rule(self) -> str:
        return f"{self.ruleset} does not let a player discard trump"


@dataclass(frozen=True)
class CallOwnCard(Reason):
    """The bidder called a card it holds itself."""

    code: ClassVar[str] = "call-own-card"
    card: Card

    def rule(self) -> str:
        return "the bidder calls a card it does not hold itself"


@dataclass(frozen=True)
class CallBuried(Reason):
    """The bidder called a card buried face up: out of play in the open."""

    code: ClassVar[str] = "call-buried"
    card: Card
    burier: int

    def rule(self) -> str:
        return (
            f"{self.card.code} was buried face up by seat {self.burier}: a card out of "
            "play in the open may not be called"
        )


@dataclass(frozen=True)
class CallTwin(Reason):
    """A card of which the deck holds two, called by a bidder not holding the other."""

    code: ClassVar[str] = "call-twin"
    card: Card

    def rule(self) -> str:
        return f"a {self.card.label.lower()} may be called only by a bidder holding the other: two cards would answer"


@dataclass(frozen=True)
class NotInDeck(Reason):
    """A card called that the ruleset's deck does not have (or not a card at all)."""

    code: ClassVar[str] = "not-in-deck"
    card: Sent
    ruleset: str

    def rule(self) -> str:
        return f"{_code(self.card)} is not a card of the {self.ruleset} deck"


# ---------------------------------------------------------------- the play


@dataclass(frozen=True)
class MustPlayCalled(Reason):
    """The seat holds the called card and must play it to the bidder's first lead."""

    code: ClassVar[str] = "must-play-called"
    seat: int
    called: Card

    def rule(self) -> str:
        return (
            f"seat {self.seat} holds {self.called.code}, the card the bidder called, and must play it "
            "to the bidder's first lead"
        )


@dataclass(frozen=True)
class MustFollowTrump(Reason):
    """Trump was led and the seat holds trump."""

    code: ClassVar[str] = "must-follow-trump"
    seat: int
    lead: Card

    def rule(self) -> str:
        return f"{self.lead.code} led trump, and seat {self.seat} holds trump: it must play one"


@dataclass(frozen=True)
class MustFollowSuit(Reason):
    """A plain suit was led and the seat holds that suit (it may trump instead)."""

    code: ClassVar[str] = "must-follow-suit"
    seat: int
    lead: Card

    def rule(self) -> str:
        return f"{self.lead.code} was led: seat {self.seat} holds that suit, so it must follow suit or play trump"


@dataclass(frozen=True)
class DeadCard(Reason):
    """A card that is not trump where only trump is played: it stays in the hand."""

    code: ClassVar[str] = "dead-card"
    card: Card

    def rule(self) -> str:
        return f"{self.card.code} is not trump: a dead card stays in the hand and is never played"


# ---------------------------------------------------------------- the game


@dataclass(frozen=True)
class GameOver(Reason):
    """The game is won: no hand follows."""

    code: ClassVar[str] = "game-over"
    winner: int

    def rule(self) -> str:
        return f"the game is over: team {self.winner} won"


@dataclass(frozen=True)
class HandNotOver(Reason):
    """The next hand is dealt only once the current one is over."""

    code: ClassVar[str] = "hand-not-over"
    phase: Phase

    def rule(self) -> str:
        return f"the current hand is not over: it is in the {self.phase} phase"


REASONS: tuple[type[Reason], ...] = tuple(Reason.__subclasses__())
"""Every kind of refusal, in the order defined above."""


# ---------------------------------------------------------------- which reason


def not_your_turn(hand: Hand) -> NotYourTurn:
    return NotYourTurn(hand.actor, hand.phase)


def throw_in(hand: Hand, seat: int) -> Reason:
    rules = hand.rules
    if rules.throw_in == "none":
        return NoThrowIn(rules.name)
    if any(s == seat for s, _ in hand.thrown_in):
        return ThrownInAlready(seat)
    if rules.throw_in_hand == "top-ten":
        return ThrowInNeedsTopTen()
    return ThrowInNeedsLowCards()


def play(hand: Hand, seat: int, card: object) -> Reason:
    if not isinstance(card, Card) or card not in hand.hand_of(seat):
        return NotHeld(seat, sent(card))
    called = hand.called
    if called is not None and hand.rules.called_to_first_lead and seat == hand.partner and not hand.tricks:
        return MustPlayCalled(seat, called)  # its holder's one card in the first trick
    if hand.rules.play_rule == "follow-suit":
        lead = hand.current_trick.cards[0]
        if hand.trump is not None and hand.rules.is_trump(lead, hand.trump):
            return MustFollowTrump(seat, lead)
        return MustFollowSuit(seat, lead)
    return DeadCard(card)


def call(hand: Hand, seat: int, card: object) -> Reason:
    rules = hand.rules
    if not isinstance(card, Card):
        return NotInDeck(sent(card), rules.name)
    if card in hand.hand_of(seat):
        return CallOwnCard(card)
    burier = next((s for s in range(rules.players) if card in hand.buried_by(s)), None)
    if burier is not None:
        return CallBuried(card, burier)
    if rules.deck.count(card) == 2:
        return CallTwin(card)
    return NotInDeck(card, rules.name)


def bid(hand: Hand, value: object) -> Reason:
    rules = hand.rules
    legal = hand.legal_codes()
    if 0 not in legal:  # a stuck dealer
        return DealerMustBid(min(legal), len(legal) > 1)
    moon = rules.moon_bid
    if moon is not None and value == moon:
        if rules.moon_needs_score_above_zero and hand.scores[rules.teams[hand.actor]] <= 0:
            return MoonNeedsScore(rules.num_teams == rules.players)
        return MoonTooLow(hand.high_bid)
    if type(value) is not int or not rules.min_bid <= value <= rules.max_bid:
        return BidOutOfRange(rules.min_bid, rules.max_bid, moon)
    return BidTooLow(hand.high_bid)
