"""The Old Maid rules engine: pure Python, no user interface.

Everything the tutor shows or checks (lessons, hints, quiz answers, the game) asks this engine.
"""

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
from .simulate import SimulationResult, simulate

__all__ = [
    "Action", "Card", "DECK", "DealCard", "DealFinished", "Dealt", "Draw", "Drew", "Event",
    "FinishDeal", "FinishPairing", "Game", "GameOver", "IllegalAction", "LayDown", "Mistake",
    "MistakeCode", "Observation", "PairLaidDown", "PairingFinished", "PairsChecked", "RANKS",
    "Rules", "SUITS", "SimulationResult", "Turn", "WentOut", "cards_text", "parse_cards",
    "rank_name", "simulate",
]
