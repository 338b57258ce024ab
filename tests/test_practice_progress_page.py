"""The practice page keeps the learner's progress (pitchlab.practice.progress) in the browser,
driven through its widgets with the browser's side played by hand: ``stored`` is what the
browser held when the page opened, ``value`` what the page writes back.

Counts are worked by hand from the rules: a first answer counts, three right in a row at the
level move it up, a miss is due again two problems later."""

from __future__ import annotations

import json
import re

import ipywidgets as w

from pitchlab.practice.progress import Progress
from pitchlab.ui.practice import PracticePage
from tests.widget_tree import walk

PROBLEM = "ten-point-0-17"  # the jack is the answer, the joker a miss (tests/test_practice_page.py)


def text(html: str) -> str:
    return re.sub(r"<[^>]+>", "", html)


def opened(stored: str = "", query: str = "") -> PracticePage:
    """A page as a browser opens it: the address read, then the browser's record arriving."""
    page = PracticePage()
    page.apply_query(query)
    page.store.stored = stored
    page.store.ready = True
    return page


def test_one_solved_one_missed_are_kept_and_read_back_by_the_next_page() -> None:
    page = opened(query=f"problem={PROBLEM}")
    assert page.problem is not None and page.problem.id == PROBLEM  # the address wins over the record
    page.answer("JK")  # missed
    page.try_again.click()
    page.answer("JS")  # right at the second try: a lesson, not a problem solved
    stored = json.loads(page.store.value)
    assert stored["tries"] == {PROBLEM: 1} and stored["solved"] == {}
    assert stored["review"] == {PROBLEM: [1, 3]}
    page.onward.click()
    other = page.problem
    assert other.id != PROBLEM and other.level == 1
    page.answer(other.answers[0])
    said = text(page.summary.value)
    assert "level 1 (first steps); 1 of 278 problems solved" in said, said
    assert "Review these again (1): the next is due after 1 more problem." in said, said

    again = opened(page.store.value)  # the reload: a new page, the same browser
    assert text(again.summary.value) == said
    assert again.problem is not None and again.problem.id not in (PROBLEM, other.id)  # neither solved nor due
    again.answer(again.problem.answers[0])  # seen 3: the miss is due
    assert "1 due now" in text(again.summary.value)
    again.next_problem.click()
    assert again.problem.id == PROBLEM and "Review:" in text(again.count.value)
    assert again.level.value == 1


def test_three_right_at_the_level_move_it_up_and_the_next_problem_follows() -> None:
    page = opened()
    for k in range(3):
        assert page.problem is not None and page.problem.level == 1
        page.answer(page.problem.answers[0])
        if k < 2:
            page.onward.click()
    assert "3 right answers in a row: your next problems are at level 2 (easy)" in text(page.summary.value)
    page.onward.click()
    assert page.level.value == 2 and page.problem is not None and page.problem.level == 2
    assert json.loads(page.store.value)["levels"] == {"ten-point": [2, 0]}


def test_a_level_chosen_in_the_menu_is_kept() -> None:
    page = opened()
    page.level.value = 3
    assert json.loads(page.store.value)["levels"] == {"ten-point": [3, 0]}
    again = opened(page.store.value)
    assert again.level.value == 3 and again.problem is not None and again.problem.level == 3


def test_a_damaged_record_is_said_in_one_line_and_replaced_by_the_next_answer() -> None:
    page = opened('{"format": "pitchlab-save/1", "view": {}}')
    said = text(page.summary.value)
    assert (
        "Your saved progress could not be read (the stored value is not pitchlab practice progress)" in said
    )
    assert page.store.value == ""  # nothing written over it until the learner answers
    assert page.problem is not None
    page.answer(page.problem.answers[0])
    assert Progress.from_json(page.store.value).seen == 1


def test_reset_asks_first_then_forgets_everything() -> None:
    page = opened()
    assert page.problem is not None
    page.answer(page.problem.answers[0])
    page.reset.click()
    confirm = [x for x in walk(page.widget) if "pl-reset-confirm" in x._dom_classes]
    assert confirm and "cannot be undone" in text(page.reset_words.value)
    page.reset_no.click()
    assert Progress.from_json(page.store.value).seen == 1
    page.reset.click()
    page.reset_yes.click()
    assert Progress.from_json(page.store.value) == Progress()
    assert "0 of 278 problems solved" in text(page.summary.value)
    assert not [x for x in walk(page.widget) if "pl-reset-confirm" in x._dom_classes]


def test_no_answer_reaches_the_page_before_an_attempt() -> None:
    """Every text the page sends (its HTML, its buttons' words), before an answer: no
    explanation, no answer named; the record holds ids and counts (tests/test_progress.py)."""
    page = opened(query=f"problem={PROBLEM}")
    problem = page.problem
    assert problem is not None
    states = said(page)
    principle = problem.explanation.principle
    assert principle not in states and "Why:" not in states and "The answer" not in states
    assert 'class="pl-right"' not in states and "is as good" not in states
    page.answer("JS")
    assert principle in said(page) and "Why:" in said(page)  # the same check sees the lesson once answered


def said(page: PracticePage) -> str:
    """Every text the page shows or would show: HTML values and buttons' words, hidden or not."""
    found: list[str] = []
    todo: list[w.Widget] = [page.widget]
    while todo:
        x = todo.pop()
        todo.extend(getattr(x, "children", ()))
        if isinstance(x, w.HTML | w.Button):
            found.append(x.value if isinstance(x, w.HTML) else x.description)
    return "\n".join(found)


def test_an_address_refused_stays_said_when_the_record_arrives() -> None:
    page = opened(query="problem=no-such-problem")
    assert "there is no practice problem" in text(page.count.value)
