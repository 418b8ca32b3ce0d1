"""Small pieces every plain page shares: reading numbers typed, and cards as numbered lines."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from tutor.engine import Card
from tutor.language import mark, ptr, tr
from tutor.plain.lines import Lines
from tutor.wording.card_words import rank_name, suit_name

STOP = ("q", mark("stop here (everything is saved)"))


def card_words(card: Card) -> str:
    """A card as said aloud: "Queen of hearts", "10 of clubs" ("Reina de corazones", "Herz-Dame"),
    a picture card's name."""
    if card.picture is not None:
        return tr(card.picture.name)
    # TRANSLATORS: a card said aloud, "Queen of hearts"; {rank} is "Queen" or "10", {suit} "hearts"
    return tr("{rank} of {suit}").format(rank=rank_name(card.rank), suit=suit_name(card.suit))


def rules_named(name: str) -> str:
    """A rules' name as a sentence says it ("Bicycle", "Table": "Tisch"); another name as it is."""
    names = {"Bicycle": ptr("rules", "Bicycle"), "Table": ptr("rules", "Table")}
    return names.get(name, name)


def card_said(lines: Lines, card: Card, letters: bool) -> str:
    """A card as this learner chose: its short code ("Q♥", or "QH" with letters), with its words
    after it while cards are said as words ("Q♥ (Queen of hearts)")."""
    code = card.text(letters)
    return f"{code} ({card_words(card)})" if lines.card_words and card.picture is None else code


def card_lines(lines: Lines, cards: Sequence[Card], letters: bool) -> list[str]:
    """A hand as a numbered list, one card a line."""
    return [numbered(number, card_said(lines, card, letters)) for number, card in enumerate(cards, 1)]


def numbered(number: int, text: str) -> str:
    """One line of a numbered list: "1. Q♥"."""
    return f"{number}. {text}"


def pick_number(typed: str, count: int) -> int | None:
    """The number typed, if it is one from 1 to `count`."""
    return int(typed) if typed.isdigit() and typed.isascii() and 1 <= int(typed) <= count else None


def numbers_in(typed: str, count: int) -> list[int] | None:
    """Numbers typed with spaces or commas between ("1 3", "1,3"), each from 1 to `count` and
    each once; None if anything else was typed."""
    parts = typed.replace(",", " ").split()
    numbers = [pick_number(part, count) for part in parts]
    if not parts or any(number is None for number in numbers):
        return None
    found = [number for number in numbers if number is not None]
    return found if len(set(found)) == len(found) else None


def numbers_of(hand: Sequence[Card], cards: Iterable[Card]) -> str:
    """The cards' numbers in `hand`, as they are typed here: "6 7" (the reverse of `numbers_in`)."""
    return " ".join(str(hand.index(card) + 1) for card in sorted(cards))
