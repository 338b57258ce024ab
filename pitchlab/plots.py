"""Plotly figures for the tutorial pages (needs the ``app`` extra).

Only this module imports plotly, and ``pitchlab`` never imports it, so the
engine and the tests of the engine run without it. Every builder returns a
``plotly.graph_objects.Figure`` with a title and labelled axes; the numbers come
from :mod:`pitchlab.probability`, exact until the last step, where they turn into
floats for drawing.
"""

from __future__ import annotations

import json
from typing import Any

import plotly.graph_objects as go
import plotly.io as pio

from pitchlab.cards import Suit
from pitchlab.probability import (
    OpeningBids,
    as_percent,
    best_suit_distribution,
    trump_count_distribution,
)
from pitchlab.rules import TEN_POINT, Ruleset

BLUE = "#1f5fbf"
ORANGE = "#e67e22"
GREEN = "#1e8449"
GREY = "#95a5a6"
FONT = "DejaVu Sans, Arial, sans-serif"


def _layout(fig: go.Figure, title: str, x_title: str, y_title: str) -> go.Figure:
    fig.update_layout(
        title={"text": title, "x": 0.02, "xanchor": "left"},
        xaxis_title=x_title,
        yaxis_title=y_title,
        font={"family": FONT, "size": 14},
        template="plotly_white",
        height=430,
        margin={"l": 70, "r": 20, "t": 70, "b": 60},
        legend={"orientation": "h", "yanchor": "bottom", "y": 1.0, "xanchor": "right", "x": 1.0},
    )
    return fig


def trump_count_figure(
    suit: Suit = Suit.SPADES,
    *,
    yours: int | None = None,
    your_best: int | None = None,
    rules: Ruleset = TEN_POINT,
) -> go.Figure:
    """How many trump a dealt hand holds: a named suit beside the best of the four suits.

    ``yours`` and ``your_best`` mark the learner's own counts with an outlined
    bar and a label.
    """
    named = as_percent(trump_count_distribution(rules, suit))
    best = as_percent(best_suit_distribution(rules))
    ks = list(range(rules.hand_size + 1))
    fig = go.Figure()
    for name, values, colour, mine in (
        (f"{suit.symbol} {suit.name.lower()} named", named, BLUE, yours),
        ("your best suit", best, ORANGE, your_best),
    ):
        fig.add_trace(
            go.Bar(
                x=ks,
                y=[values[k] for k in ks],
                name=name,
                marker={
                    "color": colour,
                    "line": {"color": "#111", "width": [3 if k == mine else 0 for k in ks]},
                },
                hovertemplate="%{x} trump: %{y:.2f}%<extra>" + name + "</extra>",
            )
        )
    marks = []
    if yours is not None:
        marks.append((yours - 0.2, named[yours], f"you: {yours} {suit.symbol}"))
    if your_best is not None:
        marks.append((your_best + 0.2, best[your_best], f"your best: {your_best}"))
    for x, y, text in marks:
        fig.add_annotation(x=x, y=y, text=text, showarrow=True, arrowhead=2, ay=-36, font={"size": 13})
    fig.update_layout(barmode="group", bargap=0.18)
    fig.update_xaxes(dtick=1)
    return _layout(
        fig,
        f"Trump in a hand of {rules.hand_size}: exact probabilities ({len(rules.deck)} cards, "
        f"{len(rules.trump_cards(suit))} trump per suit)",
        f"trump in your hand (cards, of {rules.hand_size})",
        "probability (% of deals)",
    )


def opening_bid_figure(bids: OpeningBids) -> go.Figure:
    """The rule-based bot's opening bid by the trump in its best suit, as shares of the deals."""
    values = bids.bids()
    ks = sorted(bids.counts)
    totals = {k: sum(bids.counts[k].values()) for k in ks}
    palette = {0: GREY, 4: "#a9cce3", 5: "#5499c7", 6: BLUE, 7: "#154360"}
    fig = go.Figure()
    for b in values:
        name = "pass" if b == 0 else f"bid {b}"
        shares = [100 * bids.counts[k].get(b, 0) / totals[k] for k in ks]
        fig.add_trace(
            go.Bar(
                x=ks,
                y=shares,
                name=name,
                marker={"color": palette.get(b, GREEN)},
                customdata=[[bids.counts[k].get(b, 0), totals[k]] for k in ks],
                hovertemplate="%{x} trump: %{y:.1f}% (%{customdata[0]} of %{customdata[1]} deals)<extra>"
                + name
                + "</extra>",
            )
        )
    fig.add_trace(
        go.Scatter(
            x=ks,
            y=[104] * len(ks),
            mode="text",
            text=[f"n={totals[k]}" for k in ks],
            textfont={"size": 12, "color": "#555"},
            showlegend=False,
            hoverinfo="skip",
        )
    )
    fig.update_layout(barmode="stack")
    fig.update_xaxes(dtick=1)
    fig.update_yaxes(range=[0, 110])
    return _layout(
        fig,
        f"What the bot bids first, by trump in its best suit ({bids.deals:,} seeded deals, seed {bids.seed})",
        "trump in the best suit (cards, before the refill)",
        "share of deals (%)",
    )


def mimebundle(fig: go.Figure) -> dict[str, Any]:
    """The figure as a plotly MIME bundle of plain JSON, for an ``Output`` widget's ``outputs``.

    Setting outputs directly needs no running kernel, so lessons can redraw
    a figure from a button callback and tests can check what was drawn.
    """
    spec = json.loads(pio.to_json(fig))
    spec["config"] = {"displaylogo": False}
    return {"application/vnd.plotly.v1+json": spec, "text/plain": f"<figure: {fig.layout.title.text}>"}


__all__ = ["mimebundle", "opening_bid_figure", "trump_count_figure"]
