"""The class at a glance, for the teacher: one row per learner, sorted and filtered, and as CSV.

    class_rows(store, course) -> [ClassRow]        # every profile, read from the store
    sorted_rows(rows, by) -> [ClassRow]            # by one of SORTS: name, last active, lessons done
    filtered(rows, text) -> [ClassRow]             # names containing text (any case)
    csv_text(rows) -> str                          # the table, safe to open in a spreadsheet
    write_report(path, rows)                       # only ever a regular file (the store's writer)
    reset_learner(store, name) / remove_learner(store, name)   # the teacher's changes to one row

Every figure comes from the learner policy (`tutor.learner.policy`): lessons done and their stars,
each concept's level, the common mistakes with their rule, games played; none is worked out here a
second way. Only "last active" is new: the latest moment anything was recorded for the learner.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING

from tutor.concepts import CONCEPTS, Concept
from tutor.language import tr
from tutor.learner.policy import MistakeCount, Record, growth, lessons_done, mistake_counts, standings
from tutor.names import shown
from tutor.store.records import Level
from tutor.store.transfer import write_text

if TYPE_CHECKING:
    from tutor.course import Course
    from tutor.store import Store

MISTAKES_SHOWN = 3
"""The most common mistakes kept per learner."""
SPREADSHEET_FORMULA = ("=", "+", "-", "@")
"""A cell whose first visible character is one of these would be read as a formula by a spreadsheet."""


@dataclass(frozen=True)
class ClassRow:
    """One learner's line in the teacher's table."""

    name: str
    lessons_done: int
    lessons: int
    """Lessons in the course."""
    stars: int
    levels: tuple[tuple[Concept, Level], ...]
    """Each concept of the course with how well it is known, in the course's order."""
    mistakes: tuple[MistakeCount, ...]
    """The most common rule mistakes, most first (at most MISTAKES_SHOWN)."""
    games: int
    last_active: datetime | None
    """When anything was last recorded (a lesson step, an answer, a mistake, a game); None: never."""

    @property
    def mastered(self) -> int:
        return sum(level is Level.MASTERED for _concept, level in self.levels)

    def level(self, level: Level) -> list[Concept]:
        return [concept for concept, known in self.levels if known is level]


def row_of(record: Record, course: Course) -> ClassRow:
    """A learner's row, every figure from the learner policy."""
    return ClassRow(
        name=record.name,
        lessons_done=lessons_done(record, course),
        lessons=len(course.lessons),
        stars=sum(standing.stars for standing in standings(record, course).values()),
        levels=tuple((grown.concept, grown.level) for grown in growth(record, course)),
        mistakes=tuple(mistake_counts(record, course)[:MISTAKES_SHOWN]),
        games=len(record.games),
        last_active=last_active(record),
    )


def last_active(record: Record) -> datetime | None:
    moments = [
        *(lesson.when for lesson in record.lessons.values()),
        *(answer.when for answer in record.answers),
        *(mistake.when for mistake in record.mistakes),
        *(game.when for game in record.games),
    ]
    return max(moments, default=None)


def class_rows(store: Store, course: Course) -> list[ClassRow]:
    """Every learner in the store, by name."""
    return [row_of(Record.read(store, profile), course) for profile in store.profiles()]


# ----- sorting and filtering ----------------------------------------------------------------------

Key = tuple[float, float, str]


def reset_learner(store: Store, name: str) -> None:
    """Forget a learner's lessons, quiz answers, games and mistakes (NoSuchProfile if gone); a tab
    where they are learning stops saving."""
    store.reset_profile(name)


def remove_learner(store: Store, name: str) -> None:
    """Remove a learner with all their progress and settings (NoSuchProfile if gone)."""
    store.delete_profile(name)


def _by_name(row: ClassRow) -> Key:
    return (0, 0, row.name.casefold())


def _by_last_active(row: ClassRow) -> Key:
    return (-row.last_active.timestamp() if row.last_active else float("inf"), 0, row.name.casefold())


def _by_lessons_done(row: ClassRow) -> Key:
    return (-row.lessons_done, -row.stars, row.name.casefold())


SORTS: dict[str, Callable[[ClassRow], Key]] = {
    "name": _by_name,
    "last active": _by_last_active,
    "lessons done": _by_lessons_done,
}
"""Each way the table sorts, in words: names A to Z; the most recently active first; most lessons
done first (then most stars)."""


def sorted_rows(rows: Iterable[ClassRow], by: str) -> list[ClassRow]:
    return sorted(rows, key=SORTS[by])


def filtered(rows: Iterable[ClassRow], text: str) -> list[ClassRow]:
    """The rows whose name holds ``text``, ignoring case and spaces around it."""
    wanted = text.strip().casefold()
    return [row for row in rows if wanted in row.name.casefold()]


# ----- CSV ----------------------------------------------------------------------------------------


def safe_cell(value: object) -> str:
    """A cell as text a spreadsheet shows as it is: no control or invisible characters (a tab is a
    space), and text that would start a formula gets a ' first, even behind spaces (which a
    spreadsheet may skip)."""
    text = "" if value is None else shown(str(value), mark="")
    return "'" + text if text.lstrip().startswith(SPREADSHEET_FORMULA) else text


def when_text(when: datetime | None) -> str:
    """A moment in local time, to the minute ("never" for none)."""
    return tr("never") if when is None else f"{when.astimezone():%Y-%m-%d %H:%M}"


def mistakes_words(mistakes: Iterable[MistakeCount]) -> str:
    return "; ".join(f"{mistake.rule} ({mistake.times}×)" for mistake in mistakes)


def csv_header() -> list[str]:
    return [
        tr("Name"),
        tr("Lessons done"),
        tr("Lessons in the course"),
        tr("Stars"),
        tr("Rules mastered"),
        tr("Games played"),
        tr("Last active"),
        *(tr("Quiz: {concept}").format(concept=concept.title) for concept in CONCEPTS.values()),
        tr("Most common mistakes"),
    ]


def csv_text(rows: Iterable[ClassRow]) -> str:
    """The table as CSV: a header, then one line per learner; every cell spreadsheet-safe."""
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow([safe_cell(cell) for cell in csv_header()])
    for row in rows:
        cells: list[object] = [
            row.name,
            row.lessons_done,
            row.lessons,
            row.stars,
            row.mastered,
            row.games,
            when_text(row.last_active),
            *(level.value for _concept, level in row.levels),
            mistakes_words(row.mistakes),
        ]
        writer.writerow([safe_cell(cell) for cell in cells])
    return out.getvalue()


def write_report(path: Path, rows: Iterable[ClassRow]) -> None:
    """Write the CSV whole, and only as a regular file (UnsafeTarget for a folder, a link, a device
    or a pipe; OSError when it cannot be written)."""
    write_text(path, csv_text(rows), example="class.csv")
