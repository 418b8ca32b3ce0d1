"""Files at rest: the data folder and progress file the tutor makes are its owner's alone (0700 and
0600, and SQLite's side files too); a folder or file that was already there keeps its mode."""

from __future__ import annotations

import os
import sqlite3
import stat
from collections.abc import Iterator
from pathlib import Path

import pytest

from tutor.store import open_store

pytestmark = pytest.mark.skipif(os.name != "posix", reason="file modes are POSIX")


@pytest.fixture(autouse=True)
def usual_umask() -> Iterator[None]:
    """The usual umask, under which SQLite alone makes a file everyone may read."""
    before = os.umask(0o022)
    yield
    os.umask(before)


def mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def use(folder: Path) -> dict[str, int]:
    """Open the store there and write to it; the progress files' modes while it is open (SQLite
    removes its side files on closing)."""
    with open_store(folder) as store:
        assert not store.in_memory
        ana = store.get_or_create_profile("Ana")
        store.record_answer(ana, "q1", "pairs", True)
        return {path.name: mode(path) for path in folder.glob("progress.db*")}


def test_a_new_data_folder_and_file_are_the_owners_alone(tmp_path: Path) -> None:
    folder = tmp_path / "made" / "here"
    modes = use(folder)
    assert mode(folder) == 0o700
    assert set(modes) >= {"progress.db", "progress.db-wal", "progress.db-shm"}
    assert modes == dict.fromkeys(modes, 0o600)


def test_an_existing_folder_keeps_its_mode_and_the_new_file_is_private(tmp_path: Path) -> None:
    folder = tmp_path / "chosen"
    folder.mkdir()
    folder.chmod(0o755)  # a teacher's --data-dir, shared on purpose
    use(folder)
    assert mode(folder) == 0o755
    assert mode(folder / "progress.db") == 0o600


def test_an_existing_progress_file_keeps_its_mode(tmp_path: Path) -> None:
    folder = tmp_path / "data"
    folder.mkdir()
    sqlite3.connect(folder / "progress.db").close()  # made elsewhere: an empty SQLite file
    (folder / "progress.db").chmod(0o640)
    assert use(folder) == {"progress.db": 0o640, "progress.db-wal": 0o640, "progress.db-shm": 0o640}


def test_a_fresh_file_started_beside_a_damaged_one_is_private(tmp_path: Path) -> None:
    folder = tmp_path / "data"
    folder.mkdir()
    (folder / "progress.db").write_bytes(b"not a database at all, but long enough to look at" * 40)
    with open_store(folder) as store:
        assert store.notices and not store.in_memory
    assert mode(folder / "progress.db") == 0o600


def test_a_folder_that_cannot_be_written_still_gives_a_store_in_memory(tmp_path: Path) -> None:
    folder = tmp_path / "locked"
    folder.mkdir()
    folder.chmod(0o500)
    try:
        if os.access(folder, os.W_OK):
            pytest.skip("running as root: every folder can be written")
        with open_store(folder) as store:
            assert store.in_memory and store.notices
        assert not (folder / "progress.db").exists()
    finally:
        folder.chmod(0o700)
