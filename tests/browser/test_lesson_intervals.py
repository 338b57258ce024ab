"""Lesson 05 in a browser: both coverage sliders moved by keyboard redraw the figure and its
words, the question on what a 95% interval means answered wrong then right, no Python error,
axe clean at a laptop's and a phone's width, screenshots of both for a person to look at."""

from __future__ import annotations

import re
import statistics
from pathlib import Path

from playwright.sync_api import Page, expect

from tests.browser.lessons import CHANGE_MS, check_widths, choose, drawn_within, is_right, press_until
from tests.browser.test_pages import python_errors, render

NOTEBOOK = "notebooks/lessons/05-monte-carlo-error.ipynb"
WORDS = ".pl-coverage-words"
FIGURE_NAME = ".pl-coverage-figure svg.main-svg[role='img']"


def state(page: Page) -> tuple[str, str]:
    """The sliders' sentence and the figure's accessible name (the words of the picture)."""
    return page.inner_text(WORDS), page.locator(FIGURE_NAME).first.get_attribute("aria-label") or ""


def press_until_says(page: Page, slider: int, key: str, words: str) -> float:
    """Press ``key`` on slider ``slider`` (0: n, 1: p) until the sentence says ``words``: seconds."""
    handle = page.locator(".pl-coverage .pl-slider .noUi-handle").nth(slider)
    return press_until(handle, key, page.locator(WORDS), words)


def figure_says(page: Page, words: str) -> None:
    figure = page.locator(FIGURE_NAME).first
    expect(figure).to_have_attribute("aria-label", re.compile(re.escape(words)), timeout=CHANGE_MS)


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

    n_seconds = [press_until_says(page, 0, "ArrowRight", f"With {n} deals") for n in (110, 120, 130)]
    figure_says(page, "n = 130 deals")
    after_n, name_n = state(page)
    assert after_n != words and name_n != name

    p_seconds = [press_until_says(page, 1, "ArrowLeft", f"true chance of {p}%") for p in (4, 3, 2)]
    figure_says(page, "at 2%")
    after_p, name_p = state(page)
    assert after_p != after_n and name_p != name_n
    print(
        f"\nlesson 05 sliders: seconds from key to new words, n {n_seconds}, p {p_seconds}; "
        f"median {statistics.median(n_seconds + p_seconds):.2f}"
    )

    question = page.locator(".pl-choice").first
    assert not is_right(choose(question, "There is a 95% chance that the true chance lies between"))
    assert "The true chance is not random" in question.locator(".pl-feedback").inner_text()
    assert is_right(choose(question, "If many people each dealt", "intervals held the truth"))
    # the code exercise's stub reads "not written yet", and says where to write it
    assert "not written yet" in page.locator(".pl-code-report").first.inner_text()

    def move_at(width: int) -> None:  # a figure keeps the width it was drawn at: a move redraws it
        if width < 1280:
            press_until_says(page, 0, "ArrowRight", "With 140 deals")
            figure_says(page, "n = 140 deals")
        drawn_within(page.locator(".pl-coverage-figure .js-plotly-plot"), width)

    check_widths(
        page,
        screenshots,
        "lesson-05",
        {
            "sliders": ".pl-coverage",
            "question": ".pl-choice",
            "code": ".pl-code-report",
            "working": ".pl-working",
        },
        move_at,
    )
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
