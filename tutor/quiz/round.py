"""One round of the quiz: which question comes next, what an answer gets, and the round's end.

A round asks ROUND_SIZE new questions, chosen with `random.Random(seed)` from quiz.yaml (the
ones that fit the rules in play) and from the generators, about half of each. Two questions in a
row never share a concept. A new question answered wrong comes back once, after two or three
other questions (a step later if that would put two questions of one concept side by side), with
its options in a new order in which the right one has moved (a child may remember a place). When
the new questions run out while a question still waits to come back, one or two more new
questions are asked first, so that it never comes straight back; those extra questions have no
number, do not come back themselves and are not scored, so the round's end counts the same eight
questions the round counted ("Question 8 of 8", then "5 of 8 right"). The round is over when every new question and every return has been asked.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Collection, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from tutor.concepts import CONCEPTS
from tutor.engine import Rules
from tutor.language import tr
from tutor.quiz.bank import WrittenQuestion, read_bank
from tutor.quiz.generators import GENERATORS
from tutor.quiz.model import LessonPointer, Missed, Question, Result, Summary
from tutor.quiz.reasons import reason
from tutor.settings import Settings
from tutor.wording import Seats, computer_names

if TYPE_CHECKING:
    from tutor.learner.recorder import Recorder
    from tutor.store import Profile, Store

ROUND_SIZE = 8
RETURN_AFTER = (2, 3)
"""How many other questions come between a missed question and its return."""
MISSES_FOR_LESSON = 2
_GENERATOR_TRIES = 30


@dataclass
class _Asked:
    """A question as asked in this round, and how it went."""

    question: Question
    new: bool
    """False once it is asked again."""
    numbered: bool
    """One of the round's ROUND_SIZE questions ("Question 3 of 8"): a wrong first answer brings
    it back, and it counts in the score. The extra questions at the end have no number, never
    come back and are not scored, so the review counts what the round counted."""
    retried: bool = False
    """Missed in the round before and asked again in this one ("Try these again")."""
    misses: int = 0
    answered: int = 0
    right_first: bool = False
    right_later: bool = False
    due: int = 0
    """For a question waiting to come back: the earliest step it may be asked again."""


class QuizRound:
    """A round for `settings` (or bare `rules`): read `current`, call `answer`, then `summary()`.

    With a `recorder` (tutor.learner), every answer is reported to it; a `store` and a `profile`
    make one. `retry` are questions to ask again (from a summary's `try_again`); they come first
    among the new ones, their options in a new order. If quiz.yaml is broken the round uses
    generated questions alone; `problems` says why. With a picture deck the questions are written
    ones only (the generated positions are dealt in playing cards). `lessons_done` (added to those
    the recorder's learner has finished) lets questions with `after` in.
    """

    def __init__(
        self,
        settings: Settings | Rules,
        seed: int | str | None = None,
        store: Store | None = None,
        profile: Profile | None = None,
        *,
        recorder: Recorder | None = None,
        bank: Sequence[WrittenQuestion] | None = None,
        retry: Sequence[Question] = (),
        lessons_done: Collection[str] = (),
    ) -> None:
        if (store is None) != (profile is None):
            raise ValueError("give both a store and a profile to record answers, or neither")
        if store is not None and profile is not None:
            if recorder is not None:
                raise ValueError("give a recorder, or a store and a profile, not both")
            from tutor.learner.recorder import Recorder

            recorder = Recorder(store, profile)
        if isinstance(settings, Rules):
            self.rules, names, self._letters = settings, _names(Settings(), settings.players), False
        else:
            self.rules, names = settings.rules(), _names(settings, settings.players)
            self._letters = settings.suit_style == "letters"
        self.seed = random.SystemRandom().randrange(2**32) if seed is None else seed
        self.seats = Seats(names)
        self.problems: list[str] = []
        self.recorder = recorder
        self._rng = random.Random(self.seed)
        done = set(lessons_done) | (_finished_lessons(recorder) if recorder is not None else set())
        self._written = [question for question in self._load_bank(bank) if question.fits(self.rules, done)]
        self._rng.shuffle(self._written)
        self._kinds = list(GENERATORS)
        self._rng.shuffle(self._kinds)
        self._sources = ["written", "generated"] * (ROUND_SIZE // 2)
        self._rng.shuffle(self._sources)
        self._retry = list(retry[:ROUND_SIZE])
        self._asked: list[_Asked] = []
        self._log: list[_Asked] = []
        self._waiting: list[_Asked] = []
        self._new = 0
        self._current: _Asked | None = self._next()

    # ----- what the screen reads --------------------------------------------------------------

    @property
    def current(self) -> Question | None:
        """The question to show now, or None once the round is over."""
        return self._current.question if self._current else None

    @property
    def is_over(self) -> bool:
        return self._current is None

    @property
    def is_return(self) -> bool:
        """True when the current question is one missed earlier, coming back."""
        return self._current is not None and not self._current.new

    @property
    def number(self) -> int:
        """How many questions have been shown so far, counting the current one."""
        return len(self._log) + (self._current is not None)

    @property
    def progress(self) -> str:
        """Where the round is, in words that never change their count: "Question 3 of 8" for the
        round's new questions, another go for one missed earlier, "one more question" after them."""
        if self.is_return:
            return tr("Once more, a question you missed: you've got this!")
        if self._new > ROUND_SIZE:
            return tr("One more question, just for practice, before a question you missed comes back")
        if self._current is not None and self._current.retried:
            return tr("Question {number} of {count}: one you missed last round").format(number=self._new, count=ROUND_SIZE)
        return tr("Question {number} of {count}").format(number=self._new, count=ROUND_SIZE)

    @property
    def planned(self) -> int:
        """How many questions the round has, as far as is known now (it grows when one is missed)."""
        return self.number + max(0, ROUND_SIZE - self._new) + len(self._waiting)

    # ----- answering ----------------------------------------------------------------------------

    def answer(self, choice: int) -> Result:
        """Answer the current question with the option at index `choice` (0-based, as shown)."""
        entry = self._current
        if entry is None:
            raise ValueError("the round is over: there is no question to answer")
        question = entry.question
        if not 0 <= choice < len(question.options):
            raise ValueError(f"choice must be an option from 0 to {len(question.options) - 1}, not {choice!r}")
        right = choice in question.correct
        self._record(entry, right)
        comes_back = not right and entry.new and entry.numbered
        if comes_back:
            # Once the new questions have all been asked, each step more is an extra question.
            after = RETURN_AFTER[0] if self._new >= ROUND_SIZE else self._rng.choice(RETURN_AFTER)
            entry.due = len(self._log) + after
            self._waiting.append(entry)
        self._current = self._next()
        return Result(
            right=right,
            explanation=reason(question, choice),
            chosen=question.options[choice],
            answers=question.answers,
            comes_back=comes_back,
        )

    def _record(self, entry: _Asked, right: bool) -> None:
        entry.answered += 1
        if entry.new:
            entry.right_first = right
        else:
            entry.right_later = right
        entry.misses += not right
        self._log.append(entry)
        if self.recorder is not None:
            self.recorder.quiz_answer(entry.question.id, entry.question.concept, right)

    # ----- the end of the round ------------------------------------------------------------------

    def summary(self) -> Summary:
        """The round's numbered questions and their returns. An extra question that gave a returning
        one room is not counted (its answer is kept in the learner's record): counted, a missed extra
        made "N still to get right" more than the questions missed and not put right."""
        numbered = [entry for entry in self._asked if entry.numbered and entry.answered > 0]
        missed = tuple(Missed(entry.question, entry.misses, entry.right_later) for entry in numbered if entry.misses)
        misses: Counter[str] = Counter()
        for entry in numbered:
            misses[entry.question.concept] += entry.misses
        returns = [entry for entry in numbered if entry.answered > 1]
        return Summary(
            right=sum(entry.right_first for entry in numbered),
            asked=len(numbered),
            second_tries=len(returns),
            second_tries_right=sum(entry.right_later for entry in returns),
            missed=missed,
            try_again=tuple(item.question for item in missed if not item.right_later),
            lessons=tuple(
                LessonPointer(concept, CONCEPTS[concept].title, CONCEPTS[concept].lesson, count)
                for concept, count in misses.most_common()
                if count >= MISSES_FOR_LESSON and concept in CONCEPTS
            ),
        )

    # ----- choosing the next question -------------------------------------------------------------

    def _next(self) -> _Asked | None:
        previous = self._log[-1].question.concept if self._log else None
        step = len(self._log)
        for entry in sorted(self._waiting, key=lambda waiting: waiting.due):
            if entry.due <= step and entry.question.concept != previous:
                self._waiting.remove(entry)
                entry.new = False
                entry.question = entry.question.reshuffled(self._rng)
                return entry
        if self._new >= ROUND_SIZE and not self._waiting:
            return None
        waiting = {entry.question.concept for entry in self._waiting}
        found = self._new_question({previous, *waiting}) or self._new_question({previous})
        if found is None:
            raise RuntimeError("no question of another concept is left for this round")
        question, retried = found
        entry = _Asked(question, new=True, numbered=self._new < ROUND_SIZE, retried=retried)
        self._new += 1
        self._asked.append(entry)
        return entry

    def _new_question(self, avoid: set[str | None]) -> tuple[Question, bool] | None:
        """A question not asked yet in this round, and whether it is one missed in the round before."""
        for again in self._retry:
            if again.concept not in avoid:
                self._retry.remove(again)
                return self._lettered(again.reshuffled(self._rng)), True
        source = self._sources[self._new % len(self._sources)]
        makers = (self._written_question, self._generated_question)
        for make in makers if source == "written" else makers[::-1]:
            question = make(avoid)
            if question is not None:
                return self._lettered(question.shuffled(self._rng)), False
        return None

    def _written_question(self, avoid: set[str | None]) -> Question | None:
        for written in self._written:
            if written.concept not in avoid:
                self._written.remove(written)
                return written.question(self.rules)
        return None

    def _generated_question(self, avoid: set[str | None]) -> Question | None:
        if self.rules.pictures and not self.problems:  # positions are dealt in playing cards: a picture deck gets written ones
            return None
        for _ in range(_GENERATOR_TRIES):
            kind = self._kinds.pop(0)
            self._kinds.append(kind)
            question = GENERATORS[kind](self._rng, self.rules, self.seats)
            if question.concept not in avoid:
                return question
        return None

    def _lettered(self, question: Question) -> Question:
        return question.with_suit_letters() if self._letters else question

    def _load_bank(self, bank: Sequence[WrittenQuestion] | None) -> Sequence[WrittenQuestion]:
        if bank is not None:
            return bank
        try:
            return read_bank()
        except (OSError, ValueError) as error:
            said = tr("The written quiz questions could not be used, so this round has only questions made from game positions.")
            self.problems.append(f"{said} {error}")
            return ()


def _names(settings: Settings, players: int) -> tuple[str, ...]:
    return (settings.learner_name, *computer_names(settings.learner_name, settings.opponent_names, players - 1))


def _finished_lessons(recorder: Recorder) -> set[str]:
    """The ids of the lessons the recorder's learner has finished (questions with `after` need them)."""
    return {lesson for lesson, progress in recorder.store.lesson_progress(recorder.profile).items() if progress.finished}
