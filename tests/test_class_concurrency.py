"""Thirty students press Send together: every row lands exactly once, on SQLite and on PostgreSQL.

Each student is a process of its own with its own connections, as each student's
kernel is on a class server. They wait at a barrier, then join, send, and send
again as a page does after a timeout; the store must hold thirty rows, one each.
"""

from __future__ import annotations

import multiprocessing
from multiprocessing.synchronize import Barrier

from pitchlab.classes import store as store_module
from pitchlab.classes.payloads import DEALS, MONTE_CARLO
from pitchlab.classes.store import ClassStore

STUDENTS = 30


def student(
    url: str, code: str, number: int, barrier: Barrier, results: multiprocessing.Queue[object]
) -> None:
    try:
        store = ClassStore(url)
        nickname = f"student {number}"
        barrier.wait(timeout=60)
        member = store.join(code, nickname)
        payload = {"deals": DEALS, "seed": member.seed(MONTE_CARLO), "hits": number}
        first = store.submit(member, MONTE_CARLO, payload)
        retry = store.submit(member, MONTE_CARLO, payload)
        store.engine.dispose()
        results.put((number, first, retry))
    except Exception as exc:  # the parent reports it
        results.put((number, repr(exc)))


def test_thirty_students_sending_at_once_land_once_each(store_url: str) -> None:
    teacher = ClassStore(store_url)
    made = teacher.create_class("all at once")
    teacher.engine.dispose()
    store_module.close_stores()  # no connection crosses the fork
    context = multiprocessing.get_context("fork")
    barrier = context.Barrier(STUDENTS)
    results: multiprocessing.Queue[object] = context.Queue()
    processes = [
        context.Process(target=student, args=(store_url, made.info.code, n, barrier, results))
        for n in range(STUDENTS)
    ]
    for process in processes:
        process.start()
    outcomes = sorted((results.get(timeout=120) for _ in processes), key=repr)
    for process in processes:
        process.join(timeout=60)
    assert all(len(o) == 3 for o in outcomes), outcomes  # type: ignore[arg-type]
    assert sorted(outcomes) == [(n, True, False) for n in range(STUDENTS)]  # type: ignore[type-var]
    teacher = ClassStore(store_url)
    try:
        rows = teacher.rows(made.info.code, made.teacher_key)
        assert sorted(r.payload["hits"] for r in rows) == list(range(STUDENTS))
        assert len({r.nickname for r in rows}) == STUDENTS
        info = teacher.info(made.info.code)
        assert (info.students, info.submissions) == (STUDENTS, STUDENTS)
        assert info.revision == 2 * STUDENTS  # each join and each new row, never a retry
    finally:
        teacher.engine.dispose()
