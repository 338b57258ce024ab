"""Lesson 04 in a real browser, as a class sees it through Voila: move the bid slider, answer the
misconception question and a numeric exercise, meet the code exercise as a hidden-code page
shows it. No Python error, WCAG 2.1 AA clean, screenshots at a phone's and a laptop's width.

Only the page's ``pl-*`` hooks are used, as a learner's clicks and keys would find the controls.
"""

from __future__ import annotations

import time
from pathlib import Path

from playwright.sync_api import Page

from tests.browser.test_pages import access_problems, fits, python_errors, render, shot

NOTEBOOK = "notebooks/lessons/04-expected-value-and-the-bid.ipynb"
WORDS_SAY_JS = "(text) => document.querySelector('.pl-risk-words').innerText.includes(text)"
TITLE_SAYS_JS = (
    "(text) => Array.from(document.querySelectorAll('.pl-bid-risk .gtitle'))"
    ".some((t) => t.textContent.includes(text))"
)


def press_and_wait(page: Page, key: str, words: str) -> float:
    """Press ``key`` on the bid slider's handle; the seconds until the words and the figure's title
    name the new bid (the kernel redraws; the browser draws the new figure)."""
    handle = page.locator(".pl-bid-risk .pl-slider .noUi-handle").first
    handle.focus()
    start = time.perf_counter()
    handle.press(key)
    page.wait_for_function(WORDS_SAY_JS, arg=words, timeout=30_000, polling=20)
    page.wait_for_function(TITLE_SAYS_JS, arg=words.rstrip(":"), timeout=30_000, polling=20)
    return time.perf_counter() - start


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
    page.locator(".pl-bid-risk").first.screenshot(path=screenshots / "lesson-04-slider-1280.png")

    # the misconception question: a wrong choice explained, then the right one
    question = page.locator(".pl-choice").first
    question.locator(".pl-choice-options label", has_text="most likely gain").click()
    question.locator(".pl-check").click()
    feedback = question.locator(".pl-feedback")
    feedback.locator("text=Not this one").wait_for()
    assert "average" in feedback.inner_text()
    question.locator(".pl-choice-options label", has_text="over many hands").click()
    question.locator(".pl-check").click()
    feedback.locator("text=Right.").wait_for()
    question.screenshot(path=screenshots / "lesson-04-question-1280.png")

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

    assert not python_errors(page), python_errors(page)
    assert access_problems(page) == []
    shot(page, screenshots, "lesson-04-1280")
    page.set_viewport_size({"width": 375, "height": 812})
    assert fits(page), "lesson 04 scrolls sideways at 375 px"
    assert access_problems(page) == [], "at 375 px"
    shot(page, screenshots, "lesson-04-375")
    for name, selector in (
        ("slider", ".pl-bid-risk"),
        ("question", ".pl-choice"),
        ("code", ".pl-code-report"),
    ):
        page.locator(selector).first.screenshot(path=screenshots / f"lesson-04-{name}-375.png")
