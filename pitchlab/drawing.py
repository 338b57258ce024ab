"""Pictures of cards as SVG text (no widget or notebook dependency).

The core imports this module only inside ``_repr_html_``, so the engine never
pays for drawing code it does not use.
"""

from __future__ import annotations

from html import escape

from pitchlab.cards import Card

RED = "#c0392b"
BLACK = "#1b1b1b"
FOUR_COLOUR = {"S": "#1b1b1b", "H": "#c0392b", "D": "#1f5fbf", "C": "#1e8449"}
"""Suit colours of a four-colour deck, easier to tell apart for colour-blind readers."""


def card_colour(card: Card, four_colour: bool = False) -> str:
    suit = card.suit
    if four_colour and suit is not None:
        return FOUR_COLOUR[suit.letter]
    return RED if card.is_red else BLACK


def card_svg(card: Card, width: int = 56, four_colour: bool = False) -> str:
    """An SVG face of one card: rank and suit symbol in the suit's colour."""
    height = round(width * 1.4)
    colour = card_colour(card, four_colour)
    if card.is_joker:
        corner, centre = "JK", "★"
    else:
        corner = card.label[:-1]
        centre = card.label[-1]
    label = escape(card.label)
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 100 140" role="img" aria-label="{label}">'
        f"<title>{label}</title>"
        '<rect x="2" y="2" width="96" height="136" rx="10" fill="white" stroke="#555" stroke-width="3"/>'
        f'<text x="10" y="34" font-family="sans-serif" font-size="30" font-weight="bold" fill="{colour}">'
        f"{escape(corner)}</text>"
        f'<text x="50" y="100" font-family="sans-serif" font-size="54" text-anchor="middle" fill="{colour}">'
        f"{escape(centre)}</text>"
        "</svg>"
    )


def card_html(card: Card) -> str:
    """HTML for one card, as Jupyter shows it."""
    return f'<span class="pl-card pl-card-{card.code}" style="display:inline-block">{card_svg(card)}</span>'
