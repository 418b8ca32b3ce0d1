"""The screens in the learner's language: the Settings screen offers each language in its own words,
and a change is spoken at once on every screen (Home opens again in it); help and the footer say
their keys in it too."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from textual.widgets import OptionList, Select
from ui_helpers import home_ready, open_from_home, until

from tutor import language
from tutor.course.mistakes import mistake_book
from tutor.language import LANGUAGES
from tutor.learner import lessons
from tutor.quiz.bank import read_bank
from tutor.ui.app import TutorApp
from tutor.ui.dialogs import HelpScreen
from tutor.ui.footer import KeysLine
from tutor.ui.home import HomeScreen
from tutor.ui.settings_screen import SettingsScreen

GERMAN = {
    "Lessons": "Lektionen",
    "Settings": "Einstellungen",
    "Home": "Start",
    "Help": "Hilfe",
    "Quit": "Beenden",
    "On this screen": "Auf diesem Bildschirm",
    "Settings saved. New rules, cards and help level start with your next game.": (
        "Einstellungen gespeichert. Neue Regeln, Karten und Hilfe gelten ab deinem nächsten Spiel."
    ),
}


@pytest.fixture
def german(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """A German catalogue of a few of the screens' words (the real one is filled by the translators)."""
    catalogue = Catalog(locale="de")
    for english, german in GERMAN.items():
        catalogue.add(english, german)
    folder = tmp_path / "de" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    with (folder / f"{language.DOMAIN}.mo").open("wb") as file:
        write_mo(file, catalogue)
    monkeypatch.setattr(language, "LOCALE_DIR", tmp_path)
    # What is read with this catalogue is kept apart and forgotten after: kept in the process's own
    # caches, it made the German snapshots of a test run later in the same worker speak English.
    monkeypatch.setattr(language, "_loaded", {})
    for reading in (lessons._course, mistake_book, read_bank):
        monkeypatch.setattr(reading, "_kept", {})
    yield
    language.use(language.ENGLISH)


def menu_words(app: TutorApp) -> list[str]:
    menu = app.screen.query_one("#menu", OptionList)
    return [str(menu.get_option_at_index(index).prompt) for index in range(menu.option_count)]


async def test_settings_offers_each_language_in_its_own_words(store: Any, profile: Any) -> None:
    app = TutorApp(store, profile)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_from_home(pilot, "s", SettingsScreen)
        choice = screen.query_one("#language", Select)
        assert [label for label, _ in choice._options] == list(LANGUAGES.values())
        assert choice.value == "en"  # the language spoken now, while the learner has chosen none


async def test_a_new_language_is_spoken_at_once_from_home(store: Any, profile: Any, german: None) -> None:
    app = TutorApp(store, profile)
    async with app.run_test(size=(80, 24)) as pilot:
        await home_ready(pilot)
        old_home = app.screen
        assert "Lessons" in menu_words(app)
        screen = await open_from_home(pilot, "s", SettingsScreen)
        screen.query_one("#language", Select).value = "de"
        await pilot.pause()
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert language.current() == "de"
        assert isinstance(app.screen, HomeScreen) and app.screen is not old_home
        assert len(app.screen_stack) == 2  # nothing made in English is left below it
        assert "Lektionen" in menu_words(app) and "Lessons" not in menu_words(app)
        assert app.screen.sub_title == "Start"
        footer = [entry.description for entry in app.screen.query_one(KeysLine).entries]
        assert "Hilfe" in footer and "Einstellungen" in footer
        await pilot.press("f1")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        assert any("Auf diesem Bildschirm" in str(static.content) for static in app.screen.query(".help-section"))
    assert store.load_settings(profile).language == "de"


async def test_settings_saved_unchanged_keep_following_the_environment(store: Any, profile: Any) -> None:
    app = TutorApp(store, profile)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_from_home(pilot, "s", SettingsScreen)
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen)
    assert store.load_settings(profile).language == ""


@pytest.mark.parametrize(("code", "key", "shown"), [("en", "y", "(Y)"), ("es", "s", "(S)"), ("de", "j", "(J)")])
async def test_a_question_says_yes_with_its_own_languages_letter(store: Any, profile: Any, code: str, key: str, shown: str) -> None:
    """A walker's Spanish question read "Seguir (Y)" and S did nothing: yes is the first letter of
    the language's own word (y still works); in English, s is no answer at all."""
    from textual.widgets import Button

    from tutor.ui.dialogs import ConfirmScreen

    answers: list[bool | None] = []
    language.ask(code)  # as --lang does: the learner's session speaks it too
    try:
        app = TutorApp(store, profile)
        async with app.run_test(size=(80, 24)) as pilot:
            await home_ready(pilot)
            for letter in ("s", key) if code == "en" else (key, "y"):
                app.push_screen(ConfirmScreen("?"), answers.append)
                await pilot.pause()
                assert str(app.screen.query_one("#yes", Button).label).endswith(shown)
                await pilot.press(letter)
                await pilot.pause()
                if code == "en" and letter == "s":
                    assert isinstance(app.screen, ConfirmScreen) and answers == []
                    await pilot.press("escape")
                    await pilot.pause()
                    answers.clear()
    finally:
        language.ask(None)
    assert answers == ([True] if code == "en" else [True, True])


SAVE_QUESTION = [
    ("es", "gns", ("Guardar (G)", "No guardar (N)", "Seguir editando (S)")),
    ("de", "snw", ("Speichern (S)", "Nicht speichern (N)", "Weiter ändern (W)")),
]


@pytest.mark.parametrize(("code", "keys", "labels"), SAVE_QUESTION)
async def test_leaving_unsaved_settings_answers_with_each_words_first_letter(store: Any, profile: Any, code: str, keys: str, labels: tuple[str, ...]) -> None:
    """A walker's Spanish and German question offered "No guardar (D)" and "Seguir editando (K)":
    letters of the English words. Each answer's letter is now its own word's first letter, and the
    English letters are no answer there (Spanish S keeps editing, never saves)."""
    from textual.widgets import Button

    from tutor.ui.dialogs import SaveChangesScreen

    answers: list[str | None] = []
    language.ask(code)
    try:
        app = TutorApp(store, profile)
        async with app.run_test(size=(100, 30)) as pilot:
            await home_ready(pilot)
            for key, expected in zip(keys, ("save", "discard", None), strict=True):
                app.push_screen(SaveChangesScreen(), answers.append)
                await pilot.pause()
                assert tuple(str(button.label) for button in app.screen.query(Button)) == labels
                await pilot.press("d" if code == "es" else "k")  # the English letters: nothing
                await pilot.pause()
                assert isinstance(app.screen, SaveChangesScreen) and not answers
                await pilot.press(key)
                await pilot.pause()
                assert answers == [expected]
                answers.clear()
    finally:
        language.ask(None)


@pytest.mark.parametrize(("code", "yes"), [("en", "Y"), ("es", "S"), ("de", "J")])
async def test_the_letters_answer_in_capitals_as_the_buttons_show_them(store: Any, profile: Any, code: str, yes: str) -> None:
    """A walker pressed Shift+S, the "(S)" the button shows, and nothing happened: a question's
    letters answer in capitals too, yes and no, and so do the unsaved settings' three."""
    from tutor.ui.dialogs import ConfirmScreen, SaveChangesScreen

    answers: list[object] = []
    language.ask(code)
    try:
        app = TutorApp(store, profile)
        async with app.run_test(size=(100, 30)) as pilot:
            await home_ready(pilot)
            for key in (yes, "N"):
                app.push_screen(ConfirmScreen("?"), answers.append)
                await pilot.pause()
                await pilot.press(key)
                await pilot.pause()
            assert answers == [True, False]
            if code != "en":
                keys = next(letters for language_code, letters, _ in SAVE_QUESTION if language_code == code)
                for key in keys.upper():
                    app.push_screen(SaveChangesScreen(), answers.append)
                    await pilot.pause()
                    await pilot.press(key)
                    await pilot.pause()
                assert answers[2:] == ["save", "discard", None]
    finally:
        language.ask(None)


async def test_the_command_palette_says_no_matches_in_the_language_in_use(store: Any, profile: Any) -> None:
    """Textual's palette said "No matches found" in English in every language."""
    from textual.command import CommandList, CommandPalette

    def options(app: TutorApp) -> list[str | None]:
        lists = app.screen.query(CommandList)
        return [option.id for option in lists.first().options] if lists else []

    language.ask("es")
    try:
        app = TutorApp(store, profile)
        async with app.run_test(size=(80, 24)) as pilot:
            await home_ready(pilot)
            await pilot.press("ctrl+p", *"zzzq")
            await until(pilot, lambda: CommandPalette._NO_MATCHES in options(app))
            shown = app.screen.query_one(CommandList).get_option(CommandPalette._NO_MATCHES).prompt
            assert "No se ha encontrado nada" in str(getattr(shown, "renderable", shown))
    finally:
        language.ask(None)
