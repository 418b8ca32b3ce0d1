"""Finding and opening the progress file, and what to do when that goes wrong.

Opening never fails. A damaged file, or one from a newer version of the app, is
renamed aside (kept, never deleted) and a fresh file started. A folder or file that
cannot be written gives a store in memory (starting from a copy of the file when it
can still be read), so the app still runs for this session. Either way the store's
``notices`` say what happened in words a parent or teacher can act on.
"""

from __future__ import annotations

import os
import sqlite3
from contextlib import suppress
from datetime import datetime
from pathlib import Path

import platformdirs

from tutor.store.schema import LATEST, migrate, user_version
from tutor.store.store import Store

HOME_VARIABLE = "OLD_MAID_TUTOR_HOME"
FILE_NAME = "progress.db"
# How long a write waits for another copy of the app to finish its own.
BUSY_TIMEOUT_SECONDS = 30.0


class _Unusable(Exception):
    """The file is there but cannot be used: ``kind`` names it, ``reason`` says why."""

    def __init__(self, kind: str, reason: str) -> None:
        super().__init__(reason)
        self.kind = kind
        self.reason = reason


def data_folder(chosen: Path | str | None = None) -> Path:
    """The folder asked for, else $OLD_MAID_TUTOR_HOME, else the user's data folder."""
    if chosen:
        return Path(chosen).expanduser()
    if os.environ.get(HOME_VARIABLE):
        return Path(os.environ[HOME_VARIABLE]).expanduser()
    return Path(platformdirs.user_data_dir("old-maid-tutor", appauthor=False))


def open_store(data_dir: Path | str | None = None) -> Store:
    """The learner store for ``data_dir`` (see ``data_folder``). Never raises for a bad
    file or folder: read ``store.notices`` and ``store.in_memory`` instead."""
    folder = data_folder(data_dir)
    path = folder / FILE_NAME
    notices: list[str] = []
    try:
        folder.mkdir(parents=True, exist_ok=True)
        return Store(_open_or_start_afresh(path, notices), path, notices)
    except (OSError, sqlite3.Error, _Unusable) as error:
        notices.append(
            f"Old Maid Tutor cannot save progress in {folder} ({error}). Progress will be kept "
            f"only until the app is closed. To save it, choose a folder you can write to with "
            f"--data-dir or the {HOME_VARIABLE} environment variable."
        )
        return Store(_in_memory(path), None, notices)


def _open_or_start_afresh(path: Path, notices: list[str]) -> sqlite3.Connection:
    try:
        return _open(path)
    except _Unusable as problem:
        aside = _set_aside(path, problem.kind)
        notices.append(
            f"Your progress file {path} {problem.reason}; it was kept as {aside} "
            f"and a fresh one was started."
        )
    return _open(path)


def _open(target: Path | str) -> sqlite3.Connection:
    """A checked connection to an up-to-date file.

    Raises _Unusable for a damaged or too-new file, sqlite3.OperationalError when it
    cannot be written.
    """
    db = _connect(target)
    try:
        _check(db)
        db.execute("PRAGMA foreign_keys = ON")
        db.execute("PRAGMA journal_mode = WAL")  # readers and one writer at once
        _prove_writable(db)
        migrate(db)
    except BaseException:
        db.close()
        raise
    return db


def _in_memory(path: Path) -> sqlite3.Connection:
    """A store in memory, starting from a copy of the progress file if it can be read."""
    memory = _open(":memory:")
    # "immutable" reads a file even where SQLite cannot make its lock files (a read-only
    # folder), but could catch another copy of the app mid-write, so it comes second.
    for options in ("mode=ro", "mode=ro&immutable=1"):
        with suppress(sqlite3.Error, _Unusable):
            _copy_progress(f"{path.absolute().as_uri()}?{options}", memory)
            break
    return memory


def _copy_progress(uri: str, memory: sqlite3.Connection) -> None:
    saved = _connect(uri, uri=True)
    try:
        _check(saved)
        saved.backup(memory)
    finally:
        saved.close()
    migrate(memory)


def _connect(target: Path | str, uri: bool = False) -> sqlite3.Connection:
    # Autocommit mode: the store begins and commits every transaction itself.
    db = sqlite3.connect(target, timeout=BUSY_TIMEOUT_SECONDS, isolation_level=None,
                         check_same_thread=False, uri=uri)
    db.row_factory = sqlite3.Row
    return db


def _check(db: sqlite3.Connection) -> None:
    try:
        problems = [row[0] for row in db.execute("PRAGMA quick_check")]
        version = user_version(db)
    except sqlite3.OperationalError:
        raise  # locked or unreadable, not damaged
    except sqlite3.DatabaseError as error:
        raise _Unusable("damaged", f"was damaged ({error})") from error
    if problems != ["ok"]:
        first_problem = problems[0].splitlines()[-1]  # without "*** in database main ***"
        raise _Unusable("damaged", f"was damaged ({first_problem})")
    if version > LATEST:
        raise _Unusable(
            "newer",
            f"was written by a newer version of Old Maid Tutor (its schema is version "
            f"{version}, this app knows up to {LATEST})",
        )


def _prove_writable(db: sqlite3.Connection) -> None:
    """Raise sqlite3.OperationalError now, not at the first save, if the file is read-only.

    SQLite quietly opens a file it may not write as read-only; changing a page (here,
    rewriting the version with its own value, then rolling back) is what fails.
    """
    db.execute("BEGIN IMMEDIATE")
    try:
        db.execute(f"PRAGMA user_version = {user_version(db)}")
    finally:
        if db.in_transaction:
            db.execute("ROLLBACK")


def _set_aside(path: Path, kind: str) -> Path:
    """Rename the file (with its write-ahead log, which belongs to it) out of the way."""
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    aside = path.with_name(f"{path.name}.{kind}-{stamp}")
    number = 1
    while aside.exists():
        number += 1
        aside = path.with_name(f"{path.name}.{kind}-{stamp}-{number}")
    for suffix in ("", "-wal", "-shm"):
        part = Path(f"{path}{suffix}")
        if part.exists():
            part.rename(f"{aside}{suffix}")
    return aside
