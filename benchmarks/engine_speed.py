"""How fast the rules engine plays whole random games, and how much memory it needs.

Run: `make bench` (or `.venv/bin/python benchmarks/engine_speed.py [GAMES] [ROUNDS]`).
Reports the best of several rounds, on one core: 4 players, Bicycle rules.
"""

from __future__ import annotations

import sys
import time
import tracemalloc

from tutor.engine import Rules, simulate


def games_per_second(games: int, rounds: int) -> float:
    rules = Rules.bicycle(players=4)
    best = float("inf")
    for round_number in range(rounds):
        start = time.perf_counter()
        simulate(rules, games, seed=round_number)
        best = min(best, time.perf_counter() - start)
    return games / best


def peak_memory_kib(games: int) -> float:
    tracemalloc.start()
    simulate(Rules.bicycle(players=4), games, seed=0)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return peak / 1024


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 20_000
    rounds = int(sys.argv[2]) if len(sys.argv) > 2 else 5
    print(f"full random games per second (4 players, Bicycle, best of {rounds} x {games:,}): "
          f"{games_per_second(games, rounds):,.0f}")
    print(f"peak traced memory while simulating {games:,} games: {peak_memory_kib(games):,.0f} KiB")


if __name__ == "__main__":
    main()
