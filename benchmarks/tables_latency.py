"""Playing together: how soon a move shows on the other windows at the table, with a class of
pupils at several tables on one progress file, and what the watching costs the store.

Run: `.venv/bin/python benchmarks/tables_latency.py [PUPILS] [PER_TABLE] [SECONDS]` (default 30
pupils at tables of 5, for 60 seconds). Each pupil is its own process, as each tab of a served
class is, with its own store connection and a `SharedGame` polled every POLL_SECONDS, as the table
screen does. A pupil acts THINK_SECONDS after their turn comes (a quick child), so every table
keeps moving. A table whose game ends starts a new one.

Measured: for every move, from the moment the mover's write returned to the moment each other
pupil at the table saw that move number in a poll (median, 95th percentile, worst); and the CPU
time each pupil's process spent (its share of one core) against the same pupils only polling an
idle table (the watching's own cost), with the store's writes per second.
"""

from __future__ import annotations

import multiprocessing
import statistics
import sys
import time
from multiprocessing.queues import Queue
from pathlib import Path

from scratch import scratch_folder

POLL_SECONDS = 0.15
THINK_SECONDS = 0.5

Note = tuple[str, int, int, str, float]
"""("moved" or "seen", table id, move number, pupil, time), or ("cpu", 0, writes, pupil, CPU seconds)."""


def pupil(folder: str, name: str, table: str, players: int, start_by: float, until: float, results: Queue[Note]) -> None:
    """One pupil's window: sit down, play when due, and note when each move number is first seen."""
    from tutor.errors import StaleMove, StoreError
    from tutor.play.shared_game import SharedGame, Stage
    from tutor.settings import Settings
    from tutor.store import open_store
    from tutor.store.tables import Tables

    store = open_store(Path(folder))
    tables = Tables(store)
    profile = store.get_or_create_profile(name)
    settings = Settings(players=players, ruleset="bicycle" if players <= 5 else "table")
    shared = SharedGame.sit_down(tables, profile, table, settings)
    seen_move, due_since, writes = shared.move, 0.0, 0
    time.sleep(max(0.0, start_by - time.time()))  # the whole class is seated: timing starts
    started = time.process_time()
    while time.time() < until:
        time.sleep(POLL_SECONDS)
        try:
            changed = shared.poll()
        except StoreError:
            continue
        if changed and shared.move != seen_move:
            seen_move = shared.move
            results.put(("seen", shared.view.id, seen_move, name, time.time()))
        stage = shared.stage
        if stage is Stage.WAITING and shared.is_host and len(shared.view.learners) == players:
            shared.start()
            writes += 1
            continue
        if stage not in (Stage.PAIRING, Stage.DRAW, Stage.OVER):
            due_since = 0.0
            continue
        if stage is Stage.OVER:
            continue  # one game a table: the measure is the moves of games in play
        due_since = due_since or time.time()
        if time.time() - due_since < THINK_SECONDS:
            continue
        game = shared.game
        assert game is not None
        try:
            pairs = game.pairs_in(shared.seat)
            if stage is Stage.PAIRING:
                outcome = shared.lay_down(pairs[0]) if pairs else shared.finish_pairing()
            else:
                outcome = shared.draw(0)
        except (StaleMove, StoreError):
            continue
        if outcome.refused:
            continue
        writes += 1
        seen_move = shared.move
        due_since = 0.0
        results.put(("moved", shared.view.id, shared.move, name, time.time()))
    results.put(("cpu", 0, writes, name, time.process_time() - started))
    store.close()


def idle_pupil(folder: str, name: str, table: str, start_by: float, until: float, results: Queue[Note]) -> None:
    """A pupil at a table nobody starts: only the polling."""
    from tutor.play.shared_game import SharedGame
    from tutor.settings import Settings
    from tutor.store import open_store
    from tutor.store.tables import Tables

    store = open_store(Path(folder))
    shared = SharedGame.sit_down(Tables(store), store.get_or_create_profile(name), table, Settings(players=5))
    time.sleep(max(0.0, start_by - time.time()))
    started = time.process_time()
    while time.time() < until:
        time.sleep(POLL_SECONDS)
        shared.poll()
    results.put(("cpu", 0, 0, name, time.process_time() - started))
    store.close()


def run(pupils: int, per_table: int, seconds: float, idle: bool) -> list[Note]:
    folder = scratch_folder("tables-bench-")
    from tutor.store import open_store

    open_store(Path(folder)).close()  # made once, before the class arrives
    context = multiprocessing.get_context("spawn")
    results: Queue[Note] = context.Queue()
    start_by = time.time() + 10 + pupils * 0.5  # spawned Pythons import the tutor first
    until = start_by + seconds
    processes = []
    for number in range(pupils):
        table = f"table {number // per_table + 1}"
        name = f"pupil {number + 1}"
        target, args = (
            (idle_pupil, (folder, name, table, start_by, until, results)) if idle else (pupil, (folder, name, table, per_table, start_by, until, results))
        )
        process = context.Process(target=target, args=args)
        process.start()
        processes.append(process)
    got: list[Note] = []
    finished = 0
    while finished < pupils:
        item = results.get(timeout=seconds + 120)
        got.append(item)
        finished += item[0] == "cpu"
    for process in processes:
        process.join()
    return got


def latencies(got: list[Note]) -> list[float]:
    """Seconds from each move's write to each other pupil at the table seeing it."""
    moved = {(table, move): (name, when) for kind, table, move, name, when in got if kind == "moved"}
    waits = []
    for kind, table, move, name, when in got:
        mover = moved.get((table, move))
        if kind == "seen" and mover is not None and mover[0] != name:
            waits.append(when - mover[1])
    return waits


def cpu_share(got: list[Note], seconds: float) -> tuple[float, int]:
    """Each pupil's CPU time as a share of one core, on average, and the writes made in all."""
    cpu = [(writes, used) for kind, _, writes, _, used in got if kind == "cpu"]
    return sum(used for _, used in cpu) / len(cpu) / seconds, sum(writes for writes, _ in cpu)


def main() -> None:
    pupils = int(sys.argv[1]) if len(sys.argv) > 1 else 30
    per_table = int(sys.argv[2]) if len(sys.argv) > 2 else 5
    seconds = float(sys.argv[3]) if len(sys.argv) > 3 else 60.0
    playing = run(pupils, per_table, seconds, idle=False)
    waits = sorted(latencies(playing))
    share, writes = cpu_share(playing, seconds)
    idle_share, _ = cpu_share(run(pupils, per_table, seconds / 2, idle=True), seconds / 2)
    print(f"{pupils} pupils at tables of {per_table}, {seconds:.0f} s, polling every {POLL_SECONDS} s")
    if waits:
        median, p95, worst = (1000 * value for value in (statistics.median(waits), waits[int(0.95 * (len(waits) - 1))], waits[-1]))
        print(f"a move seen on another window: median {median:.0f} ms, p95 {p95:.0f} ms, worst {worst:.0f} ms ({len(waits)} sightings)")
    print(f"writes to the store: {writes} ({writes / seconds:.1f} a second)")
    print(f"CPU per pupil: {share * 100:.1f}% of a core while playing, {idle_share * 100:.1f}% only watching")


if __name__ == "__main__":
    main()
