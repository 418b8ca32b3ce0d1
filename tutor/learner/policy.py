"""What a learner's record means: lessons done and their stars, how each concept is growing,
the mistakes made (one count per kind), what changed today, and the one thing to do next.

    record = Record.read(store, profile)            # one snapshot of the store
    standings(record, course)  -> {lesson id: Standing}
    course_map(record, course) -> CourseMap         # every lesson with its stars, the next one, the end
    growth(record, course)     -> [Growth]          # a bar per concept, GROWTH_RULE in words
    mistake_counts(record, course) -> [MistakeCount]    # every rule mistake that counts, most first
    today(record, course)      -> [str]             # what changed today, in short lines
    next_step(record, course)  -> Suggestion        # Home's "Continue" and the progress screen's
                                                    # "What next?" both show this one

The progress screen and Home render these; they decide nothing themselves. Mistakes a lesson
step asked for on purpose are never in the record (the recorder does not keep them), and a wrong
choice in a lesson (WRONG_ANSWER) counts for that lesson's stars only.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import date, datetime
from typing import TYPE_CHECKING

from tutor.concepts import CONCEPTS, Concept, lesson_of_mistake
from tutor.engine.cards import Card
from tutor.errors import RulesError
from tutor.language import mark, tr
from tutor.learner.lessons import (
    WRONG_ANSWER,
    Standing,
    Status,
    finished,
    lesson_mistakes,
    mistakes_that_count,
    next_lesson,
    nothing_done,
    standing_of,
)
from tutor.store.records import Answer, FinishedGame, GameResult, LessonProgress, Level, Mistake

if TYPE_CHECKING:
    from tutor.course import Course, Lesson
    from tutor.store import Profile, Store

# Mastery needs this many right answers, spread over this many days.
MASTERED_RIGHT_ANSWERS = 3
MASTERED_DAYS = 2
GROWTH_STEPS = 1 + MASTERED_RIGHT_ANSWERS + MASTERED_DAYS
GROWTH_RULE = mark(
    "Each rule grows one block for its lesson, one for each of 3 right quiz answers and "
    "one for each of 2 different days with a right answer; full means mastered."
)
"""(The English, marked: say it with tr().)"""
TODAY_NAMES = 3
"""Rules named in "Rules that grew today"; the rest are counted."""
MISSES_WORTH_A_LESSON = 2
"""Quiz misses in a row on one rule that send the learner back to its lesson."""
MISTAKES_WORTH_A_LESSON = 3
"""Rule mistakes of one kind, since its lesson was last worked on, that send the learner back."""


@dataclass(frozen=True)
class Record:
    """One learner's progress, as the store has it at one moment."""

    name: str
    lessons: Mapping[str, LessonProgress]
    answers: tuple[Answer, ...]
    mistakes: tuple[Mistake, ...]
    games: tuple[FinishedGame, ...]
    unlock_all: bool = False
    day: date | None = None
    """The learner's today (None: the clock's)."""

    @classmethod
    def read(cls, store: Store, profile: Profile, day: date | None = None) -> Record:
        data = store.profile_data(profile)
        return cls(
            name=data.name,
            lessons={lesson.lesson_id: lesson for lesson in data.lessons},
            answers=data.answers,
            mistakes=data.mistakes,
            games=data.finished_games,
            unlock_all=data.settings.unlock_all_lessons,
            day=day,
        )

    @property
    def today(self) -> date:
        return self.day or datetime.now().astimezone().date()

    def finished(self, lesson_id: str) -> bool:
        return finished(self.lessons, lesson_id)

    @property
    def is_new(self) -> bool:
        """Nothing done yet: no lesson started, no game finished, no quiz answer."""
        return nothing_done(self.lessons, self.games, self.answers)


# ----- lessons --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class GameTally:
    """The learner's finished games: how many ended each way, and the last one."""

    played: int
    results: Counter[GameResult]
    last: FinishedGame | None

    @property
    def ordinary(self) -> bool:
        """Whether any game was played the ordinary way (safe or the Old Maid)."""
        return bool(self.results[GameResult.SAFE] or self.results[GameResult.OLD_MAID])

    @property
    def reversed(self) -> bool:
        """Whether any game was played the reversed way (the odd card's holder wins)."""
        return bool(self.results[GameResult.WON] or self.results[GameResult.LOST])


def game_tally(record: Record) -> GameTally:
    games = record.games
    return GameTally(len(games), Counter(game.result for game in games), games[-1] if games else None)


def standings(record: Record, course: Course) -> dict[str, Standing]:
    """Every good lesson's standing, stars included, in course order."""
    slips = lesson_mistakes(record.mistakes, course)
    return {lesson.id: standing_of(lesson, course, record.lessons, record.unlock_all, slips) for lesson in course.lessons}


STARS_A_LESSON = 3


@dataclass(frozen=True)
class MapStop:
    """One lesson on the course map: its number in the course, its standing and stars."""

    number: int
    lesson: Lesson
    standing: Standing
    next: bool
    """The lesson to do next (one at most on a map)."""


@dataclass(frozen=True)
class CourseMap:
    """The whole course as a map that fills up: every lesson in order with its best stars, the
    one to do next, and whether the course is complete (every lesson done, each with its stars)."""

    stops: tuple[MapStop, ...]

    @property
    def done(self) -> int:
        return sum(stop.standing.status is Status.DONE for stop in self.stops)

    @property
    def stars(self) -> int:
        return sum(stop.standing.stars for stop in self.stops)

    @property
    def most_stars(self) -> int:
        return STARS_A_LESSON * len(self.stops)

    @property
    def complete(self) -> bool:
        """Every lesson is done: the course has its ending."""
        return bool(self.stops) and self.done == len(self.stops)

    @property
    def next(self) -> Lesson | None:
        return next((stop.lesson for stop in self.stops if stop.next), None)


def course_map(record: Record, course: Course) -> CourseMap:
    """Every good lesson of the course in order, with its standing and best stars, and the next
    lesson (the first neither done nor locked)."""
    marks = standings(record, course)
    following = next_lesson(course, None, record.lessons, record.unlock_all)
    numbers = {entry.id: number for number, entry in enumerate(course.entries, 1)}
    return CourseMap(
        tuple(
            MapStop(numbers.get(lesson.id, index), lesson, marks[lesson.id], following is not None and lesson.id == following.id)
            for index, lesson in enumerate(course.lessons, 1)
        )
    )


def lessons_done(record: Record, course: Course) -> int:
    return sum(record.finished(lesson.id) for lesson in course.lessons)


def can_open(record: Record, course: Course, lesson: Lesson) -> bool:
    return standing_of(lesson, course, record.lessons, record.unlock_all).status is not Status.LOCKED


# ----- concepts: mastery as growth ----------------------------------------------------------------


@dataclass(frozen=True)
class Growth:
    concept: Concept
    steps: int
    """Blocks grown, 0 to GROWTH_STEPS (full only when mastered)."""
    today: int
    """Blocks grown today."""
    level: Level


def level_of(answers: list[Answer]) -> Level:
    """How well a concept is known from its answers (oldest first): mastered when right at least
    MASTERED_RIGHT_ANSWERS times on MASTERED_DAYS different days with the latest answer right,
    practised when right at least once, else learning."""
    rights = [answer for answer in answers if answer.right]
    days = {answer.when.astimezone().date() for answer in rights}
    if len(rights) >= MASTERED_RIGHT_ANSWERS and len(days) >= MASTERED_DAYS and answers[-1].right:
        return Level.MASTERED
    return Level.PRACTISED if rights else Level.LEARNING


def _steps(lesson_done: bool, answers: list[Answer]) -> int:
    rights = [answer for answer in answers if answer.right]
    days = {answer.when.astimezone().date() for answer in rights}
    steps = lesson_done + min(len(rights), MASTERED_RIGHT_ANSWERS) + min(len(days), MASTERED_DAYS)
    if answers and level_of(answers) is Level.MASTERED:
        return GROWTH_STEPS
    return min(steps, GROWTH_STEPS - 1)


def growth(record: Record, course: Course) -> list[Growth]:
    """A bar per concept: how far it has grown towards mastered, and how much of that today."""
    known = {lesson.id for lesson in course.lessons}
    grown = []
    for concept in CONCEPTS.values():
        answers = [answer for answer in record.answers if answer.concept == concept.id]
        before = [answer for answer in answers if answer.when.astimezone().date() < record.today]
        done = record.finished(concept.lesson) or concept.lesson not in known
        progress = record.lessons.get(concept.lesson)
        done_before = done and (progress is None or progress.when.astimezone().date() < record.today)
        now, then = _steps(done, answers), _steps(done_before, before)
        grown.append(Growth(concept, now, max(0, now - then), level_of(answers) if answers else Level.LEARNING))
    return grown


def growth_bar(steps: int) -> str:
    """'███░░░' for 3 of 6 blocks: the empty part shows too, so the size is never colour alone."""
    return "█" * steps + "░" * (GROWTH_STEPS - steps)


# ----- mistakes ---------------------------------------------------------------------------------------


@dataclass(frozen=True)
class MistakeCount:
    code: str
    times: int
    """Every time it was made and counts (never one a lesson asked for on purpose)."""
    rule: str
    """The rule it breaks, in words (the bare code for one this version doesn't know)."""
    lesson: str | None
    """The id of the lesson that teaches that rule."""
    latest: datetime
    pictures: bool = False
    """Made with picture cards, whose rule is said in other words (see `kind_of`)."""


def mistake_counts(record: Record, course: Course) -> list[MistakeCount]:
    """One count per kind of rule mistake (`kind_of`), most first (ties: the more recent first). A
    mistake a lesson asked for on purpose never counts."""
    times: Counter[tuple[str, bool]] = Counter()
    latest: dict[tuple[str, bool], datetime] = {}
    for mistake in mistakes_that_count(record.mistakes, course):
        if mistake.code == WRONG_ANSWER:
            continue
        kind = kind_of(mistake)
        times[kind] += 1
        latest[kind] = max(latest.get(kind, mistake.when), mistake.when)
    order = sorted(times, key=lambda kind: (-times[kind], -latest[kind].timestamp(), kind))
    return [MistakeCount(code, times[code, pictures], *rule_words(code, pictures), latest[code, pictures], pictures) for code, pictures in order]


def kind_of(mistake: Mistake) -> tuple[str, bool]:
    """A mistake's kind: its code, and whether it was made with picture cards where a picture
    deck says its rule in other words ("two cards with the same picture"); where the words are
    the same ("Every pair goes down"), one kind for every deck."""
    pictures = with_pictures(mistake.cards) and rule_words(mistake.code, True)[0] != rule_words(mistake.code)[0]
    return mistake.code, pictures


def with_pictures(cards: Sequence[str]) -> bool:
    """Whether a mistake was made with picture cards: they are kept by name ("Cat"), playing
    cards by rank and suit ("5♣")."""
    return any(not _is_playing_card(card) for card in cards)


def _is_playing_card(text: str) -> bool:
    try:
        Card.parse(text)
    except RulesError:
        return False
    return True


def rule_words(code: str, pictures: bool = False) -> tuple[str, str | None]:
    """The rule a mistake is about and the id of the lesson that teaches it; the bare code and its
    concept's lesson for a code this version doesn't know (an imported profile may come from
    another version)."""
    from tutor.course.mistakes import rule_and_lesson

    try:
        return rule_and_lesson(code, pictures)
    except (LookupError, OSError, ValueError):
        return code, lesson_of_mistake(code)


def answers_by_day(answers: tuple[Answer, ...] | list[Answer]) -> dict[date, list[Answer]]:
    """The quiz answers grouped by the learner's own (local) day, the latest day first."""
    days: dict[date, list[Answer]] = {}
    for answer in sorted(answers, key=lambda answer: answer.when, reverse=True):
        days.setdefault(answer.when.astimezone().date(), []).append(answer)
    return days


# ----- today ----------------------------------------------------------------------------------------


def today(record: Record, course: Course) -> list[str]:
    """What the learner did today, in short lines ("" things left out); empty for a day off."""
    day = record.today

    def is_today(when: datetime) -> bool:
        return when.astimezone().date() == day

    done = [lesson.title for lesson in course.lessons if record.finished(lesson.id) and is_today(record.lessons[lesson.id].when)]
    answers = [answer for answer in record.answers if is_today(answer.when)]
    games = [game for game in record.games if is_today(game.when)]
    lines = []
    if done:
        titles = ", ".join(tr("“{title}”").format(title=title) for title in done)
        lines.append(tr("Lessons done today: {titles}.").format(titles=titles))
    if answers:
        right = sum(answer.right for answer in answers)
        lines.append(tr("Quiz answers today: {right} of {count} right.").format(right=right, count=len(answers)))
    if games:
        lines.append(tr("Games played today: {count}.").format(count=len(games)))
    grew = [grown.concept.title for grown in growth(record, course) if grown.today]
    if grew:
        named = ", ".join(grew[:TODAY_NAMES])
        if len(grew) > TODAY_NAMES:
            lines.append(tr("Rules that grew today: {rules} and {count} more.").format(rules=named, count=len(grew) - TODAY_NAMES))
        else:
            lines.append(tr("Rules that grew today: {rules}.").format(rules=named))
    return lines


# ----- what next --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Suggestion:
    text: str
    """One or two sentences saying what to do and why."""
    target: str | None = None
    """What the app opens for it: "lesson:<id>", "play", "quiz" (an `action_open` key)."""
    label: str = "Continue"
    """A few words for Home's Continue line, e.g. "Lesson 3: A turn"."""


def next_step(record: Record, course: Course) -> Suggestion:
    """The one thing most worth doing next. The way forward: the lessons in order (carrying on
    a started one first), then a first guided game, then a quiz round, then practice of what
    was missed. A rule that keeps going wrong sends the learner back to its lesson first, but
    only to a lesson they can open."""
    return (
        _unfinished_lesson(record, course)
        or _missed_concept(record, course)
        or _repeated_mistake(record, course)
        or _next_lesson(record, course)
        or _first_game(record)
        or _first_quiz(record)
        or _practice(record, course)
    )


def _number(course: Course, lesson: Lesson) -> int:
    return [entry.id for entry in course.entries].index(lesson.id) + 1


def _unfinished_lesson(record: Record, course: Course) -> Suggestion | None:
    started = [
        lesson
        for lesson in course.lessons
        if lesson.id in record.lessons and not record.finished(lesson.id) and 0 < record.lessons[lesson.id].step < len(lesson.steps)
    ]
    if not started:
        return None
    lesson = max(started, key=lambda lesson: record.lessons[lesson.id].when)
    step = record.lessons[lesson.id].step
    return Suggestion(
        tr("Carry on with the lesson “{title}”: you stopped at step {step} of {steps}.").format(title=lesson.title, step=step + 1, steps=len(lesson.steps)),
        f"lesson:{lesson.id}",
        tr("Lesson {number}: {title} (step {step})").format(number=_number(course, lesson), title=lesson.title, step=step + 1),
    )


def _misses_in_a_row(answers: tuple[Answer, ...]) -> Counter[str]:
    """Per concept, the wrong answers since the latest right one."""
    misses: Counter[str] = Counter()
    for answer in answers:
        misses[answer.concept] = 0 if answer.right else misses[answer.concept] + 1
    return misses


def _lesson(course: Course, lesson_id: str | None) -> Lesson | None:
    return next((lesson for lesson in course.lessons if lesson.id == lesson_id), None)


TRICKY = (
    mark("The quiz questions about “{concept}” were tricky: your last {count} were not quite right. The lesson “{title}” explains it."),
    mark("The quiz questions about “{concept}” were tricky: your last {count} were not quite right. The lesson “{title}” explains it: have another look!"),
)
"""Quiz answers missed in a row send the learner to the lesson, for the first time or (done) again."""


def _missed_concept(record: Record, course: Course) -> Suggestion | None:
    for concept_id, times in _misses_in_a_row(record.answers).most_common():
        concept = CONCEPTS.get(concept_id)
        lesson = _lesson(course, concept.lesson) if concept is not None else None
        if concept is None or lesson is None or times < MISSES_WORTH_A_LESSON:
            continue
        if can_open(record, course, lesson):
            said = tr(TRICKY[record.finished(lesson.id)])
            return Suggestion(said.format(concept=concept.title, count=times, title=lesson.title), f"lesson:{lesson.id}", _back_to(record, course, lesson))
    return None


def _back_to(record: Record, course: Course, lesson: Lesson) -> str:
    """The button for a lesson a learner is sent to: "Look again" only at one they have done."""
    if record.finished(lesson.id):
        return tr("Look again: {title}").format(title=lesson.title)
    return tr("Lesson {number}: {title}").format(number=_number(course, lesson), title=lesson.title)


def _repeated_mistake(record: Record, course: Course) -> Suggestion | None:
    kept = [(kind_of(mistake), mistake.when) for mistake in mistakes_that_count(record.mistakes, course)]
    for kind in mistake_counts(record, course):
        lesson = _lesson(course, kind.lesson)
        if lesson is None or not can_open(record, course, lesson):
            continue
        since = record.lessons[lesson.id].when if lesson.id in record.lessons else None
        recent = sum(made == (kind.code, kind.pictures) and (since is None or when > since) for made, when in kept)
        if recent >= MISTAKES_WORTH_A_LESSON:
            return Suggestion(
                _tripped(kind.rule, kind.times).format(rule=kind.rule, count=kind.times, title=lesson.title),
                f"lesson:{lesson.id}",
                _back_to(record, course, lesson),
            )
    return None


def _next_lesson(record: Record, course: Course) -> Suggestion | None:
    lesson = next((lesson for lesson in course.lessons if not record.finished(lesson.id) and can_open(record, course, lesson)), None)
    if lesson is None:
        return None
    label = tr("Lesson {number}: {title}").format(number=_number(course, lesson), title=lesson.title)
    if not any(record.finished(other.id) for other in course.lessons):
        return Suggestion(tr("Start with the first lesson, “{title}”.").format(title=lesson.title), f"lesson:{lesson.id}", label)
    return Suggestion(tr("Next lesson: “{title}”. You're ready for it!").format(title=lesson.title), f"lesson:{lesson.id}", label)


def _first_game(record: Record) -> Suggestion | None:
    if record.games:
        return None
    return Suggestion(tr("Play your first whole game, with hints whenever you want them."), "play", tr("Play your first game"))


def _first_quiz(record: Record) -> Suggestion | None:
    if record.answers:
        return None
    return Suggestion(tr("Take your first quiz round: eight quick questions, with the why after each one."), "quiz", tr("Your first quiz round"))


def _practice(record: Record, course: Course) -> Suggestion:
    growing = [grown.concept.title for grown in growth(record, course) if grown.level is not Level.MASTERED]
    if not growing:
        return Suggestion(tr("You know every rule! Play a game of Old Maid and enjoy it."), "play", tr("Play a game"))
    missed = [concept for concept, times in _misses_in_a_row(record.answers).items() if times]
    first = CONCEPTS[missed[0]].title if missed and missed[0] in CONCEPTS else growing[0]
    return Suggestion(
        tr("Practise what you missed: a quiz round helps “{rule}” and the other rules still growing to stick.").format(rule=first),
        "quiz",
        tr("Practise with a quiz round"),
    )


def _tripped(rule: str, count: int) -> str:
    """'“{rule}” has tripped you up once/twice/{count} times. ...', to fill in."""
    if count == 1:
        return tr("“{rule}” has tripped you up once. The lesson “{title}” is all about it.")
    if count == 2:
        return tr("“{rule}” has tripped you up twice. The lesson “{title}” is all about it.")
    return tr("“{rule}” has tripped you up {count} times. The lesson “{title}” is all about it.")
