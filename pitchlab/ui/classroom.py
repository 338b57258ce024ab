"""Widgets the classroom lessons share: self-check exercises, progress bars, sizes from the address.

An exercise asks for a number, reads what the learner types the way a person
writes it (``0.2``, ``20%``, ``1/5``), says right or wrong with a hint, and
keeps its worked solution hidden until asked. A typo gets a message in the
page, never a traceback. Stable CSS classes for browser tests:
``pl-exercise``, ``pl-answer``, ``pl-check``, ``pl-feedback`` (with
``pl-right`` or ``pl-wrong``), ``pl-solution-toggle``, ``pl-solution``,
``pl-progress``.
"""

from __future__ import annotations

import os
import re
from fractions import Fraction
from html import escape
from urllib.parse import parse_qs

import ipywidgets as w
from IPython.display import display

from pitchlab.ui import page_request
from pitchlab.ui.widgets import View, classed
from pitchlab.ui.widgets import style as page_style

CLASSROOM_CSS = """
<style>
.pl-exercise { border: 1px solid #d5dbe3; border-radius: 8px; padding: 8px 14px; margin: 8px 0;
  max-width: 900px; font-family: 'DejaVu Sans', Arial, sans-serif; }
.pl-exercise .pl-prompt { font-size: 15px; line-height: 1.5; }
.pl-feedback { font-size: 15px; padding: 6px 12px; border-radius: 6px; min-height: 1.4em; }
.pl-feedback.pl-right { background: #eafaf1; border-left: 6px solid #1e8449; }
.pl-feedback.pl-wrong { background: #fdedec; border-left: 6px solid #c0392b; }
.pl-solution { background: #f4f8fd; border-left: 5px solid #1f5fbf; padding: 6px 12px; border-radius: 4px;
  font-size: 14px; line-height: 1.5; }
</style>
"""

_NUMBER = re.compile(r"^\s*([-+]?\d+(?:\.\d*)?|[-+]?\.\d+)\s*(%?)\s*$")
_FRACTION = re.compile(r"^\s*([-+]?\d+)\s*/\s*(\d+)\s*$")
MAX_ANSWER = 200
"""Characters an answer may have: enough for any number a lesson asks, and a bound on the work."""


def style() -> w.Box:
    """The lessons' CSS; show it once per page."""
    return page_style(CLASSROOM_CSS)


def read_number(text: str) -> Fraction:
    """A number as a learner types it: ``0.25``, ``25%``, ``1/4``, ``.25``; commas in thousands allowed.

    Raises ``ValueError`` with a message a learner can act on.
    """
    if len(text) > MAX_ANSWER:
        raise ValueError(f"that answer is {len(text):,} characters long: type it like 0.25, 25% or 1/4")
    cleaned = text.replace(",", "").replace("\u2212", "-")
    if match := _FRACTION.match(cleaned):
        top, bottom = int(match.group(1)), int(match.group(2))
        if bottom == 0:
            raise ValueError("a fraction cannot have 0 below the line")
        return Fraction(top, bottom)
    if match := _NUMBER.match(cleaned):
        value = Fraction(match.group(1))
        return value / 100 if match.group(2) else value
    shown = text.strip()[:40] or "nothing"
    raise ValueError(f"{shown!r} is not a number: type it like 0.25, 25% or 1/4")


class Exercise(View):
    """One question with a numeric answer, a check button, and a solution shown on request.

    ``answer`` is the exact value; an answer within ``tolerance`` of it (an
    absolute difference: 0.005 accepts 0.2 for 1/5 written as 20% or 0.2,
    and a rounded 0.123 for 0.1234) counts as right. ``hint`` is shown after
    a wrong answer.
    """

    def __init__(
        self,
        prompt: str,
        answer: Fraction | float | int,
        solution: str,
        *,
        tolerance: float = 0.005,
        hint: str = "",
        placeholder: str = "e.g. 0.25, 25% or 1/4",
    ) -> None:
        self.answer = Fraction(answer)
        self.tolerance = tolerance
        self.hint = hint
        self.tries = 0
        self.solved = False
        # not continuous: the value arrives on Enter or on leaving the box, and is checked then
        self.box = classed(
            w.Text(placeholder=placeholder, continuous_update=False, layout=w.Layout(width="220px")),
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
        """Mark an answer: ``True`` right, ``False`` wrong, ``None`` if it is not a number."""
        try:
            value = read_number(text)
        except ValueError as exc:
            self._say(escape(str(exc)), None)
            return None
        self.tries += 1
        right = abs(value - self.answer) <= Fraction(self.tolerance)  # exact: no float overflow
        self.solved = self.solved or right
        if right:
            self._say(f"Right: {_shown(self.answer)}.", True)
        else:
            extra = f" Hint: {self.hint}" if self.hint else " Try again, or show the solution."
            self._say(f"Not quite: {escape(text.strip())} is off.{extra}", False)
        return right

    def show_solution(self, shown: bool = True) -> None:
        self.solution.layout.display = "" if shown else "none"
        self.toggle.description = "Hide solution" if shown else "Show solution"

    def _say(self, html: str, right: bool | None) -> None:
        self.feedback.value = html
        self.feedback.remove_class("pl-right")
        self.feedback.remove_class("pl-wrong")
        if right is not None:
            self.feedback.add_class("pl-right" if right else "pl-wrong")


def _shown(value: Fraction) -> str:
    """An exact answer as a person reads it: the fraction, and its decimal when that helps."""
    if value.denominator == 1:
        return str(value.numerator)
    return f"{value} ≈ {float(value):.4g}"


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


def size_from_address(name: str, default: int, low: int, high: int, query: str | None = None) -> int:
    """A simulation's size that the page's address may set (``?hands=1000&games=100``): a teacher
    who wants sharper numbers for a class, or a quicker page, opens another address instead of
    editing the notebook. ``query`` is the address's query string (Voilà's ``QUERY_STRING`` when
    not given; none in a notebook opened in Jupyter).

    The address is the reader's input: anything but a whole number from ``low`` to ``high``
    keeps ``default`` and says so in the page, in one line."""
    if query is None:
        if "QUERY_STRING" not in os.environ:  # a kernel Voilà started ahead of its page learns it now
            page_request.wait_for_request()
        query = os.environ.get("QUERY_STRING", "")
    given = parse_qs(query).get(name)
    if not given:
        return default
    text = given[-1].strip()
    if text.isdecimal() and len(text) <= len(str(high)) and low <= int(text) <= high:
        return int(text)
    display(  # type: ignore[no-untyped-call]  # IPython ships display untyped
        classed(
            w.HTML(
                f"The address asks for {escape(name)}={escape(text[:40])}, but {escape(name)} must be a "
                f"whole number from {low:,} to {high:,}: this page uses {default:,}."
            ),
            "pl-message",
        )
    )
    return default
