"""Classroom lesson 05, Monte Carlo error (``notebooks/lessons/05-monte-carlo-error.ipynb``).

A simulated share is off by about ``sqrt(p(1-p)/n)``; a 95% interval should
contain the truth in 95% of runs, and that can be counted
(:func:`coverage_experiment`), and even predicted exactly from the binomial
distribution (:func:`expected_coverage`). The runs are seeded, so the page
shows the same numbers every time.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from html import escape
from typing import Literal

import numpy as np
import plotly.graph_objects as go
from numpy.typing import NDArray

from pitchlab.bots.simulation import Progress
from pitchlab.engine.cards import Suit
from pitchlab.engine.rules import TEN_POINT, Ruleset
from pitchlab.odds import sampling
from pitchlab.odds.probability import percent
from pitchlab.odds.stats import Estimate, binomial_se, proportion, z_of
from pitchlab.ui import drawing, plots
from pitchlab.ui.pictures import Picture, table

Method = Literal["normal", "wilson"]
"""Which 95% interval: ``value ± 1.96·se`` or Wilson's."""


def deal_flags(
    n: int, seed: sampling.Seed, *, at_least: int, suit: Suit = Suit.SPADES, rules: Ruleset = TEN_POINT
) -> NDArray[np.bool_]:
    """Deal ``n`` hands; for each, whether it holds at least ``at_least`` trump of ``suit``.

    The deal-by-deal record, not just a total, is what a running estimate
    (:func:`pitchlab.odds.sampling.running_proportion`) needs.
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
    return table(
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
            line={"color": plots.BLUE, "dash": "dash"},
            name="predicted: 1.96·√(p(1−p)/n)",
            hoverinfo="skip",
        )
    )
    fig.add_trace(
        go.Scatter(
            x=ns,
            y=[100 * r.half for r in rows],
            mode="markers",
            marker={"color": plots.ORANGE, "size": 11, "symbol": "diamond"},
            name="simulated runs",
            hovertemplate="%{x:,} deals: ± %{y:.3f}%<extra></extra>",
        )
    )
    ticks = [
        t for t in (0.02, 0.05, 0.1, 0.2, 0.5, 1, 2, 5, 10) if 0.5 * min(r.half for r in rows) * 100 <= t
    ]
    fig.update_xaxes(type="log")
    fig.update_yaxes(type="log", tickvals=ticks, ticktext=[f"{t:g}" for t in ticks])
    return plots.layout(
        fig,
        "Four times the deals, half the error: 95% half-width against deals",
        "deals simulated (log scale)",
        "95% half-width (% points, log)",
        top=90,
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
        mark = "caught" if lo <= p <= hi else f'<b style="color:{drawing.RED}">missed</b>'
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
    return table(
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
        for ok, colour, label in (
            (True, plots.BLUE, "caught the exact value"),
            (False, drawing.RED, "missed it"),
        ):
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
    return plots.style(fig, title, height=260 + 240 * len(methods), top=90)


__all__ = [
    "Coverage",
    "Method",
    "PrecisionRow",
    "binomial_pmf",
    "coverage_experiment",
    "coverage_figure",
    "deal_flags",
    "expected_coverage",
    "halfwidth_figure",
    "hits_in",
    "interval_table",
    "log_spaced",
    "precision_rows",
    "precision_table",
]
