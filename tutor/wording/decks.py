"""The decks to choose from when a new game starts, in words: the question, each deck's name and
what is in it, and the one suggested for a learner's first game."""

from __future__ import annotations

from tutor.engine.decks import Deck, all_decks
from tutor.language import mark, ntr, tr

WHICH_CARDS = mark("Which cards shall we play with?")
SUGGESTED_NOTE = mark("suggested for a first game")
"""(Both said with tr().)"""


def first_game_deck() -> Deck:
    """The deck a learner's first game suggests: the smallest picture deck (else the standard)."""
    decks = all_decks()
    return min((deck for deck in decks if not deck.is_standard), key=lambda deck: deck.size, default=decks[0])


def suggested_deck(current: str, new_learner: bool) -> str | None:
    """The deck to suggest: the first game's, for a learner who has not finished a game and plays
    with the playing cards; else None."""
    return first_game_deck().id if new_learner and current == "standard" else None


def deck_name(deck: Deck) -> str:
    return tr("Playing cards") if deck.is_standard else tr(deck.name)


def deck_contents(deck: Deck) -> str:
    """What is in a deck: '51 cards: match by rank (two 7s, two Kings)'."""
    if deck.is_standard:
        return tr("{count} cards: match by rank (two 7s, two Kings)").format(count=deck.size)
    return ntr("{count} cards: {pairs} pair of pictures and the Old Maid", "{count} cards: {pairs} pairs of pictures and the Old Maid", deck.pair_count).format(
        count=deck.size, pairs=deck.pair_count
    )
