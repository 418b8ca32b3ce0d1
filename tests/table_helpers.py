"""The clock every window at a table agrees on, in the tests of tables played together (the
`clock` and `windows` fixtures are in conftest.py)."""

from __future__ import annotations

import sqlite3
import time
from datetime import UTC, datetime, timedelta
from typing import Any


class Clock:
    """The time every window at the table agrees on, moved on by the test."""

    def __init__(self) -> None:
        self.now = datetime(2025, 3, 3, 9, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += timedelta(seconds=seconds)


def place_of(store: Any) -> str:
    """Where `store` keeps progress, as `reopen` takes it: a data folder or a database's address."""
    if store.database is not None:  # the tests' databases have no password to hide
        return str(store.database)
    return str(store.path.parent)


def reopen(place: str) -> Any:
    """Another window's store on `place` (see `place_of`)."""
    from tutor.store import open_store

    return open_store(database=place) if place.startswith("postgresql://") else open_store(place)


def behind_the_back(store: Any, sql: str, *parameters: object) -> None:
    """Change the progress file (or the school's database) behind the app's back, as another
    program (or a bad disk) might: another connection, not the store's."""
    if store.database is None:
        db = sqlite3.connect(store.path, isolation_level=None)
        db.execute(sql, parameters)
        db.close()
        return
    with reopen(place_of(store)) as other, other._write() as db:
        db.execute(sql, parameters)


def heard(window: Any, seconds: float = 5.0) -> bool:
    """`window.poll()` until it has something new, as a window polling every 0.1 s would: on
    PostgreSQL another connection's write is heard a moment after its commit (a notification)."""
    deadline = time.monotonic() + seconds
    while not window.poll():
        if time.monotonic() > deadline:
            return False
        time.sleep(0.005)
    return True


def in_step(*windows: Any, seconds: float = 5.0) -> None:
    """Poll every window until all of them have heard the latest move."""
    deadline = time.monotonic() + seconds
    while True:
        for window in windows:
            window.poll()
        if len({window.move for window in windows}) == 1 or time.monotonic() > deadline:
            return
        time.sleep(0.005)
