"""What the store asks of a database connection, whichever back end it is.

SQLite's own `sqlite3.Connection` is one; `tutor.store.postgres.Database` (PostgreSQL, which turns
the store's SQL into its own: see there) is the other. Rows are read by column name or position.
"""

from __future__ import annotations

from typing import Any, Protocol


class Row(Protocol):
    """One row: `row["name"]` or `row[0]`."""

    def __getitem__(self, key: Any, /) -> Any: ...


class Database(Protocol):
    """A connection in autocommit mode: the store begins and commits every transaction itself."""

    @property
    def in_transaction(self) -> bool: ...

    def execute(self, sql: str, parameters: Any = ..., /) -> Any: ...

    def executemany(self, sql: str, parameters: Any, /) -> Any: ...

    def close(self) -> None: ...
