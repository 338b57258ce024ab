"""The classroom kit: the widgets every lesson shares, so a lesson holds only its own content.

One module per concern, all reached from here (``from pitchlab.ui import classroom``):

- :mod:`~pitchlab.ui.classroom.answers`: reading a number the way people write it and
  marking it (:func:`read_number`, :func:`mark`), with format problems named apart from
  wrong values;
- :mod:`~pitchlab.ui.classroom.exercises`: the widgets that ask (:class:`Exercise`,
  :class:`MultipleChoice` of :class:`Choice`, :class:`ProgressBar`) and the lessons' CSS;
- :mod:`~pitchlab.ui.classroom.code_checks`: a learner's own function checked case by case
  (:func:`check_code` of :class:`Case`, a :class:`CodeReport`);
- :mod:`~pitchlab.ui.classroom.figures`: a plotly figure in the page (:class:`FigureBox`);
- :mod:`~pitchlab.ui.classroom.timings`: how long a slider takes to redraw (:func:`redraw_times`);
- :mod:`~pitchlab.ui.classroom.address`: what the page's address may set
  (:func:`size_from_address`, :func:`seed_from_address`).
"""

from pitchlab.ui.classroom.address import SEED_HIGH, seed_from_address, size_from_address
from pitchlab.ui.classroom.answers import (
    EXAMPLES,
    MAX_ANSWER,
    UNITS,
    Mark,
    Typed,
    Unit,
    Unreadable,
    mark,
    read_number,
    read_typed,
)
from pitchlab.ui.classroom.code_checks import (
    Case,
    CaseResult,
    CodeReport,
    check_code,
    run_case,
    same,
    within,
)
from pitchlab.ui.classroom.exercises import (
    CLASSROOM_CSS,
    Choice,
    Exercise,
    MultipleChoice,
    ProgressBar,
    style,
)
from pitchlab.ui.classroom.figures import FigureBox
from pitchlab.ui.classroom.timings import REDRAW_BUDGET_MS, Redraw, redraw_times

__all__ = [
    "CLASSROOM_CSS",
    "EXAMPLES",
    "MAX_ANSWER",
    "REDRAW_BUDGET_MS",
    "SEED_HIGH",
    "UNITS",
    "Case",
    "CaseResult",
    "Choice",
    "CodeReport",
    "Exercise",
    "FigureBox",
    "Mark",
    "MultipleChoice",
    "ProgressBar",
    "Redraw",
    "Typed",
    "Unit",
    "Unreadable",
    "check_code",
    "mark",
    "read_number",
    "read_typed",
    "redraw_times",
    "run_case",
    "same",
    "seed_from_address",
    "size_from_address",
    "style",
    "within",
]
