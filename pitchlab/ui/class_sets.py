"""A class's problem set on the practice page: the student's side.

The practice page (:class:`pitchlab.ui.practice.PracticePage`) shows the joining panel
(:class:`~pitchlab.ui.class_join.ClassJoin`) when its address names a class (``?class=K7QM2X``)
or the browser is in one already. Once the student is in a class whose teacher gave it a
problem set (:meth:`pitchlab.classes.store.ClassStore.give_set`), the page shows that set's
problems in order in place of its menus, and each answer the student gives to one of them is
judged here, in the kernel, and stored as a row of the class
(:func:`pitchlab.classes.problem_sets.attempt_payload`): which problem, which attempt, the answer
given (its place among the answers the position offers) and whether it was right. A right answer,
or **Show the answer**, settles the problem for the class: later answers stay on the page. The
page is never sent a problem's answer before the student has given one, class or no class.

Every refusal (no set given, a set naming a problem this pitchlab does not ship, a closed class,
a store that does not answer) is one line under the panel, and the practice goes on. Stable CSS
classes: ``pl-class-set``, ``pl-class-set-status``, ``pl-class-sent``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import ipywidgets as w

from pitchlab.classes import problem_sets
from pitchlab.classes.problem_sets import ProblemSet
from pitchlab.engine.errors import PitchError
from pitchlab.ui.class_join import ClassJoin, line
from pitchlab.ui.markup import html
from pitchlab.ui.widgets import View, classed

if TYPE_CHECKING:
    from pitchlab.practice.problems import Problem
    from pitchlab.ui.practice import PracticePage

SENDS = "your answers to the class's problem set (each answer you give, and whether it was right)"
"""What joining a class sends from the practice page, in the sentence shown before joining."""


class ClassSetPlay(View):
    """The practice page's class part: the joining panel, then the class's set (see the module)."""

    def __init__(self, page: PracticePage, join: ClassJoin) -> None:
        """``join`` is made with ``sends=``:data:`SENDS`, so the student reads what will be sent."""
        self.page = page
        self.join = join
        self.problem_set: ProblemSet | None = None
        self.attempts: dict[int, int] = {}
        """Attempts stored at each problem, by its place in the set."""
        self.settled: set[int] = set()
        """Places solved, or whose answer was shown: the class has their outcome."""
        self.solved: set[int] = set()
        self.status = classed(w.HTML(), "pl-class-set-status")
        self.sent = classed(w.HTML(), "pl-class-sent")
        self.widget = classed(w.VBox([join.widget, self.status, self.sent]), "pl-class-set")
        page.on_answer.append(self.answered)
        page.on_reveal.append(self.revealed)
        join.listeners.append(self._on_member)
        self._on_member()

    def _place(self, problem: Problem) -> int | None:
        """Where ``problem`` is in the class's set, while the page shows that set."""
        if self.problem_set is None or not self.page.fixed or problem.id not in self.problem_set.ids:
            return None
        return self.problem_set.ids.index(problem.id)

    def _on_member(self) -> None:
        """Joined, rejoined or left: take up the class's set (and what this student sent to it),
        or give the page its menus back."""
        member = self.join.member
        shown = member is not None or bool(self.join.address_code)
        self.widget.layout.display = None if shown else "none"
        self.problem_set, self.attempts, self.settled, self.solved = None, {}, set(), set()
        self.sent.value = ""
        if member is None:
            self.status.value = ""
            self.page.use_set(None)
            return
        try:
            given = self.join.store.problem_set(member.code)
            if given is None:
                self.status.value = html(
                    "Class {} has no problem set yet: practise as you like below. When your teacher "
                    "gives one, reload this page.",
                    member.code,
                )
                self.page.use_set(None)
                return
            known = {p.id: p for p in self.page.all}
            missing = [i for i in given.ids if i not in known]
            if missing:
                self.status.value = html(
                    "Class {}'s problem set names a problem this page does not have "
                    "({}): tell your teacher. Practise as you like meanwhile.",
                    member.code,
                    missing[0],
                )
                self.page.use_set(None)
                return
            for row in self.join.store.own(member, given.experiment):
                self._count(row.payload)
        except PitchError as exc:
            self.status.value = html(
                "Class {}'s problem set could not be read: {}. Practise as you like, and tell your teacher.",
                member.code,
                line(exc),
            )
            self.page.use_set(None)
            return
        self.problem_set = given
        ahead = [k for k in range(len(given.ids)) if k not in self.settled]
        self.page.use_set(
            [known[i] for i in given.ids], f"Class {member.code}'s set", ahead[0] if ahead else 0
        )
        self._say()

    def _count(self, payload: dict[str, int]) -> None:
        """Take one of this student's stored rows into account (on joining, and after a send)."""
        place = int(payload["problem"])
        if "shown" in payload:
            self.settled.add(place)
            return
        self.attempts[place] = max(self.attempts.get(place, 0), int(payload["attempt"]))
        if payload["right"]:
            self.settled.add(place)
            self.solved.add(place)

    def _say(self) -> None:
        member, given = self.join.member, self.problem_set
        if member is None or given is None:
            return
        count = len(given.ids)
        self.status.value = html(
            "Your teacher gave class {code} a problem set of {count} problems "
            "({made_from}). They come in order below; Next problem moves on. "
            "You have solved {solved} of {count}.",
            code=member.code,
            count=count,
            made_from=given.made_from,
            solved=len(self.solved),
        )

    def _send(self, place: int, payload: dict[str, int], what: str) -> bool:
        member, given = self.join.member, self.problem_set
        if member is None or given is None:
            return False
        try:
            stored = self.join.store.submit(member, given.experiment, payload, problem_sets.slot_of(payload))
        except PitchError as exc:
            self.sent.value = f"Not sent: {line(exc)}."
            return False
        self._count(payload)
        said = "{what} sent to class {code}." if stored else "{what}: already in class {code}, counted once."
        self.sent.value = html('<div role="status">' + said + "</div>", what=what, code=member.code)
        self._say()
        return True

    def answered(self, problem: Problem, given: str) -> None:
        """The student answered a problem of the set: judged here and sent, unless the class has
        that problem's outcome already (solved, or its answer shown)."""
        place = self._place(problem)
        if place is None:
            return
        if place in self.settled:
            self.sent.value = (
                f"Problem {place + 1}: your class has your answer already; practise it as you like."
            )
            return
        try:
            payload = problem_sets.attempt_payload(problem, place, given, self.attempts.get(place, 0) + 1)
        except PitchError as exc:
            self.sent.value = f"Not sent: {line(exc)}."
            return
        self._send(place, payload, f"Your answer to problem {place + 1}")

    def revealed(self, problem: Problem) -> None:
        """The student asked for the answer: the class learns it was shown (a later solve does not count)."""
        place = self._place(problem)
        if place is None or place in self.settled:
            return
        self._send(
            place, problem_sets.shown_payload(place, self.attempts.get(place, 0)), "That you saw the answer"
        )


__all__ = ["SENDS", "ClassSetPlay"]
