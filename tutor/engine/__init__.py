"""The Old Maid rules engine: pure Python, no user interface.

Everything the tutor shows or checks (lessons, hints, quiz answers, the game) asks this engine.
Names are imported on first use, so a program that needs only `Rules` (the settings, at start-up)
does not pay for loading the whole engine: measured with `python -X importtime`, plain re-exports
made `from tutor.engine import Rules` cost about 48 ms instead of about 4 ms (best of 20 runs).

Where to look: `rules` (Rules, Rulebook: every fact about a ruleset and seat geometry), `game`
(Game: the turn questions, Observation, TurnPassing, saving), `mistakes` (MistakeCode, Mistake,
wrong_pair_mistake, pair_rule, possible_mistakes), `decks` (Deck, Picture, find_deck, all_decks: the standard deck
and the picture decks), `actions`, `events`, `cards`, `simulation`.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

_WHERE = {
    "actions": ("Action", "DealCard", "Draw", "FinishDeal", "FinishPairing", "LayDown"),
    "cards": ("DECK", "RANKS", "SUITS", "SUIT_LETTERS", "Card", "cards_text", "groups_of_a_kind", "in_suit_letters", "parse_cards", "rank_name"),
    "decks": ("STANDARD_ID", "Deck", "Picture", "all_decks", "find_deck", "picture_deck", "register_deck"),
    "events": ("DealFinished", "Dealt", "Drew", "Event", "GameOver", "PairingFinished", "PairLaidDown", "PairsChecked", "Turn", "WentOut"),
    "game": ("Game", "HeldCard", "Observation", "Phase", "TurnPassing"),
    "mistakes": ("IllegalAction", "Mistake", "MistakeCode", "Refusals", "pair_rule", "possible_mistakes", "wrong_pair_mistake"),
    "rules": ("CARDS_IN_PLAY", "ODD_RANKS", "RULEBOOKS", "VARIANTS", "OddRank", "Rulebook", "Rules", "Side", "Variant", "every_rules", "rulebook"),
    "simulation": ("SimulationResult", "simulate"),
}
_MODULE_OF = {name: module for module, names in _WHERE.items() for name in names}
__all__ = [  # a literal list, so that type checkers see what this package exports
    "CARDS_IN_PLAY",
    "Action",
    "Card",
    "DECK",
    "Deck",
    "DealCard",
    "DealFinished",
    "Dealt",
    "Draw",
    "Drew",
    "Event",
    "FinishDeal",
    "FinishPairing",
    "Game",
    "GameOver",
    "HeldCard",
    "IllegalAction",
    "LayDown",
    "Mistake",
    "MistakeCode",
    "ODD_RANKS",
    "Observation",
    "OddRank",
    "PairLaidDown",
    "PairingFinished",
    "PairsChecked",
    "Phase",
    "Picture",
    "RANKS",
    "Refusals",
    "RULEBOOKS",
    "Rulebook",
    "Rules",
    "STANDARD_ID",
    "SUITS",
    "SUIT_LETTERS",
    "Side",
    "SimulationResult",
    "Turn",
    "TurnPassing",
    "VARIANTS",
    "Variant",
    "WentOut",
    "all_decks",
    "cards_text",
    "every_rules",
    "find_deck",
    "groups_of_a_kind",
    "in_suit_letters",
    "pair_rule",
    "parse_cards",
    "picture_deck",
    "possible_mistakes",
    "rank_name",
    "register_deck",
    "rulebook",
    "simulate",
    "wrong_pair_mistake",
]


def __getattr__(name: str) -> Any:
    module = _MODULE_OF.get(name)
    if module is None:
        raise AttributeError(f"module 'tutor.engine' has no attribute {name!r}")
    value = getattr(import_module(f".{module}", __name__), name)
    globals()[name] = value
    return value


if TYPE_CHECKING:
    from .actions import Action, DealCard, Draw, FinishDeal, FinishPairing, LayDown
    from .cards import DECK, RANKS, SUIT_LETTERS, SUITS, Card, cards_text, groups_of_a_kind, in_suit_letters, parse_cards, rank_name
    from .decks import STANDARD_ID, Deck, Picture, all_decks, find_deck, picture_deck, register_deck
    from .events import (
        DealFinished,
        Dealt,
        Drew,
        Event,
        GameOver,
        PairingFinished,
        PairLaidDown,
        PairsChecked,
        Turn,
        WentOut,
    )
    from .game import Game, HeldCard, Observation, Phase, TurnPassing
    from .mistakes import IllegalAction, Mistake, MistakeCode, Refusals, pair_rule, possible_mistakes, wrong_pair_mistake
    from .rules import CARDS_IN_PLAY, ODD_RANKS, RULEBOOKS, VARIANTS, OddRank, Rulebook, Rules, Side, Variant, every_rules, rulebook
    from .simulation import SimulationResult, simulate
