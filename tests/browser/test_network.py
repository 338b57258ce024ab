"""A classroom network: pages opened from another machine's address, over https, with nothing
fetched from the internet.

"Another machine" is a Linux network namespace joined to this one by a virtual cable (a
veth pair): Chromium runs inside it (``ip netns exec``), where ``127.0.0.1`` is the
namespace's own loopback, so it reaches the server only as a student's laptop would,
at the server machine's address on their shared network. Setting that up needs root
(CI runs as root): without it these tests skip on a workstation and fail under ``CI``.
"""

from __future__ import annotations

import json
import os
import secrets
import shutil
import ssl
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Playwright

from pitchlab.server.processes import stop_group
from tests.helpers import self_signed
from tests.serving import CHROMIUM, CHROMIUM_ARGS, ROOT, free_port

START_S = 180.0
"""Seconds a server may take to answer: the app's preheated kernel starts with it, and two
cores are shared with other tests."""
APP_JS = "() => !!document.querySelector('.pl-app')"
"""The app drawn: its kernel ran and its widgets reached the browser over the websocket."""


@dataclass(frozen=True)
class Namespace:
    """A second machine: its name, its address, and the server machine's address it sees."""

    name: str
    address: str
    server: str


def _refuse(reason: str) -> None:
    if os.environ.get("CI"):
        pytest.fail(f"{reason}: CI runs as root with iproute2 and must set this up")
    pytest.skip(f"{reason}; these tests skip outside CI")


def _ip(*args: str) -> None:
    subprocess.run(["ip", *args], check=True, capture_output=True, timeout=30)


@pytest.fixture(scope="module")
def second_machine() -> Iterator[Namespace]:
    """A network namespace at 10.213.N.2 joined to this machine's 10.213.N.1."""
    if os.geteuid() != 0:
        _refuse("a network namespace needs root")
    if shutil.which("ip") is None:
        _refuse("the ip command (iproute2) is missing")
    tag = secrets.token_hex(3)
    net = 10 + int(tag[:2], 16) % 200
    name, host_end, far_end = f"pl-{tag}", f"plh{tag}", f"plf{tag}"
    try:
        _ip("netns", "add", name)
    except subprocess.CalledProcessError as exc:
        _refuse(f"cannot make a network namespace: {exc.stderr.decode(errors='replace').strip()}")
    try:
        _ip("link", "add", host_end, "type", "veth", "peer", "name", far_end)
        _ip("link", "set", far_end, "netns", name)
        _ip("addr", "add", f"10.213.{net}.1/24", "dev", host_end)
        _ip("link", "set", host_end, "up")
        _ip("-n", name, "addr", "add", f"10.213.{net}.2/24", "dev", far_end)
        _ip("-n", name, "link", "set", far_end, "up")
        _ip("-n", name, "link", "set", "lo", "up")
        yield Namespace(name, f"10.213.{net}.2", f"10.213.{net}.1")
    finally:
        subprocess.run(["ip", "link", "del", host_end], capture_output=True, check=False)
        subprocess.run(["ip", "netns", "del", name], capture_output=True, check=False)


@pytest.fixture(scope="module")
def far_browser(
    pw: Playwright, second_machine: Namespace, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[Browser]:
    """Chromium running on the second machine (inside the namespace)."""
    wrapper = tmp_path_factory.mktemp("far") / "chromium"
    wrapper.write_text(f'#!/bin/sh\nexec ip netns exec {second_machine.name} {CHROMIUM} "$@"\n')
    wrapper.chmod(0o755)
    # the two machines' own addresses are not the internet: past the proxy that refuses it
    bypass = f"--proxy-bypass-list={second_machine.server};{second_machine.address}"
    browser = pw.chromium.launch(executable_path=str(wrapper), args=[*CHROMIUM_ARGS, bypass])
    yield browser
    browser.close()


@dataclass
class Served:
    """A running ``pitchlab app``: its port, process and what it printed (a file, so a long
    log never fills a pipe and stalls the server)."""

    port: int
    proc: subprocess.Popen[bytes]
    out: Path

    def lines(self) -> list[str]:
        return self.out.read_text(encoding="utf-8", errors="replace").splitlines()

    def said(self) -> list[str]:
        """pitchlab's own lines (the server's log lines follow them)."""
        return [line for line in self.lines() if line.startswith("pitchlab:")]

    def wait_ready(self, root: str) -> None:
        """Until the health endpoint at ``root`` says the app's pool is ready (so the next page
        is given a preheated kernel, which must learn its page's address from the server)."""
        context = ssl.create_default_context()
        context.check_hostname, context.verify_mode = False, ssl.CERT_NONE
        deadline = time.monotonic() + START_S
        while time.monotonic() < deadline:
            assert self.proc.poll() is None, "pitchlab app exited:\n" + "\n".join(self.lines()[-30:])
            try:
                with urllib.request.urlopen(f"{root}/pitchlab/health", timeout=5, context=context) as reply:
                    if json.loads(reply.read()).get("ready"):
                        return
            except OSError:
                pass
            time.sleep(0.5)
        pytest.fail(f"{root} not ready within {START_S:.0f} s:\n" + "\n".join(self.lines()[-30:]))


@contextmanager
def pitchlab_app(tmp: Path, *options: str) -> Iterator[Served]:
    """``pitchlab app OPTIONS`` as a teacher types it (the watchdog included), on a free port."""
    port = free_port()
    out = tmp / f"app-{port}.log"
    with out.open("wb") as log:
        proc = subprocess.Popen(
            [sys.executable, "-m", "pitchlab", "app", "--port", str(port), *options],
            cwd=ROOT,
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    try:
        yield Served(port, proc, out)
    finally:
        stop_group(proc, grace_s=60)


def app_drawn(browser: Browser, url: str) -> tuple[str, str]:
    """Open ``url`` in a fresh context of ``browser``: the protocol the page came by, and the
    app's text once drawn (its kernel ran and its widgets reached the browser)."""
    context = browser.new_context(ignore_https_errors=True)
    context.set_default_timeout(120_000)
    page = context.new_page()
    try:
        page.goto(url)
        page.wait_for_function(APP_JS, timeout=150_000)
        protocol: str = page.evaluate("() => location.protocol")
        return protocol, page.locator(".pl-app").inner_text()
    finally:
        page.close(run_before_unload=True)
        context.close()


NOT_READ = "The page's address could not be read"
"""What the app says when its preheated kernel could not ask the server for its page."""


def reach(namespace: Namespace, url: str) -> subprocess.CompletedProcess[bytes]:
    """Fetch ``url`` from inside ``namespace`` (status 0: it answered)."""
    probe = "import sys, urllib.request; urllib.request.urlopen(sys.argv[1], timeout=5)"
    command = ["ip", "netns", "exec", namespace.name, sys.executable, "-c", probe, url]
    return subprocess.run(command, capture_output=True, timeout=60, check=False)


def test_the_second_machine_is_another_machine(second_machine: Namespace, tmp_path: Path) -> None:
    """The checks below mean something: from the namespace this machine is reached only at its
    network address (the namespace's 127.0.0.1 is its own), and today's default server, on
    127.0.0.1, cannot be reached from there at all."""
    with pitchlab_app(tmp_path, "--ip", "0.0.0.0", "--pool", "0") as served:
        served.wait_ready(f"http://127.0.0.1:{served.port}")
        assert (
            reach(second_machine, f"http://{second_machine.server}:{served.port}/pitchlab/health").returncode
            == 0
        )
        assert reach(second_machine, f"http://127.0.0.1:{served.port}/pitchlab/health").returncode != 0
    with pitchlab_app(tmp_path, "--pool", "0") as served:
        served.wait_ready(f"http://127.0.0.1:{served.port}")
        assert (
            reach(second_machine, f"http://{second_machine.server}:{served.port}/pitchlab/health").returncode
            != 0
        )


def test_a_page_served_on_every_network_opens_from_another_address(
    second_machine: Namespace, far_browser: Browser, tmp_path: Path
) -> None:
    """``pitchlab app --ip 0.0.0.0``: the app opens, kernel and widgets working, in a browser on
    the second machine; the server prints this machine's network addresses (never 127.0.0.1)
    and warns, in one line, that it serves the network without https."""
    with pitchlab_app(tmp_path, "--ip", "0.0.0.0") as served:
        served.wait_ready(f"http://127.0.0.1:{served.port}")
        url = f"http://{second_machine.server}:{served.port}/voila/render/notebooks/app.ipynb"
        said = served.said()
        offered = [line.split()[2] for line in said if line.startswith(("pitchlab: open ", "pitchlab: or "))]
        assert url in offered, said
        assert not any("127.0.0.1" in address for address in offered), said
        warnings = [line for line in said if "warning" in line]
        assert len(warnings) == 1 and warnings[0].startswith(
            "pitchlab: warning: serving the network without https"
        )
        protocol, text = app_drawn(far_browser, url)
        assert protocol == "http:" and text and NOT_READ not in text


def test_a_page_served_over_https_opens_from_another_address(
    second_machine: Namespace, far_browser: Browser, tmp_path: Path
) -> None:
    """With a certificate and its key the page comes over https (plain http gets no page), the
    app's preheated kernel learns its page over the server's TLS, and there is no warning."""
    cert, key = self_signed(tmp_path, second_machine.server)
    options = ("--ip", second_machine.server, "--certfile", str(cert), "--keyfile", str(key))
    with pitchlab_app(tmp_path, *options) as served:
        root = f"https://{second_machine.server}:{served.port}"
        served.wait_ready(root)
        url = f"{root}/voila/render/notebooks/app.ipynb"
        said = served.said()
        assert said[0] == f"pitchlab: open {url} in your browser (Ctrl-C stops the server)"
        assert not any("warning" in line for line in said), said
        protocol, text = app_drawn(far_browser, url)
        assert protocol == "https:" and text and NOT_READ not in text
        assert reach(second_machine, url.replace("https://", "http://")).returncode != 0
