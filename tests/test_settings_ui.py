"""The settings screen: changes are kept per profile, and bad combinations are explained."""

from typing import Any

from textual.widgets import Select, Static, Switch

from tutor.ui.app import TutorApp
from tutor.ui.home import HomeScreen


async def test_settings_are_saved_for_the_profile(store: Any, profile: Any) -> None:
    app = TutorApp(store, profile)
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        await pilot.press("s")
        screen = app.screen
        screen.query_one("#ruleset", Select).value = "table"
        screen.query_one("#players", Select).value = 6
        screen.query_one("#extra_draw_on_pair", Switch).value = True
        screen.query_one("#theme", Select).value = "high-contrast"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen)
        assert app.theme == "high-contrast"
    settings = store.load_settings(profile)
    assert (settings.ruleset, settings.players, settings.extra_draw_on_pair) == ("table", 6, True)


async def test_settings_that_do_not_go_together_are_explained(store: Any, profile: Any) -> None:
    app = TutorApp(store, profile)
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        await pilot.press("s")
        app.screen.query_one("#players", Select).value = 7  # Bicycle rules take 2 to 5
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert "players must be 2 to 5" in str(app.screen.query_one("#settings-error", Static).content)
    assert store.load_settings(profile).players == 4


async def test_the_learners_name_starts_as_the_profile_name(store: Any, profile: Any) -> None:
    app = TutorApp(store, profile)
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        assert app.settings.learner_name == "Robin"
