"""Rule mistakes the engine recognises, so the tutor can explain them."""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import TYPE_CHECKING

from .cards import Card
from .events import Event, PairLaidDown

if TYPE_CHECKING:
    from .game import Game


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
    others: tuple[Card, ...] = ()
    """Cards picked with `cards` that the mistake is not about (three of a kind laid down with more)."""

    def __str__(self) -> str:
        cards = " ".join(map(str, self.cards))
        return f"{self.code.value}: {self.detail}" + (f" ({cards})" if cards else "")


class IllegalAction(Exception):
    """Raised by `Game.apply` for a move the rules do not allow; `.mistake` says why."""

    def __init__(self, mistake: Mistake) -> None:
        super().__init__(str(mistake))
        self.mistake = mistake


def wrong_pair_mistake(events: Iterable[Event]) -> Mistake | None:
    """The `not-a-pair` mistake in what a move led to: the first two cards of different ranks laid
    down as a pair (strict Bicycle rules let it go down, and it costs the game at the end), or None.

    Every caller that turns a wrong pair into a mistake asks this, so it means the same everywhere.
    """
    for event in events:
        if isinstance(event, PairLaidDown) and event.wrong:
            return Mistake(MistakeCode.NOT_A_PAIR, event.seat, event.cards, detail=pair_rule(event.cards))
    return None


def pair_rule(cards: Sequence[Card]) -> str:
    """What makes a pair, for a mistake's detail: the same rank, or the same picture for picture cards."""
    if any(card.picture is not None for card in cards):
        return "a pair is two cards with the same picture"
    return "a pair is two cards of the same rank"


def possible_mistakes(deck_copies: int) -> frozenset[MistakeCode]:
    """The mistakes that can happen with a deck whose match keys each have `deck_copies` cards
    (`Deck.copies`): every one, except laying down three of a kind with a picture deck (each
    picture is on exactly two cards). Ask it with `possible_mistakes(rules.playing_deck.copies)`."""
    if deck_copies < 3:
        return frozenset(MistakeCode) - {MistakeCode.LAID_DOWN_THREE}
    return frozenset(MistakeCode)


class Refusals:
    """The last answer refused, to tell the same mistake made again at once (nothing moved in
    between: a key pressed twice) from a new one; a learner's record counts it once."""

    def __init__(self) -> None:
        self._last: Hashable = None

    def again(self, mistake: Mistake, game: Game) -> bool:
        """Whether `mistake` is the one just refused, made again with the game where it was."""
        return self.again_with((mistake.code, mistake.cards, mistake.seats, game.draws, len(game.pairs), game.phase))

    def again_with(self, answer: Hashable) -> bool:
        """Whether `answer` (a wrong answer, with where it was given) is the one just refused."""
        again, self._last = answer == self._last, answer
        return again
