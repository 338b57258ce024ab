"""Classroom lesson 04, "Expected value and the bid": the arithmetic of a bid, and a try-your-own-hand page.

A bid changes the bidding team's score by the points it takes when it makes
the bid, and by minus the bid when it is set. Given the chance of each number
of points, the expected change is one sum, worked here exactly with
fractions (:func:`expected_change`). Raising a bid by one never helps that sum
(:func:`step_cost` says by how much it hurts), which is why the lesson then
turns to the bidding ladder, where a bid is judged against the whole auction.

The lesson's other numbers come from here too, so the tests reach them: the
distribution a simulation saw (:func:`distribution_of`), the ladder cell of a hand
(:func:`hand_cell`), the same hand from every seat (:func:`seat_table`) and
one cell's answers side by side (:func:`answers_table`, :func:`answers_figure`).

:class:`BidExplorer` is the page's widget: type nine cards, pick a seat and a
trump suit, press the button. Bad input shows a message in the page and
changes nothing. Stable CSS classes for browser tests: ``pl-bid-explorer``,
``pl-hand-input``, ``pl-seat``, ``pl-trump``, ``pl-simulate``,
``pl-message``, ``pl-hand``, ``pl-summary``, ``pl-table``, ``pl-plot``, and
the progress bar's ``pl-progress``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from html import escape

import ipywidgets as w
import plotly.graph_objects as go

from pitchlab.bots import tactics
from pitchlab.bots.ladder import POSITIONS, Cell, Ladder, Spot, Strength, shipped, strength_of
from pitchlab.bots.simulation import BidChances, bid_chances, setup
from pitchlab.engine.bitset import mask_of
from pitchlab.engine.cards import Card, Suit, parse_cards
from pitchlab.engine.errors import PitchError
from pitchlab.engine.rules import TEN_POINT, Ruleset
from pitchlab.engine.tricks import sort_cards
from pitchlab.odds.sampling import slots_of
from pitchlab.odds.stats import z_of
from pitchlab.ui import plots
from pitchlab.ui.classroom import ProgressBar
from pitchlab.ui.pictures import hand_picture
from pitchlab.ui.widgets import CSS, View, classed

Distribution = Mapping[int, Fraction]
"""The chance of each number of points the bidding team takes: ``{points: probability}``."""

SEAT_NAMES = ("first (the dealer's left)", "second", "third", "dealer (last to speak)")
"""The seats in bidding order, as the page's dropdown names them."""

PAGE_CSS = """
<style>
.pl-bid-explorer { font-family: 'DejaVu Sans', Arial, sans-serif; max-width: 1000px;
  border: 1px solid #d5dbe3; border-radius: 8px; padding: 8px 14px; }
.pl-bid-explorer h4 { margin: 6px 0 4px 0; font-size: 16px; }
.pl-bid-explorer .pl-summary { background: #f4f8fd; border-left: 5px solid #1f5fbf; padding: 6px 12px;
  border-radius: 4px; font-size: 15px; line-height: 1.5; }
.pl-bid-explorer .pl-table pre { font-family: 'DejaVu Sans Mono', monospace; font-size: 13px;
  line-height: 1.35; margin: 4px 0; white-space: pre; }
.pl-bid-explorer .pl-plot { min-height: 440px; }
.pl-bid-explorer .pl-note { color: #444; font-size: 14px; }
</style>
"""


# ------------------------------------------------------------ exact arithmetic


def _checked(distribution: Distribution) -> Distribution:
    if any(p < 0 for p in distribution.values()) or sum(distribution.values()) != 1:
        raise PitchError(f"chances must be at least 0 and add up to 1, not {sum(distribution.values())}")
    return distribution


def chance_to_make(distribution: Distribution, bid: int) -> Fraction:
    """The chance of taking at least ``bid`` points."""
    return sum((p for x, p in _checked(distribution).items() if x >= bid), Fraction(0))


def expected_change(distribution: Distribution, bid: int) -> Fraction:
    """The bidding team's expected score change: each outcome's change times its chance, added up.

    An outcome of ``x`` points changes the score by ``x`` if ``x >= bid`` (made)
    and by ``-bid`` otherwise (set).
    """
    return sum(((x if x >= bid else -bid) * p for x, p in _checked(distribution).items()), Fraction(0))


def step_cost(distribution: Distribution, bid: int) -> Fraction:
    """What raising ``bid`` by one costs on average: ``E(bid) - E(bid + 1)``, from its two causes.

    Taking exactly ``bid`` points was made at ``+bid`` and is now set at
    ``-(bid + 1)``: ``2·bid + 1`` worse. Taking fewer was set already and is
    now set one point deeper. No outcome gains, so the cost is never negative.
    """
    d = _checked(distribution)
    exactly = d.get(bid, Fraction(0))
    fewer = sum((p for x, p in d.items() if x < bid), Fraction(0))
    return (2 * bid + 1) * exactly + fewer


def exact_table(distribution: Distribution, rules: Ruleset = TEN_POINT) -> str:
    """Every bid's chance of being made and expected change, as exact fractions and decimals."""
    lines = [f"{'bid':>3}  {'made':>14}  {'expected change':>22}"]
    for bid in range(rules.min_bid, rules.max_bid + 1):
        chance, change = chance_to_make(distribution, bid), expected_change(distribution, bid)
        lines.append(
            f"{bid:>3}  {f'{chance!s} = {float(chance):.0%}':>14}  {f'{change!s} = {float(change):+.2f}':>22}"
        )
    return "\n".join(lines)


# -------------------------------------------------------------- simulated hands


def distribution_of(result: BidChances) -> dict[int, Fraction]:
    """The share of the simulated hands in which the bidding team took each number of points."""
    return {x: Fraction(count, result.hands) for x, count in enumerate(result.histogram()) if count}


def _half(estimate_se: float, scale: float = 1.0) -> float:
    return z_of(0.95) * estimate_se * scale


def seat_table(
    results: Sequence[BidChances],
    bids: Sequence[int],
    ladder: Ladder | None = None,
    highs: Sequence[int] = (0, 4),
) -> str:
    """The same hand from each seat: the chance of making some bids (± the 95% interval), and,
    with a ladder, its answer in that seat when the high bid so far is each of ``highs``
    (0: nobody has bid yet; otherwise an opponent's bid)."""
    head = f"{'seat':<8}" + "".join(f"{f'made {b}':>16}" for b in bids)
    if ladder is not None:
        head += "".join(
            f"  {'ladder: ' + ('no bid yet' if h == 0 else f'opponent bid {h}'):<24}" for h in highs
        )
    lines = [head.rstrip()]
    for result in results:
        s = result.setup
        row = f"{POSITIONS[s.position]:<8}"
        for b in bids:
            c = result.chance(b)
            row += f"{f'{c.value:.1%} ± {_half(c.se, 100):.1f}%':>16}"
        if ladder is not None:
            row += "".join(f"  {_ladder_answer(ladder, s.cards, s.position, h, s.rules):<24}" for h in highs)
        lines.append(row.rstrip())
    hands = sorted({r.hands for r in results})
    lines.append(f"({' or '.join(f'{h:,}' for h in hands)} simulated hands a seat; ± the 95% interval)")
    return "\n".join(lines)


def _ladder_answer(ladder: Ladder, cards: Sequence[Card], position: int, high: int, rules: Ruleset) -> str:
    """The ladder's answer for a hand in one spot, in words (an opponent holding ``high``)."""
    if high and position == 0:
        return "-"  # the first seat never hears a bid
    if not high and position == rules.players - 1:
        return rules.stuck_dealer_words
    answer = ladder.bid(hand_cell(cards, Spot(position, high, False), rules))
    return "too little data" if answer is None else _answer_name(answer)


def side_by_side(blocks: Sequence[str], gap: int = 6) -> str:
    """Text blocks (tables) printed next to each other, each padded to its widest line."""
    split = [block.splitlines() for block in blocks]
    widths = [max((len(line) for line in lines), default=0) for lines in split]
    height = max((len(lines) for lines in split), default=0)
    rows = []
    for i in range(height):
        cells = [
            (lines[i] if i < len(lines) else "").ljust(width)
            for lines, width in zip(split, widths, strict=True)
        ]
        rows.append((" " * gap).join(cells).rstrip())
    return "\n".join(rows)


def _answer_name(answer: int) -> str:
    return "pass" if answer == 0 else f"bid {answer}"


# ----------------------------------------------------------------- the ladder


def hand_strength(cards: str | Sequence[Card], rules: Ruleset = TEN_POINT) -> tuple[Strength, Suit]:
    """How the ladder sees nine cards: the row and column of their best suit, and that suit."""
    hand = parse_cards(cards) if isinstance(cards, str) else list(cards)
    rating = tactics.best_rating(rules, mask_of(slots_of(hand, rules)))
    return strength_of(rating), rating.suit


def hand_cell(cards: str | Sequence[Card], spot: Spot, rules: Ruleset = TEN_POINT) -> Cell:
    """The ladder cell of these cards in this spot of the bidding."""
    return spot, hand_strength(cards, rules)[0]


def answers_table(ladder: Ladder, cell: Cell) -> str:
    """One cell's answers side by side: each one's mean net score change and its 95% interval.

    The ladder's bid is marked with its gain over passing; answers tried
    too few times to be trusted are marked too.
    """
    spot, strength = cell
    trusted = ladder.answers(cell)
    best, gain = ladder.bid(cell), ladder.gain(cell)
    lines = [f"{spot} · {strength}", f"{'answer':<7}  {'net change a hand':>22}  {'hands':>6}"]
    for answer, e in sorted(ladder.values.get(cell, {}).items()):
        note = ""
        if answer == best:
            note = "  <- the ladder's answer" + (
                "" if gain is None or answer == 0 else f", {gain:+.2f} over passing"
            )
        elif answer not in trusted:
            note = "  (too few hands to trust)"
        lines.append(
            f"{_answer_name(answer):<7}  {f'{e.value:+.2f} ± {_half(e.se):.2f}':>22}  {e.n:>6,}{note}"
        )
    lines.append("(net change = your team's score change minus the other team's; ± the 95% interval)")
    return "\n".join(lines)


def answers_figure(ladder: Ladder, cell: Cell) -> go.Figure:
    """One cell's answers as bars of mean net score change with 95% error bars; the ladder's answer in green."""
    found = sorted(ladder.values.get(cell, {}).items())
    best = ladder.bid(cell)
    z = z_of(0.95)
    fig = go.Figure(
        go.Bar(
            x=[_answer_name(a) for a, _ in found],
            y=[e.value for _, e in found],
            error_y={"type": "data", "array": [z * e.se for _, e in found]},
            marker={"color": [plots.GREEN if a == best else plots.BLUE for a, _ in found]},
            hovertemplate="%{x}: %{y:+.2f} points a hand<extra></extra>",
        )
    )
    spot, strength = cell
    title = (
        f"Every answer tried: {spot}, {strength}<br><sup>{ladder.deals:,} simulated auctions; "
        "the ladder's answer in green; bars show the 95% interval</sup>"
    )
    plots.layout(fig, title, "your answer", "net score change (points a hand)", top=80)
    fig.update_layout(showlegend=False)
    fig.update_yaxes(zeroline=True, zerolinecolor="#555", tickformat="+d")
    return fig


# ------------------------------------------------------------------ the page


class BidExplorer(View):
    """Try your own hand: nine card codes, a seat, a trump suit; the chance of making each bid
    and its expected change from ``hands`` simulated hands, as a table and a figure.

    ``result`` shows an answer already worked out (for the same question)
    without simulating again. :meth:`simulate` is what the button does.
    """

    def __init__(
        self,
        cards: str = "",
        trump: Suit | str = Suit.SPADES,
        position: int = 0,
        *,
        hands: int = 2000,
        seed: int | str = 1,
        ladder: Ladder | None = None,
        result: BidChances | None = None,
        rules: Ruleset = TEN_POINT,
    ) -> None:
        self.rules = rules
        self.hands = hands
        self.seed = seed
        self.ladder = ladder or shipped(rules)
        self.result: BidChances | None = None
        self.message = ""
        self.cards_box = classed(
            w.Text(
                value=cards,
                description="Your cards",
                placeholder="nine codes, e.g. AS KS 3S JC JK 9H 4D 7C 2C",
                layout=w.Layout(width="520px"),
            ),
            "pl-hand-input",
        )
        self.seat = classed(
            w.Dropdown(
                options=[(name, p) for p, name in enumerate(SEAT_NAMES)],
                value=position,
                description="Your seat",
                layout=w.Layout(width="320px", margin="0 24px 0 0"),
            ),
            "pl-seat",
        )
        suit = trump if isinstance(trump, Suit) else Suit.parse(trump)
        self.trump = classed(
            w.ToggleButtons(
                options=[(f"{s.symbol} {s.name.title()}", s) for s in Suit],
                value=suit,
                tooltips=[f"name {s.name.lower()} as trump" for s in Suit],
                style={"button_width": "92px"},
            ),
            "pl-trump",
        )
        self.button = classed(
            w.Button(
                description=f"Simulate {hands:,} hands",
                button_style="primary",
                icon="play",
                layout=w.Layout(width="220px"),
            ),
            "pl-simulate",
        )
        self.button.on_click(lambda _b: self.simulate())
        self.progress = ProgressBar("hands")
        self.message_box = classed(w.HTML(), "pl-message")
        self.picture = classed(w.HTML(), "pl-hand")
        self.summary = classed(w.HTML(), "pl-summary")
        self.table = classed(w.HTML(), "pl-table")
        self.plot = classed(w.Output(), "pl-plot")
        self.widget = classed(
            w.VBox(
                [
                    w.HTML(CSS + PAGE_CSS),
                    w.HTML("<h4>Try your own hand</h4>"),
                    self.cards_box,
                    w.HBox([self.seat, w.Label("Trump", layout=w.Layout(width="50px")), self.trump]),
                    w.HBox([self.button, self.progress.widget]),
                    self.message_box,
                    self.picture,
                    self.summary,
                    self.plot,
                    self.table,
                ]
            ),
            "pl-lesson",
            "pl-bid-explorer",
        )
        if result is not None:
            self.progress.update(result.hands, result.hands)
            self.show(result)
        else:
            self.simulate()

    def simulate(self) -> bool:
        """Read the boxes and simulate; on bad input show why, keep what was shown, return False."""
        try:
            question = setup(self.cards_box.value, self.trump.value, self.seat.value, self.rules)
        except PitchError as exc:
            self.message = f"Cannot simulate that: {exc}."
            self.refresh()
            return False
        self.message = ""
        self.button.disabled = True
        try:
            self.progress.update(0, self.hands)
            result = bid_chances(question, hands=self.hands, seed=self.seed, progress=self.progress.update)
        finally:
            self.button.disabled = False
        self.show(result)
        return True

    def show(self, result: BidChances) -> None:
        """Show a worked-out answer: the hand, the summary, the figure and the table."""
        self.result = result
        self.figure = plots.bid_chances_figure(result)
        self.plot.outputs = (
            {"output_type": "display_data", "data": plots.mimebundle(self.figure), "metadata": {}},
        )
        self.refresh()

    def refresh(self) -> None:
        self.message_box.value = escape(self.message)
        self.message_box.layout.display = None if self.message else "none"
        result = self.result
        if result is None:
            return
        self.picture.value = hand_picture(result.setup.cards, width=70, overlap=0.72)._repr_html_()
        self.summary.value = self.summary_html(result)
        self.table.value = f"<pre>{escape(result.table())}</pre>"

    def summary_html(self, result: BidChances) -> str:
        s = result.setup
        lowest, top = result.bids()[0], result.top_bid()
        strength, suit = hand_strength(s.cards, s.rules)
        lines = [
            f"Showing <b>{escape(' '.join(c.label for c in sort_cards(s.cards)))}</b> with "
            f"<b>{s.trump.symbol} {s.trump.name.lower()}</b> as trump from the <b>{POSITIONS[s.position]}</b> seat "
            f"({result.hands:,} simulated hands, seed {escape(str(result.seed))}).",
            f"As bidder your team takes {result.mean_points().value:.1f} of the "
            f"{s.rules.total_points} points on average; a bid of {lowest} expects "
            f"{result.expected_change(lowest).value:+.2f}.",
            "No bid gains on average with this hand: every bid loses points."
            if top is None
            else f"The highest bid that still gains on average is <b>{top}</b> "
            f"({result.expected_change(top).value:+.2f}).",
        ]
        said = []
        for high in (0, s.rules.min_bid):
            if high == 0 and s.position == s.rules.players - 1:
                said.append(f"nobody has bid: you {s.rules.stuck_dealer_words}")
            elif high == 0 or s.position > 0:
                words = "nobody has bid yet" if high == 0 else f"an opponent has bid {high}"
                said.append(f"{words}: {self._ladder_words((Spot(s.position, high, False), strength))}")
        lines.append(
            f"The ladder files this hand under <b>{strength}</b> (its best suit, {suit.symbol}). "
            f"In the {POSITIONS[s.position]} seat, if " + "; if ".join(said) + "."
        )
        return "<br>".join(lines)

    def _ladder_words(self, cell: Cell) -> str:
        answer, gain = self.ladder.bid(cell), self.ladder.gain(cell)
        if answer is None:
            return "the ladder has too little data"
        value = self.ladder.answers(cell)[answer].value
        extra = "" if gain is None or answer == 0 else f", {gain:+.2f} over passing"
        return f"<b>{_answer_name(answer)}</b> ({value:+.2f} a hand{extra})"


__all__ = [
    "SEAT_NAMES",
    "BidExplorer",
    "Distribution",
    "answers_figure",
    "answers_table",
    "chance_to_make",
    "distribution_of",
    "exact_table",
    "expected_change",
    "hand_cell",
    "hand_strength",
    "seat_table",
    "side_by_side",
    "step_cost",
]
