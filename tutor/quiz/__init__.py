"""The quiz: written questions from lessons/quiz.yaml, questions made from engine positions,
and the round that asks them. Free of Textual; the quiz screen in tutor.ui shows a QuizRound.

    quiz = QuizRound(settings, seed=7, recorder=Recorder(store, profile))   # tutor.learner.recorder
    while quiz.current:
        result = quiz.answer(choice)        # index of the option picked, as shown
    summary = quiz.summary()
    again = QuizRound(settings, seed=8, retry=summary.try_again)

The written questions' format is described in tutor/quiz/bank.py and at the top of lessons/quiz.yaml;
`check_quiz_file(path)` lists every problem in one (`old-maid-tutor lessons check` uses it).
"""

from tutor.quiz.bank import WrittenOption, WrittenQuestion, check_quiz_file, parse_bank, read_bank
from tutor.quiz.generators import GENERATORS
from tutor.quiz.model import LessonPointer, Missed, Position, Question, Result, Setup, Summary
from tutor.quiz.round import ROUND_SIZE, QuizRound

__all__ = [
    "GENERATORS",
    "LessonPointer",
    "Missed",
    "Position",
    "Question",
    "QuizRound",
    "ROUND_SIZE",
    "Result",
    "Setup",
    "Summary",
    "WrittenOption",
    "WrittenQuestion",
    "check_quiz_file",
    "parse_bank",
    "read_bank",
]
