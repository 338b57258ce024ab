"""The engine's refusals in a learner's words.

The engine refuses an action with :class:`~pitchlab.engine.errors.IllegalAction`, which
carries a typed :class:`~pitchlab.engine.errors.Reason` (a kind from
:mod:`pitchlab.engine.refusals` and its facts) and a message written for a programmer:
seats by number, cards by code ("seat 0: play 7H refused: 7H is not trump: a dead
card..."). A first-timer needs the rule and what to do instead, said to them: "Only
trump can be played: 7♥ is not trump." This module words each kind of reason for the
learner from the reason's facts alone, never from the message, so rewording the engine
cannot leak engine words onto a page. A kind of reason with no words here is a defect:
:func:`refusal_words` raises :class:`LookupError` rather than show the programmer's text.
"""

from __future__ import annotations

from collections.abc import Callable

from pitchlab.engine import refusals as r
from pitchlab.engine.cards import Card, Suit
from pitchlab.engine.errors import IllegalAction, Reason
from pitchlab.engine.hand import Phase

Namer = Callable[[int], str]
"""A seat's name as the page shows it ("You", "West", "Seat 5")."""

SUIT_NOUN = {Suit.SPADES: "spade", Suit.HEARTS: "heart", Suit.DIAMONDS: "diamond", Suit.CLUBS: "club"}

_TURN = {
    Phase.BID: "bid",
    Phase.NAME_TRUMP: "name trump",
    Phase.BURY: "bury",
    Phase.DISCARD: "discard",
    Phase.CALL: "call a partner",
    Phase.PLAY: "play",
}
"""What the seat to act is to do, by phase: "it is West's turn to ..."."""

_ASK = {
    Phase.BID: "bid or pass",
    Phase.NAME_TRUMP: "name the trump suit",
    Phase.BURY: "bury a trump",
    Phase.DISCARD: "pick the cards to throw away",
    Phase.CALL: "call a card for a partner",
    Phase.PLAY: "play a card",
}
"""What each phase asks of the player to act, for a refusal made in another phase."""


def _card(card: r.Sent, otherwise: str = "that card") -> str:
    """A card as the page labels it; ``otherwise`` for what a malformed action carried."""
    return card.label if isinstance(card, Card) else otherwise


def _whose(name: Namer, seat: int) -> str:
    """A seat's name as a possessive: "your", "West's"."""
    who = name(seat)
    return "your" if who == "You" else f"{who}'s"


def _follow(lead: Card) -> str:
    """Following suit, said with the suit as a noun ("a heart"); a joker lead has no suit."""
    noun = SUIT_NOUN[lead.suit] if lead.suit is not None else "card of that suit"
    return f"You must follow suit: {lead.label} was led and you hold a {noun}, so play a {noun} (or a trump)."


def reason_words(reason: Reason, name: Namer) -> str:
    """The learner's words for ``reason``: what the rule is and what to do instead.

    Raises :class:`LookupError` for a kind of reason this module has no words for, so a
    new kind fails its test instead of reaching a page in a programmer's words."""
    match reason:
        case r.HandOver():
            return "The hand is over: press New hand to deal the next one."
        case r.NotYourTurn(turn=turn, phase=phase):
            return f"Not yet: it is {_whose(name, turn)} turn to {_TURN[phase]}."
        case r.WrongPhase(phase=phase):
            return f"Not now: it is time to {_ASK[phase]}."
        case r.NotHeld(card=card):
            return f"You do not hold {_card(card)}."
        case r.DealerMustBid(least=least, more=more):
            more_words = " or more" if more else ""
            return f"Everyone else passed, so as dealer you may not pass: bid {least}{more_words}."
        case r.MoonNeedsScore(alone=alone):
            side = "your" if alone else "your team's"
            return f"You may shoot the moon only when {side} score is above zero."
        case r.MoonTooLow(high=high):
            return f"Shooting the moon is not allowed now: the highest bid so far is {high}."
        case r.BidOutOfRange(least=least, most=most, moon=moon):
            moon_words = " (or the moon)" if moon is not None else ""
            return f"Bid a whole number from {least} to {most}{moon_words}, or pass."
        case r.BidTooLow(high=high):
            return f"That bid is too low: the highest bid so far is {high}; bid more or pass."
        case r.NoThrowIn(ruleset=ruleset):
            return f"There is no throwing in under {ruleset}: play the hand you were dealt."
        case r.ThrownInAlready():
            return "You have already thrown in once this hand: play this one."
        case r.ThrowInNeedsTopTen():
            return "You may throw in only a hand whose highest card is a ten."
        case r.ThrowInNeedsLowCards():
            return "You may throw in only a hand of nothing but threes to nines."
        case r.NotASuit():
            return "Name one of the four suits as trump: spades, hearts, diamonds or clubs."
        case r.BuryNotTrump(card=card):
            return f"Only one of your own trump may be buried: {_card(card)} is not one of them."
        case r.DiscardNotAList():
            return "Pick the cards to throw away, then press Discard."
        case r.TrumpKept(ruleset=ruleset):
            return f"Keep your trump: {ruleset} does not let you throw trump away."
        case r.CallOwnCard(card=card):
            return f"You hold {card.label} yourself: call a card you do not hold, and whoever holds it becomes your partner."
        case r.CallBuried(card=card, burier=burier):
            return f"{name(burier)} buried {card.label} face up: call a card that is still hidden."
        case r.CallTwin(card=card):
            return (
                f"You may call a {card.label.lower()} only if you hold the other one: "
                "otherwise two players would answer."
            )
        case r.NotInDeck(card=card, ruleset=ruleset):
            return f"{_card(card, 'That')} is not in the {ruleset} deck."
        case r.MustPlayCalled(called=called):
            return f"You hold {called.label}, the card the bidder called: play it to this first trick."
        case r.MustFollowTrump(lead=lead):
            return f"Trump was led ({lead.label}) and you hold trump, so you must play a trump."
        case r.MustFollowSuit(lead=lead):
            return _follow(lead)
        case r.DeadCard(card=card):
            return f"Only trump can be played: {card.label} is not trump, so it stays in your hand."
        case r.GameOver():
            return "The game is over: press New game to play again."
        case r.HandNotOver(phase=phase):
            return f"Finish this hand first: it is time to {_ASK[phase]}."
    raise LookupError(f"no learner's words for the refusal {type(reason).__name__} ({reason.code})")


def refusal_words(exc: IllegalAction, name: Namer) -> str:
    """What the page says when the engine refused the learner's action: the reason it
    carries, in the learner's words (:func:`reason_words`)."""
    return reason_words(exc.reason, name)


__all__ = ["SUIT_NOUN", "reason_words", "refusal_words"]
