"""The widgets a lesson asks with: a numeric :class:`Exercise` (marked by
:mod:`pitchlab.ui.classroom.answers`), a :class:`MultipleChoice` misconception question of
:class:`Choice` (radio choices, a Check button, and the explanation of the picked choice, right
or wrong), and a :class:`ProgressBar` for a long simulation; with the lessons' CSS (:func:`style`).

Stable CSS classes for browser tests: ``pl-exercise``, ``pl-answer``, ``pl-check``,
``pl-feedback`` (with ``pl-right``, ``pl-wrong`` or ``pl-format``), ``pl-solution-toggle``,
``pl-solution``, ``pl-progress``, ``pl-choice``, ``pl-choice-options``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

import ipywidgets as w

from pitchlab.ui.classroom.answers import EXAMPLES, UNITS, Mark, Unit, mark
from pitchlab.ui.markup import escape
from pitchlab.ui.widgets import View, classed
from pitchlab.ui.widgets import style as page_style

CLASSROOM_CSS = """
<style>
.pl-exercise, .pl-choice, .pl-code-report { border: 1px solid #d5dbe3; border-radius: 8px; padding: 8px 14px;
  margin: 8px 0; max-width: 900px; font-family: 'DejaVu Sans', Arial, sans-serif; }
.pl-prompt { font-size: 15px; line-height: 1.5; }
.pl-feedback { font-size: 15px; padding: 6px 12px; border-radius: 6px; min-height: 1.4em; }
.pl-feedback.pl-right { background: #eafaf1; border-left: 6px solid #1e8449; }
.pl-feedback.pl-wrong { background: #fdedec; border-left: 6px solid #c0392b; }
.pl-feedback.pl-format, .pl-feedback.pl-todo { background: #fef9e7; border-left: 6px solid #b7950b; }
.pl-solution { background: #f4f8fd; border-left: 5px solid #1f5fbf; padding: 6px 12px; border-radius: 4px;
  font-size: 14px; line-height: 1.5; }
.pl-choice-options .widget-radio-box label { font-size: 15px; line-height: 1.5; padding: 3px 0;
  height: auto; white-space: normal; display: flex; flex-direction: row-reverse; justify-content: flex-end;
  align-items: flex-start; gap: 4px; }
/* a long choice wraps on a phone, its button (the label's last child) left of its first line */
.pl-choice-options .widget-radio-box label input { flex: none; margin-top: 6px; }
.pl-choice-options { width: auto; max-width: 860px; }
.pl-code-case { font-size: 14px; line-height: 1.5; margin: 0; padding-left: 1.2em; }
.pl-code-case code { background: #f4f4f4; padding: 0 3px; border-radius: 3px; }
</style>
"""


def style() -> w.Box:
    """The lessons' CSS; show it once per page."""
    return page_style(CLASSROOM_CSS)


class Exercise(View):
    """One question with a numeric answer, a check button, and a solution shown on request.

    ``answer`` is the exact value (for ``unit="percent"``, a proportion: 0.0169 for 1.69%);
    an answer within ``tolerance`` of it (an absolute difference on the answer's scale: 0.005
    accepts 0.2 for 1/5 written as 20% or 0.2) counts as right. ``hint`` follows a wrong value.
    :func:`mark` does the marking; a format problem leaves :attr:`tries` as it was.
    """

    def __init__(
        self,
        prompt: str,
        answer: Fraction | float | int,
        solution: str,
        *,
        unit: Unit = "number",
        tolerance: float = 0.005,
        hint: str = "",
        placeholder: str | None = None,
    ) -> None:
        if unit not in UNITS:
            raise ValueError(f"unit must be one of {UNITS}, not {unit!r}")
        self.answer = Fraction(answer)
        if unit != "number" and not 0 <= self.answer <= 1:
            raise ValueError(f"a {unit} answer is a proportion from 0 to 1 (1.69% is 0.0169), not {answer}")
        self.unit: Unit = unit
        self.tolerance = tolerance
        self.hint = hint
        self.tries = 0
        self.solved = False
        self.last: Mark | None = None
        # not continuous: the value arrives on Enter or on leaving the box, and is checked then
        self.box = classed(
            w.Text(
                placeholder=placeholder or f"e.g. {EXAMPLES[unit]}",
                continuous_update=False,
                layout=w.Layout(width="220px"),
            ),
            "pl-answer",
        )
        self.check_button = classed(w.Button(description="Check", button_style="primary"), "pl-check")
        self.feedback = classed(w.HTML(""), "pl-feedback")
        self.toggle = classed(w.Button(description="Show solution"), "pl-solution-toggle")
        self.solution = classed(w.HTML(solution, layout=w.Layout(display="none")), "pl-solution")
        self.check_button.on_click(lambda _b: self.check(self.box.value))
        self.box.observe(lambda change: self.check(str(change["new"])) if change["new"] else None, "value")
        self.toggle.on_click(lambda _b: self.show_solution(not self.solution_shown))
        self.widget = classed(
            w.VBox(
                [
                    style(),
                    classed(w.HTML(prompt), "pl-prompt"),
                    w.HBox([self.box, self.check_button, self.toggle]),
                    self.feedback,
                    self.solution,
                ]
            ),
            "pl-exercise",
        )

    @property
    def solution_shown(self) -> bool:
        return bool(self.solution.layout.display != "none")

    def check(self, text: str) -> bool | None:
        """Mark an answer: ``True`` right, ``False`` wrong, ``None`` a format problem (not a try)."""
        result = mark(text, self.answer, self.unit, self.tolerance)
        self.last = result
        if result.right is not None:
            self.tries += 1
            self.solved = self.solved or result.right
        message = escape(result.message)
        if result.right is False:
            message += f" Hint: {self.hint}" if self.hint else " Try again, or show the solution."
        _say(self.feedback, message, {True: "pl-right", False: "pl-wrong", None: "pl-format"}[result.right])
        return result.right

    def show_solution(self, shown: bool = True) -> None:
        self.solution.layout.display = "" if shown else "none"
        self.toggle.description = "Hide solution" if shown else "Show solution"


_MARKS = ("pl-right", "pl-wrong", "pl-format", "pl-todo")


def _say(feedback: w.HTML, html: str, cls: str | None) -> None:
    """Show ``html`` in a feedback box styled by ``cls`` (one of :data:`_MARKS`, or none)."""
    feedback.value = html
    for old in _MARKS:
        feedback.remove_class(old)
    if cls:
        feedback.add_class(cls)


# ----------------------------------------------------------------------------- multiple choice


@dataclass(frozen=True)
class Choice:
    """One choice of a :class:`MultipleChoice`: its ``text`` (plain), whether it is ``right``,
    and ``why``: the explanation shown when it is picked (for a wrong choice, the trap in it)."""

    text: str
    right: bool
    why: str


class MultipleChoice(View):
    """A question with radio choices, a Check button and the explanation of the picked choice.

    Picking another choice clears the old explanation, so what is shown always belongs to
    the choice picked. The radio buttons are native inputs: arrow keys move between them and
    each is named by its own text for a screen reader."""

    def __init__(self, prompt: str, choices: Sequence[Choice]) -> None:
        texts = [c.text for c in choices]
        if len(choices) < 2 or len(set(texts)) != len(texts):
            raise ValueError("a multiple-choice question needs two or more choices with different texts")
        if not any(c.right for c in choices) or not all(c.why.strip() for c in choices):
            raise ValueError("a multiple-choice question needs a right choice, and a why for every choice")
        self.choices = tuple(choices)
        self.tries = 0
        self.solved = False
        self.options = classed(
            w.RadioButtons(
                options=[(c.text, i) for i, c in enumerate(self.choices)],
                value=None,
                layout=w.Layout(width="auto"),
            ),
            "pl-choice-options",
        )
        self.check_button = classed(w.Button(description="Check", button_style="primary"), "pl-check")
        self.feedback = classed(w.HTML(""), "pl-feedback")
        self.check_button.on_click(lambda _b: self.check())
        self.options.observe(lambda _c: _say(self.feedback, "", None), "value")
        self.widget = classed(
            w.VBox(
                [
                    style(),
                    classed(w.HTML(prompt), "pl-prompt"),
                    self.options,
                    self.check_button,
                    self.feedback,
                ]
            ),
            "pl-choice",
        )

    @property
    def picked(self) -> Choice | None:
        index = self.options.value
        return None if index is None else self.choices[index]

    def pick(self, text: str) -> None:
        """Pick the choice whose text is ``text`` (as a click would)."""
        self.options.value = next(i for i, c in enumerate(self.choices) if c.text == text)

    def check(self) -> bool | None:
        """Mark the picked choice: ``True`` right, ``False`` wrong, ``None`` if none is picked."""
        choice = self.picked
        if choice is None:
            _say(self.feedback, "Pick one of the choices first.", "pl-format")
            return None
        self.tries += 1
        self.solved = self.solved or choice.right
        verdict = "Right." if choice.right else "Not this one."
        _say(self.feedback, f"<b>{verdict}</b> {choice.why}", "pl-right" if choice.right else "pl-wrong")
        return choice.right


# ----------------------------------------------------------------------------- progress


class ProgressBar(View):
    """A bar for a long simulation: pass :meth:`update` as the ``progress`` callback."""

    def __init__(self, label: str = "simulating") -> None:
        self.bar = w.IntProgress(value=0, min=0, max=1, description=label, layout=w.Layout(width="420px"))
        self.text = w.Label("")
        self.widget = classed(w.HBox([self.bar, self.text]), "pl-progress")

    def update(self, done: int, total: int) -> None:
        self.bar.max = max(total, 1)
        self.bar.value = done
        self.text.value = f"{done:,} / {total:,}"
