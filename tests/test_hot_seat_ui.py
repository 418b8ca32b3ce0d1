"""Hot-seat through the app: three learners at one keyboard play a whole game by keys, the table
covered between them; each profile keeps its own mistakes and game; a saved game comes back with
the same learners; who cannot join is said in one line, at the app and on the command line."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot
from textual.widgets import Static
from ui_helpers import select_cards, set_settings, until

from tutor.cli.command import main
from tutor.play.guided_game import GuidedGame, Stage
from tutor.settings import Settings
from tutor.store import Store, open_store
from tutor.store import store as store_module
from tutor.ui.app import TutorApp
from tutor.ui.cards import HandView
from tutor.ui.dialogs import ConfirmScreen
from tutor.ui.end_screen import EndScreen
from tutor.ui.game_screen import GameScreen
from tutor.ui.home import HomeScreen

SEED = 4
OUT_TOLD: list[str] = []
"""Learners told on the cover that they went out, as they passed the keyboard on."""
CARD_FACES = ("♣", "♦", "♥", "♠")
HIDDEN_SEEN: list[str] = []
"""Learners whose hand was hidden while the computers played."""


def screen_text(app: TutorApp) -> str:
    """Every word the game screen shows (the cover, the table, the panel)."""
    assert isinstance(app.screen, GameScreen)
    shown = [static for static in app.screen.query(Static) if all(getattr(node, "display", True) for node in static.ancestors_with_self)]
    return " ".join(str(static.render()) for static in shown)


def learners_in(store: Store, guidance: dict[str, str]) -> None:
    for name, level in guidance.items():
        set_settings(store, store.get_or_create_profile(name), guidance=level, speed="instant")


async def play_by_keys(pilot: Pilot[None], app: TutorApp, careless: set[str], stop_at: str | None = None) -> list[str]:
    """Each learner plays their own turns by keys; each of `careless` first says they are done
    while still holding a pair, once. Returns whom the keyboard was passed to, in order."""
    passed: list[str] = []
    for _ in range(3000):
        await pilot.pause()
        if isinstance(app.screen, EndScreen):
            return passed
        assert isinstance(app.screen, GameScreen)
        session = app.screen.session
        stage, name = session.stage, session.names[session.viewer]
        if stage is Stage.OVER:
            await pilot.pause(0.2)
        elif stage is Stage.HAND_OVER:
            shown = screen_text(app)
            coming = session.names[session.passing_to]
            assert f"Pass to {coming}. {coming}, press Enter when only you are looking." in shown
            assert not app.screen.query_one("#table").display and not any(face in shown for face in CARD_FACES), "no card shows"
            leaving = session.viewer
            if leaving != session.passing_to and not session.game.hands[leaving]:  # a walker's Ben was never told he was out
                assert f"{session.names[leaving]} is safe: no cards left!" in shown, shown
                OUT_TOLD.append(session.names[leaving])
            if stop_at == coming:
                return passed
            passed.append(coming)
            await pilot.press("enter")
        elif stage is Stage.COMPUTER:  # the next learner may be at the keyboard already: no hand shows
            hand = app.screen.query_one("#hand", HandView)
            if not session.game.hands[session.viewer]:  # out: nothing to hide, and nothing said to be hidden
                assert "cards are hidden" not in hand.empty_text()
            else:
                drawn = " ".join(" ".join(strip.text.split()) for strip in app.screen._compositor.render_strips())
                assert hand.count() == 0 and f"{name}'s cards are hidden while the computer players take their turns" in drawn, drawn
                own = {str(card) for seat, pair in session.seen.pairs if seat == session.viewer and pair for card in pair}
                pairs = str(app.screen.query_one("#pairs", Static).content) + str(app.screen.query_one("#pairs-line", Static).content)
                assert not any(card in pairs for card in own), f"{name}'s face-down pairs named while hidden: {pairs}"
                HIDDEN_SEEN.append(name)
            await pilot.press("f")
        elif stage is Stage.PAIRING:
            pairs = session.game.pairs_in(session.viewer)
            if pairs and name in careless:
                careless.discard(name)
                await pilot.press("d")
                assert "Try this:" in screen_text(app) and app.screen.panel is not None
            elif pairs:
                await select_cards(pilot, app, list(pairs[0]))
                await pilot.press("enter")
            else:
                await pilot.press("d")
        elif stage is Stage.CHOOSE_GIVER:
            giver = session.game.giver
            assert giver is not None
            await pilot.press(str((giver - session.viewer) % session.game.rules.players))  # numbered from the viewer's left
        else:
            await pilot.press("1")
    raise AssertionError("the game did not end")


@pytest.mark.long
async def test_three_learners_play_a_whole_game_each_with_their_own_mistakes_and_record(store: Store, profile: Any) -> None:
    learners_in(store, {"Robin": "guided", "Ben": "hints", "Cleo": "own"})
    set_settings(store, profile, deck="farm", speed="normal")  # the host's: 19 cards, a short game; F skips the computers' turns
    ben, cleo = store.get_or_create_profile("Ben"), store.get_or_create_profile("Cleo")
    bens_own_game = GuidedGame.new(Settings(learner_name="Ben"), seed=1).to_dict()
    store.save_game(ben, bens_own_game)
    app = TutorApp(store, profile, start="play", seed=SEED, together=["Ben", "Cleo"])
    OUT_TOLD.clear()
    HIDDEN_SEEN.clear()
    async with app.run_test(size=(80, 24)) as pilot:
        passed = await play_by_keys(pilot, app, careless={"Ben", "Cleo"})
        assert passed[:3] == ["Robin", "Ben", "Cleo"], "Robin's cards wait for her too; then the opening pairs, one learner after another"
        assert OUT_TOLD, "the case: a learner's last pair went down, then the keyboard passed on"
        assert HIDDEN_SEEN, "the case: the computers played after a learner's turn"
        assert isinstance(app.screen, EndScreen)
        summary = str(app.screen.query_one("#summary", Static).content)
        assert "Robin made no mistakes" in summary
        assert "Ben's mistakes (1):" in summary and "Cleo's mistakes (1):" in summary
        assert not any(line.strip().startswith("You") for line in summary.splitlines()), "worded for everyone at the table"
    for learner, mistakes in ((profile, 0), (ben, 1), (cleo, 1)):
        assert [mistake.code for mistake in store.mistakes(learner)] == ["kept-pair"] * mistakes
        [game] = store.finished_games(learner)
        assert game.mistakes == mistakes and game.rules["players"] == 4
    assert store.load_game(profile) is None, "the host's game in progress was this one"
    assert store.load_game(ben) == bens_own_game, "Ben's own game waits for him"


def ana_with_ben(tmp_path: Path) -> tuple[Any, Any, TutorApp]:
    """The store, Ana's profile and an app starting a game of Ana's with Ben at this keyboard."""
    store = open_store(tmp_path / "data")
    host = store.get_or_create_profile("Ana")
    learners_in(store, {"Ana": "guided"})
    return store, host, TutorApp(store, host, start="play", seed=SEED, together=["Ben"])


async def test_a_game_together_comes_back_covered_with_the_same_learners(tmp_path: Path) -> None:
    store, host, app = ana_with_ben(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await play_by_keys(pilot, app, careless=set(), stop_at="Ben")
        assert store.load_game(host) is not None and store.load_game(host)["viewer"] == 0  # type: ignore[index]
    store.close()

    store = open_store(tmp_path / "data")
    app = TutorApp(store, host, start="play")  # no --with: the saved game finds Ben again
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, GameScreen) and app.screen.session.stage is Stage.HAND_OVER
        assert "Pass to Ben." in screen_text(app) and not app.screen.query_one("#table").display
        await pilot.press("enter")
        assert app.screen.session.viewer == 1 and app.screen.session.stage is Stage.PAIRING
        await pilot.pause()
        prompt = str(app.screen.query_one("#prompt").render())
        assert prompt.startswith("Ben: "), f"whose cards these are, at one keyboard (a walker could not tell): {prompt}"
        ben = store.find_profile("Ben")
        assert ben is not None and store.holds(ben)
    store.close()


async def test_a_learner_open_elsewhere_stops_a_saved_game_together_with_one_line(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(store_module, "_running", lambda host, pid: True)
    store = open_store(tmp_path)
    host, ben = store.get_or_create_profile("Ana"), store.get_or_create_profile("Ben")
    saved = GuidedGame.new_together(Settings(), [("Ana", "guided"), ("Ben", "guided")], seed=SEED).to_dict()
    store.save_game(host, saved)
    elsewhere = open_store(tmp_path)
    elsewhere.claim(ben)
    app = TutorApp(store, host)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("y")  # "Carry on where you left off?"
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        question = str(app.screen.query_one("#question", Static).render())
        assert question == "Ben's progress is open in another window, so Ben can't play here. Close it there first. Start a new game instead?"
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen) and store.load_game(host) == saved, "the game waits for Ben"
    elsewhere.close()
    store.close()


async def test_who_cannot_join_at_the_app_is_said_in_one_line(store: Store, profile: Any) -> None:
    app = TutorApp(store, profile)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await pilot.pause()
        assert not app.open_hot_seat(["robin"])
        assert not app.open_hot_seat(["B", "C", "D", "E", "F"])
        await pilot.pause()
        told = [str(notification.message) for notification in app._notifications]
        assert told == [
            "Robin is already playing: name someone else to play with.",
            "The Bicycle rules allow at most 5 players, so up to 4 can play with Robin, not 5.",
        ]
        assert isinstance(app.screen, HomeScreen)
        assert app.open_hot_seat(["Ben", "Cleo", "Dot", "Eve"])
        await pilot.pause()
        assert isinstance(app.screen, GameScreen) and app.screen.session.game.rules.players == 5


def test_play_with_a_learner_open_in_another_window_is_refused_before_the_app_starts(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(store_module, "_running", lambda host, pid: True)
    monkeypatch.setattr(TutorApp, "run", lambda self: pytest.fail("the app must not start"))
    elsewhere = open_store(tmp_path)
    elsewhere.claim(elsewhere.get_or_create_profile("Cleo"))
    code = main(["--data-dir", str(tmp_path), "--profile", "Ana", "play", "--with", "Ben", "--with", "Cleo"])
    shown = capsys.readouterr()
    assert code == 1 and shown.out == ""
    assert shown.err == "old-maid-tutor play: error: Cleo's progress is open in another window, so Cleo can't play here. Close it there first.\n"
    assert main(["--data-dir", str(tmp_path), "--profile", "Ana", "play", "--with", "ana"]) == 2
    assert capsys.readouterr().err == "old-maid-tutor play: error: Ana is already playing: name someone else to play with.\n"
    elsewhere.close()


def test_the_hand_over_covers_the_table(snap_compare: Any, store: Any, profile: Any) -> None:
    learners_in(store, {"Robin": "guided"})
    app = TutorApp(store, profile, start="play", seed=SEED, together=["Ben"])

    async def until_bens_turn(pilot: Pilot[None]) -> None:
        await play_by_keys(pilot, app, careless=set(), stop_at="Ben")

    assert snap_compare(app, terminal_size=(80, 24), run_before=until_bens_turn)


async def test_the_next_learners_hand_starts_at_its_first_card(tmp_path: Path) -> None:
    """A walker's Ben found the cursor on his card 5, where Mia had left hers."""
    store, _, app = ana_with_ben(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await play_by_keys(pilot, app, careless=set(), stop_at="Ben")
        hand = app.screen.query_one("#hand", HandView)
        hand.cursor = 3  # where Ana left it
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen.session.viewer == 1 and hand.cursor == 0  # type: ignore[attr-defined]
    store.close()


async def test_f1_on_the_cover_explains_no_marks_of_a_table_it_hides(tmp_path: Path) -> None:
    """F1 on the hand-over listed the cards' marks (▲, ★, !) with no card in sight."""
    from tutor.ui.dialogs import HelpScreen

    store, _, app = ana_with_ben(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, GameScreen) and app.screen.session.stage is Stage.HAND_OVER)  # type: ignore[attr-defined]
        await pilot.press("f1")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen) and list(app.screen.marks) == []
        await pilot.press("escape", "enter")  # Ana is looking: her cards and their marks
        await pilot.pause()
        await pilot.press("f1")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen) and any(sign == "★" for sign, _ in app.screen.marks)
    store.close()
