"""Lesson 04 in a real browser, as a class sees it through Voila: move the bid slider, answer the
misconception question and a numeric exercise, meet the code exercise as a hidden-code page
shows it. No Python error, WCAG 2.1 AA clean, screenshots at a phone's and a laptop's width.

Only the page's ``pl-*`` hooks are used, as a learner's clicks and keys would find the controls.
"""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Page, expect

from tests.browser.lessons import CHANGE_MS, check_widths, choose, drawn_within, is_right, press_until
from tests.browser.test_pages import python_errors, render, shot

NOTEBOOK = "notebooks/lessons/04-expected-value-and-the-bid.ipynb"


def press_and_wait(page: Page, key: str, words: str) -> float:
    """Press ``key`` on the bid slider's handle; the seconds until the words and the figure's title
    name the new bid (the kernel redraws; the browser draws the new figure)."""
    risk = page.locator(".pl-bid-risk")
    seconds = press_until(
        risk.locator(".pl-slider .noUi-handle").first, key, page.locator(".pl-risk-words"), words
    )
    expect(risk.locator(".gtitle").first).to_contain_text(words.rstrip(":"), timeout=CHANGE_MS)
    return seconds


def test_lesson_04_slider_questions_and_code_exercise(page: Page, voila_url: str, screenshots: Path) -> None:
    render(page, voila_url, NOTEBOOK)
    assert not python_errors(page), python_errors(page)

    # the slider: from bid 4 up to 8, where the tallest bar is the set (the lesson's point)
    assert "Bid 4:" in page.inner_text(".pl-risk-words")
    times = [press_and_wait(page, "ArrowRight", f"Bid {bid}:") for bid in (5, 6, 7, 8)]
    words = page.inner_text(".pl-risk-words")
    assert "most likely single change is -8" in words, words
    assert "Expected change +" in words, words  # and yet the average gains
    print(f"\nlesson 04 slider: seconds from key to a redrawn figure {[round(t, 2) for t in times]}")
    shot(page, screenshots, "lesson-04-slider-at-8")

    # the misconception question: a wrong choice explained, then the right one
    question = page.locator(".pl-choice").first
    assert not is_right(choose(question, "most likely gain", "Not this one"))
    assert "average" in question.locator(".pl-feedback").inner_text()
    assert is_right(choose(question, "over many hands", "Right."))

    # a numeric exercise, answered with a decimal comma: 23/4 points
    second = page.locator(".pl-exercise").nth(1)
    second.locator(".pl-answer input").fill("5,75")
    second.locator(".pl-check").click()
    page.wait_for_function(
        "() => document.querySelectorAll('.pl-exercise')[1].querySelector('.pl-feedback.pl-right') !== null"
    )

    # the code exercise: on a page without code cells it says where to write the function
    report = page.locator(".pl-code-report").first.inner_text()
    assert "not written yet" in report and "JupyterLab" in report, report

    def move_at(width: int) -> None:  # a figure keeps the width it was drawn at: a move redraws it
        if width < 1280:
            press_and_wait(page, "ArrowLeft", "Bid 7:")
        drawn_within(page.locator(".pl-bid-risk .js-plotly-plot"), width)

    check_widths(
        page,
        screenshots,
        "lesson-04",
        {"slider": ".pl-bid-risk", "question": ".pl-choice", "code": ".pl-code-report"},
        move_at,
    )
