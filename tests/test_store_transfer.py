"""Profile files: export then import gives the same progress; bad files are refused clearly."""

from __future__ import annotations

import errno
import json
import os
import stat
from collections.abc import Callable, Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from tutor.errors import UnsafeTarget
from tutor.settings import Settings
from tutor.store import GameResult, Profile, Store, transfer

START = datetime(2026, 3, 2, 9, 30, tzinfo=UTC)


@pytest.fixture
def store(new_place: Callable[[str], Callable[[], Store]]) -> Iterator[Store]:
    with new_place("home")() as opened:
        yield opened


@pytest.fixture
def other_machine(new_place: Callable[[str], Callable[[], Store]]) -> Iterator[Store]:
    with new_place("other machine")() as opened:
        yield opened


def learn_a_lot(store: Store, name: str) -> Profile:
    profile = store.get_or_create_profile(name)
    store.save_settings(profile, Settings(ruleset="table", players=6, speed="slow", learner_name="Олег", theme="high-contrast"))
    store.record_finished_game(profile, {"variant": "table", "players": 6}, "lost", 40, 3, when=START)
    store.save_game(profile, {"format": "old-maid-game", "hands": [["Q♠", "7♥"]], "draws": 4})
    for day in range(3):
        when = START + timedelta(days=day)
        store.record_answer(profile, f"q{day}", "pairs", True, when=when)
        store.record_answer(profile, "generated:odd-card", "odd card", day % 2 == 0, when=when)
        store.record_mistake(profile, "not-a-pair", ["Q♠", "K♠"], f"lesson pairs step {day}", when=when)
    store.save_lesson_progress(profile, "pairs", 4, 2, True, when=START, stars=3, mistakes=1)
    store.save_lesson_progress(profile, "dealing", 1, 0, False, when=START)
    return profile


def progress(store: Store, profile: Profile) -> dict[str, Any]:
    """Everything a learner would notice, without the database's own ids."""
    data = store.profile_data(profile)
    return {
        "profile": (data.name, data.created),
        "settings": data.settings,
        "game": data.game,
        "records": (data.finished_games, data.lessons, data.answers, data.mistakes),
    }


@pytest.mark.parametrize("name", ["Ana", "Anne Marie O'Neil", 'Bob "Jr"', "Łukasz", "小明"])
def test_export_then_import_gives_the_same_progress(store: Store, other_machine: Store, tmp_path: Path, name: str) -> None:
    profile = learn_a_lot(store, name)
    file = tmp_path / "profile.json"
    store.export_profile(name, file)
    imported = other_machine.import_profile(file)
    assert imported.name == name
    assert progress(other_machine, imported) == progress(store, profile)


def test_the_file_is_versioned_readable_json(store: Store, tmp_path: Path) -> None:
    learn_a_lot(store, "Zoë")
    store.export_profile("Zoë", tmp_path / "zoe.json")
    text = (tmp_path / "zoe.json").read_text("utf-8")
    document = json.loads(text)
    assert (document["format"], document["version"]) == ("old-maid-tutor-profile", 1)
    assert document["profile"]["name"] == "Zoë" and "Zoë" in text
    assert sorted(document) == ["answers", "finished_games", "format", "game_in_progress", "lessons", "mistakes", "profile", "settings", "version"]


def test_a_profile_with_nothing_yet_round_trips(store: Store, other_machine: Store, tmp_path: Path) -> None:
    profile = store.get_or_create_profile("New")
    store.export_profile("New", tmp_path / "new.json")
    imported = other_machine.import_profile(tmp_path / "new.json")
    assert progress(other_machine, imported) == progress(store, profile)


def test_importing_a_taken_name_adds_a_numbered_profile(store: Store, tmp_path: Path) -> None:
    original = learn_a_lot(store, "Ana")
    store.export_profile("Ana", tmp_path / "ana.json")
    second = store.import_profile(tmp_path / "ana.json")
    third = store.import_profile(tmp_path / "ana.json")
    assert [second.name, third.name] == ["Ana (2)", "Ana (3)"]
    assert progress(store, second)["records"] == progress(store, original)["records"]
    assert store.load_game(original) is not None  # the first Ana is untouched


def test_a_numbered_name_still_fits(store: Store, tmp_path: Path) -> None:
    long_name = "x" * 40
    store.get_or_create_profile(long_name)
    store.export_profile(long_name, tmp_path / "long.json")
    assert store.import_profile(tmp_path / "long.json").name == "x" * 36 + " (2)"


def test_export_writes_the_whole_file_or_nothing(store: Store, tmp_path: Path) -> None:
    learn_a_lot(store, "Ana")
    with pytest.raises(OSError):
        store.export_profile("Ana", tmp_path / "no such folder" / "ana.json")
    store.export_profile("Ana", tmp_path / "ana.json")
    assert json.loads((tmp_path / "ana.json").read_text("utf-8"))["profile"]["name"] == "Ana"
    assert sorted(path.name for path in tmp_path.iterdir() if path.name != "home") == ["ana.json"]


def test_export_never_replaces_a_file_that_is_there(store: Store, tmp_path: Path) -> None:
    learn_a_lot(store, "Ana")
    mine = tmp_path / ".bashrc"
    mine.write_text("my settings")
    mine.chmod(0o640)
    with pytest.raises(UnsafeTarget) as refused:
        store.export_profile("Ana", mine)
    assert str(refused.value) == (f"There is already a file at {mine}. Choose another name, so nothing of yours is replaced.")
    assert mine.read_text() == "my settings" and stat.S_IMODE(mine.stat().st_mode) == 0o640
    assert sorted(path.name for path in tmp_path.iterdir() if path.name != "home") == [".bashrc"]


@pytest.mark.parametrize(("umask", "mode"), [(0o022, 0o644), (0o077, 0o600), (0o002, 0o644)])
def test_a_new_file_opens_as_any_other(tmp_path: Path, umask: int, mode: int) -> None:
    before = os.umask(umask)
    try:
        transfer.write_text(tmp_path / "class.csv", "Name\n")
    finally:
        os.umask(before)
    assert stat.S_IMODE((tmp_path / "class.csv").stat().st_mode) == mode


def test_a_name_taken_while_the_file_is_written_is_left_alone(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    target = tmp_path / "ana.json"
    making = transfer._new_partial

    def then_another_program_writes(path: Path) -> tuple[int, Path]:
        made = making(path)
        target.write_text("another program's file")
        return made

    monkeypatch.setattr(transfer, "_new_partial", then_another_program_writes)
    with pytest.raises(UnsafeTarget, match="There is already a file at"):
        transfer.write_text(target, "mine")
    assert target.read_text() == "another program's file"
    assert [path.name for path in tmp_path.iterdir()] == ["ana.json"]  # no temporary file left


@pytest.mark.parametrize("taken", [False, True])
def test_without_hard_links_a_file_is_still_only_ever_new(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, taken: bool) -> None:
    target = tmp_path / "ana.json"

    def no_hard_links(source: Path, name: Path) -> None:  # as on a FAT memory stick
        if taken:
            target.write_text("another program's file")
        raise PermissionError(errno.EPERM, "Operation not permitted")

    monkeypatch.setattr(os, "link", no_hard_links)
    if taken:
        with pytest.raises(UnsafeTarget, match="There is already a file at"):
            transfer.write_text(target, "mine")
    else:
        transfer.write_text(target, "mine")
    assert target.read_text() == ("another program's file" if taken else "mine")
    assert [path.name for path in tmp_path.iterdir()] == ["ana.json"]


def test_a_name_with_nul_is_refused_in_one_line(tmp_path: Path) -> None:
    with pytest.raises(UnsafeTarget, match="hidden NUL character") as refused:
        transfer.write_text(tmp_path / "ana\0.json", "mine")
    assert "\n" not in str(refused.value) and list(tmp_path.iterdir()) == []


def good_document(store: Store, tmp_path: Path) -> dict[str, Any]:
    learn_a_lot(store, "Ana")
    store.export_profile("Ana", tmp_path / "ana.json")
    document: dict[str, Any] = json.loads((tmp_path / "ana.json").read_text("utf-8"))
    return document


@pytest.mark.parametrize(
    ("damage", "message"),
    [
        (lambda doc: doc.update(format="something else"), "not an Old Maid Tutor profile file"),
        (lambda doc: doc.update(version=2), "made by a newer Old Maid Tutor"),
        (lambda doc: doc.update(version="1"), "version '1' is not one this app knows"),
        (lambda doc: doc.pop("answers"), "answers should be a list"),
        (lambda doc: doc["profile"].update(name=""), "profile.name is not usable"),
        (lambda doc: doc["profile"].update(created="yesterday"), "profile.created should be"),
        (lambda doc: doc.update(settings=[]), "settings should be a JSON object"),
        (lambda doc: doc.update(game_in_progress="Q♠"), "game_in_progress should be a JSON"),
        (lambda doc: doc["answers"][1].update(right="yes"), r"answers\[1\].right should be true"),
        (lambda doc: doc["answers"][0].pop("concept"), r"answers\[0\].concept is missing"),
        (lambda doc: doc["lessons"][0].update(step=-1), r"lessons\[0\].step should be a whole"),
        (lambda doc: doc["lessons"][0].update(stars=4), r"lessons\[0\].stars should be a whole number from 0 to 3"),
        (lambda doc: doc["mistakes"][2].update(cards="Q♠"), r"mistakes\[2\].cards should be a"),
        (lambda doc: doc["finished_games"][0].update(rules=None), r"finished_games\[0\].rules should be a JSON object"),
        (lambda doc: doc["finished_games"][0].update(result="draw"), r"finished_games\[0\].result is 'draw'; a game's result is one of"),
    ],
)
def test_a_bad_file_is_refused_saying_what_is_wrong(store: Store, other_machine: Store, tmp_path: Path, damage: Any, message: str) -> None:
    document = good_document(store, tmp_path)
    damage(document)
    file = tmp_path / "bad.json"
    file.write_text(json.dumps(document), "utf-8")
    with pytest.raises(ValueError, match=message) as refused:
        other_machine.import_profile(file)
    assert str(refused.value).startswith(f"{file} cannot be imported: ")
    assert other_machine.profiles() == []


def test_a_file_from_before_best_stars_imports_with_none_kept(store: Store, other_machine: Store, tmp_path: Path) -> None:
    document = good_document(store, tmp_path)
    assert next(lesson for lesson in document["lessons"] if lesson["lesson_id"] == "pairs")["stars"] == 3
    for lesson in document["lessons"]:
        del lesson["stars"], lesson["mistakes"]  # as an older tutor wrote it
    for mistake in document["mistakes"]:
        del mistake["real"]
    file = tmp_path / "older.json"
    file.write_text(json.dumps(document), "utf-8")
    imported = other_machine.import_profile(file)
    pairs = other_machine.lesson_progress(imported)["pairs"]
    assert (pairs.hints_used, pairs.finished, pairs.stars, pairs.mistakes) == (2, True, 0, 0)
    assert [mistake.real for mistake in other_machine.mistakes(imported)] == [False] * 3  # may be ones asked for on purpose


@pytest.mark.parametrize("content", [b"", b"{not json", b"\xff\xfe\x00garbage", b"[1, 2]"])
def test_a_file_that_is_not_a_profile_at_all_is_refused(other_machine: Store, tmp_path: Path, content: bytes) -> None:
    file = tmp_path / "bad.json"
    file.write_bytes(content)
    with pytest.raises(ValueError, match="cannot be imported"):
        other_machine.import_profile(file)


def test_unknown_settings_in_a_file_fall_back_to_defaults(store: Store, other_machine: Store, tmp_path: Path) -> None:
    document = good_document(store, tmp_path)
    document["settings"].update(speed="warp", sparkles=True)
    (tmp_path / "ana.json").write_text(json.dumps(document), "utf-8")
    imported = other_machine.import_profile(tmp_path / "ana.json")
    assert other_machine.load_settings(imported).speed == "normal"
    assert other_machine.load_settings(imported).players == 6


def test_a_stored_result_no_tutor_writes_is_left_out_not_a_crash(store: Store) -> None:
    profile = store.get_or_create_profile("Ana")
    store.record_finished_game(profile, {}, GameResult.SAFE, 20, 0, when=START)
    store.record_finished_game(profile, {}, "draw", 20, 0, when=START)  # type: ignore[arg-type]  # as a damaged store might hold
    assert [game.result for game in store.finished_games(profile)] == [GameResult.SAFE]
