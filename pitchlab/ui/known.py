"""The app's "What you know" panel: the trump and the points a learner's seat has not seen.

Everything here is counted from the seat's :class:`~pitchlab.engine.view.SeatView`
(:meth:`~pitchlab.engine.view.SeatView.unseen_cards`: the deck less what the seat has
seen), so the panel never tells a learner more than their seat knows, and a card the
deck holds twice (the identical jokers) is counted once per copy still out.
"""

from __future__ import annotations

from collections.abc import Sequence

from pitchlab.engine.cards import Card
from pitchlab.engine.rules import Ruleset
from pitchlab.engine.view import SeatView
from pitchlab.ui import drawing, rule_words
from pitchlab.ui.markup import Markup, escape, html
from pitchlab.ui.widgets import readable


def unseen_points(view: SeatView) -> list[tuple[Card, int]]:
    """Each point card of trump the seat has not seen, with its points, high to low, a
    duplicated card once per unseen copy (empty before trump is known)."""
    if view.trump is None:
        return []
    suit = view.trump
    return [(c, p) for c in view.unseen_trump() if (p := view.rules.points_of(c, suit))]


def unseen_places(rules: Ruleset) -> list[str]:
    """Where a trump the seat has not seen may be, from the ruleset's deal and exchange: another
    hand, the stock (where not every card is dealt), or another player's discards (only where
    a player may throw trump away)."""
    places = ["in another hand"]
    if rules.players * rules.hand_size < len(rules.deck):
        places.append("among the cards left in the stock")
    if rules.exchange == "discard-draw" and rules.discard_trump:
        places.append("among the cards another player threw away")
    return places


def known_html(view: SeatView, others: Sequence[str]) -> Markup:
    """The panel for ``view``'s seat; ``others`` names the other seats (who may hold what is out)."""
    rules, suit = view.rules, view.trump
    if suit is None:
        if rules.trump_choice == "first-lead":
            return escape(
                "Once the first card is led (its suit is trump), this panel counts the trump still out."
            )
        return escape("Once trump is named, this panel counts the trump still out.")
    unseen, total = len(view.unseen_trump()), len(rules.trump_cards(suit))
    if not drawing.every_trump_in_play(rules):
        dealt = rules.players * rules.hand_size
        where = rule_words.words_list(unseen_places(rules), "or")
        return html(
            "<div>You have not seen <b>{unseen}</b> of the {total} trump.</div>"
            "<div>Only {dealt} of the {deck} cards are dealt in {name}, so each of them may be {where}.</div>",
            unseen=unseen,
            total=total,
            dealt=dealt,
            deck=len(rules.deck),
            name=rules.name,
            where=where,
        )
    out = html(
        "<div><b>{}</b> of {} trump are still out (not in your hand, buried or played).</div>", unseen, total
    )
    points = unseen_points(view)
    if not points:
        return out + Markup("<div>Every point card has been played, buried or is in your hand.</div>")
    listed = ", ".join(f"{card.label} ({p})" for card, p in points)
    worth = sum(p for _, p in points)
    return out + html(
        "<div>Point cards still out, <b>{worth}</b> point{s} in all: {listed}; each is with one of {others}.</div>",
        worth=worth,
        s="" if worth == 1 else "s",
        listed=readable(listed),
        others=", ".join(others),
    )
