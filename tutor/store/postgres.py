"""The learner store on PostgreSQL: one database for a whole school, several serving computers.

Imported only when a database address is given (`--database`, $OLD_MAID_TUTOR_DATABASE): the
SQLite path never loads psycopg. The store's code and SQL are the same on both back ends; what
PostgreSQL says differently is kept here, in one small named set (`translated`):

- `?` placeholders become `%s` (and a literal `%` is doubled, when there are parameters);
- "BEGIN IMMEDIATE" (SQLite's one writer at a time) is BEGIN plus a transaction advisory lock,
  WRITE_LOCK, so writes wait their turn exactly as on SQLite (a write of some learners' own rows
  only, their progress, takes it shared and each learner's own lock: see `begin_write`) (and `lock_timeout` is SQLite's
  busy timeout: a write that waits too long is StoreBusy, with the same notices);
  a plain "BEGIN" (several reads at one moment) is a REPEATABLE READ transaction;
- `PRAGMA user_version` lives in the table SCHEMA_TABLE; `PRAGMA busy_timeout` is `lock_timeout`;
  SQLite's catalogue (`sqlite_schema`, `PRAGMA table_info`) is `information_schema`;
- `INTEGER PRIMARY KEY` (SQLite's row id) is an identity column, and an INSERT into a table with
  one returns its id (`lastrowid`);
- `instr` and `char` are `strpos` and `chr`; booleans are written as 0 and 1, as SQLite keeps them.

What SQLite gives for free, done PostgreSQL's way (`PostgresBackend`):

- a claim on a profile (one window per learner) is the claim row, as on SQLite, held by a session
  advisory lock (CLAIM_LOCKS, keyed by the claim's token): a serving computer that dies loses its
  connection, the lock goes with it, and the claim no longer stands;
- "another window wrote" (`PRAGMA data_version`, which the tables screen watches) is a
  notification on CHANNEL, sent by every write as it commits and heard on a second connection
  that LISTENs: watching asks the database nothing.

A dropped connection makes the writes wait (StoreUnreachable, kept in order like a busy file's);
the next try takes a new connection from the pool, takes its claims' locks again and goes on.
"""

from __future__ import annotations

import logging
import re
import threading
import zlib
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import suppress
from typing import Any
from urllib.parse import urlsplit, urlunsplit

import psycopg
import psycopg_pool
from psycopg import errors, pq

from tutor.errors import StoreBusy, StoreError, StoreFull, StoreUnreachable
from tutor.language import tr

# The pool's own complaints would land on the terminal over the app: the store says what went wrong.
logging.getLogger("psycopg.pool").addHandler(logging.NullHandler())
logging.getLogger("psycopg.pool").propagate = False

SCHEMA_TABLE = "old_maid_tutor_schema"
"""PostgreSQL's `PRAGMA user_version`: one row, the migrations the database has been through."""
WRITE_LOCK = 0x4F4D5457
"""The advisory lock every write transaction takes (SQLite's write lock): alone for a write that
may touch anything, shared for one that touches only some learners' own rows (which then takes
each learner's lock, LEARNER_LOCKS, alone), so writes for different learners go on together."""
LEARNER_LOCKS = 0x4F4D4C
"""The first key of a learner's write lock (the second is the profile's id)."""
CLAIM_LOCKS = 0x4F4D54
"""The first key of a claim's session advisory lock (the second is made from its token)."""
CHANNEL = "old_maid_tutor"
"""What every write notifies as it commits, and the tables' watchers listen to."""
CONNECT_SECONDS = 5.0
"""How long to try reaching the database at start."""
RECONNECT_SECONDS = 0.5
"""How long one try to reach it again waits, after a dropped connection (the app tries again later)."""
_IDENTITY_TABLES = ("profile", "finished_game", "quiz_answer", "mistake", "card_table", "table_log")

_TABLES = (
    f"SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' AND table_name <> '{SCHEMA_TABLE}'"
)
_OTHER_SCHEMAS = "n.nspname NOT IN ('pg_catalog', 'information_schema', 'pg_toast') AND n.nspname NOT LIKE 'pg\\_%temp\\_%'"
_OBJECTS = (
    "SELECT n.nspname || '.' || c.relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE "
    + _OTHER_SCHEMAS
    + " UNION SELECT n.nspname || '.' || p.proname FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace WHERE "
    + _OTHER_SCHEMAS
    + " UNION SELECT n.nspname || '.' || t.typname FROM pg_type t JOIN pg_namespace n ON n.oid = t.typnamespace"
    " WHERE t.typtype IN ('d', 'e', 'r', 'm') AND " + _OTHER_SCHEMAS
)
"""Whatever a database holds outside PostgreSQL's own schemas, in any schema (tables, views,
sequences, indexes, functions, types): an empty database holds none."""
_STATEMENTS = {
    "BEGIN IMMEDIATE": ("BEGIN", f"SELECT pg_advisory_xact_lock({WRITE_LOCK})"),
    "BEGIN": ("BEGIN ISOLATION LEVEL REPEATABLE READ",),
    "PRAGMA user_version": (f"SELECT version FROM {SCHEMA_TABLE}",),
    "SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%'": (_TABLES,),
}
_PATTERNS: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(r"^PRAGMA user_version = (\d+)$"), f"UPDATE {SCHEMA_TABLE} SET version = \\1"),
    (re.compile(r"^PRAGMA busy_timeout = (\d+)$"), "SET lock_timeout = \\1"),
    (
        re.compile(r'^PRAGMA table_info\("((?:[^"]|"")+)"\)$'),
        "SELECT ordinal_position, column_name FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = '\\1'",
    ),
    (re.compile(r"\bid INTEGER PRIMARY KEY\b"), "id BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY"),
    (re.compile(r"\binstr\("), "strpos("),
    (re.compile(r"\bchar\("), "chr("),
)


def translated(sql: str) -> tuple[str, ...]:
    """The PostgreSQL statements that do what SQLite's `sql` does (`?` placeholders left to `_run`)."""
    if sql in _STATEMENTS:
        return _STATEMENTS[sql]
    for pattern, replacement in _PATTERNS:
        sql = pattern.sub(replacement, sql)
    if re.match(rf"^\s*INSERT INTO ({'|'.join(_IDENTITY_TABLES)}) ", sql):
        sql += " RETURNING id"
    return (sql,)


def shown_address(url: str) -> str:
    """The database's address to show: without its password."""
    parts = urlsplit(url)
    if parts.password is None:
        return url
    host = parts.netloc.rpartition("@")[2]
    return urlunsplit(parts._replace(netloc=f"{parts.username or ''}:***@{host}"))


class Row:
    """A row read by column name or by position, as `sqlite3.Row` is."""

    __slots__ = ("_names", "_values")

    def __init__(self, names: dict[str, int], values: Sequence[Any]) -> None:
        self._names = names
        self._values = values

    def __getitem__(self, key: int | str) -> Any:
        return self._values[self._names[key] if isinstance(key, str) else key]

    def __len__(self) -> int:
        return len(self._values)

    def __iter__(self) -> Iterator[Any]:
        return iter(self._values)

    def keys(self) -> list[str]:
        return list(self._names)


class _Cursor:
    """What `execute` returns: the rows, read at once, and an INSERT's new id."""

    def __init__(self, rows: list[Row], lastrowid: int | None = None) -> None:
        self._rows = rows
        self.lastrowid = lastrowid

    def fetchone(self) -> Row | None:
        return self._rows[0] if self._rows else None

    def fetchall(self) -> list[Row]:
        return self._rows

    def __iter__(self) -> Iterator[Row]:
        return iter(self._rows)


def fault(error: psycopg.Error, where: str) -> StoreError:
    """The tutor's own error for what PostgreSQL could not do."""
    if isinstance(error, errors.LockNotAvailable):
        return StoreBusy(tr("Another window (or another serving computer) is saving to the school's database right now."))
    if isinstance(error, errors.DiskFull):
        return StoreFull(tr("The disk of the school's database ({where}) is full, so progress cannot be saved yet.").format(where=where))
    if isinstance(error, psycopg.OperationalError):
        return StoreUnreachable(tr("The school's database ({where}) cannot be reached right now ({problem}).").format(where=where, problem=_first_line(error)))
    return StoreError(tr("Progress could not be saved ({problem}).").format(problem=_first_line(error)))


def _first_line(error: BaseException) -> str:
    return (str(error).strip().splitlines() or [type(error).__name__])[0]


class Database:
    """One connection to the school's database, taken from a pool, speaking the store's SQL.

    A connection that drops is given back to the pool and a new one taken at the next statement
    outside a transaction (a statement inside one raises StoreUnreachable, and the store keeps its
    writes for later); `on_reconnect` is then called, to take the claims' locks again."""

    def __init__(self, pool: psycopg_pool.ConnectionPool[psycopg.Connection[Any]], where: str) -> None:
        self._pool = pool
        self.where = where
        self._connection: psycopg.Connection[Any] | None = None
        self._lock_timeout: str | None = None
        self._writing = False
        self.on_reconnect: Callable[[], None] | None = None
        self._connection = self._connect()

    @property
    def in_transaction(self) -> bool:
        connection = self._connection
        return connection is not None and not connection.broken and connection.info.transaction_status != pq.TransactionStatus.IDLE

    @property
    def backend_pid(self) -> int:
        return self._live().info.backend_pid

    def execute(self, sql: str, parameters: Sequence[object] = (), /) -> _Cursor:
        if sql == "ROLLBACK":
            self._rollback()
            return _Cursor([])
        if sql == "COMMIT" and self._writing:
            self._run(f"NOTIFY {CHANNEL}", None)
        cursor = _Cursor([])
        try:
            for statement in translated(sql):
                cursor = self._run(statement, _plain(parameters) if parameters else None)
        except StoreError:
            if sql.startswith("BEGIN"):  # as on SQLite, a BEGIN that fails (waiting for the write lock) leaves no transaction
                self._rollback()
            raise
        if sql == "BEGIN IMMEDIATE":
            self._writing = True
        elif sql == "COMMIT":
            self._writing = False
        elif sql.startswith("PRAGMA busy_timeout"):
            self._lock_timeout = translated(sql)[0]
        return cursor

    def begin_write(self, profiles: Sequence[int]) -> None:
        """A write of these learners' own rows only: the shared write lock and each one's lock, in
        order of id (so two such writes never wait for each other in a circle)."""
        statements = ["BEGIN", f"SELECT pg_advisory_xact_lock_shared({WRITE_LOCK})"]
        statements += [f"SELECT pg_advisory_xact_lock({LEARNER_LOCKS}, {int(profile)})" for profile in sorted(profiles)]
        try:
            for statement in statements:
                self._run(statement, None)
        except StoreError:
            self._rollback()
            raise
        self._writing = True

    def executemany(self, sql: str, parameters: Iterable[Sequence[object]], /) -> _Cursor:
        rows = [_plain(row) for row in parameters]
        if rows:
            (statement,) = translated(sql)
            try:
                with self._live().cursor() as cursor:
                    cursor.executemany(_placeholders(statement.removesuffix(" RETURNING id")), rows)
            except psycopg.Error as error:
                raise fault(error, self.where) from error
        return _Cursor([])

    def close(self) -> None:
        connection, self._connection = self._connection, None
        if connection is not None:
            with suppress(psycopg.Error, psycopg_pool.PoolTimeout):
                if not connection.broken:
                    connection.rollback()
                self._pool.putconn(connection)
        self._pool.close()

    def columns(self) -> list[Row]:
        """(table, column) for every column of every table the tutor keeps (`schema.tables`)."""
        return self._run(
            "SELECT c.table_name, c.column_name FROM information_schema.columns c JOIN information_schema.tables t"
            " ON t.table_schema = c.table_schema AND t.table_name = c.table_name"
            f" WHERE c.table_schema = current_schema() AND t.table_type = 'BASE TABLE' AND c.table_name <> '{SCHEMA_TABLE}'",
            None,
        ).fetchall()

    def listener(self) -> Listener:
        """A second connection that hears the writes of every other connection (see CHANNEL)."""
        return Listener(self)

    # ----- plumbing -----

    def _run(self, statement: str, parameters: Sequence[object] | None) -> _Cursor:
        try:
            with self._live().cursor() as cursor:
                if parameters is None:
                    cursor.execute(statement.encode())
                else:
                    cursor.execute(_placeholders(statement), parameters)
                rows: list[Row] = []
                if cursor.description is not None:
                    names = {column.name: number for number, column in enumerate(cursor.description)}
                    rows = [Row(names, values) for values in cursor.fetchall()]
        except psycopg.Error as error:
            raise fault(error, self.where) from error
        lastrowid = rows[0][0] if statement.endswith(" RETURNING id") and rows else None
        return _Cursor(rows, lastrowid)

    def _live(self) -> psycopg.Connection[Any]:
        """The connection; a new one if it dropped (the transaction it was in, if any, is lost:
        that statement raised StoreUnreachable and the store keeps its writes for later)."""
        connection = self._connection
        if connection is not None and not connection.broken and not connection.closed:
            return connection
        self._connection = None
        self._writing = False
        if connection is not None:
            with suppress(psycopg.Error, psycopg_pool.PoolTimeout):
                self._pool.putconn(connection)  # the pool throws a broken one away
        self._connection = self._connect(RECONNECT_SECONDS)
        if self.on_reconnect is not None:
            self.on_reconnect()
        return self._connection

    def _connect(self, timeout: float = CONNECT_SECONDS) -> psycopg.Connection[Any]:
        try:
            connection = self._pool.getconn(timeout=timeout)
        except psycopg_pool.PoolTimeout as error:
            raise StoreUnreachable(
                tr("The school's database ({where}) cannot be reached right now ({problem}).").format(where=self.where, problem=_first_line(error))
            ) from error
        try:
            if self._lock_timeout is not None:
                connection.execute(self._lock_timeout.encode())
        except psycopg.Error as error:
            with suppress(psycopg.Error):
                self._pool.putconn(connection)
            raise fault(error, self.where) from error
        return connection

    def _rollback(self) -> None:
        self._writing = False
        connection = self._connection
        if connection is None or connection.broken:
            return
        with suppress(psycopg.OperationalError):
            connection.execute(b"ROLLBACK")


class Listener:
    """A connection that LISTENs on CHANNEL: `version()` counts the writes other connections
    committed since it started, without asking the database anything."""

    def __init__(self, database: Database) -> None:
        self._database = database
        self._lock = threading.Lock()
        self._connection: psycopg.Connection[Any] | None = None
        self._heard = 0

    def version(self) -> int:
        with self._lock:
            try:
                connection = self._listening()
                mine = self._database.backend_pid
                for notice in connection.notifies(timeout=0):
                    if notice.pid != mine:
                        self._heard += 1
            except (psycopg.Error, psycopg_pool.PoolTimeout, StoreError):
                self._drop()
                self._heard += 1  # something may have been missed: look again
            return self._heard

    def close(self) -> None:
        with self._lock:
            self._drop()

    def _listening(self) -> psycopg.Connection[Any]:
        if self._connection is None or self._connection.broken:
            self._drop()
            self._connection = self._database._pool.getconn(timeout=CONNECT_SECONDS)
            self._connection.execute(f"LISTEN {CHANNEL}".encode())
            self._heard += 1  # writes made before it listened were not heard
        return self._connection

    def _drop(self) -> None:
        connection, self._connection = self._connection, None
        if connection is not None:
            with suppress(psycopg.Error, psycopg_pool.PoolTimeout):
                if not connection.broken:
                    connection.execute(f"UNLISTEN {CHANNEL}".encode())
                self._database._pool.putconn(connection)


def _placeholders(statement: str) -> str:
    """SQLite's `?` placeholders as psycopg's `%s` (a `%` of the SQL itself doubled)."""
    return statement.replace("%", "%%").replace("?", "%s")


def _plain(parameters: Sequence[object]) -> list[object]:
    """Parameters as SQLite keeps them: True and False as 1 and 0."""
    return [int(value) if isinstance(value, bool) else value for value in parameters]


def claim_lock(token: str) -> int:
    """The second key of a claim's advisory lock (CLAIM_LOCKS, this): made from its token."""
    return zlib.crc32(token.encode()) & 0x7FFFFFFF


class PostgresBackend:
    """What differs beyond the SQL: claims held by advisory locks, writes heard by LISTEN."""

    def __init__(self, database: Database) -> None:
        self.database = database
        self._listener: Listener | None = None

    def claim_stands(self, db: Any, row: Any, mine: str | None) -> bool:
        """Another window's claim stands while its connection holds the claim's lock (a serving
        computer that died has lost its connection, and with it the lock)."""
        token = str(row["token"])
        if token in ("reset", mine):
            return False
        held = db.execute(
            "SELECT 1 FROM pg_locks WHERE locktype = 'advisory' AND granted AND classid = ? AND objid = ? AND objsubid = 2",
            (CLAIM_LOCKS, claim_lock(token)),
        ).fetchone()
        return held is not None

    def hold(self, db: Any, token: str) -> None:
        db.execute("SELECT pg_advisory_lock(?, ?)", (CLAIM_LOCKS, claim_lock(token)))

    def let_go(self, db: Any, token: str) -> None:
        db.execute("SELECT pg_advisory_unlock(?, ?)", (CLAIM_LOCKS, claim_lock(token)))

    def watch_claims(self, tokens: Callable[[], Iterable[str]]) -> None:
        """After a dropped connection, the new one takes the claims' locks again."""

        def take_again() -> None:
            for token in tokens():
                self.hold(self.database, token)

        self.database.on_reconnect = take_again

    def begin(self, db: Any, begin: str, profiles: Sequence[int]) -> None:
        if begin == "BEGIN IMMEDIATE" and profiles:
            self.database.begin_write(profiles)
        else:
            db.execute(begin)

    def data_version(self, db: Any) -> int:
        if self._listener is None:
            self._listener = self.database.listener()
        return self._listener.version()

    def close(self) -> None:
        if self._listener is not None:
            self._listener.close()


class Refused(StoreError):
    """A database the tutor will not use as it is (made by another program, or a newer tutor)."""


def connect(url: str, wait_seconds: float) -> tuple[Database, PostgresBackend]:
    """A connection to the school's database at `url`, brought up to date; StoreUnreachable when it
    cannot be reached, Refused (nothing changed) for one made by another program or a newer tutor."""
    where = shown_address(url)
    pool: psycopg_pool.ConnectionPool[psycopg.Connection[Any]] = psycopg_pool.ConnectionPool(
        url,
        min_size=1,
        max_size=3,
        open=False,
        kwargs={"autocommit": True, "connect_timeout": int(CONNECT_SECONDS)},
        check=psycopg_pool.ConnectionPool.check_connection,
        name="old-maid-tutor",
        num_workers=1,  # one process's store: a connection or two, made one at a time
    )
    try:
        _first_contact(url, where)
        pool.open(wait=True, timeout=CONNECT_SECONDS)
    except psycopg_pool.PoolTimeout as error:
        pool.close()
        raise StoreUnreachable(
            tr("The school's database {where} cannot be reached ({problem}).").format(where=where, problem=_unreachable_reason(url))
        ) from error
    try:
        database = Database(pool, where)
        _prepare(database)
        _bring_up_to_date(database)
        database.execute(f"PRAGMA busy_timeout = {int(wait_seconds * 1000)}")
    except BaseException:
        pool.close()
        raise
    return database, PostgresBackend(database)


def _first_contact(url: str, where: str) -> None:
    """StoreUnreachable at once for a server that refuses (or no server at that address): the
    pool would keep trying for CONNECT_SECONDS; a host that does not answer still gets them."""
    try:
        psycopg.connect(url, connect_timeout=int(CONNECT_SECONDS)).close()
    except psycopg.Error as error:
        raise StoreUnreachable(tr("The school's database {where} cannot be reached ({problem}).").format(where=where, problem=_first_line(error))) from error


def _unreachable_reason(url: str) -> str:
    """What connecting says, in one line (the pool only says it timed out)."""
    try:
        psycopg.connect(url, connect_timeout=int(CONNECT_SECONDS)).close()
    except psycopg.Error as error:
        return _first_line(error)
    return tr("it did not answer in time")


def _bring_up_to_date(database: Database) -> None:
    """The same migrations as a progress file's; Refused (nothing changed) for a newer tutor's."""
    from tutor.store.schema import LATEST, migrate, missing, user_version

    version = user_version(database)
    if version > LATEST:
        raise Refused(
            tr(
                "The database {where} was written by a newer version of Old Maid Tutor (its schema is version {version}, "
                "this app knows up to {latest}); the tutor leaves it as it is: update the tutor on this computer"
            ).format(where=database.where, version=version, latest=LATEST)
        )
    if version < LATEST:
        migrate(database)
    gaps = missing(database)
    if gaps:
        raise Refused(tr("The database {where} is missing {parts}; the tutor leaves it as it is").format(where=database.where, parts=", ".join(gaps[:3])))


def _prepare(database: Database) -> None:
    """Make SCHEMA_TABLE in an empty database; Refused for a database made by another program."""
    database.execute("BEGIN IMMEDIATE")
    try:
        ours = database.execute("SELECT to_regclass(?)", (SCHEMA_TABLE,)).fetchone()
        if ours is None or ours[0] is None:
            found = sorted(str(row[0]) for row in database.execute(_OBJECTS).fetchall())
            if found:
                shown = ", ".join(found[:5]) + (", ..." if len(found) > 5 else "")
                raise Refused(
                    tr("The database {where} was made by another program (it holds {objects}); the tutor leaves it as it is.").format(
                        where=database.where, objects=shown
                    )
                )
            database.execute(f"CREATE TABLE {SCHEMA_TABLE} (version INTEGER NOT NULL)")
            database.execute(f"INSERT INTO {SCHEMA_TABLE} (version) VALUES (0)")
        database.execute("COMMIT")
    except BaseException:
        database.execute("ROLLBACK")
        raise
