"""What a player can do. Actions are plain values handed to `Game.apply`."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .cards import Card


@dataclass(frozen=True, slots=True)
class LayDown:
    """`seat` lays these cards down as a pair (or two pairs of four of a kind)."""

    seat: int
    cards: tuple[Card, ...]

    def __init__(self, seat: int, cards: Sequence[Card | str]) -> None:
        object.__setattr__(self, "seat", seat)
        object.__setattr__(self, "cards", tuple(Card.parse(card) for card in cards))


@dataclass(frozen=True, slots=True)
class FinishPairing:
    """`seat` says they have laid down every pair they hold."""

    seat: int


@dataclass(frozen=True, slots=True)
class Draw:
    """`seat` draws from `from_seat`: that exact `card`, the face-down `position`, or a random one."""

    seat: int
    from_seat: int
    card: Card | None = None
    position: int | None = None

    def __init__(self, seat: int, from_seat: int, card: Card | str | None = None, position: int | None = None) -> None:
        object.__setattr__(self, "seat", seat)
        object.__setattr__(self, "from_seat", from_seat)
        object.__setattr__(self, "card", None if card is None else Card.parse(card))
        object.__setattr__(self, "position", position)


@dataclass(frozen=True, slots=True)
class DealCard:
    """The dealer deals the next `count` cards, one at a time, clockwise."""

    count: int = 1


@dataclass(frozen=True, slots=True)
class FinishDeal:
    """The dealer says the deal is finished."""


Action = LayDown | FinishPairing | Draw | DealCard | FinishDeal
