"""Who may start a kernel, and what happens to kernels nobody uses.

Every notebook page costs a kernel (about 80 MB): a pooled one, whose place
the pool refills, or a fresh one. Without limits, anonymous page loads (a
script, or a student holding F5) start kernels until the machine runs out of
memory, and each one lives until the 10-minute cull. The class server admits a
page only when:

- the kernels alive, starting or reserved (pools included) stay within
  :attr:`Limits.max_kernels`;
- this browser (its signed id, :mod:`pitchlab.server.clients`) holds fewer than
  :attr:`Limits.per_client` pages, and its address fewer than
  :attr:`Limits.per_address` (a cookie-less flood gets a new id each time, so
  the address is what bounds it; a school's network may put a whole class
  behind one address, so that cap is well above a class).

A page is *held* from the moment it is admitted until its kernel is shut down,
and for at least :attr:`Limits.window_s` (a minute, so a script that opens pages
and lets them go is bounded per minute too): whether its browser connected to the kernel or
not. Counting only the last minute's starts let a script that kept a connection
to each page's kernel hold every free place until the idle cull (issue 26).

A page whose kernel has seen no learner (:meth:`Admission.used`: a button
pressed, a choice made, text typed; connecting, or the page's own automatic
messages, do not count) within :attr:`Limits.untouched_s` of being sent is
taken back (its kernel shut down) as soon as its place is needed: by its own
browser or address at their cap, or by anyone when the server is full. Pages
nobody needs are left alone, so a teacher's page watched without a click, or a
learner reading before their first move, keeps its kernel.

A refused page gets a short page of its own ("The class is full right now")
with ``Retry-After``. A kernel handed to a page whose browser has not opened
its kernel socket within :attr:`Limits.unconnected_s` of the page's end is shut
down (a script that only fetches pages holds no kernel for long). Pooled
kernels that died or were restarted (their rendered app is gone) are dropped
before one is handed out, and the pool refilled; when every pool place is still
waiting for its refill, a page gets a fresh kernel rather than waiting.
"""

from __future__ import annotations

import asyncio
import contextvars
import math
import posixpath
import time
import weakref
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import quote

from tornado.ioloop import PeriodicCallback
from tornado.web import RequestHandler
from voila.request_info_handler import RequestInfoSocketHandler

from pitchlab.ui.markup import html

WINDOW_S = 60.0
"""The default :attr:`Limits.window_s`: a minute."""
POOL_SKIPPING_ARGUMENTS = ("theme", "template")
"""Query arguments that make Voilà render a fresh kernel instead of using the pool's."""


@dataclass(frozen=True)
class Limits:
    """The caps, as set on the class server (``ClassServer.*`` in ``voila.json``)."""

    max_kernels: int
    per_client: int
    per_address: int
    unconnected_s: float
    untouched_s: float
    window_s: float = WINDOW_S
    """A page counts against its browser's and its address's caps for at least this long after
    it was admitted, even once its kernel has gone."""


@dataclass(frozen=True)
class Refusal:
    """Why a page was refused: the HTTP status, seconds to wait, and what the page says."""

    status: int
    retry_after_s: int
    title: str
    detail: str


@dataclass
class Page:
    """One admitted page: who asked (browser id and address) and when, the kernel it was given
    once known, when its response ended, and what became of its kernel."""

    client: str = ""
    address: str = ""
    admitted_at: float = 0.0
    kernel_id: str | None = None
    finished_at: float | None = None
    connected: bool = False
    """Its browser has opened the kernel's socket."""
    used: bool = False
    """A learner's action reached its kernel (see :func:`pitchlab.server.presence.learner_action`)."""
    gone: bool = False
    """Its kernel is shut down (or being shut down), or it never got one."""

    def counts(self, now: float, window_s: float) -> bool:
        """Whether the page still counts against its browser's and its address's caps."""
        return not self.gone or now - self.admitted_at < window_s


@dataclass
class Held:
    """Pages counted per key (a browser id or an address) against a cap (0: no cap)."""

    cap: int
    window_s: float
    pages: dict[str, list[Page]] = field(default_factory=dict)

    def count(self, key: str, now: float) -> int:
        return sum(1 for page in self.pages.get(key, ()) if page.counts(now, self.window_s))

    def full(self, key: str, now: float) -> bool:
        return self.cap > 0 and self.count(key, now) >= self.cap

    def add(self, key: str, page: Page) -> None:
        self.pages.setdefault(key, []).append(page)

    def forget_old(self, now: float) -> None:
        """Drop pages that no longer count, and keys with none left, so a flood of new ids does
        not stay in memory."""
        for key in list(self.pages):
            kept = [page for page in self.pages[key] if page.counts(now, self.window_s)]
            if kept:
                self.pages[key] = kept
            else:
                del self.pages[key]


PAGE: contextvars.ContextVar[Page | None] = contextvars.ContextVar("pitchlab_page", default=None)
"""The page whose request is being served: the kernel manager's calls made while serving it
record the kernel they hand out here (the context follows the request's coroutine)."""


class Admission:
    """The caps, the ledger of admitted pages, the take-back of untouched ones, and the sweep that
    shuts unconnected kernels down.

    ``kernels`` is Voilà's kernel manager (with its preheated pools when
    ``preheat_kernel`` is on); :meth:`install` wraps the two calls through which
    a page gets its kernel.
    """

    def __init__(self, kernels: Any, limits: Limits, log: Any) -> None:
        self.kernels = kernels
        self.limits = limits
        self.log = log
        self.clients = Held(limits.per_client, limits.window_s)
        self.addresses = Held(limits.per_address, limits.window_s)
        self.reserved: set[int] = set()
        self.pages: dict[str, Page] = {}
        """Kernel id -> the page it was given, while the kernel lives."""
        self.closing: set[str] = set()
        """Kernels taken back and being shut down: no longer counted, though still listed."""
        self.spoiled: set[str] = set()
        self._watched_places: weakref.WeakSet[asyncio.Future[Any]] = weakref.WeakSet()
        self.reaped = 0
        self.taken_back = 0
        self._background: set[asyncio.Future[None]] = set()

    # ------------------------------------------------------------ admission

    def live(self) -> int:
        """Kernels alive or on their way: started ones (less those being taken back), pool
        places still starting (or waiting for the refill delay), and pages admitted that have
        no kernel yet."""
        pending = sum(1 for pool in self._pools().values() for task in pool if not task.done())
        listed = self.kernels.list_kernel_ids()
        return len(listed) - len(self.closing.intersection(listed)) + pending + len(self.reserved)

    def admit(self, client: str, address: str, page: Page) -> Refusal | None:
        """Admit a page (counting it against the caps) or say why not. A cap reached is first
        relieved by taking back an untouched page of that browser, that address, or (the
        server full) anyone's."""
        now = time.monotonic()
        self._note_gone()

        def theirs(key: str, page_key: str, page: Page) -> bool:
            """A page of this browser or address that leaves its count when taken back (a page
            counts for the window after it was admitted, kernel or not)."""
            return page_key == key and now - page.admitted_at >= self.limits.window_s

        if self.clients.full(client, now) and not self._take_back(
            1, now, lambda p: theirs(client, p.client, p)
        ):
            return Refusal(
                429,
                self._retry_s(self.clients.pages.get(client, []), now),
                "Too many pages open",
                "This browser has many pages of this server open, or opened them in the last "
                "minute. Close the ones you no longer use, then try again in a minute.",
            )
        if self.addresses.full(address, now) and not self._take_back(
            1, now, lambda p: theirs(address, p.address, p)
        ):
            return Refusal(
                429,
                self._retry_s(self.addresses.pages.get(address, []), now),
                "The class is full right now",
                "Many pages are open, or were just opened, from your network. Try again in a minute.",
            )
        over = self.live() + 1 - self.limits.max_kernels
        if over > 0 and not self._take_back(over, now, lambda p: True):
            return Refusal(
                503,
                math.ceil(self.limits.window_s),
                "The class is full right now",
                "Every place on this server is taken. Try again in a minute.",
            )
        page.client, page.address, page.admitted_at = client, address, now
        self.clients.add(client, page)
        self.addresses.add(address, page)
        self.reserved.add(id(page))
        return None

    def given(self, page: Page, kernel_id: str) -> None:
        """The page got its kernel: it now counts as a kernel, and is watched until shut down."""
        if page.kernel_id is None:
            page.kernel_id = kernel_id
            self.reserved.discard(id(page))
            self.pages[kernel_id] = page

    def finished(self, page: Page) -> None:
        """The page's response ended: the browser's time to connect starts now."""
        page.finished_at = time.monotonic()
        self.reserved.discard(id(page))
        if page.kernel_id is None:
            page.gone = True  # refused or failed inside Voilà: no kernel to hold

    def used(self, kernel_id: str) -> None:
        """A learner's action reached this kernel (its page's socket saw it): it is never taken
        back for want of one."""
        page = self.pages.get(kernel_id)
        if page is not None:
            page.used = True

    def is_used(self, kernel_id: str) -> bool:
        page = self.pages.get(kernel_id)
        return page is None or page.used  # a kernel of no page (a pool's) is nobody's to mark

    def _take_back(self, wanted: int, now: float, whose: Callable[[Page], bool]) -> bool:
        """Shut down the ``wanted`` oldest untouched pages' kernels that ``whose`` picks (all or
        none), counting them gone at once; whether there were that many."""
        untouched = sorted(
            (
                page
                for page in self.pages.values()
                if not page.gone
                and not page.used
                and page.finished_at is not None
                and now - page.finished_at >= self.limits.untouched_s
                and whose(page)
            ),
            key=lambda page: page.finished_at or 0.0,
        )
        if len(untouched) < wanted:
            return False
        for page in untouched[:wanted]:
            kernel_id = page.kernel_id or ""
            page.gone = True
            self.closing.add(kernel_id)
            self.log.info(
                "pitchlab: shutting down kernel %s: its place is needed, and its page showed no "
                "learner within %.0f s",
                kernel_id,
                self.limits.untouched_s,
            )
            self._in_background(self._shut_down(kernel_id))
        self.taken_back += wanted
        return True

    def _retry_s(self, pages: list[Page], now: float) -> int:
        """Seconds until one of these pages may stop counting: the first to leave the minute
        among those whose kernel has gone, else the first untouched one to become takeable,
        else a minute."""
        waits = [p.admitted_at + self.limits.window_s - now for p in pages if p.gone]
        waits += [
            p.finished_at + self.limits.untouched_s - now
            for p in pages
            if not p.gone and not p.used and p.finished_at is not None
        ]
        return max(1, math.ceil(min((w for w in waits if w > 0), default=self.limits.window_s)))

    def _note_gone(self) -> None:
        """Pages whose kernel is no longer running (closed, culled, shut down) stop holding it."""
        for kernel_id, page in list(self.pages.items()):
            if kernel_id not in self.kernels:
                page.gone = True
                del self.pages[kernel_id]
                self.closing.discard(kernel_id)

    # ------------------------------------------------------------ the sweep

    def start(self) -> None:
        """Sweep every few seconds on the server's IO loop."""
        every_s = max(1.0, min(5.0, self.limits.unconnected_s / 3))
        PeriodicCallback(self.sweep, every_s * 1000).start()
        pooled = sum(self._pool_size(name) for name in self._pools())
        if pooled >= self.limits.max_kernels:
            self.log.warning(
                "pitchlab: ClassServer.max_kernels (%d) leaves no room beside the pools' %d kernels: "
                "every page will be refused",
                self.limits.max_kernels,
                pooled,
            )

    async def sweep(self) -> None:
        """Shut down the kernels whose pages ended ``unconnected_s`` ago without their browser
        connecting; note the pages that connected, and forget old ones."""
        now = time.monotonic()
        self._note_gone()
        doomed = []
        for kernel_id, page in self.pages.items():
            if page.gone or page.connected:
                continue
            if self._connections(kernel_id) > 0:
                page.connected = True
            elif page.finished_at is not None and now - page.finished_at >= self.limits.unconnected_s:
                page.gone = True
                doomed.append(kernel_id)
                self.log.info(
                    "pitchlab: shutting down kernel %s: its page never connected within %.0f s",
                    kernel_id,
                    self.limits.unconnected_s,
                )
        self.reaped += len(doomed)
        await asyncio.gather(*(self._shut_down(kernel_id) for kernel_id in doomed))  # a flood's at once
        self.clients.forget_old(now)
        self.addresses.forget_old(now)

    # ------------------------------------------------------------ the pool

    def install(self) -> None:
        """Wrap the kernel manager's two ways of giving a page a kernel, so the page records it
        and a dead pooled kernel is never handed out; watch each pool place for restarts; and
        let Voilà count only started places as its pool, so a page that arrives while every
        place waits for the refill delay gets a kernel of its own at once (still within the
        caps) instead of waiting out the delay."""
        kernels = self.kernels
        start_kernel: Callable[..., Awaitable[str]] = kernels.start_kernel

        async def start_for_page(*args: Any, **kwargs: Any) -> str:
            kernel_id = await start_kernel(*args, **kwargs)
            self._record(kernel_id)
            return kernel_id

        kernels.start_kernel = start_for_page
        if not hasattr(kernels, "get_rendered_notebook"):
            return  # no preheated pools
        get_rendered: Callable[..., Awaitable[Any]] = kernels.get_rendered_notebook
        fill: Callable[..., None] = kernels.fill_if_needed

        async def rendered_for_page(notebook_name: str, *args: Any, **kwargs: Any) -> Any:
            await self._live_place_first(notebook_name)
            result = await get_rendered(notebook_name, *args, **kwargs)
            self._record(result[2])
            return result

        def fill_and_watch(*args: Any, **kwargs: Any) -> None:
            fill(*args, **kwargs)
            self._watch_pools()

        kernels.get_rendered_notebook = rendered_for_page
        kernels.fill_if_needed = fill_and_watch
        kernels.get_pool_size = self.started_places
        self._watch_pools()  # the places Voilà started filling before the server was ours

    def _watch_pools(self) -> None:
        for pool in self._pools().values():
            for task in pool:
                if task not in self._watched_places:
                    self._watched_places.add(task)
                    task.add_done_callback(self._watch_restarts)

    def pool_status(self) -> dict[str, dict[str, int]]:
        """Each pool with places: its size and how many places are ready to send their page at
        once (Voilà's "pool is filled" line comes when the kernels have started, before the
        notebook has run)."""
        status = {}
        for name, pool in self._pools().items():
            size = self._pool_size(name)
            if size:
                status[name] = {"size": size, "ready": sum(1 for t in pool if _ready(t))}
        return status

    def _watch_restarts(self, task: asyncio.Future[Any]) -> None:
        """A pool place's kernel started: if it ever dies, its rendered page is gone with it."""
        if task.cancelled() or task.exception() is not None:
            return
        kernel_id: str = task.result()["kernel_id"]
        if kernel_id not in self.kernels:
            return
        kernel = self.kernels.get_kernel(kernel_id)
        for event in ("restart", "dead"):
            kernel.add_restart_callback(lambda kid=kernel_id: self.spoiled.add(kid), event)

    async def _live_place_first(self, notebook_name: str) -> None:
        """Put a started place holding a live kernel at the pool's front, where Voilà takes
        from. Dead places met on the way (a failed start, a kernel that died or was restarted,
        a render that failed) are dropped and refilled at once. With no started place left, the
        front one (still starting) is what Voilà waits for."""
        pool = self._pools().get(notebook_name, [])
        for _ in range(len(pool) + 5):
            if not pool:
                self.kernels.fill_if_needed(delay=0, notebook_name=notebook_name)
                return
            started = [place for place in pool if place.done()]
            if not started:
                return
            place = started[0]
            if await self._alive(place):
                if place in pool:  # not taken by another page meanwhile
                    pool.remove(place)
                    pool.insert(0, place)
                    return
                continue
            if place in pool:
                pool.remove(place)
            failed = place.cancelled() or place.exception() is not None
            kernel_id = None if failed else place.result()["kernel_id"]
            self.log.warning("pitchlab: dropping a dead pooled kernel %s of %s", kernel_id, notebook_name)
            if kernel_id is not None and kernel_id in self.kernels:
                self._in_background(self._shut_down(kernel_id))
            self.kernels.fill_if_needed(delay=0, notebook_name=notebook_name)

    def started_places(self, notebook_name: str) -> int:
        """Pool places whose kernel has started (Voilà counts places still waiting for the
        refill delay too, and a page sent to one of those waits that long)."""
        pool = self._pools().get(notebook_name, [])
        return sum(
            1 for place in pool if place.done() and not place.cancelled() and place.exception() is None
        )

    async def _alive(self, task: asyncio.Future[Any]) -> bool:
        if task.cancelled() or task.exception() is not None:
            return False
        content = task.result()
        kernel_id = content["kernel_id"]
        render = content["task"]
        if kernel_id in self.spoiled or kernel_id not in self.kernels:
            return False
        if render.done() and (render.cancelled() or render.exception() is not None):
            return False
        alive: bool = await _maybe_await(self.kernels.get_kernel(kernel_id).is_alive())
        return alive

    # ------------------------------------------------------------ helpers

    def _record(self, kernel_id: str) -> None:
        page = PAGE.get()
        if page is not None:
            self.given(page, kernel_id)

    def _pools(self) -> dict[str, list[asyncio.Future[Any]]]:
        pools: dict[str, list[asyncio.Future[Any]]] = getattr(self.kernels, "_pools", {})
        return pools

    def _pool_size(self, name: str) -> int:
        config = getattr(self.kernels, "kernel_pools_config", {})
        default = config.get("default", {})
        size: int = config.get(name, default).get("pool_size", default.get("pool_size", 1))
        return size

    def _connections(self, kernel_id: str) -> int:
        try:
            connections: int = self.kernels.kernel_model(kernel_id)["connections"]
        except Exception:
            return 0
        return connections

    async def _shut_down(self, kernel_id: str) -> None:
        self.spoiled.discard(kernel_id)
        try:
            await _maybe_await(self.kernels.shutdown_kernel(kernel_id))
        except Exception as exc:  # already gone: nothing to free
            self.log.info("pitchlab: kernel %s was already shut down (%s)", kernel_id, exc)
        finally:
            self.closing.discard(kernel_id)

    def _in_background(self, work: Awaitable[None]) -> None:
        task = asyncio.ensure_future(work)
        self._background.add(task)  # held until done, so it is not collected midway
        task.add_done_callback(self._background.discard)


def _ready(task: asyncio.Future[Any]) -> bool:
    """Whether a pool place can serve its page at once: its kernel has run the notebook to
    the end, or to the point where it waits for its page's address (it has opened its
    ``voila/query`` socket; Voilà's page handler delivers through that class's table, so
    it is where a waiting kernel is found whichever handler serves the socket)."""
    if not task.done() or task.cancelled() or task.exception() is not None:
        return False
    content = task.result()
    return bool(content["task"].done() or content["kernel_id"] in RequestInfoSocketHandler._waiters)


async def _maybe_await(value: Any) -> Any:
    return await value if asyncio.iscoroutine(value) or isinstance(value, asyncio.Future) else value


# ------------------------------------------------------------ what a page request looks like


def starts_kernel(handler: RequestHandler, path: str | None) -> bool:
    """Whether Voilà's page handler will start (or take) a kernel for this request: a notebook
    page, not a redirect to a file."""
    own: str = getattr(handler, "notebook_path", "") or ""
    if own and path:
        return False
    notebook = own or path or ""
    config = getattr(handler, "voila_configuration", None)
    mapped = getattr(config, "extension_language_mapping", {}) or {}
    suffixes = {".ipynb", *(s.lower() for s in mapped)}
    return posixpath.splitext(notebook)[1].lower() in suffixes


def pool_address(handler: RequestHandler, path: str | None) -> str | None:
    """The address that uses the pool when this one would skip it, else ``None``: without
    ``?theme=`` / ``?template=`` (Voilà renders a fresh kernel when they differ from the
    pool's) and with the notebook's path written plainly (``a//b.ipynb`` and ``./b.ipynb``
    name the same notebook but not the same pool)."""
    arguments = handler.request.query_arguments
    plain = posixpath.normpath(path) if path else path
    if plain is not None and (plain.startswith("..") or plain == "."):
        plain = path  # not ours to rewrite: Voilà refuses it
    if plain == path and not any(name in arguments for name in POOL_SKIPPING_ARGUMENTS):
        return None
    route = handler.request.path
    if path and plain != path and route.endswith(path):
        route = route[: len(route) - len(path)] + (plain or "")
    kept = [
        f"{_quote(name)}={_quote(value.decode('utf-8', 'replace'))}"
        for name, values in arguments.items()
        if name not in POOL_SKIPPING_ARGUMENTS
        for value in values
    ]
    return route + ("?" + "&".join(kept) if kept else "")


def _quote(text: str) -> str:
    return quote(text, safe="")


def refusal_page(refusal: Refusal, retry_url: str) -> str:
    """The small page a refused browser sees: what happened, when to come back, a link to try
    again. Nothing of Voilà's, so it needs no script and no other file."""
    return html(
        """<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{title}</title>
<style>
body {{ font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; margin: 0; padding: 0 0.75rem;
  background: #f4f6f4; color: #1b1b1b; }}
main {{ max-width: 32rem; margin: 12vh auto 0; padding: 1.5rem; background: #fff;
  border: 1px solid #c8d0c8; border-radius: 0.5rem; }}
h1 {{ font-size: 1.5rem; margin: 0 0 0.75rem; color: #14532d; }}
p {{ font-size: 1.1rem; line-height: 1.5; margin: 0 0 1rem; }}
a {{ display: inline-block; padding: 0.6rem 1.2rem; background: #14532d; color: #fff;
  border-radius: 0.35rem; text-decoration: none; font-weight: 600; }}
a:focus {{ outline: 3px solid #f59e0b; outline-offset: 2px; }}
</style>
</head>
<body>
<main>
<h1>{title}</h1>
<p>{detail}</p>
<p><a href="{retry_url}">Try again</a></p>
</main>
</body>
</html>
""",
        title=refusal.title,
        detail=refusal.detail,
        retry_url=retry_url,
    )
