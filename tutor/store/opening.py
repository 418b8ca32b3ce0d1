"""Finding and opening the progress file, and what to do when that goes wrong.

Opening never fails. A damaged file, one from a newer version of the app, one from another program,
one whose schema version is impossible, one that cannot be brought up to date, or one missing a
table is renamed aside (kept, never deleted) and a fresh file started. A file another window is
writing is opened all the same: writes wait their turn (see ``Store.flush``). Only a folder that
cannot be written, a full disk, or a file locked even against reading gives a store in memory
(starting from a copy of the file when it can still be read). Either way the store's ``notices``
say what happened in words a parent or teacher can act on.
"""

from __future__ import annotations

import errno
import os
import sqlite3
import time
from collections.abc import Callable
from contextlib import suppress
from datetime import datetime
from pathlib import Path

import platformdirs

from tutor.errors import StoreError
from tutor.language import tr
from tutor.store.faults import CANNOT_WRITE, code, disk_full, is_busy, is_full
from tutor.store.schema import LATEST, migrate, missing, tables, user_version
from tutor.store.store import Store

HOME_VARIABLE = "OLD_MAID_TUTOR_HOME"
DATABASE_VARIABLE = "OLD_MAID_TUTOR_DATABASE"
"""A PostgreSQL database's address (postgresql://...): the school's database instead of a file."""
DATABASE_SCHEMES = ("postgresql://", "postgres://")
FILE_NAME = "progress.db"
# How long a write waits for another copy of the app to finish its own (when nobody shows a wait).
BUSY_TIMEOUT_SECONDS = 30.0
# At start: how long to keep trying a file another program holds, in steps of OPEN_STEP_SECONDS.
OPEN_WAIT_SECONDS = 5.0
OPEN_STEP_SECONDS = 0.25
# Learners' names and answers are for their owner only: a folder and file the tutor makes get these
# modes (less the umask). A folder or file that is already there keeps its own.
FOLDER_MODE = 0o700
FILE_MODE = 0o600


class _Unusable(Exception):
    """The file is there but cannot be used: ``kind`` names it, ``reason`` says why."""

    def __init__(self, kind: str, reason: str) -> None:
        super().__init__(reason)
        self.kind = kind
        self.reason = reason


class _Busy(Exception):
    """Another program holds the file and did not let go while we waited."""


def data_folder(chosen: Path | str | None = None) -> Path:
    """The folder asked for, else $OLD_MAID_TUTOR_HOME, else the user's data folder."""
    if chosen:
        return Path(chosen).expanduser()
    if os.environ.get(HOME_VARIABLE):
        return Path(os.environ[HOME_VARIABLE]).expanduser()
    return Path(platformdirs.user_data_dir("old-maid-tutor", appauthor=False))


def folder_problem(folder: Path) -> str | None:
    """Why ``folder`` cannot be a data folder at all (it is a file, ...), or None."""
    if folder.exists() and not folder.is_dir():
        return tr("{folder} is a file, not a folder; choose a folder for the progress file").format(folder=folder)
    return None


NO_DATABASE = ""
"""``database=NO_DATABASE``: the data folder's own file, whatever $OLD_MAID_TUTOR_DATABASE says
(the warm process's rehearsal must never touch a school's database)."""


def database_address(chosen: str | None = None) -> str | None:
    """The school's database asked for (``--database``; NO_DATABASE for none), else
    $OLD_MAID_TUTOR_DATABASE, else None."""
    if chosen is not None:
        return chosen or None
    return os.environ.get(DATABASE_VARIABLE) or None


def address_problem(url: str) -> str | None:
    """Why ``url`` cannot be a database's address, or None."""
    if not url.startswith(DATABASE_SCHEMES):
        return tr("{url} is not a PostgreSQL address; it starts with postgresql://, like postgresql://tutor@school-server/tutor").format(url=repr(url))
    return None


def open_store(
    data_dir: Path | str | None = None,
    waiting: Callable[[str], None] | None = None,
    keep_waiting: Callable[[], bool] | None = None,
    database: str | None = None,
) -> Store:
    """The learner store for ``data_dir`` (see ``data_folder``), or the school's database at
    ``database`` (see ``database_address``). Never raises for a bad file, folder or database: read
    ``store.notices`` and ``store.in_memory`` instead.

    ``waiting`` is told (once) when another program holds the file and opening waits for it,
    so the person at the keyboard sees why nothing happens yet. When it still holds the file after
    OPEN_WAIT_SECONDS, ``keep_waiting()`` chooses: True waits as long again, False (or no
    ``keep_waiting``) goes on with a store in memory and a notice saying so."""
    folder = data_folder(data_dir)
    path = folder / FILE_NAME
    notices: list[str] = []
    url = database_address(database)
    if url is not None:
        return _open_database(url, path, notices)
    try:
        problem = folder_problem(folder)
        if problem:
            raise NotADirectoryError(errno.ENOTDIR, problem)
        folder.mkdir(mode=FOLDER_MODE, parents=True, exist_ok=True)  # the mode only if made here
        return Store(_open_or_start_afresh(path, notices, waiting, keep_waiting), path, notices)
    except _Busy as busy:
        notices.append(
            tr(
                "Another program is holding the progress file {path} and did not let go ({problem}). "
                "Progress will be kept only until the app is closed. Close the other program (or "
                "the other Old Maid Tutor window), then start the tutor again to save."
            ).format(path=path, problem=busy)
        )
    except (OSError, sqlite3.Error, _Unusable) as error:
        if disk_full(error, folder):
            notices.append(
                tr(
                    "The disk that holds {folder} is full, so progress cannot be saved there. "
                    "Progress will be kept only until the app is closed. Make some room on the "
                    "disk (or choose another folder with --data-dir), then start the tutor again."
                ).format(folder=folder)
            )
        else:
            reason = error.strerror if isinstance(error, OSError) and error.strerror else error
            notices.append(
                tr(
                    "Old Maid Tutor cannot save progress in {folder} ({problem}). Progress will be kept "
                    "only until the app is closed. To save it, choose a folder you can write to with "
                    "--data-dir or the {variable} environment variable."
                ).format(folder=folder, problem=reason, variable=HOME_VARIABLE)
            )
    return Store(_in_memory(path), None, notices)


def _open_database(url: str, path: Path, notices: list[str]) -> Store:
    """The store on the school's PostgreSQL database; in memory, with a notice, when it cannot be
    reached or is not one the tutor may use (left as it is: never set aside, never changed)."""
    problem = address_problem(url)
    if problem is None:
        try:
            return _on_database(url, notices)
        except StoreError as error:
            problem = str(error).rstrip(".")
    notices.append(
        tr("{problem}. Progress will be kept only until the app is closed; start the tutor again once the database can be used.").format(problem=problem)
    )
    store = Store(_in_memory(path, copy=False), None, notices)
    store.database_problem = problem
    return store


def _on_database(url: str, notices: list[str]) -> Store:
    """The store on the school's database; StoreError saying why not (its driver missing too)."""
    try:
        from tutor.store import postgres  # only here: the SQLite path never loads psycopg
    except ImportError as missing:
        raise StoreError(tr("Old Maid Tutor's PostgreSQL support is not installed here; install it with: pip install 'old-maid-tutor[postgres]'")) from missing
    db, backend = postgres.connect(url, BUSY_TIMEOUT_SECONDS)
    return Store(db, None, notices, backend, database=postgres.shown_address(url))


def _open_or_start_afresh(path: Path, notices: list[str], waiting: Callable[[str], None] | None, keep_waiting: Callable[[], bool] | None) -> sqlite3.Connection:
    try:
        return _patiently(path, waiting, keep_waiting)
    except _Unusable as problem:
        aside = _set_aside(path, problem.kind)
        notices.append(
            tr("Your progress file {path} {problem}; it was kept as {aside} and a fresh one was started.").format(
                path=path, problem=problem.reason, aside=aside
            )
        )
    return _patiently(path, waiting, keep_waiting)


def _patiently(path: Path, waiting: Callable[[str], None] | None, keep_waiting: Callable[[], bool] | None) -> sqlite3.Connection:
    """``_open``, tried again while another program holds the file, for OPEN_WAIT_SECONDS at a
    time, as long as ``keep_waiting`` says so."""
    deadline = time.monotonic() + OPEN_WAIT_SECONDS
    told = False
    while True:
        try:
            return _open(path)
        except sqlite3.OperationalError as error:
            if not is_busy(error):
                raise
            if waiting is not None and not told:  # before any giving up: a first try can take the whole wait
                waiting(tr("Waiting for another window to finish with {path}...").format(path=path))
                told = True
            if time.monotonic() >= deadline:
                if keep_waiting is None or not keep_waiting():
                    raise _Busy(str(error)) from error
                deadline = time.monotonic() + OPEN_WAIT_SECONDS
            time.sleep(OPEN_STEP_SECONDS)


def _open(target: Path | str) -> sqlite3.Connection:
    """A checked connection to an up-to-date file.

    Raises _Unusable for a file that cannot be used as it is, sqlite3.OperationalError when it
    cannot be written (or is busy while it needs bringing up to date).
    """
    if isinstance(target, Path):
        _create_private(target)
    db = _connect(target, timeout=OPEN_STEP_SECONDS)
    try:
        version = _check(db)
        db.execute("PRAGMA foreign_keys = ON")
        if db.execute("PRAGMA journal_mode").fetchone()[0] != "wal":
            db.execute("PRAGMA journal_mode = WAL")  # readers and one writer at once
        _prove_writable(db, up_to_date=version == LATEST)
        if version < LATEST:
            _migrate(db, version)
        gaps = missing(db)
        if gaps:
            raise _Unusable("damaged", tr("was missing {parts}").format(parts=", ".join(gaps[:3])))
        db.execute(f"PRAGMA busy_timeout = {int(BUSY_TIMEOUT_SECONDS * 1000)}")
    except BaseException:
        db.close()
        raise
    return db


def _create_private(path: Path) -> None:
    """Make a missing progress file, empty, with FILE_MODE: SQLite would make it readable by
    everyone, and gives its side files (-wal, -shm, -journal) the mode of the file."""
    try:
        os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, FILE_MODE))
    except OSError:
        pass  # there already, or not ours to make: SQLite opens it, or says why it cannot


def _migrate(db: sqlite3.Connection, version: int) -> None:
    try:
        migrate(db)
    except sqlite3.OperationalError as error:
        if is_busy(error) or is_full(error) or code(error) in CANNOT_WRITE:
            raise
        raise _Unusable("old", tr("could not be brought up to date from version {version} ({problem})").format(version=version, problem=error)) from error
    except sqlite3.DatabaseError as error:
        raise _Unusable("old", tr("could not be brought up to date from version {version} ({problem})").format(version=version, problem=error)) from error


def _in_memory(path: Path, copy: bool = True) -> sqlite3.Connection:
    """A store in memory, starting from a copy of the progress file if it can be read (and
    ``copy``)."""
    memory = _open(":memory:")
    if not copy:
        return memory
    # "immutable" reads a file even where SQLite cannot make its lock files (a read-only
    # folder), but could catch another copy of the app mid-write, so it comes second.
    for options in ("mode=ro", "mode=ro&immutable=1"):
        with suppress(sqlite3.Error, _Unusable, OSError):
            _copy_progress(f"{path.absolute().as_uri()}?{options}", memory)
            break
    return memory


def _copy_progress(uri: str, memory: sqlite3.Connection) -> None:
    saved = _connect(uri, uri=True, timeout=OPEN_STEP_SECONDS)
    try:
        if _check(saved) < 1:
            return
        saved.backup(memory)
    finally:
        saved.close()
    migrate(memory)
    if missing(memory):
        raise _Unusable("damaged", "incomplete")


def _connect(
    target: Path | str,
    uri: bool = False,
    timeout: float = BUSY_TIMEOUT_SECONDS,
) -> sqlite3.Connection:
    # Autocommit mode: the store begins and commits every transaction itself.
    db = sqlite3.connect(target, timeout=timeout, isolation_level=None, check_same_thread=False, uri=uri)
    db.row_factory = sqlite3.Row
    return db


def _check(db: sqlite3.Connection) -> int:
    """The file's schema version, or _Unusable when the file is not one this app can use."""
    try:
        # One read transaction: another window making the file at this moment (its tables and its
        # version in one transaction) is seen before or after, never as tables with no version,
        # which read one after the other looked like another program's file, and was set aside.
        db.execute("BEGIN")
        try:
            problems = [row[0] for row in db.execute("PRAGMA quick_check")]
            if problems != ["ok"]:
                first_problem = problems[0].splitlines()[-1]  # without "*** in database main ***"
                raise _Unusable("damaged", tr("was damaged ({problem})").format(problem=first_problem))
            version = user_version(db)
            found = sorted(tables(db))
        finally:
            if db.in_transaction:
                db.execute("ROLLBACK")
    except sqlite3.OperationalError:
        raise  # locked or unreadable, not damaged
    except sqlite3.DatabaseError as error:
        raise _Unusable("damaged", tr("was damaged ({problem})").format(problem=error)) from error
    if version > LATEST:
        raise _Unusable(
            "newer",
            tr("was written by a newer version of Old Maid Tutor (its schema is version {version}, this app knows up to {latest})").format(
                version=version, latest=LATEST
            ),
        )
    if version < 0:
        raise _Unusable("damaged", tr("has a schema version ({version}) that no Old Maid Tutor writes").format(version=version))
    if version == 0 and found:
        shown = ", ".join(found[:5]) + (", ..." if len(found) > 5 else "")
        raise _Unusable("foreign", tr("was made by another program (it holds the tables {tables})").format(tables=shown))
    return version


def _prove_writable(db: sqlite3.Connection, up_to_date: bool) -> None:
    """Raise sqlite3.OperationalError now, not at the first save, if the file is read-only.

    SQLite quietly opens a file it may not write as read-only; changing a page (here,
    rewriting the version with its own value, then rolling back) is what fails. A file
    another window is writing right now is writable: if it needs nothing from us yet, we
    do not wait for it (our own writes will wait their turn).
    """
    try:
        db.execute("BEGIN IMMEDIATE")
    except sqlite3.OperationalError as error:
        if up_to_date and is_busy(error):
            return
        raise
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
