"""A first-timer in the app, in a real browser through Voila: the how-to box and its
tutorial link, a refusal in plain words, and the bots playing on by themselves at the
slow pace until it is the learner's turn. Screenshots at 1280x900 and 375x812 go to
screenshots/firsttime-*.png for a person to look at."""

from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import urljoin

from playwright.sync_api import Browser, Page, expect

from tests.browser.test_pages import AXE_JS, PYTHON_ERRORS, render
from tests.serving import click_and_wait, next_move, window

APP = "notebooks/app.ipynb?seed=3"
PLAIN_REFUSAL = re.compile(r"^(Only trump can be played|You must follow suit|Trump was led)")
"""How the app words a card the rules forbid now (tests/test_first_timer.py has each case)."""


MINE = (".pl-howto", ".pl-pace", ".pl-trick", ".pl-last-trick", ".pl-score-bars", ".pl-message")
"""This page's first-timer pieces; the rest of the app is audited by test_pages.py."""


def my_access_problems(page: Page) -> list[str]:
    """axe-core's WCAG 2.1 A and AA violations inside the first-timer pieces."""
    if not page.evaluate("() => typeof axe !== 'undefined'"):
        page.add_script_tag(content=AXE_JS)
    found = page.evaluate(
        """(mine) => axe.run({include: mine.map((s) => [s])},
             {runOnly: {type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']}})""",
        list(MINE),
    )["violations"]
    return [f"{v['id']}: {[n['target'] for n in v['nodes']][:3]}" for v in found]


def log_lines(page: Page) -> int:
    return page.locator(".pl-log .widget-html-content > div").count()


def until_my_turn(page: Page, timeout_ms: float = 60_000) -> None:
    """After the learner's move: wait for the bots' turn to start, then for it to end."""
    page.wait_for_function(
        "() => !/Your turn/.test(document.querySelector('.pl-status').innerText)", timeout=30_000
    )
    page.wait_for_function(
        """() => { const s = document.querySelector('.pl-status');
                   return s && /Your turn|Hand over|Game over/.test(s.innerText); }""",
        timeout=timeout_ms,
    )


def test_a_first_visit(page: Page, voila_url: str, js_errors: list[str], screenshots: Path) -> None:
    render(page, voila_url, APP)
    assert not page.locator(PYTHON_ERRORS).count(), js_errors
    page.screenshot(path=str(screenshots / "firsttime-1280-top.png"))

    # how to play: open on a first visit, the ruleset's facts, a link into the tutorial
    howto = page.locator(".pl-howto")
    assert "A bid of 6 says your team will take at least 6 of the hand's points" in howto.inner_text()
    link = page.locator(".pl-howto a[href$='01-welcome.ipynb']")
    href = link.get_attribute("href")
    assert href == "../tutorial/01-welcome.ipynb"
    target = urljoin(page.url, href)
    assert target.split("?")[0].endswith("/voila/render/tutorial/01-welcome.ipynb")
    tutorial = page.context.new_page()
    response = tutorial.goto(target, timeout=180_000)
    assert response is not None and response.ok
    tutorial.wait_for_selector("text=Welcome to ten-point Pitch", timeout=180_000)
    tutorial.close(run_before_unload=True)

    # the bots at the slow pace: after the learner's bid they play on, no Next pressed
    assert "Your turn" in page.inner_text(".pl-status")  # seat 0 speaks first with ?seed=3
    page.locator(".pl-pace button", has_text="Slow").click()
    page.wait_for_timeout(300)
    before = log_lines(page)
    move = next_move(page)
    assert move is not None and move.startswith(".pl-bid")
    page.locator(move).first.click()
    page.wait_for_function(
        "() => /the bots play on by themselves/.test(document.querySelector('.pl-status').innerText)",
        timeout=30_000,
    )
    until_my_turn(page)
    assert log_lines(page) >= before + 2  # the learner's bid and at least one bot's move
    # the button's state is its own widget message, which may land just after the status's
    expect(page.locator(".pl-next")).to_be_disabled(timeout=10_000)
    assert "press Next" not in page.inner_text(".pl-status")
    page.screenshot(path=str(screenshots / "firsttime-slow-pace.png"))

    # back to stepping, then a card the rules forbid: the refusal is said in plain words
    page.locator(".pl-pace button", has_text="Step with Next").click()
    page.wait_for_timeout(300)
    refused = ""
    for _ in range(80):
        status = page.inner_text(".pl-status")
        forbidden = page.locator(".pl-card:not(.pl-legal)")
        if "Your turn: play" in status and forbidden.count():
            click_and_wait(page, ".pl-card:not(.pl-legal)", force=True)  # aria-disabled: clicked on purpose
            refused = page.inner_text(".pl-message").strip()
            break
        if "Hand over" in status:
            click_and_wait(page, ".pl-new-hand")
            continue
        move = next_move(page)
        assert move is not None, status
        click_and_wait(page, move)
    assert PLAIN_REFUSAL.match(refused), refused
    assert "seat" not in refused and "refused" not in refused
    assert page.inner_text(".pl-trick").startswith("This trick:")
    page.locator(".pl-status").scroll_into_view_if_needed()
    page.screenshot(path=str(screenshots / "firsttime-1280-refusal.png"))
    assert not page.locator(PYTHON_ERRORS).count(), js_errors
    assert my_access_problems(page) == []  # mid-hand: the refusal, the trick lines, the pace, the bars


def test_a_first_visit_on_a_phone(browser: Browser, voila_url: str, screenshots: Path) -> None:
    with window(browser, 375, 812, True) as page:
        render(page, voila_url, APP)
        assert page.locator(".pl-howto a[href$='01-welcome.ipynb']").is_visible()
        page.screenshot(path=str(screenshots / "firsttime-375-top.png"))
        page.locator(".pl-pace button", has_text="Fast").click()
        move = next_move(page)
        assert move is not None
        page.locator(move).first.click()
        until_my_turn(page)
        labels = page.locator("svg.pl-score-bar").evaluate_all(
            "els => els.map(e => e.getAttribute('aria-label'))"
        )
        assert labels and labels[0].startswith("Your team")
        page.locator(".pl-trick").scroll_into_view_if_needed()
        page.screenshot(path=str(screenshots / "firsttime-375-trick.png"))
        page.locator(".pl-score-bars").scroll_into_view_if_needed()
        page.screenshot(path=str(screenshots / "firsttime-375-score.png"))
