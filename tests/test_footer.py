"""The footer's keys, drawn by one widget: clicked, hovered and dimmed as Textual's key widgets are,
and following the screen's keys in place. (Its look is in every snapshot.)"""

from __future__ import annotations

from typing import Any

from test_game_ui import play_until_choosing, setup
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.pilot import Pilot
from textual.widgets._footer import FooterKey

from tutor.ui.app import TutorApp
from tutor.ui.deck_choice import DeckChoiceScreen
from tutor.ui.dialogs import MIN_HEIGHT, MIN_WIDTH, HelpScreen, help_lines
from tutor.ui.footer import KeysLine, TutorFooter


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


class DisabledKey(App[None]):
    """A footer with a disabled key (the tutor's screens hide the keys they don't take)."""

    BINDINGS = [Binding("f1", "help", "Help"), Binding("z", "zap", "Zap")]

    def __init__(self) -> None:
        super().__init__()
        self.rings = self.zaps = 0

    def compose(self) -> ComposeResult:
        yield TutorFooter()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return None if action == "zap" else True

    def action_zap(self) -> None:
        self.zaps += 1

    def bell(self) -> None:
        self.rings += 1


async def test_a_disabled_key_is_dim_and_its_click_only_rings() -> None:
    app = DisabledKey()
    async with app.run_test(size=(100, 10)) as pilot:
        line = await keys_line(pilot)
        assert [(entry.description, entry.enabled) for entry in line.entries] == [("Help", True), ("Zap", False)]
        assert line._label(line.entries[1], hovered=False).get_style_at_offset(app.console, 1).dim
        assert not line._label(line.entries[0], hovered=False).get_style_at_offset(app.console, 1).dim
        await pilot.click(KeysLine, offset=at(line, "zap"))
        await pilot.pause()
        assert (app.rings, app.zaps) == (1, 0)


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


async def test_the_palette_key_comes_and_goes_with_the_width(store: Any, profile: Any) -> None:
    app = TutorApp(store, profile)
    async with app.run_test(size=(60, 20)) as pilot:
        await keys_line(pilot)
        assert not app.screen.query(".-command-palette")
        for width, shown in ((100, True), (60, False)):
            await pilot.resize_terminal(width, 20)
            await pilot.pause()
            assert bool(app.screen.query(".-command-palette")) is shown, width
            if shown:  # in words a child knows: Textual's said "^p palette"
                assert app.screen.query_one(".-command-palette", FooterKey).description == "Commands"


async def test_an_update_for_a_footer_losing_its_keys_does_nothing(store: Any, profile: Any) -> None:
    """A closing screen's footer loses its keys line first; an update already queued must not fail
    (found by the random-keys test on a busy machine)."""
    app = TutorApp(store, profile)
    async with app.run_test(size=(100, 30)) as pilot:
        line = await keys_line(pilot)
        footer = app.screen.query_one(TutorFooter)
        await line.remove()
        footer._update()
        await pilot.pause()
        assert footer.is_attached and not footer.query(KeysLine)


def shown_and_all(app: TutorApp) -> tuple[list[str], list[str]]:
    """The keys the footer shows, and every key the screen has for it (Help first)."""
    footer = app.screen.query_one(TutorFooter)
    return [entry.key for entry in app.screen.query_one(KeysLine).entries], [entry.key for entry in footer._entries()]


async def test_at_80_columns_every_key_of_the_game_is_shown_whole(store: Any, profile: Any) -> None:
    """At 80x24 the palette's key hid Home (esc) at the end of the game's line: every key the game
    screen has is shown, at every step, and the palette's key only where it fits beside them."""
    app = setup(store, profile, "bicycle", "hints")
    async with app.run_test(size=(80, 24)) as pilot:
        line = await keys_line(pilot)
        for step in ("pairing", "choosing"):
            if step == "choosing":
                await play_until_choosing(pilot, app)
                await pilot.pause()
            shown, every = shown_and_all(app)
            assert shown == every and "escape" in shown, step
            used = line.spans()[-1][1]
            for palette in app.screen.query(".-command-palette"):
                assert palette.region.x >= line.region.x + used, f"{step}: the palette's key covers a key"


async def test_a_narrow_footer_shows_whole_keys_only_with_help_first_and_the_way_out(store: Any, profile: Any) -> None:
    """Below the width every key needs, Help comes first and the way out (Escape) stays: a walker's
    Spanish table at 80 columns had lost "esc Inicio" behind Sort and Rules."""
    app = setup(store, profile, "bicycle", "guided")
    async with app.run_test(size=(MIN_WIDTH, MIN_HEIGHT)) as pilot:  # the smallest window the tutor draws in
        line = await keys_line(pilot)
        shown, every = shown_and_all(app)
        assert shown[0] == "f1" and len(shown) < len(every), "F1 Help lists the keys left out"
        assert "escape" in shown and line.spans()[-1][1] <= MIN_WIDTH, "never half a key"
        others = [key for key in every if key not in ("f1", "escape")]
        assert [key for key in shown if key not in ("f1", "escape")] == others[: len(shown) - 2], "the others in their order"
        assert shown == [key for key in every if key in shown], "shown in the screen's order"
        assert not app.screen.query(".-command-palette")
        await pilot.resize_terminal(100, 34)
        await pilot.pause()
        await pilot.pause()
        assert shown_and_all(app)[0] == shown_and_all(app)[1], "wider again: every key"


async def test_the_first_screen_says_quit_once(tmp_path: Any) -> None:
    """The name screen with nobody chosen yet: Escape quits too, but the footer said "esc Quit
    ^q Quit" (the same word twice); it shows Ctrl+Q only (the help lists both)."""
    from tutor.store import open_store

    store = open_store(tmp_path)
    app = TutorApp(store, None)
    async with app.run_test(size=(80, 24)) as pilot:
        line = await keys_line(pilot)
        assert [entry.description for entry in line.entries].count("Quit") == 1
    store.close()


async def test_a_dialog_shows_its_own_keys_and_its_help_lists_the_keys_that_work_over_it(store: Any, profile: Any) -> None:
    """Over home, the deck choice's footer names Help, Back and Quit, never home's keys (which do
    nothing while it is open); its help lists F1 and Ctrl+Q (they work over a dialog), and no key
    that copies words the mouse cannot mark."""
    app = TutorApp(store, profile)
    async with app.run_test(size=(100, 30)) as pilot:
        await keys_line(pilot)
        app.open_game(resume=False, choose_deck=True)
        await pilot.pause()
        assert isinstance(app.screen, DeckChoiceScreen)
        line = await keys_line(pilot)
        assert [(entry.display, entry.description) for entry in line.entries] == [("F1", "Help"), ("esc", "Back"), ("^q", "Quit")]
        help_keys = [(line.keys_text, line.meaning) for line in help_lines(app.screen)]
        assert ("F1", "This help: what every key does here") in help_keys and ("Ctrl+Q", "Quit (your game and progress are saved)") in help_keys
        assert not any("Ctrl+C" in keys for keys, _ in help_keys)
        await pilot.press("f1")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        line = await keys_line(pilot)
        assert [(entry.display, entry.description) for entry in line.entries] == [("esc", "Close"), ("^q", "Quit")]


async def test_the_continue_key_is_called_what_the_menu_says(store: Any, profile: Any) -> None:
    """A new learner's menu says "Start here": its key said "c Continue" beside it."""
    from ui_helpers import home_ready

    for started, word in ((False, "Start here"), (True, "Continue")):
        if started:
            store.save_lesson_progress(profile, "deck-and-deal", 2, 0, False)
        app = TutorApp(store, profile)
        async with app.run_test(size=(100, 30)) as pilot:
            await home_ready(pilot)
            await pilot.pause()
            line = await keys_line(pilot)
            assert ("c", word) in [(entry.display, entry.description) for entry in line.entries]


async def test_a_questions_help_says_its_keys_as_its_buttons_do(store: Any, profile: Any) -> None:
    """F1 over "See it now, or have another go first?" said "Y Yes, N No" beside buttons that say
    "Show me (Y)" and "Let me try (N)"."""
    from tutor.ui.hint_dialog import AnswerHintDialog

    app = TutorApp(store, profile)
    async with app.run_test(size=(100, 30)) as pilot:
        await keys_line(pilot)
        app.push_screen(AnswerHintDialog())
        await pilot.pause()
        meanings = [line.meaning for line in help_lines(app.screen)]
        assert "Show me" in meanings and "Let me try" in meanings and "Yes" not in meanings and "No" not in meanings
