"""The database layout and how it grows.

``PRAGMA user_version`` counts the migrations a file has been through (on PostgreSQL, the one row
of `tutor.store.postgres.SCHEMA_TABLE`: the same list of migrations runs on both, their SQL
turned into PostgreSQL's by `tutor.store.postgres.translated`). Each migration
is a function that takes a file from the version before to the next one; add new ones
at the end of MIGRATIONS and never change one that has shipped.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable

from tutor.language import tr
from tutor.store.connection import Database

_VERSION_1_TABLES = (
    """CREATE TABLE profile (
        id INTEGER PRIMARY KEY,
        name TEXT NOT NULL,
        name_key TEXT NOT NULL UNIQUE,
        created TEXT NOT NULL
    )""",
    # One row per setting, its value as JSON, so a new setting needs no migration.
    """CREATE TABLE setting (
        profile_id INTEGER NOT NULL REFERENCES profile (id) ON DELETE CASCADE,
        name TEXT NOT NULL,
        value TEXT NOT NULL,
        PRIMARY KEY (profile_id, name)
    )""",
    """CREATE TABLE game_in_progress (
        profile_id INTEGER PRIMARY KEY REFERENCES profile (id) ON DELETE CASCADE,
        state TEXT NOT NULL,
        saved TEXT NOT NULL
    )""",
    """CREATE TABLE finished_game (
        id INTEGER PRIMARY KEY,
        profile_id INTEGER NOT NULL REFERENCES profile (id) ON DELETE CASCADE,
        rules TEXT NOT NULL,
        result TEXT NOT NULL,
        draws INTEGER NOT NULL CHECK (draws >= 0),
        mistakes INTEGER NOT NULL CHECK (mistakes >= 0),
        finished TEXT NOT NULL
    )""",
    """CREATE TABLE lesson_progress (
        profile_id INTEGER NOT NULL REFERENCES profile (id) ON DELETE CASCADE,
        lesson_id TEXT NOT NULL,
        step INTEGER NOT NULL CHECK (step >= 0),
        hints_used INTEGER NOT NULL CHECK (hints_used >= 0),
        finished INTEGER NOT NULL CHECK (finished IN (0, 1)),
        updated TEXT NOT NULL,
        PRIMARY KEY (profile_id, lesson_id)
    )""",
    """CREATE TABLE quiz_answer (
        id INTEGER PRIMARY KEY,
        profile_id INTEGER NOT NULL REFERENCES profile (id) ON DELETE CASCADE,
        question TEXT NOT NULL,
        concept TEXT NOT NULL,
        "right" INTEGER NOT NULL CHECK ("right" IN (0, 1)),
        answered TEXT NOT NULL
    )""",
    "CREATE INDEX quiz_answer_by_concept ON quiz_answer (profile_id, concept)",
    """CREATE TABLE mistake (
        id INTEGER PRIMARY KEY,
        profile_id INTEGER NOT NULL REFERENCES profile (id) ON DELETE CASCADE,
        code TEXT NOT NULL,
        cards TEXT NOT NULL,
        place TEXT NOT NULL,
        made TEXT NOT NULL
    )""",
    "CREATE INDEX mistake_by_code ON mistake (profile_id, code)",
)


def _create_tables(db: Database) -> None:
    for statement in _VERSION_1_TABLES:
        db.execute(statement)


def _add_claims(db: Database) -> None:
    """Which window is saving each profile's progress, so a second window is told and can choose."""
    db.execute(
        """CREATE TABLE claim (
            profile_id INTEGER PRIMARY KEY REFERENCES profile (id) ON DELETE CASCADE,
            token TEXT NOT NULL,
            host TEXT NOT NULL,
            pid INTEGER NOT NULL,
            since TEXT NOT NULL
        )"""
    )


def _add_teacher_pin(db: Database) -> None:
    """The teacher's PIN for a classroom: a slow hash of it (never the PIN), its cost, and the
    wrong tries in a row, so every tab of the class waits after a few wrong guesses."""
    db.execute(
        """CREATE TABLE teacher_pin (
            id INTEGER PRIMARY KEY CHECK (id = 1),
            digest TEXT NOT NULL,
            salt TEXT NOT NULL,
            cost INTEGER NOT NULL CHECK (cost > 1),
            block_size INTEGER NOT NULL CHECK (block_size > 0),
            parallel INTEGER NOT NULL CHECK (parallel > 0),
            wrong_tries INTEGER NOT NULL DEFAULT 0 CHECK (wrong_tries >= 0),
            last_wrong TEXT,
            since TEXT NOT NULL
        )"""
    )


def _add_tables(db: Database) -> None:
    """Tables for playing together: learners in several windows at one named table, one game.

    A table's status is waiting, playing, finished, closed or damaged (set aside, never listed);
    ``move`` counts the moves written, so a move decided on an older state is refused; ``state`` is
    the engine's ``Game.to_dict()`` as JSON (NULL while waiting); ``rules`` the settings' rules
    choices as JSON. A seat's ``profile_id`` is NULL for a computer player (or a learner removed
    since); ``taken_over`` says a computer plays for a learner who has gone."""
    db.execute(
        """CREATE TABLE card_table (
            id INTEGER PRIMARY KEY,
            name TEXT NOT NULL,
            name_key TEXT NOT NULL UNIQUE,
            host_id INTEGER REFERENCES profile (id) ON DELETE SET NULL,
            rules TEXT NOT NULL,
            status TEXT NOT NULL CHECK (status IN ('waiting', 'playing', 'finished', 'closed', 'damaged')),
            move INTEGER NOT NULL DEFAULT 0 CHECK (move >= 0),
            state TEXT,
            created TEXT NOT NULL,
            updated TEXT NOT NULL
        )"""
    )
    db.execute(
        """CREATE TABLE table_seat (
            table_id INTEGER NOT NULL REFERENCES card_table (id) ON DELETE CASCADE,
            seat INTEGER NOT NULL CHECK (seat >= 0),
            profile_id INTEGER REFERENCES profile (id) ON DELETE SET NULL,
            name TEXT NOT NULL,
            last_seen TEXT NOT NULL,
            left_at TEXT,
            taken_over INTEGER NOT NULL DEFAULT 0 CHECK (taken_over IN (0, 1)),
            PRIMARY KEY (table_id, seat)
        )"""
    )
    db.execute("CREATE INDEX table_seat_by_profile ON table_seat (profile_id)")
    db.execute(
        """CREATE TABLE table_log (
            id INTEGER PRIMARY KEY,
            table_id INTEGER NOT NULL REFERENCES card_table (id) ON DELETE CASCADE,
            move INTEGER NOT NULL,
            line TEXT NOT NULL,
            said TEXT NOT NULL
        )"""
    )
    db.execute("CREATE INDEX table_log_by_table ON table_log (table_id, id)")


def _add_lesson_runs(db: Database) -> None:
    """Each lesson's best stars, and the mistakes of the run through it under way, so a lesson
    played again better earns more stars and one played worse keeps them. ``stars`` is 0 until a
    run through the lesson is finished under this version (a lesson done before keeps the stars
    its first time through earned, worked out from ``hints_used`` and its mistakes as before).

    A mistake's ``real`` is 1 for one kept from now on: the recorder leaves out a mistake a lesson
    step asks for on purpose, so every one kept is real, also of a kind some step asks for. A
    lesson mistake kept before gets 0: some earlier versions kept the ones asked for too."""
    db.execute("ALTER TABLE lesson_progress ADD COLUMN stars INTEGER NOT NULL DEFAULT 0 CHECK (stars BETWEEN 0 AND 3)")
    db.execute("ALTER TABLE lesson_progress ADD COLUMN mistakes INTEGER NOT NULL DEFAULT 0 CHECK (mistakes >= 0)")
    db.execute("ALTER TABLE mistake ADD COLUMN real INTEGER NOT NULL DEFAULT 1 CHECK (real IN (0, 1))")
    db.execute("UPDATE mistake SET real = 0 WHERE place LIKE 'lesson:%'")


MIGRATIONS: list[Callable[[Database], None]] = [_create_tables, _add_claims, _add_teacher_pin, _add_tables, _add_lesson_runs]
LATEST = len(MIGRATIONS)


def user_version(db: Database) -> int:
    return int(db.execute("PRAGMA user_version").fetchone()[0])


def migrate(db: Database, target: int = LATEST) -> None:
    """Bring the file up to ``target`` in one transaction.

    The version is read inside the transaction, so two copies of the app starting
    together run each migration once. ``db`` must be in autocommit mode.
    """
    db.execute("BEGIN IMMEDIATE")
    try:
        start = user_version(db)
        for version in range(start, target):
            MIGRATIONS[version](db)
        if target > start:
            db.execute(f"PRAGMA user_version = {target}")
        db.execute("COMMIT")
    except BaseException:
        if db.in_transaction:  # some errors make SQLite roll back itself
            db.execute("ROLLBACK")
        raise


def tables(db: Database) -> dict[str, set[str]]:
    """Each table in the file (SQLite's own left out) with its column names; on PostgreSQL, in the
    database's schema (the version's table left out), read in one query."""
    columns = getattr(db, "columns", None)
    if columns is not None:
        found: dict[str, set[str]] = {}
        for table, column in columns():
            found.setdefault(str(table), set()).add(str(column))
        return found
    names = [row[0] for row in db.execute("SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")]
    return {name: {row[1] for row in db.execute(f"PRAGMA table_info({_quoted(name)})")} for name in names}


def missing(db: Database) -> list[str]:
    """What an up-to-date file should have and this one lacks, e.g. ["the table mistake"]."""
    expected = _expected_tables()
    found = tables(db)
    gaps = []
    for table, columns in expected.items():
        if table not in found:
            gaps.append(tr("the table {table}").format(table=table))
            continue
        gaps.extend(tr("the column {column}").format(column=f"{table}.{column}") for column in sorted(columns - found[table]))
    return gaps


def _expected_tables() -> dict[str, set[str]]:
    reference = sqlite3.connect(":memory:", isolation_level=None)
    try:
        migrate(reference)
        return tables(reference)
    finally:
        reference.close()


def _quoted(name: str) -> str:
    return '"' + name.replace('"', '""') + '"'
