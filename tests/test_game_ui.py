"""Pilot tests: whole games through the UI, every mistake explained, resume, tiny terminals."""

from __future__ import annotations

import random
from typing import Any

import pytest
from helpers import cards
from scale import scaled
from textual import events
from textual.containers import VerticalScroll
from textual.errors import NoWidget
from textual.pilot import OutOfBounds, Pilot
from textual.widgets import Static
from ui_helpers import crafted_app, play_to_the_end, select_cards, session_of, set_settings, until

from tutor.engine import Rules
from tutor.play.guided_game import Stage
from tutor.ui.app import TutorApp
from tutor.ui.cards import HandView
from tutor.ui.dialogs import ConfirmScreen, HelpScreen, TooSmallScreen
from tutor.ui.end_screen import EndScreen
from tutor.ui.footer import KeysLine
from tutor.ui.game_screen import GameScreen
from tutor.ui.hint_dialog import AnswerHintDialog
from tutor.ui.home import HomeScreen
from tutor.ui.table import SeatView


def prompt_text(app: TutorApp) -> str:
    """What the table says to the learner: the mistake or hint panel (when shown) and the prompt."""
    panel = app.screen.query_one("#panel", Static)
    shown = [str(panel.border_title), str(panel.content)] if panel.display else []
    return " ".join([*shown, str(app.screen.query_one("#prompt", Static).content)])


# The learner (seat 0) holds a mixed-colour pair, three 7s and a lone 9; one seat is already out.
BICYCLE_HANDS = ["5C 5H 7C 7D 7S 9D KS", "2C 3C 8H", "", "9C 2D 3D QS KD 8S"]
TABLE_HANDS = ["5C 5H 7C 7D 7S 9D KS", "", "2C 3C 8H", "9C 2D 3D QS KD 8S"]


def setup(store: Any, profile: Any, variant: str, guidance: str) -> TutorApp:
    if variant == "bicycle":
        return crafted_app(store, profile, Rules.bicycle(), BICYCLE_HANDS, dealer=2, guidance=guidance)
    return crafted_app(store, profile, Rules.table(), TABLE_HANDS, dealer=3, guidance=guidance, ruleset="table")


async def mistake(pilot: Any, app: TutorApp, keys: list[str], code: str, words: str) -> None:
    """Press keys that make a mistake; the move must be refused, explained and counted."""
    session = session_of(app)
    before, made = session.game.to_dict(), len(session.mistakes)
    await pilot.press(*keys)
    await pilot.pause()
    assert session.game.to_dict() == before, f"{code} changed the game"
    assert session.mistakes[-1].code == code and len(session.mistakes) == made + 1
    assert words in prompt_text(app)


@pytest.mark.parametrize("variant", ["bicycle", "table"])
@pytest.mark.parametrize("guidance", ["guided", "hints", "own"])
async def test_a_whole_game_with_every_mistake_once(store: Any, profile: Any, variant: str, guidance: str) -> None:
    app = setup(store, profile, variant, guidance)
    async with app.run_test(size=(100, 34)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        kept = "You still hold a pair" if guidance == "own" else "You still hold 5♣ and 5♥."  # on your own: the rule, not the cards
        await mistake(pilot, app, ["d"], "kept-pair", kept)
        await pilot.press("d")  # again at once: explained again, counted once (in the game and the profile)
        assert len(session_of(app).mistakes) == 1 and len(store.mistakes(profile)) == 1 and kept in prompt_text(app)
        marked = app.screen.query_one("#hand", HandView).flagged
        assert (not marked) if guidance == "own" else len(marked) == 2, "on your own, no card gives the answer away"
        await select_cards(pilot, app, cards("7C 7D 7S"))
        await mistake(pilot, app, ["enter"], "laid-down-three", "lay down three 7s")
        screen, hand = app.screen, app.screen.query_one("#hand", HandView)
        flagged = set() if guidance == "own" else set(cards("7C 7D 7S"))
        assert isinstance(screen, GameScreen) and screen.flagged_cards == flagged and len(hand.flagged) == len(flagged)
        assert not hand.selected, "marked by the mistake, with nothing left selected to undo"
        await select_cards(pilot, app, cards("5C 9D"))
        await mistake(pilot, app, ["enter"], "not-a-pair", "5♣ and 9♦ are not a pair")
        assert not hand.selected
        await play_until_choosing(pilot, app)  # at every help level: they differ in help, not in what is asked
        session = session_of(app)
        assert isinstance(screen, GameScreen)
        giver_box = next(box for box in screen.query(SeatView) if box.seat == session.game.giver)
        if guidance == "guided":
            assert screen.seat_cursor == session.game.giver, "guided: the answer shown, and Enter at once is never a mistake"
            assert "offers" in str(giver_box.content) or "gives" in str(giver_box.content)
        else:
            assert screen.seat_cursor is None, "no seat chosen for the learner: that would give the answer away"
            assert "offers" not in str(giver_box.content) and "gives" not in str(giver_box.content)
            await pilot.press("enter")
            assert session.stage is Stage.CHOOSE_GIVER and "Choose a player first" in prompt_text(app)
        empty, wrong = (2, 1) if variant == "bicycle" else (1, 3)
        await mistake(pilot, app, [str(empty)], "drew-from-empty", "no cards left")
        await mistake(pilot, app, [str(wrong)], "wrong-neighbour", "You chose to draw from")
        giver = session.names[session.game.giver]
        assert (f"Draw from {giver}" in prompt_text(app)) is (guidance != "own"), "on your own: the rule, not the seat"
        await play_to_the_end(pilot, app)
        await until(pilot, lambda: isinstance(app.screen, EndScreen))
        await pilot.pause()
        summary = str(app.screen.query_one("#summary").content)
        assert "Your mistakes (5)" in summary
        assert "Every pair goes down" in summary and "A pair is two cards of the same rank" in summary
    games = store.finished_games(profile)
    assert len(games) == 1 and store.load_game(profile) is None
    assert {mistake.code for mistake in store.mistakes(profile)} >= {"kept-pair", "laid-down-three", "not-a-pair"}


async def test_a_mistake_about_a_seat_keeps_the_seats_in_sight(store: Any, profile: Any) -> None:
    """On a short terminal the board scrolled to the mistake's panel and the hand, and the seat its ! was beside
    went out of sight above (a walker's report); for a seat's mistake the seats stay, the panel under them."""
    app = setup(store, profile, "bicycle", "hints")
    async with app.run_test(size=(60, 20)) as pilot:
        await pilot.pause()
        await play_until_choosing(pilot, app)
        await mistake(pilot, app, ["2"], "drew-from-empty", "no cards left")
        await pilot.pause(0.1)
        board, panel = app.screen.query_one("#board", VerticalScroll), app.screen.query_one("#panel", Static)
        assert board.scroll_y == 0 and panel.region.bottom <= board.region.bottom, (board.scroll_y, panel.region, board.region)


async def test_escape_closes_a_mistakes_box_before_it_leaves_the_game(store: Any, profile: Any) -> None:
    """A walker pressed Escape to close the "Not quite!" box and was taken home: the box goes
    first, with its marks, and the next Escape goes home (the game saved)."""
    app = setup(store, profile, "bicycle", "hints")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await play_until_choosing(pilot, app)
        await mistake(pilot, app, ["2"], "drew-from-empty", "no cards left")
        screen = app.screen
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is screen and isinstance(screen, GameScreen)
        assert not screen.query_one("#panel", Static).display and not screen.flagged_seats
        assert "no cards left" not in prompt_text(app) and "who do you draw from" in prompt_text(app).lower()
        await pilot.press("h")
        assert "Hint 1 of" in prompt_text(app)
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is screen and "Hint 1 of" not in prompt_text(app)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen)


async def play_until_choosing(pilot: Any, app: TutorApp) -> None:
    session = session_of(app)
    for pair in session.game.pairs_in(0):
        await select_cards(pilot, app, list(pair))
        await pilot.press("enter")
    await pilot.press("d")
    while session.stage is Stage.COMPUTER:
        await pilot.press("f")
        await pilot.pause()
    assert session.stage is Stage.CHOOSE_GIVER


async def test_hints_step_up_and_ask_before_the_answer(store: Any, profile: Any) -> None:
    app = setup(store, profile, "bicycle", "hints")
    async with app.run_test(size=(100, 34)) as pilot:
        await pilot.pause()
        await pilot.press("h")
        assert "Hint 1 of 3" in prompt_text(app)
        panel = app.screen.query_one("#panel", Static)
        assert panel.has_class("hint") and not panel.has_class("mistake"), "a hint's own colours"
        assert app.screen.query_one("#prompt").display, "a hint leaves the prompt in view"
        await pilot.press("h")
        assert "two 5s" in prompt_text(app) and "three 7s" in prompt_text(app)
        await pilot.press("h")
        assert isinstance(app.screen, AnswerHintDialog)
        await pilot.press("n")
        assert "Hint 2 of 3" in prompt_text(app)
        await pilot.press("h", "y")
        assert "Hint 3 of 3 Lay down 5♣ and 5♥. 5♣ and 5♥ are a pair: same rank, and the colour doesn't matter." in prompt_text(app)


async def test_no_are_you_sure_before_a_blind_draw(store: Any, profile: Any) -> None:
    app = setup(store, profile, "bicycle", "hints")
    async with app.run_test(size=(100, 34)) as pilot:
        await pilot.pause()
        session = session_of(app)
        for pair in session.game.pairs_in(0):
            await select_cards(pilot, app, list(pair))
            await pilot.press("enter")
        await pilot.press("d")
        while session.stage is Stage.COMPUTER:
            await pilot.press("f")
        assert session.stage is Stage.CHOOSE_GIVER, "the Hints level chooses whom to draw from too"
        await pilot.press("enter")  # on no seat yet: the learner chooses
        assert session.stage is Stage.CHOOSE_GIVER and "Choose a player first" in prompt_text(app)
        await pilot.press("left")  # from the learner's own seat to the one on their right: Bicycle's giver
        assert "Choose a player first" not in prompt_text(app)
        await pilot.press("enter")
        assert session.stage is Stage.DRAW and not session.mistakes
        await pilot.press("h", "h", "h")
        assert isinstance(app.screen, GameScreen), "a blind draw has no answer to hide"
        assert "Hint 3 of 3 Any card will do" in prompt_text(app)


def footer_keys(app: TutorApp) -> list[str]:
    return [entry.key for entry in app.screen.query_one(KeysLine).entries]


async def test_no_hint_key_when_on_your_own(store: Any, profile: Any) -> None:
    app = setup(store, profile, "bicycle", "own")
    async with app.run_test(size=(100, 34)) as pilot:
        await pilot.pause()
        assert "d" in footer_keys(app) and "h" not in footer_keys(app)
        await pilot.press("h")
        assert not app.screen.query_one("#panel").display
    hinted = setup(store, profile, "bicycle", "hints")
    async with hinted.run_test(size=(100, 34)) as pilot:
        await pilot.pause()
        assert "h" in footer_keys(hinted)


async def test_resume_after_the_app_is_closed_mid_game(store: Any, profile: Any) -> None:
    set_settings(store, profile, speed="instant")
    app = TutorApp(store, profile, start="play", seed=11)
    async with app.run_test(size=(100, 34)) as pilot:
        await pilot.pause()
        session = session_of(app)
        for pair in session.game.pairs_in(0):
            from ui_helpers import select_cards as pick

            await pick(pilot, app, list(pair))
            await pilot.press("enter")
        saved = session.to_dict()
    assert store.load_game(profile) == saved
    again = TutorApp(store, profile)
    async with again.run_test(size=(100, 34)) as pilot:
        await pilot.pause()
        assert isinstance(again.screen, ConfirmScreen)
        await pilot.press("y")
        await pilot.pause()
        assert isinstance(again.screen, GameScreen)
        assert session_of(again).to_dict()["game"] == saved["game"]


async def test_a_damaged_saved_game_starts_a_new_one(store: Any, profile: Any) -> None:
    store.save_game(profile, {"format": "old-maid-session", "version": 1, "game": {"broken": True}})
    app = TutorApp(store, profile, start="play", seed=2)
    async with app.run_test(size=(100, 34)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, GameScreen) and session_of(app).stage is Stage.PAIRING


async def test_tiny_terminal_shows_a_message_and_recovers(store: Any, profile: Any) -> None:
    app = TutorApp(store, profile, start="play", seed=1)
    async with app.run_test(size=(50, 15)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, TooSmallScreen)
        assert "Please make the window larger" in str(app.screen.query_one("#too-small").content)
        await pilot.press("d", "h", "enter")
        await pilot.resize_terminal(100, 30)
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        for width, height in [(20, 5), (59, 30), (100, 19), (1, 1), (60, 20)]:
            await pilot.resize_terminal(width, height)
            await pilot.pause()
        assert isinstance(app.screen, GameScreen)


async def test_help_and_home(store: Any, profile: Any) -> None:
    app = TutorApp(store, profile)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen)
        await pilot.press("f1")
        assert isinstance(app.screen, HelpScreen)
        await pilot.press("escape", "r")
        assert type(app.screen).__name__ == "RulesScreen"
        await pilot.press("question_mark")
        assert isinstance(app.screen, HelpScreen)
        await pilot.press("escape", "escape", "s")
        assert type(app.screen).__name__ == "SettingsScreen"
        await pilot.press("escape")
        assert isinstance(app.screen, HomeScreen)


# Every key the table screen knows, and some it doesn't; not Escape, which would leave the table.
KEYS = ["left", "right", "space", "enter", "d", "h", "y", "n", "f", "s", "1", "2", "3", "4", "5", "9", "x", "tab", "up", "down", "p"]


async def back_to_the_table(pilot: Any, app: TutorApp) -> None:
    for _ in range(4):
        if isinstance(app.screen, (GameScreen, EndScreen)):
            return
        await pilot.press("p" if isinstance(app.screen, HomeScreen) else "y" if isinstance(app.screen, ConfirmScreen) else "escape")


@pytest.mark.soak
async def test_random_keys_and_clicks_never_crash(store: Any, profile: Any) -> None:
    """Hundreds of seeded random keys and clicks on the table (thousands under `make soak`), sent
    in bursts as a child mashing keys would. The whole app's soak is tests/test_soak.py."""
    set_settings(store, profile, speed="instant")
    app = TutorApp(store, profile, start="play", seed=5)
    choices = random.Random(1234)
    async with app.run_test(size=(90, 30)) as pilot:
        await pilot.pause()
        for _burst in range(scaled(12)):
            for _ in range(40):
                key = choices.choice(KEYS)
                app._driver.send_message(events.Key(key, key if len(key) == 1 else None))  # type: ignore[union-attr]
            await pilot.pause()
            try:
                # not on the footer's last line: its Quit key ends the app, which is no crash
                await pilot.click(offset=(choices.randrange(90), choices.randrange(29)))
            except (NoWidget, OutOfBounds):
                pass  # the click fell between screens; nothing to press there
            await back_to_the_table(pilot, app)
        assert app.is_running
    assert store.load_game(profile) is not None or store.finished_games(profile)


async def test_strict_bicycle_accepts_a_wrong_pair_and_the_end_screen_shows_the_check(store: Any, profile: Any) -> None:
    app = crafted_app(
        store, profile, Rules.bicycle(players=3, wrong_pair_loses=True), ["5C 9D", "5H 9C QS", "KC KD"], dealer=0, guidance="hints", wrong_pair_loses=True
    )
    async with app.run_test(size=(100, 34)) as pilot:
        await pilot.pause()
        await select_cards(pilot, app, cards("5C 9D"))
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, EndScreen))
        await pilot.pause()
        summary = str(app.screen.query_one("#summary").content)
        assert summary.startswith("You are the Old Maid this time.")
        assert summary.count("which is not a pair") == 2, "the check and the result name the cards; the headline does not (a walker read it three times)"
        assert "The pairs were checked. You laid down 5♣ and 9♦, which is not a pair." in summary
        assert "You went out 2nd, but you laid down 5♣ and 9♦, which is not a pair: you are the Old Maid." in summary
        assert "Bea still held 3 cards but is not the Old Maid" in summary
        assert "1 × A pair is two cards of the same rank" in summary
        kept = [(mistake.code, mistake.cards, mistake.where) for mistake in store.mistakes(profile)]
        assert kept == [("not-a-pair", ("5♣", "9♦"), "game")], "My progress lists the mistake the end counted (it said 'No mistakes noted yet')"
        app.pop_screen()  # the last table: Bea's box counts her cards, it does not call her safe
        await pilot.pause()
        bea = next(box for box in app.screen.query(SeatView) if box.seat == 1)
        assert "3 cards left" in str(bea.content) and "safe" not in str(bea.content)


async def test_escape_on_the_carry_on_question_keeps_the_saved_game(store: Any, profile: Any) -> None:
    set_settings(store, profile, speed="instant")
    app = TutorApp(store, profile, start="play", seed=3)
    async with app.run_test(size=(100, 34)) as pilot:
        await pilot.pause()
        saved = session_of(app).to_dict()
        await pilot.press("escape", "p")
        assert isinstance(app.screen, ConfirmScreen)
        assert f"(“{app.screen.no}” ends this one and deals a new one.)" in app.screen.question  # its button as named
        await pilot.press("escape")
        assert isinstance(app.screen, HomeScreen)
    assert store.load_game(profile) == saved


async def pick_and_lay_down(pilot: Any, app: TutorApp, picked: str) -> None:
    await select_cards(pilot, app, cards(picked))
    await pilot.press("enter")
    await pilot.pause()


def a_pair_and_a_lone_card(store: Any, profile: Any) -> TutorApp:
    """The learner holds 5♣ 5♥ (a pair) and 9♦, which nothing in the hand pairs with."""
    return crafted_app(store, profile, Rules.bicycle(players=3), ["5C 5H 9D", "5S 9C QS", "KC KD"], dealer=0, guidance="hints")


async def test_one_card_picked_is_half_a_pair_not_a_wrong_one(store: Any, profile: Any) -> None:
    """Enter with one card picked: the tutor asks for its partner and keeps it picked; nothing is
    counted as a mistake (it used to say "5♣ are not a pair." and count a wrong pair)."""
    app = a_pair_and_a_lone_card(store, profile)
    async with app.run_test(size=(100, 34)) as pilot:
        await pilot.pause()
        await pick_and_lay_down(pilot, app, "5C")
        screen_text = prompt_text(app)
        assert "5♣ is picked. A pair is two cards: pick the card that matches it too" in screen_text
        assert "are not a pair" not in screen_text
        assert session_of(app).mistakes == []
        hand = app.screen.query_one("#hand", HandView)
        assert set(hand.selected) == set(cards("5C"))  # still picked: the next card completes the pair
        # A card nothing in the hand matches: it stays there (the tutor asked for a partner that was
        # not in the hand, found by a newcomer's walk)
        await pick_and_lay_down(pilot, app, "9D")
        assert "9♦ is picked, but no other card in your hand makes a pair with it: it stays in your hand." in prompt_text(app)
        assert session_of(app).mistakes == []
        assert not hand.selected, "put back: kept picked, it went down with the next pair as a wrong one (a walker's report)"


async def test_a_card_picked_alone_after_a_mistake_is_answered_in_view(store: Any, profile: Any) -> None:
    """The mistake's panel hides the prompt line: one card picked and Enter under it changed nothing
    a child could see (a walker's report). The answer shows, and the panel about the move before goes."""
    app = a_pair_and_a_lone_card(store, profile)
    async with app.run_test(size=(100, 34)) as pilot:
        await pilot.pause()
        await pick_and_lay_down(pilot, app, "5C 9D")
        panel, prompt = app.screen.query_one("#panel", Static), app.screen.query_one("#prompt", Static)
        assert panel.display and not prompt.display
        await pick_and_lay_down(pilot, app, "9D")
        assert prompt.display and "9♦ is picked, but no other card" in str(prompt.content)
        assert not panel.display


def ended_at_once(store: Any, profile: Any) -> TutorApp:
    """A game the learner ends with their first move: under the strict check, 5♣ 9♦ laid down loses."""
    return crafted_app(
        store, profile, Rules.bicycle(players=3, wrong_pair_loses=True), ["5C 9D", "5H 9C QS", "KC KD"], dealer=0, guidance="hints", wrong_pair_loses=True
    )


async def lay_down_the_wrong_pair(pilot: Pilot[None], app: TutorApp) -> None:
    await pilot.pause()
    await select_cards(pilot, app, cards("5C 9D"))
    await pilot.press("enter")  # a wrong pair: the strict check ends the game
    await until(pilot, lambda: isinstance(app.screen, EndScreen))


async def test_capital_letters_are_the_keys_too_but_not_in_a_text_box(store: Any, profile: Any) -> None:
    """A walker pressed Shift+N for the end screen's "Play again (N)" and nothing happened (and a
    child with Caps Lock on would find every key dead): a capital letter is its small letter's key,
    except where it is typed into a box."""
    from textual.widgets import Input

    from tutor.ui.quiz_screen import QuizScreen
    from tutor.ui.settings_screen import SettingsScreen

    app = ended_at_once(store, profile)
    async with app.run_test(size=(100, 34)) as pilot:
        await lay_down_the_wrong_pair(pilot, app)
        await pilot.press("N")  # Play again (N)
        await until(pilot, lambda: isinstance(app.screen, GameScreen) or type(app.screen).__name__ == "DeckChoiceScreen")
        await pilot.press("escape")
        await until(pilot, lambda: isinstance(app.screen, HomeScreen))
        await pilot.press("Z")
        await until(pilot, lambda: isinstance(app.screen, QuizScreen))
        await pilot.press("escape")
        await until(pilot, lambda: isinstance(app.screen, HomeScreen))
        await pilot.press("S")
        await until(pilot, lambda: isinstance(app.screen, SettingsScreen))
        name = app.screen.query_one("#learner_name", Input)
        name.focus()
        name.value = ""
        await pilot.press("K", "i", "M")
        assert name.value == "KiM"


async def test_a_mistakes_box_leaves_the_seats_whole_at_80x24(store: Any, profile: Any) -> None:
    """The news line ("You laid down 5♣ and 5♥.") and a box both took a row: at 80x24 the table
    was one row too tall, and the seats' names scrolled away under the header (a walker's report).
    Under a box, and while it is empty, the news line takes no row."""
    from textual.containers import VerticalScroll

    app = setup(store, profile, "bicycle", "guided")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await select_cards(pilot, app, cards("5C 5H"))
        await pilot.press("enter")
        await pilot.pause()
        news = app.screen.query_one("#news", Static)
        assert "5♣ and 5♥" in str(news.content) and news.display  # no box: the news shows
        await pilot.press("d")  # the 7s still in hand: a kept pair, explained in a box
        await pilot.pause()
        await pilot.pause()
        board = app.screen.query_one("#board", VerticalScroll)
        assert "You still hold" in prompt_text(app) and not news.display
        assert board.max_scroll_y == 0, "the whole table fits: nothing scrolled away"
        await pilot.press("escape")  # the box closes: the news is back
        await pilot.pause()
        assert news.display and "5♣ and 5♥" in str(news.content)


async def test_a_pair_laid_down_with_a_card_marks_only_that_card(store: Any, profile: Any) -> None:
    """3♣ 3♠ and 6♠ picked together: the words say the 3s pair up, and the ! stands under 6♠ alone
    (it stood under all three, as if the pair were wrong too)."""
    app = crafted_app(store, profile, Rules.bicycle(players=3), ["3C 3S 6S 9H", "5H 9C QS", "KC 4D"], dealer=2)
    async with app.run_test(size=(100, 34)) as pilot:
        await pilot.pause()
        await select_cards(pilot, app, cards("3C 3S 6S"))
        await mistake(pilot, app, ["enter"], "not-a-pair", "3♣ and 3♠ pair up, but not with 6♠.")
        screen = app.screen
        assert isinstance(screen, GameScreen)
        assert screen.flagged_cards == set(cards("6S"))


async def test_a_key_that_names_no_card_or_player_says_so(store: Any, profile: Any) -> None:
    """A walker pressed 2 with one card to draw from, and 9 with four cards in hand: nothing
    happened, and a child gets no clue why. Now the prompt line says which keys there are."""
    app = crafted_app(store, profile, Rules.bicycle(players=3), ["3C 6S 9H KD", "5H 9C", "QS 4D"], dealer=2, guidance="hints")
    async with app.run_test(size=(100, 34)) as pilot:
        await pilot.pause()
        await pilot.press("9")
        await pilot.pause()
        assert "No card has the key 9 under it: press a key shown under the cards." in prompt_text(app)
        await pilot.press("d")  # no pairs: done
        await until(pilot, lambda: session_of(app).stage is Stage.CHOOSE_GIVER)
        await pilot.press("5")
        await pilot.pause()
        assert "No player has the number 5" in prompt_text(app)
        await pilot.press(str(session_of(app).game.giver))
        await until(pilot, lambda: session_of(app).stage is Stage.DRAW)
        await pilot.press("9")
        await pilot.pause()
        assert "No card has the key 9 under it" in prompt_text(app)
        assert session_of(app).stage is Stage.DRAW, "nothing drawn"


async def test_an_end_taller_than_the_window_says_more_is_below(store: Any, profile: Any) -> None:
    """At 80x24 in Spanish the end's buttons were below the fold, only their top edge in sight,
    with nothing to say so: the line under it says more is below, until it is seen."""
    set_settings(store, profile, speed="instant")
    app = crafted_app(store, profile, Rules.bicycle(players=4), ["5C QS 7H", "5D 9C", "8C 8D 7D", "9D 2C 2H"], dealer=3)
    async with app.run_test(size=(60, 20)) as pilot:
        await pilot.pause()
        await play_to_the_end(pilot, app)
        await until(pilot, lambda: isinstance(app.screen, EndScreen))
        await pilot.pause()
        more = app.screen.query_one("#end-more")
        await until(pilot, lambda: more.display)
        assert str(more.content) == "▼ More below: press PgDn (or scroll down)"
        await pilot.press("end")
        await until(pilot, lambda: not more.display)


async def test_enter_after_a_mistake_closes_its_box_and_says_nothing_more(store: Any, profile: Any) -> None:
    """Two walkers pressed Enter to close a "Not quite!" box and read at once "Select two cards
    that make a pair first...": Enter with nothing picked closes the box; pressed again, it asks."""
    app = crafted_app(store, profile, Rules.bicycle(players=3), ["3C 3S 6S 9H", "5H 9C QS", "KC 4D"], dealer=2)
    async with app.run_test(size=(100, 34)) as pilot:
        await pilot.pause()
        await select_cards(pilot, app, cards("3C 6S"))
        await mistake(pilot, app, ["enter"], "not-a-pair", "3♣ and 6♠ are not a pair.")
        await pilot.press("enter")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen) and screen.panel is None
        assert "Select two cards" not in prompt_text(app)
        await pilot.press("enter")
        await pilot.pause()
        assert "Select two cards that make a pair first" in prompt_text(app)


async def test_an_enter_pressed_on_at_the_end_keeps_the_results_in_sight(store: Any, profile: Any) -> None:
    """An Enter pressed on after the last move (or twice) dealt a new game before the learner had
    read how this one ended: nothing is chosen until N, Esc or a click."""
    app = ended_at_once(store, profile)
    async with app.run_test(size=(100, 34)) as pilot:
        await lay_down_the_wrong_pair(pilot, app)
        await pilot.press("enter", "enter")
        await pilot.pause()
        assert isinstance(app.screen, EndScreen)
        await pilot.press("n")
        await until(pilot, lambda: isinstance(app.screen, GameScreen) or type(app.screen).__name__ == "DeckChoiceScreen")
