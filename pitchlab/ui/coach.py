"""The app's coach: a hint at every decision you take, and after each hand a look back at every card.

A view over a :class:`~pitchlab.ui.session.Table` (ipywidgets). The hint is the
advice of :mod:`pitchlab.bots.advice` from your own seat (the bot sees only what
you see): at a bid, a throw-in, naming trump, a discard, a bury, a partner
call or a card, it shows what to do and the bot's reason in its own words.
The strong bot answers where it can search the ruleset, the rule-based bot
elsewhere. The analysis, drawn from :mod:`pitchlab.bots.analysis`, shows for
each card played how many points it lost *by what its player could see* then
(a card that was right on what you knew, and unlucky on where the cards lay,
loses nothing), and second, labelled, the same with every card known
(hindsight), as a short table and a plot. Stable CSS classes: ``pl-hint``,
``pl-hint-text`` (with ``pl-hint-action`` and ``pl-hint-why`` inside),
``pl-analysis``, ``pl-analysis-table``, ``pl-analysis-plot``.

The review rests on the perfect-play solver and on the inference of the unseen
trump, made for ten-point's shape of game (trump-only play between two fixed
partnerships, ...). Whether it works is decided from the ruleset's parameters
(:func:`reviewed`); where it does not, the review is left out and a sentence
says why (:func:`not_reviewed`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import ipywidgets as w

from pitchlab.bots import analysis, bid_review
from pitchlab.bots.advice import Advice, advise
from pitchlab.bots.principles import SEPARATOR
from pitchlab.bots.solver import solve, supports
from pitchlab.bots.strong import solvable, unsolvable_reason
from pitchlab.engine.cards import Suit
from pitchlab.engine.errors import PitchError
from pitchlab.engine.hand import Hand, Phase
from pitchlab.engine.rules import Ruleset
from pitchlab.ui.guide import TUTORIAL
from pitchlab.ui.markup import Markup, escape, html, join
from pitchlab.ui.session import Table, imperative
from pitchlab.ui.widgets import View, classed, readable


def reviewed(rules: Ruleset) -> bool:
    """Whether the card-by-card review works under ``rules``: the solver can search its hands and
    the inference can list the layouts a seat cannot rule out."""
    return supports(rules) and solvable(rules)


def not_reviewed(rules: Ruleset) -> str:
    """The sentence shown instead of the review where it does not work."""
    why = unsolvable_reason(rules)
    if why is None and rules.awards:
        why = "the solver does not count High, Low and Game"
    return (
        f"No card-by-card review in {rules.name}: it needs the perfect-play solver and the count of "
        "where the unseen cards can be, "
        f"both made for ten-point's kind of game ({why or 'it does not cover this ruleset'})."
    )


def advice_html(advice: Advice, rules: Ruleset, whose: str, tutorial: str = TUTORIAL) -> Markup:
    """Advice as the page shows it: the principle it applies (linked to the tutorial section
    that teaches it), what to do, then the bot's reason in its own words.

    ``whose`` names the cards the bot saw ("your", "seat 2's"): the reason rests on
    those alone, and the learner should know it.
    """
    principle = advice.decision.principle
    head = (
        html(
            '<span class="pl-hint-principle"><a href="{link}" target="_blank" rel="noopener">{name}</a>'
            "{separator}</span>",
            link=tutorial + principle.link,
            name=principle.name,
            separator=SEPARATOR,
        )
        if principle is not None
        else ""
    )
    # cards named in words for a screen reader (readable)
    return html(
        '{head}<span class="pl-hint-action">{action}.</span> '
        '<span class="pl-hint-why">Why ({bot}, from {whose} cards alone): {why}.</span>',
        head=head,
        action=readable(imperative(advice.action, rules)),
        bot=readable(advice.bot),
        whose=readable(whose),
        why=readable(advice.decision.because.rstrip(". ")),
    )


class Coach(View):
    """The hint button and the post-hand analysis for the learner at ``table``."""

    def __init__(self, table: Table) -> None:
        self.table = table
        self.hint_button = classed(
            w.Button(
                description="Hint: what would a bot do?",
                icon="lightbulb-o",
                tooltip="the strongest quick bot's choice in your seat, and its reason",
                layout=w.Layout(width="auto"),
            ),
            "pl-hint",
        )
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
        self.choices: list[bid_review.ChoiceReview] = []
        """The learner's bids and trump choice in the hand just reviewed, judged by what they knew."""
        self.on_review: list[Callable[[Hand], None]] = []
        """Called with each finished hand once its review is drawn (a class's pooled review listens)."""
        self.refresh()

    @property
    def human(self) -> int:
        return self.table.human if self.table.human is not None else 0

    def your_play(self) -> bool:
        hand = self.table.hand
        return hand.phase is Phase.PLAY and hand.to_act == self.human

    def _position(self) -> tuple[int, int]:
        """The position a hint belongs to: this hand, after this many logged events."""
        return (id(self.table.hand), len(self.table.log))

    def ask_hint(self) -> None:
        """Show the advice for the learner's decision now, or say why there is none."""
        try:
            advice = self.table.hint()
        except PitchError as exc:
            self.hint_text.value = escape(str(exc))
            return
        self.hint_text.value = html("<b>Hint:</b> {}", advice_html(advice, self.table.rules, "your"))
        self._hinted = self._position()

    def reset(self) -> None:
        """Forget the last hint and review (a new game, perhaps under other rules)."""
        self._hinted = self._analysed = None
        self.reviews = []
        self.choices = []
        self.hint_text.value = ""

    def refresh(self) -> None:
        hand = self.table.hand
        self.hint_button.disabled = not self.table.human_to_act
        if self._hinted is not None and self._hinted != self._position():
            self.hint_text.value = ""  # the position moved on
            self._hinted = None
        if not hand.is_over:
            self.analysis.layout.display = "none"
            return
        self.analysis.layout.display = None
        if self._analysed is hand:
            return
        self._analysed = hand
        self.reviews = []
        self.choices = []
        if not reviewed(hand.rules):
            self.summary.value = html("<div>{}</div>", not_reviewed(hand.rules))
            self.rows.value = ""
            self.plot.outputs = ()
            return
        try:
            self.reviews = analysis.review(hand)
            self.choices = bid_review.review_choices(hand, [self.human], self.table.bidding)
        except PitchError as exc:
            self.summary.value = html("<div>No review for this hand: {}</div>", exc)
            self.rows.value = ""
            self.plot.outputs = ()
            return
        self._draw()
        for listener in list(self.on_review):
            listener(hand)

    def _draw(self) -> None:
        table, reviews = self.table, self.reviews
        self.summary.value = summary_html(
            reviews, self.human, table.name, table.hand.rules.players
        ) + choices_html(self.choices)
        draw_review(reviews, table.name, self.rows, self.plot)


def _points(value: float, exact: bool = True) -> str:
    """Points in words: "1 point", "about 1.7 points" (about where layouts were sampled)."""
    text = analysis.points_text(value)
    return f"{'' if exact or not value else 'about '}{text} point{'' if text == '1' else 's'}"


def summary_html(
    reviews: Sequence[analysis.Review], you: int, name: Callable[[int], str], players: int
) -> Markup:
    """The coach's two sentences about a hand: first what your cards cost judged on what you could
    see when you played them, then, labelled, what they gave away with every card known."""
    mine = analysis.seat_summary(list(reviews), you, players)
    exact = all(r.exact for r in reviews if r.seat == you)
    lost = analysis.lost_by_seat(list(reviews), players)
    others = ", ".join(f"{name(s)} {analysis.points_text(lost[s])}" for s in range(players) if s != you)
    return html(
        "<div>Judged on what you could see when you played, <b>your cards cost your team "
        "{lost}</b> ({best} of your {decisions} cards {verb} the best "
        "choice you had). The same for the others: {others}.</div>"
        "<div>With every card known (hindsight), you gave away {given_away}. "
        "Any difference between the two is the luck of where the hidden cards lay.</div>",
        lost=_points(mine.lost, exact),
        best=mine.best,
        decisions=mine.decisions,
        verb="was" if mine.best == 1 else "were",
        others=others,
        given_away=_points(mine.given_away),
    )


def _answer_words(kind: str, answer: str) -> str:
    """An answer as a learner says it: "passing", "bidding 7", "naming ♠"."""
    if kind == "trump":
        return f"naming {Suit.parse(answer).symbol}"
    return "passing" if answer == "pass" else f"bidding {answer}"


def choice_words(choice: bid_review.ChoiceReview, who: str = "you") -> str:
    """One bid or trump choice, judged on what its seat could see, in a sentence.

    ``who`` is the seat as the page names it: "you" (the coach, to the learner) or "seat 2"
    (the explorer, which reviews every seat); the sentence then speaks of that seat and
    its team instead of "you" and "your"."""
    what = _answer_words(choice.kind, choice.chosen)
    you = who == "you"
    head = what.capitalize() if you else f"{who.capitalize()}: {what}"
    basis = f"({choice.deals} deals of the cards {who} could not see, each played out by the bots)"
    if not choice.lost:
        text = f"{head} was among the best choices on what {who} could see {basis}."
    else:
        top = max(choice.points, key=lambda a: choice.points[a])
        low, high = choice.lost_interval
        text = (
            f"{head} cost about {analysis.points_text(choice.lost)} points a hand on what {who} could see:"
            f" {_answer_words(choice.kind, top)} was worth more on average (95% interval"
            f" {analysis.points_text(low)} to {analysis.points_text(high)} points) {basis}."
        )
    if choice.win is not None and choice.lost_win:
        whose = "your" if you else "its team's"
        text += f" It also lowered {whose} chance of winning the game by about {choice.lost_win:.0f} percentage points."
    return text


def choices_html(
    choices: Sequence[bid_review.ChoiceReview], name: Callable[[int], str] | None = None
) -> Markup:
    """Bids and trump choices, a sentence each (nothing when there were none): the learner's own
    (``name`` left out), or every seat's, each named by ``name``."""
    return join(
        html(
            "<div class='pl-choice-review'>{}</div>", choice_words(c, "you" if name is None else name(c.seat))
        )
        for c in choices
    )


def draw_review(
    reviews: Sequence[analysis.Review], name: Callable[[int], str], rows: w.HTML, plot: w.Output
) -> None:
    """The review's table (the cards that lost points) and its plot, into two widgets."""
    from pitchlab.ui import plots

    rows.value = _table_html(reviews, name)
    fig = plots.review_figure([(r.number, name(r.seat), round(r.lost, 2), r.played.label) for r in reviews])
    plot.outputs = plots.outputs_of(fig)


class PlayPanel(View):
    """A hand record, for the explorer: what a bot would do at the decision where it stops (any
    phase), the best play with every hand known once it reaches the play, and a review of what was
    done so far: every bid and the trump choice judged on what its seat could see, then every card
    played, first by what its player could see, second with every card known (hindsight). Seats
    are named ``seat 0`` ... ``seat 3``. ``deals`` is how many deals of the unseen cards each bid
    or trump choice is played out on (:data:`pitchlab.bots.bid_review.DEALS`)."""

    def __init__(self, deals: int = bid_review.DEALS) -> None:
        self.deals = deals
        self.text = classed(w.HTML(), "pl-play-advice")
        self.rows = classed(w.HTML(), "pl-analysis-table")
        self.plot = classed(w.Output(), "pl-analysis-plot")
        self.widget = classed(w.VBox([self.text, self.rows, self.plot]), "pl-analysis")
        self.reviews: list[analysis.Review] = []
        self.choices: list[bid_review.ChoiceReview] = []
        """The record's bids and trump choice (forced ones left out), judged by what each seat knew."""
        self.show(None)

    def show(self, hand: Hand | None) -> None:
        """Redraw for a loaded record (``None``: nothing loaded)."""
        parts = []
        played = hand is not None and bool(hand.play_slots)
        ours = hand is not None and reviewed(hand.rules)
        self.reviews = analysis.review(hand) if hand is not None and played and ours else []
        self.choices = bid_review.review_choices(hand, deals=self.deals) if hand is not None and ours else []
        if hand is None:
            parts.append(
                "Load a hand record to see what a bot would do where it stops, a review of its bids "
                "and trump choice, and, once it reaches the play, its best play and a review of its cards."
            )
        elif hand.to_act is not None:
            parts.append(self._advice(hand, hand.to_act))
        if hand is not None and played and not ours:
            parts.append(escape(not_reviewed(hand.rules)))
        if self.choices:
            parts.append(
                html(
                    "<b>Bids and trump, judged on what each player could see then:</b>{}",
                    choices_html(self.choices, _seat_word),
                )
            )
        if self.reviews and hand is not None:
            players = hand.rules.players
            lost = analysis.lost_by_seat(self.reviews, players)
            hindsight = analysis.lost_by_seat_hindsight(self.reviews, players)
            parts.append(
                "<b>Cards:</b> judged on what each player could see, the cards played so far lost: "
                + ", ".join(f"seat {s} {analysis.points_text(n)}" for s, n in enumerate(lost))
                + ". With every card known (hindsight) they gave away: "
                + ", ".join(f"seat {s} {n}" for s, n in enumerate(hindsight))
                + "."
            )
            draw_review(self.reviews, _seat_word, self.rows, self.plot)
        else:
            self.rows.value = ""
            self.plot.outputs = ()
        self.text.value = "".join(f"<div>{p}</div>" for p in parts)

    @staticmethod
    def _advice(hand: Hand, seat: int) -> Markup:
        """The decision pending in ``hand``: with every hand known (play only), then from the seat's view."""
        head = html("<b>Seat {} to {}.</b> ", seat, str(hand.phase))
        if hand.phase is Phase.PLAY and supports(hand.rules):
            perfect = solve(hand)
            team = hand.rules.teams[seat]
            deck = hand.rules.deck
            values = ", ".join(
                f"{deck[s].label} {v[team]}"
                for s, v in sorted(perfect.values.items(), key=lambda i: -i[1][team])
            )
            head += html("With every hand known, its team's final points after each card: {}. ", values)
        try:
            advice = advise(hand, seed=len(hand.play_slots))
        except PitchError as exc:
            return head + html("No advice for this position: {}", exc)
        said = advice_html(advice, hand.rules, f"seat {seat}'s")
        return head + html("Seeing only its own cards, {} would say: {}", advice.bot, said)


def _seat_word(seat: int) -> str:
    """A seat as the explorer names it."""
    return f"seat {seat}"


def _table_html(reviews: Sequence[analysis.Review], name: Callable[[int], str]) -> Markup:
    """The cards that lost points by what their player knew or with hindsight (or, if none did,
    a line saying so): the first measure first, hindsight in the last column."""
    costly = [r for r in reviews if r.lost or r.lost_hindsight]
    if not costly:
        return Markup("<div>Every card played was the best choice, even with every card known.</div>")
    rows = join(
        html(
            "<tr><td>{trick}</td><td>{who}</td><td>{played}</td><td>{best}</td>"
            "<td><b>{about}{lost}</b></td><td>{hindsight}</td></tr>",
            trick=r.trick,
            who=name(r.seat),
            played=r.played.label,
            best=" ".join(c.label for c in r.best),
            about="" if r.exact or not r.lost else "about ",
            lost=analysis.points_text(r.lost),
            hindsight=r.lost_hindsight,
        )
        for r in costly
    )
    return html(
        '<table class="pl-review"><tr><th>trick</th><th>who</th><th>played</th>'
        "<th>best on what they could see</th><th>points lost</th>"
        "<th>with every card known (hindsight)</th></tr>{}</table>",
        rows,
    )
