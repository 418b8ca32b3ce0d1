"""The clock every window at a table agrees on, in the tests of tables played together (the
`clock` and `windows` fixtures are in conftest.py)."""

from __future__ import annotations

import sqlite3
import time
from collections.abc import Callable
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


def heard(window: Any, done: Callable[[], bool] | None = None, seconds: float = 5.0) -> bool:
    """`window.poll()` until `done()` (or, without it, until the poll has something new), as a
    window keeps polling: on PostgreSQL another connection's write is heard a moment after its
    commit (a notification). False if that did not come within `seconds`."""
    deadline = time.monotonic() + seconds
    while True:
        fresh = window.poll()
        if fresh if done is None else done():
            return True
        if time.monotonic() > deadline:
            return False
        time.sleep(0.005)


def in_step(*windows: Any, seconds: float = 5.0) -> None:
    """Poll every window until all of them have heard the latest move."""
    deadline = time.monotonic() + seconds
    while True:
        for window in windows:
            window.poll()
        moves = [window.move for window in windows]
        if len(set(moves)) == 1:
            return
        assert time.monotonic() < deadline, f"the windows did not hear each other's moves within {seconds} s: {moves}"
        time.sleep(0.005)
