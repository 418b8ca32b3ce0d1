"""The footer's keys, drawn by one widget: clicked, hovered and dimmed as Textual's key widgets are,
and following the screen's keys in place. (Its look is in every snapshot.)"""

from __future__ import annotations

from typing import Any

from test_game_ui import play_until_choosing, setup
from textual.pilot import Pilot

from tutor.ui.app import TutorApp
from tutor.ui.dialogs import HelpScreen
from tutor.ui.footer import FooterEntry, KeysLine
from tutor.ui.home import HomeScreen


async def keys_line(pilot: Pilot[None]) -> KeysLine:
    for _ in range(50):  # the footer fills in once the screen's keys are ready
        if (lines := pilot.app.screen.query(KeysLine)) and lines.first().entries:
            return lines.first()
        await pilot.pause(0.05)
    raise AssertionError("the footer shows no keys")


def at(line: KeysLine, action: str) -> tuple[int, int]:
    """An offset inside the key for `action`, from the line's own corner."""
    entry, region = next((entry, region) for entry, region in line.key_regions() if entry.action == action)
    return region.x - line.region.x + 1, 0


async def test_a_key_is_hovered_with_its_tooltip_and_clicked(store: Any, profile: Any) -> None:
    app = TutorApp(store, profile)
    async with app.run_test(size=(100, 30)) as pilot:
        line = await keys_line(pilot)
        assert [entry.display for entry in line.entries][:2] == ["F1", "c"]
        await pilot.hover(KeysLine, offset=at(line, "choose('quiz')"))
        assert line.tooltip == "A round of eight quiz questions"
        hovered = line.hovered
        assert hovered is not None and line.entries[hovered].description == "Quiz"
        await pilot.click(KeysLine, offset=at(line, "help"))
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)


async def test_a_disabled_key_is_dim_and_its_click_only_rings(store: Any, profile: Any) -> None:
    app = TutorApp(store, profile)
    rings: list[bool] = []
    app.bell = lambda: rings.append(True)  # type: ignore[method-assign]
    async with app.run_test(size=(100, 30)) as pilot:
        line = await keys_line(pilot)
        line.show([FooterEntry("f1", "F1", "Help", "help", False, ""), FooterEntry("z", "z", "Quiz", "choose('quiz')", True, "")])
        await pilot.pause()
        help_label = line._label(line.entries[0], hovered=False)
        assert help_label.get_style_at_offset(app.console, 1).dim
        assert not line._label(line.entries[1], hovered=False).get_style_at_offset(app.console, 1).dim
        await pilot.click(KeysLine, offset=at(line, "help"))
        await pilot.pause()
        assert rings == [True] and isinstance(app.screen, HomeScreen)


async def test_the_keys_follow_the_screen_in_place(store: Any, profile: Any) -> None:
    """Done shows while pairs are laid down and goes once they are; the line stays the same widget."""
    app = setup(store, profile, "bicycle", "guided")
    async with app.run_test(size=(100, 34)) as pilot:
        line = await keys_line(pilot)
        assert "d" in [entry.key for entry in line.entries]
        await play_until_choosing(pilot, app)
        await pilot.pause()
        assert app.screen.query_one(KeysLine) is line
        assert "d" not in [entry.key for entry in line.entries]
