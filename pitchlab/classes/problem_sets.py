"""A class's problem set: a few shipped practice problems a teacher gives a class, in order.

The teacher makes a set on the teacher's page (:mod:`pitchlab.ui.teacher`), either chosen
from the shipped problems by game, level and theme (:func:`choose`: the same choice and draw
number give the same problems on any machine) or typed as a list of problem ids
(:func:`from_ids`). The class store keeps the set with the class
(:meth:`pitchlab.classes.store.ClassStore.give_set`): problem ids and the words it was made
from, never an answer. A student who joins the class on the practice page gets the set there.

Each attempt is judged in the student's own kernel (:func:`attempt_payload`: the answer given,
as its place among the answers the position offers, and whether it is one of the problem's
accepted answers); the teacher's page judges every stored row again from the problem itself
(:func:`pitchlab.classes.pooling.problem_set_lines`), so a row that claims a solve its answer
does not make is left out.
"""

from __future__ import annotations

import hashlib
import json
import random
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from pitchlab.classes.payloads import MAX_ATTEMPTS, MAX_SET_PROBLEMS, SET_DIGEST_CHARS, SET_PREFIX
from pitchlab.engine.errors import ClassError, printable

if TYPE_CHECKING:
    from pitchlab.practice.problems import Problem

FORMAT = "pitchlab-set/1"
"""The stored form's name and version."""
MAX_TEXT = 2000
"""The longest stored set read: ten ids and a line of words fit many times over."""
MAX_WORDS = 160
"""Characters of the line saying how a set was made."""
SIZES = tuple(range(5, MAX_SET_PROBLEMS + 1))
"""How many problems the teacher's menu offers: a lesson's worth."""
MAX_DRAW = 999
_ID = re.compile(r"[a-z0-9-]{1,80}")


@dataclass(frozen=True)
class ProblemSet:
    """The problems a class is given, in the order students meet them, and how they were chosen."""

    ids: tuple[str, ...]
    made_from: str

    @property
    def experiment(self) -> str:
        """The name the class store keeps this set's attempts under: ``set:`` and a digest of the
        ids in order (the same set given again finds its rows)."""
        digest = hashlib.sha256("\n".join((FORMAT, *self.ids)).encode()).hexdigest()
        return SET_PREFIX + digest[:SET_DIGEST_CHARS]

    def to_text(self) -> str:
        return json.dumps({"format": FORMAT, "problems": list(self.ids), "from": self.made_from})

    @classmethod
    def from_text(cls, text: str) -> ProblemSet:
        """A stored set, or :class:`ClassError` saying in a few words why it is not one."""
        refused = ClassError("the stored set is damaged or was made by a newer pitchlab")
        if not isinstance(text, str) or len(text) > MAX_TEXT:
            raise refused
        try:
            data = json.loads(text)
        except ValueError:
            raise refused from None
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise refused
        ids, words = data.get("problems"), data.get("from")
        if not isinstance(words, str) or not isinstance(ids, list):
            raise refused
        return cls(check_ids(ids), printable(words, MAX_WORDS))


def check_ids(ids: Sequence[object]) -> tuple[str, ...]:
    """Problem ids as a set holds them: 1 to :data:`MAX_SET_PROBLEMS`, each written as an id is,
    none twice. Whether each is shipped is the caller's to check (:func:`from_ids`)."""
    if not 1 <= len(ids) <= MAX_SET_PROBLEMS:
        raise ClassError(f"a problem set holds 1 to {MAX_SET_PROBLEMS} problems, not {len(ids)}")
    found: list[str] = []
    for given in ids:
        if not isinstance(given, str) or not _ID.fullmatch(given):
            shown = printable(given, 40) if isinstance(given, str) else type(given).__name__
            raise ClassError(f"{shown!r} is not a problem id: an id is like ten-point-0-17")
        if given in found:
            raise ClassError(f"{given} is in the set twice")
        found.append(given)
    return tuple(found)


def choose(
    problems: Sequence[Problem], ruleset: str, level: int | None, theme: str, size: int, draw: int
) -> ProblemSet:
    """``size`` problems of ``ruleset`` (at ``level`` and with ``theme``, when given), drawn by
    ``draw``: the same arguments choose the same problems wherever they run (the draw is seeded
    by them, over the candidates in id order). Easier problems first; within a level, as drawn.
    Fewer candidates than ``size``: every one of them. None: :class:`ClassError`."""
    if size not in SIZES:
        raise ClassError(f"a chosen set has {SIZES[0]} to {SIZES[-1]} problems")
    if isinstance(draw, bool) or not isinstance(draw, int) or not 1 <= draw <= MAX_DRAW:
        raise ClassError(f"the draw is a whole number from 1 to {MAX_DRAW}")
    candidates = sorted(
        (
            p
            for p in problems
            if p.ruleset == ruleset
            and (level is None or p.level == level)
            and (not theme or theme in p.themes)
        ),
        key=lambda p: p.id,
    )
    if not candidates:
        raise ClassError("no problem has that game, level and theme: choose another level or theme")
    rng = random.Random(f"{FORMAT}\n{ruleset}\n{level}\n{theme}\n{size}\n{draw}")
    picked = rng.sample(candidates, min(size, len(candidates)))
    picked.sort(key=lambda p: p.level)  # stable: the draw's order within a level
    where = f"level {level}" if level is not None else "every level"
    about = f"theme {theme}" if theme else "every theme"
    return ProblemSet(tuple(p.id for p in picked), f"{ruleset}, {where}, {about}, draw {draw}")


def from_ids(problems: Sequence[Problem], text: str) -> ProblemSet:
    """A set of the problems typed (ids separated by commas or spaces), each one shipped."""
    if not isinstance(text, str) or len(text) > MAX_TEXT:
        raise ClassError("that list is too long to be a problem set")
    ids = check_ids([part for part in re.split(r"[\s,]+", text.strip().lower()) if part])
    known = {p.id for p in problems}
    for given in ids:
        if given not in known:
            raise ClassError(f"there is no practice problem {given}")
    return ProblemSet(ids, "chosen one by one by the teacher")


def attempt_payload(problem: Problem, place: int, given: str, attempt: int) -> dict[str, Any]:
    """A student's attempt at the set's problem at ``place``, judged here in their kernel: the
    answer as its place among the answers the position offers, and whether it is accepted."""
    from pitchlab.practice.problems import answers_at  # the engine only where a page judges

    offered = answers_at(problem.hand())
    if given not in offered:
        raise ClassError(f"{printable(given, 20)} cannot be chosen in problem {problem.id}")
    if not 1 <= attempt <= MAX_ATTEMPTS:
        raise ClassError(f"a problem's attempts are counted up to {MAX_ATTEMPTS}")
    right = int(given in problem.answers)
    return {"problem": place, "attempt": attempt, "answer": offered.index(given), "right": right}


def shown_payload(place: int, attempts: int) -> dict[str, Any]:
    """The student asked for the answer to the set's problem at ``place`` after ``attempts``
    attempts: a solve after this does not count."""
    return {"problem": place, "shown": min(attempts, MAX_ATTEMPTS)}


def slot_of(payload: dict[str, Any]) -> str:
    """The store's slot for a set row: one attempt, or the answer shown, of one problem, once."""
    if "shown" in payload:
        return f"{payload['problem']}.shown"
    return f"{payload['problem']}.{payload['attempt']}"


__all__ = [
    "FORMAT",
    "SIZES",
    "ProblemSet",
    "attempt_payload",
    "check_ids",
    "choose",
    "from_ids",
    "shown_payload",
    "slot_of",
]
