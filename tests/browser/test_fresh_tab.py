"""The browser tests' tabs share one Chromium profile per worker (tests/browser/conftest.py), so
what one test's pages store must be gone before the next test opens a page, and only the HTTP
cache may stay: checked here on a small site of the test's own, with a cookie, localStorage, an
IndexedDB database, a granted permission and a script its pages may cache for an hour; and that
the browser never reaches the internet."""

from __future__ import annotations

import threading
import time
from collections import Counter
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest
from playwright.sync_api import BrowserContext
from playwright.sync_api import Error as PlaywrightError

from tests.serving import fresh_tab

PAGE = b"""<!doctype html><title>site</title><script src="/cached.js"></script>"""
STORE_JS = """async () => {
    document.cookie = 'who=first; max-age=3600';
    localStorage.setItem('game', 'first');
    await new Promise((done) => { const r = indexedDB.open('saves'); r.onsuccess = () => done(); });
}"""
STORED_JS = """async () => ({
    cookie: document.cookie,
    local: localStorage.getItem('game'),
    databases: (await indexedDB.databases()).map((d) => d.name),
})"""
CLIPBOARD_JS = "async () => (await navigator.permissions.query({name: 'clipboard-read'})).state"


@pytest.fixture
def site() -> Iterator[tuple[str, Counter[str]]]:
    """A site on a free port: its address, and how many times each path was asked for."""
    asked: Counter[str] = Counter()

    class Handler(BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            asked[self.path] += 1
            body, kind = (
                (b"window.loaded = true;", "text/javascript")
                if self.path == "/cached.js"
                else (PAGE, "text/html")
            )
            self.send_response(200)
            self.send_header("Content-Type", kind)
            self.send_header("Content-Length", str(len(body)))
            if self.path == "/cached.js":
                self.send_header("Cache-Control", "max-age=3600")
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *_args: object) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}", asked
    finally:
        server.shutdown()
        server.server_close()


def test_a_tab_leaves_nothing_stored_but_the_cache(
    profile: BrowserContext, site: tuple[str, Counter[str]]
) -> None:
    url, asked = site
    with fresh_tab(profile) as page:
        page.goto(f"{url}/page")
        page.evaluate(STORE_JS)
        profile.grant_permissions(["clipboard-read"], origin=url)
        assert page.evaluate(STORED_JS) == {"cookie": "who=first", "local": "first", "databases": ["saves"]}
        assert page.evaluate(CLIPBOARD_JS) == "granted"
        extra = profile.new_page()  # a second tab the test opens itself is closed too
        extra.goto(f"{url}/other")
    assert profile.pages == [profile.pages[0]], "a tab of the last test is still open"
    with fresh_tab(profile) as page:
        page.goto(f"{url}/page")
        assert page.evaluate("() => window.loaded") is True
        assert page.evaluate(STORED_JS) == {"cookie": "", "local": None, "databases": []}
        assert page.evaluate(CLIPBOARD_JS) == "prompt"
    del asked["/favicon.ico"]  # asked by the browser, and not cached when the site has none
    assert asked == Counter({"/page": 2, "/other": 1, "/cached.js": 1}), (
        "the script was not kept in the cache"
    )


def test_the_internet_is_refused_at_once_and_loopback_is_not(
    profile: BrowserContext, site: tuple[str, Counter[str]]
) -> None:
    """The browser is kept off the network at launch (tests.serving.CHROMIUM_ARGS), for every
    context, without Playwright intercepting requests (which would turn the cache off)."""
    url, asked = site
    with fresh_tab(profile) as page:
        page.goto(f"{url}/page")
        for outside in ("http://example.com/", "https://203.0.113.9/icons.woff"):
            start = time.monotonic()
            with pytest.raises(PlaywrightError, match="ERR_PROXY_CONNECTION_FAILED"):
                page.goto(outside, timeout=10_000)
            assert time.monotonic() - start < 5, f"{outside} was not refused at once"
    assert asked["/page"] == 1
