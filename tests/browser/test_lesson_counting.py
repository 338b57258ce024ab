"""Lessons 01 and 02 in a real browser, as a class sees them through Voila: the partner-trump
slider moved by keyboard redraws its figure and its words; each misconception question answered
wrong, then right, explains the pick; no Python error, no WCAG 2.1 AA problem at a desktop's
width or a phone's. Screenshots (whole page and the parts) go to screenshots/."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from playwright.sync_api import Page

from tests.browser.test_pages import access_problems, fits, python_errors, render, shot

LESSON_01 = "notebooks/lessons/01-counting-hands.ipynb"
LESSON_02 = "notebooks/lessons/02-conditional-probability.ipynb"
SLIDER = ".pl-partner-slider"
LABEL_JS = (
    f"() => document.querySelector('{SLIDER} svg.main-svg[role=img]')?.getAttribute('aria-label') || ''"
)


def slider_words(page: Page) -> str:
    return page.inner_text(f"{SLIDER} .pl-slider-words")


def move_slider(page: Page, key: str, to: int) -> None:
    """Press ``key`` on the focused slider handle; wait until the words and the figure say ``to``."""
    page.keyboard.press(key)
    page.wait_for_function(
        f"""() => document.querySelector('{SLIDER} .pl-slider-words')?.innerText.includes('You hold {to} of')
        && ({LABEL_JS})().includes('when you hold {to}')"""
    )


def answer(page: Page, item: str, choice: str, verdict: str, because: str) -> None:
    """Pick ``choice`` in the multiple-choice item containing ``item``, press Check, and wait for
    feedback of class ``verdict`` (pl-right or pl-wrong) that explains it with ``because``."""
    box = page.locator(".pl-choice", has_text=item)
    box.get_by_label(choice, exact=False).check()
    box.locator(".pl-check").click()
    feedback = box.locator(f".pl-feedback.{verdict}")
    feedback.wait_for()
    assert because in feedback.inner_text(), feedback.inner_text()


def both_widths(
    page: Page,
    screenshots: Path,
    name: str,
    parts: dict[str, str],
    at: Callable[[int], None] = lambda _w: None,
) -> None:
    """axe finds nothing at 1280 px and at 375 px, the page does not scroll sideways on the phone,
    and the whole page and each of ``parts`` (name: selector) are photographed at both widths,
    each after ``at(width)`` (a slider moved there is drawn at that width)."""
    for width, height in ((1280, 900), (375, 812)):
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_timeout(600)
        at(width)
        assert fits(page), f"{name} scrolls sideways at {width} px"
        for part, selector in parts.items():
            box = page.locator(selector).first
            box.scroll_into_view_if_needed()
            box.screenshot(path=screenshots / f"{name}-{part}-{width}.png")
        shot(page, screenshots, f"{name}-{width}")
        assert access_problems(page) == [], f"{name} at {width} px"


def test_lesson_02_slider_by_keyboard_and_the_stock_question(
    page: Page, voila_url: str, screenshots: Path
) -> None:
    render(page, voila_url, LESSON_02)
    assert not python_errors(page), python_errors(page)
    page.wait_for_function(f"() => ({LABEL_JS})().includes('when you hold 3')")
    before = slider_words(page)
    assert "You hold 3 of the 16 trump, so 13 of the 45" in before and "51.78%" in before
    page.locator(f"{SLIDER} .pl-slider [role=slider]").first.focus()
    move_slider(page, "ArrowRight", 4)
    after = slider_words(page)
    assert "12 of the 45" in after and "51.78%" not in after  # the words follow the count
    move_slider(page, "ArrowLeft", 3)
    move_slider(page, "ArrowLeft", 2)
    assert "14 of the 45" in slider_words(page)
    item = "your first 4 cards are all plain"
    answer(page, item, "Yes, much more likely", "pl-wrong", "Nothing is due")
    answer(page, item, "A little more likely", "pl-right", "Every card you have not seen is equally likely")
    assert not python_errors(page), python_errors(page)

    def move_at(width: int) -> None:  # a move on a phone draws the figure at the phone's width
        page.locator(f"{SLIDER} .pl-slider [role=slider]").first.focus()
        move_slider(page, "ArrowRight", 3 if width > 375 else 4)

    both_widths(
        page,
        screenshots,
        "lesson-02",
        {"slider": SLIDER, "stock-question": f".pl-choice:has-text('{item}')"},
        move_at,
    )


def test_lesson_01_joker_question(page: Page, voila_url: str, screenshots: Path) -> None:
    render(page, voila_url, LESSON_01)
    assert not python_errors(page), python_errors(page)
    item = "that you hold a joker"
    answer(
        page, item, "A joker, exactly twice as likely", "pl-wrong", "counts twice the hands that hold both"
    )
    answer(page, item, "A joker: 49/159", "pl-right", "Either joker will do")
    report = page.inner_text(".pl-code-report")
    assert "not written yet" in report and "JupyterLab" in report  # Voila hides the code: write it there
    assert not python_errors(page), python_errors(page)
    both_widths(
        page,
        screenshots,
        "lesson-01",
        {"joker-question": f".pl-choice:has-text('{item}')", "working": ".pl-working"},
    )
