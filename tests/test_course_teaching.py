"""Every wrong answer teaches, every word follows the engine state it is shown with, and no
computer seat shares the learner's name: checked over every lesson of the shipped course."""

from __future__ import annotations

import re
import string

import pytest

from tutor.course import ChoiceStep, Lesson, LessonRun, PickOption, PickSeat, SeatStep, TaskStep, load_course
from tutor.course.answers import LayDownCards
from tutor.course.runner import NOT_QUITE, chart_result

COURSE = load_course(replay=False)
LESSONS = COURSE.lessons
SEAT_NAMES = sorted({name for lesson in LESSONS for step in lesson.steps if step.table for name in step.table.seats} - {"you"})


def walk(lesson: Lesson, learner_name: str = "") -> list[LessonRun]:
    """A run at each step of the lesson, solved along the way with its own solution."""
    runs = []
    for index in range(len(lesson.steps)):
        runs.append(LessonRun(lesson, step=index, learner_name=learner_name))
    return runs


def wrong_answers(run: LessonRun) -> list[PickSeat | PickOption]:
    step = run.step
    if isinstance(step, SeatStep):
        return [PickSeat(seat) for seat in range(len(run.names)) if seat not in run.right_seats()]
    if isinstance(step, ChoiceStep):
        return [PickOption(index) for index in range(len(step.options)) if index not in run.right_options()]
    return []


def test_the_course_has_eleven_good_lessons() -> None:
    assert len(LESSONS) == 11 and not COURSE.broken


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda lesson: lesson.id)
def test_every_wrong_option_and_seat_has_its_own_words(lesson: Lesson) -> None:
    for run in walk(lesson):
        said = []
        for answer in wrong_answers(run):
            feedback = run.submit(answer)
            assert not feedback.right and feedback.message and feedback.message != NOT_QUITE, (run.step.id, answer)
            assert "{" not in feedback.message, feedback.message
            said.append(feedback.message)
        assert len(said) == len(set(said)), f"{run.step.id}: two wrong answers share their words"


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda lesson: lesson.id)
def test_the_last_hint_gives_the_answer_with_its_reason(lesson: Lesson) -> None:
    for run in walk(lesson):
        step = run.step
        if not isinstance(step, (SeatStep, ChoiceStep)):
            continue
        hint = None
        for _ in range(len(step.hints) + 2):
            run.tries += 1  # as if the learner had tried, so every level is unlocked
            hint = run.hint(confirm=True)
        assert hint is not None and hint.level == hint.levels
        assert hint.text.startswith("The answer is") or hint.text.startswith("Any of these")
        reason = run._say(step.because)
        assert hint.text.endswith(reason) and len(reason) > 20, hint.text


def test_a_number_answer_says_why() -> None:
    run = LessonRun(COURSE.lesson("deck-and-deal"), step=1)  # type: ignore[arg-type]
    assert run.answer() == "The answer is “51”. A full pack has 52 cards and one Queen comes out before the deal, and 52 take away 1 is 51."


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda lesson: lesson.id)
def test_every_lesson_ends_with_a_short_summary(lesson: Lesson) -> None:
    run = LessonRun(lesson)
    assert 40 < len(run.summary) < 400 and run.summary.count(".") in (2, 3), run.summary


def test_lesson_7_step_2_accepts_the_right_move_it_used_to_refuse() -> None:
    lesson = COURSE.lesson("common-mistakes")
    assert lesson is not None
    run = LessonRun(lesson, step=1)
    assert run.step.id == "all-three"
    feedback = run.submit(LayDownCards(["7♣", "7♦"]))
    assert feedback.right and feedback.solved and not feedback.on_purpose
    assert run.advance() and run.step.id == "stock"


def test_a_mistake_asked_for_is_flagged_on_purpose_and_others_are_not() -> None:
    lesson = COURSE.lesson("common-mistakes")
    assert lesson is not None
    run = LessonRun(lesson, step=1)
    stray = run.submit(LayDownCards(["7♣", "9♦"]))
    assert stray.mistake is not None and not stray.on_purpose
    wanted = run.submit(LayDownCards(["7♣", "7♦", "7♠"]))
    assert wanted.mistake is not None and wanted.on_purpose


def test_under_table_rules_a_seat_question_never_offers_a_choice() -> None:
    for lesson in LESSONS:
        for run in walk(lesson):
            step = run.step
            if isinstance(step, SeatStep) and step.ask == "giver" and run.game is not None and run.game.rules.variant == "table":
                assert "must you take a card from" in run.text, run.text


@pytest.mark.parametrize("name", [*SEAT_NAMES, "ána", "BEN"])
def test_a_learner_named_like_a_computer_seat_never_meets_that_name(name: str) -> None:
    clash = re.compile(rf"\b{re.escape(name)}\b", re.IGNORECASE)
    plain = re.compile(r"\bana\b", re.IGNORECASE) if name == "ána" else clash
    for lesson in LESSONS:
        for run in walk(lesson, learner_name=name):
            said = [run.text, *run.options, *run.chart, *run.names, run.answer()]
            step = run.step
            if isinstance(step, TaskStep):
                said += [run._say(hint) for hint in step.hints] + [run._say(step.success)]
                said += [run.submit(answer).message for answer in wrong_answers(run)]
            for text in said:
                assert not plain.search(text), (lesson.id, run.step.id, text)


def test_words_follow_the_renamed_seat() -> None:
    run = LessonRun(COURSE.lesson("a-turn"), step=1, learner_name="Cleo")  # type: ignore[arg-type]
    assert run.names == ("you", "Ana", "Ben", "Ivy")
    assert run.submit(PickSeat(1)).message.startswith("Ana is on your left")
    assert run.submit(PickSeat(3)).right
    assert "Ivy" in run.answer()


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda lesson: lesson.id)
def test_every_placeholder_is_filled_from_the_engine(lesson: Lesson) -> None:
    """No word is left in braces, and every seat, count or chart share a step names is the
    engine's, as the step shows it."""
    for run in walk(lesson):
        step = run.step
        texts = [step.text] + (list(step.hints) + [step.success] if isinstance(step, TaskStep) else [])
        if isinstance(step, (SeatStep, ChoiceStep)):
            texts += [step.because, *step.wrong.values()]
        values = run._values()
        for text in texts:
            for _, field, _, _ in string.Formatter().parse(text):
                if field:
                    assert field in values and values[field] != "nobody", (lesson.id, step.id, field)
            assert "{" not in run._say(text)
        if run.game is not None:
            held = sum(len(hand) for hand in run.game.hands)
            assert values["held"] == str(held) and values["pairs"] == str(len(run.game.pairs))


def test_lesson_10_names_the_luckiest_seat_with_the_charts_own_numbers() -> None:
    lesson = COURSE.lesson("is-it-fair")
    assert lesson is not None
    for step_id in ("bicycle-luckiest", "table-luckiest"):
        index = [step.id for step in lesson.steps].index(step_id)
        run = LessonRun(lesson, step=index)
        shares = {line.split()[0]: line.split()[-2] if "(dealer)" not in line else line.split()[2] for line in run.chart[1:]}
        lowest = min(shares, key=lambda name: float(shares[name].rstrip("%")))
        highest = max(shares, key=lambda name: float(shares[name].rstrip("%")))
        success = run.submit(PickSeat(run.names.index(lowest))).message
        assert f"{lowest} was the Old Maid in" in success and shares[lowest] in success
        assert f"{highest} in {shares[highest]}" in success
    last = LessonRun(lesson, step=len(lesson.steps) - 1)
    assert "a little luckier" not in last.text and "%" in last.text


def test_why_seats_differ_is_made_from_the_deal_for_the_rules_in_play() -> None:
    lesson = COURSE.lesson("is-it-fair")
    assert lesson is not None
    bicycle = LessonRun(lesson, step=1)._values()["why_seats_differ"]
    table = LessonRun(lesson, step=3)._values()["why_seats_differ"]
    assert "Ana (the dealer) is dealt 12 cards and the others 13, and Ben draws first" in bicycle
    assert "Ana (the dealer), Eli and Fay are dealt 8 cards and the others 9, and Ben draws first" in table


def test_chart_results_are_computed_once_and_reused() -> None:
    lesson = COURSE.lesson("is-it-fair")
    assert lesson is not None
    LessonRun(lesson, step=1)
    before = chart_result.cache_info()
    LessonRun(lesson, step=1)
    LessonRun(lesson, step=3)
    load_course()  # checking the course replays the charts too
    after = chart_result.cache_info()
    assert after.misses == before.misses and after.hits > before.hits


def test_charts_are_capped_per_step_per_lesson_and_per_course(tmp_path: object) -> None:
    from pathlib import Path
    from time import perf_counter

    folder = Path(str(tmp_path))
    chart = "  - id: c{n}\n    kind: chart\n    rules: bicycle\n    seats: [Ana, Ben]\n    dealer: Ana\n    games: 20000\n    text: A chart.\n"
    head = "format_version: 1\nid: {id}\ntitle: Charts\nconcepts: [fairness]\nintro: Hi.\nsummary: Charts.\nsteps:\n"
    (folder / "11-many.yaml").write_text(head.format(id="many") + "".join(chart.format(n=n) for n in range(400)), encoding="utf-8")
    (folder / "12-big.yaml").write_text(head.format(id="big") + chart.format(n=0).replace("20000", "20001"), encoding="utf-8")
    for number in range(13, 18):
        (folder / f"{number}-three.yaml").write_text(head.format(id=f"three-{number}") + "".join(chart.format(n=n) for n in range(3)), encoding="utf-8")
    started = perf_counter()
    course = load_course([folder / "11-many.yaml", folder / "12-big.yaml"])  # replays, as lessons check does
    assert perf_counter() - started < 5
    problems = [str(problem) for problem in course.problems]
    assert any("11-many.yaml" in line and "would simulate 8,000,000 games; at most 60,000 in one lesson" in line for line in problems)
    assert any("12-big.yaml" in line and "games: expected a whole number from 1 to 20,000" in line for line in problems)
    whole = load_course([folder], replay=False)
    refused = {problem.path for problem in whole.problems if "at most 200,000 in a whole course" in problem.message}
    assert refused == {str(folder / "16-three.yaml"), str(folder / "17-three.yaml")}
    assert [lesson.id for lesson in whole.lessons] == ["three-13", "three-14", "three-15"]


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda lesson: lesson.id)
def test_the_answer_to_a_move_says_why_too(lesson: Lesson) -> None:
    for run in walk(lesson):
        step = run.step
        if not isinstance(step, TaskStep) or step.expect is not None or isinstance(step, (SeatStep, ChoiceStep)):
            continue
        answer = run.answer()
        why = answer.split(": ", 1)[1] if ": " in answer else answer.split(". ", 1)[1]
        assert len(why) > 25, answer
        if step.kind == "draw":
            assert f"nearest player on your {run.game.rules.draws_from}" in answer  # type: ignore[union-attr]
