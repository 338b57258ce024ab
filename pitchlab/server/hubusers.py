"""Each learner's server on the class hub as a Unix user of its own, made at first login.

JupyterHub's ``SimpleLocalProcessSpawner`` runs every learner's server as the hub's own user
(JupyterHub calls it "testing only", with no isolation): a learner whose server ran any code
could read the hub's cookie secret and database and every other learner's files. The
:class:`LearnerSpawner` here is JupyterHub's ``LocalProcessSpawner`` (the hub runs as root
and switches to the learner's user before the server starts) with the Unix users made for
the class:

- a learner's user is named ``<prefix><name>`` (``pitchlab-ana``), never the name itself, so
  a learner who types ``root`` or ``postgres`` is a learner called that, not that account;
- it is created at the learner's first login (``useradd``, no password, no login shell) in
  one group for the class, with a home folder of its own (mode 0700) under the hub's
  state folder;
- an account that exists but is not in the class's group is refused, not borrowed.

So learners cannot read each other's files or the hub's (its state folder is the hub's
alone, :func:`private_folder`); the one thing they share is the class store, in a folder of
the class's group (:func:`group_folder`), which their kernels write results into.

Learners' servers must be able to run the hub's Python and read the pages: an environment
under ``/root`` is not reachable by other users, and :func:`unreachable` says so at the hub's
start instead of at a learner's first login.
"""

from __future__ import annotations

import asyncio
import grp
import hashlib
import os
import pwd
import stat
import subprocess
import threading
import time
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

from jupyterhub.spawner import LocalProcessSpawner, set_user_setuid
from traitlets import Unicode

from pitchlab.engine.errors import PitchError

MAX_SYSTEM_NAME = 32
"""useradd's limit on a user name."""

COMMENT = "pitchlab learner"
"""The comment (GECOS field) of every learner's user: what :func:`remove_learners` looks for."""

_ACCOUNTS_LOCK = threading.Lock()
"""useradd locks /etc/passwd and fails when another useradd holds it: one at a time here."""


class LearnerUserError(PitchError):
    """A learner's user could not be made or used: said in one line."""


def system_name(prefix: str, name: str) -> str:
    """The Unix user for learner ``name``: ``prefix + name``, or, past 32 characters, a
    shortened name with 8 hex digits of the full one's hash, so two long names never meet."""
    full = prefix + name
    if len(full) <= MAX_SYSTEM_NAME:
        return full
    digest = hashlib.sha256(name.encode()).hexdigest()[:8]
    return f"{prefix}{name[: MAX_SYSTEM_NAME - len(prefix) - 9]}-{digest}"


def _run(command: list[str]) -> None:
    """Run an account command, again for a while if another one holds the account files."""
    for _ in range(20):
        done = subprocess.run(command, capture_output=True, text=True, check=False)
        if done.returncode == 0:
            return
        if "lock" not in done.stderr:
            break
        time.sleep(0.25)
    raise LearnerUserError(f"{command[0]} failed: {done.stderr.strip() or done.returncode}")


def ensure_learner(user: str, group: str, home: Path) -> pwd.struct_passwd:
    """The Unix user ``user`` in ``group``, made now (with ``group``) if missing."""
    with _ACCOUNTS_LOCK:
        try:
            gid = grp.getgrnam(group).gr_gid
        except KeyError:
            _run(["groupadd", "--system", group])
            gid = grp.getgrnam(group).gr_gid
        try:
            account = pwd.getpwnam(user)
        except KeyError:
            home.parent.mkdir(mode=0o711, parents=True, exist_ok=True)
            shell, create = ["--shell", "/usr/sbin/nologin"], ["--home-dir", str(home), "--create-home"]
            _run(["useradd", "--system", "--gid", group, *create, *shell, "--comment", COMMENT, user])
            account = pwd.getpwnam(user)
            home.chmod(0o700)
    if account.pw_gid != gid or account.pw_gecos != COMMENT:
        raise LearnerUserError(f"the account {user} exists and is not a pitchlab learner's: not used")
    return account


def remove_learners(prefix: str, group: str) -> list[str]:
    """Remove every learner's user named ``prefix...`` in ``group``, then the group; returns
    the names removed. Their home folders stay (they are in the hub's state folder)."""
    with _ACCOUNTS_LOCK:
        try:
            gid = grp.getgrnam(group).gr_gid
        except KeyError:
            return []
        gone = [
            account.pw_name
            for account in pwd.getpwall()
            if account.pw_name.startswith(prefix) and account.pw_gid == gid and account.pw_gecos == COMMENT
        ]
        for name in gone:
            _run(["userdel", name])
        _run(["groupdel", group])
    return gone


def private_folder(path: Path) -> Path:
    """``path`` made (if need be) the hub's user's alone: mode 0700, whatever it was."""
    path.mkdir(mode=0o700, parents=True, exist_ok=True)
    path.chmod(0o700)
    return path


def group_folder(path: Path, group: str) -> Path:
    """``path`` for the hub and ``group`` alone (mode 2770, files made in it take the group);
    made with the group if need be."""
    with _ACCOUNTS_LOCK:
        try:
            gid = grp.getgrnam(group).gr_gid
        except KeyError:
            _run(["groupadd", "--system", group])
            gid = grp.getgrnam(group).gr_gid
    path.mkdir(parents=True, exist_ok=True)
    os.chown(path, -1, gid)
    path.chmod(0o2770)
    return path


def group_file(path: Path) -> Path:
    """An empty file (an empty SQLite database) the hub and its folder's group may read and
    write, made now so no learner's kernel makes it for itself alone; kept if it exists."""
    try:
        os.close(os.open(path, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o660))
    except FileExistsError:
        return path
    os.chown(path, -1, path.parent.stat().st_gid)
    path.chmod(0o660)
    return path


def unreachable(paths: Iterable[Path]) -> Path | None:
    """The first folder on the way to one of ``paths`` that other users may not enter (or a
    file they may not read), else ``None``: what a learner's user could not reach."""
    for path in paths:
        resolved = path.resolve()
        for folder in reversed(resolved.parents):
            if not folder.stat().st_mode & stat.S_IXOTH:
                return folder
        if not resolved.stat().st_mode & (stat.S_IXOTH if resolved.is_dir() else stat.S_IROTH):
            return resolved
    return None


class LearnerSpawner(LocalProcessSpawner):  # type: ignore[misc]
    """``LocalProcessSpawner`` with a Unix user per learner, made at first login."""

    user_prefix = Unicode(
        "pitchlab-", config=True, help="Learners' Unix users are named this plus the learner's name."
    )
    group = Unicode("pitchlab-learners", config=True, help="The Unix group of every learner's user.")
    homes = Unicode(config=True, help="The folder of the learners' home folders.")
    runtime_root = Unicode(
        config=True,
        help="A short folder for each learner's runtime folder (its kernels' sockets): a socket's "
        "path holds 107 bytes at most.",
    )

    @property
    def system_user(self) -> str:
        return system_name(self.user_prefix, self.user.name)

    def make_preexec_fn(self, name: str) -> Callable[[], None]:
        """Switch to the learner's user, not to an account named like the learner."""
        return set_user_setuid(self.system_user)  # type: ignore[no-any-return]

    def runtime_dir(self) -> Path:
        return Path(self.runtime_root) / str(self.user.id)

    def user_env(self, env: dict[str, str]) -> dict[str, str]:
        account = pwd.getpwnam(self.system_user)
        env.update(USER=account.pw_name, HOME=account.pw_dir, SHELL=account.pw_shell)
        env["JUPYTER_RUNTIME_DIR"] = str(self.runtime_dir())
        return env

    async def start(self) -> Any:
        home = Path(self.homes) / self.system_user
        account = await asyncio.to_thread(ensure_learner, self.system_user, self.group, home)
        runtime = self.runtime_dir()
        runtime.parent.mkdir(mode=0o711, parents=True, exist_ok=True)
        runtime.mkdir(mode=0o700, exist_ok=True)
        os.chown(runtime, account.pw_uid, account.pw_gid)
        return await super().start()
