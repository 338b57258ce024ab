"""Lessons 01 and 02 in a real browser, as a class sees them through Voila: lesson 01's answer
box reads answers as a class types them (the classroom kit's forgiving answers); the partner-trump
slider moved by keyboard redraws its figure and its words; each misconception question answered
wrong, then right, explains the pick; no Python error, no WCAG 2.1 AA problem at a desktop's
width or a phone's. Screenshots (whole page and the parts) go to screenshots/."""

from __future__ import annotations

import re
from fractions import Fraction
from math import comb
from pathlib import Path

from playwright.sync_api import Page, expect

from tests.browser.lessons import CHANGE_MS, check_widths, choose, is_right, press_until
from tests.browser.test_pages import python_errors, render

LESSON_01 = "notebooks/lessons/01-counting-hands.ipynb"
LESSON_02 = "notebooks/lessons/02-conditional-probability.ipynb"
SLIDER = ".pl-partner-slider"


def slider_words(page: Page) -> str:
    return page.inner_text(f"{SLIDER} .pl-slider-words")


def move_slider(page: Page, key: str, to: int) -> None:
    """Press ``key`` on the slider's handle; wait until the words and the figure say ``to``."""
    handle = page.locator(f"{SLIDER} .pl-slider [role=slider]").first
    press_until(handle, key, page.locator(f"{SLIDER} .pl-slider-words"), f"You hold {to} of")
    figure = page.locator(f"{SLIDER} svg.main-svg[role=img]").first
    expect(figure).to_have_attribute("aria-label", re.compile(f"when you hold {to}"), timeout=CHANGE_MS)


def answer(page: Page, item: str, choice: str, right: bool, because: str) -> None:
    """Answer the multiple-choice item containing ``item`` with ``choice``: right or not, as ``right``
    says, and explained with ``because``."""
    assert is_right(choose(page.locator(".pl-choice", has_text=item), choice, because)) is right


def test_lesson_02_slider_by_keyboard_and_the_stock_question(
    page: Page, voila_url: str, screenshots: Path
) -> None:
    render(page, voila_url, LESSON_02)
    assert not python_errors(page), python_errors(page)
    figure = page.locator(f"{SLIDER} svg.main-svg[role=img]").first
    expect(figure).to_have_attribute("aria-label", re.compile("when you hold 3"), timeout=CHANGE_MS)
    before = slider_words(page)
    assert "You hold 3 of the 16 trump, so 13 of the 45" in before and "51.78%" in before
    move_slider(page, "ArrowRight", 4)
    after = slider_words(page)
    assert "12 of the 45" in after and "51.78%" not in after  # the words follow the count
    move_slider(page, "ArrowLeft", 3)
    move_slider(page, "ArrowLeft", 2)
    assert "14 of the 45" in slider_words(page)
    item = "your first 4 cards are all plain"
    answer(page, item, "Yes, much more likely", False, "Nothing is due")
    answer(page, item, "A little more likely", True, "Every card you have not seen is equally likely")
    assert not python_errors(page), python_errors(page)

    def move_at(width: int) -> None:  # a move on a phone draws the figure at the phone's width
        move_slider(page, "ArrowRight", 3 if width > 375 else 4)

    check_widths(
        page,
        screenshots,
        "lesson-02",
        {"slider": SLIDER, "stock-question": f".pl-choice:has-text('{item}')"},
        move_at,
    )


def type_answers(page: Page) -> None:
    """The kit's answer box, answered as a class types it: decimal commas, a percent written
    without its sign (a unit slip, named as such and not counted), values too low and too high,
    and a percent with a space before its sign. The exercise asks for the chance of no trump, a
    probability: all nine cards from the 38 of the 54 that are not spades trump (16 are)."""
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
        expect(feedback).to_contain_text(says, timeout=CHANGE_MS)
        expect(feedback).to_have_class(re.compile(rf"(^|\s){colour}(\s|$)"), timeout=CHANGE_MS)

    answer("0,01", "Not quite: 0,01 (read as 0.01) is too low.", "pl-wrong")
    answer(two_places, f"{two_places} looks like a percent: write {two_places}% or 0.0307.", "pl-format")
    answer("0,0307", "Right:", "pl-right")
    answer("0,05", "Not quite: 0,05 (read as 0.05) is too high.", "pl-wrong")
    answer(two_places.replace(".", ",") + " %", "Right:", "pl-right", click=True)


def test_lesson_01_answers_typed_and_the_joker_question(
    page: Page, voila_url: str, screenshots: Path
) -> None:
    render(page, voila_url, LESSON_01)
    assert not python_errors(page), python_errors(page)
    type_answers(page)
    item = "that you hold a joker"
    answer(page, item, "A joker, exactly twice as likely", False, "counts twice the hands that hold both")
    answer(page, item, "A joker, though a little less", True, "Either joker will do")
    report = page.inner_text(".pl-code-report")
    assert "not written yet" in report and "JupyterLab" in report  # Voila hides the code: write it there
    assert not python_errors(page), python_errors(page)
    check_widths(
        page,
        screenshots,
        "lesson-01",
        {"joker-question": f".pl-choice:has-text('{item}')", "working": ".pl-working"},
    )
