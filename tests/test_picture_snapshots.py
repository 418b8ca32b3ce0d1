"""Snapshots of the table with the Farm friends picture deck at the smallest, the usual and a
large terminal, and without colour: each card shows its drawing and name (the name alone at 60x20)."""

from __future__ import annotations

from typing import Any

import pytest
from test_picture_game import picture_app

SIZES = [(60, 20), (80, 24), (120, 40)]
HANDS = ["cat/1 cat/2 pig/1 cow/1 hen/1 sheep/1 rabbit/1", "pig/2 dog/1 duck/1", "", "cow/2 hen/2 old-maid dog/2 duck/2"]


@pytest.mark.parametrize("size", SIZES)
def test_picture_table_at_the_learners_turn(snap_compare: Any, store: Any, profile: Any, size: tuple[int, int]) -> None:
    async def select_a_card(pilot: Any) -> None:
        await pilot.pause()
        await pilot.press("1")

    assert snap_compare(picture_app(store, profile, HANDS), terminal_size=size, run_before=select_a_card)


def test_picture_mistake_without_colour(snap_compare: Any, store: Any, profile: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NO_COLOR", "1")

    async def keep_a_pair(pilot: Any) -> None:
        await pilot.pause()
        await pilot.press("d")

    assert snap_compare(picture_app(store, profile, HANDS), terminal_size=(80, 24), run_before=keep_a_pair)


@pytest.mark.parametrize(("code", "picture", "shown"), [("de", "cherries", "Kirsche"), ("de", "plane", "Flugzeug"), ("en", "cherries", " Cherry ")])
def test_a_long_name_in_a_cards_top_border_is_whole_not_cut(code: str, picture: str, shown: str) -> None:
    """German picture cards read "Kirsch" and "Flugze": a short name longer than the border's room
    between spaces was cut. It now takes the border's whole width when it fits there."""
    from tutor import language
    from tutor.engine.decks import find_deck
    from tutor.ui.picture_cards import face_width, picture_parts

    with language.speaking(code):
        card = find_deck("everyday").parse(f"{picture}/1")
        top = picture_parts(card, "normal", selected=False, cursor=False)[0].plain
        assert shown in top and len(top) == face_width("everyday") + 2, top
