"""Lesson 05 in a browser: both coverage sliders moved by keyboard redraw the figure and its
words, the question on what a 95% interval means answered wrong then right, no Python error,
axe clean at a laptop's and a phone's width, screenshots of both for a person to look at."""

from __future__ import annotations

import statistics
import time
from pathlib import Path

from playwright.sync_api import Page

from tests.browser.test_pages import access_problems, fits, python_errors, render, shot

NOTEBOOK = "notebooks/lessons/05-monte-carlo-error.ipynb"
WORDS = ".pl-coverage-words"
FIGURE_NAME = ".pl-coverage-figure svg.main-svg[role='img']"


def state(page: Page) -> tuple[str, str]:
    """The sliders' sentence and the figure's accessible name (the words of the picture)."""
    return page.inner_text(WORDS), page.locator(FIGURE_NAME).first.get_attribute("aria-label") or ""


def press_until(page: Page, key: str, words: str, timeout_s: float = 30) -> float:
    """Press ``key`` on the focused slider and wait for the sentence to say ``words``: seconds taken."""
    start = time.perf_counter()
    page.keyboard.press(key)
    page.wait_for_function(
        "([sel, w]) => document.querySelector(sel)?.innerText.includes(w)",
        arg=[WORDS, words],
        timeout=timeout_s * 1000,
    )
    return time.perf_counter() - start


def figure_says(page: Page, words: str) -> None:
    page.wait_for_function(
        "([sel, w]) => (document.querySelector(sel)?.getAttribute('aria-label') || '').includes(w)",
        arg=[FIGURE_NAME, words],
        timeout=30_000,
    )


def answer(page: Page, text: str) -> str:
    """Pick the choice whose words start with ``text``, press Check, and return the feedback's classes.

    Picking clears the last explanation (the kernel says so in its own message), so wait for
    that before pressing Check, then for the new explanation."""
    item = page.locator(".pl-choice").first
    item.locator(".pl-choice-options label", has_text=text).first.click()
    page.wait_for_function(
        "() => document.querySelector('.pl-choice .pl-feedback')?.innerText.trim() === ''", timeout=30_000
    )
    item.locator(".pl-check").click()
    page.wait_for_function(
        "() => { const f = document.querySelector('.pl-choice .pl-feedback');"
        " return !!f && f.innerText.trim() !== '' && /pl-(right|wrong)/.test(f.className); }",
        timeout=30_000,
    )
    return item.locator(".pl-feedback").get_attribute("class") or ""


def test_lesson_05_coverage_sliders_by_keyboard_and_what_95_percent_means(
    page: Page, voila_url: str, screenshots: Path
) -> None:
    page.set_viewport_size({"width": 1280, "height": 900})
    render(page, voila_url, NOTEBOOK)
    assert not python_errors(page), python_errors(page)
    page.wait_for_selector(FIGURE_NAME, state="attached", timeout=60_000)
    words, name = state(page)
    # n = 100, p = 5%: the numbers the notebook asserts against the plain binomial sum
    assert "100 deals" in words and "87.7%" in words and "96.6%" in words
    assert "n = 100 deals" in name

    n_handle = page.locator(".pl-coverage .pl-slider .noUi-handle").nth(0)
    n_handle.focus()
    n_seconds = [press_until(page, "ArrowRight", f"With {n} deals") for n in (110, 120, 130)]
    figure_says(page, "n = 130 deals")
    after_n, name_n = state(page)
    assert after_n != words and name_n != name

    p_handle = page.locator(".pl-coverage .pl-slider .noUi-handle").nth(1)
    p_handle.focus()
    p_seconds = [press_until(page, "ArrowLeft", f"true chance of {p}%") for p in (4, 3, 2)]
    figure_says(page, "at 2%")
    after_p, name_p = state(page)
    assert after_p != after_n and name_p != name_n
    print(
        f"\nlesson 05 sliders: seconds from key to new words, n {n_seconds}, p {p_seconds}; "
        f"median {statistics.median(n_seconds + p_seconds):.2f}"
    )

    wrong = answer(page, "There is a 95% chance that the true chance lies between")
    assert "pl-wrong" in wrong
    assert "The true chance is not random" in page.locator(".pl-choice .pl-feedback").first.inner_text()
    right = answer(page, "If many people each dealt")
    assert "pl-right" in right
    assert "intervals held the truth" in page.locator(".pl-choice .pl-feedback").first.inner_text()
    # the code exercise's stub reads "not written yet", and says where to write it
    assert "not written yet" in page.locator(".pl-code-report").first.inner_text()

    assert not python_errors(page), python_errors(page)
    assert access_problems(page) == []
    shot(page, screenshots, "lesson-05-1280")
    page.locator(".pl-coverage").first.screenshot(path=screenshots / "lesson-05-1280-sliders.png")
    page.locator(".pl-choice").first.screenshot(path=screenshots / "lesson-05-1280-question.png")
    page.locator(".pl-code-report").first.screenshot(path=screenshots / "lesson-05-1280-code.png")
    page.set_viewport_size({"width": 375, "height": 812})
    assert fits(page), "lesson 05 scrolls sideways at 375 px"
    assert access_problems(page) == []
    # a figure keeps the width it was drawn at: one more move redraws it at the phone's width
    page.locator(".pl-coverage .pl-slider .noUi-handle").nth(0).focus()
    press_until(page, "ArrowRight", "With 140 deals")
    figure_says(page, "n = 140 deals")
    box = page.locator(".pl-coverage-figure .js-plotly-plot").first.bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 375, box
    shot(page, screenshots, "lesson-05-375")
    # each choice of the question on its own lines: wrapped text never overlaps the next choice
    tops = [
        box["y"]
        for box in (lab.bounding_box() for lab in page.locator(".pl-choice-options label").all())
        if box
    ]
    bottoms = [
        box["y"] + box["height"]
        for box in (lab.bounding_box() for lab in page.locator(".pl-choice-options label").all())
        if box
    ]
    assert len(tops) == 4 and all(bottoms[k] <= tops[k + 1] + 1 for k in range(3)), (tops, bottoms)
    # the parts a phone's whole-page shot shrinks too far to read, one by one
    page.locator(".pl-coverage").first.screenshot(path=screenshots / "lesson-05-375-sliders.png")
    page.locator(".pl-choice").first.screenshot(path=screenshots / "lesson-05-375-question.png")
    page.locator(".pl-working").first.screenshot(path=screenshots / "lesson-05-375-working.png")
