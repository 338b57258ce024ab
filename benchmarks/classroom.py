"""Class experiments under load: how fast the class store takes results, and how soon the
teacher sees them.

    python benchmarks/classroom.py               # a table
    python benchmarks/classroom.py --json        # one JSON object, for tracking
    python benchmarks/classroom.py --writers 30 --rows 20 --rounds 3 --students 30 --window 20

**Submissions per second.** ``--writers`` processes (each a student's kernel, with its own
connections) wait at a barrier, then each sends ``--rows`` results as fast as the store takes
them (hand reviews, one row per hand, so a student may send many). Rows per second is all
rows over the time from the first writer's start to the last writer's end; the median of
``--rounds`` rounds (a fresh class each) is reported, on SQLite (a file, WAL) and on
PostgreSQL (a throwaway cluster made for the run in a temporary folder, the tests' own
:class:`tests.classdb.PostgresCluster`; skipped with a printed line when it cannot start).
Every round also checks that every row landed exactly once.

**Submit to redraw.** The teacher's page in Voilà (the class server, as ``pitchlab app --class``
serves it) in headless Chromium, with ``--students`` students, each a process, sending one
Monte Carlo result each at a seeded random moment within ``--window`` seconds. The page's
own figure is watched in the browser: each time its title counts more students, the time is
noted, and the k-th result sent (by the store's commit time) is seen when the title first
counts k or more. Both clocks are the machine's. When Chromium or Voilà cannot be used, the
same is measured with the teacher's board object (:class:`pitchlab.ui.teacher.TeacherBoard`)
in a process of its own (it redraws in its event loop as in the kernel, with no browser), and
the output says which. Medians and percentiles, no pass or fail: the machine is shared.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import random
import re
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from multiprocessing.synchronize import Barrier
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # tests.serving, tests.classdb

from pitchlab.classes import experiments
from pitchlab.classes import store as store_module
from pitchlab.classes.payloads import MONTE_CARLO, REVIEW
from pitchlab.classes.store import DB_VARIABLE, ClassStore, Member
from pitchlab.ui.teacher import POLL_S

GOAL_P95_S = 3.0
"""The issue's goal for the time from a student's submit to the teacher's redraw, 95th percentile."""
TEACHER = "notebooks/teacher.ipynb"
FORK = multiprocessing.get_context("fork")

# In the page: each time the Monte Carlo figure's title counts more students, note when
# (milliseconds since the epoch, the machine's clock, as the writers' commit times are).
WATCH_JS = """() => {
  window.plSeen = [];
  let last = -1;
  const look = () => {
    const title = document.querySelector('.pl-class-monte-carlo .gtitle');
    const found = title ? /(\\d+) students? ×/.exec(title.textContent) : null;
    if (found && Number(found[1]) > last) {
      last = Number(found[1]);
      window.plSeen.push([last, Date.now()]);
    }
  };
  new MutationObserver(look).observe(document.body, {subtree: true, childList: true, characterData: true});
  look();
}"""


def quantile(values: list[float], q: int) -> float | None:
    """The ``q``-th percentile (linear between ranks), ``None`` without values."""
    if not values:
        return None
    if len(values) == 1:
        return values[0]
    return statistics.quantiles(values, n=100, method="inclusive")[q - 1]


# ------------------------------------------------------------------ submissions per second


def _writer(url: str, member: Member, rows: int, barrier: Barrier, out: Any) -> None:
    """One student's kernel: its own store, then ``rows`` hand reviews as fast as they go."""
    try:
        store = ClassStore(url)
        barrier.wait(timeout=120)
        start = time.time()
        stored = 0
        for hand in range(1, rows + 1):
            payload = {"hand": hand, "given_away": hand % 4, "decisions": 8, "perfect": 8 - hand % 4}
            stored += store.submit(member, REVIEW, payload, slot=f"hand {hand}")
        out.put((start, time.time(), stored))
        store.engine.dispose()
    except Exception as exc:  # the parent reports it
        out.put(repr(exc))


def throughput_round(url: str, writers: int, rows: int) -> tuple[float, bool]:
    """Rows per second with ``writers`` processes each sending ``rows``; and whether the store
    then holds every row exactly once."""
    teacher = ClassStore(url)
    made = teacher.create_class("benchmark")
    code = made.info.code
    members = [teacher.join(code, f"writer {i}") for i in range(writers)]
    teacher.engine.dispose()
    store_module.close_stores()  # no connection crosses the fork
    barrier = FORK.Barrier(writers)
    out = FORK.Queue()
    procs = [FORK.Process(target=_writer, args=(url, m, rows, barrier, out)) for m in members]
    for p in procs:
        p.start()
    results = [out.get(timeout=600) for _ in procs]
    for p in procs:
        p.join(timeout=60)
    failed = [r for r in results if not isinstance(r, tuple)]
    if failed:
        raise RuntimeError(f"a writer failed: {failed[0]}")
    start = min(r[0] for r in results)
    end = max(r[1] for r in results)
    teacher = ClassStore(url)
    stored = teacher.rows(code, made.teacher_key, REVIEW)
    once = len(stored) == writers * rows == sum(r[2] for r in results) and len(
        {(r.nickname, r.slot) for r in stored}
    ) == len(stored)
    teacher.delete_class(code)
    teacher.engine.dispose()
    store_module.close_stores()
    return writers * rows / (end - start), once


def throughput(url: str, writers: int, rows: int, rounds: int) -> dict[str, Any]:
    rates, once = [], True
    for _ in range(rounds):
        rate, ok = throughput_round(url, writers, rows)
        rates.append(round(rate, 1))
        once = once and ok
    return {"median_rows_per_s": statistics.median(rates), "rounds_rows_per_s": rates, "every_row_once": once}


def postgres_throughput(writers: int, rows: int, rounds: int) -> dict[str, Any]:
    """:func:`throughput` on a throwaway PostgreSQL cluster, or why it was skipped."""
    from tests.classdb import PostgresCluster, postgres_missing

    missing = postgres_missing()
    if missing:
        print(f"PostgreSQL skipped: {missing}", file=sys.stderr)
        return {"skipped": missing}
    try:
        cluster = PostgresCluster()
    except Exception as exc:  # a cluster that cannot start is a skip, said
        print(f"PostgreSQL skipped: the throwaway cluster did not start ({exc!r})", file=sys.stderr)
        return {"skipped": f"the throwaway cluster did not start: {exc!r}"}
    try:
        return throughput(cluster.new_database(), writers, rows, rounds)
    finally:
        store_module.close_stores()
        cluster.stop()


# ------------------------------------------------------------------ submit to redraw


def _student(url: str, code: str, nickname: str, at: float, out: Any) -> None:
    """A student who joined sends one Monte Carlo result at ``at`` (epoch seconds)."""
    try:
        store = ClassStore(url)
        member = store.join(code, nickname)
        payload = experiments.monte_carlo_payload(
            member.seed(MONTE_CARLO)
        )  # dealt as the student's page deals
        time.sleep(max(0.0, at - time.time()))
        store.submit(member, MONTE_CARLO, payload)
        out.put(time.time())
        store.engine.dispose()
    except Exception as exc:
        out.put(repr(exc))


def _send_all(url: str, code: str, students: int, window: float, seed: int) -> list[float]:
    """``students`` processes send one result each at seeded random moments over ``window`` s,
    starting a few seconds from now; their commit times, sorted."""
    store_module.close_stores()
    rng = random.Random(seed)
    begin = time.time() + 3.0
    moments = sorted(begin + rng.uniform(0, window) for _ in range(students))
    out = FORK.Queue()
    procs = [
        FORK.Process(target=_student, args=(url, code, f"student {i:02d}", at, out))
        for i, at in enumerate(moments)
    ]
    for p in procs:
        p.start()
    sent = [out.get(timeout=window + 120) for _ in procs]
    for p in procs:
        p.join(timeout=30)
    failed = [s for s in sent if not isinstance(s, float)]
    if failed:
        raise RuntimeError(f"a student failed: {failed[0]}")
    return sorted(float(s) for s in sent)


def latencies(sent: list[float], seen: list[tuple[int, float]]) -> list[float]:
    """Seconds from each result's commit to the first redraw that counted it: the k-th result
    sent is in the figure once it counts k students or more."""
    out = []
    for k, at in enumerate(sent, start=1):
        shown = [t for count, t in seen if count >= k]
        if shown:
            out.append(min(shown) - at)
    return out


def latency_in_browser(students: int, window: float, seed: int) -> dict[str, Any]:
    """The teacher's page in Voilà and Chromium, watched in the page (see the module's words)."""
    from playwright.sync_api import sync_playwright

    from tests.serving import CHROMIUM, CHROMIUM_ARGS, VoilaServer

    if not Path(CHROMIUM).exists():
        raise RuntimeError(f"no Chromium at {CHROMIUM}")
    folder = tempfile.mkdtemp(prefix="pitchlab-classroom-")
    url = f"sqlite:///{folder}/classes.sqlite"
    made = ClassStore(url).create_class("benchmark")
    store_module.close_stores()
    # the server's kernels read this class store
    server = VoilaServer(extra_args=["--VoilaConfiguration.preheat_kernel=False"], env={DB_VARIABLE: url})
    try:
        server.wait_until(deadline_s=120)
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=list(CHROMIUM_ARGS))
            context = browser.new_context(viewport={"width": 1280, "height": 900})
            page = context.new_page()
            page.goto(
                f"{server.url}/voila/render/{TEACHER}?class={made.info.code}&key={made.teacher_key}",
                timeout=180_000,
            )
            page.wait_for_selector(".pl-class-monte-carlo .gtitle", timeout=180_000)
            page.evaluate(WATCH_JS)
            sent = _send_all(url, made.info.code, students, window, seed)
            page.wait_for_function(
                f"() => window.plSeen.some(([n]) => n >= {students})", timeout=120_000, polling=200
            )
            seen = [(int(n), ms / 1000) for n, ms in page.evaluate("() => window.plSeen")]
            page.close(run_before_unload=True)
            browser.close()
    finally:
        server.stop()
    return {"method": "Voila page in headless Chromium, its DOM watched", **_summary(latencies(sent, seen))}


def _board(url: str, code: str, key: str, students: int, out: Any) -> None:
    """The teacher's board in a process of its own, redrawing from its own event loop."""
    import asyncio

    from pitchlab.ui.teacher import TeacherBoard

    async def run() -> list[tuple[int, float]]:
        board = TeacherBoard(ClassStore(url))
        seen: list[tuple[int, float]] = []
        refresh = board.refresh

        def noted() -> None:
            refresh()
            figure = board.sections[MONTE_CARLO].figure.figure
            found = re.search(r"(\d+) students? ×", str(figure.layout.title.text))
            if found:
                seen.append((int(found[1]), time.time()))

        board.refresh = noted  # type: ignore[method-assign]
        board.enter_class(code, key)
        while not seen or seen[-1][0] < students:
            await asyncio.sleep(0.05)
        board.stop()
        return seen

    out.put(asyncio.run(run()))


def latency_in_process(students: int, window: float, seed: int) -> dict[str, Any]:
    folder = tempfile.mkdtemp(prefix="pitchlab-classroom-")
    url = f"sqlite:///{folder}/classes.sqlite"
    made = ClassStore(url).create_class("benchmark")
    store_module.close_stores()
    out = FORK.Queue()
    board = FORK.Process(target=_board, args=(url, made.info.code, made.teacher_key, students, out))
    board.start()
    sent = _send_all(url, made.info.code, students, window, seed)
    seen = out.get(timeout=120)
    board.join(timeout=30)
    return {
        "method": "teacher board object in its own process (no browser)",
        **_summary(latencies(sent, seen)),
    }


def _summary(lags: list[float]) -> dict[str, Any]:
    p50, p95 = quantile(lags, 50), quantile(lags, 95)
    return {
        "results_seen": len(lags),
        "p50_s": None if p50 is None else round(p50, 3),
        "p95_s": None if p95 is None else round(p95, 3),
        "max_s": round(max(lags), 3) if lags else None,
    }


def latency(students: int, window: float, seed: int, browser: bool) -> dict[str, Any]:
    measure: Callable[[int, float, int], dict[str, Any]] = (
        latency_in_browser if browser else latency_in_process
    )
    try:
        found = measure(students, window, seed)
    except Exception as exc:
        if not browser:
            raise
        print(
            f"In the browser the time could not be measured ({exc!r}); measuring the board alone",
            file=sys.stderr,
        )
        found = latency_in_process(students, window, seed)
    return {"students": students, "window_s": window, "poll_s": POLL_S, "goal_p95_s": GOAL_P95_S, **found}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--writers", type=int, default=30, help="writer processes (30)")
    parser.add_argument("--rows", type=int, default=20, help="results each writer sends (20)")
    parser.add_argument(
        "--rounds", type=int, default=3, help="rounds per database; the median is reported (3)"
    )
    parser.add_argument(
        "--students", type=int, default=30, help="students sending to the teacher's page (30)"
    )
    parser.add_argument("--window", type=float, default=20.0, help="seconds over which they send (20)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the students' moments (1)")
    parser.add_argument("--no-browser", action="store_true", help="time the board object, not the page")
    parser.add_argument("--skip", choices=("sqlite", "postgresql", "latency"), action="append", default=[])
    args = parser.parse_args(argv)
    result: dict[str, Any] = {"writers": args.writers, "rows_per_writer": args.rows, "rounds": args.rounds}
    rates: dict[str, Any] = {}
    if "sqlite" not in args.skip:
        folder = tempfile.mkdtemp(prefix="pitchlab-classroom-")
        rates["sqlite"] = throughput(
            f"sqlite:///{folder}/classes.sqlite", args.writers, args.rows, args.rounds
        )
    if "postgresql" not in args.skip:
        rates["postgresql"] = postgres_throughput(args.writers, args.rows, args.rounds)
    result["submissions_per_s"] = rates
    if "latency" not in args.skip:
        result["submit_to_redraw"] = latency(args.students, args.window, args.seed, not args.no_browser)
    if args.json:
        print(json.dumps(result, indent=2))
        return 0
    print(f"{args.writers} writers × {args.rows} rows, median of {args.rounds} rounds:")
    for name, found in rates.items():
        if "skipped" in found:
            print(f"  {name:<11} skipped: {found['skipped']}")
        else:
            print(
                f"  {name:<11} {found['median_rows_per_s']:>8.1f} rows/s  (rounds {found['rounds_rows_per_s']}; "
                f"every row once: {found['every_row_once']})"
            )
    lag = result.get("submit_to_redraw")
    if lag:
        print(
            f"submit to redraw, {lag['students']} students over {lag['window_s']:g} s ({lag['method']}): "
            f"p50 {lag['p50_s']} s, p95 {lag['p95_s']} s, max {lag['max_s']} s "
            f"(goal p95 < {GOAL_P95_S:g} s; {lag['results_seen']} results seen)"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
