"""Each migration, run on a file left by the version before, keeps its data and reaches the next.

When adding migration N+1: add to BEFORE a function that fills a version-N file the
way that version of the app would have, and to AFTER the checks that it survived.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from pathlib import Path

import pytest

from tutor.store import open_store
from tutor.store.schema import LATEST, migrate, user_version

VERSION_1_TABLES = {"profile", "setting", "game_in_progress", "finished_game", "lesson_progress", "quiz_answer", "mistake"}


def fill_version_0(db: sqlite3.Connection) -> None:
    """Version 0 is an empty file: there is nothing to keep."""


def check_version_1(db: sqlite3.Connection) -> None:
    tables = {row[0] for row in db.execute("SELECT name FROM sqlite_schema WHERE type = 'table'")}
    assert tables == VERSION_1_TABLES


def fill_version_1(db: sqlite3.Connection) -> None:
    """A learner with a game in progress, as version 1 left them."""
    db.execute("INSERT INTO profile (id, name, name_key, created) VALUES (1, 'Ana', 'ana', '2025-01-01T00:00:00+00:00')")
    db.execute("INSERT INTO game_in_progress VALUES (1, '{\"turn\": 3}', '2025-01-01T00:00:00+00:00')")


def check_version_2(db: sqlite3.Connection) -> None:
    tables = {row[0] for row in db.execute("SELECT name FROM sqlite_schema WHERE type = 'table'")}
    assert tables == VERSION_1_TABLES | {"claim"}
    rows = db.execute("SELECT name FROM profile").fetchall()
    assert rows in ([], [("Ana",)])  # kept from version 1 when there was one


def fill_version_2(db: sqlite3.Connection) -> None:
    """A learner open in a window, as version 2 left them."""
    fill_version_1(db)
    db.execute("INSERT INTO claim VALUES (1, 'token', 'host', 1, '2025-01-01T00:00:00+00:00')")


def check_version_3(db: sqlite3.Connection) -> None:
    tables = {row[0] for row in db.execute("SELECT name FROM sqlite_schema WHERE type = 'table'")}
    assert tables == VERSION_1_TABLES | {"claim", "teacher_pin"}
    assert db.execute("SELECT COUNT(*) FROM teacher_pin").fetchone() == (0,)  # no PIN until the teacher sets one
    assert db.execute("SELECT name FROM profile").fetchall() in ([], [("Ana",)])
    assert db.execute("SELECT token FROM claim").fetchall() in ([], [("token",)])


def fill_version_3(db: sqlite3.Connection) -> None:
    """A learner open in a window and a teacher's PIN, as version 3 left them."""
    fill_version_2(db)
    db.execute("INSERT INTO teacher_pin (id, digest, salt, cost, block_size, parallel, since) VALUES (1, 'ab', 'cd', 16384, 8, 1, '2025-01-01T00:00:00+00:00')")


def check_version_4(db: sqlite3.Connection) -> None:
    tables = {row[0] for row in db.execute("SELECT name FROM sqlite_schema WHERE type = 'table'")}
    assert tables == VERSION_1_TABLES | {"claim", "teacher_pin", "card_table", "table_seat", "table_log"}
    assert db.execute("SELECT COUNT(*) FROM card_table").fetchone() == (0,)  # no table until a learner opens one
    assert db.execute("SELECT name FROM profile").fetchall() in ([], [("Ana",)])
    assert db.execute("SELECT COUNT(*) FROM teacher_pin").fetchone() in ((0,), (1,))
    assert db.execute("SELECT token FROM claim").fetchall() in ([], [("token",)])


def fill_version_4(db: sqlite3.Connection) -> None:
    """A lesson done and one under way, as version 4 left them."""
    fill_version_3(db)
    db.execute("INSERT INTO lesson_progress VALUES (1, 'pairs', 5, 2, 1, '2025-01-01T00:00:00+00:00')")
    db.execute("INSERT INTO lesson_progress VALUES (1, 'a-turn', 2, 0, 0, '2025-01-01T00:00:00+00:00')")
    db.execute("INSERT INTO mistake (profile_id, code, cards, place, made) VALUES (1, 'kept-pair', '[]', 'lesson:common-mistakes', '2025-01-01')")
    db.execute("INSERT INTO mistake (profile_id, code, cards, place, made) VALUES (1, 'kept-pair', '[]', 'game', '2025-01-01')")


def check_version_5(db: sqlite3.Connection) -> None:
    check_version_4(db)
    rows = db.execute("SELECT lesson_id, step, hints_used, finished, stars, mistakes FROM lesson_progress ORDER BY lesson_id").fetchall()
    assert rows in ([], [("a-turn", 2, 0, 0, 0, 0), ("pairs", 5, 2, 1, 0, 0)])  # kept; stars 0: worked out as before until a run is finished
    mistakes = db.execute("SELECT place, real FROM mistake ORDER BY place").fetchall()
    assert mistakes in ([], [("game", 1), ("lesson:common-mistakes", 0)])  # a lesson's from before may be one asked for on purpose
    if rows:
        with pytest.raises(sqlite3.IntegrityError):
            db.execute("UPDATE lesson_progress SET stars = 4")  # at most three stars


BEFORE: dict[int, Callable[[sqlite3.Connection], None]] = {0: fill_version_0, 1: fill_version_1, 2: fill_version_2, 3: fill_version_3, 4: fill_version_4}
AFTER: dict[int, Callable[[sqlite3.Connection], None]] = {
    1: check_version_1,
    2: check_version_2,
    3: check_version_3,
    4: check_version_4,
    5: check_version_5,
}


def old_file(folder: Path, version: int) -> sqlite3.Connection:
    """A file as the app at ``version`` left it."""
    db = sqlite3.connect(folder / "progress.db", isolation_level=None)
    migrate(db, target=version)
    BEFORE[version](db)
    return db


def test_every_migration_is_covered() -> None:
    assert sorted(BEFORE) == list(range(LATEST))
    assert sorted(AFTER) == list(range(1, LATEST + 1))


@pytest.mark.parametrize("before", range(LATEST))
def test_migration_from_the_version_before(tmp_path: Path, before: int) -> None:
    db = old_file(tmp_path, before)
    migrate(db, target=before + 1)
    assert user_version(db) == before + 1
    AFTER[before + 1](db)
    db.close()


@pytest.mark.parametrize("before", range(LATEST))
def test_the_store_brings_an_older_file_up_to_date(tmp_path: Path, before: int) -> None:
    old_file(tmp_path, before).close()
    with open_store(tmp_path) as store:
        assert store.notices == []
        ana = store.get_or_create_profile("Ana")
        store.record_answer(ana, "q1", "pairs", True)
    db = sqlite3.connect(tmp_path / "progress.db")
    assert user_version(db) == LATEST
    AFTER[LATEST](db)
    db.close()


def test_migrating_twice_changes_nothing(tmp_path: Path) -> None:
    open_store(tmp_path).close()
    db = sqlite3.connect(tmp_path / "progress.db", isolation_level=None)
    schema = db.execute("SELECT sql FROM sqlite_schema ORDER BY name").fetchall()
    migrate(db)
    assert db.execute("SELECT sql FROM sqlite_schema ORDER BY name").fetchall() == schema
    assert user_version(db) == LATEST
    db.close()


def test_a_failing_migration_leaves_the_file_as_it_was(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def half_done(db: sqlite3.Connection) -> None:
        db.execute("CREATE TABLE half (x)")
        raise sqlite3.OperationalError("disk full")

    monkeypatch.setattr("tutor.store.schema.MIGRATIONS", [half_done])
    db = sqlite3.connect(tmp_path / "progress.db", isolation_level=None)
    with pytest.raises(sqlite3.OperationalError):
        migrate(db, target=1)
    assert user_version(db) == 0
    assert db.execute("SELECT COUNT(*) FROM sqlite_schema").fetchone()[0] == 0
    db.close()
