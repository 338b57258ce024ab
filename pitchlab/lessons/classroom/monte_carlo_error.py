"""Classroom lesson 05, Monte Carlo error (``notebooks/lessons/05-monte-carlo-error.ipynb``).

A simulated share is off by about ``sqrt(p(1-p)/n)``; a 95% interval should
contain the truth in 95% of runs, and that can be counted
(:func:`coverage_experiment`), and even predicted exactly from the binomial
distribution (:func:`expected_coverage`). The runs are seeded, so the page
shows the same numbers every time.
"""

from __future__ import annotations

import inspect
import math
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from statistics import NormalDist
from typing import Literal

import ipywidgets as w
import numpy as np
import plotly.graph_objects as go
from numpy.typing import NDArray

from pitchlab.bots.simulation import Progress
from pitchlab.engine.cards import Suit
from pitchlab.engine.presets import TEN_POINT
from pitchlab.engine.rules import Ruleset
from pitchlab.lessons.classroom.common import close_pair
from pitchlab.odds import sampling
from pitchlab.odds.probability import percent
from pitchlab.odds.stats import Estimate, binomial_se, proportion, wilson_bounds, z_of
from pitchlab.ui import classroom, drawing, plots
from pitchlab.ui.markup import escape, html
from pitchlab.ui.pictures import Picture, table
from pitchlab.ui.widgets import View, classed

Method = Literal["normal", "wilson"]
"""Which 95% interval: ``value ± 1.96·se`` or Wilson's."""
METHODS: tuple[Method, ...] = ("normal", "wilson")


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
    return sampling.hits_at_least(n, rng, at_least, suit=suit, rules=rules)


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
        ["deals", "estimate (95% interval)", "half-width 1.96·se", "predicted", "vs the row above"],
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
    return estimate.wilson() if method == "wilson" else estimate.normal_interval()


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
                shown(*e.normal_interval()),
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
    for row in range(1, len(methods) + 1):  # every panel says what its axis counts, not only the last
        fig.update_xaxes(title_text=f"run (each {result.deals:,} deals)", showticklabels=True, row=row, col=1)
    return plots.style(fig, title, height=260 + 240 * len(methods), top=90)


# ------------------------------------------------------------------ the working, shown

Z95 = NormalDist().inv_cdf(0.975)
"""The 95% point of the normal distribution, 1.959964...: 95% of it lies within ±Z95."""


def standard_error(hits: int, n: int) -> float:
    """How far a share of hits in n trials typically is from the truth."""
    p = hits / n
    return math.sqrt(p * (1 - p) / n)


def wilson(hits: int, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson 95% interval: every true chance that would make the hits unsurprising."""
    p = hits / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z / (1 + z * z / n) * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    return max(0.0, centre - half), min(1.0, centre + half)


def working() -> Picture:
    """The source of :func:`standard_error` and :func:`wilson`, shown as code in the page.

    The page shows these very lines (read from this module, so they cannot
    drift from what ran) and asserts they give the library's numbers; in
    Voilà, where code cells are hidden, this is how a learner sees them.
    """
    code = "\n\n".join(inspect.getsource(fn).rstrip() for fn in (standard_error, wilson))
    code = f"Z95 = NormalDist().inv_cdf(0.975)  # {Z95:.6f}\n\n" + code
    return Picture(
        html(
            '<figure class="pl-working" style="margin:8px 0;max-width:900px">'
            '<pre style="background:#f6f8fa;border:1px solid #d5dbe3;border-radius:6px;padding:8px 12px;'
            "overflow-x:auto;font-size:13px;line-height:1.45;margin:0;white-space:pre;word-break:normal;"
            'overflow-wrap:normal">'
            '<code class="language-python">{}</code></pre>'
            '<figcaption style="font-size:14px;margin-top:4px">The working: the standard error and the Wilson '
            "interval in a few lines of Python, checked against pitchlab's own below.</figcaption></figure>",
            code,
        )
    )


WILSON_CASES: tuple[classroom.Case, ...] = tuple(
    classroom.Case((hits, n), proportion(hits, n).wilson(), about, close_pair)
    for hits, n, about in (
        (30, 100, "30 hits in 100 deals"),
        (0, 100, "no hits in 100 deals (where the normal interval collapses to 0)"),
        (100, 100, "a hit in every one of 100 deals"),
        (1, 10_000, "one hit in 10,000 deals"),
        (1_484, 6_000, "1,484 hits in 6,000 deals"),
    )
)
"""The code exercise's checks: ``wilson_interval(hits, n)`` against pitchlab's Wilson interval."""


def chance_inside(n: int, p: float, low: float, high: float) -> float:
    """The exact chance that a fresh run of ``n`` trials, true chance ``p``, lands its estimate in [low, high]."""
    h = np.arange(n + 1)
    share = h / n
    inside = (low <= share) & (share <= high)
    return float(np.exp(_log_pmf(n, np.array([p])))[0][inside].sum())


def chance_inside_over_runs(n: int, p: float) -> float:
    """The chance that a second run of ``n`` trials lands its estimate inside the first run's
    Wilson 95% interval, averaged over first runs (both with true chance ``p``): the sum over
    the first run's hit count h of P(h) x P(the second estimate falls in h's interval).

    About 83% for large ``n``, not 95%: the two estimates differ by the error of both runs,
    about sqrt(2) times one run's, and P(|Z| < 1.96 / sqrt(2)) = 0.83. One run's interval is a
    statement about the truth, not a forecast of the next run."""
    pmf = np.exp(_log_pmf(n, np.array([p])))[0]
    below = np.concatenate(([0.0], np.cumsum(pmf)))  # below[k]: the chance of fewer than k hits
    low, high = _bounds(n, "wilson")
    first = np.clip(np.ceil(low * n - 1e-9), 0, n).astype(int)  # the fewest hits inside each interval
    last = np.clip(np.floor(high * n + 1e-9), -1, n).astype(int)  # and the most
    inside = np.where(last >= first, below[last + 1] - below[first], 0.0)
    return float((pmf * inside).sum())


def running_misses(p: float, runs: int, deals: int, seed: int, start: int = 10) -> float:
    """The share of ``runs`` seeded running estimates (``deals`` trials each, true chance ``p``)
    whose Wilson 95% band leaves out ``p`` at some number of trials from ``start`` on.

    Each point of a band holds the truth 95% of the time on its own; a whole band, every
    point at once, far less often. Each trial is a yes with chance ``p``, as a dealt hand is."""
    rng = np.random.default_rng(seed)
    missed = 0
    for _ in range(runs):
        _, _, lower, upper = sampling.running_proportion(rng.random(deals) < p)
        missed += bool(((lower[start - 1 :] > p) | (upper[start - 1 :] < p)).any())
    return missed / runs


def meaning_question(estimate: Estimate, exact: Fraction, caught: int, runs: int) -> classroom.MultipleChoice:
    """What does a 95% interval mean? One right reading and three classic wrong ones, each explained.

    ``estimate`` is one seeded run of the lesson; ``caught`` of ``runs`` is
    the coverage count of section 3, quoted in the right choice's explanation.
    """
    low, high = estimate.interval()
    p = float(exact)
    shown = f"{100 * low:.1f}% to {100 * high:.1f}%"
    between = f"between {100 * low:.1f}% and {100 * high:.1f}%"
    holds = "holds it" if low <= p <= high else "misses it"
    again = chance_inside(estimate.n, p, low, high)
    over = chance_inside_over_runs(estimate.n, p)
    return classroom.MultipleChoice(
        f"<b>5.</b> A run of {estimate.n:,} deals estimates P(4+ trump) as {100 * estimate.value:.1f}%, "
        f"with the 95% interval <b>{shown}</b>. What does the 95% promise?",
        [
            classroom.Choice(
                f"There is a 95% chance that the true chance lies {between}.",
                right=False,
                why=f"The true chance is not random: it is exactly {percent(exact)}, counted in the first "
                f"cell, so this interval either holds it or not (it {holds}). The 95% belongs to the "
                "method that made the interval, not to this one interval.",
            ),
            classroom.Choice(
                f"If many people each dealt {estimate.n:,} hands and built a 95% interval the same way, "
                "about 95 in 100 of their intervals would hold the true chance.",
                right=True,
                why=f"95% is how often the method works, over many runs. Section 3 counted it: "
                f"{caught} of {runs} intervals held the truth. Nobody can tell from inside one run "
                "whether theirs is one of the misses.",
            ),
            classroom.Choice(
                f"95% of the {estimate.n:,} deals fall {between}.",
                right=False,
                why="A single deal is a yes or a no (4+ trump or not), never a share like "
                f"{100 * low:.1f}%. The interval is about the share over all the deals, not about "
                "single deals.",
            ),
            classroom.Choice(
                f"Another run of {estimate.n:,} deals will give an estimate inside {shown} 95% of the time.",
                right=False,
                why=f"Less often than that: the next estimate has its own error on top of this one's. "
                f"With the true chance {percent(exact)}, a binomial sum says {again:.0%} of new runs "
                "would land in this particular interval, because this run happened to land close to the "
                f"truth. Averaged over first runs, as the 95% is, a second run lands in the first one's "
                f"interval only {over:.0%} of the time.",
            ),
        ],
    )


# ------------------------------------------------------------- exact coverage, vectorised

P_GRID: NDArray[np.float64] = np.round(np.arange(0.01, 0.99001, 0.0025), 4)
"""The true chances the coverage curves are drawn at: every quarter of a percent, 1% to 99%
(the p slider's range)."""


def _bounds(n: int, method: Method) -> tuple[NDArray[np.float64], NDArray[np.float64]]:
    """Each hit count's interval (0 to ``n`` hits), both ends as arrays."""
    share = np.arange(n + 1, dtype=float) / n
    if method == "wilson":
        return wilson_bounds(share, np.full(n + 1, float(n)), Z95)
    half = Z95 * binomial_se(share, np.full(n + 1, float(n)))
    return share - half, share + half


def _log_pmf(n: int, ps: NDArray[np.float64]) -> NDArray[np.float64]:
    """log P(h hits | n, p) for each p (rows) and h = 0..n (columns), by log factorials."""
    log_fact = np.concatenate(([0.0], np.cumsum(np.log(np.arange(1, n + 1, dtype=float)))))
    h = np.arange(n + 1, dtype=float)
    log_choose = log_fact[n] - log_fact - log_fact[::-1]
    p = ps[:, None]
    out: NDArray[np.float64] = log_choose + h * np.log(p) + (n - h) * np.log1p(-p)
    return out


def coverage_of(n: int, ps: NDArray[np.float64], method: Method) -> NDArray[np.float64]:
    """The exact chance that a 95% interval from ``n`` trials holds the true chance, for each of ``ps``.

    The same sum as :func:`expected_coverage`, for many ``p`` at once: the
    binomial chances of the hit counts whose interval holds ``p``. No
    simulation, so the curves are exact, and numpy does it in milliseconds.
    """
    low, high = _bounds(n, method)
    p = ps[:, None]
    held = (low <= p) & (p <= high)
    out: NDArray[np.float64] = np.where(held, np.exp(_log_pmf(n, ps)), 0.0).sum(axis=1)
    return out


@lru_cache(maxsize=256)
def coverage_curves(n: int) -> tuple[NDArray[np.float64], NDArray[np.float64]]:
    """The normal and Wilson coverage across :data:`P_GRID` for ``n`` trials, computed once per ``n``."""
    return coverage_of(n, P_GRID, "normal"), coverage_of(n, P_GRID, "wilson")


def mean_coverage(n: int, low: float, high: float) -> tuple[float, float]:
    """The normal and Wilson coverage for ``n`` trials, averaged over the grid's chances from ``low`` to ``high``."""
    normal, wil = coverage_curves(n)
    grid = P_GRID
    inside = (grid >= low - 1e-9) & (grid <= high + 1e-9)
    return float(normal[inside].mean()), float(wil[inside].mean())


def coverage_slider_figure(n: int, p: float) -> go.Figure:
    """Coverage against the true chance for ``n`` trials, both intervals, with ``p`` marked.

    The normal interval's curve saws up and down and falls far below 95%
    near 0% and 100%; Wilson's stays near 95% everywhere. The figure is
    built once; :func:`set_coverage_figure` moves it to another ``n`` and ``p``.
    """
    fig = go.Figure()
    fig.add_hline(y=95, line={"color": plots.GREY, "dash": "dash", "width": 1})
    fig.add_vline(x=100 * p, line={"color": plots.GREY, "dash": "dot", "width": 1})
    for name, colour in (
        ("normal interval (value ± 1.96·se)", plots.ORANGE),
        ("Wilson interval", plots.BLUE),
    ):
        fig.add_trace(
            go.Scatter(
                x=100 * P_GRID,
                mode="lines",
                line={"color": colour, "width": 1.5},
                name=name,
                hovertemplate="true chance %{x:.2f}%: holds it %{y:.1f}% of the time<extra></extra>",
            )
        )
        fig.add_trace(
            go.Scatter(
                mode="markers",
                marker={"color": colour, "size": 10, "line": {"color": "#111", "width": 1}},
                showlegend=False,
                hoverinfo="skip",
            )
        )
    fig.update_xaxes(range=[0, 100], dtick=10)
    plots.layout(fig, "", "true chance p (%)", "intervals that hold p (%)", top=80, height=470)
    # the legend under the plot, clear of the two-line title on a phone's narrow figure
    fig.update_layout(
        legend={"orientation": "h", "yanchor": "top", "y": -0.2, "xanchor": "left", "x": 0},
        margin={"b": 110},
    )
    set_coverage_figure(fig, n, p)
    return fig


def set_coverage_figure(fig: go.Figure, n: int, p: float) -> None:
    """Move a :func:`coverage_slider_figure` to ``n`` and ``p`` in place: new curves (cached per
    ``n``), the marks at ``p``, the title and the axis. Changing a few properties of a built
    figure is several times quicker than building it again, which keeps a slider's move short."""
    normal, wilson_curve = coverage_curves(n)
    # from 60% unless the normal curve falls lower (a few deals): the region near 95% is what to see
    bottom = min(60.0, 10 * math.floor(10 * float(normal.min())))
    with fig.batch_update():
        for k, (name, curve, method) in enumerate(
            (("normal interval", normal, "normal"), ("Wilson interval", wilson_curve, "wilson"))
        ):
            here = coverage_at(n, p, method)  # type: ignore[arg-type]
            fig.data[2 * k].y = 100 * curve
            fig.data[2 * k + 1].x = [100 * p]
            fig.data[2 * k + 1].y = [100 * here]
            fig.data[2 * k + 1].name = f"{name} at {100 * p:g}%: {100 * here:.1f}%"
        fig.layout.shapes[1].x0 = fig.layout.shapes[1].x1 = 100 * p
        fig.layout.yaxis.range = [bottom, 101]
        fig.layout.title.text = (
            f"How often 95% intervals hold p<br><sup>n = {n:,} deals, exact; dashed: 95%</sup>"
        )


def coverage_at(n: int, p: float, method: Method) -> float:
    """The exact coverage of one method at one ``n`` and ``p``: :func:`coverage_of` at a single point."""
    return float(coverage_of(n, np.array([p], dtype=float), method)[0])


def coverage_words(n: int, p: float) -> str:
    """The slider's reading in words: both coverages at ``n`` and ``p``, and how far they are from 95%."""
    normal = coverage_at(n, p, "normal")
    wil = coverage_at(n, p, "wilson")
    return (
        f"With <b>{n:,}</b> deals and a true chance of <b>{100 * p:g}%</b>, the normal interval holds the "
        f"truth in <b>{normal:.1%}</b> of runs and Wilson's in <b>{wil:.1%}</b> "
        f"(a 95% interval should be near 95%)."
    )


class CoverageSliders(View):
    """Two sliders, the number of deals ``n`` and the true chance ``p``, and the exact coverage figure.

    A move recomputes only what changed (the curves are cached per ``n``),
    so a redraw stays well under 250 ms.
    """

    def __init__(self, n: int = 100, p: float = 0.05) -> None:
        self.n_slider = classed(
            w.IntSlider(
                value=n,
                min=10,
                max=1000,
                step=10,
                description="deals n",
                continuous_update=False,
                style={"description_width": "initial"},
                layout=w.Layout(width="min(420px, 92vw)"),
            ),
            "pl-slider",
        )
        self.p_slider = classed(
            w.FloatSlider(
                value=p,
                min=0.01,
                max=0.99,
                step=0.01,
                description="true chance p",
                readout_format=".0%",
                continuous_update=False,
                style={"description_width": "initial"},
                layout=w.Layout(width="min(420px, 92vw)"),
            ),
            "pl-slider",
        )
        self.words = classed(w.HTML(), "pl-coverage-words")
        self.box = classroom.FigureBox()
        classed(self.box.output, "pl-coverage-figure")
        self.n_slider.observe(lambda c: self.show(n=int(c["new"])), "value")
        self.p_slider.observe(lambda c: self.show(p=float(c["new"])), "value")
        sliders = w.HBox([self.n_slider, self.p_slider], layout=w.Layout(flex_flow="row wrap"))
        self.widget = classed(w.VBox([sliders, self.words, self.box.widget]), "pl-coverage")
        self.show()

    def show(self, n: int | None = None, p: float | None = None) -> None:
        """Redraw the figure and its words for ``n`` and ``p`` (the sliders' values when not given)."""
        n = self.n_slider.value if n is None else n
        p = self.p_slider.value if p is None else p
        p = round(p, 4)
        self.words.value = coverage_words(n, p)
        if self.box.figure is None:
            self.box.draw(coverage_slider_figure(n, p))
        else:
            set_coverage_figure(self.box.figure, n, p)
            self.box.draw(self.box.figure)

    def redraw_cases(self) -> Iterator[tuple[str, Callable[[], object]]]:
        """One move of each slider, for :func:`pitchlab.ui.classroom.redraw_times`: ``n`` steps
        through values not drawn before (its curves computed, not cached), ``p`` moves along."""
        ns = iter(range(1000, 9, -10))
        ps = iter(np.round(np.arange(0.99, 0.005, -0.01), 2).tolist())
        yield "n", lambda: self.show(n=next(ns))
        yield "p", lambda: self.show(p=next(ps))


REDRAWS: tuple[Callable[[], CoverageSliders], ...] = (CoverageSliders,)
"""The lesson's slider views, for ``benchmarks/sliders.py`` (see :mod:`pitchlab.ui.classroom`)."""


__all__ = [
    "METHODS",
    "P_GRID",
    "REDRAWS",
    "WILSON_CASES",
    "Z95",
    "Coverage",
    "CoverageSliders",
    "Method",
    "PrecisionRow",
    "binomial_pmf",
    "chance_inside",
    "chance_inside_over_runs",
    "coverage_at",
    "coverage_curves",
    "coverage_experiment",
    "coverage_figure",
    "coverage_of",
    "coverage_slider_figure",
    "coverage_words",
    "deal_flags",
    "expected_coverage",
    "halfwidth_figure",
    "hits_in",
    "interval_table",
    "log_spaced",
    "mean_coverage",
    "meaning_question",
    "precision_rows",
    "precision_table",
    "running_misses",
    "set_coverage_figure",
    "standard_error",
    "wilson",
    "working",
]
