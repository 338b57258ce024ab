"""Plotly figures for the tutorial pages (needs the ``app`` extra).

Only this module imports plotly, and ``pitchlab`` never imports it, so the
engine and the tests of the engine run without it. Every builder returns a
``plotly.graph_objects.Figure`` with a title and labelled axes; the numbers come
from :mod:`pitchlab.odds.probability`, exact until the last step, where they turn into
floats for drawing.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from fractions import Fraction
from html import unescape
from typing import TYPE_CHECKING, Any

import plotly.graph_objects as go
import plotly.io as pio
from plotly.io._base_renderers import PlotlyRenderer

from pitchlab.bots.simulation import OpeningBids
from pitchlab.engine.cards import Suit
from pitchlab.engine.presets import TEN_POINT
from pitchlab.engine.rules import Ruleset
from pitchlab.odds.probability import (
    as_percent,
    best_suit_distribution,
    trump_count_distribution,
)
from pitchlab.odds.stats import Estimate
from pitchlab.ui.markup import html

if TYPE_CHECKING:
    from pitchlab.bots.calibration import Decile
    from pitchlab.bots.ladder import Ladder, Spot, Strength
    from pitchlab.bots.simulation import BidChances

BLUE = "#1f5fbf"
"""The figures' colours: each stands out from the white page by at least 3:1 (WCAG 2.1's
non-text contrast), so a grey or orange series reads as well as a blue one."""
ORANGE = "#ca6f1e"
GREEN = "#1e8449"
GREY = "#7f8c8d"
FONT = "DejaVu Sans, Arial, sans-serif"


def style(
    fig: go.Figure, title: str, *, height: int = 430, top: int = 70, legend_y: float = 1.0
) -> go.Figure:
    """The look of every pitchlab figure: title at the left, the same fonts and margins,
    the legend above the plot. ``top`` makes room for a two-line title."""
    fig.update_layout(
        title={"text": title, "x": 0.02, "xanchor": "left"},
        font={"family": FONT, "size": 14},
        template="plotly_white",
        height=height,
        margin={"l": 70, "r": 20, "t": top, "b": 60},
        legend={"orientation": "h", "yanchor": "bottom", "y": legend_y, "xanchor": "right", "x": 1.0},
    )
    return fig


def layout(fig: go.Figure, title: str, x_title: str, y_title: str, **options: Any) -> go.Figure:
    """:func:`style` plus the titles of one pair of axes (units in brackets)."""
    fig.update_layout(xaxis_title=x_title, yaxis_title=y_title)
    return style(fig, title, **options)


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
    return layout(
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
    return layout(
        fig,
        f"What the bot bids first, by trump in its best suit ({bids.deals:,} seeded deals, seed {bids.seed})",
        "trump in the best suit (cards, before the refill)",
        "share of deals (%)",
    )


def error_y(estimates: Sequence[Estimate], scale: float = 1.0, color: str | None = None) -> dict[str, Any]:
    """Plotly error bars for ``estimates``' 95% intervals (the package's one convention):
    Wilson's, unequal above and below, for proportions; ``± 1.96·se`` for means.

    ``scale`` is 100 for a figure in percent. Drawn this way, a bar never
    passes 0% or 100%, and the figure's words give each interval's two ends.
    """
    bars = [e.error_bar() for e in estimates]
    spec: dict[str, Any] = {
        "type": "data",
        "symmetric": False,
        "array": [scale * up for _, up in bars],
        "arrayminus": [scale * down for down, _ in bars],
    }
    if color is not None:
        spec["color"] = color
    return spec


def distribution_figure(
    exact: Mapping[int, Fraction],
    simulated: Mapping[int, Estimate] | None = None,
    *,
    title: str,
    x_title: str,
    mark: int | None = None,
    mark_label: str = "you",
) -> go.Figure:
    """An exact distribution as bars, a simulated one beside it as dots with 95% (Wilson) intervals.

    ``simulated`` values are proportions (0-1); both are drawn in percent.
    ``mark`` outlines one bar, e.g. the learner's own count.
    """
    ks = sorted(exact)
    fig = go.Figure()
    fig.add_trace(
        go.Bar(
            x=ks,
            y=[float(exact[k]) * 100 for k in ks],
            name="exact",
            marker={"color": BLUE, "line": {"color": "#111", "width": [3 if k == mark else 0 for k in ks]}},
            hovertemplate="%{x}: %{y:.3f}%<extra>exact</extra>",
        )
    )
    if simulated:
        sim_ks = [k for k in ks if k in simulated]
        fig.add_trace(
            go.Scatter(
                x=sim_ks,
                y=[simulated[k].value * 100 for k in sim_ks],
                error_y=error_y([simulated[k] for k in sim_ks], 100, ORANGE),
                mode="markers",
                marker={"color": ORANGE, "size": 9, "symbol": "diamond"},
                name=f"simulated ({next(iter(simulated.values())).n:,} {next(iter(simulated.values())).unit}, 95% intervals)",
                hovertemplate="%{x}: %{y:.3f}%<extra>simulated</extra>",
            )
        )
    if mark is not None and mark in exact:
        fig.add_annotation(
            x=mark, y=float(exact[mark]) * 100, text=mark_label, showarrow=True, arrowhead=2, ay=-36
        )
    fig.update_xaxes(dtick=1)
    return layout(fig, title, x_title, "probability (%)")


def convergence_figure(
    n: Sequence[float],
    estimate: Sequence[float],
    lower: Sequence[float],
    upper: Sequence[float],
    exact: float | Fraction,
    *,
    title: str,
    y_title: str = "estimated probability (%)",
) -> go.Figure:
    """A Monte Carlo estimate as the trials pile up, its 95% band narrowing onto the exact value.

    The x axis is logarithmic: each tenfold more trials narrows the band
    about threefold (the square root of ten), which a log axis shows evenly.
    """
    pct = [100 * v for v in estimate]
    fig = go.Figure()
    fig.add_trace(
        go.Scatter(
            x=[*n, *reversed(n)],
            y=[*(100 * v for v in upper), *(100 * v for v in reversed(lower))],
            fill="toself",
            fillcolor="rgba(230,126,34,0.2)",
            line={"width": 0},
            name="95% interval (Wilson)",
            hoverinfo="skip",
        )
    )
    fig.add_trace(go.Scatter(x=list(n), y=pct, mode="lines", line={"color": ORANGE}, name="running estimate"))
    fig.add_hline(
        y=float(exact) * 100,
        line={"color": BLUE, "dash": "dash"},
        annotation_text=f"exact {float(exact):.2%}",
        annotation_position="top left",
    )
    fig.update_xaxes(type="log")
    return layout(fig, title, "trials so far (log scale)", y_title)


def calibration_figure(found: Sequence[Decile], *, title: str, quoted: str, happened: str) -> go.Figure:
    """Quoted chances against how often they came true, a reliability diagram: one dot per
    tenth of the quotes (its mean quote across, the share that came true up, with a Wilson
    95% interval) beside the diagonal where a true quote lies. A dot below the diagonal
    quoted too much, above it too little; ``quoted`` and ``happened`` name the axes."""
    fig = go.Figure()
    fig.add_trace(
        go.Scatter(
            x=[0, 100],
            y=[0, 100],
            mode="lines",
            line={"color": GREY, "dash": "dash"},
            name="a true quote",
            hoverinfo="skip",
        )
    )
    fig.add_trace(
        go.Scatter(
            x=[100 * d.mean_quote for d in found],
            y=[100 * d.rate for d in found],
            error_y={
                "type": "data",
                "symmetric": False,
                "array": [100 * (d.ci95[1] - d.rate) for d in found],
                "arrayminus": [100 * (d.rate - d.ci95[0]) for d in found],
                "color": BLUE,
            },
            customdata=[d.count for d in found],
            mode="markers",
            marker={"color": BLUE, "size": 9},
            name="quotes, by tenths (95% intervals)",
            hovertemplate="quoted %{x:.1f}%, came true %{y:.1f}% (%{customdata} quotes)<extra></extra>",
        )
    )
    fig.update_xaxes(range=[0, 100], dtick=10)
    fig.update_yaxes(range=[0, 100], dtick=10)
    # a title of two lines, and under it, at the left, the legend: room for it to wrap onto a
    # second row on a phone without reaching the title
    layout(fig, title, quoted, happened, top=130, height=480)
    fig.update_layout(
        title={"y": 0.93, "yanchor": "top"},  # plotly anchors a two-line title by its second line
        legend={"x": 0.0, "xanchor": "left", "y": 1.02, "yanchor": "bottom"},
    )
    return fig


def bid_chances_figure(result: BidChances) -> go.Figure:
    """The chance of making each bid (bars, Wilson 95% intervals) and its expected score change (line, 95%)."""
    from plotly.subplots import make_subplots

    bids = list(result.bids())
    chances = [result.chance(b) for b in bids]
    changes = [result.expected_change(b) for b in bids]
    best = result.top_bid()
    fig = make_subplots(specs=[[{"secondary_y": True}]])
    fig.add_trace(
        go.Bar(
            x=bids,
            y=[c.value * 100 for c in chances],
            error_y=error_y(chances, 100),
            name="chance of making the bid",
            marker={"color": [GREEN if b == best else BLUE for b in bids]},
            hovertemplate="bid %{x}: made %{y:.1f}%<extra></extra>",
        ),
        secondary_y=False,
    )
    fig.add_trace(
        go.Scatter(
            x=bids,
            y=[c.value for c in changes],
            error_y=error_y(changes, 1, ORANGE),
            mode="lines+markers",
            line={"color": ORANGE},
            name="expected score change",
            hovertemplate="bid %{x}: %{y:+.2f} points<extra></extra>",
        ),
        secondary_y=True,
    )
    fig.update_yaxes(title_text="chance of making it (%)", range=[0, 105], secondary_y=False)
    fig.update_yaxes(
        title_text="expected score change (points)",
        secondary_y=True,
        tickmode="auto",
        tickformat="+d",
        showgrid=False,
        zeroline=True,
        zerolinecolor=ORANGE,
    )
    fig.update_xaxes(dtick=1)
    s = result.setup
    seat = ("first", "second", "third", "dealer")[s.position]
    return layout(
        fig,
        # two lines, so the title fits the narrower boxes of the explorer and the lessons
        html(
            "Bidding with {symbol} trump from the {seat} seat<br><sup>{hands:,} simulated hands "
            "(seed {seed}); in green, the highest bid that still gains on average</sup>",
            symbol=s.trump.symbol,
            seat=seat,
            hands=result.hands,
            seed=result.seed,
        ),
        "bid",
        "chance of making it (%)",
        top=90,
    )


THIN_CELL = 300
"""A ladder cell with fewer hands than this is marked on the figure ("only 184 hands"): its
answer rests on few hands, so it is the likeliest to change on another seed (lesson 04)."""


def ladder_hands_in(ladder: Ladder, cell: tuple[Spot, Strength]) -> int:
    """How many simulated hands a ladder cell holds: each answer was tried on every one of them."""
    return max((e.n for e in ladder.values.get(cell, {}).values()), default=0)


def ladder_figure(ladder: Ladder, spot: Spot) -> go.Figure:
    """One spot's ladder as a grid: trump in the bot's chosen suit down, points held in it across, the
    bid in each cell. The chosen suit is the one the bot would name, not always the longest (lesson 04)."""
    from pitchlab.bots.ladder import POINT_COLUMNS, TRUMP_ROWS, Strength

    rows = list(reversed(TRUMP_ROWS))
    columns = [f"{lo}-{hi} points" for lo, hi in POINT_COLUMNS]
    z: list[list[float | None]] = []
    text: list[list[str]] = []
    counts: list[list[int]] = []
    for row in rows:
        zs: list[float | None] = []
        texts: list[str] = []
        for col in range(len(POINT_COLUMNS)):
            cell = (spot, Strength(row, col))
            bid = ladder.bid(cell)
            gain = ladder.gain(cell)
            hands = ladder_hands_in(ladder, cell)
            zs.append(None if bid is None else bid)
            texts.append(
                (f"too few hands ({hands})" if hands else "no hands")
                if bid is None
                else ("pass" if bid == 0 else f"bid {bid}")
                + ("" if gain is None else f"<br>{gain:+.1f} vs pass")
                + (f"<br>only {hands} hands" if hands < THIN_CELL else "")
            )
        z.append(zs)
        text.append(texts)
        counts.append(
            [ladder_hands_in(ladder, (spot, Strength(row, col))) for col in range(len(POINT_COLUMNS))]
        )
    labels = [{2: "2 or fewer", 7: "7 or more"}.get(r, str(r)) for r in rows]
    fig = go.Figure(
        go.Heatmap(
            z=z,
            x=columns,
            y=labels,
            text=text,
            texttemplate="%{text}",
            colorscale=[[0, "#f4f6f7"], [0.4, "#a9cce3"], [1, "#154360"]],
            zmin=0,
            zmax=10,
            showscale=False,
            customdata=counts,
            hovertemplate="%{y} trump, %{x}: %{text}<br>%{customdata:,} hands<extra></extra>",
        )
    )
    return layout(
        fig,
        f"The bidding ladder: {spot} ({ladder.deals:,} simulated auctions; gain in points a hand)",
        "points you hold in the bot's chosen suit",
        "trump in the bot's chosen suit (cards)",
    )


def review_figure(cards: Sequence[tuple[int, str, float, str]]) -> go.Figure:
    """Points each card played lost, judged on what its player could see: ``(number, who, lost,
    card)`` per card, one colour per player."""
    fig = go.Figure()
    palette = [BLUE, ORANGE, GREEN, GREY]
    for k, who in enumerate(dict.fromkeys(name for _, name, _, _ in cards)):
        mine = [c for c in cards if c[1] == who]
        fig.add_trace(
            go.Bar(
                x=[c[0] for c in mine],
                y=[c[2] for c in mine],
                name=who,
                marker={"color": palette[k % len(palette)]},
                customdata=[c[3] for c in mine],
                hovertemplate="card %{x}, %{customdata}: %{y:.2f} points lost<extra>" + who + "</extra>",
            )
        )
    fig.update_xaxes(dtick=4, range=[0.5, max([c[0] for c in cards], default=1) + 0.5])
    fig.update_yaxes(rangemode="tozero", dtick=1)
    return layout(
        fig,
        "Points each card lost, judged on what its player could see",
        "card played (in order; four to a full trick)",
        "points lost",
        height=340,
    )


# --- the figure in words (WCAG 2.1 1.1.1: a text alternative for every picture) ---

#: Longer series than this are summed up (count, lowest, highest, where the peak is), not listed.
LONG_SERIES = 12


def _plain(text: object) -> str:
    """A plotly title as plain words: tags dropped, entities read, and a line break a dash
    (a space after a line ending in punctuation), so a subtitle does not run into its title."""
    lines = [
        " ".join(unescape(re.sub(r"<[^>]+>", "", line)).split())
        for line in re.split(r"<br\s*/?>", str(text or ""), flags=re.I)
    ]
    words = ""
    for line in filter(None, lines):
        words += ("" if not words else " " if words[-1] in ".,:;!?" else " — ") + line
    return words


def _values(data: object) -> list[Any]:
    """A trace's array as a list, whether plain JSON or plotly's base64 typed array."""
    if isinstance(data, Mapping) and "bdata" in data:
        import base64

        import numpy as np

        array = np.frombuffer(base64.b64decode(data["bdata"]), dtype=np.dtype(data["dtype"]))
        if "shape" in data:
            array = array.reshape([int(n) for n in str(data["shape"]).split(",")])
        return array.tolist()  # type: ignore[no-any-return]
    if isinstance(data, (list, tuple)):
        return list(data)
    return []


def number(value: object) -> str:
    """A value as a reader wants it said: whole numbers whole, others to three significant figures."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return _plain(value) if value is not None else "none"
    if float(value).is_integer():
        return f"{int(value):,}"
    if abs(value) >= 1000:
        return f"{value:,.0f}"
    return f"{value:.3g}"


def _axis_title(layout: Mapping[str, Any], name: str) -> str:
    title = layout.get(name, {}).get("title", {})
    return _plain(title.get("text") if isinstance(title, Mapping) else title)


def _trace_words(trace: Mapping[str, Any], layout: Mapping[str, Any]) -> str:
    """One trace in words: its name, then its points (or a summary of a long series)."""
    name = _plain(trace.get("name")) or (
        "the grid, row by row" if trace.get("type") == "heatmap" else "values"
    )
    axis = str(trace.get("yaxis", "y"))
    if axis != "y":
        key = "yaxis" + axis[1:]
        right = layout.get(key, {}).get("side") == "right"
        name += " (right axis)" if right else f" (on the axis {_axis_title(layout, key) or axis})"
    if trace.get("type") == "heatmap":
        xs, ys, zs = _values(trace.get("x")), _values(trace.get("y")), _values(trace.get("z"))
        texts = _values(trace.get("text")) or zs
        rows = [
            f"{_plain(y)}: "
            + ", ".join(f"{_plain(x)} {_plain(number(t))}" for x, t in zip(xs, row, strict=False))
            for y, row in zip(ys, texts, strict=False)
        ]
        return f"{name}: " + "; ".join(rows) + "."
    xs, ys = _values(trace.get("x")), _values(trace.get("y"))
    if not ys:
        return f"{name}: no values."
    if not xs:
        xs = list(range(len(ys)))
    if "text" in str(trace.get("mode", "")) and "markers" not in str(trace.get("mode", "")):
        labels = [_plain(t) for t in _values(trace.get("text"))]
        if labels and "lines" not in str(trace.get("mode", "")):
            return (
                f"{name or 'labels'}: "
                + ", ".join(f"{number(x)} {t}" for x, t in zip(xs, labels, strict=False))
                + "."
            )
    error = trace.get("error_y") or {}
    spread = _values(error.get("array")) if error.get("visible", True) else []
    below = _values(error.get("arrayminus")) if error.get("symmetric") is False else []
    if len(ys) > LONG_SERIES:
        # a gap in a line is a point of None (plotly's way to break a line): it is not a value
        known = [
            (x, y) for x, y in zip(xs, ys, strict=False) if x is not None and isinstance(y, (int, float))
        ]
        if not known:
            return f"{name}: no values."
        top, low = max(known, key=lambda p: p[1]), min(known, key=lambda p: p[1])
        across = [x for x, _ in known]
        if all(isinstance(x, (int, float)) for x in across):
            first, last = min(across), max(across)
        else:  # categories: their order is the axis's
            first, last = across[0], across[-1]
        return (
            f"{name}: {len(known)} points, x from {number(first)} to {number(last)}; "
            f"y from {number(low[1])} (at x {number(low[0])}) to {number(top[1])} (at x {number(top[0])})."
        )
    labels = [c if isinstance(c, str) else "" for c in _values(trace.get("customdata"))]
    points = []
    for k, (x, y) in enumerate(zip(xs, ys, strict=False)):
        plus = f" ± {number(spread[k])}" if k < len(spread) and spread[k] else ""
        if k < len(below) and k < len(spread) and isinstance(y, (int, float)) and (below[k] or spread[k]):
            plus = f" ({number(y - below[k])} to {number(y + spread[k])})"
        label = f" ({_plain(labels[k])})" if k < len(labels) and labels[k] else ""
        points.append(f"{number(x)}{label}: {number(y)}{plus}")
    return f"{name}: " + ", ".join(points) + "."


def describe_spec(spec: Mapping[str, Any]) -> str:
    """:func:`describe` of a figure already turned into plotly JSON (as renderers get it)."""
    layout = spec.get("layout", {})
    title = layout.get("title", {})
    lines = [_plain(title.get("text") if isinstance(title, Mapping) else title) or "A figure"]
    axes = sorted(
        (k for k in layout if re.fullmatch(r"[xy]axis\d*", k)), key=lambda k: (k[0], int(k[5:] or 1))
    )
    for key in axes:
        words = _axis_title(layout, key)
        if words:
            side = " (right)" if layout[key].get("side") == "right" else ""
            lines.append(f"{'Across' if key[0] == 'x' else 'Up'}{side}: {words}.")
    lines.extend(
        _trace_words(trace, layout) for trace in spec.get("data", []) if trace.get("visible", True) is True
    )
    notes = [_plain(a.get("text")) for a in layout.get("annotations", []) if a.get("text")]
    if notes:
        lines.append("Marked: " + "; ".join(notes) + ".")
    return "\n".join(lines)


def describe(fig: go.Figure) -> str:
    """The figure in words, from its own data, for those who cannot see it (WCAG 2.1 1.1.1):
    the title, each axis title, every trace's values (a long series summed up), the marks."""
    return describe_spec(json.loads(pio.to_json(fig)))


def with_description(spec: dict[str, Any]) -> dict[str, Any]:
    """``spec`` (plotly JSON) carrying its words in ``layout.meta``, where the page's helper
    (:mod:`pitchlab.ui.access`) finds them for the figure's name and its "in words" disclosure."""
    layout = spec.setdefault("layout", {})
    meta = layout.get("meta") if isinstance(layout.get("meta"), dict) else {}
    layout["meta"] = {**meta, "description": describe_spec(spec)}
    return spec


class DescribedRenderer(PlotlyRenderer):  # type: ignore[misc]  # plotly ships no types
    """plotly's own ``plotly_mimetype`` output, with the figure's words in it, so a figure
    a notebook cell shows directly is described like one shown through :func:`mimebundle`."""

    def to_mimebundle(self, fig_dict: dict[str, Any]) -> dict[str, Any]:
        bundle: dict[str, Any] = super().to_mimebundle(fig_dict)
        with_description(bundle["application/vnd.plotly.v1+json"])
        return bundle


# Said outright, the renderer skips plotly's guess at its surroundings, which imports
# nbformat and jsonschema on a page's first figure: seconds of a lesson's load time.
pio.renderers["pitchlab"] = DescribedRenderer(config={"displaylogo": False})
pio.renderers.default = "pitchlab"


def mimebundle(fig: go.Figure) -> dict[str, Any]:
    """The figure as a plotly MIME bundle of plain JSON, for an ``Output`` widget's ``outputs``.

    Setting outputs directly needs no running kernel, so lessons can redraw
    a figure from a button callback and tests can check what was drawn.
    """
    spec = with_description(json.loads(pio.to_json(fig)))
    spec["config"] = {"displaylogo": False}
    return {"application/vnd.plotly.v1+json": spec, "text/plain": f"<figure: {fig.layout.title.text}>"}


def outputs_of(fig: go.Figure) -> tuple[dict[str, Any], ...]:
    """An ``Output`` widget's ``outputs`` that show ``fig`` alone (see :func:`mimebundle`)."""
    return ({"output_type": "display_data", "data": mimebundle(fig), "metadata": {}},)


__all__ = [
    "bid_chances_figure",
    "convergence_figure",
    "describe",
    "distribution_figure",
    "error_y",
    "ladder_figure",
    "layout",
    "mimebundle",
    "opening_bid_figure",
    "outputs_of",
    "review_figure",
    "style",
    "trump_count_figure",
]
