"""The JupyterHub recipe (deploy/jupyterhub/) on this machine: three learners log in, each
gets a server of their own, as a Unix user of their own, that opens the app in Voilà; wrong
passwords are refused; stopping the hub leaves no process behind. And the attacks a curious
learner made on the recipe, each refused: starting a kernel or reading files through the
learner's server, running code through the page's kernel, reading the hub's secrets (with
which a login is forged), typing a classmate's name, flooding the login form.

One hub serves the whole module (starting it and three servers is the slow part). It runs
exactly as a teacher runs it, as root, ``jupyterhub -f deploy/jupyterhub/jupyterhub_config.py``,
with configurable-http-proxy from ``deploy/jupyterhub/node`` (``.ci/run`` installs it), on free
loopback ports, its state in a temporary folder; the learners' Unix users it makes have a
prefix of the test's own and are removed at the end.
"""

from __future__ import annotations

import functools
import grp
import http.client
import http.cookiejar
import json
import os
import pwd
import re
import shutil
import signal
import sqlite3
import stat
import subprocess
import sys
import sysconfig
import tempfile
import time
import urllib.error
import urllib.parse
import urllib.request
import uuid
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from pitchlab.server.hub import CLASS_CODE_ENV, DEFAULT_URL, TOO_MANY, add_accounts
from pitchlab.server.hubusers import remove_learners, system_name, unreachable
from pitchlab.server.processes import Proc, process_tree, stop_group
from tests.helpers import in_own_thread
from tests.serving import (
    CHROMIUM,
    CHROMIUM_ARGS,
    ROOT,
    click_and_wait,
    free_port,
    next_move,
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
    state: Path
    prefix: str
    python: str
    """The Python the learners' servers run."""
    seen: dict[int, Proc] = field(default_factory=dict)
    browsers: dict[str, Learner] = field(default_factory=dict)

    def browser(self, name: str) -> Learner:
        """The one browser a learner uses all along (a class-code name belongs to the first
        browser that took it)."""
        return self.browsers.setdefault(name, Learner(self))

    def account(self, name: str) -> pwd.struct_passwd:
        """The Unix user the hub made for learner ``name``."""
        return pwd.getpwnam(system_name(self.prefix, name))

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
    if os.geteuid() != 0:
        pytest.skip("the recipe runs each learner's server as a Unix user of its own: it needs root")
    with started_hub(tmp_path_factory.mktemp("hub")) as running:
        yield running


def learners_python(folder: Path) -> str:
    """A Python every learner's user may run, with this environment's packages: this one if
    others can reach it, else the system's Python of the same version with a path file that
    adds this environment's packages (a Python under /root, 0700, is out of their reach)."""
    if unreachable([Path(sys.executable), Path(sysconfig.get_paths()["purelib"])]) is None:
        return sys.executable
    version = f"python{sys.version_info.major}.{sys.version_info.minor}"
    system = Path("/usr/bin") / version
    assert system.exists(), f"no {system} for the learners' users, and {sys.executable} is out of their reach"
    subprocess.run([str(system), "-m", "venv", "--without-pip", str(folder)], check=True)
    packages = sysconfig.get_paths()["purelib"]
    (folder / "lib" / version / "site-packages" / "pitchlab-test.pth").write_text(
        f"import site; site.addsitedir({packages!r})\n"
    )
    for shared in ("share", "etc"):  # Voila's templates, the extensions' settings: under the prefix
        (folder / shared).mkdir(exist_ok=True)
        (folder / shared / "jupyter").symlink_to(Path(sys.prefix) / shared / "jupyter")
    return str(folder / "bin" / "python")


@contextmanager
def passable(paths: list[Path]) -> Iterator[None]:
    """Folders on the way to ``paths`` that other users may not enter, opened for passing
    through (o+x, not listing) while the hub runs, then closed again: a checkout in a private
    folder (a fresh clone in a temporary folder) would keep the learners' servers from the
    code they run. Nothing changes where they can pass already."""
    opened: list[tuple[Path, int]] = []
    try:
        while (blocked := unreachable(paths)) is not None and len(opened) < 32:
            mode = stat.S_IMODE(blocked.stat().st_mode)
            opened.append((blocked, mode))
            blocked.chmod(mode | stat.S_IXOTH | (0 if blocked.is_dir() else stat.S_IROTH))
        assert unreachable(paths) is None, unreachable(paths)
        yield
    finally:
        for folder, mode in reversed(opened):
            folder.chmod(mode)


@contextmanager
def started_hub(folder: Path) -> Iterator[Hub]:
    """The recipe's hub with its state in a folder the learners' users can pass through (not
    pytest's, which is root's alone), the class code and one account (cleo)."""
    with passable([Path(sysconfig.get_paths()["purelib"]), ROOT]), _running_hub(folder) as running:
        yield running


@contextmanager
def _running_hub(folder: Path) -> Iterator[Hub]:
    state = Path(tempfile.mkdtemp(prefix="pitchlab-hub-test-"))
    state.chmod(0o711)
    prefix = f"plt{uuid.uuid4().hex[:4]}-"
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
    env = {
        **os.environ,
        "PITCHLAB_HUB_STATE": str(state / "state"),
        "PITCHLAB_HUB_USER_PREFIX": prefix,
        "PITCHLAB_HUB_LEARNER_PYTHON": (python := learners_python(state / "python")),
        CLASS_CODE_ENV: CLASS_CODE,
    }
    with log.open("wb") as out:
        proc = subprocess.Popen(
            command, cwd=folder, env=env, stdout=out, stderr=subprocess.STDOUT, start_new_session=True
        )
    running = Hub(f"http://127.0.0.1:{port}", proc, log, state / "state", prefix, python)
    try:
        deadline = time.monotonic() + START_DEADLINE_S
        while not _answers(f"{running.url}/hub/login"):
            if proc.poll() is not None or time.monotonic() > deadline:
                pytest.fail(f"the hub did not start (status {proc.poll()}):\n{running.log_text()}")
            time.sleep(0.2)
        yield running
    finally:
        running.stop()
        remove_learners(prefix, f"{prefix}learners")
        shutil.rmtree(state, ignore_errors=True)


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


class _FromAddress(urllib.request.HTTPHandler):
    """Connections from another loopback address: a second machine, as the hub sees it."""

    def __init__(self, source: str) -> None:
        super().__init__()
        self.source = source

    def http_open(self, req: urllib.request.Request) -> http.client.HTTPResponse:
        connect = functools.partial(http.client.HTTPConnection, source_address=(self.source, 0))
        return self.do_open(connect, req)


class Learner:
    """One browser's worth of cookies, logging in through the hub's form as a person does
    (from ``source``, another loopback address, if given)."""

    def __init__(self, hub: Hub, source: str | None = None) -> None:
        self.hub = hub
        self.jar = http.cookiejar.CookieJar()
        handlers: list[urllib.request.BaseHandler] = [urllib.request.HTTPCookieProcessor(self.jar)]
        if source is not None:
            handlers.append(_FromAddress(source))
        self.opener = urllib.request.build_opener(*handlers)

    def get(self, path: str, data: dict[str, str] | None = None, timeout: float = 180) -> Reply:
        body = urllib.parse.urlencode(data).encode() if data is not None else None
        return self._open(urllib.request.Request(f"{self.hub.url}{path}", data=body), timeout)

    def api(self, method: str, path: str, body: dict[str, object] | None = None) -> Reply:
        """A call to a Jupyter server's API as a script in the page would make it: JSON, with
        the cross-site token the server set in a cookie."""
        data = json.dumps(body).encode() if body is not None else None
        request = urllib.request.Request(f"{self.hub.url}{path}", data=data, method=method)
        xsrf = [c.value or "" for c in self.jar if c.name == "_xsrf" and path.startswith(c.path)]
        request.add_header("X-XSRFToken", xsrf[-1] if xsrf else "")
        request.add_header("Content-Type", "application/json")
        return self._open(request, timeout=60)

    def _open(self, request: urllib.request.Request, timeout: float) -> Reply:
        try:
            with self.opener.open(request, timeout=timeout) as reply:
                return Reply(reply.status, reply.url, reply.read().decode(errors="replace"))
        except urllib.error.HTTPError as exc:
            return Reply(exc.code, exc.url, exc.read().decode(errors="replace"))

    def cookie_header(self, path: str) -> str:
        return "; ".join(f"{c.name}={c.value}" for c in self.jar if path.startswith(c.path))

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
        learner = hub.browser(name)
        landed = learner.log_in(name, logins[name])
        assert landed.status == 200, f"{name}: {landed.status} {landed.text[:300]}"
        return learner.open_app(name)

    with ThreadPoolExecutor(len(logins)) as pool:
        pages = dict(zip(logins, pool.map(arrive, logins), strict=True))
    hub.note_processes()
    for name, page in pages.items():  # (?redirects=1 when the page was asked before the proxy knew it)
        assert page.status == 200 and urllib.parse.urlsplit(page.url).path == f"/user/{name}{DEFAULT_URL}", (
            f"{name}: {page.status} at {page.url}\n{hub.log_text()}"
        )
        for marker in APP_MARKERS:
            assert marker in page.text, f"{name}'s page lacks {marker!r}"
    servers = [p for p in hub.seen.values() if "jupyterhub.singleuser" in p.cmdline]
    assert len(servers) == 3, [p.cmdline for p in servers]


def test_a_learner_cannot_open_another_learners_server(hub: Hub) -> None:
    learner = hub.browser("dan")
    assert learner.log_in("dan", CLASS_CODE, then="/hub/home").status == 200  # no server of dan's
    elsewhere = learner.get(f"/user/ana{DEFAULT_URL}", timeout=60)
    assert elsewhere.status == 403, (elsewhere.status, elsewhere.url)
    assert not any(marker in elsewhere.text for marker in APP_MARKERS)


def test_a_learners_server_has_voila_and_no_lab_or_terminal(hub: Hub) -> None:
    learner = hub.browser("ana")
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


# ------------------------------------------------------------ what a curious learner tried

KERNEL_ID = re.compile(r'"kernelId": "([0-9a-f-]{36})"')

BEYOND_VOILA = (
    ("POST", "/api/kernels"),  # start a kernel of one's own, then run anything in it
    ("GET", "/api/kernels"),
    ("GET", "/api/contents"),  # read the files the server can reach...
    ("GET", "/api/contents/voila.json"),
    ("PUT", "/api/contents/notebooks/mine.ipynb"),  # ...and write into the pages every learner gets
    ("GET", "/files/voila.json"),
    ("POST", "/api/sessions"),
    ("GET", "/api/terminals"),
    ("POST", "/api/terminals"),
    ("GET", "/api/kernelspecs"),
    ("GET", "/lab"),
)
BODIES: dict[str, dict[str, object]] = {
    "/api/contents/notebooks/mine.ipynb": {"type": "file", "format": "text", "content": "written by ana"},
    "/api/sessions": {"path": "mine.ipynb", "type": "notebook", "kernel": {"name": "python3"}},
}
"""What each write would carry (the rest start with an empty object, as a script would send)."""


def kernels(hub: Hub) -> set[int]:
    """The learners' kernels running now."""
    return {p.pid for p in process_tree(hub.proc.pid) if "ipykernel" in p.cmdline}


def uid_of(pid: int) -> int | None:
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return None
    return int(next(line for line in status.splitlines() if line.startswith("Uid:")).split()[1])


def test_a_learners_server_serves_voila_and_nothing_else(hub: Hub) -> None:
    ana = hub.browser("ana")
    assert ana.log_in("ana", CLASS_CODE).status == 200
    page = ana.open_app("ana")
    assert page.status == 200 and all(marker in page.text for marker in APP_MARKERS), "Voila's page works"
    before = kernels(hub)
    assert before, "the page has its kernel"
    for method, path in BEYOND_VOILA:
        body = BODIES.get(path, {}) if method in ("POST", "PUT") else None
        reply = ana.api(method, f"/user/ana{path}", body)
        assert reply.status in (403, 404), (method, path, reply.status, reply.text[:200])
    kernel = KERNEL_ID.search(page.text)
    assert kernel is not None, "Voila's page names its kernel"
    for action in ("restart", "interrupt"):  # the page's own kernel: neither
        reply = ana.api("POST", f"/user/ana/api/kernels/{kernel[1]}/{action}", {})
        assert reply.status in (403, 404), (action, reply.status)
    assert kernels(hub) <= before, "no kernel started, none restarted"
    written = ROOT / "notebooks" / "mine.ipynb"  # into the pages every learner is served
    leaked = written.exists()
    written.unlink(missing_ok=True)
    assert not leaked, "a learner wrote into the pages"


def _message(msg_type: str, content: dict[str, object]) -> str:
    header = {
        "msg_id": uuid.uuid4().hex,
        "msg_type": msg_type,
        "username": "ana",
        "session": "test",
        "date": "2026-01-01T00:00:00Z",
        "version": "5.3",
    }
    return json.dumps(
        {"header": header, "parent_header": {}, "metadata": {}, "content": content, "channel": "shell"}
    )


def test_the_pages_kernel_takes_widget_messages_and_runs_no_code(hub: Hub) -> None:
    """The page's websocket is the one way to its kernel: an ``execute_request`` sent there
    (code that would leave a file behind) is dropped, and a ``kernel_info_request`` sent after
    it is answered, so the kernel, which answers its shell messages in order, never had it."""
    from websockets.sync.client import connect

    ana = hub.browser("ana")
    assert ana.log_in("ana", CLASS_CODE).status == 200
    page = ana.open_app("ana")
    kernel = KERNEL_ID.search(page.text)
    assert page.status == 200 and kernel is not None
    witness = Path(tempfile.gettempdir()) / f"pitchlab-ran-{uuid.uuid4().hex}"  # a kernel may write there
    code = f"open({str(witness)!r}, 'w').write('ran')"
    path = f"/user/ana/api/kernels/{kernel[1]}/channels"
    url = hub.url.replace("http://", "ws://") + path
    answered: list[str] = []
    with connect(url, additional_headers={"Cookie": ana.cookie_header(path)}, open_timeout=60) as socket:
        socket.send(_message("execute_request", {"code": code, "silent": False}))
        socket.send(_message("kernel_info_request", {}))
        deadline = time.monotonic() + 120
        while "kernel_info_reply" not in answered and time.monotonic() < deadline:
            answered.append(json.loads(socket.recv(timeout=120))["header"]["msg_type"])
    assert "kernel_info_reply" in answered, "the websocket reaches the kernel"
    ran = witness.exists()
    witness.unlink(missing_ok=True)
    assert "execute_reply" not in answered and "execute_input" not in answered, answered
    assert not ran, "the code ran"


def test_the_hubs_secrets_are_out_of_a_learners_reach(hub: Hub) -> None:
    """The hub's cookie secret and database are what forge a login: with them (read here as
    the hub's user) a cookie saying "cleo" opens cleo's page. A learner's server runs as a Unix
    user of its own, who can read neither, nor a classmate's home; the class store is shared
    with the learners' group alone."""
    import tornado.web

    secret_file, database = (
        hub.state / "hub" / "jupyterhub_cookie_secret",
        hub.state / "hub" / "jupyterhub.sqlite",
    )
    for name in ("ana", "ben"):  # each with a server running
        assert hub.browser(name).log_in(name, CLASS_CODE, then="/hub/home").status == 200
        assert hub.browser(name).open_app(name).status == 200
    hub.note_processes()
    servers = {
        p.pid: uid_of(p.pid) for p in process_tree(hub.proc.pid) if "jupyterhub.singleuser" in p.cmdline
    }
    assert servers and 0 not in servers.values(), "no learner's server runs as root"
    ana, ben = hub.account("ana"), hub.account("ben")
    assert ana.pw_uid in servers.values() and ben.pw_uid in servers.values(), servers
    assert stat.S_IMODE((hub.state / "hub").stat().st_mode) == 0o700
    assert stat.S_IMODE(secret_file.stat().st_mode) & 0o077 == 0

    # what the secrets give: a login cookie for cleo, made without her password
    with sqlite3.connect(database) as db:
        (cookie_id,) = db.execute("SELECT cookie_id FROM users WHERE name = ?", (ACCOUNT,)).fetchone()
    forged = tornado.web.create_signed_value(
        bytes.fromhex(secret_file.read_text().strip()), "jupyterhub-hub-login", cookie_id
    ).decode()
    request = urllib.request.Request(
        f"{hub.url}/hub/api/user", headers={"Cookie": f"jupyterhub-hub-login={forged}"}
    )
    with urllib.request.urlopen(request, timeout=60) as reply:
        assert json.loads(reply.read())["name"] == ACCOUNT, "the forged cookie is cleo's login"

    def as_user(account: pwd.struct_passwd, *command: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            command, user=account.pw_uid, group=account.pw_gid, extra_groups=[],
            capture_output=True, text=True, check=False,
        )  # fmt: skip

    for target in (secret_file, database, hub.state / "hub" / "names.json", Path(ben.pw_dir)):
        done = as_user(ana, "ls" if target.is_dir() else "cat", str(target))
        assert done.returncode != 0 and "Permission denied" in done.stderr, (target, done)
    written = as_user(ana, "touch", str(ROOT / "notebooks" / "mine.ipynb"))  # the pages every learner gets
    assert written.returncode != 0 and "Permission denied" in written.stderr, written
    store = hub.state / "classes" / "classes.sqlite"
    # each learner's kernel opens the class store for writing (a write transaction, as a result
    # sent from a lesson is), one after the other, whoever made the database's side files
    opens = f"from pitchlab.classes.store import open_store; open_store('sqlite:///{store}')"
    for account in (ana, ben):
        done = subprocess.run(
            [hub.python, "-c", opens], user=account.pw_uid, group=account.pw_gid,
            extra_groups=os.getgrouplist(account.pw_name, account.pw_gid), capture_output=True, text=True,
            check=False, cwd=account.pw_dir,
        )  # fmt: skip
        assert done.returncode == 0, (account.pw_name, done.stderr[-500:])
    outsider = as_user(pwd.getpwnam("nobody"), "cat", str(store))
    assert outsider.returncode != 0 and "Permission denied" in outsider.stderr


def test_a_classmates_name_is_refused_to_another_browser(hub: Hub) -> None:
    ana = hub.browser("ana")
    assert ana.log_in("ana", CLASS_CODE, then="/hub/home").status == 200
    for typed in ("ana", "Ana "):
        other = Learner(hub)  # a classmate's browser, with the class code
        refused = other.log_in(typed, CLASS_CODE)
        assert refused.status == 403, (typed, refused.status, refused.url)
        assert "already logged in as ana from another browser" in refused.text
        elsewhere = other.get(f"/user/ana{DEFAULT_URL}", timeout=60)
        assert not any(marker in elsewhere.text for marker in APP_MARKERS)
    again = ana.open_app("ana")
    assert again.status == 200 and APP_MARKERS[0] in again.text, "ana's own browser still gets in"


FLOOD = 60
"""Wrong logins sent from one address: three times the 20 the hub checks in a minute."""


def test_a_login_flood_is_refused_unchecked(hub: Hub) -> None:
    """From one address, wrong logins are checked until 20 in a minute, then refused unchecked
    (even the right code); another address is not held up. For one name, 5 wrong logins from
    5 addresses hold that name. Sent from 127.0.0.2 and on: other machines, as the hub sees."""
    flooder = Learner(hub, source="127.0.0.2")
    started = time.perf_counter()
    replies = [flooder.log_in(f"x{i}", "not-the-code") for i in range(FLOOD)]
    elapsed = time.perf_counter() - started
    checked = [r for r in replies if "Invalid username or password" in r.text]
    refused = [r for r in replies if r.status == 429 and TOO_MANY.split(".")[0] in r.text]
    print(
        f"\nlogin flood: {FLOOD} wrong logins in {elapsed:.2f} s, {len(checked)} checked, {len(refused)} refused"
    )
    assert len(checked) == 20 and len(refused) == FLOOD - 20, [r.status for r in replies]
    assert replies[-1].status == 429
    assert flooder.log_in("xavier", CLASS_CODE).status == 429, "the right code too, until the minute passes"
    assert hub.browser("ida").log_in("ida", CLASS_CODE, then="/hub/home").status == 200, (
        "another address logs in"
    )

    per_name = [Learner(hub, source=f"127.0.0.{3 + i}").log_in("hal", "not-the-code") for i in range(6)]
    assert [r.status for r in per_name] == [403] * 5 + [429]
    assert Learner(hub, source="127.0.0.20").log_in("hal", CLASS_CODE).status == 429


def test_the_hub_refuses_a_python_its_learners_cannot_run() -> None:
    """A Python in a private folder (mkdtemp makes it 0700) would leave every learner's server
    unable to start: the hub says which folder, in one line, before it makes anything."""
    if os.geteuid() != 0:
        pytest.skip("the recipe runs each learner's server as a Unix user of its own: it needs root")
    private, state = Path(tempfile.mkdtemp()), Path(tempfile.mkdtemp())
    prefix = f"plt{uuid.uuid4().hex[:4]}-"
    try:
        (private / "python").write_text("")  # never run: the hub stops before any learner's server
        (private / "python").chmod(0o755)
        state.chmod(0o711)
        env = {
            **os.environ,
            "PITCHLAB_HUB_STATE": str(state / "state"),
            "PITCHLAB_HUB_USER_PREFIX": prefix,
            "PITCHLAB_HUB_LEARNER_PYTHON": str(private / "python"),
            CLASS_CODE_ENV: CLASS_CODE,
        }
        command = [sys.executable, "-m", "jupyterhub", "-f", str(RECIPE / "jupyterhub_config.py")]
        done = subprocess.run(
            [*command, f"--JupyterHub.bind_url=http://127.0.0.1:{free_port()}"],
            env=env, capture_output=True, text=True, timeout=120, check=False,
        )  # fmt: skip
        assert done.returncode == 1, done
        assert done.stderr.strip().splitlines()[-1] == (
            f"pitchlab hub: the learners' users cannot enter {private}: install pitchlab and its "
            "Python where every user may read them (or set PITCHLAB_HUB_LEARNER_PYTHON), and keep "
            "PITCHLAB_HUB_STATE outside private folders"
        )
        with pytest.raises(KeyError):
            grp.getgrnam(f"{prefix}learners")  # nothing made for the learners
    finally:
        remove_learners(prefix, f"{prefix}learners")
        shutil.rmtree(private, ignore_errors=True)
        shutil.rmtree(state, ignore_errors=True)


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
                context.set_default_timeout(120_000)
                page = context.new_page()
                page.goto(f"{hub.url}/hub/login")
                page.fill("#username_input", "Gus ")  # names are matched without case or spaces
                page.fill("#password_input", CLASS_CODE)
                page.click("#login_submit")
                page.wait_for_url(f"**/user/gus{DEFAULT_URL}")
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
