"""The classroom kit: the widgets every lesson shares, so a lesson holds only its own content.

**Numeric exercises** (:class:`Exercise`, :func:`mark`, :func:`read_number`). An answer is
read the way people write it: ``0.0169``, ``0,0169`` (a decimal comma), ``1.69%``,
``169/10000``, ``2 2/3`` (a mixed number), ``−0.5`` (a typographic minus), ``12 345`` or
``1,000`` (thousands), ``1.234,5``.
Each exercise says what kind of number it asks for (``unit``):

- ``"probability"``: a bare number is a probability (``0.0169``); ``1.69%`` is the same.
- ``"percent"``: a bare number is a percent (``1.69`` means 1.69%); ``1.69%`` and the
  proportion ``0.0169`` are right too.
- ``"number"`` (the default): a count, a mean, points; a ``%`` sign still divides by 100.

A *format problem* is named apart from a wrong value and does not use up a try: text that
is not a number, a probability or percent below 0 or above 100%, and a likely unit slip
(the answer's digits, 100 times too big or too small: ``1.69`` where the probability
0.0169 is asked gets "looks like a percent: write 1.69% or 0.0169"), and ``16.000`` where
the count 16,000 is asked (a decimal point to some, a thousands mark to others: it asks which). A wrong value is
"too high" or "too low", with the exercise's hint.

**Misconception questions** (:class:`MultipleChoice` of :class:`Choice`): radio choices, a
Check button, and the explanation of the picked choice, right or wrong.

**Code exercises** (:func:`check_code` of :class:`Case`): the learner writes a function in a
notebook cell (their own kernel runs it; the kit never runs text typed into a widget) and
the cell after it shows ``check_code(fn, CASES)``, a :class:`CodeReport`. A stub (it
returns ``None`` or ``...``, or raises ``NotImplementedError``) reads "not written yet"; a
wrong case is named with what came back and what was expected; an exception or a case over
its time budget is one line, never a traceback. ``report.passed`` is what a teacher's guide
asserts.

**Figures** (:class:`FigureBox`): ``box.draw(fig)`` shows a plotly figure, with its words for
a screen reader, through :func:`pitchlab.ui.plots.mimebundle`; ``box.figure`` is the last one.

**Slider timings** (:class:`Redraw`, :func:`redraw_times`): a lesson module that has slider
views lists them in a module-level ``REDRAWS``, a tuple of zero-argument callables that each
build one view. A view there has ``redraw_cases()``, yielding ``(name, redraw)`` pairs, where
``redraw()`` does the whole work of one slider move (compute and figure): the method the
slider's observer calls, with a value, so that calling it twice redraws twice (setting a
slider to the value it holds redraws nothing). ``benchmarks/sliders.py`` times them all;
a lesson's test may assert its own medians with :func:`redraw_times`.

**The page's address** (:func:`size_from_address`, :func:`seed_from_address`): a teacher opens
``...?hands=1000`` or ``...?seed=7`` instead of editing a notebook; a bad value keeps the
default and says so in one line.

Stable CSS classes for browser tests: ``pl-exercise``, ``pl-answer``, ``pl-check``,
``pl-feedback`` (with ``pl-right``, ``pl-wrong`` or ``pl-format``), ``pl-solution-toggle``,
``pl-solution``, ``pl-progress``, ``pl-choice``, ``pl-choice-options``, ``pl-code-report``
(its feedback also ``pl-todo`` while the function is not written), ``pl-code-case``, ``pl-plot``.
"""

from __future__ import annotations

import copy
import math
import os
import re
import signal
import statistics
import sys
import threading
import time
import unicodedata
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from fractions import Fraction
from html import escape
from numbers import Number
from pathlib import Path
from typing import Any, Literal, Protocol, get_args
from urllib.parse import parse_qs

import ipywidgets as w
from IPython.display import display

from pitchlab.ui import page_request, plots
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

MAX_ANSWER = 200
"""Characters an answer may have: enough for any number a lesson asks, and a bound on the work."""

Unit = Literal["probability", "percent", "number"]
UNITS: tuple[Unit, ...] = get_args(Unit)

EXAMPLES: dict[Unit, str] = {
    "probability": "0.25, 25% or 1/4",
    "percent": "25 or 25%",
    "number": "2.5, 5/2 or 1,000",
}
"""How to type an answer of each unit, for placeholders and for the message about unreadable text."""


def style() -> w.Box:
    """The lessons' CSS; show it once per page."""
    return page_style(CLASSROOM_CSS)


# ----------------------------------------------------------------------------- reading numbers


class Unreadable(ValueError):
    """Text that is not a number; its message says what was typed, and :func:`mark` adds how to type it."""


_SIGNS = str.maketrans({"\u2212": "-", "\u2013": "-", "\u2012": "-", "\u2044": "/", "\u2215": "/", "÷": "/"})
_PREFIX = re.compile(r"^(?:≈|~|=|about\b)\s*", re.IGNORECASE)
_BODY = re.compile(r"[0-9., ]+")
_MIXED = re.compile(r"(?P<sign>[+-]?)\s*(?P<whole>\d+) (?P<top>\d+) ?/ ?(?P<below>\d+)")
"""A mixed number, ``2 2/3``: a whole number, a space, and a proper fraction."""
_DOTTED_THOUSANDS = re.compile(r"[1-9]\d{0,2}(?:\.\d{3})+")
"""``16.000``: a decimal point to some, a thousands mark to others (:func:`mark` asks which)."""


@dataclass(frozen=True)
class Typed:
    """A number as typed: ``value`` (a ``%`` sign already divided out) and whether it had the sign."""

    value: Fraction
    percent_sign: bool


def read_typed(text: str) -> Typed:
    """Read an answer (see the module's docstring for what is accepted).

    Separators: when both ``.`` and ``,`` appear, the last one is the decimal point
    (``1,234.5``, ``1.234,5``); a lone comma before exactly three digits after a first group
    of one to three digits not starting with 0 separates thousands (``1,000``, ``12,345``),
    any other lone comma is a decimal comma (``0,0169``, ``1,5``, ``1234,5``); spaces
    separate thousands (``12 345``). Thousands groups must have three digits, so ``1,23.4``
    is refused rather than guessed. Raises :class:`Unreadable`.
    """
    if len(text) > MAX_ANSWER:
        raise Unreadable(f"that answer is {len(text):,} characters long")
    cleaned = unicodedata.normalize("NFKC", text).translate(_SIGNS)
    cleaned = " ".join(cleaned.split())  # any run of (no-break, thin) spaces is one space
    cleaned = _PREFIX.sub("", cleaned)
    percent = cleaned.endswith("%")
    if percent:
        cleaned = cleaned[:-1].rstrip()
    parts = cleaned.split("/")
    shown = text.strip()[:40] or "nothing"
    if len(parts) > 2:
        raise Unreadable(f"{shown!r} is not a number")
    mixed = _MIXED.fullmatch(cleaned) if len(parts) == 2 else None
    # 2 2/3 is two and two thirds; 1 000/4, whose top is a group of thousands, is a thousand quarters
    if (
        mixed
        and len(mixed["top"]) != 3
        and mixed["top"][0] != "0"
        and int(mixed["top"]) < int(mixed["below"])
    ):
        size = int(mixed["whole"]) + Fraction(int(mixed["top"]), int(mixed["below"]))
        value = -size if mixed["sign"] == "-" else size
        return Typed(value / 100 if percent else value, percent)
    try:
        values = [_decimal(part) for part in parts]
    except Unreadable:
        raise Unreadable(f"{shown!r} is not a number") from None
    if len(values) == 2:
        if values[1] == 0:
            raise Unreadable("a fraction cannot have 0 below the line")
        value = values[0] / values[1]
    else:
        value = values[0]
    return Typed(value / 100 if percent else value, percent)


def _decimal(part: str) -> Fraction:
    """One signed decimal number with optional thousands separators (no fraction, no %)."""
    body = part.strip()
    negative = body.startswith("-")
    if body[:1] in "+-":
        body = body[1:].lstrip()
    if not body or not _BODY.fullmatch(body):
        raise Unreadable(part)
    point: str | None
    if "." in body and "," in body:
        point = "." if body.rfind(".") > body.rfind(",") else ","
    elif body.count(",") == 1:
        point = None if re.fullmatch(r"[1-9]\d{0,2},\d{3}", body.replace(" ", "")) else ","
    elif body.count(".") == 1:
        point = "."
    else:
        point = None  # no point, or several of one mark: thousands separators
    whole, _, fraction = body.partition(point) if point else (body, "", "")
    thousands = {".": ",", ",": ".", None: "," if "," in body else "."}[point]
    if re.search(r"[,. ]", whole):
        if not re.fullmatch(rf"\d{{1,3}}(?:[{re.escape(thousands)} ]\d{{3}})+", whole):
            raise Unreadable(part)
        whole = re.sub(r"[,. ]", "", whole)
    if not re.fullmatch(r"\d*", fraction) or not (whole or fraction):
        raise Unreadable(part)
    value = Fraction(f"{whole or 0}.{fraction or 0}")
    return -value if negative else value


def read_number(text: str) -> Fraction:
    """A number as a learner types it: ``0.25``, ``25%``, ``1/4``, ``.25``, ``0,25``, ``1,000``.

    Raises ``ValueError`` with a message a learner can act on.
    """
    try:
        return read_typed(text).value
    except Unreadable as exc:
        raise ValueError(f"{exc}: type it like {EXAMPLES['probability']}") from None


# ----------------------------------------------------------------------------- marking


Verdict = Literal["right", "too high", "too low", "format"]


@dataclass(frozen=True)
class Mark:
    """How one answer was marked: ``verdict`` and the plain-text ``message`` the learner reads.

    ``value`` is the answer as read, on the answer's own scale (a percent as a proportion);
    ``None`` when the text was not a number. A ``"format"`` verdict is not counted as a try."""

    verdict: Verdict
    message: str
    value: Fraction | None = None

    @property
    def right(self) -> bool | None:
        """``True`` right, ``False`` too high or too low, ``None`` a format problem."""
        return None if self.verdict == "format" else self.verdict == "right"


def mark(text: str, answer: Fraction, unit: Unit = "number", tolerance: Fraction | float = 0.005) -> Mark:
    """Mark ``text`` against ``answer`` (exact; a percent's answer is a proportion, 1.69% is
    0.0169) within the absolute ``tolerance`` on the answer's scale (for a percent question
    0.0005 is 0.05 percentage points). Every comparison is exact: no float can overflow."""
    try:
        typed = read_typed(text)
    except Unreadable as exc:
        return Mark("format", f"{exc}: type it like {EXAMPLES[unit]}.")
    tol = Fraction(tolerance)
    said = " ".join(text.split())  # as typed, on one line

    def close(value: Fraction) -> bool:
        return abs(value - answer) <= tol

    value = typed.value
    if unit == "percent" and not typed.percent_sign:
        value /= 100  # a bare number in a percent question is a percent
    if close(value):
        return Mark("right", f"Right: {_shown(answer, unit)}.", value)
    bare = said.removesuffix("%").strip()
    if _DOTTED_THOUSANDS.fullmatch(bare) and unit == "number":
        thousands = int(bare.replace(".", ""))
        if close(
            Fraction(thousands)
        ):  # 16.000 read as 16 would be wrong, as 16,000 right: ask which was meant
            return Mark(
                "format",
                f"{said} could be {_plain(value)} (a decimal point) or {thousands:,} (a thousands mark): "
                f"write {thousands} or {thousands:,} for the second.",
                value,
            )
    readings = [value]
    if unit == "percent" and not typed.percent_sign and 0 <= typed.value <= 1:
        if close(typed.value):  # the proportion itself, 0.0169 for 1.69%
            return Mark("right", f"Right: {said} is {_as_percent(typed.value)}.", typed.value)
        readings.append(typed.value)
    if unit == "number":
        return _off(said, value, answer, unit)
    if answer != 0:
        for reading in readings:
            for factor, size in ((Fraction(1, 100), "big"), (Fraction(100), "small")):
                meant = reading * factor
                if close(meant) and abs(meant - answer) <= abs(answer) / 2:
                    return Mark("format", _slip(said, reading, meant, size, unit), reading)
    if value < 0:
        kind = "a probability" if unit == "probability" else "a percent of the whole"
        return Mark("format", f"{said} is below zero, and {kind} never is: check the sign.", value)
    if value > 1:
        if unit == "probability" and not typed.percent_sign:
            return Mark(
                "format",
                f"{said} is more than 1, and a probability is between 0 and 1. "
                f"If you meant a percent, add the % sign: {said}%.",
                value,
            )
        return Mark("format", f"{said} is more than 100%, and a share of the whole cannot be.", value)
    return _off(said, value, answer, unit)


def _off(said: str, value: Fraction, answer: Fraction, unit: Unit) -> Mark:
    """A readable value that is wrong: too high or too low (and how it was read, if not as typed)."""
    verdict: Verdict = "too high" if value > answer else "too low"
    reading = _as_percent(value) if unit == "percent" else _plain(value)
    read_as = "" if reading == said else f" (read as {reading})"
    return Mark(verdict, f"Not quite: {said}{read_as} is {verdict}.", value)


def _slip(said: str, reading: Fraction, meant: Fraction, size: str, unit: Unit) -> str:
    """The message for a likely unit slip: the learner's own digits, 100 times too big or too small."""
    if size == "big" and unit == "probability":
        return f"{said} looks like a percent: write {_as_percent(meant)} or {_plain(meant)}."
    means = " is" if _as_percent(reading) == said.replace(" ", "") else f" means {_as_percent(reading)},"
    return (
        f"{said}{means} 100 times too {size} to be likely: a unit slip? "
        f"Write {_as_percent(meant)}, or the proportion {_plain(meant)}."
    )


def _plain(value: Fraction) -> str:
    """A value as a person writes it: exact decimals up to 12 places, else about 4 significant figures."""
    rest, places = value.denominator, 0
    for prime in (2, 5):
        count = 0
        while rest % prime == 0:
            rest //= prime
            count += 1
        places = max(places, count)
    if rest == 1 and places <= 12 and abs(value) < 10**15:
        digits = str(abs(value.numerator * 10**places // value.denominator)).rjust(places + 1, "0")
        whole, decimals = digits[: len(digits) - places], digits[len(digits) - places :]
        return ("-" if value < 0 else "") + whole + (f".{decimals}" if decimals else "")
    try:
        return f"≈ {float(value):.4g}"
    except OverflowError:
        return "an enormous number"


def _as_percent(value: Fraction) -> str:
    shown = _plain(value * 100)
    return f"{shown}%"


def _shown(value: Fraction, unit: Unit = "number") -> str:
    """An exact answer as a person reads it: a short fraction, then its decimal (and percent)."""
    plain = _plain(value)
    if unit == "percent":
        return _as_percent(value)
    parts = []
    if value.denominator != 1 and value.denominator <= 10_000:
        parts.append(str(value))
    parts.append(plain if plain.startswith("≈") or not parts else f"= {plain}")
    if unit == "probability":
        parts.append(f"({_as_percent(value)})")
    return " ".join(parts)


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


# ----------------------------------------------------------------------------- code exercises


@dataclass(frozen=True)
class Case:
    """One check of a learner's function: ``fn(*args)`` should give ``expected``.

    ``about`` names the case for the learner ("no trump in the hand"). ``compare(got,
    expected)`` decides, when given; by default numbers are equal to about nine significant
    figures (a float for an exact Fraction is fine), and tuples, lists and mappings are
    compared item by item the same way."""

    args: tuple[Any, ...]
    expected: Any
    about: str
    compare: Callable[[Any, Any], bool] | None = None


CaseStatus = Literal["right", "wrong", "raised", "slow", "stub"]


@dataclass(frozen=True)
class CaseResult:
    """What one case gave: its ``status`` and a one-line ``message`` (plain text)."""

    case: Case
    status: CaseStatus
    message: str


class _OverBudget(BaseException):
    """Raised into a case that runs past its budget (a BaseException: ``except Exception`` in
    the learner's code does not swallow it)."""


@contextmanager
def _time_budget(seconds: float | None) -> Iterator[None]:
    """Interrupt the code inside after ``seconds`` (a one-shot SIGALRM timer, so no thread is
    left running). Only where that is safe: the main thread of a POSIX process whose real-time
    timer is free; elsewhere the code runs without a budget."""
    if seconds is None or seconds <= 0:
        yield
        return
    usable = (
        hasattr(signal, "setitimer")
        and threading.current_thread() is threading.main_thread()
        and signal.getitimer(signal.ITIMER_REAL) == (0.0, 0.0)
    )
    if not usable:
        yield
        return

    def on_alarm(_signum: int, _frame: object) -> None:
        raise _OverBudget

    old = signal.signal(signal.SIGALRM, on_alarm)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        try:
            signal.setitimer(signal.ITIMER_REAL, 0)
        finally:  # the timer fires once at most, so the old handler is always put back
            signal.signal(signal.SIGALRM, old)


def same(got: object, expected: object) -> bool:
    """The default comparison of :class:`Case`: numbers equal to about nine significant figures
    (``abs_tol`` 1e-12 near 0), containers item by item, anything else by ``==``."""
    return _same(got, expected, 1e-9, 1e-12)


def within(rel_tol: float = 1e-9, abs_tol: float = 1e-12) -> Callable[[object, object], bool]:
    """A comparison for :class:`Case` like :func:`same` with tolerances of its own: looser where a
    learner may fairly round (z = 1.96 for 1.959964), or absolute for a chance quoted in floats."""

    def compare(got: object, expected: object) -> bool:
        return _same(got, expected, rel_tol, abs_tol)

    return compare


def _same(got: object, expected: object, rel_tol: float, abs_tol: float) -> bool:
    if isinstance(expected, bool) or isinstance(got, bool):
        return got is expected if isinstance(got, bool) and isinstance(expected, bool) else False
    if isinstance(expected, Number) and isinstance(got, Number):
        try:
            return math.isclose(float(got), float(expected), rel_tol=rel_tol, abs_tol=abs_tol)  # type: ignore[arg-type]
        except (TypeError, ValueError, OverflowError):
            return bool(got == expected)
    if isinstance(expected, Mapping):
        return (
            isinstance(got, Mapping)
            and set(got) == set(expected)
            and all(_same(got[k], expected[k], rel_tol, abs_tol) for k in expected)
        )
    if isinstance(expected, (tuple, list)):
        return (
            isinstance(got, (tuple, list))
            and len(got) == len(expected)
            and all(_same(g, e, rel_tol, abs_tol) for g, e in zip(got, expected, strict=True))
        )
    return bool(got == expected)


def _brief(value: object, limit: int = 80) -> str:
    """A value in one short line: a Fraction as 1/5, anything else by its repr, cut to ``limit``."""
    try:
        text = str(value) if isinstance(value, Fraction) else repr(value)
    except Exception:  # a learner's object whose repr fails
        text = f"<a {type(value).__name__}>"
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _call(fn: Callable[..., object], case: Case) -> str:
    args = ", ".join(_brief(a, 30) for a in case.args)
    return f"{getattr(fn, '__name__', 'fn')}({args})"


def run_case(fn: Callable[..., object], case: Case, budget: float | None = 2.0) -> CaseResult:
    """Run one case in this kernel (the learner's own code, from their own cell) and judge it."""
    try:
        args = copy.deepcopy(case.args)  # a function that changes its arguments spoils no other case
    except Exception:
        args = case.args
    call = _call(fn, case)
    try:
        with _time_budget(budget):
            got = fn(*args)
    except _OverBudget:
        return CaseResult(
            case, "slow", f"{case.about}: {call} took over {budget:g} s (a loop that never ends?)"
        )
    except NotImplementedError:
        return CaseResult(case, "stub", f"{case.about}: {call} raised NotImplementedError (still to write?)")
    except (Exception, SystemExit) as exc:  # the learner's code: a message, never a traceback
        where = _where(exc)
        said = " ".join(str(exc).split())[:120]
        return CaseResult(
            case,
            "raised",
            f"{case.about}: {call} raised {type(exc).__name__}{': ' + said if said else ''}{where}",
        )
    if got is Ellipsis or (got is None and case.expected is not None):
        missing = "still to write?" if got is Ellipsis else "is a return missing?"
        return CaseResult(case, "stub", f"{case.about}: {call} gave {got!r} ({missing})")
    try:
        right = (case.compare or same)(got, case.expected)
    except Exception as exc:
        return CaseResult(
            case,
            "wrong",
            f"{case.about}: {call} gave {_brief(got)}, which cannot be compared ({type(exc).__name__})",
        )
    if right:
        return CaseResult(case, "right", f"{case.about}: right")
    return CaseResult(
        case, "wrong", f"{case.about}: {call} gave {_brief(got)}, expected {_brief(case.expected)}"
    )


_NOT_LEARNERS = tuple(
    str(Path(folder).resolve()) for folder in (sys.prefix, sys.base_prefix, Path(__file__).parents[1])
)
"""Where the code that is not the learner's lives: Python, the installed packages, pitchlab."""


def _where(exc: BaseException) -> str:
    """Where in the learner's code an exception came from: the deepest frame of theirs (a
    notebook cell's, not Python's or pitchlab's), as ``' (in f, line 3)'``."""
    tb, last = exc.__traceback__, None
    while tb is not None:
        if not str(Path(tb.tb_frame.f_code.co_filename).resolve()).startswith(_NOT_LEARNERS):
            last = tb
        tb = tb.tb_next
    return "" if last is None else f" (in {last.tb_frame.f_code.co_name}, line {last.tb_lineno})"


def _in_voila() -> bool:
    """Whether this kernel serves a Voilà page (Voilà gives its kernels these variables)."""
    return "VOILA_PREHEAT" in os.environ or "VOILA_KERNEL_ID" in os.environ


class CodeReport(View):
    """What :func:`check_code` found: :attr:`passed`, one line per case, and a summary.

    ``written`` is ``False`` while every case finds a stub; the summary then says where to
    write it (on a Voilà page, whose code cells are hidden: in JupyterLab or on Binder). A
    function that answers some cases and gives ``None`` in others is written, and wrong."""

    def __init__(self, fn: Callable[..., object], results: Sequence[CaseResult]) -> None:
        self.results = tuple(results)
        self.passed = bool(self.results) and all(r.status == "right" for r in self.results)
        self.written = not all(r.status == "stub" for r in self.results)
        name = getattr(fn, "__name__", "the function")
        right = sum(r.status == "right" for r in self.results)
        if not self.written:
            where = (
                "This page hides its code: open this notebook in JupyterLab (or on Binder) to write the "
                "function, then run its cell and this one."
                if _in_voila()
                else f"Write the body of {name} in the cell above, run that cell, then run this one."
            )
            self.summary, cls = f"{name} is not written yet. {where}", "pl-todo"
        elif self.passed:
            self.summary, cls = f"Right: {name} passes all {len(self.results)} checks.", "pl-right"
        else:
            self.summary, cls = (
                f"Not yet: {name} passes {right} of {len(self.results)} checks. The first to fix: "
                + next(r.message for r in self.results if r.status != "right")
                + ".",
                "pl-wrong",
            )
        self.feedback = classed(w.HTML(escape(self.summary)), "pl-feedback", cls)
        mark_of = {"right": "✓", "wrong": "✗", "raised": "✗", "slow": "✗", "stub": "✗"}
        rows = "".join(
            f"<li><span aria-hidden='true'>{mark_of[r.status]}</span> "
            f"<span class='pl-case-{r.status}'>{escape(r.message)}</span></li>"
            for r in self.results
        )
        self.cases = classed(w.HTML(f"<ul>{rows}</ul>" if self.written else ""), "pl-code-case")
        self.widget = classed(w.VBox([style(), self.feedback, self.cases]), "pl-code-report")


def check_code(fn: Callable[..., object], cases: Sequence[Case], *, budget: float | None = 2.0) -> CodeReport:
    """Run the learner's ``fn`` on every case (each within ``budget`` seconds where the
    platform allows) and report: never raises for anything ``fn`` does."""
    return CodeReport(fn, [run_case(fn, case, budget) for case in cases])


# ----------------------------------------------------------------------------- figures


class FigureBox(View):
    """A plotly figure in the page: :meth:`draw` replaces it (with its words for a screen reader,
    through :func:`pitchlab.ui.plots.mimebundle`); setting an Output's outputs needs no running
    kernel, so a callback can redraw and a test can read what was drawn."""

    def __init__(self) -> None:
        self.output = classed(w.Output(), "pl-plot")
        self.figure: Any = None
        self.widget = self.output

    def draw(self, fig: Any) -> None:
        self.figure = fig
        self.output.outputs = plots.outputs_of(fig)


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


# ----------------------------------------------------------------------------- slider timings


REDRAW_BUDGET_MS = 250
"""The longest a slider may take to redraw (compute and figure) and still feel live."""


class Redraw(Protocol):
    """A slider view the benchmark can time (see the module's docstring)."""

    def redraw_cases(self) -> Iterable[tuple[str, Callable[[], object]]]: ...


def redraw_times(view: Redraw, rounds: int = 5) -> dict[str, float]:
    """The median milliseconds of each redraw case of ``view``, over ``rounds`` calls."""
    times: dict[str, float] = {}
    for name, redraw in view.redraw_cases():
        spent = []
        for _ in range(rounds):
            start = time.perf_counter()
            redraw()
            spent.append(1000 * (time.perf_counter() - start))
        times[name] = statistics.median(spent)
    return times


# ----------------------------------------------------------------------------- the page's address


def size_from_address(name: str, default: int, low: int, high: int, query: str | None = None) -> int:
    """A simulation's size that the page's address may set (``?hands=1000&games=100``): a teacher
    who wants sharper numbers for a class, or a quicker page, opens another address instead of
    editing the notebook. ``query`` is the address's query string (Voilà's ``QUERY_STRING`` when
    not given; none in a notebook opened in Jupyter).

    The address is the reader's input: anything but a whole number from ``low`` to ``high``
    keeps ``default`` and says so in the page, in one line."""
    if query is None:
        query = page_request.query()
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


SEED_HIGH = 999_999_999
"""The largest seed an address may give: nine digits, plenty for a class and a bound on the text."""


def seed_from_address(default: int, query: str | None = None) -> int:
    """The seed a page's address may set (``?seed=7``), so a teacher gives a whole class one
    page by handing out one address; a notebook opened in Jupyter keeps ``default``. A bad
    value (not a whole number from 0 to :data:`SEED_HIGH`) keeps ``default`` and says so in
    the page, in one line, as :func:`size_from_address` does."""
    return size_from_address("seed", default, 0, SEED_HIGH, query)
