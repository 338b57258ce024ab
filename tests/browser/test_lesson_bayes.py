"""Lesson 3 in a real browser, as a class sees it through Voila: the sliders and the questions.

The page must render with no Python error; each slider, moved from the
keyboard, must change the words and the chart; a multiple-choice item
answered wrong and then right must explain both; the page must pass axe at a
desktop's width and a phone's. Screenshots at 1280 px and 375 px go to
screenshots/ for a person to look at.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from math import comb
from pathlib import Path

from playwright.sync_api import Locator, Page, expect

import pitchlab as pl
from pitchlab.odds import inference, probability
from tests.browser.lessons import CHANGE_MS, check_widths, choose, drawn_within, is_right
from tests.browser.test_pages import python_errors, render

LESSON = "notebooks/lessons/03-bayes-from-the-draws.ipynb"


def chart_title(page: Page) -> str:
    """The slider chart's title as plotly drew it."""
    return page.locator(".pl-explorer-plot .gtitle").text_content() or ""  # SVG text: no inner_text


def press(handle: Locator, key: str) -> None:
    """Move a slider from the keyboard: focus its handle and press ``key``."""
    handle.focus()
    handle.press(key)


def joker_figures() -> tuple[str, str, str, str]:
    """The joker question's numbers, from pitchlab.odds.inference: the lesson's table, seat 1 holding 7 cards.

    The three is with seat 1 with chance E[k]/12 (k: the unseen trump it holds); twice that
    counts "both jokers", E[C(k, 2)] / C(12, 2), twice; at least one joker is the difference.
    """
    hand = pl.parse_cards("KS JS 9S 2S 8H 4H TD 6D QC")
    post = inference.posterior_given(
        hand, pl.Suit.SPADES, 0, 1, 1, (2, 4, 4, 3), drew=pl.parse_cards("7H 3C"), hand_sizes=(6, 7, 6, 6)
    )
    three = sum((k * p for k, p in post.counts[1].items()), Fraction(0)) / 12
    both = sum((p * Fraction(comb(k, 2), comb(12, 2)) for k, p in post.counts[1].items()), Fraction(0))
    assert post.chance(pl.Card("JK"), 1) == 2 * three - both
    a, b, c, d = (probability.percent(p) for p in (three, 2 * three, both, 2 * three - both))
    return a, b, c, d


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

    # "a joker" against "the three": the wrong "twice the three" first, then the right one
    three, twice, both, joker = joker_figures()
    item = page.locator(".pl-choice", has_text="What is the chance it holds a joker?")
    expect(item).to_contain_text(f"Seat 1 holds the 3♠ with chance {three}")
    feedback = choose(item, f"{twice}: twice the three", "counts twice every deal where seat 1 holds both")
    assert not is_right(feedback)
    expect(feedback).to_contain_text(f"{twice} − {both} = {joker}")
    feedback = choose(item, f"{joker}: at least one of the two", "Right.")
    assert is_right(feedback)
    expect(feedback).to_contain_text(f"so P(a joker) = {joker}")

    # base rates: the prior alone is wrong, and says why; then the right answer
    rates = page.locator(".pl-choice", has_text="more than six")
    assert not is_right(choose(rates, "75%: four counts fit the draw", "not equally likely"))
    assert is_right(choose(rates, "most seats that draw nothing hold exactly six", "Right."))

    # the code exercise in a page without code: it says where to write it
    expect(page.locator(".pl-code-report")).to_contain_text("open this notebook in JupyterLab")
    assert not python_errors(page), python_errors(page)

    def move_at(width: int) -> None:
        if width < 1280:  # back to a setting that fits; the chart is drawn again at the phone's width
            press(page.locator(".pl-taken-slider .noUi-handle"), "ArrowLeft")
            expect(words).to_contain_text("drew 0 cards with 18 in the stock", timeout=CHANGE_MS)
            expect(page.locator(".pl-explorer-plot .gtitle")).to_contain_text(
                "Seat 2 drew 0", timeout=CHANGE_MS
            )
        drawn_within(page.locator(".pl-explorer-plot .main-svg"), width)

    check_widths(
        page,
        screenshots,
        "lesson-03",
        {"sliders": ".pl-draw-explorer", "joker": ".pl-choice >> nth=0", "base-rates": ".pl-choice >> nth=1"},
        move_at,
    )
    assert not python_errors(page), (python_errors(page), js_errors)
