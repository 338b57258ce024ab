"""Class stores for the tests: SQLite in a temporary folder, and a real PostgreSQL server.

The PostgreSQL server is a throwaway cluster made for this test process (``initdb``
into a temporary folder, listening only on a Unix socket there), never a mock and
never the machine's own cluster. ``initdb`` refuses to run as root, so as root the
cluster belongs to the ``postgres`` user that Debian's package makes. Without
PostgreSQL the PostgreSQL cases skip on a workstation and fail in CI (``CI`` set),
whose ``.ci/run`` installs it.
"""

from __future__ import annotations

import glob
import os
import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
import sqlalchemy as sa

from pitchlab.classes import store as class_store_module
from pitchlab.classes.store import ClassStore

BACKENDS = ("sqlite", pytest.param("postgresql", marks=pytest.mark.server))
"""The class store's backends; a case on PostgreSQL starts (or shares) a server, so it is in the
``server`` lane (tests/lanes.py)."""


class PostgresCluster:
    """A PostgreSQL server of our own: ``url(name)`` for a database in it, ``stop()`` at the end."""

    def __init__(self) -> None:
        bindir = _bindir()
        self.root = Path(tempfile.mkdtemp(prefix="pitchlab-pg-"))
        self.data = self.root / "data"
        self.socket = self.root
        self.owner = "postgres" if os.geteuid() == 0 else None
        if self.owner:
            shutil.chown(self.root, user=self.owner)
        self._run(
            [
                f"{bindir}/initdb",
                "-D",
                str(self.data),
                "-U",
                "postgres",
                "-A",
                "trust",
                "-E",
                "UTF8",
                "--no-sync",
            ]
        )
        self._run(
            [
                f"{bindir}/pg_ctl",
                "-D",
                str(self.data),
                "-l",
                str(self.root / "server.log"),
                "-w",
                "-o",
                f"-c listen_addresses='' -k {self.socket} -c fsync=off -c max_connections=200",
                "start",
            ]
        )
        self.bindir = bindir
        self._made = 0

    def _run(self, argv: list[str]) -> None:
        if self.owner:
            argv = ["runuser", "-u", self.owner, "--", *argv]
        subprocess.run(argv, check=True, capture_output=True, timeout=120)

    def url(self, database: str = "postgres") -> str:
        return f"postgresql://postgres@/{database}?host={self.socket}"

    def new_database(self) -> str:
        """A fresh, empty database's URL."""
        self._made += 1
        name = f"t{os.getpid()}_{self._made}"
        self._run([f"{self.bindir}/createdb", "-h", str(self.socket), "-U", "postgres", name])
        return self.url(name)

    def stop(self) -> None:
        try:
            self._run([f"{self.bindir}/pg_ctl", "-D", str(self.data), "-m", "immediate", "-w", "stop"])
        finally:
            shutil.rmtree(self.root, ignore_errors=True)


def _bindir() -> str:
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"))
    if found:
        return str(Path(found[-1]).parent)
    initdb = shutil.which("initdb")
    if initdb:
        return str(Path(initdb).parent)
    raise FileNotFoundError("initdb")


def postgres_missing() -> str | None:
    """Why no PostgreSQL server can be made here, or ``None``."""
    try:
        _bindir()
    except FileNotFoundError:
        return "PostgreSQL is not installed (apt-get install postgresql)"
    if os.geteuid() == 0 and shutil.which("runuser") is None:
        return "runuser is missing, and initdb will not run as root"
    return None


def require_postgres() -> None:
    """Skip the test where PostgreSQL cannot run here; fail it under CI, which installs it."""
    missing = postgres_missing()
    if missing:
        if os.environ.get("CI"):
            pytest.fail(f"CI needs PostgreSQL for the class store: {missing}")
        pytest.skip(missing)


@pytest.fixture(scope="session")
def postgres() -> Iterator[PostgresCluster]:
    require_postgres()
    cluster = PostgresCluster()
    try:
        yield cluster
    finally:
        class_store_module.close_stores()
        cluster.stop()


@pytest.fixture
def sqlite_url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'classes.sqlite'}"


@pytest.fixture(scope="session")
def shared_postgres_url(postgres: PostgresCluster) -> str:
    """One database for the tests that only add classes (each test's classes are its own)."""
    return postgres.new_database()


@pytest.fixture
def sqlite_store(sqlite_url: str) -> Iterator[ClassStore]:
    """A fresh SQLite class store in the test's own folder, opened as a page opens it
    (:func:`~pitchlab.classes.store.open_store`, one per URL in a process), let go of after."""
    yield class_store_module.open_store(sqlite_url)
    class_store_module.close_stores()


@pytest.fixture(params=BACKENDS)
def store_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A database holding no class, on each backend in turn. On PostgreSQL it is one database
    emptied between tests (a new database costs a PostgreSQL server some hundred ms)."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'classes.sqlite'}"
    url: str = request.getfixturevalue("shared_postgres_url")
    engine = sa.create_engine(url.replace("postgresql://", "postgresql+psycopg://", 1))
    try:
        with engine.begin() as conn:
            tables = set(sa.inspect(conn).get_table_names())
            emptied = [
                t for t in ("pitchlab_problem_sets", "pitchlab_rows", "pitchlab_members") if t in tables
            ]
            if "pitchlab_classes" in tables:
                conn.execute(sa.text(f"TRUNCATE {', '.join([*emptied, 'pitchlab_classes'])}"))
    finally:
        engine.dispose()
    return url


@pytest.fixture(params=BACKENDS)
def empty_store_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A new, empty database (no tables), for the tests of the schema itself."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'classes.sqlite'}"
    cluster: PostgresCluster = request.getfixturevalue("postgres")
    return cluster.new_database()


@pytest.fixture
def class_store(store_url: str) -> Iterator[ClassStore]:
    """A store on a fresh database, on each backend in turn (the same tests for both)."""
    store = ClassStore(store_url)
    try:
        yield store
    finally:
        store.engine.dispose()
