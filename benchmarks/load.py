"""Classroom load: N learners open the app at the same moment and each plays a hand.

    python benchmarks/load.py                        # N = 1, 10, 30: a table
    python benchmarks/load.py --sessions 1,10,30     # choose the class sizes
    python benchmarks/load.py --json                 # one JSON object keyed by N

For each N, a fresh class server serves the pages exactly as ``pitchlab app --class``
does (the same command, the shipped voila.json with the app's pool of 30; ``--config
FILE`` serves another voila.json, to compare). Once its preheated pool has
rendered the app (its kernels gone quiet, as when a class arrives at a server
started beforehand), one headless Chromium opens N browser contexts on loopback,
at once or spread over ``--ramp`` seconds, and each opens the app and plays one
hand by clicking, as a learner would (benchmarks/app.py and tests/browser do the
same).

**Whose failure is it?** On a small machine the test's browsers share the
server's cores and need several CPU seconds per page, far more than the server
spends on it. So that they cannot starve the server and pass their slowness off
as its failure:

- every thread of the browser is kept at the lowest CPU priority (nice 19,
  ``--browser-nice``), so the server and its kernels get the cores first;
- a probe outside the browser asks the server's health address every second:
  if the server stopped answering, this says so;
- every failed session is put on one side: ``server`` when the page was refused,
  not sent in full, or shows an error or a lost connection; ``browser`` when the
  server had sent the whole page and the learner's browser did not get through
  the hand before its deadline.

Figures per N: seconds from opening the page to the first interactive widget (the
Next button), median and 95th percentile; median milliseconds from a click to the
page showing its effect; the peak resident memory of each kernel and of the
server; failures, split into server and browser; the probe's answer times. Extra
figures: seconds until the server had sent the whole page (its share of the
wait), CPU seconds a kernel spent starting and rendering the app (read off the
pool), CPU seconds used by the server, by the kernels and by the browser, and the
kernels of closed pages still running 3 s later.

Every session has a deadline (``--session-deadline``) and every N a global one
(``--deadline``); the browser, the server and every kernel are stopped whatever
happens. Needs Debian's Chromium at /usr/bin/chromium (never `playwright install`).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import math
import os
import re
import shutil
import signal
import statistics
import sys
import tempfile
import threading
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from playwright.async_api import Browser, BrowserContext, Page, async_playwright

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # tests.serving, the Voilà driver

from pitchlab.server.health import PATH as HEALTH
from pitchlab.server.launcher import APP, config_with_pool
from pitchlab.server.processes import Proc, is_kernel, proc_read, process_tree
from tests.serving import (
    APP_TEXT_JS,
    BID_CLASSES_JS,
    BIDS,
    CHROMIUM,
    CHROMIUM_ARGS,
    MOVES,
    ROOT,
    SETTLED_JS,
    ServerError,
    VoilaServer,
    answers,
    bid_move,
    wait_quiet,
)

POOL_FILLED = f"Kernel pool of {APP} is filled"
REQUIRED_KEYS = (
    "interactive_median_s",
    "interactive_p95_s",
    "click_median_ms",
    "kernel_mb_max",
    "failures",
    "server_failures",
    "browser_failures",
)
PROBE_EVERY_S = 1.0
PROBE_TIMEOUT_S = 5.0
# What a page shows when the server, not the browser, let the learner down: Voila's cell
# error, the class server's "class is full" page, the page's lost-connection line.
TROUBLE_JS = """() => {
    const text = document.body ? document.body.innerText : '';
    const marks = [/There was an error when executing cell/i, /class is full/i,
                   /connection to the server (was|is) lost/i, /not answering/i];
    const hit = marks.find((mark) => mark.test(text));
    return hit ? text.match(hit)[0] : '';
}"""
MAX_CLICKS = 300
STALL_S = 30.0  # how long a learner waits for something to click before giving up
SAMPLE_EVERY_S = 0.5
MB = 1024 * 1024
# Resolves once the app's text differs from `before` (CHANGED_JS of tests.serving, without polling).
CHANGE_JS = """(before) => new Promise((resolve) => {
    const app = document.querySelector('.pl-app');
    const observer = new MutationObserver(() => {
        if (app.innerText !== before) { observer.disconnect(); resolve(true); }
    });
    observer.observe(app, {subtree: true, childList: true, attributes: true, characterData: true});
    if (app.innerText !== before) { observer.disconnect(); resolve(true); }
})"""
# Many pages of one headless browser: none may be slowed as a background tab would be.
UNTHROTTLED = (
    "--disable-renderer-backgrounding",
    "--disable-background-timer-throttling",
    "--disable-backgrounding-occluded-windows",
)

# ---------------------------------------------------------------- pure helpers


def percentile(values: Sequence[float], q: float) -> float | None:
    """The ``q``-th percentile (0-100) by linear interpolation between closest ranks
    (numpy's default); ``None`` for no values."""
    if not values:
        return None
    if not 0 <= q <= 100:
        raise ValueError(f"percentile {q} outside 0..100")
    ordered = sorted(values)
    rank = (len(ordered) - 1) * q / 100
    low, high = math.floor(rank), math.ceil(rank)
    return ordered[low] + (ordered[high] - ordered[low]) * (rank - low)


def parse_sessions(text: str) -> list[int]:
    """``"1,10,30"`` -> ``[1, 10, 30]``; every count at least 1."""
    try:
        counts = [int(part) for part in text.split(",") if part.strip()]
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a comma-separated list of counts: {text!r}") from None
    if not counts or min(counts) < 1:
        raise argparse.ArgumentTypeError(f"session counts must be at least 1: {text!r}")
    return counts


def _round(value: float | None, digits: int) -> float | None:
    return None if value is None else round(value, digits)


@dataclass
class SessionResult:
    """What one simulated learner saw; filled in as the session goes, so a session
    stopped by its deadline still tells how far it got."""

    interactive_s: float | None = None
    served_s: float | None = None
    clicks_ms: list[float] = field(default_factory=list)
    finished: bool = False
    error: str | None = None
    status: int | None = None
    trouble: str = ""

    @property
    def side(self) -> str | None:
        """Whose failure an unfinished session is: ``server`` if the page was refused, not sent
        in full, or shows the server's trouble; else ``browser``. ``None`` if it finished."""
        if self.finished:
            return None
        if self.trouble or self.served_s is None or (self.status is not None and self.status != 200):
            return "server"
        return "browser"


@dataclass
class Usage:
    """Peak memory and CPU of the server's process tree, as sampled."""

    kernel_peak_mb: dict[int, float] = field(default_factory=dict)
    kernel_cpu_s: dict[int, float] = field(default_factory=dict)
    server_peak_mb: float = 0.0
    server_cpu_s: float = 0.0
    kernels_left: int | None = None
    browser_cpu_s: float = 0.0
    kernel_start_cpu_s: list[float] = field(default_factory=list)
    pool_fill_s: float | None = None
    probe_ms: list[float] = field(default_factory=list)
    probe_failures: int = 0


def summarize(results: Sequence[SessionResult], usage: Usage) -> dict[str, Any]:
    """The figures for one N: the keys of ``REQUIRED_KEYS`` first, then extras."""
    ready = [r.interactive_s for r in results if r.interactive_s is not None]
    served = [r.served_s for r in results if r.served_s is not None]
    clicks = [ms for r in results for ms in r.clicks_ms]
    failures = [r for r in results if not r.finished]
    reasons = sorted({f"{r.side}: {r.trouble or r.error or 'unfinished'}" for r in failures})
    return {
        "interactive_median_s": _round(statistics.median(ready) if ready else None, 2),
        "interactive_p95_s": _round(percentile(ready, 95), 2),
        "click_median_ms": _round(statistics.median(clicks) if clicks else None, 1),
        "kernel_mb_max": _round(max(usage.kernel_peak_mb.values(), default=0.0) or None, 1),
        "failures": len(failures),
        "server_failures": sum(1 for r in failures if r.side == "server"),
        "browser_failures": sum(1 for r in failures if r.side == "browser"),
        "sessions": len(results),
        "interactive": len(ready),
        "hands_finished": len(results) - len(failures),
        "served_median_s": _round(statistics.median(served) if served else None, 2),
        "served_p95_s": _round(percentile(served, 95), 2),
        "clicks": len(clicks),
        "click_p95_ms": _round(percentile(clicks, 95), 1),
        "kernels_seen": len(usage.kernel_peak_mb),
        "kernel_mb_median": _round(
            statistics.median(usage.kernel_peak_mb.values()) if usage.kernel_peak_mb else None, 1
        ),
        "kernel_start_cpu_s": _round(
            statistics.median(usage.kernel_start_cpu_s) if usage.kernel_start_cpu_s else None, 2
        ),
        "server_mb_max": _round(usage.server_peak_mb or None, 1),
        "voila_cpu_s": round(usage.server_cpu_s, 1),
        "kernels_cpu_s": round(sum(usage.kernel_cpu_s.values()), 1),
        "browser_cpu_s": round(usage.browser_cpu_s, 1),
        "pool_fill_s": _round(usage.pool_fill_s, 1),
        "kernels_left": usage.kernels_left,
        "probe_median_ms": _round(statistics.median(usage.probe_ms) if usage.probe_ms else None, 1),
        "probe_max_ms": _round(max(usage.probe_ms, default=0.0) or None, 1),
        "probe_failures": usage.probe_failures,
        "failure_reasons": reasons,
    }


# ------------------------------------------------------------ process sampling


def is_browser(proc: Proc) -> bool:
    return "chrom" in proc.cmdline.split(" ", 1)[0].lower()


class Sampler:
    """Samples the server's process tree and the browser's in a thread until stopped, and keeps
    every browser thread at ``browser_nice`` (new pages start new processes)."""

    def __init__(self, server_pid: int, usage: Usage, browser_nice: int = 0) -> None:
        self.server_pid = server_pid
        self.usage = usage
        self.browser_nice = browser_nice
        self.kernel_pids: set[int] = set()
        self._cpu_base: dict[int, float] = {}  # CPU already spent when sampling began
        self._browser_cpu: dict[int, float] = {}
        self._first = True
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="load-sampler", daemon=True)

    def __enter__(self) -> Sampler:
        self.sample()
        self._first = False
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        self._thread.join(timeout=10)
        self.sample()

    def _run(self) -> None:
        while not self._stop.wait(SAMPLE_EVERY_S):
            self.sample()

    def _spent(self, proc: Proc) -> float:
        """CPU seconds since sampling began (a process born later counts from zero)."""
        if self._first:
            self._cpu_base[proc.pid] = proc.cpu_s
        return proc.cpu_s - self._cpu_base.get(proc.pid, 0.0)

    def sample(self) -> None:
        u = self.usage
        for proc in process_tree(self.server_pid):
            mb = proc.rss_bytes / MB
            if proc.pid == self.server_pid:
                u.server_peak_mb = max(u.server_peak_mb, mb)
                u.server_cpu_s = self._spent(proc)
            elif is_kernel(proc):
                self.kernel_pids.add(proc.pid)
                u.kernel_peak_mb[proc.pid] = max(u.kernel_peak_mb.get(proc.pid, 0.0), mb)
                u.kernel_cpu_s[proc.pid] = proc.cpu_s  # whole life: start-up included
        for proc in process_tree(os.getpid()):
            if is_browser(proc):
                self._browser_cpu[proc.pid] = self._spent(proc)
                if self.browser_nice:
                    renice(proc.pid, self.browser_nice)
        u.browser_cpu_s = sum(self._browser_cpu.values())


def kill_survivors(pids: set[int]) -> int:
    """SIGKILL any of ``pids`` still alive (kernels that outlived their server); how many."""
    killed = 0
    for pid in pids:
        proc = proc_read(pid)
        if proc is None or not is_kernel(proc):
            continue  # gone, or the pid now belongs to someone else
        with contextlib.suppress(ProcessLookupError):
            os.kill(pid, signal.SIGKILL)
            killed += 1
    return killed


# ------------------------------------------------------------------- serving


def kernels_left(server: VoilaServer) -> int:
    """Kernels that served a page (a browser connected to them) and are still running."""
    used = set(re.findall(r"Connecting to kernel ([0-9a-f-]{36})", server.log.read_text(errors="replace")))
    alive = [proc for proc in process_tree(server.proc.pid) if is_kernel(proc)]
    return sum(1 for proc in alive if any(kernel_id in proc.cmdline for kernel_id in used))


def config_pool_size(config: dict[str, Any]) -> int:
    """How many preheated kernels a voila.json keeps for the app's page (:data:`APP`)."""
    voila = config.get("VoilaConfiguration", {})
    if not voila.get("preheat_kernel", False):
        return 0
    pools = config.get("VoilaKernelManager", {}).get("kernel_pools_config", {})
    default = pools.get("default", {"pool_size": voila.get("default_pool_size", 1)})
    size: int = pools.get(APP, default).get("pool_size", 1)
    return max(size, 0)


@contextlib.contextmanager
def class_server(
    config: Path | None, extra_args: Sequence[str], log_to: Path | None = None
) -> Iterator[tuple[VoilaServer, int]]:
    """The class server as ``pitchlab app --class`` runs it (the pages' root, the app's pool set by the
    launcher from the shipped voila.json, or from ``config``), and the app's pool size;
    stopped, and its kernels with it, on the way out."""
    source = Path(tempfile.mkdtemp(prefix="pitchlab-load-config-"))
    shutil.copy(config or ROOT / "voila.json", source / "voila.json")
    folder = config_with_pool(source, None)
    server = VoilaServer(None, extra_args, config_dir=folder)
    pool = config_pool_size(json.loads((folder / "voila.json").read_text(encoding="utf-8")))
    try:
        yield server, pool
    finally:
        if log_to is not None:
            with contextlib.suppress(OSError):
                shutil.copy(server.log, log_to)
        server.stop()
        shutil.rmtree(source, ignore_errors=True)
        shutil.rmtree(folder, ignore_errors=True)


class Probe:
    """Asks the server's health address every second, outside the browser: whether the server
    itself kept answering while the class arrived."""

    def __init__(self, url: str, usage: Usage) -> None:
        self.url = f"{url}{HEALTH}"
        self.usage = usage
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="load-probe", daemon=True)

    def __enter__(self) -> Probe:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        self._thread.join(timeout=PROBE_TIMEOUT_S + 5)

    def _run(self) -> None:
        while not self._stop.wait(PROBE_EVERY_S):
            start = time.perf_counter()
            if answers(self.url, timeout_s=PROBE_TIMEOUT_S):
                self.usage.probe_ms.append((time.perf_counter() - start) * 1000)
            else:
                self.usage.probe_failures += 1


def renice(pid: int, nice: int) -> None:
    """Every thread of ``pid`` at CPU priority ``nice`` (Linux keeps a nice value per thread, and
    Chromium, run as root, raises some of its own threads' priority: nice on its command line
    is not enough). A process or thread that has gone is skipped."""
    try:
        threads = [int(tid) for tid in os.listdir(f"/proc/{pid}/task")]
    except OSError:
        return
    for tid in threads:
        with contextlib.suppress(OSError):
            if os.getpriority(os.PRIO_PROCESS, tid) != nice:
                os.setpriority(os.PRIO_PROCESS, tid, nice)


# ------------------------------------------------------- a learner, by clicks


async def next_move(page: Page) -> str | None:
    """tests.serving.next_move for the async API: lowest bid (else pass), then the first of MOVES."""
    bid = bid_move(await page.locator(BIDS).evaluate_all(BID_CLASSES_JS))
    if bid is not None:
        return bid
    for selector in MOVES:
        if await page.locator(selector).count():
            return selector
    return None


async def click_and_wait(page: Page, selector: str, timeout_ms: float) -> float:
    """tests.serving.click_and_wait for the async API: ms from the click to the app's first change
    (seen by a MutationObserver rather than by polling, which costs CPU in 30 pages at once)."""
    before = await page.evaluate(APP_TEXT_JS)
    target = page.locator(selector).first
    await target.wait_for(state="visible", timeout=timeout_ms)
    start = time.perf_counter()
    await target.click(timeout=timeout_ms)
    await page.evaluate(CHANGE_JS, before)
    elapsed_ms = (time.perf_counter() - start) * 1000
    await page.evaluate(SETTLED_JS, [250, 10_000])
    return elapsed_ms


async def learner(browser: Browser, url: str, result: SessionResult, contexts: list[BrowserContext]) -> None:
    """Open the app, wait for it to become interactive, play one hand by clicks."""
    context = await browser.new_context(viewport={"width": 1280, "height": 900})
    contexts.append(context)
    page = await context.new_page()
    timeout_ms = 600_000  # the session's deadline (asyncio) stops it first
    try:
        start = time.perf_counter()
        response = await page.goto(url, wait_until="commit", timeout=timeout_ms)
        result.status = response.status if response is not None else None

        async def served() -> None:  # the page streams until its kernel has run the notebook
            with contextlib.suppress(Exception):
                if response is not None:
                    await response.finished()
                    result.served_s = time.perf_counter() - start

        serving = asyncio.create_task(served())
        try:
            await page.wait_for_selector(".pl-next", state="visible", timeout=timeout_ms)
            result.interactive_s = time.perf_counter() - start
            await serving
        finally:
            serving.cancel()
        for _ in range(MAX_CLICKS):
            if await page.locator(".pl-hand-over:visible").count():
                result.finished = True
                return
            selector = await next_move(page)
            if selector is None:  # a redraw still on its way under load: wait, as a learner would
                waited = 0.0
                while selector is None and waited < STALL_S:
                    await asyncio.sleep(0.5)
                    waited += 0.5
                    if await page.locator(".pl-hand-over:visible").count():
                        result.finished = True
                        return
                    selector = await next_move(page)
                if selector is None:
                    status = await page.locator(".pl-app").first.inner_text(timeout=5000)
                    result.error = f"nothing to click: {' '.join(status.split())[:100]}"
                    return
            result.clicks_ms.append(await click_and_wait(page, selector, timeout_ms))
        result.error = f"no hand end in {MAX_CLICKS} clicks"
    finally:
        if not result.finished:
            with contextlib.suppress(Exception):
                result.trouble = await asyncio.wait_for(page.evaluate(TROUBLE_JS), 10)
        with contextlib.suppress(Exception):
            await asyncio.wait_for(
                page.close(run_before_unload=True), 10
            )  # Voila is asked to stop the kernel
        with contextlib.suppress(Exception):
            await asyncio.wait_for(context.close(), 10)


async def bounded(coro: Any, result: SessionResult, deadline_s: float) -> None:
    """Run a learner until it ends or its deadline passes, recording why it failed."""
    try:
        await asyncio.wait_for(coro, timeout=max(deadline_s, 0.1))
    except TimeoutError:
        stage = "interactive" if result.interactive_s is None else "hand"
        result.error = f"deadline before {stage}"
    except Exception as exc:
        result.error = f"{type(exc).__name__}: {str(exc).splitlines()[0][:120] if str(exc) else ''}"


async def run_level(browser: Browser, n: int, args: argparse.Namespace) -> dict[str, Any]:
    """N learners at once against a fresh server; the figures for N."""
    usage = Usage()
    results = [SessionResult() for _ in range(n)]
    contexts: list[BrowserContext] = []
    sampler: Sampler | None = None
    log_to = args.keep_logs / f"voila-{n}.log" if args.keep_logs else None
    try:
        with class_server(args.config, args.voila_arg, log_to) as (server, pool):
            started = time.perf_counter()
            try:
                await asyncio.to_thread(
                    server.wait_until, POOL_FILLED if pool else None, 1, args.start_deadline
                )
            except ServerError as exc:
                raise SystemExit(f"benchmarks/load.py: N={n}: {exc}") from None
            # "filled" means started: each pooled kernel is still running the notebook
            await asyncio.to_thread(wait_quiet, server.proc.pid, args.start_deadline)
            if pool:
                usage.pool_fill_s = time.perf_counter() - started
            sampler = Sampler(server.proc.pid, usage, args.browser_nice)
            with sampler, Probe(server.url, usage):
                usage.kernel_start_cpu_s = list(usage.kernel_cpu_s.values())  # the pool, idle and rendered
                global_end = time.monotonic() + args.deadline
                tasks = [
                    asyncio.create_task(
                        start_after(
                            args.ramp * i / max(n - 1, 1),
                            browser,
                            f"{server.url}/voila/render/{APP}",
                            result,
                            contexts,
                            args,
                            global_end,
                        )
                    )
                    for i, result in enumerate(results)
                ]
                try:
                    await asyncio.wait(tasks, timeout=args.deadline + args.ramp + 30)
                finally:
                    for task in tasks:
                        task.cancel()
                    await asyncio.gather(*tasks, return_exceptions=True)
                    for context in contexts:
                        with contextlib.suppress(Exception):
                            await asyncio.wait_for(context.close(), 10)
                await asyncio.sleep(3)  # closed pages ask Voila to stop their kernels (see kernels_left)
                usage.kernels_left = kernels_left(server)
    finally:
        if sampler is not None:
            kill_survivors(sampler.kernel_pids)  # the server stopped its kernels; make sure
    for result in results:
        if not result.finished and result.error is None:
            result.error = "global deadline"
    return summarize(results, usage)


async def start_after(
    delay: float,
    browser: Browser,
    url: str,
    result: SessionResult,
    contexts: list[BrowserContext],
    args: argparse.Namespace,
    global_end: float,
) -> None:
    await asyncio.sleep(delay)
    budget = min(args.session_deadline, global_end - time.monotonic())
    await bounded(learner(browser, url, result, contexts), result, budget)


async def run_all(args: argparse.Namespace) -> dict[str, dict[str, Any]]:
    figures: dict[str, dict[str, Any]] = {}
    # SIGTERM unwinds like Ctrl-C: the browser, the server and its kernels are stopped
    main_task = asyncio.current_task()
    if main_task is not None:
        asyncio.get_running_loop().add_signal_handler(signal.SIGTERM, main_task.cancel)
    async with async_playwright() as pw:
        browser = await pw.chromium.launch(executable_path=CHROMIUM, args=[*CHROMIUM_ARGS, *UNTHROTTLED])
        try:
            for n in args.sessions:
                figures[str(n)] = await run_level(browser, n, args)
                if not args.json:
                    print_row(n, figures[str(n)], header=len(figures) == 1)
        finally:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(browser.close(), 30)
    return figures


def _fmt(value: Any, spec: str) -> str:
    return "-" if value is None else format(value, spec)


def print_row(n: int, f: dict[str, Any], *, header: bool) -> None:
    if header:
        print(
            f"{'N':>4} {'ready med s':>11} {'ready p95 s':>11} {'click med ms':>12} {'kernel MB max':>13}"
            f" {'server MB':>9} {'kernel start CPU s':>18} {'probe max ms':>12}"
            f" {'failures (server/browser)':>25}"
        )
    split = f"{f['failures']} ({f['server_failures']}/{f['browser_failures']})"
    print(
        f"{n:>4} {_fmt(f['interactive_median_s'], '.2f'):>11} {_fmt(f['interactive_p95_s'], '.2f'):>11}"
        f" {_fmt(f['click_median_ms'], '.1f'):>12} {_fmt(f['kernel_mb_max'], '.1f'):>13}"
        f" {_fmt(f['server_mb_max'], '.1f'):>9} {_fmt(f['kernel_start_cpu_s'], '.2f'):>18}"
        f" {_fmt(f['probe_max_ms'], '.0f'):>12} {split:>25}"
        + (f"  ({'; '.join(f['failure_reasons'])})" if f["failures"] else ""),
        flush=True,
    )


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    p.add_argument("--sessions", type=parse_sessions, default=[1, 10, 30], help="class sizes, e.g. 1,10,30")
    p.add_argument("--json", action="store_true", help="print one JSON object keyed by N")
    p.add_argument("--session-deadline", type=float, default=300, help="seconds a learner has (default 300)")
    p.add_argument(
        "--deadline", type=float, default=600, help="seconds all learners of one N have (default 600)"
    )
    p.add_argument("--start-deadline", type=float, default=300, help="seconds for the server's pool to fill")
    p.add_argument("--ramp", type=float, default=0, help="spread the N arrivals over this many seconds")
    p.add_argument("--config", type=Path, help="serve with this voila.json instead of the shipped one")
    p.add_argument(
        "--browser-nice",
        type=int,
        default=19,
        choices=range(20),
        metavar="0-19",
        help="the browser's CPU priority: 19 (default) lets the server go first, 0 shares equally",
    )
    p.add_argument("--keep-logs", type=Path, help="copy each server's log (voila-N.log) into this folder")
    p.add_argument(
        "--voila-arg", action="append", default=[], help="an extra voila command-line option (repeatable)"
    )
    return p


def main(argv: Sequence[str] | None = None) -> None:
    args = parser().parse_args(argv)
    if not Path(CHROMIUM).exists():
        raise SystemExit(f"benchmarks/load.py: no Chromium at {CHROMIUM} (apt-get install chromium)")
    try:
        figures = asyncio.run(run_all(args))
    except (KeyboardInterrupt, asyncio.CancelledError):
        raise SystemExit("benchmarks/load.py: interrupted (browser, server and kernels stopped)") from None
    if args.json:
        print(json.dumps(figures))


if __name__ == "__main__":
    main()
