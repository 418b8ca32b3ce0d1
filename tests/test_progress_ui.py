"""The profile picker and the progress screen: Pilot tests, what-next rules and a snapshot."""

from __future__ import annotations

import json
from datetime import datetime
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot
from textual.widgets import Button, Input, OptionList, Static
from ui_helpers import home_ready

from tutor.course import load_course
from tutor.course.mistakes import rule_of
from tutor.learner.lessons import STARS_RULE
from tutor.learner.policy import Record, growth, growth_bar, mistake_counts
from tutor.learner.recorder import Recorder
from tutor.quiz import QuizRound
from tutor.ui.app import TutorApp
from tutor.ui.dialogs import ConfirmScreen
from tutor.ui.home import ALL_LESSONS_DONE, HomeScreen
from tutor.ui.profiles_screen import ProfilePickerScreen
from tutor.ui.progress_screen import ChooseLessonScreen, PathScreen, ProgressScreen, export_path, mistakes_text
from tutor.ui.quiz_screen import QuizScreen

SIZE = (80, 24)
SIZES = [(60, 20), (80, 24), (120, 40)]
MONDAY, TUESDAY = datetime(2025, 3, 3, 16, 0), datetime(2025, 3, 4, 17, 30)
LESSONS = load_course(replay=False).lessons


def text_of(app: TutorApp, selector: str) -> str:
    return str(app.screen.query_one(selector, Static).content)


def progress_text(app: TutorApp) -> str:
    """Every section of the progress screen, titles included."""
    assert isinstance(app.screen, ProgressScreen)
    parts = []
    for section in app.screen.query(".section, #progress-glance, #progress-note"):
        parts += [str(section.border_title or ""), str(section.content)]  # type: ignore[attr-defined]
    return "\n".join(parts)


async def type_in(pilot: Pilot, app: TutorApp, text: str) -> None:
    """Fill the focused input and press Enter (setting the value is quicker than typing it)."""
    field = app.screen.query_one(Input)
    field.value = text
    await pilot.press("enter")
    await pilot.pause()


async def choose(pilot: Pilot, app: TutorApp, option_id: str) -> None:
    """Move the highlight to an option with the arrow keys and press Enter."""
    options = app.screen.query_one(OptionList)
    target = options.get_option_index(option_id)
    while options.highlighted != target:
        await pilot.press("down")
    await pilot.press("enter")
    await pilot.pause()


async def answer_confirm(pilot: Pilot, app: TutorApp, yes: bool) -> None:
    await pilot.pause()
    assert isinstance(app.screen, ConfirmScreen)
    await pilot.press("y" if yes else "n")
    await pilot.pause()


# ----- the profile picker ----------------------------------------------------------------------------


async def test_the_first_start_asks_a_childs_name_kindly(store: Any) -> None:
    app = TutorApp(store, None)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, ProfilePickerScreen)
        assert "Hello! What's your name?" in text_of(app, "#picker-greeting")
        await type_in(pilot, app, "   ")
        assert "Please type your name first" in text_of(app, "#picker-message")
        await type_in(pilot, app, "x" * 41)
        assert "✗ A name must be 1 to 40 characters long." in text_of(app, "#picker-message")
        assert isinstance(app.screen, ProfilePickerScreen) and store.profiles() == []
        await type_in(pilot, app, '  Zoë [the "best"] ')
        assert isinstance(app.screen, HomeScreen)
        assert app.session.name == 'Zoë [the "best"]'
        assert [profile.name for profile in store.profiles()] == ['Zoë [the "best"]']


async def test_several_profiles_choose_one_shown_as_plain_text(store: Any) -> None:
    names = ["Ana", "[b]Robin[/b]", "Сергей"]
    profiles = {name: store.get_or_create_profile(name) for name in names}
    app = TutorApp(store, None)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert "Who is learning today?" in text_of(app, "#picker-greeting")
        options = app.screen.query_one(OptionList)
        shown = [str(options.get_option_at_index(index).prompt) for index in range(options.option_count)]
        assert sorted(shown[:-1]) == sorted(names) and shown[-1] == "+ New learner"
        await choose(pilot, app, str(profiles["[b]Robin[/b]"].id))
        assert isinstance(app.screen, HomeScreen) and app.session.profile == profiles["[b]Robin[/b]"]


async def test_a_new_learner_with_a_taken_name_is_that_learner_and_escape_goes_back(store: Any) -> None:
    robin = store.get_or_create_profile("Robin")
    store.get_or_create_profile("Ana")
    app = TutorApp(store, None)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await choose(pilot, app, "new-learner")
        assert "Welcome! What's your name?" in text_of(app, "#picker-greeting")
        await pilot.press("escape")  # back to the list, nothing made
        await pilot.pause()
        assert app.screen.query_one(OptionList).display and len(store.profiles()) == 2
        await choose(pilot, app, "new-learner")
        await type_in(pilot, app, "ROBIN")
        assert isinstance(app.screen, HomeScreen) and app.session.profile == robin
        assert len(store.profiles()) == 2


async def test_escape_on_the_list_leaves_the_tutor(store: Any) -> None:
    store.get_or_create_profile("Robin")
    store.get_or_create_profile("Ana")
    app = TutorApp(store, None)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("escape")
        await pilot.pause()
        assert not app.is_running


def escape_says(app: Any) -> str:
    """The footer's word for Escape on the current screen."""
    return app.screen.active_bindings["escape"].binding.description


async def test_escape_is_named_for_what_it_does_on_the_picker(store: Any) -> None:
    app = TutorApp(store, None)
    async with app.run_test(size=SIZE) as pilot:  # the first start: nothing to go back to
        await pilot.pause()
        assert escape_says(app) == "Quit"
        await type_in(pilot, app, "Robin")
        assert isinstance(app.screen, HomeScreen)
        app.screen.action_choose("learner")  # "Someone else?" on Home: Escape goes back there
        await pilot.pause()
        assert isinstance(app.screen, ProfilePickerScreen) and escape_says(app) == "Back"
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen) and app.is_running
    app = TutorApp(store, None)
    async with app.run_test(size=SIZE) as pilot:  # names to choose from: Escape on the list quits
        await pilot.pause()
        assert escape_says(app) == "Quit"
        await choose(pilot, app, "new-learner")
        assert escape_says(app) == "Back"  # typing a new name: back to the list
        await pilot.press("escape")
        await pilot.pause()
        assert escape_says(app) == "Quit"
        await pilot.press("escape")
        await pilot.pause()
        assert not app.is_running


# ----- what the progress screen shows ----------------------------------------------------------------


def test_a_mistake_line_that_wraps_stays_under_its_words(store: Any, profile: Any) -> None:
    from rich.console import Console

    store.record_mistake(profile, "wrong-neighbour", [], "game", when=MONDAY)
    course = load_course()
    counts = mistake_counts(Record.read(store, profile), course)
    console = Console(width=40, record=True, color_system=None)
    console.print(mistakes_text(counts, course))
    lines = console.export_text().splitlines()
    first = next(index for index, line in enumerate(lines) if line.startswith("1 time"))
    words_at = lines[first].index("Who")
    assert lines[first + 1][:words_at].strip() == "" and lines[first + 1][words_at:].strip()  # wrapped, indented
    assert "1 time  Who you draw from" in str(mistakes_text(counts, course))


def record_two_lessons_and_games(store: Any, profile: Any) -> None:
    store.save_lesson_progress(profile, "deck-and-deal", 5, 0, True, when=MONDAY)
    store.save_lesson_progress(profile, "pairs", 4, 1, True, when=MONDAY)
    store.save_lesson_progress(profile, "a-turn", 2, 0, False, when=TUESDAY)
    store.record_mistake(profile, "kept-pair", ["5♣", "5♥"], "game", when=MONDAY)
    store.record_mistake(profile, "kept-pair", ["7♣", "7♦"], "game", when=TUESDAY)
    store.record_mistake(profile, "wrong-neighbour", [], "game", when=TUESDAY)
    store.record_finished_game(profile, {}, "safe", 31, 2, when=MONDAY)
    store.record_finished_game(profile, {}, "old-maid", 24, 1, when=TUESDAY)


def play_a_quiz_round(store: Any, profile: Any) -> tuple[int, int]:
    """A round through the quiz engine, missing the first question each time: (right, answered)."""
    settings = store.load_settings(profile)
    round_ = QuizRound(settings, seed=11, store=store, profile=profile)
    first = round_.current
    right = answered = 0
    while (question := round_.current) is not None:
        wrong = question is first
        choice = next(i for i in range(len(question.options)) if i not in question.correct) if wrong else min(question.correct)
        right += round_.answer(choice).right
        answered += 1
    return right, answered


async def test_the_figures_match_what_was_done(store: Any, profile: Any) -> None:
    record_two_lessons_and_games(store, profile)
    right, answered = play_a_quiz_round(store, profile)
    app = TutorApp(store, profile, start="progress")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        shown = progress_text(app)
    quiz_day = store.answers(profile)[-1].when.astimezone()
    assert "Robin: 2 of 11 lessons done" in shown
    assert "Lessons: 2 of 11 done" in shown
    assert "✓ done ★★★      1. The deck and the deal" in shown and "✓ done ★★☆      2. Pairs" in shown
    turn_steps = len(next(lesson for lesson in LESSONS if lesson.id == "a-turn").steps)
    assert f"{f'▶ step 3 of {turn_steps}':<16}3. A turn in Bicycle rules  ◀ next" in shown and "⊘ locked        5. Empty hands" in shown
    assert f"Stars: {STARS_RULE}." in shown
    assert f"Carry on with the lesson “A turn in Bicycle rules”: you stopped at step 3 of {turn_steps}." in shown
    assert f"{right} of {answered} answers right in all." in shown
    assert f"{quiz_day:%a %d %b %Y}   {right} of {answered} right" in shown
    started = sum(item.steps > 0 for item in growth(Record.read(store, profile), load_course(replay=False)))
    assert f"Rules growing: {started} of 13 started\n" in shown
    assert "of 13 mastered" not in shown and "█░░░░░    Players and the deal" in shown
    assert f"2 times  {rule_of('kept-pair')}  (lesson “Pairs”)" in shown
    assert f" 1 time  {rule_of('wrong-neighbour')}" in shown
    assert "2 games played." in shown and "You were safe 1 time and the Old Maid 1 time." in shown
    assert "Your last game: the Old Maid, 24 draws, 1 mistake." in shown


async def test_a_new_learner_sees_where_to_start(store: Any, profile: Any) -> None:
    app = TutorApp(store, profile, start="progress")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        shown = progress_text(app)
        assert "Start with the first lesson, “The deck and the deal”." in shown
        assert "No quiz answers yet." in shown and "No games finished yet." in shown
        assert "No mistakes noted yet." in shown and shown.count(growth_bar(0)) == 13


async def test_g_goes_where_what_next_points(store: Any, profile: Any) -> None:
    for lesson in LESSONS:
        store.save_lesson_progress(profile, lesson.id, len(lesson.steps) - 1, 0, True, when=MONDAY)
    store.record_finished_game(profile, {}, "safe", 20, 0, when=MONDAY)
    app = TutorApp(store, profile, start="progress")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert "Take your first quiz round" in progress_text(app)
        await pilot.press("g")
        await pilot.pause()
        assert isinstance(app.screen, QuizScreen)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen)


def test_export_names_are_tidy_file_names() -> None:
    assert export_path("Robin") == "~/old-maid-robin.json"
    assert export_path('Zoë "Z" / ../x') == "~/old-maid-zoë-z-x.json"
    assert export_path("???") == "~/old-maid-learner.json"


# ----- resets -------------------------------------------------------------------------------------


async def open_progress(pilot: Pilot, app: TutorApp) -> None:
    await pilot.pause()
    assert isinstance(app.screen, ProgressScreen)


async def test_reset_one_lesson_asks_first(store: Any, profile: Any) -> None:
    record_two_lessons_and_games(store, profile)
    app = TutorApp(store, profile, start="progress")
    async with app.run_test(size=SIZE) as pilot:
        await open_progress(pilot, app)
        await pilot.press("l")
        await pilot.pause()
        assert isinstance(app.screen, ChooseLessonScreen)
        await choose(pilot, app, "pairs")
        await answer_confirm(pilot, app, yes=False)
        assert "pairs" in store.lesson_progress(profile)
        await pilot.press("l")
        await pilot.pause()
        await choose(pilot, app, "pairs")
        await answer_confirm(pilot, app, yes=True)
        assert set(store.lesson_progress(profile)) == {"deck-and-deal", "a-turn"}
        shown = progress_text(app)
        assert "✓ The lesson “Pairs” starts again from the first step." in shown
        assert "Lessons: 1 of 11 done" in shown and "○ not yet       2. Pairs  ◀ next" in shown


async def test_reset_a_lesson_with_none_started_just_says_so(store: Any, profile: Any) -> None:
    app = TutorApp(store, profile, start="progress")
    async with app.run_test(size=SIZE) as pilot:
        await open_progress(pilot, app)
        await pilot.press("l")
        await pilot.pause()
        assert isinstance(app.screen, ProgressScreen)
        assert "There are no lessons to reset yet" in text_of(app, "#progress-note")


async def test_reset_my_progress_asks_first_and_keeps_the_settings(store: Any, profile: Any) -> None:
    record_two_lessons_and_games(store, profile)
    play_a_quiz_round(store, profile)
    ana = store.get_or_create_profile("Ana")
    store.record_finished_game(ana, {}, "safe", 20, 0, when=MONDAY)
    app = TutorApp(store, profile, start="progress")
    async with app.run_test(size=SIZE) as pilot:
        await open_progress(pilot, app)
        await pilot.press("r")
        await answer_confirm(pilot, app, yes=False)
        assert len(store.finished_games(profile)) == 2
        await pilot.press("r")
        await answer_confirm(pilot, app, yes=True)
        data = store.profile_data(profile)
        assert (data.lessons, data.answers, data.finished_games, data.mistakes) == ((), (), (), ())
        assert len(store.finished_games(ana)) == 1
        shown = progress_text(app)
        assert "✓ Robin's progress is reset." in shown and "Lessons: 0 of 11 done" in shown
        assert "No games finished yet." in shown


async def test_reset_everything_asks_then_starts_afresh_with_a_name(store: Any, profile: Any) -> None:
    record_two_lessons_and_games(store, profile)
    store.get_or_create_profile("Ana")
    app = TutorApp(store, profile, start="progress")
    async with app.run_test(size=SIZE) as pilot:
        await open_progress(pilot, app)
        app.screen.query_one("#reset-everything", Button).press()
        await answer_confirm(pilot, app, yes=False)
        assert len(store.profiles()) == 2 and isinstance(app.screen, ProgressScreen)
        app.screen.query_one("#reset-everything", Button).press()
        await pilot.pause()
        assert "Ana, Robin" in str(app.screen.query_one("#question", Static).content)
        await answer_confirm(pilot, app, yes=True)
        assert store.profiles() == []
        assert isinstance(app.screen, ProfilePickerScreen)
        assert "What's your name?" in text_of(app, "#picker-greeting")
        await type_in(pilot, app, "Robin")
        assert isinstance(app.screen, HomeScreen) and len(app.screen_stack) == 2
        assert app.session.name == "Robin" and store.finished_games(app.session.profile) == []


# ----- export and import ------------------------------------------------------------------------------


async def fill_path(pilot: Pilot, app: TutorApp, path: Path | str) -> None:
    await pilot.pause()
    assert isinstance(app.screen, PathScreen)
    await type_in(pilot, app, str(path))


async def test_export_then_import_round_trip(store: Any, profile: Any, tmp_path: Path) -> None:
    record_two_lessons_and_games(store, profile)
    play_a_quiz_round(store, profile)
    file = tmp_path / "robin.json"
    app = TutorApp(store, profile, start="progress")
    async with app.run_test(size=SIZE) as pilot:
        await open_progress(pilot, app)
        await pilot.press("e")
        await pilot.pause()
        assert app.screen.query_one(Input).value == "~/old-maid-robin.json"
        await fill_path(pilot, app, file)
        assert json.loads(file.read_text("utf-8"))["profile"]["name"] == "Robin"
        assert f"✓ Saved Robin's progress in {file}." in text_of(app, "#progress-note")

        await pilot.press("i")
        await fill_path(pilot, app, file)
        assert "✓ Imported the learner “Robin (2)”." in text_of(app, "#progress-note")
    copy = store.find_profile("Robin (2)")
    assert copy is not None
    original, imported = store.profile_data(profile), store.profile_data(copy)
    assert imported.lessons == original.lessons and imported.answers == original.answers
    assert imported.finished_games == original.finished_games and imported.mistakes == original.mistakes


async def test_export_problems_are_explained_and_nothing_is_ever_replaced(store: Any, profile: Any, tmp_path: Path) -> None:
    kept = tmp_path / "kept.txt"
    kept.write_text("my homework", "utf-8")
    app = TutorApp(store, profile, start="progress")
    async with app.run_test(size=SIZE) as pilot:
        await open_progress(pilot, app)
        await pilot.press("e")
        await fill_path(pilot, app, tmp_path)
        assert "is a folder. Add a file name at the end" in text_of(app, "#path-problem")
        await type_in(pilot, app, str(tmp_path / "no-such-folder" / "x.json"))
        assert "The file could not be saved there: No such file or directory" in text_of(app, "#path-problem")
        await type_in(pilot, app, "  ")
        assert "Please type where the file is" in text_of(app, "#path-problem")
        await type_in(pilot, app, str(kept))
        assert text_of(app, "#path-problem") == (f"✗ There is already a file at {kept}. Choose another name, so nothing of yours is replaced.")
        assert kept.read_text("utf-8") == "my homework"
        assert isinstance(app.screen, PathScreen) and app.screen.query_one(Input).value == str(kept)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, ProgressScreen) and not text_of(app, "#progress-note")


async def test_a_bad_import_file_is_explained_and_changes_nothing(store: Any, profile: Any, tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "something else"}', "utf-8")
    app = TutorApp(store, profile, start="progress")
    async with app.run_test(size=SIZE) as pilot:
        await open_progress(pilot, app)
        await pilot.press("i")
        await fill_path(pilot, app, bad)
        assert "That file can't be used." in text_of(app, "#path-problem")
        assert "it is not an Old Maid Tutor profile file" in text_of(app, "#path-problem")
        await type_in(pilot, app, str(tmp_path / "missing.json"))
        assert "The file could not be read: No such file or directory" in text_of(app, "#path-problem")
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, ProgressScreen)
    assert [p.name for p in store.profiles()] == ["Robin"]


NUL_LINE = "✗ That can't be a file's name: it holds a hidden NUL character, which no file name may hold. Please type it again."


@pytest.mark.parametrize(
    ("typed", "problem"),
    [
        ("ana\0.json", NUL_LINE),  # pasted with the name
        ("~ana\0/x.json", NUL_LINE),  # in a home folder's name
        ("/tmp/" + "x" * 5000 + ".json", "✗ The file could not be saved there: File name too long. Try another place."),
    ],
)
async def test_a_path_that_cannot_be_is_one_kind_line(store: Any, profile: Any, tmp_path: Path, typed: str, problem: str) -> None:
    app = TutorApp(store, profile, start="progress")
    async with app.run_test(size=SIZE) as pilot:
        await open_progress(pilot, app)
        await pilot.press("e")
        await fill_path(pilot, app, typed)
        assert text_of(app, "#path-problem") == problem
        assert isinstance(app.screen, PathScreen)
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("i")
        await fill_path(pilot, app, typed)
        assert text_of(app, "#path-problem").startswith("✗ ")
        assert isinstance(app.screen, PathScreen) and app.is_running
    assert [path.name for path in tmp_path.iterdir()] == ["data"]


def deliveries(app: TutorApp, monkeypatch: pytest.MonkeyPatch) -> list[tuple[str | None, str]]:
    """What the app hands to the browser (file name, text), kept here instead of sent."""
    delivered: list[tuple[str | None, str]] = []

    def deliver_text(path_or_file: Any, *, save_filename: str | None = None, **options: Any) -> str:
        assert not isinstance(path_or_file, (str, Path)), "a served tab never hands over a file from the disk"
        delivered.append((save_filename, path_or_file.read()))
        return "a key"

    monkeypatch.setattr(app, "deliver_text", deliver_text)
    return delivered


async def leave_the_pin_dialog(pilot: Pilot) -> None:
    """Wait while the PIN typed is checked (a slow hash, so it may take a moment)."""
    from tutor.ui.teacher_screen import PinScreen

    for _ in range(200):
        await pilot.pause()
        if not isinstance(pilot.app.screen, PinScreen):
            return
        await pilot.pause(0.05)


def files_outside(folder: Path, data: Path) -> set[Path]:
    return {path for path in folder.rglob("*") if data not in path.parents and path != data}


async def test_in_a_classroom_an_export_goes_to_the_browser_and_nothing_to_the_disk(
    store: Any, profile: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from test_teacher import CHEAP

    from tutor.classroom import SERVED_VARIABLE
    from tutor.learner import teacher
    from tutor.store.transfer import document_text, to_document

    monkeypatch.setattr(teacher, "COST", CHEAP)
    teacher.set_pin(store, "246810", "246810")  # at the teacher's computer, before the class
    monkeypatch.setenv(SERVED_VARIABLE, "1")
    record_two_lessons_and_games(store, profile)
    before = files_outside(tmp_path, tmp_path / "data")
    app = TutorApp(store, profile, start="progress")
    delivered = deliveries(app, monkeypatch)
    async with app.run_test(size=SIZE) as pilot:
        await open_progress(pilot, app)
        await pilot.press("e")
        await pilot.pause()
        await pilot.press(*"246810", "enter")  # the teacher's PIN, as before
        await leave_the_pin_dialog(pilot)
        assert isinstance(app.screen, ProgressScreen)  # no path was asked
        assert delivered == [("old-maid-robin.json", document_text(to_document(store.profile_data(profile))))]
        assert json.loads(delivered[0][1])["profile"]["name"] == "Robin"
        assert text_of(app, "#progress-note") == ("✓ Your progress is on its way to your browser's downloads as old-maid-robin.json.")
    assert files_outside(tmp_path, tmp_path / "data") == before


async def test_in_a_classroom_import_is_not_offered(store: Any, profile: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    from tutor.classroom import SERVED_VARIABLE

    monkeypatch.setenv(SERVED_VARIABLE, "1")
    app = TutorApp(store, profile, start="progress")
    async with app.run_test(size=SIZE) as pilot:
        await open_progress(pilot, app)
        assert not app.screen.query("#import") and app.screen.query("#export")
        await pilot.press("i")
        await pilot.pause()
        assert isinstance(app.screen, ProgressScreen) and not text_of(app, "#progress-note")
        app.screen.action_import()  # were it reached some other way: one line, and no PIN asked
        await pilot.pause()
        assert isinstance(app.screen, ProgressScreen)
        assert text_of(app, "#progress-note") == (
            "In a classroom, files are imported at the teacher's computer: the teacher types old-maid-tutor profiles import FILE there."
        )


def test_download_names_are_plain_and_tidy() -> None:
    from tutor.ui.downloads import download_name

    assert download_name("old-maid", "Zoë O'Neil", ".json", "learner") == "old-maid-zoe-o-neil.json"
    assert download_name("old-maid", "小明", ".json", "learner") == "old-maid-learner.json"


# ----- Home: one Continue that follows progress ----------------------------------------------------


def menu_text(app: TutorApp) -> str:
    menu = app.screen.query_one("#menu", OptionList)
    prompts = [str(menu.get_option_at_index(index).prompt) for index in range(menu.option_count)]
    return "\n".join([*prompts, text_of(app, "#menu-about")])


async def test_home_continue_follows_progress(store: Any, profile: Any) -> None:
    app = TutorApp(store, profile)
    async with app.run_test(size=SIZE) as pilot:
        await home_ready(pilot)
        shown = menu_text(app)
        assert shown.startswith("▶ Start here\n  Lesson 1: The deck and the deal")
        assert "Start with the first lesson, “The deck and the deal”." in shown  # Continue is highlighted
        await pilot.press("c")
        await pilot.pause()
        assert type(app.screen).__name__ == "LessonScreen"
        store.save_lesson_progress(profile, "deck-and-deal", 5, 0, True)
        store.save_lesson_progress(profile, "pairs", 2, 0, False)
        await pilot.press("escape")
        await pilot.pause()
        while not isinstance(app.screen, HomeScreen):
            await pilot.press("escape")
            await pilot.pause()
        await home_ready(pilot)
        assert menu_text(app).startswith("▶ Continue\n  Lesson 2: Pairs (step 3)")


async def test_home_after_every_lesson_offers_a_game_then_a_quiz_and_never_start_here(store: Any, profile: Any) -> None:
    for lesson in LESSONS:
        store.save_lesson_progress(profile, lesson.id, len(lesson.steps), 0, True, when=MONDAY)
    app = TutorApp(store, profile)
    async with app.run_test(size=SIZE) as pilot:
        await home_ready(pilot)
        assert menu_text(app).startswith("▶ Continue\n  Play your first game")
        await pilot.press("down")
        assert text_of(app, "#menu-about") == ALL_LESSONS_DONE
        assert "Start here" not in menu_text(app)
    store.record_finished_game(profile, {}, "safe", 20, 0, when=TUESDAY)
    app = TutorApp(store, profile)
    async with app.run_test(size=SIZE) as pilot:
        await home_ready(pilot)
        assert menu_text(app).startswith("▶ Continue\n  Your first quiz round")
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, QuizScreen)


# ----- honest progress on the screen ----------------------------------------------------------------


async def test_one_count_per_mistake_kind_and_none_made_on_purpose(store: Any, profile: Any) -> None:
    """The same mistake shows one number wherever the screen names it, and a mistake a lesson
    asked for on purpose is nowhere."""
    store.save_lesson_progress(profile, "deck-and-deal", 5, 0, True, when=MONDAY)
    store.save_lesson_progress(profile, "pairs", 4, 0, True, when=MONDAY)
    recorder = Recorder(store, profile)
    for when in (MONDAY.replace(hour=9), TUESDAY, TUESDAY, TUESDAY):
        store.record_mistake(profile, "kept-pair", [], "game", when=when)
    for _ in range(5):
        recorder.lesson_mistake("common-mistakes", "not-a-pair", ["5C", "6H"], on_purpose=True)
    app = TutorApp(store, profile, start="progress")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        shown = progress_text(app)
    rule = rule_of("kept-pair")
    assert f"“{rule}” has tripped you up 4 times." in shown and f"4 times  {rule}" in shown
    assert "3 times" not in shown
    assert rule_of("not-a-pair") not in shown


async def test_a_mistake_a_lesson_asks_for_is_never_counted_end_to_end(store: Any, profile: Any) -> None:
    """Lesson 7's first step asks you to keep a pair on purpose: doing it is no mistake of yours."""
    from dataclasses import replace

    store.save_settings(profile, replace(store.load_settings(profile), unlock_all_lessons=True))
    app = TutorApp(store, profile, start="lesson:common-mistakes")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert type(app.screen).__name__ == "LessonScreen"
        await pilot.press("d")  # done, with 5♣ and 5♥ still in the hand: the mistake asked for
        await pilot.pause()
        assert "That's the mistake!" in "\n".join(str(widget.render()) for widget in app.screen.query(Static))
    assert store.mistakes(profile) == []
    app = TutorApp(store, profile, start="progress")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert "No mistakes noted yet." in progress_text(app)


async def test_stars_show_on_the_progress_screen_with_their_rule(store: Any, profile: Any) -> None:
    recorder = Recorder(store, profile)
    recorder.lesson_finished("deck-and-deal")  # no hints, no mistakes
    recorder.lesson_hint_used("pairs")
    recorder.lesson_mistake("pairs", None)
    recorder.lesson_finished("pairs")
    app = TutorApp(store, profile, start="progress")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        shown = progress_text(app)
    assert "✓ done ★★★      1. The deck and the deal" in shown and "✓ done ★★☆      2. Pairs" in shown
    assert "5 stars" in shown and STARS_RULE in shown


async def test_growth_and_today_instead_of_none_mastered(store: Any, profile: Any) -> None:
    recorder = Recorder(store, profile)
    recorder.lesson_finished("deck-and-deal")
    recorder.quiz_answer("q", "deck", True)
    app = TutorApp(store, profile, start="progress")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        shown = progress_text(app)
        assert app.screen.query_one("#progress-today").display
    assert "mastered so far" not in shown and "0 of 13 mastered" not in shown
    assert "███░░░ +3 The 51-card deck and the odd card" in shown
    assert "Lessons done today: “The deck and the deal”." in shown
    assert "Quiz answers today: 1 of 1 right." in shown


async def test_at_60x20_every_button_fits_and_more_is_shown_by_a_scrollbar(store: Any, profile: Any) -> None:
    app = TutorApp(store, profile, start="progress")
    async with app.run_test(size=(60, 20)) as pilot:
        await pilot.pause()
        scroller = app.screen.query_one("#progress")
        assert scroller.max_scroll_y > 0 and scroller.show_vertical_scrollbar  # the sign that more is below
        scroller.scroll_end(animate=False)
        await pilot.pause()
        inside = scroller.content_region
        for button in app.screen.query(Button):
            assert inside.x <= button.region.x and button.region.right <= inside.right, button.label


# ----- the snapshot -----------------------------------------------------------------------------------


def progress_record(store: Any, profile: Any) -> None:
    record_two_lessons_and_games(store, profile)
    for minute, (concept, right) in enumerate([("pairs", True), ("deck", True), ("direction", False), ("deal", True), ("direction", False), ("pairs", True)]):
        store.record_answer(profile, f"q{minute}", concept, right, when=MONDAY.replace(minute=minute))
    for minute, (concept, right) in enumerate([("pairs", True), ("direction", True), ("deck", False)]):
        store.record_answer(profile, f"r{minute}", concept, right, when=TUESDAY.replace(minute=minute))


@pytest.mark.parametrize("size", SIZES)
def test_snapshot_of_the_progress_screen(store: Any, profile: Any, snap_compare: Any, size: tuple[int, int]) -> None:
    progress_record(store, profile)

    async def settle(pilot: Pilot) -> None:
        await pilot.pause()

    assert snap_compare(TutorApp(store, profile, start="progress"), terminal_size=size, run_before=settle)


def test_snapshot_of_the_progress_screen_scrolled_down(store: Any, profile: Any, snap_compare: Any) -> None:
    record_two_lessons_and_games(store, profile)
    store.record_answer(profile, "q1", "pairs", True, when=MONDAY)
    store.record_answer(profile, "q2", "direction", False, when=TUESDAY)

    async def scroll_down(pilot: Pilot) -> None:
        await pilot.pause()
        pilot.app.screen.query_one("#progress").scroll_end(animate=False)
        await pilot.pause()

    assert snap_compare(TutorApp(store, profile, start="progress"), terminal_size=SIZE, run_before=scroll_down)


@pytest.mark.parametrize("size", SIZES)
def test_snapshot_of_home_with_continue(store: Any, profile: Any, snap_compare: Any, size: tuple[int, int]) -> None:
    store.save_lesson_progress(profile, "deck-and-deal", 5, 0, True, when=MONDAY)
    store.save_lesson_progress(profile, "pairs", 2, 1, False, when=TUESDAY)
    assert snap_compare(TutorApp(store, profile), terminal_size=size, run_before=home_ready)


def test_snapshot_of_the_first_start(store: Any, snap_compare: Any) -> None:
    async def steady_cursor(pilot: Pilot) -> None:
        await pilot.pause()
        pilot.app.screen.query_one(Input).cursor_blink = False
        await pilot.pause()

    assert snap_compare(TutorApp(store, None), terminal_size=SIZE, run_before=steady_cursor)


async def test_the_lessons_are_a_course_map_with_its_ending_once_every_lesson_is_done(store: Any, profile: Any) -> None:
    lessons = load_course(replay=False).lessons
    for lesson in lessons[:-1]:
        store.save_lesson_progress(profile, lesson.id, len(lesson.steps), 0, True, stars=3)
    app = TutorApp(store, profile, start="progress")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        shown = progress_text(app)
        assert f"○ not yet       11. {lessons[-1].title}  ◀ next" in shown
        assert "★ 30 of 33 stars · 10 of 11 lessons done" in shown and "The end of the course" not in shown
    store.save_lesson_progress(profile, lessons[-1].id, len(lessons[-1].steps), 1, True, stars=2)
    app = TutorApp(store, profile, start="progress")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        shown = progress_text(app)
        assert "◀ next" not in shown and "★ 32 of 33 stars · 11 of 11 lessons done" in shown
        assert "The end of the course: you did it!\nEvery lesson is done, with 32 of 33 stars." in shown


async def test_m_on_home_opens_my_progress_as_the_other_menu_lines_have_a_key(store: Any, profile: Any) -> None:
    app = TutorApp(store, profile)
    async with app.run_test(size=(80, 24)) as pilot:
        await home_ready(pilot)
        await pilot.press("m")
        await pilot.pause()
        assert isinstance(app.screen, ProgressScreen)
