"""Lesson 3 in a real browser, as a class sees it through Voila: the sliders and the questions.

The page must render with no Python error; each slider, moved from the
keyboard, must change the words and the chart; a multiple-choice item
answered wrong and then right must explain both; the page must pass axe at a
desktop's width and a phone's. Screenshots at 1280 px and 375 px go to
screenshots/ for a person to look at.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from playwright.sync_api import Locator, Page, expect

from tests.browser.test_pages import access_problems, fits, python_errors, render, shot

LESSON = "notebooks/lessons/03-bayes-from-the-draws.ipynb"
CHANGE_MS = 30_000
"""How long a move may take to show, kernel round trip included, on a loaded machine."""


def chart_title(page: Page) -> str:
    """The slider chart's title as plotly drew it."""
    return page.locator(".pl-explorer-plot .gtitle").text_content() or ""  # SVG text: no inner_text


def press(handle: Locator, key: str) -> None:
    """Move a slider from the keyboard: focus its handle and press ``key``."""
    handle.focus()
    handle.press(key)


def close_up(page: Page, folder: Path, width: str) -> None:
    """The sliders with their chart, and each question, one picture each: the whole page is too tall to read."""
    page.wait_for_timeout(500)  # plotly redraws for the new width
    page.locator(".pl-draw-explorer").screenshot(path=folder / f"lesson-03-sliders-{width}.png")
    for k, item in enumerate(page.locator(".pl-choice").all(), start=1):
        item.screenshot(path=folder / f"lesson-03-choice-{k}-{width}.png")


def test_lesson_3_sliders_and_questions(
    page: Page, serve_alone: Callable[[bool], str], js_errors: list[str], screenshots: Path
) -> None:
    render(page, serve_alone(False), LESSON)
    assert not python_errors(page), python_errors(page)
    words = page.locator(".pl-explorer-text")
    expect(words).to_contain_text("37.06%")  # the lesson's table: seat 1 holds 7 cards
    expect(page.locator(".pl-explorer-plot .gtitle")).to_contain_text("seat 1 took 1")

    # the bidder's trump from the stock: 1 -> 2, seat 1 now holds 8 cards
    press(page.locator(".pl-taken-slider .noUi-handle"), "ArrowRight")
    expect(words).to_contain_text("42.03%", timeout=CHANGE_MS)
    expect(words).to_contain_text("holds 8 cards")
    expect(page.locator(".pl-explorer-plot .gtitle")).to_contain_text("seat 1 took 2", timeout=CHANGE_MS)

    # seat 2's draw: 4 -> 5, it kept exactly 1 trump
    press(page.locator(".pl-draw-slider .noUi-handle"), "ArrowRight")
    expect(words).to_contain_text("kept exactly 1 trump", timeout=CHANGE_MS)
    expect(page.locator(".pl-explorer-plot .gtitle")).to_contain_text("Seat 2 drew 5", timeout=CHANGE_MS)

    # all the way down: seat 2 drew nothing, so seat 1 cannot have taken 2 trump; a message, no error
    press(page.locator(".pl-draw-slider .noUi-handle"), "Home")
    expect(words).to_contain_text("No deal fits", timeout=CHANGE_MS)
    expect(words).to_contain_text("seat 1 can have taken 0-1 trump")
    assert "Seat 2 drew 5" in chart_title(page)  # the chart keeps the last setting that fits
    assert not python_errors(page), python_errors(page)

    assert access_problems(page) == []
    shot(page, screenshots, "lesson-03-1280")
    close_up(page, screenshots, "1280")
    page.set_viewport_size({"width": 375, "height": 812})
    assert fits(page), "lesson 3 scrolls sideways at 375 px"
    # a move on a phone: back to a setting that fits, and the chart is drawn again at the phone's width
    press(page.locator(".pl-taken-slider .noUi-handle"), "ArrowLeft")
    expect(words).to_contain_text("drew 0 cards with 18 in the stock", timeout=CHANGE_MS)
    expect(page.locator(".pl-explorer-plot .gtitle")).to_contain_text("Seat 2 drew 0", timeout=CHANGE_MS)
    width = page.evaluate(
        "() => document.querySelector('.pl-explorer-plot .main-svg').getBoundingClientRect().width"
    )
    assert width <= 375, width
    assert access_problems(page) == []
    shot(page, screenshots, "lesson-03-375")
    close_up(page, screenshots, "375")
    assert not python_errors(page), (python_errors(page), js_errors)
