"""Simulation results in words and bars: for the `simulate` command and the fairness lesson."""

from __future__ import annotations

from tutor.engine import Rules, SimulationResult, simulate
from tutor.language import ntr, tr
from tutor.wording import bar, rules_name


def rules_title(rules: Rules) -> str:
    """ "Bicycle rules, 4 players (odd rank Q)", or with a picture deck "(Farm friends deck, 19 cards)"."""
    deck = rules.playing_deck
    if deck.is_standard:
        extras = [tr("odd rank {rank}").format(rank=rules.odd_rank)]
    else:
        extras = [tr("{deck} deck, {count} cards").format(deck=tr(deck.name), count=deck.size)]
    if rules.extra_draw_on_pair:
        extras.append(tr("extra draw on a pair"))
    return tr("{rules}, {count} players ({extras})").format(rules=rules_name(rules.name), count=rules.players, extras=", ".join(extras))


def seat_chart(result: SimulationResult, dealer: int = 0) -> list[str]:
    """One line per seat: its chance of being the Old Maid, as a percentage and a bar."""
    largest = max(result.loser_share)
    lines = []
    for seat, share in enumerate(result.loser_share):
        label = (tr("Seat {number} (dealer)") if seat == dealer else tr("Seat {number}")).format(number=seat + 1)
        lines.append(f"{label:<17}{share:>7.1%}  {bar(share, largest)}")
    return lines


def report(result: SimulationResult, dealer: int = 0) -> str:
    lines = [
        ntr("{count} game, {rules}", "{count} games, {rules}", result.games).format(count=f"{result.games:,}", rules=rules_title(result.rules)),
        "",
        tr("Chance of being the Old Maid, by seat (seats go clockwise from the dealer):"),
        *seat_chart(result, dealer),
        "",
        tr("Game length: {mean} draws on average (spread {spread}; shortest {shortest}, longest {longest}).").format(
            mean=f"{result.mean_draws:.1f}", spread=f"{result.stdev_draws:.1f}", shortest=result.min_draws, longest=result.max_draws
        ),
    ]
    return "\n".join(lines)


def run_simulation(rules: Rules, games: int, seed: int | str) -> SimulationResult:
    """Simulate with a progress bar on the terminal, then print the report."""
    from rich.progress import Progress

    with Progress(transient=True) as progress:
        task = progress.add_task(tr("Playing games"), total=games)
        result = simulate(rules, games, seed, progress=lambda done: progress.update(task, completed=done))
    print(report(result))
    return result
