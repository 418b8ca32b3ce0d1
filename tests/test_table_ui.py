"""Playing together through the screens: two apps (two stores on one data folder, as two browser
tabs of `old-maid-tutor serve` are) at one table, driven with keys as the learners would."""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable
from contextlib import AsyncExitStack, asynccontextmanager
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from layout_helpers import cut_off
from textual.pilot import Pilot
from textual.widgets import OptionList, Static
from textual.widgets._header import HeaderTitle
from ui_helpers import select_cards, until

from tutor.play.guided_game import GuidedGame
from tutor.play.shared_game import SharedGame, Stage
from tutor.settings import Settings
from tutor.store import Store, open_store
from tutor.ui.app import TutorApp
from tutor.ui.cards import HandView
from tutor.ui.dialogs import ConfirmScreen, HelpScreen
from tutor.ui.footer import KeysLine, TutorFooter
from tutor.ui.home import HomeScreen
from tutor.ui.table import SeatView
from tutor.ui.table_choice import TableChoiceScreen
from tutor.ui.table_screen import STALE, TableEndScreen, TableScreen

SEED = 5
SIZE = (100, 30)


def learner_store(data: Path, name: str, **settings: Any) -> tuple[Store, Any]:
    store = open_store(data)
    profile = store.get_or_create_profile(name)
    store.save_settings(profile, replace(store.load_settings(profile), speed="instant", **settings))
    return store, profile


@asynccontextmanager
async def running(*apps: TutorApp, size: tuple[int, int] = SIZE) -> AsyncIterator[list[Pilot[None]]]:
    """The apps side by side, each past its start (a saved game's question answered "not now")."""
    async with AsyncExitStack() as stack:
        pilots = [await stack.enter_async_context(app.run_test(size=size)) for app in apps]
        for pilot in pilots:
            await pilot.pause()
            if isinstance(pilot.app.screen, ConfirmScreen):
                await pilot.press("escape")
        yield pilots


async def in_app(pilot: Pilot[None], call: Callable[[], object]) -> object:
    """`call` run by the app itself, as a key or a menu would run it: the screens it opens belong to
    that app (code run from the test would open them in whichever app the test entered last)."""
    done: list[object] = []
    pilot.app.call_later(lambda: done.append(call()))
    await pilot.pause()
    assert done
    return done[0]


def shared_of(app: TutorApp) -> SharedGame:
    screen = app.screen
    assert isinstance(screen, TableScreen), screen
    return screen.shared


def words(app: TutorApp, widget: str) -> str:
    static = app.screen.query_one(widget, Static)
    return f"{static.border_title or ''} {static.content}" if static.display else ""


async def take_a_turn(pilot: Pilot[None]) -> str:
    """What a careful learner does at their window now (in a word); "" when it is not their part."""
    app = pilot.app
    assert isinstance(app, TutorApp)
    if not isinstance(app.screen, TableScreen):
        return ""
    shared = shared_of(app)
    game = shared.game
    if game is None:
        return ""
    if shared.stage is Stage.PAIRING:
        pairs = game.pairs_in(shared.seat)
        if pairs:
            await select_cards(pilot, app, list(pairs[0]))
            await pilot.press("enter")
        else:
            await pilot.press("d")
        return "paired"
    if shared.stage is Stage.DRAW and shared.choosing_giver:
        asked = "Press the player's number" if shared.guidance == "guided" else "who do you draw from? Pick that player."
        assert game.giver is not None and asked in words(app, "#prompt")
        start = game.giver if shared.guidance == "guided" else None
        assert app.screen.seat_cursor == start, "guided, the cursor starts on a seat the rules let you draw from; else on none"
        await pilot.press(str((game.giver - shared.seat) % game.rules.players))  # 1 is the player on your left
        assert words(app, "#prompt").startswith(f" Yes: you draw from {shared.names[game.giver]}.")
        return "chose"
    if shared.stage is Stage.DRAW:
        await pilot.press("1")
        return "drew"
    return ""


@pytest.mark.long
async def test_two_learners_play_one_game_at_a_table(tmp_path: Path) -> None:
    data = tmp_path / "data"
    ana_store, ana = learner_store(data, "Ana", players=3, guidance="hints", deck="farm")  # a short game: 19 cards
    ben_store, ben = learner_store(data, "Ben", guidance="guided")
    solo = GuidedGame.new(ana_store.load_settings(ana), seed=1).to_dict()
    ana_store.save_game(ana, solo)  # Ana's own game against the computer, to carry on later
    ana_app, ben_app = TutorApp(ana_store, ana, seed=SEED), TutorApp(ben_store, ben, seed=SEED)
    async with running(ana_app, ben_app) as (ana_pilot, ben_pilot):
        assert await in_app(ana_pilot, lambda: ana_app.open_table("Red"))
        assert await in_app(ben_pilot, lambda: ben_app.open_table("red"))  # the same table, however it is typed
        await until(ana_pilot, lambda: "Ben" in words(ana_app, "#waiting"))
        assert "Your rules (from your settings): Bicycle rules for 3 players" in words(ana_app, "#waiting")
        # Each learner's seats as their table will number them: 1 is the player on your left (a walker's
        # lobby said "Seat 2: Ben" and his table "3·Ana")
        assert "You: Ana (host)\n1·On your left: Ben\n2·On your right: free" in words(ana_app, "#waiting")
        assert "You: Ben\n1·On your left: free\n2·On your right: Ana (host)" in words(ben_app, "#waiting")
        assert "A computer player sits in each free seat when the game starts, if nobody else comes." in words(ben_app, "#waiting")
        assert "Press Enter to start the game" in words(ana_app, "#prompt")
        assert words(ben_app, "#prompt") == " Waiting for Ana to start the game."
        await ben_pilot.press("enter")  # only the host starts
        assert shared_of(ben_app).stage is Stage.WAITING
        await ana_pilot.press("enter")
        await until(ben_pilot, lambda: shared_of(ben_app).stage is Stage.PAIRING)
        ana_shared = shared_of(ana_app)
        await ben_pilot.pause(0.1)
        seats = [str(seat.content) for seat in ben_app.screen.query(SeatView)]  # Ben sits at seat 1: Ana is on his right
        assert seats[0].startswith(f"1·{ana_shared.names[2]}\non your left\n▒") and seats[1].startswith("2·Ana\non your right\n▒")
        assert ana_shared.names[2] not in ("Ana", "Ben") and ana_shared.view.seats[2].computer_plays  # the free seat

        # A mistake is explained in the window that made it, and nowhere else.
        assert ana_shared.game is not None and ana_shared.game.pairs_in(ana_shared.seat)
        await ana_pilot.press("d")
        assert "Not quite" in words(ana_app, "#panel") and "pair" in words(ana_app, "#panel")
        await ben_pilot.pause(0.3)
        assert words(ben_app, "#panel") == ""
        assert [mistake.code for mistake in ana_store.mistakes(ana)] == ["kept-pair"] and ben_store.mistakes(ben) == []

        # A hint stays while another learner lays down their pairs: Ana's part of the game is the same.
        await ana_pilot.press("h")
        assert "Hint 1 of 3" in words(ana_app, "#panel")
        assert await take_a_turn(ben_pilot) == "paired"
        await until(ana_pilot, lambda: shared_of(ana_app).move == shared_of(ben_app).move)
        await ana_pilot.pause(0.1)
        assert "Hint 1 of 3" in words(ana_app, "#panel")

        # Each window shows its own hand only; the moves go back and forth until the end.
        done: dict[TutorApp, set[str]] = {ana_app: set(), ben_app: set()}
        for _ in range(400):
            if isinstance(ana_app.screen, TableEndScreen) and isinstance(ben_app.screen, TableEndScreen):
                break
            for app, pilot in ((ana_app, ana_pilot), (ben_app, ben_pilot)):
                if isinstance(app.screen, TableScreen):
                    shared = shared_of(app)
                    assert app.screen.query_one("#hand", HandView).cards == sorted(shared.hand)
                    assert shared.game is None or tuple(shared.hand) == shared.game.hands[shared.seat]
                    done[app].add(await take_a_turn(pilot))
            await ana_pilot.pause(0.05)
        else:
            raise AssertionError("the game did not end")
        await ana_pilot.pause()
        await ben_pilot.pause()
        assert {"paired", "chose", "drew"} <= done[ana_app]  # Ana's help level, Hints, says whom she draws from too
        assert {"paired", "chose", "drew"} <= done[ben_app]  # Ben's: Guided, with the question in full
        for app in (ana_app, ben_app):
            summary = str(app.screen.query_one("#summary", Static).content)
            assert "How everyone did" in summary and summary.count("\n  You ") == 1
        assert "Your mistakes (1)" in str(ana_app.screen.query_one("#summary", Static).content)

        # Back at the table after its end (the help open meanwhile): how everyone did, not recorded again.
        await ana_pilot.press("escape")
        assert isinstance(ana_app.screen, HomeScreen)
        await in_app(ana_pilot, lambda: ana_app.save_settings(replace(ana_app.settings, speed="normal")))  # the end after 1.4 s
        assert await in_app(ana_pilot, lambda: ana_app.open_table("Red"))
        await ana_pilot.press("f1")
        await ana_pilot.pause(1.5)
        assert isinstance(ana_app.screen, HelpScreen), ana_app.screen_stack
        await ana_pilot.press("escape")
        await until(ana_pilot, lambda: isinstance(ana_app.screen, TableEndScreen))
        await ana_pilot.resize_terminal(60, 20)  # the smallest window: "Back (Esc)" was cut to "Back (Es"
        await ana_pilot.pause()
        await ana_pilot.pause()
        assert not [problem for problem in await cut_off(ana_pilot, "the end at 60x20") if "Button" in problem]
        await ana_pilot.resize_terminal(*SIZE)

        # Play again here: Ana opens a new table Red (the finished one keeps its game); Ben, still
        # at his end screen, plays again too and sits at Ana's new table.
        await ana_pilot.press("a")
        await until(ana_pilot, lambda: isinstance(ana_app.screen, TableScreen))
        again = shared_of(ana_app)
        assert again.table != ana_shared.table and again.is_host and again.stage is Stage.WAITING
        assert again.log[-1] == "You opened table Red again: its last game is over."
        await ben_pilot.press("a")
        await until(ben_pilot, lambda: isinstance(ben_app.screen, TableScreen))
        assert shared_of(ben_app).table == again.table and shared_of(ben_app).seat == 1

    # Each learner's own profile keeps the result; Ana's game against the computer is still there.
    assert len(ana_store.finished_games(ana)) == 1 and len(ben_store.finished_games(ben)) == 1
    assert ana_store.finished_games(ana)[0].mistakes == 1 and ben_store.finished_games(ben)[0].mistakes == 0
    assert ana_store.load_game(ana) == solo
    ana_store.close()
    ben_store.close()


async def test_a_stale_move_is_refused_and_the_table_shown_again(tmp_path: Path) -> None:
    data = tmp_path / "data"
    ana_store, ana = learner_store(data, "Ana", players=2, guidance="hints", deck="farm")
    ben_store, ben = learner_store(data, "Ben", guidance="hints")
    ana_app, ben_app = TutorApp(ana_store, ana, seed=SEED), TutorApp(ben_store, ben, seed=SEED)
    async with running(ana_app, ben_app, size=(60, 20)) as (ana_pilot, ben_pilot):  # the smallest window
        assert await in_app(ana_pilot, lambda: ana_app.open_table("Blue"))
        assert await in_app(ben_pilot, lambda: ben_app.open_table("Blue"))
        await ana_pilot.pause(0.3)
        await ana_pilot.press("enter")
        await until(ben_pilot, lambda: shared_of(ben_app).stage is not Stage.WAITING)
        for _ in range(40):  # the opening pairs, until someone is to draw
            if Stage.DRAW in (shared_of(ana_app).stage, shared_of(ben_app).stage):
                break
            await take_a_turn(ana_pilot)
            await take_a_turn(ben_pilot)
            await ana_pilot.pause(0.2)
        drawer_app, drawer_pilot = (ana_app, ana_pilot) if shared_of(ana_app).stage is Stage.DRAW else (ben_app, ben_pilot)
        screen = drawer_app.screen
        assert isinstance(screen, TableScreen)
        screen.poll_timer.pause()  # this window does not look up while the same learner's other tab draws
        shared = screen.shared
        with open_store(data) as third:
            other_tab = SharedGame(_tables(third), shared.profile, shared.table)
            assert not other_tab.draw(0).refused
            await drawer_pilot.press("1")  # decided on the table as it was
        assert STALE in words(drawer_app, "#prompt")
        assert shared.move == other_tab.move and words(drawer_app, "#panel") == ""  # shown as it is now, and no mistake
        assert shared.mistakes == []
        screen.poll_timer.resume()
    ana_store.close()
    ben_store.close()


def _tables(store: Store) -> Any:
    from tutor.store.tables import Tables

    return Tables(store)


async def test_the_table_list_follows_other_windows_and_a_full_table_is_refused_in_one_line(tmp_path: Path) -> None:
    data = tmp_path / "data"
    ana_store, ana = learner_store(data, "Ana", players=2)
    ben_store, ben = learner_store(data, "Ben")
    cleo_store, cleo = learner_store(data, "Cleo")
    apps = [TutorApp(ana_store, ana), TutorApp(ben_store, ben), TutorApp(cleo_store, cleo)]
    async with running(*apps) as (ana_pilot, ben_pilot, cleo_pilot):
        ana_app, ben_app, cleo_app = apps
        await in_app(cleo_pilot, cleo_app.choose_table)
        assert isinstance(cleo_app.screen, TableChoiceScreen)
        assert "Nobody has opened a table yet" in str(cleo_app.screen.query_one("#tables-intro", Static).content)
        assert await in_app(ana_pilot, lambda: ana_app.open_table("[b]Green[/b]"))  # a name from outside: shown as typed, never as markup
        await ana_pilot.pause()
        assert str(ana_app.screen.query_one(HeaderTitle).content) == "Old Maid Tutor — Table [b]Green[/b]"
        tables = cleo_app.screen.query_one("#tables", OptionList)
        await until(cleo_pilot, lambda: tables.option_count == 1)
        listed = str(tables.get_option_at_index(0).prompt)
        assert listed.startswith("[b]Green[/b]  waiting to start: 1 seat free of 2") and "Ana (host)" in listed
        assert await in_app(ben_pilot, lambda: ben_app.open_table("[b]Green[/b]"))
        await until(cleo_pilot, lambda: "all 2 seats taken" in str(tables.get_option_at_index(0).prompt))
        tables.focus()
        await cleo_pilot.press("enter")
        problem = str(cleo_app.screen.query_one("#table-problem", Static).content)
        assert problem == "Table [b]Green[/b] is full: 2 of 2 seats are taken." and isinstance(cleo_app.screen, TableChoiceScreen)
        await cleo_pilot.press("tab", *"Yellow", "enter")  # a new table of Cleo's own
        assert isinstance(cleo_app.screen, TableScreen) and shared_of(cleo_app).is_host
        await cleo_pilot.press("escape", "y")  # the host leaves: the table closes
        assert isinstance(cleo_app.screen, TableChoiceScreen)
        await until(cleo_pilot, lambda: tables.option_count == 1)
    for store in (ana_store, ben_store, cleo_store):
        store.close()


async def test_a_learner_whose_app_closes_mid_game_is_said_to_have_left_at_once(tmp_path: Path) -> None:
    """Quitting the app (or a pupil's tab closing) at the table leaves it as Escape does: the
    others read it at once, not a minute later when the seat is given to a computer."""
    data = tmp_path / "data"
    ana_store, ana = learner_store(data, "Ana", players=3)
    ben_store, ben = learner_store(data, "Ben")
    ana_app, ben_app = TutorApp(ana_store, ana, seed=SEED), TutorApp(ben_store, ben, seed=SEED)
    async with running(ana_app) as (ana_pilot,):
        assert await in_app(ana_pilot, lambda: ana_app.open_table("Red"))
        async with running(ben_app) as (ben_pilot,):
            assert await in_app(ben_pilot, lambda: ben_app.open_table("Red"))
            await until(ana_pilot, lambda: "Ben" in words(ana_app, "#waiting"))
            await ana_pilot.press("enter")
            await until(ben_pilot, lambda: shared_of(ben_app).stage is not Stage.WAITING)
            ben_app.exit()
        left = "Ben has left the table; the seat waits one minute for Ben to come back."
        await until(ana_pilot, lambda: left in shared_of(ana_app).log)
        seat = next(seat for seat in shared_of(ana_app).view.seats if seat.name == "Ben")
        assert seat.left_at is not None and not seat.taken_over
    ana_store.close()
    ben_store.close()


async def test_the_waiting_room_says_when_a_classmate_seated_there_seems_away(tmp_path: Path) -> None:
    """Ben's window went quiet before the deal (killed): Ana's waiting room listed him as if he
    were there. It says he seems away once his window has missed a heartbeat, and stops when he is heard again."""
    from datetime import timedelta

    from tutor.store.records import now, time_text
    from tutor.store.tables import QUIET_SECONDS

    data = tmp_path / "data"
    ana_store, ana = learner_store(data, "Ana", players=3)
    ben_store, ben = learner_store(data, "Ben")
    ana_app = TutorApp(ana_store, ana, seed=SEED)
    async with running(ana_app) as (ana_pilot,):
        assert await in_app(ana_pilot, lambda: ana_app.open_table("Red"))
        bens = _tables(ben_store)
        view, _ = bens.open_or_join("Red", ben, Settings())
        await until(ana_pilot, lambda: "Ben" in words(ana_app, "#waiting"))
        assert "seems to be away" not in words(ana_app, "#waiting")
        with ben_store._write() as db:  # Ben's last heartbeat, two beats ago
            quiet_since = time_text(now() - timedelta(seconds=QUIET_SECONDS + 1))
            db.execute("UPDATE table_seat SET last_seen = ? WHERE profile_id = ?", (quiet_since, ben.id))
        await until(ana_pilot, lambda: "Ben (seems to be away)" in words(ana_app, "#waiting"))
        bens.heartbeat(view.id, ben)
        await until(ana_pilot, lambda: "seems to be away" not in words(ana_app, "#waiting"))
    ana_store.close()
    ben_store.close()


async def test_a_learner_whose_app_closed_mid_game_is_asked_to_go_back_to_the_seat(tmp_path: Path) -> None:
    """Started again, Home asks about the seat at a table whose game is on (a walker's Eve, her app
    stopped mid-game, found no sign of it); "Back to the table" sits her down with the same hand."""
    data = tmp_path / "data"
    ana_store, ana = learner_store(data, "Ana", players=3)
    eve_store, eve = learner_store(data, "Eve")
    ana_app = TutorApp(ana_store, ana, seed=SEED)
    async with running(ana_app) as (ana_pilot,):
        assert await in_app(ana_pilot, lambda: ana_app.open_table("Red"))
        eve_app = TutorApp(eve_store, eve, seed=SEED)
        async with running(eve_app) as (eve_pilot,):
            assert await in_app(eve_pilot, lambda: eve_app.open_table("Red"))
            await until(ana_pilot, lambda: "Eve" in words(ana_app, "#waiting"))
            await ana_pilot.press("enter")
            await until(eve_pilot, lambda: shared_of(eve_app).stage is not Stage.WAITING)
            hand = shared_of(eve_app).hand
            eve_app.exit()
        eve_app = TutorApp(eve_store, eve, seed=SEED)
        async with eve_app.run_test(size=SIZE) as eve_pilot:
            await until(eve_pilot, lambda: isinstance(eve_app.screen, ConfirmScreen))
            assert isinstance(eve_app.screen, ConfirmScreen)
            assert eve_app.screen.question == "Your seat at table Red is still there, and its game is on. Go back to it?"
            await eve_pilot.press("y")
            await until(eve_pilot, lambda: isinstance(eve_app.screen, TableScreen))
            assert shared_of(eve_app).hand == hand
            await eve_pilot.press("escape", "y")  # leaves again: Home says the seat is still hers
            await until(eve_pilot, lambda: isinstance(eve_app.screen, HomeScreen))
            assert len(eve_app._notifications) == 1
            assert await in_app(eve_pilot, lambda: eve_app.open_table("Red"))
            await eve_pilot.pause()
            assert len(eve_app._notifications) == 0, "'You left table Red' is over: it covered her cards (a walker's report)"
    ana_store.close()
    eve_store.close()


async def test_a_table_dealt_in_a_small_window_shows_every_seats_cards(tmp_path: Path) -> None:
    store, robin = learner_store(tmp_path / "data", "Robin", players=4)
    app = TutorApp(store, robin, seed=SEED)
    async with running(app, size=(60, 20)) as (pilot,):
        assert await in_app(pilot, lambda: app.open_table("Red"))
        assert "1·On your left: free" in words(app, "#waiting")
        await pilot.press("enter")  # alone: three computer players
        await pilot.pause(0.1)
        assert app.screen.has_class("compact")  # 13 cards or so in 60 columns: one line each
        seats = [str(seat.content) for seat in app.screen.query(SeatView)]  # two lines, as a compact box holds
        assert len(seats) == 3 and all(seat.count("\n") == 1 and " cards" in seat for seat in seats), seats
    store.close()


@pytest.mark.parametrize("size", [(80, 24)])
def test_snapshot_of_a_table_played_together(snap_compare: Any, tmp_path: Path, size: tuple[int, int]) -> None:
    """Ana sits at seat 2 of Ben's table of three (a computer has the third seat): her hand only."""
    data = tmp_path / "data"
    ana_store, ana = learner_store(data, "Ana", guidance="hints")
    with open_store(data) as bens:
        ben = bens.get_or_create_profile("Ben")
        tables = _tables(bens)
        view, _ = tables.open_or_join("Red", ben, Settings(players=3))
        _tables(ana_store).open_or_join("Red", ana, Settings())
        tables.start(view.id, ben, seed=SEED)
    app = TutorApp(ana_store, ana)

    async def sit_down(pilot: Pilot[None]) -> None:
        await pilot.pause()
        assert app.open_table("Red")
        await pilot.pause()
        await pilot.pause()
        await pilot.press("1")
        footer = app.screen.query_one(TutorFooter)
        shown = [entry.key for entry in app.screen.query_one(KeysLine).entries]
        assert shown == [entry.key for entry in footer._entries()] and "escape" in shown, "every key of the table at 80 columns"

    assert snap_compare(app, terminal_size=size, run_before=sit_down)
    ana_store.close()
