"""Rule mistakes the engine recognises, so the tutor can explain them."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from .cards import Card


class MistakeCode(str, Enum):
    KEPT_PAIR = "kept-pair"
    LAID_DOWN_THREE = "laid-down-three"
    NOT_A_PAIR = "not-a-pair"
    DREW_FROM_EMPTY = "drew-from-empty"
    WRONG_NEIGHBOUR = "wrong-neighbour"
    OUT_OF_TURN = "out-of-turn"
    STOCK_LEFT = "stock-left"
    NOT_IN_HAND = "not-in-hand"
    NO_SUCH_CARD = "no-such-card"

    def __str__(self) -> str:
        return self.value


@dataclass(frozen=True, slots=True)
class Mistake:
    """A move that breaks a rule: which rule (`code`), by whom, with which cards and seats."""

    code: MistakeCode
    seat: int | None = None
    cards: tuple[Card, ...] = ()
    seats: tuple[int, ...] = ()
    detail: str = ""

    def __str__(self) -> str:
        cards = " ".join(map(str, self.cards))
        return f"{self.code.value}: {self.detail}" + (f" ({cards})" if cards else "")


class IllegalAction(Exception):
    """Raised by `Game.apply` for a move the rules do not allow; `.mistake` says why."""

    def __init__(self, mistake: Mistake) -> None:
        super().__init__(str(mistake))
        self.mistake = mistake
