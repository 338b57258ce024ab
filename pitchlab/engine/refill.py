"""How many cards a seat draws in the refill: the one definition of the count.

Once trump is named, each seat in turn from the dealer's left keeps its trump and draws from
the stock back up to the ruleset's ``refill_to`` cards. A seat that kept that many trump or more
draws nothing, and when the stock runs short a seat gets what is left (the Ruling on a short
stock). The engine's refill deals the cards by this count (read from :func:`draw_table`); the
odds, the lessons and the pages that reason from the counts alone (a seat drew two, so it kept
four trump) ask here too, so the rule is written once: ``tests/test_layers.py`` checks that no
module outside the engine does arithmetic with ``refill_to``.
"""

from __future__ import annotations

from collections.abc import Sequence

from pitchlab.engine.rules import Ruleset
from pitchlab.engine.seats import speaking_order


def cards_wanted(kept: int, rules: Ruleset) -> int:
    """The cards a seat that kept ``kept`` trump asks the stock for: back up to ``refill_to``."""
    return max(0, rules.refill_to - kept)


def cards_drawn(kept: int, left: int, rules: Ruleset) -> int:
    """The cards a seat that kept ``kept`` trump draws with ``left`` in the stock: what it asks
    for, or what is left when that is less."""
    return min(cards_wanted(kept, rules), left)


def draw_counts(kept: Sequence[int], dealer: int, rules: Ruleset) -> tuple[int, ...]:
    """The cards each seat draws, by seat, when each keeps ``kept[seat]`` trump and every seat
    draws in turn from the dealer's left (a bidder who waits for the rest of the stock is the
    engine's own case, see :attr:`Ruleset.bidder_refills_last`)."""
    left = rules.stock_size
    drawn = [0] * rules.players
    for seat in speaking_order(dealer, rules.players):
        drawn[seat] = cards_drawn(kept[seat], left, rules)
        left -= drawn[seat]
    return tuple(drawn)


def draw_table(rules: Ruleset) -> tuple[tuple[int, ...], ...]:
    """:func:`cards_drawn` for every ``kept`` (0 to the whole deck, so no holding falls outside)
    and ``left`` (0 to the stock), as ``table[kept][left]``: what the engine's refill and array
    code index, one deal or many at once, instead of spelling the rule again (built once per
    ruleset: read it as ``engine.lookups.lookups(rules).draws``)."""
    return tuple(
        tuple(cards_drawn(kept, left, rules) for left in range(rules.stock_size + 1))
        for kept in range(len(rules.deck) + 1)
    )


__all__ = ["cards_drawn", "cards_wanted", "draw_counts", "draw_table"]
