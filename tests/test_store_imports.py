"""Every file read from outside is checked before use; every export writes only a regular file (issue 12)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from special_files import ZERO, device

from tutor.errors import ProfileFileError, UnsafeTarget
from tutor.learner.policy import level_of
from tutor.store import Store


@pytest.fixture
def store(store_place: Callable[[], Store]) -> Iterator[Store]:
    """A store on each back end in turn: a profile file reads the same into either."""
    with store_place() as opened:
        yield opened


def exported(store: Store, tmp_path: Path) -> dict[str, Any]:
    ana = store.get_or_create_profile("Ana")
    store.record_finished_game(ana, {"variant": "bicycle"}, "won", 10, 0)
    store.save_game(ana, {"format": "x", "draws": 3, "names": ["Ana", "Bo"]})
    store.record_answer(ana, "q1", "pairs", True)
    store.export_profile("Ana", tmp_path / "ana.json")
    document: dict[str, Any] = json.loads((tmp_path / "ana.json").read_text())
    document["profile"]["name"] = "Imported"
    return document


def import_text(store: Store, tmp_path: Path, text: str) -> None:
    path = tmp_path / "changed.json"
    path.write_text(text)
    store.import_profile(path)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda doc: doc["finished_games"][0].update(draws="@1e400"), "the number '1e400' is too big"),
        (lambda doc: doc["game_in_progress"].update(draws="@1e400"), "the number '1e400' is too big"),
        (lambda doc: doc["finished_games"][0].update(draws=2**63), "is too big"),
        (lambda doc: doc["finished_games"][0].update(mistakes=10**7), "should be a whole number from 0 to 1,000,000"),
        (lambda doc: doc["answers"][0].update(when="0001-01-01T00:00:00+00:00"), "not a date between 2000 and 9000"),
        (lambda doc: doc["answers"][0].update(when="9999-12-31T23:59:59+00:00"), "not a date between 2000 and 9000"),
        (lambda doc: doc["profile"].update(name="N" * 1_000_000), "a text of 1,000,000 characters is longer than"),
        (lambda doc: doc["game_in_progress"].update(names=["N" * 1_000_000, "Bo"]), "longer than the"),
        (lambda doc: doc["answers"][0].update(concept="c" * 5000), "longer than the"),
        (lambda doc: doc["answers"][0].update(concept="pa\x00irs"), "answers[0].concept holds a hidden NUL character"),
        (lambda doc: doc["finished_games"][0].update(when="2025-03-01T17:30:00\x00"), "finished_games[0].when holds a hidden NUL character"),
    ],
)
def test_values_out_of_range_are_refused_with_one_clear_message(store: Store, tmp_path: Path, change: Any, message: str) -> None:
    document = exported(store, tmp_path)
    change(document)
    text = json.dumps(document).replace('"@1e400"', "1e400")
    with pytest.raises(ProfileFileError, match="cannot be imported: ") as refused:
        import_text(store, tmp_path, text)
    assert message in str(refused.value) and "\n" not in str(refused.value)
    assert [profile.name for profile in store.profiles()] == ["Ana"]


def test_deep_json_is_refused_without_a_recursion_error(store: Store, tmp_path: Path) -> None:
    with pytest.raises(ProfileFileError, match="nested more than"):
        import_text(store, tmp_path, "[" * 10_000 + "]" * 10_000)


def test_a_file_too_big_is_refused_before_it_is_parsed(store: Store, tmp_path: Path) -> None:
    path = tmp_path / "huge.json"
    with path.open("wb") as file:
        file.truncate(21 * 1024 * 1024)
    with pytest.raises(ProfileFileError, match="far too big"):
        store.import_profile(path)


def test_a_device_is_refused_not_read(tmp_path: Path) -> None:
    # In a child with a memory limit: reading an endless device must not eat the machine if this breaks.
    code = (
        "import resource, sys; resource.setrlimit(resource.RLIMIT_AS, (2 << 30, 2 << 30));"
        "from tutor.store import open_store;"
        "store = open_store(sys.argv[1])\n"
        "try: store.import_profile(sys.argv[2])\n"
        "except Exception as error: print(type(error).__name__, error)"
    )
    shown = subprocess.run([sys.executable, "-c", code, str(tmp_path / "data"), str(device(tmp_path, ZERO))], capture_output=True, text=True, timeout=60)
    assert shown.stdout.startswith("UnsafeTarget") and "is a device, not a file" in shown.stdout


def test_a_pipe_is_refused_not_opened(store: Store, tmp_path: Path) -> None:
    pipe = tmp_path / "pipe.json"
    os.mkfifo(pipe)
    outcome: list[BaseException] = []
    worker = threading.Thread(target=lambda: _catch(outcome, store.import_profile, pipe), daemon=True)
    worker.start()
    worker.join(timeout=5)
    assert not worker.is_alive(), "importing a pipe hung"
    assert isinstance(outcome[0], UnsafeTarget) and "is a pipe" in str(outcome[0])


def _catch(outcome: list[BaseException], call: Any, *args: Any) -> None:
    try:
        call(*args)
    except BaseException as error:  # noqa: BLE001 - the test inspects whatever happened
        outcome.append(error)


def test_a_stored_year_one_date_reads_safely_in_any_time_zone(store: Store, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    ana = store.get_or_create_profile("Ana")
    store.record_answer(ana, "q1", "pairs", True)
    store._db.execute("UPDATE quiz_answer SET answered = '0001-01-01T00:00:00+00:00'")
    monkeypatch.setenv("TZ", "America/New_York")
    time.tzset()
    try:
        [answer] = store.answers(ana)
        assert answer.when.astimezone().year >= 1970
        level_of([answer])
    finally:
        monkeypatch.undo()
        time.tzset()


# Export writes only regular files


def test_export_refuses_an_empty_name(store: Store) -> None:
    store.get_or_create_profile("Ana")
    with pytest.raises(UnsafeTarget, match="has no file name"):
        store.export_profile("Ana", "")


def test_export_never_replaces_a_device(store: Store, tmp_path: Path) -> None:
    store.get_or_create_profile("Ana")
    null = device(tmp_path)
    with pytest.raises(UnsafeTarget, match="is a device"):
        store.export_profile("Ana", null)
    assert null.is_char_device()


def test_export_never_replaces_a_link_or_a_folder(store: Store, tmp_path: Path) -> None:
    store.get_or_create_profile("Ana")
    target = tmp_path / "real.json"
    target.write_text("keep me")
    link = tmp_path / "link.json"
    link.symlink_to(target)
    with pytest.raises(UnsafeTarget, match="is a link"):
        store.export_profile("Ana", link)
    assert link.is_symlink() and target.read_text() == "keep me"
    (tmp_path / "folder").mkdir()
    with pytest.raises(UnsafeTarget, match="is a folder"):
        store.export_profile("Ana", tmp_path / "folder")
    assert (tmp_path / "folder").is_dir()
    pipe = tmp_path / "pipe.json"
    os.mkfifo(pipe)
    with pytest.raises(UnsafeTarget, match="is a pipe"):
        store.export_profile("Ana", pipe)


def test_export_over_a_regular_file_is_refused_and_leaves_it_whole(store: Store, tmp_path: Path) -> None:
    store.get_or_create_profile("Ana")
    target = tmp_path / "ana.json"
    target.write_text("old")
    with pytest.raises(UnsafeTarget, match="There is already a file at"):
        store.export_profile("Ana", target)
    assert target.read_text() == "old"
    assert [path.name for path in tmp_path.iterdir() if path.name.endswith(".partial")] == []


@pytest.mark.parametrize("state", ['{"draws": 1e400}', '{"draws": 99999999999999999999}', "[" * 10_000, '{"names": ["' + "N" * 1_000_000 + '"]}'])
def test_a_saved_game_out_of_bounds_reads_as_none_instead_of_crashing_on_resume(store: Store, state: str) -> None:
    ana = store.get_or_create_profile("Ana")
    store.save_game(ana, {"turn": 1})
    store._db.execute("UPDATE game_in_progress SET state = ?", (state,))
    assert store.load_game(ana) is None
