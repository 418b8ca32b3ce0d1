"""My progress in words, the same on the progress screen and in plain lines: every figure comes
from the learner policy (tutor.learner.policy); here it is only said. Each section is a list of
(text, style) parts, style "bold", "italic" or "" (a screen styles them, plain lines do not)."""

from __future__ import annotations

from tutor.course import Course
from tutor.learner.celebrations import RESULT_WORDS, course_done
from tutor.learner.lessons import STARS_RULE, Standing, Status, star_marks
from tutor.learner.policy import (
    GROWTH_RULE,
    GROWTH_STEPS,
    CourseMap,
    GameTally,
    Growth,
    MistakeCount,
    Record,
    answers_by_day,
    course_map,
    growth_bar,
    lessons_done,
    standings,
)
from tutor.store import Answer, GameResult, Level
from tutor.wording import counted

Parts = list[tuple[str, str]]

QUIZ_DAYS_SHOWN = 5
MARK_WIDTH = 16
"""Room for the longest lesson mark, "▶ step 10 of 12", and a space."""
NO_QUIZ_YET = "No quiz answers yet."
NO_GAMES_YET = "No games finished yet."
NO_MISTAKES_YET = "No mistakes noted yet."
ON_PURPOSE_NOT_COUNTED = "Mistakes a lesson asks you to try on purpose are never counted."


def glance(record: Record, course: Course) -> Parts:
    """The whole record in one or two lines, for the first look."""
    stars = sum(standing.stars for standing in standings(record, course).values())
    quiz = f"{right_of(list(record.answers))} quiz answers right" if record.answers else "no quiz answers yet"
    return [
        (f"{record.name}: ", "bold"),
        (
            f"{lessons_done(record, course)} of {len(course.lessons)} lessons done · "
            f"{star_marks(1)[0]} {counted(stars, 'star')} · {quiz} · {counted(len(record.games), 'game')} played",
            "",
        ),
    ]


def lessons_title(record: Record, course: Course) -> str:
    return f"Lessons: {lessons_done(record, course)} of {len(course.lessons)} done"


def lesson_mark(standing: Standing) -> str:
    if standing.status is Status.DONE:
        return f"✓ done {star_marks(standing.stars)}"
    if standing.status is Status.LOCKED:
        return f"{standing.mark} locked"
    if standing.status is Status.STARTED:
        return f"{standing.mark} {standing.words}"
    return f"{standing.mark} not yet"


NEXT_MARK = "◀ next"


def map_line(plan: CourseMap) -> str:
    """How far the course map is filled: lessons done and stars of all there are to win."""
    return f"{star_marks(1)[0]} {plan.stars} of {plan.most_stars} stars · {plan.done} of {len(plan.stops)} lessons done"


def lessons(record: Record, course: Course, width: int = MARK_WIDTH) -> Parts:
    """The course map: every lesson with its best stars and the next one marked, the stars so far,
    and the course's ending once every lesson is done."""
    plan = course_map(record, course)
    parts: Parts = []
    for stop in plan.stops:
        parts += [(f"{lesson_mark(stop.standing):<{width}}", "bold"), (f"{stop.number}. {stop.lesson.title}", "")]
        if stop.next:
            parts.append((f"  {NEXT_MARK}", "bold"))
        parts.append(("\n", ""))
    parts.append((map_line(plan) + "\n", "bold"))
    if plan.complete:
        ending = course_done(plan.stars, plan.most_stars)
        parts += [(ending.headline + "\n", "bold"), ("\n".join(ending.lines) + "\n", "")]
    parts.append((f"Stars: {STARS_RULE}.", "italic"))
    return parts


def concepts_title(grown: list[Growth]) -> str:
    mastered = sum(item.level is Level.MASTERED for item in grown)
    started = sum(item.steps > 0 for item in grown)
    return f"Rules growing: {started} of {len(grown)} started" + (f", {mastered} mastered" if mastered else "")


def concepts(grown: list[Growth], bars: bool = True) -> Parts:
    """Each rule's growth: a bar (or, without `bars`, its steps in words), grown today, its title."""
    parts: Parts = []
    for item in grown:
        parts.append((growth_bar(item.steps) if bars else f"{item.steps} of {GROWTH_STEPS} blocks,", "bold"))
        parts.append((f" {f'+{item.today}' if item.today else '':<3}" if bars else (f" +{item.today} today, " if item.today else " "), "bold"))
        parts.append((f"{item.concept.title}", ""))
        if item.level is Level.MASTERED:
            parts.append((" ✓ mastered", "bold"))
        parts.append(("\n", ""))
    parts.append((GROWTH_RULE + " +N: grown today.", "italic"))
    return parts


def quiz(answers: list[Answer]) -> Parts:
    """The quiz answers by day (empty: none yet, for the caller to say how to start)."""
    if not answers:
        return []
    parts: Parts = [(f"{right_of(answers)} answers right in all.\n", "bold")]
    days = answers_by_day(answers)
    for day, answered in list(days.items())[:QUIZ_DAYS_SHOWN]:
        parts.append((f"  {day:%a %d %b %Y}   {right_of(answered)} right\n", ""))
    if len(days) > QUIZ_DAYS_SHOWN:
        parts.append((f"  … and {counted(len(days) - QUIZ_DAYS_SHOWN, 'earlier day')}\n", "italic"))
    text, style = parts[-1]
    parts[-1] = (text.rstrip(), style)
    return parts


def mistake_rows(counts: list[MistakeCount], course: Course) -> list[tuple[str, str, str]]:
    """One row per kind of mistake: how often, the rule, and its lesson in words ('' if none)."""
    titles = {lesson.id: lesson.title for lesson in course.lessons}
    return [(counted(item.times, "time"), item.rule, f"  (lesson “{titles[item.lesson]}”)" if item.lesson in titles else "") for item in counts]


def games(tally: GameTally) -> Parts:
    """The games finished (empty: none yet, for the caller to say how to play one)."""
    last = tally.last
    if last is None:
        return []
    results = tally.results
    parts: Parts = [(f"{counted(tally.played, 'game')} played.\n", "bold")]
    if tally.ordinary:
        safe, old_maid = results[GameResult.SAFE], results[GameResult.OLD_MAID]
        parts.append((f"  You were safe {counted(safe, 'time')} and the Old Maid {counted(old_maid, 'time')}.\n", ""))
    if tally.reversed:
        parts.append((f"  In reversed games you won {counted(results[GameResult.WON], 'time')} and lost {counted(results[GameResult.LOST], 'time')}.\n", ""))
    parts.append((f"  Your last game: {RESULT_WORDS[last.result]}, {counted(last.draws, 'draw')}, {counted(last.mistakes, 'mistake')}.", ""))
    return parts


def right_of(answers: list[Answer]) -> str:
    return f"{sum(answer.right for answer in answers)} of {len(answers)}"
