"""The practice page's progress in a real browser: one problem solved and one missed, then a
reload and a restart of the server, the counts and the review list kept; the progress read by
keyboard alone and reset (with its confirmation); at 1280 px and 375 px, axe (WCAG 2.1 AA) clean.

Worked by hand from the shipped level-1 ten-point problems, in their order: ten-point-0-13
(answer 6♠), then ten-point-0-17 (answer J♠; the joker is a miss), then ten-point-2-18. The
first opened by its address and solved, **Next problem** moves to the second (the next not
solved), which the joker misses; a page then opened on no problem shows the third (the first
neither solved nor waiting for its review), and says 1 of the 278 ten-point problems solved
and one to review, due after 2 more problems (pitchlab.practice.progress: a miss comes back
after 2).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

from playwright.sync_api import Page, expect

from pitchlab.practice.progress import Progress
from tests.browser.lessons import check_widths
from tests.browser.test_pages import python_errors, render
from tests.browser.test_practice import NOTEBOOK
from tests.serving import VoilaServer, click_and_wait

KEY = "pitchlab:practice"
STORED_JS = f"() => window.localStorage.getItem({json.dumps(KEY)}) || ''"
SUMMARY = ".pl-practice .pl-progress-summary"
KEPT = (
    "level 1 (first steps); 1 of 278 problems solved. "
    "Review these again (1): the next is due after 2 more problems."
)


def stored(page: Page, seen: int) -> Progress:
    """The browser's record once it has counted ``seen`` answers (its save can land a moment
    after the page shows the answer)."""
    page.wait_for_function(f"() => ({STORED_JS})().includes('\"seen\":{seen},')")
    return Progress.from_json(page.evaluate(STORED_JS))


def opened(page: Page, base: str, address: str = "") -> None:
    render(page, base, NOTEBOOK + address)
    page.wait_for_selector(".pl-practice .pl-hand .pl-card", state="visible")
    assert not python_errors(page), python_errors(page)


def assert_kept(page: Page) -> None:
    """The counts and the review list as the first page left them, on a page opened on no problem."""
    expect(page.locator(SUMMARY)).to_contain_text(KEPT, timeout=30_000)
    expect(page.locator(".pl-count")).to_contain_text("Problem 3 of 131", timeout=30_000)


def tab_to(page: Page, found: str, presses: int = 80) -> None:
    """Tab until the focused element's classes or tag name include ``found``."""
    focused = (
        "() => (document.activeElement?.className ?? '') + ' ' + (document.activeElement?.tagName ?? '')"
    )
    for _ in range(presses):
        if found in str(page.evaluate(focused)):
            return
        page.keyboard.press("Tab")
    raise AssertionError(f"Tab never reached {found}: at {page.evaluate(focused)}")


def test_progress_survives_a_reload_and_a_restart_of_the_server(
    page: Page, own_server: VoilaServer, restart: Callable[[VoilaServer], VoilaServer], screenshots: Path
) -> None:
    opened(page, own_server.url, "?problem=ten-point-0-13")
    expect(page.locator(SUMMARY)).to_contain_text("0 of 278 problems solved")
    click_and_wait(page, ".pl-practice .pl-card-6S")
    page.wait_for_selector(".pl-practice .pl-right", state="visible")
    expect(page.locator(SUMMARY)).to_contain_text("1 of 278 problems solved")
    click_and_wait(page, ".pl-onward")
    assert "Which card brings your side" in page.inner_text(".pl-question")
    page.wait_for_selector(".pl-practice .pl-hand .pl-card-JK", state="visible")  # ten-point-0-17
    click_and_wait(page, ".pl-practice .pl-card-JK")
    page.wait_for_selector(".pl-practice .pl-wrong", state="visible")
    expect(page.locator(SUMMARY)).to_contain_text(KEPT)
    record = stored(page, 2)
    assert record.tries == {"ten-point-0-13": 1, "ten-point-0-17": 1}
    assert record.solved == {"ten-point-0-13": 1} and list(record.review) == ["ten-point-0-17"]
    text = page.evaluate(STORED_JS)
    assert '"JS"' not in text and '"6S"' not in text  # ids and counts, no answer

    opened(page, own_server.url)  # a reload, on no particular problem
    assert_kept(page)

    server = restart(own_server)
    opened(page, server.url)
    assert server.url == own_server.url
    assert_kept(page)
    assert stored(page, 2) == record

    page.evaluate("() => document.activeElement && document.activeElement.blur()")
    tab_to(page, "SUMMARY")  # the details, by keyboard alone
    page.keyboard.press("Enter")
    details = page.locator(".pl-progress details")
    expect(details).to_contain_text("Level 1 (first steps): 1 of 131")
    expect(details).to_contain_text("Level 1, draw out trump, count who is out: due after 2 more problems")
    check_widths(page, screenshots, "practice-progress", {"progress": ".pl-practice .pl-progress"})
    page.set_viewport_size({"width": 1280, "height": 900})

    page.evaluate("() => document.activeElement && document.activeElement.blur()")
    tab_to(page, "pl-reset-progress")
    page.keyboard.press("Enter")
    expect(page.locator(".pl-reset-confirm")).to_contain_text("This cannot be undone")
    check_widths(page, screenshots, "practice-reset", {"confirm": ".pl-practice .pl-reset-confirm"})
    page.set_viewport_size({"width": 1280, "height": 900})
    tab_to(page, "pl-reset-no")
    page.keyboard.press("Enter")
    expect(page.locator(".pl-reset-confirm")).to_be_hidden()
    expect(page.locator(SUMMARY)).to_contain_text(KEPT)
    tab_to(page, "pl-reset-progress")  # back, after a Shift+Tab or a few Tabs
    page.keyboard.press("Enter")
    tab_to(page, "pl-reset-yes")
    page.keyboard.press("Enter")
    expect(page.locator(SUMMARY)).to_contain_text(
        "0 of 278 problems solved. Review these again (0): none yet."
    )
    assert stored(page, 0) == Progress()
    assert not python_errors(page), python_errors(page)
