"""Logins for a class on JupyterHub: teacher-made accounts, a class code, or both.

One Voilà server carries a class on one machine (:mod:`pitchlab.server`); past
that (logins, more memory than one machine has, many machines) JupyterHub gives
each learner a Jupyter server of their own that opens the app in Voilà. The
recipe is ``deploy/jupyterhub/``; this module holds the parts of it that are
code, so they are typed and tested:

- :class:`ClassAuthenticator`, the hub's login check. A teacher either makes
  accounts (``python -m pitchlab.server.hub add ACCOUNTS NAME...`` writes a file of
  names and scrypt hashes and prints each new password once, for the slips
  handed out in class), or sets a class code (any name with the code logs in,
  and the name is then bound to the browser that took it first, so a learner
  who types a classmate's name is refused, not sent to her table), or both: a
  name in the accounts file always needs its own password. Wrong logins are
  counted per address and per name; past a few a minute, logins from there, or
  for that name, are refused unchecked until the minute has passed.
- :func:`singleuser_config`, the Jupyter server settings each learner's server
  runs with, taken from the shipped ``voila.json`` (culling, kernels over IPC,
  no tracebacks) so the hub and ``pitchlab app`` agree, and what keeps a learner
  from running code there (:mod:`pitchlab.server.learner`).

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
import time
from collections import deque
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

from jupyterhub.auth import Authenticator
from tornado.web import HTTPError
from traitlets import Float, Integer, Unicode, default

from pitchlab.classes.store import DB_VARIABLE
from pitchlab.engine.errors import PitchError
from pitchlab.server.launcher import APP, pages_root
from pitchlab.server.learner import WIDGET_MESSAGES

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


BROWSER_COOKIE = "pitchlab-browser"
"""The cookie that tells the hub which browser took a class-code name."""

TOO_MANY = "Too many wrong logins from here or for this name. Wait a minute, then try again."
TAKEN = (
    "Someone in this class already logged in as {name} from another browser. "
    "Choose another name, or ask your teacher to free this one."
)


class HubError(PitchError):
    """A bad accounts file, name or class code: said in one line."""


class WrongLogins:
    """Wrong logins in the last ``window_s`` seconds, per key (an address, or a name): once a
    key has ``cap`` of them, it is :meth:`over` until the oldest leaves the window. A cap of 0
    counts nothing."""

    SWEEP_AT = 4096
    """Keys held before the ones with nothing left in the window are let go."""

    def __init__(self, cap: int, window_s: float) -> None:
        self.cap, self.window_s = cap, window_s
        self._times: dict[str, deque[float]] = {}

    def over(self, key: str, now: float) -> bool:
        times = self._times.get(key)
        if self.cap <= 0 or times is None:
            return False
        while times and times[0] <= now - self.window_s:
            times.popleft()
        return len(times) >= self.cap

    def __len__(self) -> int:
        """Keys held now."""
        return len(self._times)

    def add(self, key: str, now: float) -> None:
        if self.cap <= 0:
            return
        if len(self._times) >= self.SWEEP_AT:  # a flood of new names does not stay in memory
            old = now - self.window_s
            self._times = {k: t for k, t in self._times.items() if t and t[-1] > old}
        self._times.setdefault(key[:64], deque(maxlen=self.cap)).append(now)


def peer_address(handler: Any) -> str:
    """The address a login came from. Behind configurable-http-proxy that is the last entry of
    ``X-Forwarded-For`` (the proxy appends the peer it saw); ``X-Real-Ip``, which tornado would
    prefer, is whatever the browser sent, so it is not read."""
    forwarded = handler.request.headers.get("X-Forwarded-For", "")
    return forwarded.rsplit(",", 1)[-1].strip() or str(handler.request.remote_ip)


def _digest(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


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
    write_private(path, "\n".join(lines) + "\n")


def write_private(path: Path, text: str) -> None:
    """Replace ``path`` whole with ``text``, readable by its owner only from the start."""
    temporary = path.with_name(path.name + ".new")
    temporary.unlink(missing_ok=True)
    descriptor = os.open(temporary, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o600)
    with os.fdopen(descriptor, "w", encoding="utf-8") as out:
        out.write(text)
    temporary.replace(path)


def read_names(path: Path) -> dict[str, str]:
    """The class-code names and their browsers' digests, as :class:`ClassAuthenticator` keeps them."""
    try:
        names = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise HubError(f"cannot read the names file {path}: {exc}") from None
    if not isinstance(names, dict) or not all(isinstance(v, str) for v in names.values()):
        raise HubError(f"{path} is not a names file: expected name -> digest")
    return {str(name): digest for name, digest in names.items()}


def free_names(path: Path, names: Sequence[str]) -> None:
    """Unbind class-code ``names`` from their browsers (a learner on a new computer); a name
    that is not bound is an error. The hub reads the file again at the next login."""
    bound = read_names(path)
    for name in names:
        if bound.pop(normalize_name(name), None) is None:
            raise HubError(f"no one has taken the name {name!r} in {path}")
    write_private(path, json.dumps(bound, indent=1, sort_keys=True) + "\n")


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

    names_file = Unicode(
        "",
        config=True,
        help="Where the class-code names and the browser each is bound to are kept (JSON, the "
        "hub's alone), so a restarted hub still knows them; empty keeps them in memory.",
    )
    wrong_per_address = Integer(
        20, config=True, help="Wrong logins from one address in a window before it is refused."
    )
    wrong_per_name = Integer(
        5, config=True, help="Wrong logins for one name in a window before it is refused."
    )
    wrong_window_s = Float(60.0, config=True, help="The window, in seconds, the wrong logins are counted in.")

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._by_address = WrongLogins(self.wrong_per_address, self.wrong_window_s)
        self._by_name = WrongLogins(self.wrong_per_name, self.wrong_window_s)
        self._bound: dict[str, str] = {}
        self._names_read = -1  # the names file's time when last read

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
        """The learner's name if the password is theirs, or the class code from the browser
        that took the name first; else ``None`` (the hub's login page then says "Invalid
        username or password"). Past the wrong logins allowed, and for a name another browser
        took, the refusal is a page that says so (HTTP 429, 403)."""
        name = normalize_name(data.get("username", ""))
        password = data.get("password", "")
        address, now = peer_address(handler), time.monotonic()
        if self._by_address.over(address, now) or self._by_name.over(name[:64], now):
            raise HTTPError(429, TOO_MANY)
        given = self._check(name, password)
        if given is None:
            self._by_address.add(address, now)
            self._by_name.add(name, now)
            return None
        if given == "code":
            self._bind(handler, name)
        return name

    def _check(self, name: str, password: str) -> str | None:
        """``"account"`` or ``"code"``: what let ``name`` in; ``None``: nothing did."""
        if not NAME.fullmatch(name):
            return None
        try:
            accounts = read_accounts(Path(self.accounts_file)) if self.accounts_file else {}
        except HubError as exc:  # edited badly during a class: nobody gets in by mistake
            self.log.error("refusing every login until the accounts file is fixed: %s", exc)
            return None
        if name in accounts:
            return "account" if password_matches(password, accounts[name]) else None
        return "code" if code_matches(password, self.class_code) else None

    def _bind(self, handler: Any, name: str) -> None:
        """Bind a class-code ``name`` to this browser (its :data:`BROWSER_COOKIE`, made now if
        it has none), or refuse it if another browser took it first."""
        token = handler.get_cookie(BROWSER_COOKIE) or ""
        if len(token) != 43:  # not one this hub gave out (43: 32 random bytes, URL-safe base64)
            token = secrets.token_urlsafe(32)
        bound = self._names()
        taken = bound.get(name)
        if taken is not None and not hmac.compare_digest(taken, _digest(token)):
            raise HTTPError(403, TAKEN.format(name=name))
        if taken is None:
            bound[name] = _digest(token)
            self._save_names(bound)
        settings = {"httponly": True, "secure": handler.request.protocol == "https", "samesite": "Strict"}
        path = getattr(getattr(handler, "hub", None), "base_url", "/hub/")  # the hub's pages, login included
        handler.set_cookie(BROWSER_COOKIE, token, path=path, expires_days=365, **settings)

    def _names(self) -> dict[str, str]:
        """The bound names, read again when the file has changed (a name the teacher freed)."""
        if not self.names_file:
            return self._bound
        path = Path(self.names_file)
        try:
            changed = path.stat().st_mtime_ns
        except FileNotFoundError:
            return self._bound
        if changed != self._names_read:
            self._bound, self._names_read = read_names(path), changed
        return self._bound

    def _save_names(self, bound: dict[str, str]) -> None:
        if self.names_file:
            path = Path(self.names_file)
            write_private(path, json.dumps(bound, indent=1, sort_keys=True) + "\n")
            self._names_read = path.stat().st_mtime_ns


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
            # Voila alone: no JupyterLab, terminals or language servers to start, hold or reach,
            # and of Jupyter Server's own routes only what Voila's page uses
            "jpserver_extensions": {
                **dict.fromkeys(_NOT_SERVED, False),
                "voila.server_extension": True,
                "pitchlab.server.learner": True,
            },
            "shutdown_no_activity_timeout": culling["cull_idle_timeout"],
        },
        # the kernel's websocket takes the widgets' messages alone: no code from the browser
        "MappingKernelManager": {**culling, "allowed_message_types": WIDGET_MESSAGES},
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
    """``python -m pitchlab.server.hub add|remove|free|singleuser-config``: see ``--help``."""
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
    free = commands.add_parser("free", help="let class-code names be taken again, from any browser")
    free.add_argument("names_file", type=Path, help="the hub's names file (ClassAuthenticator.names_file)")
    free.add_argument("names", nargs="+")
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
        elif args.command == "free":
            free_names(args.names_file, args.names)
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
