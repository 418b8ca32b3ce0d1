"""Pilot tests of the picture deck: a new learner's first game suggests the small picture deck and
is played to the end, a mistake caught and explained in picture words; the "Picture cards" lesson
from its first step to its summary."""

from __future__ import annotations

from typing import Any

from textual.pilot import Pilot
from textual.widgets import OptionList, Static
from ui_helpers import NAMES, open_from_home, play_to_the_end, select_cards, session_of, set_settings, until

from tutor.engine import Game, Rules
from tutor.engine.decks import find_deck
from tutor.play.guided_game import GuidedGame
from tutor.ui.app import TutorApp
from tutor.ui.cards import HandView
from tutor.ui.deck_choice import SUGGESTED_NOTE, DeckChoiceScreen
from tutor.ui.end_screen import EndScreen
from tutor.ui.game_screen import GameScreen
from tutor.ui.lessons import LessonScreen
from tutor.ui.lessons.done import LessonDone

FARM = find_deck("farm")
CARD_WORDS = ("rank", "suit", "colour", "three of a kind", "♣", "♦", "♥", "♠")


def picture_app(store: Any, profile: Any, hands: list[str], dealer: int = 2, guidance: str = "guided") -> TutorApp:
    """An app that opens straight onto a Farm friends game dealt from these hands (seat 0 is the learner)."""
    set_settings(store, profile, guidance=guidance, speed="instant", deck="farm", players=len(hands))
    rules = Rules.bicycle(len(hands)).with_deck("farm")
    game = Game.from_hands(rules, [[FARM.parse(code) for code in hand.split()] for hand in hands], dealer=dealer, learners=(0,))
    store.save_game(profile, GuidedGame(game, NAMES[: rules.players], guidance).to_dict())
    return TutorApp(store, profile, start="play")


def table_words(app: TutorApp) -> str:
    panel = app.screen.query_one("#panel", Static)
    return f"{panel.border_title} {panel.content}" if panel.display else ""


async def open_deck_choice(pilot: Pilot[None]) -> DeckChoiceScreen:
    """From home, press p (a picture-card game) and return the deck choice it opens."""
    return await open_from_home(pilot, "p", DeckChoiceScreen)


async def test_a_first_game_with_the_small_picture_deck_to_the_end(store: Any, profile: Any) -> None:
    set_settings(store, profile, speed="instant", players=3)
    app = TutorApp(store, profile, seed=7)
    async with app.run_test(size=(80, 24)) as pilot:
        choice = await open_deck_choice(pilot)
        decks = choice.query_one("#decks", OptionList)
        highlighted = decks.highlighted_option
        assert highlighted is not None and highlighted.id == "farm" and SUGGESTED_NOTE in str(highlighted.prompt)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        assert store.load_settings(profile).deck == "farm"
        session = session_of(app)
        assert session.game.rules.deck == "farm" and sum(session.game.rules.dealt_sizes()) == 19

        hand = app.screen.query_one("#hand", HandView)
        assert hand.pictures and all(card.picture is not None for card in hand.cards)
        assert "same picture" in str(app.screen.query_one("#prompt", Static).content)
        pairs = session.game.pairs_in(0)
        single = [card for card in hand.cards if not any(card in pair for pair in pairs)]
        if pairs:  # keep a pair: caught, explained in picture words, nothing changes
            before = session.game.to_dict()
            await pilot.press("d")
            said = table_words(app)
            assert "Not quite" in said and "are a pair: the same picture" in said, said
            assert session.game.to_dict() == before
        else:  # two different pictures
            await select_cards(pilot, app, single[:2])
            await pilot.press("enter")
            said = table_words(app)
            assert "show different pictures" in said, said
        assert session.mistakes and not any(word in said.lower() for word in CARD_WORDS), said

        await play_to_the_end(pilot, app)
        await until(pilot, lambda: isinstance(app.screen, EndScreen))
        await pilot.pause()
        game = session_of(app).game
        assert game.is_over and game.loser is not None
        assert list(game.hands[game.loser]) == [FARM.character_card]  # the Old Maid is the one card left
        assert isinstance(app.screen, EndScreen)
        end = str(app.screen.query_one("#summary", Static).content)
        assert "The card nobody could pair: the Old Maid." in end
        assert not any(word in end.lower() for word in CARD_WORDS), end


async def test_two_different_pictures_are_refused_with_their_names(store: Any, profile: Any) -> None:
    app = picture_app(store, profile, ["cat/1 cat/2 dog/1 old-maid", "dog/2 pig/1", "pig/2 hen/1 hen/2"])
    async with app.run_test(size=(60, 20)) as pilot:
        await pilot.pause()
        hand = app.screen.query_one("#hand", HandView)
        assert hand.scale == "small" and hand.card_width() == 10  # a boxed name: the drawings do not fit 60x20
        await select_cards(pilot, app, [FARM.parse("dog/1"), FARM.parse("old-maid")])
        await pilot.press("enter")
        said = table_words(app)
        assert "The Dog and the Old Maid are not a pair." in said, said
        assert not any(word in said.lower() for word in CARD_WORDS), said


async def test_while_drawing_the_hand_keeps_its_boxed_names_beside_a_one_line_fan(store: Any, profile: Any) -> None:
    """At 80x24 a walker's hand was a bare line of names above three empty lines while drawing:
    the face-down fan goes to one line, and the hand keeps its boxes."""
    from tutor.play.guided_game import Stage
    from tutor.ui.cards import FanView

    app = picture_app(store, profile, ["cat/1 dog/1 pig/1 hen/1 cow/1", "cat/2 dog/2 duck/1", "pig/2 hen/2 cow/2 old-maid"])
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("d")
        await until(pilot, lambda: session_of(app).stage in (Stage.CHOOSE_GIVER, Stage.DRAW))
        if session_of(app).stage is Stage.CHOOSE_GIVER:
            await pilot.press("enter")  # guided: the cursor is on the giver
        await until(pilot, lambda: session_of(app).stage is Stage.DRAW)
        await pilot.pause()
        assert app.screen.query_one("#hand", HandView).scale == "small"
        assert app.screen.query_one("#fan", FanView).scale == "compact"


async def ready(pilot: Pilot[None]) -> None:
    await pilot.pause()
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()


async def test_the_picture_cards_lesson_to_its_summary(store: Any, profile: Any) -> None:
    store.save_lesson_progress(profile, "deck-and-deal", 6, 0, True)
    store.save_lesson_progress(profile, "pairs", 5, 0, True)
    app = TutorApp(store, profile, start="lesson:picture-cards")
    async with app.run_test(size=(80, 24)) as pilot:
        await ready(pilot)
        screen = app.screen
        assert isinstance(screen, LessonScreen)
        run = screen.run
        assert run is not None and run.lesson.title == "Picture cards"
        caught = ""
        while not run.finished:
            if run.step.id == "lay-down-the-cats":  # a learner's mistake first: two different pictures
                hand = app.screen.query_one("#lesson-hand", HandView)
                assert hand.pictures
                await select_cards(pilot, app, [FARM.parse("cat/1"), FARM.parse("dog/1")], hand_id="#lesson-hand")
                await pilot.press("enter")
                caught = str(app.screen.query_one("#lesson-why", Static).content)
            if run.step.kind in ("choice", "seat"):
                right = sorted(run.right_options() if run.step.kind == "choice" else run.right_seats())[0]
                await pilot.press(str(right + 1))
            elif run.step.kind != "explain":
                run.solve_with_solution()
            if not run.finished:
                await pilot.press("n")
            await pilot.pause()
        assert "different pictures" in caught, caught
        done = app.screen.query_one(LessonDone)
        words = str(done.query_one("#lesson-done-words", Static).content)
        assert "Lesson done: “Picture cards”!" in words and "the same picture are a pair" in words
        assert store.lesson_progress(profile)["picture-cards"].finished


async def test_at_60x20_the_deck_choice_shows_its_keys_and_every_deck_and_wrapped_words_stay_indented(store: Any, profile: Any) -> None:
    """At 60x20 the list takes the window's width: it wrapped to a line more than it could show and
    scrolled, its last deck cut. Where a deck's words wrap, they stay under their line."""
    from io import StringIO

    from rich.console import Console

    from tutor.engine.decks import find_deck
    from tutor.ui.deck_choice import deck_words

    app = TutorApp(store, profile, seed=7)
    async with app.run_test(size=(60, 20)) as pilot:
        choice = await open_deck_choice(pilot)
        dialog, keys = choice.query_one("#deck-choice"), choice.query_one("#deck-keys", Static)
        assert dialog.region.contains_region(keys.region) and keys.region.height == 1
        assert "Esc to go back" in str(keys.content)
        decks = choice.query_one("#decks", OptionList)
        lines = [decks.render_line(y).text.rstrip() for y in range(decks.size.height)]
        assert lines[:2] == ["Playing cards", "  51 cards: match by rank (two 7s, two Kings)"]
        assert decks.max_scroll_y == 0 and lines[-1].endswith("and the Old Maid"), lines
    out = StringIO()
    Console(file=out, width=30, color_system=None).print(deck_words(find_deck("standard"), False))
    assert [line.rstrip() for line in out.getvalue().splitlines()[1:]] == ["  51 cards: match by rank (two", "  7s, two Kings)"]


async def test_a_deck_picked_while_help_is_open_over_the_choice_closes_nothing(store: Any, profile: Any) -> None:
    """An Enter or click meant for the deck choice that reaches it after F1 opened help over it
    used to close the help and leave the choice answered but showing (a second pick crashed)."""
    from tutor.ui.dialogs import HelpScreen

    app = TutorApp(store, profile, seed=7)
    async with app.run_test(size=(80, 24)) as pilot:
        choice = await open_deck_choice(pilot)
        await pilot.press("f1")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        decks = choice.query_one("#decks", OptionList)
        for index in (0, 1):  # two picks arriving late, as in the soak
            option = decks.get_option_at_index(index)
            choice.on_option_list_option_selected(OptionList.OptionSelected(decks, option, index))
            await pilot.pause()
            assert isinstance(app.screen, HelpScreen) and app.is_running
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is choice
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
