"""``pitchlab class create|list|export|delete``: a teacher's class experiments from the command line.

Run on the class server, beside the database: whoever can run these can read the
database file anyway, so they need no teacher key. The key is printed once, when
the class is made, inside the teacher page's address.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any, TextIO
from urllib.parse import urlencode, urlsplit

import sqlalchemy as sa

from pitchlab.classes.network import machine_addresses, url_host
from pitchlab.classes.store import DB_VARIABLE, ClassStore, database_url, open_store
from pitchlab.engine.errors import ClassError

STUDENT_PAGE = "notebooks/lessons/01-counting-hands.ipynb"
"""The page a class usually starts on; any lesson page with ``?class=`` joins the same way."""
TEACHER_PAGE = "notebooks/teacher.ipynb"
PRACTICE_PAGE = "notebooks/practice.ipynb"
"""Where students meet a problem set the teacher gives the class (on the teacher page)."""
DEFAULT_PORT = 8866


def add_parser(sub: Any, parser_class: type[argparse.ArgumentParser]) -> None:
    """Add ``class`` and its verbs to the command line's subcommands ``sub``."""
    cls = sub.add_parser(
        "class",
        help="class experiments: create, list, export (CSV) or delete a class",
        description=f"The class store is {DB_VARIABLE} when set (sqlite:///FILE or postgresql://...), "
        "else a SQLite file in the user's data folder.",
    )
    verbs: Any = cls.add_subparsers(dest="verb", required=True, parser_class=parser_class)
    create = verbs.add_parser(
        "create", help="make a class: prints its code, the teacher key and both addresses"
    )
    create.add_argument("--title", default="", help="a name for the teacher's list, e.g. 'Period 3'")
    create.add_argument(
        "--address",
        help="where students reach the server, as pitchlab app printed it (e.g. https://10.0.0.5:8866, "
        f"or the proxy's public address); default: this machine's network addresses, port {DEFAULT_PORT}",
    )
    verbs.add_parser("list", help="every class: code, open or closed, students, rows, title")
    export = verbs.add_parser("export", help="a class's rows as CSV")
    export.add_argument("code", metavar="CODE")
    export.add_argument("-o", "--output", metavar="FILE", help="write to FILE instead of standard output")
    delete = verbs.add_parser("delete", help="delete a class with its students and rows")
    delete.add_argument("code", metavar="CODE")
    delete.add_argument("--yes", action="store_true", help="really delete")
    for verb in (create, verbs.choices["list"], export, delete):
        verb.add_argument(
            "--db", metavar="URL", help=f"the database (default: {DB_VARIABLE}, else the SQLite file)"
        )


def run(args: argparse.Namespace, out: TextIO | None = None) -> None:
    out = sys.stdout if out is None else out
    store = open_store(args.db or database_url())
    if args.verb == "create":
        _create(store, args.title, student_roots(args.address), out)
    elif args.verb == "list":
        _list(store, out)
    elif args.verb == "export":
        if args.output:
            with open(args.output, "w", encoding="utf-8", newline="") as f:
                count = store.export_csv(args.code, None, f)
            print(f"{count} row(s) of class {args.code.strip().upper()} written to {args.output}", file=out)
        else:
            store.export_csv(args.code, None, out)
    else:
        info = store.info(args.code)
        if not args.yes:
            raise ClassError(
                f"pitchlab class delete: add --yes to delete class {info.code} with its "
                f"{info.students} student(s) and {info.submissions} row(s)"
            )
        store.delete_class(info.code)
        print(
            f"class {info.code} deleted with {info.students} student(s) and {info.submissions} row(s)",
            file=out,
        )


def shown_url(url: str | None = None) -> str:
    """The class store's URL as printed: a password in it is masked."""
    url = database_url() if url is None else url
    try:
        return sa.make_url(url).render_as_string(hide_password=True)
    except sa.exc.ArgumentError:
        return "(an unreadable PITCHLAB_CLASS_DB)"


def student_roots(address: str | None) -> list[str]:
    """The server addresses the printed links start with: the one given, else this machine's
    addresses on its networks (a student's ``127.0.0.1`` is the student's own laptop), and
    ``127.0.0.1`` only on a machine with no network."""
    if address is not None:
        where = urlsplit(address.strip())
        if where.scheme not in ("http", "https") or not where.hostname or where.query or where.fragment:
            raise ClassError(
                f"pitchlab class create: --address must be the server's address as pitchlab app printed "
                f"it, such as http://10.0.0.5:8866, not {address!r}"
            )
        return [address.strip().rstrip("/")]
    return [f"http://{url_host(ip)}:{DEFAULT_PORT}" for ip in machine_addresses() or ["127.0.0.1"]]


def _create(store: ClassStore, title: str, roots: list[str], out: TextIO) -> None:
    made = store.create_class(title)
    code = made.info.code
    shown = shown_url(store.url)
    print(
        f"class {code} created{f' ({made.info.title})' if made.info.title else ''}, open for results",
        file=out,
    )
    address = roots[0]
    student_path = f"/voila/render/{STUDENT_PAGE}?{urlencode({'class': code})}"
    print(f"  students open: {address}{student_path}", file=out)
    for other in roots[1:]:
        print(f"            or:  {other}{student_path}", file=out)
    print("                 (or type the code on any lesson page; their pages remember it)", file=out)
    if urlsplit(address).hostname in ("127.0.0.1", "localhost", "::1"):
        print(
            "                 (an address that opens on this machine only, not on students' machines)",
            file=out,
        )
    print(
        f"  problem set:   {address}/voila/render/{PRACTICE_PAGE}?{urlencode({'class': code})}"
        "  (once you give the class one on the teacher page)",
        file=out,
    )
    print(
        f"  teacher page:  {address}/voila/render/{TEACHER_PAGE}?{urlencode({'class': code, 'key': made.teacher_key})}",
        file=out,
    )
    print(f"  teacher key:   {made.teacher_key}  (shown only now: the store keeps no copy)", file=out)
    print(f"  database:      {shown}", file=out)


def _list(store: ClassStore, out: TextIO) -> None:
    classes = store.classes()
    if not classes:
        print("no classes yet: pitchlab class create --title 'Period 3'", file=out)
        return
    print(f"{'code':<7} {'state':<7} {'students':>8} {'rows':>6}  {'created (UTC)':<16}  title", file=out)
    for info in classes:
        state = "open" if info.open else "closed"
        created = info.created.strftime("%Y-%m-%d %H:%M")
        print(
            f"{info.code:<7} {state:<7} {info.students:>8} {info.submissions:>6}  {created:<16}  {info.title}",
            file=out,
        )
