"""Logins for a class on JupyterHub: teacher-made accounts, a class code, or both.

One Voilà server carries a class on one machine (:mod:`pitchlab.server`); past
that (logins, more memory than one machine has, many machines) JupyterHub gives
each learner a Jupyter server of their own that opens the app in Voilà. The
recipe is ``deploy/jupyterhub/``; this module holds the parts of it that are
code, so they are typed and tested:

- :class:`ClassAuthenticator`, the hub's login check. A teacher either makes
  accounts (``python -m pitchlab.server.hub add ACCOUNTS NAME...`` writes a file of
  names and scrypt hashes and prints each new password once, for the slips
  handed out in class), or sets a class code (any name with the code logs in;
  the name picks the learner's server, so a learner who types a classmate's
  name reaches that classmate's table), or both: a name in the accounts file
  always needs its own password.
- :func:`singleuser_config`, the Jupyter server settings each learner's server
  runs with, taken from the shipped ``voila.json`` (culling, kernels over IPC,
  no tracebacks) so the hub and ``pitchlab app`` agree.

Only the standard library hashes passwords, so the accounts file needs no
extra package on the hub (``hashlib.scrypt``, salted, compared in constant time).
"""

from __future__ import annotations

import argparse
import base64
import hashlib
import hmac
import json
import os
import re
import secrets
import sys
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

from jupyterhub.auth import Authenticator
from traitlets import Unicode, default

from pitchlab.classes.store import DB_VARIABLE
from pitchlab.engine.errors import PitchError
from pitchlab.server.launcher import APP, pages_root

DEFAULT_URL = f"/voila/render/{APP}"
"""Where each learner's server opens: the app, in Voilà's server extension, in the pages' root."""

NAME = re.compile(r"[a-z0-9][a-z0-9._-]{0,31}")
"""A learner's name after :func:`normalize_name`: it becomes part of every address of their
server (``/user/<name>/``) and, with a local spawner, a folder name."""

MAX_PASSWORD_CHARS = 256
"""A password or class code typed at login: refused unhashed beyond this, so a pasted
megabyte costs nothing (a generated password has 14 characters)."""

MIN_CLASS_CODE_CHARS = 6
"""A shorter class code is too easy to guess for a login page anyone can reach."""

CLASS_CODE_ENV = "PITCHLAB_CLASS_CODE"
"""The class code from the hub's environment: kept off the command line, which ``ps`` shows."""

_SCRYPT = {"n": 2**14, "r": 8, "p": 1}
"""scrypt's cost (16 MiB and some 50 ms a check): slow for a guesser, quick for a class logging in."""

_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789"
"""Letters and digits a learner cannot misread on a printed slip (no 0/o, 1/l/i)."""


class HubError(PitchError):
    """A bad accounts file, name or class code: said in one line."""


def class_db_url(state: Path, env: Mapping[str, str] | None = None) -> str:
    """For ``Spawner.environment["PITCHLAB_CLASS_DB"]``: the one class store every learner's
    server writes to. Each learner has a home folder of their own, where the store's default
    file would pool nobody's results with anyone's, so the hub names it: ``PITCHLAB_CLASS_DB``
    from the hub's environment (PostgreSQL for servers on several machines), else a SQLite
    file in the hub's state folder, which every server of the local recipe can reach."""
    env = os.environ if env is None else env
    return env.get(DB_VARIABLE, "").strip() or f"sqlite:///{state / 'classes.sqlite'}"


def normalize_name(name: str) -> str:
    """Names are matched without case or surrounding spaces: ``Ana `` logs in as ``ana``."""
    return name.strip().lower()


def check_name(name: str) -> str:
    """``name`` normalized, or :class:`HubError` saying what a name may hold."""
    normal = normalize_name(name)
    if not NAME.fullmatch(normal):
        raise HubError(
            f"{name[:40]!r} is not a usable name: 1-32 letters, digits, '.', '_' or '-', "
            "starting with a letter or digit"
        )
    return normal


def hash_password(password: str, salt: bytes | None = None) -> str:
    """``scrypt$<salt>$<hash>`` (base64): what the accounts file keeps instead of the password."""
    salt = secrets.token_bytes(16) if salt is None else salt
    digest = hashlib.scrypt(password.encode(), salt=salt, **_SCRYPT)
    return "scrypt${}${}".format(*(base64.b64encode(part).decode() for part in (salt, digest)))


def password_matches(password: str, stored: str) -> bool:
    """Whether ``password`` hashes to ``stored``; a malformed ``stored`` matches nothing."""
    if len(password) > MAX_PASSWORD_CHARS:
        return False
    try:
        kind, salt, digest = stored.split("$")
        expected = base64.b64decode(digest, validate=True)
        salt_bytes = base64.b64decode(salt, validate=True)
    except ValueError:
        return False
    if kind != "scrypt":
        return False
    given = hashlib.scrypt(password.encode(), salt=salt_bytes, **_SCRYPT)
    return hmac.compare_digest(given, expected)


def code_matches(given: str, code: str) -> bool:
    """Whether ``given`` is the class code, compared in constant time."""
    if not code or len(given) > MAX_PASSWORD_CHARS:
        return False
    return hmac.compare_digest(given.encode(), code.encode())


def new_password() -> str:
    """Twelve unambiguous characters in three groups (about 59 bits): easy to copy from a slip."""
    chars = "".join(secrets.choice(_ALPHABET) for _ in range(12))
    return "-".join(chars[i : i + 4] for i in range(0, 12, 4))


# ------------------------------------------------------------ the accounts file


def read_accounts(path: Path) -> dict[str, str]:
    """Name -> password hash from ``path``: one ``name:hash`` a line; ``#`` starts a comment."""
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise HubError(f"cannot read the accounts file {path}: {exc.strerror}") from None
    accounts = {}
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        name, sep, stored = line.partition(":")
        if not sep or not NAME.fullmatch(name) or not stored.startswith("scrypt$"):
            raise HubError(
                f"{path}, line {number}: expected name:scrypt$..., as pitchlab.server.hub add writes"
            )
        accounts[name] = stored
    return accounts


def write_accounts(path: Path, accounts: dict[str, str]) -> None:
    """Write the file whole, readable by its owner only (it holds hashes, not passwords)."""
    lines = [
        "# pitchlab class accounts: name:password hash (python -m pitchlab.server.hub add FILE NAME...)",
        *(f"{name}:{stored}" for name, stored in sorted(accounts.items())),
    ]
    temporary = path.with_name(path.name + ".new")
    temporary.write_text("\n".join(lines) + "\n", encoding="utf-8")
    temporary.chmod(0o600)
    temporary.replace(path)


def add_accounts(path: Path, names: Sequence[str], password: str | None = None) -> dict[str, str]:
    """Add or reset ``names`` in the accounts file (made if missing); returns name -> new password,
    each generated unless ``password`` is given."""
    normal = [check_name(name) for name in names]
    accounts = read_accounts(path) if path.exists() else {}
    given = {name: password or new_password() for name in normal}
    accounts.update({name: hash_password(secret) for name, secret in given.items()})
    write_accounts(path, accounts)
    return given


def remove_accounts(path: Path, names: Sequence[str]) -> None:
    """Take ``names`` out of the accounts file; a name that is not there is an error."""
    accounts = read_accounts(path)
    for name in names:
        if accounts.pop(normalize_name(name), None) is None:
            raise HubError(f"no account called {name!r} in {path}")
    write_accounts(path, accounts)


# ------------------------------------------------------------ the authenticator


class ClassAuthenticator(Authenticator):  # type: ignore[misc]
    """JupyterHub's login check for a class: a teacher-made account's password, or for any
    other name, the class code (when one is set)."""

    accounts_file = Unicode(
        "",
        config=True,
        help="File of name:hash lines from `python -m pitchlab.server.hub add`; read at each login, so "
        "accounts added during a class work at once.",
    )
    class_code = Unicode(
        config=True,
        help=f"Any name logs in with this code (at least {MIN_CLASS_CODE_CHARS} characters). "
        f"Defaults to ${CLASS_CODE_ENV}; empty means accounts only.",
    )

    @default("class_code")
    def _class_code_from_environment(self) -> str:
        return os.environ.get(CLASS_CODE_ENV, "")

    @default("allow_all")
    def _everyone_who_logs_in(self) -> bool:
        """The password or code is the gate: whoever passes it is in the class."""
        return True

    def check_allow_config(self) -> None:
        """At the hub's start: a hub nobody could log in to, or a guessable code, is a mistake
        said in one line, not found out by a class at the door."""
        super().check_allow_config()
        # a bad file stops the hub now, with its line
        accounts = read_accounts(Path(self.accounts_file)) if self.accounts_file else {}
        if not accounts and not self.class_code:
            raise HubError(
                "ClassAuthenticator needs accounts (ClassAuthenticator.accounts_file, "
                f"made by python -m pitchlab.server.hub add) or a class code (${CLASS_CODE_ENV})"
            )
        if self.class_code and len(self.class_code) < MIN_CLASS_CODE_CHARS:
            raise HubError(f"the class code must have at least {MIN_CLASS_CODE_CHARS} characters")

    def normalize_username(self, username: str) -> str:
        return normalize_name(username)

    def validate_username(self, username: str) -> bool:
        return NAME.fullmatch(username) is not None

    def authenticate(self, handler: Any, data: dict[str, str]) -> str | None:
        """The learner's name if the password is theirs or the class code, else ``None`` (the
        hub's login page then says "Invalid username or password")."""
        name = normalize_name(data.get("username", ""))
        password = data.get("password", "")
        if not NAME.fullmatch(name):
            return None
        try:
            accounts = read_accounts(Path(self.accounts_file)) if self.accounts_file else {}
        except HubError as exc:  # edited badly during a class: nobody gets in by mistake
            self.log.error("refusing every login until the accounts file is fixed: %s", exc)
            return None
        if name in accounts:
            return name if password_matches(password, accounts[name]) else None
        return name if code_matches(password, self.class_code) else None


# ------------------------------------------------------------ each learner's server


_NOT_SERVED = ("jupyterlab", "jupyter_lsp", "jupyter_server_terminals", "notebook_shim", "notebook")
"""Jupyter Server extensions installed beside Voila that a learner's server leaves off."""


def singleuser_config(root: Path | None = None) -> dict[str, Any]:
    """The Jupyter server config for a learner's server, serving the pages' ``root`` (found as
    ``pitchlab app`` finds them unless given): the shipped ``voila.json``'s settings
    that apply inside Jupyter Server (culling, kernel transport, Voilà's own), Voilà as the only
    extension, and an idle server that stops itself once culling has left it without kernels."""
    base = root or pages_root()
    shipped = json.loads((base / "voila.json").read_text(encoding="utf-8"))
    culling = shipped["MappingKernelManager"]
    voila = {  # the preheated pool is the standalone server's; the extension has none
        key: value for key, value in shipped["VoilaConfiguration"].items() if "pool" not in key
    }
    voila["preheat_kernel"] = False
    return {
        "ServerApp": {
            "root_dir": str(base),
            "default_url": DEFAULT_URL,
            "terminals_enabled": False,
            # Voila alone: no JupyterLab, terminals or language servers to start, hold or reach
            "jpserver_extensions": dict.fromkeys(_NOT_SERVED, False),
            "shutdown_no_activity_timeout": culling["cull_idle_timeout"],
        },
        "MappingKernelManager": culling,
        "KernelManager": shipped["KernelManager"],
        "VoilaExecutor": shipped["VoilaExecutor"],
        "VoilaConfiguration": voila,
    }


def runtime_dirs(root: Path) -> Callable[[Any], str]:
    """For ``Spawner.environment["JUPYTER_RUNTIME_DIR"]``: a learner's runtime folder,
    ``root/<user id>``. Kernels over IPC make their sockets there, and a socket's path holds at
    most 107 bytes: under a home in a deep state folder, kernels fail to start."""

    def folder(spawner: Any) -> str:
        return str(root / str(spawner.user.id))

    return folder


def write_singleuser_config(folder: Path, root: Path | None = None) -> Path:
    """Write :func:`singleuser_config` as ``jupyter_server_config.json`` in ``folder`` (a folder
    for ``JUPYTER_CONFIG_PATH``, or an image's ``/etc/jupyter``); returns the file."""
    folder.mkdir(parents=True, exist_ok=True)
    target = folder / "jupyter_server_config.json"
    target.write_text(json.dumps(singleuser_config(root), indent=2) + "\n", encoding="utf-8")
    return target


# ------------------------------------------------------------ the command


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m pitchlab.server.hub add|remove|singleuser-config``: see ``--help``."""
    parser = argparse.ArgumentParser(
        prog="python -m pitchlab.server.hub", description="Accounts and settings for a class on JupyterHub."
    )
    commands = parser.add_subparsers(dest="command", required=True)
    add = commands.add_parser(
        "add", help="add accounts (or reset their passwords); prints each password once"
    )
    add.add_argument("accounts", type=Path, help="the accounts file (made if missing)")
    add.add_argument("names", nargs="+")
    add.add_argument("--ask", action="store_true", help="type one password for these names instead")
    remove = commands.add_parser("remove", help="remove accounts")
    remove.add_argument("accounts", type=Path)
    remove.add_argument("names", nargs="+")
    config = commands.add_parser(
        "singleuser-config", help="write the learner servers' jupyter_server_config.json into a folder"
    )
    config.add_argument("folder", type=Path)
    args = parser.parse_args(argv)
    try:
        if args.command == "add":
            password = _ask_password() if args.ask else None
            for name, secret in add_accounts(args.accounts, args.names, password).items():
                print(f"{name}\t{secret}" if password is None else name)  # a typed one is not echoed
        elif args.command == "remove":
            remove_accounts(args.accounts, args.names)
        else:
            print(write_singleuser_config(args.folder))
    except HubError as exc:
        print(f"pitchlab.server.hub: {exc}", file=sys.stderr)
        return 2
    return 0


def _ask_password() -> str:
    import getpass

    first = getpass.getpass("password: ")
    if not 8 <= len(first) <= MAX_PASSWORD_CHARS:
        raise HubError(f"a password needs 8-{MAX_PASSWORD_CHARS} characters")
    if getpass.getpass("again: ") != first:
        raise HubError("the two passwords differ")
    return first


if __name__ == "__main__":
    sys.exit(main())
