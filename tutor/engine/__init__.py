"""The Old Maid rules engine: pure Python, no user interface.

Everything the tutor shows or checks (lessons, hints, quiz answers, the game) asks this engine.
Names are imported on first use, so a program that needs only `Rules` (the settings, at start-up)
does not pay for loading the whole engine.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

_WHERE = {
    "actions": ("Action", "DealCard", "Draw", "FinishDeal", "FinishPairing", "LayDown"),
    "cards": ("DECK", "RANKS", "SUITS", "Card", "cards_text", "parse_cards", "rank_name"),
    "events": ("DealFinished", "Dealt", "Drew", "Event", "GameOver", "PairingFinished", "PairLaidDown",
               "PairsChecked", "Turn", "WentOut"),
    "game": ("Game", "Observation"),
    "mistakes": ("IllegalAction", "Mistake", "MistakeCode"),
    "rules": ("Rules",),
    "simulation": ("SimulationResult", "simulate"),
}
_MODULE_OF = {name: module for module, names in _WHERE.items() for name in names}
__all__ = sorted(_MODULE_OF)


def __getattr__(name: str) -> Any:
    module = _MODULE_OF.get(name)
    if module is None:
        raise AttributeError(f"module 'tutor.engine' has no attribute {name!r}")
    value = getattr(import_module(f".{module}", __name__), name)
    globals()[name] = value
    return value


if TYPE_CHECKING:
    from .actions import Action, DealCard, Draw, FinishDeal, FinishPairing, LayDown
    from .cards import DECK, RANKS, SUITS, Card, cards_text, parse_cards, rank_name
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
    from .game import Game, Observation
    from .mistakes import IllegalAction, Mistake, MistakeCode
    from .rules import Rules
    from .simulation import SimulationResult, simulate
