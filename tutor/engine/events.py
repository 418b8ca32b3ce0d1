"""What happened, for narration: `Game.apply` returns a list of these."""

from __future__ import annotations

from dataclasses import dataclass

from .cards import Card


@dataclass(frozen=True, slots=True)
class Dealt:
    seat: int
    card: Card


@dataclass(frozen=True, slots=True)
class DealFinished:
    pass


@dataclass(frozen=True, slots=True)
class Drew:
    """`drawer` took `card` from `giver`'s face-down hand."""

    drawer: int
    giver: int
    card: Card


@dataclass(frozen=True, slots=True)
class PairLaidDown:
    seat: int
    cards: tuple[Card, Card]
    wrong: bool = False


@dataclass(frozen=True, slots=True)
class PairingFinished:
    seat: int


@dataclass(frozen=True, slots=True)
class WentOut:
    """`seat` emptied their hand and is safe."""

    seat: int


@dataclass(frozen=True, slots=True)
class Turn:
    """`drawer` is next to draw, from `giver`."""

    drawer: int
    giver: int


@dataclass(frozen=True, slots=True)
class PairsChecked:
    """The end-of-game check of the laid-down pairs (Bicycle's wrong-pair rule)."""

    wrong_pairs: tuple[tuple[int, tuple[Card, Card]], ...]


@dataclass(frozen=True, slots=True)
class GameOver:
    loser: int | None
    """None only in a made-up position that leaves out the odd card."""
    winner: int | None = None


Event = Dealt | DealFinished | Drew | PairLaidDown | PairingFinished | WentOut | Turn | PairsChecked | GameOver
