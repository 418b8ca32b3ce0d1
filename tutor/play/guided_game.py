"""A game against computer players in which the learner makes every move and every mistake is caught.

`GuidedGame` wraps the engine's `Game` with what the tutor adds: seat names, the guidance level,
the narration so far, the learner's mistakes and hints. The UI only renders it and calls its
methods; it has no Textual import, so it is tested directly.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from enum import StrEnum
from typing import Any

from tutor.course.mistakes import Explanation, explain
from tutor.engine import (
    Action,
    Card,
    Draw,
    Drew,
    Event,
    FinishPairing,
    Game,
    IllegalAction,
    LayDown,
    Mistake,
    MistakeCode,
    Observation,
    wrong_pair_mistake,
)
from tutor.play.hints import LEVELS, Hint, hint_for
from tutor.settings import Settings
from tutor.wording import Seats, card_list, computer_names, counted, ordinal
from tutor.wording.narration import Narrator

FORMAT = "old-maid-session"
VERSION = 1
LEARNER = 0
LOG_KEPT = 200
"""Computer players' names to use when one of the chosen names is the learner's own."""


class Stage(StrEnum):
    """What the game waits for; the values are the words the stages have always had."""

    PAIRING = "pairing"
    CHOOSE_GIVER = "choose-giver"
    DRAW = "draw"
    COMPUTER = "computer"
    OVER = "over"


@dataclass(frozen=True)
class Outcome:
    """What one move did: narration lines, or the mistake that stopped it."""

    lines: list[str] = field(default_factory=list)
    mistake: Mistake | None = None
    explanation: Explanation | None = None

    @property
    def refused(self) -> bool:
        return self.mistake is not None


@dataclass(frozen=True)
class MadeMistake:
    code: str
    cards: tuple[str, ...]


@dataclass(frozen=True)
class Result:
    """One player's result at the end, in words ("Bea is safe (out 1st).")."""

    seat: int
    line: str


class GuidedGame:
    def __init__(self, game: Game, names: Sequence[str], guidance: str, letters: bool = False) -> None:
        self.game = game
        self.names = [names[0], *computer_names(names[0], names[1:], len(names) - 1)] if names else []
        self.seats = Seats(self.names, LEARNER)
        self.guidance = guidance
        self.letters = letters
        self.narrator = Narrator(self.names, LEARNER, letters)
        self.news = ""
        """A short line about what just happened to the learner, for beside their hand."""
        self.log: list[str] = []
        self.mistakes: list[MadeMistake] = []
        self.giver_chosen = False
        self.hint_level = 0
        self._drawn: Card | None = None

    @classmethod
    def new(cls, settings: Settings, seed: int | None = None) -> GuidedGame:
        """Deal a new game for the learner in seat 0, with a random dealer."""
        seed = random.SystemRandom().getrandbits(32) if seed is None else seed
        rules = settings.rules()
        dealer = random.Random(seed).randrange(rules.players)
        names = [settings.learner_name, *computer_names(settings.learner_name, settings.opponent_names, rules.players - 1)]
        session = cls(Game.deal(rules, seed, dealer=dealer, learners=(LEARNER,)), names, settings.guidance, settings.suit_style == "letters")
        session.log.append(f"{session.seats.who(dealer, capital=True)} dealt all {rules.cards_in_play} cards. Everyone lays down their pairs.")
        return session

    # ----- where the game stands ---------------------------------------------------------------

    @property
    def stage(self) -> Stage:
        game = self.game
        if game.is_over:
            return Stage.OVER
        if LEARNER in game.waiting_for:
            return Stage.PAIRING
        if game.drawer == LEARNER:
            return Stage.CHOOSE_GIVER if self.guidance == "guided" and not self.giver_chosen else Stage.DRAW
        return Stage.COMPUTER

    @property
    def seen(self) -> Observation:
        """What the learner may know of the table: the screens draw only from this."""
        return self.game.observation(LEARNER)

    @property
    def hand(self) -> tuple[Card, ...]:
        return self.seen.hand

    @property
    def drawn_card(self) -> Card | None:
        """The card the learner just drew, while they decide what to do with it."""
        return self._drawn if self.stage is Stage.PAIRING else None

    def mistake_counts(self) -> Counter[str]:
        return Counter(made.code for made in self.mistakes)

    def next_step(self) -> str:
        """What the learner should do now, in words (shown at every step in the Guided level)."""
        stage, game = self.stage, self.game
        if stage is Stage.PAIRING and game.rules.pictures:  # no ranks in a picture deck: pictures match
            if game.pairs_in(LEARNER):
                return (
                    "Lay down your pairs: pick two cards with the same picture (press the key under each card, or ← → and Space), "
                    "then press Enter. Press D when you have no pairs left."
                )
            return "Check your hand for pairs. If no two cards show the same picture, press D to say you're done."
        if stage is Stage.PAIRING:
            if game.pairs_in(LEARNER):
                return (
                    "Lay down your pairs: pick two cards of the same rank (press the key under each card, or ← → and Space), "
                    "then press Enter. Press D when you have no pairs left."
                )
            return "Check your hand for pairs. If no two cards share a rank, press D to say you're done."
        if stage is Stage.CHOOSE_GIVER:
            verb = "do you take" if game.rules.book.giver_offers else "must you take"
            return f"Your turn to draw! Who {verb} a card from? Press the player's number, or choose with ← → and press Enter."
        if stage is Stage.DRAW:
            giver = self.seats.whose(game.giver) if game.giver is not None else "the giver's"
            return f"Draw one of {giver} face-down cards: press the key under a card, or choose with ← → and press Enter."
        if stage is Stage.COMPUTER:
            if game.drawer is None or game.giver is None:
                return "The other players are laying down their pairs."
            return f"{self.seats.does(game.drawer, 'draw')} from {self.seats.who(game.giver)}. Press F to skip ahead."
        return "The game is over. Press N to play again."

    # ----- the learner's moves -----------------------------------------------------------------

    def lay_down(self, cards: Sequence[Card]) -> Outcome:
        return self._attempt(LayDown(LEARNER, cards))

    def finish_pairing(self) -> Outcome:
        return self._attempt(FinishPairing(LEARNER))

    def choose_giver(self, seat: int) -> Outcome:
        """Guided level: the learner says whom they draw from before picking a card."""
        mistake = self.game.mistake_in(Draw(LEARNER, seat))
        if mistake is not None:
            return self._refuse(mistake)
        self.giver_chosen = True
        self.hint_level = 0
        line = f"Yes: you draw from {self.seats.who(seat)}."
        self.log.append(line)
        return Outcome([line])

    def draw(self, position: int) -> Outcome:
        giver = self.game.giver
        return self._attempt(Draw(LEARNER, LEARNER if giver is None else giver, position=position))

    def play_computer_turn(self) -> Outcome:
        events = self.game.play_computer_turn()
        return self._told(events)

    def hint(self) -> Hint:
        """The next hint level (it stays at the last level once reached)."""
        self.hint_level = min(LEVELS, self.hint_level + 1)
        return self.peek_hint(self.hint_level)

    def peek_hint(self, level: int) -> Hint:
        return hint_for(self.game, LEARNER, self.names, level, choosing_giver=self.stage is Stage.CHOOSE_GIVER, letters=self.letters)

    @property
    def hints_allowed(self) -> bool:
        """No hints in the "On your own" level."""
        return self.guidance != "own"

    def _attempt(self, action: Action) -> Outcome:
        mistake = self.game.mistake_in(action)
        if mistake is not None:
            return self._refuse(mistake)
        try:
            events = self.game.apply(action)
        except IllegalAction as error:  # mistake_in and apply agree; this is only a safety net
            return self._refuse(error.mistake)
        if isinstance(action, Draw):
            self.giver_chosen = False
            self._drawn = next((event.card for event in events if isinstance(event, Drew)), None)
        self.hint_level = 0
        wrong = wrong_pair_mistake(events)
        if wrong is not None:
            self.mistakes.append(MadeMistake(wrong.code.value, tuple(map(str, wrong.cards))))
        return self._told(events)

    def _refuse(self, mistake: Mistake) -> Outcome:
        self.mistakes.append(MadeMistake(mistake.code.value, tuple(map(str, mistake.cards))))
        explanation = explain(mistake, self.game, self._names_for_you(), self.letters)
        if self.guidance == "own":
            explanation = without_the_answer(explanation, self.game.rules.pictures)
        return Outcome(mistake=mistake, explanation=explanation)

    def _names_for_you(self) -> list[str]:
        return [self.seats.who(seat) for seat in range(len(self.names))]

    def _told(self, events: list[Event]) -> Outcome:
        lines = self.narrator.lines(events, self.game)
        self.news = self.narrator.news(events, self.game) or self.news
        self.log.extend(lines)
        del self.log[:-LOG_KEPT]
        return Outcome(lines)

    # ----- the end -------------------------------------------------------------------------------

    def results(self) -> list[Result]:
        """Every player's result once the game is over (see `results_of`), the learner as "you"."""
        return results_of(self.game, self.seats, self.letters)

    # ----- saving --------------------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "version": VERSION,
            "game": self.game.to_dict(),
            "names": self.names,
            "guidance": self.guidance,
            "letters": self.letters,
            "giver_chosen": self.giver_chosen,
            "mistakes": [[made.code, list(made.cards)] for made in self.mistakes],
            "log": self.log,
            "news": self.news,
        }

    @classmethod
    def from_dict(cls, data: Any) -> GuidedGame:
        """Restore a saved game; damaged data raises ValueError saying what is wrong."""
        if not isinstance(data, dict) or data.get("format") != FORMAT or data.get("version") != VERSION:
            raise ValueError("the saved game was made by another version of the tutor")
        try:
            game = Game.from_dict(data["game"])
            names = [str(name) for name in data["names"]]
            if not names:
                raise ValueError("no names")
            if len(names) != game.rules.players:
                raise ValueError(f"{len(names)} names for {game.rules.players} players")
            session = cls(game, names, str(data["guidance"]), bool(data["letters"]))
            session.giver_chosen = bool(data["giver_chosen"])
            session.mistakes = [MadeMistake(str(code), tuple(map(str, cards))) for code, cards in data["mistakes"]]
            session.log = [str(line) for line in data["log"]][-LOG_KEPT:]
            session.news = str(data.get("news", ""))
        except (KeyError, TypeError) as error:
            raise ValueError(f"the saved game is damaged ({type(error).__name__}: {error})") from None
        return session


def results_of(game: Game, seats: Seats, letters: bool = False) -> list[Result]:
    """Every player's result once the game is over, in words that fit the game played: the
    reversed game (the odd card's holder wins, everyone else loses), strict Bicycle (who laid
    the wrong pair, and who still held cards) or the ordinary game. `seats` says who is "you"
    (a guided game's learner at seat 0, or a learner's own seat at a table played together)."""
    if not game.is_over:
        return []
    loser, sizes = game.loser, [len(hand) for hand in game.hands]
    results = [Result(loser, _loser_result(game, seats, loser, letters))] if loser is not None else []
    places = {seat: place for place, seat in enumerate(game.out_order, 1)}
    others = sorted((seat for seat in range(len(sizes)) if seat != loser), key=lambda seat: places.get(seat, len(sizes) + seat))
    for seat in others:
        results.append(Result(seat, _other_result(game, seats, seat, places.get(seat), sizes[seat])))
    return results


def _other_result(game: Game, seats: Seats, seat: int, place: int | None, held: int) -> str:
    went_out = f"went out {ordinal(place)}" if place is not None else "had no cards"
    if held:
        return (
            f"{seats.who(seat, capital=True)} still held {counted(held, 'card')} but {seats.verb(seat, 'be')} "
            "not the Old Maid: the wrong pair decided the game."
        )
    if game.winner is not None:
        return f"{seats.does(seat, 'lose')} ({went_out}, without the odd card)."
    return f"{seats.who(seat, capital=True)} {went_out} and {seats.verb(seat, 'be')} safe."


def _loser_result(game: Game, seats: Seats, loser: int, letters: bool) -> str:
    wrong = [pair for seat, pair in game.wrong_pairs if seat == loser]
    if wrong:
        return f"{seats.does(loser, 'be')} the Old Maid: {seats.who(loser)} laid down {card_list(wrong[0], letters)}, which is not a pair."
    odd = card_list(game.hands[loser], letters)
    if game.winner is not None:
        return f"{seats.does(loser, 'win')} by keeping the odd card, {odd}, to the end."
    return f"{seats.does(loser, 'be')} the Old Maid, left holding {odd}."


def without_the_answer(explanation: Explanation, pictures: bool = False) -> Explanation:
    """The "On your own" level: say which rule was broken, not which cards or seat to play."""
    if explanation.code == MistakeCode.KEPT_PAIR.value:
        why = (
            "Two cards with the same picture make a pair, and every pair goes down."
            if pictures
            else "Two cards of the same rank make a pair, whatever their colours, and every pair goes down."
        )
        explanation = replace(explanation, what="You still hold a pair.", why=why)
    return replace(explanation, instead=f"The rule: {explanation.rule}. Find the right move yourself, then try again.")
