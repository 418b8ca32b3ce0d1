"""My progress as plain lines: the same sections, in the same words, as the progress screen
(tutor.learner.progress_words), read from the store each time."""

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
        _text(said.glance(record, course)),
        "",
        tr("What next:"),
        next_step(record, course).text,
        *(("", tr("Today:"), *today(record, course)) if today(record, course) else ()),
        "",
        tr("{heading}:").format(heading=said.lessons_title(record, course)),
        _text(said.lessons(record, course, width=0), gap=" "),
        "",
        tr("{heading}:").format(heading=said.concepts_title(grown)),
        _text(said.concepts(grown, bars=False)),
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


def _text(parts: said.Parts, gap: str = "") -> str:
    """The parts as plain text, each line's leading spaces (a screen's indent) dropped."""
    text = "".join(part + (gap if style == "bold" and gap else "") for part, style in parts)
    return "\n".join(line.strip() for line in text.split("\n"))
