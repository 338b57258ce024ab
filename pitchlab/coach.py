"""The app's coach: a hint on your turn to play, and after each hand a look back at every card.

A view over a :class:`~pitchlab.session.Table` (ipywidgets), drawn from
:mod:`pitchlab.analysis`: the hint is the strong bot's advice from your own
seat (it sees only what you see); the analysis knows every card and shows,
for each card played, how many points it gave away against perfect play, as a
short table and a plot. Stable CSS classes: ``pl-hint``, ``pl-hint-text``,
``pl-analysis``, ``pl-analysis-table``, ``pl-analysis-plot``.

Both rest on the perfect-play solver, made for ten-point's shape of game
(trump-only play between two fixed partnerships, ...). Whether each works
is decided from the ruleset's parameters (:func:`hinted`, :func:`reviewed`,
which ask the solver and the strong bot); where one does not, the hint
button is hidden or the review is left out, and a sentence says why.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from html import escape

import ipywidgets as w

from pitchlab import analysis
from pitchlab.errors import PitchError
from pitchlab.hand import Hand, Phase
from pitchlab.rules import Ruleset
from pitchlab.session import Table
from pitchlab.solver import solve, supports
from pitchlab.strong import solvable, unsolvable_reason
from pitchlab.widgets import View, classed

HINT_SAMPLES = 20


def hinted(rules: Ruleset) -> bool:
    """Whether the hint works under ``rules``: the strong bot's sampler and solver model it."""
    return solvable(rules)


def reviewed(rules: Ruleset) -> bool:
    """Whether the card-by-card review works under ``rules``: the solver can search its hands."""
    return supports(rules)


def not_coached(rules: Ruleset) -> str:
    """The sentence shown instead of the hint or the review where they do not work."""
    why = unsolvable_reason(rules)
    if why is None and rules.awards:
        why = "the solver does not count High, Low and Game"
    return (
        f"No hints or card-by-card review in {rules.name}: they need the perfect-play solver, "
        f"which is made for ten-point's kind of game ({why or 'it does not cover this ruleset'})."
    )


class Coach(View):
    """The hint button and the post-hand analysis for the learner at ``table``."""

    def __init__(self, table: Table) -> None:
        self.table = table
        self.hint_button = classed(w.Button(description="Hint: which card?", icon="lightbulb-o"), "pl-hint")
        self.hint_button.on_click(lambda _b: self.ask_hint())
        self.hint_text = classed(w.HTML(), "pl-hint-text")
        self.summary = w.HTML()
        self.rows = classed(w.HTML(), "pl-analysis-table")
        self.plot = classed(w.Output(), "pl-analysis-plot")
        self.analysis = classed(
            w.VBox([w.HTML("<h3>How the hand was played</h3>"), self.summary, self.rows, self.plot]),
            "pl-analysis",
        )
        self.hint = w.VBox([w.HBox([self.hint_button]), self.hint_text])
        """The hint's part of the page; :attr:`analysis` is the other, shown once the hand is over."""
        self.widget = w.VBox([self.hint, self.analysis])
        self._hinted: tuple[int, int] | None = None
        self._analysed: Hand | None = None
        self.reviews: list[analysis.Review] = []
        self.refresh()

    @property
    def human(self) -> int:
        return self.table.human if self.table.human is not None else 0

    def your_play(self) -> bool:
        hand = self.table.hand
        return hand.phase is Phase.PLAY and hand.to_act == self.human

    def ask_hint(self) -> None:
        """Show the strong bot's advice, or say why there is none now."""
        hand = self.table.hand
        if not self.your_play():
            self.hint_text.value = "Hints are for your turn to play a card."
            return
        if not hinted(hand.rules):
            self.hint_text.value = escape(not_coached(hand.rules))
            return
        try:
            advice = analysis.hint(hand, self.human, HINT_SAMPLES, seed=len(hand.plays))
        except PitchError as exc:
            self.hint_text.value = escape(f"No hint for this position: {exc}")
            return
        self.hint_text.value = f"<b>Hint:</b> {escape(advice.text())}"
        self._hinted = (id(hand), len(hand.plays))

    def reset(self) -> None:
        """Forget the last hint and review (a new game, perhaps under other rules)."""
        self._hinted = self._analysed = None
        self.reviews = []
        self.hint_text.value = ""

    def refresh(self) -> None:
        hand = self.table.hand
        able = hinted(hand.rules)
        self.hint_button.disabled = not self.your_play()
        self.hint_button.layout.display = None if able else "none"
        if not able:  # said once: under the hint while the hand is played, in the review after it
            self.hint_text.value = "" if hand.is_over else escape(not_coached(hand.rules))
        elif self._hinted is not None and self._hinted != (id(hand), len(hand.plays)):
            self.hint_text.value = ""  # the position moved on
            self._hinted = None
        elif self._hinted is None and self.hint_text.value.startswith("Hints and the"):
            self.hint_text.value = ""
        if not hand.is_over:
            self.analysis.layout.display = "none"
            return
        self.analysis.layout.display = None
        if self._analysed is hand:
            return
        self._analysed = hand
        self.reviews = []
        if not reviewed(hand.rules):
            self.summary.value = f"<div>{escape(not_coached(hand.rules))}</div>"
            self.rows.value = ""
            self.plot.outputs = ()
            return
        try:
            self.reviews = analysis.review(hand)
        except PitchError as exc:
            self.summary.value = f"<div>{escape(f'No review for this hand: {exc}')}</div>"
            self.rows.value = ""
            self.plot.outputs = ()
            return
        self._draw()

    def _draw(self) -> None:
        table, reviews = self.table, self.reviews
        players = table.hand.rules.players
        lost = analysis.lost_by_seat(reviews, players)
        you = self.human
        perfect = sum(1 for r in reviews if r.seat == you and not r.lost)
        yours = sum(1 for r in reviews if r.seat == you)
        self.summary.value = (
            f"<div>Against perfect play with every card known, <b>you gave away {lost[you]} "
            f"point{'' if lost[you] == 1 else 's'}</b> ({perfect} of your {yours} cards were as good as the best); "
            + ", ".join(f"{escape(table.name(s))} {lost[s]}" for s in range(players) if s != you)
            + ".</div>"
        )
        draw_review(reviews, table.name, self.rows, self.plot)


def draw_review(
    reviews: Sequence[analysis.Review], name: Callable[[int], str], rows: w.HTML, plot: w.Output
) -> None:
    """The review's table (the cards that lost points) and its plot, into two widgets."""
    from pitchlab import plots

    rows.value = _table_html(reviews, name)
    fig = plots.review_figure([(r.number, name(r.seat), r.lost, r.played.label) for r in reviews])
    plot.outputs = ({"output_type": "display_data", "data": plots.mimebundle(fig), "metadata": {}},)


class PlayPanel(View):
    """A hand record's play, for the explorer: the best play from where it stops, and every card
    already played against perfect play. Seats are named ``seat 0`` ... ``seat 3``."""

    def __init__(self) -> None:
        self.text = classed(w.HTML(), "pl-play-advice")
        self.rows = classed(w.HTML(), "pl-analysis-table")
        self.plot = classed(w.Output(), "pl-analysis-plot")
        self.widget = classed(w.VBox([self.text, self.rows, self.plot]), "pl-analysis")
        self.reviews: list[analysis.Review] = []
        self.show(None)

    def show(self, hand: Hand | None) -> None:
        """Redraw for a loaded record (``None``: nothing loaded)."""
        self.reviews = analysis.review(hand) if hand is not None and hand.plays else []
        parts = []
        if hand is None or hand.phase in (Phase.BID, Phase.NAME_TRUMP, Phase.BURY):
            parts.append(
                "Load a hand record that reaches the play to see its best play and a review of its cards."
            )
        elif hand.phase is Phase.PLAY:
            seat = hand.to_act
            assert seat is not None
            perfect = solve(hand)
            team = hand.rules.teams[seat]
            deck = hand.rules.deck
            values = ", ".join(
                f"{deck[s].label} {v[team]}"
                for s, v in sorted(perfect.values.items(), key=lambda i: -i[1][team])
            )
            advice = analysis.hint(hand, seat, HINT_SAMPLES)
            parts.append(
                f"<b>Seat {seat} to play.</b> With every hand known, its team's final points after each card: "
                f"{escape(values)}. Seeing only its own cards, the strong bot would say: {escape(advice.text())}"
            )
        if self.reviews:
            lost = analysis.lost_by_seat(self.reviews, hand.rules.players if hand else 4)
            parts.append(
                "The cards played so far, against perfect play, gave away: "
                + ", ".join(f"seat {s} {n}" for s, n in enumerate(lost))
                + "."
            )
            draw_review(self.reviews, lambda seat: f"seat {seat}", self.rows, self.plot)
        else:
            self.rows.value = ""
            self.plot.outputs = ()
        self.text.value = "".join(f"<div>{p}</div>" for p in parts)


def _table_html(reviews: Sequence[analysis.Review], name: Callable[[int], str]) -> str:
    """The cards that lost points (or, if none did, a line saying so)."""
    costly = [r for r in reviews if r.lost]
    if not costly:
        return "<div>Every card played was as good as perfect play.</div>"
    rows = "".join(
        f"<tr><td>{r.trick}</td><td>{escape(name(r.seat))}</td><td>{escape(r.played.label)}</td>"
        f"<td>{escape(' '.join(c.label for c in r.best))}</td><td><b>{r.lost}</b></td></tr>"
        for r in costly
    )
    return (
        '<table class="pl-review"><tr><th>trick</th><th>who</th><th>played</th>'
        "<th>best was</th><th>points lost</th></tr>" + rows + "</table>"
    )
