"""Classroom lesson 07, "Winning the game, not the hand": the score as a Markov chain.

A hand of Pitch moves the score; the game is won by the score. The lesson
treats the pair of scores as the state of a Markov chain whose steps are
hands, and the chance of winning from every state as the solution of one
equation per state, found by value iteration (the engine's own game model,
:mod:`pitchlab.bots.gamemodel`, which this module reuses and never repeats).

Exact first: a toy race to 3 whose hands are four outcomes with known
chances, small enough (25 states) for its equations to be solved exactly
with fractions (:func:`exact_toy_chances`, plain Gaussian elimination, no
code shared with the game model). Then ten-point Pitch, the hands drawn from
the outcome counts shipped with pitchlab for a table that bids by the strength
of the hand (the ladder), checked by simulated games
(:func:`simulated_chance`). The parts a page shows: a heat map of the chance
over both scores (:func:`heat_map`), two bids compared from one score
(:class:`BidFromScore`, a slider), and the same chain when the side at the
target need not be the bidder (:func:`bidder_first`).
"""

from __future__ import annotations

import functools
import math
import random
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from fractions import Fraction

import ipywidgets as w
import numpy as np
import plotly.graph_objects as go

from pitchlab.bots import bidding, calibration, gamemodel
from pitchlab.bots.gamemodel import GameModel, Outcome, Outcomes
from pitchlab.engine.presets import TEN_POINT
from pitchlab.engine.rules import Ruleset
from pitchlab.lessons.classroom import common
from pitchlab.odds.stats import Estimate, proportion
from pitchlab.ui import classroom, pictures, plots
from pitchlab.ui.markup import Markup, escape, html
from pitchlab.ui.pictures import Picture
from pitchlab.ui.widgets import View, classed

# ------------------------------------------------------------------ the toy race

TOY = TEN_POINT.replace(
    name="race to 3",
    description="a toy: two sides, every bid is 1, the bidding side at 3 or more wins",
    players=2,
    teams=(0, 1),
    target=3,
    min_bid=1,
    max_bid=1,
    stuck_dealer_bid=1,
)
"""Two sides racing to 3 with bids of one point; the game model keeps scores from
:func:`~pitchlab.bots.gamemodel.floor_of` (-2 here: a lower score counts as -2) upwards."""

TOY_MAKE = Fraction(2, 3)
"""How often the toy's bidder makes its bid."""


def toy_hands(make: Fraction = TOY_MAKE) -> dict[Outcome, Fraction]:
    """One toy hand: either side bids (a coin toss), makes its 1 with chance ``make`` (+1 to
    it) or is set (-1 to it); the other side scores nothing. The same at every deal."""
    half = Fraction(1, 2)
    return {
        Outcome(ours=True, made=True, us=1, them=0, lead=0): half * make,
        Outcome(ours=True, made=False, us=-1, them=0, lead=0): half * (1 - make),
        Outcome(ours=False, made=True, us=0, them=1, lead=1): half * make,
        Outcome(ours=False, made=False, us=0, them=-1, lead=-1): half * (1 - make),
    }


def toy_model(make: Fraction = TOY_MAKE) -> GameModel:
    """The game model of the toy race, solved by the engine's value iteration."""
    dist = Outcomes.of({o: float(p) for o, p in toy_hands(make).items()})
    return GameModel(TOY, [dist] * TOY.players)


TOY_LOW = gamemodel.floor_of(TOY)
TOY_SCORES = range(TOY_LOW, TOY.target)
"""The scores a toy game can stand at: from the floor to one below the target (only the
bidder moves, and a bidder reaching 3 has won)."""


def toy_next(us: int, them: int, o: Outcome) -> tuple[int, int] | float:
    """Where one toy hand leads: the next pair of scores, or the game's result (1 won, 0 lost)."""
    now_us, now_them = max(us + o.us, TOY_LOW), max(them + o.them, TOY_LOW)
    if o.ours and now_us >= TOY.target:
        return 1.0
    if not o.ours and now_them >= TOY.target:
        return 0.0
    return now_us, now_them


def toy_after(state: tuple[int, int], o: Outcome, w: Mapping[tuple[int, int], float]) -> float:
    """One hand's term of a state's equation: the result, or the guess ``w`` at the new scores."""
    where = toy_next(*state, o)
    return where if isinstance(where, float) else w[where]


def toy_value_iteration(
    hands: Mapping[Outcome, Fraction], tolerance: float = 1e-12
) -> tuple[dict[tuple[int, int], float], int]:
    """The toy's chances by value iteration in plain Python, and the sweeps it took."""
    w = {(u, t): 0.5 for u in TOY_SCORES for t in TOY_SCORES}  # any first guess will do
    sweeps, change = 0, 1.0
    while change > tolerance:  # one sweep: every state's equation, with the old guesses on the right
        new = {s: sum(float(p) * toy_after(s, o, w) for o, p in hands.items()) for s in w}
        change = max(abs(new[s] - w[s]) for s in w)
        w, sweeps = new, sweeps + 1
    return w, sweeps


def working() -> Picture:
    """The lesson's working as the page shows it (Voila hides code cells): the lines that ran."""
    return common.working(
        toy_next,
        toy_after,
        toy_value_iteration,
        caption=Markup(
            "The working: value iteration on the toy race, checked against the exact fractions "
            "and against pitchlab's game model."
        ),
    )


def exact_toy_chances(make: Fraction = TOY_MAKE) -> dict[tuple[int, int], Fraction]:
    """The toy's chance of winning from every score, exactly: its 25 linear equations
    ``W(s) = sum of p(o) * (result or W(next))`` solved by Gaussian elimination in fractions.

    Written apart from the game model on purpose: a check of value iteration must not
    share its code."""
    states = [(u, t) for u in TOY_SCORES for t in TOY_SCORES]
    index = {s: i for i, s in enumerate(states)}
    n = len(states)
    # row i: W_i - sum p W_next = sum p * result
    rows = [[Fraction(0)] * (n + 1) for _ in range(n)]
    for i, (u, t) in enumerate(states):
        rows[i][i] += 1
        for o, p in toy_hands(make).items():
            nxt = toy_next(u, t, o)
            if isinstance(nxt, tuple):
                rows[i][index[nxt]] -= p
            else:
                rows[i][n] += p * Fraction(nxt)
    for col in range(n):
        pivot = next(r for r in range(col, n) if rows[r][col] != 0)
        rows[col], rows[pivot] = rows[pivot], rows[col]
        lead = rows[col][col]
        rows[col] = [x / lead for x in rows[col]]
        for r in range(n):
            factor = rows[r][col]
            if r != col and factor != 0:
                rows[r] = [a - factor * b for a, b in zip(rows[r], rows[col], strict=True)]
    return {s: rows[index[s]][n] for s in states}


# ------------------------------------------------------------ the problem of points

PointsCase = tuple[tuple[int, int, Fraction], Fraction, str]

POINTS_CASES: tuple[PointsCase, ...] = (
    # worked by hand: one point each to go, the next point decides: p
    ((1, 1, Fraction(1, 2)), Fraction(1, 2), "one point each to go, an even chance each hand"),
    ((1, 1, Fraction(2, 3)), Fraction(2, 3), "one point each to go, we take 2 hands in 3"),
    # we need 1, they need 2: we lose only if they take the next two points: 1 - (1/2)^2
    ((1, 2, Fraction(1, 2)), Fraction(3, 4), "we need 1 point, they need 2"),
    ((2, 1, Fraction(1, 2)), Fraction(1, 4), "we need 2 points, they need 1"),
    # both need 2: we win two straight (p^2) or split the next two and take the third (2 p^2 q)
    ((2, 2, Fraction(2, 3)), Fraction(20, 27), "two points each to go, we take 2 hands in 3"),
    ((3, 0, Fraction(1, 2)), Fraction(0), "they have already won"),
)
"""The code exercise's cases, ``(need_us, need_them, p), expected, about``: a race in which
every hand gives one point to one side (us with chance ``p``), each worked by hand."""


def points_by_count(need_us: int, need_them: int, p: Fraction) -> Fraction:
    """The problem of points by counting: we win if at least ``need_us`` of the next
    ``need_us + need_them - 1`` points are ours (a check on :data:`POINTS_CASES`)."""
    if need_us <= 0 or need_them <= 0:
        return Fraction(1 if need_us <= 0 < need_them else 0)
    n = need_us + need_them - 1
    return sum((math.comb(n, k) * p**k * (1 - p) ** (n - k) for k in range(need_us, n + 1)), Fraction(0))


TO_A_MILLIONTH = classroom.within(rel_tol=0, abs_tol=1e-6)
"""A learner's chance against the exact one: floats are fine to a millionth."""


def points_cases() -> list[classroom.Case]:
    """:data:`POINTS_CASES` as the kit's cases for :func:`pitchlab.ui.classroom.check_code`."""
    return [
        classroom.Case(args, expected, about, compare=TO_A_MILLIONTH)
        for args, expected, about in POINTS_CASES
    ]


# ------------------------------------------------------------- ten-point Pitch


@functools.cache
def ten_point_hands() -> tuple[Outcomes, ...]:
    """The outcome distribution of a ten-point hand per dealer offset, from the hands shipped
    with pitchlab as dealt at a table that bids by the strength of the hand
    (:func:`pitchlab.bots.bidding.ladder_hands`): the lesson's model is that table's."""
    hands = bidding.ladder_hands(TEN_POINT)
    if hands is None:
        raise RuntimeError("pitchlab ships the ten-point hands; this installation lacks them")
    return tuple(Outcomes.of(c) for c in hands)


@functools.cache
def model_of(rules: Ruleset = TEN_POINT) -> GameModel:
    """The game model of ``rules`` on the ten-point hands (solved once, then cached)."""
    return GameModel(rules, list(ten_point_hands()))


def bidder_first(rules: Ruleset = TEN_POINT) -> Ruleset:
    """The same game except who wins: any side at the target, the bidder's made points
    counted first when both get there on one hand."""
    return rules.replace(win_rule="bidder-first")


def simulated_chance(rules: Ruleset, us: int, them: int, offset: int, games: int, seed: int) -> Estimate:
    """Play ``games`` games from one score by drawing each hand from the ten-point hands
    (seeded): the share won, to set beside the solved chance."""
    rng = random.Random(seed)
    hands = list(ten_point_hands())
    results = [gamemodel.simulate_game(rules, hands, us, them, offset, rng) for _ in range(games)]
    if any(r not in (0.0, 1.0) for r in results):
        raise ValueError("a tied game has no place in a share of games won")
    return proportion(int(sum(results)), games, unit="games")


OFFSET_WORDS = {0: "I deal next", 1: "the opponent on my left deals next", 2: "my partner deals next",
                3: "the opponent on my right deals next"}  # fmt: skip


def heat_map(model: GameModel, offset: int = 0, low: int = -8, high: int = 60, step: int = 4) -> go.Figure:
    """My side's chance of winning from every score on a grid, coloured (0% to 100%)."""
    scores = list(range(low, high + 1, step))
    z = [[100 * model.chance(us, them, offset) for us in scores] for them in scores]
    text = [[f"{v:.0f}%" for v in row] for row in z]
    fig = go.Figure(
        go.Heatmap(
            x=scores,
            y=scores,
            z=z,
            text=text,
            zmin=0,
            zmax=100,
            colorscale=[[0, plots.ORANGE], [0.5, "#f7f7f7"], [1, plots.BLUE]],
            # under the plot, not beside it: on a phone the squares keep the width
            colorbar={
                "title": {"text": "chance we win (%)", "side": "top"},
                "ticksuffix": "%",
                "orientation": "h",
                "y": -0.22,
                "yanchor": "top",
                "thickness": 14,
                "len": 0.9,
            },
            hovertemplate="we %{x}, they %{y}: we win %{z:.1f}%<extra></extra>",
            name=f"chance we win, their score by row (every {step} points)",
        )
    )
    fig.update_xaxes(dtick=4 * step)  # a phone has room for few labels across
    fig.update_yaxes(dtick=2 * step, scaleanchor="x", constrain="domain")  # square cells
    fig.update_xaxes(constrain="domain")
    plots.layout(
        fig,
        f"Chance we win, from each score<br>({model.rules.name}, {OFFSET_WORDS.get(offset, '')})",
        "our score (points)",
        "their score (points)",
        height=620,
        top=90,
    )
    fig.update_layout(margin={"b": 150})  # room for the colour bar under the axis title
    return fig


# ------------------------------------------------------------- two bids compared


@dataclass(frozen=True)
class Plan:
    """A bid as a lottery: made with chance ``made``, scoring ``gain`` to us and ``gift`` to
    them, else set: ``-bid`` to us and ``against`` to them (ten points a hand in all)."""

    name: str
    bid: int
    made: Fraction
    taken: int
    """The points we take when the bid is made."""
    taken_set: int
    """The points we take when it is not."""

    def outcomes(self) -> Outcomes:
        """The plan's outcomes for the game model (we hold the contract)."""
        return Outcomes.of(
            {
                gamemodel.as_bidder(TEN_POINT, self.bid, self.taken, 10 - self.taken): float(self.made),
                gamemodel.as_bidder(TEN_POINT, self.bid, self.taken_set, 10 - self.taken_set): float(
                    1 - self.made
                ),
            }
        )

    @property
    def expected_points(self) -> Fraction:
        """Our average score change: what "maximise the points" maximises."""
        return self.made * self.taken - (1 - self.made) * self.bid

    @property
    def expected_margin(self) -> Fraction:
        """Our average score change minus theirs: the ground gained on them per hand."""
        made = self.taken - (10 - self.taken)
        lost = -self.bid - (10 - self.taken_set)
        return self.made * made + (1 - self.made) * lost

    def chance(self, model: GameModel, us: int, them: int, offset: int = 0) -> float:
        """Our chance of winning the game when we play this plan at these scores."""
        return model.expected(self.outcomes(), us, them, offset)


SURE = Plan("the sure 4", 4, Fraction(9, 10), 5, 3)
BOLD = Plan("the bold 7", 7, Fraction(7, 10), 9, 6)
PLANS = (SURE, BOLD)
THEIRS = 40
"""Their score in the comparison."""


def plans_figure(model: GameModel, us: int, them: int = THEIRS, offset: int = 0) -> go.Figure:
    """The two plans' chances of winning the game from one score, side by side."""
    fig = go.Figure(
        go.Bar(
            x=[p.name for p in PLANS],
            textposition="outside",
            marker={"color": [plots.BLUE, plots.ORANGE]},
            hovertemplate="%{x}: we win %{y:.1f}%<extra></extra>",
            name="chance we win the game",
        )
    )
    fig.update_yaxes(range=[0, 110])
    plots.layout(fig, "", "the bid we play (plan)", "chance we win the game (%)", height=400, top=90)
    return redraw_plans(fig, model, us, them, offset)


def redraw_plans(fig: go.Figure, model: GameModel, us: int, them: int = THEIRS, offset: int = 0) -> go.Figure:
    """:func:`plans_figure` moved to another score in place: only the bars and the title
    change, so a slider's move skips building the figure's style again (most of the time)."""
    chances = [100 * p.chance(model, us, them, offset) for p in PLANS]
    best = PLANS[int(np.argmax(chances))]
    with fig.batch_update():
        fig.data[0].y = chances
        fig.data[0].text = [f"{c:.1f}%" for c in chances]
        fig.layout.title.text = f"From {us}-{them},<br>{best.name} wins more games"
    return fig


def plans_words(model: GameModel, us: int, them: int = THEIRS, offset: int = 0) -> str:
    """The comparison in one sentence, for the page beside the figure."""
    sure, bold = (100 * p.chance(model, us, them, offset) for p in PLANS)
    crossing = [p.name for p in PLANS if us + p.taken >= model.rules.target]
    why = (
        f"made, {' and '.join(crossing)} reach{'es' if len(crossing) == 1 else ''} {model.rules.target}"
        if crossing
        else f"neither reaches {model.rules.target} even when made"
    )
    return (
        f"At {us} to {them}: {SURE.name} wins {sure:.1f}% of games, {BOLD.name} {bold:.1f}% "
        f"(a difference of {sure - bold:+.1f} percentage points); {why}."
    )


class BidFromScore(View):
    """A slider for our score before the hand: the two plans' chances of winning, redrawn.

    Each move solves nothing: it reads the solved model (cached) and draws. ``timings``
    keeps each redraw's seconds (compute and figure) for the page's benchmark."""

    LOW, HIGH = -20, 51

    def __init__(self, model: GameModel, us: int = 47, them: int = THEIRS) -> None:
        self.model = model
        self.them = them
        self.timings: list[float] = []
        self.fig = plans_figure(model, us, them)
        self.slider = classed(
            w.IntSlider(
                value=us,
                min=self.LOW,
                max=self.HIGH,
                step=1,
                description="our score",
                continuous_update=False,
                readout=True,
                style={"description_width": "initial"},
            ),
            "pl-slider",
        )
        self.words = classed(w.HTML(""), "pl-plans-words")
        self.message = classed(w.HTML(""), "pl-message")
        self.box = classroom.FigureBox()
        self.figure = classed(self.box.widget, "pl-plans-figure")
        self.slider.observe(lambda change: self.show(int(change["new"])), "value")
        self.widget = classed(w.VBox([self.slider, self.message, self.words, self.figure]), "pl-plans")
        self.show(us)

    def redraw_cases(self) -> list[tuple[str, Callable[[], object]]]:
        """One slider move each (the kit's benchmark protocol): far from the target, where the
        order of the plans turns round, and one short of it."""
        return [(f"our score {us}", functools.partial(self.show, us)) for us in (0, 30, 44, 47, 51)]

    def show(self, us: object) -> bool:
        """Redraw for our score ``us``; anything but a whole score on the slider's range is
        refused with a message and changes nothing."""
        if isinstance(us, bool) or not isinstance(us, int) or not self.LOW <= us <= self.HIGH:
            self.message.value = html(
                "Our score must be a whole number from {} to {}, not {}.", self.LOW, self.HIGH, repr(us)[:40]
            )
            return False
        self.message.value = ""
        if self.slider.value != us:
            self.slider.value = us  # its observer comes back here and redraws, once
            return True
        start = time.perf_counter()
        redraw_plans(self.fig, self.model, us, self.them)
        self.words.value = escape(plans_words(self.model, us, self.them))
        self.box.draw(self.fig)
        self.timings.append(time.perf_counter() - start)
        return True


def after_a_set_exercise(model: GameModel, us: int = 47, them: int = THEIRS) -> classroom.Exercise:
    """A number to work out: the sure 4's chance of winning the game from ``us``-``them``,
    from its made chance and the chance after a set (given, rounded to a tenth of a percent)."""
    set_us, set_them = us - SURE.bid, them + 10 - SURE.taken_set
    after_set = round(Fraction(model.chance(set_us, set_them, 1)), 3)
    made = SURE.made
    answer = made + (1 - made) * after_set
    return classroom.Exercise(
        f"From {us}-{them} we play {SURE.name}: made {made.numerator} times in {made.denominator}, and "
        f"a made 4 takes us to {us + SURE.taken} or more. When it is set we fall to {set_us}-{set_them}, "
        f"the deal moves one seat on, and from there we win {float(after_set):.1%} of games. "
        "What is our chance of winning the game?",
        answer,
        f"Made, we win at once; set, we go on from {set_us}-{set_them}: "
        f"{made} × 100% + {1 - made} × {float(after_set):.1%} = <b>{float(answer):.2%}</b>. "
        f"(The game model, unrounded: {model.expected(SURE.outcomes(), us, them, 0):.2%}.)",
        unit="percent",
        tolerance=0.001,
        hint="Two cases: the bid is made (and the game is over) or it is set (and the game goes on).",
    )


REDRAWS: tuple[Callable[[], BidFromScore], ...] = (lambda: BidFromScore(model_of(TEN_POINT)),)
"""The page's slider views, for ``benchmarks/sliders.py`` (see :mod:`pitchlab.ui.classroom`)."""


def misconception(
    model: GameModel, us: int = 47, far: int = 30, them: int = THEIRS
) -> classroom.MultipleChoice:
    """The trap: "the most points each hand is the best way to win the game". Every number
    in the choices comes from the model."""
    sure, bold = (100 * p.chance(model, us, them) for p in PLANS)
    sure_far, bold_far = (100 * p.chance(model, far, them) for p in PLANS)
    avg = f"{float(BOLD.expected_points):.1f} points a hand to {float(SURE.expected_points):.1f}"
    choices = [
        classroom.Choice(
            "Yes: more points on average means more games won, from any score.",
            right=False,
            why=f"Not from {us}-{them}: {BOLD.name} averages {avg}, yet wins {bold:.1f}% of games "
            f"against {sure:.1f}%. Near the target every made bid wins, so only how often it is made counts.",
        ),
        classroom.Choice(
            "No: near the target any made bid wins, so the surer bid wins more games.",
            right=True,
            why=f"Right: from {us}-{them} {SURE.name} wins {sure:.1f}% of games and {BOLD.name} {bold:.1f}%, "
            f"though {BOLD.name} averages {avg}. Far from the target ({far}-{them}) the order turns "
            f"round: {bold_far:.1f}% against {sure_far:.1f}%.",
        ),
        classroom.Choice(
            "Yes: over many hands, average points decide who gets to the target first.",
            right=False,
            why=f"Over a long race the average does matter, which is why {BOLD.name} is better from "
            f"{far}-{them} ({bold_far:.1f}% against {sure_far:.1f}%). But the game stops at the target: "
            "at the end, what this one hand does counts, not an average over hands never played.",
        ),
        classroom.Choice(
            "No: points never matter, only the chance of making the bid.",
            right=False,
            why=f"Far from the target points do matter: from {far}-{them} {BOLD.name}, made less often, "
            f"wins {bold_far:.1f}% of games against {sure_far:.1f}%.",
        ),
    ]
    return classroom.MultipleChoice(
        f'A friend says: "to win the game, bid whatever scores the most points on average, every hand." '
        f"Is that right? Think of {SURE.name} and {BOLD.name} from {us}-{them}.",
        choices,
    )


def chances_table(rows: Mapping[str, tuple[float, float]]) -> Picture:
    """Our chance at a few scores under two win rules (I deal next), as a small table."""
    return pictures.table(
        ["score (us-them)", "only the bidder wins", "any side at the target"],
        [[escape(k), f"{a:.1%}", f"{b:.1%}"] for k, (a, b) in rows.items()],
        "Our chance of winning the game, the same hands, I deal next.",
        css="pl-rules-table",
    )


# ------------------------------------------------ are the bots' chances true?

SELF_PLAY_GAMES = 400
"""Whole games the page plays (a few seconds): enough for the busy tenths of the quotes."""
SELF_PLAY_SEED = 7


@functools.cache
def bots_games(games: int = SELF_PLAY_GAMES, seed: int = SELF_PLAY_SEED) -> calibration.SelfPlay:
    """Seeded whole ten-point games with the bots bidding to win the game at every seat: every
    chance of winning the game a bid quoted, and whether that side went on to win
    (:func:`pitchlab.bots.calibration.self_play`; cached, so the page plays them once)."""
    return calibration.self_play(TEN_POINT, games, seed)


def calibration_picture(played: calibration.SelfPlay) -> go.Figure:
    """The page's reliability diagram: the bots' quoted chances of winning the game, by tenths,
    against the share of those games their side won."""
    return plots.calibration_figure(
        played.win_deciles(),
        title=f"Chances of winning the game<br><sup>the bots' quotes in {played.games:,} games</sup>",
        quoted="chance quoted (%)",
        happened="games won (%)",
    )


def made_picture(played: calibration.SelfPlay) -> go.Figure:
    """The same test for the other chance a bid's reason quotes, that of making the bid: each
    quote where its side then held the contract at that bid, against whether it was made."""
    return plots.calibration_figure(
        played.made_deciles(),
        title=f"Chances of making the bid<br><sup>the bots' quotes in {played.games:,} games</sup>",
        quoted="chance quoted (%)",
        happened="bids made (%)",
    )


__all__ = [
    "BOLD",
    "PLANS",
    "POINTS_CASES",
    "REDRAWS",
    "SELF_PLAY_GAMES",
    "SELF_PLAY_SEED",
    "SURE",
    "TOY",
    "TOY_MAKE",
    "BidFromScore",
    "Plan",
    "after_a_set_exercise",
    "bidder_first",
    "bots_games",
    "calibration_picture",
    "chances_table",
    "exact_toy_chances",
    "heat_map",
    "made_picture",
    "misconception",
    "model_of",
    "plans_figure",
    "plans_words",
    "points_by_count",
    "points_cases",
    "simulated_chance",
    "ten_point_hands",
    "toy_after",
    "toy_hands",
    "toy_model",
    "toy_value_iteration",
    "working",
]
