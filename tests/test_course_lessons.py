"""The course shipped in lessons/: every file checks, every solution replays, no step starts solved,
and the lessons the issue names are there with the seeds' worked examples."""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

import pytest

from tutor.concepts import CONCEPTS
from tutor.course import (
    ChartStep,
    ChoiceStep,
    DrawStep,
    Lesson,
    LessonRun,
    Step,
    Table,
    TaskStep,
    load_course,
)
from tutor.engine import Card, MistakeCode, parse_cards, simulate

ROOT = Path(__file__).parent.parent
LESSON_IDS = [
    "deck-and-deal",
    "pairs",
    "a-turn",
    "worked-turn",
    "empty-hands",
    "the-ending",
    "common-mistakes",
    "table-rules",
    "variants",
    "is-it-fair",
    "picture-cards",
]


@cache
def course():  # type: ignore[no-untyped-def]
    return load_course()


def lesson(lesson_id: str) -> Lesson:
    found = course().lesson(lesson_id)
    assert found is not None, f"no lesson {lesson_id}"
    return found


def test_every_lesson_file_passes_the_check() -> None:
    assert [str(problem) for problem in course().problems] == []
    assert [entry.id for entry in course().entries] == LESSON_IDS


def test_the_packaged_course_is_the_lessons_folder() -> None:
    files = sorted(path.name for path in (ROOT / "lessons").glob("[0-9][0-9]-*.yaml"))
    assert [Path(entry.path).name for entry in course().entries] == files
    assert all(entry.path.startswith("lessons/") for entry in course().entries)


def test_every_concept_is_taught_by_the_lesson_it_names() -> None:
    for concept in CONCEPTS.values():
        assert concept.id in lesson(concept.lesson).concepts, concept.id


def test_requirements_come_earlier_in_the_course() -> None:
    seen: set[str] = set()
    for entry in course().lessons:
        assert set(entry.requires) <= seen, entry.id
        seen.add(entry.id)


@pytest.mark.parametrize("lesson_id", LESSON_IDS)
def test_each_solution_replays_to_the_end(lesson_id: str) -> None:
    run = LessonRun(lesson(lesson_id))
    while True:
        for feedback in run.solve_with_solution():
            assert feedback.right, (run.step.id, feedback.message)
        assert run.solved, run.step.id
        if not run.advance():
            break
    assert run.finished and run.progress == 1


@pytest.mark.parametrize("lesson_id", LESSON_IDS)
def test_no_step_starts_already_solved(lesson_id: str) -> None:
    run = LessonRun(lesson(lesson_id))
    while True:
        if isinstance(run.step, TaskStep):
            assert not run.solved and run.start_problem() is None, run.step.id
        run.solve_with_solution()
        if not run.advance():
            break


@pytest.mark.parametrize("lesson_id", LESSON_IDS)
def test_each_lesson_is_a_few_minutes_and_every_task_has_hints(lesson_id: str) -> None:
    found = lesson(lesson_id)
    assert 5 <= len(found.steps) <= 10
    for step in found.steps:
        if isinstance(step, TaskStep):
            assert step.hints and all(hint.strip() for hint in step.hints) and step.success.strip()


def test_lesson_4_is_the_worked_turn_from_the_seed() -> None:
    run = LessonRun(lesson("worked-turn"))
    you = run.learner
    assert you is not None and run.game is not None
    assert set(run.game.hands[you]) == set(parse_cards(["5♣", "9♦", "Q♥"]))
    right_of_you = (you - 1) % len(run.names)
    assert run.game.giver == right_of_you
    run.advance()
    assert isinstance(run.step, DrawStep) and run.step.card is Card.parse("5♥")
    run.solve_with_solution()
    run.advance()
    run.solve_with_solution()
    assert set(run.game.hands[you]) == set(parse_cards(["9♦", "Q♥"]))
    assert (run.game.pairs[-1][0], set(run.game.pairs[-1][1])) == (you, set(parse_cards(["5♣", "5♥"])))
    assert run.game.giver == you and run.game.drawer == run.game.next_active(you)


def test_lesson_6_plays_both_outcomes_of_the_two_player_ending() -> None:
    found = lesson("the-ending")
    draws = [step for step in found.steps if isinstance(step, DrawStep)]
    assert [str(step.card) for step in draws] == ["7♦", "Q♠"]
    for step in draws:
        table = _table(found.steps, found.steps.index(step))
        assert table.hands is not None
        hands = dict(zip(table.seats, table.hands, strict=False))
        assert set(hands["you"]) == {Card.parse("7♣")}
        assert [set(hand) for name, hand in hands.items() if name != "you"] == [set(parse_cards(["Q♠", "7♦"]))]
    run = LessonRun(found, step=found.steps.index(draws[0]))
    run.solve_with_solution(), run.advance(), run.solve_with_solution()
    assert run.game.is_over and run.names[run.game.loser] != "you"
    run = LessonRun(found, step=found.steps.index(draws[1]))
    run.solve_with_solution(), run.advance(), run.solve_with_solution()
    assert not run.game.is_over


def test_lesson_7_tries_every_mistake_from_the_rules_page() -> None:
    steps = lesson("common-mistakes").steps
    tried = {(step.expect, _table(steps, index).rules.variant) for index, step in enumerate(steps) if isinstance(step, TaskStep) and step.expect}
    assert tried >= {
        (MistakeCode.KEPT_PAIR, "bicycle"),
        (MistakeCode.LAID_DOWN_THREE, "bicycle"),
        (MistakeCode.STOCK_LEFT, "bicycle"),
        (MistakeCode.DREW_FROM_EMPTY, "bicycle"),
        (MistakeCode.NOT_A_PAIR, "bicycle"),
        (MistakeCode.WRONG_NEIGHBOUR, "table"),
        (MistakeCode.KEPT_PAIR, "table"),
    }
    face_up = [step for step in steps if isinstance(step, ChoiceStep) and "see the faces" in step.text]
    assert face_up, "choosing a card face up (no engine code) is asked as a question"


def test_lesson_7_shows_that_a_wrong_pair_loses_in_strict_bicycle_rules() -> None:
    found = lesson("common-mistakes")
    index = next(i for i, step in enumerate(found.steps) if isinstance(step, TaskStep) and step.expect is MistakeCode.NOT_A_PAIR)
    run = LessonRun(found, step=index)
    assert run.game is not None and run.game.rules.wrong_pair_loses
    (feedback,) = run.solve_with_solution()
    assert feedback.solved and feedback.explanation is not None and feedback.explanation.code == "not-a-pair"
    assert run.game.is_over and run.game.loser == run.learner


def test_every_explanation_a_mistake_step_shows_names_its_cards() -> None:
    for entry in course().lessons:
        run = LessonRun(entry)
        while True:
            for feedback in run.solve_with_solution():
                if feedback.mistake is not None and feedback.mistake.cards:
                    assert str(feedback.mistake.cards[0]) in feedback.explanation.text()  # type: ignore[union-attr]
            if not run.advance():
                break


def test_lesson_10_computes_its_chart_with_the_engine() -> None:
    found = lesson("is-it-fair")
    charts = [(index, step) for index, step in enumerate(found.steps) if isinstance(step, ChartStep)]
    assert {step.table.rules.variant for _, step in charts} == {"bicycle", "table"}  # type: ignore[union-attr]
    for index, step in charts:
        table = step.table
        assert table is not None
        result = simulate(table.rules, step.games, table.seed, table.dealer)
        lines = LessonRun(found, step=index).chart
        shown = [float(re.search(r"([\d.]+)%", line).group(1)) for line in lines[1:]]  # type: ignore[union-attr]
        assert shown == [round(share * 100, 1) for share in result.loser_share]


def test_lesson_files_never_hard_code_a_percentage() -> None:
    text = (ROOT / "lessons" / "10-is-it-fair.yaml").read_text(encoding="utf-8")
    assert not re.search(r"\d\s*%", text)


def test_lesson_words_are_our_own_not_the_seeds_sentences() -> None:
    seeds = ROOT.parent / "shared" / "seeds"
    if not seeds.is_dir():
        pytest.skip("the seeds are not beside this checkout")
    seed_runs = {run for path in seeds.glob("*.txt") for run in _word_runs(path.read_text(encoding="utf-8"))}
    for entry in course().lessons:
        texts = [entry.intro] + [step.text for step in entry.steps]
        copied = {run for text in texts for run in _word_runs(text)} & seed_runs
        assert not copied, (entry.id, sorted(copied)[:3])


def _word_runs(text: str, length: int = 8) -> set[tuple[str, ...]]:
    """Every run of `length` words, lower-case, punctuation ignored: a copied sentence shows up here."""
    words = re.findall(r"[a-z0-9♣♦♥♠']+", text.lower().replace("’", "'"))
    return {tuple(words[i : i + length]) for i in range(len(words) - length + 1)}


def _table(steps: tuple[Step, ...], index: int) -> Table:
    """The table a step plays at: its own, or the one the steps it continues set up."""
    while steps[index].table is None:
        index -= 1
    return steps[index].table  # type: ignore[return-value]
