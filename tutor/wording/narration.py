"""Engine events told in plain words, from the learner's seat.

Only what the learner could see at a real table is told: a card drawn from them, a card they
drew, and pairs laid face up (Table rules). Other players' face-down pairs stay secret. Every
seat is named through `tutor.wording.Seats`, so the learner is always "you". With no learner
(None) every seat is named and no hidden card is told: the public log of a table played together.
"""

from __future__ import annotations

from collections.abc import Sequence

from tutor.engine import Card, Drew, Event, Game, GameOver, PairLaidDown, PairsChecked, Turn, WentOut
from tutor.language import mark, tr
from tutor.wording import Seats, card_list, sentence
from tutor.wording.going_out import went_out, you_went_out

ANOTHER_DRAW = (
    mark("You made a pair, and the house rule gives another draw"),
    mark("{name} made a pair, and the house rule gives another draw"),
)
"""Said when a pair earns its maker another draw (the quiz's words for it, tutor.quiz.generators)."""
NO_CARDS_LEFT = (mark("You have no cards left"), mark("{name} has no cards left"))
OFFERS_INSTEAD = (mark("{empty}, so you offer instead"), mark("{empty}, so {name} offers instead"))
"""Bicycle rules: the seat that just drew has emptied its hand, so the next seat on its left that
holds cards offers instead ("Bea has no cards left, so Sam offers instead"; the quiz's words too).
Without it a walker took the turn for skipped."""
OFFERS_TO = (mark("{why}, to you"), mark("{why}, to {name}"))
"""The log says to whom ("..., so Sam offers instead, to Bea"): a walker could not tell who drew from whom."""


DEALT = (
    mark("You dealt all {count} cards. Everyone lays down their pairs."),
    mark("{name} dealt all {count} cards. Everyone lays down their pairs."),
)


def dealt(seats: Seats, dealer: int, cards: int) -> str:
    return seats.said(dealer, *DEALT, count=cards)


class Narrator:
    def __init__(self, names: Sequence[str], learner: int | None, letters: bool = False) -> None:
        self.names = list(names)
        self.learner = learner
        self.letters = letters
        self.seats = Seats(self.names, learner)

    def who(self, seat: int, start: bool = False) -> str:
        return self.seats.who(seat, capital=start)

    def lines(self, events: Sequence[Event], game: Game) -> list[str]:
        told = (self.line(event, game) for event in events)
        return [line for line in told if line]

    def _turn(self, event: Turn, game: Game) -> str | None:
        """Why the turn went where it did, when that is not the usual way, as the engine says how it
        came (`Game.turn_passing`): the seat that just drew draws again (the house rule that a pair
        earns another draw), or it has no cards left and the next seat offers instead (Bicycle
        rules); None for any other turn. A move's events end with its turn, so the game is as that
        turn left it."""
        passing = game.turn_passing()
        if passing is None or passing.drawer != event.drawer:
            return None
        if passing.extra_draw:
            return sentence(self.seats.said(event.drawer, *ANOTHER_DRAW))
        if passing.passed_on and not passing.starting:
            empty = self.seats.said(passing.after, *NO_CARDS_LEFT)
            why = self.seats.said(passing.giver, *OFFERS_INSTEAD, empty=empty)
            said = sentence(self.seats.said(passing.drawer, *OFFERS_TO, why=why))
            if self.seats.is_you(passing.giver):  # a walker waited for their draw, which the rule skips
                said += " " + tr("You don't draw this time.")
            return said
        return None

    def line(self, event: Event, game: Game) -> str | None:
        if isinstance(event, Drew):
            return self._drew(event)
        if isinstance(event, PairLaidDown):
            return self._pair(event, game)
        if isinstance(event, WentOut):
            return went_out(game, self.seats, event.seat)
        if isinstance(event, PairsChecked):
            return self._check(event)
        if isinstance(event, Turn):
            return self._turn(event, game)
        if isinstance(event, GameOver):
            return self.ending(game)
        return None

    def news(self, events: Sequence[Event], game: Game) -> str | None:
        """One short line about what just happened to the learner, for beside their hand
        ("Bea took your J♥", "You drew 7♦ from Sam: a pair!"); None if nothing did."""
        told: str | None = None
        laid: list[Card] = []  # two pairs may go down in one move: both are told
        for event in events:
            if isinstance(event, Drew) and event.drawer == self.learner:
                card = card_list((event.card,), self.letters)  # '7♦', or 'the Cat' for a picture
                pairs = any(other.pairs_with(event.card) for other in game.hands[self.learner])
                giver = self.who(event.giver)
                if pairs:
                    told = tr("You drew {card} from {giver}: a pair!").format(card=card, giver=giver)
                else:
                    told = tr("You drew {card} from {giver}.").format(card=card, giver=giver)
            elif isinstance(event, Drew) and event.giver == self.learner:
                told = tr("{name} took your {card}.").format(name=self.who(event.drawer, start=True), card=event.card.text(self.letters))
            elif isinstance(event, PairLaidDown) and event.seat == self.learner:
                laid += event.cards
                told = tr("You laid down {cards}.").format(cards=card_list(laid, self.letters))
            elif isinstance(event, WentOut) and event.seat == self.learner:
                told = you_went_out(game, event.seat)
            elif isinstance(event, GameOver):
                told = self.ending(game) or told
        return told

    def _drew(self, event: Drew) -> str:
        card = card_list((event.card,), self.letters)
        if event.drawer == self.learner:
            return tr("You drew {card} from {giver}.").format(card=card, giver=self.who(event.giver))
        if event.giver == self.learner:
            return tr("{name} drew {card} from you.").format(name=self.who(event.drawer, start=True), card=card)
        return tr("{name} drew a card from {giver}.").format(name=self.who(event.drawer, start=True), giver=self.who(event.giver))

    def _pair(self, event: PairLaidDown, game: Game) -> str:
        if event.seat == self.learner:
            return tr("You laid down {cards}.").format(cards=card_list(event.cards, self.letters))
        if game.rules.pairs_face_up:
            return tr("{name} laid down {cards}.").format(name=self.who(event.seat, start=True), cards=card_list(event.cards, self.letters))
        return tr("{name} laid down a pair, face down.").format(name=self.who(event.seat, start=True))

    def _check(self, event: PairsChecked) -> str | None:
        if not event.wrong_pairs:
            return None
        seat, pair = event.wrong_pairs[0]
        cards = card_list(pair, self.letters)
        if seat == self.learner:
            return tr("The pairs are checked: you laid down {cards}, which is not a pair.").format(cards=cards)
        return tr("The pairs are checked: {name} laid down {cards}, which is not a pair.").format(name=self.who(seat), cards=cards)

    def ending(self, game: Game) -> str:
        loser = game.loser
        if loser is None:
            return ""
        if loser == self.learner:
            if game.winner is not None:
                return tr("You kept the odd card to the end and win!")
            return tr("You are the Old Maid.")
        if game.winner is not None:
            return tr("{name} kept the odd card to the end and wins!").format(name=self.who(loser, start=True))
        return tr("{name} is the Old Maid.").format(name=self.who(loser, start=True))
