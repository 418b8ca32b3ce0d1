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
