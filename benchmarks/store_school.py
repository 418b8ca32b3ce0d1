"""A school's store under load: 3 serving processes x 30 pupils on one PostgreSQL database, against
the same 3 x 30 on one SQLite progress file (the most one computer can do without a server).

Run: `.venv/bin/python benchmarks/store_school.py [SERVERS] [PUPILS] [SECONDS]` (default 3 30 20).
PostgreSQL is a throw-away cluster on this machine (tests/postgres_cluster.py: Debian's initdb and
pg_ctl, a unix socket, fsync on as a real server has it); `--database URL` uses another instead.

Each serving process is a process of its own; each pupil in it a thread with its own store (its own
connection), as each tab's tutor has. A pupil repeats what a child at the tutor makes the store do
(a move of a game saved, a lesson step, a quiz answer, a mistake, then reading the lesson list
and the game back), with THINK_SECONDS between operations. Measured: store operations per second
over all pupils, and each kind's median and 95th percentile time.
"""

from __future__ import annotations

import multiprocessing
import statistics
import sys
import tempfile
import threading
import time
from collections import defaultdict
from multiprocessing.queues import Queue
from pathlib import Path

ROOT = Path(__file__).parent.parent
THINK_SECONDS = 0.02
KINDS = ("save_game", "lesson_step", "quiz_answer", "mistake", "read_lessons", "load_game")

Timing = tuple[str, float]


def serving_process(place: str, server: int, pupils: int, start_at: float, until: float, results: Queue[list[Timing]]) -> None:
    from tutor.store import open_store

    def opened() -> object:
        return open_store(database=place) if place.startswith("postgresql://") else open_store(place)

    timings: list[Timing] = []
    lock = threading.Lock()

    def pupil(number: int) -> None:
        store = opened()
        mine: list[Timing] = []
        profile = store.get_or_create_profile(f"Pupil {server}-{number}")  # type: ignore[attr-defined]
        store.claim(profile)  # type: ignore[attr-defined]
        operations = {
            "save_game": lambda step: store.save_game(profile, {"format": "x", "turn": step, "hands": [[1, 2, 3]] * 4}),  # type: ignore[attr-defined]
            "lesson_step": lambda step: store.save_lesson_progress(profile, "pairs", step, 0, False),  # type: ignore[attr-defined]
            "quiz_answer": lambda step: store.record_answer(profile, f"q{step}", "pairs", step % 2 == 0),  # type: ignore[attr-defined]
            "mistake": lambda step: store.record_mistake(profile, "kept-pair", ["QS", "QH"], "game"),  # type: ignore[attr-defined]
            "read_lessons": lambda step: store.lesson_progress(profile),  # type: ignore[attr-defined]
            "load_game": lambda step: store.load_game(profile),  # type: ignore[attr-defined]
        }
        while time.time() < start_at:
            time.sleep(0.01)
        step = 0
        while time.time() < until:
            for kind in KINDS:
                began = time.perf_counter()
                operations[kind](step)
                mine.append((kind, time.perf_counter() - began))
                time.sleep(THINK_SECONDS)
            step += 1
        store.close()  # type: ignore[attr-defined]
        with lock:
            timings.extend(mine)

    threads = [threading.Thread(target=pupil, args=(number,)) for number in range(pupils)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    results.put(timings)


def run(place: str, servers: int, pupils: int, seconds: float) -> tuple[float, dict[str, list[float]]]:
    context = multiprocessing.get_context("spawn")
    results: Queue[list[Timing]] = context.Queue()
    start_at = time.time() + 8 + pupils * servers * 0.05  # every pupil connected and claimed first
    until = start_at + seconds
    processes = [context.Process(target=serving_process, args=(place, server, pupils, start_at, until, results)) for server in range(servers)]
    for process in processes:
        process.start()
    timings: list[Timing] = []
    for _ in processes:
        timings.extend(results.get(timeout=seconds + 300))
    for process in processes:
        process.join(timeout=60)
    by_kind: dict[str, list[float]] = defaultdict(list)
    for kind, taken in timings:
        by_kind[kind].append(taken)
    return len(timings) / seconds, by_kind


def p95(values: list[float]) -> float:
    return statistics.quantiles(values, n=20)[-1] if len(values) > 1 else values[0]


def report(name: str, rate: float, by_kind: dict[str, list[float]]) -> None:
    every = [taken for values in by_kind.values() for taken in values]
    print(f"{name}: {rate:,.0f} store operations a second; all: median {statistics.median(every) * 1000:.1f} ms, p95 {p95(every) * 1000:.1f} ms")
    for kind in KINDS:
        values = by_kind[kind]
        print(f"    {kind:13} {len(values):7,}  median {statistics.median(values) * 1000:6.1f} ms  p95 {p95(values) * 1000:6.1f} ms")


def main(arguments: list[str]) -> None:
    database = None
    if "--database" in arguments:
        at = arguments.index("--database")
        database = arguments[at + 1]
        del arguments[at : at + 2]
    defaults = ["3", "30", "20"]
    given = arguments + defaults[len(arguments) :]
    servers, pupils, seconds = int(given[0]), int(given[1]), float(given[2])
    sys.path.insert(0, str(ROOT / "tests"))
    from postgres_cluster import QUICK, Cluster

    cluster = None
    if database is None:
        import postgres_cluster

        postgres_cluster.QUICK = QUICK.replace("-c fsync=off -c synchronous_commit=off -c full_page_writes=off ", "")  # a real server's durability
        cluster = Cluster.start()
        cluster.sql("CREATE DATABASE school")
        database = cluster.url("school")
    try:
        print(f"{servers} serving processes x {pupils} pupils, {seconds:.0f} s each side, think {THINK_SECONDS * 1000:.0f} ms between operations")
        rate, by_kind = run(database, servers, pupils, seconds)
        report("PostgreSQL", rate, by_kind)
        with tempfile.TemporaryDirectory() as folder:
            rate, by_kind = run(folder, servers, pupils, seconds)
            report("SQLite (one file, the same processes on one computer)", rate, by_kind)
    finally:
        if cluster is not None:
            cluster.stop()


if __name__ == "__main__":
    main(sys.argv[1:])
