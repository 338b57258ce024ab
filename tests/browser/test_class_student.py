"""A student in a class, in a real browser: lesson 01 opened from the address a teacher hands out
(``?class=CODE``), a nickname typed, Join, Deal my 20 hands, Send to class, and the row is in the
class store, exactly the counts the kernel deals from the student's seed. A reload of the page
without the code finds the student still in the class (the browser kept the membership), and a
second Send says the hands are already in. The Voila server gets the test's own SQLite store
through ``PITCHLAB_CLASS_DB``, so the test reads what the page's kernel wrote."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from pitchlab.classes import experiments, payloads
from pitchlab.classes.store import DB_VARIABLE, ClassStore, close_stores, open_store
from tests.browser.lessons import CHANGE_MS
from tests.browser.test_pages import access_problems, fits, python_errors, render, shot
from tests.classdb import sqlite_url

LESSON_01 = "notebooks/lessons/01-counting-hands.ipynb"
PANEL = ".pl-class-panel:has(.pl-class-deal)"
__all__ = ["sqlite_url"]  # a fixture, used by name


@pytest.fixture
def class_db(sqlite_url: str) -> Iterator[str]:
    """The test's SQLite class store (``tests/classdb.py``), let go of after the test."""
    yield sqlite_url
    close_stores()


def test_join_deal_and_send_from_lesson_01(
    page: Page, serve_with_env: Callable[[Mapping[str, str]], str], class_db: str, screenshots: Path
) -> None:
    store: ClassStore = open_store(class_db)
    made = store.create_class("browser test")
    code = made.info.code
    base = serve_with_env({DB_VARIABLE: class_db})
    render(page, base, f"{LESSON_01}?class={code}")
    assert not python_errors(page), python_errors(page)
    panel = page.locator(PANEL)
    expect(panel.locator(".pl-class-code input")).to_have_value(code)
    expect(panel.locator(".pl-class-consent")).to_contain_text(f"go to class {code}")
    panel.locator(".pl-class-nickname input").fill("Ana <b>")
    panel.locator(".pl-class-join-button").click()
    expect(panel.locator(".pl-class-message")).to_contain_text("Not joined", timeout=CHANGE_MS)
    assert store.members(code, made.teacher_key) == []  # refused, and nothing changed
    panel.locator(".pl-class-nickname input").fill("Ana")
    panel.locator(".pl-class-join-button").click()
    expect(panel.locator(".pl-class-status")).to_contain_text(
        f"You are in class {code} as Ana", timeout=CHANGE_MS
    )
    panel.locator(".pl-class-deal").click()
    expect(panel.locator(".pl-class-result")).to_contain_text("Your 20 hands", timeout=CHANGE_MS)
    expect(panel.locator("svg.main-svg").first).to_be_visible(timeout=CHANGE_MS)
    panel.locator(".pl-class-send").click()
    expect(panel.locator(".pl-class-sent")).to_have_text(f"Sent to class {code}.", timeout=CHANGE_MS)
    rows = store.rows(code, made.teacher_key)
    assert [(r.experiment, r.nickname, r.payload) for r in rows] == [
        (payloads.TRUMP_COUNT, "Ana", experiments.trump_count_payload(code, "Ana"))
    ]
    assert not python_errors(page), python_errors(page)
    assert access_problems(page) == []
    shot(page, screenshots, "class-student-lesson-01")
    panel.screenshot(path=screenshots / "class-student-panel-1280.png")
    page.set_viewport_size({"width": 375, "height": 812})  # a phone: the panel fits its width
    page.wait_for_timeout(600)
    assert fits(page), "lesson 01 with its class panel scrolls sideways at 375 px"
    panel.scroll_into_view_if_needed()
    panel.screenshot(path=screenshots / "class-student-panel-375.png")
    page.set_viewport_size({"width": 1280, "height": 900})

    render(page, base, LESSON_01)  # a reload, without the code: the browser kept the class
    panel = page.locator(PANEL)
    expect(panel.locator(".pl-class-status")).to_contain_text(
        f"You are in class {code} as Ana", timeout=CHANGE_MS
    )
    expect(panel.locator(".pl-class-sent")).to_have_text(f"Already sent to class {code}.", timeout=CHANGE_MS)
    panel.locator(".pl-class-deal").click()
    expect(panel.locator(".pl-class-result")).to_contain_text("Your 20 hands", timeout=CHANGE_MS)
    panel.locator(".pl-class-send").click()
    expect(panel.locator(".pl-class-sent")).to_contain_text("counted once", timeout=CHANGE_MS)
    assert len(store.rows(code, made.teacher_key)) == 1
