"""What several classroom lessons share: a tally run in steps for a progress bar, figures of exact series.

Lessons 01 and 02 both run a sampling tally behind a progress bar
(:func:`tally_in_steps`) and draw exact distributions side by side
(:func:`figure_of_series`); a lesson's own parts live in the module named
after its notebook (``notebooks/lessons/01-counting-hands.ipynb``:
:mod:`pitchlab.lessons.classroom.counting_hands`).
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction
from typing import Any, Literal

import numpy as np
import plotly.graph_objects as go
from numpy.typing import NDArray

from pitchlab.bots.simulation import Progress
from pitchlab.odds import sampling
from pitchlab.ui import classroom, plots
from pitchlab.ui.markup import html
from pitchlab.ui.pictures import Picture


def fraction_html(p: Fraction) -> str:
    """A fraction in lowest terms with thousands separators, as a table shows it."""
    if p.denominator == 1:
        return f"{p.numerator:,}"
    return f"{p.numerator:,}/{p.denominator:,}"


def tally_in_steps(
    tally: Callable[[int, np.random.Generator], NDArray[np.int_]],
    n: int,
    seed: int,
    *,
    step: int = sampling.CHUNK,
    progress: Progress | None = None,
) -> NDArray[np.int_]:
    """A sampling tally of ``n`` deals run ``step`` deals at a time on one seeded stream, reporting progress.

    The :mod:`pitchlab.odds.sampling` tallies take no progress callback; cutting
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
    colours: Sequence[str] = (plots.BLUE, plots.ORANGE, plots.GREY),
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
        hover = html("%{{x}}: %{{y:.3f}}%<extra>{}</extra>", name)
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
    return plots.layout(fig, title, x_title, y_title, top=90)


close_pair = classroom.within(rel_tol=1e-3, abs_tol=1e-9)
"""A code exercise's comparison for a pair of floats: each within a part in a thousand (so a
learner's z = 1.96 matches pitchlab's 1.959964), or within 1e-9 of 0 (a formula can leave
-1e-17 where the answer is 0). Anything but a pair of numbers is simply wrong, never an error."""


def working(*functions: Callable[..., Any], caption: str = "") -> Picture:
    """The source of a few short functions, shown in the page as code: the working behind an answer.

    A lesson computes its key answer with these functions and asserts it
    equals the library's; showing their text (rather than a copy that could
    drift) lets a learner in Voilà, where code cells are hidden, read the
    very lines that ran. ``caption`` is text, or :class:`Markup` where it holds tags.
    """
    code = "\n\n".join(inspect.getsource(fn).rstrip() for fn in functions)
    return Picture(
        html(
            '<figure class="pl-working" style="margin:8px 0;max-width:900px">'
            '<pre style="background:#f6f8fa;border:1px solid #d5dbe3;border-radius:6px;padding:8px 12px;'
            'overflow-x:auto;white-space:pre;word-break:normal;font-size:13px;line-height:1.45;margin:0">'
            '<code class="language-python" style="white-space:pre">{code}</code></pre>{note}</figure>',
            code=code,
            note=html('<div style="font-size:14px;color:#333;margin-top:4px">{}</div>', caption)
            if caption
            else "",
        )
    )


__all__ = ["close_pair", "figure_of_series", "fraction_html", "tally_in_steps", "working"]
