"""What the lesson pages' browser tests share: answering a multiple-choice item, moving a slider
from the keyboard until the page says so, and the checks every lesson page gets at a desktop's
width and a phone's (no sideways scrolling, WCAG 2.1 AA, screenshots of the whole page and of
the parts a phone's whole-page shot shrinks too far to read).

Only the kit's ``pl-*`` hooks are used (:mod:`pitchlab.ui.classroom`), as a learner's keys and
clicks would find the controls.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable, Mapping
from pathlib import Path

from playwright.sync_api import Locator, Page, expect

from tests.browser.test_pages import access_problems, fits, python_errors, shot

CHANGE_MS = 30_000
"""How long a change may take to show, the kernel's round trip included, on a loaded machine."""

VERDICT = re.compile(r"(^|\s)pl-(right|wrong)(\s|$)")
EMPTY = re.compile(r"^\s*$")


def choose(item: Locator, choice: str, says: str = "") -> Locator:
    """In the multiple-choice ``item`` (a ``.pl-choice``), pick the choice whose words contain
    ``choice``, press Check, and return the feedback once it carries its verdict (and ``says``).

    Picking clears the last explanation (the kernel sends that in its own message), so Check
    waits for the box to empty: otherwise the last verdict could pass for the new one."""
    item.locator(".pl-choice-options label", has_text=choice).first.click()
    feedback = item.locator(".pl-feedback")
    expect(feedback).to_have_text(EMPTY, timeout=CHANGE_MS)
    item.locator(".pl-check").click()
    expect(feedback).to_have_class(VERDICT, timeout=CHANGE_MS)
    if says:
        expect(feedback).to_contain_text(says, timeout=CHANGE_MS)
    return feedback


def is_right(feedback: Locator) -> bool:
    """Whether a verdict (see :func:`choose`) says right."""
    return "pl-right" in (feedback.get_attribute("class") or "").split()


def press_until(handle: Locator, key: str, shows: Locator, words: str, *, attribute: str = "") -> float:
    """Focus a slider's ``handle``, press ``key``, and wait until ``shows`` (its text, or its
    ``attribute`` such as a figure's ``aria-label``) contains ``words``: the seconds taken."""
    handle.focus()
    start = time.perf_counter()
    handle.press(key)
    if attribute:
        expect(shows).to_have_attribute(attribute, re.compile(re.escape(words)), timeout=CHANGE_MS)
    else:
        expect(shows).to_contain_text(words, timeout=CHANGE_MS)
    return time.perf_counter() - start


def drawn_within(figure: Locator, width: int) -> None:
    """``figure`` lies inside a window ``width`` wide: drawn at that width, not left at an older one."""
    box = figure.first.bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= width, box


def check_widths(
    page: Page,
    screenshots: Path,
    name: str,
    parts: Mapping[str, str],
    at: Callable[[int], None] = lambda _width: None,
) -> None:
    """At 1280 px and at 375 px: ``at(width)`` (a slider moved there redraws its figure at that
    width: plotly sizes a figure when it draws it), then no sideways scrolling, no Python error,
    no WCAG 2.1 AA problem, and screenshots of the page and of each of ``parts`` (name: selector)."""
    for width, height in ((1280, 900), (375, 812)):
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_timeout(600)
        at(width)
        assert fits(page), f"{name} scrolls sideways at {width} px"
        assert not python_errors(page), python_errors(page)
        for part, selector in parts.items():
            box = page.locator(selector).first
            box.scroll_into_view_if_needed()
            box.screenshot(path=screenshots / f"{name}-{part}-{width}.png")
        shot(page, screenshots, f"{name}-{width}")
        assert access_problems(page) == [], f"{name} at {width} px"
