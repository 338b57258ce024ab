"""Admission control (issue 13, holes 2 and 3): page floods are refused, kernels stay under the
cap, unconnected kernels go, addresses that skip the pool are mapped onto it, and a dead
pooled kernel is never handed out.

The server runs with small caps so the tests are quick: 6 kernels, 4 pages held per address,
10 s for a page's browser to connect (an untouched page is never taken back here: the take-back
has tests of its own below, and a browser test, tests/browser/test_held_connections.py). Kernels are counted from the process table
(the ipykernel processes under the server), not from the server's own count. Timings are
printed, never asserted tightly (a shared, noisy machine).
"""

from __future__ import annotations

import asyncio
import json
import os
import re
import signal
import statistics
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from types import SimpleNamespace
from typing import Any

import pytest

from pitchlab.server.admission import Admission, Limits, Page, Refusal, pool_address
from pitchlab.server.processes import is_kernel, process_tree
from tests import serving
from tests.helpers import run_async, voila_server
from tests.serving import Peak, Reply, VoilaServer

MAX_KERNELS = 6
PER_ADDRESS = 4
UNCONNECTED_S = 10
WINDOW_S = 15.0
"""The server's page window, shortened from the shipped minute so the held-connection test waits
it out in seconds."""
POOL = 1  # voila.json's pool for notebooks/app.ipynb when the repository root is served
APP = "/voila/render/notebooks/app.ipynb"
FULL = "The class is full right now"
WIDGET = "application/vnd.jupyter.widget-view+json"
"""In a page whose kernel has run the app: the widget the browser will draw."""
UUID = re.compile(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}")


@pytest.fixture(scope="module")
def server() -> Iterator[VoilaServer]:
    caps = [
        "--VoilaKernelManager.fill_delay=0",
        f"--ClassServer.max_kernels={MAX_KERNELS}",
        f"--ClassServer.pages_per_address={PER_ADDRESS}",
        f"--ClassServer.unconnected_kernel_timeout={UNCONNECTED_S}",
        f"--ClassServer.page_window={WINDOW_S}",
        "--ClassServer.untouched_kernel_timeout=600",  # here held pages are never taken back
    ]
    with voila_server(caps) as served:
        yield served


def fetch(server: VoilaServer, path: str, source: str = "127.0.0.1", timeout: float = 180) -> Reply:
    return serving.fetch(server.url, path, source, timeout)


def kernels(server: VoilaServer) -> list[Any]:
    return [p for p in process_tree(server.proc.pid) if is_kernel(p)]


def memory_mb(server: VoilaServer) -> float:
    return sum(p.rss_bytes for p in process_tree(server.proc.pid)) / 2**20


def health(server: VoilaServer) -> dict[str, Any]:
    answer: dict[str, Any] = json.loads(fetch(server, "/pitchlab/health", timeout=10).body)
    return answer


def wait_for(what: Callable[[], bool], deadline_s: float, server: VoilaServer, why: str) -> float:
    """Seconds until ``what()`` held; fails with the server's log after ``deadline_s``."""
    start = time.monotonic()
    while not what():
        if time.monotonic() - start > deadline_s:
            pytest.fail(f"{why}: not within {deadline_s:.0f} s\n{server.log_text(40)}")
        time.sleep(0.5)
    return time.monotonic() - start


def at_rest(server: VoilaServer) -> None:
    """Only the pool's kernel alive, and it has run the app: where each test starts."""
    wait_for(
        lambda: len(kernels(server)) == POOL and health(server)["ready"],
        UNCONNECTED_S + 150,
        server,
        "back to the pool alone",
    )


def flood(server: VoilaServer, sources: list[str]) -> list[Reply]:
    """One anonymous load of the app from each address in ``sources``, 20 at a time."""
    with ThreadPoolExecutor(20) as pool:
        return list(pool.map(lambda source: fetch(server, APP, source), sources))


def assert_refusal_page(reply: Reply, status: int) -> None:
    assert reply.status == status, (reply.status, reply.body[:300])
    assert int(reply.headers["retry-after"]) >= 1
    assert FULL in reply.body and "Try again" in reply.body
    said = re.sub(r"<[^>]+>", " ", reply.body)  # what the page says: no Voila internals
    assert "Traceback" not in said and "voila" not in said.lower(), said


def test_a_flood_from_one_address_leaves_the_server_serving_a_new_learner(server: VoilaServer) -> None:
    at_rest(server)
    before = len(kernels(server))
    before_mb = memory_mb(server)
    shut_before = health(server)["unconnected_shut_down"]
    start = time.monotonic()
    with Peak(server.proc.pid) as peak:
        replies = flood(server, ["127.0.0.2"] * 100)
        flood_s = time.monotonic() - start
        learner = fetch(server, APP)
    served = [r for r in replies if r.status == 200]
    refused = [r for r in replies if r.status != 200]
    for reply in refused:
        assert_refusal_page(reply, 429)
    windows = 1 + int(flood_s // WINDOW_S)
    assert 1 <= len(served) <= PER_ADDRESS * windows, [r.status for r in replies]
    assert peak.kernels <= MAX_KERNELS
    assert learner.status == 200 and WIDGET in learner.body, learner.body[:300]
    assert learner.seconds < 60, "generous: a loaded 2-core machine serves a fresh page in ~10 s"
    gone_s = wait_for(
        lambda: len(kernels(server)) == POOL, UNCONNECTED_S + 90, server, "unconnected kernels gone"
    )
    shut = health(server)["unconnected_shut_down"] - shut_before
    assert shut == len(served) + 1  # the flood's pages and the learner's (this client never connects)
    print(
        f"\nflood of 100 from one address: {len(served)} served, {len(refused)} refused "
        f"(median {1000 * statistics.median(r.seconds for r in refused):.0f} ms) in {flood_s:.1f} s; "
        f"new learner served in {learner.seconds:.2f} s; kernels {before} before, peak {peak.kernels} "
        f"(cap {MAX_KERNELS}), {len(kernels(server))} after ({gone_s:.0f} s after the learner); "
        f"memory {before_mb:.0f} MB before, peak {peak.rss_bytes / 2**20:.0f} MB, {memory_mb(server):.0f} MB after"
    )


def test_the_kernel_cap_holds_against_many_addresses(server: VoilaServer) -> None:
    at_rest(server)
    sources = [f"127.0.0.{10 + i % 20}" for i in range(40)]  # 2 each: under the address cap
    with Peak(server.proc.pid) as peak:
        replies = flood(server, sources)
    served = [r for r in replies if r.status == 200]
    refused = [r for r in replies if r.status != 200]
    assert served and refused
    for reply in refused:
        assert_refusal_page(reply, 503)
    assert peak.kernels <= MAX_KERNELS
    wait_for(lambda: len(kernels(server)) == POOL, UNCONNECTED_S + 90, server, "unconnected kernels gone")
    print(
        f"\n40 loads from 20 addresses: {len(served)} served, {len(refused)} refused, peak {peak.kernels} kernels"
    )


def test_addresses_that_skip_the_pool_are_sent_to_the_one_that_uses_it(server: VoilaServer) -> None:
    at_rest(server)
    cases = {
        f"{APP}?theme=dark&seed=7": f"{APP}?seed=7",
        f"{APP}?template=lab": APP,
        "/voila/render/notebooks//app.ipynb?seed=3": f"{APP}?seed=3",
        "/voila/render/./notebooks/app.ipynb": APP,
    }
    for address, expected in cases.items():
        reply = fetch(server, address)
        assert (reply.status, reply.headers.get("location")) == (302, expected), address
    assert len(kernels(server)) == POOL, "a redirect starts no kernel"
    used = server.log_text(400).count("Using pre-heated kernel")
    page = fetch(server, cases[f"{APP}?theme=dark&seed=7"])
    assert page.status == 200 and WIDGET in page.body
    assert server.log_text(400).count("Using pre-heated kernel") == used + 1


def test_a_dead_pooled_kernel_is_not_handed_to_a_learner(server: VoilaServer) -> None:
    at_rest(server)
    (pooled,) = kernels(server)
    found = UUID.search(pooled.cmdline)
    assert found, pooled.cmdline
    dead = found.group(0)
    os.kill(pooled.pid, signal.SIGKILL)
    # Jupyter restarts a dead kernel under the same id (a fresh process: the app it ran is gone)
    wait_for(
        lambda: any(dead in p.cmdline and p.pid != pooled.pid for p in kernels(server)),
        60,
        server,
        "the killed kernel restarted",
    )
    page = fetch(server, APP)
    assert page.status == 200 and WIDGET in page.body
    given = set(UUID.findall(page.body))
    assert given and dead not in given, "the page was given the kernel that died"
    assert "dropping a dead pooled kernel" in server.log_text(400)


def test_the_address_cap_holds_against_held_connections(server: VoilaServer) -> None:
    """Issue 26's lock-out: a script keeps a connection to each page's kernel. Counted per minute,
    the cap let it take 4 more pages every minute, and keep them all, until the server was full.
    Counted while held, the fifth page is refused however long the script waits."""
    at_rest(server)
    holder = serving.Holder(server.url, APP, "127.0.0.2")
    try:
        held = [holder.hold() for _ in range(PER_ADDRESS)]
        assert [r.status for r in held] == [200] * PER_ADDRESS, [
            r.body[:300] for r in held if r.status != 200
        ]
        assert_refusal_page(holder.hold(), 429)
        time.sleep(WINDOW_S + 5)  # every page held is now older than the window
        assert holder.running() == PER_ADDRESS, "connected kernels are left alone (none shut down)"
        later = holder.hold()
        assert_refusal_page(later, 429)
        learner = fetch(server, APP)
        assert learner.status == 200 and WIDGET in learner.body, learner.body[:300]
        print(
            f"\nheld {PER_ADDRESS} pages from one address; a window later: {later.status}, learner {learner.status}"
        )
    finally:
        holder.close()


# ------------------------------------------------------------ the pieces, without a server


class Kernels:
    """The kernel manager as the admission uses it, with no pools: kernels by id, their
    connections, and shutdowns that take effect at once."""

    def __init__(self) -> None:
        self.alive: dict[str, int] = {}  # kernel id -> open sockets
        self.shut: list[str] = []

    def list_kernel_ids(self) -> list[str]:
        return list(self.alive)

    def __contains__(self, kernel_id: object) -> bool:
        return kernel_id in self.alive

    def kernel_model(self, kernel_id: str) -> dict[str, int]:
        return {"connections": self.alive[kernel_id]}

    async def shutdown_kernel(self, kernel_id: str) -> None:
        del self.alive[kernel_id]
        self.shut.append(kernel_id)


class Ledger:
    """An :class:`Admission` over :class:`Kernels`, and pages served by it, with time moved by
    hand: ``ago(page, s)`` makes the page as if admitted and sent ``s`` seconds ago."""

    def __init__(self, max_kernels: int = 100, per_client: int = 0, per_address: int = 0) -> None:
        self.kernels = Kernels()
        limits = Limits(max_kernels, per_client, per_address, unconnected_s=120.0, untouched_s=UNTOUCHED_S)
        self.admission = Admission(self.kernels, limits, SimpleNamespace(info=print, warning=print))
        self.served = 0

    def open(self, client: str, address: str, connect: bool = True) -> Page | Refusal:
        """A page asked for; if admitted, given a kernel, sent, and (``connect``) connected to."""
        page = Page()
        refusal = self.admission.admit(client, address, page)
        if refusal is not None:
            return refusal
        self.served += 1
        kernel_id = f"k{self.served}"
        self.kernels.alive[kernel_id] = 0
        self.admission.given(page, kernel_id)
        self.admission.finished(page)
        if connect:
            self.kernels.alive[kernel_id] = 1
        return page

    @staticmethod
    def ago(page: Page | Refusal, seconds: float) -> None:
        assert isinstance(page, Page)
        page.admitted_at -= seconds
        assert page.finished_at is not None
        page.finished_at -= seconds


UNTOUCHED_S = 90.0


def in_loop(test: Callable[[], Any]) -> Any:
    """Run ``test`` inside an event loop (a take-back shuts its kernel down in a task), and let
    the loop finish those shutdowns."""

    async def run() -> Any:
        result = test()
        await asyncio.sleep(0)
        await asyncio.sleep(0)
        return result

    return run_async(run)


def test_a_held_page_counts_against_its_address_until_its_kernel_is_shut_down() -> None:
    ledger = Ledger(per_address=3)

    def run() -> None:
        held = [ledger.open(f"script-{i}", "10.0.0.9") for i in range(3)]  # no cookie: an id each
        for page in held:
            ledger.ago(page, 600)  # ten minutes: long out of the old per-minute window
            assert isinstance(page, Page)
            ledger.admission.used(page.kernel_id or "")  # and used, so never taken back
        refused = ledger.open("script-3", "10.0.0.9")
        assert isinstance(refused, Refusal) and refused.status == 429, "3 kernels held, connected: the cap"
        assert refused.retry_after_s == 60, "nothing will leave by itself: try again in a minute"
        assert isinstance(ledger.open("learner", "10.0.0.1"), Page), "another address is served"
        first = held[0]
        assert isinstance(first, Page)
        del ledger.kernels.alive[first.kernel_id or ""]  # its tab closed: the kernel shut down

    in_loop(run)
    assert isinstance(ledger.open("script-4", "10.0.0.9"), Page), "a kernel shut down frees its place"


def test_a_page_counts_for_a_minute_even_once_its_kernel_is_gone() -> None:
    ledger = Ledger(per_client=2)
    pages = [ledger.open("reloader", "10.0.0.1") for _ in range(2)]
    for page in pages:
        assert isinstance(page, Page)
        del ledger.kernels.alive[page.kernel_id or ""]  # each closed at once (a reload)
    refused = ledger.open("reloader", "10.0.0.1")
    assert isinstance(refused, Refusal) and refused.status == 429
    assert refused.retry_after_s == 60  # the first leaves the minute 60 s after it was admitted
    for page in pages:
        ledger.ago(page, 61)
    assert isinstance(ledger.open("reloader", "10.0.0.1"), Page)


def test_an_untouched_page_is_taken_back_when_its_address_needs_the_place() -> None:
    ledger = Ledger(per_address=2)

    def run() -> tuple[Page | Refusal, Page | Refusal]:
        used, untouched = (ledger.open(f"s{i}", "10.0.0.9") for i in range(2))
        assert isinstance(used, Page) and isinstance(untouched, Page)
        ledger.admission.used(used.kernel_id or "")
        ledger.ago(used, UNTOUCHED_S + 5)
        ledger.ago(untouched, UNTOUCHED_S - 5)
        too_soon = ledger.open("s2", "10.0.0.9")  # the untouched one is 85 s old: still its own
        ledger.ago(untouched, 10)
        return too_soon, ledger.open("s3", "10.0.0.9")

    too_soon, later = in_loop(run)
    assert isinstance(too_soon, Refusal) and too_soon.retry_after_s == 5
    assert isinstance(later, Page)
    assert ledger.kernels.shut == ["k2"], "the untouched page's kernel, not the used one's"
    assert ledger.admission.taken_back == 1


def test_a_full_server_takes_back_an_untouched_page_for_a_learner_elsewhere() -> None:
    ledger = Ledger(max_kernels=3)

    def run() -> tuple[Page | Refusal, Page | Refusal]:
        held = [ledger.open(f"s{i}", "10.0.0.9") for i in range(3)]
        refused = ledger.open("learner", "10.0.0.1")
        for page in held:
            ledger.ago(page, UNTOUCHED_S + 1)
        return refused, ledger.open("learner", "10.0.0.1")

    refused, served = in_loop(run)
    assert isinstance(refused, Refusal) and refused.status == 503, "full, and nothing untouched long enough"
    assert isinstance(served, Page)
    assert ledger.kernels.shut == ["k1"], "the oldest untouched page, one for one learner"


def test_a_used_page_is_never_taken_back() -> None:
    ledger = Ledger(max_kernels=2)

    def run() -> Page | Refusal:
        for i in range(2):
            page = ledger.open(f"learner-{i}", f"10.0.0.{i}")
            assert isinstance(page, Page)
            ledger.admission.used(page.kernel_id or "")
            ledger.ago(page, 10 * UNTOUCHED_S)
        return ledger.open("late", "10.0.0.7")

    refused = in_loop(run)
    assert isinstance(refused, Refusal) and refused.status == 503
    assert ledger.kernels.shut == []


def test_a_kernel_never_connected_to_is_shut_down_by_the_sweep() -> None:
    ledger = Ledger()

    async def run() -> None:
        fetched = ledger.open("script", "10.0.0.9", connect=False)
        held = ledger.open("holder", "10.0.0.9", connect=True)
        ledger.ago(fetched, 121)
        ledger.ago(held, 121)
        await ledger.admission.sweep()

    run_async(run)
    assert ledger.kernels.shut == ["k1"], "the held one is left to the take-back"
    assert ledger.admission.reaped == 1


def _request(path: str, query: str) -> Any:
    from urllib.parse import parse_qs

    arguments = {k: [v.encode() for v in vs] for k, vs in parse_qs(query, keep_blank_values=True).items()}
    return SimpleNamespace(request=SimpleNamespace(path=path, query_arguments=arguments))


@pytest.mark.parametrize(
    ("route", "path", "query", "expected"),
    [
        ("/voila/render/notebooks/app.ipynb", "notebooks/app.ipynb", "seed=7", None),
        ("/voila/render/notebooks/app.ipynb", "notebooks/app.ipynb", "theme=dark&seed=7", "{}?seed=7"),
        ("/voila/render/notebooks/app.ipynb", "notebooks/app.ipynb", "template=x&theme=y", "{}"),
        ("/voila/render/notebooks//app.ipynb", "notebooks//app.ipynb", "", "{}"),
        (
            "/voila/render/notebooks/app.ipynb",
            "notebooks/app.ipynb",
            "ruleset=a b&theme=d",
            "{}?ruleset=a%20b",
        ),
        ("/voila/render/../app.ipynb", "../app.ipynb", "", None),  # Voila refuses it: not rewritten
        ("/", None, "theme=dark", "/"),  # one notebook served at /
    ],
)
def test_the_pool_address(route: str, path: str | None, query: str, expected: str | None) -> None:
    wanted = expected.format("/voila/render/notebooks/app.ipynb") if expected else None
    assert pool_address(_request(route, query), path) == wanted


def test_a_page_arriving_while_the_pool_waits_for_its_refill_gets_a_kernel_at_once() -> None:
    """The shipped config refills the pool a minute after a kernel is taken (so the refill does
    not compete with a class arriving); Voila would have the next page wait out that minute
    on the waiting place. Here the delay is 10 minutes: the page must not wait for it."""
    with voila_server(["--VoilaKernelManager.fill_delay=600"]) as served:
        wait_for(lambda: health(served)["ready"], 150, served, "the pool ready")
        first = fetch(served, APP)
        second = fetch(served, APP, timeout=300)
    assert first.status == 200 and WIDGET in first.body
    assert second.status == 200 and WIDGET in second.body
    assert second.seconds < 300, "the refill waits 600 s: this page did not wait for it"
    print(f"\npage after the pool was emptied: {second.seconds:.1f} s (pooled page: {first.seconds:.1f} s)")
