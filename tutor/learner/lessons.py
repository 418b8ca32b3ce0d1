"""Where a learner stands with each lesson: the course the app shows, locking, stars and the
next lesson. The lesson list, the lesson runner, the progress screen and Home all ask here.

    course_for_app(replay=False) -> Course          # cached: the course is read once
    grouped(course) -> [(topic, [(number, entry)])] # the lesson list's sections
    standing_of(lesson, course, lessons, unlock_all, slips) -> Standing
    next_lesson(course, after, lessons, unlock_all) -> Lesson | None
    stars_for(hints, mistakes) -> int               # STARS_RULE says the rule in words
    best_stars(saved, slips) -> int                 # the best run's stars (0: never finished)

`lessons` is the store's `lesson_progress(profile)`; `slips` is `lesson_mistakes(...)` from
the learner's mistakes (only mistakes that count: never one a step asked for on purpose).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence, Sized
from dataclasses import dataclass
from enum import Enum
from typing import TYPE_CHECKING

from tutor import language
from tutor.concepts import CONCEPTS
from tutor.language import mark, tr
from tutor.wording import listed

if TYPE_CHECKING:
    from tutor.course import BrokenLesson, Course, Lesson
    from tutor.store import LessonProgress, Mistake

LESSON_PLACE = "lesson:"
"""A mistake made in a lesson is kept with the place "lesson:<id>"."""
AGAIN = ":again"
"""...and "lesson:<id>:again" when the lesson was already done: practice, not counted in its stars."""
WRONG_ANSWER = "wrong-answer"
"""The mistake code kept for a wrong choice or seat in a lesson: it is not a rule mistake, so it
counts for the lesson's stars but is not listed among the rule mistakes."""

STARS_RULE = mark("★★★ no hints and no mistakes · ★★ one or two of them · ★ done with more help")
MOST_SLIPS_FOR_TWO_STARS = 2


class Status(Enum):
    """Where a learner is with a lesson, with the mark the screens show (never colour alone)."""

    DONE = "✓"
    STARTED = "▶"
    NEW = "○"
    LOCKED = "⊘"

    @property
    def mark(self) -> str:
        return self.value


@dataclass(frozen=True)
class Standing:
    status: Status
    words: str
    """"done", "step 3 of 7", "locked: finish “Pairs” first" or "" for a new lesson."""
    missing: tuple[str, ...] = ()
    """Titles of the lessons to finish first; empty when the lesson is open."""
    stars: int = 0
    """For a done lesson: 1 to 3 (see `stars_for`); 0 otherwise."""

    @property
    def mark(self) -> str:
        return self.status.mark

    @property
    def is_open(self) -> bool:
        """New or started: the learner can open it and it is not done yet."""
        return self.status in (Status.NEW, Status.STARTED)


def course_for_app(replay: bool = False) -> Course:
    """The course the app shows, read once in each language. Without `replay` it loads in a blink;
    with it, every solution is also played through (about a second), which finds the rest of the
    broken lessons."""
    return _course(replay)


@language.per_language
def _course(replay: bool) -> Course:
    from tutor.course import load_course

    return load_course(replay=replay)


def nothing_done(lessons: Sized, games: Sized, answers: Sized) -> bool:
    """A new learner: no lesson started, no game finished, no quiz answer (`Record.is_new`, and
    Home's first frame, which says "Start here" before the policy is read)."""
    return not lessons and not games and not answers


def course_is_read() -> bool:
    """Whether `course_for_app()` answers at once (the course has been read already)."""
    return _course.is_kept(False) or _course.is_kept(True)


OTHER_TOPIC = mark("More lessons")
BROKEN_TOPIC = mark("Lesson files with a problem")


def topic_of(lesson: Lesson) -> str:
    """The topic of the first concept the lesson itself teaches, else of its first concept."""
    own = [concept for concept in lesson.concepts if concept in CONCEPTS and CONCEPTS[concept].lesson == lesson.id]
    for concept in [*own, *lesson.concepts]:
        if concept in CONCEPTS:
            return CONCEPTS[concept].topic
    return OTHER_TOPIC


def grouped(course: Course) -> list[tuple[str, list[tuple[int, Lesson | BrokenLesson]]]]:
    """The course's entries by topic, numbered in file order; topics in order of their first
    lesson, broken files last."""
    from tutor.course import Lesson

    groups: dict[str, list[tuple[int, Lesson | BrokenLesson]]] = {}
    for number, entry in enumerate(course.entries, 1):
        topic = topic_of(entry) if isinstance(entry, Lesson) else BROKEN_TOPIC
        groups.setdefault(topic, []).append((number, entry))
    ordered = sorted(groups.items(), key=lambda group: group[0] == BROKEN_TOPIC)
    return [(language.tr(topic), entries) for topic, entries in ordered]


def stars_for(hints: int, mistakes: int) -> int:
    """Stars for a finished lesson: 3 with no hints and no mistakes, 2 with one or two of them
    together, 1 with more. Finishing always earns a star."""
    slips = hints + mistakes
    if slips == 0:
        return 3
    return 2 if slips <= MOST_SLIPS_FOR_TWO_STARS else 1


def best_stars(saved: LessonProgress | None, slips: int = 0) -> int:
    """The stars of the learner's best finished run through a lesson (0 if none was finished).
    A lesson finished before runs were kept (`saved.stars` 0) has the stars of its first time
    through: its hints and `slips`, the mistakes that count (see `lesson_mistakes`)."""
    if saved is None or not saved.finished:
        return 0
    return saved.stars or stars_for(saved.hints_used, slips)


def star_marks(stars: int) -> str:
    """'★★☆' for 2 of 3 stars."""
    return "★" * stars + "☆" * (3 - stars)


def lesson_place(lesson_id: str, again: bool = False) -> str:
    """The place a lesson mistake is kept under (see LESSON_PLACE and AGAIN)."""
    return f"{LESSON_PLACE}{lesson_id}{AGAIN if again else ''}"


def lesson_of_place(where: str) -> str | None:
    """The lesson id in a mistake's place ("lesson:pairs" or "lesson:pairs:again"), else None."""
    if not where.startswith(LESSON_PLACE):
        return None
    return where.removeprefix(LESSON_PLACE).removesuffix(AGAIN)


def asked_for(mistake: Mistake, course: Course) -> bool:
    """True for a mistake kept by an earlier version in a lesson of the very kind one of its steps
    asks for on purpose: those versions kept such mistakes, so they are left out wherever mistakes
    are counted. A mistake kept since (`real`) always counts: the recorder never keeps one asked for."""
    if mistake.real:
        return False
    lesson = next((lesson for lesson in course.lessons if lesson.id == lesson_of_place(mistake.where)), None)
    return lesson is not None and any(str(getattr(step, "expect", None) or "") == mistake.code for step in lesson.steps)


def mistakes_that_count(mistakes: Iterable[Mistake], course: Course) -> list[Mistake]:
    """The mistakes that count against the learner: never one a lesson asked for on purpose."""
    return [mistake for mistake in mistakes if not asked_for(mistake, course)]


def lesson_mistakes(mistakes: Iterable[Mistake], course: Course | None = None) -> Counter[str]:
    """Per lesson id, the mistakes that count against its stars: made before it was first done,
    and never one a step asked for on purpose (`course`: the app's course unless given)."""
    counts: Counter[str] = Counter()
    for mistake in mistakes_that_count(mistakes, course or course_for_app()):
        if mistake.where.startswith(LESSON_PLACE) and not mistake.where.endswith(AGAIN):
            counts[mistake.where.removeprefix(LESSON_PLACE)] += 1
    return counts


def finished(lessons: Mapping[str, LessonProgress], lesson_id: str) -> bool:
    saved = lessons.get(lesson_id)
    return saved is not None and saved.finished


def standing_of(
    lesson: Lesson,
    course: Course,
    lessons: Mapping[str, LessonProgress],
    unlock_all: bool = False,
    slips: Mapping[str, int] | None = None,
) -> Standing:
    """Done (with stars), locked (with the lessons to finish first), started or new."""
    saved = lessons.get(lesson.id)
    if saved is not None and saved.finished:
        return Standing(Status.DONE, tr("done"), stars=best_stars(saved, (slips or {}).get(lesson.id, 0)))
    missing = () if unlock_all else tuple(title_of(course, required) for required in lesson.requires if not finished(lessons, required))
    if missing:
        return Standing(Status.LOCKED, tr("locked: finish {lessons} first").format(lessons=and_list(missing)), missing)
    if saved is not None and 0 < saved.step < len(lesson.steps):
        return Standing(Status.STARTED, tr("step {step} of {steps}").format(step=saved.step + 1, steps=len(lesson.steps)))
    return Standing(Status.NEW, "")


def next_lesson(course: Course, after: str | None, lessons: Mapping[str, LessonProgress], unlock_all: bool = False) -> Lesson | None:
    """The first lesson after `after` (from the start for None or an unknown id), in course order,
    that is neither done nor locked."""
    ids = [lesson.id for lesson in course.lessons]
    later = course.lessons[ids.index(after) + 1 :] if after in ids else course.lessons
    return next((lesson for lesson in later if standing_of(lesson, course, lessons, unlock_all).is_open), None)


def title_of(course: Course, lesson_id: str) -> str:
    """A lesson's title; its id when the course has no such lesson (or its file has no title)."""
    entry = next((entry for entry in course.entries if entry.id == lesson_id), None)
    return entry.title if entry is not None and entry.title else lesson_id


def and_list(titles: Sequence[str]) -> str:
    """'“A”', '“A” and “B”', '“A”, “B” and “C”'."""
    # TRANSLATORS: a lesson's title in quotation marks, as the language writes them („…“ in German).
    return listed([tr("“{title}”").format(title=title) for title in titles])
