"""The class server answers as Voilà does, and gives each browser a signed id."""

from __future__ import annotations

import http.cookiejar
import urllib.request
from collections.abc import Iterator

import pytest

from pitchlab.server.clients import COOKIE
from tests.helpers import voila_server
from tests.serving import VoilaServer


@pytest.fixture(scope="module")
def server() -> Iterator[VoilaServer]:
    with voila_server(["--VoilaKernelManager.fill_delay=0"], deadline_s=90) as served:
        yield served


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
