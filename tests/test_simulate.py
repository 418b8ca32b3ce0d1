import pytest

from tutor.cli import main
from tutor.engine import Rules, simulate
from tutor.wording import bar
from tutor.wording.simulation import report


def test_simulate_shares_add_up_and_are_repeatable() -> None:
    result = simulate(Rules.bicycle(players=4), games=300, seed=1)
    assert len(result.loser_share) == 4 and sum(result.loser_share) == pytest.approx(1.0)
    assert result.min_draws <= result.mean_draws <= result.max_draws and result.stdev_draws > 0
    assert simulate(Rules.bicycle(players=4), games=300, seed=1) == result
    assert simulate(Rules.bicycle(players=4), games=300, seed=2) != result


def test_simulate_reports_progress_and_checks_games() -> None:
    seen: list[int] = []
    simulate(Rules.table(players=3), games=2500, seed=0, progress=seen.append)
    assert seen == [1000, 2000, 2500]
    with pytest.raises(ValueError, match="games"):
        simulate(Rules.table(), games=0, seed=0)


def test_the_dealer_seat_is_honoured() -> None:
    with_dealer = simulate(Rules.bicycle(players=3), games=200, seed=4, dealer=2)
    assert with_dealer.games == 200


def test_bar_and_report() -> None:
    assert bar(1.0, 1.0, width=4) == "████"
    assert bar(0.5, 1.0, width=4) == "██"
    assert bar(0.0, 0.0) == ""
    text = report(simulate(Rules.bicycle(players=2), games=50, seed=0))
    assert "Seat 1 (dealer)" in text and "draws on average" in text


def test_simulate_command_prints_a_table(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--rules", "table", "--players", "3", "--games", "200", "--seed", "7", "--extra-draw", "--odd-rank", "k"]) == 0
    out = capsys.readouterr().out
    assert "Table rules, 3 players (odd rank K, extra draw on a pair)" in out
    assert out.count("%") == 3


@pytest.mark.parametrize(
    "argv",
    [
        ["simulate", "--players", "9"],
        ["simulate", "--rules", "bicycle", "--extra-draw"],
        ["simulate", "--rules", "bicycle", "--odd-rank", "K"],
        ["simulate", "--rules", "table", "--odd-rank", "J"],
        ["simulate", "--games", "0"],
        ["simulate", "--players", "x"],
        ["simulate", "--rules", "poker"],
        ["frobnicate"],
    ],
)
def test_bad_arguments_one_line_and_exit_2(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    try:
        code = main(argv)
    except SystemExit as stop:
        code = stop.code
    assert code == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and "error" in err


def test_the_simulate_choices_are_the_engines() -> None:
    import argparse

    from tutor.cli.command import build_parser
    from tutor.engine.rules import ODD_RANKS, RULEBOOKS, VARIANTS

    commands = next(action for action in build_parser()._actions if isinstance(action, argparse._SubParsersAction))
    options = {option: action for action in commands.choices["simulate"]._actions for option in action.option_strings}
    assert tuple(options["--rules"].choices) == VARIANTS and tuple(options["--odd-rank"].choices) == ODD_RANKS
    assert options["--rules"].default in VARIANTS and options["--odd-rank"].default in ODD_RANKS
    for book in RULEBOOKS.values():
        assert f"{book.name} {book.players[0]}-{book.players[1]}" in options["--players"].help


def test_version_and_help(capsys: pytest.CaptureFixture[str]) -> None:
    for flag in ("--version", "--help"):
        with pytest.raises(SystemExit) as stop:
            main([flag])
        assert stop.value.code == 0
    out = capsys.readouterr().out
    assert "old-maid-tutor 0.1.0" in out and "simulate" in out
