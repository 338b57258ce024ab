"""Lesson 07 in a browser: the slider moved by keyboard redraws the figure and its words,
the misconception question answered wrong then right, the bots' quotes drawn against games
won and bids made (section 8), no Python error, axe clean at a laptop's width and a phone's, screenshots
of both for a person to look at."""

from __future__ import annotations

import re
import statistics
from pathlib import Path

from playwright.sync_api import Page, expect

from tests.browser.lessons import CHANGE_MS, check_widths, choose, is_right, press_until
from tests.browser.test_pages import python_errors, render

NOTEBOOK = "notebooks/lessons/07-winning-the-game.ipynb"
FIGURE_NAME = ".pl-plans-figure svg.main-svg[role='img']"


def plans_state(page: Page) -> tuple[str, str]:
    """The slider's sentence and its figure's accessible name (the words of the picture)."""
    label = page.locator(FIGURE_NAME).first.get_attribute("aria-label") or ""
    return page.inner_text(".pl-plans-words"), label


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
    seconds = [
        press_until(handle, "ArrowLeft", page.locator(".pl-plans-words"), f"At {score} to 40")
        for score in (46, 45, 44)
    ]
    expect(page.locator(FIGURE_NAME).first).to_have_attribute(
        "aria-label", re.compile("From 44-40"), timeout=CHANGE_MS
    )
    moved, moved_name = plans_state(page)
    assert moved != words and moved_name != name
    assert "From 44-40, the bold 7 wins more games" in moved_name  # the order turned round
    print(
        f"\nlesson 07 slider: seconds from key to new words {seconds}, median {statistics.median(seconds):.2f}"
    )

    # section 8: the reliability diagram of the bots' quotes, drawn with its words
    calibration = page.locator("svg.main-svg[role='img'][aria-label*='Chances of winning the game']")
    expect(calibration.first).to_have_attribute("aria-label", re.compile(r"52\.7: 52\.4"), timeout=60_000)
    made = page.locator("svg.main-svg[role='img'][aria-label*='Chances of making the bid']")
    expect(made).to_have_count(1)  # and its own figure for the other quote, the chance of making the bid
    expect(made).to_have_attribute("aria-label", re.compile(r"5\.1: 5\.03 \(4\.37 to 5\.78\)"))

    question = page.locator(".pl-choice").first
    assert not is_right(choose(question, "Yes: more points on average", "Not from 47-40"))
    assert is_right(choose(question, "No: near the target any made bid wins"))

    def move_at(width: int) -> None:
        if width < 1280:  # a phone opens the page at its own width: plotly sizes a figure when it draws it
            render(page, voila_url, NOTEBOOK + "?games=200")
            page.wait_for_selector(FIGURE_NAME, state="attached", timeout=60_000)

    check_widths(
        page,
        screenshots,
        "lesson-07",
        {
            "slider": ".pl-plans",
            "question": ".pl-choice",
            "heat-map": ".js-plotly-plot",
            "win-quotes": ".js-plotly-plot:has(svg[aria-label*='winning the game'])",
            "made-quotes": ".js-plotly-plot:has(svg[aria-label*='making the bid'])",
        },
        move_at,
    )
