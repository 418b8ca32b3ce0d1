"""Several copies of the app writing to one file at once lose nothing."""

from __future__ import annotations

import multiprocessing
from typing import Any

from table_helpers import reopen

RECORDS_EACH = 500


def write_records(address: str, window: str, start: Any) -> None:
    """One copy of the app (one serving computer): its own profile and a shared one, many short writes."""
    with reopen(address) as store:
        assert store.notices == [], store.notices
        shared = store.get_or_create_profile("Classroom")
        own = store.get_or_create_profile(window)
        start.wait()
        for number in range(RECORDS_EACH):
            if number % 2:
                store.record_answer(shared, f"{window}-{number}", "pairs", True)
            else:
                store.record_mistake(shared, f"{window}-{number}", ["QS", "KS"], "game")
            store.save_lesson_progress(own, "pairs", number, 0, False)


def test_two_processes_writing_at_once_lose_nothing(address: str) -> None:
    """On one file, or two serving computers on one school's database writing the same pupil."""
    spawn = multiprocessing.get_context("spawn")
    start = spawn.Barrier(2)
    windows = [spawn.Process(target=write_records, args=(address, name, start)) for name in ("window one", "window two")]
    for window in windows:
        window.start()
    for window in windows:
        window.join(timeout=180)
    assert [window.exitcode for window in windows] == [0, 0]

    with reopen(address) as store:
        assert [profile.name for profile in store.profiles()] == ["Classroom", "window one", "window two"]
        shared = store.find_profile("Classroom")
        assert shared is not None
        written = [answer.question for answer in store.answers(shared)] + [mistake.code for mistake in store.mistakes(shared)]
        expected = [f"{window}-{number}" for window in ("window one", "window two") for number in range(RECORDS_EACH)]
        assert sorted(written) == sorted(expected)
        for name in ("window one", "window two"):
            own = store.find_profile(name)
            assert own is not None
            assert store.lesson_progress(own)["pairs"].step == RECORDS_EACH - 1


def test_a_file_another_window_makes_while_this_one_reads_it_is_not_taken_for_another_programs(tmp_path: Any, monkeypatch: Any) -> None:
    """Two windows opening a new data folder at once: one read the file's version (none yet), the
    other then made its tables and version, and the first read the tables: tables with no version,
    "made by another program", and the file was set aside (found once in `make test`). The version
    and the tables are read in one transaction now."""
    import sqlite3

    from tutor.store import opening, schema

    path = tmp_path / "progress.db"
    with sqlite3.connect(path) as first:
        first.execute("PRAGMA journal_mode = WAL")  # as the other window has before it makes the tables
    real_tables = opening.tables
    made = []

    def tables_after_the_other_window_made_them(db: Any) -> Any:
        if not made:  # between this window's reading the version and the tables
            other = sqlite3.connect(path, isolation_level=None)
            schema.migrate(other)
            other.close()
            made.append(True)
        return real_tables(db)

    monkeypatch.setattr(opening, "tables", tables_after_the_other_window_made_them)
    store = opening.open_store(tmp_path, database=opening.NO_DATABASE)
    try:
        assert made and store.notices == [], store.notices
        assert not list(tmp_path.glob("progress.db.foreign-*"))
    finally:
        store.close()
