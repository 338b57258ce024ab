"""Slider timings: a lesson module with slider views lists them in a module-level ``REDRAWS``,
a tuple of zero-argument callables that each build one view. A view there has
``redraw_cases()``, yielding ``(name, redraw)`` pairs, where ``redraw()`` does the whole work
of one slider move (compute and figure): the method the slider's observer calls, with a
value, so that calling it twice redraws twice (setting a slider to the value it holds redraws
nothing). ``benchmarks/sliders.py`` times them all; a lesson's test may assert its own
medians with :func:`redraw_times`.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable, Iterable
from typing import Protocol

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
