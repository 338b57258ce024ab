"""The class experiments as a student meets them: a panel in a lesson, a few clicks each.

Each panel shows the student's own result first, whether or not they are in a class,
then sends it to the class they joined (:class:`~pitchlab.ui.class_join.ClassJoin`):

- :class:`TrumpCountPanel` (lesson 01): **Deal my 20 hands** draws the student's small
  histogram against the exact chances; **Send to class** adds the counts to the pool.
- :class:`MonteCarloPanel` (lesson 05): **Run my 100 deals** gives one estimate of
  P(4+ trump) and its 95% interval; **Send to class** makes it one replicate of many.
- :class:`PollPanel`: a prediction, picked and locked in *before* the page shows the answer.
- :class:`ReviewShare` (the app): an opt-in box; after each reviewed hand, the review's
  numbers go to the class, one row per hand.

What is sent is computed here, in the kernel, from the student's seed
(:mod:`pitchlab.classes.experiments`): a click asks for a result, and no number the
page holds is ever read back into a row. A second click (or a retry after a lost
answer) stores nothing new and says the result is already in. Stable CSS classes:
``pl-class-panel``, ``pl-class-deal``, ``pl-class-run``, ``pl-class-send``,
``pl-class-result``, ``pl-class-sent``, ``pl-class-poll``, ``pl-class-predict``,
``pl-class-answer``, ``pl-class-share``.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

import ipywidgets as w

from pitchlab.bots import analysis, bid_review
from pitchlab.classes import experiments
from pitchlab.classes.payloads import DEALS, HANDS, MONTE_CARLO, REVIEW, TRUMP_COUNT, Poll
from pitchlab.engine.errors import PitchError
from pitchlab.engine.hand import Hand
from pitchlab.odds.probability import percent
from pitchlab.ui.class_join import ClassJoin, line
from pitchlab.ui.markup import Markup, html
from pitchlab.ui.widgets import View, classed

if TYPE_CHECKING:
    from pitchlab.classes.store import Member


def _fresh_seed() -> int:
    """A seed for a student not in a class: their hands are theirs alone, and new on each page."""
    return secrets.randbits(63)


class _Panel(View):
    """What every panel shares: the joining panel (shown here or elsewhere on the page), a line
    saying what was sent, and sending itself."""

    def __init__(self, join: ClassJoin, experiment: str, show_join: bool) -> None:
        self.join = join
        self.experiment = experiment
        self.sent = classed(w.HTML(), "pl-class-sent")
        self.parts: list[w.Widget] = [join.widget] if show_join else []
        join.listeners.append(self._on_member)

    @property
    def member(self) -> Member | None:
        return self.join.member

    def _on_member(self) -> None:
        """A student joined or left: say whether their result is already in this class."""
        member = self.member
        if member is None:
            self.sent.value = ""
            return
        try:
            already = bool(self.join.store.own(member, self.experiment))
        except PitchError as exc:
            self.sent.value = f"{line(exc)}."
            return
        self.sent.value = html("Already sent to class {}.", member.code) if already else ""

    def send(
        self, payload: Callable[[Member], Mapping[str, Any]], slot: str = "", what: str = "Your result"
    ) -> bool | None:
        """Store ``payload(member)`` (computed now, in the kernel) for the joined student: ``True``
        stored, ``False`` already in, ``None`` refused (one line says why; nothing changed)."""
        member = self.member
        if member is None:
            self.sent.value = "Join a class above to send this to it."
            return None
        try:
            stored = self.join.store.submit(member, self.experiment, payload(member), slot)
        except PitchError as exc:
            self.sent.value = f"Not sent: {line(exc)}."
            return None
        self.sent.value = (
            html("Sent to class {}.", member.code)
            if stored
            else html("{}: already in class {}, counted once.", what, member.code)
        )
        return stored


class TrumpCountPanel(_Panel):
    """Lesson 01's experiment: deal your own :data:`HANDS` hands, see them against the exact
    chances, and send the counts to the class's pool."""

    def __init__(self, join: ClassJoin, *, show_join: bool = True) -> None:
        super().__init__(join, TRUMP_COUNT, show_join)
        self.counts: list[int] | None = None
        self._dealt_for: Member | None = None
        self.deal_button = classed(
            w.Button(
                description=f"Deal my {HANDS} hands", button_style="primary", layout=w.Layout(width="auto")
            ),
            "pl-class-deal",
        )
        self.send_button = classed(w.Button(description="Send to class"), "pl-class-send")
        self.result = classed(w.HTML(), "pl-class-result")
        # plotly's import (2 s) only where a lesson draws: the app's preheated kernels share reviews
        from pitchlab.ui.classroom import FigureBox

        self.box = FigureBox()
        self.deal_button.on_click(lambda _b: self.deal())
        self.send_button.on_click(lambda _b: self.send_counts())
        self.widget = classed(
            w.VBox(
                [
                    *self.parts,
                    w.HBox([self.deal_button, self.send_button]),
                    self.result,
                    self.box.widget,
                    self.sent,
                ]
            ),
            "pl-class-panel",
        )
        self._on_member()  # a page opened in a class it already sent to says so

    def deal(self) -> list[int]:
        """Deal the student's hands (their class seed once they joined) and draw them."""
        from pitchlab.ui import plots  # imported where a lesson draws (see __init__)

        member = self.member
        seed = member.seed(TRUMP_COUNT) if member is not None else _fresh_seed()
        counts = experiments.trump_count(seed)
        self.counts, self._dealt_for = counts, member
        held = ", ".join(f"{n} with {k}" for k, n in enumerate(counts) if n)
        exact = experiments.trump_count_exact()
        most = max(range(len(counts)), key=lambda k: counts[k])
        likeliest = max(exact, key=lambda k: exact[k])
        self.result.value = (
            f"<b>Your {HANDS} hands</b> by trump of spades held: {held}. Your most common count is {most}; "
            f"over all possible hands the likeliest is {likeliest}."
            + ("" if member is not None else " (Not in a class: these hands are yours alone.)")
        )
        self.box.draw(
            plots.distribution_figure(
                exact,
                experiments.count_estimates(counts),
                title=f"Your {HANDS} hands vs the exact",
                x_title="trump in a hand (cards, of 9)",
            )
        )
        return counts

    def send_counts(self) -> bool | None:
        """Send the student's counts, dealt again from their seed (never the page's numbers)."""
        if self.member is not None and (self.counts is None or self._dealt_for != self.member):
            self.sent.value = "Deal your hands first: you send what you have seen."
            return None
        return self.send(
            lambda m: experiments.trump_count_payload(m.seed(TRUMP_COUNT)), what=f"Your {HANDS} hands"
        )

    def _on_member(self) -> None:
        if self.counts is not None and self._dealt_for != self.member:
            self.counts = self._dealt_for = None
            self.result.value = ""
            self.box.widget.outputs = ()
        super()._on_member()


class MonteCarloPanel(_Panel):
    """Lesson 05's experiment: one run of :data:`DEALS` deals estimating P(4+ trump), with its 95%
    interval; the class's runs scatter by about one standard error around the exact answer."""

    def __init__(self, join: ClassJoin, *, show_join: bool = True) -> None:
        super().__init__(join, MONTE_CARLO, show_join)
        self.hits: int | None = None
        self._run_for: Member | None = None
        self.run_button = classed(
            w.Button(
                description=f"Run my {DEALS} deals", button_style="primary", layout=w.Layout(width="auto")
            ),
            "pl-class-run",
        )
        self.send_button = classed(w.Button(description="Send to class"), "pl-class-send")
        self.result = classed(w.HTML(), "pl-class-result")
        self.run_button.on_click(lambda _b: self.run())
        self.send_button.on_click(lambda _b: self.send_hits())
        self.widget = classed(
            w.VBox([*self.parts, w.HBox([self.run_button, self.send_button]), self.result, self.sent]),
            "pl-class-panel",
        )
        self._on_member()  # a page opened in a class it already sent to says so

    def run(self) -> int:
        member = self.member
        seed = member.seed(MONTE_CARLO) if member is not None else _fresh_seed()
        hits = experiments.monte_carlo(seed)
        self.hits, self._run_for = hits, member
        estimate = experiments.monte_carlo_estimate(hits)
        low, high = estimate.interval()
        exact = experiments.monte_carlo_exact()
        held = "holds" if low <= float(exact) <= high else "misses"
        self.result.value = (
            f"<b>{hits} of your {DEALS} deals</b> held 4 or more trump: your estimate is "
            f"{100 * estimate.value:.0f}%, 95% interval {100 * low:.1f}% to {100 * high:.1f}%. "
            f"It {held} the exact {percent(exact)}."
            + ("" if member is not None else " (Not in a class: these deals are yours alone.)")
        )
        return hits

    def send_hits(self) -> bool | None:
        if self.member is not None and (self.hits is None or self._run_for != self.member):
            self.sent.value = "Run your deals first: you send what you have seen."
            return None
        return self.send(lambda m: experiments.monte_carlo_payload(m.seed(MONTE_CARLO)), what="Your estimate")

    def _on_member(self) -> None:
        if self.hits is not None and self._run_for != self.member:
            self.hits = self._run_for = None
            self.result.value = ""
        super()._on_member()


class PollPanel(_Panel):
    """A prediction: pick, lock it in (sent to the class if the student is in one), and only then
    see the answer. Once the answer is on the page, a prediction is no longer sent."""

    def __init__(self, join: ClassJoin, poll: Poll, answer: str, *, show_join: bool = False) -> None:
        super().__init__(join, poll.experiment, show_join)
        self.poll = poll
        self.answer_html = answer
        self.revealed = False
        self.options = classed(
            w.RadioButtons(options=[(text, i) for i, text in enumerate(poll.options)], value=None),
            "pl-choice-options",
        )
        self.predict_button = classed(
            w.Button(
                description="Lock in my prediction", button_style="primary", layout=w.Layout(width="auto")
            ),
            "pl-class-predict",
        )
        self.answer = classed(w.HTML(), "pl-class-answer")
        self.predict_button.on_click(lambda _b: self.predict())
        self.widget = classed(
            w.VBox(
                [
                    *self.parts,
                    w.HTML(html("<b>Predict:</b> {}", poll.question)),
                    self.options,
                    self.predict_button,
                    self.sent,
                    self.answer,
                ]
            ),
            "pl-class-panel",
            "pl-class-poll",
        )
        self._on_member()  # a page opened in a class it already sent to says so

    def predict(self) -> bool | None:
        """Lock in the picked option: sent to the class (if joined and before the answer was
        shown here), then the answer. ``True``/``False``/``None`` as :meth:`_Panel.send`."""
        choice = self.options.value
        if not isinstance(choice, int) or not 0 <= choice < len(self.poll.options):
            self.sent.value = "Pick one of the choices first."
            return None
        if self.revealed:
            self.sent.value = "The answer is already on this page: a prediction counts only before it."
            return None
        stored: bool | None = None
        if self.member is not None:
            stored = self.send(lambda _m: experiments.poll_payload(self.poll, choice), what="Your prediction")
            if stored is None:
                return None
        else:
            self.sent.value = "Your prediction stays on this page (you are not in a class)."
        self.revealed = True
        verdict = "You predicted it." if choice == self.poll.right else "Not what you predicted."
        self.answer.value = html(
            "<b>{verdict}</b> The answer: <b>{answer}</b>. {more}",
            verdict=verdict,
            answer=self.poll.options[self.poll.right],
            more=Markup(self.answer_html),
        )
        return stored


class ReviewShare(_Panel):
    """The app's opt-in: share each reviewed hand's numbers (points lost judged on what the student
    could see, cards, best cards; and the same with every card known; and the points lost on the
    student's bids and trump choice, judged on what they could see) with the class. Off until the student ticks it; nothing is sent without a class."""

    def __init__(self, app: Any, join: ClassJoin, *, show_join: bool = True) -> None:
        super().__init__(join, REVIEW, show_join)
        self.app = app
        self.table = app.table
        self.coach = app.coach
        self.box = classed(
            w.Checkbox(value=False, description="Share my hand reviews with my class", indent=False),
            "pl-class-share",
        )
        self.box.observe(self._on_box, "value")
        self.coach.on_review.append(self.shared)
        self.widget = classed(w.VBox([*self.parts, self.box, self.sent]), "pl-class-panel")
        self._on_member()

    def _on_member(self) -> None:
        member = self.member
        self.box.description = (
            f"Share my hand reviews with class {member.code}"
            if member is not None
            else "Share my hand reviews with my class (join one first)"
        )
        if member is None and self.box.value:
            self.box.value = False
        self.sent.value = ""

    def _on_box(self, change: dict[str, object]) -> None:
        self._take_backs(not change["new"])
        if not change["new"]:
            self.sent.value = "Your hand reviews are not shared."
            return
        if self.member is None:
            self.box.value = False
            self.sent.value = "Join a class first: the reviews go to it."
            return
        hand = self.table.hand
        if hand.is_over and self.coach.reviews:
            self.shared(hand)  # the hand just reviewed counts too
        else:
            self.sent.value = html(
                "Each hand's review will go to class {} once it is over.", self.member.code
            )

    def _take_backs(self, on: bool) -> None:
        """While the class gets this student's reviews, a move once made stands (no take-back):
        a review of a hand replayed after a peek would tell the class something untrue."""
        self.table.take_backs = on
        self.app.refresh()

    def shared(self, hand: Hand) -> bool | None:
        """Send the review of ``hand`` (just drawn by the coach), if the student opted in and
        played it: a hand dealt at this table in this session with the student in a seat. A
        loaded record or a resumed game was played elsewhere (a finished hand of bots would
        share "35 of 35 perfect"), so its review stays on the page, and one line says so."""
        if not self.box.value or self.member is None or not self.coach.reviews or hand is not self.table.hand:
            return None
        if self.table.human is None or not self.table.dealt_here(hand):
            self.sent.value = (
                "This hand's review stays on this page: only hands dealt and played here go to your class "
                "(not a loaded hand or a resumed game)."
            )
            return None
        players = hand.rules.players
        number = experiments.hand_number(self.table.game.history, hand)
        summary = analysis.seat_summary(self.coach.reviews, self.coach.human, players)
        choices = bid_review.choice_summary(self.coach.choices, self.coach.human)
        slot = experiments.review_slot(self.table.seed, number, hand)
        return self.send(
            lambda _m: experiments.review_payload(number, summary, choices),
            slot,
            what=f"Hand {number}'s review",
        )


__all__ = ["MonteCarloPanel", "PollPanel", "ReviewShare", "TrumpCountPanel"]
