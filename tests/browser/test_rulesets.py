"""The app's ruleset menu in a real browser: choose a follow-suit ruleset, play a hand by clicks.

Follow-suit play (every card is played, suit must be followed, trump is the
suit of the bidder's first lead) is the most different from ten-point, so it
is the one clicked through here; the Python widget tests play every ruleset.
"""

from __future__ import annotations

import re
from pathlib import Path

from playwright.sync_api import Page, expect

import pitchlab as pl
from tests.browser.test_pages import ask_hint, open_app, python_errors, shot
from tests.serving import APP_TEXT_JS, CHANGED_JS, SETTLED_JS, click_and_wait, moves_to_hand_over


def follow_suit_ruleset() -> pl.Ruleset:
    """Auction Pitch if it is registered, else the first follow-suit ruleset, chosen by its parameters."""
    found = [pl.ruleset(n) for n in pl.ruleset_names() if pl.ruleset(n).play_rule == "follow-suit"]
    assert found, "no follow-suit ruleset is registered"
    return next((r for r in found if r.name == "auction-pitch"), found[0])


def test_a_follow_suit_ruleset_from_the_menu_plays_a_hand_by_clicks(
    page: Page, voila_url: str, screenshots: Path, js_errors: list[str]
) -> None:
    rules = follow_suit_ruleset()
    open_app(page, voila_url)
    before = page.evaluate(APP_TEXT_JS)
    page.select_option(".pl-ruleset select", label=rules.name)
    page.wait_for_function(CHANGED_JS, arg=before, timeout=30_000)
    page.evaluate(SETTLED_JS, [250, 10_000])
    assert "Not started yet" in page.inner_text(".pl-ruleset-description")  # only shown so far
    click_and_wait(page, ".pl-ruleset-start")
    assert rules.description[:50] in page.inner_text(".pl-ruleset-description")
    # the new hand is drawn in a later message than the description: under load the
    # quiet spell click_and_wait waits for can fall between the two
    expect(page.locator(".pl-card:visible")).to_have_count(rules.hand_size, timeout=30_000)
    assert page.locator(".pl-hint:visible").count() == 1  # hints in every ruleset
    mid_hand_shot, hinted = False, False
    for selector in moves_to_hand_over(page, limit=300):
        if not hinted and page.locator(".pl-hint:visible:enabled").count():
            hint = ask_hint(page)  # where the strong bot cannot search, the rule-based bot advises
            assert "Hint: " in hint and "Why (the rule-based bot, from your cards alone)" in hint, hint
            hinted = True
        if not mid_hand_shot and selector.startswith(".pl-card") and page.locator(".pl-ladder").count():
            shot(page, screenshots, f"app-{rules.name}-mid-hand")
            mid_hand_shot = True
            ladder = page.locator(".pl-ladder").first.get_attribute("data-cards") or ""
            assert len(ladder.split()) == len(rules.trump_cards(pl.Suit.SPADES))
        click_and_wait(page, selector)
    shot(page, screenshots, f"app-{rules.name}-hand-over")
    assert mid_hand_shot, "the learner never played a card after trump was known"
    status = page.inner_text(".pl-status")
    assert "Hand over" in status
    log = page.inner_text(".pl-log")
    assert "wins the trick" in log
    if rules.awards:
        assert re.search(r"High: \w+", log), log[:500]
    assert hinted, "the learner never had a decision to ask a hint for"
    assert "No card-by-card review" in page.inner_text(".pl-analysis")
    assert not python_errors(page), f"{python_errors(page)}\nJavaScript errors: {js_errors}"
