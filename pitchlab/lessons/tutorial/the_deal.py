"""Tutorial page 02, the deal (``tutorial/02-the-deal.ipynb``): deal a hand from a seed and read its odds.

:class:`DealExplorer` is a small controller holding a dealt hand plus the
views drawn from it: a callback calls one method (which the tests call too),
then :meth:`~DealExplorer.refresh` redraws. Stable CSS classes for browser
tests: ``pl-seed``, ``pl-deal``, ``pl-show-others``, ``pl-named-suit``,
``pl-odds``, ``pl-plot``.
"""

from __future__ import annotations

import itertools
import math
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from fractions import Fraction

import ipywidgets as w

from pitchlab.engine.cards import Card, Suit
from pitchlab.engine.hand import Hand
from pitchlab.engine.presets import TEN_POINT
from pitchlab.engine.rules import Ruleset
from pitchlab.engine.tricks import sort_cards
from pitchlab.lessons.tutorial.common import (
    style,
    suit_html,
)
from pitchlab.odds.probability import (
    at_least,
    best_suit_distribution,
    percent,
    trump_count_distribution,
    trump_counts,
    trump_in,
)
from pitchlab.ui import drawing, plots
from pitchlab.ui.classroom import FigureBox
from pitchlab.ui.markup import Markup, html
from pitchlab.ui.session import seat_name
from pitchlab.ui.widgets import (
    SeededView,
    classed,
)

OPPONENTS_AND_PARTNER = (1, 2, 3)


class DealExplorer(SeededView):
    """Deal a hand from a seed and look at it: your cards, which would be trump, and the exact odds.

    The seed box fixes the deal (the same seed always gives the same cards);
    **Deal a new hand** moves to the next seed.
    """

    def __init__(self, seed: int = 1, rules: Ruleset = TEN_POINT, dealer: int = 3) -> None:
        self.rules = rules
        self.dealer = dealer
        self.hand = Hand.deal(rules, dealer, seed)
        self.seed = seed
        self.seed_box = classed(
            w.IntText(value=seed, description="Seed", layout=w.Layout(width="170px")), "pl-seed"
        )
        self.seed_box.observe(self._on_seed, names="value")
        self.deal_button = classed(
            w.Button(description="Deal a new hand", button_style="primary", icon="refresh"), "pl-deal"
        )
        self.deal_button.on_click(lambda _b: self.next_deal())
        self.show_others = classed(
            w.ToggleButton(
                value=False,
                description="Show the other hands",
                icon="eye",
                layout=w.Layout(width="210px"),
            ),
            "pl-show-others",
        )
        self.show_others.observe(lambda _c: self.refresh(), names="value")
        best = max(Suit, key=lambda s: trump_counts(self.cards, rules)[s])
        self.named = classed(
            w.ToggleButtons(
                options=[(f"{s.symbol} {s.name.title()}", s) for s in Suit],
                value=best,
                tooltips=[f"name {s.name.lower()} as trump" for s in Suit],
                style={"button_width": "110px"},
            ),
            "pl-named-suit",
        )
        self.named.observe(lambda _c: self.refresh(), names="value")
        self.your_hand = classed(w.HTML(), "pl-fit")  # a phone shrinks the hand to its width
        self.others = w.HTML()
        self.trump_table = w.HTML()
        self.odds = classed(w.HTML(), "pl-odds")
        self.chart = FigureBox()
        self.plot = self.chart.output
        self.widget = classed(
            w.VBox(
                [
                    style(),
                    w.HBox([self.seed_box, self.deal_button, self.show_others]),
                    w.HTML("<h4>Your hand (nine cards, sorted by suit)</h4>"),
                    self.your_hand,
                    self.others,
                    w.HTML("<h4>Which of your cards would be trump?</h4>"),
                    self.trump_table,
                    w.HTML(
                        "<h4>How likely is a hand like yours?</h4>"
                        '<div class="pl-note">Pick a suit to name as trump:</div>'
                    ),
                    self.named,
                    self.odds,
                    self.plot,
                ]
            ),
            "pl-lesson",
            "pl-deal-explorer",
        )
        self.refresh()

    @property
    def cards(self) -> tuple[Card, ...]:
        """Your nine cards (seat 0)."""
        return self.hand.hand_of(0)

    def deal(self, seed: int) -> None:
        """Deal the hand of ``seed`` (the seed box calls this)."""
        self.seed = seed
        if self.seed_box.value != seed:
            self.seed_box.value = seed
        self.hand = Hand.deal(self.rules, self.dealer, seed)
        self.refresh()

    def next_deal(self) -> None:
        """Move to the next seed and deal it."""
        self.deal(self.seed + 1)

    def refresh(self) -> None:
        rules, cards = self.rules, self.cards
        self.your_hand.value = drawing.hand_svg(sort_cards(cards), 78, overlap=0.7)
        if self.show_others.value:
            rows = "".join(
                f"<tr><td><b>{seat_name(s)}</b></td><td>"
                f"{drawing.hand_svg(sort_cards(self.hand.hand_of(s)), 50, overlap=0.62)}</td></tr>"
                for s in OPPONENTS_AND_PARTNER
            )
            self.others.value = (
                f'<table class="pl-seat-hands">{rows}</table>'
                f'<div class="pl-note">The other {len(self.hand.stock_slots)} cards are the stock, face down.</div>'
            )
        else:
            self.others.value = '<div class="pl-note">The other hands are hidden, as at a real table.</div>'
        self.trump_table.value = self._trump_table_html()
        suit = self.named.value
        counts = trump_counts(cards, rules)
        self.odds.value = self._odds_html(suit, counts)
        self.chart.draw(
            plots.trump_count_figure(suit, yours=counts[suit], your_best=max(counts.values()), rules=rules)
        )

    def _trump_table_html(self) -> str:
        rules, cards = self.rules, self.cards
        rows = []
        for suit in Suit:
            trump = trump_in(cards, suit, rules)
            notes = []
            for card in dict.fromkeys(trump):
                role = rules.role_of(card, suit)
                if role == "OJ":
                    notes.append(f"{card.label} is the off-jack")
                elif card.is_joker:
                    n = trump.count(card)
                    notes.append("both jokers" if n == 2 else "a joker")
            rows.append(
                html(
                    "<tr><td>{}</td><td><b>{}</b></td><td>{}</td><td class='pl-note'>{}</td></tr>",
                    suit_html(suit),
                    len(trump),
                    drawing.hand_svg(trump, 40, overlap=1.08) if trump else Markup("<i>none</i>"),
                    ", ".join(notes),
                )
            )
        return (
            '<table class="pl-trump-table"><tr><th>if trump is</th><th>trump</th>'
            "<th>your cards that would be trump (high to low)</th><th>note</th></tr>"
            f"{''.join(rows)}</table>"
        )

    def _odds_html(self, suit: Suit, counts: dict[Suit, int]) -> str:
        """How your hand compares with all deals, in words; the counting behind the shares is
        the first probability lesson's (the page links it), so no formula shows here."""
        k = counts[suit]
        named = trump_count_distribution(self.rules, suit)
        best_k = max(counts.values())
        best_suits = " or ".join(s.symbol for s in Suit if counts[s] == best_k)
        best = best_suit_distribution(self.rules)
        return (
            f"With {suit_html(suit)} named you hold <b>{k}</b> trump. Of all possible hands, "
            f"<b>{percent(float(named[k]))}</b> hold exactly {k} trump in a suit named in advance, and "
            f"{percent(float(at_least(k, named)))} hold {k} or more.<br>"
            f"Your best suit is {best_suits} with <b>{best_k}</b> trump. Counting each hand's best suit, "
            f"<b>{percent(float(best[best_k]))}</b> of hands have exactly {best_k} there, and "
            f"{percent(float(at_least(best_k, best)))} have {best_k} or more."
        )


def best_suit_lines(best: dict[int, Fraction], top: int = 6) -> list[str]:
    """How often each hand's best suit holds so many trump, one plain line per count
    ("best suit of 4 trump: 46.71% of hands"), the counts from ``top`` on added together
    (each is rare), and none for counts no hand can have."""
    lines = [
        f"Best suit of {k} trump: {percent(float(p))} of hands"
        for k, p in sorted(best.items())
        if p and k < top
    ]
    rest = sum((p for k, p in best.items() if k >= top), Fraction(0))
    lines.append(f"Best suit of {top} trump or more: {percent(float(rest))} of hands")
    return lines


# ------------------------------------------------------------ the pigeonhole, counted


@dataclass(frozen=True)
class Pattern:
    """How many cards a hand takes from each group of cards that are trump in the same suits.

    A card's trump suits are all that matter to the best-suit count: a plain
    card (not a jack, not a joker) is trump in its own suit only, a jack in its
    own suit and the other suit of its colour, a joker in all four.
    """

    plain: tuple[int, int, int, int]
    """Plain cards of each suit, in :class:`Suit` order."""
    black_jacks: int
    red_jacks: int
    jokers: int

    def trump(self) -> dict[Suit, int]:
        """This pattern's trump count in each suit, worked from RULES.md: own suit, off-jack, both jokers."""
        out = {}
        for suit, plain in zip(Suit, self.plain, strict=True):
            jacks = self.red_jacks if suit.is_red else self.black_jacks
            out[suit] = plain + jacks + self.jokers
        return out

    def hands(self, plain_per_suit: int = 12) -> int:
        """How many hands have this pattern: a product of binomial coefficients, one per group."""
        ways = math.comb(2, self.black_jacks) * math.comb(2, self.red_jacks) * math.comb(2, self.jokers)
        for n in self.plain:
            ways *= math.comb(plain_per_suit, n)
        return ways


def patterns(hand_size: int = 9) -> Iterator[Pattern]:
    """Every way to take ``hand_size`` cards from the seven groups of the 54-card deck (each group at most its size)."""
    for jokers, black, red in itertools.product(range(3), repeat=3):
        rest = hand_size - jokers - black - red
        if rest < 0:
            continue
        for a, b, c in itertools.product(range(min(rest, 12) + 1), repeat=3):
            d = rest - a - b - c
            if 0 <= d <= 12:
                yield Pattern((a, b, c, d), black, red, jokers)


def hands_by_best_count(hand_size: int = 9) -> dict[int, int]:
    """How many of the C(54, 9) hands give each best-suit count, counted pattern by pattern.

    Written apart from :func:`pitchlab.odds.probability.best_suit_distribution`
    so the tutorial can check the library against a second count.
    """
    counts: Counter[int] = Counter()
    for pattern in patterns(hand_size):
        counts[max(pattern.trump().values())] += pattern.hands()
    return {k: counts[k] for k in range(hand_size + 1)}


def fewest_best_trump(jokers: int, hand_size: int = 9) -> int:
    """The smallest best-suit count over every hand holding exactly ``jokers`` jokers (an exhaustive search)."""
    return min(max(p.trump().values()) for p in patterns(hand_size) if p.jokers == jokers)


def pigeonhole_bound(jokers: int, hand_size: int = 9, suits: int = 4) -> int:
    """The pigeonhole argument's promise: the other cards put at least ceil(others/4) in one suit, plus the jokers.

    The jokers are trump whatever suit is named, so they add to every suit;
    each of the other ``hand_size - jokers`` cards is trump in its own suit at least.
    """
    return math.ceil((hand_size - jokers) / suits) + jokers


__all__ = [
    "DealExplorer",
    "Pattern",
    "best_suit_lines",
    "fewest_best_trump",
    "hands_by_best_count",
    "patterns",
    "pigeonhole_bound",
]
