"""Code exercises: the learner writes a function in a notebook cell (their own kernel runs
it; the kit never runs text typed into a widget) and the cell after it shows
``check_code(fn, CASES)``, a :class:`CodeReport`.

A stub (it returns ``None`` or ``...``, or raises ``NotImplementedError``) reads "not written
yet"; a wrong case is named with what came back and what was expected; an exception or a case
over its time budget is one line, never a traceback. ``report.passed`` is what a teacher's
guide asserts. CSS classes: ``pl-code-report`` (its feedback also ``pl-todo`` while the
function is not written), ``pl-code-case``.
"""

from __future__ import annotations

import copy
import math
import os
import signal
import sys
import threading
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from fractions import Fraction
from numbers import Number
from pathlib import Path
from typing import Any, Literal

import ipywidgets as w

from pitchlab.ui.classroom.exercises import style
from pitchlab.ui.markup import escape, html, join
from pitchlab.ui.widgets import View, classed

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
        rows = join(
            html(
                "<li><span aria-hidden='true'>{mark}</span> <span class='pl-case-{status}'>{message}</span></li>",
                mark=mark_of[r.status],
                status=r.status,
                message=r.message,
            )
            for r in self.results
        )
        self.cases = classed(w.HTML(f"<ul>{rows}</ul>" if self.written else ""), "pl-code-case")
        self.widget = classed(w.VBox([style(), self.feedback, self.cases]), "pl-code-report")


def check_code(fn: Callable[..., object], cases: Sequence[Case], *, budget: float | None = 2.0) -> CodeReport:
    """Run the learner's ``fn`` on every case (each within ``budget`` seconds where the
    platform allows) and report: never raises for anything ``fn`` does."""
    return CodeReport(fn, [run_case(fn, case, budget) for case in cases])
