"""The app under store faults, another window, and Textual's palette crash (issue 12), with Pilot."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from textual import events
from textual.command import CommandPalette
from textual.widgets import OptionList
from ui_helpers import until

from tutor.store import Profile, Store, open_store
from tutor.store import store as store_module
from tutor.store.schema import LATEST
from tutor.ui import store_faults
from tutor.ui.app import TutorApp
from tutor.ui.home import HomeScreen
from tutor.ui.profiles_screen import ProfilePickerScreen
from tutor.ui.store_faults import ChoiceScreen

SIZE = (80, 24)


def saved_again(app: TutorApp) -> bool:
    """Whether the learner has been told that the moves kept here are saved (the store may have
    written them a moment before the app's next retry, which says so)."""
    return any("Everything is saved again" in toast for toast in toasts(app))


def toasts(app: TutorApp) -> list[str]:
    return [str(notification.message) for notification in app._notifications]


@pytest.mark.parametrize("key", ["pageup", "pagedown"])
async def test_page_keys_at_once_after_ctrl_p_do_not_stop_the_app(store: Store, profile: object, key: str) -> None:
    app = TutorApp(store, profile)  # type: ignore[arg-type]
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert app._driver is not None
        app._driver.send_message(events.Key("ctrl+p", None))  # no wait between the keys, as typed
        app._driver.send_message(events.Key(key, None))
        await pilot.pause()
        assert isinstance(app.screen, CommandPalette)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen)
    assert app.return_code in (0, None)


async def test_a_busy_file_shows_waiting_then_saves_without_freezing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(store_faults, "BUSY_RETRY_SECONDS", 0.1)
    store = open_store(tmp_path)
    ana = store.get_or_create_profile("Ana")
    app = TutorApp(store, ana)
    other = sqlite3.connect(tmp_path / "progress.db", isolation_level=None)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        other.execute("BEGIN IMMEDIATE")
        other.execute(f"PRAGMA user_version = {LATEST}")
        store.save_game(ana, {"turn": 4})
        await pilot.pause()
        assert any("Waiting for another window" in toast for toast in toasts(app))
        assert store.unsaved == 1
        other.execute("ROLLBACK")
        await until(pilot, lambda: store.unsaved == 0 and saved_again(app))
    other.close()
    store.close()
    with open_store(tmp_path) as again:
        assert again.load_game(again.profiles()[0]) == {"turn": 4}


async def test_a_reset_everything_elsewhere_is_explained_then_a_learner_is_chosen(tmp_path: Path) -> None:
    store = open_store(tmp_path)
    ana = store.get_or_create_profile("Ana")
    app = TutorApp(store, ana)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        with open_store(tmp_path) as elsewhere:
            elsewhere.reset_everything()
        store.save_game(ana, {"turn": 1})  # the next save finds the profile gone
        await pilot.pause()
        assert isinstance(app.screen, ChoiceScreen)
        assert "was removed in another window" in app.screen.message
        await pilot.press("c")
        await pilot.pause()
        assert isinstance(app.screen, ProfilePickerScreen)
    store.close()


def ana_open_in_a_first_window(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[Store, Profile]:
    """A first window (its store) holding Ana's profile, its process taken as still running."""
    monkeypatch.setattr(store_module, "_running", lambda host, pid: True)
    first = open_store(tmp_path)
    ana = first.get_or_create_profile("Ana")
    first.claim(ana)
    return first, ana


async def test_a_profile_open_in_another_window_offers_look_only_or_take_over(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    first, ana = ana_open_in_a_first_window(tmp_path, monkeypatch)
    first.save_game(ana, {"by": "first"})
    second = open_store(tmp_path)
    app = TutorApp(second, ana)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, ChoiceScreen)
        assert "open in another window" in app.screen.message
        await pilot.press("l")  # look only
        await pilot.pause()
        assert not isinstance(app.screen, ChoiceScreen) and second.watching(ana)
        assert any(isinstance(screen, HomeScreen) for screen in app.screen_stack)
        second.save_game(ana, {"by": "second"})
    assert first.load_game(ana) == {"by": "first"}
    second.close()
    third = open_store(tmp_path)
    app = TutorApp(third, ana)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("t")  # take over
        await pilot.pause()
        assert any(isinstance(screen, HomeScreen) for screen in app.screen_stack)
        third.save_game(ana, {"by": "third"})
    reported: list[object] = []
    first.report_faults_to(reported.append)
    first.save_game(ana, {"by": "first, again"})
    assert len(reported) == 1 and "taken over" in str(reported[0])
    assert third.load_game(ana) == {"by": "third"}
    first.close()
    third.close()


async def test_the_three_choices_fit_a_60x20_window_and_enter_takes_the_first(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    first, ana = ana_open_in_a_first_window(tmp_path, monkeypatch)
    second = open_store(tmp_path)
    app = TutorApp(second, ana)
    async with app.run_test(size=(60, 20)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, ChoiceScreen)
        choices = app.screen.query_one("#choices", OptionList)
        labels = [str(choices.get_option_at_index(index).prompt) for index in range(choices.option_count)]
        assert labels == ["Look only (L)", "Take over (T)", "Another learner (A)"]
        assert app.screen.region.contains_region(choices.region)
        assert choices.scrollable_content_region.width >= max(map(len, labels))
        assert choices.scrollable_content_region.height >= len(labels)  # all three in sight
        await pilot.press("enter")
        await pilot.pause()
        assert not isinstance(app.screen, ChoiceScreen) and second.watching(ana)
    first.close()
    second.close()


async def test_closing_the_palette_while_it_gathers_commands_does_not_stop_the_app(store: Store, profile: object) -> None:
    app = TutorApp(store, profile)  # type: ignore[arg-type]
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert app._driver is not None
        for typed in ["", "z", "qu", "p"]:  # as fast as a child's fingers: no wait between keys
            app._driver.send_message(events.Key("ctrl+p", None))
            for letter in typed:
                app._driver.send_message(events.Key(letter, letter))
            app._driver.send_message(events.Key("escape", None))
            await pilot.pause(0.3)
        await until(pilot, lambda: not isinstance(app.screen, CommandPalette))  # (a busy machine is slower than a child)
        assert app._exception is None


async def test_screens_opening_as_the_app_closes_do_not_crash(store: Store, profile: object) -> None:
    """Found by the soak: Ctrl+Q while a screen opens can run its on_mount once the closing app has
    let go of it (some of its widgets already gone)."""
    from tutor.ui.lessons import LessonListScreen, LessonScreen
    from tutor.ui.settings_screen import SettingsScreen
    from tutor.ui.teacher_screen import PinScreen

    app = TutorApp(store, profile)  # type: ignore[arg-type]
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        for screen in (SettingsScreen(), LessonListScreen(), LessonScreen("pairs"), PinScreen.asking("to test")):
            await app.push_screen(screen)
            await pilot.pause()
            await app.pop_screen()
            await pilot.pause()
            assert not screen.is_attached
            screen.on_mount()  # taken down already: nothing to fill, it lets go
            if isinstance(screen, LessonListScreen):
                screen.on_screen_resume()  # the same when it comes back as the app closes (soak seed 64)
        assert app.is_running


async def test_a_screen_the_app_is_taking_down_lets_go_while_still_attached(store: Store, profile: object) -> None:
    """Found by the soak (seed 69): Textual takes a screen's widgets away before it lets go of the
    screen, so an on_mount run in between finds the screen attached but its list gone."""
    from textual.css.query import NoMatches

    from tutor.ui.lessons import LessonListScreen

    app = TutorApp(store, profile)  # type: ignore[arg-type]
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = LessonListScreen()
        await app.push_screen(screen)
        await pilot.pause()
        await screen.query_one("#lesson-list").remove()
        with pytest.raises(NoMatches):
            screen.on_mount()  # a screen the app keeps: a missing widget is a real mistake, raised
        screen._pruning = True  # as Textual marks every node it is about to remove, the screen too
        assert screen.is_attached
        screen.on_mount()
        screen.on_screen_resume()
        screen._pruning = False
        await app.pop_screen()
        await pilot.pause()
        assert app.is_running


async def test_the_palette_closes_only_itself(store: Store, profile: object) -> None:
    """Found by the soak: a command chosen when another screen is over the palette (or none is
    under it) made Textual pop the wrong screen, or raise."""
    from tutor.ui.dialogs import HelpScreen
    from tutor.ui.palette import SafeCommandPalette

    app = TutorApp(store, profile)  # type: ignore[arg-type]
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        home = app.screen
        palette = SafeCommandPalette()
        await app.push_screen(palette)
        await app.push_screen(HelpScreen("Help", []))
        await pilot.pause()
        palette.dismiss()
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen) and palette in app.screen_stack
        app.pop_screen()
        await pilot.pause()
        palette.dismiss()
        await pilot.pause()
        assert app.screen is home and app.is_running


async def test_a_lost_school_database_is_said_plainly_and_the_moves_are_saved_when_it_is_back(
    postgres_cluster: object, monkeypatch: pytest.MonkeyPatch
) -> None:
    from test_store_postgres import rows, terminate

    monkeypatch.setattr(store_faults, "OTHER_RETRY_SECONDS", 0.2)
    url = postgres_cluster.new_database()  # type: ignore[attr-defined]
    name = url.partition("@/")[2].partition("?")[0]
    store = open_store(database=url)
    ana = store.get_or_create_profile("Ana")
    app = TutorApp(store, ana)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        rows(postgres_cluster.socket_url, f"ALTER DATABASE {name} ALLOW_CONNECTIONS false")  # type: ignore[attr-defined]
        terminate(postgres_cluster, store)
        store.save_game(ana, {"turn": 4})
        await pilot.pause()
        assert any(toast.startswith("The school's computer that keeps progress cannot be reached right now. Keep playing") for toast in toasts(app))
        assert store.unsaved == 1
        rows(postgres_cluster.socket_url, f"ALTER DATABASE {name} ALLOW_CONNECTIONS true")  # type: ignore[attr-defined]
        await until(pilot, lambda: store.unsaved == 0 and saved_again(app), seconds=10)
    store.close()
    with open_store(database=url) as again:
        assert again.load_game(again.profiles()[0]) == {"turn": 4}


async def test_reads_while_the_school_database_is_lost_use_the_learner_kept_here_and_the_moves_are_saved_when_it_is_back(
    postgres_cluster: object, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The lessons list and the progress screen read the learner's record: while the database is
    gone they read the copy kept here (with the moves not saved yet), say so once, and nothing is lost."""
    from test_game_table import lay_down_all_and_finish
    from test_store_postgres import rows, terminate
    from ui_helpers import session_of

    from tutor.ui.lessons.list_screen import LessonListScreen
    from tutor.ui.progress_screen import ProgressScreen

    monkeypatch.setattr(store_faults, "OTHER_RETRY_SECONDS", 0.2)
    url = postgres_cluster.new_database()  # type: ignore[attr-defined]
    name = url.partition("@/")[2].partition("?")[0]
    store = open_store(database=url)
    ana = store.get_or_create_profile("Ana")
    app = TutorApp(store, ana, start="play", seed=4)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        rows(postgres_cluster.socket_url, f"ALTER DATABASE {name} ALLOW_CONNECTIONS false")  # type: ignore[attr-defined]
        terminate(postgres_cluster, store)
        await lay_down_all_and_finish(pilot, app)  # moves, each one saved (waiting)
        played = session_of(app).to_dict()
        assert store.unsaved >= 1
        await pilot.press("escape")
        await pilot.press("l")
        await until(pilot, lambda: isinstance(app.screen, LessonListScreen))
        app.action_open("progress")
        await until(pilot, lambda: isinstance(app.screen, ProgressScreen))
        assert app.is_running
        lost = [toast for toast in toasts(app) if "cannot be reached right now" in toast]
        assert len(lost) == 1, toasts(app)
        assert store.profile_data(ana).game == played  # the copy kept here has the moves not saved yet
        rows(postgres_cluster.socket_url, f"ALTER DATABASE {name} ALLOW_CONNECTIONS true")  # type: ignore[attr-defined]
        await until(pilot, lambda: store.unsaved == 0 and saved_again(app), seconds=10)
    store.close()
    with open_store(database=url) as again:
        assert again.load_game(again.profiles()[0]) == played
