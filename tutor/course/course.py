"""Finding and loading the course: every lesson file, good or broken, never raising for a bad one.

Lesson files are the files in `lessons/` whose name starts with two digits (`02-pairs.yaml`);
the folder also holds other data such as `mistakes.yaml`.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path

from .check import replay_problems
from .model import ChartStep, Lesson
from .parse import lesson_header, parse_lesson
from .problems import Problem
from .source import read_file

MAX_COURSE_GAMES = 200_000
"""Simulated games all the charts of a course may need together (the shipped course needs 6,000)."""
LESSON_FILE = re.compile(r"\d\d-.*\.yaml\Z")
PACKAGED = "lessons"
"""How problems name the folder of lessons shipped with the program."""


@dataclass(frozen=True)
class BrokenLesson:
    """A lesson file with problems: listed in the app as broken, with the same messages."""

    path: str
    id: str | None
    title: str | None
    problems: tuple[Problem, ...]


@dataclass(frozen=True)
class Course:
    entries: tuple[Lesson | BrokenLesson, ...]
    """Every lesson file, good or broken, in file-name order."""

    @property
    def lessons(self) -> tuple[Lesson, ...]:
        return tuple(entry for entry in self.entries if isinstance(entry, Lesson))

    @property
    def broken(self) -> tuple[BrokenLesson, ...]:
        return tuple(entry for entry in self.entries if isinstance(entry, BrokenLesson))

    @property
    def problems(self) -> tuple[Problem, ...]:
        return tuple(problem for broken in self.broken for problem in broken.problems)

    def lesson(self, lesson_id: str) -> Lesson | None:
        return next((lesson for lesson in self.lessons if lesson.id == lesson_id), None)


@dataclass(frozen=True)
class _Source:
    path: str
    """The file as problems name it."""
    file: Path | Traversable | None
    """None when there is nothing to read; `problem` says why."""
    problem: str = ""


def load_course(paths: Sequence[str | Path] | None = None, replay: bool = True) -> Course:
    """The lessons in `paths` (files, or folders of lesson files), or the packaged course.

    Every file is parsed and checked; with `replay`, its solution is also played through the
    engine (a lesson with charts simulates a few thousand games: well under a second).
    Requirements may name a lesson of the packaged course when checking other files.
    """
    sources = list(_packaged()) if paths is None else _unique(source for path in paths for source in _given(Path(path)))
    entries = _within_games_cap([_load(source) for source in sources])
    if replay:
        entries = [_replayed(entry) for entry in entries]
    outside = set() if paths is None else {id_ for id_ in _packaged_ids() if id_}
    return Course(tuple(_cross_checked(entries, outside)))


def _packaged() -> Iterable[_Source]:
    folder = resources.files("tutor.lessons")
    for entry in sorted(folder.iterdir(), key=lambda entry: entry.name):
        if LESSON_FILE.match(entry.name):
            yield _Source(f"{PACKAGED}/{entry.name}", _plain(entry))


def _plain(entry: Traversable) -> Path | Traversable:
    """A packaged file as a Path when it is one (so it gets every check a file on disk gets)."""
    return Path(str(entry)) if isinstance(entry, Path) or Path(str(entry)).exists() else entry


def _packaged_ids() -> list[str | None]:
    ids = []
    for source in _packaged():
        text = _read(source)
        ids.append(lesson_header(text, source.path)[0] if isinstance(text, str) else None)
    return ids


def _given(path: Path) -> list[_Source]:
    if path.is_dir():
        files = sorted(child for child in path.iterdir() if LESSON_FILE.match(child.name))
        if not files:
            return [_Source(str(path), None, "no lesson files here (their names start with two digits: 02-pairs.yaml)")]
        return [_Source(str(file), file) for file in files]
    return [_Source(str(path), path)]


def _unique(sources: Iterable[_Source]) -> list[_Source]:
    """The sources, each file once even when named twice."""
    seen: set[Path] = set()
    unique = []
    for source in sources:
        where = Path(source.path).resolve()
        if where not in seen:
            seen.add(where)
            unique.append(source)
    return unique


def _read(source: _Source) -> str | Problem:
    if source.file is None:
        return Problem(source.path, None, "", source.problem)
    text, problems = read_file(source.file, source.path)
    return problems[0] if text is None else text


def _load(source: _Source) -> Lesson | BrokenLesson:
    """The lesson a file holds, parsed and checked (not yet played: see `_replayed`)."""
    text = _read(source)
    if isinstance(text, Problem):
        return BrokenLesson(source.path, None, None, (text,))
    lesson, problems = parse_lesson(text, source.path)
    if lesson is not None and not problems:
        return lesson
    lesson_id, title = lesson_header(text, source.path)
    return BrokenLesson(source.path, lesson_id, title, tuple(sorted(problems, key=_by_line)))


def _replayed(entry: Lesson | BrokenLesson) -> Lesson | BrokenLesson:
    """The lesson, or a broken one if its solution does not play through the engine."""
    if isinstance(entry, BrokenLesson):
        return entry
    problems = replay_problems(entry)
    return BrokenLesson(entry.path, entry.id, entry.title, tuple(sorted(problems, key=_by_line))) if problems else entry


def _within_games_cap(entries: list[Lesson | BrokenLesson]) -> list[Lesson | BrokenLesson]:
    """Lessons whose charts would take the course past MAX_COURSE_GAMES simulated games are refused."""
    kept: list[Lesson | BrokenLesson] = []
    total = 0
    for entry in entries:
        games = sum(step.games for step in entry.steps if isinstance(step, ChartStep)) if isinstance(entry, Lesson) else 0
        if games and total + games > MAX_COURSE_GAMES:
            message = f"its charts would take the course to {total + games:,} simulated games; at most {MAX_COURSE_GAMES:,} in a whole course"
            kept.append(BrokenLesson(entry.path, entry.id, entry.title, (_problem(entry, "steps", message),)))
            continue
        total += games
        kept.append(entry)
    return kept


def _by_line(problem: Problem) -> int:
    return problem.line or 0


def _cross_checked(entries: list[Lesson | BrokenLesson], outside: set[str]) -> list[Lesson | BrokenLesson]:
    """Ids unique, requirements known and without a cycle, concepts listed by the lesson that teaches them."""
    first_path: dict[str, str] = {}
    problems: dict[str, list[Problem]] = {}
    for entry in entries:
        if entry.id is None:
            continue
        if entry.id in first_path:
            message = f"the id {entry.id!r} is already used by {first_path[entry.id]}"
            problems.setdefault(entry.path, []).append(_problem(entry, "id", message))
        first_path.setdefault(entry.id, entry.path)
    lessons = [entry for entry in entries if isinstance(entry, Lesson)]
    for lesson in lessons:
        for number, required in enumerate(lesson.requires):
            if required not in first_path and required not in outside:
                problems.setdefault(lesson.path, []).append(_problem(lesson, f"requires[{number}]", f"no lesson has the id {required!r}"))
        problems.setdefault(lesson.path, []).extend(_concept_problems(lesson))
    for lesson, cycle in _cycles(lessons):
        problems[lesson.path].append(_problem(lesson, "requires", f"lessons require each other in a circle: {' → '.join(cycle)}"))
    return [_broken(entry, problems.get(entry.path, [])) for entry in entries]


def _concept_problems(lesson: Lesson) -> list[Problem]:
    from tutor.concepts import CONCEPTS

    missing = [concept.id for concept in CONCEPTS.values() if concept.lesson == lesson.id and concept.id not in lesson.concepts]
    return [_problem(lesson, "concepts", f"tutor/concepts.py says this lesson teaches {concept!r}: list it") for concept in missing]


def _cycles(lessons: list[Lesson]) -> list[tuple[Lesson, list[str]]]:
    """Each lesson that is part of a requirement cycle, with one such cycle."""
    by_id = {lesson.id: lesson for lesson in lessons}
    found = []
    for lesson in lessons:
        cycle = _path_back(lesson.id, by_id)
        if cycle:
            found.append((lesson, cycle))
    return found


def _path_back(start: str, by_id: dict[str, Lesson]) -> list[str] | None:
    """A chain of requirements from `start` back to itself, if there is one (depth-first)."""
    stack: list[tuple[str, list[str]]] = [(start, [start])]
    seen: set[str] = set()
    while stack:
        current, chain = stack.pop()
        for required in by_id[current].requires if current in by_id else ():
            if required == start:
                return chain + [start]
            if required not in seen:
                seen.add(required)
                stack.append((required, chain + [required]))
    return None


def _problem(entry: Lesson | BrokenLesson, field: str, message: str) -> Problem:
    line = entry.line_of(field) if isinstance(entry, Lesson) else None
    return Problem(entry.path, line, field, message)


def _broken(entry: Lesson | BrokenLesson, problems: list[Problem]) -> Lesson | BrokenLesson:
    if not problems:
        return entry
    if isinstance(entry, BrokenLesson):
        return BrokenLesson(entry.path, entry.id, entry.title, entry.problems + tuple(problems))
    return BrokenLesson(entry.path, entry.id, entry.title, tuple(sorted(problems, key=_by_line)))
