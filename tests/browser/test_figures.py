"""Every figure on a page has words (WCAG 2.1 1.1.1): its plot is named for a screen reader
and a "The figure in words" disclosure under it holds the figure's description. A lesson's figure
is checked here, before and after it is redrawn; the app's hand-over review in
tests/browser/test_mistakes.py, at the end of the hand it plays."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Page

from tests.browser.test_pages import access_problems, python_errors, render

LESSON = "tutorial/02-the-deal.ipynb"

FIGURES_JS = """(root) => Array.from(document.querySelectorAll(root + ' .js-plotly-plot')).map((plot) => {
  const svg = plot.querySelector('svg.main-svg');
  const words = plot.closest('.jp-OutputArea').querySelectorAll('details.pl-figure-words');
  return {
    role: svg.getAttribute('role'),
    name: svg.getAttribute('aria-label') || '',
    title: plot.querySelector('.gtitle')?.textContent || '',
    xtitle: plot.querySelector('.xtitle')?.textContent || '',
    disclosures: words.length,
    words: words.length ? words[0].querySelector('p').textContent : '',
  };
})"""


def figures(page: Page, root: str) -> list[dict[str, object]]:
    """Each plotly figure under ``root`` as the page's helper left it, a moment after a change."""
    page.wait_for_selector(f"{root} .js-plotly-plot svg.main-svg[role=img]", state="attached")
    page.wait_for_timeout(400)
    found: list[dict[str, object]] = page.evaluate(FIGURES_JS, root)
    return found


def check_words(figure: dict[str, object]) -> None:
    """The name and the disclosure say the title and the x axis's title that plotly drew."""
    assert figure["role"] == "img", figure
    assert figure["disclosures"] == 1, figure
    title, xtitle, name, words = (str(figure[k]) for k in ("title", "xtitle", "name", "words"))
    assert title and title in name and title in words, figure
    assert xtitle and xtitle in name and xtitle in words, figure


def test_a_lesson_figure_in_words_and_redrawn(page: Page, voila_url: str, screenshots: Path) -> None:
    render(page, voila_url, LESSON)
    errors = python_errors(page)
    assert not errors, errors
    (before,) = figures(page, ".pl-deal-explorer")
    check_words(before)
    # the description is the figure's data: the page names the longest suit of seed 1's hand,
    # hearts, first; 3.07% of hands hold no trump of a named suit (C(38,9)/C(54,9) = 0.0307; one: 16 C(38,8)/C(54,9) = 0.147)
    assert "hearts named: 0: 3.07, 1: 14.7" in str(before["words"])
    page.click(".pl-deal-explorer .widget-toggle-buttons button:has-text('Spades')")
    page.wait_for_function(
        "() => document.querySelector('.pl-deal-explorer svg.main-svg[role=img]')"
        "?.getAttribute('aria-label').includes('spades named')"
    )
    (after,) = figures(page, ".pl-deal-explorer")
    check_words(after)  # one disclosure still, its words redrawn with the figure
    assert "spades named" in str(after["words"]) and "hearts named" not in str(after["words"])
    page.click(".pl-deal-explorer details.pl-figure-words summary")
    assert page.locator(".pl-deal-explorer details.pl-figure-words p").is_visible()
    box = page.locator(".pl-deal-explorer .pl-plot")
    box.scroll_into_view_if_needed()
    box.screenshot(path=screenshots / "lesson-words-open-1280.png")
    page.set_viewport_size({"width": 375, "height": 812})
    page.wait_for_timeout(600)
    box.scroll_into_view_if_needed()
    box.screenshot(path=screenshots / "lesson-words-open-375.png")
    assert access_problems(page) == []
    page.set_viewport_size({"width": 1280, "height": 900})
    assert access_problems(page) == []
