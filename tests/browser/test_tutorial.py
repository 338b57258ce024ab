"""The tutorial's way out, in a real browser: the last page's "Now play a game" link opens the
table app under Voila, and the principles on that page have the anchors the app may link to.
(Every tutorial page is also rendered at both widths, with axe, by test_pages.py.)"""

from __future__ import annotations

from playwright.sync_api import Page

from pitchlab.bots.principles import VOCABULARY
from tests.browser.test_pages import python_errors, render

LAST = "tutorial/09-playing-well.ipynb"
PRINCIPLES = tuple(p.anchor for p in VOCABULARY)
"""The anchors the app's hints and How to play box link to (:attr:`Principle.link`)."""


def test_the_last_page_links_the_app_and_names_its_principles(page: Page, voila_url: str) -> None:
    render(page, voila_url, LAST)
    ids = page.evaluate("() => Array.from(document.querySelectorAll('h2')).map((h) => h.id)")
    assert set(PRINCIPLES) <= set(ids), ids
    link = page.get_by_role("link", name="Now play a game", exact=True)
    assert link.get_attribute("href") == "../notebooks/app.ipynb"
    link.click()
    page.wait_for_url("**/voila/render/notebooks/app.ipynb", timeout=180_000)
    page.wait_for_selector(".pl-next", timeout=180_000)
    assert not python_errors(page), python_errors(page)
