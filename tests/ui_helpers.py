"""Driving the app like a learner would, for the Pilot and snapshot tests."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any, TypeVar

from helpers import cards
from textual.pilot import Pilot
from textual.screen import Screen
from textual.widgets import Static

from tutor.engine import Game, Rules
from tutor.play.guided_game import GuidedGame, Stage
from tutor.ui.app import TutorApp
from tutor.ui.cards import HandView

NAMES = ["Robin", "Bea", "Sam", "Ana", "Kit", "Lou", "Max", "Zoe"]


def crafted_app(store: Any, profile: Any, rules: Rules, hands: list[str], dealer: int, guidance: str = "guided", **settings: Any) -> TutorApp:
    """An app that opens straight onto a game dealt from these hands (seat 0 is the learner)."""
    set_settings(store, profile, guidance=guidance, speed="instant", **settings)
    game = Game.from_hands(rules, [cards(hand) for hand in hands], dealer=dealer, learners=(0,))
    store.save_game(profile, GuidedGame(game, NAMES[: rules.players], guidance).to_dict())
    return TutorApp(store, profile, start="play")


def prompt_text(app: TutorApp) -> str:
    return str(app.screen.query_one("#prompt", Static).content)


def session_of(app: TutorApp) -> GuidedGame:
    return app.screen.session  # type: ignore[attr-defined]


async def select_cards(pilot: Pilot, app: TutorApp, wanted: list[Any], hand_id: str = "#hand") -> None:
    """Select exactly the wanted cards, as a careful learner looking at the hand does: a card picked
    before and not wanted is un-picked, one already picked is left picked. Each by its number key
    when it has one, else with the cursor and Space."""
    hand = app.screen.query_one(hand_id, HandView)
    stray = [card for card in hand.selected if card not in wanted]
    for card in [*stray, *(card for card in wanted if card not in hand.selected)]:
        target = hand.cards.index(card)
        if target < 9:
            await pilot.press(str(target + 1))
            continue
        while hand.cursor != target:
            await pilot.press("right")
        await pilot.press("space")


async def play_to_the_end(pilot: Pilot, app: TutorApp) -> None:
    """A careful learner: lays down every pair, draws from the right seat, skips ahead."""
    for _ in range(2000):
        session = session_of(app)
        stage = session.stage
        if stage is Stage.OVER:
            return
        if stage is Stage.PAIRING:
            pairs = session.game.pairs_in(0)
            if pairs:
                await select_cards(pilot, app, list(pairs[0]))
                await pilot.press("enter")
            else:
                await pilot.press("d")
        elif stage is Stage.CHOOSE_GIVER:
            await pilot.press(str(session.game.giver))
        elif stage is Stage.DRAW:
            await pilot.press("1")
        else:
            await pilot.press("f")
    raise AssertionError("the game did not end")


def set_settings(store: Any, profile: Any, **changes: Any) -> None:
    store.save_settings(profile, replace(store.load_settings(profile), **changes))


OpenedScreen = TypeVar("OpenedScreen", bound=Screen[Any])


async def open_from_home(pilot: Pilot[None], key: str, kind: type[OpenedScreen]) -> OpenedScreen:
    """Press `key` on the home screen and return the screen it opens, checked to be a `kind`."""
    await pilot.pause()
    await pilot.press(key)
    await pilot.pause()
    screen = pilot.app.screen
    assert isinstance(screen, kind)
    return screen


async def home_ready(pilot: Pilot[None]) -> None:
    """Home reads the course in a thread just after start-up; wait for Continue to follow progress."""
    from tutor.ui.home import HomeScreen

    await pilot.pause()
    for _ in range(200):
        if isinstance(pilot.app.screen, HomeScreen) and pilot.app.screen.followed:
            break
        await pilot.pause(0.05)
    assert isinstance(pilot.app.screen, HomeScreen) and pilot.app.screen.followed
    await pilot.pause()


async def until(pilot: Pilot[None], done: Callable[[], bool], seconds: float = 5.0) -> None:
    """Let the app run (its polls and timers) until `done`: a condition, never a fixed sleep."""
    for _ in range(int(seconds / 0.05)):
        if done():
            return
        await pilot.pause(0.05)
    assert done()
