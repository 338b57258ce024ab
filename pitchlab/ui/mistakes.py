"""Learn from your mistakes: after a hand, the learner's own costly decisions posed again.

The app's review of a finished hand judges each of the learner's decisions by what they
could see then; those that lost half a point or more become a short run of retries
(:mod:`pitchlab.practice.mistakes`: the largest first, at most three). Each retry is the
hand rewound to that decision, shown as the practice page shows a problem, from the
learner's chair and nothing more (:func:`pitchlab.ui.practice.question_html`,
:func:`~pitchlab.ui.practice.seen_html`, the app's table picture): "find a better card".

- **Right** (a best answer by what they knew, or one the review could not tell from it): the
  same explanation the practice page gives, its checked claims one a line.
- **Wrong**: what the answer loses by what they knew, then a deal that fits everything they saw
  where it costs (:func:`pitchlab.practice.punish.punish`), face up and played out trick by
  trick; then **Try again** or **Show the answer**.

**Next mistake** moves on; **Back to the game** leaves the run at any time. Stable CSS hooks:
``pl-retries``, ``pl-retry-count``, ``pl-retry-intro``, ``pl-question``, ``pl-stage``,
``pl-seen``, ``pl-hand``, ``pl-feedback``, ``pl-right``, ``pl-wrong``, ``pl-deal-box``,
``pl-replay``, ``pl-retry-again``, ``pl-retry-answer``, ``pl-retry-next``, ``pl-retry-leave``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import ipywidgets as w

from pitchlab.bots.analysis import points_text
from pitchlab.engine.actions import Action
from pitchlab.engine.errors import PitchError
from pitchlab.practice.mistakes import Mistake
from pitchlab.practice.problems import Problem, answers_at, word
from pitchlab.practice.punish import Punishment, punish
from pitchlab.ui.practice import (
    PRACTICE_CSS,
    Replay,
    answer_words,
    deal_html,
    explanation_html,
    offer,
    question_html,
    right_html,
    seen_html,
)
from pitchlab.ui.session import seat_name
from pitchlab.ui.table_picture import table_pictures
from pitchlab.ui.widgets import BidBar, HandView, SuitChooser, View, classed, readable, style

RETRY_CSS = """
<style>
.pl-retries { border-top: 4px solid #1f5fbf; padding-top: 4px; }
/* while a run is open the rest of the app waits hidden behind it (its style and timers still work) */
.pl-app.pl-retrying > :not(.pl-retries) { display: none !important; }
/* and so does the rest of the page below the app (the class's box for sharing reviews, which
   speaks of "the review above"): the page's cells after the app's own, side by side in JupyterLab,
   each in a wrapper of its own in Voila */
.jp-Cell:has(.pl-app.pl-retrying) ~ .jp-Cell,
div:has(> .jp-Cell .pl-app.pl-retrying) ~ div:has(> .jp-Cell) { display: none !important; }
.pl-retries .pl-retry-intro { font-size: 16px; line-height: 1.45; max-width: 620px; }
.pl-retries .widget-hbox { flex-wrap: wrap; }
.pl-retries .pl-retry-leave { margin-left: auto; }
.pl-retries .pl-retry-count h2 { font-size: 20px; margin: 6px 0 2px; }
/* a phone: what to find, the table and the hand in the first screen; how to answer under the hand */
@media (max-width: 520px) { .pl-retries .pl-retry-intro { font-size: 15px; line-height: 1.35; }
  .pl-retries .pl-question { font-size: 14px; line-height: 1.35; order: 1; }
  .pl-retries .pl-retry-lesson, .pl-retries .pl-retry-buttons { order: 2; }
  .pl-retries .pl-retry-count h2 { font-size: 17px; } }
</style>
"""

FIND = {"card": "Find a better card.", "bid": "Find a better bid.", "trump": "Find a better trump suit."}


def _points(value: float, exact: bool) -> str:
    """A loss in words: "2 points", "about 1.7 points"."""
    text = points_text(value)
    return f"{'' if exact else 'about '}{text} point{'' if text == '1' else 's'}"


def _given_words(mistake: Mistake, problem: Problem) -> str:
    """What the learner did at the decision, as a sentence says it: "you played K♥"."""
    if mistake.kind == "card":
        return f"you played {answer_words(problem, mistake.given)}"
    if mistake.kind == "bid":
        return "you passed" if mistake.given == "pass" else f"you bid {mistake.given}"
    return f"you named {answer_words(problem, mistake.given)}"


def intro_html(mistake: Mistake, problem: Problem) -> str:
    """The retry's first line: what the learner did here and what it cost, by what they knew."""
    cost = _points(mistake.lost, mistake.exact)
    return (
        f"<div>In this hand {readable(_given_words(mistake, problem))} here. Judged on what you could see "
        f"then, it cost your side <b>{cost}</b>. <b>{FIND[mistake.kind]}</b></div>"
    )


def wrong_html(mistake: Mistake, problem: Problem, given: str, found: Punishment | None) -> str:
    """A wrong answer's lesson: what it loses by what the learner knew, and, when a deal that
    fits what they saw makes it cost, that deal's figures."""
    said = readable(answer_words(problem, given))
    again = " (what you played in the hand)" if given == mistake.given else ""
    text = (
        f'<div class="pl-wrong" role="status"><b>{said} is not the best here{again}.</b> Judged on what '
        f"you could see, it loses {_points(mistake.cost(given), mistake.exact)} against the best answer."
    )
    if found is not None:
        played = "every player playing perfectly" if found.exact else "the bots playing on"
        measure = "your side took" if found.exact else "your side's score less the other side's was"
        text += (
            f" Here is a deal that fits everything you saw, the cards you could not see placed where they "
            f"punish it, played out with {played}: after {said} {measure} {found.wrong.points:g}, "
            f"after the best answer {found.answer.points:g}, so {said} cost "
            f"<b>{found.cost:g} point{'' if found.cost == 1 else 's'}</b> on this deal."
        )
    return text + " Try again, or see the answer.</div>"


class RetryRun(View):
    """The run of retries (see the module docstring); ``on_leave`` is called when the learner
    goes back to the game."""

    def __init__(self, on_leave: Callable[[], None]) -> None:
        self.on_leave = on_leave
        self.run: list[tuple[Mistake, Problem]] = []
        self.index = 0
        self.punished: Punishment | None = None
        self.count = classed(w.HTML(), "pl-retry-count")
        self.intro = classed(w.HTML(), "pl-retry-intro")
        self.question = classed(w.HTML(), "pl-question")
        self.picture = classed(w.HTML(), "pl-stage")
        self.hand_view = HandView(on_pick=lambda card: self.answer(card.code))
        self.bids = BidBar(on_bid=self._action)
        self.suits = SuitChooser(on_suit=lambda suit: self.answer(suit.letter))
        self.controls = w.VBox([self.hand_view, self.bids, self.suits])
        self.seen = classed(w.HTML(), "pl-seen")
        self.feedback = classed(w.HTML(), "pl-feedback")
        self.deal = classed(w.HTML(), "pl-deal-box")
        self.replay = Replay()
        self.again = classed(w.Button(description="Try again", button_style="primary"), "pl-retry-again")
        self.reveal = classed(w.Button(description="Show the answer"), "pl-retry-answer")
        self.next = classed(w.Button(description="Next mistake ›", button_style="primary"), "pl-retry-next")
        self.leave = classed(w.Button(description="Back to the game"), "pl-retry-leave")
        self.again.on_click(lambda _b: self._again())
        self.reveal.on_click(lambda _b: self._reveal())
        self.next.on_click(lambda _b: self.go(self.index + 1))
        self.leave.on_click(lambda _b: self.on_leave())
        self.buttons = classed(w.HBox([self.again, self.reveal, self.next, self.leave]), "pl-retry-buttons")
        self.lesson = classed(w.VBox([self.feedback, self.deal, self.replay.widget]), "pl-retry-lesson")
        problem = w.VBox([self.intro, self.question, self.picture, self.controls, self.lesson, self.buttons])
        main = classed(w.Box([problem, self.seen]), "pl-practice-main")
        self.widget = classed(
            w.VBox(
                [
                    style(PRACTICE_CSS + RETRY_CSS),
                    self.count,
                    main,
                ]
            ),
            "pl-practice",
            "pl-retries",
        )
        self.widget.layout.display = "none"

    @property
    def current(self) -> tuple[Mistake, Problem]:
        return self.run[self.index]

    def start(self, run: Sequence[tuple[Mistake, Problem]]) -> None:
        """Begin a run at its first retry (largest loss first)."""
        self.run = list(run)
        self.go(0)  # filled before it shows: no empty heading in the page, even for a moment
        if self.run:  # an empty run has gone straight back to the game
            self.widget.layout.display = None

    def stop(self) -> None:
        self.widget.layout.display = "none"

    def _names(self, problem: Problem) -> list[str]:
        rules = problem.hand().rules
        return [seat_name(s, problem.seat, rules) for s in range(rules.players)]

    def go(self, index: int) -> None:
        """Pose the retry at ``index``, waiting for an answer."""
        if not self.run:
            self.on_leave()
            return
        self.index = max(0, min(index, len(self.run) - 1))
        self.punished = None
        mistake, problem = self.current
        hand = problem.hand()
        self.count.value = f"<h2>Learn from your mistakes: {self.index + 1} of {len(self.run)}</h2>"
        self.intro.value = intro_html(mistake, problem)
        self.question.value = question_html(problem, hand)
        self.picture.value = table_pictures(hand, problem.seat, self._names(problem))
        self.seen.value = seen_html(problem, hand)
        self.feedback.value = ""
        offer(hand, problem.seat, self.hand_view, self.bids, self.suits)
        self.controls.layout.display = None
        self._show()

    def _show(self, *parts: w.Widget, buttons: Sequence[w.Widget] = ()) -> None:
        """Show these parts of the lesson and these buttons (Back to the game always)."""
        for part in self.lesson.children:
            part.layout.display = None if part in parts else "none"
        last = self.index == len(self.run) - 1
        for button in (self.again, self.reveal, self.next):
            button.layout.display = (
                None if button in buttons and not (button is self.next and last) else "none"
            )
        self.leave.button_style = "primary" if last and self.next in buttons else ""
        self.leave.layout.display = None

    def _action(self, action: Action) -> None:
        if self.run:  # a click on a hidden, empty run changes nothing
            self.answer(word(action, self.current[1].hand()))

    def answer(self, given: str) -> None:
        """The learner's answer: right, the explanation; wrong, what it loses and where."""
        if not self.run:
            return
        mistake, problem = self.current
        hand = problem.hand()
        said = readable(answer_words(problem, given))
        if given not in answers_at(hand):
            self.feedback.value = (
                f'<div class="pl-wrong" role="alert">{said} cannot be chosen here: choose one of the '
                "cards that is not crossed out.</div>"
            )
            self._show(self.feedback)
            return
        self.controls.layout.display = "none"
        if given in problem.answers:
            self.feedback.value = right_html(problem, given)
            self._show(self.feedback, buttons=(self.next,))
            return
        try:
            found: Punishment | None = punish(problem, given)
        except PitchError:
            found = None
        self.punished = found
        self.feedback.value = wrong_html(mistake, problem, given, found)
        if found is None:
            self._show(self.feedback, buttons=(self.again, self.reveal))
            return
        self.deal.value = "<b>The deal, every hand face up:</b>" + deal_html(found.position, problem)
        names = self._names(problem)
        self.replay.load(
            found.wrong, found.position, problem.seat, names, f"The hand played out after {said}:"
        )
        self._show(self.feedback, self.deal, self.replay.widget, buttons=(self.again, self.reveal))

    def _again(self) -> None:
        self.go(self.index)
        self.feedback.value = '<div role="status">Try again: which answer does better on every deal that fits what you saw?</div>'
        self._show(self.feedback)

    def _reveal(self) -> None:
        if not self.run:
            return
        _, problem = self.current
        best = ", ".join(answer_words(problem, a) for a in problem.answers)
        text = f'<div class="pl-right" role="status"><b>The answer: {readable(best)}.</b>{explanation_html(problem)}'
        parts: list[w.Widget] = [self.feedback]
        found = self.punished
        if found is not None:
            answer = readable(answer_words(problem, found.answer.answer))
            text += f"<div>Below, {answer} played out on the same deal.</div>"
            self.replay.load(
                found.answer,
                found.position,
                problem.seat,
                self._names(problem),
                f"The hand played out after {answer}:",
            )
            parts += [self.deal, self.replay.widget]
        self.feedback.value = text + "</div>"
        self.controls.layout.display = "none"
        self._show(*parts, buttons=(self.next,))


__all__ = ["RetryRun", "intro_html", "wrong_html"]
