"""F1 help is read from the screen's live bindings: every key that works there is listed, once."""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from babel.messages.pofile import read_po
from textual.pilot import Pilot
from ui_helpers import home_ready

from tutor import language
from tutor.ui.app import TutorApp
from tutor.ui.dialogs import HelpScreen, folded, key_name
from tutor.ui.live_keys import live_bindings


def expand(keys_text: str) -> list[str]:
    """The keys named in one help line ("F1 or ?", "Enter, N, Space", "1–9 or 0"), one entry per key."""
    keys: list[str] = []
    for name in keys_text.replace(" or ", ", ").split(", "):
        if "–" in name and name.replace("–", "").isdigit():
            low, high = name.split("–")
            keys += [str(number) for number in range(int(low), int(high) + 1)]
        else:
            keys.append(name)
    return keys


@cache
def catalogue_patterns() -> list[re.Pattern[str]]:
    """Every message the catalogue holds (tutor/locale/tutor.pot), as a pattern its placeholders
    filled in still match: a line of help in these words is translated in every language."""
    with (Path(__file__).parent.parent / "tutor" / "locale" / "tutor.pot").open("rb") as file:
        messages = [message.id for message in read_po(file) if message.id]
    singulars = [message if isinstance(message, str) else message[0] for message in messages]
    # (a message that is nearly all placeholders, like "{mark} {words}", would match anything)
    worded = [message for message in singulars if len(re.findall(r"[^\W\d_]", re.sub(r"\{\w+\}", "", message))) >= 4]
    return [re.compile(re.sub(r"\\\{\w+\\\}", ".+", re.escape(message)) + r"\Z", re.DOTALL) for message in worded]


def in_the_catalogue(words: str) -> bool:
    return any(pattern.match(words) for pattern in catalogue_patterns())


def screen_text(app: Any) -> str:
    return "\n".join("".join(segment.text for segment in strip) for strip in app.screen._compositor.render_strips())


async def check_help(pilot: Pilot[None], where: str) -> list[str]:
    """Open F1 on the current screen: every live key (not a system one) is listed exactly once, each
    line shown on screen with its explanation."""
    app = pilot.app
    screen = app.screen
    live = sorted(key_name(key) for key, active in live_bindings(screen).items() if not active.binding.system)
    await pilot.press("f1")
    await pilot.pause()
    help_screen = app.screen
    assert isinstance(help_screen, HelpScreen), where
    listed = [key for line in help_screen.lines for key in expand(line.keys_text)]
    assert sorted(listed) == live, where
    shown = screen_text(app)
    help_screen.query_one("#help-box").scroll_end(animate=False)
    await pilot.pause()
    shown += screen_text(app)
    for line in help_screen.lines:
        assert line.meaning.strip(), f"{where}: {line.keys_text} has no explanation"
        assert in_the_catalogue(line.meaning), f"{where}: {line.keys_text}: {line.meaning!r} is not in the catalogue, so it stays English in every language"
        first_keys = folded(line.keys_text).splitlines()[0]  # a long list of keys folds
        assert f"{first_keys}  {line.meaning[:20]}" in shown, f"{where}: {line.keys_text} not shown"
    for sign, meaning in help_screen.marks:
        assert in_the_catalogue(meaning), f"{where}: the mark {sign}: {meaning!r} is not in the catalogue"
        assert f"{sign}  {meaning[:20]}" in shown, f"{where}: the mark {sign} not shown"
    await pilot.press("escape")
    await pilot.pause()
    assert app.screen is screen, where
    return listed


@pytest.mark.long
async def test_every_screen_lists_each_of_its_live_keys_once(store: Any, profile: Any) -> None:
    app = TutorApp(store, profile, seed=3)
    async with app.run_test(size=(110, 70)) as pilot:
        await pilot.pause()
        home = await check_help(pilot, "home")
        assert "R" in home  # Rules, missing from the old hand-written list
        for name in ("rules", "quiz", "lessons", "lesson:pairs", "progress", "settings", "play"):
            app.action_open(name)
            await pilot.pause(0.2)
            keys = await check_help(pilot, name)
            assert keys.count("Escape") == 1, name
            if name == "play":  # a new game first asks which cards: then the table's own keys
                await pilot.press("enter")
                await pilot.pause(0.2)
                assert type(app.screen).__name__ == "GameScreen"
                keys = await check_help(pilot, "the table")
                assert keys.count("Escape") == 1
            app.pop_screen()
            await pilot.pause()


async def test_a_table_and_a_lesson_explain_their_marks(store: Any, profile: Any) -> None:
    """The ! under a card a mistake is about, the ▲, the ★ and the ◆ are drawn with no word beside
    them; F1 says what each one means (a walker asked what the ! was)."""
    app = TutorApp(store, profile, start="play", seed=3)
    async with app.run_test(size=(110, 70)) as pilot:
        await pilot.pause()
        await pilot.press("enter")  # the deck question
        await pilot.pause(0.2)
        await pilot.press("f1")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        shown = screen_text(app)
        assert "Marks on the screen" in shown
        marks = [
            ("!", "A card or player the mistake, or the hint, is about"),
            ("▲", "The card you are on"),
            ("★", "The card you have just drawn"),
            ("◆", "The player you are"),
        ]
        for sign, words in marks:
            assert f"{sign}  {words}" in shown, sign
        await pilot.press("escape", "escape")
        await pilot.pause()
        app.action_open("lesson:pairs")
        await pilot.pause(0.2)
        await pilot.press("f1")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen) and "!  A card the mistake is about" in screen_text(app)


async def test_the_profile_picker_lists_its_keys(store: Any) -> None:
    app = TutorApp(store, None)
    async with app.run_test(size=(110, 70)) as pilot:
        await pilot.pause()
        await check_help(pilot, "picker")


def test_keys_are_named_as_a_learner_reads_them() -> None:
    assert [key_name(key) for key in ("ctrl+s", "R", "r", "question_mark", "escape", "f1", "shift+tab", "left")] == [
        "Ctrl+S",
        "Shift+R",
        "R",
        "?",
        "Escape",
        "F1",
        "Shift+Tab",
        "←",
    ]


async def test_textual_boxes_keys_in_plain_words_everyday_ones_first(store: Any) -> None:
    app = TutorApp(store, None)
    async with app.run_test(size=(110, 70)) as pilot:
        await pilot.pause()
        await pilot.press("f1")
        await pilot.pause()
        box = [line for line in app.screen.lines if line.where == "box"]  # the name box
        assert [(line.keys_text, line.meaning) for line in box[:3]] == [
            ("←", "Move back one letter"),
            ("→", "Move on one letter"),
            ("Home or Ctrl+A", "Go to the start"),
        ]
        meanings = [line.meaning for line in box]
        assert "Done: use what you typed" in meanings and "Handle a submit action." not in meanings
        keys = {key for line in box for key in expand(line.keys_text)}
        assert "Scroll Up" not in meanings and not keys & {"↑", "↓", "PageUp", "PageDown"}, "keys that do nothing in a one-line box are not listed"


async def test_at_60_columns_help_is_the_first_key_in_every_footer(store: Any, profile: Any) -> None:
    """The footer cannot hold every key at 60 columns: F1 Help, which lists them all, comes first."""
    from tutor.ui.footer import KeysLine, TutorFooter

    app = TutorApp(store, profile, seed=3)
    async with app.run_test(size=(60, 20)) as pilot:
        await pilot.pause()
        for name in (None, "rules", "quiz", "lessons", "lesson:pairs", "progress", "settings", "play"):
            if name is not None:
                app.action_open(name)
                await pilot.pause(0.2)
                if name == "play":
                    await pilot.press("enter")  # the deck: then the table
                    await pilot.pause(0.2)
            for _ in range(50):  # the footer fills in once the screen is up and its keys are ready
                footer = app.screen.query(TutorFooter).first() if app.screen.query(TutorFooter) else None
                if footer and (lines := footer.query(KeysLine)) and (keys := lines.first().key_regions()):
                    break
                await pilot.pause(0.05)
            assert footer is not None, name
            assert keys and keys[0][0].description == "Help", name
            assert app.screen.region.contains_region(keys[0][1]), name
            assert not footer.query(".-command-palette") and not any(key.description == "Commands" for key, _ in keys), name
            if name is not None:
                app.pop_screen()
                await pilot.pause()
        await pilot.resize_terminal(100, 30)
        await pilot.pause()
        assert app.screen.query_one(TutorFooter).show_command_palette


async def test_every_key_of_the_name_box_and_a_lesson_is_explained_in_spanish(store: Any, profile: Any) -> None:
    """A Spanish help showed Textual's own words for the name box's keys ("Move cursor left and
    select") and a lesson's PgUp/PgDn as a cut English sentence: no line may be English."""
    from tutor import language

    language.ask("es")
    try:
        for start, where in ((None, "the name box"), ("lesson:pairs", "a lesson")):
            app = TutorApp(store, None if start is None else profile, start=start)
            async with app.run_test(size=(110, 70)) as pilot:
                await pilot.pause(0.3)
                await pilot.press("f1")
                await pilot.pause()
                assert isinstance(app.screen, HelpScreen), where
                english = [line.meaning for line in app.screen.lines if in_the_catalogue(line.meaning)]
                assert not english, f"{where}: {english}"
    finally:
        language.ask(None)


async def test_f1_in_a_dialog_lists_the_dialogs_own_keys_and_f1_closes_it_again(store: Any, profile: Any) -> None:
    """A dialog over a screen (here "Play with others") showed the screen's footer, "F1 Help", but
    F1 did nothing there: a dialog's keys are its own, and the app's F1 was not among them."""
    from tutor.ui.store_faults import ChoiceScreen

    app = TutorApp(store, profile)
    async with app.run_test(size=(110, 70)) as pilot:
        await pilot.pause()
        await pilot.press("o")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, ChoiceScreen)
        listed = await check_help(pilot, "the question where the others are")  # opens F1, checks it, closes it with Escape
        assert {"Escape", "K", "T"} <= set(listed)  # each choice's key too (they were left out)
        await pilot.press("f1")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        await pilot.press("f1")
        await pilot.pause()
        assert app.screen is dialog


async def test_help_longer_than_its_box_says_there_is_more_and_where(store: Any) -> None:
    """At 80x24 the name screen's help ended at "Rub out the letter at the", with no sign that more
    was below: the box's lower edge says so, and how to see it, as the lessons' pages do."""
    app = TutorApp(store, None)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("f1")
        await pilot.pause()
        box = app.screen.query_one("#help-box")
        assert isinstance(app.screen, HelpScreen) and box.max_scroll_y > 0
        assert box.border_subtitle == "▼ More below: press PgDn (or scroll down)"
        await pilot.press("pagedown")
        await pilot.pause()
        assert box.border_subtitle == "▲▼ More above and below: press PgUp or PgDn (or scroll)"
        await pilot.press("end")
        await pilot.pause()
        assert box.border_subtitle == "▲ More above: press PgUp (or scroll up)"
    async with TutorApp(store, None).run_test(size=(110, 70)) as pilot:
        await pilot.pause()
        await pilot.press("f1")
        await pilot.pause()
        assert pilot.app.screen.query_one("#help-box").border_subtitle is None, "all of it shows: no sign"


def test_a_long_list_of_keys_folds_after_a_comma_and_leaves_room_for_what_they_do() -> None:
    """Six keys that do nothing in the name box made the keys' column half the help box wide, and
    their meaning a column of one word a line."""
    assert folded("↑, ↓, PageUp, PageDown, Ctrl+PageUp, Ctrl+PageDown") == "↑, ↓, PageUp,\nPageDown,\nCtrl+PageUp,\nCtrl+PageDown"
    assert folded("F1 or ?") == "F1 or ?"
    assert folded("Enter, N, Space") == "Enter, N, Space"
    assert folded("Ctrl+Shift+PageDown, X", width=10) == "Ctrl+Shift+PageDown,\nX"  # a name wider than the line stays whole
    assert folded("Ctrl+Backspace or Alt+Backspace") == "Ctrl+Backspace or\nAlt+Backspace"


async def test_on_the_table_the_arrows_are_said_as_they_work_not_as_the_scrolling_they_pass_on(store: Any, profile: Any) -> None:
    """The table's box scrolls only up and down, and only when it must: ← and → move over the cards,
    which F1 said was "Scroll to the left" (what the box would do if it could)."""
    app = TutorApp(store, profile, start="play", seed=4)
    async with app.run_test(size=(100, 50)) as pilot:
        await pilot.pause()
        await pilot.press("f1")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        said = {(line.where, line.keys_text): line.meaning for line in app.screen.lines}
        assert said[("screen", "←")] == "Move to the card (or player) on the left"
        assert not any("Scroll" in meaning for meaning in said.values()), said


@pytest.mark.parametrize("code", ["en", "es"])
async def test_at_60_columns_the_help_says_more_is_above_and_below_in_words_that_fit_its_edge(store: Any, profile: Any, code: str) -> None:
    """ "▲▼ More above and below: press PgUp or PgDn (or…" was cut at the help box's edge."""
    language.ask(code)
    app = TutorApp(store, profile)
    async with app.run_test(size=(60, 20)) as pilot:
        await home_ready(pilot)
        await pilot.press("f1")
        await pilot.pause()
        await pilot.press("pagedown")
        await pilot.pause()
        await pilot.pause()
        box = app.screen.query_one("#help-box")
        sign = str(box.border_subtitle)
        assert sign.startswith("▲▼"), sign
        assert sign in screen_text(app), f"{sign!r} is cut off"
