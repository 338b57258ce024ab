"""Classroom lesson 02, conditional probability (``notebooks/lessons/02-conditional-probability.ipynb``).

Once you have looked at your nine cards, the other 45 are a fair shuffle of
what you have not seen, so the same counting works with smaller numbers:
how knowing your own trump changes your partner's (:func:`given_rows`), and
exact chances beside simulated ones (:func:`comparison_table`).
"""

from __future__ import annotations

import functools
import math
import random
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

import ipywidgets as w
import plotly.graph_objects as go

from pitchlab.engine.cards import Card, Suit
from pitchlab.engine.presets import TEN_POINT
from pitchlab.engine.rules import Ruleset
from pitchlab.lessons.classroom.common import fraction_html
from pitchlab.odds.probability import (
    Distribution,
    at_least,
    mean,
    others_trump,
    percent,
    trump_in,
)
from pitchlab.odds.stats import Estimate, agrees
from pitchlab.ui import drawing, plots
from pitchlab.ui.classroom import Case, Choice, FigureBox, MultipleChoice, Redraw
from pitchlab.ui.markup import escape
from pitchlab.ui.pictures import Picture, table
from pitchlab.ui.widgets import View, classed


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


# ------------------------------------------------------------------ the working


def partner_chance(j: int, mine: int, unseen: int = 45, trump: int = 16, hand: int = 9) -> Fraction:
    """The chance your partner holds exactly `j` trump when you hold `mine`."""
    left = trump - mine  # trump among the cards you have not seen
    ways = math.comb(left, j) * math.comb(unseen - left, hand - j)  # partner hands with j of them
    return Fraction(ways, math.comb(unseen, hand))  # over every partner hand


# --------------------------------------------------------------- the gambler's stock


def next_card_trump(mine: int, plain_seen: int, trump: int = 16, unseen: int = 45) -> Fraction:
    """The chance the next card from the stock is trump, after you drew ``plain_seen`` cards that were not.

    Every card you have not seen is equally likely to be the next one, so it
    is the trump you have not seen over the cards you have not seen: a run of
    plain cards raises it, a little, only because those cards are now seen.
    """
    if not 0 <= mine <= trump or not 0 <= plain_seen <= min(unseen - 1, unseen - (trump - mine)):
        raise ValueError(f"no such stock: {mine} trump held, {plain_seen} plain cards drawn of {unseen}")
    return Fraction(trump - mine, unseen - plain_seen)


def next_card_trump_by_order(mine: int, plain_seen: int, trump: int = 16, unseen: int = 45) -> Fraction:
    """The same chance worked another way: ordered draws, P(``plain_seen`` plain then a trump) / P(the plain run).

    Counts sequences of cards drawn in order from the unseen cards, so it
    checks :func:`next_card_trump` without the "every card equally likely" step.
    """
    left = trump - mine
    plain = unseen - left
    run = math.perm(plain, plain_seen)  # ordered runs of plain cards
    return Fraction(run * left, run * (unseen - plain_seen))


def stock_question(held: int = 1, plain_run: int = 4, trump: int = 16, unseen: int = 45) -> MultipleChoice:
    """The gambler's fallacy in the stock: after a run of plain draws, is the next card more likely trump?"""
    left = trump - held
    first, then = next_card_trump(held, 0, trump, unseen), next_card_trump(held, plain_run, trump, unseen)
    a = f"{left}/{unseen} ≈ {percent(first)}"
    b = f"{left}/{unseen - plain_run} ≈ {percent(then)}"
    return MultipleChoice(
        f"You are first to draw. You hold {held} trump and draw from the stock; your first {plain_run} cards "
        f"are all plain. Setting aside what the bidding told you, and counting only the cards you have seen: "
        "is the next card more likely to be trump than your first draw was?",
        [
            Choice(
                f"Yes, much more likely: after {plain_run} plain cards in a row, a trump is due.",
                right=False,
                why=f"Nothing is due: the stock does not try to even out. The chance does rise, but only "
                f"from {a} to {b}, and only because the {plain_run} plain cards you drew are no longer among "
                "the cards you have not seen.",
            ),
            Choice(
                "No, exactly as likely as the first draw: the cards have no memory.",
                right=False,
                why="That is true of a die, or of a card put back and reshuffled. Here the cards you drew are "
                f"gone: {left} trump remain among {unseen - plain_run} unseen cards, {b}, not {a}.",
            ),
            Choice(
                f"A little more likely: {b} against {a} for the first draw.",
                right=True,
                why="Every card you have not seen is equally likely to be next. All the trump you have not "
                f"seen are still unseen, while {plain_run} plain cards are not: {left} trump of "
                f"{unseen - plain_run} cards. The rise is small, and it comes from seeing cards, not from a "
                "streak that wants to end. (These chances use only the cards you have seen; the bidding "
                "said where spades are likelier, and lesson 3 conditions on that too.)",
            ),
            Choice(
                f"Less likely: {plain_run} plain cards show the stock is short of trump.",
                right=False,
                why="Your draws say the top of the stock was plain, not that the rest is. The next card is "
                f"still any of the {unseen - plain_run} cards you have not seen with the same chance, and "
                f"{left} of them are trump: {b}.",
            ),
        ],
    )


# ------------------------------------------------------------------ the code exercise


def _library_at_least(k: int, mine: int) -> Fraction:
    """P(partner >= ``k`` trump | I hold ``mine``) from pitchlab's library, on a real hand with ``mine`` trump."""
    partner = others_trump(hand_with_trump(mine, Suit.SPADES, seed=mine), Suit.SPADES).partner
    return at_least(k, partner)


PARTNER_CASES: tuple[Case, ...] = (
    Case((3, 3), _library_at_least(3, 3), "you hold 3: partner holds 3 or more (the lesson's 51.78%)"),
    Case((0, 5), Fraction(1), "at least none: always"),
    Case((1, 0), _library_at_least(1, 0), "you hold none: partner holds at least one"),
    Case((4, 6), _library_at_least(4, 6), "you hold 6: partner holds 4 or more"),
    Case((8, 9), _library_at_least(8, 9), "you hold 9: partner holds 8 or more (only 7 are left)"),
)
"""The checks of lesson 2's code exercise, ``partner_at_least(k, mine)``: each expected value from
pitchlab's library on a real hand holding ``mine`` spade trump."""


# ------------------------------------------------------------------ the slider


@functools.cache
def partner_given(mine: int, unseen: int = 45, trump: int = 16, hand: int = 9) -> Distribution:
    """Your partner's trump distribution when you hold ``mine`` (cached: a slider move only looks it up)."""
    return {j: partner_chance(j, mine, unseen, trump, hand) for j in range(hand + 1)}


class PartnerTrumpSlider(View):
    """The partner's trump against your own count: move the slider, the exact distribution redraws.

    Only the number of trump you hold matters (which suit you would name does
    not: every suit has 16 trump), so one slider is the whole question. Each
    move looks up a cached exact distribution and draws one small figure, well
    under the 250 ms a slider may take. Stable CSS classes: ``pl-slider``,
    ``pl-partner-slider``, ``pl-slider-words``, ``pl-plot``.
    """

    def __init__(self, mine: int = 3, rules: Ruleset = TEN_POINT) -> None:
        self.rules = rules
        self.hand = rules.hand_size
        self.unseen = len(rules.deck) - rules.hand_size
        self.trump = len(rules.trump_cards(Suit.SPADES))
        self.before = partner_given(0, len(rules.deck), self.trump, self.hand)  # nine of 54, nothing seen
        top = min(self.hand, self.trump)
        self.slider = classed(
            w.IntSlider(
                value=min(max(mine, 0), top),
                min=0,
                max=top,
                step=1,
                description="your trump",
                continuous_update=False,
                readout=True,
                style={"description_width": "initial"},
                layout=w.Layout(width="min(420px, 95%)"),
            ),
            "pl-slider",
        )
        self.slider.observe(lambda change: self.redraw(int(change["new"])), names="value")
        self.words = classed(w.HTML(), "pl-slider-words")
        self.chart = FigureBox()
        self.chart.output.layout.min_height = "430px"
        self.plot = self.chart.output
        self._figures: dict[int, go.Figure] = {}
        """Each count's figure, built once: building a plotly figure is most of a redraw."""
        self.redraw_seconds = 0.0
        """How long the last redraw took (compute + figure), for the 250 ms budget."""
        self.widget = classed(w.VBox([self.slider, self.words, self.plot]), "pl-lesson", "pl-partner-slider")
        self.redraw(self.mine)

    @property
    def mine(self) -> int:
        return int(self.slider.value)

    @property
    def figure(self) -> go.Figure:
        """The figure on the page now."""
        return self.chart.figure

    @property
    def partner(self) -> Distribution:
        return partner_given(self.mine, self.unseen, self.trump, self.hand)

    def describe(self, m: int | None = None) -> str:
        """The figure's message in words: how many trump are left unseen, the average, two tail chances."""
        m = self.mine if m is None else m
        dist = partner_given(m, self.unseen, self.trump, self.hand)
        left = self.trump - m
        return (
            f"You hold <b>{m}</b> of the {self.trump} trump, so <b>{left}</b> of the {self.unseen} cards "
            f"you have not seen are trump. Your partner's {self.hand} cards come from those {self.unseen}: "
            f"on average {left}×{self.hand}/{self.unseen} = <b>{float(mean(dist)):.2f}</b> trump "
            f"(before looking: {float(mean(self.before)):.2f}); "
            f"3 or more with chance <b>{percent(at_least(3, dist))}</b> "
            f"(before looking: {percent(at_least(3, self.before))}); none with chance "
            f"<b>{percent(dist[0])}</b>."
        )

    def figure_for(self, m: int) -> go.Figure:
        """Your partner's distribution given ``m`` beside the one before looking, in percent."""
        dist = partner_given(m, self.unseen, self.trump, self.hand)
        ks = list(range(self.hand + 1))
        fig = go.Figure()
        fig.add_bar(
            x=ks,
            y=[float(dist[k]) * 100 for k in ks],
            name=f"you hold {m}",
            marker={"color": plots.BLUE},
            hovertemplate="%{x} trump: %{y:.2f}%<extra></extra>",
        )
        fig.add_bar(
            x=ks,
            y=[float(self.before[k]) * 100 for k in ks],
            name="before looking",
            marker={"color": plots.GREY},
            hovertemplate="%{x} trump: %{y:.2f}%<extra></extra>",
        )
        fig.update_layout(barmode="group", bargap=0.18)
        fig.update_xaxes(dtick=1)
        fig.update_yaxes(range=[0, 45])
        return plots.layout(  # short titles and room above the plot: the legend wraps on a phone
            fig,
            f"Partner's trump when you hold {m} (exact)",
            f"partner's trump (cards, of {self.hand})",
            "probability (%)",
            top=110,
        )

    def redraw(self, m: int) -> None:
        """One slider move to ``m``: the words, and the figure (built on the first visit to ``m``)."""
        start = time.perf_counter()
        if m not in self._figures:
            self._figures[m] = self.figure_for(m)
        self.words.value = self.describe(m)
        self.chart.draw(self._figures[m])
        self.redraw_seconds = time.perf_counter() - start

    def redraw_cases(self) -> Iterator[tuple[str, Callable[[], object]]]:
        """The slider benchmark's cases (:class:`pitchlab.ui.classroom.Redraw`): a count's first
        drawing (its figure built from nothing) and a count drawn before (figure reused)."""

        def first() -> None:
            self._figures.pop(7, None)
            self.redraw(7)

        yield "a count drawn for the first time", first
        yield "a count drawn before", lambda: self.redraw(3)


REDRAWS: tuple[Callable[[], Redraw], ...] = (PartnerTrumpSlider,)
"""Lesson 2's slider views, for the slider benchmark (``benchmarks/sliders.py``)."""


__all__ = [
    "PARTNER_CASES",
    "REDRAWS",
    "GivenRow",
    "PartnerTrumpSlider",
    "comparison_table",
    "given_rows",
    "given_table",
    "hand_with_trump",
    "next_card_trump",
    "next_card_trump_by_order",
    "partner_chance",
    "partner_given",
    "stock_question",
]
