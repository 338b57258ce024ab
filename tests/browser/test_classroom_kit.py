"""The classroom kit's answer box in a real page: lesson 01 in Voilà, its exercise on the chance
of no trump (a probability), answered as a class types it: decimal commas, a percent written
without its sign (a unit slip, named as such), a value too low and too high, and a percent with
a space before the sign. One page render for all of it."""

from __future__ import annotations

import re
from collections.abc import Callable
from fractions import Fraction
from math import comb

from playwright.sync_api import Page, expect

from tests.browser.test_pages import access_problems, python_errors, render

LESSON = "notebooks/lessons/01-counting-hands.ipynb"
SETTLE_MS = 30_000
"""How long a check's feedback may take to come back from the kernel on a loaded machine."""


def test_an_exercise_reads_commas_percents_and_names_a_unit_slip(
    page: Page, serve_alone: Callable[[bool], str], js_errors: list[str]
) -> None:
    render(page, serve_alone(False), LESSON)
    assert not python_errors(page), python_errors(page)
    # no trump: all nine cards from the 38 of the 54 that are not spades trump (16 are)
    none = Fraction(comb(38, 9), comb(54, 9))
    two_places = f"{100 * float(none):.2f}"  # as a percent, to two decimals
    assert two_places == "3.07"
    exercise = page.locator(".pl-exercise", has_text="the chance that none of your nine cards is trump")
    box = exercise.locator(".pl-answer input")
    feedback = exercise.locator(".pl-feedback")

    def answer(text: str, says: str, colour: str, *, click: bool = False) -> None:
        box.fill(text)
        if click:
            exercise.locator(".pl-check").click()
        else:
            box.press("Enter")  # the box sends its value on Enter
        expect(feedback).to_contain_text(says, timeout=SETTLE_MS)
        expect(feedback).to_have_class(re.compile(rf"(^|\s){colour}(\s|$)"), timeout=SETTLE_MS)

    answer("0,01", "Not quite: 0,01 (read as 0.01) is too low.", "pl-wrong")
    answer(two_places, f"{two_places} looks like a percent: write {two_places}% or 0.0307.", "pl-format")
    answer("0,0307", "Right:", "pl-right")
    answer("0,05", "Not quite: 0,05 (read as 0.05) is too high.", "pl-wrong")
    answer(two_places.replace(".", ",") + " %", "Right:", "pl-right", click=True)
    assert not python_errors(page), f"{python_errors(page)}\nJavaScript errors: {js_errors}"
    assert access_problems(page) == []
