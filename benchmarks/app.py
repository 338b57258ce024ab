"""App speed as a learner feels it: Voila serving notebooks/app.ipynb to headless Chromium.

    python benchmarks/app.py            # a table
    python benchmarks/app.py --json     # one JSON object, for tracking

Figures: seconds from opening the page to the first interactive widget (the Next
button), with a cold kernel and with the preheated pool of voila.json; the median
milliseconds from a click (a bid, a suit, a legal card, Next) to the page showing
its effect, over a whole hand; the wall time of the nbval run over every notebook.
The machine is shared and noisy: compare figures from one run, never a threshold.
Needs Debian's Chromium at /usr/bin/chromium (never `playwright install`).
"""

from __future__ import annotations

import argparse
import json
import os
import re
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from playwright.sync_api import Browser, Page, sync_playwright

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM = os.environ.get("PITCHLAB_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
POOL_FILLED = "Kernel pool of app.ipynb is filled"
APP_TEXT_JS = "() => document.querySelector('.pl-app').innerText"
CHANGED_JS = "(before) => document.querySelector('.pl-app').innerText !== before"
SETTLED_JS = """([quiet, limit]) => new Promise((resolve) => {
    const app = document.querySelector('.pl-app');
    const start = performance.now();
    let timer;
    const done = () => { observer.disconnect(); clearTimeout(timer); resolve(); };
    const observer = new MutationObserver(() => {
        clearTimeout(timer);
        timer = setTimeout(done, performance.now() - start > limit ? 0 : quiet);
    });
    observer.observe(app, {subtree: true, childList: true, attributes: true, characterData: true});
    timer = setTimeout(done, quiet);
})"""


class Voila:
    """``voila notebooks/app.ipynb`` as ``./dev app`` runs it, on a free port."""

    def __init__(self, *, preheat: bool) -> None:
        with socket.socket() as sock:
            sock.bind(("127.0.0.1", 0))
            self.port: int = sock.getsockname()[1]
        self.url = f"http://127.0.0.1:{self.port}/"
        self.log = Path(tempfile.mkstemp(prefix="pitchlab-voila-", suffix=".log")[1])
        command = [
            str(Path(sys.executable).parent / "voila"),
            "notebooks/app.ipynb",
            "--no-browser",
            f"--port={self.port}",
            "--Voila.ip=127.0.0.1",
            f"--Voila.config_file_paths={ROOT}",
            f"--VoilaConfiguration.preheat_kernel={preheat}",
        ]
        with self.log.open("wb") as out:
            self.proc = subprocess.Popen(
                command, cwd=ROOT, stdout=out, stderr=subprocess.STDOUT, start_new_session=True
            )

    def log_text(self) -> str:
        return self.log.read_text(encoding="utf-8", errors="replace")

    def wait_until(self, ready: str | None = None, count: int = 1, deadline_s: float = 60) -> None:
        """Until the server answers (and ``ready`` appears ``count`` times in its log)."""
        deadline = time.monotonic() + deadline_s
        while True:
            if self.proc.poll() is not None:
                raise SystemExit(
                    f"voila exited with status {self.proc.returncode}:\n{self.log_text()[-3000:]}"
                )
            if answers(self.url + "voila/static/") and (
                ready is None or self.log_text().count(ready) >= count
            ):
                return
            if time.monotonic() > deadline:
                raise SystemExit(f"voila not ready within {deadline_s:.0f} s:\n{self.log_text()[-3000:]}")
            time.sleep(0.1)

    def stop(self) -> None:
        if self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGTERM)
            try:
                self.proc.wait(timeout=30)
            except subprocess.TimeoutExpired:
                os.killpg(self.proc.pid, signal.SIGKILL)
                self.proc.wait()
        self.log.unlink(missing_ok=True)


def answers(url: str) -> bool:
    try:
        with urllib.request.urlopen(url, timeout=2):
            return True
    except urllib.error.HTTPError:
        return True
    except OSError:
        return False


@contextmanager
def voila(*, preheat: bool) -> Iterator[Voila]:
    server = Voila(preheat=preheat)
    try:
        server.wait_until(POOL_FILLED if preheat else None)
        yield server
    finally:
        server.stop()


@contextmanager
def app_page(browser: Browser, url: str) -> Iterator[tuple[Page, float]]:
    """A page with the app open, and the seconds it took to show the Next button."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    start = time.perf_counter()
    page.goto(url, wait_until="commit", timeout=120_000)
    page.wait_for_selector(".pl-next", state="visible", timeout=120_000)
    elapsed = time.perf_counter() - start
    try:
        yield page, elapsed
    finally:
        page.close(run_before_unload=True)  # Voila shuts the kernel down
        context.close()


def time_to_interactive(browser: Browser, *, preheat: bool, rounds: int) -> float:
    """Median seconds from opening the app to its first interactive widget."""
    times = []
    with voila(preheat=preheat) as server:
        for r in range(rounds):
            if preheat:  # each view takes the pooled kernel; wait for the pool to refill
                server.wait_until(POOL_FILLED, count=r + 1)
            with app_page(browser, server.url) as (_page, elapsed):
                times.append(elapsed)
    return statistics.median(times)


def next_move(page: Page) -> str | None:
    """A learner's click: their lowest bid (else pass), a suit, a legal card, else Next."""
    bids = page.locator(".pl-bid:visible").evaluate_all("(els) => els.map((e) => e.className)")
    values = sorted(int(m.group(1)) for c in bids if (m := re.search(r"pl-bid-(\d+)", c)))
    if values:
        return f".pl-bid-{values[0]}:visible"
    if bids:
        return ".pl-bid-pass:visible"
    for selector in (".pl-suit:visible", ".pl-card.pl-legal:visible", ".pl-next:visible:enabled"):
        if page.locator(selector).count():
            return selector
    return None


def click_latencies(browser: Browser) -> list[float]:
    """Milliseconds from each click to the page changing, over one whole hand."""
    latencies = []
    with voila(preheat=True) as server, app_page(browser, server.url) as (page, _):
        for _ in range(300):
            if page.locator(".pl-hand-over:visible").count():
                break
            selector = next_move(page)
            if selector is None:
                raise SystemExit(f"nothing to click: {page.inner_text('.pl-status')}")
            before = page.evaluate(APP_TEXT_JS)
            target = page.locator(selector).first
            target.wait_for(state="visible")
            start = time.perf_counter()
            target.click()
            page.wait_for_function(CHANGED_JS, arg=before, timeout=30_000, polling=10)
            latencies.append((time.perf_counter() - start) * 1000)
            page.evaluate(SETTLED_JS, [250, 10_000])
        else:
            raise SystemExit("the hand did not end within 300 clicks")
    return latencies


def nbval_seconds() -> float:
    """Wall time of pytest's nbval run over every notebook (as ./dev test runs it)."""
    folders = [d for d in ("tutorial", "notebooks") if (ROOT / d).is_dir()]
    start = time.perf_counter()
    result = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", *folders],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    elapsed = time.perf_counter() - start
    if result.returncode != 0:
        print(result.stdout[-3000:], file=sys.stderr)
        raise SystemExit(f"the nbval run failed (status {result.returncode})")
    return elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3, help="page views per time-to-interactive figure")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    if not Path(CHROMIUM).exists():
        raise SystemExit(f"benchmarks/app.py: no Chromium at {CHROMIUM} (apt-get install chromium)")
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            cold = time_to_interactive(browser, preheat=False, rounds=args.rounds)
            preheated = time_to_interactive(browser, preheat=True, rounds=args.rounds)
            clicks = click_latencies(browser)
        finally:
            browser.close()
    figures = {
        "interactive_s_cold": round(cold, 2),
        "interactive_s_preheated": round(preheated, 2),
        "click_median_ms": round(statistics.median(clicks), 1),
        "nbval_s": round(nbval_seconds(), 1),
    }
    if args.json:
        print(json.dumps(figures))
        return
    print(f"time to first interactive widget, cold kernel   {figures['interactive_s_cold']:8.2f} s")
    print(f"time to first interactive widget, preheated     {figures['interactive_s_preheated']:8.2f} s")
    print(
        f"click to view update, median of {len(clicks):3d} clicks    {figures['click_median_ms']:8.1f} ms"
        f"  (max {max(clicks):.0f} ms)"
    )
    print(f"nbval over every notebook                       {figures['nbval_s']:8.1f} s")


if __name__ == "__main__":
    main()
