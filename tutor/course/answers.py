"""What a learner can answer in a lesson step: plain values a user interface builds and hands to
`LessonRun.submit`. Seats are seat numbers (0 is the first name in the step's `seats`)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from tutor.engine.cards import Card


@dataclass(frozen=True)
class DealCards:
    """Deal `count` more cards, one at a time (None: every card that is left)."""

    count: int | None = 1


@dataclass(frozen=True)
class FinishDealing:
    """Say the deal is finished."""


@dataclass(frozen=True)
class LayDownCards:
    """Lay these cards down as a pair (or as two pairs of four of a kind)."""

    cards: tuple[Card, ...]

    def __init__(self, cards: Sequence[Card | str]) -> None:
        object.__setattr__(self, "cards", tuple(Card.parse(card) for card in cards))


@dataclass(frozen=True)
class Done:
    """Say you have laid down every pair you hold."""


@dataclass(frozen=True)
class DrawFrom:
    """Take the face-down card at `position` of `seat`'s fan."""

    seat: int
    position: int = 0


@dataclass(frozen=True)
class PickSeat:
    """Answer a question about the table with a seat."""

    seat: int


@dataclass(frozen=True)
class PickOption:
    """Answer a multiple-choice question with the option at `index` (0 is the first)."""

    index: int


Answer = DealCards | FinishDealing | LayDownCards | Done | DrawFrom | PickSeat | PickOption
