"""Engine events told in plain words, from the learner's seat.

Only what the learner could see at a real table is told: a card drawn from them, a card they
drew, and pairs laid face up (Table rules). Other players' face-down pairs stay secret.
"""

from __future__ import annotations

from collections.abc import Sequence

from tutor.engine import Drew, Event, Game, GameOver, PairLaidDown, PairsChecked, WentOut, cards_text


class Narrator:
    def __init__(self, names: Sequence[str], learner: int, letters: bool = False) -> None:
        self.names = list(names)
        self.learner = learner
        self.letters = letters

    def who(self, seat: int, start: bool = False) -> str:
        if seat == self.learner:
            return "You" if start else "you"
        return self.names[seat]

    def lines(self, events: Sequence[Event], game: Game) -> list[str]:
        told = (self.line(event, game) for event in events)
        return [line for line in told if line]

    def line(self, event: Event, game: Game) -> str | None:
        if isinstance(event, Drew):
            return self._drew(event)
        if isinstance(event, PairLaidDown):
            return self._pair(event, game)
        if isinstance(event, WentOut):
            return f"{self.who(event.seat, start=True)} {'are' if event.seat == self.learner else 'is'} safe!"
        if isinstance(event, PairsChecked):
            return self._check(event)
        if isinstance(event, GameOver):
            return self.ending(game)
        return None

    def _drew(self, event: Drew) -> str:
        card = event.card.text(self.letters)
        if event.drawer == self.learner:
            return f"You drew {card} from {self.names[event.giver]}."
        if event.giver == self.learner:
            return f"{self.names[event.drawer]} drew {card} from you."
        return f"{self.names[event.drawer]} drew a card from {self.names[event.giver]}."

    def _pair(self, event: PairLaidDown, game: Game) -> str:
        who = self.who(event.seat, start=True)
        if event.seat == self.learner or game.rules.pairs_face_up:
            return f"{who} laid down {cards_text(event.cards, self.letters)}."
        return f"{who} laid down a pair, face down."

    def _check(self, event: PairsChecked) -> str | None:
        if not event.wrong_pairs:
            return None
        seat, pair = event.wrong_pairs[0]
        return (
            f"The pairs are checked: {self.who(seat)} laid down {cards_text(pair, self.letters)}, "
            "which is not a pair."
        )

    def ending(self, game: Game) -> str:
        loser = game.loser
        if loser is None:
            return ""
        who = self.who(loser, start=True)
        if game.winner is not None:
            return f"{who} kept the odd card to the end and {'win' if loser == self.learner else 'wins'}!"
        return f"{who} {'are' if loser == self.learner else 'is'} the Old Maid."
