"""The what-if explorer in a real browser: click cards, seat and trump, and watch the comparison appear.

Only the page's ``pl-*`` hooks are used, as a learner's clicks would find the
controls. Screenshots go to screenshots/ for a person to look at.
"""

from __future__ import annotations

import json
import statistics
import time
from pathlib import Path

from playwright.sync_api import Page

import pitchlab as pl
from tests.browser.test_pages import access_problems, fits, python_errors, render, shot
from tests.serving import SETTLED_JS, click_and_wait

NOTEBOOK = "notebooks/explorer.ipynb"
COMPARE_CHANGED_JS = "(before) => document.querySelector('.pl-compare').innerText !== before"


def change_and_wait(page: Page, selector: str) -> tuple[float, float]:
    """Click ``selector``; the seconds until the comparison shows the new numbers, and until the page is still."""
    before = page.inner_text(".pl-compare")
    start = time.perf_counter()
    page.locator(selector).first.click()
    page.wait_for_function(COMPARE_CHANGED_JS, arg=before, timeout=60_000, polling=20)
    compared = time.perf_counter() - start
    quiet_ms = 400
    waited_ms = page.evaluate(SETTLED_JS, [quiet_ms, 20_000])  # the figures redraw after the text
    return compared, compared + (waited_ms - quiet_ms) / 1000


def plot_text(page: Page, selector: str) -> str:
    """The words drawn in a figure (its SVG text: title, legend, labels)."""
    return page.locator(selector).first.text_content() or ""


def test_change_one_card_and_see_the_difference(
    page: Page, voila_url: str, screenshots: Path, tmp_path: Path
) -> None:
    render(page, voila_url, NOTEBOOK)
    page.wait_for_selector(".pl-explorer .pl-card-toggle", state="visible")
    assert not python_errors(page), python_errors(page)
    assert "9 of 9 chosen" in page.inner_text(".pl-count")
    assert "Change one card" in page.inner_text(".pl-compare")

    click_and_wait(page, ".pl-card-8S")  # eight cards: a hint, the analysis stays
    assert "8 of 9" in page.inner_text(".pl-count")
    page.wait_for_function("() => document.querySelector('.pl-message').innerText.includes('pick 1 more')")

    times = [change_and_wait(page, ".pl-card-JK")]  # the ninth card: a new analysis beside the old
    text = page.inner_text(".pl-compare")
    assert "out 8♠, in Joker" in text, text
    assert "chance to make 10 (%)" in text
    # the figure shows the new hand too: six hearts held, so 16 - 6 = 10 of the 45 unseen are trump
    assert "10 of the 45 cards you cannot see are trump" in plot_text(page, ".pl-odds-plot")
    assert "you hold 6" in plot_text(page, ".pl-odds-plot")
    shot(page, screenshots, "explorer-after-change")

    times.append(change_and_wait(page, ".pl-trump-S"))
    assert "trump ♥ → ♠" in page.inner_text(".pl-compare")
    times.append(change_and_wait(page, ".pl-position button:has-text('dealer')"))
    assert "seat first → dealer" in page.inner_text(".pl-compare")
    times.append(change_and_wait(page, ".pl-trump-auto"))
    compared = [round(c, 2) for c, _ in times]
    settled = [round(t, 2) for _, t in times]
    print(
        f"\nexplorer: seconds from click to comparison {compared}, median {statistics.median(compared):.2f}"
    )
    print(f"explorer: seconds from click to a still page {settled}, median {statistics.median(settled):.2f}")

    codes = page.locator(".pl-codes input")
    codes.fill("AS AS KS QS JS TS 9S 8S 7S")
    codes.press("Enter")
    page.wait_for_function(
        "() => document.querySelector('.pl-message').innerText.includes('Nothing changed')"
    )
    assert "AS appears 2 times" in page.inner_text(".pl-message")
    shot(page, screenshots, "explorer-bad-codes")

    # a real upload through the browser's file input: seat 1 deals, so seat 0 bids third;
    # the record stops six cards into the play, so the page also shows the best play from there
    dealt = pl.Hand.deal(dealer=1, seed=7)
    pl.play_hand(dealt, [pl.RuleBasedPlayer()] * 4)
    stopped = pl.to_record(dealt)
    stopped["plays"] = stopped["plays"][:6]
    record = tmp_path / "my-hand.json"
    record.write_text(json.dumps(stopped), encoding="utf-8")
    before = page.inner_text(".pl-compare")
    with page.expect_file_chooser() as chooser:  # the button opens a file input kept out of the page
        page.locator(".pl-upload").click()
    chooser.value.set_files(record)
    page.wait_for_function(COMPARE_CHANGED_JS, arg=before, timeout=60_000, polling=20)
    # the play panel is the last thing a loaded record redraws: once it shows, so does the rest
    page.wait_for_function(
        "() => document.querySelector('.pl-play-advice').innerText.includes('to play.')", timeout=60_000
    )
    assert "seat dealer → third" in page.inner_text(".pl-compare")
    assert sorted(page.input_value(".pl-codes input").split()) == sorted(c.code for c in dealt.dealt_to(0))
    advice = page.inner_text(".pl-play-advice")
    assert "to play." in advice and "strong bot would say: Play" in advice
    page.wait_for_selector(".pl-analysis-plot .js-plotly-plot", state="visible")
    assert "my-hand.json" in page.inner_text(".pl-explorer")
    assert not page.inner_text(".pl-message").strip()
    # the record's bids and trump choice are reviewed first, by what each seat could see
    # (seat 1 dealt, so seat 2 spoke first): then the cards, with hindsight last
    assert "Bids and trump, judged on what each player could see then:" in advice
    assert "Seat 2: " in advice and "on what seat 2 could see" in advice
    assert advice.index("Bids and trump") < advice.index("Cards: judged on what each player could see")
    assert advice.index("Cards: judged") < advice.index("With every card known (hindsight)")
    page.evaluate(SETTLED_JS, [400, 20_000])
    shot(page, screenshots, "explorer-record")
    assert not python_errors(page), python_errors(page)
    # the review panel at a desktop's width and a phone's: WCAG 2.1 AA, no sideways scroll
    assert access_problems(page) == []
    page.set_viewport_size({"width": 375, "height": 812})
    assert fits(page), "the explorer scrolls sideways at 375 px"
    assert access_problems(page) == [], "at 375 px"
    page.locator(".pl-play-advice").screenshot(path=screenshots / "explorer-record-review-375.png")
