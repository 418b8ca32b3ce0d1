"""Readable everywhere: the colours the app really draws (its rendered segments, after Textual's own
colour filters) give 4.5:1 or better for card faces, marks, switch words and ordinary text, in every
theme the learner is offered and under NO_COLOR."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from datetime import date
from typing import Any

import pytest
from scale import scaled
from textual.geometry import Region
from textual.widgets import Switch
from ui_helpers import crafted_app

from tutor.engine import Rules
from tutor.ui.app import TutorApp
from tutor.ui.cards import HandView
from tutor.ui.contrast import READABLE, contrast, grey, luminance, readable
from tutor.ui.settings_screen import SettingsScreen

HANDS = ["2H 3S 4D 5C KH", "2S 6H 7D 8C 9S"]  # the learner holds red and black suits, and a pair of 2s


@dataclass(frozen=True)
class Seen:
    text: str
    ratio: float
    x: int
    y: int


def drawn(app: TutorApp, region: Region | None = None) -> Iterator[Seen]:
    """Every piece of text on screen (box-drawing and block glyphs left out: they are lines, not
    words) with the contrast of its colours as the terminal gets them."""
    strips = app.screen._compositor.render_strips()
    for y, strip in enumerate(strips):
        x = 0
        for segment in strip:
            text, style = segment.text, segment.style
            width = segment.cell_length
            if (region is None or region.contains(x, y)) and any(not char.isspace() and not 0x2500 <= ord(char) <= 0x259F for char in text):
                assert style is not None and not style.dim, f"{text!r} has no colours of its own, or is dimmed"
                fore, back = (style.bgcolor, style.color) if style.reverse else (style.color, style.bgcolor)
                assert fore is not None and back is not None and fore.triplet and back.triplet, f"{text!r}: colour unknown"
                yield Seen(text.strip(), contrast(tuple(fore.triplet), tuple(back.triplet)), x, y)
            x += width


def unreadable(app: TutorApp, region: Region | None = None) -> list[str]:
    return [f"{seen.text!r} at {seen.x},{seen.y}: {seen.ratio:.2f}" for seen in drawn(app, region) if seen.ratio < READABLE]


async def check_every_theme(store: Any, profile: Any) -> list[str]:
    """In every offered theme: the game (cards, marks, the log, prompt, header and footer) and the
    settings (switch words, lists, buttons), as the learner sees them; what is unreadable is collected."""
    app = crafted_app(store, profile, Rules.bicycle(players=2), HANDS, dealer=1)
    problems: list[str] = []
    async with app.run_test(size=(100, 34)) as pilot:
        await pilot.pause()
        game = app.screen
        hand = game.query_one("#hand", HandView)
        hand.focus()
        hand.flagged, hand.new = {2}, 3  # a mistake's mark (!) and the card just drawn (★), besides the cursor (▲)
        faces = {card.text(False) for card in hand.cards}
        await pilot.pause()
        problems += [f"{app.theme} as the app starts: {problem}" for problem in unreadable(app)]
        settings = SettingsScreen()
        app.install_screen(settings, "contrast-settings")
        await app.push_screen("contrast-settings")
        settings.query_one("#odd_card_wins", Switch).value = True
        settings.query_one("#odd_card_wins-row").scroll_visible(animate=False, top=True)
        await pilot.pause()
        app.pop_screen()
        themes = app.offered_themes()
        # The settings screen is restyled in full for each theme (the costliest part): every theme's
        # under `make soak`, every third one's (from a different start each day) in `make test`.
        settings_in = set(themes if scaled(1) > 1 else themes[date.today().toordinal() % 3 :: 3])
        for theme in themes:
            app.theme = theme
            await pilot.pause()
            seen = list(drawn(app, hand.content_region))
            assert faces <= {piece.text for piece in seen}, f"{theme}: card faces not found"
            assert {"▲", "!", "★"} <= {piece.text for piece in seen}, f"{theme}: marks not found"
            problems += [f"{theme} game: {problem}" for problem in unreadable(app)]
            if theme not in settings_in:
                continue
            await app.push_screen("contrast-settings")
            await pilot.pause()
            assert {"On", "Off"} <= {piece.text for piece in drawn(app)}, f"{theme}: switch words not found"
            problems += [f"{theme} settings: {problem}" for problem in unreadable(app)]
            app.pop_screen()
    return problems


@pytest.mark.soak
async def test_every_offered_theme_is_readable(store: Any, profile: Any) -> None:
    assert await check_every_theme(store, profile) == []


@pytest.mark.soak
async def test_no_color_is_readable_in_every_theme(store: Any, profile: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NO_COLOR", "1")
    assert await check_every_theme(store, profile) == []


def test_the_contrast_sums() -> None:
    assert round(contrast((0, 0, 0), (255, 255, 255)), 1) == 21.0
    assert contrast((18, 18, 18), (18, 18, 18)) == 1.0
    assert luminance((255, 255, 255)) == pytest.approx(1.0)
    dark_grey, near_black = (0x4E, 0x4E, 0x4E), (0x12, 0x12, 0x12)  # NO_COLOR's red suit before the fix
    assert contrast(dark_grey, near_black) < 2.5
    fitted = readable((0xCD, 0x31, 0x31), [near_black], in_grey=True)
    assert contrast(grey(fitted), near_black) >= READABLE


async def check_picture_cards(store: Any, profile: Any) -> list[str]:
    """A picture hand (selected, flagged, under the cursor) in every offered theme: each card's
    name and drawing readable; the names are found on screen, so the words tell the pictures apart."""
    from test_picture_game import picture_app

    app = picture_app(store, profile, ["cat/1 cat/2 dog/1 old-maid", "dog/2 pig/1", "pig/2 hen/1 hen/2"])
    problems: list[str] = []
    async with app.run_test(size=(100, 34)) as pilot:
        await pilot.pause()
        hand = app.screen.query_one("#hand", HandView)
        hand.focus()
        hand.toggle(1)
        hand.flagged, hand.new = {2}, 3
        await pilot.pause()
        assert hand.scale == "large"
        for theme in app.offered_themes():
            app.theme = theme
            await pilot.pause()
            seen = {piece.text for piece in drawn(app, hand.content_region)}
            assert {"Cat", "Dog", "Old Maid"} <= seen, f"{theme}: picture names not found: {seen}"
            assert any("(o.o)" in text for text in seen), f"{theme}: the Old Maid's drawing not found: {seen}"
            problems += [f"{theme} picture cards: {problem}" for problem in unreadable(app, hand.content_region)]
    return problems


async def test_picture_cards_are_readable_in_every_theme(store: Any, profile: Any) -> None:
    assert await check_picture_cards(store, profile) == []


async def test_picture_cards_are_readable_under_no_color(store: Any, profile: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NO_COLOR", "1")
    assert await check_picture_cards(store, profile) == []


async def test_under_no_color_the_highlighted_choice_is_underlined_not_only_a_shade(store: Any, profile: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """A newcomer's walk under NO_COLOR could not tell which menu line was picked: only its grey
    background changed. The highlighted line is now bold and underlined as well."""
    monkeypatch.setenv("NO_COLOR", "1")
    app = TutorApp(store, profile)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("down", "down")
        await pilot.pause()
        underlined = set()
        for strip in app.screen._compositor.render_strips():
            for segment in strip:
                if segment.style is not None and segment.style.underline and segment.text.strip():
                    underlined.add(segment.text.strip())
        assert any("Play a game" in text or "Lessons" in text for text in underlined), underlined
