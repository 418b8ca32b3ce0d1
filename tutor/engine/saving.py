"""Turning a game into JSON-ready data and back, exactly (random generator included)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .cards import Card
from .rules import Rules

if TYPE_CHECKING:
    from .game import Game

PHASES = ("dealing", "pairing", "play", "over")


def game_to_dict(game: Game) -> dict[str, Any]:
    from .game import FORMAT_VERSION

    version, state, gauss = game._rng.getstate()
    return {
        "format": "old-maid-game",
        "version": FORMAT_VERSION,
        "rules": game.rules.to_dict(),
        "dealer": game.dealer,
        "learners": sorted(game.learners),
        "phase": game._phase,
        "hands": [[str(card) for card in hand] for hand in game._hands],
        "stock": [str(card) for card in game._stock],
        "pairs": [[seat, [str(card) for card in pair]] for seat, pair in game._pairs],
        "out": list(game._out),
        "pending": sorted(game._pending),
        "drawer": game._drawer,
        "giver": game._giver,
        "fan_shuffled": game._fan_shuffled,
        "paired_since_draw": game._paired_since_draw,
        "draws": game._draws,
        "loser": game._loser,
        "rng": [version, list(state), gauss],
    }


def game_from_dict(data: Any) -> Game:
    try:
        return _restore(data)
    except ValueError as error:
        raise ValueError(f"saved game is damaged: {error}") from None
    except (KeyError, TypeError, IndexError, AttributeError) as error:
        raise ValueError(f"saved game is damaged: {type(error).__name__}: {error}") from None


def _restore(data: Any) -> Game:
    import random

    from .game import FORMAT_VERSION, Game, check_cards_possible

    if not isinstance(data, dict) or data.get("format") != "old-maid-game":
        raise ValueError("this is not a saved Old Maid game")
    if data.get("version") != FORMAT_VERSION:
        raise ValueError(f"format version {data.get('version')!r} is not one this program reads ({FORMAT_VERSION})")
    rules = Rules.from_dict(data["rules"])
    rng = random.Random()
    version, state, gauss = data["rng"]
    rng.setstate((version, tuple(state), gauss))
    game = Game(rules, _seat(data["dealer"], rules, "dealer"), data["learners"], rng)
    if data["phase"] not in PHASES:
        raise ValueError(f"phase {data['phase']!r} is not one of {', '.join(PHASES)}")
    game._phase = data["phase"]
    if len(data["hands"]) != rules.players:
        raise ValueError(f"hands: {len(data['hands'])} hands for {rules.players} players")
    game._hands = [[Card.parse(card) for card in hand] for hand in data["hands"]]
    game._stock = [Card.parse(card) for card in data["stock"]]
    game._pairs = [(_seat(seat, rules, "pairs"), _pair(cards)) for seat, cards in data["pairs"]]
    game._wrong_pairs = [(seat, pair) for seat, pair in game._pairs if pair[0].rank != pair[1].rank]
    every_card = [card for hand in game._hands for card in hand] + game._stock
    every_card += [card for _, pair in game._pairs for card in pair]
    check_cards_possible(rules, every_card)
    game._out = [_seat(seat, rules, "out") for seat in data["out"]]
    game._pending = {_seat(seat, rules, "pending") for seat in data["pending"]}
    game._drawer = _seat(data["drawer"], rules, "drawer", optional=True)
    game._giver = _seat(data["giver"], rules, "giver", optional=True)
    game._fan_shuffled = bool(data["fan_shuffled"])
    game._paired_since_draw = bool(data["paired_since_draw"])
    game._draws = int(data["draws"])
    game._loser = _seat(data["loser"], rules, "loser", optional=True)
    return game


def _seat(value: Any, rules: Rules, field: str, optional: bool = False) -> Any:
    if value is None and optional:
        return None
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < rules.players:
        raise ValueError(f"{field}: {value!r} is not a seat from 0 to {rules.players - 1}")
    return value


def _pair(cards: Any) -> tuple[Card, Card]:
    if not isinstance(cards, list) or len(cards) != 2:
        raise ValueError(f"pairs: {cards!r} is not two cards")
    return Card.parse(cards[0]), Card.parse(cards[1])
