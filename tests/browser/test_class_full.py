"""What a refused browser sees when the class server is full (issue 13, hole 2): a short page
that says so and when to come back, readable at a phone's width and a desktop's, WCAG 2.1 AA
clean, with nothing of Voila's in it."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser

from tests.browser.test_pages import access_problems, fits
from tests.helpers import voila_server

APP = "/voila/render/notebooks/app.ipynb"
SHOTS = Path(os.environ.get("PITCHLAB_SHOTS", "")) if os.environ.get("PITCHLAB_SHOTS") else None


@pytest.fixture(scope="module")
def full_url() -> Iterator[str]:
    """A server whose cap is its pool's one kernel: every new page finds the class full."""
    with voila_server(["--ClassServer.max_kernels=1"]) as server:
        yield server.url


@pytest.mark.parametrize("width", [1280, 375])
def test_a_refused_browser_is_told_the_class_is_full(
    browser: Browser, full_url: str, screenshots: Path, width: int
) -> None:
    context = browser.new_context(viewport={"width": width, "height": 800})
    page = context.new_page()
    try:
        reply = page.goto(f"{full_url}{APP}?seed=7")
        assert reply is not None and reply.status == 503
        assert page.title() == "The class is full right now"
        assert page.locator("h1").inner_text() == "The class is full right now"
        said = page.locator("main").inner_text()
        assert "Try again in a minute" in said
        assert "voila" not in said.lower() and "Traceback" not in said
        again = page.get_by_role("link", name="Try again")
        assert again.get_attribute("href") == f"{APP}?seed=7", "trying again opens the same game"
        assert fits(page), f"the page scrolls sideways at {width} px"
        assert access_problems(page) == []
        for folder in (screenshots, SHOTS):
            if folder is not None:
                folder.mkdir(parents=True, exist_ok=True)
                page.screenshot(path=str(folder / f"class-full-{width}.png"), full_page=True)
    finally:
        context.close()
