"""Fixtures for the browser tests: one Voila server for the session, headless Chromium.

Voila serves the repo root with the shipped voila.json (the config a class gets),
so pages are ``/voila/render/tutorial/<name>.ipynb`` and
``/voila/render/notebooks/app.ipynb``. Chromium is Debian's ``/usr/bin/chromium``
driven by Python playwright; ``playwright install`` is never needed. Without
Chromium the tests skip on a workstation but fail in CI (``CI`` set), which installs it.
Each worker runs one Chromium with a profile on disk; a test's ``page`` is a tab in it that
leaves nothing stored behind, so pages after the first run their scripts compiled from the
profile's cache (``tests.serving.fresh_tab``). The browser never reaches the internet
(``tests.serving.CHROMIUM_ARGS``).
"""

from __future__ import annotations

import os
from collections.abc import Callable, Generator, Iterator, Mapping, Sequence
from contextlib import ExitStack, contextmanager
from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, Playwright, sync_playwright

from pitchlab.server.processes import stop_group
from tests.helpers import voila_server
from tests.serving import CHROMIUM, CHROMIUM_ARGS, ROOT, VoilaServer, fresh_tab

SCREENSHOTS = ROOT / "screenshots"
START_DEADLINE_S = 60.0


_SERVERS: list[VoilaServer] = []


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(
    item: pytest.Item, call: pytest.CallInfo[None]
) -> Generator[None, pytest.TestReport, pytest.TestReport]:
    """A failed browser test carries the end of Voila's log, where a kernel's trouble shows."""
    report = yield
    if report.failed and _SERVERS:
        report.sections.append(("voila log (last lines)", _SERVERS[0].log_text(60)))
    return report


@pytest.fixture(scope="session")
def voila_url() -> Iterator[str]:
    """Base URL of a Voila server on a free port, serving the repo root."""
    with _served(refill=True) as server:
        yield server.url


@pytest.fixture
def own_server() -> Iterator[VoilaServer]:
    """A server for one test alone, whose processes the test may kill or stop (see
    ``serve_alone``)."""
    with _served() as server:
        yield server


@pytest.fixture
def serve_alone() -> Iterator[Callable[[bool], str]]:
    """``serve_alone(pool)``: the base URL of a Voila server for one test alone, stopped after it.
    Twice in fresh-clone runs a page hung after one server had rendered a dozen others (its kernel
    started and Voila never connected to it): state Voila 0.5 keeps per server (issue 13 tracks the
    server side). A page checked for its own errors gets a server of its own, so one page's trouble
    cannot pass to the next. ``pool`` keeps the app's preheated kernel (the class config); a server
    for another page goes without it, which spares each such test a kernel's start and shutdown."""
    with ExitStack() as servers:

        def serve(pool: bool) -> str:
            return servers.enter_context(_served(() if pool else NO_POOL)).url

        yield serve


@pytest.fixture(scope="module")
def pages_url() -> Iterator[str]:
    """The base URL of a Voila server without a preheated kernel, for the pages one module renders
    on one worker (a handful: :func:`serve_alone`'s trouble came after a dozen), stopped after
    them: a page checked for its own errors shares a server only with its module's other pages,
    and each page no longer pays for a server's start."""
    with _served(NO_POOL) as server:
        yield server.url


@pytest.fixture
def serve_with_env() -> Iterator[Callable[[Mapping[str, str]], str]]:
    """``serve_with_env(env)``: the base URL of a Voila server for one test alone, whose environment
    (and so its kernels') has ``env`` added, e.g. ``PITCHLAB_CLASS_DB`` naming a test's class store.
    The class pages it serves are the lessons, practice and the teacher's page, never the app, so
    it preheats no kernel for the app."""
    with ExitStack() as servers:
        yield lambda env: servers.enter_context(_served(NO_POOL, env=env)).url


@pytest.fixture
def restart() -> Iterator[Callable[[VoilaServer], VoilaServer]]:
    """``restart(server)``: stop ``server`` (as a teacher stopping the class server) and start
    another on the same port, as starting it again does: a page's address is the same, so the
    browser still holds what it stored there. The new server is stopped after the test."""
    with ExitStack() as servers:

        def again(server: VoilaServer) -> VoilaServer:
            stop_group(server.proc)
            return servers.enter_context(_served(port=server.port))

        yield again


NO_POOL = ("--VoilaConfiguration.preheat_kernel=False",)
"""A server's arguments for no preheated kernel: one that never serves the app."""


@contextmanager
def _served(
    extra_args: Sequence[str] = (),
    env: Mapping[str, str] | None = None,
    port: int | None = None,
    refill: bool = False,
) -> Iterator[VoilaServer]:
    """Start a server, yield it, stop it; while it runs, its log is the one a failure shows.

    ``refill``: the app's preheated kernel is refilled at once, not after the classroom's
    delay, so each test that opens the app finds one ready, as a learner arriving at a class's
    pool does (the session's server). A server for one test keeps the delay: its pool is filled
    as it starts, and a refill would run the app once more for a page that never comes."""
    extra = [*(("--VoilaKernelManager.fill_delay=0",) if refill else ()), *extra_args]
    if os.environ.get("PITCHLAB_TRACEBACKS"):
        extra.append("--VoilaConfiguration.show_tracebacks=True")
    with voila_server(extra, deadline_s=START_DEADLINE_S, env=env, port=port) as server:
        _SERVERS.insert(0, server)
        try:
            yield server
        finally:
            _SERVERS.remove(server)


@pytest.fixture(scope="session")
def pw() -> Iterator[Playwright]:
    if not Path(CHROMIUM).exists():
        reason = f"Chromium not found at {CHROMIUM} (apt-get install -y chromium)"
        if os.environ.get("CI"):
            pytest.fail(f"{reason}: CI must install it, see .ci/run")
        pytest.skip(f"{reason}; the browser tests skip outside CI")
    with sync_playwright() as pw:
        yield pw


@pytest.fixture(scope="session")
def profile(pw: Playwright, tmp_path_factory: pytest.TempPathFactory) -> Iterator[BrowserContext]:
    """Chromium with a profile on disk for the worker's whole run, where :func:`page` opens its
    tabs (:func:`tests.serving.fresh_tab`: each test's sites forget it, the compiled scripts stay)."""
    context = pw.chromium.launch_persistent_context(
        tmp_path_factory.mktemp("chromium-profile"),
        executable_path=CHROMIUM,
        args=list(CHROMIUM_ARGS),
        viewport={"width": 1280, "height": 900},
    )
    context.set_default_timeout(60_000)
    yield context
    context.close()


@pytest.fixture(scope="session")
def browser(profile: BrowserContext) -> Browser:
    """The Chromium of :func:`profile`, for a test that wants a browser context of its own (a
    student beside another, a phone's screen): such a context starts empty, as a first visit."""
    assert profile.browser is not None
    return profile.browser


@pytest.fixture
def page(profile: BrowserContext) -> Iterator[Page]:
    """A fresh tab, 1280x900, that leaves nothing stored behind (:func:`tests.serving.fresh_tab`)."""
    with fresh_tab(profile) as page:
        yield page


@pytest.fixture
def js_errors(page: Page) -> list[str]:
    """The page's uncaught JavaScript errors and console errors, for failure messages
    (plotly's ``r.setData is not a function`` is known noise, so they do not fail a test;
    a widget view that fails logs its cause with ``console.error``)."""
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.on(
        "console", lambda msg: errors.append(f"console: {msg.text[:500]}") if msg.type == "error" else None
    )
    return errors


@pytest.fixture(scope="session")
def screenshots() -> Path:
    SCREENSHOTS.mkdir(exist_ok=True)
    return SCREENSHOTS
