"""pitchlab.server.hub without a running hub: passwords, the accounts file, the login rules, the
learners' server config and the command. tests/test_jupyterhub.py runs the whole recipe."""

from __future__ import annotations

import base64
import grp
import hashlib
import importlib
import json
import os
import pwd
import re
import stat
import tempfile
import uuid
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from tornado.web import HTTPError
from traitlets.config import Config

import pitchlab.server.hub as hub_module
from pitchlab.server.hub import (
    BROWSER_COOKIE,
    CLASS_CODE_ENV,
    DEFAULT_URL,
    ClassAuthenticator,
    HubError,
    WrongLogins,
    add_accounts,
    class_db_url,
    hash_password,
    main,
    new_password,
    password_matches,
    peer_address,
    read_accounts,
    read_names,
    remove_accounts,
    singleuser_config,
)
from pitchlab.server.hubusers import (
    COMMENT,
    LearnerUserError,
    ensure_learner,
    remove_learners,
    system_name,
    unreachable,
)
from pitchlab.server.learner import WIDGET_MESSAGES, served
from tests.helpers import run_async
from tests.serving import ROOT

# RFC 7914, section 12, the third vector: scrypt("pleaseletmein", "SodiumChloride", N=16384, r=8, p=1)
RFC_7914 = bytes.fromhex(
    "7023bdcb3afd7348461c06cd81fd38ebfda8fbba904f8e3ea9b543f6545da1f2"
    "d5432955613f0fcf62d49705242a9af9e61e85dc0d651e40dfcf017b45575887"
)


def test_the_hash_is_scrypt_as_its_rfc_gives_it() -> None:
    stored = hash_password("pleaseletmein", salt=b"SodiumChloride")
    kind, salt, digest = stored.split("$")
    assert kind == "scrypt"
    assert base64.b64decode(salt) == b"SodiumChloride"
    assert base64.b64decode(digest) == RFC_7914


def test_a_password_matches_only_its_own_hash() -> None:
    stored = hash_password("correct horse")
    assert password_matches("correct horse", stored)
    assert not password_matches("correct hors", stored)
    assert not password_matches("Correct horse", stored)
    assert hash_password("correct horse") != stored, "each hash has a salt of its own"


@pytest.mark.parametrize(
    "stored", ["", "scrypt", "scrypt$$", "scrypt$!!$!!", "md5$c2FsdA==$ZGlnZXN0", "scrypt$a$b$c"]
)
def test_a_malformed_hash_matches_nothing(stored: str) -> None:
    assert not password_matches("", stored)
    assert not password_matches("anything", stored)


def test_a_huge_password_is_refused_without_hashing() -> None:
    long = "x" * 257
    assert not password_matches(long, hash_password(long))


def test_new_passwords_are_easy_to_copy_and_differ() -> None:
    made = {new_password() for _ in range(20)}
    assert len(made) == 20
    for password in made:
        assert re.fullmatch(r"[a-hjkmnp-z2-9]{4}-[a-hjkmnp-z2-9]{4}-[a-hjkmnp-z2-9]{4}", password), password


def test_accounts_are_added_reset_and_removed(tmp_path: Path) -> None:
    path = tmp_path / "accounts.txt"
    first = add_accounts(path, ["Ana ", "ben"])
    assert set(first) == {"ana", "ben"}
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    stored = read_accounts(path)
    assert password_matches(first["ana"], stored["ana"]) and password_matches(first["ben"], stored["ben"])
    assert not password_matches(first["ben"], stored["ana"])
    again = add_accounts(path, ["ana"])  # a reset: the old password stops working
    stored = read_accounts(path)
    assert password_matches(again["ana"], stored["ana"]) and not password_matches(first["ana"], stored["ana"])
    assert password_matches(first["ben"], stored["ben"]), "the others keep theirs"
    remove_accounts(path, ["BEN"])
    assert set(read_accounts(path)) == {"ana"}
    with pytest.raises(HubError, match="no account called 'ben'"):
        remove_accounts(path, ["ben"])


@pytest.mark.parametrize("name", ["", "  ", "../admin", "a/b", "-dash-first", "x" * 33, "café"])
def test_an_unusable_name_is_refused_in_one_line(tmp_path: Path, name: str) -> None:
    with pytest.raises(HubError, match="not a usable name") as refused:
        add_accounts(tmp_path / "accounts.txt", [name])
    assert "\n" not in str(refused.value)
    assert not (tmp_path / "accounts.txt").exists(), "nothing is written"


def test_a_bad_accounts_file_names_its_line(tmp_path: Path) -> None:
    path = tmp_path / "accounts.txt"
    path.write_text(f"# class 7b\n\nana:{hash_password('pw')}\nben:hunter2\n")
    with pytest.raises(HubError, match=r"line 4: expected name:scrypt\$"):
        read_accounts(path)
    with pytest.raises(HubError, match="cannot read the accounts file"):
        read_accounts(tmp_path / "missing.txt")


class Browser:
    """What the authenticator reads of a login request (the peer's address, the forwarded
    header, the cookies) and the cookies it sets, as JupyterHub's login handler has them."""

    def __init__(self, address: str = "127.0.0.5", headers: dict[str, str] | None = None) -> None:
        self.request = SimpleNamespace(headers=headers or {}, remote_ip=address, protocol="http")
        self.cookies: dict[str, str] = {}
        self.settings: dict[str, Any] = {}

    def get_cookie(self, name: str) -> str | None:
        return self.cookies.get(name)

    def set_cookie(self, name: str, value: str, **settings: Any) -> None:
        self.cookies[name], self.settings = value, settings


def _login(auth: ClassAuthenticator, name: str, password: str, browser: Browser | None = None) -> str | None:
    """The hub's own path through the authenticator: authenticate, normalize, validate, allow;
    from a browser of its own unless given."""
    handler = browser or Browser()
    user = run_async(lambda: auth.get_authenticated_user(handler, {"username": name, "password": password}))
    return None if user is None else str(user["name"])


def test_logins_with_accounts_and_a_class_code(tmp_path: Path) -> None:
    path = tmp_path / "accounts.txt"
    add_accounts(path, ["cleo"], password="cleos-own-password")
    auth = ClassAuthenticator(accounts_file=str(path), class_code="heron-42")
    auth.check_allow_config()
    mine = Browser()
    assert _login(auth, "Ana", "heron-42", mine) == "ana"  # any other name with the code
    assert _login(auth, " ana ", "heron-42", mine) == "ana"
    assert _login(auth, "cleo", "cleos-own-password") == "cleo"
    assert _login(auth, "CLEO", "cleos-own-password") == "cleo"
    refused = [
        ("ana", "heron-41"),
        ("ana", ""),
        ("cleo", "heron-42"),  # an account's name needs its own password
        ("cleo", "cleos-own-passworD"),
        ("../x", "heron-42"),
        ("", "heron-42"),
    ]
    for name, password in refused:
        assert _login(auth, name, password) is None, (name, password)
    add_accounts(path, ["dan"], password="added-during-class")  # read at each login
    assert _login(auth, "dan", "added-during-class") == "dan"
    assert _login(auth, "dan", "heron-42") is None


def test_a_broken_accounts_file_lets_nobody_in(tmp_path: Path) -> None:
    path = tmp_path / "accounts.txt"
    add_accounts(path, ["cleo"], password="cleos-own-password")
    auth = ClassAuthenticator(accounts_file=str(path), class_code="heron-42")
    path.write_text(path.read_text() + "ben hunter2\n")  # a teacher's hand edit gone wrong
    assert _login(auth, "cleo", "cleos-own-password") is None
    assert _login(auth, "cleo", "heron-42") is None, "not even by the code, with the accounts unknown"
    assert _login(auth, "ana", "heron-42") is None


def test_accounts_only_refuse_every_other_name(tmp_path: Path) -> None:
    path = tmp_path / "accounts.txt"
    add_accounts(path, ["cleo"], password="cleos-own-password")
    auth = ClassAuthenticator(accounts_file=str(path))
    auth.check_allow_config()
    assert _login(auth, "ana", "") is None
    assert _login(auth, "ana", "cleos-own-password") is None


def test_the_class_code_comes_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(CLASS_CODE_ENV, "from-the-env")
    assert _login(ClassAuthenticator(), "ana", "from-the-env") == "ana"


@pytest.mark.parametrize(
    ("settings", "message"),
    [
        ({}, "needs accounts"),
        ({"class_code": "short"}, "at least 6 characters"),
        ({"accounts_file": "/nonexistent/accounts.txt"}, "cannot read the accounts file"),
        ({"accounts_file": "EMPTY"}, "needs accounts"),
    ],
)
def test_a_hub_nobody_could_use_does_not_start(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, settings: dict[str, str], message: str
) -> None:
    monkeypatch.delenv(CLASS_CODE_ENV, raising=False)
    empty = tmp_path / "accounts.txt"
    empty.write_text("# nobody yet\n")
    if settings.get("accounts_file") == "EMPTY":
        settings = {"accounts_file": str(empty)}
    with pytest.raises(HubError, match=message):
        ClassAuthenticator(**settings).check_allow_config()


KUBERNETES = ROOT / "deploy" / "jupyterhub" / "kubernetes"


def test_the_kubernetes_values_match_the_tested_recipe() -> None:
    """The chart's values (not deployed here: no cluster) say what the local recipe does."""
    yaml: Any = importlib.import_module("yaml")  # PyYAML, which jupyter_events brings
    values = yaml.safe_load((KUBERNETES / "values.yaml").read_text())
    assert values["singleuser"]["defaultUrl"] == DEFAULT_URL
    assert values["singleuser"]["cmd"] == "jupyterhub-singleuser"
    extra = values["hub"]["extraConfig"]["pitchlab"]
    config = Config()
    exec(compile(extra, "values.yaml:hub.extraConfig", "exec"), {"c": config})
    assert config.JupyterHub.authenticator_class is ClassAuthenticator
    mount = values["hub"]["extraFiles"]["pitchlab-accounts"]["mountPath"]
    assert config.ClassAuthenticator.accounts_file == mount
    assert values["hub"]["extraEnv"][CLASS_CODE_ENV]["valueFrom"]["secretKeyRef"]
    assert config.ClassAuthenticator.names_file.startswith("/srv/jupyterhub/"), "on the hub's volume"
    # every learner's pod writes to one class store: PostgreSQL, its URL from a secret
    class_db = values["singleuser"]["extraEnv"]["PITCHLAB_CLASS_DB"]["valueFrom"]["secretKeyRef"]
    assert class_db == {"name": "pitchlab-class-db", "key": "url"}
    dockerfile = (KUBERNETES / "singleuser.Dockerfile").read_text()
    assert "python -m pitchlab.server.hub singleuser-config /etc/jupyter" in dockerfile


def test_learners_servers_get_the_shipped_classroom_settings() -> None:
    shipped = json.loads((ROOT / "voila.json").read_text())
    config = singleuser_config(ROOT)
    assert config["ServerApp"]["default_url"] == "/voila/render/notebooks/app.ipynb"
    assert config["ServerApp"]["root_dir"] == str(ROOT)
    culling = {k: v for k, v in config["MappingKernelManager"].items() if k != "allowed_message_types"}
    assert culling == shipped["MappingKernelManager"]
    assert config["KernelManager"]["transport"] == "ipc"
    assert config["VoilaConfiguration"]["show_tracebacks"] is False
    assert config["VoilaConfiguration"]["preheat_kernel"] is False, "Jupyter Server has no pool"
    assert "pool" not in json.dumps(config)
    assert config["ServerApp"]["jpserver_extensions"]["jupyterlab"] is False
    assert (
        config["ServerApp"]["shutdown_no_activity_timeout"]
        == shipped["MappingKernelManager"]["cull_idle_timeout"]
    )


def test_a_typed_password_is_asked_twice_and_not_printed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "accounts.txt"
    typed = iter(["short", "long-enough-1", "long-enough-2", "long-enough-1", "long-enough-1"])
    monkeypatch.setattr("getpass.getpass", lambda prompt="": next(typed))
    assert main(["add", str(path), "ana", "--ask"]) == 2
    assert "8-256 characters" in capsys.readouterr().err
    assert main(["add", str(path), "ana", "--ask"]) == 2
    assert "the two passwords differ" in capsys.readouterr().err
    assert not path.exists()
    assert main(["add", str(path), "ana", "--ask"]) == 0
    assert capsys.readouterr().out == "ana\n"
    assert password_matches("long-enough-1", read_accounts(path)["ana"])


def test_the_command_prints_each_new_password_once(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "accounts.txt"
    assert main(["add", str(path), "ana", "Ben"]) == 0
    printed = dict(line.split("\t") for line in capsys.readouterr().out.splitlines())
    stored = read_accounts(path)
    assert set(printed) == set(stored) == {"ana", "ben"}
    assert all(password_matches(printed[name], stored[name]) for name in printed)
    assert printed["ana"] not in path.read_text(), "the file keeps hashes only"
    assert main(["remove", str(path), "zed"]) == 2
    assert capsys.readouterr().err.strip() == f"pitchlab.server.hub: no account called 'zed' in {path}"
    assert main(["singleuser-config", str(tmp_path / "etc")]) == 0
    written = json.loads((tmp_path / "etc" / "jupyter_server_config.json").read_text())
    assert written == singleuser_config()


def test_every_learners_server_writes_to_one_class_store(tmp_path: Path) -> None:
    assert class_db_url(tmp_path, {}) == f"sqlite:///{tmp_path / 'classes.sqlite'}"
    url = "postgresql://teacher@db.school/pitch"
    assert class_db_url(tmp_path, {"PITCHLAB_CLASS_DB": f" {url} "}) == url
    recipe = (ROOT / "deploy" / "jupyterhub" / "jupyterhub_config.py").read_text()
    assert "CLASS_DB = class_db_url(CLASSES)" in recipe and '"PITCHLAB_CLASS_DB": CLASS_DB' in recipe


# ------------------------------------------------------------ names bound to browsers


def test_a_class_code_name_belongs_to_the_browser_that_took_it(tmp_path: Path) -> None:
    names = tmp_path / "names.json"
    auth = ClassAuthenticator(class_code="heron-42", names_file=str(names))
    mine, theirs = Browser(), Browser()
    assert _login(auth, "ana", "heron-42", mine) == "ana"
    token = mine.cookies[BROWSER_COOKIE]
    assert len(token) == 43 and mine.settings["httponly"] and mine.settings["samesite"] == "Strict"
    assert mine.settings["path"] == "/hub/"
    for typed in ("ana", " ANA"):
        with pytest.raises(HTTPError) as refused:
            _login(auth, typed, "heron-42", theirs)
        assert refused.value.status_code == 403
        assert "already logged in as ana from another browser" in str(refused.value.log_message)
    assert _login(auth, "ana", "heron-42", mine) == "ana", "her own browser, again"
    forged = Browser()
    forged.cookies[BROWSER_COOKIE] = "x" * 43  # a made-up cookie is just another browser
    with pytest.raises(HTTPError):
        _login(auth, "ana", "heron-42", forged)
    assert _login(auth, "ben", "heron-42", theirs) == "ben", "a name of their own"

    # kept for a restarted hub, owner-only, as digests: the cookie itself is in no file
    assert stat.S_IMODE(names.stat().st_mode) == 0o600
    assert read_names(names)["ana"] == hashlib.sha256(token.encode()).hexdigest()
    assert token not in names.read_text()
    restarted = ClassAuthenticator(class_code="heron-42", names_file=str(names))
    with pytest.raises(HTTPError):
        _login(restarted, "ana", "heron-42", theirs)
    assert _login(restarted, "ana", "heron-42", mine) == "ana"

    # the teacher frees the name (a learner on a new computer): the running hub reads it again
    assert main(["free", str(names), "Ana"]) == 0
    assert _login(restarted, "ana", "heron-42", theirs) == "ana"
    with pytest.raises(HTTPError):
        _login(restarted, "ana", "heron-42", mine)


def test_freeing_a_name_nobody_took_is_an_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    names = tmp_path / "names.json"
    names.write_text("{}")
    assert main(["free", str(names), "zed"]) == 2
    assert (
        capsys.readouterr().err.strip() == f"pitchlab.server.hub: no one has taken the name 'zed' in {names}"
    )


def test_account_names_are_not_bound_to_a_browser(tmp_path: Path) -> None:
    path = tmp_path / "accounts.txt"
    add_accounts(path, ["cleo"], password="cleos-own-password")
    auth = ClassAuthenticator(accounts_file=str(path), class_code="heron-42")
    assert _login(auth, "cleo", "cleos-own-password", Browser()) == "cleo"
    assert _login(auth, "cleo", "cleos-own-password", Browser()) == "cleo", "her password, any computer"


# ------------------------------------------------------------ wrong logins


def test_wrong_logins_are_limited_per_address_and_per_name(monkeypatch: pytest.MonkeyPatch) -> None:
    clock = [1000.0]
    monkeypatch.setattr(hub_module, "time", SimpleNamespace(monotonic=lambda: clock[0]))
    auth = ClassAuthenticator(class_code="heron-42", wrong_per_address=3, wrong_per_name=2, wrong_window_s=60)
    here = "127.0.0.7"
    for name in ("n1", "n2", "n3"):  # three wrong logins from one address: each checked
        assert _login(auth, name, "wrong-code", Browser(here)) is None
    with pytest.raises(HTTPError) as refused:  # the fourth, even with the right code: refused unchecked
        _login(auth, "n4", "heron-42", Browser(here))
    assert refused.value.status_code == 429 and "Wait a minute" in str(refused.value.log_message)
    assert _login(auth, "n4", "heron-42", Browser("127.0.0.8")) == "n4", "another address is not held up"

    for address in ("127.0.0.9", "127.0.0.10"):  # two wrong logins for one name, from two addresses
        assert _login(auth, "hal", "wrong-code", Browser(address)) is None
    with pytest.raises(HTTPError):
        _login(auth, "hal", "heron-42", Browser("127.0.0.11"))

    clock[0] += 60.5  # the minute has passed
    assert _login(auth, "hal", "heron-42", Browser("127.0.0.11")) == "hal"
    assert _login(auth, "n5", "heron-42", Browser(here)) == "n5"


def test_a_flood_of_new_names_is_let_go_after_its_minute() -> None:
    wrong = WrongLogins(cap=5, window_s=60)
    for i in range(WrongLogins.SWEEP_AT):
        wrong.add(f"n{i}", now=0.0)
    assert len(wrong) == WrongLogins.SWEEP_AT and wrong.over("n0", now=30.0) is False  # 1 of 5
    wrong.add("late", now=61.0)  # every earlier key's one wrong login is past its minute
    assert len(wrong) == 1
    unlimited = WrongLogins(cap=0, window_s=60)
    for _ in range(10):
        unlimited.add("ana", now=0.0)
    assert not unlimited.over("ana", now=0.0) and len(unlimited) == 0


def test_the_login_address_is_the_one_the_proxy_saw() -> None:
    # configurable-http-proxy appends the peer it saw to X-Forwarded-For; X-Real-Ip is the browser's word
    spoofed = Browser("127.0.0.1", {"X-Forwarded-For": "203.0.113.9, 127.0.0.2", "X-Real-Ip": "203.0.113.7"})
    assert peer_address(spoofed) == "127.0.0.2"
    assert peer_address(Browser("127.0.0.3")) == "127.0.0.3"


# ------------------------------------------------------------ a learner's server


@pytest.mark.parametrize(
    ("path", "method", "answered"),
    [
        ("", "GET", True),  # the server's root, which sends the browser to the app
        ("voila/render/notebooks/app.ipynb", "GET", True),
        ("voila/static/voila.js", "GET", True),
        ("static/favicon.ico", "GET", True),
        ("api", "GET", True),  # the version, which the hub asks for
        ("api/kernels/0f3c5a2e-1b7d-4c9a-8e6f-2a4b6c8d0e1f/channels", "GET", True),
        ("api/kernels/0f3c5a2e-1b7d-4c9a-8e6f-2a4b6c8d0e1f", "GET", True),
        ("api/kernels/0f3c5a2e-1b7d-4c9a-8e6f-2a4b6c8d0e1f", "DELETE", True),
        ("oauth_callback", "GET", True),
        ("api/kernels/0f3c5a2e-1b7d-4c9a-8e6f-2a4b6c8d0e1f", "PATCH", False),
        ("api/kernels/0f3c5a2e-1b7d-4c9a-8e6f-2a4b6c8d0e1f/restart", "POST", False),
        ("api/kernels", "POST", False),
        ("api/kernels", "GET", False),
        ("api/contents", "GET", False),
        ("api/contents/notebooks/app.ipynb", "PUT", False),
        ("api/sessions", "POST", False),
        ("api/terminals", "POST", False),
        ("files/voila.json", "GET", False),
        ("nbconvert/html/notebooks/app.ipynb", "GET", False),
        ("lab", "GET", False),
        ("/api/contents", "GET", False),  # a doubled slash is not the root
        ("api%2Fcontents", "GET", False),
    ],
)
def test_a_learners_server_answers_voilas_routes_alone(path: str, method: str, answered: bool) -> None:
    assert served(path, method) is answered


def test_learners_servers_take_widget_messages_and_serve_voila_alone() -> None:
    config = singleuser_config(ROOT)
    extensions = config["ServerApp"]["jpserver_extensions"]
    assert extensions["pitchlab.server.learner"] is True and extensions["voila.server_extension"] is True
    assert extensions["jupyter_server_terminals"] is False
    allowed = config["MappingKernelManager"]["allowed_message_types"]
    assert allowed == WIDGET_MESSAGES
    for code_running in ("execute_request", "inspect_request", "complete_request", "history_request"):
        assert code_running not in allowed


# ------------------------------------------------------------ learners' Unix users


def test_a_learners_unix_user_is_prefixed_and_at_most_32_characters() -> None:
    assert system_name("pitchlab-", "ana") == "pitchlab-ana"
    assert system_name("pitchlab-", "root") == "pitchlab-root", "a name is never an account of the machine"
    long = "a" * 32
    made = system_name("pitchlab-", long)
    # 9 + (32 - 9 - 9 = 14 letters) + "-" + 8 hex digits = 32
    assert made == "pitchlab-" + "a" * 14 + "-" + hashlib.sha256(long.encode()).hexdigest()[:8]
    assert len(made) == 32
    assert system_name("pitchlab-", "a" * 31 + "b") != made


def test_a_folder_others_cannot_enter_is_named() -> None:
    with tempfile.TemporaryDirectory() as made:  # in /tmp: pytest's folders are their owner's alone
        top = Path(made)
        top.chmod(0o755)
        shut = top / "shut"
        inside = shut / "open" / "python"
        inside.parent.mkdir(parents=True)
        inside.write_text("")
        shut.chmod(0o700)
        (shut / "open").chmod(0o755)
        inside.chmod(0o755)
        assert unreachable([inside]) == shut
        shut.chmod(0o711)  # others may pass through without listing it
        assert unreachable([inside]) is None
        inside.chmod(0o700)
        assert unreachable([inside]) == inside


@pytest.mark.skipif(os.geteuid() != 0, reason="making Unix users needs root")
def test_a_learners_unix_user_is_made_once_and_removed(tmp_path: Path) -> None:
    prefix = f"plu{uuid.uuid4().hex[:4]}-"
    group = f"{prefix}learners"
    tmp_path.chmod(0o755)
    try:
        made = ensure_learner(f"{prefix}ana", group, tmp_path / "homes" / f"{prefix}ana")
        assert made.pw_gid == grp.getgrnam(group).gr_gid and made.pw_gecos == COMMENT
        assert made.pw_uid != 0 and made.pw_shell == "/usr/sbin/nologin"
        home = Path(made.pw_dir)
        assert home.stat().st_uid == made.pw_uid and stat.S_IMODE(home.stat().st_mode) == 0o700
        assert ensure_learner(f"{prefix}ana", group, home) == made, "the second login finds it"
        with pytest.raises(LearnerUserError, match="exists and is not a pitchlab learner's"):
            ensure_learner("root", group, tmp_path / "homes" / "root")
    finally:
        removed = remove_learners(prefix, group)
    assert removed == [f"{prefix}ana"]
    with pytest.raises(KeyError):
        pwd.getpwnam(f"{prefix}ana")
    with pytest.raises(KeyError):
        grp.getgrnam(group)
