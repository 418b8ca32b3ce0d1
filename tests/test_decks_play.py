"""`old-maid-tutor play --deck ID`: the game is played with that deck, which becomes the deck
setting; the game in progress goes on only if it uses that deck."""

from __future__ import annotations

from typing import Any

from ui_helpers import session_of, set_settings

from tutor.ui.app import TutorApp
from tutor.ui.game_screen import GameScreen


async def test_play_with_a_deck_deals_it_and_keeps_it_as_the_setting(store: Any, profile: Any) -> None:
    set_settings(store, profile, speed="instant", players=3)
    app = TutorApp(store, profile, start="play", seed=4, deck="farm")
    async with app.run_test(size=(100, 34)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        game = session_of(app).game
        assert game.rules.deck == "farm" and game.rules.cards_in_play == 19
        assert all(card.picture is not None for hand in game.hands for card in hand)
        saved_farm = session_of(app).to_dict()
    assert store.load_settings(profile).deck == "farm"
    assert store.load_game(profile)["game"]["rules"]["deck"] == "farm"

    again = TutorApp(store, profile, start="play", deck="farm")  # the same deck: the game goes on
    async with again.run_test(size=(100, 34)) as pilot:
        await pilot.pause()
        assert session_of(again).to_dict()["game"] == saved_farm["game"]

    other = TutorApp(store, profile, start="play", seed=4, deck="standard")  # another deck: a new game
    async with other.run_test(size=(100, 34)) as pilot:
        await pilot.pause()
        game = session_of(other).game
        assert game.rules.deck == "standard" and game.rules.cards_in_play == 51
    assert store.load_settings(profile).deck == "standard"
