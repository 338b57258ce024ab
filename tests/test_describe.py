"""Every figure in words (WCAG 2.1 1.1.1): :func:`pitchlab.ui.plots.describe` says a figure's
title, axis titles and values; the words travel inside the figure to the page."""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import Literal

import plotly.graph_objects as go
import pytest

import pitchlab as pl
from pitchlab.bots import ladder
from pitchlab.bots import simulation as sim
from pitchlab.lessons.classroom import (
    bayes_from_the_draws,
    common,
    comparing_variants,
    expected_value_and_the_bid,
)
from pitchlab.odds import probability, stats
from pitchlab.studies import compare, whatif
from pitchlab.ui import explorer, plots
from tests.test_lessons_value import toy_ladder


def test_two_bars_in_words_worked_by_hand() -> None:
    fig = go.Figure(
        go.Bar(x=[1, 2], y=[0.25, 12.3456], name="made", error_y={"type": "data", "array": [0.5, 0]})
    )
    plots.layout(fig, "Two <b>bars</b><br><sup>a test</sup>", "bid (points)", "chance (%)")
    assert plots.describe(fig) == (
        "Two bars — a test\n"
        "Across: bid (points).\n"
        "Up: chance (%).\n"
        # 12.3456 to three significant figures; no "±" where the error is 0
        "made: 1: 0.25 ± 0.5, 2: 12.3."
    )


def test_a_long_series_is_summed_up_and_numbers_are_rounded() -> None:
    xs = list(range(20))
    ys = [float(20 * x - x * x) for x in xs]  # highest at x = 10 (100), lowest at x = 0 (0)
    fig = plots.layout(go.Figure(go.Scatter(x=xs, y=ys, name="arc")), "Arc", "x (cards)", "y (points)")
    assert plots.describe(fig).splitlines()[-1] == (
        "arc: 20 points, x from 0 to 19; y from 0 (at x 0) to 100 (at x 10)."
    )
    assert [plots.number(v) for v in (5.0, 31.82, 0.0004567, 12345.6, -2.25)] == [
        "5",
        "31.8",
        "0.000457",
        "12,346",
        "-2.25",
    ]


def test_a_broken_line_counts_only_its_points() -> None:
    """Plotly breaks a line at a point of None (lesson 05 draws its intervals so): 13 points in
    two runs, 0..5 and 10..16, with a gap between; the gap is not a value."""
    xs: list[int | None] = [0, 1, 2, 3, 4, 5, None, 10, 11, 12, 13, 14, 15, 16]
    ys: list[float | None] = [3.0, 2, 1, 0, 1, 2, None, 7, 8, 9, 8, 7, 6, 5]
    fig = go.Figure(go.Scatter(x=xs, y=ys, name="runs", mode="lines"))
    assert plots.describe(fig).splitlines()[-1] == (
        "runs: 13 points, x from 0 to 16; y from 0 (at x 3) to 9 (at x 12)."
    )


def test_the_words_travel_with_the_figure_both_ways_it_is_shown() -> None:
    fig = plots.review_figure([(1, "you", 0, "A♠"), (2, "seat 1", 2, "3♥")])
    words = plots.describe(fig)
    # one trace per player; the card each point lost goes with it
    assert "you: 1 (A♠): 0." in words and "seat 1: 2 (3♥): 2." in words
    shown = plots.mimebundle(fig)["application/vnd.plotly.v1+json"]
    assert shown["layout"]["meta"] == {"description": words}
    direct = fig._repr_mimebundle_()["application/vnd.plotly.v1+json"]  # a cell's last line
    assert direct["layout"]["meta"] == {"description": words}
    assert bayes_from_the_draws.show(fig)._repr_mimebundle_() == plots.mimebundle(fig)


def every_figure() -> dict[str, Callable[[], go.Figure]]:
    """One of each figure pitchlab pages draw, on small inputs."""
    exact = probability.trump_count_distribution()
    simulated = {k: stats.proportion(round(float(p) * 1000), 1000) for k, p in exact.items()}
    results = [compare.measure(n, hands=20, games=2, seed="test") for n in ("ten-point", "auction-pitch")]
    toy, cell = toy_ladder()
    return {
        "trump count": lambda: plots.trump_count_figure(pl.Suit.HEARTS, yours=2, your_best=4),
        "opening bid": lambda: plots.opening_bid_figure(sim.opening_bids(100, seed=1)),
        "distribution": lambda: plots.distribution_figure(
            exact, simulated, title="Dist", x_title="trump (cards)"
        ),
        "convergence": lambda: plots.convergence_figure(
            [1, 10, 100], [0.0, 0.2, 0.25], [0.0, 0.1, 0.2], [0.8, 0.5, 0.3], Fraction(1, 4), title="Conv"
        ),
        "bid chances": lambda: plots.bid_chances_figure(
            sim.bid_chances("AS KS 3S JC JK 9H 4D 7C 2C", "S", hands=100, seed=1)
        ),
        "ladder": lambda: plots.ladder_figure(ladder.shipped(), ladder.Spot(0, 0, False)),
        "review": lambda: plots.review_figure([(1, "you", 1, "A♠")]),
        "points": lambda: comparing_variants.points_figure(results),
        "made": lambda: comparing_variants.made_figure(results),
        "seat": lambda: comparing_variants.seat_figure(results),
        "length": lambda: comparing_variants.length_figure(results),
        "others' trump": lambda: explorer.others_trump_figure(
            whatif.analyze("AS KS 3S JC JK 9H 4D 7C 2C", "S", 0, hands=50)
        ),
        "counts": lambda: bayes_from_the_draws.counts_figure(
            {"seat 1": {"prior": exact}, "seat 2": {"prior": exact}}, title="Counts", x_title="trump (cards)"
        ),
        "where": lambda: bayes_from_the_draws.where_figure(
            pl.parse_cards("3S")[0],
            {"before": {"seat 1": Fraction(1, 5), "stock": Fraction(2, 5)}},
            title="Where",
        ),
        "series as lines": lambda: common.figure_of_series(
            {"exact": exact}, title="Series", x_title="trump (cards)", mode="lines"
        ),
        "answers": lambda: expected_value_and_the_bid.answers_figure(toy, cell),
    }


def title_lines(fig: go.Figure, axis: str) -> list[str]:
    """A title's lines as plotly draws them, tags dropped."""
    part = fig.layout.title if axis == "title" else fig.layout[axis].title
    text = str(part.text or "").replace("<sup>", "").replace("</sup>", "").replace("&amp;", "&")
    return [line.strip() for line in text.split("<br>") if line.strip()]


def test_every_figure_says_its_title_and_axis_titles() -> None:
    for name, build in every_figure().items():
        fig = build()
        words = plots.describe(fig)
        for axis in ("title", "xaxis", "yaxis"):
            lines = title_lines(fig, axis)
            assert lines and all(line in words for line in lines), (name, axis, words)
        assert len(words.splitlines()) >= 3 + len(fig.data), name  # title, two axes, a line a trace


@pytest.mark.parametrize("mode", ["bars", "lines"])
def test_a_series_figure_lists_each_value(mode: Literal["bars", "lines"]) -> None:
    fig = common.figure_of_series(
        {"exact": {0: Fraction(1, 4), 1: Fraction(3, 4)}}, title="S", x_title="k (cards)", mode=mode
    )
    assert "exact: 0: 25, 1: 75." in plots.describe(fig)  # 1/4 and 3/4 in per cent


def test_wilson_error_bars_are_unequal_and_read_as_their_two_ends() -> None:
    # 1 hit in 10: Wilson's 95% interval, written out, is 1.79% to 40.4%; the normal one would go below 0
    z = 1.959963984540054
    centre = (0.1 + z * z / 20) / (1 + z * z / 10)
    spread = z / (1 + z * z / 10) * (0.1 * 0.9 / 10 + z * z / 400) ** 0.5
    share = stats.proportion(1, 10)
    bars = plots.error_y([share], 100)
    assert bars["arrayminus"] == pytest.approx([100 * (0.1 - (centre - spread))])
    assert bars["array"] == pytest.approx([100 * (centre + spread - 0.1)])
    fig = plots.layout(go.Figure(go.Bar(x=[1], y=[10.0], name="made", error_y=bars)), "T", "x (n)", "y (%)")
    low, high = 100 * (centre - spread), 100 * (centre + spread)
    assert (
        plots.describe(fig).splitlines()[-1] == f"made: 1: 10 ({plots.number(low)} to {plots.number(high)})."
    )
    assert plots.number(low) == "1.79" and plots.number(high) == "40.4"
