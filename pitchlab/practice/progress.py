"""A learner's practice progress: what was solved, the level reached, and what to review.

The practice page keeps this record in the learner's own browser (through
:class:`pitchlab.ui.storage.BrowserStore`), so it survives a reload and a restart of the
server. It holds problem ids and counts only, never an answer: a learner reading the stored
text learns nothing about any problem.

**What counts.** Only the first answer given to a problem each time it is shown is recorded
(:meth:`Progress.record`): a right answer after "Try again" is a lesson learned, not a problem
solved. Each record moves the clock, :attr:`Progress.seen` (problems answered so far), which is
how the review queue measures time: no clock or date is needed, and a learner who stops for a
week finds the queue as they left it.

**The level** (one per ruleset, 1 to 5). :data:`RISE` right answers in a row at the current
level move it up one (at most 5); :data:`FALL` misses in a row at the current level move it
down one (at least 1). The run starts again after each move, after any answer breaking it, and
when the learner chooses a level. Answers to problems of other levels (reviews of earlier
misses, a problem opened by its address) count as solved or missed but leave the level alone:
only the level being practised says whether it is mastered.

**Review these again** (spaced repetition, Leitner's boxes). A miss puts the problem in box 1;
a problem in box *b* is due once :data:`INTERVALS` [*b* - 1] more problems have been answered.
Answered right when shown again, it moves up a box (due later); right in the last box, it leaves
the queue; missed again, it goes back to box 1. A problem answered right is never queued.

The stored form is JSON with a ``format`` field (:data:`FORMAT`); :meth:`Progress.from_json`
refuses anything else (damaged, edited into nonsense, or from another program) with a
:class:`~pitchlab.engine.errors.PitchError` whose message says why in a few words.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any, Protocol

from pitchlab.engine.errors import PitchError

FORMAT = "pitchlab-progress/1"
"""The stored format's name and version."""
RISE = 3
"""Right answers in a row at the current level that move it up one."""
FALL = 2
"""Misses in a row at the current level that move it down one."""
LOWEST, HIGHEST = 1, 5
INTERVALS = (2, 5, 12)
"""Problems answered before a queued problem is due again, by box (box 1 first): soon after a
miss, then further apart each time it is answered right."""
MAX_STORED = 200_000
"""The longest stored text read (a few thousand problems' counts fit many times over)."""
_ID = re.compile(r"[a-z0-9-]{1,80}")


class Solvable(Protocol):
    """What the summaries need of a problem (:class:`pitchlab.practice.problems.Problem` has it)."""

    @property
    def id(self) -> str: ...
    @property
    def ruleset(self) -> str: ...
    @property
    def level(self) -> int: ...
    @property
    def themes(self) -> tuple[str, ...]: ...


@dataclass
class Review:
    """A missed problem in the review queue: its box (1 first) and when it is due (a value of
    :attr:`Progress.seen`)."""

    box: int
    due: int


@dataclass
class Progress:
    """One learner's record (see the module docstring)."""

    seen: int = 0
    """Problems answered so far (first answers only): the review queue's clock."""
    tries: dict[str, int] = field(default_factory=dict)
    """Problem id: times it was answered (first answers only)."""
    solved: dict[str, int] = field(default_factory=dict)
    """Problem id: times its first answer was right."""
    levels: dict[str, int] = field(default_factory=dict)
    """Ruleset: the current level (absent: level 1)."""
    runs: dict[str, int] = field(default_factory=dict)
    """Ruleset: the run at the current level, right answers in a row (above 0) or misses (below)."""
    review: dict[str, Review] = field(default_factory=dict)
    """Problem id: its place in the review queue, in the order the misses came."""

    # ------------------------------------------------------------------ recording

    def level(self, ruleset: str) -> int:
        return self.levels.get(ruleset, LOWEST)

    def choose_level(self, ruleset: str, level: int) -> None:
        """The learner chose a level: practise it from here, with a new run."""
        if not LOWEST <= level <= HIGHEST:
            raise PitchError(f"a level is from {LOWEST} to {HIGHEST}, not {level}")
        self.levels[ruleset] = level
        self.runs[ruleset] = 0

    def record(self, problem: Solvable, right: bool) -> int:
        """Record the first answer to ``problem`` this time it was shown; the level's move
        (+1 up, -1 down, 0 none)."""
        self.seen += 1
        self.tries[problem.id] = self.tries.get(problem.id, 0) + 1
        if right:
            self.solved[problem.id] = self.solved.get(problem.id, 0) + 1
        self._review(problem.id, right)
        return self._move(problem, right)

    def _review(self, problem_id: str, right: bool) -> None:
        queued = self.review.get(problem_id)
        if not right:
            self.review.pop(problem_id, None)  # to the end of the queue, box 1
            self.review[problem_id] = Review(1, self.seen + INTERVALS[0])
        elif queued is not None:
            if queued.box == len(INTERVALS):
                del self.review[problem_id]
            else:
                queued.box += 1
                queued.due = self.seen + INTERVALS[queued.box - 1]

    def _move(self, problem: Solvable, right: bool) -> int:
        ruleset = problem.ruleset
        level = self.level(ruleset)
        if problem.level != level:
            return 0
        run = self.runs.get(ruleset, 0)
        run = (max(run, 0) + 1) if right else (min(run, 0) - 1)
        self.levels[ruleset], self.runs[ruleset] = level, run
        step = 1 if run >= RISE else -1 if run <= -FALL else 0
        if step and LOWEST <= level + step <= HIGHEST:
            self.levels[ruleset] = level + step
            self.runs[ruleset] = 0
            return step
        if step:
            self.runs[ruleset] = 0
        return 0

    # ------------------------------------------------------------------ reading

    def due(self) -> list[str]:
        """The queued problems due now, the longest waiting first (then in the order missed)."""
        waiting = [(r.due, i, pid) for i, (pid, r) in enumerate(self.review.items()) if r.due <= self.seen]
        return [pid for _due, _i, pid in sorted(waiting)]

    def is_solved(self, problem_id: str) -> bool:
        return self.solved.get(problem_id, 0) > 0

    def keep_only(self, known: Iterable[str]) -> None:
        """Forget problems not in ``known`` (a problem a later version no longer ships)."""
        ids = set(known)
        for table in (self.tries, self.solved, self.review):
            for pid in [p for p in table if p not in ids]:
                del table[pid]

    # ------------------------------------------------------------------ stored form

    def to_json(self) -> str:
        return json.dumps(
            {
                "format": FORMAT,
                "seen": self.seen,
                "tries": self.tries,
                "solved": self.solved,
                "levels": {
                    r: [self.level(r), self.runs.get(r, 0)] for r in sorted({*self.levels, *self.runs})
                },
                "review": {pid: [r.box, r.due] for pid, r in self.review.items()},
            },
            separators=(",", ":"),
        )

    @classmethod
    def from_json(cls, text: str) -> Progress:
        """The record in ``text``; :class:`PitchError` saying why for anything else."""
        if len(text) > MAX_STORED:
            raise PitchError(f"the stored progress is too long ({len(text):,} characters)")
        try:
            data = json.loads(text)
        except ValueError:
            raise PitchError("the stored progress is not readable (damaged)") from None
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise PitchError("the stored value is not pitchlab practice progress")
        seen = _count(data.get("seen"), "seen")
        tries = _counts(data.get("tries"), "tries")
        solved = _counts(data.get("solved"), "solved")
        if any(n > tries.get(pid, 0) for pid, n in solved.items()):
            raise PitchError("the stored progress has a problem solved more often than tried")
        levels, runs = {}, {}
        for ruleset, pair in _table(data.get("levels"), "levels").items():
            level, run = _pair(pair, "levels")
            if not LOWEST <= level <= HIGHEST or not -FALL < run < RISE:
                raise PitchError("the stored progress has a level out of range")
            levels[ruleset], runs[ruleset] = level, run
        review = {}
        for pid, pair in _table(data.get("review"), "review").items():
            box, due = _pair(pair, "review")
            if not 1 <= box <= len(INTERVALS) or due < 0:
                raise PitchError("the stored progress has a review out of range")
            review[pid] = Review(box, due)
        return cls(seen, tries, solved, levels, runs, review)


def _count(value: Any, name: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise PitchError(f"the stored progress has a bad {name!r} count")
    return value


def _table(value: Any, name: str) -> dict[str, Any]:
    if not isinstance(value, dict) or not all(isinstance(k, str) and _ID.fullmatch(k) for k in value):
        raise PitchError(f"the stored progress has a bad {name!r} table")
    return value


def _counts(value: Any, name: str) -> dict[str, int]:
    return {k: _count(v, name) for k, v in _table(value, name).items()}


def _pair(value: Any, name: str) -> tuple[int, int]:
    if (
        not isinstance(value, list)
        or len(value) != 2
        or not all(isinstance(v, int) and not isinstance(v, bool) for v in value)
    ):
        raise PitchError(f"the stored progress has a bad entry in {name!r}")
    return value[0], value[1]


# ---------------------------------------------------------------------- summaries


@dataclass(frozen=True)
class Tally:
    """Problems solved of those there are, in one group (a level, a theme)."""

    solved: int
    total: int


def tallies(progress: Progress, problems: Iterable[Solvable]) -> tuple[dict[int, Tally], dict[str, Tally]]:
    """Problems solved (at least once) of those there are, by level and by theme, among
    ``problems`` (one ruleset's, say); themes in order of the most solved, then by name."""
    by_level: dict[int, list[int]] = {}
    by_theme: dict[str, list[int]] = {}
    for p in problems:
        done = int(progress.is_solved(p.id))
        for counts in (
            by_level.setdefault(p.level, [0, 0]),
            *(by_theme.setdefault(t, [0, 0]) for t in p.themes),
        ):
            counts[0] += done
            counts[1] += 1
    levels = {k: Tally(*by_level[k]) for k in sorted(by_level)}
    themes = {k: Tally(*v) for k, v in sorted(by_theme.items(), key=lambda kv: (-kv[1][0], kv[0]))}
    return levels, themes


__all__ = [
    "FALL",
    "FORMAT",
    "INTERVALS",
    "RISE",
    "Progress",
    "Review",
    "Tally",
    "tallies",
]
