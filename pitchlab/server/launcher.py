"""Serving the pages a pip install ships: the app, the lessons and the tutorial, with Voilà.

A teacher who ran ``pip install "pitchlab[app]"`` has no clone, so the
notebooks (the app, the explorer, the lessons, the tutorial) and the classroom
Voilà config travel inside the package, under ``pitchlab/pages/`` (the wheel
maps the repository's ``notebooks/``, ``tutorial/`` and ``voila.json`` there).
In a clone, the same files are found at the repository root, so ``./dev app``
and ``pitchlab app`` serve exactly the same thing.

Nothing here imports Voilà or any notebook code: the launcher only builds the
command line for the class server (:mod:`pitchlab.server`, Voilà with pitchlab's
handlers), which :mod:`pitchlab.server.watchdog` runs and keeps answering.
"""

from __future__ import annotations

import errno
import ipaddress
import json
import shutil
import socket
import ssl
import sys
import tempfile
import urllib.parse
from dataclasses import dataclass
from pathlib import Path

from pitchlab.classes.network import is_any, is_loopback, local_host, machine_addresses, url_host
from pitchlab.engine.errors import PitchError

PAGES = ("notebooks", "tutorial", "voila.json")
"""What the package ships for Voilà, relative to the pages' root."""
HEALTH = "/pitchlab/health"
"""The class server's health endpoint (:mod:`pitchlab.server.health`, which cannot be imported
here: it needs Voilà)."""
PRACTICE = "notebooks/practice.ipynb"
"""The practice page, served beside the app (``pitchlab app`` prints its address too)."""
APP = "notebooks/app.ipynb"
"""The app's page, relative to the pages' root: served as ``/voila/render/notebooks/app.ipynb``
in a clone and from a pip install alike, so its links to ``../tutorial/`` work in both."""
LEARNER_POOL = 1
"""Preheated kernels for ``pitchlab app`` on one learner's machine: the page opens at once, and
the machine runs one spare kernel, not a class's thirty (about 4 GB, and half a minute of two
busy cores before the first page). A class server is asked for: ``--class`` or ``--pool N``."""
SERVER_ID = "PITCHLAB_SERVER_ID"
"""The environment variable naming one start of the server, which its health endpoint repeats:
the watchdog believes only its own server's answers, never another's on the same port."""


class LaunchError(PitchError):
    """The pages cannot be found or copied: said in one line."""


def pages_root() -> Path:
    """The folder holding ``notebooks/``, ``tutorial/`` and ``voila.json``: inside the
    installed package, or the repository root of a clone."""
    package = Path(__file__).resolve().parent.parent  # pitchlab/, above this wing
    for root in (package / "pages", package.parent):
        if (root / "notebooks" / "app.ipynb").is_file() and (root / "voila.json").is_file():
            return root
    raise LaunchError(
        f"the notebooks are not installed beside {package}: reinstall with pip install 'pitchlab[app]'"
    )


@dataclass(frozen=True)
class Network:
    """Where the server listens and how students reach it.

    ``ip`` is the address listened on: ``127.0.0.1`` (this machine only, the default),
    ``0.0.0.0`` (every network of the machine) or one of its addresses. ``certfile`` and
    ``keyfile`` serve https. ``public_url`` is the address students open when a reverse
    proxy (which does the https) forwards to this server: the printed addresses use it,
    and the proxy's forwarded headers name each learner's own address."""

    ip: str = "127.0.0.1"
    certfile: Path | None = None
    keyfile: Path | None = None
    public_url: str | None = None

    @property
    def tls(self) -> bool:
        return self.certfile is not None

    @property
    def scheme(self) -> str:
        return "https" if self.tls else "http"

    def check(self) -> None:
        """Refuse, in one line with the fix, what cannot be served."""
        try:
            ipaddress.ip_address(self.ip)
        except ValueError:
            raise LaunchError(
                f"--ip must be an address of this machine (0.0.0.0 for every network), not {self.ip!r}"
            ) from None
        if (self.certfile is None) != (self.keyfile is None):
            raise LaunchError("give both --certfile and --keyfile (the certificate and its private key)")
        if self.certfile is not None and self.keyfile is not None:
            for flag, path in (("--certfile", self.certfile), ("--keyfile", self.keyfile)):
                if not path.is_file():
                    raise LaunchError(f"{flag}: {path} is not a file")
            try:
                ssl.create_default_context(ssl.Purpose.CLIENT_AUTH).load_cert_chain(
                    self.certfile, self.keyfile
                )
            except (ssl.SSLError, OSError):
                raise LaunchError(
                    f"--certfile {self.certfile} and --keyfile {self.keyfile} are not a certificate "
                    "and its private key, both in PEM form"
                ) from None
        if self.public_url is not None:
            where = urllib.parse.urlsplit(self.public_url)
            if where.scheme not in ("http", "https") or not where.hostname or where.query or where.fragment:
                raise LaunchError(
                    f"--public-url must be the address students open, such as https://pitch.example.org, "
                    f"not {self.public_url!r}"
                )
            if self.tls:
                raise LaunchError(
                    "--public-url is for a server behind a proxy that does the https: "
                    "give it, or --certfile and --keyfile, not both"
                )

    def local(self) -> bool:
        """Whether only this machine can reach the server."""
        return is_loopback(self.ip)

    def warning(self) -> str | None:
        """The line said when learners' traffic crosses the network unencrypted."""
        if self.local() or self.tls or self.public_url is not None:
            return None
        return (
            "pitchlab: warning: serving the network without https: anyone on it can read the pages "
            "and the teacher key on their way; give --certfile and --keyfile, or serve behind an "
            "https proxy (--public-url)"
        )

    def roots(self, port: int) -> list[str]:
        """The addresses (scheme, host and port) students open, most likely first: the public
        URL, this machine's network addresses when listening on all of them, else the one
        listened on."""
        if self.public_url is not None:
            return [self.public_url.rstrip("/")]
        hosts = (machine_addresses(ipv6=":" in self.ip) or ["127.0.0.1"]) if is_any(self.ip) else [self.ip]
        return [f"{self.scheme}://{url_host(host)}:{port}" for host in hosts]

    def health_root(self, port: int) -> str:
        """Where the watchdog, on this machine, asks the server."""
        return f"{self.scheme}://{local_host(self.ip)}:{port}"

    def flags(self) -> tuple[str, ...]:
        """The class server's options for this network."""
        flags = [f"--Voila.ip={self.ip}"]
        if self.certfile is not None and self.keyfile is not None:
            flags += [
                f"--ClassServer.certfile={self.certfile.resolve()}",
                f"--ClassServer.keyfile={self.keyfile.resolve()}",
            ]
        if self.public_url is not None:
            flags.append("--ClassServer.behind_proxy=True")
        return tuple(flags)


LOCAL = Network()
"""This machine only, over http: one learner's server, and the default."""


@dataclass(frozen=True)
class Launch:
    """A Voilà command and the address a learner opens."""

    command: tuple[str, ...]
    address: str
    cwd: Path
    health: str
    """The server's health endpoint, which the watchdog asks (:mod:`pitchlab.server.watchdog`)."""
    port: int = 8866
    pool: int | None = None
    """The app's preheated kernels (``None``: not the app)."""
    classroom: bool = False
    """Served for a class (``--class``, or a pool larger than one learner's)."""
    network: Network = LOCAL
    addresses: tuple[str, ...] = ()
    """Every address a learner may open (``address`` is the first)."""
    practice: str = ""
    """The practice page's address, served by the app's server (empty for the other pages)."""


def launch(
    what: str,
    port: int,
    root: Path | None = None,
    pool: int | None = None,
    classroom: bool = False,
    network: Network = LOCAL,
) -> Launch:
    """How to serve ``what`` (``app``, ``lessons`` or ``tutorial``) on ``port`` of ``network``.

    Everything is served from the pages' root, so the links between pages work
    (the app's how-to box links the tutorial); the address is the app's page or
    the folder's index page. The app gets the classroom config (culling, caps, no
    tracebacks) and a pool of preheated kernels: ``pool`` if given, else the
    shipped config's ``app.ipynb`` pool (30) for a ``classroom``, else one learner's
    :data:`LEARNER_POOL`. The pool is an option of the server's
    (``ClassServer.app_pool``), so no config file is written anywhere.
    """
    if not 0 < port < 65536:
        raise LaunchError(f"--port must be 1-65535, not {port}")
    if pool is not None and not 0 <= pool <= 200:
        raise LaunchError(f"--pool must be 0-200 kernels, not {pool}")
    network.check()
    base = root or pages_root()
    if what == "app" and pool is None:
        pool = class_pool(base) if classroom else LEARNER_POOL
    classroom = classroom or (pool or 0) > LEARNER_POOL
    common = (
        "--no-browser",
        f"--port={port}",
        "--Voila.port_retries=0",  # the address printed is the one served, or Voila says why not
        *network.flags(),
        f"--Voila.config_file_paths={base}",
        *(() if pool is None else (f"--ClassServer.app_pool={pool}",)),
    )
    voila = (sys.executable, "-m", "pitchlab.server")
    health = f"{network.health_root(port)}{HEALTH}"
    command = (*voila, str(base), *common)
    folders = {"app": APP, "lessons": "notebooks/lessons/index.ipynb", "tutorial": "tutorial/index.ipynb"}
    if what not in folders:
        raise LaunchError(f"nothing to serve called {what!r}: use app, lessons or tutorial")
    addresses = tuple(f"{root}/voila/render/{folders[what]}" for root in network.roots(port))
    return Launch(
        command,
        addresses[0],
        base,
        health,
        port,
        pool if what == "app" else None,
        classroom,
        network,
        addresses,
        f"{network.roots(port)[0]}/voila/render/{PRACTICE}" if what == "app" else "",
    )


def port_taken(what: str, port: int) -> str:
    """The line ``pitchlab WHAT`` refuses a busy port with, and its fix."""
    return (
        f"pitchlab {what}: port {port} is in use (another pitchlab app, lessons or tutorial?): "
        "stop it, or choose another port with --port N"
    )


def port_refusal(what: str, port: int, host: str = "127.0.0.1") -> str | None:
    """Why ``pitchlab WHAT`` cannot serve on ``port``, in one line with the fix, or ``None``
    when the port is free. Checked before the server starts: a server that cannot bind would
    fail after its imports, and a watchdog asking that port would hear the other server.

    The port is bound as the server binds it (``SO_REUSEADDR``, as tornado does), so a port
    a stopped server left in TIME_WAIT counts as free and a listening one as taken."""
    probe = socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET, socket.SOCK_STREAM)
    try:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        probe.bind((host, port))
    except OSError as exc:
        if exc.errno == errno.EADDRINUSE:
            return port_taken(what, port)
        if exc.errno == errno.EADDRNOTAVAIL:
            return (
                f"pitchlab {what}: {host} is not an address of this machine: "
                "give one of its own, or --ip 0.0.0.0 for every network"
            )
        if exc.errno == errno.EACCES:
            return f"pitchlab {what}: port {port} needs administrator rights: choose --port 1024 or above"
        return f"pitchlab {what}: cannot serve on port {port}: {exc.strerror or exc}"
    finally:
        probe.close()
    return None


def class_pool(base: Path) -> int:
    """The shipped config's pool for the app (``app.ipynb``'s in ``voila.json``): a class's."""
    config = json.loads((base / "voila.json").read_text(encoding="utf-8"))
    pools = config.get("VoilaKernelManager", {}).get("kernel_pools_config", {})
    size: int = pools.get("app.ipynb", {}).get("pool_size", 1)
    return size


def config_with_pool(base: Path, pool: int | None) -> Path:
    """A folder holding the shipped ``voila.json`` with the app's pool (``pool``, or the
    class's :func:`class_pool`) set for its page under the pages' root, :data:`APP`: for the
    benchmarks, which serve configs of their own (and remove the folder). ``pitchlab app``
    writes none: it hands the pool to the server (``ClassServer.app_pool``)."""
    config = json.loads((base / "voila.json").read_text(encoding="utf-8"))
    pools = config.setdefault("VoilaKernelManager", {}).setdefault("kernel_pools_config", {})
    pools[APP] = {"pool_size": pool if pool is not None else class_pool(base)}
    folder = Path(tempfile.mkdtemp(prefix="pitchlab-voila-config-"))
    (folder / "voila.json").write_text(json.dumps(config, indent=2), encoding="utf-8")
    return folder


def copy_pages(dest: Path, root: Path | None = None) -> list[Path]:
    """Copy the notebooks and the Voilà config into ``dest`` for a teacher to edit; refuses
    to overwrite anything already there. Returns what it wrote (folders and the config)."""
    source = root or pages_root()
    taken = [dest / name for name in PAGES if (dest / name).exists()]
    if taken:
        raise LaunchError(f"{taken[0]} already exists: choose an empty folder")
    if dest.exists() and not dest.is_dir():
        raise LaunchError(f"{dest} is a file, not a folder")
    dest.mkdir(parents=True, exist_ok=True)
    written = []
    for name in PAGES:
        src = source / name
        if src.is_dir():
            shutil.copytree(
                src, dest / name, ignore=shutil.ignore_patterns(".ipynb_checkpoints", "__pycache__")
            )
        else:
            shutil.copy2(src, dest / name)
        written.append(dest / name)
    return written
