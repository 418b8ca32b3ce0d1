"""A quiz round as plain lines: each question with its table (every seat's cards, face up) and
numbered answers, what the answer gets and why, and the round's end, through the same `QuizRound`
and recorder as the app."""

from __future__ import annotations

from collections.abc import Sequence

from tutor.language import ntr, tr
from tutor.learner.session import LearnerSession
from tutor.plain.lines import Choices, Lines
from tutor.plain.words import STOP, card_said, numbered, pick_number
from tutor.quiz import Question, QuizRound, Summary
from tutor.quiz.words import (
    COMES_BACK,
    LOOK_AGAIN,
    NOT_QUITE,
    RIGHT,
    came_back,
    pointer_words,
    seat_marks,
    seat_name,
    since_missed,
    the_answer,
    try_again,
)
from tutor.wording import sentence


def play_quiz(lines: Lines, session: LearnerSession, seed: int | None = None) -> None:
    """Rounds of the quiz, until the learner stops."""
    retry: Sequence[Question] = ()
    while True:
        round_ = QuizRound(session.settings, seed, recorder=session.recorder, retry=retry)
        if not _play_round(lines, session, round_):
            return
        summary = round_.summary()
        _say_summary(lines, session, summary)
        again = (("t", tr("try the missed questions again")),) if summary.try_again else ()
        typing = tr("Type t to try these again, n for a new round, or q to stop.") if again else tr("Type n for a new round, or q to stop.")
        typed = lines.ask_letter("", Choices(typing, (*again, ("n", tr("a new round")), STOP)))
        if typed == "t":
            retry = summary.try_again
        elif typed == "n":
            retry = ()
        else:
            return
        seed = None if seed is None else seed + 1


def _play_round(lines: Lines, session: LearnerSession, round_: QuizRound) -> bool:
    """Every question of the round; False if the learner stopped part way."""
    letters = session.settings.suit_style == "letters"
    while (question := round_.current) is not None:
        _say_question(lines, question, round_.progress, letters)
        count = len(question.options)
        while True:
            typed = lines.ask(
                tr("Your answer?"), Choices(tr("Type its number (1 to {count}), or q to stop.").format(count=count), ((tr("1 to 4"), tr("that answer")), STOP))
            )
            if typed.lower() == "q":
                return False
            number = pick_number(typed, count)
            if number is not None:
                break
            lines.wrong(tr("Type the number of an answer, from 1 to {count}.").format(count=count))
        result = round_.answer(number - 1)
        said = [tr(RIGHT).strip()] if result.right else [tr(NOT_QUITE) + the_answer(result.answers)]
        said.append(result.explanation)
        if result.comes_back:
            said.append(tr(COMES_BACK))
        lines.say(*said)
    summary = round_.summary()
    words = session.recorder.quiz_round_finished(summary.right, summary.asked)
    lines.say(words.headline, *words.lines)
    return True


def _say_question(lines: Lines, question: Question, progress: str, letters: bool) -> None:
    said = [sentence(progress), question.prompt]
    position = question.position
    if position is not None:
        face_up = position.behind_the_scenes  # else other hands as a player sees them, as on the quiz screen
        said.append(tr("The table, every hand face up, clockwise from you:") if face_up else tr("The table, clockwise from you:"))
        for seat, hand in enumerate(position.hands):
            seat_said = f"{seat_name(position, seat)}{seat_marks(position, seat)}"
            if not hand:  # one message: Spanish said "tiene sin cartas" for "holds" and "no cards"
                said.append(tr("{seat}: holds no cards.").format(seat=seat_said))
                continue
            if seat == 0 or face_up:
                cards = ", ".join(card_said(lines, card, letters) for card in hand)
            else:
                cards = ntr("{count} card, face down", "{count} cards, face down", len(hand)).format(count=len(hand))
            said.append(tr("{seat}: holds {cards}.").format(seat=seat_said, cards=cards))
    elif question.cards:
        said.append(tr("The cards: {cards}.").format(cards=", ".join(card_said(lines, card, letters) for card in question.cards)))
    said += [tr("The answers:"), *(numbered(number, option) for number, option in enumerate(question.options, 1))]
    lines.say(*said)


def _say_summary(lines: Lines, session: LearnerSession, summary: Summary) -> None:
    said: list[str] = []
    if summary.second_tries:
        said.append(came_back(summary))
    if summary.missed:
        said.append(tr(LOOK_AGAIN))
        for missed in summary.missed:
            said += [missed.question.prompt, the_answer(missed.question.answers), missed.explanation]
            said += [since] if (since := since_missed(missed, summary)) else []
    if summary.try_again:
        said.append(try_again(summary))
    titles = {lesson.id: lesson.title for lesson in session.course.lessons}
    locked = session.locked_lessons() if summary.lessons else set()
    for pointer in summary.lessons:
        said.append("".join(pointer_words(pointer, titles.get(pointer.lesson, pointer.lesson), pointer.lesson in locked)))
    if summary.lessons:
        said.append(tr("Those lessons are worth another look: choose Lessons at Home."))
    if said:
        lines.say(*said)
