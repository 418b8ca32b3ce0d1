"""My progress in words, the same on the progress screen and in plain lines: every figure comes
from the learner policy (tutor.learner.policy); here it is only said. Each section is a list of
(text, style) parts, style "bold", "italic" or "" (a screen styles them, plain lines do not)."""

from __future__ import annotations

from datetime import date

from tutor.course import Course
from tutor.language import current, mark, ntr, tr
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
from tutor.wording import counted, listed

Parts = list[tuple[str, str]]

QUIZ_DAYS_SHOWN = 5
MARK_WIDTH = 16
"""The lesson marks' column: room for "▶ step 10 of 12" and a space; a longer mark (German's
"▶ Schritt 2 von 6") widens it."""
# The English, marked for the catalogue: say each with tr().
NO_QUIZ_YET = mark("No quiz answers yet.")
NO_GAMES_YET = mark("No games finished yet.")
NO_MISTAKES_YET = mark("No mistakes noted yet.")
ON_PURPOSE_NOT_COUNTED = mark("Mistakes a lesson asks you to try on purpose are never counted.")


def glance(record: Record, course: Course) -> Parts:
    """The whole record in one or two lines, for the first look."""
    stars = sum(standing.stars for standing in standings(record, course).values())
    quiz = tr("{right} quiz answers right").format(right=right_of(list(record.answers))) if record.answers else tr("no quiz answers yet")
    done = tr("{done} of {count} lessons done").format(done=lessons_done(record, course), count=len(course.lessons))
    played = ntr("{count} game played", "{count} games played", len(record.games)).format(count=len(record.games))
    return [
        (f"{record.name}: ", "bold"),
        (f"{done} · {star_marks(1)[0]} {counted(stars, 'star')} · {quiz} · {played}", ""),
    ]


def lessons_title(record: Record, course: Course) -> str:
    return tr("Lessons: {done} of {count} done").format(done=lessons_done(record, course), count=len(course.lessons))


def lesson_mark(standing: Standing) -> str:
    if standing.status is Status.DONE:
        return tr("✓ done {stars}").format(stars=star_marks(standing.stars))
    if standing.status is Status.LOCKED:
        return tr("{mark} locked").format(mark=standing.mark)
    if standing.status is Status.STARTED:
        return f"{standing.mark} {standing.words}"
    return tr("{mark} not yet").format(mark=standing.mark)


NEXT_MARK = mark("◀ next")
"""(Said with tr().)"""


def map_line(plan: CourseMap) -> str:
    """How far the course map is filled: lessons done and stars of all there are to win."""
    said = tr("{star} {stars} of {most} stars · {done} of {count} lessons done")
    return said.format(star=star_marks(1)[0], stars=plan.stars, most=plan.most_stars, done=plan.done, count=len(plan.stops))


def lessons(record: Record, course: Course) -> Parts:
    """The course map: every lesson with its best stars and the next one marked, the stars so far,
    and the course's ending once every lesson is done (plain lines say it: `lessons_said`)."""
    plan = course_map(record, course)
    marks = [lesson_mark(stop.standing) for stop in plan.stops]
    width = max(MARK_WIDTH, *(len(said) + 2 for said in marks))  # two spaces: "von 6 1." read as "6 1"
    parts: Parts = []
    for stop, lesson_said in zip(plan.stops, marks, strict=True):
        parts += [(f"{lesson_said:<{width}}", "bold"), (f"{stop.number}. {stop.lesson.title}", "")]
        if stop.next:
            parts.append((f"  {tr(NEXT_MARK)}", "bold"))
        parts.append(("\n", ""))
    parts.append((map_line(plan) + "\n", "bold"))
    if plan.complete:
        ending = course_done(plan.stars, plan.most_stars)
        parts += [(ending.headline + "\n", "bold"), ("\n".join(ending.lines) + "\n", "")]
    parts.append((tr("Stars: {rule}.").format(rule=tr(STARS_RULE)), "italic"))
    return parts


# ----- said aloud: plain lines, for a screen reader (each line a sentence, no marks) ---------------


STARS_SAID = mark("Three stars: no hints and no mistakes. Two stars: one or two of them. One star: done with more help.")
GROWTH_SAID = mark(
    "Each rule grows one step for its lesson, one for each of 3 right quiz answers and one for each of 2 different days "
    "with a right answer; when it has grown all the way, you have mastered it."
)


def glance_said(record: Record, course: Course) -> str:
    """The first look as one sentence: "Ana: 0 of 11 lessons done, 2 stars, no quiz answers yet, 1 game played."."""
    stars = sum(standing.stars for standing in standings(record, course).values())
    quiz = tr("{right} quiz answers right").format(right=right_of(list(record.answers))) if record.answers else tr("no quiz answers yet")
    done = tr("{done} of {count} lessons done").format(done=lessons_done(record, course), count=len(course.lessons))
    played = ntr("{count} game played", "{count} games played", len(record.games)).format(count=len(record.games))
    return tr("{name}: {done}, {stars}, {quiz}, {played}.").format(name=record.name, done=done, stars=counted(stars, "star"), quiz=quiz, played=played)


def lessons_said(record: Record, course: Course) -> list[str]:
    """The course map as sentences, each lesson's number and title first, then where it stands:
    "3. A turn in Bicycle rules: you are on step 5 of 10. This is the next one."; then the stars."""
    plan = course_map(record, course)
    said = []
    for stop in plan.stops:
        line = tr("{number}. {title}: {standing}").format(number=stop.number, title=stop.lesson.title, standing=standing_said(stop.standing))
        said.append(line + (" " + tr("This is the next one.") if stop.next else ""))
    stars = tr("You have {stars} of {most} stars, and {done} of {count} lessons done.")
    said.append(stars.format(stars=plan.stars, most=plan.most_stars, done=plan.done, count=len(plan.stops)))
    if plan.complete:
        ending = course_done(plan.stars, plan.most_stars)
        said += [ending.headline, *ending.lines]
    return [*said, tr(STARS_SAID)]


def standing_said(standing: Standing) -> str:
    """Where a lesson stands, as the end of a sentence: "done, 2 of 3 stars.", "you are on step 3 of 6."."""
    if standing.status is Status.DONE:
        return ntr("done, with {count} star.", "done, with {count} stars.", standing.stars).format(count=standing.stars)
    if standing.status is Status.LOCKED:
        first = listed([tr("“{title}”").format(title=title) for title in standing.missing])
        return tr("locked until you finish {lessons}.").format(lessons=first)
    if standing.status is Status.STARTED:
        return tr("you are on {step}.").format(step=standing.words)
    return tr("not started yet.")


def concepts_said(grown: list[Growth]) -> list[str]:
    """Each rule's growth as a sentence: "What makes a pair: grown 2 of 6 steps, 1 of them today."."""
    said = []
    for item in grown:
        if item.level is Level.MASTERED:
            growth = tr("grown all the way: mastered!")
        elif not item.steps:
            growth = tr("not grown yet.")
        elif item.today:
            growth = ntr("grown {steps} of {count} steps, {today} of them today.", "grown {steps} of {count} steps, {today} of them today.", item.today)
        else:
            growth = tr("grown {steps} of {count} steps.")
        said.append(tr("{title}: {growth}").format(title=item.concept.title, growth=growth.format(steps=item.steps, count=GROWTH_STEPS, today=item.today)))
    return [*said, tr(GROWTH_SAID)]


def concepts_title(grown: list[Growth]) -> str:
    mastered = sum(item.level is Level.MASTERED for item in grown)
    started = sum(item.steps > 0 for item in grown)
    if mastered:
        return tr("Rules growing: {started} of {count} started, {mastered} mastered").format(started=started, count=len(grown), mastered=mastered)
    return tr("Rules growing: {started} of {count} started").format(started=started, count=len(grown))


def concepts(grown: list[Growth]) -> Parts:
    """Each rule's growth: a bar, grown today, its title (plain lines say it: `concepts_said`)."""
    parts: Parts = []
    for item in grown:
        parts += [(growth_bar(item.steps), "bold"), (f" {f'+{item.today}' if item.today else '':<3}", "bold"), (f"{item.concept.title}", "")]
        if item.level is Level.MASTERED:
            parts.append((" " + tr("✓ mastered"), "bold"))
        parts.append(("\n", ""))
    parts.append((tr(GROWTH_RULE) + " " + tr("+N: grown today."), "italic"))
    return parts


def quiz(answers: list[Answer]) -> Parts:
    """The quiz answers by day (empty: none yet, for the caller to say how to start)."""
    if not answers:
        return []
    parts: Parts = [(tr("{right} answers right in all.").format(right=right_of(answers)) + "\n", "bold")]
    days = answers_by_day(answers)
    for day, answered in list(days.items())[:QUIZ_DAYS_SHOWN]:
        parts.append((f"  {day_text(day)}   " + tr("{right} right").format(right=right_of(answered)) + "\n", ""))
    if len(days) > QUIZ_DAYS_SHOWN:
        parts.append(("  " + tr("… and {days}").format(days=counted(len(days) - QUIZ_DAYS_SHOWN, "earlier day")) + "\n", "italic"))
    text, style = parts[-1]
    parts[-1] = (text.rstrip(), style)
    return parts


def mistake_rows(counts: list[MistakeCount], course: Course) -> list[tuple[str, str, str]]:
    """One row per kind of mistake: how often, the rule, and its lesson in words ('' if none)."""
    titles = {lesson.id: lesson.title for lesson in course.lessons}
    return [
        (counted(item.times, "time"), item.rule, "  " + tr("(lesson “{title}”)").format(title=titles[item.lesson]) if item.lesson in titles else "")
        for item in counts
    ]


def games(tally: GameTally) -> Parts:
    """The games finished (empty: none yet, for the caller to say how to play one)."""
    last = tally.last
    if last is None:
        return []
    results = tally.results
    played = ntr("{count} game played.", "{count} games played.", tally.played).format(count=tally.played)
    parts: Parts = [(played + "\n", "bold")]
    if tally.ordinary:
        safe, old_maid = results[GameResult.SAFE], results[GameResult.OLD_MAID]
        said = tr("You were safe {safe} and the Old Maid {old_maid}.").format(safe=counted(safe, "time"), old_maid=counted(old_maid, "time"))
        parts.append((f"  {said}\n", ""))
    if tally.reversed:
        won, lost = counted(results[GameResult.WON], "time"), counted(results[GameResult.LOST], "time")
        parts.append(("  " + tr("In reversed games you won {won} and lost {lost}.").format(won=won, lost=lost) + "\n", ""))
    said = tr("Your last game: {result}, {draws}, {mistakes}.").format(
        result=tr(RESULT_WORDS[last.result]), draws=counted(last.draws, "draw"), mistakes=counted(last.mistakes, "mistake")
    )
    parts.append((f"  {said}", ""))
    return parts


def day_text(day: date) -> str:
    """'Tue 01 Dec 2026', or the day as the language in use writes it ('mar, 1 dic 2026', 'Di., 1. Dez. 2026')."""
    if current() == "en":
        return f"{day:%a %d %b %Y}"
    from babel.dates import format_skeleton

    return format_skeleton("yMMMEd", day, locale=current())


def right_of(answers: list[Answer]) -> str:
    return tr("{right} of {count}").format(right=sum(answer.right for answer in answers), count=len(answers))
