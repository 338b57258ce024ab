"""The JupyterHub recipe (deploy/jupyterhub/) on this machine: three learners log in, each
gets a server of their own that opens the app in Voilà; wrong passwords are refused; stopping
the hub leaves no process behind.

One hub serves the whole module (starting it and three servers is the slow part). It runs
exactly as a teacher runs it, ``jupyterhub -f deploy/jupyterhub/jupyterhub_config.py``, with
configurable-http-proxy from ``deploy/jupyterhub/node`` (``.ci/run`` installs it), on free
loopback ports, its state in a temporary folder.
"""

from __future__ import annotations

import http.cookiejar
import os
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from pitchlab.server.hub import CLASS_CODE_ENV, DEFAULT_URL, add_accounts
from pitchlab.server.processes import Proc, process_tree, stop_group
from tests.helpers import in_own_thread
from tests.serving import (
    CHROMIUM,
    CHROMIUM_ARGS,
    ROOT,
    click_and_wait,
    free_port,
    next_move,
    offline,
)

RECIPE = ROOT / "deploy" / "jupyterhub"
SCREENSHOTS = ROOT / "screenshots"
PROXY = RECIPE / "node" / "node_modules" / ".bin" / "configurable-http-proxy"
CLASS_CODE = "blue-heron-42"
ACCOUNT, ACCOUNT_PASSWORD = "cleo", "a-teacher-made-password"
START_DEADLINE_S = 120.0
SPAWN_DEADLINE_S = 240.0
"""Three servers and three kernels starting at once on two shared cores: generous."""


pytestmark = pytest.mark.server  # every test here uses the hub


@dataclass
class Hub:
    """A running hub: its address, process, log, and every process seen under it."""

    url: str
    proc: subprocess.Popen[bytes]
    log: Path
    seen: dict[int, Proc] = field(default_factory=dict)

    def log_text(self, last_lines: int = 60) -> str:
        return "\n".join(self.log.read_text(errors="replace").splitlines()[-last_lines:])

    def note_processes(self) -> None:
        """Remember the hub's process tree now (the proxy, learners' servers, their kernels):
        the learners' servers run in sessions of their own, so a signal to the hub's group
        cannot reach them; only the hub's own shutdown does."""
        self.seen.update({p.pid: p for p in process_tree(self.proc.pid)})

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.note_processes()
            stop_group(self.proc, grace_s=60)


def alive(pid: int) -> bool:
    """Whether ``pid`` is a running process (a zombie counts as gone)."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (OSError, IndexError):
        return False
    return state != "Z"


@pytest.fixture(scope="module")
def hub(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Hub]:
    if not PROXY.exists():
        reason = f"configurable-http-proxy is not installed: npm ci --prefix {PROXY.parents[2]}"
        if os.environ.get("CI"):
            pytest.fail(f"{reason} (.ci/run does it)")
        pytest.skip(reason)
    with started_hub(tmp_path_factory.mktemp("hub")) as running:
        yield running


@contextmanager
def started_hub(folder: Path) -> Iterator[Hub]:
    """The recipe's hub with its state in ``folder``, the class code and one account (cleo)."""
    accounts = folder / "accounts.txt"
    add_accounts(accounts, [ACCOUNT], ACCOUNT_PASSWORD)
    port = free_port()
    log = folder / "hub.log"
    command = [
        sys.executable,
        "-m",
        "jupyterhub",
        "-f",
        str(RECIPE / "jupyterhub_config.py"),
        f"--JupyterHub.bind_url=http://127.0.0.1:{port}",
        f"--JupyterHub.hub_port={free_port()}",
        f"--ConfigurableHTTPProxy.api_url=http://127.0.0.1:{free_port()}",
        f"--ClassAuthenticator.accounts_file={accounts}",
    ]
    env = {**os.environ, "PITCHLAB_HUB_STATE": str(folder / "state"), CLASS_CODE_ENV: CLASS_CODE}
    with log.open("wb") as out:
        proc = subprocess.Popen(
            command, cwd=folder, env=env, stdout=out, stderr=subprocess.STDOUT, start_new_session=True
        )
    running = Hub(f"http://127.0.0.1:{port}", proc, log)
    try:
        deadline = time.monotonic() + START_DEADLINE_S
        while not _answers(f"{running.url}/hub/login"):
            if proc.poll() is not None or time.monotonic() > deadline:
                pytest.fail(f"the hub did not start (status {proc.poll()}):\n{running.log_text()}")
            time.sleep(0.2)
        yield running
    finally:
        running.stop()


def _answers(url: str) -> bool:
    try:
        with urllib.request.urlopen(url, timeout=5) as reply:
            return bool(reply.status == 200)
    except OSError:
        return False


@dataclass(frozen=True)
class Reply:
    status: int
    url: str
    text: str


class Learner:
    """One browser's worth of cookies, logging in through the hub's form as a person does."""

    def __init__(self, hub: Hub) -> None:
        self.hub = hub
        self.jar = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.jar))

    def get(self, path: str, data: dict[str, str] | None = None, timeout: float = 180) -> Reply:
        body = urllib.parse.urlencode(data).encode() if data is not None else None
        try:
            with self.opener.open(f"{self.hub.url}{path}", data=body, timeout=timeout) as reply:
                return Reply(reply.status, reply.url, reply.read().decode(errors="replace"))
        except urllib.error.HTTPError as exc:
            return Reply(exc.code, exc.url, exc.read().decode(errors="replace"))

    def log_in(self, name: str, password: str, then: str = "") -> Reply:
        """The login form's round trip: the page sets the ``_xsrf`` cookie, the form sends it back.
        Without ``then`` the hub goes on to start the learner's server, as for a learner."""
        form = self.get("/hub/login")
        assert form.status == 200, form.text[:500]
        xsrf = next(cookie.value for cookie in self.jar if cookie.name == "_xsrf")
        assert xsrf
        query = f"?{urllib.parse.urlencode({'next': then})}" if then else ""
        return self.get(f"/hub/login{query}", {"username": name, "password": password, "_xsrf": xsrf or ""})

    def open_app(self, name: str) -> Reply:
        """The app's address under the learner's server, asked again while the server starts
        (the hub answers with its "starting" page until the server is up)."""
        deadline = time.monotonic() + SPAWN_DEADLINE_S
        while True:
            reply = self.get(f"/user/{name}{DEFAULT_URL}")
            if f"/user/{name}/voila/render/" in reply.url or reply.status >= 500:
                return reply
            if time.monotonic() > deadline:
                return reply
            time.sleep(1)


APP_MARKERS = ("Play Pitch", "application/vnd.jupyter.widget-view+json")
"""The app's page as Voilà sends it: the notebook's heading and the table's widget view."""


def test_three_learners_each_get_the_app_on_a_server_of_their_own(hub: Hub) -> None:
    logins = {"ana": CLASS_CODE, "ben": CLASS_CODE, ACCOUNT: ACCOUNT_PASSWORD}

    def arrive(name: str) -> Reply:
        learner = Learner(hub)
        landed = learner.log_in(name, logins[name])
        assert landed.status == 200, f"{name}: {landed.status} {landed.text[:300]}"
        return learner.open_app(name)

    with ThreadPoolExecutor(len(logins)) as pool:
        pages = dict(zip(logins, pool.map(arrive, logins), strict=True))
    hub.note_processes()
    for name, page in pages.items():
        assert page.status == 200 and page.url.endswith(f"/user/{name}{DEFAULT_URL}"), (
            f"{name}: {page.status} at {page.url}\n{hub.log_text()}"
        )
        for marker in APP_MARKERS:
            assert marker in page.text, f"{name}'s page lacks {marker!r}"
    servers = [p for p in hub.seen.values() if "jupyterhub.singleuser" in p.cmdline]
    assert len(servers) == 3, [p.cmdline for p in servers]


def test_a_learner_cannot_open_another_learners_server(hub: Hub) -> None:
    learner = Learner(hub)
    assert learner.log_in("dan", CLASS_CODE, then="/hub/home").status == 200  # no server of dan's
    elsewhere = learner.get(f"/user/ana{DEFAULT_URL}", timeout=60)
    assert elsewhere.status == 403, (elsewhere.status, elsewhere.url)
    assert not any(marker in elsewhere.text for marker in APP_MARKERS)


def test_a_learners_server_has_voila_and_no_lab_or_terminal(hub: Hub) -> None:
    learner = Learner(hub)
    assert learner.log_in("ana", CLASS_CODE, then="/hub/home").status == 200
    tree = learner.get("/user/ana/voila/tree/notebooks", timeout=60)  # Voila's list of the pages
    assert tree.status == 200 and "voila-tree-main" in tree.text, "ana's own server answers her"
    assert learner.get("/user/ana/lab", timeout=60).status == 404
    assert learner.get("/user/ana/api/terminals", timeout=60).status == 404


REFUSED = (
    ("eve", "blue-heron-41"),  # a wrong class code
    ("eve", ""),
    (ACCOUNT, CLASS_CODE),  # an account's name needs its own password, not the class code
    (ACCOUNT, "a-teacher-made-passworD"),
    ("../admin", CLASS_CODE),  # not a usable name
)


def test_a_wrong_code_or_password_is_refused(hub: Hub) -> None:
    # one test, not parametrized: ./dev test's workers would each start a hub for a case
    for name, password in REFUSED:
        refused = Learner(hub).log_in(name, password)
        assert refused.status == 403 and "/hub/login" in refused.url, (name, password, refused.url)
        assert "Invalid username or password" in refused.text


def test_a_learner_in_a_browser_plays_through_the_hub(hub: Hub) -> None:
    """Through the proxy the page's widgets reach the kernel (a websocket): a click redraws."""
    if not Path(CHROMIUM).exists():
        if os.environ.get("CI"):
            pytest.fail(f"Chromium not found at {CHROMIUM}: CI must install it, see .ci/run")
        pytest.skip(f"Chromium not found at {CHROMIUM}")
    from playwright.sync_api import sync_playwright

    def play() -> None:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=list(CHROMIUM_ARGS))
            try:
                context = browser.new_context(viewport={"width": 1280, "height": 900})
                offline(context)
                context.set_default_timeout(120_000)
                page = context.new_page()
                page.goto(f"{hub.url}/hub/login")
                page.fill("#username_input", "Ana ")  # names are matched without case or spaces
                page.fill("#password_input", CLASS_CODE)
                page.click("#login_submit")
                page.wait_for_url(f"**/user/ana{DEFAULT_URL}")
                page.locator(".pl-app").wait_for(state="visible")
                move = next_move(page, patience_ms=60_000)
                assert move is not None, "the table offers the learner something to press"
                click_and_wait(page, move)  # fails unless the app redraws after the click
                SCREENSHOTS.mkdir(exist_ok=True)
                page.screenshot(path=SCREENSHOTS / "jupyterhub-app.png")
            finally:
                browser.close()

    in_own_thread(play)  # a browser test before this one may hold Playwright on this thread


def test_stopping_the_hub_stops_every_server_and_kernel(hub: Hub) -> None:
    hub.note_processes()
    kinds = {
        "proxy": [p for p in hub.seen.values() if "configurable-http-proxy" in p.cmdline],
        "kernel": [p for p in hub.seen.values() if "ipykernel" in p.cmdline],
    }
    assert kinds["proxy"] and kinds["kernel"], "the hub ran a proxy and the learners' kernels"
    hub.stop()
    deadline = time.monotonic() + 30
    while (left := [p for p in hub.seen.values() if alive(p.pid)]) and time.monotonic() < deadline:
        time.sleep(0.5)
    for proc in left:
        os.kill(proc.pid, signal.SIGKILL)
    assert not left, [p.cmdline[:120] for p in left]
