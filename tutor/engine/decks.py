"""The decks Old Maid is played with: the standard deck, or a picture deck.

The standard deck is 52 playing cards, one card of the odd rank taken out before the deal (51 in
play). A picture deck holds pairs of identical pictures and one character card that has no
partner: the character is the Old Maid. Pairs match by picture; the character never pairs.

Picture cards are `Card` values too, so the engine plays every deck with one turn loop: a
picture card's `rank` is its picture's id, its `rank_index` the picture's number in the deck (the
match key, the character's number being its own), `suit` is "" and `picture` says what it shows.
`str(card)` is the picture's name ("Cat"); `card.code` ("cat/1", "cat/2", "old-maid") tells the
two cards of a pair apart in a saved game; `deck.parse(code)` reads it back.

    deck = find_deck("farm")        # or "standard"; an unknown id raises RulesError naming the known ids
    deck.name, deck.size, deck.pair_count, deck.is_standard
    deck.pictures                   # Picture(id, name, short, art): art is 3 short lines of text
    deck.character                  # the Picture on the Old Maid card (None for the standard deck)
    deck.cards                      # every card in play (the standard deck: all 52, see `size`)
    deck.character_card             # the Old Maid card of a picture deck (None for the standard deck)
    card.picture, card.is_character # what a picture card shows; whether it is the character
    all_decks()                     # the standard deck, then every shipped picture deck, smallest first

The picture decks shipped with the program are files in `lessons/decks/*.yaml`, read and checked
by `tutor.course.decks` (which `old-maid-tutor lessons check` reports on with file:line). The
engine asks that module for them the first time a deck id other than "standard" is looked up, so
nothing here reads files or imports YAML until a picture deck is wanted. `register_deck` adds a
deck by hand (tests, a lesson's own deck).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from importlib import import_module

from tutor.errors import RulesError

from .cards import DECK, Card

STANDARD_ID = "standard"
PAIRS_RANGE = (3, 26)
"""Fewest and most pairs of pictures a picture deck may hold (plus its character)."""
ART_LINES = 3
ART_WIDTH = 9
"""A picture's drawing is `ART_LINES` lines of at most `ART_WIDTH` characters."""
SHORT_WIDTH = 8
"""A picture's `short` name (one word, for the smallest card) is at most this long."""
_ID = re.compile(r"[a-z0-9]+(-[a-z0-9]+)*\Z")
SHIPPED_DECKS = "tutor.course.decks"
"""The module whose `shipped_decks()` returns the picture decks shipped with the program."""


@dataclass(frozen=True, slots=True)
class Picture:
    """What one picture card shows.

    id: a stable id (lower-case words joined by hyphens), kept in saved games.
    name: the picture's name in a sentence, as a child says it ("Cat", "Fire engine").
    short: one word of at most `SHORT_WIDTH` letters for the smallest card ("Cat", "Engine").
    art: `ART_LINES` lines of at most `ART_WIDTH` characters drawing it, only characters DejaVu Sans
        Mono has (checked by `tutor.course.decks`); lines may have different lengths.
    """

    id: str
    name: str
    short: str
    art: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True, eq=False)
class Deck:
    """One deck: the standard deck (`is_standard`) or a picture deck. Build a picture deck with
    `picture_deck`; look decks up with `find_deck` and `all_decks`."""

    id: str
    name: str
    pictures: tuple[Picture, ...] = ()
    """The pictures that come in pairs (each on two cards); () for the standard deck."""
    character: Picture | None = None
    """The picture on the one card with no partner, the Old Maid; None for the standard deck."""
    cards: tuple[Card, ...] = DECK
    """Every card of the deck: for a picture deck each picture twice (in the order of `pictures`)
    then the character; for the standard deck all 52 (one of the odd rank is taken out at the deal)."""
    _by_code: dict[str, Card] = field(default_factory=dict, repr=False)

    @property
    def is_standard(self) -> bool:
        return self.character is None

    @property
    def size(self) -> int:
        """How many cards are in play: 51 for the standard deck, 2 x pairs + 1 for a picture deck."""
        return len(self.cards) - 1 if self.is_standard else len(self.cards)

    @property
    def pair_count(self) -> int:
        """How many pairs the deck can make: 25 for the standard deck."""
        return self.size // 2

    @property
    def copies(self) -> int:
        """How many cards share a match key: 4 (a rank's four suits) or 2 (a picture's pair). With
        2, three of a kind cannot arise."""
        return 4 if self.is_standard else 2

    @property
    def character_card(self) -> Card | None:
        """The character card of a picture deck (the Old Maid); None for the standard deck, whose
        odd card depends on the rules (`Rules.odd_rank`) and the deal."""
        return None if self.is_standard else self.cards[-1]

    @property
    def the_deck(self) -> str:
        """The deck in a sentence: "the standard deck" or "the Farm friends deck"."""
        return "the standard deck" if self.is_standard else f"the {self.name} deck"

    def holds(self, card: Card) -> bool:
        """Whether `card` is one of this deck's cards."""
        return card.deck_id == self.id

    def parse(self, text: str | Card) -> Card:
        """A card of this deck from its `code` ("5C", "10♥" for the standard deck; "cat/1",
        "cat/2", "old-maid" for a picture deck), or the card itself; RulesError otherwise."""
        if isinstance(text, Card):
            if not self.holds(text):
                raise RulesError(f"{text} is not a card of {self.the_deck}")
            return text
        if self.is_standard:
            return Card.parse(text)
        card = self._by_code.get(text.strip() if isinstance(text, str) else "")
        if card is None:
            example = self.cards[0].code
            raise RulesError(f"{text!r} is not a card of {self.the_deck}: write a picture's id and copy, like {example}")
        return card

    def __repr__(self) -> str:
        return f"Deck({self.id!r})"


STANDARD = Deck(STANDARD_ID, "Playing cards")
"""The 52-card deck, no jokers; one card of the odd rank is taken out before the deal."""


def picture_deck(deck_id: str, name: str, pictures: Iterable[Picture], character: Picture) -> Deck:
    """A picture deck: each of `pictures` on two cards, and `character` (the Old Maid) on one.
    Raises `RulesError` for an id that is not lower-case words and hyphens, a repeated picture id
    or name, or a number of pairs outside `PAIRS_RANGE`."""
    pictures = tuple(pictures)
    if not isinstance(deck_id, str) or not _ID.match(deck_id) or deck_id == STANDARD_ID:
        raise RulesError(f"a deck id is lower-case words joined by hyphens (and not {STANDARD_ID!r}), not {deck_id!r}")
    low, high = PAIRS_RANGE
    if not low <= len(pictures) <= high:
        raise RulesError(f"a picture deck has {low} to {high} pairs, not {len(pictures)}")
    every = (*pictures, character)
    for what, values in (("id", [p.id for p in every]), ("name", [p.name.casefold() for p in every])):
        repeated = sorted({value for value in values if values.count(value) > 1})
        if repeated:
            raise RulesError(f"two pictures of the deck {deck_id!r} have the {what} {repeated[0]!r}: each picture is different")
    for picture in every:
        if not _ID.match(picture.id):
            raise RulesError(f"a picture id is lower-case words joined by hyphens, not {picture.id!r}")
    cards: list[Card] = []
    for number, picture in enumerate(pictures):
        first = Card._picture(deck_id, picture, f"{picture.id}/1", number, 2 * number)
        second = Card._picture(deck_id, picture, f"{picture.id}/2", number, 2 * number + 1)
        first.same_rank, second.same_rank = (second,), (first,)
        cards += (first, second)
    odd = Card._picture(deck_id, character, character.id, len(pictures), 2 * len(pictures), is_character=True)
    cards.append(odd)
    return Deck(deck_id, name, pictures, character, tuple(cards), {card.code: card for card in cards})


_DECKS: dict[str, Deck] = {STANDARD_ID: STANDARD}
_shipped: list[Deck] | None = None


def register_deck(deck: Deck) -> None:
    """Make `deck` known to `find_deck` (for a deck that is not shipped: tests, a lesson's own).
    Raises `RulesError` if another deck already has its id."""
    known = _DECKS.get(deck.id)
    if known is not None and known is not deck:
        raise RulesError(f"there is already a deck with the id {deck.id!r}")
    _DECKS[deck.id] = deck


def _load_shipped() -> list[Deck]:
    global _shipped
    if _shipped is None:
        _shipped = []  # set first: a deck file that looks up a deck while loading finds no loop
        loader: Callable[[], Iterable[Deck]] = import_module(SHIPPED_DECKS).shipped_decks
        for deck in loader():
            if deck.id not in _DECKS:
                _DECKS[deck.id] = deck
                _shipped.append(deck)
    return _shipped


def find_deck(deck_id: str) -> Deck:
    """The deck with this id ("standard" or a picture deck's); an unknown id raises `RulesError`
    naming every known id."""
    deck = _DECKS.get(deck_id) if isinstance(deck_id, str) else None
    if deck is None and isinstance(deck_id, str):
        _load_shipped()
        deck = _DECKS.get(deck_id)
    if deck is None:
        raise RulesError(f"there is no deck {deck_id!r}; the decks are: {', '.join(deck.id for deck in all_decks())}")
    return deck


def all_decks() -> tuple[Deck, ...]:
    """The standard deck, then every shipped picture deck (smallest first), then any registered by hand."""
    shipped = sorted(_load_shipped(), key=lambda deck: (deck.size, deck.id))
    others = [deck for deck in _DECKS.values() if deck is not STANDARD and deck not in shipped]
    return (STANDARD, *shipped, *others)
