"""F1 help is read from the screen's live bindings: every key that works there is listed, once."""

from __future__ import annotations

from typing import Any

from textual.pilot import Pilot
from textual.widgets import Static

from tutor.ui.app import TutorApp
from tutor.ui.dialogs import HelpScreen, key_name


def listed_keys(help_text: str) -> list[str]:
    """The keys in the help's left-hand column, one entry per key ("1–9" counts as nine keys)."""
    keys: list[str] = []
    for line in help_text.splitlines():
        column, gap, meaning = line.strip().partition("  ")
        if not gap or not meaning.strip():
            continue
        for name in column.replace(" or ", ", ").split(", "):
            if "–" in name and name.replace("–", "").isdigit():
                low, high = name.split("–")
                keys += [str(number) for number in range(int(low), int(high) + 1)]
            else:
                keys.append(name)
    return keys


async def check_help(pilot: Pilot[None], where: str) -> list[str]:
    """Open F1 on the current screen; every live key (not a system one) is listed exactly once."""
    app = pilot.app
    screen = app.screen
    live = sorted(key_name(key) for key, active in screen.active_bindings.items() if not active.binding.system)
    await pilot.press("f1")
    await pilot.pause()
    assert isinstance(app.screen, HelpScreen), where
    text = str(app.screen.query_one("#help-text", Static).content)
    assert sorted(listed_keys(text)) == live, where
    await pilot.press("escape")
    await pilot.pause()
    assert app.screen is screen, where
    return listed_keys(text)


async def test_every_screen_lists_each_of_its_live_keys_once(store: Any, profile: Any) -> None:
    app = TutorApp(store, profile, seed=3)
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        home = await check_help(pilot, "home")
        assert "R" in home  # Rules, missing from the old hand-written list
        for name in ("rules", "quiz", "lessons", "lesson:pairs", "progress", "settings", "play"):
            app.action_open(name)
            await pilot.pause(0.2)
            keys = await check_help(pilot, name)
            assert keys.count("Escape") == 1, name
            app.pop_screen()
            await pilot.pause()


async def test_the_profile_picker_lists_its_keys(store: Any) -> None:
    app = TutorApp(store, None)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await check_help(pilot, "picker")


def test_keys_are_named_as_a_learner_reads_them() -> None:
    assert [key_name(key) for key in ("ctrl+s", "R", "r", "question_mark", "escape", "f1", "shift+tab", "left")] == [
        "Ctrl+S", "Shift+R", "R", "?", "Escape", "F1", "Shift+Tab", "←"
    ]
