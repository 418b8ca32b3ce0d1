"""Small builders shared by the engine tests."""

from __future__ import annotations

from tutor.engine import Card, Game, Rules


def cards(text: str) -> list[Card]:
    return [Card.parse(word) for word in text.split()]


def table_game(rules: Rules, *hands: str, dealer: int = 0, learners: tuple[int, ...] = ()) -> Game:
    return Game.from_hands(rules, [cards(hand) for hand in hands], dealer=dealer, learners=learners)


def finish_opening(game: Game) -> None:
    """Let every learner seat say it has no pairs to lay down (they must hold none)."""
    from tutor.engine import FinishPairing

    for seat in sorted(game.waiting_for):
        game.apply(FinishPairing(seat))
