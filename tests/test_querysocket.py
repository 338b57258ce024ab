"""The request-info socket of preheated kernels: Voilà's drops other kernels' entries, ours does not.

These run the handlers in this process on a tornado server of their own (no
kernels: a stand-in kernel manager lists the "live" ids, and the "kernels" are
websocket clients waiting as a pooled kernel does), so the table of waiting
sockets can be read directly. ``tests/test_server_sockets.py`` does the same
attack on the real class server and loads a page.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections import OrderedDict
from collections.abc import AsyncIterator
from typing import Any

import pytest
from tornado.httpserver import HTTPServer
from tornado.web import Application
from voila.request_info_handler import RequestInfoSocketHandler
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import InvalidStatus
from websockets.typing import Origin

from pitchlab.engine.limits import MAX_CACHED_REQUESTS
from pitchlab.server.querysocket import QuerySocket, prune
from tests.helpers import run_async
from tests.serving import free_port

KERNELS = [f"{n:08x}-0000-4000-8000-000000000000" for n in range(1, 4)]
MADE_UP = "deadbeef-dead-4ead-8ead-deaddeaddead"
SOCKETS = 31
HANG_S = 30.0
"""A hang detector, not a timing: a payload on this machine arrives in milliseconds."""


class Kernels:
    """Stands in for Voilà's kernel manager: which kernel ids are live."""

    def __init__(self, ids: list[str]) -> None:
        self.ids = list(ids)

    def list_kernel_ids(self) -> list[str]:
        return list(self.ids)


def counting(handler: type) -> tuple[type, list[int]]:
    """``handler`` with a count of the sockets the server has seen close (so a test waits
    for the server to have handled every close before it looks)."""
    closed = [0]

    class Counted(handler):  # type: ignore[misc]
        def on_close(self) -> None:
            try:
                super().on_close()
            finally:
                closed[0] += 1

    return Counted, closed


@pytest.fixture(autouse=True)
def empty_tables() -> None:
    """Voilà keeps its table and cache on the class, for the whole process."""
    RequestInfoSocketHandler._waiters.clear()
    RequestInfoSocketHandler._cache.clear()


async def until(condition: Any, what: str) -> None:
    for _ in range(int(HANG_S * 20)):
        if condition():
            return
        await asyncio.sleep(0.05)
    raise AssertionError(f"not within {HANG_S:.0f} s: {what}")


async def attack(url: str, kernel_id: str, closed: list[int]) -> int:
    """Open ``SOCKETS`` sockets on one id, then close them all; how many the server accepted."""
    opened: list[ClientConnection] = []
    for _ in range(SOCKETS):
        with contextlib.suppress(InvalidStatus):  # refused
            opened.append(await connect(f"{url}/voila/query/{kernel_id}", open_timeout=HANG_S))
    before = closed[0]
    for ws in opened:
        await ws.close()
    await until(lambda: closed[0] - before >= len(opened), "the server saw every close")
    return len(opened)


@contextlib.asynccontextmanager
async def query_server(handler: type) -> AsyncIterator[str]:
    """``handler`` serving the query route on a free loopback port, with the pool's three
    kernels live; yields the websocket base URL, and stops the server on the way out."""
    port = free_port()
    server = HTTPServer(
        Application(
            [(r"/voila/query/(?P<kernel_id>\w+-\w+-\w+-\w+-\w+)", handler)],
            kernel_manager=Kernels(KERNELS),
        )
    )
    server.listen(port, "127.0.0.1")
    try:
        yield f"ws://127.0.0.1:{port}"
    finally:
        server.stop()
        await server.close_all_connections()


async def pooled_then_attacked(handler: type, attacked_id: str) -> dict[str, Any]:
    """Three kernels wait on their sockets as a pool's do; a student runs the 31-socket trick
    on ``attacked_id``; then a page takes each kernel. What each kernel received, and what
    the server's table held after the attack."""
    counted, closed = counting(handler)
    async with query_server(counted) as url:
        kernels = {k: await connect(f"{url}/voila/query/{k}", open_timeout=HANG_S) for k in KERNELS}
        await until(lambda: all(k in RequestInfoSocketHandler._waiters for k in KERNELS), "kernels wait")
        accepted = await attack(url, attacked_id, closed)
        waiting = [k for k in KERNELS if k in RequestInfoSocketHandler._waiters]
        got: dict[str, Any] = {}
        for k in KERNELS:
            RequestInfoSocketHandler.send_updates({"kernel_id": k, "payload": {"QUERY_STRING": k}})
        for k, ws in kernels.items():
            try:
                # a kernel whose entry is gone gets nothing: a second shows it (no pass rests on it)
                got[k] = json.loads(await asyncio.wait_for(ws.recv(), timeout=HANG_S if k in waiting else 1))
            except TimeoutError:
                got[k] = None
            await ws.close()
        return {"accepted": accepted, "waiting": waiting, "got": got}


def test_voilas_handler_drops_other_kernels_waiters() -> None:
    """The upstream bug, kept as a test: the day Voilà fixes it, this fails and the swap can go."""
    result = run_async(lambda: pooled_then_attacked(RequestInfoSocketHandler, MADE_UP))
    assert result["accepted"] == SOCKETS
    assert result["waiting"] == [], "every pooled kernel's entry was deleted by the attacker's closes"
    assert set(result["got"].values()) == {None}, "so no kernel ever hears of its page"
    assert set(RequestInfoSocketHandler._cache) == set(KERNELS), "its requests pile up in the cache"


@pytest.mark.parametrize("attacked_id", [MADE_UP, KERNELS[0]], ids=["made-up-id", "a-live-kernel"])
def test_our_socket_keeps_every_kernels_waiter(attacked_id: str) -> None:
    result = run_async(lambda: pooled_then_attacked(QuerySocket, attacked_id))
    assert result["accepted"] == 0, "a made-up id, or a kernel that already has its socket, is refused"
    assert result["waiting"] == KERNELS
    assert result["got"] == {k: {"QUERY_STRING": k} for k in KERNELS}
    assert RequestInfoSocketHandler._cache == {}


def test_a_browser_cannot_open_the_kernels_socket() -> None:
    async def run() -> int | None:
        async with query_server(QuerySocket) as url:
            same = Origin(url.replace("ws://", "http://"))  # as devtools on the app's own page would send
            try:
                await connect(f"{url}/voila/query/{KERNELS[0]}", origin=same)
            except InvalidStatus as refused:
                return refused.response.status_code
        return None

    assert run_async(run) == 403
    assert KERNELS[0] not in RequestInfoSocketHandler._waiters


def test_a_kernel_that_connects_late_still_gets_its_request_once() -> None:
    async def run() -> tuple[Any, bool]:
        async with query_server(QuerySocket) as url:
            RequestInfoSocketHandler.send_updates(
                {"kernel_id": KERNELS[1], "payload": {"QUERY_STRING": "seed=7"}}
            )
            async with connect(f"{url}/voila/query/{KERNELS[1]}") as ws:
                got = json.loads(await asyncio.wait_for(ws.recv(), timeout=HANG_S))
            return got, KERNELS[1] in RequestInfoSocketHandler._cache

    got, still_cached = run_async(run)
    assert got == {"QUERY_STRING": "seed=7"}
    assert not still_cached


def test_the_cache_forgets_kernels_that_are_gone_and_keeps_at_most_the_cap() -> None:
    cache: OrderedDict[str, str] = OrderedDict((f"k{n}", "request") for n in range(10))
    prune(cache, live={"k1", "k4", "k5", "k8"}, cap=3)
    assert list(cache) == ["k4", "k5", "k8"], "k1 is the oldest of the four live ones"
    many = {f"k{n}": "request" for n in range(MAX_CACHED_REQUESTS + 5)}
    prune(many, live=set(many))
    assert len(many) == MAX_CACHED_REQUESTS and "k0" not in many and f"k{MAX_CACHED_REQUESTS + 4}" in many
