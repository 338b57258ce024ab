"""Tutorial page 01, welcome (``tutorial/01-welcome.ipynb``): the table from your chair and what scores.

The pictures are plain HTML (:class:`~pitchlab.ui.pictures.Picture`) drawn
from the ruleset, so the page's numbers cannot drift from the rules.
"""

from __future__ import annotations

from pitchlab.engine.cards import Card, Suit
from pitchlab.engine.presets import TEN_POINT
from pitchlab.engine.rules import Ruleset
from pitchlab.ui import drawing
from pitchlab.ui.pictures import Picture
from pitchlab.ui.session import seat_name


def seating_picture(dealer: int = 3) -> Picture:
    """The table from your chair: you at the bottom, your partner across, opponents left and right."""
    names = [seat_name(s) for s in range(4)]
    return Picture(drawing.table_svg(names, dealer=dealer, bids=[""] * 4, hand_sizes=[9] * 4, width=520))


def point_rows(suit: Suit = Suit.HEARTS, rules: Ruleset = TEN_POINT) -> list[tuple[Card, str, int, str]]:
    """The point cards when ``suit`` is trump, from the ruleset: (card, what it is, points, who scores it).

    A role that stands for two cards (the joker) gives one row per card. The
    awards some rulesets add (High, Low, Game) are in :func:`drawing.point_rows`.
    """
    return [(card, what, points, who) for card, what, points, who in drawing.point_rows(suit, rules) if card]


def points_table(suit: Suit = Suit.HEARTS, rules: Ruleset = TEN_POINT) -> Picture:
    """Everything that scores, the point cards drawn as cards, with their points and who scores them."""
    return Picture(drawing.points_table(suit, rules))


def points_sum(rules: Ruleset = TEN_POINT, suit: Suit = Suit.HEARTS) -> str:
    """The point cards added up, as one line of text."""
    rows = drawing.point_rows(suit, rules)
    terms = " + ".join(
        f"{card.label if card is not None else what.split(':')[0]} {points}" for card, what, points, _ in rows
    )
    when = "in every hand" if drawing.points_exact(rules) else "at most in a hand"
    return f"{terms} = {sum(points for _, _, points, _ in rows)} points {when}"


__all__ = ["point_rows", "points_sum", "points_table", "seating_picture"]
