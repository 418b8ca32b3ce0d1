"""The teacher's PIN (kept hashed, checked in constant time, wrong tries waiting longer), which actions
need it in a classroom, the class report and `old-maid-tutor profiles report`."""

from __future__ import annotations

import argparse
import csv
import io
import os
import socket
import sqlite3
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from pin_tab import SERVED, served_check, try_in_a_tab
from special_files import device
from table_helpers import reopen

from tutor.classroom import SERVED_VARIABLE
from tutor.cli import profiles as profiles_cli
from tutor.errors import UnsafeTarget
from tutor.learner import teacher
from tutor.learner.class_report import (
    SORTS,
    class_rows,
    csv_text,
    filtered,
    safe_cell,
    sorted_rows,
    write_report,
)
from tutor.learner.lessons import course_for_app
from tutor.learner.policy import Record, growth, lessons_done, mistake_counts, standings
from tutor.learner.teacher import Protected, check_pin, needs_pin, pin_problem, set_pin
from tutor.store import Store, open_store
from tutor.store.records import time_text

CHEAP = teacher.Cost(n=2**4, r=1, p=1)
COURSE = course_for_app(replay=False)
START = datetime(2025, 3, 3, 16, 0, tzinfo=UTC)


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    with open_store(tmp_path / "home") as opened:
        yield opened


@pytest.fixture
def cheap(monkeypatch: pytest.MonkeyPatch) -> None:
    """A quick scrypt cost for tests that are not about the cost."""
    monkeypatch.setattr(teacher, "COST", CHEAP)


# ----- the PIN ------------------------------------------------------------------------------------


@pytest.fixture(autouse=True)
def fresh_tab(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each test is a tab of its own: this process's wrong tries start from none."""
    monkeypatch.setattr(teacher, "THIS_TAB", teacher.TabTries())


@pytest.mark.parametrize(
    ("pin", "words"),
    [
        ("", "type the PIN first"),
        ("123", "3 digits"),
        ("12345", "5 digits"),
        ("1234567890123", "13 digits"),
        ("12a4", "digits only"),
        ("１２３４", "digits only"),
        ("12 34", "digits only"),
        ("²²²²", "digits only"),
    ],
)
def test_a_pin_is_6_to_12_digits(pin: str, words: str) -> None:
    assert words in pin_problem(pin)


@pytest.mark.parametrize("pin", ["000000", "482913", "123456789012"])
def test_good_pins(pin: str) -> None:
    assert pin_problem(pin) == ""


def test_the_pin_is_kept_as_a_slow_salted_hash_never_as_typed(store: Store, tmp_path: Path) -> None:
    assert store.teacher_pin() is None
    assert set_pin(store, "482913", "482913") == ""
    kept = store.teacher_pin()
    assert kept is not None
    assert (kept.cost, kept.block_size, kept.parallel) == (2**14, 8, 1)  # the default cost is the slow one
    assert len(kept.salt) == 16 and len(kept.digest) == 32
    assert b"482913" not in kept.digest
    raw = sqlite3.connect(tmp_path / "home" / "progress.db")
    row = raw.execute("SELECT * FROM teacher_pin").fetchone()
    raw.close()
    assert not any("482913" in str(cell) for cell in row)
    assert teacher.hashed("482913", salt=kept.salt).digest == kept.digest  # scrypt with its salt
    assert teacher.hashed("482913").salt != kept.salt  # a fresh random salt each time


def test_choosing_the_pin_twice_must_match(store: Store, cheap: None) -> None:
    assert "not the same" in set_pin(store, "482913", "482910")
    assert "digits" in set_pin(store, "4829", "4829")
    assert store.teacher_pin() is None
    assert set_pin(store, "482913", "482913") == ""


def test_no_tab_can_set_or_change_the_pin(store: Store, cheap: None) -> None:
    assert "teacher's computer" in set_pin(store, "482913", "482913", environ=SERVED)
    assert store.teacher_pin() is None
    set_pin(store, "482913", "482913")
    assert "old-maid-tutor teacher pin" in set_pin(store, "111111", "111111", environ=SERVED)
    assert served_check(store, "482913", START).right  # still the teacher's


def test_a_pin_kept_before_six_digits_were_needed_still_opens(store: Store, cheap: None) -> None:
    store.set_teacher_pin(teacher.hashed("4829", CHEAP))
    assert served_check(store, "4829", START).right
    assert not served_check(store, "482", START).right


def test_right_and_wrong_pins(store: Store, cheap: None) -> None:
    assert "No teacher's PIN is set yet" in served_check(store, "482913", START).message
    assert "old-maid-tutor teacher pin" in served_check(store, "482913", START).message
    set_pin(store, "482913", "482913")
    assert served_check(store, "482913", START).right
    wrong = served_check(store, "482910", START)
    assert not wrong.right and wrong.message == "That is not the teacher's PIN. Please check it and try again."
    assert not served_check(store, "4829130", START).right  # the PIN with a digit more is not it
    assert not served_check(store, "", START).right
    kept = store.teacher_pin()
    assert kept is not None and kept.wrong_tries == 3
    assert served_check(store, "482913", START + timedelta(seconds=3)).right
    kept = store.teacher_pin()
    assert kept is not None and kept.wrong_tries == 0 and kept.last_wrong is None  # a right one starts again


def test_wrong_tries_in_a_row_wait_a_little_longer_each_time(store: Store, cheap: None) -> None:
    set_pin(store, "482913", "482913")
    when = START
    for _ in range(teacher.FREE_TRIES - 1):
        assert served_check(store, "111111", when).wait == 0
    waits = []
    for _ in range(4):
        result = served_check(store, "111111", when)
        assert "Please wait" in result.message
        waits.append(result.wait)
        # Still waiting: not looked at and not counted, even the right PIN.
        early = served_check(store, "482913", when + timedelta(seconds=result.wait / 2))
        assert not early.right and "Please wait" in early.message
        when += timedelta(seconds=result.wait)
    assert waits == [2.0, 4.0, 8.0, 16.0]
    assert teacher.wait_after(50) == teacher.LONGEST_WAIT
    assert served_check(store, "482913", when).right  # the right PIN works once the wait is over


def test_wrong_tries_are_shared_by_every_tab(address: str, cheap: None) -> None:
    """Tabs on one file, or serving computers on one school's database."""
    with reopen(address) as first, reopen(address) as second:
        set_pin(first, "482913", "482913")
        for _ in range(teacher.FREE_TRIES):
            served_check(first, "000000", START)
        assert "Please wait" in served_check(second, "482913", START).message


def test_one_tab_waits_for_its_own_wrong_tries_too(store: Store, cheap: None) -> None:
    set_pin(store, "482913", "482913")
    tab = teacher.TabTries()
    for _ in range(teacher.FREE_TRIES):
        served_check(store, "000000", START, tab)
    store.forgive_pin_tries()  # as if the class's count had started again
    assert "Please wait" in served_check(store, "482913", START, tab).message
    assert served_check(store, "482913", START).right  # another tab is not held back by this one


def test_the_teachers_terminal_app_waits_only_for_its_own_tries(store: Store, cheap: None) -> None:
    set_pin(store, "482913", "482913")
    for _ in range(teacher.FREE_TRIES + 3):  # pupils guessing in their tabs
        served_check(store, "000000", START)
    assert "Please wait" in served_check(store, "482913", START).message
    assert check_pin(store, "482913", START, teacher.TabTries(), environ={}).right


def test_tries_from_many_tabs_at_once_are_counted_before_they_are_checked(address: str) -> None:
    """Twenty processes trying at the same moment after a wait (tabs on one file, or on several
    serving computers on one school's database): only one is looked at."""
    import multiprocessing

    with reopen(address) as store:
        store.set_teacher_pin(teacher.hashed("482913"))  # the real, slow cost
        for _ in range(teacher.FREE_TRIES):
            served_check(store, "000000", START)
    later = START + timedelta(seconds=teacher.wait_after(teacher.FREE_TRIES) + 1)
    context = multiprocessing.get_context("spawn")
    with context.Pool(4) as pool:
        results = pool.starmap(try_in_a_tab, [(address, f"{number:06d}", later) for number in range(20)])
    looked_at = [message for message in results if message.startswith("That is not the teacher's PIN")]
    assert len(looked_at) == 1, results
    with reopen(address) as store:
        kept = store.teacher_pin()
    assert kept is not None and kept.wrong_tries == teacher.FREE_TRIES + 1


@pytest.mark.parametrize(
    ("column", "value"),
    [
        ("digest", "not hex"),
        ("digest", "abcd"),
        ("salt", "zz"),
        ("cost", 1000),
        ("cost", 2**40),
        ("cost", "lots"),
        ("block_size", 999),
        ("parallel", 99),
        ("wrong_tries", 10**12),
        ("last_wrong", "yesterday"),
    ],
)
def test_a_damaged_pin_row_is_said_and_set_again_never_a_crash(address: str, backend: str, cheap: None, column: str, value: object) -> None:
    store = reopen(address)
    set_pin(store, "482913", "482913")
    if not _damage(address, backend, f"UPDATE teacher_pin SET {column} = %s", value):
        assert backend == "postgres" and teacher.pin_state(store) is teacher.PinState.SET  # refused by its column's type: nothing damaged
        store.close()
        return
    assert teacher.pin_state(store) is teacher.PinState.DAMAGED
    assert "damaged" in served_check(store, "482913", START).message
    assert set_pin(store, "482913", "482913") == ""  # set again at the teacher's computer
    assert served_check(store, "482913", START).right
    store.close()


def _damage(address: str, backend: str, update: str, value: object) -> bool:
    """Write `value` into the PIN's row behind the store's back, as another program might; False
    when the back end refuses it outright (PostgreSQL's column types: "lots" is no integer)."""
    if backend == "sqlite":
        raw = sqlite3.connect(Path(address) / "progress.db")
        with raw:
            raw.execute(update.replace("%s", "?"), (value,))
        raw.close()
        return True
    import psycopg

    with psycopg.connect(address, autocommit=True) as raw:
        try:
            raw.execute(update.encode(), (value,))
        except psycopg.Error:
            return False
    return True


def test_only_a_served_session_needs_the_pin() -> None:
    for action in Protected:
        assert needs_pin(action, {SERVED_VARIABLE: "1"})
        assert not needs_pin(action, {})
        assert not needs_pin(action, {SERVED_VARIABLE: "0"})


def test_a_profile_claimed_by_another_running_tab_is_in_use(store: Store) -> None:
    ana = store.get_or_create_profile("Ana")
    assert not store.claimed_elsewhere(ana)
    store.claim(ana)
    assert not store.claimed_elsewhere(ana)  # this window's own claim
    store.release(ana)
    claim_by_another_tab(store.path, ana.id)
    assert store.claimed_elsewhere(ana)


def claim_by_another_tab(path: Path | None, profile_id: int) -> None:
    """A claim as another running app process on this machine (the test runner's parent) leaves it."""
    assert path is not None
    raw = sqlite3.connect(path)
    raw.execute("INSERT OR REPLACE INTO claim VALUES (?, 'another-tab', ?, ?, ?)", (profile_id, socket.gethostname(), os.getppid(), time_text()))
    raw.commit()
    raw.close()


# ----- the class report ---------------------------------------------------------------------------


def fill_class(store: Store) -> None:
    ana = store.get_or_create_profile("Ana")
    store.save_lesson_progress(ana, "deck-and-deal", 5, 0, True, START)
    store.save_lesson_progress(ana, "pairs", 6, 1, True, START + timedelta(hours=1))
    for day in (0, 1):
        for _ in range(2):
            store.record_answer(ana, "q", "pairs", True, START + timedelta(days=day))
    store.record_mistake(ana, "not-a-pair", ["5♣", "6♥"], "game", START + timedelta(days=1))
    store.record_mistake(ana, "not-a-pair", ["5♣", "7♥"], "game", START + timedelta(days=1))
    store.record_mistake(ana, "kept-pair", ["5♣", "5♥"], "game", START + timedelta(days=1))
    store.record_finished_game(ana, {"name": "bicycle"}, "safe", 12, 3, START + timedelta(days=2))
    ben = store.get_or_create_profile("=Ben+1")
    store.save_lesson_progress(ben, "deck-and-deal", 2, 0, False, START + timedelta(days=3))
    store.get_or_create_profile("cleo")


def test_every_figure_comes_from_the_learner_policy(store: Store) -> None:
    fill_class(store)
    rows = class_rows(store, COURSE)
    assert [row.name for row in rows] == ["=Ben+1", "Ana", "cleo"]
    ana = rows[1]
    record = Record.read(store, store.get_or_create_profile("Ana"))
    assert ana.lessons_done == lessons_done(record, COURSE) == 2
    assert ana.stars == sum(standing.stars for standing in standings(record, COURSE).values())
    assert ana.levels == tuple((grown.concept, grown.level) for grown in growth(record, COURSE))
    assert ana.mistakes == tuple(mistake_counts(record, COURSE)[:3])
    assert [(mistake.code, mistake.times) for mistake in ana.mistakes] == [("not-a-pair", 2), ("kept-pair", 1)]
    assert ana.games == 1 and ana.last_active == START + timedelta(days=2)
    assert ana.mastered == 1  # "pairs": right 4 times on 2 days
    assert rows[2].last_active is None and rows[2].lessons_done == 0


def test_sort_and_filter(store: Store) -> None:
    fill_class(store)
    rows = class_rows(store, COURSE)
    assert list(SORTS) == ["name", "last active", "lessons done"]
    assert [row.name for row in sorted_rows(list(reversed(rows)), "name")] == ["=Ben+1", "Ana", "cleo"]  # any case
    assert [row.name for row in sorted_rows(rows, "last active")] == ["=Ben+1", "Ana", "cleo"]
    assert [row.name for row in sorted_rows(rows, "lessons done")] == ["Ana", "=Ben+1", "cleo"]
    assert [row.name for row in filtered(rows, " AN ")] == ["Ana"]
    assert [row.name for row in filtered(rows, "")] == [row.name for row in rows]
    assert filtered(rows, "zz") == []


@pytest.mark.parametrize(
    ("cell", "shown"),
    [
        ("=HYPERLINK(1)", "'=HYPERLINK(1)"),
        ("+1", "'+1"),
        ("-1", "'-1"),
        ("@SUM(A1)", "'@SUM(A1)"),
        ("\tx", " x"),
        ("Ana", "Ana"),
        ("a=b", "a=b"),
        (3, "3"),
    ],
)
def test_cells_that_would_start_a_formula_are_made_safe(cell: object, shown: str) -> None:
    assert safe_cell(cell) == shown


def test_the_csv(store: Store) -> None:
    fill_class(store)
    table = list(csv.reader(io.StringIO(csv_text(sorted_rows(class_rows(store, COURSE), "name")))))
    assert table[0][:7] == ["Name", "Lessons done", "Lessons in the course", "Stars", "Rules mastered", "Games played", "Last active"]
    assert "Quiz: What makes a pair" in table[0] and table[0][-1] == "Most common mistakes"
    assert [line[0] for line in table[1:]] == ["'=Ben+1", "Ana", "cleo"]
    ana = dict(zip(table[0], table[2], strict=True))
    assert ana["Lessons done"] == "2" and ana["Lessons in the course"] == str(len(COURSE.lessons))
    assert ana["Quiz: What makes a pair"] == "mastered" and ana["Quiz: Drawing blind"] == "learning"
    assert ana["Games played"] == "1"
    assert ana["Most common mistakes"].startswith(f"{mistake_counts(Record.read(store, store.get_or_create_profile('Ana')), COURSE)[0].rule} (2×); ")


def test_the_report_is_written_only_as_a_regular_file(store: Store, tmp_path: Path) -> None:
    rows = class_rows(store, COURSE)
    (tmp_path / "folder").mkdir()
    (tmp_path / "link.csv").symlink_to(tmp_path / "target.csv")
    for target in (tmp_path / "folder", tmp_path / "link.csv", device(tmp_path)):
        with pytest.raises(UnsafeTarget):
            write_report(target, rows)
    assert not (tmp_path / "target.csv").exists()
    write_report(tmp_path / "class.csv", rows)
    assert (tmp_path / "class.csv").read_text(encoding="utf-8").startswith("Name,")


# ----- `old-maid-tutor profiles report` ---------------------------------------------------------


def test_the_command_line_writes_the_same_csv(store: Store, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    fill_class(store)
    args = profiles_cli_args("profiles", "report", str(tmp_path / "class.csv"))
    assert args.func(args, store) == 0
    with open(tmp_path / "class.csv", encoding="utf-8", newline="") as written:
        assert written.read() == csv_text(class_rows(store, COURSE))
    assert "Saved the class table (3 learners)" in capsys.readouterr().out


def test_the_command_line_refuses_a_folder_and_reports_an_unwritable_place(store: Store, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    args = profiles_cli_args("profiles", "report", str(tmp_path))
    assert args.func(args, store) == 2
    assert "is a folder, not a file" in capsys.readouterr().err
    args = profiles_cli_args("profiles", "report", str(tmp_path / "missing" / "class.csv"))
    assert args.func(args, store) == 1
    assert "Could not write" in capsys.readouterr().err


def profiles_cli_args(*words: str) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="old-maid-tutor")
    profiles_cli.register(parser.add_subparsers(dest="command"))
    return parser.parse_args(list(words))
