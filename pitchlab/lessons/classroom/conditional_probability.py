"""Classroom lesson 02, conditional probability (``notebooks/lessons/02-conditional-probability.ipynb``).

Once you have looked at your nine cards, the other 45 are a fair shuffle of
what you have not seen, so the same counting works with smaller numbers:
how knowing your own trump changes your partner's (:func:`given_rows`), and
exact chances beside simulated ones (:func:`comparison_table`).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from html import escape

from pitchlab.engine.cards import Card, Suit
from pitchlab.engine.rules import TEN_POINT, Ruleset
from pitchlab.lessons.classroom.common import fraction_html
from pitchlab.odds.probability import Distribution, percent, trump_in
from pitchlab.odds.stats import Estimate, agrees
from pitchlab.ui import drawing
from pitchlab.ui.pictures import Picture, table


def hand_with_trump(
    m: int,
    suit: Suit = Suit.SPADES,
    *,
    without: Sequence[Card] = (),
    seed: int = 0,
    rules: Ruleset = TEN_POINT,
) -> tuple[Card, ...]:
    """An example hand holding exactly ``m`` trump of ``suit``, none of the cards in ``without``.

    The conditional lessons ask "given that I hold ``m`` trump"; the exact
    helpers and the simulations want a real hand, and only ``m`` matters to
    the partner's count, so any such hand will do. ``seed`` picks which.
    """
    if not 0 <= m <= rules.hand_size:
        raise ValueError(f"a hand of {rules.hand_size} cannot hold {m} trump")
    rng = random.Random(seed)
    deck = list(rules.deck)
    for card in without:
        deck.remove(card)
    trump = [c for c in deck if rules.is_trump(c, suit)]
    plain = [c for c in deck if not rules.is_trump(c, suit)]
    if m > len(trump) or rules.hand_size - m > len(plain):
        raise ValueError(f"not enough cards left to hold {m} trump of {suit.name.lower()}")
    chosen = rng.sample(trump, m) + rng.sample(plain, rules.hand_size - m)
    return (*trump_in(chosen, suit, rules), *(c for c in chosen if not rules.is_trump(c, suit)))


@dataclass(frozen=True)
class GivenRow:
    """How knowing my own trump count changes the chance my partner holds at least ``k``."""

    mine: int
    chance_of_mine: Fraction
    """The chance I am dealt ``mine`` trump at all."""
    partner_at_least: Fraction
    """The chance my partner holds at least ``k`` trump, given ``mine``."""


def given_rows(partner: Mapping[int, Distribution], named: Mapping[int, Fraction], k: int) -> list[GivenRow]:
    """One row per count of my own trump: how likely that count is, and P(partner >= ``k``) given it.

    ``partner[m]`` is the partner's distribution when I hold ``m`` (from
    :func:`pitchlab.odds.probability.others_trump`); ``named`` is the chance of
    each ``m`` before looking. Weighting the rows by ``named`` gives back the
    unconditional answer: the law of total probability.
    """
    return [
        GivenRow(m, named[m], sum((p for j, p in dist.items() if j >= k), Fraction(0)))
        for m, dist in sorted(partner.items())
    ]


def given_table(rows: Sequence[GivenRow], k: int, unconditional: Fraction) -> Picture:
    """The rows as a table, the answer without looking at my hand at the foot for contrast."""
    body = [
        [
            str(r.mine),
            percent(r.chance_of_mine),
            f"<b>{percent(r.partner_at_least)}</b>",
            f"{float(r.partner_at_least / unconditional):.2f}×",
        ]
        for r in rows
    ]
    body.append(["not looked", "", f"<b>{percent(unconditional)}</b>", "1.00×"])
    return table(
        ["my trump", "chance I hold that many", f"P(partner ≥ {k} trump)", "vs not looking"],
        body,
        "Each row counts over the 45 cards I have not seen: 16 minus my trump of them are trump, "
        "and my partner holds 9 of them.",
    )


def comparison_table(rows: Sequence[tuple[str, Fraction, Estimate]]) -> Picture:
    """Exact chances beside simulated ones: place, exact fraction, percent, estimate, and whether they agree.

    "Agrees" is :func:`pitchlab.odds.stats.agrees`: within four standard errors.
    """
    body = [
        [
            escape(name),
            fraction_html(exact),
            percent(exact),
            escape(str(est)),
            "yes" if agrees(est, exact) else f'<b style="color:{drawing.RED}">NO</b>',
        ]
        for name, exact, est in rows
    ]
    return table(["where", "exact", "percent", "simulated", "agrees (4 SE)"], body)


__all__ = ["GivenRow", "comparison_table", "given_rows", "given_table", "hand_with_trump"]
