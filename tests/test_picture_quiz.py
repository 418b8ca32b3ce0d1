"""Quiz questions about picture decks: asked where a picture deck is played (and then nothing about
ranks, suits, colours or three of a kind), or once the Picture cards lesson is done."""

from __future__ import annotations

import re

import pytest

from tutor.quiz import QuizRound
from tutor.quiz.bank import read_bank
from tutor.settings import Settings

CARD_WORDS = re.compile(r"\b(rank|ranks|suits?|colou?rs?|three of a kind|four of a kind|Queens?|Kings?|Jacks?|51|52)\b|[♣♦♥♠]", re.IGNORECASE)
PICTURE_QUESTIONS = {question.id for question in read_bank() if question.after == "picture-cards"}


def whole_round(settings: Settings, seed: int, lessons_done: tuple[str, ...] = ()) -> list[str]:
    """Every question of a round (ids), answering each with its first option until the round ends."""
    quiz = QuizRound(settings, seed=seed, lessons_done=lessons_done)
    asked: list[str] = []
    while quiz.current is not None:
        question = quiz.current
        text = " ".join((question.prompt, *question.options, question.explanation, *question.notes))
        assert not CARD_WORDS.search(text) or settings.deck == "standard", (question.id, text)
        asked.append(question.id)
        quiz.answer(0)
        assert len(asked) < 40
    return asked


@pytest.mark.parametrize(
    "options", [{}, {"ruleset": "table"}, {"odd_card_wins": True}, {"wrong_pair_loses": True}], ids=["bicycle", "table", "reversed", "strict"]
)
def test_a_picture_deck_round_speaks_only_of_pictures(options: dict[str, object]) -> None:
    settings = Settings(deck="farm", players=3, **options)  # type: ignore[arg-type]
    seen: set[str] = set()
    for seed in range(6):
        seen |= set(whole_round(settings, seed))
    assert PICTURE_QUESTIONS & seen


def test_picture_questions_wait_for_the_lesson_with_playing_cards() -> None:
    standard = Settings(players=3)
    before = {question for seed in range(6) for question in whole_round(standard, seed)}
    after = {question for seed in range(6) for question in whole_round(standard, seed, lessons_done=("picture-cards",))}
    assert not PICTURE_QUESTIONS & before
    assert PICTURE_QUESTIONS & after
    assert len(PICTURE_QUESTIONS) >= 4
