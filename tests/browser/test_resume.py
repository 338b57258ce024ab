"""Nothing lost on reload: half a hand, a reload, "Resume your game", the rest of the hand.

The app keeps the game in the browser's localStorage after every step, sealed
(``pitchlab-save/1``): the test opens it with the run's key, which its Voila server
and kernels share (``PITCHLAB_SAVE_KEY``, set by the root conftest). The
same deal (``?seed=``) is played by the learner's clicks (``next_move``) with a reload in the
middle, and in Python by the same choices straight through (``played_as_next_move_plays``):
bots and clicks are deterministic, so the two hands must end identically.
"""

from __future__ import annotations

import json
from collections.abc import Callable

from playwright.sync_api import Page, expect

import pitchlab as pl
from tests.browser.test_pages import APP, python_errors, render
from tests.serving import click_and_wait, play_next, play_to_a_card, played_as_next_move_plays

SEED = 11
KEY = "pitchlab:app"
STORED_JS = f"() => window.localStorage.getItem({json.dumps(KEY)})"


def open_seeded(page: Page, base: str) -> None:
    render(page, base, f"{APP}?seed={SEED}")
    page.wait_for_selector(".pl-next", state="visible")
    assert not python_errors(page), python_errors(page)


def play(
    page: Page, clicks: int | None = None, *, until: Callable[[Page], bool] | None = None, tap: bool = False
) -> int:
    """Click (or ``tap``) the learner's way through the hand, at most ``clicks`` times, or
    until ``until`` says the page has reached a state wanted; the clicks made."""
    done = 0
    while not page.locator(".pl-hand-over:visible").count() and (clicks is None or done < clicks):
        if until is not None and until(page):
            break
        assert done < 300, f"no end of hand after {done} clicks: {page.inner_text('.pl-status')}"
        play_next(page, tap=tap)
        done += 1
    return done


def saved_hand(page: Page, settled: Callable[[pl.Hand], bool] = lambda _hand: True) -> pl.Hand:
    """The current hand of the game this browser holds, once ``settled`` says the last
    step's save has arrived (the page can show a step a moment before its save lands)."""
    page.wait_for_function(f"() => !!({STORED_JS})()")
    for _ in range(100):
        stored = page.evaluate(STORED_JS)
        assert json.loads(stored)["format"] == pl.SAVE_FORMAT and '"stock"' not in stored
        hand = pl.open_game(stored).hand
        if settled(hand):
            return hand
        page.wait_for_timeout(200)
    raise AssertionError(f"the browser's saved game never settled: {pl.summary(hand)}")


def quiet_save(page: Page, quiet_ms: int = 1000) -> str:
    """The browser's stored save once it has stayed the same for ``quiet_ms``: under load the
    last click's save can land well after the page shows the click."""
    last, same_since = page.evaluate(STORED_JS), 0
    for _ in range(150):
        page.wait_for_timeout(200)
        now = page.evaluate(STORED_JS)
        same_since = same_since + 200 if now == last else 0
        if same_since >= quiet_ms:
            return str(now)
        last = now
    raise AssertionError("the browser's save kept changing for 30 s")


def test_a_reload_mid_hand_resumes_exactly(page: Page, voila_url: str) -> None:
    # the hand played straight through, worked out in Python by next_move's own choices (the same
    # table as the page's kernel makes for the seed): the reloaded hand must end exactly so
    expected = played_as_next_move_plays(SEED).hand
    assert expected.is_over

    open_seeded(page, voila_url)
    assert not page.locator(".pl-resume-offer:visible").count()  # a new browser: nothing to offer
    assert play_to_a_card(page), page.inner_text(".pl-status")  # bid, trump named: mid-hand
    play(page, 4)  # and a few cards into the play
    halfway = saved_hand(page)
    assert halfway.phase is pl.Phase.PLAY, pl.summary(halfway)

    page.reload()
    page.wait_for_selector(".pl-next", state="visible")
    page.wait_for_selector(".pl-resume:visible")
    # the offer's words come in a later message than its buttons: under load they can lag
    expect(page.locator(".pl-resume-offer")).to_contain_text("Welcome back", timeout=30_000)
    click_and_wait(page, ".pl-resume:visible")
    assert not page.locator(".pl-resume-offer:visible").count()
    assert "exactly where you left it" in page.inner_text(".pl-message")
    back = saved_hand(page, lambda hand: pl.to_record(hand) == pl.to_record(halfway))
    assert pl.to_record(back) == pl.to_record(halfway)

    play(page)
    resumed = saved_hand(page, lambda hand: hand.is_over)
    assert not python_errors(page), python_errors(page)
    assert pl.to_record(resumed) == pl.to_record(expected)
    assert resumed.result() == expected.result()


def test_a_changed_save_is_refused_in_one_line_and_the_new_game_goes_on(page: Page, voila_url: str) -> None:
    """A student edits the stored save (a better score) and reloads: one line, no resume."""
    open_seeded(page, voila_url)
    play(page, 3)
    saved_hand(page)
    data = json.loads(quiet_save(page))  # a save still on its way would undo the edit
    data["view"]["scores"] = [10, 0]
    page.evaluate("([key, value]) => window.localStorage.setItem(key, value)", [KEY, json.dumps(data)])
    page.reload()
    page.wait_for_selector(".pl-next", state="visible")
    offer = page.locator(".pl-resume-offer")
    offer.wait_for(state="visible")
    assert offer.inner_text().splitlines()[0] == (
        "Saved game refused: this save was changed or made by another server, "
        "so it cannot be resumed. A new game is ready."
    )
    assert not page.locator(".pl-resume:visible").count()
    page.wait_for_function(f"() => !({STORED_JS})().includes('[10,0]')")  # the new game replaced it
    play(page, 2)
    assert not python_errors(page), python_errors(page)
    assert pl.open_game(page.evaluate(STORED_JS)).scores == [0, 0]
