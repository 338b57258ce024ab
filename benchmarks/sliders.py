"""Slider speed: how long each lesson slider takes to redraw (compute and figure), median ms.

    python benchmarks/sliders.py              # a table
    python benchmarks/sliders.py --json       # one JSON object, for tracking
    python benchmarks/sliders.py --rounds 3   # fewer rounds per case

Every lesson module (``pitchlab.lessons.classroom.*`` and ``pitchlab.lessons.tutorial.*``)
that has slider views lists them in a module-level ``REDRAWS``: zero-argument callables that
each build one view whose ``redraw_cases()`` yields ``(name, redraw)`` pairs (the protocol
:class:`pitchlab.ui.classroom.Redraw`). Each view is built once, outside the timing; each case
is then timed by :func:`pitchlab.ui.classroom.redraw_times`. A lesson joins this benchmark by
defining ``REDRAWS``; with none defined, the table is empty. The budget a slider aims at is
:data:`pitchlab.ui.classroom.REDRAW_BUDGET_MS`; the machine is shared and noisy, so a case
over it is marked, not failed.
"""

from __future__ import annotations

import argparse
import importlib
import json
import pkgutil
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass
from types import ModuleType

from pitchlab import lessons
from pitchlab.ui.classroom import REDRAW_BUDGET_MS, Redraw, redraw_times

PACKAGES = ("pitchlab.lessons.classroom", "pitchlab.lessons.tutorial")


@dataclass(frozen=True)
class Timing:
    """One redraw case's median over the rounds."""

    module: str
    view: str
    case: str
    median_ms: float


def lesson_modules(packages: Sequence[str] = PACKAGES) -> list[ModuleType]:
    """Every module of the lesson packages, imported."""
    found = []
    for name in packages:
        package = importlib.import_module(name)
        for info in pkgutil.iter_modules(package.__path__, prefix=f"{name}."):
            found.append(importlib.import_module(info.name))
    return found


def slider_views(module: ModuleType) -> tuple[Callable[[], Redraw], ...]:
    """A module's ``REDRAWS``, or none."""
    return tuple(getattr(module, "REDRAWS", ()))


def timings(modules: Sequence[ModuleType], rounds: int) -> list[Timing]:
    out = []
    for module in modules:
        for build in slider_views(module):
            view = build()
            name = type(view).__name__
            for case, ms in redraw_times(view, rounds).items():
                out.append(Timing(module.__name__, name, case, ms))
    return out


def main(argv: Sequence[str] | None = None) -> list[Timing]:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--rounds", type=int, default=7, help="redraws per case (the median is reported)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    if args.rounds < 1:
        parser.error("--rounds must be at least 1")
    found = timings(lesson_modules(), args.rounds)
    if args.json:
        print(
            json.dumps(
                {
                    "budget_ms": REDRAW_BUDGET_MS,
                    "rounds": args.rounds,
                    "cases": [asdict(t) | {"median_ms": round(t.median_ms, 2)} for t in found],
                }
            )
        )
        return found
    print(f"slider redraws, median of {args.rounds} rounds (budget {REDRAW_BUDGET_MS} ms)")
    if not found:
        print(f"no lesson module under {lessons.__name__} lists slider views in REDRAWS yet")
    for t in found:
        over = "  OVER BUDGET" if t.median_ms > REDRAW_BUDGET_MS else ""
        print(f"{t.module.rsplit('.', 1)[-1]:32} {t.view:24} {t.case:28} {t.median_ms:9.1f} ms{over}")
    return found


if __name__ == "__main__":
    main()
