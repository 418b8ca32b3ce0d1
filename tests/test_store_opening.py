"""Opening the store: where the file lives, and what happens when it or its folder is bad."""

from __future__ import annotations

import os
import sqlite3
import time
from pathlib import Path
from typing import Any

import platformdirs
import pytest

from tutor.errors import StoreBusy, StoreError
from tutor.settings import Settings
from tutor.store import Store, open_store, opening
from tutor.store.schema import LATEST


def make_progress(folder: Path) -> bytes:
    """A real progress file with some progress in it; returns its bytes."""
    with open_store(folder) as store:
        ana = store.get_or_create_profile("Ana")
        for number in range(50):
            store.record_answer(ana, f"q{number}", "pairs", True)
            store.record_mistake(ana, "not-a-pair", ["QS", "KS"], "game")
    return (folder / "progress.db").read_bytes()


def set_aside_files(folder: Path, kind: str) -> list[Path]:
    return sorted(folder.glob(f"progress.db.{kind}-*"))


def assert_fresh_and_working(store: Store) -> None:
    assert not store.in_memory
    assert store.profiles() == []
    ana = store.get_or_create_profile("Ana")
    store.record_answer(ana, "q1", "pairs", True)
    assert len(store.answers(ana)) == 1


# Where the file lives


def test_the_data_dir_argument_wins_over_the_environment(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("OLD_MAID_TUTOR_HOME", str(tmp_path / "from-env"))
    with open_store(tmp_path / "chosen") as store:
        assert store.path == tmp_path / "chosen" / "progress.db"


def test_the_environment_wins_over_the_user_data_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("OLD_MAID_TUTOR_HOME", str(tmp_path / "classroom"))
    with open_store() as store:
        assert store.path == tmp_path / "classroom" / "progress.db"
        assert store.path.exists()


def test_otherwise_the_user_data_folder_is_used(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("OLD_MAID_TUTOR_HOME", raising=False)
    expected = platformdirs.user_data_dir("old-maid-tutor", appauthor=False)
    assert opening.data_folder() == Path(expected)


def test_a_missing_folder_is_made(tmp_path: Path) -> None:
    with open_store(tmp_path / "new" / "nested") as store:
        assert store.notices == [] and not store.in_memory
    assert (tmp_path / "new" / "nested" / "progress.db").is_file()


def test_the_file_is_shared_safely(tmp_path: Path) -> None:
    with open_store(tmp_path) as store:
        pragma = {name: store._db.execute(f"PRAGMA {name}").fetchone()[0] for name in ("journal_mode", "foreign_keys", "busy_timeout", "user_version")}
    assert pragma == {"journal_mode": "wal", "foreign_keys": 1, "busy_timeout": int(opening.BUSY_TIMEOUT_SECONDS * 1000), "user_version": LATEST}


# A damaged or newer file is set aside


def test_a_file_of_random_bytes_is_set_aside(tmp_path: Path) -> None:
    garbage = os.urandom(8192)
    (tmp_path / "progress.db").write_bytes(garbage)
    with open_store(tmp_path) as store:
        [aside] = set_aside_files(tmp_path, "damaged")
        assert store.notices == [
            f"Your progress file {tmp_path / 'progress.db'} was damaged (file is not a database); it was kept as {aside} and a fresh one was started."
        ]
        assert aside.read_bytes() == garbage
        assert_fresh_and_working(store)


@pytest.mark.parametrize("keep", [1 / 2, 1 / 8, 50 / 100_000])
def test_a_truncated_file_is_set_aside(tmp_path: Path, keep: float) -> None:
    whole = make_progress(tmp_path)
    truncated = whole[: int(len(whole) * keep)]
    (tmp_path / "progress.db").write_bytes(truncated)
    with open_store(tmp_path) as store:
        [aside] = set_aside_files(tmp_path, "damaged")
        [notice] = store.notices
        assert f"{tmp_path / 'progress.db'} was damaged (" in notice
        assert f"kept as {aside} and a fresh one was started" in notice
        assert aside.read_bytes() == truncated
        assert_fresh_and_working(store)


def test_a_file_with_a_damaged_page_is_set_aside(tmp_path: Path) -> None:
    whole = make_progress(tmp_path)
    page = 4096
    damaged = whole[:-page] + bytes(page)
    (tmp_path / "progress.db").write_bytes(damaged)
    with open_store(tmp_path) as store:
        [aside] = set_aside_files(tmp_path, "damaged")
        [notice] = store.notices
        assert "was damaged (" in notice and "\n" not in notice
        assert aside.read_bytes() == damaged
        assert_fresh_and_working(store)


def test_the_write_ahead_log_goes_aside_with_its_file(tmp_path: Path) -> None:
    """A log left next to a fresh file would be replayed into it."""
    parts = {suffix: os.urandom(100) for suffix in ("", "-wal", "-shm")}
    for suffix, content in parts.items():
        Path(f"{tmp_path / 'progress.db'}{suffix}").write_bytes(content)
    aside = opening._set_aside(tmp_path / "progress.db", "damaged")
    for suffix, content in parts.items():
        assert Path(f"{aside}{suffix}").read_bytes() == content
    assert list(tmp_path.glob("progress.db*")) == list(tmp_path.glob("progress.db.damaged-*"))


def test_a_file_from_a_newer_version_is_set_aside_untouched(tmp_path: Path) -> None:
    make_progress(tmp_path)
    with sqlite3.connect(tmp_path / "progress.db") as db:
        db.execute(f"PRAGMA user_version = {LATEST + 5}")
    db.close()
    with open_store(tmp_path) as store:
        [aside] = set_aside_files(tmp_path, "newer")
        assert store.notices == [
            f"Your progress file {tmp_path / 'progress.db'} was written by a newer version of"
            f" Old Maid Tutor (its schema is version {LATEST + 5}, this app knows up to"
            f" {LATEST}); it was kept as {aside} and a fresh one was started."
        ]
        assert_fresh_and_working(store)
    kept = sqlite3.connect(aside)
    assert kept.execute("SELECT COUNT(*) FROM quiz_answer").fetchone()[0] == 50
    kept.close()


def test_files_set_aside_in_the_same_second_keep_their_own_names(tmp_path: Path) -> None:
    for _ in range(3):
        (tmp_path / "progress.db").write_bytes(os.urandom(4096))
        open_store(tmp_path).close()
    assert len(set_aside_files(tmp_path, "damaged")) == 3


def hold_the_file(folder: Path, exclusive: bool) -> sqlite3.Connection:
    """Another program in the middle of writing (``exclusive``: one that lets nobody even read)."""
    other_window = sqlite3.connect(folder / "progress.db", isolation_level=None)
    if exclusive:
        other_window.execute("PRAGMA locking_mode = EXCLUSIVE")
    other_window.execute("BEGIN IMMEDIATE")
    other_window.execute(f"PRAGMA user_version = {LATEST}")
    return other_window


def test_a_file_being_written_elsewhere_opens_at_once_and_saves_once_it_is_free(tmp_path: Path) -> None:
    make_progress(tmp_path)
    other_window = hold_the_file(tmp_path, exclusive=False)
    started = time.monotonic()
    try:
        store = open_store(tmp_path)
        assert time.monotonic() - started < 2  # no long blank wait at start
        assert not store.in_memory and store.notices == []
        faults: list[StoreError] = []
        store.report_faults_to(faults.append, wait_seconds=0.05)
        ana = store.find_profile("Ana")
        assert ana is not None
        store.save_game(ana, {"turn": 9})
        assert [type(fault) for fault in faults] == [StoreBusy] and store.unsaved == 1
    finally:
        other_window.execute("ROLLBACK")
        other_window.close()
    assert store.flush() and store.unsaved == 0
    store.close()
    with open_store(tmp_path) as again:
        assert again.load_game(again.profiles()[0]) == {"turn": 9}
    assert set_aside_files(tmp_path, "damaged") == []


def test_a_file_nobody_may_even_read_is_waited_for_visibly_then_explained(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    make_progress(tmp_path)
    monkeypatch.setattr(opening, "OPEN_WAIT_SECONDS", 0.3)
    other_window = hold_the_file(tmp_path, exclusive=True)
    told: list[str] = []
    try:
        with open_store(tmp_path, waiting=told.append) as store:
            assert store.in_memory
            [notice] = store.notices
            assert "Another program is holding the progress file" in notice
            assert "start the tutor again" in notice
    finally:
        other_window.execute("ROLLBACK")
        other_window.close()
    assert len(told) == 1 and "Waiting for another window" in told[0]
    assert set_aside_files(tmp_path, "damaged") == []
    with open_store(tmp_path) as store:
        assert store.notices == [] and len(store.profiles()) == 1


def test_the_wait_is_said_even_when_the_first_try_takes_all_of_it(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """On a busy machine the first try alone can outlast the wait: the window still says it waited."""
    make_progress(tmp_path)
    monkeypatch.setattr(opening, "OPEN_WAIT_SECONDS", 0.0)
    other_window = hold_the_file(tmp_path, exclusive=True)
    told: list[str] = []
    try:
        with open_store(tmp_path, waiting=told.append) as store:
            assert store.in_memory
    finally:
        other_window.execute("ROLLBACK")
        other_window.close()
    assert len(told) == 1 and "Waiting for another window" in told[0]


# A folder that cannot be written


def assert_works_in_memory(store: Store, folder: Path) -> None:
    assert store.in_memory and store.path is None
    [notice] = store.notices
    assert f"cannot save progress in {folder}" in notice
    assert "kept only until the app is closed" in notice
    assert "--data-dir" in notice and "OLD_MAID_TUTOR_HOME" in notice
    ana = store.get_or_create_profile("Ana")
    mistakes_before = len(store.mistakes(ana))
    store.save_settings(ana, Settings(speed="fast"))
    store.save_game(ana, {"turn": 1})
    store.record_answer(ana, "q1", "pairs", True)
    store.record_mistake(ana, "not-a-pair", ["QS"], "game")
    store.save_lesson_progress(ana, "pairs", 1, 0, False)
    assert store.load_settings(ana).speed == "fast"
    assert store.load_game(ana) == {"turn": 1}
    assert len(store.mistakes(ana)) == mistakes_before + 1
    assert store.lesson_progress(ana)["pairs"].step == 1


def test_a_folder_that_cannot_be_made_keeps_progress_in_memory(tmp_path: Path) -> None:
    in_the_way = tmp_path / "a-file"
    in_the_way.write_text("not a folder")
    folder = in_the_way / "data"
    with open_store(folder) as store:
        assert_works_in_memory(store, folder)
    assert in_the_way.read_text() == "not a folder"


def test_a_read_only_folder_keeps_progress_in_memory(tmp_path: Path) -> None:
    folder = tmp_path / "locked"
    folder.mkdir()
    folder.chmod(0o500)
    try:
        if _can_write_in(folder):
            pytest.skip("running as root, which a read-only folder does not stop; test_a_read_only_file_keeps_progress_in_memory covers this")
        with open_store(folder) as store:
            assert_works_in_memory(store, folder)
    finally:
        folder.chmod(0o700)


@pytest.mark.parametrize("lock_files_allowed", [True, False])
def test_a_read_only_file_keeps_progress_in_memory(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, lock_files_allowed: bool) -> None:
    """SQLite opens a file it may not write read-only; here it is told to, as it would
    be for a file the learner may read but not write (even when tests run as root).
    In a read-only folder SQLite cannot make its lock files either, so reading the
    file needs "immutable"."""
    before = make_progress(tmp_path)

    def read_only(target: Any, **options: Any) -> sqlite3.Connection:
        target = str(target)
        if target != ":memory:" and not options.get("uri"):
            target, options["uri"] = f"file:{target}?mode=ro", True
        if not (lock_files_allowed or target == ":memory:" or "immutable=1" in target):
            raise sqlite3.OperationalError("unable to open database file")
        return sqlite3.Connection(target, **options)

    monkeypatch.setattr(sqlite3, "connect", read_only)
    with open_store(tmp_path) as store:
        ana = store.get_or_create_profile("Ana")
        assert len(store.answers(ana)) == 50  # what was saved can still be seen
        assert_works_in_memory(store, tmp_path)
    assert (tmp_path / "progress.db").read_bytes() == before
    assert set_aside_files(tmp_path, "*") == []


def _can_write_in(folder: Path) -> bool:
    probe = folder / "probe"
    try:
        probe.write_text("")
    except PermissionError:
        return False
    probe.unlink()
    return True
