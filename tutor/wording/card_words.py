"""Card words in each language: the one place that says what a rank is called, which letter the
cards print for it, and how a sentence names a card or a rank.

Chosen after the French-suited cards sold in each country:
- English: A J Q K, Ace Jack Queen King.
- Spanish: the poker-style pack printed in Spain and Latin America keeps A J Q K on its faces;
  children call them As, Jota, Reina, Rey, and the suits tréboles, diamantes, corazones, picas.
- German: the French-suited pack prints A (Ass), B (Bube), D (Dame), K (König); the suits are
  Kreuz, Karo, Herz, Pik. A German Queen of hearts is D♥.
- Suits as letters (a setting, for terminals or eyes that need them): the first letter of each suit's
  name: Spanish T D C P; German T K H P, as German card games write them (T for Treff, the other
  name of Kreuz, since Kreuz and Karo share a K).

A card's code (`str(card)`, "Q♥") never changes: it is what is saved and what course files write.
"""

from __future__ import annotations

from dataclasses import dataclass

from tutor import language
from tutor.engine.cards import SUIT_LETTERS, SUITS, show_names, show_ranks


@dataclass(frozen=True)
class CardWords:
    letters: dict[str, str]
    """The letter the cards print for a rank, where it differs from the rank's code."""
    names: dict[str, str]
    """A rank's name in a sentence ("Queen", "Dame"); a number rank is its number."""
    plurals: dict[str, str]
    """Several cards of one rank ("Queens", "7s"; "Damen", "Siebenen")."""
    articles: dict[str, str]
    """'a Queen' / 'an Ace': the article before each rank; `default_article` for the rest."""
    default_article: str
    suits: tuple[str, str, str, str]
    suit_letters: str
    """The letter for each suit when cards are shown in letters, in the engine's SUITS order."""
    """Each suit's name in the plural, as a sentence lists them ("hearts"), in the engine's SUITS order."""


_NUMBERS = ("2", "3", "4", "5", "6", "7", "8", "9", "10")

WORDS: dict[str, CardWords] = {
    "en": CardWords(
        letters={},
        names={"A": "Ace", "J": "Jack", "Q": "Queen", "K": "King"},
        plurals={"A": "Aces", "J": "Jacks", "Q": "Queens", "K": "Kings", **{n: f"{n}s" for n in _NUMBERS}},
        articles={"A": "an", "8": "an"},
        default_article="a",
        suits=("clubs", "diamonds", "hearts", "spades"),
        suit_letters="".join(SUIT_LETTERS[suit] for suit in SUITS),
    ),
    "es": CardWords(
        letters={},
        names={"A": "As", "J": "Jota", "Q": "Reina", "K": "Rey"},
        plurals={"A": "ases", "J": "jotas", "Q": "reinas", "K": "reyes", **{n: f"{n}" for n in _NUMBERS}},
        articles={"J": "una", "Q": "una"},
        default_article="un",
        suits=("tréboles", "diamantes", "corazones", "picas"),
        suit_letters="TDCP",
    ),
    "de": CardWords(
        letters={"J": "B", "Q": "D"},
        names={"A": "Ass", "J": "Bube", "Q": "Dame", "K": "König"},
        plurals={"A": "Asse", "J": "Buben", "Q": "Damen", "K": "Könige", **{n: f"{n}er" for n in _NUMBERS}},
        articles={"A": "ein", "J": "ein", "K": "ein"},
        default_article="eine",
        suits=("Kreuz", "Karo", "Herz", "Pik"),
        suit_letters="TKHP",
    ),
}


def words() -> CardWords:
    """The card words of the language in use."""
    return WORDS.get(language.current(), WORDS["en"])


def rank_name(rank: str, plural: bool = False) -> str:
    """'Queen' ('Dame'), or in the plural 'Queens' / '7s' ('Damen' / '7er')."""
    table = words()
    if plural:
        return table.plurals.get(rank, rank)
    return table.names.get(rank, _letter(rank))


def rank_letter(rank: str) -> str:
    """The letter printed on the cards of `rank` ("Q"; German "D")."""
    return _letter(rank)


def a_rank_name(rank: str) -> str:
    """'a 5', 'an Ace' ('un 5', 'una Reina'; 'eine 5', 'ein Ass')."""
    table = words()
    return f"{table.articles.get(rank, table.default_article)} {rank_name(rank)}"


def suit_name(suit: str) -> str:
    """'hearts' ('corazones', 'Herz')."""
    return words().suits[SUITS.index(suit)] if suit in SUITS else suit


def _letter(rank: str) -> str:
    return words().letters.get(rank, rank)


def _show_current_ranks() -> None:
    show_ranks(words().letters, dict(zip(SUITS, words().suit_letters, strict=True)))


language.on_switch(_show_current_ranks)
_show_current_ranks()
show_names(language.tr)
