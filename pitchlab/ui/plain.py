"""The engine's refusals in a learner's words.

The engine refuses an action with :class:`~pitchlab.engine.errors.IllegalAction`,
whose ``rule`` is written for a programmer: seats by number, cards by code
("seat 0: play 7H refused: 7H is not trump: a dead card..."). A first-timer
needs the rule and what to do instead, said to them: "Only trump can be
played: 7♥ is not trump." This module reads the rule (each kind the engine
words in :mod:`pitchlab.engine.hand`) together with the hand it was refused in, and
says it again for the learner. A rule it does not know still reads cleanly:
seat numbers become names and card codes become labels.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from pitchlab.engine.cards import CARDS, Card, Suit
from pitchlab.engine.errors import IllegalAction, PitchError
from pitchlab.engine.hand import Hand, Phase

Namer = Callable[[int], str]
"""A seat's name as the page shows it ("You", "West", "Seat 5")."""

SUIT_NOUN = {Suit.SPADES: "spade", Suit.HEARTS: "heart", Suit.DIAMONDS: "diamond", Suit.CLUBS: "club"}

_ASK = {
    str(phase): ask
    for phase, ask in (
        (Phase.BID, "bid or pass"),
        (Phase.NAME_TRUMP, "name the trump suit"),
        (Phase.BURY, "bury a trump"),
        (Phase.DISCARD, "pick the cards to throw away"),
        (Phase.CALL, "call a card for a partner"),
        (Phase.PLAY, "play a card"),
    )
}
"""What each phase asks of the player to act, for a refusal made in another phase."""

_CODE = r"(?P<code>[0-9TJQKA]{1,2}[SHDC]|JK[HL]?)"
_BY_CODE = {card.code: card for card in CARDS}


def label(code: str) -> str:
    """A card code as the page labels it (``7H`` is ``7♥``); anything else unchanged."""
    card = _BY_CODE.get(code)
    return card.label if card is not None else code


def _side(hand: Hand, seat: int | None) -> str:
    """Who a score belongs to, for the learner at ``seat``: "your team", or "your" alone."""
    rules = hand.rules
    return "your" if rules.num_teams == rules.players or seat is None else "your team's"


def refusal_words(exc: PitchError, hand: Hand, name: Namer) -> str:
    """What the page says when the engine refused the learner's action.

    ``hand`` is the hand that refused it (the engine leaves it unchanged), so
    the words can add what the learner needs: the lead, the highest bid.
    """
    if not isinstance(exc, IllegalAction):
        return cleaned(str(exc), name)
    rule, seat = exc.rule, exc.seat
    if rule.startswith("the hand is over"):
        return "The hand is over: press New hand to deal the next one."
    if m := re.fullmatch(r"it is seat (\d+)'s turn to (.+)", rule):
        who = name(int(m[1]))
        return f"Not yet: it is {'your' if who == 'You' else who + chr(39) + 's'} turn to {m[2]}."
    if m := re.fullmatch(rf"{_CODE} is not trump: a dead card.*", rule):
        return f"Only trump can be played: {label(m['code'])} is not trump, so it stays in your hand."
    if m := re.fullmatch(rf"seat \d+ holds {_CODE}, the card the bidder called, .*", rule):
        return f"You hold {label(m['code'])}, the card the bidder called: play it to this first trick."
    if m := re.fullmatch(rf"{_CODE} led trump, and seat \d+ holds trump: it must play one", rule):
        return f"Trump was led ({label(m['code'])}) and you hold trump, so you must play a trump."
    if m := re.fullmatch(rf"{_CODE} was led: seat \d+ holds that suit, .*", rule):
        lead = _BY_CODE[m["code"]]
        noun = SUIT_NOUN[lead.suit] if lead.suit is not None else "card of that suit"
        return (
            f"You must follow suit: {lead.label} was led and you hold a {noun}, "
            f"so play a {noun} (or a trump)."
        )
    if m := re.fullmatch(r"(?P<what>.+) is not in seat \d+'s hand", rule):
        return f"You do not hold {label(m['what'])}."
    if m := re.fullmatch(r"everyone else passed, so the dealer must bid (\d+)( or more)?", rule):
        return f"Everyone else passed, so as dealer you may not pass: bid {m[1]}{m[2] or ''}."
    if rule == "shooting the moon needs a score above zero":
        return f"You may shoot the moon only when {_side(hand, seat)} score is above zero."
    if m := re.fullmatch(r"a moon must be higher than the high bid so far \((\d+)\)", rule):
        return f"Shooting the moon is not allowed now: the highest bid so far is {m[1]}."
    if m := re.fullmatch(r"a bid is a whole number from (\d+) to (\d+)(?: or the moon \((\d+)\))?", rule):
        moon = " (or the moon)" if m[3] else ""
        return f"A bid is a whole number from {m[1]} to {m[2]}{moon}."
    if m := re.fullmatch(r"a bid must be higher than the high bid so far \((\d+)\)", rule):
        return f"That bid is too low: the highest bid so far is {m[1]}; bid more or pass."
    if rule == "the bidder names one of the four suits":
        return "Name one of the four suits as trump: spades, hearts, diamonds or clubs."
    if rule == "only a trump in the seat's own hand may be buried":
        card = getattr(exc.action, "card", None)
        what = f": {card.label} is not one of them" if isinstance(card, Card) else ""
        return f"Only one of your own trump may be buried{what}."
    if m := re.fullmatch(r"the hand is in the (.+) phase; .*", rule):
        ask = _ASK.get(m[1], f"{m[1]}")
        return f"Not now: it is time to {ask}."
    if m := re.fullmatch(r"(.+) has no throw-in", rule):
        return f"There is no throwing in under {m[1]}: play the hand you were dealt."
    if re.fullmatch(r"seat \d+ has already thrown in once this hand", rule):
        return "You have already thrown in once this hand: play this one."
    if rule == "only a hand whose highest card is a ten may be thrown in":
        return "You may throw in only a hand whose highest card is a ten."
    if rule == "only a hand of nothing but threes to nines may be thrown in":
        return "You may throw in only a hand of nothing but threes to nines."
    if m := re.fullmatch(r"(.+) does not let a player discard trump", rule):
        return f"Keep your trump: {m[1]} does not let you throw trump away."
    if rule == "a discard lists the cards thrown away":
        return "Pick the cards to throw away, then press Discard."
    if rule == "the bidder calls a card it does not hold itself":
        return "Call a card you do not hold: whoever holds it becomes your partner."
    if m := re.fullmatch(rf"{_CODE} was buried face up by seat (\d+): .*", rule):
        burier = name(int(m[2]))
        by = "you" if burier == "You" else burier
        return f"{label(m['code'])} was buried face up by {by}: call a card that is still hidden."
    if m := re.fullmatch(r"a (.+) may be called only by a bidder holding the other: .*", rule):
        return f"You may call a {m[1]} only if you hold the other one: otherwise two players would answer."
    if m := re.fullmatch(r"(.+) is not a card of the (.+) deck", rule):
        return f"{label(m[1])} is not in the {m[2]} deck."
    return cleaned(rule, name)


def cleaned(text: str, name: Namer) -> str:
    """Engine words made readable: seats named, card codes as labels, no "refused" jargon."""
    text = re.sub(r"^(?:seat \d+|nobody may act): .*? refused: ", "", text)
    text = re.sub(r"\bseat (\d+)", lambda m: name(int(m[1])), text)
    text = re.sub(rf"\b{_CODE}\b", lambda m: label(m["code"]), text)
    text = text.strip()
    if not text:
        return "That is not allowed now."
    return text[0].upper() + text[1:] + ("" if text.endswith((".", "!", "?")) else ".")


__all__ = ["SUIT_NOUN", "cleaned", "label", "refusal_words"]
