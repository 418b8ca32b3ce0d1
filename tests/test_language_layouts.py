"""Every screen a learner reaches, in every language, at the smallest (60×20) and the usual (80×24)
terminal: nothing is cut off (tests/layout_helpers.py says what that means); and snapshots of four
screens at 80×24 in Spanish and German.

One app for each language and size visits the screens in turn: the profile picker, the saved
game's question, home and its F1 help, the lessons, a lesson's choice step (asked, then answered
wrongly) and its seat step (asked, then answered wrongly), a lesson's "carry on?", the rules, a
quiz question, the learner's progress, the settings, the deck choice, the game table at the
learner's turn, its F1 help, a mistake explained, the hints and the "are you sure?" before the
answer, the question before leaving unsaved settings, and the end of a finished game.

The snapshots of Spanish and German are not kept in the repository until the screens' words are
translated (they would show English words, and be stale the day the translations come): after
merging those, make them with `pytest tests/test_language_layouts.py --snapshot-update`.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

import pytest
from helpers import cards
from layout_helpers import cut_off, screen_lines
from textual.app import App, ComposeResult
from textual.containers import Horizontal
from textual.pilot import Pilot
from textual.screen import Screen
from textual.widgets import Button, Input, Static
from ui_helpers import NAMES, home_ready, play_to_the_end, session_of, set_settings, until

from tutor import language
from tutor.engine import Game, Rules
from tutor.play.guided_game import GuidedGame, Stage
from tutor.ui.app import TutorApp
from tutor.ui.deck_choice import DeckChoiceScreen
from tutor.ui.dialogs import ConfirmScreen, HelpScreen, SaveChangesScreen
from tutor.ui.end_screen import EndScreen
from tutor.ui.game_screen import GameScreen

LANGUAGES = ("en", "es", "de")
SIZES = ((60, 20), (80, 24))
TABLE = (Rules.bicycle(), ["5C 5H 7C 7D 7S 9D KS 2H", "2C 3C 8H", "", "9C 2D 3D QS KD 8S"], 2)
"""The game at the learner's turn (tests/test_game_snapshots.py's): four seats, pairs to lay down."""
NEAR_THE_END = (Rules.bicycle(players=3), ["5C QS", "5D", "8C 8D"], 1)
"""Three players near the end: Sam is out, Bea holds 5♦ and the learner 5♣ Q♠."""


def save_game(store: Any, profile: Any, game: tuple[Rules, list[str], int]) -> None:
    rules, hands, dealer = game
    dealt = Game.from_hands(rules, [cards(hand) for hand in hands], dealer=dealer, learners=(0,))
    store.save_game(profile, GuidedGame(dealt, NAMES[: rules.players], "guided").to_dict())


def speak(code: str) -> None:
    """This process speaks `code`, as `--lang` would make it: a learner's session, once chosen,
    speaks what `language.use_for_learner` says, which is the --lang asked (a bare `language.use`
    would be undone by the learner's saved setting, or the environment's English)."""
    language.ask(code)


async def settle(pilot: Pilot[None]) -> None:
    """Let background work (reading the course, preparing a lesson) finish and the screen draw."""
    await pilot.pause()
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()


async def steady(pilot: Pilot[None]) -> None:
    """Until two frames in a row are the same. A resize may take a second layout (the lesson's
    seats choose their words for the new width once they have it), which a busy machine had not
    always done after one pause: the German seats were read half drawn ("cannot read 'Karten'")."""
    before: list[str] | None = None
    for _ in range(20):
        await pilot.pause()
        now = screen_lines(pilot.app.screen)
        if now == before:
            return
        before = now


async def tour(pilot: Pilot[None], store: Any, profile: Any, where: str) -> list[str]:
    """Visit every screen; each one's cut-off text, as lines naming `where` and the screen."""
    app = pilot.app
    assert isinstance(app, TutorApp)
    problems: list[str] = []

    async def check(screen: str, kind: type[Screen[Any]] | None = None) -> None:
        """Read the screen at the size the window has, then at the other (the next screen starts there)."""
        if kind is not None:
            await until(pilot, lambda: isinstance(app.screen, kind))
        sizes = sorted(SIZES, key=lambda size: size != tuple(app.size))
        for width, height in sizes:
            if tuple(app.size) != (width, height):
                await pilot.resize_terminal(width, height)
                await steady(pilot)
            problems.extend(await cut_off(pilot, f"{where} at {width}x{height}, {screen}"))

    async def visit(name: str, screen: str, then: Callable[[], Awaitable[None]] | None = None) -> None:
        app.action_open(name)
        await settle(pilot)
        await check(screen)
        if then is not None:
            await then()
        app.pop_screen()
        await pilot.pause()

    await check("the profile picker")
    await pilot.press("enter")  # Robin
    await check("the saved game's question", ConfirmScreen)
    await pilot.press("n")
    await home_ready(pilot)
    await check("home")
    await pilot.press("f1")
    await check("F1 help on home", HelpScreen)
    await pilot.press("escape")
    await visit("lessons", "the lessons")

    app.action_open("lesson:deck-and-deal")
    await settle(pilot)
    await pilot.press("enter")  # the first step explains; the second asks how many cards
    await settle(pilot)
    await check("a lesson's choice step")
    await pilot.press("1")  # a full pack: one card too many
    await settle(pilot)
    await check("a lesson's choice answered wrongly")
    app.pop_screen()
    await pilot.pause()
    app.action_open("lesson:deck-and-deal")
    await settle(pilot)
    await check("a lesson's carry-on question", ConfirmScreen)
    await pilot.press("y")
    await pilot.pause()
    app.pop_screen()
    await pilot.pause()
    app.action_open("lesson:a-turn")
    await settle(pilot)
    await pilot.press("enter")  # on to "who offers the cards?": the seats of the table
    await settle(pilot)
    await check("a lesson's seat step")
    await pilot.press("2")  # Ana: not it
    await settle(pilot)
    await check("a lesson's seat answered wrongly")
    app.pop_screen()
    await pilot.pause()

    await visit("rules", "the rules")
    await visit("quiz", "a quiz question")
    await visit("progress", "my progress")

    async def leave_unsaved() -> None:
        app.screen.query_one("#learner_name", Input).value = "Robin K"
        await pilot.pause()
        await pilot.press("escape")
        await check("the question before leaving unsaved settings", SaveChangesScreen)
        await pilot.press("escape")  # keep editing (the settings are then closed unsaved)
        await pilot.pause()

    await visit("settings", "the settings", leave_unsaved)

    app.open_game(resume=False, choose_deck=True)
    await check("the deck choice", DeckChoiceScreen)
    await pilot.press("escape")
    await pilot.pause()
    app.action_open("play")  # the saved game: the learner's turn, pairs to lay down
    await check("the game table", GameScreen)
    await pilot.press("1")
    await check("the game table, a card selected")
    await pilot.press("f1")
    await check("F1 help on the table", HelpScreen)
    await pilot.press("escape")
    await pilot.press("h")
    await check("a hint")
    await pilot.press("h")
    await check("a second hint")
    await pilot.press("h")
    await check("the question before the answer", ConfirmScreen)
    await pilot.press("n")
    await pilot.press("d")  # done, with pairs still in hand
    await check("a mistake explained")
    app.pop_screen()
    await pilot.pause()

    save_game(store, profile, NEAR_THE_END)
    app.action_open("play")
    await until(pilot, lambda: isinstance(app.screen, GameScreen))
    await play_to_the_end(pilot, app)
    await check("the end of a game", EndScreen)
    assert session_of(app).stage is Stage.OVER
    return problems


@pytest.mark.long
@pytest.mark.parametrize("code", LANGUAGES)
async def test_nothing_is_cut_off(store: Any, profile: Any, code: str) -> None:
    """One app for each language, started at 60×20: each screen is read there and at 80×24 (the
    window resized, as a learner may), which costs a third of opening every screen at each size."""
    set_settings(store, profile, guidance="guided", speed="instant")
    save_game(store, profile, TABLE)
    speak(code)
    app = TutorApp(store, None, seed=1)
    async with app.run_test(size=SIZES[0]) as pilot:
        problems = await tour(pilot, store, profile, code)
    assert not problems, "\n".join(problems)


async def test_the_header_title_fits_at_60_columns(store: Any, profile: Any) -> None:
    """Textual's header leaves 42 cells for the title at 60 columns: "Old Maid Tutor — The rules:
    Bicycle, 4 players" was cut to "… The rules: Bicycle, 4 pl…"; the header now says what the
    screen is about alone when both cannot fit."""
    async with TutorApp(store, profile, start="rules").run_test(size=(60, 20)) as pilot:
        assert not [problem for problem in await cut_off(pilot, "the rules") if ": HeaderTitle: " in problem]


# ----- the check fails where a word cannot be read ----------------------------------------------


class Cropped(App[None]):
    """A long label in a box too narrow for it, a long text in a fixed box that cannot scroll, and
    a long text in one that can."""

    CSS = """
    #narrow { width: 12; height: 3; }
    #narrow Button { width: 12; }
    #fixed { height: 2; overflow: hidden; }
    #scrolls { height: 2; overflow-y: auto; }
    """

    def compose(self) -> ComposeResult:
        from textual.containers import Vertical, VerticalScroll

        with Horizontal(id="narrow"):
            yield Button("Einstellungen speichern", id="save")
        with Vertical(id="fixed"):
            yield Static("one\ntwo\nthree hidden below", id="under")
        with VerticalScroll(id="scrolls"):
            yield Static("uno\ndos\ntres\ncuatro cinco", id="long")
        yield Static("fine words", id="fine")


async def test_the_check_names_each_word_it_cannot_read() -> None:
    app = Cropped()
    async with app.run_test(size=(40, 12)) as pilot:
        problems = await cut_off(pilot, "de at 40x12, a test screen")
    assert problems == [
        "de at 40x12, a test screen: Button#save: cannot read 'Einstellungen'",
        "de at 40x12, a test screen: Static#under: cannot read 'three hidden below'",
    ]


async def test_a_word_folded_at_the_edge_is_cut() -> None:
    class Folded(App[None]):
        CSS = "#word { width: 8; }"

        def compose(self) -> ComposeResult:
            yield Static("Spielkartenstapel", id="word")

    async with Folded().run_test(size=(30, 5)) as pilot:
        assert await cut_off(pilot, "here") == ["here: Static#word: cannot read 'Spielkartenstapel'"]


# ----- snapshots in Spanish and German --------------------------------------------------------------

SNAPSHOT_LANGUAGES = ("es", "de")


async def _home(pilot: Pilot[None]) -> None:
    await home_ready(pilot)


async def _lesson_step(pilot: Pilot[None]) -> None:
    await settle(pilot)
    await pilot.press("enter")  # the choice step: how many cards
    await settle(pilot)


async def _table(pilot: Pilot[None]) -> None:
    await pilot.pause()
    await pilot.press("1")


async def _quiz(pilot: Pilot[None]) -> None:
    await settle(pilot)


SNAPSHOTS: dict[str, tuple[str | None, Callable[[Pilot[None]], Awaitable[None]]]] = {
    "home": (None, _home),
    "lesson": ("lesson:deck-and-deal", _lesson_step),
    "table": ("play", _table),
    "quiz": ("quiz", _quiz),
}


@pytest.mark.parametrize("screen", SNAPSHOTS)
@pytest.mark.parametrize("code", SNAPSHOT_LANGUAGES)
def test_snapshot(snap_compare: Any, store: Any, profile: Any, code: str, screen: str) -> None:
    start, run_before = SNAPSHOTS[screen]
    set_settings(store, profile, guidance="guided", speed="instant")
    if screen == "table":
        save_game(store, profile, TABLE)
    speak(code)
    assert snap_compare(TutorApp(store, profile, start=start, seed=1), terminal_size=(80, 24), run_before=run_before)
