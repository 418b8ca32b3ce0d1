"""The home screen's "Play with others": friends named here start a game taken in turns at this
keyboard; "at a table" lists the tables; a name that cannot play is said under the field."""

from __future__ import annotations

from typing import Any

import pytest
from textual.widgets import Static
from ui_helpers import home_ready, open_from_home

from tutor.play.guided_game import Stage
from tutor.ui.app import TutorApp
from tutor.ui.game_screen import GameScreen
from tutor.ui.home import HomeScreen
from tutor.ui.store_faults import ChoiceScreen
from tutor.ui.together_screen import FriendsScreen

SIZE = (80, 24)


def said(app: TutorApp, widget: str) -> str:
    return str(app.screen.query_one(widget, Static).render())


async def test_friends_named_here_play_one_game_taking_turns(store: Any, profile: Any) -> None:
    app = TutorApp(store, profile, seed=3)
    async with app.run_test(size=SIZE) as pilot:
        await home_ready(pilot)
        await open_from_home(pilot, "o", ChoiceScreen)
        await pilot.press("k")
        await pilot.pause()
        assert isinstance(app.screen, FriendsScreen)
        assert said(app, "#friends-playing") == "Playing: just you, so far."  # Spanish said "Juegan: tú."
        await pilot.press("enter")
        assert "Type the name of a friend" in said(app, "#friends-problem")
        for key in (*profile.name, "enter"):
            await pilot.press(key)
        assert f"✗ {profile.name} is already playing: name someone else to play with." in said(app, "#friends-problem")
        for key in ("B", "e", "n", "enter"):  # typed over the refused name (it became "RobinBen")
            await pilot.press(key)
        assert "Playing: you and Ben." in said(app, "#friends-playing")
        await pilot.press("enter")
        for _ in range(20):
            await pilot.pause()
            if isinstance(app.screen, GameScreen):
                break
        assert isinstance(app.screen, GameScreen)
        game = app.screen.session
        assert [game.names[seat] for seat in game.humans] == [profile.name, "Ben"]
        assert game.stage in (Stage.PAIRING, Stage.HAND_OVER)


async def test_escape_at_the_question_where_the_others_are_goes_back_home(store: Any, profile: Any) -> None:
    """Escape did nothing there: the only way out was to choose one of the two."""
    app = TutorApp(store, profile)
    async with app.run_test(size=SIZE) as pilot:
        await home_ready(pilot)
        await open_from_home(pilot, "o", ChoiceScreen)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen) and store.load_game(profile) is None


async def test_escape_at_the_names_goes_back_home_with_nothing_started(store: Any, profile: Any) -> None:
    app = TutorApp(store, profile)
    async with app.run_test(size=SIZE) as pilot:
        await home_ready(pilot)
        await pilot.press("o", "k")
        await pilot.pause()
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen) and store.load_game(profile) is None


async def test_at_a_table_lists_the_tables(store: Any, profile: Any) -> None:
    from tutor.ui.table_choice import TableChoiceScreen

    app = TutorApp(store, profile)
    async with app.run_test(size=SIZE) as pilot:
        await home_ready(pilot)
        await pilot.press("o", "t")
        await pilot.pause()
        assert isinstance(app.screen, TableChoiceScreen)


async def test_the_command_lines_table_opens_at_that_table(store: Any, profile: Any) -> None:
    from tutor.ui.table_screen import TableScreen

    app = TutorApp(store, profile, start="table:Red")
    async with app.run_test(size=SIZE) as pilot:
        for _ in range(30):
            await pilot.pause()
            if isinstance(app.screen, TableScreen):
                break
        assert isinstance(app.screen, TableScreen) and app.screen.shared.name == "Red" and app.screen.shared.is_host


def test_a_table_name_the_rule_refuses_is_one_line_before_the_app(tmp_path: Any, capsys: Any) -> None:
    from tutor.cli.command import main

    assert main(["--data-dir", str(tmp_path / "data"), "--profile", "Ana", "play", "--table", "red\x1b[2J"]) == 2
    error = capsys.readouterr().err
    assert error.startswith("old-maid-tutor play: error: the table's name:") and error.count("\n") == 1


@pytest.mark.parametrize(
    ("code", "here", "shown"), [("es", "a", ("Aquí, por turnos (A)", "En una mesa (M)")), ("de", "h", ("Hier, abwechselnd (H)", "An einem Tisch (T)"))]
)
async def test_the_choices_letters_are_letters_of_their_own_words(store: Any, profile: Any, code: str, here: str, shown: tuple[str, str]) -> None:
    """A walker's Spanish question offered "Aquí, por turnos (K)": the English word's letter. Each
    choice's key is now a letter of its words in the language in use (in capitals too)."""
    from textual.widgets import Button

    from tutor import language

    language.ask(code)
    try:
        app = TutorApp(store, profile, seed=3)
        async with app.run_test(size=SIZE) as pilot:
            await home_ready(pilot)
            await open_from_home(pilot, "o", ChoiceScreen)
            assert tuple(str(button.label) for button in app.screen.query(Button)) == shown
            await pilot.press(here.upper())
            await pilot.pause()
            assert isinstance(app.screen, FriendsScreen)
    finally:
        language.ask(None)


async def test_the_choice_of_where_to_play_keeps_its_shape_after_a_game(store: Any, profile: Any) -> None:
    """Its "At a table" button once took the game table's styles (the choice's id was "table"):
    after a game had been open, it stretched down the whole box."""
    from textual.widgets import Button

    app = TutorApp(store, profile, seed=3)
    async with app.run_test(size=SIZE) as pilot:
        await home_ready(pilot)
        app.open_game(resume=False)
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        await pilot.press("escape")
        await home_ready(pilot)
        await open_from_home(pilot, "o", ChoiceScreen)
        heights = [button.outer_size.height for button in app.screen.query(Button)]
        assert len(heights) == 2 and heights[0] == heights[1] == 3, heights
