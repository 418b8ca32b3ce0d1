"""Many computer-only games in a row: who ends up the Old Maid, and how long games last."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from tutor.errors import RulesError

from .game import Game
from .rules import Rules


@dataclass(frozen=True, slots=True)
class SimulationResult:
    rules: Rules
    games: int
    loser_share: tuple[float, ...]
    """For each seat, the share of games in which it was the Old Maid."""
    mean_draws: float
    stdev_draws: float
    min_draws: int
    max_draws: int


def simulate(
    rules: Rules,
    games: int,
    seed: int | str = 0,
    dealer: int = 0,
    progress: Callable[[int], None] | None = None,
) -> SimulationResult:
    """Play `games` games with random draws, the same seat dealing every game.

    All games share one `random.Random(seed)`, so a run is repeatable.
    `progress`, if given, is called with the number of games finished every 1,000 games.
    """
    import statistics

    if not isinstance(games, int) or games < 1:
        raise RulesError(f"games must be a whole number of at least 1, not {games!r}")
    rng = random.Random(seed)
    losses = [0] * rules.players
    lengths: list[int] = []
    for played in range(1, games + 1):
        game = Game.deal_with(rules, rng, dealer)
        game.play_out()
        assert game.loser is not None  # a game played out always has its Old Maid
        losses[game.loser] += 1
        lengths.append(game.draws)
        if progress is not None and (played % 1000 == 0 or played == games):
            progress(played)
    return SimulationResult(
        rules=rules,
        games=games,
        loser_share=tuple(count / games for count in losses),
        mean_draws=statistics.fmean(lengths),
        stdev_draws=statistics.pstdev(lengths),
        min_draws=min(lengths),
        max_draws=max(lengths),
    )
