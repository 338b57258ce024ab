"""pitchlab.server.hub without a running hub: passwords, the accounts file, the login rules, the
learners' server config and the command. tests/test_jupyterhub.py runs the whole recipe."""

from __future__ import annotations

import base64
import importlib
import json
import re
import stat
from pathlib import Path
from typing import Any

import pytest
from traitlets.config import Config

from pitchlab.server.hub import (
    CLASS_CODE_ENV,
    DEFAULT_URL,
    ClassAuthenticator,
    HubError,
    add_accounts,
    class_db_url,
    hash_password,
    main,
    new_password,
    password_matches,
    read_accounts,
    remove_accounts,
    singleuser_config,
)
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


def _login(auth: ClassAuthenticator, name: str, password: str) -> str | None:
    """The hub's own path through the authenticator: authenticate, normalize, validate, allow."""
    user = run_async(lambda: auth.get_authenticated_user(None, {"username": name, "password": password}))
    return None if user is None else str(user["name"])


def test_logins_with_accounts_and_a_class_code(tmp_path: Path) -> None:
    path = tmp_path / "accounts.txt"
    add_accounts(path, ["cleo"], password="cleos-own-password")
    auth = ClassAuthenticator(accounts_file=str(path), class_code="heron-42")
    auth.check_allow_config()
    assert _login(auth, "Ana", "heron-42") == "ana"  # any other name with the code
    assert _login(auth, " ana ", "heron-42") == "ana"
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
    dockerfile = (KUBERNETES / "singleuser.Dockerfile").read_text()
    assert "python -m pitchlab.server.hub singleuser-config /etc/jupyter" in dockerfile


def test_learners_servers_get_the_shipped_classroom_settings() -> None:
    shipped = json.loads((ROOT / "voila.json").read_text())
    config = singleuser_config(ROOT)
    assert config["ServerApp"]["default_url"] == "/voila/render/notebooks/app.ipynb"
    assert config["ServerApp"]["root_dir"] == str(ROOT)
    assert config["MappingKernelManager"] == shipped["MappingKernelManager"]
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
    assert '"PITCHLAB_CLASS_DB": class_db_url(STATE)' in recipe
