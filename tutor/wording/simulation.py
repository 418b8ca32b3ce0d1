"""Simulation results in words and bars: for the `simulate` command and the fairness lesson."""

from __future__ import annotations

from tutor.engine import Rules, SimulationResult, simulate
from tutor.wording import bar


def rules_title(rules: Rules) -> str:
    """ "Bicycle rules, 4 players (odd rank Q)", or with a picture deck "(Farm friends deck, 19 cards)"."""
    deck = rules.playing_deck
    extras = [f"odd rank {rules.odd_rank}" if deck.is_standard else f"{deck.name} deck, {deck.size} cards"]
    if rules.extra_draw_on_pair:
        extras.append("extra draw on a pair")
    return f"{rules.name} rules, {rules.players} players ({', '.join(extras)})"


def seat_chart(result: SimulationResult, dealer: int = 0) -> list[str]:
    """One line per seat: its chance of being the Old Maid, as a percentage and a bar."""
    largest = max(result.loser_share)
    lines = []
    for seat, share in enumerate(result.loser_share):
        label = f"Seat {seat + 1}" + (" (dealer)" if seat == dealer else "")
        lines.append(f"{label:<17}{share:>7.1%}  {bar(share, largest)}")
    return lines


def report(result: SimulationResult, dealer: int = 0) -> str:
    lines = [
        f"{result.games:,} games, {rules_title(result.rules)}",
        "",
        "Chance of being the Old Maid, by seat (seats go clockwise from the dealer):",
        *seat_chart(result, dealer),
        "",
        f"Game length: {result.mean_draws:.1f} draws on average (spread {result.stdev_draws:.1f}; shortest {result.min_draws}, longest {result.max_draws}).",
    ]
    return "\n".join(lines)


def run_simulation(rules: Rules, games: int, seed: int | str) -> SimulationResult:
    """Simulate with a progress bar on the terminal, then print the report."""
    from rich.progress import Progress

    with Progress(transient=True) as progress:
        task = progress.add_task("Playing games", total=games)
        result = simulate(rules, games, seed, progress=lambda done: progress.update(task, completed=done))
    print(report(result))
    return result
