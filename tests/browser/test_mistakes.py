"""A whole hand in a real browser by clicks alone, then the run of retries it leaves ("Learn from
your mistakes"), by mouse and by keyboard, at 1280 px and 375 px, axe (WCAG 2.1 AA) clean.

On the way through the hand the learner asks for a hint before their first card, every CSS hook
the app promises shows up (:data:`tests.browser.test_pages.HOOKS`), and the hand-over review says
what the cards cost, its figure in words too (WCAG 2.1 1.1.1) and axe clean; screenshots:
app-mid-hand, app-hand-over, app-review-words-open-1280.

Seed 3 played by :func:`tests.serving.next_move` (the lowest bid, spades when the learner names
trump, always the first playable card: the highest) leaves three cards that lost half a point
or more by what the learner knew; the run poses them largest first. The run is worked out here
in the test's own process, the way the app's review makes it (:func:`expected_run`), so the test
knows which card each retry accepts; the unit tests (tests/test_mistakes.py) check the measure
itself on a position worked by hand.
"""

from __future__ import annotations

import re
from pathlib import Path

from playwright.sync_api import Page, expect

from pitchlab.bots import analysis, bid_review
from pitchlab.practice.mistakes import Mistake, retries
from tests.browser.lessons import check_widths
from tests.browser.test_figures import check_words, figures
from tests.browser.test_pages import HOOKS, PL_CLASSES_JS, access_problems, open_app, python_errors, shot
from tests.helpers import OPENING
from tests.serving import click_and_wait, moves_to_hand_over, played_as_next_move_plays

SEED = 3
FOCUSED_JS = "() => Array.from(document.activeElement?.classList ?? []).join(' ')"
RUN = ".pl-retries"
REVIEW_MS = 180_000
"""The review of a finished hand (every card and both bids judged) on a loaded machine."""


def expected_run(seed: int) -> list[Mistake]:
    """The retries the app offers after seed ``seed``'s first hand played as :func:`next_move`
    plays it, made as the app's coach makes them (the same review, the same seeds)."""
    table = played_as_next_move_plays(seed)
    seat = table.human if table.human is not None else 0
    hand = table.hand
    reviews = analysis.review(hand)
    choices = bid_review.review_choices(hand, [seat], table.bidding)
    return [m for m, _ in retries(hand, seat, reviews, choices)]


def play_the_hand(page: Page, screenshots: Path) -> None:
    """The learner's clicks until the hand is over and its review is drawn: a hint asked before
    the first card, the table shot mid-hand, every CSS hook the app promises seen on the way."""
    score_before = page.inner_text(".pl-score")
    seen: set[str] = set(page.evaluate(PL_CLASSES_JS))
    mid_hand_shot, shot_taken, hinted = False, False, False
    for clicks, selector in enumerate(moves_to_hand_over(page)):
        if not hinted and selector.startswith(".pl-card"):
            click_and_wait(page, ".pl-hint")  # the coach's advice, from the learner's own seat
            assert re.search(f"Hint: {OPENING}Play", page.inner_text(".pl-hint-text"))
            hinted = True
        # each card played is shot until one comes after the fourth click (the latest shot stands)
        if not mid_hand_shot and selector.startswith(".pl-card"):
            shot(page, screenshots, "app-mid-hand")
            shot_taken, mid_hand_shot = True, clicks > 4
        click_and_wait(page, selector)
        seen.update(page.evaluate(PL_CLASSES_JS))
    page.wait_for_selector(".pl-analysis-plot .js-plotly-plot", state="visible", timeout=REVIEW_MS)
    text = page.inner_text(".pl-analysis")
    assert "your cards cost your team" in text and "With every card known (hindsight)" in text
    shot(page, screenshots, "app-hand-over")
    # the review's figure in words (WCAG 2.1 1.1.1), as tests/browser/test_figures.py holds a lesson's
    (review,) = figures(page, ".pl-analysis-plot")
    check_words(review)
    assert "Points each card lost, judged on what its player could see" in str(review["name"])
    page.click(".pl-analysis details.pl-figure-words summary")
    page.locator(".pl-analysis").screenshot(path=screenshots / "app-review-words-open-1280.png")
    assert access_problems(page) == []
    assert shot_taken and hinted
    assert page.inner_text(".pl-score") != score_before
    assert "Hand over" in page.inner_text(".pl-status")
    assert not python_errors(page), python_errors(page)
    seen.update(page.evaluate(PL_CLASSES_JS))
    missing = sorted(HOOKS - seen)
    assert not missing, f"CSS hooks never seen in the rendered app: {missing}"
    assert any(re.fullmatch(r"pl-card-[0-9A-Z]+", c) for c in seen), sorted(seen)
    assert any(re.fullmatch(r"pl-bid-(pass|[4-9]|10)", c) for c in seen), sorted(seen)


def answer(page: Page, code: str, verdict: str) -> str:
    """Tap a card of the retry's hand; the feedback's words once it carries ``verdict``."""
    click_and_wait(page, f"{RUN} .pl-hand .pl-card-{code}")
    page.wait_for_selector(f"{RUN} .pl-feedback .{verdict}", state="visible")
    return page.inner_text(f"{RUN} .pl-feedback")


def tab_to(page: Page, hook: str, key: str = "Tab") -> None:
    for _ in range(60):
        if hook in page.evaluate(FOCUSED_JS):
            return
        page.keyboard.press(key)
    raise AssertionError(f"{key} never reached {hook}: the focus is on {page.evaluate(FOCUSED_JS)!r}")


def test_a_whole_hand_by_clicking_only_then_its_retries(
    page: Page, voila_url: str, screenshots: Path
) -> None:
    run = expected_run(SEED)
    assert [m.kind for m in run] == ["card"] * 3, run
    assert all(len(m.best) == 1 and m.given not in m.best for m in run), run
    open_app(page, voila_url, f"?seed={SEED}")
    play_the_hand(page, screenshots)
    button = page.locator(".pl-retry-mistakes")
    button.wait_for(state="visible")
    assert button.inner_text().strip() == f"Retry my mistakes ({len(run)})"
    # by keyboard: from New hand, Tab reaches the button beside it, and Enter opens the run
    page.locator(".pl-new-hand").focus()
    tab_to(page, "pl-retry-mistakes")
    page.keyboard.press("Enter")
    page.wait_for_selector(f"{RUN} .pl-hand", state="visible")
    assert not page.locator(".pl-board:visible").count(), "the finished hand must hide during the run"
    assert not page.locator(".pl-analysis:visible").count(), "the review would give the answers away"
    assert not page.locator(".pl-log:visible").count(), (
        "the history tells every bot's cards once the hand is over"
    )
    assert not page.get_by_text("Class experiment").is_visible(), "the page below the app steps aside too"
    assert not page.locator(".pl-class-share:visible").count()
    first, second, third = run
    intro = page.inner_text(f"{RUN} .pl-retry-intro")
    expect(page.locator(f"{RUN} .pl-retry-count")).to_contain_text("Learn from your mistakes: 1 of 3")
    assert "Find a better card." in intro and "cost your side" in intro, intro
    check_widths(page, screenshots, "mistakes-posed", {"retry": RUN})
    # on a phone (check_widths ends at 375 by 812), from the run's heading the hand is in one screen
    page.evaluate(f"() => document.querySelector('{RUN} .pl-retry-count').scrollIntoView({{block: 'start'}})")
    hand = page.locator(f"{RUN} .pl-hand").bounding_box()
    assert hand is not None and hand["y"] + hand["height"] <= 812, hand
    page.set_viewport_size({"width": 1280, "height": 900})

    # the first: the card played in the hand again, then Try again and the right one
    said = answer(page, first.given, "pl-wrong")
    assert "is not the best here (what you played in the hand)" in said, said
    assert "against the best answer" in said and "on this deal" in said, said
    check_widths(page, screenshots, "mistakes-wrong", {"lesson": f"{RUN} .pl-feedback"})
    page.set_viewport_size({"width": 1280, "height": 900})
    click_and_wait(page, f"{RUN} .pl-retry-again")
    said = answer(page, first.best[0], "pl-right")
    assert said.startswith("Right:") and "Why:" in said, said
    check_widths(page, screenshots, "mistakes-right", {"lesson": f"{RUN} .pl-feedback"})
    page.set_viewport_size({"width": 1280, "height": 900})
    click_and_wait(page, f"{RUN} .pl-retry-next")

    # the second by keyboard alone: Tab into the hand, the arrows to the card, Enter
    expect(page.locator(f"{RUN} .pl-retry-count")).to_contain_text("Learn from your mistakes: 2 of 3")
    page.evaluate("() => document.activeElement && document.activeElement.blur()")
    tab_to(page, "pl-card")
    tab_to(page, f"pl-card-{second.best[0]}", "ArrowRight")
    page.keyboard.press("Enter")
    page.wait_for_selector(f"{RUN} .pl-feedback .pl-right", state="visible")
    tab_to(page, "pl-retry-next")
    page.keyboard.press("Enter")

    # the third: a wrong card, then the answer shown and played out
    page.wait_for_selector(f"{RUN} .pl-hand .pl-card-{third.given}", state="visible")
    expect(page.locator(f"{RUN} .pl-retry-count")).to_contain_text("Learn from your mistakes: 3 of 3")
    answer(page, third.given, "pl-wrong")
    click_and_wait(page, f"{RUN} .pl-retry-answer")
    shown = page.inner_text(f"{RUN} .pl-feedback")
    assert shown.startswith("The answer:") and "Why:" in shown, shown
    assert not page.locator(f"{RUN} .pl-retry-next:visible").count()  # the last: back to the game
    click_and_wait(page, f"{RUN} .pl-retry-leave")
    page.wait_for_selector(".pl-new-hand", state="visible")
    assert not page.locator(f"{RUN}:visible").count()
    assert page.locator(".pl-analysis:visible").count()
    assert (
        page.get_by_text("Class experiment").is_visible() and page.locator(".pl-class-share:visible").count()
    )
    assert not python_errors(page), python_errors(page)
