"""The teacher's view (from the picker, behind the PIN: sort, filter, CSV) and, in a served session,
the actions only the teacher may do; outside one, nothing asks for the PIN. A snapshot at 80x24."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from test_progress_ui import deliveries, files_outside
from test_teacher import CHEAP, claim_by_another_tab, fill_class
from textual.pilot import Pilot
from textual.widgets import Button, DataTable, Input, OptionList, Static

from tutor.classroom import SERVED_VARIABLE
from tutor.learner import teacher
from tutor.learner.class_report import class_rows, csv_text, filtered, sorted_rows
from tutor.learner.lessons import course_for_app
from tutor.store import Store
from tutor.ui.app import TutorApp
from tutor.ui.dialogs import ConfirmScreen, HelpScreen
from tutor.ui.home import HomeScreen
from tutor.ui.profiles_screen import ProfilePickerScreen
from tutor.ui.progress_screen import ChooseLessonScreen, PathScreen, ProgressScreen
from tutor.ui.store_faults import ChoiceScreen
from tutor.ui.teacher_screen import PinScreen, TeacherScreen

SIZE = (80, 24)
PIN = "482913"


@pytest.fixture(autouse=True)
def cheap(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(teacher, "COST", CHEAP)
    monkeypatch.setattr(teacher, "THIS_TAB", teacher.TabTries())  # each test is a tab of its own


@pytest.fixture
def served(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(SERVED_VARIABLE, "1")


@pytest.fixture
def utc(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Times shown in the local zone: UTC here, so the snapshot is the same everywhere."""
    monkeypatch.setenv("TZ", "UTC")
    time.tzset()
    yield
    monkeypatch.undo()
    time.tzset()


def shown_names(app: TutorApp) -> list[str]:
    table = app.screen.query_one(DataTable)
    return [str(table.get_row_at(index)[0]) for index in range(table.row_count)]


async def type_pin(pilot: Pilot, pin: str) -> None:
    await pilot.pause()
    assert isinstance(pilot.app.screen, PinScreen)
    await pilot.press(*pin, "enter")
    await pilot.pause()


async def open_teacher_view(pilot: Pilot, store: Store) -> None:
    """From the picker: T, then the PIN (chosen, typed twice, the first time)."""
    first = store.teacher_pin() is None
    await pilot.pause()
    await pilot.press("f2")
    await type_pin(pilot, PIN)
    if first:
        await type_pin(pilot, PIN)
    await pilot.pause()
    assert isinstance(pilot.app.screen, TeacherScreen)


# ----- the teacher's view -------------------------------------------------------------------------


async def test_the_first_visit_chooses_the_pin_then_it_is_asked(store: Store) -> None:
    fill_class(store)
    app = TutorApp(store, None)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("f2")
        await type_pin(pilot, "123456")
        await type_pin(pilot, "123457")
        assert "not the same" in str(app.screen.query_one("#pin-problem", Static).content)
        assert store.teacher_pin() is None
        await type_pin(pilot, PIN)
        await type_pin(pilot, PIN)
        assert isinstance(app.screen, TeacherScreen) and store.teacher_pin() is not None
        await pilot.press("f1")  # every key of the view in its help, Remove (not in the footer) too
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        keys = {line.keys_text: line.meaning for line in app.screen.lines}
        assert {"S", "F", "E", "R", "Delete", "Escape"} <= set(keys) and "Remove" in keys["Delete"]
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, ProfilePickerScreen)

        await pilot.press("f2")
        await type_pin(pilot, "0000")
        assert isinstance(app.screen, PinScreen)
        assert "That is not the teacher's PIN" in str(app.screen.query_one("#pin-problem", Static).content)
        await type_pin(pilot, PIN)
        assert isinstance(app.screen, TeacherScreen)


async def test_sort_filter_and_the_highlighted_learner(store: Store) -> None:
    fill_class(store)
    store.get_or_create_profile("Dan [b]")
    app = TutorApp(store, None)
    async with app.run_test(size=SIZE) as pilot:
        await open_teacher_view(pilot, store)
        assert shown_names(app) == ["=Ben+1", "Ana", "cleo", "Dan [b]"]  # names are text, never markup
        await pilot.press("s")
        assert shown_names(app) == ["=Ben+1", "Ana", "cleo", "Dan [b]"]  # last active first, then by name
        assert "sorted by last active" in str(app.screen.query_one("#teacher-sort", Static).content)
        await pilot.press("s")
        assert shown_names(app) == ["Ana", "=Ben+1", "cleo", "Dan [b]"]  # most lessons done first
        await pilot.press("enter")  # the highlighted row is Ana's
        detail = str(app.screen.query_one("#teacher-detail", Static).content)
        assert "Ana · quiz: mastered What makes a pair; 12 of 13 rules not yet" in detail
        assert "2× A pair is two cards of the same rank" in detail
        await pilot.press("f", *"AN")
        await pilot.pause()
        assert shown_names(app) == ["Ana", "Dan [b]"]
        assert "2 of 4" in str(app.screen.query_one("#teacher-sort", Static).content)
        await pilot.press("escape")  # out of the filter, back to the table
        await pilot.press("s")
        assert shown_names(app) == ["Ana", "Dan [b]"]
        await pilot.press("f", *"zz")
        await pilot.pause()
        assert shown_names(app) == []
        assert "No names have those letters" in str(app.screen.query_one("#teacher-detail", Static).content)


async def test_export_the_table_as_csv(store: Store, tmp_path: Path) -> None:
    fill_class(store)
    kept = tmp_path / "kept.csv"
    kept.write_text("last term's marks")
    app = TutorApp(store, None)
    async with app.run_test(size=SIZE) as pilot:
        await open_teacher_view(pilot, store)
        await pilot.press("s", "s", "f", "a", "enter", "e")
        await pilot.pause()
        assert isinstance(app.screen, PathScreen)
        assert app.screen.query_one(Input).value == "~/old-maid-class.csv"
        app.screen.query_one(Input).value = str(tmp_path)
        await pilot.press("enter")
        await pilot.pause()
        assert "is a folder" in str(app.screen.query_one("#path-problem", Static).content)
        for typed, problem in (
            (str(kept), f"✗ There is already a file at {kept}. Choose another name, so nothing of yours is replaced."),
            ("class\0.csv", "✗ That can't be a file's name: it holds a hidden NUL character, which no file name may hold. Please type it again."),
        ):
            app.screen.query_one(Input).value = typed
            await pilot.press("enter")
            await pilot.pause()
            assert str(app.screen.query_one("#path-problem", Static).content) == problem
        app.screen.query_one(Input).value = str(tmp_path / "class.csv")
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, TeacherScreen)
        assert f"✓ Saved the class table in {tmp_path / 'class.csv'}." in str(app.screen.query_one("#teacher-note", Static).content)
    expected = csv_text(sorted_rows(filtered(class_rows(store, course_for_app()), "a"), "lessons done"))
    assert (tmp_path / "class.csv").read_bytes().decode("utf-8") == expected
    assert expected.splitlines()[1].startswith("Ana,2,")
    assert kept.read_text() == "last term's marks"


async def test_in_a_classroom_the_csv_goes_to_the_browser_and_nothing_to_the_disk(store: Store, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    fill_class(store)
    teacher.set_pin(store, PIN, PIN, environ={})  # at the teacher's computer
    monkeypatch.setenv(SERVED_VARIABLE, "1")
    before = files_outside(tmp_path, tmp_path / "data")
    app = TutorApp(store, None)
    delivered = deliveries(app, monkeypatch)
    async with app.run_test(size=SIZE) as pilot:
        await open_teacher_view(pilot, store)
        await pilot.press("e")
        await pilot.pause()
        assert isinstance(app.screen, TeacherScreen)  # no path was asked
        assert delivered == [("old-maid-class.csv", csv_text(app.screen.shown))]
        assert delivered[0][1].startswith("Name,") and "Ana" in delivered[0][1]
        assert str(app.screen.query_one("#teacher-note", Static).content) == (
            "✓ The class table is on its way to your browser's downloads as old-maid-class.csv."
        )
    assert files_outside(tmp_path, tmp_path / "data") == before


async def test_the_teacher_resets_or_removes_the_highlighted_learner(store: Store) -> None:
    fill_class(store)
    app = TutorApp(store, None)
    async with app.run_test(size=SIZE) as pilot:
        await open_teacher_view(pilot, store)
        await pilot.press("down", "r")  # Ana
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        assert "Reset all of Ana's progress?" in str(app.screen.query_one("#question", Static).content)
        await pilot.press("n")
        await pilot.pause()
        assert store.finished_games(store.get_or_create_profile("Ana"))  # kept
        await pilot.press("r", "y")
        await pilot.pause()
        assert store.finished_games(store.get_or_create_profile("Ana")) == []
        assert "✓ Ana's progress is reset." in str(app.screen.query_one("#teacher-note", Static).content)
        await pilot.press("up", "delete", "y")  # =Ben+1
        await pilot.pause()
        assert shown_names(app) == ["Ana", "cleo"] and store.find_profile("=Ben+1") is None
        await pilot.press("escape")
        await pilot.pause()
        options = app.screen.query_one(OptionList)
        assert [str(options.get_option_at_index(index).prompt) for index in range(options.option_count)] == [
            "Ana",
            "cleo",
            "+ New learner",
        ]  # the picker lists who is left


async def test_in_a_classroom_no_tab_chooses_the_pin(store: Store, served: None) -> None:
    app = TutorApp(store, None)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await pilot.pause()
        app.screen.query_one("#picker-teacher", Button).press()
        await pilot.pause()
        assert isinstance(app.screen, ProfilePickerScreen)  # no dialog to choose one
        said = [str(notification.message) for notification in app._notifications]
        assert any("The teacher's PIN is not set yet" in line and "old-maid-tutor teacher pin" in line for line in said)
        assert store.teacher_pin() is None


async def test_in_a_classroom_the_teacher_can_start_before_any_pupil(store: Store, served: None) -> None:
    teacher.set_pin(store, PIN, PIN, environ={})  # at the teacher's computer: old-maid-tutor teacher pin
    app = TutorApp(store, None)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert "What's your name?" in str(app.screen.query_one("#picker-greeting", Static).content)
        app.screen.query_one("#picker-teacher", Button).press()
        await type_pin(pilot, PIN)
        assert isinstance(app.screen, TeacherScreen)
        assert "No learners yet" in str(app.screen.query_one("#teacher-detail", Static).content)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, ProfilePickerScreen) and app.screen.query_one("#picker-name", Input).has_focus


def test_snapshot_of_the_teacher_view(store: Store, snap_compare: Any, utc: None) -> None:
    fill_class(store)
    for name in ("Zoë", "Mateo [bold]", "Priya"):
        store.get_or_create_profile(name)

    async def open_it(pilot: Pilot) -> None:
        await open_teacher_view(pilot, store)
        await pilot.press("down")
        await pilot.pause()

    assert snap_compare(TutorApp(store, None), terminal_size=SIZE, run_before=open_it)


# ----- in a classroom: what needs the teacher's PIN ---------------------------------------------


async def progress_action(pilot: Pilot, key: str, button: str | None = None) -> None:
    app = pilot.app
    await pilot.pause()
    assert isinstance(app.screen, ProgressScreen)
    if button:
        app.screen.query_one(button).press()  # type: ignore[attr-defined]
    else:
        await pilot.press(key)
    await pilot.pause()


PROTECTED = [("e", None, PathScreen), ("i", None, PathScreen), ("r", None, ConfirmScreen), ("", "#reset-everything", ConfirmScreen)]
"""Export, import, reset my progress, reset everything: the key or button, and the dialog that follows."""
IN_A_CLASSROOM = [("e", None, None), ("r", None, ConfirmScreen), ("", "#reset-everything", ConfirmScreen)]
"""The same in a classroom, where import is not offered and the export goes to the browser (no dialog)."""


async def test_in_a_classroom_each_action_needs_the_pin(store: Store, profile: Any, served: None, monkeypatch: pytest.MonkeyPatch) -> None:
    teacher.set_pin(store, PIN, PIN, environ={})  # at the teacher's computer
    app = TutorApp(store, profile, start="progress")
    delivered = deliveries(app, monkeypatch)
    async with app.run_test(size=SIZE) as pilot:
        for key, button, then in IN_A_CLASSROOM:
            await progress_action(pilot, key, button)
            assert isinstance(app.screen, PinScreen), key or button
            assert "In a classroom, only the teacher can" in str(app.screen.query_one("#pin-why", Static).content)
            await type_pin(pilot, "1111")
            assert isinstance(app.screen, PinScreen)  # a wrong PIN does not let it through
            await pilot.press("escape")
            await pilot.pause()
            assert isinstance(app.screen, ProgressScreen)
            assert "only the teacher can" in str(app.screen.query_one("#progress-note", Static).content)
            store.forgive_pin_tries()  # the wrong tries start again (no waiting in this test)
            await progress_action(pilot, key, button)
            await type_pin(pilot, PIN)
            if then is None:
                assert isinstance(app.screen, ProgressScreen) and len(delivered) == 1
                continue
            assert isinstance(app.screen, then), key or button
            await pilot.press("escape")
            await pilot.pause()
    assert len(store.profiles()) == 1  # nothing was reset: every dialog was left


async def test_without_a_pin_set_nothing_protected_happens_in_a_classroom(store: Store, profile: Any, served: None) -> None:
    app = TutorApp(store, profile, start="progress")
    async with app.run_test(size=SIZE) as pilot:
        await progress_action(pilot, "e")
        await type_pin(pilot, "123456")
        assert isinstance(app.screen, PinScreen)
        assert "No teacher's PIN is set yet" in str(app.screen.query_one("#pin-problem", Static).content)
        assert store.teacher_pin() is None  # a pupil cannot choose it here


async def test_outside_a_classroom_nothing_asks_for_the_pin(store: Store, profile: Any) -> None:
    teacher.set_pin(store, PIN, PIN, environ={})  # at the teacher's computer
    app = TutorApp(store, profile, start="progress")
    async with app.run_test(size=SIZE) as pilot:
        for key, button, then in PROTECTED:
            await progress_action(pilot, key, button)
            assert isinstance(app.screen, then), key or button
            await pilot.press("escape")
            await pilot.pause()


async def test_in_a_classroom_a_pupil_still_resets_their_own_lesson(store: Store, profile: Any, served: None) -> None:
    store.save_lesson_progress(profile, "deck-and-deal", 3, 0, False)
    app = TutorApp(store, profile, start="progress")
    async with app.run_test(size=SIZE) as pilot:
        await progress_action(pilot, "l")
        assert isinstance(app.screen, ChooseLessonScreen)


async def test_in_a_classroom_a_learner_in_another_tab_opens_only_with_the_pin(store: Store, served: None) -> None:
    teacher.set_pin(store, PIN, PIN, environ={})  # at the teacher's computer
    ana = store.get_or_create_profile("Ana")
    claim_by_another_tab(store.path, ana.id)
    app = TutorApp(store, None)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("enter")  # Ana, the only name
        assert isinstance(app.screen, PinScreen)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, ProfilePickerScreen)
        assert "Ana is learning in another tab" in str(app.screen.query_one("#picker-message", Static).content)
        await pilot.press("down", "enter")  # + New learner: typing the same name is no way round it
        await pilot.press(*"ana", "enter")
        await pilot.pause()
        assert isinstance(app.screen, PinScreen)
        await type_pin(pilot, PIN)
        assert isinstance(app.screen, HomeScreen) and app.session.profile == ana
        assert not store.claimed_elsewhere(ana)  # this tab has it now


async def test_outside_a_classroom_a_learner_in_another_window_is_asked_about_as_before(store: Store) -> None:
    teacher.set_pin(store, PIN, PIN, environ={})  # at the teacher's computer
    ana = store.get_or_create_profile("Ana")
    claim_by_another_tab(store.path, ana.id)
    app = TutorApp(store, None)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, ChoiceScreen)  # look only, take over or another learner


async def test_during_a_wait_after_wrong_pins_the_pin_cannot_be_typed(store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(teacher, "FIRST_WAIT", 0.5)
    teacher.set_pin(store, PIN, PIN)
    store.get_or_create_profile("Ana")  # the list of names, where T opens the teacher's view
    app = TutorApp(store, None)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("f2")
        for _ in range(teacher.FREE_TRIES):
            await type_pin(pilot, "111111")
        field = app.screen.query_one("#pin", Input)
        assert field.disabled and app.screen.query_one("#ok", Button).disabled
        assert "Please wait 1 second, then try again." in str(app.screen.query_one("#pin-problem", Static).content)
        for _ in range(50):  # the wait is half a second; a busy machine may take longer to get there
            await pilot.pause(0.1)
            if not field.disabled:
                break
        assert not field.disabled and field.has_focus
        assert str(app.screen.query_one("#pin-problem", Static).content) == "You can type the PIN again now."
        await type_pin(pilot, PIN)
        assert isinstance(app.screen, TeacherScreen)
