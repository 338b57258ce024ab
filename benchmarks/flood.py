"""A flood of anonymous page loads against the class server, then one new learner.

Starts the class server as ``pitchlab app --class`` does (the shipped ``voila.json``, the
app's pool, every cap at its classroom default unless ``--voila-arg`` changes
one), waits until the pool has run the app, then loads the app ``--loads`` times
from another loopback address (127.0.0.2; no cookies, nothing connects: a script),
``--at-once`` at a time, and right after opens it as a new learner from
127.0.0.1. Prints how the flood was answered, how long the learner waited, the
kernels and memory before, at the peak and after, and how long until the flood's
kernels were gone. Figures only: nothing here passes or fails.

    .venv/bin/python benchmarks/flood.py                     # the classroom defaults
    .venv/bin/python benchmarks/flood.py --pool 5 --voila-arg=--ClassServer.max_kernels=12
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


from pitchlab.server.launcher import APP, HEALTH, config_with_pool  # noqa: E402
from pitchlab.server.processes import is_kernel, process_tree  # noqa: E402
from tests.serving import Peak, VoilaServer, fetch  # noqa: E402

WIDGET = "application/vnd.jupyter.widget-view+json"


def kernels_and_mb(server: VoilaServer) -> tuple[int, float]:
    tree = process_tree(server.proc.pid)
    return sum(1 for p in tree if is_kernel(p)), sum(p.rss_bytes for p in tree) / 2**20


def health(server: VoilaServer) -> dict[str, Any]:
    answer: dict[str, Any] = json.loads(fetch(server.url, HEALTH, timeout=10).body)
    return answer


def run(args: argparse.Namespace) -> dict[str, Any]:
    config = config_with_pool(ROOT, args.pool)
    server = VoilaServer(extra_args=args.voila_arg, config_dir=config)
    try:
        start = time.monotonic()
        server.wait_until(deadline_s=300)
        while not health(server)["ready"]:
            if time.monotonic() - start > 600:
                raise SystemExit(f"the pool did not get ready in 600 s:\n{server.log_text()}")
            time.sleep(1)
        ready_s = time.monotonic() - start
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
            "pool": args.pool,
            "pool_ready_s": round(ready_s, 1),
            "loads": args.loads,
            "statuses": dict(Counter(r.status for r in replies)),
            "refusal_median_ms": round(1000 * statistics.median(r.seconds for r in refused))
            if refused
            else None,
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
    finally:
        server.stop()


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--pool", type=int, default=30, help="the app's preheated kernels (default 30, a class)")
    p.add_argument("--loads", type=int, default=100)
    p.add_argument("--at-once", type=int, default=20, help="page loads in flight at once")
    p.add_argument("--settle", type=float, default=300, help="seconds to wait for the flood's kernels to go")
    p.add_argument("--voila-arg", action="append", default=[], help="an extra class server option")
    p.add_argument("--json", action="store_true")
    args = p.parse_args()
    figures = run(args)
    print(json.dumps(figures) if args.json else "\n".join(f"{k:>20}: {v}" for k, v in figures.items()))


if __name__ == "__main__":
    main()
