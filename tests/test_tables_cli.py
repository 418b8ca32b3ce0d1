"""`old-maid-tutor tables`: the tables open for playing together, one line each."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from tutor.cli import main
from tutor.settings import Settings
from tutor.store import open_store
from tutor.store.tables import Tables


def test_no_tables_yet(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--data-dir", str(tmp_path), "tables"]) == 0
    assert capsys.readouterr().out == "No tables are open.\n"


def test_each_open_table_on_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with open_store(tmp_path) as store:
        tables = Tables(store)
        ana, bo, cleo = (store.get_or_create_profile(name) for name in ("Ana", "Bo", "Cleo"))
        red, _ = tables.open_or_join("Red", ana, Settings(players=4))
        tables.open_or_join("red", bo, Settings())
        blue, _ = tables.open_or_join("Blue table", cleo, Settings(players=3, ruleset="table"))
        tables.start(blue.id, cleo, seed=1)
        closed, _ = tables.open_or_join("Green", bo, Settings())
        tables.leave(closed.id, bo)
        damaged, _ = tables.open_or_join("Grey", bo, Settings())
    db = sqlite3.connect(tmp_path / "progress.db", isolation_level=None)
    db.execute("UPDATE card_table SET rules = 'not json' WHERE id = ?", (damaged.id,))
    db.close()

    assert main(["--data-dir", str(tmp_path), "tables"]) == 0
    out, err = capsys.readouterr()
    assert out.splitlines() == [
        "Blue table  playing  3 seats             Cleo (host), Bea (computer), Sam (computer)",
        "Red         waiting  2 of 4 seats taken  Ana (host), Bo",
    ]
    assert err.startswith("Table Grey in the progress file is damaged (") and err.endswith("it was set aside.\n")


def test_the_command_is_listed_in_the_help(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["--help"])
    assert "list the tables open for playing together" in capsys.readouterr().out
