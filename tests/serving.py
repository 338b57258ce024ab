"""Serving the notebooks with Voilà and driving the app in headless Chromium: the browser
tests' and the benchmarks' driver (it lives beside the tests and is not in the wheel; the
benchmarks put the repository root on ``sys.path`` to import it as ``tests.serving``).

One home for what the browser tests, ``benchmarks/app.py``, ``load.py`` and ``flood.py``
all need: start Voilà on a free loopback port with the shipped ``voila.json``, wait until
it answers, stop it cleanly; launch Debian's Chromium; and click through the app the way
a learner would, using only the ``pl-*`` CSS hooks. Standard library only at import time;
the Playwright ``Page`` appears in annotations alone. The server's processes are read with
:mod:`pitchlab.server.processes`, which the shipped watchdog uses too.
"""

from __future__ import annotations

import http.client
import json
import os
import re
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Iterator, Mapping, Sequence
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from pitchlab.server.processes import is_kernel, process_tree, stop_group

if TYPE_CHECKING:
    from playwright.sync_api import Browser, BrowserContext, Frame, Page

    from pitchlab.ui.session import Table

ROOT = Path(__file__).resolve().parent.parent
"""The repository root (this file is tests/serving.py), where ``voila.json`` and the notebooks live."""
CHROMIUM = os.environ.get("PITCHLAB_CHROMIUM", "/usr/bin/chromium")
NO_PROXY_PORT = 9
"""The discard port, where nothing listens on a machine that runs tests (:data:`CHROMIUM_ARGS`)."""
CHROMIUM_ARGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    f"--proxy-server=http://127.0.0.1:{NO_PROXY_PORT}",
)
"""Flags that let Debian's Chromium run headless as root on a machine with no network, and keep
it off the network: every request that leaves the machine goes to a proxy on a port where nothing
listens, and fails at once (``net::ERR_PROXY_CONNECTION_FAILED``), so a page's load never waits on
the network (the pages need nothing from it: icons fall back to text). Chromium never sends
loopback addresses to a proxy. Unlike refusing requests in Playwright (``route``), which turns
the browser's HTTP cache off, this leaves the cache working (:func:`fresh_tab`)."""

# The whole app's text: it changes whenever the app redraws after a click.
APP_TEXT_JS = "() => document.querySelector('.pl-app').innerText"
CHANGED_JS = "(before) => document.querySelector('.pl-app').innerText !== before"
# Resolves once the app's text differs from `before` (at once if it already does), looking only
# when the page changes: polling every 10 ms would read the whole app's text a hundred times a
# second while the kernel thinks. Rejects after `limit` ms.
CHANGE_JS = """([before, limit]) => new Promise((resolve, reject) => {
    const changed = () => document.querySelector('.pl-app')?.innerText !== before;
    if (changed()) { resolve(); return; }
    let timer;
    const observer = new MutationObserver(() => {
        if (changed()) { observer.disconnect(); clearTimeout(timer); resolve(); }
    });
    observer.observe(document.documentElement, {subtree: true, childList: true, attributes: true, characterData: true});
    timer = setTimeout(() => { observer.disconnect(); reject(new Error(`the app did not change in ${limit} ms`)); }, limit);
})"""
# Resolves once the app has had no DOM change for `quiet` ms (a redraw arrives as
# several widget updates, so the first change is not the last), or after `limit` ms.
SETTLED_JS = """([quiet, limit]) => new Promise((resolve) => {
    const app = document.querySelector('.pl-app');
    const start = performance.now();
    let timer;
    const done = () => { observer.disconnect(); clearTimeout(timer); resolve(performance.now() - start); };
    const observer = new MutationObserver(() => {
        clearTimeout(timer);
        timer = setTimeout(done, performance.now() - start > limit ? 0 : quiet);
    });
    observer.observe(app, {subtree: true, childList: true, attributes: true, characterData: true});
    timer = setTimeout(done, quiet);
})"""


FORGOTTEN = ",".join(
    (
        "cookies",
        "local_storage",
        "indexeddb",
        "websql",
        "file_systems",
        "service_workers",
        "cache_storage",
        "shared_storage",
        "storage_buckets",
    )
)
"""What a site keeps in the browser that :func:`fresh_tab` wipes after a test (Chrome DevTools
Protocol's storage types): everything but the HTTP cache, which the site does not choose."""


@contextmanager
def fresh_tab(context: BrowserContext) -> Iterator[Page]:
    """A new tab in ``context``, a browser profile kept on disk for a worker's whole run, that
    leaves nothing behind for the next test: afterwards its tabs are closed (so Voila shuts their
    kernels down) and every site they visited forgets them (cookies, so the class server sees a
    new browser; localStorage, so the app resumes no game; permissions granted). Only the HTTP
    cache stays, and with it Chromium's cache of compiled scripts: the widget and plot bundles
    that every page runs are compiled once, not at every test (a second load of the app takes
    1.5 s of Chromium's CPU instead of 2.7 s, a lesson 3.5 s instead of 5). Pages are the same
    either way; a first visit's own tests (:func:`window`) take a context of their own."""
    keeper = context.pages[0]  # the profile's first tab, kept blank: a place to send commands from
    sites: set[str] = set()

    def visited(frame: Frame) -> None:
        address = urllib.parse.urlsplit(frame.url)
        if address.scheme in ("http", "https"):
            sites.add(f"{address.scheme}://{address.netloc}")

    def opened(tab: Page) -> None:
        tab.on("framenavigated", visited)

    context.on("page", opened)
    page = context.new_page()
    page.on("framenavigated", visited)
    try:
        yield page
    finally:
        context.remove_listener("page", opened)
        for tab in context.pages:
            if tab is not keeper:
                tab.close(run_before_unload=True)  # Voila shuts the page's kernel down on unload
        context.clear_cookies()
        context.clear_permissions()
        commands = context.new_cdp_session(keeper)
        for site in sorted(sites):
            commands.send("Storage.clearDataForOrigin", {"origin": site, "storageTypes": FORGOTTEN})
        commands.detach()


class ServerError(RuntimeError):
    """Voilà exited or did not answer in time; the message ends with its log."""


def free_port() -> int:
    """A TCP port on the loopback address that nobody is listening on now."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def answers(url: str, timeout_s: float = 2) -> bool:
    """Whether an HTTP server answers at ``url`` within ``timeout_s`` (any status counts)."""
    try:
        with urllib.request.urlopen(url, timeout=timeout_s):
            return True
    except urllib.error.HTTPError:
        return True
    except OSError:
        return False


class VoilaServer:
    """The class server (:mod:`pitchlab.server`, Voilà with pitchlab's handlers) on a free
    loopback port, configured by the shipped ``voila.json``.

    ``notebook`` serves one notebook at ``/`` (as ``./dev app`` does); ``None``
    serves the repository, with pages at ``/voila/render/<path>.ipynb``.
    ``config_dir`` is where ``voila.json`` is read from (the repository root unless
    a benchmark compares another configuration). ``env`` adds to the server's environment, which
    its kernels inherit (``PITCHLAB_CLASS_DB``: the class store a test reads too). ``port``: a
    given port (a server started again where a stopped one was: the browser keeps that address's
    storage), else a free one.
    """

    def __init__(
        self,
        notebook: str | None = None,
        extra_args: Sequence[str] = (),
        config_dir: Path | None = None,
        env: Mapping[str, str] | None = None,
        port: int | None = None,
    ) -> None:
        self.port = port or free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.log = Path(tempfile.mkstemp(prefix="pitchlab-voila-", suffix=".log")[1])
        command = [
            sys.executable,
            "-m",
            "pitchlab.server",
            *([notebook] if notebook else []),
            "--no-browser",
            f"--port={self.port}",
            "--Voila.ip=127.0.0.1",
            f"--Voila.config_file_paths={config_dir or ROOT}",
            *extra_args,
        ]
        with self.log.open("wb") as out:
            self.proc = subprocess.Popen(
                command,
                cwd=ROOT,
                stdout=out,
                stderr=subprocess.STDOUT,
                start_new_session=True,
                env={**os.environ, **(env or {})},
            )

    def log_text(self, last_lines: int = 40) -> str:
        text = self.log.read_text(encoding="utf-8", errors="replace")
        return "\n".join(text.splitlines()[-last_lines:])

    def wait_until(self, ready: str | None = None, count: int = 1, deadline_s: float = 60) -> None:
        """Until the server answers (and ``ready`` appears ``count`` times in its log).

        Raises :class:`ServerError` early if the process exits.
        """
        deadline = time.monotonic() + deadline_s
        while True:
            if self.proc.poll() is not None:
                raise ServerError(f"voila exited with status {self.proc.returncode}:\n{self.log_text()}")
            if answers(f"{self.url}/voila/static/") and (
                ready is None or self.log.read_text(errors="replace").count(ready) >= count
            ):
                return
            if time.monotonic() > deadline:
                raise ServerError(f"voila not ready within {deadline_s:.0f} s:\n{self.log_text()}")
            time.sleep(0.1)

    def stop(self) -> None:
        """Stop the server (see :func:`stop_group`) and drop its log."""
        stop_group(self.proc)
        self.log.unlink(missing_ok=True)


# ------------------------------------------------- page loads without a browser


@dataclass(frozen=True)
class Reply:
    """One HTTP answer: status, headers (lower-case names), body, and seconds to read it all."""

    status: int
    headers: dict[str, str]
    body: str
    seconds: float
    cookies: str = ""
    """Every cookie the answer set, as a ``Cookie`` header sends them back."""


def fetch(url: str, path: str, source: str = "127.0.0.1", timeout: float = 180) -> Reply:
    """One GET of ``path`` from the loopback address ``source`` (Linux routes all of 127/8 to
    lo, so floods from "another machine" can be made here), the whole body read and no
    cookie kept: an anonymous page load, or a script's."""
    parts = urllib.parse.urlsplit(url)
    conn = http.client.HTTPConnection(
        parts.hostname or "127.0.0.1", parts.port or 80, timeout=timeout, source_address=(source, 0)
    )
    start = time.perf_counter()
    try:
        conn.request("GET", path)
        reply = conn.getresponse()
        body = reply.read().decode("utf-8", "replace")
        headers = {k.lower(): v for k, v in reply.getheaders()}
        cookies = "; ".join(v.split(";", 1)[0] for k, v in reply.getheaders() if k.lower() == "set-cookie")
        return Reply(reply.status, headers, body, time.perf_counter() - start, cookies)
    finally:
        conn.close()


KERNEL_ID = re.compile(r'"kernelId": "([0-9a-f-]{36})"')
"""Where Voilà's page names the kernel it was given."""
KERNEL_INFO = json.dumps(
    {
        "header": {"msg_id": "held", "msg_type": "kernel_info_request", "session": "held", "version": "5.3"},
        "parent_header": {},
        "metadata": {},
        "content": {},
        "channel": "shell",
    }
)
"""What a page's socket says first: a question about the kernel, not a learner's action."""


class Holder:
    """A script that holds places (issue 26's lock-out): it loads a page from ``source``, keeps
    the cookie that page set (so the kernel is its own), opens the kernel's socket, asks for
    ``kernel_info`` and keeps the socket open, touching no widget. :meth:`hold` does so for one
    page; the sockets stay open (their pings answered in a thread of their own) until
    :meth:`close`."""

    def __init__(self, url: str, path: str, source: str) -> None:
        self.url = url
        self.path = path
        self.source = source
        self._open = ExitStack()
        self.kernels: list[tuple[str, str]] = []  # each held kernel's id, and the cookie that owns it

    def hold(self, timeout: float = 180) -> Reply:
        """Load the page and, if it was served, hold its kernel; the page's reply."""
        from websockets.sync.client import connect  # the tests' extra, not the wheel's
        from websockets.typing import Origin

        reply = fetch(self.url, self.path, self.source, timeout)
        found = KERNEL_ID.search(reply.body)
        if reply.status != 200 or found is None:
            return reply
        cookie = reply.cookies
        ws = self.url.replace("http", "ws", 1) + f"/api/kernels/{found.group(1)}/channels?session_id=held"
        held = self._open.enter_context(  # held open, as a context, until close()
            connect(
                ws,
                additional_headers={"Cookie": cookie},
                origin=Origin(self.url),
                open_timeout=timeout,
                source_address=(self.source, 0),
            )
        )
        held.send(KERNEL_INFO)
        self.kernels.append((found.group(1), cookie))
        return reply

    def running(self) -> int:
        """How many of its kernels the server still runs, one being shut down included (it
        answers their owner 404 once one is gone; the socket itself may stay open). The gone
        ones are forgotten."""
        answers = [(kernel, self._ask("GET", *kernel)) for kernel in self.kernels]
        self.kernels = [kernel for kernel, status in answers if status != 404]
        return sum(1 for _, status in answers if status == 200)

    def _ask(self, method: str, kernel_id: str, cookie: str) -> int:
        """``/api/kernels/<id>`` as the page that owns it asks: its status (0: no answer)."""
        parts = urllib.parse.urlsplit(self.url)
        conn = http.client.HTTPConnection(parts.hostname or "127.0.0.1", parts.port or 80, timeout=60)
        try:
            conn.request(method, f"/api/kernels/{kernel_id}", headers={"Cookie": cookie, "Origin": self.url})
            reply = conn.getresponse()
            reply.read()
            return reply.status
        except OSError:
            return 0
        finally:
            conn.close()

    def close(self) -> None:
        """Close the sockets and shut the kernels down, as their pages' unload would (a held
        kernel is otherwise left to the idle cull, ten minutes later)."""
        self._open.close()
        for kernel_id, cookie in self.kernels:
            self._ask("DELETE", kernel_id, cookie)
        self.kernels.clear()


def wait_quiet(server_pid: int, deadline_s: float, quiet_cpu_s: float = 0.1) -> None:
    """Until the server and its kernels use less than ``quiet_cpu_s`` of CPU in a second: a
    class arrives at a server started beforehand, whose pool has rendered the app (Voila
    itself goes on turning the pool's outputs into pages after the kernels are done)."""
    deadline = time.monotonic() + deadline_s
    before = None
    while time.monotonic() < deadline:
        now = sum(proc.cpu_s for proc in process_tree(server_pid))
        if before is not None and now - before < quiet_cpu_s:
            return
        before = now
        time.sleep(1)


def next_move(page: Page, patience_ms: float = 5000) -> str | None:
    """What a learner clicks next: their lowest bid (else pass), a suit, a discard as chosen
    (when the choice is legal), a legal card, any other action's button, else Next.

    A slow redraw can leave the page between two states for a moment, so when
    nothing is clickable this looks again for up to ``patience_ms``."""
    deadline = time.perf_counter() + patience_ms / 1000
    while True:
        found = _next_move_now(page)
        if found is not None or time.perf_counter() > deadline or page.locator(HAND_OVER).count():
            return found
        page.wait_for_timeout(200)


def moves_to_hand_over(page: Page, limit: int = 200) -> Iterator[str]:
    """The learner's moves (:func:`next_move`), each to be clicked by the caller before the next
    is asked for, until the hand-over panel shows.

    A page with nothing to click is the end of the hand only once the panel is there
    (:func:`hand_just_ended`)."""
    for _ in range(limit):
        if page.locator(HAND_OVER).count():
            return
        selector = next_move(page)
        if selector is None:
            assert hand_just_ended(page), f"nothing to click: {page.inner_text('.pl-status')}"
            return
        yield selector
    raise AssertionError(f"no end of hand after {limit} moves: {page.inner_text('.pl-status')}")


def hand_just_ended(page: Page) -> bool:
    """Whether the hand is over, its panel shown: at once, or, where the status line already
    says so, once the panel is drawn (the redraw sends the two in turn, and on a loaded
    machine the panel has come seconds after the status)."""
    if page.locator(HAND_OVER).count():
        return True
    if "Hand over" not in page.inner_text(".pl-status"):
        return False
    page.wait_for_selector(HAND_OVER, timeout=30_000)
    return True


def played_as_next_move_plays(seed: int) -> Table:
    """The app's table for ``?seed=seed`` with its first hand played to the end in Python the way
    :func:`next_move` clicks it (the lowest bid, else pass; the first suit offered, spades; the
    first playable card in the hand's order, the highest; Next for the bots): what the page holds
    after those clicks, worked out without a browser."""
    from pitchlab.engine.actions import Bid, NameTrump, Pass, Play
    from pitchlab.engine.cards import Suit
    from pitchlab.engine.tricks import sort_cards
    from pitchlab.ui.session import Table  # at run time too: this module stays light to import

    table = Table(seed=seed)
    seat = table.human if table.human is not None else 0
    while not table.hand.is_over:
        if table.bot_to_act:
            table.advance()
            continue
        legal = table.legal()
        bids = sorted(a.value for a in legal if isinstance(a, Bid))
        suits = [a for a in legal if isinstance(a, NameTrump)]
        if bids or any(isinstance(a, Pass) for a in legal):
            table.act(Bid(bids[0]) if bids else next(a for a in legal if isinstance(a, Pass)))
        elif suits:
            table.act(min(suits, key=lambda a: list(Suit).index(a.suit)))
        else:
            playable = {a.card for a in legal if isinstance(a, Play)}
            hand = table.hand
            table.act(
                Play(next(c for c in sort_cards(hand.hand_of(seat), hand.rules, hand.trump) if c in playable))
            )
    return table


BIDS = ".pl-bid:visible"
NEXT = ".pl-next:visible:enabled"
"""Next, when the bots act: every other move in :data:`MOVES` is the learner's own."""
HAND_OVER = ".pl-hand-over:visible"
"""The hand-over panel, shown once a hand has ended (see :func:`hand_just_ended`)."""
BID_CLASSES_JS = "(els) => els.map((e) => e.className)"
MOVES = (
    ".pl-suit:visible",
    ".pl-discard-confirm.pl-legal-choice:visible",
    ".pl-card.pl-legal:visible",
    ".pl-action:visible",
    NEXT,
)
"""After bids, what a learner clicks, in this order (the first one on the page)."""


def bid_move(bid_classes: Sequence[str]) -> str | None:
    """The lowest bid among the bid buttons' classes, else pass; ``None`` if no bid is offered."""
    values = sorted(int(m.group(1)) for c in bid_classes if (m := re.search(r"pl-bid-(\d+)", c)))
    if values:
        return f".pl-bid-{values[0]}:visible"
    return ".pl-bid-pass:visible" if bid_classes else None


def _next_move_now(page: Page) -> str | None:
    bid = bid_move(page.locator(BIDS).evaluate_all(BID_CLASSES_JS))
    if bid is not None:
        return bid
    for selector in MOVES:
        if page.locator(selector).count():
            return selector
    return None


def click_and_wait(
    page: Page, selector: str, *, force: bool = False, tap: bool = False, timeout_ms: float = 30_000
) -> float:
    """Click the first match of ``selector``; return the milliseconds until the app
    first changed, after waiting for it to settle (so the next click finds a still page).

    ``tap`` touches it instead, as on a phone, in a page with touch. ``force`` clicks a card
    marked ``aria-disabled`` (one that may not be played now), which Playwright would wait
    on as disabled, though a learner can still press it."""
    before = page.evaluate(APP_TEXT_JS)
    target = page.locator(selector).first
    target.wait_for(state="visible", timeout=timeout_ms)
    start = time.perf_counter()
    if tap:
        target.tap(force=force, timeout=timeout_ms)
    else:
        target.click(force=force, timeout=timeout_ms)
    page.evaluate(CHANGE_JS, [before, 30_000])
    elapsed_ms = (time.perf_counter() - start) * 1000
    page.evaluate(SETTLED_JS, [250, 10_000])
    return elapsed_ms


WHY_HIDDEN_JS = """(el) => {
  const chain = [];
  for (let e = el; e && e !== document.body; e = e.parentElement) {
    const style = getComputedStyle(e);
    if (style.display === "none" || style.visibility === "hidden") chain.push(e.className + ": " + style.display + "/" + style.visibility);
  }
  const box = el.getBoundingClientRect();
  return `box ${box.width}x${box.height} at ${box.x},${box.y}; hidden by [${chain.join("; ")}]`;
}"""
"""Why an element a click could not reach is not visible: its box and the ancestors that hide it."""


def play_next(page: Page, *, tap: bool = False) -> None:
    """Click the learner's next move (:func:`next_move`), and wait for the app to settle.

    A move found on a page still redrawing can be hidden again before the click lands (seen
    about once in five whole games on a loaded machine): then the move is looked for once more,
    and a second miss fails with what hid it. A hand that has just ended leaves nothing to
    click: then nothing is, and the caller's loop finds the hand-over panel."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    for attempt in (1, 2):
        selector = next_move(page)
        if selector is None and hand_just_ended(page):
            return
        assert selector is not None, f"nothing to click: {page.inner_text('.pl-status')}"
        try:
            click_and_wait(page, selector, tap=tap, timeout_ms=10_000)
            return
        except PlaywrightTimeout:
            found = page.locator(selector.removesuffix(":visible")).first
            why = found.evaluate(WHY_HIDDEN_JS) if found.count() else "gone from the page"
            if attempt == 2:
                raise AssertionError(
                    f"could not click {selector} ({why}); status: {page.inner_text('.pl-status')}"
                ) from None
            print(f"{selector} went out of sight before the click ({why}); looking again")


class Peak:
    """The most kernels (and the most memory, server and kernels) seen at once under
    ``server_pid``, sampled every ``every_s`` while in a ``with`` block."""

    def __init__(self, server_pid: int, every_s: float = 0.2) -> None:
        self.server_pid = server_pid
        self.every_s = every_s
        self.kernels = 0
        self.rss_bytes = 0
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)

    def _run(self) -> None:
        while not self._stop.is_set():
            tree = process_tree(self.server_pid)
            self.kernels = max(self.kernels, sum(1 for p in tree if is_kernel(p)))
            self.rss_bytes = max(self.rss_bytes, sum(p.rss_bytes for p in tree))
            self._stop.wait(self.every_s)

    def __enter__(self) -> Peak:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        self._thread.join()


# ------------------------------------------------------------ the first screen

FIRST_SCREENS = ((1280, 800, False), (375, 667, True))
"""A laptop's window and a phone's (width, height, and whether it is a phone with touch), where
the game must be in the first screen."""
FIRST_SCREEN_SEED = 11
"""A deal (the app's ``?seed=``) in which the learner bids first and later has trump to play."""
LEGAL_CARD = ".pl-card.pl-legal:visible"


@contextmanager
def window(where: Browser | BrowserContext, width: int, height: int, phone: bool) -> Iterator[Page]:
    """A page at one window size with nothing stored (a first visit), closed afterwards so that
    Voila shuts its kernel down. In the browser tests' profile (a ``BrowserContext``) it is a tab
    (:func:`fresh_tab`), whose cache is warm; given a ``Browser`` (a benchmark's first visit), or
    for a phone, with touch (a phone's screen and touch are a context's settings), it has a
    browser context of its own, whose cache starts empty."""
    from playwright.sync_api import Browser, BrowserContext  # only where a browser runs

    if not phone and isinstance(where, BrowserContext):
        with fresh_tab(where) as page:
            page.set_viewport_size({"width": width, "height": height})
            yield page
        return
    browser = where if isinstance(where, Browser) else where.browser
    assert browser is not None
    context = browser.new_context(
        viewport={"width": width, "height": height}, is_mobile=phone, has_touch=phone
    )
    context.set_default_timeout(60_000)
    page = context.new_page()
    try:
        yield page
    finally:
        page.close(run_before_unload=True)
        context.close()


def play_to_a_card(page: Page, *, tap: bool = False, moves: int = 60) -> bool:
    """The learner's moves and Next (tapped, on a phone) until one of the learner's cards may be
    played, at most ``moves`` of them; whether that came."""
    for _ in range(moves):
        if page.locator(LEGAL_CARD).count():
            return True
        selector = next_move(page)
        if selector is None:
            return False
        click_and_wait(page, selector, tap=tap)
    return bool(page.locator(LEGAL_CARD).count())


FIRST_SCREEN_JS = """() => {
    const shown = (el) => el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden';
    const all = (sel) => Array.from(document.querySelectorAll(sel)).filter(shown);
    const box = (el) => { const r = el.getBoundingClientRect();
        return [Math.round(r.left), Math.round(r.top), Math.round(r.right), Math.round(r.bottom)]; };
    const decision = ['.pl-bid', '.pl-suit', '.pl-discard-confirm', '.pl-card.pl-legal', '.pl-action',
        '.pl-new-hand'].flatMap(all);
    const controls = decision.length ? decision : all('.pl-next:enabled');
    return {
        width: innerWidth, height: innerHeight,
        status: all('.pl-status').map(box), table: all('svg.pl-table').map(box),
        hand: all('.pl-hand').map(box), controls: controls.map(box),
    };
}"""
"""Where the status line, the table picture, the hand and the current decision's controls lie
(left, top, right, bottom in CSS px of the window), with the window's size."""
FIRST_SCREEN_PARTS = ("status", "table", "hand", "controls")


def outside_first_screen(found: dict[str, object]) -> list[str]:
    """The parts of :data:`FIRST_SCREEN_JS`'s answer that are missing or not wholly in the window."""
    width, height = found["width"], found["height"]
    assert isinstance(width, int) and isinstance(height, int)
    problems = []
    for part in FIRST_SCREEN_PARTS:
        boxes = found[part]
        assert isinstance(boxes, list)
        if not boxes:
            problems.append(f"no {part} on the page")
        for left, top, right, bottom in boxes:
            if left < -1 or top < -1 or right > width + 1 or bottom > height + 1:
                problems.append(f"{part} at {left},{top}..{right},{bottom} is outside {width}x{height}")
    return problems


def first_screen_problems(page: Page) -> list[str]:
    """Whether the game is in the first screen now: the parts outside it (none: all in)."""
    found: dict[str, object] = page.evaluate(FIRST_SCREEN_JS)
    return outside_first_screen(found)
