"""A saved game from outside (an imported profile) is checked before use: a damaged one, the random
state included, is told once and replaced by a new game, never a crash."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tutor.engine import Game, Rules
from tutor.errors import RulesError
from tutor.play.guided_game import GuidedGame
from tutor.settings import Settings
from tutor.ui.app import TutorApp
from tutor.ui.game_screen import DAMAGED_GAME, GameScreen
from tutor.ui.table import LogTail


def saved_game() -> dict[str, Any]:
    game = Game.deal(Rules.bicycle(), seed=5, learners=(0,))
    return json.loads(json.dumps(game.to_dict()))


def with_word(index: int, value: Any) -> Callable[[dict[str, Any]], None]:
    return lambda data: data["rng"][1].__setitem__(index, value)


@pytest.mark.parametrize(
    "damage",
    [
        pytest.param(with_word(0, -1), id="negative"),
        pytest.param(with_word(7, -(2**70)), id="very negative"),
        pytest.param(with_word(3, 2**32), id="too large"),
        pytest.param(with_word(3, 2**64), id="far too large"),
        pytest.param(with_word(-1, 625), id="index 625"),
        pytest.param(with_word(-1, -1), id="negative index"),
        pytest.param(with_word(5, 1.5), id="float"),
        pytest.param(with_word(5, "7"), id="text"),
        pytest.param(with_word(5, None), id="none"),
        pytest.param(with_word(5, True), id="bool"),
        pytest.param(lambda data: data["rng"][1].pop(), id="too short"),
        pytest.param(lambda data: data["rng"][1].append(0), id="too long"),
        pytest.param(lambda data: data["rng"].__setitem__(1, {}), id="not a list"),
        pytest.param(lambda data: data["rng"].__setitem__(0, 2), id="version 2"),
        pytest.param(lambda data: data["rng"].__setitem__(0, True), id="version bool"),
        pytest.param(lambda data: data["rng"].__setitem__(0, 3.0), id="version float"),
        pytest.param(lambda data: data["rng"].__setitem__(2, "gauss"), id="gauss text"),
        pytest.param(lambda data: data["rng"].__setitem__(2, 1), id="gauss int"),
        pytest.param(lambda data: data["rng"].pop(), id="two parts"),
        pytest.param(lambda data: data.update(rng=None), id="no state"),
        pytest.param(lambda data: data.update(draws=float("inf")), id="infinite draws"),
    ],
)
def test_a_damaged_random_state_is_a_damaged_saved_game(damage: Callable[[dict[str, Any]], None]) -> None:
    data = saved_game()
    damage(data)
    with pytest.raises(RulesError, match="saved game is damaged"):
        Game.from_dict(data)


def test_a_good_random_state_plays_on_exactly() -> None:
    data = saved_game()
    data["rng"][2] = 0.25  # a gauss value kept from before
    assert Game.from_dict(data).to_dict() == data
    data["rng"][1][-1] = 0  # any index up to 624
    assert Game.from_dict(data).to_dict()["rng"][1][-1] == 0


@settings(max_examples=200, deadline=None)
@given(
    position=st.integers(0, 624),
    word=st.one_of(
        st.integers(max_value=-1),
        st.integers(min_value=2**32),
        st.floats(allow_nan=False),
        st.booleans(),
        st.text(max_size=3),
        st.none(),
    ),
)
def test_any_word_outside_32_bits_is_refused(position: int, word: Any) -> None:
    data = saved_game()
    data["rng"][1][position] = word
    with pytest.raises(RulesError, match="saved game is damaged"):
        Game.from_dict(data)


# --- in the app -----------------------------------------------------------------------------------


def notices(app: TutorApp) -> list[str]:
    return [str(notification.message) for notification in app._notifications]


def negative_random_state() -> dict[str, Any]:
    session = json.loads(json.dumps(GuidedGame.new(Settings(), seed=9).to_dict()))
    session["game"]["rng"][1][0] = -1
    return session


@pytest.mark.parametrize("opened", ["play", "home"])
async def test_a_saved_game_with_a_negative_random_state_starts_a_new_game(store: Any, profile: Any, opened: str) -> None:
    store.save_game(profile, negative_random_state())
    app = TutorApp(store, profile, start="play", seed=2) if opened == "play" else TutorApp(store, profile, seed=2)
    async with app.run_test(size=(100, 34), notifications=True) as pilot:
        await pilot.pause()
        if opened == "home":
            await pilot.press("y")  # yes, carry on with the saved game
            await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        assert notices(app) == [DAMAGED_GAME]
        assert not any("Welcome back" in line for line in app.screen.query_one("#log", LogTail).lines)
        new_game = app.screen.session.to_dict()
    assert GuidedGame.from_dict(store.load_game(profile)).to_dict() == new_game


async def test_any_error_restoring_a_saved_game_starts_a_new_game(store: Any, profile: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    def fails(data: Any) -> GuidedGame:
        raise OverflowError("something nobody checked")

    store.save_game(profile, GuidedGame.new(Settings(), seed=9).to_dict())
    monkeypatch.setattr(GuidedGame, "from_dict", staticmethod(fails))
    app = TutorApp(store, profile, start="play", seed=2)
    async with app.run_test(size=(100, 34), notifications=True) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, GameScreen) and notices(app) == [DAMAGED_GAME]
