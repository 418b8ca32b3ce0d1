"""Profile files: export then import gives the same progress; bad files are refused clearly."""

from __future__ import annotations

import json
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from tutor.settings import Settings
from tutor.store import Profile, Store, open_store

START = datetime(2026, 3, 2, 9, 30, tzinfo=UTC)


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    with open_store(tmp_path / "home") as opened:
        yield opened


@pytest.fixture
def other_machine(tmp_path: Path) -> Iterator[Store]:
    with open_store(tmp_path / "other machine") as opened:
        yield opened


def learn_a_lot(store: Store, name: str) -> Profile:
    profile = store.get_or_create_profile(name)
    store.save_settings(profile, Settings(ruleset="table", players=6, speed="slow",
                                          learner_name="Олег", theme="high-contrast"))
    store.record_finished_game(profile, {"variant": "table", "players": 6}, "lost", 40, 3,
                               when=START)
    store.save_game(profile, {"format": "old-maid-game", "hands": [["Q♠", "7♥"]], "draws": 4})
    for day in range(3):
        when = START + timedelta(days=day)
        store.record_answer(profile, f"q{day}", "pairs", True, when=when)
        store.record_answer(profile, "generated:odd-card", "odd card", day % 2 == 0, when=when)
        store.record_mistake(profile, "not-a-pair", ["Q♠", "K♠"], f"lesson pairs step {day}",
                             when=when)
    store.save_lesson_progress(profile, "pairs", 4, 2, True, when=START)
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
        "mastery": store.mastery(profile),
        "common mistakes": store.common_mistakes(profile),
    }


@pytest.mark.parametrize("name", ["Ana", "Anne Marie O'Neil", 'Bob "Jr"', "Łukasz", "小明"])
def test_export_then_import_gives_the_same_progress(store: Store, other_machine: Store,
                                                    tmp_path: Path, name: str) -> None:
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
    assert sorted(document) == ["answers", "finished_games", "format", "game_in_progress",
                                "lessons", "mistakes", "profile", "settings", "version"]


def test_a_profile_with_nothing_yet_round_trips(store: Store, other_machine: Store,
                                                tmp_path: Path) -> None:
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
    (tmp_path / "ana.json").write_text("an older export")
    with pytest.raises(OSError):
        store.export_profile("Ana", tmp_path / "no such folder" / "ana.json")
    store.export_profile("Ana", tmp_path / "ana.json")
    assert json.loads((tmp_path / "ana.json").read_text("utf-8"))["profile"]["name"] == "Ana"
    assert sorted(path.name for path in tmp_path.iterdir()) == ["ana.json", "home"]


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
        (lambda doc: doc["mistakes"][2].update(cards="Q♠"), r"mistakes\[2\].cards should be a"),
        (lambda doc: doc["finished_games"][0].update(rules=None),
         r"finished_games\[0\].rules should be a JSON object"),
    ],
)
def test_a_bad_file_is_refused_saying_what_is_wrong(store: Store, other_machine: Store,
                                                    tmp_path: Path, damage: Any,
                                                    message: str) -> None:
    document = good_document(store, tmp_path)
    damage(document)
    file = tmp_path / "bad.json"
    file.write_text(json.dumps(document), "utf-8")
    with pytest.raises(ValueError, match=message) as refused:
        other_machine.import_profile(file)
    assert str(refused.value).startswith(f"{file} cannot be imported: ")
    assert other_machine.profiles() == []


@pytest.mark.parametrize("content", [b"", b"{not json", b"\xff\xfe\x00garbage", b"[1, 2]"])
def test_a_file_that_is_not_a_profile_at_all_is_refused(other_machine: Store, tmp_path: Path,
                                                        content: bytes) -> None:
    file = tmp_path / "bad.json"
    file.write_bytes(content)
    with pytest.raises(ValueError, match="cannot be imported"):
        other_machine.import_profile(file)


def test_unknown_settings_in_a_file_fall_back_to_defaults(store: Store, other_machine: Store,
                                                          tmp_path: Path) -> None:
    document = good_document(store, tmp_path)
    document["settings"].update(speed="warp", sparkles=True)
    (tmp_path / "ana.json").write_text(json.dumps(document), "utf-8")
    imported = other_machine.import_profile(tmp_path / "ana.json")
    assert other_machine.load_settings(imported).speed == "normal"
    assert other_machine.load_settings(imported).players == 6
