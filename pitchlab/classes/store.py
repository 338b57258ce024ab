"""The class store: a class's students and their experiments' results, in a real database.

Thirty students' kernels write at once, so the store is a database, not a file per
page: SQLite by default (one file, in WAL mode, writers queued by ``BEGIN
IMMEDIATE`` and a busy timeout, so many kernels of one server write safely), or
PostgreSQL when :data:`DB_VARIABLE` holds a ``postgresql://`` URL (a class whose
pages run on several servers). Both go through SQLAlchemy Core, one set of queries.

Every result row is keyed by (class, experiment, student, slot), and a write that
finds its key taken stores nothing: a retry after a timeout counts once, and a
student's hand review counts once however often the page sends it. Every change to
a class bumps its ``revision``, which a teacher's page polls cheaply to redraw only
when something arrived.

Who may do what: a student holds a token for their nickname (made when they join,
kept in their browser) and may add and read only their own rows; the teacher holds
the key made with the class, needed to read every row, open, close, reset and remove
a student. Only digests of keys and tokens are stored.

What a student deals is seeded by a secret drawn here when they join and kept with
their membership (:func:`pitchlab.classes.payloads.seed_for`), never by the nickname
they chose, and a row dealt from any other seed is refused. Joins are counted per
browser and per network address the page came from (:func:`join_caps`), so one page
cannot join under many names to pick the deals it likes; the teacher sees every
member (:meth:`ClassStore.roster`) and can remove one with their rows.
"""

from __future__ import annotations

import csv
import json
import os
import threading
import time
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager, suppress
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, TextIO

import sqlalchemy as sa
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.engine import Connection, Engine

from pitchlab.classes import names, payloads
from pitchlab.classes.origin import JOINS_PER_ADDRESS_VARIABLE, JOINS_PER_BROWSER_VARIABLE
from pitchlab.classes.problem_sets import ProblemSet
from pitchlab.engine.errors import ClassError, printable
from pitchlab.engine.saves import data_folder

DB_VARIABLE = "PITCHLAB_CLASS_DB"
"""A SQLAlchemy URL for the class store: ``postgresql://user:pass@host/db`` or ``sqlite:///path``."""
SCHEMA_VERSION = 3
"""The schema this pitchlab writes; an older database is migrated on open, a newer one refused."""
BUSY_TIMEOUT_MS = 30_000
"""How long a SQLite writer waits for the others: thirty students pressing Send together."""
ANSWER_TIMEOUT_S = 10.0
"""Seconds the store waits for PostgreSQL to connect or to answer one statement. A hung server
or a cut network would otherwise leave a student's Send silent for as long as it lasts; past
this the student reads one line and sends again (a result is stored once however often it
is sent: see :meth:`ClassStore.submit`)."""
NO_ANSWER = (
    "the class database did not answer in time: send again in a minute "
    "(a result is counted once, however often it is sent)"
)
JOINS_PER_BROWSER = 3
"""Nicknames one browser may hold in a class: a student who left and joined again, or two
students sharing a laptop, with room; never the twenty names of a page picking its deals.
:data:`JOINS_PER_BROWSER_VARIABLE` sets another (0: no cap)."""
JOINS_PER_ADDRESS = 40
"""Nicknames one network address may hold in a class: a school may put a whole class behind
one address, so the cap is above a class, and it bounds a script that drops its cookies.
:data:`JOINS_PER_ADDRESS_VARIABLE` sets another (0: no cap)."""
_PG_LOCK = 0x70697463
"""PostgreSQL advisory lock held while a database is created or migrated (two servers at once)."""

metadata = sa.MetaData()
schema_table = sa.Table("pitchlab_schema", metadata, sa.Column("version", sa.Integer, nullable=False))
classes_table = sa.Table(
    "pitchlab_classes",
    metadata,
    sa.Column("id", sa.Integer, primary_key=True),
    sa.Column("code", sa.String(names.CODE_CHARS), nullable=False, unique=True),
    sa.Column("title", sa.String(names.MAX_TITLE_CHARS), nullable=False),
    sa.Column("key_digest", sa.String(64), nullable=False),
    sa.Column("open", sa.Boolean, nullable=False),
    sa.Column("created", sa.Float, nullable=False),
    sa.Column("revision", sa.Integer, nullable=False),
)
members_table = sa.Table(
    "pitchlab_members",
    metadata,
    sa.Column("id", sa.Integer, primary_key=True),
    sa.Column("class_id", sa.ForeignKey("pitchlab_classes.id", ondelete="CASCADE"), nullable=False),
    sa.Column("nickname", sa.String(names.MAX_NICKNAME_CHARS), nullable=False),
    sa.Column("folded", sa.String(4 * names.MAX_NICKNAME_CHARS), nullable=False),
    sa.Column("token_digest", sa.String(64), nullable=False),
    sa.Column("joined", sa.Float, nullable=False),
    # schema 2: the secret the member's deals are seeded from (none for a member of schema 1,
    # whose seed came from the nickname), and where they joined from (none if not known)
    sa.Column("secret", sa.String(64)),
    sa.Column("browser", sa.String(64)),
    sa.Column("address", sa.String(64)),
    sa.UniqueConstraint("class_id", "folded"),
)
rows_table = sa.Table(
    "pitchlab_rows",
    metadata,
    sa.Column("id", sa.Integer, primary_key=True),
    sa.Column("class_id", sa.ForeignKey("pitchlab_classes.id", ondelete="CASCADE"), nullable=False),
    sa.Column("member_id", sa.ForeignKey("pitchlab_members.id", ondelete="CASCADE"), nullable=False),
    sa.Column("experiment", sa.String(64), nullable=False),
    sa.Column("slot", sa.String(payloads.MAX_SLOT_CHARS), nullable=False),
    sa.Column("payload", sa.Text, nullable=False),
    sa.Column("at", sa.Float, nullable=False),
    sa.UniqueConstraint("class_id", "experiment", "member_id", "slot"),
)

sets_table = sa.Table(
    "pitchlab_problem_sets",
    metadata,
    sa.Column("class_id", sa.ForeignKey("pitchlab_classes.id", ondelete="CASCADE"), primary_key=True),
    sa.Column("problems", sa.Text, nullable=False),
    sa.Column("given", sa.Float, nullable=False),
)
"""Schema 3: the problem set a class's teacher gave it (:class:`~pitchlab.classes.problem_sets.ProblemSet`
as stored text: problem ids and how they were chosen, no answer), one per class at a time."""


def _create_v1(conn: Connection) -> None:
    """Create the tables (as this pitchlab defines them: a later step finds nothing to add)."""
    metadata.create_all(conn, tables=[classes_table, members_table, rows_table])


_V2_COLUMNS = ("secret", "browser", "address")


def _seeds_v2(conn: Connection) -> None:
    """Schema 2: each member's deal secret and where they joined from (kept empty for members of
    schema 1, whose seeds stay the nickname's, so their rows still check), and nicknames
    compared after look-alike letters are folded (:func:`pitchlab.classes.names.fold`). A member
    whose new folded name another member of the class already holds keeps the old one: both stay
    joined, and their tokens, not their names, find them."""
    present = {column["name"] for column in sa.inspect(conn).get_columns(members_table.name)}
    for name in _V2_COLUMNS:
        if name not in present:
            column = members_table.c[name]
            kind = column.type.compile(dialect=conn.dialect)
            conn.exec_driver_sql(f"ALTER TABLE {members_table.name} ADD COLUMN {name} {kind}")
    m = members_table.c
    taken = {(r.class_id, r.folded) for r in conn.execute(sa.select(m.class_id, m.folded))}
    for member in conn.execute(sa.select(m.id, m.class_id, m.nickname, m.folded).order_by(m.id)).all():
        new = names.fold(member.nickname)
        if new != member.folded and (member.class_id, new) not in taken:
            conn.execute(members_table.update().where(m.id == member.id).values(folded=new))
            taken.discard((member.class_id, member.folded))
            taken.add((member.class_id, new))


def _sets_v3(conn: Connection) -> None:
    """Schema 3: a class's problem set, in a table of its own (nothing else changes)."""
    metadata.create_all(conn, tables=[sets_table])


MIGRATIONS: dict[int, Callable[[Connection], None]] = {1: _create_v1, 2: _seeds_v2, 3: _sets_v3}
"""Step ``n`` takes a database from schema ``n - 1`` to ``n``; each runs once, in order, in one
transaction with the version it leads to (a new schema adds a step here, never edits one)."""


# ------------------------------------------------------------------ values


@dataclass(frozen=True)
class ClassInfo:
    code: str
    title: str
    open: bool
    created: datetime
    students: int
    submissions: int
    revision: int


@dataclass(frozen=True)
class Created:
    info: ClassInfo
    teacher_key: str
    """Shown once, when the class is made: the store keeps only its digest."""


@dataclass(frozen=True)
class Member:
    """A student's claim on a nickname in a class; ``token`` proves it on every write, and
    ``secret`` (from the store, never from the page) seeds their deals (:meth:`seed`)."""

    code: str
    nickname: str
    token: str
    secret: str | None = field(default=None, repr=False)
    """``None`` only for a member who joined before the store drew secrets (schema 1)."""

    def seed(self, experiment: str) -> int:
        """This student's seed for ``experiment`` (:func:`pitchlab.classes.payloads.member_seed`)."""
        return payloads.member_seed(self.code, self.nickname, self.secret, experiment)


@dataclass(frozen=True)
class Row:
    code: str
    experiment: str
    nickname: str
    slot: str
    payload: dict[str, Any]
    at: datetime
    secret: str | None = field(default=None, repr=False)
    """The sender's deal secret (``None``: a member of schema 1), so the row can be dealt again."""

    def seed(self) -> int:
        """The seed this row's student deals this experiment from."""
        return payloads.member_seed(self.code, self.nickname, self.secret, self.experiment)


@dataclass(frozen=True)
class Joined:
    """A member as the teacher's page lists them: nickname, when they joined, rows sent."""

    nickname: str
    joined: datetime
    rows: int


def _when(seconds: float) -> datetime:
    return datetime.fromtimestamp(seconds, UTC)


# ------------------------------------------------------------------ opening


def join_caps(env: Mapping[str, str] | None = None) -> tuple[int, int]:
    """How many nicknames one browser and one network address may hold in a class: the
    defaults, or :data:`JOINS_PER_BROWSER_VARIABLE` and :data:`JOINS_PER_ADDRESS_VARIABLE`
    (whole numbers; 0 for no cap; anything else keeps the default)."""
    env = os.environ if env is None else env
    caps = []
    for variable, default in (
        (JOINS_PER_BROWSER_VARIABLE, JOINS_PER_BROWSER),
        (JOINS_PER_ADDRESS_VARIABLE, JOINS_PER_ADDRESS),
    ):
        given = env.get(variable, "").strip()
        caps.append(int(given) if given.isdigit() and len(given) < 7 else default)
    return caps[0], caps[1]


def database_url(env: Mapping[str, str] | None = None) -> str:
    """The store's URL: :data:`DB_VARIABLE`, else a SQLite file in the user's data folder."""
    env = os.environ if env is None else env
    given = env.get(DB_VARIABLE, "").strip()
    if given:
        return given
    return f"sqlite:///{data_folder() / 'classes.sqlite'}"


def _engine(url: str) -> Engine:
    try:
        parsed = sa.make_url(url)
    except sa.exc.ArgumentError:
        raise ClassError(f"{DB_VARIABLE} is not a database URL: {printable(url, 80)!r}") from None
    if parsed.drivername in ("postgresql", "postgres"):
        parsed = parsed.set(drivername="postgresql+psycopg")
    backend = parsed.get_backend_name()
    if backend == "sqlite":
        if parsed.database and parsed.database != ":memory:":
            folder = Path(parsed.database).parent
            try:
                folder.mkdir(mode=0o700, parents=True, exist_ok=True)
                _create_owner_only(Path(parsed.database))
            except OSError as exc:
                raise ClassError(f"the class database could not be used: {folder}: {exc.strerror}") from None
        engine = sa.create_engine(parsed, connect_args={"timeout": BUSY_TIMEOUT_MS / 1000})
        sa.event.listen(engine, "connect", _sqlite_connect)
        sa.event.listen(engine, "begin", _sqlite_begin)
        return engine
    if backend == "postgresql":
        timeout_ms = int(ANSWER_TIMEOUT_S * 1000)
        engine = sa.create_engine(
            parsed,
            pool_pre_ping=True,
            connect_args={
                "connect_timeout": max(2, round(ANSWER_TIMEOUT_S)),
                # the server gives up on a statement (a lock held too long) by itself...
                "options": f"-c statement_timeout={timeout_ms} -c lock_timeout={timeout_ms}",
            },
        )
        answering = _answering_connection(ANSWER_TIMEOUT_S)
        # ...and the client gives up on a server that does not answer at all (hung, or cut off)
        sa.event.listen(
            engine, "do_connect", lambda _d, _r, cargs, cparams: answering.connect(*cargs, **cparams)
        )
        return engine
    raise ClassError(f"the class store runs on SQLite or PostgreSQL, not {backend}")


def _create_owner_only(path: Path) -> None:
    """Create the SQLite file readable and writable by its owner alone (0600), if it is new.

    SQLite would create it as the process's umask allows (usually readable by every user of
    the machine), and the keys' digests, the students' nicknames and tokens' digests are in
    it; its ``-wal`` and ``-shm`` files take the database file's permissions. An empty file
    is an empty SQLite database."""
    with suppress(FileExistsError):
        os.close(os.open(path, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o600))


def _answering_connection(timeout_s: float) -> Any:
    """psycopg's connection class, waiting at most ``timeout_s`` for any answer of the server.

    psycopg waits for the server's reply to each step with no limit of its own; a hung server
    (or a cut network, which no packet reports) keeps the kernel waiting, the student's Send
    silent. Past ``timeout_s`` the connection is closed (its state is unknown: the pool replaces
    it) and the statement fails as :data:`NO_ANSWER`. A transaction cut off before its commit
    was sent is rolled back by the server; one cut off after leaves its row, which a retry
    finds and does not store again."""
    import psycopg

    class NoAnswer(psycopg.OperationalError):
        no_answer = True

    class Answering(psycopg.Connection):
        def wait(self, gen: Any, *args: Any, **kwargs: Any) -> Any:
            if len(args) < 2 and kwargs.get("timeout") is None:
                kwargs["timeout"] = timeout_s
            try:
                return super().wait(gen, *args, **kwargs)
            except psycopg.OperationalError as exc:
                if type(exc).__name__ != "_WaitTimeout":
                    raise
                self.pgconn.finish()
                raise NoAnswer(NO_ANSWER) from None

    return Answering


def _no_answer(exc: BaseException | None) -> bool:
    """Whether a database error is the database not answering in time (not a refusal)."""
    return (
        getattr(exc, "no_answer", False)
        or type(exc).__name__ == "ConnectionTimeout"  # psycopg, connecting
        or getattr(exc, "sqlstate", None) in ("57014", "55P03")  # statement or lock timeout
        or "database is locked" in str(exc)  # SQLite, past its busy timeout
    )


def _sqlite_connect(dbapi_connection: Any, _record: object) -> None:
    # the driver's own transaction handling would defer every lock; we begin ourselves
    dbapi_connection.isolation_level = None
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute(f"PRAGMA busy_timeout={BUSY_TIMEOUT_MS}")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.close()


def _sqlite_begin(conn: Connection) -> None:
    # a writer takes the write lock at once, so two writers queue (busy_timeout) instead of
    # both reading, then one failing to upgrade its lock with SQLITE_BUSY
    conn.exec_driver_sql("BEGIN IMMEDIATE" if conn.get_execution_options().get("write") else "BEGIN")


_STORES: dict[str, ClassStore] = {}
_STORES_LOCK = threading.Lock()


def open_store(url: str | None = None) -> ClassStore:
    """The store at ``url`` (default :func:`database_url`), one per URL in a process, migrated
    to :data:`SCHEMA_VERSION` on first use."""
    url = database_url() if url is None else url
    with _STORES_LOCK:
        store = _STORES.get(url)
        if store is None:
            store = _STORES[url] = ClassStore(url)
        return store


def close_stores() -> None:
    """Let go of every open store's connections (tests; a server shutting down)."""
    with _STORES_LOCK:
        for store in _STORES.values():
            store.engine.dispose()
        _STORES.clear()


# ------------------------------------------------------------------ the store


class ClassStore:
    def __init__(self, url: str) -> None:
        self.url = url
        self.engine = _engine(url)
        self.backend = self.engine.dialect.name
        try:
            with self._db(write=True) as conn:
                migrate(conn)
        except ClassError:
            self.engine.dispose()
            raise

    @contextmanager
    def _db(self, *, write: bool = False) -> Iterator[Connection]:
        """One transaction; a database that cannot be reached is a :class:`ClassError`."""
        try:
            with self.engine.connect().execution_options(write=write) as conn, conn.begin():
                yield conn
        except sa.exc.SQLAlchemyError as exc:
            cause = exc.orig if isinstance(exc, sa.exc.DBAPIError) else exc
            if _no_answer(cause):
                raise ClassError(NO_ANSWER) from None
            problem = str(cause).splitlines()[0]
            raise ClassError(f"the class database could not be used: {printable(problem, 160)}") from None

    # ---------------------------------------------------------- classes

    def create_class(self, title: str = "") -> Created:
        title = names.check_title(title)
        key = names.new_secret()
        for _ in range(20):
            code = names.new_code()
            with self._db(write=True) as conn:
                taken = conn.execute(
                    sa.select(classes_table.c.id).where(classes_table.c.code == code)
                ).first()
                if taken is None:
                    conn.execute(
                        classes_table.insert().values(
                            code=code,
                            title=title,
                            key_digest=names.digest(key),
                            open=True,
                            created=time.time(),
                            revision=0,
                        )
                    )
                    break
        else:  # pragma: no cover - twenty collisions among 890 million codes
            raise ClassError("no free class code was found; try again")
        return Created(self.info(code), key)

    def classes(self) -> list[ClassInfo]:
        with self._db() as conn:
            found = conn.execute(sa.select(classes_table.c.code).order_by(classes_table.c.created)).all()
            return [self._info(conn, code) for (code,) in found]

    def info(self, code: str) -> ClassInfo:
        with self._db() as conn:
            return self._info(conn, names.check_code(code))

    def _info(self, conn: Connection, code: str) -> ClassInfo:
        c = classes_table.c
        found = conn.execute(sa.select(classes_table).where(c.code == code)).first()
        if found is None:
            raise ClassError(f"there is no class {code} on this server")
        students = conn.scalar(
            sa.select(sa.func.count()).select_from(members_table).where(members_table.c.class_id == found.id)
        )
        submissions = conn.scalar(
            sa.select(sa.func.count()).select_from(rows_table).where(rows_table.c.class_id == found.id)
        )
        return ClassInfo(
            code=found.code,
            title=found.title,
            open=bool(found.open),
            created=_when(found.created),
            students=int(students or 0),
            submissions=int(submissions or 0),
            revision=found.revision,
        )

    def _class_id(self, conn: Connection, code: str, key: str | None = None) -> tuple[int, bool]:
        """The class's id and whether it is open; with ``key``, only for its teacher."""
        found = conn.execute(
            sa.select(classes_table.c.id, classes_table.c.open, classes_table.c.key_digest).where(
                classes_table.c.code == names.check_code(code)
            )
        ).first()
        if found is None:
            raise ClassError(f"there is no class {names.check_code(code)} on this server")
        if key is not None and not names.matches(key, found.key_digest):
            raise ClassError(f"that is not the teacher key of class {names.check_code(code)}")
        return found.id, bool(found.open)

    def _bump(self, conn: Connection, class_id: int) -> None:
        conn.execute(
            classes_table.update()
            .where(classes_table.c.id == class_id)
            .values(revision=classes_table.c.revision + 1)
        )

    def delete_class(self, code: str) -> None:
        """Delete a class with every student and row in it (the command line's, on the server)."""
        with self._db(write=True) as conn:
            class_id, _ = self._class_id(conn, code)
            conn.execute(sets_table.delete().where(sets_table.c.class_id == class_id))
            conn.execute(rows_table.delete().where(rows_table.c.class_id == class_id))
            conn.execute(members_table.delete().where(members_table.c.class_id == class_id))
            conn.execute(classes_table.delete().where(classes_table.c.id == class_id))

    def check_key(self, code: str, key: str) -> ClassInfo:
        with self._db() as conn:
            self._class_id(conn, code, key)
            return self._info(conn, names.check_code(code))

    def set_open(self, code: str, key: str, open: bool) -> None:
        with self._db(write=True) as conn:
            class_id, _ = self._class_id(conn, code, key)
            conn.execute(classes_table.update().where(classes_table.c.id == class_id).values(open=open))
            self._bump(conn, class_id)

    def reset(self, code: str, key: str, experiment: str | None = None) -> int:
        """Remove every row (or one experiment's): the students stay joined."""
        with self._db(write=True) as conn:
            class_id, _ = self._class_id(conn, code, key)
            where = rows_table.c.class_id == class_id
            if experiment is not None:
                where = where & (rows_table.c.experiment == experiment)
            removed = conn.execute(rows_table.delete().where(where)).rowcount
            self._bump(conn, class_id)
            return int(removed)

    def give_set(self, code: str, key: str, problem_set: ProblemSet | None) -> None:
        """Give the class ``problem_set`` in place of any it had (``None``: take it back). The rows
        of an earlier set stay, under that set's own name, and count again if it is given again."""
        with self._db(write=True) as conn:
            class_id, _ = self._class_id(conn, code, key)
            conn.execute(sets_table.delete().where(sets_table.c.class_id == class_id))
            if problem_set is not None:
                conn.execute(
                    sets_table.insert().values(
                        class_id=class_id, problems=problem_set.to_text(), given=time.time()
                    )
                )
            self._bump(conn, class_id)

    def problem_set(self, code: str) -> ProblemSet | None:
        """The problem set the class was given (``None``: none). Anyone with the code may ask:
        a set holds problem ids, which the practice page shows anyway, and no answer."""
        with self._db() as conn:
            class_id, _ = self._class_id(conn, code)
            text = conn.scalar(sa.select(sets_table.c.problems).where(sets_table.c.class_id == class_id))
        return None if text is None else ProblemSet.from_text(text)

    def revision(self, code: str) -> int:
        """A number that changes whenever anything in the class does: cheap to ask every second."""
        with self._db() as conn:
            found = conn.scalar(
                sa.select(classes_table.c.revision).where(classes_table.c.code == names.check_code(code))
            )
            if found is None:
                raise ClassError(f"there is no class {names.check_code(code)} on this server")
            return int(found)

    # ---------------------------------------------------------- students

    def join(
        self,
        code: str,
        nickname: str,
        *,
        browser: str | None = None,
        address: str | None = None,
        caps: tuple[int, int] | None = None,
    ) -> Member:
        """Claim ``nickname`` in the class, with a deal secret drawn now; refused if another
        student holds it (in any case, or written with look-alike letters), or if the page's
        ``browser`` or network ``address`` (as the class server saw them; ``None``: not known)
        holds its share of the class's nicknames already (``caps``: per browser and per address,
        :func:`join_caps` unless given)."""
        nickname = names.check_nickname(nickname)
        folded = names.fold(nickname)
        token, secret = names.new_secret(), names.new_secret()
        per_browser, per_address = join_caps() if caps is None else caps
        shown_code = names.check_code(code)
        with self._db(write=True) as conn:
            class_id, is_open = self._class_id(conn, code)
            if not is_open:
                raise ClassError(f"class {shown_code} is closed: ask your teacher to open it")
            if self.backend == "postgresql":  # joins to one class one at a time, so no cap is passed
                conn.execute(
                    sa.select(classes_table.c.id).where(classes_table.c.id == class_id).with_for_update()
                )
            m = members_table.c
            for column, value, cap, who in (
                (m.browser, browser, per_browser, "this browser has"),
                (m.address, address, per_address, "pages from this network address have"),
            ):
                if value is None or cap <= 0:
                    continue
                held = conn.scalar(
                    sa.select(sa.func.count())
                    .select_from(members_table)
                    .where((m.class_id == class_id) & (column == value))
                )
                if int(held or 0) >= cap:
                    raise ClassError(
                        f"{who} joined class {shown_code} {cap} time{'s' * (cap != 1)} already: "
                        "ask your teacher"
                    )
            taken = conn.execute(
                sa.select(m.nickname).where((m.class_id == class_id) & (m.folded == folded))
            ).first()
            if taken is not None:
                looks = "" if taken.nickname == nickname else f" (written {taken.nickname})"
                raise ClassError(
                    f"someone in this class is already called {nickname}{looks}: choose another nickname"
                )
            conn.execute(
                members_table.insert().values(
                    class_id=class_id,
                    nickname=nickname,
                    folded=folded,
                    token_digest=names.digest(token),
                    joined=time.time(),
                    secret=secret,
                    browser=browser,
                    address=address,
                )
            )
            self._bump(conn, class_id)
        return Member(shown_code, nickname, token, secret)

    def rejoin(self, code: str, nickname: str, token: str) -> Member:
        """The same student on another page or after a reload, proved by the token they got."""
        with self._db() as conn:
            _, shown, secret = self._member(conn, code, nickname, token)
        return Member(names.check_code(code), shown, token, secret)

    def _member(self, conn: Connection, code: str, nickname: str, token: str) -> tuple[int, str, str | None]:
        """The member ``token`` was given to, if they are ``nickname``: id, nickname, secret."""
        class_id, _ = self._class_id(conn, code)
        refused = ClassError(
            f"this page has not joined class {names.check_code(code)} as {printable(nickname, 20)}"
        )
        if not isinstance(token, str) or not token or len(token) > names.MAX_KEY_CHARS:
            raise refused
        m = members_table.c
        found = conn.execute(
            sa.select(m.id, m.nickname, m.secret).where(
                (m.class_id == class_id) & (m.token_digest == names.digest(token))
            )
        ).first()
        if found is None or names.fold(found.nickname) != names.fold(names.check_nickname(nickname)):
            raise refused
        return found.id, found.nickname, found.secret

    def roster(self, code: str, key: str) -> list[Joined]:
        """Every member, in the order they joined, with how many rows each has sent."""
        m = members_table.c
        sent = (
            sa.select(rows_table.c.member_id, sa.func.count().label("rows"))
            .group_by(rows_table.c.member_id)
            .subquery()
        )
        with self._db() as conn:
            class_id, _ = self._class_id(conn, code, key)
            found = conn.execute(
                sa.select(m.nickname, m.joined, sa.func.coalesce(sent.c.rows, 0))
                .outerjoin(sent, sent.c.member_id == m.id)
                .where(m.class_id == class_id)
                .order_by(m.joined, m.id)
            ).all()
            return [Joined(nickname, _when(joined), int(rows)) for nickname, joined, rows in found]

    def members(self, code: str, key: str) -> list[str]:
        """Every member's nickname, in the order they joined."""
        return [joined.nickname for joined in self.roster(code, key)]

    def remove(self, code: str, key: str, nickname: str) -> int:
        """Remove a student and every row they sent (the teacher's); returns the rows removed.
        Their page can send nothing more (its token finds no one); they may join again."""
        with self._db(write=True) as conn:
            class_id, _ = self._class_id(conn, code, key)
            m = members_table.c
            shown = names.check_nickname(nickname)
            # as listed first (two members of an older store may fold alike), else however written
            found = conn.scalar(
                sa.select(m.id).where((m.class_id == class_id) & (m.nickname == shown))
            ) or conn.scalar(
                sa.select(m.id).where((m.class_id == class_id) & (m.folded == names.fold(shown)))
            )
            if found is None:
                raise ClassError(
                    f"nobody in class {names.check_code(code)} is called {printable(nickname, 20)}"
                )
            removed = conn.execute(rows_table.delete().where(rows_table.c.member_id == found)).rowcount
            conn.execute(members_table.delete().where(m.id == found))
            self._bump(conn, class_id)
            return int(removed)

    def submit(self, member: Member, experiment: str, payload: Mapping[str, Any], slot: str = "") -> bool:
        """Store a result; ``False`` if this (experiment, student, slot) is stored already."""
        stored = payloads.check(experiment, payload)
        slot = payloads.check_slot(slot)
        text = json.dumps(stored, separators=(",", ":"))
        with self._db(write=True) as conn:
            class_id, is_open = self._class_id(conn, member.code)
            member_id, nickname, secret = self._member(conn, member.code, member.nickname, member.token)
            if not is_open:
                raise ClassError(f"class {member.code} is closed: your teacher is not taking results now")
            if "seed" in stored and stored["seed"] != payloads.member_seed(
                member.code, nickname, secret, experiment
            ):
                raise ClassError(f"a {experiment} result must be dealt from {member.nickname}'s own seed")
            values = {
                "class_id": class_id,
                "member_id": member_id,
                "experiment": experiment,
                "slot": slot,
                "payload": text,
                "at": time.time(),
            }
            insert = (postgresql.insert if self.backend == "postgresql" else sqlite.insert)(rows_table)
            added = conn.execute(
                insert.values(**values).on_conflict_do_nothing().returning(rows_table.c.id)
            ).first()
            if added is not None:
                self._bump(conn, class_id)
            return added is not None

    # ---------------------------------------------------------- reading rows

    def own(self, member: Member, experiment: str) -> list[Row]:
        with self._db() as conn:
            member_id, _, _ = self._member(conn, member.code, member.nickname, member.token)
            return self._rows(conn, rows_table.c.member_id == member_id, experiment)

    def rows(self, code: str, key: str | None, experiment: str | None = None) -> list[Row]:
        """Every row of the class (or of one experiment), in the order they arrived; ``key`` is the
        teacher's (``None`` only for the command line on the server, which holds the database)."""
        with self._db() as conn:
            class_id, _ = self._class_id(conn, code, key)
            return self._rows(conn, rows_table.c.class_id == class_id, experiment)

    def _rows(self, conn: Connection, where: Any, experiment: str | None) -> list[Row]:
        if experiment is not None:
            where = where & (rows_table.c.experiment == experiment)
        query = (
            sa.select(
                classes_table.c.code,
                rows_table.c.experiment,
                members_table.c.nickname,
                rows_table.c.slot,
                rows_table.c.payload,
                rows_table.c.at,
                members_table.c.secret,
            )
            .join(members_table, members_table.c.id == rows_table.c.member_id)
            .join(classes_table, classes_table.c.id == rows_table.c.class_id)
            .where(where)
            .order_by(rows_table.c.at, rows_table.c.id)
        )
        return [
            Row(r.code, r.experiment, r.nickname, r.slot, json.loads(r.payload), _when(r.at), r.secret)
            for r in conn.execute(query)
        ]

    def export_csv(self, code: str, key: str | None, out: TextIO) -> int:
        """Every row as CSV, one column per number (``counts_0`` ... for a list); returns the rows."""
        rows = self.rows(code, key)
        columns: dict[str, None] = {}
        flat = [_flatten(row.payload) for row in rows]
        for values in flat:
            columns.update(dict.fromkeys(values))
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(["class", "experiment", "nickname", "slot", "submitted_utc", *columns])
        for row, values in zip(rows, flat, strict=True):
            when = row.at.isoformat(timespec="seconds").replace("+00:00", "Z")
            writer.writerow(
                [
                    row.code,
                    row.experiment,
                    row.nickname,
                    row.slot,
                    when,
                    *(values.get(k, "") for k in columns),
                ]
            )
        return len(rows)


def _flatten(payload: Mapping[str, Any]) -> dict[str, Any]:
    flat: dict[str, Any] = {}
    for key, value in payload.items():
        if isinstance(value, list):
            flat.update((f"{key}_{i}", v) for i, v in enumerate(value))
        else:
            flat[key] = value
    return flat


# ------------------------------------------------------------------ the schema


def schema_version(conn: Connection) -> int:
    """The schema a database holds: 0 for an empty one."""
    if not sa.inspect(conn).has_table(schema_table.name):
        return 0
    return int(conn.scalar(sa.select(sa.func.max(schema_table.c.version))) or 0)


def migrate(conn: Connection, steps: Mapping[int, Callable[[Connection], None]] = MIGRATIONS) -> int:
    """Bring the database to the newest schema in ``steps``, in the caller's transaction;
    refuse one made by a newer pitchlab. Returns the version it holds now."""
    if conn.dialect.name == "postgresql":
        conn.execute(sa.text("SELECT pg_advisory_xact_lock(:k)"), {"k": _PG_LOCK})
    newest = max(steps)
    schema_table.create(conn, checkfirst=True)
    version = schema_version(conn)
    if version > newest:
        raise ClassError(
            f"the class database has schema {version}, made by a newer pitchlab; this one reads up to "
            f"{newest}: upgrade pitchlab"
        )
    for step in range(version + 1, newest + 1):
        steps[step](conn)
    if version < newest:
        conn.execute(schema_table.delete())
        conn.execute(schema_table.insert().values(version=newest))
    return newest
