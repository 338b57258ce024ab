"""Fixtures for the browser tests: one Voila server for the session, headless Chromium.

Voila serves the repo root with the shipped voila.json (the config a class gets),
so pages are ``/voila/render/tutorial/<name>.ipynb`` and
``/voila/render/notebooks/app.ipynb``. Chromium is Debian's ``/usr/bin/chromium``
driven by Python playwright; ``playwright install`` is never needed. Without
Chromium the tests skip on a workstation but fail in CI (``CI`` set), which installs it.
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, Playwright, sync_playwright

ROOT = Path(__file__).resolve().parents[2]
SCREENSHOTS = ROOT / "screenshots"
CHROMIUM = os.environ.get("PITCHLAB_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
START_DEADLINE_S = 60.0


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def answers(url: str) -> bool:
    """Whether an HTTP server answers at ``url`` (any status counts)."""
    try:
        with urllib.request.urlopen(url, timeout=2):
            return True
    except urllib.error.HTTPError:
        return True
    except OSError:
        return False


def log_tail(path: Path, lines: int = 40) -> str:
    return "\n".join(path.read_text(encoding="utf-8", errors="replace").splitlines()[-lines:])


@pytest.fixture(scope="session")
def voila_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """Base URL of a Voila server on a free port, serving the repo root."""
    port = free_port()
    log = tmp_path_factory.mktemp("voila") / "voila.log"
    command = [
        str(Path(sys.executable).parent / "voila"),
        "--no-browser",
        f"--port={port}",
        "--Voila.ip=127.0.0.1",
        f"--Voila.config_file_paths={ROOT}",
    ]
    if os.environ.get("PITCHLAB_TRACEBACKS"):  # show Python tracebacks in the pages
        command.append("--VoilaConfiguration.show_tracebacks=True")
    base = f"http://127.0.0.1:{port}"
    with log.open("wb") as out:
        proc = subprocess.Popen(
            command, cwd=ROOT, stdout=out, stderr=subprocess.STDOUT, start_new_session=True
        )
    try:
        deadline = time.monotonic() + START_DEADLINE_S
        while not answers(f"{base}/voila/static/"):
            if proc.poll() is not None:
                pytest.fail(f"voila exited with status {proc.returncode}:\n{log_tail(log)}")
            if time.monotonic() > deadline:
                pytest.fail(f"voila did not answer within {START_DEADLINE_S:.0f} s:\n{log_tail(log)}")
            time.sleep(0.25)
        yield base
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGTERM)  # lets Voila shut its kernels down
            try:
                proc.wait(timeout=30)
            except subprocess.TimeoutExpired:
                os.killpg(proc.pid, signal.SIGKILL)
                proc.wait()


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
def browser(pw: Playwright) -> Iterator[Browser]:
    browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
    yield browser
    browser.close()


@pytest.fixture
def page(browser: Browser) -> Iterator[Page]:
    """A fresh page, 1280x900, in its own browser context."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    context.set_default_timeout(60_000)
    page = context.new_page()
    yield page
    page.close(run_before_unload=True)  # Voila shuts the page's kernel down on unload
    context.close()


@pytest.fixture
def js_errors(page: Page) -> list[str]:
    """The page's uncaught JavaScript errors, for failure messages (plotly's
    ``r.setData is not a function`` is known noise, so they do not fail a test)."""
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    return errors


@pytest.fixture(scope="session")
def screenshots() -> Path:
    SCREENSHOTS.mkdir(exist_ok=True)
    return SCREENSHOTS
