"""A script that holds a connection to each page's kernel cannot lock the class out (issue 26,
part 3).

The script (:class:`tests.serving.Holder`, from 127.0.0.2) loads the app again and again,
keeps each page's cookie, connects to its kernel, asks for ``kernel_info`` and keeps the
socket open, touching no widget: until the server is full. Before, its kernels, connected,
were never shut down as unclaimed, and a learner elsewhere got "class is full" until the idle
cull ten minutes later. Now a page untouched past ``untouched_kernel_timeout`` is taken back
when its place is needed, so the learner (Chromium, from 127.0.0.1) is served a page that
answers a click. The server is small (4 kernels, the pool's one included) and the untouched
time short (20 s) so the test is quick; the address cap is the shipped one (40), well above
what the server holds, so the script fills the server as it did before.
"""

from __future__ import annotations

import json
import time
from pathlib import Path

from playwright.sync_api import Browser

from tests.helpers import voila_server
from tests.serving import Holder, click_and_wait, fetch, next_move

APP = "/voila/render/notebooks/app.ipynb"
UNTOUCHED_S = 20.0
PAGE_MS = 180_000
"""A hang detector for the learner's page on a loaded machine (it comes in seconds)."""


def health(url: str) -> dict[str, object]:
    answer: dict[str, object] = json.loads(fetch(url, "/pitchlab/health", timeout=10).body)
    return answer


def test_a_script_holding_every_page_leaves_a_learner_elsewhere_served(
    browser: Browser, screenshots: Path
) -> None:
    caps = [
        "--VoilaKernelManager.fill_delay=0",
        "--ClassServer.max_kernels=4",
        f"--ClassServer.untouched_kernel_timeout={UNTOUCHED_S}",
    ]
    with voila_server(caps, deadline_s=180) as server:
        deadline = time.monotonic() + 300
        while not health(server.url)["ready"]:
            assert time.monotonic() < deadline, f"the pool never ran the app\n{server.log_text()}"
            time.sleep(1)
        holder = Holder(server.url, APP, "127.0.0.2")
        context = browser.new_context(viewport={"width": 1280, "height": 900})
        try:
            replies = [holder.hold()]
            while replies[-1].status == 200 and len(replies) < 10:
                replies.append(holder.hold())
            held = len(replies) - 1
            assert replies[-1].status == 503, [r.status for r in replies]  # the lock-out: the server is full
            assert held >= 2 and holder.running() == held
            time.sleep(UNTOUCHED_S + 2)  # every held page is now untouched for longer than that

            page = context.new_page()
            reply = page.goto(f"{server.url}{APP}", timeout=PAGE_MS)
            assert reply is not None and reply.status == 200, "the learner found the class full"
            page.wait_for_selector(".pl-next", state="visible", timeout=PAGE_MS)
            move = next_move(page)
            assert move is not None, "nothing to click on the learner's page"
            click_and_wait(page, move)  # the page answers a click: its kernel is the learner's
            page.screenshot(path=str(screenshots / "held-connections-learner.png"))
            assert health(server.url)["untouched_taken_back"] == 1, "one held page made way for one learner"
            gone_by = time.monotonic() + 60
            while holder.running() != held - 1 and time.monotonic() < gone_by:
                time.sleep(0.5)
            assert holder.running() == held - 1, "the script's page taken back lost its kernel"
            print(f"\nheld {held} pages from 127.0.0.2 until the server was full; the learner was served")
        finally:
            context.close()
            holder.close()
