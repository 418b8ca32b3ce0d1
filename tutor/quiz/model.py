"""What a quiz question is, what an answer gives back and what a round's end shows. No Textual."""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from typing import Any, Literal

from tutor.engine import Action, Card, Game, Rules, in_suit_letters
from tutor.language import mark

Kind = Literal["choice", "true-false"]
TRUE_FALSE = (mark("True"), mark("False"))
"""The two options of a true-or-false question (the English: say each with tr())."""


@dataclass(frozen=True)
class Setup:
    """How to rebuild the game a generated question is about: the hands, the dealer, the
    learner seats (who pair by hand) and the moves already made."""

    hands: tuple[tuple[Card, ...], ...]
    dealer: int = 0
    learners: frozenset[int] = frozenset()
    moves: tuple[Action, ...] = ()

    def game(self, rules: Rules) -> Game:
        game = Game.from_hands(rules, self.hands, dealer=self.dealer, learners=self.learners)
        for move in self.moves:
            game.apply(move)
        return game


BEHIND_THE_SCENES = mark("Behind the scenes, with every hand face up:")
"""How a question whose table shows other players' cards face up begins: a look no player gets."""


@dataclass(frozen=True)
class Position:
    """A table to draw beside the question. Seat 0 is the learner; seats go clockwise.
    `drawer` and `giver` are None when nobody is due to draw or when the question asks who.

    Other players' hands are shown as a player sees them, face down (their backs and how many),
    unless `behind_the_scenes`: then every hand is face up, and the question's words begin with
    BEHIND_THE_SCENES (tests/test_quiz_generated.py checks both)."""

    names: tuple[str, ...]
    hands: tuple[tuple[Card, ...], ...]
    dealer: int
    safe: frozenset[int]
    drawer: int | None = None
    giver: int | None = None
    behind_the_scenes: bool = False
    giver_offers: bool = True
    """The rules' book has the giver hold the cards out (Bicycle's), not the drawer take from a fan."""


@dataclass(frozen=True)
class Question:
    """One question, its options in the order shown and which of them are right.

    `id` is the quiz.yaml id, or "generated:<kind>" for a question made from an engine position.
    Generated questions also carry `setup` (the game), `move` (the move asked about, if any) and
    `values` (what each option means to the engine), so tests can check every answer again.
    `notes` says, option by option, why a wrong option is wrong ("" when there is nothing to add).
    """

    id: str
    concept: str
    kind: Kind
    prompt: str
    options: tuple[str, ...]
    correct: frozenset[int]
    explanation: str
    position: Position | None = None
    cards: tuple[Card, ...] = ()
    """Cards to show large beside the prompt (the two cards of "is this a pair?", a drawn card)."""
    setup: Setup | None = None
    move: Action | None = None
    values: tuple[Any, ...] = ()
    notes: tuple[str, ...] = ()

    @property
    def generated(self) -> bool:
        return self.setup is not None

    @property
    def answers(self) -> tuple[str, ...]:
        """The right option(s), in the order shown."""
        return tuple(option for index, option in enumerate(self.options) if index in self.correct)

    def note(self, choice: int) -> str:
        return self.notes[choice] if self.notes else ""

    def shuffled(self, rng: random.Random) -> Question:
        """The same question with its options in a new order (True/False keeps its order)."""
        if self.kind == "true-false":
            return self
        order = list(range(len(self.options)))
        rng.shuffle(order)
        return self._in_order(order)

    def reshuffled(self, rng: random.Random) -> Question:
        """The same question asked again: options in a new order in which the right option has
        moved, so that a learner who remembers its place rather than its words has to read again
        (True/False keeps its order)."""
        if self.kind == "true-false" or len(self.options) < 2:
            return self
        order = list(range(len(self.options)))
        rng.shuffle(order)
        right = min(self.correct)
        if order.index(right) == right:  # it would stay in its place: swap it with another option
            other = rng.choice([place for place in range(len(order)) if place != right])
            order[right], order[other] = order[other], order[right]
        return self._in_order(order)

    def _in_order(self, order: list[int]) -> Question:
        """The options in `order` (new place -> old index), with what goes with each."""
        return replace(
            self,
            options=tuple(self.options[i] for i in order),
            correct=frozenset(order.index(i) for i in self.correct),
            values=tuple(self.values[i] for i in order) if self.values else (),
            notes=tuple(self.notes[i] for i in order) if self.notes else (),
        )

    def with_suit_letters(self) -> Question:
        """The words with C D H S for ♣ ♦ ♥ ♠ (the cards themselves stay cards)."""
        return replace(
            self,
            prompt=in_suit_letters(self.prompt),
            options=tuple(in_suit_letters(option) for option in self.options),
            explanation=in_suit_letters(self.explanation),
            notes=tuple(in_suit_letters(note) for note in self.notes),
        )


@dataclass(frozen=True)
class Result:
    """What the learner is told after an answer."""

    right: bool
    explanation: str
    """Why, naming the cards: for a wrong answer, first what is wrong with the choice."""
    chosen: str
    answers: tuple[str, ...]
    comes_back: bool = False
    """True when this question will be asked again later in the round."""


@dataclass(frozen=True)
class Missed:
    question: Question
    times: int
    right_later: bool
    """Answered right when it came back."""

    @property
    def explanation(self) -> str:
        return self.question.explanation


@dataclass(frozen=True)
class LessonPointer:
    concept: str
    title: str
    lesson: str
    misses: int


@dataclass(frozen=True)
class Summary:
    right: int
    """The round's numbered questions answered right the first time."""
    asked: int
    """The round's numbered questions asked: 8 once the round is over, the count the round
    showed ("Question 8 of 8"); the extra questions that gave a returning one room are not counted."""
    second_tries: int
    second_tries_right: int
    missed: tuple[Missed, ...]
    try_again: tuple[Question, ...]
    """Missed questions not yet answered right: pass them to a new QuizRound(retry=...)."""
    lessons: tuple[LessonPointer, ...] = ()
    """The lesson to go back to for each concept missed twice or more."""
