"""Floods against the class server, and a new learner from another address meanwhile.

Starts the class server as ``pitchlab app --class`` does (the shipped ``voila.json``, the
app's pool, every cap at its classroom default unless ``--voila-arg`` changes
one) and waits until the pool has run the app. Then, on the same server:

- **fetch** (``"fetch"`` figures at the top level): loads the app ``--loads`` times from
  another loopback address (127.0.0.2; no cookies, nothing connects: a script),
  ``--at-once`` at a time, and right after opens it as a new learner from 127.0.0.1.
  Prints how the flood was answered, how long the learner waited, the kernels and
  memory before, at the peak and after, and how long until the flood's kernels were gone.
- **held** (issue 26's lock-out, the ``"held"`` figures): for ``--held-s`` seconds a
  script on 127.0.0.2 loads the app, connects to each page's kernel with the page's
  cookie, asks ``kernel_info`` and keeps the socket open, touching nothing
  (:class:`tests.serving.Holder`); refused, it tries again a second later. Every
  ``--probe-every`` seconds a new learner (headless Chromium, 127.0.0.1) opens the app:
  its page's status and the seconds until it is interactive (the Next button shown,
  as ``load.py`` counts it). The goal: every learner interactive within 10 s.

Figures only: nothing here passes or fails.

    .venv/bin/python benchmarks/flood.py                     # the classroom defaults
    .venv/bin/python benchmarks/flood.py --floods held --json
    .venv/bin/python benchmarks/flood.py --pool 5 --voila-arg=--ClassServer.max_kernels=12
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import threading
import time
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


from pitchlab.server.launcher import APP, HEALTH, config_with_pool  # noqa: E402
from pitchlab.server.processes import is_kernel, process_tree  # noqa: E402
from tests.serving import CHROMIUM, CHROMIUM_ARGS, Holder, Peak, VoilaServer, fetch  # noqa: E402

WIDGET = "application/vnd.jupyter.widget-view+json"
GOAL_S = 10.0
"""A new learner's page should be interactive within this, whatever the flood."""
PROBE_LIMIT_MS = 90_000
"""How long a probing learner waits for the page before counting it as not interactive."""


def kernels_and_mb(server: VoilaServer) -> tuple[int, float]:
    tree = process_tree(server.proc.pid)
    return sum(1 for p in tree if is_kernel(p)), sum(p.rss_bytes for p in tree) / 2**20


def health(server: VoilaServer) -> dict[str, Any]:
    answer: dict[str, Any] = json.loads(fetch(server.url, HEALTH, timeout=10).body)
    return answer


def ready(server: VoilaServer) -> bool:
    """Whether the pool has run the app (a server busy starting 30 kernels on two cores may not
    answer within the health request's 10 s: not yet, then)."""
    try:
        return bool(health(server)["ready"])
    except OSError:
        return False


def run(args: argparse.Namespace) -> dict[str, Any]:
    config = config_with_pool(ROOT, args.pool)
    server = VoilaServer(extra_args=args.voila_arg, config_dir=config)
    try:
        start = time.monotonic()
        server.wait_until(deadline_s=300)
        while not ready(server):
            if time.monotonic() - start > 600:
                raise SystemExit(f"the pool did not get ready in 600 s:\n{server.log_text()}")
            time.sleep(1)
        figures: dict[str, Any] = {"pool": args.pool, "pool_ready_s": round(time.monotonic() - start, 1)}
        if "fetch" in args.floods:
            figures.update(fetch_flood(server, args))
        if "held" in args.floods:
            figures["held"] = held_flood(server, args)
        return figures
    finally:
        server.stop()


def fetch_flood(server: VoilaServer, args: argparse.Namespace) -> dict[str, Any]:
    """Anonymous page loads from one address, then one new learner; the kernels' settling."""
    before = kernels_and_mb(server)
    page = f"/voila/render/{APP}"
    with Peak(server.proc.pid) as peak:
        flood_start = time.monotonic()
        with ThreadPoolExecutor(args.at_once) as pool:
            replies = list(pool.map(lambda _: fetch(server.url, page, "127.0.0.2"), range(args.loads)))
        flood_s = time.monotonic() - flood_start
        learner = fetch(server.url, page)
    after_flood = kernels_and_mb(server)
    settle_start = time.monotonic()
    while kernels_and_mb(server)[0] > args.pool and time.monotonic() - settle_start < args.settle:
        time.sleep(1)
    settled = kernels_and_mb(server)
    refused = [r for r in replies if r.status != 200]
    return {
        "loads": args.loads,
        "statuses": dict(Counter(r.status for r in replies)),
        "refusal_median_ms": round(1000 * statistics.median(r.seconds for r in refused)) if refused else None,
        "served_max_s": round(max((r.seconds for r in replies if r.status == 200), default=0), 1),
        "flood_s": round(flood_s, 1),
        "learner_status": learner.status,
        "learner_has_app": WIDGET in learner.body,
        "learner_s": round(learner.seconds, 2),
        "kernels_before": before[0],
        "kernels_peak": peak.kernels,
        "kernels_after_flood": after_flood[0],
        "kernels_settled": settled[0],
        "settled_s": round(time.monotonic() - settle_start, 1),
        "mb_before": round(before[1]),
        "mb_peak": round(peak.rss_bytes / 2**20),
        "mb_settled": round(settled[1]),
    }


def held_flood(server: VoilaServer, args: argparse.Namespace) -> dict[str, Any]:
    """A script holding a connection to each page's kernel from 127.0.0.2, and a new learner
    from 127.0.0.1 every ``--probe-every`` seconds meanwhile."""
    from playwright.sync_api import sync_playwright

    page_path = f"/voila/render/{APP}"
    holder = Holder(server.url, page_path, "127.0.0.2")
    stop = threading.Event()
    answers: list[tuple[float, int]] = []  # (seconds into the flood, status) of each script load
    most_held = 0
    start = time.monotonic()

    def hold() -> None:
        nonlocal most_held
        while not stop.is_set():
            try:
                status = holder.hold(timeout=120).status
            except OSError:
                status = 0  # the socket refused or dropped: counted, and tried again
            answers.append((time.monotonic() - start, status))
            most_held = max(most_held, holder.running())
            if status != 200:
                stop.wait(1.0)

    learners: list[dict[str, Any]] = []
    script = threading.Thread(target=hold, daemon=True)
    with Peak(server.proc.pid) as peak, sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=list(CHROMIUM_ARGS))
        script.start()
        try:
            next_probe = start + args.probe_every
            while time.monotonic() - start < args.held_s:
                time.sleep(max(0.0, next_probe - time.monotonic()))
                next_probe += args.probe_every
                learners.append(probe(browser, server.url + page_path, time.monotonic() - start))
        finally:
            stop.set()
            script.join(timeout=180)
            browser.close()
    said = health(server)
    holder.close()
    interactive = [p["interactive_s"] for p in learners if p["interactive_s"] is not None]
    served_by_script = [t for t, status in answers if status == 200]
    return {
        "held_s": args.held_s,
        "script_served": len(served_by_script),
        "script_statuses": dict(Counter(status for _, status in answers)),
        "script_last_served_at_s": round(max(served_by_script, default=0), 1),
        "script_most_held": most_held,
        "untouched_taken_back": said.get("untouched_taken_back"),
        "kernels_peak": peak.kernels,
        "mb_peak": round(peak.rss_bytes / 2**20),
        "learners": len(learners),
        "learners_served": sum(1 for p in learners if p["status"] == 200),
        "learners_within_goal": sum(1 for s in interactive if s <= GOAL_S),
        "learner_interactive_median_s": round(statistics.median(interactive), 1) if interactive else None,
        "learner_interactive_max_s": round(max(interactive), 1) if interactive else None,
        "learner_timeline": [[round(p["at_s"]), p["status"], p["interactive_s"]] for p in learners],
    }


def probe(browser: Any, url: str, at_s: float) -> dict[str, Any]:
    """A new learner opens the app: the page's status and seconds until interactive (``None``:
    refused, or not within :data:`PROBE_LIMIT_MS`). The tab is then closed as a learner
    closes it (its page asks the server to shut its kernel down)."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    begun = time.perf_counter()
    status = 0
    interactive_s = None
    try:
        reply = page.goto(url, wait_until="commit", timeout=PROBE_LIMIT_MS)
        status = reply.status if reply is not None else 0
        if status == 200:
            page.wait_for_selector(".pl-next", state="visible", timeout=PROBE_LIMIT_MS)
            interactive_s = round(time.perf_counter() - begun, 1)
    except Exception:
        pass
    finally:
        page.close(run_before_unload=True)
        context.close()
    return {"at_s": at_s, "status": status, "interactive_s": interactive_s}


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--pool", type=int, default=30, help="the app's preheated kernels (default 30, a class)")
    p.add_argument("--loads", type=int, default=100)
    p.add_argument("--at-once", type=int, default=20, help="page loads in flight at once")
    p.add_argument("--settle", type=float, default=300, help="seconds to wait for the flood's kernels to go")
    p.add_argument("--voila-arg", action="append", default=[], help="an extra class server option")
    p.add_argument(
        "--floods",
        type=lambda text: text.split(","),
        default=["fetch", "held"],
        help="fetch,held (default both)",
    )
    p.add_argument("--held-s", type=float, default=240, help="seconds the held-connection flood lasts")
    p.add_argument("--probe-every", type=float, default=15, help="seconds between two new learners")
    p.add_argument("--json", action="store_true")
    args = p.parse_args()
    figures = run(args)
    if args.json:
        print(json.dumps(figures))
        return
    held = figures.pop("held", {})
    print("\n".join(f"{k:>30}: {v}" for k, v in figures.items()))
    if held:
        print("held-connection flood:")
        print("\n".join(f"{k:>30}: {v}" for k, v in held.items()))


if __name__ == "__main__":
    main()
