"""Pilot tests of the table: every speed moves the computers, the newest move is always in view,
names never clash with the learner's, every card key is shown and works, and end screens say
every player's result."""

from __future__ import annotations

import textwrap
import time
from typing import Any

import pytest
from helpers import cards, table_game
from textual.app import App, ComposeResult
from textual.widget import Widget
from textual.widgets import Static
from ui_helpers import crafted_app, select_cards, session_of, set_settings, until

from tutor.engine import Rules
from tutor.play.guided_game import Stage
from tutor.ui.app import TutorApp
from tutor.ui.card_table import PAUSE_SECONDS
from tutor.ui.cards import HandView
from tutor.ui.end_screen import EndScreen
from tutor.ui.table import LogTail, SeatView
from tutor.wording import same_name


class OneWidget(App[None]):
    """One widget alone in an app, unstyled."""

    def __init__(self, widget: Widget) -> None:
        super().__init__()
        self.widget = widget

    def compose(self) -> ComposeResult:
        yield self.widget


class OneSeat(OneWidget):
    """One seat's box, styled as the game table styles it."""

    CSS_PATH = "../tutor/ui/game.tcss"


def screen_text(app: TutorApp) -> str:
    """Every character on the screen as the learner sees it."""
    return "\n".join(strip.text for strip in app.screen._compositor.render_strips())


async def lay_down_all_and_finish(pilot: Any, app: TutorApp) -> None:
    session = session_of(app)
    while session.stage is Stage.PAIRING and session.game.pairs_in(0):
        await select_cards(pilot, app, list(session.game.pairs_in(0)[0]))
        await pilot.press("enter")
    if session.stage is Stage.PAIRING:
        await pilot.press("d")


@pytest.mark.parametrize("speed", list(PAUSE_SECONDS))
async def test_every_speed_moves_the_computers_without_a_key(store: Any, profile: Any, speed: str) -> None:
    set_settings(store, profile, speed=speed, guidance="hints")
    app = TutorApp(store, profile, start="play", seed=4)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        session = session_of(app)
        await lay_down_all_and_finish(pilot, app)
        before = session.game.draws
        assert session.stage is Stage.COMPUTER or session.game.drawer == 0
        if session.stage is Stage.COMPUTER:  # the first computer move comes within twice its pause
            deadline = time.monotonic() + PAUSE_SECONDS[speed] * 2 + 0.3
            while session.game.draws == before and time.monotonic() < deadline:
                await pilot.pause(0.05)
            assert session.game.draws > before, f"the computers did not move at speed {speed!r}"


SIZES = [(60, 20), (80, 24), (120, 40)]


@pytest.mark.long
async def test_the_newest_move_is_always_in_view(store: Any, profile: Any) -> None:
    """After every move, and after 30 computer turns, at 60x20, 80x24 and 120x40 (one game: ten
    computer turns at each size, then all three sizes once more)."""
    set_settings(store, profile, speed="slow", guidance="hints", ruleset="table", players=6)
    app = TutorApp(store, profile, start="play", seed=6)  # 56 computer turns, 5 of yours
    mine = 0
    async with app.run_test(size=SIZES[0]) as pilot:
        await pilot.pause()
        session = session_of(app)
        log = app.screen.query_one("#log", LogTail)

        async def newest_in_view(size: tuple[int, int]) -> None:
            if app.size != size:
                await pilot.resize_terminal(*size)
            await pilot.pause()
            newest = textwrap.wrap(log.lines[-1], log.size.width)[-1]
            turns = session.game.draws - mine
            assert newest in screen_text(app), f"the newest move is out of sight at {size} after {turns} computer turns"

        for _ in range(400):
            if session.stage is Stage.OVER or session.game.draws - mine >= 30:
                break
            if session.stage is Stage.PAIRING:
                await lay_down_all_and_finish(pilot, app)
            elif session.stage is Stage.CHOOSE_GIVER:
                await pilot.press(str((session.game.giver - session.viewer) % session.game.rules.players))  # numbered from the left
            elif session.stage is Stage.DRAW:
                mine += 1
                await pilot.press("1")
            else:  # one computer turn, as its timer would play it (the timers are tested on their own)
                app.screen._computer_turn()  # type: ignore[attr-defined]
            await newest_in_view(SIZES[min(2, (session.game.draws - mine) // 10)])
        assert session.game.draws - mine >= 30
        for size in SIZES:
            await newest_in_view(size)


async def test_a_computer_player_never_has_the_learners_name(store: Any, profile: Any) -> None:
    set_settings(store, profile, learner_name="ána", opponent_names=("Bea", "Ana", "ANA", "Sam", "Kit", "Lou", "Max"), ruleset="table", players=6, speed="slow")
    app = TutorApp(store, profile, start="play", seed=3)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        names = [seat.seat_name for seat in app.screen.query(SeatView)]
        assert len(names) == 5 and not any(same_name(name, "Ana") for name in names)
        assert "Ana" not in screen_text(app) and "ana" not in screen_text(app).replace("banana", "")


async def test_every_card_shows_the_key_that_picks_it(store: Any, profile: Any) -> None:
    hands = [
        "2C 3C 4C 5C 6C 7C 8C 9C 10C JC KC AC",
        "2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD AD",
        "2H 3H 4H 5H 6H 7H 8H 9H 10H JH KH AH",
        "2S 3S 4S 5S 6S 7S 8S 9S 10S JS KS AS",
    ]
    app = crafted_app(store, profile, Rules.bicycle(), hands, dealer=3, guidance="hints")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        hand = app.screen.query_one("#hand", HandView)
        key_lines = [line.split("│")[0].split() for line in screen_text(app).splitlines()]
        shown = [token for tokens in key_lines if tokens and set(tokens) <= set("▲1234567890qw·") for token in tokens]
        assert shown == ["▲", "1", "▲", "2", "3", "4", "5", "6", "7", "8", "9", "0", "q", "w"]
        await pilot.press("0", "w")
        assert hand.selected == {hand.cards[9], hand.cards[11]}
        prompt = str(app.screen.query_one("#prompt", Static).content)
        assert "no key" not in prompt


async def test_a_mistake_stays_in_its_own_panel_until_you_act(store: Any, profile: Any) -> None:
    app = crafted_app(store, profile, Rules.bicycle(), ["5C 5H 9D", "2C 3C 8H", "", "9C 2D 3D QS KD 8S"], dealer=2)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("d")
        panel = app.screen.query_one("#panel", Static)
        assert panel.display and panel.has_class("mistake") and "✗" in str(panel.border_title)
        await pilot.pause(0.5)
        assert panel.display, "the explanation stays while the learner reads it"
        await select_cards(pilot, app, cards("5C 5H"))
        await pilot.press("enter")
        assert not panel.display


async def test_the_news_line_says_what_just_happened_to_you(store: Any, profile: Any) -> None:
    app = crafted_app(store, profile, Rules.bicycle(), ["5C 9D", "2C 3C 8H", "", "9C 2D 3D QS KD 8S"], dealer=0, guidance="hints")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("d")
        await pilot.pause(0.4)
        news = str(app.screen.query_one("#news", Static).content)
        assert news.startswith("Bea took your "), news


async def test_the_end_of_a_reversed_game_says_everyone_else_loses(store: Any, profile: Any) -> None:
    app = crafted_app(store, profile, Rules.bicycle(players=3, odd_card_wins=True), ["5C QS", "5D", "8C 8D"], dealer=1, odd_card_wins=True)
    async with app.run_test(size=(100, 34)) as pilot:
        await pilot.pause()
        await lay_down_all_and_finish(pilot, app)
        await pilot.press("1", "1")
        await lay_down_all_and_finish(pilot, app)
        await until(pilot, lambda: isinstance(app.screen, EndScreen))
        await pilot.pause()
        summary = str(app.screen.query_one("#summary", Static).content)
        assert "You kept the odd card to the end: you win the reversed game!" in summary
        assert "You win by keeping the odd card, Q♠, to the end." in summary
        assert "Sam loses (went out 1st, without the odd card)." in summary
        assert "Bea loses (went out 2nd, without the odd card)." in summary
        assert " is safe" not in summary and "Safe," not in summary
    assert store.finished_games(profile)[0].result == "won"


@pytest.mark.parametrize("ruleset", ["bicycle", "table"])
def test_every_card_of_the_biggest_hand_any_deal_gives_has_a_key(ruleset: str) -> None:
    from tutor.engine.decks import PAIRS_RANGE
    from tutor.play.guided_game import GuidedGame
    from tutor.settings import Settings, choices_for
    from tutor.ui.cards import KEYS

    fewest = choices_for(ruleset).players.start
    for odd_rank in choices_for(ruleset).odd_ranks:
        game = GuidedGame.new(Settings(ruleset=ruleset, players=fewest, odd_rank=odd_rank), seed=1).game
        assert max(len(hand) for hand in game.hands) <= len(KEYS)
    biggest_picture_deck = 2 * PAIRS_RANGE[1] + 1  # every pair a deck file may hold, and its Old Maid
    assert -(-biggest_picture_deck // fewest) <= len(KEYS)
    assert len(set(KEYS)) == len(KEYS) and not set(KEYS) & set("dhfsrna")  # none is one of the game's own keys


def test_the_pairs_panel_keeps_letter_suits_apart() -> None:
    from tutor.engine import Game
    from tutor.ui.card_table import pairs_text
    from tutor.wording import Seats

    game = Game.from_hands(Rules.table(players=2), [["7H", "7D", "5C"], ["5S", "QD"]], dealer=1)
    seen = game.observation(0)
    assert "7♥7♦" in str(pairs_text(seen, Seats(["You", "Bea"], 0), True, letters=False))
    assert "7H+7D" in str(pairs_text(seen, Seats(["You", "Bea"], 0), True, letters=True))


@pytest.mark.parametrize(
    ("size", "seen"),
    [
        ((120, 40), ["You: 5♣5♥ 7♣7♦"]),  # the side panel, every seat's pairs
        ((100, 30), ["You: 5♣5♥ 7♣7♦"]),
        ((90, 24), ["You: 5♣5♥ 7♣7♦"]),  # the narrowest with the side panel
        ((80, 24), ["Your pairs: 5♣5♥ 7♣7♦ · Bea 0 · Sam 2 · Ana 0"]),  # the side panel has no room: one line
        ((60, 20), ["Your pairs: 2 · Bea 0 · Sam 2 · Ana 0", "Your pairs: 5♣5♥ 7♣7♦ · Bea 0 · Sam 2 · Ana 0"]),  # at least a count
    ],
)
async def test_the_learner_sees_their_pairs_at_every_size(store: Any, profile: Any, size: tuple[int, int], seen: list[str]) -> None:
    app = crafted_app(store, profile, Rules.table(), ["5C 5H 7C 7D 9S", "2C 3C 8H", "KC KD 6H 6S 2D", "9C 3D QS 8S"], dealer=3)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        await lay_down_all_and_finish(pilot, app)
        await pilot.pause()
        text = screen_text(app)
        assert any(words in text for words in seen), f"no pairs of yours in sight at {size}:\n{text}"


def test_the_pairs_keep_picture_names_apart_in_the_panel_and_the_line() -> None:
    from tutor.engine import Game
    from tutor.ui.card_table import pairs_line, pairs_text
    from tutor.wording import Seats

    game = Game.from_hands(Rules.table(players=2, deck="farm"), [["duck/1", "duck/2", "cat/1"], ["cat/2", "old-maid"]], dealer=1)
    seen, seats = game.observation(0), Seats(["You", "Bea"], 0)
    assert "Duck+Duck" in str(pairs_text(seen, seats, True, letters=False))
    assert str(pairs_line(seen, seats, False, 80)) == "Your pairs: Duck+Duck · Bea 0"
    assert str(pairs_line(seen, seats, False, 22)) == "Your pairs: 1 · Bea 0", "too narrow for the cards: how many"


def test_the_pairs_line_folds_between_seats_never_inside_one() -> None:
    """At 60x20 in Spanish a walker read "Kit" at a line's end and "5" alone under it."""
    from tutor.engine import Game
    from tutor.ui.card_table import pairs_line
    from tutor.wording import Seats

    game = table_game(Rules.bicycle(players=5), "5C 5H 2D", "7C 7D", "8C 8D", "9C 9D", "JC JD 3H")
    seen, seats = game.observation(0), Seats(["You", "Beatriz", "Samuel", "Anabel", "Kit"], 0)
    assert isinstance(game, Game)
    rows = str(pairs_line(seen, seats, False, 44)).splitlines()
    assert rows == ["Your pairs: 1 · Beatriz 1 · Samuel 1", "Anabel 1 · Kit 1"], rows
    assert all(len(row) <= 44 for row in rows)


def test_the_seat_drawn_from_is_said_in_each_books_words() -> None:
    """Bicycle's giver holds the cards out ('offers'); at the Table the drawer takes a card from the
    giver's fan, so the seat is the one that 'gives'."""
    from tutor.engine import Game
    from tutor.wording.table import role_of

    for rules, word in ((Rules.bicycle(players=3), "◀ offers one"), (Rules.table(players=3), "◀ gives one")):
        game = Game.deal(rules, seed=3)
        assert game.giver is not None and game.drawer is not None
        assert role_of(game, game.giver) == word
        assert role_of(game.observation(0), game.giver) == word
        assert role_of(game, game.drawer) == "▶ draws"


async def test_a_mistake_on_a_small_terminal_is_read_from_its_first_line(store: Any, profile: Any) -> None:
    """At 60x20 the explanation opened scrolled to its end: "✗ Not quite!" and its first sentences
    were above the view. Its first line is in view now (the hand below it when there is room)."""
    hands = ["5C 9D QH 2S 3S 4C 6D 7H 8S 10C JD KS", "5H 9C QS", "KC KD 4H"]
    app = crafted_app(store, profile, Rules.bicycle(players=3, wrong_pair_loses=False), hands, dealer=0, guidance="guided")
    async with app.run_test(size=(60, 20)) as pilot:
        await pilot.pause()
        await select_cards(pilot, app, cards("5C 9D"))
        await pilot.press("enter")
        await pilot.pause()
        await pilot.pause()
        panel, board = app.screen.query_one("#panel", Static), app.screen.query_one("#board")
        assert panel.display and panel.region.height > 0
        assert board.region.y <= panel.region.y < board.region.bottom, (panel.region, board.region)


def test_the_table_says_when_the_game_is_reversed() -> None:
    """A newcomer played a whole reversed game told only 'Bicycle rules: you draw from your right.'"""
    from tutor.engine import Game
    from tutor.wording.table import direction_text

    reversed_game = Game.deal(Rules.bicycle(players=3, odd_card_wins=True), seed=1)
    assert direction_text(reversed_game) == "Bicycle rules: you draw from your right. Reversed game: keep the odd card to the end to win."
    assert "Reversed" not in direction_text(Game.deal(Rules.bicycle(players=3), seed=1))


def test_a_lesson_seat_that_went_out_is_said_as_its_rules_say() -> None:
    """The lesson seats' 'SAFE ✓' was shown under every ruleset; in the reversed game going out
    means you can no longer win, and at Table rules that you have won (tutor.wording.going_out)."""
    from tutor.engine import Game
    from tutor.wording.table import cards_words

    expected = {"bicycle": "SAFE ✓", "reversed": "out: no cards", "table": "✓ out: has won"}
    for name, rules in (("bicycle", Rules.bicycle(players=3)), ("reversed", Rules.bicycle(players=3, odd_card_wins=True)), ("table", Rules.table(players=3))):
        game = Game.from_hands(rules, [["5C", "7D"], [], ["QS", "7H"]], 2)
        assert 1 in game.safe
        assert cards_words(game, 1, tells_roles=True, learner=False) == expected[name]


def test_cards_laid_down_as_a_pair_that_are_not_one_are_not_called_pairs() -> None:
    """The strict pair check lets a wrong pair go down (lesson 7): 'Your pairs on the table: 5♣ 9♦'
    called it a pair."""
    from tutor.wording.table import pairs_on_the_table

    assert pairs_on_the_table([cards("5C 5H")]) == "Your pairs on the table: 5♣ 5♥"
    assert pairs_on_the_table([cards("5C 5H"), cards("5D 9D")]) == "Laid down: 5♣ 5♥ · 5♦ 9♦ (not a pair)"


@pytest.mark.parametrize("pointer", ["cursor", "flagged", "both"])
async def test_the_seats_pointer_leaves_the_cards_line_its_room(pointer: str) -> None:
    """The seat drawn from, in a box where "4 cards, offers one" just fits: the cursor's ◆ (or a
    flagged seat's !, or both: the seat just chosen wrongly, a walker saw its ◆ and no !) goes
    beside the name, and the role's word stays. After the words, it wrapped
    the line: "2 cartas, da" with "una" out of sight (Spanish, 60x20, found by a walk)."""
    from layout_helpers import cut_off

    from tutor.engine import Game

    game = Game.deal(Rules.bicycle(players=3), seed=3)
    assert game.giver is not None
    seen = game.observation(0)
    status = f"{seen.hand_sizes[game.giver]} cards, offers one"

    app = OneSeat(SeatView(game.giver, "Sam", "on your right", "right"))
    async with app.run_test(size=(60, 10)) as pilot:
        seat = app.query_one(SeatView)
        seat.styles.width = len(status) + 4  # the words, the padding and the border
        await pilot.pause()
        seat.show(seen, cursor=pointer in ("cursor", "both"), flagged=pointer in ("flagged", "both"))
        await pilot.pause()
        lines = str(seat.content).splitlines()
        assert lines[0] == f"{game.giver}·Sam " + {"cursor": "◆", "flagged": "!", "both": "◆!"}[pointer]
        assert lines[-1].endswith(status)
        assert not await cut_off(pilot, "a seat")
        seat.seat_name = "Maximiliana"  # a long name is shortened to keep the pointer beside it
        seat.styles.width = 15
        await pilot.pause()
        seat.show(seen, cursor=pointer in ("cursor", "both"), flagged=pointer in ("flagged", "both"))
        shortened = {"cursor": "Maximi… ◆", "flagged": "Maximi… !", "both": "Maxim… ◆!"}[pointer]  # (two marks: a letter less)
        assert str(seat.content).splitlines()[0] == f"{game.giver}·{shortened}"


async def test_the_seats_words_fit_again_when_a_mistakes_box_brings_a_scroll_bar(store: Any, profile: Any) -> None:
    """Five players at 60x20, 28 cards in hand: a mistake's box makes the table scroll (the moves
    under it have made room already), and its scroll bar took a column from the first seat's box, whose "6 cards" folded "cards" out of sight (found on the
    table played together; the game alone was the same). A seat's words are chosen again for its new width."""
    from layout_helpers import cut_off

    hands = ["AC 3C 3H 4C 7D 8D 8H 9D 10C JH KS 2H 4H 5H 6H 2C 3D 8C 9C 5S 6S 7S JD JS QH 10D QD AD", "QS KD", "2D 4D", "7H 9H", "5D 6D"]
    app = crafted_app(store, profile, Rules.bicycle(players=5), hands, dealer=4)
    async with app.run_test(size=(60, 20)) as pilot:
        await until(pilot, lambda: session_of(app).stage is Stage.PAIRING and bool(app.screen.query(SeatView)))
        await pilot.press("d")  # the pair of 3s kept: the box comes
        board = app.screen.query_one("#board")
        await until(pilot, lambda: "Not quite" in str(app.screen.query_one("#panel").border_title) and board.show_vertical_scrollbar)
        await pilot.pause()
        assert not await cut_off(pilot, "the game table with a mistake's box")


async def test_on_a_short_narrow_terminal_the_moves_make_room_for_a_mistakes_box(store: Any, profile: Any) -> None:
    """60x20: the box pushed the seats up off the screen, their names first, to show itself and the
    hand. The moves under the table give it their lines while it is open, and come back after."""
    hands = ["AC 3C 3H 4C 7D 8D 8H 9D 10C JH KS", "2C 3D 8C 9C QS KD", "2D 4D 5S 6S 7S JD", "2H 4H 5H 6H 7H 9H JS QH", "5D 6D 10D QD"]
    app = crafted_app(store, profile, Rules.bicycle(players=5), hands, dealer=4)
    async with app.run_test(size=(60, 20)) as pilot:
        await until(pilot, lambda: session_of(app).stage is Stage.PAIRING and bool(app.screen.query(SeatView)))
        side = app.screen.query_one("#side")
        assert side.display
        await pilot.press("d")  # the pair of 3s kept: the box comes
        await until(pilot, lambda: "Not quite" in str(app.screen.query_one("#panel").border_title))
        await pilot.pause()
        shown = screen_text(app)
        assert all(f"{number}·{name}" in shown for number, name in enumerate(session_of(app).names[1:], 1)), shown
        assert not side.display
        assert "Not quite!" in shown and "3♣" in shown, shown
        await select_cards(pilot, app, cards("3C 3H"))
        await pilot.press("enter")
        await until(pilot, lambda: app.screen.query_one("#panel").display is False or session_of(app).game.pairs_in(0) == [])
        await pilot.pause()
        assert side.display and "What happened" in screen_text(app)


async def test_a_safe_seat_in_a_narrow_box_says_so_in_words_that_fit(store: Any, profile: Any) -> None:
    """Five seats at 60 columns: "✓ safe: no cards" folded "cards" out of the box's sight."""
    from layout_helpers import cut_off

    hands = ["AC 3C 4H 7D 8D 9D 10C JH KS", "", "2D 4D 5S 6S 7S JD", "2H 5H 6H 7H 9H JS QH", "5D 6D 10D QD"]
    app = crafted_app(store, profile, Rules.bicycle(players=5), hands, dealer=4)
    async with app.run_test(size=(60, 20)) as pilot:
        await until(pilot, lambda: session_of(app).stage is Stage.PAIRING and bool(app.screen.query(SeatView)))
        await pilot.pause()
        bea = next(box for box in app.screen.query(SeatView) if box.seat == 1)
        assert "✓ safe" in str(bea.content), bea.content
        assert not await cut_off(pilot, "the game table with a safe seat at 60 columns")


async def lay_down_the_last_cards(pilot: Any, app: TutorApp, laid: str) -> None:
    """The learner lays down the whole hand at the start, and the computers play on (slowly)."""
    await until(pilot, lambda: session_of(app).stage is Stage.PAIRING)
    await select_cards(pilot, app, cards(laid))
    await pilot.press("enter")
    await until(pilot, lambda: not session_of(app).hand and session_of(app).stage is Stage.COMPUTER)
    await pilot.pause()


async def test_an_empty_hand_is_said_once_beside_it(store: Any, profile: Any) -> None:
    """A walker read "Your hand is empty ..." twice, one line under the other: the news beside the
    hand and the empty hand's own words. The empty hand says it; the news line stays out of the way."""
    from layout_helpers import screen_lines

    hands = ["5C 5H", "2C 3C 8H 9S", "9C 2D 3D 8D", "4C 4H 7S 6D"]
    app = crafted_app(store, profile, Rules.bicycle(players=4), hands, dealer=3)
    set_settings(store, profile, speed="slow")  # the computers play on while the learner reads
    async with app.run_test(size=(80, 24)) as pilot:
        await lay_down_the_last_cards(pilot, app, "5C 5H")
        board = screen_lines(app.screen)[: app.screen.query_one("#log").region.y]
        assert sum("Your hand is empty: you are safe!" in line for line in board) == 1, board


async def test_at_instant_speed_the_computers_have_played_before_the_table_is_drawn(store: Any, profile: Any) -> None:
    """A walker saw "Sam draws from Bea. Press F to skip ahead." flash by at the Instant speed as
    the computers played on: their turns now come all at once, so the screen never waits on them
    and never offers to skip ahead."""
    set_settings(store, profile, speed="instant", guidance="hints")
    app = TutorApp(store, profile, start="play", seed=4)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        screen = app.screen
        prompts: list[str] = []
        show_prompt = screen.show_prompt  # type: ignore[attr-defined]

        def recorded() -> None:
            show_prompt()
            prompts.append(str(screen.query_one("#prompt", Static).content))

        screen.show_prompt = recorded  # type: ignore[attr-defined]
        session = session_of(app)
        for _ in range(12):  # a dozen of the learner's moves, the computers' turns between them
            if session.stage is Stage.OVER:
                break
            assert session.stage is not Stage.COMPUTER, "the computers had not played when the keys were read"
            pairs = session.game.pairs_in(0) if session.stage is Stage.PAIRING else []
            if pairs:
                await select_cards(pilot, app, list(pairs[0]))
                await pilot.press("enter")
            elif session.stage is Stage.CHOOSE_GIVER:
                await pilot.press(str(session.game.giver))
            else:
                await pilot.press("d" if session.stage is Stage.PAIRING else "1")
            await pilot.pause()
        assert prompts and not [prompt for prompt in prompts if "skip ahead" in prompt]
        log = app.screen.query_one("#log", LogTail)
        assert sum(" drew " in line and not line.startswith("You ") for line in log.lines) > 3, "the computers' turns are in the log"


async def test_a_long_word_for_an_empty_hand_is_folded_not_cut_off(store: Any, profile: Any) -> None:
    """At 60x20 a walker read "Your hand is empty, but one of your pairs is not a real pa": the
    empty hand's words now fold onto the lines the hand has."""
    from layout_helpers import screen_lines

    hands = ["5C 9D", "2C 3C 8H 9S", "9C 2D 3D 8D", "4C 4H 7S 6D"]
    app = crafted_app(store, profile, Rules.bicycle(players=4, wrong_pair_loses=True), hands, dealer=3, wrong_pair_loses=True)
    set_settings(store, profile, speed="slow")  # the computers play on while the learner reads
    async with app.run_test(size=(60, 20)) as pilot:
        await lay_down_the_last_cards(pilot, app, "5C 9D")
        hand = app.screen.query_one("#hand", HandView)
        shown = " ".join(line.strip() for line in screen_lines(app.screen)[hand.region.y : hand.region.bottom])
        assert "Your hand is empty, but one of your pairs is not a real pair: that counts when the pairs are checked at the end." in shown


async def test_the_log_shows_whole_lines_never_the_end_of_one(store: Any, profile: Any) -> None:
    """A walker's log began mid-sentence ("ausgeteilt. Jeder legt ..."): the oldest line shown is
    shown whole, or not at all; the newest always shows."""
    app = OneWidget(LogTail(id="log"))
    async with app.run_test(size=(20, 3)) as pilot:
        log = app.query_one(LogTail)
        log.add(["Sam dealt all 19 cards. Everyone lays down their pairs.", "Bea drew a card."])
        await pilot.pause()
        assert str(log.render()).splitlines() == ["Bea drew a card."]
        log.add(["Sam drew a card from Bea, and it makes a pair with one he holds."])
        await pilot.pause()
        rows = str(log.render()).splitlines()
        assert len(rows) == 3 and rows[-1].endswith("holds."), "the newest line, as much as fits, its end last"


def test_the_empty_hand_counts_the_wrong_pairs_and_knows_when_the_check_has_been() -> None:
    """A walker laid down three wrong pairs and read "one of your pairs is not a real pair", and
    still "that counts when the pairs are checked at the end" once the end had come."""
    from tutor.engine import LayDown
    from tutor.wording.going_out import you_went_out

    rules = Rules.bicycle(players=3, wrong_pair_loses=True)
    game = table_game(rules, "5C 9D 6H 8S", "2C 3C", "2D 7C", dealer=2, learners=(0,))
    game.apply(LayDown(0, tuple(cards("5C 9D"))))
    game.apply(LayDown(0, tuple(cards("6H 8S"))))
    assert not game.is_over
    assert you_went_out(game, 0) == "Your hand is empty, but 2 of your pairs are not real pairs: that counts when the pairs are checked at the end."
    while not game.is_over:
        game.play_computer_turn()
    assert you_went_out(game, 0) == "Your hand is empty, but 2 of your pairs were not real pairs, and the check at the end found them."


async def test_a_seat_shows_all_its_backs_or_none(store: Any, profile: Any) -> None:
    """A walker saw "▒▒ 6 cards, offers one" beside "▒▒▒▒ 5 cards": more cards drawn as fewer backs.
    A seat whose words leave no room for its backs (up to four) shows none."""
    hands = ["5C 9D", "2C 3C 8H 9S 4H 6D", "9C 2D 3D 8D 7S QC", "4C 5H 7D 6C JD 10S"]
    app = crafted_app(store, profile, Rules.bicycle(players=4), hands, dealer=2)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("d")  # no pairs: the learner draws next, and the giver's box says "offers one"
        await until(pilot, lambda: session_of(app).stage in (Stage.CHOOSE_GIVER, Stage.DRAW))
        await pilot.pause()
        assert any("offers one" in str(box.content) for box in app.screen.query(SeatView))
        for box in app.screen.query(SeatView):
            words = str(box.content).splitlines()[-1]
            backs = words.count("▒")
            held = len(session_of(app).game.hands[box.seat])
            assert backs in (0, min(held, 4)), words


async def test_a_compact_seat_says_its_place_as_short_as_it_must() -> None:
    """Beside the name on a compact table: the place in one word, else its short form, else none
    (Spanish "1·Bea (izquierda)" lost its place at 60x20; "tu izq." fits)."""

    from tutor import language
    from tutor.engine import Game

    game = Game.deal(Rules.bicycle(players=4), seed=3)
    seen = game.observation(0)

    language.ask("es")
    try:
        app = OneSeat(SeatView(1, "Bea", "a tu izquierda", "left"))
        async with app.run_test(size=(60, 10)) as pilot:
            seat = app.query_one(SeatView)
            seat.compact = True
            for width, first_line in ((22, "1·Bea (izquierda)"), (19, "1·Bea (tu izq.)"), (12, "1·Bea")):
                seat.styles.width = width  # the words, the padding and the border
                await pilot.pause()
                seat.show(seen, cursor=False, flagged=False)
                assert str(seat.content).splitlines()[0] == first_line, width
    finally:
        language.ask(None)


async def test_the_card_just_drawn_keeps_its_star_under_the_cursor() -> None:
    """F1 says ★ marks the card just drawn; it was gone the moment the cursor came to it."""
    app = OneWidget(HandView(id="hand"))
    async with app.run_test(size=(60, 10)) as pilot:
        hand = app.query_one(HandView)
        drawn = cards("5C 9D")
        hand.show(list(drawn), new=drawn[1])
        hand.focus()
        hand.cursor = 0
        await pilot.pause()
        assert (hand.mark(0), hand.mark(1)) == ("▲", "★")
        hand.cursor = 1
        await pilot.pause()
        assert (hand.mark(0), hand.mark(1)) == (" ", "▲★")  # drawn "▲ 2 ★": the cursor left of the key, the star right
