"""Lesson 07 in a browser: the slider moved by keyboard redraws the figure and its words,
the misconception question answered wrong then right, no Python error, axe clean at a
laptop's width and on a phone (the page opened at 375 px), screenshots of both for a person
to look at."""

from __future__ import annotations

import statistics
import time
from pathlib import Path

from playwright.sync_api import Page

from tests.browser.test_pages import access_problems, fits, python_errors, render, shot

NOTEBOOK = "notebooks/lessons/07-winning-the-game.ipynb"
FIGURE_NAME = ".pl-plans-figure svg.main-svg[role='img']"


def plans_state(page: Page) -> tuple[str, str]:
    """The slider's sentence and its figure's accessible name (the words of the picture)."""
    label = page.locator(FIGURE_NAME).first.get_attribute("aria-label") or ""
    return page.inner_text(".pl-plans-words"), label


def press_until(page: Page, key: str, words: str, timeout_s: float = 30) -> float:
    """Press ``key`` on the focused slider and wait for the sentence to say ``words``: seconds taken."""
    start = time.perf_counter()
    page.keyboard.press(key)
    page.wait_for_function(
        "(w) => document.querySelector('.pl-plans-words')?.innerText.includes(w)",
        arg=words,
        timeout=timeout_s * 1000,
    )
    return time.perf_counter() - start


def answer(page: Page, text: str) -> str:
    """Pick the choice whose words start with ``text``, press Check, and return the feedback's classes
    once it says right or wrong (picking clears the last choice's explanation first)."""
    item = page.locator(".pl-choice").first
    item.locator(".pl-choice-options label", has_text=text).first.click()
    feedback = ".pl-choice .pl-feedback"
    page.wait_for_function(f"() => !document.querySelector('{feedback}')?.innerText.trim()", timeout=30_000)
    item.locator(".pl-check").click()
    page.wait_for_function(
        f"() => /pl-(right|wrong)/.test(document.querySelector('{feedback}')?.className || '')",
        timeout=30_000,
    )
    return item.locator(".pl-feedback").get_attribute("class") or ""


def test_lesson_07_slider_by_keyboard_and_the_misconception(
    page: Page, voila_url: str, screenshots: Path
) -> None:
    page.set_viewport_size({"width": 1280, "height": 900})
    render(page, voila_url, NOTEBOOK + "?games=400")
    assert not python_errors(page), python_errors(page)
    page.wait_for_selector(FIGURE_NAME, state="attached", timeout=60_000)
    words, name = plans_state(page)
    assert "At 47 to 40: the sure 4 wins" in words and "From 47-40, the sure 4 wins more games" in name

    handle = page.locator(".pl-plans .pl-slider .noUi-handle").first
    handle.focus()
    seconds = [press_until(page, "ArrowLeft", f"At {score} to 40") for score in (46, 45, 44)]
    page.wait_for_function(
        '() => (document.querySelector("' + FIGURE_NAME.replace('"', '\\"') + '")'
        "?.getAttribute('aria-label') || '').includes('From 44-40')",
        timeout=30_000,
    )
    moved, moved_name = plans_state(page)
    assert moved != words and moved_name != name
    assert "From 44-40, the bold 7 wins more games" in moved_name  # the order turned round
    print(
        f"\nlesson 07 slider: seconds from key to new words {seconds}, median {statistics.median(seconds):.2f}"
    )

    wrong = answer(page, "Yes: more points on average")
    assert "pl-wrong" in wrong
    assert "Not from 47-40" in page.locator(".pl-choice .pl-feedback").first.inner_text()
    right = answer(page, "No: near the target any made bid wins")
    assert "pl-right" in right

    assert not python_errors(page), python_errors(page)
    assert access_problems(page) == []
    shot(page, screenshots, "lesson-07-1280")
    # a phone opens the page at its own width (plotly sizes a figure when it is first drawn)
    page.set_viewport_size({"width": 375, "height": 812})
    render(page, voila_url, NOTEBOOK + "?games=200")
    page.wait_for_selector(FIGURE_NAME, state="attached", timeout=60_000)
    assert not python_errors(page), python_errors(page)
    assert fits(page), "lesson 07 scrolls sideways at 375 px"
    assert access_problems(page) == []
    shot(page, screenshots, "lesson-07-375")
    # the parts a phone's whole-page shot shrinks too far to read, one by one
    page.locator(".pl-plans").first.screenshot(path=screenshots / "lesson-07-375-slider.png")
    page.locator(".pl-choice").first.screenshot(path=screenshots / "lesson-07-375-question.png")
    page.locator(".js-plotly-plot").first.screenshot(path=screenshots / "lesson-07-375-heat-map.png")
