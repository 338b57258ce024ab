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

The ladder files a hand under *the bot's chosen suit* (the suit it would name),
which is not lesson 01's best suit (the most trump, never fewer than 3):
:func:`trump_counts` and :func:`chosen_shorter_than_longest` show the two apart.
Every answer in a cell was tried on the same hands, so answers are compared by
their paired differences: :func:`replay_cell` replays the ladder's own deals hand
by hand (:class:`CellTrials`, :func:`paired_table`), since the shipped ladder
keeps only totals.

:class:`BidRisk` is a slider over the bid showing every score change it can
bring (:func:`change_distribution`, :func:`risk_figure`); it redraws by patching
one figure bundle (:func:`risk_bundle`) and is listed in ``REDRAWS`` for the
kit's benchmark. The exercises' material is here too: ``TOP_BID_CASES`` for the
code exercise and :func:`misconception_question`.

:class:`BidExplorer` is the page's widget: type nine cards, pick a seat and a
trump suit, press the button. Bad input shows a message in the page and
changes nothing. Stable CSS classes for browser tests: ``pl-bid-explorer``,
``pl-hand-input``, ``pl-seat``, ``pl-trump``, ``pl-simulate``,
``pl-message``, ``pl-hand``, ``pl-summary``, ``pl-table``, ``pl-plot``, and
the progress bar's ``pl-progress``; the slider's ``pl-bid-risk``, ``pl-slider``, ``pl-risk-words``.
"""

from __future__ import annotations

import functools
import math
import random
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import ipywidgets as w
import plotly.graph_objects as go

from pitchlab.bots import trump_only_judgement
from pitchlab.bots.derive import answer_nets, ladder_bot, ladder_cell, ladder_deals
from pitchlab.bots.ladder import POSITIONS, Cell, Ladder, Spot, Strength, shipped, strength_of
from pitchlab.bots.simulation import BidChances, bid_chances, setup
from pitchlab.engine.bitset import mask_of
from pitchlab.engine.cards import Card, Suit, parse_cards
from pitchlab.engine.errors import PitchError
from pitchlab.engine.hand import Hand, Phase
from pitchlab.engine.presets import TEN_POINT
from pitchlab.engine.rules import Ruleset
from pitchlab.engine.seats import dealer_of
from pitchlab.engine.tricks import sort_cards
from pitchlab.lessons.classroom import common
from pitchlab.odds.sampling import slots_of
from pitchlab.odds.stats import Estimate, mean_of, paired_difference, z_of
from pitchlab.ui import plots
from pitchlab.ui.classroom import Case, Choice, MultipleChoice, ProgressBar
from pitchlab.ui.markup import Markup, escape, html
from pitchlab.ui.pictures import Picture, hand_picture
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


def worked_expected_value(distribution: Mapping[int, Fraction], bid: int) -> Fraction:
    """Each outcome's score change times its chance, added up."""
    return sum((p * (x if x >= bid else -bid) for x, p in distribution.items()), Fraction(0))


def working() -> Picture:
    """The lesson's working as the page shows it (Voila hides code cells): the lines that ran."""
    return common.working(
        worked_expected_value,
        caption=Markup(
            "The working: the expected score change of a bid, one line, checked against "
            "<code>expected_change</code> for every bid from 4 to 10."
        ),
    )


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
    """The same hand from each seat: the chance of making some bids (with its Wilson 95% interval), and,
    with a ladder, its answer in that seat when the high bid so far is each of ``highs``
    (0: nobody has bid yet; otherwise an opponent's bid)."""
    head = f"{'seat':<8}" + "".join(f"{f'made {b}':>22}" for b in bids)
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
            low, high = c.interval()
            row += f"{f'{c.value:.1%} ({low:.1%}-{high:.1%})':>22}"
        if ladder is not None:
            row += "".join(f"  {_ladder_answer(ladder, s.cards, s.position, h, s.rules):<24}" for h in highs)
        lines.append(row.rstrip())
    hands = sorted({r.hands for r in results})
    lines.append(f"({' or '.join(f'{h:,}' for h in hands)} simulated hands a seat; the Wilson 95% interval)")
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
    """How the ladder sees nine cards: the row and column of the bot's chosen suit, and that suit.

    The chosen suit is the one the bot would name (:func:`pitchlab.bots.trump_only_judgement.best_rating`:
    the most expected points), not always the one with the most trump (lesson 01's best
    suit); :func:`trump_counts` gives every suit's count.
    """
    hand = parse_cards(cards) if isinstance(cards, str) else list(cards)
    rating = trump_only_judgement.best_rating(rules, mask_of(slots_of(hand, rules)))
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


# ----------------------------------------------------- the bot's chosen suit


def trump_counts(cards: str | Sequence[Card], rules: Ruleset = TEN_POINT) -> dict[Suit, int]:
    """The trump each suit would give these cards, jokers and the off-jack included.

    Lesson 01's *best suit* is the suit with the most of them; the ladder files a
    hand under the suit the bot would name instead (:func:`hand_strength`), which
    weighs points as well as length, so the two can differ.
    """
    hand = parse_cards(cards) if isinstance(cards, str) else list(cards)
    mask = mask_of(slots_of(hand, rules))
    return {suit: len(trump_only_judgement.rate(rules, mask, suit).trump) for suit in Suit}


def chosen_shorter_than_longest(
    deals: int, seed: int | str, rules: Ruleset = TEN_POINT
) -> list[tuple[Card, ...]]:
    """The first seat's hands, of ``deals`` seeded deals, whose chosen suit gives 2 or fewer
    trump: the hands the ladder's "2 or fewer" row holds, though each has a longer suit."""
    rng = random.Random(f"short:{seed}")
    found = []
    for k in range(deals):
        hand = Hand.deal(rules, dealer_of(k, rules.players), rng)
        cards = hand.hand_of(hand.actor)
        if hand_strength(cards, rules)[0].trump <= 2:
            found.append(cards)
    return found


# --------------------------------------------------- every answer, same deals


@dataclass(frozen=True)
class CellTrials:
    """One ladder cell replayed hand by hand: every answer's net change on each of the same hands.

    The shipped ladder keeps only each answer's sums, which give a mean and
    its error but not how two answers differ hand by hand; replaying the
    deals it came from gives that back.
    """

    cell: Cell
    deals: int
    """How many of the ladder's deals were replayed (the cell holds only some of them)."""
    seed: int | str
    nets: tuple[Mapping[int, int], ...]
    """Per hand in the cell: each legal answer's net score change."""

    @property
    def hands(self) -> int:
        return len(self.nets)

    def answers(self) -> list[int]:
        """The answers tried on every hand of the cell, passing (0) first."""
        shared = set.intersection(*(set(n) for n in self.nets)) if self.nets else set()
        return sorted(shared)

    def mean(self, answer: int) -> Estimate:
        """One answer's mean net change a hand, alone."""
        return mean_of([n[answer] for n in self.nets], unit="hands")

    def versus(self, answer: int, other: int) -> Estimate:
        """How much ``answer`` beats ``other`` a hand, paired on the same hands."""
        return paired_difference([n[answer] for n in self.nets], [n[other] for n in self.nets], unit="hands")

    def unpaired_half(self, answer: int, other: int) -> float:
        """The 95% half-width the difference would get from the two separate intervals, as if
        the answers had been tried on different hands: sqrt(se1² + se2²) · 1.96."""
        a, b = self.mean(answer), self.mean(other)
        return z_of(0.95) * math.hypot(a.se, b.se)


def replay_cell(cell: Cell, deals: int, seed: int | str = "1", rules: Ruleset = TEN_POINT) -> CellTrials:
    """Replay the first ``deals`` deals a ladder was derived from (same seed, same chunks), and
    in each that reaches ``cell`` try every legal answer there, as the derivation did.

    The same dealing and the same bots as :func:`pitchlab.bots.derive.derive_ladder`, so the
    means are that ladder's for these deals; only the walk stops once the cell's seat has spoken.
    """
    spot, _ = cell
    bot = ladder_bot()
    found: list[dict[int, int]] = []
    for hand in ladder_deals(deals, seed, rules):
        while hand.phase is Phase.BID and hand.position(hand.actor) <= spot.position:
            if ladder_cell(hand) == cell:
                found.append(answer_nets(hand, bot))
            hand.step(bot.code(hand))
    return CellTrials(cell, deals, seed, tuple(found))


def paired_table(trials: CellTrials, against: int) -> str:
    """Every answer against one (the ladder's): the mean difference a hand on the same hands,
    its 95% interval, and the wider interval two separate intervals would suggest."""
    lines = [
        f"{'answer':<7}  {f'minus {_answer_name(against)}, a hand':>21}  {'95% interval (paired)':>22}"
        f"  {'if unpaired':>12}"
    ]
    for answer in trials.answers():
        if answer == against:
            continue
        d = trials.versus(answer, against)
        low, high = d.interval()
        lines.append(
            f"{_answer_name(answer):<7}  {d.value:>+21.2f}  {f'{low:+.2f} to {high:+.2f}':>22}"
            f"  {f'± {trials.unpaired_half(answer, against):.2f}':>12}"
        )
    lines.append(f"({trials.hands:,} hands of this cell, from the ladder's first {trials.deals:,} deals)")
    return "\n".join(lines)


# ----------------------------------------------------------- the bid slider


def change_distribution(distribution: Distribution, bid: int) -> dict[int, Fraction]:
    """The chance of each score change a bid can bring: ``-bid`` when set, the points taken when made."""
    out: dict[int, Fraction] = {}
    for x, p in _checked(distribution).items():
        change = x if x >= bid else -bid
        out[change] = out.get(change, Fraction(0)) + p
    return dict(sorted(out.items()))


def most_likely_change(distribution: Distribution, bid: int) -> tuple[int, Fraction]:
    """The single score change a bid brings most often, and its chance (the larger change on a tie)."""
    changes = change_distribution(distribution, bid)
    best = max(changes, key=lambda c: (changes[c], c))
    return best, changes[best]


def _risk_parts(distribution: Distribution, bid: int) -> tuple[list[int], list[float], list[str], float, str]:
    """What changes with the bid in :func:`risk_figure`: the bars, their colours, the mean, the title."""
    changes = change_distribution(distribution, bid)
    mean = float(expected_change(distribution, bid))
    made = float(chance_to_make(distribution, bid))
    title = (
        f"Bid {bid}: made in {made:.0%} of the hands,<br>expected change {mean:+.2f}"
        "<br><sup>orange: set (you lose the bid)<br>blue: made (you score the points you took)</sup>"
    )
    colours = [plots.ORANGE if c < 0 else plots.BLUE for c in changes]
    return list(changes), [100 * float(p) for p in changes.values()], colours, mean, title


def risk_figure(distribution: Distribution, bid: int) -> go.Figure:
    """Every score change a bid can bring, as bars (orange: set; blue: made), and the expected
    change as a line: what the mean weighs, outcome by outcome."""
    xs, ys, colours, mean, title = _risk_parts(distribution, bid)
    fig = go.Figure(
        go.Bar(
            x=xs,
            y=ys,
            marker={"color": colours},
            hovertemplate="score change %{x:+d}: %{y:.1f}% of the hands<extra></extra>",
        )
    )
    fig.add_shape(
        type="line",
        x0=mean,
        x1=mean,
        y0=0,
        y1=1,
        yref="paper",
        line={"color": plots.GREY, "dash": "dash", "width": 3},
    )
    fig.add_annotation(
        x=mean, y=1, yref="paper", text=f"expected {mean:+.2f}", showarrow=False, yanchor="bottom"
    )
    plots.layout(
        fig, title, "your team's score change (points)", "share of the hands (%)", top=175, height=500
    )
    # the four title lines from the top of the figure down, clear of the "expected" label above the plot
    fig.update_layout(
        showlegend=False, bargap=0.15, title_yref="container", title_y=0.93, title_yanchor="top"
    )
    # ticks as many as the width allows (plotly picks them when it draws): every point is too many on a phone
    fig.update_xaxes(range=[-11.5, 10.5], tickformat="+d")
    return fig


def risk_bundle(base: Mapping[str, Any], distribution: Distribution, bid: int) -> dict[str, Any]:
    """:func:`risk_figure` for ``bid`` as a MIME bundle, made by changing only what the bid changes
    in ``base`` (another bid's bundle): plotly builds a styled figure in a tenth of a second or more,
    this in a millisecond, so the slider redraws at once. Equal to ``plots.mimebundle(risk_figure(...))``."""
    xs, ys, colours, mean, title = _risk_parts(distribution, bid)
    spec = base["application/vnd.plotly.v1+json"]
    trace = spec["data"][0]
    layout = spec["layout"]
    new_layout = {
        **layout,
        "title": {**layout["title"], "text": title},
        "shapes": [{**layout["shapes"][0], "x0": mean, "x1": mean}],
        "annotations": [{**layout["annotations"][0], "x": mean, "text": f"expected {mean:+.2f}"}],
    }
    new_spec = {
        **spec,
        "data": [{**trace, "x": xs, "y": ys, "marker": {**trace["marker"], "color": colours}}],
        "layout": new_layout,
    }
    return {
        "application/vnd.plotly.v1+json": plots.with_description(new_spec),
        "text/plain": f"<figure: {title}>",
    }


class BidRisk(View):
    """A slider over the bid, and what it does to the score change of one hand: the set bar grows and
    moves left, the made bars vanish from the left, and the expected change slides with them.

    CSS classes: ``pl-bid-risk``, ``pl-slider`` (the slider), ``pl-risk-words``, ``pl-plot``.
    """

    def __init__(self, distribution: Distribution, bid: int = 4, rules: Ruleset = TEN_POINT) -> None:
        self.distribution = _checked(distribution)
        self.bid = bid
        self.base = plots.mimebundle(risk_figure(self.distribution, bid))
        self.slider = classed(
            w.IntSlider(
                value=bid,
                min=rules.min_bid,
                max=rules.max_bid,
                description="Your bid",
                continuous_update=False,
                readout=True,
                style={"description_width": "70px"},
                layout=w.Layout(width="360px", max_width="100%"),
            ),
            "pl-slider",
        )
        self.words = classed(w.HTML(), "pl-risk-words")
        self.plot = classed(w.Output(), "pl-plot")
        self.widget = classed(
            w.VBox([w.HTML(CSS + PAGE_CSS), self.slider, self.words, self.plot]), "pl-lesson", "pl-bid-risk"
        )
        self.slider.observe(lambda change: self.draw(int(change["new"])), names="value")
        self.draw(bid)

    def redraw_cases(self) -> Iterator[tuple[str, Callable[[], object]]]:
        """One slider move to each bid, for the kit's redraw benchmark: :meth:`draw` is what
        the slider's observer calls."""
        for bid in range(self.slider.min, self.slider.max + 1):
            yield f"bid {bid}", functools.partial(self.draw, bid)

    def draw(self, bid: int) -> None:
        """Redraw for ``bid``: the words and the figure (the slider calls it; so may a test)."""
        d = self.distribution
        self.bid = bid
        self.bundle = risk_bundle(self.base, d, bid)
        self.plot.outputs = ({"output_type": "display_data", "data": self.bundle, "metadata": {}},)
        likely, chance = most_likely_change(d, bid)
        made = chance_to_make(d, bid)
        self.words.value = (
            f"Bid <b>{bid}</b>: made in {float(made):.1%} of the hands, set in {float(1 - made):.1%} "
            f"(each set costs {bid}). Expected change <b>{float(expected_change(d, bid)):+.2f}</b> a hand; "
            f"the most likely single change is {likely:+d} ({float(chance):.1%} of the hands)."
        )


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
        self.plot.outputs = plots.outputs_of(self.figure)
        self.refresh()

    def refresh(self) -> None:
        self.message_box.value = escape(self.message)
        self.message_box.layout.display = None if self.message else "none"
        result = self.result
        if result is None:
            return
        self.picture.value = hand_picture(result.setup.cards, width=70, overlap=0.72)._repr_html_()
        self.summary.value = self.summary_html(result)
        self.table.value = html("<pre>{}</pre>", result.table())

    def summary_html(self, result: BidChances) -> str:
        s = result.setup
        lowest, top = result.bids()[0], result.top_bid()
        strength, suit = hand_strength(s.cards, s.rules)
        lines = [
            html(
                "Showing <b>{cards}</b> with <b>{symbol} {suit}</b> as trump from the <b>{position}</b> seat "
                "({hands:,} simulated hands, seed {seed}).",
                cards=" ".join(c.label for c in sort_cards(s.cards)),
                symbol=s.trump.symbol,
                suit=s.trump.name.lower(),
                position=POSITIONS[s.position],
                hands=result.hands,
                seed=result.seed,
            ),
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
            f"The ladder files this hand under <b>{strength}</b> (in the bot's chosen suit, {suit.symbol}). "
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


# ------------------------------------------------------------ check yourself

EXAMPLE: Distribution = {
    3: Fraction(1, 10),
    4: Fraction(1, 5),
    5: Fraction(3, 10),
    6: Fraction(1, 4),
    8: Fraction(3, 20),
}
"""Section 1's made-up chances of the points the bidding team takes."""

TOP_BID_CASES: tuple[Case, ...] = (
    Case((EXAMPLE,), 5, "section 1's made-up chances (+2.7 at a bid of 5, -0.9 at 6)"),
    Case(
        ({3: Fraction(1, 4), 5: Fraction(1, 2), 7: Fraction(1, 4)},),
        5,
        "exercise 1's chances (+3 at 5, -11/4 at 6)",
    ),
    Case(({10: Fraction(1)},), 10, "a hand that always takes all ten points"),
    Case(({0: Fraction(1)},), None, "a hand that never takes a point: no bid gains"),
    Case(
        ({0: Fraction(1, 2), 4: Fraction(1, 2)},),
        None,
        "a bid of 4 that only breaks even (4 x 1/2 - 4 x 1/2 = 0): zero is no gain",
    ),
)
"""The code exercise's checks of ``top_bid(distribution)``: the highest bid from 4 to 10 whose
expected change is above zero, or None. Each expected bid is worked by hand in its words."""


def misconception_question(
    distribution: Distribution, bid: int, number: int = 0, rules: Ruleset = TEN_POINT
) -> MultipleChoice:
    """Expected value against the most likely result: what a positive expected change promises
    when the likeliest single result of the bid is a set. Every number comes from ``distribution``;
    ``number`` heads the prompt as the exercise's number."""
    mean = float(expected_change(distribution, bid))
    made = float(chance_to_make(distribution, bid))
    likely, chance = most_likely_change(distribution, bid)
    lowest = float(expected_change(distribution, rules.min_bid))
    prompt = (f"<b>{number}.</b> " if number else "") + (
        f"On this hand a bid of {bid} expects <b>{mean:+.2f}</b> points a hand, yet its most likely single "
        f"result is <b>{likely:+d}</b> (in {float(chance):.0%} of the hands). What does the {mean:+.2f} tell you?"
    )
    return MultipleChoice(
        prompt,
        [
            Choice(
                f"Bidding {bid} will most likely gain you about {mean:.0f} points this hand.",
                right=False,
                why=f"An average need not be a result that can happen, let alone the likeliest: a hand either "
                f"loses {bid} or scores {bid} or more, and the likeliest single result here is {likely:+d}.",
            ),
            Choice(
                f"Since its most likely result is a loss, bidding {bid} loses points on average.",
                right=False,
                why="The most likely result looks at one bar; the average weighs every bar by its chance and "
                f"its size. The made results are spread over several scores, each rarer than the set, but "
                f"together they come in {made:.0%} of the hands and pay more than the sets cost.",
            ),
            Choice(
                f"Over many hands like this one, bidding {bid} gains about {mean:.2f} points a hand on average.",
                right=True,
                why=f"The expected change is a long-run average: sets costing {bid} in {1 - made:.0%} of the "
                f"hands, made bids scoring {bid} or more in the other {made:.0%}, weighed by their chances, "
                f"come to {mean:+.2f} a hand.",
            ),
            Choice(
                f"Its expected change is above zero, so {bid} is the best bid for this hand.",
                right=False,
                why=f"Once you hold the bid a lower bid never expects less (section 2): a bid of {rules.min_bid} "
                f"expects {lowest:+.2f} here. Above zero only says the bid gains on average; which bid to make "
                "is the ladder's question, against the other players' bids.",
            ),
        ],
    )


REDRAWS: tuple[Callable[[], BidRisk], ...] = (lambda: BidRisk(EXAMPLE),)
"""The page's slider views, for the kit's redraw benchmark (``benchmarks/sliders.py``)."""


__all__ = [
    "EXAMPLE",
    "REDRAWS",
    "SEAT_NAMES",
    "TOP_BID_CASES",
    "BidExplorer",
    "BidRisk",
    "CellTrials",
    "Distribution",
    "answers_figure",
    "answers_table",
    "chance_to_make",
    "change_distribution",
    "chosen_shorter_than_longest",
    "distribution_of",
    "exact_table",
    "expected_change",
    "hand_cell",
    "hand_strength",
    "misconception_question",
    "most_likely_change",
    "paired_table",
    "replay_cell",
    "risk_bundle",
    "risk_figure",
    "seat_table",
    "side_by_side",
    "step_cost",
    "trump_counts",
    "worked_expected_value",
    "working",
]
