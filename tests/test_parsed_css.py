"""Textual CSS parsed once per process (tutor.ui.parsed_css): a second app, or a tab forked from the
warm process, finds every source already parsed, and never another theme's rules."""

from __future__ import annotations

import inspect

import pytest
from textual.css.stylesheet import Stylesheet

from tutor.ui import parsed_css

CSS = "Button { color: $primary; }"


@pytest.fixture
def parses(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The sources Textual's own parser is asked to parse, from an empty store of parsed rules."""
    asked: list[str] = []
    textuals = parsed_css._textuals_parse_rules

    def counting(self: Stylesheet, css: str, *args: object) -> object:
        asked.append(css)
        return textuals(self, css, *args)  # type: ignore[arg-type]

    monkeypatch.setattr(parsed_css, "_textuals_parse_rules", counting)
    monkeypatch.setattr(parsed_css, "_parsed", {})
    parsed_css.parse_once_per_process()  # as importing the app does
    return asked


def parsed(variables: dict[str, str]) -> str:
    stylesheet = Stylesheet(variables=variables)
    stylesheet.add_source(CSS, read_from=("test", "Button"))
    stylesheet.parse()
    return stylesheet.css


def test_a_second_stylesheet_with_the_same_theme_parses_nothing(parses: list[str]) -> None:
    first = parsed({"primary": "#ff0000"})
    second = parsed({"primary": "#ff0000"})
    assert first == second
    assert parses == [CSS]


def test_another_theme_gets_its_own_rules(parses: list[str]) -> None:
    red, blue = parsed({"primary": "#ff0000"}), parsed({"primary": "#0000ff"})
    assert "#FF0000" in red.upper() and "#0000FF" in blue.upper()
    assert parses == [CSS, CSS]


def test_every_source_parsed_with_one_theme_keeps_one_copy_of_its_variables(parses: list[str]) -> None:
    for css in (CSS, "Label { color: $primary; }", "Static { background: $primary; }"):
        stylesheet = Stylesheet(variables={"primary": "#ff0000"})
        stylesheet.add_source(css, read_from=("test", css))
        stylesheet.parse()
    themes = {id(key[0]) for key in parsed_css._parsed}
    assert len(parsed_css._parsed) == 3 and len(themes) == 1


def test_a_second_app_in_the_process_parses_no_css_again(parses: list[str], tmp_path: object) -> None:
    import asyncio

    from tutor.store import open_store
    from tutor.ui.app import TutorApp

    async def first_screen() -> int:
        store = open_store(tmp_path)  # type: ignore[arg-type]
        try:
            app = TutorApp(store, None)
            async with app.run_test(size=(80, 24)) as pilot:
                await pilot.pause()
        finally:
            store.close()
        return len(parses)

    asyncio.run(first_screen())
    first = len(parses)
    asyncio.run(first_screen())
    assert first > 20  # the app's own CSS and its widgets'
    assert len(parses) == first


def test_textuals_parser_is_still_the_one_this_wraps() -> None:
    """Textual is pinned; a new version whose parser takes other arguments must be looked at again."""
    import tutor.ui.app  # noqa: F401 - importing the app shares the parsed CSS

    assert list(inspect.signature(parsed_css._textuals_parse_rules).parameters) == ["self", "css", "read_from", "is_default_rules", "tie_breaker", "scope"]
    assert Stylesheet._parse_rules is parsed_css._parse_rules
