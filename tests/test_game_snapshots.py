"""Snapshots of the home screen and the game table at the smallest, the usual and a large terminal,
and without colour."""

from __future__ import annotations

from typing import Any

import pytest
from ui_helpers import crafted_app, home_ready, play_to_the_end, session_of, until

from tutor.engine import Rules
from tutor.ui.app import TutorApp
from tutor.ui.end_screen import EndScreen

SIZES = [(80, 24), (120, 40)]
ALL_SIZES = [(60, 20), (80, 24), (120, 40)]
HANDS = ["5C 5H 7C 7D 7S 9D KS 2H", "2C 3C 8H", "", "9C 2D 3D QS KD 8S"]


def table_app(store: Any, profile: Any, guidance: str = "guided") -> TutorApp:
    return crafted_app(store, profile, Rules.bicycle(), HANDS, dealer=2, guidance=guidance)


@pytest.mark.parametrize("size", SIZES)
def test_home(snap_compare: Any, store: Any, profile: Any, size: tuple[int, int]) -> None:
    assert snap_compare(TutorApp(store, profile), terminal_size=size, run_before=home_ready)  # Continue filled in


@pytest.mark.parametrize("size", ALL_SIZES)
def test_table_at_the_learners_turn(snap_compare: Any, store: Any, profile: Any, size: tuple[int, int]) -> None:
    async def select_a_card(pilot: Any) -> None:
        await pilot.pause()
        await pilot.press("1")

    assert snap_compare(table_app(store, profile), terminal_size=size, run_before=select_a_card)


@pytest.mark.parametrize("size", SIZES)
def test_a_mistake_explained(snap_compare: Any, store: Any, profile: Any, size: tuple[int, int]) -> None:
    async def keep_a_pair(pilot: Any) -> None:
        await pilot.pause()
        await pilot.press("d")

    assert snap_compare(table_app(store, profile), terminal_size=size, run_before=keep_a_pair)


@pytest.mark.parametrize("size", SIZES)
def test_a_hint(snap_compare: Any, store: Any, profile: Any, size: tuple[int, int]) -> None:
    async def ask_twice(pilot: Any) -> None:
        await pilot.pause()
        await pilot.press("h", "h")

    assert snap_compare(table_app(store, profile, guidance="hints"), terminal_size=size, run_before=ask_twice)


def test_the_end_screen(snap_compare: Any, store: Any, profile: Any) -> None:
    # Three players near the end: Sam is out, Bea holds 5♦ and you hold 5♣ Q♠.
    app = crafted_app(store, profile, Rules.bicycle(players=3), ["5C QS", "5D", "8C 8D"], dealer=1)

    async def finish(pilot: Any) -> None:
        await pilot.pause()
        await pilot.press("d", "1")  # done; Bea is the only one with cards, so nothing to choose: take her only card
        await pilot.press("d")  # forget the new pair of 5s: one mistake for the list
        await play_to_the_end(pilot, pilot.app)
        await until(pilot, lambda: isinstance(pilot.app.screen, EndScreen))
        await pilot.pause()
        assert session_of(pilot.app).game.is_over

    assert snap_compare(app, terminal_size=(80, 24), run_before=finish)


@pytest.mark.parametrize("size", ALL_SIZES)
def test_the_end_of_a_reversed_game(snap_compare: Any, store: Any, profile: Any, size: tuple[int, int]) -> None:
    # Three players: Bea holds 5♦, you hold 5♣ Q♠; in the reversed game the odd card's holder wins.
    app = crafted_app(store, profile, Rules.bicycle(players=3, odd_card_wins=True), ["5C QS", "5D", "8C 8D"], dealer=1, odd_card_wins=True)

    async def finish(pilot: Any) -> None:
        await pilot.pause()
        await play_to_the_end(pilot, pilot.app)
        await until(pilot, lambda: isinstance(pilot.app.screen, EndScreen))
        await pilot.pause()
        assert session_of(pilot.app).game.winner == 0

    assert snap_compare(app, terminal_size=size, run_before=finish)


def test_no_color(snap_compare: Any, store: Any, profile: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NO_COLOR", "1")

    async def keep_a_pair(pilot: Any) -> None:
        await pilot.pause()
        await pilot.press("d")

    assert snap_compare(table_app(store, profile), terminal_size=(80, 24), run_before=keep_a_pair)
