"""The table first: the game in the first screen on a laptop and a phone, and a hand on a phone
by taps with each hint read beside the controls it points to.

At 1280x800 and 375x667, in the bidding and in the play, the status line, the table picture,
the learner's hand and the current decision's controls lie wholly inside the window without a
scroll (:func:`tests.serving.first_screen_problems` measures their boxes), and axe-core finds
no WCAG 2.1 A or AA violation. On the phone a whole hand is played by taps: before each of the
learner's decisions the Hint tab opens the drawer over the table, and the hint's words and the
control to tap are both in the window, with no scroll between reading and tapping; at the end,
one tap on Save hand downloads the hand's record.
Screenshots: screenshots/first-screen-<phase>-<width>.png and first-screen-hint-375.png.
"""

from __future__ import annotations

import json
from pathlib import Path

from playwright.sync_api import Browser, Page

from tests.browser.test_pages import APP, access_problems, python_errors, render
from tests.serving import click_and_wait, first_screen_problems, next_move, offline

SIZES = ((1280, 800, False), (375, 667, True))
SEED = 11
"""A deal in which the learner bids first and later has trump to play."""
SCROLL_JS = "() => [scrollX, scrollY, document.querySelector('#rendered_cells')?.scrollTop ?? 0]"
IN_WINDOW_JS = """(sel) => { const el = Array.from(document.querySelectorAll(sel))
    .find((e) => e.getClientRects().length > 0); if (!el) { return false; }
    const r = el.getBoundingClientRect();
    return r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight + 1 && r.right <= innerWidth + 1; }"""


def open_at(browser: Browser, base: str, width: int, height: int, phone: bool) -> Page:
    """The app in a fresh browser (a first visit) at one size; a phone's has touch."""
    context = browser.new_context(
        viewport={"width": width, "height": height}, is_mobile=phone, has_touch=phone
    )
    offline(context)
    context.set_default_timeout(60_000)
    page = context.new_page()
    render(page, base, f"{APP}?seed={SEED}")
    page.wait_for_selector(".pl-next", state="visible")
    assert not python_errors(page), python_errors(page)
    return page


def close(page: Page) -> None:
    page.close(run_before_unload=True)
    page.context.close()


def test_the_game_is_in_the_first_screen_in_the_bidding_and_the_play(
    browser: Browser, voila_url: str, screenshots: Path
) -> None:
    problems = []
    for width, height, phone in SIZES:
        page = open_at(browser, voila_url, width, height, phone)
        try:
            assert page.locator(".pl-bid:visible").count(), "the learner bids first with this seed"
            problems += [f"bidding at {width}: {p}" for p in first_screen_problems(page)]
            page.screenshot(path=screenshots / f"first-screen-bidding-{width}.png")
            problems += [f"bidding at {width}: axe: {v}" for v in access_problems(page)]
            for _ in range(60):
                if page.locator(".pl-card.pl-legal:visible").count():
                    break
                selector = next_move(page)
                assert selector is not None, page.inner_text(".pl-status")
                click_and_wait(page, selector, tap=phone)
            assert page.locator(".pl-card.pl-legal:visible").count(), "no card to play"
            problems += [f"play at {width}: {p}" for p in first_screen_problems(page)]
            page.screenshot(path=screenshots / f"first-screen-play-{width}.png")
            problems += [f"play at {width}: axe: {v}" for v in access_problems(page)]
            assert not python_errors(page), python_errors(page)
        finally:
            close(page)
    assert not problems, "\n".join(problems)


def test_a_whole_hand_on_a_phone_reading_each_hint_beside_its_controls(
    browser: Browser, voila_url: str, screenshots: Path
) -> None:
    page = open_at(browser, voila_url, 375, 667, True)
    try:
        hints = taps = 0
        while not page.locator(".pl-hand-over:visible").count():
            assert taps < 200, f"no end of hand after {taps} taps: {page.inner_text('.pl-status')}"
            selector = next_move(page)
            assert selector is not None, page.inner_text(".pl-status")
            if "Your turn" in page.inner_text(".pl-status"):
                click_and_wait(page, ".pl-hint", tap=True)
                page.wait_for_function(
                    "() => /Hint:/.test(document.querySelector('.pl-hint-text')?.innerText ?? '')"
                )
                scroll = page.evaluate(SCROLL_JS)
                assert page.evaluate(IN_WINDOW_JS, ".pl-hint-text"), "the hint is out of the window"
                css = selector.replace(":visible", "")  # the script takes the first one shown
                assert page.evaluate(IN_WINDOW_JS, css), f"{selector} is out of the window"
                if not hints:
                    page.screenshot(path=screenshots / "first-screen-hint-375.png")
                hints += 1
                click_and_wait(page, selector, tap=True)
                assert page.evaluate(SCROLL_JS) == scroll, "the page scrolled to act on the hint"
            else:
                click_and_wait(page, selector, tap=True)
            taps += 1
        assert hints >= 3, hints  # with this deal: a bid and two cards of the learner's, each hinted
        assert "Hand over" in page.inner_text(".pl-status")
        ending = page.inner_text(".pl-hand-over")
        assert "the bid is made" in ending or "the bid is set" in ending, ending
        assert not first_screen_problems(page), first_screen_problems(page)  # New hand in sight too
        page.screenshot(path=screenshots / "first-screen-hand-over-375.png")
        # Save hand: one tap and the file is downloaded (no box to copy from, no second step)
        page.locator(".jupyter-widget-Collapse-header", has_text="Save or load").click()
        with page.expect_download() as saved:
            page.locator(".pl-save button").tap()
        assert saved.value.suggested_filename == "pitchlab-hand.json"
        record = json.loads(Path(saved.value.path()).read_text(encoding="utf-8"))
        assert record["format"] == "pitchlab-hand/1"
        page.wait_for_function("() => /in your downloads/.test(document.body.innerText)")
        assert not python_errors(page), python_errors(page)
    finally:
        close(page)
