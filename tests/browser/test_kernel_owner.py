"""A learner's kernel is the learner's browser's: others are refused, and closing the tab frees it.

Voilà's page asks the server about its kernel as soon as it loads, which makes
its browser the kernel's owner (pitchlab.server.ownership); on unload it sends a
shutdown beacon, which Voilà alone refused ("'_xsrf' argument missing"), leaving
the kernel to the culler ten minutes later.
"""

from __future__ import annotations

import json
import time
from pathlib import Path

from playwright.sync_api import APIRequestContext, Browser, Page

from tests.browser.test_pages import APP, python_errors, render

KERNEL_ID_JS = "() => JSON.parse(document.getElementById('jupyter-config-data').textContent).kernelId"
GONE_DEADLINE_S = 60.0
"""A hang detector: the beacon is sent as the tab closes and the shutdown takes a moment."""


def kernel_status(request: APIRequestContext, base: str, kernel_id: str) -> tuple[int, str]:
    """The status of ``/api/kernels/<id>`` asked with a browser's cookies, and the reason given."""
    reply = request.get(f"{base}/api/kernels/{kernel_id}", headers={"Referer": f"{base}/voila/render/{APP}"})
    body = reply.text()
    return reply.status, json.loads(body).get("message", "") if body else ""


def test_only_the_owner_reaches_the_kernel_and_closing_the_tab_frees_it(
    page: Page, browser: Browser, voila_url: str, screenshots: Path
) -> None:
    render(page, voila_url, APP)
    page.wait_for_selector(".pl-next", state="visible")
    assert not python_errors(page), python_errors(page)
    page.screenshot(path=str(screenshots / "kernel-owner-app.png"))
    kernel_id = page.evaluate(KERNEL_ID_JS)
    owner = page.context.request
    assert kernel_status(owner, voila_url, kernel_id)[0] == 200, "the page's browser owns its kernel"

    other = browser.new_context()
    try:
        assert kernel_status(other.request, voila_url, kernel_id)[0] == 403, "another browser is refused"
    finally:
        other.close()

    page.close(run_before_unload=True)  # the tab is closed: Voilà's page sends its shutdown beacon
    deadline = time.monotonic() + GONE_DEADLINE_S
    while (status := kernel_status(owner, voila_url, kernel_id)) == (200, "") and time.monotonic() < deadline:
        time.sleep(0.5)
    assert status == (404, "no such kernel"), f"the closed tab's kernel still runs: {status}"
