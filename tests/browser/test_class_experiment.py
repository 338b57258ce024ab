"""A class experiment in real browsers: the teacher's page on the projector, three students in
lesson 01, and the teacher's figure following each student's Send without a reload.

The Voila server gets the test's own SQLite class store through ``PITCHLAB_CLASS_DB``, so the
test reads what the pages' kernels wrote. The students open the address the teacher hands out
(``?class=CODE``), type a nickname (the first tries one with markup, refused), Join, Deal my 20
hands and Send to class; each row in the store is exactly the counts dealt again from that
student's seed. The first student's page is also audited (WCAG 2.1 AA, a phone's width) and
reloaded without the code: the browser kept the class, the page says the hands are already in,
and a second Send counts once.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from pathlib import Path

import sqlalchemy as sa
from playwright.sync_api import Browser, Page, expect

from pitchlab.classes import experiments, payloads
from pitchlab.classes.store import DB_VARIABLE, ClassStore
from tests.browser.lessons import CHANGE_MS
from tests.browser.test_pages import access_problems, fits, python_errors, render, shot

LESSON_01 = "notebooks/lessons/01-counting-hands.ipynb"
TEACHER = "notebooks/teacher.ipynb"
PANEL = ".pl-class-panel:has(.pl-class-deal)"
STUDENTS = ("Ana", "Ben", "Cho")
LIVE_MS = 30_000
"""How long a result may take to reach the teacher's page here (it looks every second; a loaded
test machine is slow; benchmarks/classroom.py, not this test, measures the time)."""


def join_deal_and_send(page: Page, base: str, code: str, nickname: str, opened: bool = False) -> None:
    """A student joins, deals and sends; ``opened``: the page is lesson 01 at the class's address
    already (the first student's, refused a nickname on it)."""
    if not opened:
        render(page, base, f"{LESSON_01}?class={code}")
    assert not python_errors(page), python_errors(page)
    panel = page.locator(PANEL)
    expect(panel.locator(".pl-class-code input")).to_have_value(code)
    expect(panel.locator(".pl-class-consent")).to_contain_text(f"go to class {code}")
    panel.locator(".pl-class-nickname input").fill(nickname)
    panel.locator(".pl-class-join-button").click()
    expect(panel.locator(".pl-class-status")).to_contain_text(
        f"You are in class {code} as {nickname}", timeout=CHANGE_MS
    )
    panel.locator(".pl-class-deal").click()
    expect(panel.locator(".pl-class-result")).to_contain_text("Your 20 hands", timeout=CHANGE_MS)
    expect(panel.locator("svg.main-svg").first).to_be_visible(timeout=CHANGE_MS)
    panel.locator(".pl-class-send").click()
    expect(panel.locator(".pl-class-sent")).to_have_text(f"Sent to class {code}.", timeout=CHANGE_MS)


def test_three_students_in_lesson_01_and_the_teachers_page_follows_them(
    page: Page,
    browser: Browser,
    sqlite_store: ClassStore,
    serve_with_env: Callable[[Mapping[str, str]], str],
    screenshots: Path,
) -> None:
    made = sqlite_store.create_class("browser test")
    code, key = made.info.code, made.teacher_key
    base = serve_with_env({DB_VARIABLE: sqlite_store.url})

    # the teacher's page, open before anyone sends
    render(page, base, f"{TEACHER}?class={code}&key={key}")
    expect(page.locator(".pl-class-status")).to_contain_text(f"Class {code}")
    page.evaluate("() => { window.plNotReloaded = true; }")
    words = page.locator(".pl-class-trump-count .pl-class-words")

    first = browser.new_context(viewport={"width": 1280, "height": 900})
    student = first.new_page()
    try:
        # a nickname with markup: one line, and nobody joined
        render(student, base, f"{LESSON_01}?class={code}")
        panel = student.locator(PANEL)
        panel.locator(".pl-class-nickname input").fill("Ana <b>")
        panel.locator(".pl-class-join-button").click()
        expect(panel.locator(".pl-class-message")).to_contain_text("Not joined", timeout=CHANGE_MS)
        assert sqlite_store.members(code, key) == []

        for k, nickname in enumerate(STUDENTS, start=1):
            context = first if k == 1 else browser.new_context(viewport={"width": 1280, "height": 900})
            try:
                join_deal_and_send(student if k == 1 else context.new_page(), base, code, nickname, k == 1)
                expect(words).to_contain_text(f"{20 * k} hands", timeout=LIVE_MS)
            finally:
                if k > 1:
                    context.close()
        assert page.evaluate("() => window.plNotReloaded === true"), "the teacher's page was loaded again"
        expect(page.locator(".pl-class-who")).to_contain_text("Ana, Ben, Cho", timeout=LIVE_MS)
        shot(page, screenshots, "class-teacher-after-three")
        rows = sqlite_store.rows(code, key)
        assert [(r.experiment, r.nickname, r.payload) for r in rows] == [
            (payloads.TRUMP_COUNT, n, experiments.trump_count_payload(r.seed()))
            for r, n in zip(rows, STUDENTS, strict=True)
        ]
        assert len({r.seed() for r in rows}) == len(STUDENTS) and all(r.secret for r in rows)
        # the class server told each page's kernel its browser and address, and the store kept them
        # for the join caps: three browsers (a context each), one address
        with sqlite_store.engine.connect() as conn:
            joined = conn.execute(sa.text("SELECT browser, address FROM pitchlab_members")).all()
        assert {address for _, address in joined} == {"127.0.0.1"}
        assert len({browser for browser, _ in joined}) == 3
        assert all(re.fullmatch("[0-9a-f]{32}", browser or "") for browser, _ in joined)

        # the first student's page: audited, at a phone's width, then reloaded without the code
        assert not python_errors(student), python_errors(student)
        assert access_problems(student) == []
        panel = student.locator(PANEL)
        panel.screenshot(path=screenshots / "class-student-panel-1280.png")
        student.set_viewport_size({"width": 375, "height": 812})
        student.wait_for_timeout(600)
        assert fits(student), "lesson 01 with its class panel scrolls sideways at 375 px"
        panel.scroll_into_view_if_needed()
        panel.screenshot(path=screenshots / "class-student-panel-375.png")
        student.set_viewport_size({"width": 1280, "height": 900})
        render(student, base, LESSON_01)
        panel = student.locator(PANEL)
        expect(panel.locator(".pl-class-status")).to_contain_text(
            f"You are in class {code} as Ana", timeout=CHANGE_MS
        )
        expect(panel.locator(".pl-class-sent")).to_have_text(
            f"Already sent to class {code}.", timeout=CHANGE_MS
        )
        panel.locator(".pl-class-deal").click()
        expect(panel.locator(".pl-class-result")).to_contain_text("Your 20 hands", timeout=CHANGE_MS)
        panel.locator(".pl-class-send").click()
        expect(panel.locator(".pl-class-sent")).to_contain_text("counted once", timeout=CHANGE_MS)
        assert len(sqlite_store.rows(code, key)) == len(STUDENTS)
    finally:
        first.close()
