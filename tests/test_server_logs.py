"""The class server's log holds no secret and no flood: teacher keys masked in every line, a
bad file path refused in one short line (no traceback), refusals rate-limited per address."""

from __future__ import annotations

import logging
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from types import SimpleNamespace

import pytest

from pitchlab.server.logs import LINES_PER_MINUTE, AccessLog, scrubbed
from tests.helpers import voila_server
from tests.serving import VoilaServer

KEY = "Zq8SECRETkeyOfTheTeacher"
TEACHER = f"/voila/render/notebooks/teacher.ipynb?class=ABCDEF&key={KEY}"


def test_secrets_in_addresses_are_masked_and_nothing_else() -> None:
    assert scrubbed(f"403 GET {TEACHER} (10.0.0.7)") == (
        "403 GET /voila/render/notebooks/teacher.ipynb?class=ABCDEF&key=(hidden) (10.0.0.7)"
    )
    assert scrubbed(f"GET /x%3Fkey%3D{KEY}%26seed%3D7") == "GET /x%3Fkey%3D(hidden)%26seed%3D7"
    assert scrubbed("GET /app.ipynb?seed=7&monkey=1") == "GET /app.ipynb?seed=7&monkey=1"


def fake_handler(status: int, address: str = "10.0.0.7") -> SimpleNamespace:
    request = SimpleNamespace(remote_ip=address, request_time=lambda: 0.001)
    return SimpleNamespace(
        get_status=lambda: status, _request_summary=lambda: f"GET /x ({address})", request=request
    )


def test_refusals_are_logged_at_most_so_many_a_minute_per_address(caplog: pytest.LogCaptureFixture) -> None:
    now = [1000.0]
    log = AccessLog(clock=lambda: now[0])
    caplog.set_level(logging.INFO, logger="tornado.access")
    for _ in range(LINES_PER_MINUTE + 30):
        log(fake_handler(404))
    log(fake_handler(404, "10.0.0.8"))  # another address has its own allowance
    log(fake_handler(200))  # pages served are not refusals: always their line
    lines = [r.getMessage() for r in caplog.records]
    assert sum(line.startswith("404 GET /x (10.0.0.7)") for line in lines) == LINES_PER_MINUTE
    assert lines.count("more refused requests from 10.0.0.7 this minute are not logged") == 1
    assert sum(line.startswith("404 GET /x (10.0.0.8)") for line in lines) == 1
    assert sum(line.startswith("200 GET") for line in lines) == 1
    now[0] += 60
    caplog.clear()
    log(fake_handler(404))
    assert [r.getMessage()[:20] for r in caplog.records] == ["404 GET /x (10.0.0.7"]


@pytest.fixture(scope="module")
def server() -> Iterator[VoilaServer]:
    with voila_server(["--VoilaConfiguration.preheat_kernel=False"]) as served:
        yield served


def get(url: str) -> tuple[int, bytes]:
    try:
        with urllib.request.urlopen(url, timeout=120) as reply:
            return reply.status, reply.read()
    except urllib.error.HTTPError as refused:
        return refused.code, refused.read()


def logged(server: VoilaServer, text: str) -> str:
    """The server's first log line holding ``text``, waited for: it writes the line just after
    answering."""
    for _ in range(200):
        found = [line for line in server.log_text(10_000).splitlines() if text in line]
        if found:
            return found[0]
        time.sleep(0.05)
    raise AssertionError(f"no log line with {text!r}:\n{server.log_text()}")


def test_no_teacher_key_in_the_server_log(server: VoilaServer) -> None:
    status, _ = get(f"{server.url}/voila/render/notebooks/no-such-page.ipynb?class=ABCDEF&key={KEY}")
    assert status == 404
    get(f"{server.url}{TEACHER}")
    logged(server, "no-such-page.ipynb?class=ABCDEF&key=(hidden)")  # the refusal was logged...
    assert KEY not in server.log_text(10_000)  # ...without the key


@pytest.mark.parametrize(
    "path",
    [
        "/voila/api/themes/%2e%2e/x",
        "/voila/api/themes/%2e%2e/%2e%2e/etc/passwd",
        "/voila/templates/lab/static/%2e%2e/%2e%2e/x",
        "/voila/templates/lab/static/x",
    ],
)
def test_a_bad_file_path_is_one_short_line_and_no_traceback(server: VoilaServer, path: str) -> None:
    before = server.log_text(10_000)
    replies = [get(f"{server.url}{path}?n={n}") for n in range(LINES_PER_MINUTE + 10)]
    assert {status for status, _ in replies} == {404}
    assert {body for _, body in replies} == {b"404 Not Found\n"}
    added = server.log_text(10_000)[len(before) :]
    assert "Traceback" not in added and "Uncaught exception" not in added
    # at most the minute's allowance of lines for this address (earlier tests spent some)
    assert added.count(path) <= LINES_PER_MINUTE, added[-3000:]


def refused_from(server: VoilaServer, forwarded: str) -> str:
    """The log line of a refused request that says it was forwarded for ``forwarded``."""
    request = urllib.request.Request(
        f"{server.url}/voila/api/themes/%2e%2e/proxy-{forwarded}", headers={"X-Real-IP": forwarded}
    )
    with pytest.raises(urllib.error.HTTPError):
        urllib.request.urlopen(request, timeout=60)
    return logged(server, f"proxy-{forwarded}")


@pytest.mark.parametrize("behind_proxy", [False, True])
def test_behind_a_proxy_each_learner_is_known_by_the_forwarded_address(behind_proxy: bool) -> None:
    """``--public-url`` (``ClassServer.behind_proxy``): the proxy's header names the learner, so
    the per-address caps count learners; a server reached directly ignores that header (a
    server of its own each: the log's allowance for this address is not spent by others)."""
    with voila_server(
        ["--VoilaConfiguration.preheat_kernel=False", f"--ClassServer.behind_proxy={behind_proxy}"]
    ) as served:
        line = refused_from(served, "10.9.8.7")
    assert ("(10.9.8.7)" in line) is behind_proxy and ("(127.0.0.1)" in line) is not behind_proxy
