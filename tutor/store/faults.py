"""What a failed SQLite call means for the learner: busy, full, or something else."""

from __future__ import annotations

import errno
import shutil
import sqlite3
from pathlib import Path

from tutor.errors import StoreBusy, StoreError, StoreFull
from tutor.language import tr

# Less free space than this, with a write failing, is a full disk whatever SQLite calls it.
FULL_DISK_BYTES = 1 << 20

# SQLite's primary result codes (sqlite3.Error.sqlite_errorcode & 0xFF).
_BUSY, _LOCKED, _FULL = 5, 6, 13
CANNOT_WRITE = {3, 8, 10, 14}  # PERM, READONLY, IOERR, CANTOPEN


def code(error: sqlite3.Error) -> int:
    return int(getattr(error, "sqlite_errorcode", 0) or 0) & 0xFF


def is_busy(error: sqlite3.Error) -> bool:
    return code(error) in (_BUSY, _LOCKED) or "database is locked" in str(error)


def is_full(error: sqlite3.Error) -> bool:
    return code(error) == _FULL or "disk is full" in str(error)


def disk_full(error: BaseException, folder: Path | None) -> bool:
    """True when ``error`` (from writing in ``folder``) comes from a full disk."""
    if isinstance(error, OSError) and error.errno in (errno.ENOSPC, errno.EDQUOT):
        return True
    if isinstance(error, sqlite3.Error) and is_full(error):
        return True
    if folder is None:
        return False
    try:
        return shutil.disk_usage(_existing_parent(folder)).free < FULL_DISK_BYTES
    except OSError:
        return False


def fault(error: sqlite3.Error, folder: Path | None) -> StoreError:
    """The tutor's own error for a write that failed with ``error``."""
    if is_busy(error):
        return StoreBusy(tr("Another window is saving to the progress file right now."))
    if disk_full(error, folder):
        return StoreFull(tr("The disk is full, so progress cannot be saved yet."))
    return StoreError(tr("Progress could not be saved ({problem}).").format(problem=error))


def _existing_parent(folder: Path) -> Path:
    while not folder.exists() and folder.parent != folder:
        folder = folder.parent
    return folder
