"""The table first: the game in the first screen on a laptop and a phone, and a hand on a phone
by taps with each hint read beside the controls it points to.

At 1280x800 and 375x667, in the bidding and in the play, the status line, the table picture,
the learner's hand and the current decision's controls lie wholly inside the window without a
scroll (:func:`tests.serving.first_screen_problems` measures their boxes), and axe-core finds
no WCAG 2.1 A or AA violation. On the phone a whole hand is played by taps: before each of the
learner's decisions, and when the hand is over, the app passes tests/browser/test_sizes.py's
measures (nothing outside the window or cut off, cards a fingertip wide); at each decision (each
one hinted) the Hint tab opens the drawer over the table, and the
hint's words and every control of that decision are in the window, neither covered nor clipped
(so nothing needs scrolling to be read or tapped), and the page does not scroll from the Hint tap
to the tap that acts on it; at the end, one tap on Save hand downloads the hand's record.
Screenshots: screenshots/first-screen-<phase>-<width>.png, first-screen-hint-375.png and
first-screen-why-375.png (the drawer open on the Why? panel, which axe checks too).
"""

from __future__ import annotations

import json
from pathlib import Path

from playwright.sync_api import BrowserContext

from tests.browser.test_pages import access_problems, fits, open_app, python_errors
from tests.browser.test_sizes import measure
from tests.serving import (
    FIRST_SCREEN_SEED,
    FIRST_SCREENS,
    NEXT,
    SETTLED_JS,
    click_and_wait,
    first_screen_problems,
    moves_to_hand_over,
    play_to_a_card,
    window,
)

SCROLL_JS = "() => [scrollX, scrollY, document.querySelector('#rendered_cells')?.scrollTop ?? 0]"
"""Where the page stands: the window's scroll and Voila's scrolling box's."""
SEEN_JS = """(sel) => { const problems = [];
    const shown = Array.from(document.querySelectorAll(sel)).filter((e) => e.getClientRects().length > 0);
    if (!shown.length) { return [`nothing shown for ${sel}`]; }
    for (const el of shown) {
        const r = el.getBoundingClientRect();
        const name = `${sel} "${(el.textContent ?? "").trim().slice(0, 30)}"`;
        if (r.top < -1 || r.left < -1 || r.bottom > innerHeight + 1 || r.right > innerWidth + 1) {
            problems.push(`${name} at ${Math.round(r.top)}..${Math.round(r.bottom)} is outside the window`);
            continue;
        }
        const x = (r.left + r.right) / 2, y = (r.top + r.bottom) / 2, inset = 3;
        for (const [px, py] of [[x, y], [x, r.top + inset], [x, r.bottom - inset],
                                [r.left + inset, y], [r.right - inset, y]]) {
            const hit = document.elementFromPoint(px, py);
            if (!hit || !(hit === el || el.contains(hit))) {
                problems.push(`${name} is hidden at ${Math.round(px)},${Math.round(py)} by ${hit?.className}`);
                break;
            }
        }
    }
    return problems; }"""
"""What keeps a learner from seeing every shown match of a selector where it stands: lying outside
the window, or hidden at its centre or at the middle of an edge (by whatever covers it, or by a box
that clips it, which a scroll would be needed to reveal)."""


def decision(selector: str) -> str:
    """All the controls of the decision whose one control ``selector`` is: every bid and Pass for
    a bid, every legal card for a card, and so on."""
    return ".pl-bid" if selector.startswith(".pl-bid") else selector.replace(":visible", "")


def test_the_game_is_in_the_first_screen_in_the_bidding_and_the_play(
    profile: BrowserContext, voila_url: str, screenshots: Path
) -> None:
    problems = []
    for width, height, phone in FIRST_SCREENS:
        with window(profile, width, height, phone) as page:
            open_app(page, voila_url, f"?seed={FIRST_SCREEN_SEED}")
            assert page.locator(".pl-bid:visible").count(), "the learner bids first with this seed"
            problems += [f"bidding at {width}: {p}" for p in first_screen_problems(page)]
            page.screenshot(path=screenshots / f"first-screen-bidding-{width}.png")
            problems += [f"bidding at {width}: axe: {v}" for v in access_problems(page)]
            assert play_to_a_card(page, tap=phone), page.inner_text(".pl-status")
            problems += [f"play at {width}: {p}" for p in first_screen_problems(page)]
            page.screenshot(path=screenshots / f"first-screen-play-{width}.png")
            problems += [f"play at {width}: axe: {v}" for v in access_problems(page)]
            assert not python_errors(page), python_errors(page)
    assert not problems, "\n".join(problems)


def test_a_whole_hand_on_a_phone_reading_each_hint_beside_its_controls(
    profile: BrowserContext, voila_url: str, screenshots: Path
) -> None:
    with window(profile, 375, 667, True) as page:
        open_app(page, voila_url, f"?seed={FIRST_SCREEN_SEED}")
        hints = taps = measured = 0
        for selector in moves_to_hand_over(page):
            if selector != NEXT:  # the learner's own decision: read the hint first, then act on it
                assert "Your turn" in page.inner_text(".pl-status"), page.inner_text(".pl-status")
                found = measure(page)  # every part inside the window, cards a fingertip wide
                assert not found["problems"] and fits(page), found["problems"]
                measured += 1
                scroll = page.evaluate(SCROLL_JS)
                click_and_wait(page, ".pl-hint", tap=True)
                page.wait_for_function(
                    "() => /Hint:/.test(document.querySelector('.pl-hint-text')?.innerText ?? '')"
                )
                hidden = page.evaluate(SEEN_JS, ".pl-hint-text") + page.evaluate(SEEN_JS, decision(selector))
                assert not hidden, "\n".join(hidden)
                if not hints:
                    page.screenshot(path=screenshots / "first-screen-hint-375.png")
                hints += 1
                click_and_wait(page, selector, tap=True)
                assert page.evaluate(SCROLL_JS) == scroll, "the page scrolled between the hint and the act"
            else:
                click_and_wait(page, selector, tap=True)
            taps += 1
        assert hints >= 3 and measured == hints, (hints, measured)  # with this deal: a bid and two cards
        assert taps > 10, taps  # bids, a suit, cards and Nexts: a whole hand, not a shortcut
        found = measure(page)
        assert not found["problems"] and fits(page), found["problems"]
        assert "Hand over" in page.inner_text(".pl-status")
        ending = page.inner_text(".pl-hand-over")
        assert "the bid is made" in ending or "the bid is set" in ending, ending
        assert not first_screen_problems(page), first_screen_problems(page)  # New hand in sight too
        page.screenshot(path=screenshots / "first-screen-hand-over-375.png")
        # the drawer open (on the Why? panel) is axe clean too, and its Close tab closes it
        # (the kernel may still be reviewing the hand: the drawer opens once it has done)
        page.locator(".pl-why-tab").tap()
        page.wait_for_selector(".pl-coach.pl-drawer-open .pl-why", state="visible")
        page.evaluate(SETTLED_JS, [250, 10_000])
        page.screenshot(path=screenshots / "first-screen-why-375.png")
        assert not access_problems(page), access_problems(page)
        page.locator(".pl-drawer-close").tap()
        page.wait_for_selector(".pl-coach.pl-drawer-open", state="detached")  # Close shut it
        # Save hand: one tap and the file is downloaded (no box to copy from, no second step)
        page.locator(".jupyter-widget-Collapse-header", has_text="Save or load").tap()
        with page.expect_download() as saved:
            page.locator(".pl-save button").tap()
        assert saved.value.suggested_filename == "pitchlab-hand.json"
        record = json.loads(Path(saved.value.path()).read_text(encoding="utf-8"))
        assert record["format"] == "pitchlab-hand/1"
        page.wait_for_function("() => /in your downloads/.test(document.body.innerText)")
        assert not python_errors(page), python_errors(page)
