"""My progress as plain lines: the same sections as the progress screen, each line a sentence a
screen reader reads well (tutor.learner.progress_words says them both ways), read from the store
each time."""

from __future__ import annotations

from tutor.language import tr
from tutor.learner import progress_words as said
from tutor.learner.policy import game_tally, growth, mistake_counts, next_step, today
from tutor.learner.session import LearnerSession
from tutor.plain.lines import Lines


def say_progress(lines: Lines, session: LearnerSession) -> None:
    record, course = session.record(), session.course
    grown = growth(record, course)
    lines.say(
        tr("My progress."),
        said.glance_said(record, course),
        "",
        tr("What next:"),
        next_step(record, course).text,
        *(("", tr("Today:"), *today(record, course)) if today(record, course) else ()),
        "",
        tr("{heading}:").format(heading=said.lessons_title(record, course)),
        *said.lessons_said(record, course),
        "",
        tr("{heading}:").format(heading=said.concepts_title(grown)),
        *said.concepts_said(grown),
        "",
        tr("Quiz:"),
        _text(said.quiz(list(record.answers))) or tr("{no_quiz_yet} Choose Quiz at Home for a round.").format(no_quiz_yet=tr(said.NO_QUIZ_YET)),
        "",
        tr("Mistakes:"),
        *_mistakes(session),
        "",
        tr("Games:"),
        _text(said.games(game_tally(record))) or tr("{no_games_yet} Choose Play a game at Home to play one.").format(no_games_yet=tr(said.NO_GAMES_YET)),
    )


def _mistakes(session: LearnerSession) -> list[str]:
    record, course = session.record(), session.course
    rows = said.mistake_rows(mistake_counts(record, course), course)
    if not rows:
        return [tr(said.NO_MISTAKES_YET)]
    return [*(f"{times}: {rule}{lesson}" for times, rule, lesson in rows), tr(said.ON_PURPOSE_NOT_COUNTED)]


def _text(parts: said.Parts) -> str:
    """The parts as plain text, each line's leading spaces (a screen's indent) dropped."""
    text = "".join(part for part, _ in parts)
    return "\n".join(line.strip() for line in text.split("\n"))
