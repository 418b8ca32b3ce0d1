"""Snapshots of the quiz at 80×24 (a question, a missed question with its why, the round's end) and
at 60×20 (a question whose answers are below the fold, with the sign that says so)."""

from __future__ import annotations

from typing import Any

import pytest
from textual.pilot import Pilot
from ui_helpers import until

from tutor.quiz import Question
from tutor.ui import quiz_screen
from tutor.ui.app import TutorApp
from tutor.ui.quiz_screen import QuizScreen


@pytest.fixture(autouse=True)
def read_at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """These tests press Enter once they have read an answer's explanation: the moment a child is
    given to read it first (keys.READ_FIRST, as the quiz screen has it) is tested on its own."""
    monkeypatch.setattr(quiz_screen, "READ_FIRST", 0.0)


SIZE = (80, 24)
SEED = 1
"""A round that opens on a question with a table of cards."""


def quiz_app(store: Any, profile: Any) -> TutorApp:
    return TutorApp(store, profile, start="quiz", seed=SEED)


def current(pilot: Pilot) -> Question:
    screen = pilot.app.screen
    assert isinstance(screen, QuizScreen) and screen.round.current is not None
    return screen.round.current


def wrong_choice(question: Question) -> int:
    return next(index for index in range(len(question.options)) if index not in question.correct)


async def miss_the_first_question(pilot: Pilot) -> None:
    await pilot.pause()
    await pilot.press(str(wrong_choice(current(pilot)) + 1))
    await pilot.pause()
    assert isinstance(pilot.app.screen, QuizScreen)
    if pilot.app.screen.result is None:  # the answers were out of sight below the table: the number showed them
        await pilot.press(str(wrong_choice(current(pilot)) + 1))
        await pilot.pause()
    assert pilot.app.screen.result is not None


def test_a_question(snap_compare: Any, store: Any, profile: Any) -> None:
    async def settle(pilot: Pilot) -> None:
        await pilot.pause()
        assert current(pilot).position is not None

    assert snap_compare(quiz_app(store, profile), terminal_size=SIZE, run_before=settle)


def test_a_missed_question_with_its_explanation(snap_compare: Any, store: Any, profile: Any) -> None:
    assert snap_compare(quiz_app(store, profile), terminal_size=SIZE, run_before=miss_the_first_question)


def test_the_round_summary(snap_compare: Any, store: Any, profile: Any) -> None:
    async def play_the_round(pilot: Pilot) -> None:
        await miss_the_first_question(pilot)
        await pilot.press("enter")
        while isinstance(pilot.app.screen, QuizScreen) and pilot.app.screen.round.current is not None:
            await pilot.press(str(min(current(pilot).correct) + 1))
            if pilot.app.screen.result is None:  # the answers were out of sight: the number showed them
                await pilot.press(str(min(current(pilot).correct) + 1))
            await pilot.press("enter")
        await until(pilot, lambda: not isinstance(pilot.app.screen, QuizScreen))  # the last Enter shows the summary
        await pilot.pause()

    assert snap_compare(quiz_app(store, profile), terminal_size=SIZE, run_before=play_the_round)


def test_a_question_at_60x20_says_the_answers_are_below(snap_compare: Any, store: Any, profile: Any) -> None:
    async def settle(pilot: Pilot) -> None:
        await pilot.pause()
        assert current(pilot).position is not None

    assert snap_compare(quiz_app(store, profile), terminal_size=(60, 20), run_before=settle)
