"""A page (tutor/ui/page.py) restyles itself alone when it gains or loses the focus, which is only
right while no style depends on a page's focus: every rule of every screen is checked here."""

from __future__ import annotations

from typing import Any

from textual.css.model import SelectorType

from tutor.ui.app import TutorApp
from tutor.ui.page import Page
from tutor.ui.settings_screen import SettingsScreen

SCREENS = ("rules", "quiz", "lessons", "progress", "settings", "play")


async def test_no_style_depends_on_a_pages_focus(store: Any, profile: Any) -> None:
    """A rule such as `VerticalScroll:focus Static` (or `#settings:focus-within ...`) would style
    what is inside a focused page; with it, a page's focus would have to restyle its contents."""
    app = TutorApp(store, profile, seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        for screen in SCREENS:  # each screen's widgets bring their own default styles
            app.action_open(screen)
            await pilot.pause()
        await pilot.press("enter")  # the deck chosen: the game table and its widgets
        await pilot.pause()
        page_names = set(Page._css_type_names)
        depending = [
            str(selector_set.css)
            for rule in app.stylesheet.rules
            for selector_set in rule.selector_set
            for selector in selector_set.selectors[:-1]
            if selector.pseudo_classes & {"focus", "focus-within"} and (selector.type is not SelectorType.TYPE or selector.name in page_names)
        ]
    assert not depending


async def test_the_settings_page_taking_the_focus_restyles_itself_alone(store: Any, profile: Any) -> None:
    restyled: list[int] = []
    async with TutorApp(store, profile, start="settings").run_test(size=(80, 24)) as pilot:
        app = pilot.app
        assert isinstance(app.screen, SettingsScreen)
        page = app.screen.query_one("#settings", Page)
        assert len(list(page.walk_children())) > 100
        update_nodes = app.stylesheet.update_nodes

        def counted(nodes: Any, animate: bool = False) -> None:
            nodes = list(nodes)
            restyled.append(len(nodes))
            update_nodes(nodes, animate=animate)

        app.stylesheet.update_nodes = counted  # type: ignore[method-assign]
        page.focus()
        await pilot.pause()
        app.screen.query_one("#learner_name").focus()
        await pilot.pause()
    assert restyled and max(restyled) < 10, restyled
