"""The quiz's own words around its questions, the same on the quiz screens and in plain lines:
what an answer gets, a seat of a position, and the end of a round."""

from __future__ import annotations

from tutor.quiz.model import LessonPointer, Position, Summary
from tutor.wording import NOT_QUITE as NOT_QUITE_TITLE
from tutor.wording import counted, sentence
from tutor.wording.table import where_is

RIGHT = "Right! "
NOT_QUITE = f"{NOT_QUITE_TITLE}. "
COMES_BACK = "This one comes back in a moment, so you can try it again."
LOOK_AGAIN = "The ones to look at again:"
LESSONS_WORTH_A_LOOK = "Those lessons are worth another look"


def the_answer(answers: tuple[str, ...]) -> str:
    """'The answer: Ben.' (several right answers between slashes)."""
    return f"The answer: {sentence(' / '.join(answers))}"


def seat_name(position: Position, seat: int) -> str:
    """'You', 'Ana (you)', or 'Bea (on your left)'."""
    name = position.names[seat]
    if seat == 0:
        return name if name == "You" else f"{name} (you)"
    return f"{name} ({where_is(seat, len(position.names))})"


def seat_marks(position: Position, seat: int) -> str:
    """' · dealer · ▶ draws' for the seat's parts in the position, or ''."""
    marks = []
    if seat == position.dealer:
        marks.append("dealer")
    if seat == position.drawer:
        marks.append("▶ draws")
    if seat == position.giver:
        marks.append("◀ offers")
    return " · " + " · ".join(marks) if marks else ""


def came_back(summary: Summary) -> str:
    return f"When they came back: {summary.second_tries_right} of {summary.second_tries} right."


def try_again(summary: Summary) -> str:
    return f"Try these again: {counted(len(summary.try_again), 'question')} still to get right."


def pointer_words(pointer: LessonPointer, title: str, locked: bool = False) -> tuple[str, str]:
    """A concept missed again and again, and the lesson that explains it (`locked`: one the
    learner cannot open yet)."""
    later = ", once the lessons before it are done" if locked else ""
    return f"{pointer.title}: missed {pointer.misses} times. ", f"The lesson “{title}” explains it{later}."
