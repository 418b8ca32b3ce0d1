"""The clock every window at a table agrees on, in the tests of tables played together (the
`clock` and `windows` fixtures are in conftest.py)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta


class Clock:
    """The time every window at the table agrees on, moved on by the test."""

    def __init__(self) -> None:
        self.now = datetime(2025, 3, 3, 9, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += timedelta(seconds=seconds)
