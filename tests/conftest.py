"""Fixtures shared by the UI tests: a learner store in a temporary folder and app builders."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

if TYPE_CHECKING:
    from table_helpers import Clock

    from tutor.store.tables import Tables

sys.path.insert(0, str(Path(__file__).parent))


@pytest.fixture(autouse=True)
def _plain_environment(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """Snapshots must not depend on the developer's terminal settings, and no test may write
    into the checkout or the developer's home (a random-keys test can reach an export dialog)."""
    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.delenv("OLD_MAID_TUTOR_HOME", raising=False)
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.chdir(tmp_path)


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Any]:
    from tutor.store import open_store

    opened = open_store(tmp_path / "data")
    yield opened
    opened.close()


@pytest.fixture
def profile(store: Any) -> Any:
    return store.get_or_create_profile("Robin")


def pytest_terminal_summary(terminalreporter: Any) -> None:
    """The random-input soak's total: events driven over all its seeds, and how many seeds failed
    (each seed's test reports its own count, from whichever worker ran it)."""
    seeds = failed = events = 0
    for outcome in ("passed", "failed"):
        for report in terminalreporter.stats.get(outcome, []):
            driven = dict(getattr(report, "user_properties", [])).get("soak_events")
            if getattr(report, "when", "") == "call" and driven is not None:
                seeds += 1
                failed += outcome == "failed"
                events += int(driven)
    if seeds:
        terminalreporter.write_line(
            f"random-input soak: {events:,} events over {seeds} seed{'s' * (seeds != 1)}, {failed} exception{'s' * (failed != 1)} (a seed stops at its first)"
        )


# ----- tables played together (tests/test_tables.py, tests/test_shared_game.py) -----


@pytest.fixture
def clock() -> Clock:
    from table_helpers import Clock

    return Clock()


@pytest.fixture
def windows(tmp_path: Path, clock: Clock) -> Iterator[tuple[Tables, Tables]]:
    """Two windows on one progress file: two stores, two connections."""
    from tutor.store import open_store
    from tutor.store.tables import Tables

    with open_store(tmp_path / "data") as one, open_store(tmp_path / "data") as two:
        yield Tables(one, clock), Tables(two, clock)
