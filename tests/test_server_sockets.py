"""The class server's sockets against a student with a kernel id and a script, and the
signed id it gives each browser.

One class server (``python -m pitchlab.server``, the shipped ``voila.json``: the
app's pool holds one kernel, refilled at once) for the module. Each test plays a
learner with a cookie jar and an attacker with another, or none. Pages are read
whole over HTTP: Voilà streams the page while its kernel runs, so a page that
arrives whole is one whose kernel ran the app to its end (and a hung kernel
shows as a read that times out, far beyond any real wait).
"""

from __future__ import annotations

import http.cookiejar
import json
import re
import urllib.error
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import pytest
from websockets.exceptions import ConnectionClosed, InvalidStatus
from websockets.sync.client import ClientConnection, connect
from websockets.typing import Origin, Subprotocol

from pitchlab.server.clients import COOKIE
from tests.helpers import voila_server
from tests.serving import VoilaServer, wait_quiet

APP = "/voila/render/notebooks/app.ipynb"
HANG_S = 120.0
"""Longer than any page load seen on this shared machine: only a hung kernel takes this long."""
SOCKETS = 31
MADE_UP = "deadbeef-dead-4ead-8ead-deaddeaddead"


@pytest.fixture(scope="module")
def server() -> Iterator[VoilaServer]:
    with voila_server(["--VoilaKernelManager.fill_delay=0"], ready="is filled with") as served:
        yield served


@dataclass
class Browser:
    """A browser's cookies, and the requests its pages make (as Voilà's page makes them)."""

    server: VoilaServer
    jar: http.cookiejar.CookieJar

    @classmethod
    def new(cls, server: VoilaServer) -> Browser:
        return cls(server, http.cookiejar.CookieJar())

    def cookie_header(self) -> str:
        return "; ".join(f"{c.name}={c.value}" for c in self.jar)

    def request(
        self, method: str, path: str, headers: dict[str, str] | None = None, body: bytes | None = None
    ) -> tuple[int, str]:
        """Status and body of one request, with this browser's cookies (4xx are answers too)."""
        opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.jar))
        req = urllib.request.Request(self.server.url + path, data=body, method=method, headers=headers or {})
        try:
            with opener.open(req, timeout=HANG_S) as reply:
                return reply.status, reply.read().decode("utf-8", "replace")
        except urllib.error.HTTPError as refused:
            return refused.code, refused.read().decode("utf-8", "replace")

    def open_app(self) -> str:
        """Load the app's page whole; the kernel id it was given."""
        status, page = self.request("GET", APP)
        assert status == 200, page[-2000:]
        assert "application/vnd.jupyter.widget-view+json" in page, "the app's cell ran to its end"
        ids = re.findall(r'"kernelId": "([0-9a-f-]{36})"', page)
        assert ids, page[:2000]
        return str(ids[0])

    def get_an_id(self) -> None:
        """A signed id of its own, from any page (a missing one: no kernel is started)."""
        self.request("GET", "/voila/render/no-such-page.ipynb")
        assert any(c.name == COOKIE for c in self.jar)

    def kernel_model(self, kernel_id: str) -> tuple[int, Any]:
        status, body = self.request("GET", f"/api/kernels/{kernel_id}", {"Referer": self.server.url + APP})
        return status, json.loads(body) if body else None

    def attach(self, kernel_id: str) -> int:
        """Open the kernel's websocket as the page's widgets do; the handshake's status."""
        url = self.server.url.replace("http", "ws") + f"/api/kernels/{kernel_id}/channels?session_id=s"
        try:
            with connect(url, additional_headers={"Cookie": self.cookie_header()}, origin=self.origin()):
                return 101
        except InvalidStatus as refused:
            return refused.response.status_code

    def origin(self) -> Origin:
        """The ``Origin`` its pages send: the server's own."""
        return Origin(self.server.url)

    def shut_down(self, kernel_id: str, headers: dict[str, str]) -> int:
        """POST the unload beacon's form (an empty ``_xsrf`` field, as Voilà's page sends when
        it finds no ``_xsrf`` cookie) with ``headers``."""
        boundary = "pitchlab-beacon"
        form = f'--{boundary}\r\nContent-Disposition: form-data; name="_xsrf"\r\n\r\n\r\n--{boundary}--\r\n'
        status, _ = self.request(
            "POST",
            f"/voila/api/shutdown/{kernel_id}",
            {"Content-Type": f"multipart/form-data; boundary={boundary}", **headers},
            form.encode(),
        )
        return status


def query_socket(
    server: VoilaServer, kernel_id: str, origin: Origin | None = None
) -> ClientConnection | None:
    """The kernel's request-info socket, as a kernel opens it (no ``Origin``) or a page
    would (``origin``); ``None`` if the handshake is refused."""
    url = server.url.replace("http", "ws") + f"/voila/query/{kernel_id}"
    try:
        return connect(url, open_timeout=HANG_S, origin=origin)
    except InvalidStatus:
        return None


def test_a_page_gives_the_browser_a_signed_id_once(server: VoilaServer) -> None:
    jar = http.cookiejar.CookieJar()
    opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))
    with opener.open(f"{server.url}/voila/render/tutorial/index.ipynb", timeout=60) as reply:
        assert reply.status == 200
        first = reply.headers.get_all("Set-Cookie") or []
    ours = [c for c in first if c.startswith(f"{COOKIE}=")]
    assert len(ours) == 1, first
    assert "httponly" in ours[0].lower() and "samesite=strict" in ours[0].lower()
    value = next(c.value for c in jar if c.name == COOKIE)
    assert value and "|" in value, "tornado's signed cookies carry a version and a signature"
    with opener.open(f"{server.url}/voila/render/tutorial/index.ipynb", timeout=60) as reply:
        again = [c for c in reply.headers.get_all("Set-Cookie") or [] if c.startswith(f"{COOKIE}=")]
    assert again == [], "a browser that has its id keeps it"


def test_the_31_socket_trick_leaves_the_next_learners_page_served(server: VoilaServer) -> None:
    # the pool's kernel has run the app and waits on its query socket for a page
    wait_quiet(server.proc.pid, deadline_s=HANG_S)
    sockets = [query_socket(server, MADE_UP) for _ in range(SOCKETS)]
    for ws in sockets:
        if ws is not None:
            ws.close()
    learner = Browser.new(server)
    learner.open_app()  # with Voilà's handler this read times out: the kernel never hears of its page
    assert sockets.count(None) == SOCKETS, "a made-up kernel id is refused"


@pytest.fixture
def learner_kernel(server: VoilaServer) -> tuple[Browser, str]:
    """A learner who loaded the app, and the kernel the page was given (claimed by its
    browser's first request about it, as the page's widgets do at once)."""
    learner = Browser.new(server)
    kernel_id = learner.open_app()
    status, model = learner.kernel_model(kernel_id)
    assert status == 200 and model["id"] == kernel_id
    return learner, kernel_id


def test_another_browser_cannot_attach_to_a_learners_kernel(
    server: VoilaServer, learner_kernel: tuple[Browser, str]
) -> None:
    learner, kernel_id = learner_kernel
    stranger, classmate = Browser.new(server), Browser.new(server)
    classmate.get_an_id()
    for other in (stranger, classmate):
        assert other.kernel_model(kernel_id)[0] == 403
        assert other.attach(kernel_id) == 403
        assert query_socket(server, kernel_id, origin=other.origin()) is None, "that socket is the kernel's"
    assert learner.attach(kernel_id) == 101, "the learner's own page still connects"


def test_a_made_up_xsrf_pair_shuts_nothing_down(
    server: VoilaServer, learner_kernel: tuple[Browser, str]
) -> None:
    learner, kernel_id = learner_kernel
    forged = {"Cookie": "_xsrf=forged", "X-XSRFToken": "forged", "Origin": server.url}
    assert Browser.new(server).shut_down(kernel_id, forged) == 403
    classmate = Browser.new(server)
    classmate.get_an_id()
    assert classmate.shut_down(kernel_id, {"Origin": server.url}) == 403, "another browser's id"
    status, _ = classmate.request("DELETE", f"/api/kernels/{kernel_id}", {"Origin": server.url})
    assert status == 403
    assert learner.shut_down(kernel_id, {}) == 403, "the owner's cookie, but from no page of this server"
    assert learner.shut_down(kernel_id, {"Origin": "http://elsewhere.example"}) in (403, 404)
    assert learner.kernel_model(kernel_id)[0] == 200, "the kernel still runs"


def test_the_owners_page_shuts_its_kernel_down(
    server: VoilaServer, learner_kernel: tuple[Browser, str]
) -> None:
    learner, kernel_id = learner_kernel
    assert learner.shut_down(kernel_id, {"Origin": server.url}) == 204
    status, reply = learner.kernel_model(kernel_id)
    assert status == 404 and reply["message"] == "no such kernel"


def read_until_closed(ws: ClientConnection) -> None:
    """Read what the server sends (the kernel's own status messages may come first) until it
    closes the socket, which raises."""
    while True:
        ws.recv(timeout=HANG_S)


def test_a_malformed_message_on_its_own_socket_does_not_freeze_the_server(
    server: VoilaServer, learner_kernel: tuple[Browser, str]
) -> None:
    """A message of Jupyter's binary protocol whose first 8 bytes claim 2**64 offsets: Jupyter's
    reader built a list that long, blocking the server (every page) until its memory ran out."""
    learner, kernel_id = learner_kernel
    url = server.url.replace("http", "ws") + f"/api/kernels/{kernel_id}/channels?session_id=s"
    with connect(
        url,
        additional_headers={"Cookie": learner.cookie_header()},
        origin=learner.origin(),
        subprotocols=[Subprotocol("v1.kernel.websocket.jupyter.org")],
    ) as ws:
        ws.send(b"\xff" * 8 + b"\x00" * 56)
        with pytest.raises(ConnectionClosed):  # the server closes this socket
            read_until_closed(ws)
    status, _ = learner.request("GET", "/pitchlab/health")
    assert status == 200, "the server still answers"
    assert learner.kernel_model(kernel_id)[0] == 200, "and the kernel still runs"
