"""The working parts of the three odds lessons: counting hands, conditioning on your hand, Monte Carlo error.

The lesson notebooks (``notebooks/lessons/01``, ``02`` and ``05``) only ask
questions and print answers. Everything with a loop or a rule in it lives
here, where a test can reach it: the brute-force count of a mini deck, the
tables, the seeded experiments and the figures the pages draw. Exact numbers
stay :class:`~fractions.Fraction` until a figure needs a float.

Three ideas, one section each:

* **Counting** (lesson 1): a hand is a choice of cards, every choice equally
  likely, so a chance is a count of hands over all hands. A deck of ten cards
  is small enough to list every hand and see the formula is right.
* **Conditioning** (lesson 2): once you have looked at your nine cards, the
  other 45 are a fair shuffle of what you have not seen, so the same counting
  works with smaller numbers.
* **Monte Carlo error** (lesson 5): a simulated share is off by about
  ``sqrt(p(1-p)/n)``; a 95% interval should contain the truth in 95% of runs,
  and that can be counted, and even predicted exactly from the binomial
  distribution.
"""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from html import escape
from typing import Literal

import numpy as np
import plotly.graph_objects as go
from numpy.typing import NDArray

from pitchlab import drawing, plots, sampling
from pitchlab.cards import Card, Suit
from pitchlab.lessons import Picture
from pitchlab.probability import Distribution, percent, trump_in
from pitchlab.rules import TEN_POINT, Ruleset
from pitchlab.stats import Estimate, agrees, binomial_se, proportion, z_of
from pitchlab.tricks import sort_cards

Progress = Callable[[int, int], None]
"""Called as ``progress(done, total)`` as a run goes on, e.g. :meth:`pitchlab.classroom.ProgressBar.update`."""

Method = Literal["normal", "wilson"]
"""Which 95% interval: ``value ± 1.96·se`` or Wilson's."""

BLUE = "#1f5fbf"
ORANGE = "#e67e22"
RED = "#c0392b"
GREY = "#7f8c8d"

_CELL = ' style="border:1px solid #ccc;padding:3px 10px;text-align:right"'
_FIRST = ' style="border:1px solid #ccc;padding:3px 10px;text-align:left"'
_HEAD = ' style="border:1px solid #ccc;padding:3px 10px;background:#f0f0f0;text-align:center"'


def _style(fig: go.Figure, title: str, height: int = 430) -> go.Figure:
    return plots.style(fig, title, height=height, top=90)


def _layout(fig: go.Figure, title: str, x_title: str, y_title: str, height: int = 430) -> go.Figure:
    return plots.layout(fig, title, x_title, y_title, height=height, top=90)


def _table(head: Sequence[str], rows: Sequence[Sequence[str]], note: str = "") -> Picture:
    """A small HTML table (cells already escaped or built from numbers) that shows itself in a page.

    ``note`` goes under the table in small grey type, as wide as the page
    allows (a ``<caption>`` would squeeze it to the table's width).
    """
    top = "".join(f"<th{_HEAD}>{h}</th>" for h in head)
    body = "".join(
        "<tr>" + "".join(f"<td{_FIRST if i == 0 else _CELL}>{c}</td>" for i, c in enumerate(row)) + "</tr>"
        for row in rows
    )
    under = (
        f'<div style="font-size:13px;color:#555;margin:2px 0 0 2px;max-width:900px">{note}</div>'
        if note
        else ""
    )
    return Picture(
        f'<div class="pl-odds-table" style="margin:6px 0">'
        f'<table style="border-collapse:collapse;font-size:15px">'
        f"<tr>{top}</tr>{body}</table>{under}</div>"
    )


def _fraction_html(p: Fraction) -> str:
    """A fraction in lowest terms with thousands separators, as a table shows it."""
    if p.denominator == 1:
        return f"{p.numerator:,}"
    return f"{p.numerator:,}/{p.denominator:,}"


# ------------------------------------------------------------------ counting


def hand_picture(cards: Sequence[Card], label: str = "") -> Picture:
    """A hand drawn as cards, sorted by suit, for a lesson to show the hand it is talking about."""
    return Picture(f'<div class="pl-odds-hand">{drawing.hand_svg(sort_cards(cards), 64, label=label)}</div>')


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
                f'<b style="color:{BLUE}">{c}</b>'
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
            _fraction_html(r.probability),
            percent(r.probability),
        ]
        for r in rows
    ]
    body.append(["all", "", "", f"<b>{total:,}</b>", "1", "100%"])
    return _table(
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


def tally_in_steps(
    tally: Callable[[int, np.random.Generator], NDArray[np.int_]],
    n: int,
    seed: int,
    *,
    step: int = sampling.CHUNK,
    progress: Progress | None = None,
) -> NDArray[np.int_]:
    """A sampling tally of ``n`` deals run ``step`` deals at a time on one seeded stream, reporting progress.

    The :mod:`pitchlab.sampling` tallies take no progress callback; cutting
    the run into steps on the same generator lets a page move a bar. With
    ``step`` a multiple of the sampling chunk the deals, and so the tally,
    are exactly those of one call with the same seed.
    """
    if step < 1:
        raise ValueError(f"step must be a positive number of deals, not {step}")
    rng = np.random.default_rng(seed)
    total: NDArray[np.int_] | None = None
    done = 0
    while done < n:
        rows = min(step, n - done)
        part = tally(rows, rng)
        total = part.copy() if total is None else total + part
        done += rows
        if progress is not None:
            progress(done, n)
    if total is None:
        raise ValueError("tally_in_steps needs at least one deal")
    return total


def figure_of_series(
    series: Mapping[str, Mapping[int, Fraction]],
    *,
    title: str,
    x_title: str,
    y_title: str = "probability (%)",
    colours: Sequence[str] = (BLUE, ORANGE, GREY),
    mode: Literal["bars", "lines"] = "bars",
    dashed: Sequence[str] = (),
) -> go.Figure:
    """Several exact distributions in percent on one figure, as grouped bars or as lines with markers.

    ``dashed`` names series drawn as dashed lines (in ``lines`` mode), such as
    an unconditional answer beside the conditional ones.
    """
    fig = go.Figure()
    for i, (name, dist) in enumerate(series.items()):
        ks = sorted(dist)
        ys = [float(dist[k]) * 100 for k in ks]
        colour = colours[i % len(colours)]
        hover = "%{x}: %{y:.3f}%<extra>" + escape(name) + "</extra>"
        if mode == "bars":
            fig.add_trace(go.Bar(x=ks, y=ys, name=name, marker={"color": colour}, hovertemplate=hover))
        else:
            line = {"color": colour, "width": 3 if name in dashed else 2}
            if name in dashed:
                line["dash"] = "dash"
            fig.add_trace(
                go.Scatter(x=ks, y=ys, name=name, mode="lines+markers", line=line, hovertemplate=hover)
            )
    fig.update_layout(barmode="group", bargap=0.18)
    fig.update_xaxes(dtick=1)
    return _layout(fig, title, x_title, y_title)


# ------------------------------------------------------------ conditioning


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
    :func:`pitchlab.probability.others_trump`); ``named`` is the chance of
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
    return _table(
        ["my trump", "chance I hold that many", f"P(partner ≥ {k} trump)", "vs not looking"],
        body,
        "Each row counts over the 45 cards I have not seen: 16 minus my trump of them are trump, "
        "and my partner holds 9 of them.",
    )


def comparison_table(rows: Sequence[tuple[str, Fraction, Estimate]]) -> Picture:
    """Exact chances beside simulated ones: place, exact fraction, percent, estimate, and whether they agree.

    "Agrees" is :func:`pitchlab.stats.agrees`: within four standard errors.
    """
    body = [
        [
            escape(name),
            _fraction_html(exact),
            percent(exact),
            escape(str(est)),
            "yes" if agrees(est, exact) else f'<b style="color:{RED}">NO</b>',
        ]
        for name, exact, est in rows
    ]
    return _table(["where", "exact", "percent", "simulated", "agrees (4 SE)"], body)


# ------------------------------------------------------ Monte Carlo error


def deal_flags(
    n: int, seed: sampling.Seed, *, at_least: int, suit: Suit = Suit.SPADES, rules: Ruleset = TEN_POINT
) -> NDArray[np.bool_]:
    """Deal ``n`` hands; for each, whether it holds at least ``at_least`` trump of ``suit``.

    The deal-by-deal record, not just a total, is what a running estimate
    (:func:`pitchlab.sampling.running_proportion`) needs.
    """
    hands = sampling.deal_hands(n, seed, rules=rules)
    flags: NDArray[np.bool_] = sampling.trump_counts(hands, suit, rules) >= at_least
    return flags


def log_spaced(n: int, points: int = 400, start: int = 1) -> NDArray[np.intp]:
    """About ``points`` indices into a run of ``n`` trials, evenly spaced on a log scale.

    Index ``i`` is the estimate after ``i + 1`` trials; the first index is
    that of trial ``start`` and the last that of trial ``n``. A running
    estimate of 100,000 deals has 100,000 points; a log-axis plot needs only a
    few hundred, and sending all of them makes the page slow. Starting past
    the first few trials keeps the wild early values (0% or 100% after one
    deal) from squashing the rest of the picture.
    """
    if n < 1:
        return np.zeros(0, dtype=np.intp)
    first = min(max(1, start), n)
    picks: NDArray[np.intp] = (
        np.unique(np.geomspace(first, n, num=max(2, points)).round().astype(np.intp)) - 1
    )
    return picks


def hits_in(n: int, rng: np.random.Generator, at_least: int, suit: Suit, rules: Ruleset) -> int:
    """How many of ``n`` hands dealt from ``rng`` hold at least ``at_least`` trump of ``suit``."""
    tally = sampling.tally_trump(n, rng, suit=suit, rules=rules)
    return int(tally[at_least:].sum())


@dataclass(frozen=True)
class PrecisionRow:
    """One simulation of ``n`` deals: its estimate, and the half-width the exact answer predicts for it."""

    n: int
    estimate: Estimate
    predicted_half: float
    """``1.96·sqrt(p(1-p)/n)`` at the exact ``p``: what the half-width should be."""

    @property
    def half(self) -> float:
        """The 95% half-width this run reports, from its own estimate."""
        return z_of(0.95) * self.estimate.se


def precision_rows(
    exact: Fraction,
    ns: Sequence[int],
    seed: int,
    *,
    at_least: int,
    suit: Suit = Suit.SPADES,
    rules: Ruleset = TEN_POINT,
    progress: Progress | None = None,
) -> list[PrecisionRow]:
    """Simulate the same question at each size in ``ns``, each from its own stream of ``seed``.

    Separate streams (numpy's ``SeedSequence.spawn``) make the rows
    independent runs, as if each had been done on its own, and still
    repeatable. ``progress`` hears the deals done so far.
    """
    streams = np.random.SeedSequence(seed).spawn(len(ns))
    z = z_of(0.95)
    p = float(exact)
    total, done = sum(ns), 0
    rows = []
    for n, stream in zip(ns, streams, strict=True):
        hits = hits_in(n, np.random.default_rng(stream), at_least, suit, rules)
        rows.append(PrecisionRow(n, proportion(hits, n), z * binomial_se(p, float(n))))
        done += n
        if progress is not None:
            progress(done, total)
    return rows


def precision_table(rows: Sequence[PrecisionRow]) -> Picture:
    """The runs as a table: deals, estimate, its half-width, the predicted one, and how much it shrank."""
    body = []
    for i, r in enumerate(rows):
        shrink = f"÷ {rows[i - 1].half / r.half:.2f}" if i and r.half else ""
        body.append(
            [
                f"{r.n:,}",
                escape(str(r.estimate)),
                f"{100 * r.half:.3f}%",
                f"{100 * r.predicted_half:.3f}%",
                shrink,
            ]
        )
    return _table(
        ["deals", "estimate (95% CI)", "half-width", "predicted", "vs the row above"],
        body,
        "predicted half-width = 1.96 × √(p(1−p)/n) at the exact p",
    )


def halfwidth_figure(rows: Sequence[PrecisionRow], exact: Fraction) -> go.Figure:
    """Half-width against deals on log-log axes: the simulated runs on the predicted ``1/sqrt(n)`` line.

    On log-log axes ``c/sqrt(n)`` is a straight line of slope -1/2: four times
    the deals, half the width.
    """
    ns = [r.n for r in rows]
    line = np.geomspace(min(ns), max(ns), 50)
    p = float(exact)
    fig = go.Figure()
    fig.add_trace(
        go.Scatter(
            x=line,
            y=100 * z_of(0.95) * np.sqrt(p * (1 - p) / line),
            mode="lines",
            line={"color": BLUE, "dash": "dash"},
            name="predicted: 1.96·√(p(1−p)/n)",
            hoverinfo="skip",
        )
    )
    fig.add_trace(
        go.Scatter(
            x=ns,
            y=[100 * r.half for r in rows],
            mode="markers",
            marker={"color": ORANGE, "size": 11, "symbol": "diamond"},
            name="simulated runs",
            hovertemplate="%{x:,} deals: ± %{y:.3f}%<extra></extra>",
        )
    )
    ticks = [
        t for t in (0.02, 0.05, 0.1, 0.2, 0.5, 1, 2, 5, 10) if 0.5 * min(r.half for r in rows) * 100 <= t
    ]
    fig.update_xaxes(type="log")
    fig.update_yaxes(type="log", tickvals=ticks, ticktext=[f"{t:g}" for t in ticks])
    return _layout(
        fig,
        "Four times the deals, half the error: 95% half-width against deals",
        "deals simulated (log scale)",
        "95% half-width (% points, log)",
    )


def _interval(estimate: Estimate, method: Method) -> tuple[float, float]:
    return estimate.wilson() if method == "wilson" else estimate.interval()


@dataclass(frozen=True)
class Coverage:
    """Many independent runs of the same simulation and how many of their 95% intervals caught the truth."""

    exact: Fraction
    deals: int
    """Deals in each run."""
    hits: tuple[int, ...]
    """How many deals of each run had the event."""

    @property
    def runs(self) -> int:
        return len(self.hits)

    def estimates(self) -> list[Estimate]:
        """Each run's estimate of the chance."""
        return [proportion(h, self.deals) for h in self.hits]

    def intervals(self, method: Method = "normal") -> list[tuple[float, float]]:
        """Each run's 95% interval."""
        return [_interval(e, method) for e in self.estimates()]

    def caught(self, method: Method = "normal") -> list[bool]:
        """For each run, whether its interval contains the exact answer."""
        p = float(self.exact)
        return [lo <= p <= hi for lo, hi in self.intervals(method)]

    def covered(self, method: Method = "normal") -> int:
        """How many runs' intervals contain the exact answer."""
        return sum(self.caught(method))


def coverage_experiment(
    exact: Fraction,
    *,
    runs: int,
    deals: int,
    seed: int,
    at_least: int,
    suit: Suit = Suit.SPADES,
    rules: Ruleset = TEN_POINT,
    progress: Progress | None = None,
) -> Coverage:
    """Repeat "deal ``deals`` hands, count those with ``at_least`` trump" ``runs`` times, each on its own stream.

    The runs are what a class of ``runs`` students would get, each simulating
    on their own; the question is how many of their intervals are right.
    """
    streams = np.random.SeedSequence(seed).spawn(runs)
    hits = []
    for i, stream in enumerate(streams, 1):
        hits.append(hits_in(deals, np.random.default_rng(stream), at_least, suit, rules))
        if progress is not None:
            progress(i, runs)
    return Coverage(exact, deals, tuple(hits))


def binomial_pmf(h: int, n: int, p: float) -> float:
    """P(exactly ``h`` successes in ``n`` trials of chance ``p``), by logarithms so large ``n`` cannot overflow."""
    if p <= 0 or p >= 1:
        return float(h == (n if p >= 1 else 0))
    log = math.lgamma(n + 1) - math.lgamma(h + 1) - math.lgamma(n - h + 1)
    return math.exp(log + h * math.log(p) + (n - h) * math.log1p(-p))


def expected_coverage(exact: Fraction, deals: int, method: Method = "normal") -> float:
    """The true chance that one run's 95% interval contains ``exact``: no simulation needed.

    A run's hit count is binomial(``deals``, ``exact``), and the hit count
    alone decides the interval, so add up the binomial chances of the counts
    whose interval catches the exact value. This is what a coverage
    experiment estimates; for the normal interval of a rare event it is far
    below 95%.
    """
    p = float(exact)
    total = 0.0
    for h in range(deals + 1):
        lo, hi = _interval(proportion(h, deals), method)
        if lo <= p <= hi:
            total += binomial_pmf(h, deals, p)
    return total


def interval_table(result: Coverage, picks: Sequence[int]) -> Picture:
    """Some runs of a coverage experiment side by side: hits, estimate, both intervals, and which caught the truth.

    ``picks`` are run indices (from 0). For a rare event, a run with no hits
    shows the normal interval shrunk to the point 0, and a run with one hit
    shows it reaching below 0, a chance no event can have.
    """
    estimates = result.estimates()
    p = float(result.exact)

    def shown(lo: float, hi: float) -> str:
        mark = "caught" if lo <= p <= hi else f'<b style="color:{RED}">missed</b>'
        return f"{100 * lo:.4f}% to {100 * hi:.4f}% ({mark})"

    body = []
    for i in picks:
        e = estimates[i]
        body.append(
            [
                str(i + 1),
                f"{result.hits[i]:,}",
                escape(str(e)),
                shown(*e.interval()),
                shown(*e.wilson()),
            ]
        )
    return _table(
        ["run", "hits", "estimate", "normal 95% interval", "Wilson 95% interval"],
        body,
        f"exact answer {percent(result.exact)}; each run {result.deals:,} deals",
    )


def coverage_figure(
    result: Coverage, methods: Sequence[Method] = ("normal",), *, title: str, shown: int | None = None
) -> go.Figure:
    """Each run's 95% interval as a vertical bar (blue caught the exact value, red missed), one panel per method.

    With 200 runs about ten red bars are expected; for a rare event the normal
    interval shrinks to a point at 0 whenever a run saw no hits, and misses.
    """
    from plotly.subplots import make_subplots

    names = {"normal": "normal interval (value ± 1.96·se)", "wilson": "Wilson interval"}
    fig = make_subplots(
        rows=len(methods),
        cols=1,
        shared_xaxes=True,
        vertical_spacing=0.14,
        subplot_titles=[f"{names[m]}: {result.covered(m)} of {result.runs} caught it" for m in methods],
    )
    count = result.runs if shown is None else min(shown, result.runs)
    p = float(result.exact)
    for row, method in enumerate(methods, 1):
        spans = result.intervals(method)[:count]
        caught = result.caught(method)[:count]
        for ok, colour, label in ((True, BLUE, "caught the exact value"), (False, RED, "missed it")):
            xs: list[float | None] = []
            ys: list[float | None] = []
            for i, ((lo, hi), hit) in enumerate(zip(spans, caught, strict=True)):
                if hit == ok:
                    xs += [i + 1, i + 1, None]
                    ys += [100 * lo, 100 * hi, None]
            fig.add_trace(
                go.Scatter(
                    x=xs,
                    y=ys,
                    mode="lines+markers",
                    marker={"size": 3, "color": colour},
                    line={"color": colour, "width": 2},
                    name=label,
                    legendgroup=label,
                    showlegend=row == 1,
                    hoverinfo="skip",
                ),
                row=row,
                col=1,
            )
        fig.add_hline(
            y=100 * p,
            line={"color": "#111", "dash": "dash", "width": 1},
            annotation_text=f"exact {percent(result.exact)}",
            annotation_position="top right",
            row=row,
            col=1,
        )
        fig.update_yaxes(title_text="95% interval (%)", row=row, col=1)
    # room on the right for the "exact" label, clear of the last bars
    fig.update_xaxes(range=[0, count * 1.1 + 2])
    fig.update_xaxes(title_text=f"run (each {result.deals:,} deals)", row=len(methods), col=1)
    return _style(fig, title, height=260 + 240 * len(methods))


__all__ = [
    "CountRow",
    "Coverage",
    "GivenRow",
    "Method",
    "MiniDeck",
    "PrecisionRow",
    "Progress",
    "binomial_pmf",
    "comparison_table",
    "counting_rows",
    "counting_table",
    "coverage_experiment",
    "coverage_figure",
    "deal_flags",
    "expected_coverage",
    "figure_of_series",
    "given_rows",
    "given_table",
    "halfwidth_figure",
    "hand_picture",
    "hand_with_trump",
    "hits_in",
    "independent_best",
    "interval_table",
    "log_spaced",
    "precision_rows",
    "precision_table",
    "tally_in_steps",
]
