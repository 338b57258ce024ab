"""Why an action is refused: the rule each :class:`~pitchlab.engine.errors.IllegalAction` names.

:meth:`Hand.encode <pitchlab.engine.hand.Hand.encode>` decides *whether* an action is legal;
this module says *why not*, in words a learner reads in the page. It asks the hand
only through its public accessors and runs only on the refused path, so none of it
costs the engine time.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from pitchlab.engine.cards import Card

if TYPE_CHECKING:
    from pitchlab.engine.hand import Hand

SUIT_RULE = "the bidder names one of the four suits"
BURY_RULE = "only a trump in the seat's own hand may be buried"

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


def _code(card: object) -> str:
    """A card's code, or whatever a malformed action carried instead."""
    return str(getattr(card, "code", card))


def over() -> str:
    return "the hand is over; no one may act"


def not_your_turn(hand: Hand) -> str:
    return f"it is seat {hand.actor}'s turn to {hand.phase}"


def wrong_action(hand: Hand) -> str:
    """An action of another phase (a play while bidding, say)."""
    return f"the hand is in the {hand.phase} phase; {_EXPECT[hand.phase.value]}"


def not_held(seat: int, card: object) -> str:
    return f"{_code(card)} is not in seat {seat}'s hand"


def no_trump_discard(hand: Hand) -> str:
    return f"{hand.rules.name} does not let a player discard trump"


def throw_in(hand: Hand, seat: int) -> str:
    rules = hand.rules
    if rules.throw_in == "none":
        return f"{rules.name} has no throw-in"
    if any(s == seat for s, _ in hand.thrown_in):
        return f"seat {seat} has already thrown in once this hand"
    if rules.throw_in_hand == "top-ten":
        return "only a hand whose highest card is a ten may be thrown in"
    return "only a hand of nothing but threes to nines may be thrown in"


def play(hand: Hand, seat: int, card: object) -> str:
    if not isinstance(card, Card) or card not in hand.hand_of(seat):
        return not_held(seat, card)
    called = hand.called
    if called is not None and hand.playable(seat) == (called,) and card != called:
        return (
            f"seat {seat} holds {called.code}, the card the bidder called, and must play it "
            "to the bidder's first lead"
        )
    if hand.rules.play_rule == "follow-suit":
        lead = hand.current_trick.cards[0]
        if hand.trump is not None and hand.rules.is_trump(lead, hand.trump):
            return f"{lead.code} led trump, and seat {seat} holds trump: it must play one"
        return f"{lead.code} was led: seat {seat} holds that suit, so it must follow suit or play trump"
    return f"{card.code} is not trump: a dead card stays in the hand and is never played"


def call(hand: Hand, seat: int, card: object) -> str:
    rules = hand.rules
    if isinstance(card, Card) and card in hand.hand_of(seat):
        return "the bidder calls a card it does not hold itself"
    buried = (s for s in range(rules.players) if isinstance(card, Card) and card in hand.buried_by(s))
    burier = next(buried, None)
    if burier is not None:
        return (
            f"{_code(card)} was buried face up by seat {burier}: a card out of "
            "play in the open may not be called"
        )
    if isinstance(card, Card) and rules.deck.count(card) == 2:
        return (
            f"a {card.label.lower()} may be called only by a bidder holding the other: two cards would answer"
        )
    return f"{_code(card):.20} is not a card of the {rules.name} deck"


def bid(hand: Hand, value: object) -> str:
    rules = hand.rules
    legal = hand.legal_codes()
    if 0 not in legal:  # a stuck dealer
        return f"everyone else passed, so the dealer must bid {min(legal)}" + (
            " or more" if len(legal) > 1 else ""
        )
    moon = rules.moon_bid
    if moon is not None and value == moon:
        if rules.moon_needs_score_above_zero and hand.scores[rules.teams[hand.actor]] <= 0:
            return "shooting the moon needs a score above zero"
        return f"a moon must be higher than the high bid so far ({hand.high_bid})"
    top = f" or the moon ({moon})" if moon is not None else ""
    if type(value) is not int or not rules.min_bid <= value <= rules.max_bid:
        return f"a bid is a whole number from {rules.min_bid} to {rules.max_bid}{top}"
    return f"a bid must be higher than the high bid so far ({hand.high_bid})"
