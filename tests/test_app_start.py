"""The app builds with no arguments, as `textual run tutor.ui.app:TutorApp` builds it."""

from __future__ import annotations

import argparse
import sqlite3
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot
from textual.widgets import Input, OptionList
from ui_helpers import home_ready, until

from tutor.store import Store, open_store
from tutor.ui.app import TutorApp
from tutor.ui.home import HomeScreen
from tutor.ui.profiles_screen import ProfilePickerScreen


async def test_the_app_with_no_arguments_uses_the_default_store_and_asks_who_is_learning(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("OLD_MAID_TUTOR_HOME", str(tmp_path / "home"))
    app = TutorApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, ProfilePickerScreen)
        app.screen.query_one(Input).value = "Noor"
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen)
    with pytest.raises(sqlite3.ProgrammingError):  # the app closed the store it opened
        app.store.profiles()
    store = open_store(tmp_path / "home")
    try:
        assert [profile.name for profile in store.profiles()] == ["Noor"]
    finally:
        store.close()


async def test_someone_else_on_the_home_menu_adds_a_second_learner_and_escape_stays(tmp_path: Path) -> None:
    store = open_store(tmp_path / "home")
    ana = store.get_or_create_profile("Ana")
    app = TutorApp(store, ana)
    try:
        async with app.run_test(size=(60, 20)) as pilot:
            await pilot.pause()
            assert isinstance(app.screen, HomeScreen)
            app.screen.action_choose("learner")
            await pilot.pause()
            assert isinstance(app.screen, ProfilePickerScreen)
            await pilot.press("escape")  # changed their mind: still Ana, at home
            await pilot.pause()
            assert isinstance(app.screen, HomeScreen) and app.session.profile == ana and len(app.screen_stack) == 2
            app.screen.action_choose("learner")
            await pilot.pause()
            await pilot.press("down", "enter")  # + New learner
            await pilot.pause()
            app.screen.query_one(Input).value = "Ben"
            await pilot.press("enter")
            await pilot.pause()
            assert isinstance(app.screen, HomeScreen) and app.has_learner and app.session.name == "Ben"
            assert len(app.screen_stack) == 2  # Ana's home is gone, not left underneath
            assert [profile.name for profile in store.profiles()] == ["Ana", "Ben"]
    finally:
        store.close()


def test_textual_run_can_import_and_build_the_app(tmp_path: Path) -> None:
    """What `textual run tutor.ui.app:TutorApp` does: import the module and call the class bare."""
    script = "import tutor.ui.app as m; app = m.TutorApp(); print(type(app.store).__name__); app.store.close()"
    env = {"OLD_MAID_TUTOR_HOME": str(tmp_path), "PATH": "/usr/bin:/bin", "HOME": str(tmp_path)}
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, env=env, cwd=Path(__file__).parent.parent, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "Store"


def test_home_loads_no_game_engine_before_its_first_frame() -> None:
    """The command line, the app and Home import none of the engine's play (its game, moves and
    events: about 15 ms of a start in a terminal); the first game or lesson loads them. Nor, in
    English, the reader of the other languages' catalogues, nor the profile files' reader and
    writer (about 3 ms, and 60 KiB kept by every game table), nor the picture decks for a learner
    who plays with the standard one, nor the teacher's and scripts' commands (about 200 KiB)."""
    play = ("tutor.engine.game", "tutor.engine.events", "tutor.engine.actions", "tutor.wording.going_out", "tutor.compiled_catalogue")
    play += ("tutor.store.transfer", "tutor.engine.decks", "tutor.learner.teacher", "tutor.serve.command", "tutor.cli.tables")
    code = (
        "import sys, tutor.cli.command, tutor.ui.app, tutor.ui.home; from tutor.settings import Settings; Settings().rules(); "
        "tutor.cli.command.build_parser(['--profile', 'Ana']).parse_args(['--profile', 'Ana']); "
        f"print(sorted(m for m in sys.modules if m in {play!r}))"
    )
    loaded = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=Path(__file__).parent.parent, timeout=60)
    assert loaded.stdout.strip() == "[]", loaded.stdout + loaded.stderr


def test_home_says_start_here_without_reading_the_learner_policy_first() -> None:
    """Home's first frame says "Start here" to a new learner: the store says so at once, and the
    policy's import (about 5 ms, with what it brings) waits for the course, as before."""
    code = (
        "import sys, asyncio, tempfile\n"
        "from tutor.ui import home\n"
        "home.COURSE_AFTER = 60.0\n"
        "from tutor.store import open_store\n"
        "from tutor.ui.app import TutorApp\n"
        "store = open_store(tempfile.mkdtemp()); profile = store.get_or_create_profile('Ana')\n"
        "app = TutorApp(store, profile)\n"
        "async def main():\n"
        "    async with app.run_test(size=(80, 24)) as pilot:\n"
        "        await pilot.pause()\n"
        "        first = str(app.screen.query_one('#menu').get_option_at_index(0).prompt)\n"
        "        print(type(app.screen).__name__, first.startswith('▶ Start here'), 'tutor.learner.policy' in sys.modules)\n"
        "asyncio.run(main())\n"
    )
    shown = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=Path(__file__).parent.parent, timeout=60)
    assert shown.stdout.strip() == "HomeScreen True False", shown.stdout + shown.stderr


COMMAND_LINES = [
    [],
    ["--profile", "Ana"],
    ["--profile", "serve"],
    ["--profile=serve", "play", "--seed", "3"],
    ["--data-dir", "/tmp/x", "--lang", "es", "quiz", "--seed", "2"],
    ["--plain", "lesson", "pairs"],
    ["play", "--with", "Ben", "--table", "red"],
    ["decks"],
    ["--", "play"],
    ["serve", "--port", "8001"],
    ["--profile", "Ana", "tables"],
    ["--prof", "Ana", "teacher", "pin"],
    ["lessons", "check"],
    ["export", "Ana", "ana.json"],
    ["bogus"],
    ["play", "--bogus"],
    ["--lang", "xx"],
]


@pytest.mark.parametrize("words", COMMAND_LINES)
def test_the_parser_for_a_command_line_reads_it_as_the_whole_parser_does(words: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    """`build_parser(words)` leaves out the commands other modules keep when the words cannot name
    one: what it makes of the words (or says of them) is the whole parser's."""
    from tutor.cli.command import build_parser

    def read(parser: argparse.ArgumentParser) -> tuple[object, str]:
        try:
            args = vars(parser.parse_args(words))
        except SystemExit as stopped:
            return stopped.code, capsys.readouterr().err
        func = args.pop("func", None)
        return (args, getattr(func, "__qualname__", func)), ""

    assert read(build_parser(words)) == read(build_parser())


@pytest.mark.parametrize("served", [False, True])
async def test_a_classroom_tab_offers_no_screenshot(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, served: bool) -> None:
    if served:
        monkeypatch.setenv("OLD_MAID_TUTOR_SERVED", "1")
    store = open_store(tmp_path)
    app = TutorApp(store, store.get_or_create_profile("Ana"))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        commands = {command.title: command.help for command in app.get_system_commands(app.screen)}
        assert "Quiz" in commands and "Quit" in commands and "Colours" in commands
        assert ("Save a picture" in commands) is not served
        for words in ("widget", "SVG 'screenshot'", "as soon as possible", "Maximize"):  # Textual's words for programmers
            assert not any(words in f"{title} {help}" for title, help in commands.items()), words
    store.close()


async def test_a_name_typed_while_the_file_is_busy_is_saved_without_pressing_enter_again(tmp_path: Path) -> None:
    """A class starting at once keeps the progress file busy for a moment: the child's name waits its
    turn by itself instead of asking the child to press Enter again."""
    import sqlite3

    store = open_store(tmp_path)
    app = TutorApp(store, None)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        other_tab = sqlite3.connect(tmp_path / "progress.db", isolation_level=None)
        other_tab.execute("BEGIN IMMEDIATE")
        await pilot.press(*"Ana", "enter")
        await until(pilot, lambda: "Just a moment" in str(app.screen.query_one("#picker-message").render()))
        assert isinstance(app.screen, ProfilePickerScreen)
        await pilot.press("enter")  # a second Enter starts no second try
        other_tab.execute("ROLLBACK")
        other_tab.close()
        await reach_home(pilot, seconds=10)
        assert isinstance(app.screen, HomeScreen) and app.has_learner and app.session.name == "Ana"
    assert [profile.name for profile in store.profiles()] == ["Ana"]
    store.close()


@pytest.mark.parametrize("name", ["Zara", "tom"])  # a lowercase t once opened the teacher's PIN
async def test_typing_a_name_at_the_list_starts_a_new_name_never_the_highlighted_learner(tmp_path: Path, name: str) -> None:
    store, app = picker_with(tmp_path, "Bo", "Sam")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert app.screen.query_one("#picker-list").display
        await pilot.press(*name, "enter")
        await reach_home(pilot, seconds=2)
        assert app.has_learner and app.session.name == name
    store.close()


async def test_a_name_that_looks_like_a_learners_is_refused_in_plain_words(tmp_path: Path) -> None:
    store, app = picker_with(tmp_path, "Bo")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("\u0412", "o", "enter")  # Cyrillic В
        await pilot.pause()
        said = str(app.screen.query_one("#picker-message").render())
        assert said == "✗ That name looks just like Bo, who is already learning here. Please choose a different name."
    store.close()


async def test_in_a_classroom_escape_at_who_is_learning_does_not_end_the_tab(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("OLD_MAID_TUTOR_SERVED", "1")
    store = open_store(tmp_path)
    app = TutorApp(store, None)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, ProfilePickerScreen) and app.is_running
    store.close()


async def test_a_name_typed_fast_at_the_list_loses_no_letter(tmp_path: Path) -> None:
    from textual import events

    store, app = picker_with(tmp_path, "Bo", "Sam")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        for char in "tom":  # all at once, as a terminal sends a fast typist's keys
            app.post_message(events.Key(char, char))
        await pilot.pause()
        assert app.screen.query_one("#picker-name", Input).value == "tom"
    store.close()


@pytest.mark.parametrize("steps", range(9))
async def test_a_name_typed_in_a_burst_arrives_in_its_order(tmp_path: Path, steps: int) -> None:
    """The name Leo typed at the list with the app a few steps behind each key, as in a busy class: the
    first letter moves the focus to the name box, and the letters went some to the list and some to
    the box, each with its own queue ("loe" with four steps between, found by a browser test)."""
    import asyncio

    from textual import events

    store, app = picker_with(tmp_path, "Bo", "Sam")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        for char, after in (("l", steps), ("e", steps // 3), ("o", 0)):
            app.post_message(events.Key(char, char))
            for _ in range(after):
                await asyncio.sleep(0)
        await pilot.pause()
        assert app.screen.query_one("#picker-name", Input).value == "leo"
    store.close()


def picker_with(folder: Path, *names: str) -> tuple[Store, TutorApp]:
    """A store with these learners, and an app that starts at "Who is learning?"."""
    store = open_store(folder)
    for name in names:
        store.get_or_create_profile(name)
    return store, TutorApp(store, None)


async def reach_home(pilot: Pilot[None], seconds: float) -> None:
    """Wait until the home screen is on top (a name is saved first), at most `seconds`."""
    for _ in range(int(seconds * 10)):
        await pilot.pause(0.1)
        if isinstance(pilot.app.screen, HomeScreen):
            return


async def test_home_follows_a_course_read_already_on_its_first_frame(store: Store, profile: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """A classroom's tab finds the course read by the warm process: Continue says where to go at
    once, with no wait and no thread to read it."""
    from tutor.learner.lessons import course_for_app
    from tutor.ui import home

    course_for_app()
    monkeypatch.setattr(home, "COURSE_AFTER", 60.0)
    app = TutorApp(store, profile)
    async with app.run_test(size=(100, 34)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, HomeScreen))
        assert isinstance(app.screen, HomeScreen) and app.screen.followed


async def test_a_new_learner_is_told_start_here_before_the_course_is_read(store: Store, profile: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """Home said "Continue" for a second, then "Start here", to a learner with nothing done: the
    store says who is new at once; the course, read after, only says where Continue leads."""
    from tutor.learner.session import LearnerSession
    from tutor.ui import home
    from tutor.ui.footer import KeysLine

    monkeypatch.setattr(home, "COURSE_AFTER", 60.0)
    monkeypatch.setattr(LearnerSession, "course_is_read", staticmethod(lambda: False))
    for word in ("Start here", "Continue"):
        app = TutorApp(store, profile)
        async with app.run_test(size=(100, 34)) as pilot:
            await until(pilot, lambda: isinstance(pilot.app.screen, HomeScreen))
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, HomeScreen) and not screen.followed
            first = screen.query_one("#menu", OptionList).get_option_at_index(0).prompt
            assert str(first).startswith(f"▶ {word}")
            assert ("c", word) in [(entry.key, entry.description) for entry in screen.query_one(KeysLine).entries]
        store.save_lesson_progress(profile, "deck-and-deal", 2, 0, False)


async def test_home_covered_at_once_reads_the_course_only_once_it_shows(store: Store, profile: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """`play` covers Home at once: the course (a few MiB) is not read behind the game, and Continue
    follows the learner's progress as soon as Home shows."""
    from tutor.ui import home

    monkeypatch.setattr(home, "COURSE_AFTER", 0.05)
    app = TutorApp(store, profile, start="play", seed=1)
    async with app.run_test(size=(100, 34)) as pilot:
        await pilot.pause(0.3)
        covered = app.screen_stack[1]
        assert isinstance(covered, HomeScreen) and type(app.screen).__name__ == "GameScreen"
        assert not covered.reading and not covered.followed
        app.action_go_home()
        await home_ready(pilot)
