"""The teacher's page of a class experiment in a real browser: behind its key, and live.

A Voila server of its own reads a class database made for the test (SQLite in a
temporary folder, through ``PITCHLAB_CLASS_DB``). A wrong key shows one line and
nothing of the class. With the right key, three students join and send their
results through the class store (as the student pages do) while the page stays
open, and the teacher's figures and lists follow them without a reload: the page's
own marker in ``window`` survives, so the page was never loaded again.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from pathlib import Path

from playwright.sync_api import Page, expect

from pitchlab.classes import experiments
from pitchlab.classes.payloads import MONTE_CARLO, REVIEW, TRUMP_COUNT
from pitchlab.classes.store import DB_VARIABLE, ClassStore, Member
from tests.browser.lessons import check_widths, drawn_within
from tests.browser.test_pages import python_errors, render, shot

TEACHER = "notebooks/teacher.ipynb"
LIVE_MS = 30_000
"""How long a student's result may take to reach the teacher's page here: the page looks every
second; a loaded test machine is slow, and the benchmark (not this test) measures the time."""
STUDENTS = ("Ana", "Ben", "Cho")


def send(store: ClassStore, code: str, nickname: str) -> Member:
    """A student joins and sends a Monte Carlo row and a trump count, dealt as their page deals them."""
    member = store.join(code, nickname)
    assert store.submit(member, MONTE_CARLO, experiments.monte_carlo_payload(member.seed(MONTE_CARLO)))
    assert store.submit(member, TRUMP_COUNT, experiments.trump_count_payload(member.seed(TRUMP_COUNT)))
    return member


def test_teacher_page_behind_its_key_follows_three_students_live(
    page: Page,
    sqlite_store: ClassStore,
    serve_with_env: Callable[[Mapping[str, str]], str],
    screenshots: Path,
) -> None:
    base = serve_with_env({DB_VARIABLE: sqlite_store.url})
    made = sqlite_store.create_class("Maths 9B")
    code = made.info.code

    # a wrong key: one line, no class
    render(page, base, f"{TEACHER}?class={code}&key=not-the-key")
    expect(page.locator(".pl-message")).to_contain_text("not the teacher key")
    assert page.locator(".pl-class-status").count() == 0 and page.locator(".pl-plot").count() == 0
    assert "Maths 9B" not in page.inner_text("body")

    render(page, base, f"{TEACHER}?class={code}&key={made.teacher_key}")
    status = page.locator(".pl-class-status")
    expect(status).to_contain_text(f"Class {code}")
    expect(status).to_contain_text("0 students joined")
    # the key leaves the address bar, which a projector shows the class
    expect(page).to_have_url(re.compile(rf"teacher\.ipynb\?class={code}$"))
    assert not python_errors(page), python_errors(page)
    page.evaluate("() => { window.plNotReloaded = true; }")

    mc = page.locator(".pl-class-monte-carlo")
    figure = mc.locator("svg.main-svg[role=img]").first
    for k, nickname in enumerate(STUDENTS, start=1):
        send(sqlite_store, code, nickname)
        expect(status).to_contain_text(f"{k} student{'s' * (k != 1)} joined", timeout=LIVE_MS)
        said = re.compile(f"{k} students? × 100 deals")
        expect(figure).to_have_attribute("aria-label", said, timeout=LIVE_MS)
    # the pooled figures and lists follow, without a reload
    expect(mc.locator(".pl-class-words")).to_contain_text("The class's 3 estimates", timeout=LIVE_MS)
    expect(mc.locator(".pl-class-words")).to_contain_text("300 deals", timeout=LIVE_MS)
    expect(mc.locator(".pl-class-words")).to_contain_text("all 3 rows match", timeout=LIVE_MS)
    expect(page.locator(".pl-class-trump-count .pl-class-words")).to_contain_text("60 hands", timeout=LIVE_MS)
    expect(page.locator(".pl-class-who")).to_contain_text("Ana, Ben, Cho", timeout=LIVE_MS)
    assert page.evaluate("() => window.plNotReloaded === true"), "the page was loaded again"

    # hand reviews from the app: Fay's row carries her bids and trump (3.40 points lost), Gus's is
    # an older row without them; the table says 3.40 a hand for Fay, a dash for Gus, and for
    # the class 3.40 over the one hand that carries it
    cards = {"lost_hundredths": 125, "best": 5, "decisions": 6, "given_away": 2, "perfect": 4}
    bids = {"choices": 2, "choices_best": 1, "choices_lost_hundredths": 340}
    fay, gus = send(sqlite_store, code, "Fay"), send(sqlite_store, code, "Gus")
    assert sqlite_store.submit(fay, REVIEW, {"hand": 1, **cards, **bids}, slot="game-1")
    assert sqlite_store.submit(gus, REVIEW, {"hand": 1, **cards}, slot="game-1")
    review = page.locator(".pl-class-review")
    expect(review).to_contain_text("on bids and trump: points lost per hand", timeout=LIVE_MS)
    row = re.compile(r"Fay\s*1\s*1\.25\s*3\.40\s*2\s*2\.00")
    expect(review.locator("tr", has_text="Fay")).to_have_text(row, timeout=LIVE_MS)
    expect(review.locator("tr", has_text="Gus")).to_have_text(re.compile(r"Gus\s*1\s*1\.25\s*–"))
    expect(review.locator("tr", has_text="the class")).to_have_text(
        re.compile(r"the class\s*2\s*1\.25\s*3\.40")
    )

    # a forged row (its student's seed, numbers of its own): listed by nickname with the reason,
    # and left out of the figures (the class stays at 5 estimates, from the 5 honest students)
    hal = sqlite_store.join(code, "Hal")
    assert sqlite_store.submit(hal, MONTE_CARLO, {"deals": 100, "seed": hal.seed(MONTE_CARLO), "hits": 100})
    words = mc.locator(".pl-class-words")
    expect(words).to_contain_text("5 of 6 rows match and only they are pooled", timeout=LIVE_MS)
    expect(mc.locator(".pl-class-excluded li")).to_have_text("Hal: its numbers are not what its seed deals")
    expect(words).to_contain_text("The class's 5 estimates")
    members = page.locator(".pl-class-members")
    expect(members.locator("tr", has_text="Hal")).to_have_text(re.compile(r"Hal\s*\d\d:\d\d:\d\d\s*1$"))
    expect(members.locator("tr", has_text="Fay")).to_have_text(re.compile(r"Fay\s*\d\d:\d\d:\d\d\s*3$"))

    more = iter(("Dee", "Eli"))

    def drawn_at(width: int) -> None:
        """A student sends at this width: plotly draws the new figures at the window's width."""
        send(sqlite_store, code, next(more))
        count = sqlite_store.info(code).students - 1  # Hal's forged row is not drawn
        said = re.compile(f"{count} students × 100 deals")
        expect(figure).to_have_attribute("aria-label", said, timeout=LIVE_MS)
        for part in (".pl-class-monte-carlo", ".pl-class-trump-count"):
            drawn_within(page.locator(f"{part} svg.main-svg"), width)

    check_widths(
        page,
        screenshots,
        "teacher",
        {
            "monte-carlo": ".pl-class-monte-carlo",
            "trump-count": ".pl-class-trump-count",
            "review": ".pl-class-review",
            "members": ".pl-class-members",
        },
        drawn_at,
    )

    # closing the class: the page says so, and the store refuses a late student
    page.locator("button.pl-class-open").first.click()
    expect(status).to_contain_text("closed", timeout=LIVE_MS)
    assert not sqlite_store.info(code).open

    # Export CSV: a link made in the page; Reset asks first, and "Keep them" keeps them
    page.locator("button.pl-class-export").click()
    link = page.locator(".pl-class-download a[download]")
    expect(link).to_contain_text(f"class-{code}-", timeout=LIVE_MS)
    assert (link.get_attribute("href") or "").startswith("data:text/csv;base64,")
    page.locator("button.pl-class-reset").click()
    expect(page.locator(".pl-class-confirm")).to_contain_text(
        "Delete the 17 rows of every experiment", timeout=LIVE_MS
    )
    page.locator("button.pl-class-confirm-no").click()
    expect(page.locator(".pl-class-confirm")).to_be_hidden(timeout=LIVE_MS)
    assert len(sqlite_store.rows(code, made.teacher_key)) == 17

    # removing a student: chosen, asked again, then gone with their row, from the list and the words
    members.locator(".pl-class-remove-choice select").select_option("Hal")
    members.locator("button.pl-class-remove").click()
    expect(page.locator(".pl-class-confirm")).to_contain_text(
        "Remove Hal and the 1 row they sent?", timeout=LIVE_MS
    )
    page.locator("button.pl-class-confirm-yes").click()
    expect(page.locator(".pl-message")).to_have_text("Removed Hal and 1 row.", timeout=LIVE_MS)
    expect(members.locator("tr", has_text="Hal")).to_have_count(0, timeout=LIVE_MS)
    expect(words).to_contain_text("all 7 rows match, and all are pooled", timeout=LIVE_MS)
    assert sqlite_store.members(code, made.teacher_key) == ["Ana", "Ben", "Cho", "Fay", "Gus", "Dee", "Eli"]
    shot(page, screenshots, "teacher-after-removing")
