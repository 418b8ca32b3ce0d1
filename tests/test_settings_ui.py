"""The settings screen: only valid choices, problems next to their field, unsaved changes asked about,
switches in words, and the theme kept however it was chosen."""

from __future__ import annotations

import random
from typing import Any

import pytest
from scale import scaled
from textual.pilot import Pilot
from textual.widgets import Input, Label, Select, Static, Switch
from textual.widgets._select import SelectOverlay
from ui_helpers import open_from_home

from tutor.engine.rules import SWITCHES, VARIANTS, rulebook
from tutor.settings import Settings
from tutor.ui.app import TERMINAL_THEMES, TutorApp
from tutor.ui.dialogs import SaveChangesScreen
from tutor.ui.footer import TutorFooter
from tutor.ui.home import HomeScreen
from tutor.ui.settings_screen import SettingsScreen


async def open_settings(pilot: Pilot[None]) -> SettingsScreen:
    return await open_from_home(pilot, "s", SettingsScreen)


async def choose(pilot: Pilot[None], field: str, value: Any) -> None:
    pilot.app.screen.query_one(f"#{field}", Select).value = value
    await pilot.pause()


def offered(screen: SettingsScreen, field: str) -> list[Any]:
    return [value for _, value in screen.query_one(f"#{field}", Select)._options]


def visible_switches(screen: SettingsScreen) -> set[str]:
    return {field for field in SWITCHES if screen.query_one(f"#{field}-row").display}


def problem(screen: SettingsScreen, field: str) -> str:
    box = screen.query_one(f"#{field}-problem", Static)
    return str(box.content) if box.has_class("-shown") else ""


async def test_settings_are_saved_for_the_profile(store: Any, profile: Any) -> None:
    app = TutorApp(store, profile)
    async with app.run_test(size=(100, 40)) as pilot:
        screen = await open_settings(pilot)
        await choose(pilot, "ruleset", "table")
        await choose(pilot, "players", 6)
        screen.query_one("#extra_draw_on_pair", Switch).value = True
        await choose(pilot, "theme", "high-contrast")
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen)
        assert app.theme == "high-contrast"
    settings = store.load_settings(profile)
    assert (settings.ruleset, settings.players, settings.extra_draw_on_pair) == ("table", 6, True)
    assert (settings.theme, settings.theme_chosen) == ("high-contrast", True)


async def test_only_what_the_ruleset_allows_is_offered_and_it_follows_the_ruleset(store: Any, profile: Any) -> None:
    app = TutorApp(store, profile)
    async with app.run_test(size=(100, 40)) as pilot:
        screen = await open_settings(pilot)
        for variant in [*VARIANTS, *reversed(VARIANTS)]:
            await choose(pilot, "ruleset", variant)
            book = rulebook(variant)
            assert offered(screen, "players") == list(range(book.players[0], book.players[1] + 1))
            assert offered(screen, "odd_rank") == list(book.odd_ranks)
            assert visible_switches(screen) == set(book.switches)


async def test_changing_the_ruleset_fits_the_other_choices_and_says_so_next_to_them(store: Any, profile: Any) -> None:
    app = TutorApp(store, profile)
    async with app.run_test(size=(100, 40)) as pilot:
        screen = await open_settings(pilot)
        await choose(pilot, "ruleset", "table")
        await choose(pilot, "players", 8)
        await choose(pilot, "odd_rank", "K")
        screen.query_one("#extra_draw_on_pair", Switch).value = True
        await pilot.pause()
        await choose(pilot, "ruleset", "bicycle")
        high = rulebook("bicycle").players[1]
        assert screen.query_one("#players", Select).value == high
        assert f"so this is now {high}" in problem(screen, "players")
        assert screen.query_one("#odd_rank", Select).value == "Q"
        assert "King" in problem(screen, "odd_rank")
        await choose(pilot, "players", 3)  # the learner chooses: the note has done its job
        assert problem(screen, "players") == ""
        await choose(pilot, "players", high)
        await pilot.press("ctrl+s")
        await pilot.pause()
    settings = store.load_settings(profile)
    assert (settings.ruleset, settings.players, settings.odd_rank, settings.extra_draw_on_pair) == ("bicycle", high, "Q", False)


async def test_house_rules_that_cannot_go_together_are_never_both_on(store: Any, profile: Any) -> None:
    app = TutorApp(store, profile)
    async with app.run_test(size=(100, 40)) as pilot:
        screen = await open_settings(pilot)
        screen.query_one("#odd_card_wins", Switch).value = True
        await pilot.pause()
        strict = screen.query_one("#wrong_pair_loses", Switch)
        assert strict.disabled and not strict.value
        assert "Reversed game" in problem(screen, "wrong_pair_loses")
        screen.query_one("#odd_card_wins", Switch).value = False
        await pilot.pause()
        assert not strict.disabled and problem(screen, "wrong_pair_loses") == ""


@pytest.mark.soak
async def test_settings_never_save_an_invalid_combination(store: Any, profile: Any) -> None:
    """Random changes through the form, then Save: whatever was saved is valid and is what the form showed."""
    chance = random.Random(9)
    app = TutorApp(store, profile)
    async with app.run_test(size=(100, 40)) as pilot:
        for _ in range(scaled(3)):
            screen = await open_settings(pilot)
            for _ in range(6):
                field = chance.choice(["ruleset", "players", "odd_rank", *SWITCHES])
                if field in SWITCHES:
                    switch = screen.query_one(f"#{field}", Switch)
                    if screen.query_one(f"#{field}-row").display and not switch.disabled:
                        switch.value = not switch.value
                        await pilot.pause()
                else:
                    await choose(pilot, field, chance.choice(offered(screen, field)))
            shown = screen.form()
            await pilot.press("ctrl+s")
            await pilot.pause()
            assert isinstance(app.screen, HomeScreen)
            saved = store.load_settings(profile)
            assert saved == app.settings
            saved.rules()  # the engine accepts it
            for field in ("ruleset", "players", "odd_rank", *SWITCHES):
                assert getattr(saved, field) == shown[field], field


async def test_a_problem_is_shown_next_to_its_field_and_nothing_is_saved(store: Any, profile: Any) -> None:
    app = TutorApp(store, profile)
    async with app.run_test(size=(60, 20)) as pilot:
        screen = await open_settings(pilot)
        screen.query_one("#theme", Select).focus()  # somewhere far from the name
        await pilot.pause()
        screen.query_one("#learner_name", Input).value = "   "
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.screen is screen
        assert "Please type a name" in problem(screen, "learner_name")
        box = screen.query_one("#learner_name-problem", Static)
        assert box.region.height > 0 and screen.region.contains_region(box.region)  # in view, not below the fold
        assert screen.query_one("#learner_name", Input).has_focus
    assert store.load_settings(profile) == Settings()  # nothing saved


async def test_switches_say_on_or_off_in_words(store: Any, profile: Any) -> None:
    app = TutorApp(store, profile)
    async with app.run_test(size=(100, 40)) as pilot:
        screen = await open_settings(pilot)
        state = screen.query_one("#odd_card_wins-state", Label)
        assert str(state.content) == "Off"
        screen.query_one("#odd_card_wins", Switch).value = True
        await pilot.pause()
        assert str(state.content) == "On"


async def test_leaving_with_unsaved_changes_asks_first(store: Any, profile: Any) -> None:
    app = TutorApp(store, profile)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_settings(pilot)
        await choose(pilot, "speed", "fast")
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, SaveChangesScreen)
        await pilot.press("k")  # keep editing
        await pilot.pause()
        assert app.screen is screen and screen.query_one("#speed", Select).value == "fast"
        await pilot.press("escape", "d")  # don't save
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen)
        assert store.load_settings(profile).speed == "normal"
        screen = await open_settings(pilot)
        await choose(pilot, "speed", "slow")
        await pilot.press("escape", "s")  # save
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen)
        assert store.load_settings(profile).speed == "slow"
        await open_settings(pilot)
        await pilot.press("escape")  # nothing changed: no question
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen)


async def test_every_textual_theme_and_the_high_contrast_one_are_offered(store: Any, profile: Any) -> None:
    app = TutorApp(store, profile)
    async with app.run_test(size=(100, 40)) as pilot:
        screen = await open_settings(pilot)
        themes = offered(screen, "theme")
        assert themes[0] == "high-contrast" and len(themes) == len(set(themes))
        from textual.theme import BUILTIN_THEMES

        assert set(themes) == {"high-contrast", *BUILTIN_THEMES} - set(TERMINAL_THEMES)


async def test_a_theme_picked_in_the_command_palette_is_saved(store: Any, profile: Any) -> None:
    app = TutorApp(store, profile)
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        app.search_themes()
        await pilot.pause()
        await pilot.press(*"nord")
        await pilot.pause(0.3)
        await pilot.press("enter")
        await pilot.pause()
        assert app.theme == "nord"
    settings = store.load_settings(profile)
    assert (settings.theme, settings.theme_chosen) == ("nord", True)


async def test_textual_theme_is_followed_until_the_learner_picks_one(store: Any, profile: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TEXTUAL_THEME", "gruvbox")
    app = TutorApp(store, profile)
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        assert app.theme == "gruvbox"
        screen = await open_settings(pilot)
        await choose(pilot, "speed", "fast")
        await pilot.press("ctrl+s")  # saving other settings does not make the theme "picked"
        await pilot.pause()
        assert app.theme == "gruvbox" and not store.load_settings(profile).theme_chosen
        screen = await open_settings(pilot)
        await choose(pilot, "theme", "textual-light")
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert screen is not app.screen
    again = TutorApp(store, profile)
    async with again.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        assert again.theme == "textual-light"  # picked: the environment no longer decides


async def test_the_learners_name_starts_as_the_profile_name(store: Any, profile: Any) -> None:
    app = TutorApp(store, profile)
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        assert app.settings.learner_name == "Robin"


async def test_starting_in_plain_lines_is_a_saved_setting(store: Any, profile: Any) -> None:
    app = TutorApp(store, profile)
    async with app.run_test(size=(100, 40)) as pilot:
        screen = await open_settings(pilot)
        screen.query_one("#plain_lines", Switch).value = True
        await pilot.pause()
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen)
    assert store.load_settings(profile).plain_lines


@pytest.mark.parametrize("code", ["en", "es", "de"])
def test_every_ruleset_choice_starts_with_a_capital_in_every_language(code: str) -> None:
    """Spanish names the Table rules "la mesa": the choice read "la mesa (robas a tu derecha)"."""
    from tutor import language
    from tutor.ui.settings_screen import ruleset_choices

    language.ask(code)
    labels = [label for label, _ in ruleset_choices()]
    assert len(labels) == len(VARIANTS) and all(label[:1].isupper() for label in labels), labels


@pytest.mark.parametrize("size", [(80, 24), (60, 20)])
async def test_an_open_list_stays_between_its_choice_and_the_keys(store: Any, profile: Any, size: tuple[int, int]) -> None:
    """The lists of the choices at the foot of the window and below it, opened, lie under their
    choice and above the keys' line, all of a short list in sight (at 80x24 the computer speeds were
    drawn over the keys: "esc DismisInstant")."""
    app = TutorApp(store, profile)
    async with app.run_test(size=size) as pilot:
        screen = await open_settings(pilot)
        keys_line = screen.query_one(TutorFooter).region.y
        for select in [screen.query_one(f"#{field}", Select) for field in ("guidance", "speed", "theme", "suit_style")]:
            select.focus()
            await pilot.pause()
            await pilot.press("enter")
            await pilot.pause()
            await pilot.pause()
            overlay = select.query_one(SelectOverlay)
            assert select.region.bottom <= overlay.region.y and overlay.region.bottom <= keys_line, select.id
            if select.id == "speed":
                assert overlay.region.height == overlay.option_count, "every speed in sight"
            await pilot.press("escape")
            await pilot.pause()
