"""Classroom lesson 01, counting hands (``notebooks/lessons/01-counting-hands.ipynb``).

A hand is a choice of cards, every choice equally likely, so a chance is a
count of hands over all hands. A deck of ten cards is small enough to list
every hand and see the formula is right (:class:`MiniDeck`); the real count is
laid out factor by factor (:func:`counting_rows`). The notebook only asks
questions and prints answers; everything with a loop or a rule in it lives
here, where a test can reach it. Exact numbers stay
:class:`~fractions.Fraction` until a figure needs a float.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from pitchlab.engine.presets import TEN_POINT
from pitchlab.engine.rules import Ruleset
from pitchlab.lessons.classroom.common import fraction_html
from pitchlab.odds.probability import Distribution, at_least, percent, trump_count_distribution
from pitchlab.ui import plots
from pitchlab.ui.classroom import Case, Choice, MultipleChoice
from pitchlab.ui.pictures import Picture, table


@dataclass(frozen=True)
class MiniDeck:
    """A deck small enough to list every hand: ``size`` cards of which ``trump`` are trump.

    The real question (nine cards of 54) has 5,317,936,260 hands, far too many
    to look at; ten cards dealt three at a time have 120, few enough to print.
    Listing them all and counting is the check a class can trust without any
    formula, and it gives the same numbers as ``C(trump, k)·C(others, hand-k)``.
    """

    size: int = 10
    trump: int = 4
    hand: int = 3

    def __post_init__(self) -> None:
        if not 0 <= self.trump <= self.size or not 0 <= self.hand <= self.size:
            raise ValueError(f"a mini deck needs 0 <= trump, hand <= size, not {self}")

    def cards(self) -> tuple[str, ...]:
        """The cards by name: trump ``T1``, ``T2``, ... then the others ``x1``, ``x2``, ..."""
        others = self.size - self.trump
        return tuple(f"T{i}" for i in range(1, self.trump + 1)) + tuple(f"x{i}" for i in range(1, others + 1))

    def hands(self) -> Iterator[tuple[str, ...]]:
        """Every hand, each once: all ways to choose ``hand`` of the cards, order ignored."""
        return itertools.combinations(self.cards(), self.hand)

    def tally(self) -> dict[int, int]:
        """How many hands hold each number of trump, 0 to ``hand``, by looking at every hand."""
        counts = dict.fromkeys(range(self.hand + 1), 0)
        for hand in self.hands():
            counts[sum(card.startswith("T") for card in hand)] += 1
        return counts

    def distribution(self) -> Distribution:
        """The brute-force tally as exact chances: hands with ``k`` trump over all hands."""
        counts = self.tally()
        total = sum(counts.values())
        return {k: Fraction(n, total) for k, n in counts.items()}

    def listing(self) -> Picture:
        """Every hand on the page, one row per trump count, trump in blue: the count made visible."""
        groups: dict[int, list[tuple[str, ...]]] = {k: [] for k in range(self.hand + 1)}
        for hand in self.hands():
            groups[sum(card.startswith("T") for card in hand)].append(hand)

        def chip(hand: tuple[str, ...]) -> str:
            names = " ".join(
                f'<b style="color:{plots.BLUE}">{c}</b>'
                if c.startswith("T")
                else f'<span style="color:#555">{c}</span>'
                for c in hand
            )
            return (
                '<span style="display:inline-block;border:1px solid #ccc;border-radius:5px;'
                f'padding:1px 6px;margin:2px;font-family:DejaVu Sans Mono,monospace;font-size:13px">{names}</span>'
            )

        rows = [
            f'<div style="margin:6px 0"><b>{k} trump: {len(hands)} hands</b><br>'
            + "".join(chip(h) for h in hands)
            + "</div>"
            for k, hands in groups.items()
        ]
        total = sum(len(h) for h in groups.values())
        return Picture(
            f'<div class="pl-mini-deck" style="max-width:1000px;font-size:15px">{"".join(rows)}'
            f"<div><b>all hands: {total}</b></div></div>"
        )


@dataclass(frozen=True)
class CountRow:
    """One line of the counting table: how many hands hold exactly ``k`` trump, and why."""

    k: int
    trump_ways: int
    """Ways to choose which ``k`` trump: ``C(trump, k)``."""
    other_ways: int
    """Ways to choose the rest from the other cards: ``C(others, hand - k)``."""
    hands: int
    """Hands with exactly ``k`` trump: the two choices multiplied."""
    probability: Fraction
    """``hands`` over every possible hand."""


def hands_with(k: int, trump: int = 16, others: int = 38, hand: int = 9) -> int:
    """How many hands of `hand` cards hold exactly `k` trump: choose the trump, then the rest."""
    return math.comb(trump, k) * math.comb(others, hand - k)


def chance_of(k: int, trump: int = 16, others: int = 38, hand: int = 9) -> Fraction:
    """The chance of exactly `k` trump: the hands that do it, over all hands."""
    return Fraction(hands_with(k, trump, others, hand), math.comb(trump + others, hand))


def counting_rows(population: int = 54, trump: int = 16, hand: int = 9) -> list[CountRow]:
    """The hypergeometric count laid out for a table, one row per number of trump.

    Kept as separate factors (not only the final chance) so a lesson can show
    the multiplication step by step: choose the trump, choose the others.
    """
    everything = math.comb(population, hand)
    rows = []
    for k in range(hand + 1):
        a, b = math.comb(trump, k), math.comb(population - trump, hand - k)
        rows.append(CountRow(k, a, b, a * b, Fraction(a * b, everything)))
    return rows


def counting_table(rows: Sequence[CountRow], trump: int = 16, others: int = 38, hand: int = 9) -> Picture:
    """The counting rows as an HTML table: the two choices, their product, the exact chance and its percent."""
    total = sum(r.hands for r in rows)
    body = [
        [
            str(r.k),
            f"{r.trump_ways:,}",
            f"{r.other_ways:,}",
            f"{r.hands:,}",
            fraction_html(r.probability),
            percent(r.probability),
        ]
        for r in rows
    ]
    body.append(["all", "", "", f"<b>{total:,}</b>", "1", "100%"])
    return table(
        ["k trump", f"C({trump}, k)", f"C({others}, {hand}−k)", "hands", "exact chance", "percent"],
        body,
        f"hands = C({trump}, k) × C({others}, {hand}−k); chance = hands / C({trump + others}, {hand})",
    )


def independent_best(named: Mapping[int, Fraction], suits: int = 4) -> Distribution:
    """The best-of-four distribution *if* the four suits' counts were independent: a wrong model.

    The maximum of independent counts has ``P(max <= k) = P(count <= k) ** suits``.
    Comparing it with the exact best-suit distribution shows why there is no
    such simple formula: the suits share cards (a joker is trump in all four,
    a jack in two) and all draw on the same nine cards.
    """
    below = Fraction(0)
    out: Distribution = {}
    for k in sorted(named):
        upto = below + named[k]
        out[k] = upto**suits - below**suits
        below = upto
    return out


# ------------------------------------------------------------------ the code exercise


def _listed_at_least(k: int, trump: int, others: int, hand: int) -> Fraction:
    """P(at least ``k`` trump) on a mini deck, from its listed hands (no formula)."""
    dist = MiniDeck(trump + others, trump, hand).distribution()
    return sum((p for j, p in dist.items() if j >= k), Fraction(0))


AT_LEAST_CASES: tuple[Case, ...] = (
    Case((1, 4, 6, 3), _listed_at_least(1, 4, 6, 3), "the mini deck: at least one trump in a hand of 3"),
    Case((2, 4, 6, 3), _listed_at_least(2, 4, 6, 3), "the mini deck: at least two trump"),
    Case((3, 4, 6, 3), _listed_at_least(3, 4, 6, 3), "the mini deck: all three cards trump"),
    Case((0, 4, 6, 3), Fraction(1), "at least none: every hand does it"),
    Case((2, 3, 5, 4), _listed_at_least(2, 3, 5, 4), "another small deck: 3 trump of 8 cards, hands of 4"),
    Case(
        (4, 16, 38, 9), at_least(4, trump_count_distribution()), "the real deck: 4 or more of 16 trump in 9"
    ),
)
"""The checks of lesson 1's code exercise, ``chance_at_least(k, trump, others, hand)``: the small
decks' answers come from listing every hand, the real deck's from pitchlab's library."""


# ------------------------------------------------------------- "a joker" or "the three"


@dataclass(frozen=True)
class JokerOrThree:
    """Before looking: the chance of holding one given card, and of holding at least one joker of two."""

    one_card: Fraction
    """A given card (the three of trump, or one particular joker) is among your cards."""
    a_joker: Fraction
    """At least one of the two jokers is among your cards."""
    both_jokers: Fraction
    """Both jokers are."""


def joker_or_three(rules: Ruleset = TEN_POINT) -> JokerOrThree:
    """The numbers of the "a joker" question, counted with binomial coefficients over the whole deck."""
    deck, hand = len(rules.deck), rules.hand_size
    hands = math.comb(deck, hand)
    return JokerOrThree(
        one_card=Fraction(math.comb(deck - 1, hand - 1), hands),
        a_joker=1 - Fraction(math.comb(deck - 2, hand), hands),
        both_jokers=Fraction(math.comb(deck - 2, hand - 2), hands),
    )


def joker_question(rules: Ruleset = TEN_POINT) -> MultipleChoice:
    """The misconception item: "a joker" (either of two identical cards) against "the three" (one card)."""
    n = joker_or_three(rules)
    share = f"{rules.hand_size}/{len(rules.deck)}"
    one, joker, both = (f"{p} ≈ {percent(p)}" for p in (n.one_card, n.a_joker, n.both_jokers))
    return MultipleChoice(
        "<b>Before you look</b> at your nine cards, with spades to be named: which is more likely, "
        "that you hold <b>a joker</b>, or that you hold <b>the three of trump</b>?",
        [
            Choice(
                f"The same: a joker is one card and the three is one card, so {n.one_card} each.",
                right=False,
                why=f"There are two jokers, and either one will do. One given card (the three of spades, or "
                f"one particular joker) is in your hand with chance {share} = {one}; holding at least one "
                f"of the two jokers is {joker}.",
            ),
            Choice(
                f"A joker, exactly twice as likely: {n.one_card} + {n.one_card} = {2 * n.one_card}.",
                right=False,
                why=f"Adding the two jokers' chances counts twice the hands that hold both, {both} of all "
                f"hands. Take them off once: {2 * n.one_card} − {n.both_jokers} = {joker}, a little "
                "less than twice.",
            ),
            Choice(
                # no number here: the class's prediction poll sits above these choices
                "A joker, though a little less than twice as likely as the three.",
                right=True,
                why="Either joker will do, so count the hands with no joker, C(52, 9), and take them from "
                f"all C(54, 9) hands: 1 − C(52, 9)/C(54, 9) = {joker}. The three of spades is one card, and "
                f"{rules.hand_size} of the {len(rules.deck)} cards are yours: {one}. Twice {one} would count "
                f"the hands holding both jokers twice ({both}).",
            ),
            Choice(
                "The three: a joker has to be shared out over all four suits, so it is less likely in yours.",
                right=False,
                why="Being trump in every suit says nothing about where a joker lies. Every card, each joker "
                f"included, is one of yours with chance {share} = {one}; two jokers give you two such "
                f"chances, and {joker} in all.",
            ),
        ],
    )


__all__ = [
    "AT_LEAST_CASES",
    "CountRow",
    "JokerOrThree",
    "MiniDeck",
    "chance_of",
    "counting_rows",
    "counting_table",
    "hands_with",
    "independent_best",
    "joker_or_three",
    "joker_question",
]
