"""A throw-away PostgreSQL cluster for tests: Debian's own `initdb` and `pg_ctl`, in a temporary
folder, listening only on a unix socket in that folder (no TCP port, nothing outside the folder).

    cluster = Cluster.start()      # Missing when there is no PostgreSQL here
    url = cluster.new_database()   # a fresh, empty database (CREATE DATABASE ... TEMPLATE)
    cluster.drop_databases()       # every database it made, dropped
    cluster.stop()                 # the server stopped and its folder removed

One cluster can be shared by several processes (pytest's xdist workers): `Cluster.shared(folder,
prepare)` starts it in `folder` for whichever process asks first, under a lock, and hands the same
cluster to the others; whoever made the folder stops it (`Cluster.stop_shared(folder)`). Database
names carry the process id, so the processes' databases never meet.

As root the server runs as the `postgres` user (PostgreSQL refuses to run as root), through
`runuser`, with the folder given to that user.
"""

from __future__ import annotations

import fcntl
import glob
import itertools
import os
import pwd
import shutil
import subprocess
import tempfile
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

TEMPLATE = "tutor_template"
# For tests only: a server that never waits for the disk (the folder is thrown away anyway), and
# keeps little write-ahead log (the folder may be in memory: tests/conftest.py).
QUICK = "-c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=400 -c max_wal_size=32MB -c min_wal_size=32MB"


class Missing(Exception):
    """No PostgreSQL server programs on this computer."""


def programs() -> Path | None:
    """The newest Debian PostgreSQL's bin folder (holding initdb and pg_ctl), or None."""
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"), key=lambda path: int(Path(path).parts[-3]) if Path(path).parts[-3].isdigit() else 0)
    return Path(found[-1]).parent if found else None


@dataclass
class Cluster:
    folder: Path
    bin: Path
    user: str | None
    _numbers: itertools.count[int] = field(default_factory=lambda: itertools.count(1))
    _made: list[str] = field(default_factory=list)

    @classmethod
    def start(cls) -> Cluster:
        bin_folder = programs()
        if bin_folder is None:
            raise Missing("PostgreSQL's initdb was not found (Debian's postgresql package installs it)")
        user = "postgres" if os.geteuid() == 0 else None
        folder = Path(tempfile.mkdtemp(prefix="omt-pg-"))
        if user is not None:
            entry = pwd.getpwnam(user)
            os.chown(folder, entry.pw_uid, entry.pw_gid)
        cluster = cls(folder, bin_folder, user)
        try:
            cluster._bring_up()
        except BaseException:
            cluster.stop()
            raise
        return cluster

    @classmethod
    def shared(cls, folder: Path, prepare: Callable[[Cluster], None]) -> Cluster:
        """The cluster in `folder` (an empty folder made for it), started by the first process that
        asks, which also runs `prepare` on it (bringing the template up to date) before any other
        process gets it. Stopped by `stop_shared`, never by the processes that share it."""
        bin_folder = programs()
        if bin_folder is None:
            raise Missing("PostgreSQL's initdb was not found (Debian's postgresql package installs it)")
        user = "postgres" if os.geteuid() == 0 else None
        cluster = cls(folder, bin_folder, user)
        with open(folder / "lock", "a") as lock:
            fcntl.flock(lock, fcntl.LOCK_EX)  # released when the file is closed, even by a process that dies
            if not (folder / "ready").exists():
                if user is not None:
                    entry = pwd.getpwnam(user)
                    os.chown(folder, entry.pw_uid, entry.pw_gid)
                try:
                    cluster._stop_server()  # what a process that failed here may have left
                    shutil.rmtree(folder / "data", ignore_errors=True)
                    cluster._bring_up()
                    prepare(cluster)
                except BaseException:
                    cluster._stop_server()
                    raise
                (folder / "ready").touch()
        return cluster

    @classmethod
    def stop_shared(cls, folder: Path) -> None:
        """The shared cluster in `folder` stopped, if any process started it, and the folder removed."""
        bin_folder = programs()
        if bin_folder is not None:
            cls(folder, bin_folder, "postgres" if os.geteuid() == 0 else None)._stop_server()
        shutil.rmtree(folder, ignore_errors=True)

    def _bring_up(self) -> None:
        folder = self.folder
        self._run("initdb", "-D", str(folder / "data"), "-U", "postgres", "--auth=trust", "--no-sync", "-E", "UTF8", "--locale=C.UTF-8")
        options = f"-k {folder} -c listen_addresses='' {QUICK}"
        self._run("pg_ctl", "-D", str(folder / "data"), "-o", options, "-l", str(folder / "server.log"), "-w", "start")
        self.sql(f"CREATE DATABASE {TEMPLATE}")

    @property
    def socket_url(self) -> str:
        return f"postgresql://postgres@/postgres?host={self.folder}"

    def url(self, database: str) -> str:
        return f"postgresql://postgres@/{database}?host={self.folder}"

    def new_database(self, blank: bool = False) -> str:
        """The address of a new database, made from TEMPLATE (which the tests' conftest brings up
        to date once, so each test's database starts up to date and empty of learners), or
        `blank`: nothing in it at all."""
        name = f"test_{os.getpid()}_{next(self._numbers)}"
        # Copied file by file: the default copies page by page through the write-ahead log (7 MiB each)
        self.sql(f"CREATE DATABASE {name} TEMPLATE {'template0' if blank else TEMPLATE} STRATEGY = FILE_COPY")
        self._made.append(name)
        return self.url(name)

    def drop_databases(self) -> None:
        """Every database `new_database` made, dropped (whoever is still connected is put out)."""
        while self._made:
            self.sql(f"DROP DATABASE IF EXISTS {self._made.pop()} WITH (FORCE)")

    def sql(self, statement: str, database: str = "postgres") -> None:
        import psycopg

        with psycopg.connect(self.url(database), autocommit=True) as connection:
            connection.execute(statement.encode())

    def stop(self) -> None:
        self._stop_server()
        shutil.rmtree(self.folder, ignore_errors=True)

    def _stop_server(self) -> None:
        data = self.folder / "data"
        if (data / "postmaster.pid").exists():
            self._run("pg_ctl", "-D", str(data), "-m", "immediate", "-w", "stop", check=False)

    def _run(self, program: str, *arguments: str, check: bool = True) -> None:
        command = [str(self.bin / program), *arguments]
        if self.user is not None:
            command = ["runuser", "-u", self.user, "--", *command]
        done = subprocess.run(command, capture_output=True, text=True, check=False, timeout=120)
        if check and done.returncode != 0:
            raise RuntimeError(f"{program} failed ({done.returncode}): {done.stderr.strip() or done.stdout.strip()}")
