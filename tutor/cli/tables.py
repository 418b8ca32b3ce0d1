"""`old-maid-tutor tables`: the tables open for playing together, one line each, with their status,
their seats and who sits there. Exit code 0 (also when none is open)."""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING

from tutor.language import ntr, ptr, tr
from tutor.names import one_line
from tutor.store import Store

if TYPE_CHECKING:  # the tables (and the engine) are loaded only when the command runs
    from tutor.store.tables import SeatView, TableView


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    subparsers.add_parser(
        "tables",
        help=tr("list the tables open for playing together"),
        description=tr("List the tables open for playing together: each one's status, seats and learners."),
    ).set_defaults(func=list_tables)


def list_tables(args: argparse.Namespace, store: Store) -> int:
    from tutor.store.tables import Tables

    tables = Tables(store)
    views = tables.open_tables()
    for notice in tables.notices:
        print(notice, file=sys.stderr)
    if not views:
        print(tr("No tables are open."))
        return 0
    rows = [(one_line(view.name), _status(view.status.value), _seats(view), _sitting(view)) for view in views]
    widths = [max(len(row[column]) for row in rows) for column in range(3)]
    for row in rows:
        print("  ".join(cell.ljust(width) for cell, width in zip(row[:3], widths, strict=True)) + "  " + row[3])
    return 0


def _status(status: str) -> str:
    """A table's status as the teacher reads it (the store keeps the English word)."""
    words = {
        "waiting": ptr("table status", "waiting"),
        "playing": ptr("table status", "playing"),
        "finished": ptr("table status", "finished"),
        "closed": ptr("table status", "closed"),
        "damaged": ptr("table status", "damaged"),
    }
    return words.get(status, status)


def _seats(view: TableView) -> str:
    if view.status == "waiting":
        return ntr("{taken} of {count} seat taken", "{taken} of {count} seats taken", view.players).format(taken=len(view.seats), count=view.players)
    return ntr("{count} seat", "{count} seats", view.players).format(count=view.players)


def _sitting(view: TableView) -> str:
    return ", ".join(_who(view, seat) for seat in view.seats)


def _who(view: TableView, seat: SeatView) -> str:
    name = one_line(seat.name, limit=40)
    if seat.profile_id is None:
        return tr("{name} (computer)").format(name=name)
    host = seat.profile_id == view.host_id
    if seat.taken_over:
        return (tr("{name} (host) (away: a computer plays)") if host else tr("{name} (away: a computer plays)")).format(name=name)
    return tr("{name} (host)").format(name=name) if host else name
