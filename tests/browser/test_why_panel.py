"""The Why? panel on a phone: a bot's move in one short sentence, the rest a click away.

While the hand is on, the panel's first line is the move and what its bot told the
table (on a phone, in the drawer the Why? tab opens over the table); the facts behind it sit under a "More" toggle (a ``<details>`` element, which
a keyboard and a screen reader open like a button). At 375 px nothing is cut off and
axe-core finds no WCAG 2.1 A/AA violation, with the toggle closed and open.
"""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Page

from tests.browser.test_pages import access_problems, open_app, python_errors, shot
from tests.serving import SETTLED_JS, click_and_wait, play_next

SEED = 2
"""A deal where, a few moves in, a bot's reason has more to it than its first sentence (a West
card to its partner's trick: "no opponent can play to this trick after me" goes under More)."""
PHONE = 375


def test_the_why_panel_says_one_short_sentence_and_the_rest_a_click_away(
    page: Page, voila_url: str, screenshots: Path
) -> None:
    open_app(page, voila_url, f"?seed={SEED}")
    page.set_viewport_size({"width": PHONE, "height": 900})
    more = page.locator(".pl-why .pl-why-more")
    clicks = 0
    while not more.count():
        assert clicks < 200, (
            f"no reason with more to it after {clicks} clicks: {page.inner_text('.pl-status')}"
        )
        play_next(page)
        clicks += 1
    click_and_wait(page, ".pl-why-tab")  # on a phone, Why? is a drawer over the table
    first = page.inner_text(".pl-why .pl-why-said")
    said = first.partition(": ")[2]  # after the move itself
    assert said and len(said.split()) <= 25, first  # what and why, in at most 25 words
    summary = more.locator("summary")
    assert summary.inner_text().strip() in ("More", "Full reasoning (the hand is over)")
    assert not more.locator("li").first.is_visible()  # closed until asked for
    assert access_problems(page) == [], f"Why? panel, closed, at {PHONE} px"
    summary.click()
    page.evaluate(SETTLED_JS, [250, 5_000])
    assert more.locator("li").first.is_visible()
    assert more.locator("li").first.inner_text().strip()
    box = page.locator(".pl-why").bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= PHONE + 1, box
    shot(page, screenshots, f"app-why-more-{PHONE}")
    page.locator(".pl-why").screenshot(path=screenshots / f"app-why-panel-{PHONE}.png")
    assert access_problems(page) == [], f"Why? panel, open, at {PHONE} px"
    assert not python_errors(page), python_errors(page)
