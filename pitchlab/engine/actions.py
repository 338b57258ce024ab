"""The actions a player takes, as small immutable values.

``legal_actions()`` hands out shared instances, so building and comparing them
is cheap; constructing a new one (``Bid(5)``) is just as valid.
"""

from __future__ import annotations

from dataclasses import dataclass

from pitchlab.engine.cards import Card, Suit


def _code(card: object) -> str:
    """A card's code; for a malformed action (a card that is not one), what it holds instead."""
    return getattr(card, "code", repr(card))[:40]


@dataclass(frozen=True, slots=True)
class Pass:
    """Decline to bid."""

    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True, slots=True)
class Bid:
    """Bid to take at least ``value`` points."""

    value: int

    def __str__(self) -> str:
        return f"bid {self.value}"


@dataclass(frozen=True, slots=True)
class NameTrump:
    """The bidder names the trump suit."""

    suit: Suit

    def __str__(self) -> str:
        return f"name trump {getattr(self.suit, 'letter', repr(self.suit))}"


@dataclass(frozen=True, slots=True)
class Bury:
    """Lay one extra trump face up (a player holding more trump than may be played)."""

    card: Card

    def __str__(self) -> str:
        return f"bury {_code(self.card)}"


@dataclass(frozen=True, slots=True)
class Play:
    """Play a card to the current trick."""

    card: Card

    def __str__(self) -> str:
        return f"play {_code(self.card)}"


@dataclass(frozen=True, slots=True)
class Discard:
    """Throw these cards away face down and draw as many from the stock (possibly none)."""

    cards: tuple[Card, ...]

    def __str__(self) -> str:
        cards = self.cards if isinstance(self.cards, tuple) else (self.cards,)
        return "discard " + (" ".join(_code(c) for c in cards) or "nothing")


@dataclass(frozen=True, slots=True)
class Call:
    """The bidder calls a card: whoever holds it is the bidder's partner for this hand."""

    card: Card

    def __str__(self) -> str:
        return f"call {_code(self.card)}"


@dataclass(frozen=True, slots=True)
class ThrowIn:
    """Show a hand the rules let a player refuse, and ask for a new deal."""

    def __str__(self) -> str:
        return "throw in"


Action = Pass | Bid | NameTrump | Bury | Play | Discard | Call | ThrowIn

PASS = Pass()
THROW_IN = ThrowIn()
