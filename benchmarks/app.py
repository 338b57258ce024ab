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
import statistics
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from playwright.sync_api import Browser, Page, sync_playwright

from pitchlab.serving import (
    CHROMIUM,
    CHROMIUM_ARGS,
    ROOT,
    ServerError,
    VoilaServer,
    click_and_wait,
    next_move,
    offline,
)

POOL_FILLED = "Kernel pool of app.ipynb is filled"


@contextmanager
def voila(*, preheat: bool) -> Iterator[VoilaServer]:
    """``voila notebooks/app.ipynb`` as ``./dev app`` runs it, with or without the preheated pool.

    The pool refills at once here (the shipped config waits for a class to finish arriving),
    so each round of one learner at a time finds it full again."""
    server = VoilaServer(
        "notebooks/app.ipynb",
        [f"--VoilaConfiguration.preheat_kernel={preheat}", "--VoilaKernelManager.fill_delay=0"],
    )
    try:
        try:
            server.wait_until(POOL_FILLED if preheat else None)
        except ServerError as exc:
            raise SystemExit(str(exc)) from None
        yield server
    finally:
        server.stop()


@contextmanager
def app_page(browser: Browser, url: str) -> Iterator[tuple[Page, float]]:
    """A page with the app open, and the seconds it took to show the Next button."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    offline(context)
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
            latencies.append(click_and_wait(page, selector))
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
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=list(CHROMIUM_ARGS))
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
