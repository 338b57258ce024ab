"""``pitchlab class``: a teacher makes, lists, exports and deletes classes from the command line."""

from __future__ import annotations

import csv
import io
import re
from pathlib import Path

import pytest

from pitchlab.classes import commands
from pitchlab.classes.commands import shown_url
from pitchlab.classes.payloads import DEALS, MONTE_CARLO
from pitchlab.classes.store import ClassStore
from tests.test_cli import run_main


def made_class(store_url: str, capsys: pytest.CaptureFixture[str]) -> tuple[str, str, str]:
    """``pitchlab class create``'s code, key and printed text."""
    run = run_main(
        ["class", "create", "--title", "Period 3", "--db", store_url, "--address", "http://school:9000/"],
        capsys,
    )
    assert run.status == 0 and run.err == ""
    code = re.search(r"class ([A-Z0-9]{6}) created \(Period 3\)", run.out)
    key = re.search(r"teacher key:\s+(\S+)", run.out)
    assert code and key, run.out
    return code[1], key[1], run.out


def test_create_prints_both_addresses_and_a_key_that_works(
    store_url: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code, key, out = made_class(store_url, capsys)
    assert f"http://school:9000/voila/render/notebooks/lessons/01-counting-hands.ipynb?class={code}\n" in out
    assert f"http://school:9000/voila/render/notebooks/teacher.ipynb?class={code}&key={key}\n" in out
    store = ClassStore(store_url)
    try:
        assert store.check_key(code, key).title == "Period 3"
    finally:
        store.engine.dispose()


def test_create_prints_addresses_students_machines_can_open(
    store_url: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Without --address, the links use this machine's network addresses (a student's 127.0.0.1
    is the student's own laptop); 127.0.0.1 only on a machine with no network, said so."""
    monkeypatch.setattr(commands, "machine_addresses", lambda: ["10.0.0.5", "192.168.1.20"])
    run = run_main(["class", "create", "--db", store_url], capsys)
    assert run.status == 0 and run.err == ""
    code = re.search(r"class ([A-Z0-9]{6}) created", run.out)
    assert code, run.out
    student = f"/voila/render/notebooks/lessons/01-counting-hands.ipynb?class={code[1]}"
    assert f"students open: http://10.0.0.5:8866{student}\n" in run.out
    assert f"or:  http://192.168.1.20:8866{student}\n" in run.out
    assert "teacher page:  http://10.0.0.5:8866/voila/render/notebooks/teacher.ipynb?" in run.out
    assert (
        f"problem set:   http://10.0.0.5:8866/voila/render/notebooks/practice.ipynb?class={code[1]}  ("
        in run.out
    )
    assert "127.0.0.1" not in run.out
    monkeypatch.setattr(commands, "machine_addresses", list)
    alone = run_main(["class", "create", "--db", store_url], capsys)
    assert "students open: http://127.0.0.1:8866/" in alone.out
    assert "opens on this machine only" in alone.out


@pytest.mark.parametrize("address", ["school:8866", "ftp://school", "http://school:8866/?x=1"])
def test_create_refuses_an_address_that_is_not_one_in_one_line(
    store_url: str, capsys: pytest.CaptureFixture[str], address: str
) -> None:
    run = run_main(["class", "create", "--db", store_url, "--address", address], capsys)
    assert run.status == 2 and not run.out
    assert len(run.err.strip().splitlines()) == 1 and "--address must be" in run.err
    store = ClassStore(store_url)
    try:
        assert store.classes() == []  # nothing made
    finally:
        store.engine.dispose()


def test_list_export_and_delete(store_url: str, capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, key, _ = made_class(store_url, capsys)
    store = ClassStore(store_url)
    try:
        ana = store.join(code, "Ana")
        store.submit(ana, MONTE_CARLO, {"deals": DEALS, "seed": ana.seed(MONTE_CARLO), "hits": 37})
        listed = run_main(["class", "list", "--db", store_url], capsys)
        assert listed.status == 0
        assert re.search(
            rf"^{code}\s+open\s+1\s+1\s+\d{{4}}-\d\d-\d\d \d\d:\d\d\s+Period 3$", listed.out, re.M
        ), listed.out

        exported = run_main(["class", "export", code.lower(), "--db", store_url], capsys)
        expected = io.StringIO()
        store.export_csv(code, key, expected)
        assert exported.status == 0 and exported.out == expected.getvalue()
        [row] = list(csv.DictReader(io.StringIO(exported.out)))
        assert (row["nickname"], row["hits"], row["deals"]) == ("Ana", "37", "100")
        target = tmp_path / "period3.csv"
        to_file = run_main(["class", "export", code, "--db", store_url, "-o", str(target)], capsys)
        assert to_file.status == 0 and target.read_text(encoding="utf-8") == expected.getvalue()
        assert f"1 row(s) of class {code} written to {target}" in to_file.out

        refused = run_main(["class", "delete", code, "--db", store_url], capsys)
        assert refused.status == 2 and refused.out == ""
        assert (
            refused.err
            == f"pitchlab class delete: add --yes to delete class {code} with its 1 student(s) and 1 row(s)\n"
        )
        assert store.info(code).submissions == 1
        deleted = run_main(["class", "delete", code, "--db", store_url, "--yes"], capsys)
        assert deleted.status == 0 and "deleted" in deleted.out
        assert "no classes yet" in run_main(["class", "list", "--db", store_url], capsys).out
    finally:
        store.engine.dispose()


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["class", "export", "ABCDEF"], "there is no class ABCDEF on this server"),
        (["class", "export", "<b>x</b>"], "is not a class code"),
        (["class", "delete", "ABCDEF", "--yes"], "there is no class ABCDEF on this server"),
        (["class", "create", "--title", "x" * 81], "a class title is one line of at most 80 characters"),
        (["class", "rename", "ABCDEF"], "invalid choice"),
    ],
)
def test_bad_input_is_one_line_and_status_2(
    argv: list[str], message: str, sqlite_url: str, capsys: pytest.CaptureFixture[str]
) -> None:
    run = run_main([*argv, "--db", sqlite_url], capsys)
    assert run.status == 2 and run.out == ""
    assert message in run.err and run.err.count("\n") == 1


def test_a_database_that_cannot_be_used_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    for url, message in (
        ("sqlite:////proc/no/such/classes.sqlite", "the class database could not be used"),
        ("postgresql://nobody@/x?host=/nonexistent", "the class database could not be used"),
        ("ftp://x", "the class store runs on SQLite or PostgreSQL"),
    ):
        run = run_main(["class", "list", "--db", url], capsys)
        assert run.status == 2 and message in run.err and run.err.count("\n") == 1, run


def test_a_password_in_the_database_url_is_never_printed() -> None:
    assert (
        shown_url("postgresql://teacher:s3cret@db.school/pitch") == "postgresql://teacher:***@db.school/pitch"
    )
    assert "s3cret" not in shown_url("postgresql+psycopg://t:s3cret@h:5432/d?sslmode=require")
