"""The teacher's page of a class experiment (``notebooks/teacher.ipynb``).

The page asks for the class code and the teacher key (both may come in the page's
address, ``?class=K7QM2X&key=...``) and shows nothing of the class until the key is
right: a wrong one gets one line and the prompt again. With the key, the teacher
sees whether the class takes results, how many students have joined and how many
rows each experiment holds, and the class's pooled figures
(:mod:`pitchlab.classes.pooling`), which follow the class live: a task in the
kernel's event loop asks the store for the class's revision every
:data:`POLL_S` seconds (one small query) and redraws only when it changed, and only
the parts whose rows changed. Nothing in the page reloads; the new figure reaches
the page as an ordinary widget update.

Buttons open or close submissions, offer every row as a CSV file made in the page
(a ``data:`` link, as the app's Save hand does: nothing is written on the server),
and reset all rows or one experiment's after a second click that says how many
rows will go. The list of students says when each joined and how many rows each
sent, and a student can be removed with their rows (again after a second click).
Nicknames are the students' own text: every one is escaped.

Only rows that deal again to themselves from their student's seed are pooled
(:func:`pitchlab.classes.pooling.verified`); any other row is named under its
experiment's figure, with the reason, and moves none of its numbers.

Stable CSS classes: ``pl-teacher``, ``pl-teacher-code``, ``pl-teacher-key``,
``pl-teacher-enter``, ``pl-message``, ``pl-class-status``, ``pl-class-open``,
``pl-class-export``, ``pl-class-download``, ``pl-class-reset-choice``,
``pl-class-reset``, ``pl-class-confirm``, ``pl-class-confirm-yes``,
``pl-class-confirm-no``, ``pl-class-who``, ``pl-class-updated``, ``pl-class-members``,
``pl-class-roster``, ``pl-class-remove-choice``, ``pl-class-remove``,
``pl-class-excluded``, and one
``pl-class-<experiment>`` box per experiment (``pl-class-trump-count``,
``pl-class-monte-carlo``, ``pl-class-polls``, ``pl-class-review``, ``pl-class-problem-set``).

**A problem set** (``pl-class-problem-set``): the teacher chooses a few shipped practice
problems (by game, level, theme, how many and a draw number, the same choice giving the same
problems; or typed as ids) and gives them to the class; students who join on the practice page
get them in order. Per problem the page shows how many students tried it, answered right at
the first try and in the end, and the wrong first answer most chosen, every stored attempt
judged again from its problem (:func:`pitchlab.classes.pooling.problem_set_lines`). Its controls:
``pl-set-game``, ``pl-set-level``, ``pl-set-theme``, ``pl-set-size``, ``pl-set-draw``,
``pl-set-ids``, ``pl-set-give``, ``pl-set-clear``, ``pl-set-table``.
"""

from __future__ import annotations

import asyncio
import base64
import io
import json
import math
import os
import time
from collections.abc import Callable, Sequence
from datetime import UTC, datetime
from urllib.parse import parse_qs

import anywidget
import ipywidgets as w
import plotly.graph_objects as go
import traitlets

from pitchlab.classes import names, payloads, pooling, problem_sets
from pitchlab.classes.payloads import DEALS, MONTE_CARLO, REVIEW, TRUMP_COUNT
from pitchlab.classes.store import ClassInfo, ClassStore, Joined, Row, open_store
from pitchlab.engine.errors import PitchError, printable
from pitchlab.odds.probability import percent
from pitchlab.practice.problems import RULESETS, Problem, answers_at, load
from pitchlab.ui import page_request, plots
from pitchlab.ui.classroom import FigureBox
from pitchlab.ui.markup import Markup, escape, html, join
from pitchlab.ui.practice import LEVEL_WORDS, RULESET_WORDS, answer_words
from pitchlab.ui.widgets import View, classed, replace_children
from pitchlab.ui.widgets import style as page_style

POLL_S = 1.0
"""Seconds between two looks at the class's revision: well inside the 3 s a teacher should wait
to see a student's result, and one indexed query each time."""
MAX_QUERY = 8192
"""Characters of the page's address read: a real one is far shorter; junk is bounded."""
MAX_TYPED = 200
"""Characters of a typed code or key looked at: a real key has 22; a paste of a page is refused."""

SET_SECTION = "problem-set"
"""The teacher's page's box for the class's problem set (``pl-class-problem-set``)."""
EXPERIMENT_TITLES = {
    TRUMP_COUNT: "Trump count (lesson 01)",
    MONTE_CARLO: "Monte Carlo estimate (lesson 05)",
    REVIEW: "Hand reviews (the app)",
}

TEACHER_CSS = """<style>
.pl-teacher { max-width: 1100px; }
.pl-teacher .pl-class-status { font-size: 16px; padding: 6px 10px; background: #eef6ff;
  border-left: 5px solid #1f5fbf; border-radius: 4px; }
.pl-teacher .pl-class-confirm { background: #fff4e5; border-left: 5px solid #ca6f1e; padding: 6px 10px; }
.pl-teacher .pl-class-who, .pl-teacher .pl-class-words { font-size: 14px; line-height: 1.4; }
.pl-teacher .pl-class-updated { color: #555; font-size: 13px; }
.pl-teacher table.pl-class-table { border-collapse: collapse; font-size: 14px; }
.pl-teacher .pl-class-table td, .pl-teacher .pl-class-table th { border: 1px solid #ccc; padding: 3px 8px; }
.pl-teacher .pl-class-table td.pl-num { text-align: right; }
.pl-teacher .pl-set-table tr.pl-set-problem th { text-align: left; font-weight: normal; background: #f3f6fa; }
.pl-teacher .jupyter-button.pl-strong { background: #1f5fbf; color: #fff; }
.pl-teacher .jupyter-button.pl-danger { background: #a12; color: #fff; }
.pl-teacher .widget-text, .pl-teacher .widget-password { max-width: 100%; }
.pl-teacher .widget-text input, .pl-teacher .widget-password input { min-width: 0; }
</style>"""


def _one_line(text: str, limit: int = 200) -> str:
    """A message as one escaped line of at most ``limit`` characters."""
    return escape(printable(" ".join(str(text).split()), limit))


def _names(nicknames: Sequence[str]) -> Markup:
    return join(nicknames, ", ") if nicknames else Markup("nobody yet")


# ------------------------------------------------------------------ the figures


def _look(fig: go.Figure, title: str, x_title: str, y_title: str, height: int = 460) -> go.Figure:
    """:func:`pitchlab.ui.plots.layout` with room for a two-line title and the key under the
    plot, where it may wrap onto more lines on a phone without covering the title."""
    plots.layout(fig, title, x_title, y_title, height=height, top=80)
    fig.update_layout(
        legend={"orientation": "h", "yanchor": "top", "y": -0.2, "xanchor": "left", "x": 0},
        margin={"l": 60, "r": 16, "b": 40},
    )
    return fig


def trump_count_figure(pool: pooling.TrumpCountPool) -> go.Figure:
    """Lesson 01's exact distribution (bars), the class's pooled shares with their Wilson 95%
    intervals (diamonds), and each student's own twenty hands (small grey dots, scattered)."""
    ks = list(range(len(pool.exact)))
    fig = go.Figure()
    fig.add_trace(
        go.Bar(
            x=ks,
            y=[100 * float(p) for p in pool.exact],
            name="exact",
            marker={"color": plots.BLUE},
            hovertemplate="%{x} trump: %{y:.2f}%<extra>exact</extra>",
        )
    )
    own = pool.own_shares()
    if own:
        xs: list[float] = []
        ys: list[float] = []
        who: list[str] = []
        for i, (name, shares) in enumerate(own):
            offset = (i % 9 - 4) * 0.03  # side by side within a count, so equal shares stay visible
            for k, share in enumerate(shares):
                xs.append(k + offset)
                ys.append(100 * share)
                who.append(str(escape(name)))  # plotly shows hover text as HTML
        fig.add_trace(
            go.Scatter(
                x=xs,
                y=ys,
                mode="markers",
                marker={"color": plots.GREY, "size": 5, "opacity": 0.7},
                name=f"each student ({payloads.HANDS} hands)",
                customdata=who,
                hovertemplate="%{customdata}: %{y:.0f}%<extra></extra>",
            )
        )
    estimates = pool.estimates()
    if estimates:
        shown = [estimates[k] for k in ks]
        fig.add_trace(
            go.Scatter(
                x=ks,
                y=[100 * e.value for e in shown],
                error_y=plots.error_y(shown, 100, plots.ORANGE),
                mode="markers",
                marker={"color": plots.ORANGE, "size": 10, "symbol": "diamond"},
                name="class pooled, 95% intervals",
                hovertemplate="%{x} trump: %{y:.1f}%<extra>class</extra>",
            )
        )
    fig.update_xaxes(dtick=1)
    fig.update_yaxes(rangemode="tozero")
    students = len(pool.students)
    return _look(
        fig,
        "Trump per hand: class vs exact"
        f"<br><sup>{students} student{'s' * (students != 1)}, {pool.hands:,} hands pooled</sup>",
        "trump in a hand (cards)",
        "share of hands (%)",
    )


def monte_carlo_figure(pool: pooling.MonteCarloPool) -> go.Figure:
    """Each student's estimate (grey dots) within the band where 95% of single estimates should
    fall (exact ± 1.96 standard errors), and the pooled estimate after 1, 2, ..., n students
    with its Wilson 95% interval (orange), narrowing onto the exact chance (dashed)."""
    exact = float(pool.exact)
    se = pool.standard_error()
    n = max(pool.students, 1)
    fig = go.Figure()
    low, high = exact - 1.96 * se, exact + 1.96 * se
    fig.add_hrect(
        y0=100 * low,
        y1=100 * high,
        fillcolor="rgba(31,95,191,0.10)",
        line_width=0,
        annotation_text="one student's 95% range",
        annotation_position="bottom right",
    )
    students = list(range(1, pool.students + 1))
    if pool.replicates:
        fig.add_trace(
            go.Scatter(
                x=students,
                y=[100 * r.share for r in pool.replicates],
                mode="markers",
                marker={"color": plots.GREY, "size": 8},
                name=f"each student ({DEALS} deals)",
                customdata=[str(escape(r.who)) for r in pool.replicates],
                hovertemplate="%{customdata}: %{y:.0f}%<extra></extra>",
            )
        )
        running = pool.running()
        fig.add_trace(
            go.Scatter(
                x=students,
                y=[100 * e.value for e in running],
                error_y=plots.error_y(running, 100, plots.ORANGE),
                mode="lines+markers",
                line={"color": plots.ORANGE},
                marker={"color": plots.ORANGE, "size": 6},
                name="pooled so far (95% interval)",
                hovertemplate="after %{x}: %{y:.1f}%<extra>pooled</extra>",
            )
        )
    fig.add_hline(
        y=100 * exact,
        line={"color": plots.BLUE, "dash": "dash"},
        annotation_text=f"exact {percent(pool.exact)}",
        annotation_position="top left",
    )
    fig.update_xaxes(range=[0.5, n + 0.5], tick0=1, dtick=max(1, math.ceil(n / 8)))
    return _look(
        fig,
        f"{pooling.MONTE_CARLO_AT_LEAST}+ trump: one estimate each"
        f"<br><sup>{pool.students} student{'s' * (pool.students != 1)} × {DEALS} deals</sup>",
        "students so far (count)",
        "estimated chance (%)",
    )


def poll_figure(tally: pooling.PollTally, show_right: bool) -> go.Figure:
    """A poll's votes, one bar per option; the right one is named only when the teacher asks
    (the figure is on the class's screen before the lesson gives the answer)."""
    labels = [str(escape(o)) for o in tally.options]  # plotly shows labels as HTML
    colours = [
        plots.GREEN if show_right and i == tally.right else plots.BLUE for i in range(len(tally.options))
    ]
    fig = go.Figure(
        go.Bar(
            x=labels,
            y=list(tally.counts),
            marker={"color": colours},
            name="votes",
            hovertemplate="%{x}: %{y} votes<extra></extra>",
        )
    )
    if show_right and tally.right is not None:
        fig.add_annotation(
            x=labels[tally.right],
            y=tally.counts[tally.right],
            text="right answer",
            showarrow=True,
            arrowhead=2,
            ay=-30,
        )
    fig.update_yaxes(rangemode="tozero", dtick=max(1, tally.votes // 10 or 1))
    question = tally.question if len(tally.question) <= 40 else tally.question[:39] + "…"
    return _look(
        fig,
        html("Poll: {} vote{}<br><sup>{}</sup>", tally.votes, "s" * (tally.votes != 1), question),
        "answer chosen",
        "students (votes)",
        height=380,
    )


def review_html(lines: Sequence[pooling.ReviewLine]) -> str:
    """The class table of reviewed hands, with the class's line last: first the points lost per
    hand judged on what each student could see, on the cards and then on the bids and trump
    choice (each over the hands whose rows carry it; a dash where none does), then, labelled, the
    points given away with every card known (hindsight), in all and per hand. Nicknames escaped."""
    if not lines:
        return "<p>No hand reviews shared yet.</p>"
    total = pooling.review_total(lines)
    body = []

    def per_hand(value: float | None) -> Markup:
        return html("<td class='pl-num'>{}</td>", "–" if value is None else f"{value:.2f}")

    for line in [*lines, *([total] if total else [])]:
        body.append(
            html(
                "<tr><{cell}>{name}</{cell}><td class='pl-num'>{hands}</td>{lost}{choices}"
                "<td class='pl-num'>{given_away}</td><td class='pl-num'>{per_hand:.2f}</td></tr>",
                cell="th" if line is total else "td",
                name=line.nickname,
                hands=line.hands,
                lost=per_hand(line.lost_per_hand),
                choices=per_hand(line.choices_lost_per_hand),
                given_away=line.given_away,
                per_hand=line.per_hand,
            )
        )
    return (
        "<table class='pl-class-table'><caption>Points lost, judged on what each student could see; "
        "then with every card known (hindsight)</caption>"
        "<tr><th>student</th><th>hands</th><th>on the cards: points lost per hand, by what they could see</th>"
        "<th>on bids and trump: points lost per hand, by what they could see</th>"
        "<th>with every card known (hindsight): points given away</th><th>hindsight per hand</th></tr>"
        + "".join(body)
        + "</table>"
    )


KIND_WORDS = {"card": "which card to play", "bid": "what to bid", "trump": "which suit to name trump"}
"""Each kind of problem as the teacher's table says it."""
PRACTICE_PAGE = "practice.ipynb"
"""The practice page, beside this one in ``notebooks/``."""


def _students(count: int) -> str:
    return f"{count} student{'s' * (count != 1)}"


def most_wrong_words(problem: Problem, line: pooling.ProblemLine) -> Markup:
    """The wrong first answer most chosen, named as the practice page names answers: "K♥ (4
    students)", or every one tied for most: "K♥ and 9♥ (2 students each)"; a dash for none."""
    found, count = line.most_wrong()
    if not found:
        return Markup("–")
    said = [answer_words(problem, a) for a in found]
    listed = said[0] if len(said) == 1 else ", ".join(said[:-1]) + " and " + said[-1]
    return html("{} ({}{})", listed, _students(count), " each" if len(said) > 1 else "")


def problem_set_html(lines: Sequence[pooling.ProblemLine], problems: dict[str, Problem]) -> str:
    """The class's table of a problem set, in the set's order: for each problem a line saying
    what it asks (its id links to it on the practice page), then its numbers: students who tried
    it, were right at the first try, solved it in the end, saw the answer without solving it, and
    the wrong first answer most chosen. Five narrow columns, so the table fits a phone."""
    body = []
    for line in lines:
        problem = problems[line.problem]
        link = html(
            "<a href='{page}?problem={id}' target='_blank' rel='noopener'>{id}</a>",
            page=PRACTICE_PAGE,
            id=problem.id,
        )
        what = html("{}, level {} · {}", KIND_WORDS[problem.kind], problem.level, ", ".join(problem.themes))
        body.append(
            f"<tr class='pl-set-problem'><th colspan='5' scope='colgroup'>Problem {line.place + 1}: {link}, "
            f"{what}</th></tr>"
            f"<tr class='pl-set-counts'><td class='pl-num'>{line.tried}</td><td class='pl-num'>{line.first_try}</td>"
            f"<td class='pl-num'>{line.solved}</td><td class='pl-num'>{line.shown}</td>"
            f"<td>{most_wrong_words(problem, line)}</td></tr>"
        )
    return (
        "<table class='pl-class-table pl-set-table'><caption>How the class did on each problem "
        "(students counted once each)</caption>"
        "<tr><th scope='col'>tried it</th><th scope='col'>right at the first try</th>"
        "<th scope='col'>solved in the end</th><th scope='col'>saw the answer, unsolved</th>"
        "<th scope='col'>wrong first answer chosen most</th></tr>" + "".join(body) + "</table>"
    )


def problem_set_figure(lines: Sequence[pooling.ProblemLine]) -> go.Figure:
    """Per problem, in the set's order: students who tried it, who were right at the first try,
    and who solved it in the end (grouped bars)."""
    xs = [str(line.place + 1) for line in lines]
    fig = go.Figure()
    for name, colour, values in (
        ("tried it", plots.BLUE, [line.tried for line in lines]),
        ("right at the first try", plots.GREEN, [line.first_try for line in lines]),
        ("solved in the end", plots.ORANGE, [line.solved for line in lines]),
    ):
        fig.add_trace(
            go.Bar(
                x=xs,
                y=values,
                name=name,
                marker={"color": colour},
                hovertemplate=f"problem %{{x}}: %{{y}} {name}<extra></extra>",
            )
        )
    most = max((line.tried for line in lines), default=0)
    fig.update_layout(barmode="group")
    fig.update_xaxes(type="category")
    fig.update_yaxes(rangemode="tozero", dtick=max(1, math.ceil(most / 8)))
    return _look(
        fig,
        f"Problem set: how the class did<br><sup>{len(lines)} problems, students counted once each</sup>",
        "problem (its number in the set)",
        "students (count)",
        height=400,
    )


# ------------------------------------------------------------------ the page


class _Section(View):
    """One experiment's box: a heading, its figure (or table) and a line of words under it."""

    def __init__(self, key: str, heading: str) -> None:
        self.figure = FigureBox()
        self.words = classed(w.HTML(), "pl-class-words")
        self.table = w.HTML()
        self.extra = w.VBox()
        self.rows: list[Row] | None = None
        self.widget = classed(
            w.VBox(
                [
                    w.HTML(html("<h3>{}</h3>", heading)),
                    self.figure.widget,
                    self.table,
                    self.extra,
                    self.words,
                ]
            ),
            f"pl-class-{key}",
        )


_FORGET_ESM = """
function render({ model, el }) {
  el.style.display = "none";
  const forget = () => {
    const name = model.get("param");
    if (!name) { return; }
    try {
      const url = new URL(window.location.href);
      if (url.searchParams.has(name)) {
        url.searchParams.delete(name);
        window.history.replaceState(window.history.state, "", url.toString());
      }
    } catch (e) { /* an address we cannot rewrite stays as it is */ }
  };
  forget();
  model.on("change:param", forget);
}
export default { render };
"""


class AddressForget(anywidget.AnyWidget):
    """Takes one parameter out of the address bar (display it, hidden): the teacher key, once the
    class is shown, so a page on the projector does not show the key to the class."""

    _esm = _FORGET_ESM
    param = traitlets.Unicode("").tag(sync=True)


class TeacherBoard(View):
    """The teacher's view of one class, behind its key; live while the page is open."""

    def __init__(self, store: ClassStore | None = None, *, interval: float = POLL_S) -> None:
        self._store = store
        self.interval = interval
        self.code = ""
        self._key = ""
        self.info: ClassInfo | None = None
        self.revision: int | None = None
        self.redraws = 0
        """How many times the class's parts were drawn again (a test's and a benchmark's hook)."""
        self._task: asyncio.Task[None] | None = None
        self._checks: dict[tuple[str, str, str, str, str | None], str | None] = {}
        self._pending_reset: str | None = None
        self._pending_remove: str | None = None
        self._polls: list[Row] = []
        self._counts: dict[str, int] = {}

        self.code_box = classed(
            w.Text(
                description="Class code",
                placeholder="K7QM2X",
                continuous_update=False,
                style={"description_width": "initial"},
            ),
            "pl-teacher-code",
        )
        self.key_box = classed(
            w.Password(
                description="Teacher key",
                placeholder="shown when the class was made",
                style={"description_width": "initial"},
            ),
            "pl-teacher-key",
        )
        self.enter = classed(w.Button(description="Show the class"), "pl-teacher-enter", "pl-strong")
        self.enter.on_click(lambda _b: self.enter_class(self.code_box.value, self.key_box.value))
        self.prompt = w.VBox(
            [
                w.HTML(
                    "<p>Type the class code and the teacher key (both were shown when the class was "
                    "made with <code>pitchlab class create</code>), or open this page at "
                    "<code>?class=CODE&amp;key=KEY</code>.</p>"
                ),
                self.code_box,
                self.key_box,
                self.enter,
            ]
        )
        self.message = classed(w.HTML(), "pl-message")

        self.status = classed(w.HTML(), "pl-class-status")
        self.toggle = classed(w.Button(description="Close submissions"), "pl-class-open")
        self.toggle.on_click(lambda _b: self.set_open(not (self.info.open if self.info else False)))
        self.export = classed(w.Button(description="Export CSV", icon="download"), "pl-class-export")
        self.export.on_click(lambda _b: self.export_csv())
        self.download = classed(w.HTML(), "pl-class-download")
        self.reset_choice = classed(
            w.Dropdown(description="Reset", options=[("every experiment", "")], value=""),
            "pl-class-reset-choice",
        )
        self.reset_button = classed(w.Button(description="Reset…"), "pl-class-reset")
        self.reset_button.on_click(lambda _b: self.ask_reset(self.reset_choice.value or None))
        self.confirm = classed(w.VBox(layout=w.Layout(display="none")), "pl-class-confirm")
        self.show_right = w.Checkbox(description="Show the polls' right answers", value=False, indent=False)
        self.show_right.observe(lambda _c: self._draw_polls(force=True), names="value")
        self.updated = classed(w.HTML(), "pl-class-updated")
        self.who = classed(w.HTML(), "pl-class-who")
        self.roster = classed(w.HTML(), "pl-class-roster")
        self.remove_choice = classed(
            w.Dropdown(description="Remove", options=[("nobody chosen", "")], value=""),
            "pl-class-remove-choice",
        )
        self.remove_button = classed(w.Button(description="Remove…"), "pl-class-remove")
        self.remove_button.on_click(lambda _b: self.ask_remove(self.remove_choice.value))
        self.members = classed(
            w.VBox(
                [
                    w.HTML("<h3>Students</h3>"),
                    self.roster,
                    w.HBox([self.remove_choice, self.remove_button], layout=w.Layout(flex_flow="row wrap")),
                ]
            ),
            "pl-class-members",
        )
        self.sections = {
            TRUMP_COUNT: _Section("trump-count", EXPERIMENT_TITLES[TRUMP_COUNT]),
            MONTE_CARLO: _Section("monte-carlo", EXPERIMENT_TITLES[MONTE_CARLO]),
            "polls": _Section("polls", "Prediction polls"),
            REVIEW: _Section("review", EXPERIMENT_TITLES[REVIEW]),
            SET_SECTION: _Section("problem-set", "Problem set (the practice page)"),
        }
        self._problems: dict[str, Problem] | None = None
        self._judged: dict[str, tuple[list[str], tuple[str, ...]]] = {}
        self._set_drawn: tuple[str, list[Row]] | None = None
        self.problem_set: problem_sets.ProblemSet | None = None
        wide = {"description_width": "initial"}
        self.set_game = classed(
            w.Dropdown(options=[(RULESET_WORDS[r], r) for r in RULESETS], description="Game", style=wide),
            "pl-set-game",
        )
        self.set_level = classed(
            w.Dropdown(
                options=[("every level", 0), *((f"{n} · {LEVEL_WORDS[n]}", n) for n in LEVEL_WORDS)],
                value=0,
                description="Level",
                style=wide,
            ),
            "pl-set-level",
        )
        self.set_theme = classed(
            w.Dropdown(options=[("every theme", "")], value="", description="Theme", style=wide),
            "pl-set-theme",
        )
        self.set_size = classed(
            w.Dropdown(
                options=[(str(n), n) for n in problem_sets.SIZES], value=6, description="Problems", style=wide
            ),
            "pl-set-size",
        )
        self.set_draw = classed(
            w.BoundedIntText(
                value=1,
                min=1,
                max=problem_sets.MAX_DRAW,
                description="Draw",
                style=wide,
                layout=w.Layout(width="150px"),
            ),
            "pl-set-draw",
        )
        self.set_ids = classed(
            w.Text(
                description="Or exactly these problems",
                placeholder="ten-point-0-17, ten-point-1-15",
                style=wide,
                layout=w.Layout(width="100%", max_width="560px"),
            ),
            "pl-set-ids",
        )
        self.set_give = classed(
            w.Button(description="Give this set to the class", layout=w.Layout(width="auto")),
            "pl-set-give",
            "pl-strong",
        )
        self.set_clear = classed(
            w.Button(description="Take the set back", layout=w.Layout(width="auto")), "pl-set-clear"
        )
        self.set_game.observe(lambda _c: self._set_themes(), "value")
        self.set_level.observe(lambda _c: self._set_themes(), "value")
        self.set_give.on_click(lambda _b: self.give_set())
        self.set_clear.on_click(lambda _b: self.take_set_back())
        row = w.Layout(flex_flow="row wrap")
        section = self.sections[SET_SECTION]
        heading, figure, table, extra, words = section.widget.children
        section.widget.children = (heading, extra, words, table, figure)  # the choice first, then the class
        section.extra.children = (
            w.HTML(
                "<p>Give the class a few practice problems: choose them by game, level and theme (the same "
                "choice and draw number always give the same problems; another draw, others), or type "
                "their ids. Students join with the class code on the practice page and meet the set "
                "there, in order.</p>"
            ),
            w.HBox([self.set_game, self.set_level, self.set_theme], layout=row),
            w.HBox([self.set_size, self.set_draw], layout=row),
            self.set_ids,
            w.HBox([self.set_give, self.set_clear], layout=row),
        )
        self.sections["polls"].extra.children = (self.show_right,)
        self.panel = w.VBox()
        self.address = AddressForget()
        self.widget = classed(
            w.VBox(
                [
                    page_style(TEACHER_CSS),
                    self.address,
                    self.prompt,
                    self.message,
                    self.panel,
                ]
            ),
            "pl-app",
            "pl-teacher",
        )

    # ---------------------------------------------------------- entering

    @property
    def store(self) -> ClassStore:
        """The class store (:func:`~pitchlab.classes.store.open_store`), opened at first use so a
        page nobody logs into touches no database."""
        if self._store is None:
            self._store = open_store()
        return self._store

    def say(self, text: str) -> None:
        self.message.value = _one_line(text)

    def follow_address(self, query: str | None = None) -> None:
        """Take the class code and key from the page's address (``?class=K7QM2X&key=...``);
        a code alone fills the code box. A preheated kernel waits for its page first."""
        if query is None:
            if not page_request.wait_for_request():
                self.say("The page's address could not be read: type the class code and key.")
                return
            query = os.environ.get("QUERY_STRING", "")
        if len(query) > MAX_QUERY:
            self.say(f"An address longer than {MAX_QUERY:,} characters is not read: type the code and key.")
            return
        wanted = parse_qs(query)
        code = (wanted.get("class") or [""])[-1]
        key = (wanted.get("key") or [""])[-1]
        if code and key:
            self.enter_class(code, key)
        elif code:
            self.code_box.value = code[:MAX_TYPED]

    def enter_class(self, code: str, key: str) -> bool:
        """Show the class if ``key`` is its teacher key; otherwise one line, and nothing of it."""
        if len(code) > MAX_TYPED or len(key) > MAX_TYPED:
            self.say("That is too long to be a class code and teacher key: nothing is shown.")
            return False
        try:
            checked = names.check_code(code)
            info = self.store.check_key(checked, key)
        except PitchError as exc:
            self.say(str(exc))
            return False
        self.code, self._key, self.info = checked, key, info
        self.say("")
        self.code_box.value = checked
        self.key_box.value = ""  # the key stays in the kernel, not in the page
        self.address.param = "key"  # nor in the address bar, for the class to read off the projector
        self.prompt.layout.display = "none"
        self.panel.children = (
            self.status,
            w.HBox([self.toggle, self.export, self.reset_choice, self.reset_button]),
            self.confirm,
            self.download,
            self.updated,
            self.who,
            self.members,
            *(s.widget for s in self.sections.values()),
        )
        self.revision = None
        self.check()
        self._set_themes()
        self.watch()
        return True

    # ---------------------------------------------------------- live

    def check(self) -> bool:
        """Ask the store for the class's revision; redraw if it changed. ``True`` if it did."""
        if not self.code:
            return False
        try:
            revision = self.store.revision(self.code)
            if revision == self.revision:
                return False
            self.refresh()
            self.revision = revision
        except PitchError as exc:
            self.say(str(exc))
            return False
        return True

    def watch(self) -> None:
        """Keep :meth:`check` running every :attr:`interval` seconds in the kernel's event loop
        (an ipykernel, under Voilà or Jupyter, runs one); without a running loop (a script, a
        test), nothing starts and the caller checks."""
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return
        if self._task is None or self._task.done():
            self._task = loop.create_task(self.watching())

    async def watching(self, rounds: int | None = None) -> None:
        """:meth:`check` every :attr:`interval` seconds (``rounds`` times, or for ever)."""
        done = 0
        while rounds is None or done < rounds:
            await asyncio.sleep(self.interval)
            if self.widget.comm is None:
                return  # the board was closed (its cell run again, say): nobody is watching
            done += 1
            try:
                self.check()
            except Exception as exc:  # the live view must outlive any one look
                self.say(f"The live view could not update: {exc}")

    def stop(self) -> None:
        """Stop watching the class (the page stays as it is)."""
        if self._task is not None:
            self._task.cancel()
            self._task = None

    # ---------------------------------------------------------- drawing

    def refresh(self) -> None:
        """Read the class and draw again whatever changed."""
        info = self.store.check_key(self.code, self._key)
        rows = self.store.rows(self.code, self._key)
        joined = self.store.roster(self.code, self._key)
        self.info = info
        refused = self._read_set()
        self._draw_status(info, rows)
        self._draw_who(rows, [j.nickname for j in joined])
        self._draw_roster(joined)
        self._draw_section(TRUMP_COUNT, rows)
        self._draw_section(MONTE_CARLO, rows)
        self._draw_section(REVIEW, rows)
        self._draw_set(rows, refused)
        self._polls = [r for r in rows if r.experiment.startswith(payloads.POLL_PREFIX)]
        self._draw_polls()
        self.updated.value = (
            f"Last change seen at {datetime.now(UTC):%H:%M:%S} UTC; the page follows the class by itself."
        )
        self.redraws += 1

    def _draw_status(self, info: ClassInfo, rows: Sequence[Row]) -> None:
        counts = dict.fromkeys(payloads.experiments(), 0)
        for r in rows:
            counts[r.experiment] = counts.get(r.experiment, 0) + 1
        state = "open: students can send results" if info.open else "closed: results are refused"
        self.status.value = html(
            "<b>Class {code}</b>{title}: {state}.<br>{students} student{s} joined; rows: {per}.",
            code=info.code,
            title=html(" · {}", info.title) if info.title else "",
            state=state,
            students=info.students,
            s="s" * (info.students != 1),
            per=", ".join(f"{self._name(e)} {n}" for e, n in counts.items()),
        )
        self.toggle.description = "Close submissions" if info.open else "Open submissions"
        options = [("every experiment", "")] + [(self._name(e), e) for e in counts]
        if list(self.reset_choice.options) != options:
            keep = self.reset_choice.value
            self.reset_choice.options = options
            self.reset_choice.value = keep if keep in dict(options).values() else ""
        self._counts = counts

    def _name(self, experiment: str) -> str:
        if experiment in EXPERIMENT_TITLES:
            return EXPERIMENT_TITLES[experiment]
        if payloads.is_set_experiment(experiment):
            current = self.problem_set is not None and experiment == self.problem_set.experiment
            return "Problem set" if current else f"An earlier problem set ({experiment[4:10]})"
        poll = payloads.POLLS.get(experiment.removeprefix(payloads.POLL_PREFIX))
        return f"poll {poll.id}" if poll else experiment

    def _draw_who(self, rows: Sequence[Row], joined: Sequence[str]) -> None:
        sent = pooling.submitted(rows)
        lines = [html("<b>{}</b> ({}): {}", self._name(e), len(n), _names(n)) for e, n in sent.items()]
        anyone = {names.fold(n) for ns in sent.values() for n in ns}
        waiting = [n for n in joined if names.fold(n) not in anyone]
        lines.append(html("<b>Joined, nothing sent yet</b> ({}): {}", len(waiting), _names(waiting)))
        self.who.value = html(
            "<details open><summary>Who has sent what</summary>{}</details>", join(lines, "<br>")
        )

    def _draw_roster(self, joined: Sequence[Joined]) -> None:
        """The students who joined, in the order they did: when, and how many rows each sent."""
        if not joined:
            self.roster.value = "<p>Nobody has joined yet.</p>"
        else:
            body = join(
                html(
                    "<tr><td>{}</td><td>{:%H:%M:%S}</td><td class='pl-num'>{}</td></tr>",
                    j.nickname,
                    j.joined,
                    j.rows,
                )
                for j in joined
            )
            self.roster.value = html(
                "<table class='pl-class-table'><caption>Who joined, when (UTC) and how many rows each sent"
                "</caption><tr><th>student</th><th>joined</th><th>rows</th></tr>{}</table>",
                body,
            )
        options = [("nobody chosen", "")] + [(j.nickname, j.nickname) for j in joined]
        if list(self.remove_choice.options) != options:
            keep = self.remove_choice.value
            self.remove_choice.options = options
            self.remove_choice.value = keep if keep in dict(options).values() else ""

    def _draw_section(self, experiment: str, rows: Sequence[Row]) -> None:
        section = self.sections[experiment]
        mine = [r for r in rows if r.experiment == experiment]
        if section.rows == mine:
            return  # this experiment did not change: its figure stays as it is
        section.rows = mine
        if experiment in pooling.DEALT:
            kept, left = pooling.verified(mine, self._why_not)
            if experiment == TRUMP_COUNT:
                pool = pooling.trump_count(kept)
                section.figure.draw(trump_count_figure(pool))
                words = self._trump_words(pool)
            else:
                mc = pooling.monte_carlo(kept)
                section.figure.draw(monte_carlo_figure(mc))
                words = self._monte_carlo_words(mc)
            section.words.value = words + self._checked(
                len(mine), left, "Dealt again from each student's seed"
            )
        else:
            section.table.value = review_html(pooling.review_table(mine))
            section.words.value = (
                "Each hand counts once: a student's page sends a hand's review once, by the hand's number. "
                "A dash: that student's rows were sent before the page reviewed that part of the hand."
            )

    def _draw_polls(self, force: bool = False) -> None:
        section = self.sections["polls"]
        rows = self._polls
        if section.rows == rows and not force:
            return
        section.rows = rows
        tallies = pooling.poll_tallies(rows)
        replace_children(
            section.extra,
            [self.show_right, *(self._poll_box(t) for t in tallies)],
        )
        section.words.value = "" if tallies else "No poll answers yet."

    def _poll_box(self, tally: pooling.PollTally) -> w.Widget:
        box = FigureBox()
        box.draw(poll_figure(tally, self.show_right.value))
        words = ", ".join(f"{o} {c}" for o, c in zip(tally.options, tally.counts, strict=True))
        if self.show_right.value and tally.right is not None:
            words += f". Right: {tally.options[tally.right]}"
        return w.VBox(
            [
                box.widget,
                classed(w.HTML(html("<p>{}<br>Votes: {}.</p>", tally.question, words)), "pl-class-words"),
            ]
        )

    @staticmethod
    def _trump_words(pool: pooling.TrumpCountPool) -> Markup:
        if not pool.hands:
            return Markup("No trump counts yet: the bars are lesson 01's exact chances.")
        shares = pool.shares()
        top = max(range(len(shares)), key=lambda k: float(pool.exact[k]))
        return Markup(  # numbers and pitchlab's own words
            f"{len(pool.students)} student{'s' * (len(pool.students) != 1)}, {pool.hands:,} hands. Most likely count: {top} trump, exactly "
            f"{percent(pool.exact[top])}; the class has {100 * shares[top]:.1f}%. The pooled shares are at most "
            f"{100 * pool.farthest():.1f} percentage points from the exact ones; one student's 20 hands "
            "scatter much more (grey dots)."
        )

    @staticmethod
    def _monte_carlo_words(mc: pooling.MonteCarloPool) -> Markup:
        se = mc.standard_error()
        text = (
            f"Exact chance {percent(mc.exact)}; one student's {DEALS} deals have a standard error of "
            f"√(p(1−p)/{DEALS}) = {100 * se:.1f} percentage points, so 95% of single students should land "
            f"between {100 * (float(mc.exact) - 1.96 * se):.1f}% and {100 * (float(mc.exact) + 1.96 * se):.1f}% "
            "(the shaded band)."
        )
        spread = mc.spread()
        if spread is not None:
            text += (
                f" The class's {mc.students} estimates spread by {100 * spread:.1f} points (their standard "
                f"deviation); {mc.inside()} of {mc.students} lie within 1.96 standard errors of the exact chance."
            )
            expected = mc.spread_range()
            if expected is not None:  # a spread is an estimate too: how far it may fairly stray
                text += (
                    f" A spread is itself an estimate: {mc.students} students dealing fairly spread by "
                    f"{100 * expected[0]:.1f} to {100 * expected[1]:.1f} points 95 times in 100."
                )
        pooled = mc.pooled()
        said = Markup(text)  # numbers and pitchlab's own words
        return said if pooled is None else html("{} Pooled: {}.", said, str(pooled))

    def _why_not(self, row: Row) -> str | None:
        """:func:`pitchlab.classes.pooling.why_not`, once per row (a redraw deals nothing again)."""
        mark = (row.experiment, row.nickname, row.slot, json.dumps(row.payload, sort_keys=True), row.secret)
        if mark not in self._checks:
            self._checks[mark] = pooling.why_not(row)
        return self._checks[mark]

    @staticmethod
    def _checked(rows: int, left: Sequence[pooling.Excluded], how: str) -> Markup:
        """What checking each row again (``how``: dealing it again from its student's seed, judging
        its answer again) found, and the rows left out of the figures above, each by nickname with
        the reason."""
        if not rows:
            return Markup()
        if not left:
            return html(" {}: all {} rows match, and all are pooled.", how, rows)
        return html(
            " {}: {} of {} rows match and only they are pooled. Left out ({}):<ul class='pl-class-excluded'>{}</ul>",
            how,
            rows - len(left),
            rows,
            len(left),
            join(html("<li>{}: {}</li>", x.row.nickname, x.why) for x in left),
        )

    # ---------------------------------------------------------- the problem set

    @property
    def problems(self) -> dict[str, Problem]:
        """The shipped practice problems by id, read at first use (a page without a set reads none)."""
        if self._problems is None:
            self._problems = {p.id: p for p in load()}
        return self._problems

    def _set_themes(self) -> None:
        """The theme menu offers the themes of the chosen game and level."""
        level = self.set_level.value
        found = sorted(
            {
                t
                for p in self.problems.values()
                if p.ruleset == self.set_game.value and (not level or p.level == level)
                for t in p.themes
            }
        )
        keep = self.set_theme.value if self.set_theme.value in found else ""
        self.set_theme.options = [("every theme", ""), *((t, t) for t in found)]
        self.set_theme.value = keep

    def give_set(self) -> problem_sets.ProblemSet | None:
        """Give the class the problems typed (if any), else the menus' choice; a refusal is one line."""
        problems = list(self.problems.values())
        try:
            if self.set_ids.value.strip():
                made = problem_sets.from_ids(problems, self.set_ids.value)
            else:
                level = self.set_level.value or None
                made = problem_sets.choose(
                    problems,
                    self.set_game.value,
                    level,
                    self.set_theme.value,
                    self.set_size.value,
                    self.set_draw.value,
                )
            self.store.give_set(self.code, self._key, made)
        except PitchError as exc:
            self.say(f"No set given: {exc}")
            return None
        self.say("")
        self.check()
        self.message.value = _one_line(
            f"Class {self.code} has a problem set of {len(made.ids)} problems now."
        )
        return made

    def take_set_back(self) -> None:
        """No set for the class any more (its rows stay, and count again if it is given again)."""
        try:
            self.store.give_set(self.code, self._key, None)
        except PitchError as exc:
            self.say(str(exc))
            return
        self.say("")
        self.check()

    def _judge(self, problem_id: str) -> tuple[list[str], tuple[str, ...]]:
        """A problem's answers offered and accepted, worked out once per page."""
        if problem_id not in self._judged:
            problem = self.problems[problem_id]
            self._judged[problem_id] = (answers_at(problem.hand()), problem.answers)
        return self._judged[problem_id]

    def _read_set(self) -> str:
        """Read the class's problem set into :attr:`problem_set`; a set that cannot be read is
        none, and the line returned says why (empty: read)."""
        try:
            self.problem_set = self.store.problem_set(self.code)
        except PitchError as exc:
            self.problem_set = None
            return str(exc)
        return ""

    def _draw_set(self, rows: Sequence[Row], refused: str = "") -> None:
        """The class's problem set, if it has one: per problem, how the class did (checked rows)."""
        section = self.sections[SET_SECTION]
        if refused:
            self._set_drawn = None
            section.words.value = _one_line(
                f"The class's problem set could not be read ({refused}): give it a new one above."
            )
            return
        given = self.problem_set
        mine = [r for r in rows if given is not None and r.experiment == given.experiment]
        drawn = (given.to_text() if given else "", mine)
        if self._set_drawn == drawn:
            return  # nothing of the set changed: its figure stays as it is
        self._set_drawn = drawn
        section.table.value = ""
        section.figure.widget.outputs = ()
        if given is None:
            section.words.value = "No problem set given yet: choose one above and give it to the class."
            return
        missing = [i for i in given.ids if i not in self.problems]
        if missing:
            section.words.value = _one_line(
                f"This set names a problem this pitchlab does not ship ({missing[0]}): give another set."
            )
            return
        lines, left = pooling.problem_set_lines(given, mine, self._judge)
        section.table.value = problem_set_html(lines, self.problems)
        section.figure.draw(problem_set_figure(lines))
        section.words.value = html(
            "Class {code}'s set: {count} problems ({made_from}). Students open "
            "<a href='{page}?class={code}' target='_blank' rel='noopener'>the practice page with "
            "?class={code}</a> in its address; {students} answered so "
            "far. Only a student's first answer counts as right at the first try; after Show the answer, "
            "a solve no longer counts.{checked}",
            code=self.code,
            count=len(given.ids),
            made_from=given.made_from,
            page=PRACTICE_PAGE,
            students=_students(len({r.nickname for r in mine})),
            checked=self._checked(len(mine), left, "Every answer judged again from its problem"),
        )

    # ---------------------------------------------------------- the teacher's buttons

    def set_open(self, open: bool) -> None:
        """Open or close the class to new results."""
        try:
            self.store.set_open(self.code, self._key, open)
        except PitchError as exc:
            self.say(str(exc))
            return
        self.say("")
        self.check()

    def export_csv(self) -> str:
        """Every row as CSV, offered as a download made in the page; returns the text."""
        out = io.StringIO()
        try:
            count = self.store.export_csv(self.code, self._key, out)
        except PitchError as exc:
            self.say(str(exc))
            return ""
        text = out.getvalue()
        data = base64.b64encode(text.encode()).decode()
        stamp = time.strftime("%Y%m%d-%H%M", time.gmtime())
        filename = f"class-{self.code}-{stamp}.csv"
        self.download.value = (
            f'<a download="{filename}" href="data:text/csv;base64,{data}">Download {filename}</a> '
            f"({count} row{'s' * (count != 1)})"
        )
        return text

    def ask_remove(self, nickname: str) -> None:
        """First click of Remove: say whom and how many rows would go, and ask again."""
        found = {j.nickname: j for j in self._joined()}
        if nickname not in found:
            self.say("Choose a student to remove first.")
            return
        rows = found[nickname].rows
        self._ask(
            html(
                "Remove {} and the {} row{} they sent? Their page can send "
                "nothing more; they may join again under a nickname. This cannot be undone.",
                nickname,
                rows,
                "s" * (rows != 1),
            ),
            f"Remove {printable(nickname, 20)}",
            lambda: self.remove(nickname),
            "Keep the student",
        )
        self._pending_remove = nickname

    def _joined(self) -> list[Joined]:
        try:
            return self.store.roster(self.code, self._key)
        except PitchError as exc:
            self.say(str(exc))
            return []

    def remove(self, nickname: str) -> int:
        """Second click: remove the student and their rows. Returns how many rows went."""
        return self._second_click(
            self._pending_remove == nickname,
            "Remove",
            lambda: self.store.remove(self.code, self._key, nickname),
            lambda removed: f"Removed {nickname} and {removed} row{'s' * (removed != 1)}.",
        )

    def _second_click(
        self, asked: bool, first: str, delete: Callable[[], int], words: Callable[[int], str]
    ) -> int:
        """A deletion's second click: refused unless its first click (``first``) asked for this
        very deletion; then the rows go, the page shows the class without them, and ``words``
        says how many went. Returns how many went (0 when refused)."""
        if not asked:
            self.say(f"Press {first} first, then confirm.")
            return 0
        self._cancel_reset()
        try:
            removed = delete()
        except PitchError as exc:
            self.say(str(exc))
            return 0
        self.say("")
        self.download.value = ""
        self.check()
        self.message.value = _one_line(words(removed))
        return removed

    def _ask(
        self, question: str, yes_label: str, on_yes: Callable[[], object], no_label: str = "Keep them"
    ) -> None:
        """The second click every deletion needs: ``question`` (page HTML), then Yes or Keep."""
        yes = classed(w.Button(description=yes_label), "pl-class-confirm-yes", "pl-danger")
        no = classed(w.Button(description=no_label), "pl-class-confirm-no")
        yes.on_click(lambda _b: on_yes())
        no.on_click(lambda _b: self._cancel_reset())
        self._pending_reset = self._pending_remove = None
        self.confirm.layout.display = ""
        replace_children(self.confirm, [w.HTML(question), w.HBox([yes, no])])

    def ask_reset(self, experiment: str | None) -> None:
        """First click of Reset: say how many rows would go, and ask again."""
        if experiment is not None and experiment not in (*payloads.experiments(), *self._counts):
            self.say("There is no such experiment to reset.")
            return
        counts = self._counts
        rows = sum(counts.values()) if experiment is None else counts.get(experiment, 0)
        what = "every experiment" if experiment is None else self._name(experiment)
        self._ask(
            html(
                "Delete the {} row{} of {}? Students stay joined and can "
                "send again. This cannot be undone (export first to keep a copy).",
                rows,
                "s" * (rows != 1),
                what,
            ),
            f"Delete {rows} rows",
            lambda: self.reset(experiment),
        )
        self._pending_reset = experiment or ""

    def _cancel_reset(self) -> None:
        self._pending_reset = self._pending_remove = None
        replace_children(self.confirm, [])
        self.confirm.layout.display = "none"

    def reset(self, experiment: str | None) -> int:
        """Second click: delete the rows (all, or one experiment's). Returns how many went."""
        return self._second_click(
            self._pending_reset == (experiment or ""),
            "Reset",
            lambda: self.store.reset(self.code, self._key, experiment),
            lambda removed: f"Deleted {removed} row{'s' * (removed != 1)}.",
        )


__all__ = [
    "POLL_S",
    "TeacherBoard",
    "monte_carlo_figure",
    "poll_figure",
    "problem_set_figure",
    "problem_set_html",
    "review_html",
    "trump_count_figure",
]
