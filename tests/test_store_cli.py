"""`old-maid-tutor profiles ...`: the handlers, called as the command line would call them."""

from __future__ import annotations

import argparse
import io
import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from tutor.cli import profiles as profiles_cli
from tutor.store import Store, open_store


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    with open_store(tmp_path / "home") as opened:
        yield opened


def parse(*words: str) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="old-maid-tutor")
    profiles_cli.register(parser.add_subparsers(dest="command"))
    return parser.parse_args(list(words))


def run(store: Store, *words: str) -> int:
    args = parse(*words)
    return int(args.func(args, store))


def test_the_subcommands_parse() -> None:
    assert parse("profiles", "list").func is profiles_cli.list_profiles
    exported = parse("profiles", "export", "Anne Marie", "out.json")
    assert (exported.name, exported.file) == ("Anne Marie", "out.json")
    assert parse("profiles", "import", "in.json").func is profiles_cli.import_profile
    assert parse("profiles", "reset", "Ana").yes is False
    assert parse("profiles", "reset", "Ana", "--yes").yes is True


def test_profiles_need_an_action() -> None:
    with pytest.raises(SystemExit) as stopped:
        parse("profiles")
    assert stopped.value.code == 2


def test_list(store: Store, capsys: pytest.CaptureFixture[str]) -> None:
    assert run(store, "profiles", "list") == 0
    assert "No profiles yet" in capsys.readouterr().out
    for name in ("Zoë", "Ана"):
        store.get_or_create_profile(name)
    assert run(store, "profiles", "list") == 0
    lines = capsys.readouterr().out.splitlines()
    assert [line.split("\t")[0] for line in lines] == ["Zoë", "Ана"]


def test_export_and_import(store: Store, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    ana = store.get_or_create_profile("Anne 'Ana' Marie")
    store.record_answer(ana, "q1", "pairs", True)
    file = tmp_path / "ana.json"
    assert run(store, "profiles", "export", "anne 'ana' marie", str(file)) == 0
    assert json.loads(file.read_text("utf-8"))["profile"]["name"] == "Anne 'Ana' Marie"
    with open_store(tmp_path / "school") as school:
        assert run(school, "profiles", "import", str(file)) == 0
        [imported] = school.profiles()
        assert len(school.answers(imported)) == 1
    assert "as profile Anne 'Ana' Marie" in capsys.readouterr().out


def test_export_of_an_unknown_profile_is_bad_input(store: Store, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert run(store, "profiles", "export", "Nobody", str(tmp_path / "x.json")) == 2
    assert capsys.readouterr().err == "old-maid-tutor: There is no profile called 'Nobody'.\n"
    assert not (tmp_path / "x.json").exists()


def test_export_to_a_folder_that_is_not_there(store: Store, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    store.get_or_create_profile("Ana")
    assert run(store, "profiles", "export", "Ana", str(tmp_path / "nowhere" / "a.json")) == 1
    err = capsys.readouterr().err
    assert err.startswith("old-maid-tutor: Could not write ") and err.count("\n") == 1


@pytest.mark.parametrize("command", [("export", "Ana"), ("report",)])
def test_export_and_report_never_replace_a_file(store: Store, tmp_path: Path, capsys: pytest.CaptureFixture[str], command: tuple[str, ...]) -> None:
    store.get_or_create_profile("Ana")
    mine = tmp_path / "notes.txt"
    mine.write_text("my notes")
    assert run(store, "profiles", *command, str(mine)) != 0
    assert capsys.readouterr().err == (f"old-maid-tutor: There is already a file at {mine}. Choose another name, so nothing of yours is replaced.\n")
    assert mine.read_text() == "my notes"
    assert sorted(path.name for path in tmp_path.iterdir()) == ["home", "notes.txt"]


@pytest.mark.parametrize("content", [None, "{}", "not json"])
def test_import_of_a_bad_or_missing_file_is_bad_input(store: Store, tmp_path: Path, capsys: pytest.CaptureFixture[str], content: str | None) -> None:
    file = tmp_path / "in.json"
    if content is not None:
        file.write_text(content)
    assert run(store, "profiles", "import", str(file)) == 2
    err = capsys.readouterr().err
    assert err.startswith("old-maid-tutor: ") and err.count("\n") == 1
    assert store.profiles() == []


def with_progress(store: Store, name: str = "Ana") -> None:
    profile = store.get_or_create_profile(name)
    store.record_answer(profile, "q1", "pairs", True)


def answers_of(store: Store, name: str) -> int:
    profile = store.find_profile(name)
    assert profile is not None
    return len(store.answers(profile))


@pytest.mark.parametrize("reply", ["y\n", "yes\n", " Y \n"])
def test_reset_asks_first_and_resets_on_yes(store: Store, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], reply: str) -> None:
    with_progress(store)
    monkeypatch.setattr("sys.stdin", io.StringIO(reply))
    assert run(store, "profiles", "reset", "ana") == 0
    assert capsys.readouterr().out.startswith("Reset all progress for Ana? [y/N] ")
    assert answers_of(store, "Ana") == 0


@pytest.mark.parametrize("reply", ["\n", "n\n", "maybe\n", ""])
def test_reset_does_nothing_unless_told_yes(store: Store, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], reply: str) -> None:
    with_progress(store)
    monkeypatch.setattr("sys.stdin", io.StringIO(reply))  # "" is a closed stdin
    assert run(store, "profiles", "reset", "Ana") == 1
    assert "Nothing was reset." in capsys.readouterr().out
    assert answers_of(store, "Ana") == 1


def test_reset_with_yes_does_not_ask(store: Store, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    with_progress(store)
    with_progress(store, "Bea")
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    assert run(store, "profiles", "reset", "Ana", "--yes") == 0
    assert "?" not in capsys.readouterr().out
    assert (answers_of(store, "Ana"), answers_of(store, "Bea")) == (0, 1)


@pytest.mark.parametrize("name", ["Nobody", "  ", "x" * 41])
def test_reset_of_an_unknown_or_impossible_name_is_bad_input(store: Store, capsys: pytest.CaptureFixture[str], name: str) -> None:
    assert run(store, "profiles", "reset", name, "--yes") == 2
    err = capsys.readouterr().err
    assert err.startswith("old-maid-tutor: ") and err.count("\n") == 1
