"""Words for seats and cards in generated questions. Seat 0 is the learner, called "you"."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from tutor.engine import Card, rank_name
from tutor.words import listed

_IRREGULAR = {"have": "has", "be": "is"}
_SECOND_PERSON = {"be": "are"}
NOBODY_YET = "Nobody yet: the game goes on"
ALL_RIGHT = "Nothing: that was right"


class Seats:
    """Names for the seats at a generated table, with "you" for seat 0."""

    def __init__(self, names: Sequence[str]) -> None:
        self.names = tuple(names)

    def who(self, seat: int, capital: bool = False) -> str:
        """'you' (or 'You' to start a sentence) or 'Bea'."""
        if seat == 0:
            return "You" if capital else "you"
        return self.names[seat]

    def whose(self, seat: int) -> str:
        return "your" if seat == 0 else f"{self.names[seat]}'s"

    def does(self, seat: int, verb: str, capital: bool = True) -> str:
        """'You draw' (or 'you draw') or 'Bea draws'."""
        if seat == 0:
            return f"{self.who(0, capital)} {_SECOND_PERSON.get(verb, verb)}"
        return f"{self.names[seat]} {third_person(verb)}"

    def listed(self, seats: Iterable[int], capital: bool = False) -> str:
        """'Bea, Sam and you' (or 'You and Bea' to start a sentence)."""
        words = [self.who(seat, capital and index == 0) for index, seat in enumerate(seats)]
        return listed(words)


def third_person(verb: str) -> str:
    if verb in _IRREGULAR:
        return _IRREGULAR[verb]
    return verb + ("es" if verb.endswith(("s", "sh", "ch")) else "s")


def a_rank(card: Card) -> str:
    """'a 5', 'an 8', 'an Ace', 'a Jack'."""
    name = rank_name(card.rank)
    return ("an " if name[0] in "A8" else "a ") + name


def pair_reason(first: Card, second: Card) -> str:
    """Why two cards of one rank are a pair, in a way that never leans on colour alone."""
    if first.is_red != second.is_red:
        return f"{first} and {second} are a pair: same rank, and the colour doesn't matter."
    return f"{first} and {second} are a pair: both are {rank_name(first.rank, plural=True)}."


def not_pair_reason(first: Card, second: Card) -> str:
    text = f"{first} and {second} are not a pair: one is {a_rank(first)}, the other {a_rank(second)}."
    if first.suit == second.suit:
        text += f" Both being {first.suit} doesn't help: only the rank counts."
    elif first.is_red == second.is_red:
        text += " Matching colours don't help: only the rank counts."
    return text
