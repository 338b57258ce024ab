"""Classroom lesson 06, "Comparing variants": the figures that put the rulesets side by
side, drawn from :func:`pitchlab.studies.compare.compare`'s measurements, and the working
behind the lesson's key answer, the paired difference on common deals (:func:`paired_difference`,
shown in the page beside :func:`pitchlab.odds.stats.paired_difference`), with the checks of the
code exercise that asks a learner to write it (:data:`PAIRED_CASES`)."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from statistics import NormalDist

import plotly.graph_objects as go

from pitchlab.bots.ladder import POSITIONS
from pitchlab.lessons.classroom.common import close_pair
from pitchlab.odds.stats import LEVEL, Estimate
from pitchlab.studies.compare import VariantStats
from pitchlab.ui import classroom, drawing, plots


def _palette(k: int) -> str:
    colours = [plots.BLUE, plots.ORANGE, plots.GREEN, "#8e44ad", drawing.RED, plots.GREY, "#16a085"]
    return colours[k % len(colours)]


def points_figure(results: Sequence[VariantStats]) -> go.Figure:
    """How many points were in play per hand: one group of bars per ruleset, Wilson 95% intervals."""
    fig = go.Figure()
    for k, s in enumerate(results):
        dist = {p: e for p, e in s.points_distribution().items() if e.value > 0}
        xs = sorted(dist)
        fig.add_trace(
            go.Bar(
                x=xs,
                y=[100 * dist[x].value for x in xs],
                error_y=plots.error_y([dist[x] for x in xs], 100),
                name=s.name,
                marker={"color": _palette(k)},
                hovertemplate="%{x} points in play: %{y:.1f}% of hands<extra>" + s.name + "</extra>",
            )
        )
    fig.update_layout(barmode="group", bargap=0.15)
    fig.update_xaxes(dtick=1)
    return plots.layout(
        fig,
        f"Points in play per hand ({_sizes(results)}; Wilson 95% intervals)",
        "points scored in the hand, all sides together (points)",
        "share of hands (%)",
    )


def made_figure(results: Sequence[VariantStats]) -> go.Figure:
    """How often each winning bid was made, per ruleset, with Wilson 95% intervals."""
    fig = go.Figure()
    for k, s in enumerate(results):
        by_bid = s.made_by_bid()
        xs = list(by_bid)
        fig.add_trace(
            go.Scatter(
                x=xs,
                y=[100 * by_bid[b].value for b in xs],
                error_y=plots.error_y([by_bid[b] for b in xs], 100),
                customdata=[by_bid[b].n for b in xs],
                mode="lines+markers",
                name=s.name,
                line={"color": _palette(k)},
                hovertemplate="bid %{x}: made %{y:.1f}% of %{customdata} hands<extra>" + s.name + "</extra>",
            )
        )
    fig.update_xaxes(dtick=1)
    fig.update_yaxes(range=[0, 105])
    return plots.layout(
        fig,
        f"How often the winning bid is made, by its size ({_sizes(results)}; Wilson 95% intervals)",
        "winning bid (points)",
        "bids made (%)",
    )


def seat_figure(results: Sequence[VariantStats]) -> go.Figure:
    """Each bidding position's edge per hand, per ruleset, with 95% intervals: the dealer's seat is the last group.

    An edge is a difference measured within each hand (the seat's side against the
    others, on the same cards), so its interval is that of a paired difference."""
    fig = go.Figure()
    for k, s in enumerate(results):
        values = s.seat_values()
        names = _position_names(s.rules.players)
        fig.add_trace(
            go.Bar(
                x=names,
                y=[v.value for v in values],
                error_y=plots.error_y(values),
                name=s.name,
                marker={"color": _palette(k)},
                hovertemplate="%{x} seat: %{y:+.2f} points a hand<extra>" + s.name + "</extra>",
            )
        )
    fig.update_layout(barmode="group", bargap=0.15)
    fig.update_yaxes(zeroline=True, zerolinecolor="#555", tickformat="+.1f")
    return plots.layout(
        fig,
        f"What each seat is worth: its side's score change minus the others' ({_sizes(results)}; 95% intervals)",
        "seat, in bidding order from the dealer's left",
        "edge over the other sides (points a hand)",
    )


def length_figure(results: Sequence[VariantStats]) -> go.Figure:
    """Mean hands per game, per ruleset, with 95% intervals and each game's target."""
    lengths = [s.game_length() for s in results]
    names = [s.name for s in results]
    fig = go.Figure(
        go.Bar(
            x=names,
            y=[g.value for g in lengths],
            error_y=plots.error_y(lengths),
            marker={"color": [_palette(k) for k in range(len(results))]},
            text=[f"to {s.rules.target}" for s in results],
            textposition="inside",
            hovertemplate="%{x}: %{y:.1f} hands a game<extra></extra>",
        )
    )
    return plots.layout(
        fig,
        f"How long a game lasts ({_sizes(results, games=True)}; 95% intervals)",
        "ruleset (and the score to reach)",
        "hands per game (mean)",
    )


# ------------------------------------------------------------ reading many results at once


def with_auction(results: Sequence[VariantStats]) -> tuple[list[VariantStats], list[str]]:
    """The variants whose bids can be lost, and the names of those with no auction.

    Where nobody bids (``auction=False``), nobody can be set, so every hand counts as made:
    a rate of 100% by the rules, which says nothing about how well anyone bid. A ranking of
    "bids made" is a ranking of the variants that have bids."""
    bidding = [s for s in results if s.rules.auction]
    return bidding, [s.name for s in results if not s.rules.auction]


def family_level(count: int, level: float = LEVEL) -> float:
    """The level each of ``count`` intervals needs so that all of them hold together with
    chance at least ``level`` (Bonferroni: the chances of missing add up at most to the sum)."""
    return 1 - (1 - level) / count


def any_miss_by_chance(count: int, level: float = LEVEL) -> float:
    """The chance that at least one of ``count`` independent intervals at ``level`` leaves out
    a true 0: what "some interval is clear of 0" is worth when nothing is there at all."""
    return 1 - level**count


def clear_of_zero(estimates: Mapping[str, Estimate], level: float = LEVEL) -> tuple[list[str], list[str]]:
    """The names whose interval at ``level`` lies wholly above 0, and those wholly below."""
    spans = {name: e.interval(level) for name, e in estimates.items()}
    return [n for n, (low, _) in spans.items() if low > 0], [n for n, (_, high) in spans.items() if high < 0]


def agreement(xs: Sequence[float], ys: Sequence[float]) -> float:
    """The correlation of two results over common deals (0 where either never varies).

    Pairing pays in proportion to it: the variance of x - y is var x + var y - 2 cov(x, y), so
    results that agree (correlation near 1) cancel most of the luck of the cards, unrelated
    ones (near 0) cancel none, and results that disagree (below 0) make the paired interval
    wider than the two separate ones."""
    n = len(xs)
    mx, my = sum(xs) / n, sum(ys) / n
    sxy = sum((x - mx) * (y - my) for x, y in zip(xs, ys, strict=True))
    sxx, syy = sum((x - mx) ** 2 for x in xs), sum((y - my) ** 2 for y in ys)
    return 0.0 if sxx == 0 or syy == 0 else sxy / math.sqrt(sxx * syy)


# ------------------------------------------------------------------ the working, shown


def paired_difference(xs: Sequence[float], ys: Sequence[float]) -> tuple[float, float, float]:
    """The mean of x - y over common deals, and the two ends of its 95% interval."""
    diffs = [x - y for x, y in zip(xs, ys, strict=True)]  # one difference per deal
    n = len(diffs)
    mean = sum(diffs) / n
    sd = math.sqrt(sum((d - mean) ** 2 for d in diffs) / (n - 1))  # how much one deal's difference varies
    half = NormalDist().inv_cdf(0.975) * sd / math.sqrt(n)  # 1.959964 standard errors of the mean
    return mean, mean - half, mean + half


PAIRED_CASES: tuple[classroom.Case, ...] = (
    # differences 1, 0, 0, 1: mean 1/2; squared deviations 4 x 1/4 = 1, sd^2 = 1/3, se = sqrt(1/3 / 4)
    classroom.Case(
        ([1, 1, 0, 1], [0, 1, 0, 0]),
        (0.5, 1.96 * math.sqrt(1 / 12)),
        "bids made (1) or lost (0) on four common deals",
        close_pair,
    ),
    # differences 0, 0, 0, 0, 0: no spread at all, as for Smudge against Auction Pitch
    classroom.Case(
        ([1, 0, 1, 1, 0], [1, 0, 1, 1, 0]),
        (0.0, 0.0),
        "made or lost alike on every deal (Smudge and Auction Pitch)",
        close_pair,
    ),
    # differences 2, 2, 2: the rule adds 2 on every deal, so nothing varies and the interval is a point
    classroom.Case(
        ([3, 4, 5], [1, 2, 3]), (2.0, 0.0), "two points more on every one of three deals", close_pair
    ),
    # differences 1, 0, 2, 0, -1: mean 2/5; squared deviations 0.36 + 0.16 + 2.56 + 0.16 + 1.96 = 5.2,
    # sd^2 = 5.2 / 4 = 1.3, se = sqrt(1.3 / 5) = sqrt(0.26)
    classroom.Case(
        ([4, 2, 3, 1, 0], [3, 2, 1, 1, 1]),
        (0.4, 1.96 * math.sqrt(0.26)),
        "points won by the bidder's side on five deals",
        close_pair,
    ),
    # differences -1, 0: mean -1/2; squared deviations 1/4 + 1/4, sd^2 = 1/2 / 1, se = sqrt(1/2 / 2) = 1/2
    classroom.Case(([0, 0], [1, 0]), (-0.5, 1.96 * 0.5), "two deals, the first rule behind", close_pair),
)
"""The checks of lesson 6's code exercise, ``paired_mean_and_half(xs, ys)``: the mean difference
and the half-width of its 95% interval (1.96 sd / sqrt(n), the sample sd of the differences),
each worked out by hand in the comment above it. A pair within a part in a thousand passes, so
z = 1.96 and pitchlab's 1.959964 both do."""


def _position_names(players: int) -> list[str]:
    if players == len(POSITIONS):
        return list(POSITIONS)
    return [f"seat {k + 1}" for k in range(players - 1)] + ["dealer"]


def _sizes(results: Sequence[VariantStats], games: bool = False) -> str:
    counts = {len(s.lengths) if games else len(s.hands) for s in results}
    what = "games" if games else "hands"
    return f"{'/'.join(f'{n:,}' for n in sorted(counts))} simulated {what} per ruleset"


__all__ = [
    "PAIRED_CASES",
    "agreement",
    "any_miss_by_chance",
    "clear_of_zero",
    "family_level",
    "length_figure",
    "made_figure",
    "paired_difference",
    "points_figure",
    "seat_figure",
    "with_auction",
]
