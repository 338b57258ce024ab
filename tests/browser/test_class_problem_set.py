"""A class's problem set in real browsers: the teacher gives the set on the teacher's page by
keyboard alone, a student joins on the practice page with the class code and answers, and the
teacher's table follows without a reload; both pages audited (WCAG 2.1 AA) at 1280 and 375 px.

The set is ten-point-0-17 then auction-pitch-0-1 (their answers are worked by hand in
tests/test_practice_punish.py and tests/browser/test_practice.py): the student first plays the
joker (wrong), tries again with J♠ (right), then passes at the second (right at once). So the
teacher's table must read, for problem 1, one student tried, none right at the first try, one
solved in the end, the joker chosen by 1 student; for problem 2, one tried, one right at once.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from pathlib import Path

from playwright.sync_api import Browser, Page, expect

from pitchlab.classes.store import DB_VARIABLE, ClassStore
from tests.browser.lessons import CHANGE_MS, check_widths
from tests.browser.test_pages import python_errors, render
from tests.serving import click_and_wait

TEACHER = "notebooks/teacher.ipynb"
PRACTICE = "notebooks/practice.ipynb"
SET = ("ten-point-0-17", "auction-pitch-0-1")
LIVE_MS = 30_000
"""How long an answer may take to reach the teacher's page here (it looks every second)."""
FOCUSED_JS = "() => Array.from(document.activeElement?.classList ?? []).join(' ')"
CELLS = "td.pl-num"


def counts(page: Page, problem: int) -> list[str]:
    """The numbers of the teacher's table for ``problem`` (from 1): tried, right at the first try,
    solved in the end, saw the answer unsolved."""
    row = page.locator(".pl-set-table tr.pl-set-counts").nth(problem - 1)
    return [cell.strip() for cell in row.locator(CELLS).all_inner_texts()]


def test_a_class_problem_set_given_answered_and_followed(
    page: Page,
    browser: Browser,
    sqlite_store: ClassStore,
    serve_with_env: Callable[[Mapping[str, str]], str],
    screenshots: Path,
) -> None:
    made = sqlite_store.create_class("browser test")
    code, key = made.info.code, made.teacher_key
    base = serve_with_env({DB_VARIABLE: sqlite_store.url})

    # the teacher gives the set by keyboard alone: type the ids, Tab to the button, Enter
    render(page, base, f"{TEACHER}?class={code}&key={key}")
    box = page.locator(".pl-class-problem-set")
    expect(box.locator(".pl-class-words")).to_contain_text("No problem set given yet", timeout=CHANGE_MS)
    box.locator(".pl-set-ids input").fill("nope-1")
    box.locator(".pl-set-ids input").press("Enter")
    for _ in range(10):
        page.keyboard.press("Tab")
        if "pl-set-give" in page.evaluate(FOCUSED_JS):
            break
    assert "pl-set-give" in page.evaluate(FOCUSED_JS)
    page.keyboard.press("Enter")
    expect(page.locator(".pl-message")).to_have_text(
        "No set given: there is no practice problem nope-1", timeout=CHANGE_MS
    )
    assert sqlite_store.problem_set(code) is None
    box.locator(".pl-set-ids input").fill(", ".join(SET))
    box.locator(".pl-set-give").focus()
    page.keyboard.press("Enter")
    expect(box.locator(".pl-set-table")).to_contain_text(SET[1], timeout=CHANGE_MS)
    given = sqlite_store.problem_set(code)
    assert given is not None and given.ids == SET
    page.evaluate("() => { window.plNotReloaded = true; }")

    context = browser.new_context(viewport={"width": 1280, "height": 900})
    student = context.new_page()
    try:
        render(student, base, f"{PRACTICE}?class={code}")
        panel = student.locator(".pl-class-set")
        expect(panel.locator(".pl-class-code input")).to_have_value(code)
        expect(panel.locator(".pl-class-consent")).to_contain_text("your answers to the class's problem set")
        panel.locator(".pl-class-nickname input").fill("Ana")
        panel.locator(".pl-class-join-button").click()
        expect(student.locator(".pl-count")).to_contain_text(
            f"Class {code}'s set: problem 1 of 2", timeout=CHANGE_MS
        )
        expect(panel.locator(".pl-class-set-status")).to_contain_text("You have solved 0 of 2")
        assert not student.locator(".pl-practice .pl-level").is_visible()  # the set, not the menus
        assert student.locator(".pl-practice .pl-next-problem").is_visible()
        click_and_wait(student, ".pl-practice .pl-card-JK")
        expect(student.locator(".pl-practice .pl-wrong")).to_be_visible(timeout=CHANGE_MS)
        expect(panel.locator(".pl-class-sent")).to_have_text(
            f"Your answer to problem 1 sent to class {code}.", timeout=CHANGE_MS
        )
        click_and_wait(student, ".pl-try-again")
        click_and_wait(student, ".pl-practice .pl-card-JS")
        expect(student.locator(".pl-practice .pl-right")).to_be_visible(timeout=CHANGE_MS)
        expect(panel.locator(".pl-class-set-status")).to_contain_text("You have solved 1 of 2")
        check_widths(
            student,
            screenshots,
            "class-set-student",
            {"class": ".pl-class-set", "lesson": ".pl-practice .pl-feedback"},
        )
        student.set_viewport_size({"width": 1280, "height": 900})
        click_and_wait(student, ".pl-onward")
        expect(student.locator(".pl-count")).to_contain_text("problem 2 of 2", timeout=CHANGE_MS)
        student.wait_for_selector(".pl-practice .pl-bid-pass", state="visible")
        student.locator(".pl-practice .pl-question").click()
        student.keyboard.press("p")
        expect(student.locator(".pl-practice .pl-right")).to_be_visible(timeout=CHANGE_MS)
        assert not python_errors(student), python_errors(student)
    finally:
        context.close()

    # the teacher's table followed, without a reload
    expect(page.locator(".pl-set-table")).to_contain_text("Joker (1 student)", timeout=LIVE_MS)
    expect(page.locator(".pl-set-counts").nth(1).locator(CELLS).nth(1)).to_have_text("1", timeout=LIVE_MS)
    assert counts(page, 1) == ["1", "0", "1", "0"]
    assert counts(page, 2) == ["1", "1", "1", "0"]
    assert page.evaluate("() => window.plNotReloaded === true"), "the teacher's page was loaded again"
    expect(box.locator(".pl-class-words")).to_contain_text("all 3 rows match")
    expect(box.locator("svg.main-svg").first).to_be_visible()
    check_widths(page, screenshots, "class-set-teacher", {"set": ".pl-class-problem-set"})
    assert [(r.nickname, r.slot, r.payload["right"]) for r in sqlite_store.rows(code, key)] == [
        ("Ana", "0.1", 0),
        ("Ana", "0.2", 1),
        ("Ana", "1.1", 1),
    ]
