"""The README's pictures of the table, mid-hand, on a phone and on a laptop.

    python scripts/screenshots.py            # writes docs/table-375x667.png, docs/table-1280x800.png
                                             # and docs/practice-1280x800.png
    python scripts/screenshots.py --out DIR  # somewhere else

Serves the repository with Voila as the browser tests do, opens the app on the seeded deal in
which the learner bids first and later has trump to play (``?seed=11``), makes the learner's
moves (the lowest bid, the first legal card, Next for the bots) until the learner has a card
to play, and photographs the window at each of the first-screen sizes (375x667 with touch,
1280x800). Then the practice page: problem :data:`PRACTICE_PROBLEM` answered with the joker, the
deal that punishes it shown (1280x800). The same seed and the same moves give the same pictures, so they can be made again
after the page changes. Needs Debian's Chromium at /usr/bin/chromium (never
`playwright install`).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from playwright.sync_api import Page, sync_playwright

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # tests.serving, the Voila driver

from tests.serving import (
    CHROMIUM,
    CHROMIUM_ARGS,
    FIRST_SCREEN_SEED,
    FIRST_SCREENS,
    ROOT,
    SETTLED_JS,
    ServerError,
    VoilaServer,
    play_to_a_card,
    window,
)

APP = "notebooks/app.ipynb"
PRACTICE = "notebooks/practice.ipynb"
PRACTICE_PROBLEM = "ten-point-0-17"
"""The problem worked by hand in tests/test_practice_punish.py: the joker costs 2 points."""


def practice_picture(page: Page, url: str, path: Path) -> None:
    """The practice page after a wrong card: the question, the table, what it cost, the deal."""
    page.goto(f"{url}/voila/render/{PRACTICE}?problem={PRACTICE_PROBLEM}", timeout=180_000)
    page.wait_for_selector(".pl-practice .pl-card-JK", state="visible", timeout=180_000)
    page.locator(".pl-practice .pl-card-JK").click()
    page.wait_for_selector(".pl-practice .pl-wrong", state="visible", timeout=60_000)
    page.evaluate(SETTLED_JS, [500, 10_000])
    page.evaluate("() => document.querySelector('.pl-count').scrollIntoView()")
    page.screenshot(path=path)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "docs", help="folder for the PNG files")
    args = parser.parse_args()
    if not Path(CHROMIUM).exists():
        raise SystemExit(f"scripts/screenshots.py: no Chromium at {CHROMIUM} (apt-get install chromium)")
    args.out.mkdir(parents=True, exist_ok=True)
    server = VoilaServer(extra_args=["--VoilaKernelManager.fill_delay=0"])
    try:
        try:
            server.wait_until(deadline_s=120)
        except ServerError as exc:
            raise SystemExit(f"scripts/screenshots.py: {exc}") from None
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=list(CHROMIUM_ARGS))
            try:
                for width, height, phone in FIRST_SCREENS:
                    with window(browser, width, height, phone) as page:
                        page.goto(
                            f"{server.url}/voila/render/{APP}?seed={FIRST_SCREEN_SEED}", timeout=180_000
                        )
                        page.wait_for_selector(".pl-next", state="visible", timeout=180_000)
                        if not play_to_a_card(page, tap=phone):
                            raise SystemExit(
                                f"no card to play at {width}x{height}: {page.inner_text('.pl-status')}"
                            )
                        page.evaluate(SETTLED_JS, [500, 10_000])
                        path = args.out / f"table-{width}x{height}.png"
                        page.screenshot(path=path)
                        print(
                            f"{path.relative_to(ROOT) if path.is_relative_to(ROOT) else path}: "
                            f"{path.stat().st_size / 1000:.0f} kB"
                        )
                with window(browser, 1280, 800, False) as page:
                    path = args.out / "practice-1280x800.png"
                    practice_picture(page, server.url, path)
                    print(f"{path.relative_to(ROOT) if path.is_relative_to(ROOT) else path}")
            finally:
                browser.close()
    finally:
        server.stop()


if __name__ == "__main__":
    main()
