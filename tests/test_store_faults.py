"""The store keeps working whatever the file, the disk or another window does (issue 12).

Each test names the fault it plays out; none may crash, hang, lose a move silently or overwrite
another window's saved game.
"""

from __future__ import annotations

import socket
import sqlite3
import subprocess
import sys
import time
from pathlib import Path
from types import SimpleNamespace

import pytest
from table_helpers import reopen

from tutor.cli import main
from tutor.errors import ProfileInUse, ProfileLost, StoreBusy, StoreError, StoreFull
from tutor.store import Store, faults, open_store, opening
from tutor.store import store as store_module
from tutor.store.schema import LATEST

ROOT = Path(__file__).parent.parent


def set_aside(folder: Path, kind: str) -> list[Path]:
    return sorted(path for path in folder.glob(f"progress.db.{kind}-*") if not path.name.endswith(("-wal", "-shm")))


def progress_with_ana(folder: Path) -> None:
    with open_store(folder) as store:
        store.save_game(store.get_or_create_profile("Ana"), {"turn": 1})


# Files that are not ours, or not as they should be


def test_a_progress_file_from_another_program_is_set_aside(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with sqlite3.connect(tmp_path / "progress.db") as other:
        other.execute("CREATE TABLE recipes (name TEXT)")
        other.execute("INSERT INTO recipes VALUES ('soup')")
    assert main(["--data-dir", str(tmp_path), "profiles", "list"]) == 0
    shown = capsys.readouterr()
    assert "Traceback" not in shown.err and "No profiles yet" in shown.out
    assert "was made by another program (it holds the tables recipes)" in shown.err
    [aside] = set_aside(tmp_path, "foreign")
    with sqlite3.connect(aside) as kept:
        assert kept.execute("SELECT name FROM recipes").fetchall() == [("soup",)]
    with open_store(tmp_path) as store:
        assert not store.in_memory and store.notices == []


def test_a_negative_schema_version_is_set_aside_not_kept_in_memory(tmp_path: Path) -> None:
    progress_with_ana(tmp_path)
    with sqlite3.connect(tmp_path / "progress.db") as db:
        db.execute("PRAGMA user_version = -1")
    with open_store(tmp_path) as store:
        assert not store.in_memory
        [notice] = store.notices
        assert "schema version (-1)" in notice and "a fresh one was started" in notice
    assert len(set_aside(tmp_path, "damaged")) == 1
    with open_store(tmp_path) as store:  # the next start is quiet: the fresh file is kept
        assert store.notices == []


def test_a_failed_migration_sets_the_file_aside_once(tmp_path: Path) -> None:
    progress_with_ana(tmp_path)
    with sqlite3.connect(tmp_path / "progress.db") as db:
        db.execute("DROP TABLE claim")
        db.execute("PRAGMA user_version = 1")
        db.execute("CREATE TABLE claim (x)")  # what migration 2 is about to make is already there
    with open_store(tmp_path) as store:
        assert not store.in_memory
        [notice] = store.notices
        assert "could not be brought up to date from version 1" in notice
        assert store.get_or_create_profile("Bo").name == "Bo"
    assert len(set_aside(tmp_path, "old")) == 1
    with open_store(tmp_path) as store:
        assert store.notices == [] and [p.name for p in store.profiles()] == ["Bo"]


def test_a_missing_table_is_noticed_at_open_not_at_first_use(tmp_path: Path) -> None:
    progress_with_ana(tmp_path)
    with sqlite3.connect(tmp_path / "progress.db") as db:
        db.execute("DROP TABLE mistake")
    with open_store(tmp_path) as store:
        [notice] = store.notices
        assert "was missing the table mistake" in notice
        bo = store.get_or_create_profile("Bo")
        store.record_mistake(bo, "not-a-pair", ["QS"], "game")
        assert len(store.mistakes(bo)) == 1


# A full disk


def fill_up(store: Store) -> None:
    """Let the file grow no more, as a full disk would."""
    pages = store._db.execute("PRAGMA page_count").fetchone()[0]
    store._db.execute(f"PRAGMA max_page_count = {pages}")


def test_a_full_disk_while_playing_is_a_message_and_the_moves_are_saved_later(tmp_path: Path) -> None:
    store = open_store(tmp_path)
    ana = store.get_or_create_profile("Ana")
    reported: list[StoreError] = []
    store.report_faults_to(reported.append)
    fill_up(store)
    for turn in range(300):
        store.save_game(ana, {"turn": turn, "filler": "x" * 1500})
        store.record_mistake(ana, "not-a-pair", ["QS", "KS"], "game")
    assert reported and all(isinstance(fault, StoreFull) for fault in reported)
    assert store.unsaved > 0
    store._db.execute("PRAGMA max_page_count = 1000000")  # room again
    assert store.flush() and store.unsaved == 0
    store.close()
    with open_store(tmp_path) as again:
        ana = again.profiles()[0]
        assert again.load_game(ana)["turn"] == 299
        assert len(again.mistakes(ana)) == 300


def test_a_full_disk_at_start_says_so(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def no_room(*args: object) -> sqlite3.Connection:
        raise sqlite3.OperationalError("disk I/O error")

    monkeypatch.setattr(opening, "_open_or_start_afresh", no_room)
    monkeypatch.setattr(faults.shutil, "disk_usage", lambda path: SimpleNamespace(free=0))
    with open_store(tmp_path) as store:
        [notice] = store.notices
        assert store.in_memory
        assert "is full" in notice and "Make some room" in notice
        assert "disk I/O error" not in notice and "choose a folder you can write to" not in notice


# Another window


def two_windows(place: Path | str) -> tuple[Store, Store]:
    """Two windows on one progress file, or on one school's database (see `table_helpers.reopen`)."""
    return reopen(str(place)), reopen(str(place))


def test_another_windows_reset_everything_is_explained_not_a_crash(address: str) -> None:
    first, second = two_windows(address)
    ana = first.get_or_create_profile("Ana")
    first.claim(ana)
    reported: list[StoreError] = []
    first.report_faults_to(reported.append)
    second.reset_everything()
    first.save_game(ana, {"turn": 5})  # was: IntegrityError: FOREIGN KEY constraint failed
    first.record_mistake(ana, "not-a-pair", ["QS"], "game")
    [lost] = reported
    assert isinstance(lost, ProfileLost) and "was removed in another window" in str(lost)
    assert second.profiles() == [] and first.unsaved == 0
    first.close()
    second.close()


def test_a_reset_from_the_command_line_is_not_undone_by_the_running_app(address: str, capsys: pytest.CaptureFixture[str]) -> None:
    app_store = reopen(address)
    ana = app_store.get_or_create_profile("Ana")
    app_store.claim(ana)
    reported: list[StoreError] = []
    app_store.report_faults_to(reported.append)
    app_store.save_game(ana, {"turn": 1})
    where = ["--database", address] if address.startswith("postgresql://") else ["--data-dir", address]
    assert main([*where, "profiles", "reset", "Ana", "--yes"]) == 0
    app_store.save_game(ana, {"turn": 2})
    [lost] = reported
    assert isinstance(lost, ProfileLost) and "was reset in another window or from the command line" in str(lost)
    with reopen(address) as other:
        assert other.load_game(other.profiles()[0]) is None
    app_store.close()


def test_a_second_window_is_told_and_may_take_over(address: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(store_module, "_running", lambda host, pid: True)  # SQLite's: both windows are in this process
    first, second = two_windows(address)
    ana = first.get_or_create_profile("Ana")
    first.claim(ana)
    first_faults: list[StoreError] = []
    first.report_faults_to(first_faults.append)
    first.save_game(ana, {"turn": 1, "by": "first"})
    with pytest.raises(ProfileInUse, match="open in another window"):
        second.claim(ana)
    second.watch(ana)  # the read-only view: shown, never saved
    second.save_game(ana, {"turn": 1, "by": "second, read-only"})
    assert second.load_game(ana) == {"turn": 1, "by": "first"}
    second.claim(ana, take_over=True)
    second.save_game(ana, {"turn": 2, "by": "second"})
    first.save_game(ana, {"turn": 2, "by": "first"})  # not a silent overwrite
    [lost] = first_faults
    assert isinstance(lost, ProfileLost) and "taken over by another window" in str(lost)
    assert second.load_game(ana) == {"turn": 2, "by": "second"}
    first.close()
    second.close()


def test_a_claim_left_by_a_window_that_was_killed_does_not_block(address: str) -> None:
    with reopen(address) as store:
        store.get_or_create_profile("Ana")
    code = (
        "import sys; sys.path.insert(0, 'tests'); from table_helpers import reopen; s = reopen(sys.argv[1]);"
        " s.claim(s.profiles()[0]); import os; os._exit(0)"
    )  # gone without releasing
    subprocess.run([sys.executable, "-c", code, address], check=True, cwd=ROOT)
    with reopen(address) as store:
        store.claim(store.profiles()[0])  # no ProfileInUse: that process is gone


def test_a_claim_held_by_a_running_window_blocks(address: str) -> None:
    with reopen(address) as store:
        store.get_or_create_profile("Ana")
    code = (
        "import sys; sys.path.insert(0, 'tests'); from table_helpers import reopen; s = reopen(sys.argv[1]);"
        " s.claim(s.profiles()[0]); print('ready', flush=True); sys.stdin.read(); s.close()"
    )
    other = subprocess.Popen([sys.executable, "-c", code, address], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, cwd=ROOT)
    try:
        assert other.stdout is not None and other.stdout.readline().strip() == "ready"
        with reopen(address) as store, pytest.raises(ProfileInUse):
            store.claim(store.profiles()[0])
    finally:
        assert other.stdin is not None
        other.stdin.close()
        other.wait(timeout=10)
    with reopen(address) as store:  # it released the profile as it closed
        store.claim(store.profiles()[0])


def test_without_a_fault_handler_a_busy_write_raises_the_tutors_error(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(opening, "BUSY_TIMEOUT_SECONDS", 0.1)
    store = open_store(tmp_path)
    ana = store.get_or_create_profile("Ana")
    other = sqlite3.connect(tmp_path / "progress.db", isolation_level=None)
    other.execute("BEGIN IMMEDIATE")
    other.execute(f"PRAGMA user_version = {LATEST}")
    try:
        with pytest.raises(StoreBusy):
            store.save_game(ana, {"turn": 1})
    finally:
        other.execute("ROLLBACK")
        other.close()
    assert store.unsaved == 0
    store.close()


def test_a_file_locked_at_start_is_waited_for_while_the_learner_says_so(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    progress_with_ana(tmp_path)
    monkeypatch.setattr(opening, "OPEN_WAIT_SECONDS", 0.3)
    other = sqlite3.connect(tmp_path / "progress.db", isolation_level=None)
    other.execute("PRAGMA locking_mode = EXCLUSIVE")  # not even reading is allowed
    other.execute("BEGIN IMMEDIATE")
    other.execute(f"PRAGMA user_version = {LATEST}")
    asked: list[str] = []

    def keep_waiting() -> bool:
        asked.append("wait?")
        if len(asked) == 2:  # the other program lets go while we wait a second time
            other.execute("ROLLBACK")
            other.close()
        return True

    with open_store(tmp_path, keep_waiting=keep_waiting) as store:
        assert not store.in_memory and store.notices == []  # on the file, once it was free
        assert store.load_game(store.profiles()[0]) == {"turn": 1}
    assert asked == ["wait?", "wait?"]


def test_a_window_killed_a_moment_ago_holds_no_claim(tmp_path: Path) -> None:
    """A killed window's process stays a zombie until its parent reaps it: its claim no longer stands."""
    from tutor.store.store import _running

    child = subprocess.Popen([sys.executable, "-c", "pass"])
    deadline = time.monotonic() + 10
    while "Z" not in Path(f"/proc/{child.pid}/stat").read_text().rpartition(")")[2][:3] and time.monotonic() < deadline:
        time.sleep(0.02)  # ended, not yet reaped: a zombie
    try:
        assert not _running(socket.gethostname(), child.pid)
    finally:
        child.wait()
