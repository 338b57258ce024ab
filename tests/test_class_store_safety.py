"""The class store when its database hangs, and who may read its file.

A hung PostgreSQL (every process of it stopped, as a frozen machine or a cut network
looks to its clients) must not leave a student's Send silent: the store gives up after
its timeout with one line, and a retry once the database is back stores the result
exactly once. A SQLite store file is made readable by its owner alone.
"""

from __future__ import annotations

import os
import signal
import stat
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from pitchlab.classes import store as store_module
from pitchlab.classes.payloads import DEALS, MONTE_CARLO
from pitchlab.classes.store import NO_ANSWER, ClassStore, Member
from pitchlab.engine.errors import ClassError
from pitchlab.server.processes import process_tree
from tests.classdb import PostgresCluster, require_postgres

HANG_BOUND_S = 120.0
"""A call still running after this, with the store's timeout at 2 s, is hung (not slow)."""


def test_a_new_sqlite_store_and_its_journal_are_its_owner_s_alone(tmp_path: Path) -> None:
    previous = os.umask(0o022)  # the usual umask: new files readable by every user
    try:
        path = tmp_path / "class" / "classes.sqlite"
        store = ClassStore(f"sqlite:///{path}")
        try:
            made = store.create_class("Period 3")
            ana = store.join(made.info.code, "Ana")
            result = {"deals": DEALS, "seed": ana.seed(MONTE_CARLO), "hits": 37}
            assert store.submit(ana, MONTE_CARLO, result)
            files = [p for p in path.parent.iterdir() if p.name.startswith("classes.sqlite")]
            assert path in files and len(files) >= 2, files  # the database and its write-ahead log
            modes = {p.name: stat.S_IMODE(p.stat().st_mode) for p in files}
            assert all(mode & 0o077 == 0 for mode in modes.values()), modes
        finally:
            store.engine.dispose()
    finally:
        os.umask(previous)


@pytest.fixture
def own_cluster() -> Iterator[PostgresCluster]:
    """A PostgreSQL server this test alone stops and starts again."""
    require_postgres()
    cluster = PostgresCluster()
    try:
        yield cluster
    finally:
        for pid in cluster_pids(cluster):  # never leave it frozen
            os.kill(pid, signal.SIGCONT)
        cluster.stop()


def cluster_pids(cluster: PostgresCluster) -> list[int]:
    postmaster = int((cluster.data / "postmaster.pid").read_text().split()[0])
    return [p.pid for p in process_tree(postmaster)]


def in_thread(call: object) -> tuple[threading.Thread, dict[str, object]]:
    outcome: dict[str, object] = {}

    def run() -> None:
        try:
            outcome["value"] = call()  # type: ignore[operator]
        except ClassError as exc:
            outcome["error"] = str(exc)

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    return thread, outcome


def test_a_hung_database_is_one_line_and_a_retry_stores_once(
    own_cluster: PostgresCluster, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(store_module, "ANSWER_TIMEOUT_S", 2.0)
    store = ClassStore(own_cluster.new_database())
    try:
        made = store.create_class("Period 3")
        code = made.info.code
        ana: Member = store.join(code, "Ana")
        result = {"deals": DEALS, "seed": ana.seed(MONTE_CARLO), "hits": 37}
        frozen = cluster_pids(own_cluster)
        assert len(frozen) > 1  # the postmaster and its workers
        for pid in frozen:
            os.kill(pid, signal.SIGSTOP)
        try:
            # Send while the database is hung: the open connection waits for an answer...
            thread, outcome = in_thread(lambda: store.submit(ana, MONTE_CARLO, result))
            thread.join(HANG_BOUND_S)
            assert not thread.is_alive(), "Send hung with the database"
            assert outcome == {"error": NO_ANSWER}
            # ...and sending again, still hung, needs a new connection, which cannot be made
            thread, outcome = in_thread(lambda: store.submit(ana, MONTE_CARLO, result))
            thread.join(HANG_BOUND_S)
            assert not thread.is_alive(), "connecting hung with the database"
            assert outcome == {"error": NO_ANSWER}
        finally:
            for pid in frozen:
                os.kill(pid, signal.SIGCONT)
        # back: the retry stores the result, and a further one is told it is in already
        assert store.submit(ana, MONTE_CARLO, result) is True
        assert store.submit(ana, MONTE_CARLO, result) is False
        rows = store.rows(code, made.teacher_key)
        assert [(r.nickname, r.payload["hits"]) for r in rows] == [("Ana", 37)]
    finally:
        store.engine.dispose()
