"""What a player can do. Actions are plain values handed to `Game.apply`.

Cards are given as `Card`s or as text: "5C" or "5♣" for playing cards, or a picture card's code
("cat/2", "old-maid"). A code is kept as written (`codes`) and read with the deck of the game the
action is applied to: codes are only unique within one deck."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from tutor.errors import RulesError

from .cards import Card


def _card_or_code(text: Card | str) -> Card | str:
    """The playing card `text` names, or a picture card's code to read with the game's deck."""
    try:
        return Card.parse(text)
    except RulesError:
        if isinstance(text, str) and text.strip() and not any(char.isspace() for char in text.strip()):
            return text.strip()
        raise


@dataclass(frozen=True, slots=True)
class LayDown:
    """`seat` lays these cards down as a pair (or two pairs of four of a kind)."""

    seat: int
    cards: tuple[Card, ...]
    codes: tuple[str, ...] = ()
    """Picture cards given by code, read with the game's deck (`Game.apply` puts them in `cards`)."""

    def __init__(self, seat: int, cards: Sequence[Card | str]) -> None:
        read = [_card_or_code(card) for card in cards]
        object.__setattr__(self, "seat", seat)
        object.__setattr__(self, "cards", tuple(card for card in read if isinstance(card, Card)))
        object.__setattr__(self, "codes", tuple(card for card in read if isinstance(card, str)))


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
    code: str | None = None
    """A picture card given by code, read with the game's deck (`Game.apply` puts it in `card`)."""

    def __init__(self, seat: int, from_seat: int, card: Card | str | None = None, position: int | None = None) -> None:
        read = None if card is None else _card_or_code(card)
        object.__setattr__(self, "seat", seat)
        object.__setattr__(self, "from_seat", from_seat)
        object.__setattr__(self, "card", read if isinstance(read, Card) else None)
        object.__setattr__(self, "position", position)
        object.__setattr__(self, "code", read if isinstance(read, str) else None)


@dataclass(frozen=True, slots=True)
class DealCard:
    """The dealer deals the next `count` cards, one at a time, clockwise."""

    count: int = 1


@dataclass(frozen=True, slots=True)
class FinishDeal:
    """The dealer says the deal is finished."""


Action = LayDown | FinishPairing | Draw | DealCard | FinishDeal
