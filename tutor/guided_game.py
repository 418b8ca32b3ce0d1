"""A game against computer players in which the learner makes every move and every mistake is caught.

`GuidedGame` wraps the engine's `Game` with what the tutor adds: seat names, the guidance level,
the narration so far, the learner's mistakes and hints. The UI only renders it and calls its
methods; it has no Textual import, so it is tested directly.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from tutor.engine import Action, Card, Draw, Drew, FinishPairing, Game, IllegalAction, LayDown, Mistake, MistakeCode, PairLaidDown
from tutor.explanations import Explanation, explain
from tutor.hints import LEVELS, Hint, hint_for
from tutor.narration import Narrator
from tutor.settings import Settings

FORMAT = "old-maid-session"
VERSION = 1
LEARNER = 0
LOG_KEPT = 200
Stage = Literal["pairing", "choose-giver", "draw", "computer", "over"]


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


class GuidedGame:
    def __init__(self, game: Game, names: Sequence[str], guidance: str, letters: bool = False) -> None:
        self.game = game
        self.names = list(names)
        self.guidance = guidance
        self.letters = letters
        self.narrator = Narrator(self.names, LEARNER, letters)
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
        names = [settings.learner_name, *settings.opponent_names[: rules.players - 1]]
        session = cls(Game.deal(rules, seed, dealer=dealer, learners=(LEARNER,)), names, settings.guidance, settings.suit_style == "letters")
        session.log.append(f"{names[dealer] if dealer else 'You'} dealt all 51 cards. Everyone lays down their pairs.")
        return session

    # ----- where the game stands ---------------------------------------------------------------

    @property
    def stage(self) -> Stage:
        game = self.game
        if game.is_over:
            return "over"
        if LEARNER in game.waiting_for:
            return "pairing"
        if game.drawer == LEARNER:
            return "choose-giver" if self.guidance == "guided" and not self.giver_chosen else "draw"
        return "computer"

    @property
    def hand(self) -> tuple[Card, ...]:
        return self.game.hands[LEARNER]

    @property
    def drawn_card(self) -> Card | None:
        """The card the learner just drew, while they decide what to do with it."""
        return self._drawn if self.stage == "pairing" else None

    def mistake_counts(self) -> Counter[str]:
        return Counter(made.code for made in self.mistakes)

    def next_step(self) -> str:
        """What the learner should do now, in words (shown at every step in the Guided level)."""
        stage, game = self.stage, self.game
        if stage == "pairing":
            if game.pairs_in(LEARNER):
                return "Lay down your pairs: select two cards of the same rank (Space), then press Enter. Press D when you have no pairs left."
            return "Check your hand for pairs. If no two cards share a rank, press D to say you're done."
        if stage == "choose-giver":
            return "Your turn to draw! Who do you draw from? Choose a player with ← → and press Enter (or press their number)."
        if stage == "draw":
            giver = self.names[game.giver] if game.giver is not None else "?"
            return f"Draw one of {giver}'s face-down cards: choose one with ← → and press Enter, or press its number."
        if stage == "computer":
            if game.drawer is None or game.giver is None:
                return "The other players are laying down their pairs."
            return f"{self.names[game.drawer]} draws from {self.names[game.giver]}. Press F to skip ahead."
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
        line = f"Yes: you draw from {self.names[seat]}."
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
        return hint_for(self.game, LEARNER, self.names, level, choosing_giver=self.stage == "choose-giver", letters=self.letters)

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
        for event in events:
            if isinstance(event, PairLaidDown) and event.wrong:
                self.mistakes.append(MadeMistake(MistakeCode.NOT_A_PAIR.value, tuple(map(str, event.cards))))
        return self._told(events)

    def _refuse(self, mistake: Mistake) -> Outcome:
        self.mistakes.append(MadeMistake(mistake.code.value, tuple(map(str, mistake.cards))))
        return Outcome(mistake=mistake, explanation=explain(mistake, self.game, self._names_for_you(), self.letters))

    def _names_for_you(self) -> list[str]:
        return ["you", *self.names[1:]]

    def _told(self, events: list) -> Outcome:
        lines = self.narrator.lines(events, self.game)
        self.log.extend(lines)
        del self.log[:-LOG_KEPT]
        return Outcome(lines)

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
        }

    @classmethod
    def from_dict(cls, data: Any) -> GuidedGame:
        """Restore a saved game; damaged data raises ValueError saying what is wrong."""
        if not isinstance(data, dict) or data.get("format") != FORMAT or data.get("version") != VERSION:
            raise ValueError("the saved game was made by another version of the tutor")
        try:
            game = Game.from_dict(data["game"])
            names = [str(name) for name in data["names"]]
            if len(names) != game.rules.players:
                raise ValueError(f"{len(names)} names for {game.rules.players} players")
            session = cls(game, names, str(data["guidance"]), bool(data["letters"]))
            session.giver_chosen = bool(data["giver_chosen"])
            session.mistakes = [MadeMistake(str(code), tuple(map(str, cards))) for code, cards in data["mistakes"]]
            session.log = [str(line) for line in data["log"]][-LOG_KEPT:]
        except (KeyError, TypeError) as error:
            raise ValueError(f"the saved game is damaged ({type(error).__name__}: {error})") from None
        return session
