"""Static pictures a page shows as the value of a cell, and the order a hand is sorted in for them.

They are plain HTML, not widgets: a lesson's last line returns one and Jupyter
or Voilà draws it (:class:`Picture`). The tutorial pages, the classroom lessons
and the what-if explorer all sort and draw hands the same way, so this lives in
the ``ui`` wing where each of them can reach it.
"""

from __future__ import annotations

from collections.abc import Iterable

from pitchlab.engine.cards import Card, Suit

SUIT_ORDER = (Suit.SPADES, Suit.HEARTS, Suit.CLUBS, Suit.DIAMONDS)
"""Suits in the order a hand is sorted: colours alternate, so the eye separates them."""


class Picture:
    """Static HTML that shows itself in Jupyter and Voilà (an SVG, a table)."""

    def __init__(self, html: str) -> None:
        self.html = html

    def _repr_html_(self) -> str:
        return self.html


def sort_hand(cards: Iterable[Card]) -> list[Card]:
    """Cards grouped by suit (spades, hearts, clubs, diamonds: colours alternate), high first; jokers last."""

    def key(card: Card) -> tuple[int, int]:
        if card.suit is None or card.rank is None:
            return (len(SUIT_ORDER), 0)
        return (SUIT_ORDER.index(card.suit), -int(card.rank))

    return sorted(cards, key=key)


__all__ = ["SUIT_ORDER", "Picture", "sort_hand"]
