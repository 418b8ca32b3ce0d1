"""A quiz round: seeded, eight new questions, concepts never twice in a row, missed questions
coming back with their options in a new order, the summary at the end, and every answer
reported through the learner's recorder."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterator
from functools import cache

import pytest
from scale import scaled

from tutor.concepts import CONCEPTS
from tutor.engine import Rules
from tutor.learner.recorder import Recorder
from tutor.quiz import ROUND_SIZE, Question, QuizRound, Result
from tutor.settings import Settings
from tutor.store import Profile, Store

SETTINGS = [
    Settings(),
    Settings(ruleset="table", players=3, extra_draw_on_pair=True),
    Settings(players=2, wrong_pair_loses=True),
    Settings(ruleset="table", players=8, odd_rank="K", odd_card_wins=True),
    Settings(players=5, odd_rank="J", suit_style="letters"),
]
SEEDS = range(scaled(40))
"""Rounds answered at random per settings: 40 in `make test`, many more in `make soak`."""
Answerer = Callable[[Question], int]


def right(question: Question) -> int:
    return min(question.correct)


def wrong(question: Question) -> int:
    return next(index for index in range(len(question.options)) if index not in question.correct)


def at_random(seed: int) -> Answerer:
    rng = random.Random(seed)
    return lambda question: rng.randrange(len(question.options))


def same(one: Question, two: Question) -> bool:
    """The same question, whatever the order of its options."""
    return (one.id, one.prompt, sorted(one.options)) == (two.id, two.prompt, sorted(two.options))


def right_option(question: Question) -> str:
    (answer,) = question.answers
    return answer


def play(quiz: QuizRound, answerer: Answerer) -> list[tuple[Question, bool, Result]]:
    """Answer every question; each entry is (question, came back, result)."""
    asked = []
    while quiz.current is not None:
        question, came_back = quiz.current, quiz.is_return
        asked.append((question, came_back, quiz.answer(answerer(question))))
    return asked


@cache
def played_rounds() -> tuple[tuple[Settings, int, tuple[tuple[Question, bool, Result], ...]], ...]:
    """One round per settings and seed, answered at random: played once, read by several tests."""
    return tuple((settings, seed, tuple(play(QuizRound(settings, seed=seed), at_random(seed)))) for settings in SETTINGS for seed in SEEDS)


def rounds() -> Iterator[tuple[Settings, int, list[tuple[Question, bool, Result]]]]:
    for settings, seed, asked in played_rounds():
        yield settings, seed, list(asked)


@pytest.mark.soak
def test_a_round_has_eight_new_questions_and_never_one_concept_twice_in_a_row() -> None:
    for settings, seed, asked in rounds():
        new = [question for question, came_back, _ in asked if not came_back]
        assert ROUND_SIZE <= len(new) <= ROUND_SIZE + 2, (settings, seed)
        concepts = [question.concept for question, _, _ in asked]
        assert all(one != two for one, two in zip(concepts, concepts[1:], strict=False)), (settings, seed, concepts)
        assert all(concept in CONCEPTS for concept in concepts)


def returns(asked: list[tuple[Question, bool, Result]]) -> list[tuple[int, int]]:
    """(where a question was first asked, where it came back) for every return in a round."""
    waiting: list[int] = []
    pairs = []
    for index, (question, came_back, result) in enumerate(asked):
        if came_back:
            first = next(place for place in waiting if same(asked[place][0], question))
            waiting.remove(first)
            pairs.append((first, index))
        elif result.comes_back:
            waiting.append(index)
    assert waiting == []  # every question that was to come back did
    return pairs


@pytest.mark.soak
def test_a_missed_question_comes_back_once_two_or_three_questions_later() -> None:
    for settings, seed, asked in rounds():
        for first, back in returns(asked):
            assert not asked[first][2].right and asked[first][2].comes_back
            assert back - first - 1 in (2, 3), (settings, seed)
            assert not asked[back][2].comes_back
        assert not any(result.right and result.comes_back for _, _, result in asked)
        assert sum(came_back for _, came_back, _ in asked) == sum(result.comes_back for _, _, result in asked)


def test_only_the_eight_new_questions_come_back_and_extra_ones_give_them_room() -> None:
    extras = set()
    for seed in range(11, 21):
        asked = play(QuizRound(Settings(), seed=seed), wrong)
        new = [(question, result) for question, came_back, result in asked if not came_back]
        assert all(result.comes_back for _, result in new[:ROUND_SIZE])
        assert not any(result.comes_back for _, result in new[ROUND_SIZE:])
        assert len(asked) == len(new) + ROUND_SIZE
        # The eighth question comes back after two others: extra new ones, or returns in between.
        eighth = next(index for index, (question, _, _) in enumerate(asked) if question is new[ROUND_SIZE - 1][0])
        back = next(index for index, (question, came_back, _) in enumerate(asked) if came_back and same(question, new[ROUND_SIZE - 1][0]))
        assert back - eighth - 1 in (2, 3), seed  # 3 when a concept would repeat
        extras.add(len(new) - ROUND_SIZE)
    assert 2 in extras  # the extra questions are there when no return can fill the gap


def test_the_review_counts_the_questions_the_round_counted() -> None:
    """The round says "Question 1 of 8" ... "Question 8 of 8"; its end says "N of 8", even when
    extra questions were asked to give a missed one room, and counts only those eight as right."""
    extras = 0
    for seed in range(11, 21):
        quiz = QuizRound(Settings(), seed=seed)
        numbers: list[int] = []
        answered_right_first = 0
        said: list[str] = []
        while quiz.current is not None:
            words = quiz.progress
            said.append(words)
            numbered = words.startswith("Question ")
            if numbered:
                assert words == f"Question {len(numbers) + 1} of {ROUND_SIZE}"
                numbers.append(len(numbers) + 1)
            elif not quiz.is_return:
                extras += 1
                assert words == "One more question, just for practice, before a question you missed comes back"
            question = quiz.current
            # The numbered questions: right except the last; the extras after it: right too.
            choice = wrong(question) if numbered and len(numbers) == ROUND_SIZE else right(question)
            answered_right_first += numbered and choice in question.correct
            quiz.answer(choice)
        summary = quiz.summary()
        assert (summary.right, summary.asked) == (answered_right_first, len(numbers)) == (ROUND_SIZE - 1, ROUND_SIZE)
        if any(words.startswith("One more question") for words in said):  # what it says comes: the missed one, back
            assert said[-1] == "Once more, a question you missed: you've got this!", said
    assert extras  # some of these rounds asked extra questions, and the count stayed at 8


def test_a_missed_extra_question_is_not_one_still_to_get_right() -> None:
    """The end said "When they came back: 6 of 7 right" and "2 questions still to get right": an
    extra question, missed, was counted with the eight. Every number of the end must add up."""
    checked = 0
    for seed in range(11, 21):
        quiz = QuizRound(Settings(), seed=seed)
        extra_missed = 0
        while quiz.current is not None:
            extra = not quiz.progress.startswith("Question ") and not quiz.is_return
            extra_missed += extra
            quiz.answer(wrong(quiz.current) if extra or not quiz.is_return else right(quiz.current))
        summary = quiz.summary()
        checked += extra_missed > 0
        assert summary.asked - summary.right == summary.second_tries == len(summary.missed)
        assert len(summary.try_again) == summary.second_tries - summary.second_tries_right == 0
    assert checked, "some rounds asked an extra question, missed here"


def test_all_right_is_eight_questions_and_a_clean_summary() -> None:
    for settings in SETTINGS:
        quiz = QuizRound(settings, seed=4)
        assert quiz.planned == ROUND_SIZE
        asked = play(quiz, right)
        assert len(asked) == ROUND_SIZE and all(result.right for _, _, result in asked)
        summary = quiz.summary()
        assert (summary.right, summary.asked, summary.second_tries) == (ROUND_SIZE, ROUND_SIZE, 0)
        assert summary.missed == summary.try_again == summary.lessons == ()
        assert quiz.is_over and quiz.current is None


def test_the_same_seed_gives_the_same_round_and_options_in_the_same_order() -> None:
    for settings in SETTINGS:
        one = play(QuizRound(settings, seed="abc"), at_random(1))
        two = play(QuizRound(settings, seed="abc"), at_random(1))
        assert [(q.id, q.prompt, q.options, q.correct) for q, _, _ in one] == [(q.id, q.prompt, q.options, q.correct) for q, _, _ in two]


def test_options_are_shuffled() -> None:
    places: Counter[int] = Counter()
    for seed in range(60):
        for question, _, _ in play(QuizRound(Settings(), seed=seed), right):
            if question.kind == "choice" and len(question.options) == 4:
                places[min(question.correct)] += 1
    assert set(places) == {0, 1, 2, 3}
    assert min(places.values()) > sum(places.values()) / 8


@pytest.mark.soak
def test_true_false_keeps_true_first() -> None:
    for _, _, asked in rounds():
        for question, _, _ in asked:
            if question.kind == "true-false":
                assert question.options == ("True", "False")


def test_different_seeds_give_different_hands() -> None:
    seen = []
    for seed in range(30):
        quiz = QuizRound(Settings(), seed=seed)
        hands = tuple(q.setup.hands for q, _, _ in play(quiz, right) if q.setup is not None)
        assert hands
        seen.append(hands)
    assert len(set(seen)) == len(seen)
    every_position = [hands for round_hands in seen for hands in round_hands]
    assert len(set(every_position)) > len(every_position) * 0.9


@pytest.mark.soak
def test_a_round_mixes_written_and_generated_questions() -> None:
    for settings, seed, asked in rounds():
        generated = sum(question.generated for question, came_back, _ in asked if not came_back)
        assert 2 <= generated <= ROUND_SIZE, (settings, seed)


def test_an_answer_says_right_or_not_and_why_naming_the_cards() -> None:
    quiz = QuizRound(Rules.bicycle(), seed=2)
    while quiz.current is not None and quiz.current.id != "generated:is-pair":
        quiz.answer(right(quiz.current))
    question = quiz.current
    assert question is not None
    result = quiz.answer(wrong(question))
    assert not result.right and result.comes_back
    assert result.chosen == question.options[wrong(question)] and result.answers == question.answers
    assert all(str(card) in result.explanation for card in question.cards)


def test_a_wrong_answer_explains_the_choice_first() -> None:
    for seed in range(40):
        quiz = QuizRound(Settings(), seed=seed)
        while quiz.current is not None:
            question = quiz.current
            choice = wrong(question) if question.notes else right(question)
            result = quiz.answer(choice)
            if question.notes:
                assert result.explanation.startswith(question.notes[choice])
                assert result.explanation.endswith(question.explanation)
                return
    pytest.fail("no question with notes on its options came up")


def test_the_summary_lists_missed_questions_try_again_and_lessons() -> None:
    quiz = QuizRound(Settings(), seed=21)
    answered_right_later: set[int] = set()
    asked = []
    while quiz.current is not None:
        question, came_back = quiz.current, quiz.is_return
        # Miss every new question; get every other returning question right.
        choice = right(question) if came_back and len(answered_right_later) % 2 == 0 else wrong(question)
        result = quiz.answer(choice)
        if came_back and result.right:
            answered_right_later.add((question.id, question.prompt))
        asked.append((question, came_back, result))
    summary = quiz.summary()
    new = [question for question, came_back, _ in asked if not came_back][:ROUND_SIZE]  # the extras after them are not counted
    numbered = {(question.id, question.prompt) for question in new}
    asked = [(question, came_back, result) for question, came_back, result in asked if came_back or (question.id, question.prompt) in numbered]
    assert summary.right == 0 and summary.asked == ROUND_SIZE
    assert len(summary.missed) == len(new)
    assert all(same(missed.question, question) for missed, question in zip(summary.missed, new, strict=True))
    assert summary.second_tries == ROUND_SIZE
    assert summary.second_tries_right == len(answered_right_later)
    assert all(missed.explanation == missed.question.explanation for missed in summary.missed)
    assert [(q.id, q.prompt) for q in summary.try_again] == [(q.id, q.prompt) for q in new if (q.id, q.prompt) not in answered_right_later]
    misses: Counter[str] = Counter()
    for question, _, result in asked:
        misses[question.concept] += not result.right
    assert {pointer.concept for pointer in summary.lessons} == {c for c, n in misses.items() if n >= 2}
    for pointer in summary.lessons:
        assert pointer.lesson == CONCEPTS[pointer.concept].lesson and pointer.misses == misses[pointer.concept]


def test_a_question_missed_twice_points_at_its_lesson() -> None:
    quiz = QuizRound(Settings(), seed=5)
    first = quiz.current
    assert first is not None
    play(quiz, lambda question: wrong(question) if same(question, first) else right(question))
    summary = quiz.summary()
    assert [missed.times for missed in summary.missed] == [2]
    assert len(summary.try_again) == 1 and same(summary.try_again[0], first)
    assert [(pointer.concept, pointer.lesson) for pointer in summary.lessons] == [(first.concept, CONCEPTS[first.concept].lesson)]


def test_try_these_again_starts_a_round_with_those_questions() -> None:
    quiz = QuizRound(Settings(), seed=8)
    play(quiz, wrong)
    again = quiz.summary().try_again
    retry = QuizRound(Settings(), seed=9, retry=again)
    asked = [question for question, came_back, _ in play(retry, right) if not came_back]
    retried_ids = [question.id for question in asked[: len(again)]]
    assert sorted(retried_ids) == sorted(question.id for question in again[:ROUND_SIZE])
    prompts = {question.prompt for question in again}
    assert all(question.prompt in prompts for question in asked[: len(again)])


def test_a_question_tried_again_says_it_was_missed_last_round() -> None:
    """Try these again starts a round of eight with the missed ones among them: each says so
    ("Question 2 of 8: one you missed last round"); a newcomer thought the round had none of them."""
    quiz = QuizRound(Settings(), seed=8)
    play(quiz, wrong)
    again = quiz.summary().try_again[:3]
    retry = QuizRound(Settings(), seed=9, retry=again)
    said: list[str] = []
    while retry.current is not None:
        said.append(retry.progress)
        retry.answer(right(retry.current))
    marked = [words for words in said if words.endswith(": one you missed last round")]
    assert len(marked) == len(again) == 3
    assert len(said) == ROUND_SIZE and all(words.startswith(f"Question {number} of {ROUND_SIZE}") for number, words in enumerate(said, 1))


def test_suit_letters_when_the_learner_asks_for_them() -> None:
    quiz = QuizRound(Settings(suit_style="letters"), seed=3)
    for question, _, result in play(quiz, at_random(3)):
        text = " ".join((question.prompt, question.explanation, result.explanation, *question.options))
        assert not set(text) & set("♣♦♥♠")


def test_answers_outside_the_options_or_after_the_end_are_refused() -> None:
    quiz = QuizRound(Settings(), seed=1)
    with pytest.raises(ValueError, match="choice must be an option"):
        quiz.answer(7)
    play(quiz, right)
    with pytest.raises(ValueError, match="the round is over"):
        quiz.answer(0)


def test_the_position_gives_the_table_to_draw() -> None:
    settings = Settings(learner_name="Ana", opponent_names=("Bo", "Cy", "Di"))
    positions = [question.position for seed in range(10) for question, _, _ in play(QuizRound(settings, seed=seed), right) if question.position is not None]
    assert positions
    for position in positions:
        assert position.names == ("Ana", "Bo", "Cy", "Di") and len(position.hands) == 4
        assert 0 <= position.dealer < 4 and position.safe == {seat for seat in range(4) if not position.hands[seat]}


@pytest.mark.soak
def test_a_missed_question_comes_back_with_its_right_option_in_another_place() -> None:
    """A child who remembers the place of the answer, not its words, has to read it again."""
    checked = 0
    for _, _, asked in rounds():
        for first_place, back_place in returns(asked):
            first, back = asked[first_place][0], asked[back_place][0]
            if first.kind == "true-false":
                continue
            assert sorted(first.options) == sorted(back.options) and first.options != back.options
            assert right_option(first) == right_option(back)
            assert first.options.index(right_option(first)) != back.options.index(right_option(back))
            if back.notes:  # each reason stays with its option
                assert dict(zip(first.options, first.notes, strict=True)) == dict(zip(back.options, back.notes, strict=True))
            checked += 1
    assert checked > 100


def test_a_retried_question_comes_with_its_right_option_in_another_place() -> None:
    quiz = QuizRound(Settings(), seed=8)
    play(quiz, wrong)
    again = [question for question in quiz.summary().try_again if question.kind == "choice"]
    retried = [question for question, came_back, _ in play(QuizRound(Settings(), seed=9, retry=again), right) if not came_back][: len(again)]
    assert again and len(retried) == len(again)
    for before in again:
        after = next(question for question in retried if same(question, before))
        assert after.options.index(right_option(after)) != before.options.index(right_option(before))


# ----- the learner's record (the `store` and `profile` fixtures are in conftest.py) ---------------


class Listener(Recorder):
    """A recorder that also notes what it was told."""

    def __init__(self, store: Store, profile: Profile) -> None:
        super().__init__(store, profile)
        self.heard: list[tuple[str, str, bool]] = []

    def quiz_answer(self, question_id: str, concept: str, right: bool) -> None:
        self.heard.append((question_id, concept, right))
        super().quiz_answer(question_id, concept, right)


def test_every_answer_is_reported_through_the_recorder(store: Store, profile: Profile) -> None:
    recorder = Listener(store, profile)
    quiz = QuizRound(Settings(), seed=6, recorder=recorder)
    asked = play(quiz, at_random(6))
    expected = [(question.id, question.concept, result.right) for question, _, result in asked]
    assert recorder.heard == expected
    recorded = [(answer.question, answer.concept, answer.right) for answer in store.answers(profile)]
    assert recorded == expected
    assert any(question_id.startswith("generated:") for question_id, _, _ in recorded)
    assert {answer.concept for answer in store.answers(profile)} == {question.concept for question, _, _ in asked}


def test_the_round_never_writes_the_store_itself(store: Store, profile: Profile, monkeypatch: pytest.MonkeyPatch) -> None:
    heard: list[str] = []
    monkeypatch.setattr(Recorder, "quiz_answer", lambda self, question_id, concept, right: heard.append(question_id))
    monkeypatch.setattr(Store, "record_answer", lambda *args, **kwargs: pytest.fail("the round wrote the store"))
    asked = play(QuizRound(Settings(), seed=6, store=store, profile=profile), right)
    assert heard == [question.id for question, _, _ in asked]


def test_a_store_needs_a_profile_and_not_a_recorder_too(store: Store, profile: Profile) -> None:
    with pytest.raises(ValueError, match="both a store and a profile"):
        QuizRound(Settings(), seed=1, store=store)
    with pytest.raises(ValueError, match="not both"):
        QuizRound(Settings(), seed=1, store=store, profile=profile, recorder=Recorder(store, profile))


GAME_ONLY_WORDS = ("say you're done", "press ", "then say")
"""Instructions for a move in a game: a quiz question is over once answered, so its words never give them."""


@pytest.mark.soak
def test_the_quiz_explains_in_its_own_words_not_the_game_instructions() -> None:
    checked = 0
    for settings, seed, asked in rounds():
        for question, _, result in asked:
            for words in (question.explanation, result.explanation, *question.notes):
                assert not any(game in words for game in GAME_ONLY_WORDS), (settings, seed, words)
            checked += 1
    assert checked > 300


def test_a_learner_named_like_a_computer_player_never_meets_that_name() -> None:
    """Bea is the first computer player's name; a learner called bÉa sees another name there."""
    for seed in range(scaled(12)):
        quiz = QuizRound(Settings(learner_name="bÉa", players=5), seed=seed)
        while (question := quiz.current) is not None:
            position = question.position
            if position is not None:
                assert all("bea" not in name.lower().replace("é", "e") for name in position.names[1:]), position.names
            quiz.answer(0)
