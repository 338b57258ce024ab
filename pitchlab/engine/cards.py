"""Cards, suits and ranks, and the card notation of hand records.

A :class:`Card` is a small ``int`` (0-54) so that hands, decks and tricks are
cheap to store, hash and compare. Codes follow the hand-record notation: rank
then suit, ``AS`` ``TH`` ``2C``, with ``JK`` for a joker (``JKH`` and ``JKL``
where a ruleset's jokers are distinct). Parsing is forgiving (``10h``, ``Q♠``,
``jk``); output is always canonical ASCII.
"""

from __future__ import annotations

import enum
import re
from collections.abc import Callable, Iterable
from typing import ClassVar

from pitchlab.engine.errors import CardError


class Suit(enum.IntEnum):
    """The four suits; the value is the suit's index in the deck order."""

    SPADES = 0
    HEARTS = 1
    DIAMONDS = 2
    CLUBS = 3

    @property
    def letter(self) -> str:
        return "SHDC"[self]

    @property
    def symbol(self) -> str:
        return "♠♥♦♣"[self]

    @property
    def is_red(self) -> bool:
        return self in (Suit.HEARTS, Suit.DIAMONDS)

    @property
    def sibling(self) -> Suit:
        """The other suit of the same colour: the home of the off-jack."""
        return _SIBLING[self]

    @classmethod
    def parse(cls, text: str) -> Suit:
        """Read a suit from a letter or a symbol, any case."""
        key = text.strip().upper()
        if key in _SUIT_BY_TEXT:
            return _SUIT_BY_TEXT[key]
        raise CardError(f"not a suit: {text!r} (use S, H, D, C or ♠ ♥ ♦ ♣)")

    def __str__(self) -> str:
        return self.letter


_SIBLING = {
    Suit.SPADES: Suit.CLUBS,
    Suit.CLUBS: Suit.SPADES,
    Suit.HEARTS: Suit.DIAMONDS,
    Suit.DIAMONDS: Suit.HEARTS,
}
_SUIT_BY_TEXT = (
    {s.letter: s for s in Suit}
    | {s.symbol: s for s in Suit}
    | {
        "♤": Suit.SPADES,
        "♡": Suit.HEARTS,
        "♢": Suit.DIAMONDS,
        "♧": Suit.CLUBS,
    }
)


class Rank(enum.IntEnum):
    """Natural card ranks, two low to ace high (trump order is the ruleset's)."""

    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14

    @property
    def letter(self) -> str:
        return "23456789TJQKA"[self - 2]

    def __str__(self) -> str:
        return self.letter


RANK_LETTERS = "23456789TJQKA"
JOKER = 52
"""Index of the joker of rulesets whose two jokers are identical (code ``JK``)."""
HIGH_JOKER = 53
"""Index of the high joker where jokers are distinct (code ``JKH``)."""
LOW_JOKER = 54
"""Index of the low joker where jokers are distinct (code ``JKL``)."""

_JOKER_CODES = {JOKER: "JK", HIGH_JOKER: "JKH", LOW_JOKER: "JKL"}


def _code_of(index: int) -> str:
    if index in _JOKER_CODES:
        return _JOKER_CODES[index]
    return RANK_LETTERS[index % 13] + "SHDC"[index // 13]


class Card(int):
    """One card. ``Card('TH')`` parses a code; ``Card(34)`` takes an index.

    Indices 0-51 are ``suit * 13 + (rank - 2)``; 52 is the joker ``JK``, 53 and
    54 the distinct ``JKH`` and ``JKL``. Instances are shared, so a card costs
    no more than the int it is.
    """

    __slots__ = ()
    _all: ClassVar[tuple[Card, ...]]

    def __new__(cls, value: int | str) -> Card:
        if isinstance(value, str):
            return parse_card(value)
        if isinstance(value, int) and 0 <= value <= LOW_JOKER:
            try:
                return cls._all[value]
            except AttributeError:  # while the table itself is being built
                return super().__new__(cls, value)
        raise CardError(f"not a card index: {value!r} (expected 0-{LOW_JOKER})")

    @property
    def code(self) -> str:
        """The canonical ASCII code, e.g. ``TH`` or ``JK``."""
        return _CODES[self]

    @property
    def is_joker(self) -> bool:
        return self >= JOKER

    @property
    def suit(self) -> Suit | None:
        """The printed suit; ``None`` for a joker (looked up: bots ask it in every decision,
        and calling ``Suit`` costs several times a tuple's index)."""
        return _SUIT_OF[self]

    @property
    def rank(self) -> Rank | None:
        """The printed rank; ``None`` for a joker (looked up, as :attr:`suit`)."""
        return _RANK_OF[self]

    @property
    def is_red(self) -> bool:
        """Hearts, diamonds and the high joker print red."""
        suit = self.suit
        return suit.is_red if suit is not None else self != LOW_JOKER

    @property
    def label(self) -> str:
        """A short human label with the suit symbol, e.g. ``10♥`` or ``Joker``."""
        if self == JOKER:
            return "Joker"
        if self == HIGH_JOKER:
            return "High joker"
        if self == LOW_JOKER:
            return "Low joker"
        rank = "10" if self % 13 == 8 else RANK_LETTERS[self % 13]
        return rank + "♠♥♦♣"[self // 13]

    def __repr__(self) -> str:
        return f"Card({self.code!r})"

    def __str__(self) -> str:
        return self.code

    def __format__(self, spec: str) -> str:
        return format(self.code, spec)

    def __reduce__(self) -> tuple[type[Card], tuple[int]]:
        return (Card, (int(self),))

    def _repr_html_(self) -> str | None:
        return None if _picture is None else _picture(self)


_picture: Callable[[Card], str] | None = None
"""How a notebook draws a card (``None``: as text). The engine draws nothing itself;
:mod:`pitchlab.ui.drawing` hands it its picture through :func:`show_cards_as`."""


def show_cards_as(picture: Callable[[Card], str] | None) -> None:
    """Draw every card in a notebook with ``picture`` (HTML text), or as text with ``None``."""
    global _picture  # noqa: PLW0603 -- one display per process, set once by the drawing layer
    _picture = picture


Card._all = tuple(Card(i) for i in range(LOW_JOKER + 1))
_SUIT_OF: tuple[Suit | None, ...] = tuple(None if i >= JOKER else Suit(i // 13) for i in range(LOW_JOKER + 1))
_RANK_OF: tuple[Rank | None, ...] = tuple(
    None if i >= JOKER else Rank(i % 13 + 2) for i in range(LOW_JOKER + 1)
)
_CODES = tuple(_code_of(i) for i in range(LOW_JOKER + 1))
CARDS: tuple[Card, ...] = Card._all
"""Every card value, indexed by its number."""

_BY_CODE: dict[str, Card] = {}
for _card in CARDS:
    _BY_CODE[_card.code] = _card
    if not _card.is_joker and _card.code[0] == "T":
        _BY_CODE["10" + _card.code[1]] = _card


def parse_card(text: str) -> Card:
    """Read one card code: ``'TH'``, ``'10h'``, ``'Q♠'``, ``'jk'``, ``'JKL'``."""
    if not isinstance(text, str):
        raise CardError(f"not a card: {text!r} (expected a code like 'TH' or 'JK')")
    key = text.strip().upper()
    for symbol, letter in _SYMBOLS:
        key = key.replace(symbol, letter)
    card = _BY_CODE.get(key)
    if card is None:
        raise CardError(f"not a card: {text!r} (rank A K Q J T 9-2 then suit S H D C, or JK)")
    return card


_SYMBOLS = tuple(
    (sym, suit.letter) for sym, suit in _SUIT_BY_TEXT.items() if len(sym) == 1 and not sym.isalpha()
)


def parse_cards(text: str | Iterable[str]) -> list[Card]:
    """Read several codes from a list or from text split on spaces or commas."""
    items = text.replace(",", " ").split() if isinstance(text, str) else list(text)
    return [parse_card(item) for item in items]


def format_cards(cards: Iterable[int]) -> str:
    """Canonical codes joined by spaces."""
    return " ".join(_CODES[c] for c in cards)


def standard_card(rank: Rank | int, suit: Suit | int) -> Card:
    """The card of a printed rank and suit."""
    return CARDS[int(suit) * 13 + int(rank) - 2]


_RANK_NAMES = {11: "jack", 12: "queen", 13: "king", 14: "ace"}
_JOKER_NAMES = {JOKER: "joker", HIGH_JOKER: "high joker", LOW_JOKER: "low joker"}


def card_name(card: Card) -> str:
    """A card in words, as a screen reader should say it: ``jack of diamonds``, ``10 of hearts``,
    ``high joker``. The symbols of :attr:`Card.label` are read aloud as "black heart suit"."""
    if card.is_joker:
        return _JOKER_NAMES[card]
    assert card.rank is not None and card.suit is not None
    return f"{_RANK_NAMES.get(card.rank, str(int(card.rank)))} of {card.suit.name.lower()}"


_LABEL_IN_TEXT = re.compile(r"\b(10|[2-9AKQJ])([♠♥♦♣])|([♠♥♦♣])( (?:spades|hearts|diamonds|clubs)\b)?")


def spoken(text: str) -> str:
    """A line of the app (``East plays A♠``, ``names ♠ spades``) with its cards and suit symbols
    in words, for a screen reader: ``East plays ace of spades``, ``names spades``."""
    return "".join(said for _shown, said in spoken_parts(text))


def spoken_parts(text: str) -> list[tuple[str, str]]:
    """``text`` cut into pieces, each as shown and as said: ``[("East plays ", "East plays "),
    ("A♠", "ace of spades")]``. A page shows the first and gives a screen reader the second."""
    parts: list[tuple[str, str]] = []
    at = 0
    for match in _LABEL_IN_TEXT.finditer(text):
        if match.start() > at:
            plain = text[at : match.start()]
            parts.append((plain, plain))
        if match.group(1):
            said = card_name(parse_card(match.group(1) + match.group(2)))
        elif match.group(4):  # a symbol followed by the suit's name: say the name once
            said = match.group(4).strip()
        else:
            said = Suit.parse(match.group(3)).name.lower()
        parts.append((match.group(0), said))
        at = match.end()
    if at < len(text):
        parts.append((text[at:], text[at:]))
    return parts
