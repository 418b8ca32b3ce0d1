"""How fast the rules engine plays whole random games, and how much memory it needs.

Run: `make bench` (or `.venv/bin/python benchmarks/engine_speed.py [GAMES] [ROUNDS]`).
Reports the best of several rounds, on one core: 4 players, Bicycle rules, with the standard deck
and with the full picture deck ("everyday": 25 pairs and the Old Maid, 51 cards). The two decks'
rounds take turns, so a busy shared machine slows both alike.

Games per second differ between the decks because the games do: a picture has one partner where a
rank has three, so fewer pairs form at the deal and a picture game takes about twice as many draws.
So the engine's speed is compared in its two parts, each per unit of work: dealing (shuffling the
51 cards, dealing them and laying down the opening pairs) in microseconds a game, and playing in
microseconds a draw (the time of whole games less their deals, over their draws). With the picture
deck each should be within 10% of the standard deck. Times are the process's CPU time (a shared
virtual machine's stolen time is left out), the best round of each.
"""

from __future__ import annotations

import random
import sys
import time
import tracemalloc

from tutor.engine import Game, Rules, simulate

DECKS = ("standard", "everyday")


def rates(games: int, rounds: int) -> dict[str, tuple[float, float, float]]:
    """Each deck's best games per second, microseconds per deal and microseconds per draw over
    `rounds` rounds (the decks' rounds interleaved)."""
    rules = {deck: Rules.bicycle(players=4, deck=deck) for deck in DECKS}
    best = {deck: (0.0, float("inf"), float("inf")) for deck in DECKS}
    for round_number in range(rounds):
        for deck in DECKS if round_number % 2 == 0 else reversed(DECKS):
            rng = random.Random(round_number)
            start = time.process_time()
            for _ in range(games):
                Game.deal_with(rules[deck], rng)
            dealing = time.process_time() - start
            start = time.process_time()
            result = simulate(rules[deck], games, seed=round_number)
            whole = time.process_time() - start
            per_game, per_deal, per_draw = best[deck]
            best[deck] = (
                max(per_game, games / whole),
                min(per_deal, dealing / games * 1e6),
                min(per_draw, (whole - dealing) / (games * result.mean_draws) * 1e6),
            )
    return best


def peak_memory_kib(games: int, deck: str = "standard") -> float:
    tracemalloc.start()
    simulate(Rules.bicycle(players=4, deck=deck), games, seed=0)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return peak / 1024


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 20_000
    rounds = int(sys.argv[2]) if len(sys.argv) > 2 else 5
    best = rates(games, rounds)
    for deck, (per_game, per_deal, per_draw) in best.items():
        print(
            f"{deck} deck (4 players, Bicycle, best of {rounds} x {games:,}): {per_game:,.0f} full random games "
            f"per second; {per_deal:.1f} µs a deal, {per_draw:.2f} µs a draw"
        )
    (_, deal, draw), (_, picture_deal, picture_draw) = best["standard"], best["everyday"]
    print(f"the picture deck against the standard deck: a deal takes {picture_deal / deal:.0%} of the time, a draw {picture_draw / draw:.0%}")
    for deck in DECKS:
        print(f"peak traced memory while simulating {games:,} games ({deck} deck): {peak_memory_kib(games, deck):,.0f} KiB")


if __name__ == "__main__":
    main()
