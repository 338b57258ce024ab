"""The app by keyboard alone and by screen reader (WCAG 2.1 AA; pitchlab.ui.keys).

A whole hand is played with key presses only (no clicks): the shortcuts for
bids, trump and Next, the arrow keys through the hand and Enter on a card. After
every card the focus must be in the hand or on the next thing to do, never on
the page; the key presses per card are counted and printed (median and most).
First, on the same page as it opens, Tab must go the table first and the folding
sections must open with Enter (:func:`check_tab_order_and_the_folding_sections`).
"""

from __future__ import annotations

import random
import re
import statistics
from collections.abc import Callable
from pathlib import Path

from playwright.sync_api import Page

from tests.browser.test_pages import access_problems, open_app, python_errors
from tests.serving import APP_TEXT_JS, CHANGE_JS, SETTLED_JS

STATE_JS = """() => {
  const visible = (e) => e.getClientRects().length > 0 && !e.disabled;
  const cards = Array.from(document.querySelectorAll('.pl-hand .pl-card')).filter(visible);
  return {
    bids: Array.from(document.querySelectorAll('.pl-bid')).filter(visible).map((e) => e.className),
    suits: Array.from(document.querySelectorAll('.pl-suit')).filter(visible)
      .map((e) => e.className.match(/pl-suit-([SHDC])/)[1]),
    legal: cards.flatMap((c, i) => (c.classList.contains('pl-legal') ? [i] : [])),
    cards: cards.length,
    focus: cards.indexOf(document.activeElement),
    next: visible(document.querySelector('.pl-next')),
    over: !!document.querySelector('.pl-hand-over'),
  };
}"""
FOCUS_JS = """() => { const e = document.activeElement;
  return e === document.body || !e ? 'body' : Array.from(e.classList).filter((c) => c.startsWith('pl-')).join(' '); }"""
CARD_NAME = re.compile(
    r"^((ace|king|queen|jack|10|[2-9]) of (spades|hearts|diamonds|clubs)|(high |low )?joker)"
    r"(, trump)?, (playable|not playable|dead, never playable)$"
)
ORDER_JS = """() => { const e = document.activeElement;
  if (!e || e === document.body) { return 'body'; }
  if (e.classList.contains('jupyter-widget-Collapse-header')) { return e.textContent.trim(); }
  const owner = e.closest('[class*="pl-"]');
  return (owner && Array.from(owner.classList).find((c) => /^pl-/.test(c)
    && !/^pl-(card-|bid-|suit-|red|black|blue|green|legal|dead)/.test(c))) || e.tagName; }"""
"""What has the focus: a folding section's title, else the pitchlab hook it belongs to."""
SAVE = "Save or load this hand, or the whole game"
WHERE_NEXT = re.compile(r"\b(pl-card|pl-next|pl-new-hand|pl-bid|pl-suit)\b")
"""Where the focus may be after a card: the hand, or the next thing to do."""


def press(page: Page, key: str, acts: bool) -> None:
    """Press a key; when it acts (a bid, Next, a card), wait for the app to redraw and settle
    (the focus comes back a moment after the redraw)."""
    before = page.evaluate(APP_TEXT_JS)
    page.keyboard.press(key)
    if acts:
        page.evaluate(CHANGE_JS, [before, 30_000])
    page.evaluate(SETTLED_JS, [300, 10_000])


def bid_key(classes: list[str]) -> str:
    """The learner bids the lowest bid offered (0 is a bid of 10), else passes."""
    values = sorted(int(m.group(1)) for c in classes if (m := re.search(r"pl-bid-(\d+)", c)))
    return str(values[0] % 10) if values else "p"


SEED = 12
"""A deal where the learner, at their first card, holds trump and dead cards alike."""


def test_a_whole_hand_by_keyboard_alone(page: Page, voila_url: str, screenshots: Path) -> None:
    open_app(page, voila_url, f"?seed={SEED}")
    check_tab_order_and_the_folding_sections(page)
    to_choose, since_last = play_a_hand_by_keys(page, lambda: check_names_states_and_audit(page, screenshots))
    assert not python_errors(page), python_errors(page)
    page.wait_for_selector(".pl-analysis-plot .js-plotly-plot", state="visible")
    page.screenshot(path=screenshots / "app-keyboard-hand-over-1280.png")
    assert access_problems(page) == [], "hand over"
    print(
        f"\nkeys per card, {len(to_choose)} cards: choosing and playing median "
        f"{statistics.median(to_choose)}, most {max(to_choose)} ({to_choose}); with bids and Next "
        f"since the previous card median {statistics.median(since_last)}, most {max(since_last)} ({since_last})"
    )


def play_a_hand_by_keys(page: Page, at_first_card: Callable[[], None]) -> tuple[list[int], list[int]]:
    """Play the app's hand to its end with key presses only, checking the focus after every card;
    ``at_first_card`` runs when the learner first has a card to play. Returns the presses per
    card: from the learner's turn to the card played, and since their previous card."""
    rng = random.Random(12)  # the learner picks any playable card, not always the nearest
    to_choose: list[int] = []  # presses from the learner's turn to the card played (arrows, Enter)
    since_last: list[int] = []  # every press since the learner's previous card (bids, Next too)
    count_since, checked, steps, idle = 0, False, 0, 0
    while True:
        state = page.evaluate(STATE_JS)
        if state["over"]:
            break
        steps += 1
        assert steps < 150, f"no end of hand after {steps} steps: {page.inner_text('.pl-status')}"
        if state["bids"]:
            press(page, bid_key(state["bids"]), acts=True)
            count_since += 1
        elif state["suits"]:
            press(page, state["suits"][0].lower(), acts=True)
            count_since += 1
        elif state["legal"]:
            presses = 0
            if state["focus"] < 0:  # focus on the page at first: an arrow key enters the hand
                press(page, "ArrowRight", acts=False)
                presses += 1
                state = page.evaluate(STATE_JS)
                assert state["focus"] >= 0, page.evaluate(FOCUS_JS)
            if not checked:
                checked = True
                at_first_card()
            target = rng.choice(state["legal"])
            step = "ArrowRight" if target > state["focus"] else "ArrowLeft"
            for _ in range(abs(target - state["focus"])):
                press(page, step, acts=False)
                presses += 1
            assert page.evaluate(STATE_JS)["focus"] == target
            press(page, "Enter", acts=True)
            presses += 1
            assert presses <= state["cards"] + 2, (presses, state)
            to_choose.append(presses)
            since_last.append(count_since + presses)
            count_since = 0
            focus = page.evaluate(FOCUS_JS)
            assert WHERE_NEXT.search(focus), f"focus after a card is on {focus!r}"
        elif state["next"]:
            press(page, "n", acts=True)
            count_since += 1
        else:  # between two messages of one change (the status came, the controls not yet): look again
            idle += 1
            assert idle < 5, f"nothing to press: {page.inner_text('.pl-status')}"
            page.evaluate(SETTLED_JS, [250, 10_000])
            continue
        idle = 0
    assert "Hand over" in page.inner_text(".pl-status")
    assert "pl-new-hand" in page.evaluate(FOCUS_JS)  # the next step: Enter deals again
    assert checked and to_choose
    return to_choose, since_last


def check_names_states_and_audit(page: Page, screenshots: Path) -> None:
    """At the learner's first card: every card's accessible name reads in words with its state,
    the cards that may not be played say so (aria-disabled) and still take the focus, the
    status and refusals are live regions, and axe-core finds no WCAG 2.1 A/AA violation."""
    cards = page.locator(".pl-hand .pl-card")
    states = cards.evaluate_all(
        "(els) => els.map((e) => [e.getAttribute('aria-label'), e.getAttribute('aria-disabled'),"
        " e.classList.contains('pl-legal')])"
    )
    for label, disabled, legal in states:
        assert CARD_NAME.match(label or ""), label
        assert (label or "").endswith(", playable") == legal, label
        assert disabled == ("false" if legal else "true"), (label, disabled)
    # ten-point: only trump may be played, so every playable card is named trump
    assert all(", trump, playable" in label for label, _, legal in states if legal), states
    assert any(label.endswith(", dead, never playable") for label, _, _ in states), states  # seed 12
    assert page.get_attribute(".pl-status", "aria-live") == "polite"
    assert page.get_attribute(".pl-message", "role") == "alert"
    assert page.get_attribute(".pl-announce", "aria-live") == "polite"
    assert page.inner_text(".pl-keys").startswith("Keys:")
    for width in (1280, 375):
        page.set_viewport_size({"width": width, "height": 900})
        page.evaluate(SETTLED_JS, [250, 5_000])
        page.locator(".pl-hand .pl-card:focus").scroll_into_view_if_needed()
        page.screenshot(path=screenshots / f"app-keyboard-focus-{width}.png")
        assert access_problems(page) == [], f"mid-hand at {width} px"
    page.set_viewport_size({"width": 1280, "height": 900})
    press(page, "?", acts=False)  # the Why panel, and back
    assert page.evaluate(FOCUS_JS) == "pl-why"
    press(page, "Escape", acts=False)
    assert "pl-card" in page.evaluate(FOCUS_JS)


def check_tab_order_and_the_folding_sections(page: Page) -> None:
    """Tab goes the table first: Hint, the hand (one stop), bids, Next; then the pace and New
    game, the side panels, How to play, the rules and settings, and Save or load; the folding
    sections open with Enter and say so. Made on the app as it opens, the learner to bid."""
    page.evaluate("() => document.activeElement && document.activeElement.blur()")
    order: list[str] = []
    while SAVE not in order:
        assert len(order) < 60, order
        page.keyboard.press("Tab")
        order.append(page.evaluate(ORDER_JS))
    assert order.count("pl-card") == 1, order  # the hand is one tab stop
    expected = [
        "pl-hint",
        "pl-card",
        "pl-bid",
        "pl-new-game",
        "pl-keys-on",
        "What scores",
        "How to play",
        "Rules and settings",
        SAVE,
    ]
    seen = [k for k in order if k in expected]
    assert [k for i, k in enumerate(seen) if i == 0 or seen[i - 1] != k] == expected, order  # Next: disabled
    header = page.locator(".jupyter-widget-Collapse-header", has_text="What scores")
    header.focus()
    assert header.get_attribute("aria-expanded") == "false"
    page.keyboard.press("Enter")
    page.wait_for_function(
        "() => Array.from(document.querySelectorAll('.jupyter-widget-Collapse-header'))"
        ".some((h) => h.textContent.includes('What scores') && h.getAttribute('aria-expanded') === 'true')"
    )
    assert page.locator(".pl-points-table").is_visible()
    page.evaluate("() => document.activeElement && document.activeElement.blur()")
