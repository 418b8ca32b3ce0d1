"""Checking a lesson by playing it: its solution must replay through the engine to the end, no
step may start already solved, and every seat a step's words name must exist when they are said."""

from __future__ import annotations

from collections.abc import Callable

from .model import ChoiceStep, Lesson, Step, TaskStep
from .problems import Problem
from .runner import LessonRun, StepBroken


def replay_problems(lesson: Lesson) -> list[Problem]:
    """Every problem found by playing `lesson` with its own solution (stops at the first step that fails)."""
    problems: list[Problem] = []

    def problem(index: int, field: str, message: str) -> None:
        path = f"steps[{index}]" + (f".{field}" if field else "")
        problems.append(Problem(lesson.path, lesson.line_of(path), path, message))

    try:
        run = LessonRun(lesson)
        while True:
            step, index = run.step, run.index
            trouble = run.start_problem()
            if trouble:
                problem(index, "", trouble)
                break
            for field, text in _words_said_first(step):
                for name in run.missing_seats(text):
                    problem(index, field, f"{{{name}}} names nobody at this point of the game")
            if isinstance(step, TaskStep) and not _solved_by_solution(run, step, problem):
                break
            if not run.advance():
                break
    except StepBroken as broken:
        problem(broken.index, broken.field, broken.message)
    return problems


def _solved_by_solution(run: LessonRun, step: TaskStep, problem: Callable[[int, str, str], None]) -> bool:
    for number, answer in enumerate(step.solution):
        feedback = run.submit(answer)
        if not feedback.right:
            problem(run.index, f"solution[{number}]", f"the engine does not accept this answer: {feedback.message}")
            return False
    if not run.solved:
        problem(run.index, "solution", "the solution does not finish this step")
        return False
    for name in run.missing_seats(step.success):
        problem(run.index, "success", f"{{{name}}} names nobody at this point of the game")
    return True


def _words_said_first(step: Step) -> list[tuple[str, str]]:
    """The words shown before the learner answers, by field."""
    words = [("text", step.text)]
    if isinstance(step, TaskStep):
        words += [(f"hints[{number}]", hint) for number, hint in enumerate(step.hints)]
    if isinstance(step, ChoiceStep):
        for number, option in enumerate(step.options):
            words += [(f"options[{number}].text", option.text), (f"options[{number}].why", option.why)]
    return words
