"""A page that lost its server says so, and a paste too large to send is refused in the page.

Each lost-connection test opens the app on a server of its own, plays a step or
two, then breaks something under the page: kills the page's kernel, stops the
server, or freezes it. The banner (``.pl-lifeline-on``, :mod:`pitchlab.ui.lifeline`)
must appear with its Reload button; the time it took is printed, never asserted
(a shared machine). Reloading after a dead kernel must offer the game back.
The paste tests put more than the load box takes into it, through the clipboard
as a learner would, and check that the page refuses it in one line and goes on.
"""

from __future__ import annotations

import json
import os
import signal
from pathlib import Path

import pytest
from playwright.sync_api import Page

from pitchlab.server.processes import is_kernel, process_tree, stop_group
from pitchlab.ui.lifeline import LOST, LOST_AFTER_S, SAVED, UNSAVED
from tests.browser.test_pages import access_problems, fits, open_app, render
from tests.serving import VoilaServer, click_and_wait, play_next

BANNER = ".pl-lifeline-on"
RELOAD = ".pl-lifeline-on button"
BOX = ".pl-record-box textarea"
REFUSAL = ".pl-capped-refusal"

# Before breaking anything: the page notes the moment the banner first shows.
WATCH_JS = """() => {
    window.__bannerAt = null;
    new MutationObserver(() => {
        if (window.__bannerAt === null && document.querySelector('.pl-lifeline-on')) {
            window.__bannerAt = performance.now();
        }
    }).observe(document.body, {subtree: true, attributes: true, childList: true});
    return performance.now();
}"""
KERNEL_ID_JS = "() => JSON.parse(document.getElementById('jupyter-config-data').textContent).kernelId"


def play_a_little(page: Page, clicks: int = 2) -> None:
    for _ in range(clicks):
        play_next(page)


def banner_after(page: Page, start_ms: float, what: str, timeout_s: float) -> float:
    """Wait for the banner; print and return the seconds it took from ``start_ms``."""
    page.wait_for_selector(BANNER, timeout=timeout_s * 1000)
    seconds = (page.evaluate("() => window.__bannerAt") - start_ms) / 1000
    print(f"\n{what}: the banner showed {seconds:.2f} s later")
    return float(seconds)


def check_banner(page: Page, shots: Path, name: str) -> None:
    """The banner's words, its role, its focused Reload button; at 1280 and 375 px: screenshots,
    no sideways scrolling, no WCAG 2.1 AA problem axe can find."""
    banner = page.locator(BANNER)
    assert banner.get_attribute("role") == "alert"
    assert banner.inner_text().startswith(f"{LOST} {SAVED}")
    assert page.evaluate("() => document.activeElement.textContent") == "Reload the page"
    for width, height in ((1280, 900), (375, 812)):
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_timeout(300)
        page.screenshot(path=shots / f"lifeline-{name}-{width}.png")
        box = banner.bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= width
        button = page.locator(RELOAD).bounding_box()
        assert button is not None and button["x"] + button["width"] <= width and button["height"] >= 44
        assert fits(page), f"the page scrolls sideways at {width} px with the banner"
        assert access_problems(page) == [], f"at {width} px"
    page.set_viewport_size({"width": 1280, "height": 900})


def kernel_of(page: Page, server: VoilaServer) -> int:
    """The pid of the page's kernel, found among the server's processes by its id."""
    kernel_id = page.evaluate(KERNEL_ID_JS)
    found = [p.pid for p in process_tree(server.proc.pid) if is_kernel(p) and kernel_id in p.cmdline]
    assert len(found) == 1, f"kernel {kernel_id}: {found}"
    return found[0]


def test_a_dead_kernel_shows_the_banner_and_a_reload_resumes(
    page: Page, own_server: VoilaServer, screenshots: Path
) -> None:
    open_app(page, own_server.url)
    play_a_little(page)
    assert not page.locator(BANNER).count()
    status = page.inner_text(".pl-status")
    start = page.evaluate(WATCH_JS)
    os.kill(kernel_of(page, own_server), signal.SIGKILL)
    banner_after(page, start, "kernel killed", timeout_s=LOST_AFTER_S + 40)
    check_banner(page, screenshots, "kernel-died")

    page.click(RELOAD)  # the page comes back with a fresh kernel, which offers the saved game
    page.wait_for_selector(".pl-resume:visible", timeout=120_000)
    assert not page.locator(BANNER).count()
    click_and_wait(page, ".pl-resume:visible")
    assert "exactly where you left it" in page.inner_text(".pl-message")
    assert page.inner_text(".pl-status") == status


def test_a_page_that_keeps_no_game_promises_none(page: Page, own_server: VoilaServer) -> None:
    """The explorer keeps nothing in the browser: its banner only says to reload."""
    render(page, own_server.url, "notebooks/explorer.ipynb")
    page.wait_for_selector(".pl-explorer")
    start = page.evaluate(WATCH_JS)
    os.kill(kernel_of(page, own_server), signal.SIGKILL)
    banner_after(page, start, "explorer's kernel killed", timeout_s=LOST_AFTER_S + 40)
    assert page.inner_text(BANNER).startswith(f"{LOST} {UNSAVED}")
    assert "saved" not in page.inner_text(BANNER)


def test_a_stopped_server_shows_the_banner(page: Page, own_server: VoilaServer, screenshots: Path) -> None:
    open_app(page, own_server.url)
    play_a_little(page, 1)
    start = page.evaluate(WATCH_JS)
    stop_group(own_server.proc)  # SIGTERM, as a teacher stopping the class server
    banner_after(page, start, "server stopped", timeout_s=LOST_AFTER_S + 40)
    check_banner(page, screenshots, "server-stopped")


def test_a_frozen_server_shows_the_banner_until_it_answers_again(page: Page, own_server: VoilaServer) -> None:
    """A server that stops answering (its process stopped, its sockets open) is only noticed by
    the unanswered pings; once it answers again, the banner goes."""
    open_app(page, own_server.url)
    start = page.evaluate(WATCH_JS)
    os.kill(own_server.proc.pid, signal.SIGSTOP)
    try:
        banner_after(page, start, "server frozen", timeout_s=LOST_AFTER_S + 60)
    finally:
        os.kill(own_server.proc.pid, signal.SIGCONT)
    page.wait_for_selector(BANNER, state="detached", timeout=60_000)
    play_a_little(page, 1)  # the page works again


def paste(page: Page, letter: str, times: int) -> None:
    """Put ``letter`` ``times`` over in the load box as a learner does: copy, click the box, select
    all, paste. The page writes the text to the clipboard itself: sent from here, megabytes would
    cross from Python to Playwright's driver to the browser as JSON, for nothing the test needs."""
    page.evaluate("([letter, times]) => navigator.clipboard.writeText(letter.repeat(times))", [letter, times])
    page.click(BOX)
    page.keyboard.press("Control+A")
    page.keyboard.press("Control+V")


@pytest.fixture
def clipboard_page(page: Page, voila_url: str) -> Page:
    page.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=voila_url)
    open_app(page, voila_url)
    page.get_by_text("Save or load this hand, or the whole game").click()
    return page


def saved_game_in_box(page: Page) -> None:
    page.click(".pl-save-game")
    page.wait_for_function(f"() => document.querySelector({json.dumps(BOX)}).value.startsWith('{{')")


PASTES = (
    # 11 MiB: 11 * 1,048,576 characters, more than the 6 MiB (6,291,456) a sealed save may have
    ("x", 11 * 2**20, "at most 6,291,456 characters; this text has 11,534,336, so it was not sent"),
    # 4 MiB of characters, under that cap, but 2 bytes each once sent, plus two quotes: 2 over 8 MiB
    ("é", 4 * 2**20, "takes 8,388,610 bytes to send, more than the 8,388,608 a page may send"),
)
"""Pastes too large, as (letter, how many, the refusal's words): over the characters a save may
have, and under them but over the bytes a page may send."""


def test_a_paste_too_large_is_refused_in_the_page(clipboard_page: Page) -> None:
    """Each paste of :data:`PASTES` in turn, on one page: refused in one line, the box emptied,
    and the page's socket still answers (a load is refused, then a good save loads)."""
    page = clipboard_page
    for letter, times, refusal in PASTES:
        saved_game_in_box(page)  # the box holds a good save: the refused paste must not leave it behind
        paste(page, letter, times)
        page.wait_for_function(f"() => document.querySelector({json.dumps(REFUSAL)}).textContent !== ''")
        assert refusal in page.inner_text(REFUSAL)
        assert page.input_value(BOX) == ""
        click_and_wait(page, ".pl-load-game")  # the socket is alive: the click is answered
        assert page.inner_text(".pl-message").startswith("Could not load that game")
        saved_game_in_box(page)
        assert page.inner_text(REFUSAL) == ""
        click_and_wait(page, ".pl-load-game")
        assert "exactly where you left it" in page.inner_text(".pl-message")
