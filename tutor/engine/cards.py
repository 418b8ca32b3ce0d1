"""Playing cards: ranks, suits, and the 52 Card objects; picture cards are Cards too.

There is exactly one Card object per card of a deck, so cards compare and hash by identity,
which keeps the rules engine fast. `Card.parse` and `Card.of` hand out the 52 playing cards;
a picture deck's cards come from its `Deck` (see `tutor.engine.decks`). Two cards match (make a
pair) when their `rank_index` is the same: the rank for playing cards, the picture for pictures.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING

from tutor.errors import RulesError

if TYPE_CHECKING:
    from .decks import Picture

RANKS: tuple[str, ...] = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
SUITS: tuple[str, ...] = ("♣", "♦", "♥", "♠")
RED_SUITS = frozenset({"♦", "♥"})
SUIT_LETTERS: dict[str, str] = {"♣": "C", "♦": "D", "♥": "H", "♠": "S"}
SUIT_NAMES: dict[str, str] = {"♣": "clubs", "♦": "diamonds", "♥": "hearts", "♠": "spades"}
RANK_NAMES: dict[str, str] = {"A": "Ace", "J": "Jack", "Q": "Queen", "K": "King"}

_SHOWN_RANKS: dict[str, str] = {}
"""The letter printed on a card of each rank where it is not the rank's code (German cards: J is B)."""
_SHOWN_SUITS: dict[str, str] = {}
"""The letter shown for a suit (cards in letters) where it is not the suit's code letter (Spanish ♣ is T)."""
_shown_name: Callable[[str], str] = str
_SUIT_ALIASES: dict[str, str] = {**{s: s for s in SUITS}, **{v: k for k, v in SUIT_LETTERS.items()}}
_RANK_ALIASES: dict[str, str] = {**{r: r for r in RANKS}, "T": "10"}
_to_shown_letters = str.maketrans(SUIT_LETTERS)
"""Suit symbols to the letters shown for them (`show_ranks`), made once per language."""
ACCEPTED = f"a rank (A 2-10 J Q K, or T for 10) then a suit ({' '.join(SUIT_LETTERS.values())} or {' '.join(SUITS)}), like 5C, 10♥ or QS"


class Card:
    """One playing card, such as 5♣ or 10♥, or one picture card, such as a Cat.

    rank: the rank ("5", "Q"), or a picture card's picture id ("cat").  suit: "♣" ... or "" for a
    picture card.  rank_index: the match key: cards with the same one make a pair.  index: the
    card's place in its deck, for sorting.  code: the card as saved ("5♣", "cat/1").
    picture: what a picture card shows (None for a playing card).  is_character: the picture
    deck's Old Maid card, which never pairs.  deck_id: "standard" or the picture deck's id.
    """

    __slots__ = ("rank", "suit", "rank_index", "index", "same_rank", "picture", "code", "deck_id", "is_character")
    rank: str
    suit: str
    rank_index: int
    index: int
    same_rank: tuple[Card, ...]
    """The other cards this card pairs with: three for a playing card, one for a picture, none
    for the character."""
    picture: Picture | None
    code: str
    deck_id: str
    is_character: bool

    def __init__(self) -> None:
        raise TypeError("use Card.parse('5C') or Card.of('5', '♣'): there is one Card per card")

    @classmethod
    def _make(cls, rank: str, suit: str) -> Card:
        card = object.__new__(cls)
        card.rank, card.suit = rank, suit
        card.rank_index = RANKS.index(rank)
        card.index = card.rank_index * 4 + SUITS.index(suit)
        card.picture, card.code, card.deck_id, card.is_character = None, rank + suit, "standard", False
        return card

    @classmethod
    def _picture(cls, deck_id: str, picture: Picture, code: str, number: int, index: int, is_character: bool = False) -> Card:
        """A picture card (made by `tutor.engine.decks.picture_deck`, once per card of the deck)."""
        card = object.__new__(cls)
        card.rank, card.suit, card.rank_index, card.index = picture.id, "", number, index
        card.picture, card.code, card.deck_id, card.is_character = picture, code, deck_id, is_character
        card.same_rank = ()
        return card

    @property
    def is_picture(self) -> bool:
        return self.picture is not None

    @staticmethod
    def of(rank: str, suit: str) -> Card:
        """The card of this rank and suit symbol."""
        return _BY_NAME[rank + suit]

    @staticmethod
    def parse(text: str | Card) -> Card:
        """Read a card written as `5C`, `5c`, `5♣`, `10H`, `TH`, `QS` or `Q♠`."""
        if isinstance(text, Card):
            return text
        if not isinstance(text, str):
            raise RulesError(f"{text!r} is not a card: write {ACCEPTED}")
        cleaned = text.strip().upper()
        rank = _RANK_ALIASES.get(cleaned[:-1])
        suit = _SUIT_ALIASES.get(cleaned[-1:])
        if rank is None or suit is None:
            raise RulesError(f"{text!r} is not a card: write {ACCEPTED}")
        return _BY_NAME[rank + suit]

    @property
    def is_red(self) -> bool:
        return self.suit in RED_SUITS

    def pairs_with(self, other: Card) -> bool:
        """Whether this card and ``other`` (another card) make a pair: the same rank, or the same
        picture; suit and colour never matter. The one pairing test outside the draw loop."""
        return self.rank_index == other.rank_index and self is not other

    def text(self, letters: bool = False) -> str:
        """`5♣`, or `5C` with suit letters, with the rank as the cards in the language in use
        show it (`show_ranks`: a German Queen is `D♥`); a picture card's name ("Cat"). `str(card)`
        is the card's code, the same in every language."""
        if self.picture is not None:
            return _shown_name(self.picture.name)
        return _SHOWN_RANKS.get(self.rank, self.rank) + (_SHOWN_SUITS.get(self.suit, SUIT_LETTERS[self.suit]) if letters else self.suit)

    def __str__(self) -> str:
        return self.picture.name if self.picture is not None else self.rank + self.suit

    def __repr__(self) -> str:
        return f"Card({self.code!r})"

    def __lt__(self, other: Card) -> bool:
        return self.index < other.index

    def __reduce__(self) -> tuple[object, tuple[str, ...]]:
        if self.picture is not None:
            return (_picture_card, (self.deck_id, self.code))
        return (Card.parse, (str(self),))


def _picture_card(deck_id: str, code: str) -> Card:
    from .decks import find_deck

    return find_deck(deck_id).parse(code)


DECK: tuple[Card, ...] = tuple(Card._make(rank, suit) for rank in RANKS for suit in SUITS)
_BY_NAME: dict[str, Card] = {str(card): card for card in DECK}
for _card in DECK:
    _card.same_rank = tuple(other for other in DECK if other.rank == _card.rank and other is not _card)


def parse_cards(texts: Iterable[str | Card]) -> tuple[Card, ...]:
    """Parse several cards, keeping their order."""
    return tuple(Card.parse(text) for text in texts)


def cards_text(cards: Iterable[Card], letters: bool = False) -> str:
    """`5♣ 5♥`: cards as a reader sees them."""
    return " ".join(card.text(letters) for card in cards)


def groups_of_a_kind(cards: Iterable[Card]) -> tuple[tuple[Card, ...], ...]:
    """The cards in groups that pair with each other (`Card.pairs_with`): "5♣ 9♦ 5♥" gives
    (5♣ 5♥) and (9♦). Each group keeps the cards' order; groups come in the order of their first card."""
    groups: list[list[Card]] = []
    for card in cards:
        group = next((group for group in groups if group[0] is card or group[0].pairs_with(card)), None)
        if group is None:
            groups.append([card])
        else:
            group.append(card)
    return tuple(tuple(group) for group in groups)


def in_suit_letters(text: str) -> str:
    """`text` with every suit symbol written as its letter: "5♣ and 5♥" -> "5C and 5H"."""
    return text.translate(_to_shown_letters)


def show_ranks(letters: dict[str, str], suits: dict[str, str] | None = None) -> None:
    """Show each rank in `letters` with its letter ({"J": "B", "Q": "D"}), the rest as their codes;
    and each suit in `suits` with its letter when cards are shown in letters ({"♣": "T"})."""
    _SHOWN_RANKS.clear()
    _SHOWN_RANKS.update({rank: letter for rank, letter in letters.items() if rank in RANKS and letter != rank})
    _SHOWN_SUITS.clear()
    _SHOWN_SUITS.update({suit: letter for suit, letter in (suits or {}).items() if suit in SUITS and letter != SUIT_LETTERS[suit]})
    global _to_shown_letters
    _to_shown_letters = str.maketrans({**SUIT_LETTERS, **_SHOWN_SUITS})


def show_names(translate: Callable[[str], str]) -> None:
    """Show a picture card's name through `translate` (the language in use), its deck's English
    name being the card's own."""
    global _shown_name
    _shown_name = translate


def rank_name(rank: str, plural: bool = False) -> str:
    """'Queen', or 'Queens' / '7s' in the plural."""
    name = RANK_NAMES.get(rank, rank)
    return name + "s" if plural else name
