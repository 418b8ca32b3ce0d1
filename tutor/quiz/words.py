"""The quiz's own words around its questions, the same on the quiz screens and in plain lines:
what an answer gets, a seat of a position, and the end of a round."""

from __future__ import annotations

from tutor.language import mark, ntr, tr
from tutor.quiz.model import LessonPointer, Missed, Position, Summary
from tutor.wording import sentence
from tutor.wording.table import giver_words, where_is

# The English, marked for the catalogue: say each with tr().
RIGHT = mark("Right! ")
NOT_QUITE = mark("Not quite. ")
COMES_BACK = mark("This one comes back in a moment, so you can try it again.")
LOOK_AGAIN = mark("The ones to look at again:")
LESSONS_WORTH_A_LOOK = mark("Those lessons are worth another look")


STILL_TO_GET_RIGHT = mark("✗ Still to get right.")
"""Under a missed question not yet answered right: the one "Try these again" counts (a walker read
"1 question still to get right" and could not tell which)."""
RIGHT_LATER = mark("✓ When it came back, you got it right.")
"""Under a missed question the learner answered right on its second try: why "Try these again"
counts fewer questions than the list above it."""


def the_answer(answers: tuple[str, ...]) -> str:
    """'The answer: Ben.' (several right answers between slashes)."""
    return tr("The answer: {answer}").format(answer=sentence(" / ".join(answers)))


def seat_name(position: Position, seat: int) -> str:
    """'You', 'Ana (you)', or 'Bea (on your left)'."""
    name = position.names[seat]
    if seat == 0:
        return name if name == "You" else tr("{name} (you)").format(name=name)
    return tr("{name} ({where})").format(name=name, where=where_is(seat, len(position.names)))


def seat_marks(position: Position, seat: int) -> str:
    """' · dealer · ▶ draws' for the seat's parts in the position, or ''."""
    marks = []
    if seat == position.dealer:
        marks.append(tr("dealer"))
    if seat == position.drawer:
        marks.append(tr("▶ draws"))
    if seat == position.giver:
        marks.append(giver_words(position.giver_offers))
    return " · " + " · ".join(marks) if marks else ""


def came_back(summary: Summary) -> str:
    return tr("When they came back: {right} of {tries} right.").format(right=summary.second_tries_right, tries=summary.second_tries)


def since_missed(missed: Missed, summary: Summary) -> str | None:
    """What became of a missed question: right when it came back, still to get right, or (asked
    no more) nothing to say."""
    if missed.right_later:
        return tr(RIGHT_LATER)
    return tr(STILL_TO_GET_RIGHT) if missed.question in summary.try_again else None


def try_again(summary: Summary) -> str:
    count = len(summary.try_again)
    return ntr("Try these again: {count} question still to get right.", "Try these again: {count} questions still to get right.", count).format(count=count)


def pointer_words(pointer: LessonPointer, title: str, locked: bool = False) -> tuple[str, str]:
    """A concept missed again and again, and the lesson that explains it (`locked`: one the
    learner cannot open yet)."""
    missed = ntr("{concept}: missed {count} times. ", "{concept}: missed {count} times. ", pointer.misses).format(concept=pointer.title, count=pointer.misses)
    if locked:
        return missed, tr("The lesson “{title}” explains it, once the lessons before it are done.").format(title=title)
    return missed, tr("The lesson “{title}” explains it.").format(title=title)
