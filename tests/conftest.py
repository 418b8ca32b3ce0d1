"""Fixtures shared by the UI tests: a learner store in a temporary folder and app builders."""

from __future__ import annotations

import gc
import os
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

if TYPE_CHECKING:
    from table_helpers import Clock

    from tutor.store.tables import Tables

sys.path.insert(0, str(Path(__file__).parent))

GC_THRESHOLDS = (10_000, 20, 20)
"""The garbage collector's, in each test process. Python's own (700, 10, 10) suit an app; a test
process makes and drops hundreds of apps, and its collector went through the suite's whole heap
(every module, test and cache) again and again: about 15% of its CPU. The app's own code is the
same either way; its garbage is collected a little later."""


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Tests marked `long` (each many seconds, mostly waiting on the app) run first: started last,
    one of them kept a whole run waiting on one worker while the others had finished."""
    items.sort(key=lambda item: item.get_closest_marker("long") is None)


def pytest_collection_finish(session: pytest.Session) -> None:
    """What collecting made (modules, tests) lives to the end: frozen, the collector skips it."""
    gc.collect()
    gc.freeze()


@pytest.fixture(autouse=True)
def _plain_environment(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """Snapshots must not depend on the developer's terminal settings, and no test may write
    into the checkout or the developer's home (a random-keys test can reach an export dialog)."""
    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.delenv("OLD_MAID_TUTOR_HOME", raising=False)
    monkeypatch.delenv("OLD_MAID_TUTOR_DATABASE", raising=False)
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.chdir(tmp_path)
    # English unless a test asks for another language, whatever the developer's locale; and a test
    # that switched this process's language (or gave --lang) leaves the next one in English.
    monkeypatch.setenv("LANGUAGE", "en")
    from tutor import language

    language.ask(None)


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Any]:
    from tutor.store import open_store

    opened = open_store(tmp_path / "data")
    yield opened
    opened.close()


@pytest.fixture
def profile(store: Any) -> Any:
    return store.get_or_create_profile("Robin")


# ----- both back ends: SQLite (a file) and PostgreSQL (a throw-away cluster) -----

BACKENDS = ("sqlite", "postgres")


SHARED_CLUSTER = "OLD_MAID_TUTOR_TEST_CLUSTER"
"""The folder of the one PostgreSQL cluster a run's processes share (its xdist workers inherit it)."""


MEMORY_FOLDER = Path("/dev/shm")
"""A folder in memory (tmpfs) on most Linux systems."""
MEMORY_FOLDER_FREE = 2 << 30
"""Room it must have to hold the run's temporary files (tests' folders, the PostgreSQL cluster)."""


def use_a_folder_in_memory() -> None:
    """Temporary files in memory when the computer has room for them there and the developer has
    not chosen a place (TMPDIR). Creating a file in a busy ext4 /tmp costs the kernel a search for
    a free inode: about 0.4 s of CPU for each PostgreSQL test database (300 files) and some 7% of
    the whole suite's CPU; in tmpfs, under a tenth of that. Docker gives /dev/shm 64 MiB: too
    small, so such a run keeps /tmp."""
    import shutil
    import tempfile

    if os.environ.get("TMPDIR"):
        return
    try:
        roomy = shutil.disk_usage(MEMORY_FOLDER).free >= MEMORY_FOLDER_FREE and os.access(MEMORY_FOLDER, os.W_OK)
    except OSError:
        return
    if roomy:
        os.environ["TMPDIR"] = str(MEMORY_FOLDER)  # the workers and every program a test starts
        tempfile.tempdir = None  # asked again


def pytest_configure(config: pytest.Config) -> None:
    """The run's own process (xdist's controller, or the only process) chooses where temporary
    files go (see `use_a_folder_in_memory`; its workers inherit it) and names an empty folder for
    the PostgreSQL cluster; the first test that needs it starts it there (see `postgres_cluster`),
    so one cluster serves every worker instead of one each (initdb and a server, about 2.5 s of
    CPU each), and a run without PostgreSQL tests starts none."""
    gc.set_threshold(*GC_THRESHOLDS)
    if hasattr(config, "workerinput") or os.environ.get(SHARED_CLUSTER):
        return
    use_a_folder_in_memory()
    import tempfile

    folder = tempfile.mkdtemp(prefix="omt-pg-")
    config.stash[_cluster_folder] = folder
    os.environ[SHARED_CLUSTER] = folder


def pytest_unconfigure(config: pytest.Config) -> None:
    folder = config.stash.get(_cluster_folder, None)
    if folder is not None:
        from postgres_cluster import Cluster

        Cluster.stop_shared(Path(folder))
        os.environ.pop(SHARED_CLUSTER, None)


_cluster_folder = pytest.StashKey[str]()


@pytest.fixture(scope="session")
def postgres_cluster() -> Iterator[Any]:
    """One PostgreSQL cluster for the whole run, shared by its xdist workers (each test gets a
    database of its own: see `store_place`), from Debian's initdb and pg_ctl; skipped with one line
    where there is none, never under CI=true (`.ci/run` installs the package)."""
    from postgres_cluster import TEMPLATE, Cluster, Missing

    from tutor.store import open_store

    def prepare(cluster: Cluster) -> None:
        open_store(database=cluster.url(TEMPLATE)).close()  # every test's database starts up to date

    try:
        cluster = Cluster.shared(Path(os.environ[SHARED_CLUSTER]), prepare)
    except Missing as missing:
        if os.environ.get("CI") == "true":
            pytest.fail(f"{missing}; CI must test the PostgreSQL back end")
        pytest.skip(f"{missing}: the PostgreSQL back end is not tested here")
    _clusters.append(cluster)
    yield cluster


_clusters: list[Any] = []
"""This process's `postgres_cluster`, once a test has asked for it."""


@pytest.fixture(autouse=True)
def _drop_the_tests_databases() -> Iterator[None]:
    """Each test's databases dropped after it: the cluster stays small (it may be in memory)."""
    yield
    for cluster in _clusters:
        cluster.drop_databases()


@pytest.fixture(params=BACKENDS)
def backend(request: pytest.FixtureRequest) -> str:
    return str(request.param)


@pytest.fixture
def new_place(backend: str, request: pytest.FixtureRequest, tmp_path: Path) -> Callable[[str], Callable[[], Any]]:
    """Makes a place to keep progress: `new_place("home")()` opens a store there (another window's,
    each time it is called): a data folder (SQLite) or a new database in the session's cluster."""
    from tutor.store import open_store

    def made(name: str) -> Callable[[], Any]:
        if backend == "sqlite":
            return lambda: open_store(tmp_path / name)
        url = request.getfixturevalue("postgres_cluster").new_database()
        return lambda: open_store(database=url)

    return made


@pytest.fixture
def address(backend: str, request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """This test's place to keep progress, as text (for another process): a data folder, or a new
    database in the session's cluster (`table_helpers.reopen` opens a store on either)."""
    if backend == "sqlite":
        return str(tmp_path / "data")
    return str(request.getfixturevalue("postgres_cluster").new_database())


@pytest.fixture
def store_place(new_place: Callable[[str], Callable[[], Any]]) -> Callable[[], Any]:
    """Opens a store on this test's one place, on each back end in turn (see `new_place`)."""
    return new_place("data")


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
def windows(store_place: Callable[[], Any], clock: Clock) -> Iterator[tuple[Tables, Tables]]:
    """Two windows on one progress file (or one school's database): two stores, two connections."""
    from tutor.store.tables import Tables

    with store_place() as one, store_place() as two:
        yield Tables(one, clock), Tables(two, clock)
