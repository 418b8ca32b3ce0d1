"""A game against computer players in which the learner makes every move and every mistake is caught.

`GuidedGame` wraps the engine's `Game` with what the tutor adds: seat names, the guidance level,
the narration so far, the learner's mistakes and hints. The UI only renders it and calls its
methods; it has no Textual import, so it is tested directly.

Several learners may share one game at one keyboard (hot-seat, `GuidedGame.new_together`): each sits
at a seat of their own (a `LearnerSeat`, with their own help level, mistakes, hints and news) and
the other seats are computer players. The `viewer` is the learner at the keyboard now: every
prompt, hint and explanation speaks to them as "you" and the table shows only their hand. When the
learner due to act is not the viewer the stage is HAND_OVER (nothing may be shown but whom to pass
to) until `hand_over()`. The shared log is public: it names every seat and never a hidden card.
A solo game is the same with one learner at seat 0, and is worded and saved exactly as before.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from enum import StrEnum
from typing import Any, get_args

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
    Refusals,
    wrong_pair_mistake,
)
from tutor.language import ENGLISH, Told, in_my_words, mark, ntr, told_in_every_language, tr
from tutor.names import shown
from tutor.play.giver import cursor_start, only_giver
from tutor.play.hints import LEVELS, Hint, hint_for
from tutor.settings import Guidance, Settings
from tutor.wording import Seats, card_list, computer_names, ordinal
from tutor.wording.going_out import Out, going_out
from tutor.wording.narration import Narrator, dealt

FORMAT = "old-maid-session"
VERSION = 1
TOGETHER_VERSION = 2
"""A game several learners share is saved as version 2 (an older tutor then starts afresh instead of
playing it as a solo game it would wait in for ever); a solo game is saved as version 1, as always."""
LEARNER = 0
# The English, marked for the catalogue: say each with tr().
DAMAGED_GAME = mark("Your saved game is damaged, so a new game starts.")
OTHER_LEARNERS = mark("Your saved game was played with other learners, so a new game starts.")
WELCOME_BACK = mark("Welcome back! Your game carries on from where you stopped.")
WELCOME_BACK_TOGETHER = mark("Welcome back, everyone! The game carries on from where you stopped.")
LOG_KEPT = 200
NEWS_KEPT = 3
"""Lines of news kept for a learner away from the keyboard ("Bea took your J♥. Sam took your 4♣.")."""


class Stage(StrEnum):
    """What the game waits for; the values are the words the stages have always had."""

    PAIRING = "pairing"
    CHOOSE_GIVER = "choose-giver"
    """The learner is to say whom they draw from, at every help level (the levels differ in the help
    shown, not in what is asked), unless nobody else holds cards to draw from (`only_giver`)."""
    DRAW = "draw"
    COMPUTER = "computer"
    OVER = "over"
    HAND_OVER = "hand-over"
    """Several learners share the keyboard and the one due to act is not the one looking: every
    hand stays hidden until they say only they are looking (`GuidedGame.hand_over`)."""


@dataclass(frozen=True)
class Outcome:
    """What one move did: narration lines, or the mistake that stopped it."""

    lines: list[str] = field(default_factory=list)
    mistake: Mistake | None = None
    explanation: Explanation | None = None
    again: bool = False
    """The very mistake just refused, made again with nothing moved in between (D pressed twice
    with a pair in hand): explained again, counted once."""
    slipped: Mistake | None = None
    """A mistake the rules let through: strict Bicycle's wrong pair went down (its player loses at
    the end). Nothing is said now, but it is the learner's mistake all the same, kept as one."""

    @property
    def refused(self) -> bool:
        return self.mistake is not None


@dataclass(frozen=True)
class MadeMistake:
    code: str
    cards: tuple[str, ...]


@dataclass
class LearnerSeat:
    """One learner's seat in a game: who they are and what is theirs alone."""

    seat: int
    profile: str = ""
    """Their profile's name (kept in a game several learners share, to find them again)."""
    guidance: str = "guided"
    """Their own help level: "guided", "hints" or "own"."""
    mistakes: list[MadeMistake] = field(default_factory=list)
    hint_level: int = 0
    giver_chosen: bool = False
    drawn: Card | None = None
    news_told: list[Told | str] = field(default_factory=list)
    """What just happened to their hand, for beside it: one line, or the last few while they were
    away; each in every language (as the log)."""
    away: bool = False
    """Their turn has ended and nothing has happened to their hand since (the next news replaces the old)."""
    news_from_others: bool = False
    """Their news came from someone else's move (a computer player drew from them), not from their
    own: it may have gone by unread as the keyboard passed on, so it waits for them."""

    @property
    def news(self) -> list[str]:
        """Their news, in the language in use."""
        return [in_my_words(line) for line in self.news_told]


@dataclass(frozen=True)
class Result:
    """One player's result at the end, in words ("Bea is safe (out 1st).")."""

    seat: int
    line: str


class GuidedGame:
    def __init__(self, game: Game, names: Sequence[str], guidance: str, letters: bool = False, learners: Sequence[LearnerSeat] = ()) -> None:
        """`learners`: the learners' seats when several share the keyboard (`game.learners` must be
        those seats); none for a solo game, where the learner sits at seat 0 with `guidance`."""
        self.game = game
        self.learners: dict[int, LearnerSeat] = {player.seat: player for player in learners} or {LEARNER: LearnerSeat(LEARNER, guidance=guidance)}
        self.humans = tuple(sorted(self.learners))
        """The learners' seats, in the order they lay down their pairs at the start."""
        if len(self.learners) != len(learners) and learners:
            raise ValueError("two learners at one seat")
        if learners and set(self.humans) != set(game.learners):
            raise ValueError(f"learners at seats {list(self.humans)}, but the game waits for seats {sorted(game.learners)}")
        if len(self.humans) > 1:
            people = [shown(names[seat]) for seat in self.humans]
            wanted = [name for seat, name in enumerate(names) if seat not in self.learners]
            robots = iter(computer_names(people[0], wanted, len(names) - len(people), people[1:]))
            self.names = [shown(name) if seat in self.learners else next(robots) for seat, name in enumerate(names)]
        else:
            self.names = [names[0], *computer_names(names[0], names[1:], len(names) - 1)] if names else []
        self.letters = letters
        self.viewer = self.humans[0]
        """The learner at the keyboard now: prompts, hints and explanations speak to them."""
        self.covered = False
        """True when nobody has said they are looking yet (a game several share, just resumed)."""
        public = LEARNER if len(self.humans) == 1 else None
        self.table_seats = Seats(self.names, public)
        """Seats named for everyone at the table: nobody is "you" when several learners share it."""
        self.narrator = Narrator(self.names, public, letters)
        """The shared log's narrator: from the learner's seat in a solo game, public when several share it."""
        self._narrators = {seat: Narrator(self.names, seat, letters) for seat in self.humans}
        self._seats = {seat: Seats(self.names, seat) for seat in self.humans}
        self._log: list[Told | str] = []
        """The log, each line in every language (a line saved before logs kept them all: as written)."""
        self._refusals = Refusals()

    @classmethod
    def new_together(cls, settings: Settings, learners: Sequence[tuple[str, str]], seed: int | None = None) -> GuidedGame:
        """Deal a new game for several learners at one keyboard, each a (name, help level), seated
        0, 1, 2... in that order (the first is the one whose settings these are). The settings
        choose the rules, with more players if there are more learners than players; the other
        seats are computer players. ValueError when the ruleset allows fewer players."""
        seed = random.SystemRandom().getrandbits(32) if seed is None else seed
        rules = settings.rules()
        if len(learners) > rules.players:
            rules = replace(settings, players=len(learners)).rules()
        dealer = random.Random(seed).randrange(rules.players)
        people = [name for name, _ in learners]
        names = [*people, *computer_names(people[0], settings.opponent_names, rules.players - len(people), people[1:])]
        seats = [LearnerSeat(seat, name, guidance) for seat, (name, guidance) in enumerate(learners)]
        session = cls(Game.deal(rules, seed, dealer=dealer, learners=range(len(seats))), names, seats[0].guidance, settings.suit_style == "letters", seats)
        session._tell(lambda: [dealt(session.table_seats, dealer, rules.cards_in_play)])
        session.cover()  # the first learner's cards too wait until only they are looking
        return session

    @classmethod
    def new(cls, settings: Settings, seed: int | None = None) -> GuidedGame:
        """Deal a new game for the learner in seat 0, with a random dealer."""
        seed = random.SystemRandom().getrandbits(32) if seed is None else seed
        rules = settings.rules()
        dealer = random.Random(seed).randrange(rules.players)
        names = [settings.learner_name, *computer_names(settings.learner_name, settings.opponent_names, rules.players - 1)]
        session = cls(Game.deal(rules, seed, dealer=dealer, learners=(LEARNER,)), names, settings.guidance, settings.suit_style == "letters")
        session._tell(lambda: [dealt(session.seats, dealer, rules.cards_in_play)])
        return session

    # ----- the learners at the keyboard -----------------------------------------------------------

    @property
    def together(self) -> bool:
        """Whether several learners share this game at one keyboard."""
        return len(self.humans) > 1

    @property
    def player(self) -> LearnerSeat:
        """The viewer's own seat: their help level, mistakes, hints and news."""
        return self.learners[self.viewer]

    @property
    def seats(self) -> Seats:
        """Seats named from the viewer's seat: they are "you"."""
        return self._seats[self.viewer]

    @property
    def guidance(self) -> str:
        return self.player.guidance

    @property
    def mistakes(self) -> list[MadeMistake]:
        """The viewer's mistakes in this game."""
        return self.player.mistakes

    @property
    def hint_level(self) -> int:
        return self.player.hint_level

    @hint_level.setter
    def hint_level(self, level: int) -> None:
        self.player.hint_level = level

    @property
    def giver_chosen(self) -> bool:
        return self.player.giver_chosen

    @giver_chosen.setter
    def giver_chosen(self, chosen: bool) -> None:
        self.player.giver_chosen = chosen

    @property
    def news(self) -> str:
        """A short line about what just happened to the viewer's hand, for beside it, in the
        language in use."""
        return " ".join(self.player.news)

    @property
    def due(self) -> int | None:
        """The learner's seat the game waits for (None while computer players play, or at the end):
        during the opening pairing the viewer first, then each learner still pairing in turn."""
        game = self.game
        if game.is_over:
            return None
        waiting = game.waiting_for
        if waiting:
            return self.viewer if self.viewer in waiting else next(seat for seat in self.humans if seat in waiting)
        return game.drawer if game.drawer in self.learners else None

    @property
    def passing_to(self) -> int:
        """Whom the keyboard goes to next: the learner due to act, else the viewer."""
        due = self.due
        return self.viewer if due is None else due

    def hand_over(self) -> None:
        """The learner due to act says only they are looking: they become the viewer."""
        seat = self.passing_to
        if seat != self.viewer:
            self.player.away = not self.player.news_from_others
            self.player.hint_level = 0
            coming = self.learners[seat]
            if coming.away:  # nothing happened to their hand while they were away
                coming.news_told = []
            coming.away = False
            self.viewer = seat
        self.covered = False

    def cover(self) -> None:
        """Hide every hand until someone says they are looking (a game several share, opened again)."""
        if self.together:
            self.covered = True

    # ----- where the game stands ---------------------------------------------------------------

    @property
    def stage(self) -> Stage:
        game = self.game
        if game.is_over:
            return Stage.OVER
        due = self.due
        if self.covered or (due is not None and due != self.viewer):
            return Stage.HAND_OVER
        if due is None:
            return Stage.COMPUTER
        if due in game.waiting_for:
            return Stage.PAIRING
        return Stage.CHOOSE_GIVER if not self.giver_chosen and game.choice_of_giver(due) else Stage.DRAW

    @property
    def seen(self) -> Observation:
        """What the viewer may know of the table: the screens draw only from this."""
        return self.game.observation(self.viewer)

    @property
    def hand(self) -> tuple[Card, ...]:
        return self.seen.hand

    @property
    def drawn_card(self) -> Card | None:
        """The card the viewer just drew, while they decide what to do with it."""
        return self.player.drawn if self.stage is Stage.PAIRING else None

    def only_giver(self) -> str:
        """Said instead of asking whom to draw from when the viewer, due to draw, has nobody else to
        draw from ("Sam is the only other player, so you draw from Sam."); else ""."""
        return only_giver(self.game, self.viewer, self.seats) if self.stage is Stage.DRAW else ""

    @property
    def shows_giver(self) -> bool:
        """Whether the table may mark the giver as such now: not while a learner who is not guided
        chooses whom to draw from, as the mark would be the answer."""
        return self.stage is not Stage.CHOOSE_GIVER or self.guidance == "guided"

    def giver_cursor(self) -> int | None:
        """Where the seat cursor starts while the viewer chooses whom to draw from
        (tutor.play.giver.cursor_start): on the giver when guided, else on no seat."""
        return cursor_start(self.game, self.viewer, self.guidance == "guided")

    def mistake_counts(self) -> Counter[str]:
        return Counter(made.code for made in self.mistakes)

    def next_step(self) -> str:
        """What the learner should do now, in words (shown at every step in the Guided level). Keys are
        named by the game screen's binding ids in braces ("press {done}"), for the screen to fill in."""
        stage, game, viewer = self.stage, self.game, self.viewer
        if stage is Stage.HAND_OVER:
            name = self.table_seats.who(self.passing_to)
            return _fill(tr("Pass to {name}. {name}, press {ready} when only you are looking."), name=name)
        if stage is Stage.PAIRING and game.rules.pictures:  # no ranks in a picture deck: pictures match
            if game.pairs_in(viewer):
                return tr(
                    "Lay down your pairs: pick two cards with the same picture (press the key under each card, or {move_left} {move_right} and {select}), "
                    "then press {confirm}. Press {done} when you have no pairs left."
                )
            return tr("Check your hand for pairs. If no two cards show the same picture, press {done} to say you're done.")
        if stage is Stage.PAIRING:
            if game.pairs_in(viewer):
                return tr(
                    "Lay down your pairs: pick two cards of the same rank (press the key under each card, or {move_left} {move_right} and {select}), "
                    "then press {confirm}. Press {done} when you have no pairs left."
                )
            return tr("Check your hand for pairs. If no two cards share a rank, press {done} to say you're done.")
        if stage is Stage.CHOOSE_GIVER:
            if game.rules.book.giver_offers:
                return tr(
                    "Your turn to draw! Who do you take a card from? Press the player's number, or choose with {move_left} {move_right} and press {confirm}."
                )
            return tr(
                "Your turn to draw! Who must you take a card from? Press the player's number, or choose with {move_left} {move_right} and press {confirm}."
            )
        if stage is Stage.DRAW:
            told = self.only_giver()
            if game.giver is None:
                said = tr("Draw one of the giver's face-down cards: press the key under a card, or choose with {move_left} {move_right} and press {confirm}.")
            else:
                said = _fill(
                    tr("Draw one of {name}'s face-down cards: press the key under a card, or choose with {move_left} {move_right} and press {confirm}."),
                    name=self.seats.who(game.giver, capital=True),
                )
            return (told and told + " ") + said
        if stage is Stage.COMPUTER:
            if game.drawer is None or game.giver is None:
                return tr("The other players are laying down their pairs.")
            giver = self.seats.who(game.giver)
            if self.seats.is_you(game.drawer):
                return _fill(tr("You draw from {giver}. Press {skip} to skip ahead."), giver=giver)
            if self.seats.is_you(game.giver):  # its own words: Spanish "te roba", not "roba a ti"
                return _fill(tr("{name} draws from you. Press {skip} to skip ahead."), name=self.seats.who(game.drawer, capital=True))
            return _fill(tr("{name} draws from {giver}. Press {skip} to skip ahead."), name=self.seats.who(game.drawer, capital=True), giver=giver)
        return tr("The game is over. Press {new_game} to play again.")

    # ----- the viewer's moves ------------------------------------------------------------------

    def lay_down(self, cards: Sequence[Card]) -> Outcome:
        return self._attempt(LayDown(self.viewer, cards))

    def finish_pairing(self) -> Outcome:
        return self._attempt(FinishPairing(self.viewer))

    def choose_giver(self, seat: int) -> Outcome:
        """At every help level the learner says whom they draw from before picking a card (when
        there is anyone to choose among: see `Stage.CHOOSE_GIVER`)."""
        mistake = self.game.mistake_in(Draw(self.viewer, seat))
        if mistake is not None:
            return self._refuse(mistake)
        self.giver_chosen = True
        self.hint_level = 0

        def said() -> list[str]:
            return [tr("Yes: you draw from {giver}.").format(giver=self.seats.who(seat))]

        if self.together:  # their own news: the shared log tells the draw itself
            self.player.news_told, self.player.news_from_others = [*told_in_every_language(said)], False
            return Outcome()
        return Outcome(self._tell(said))

    def draw(self, position: int) -> Outcome:
        giver = self.game.giver
        return self._attempt(Draw(self.viewer, self.viewer if giver is None else giver, position=position))

    def play_computer_turn(self) -> Outcome:
        events = self.game.play_computer_turn()
        return self._told(events, own=False)

    def hint(self) -> Hint:
        """The next hint level (it stays at the last level once reached)."""
        self.hint_level = min(LEVELS, self.hint_level + 1)
        return self.peek_hint(self.hint_level)

    def peek_hint(self, level: int) -> Hint:
        return hint_for(self.game, self.viewer, self.names, level, choosing_giver=self.stage is Stage.CHOOSE_GIVER, letters=self.letters)

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
            self.player.drawn = next((event.card for event in events if isinstance(event, Drew)), None)
        self.hint_level = 0
        wrong = wrong_pair_mistake(events)
        if wrong is not None:
            self.mistakes.append(MadeMistake(wrong.code.value, tuple(map(str, wrong.cards))))
        return replace(self._told(events), slipped=wrong)

    def _refuse(self, mistake: Mistake) -> Outcome:
        again = self._refusals.again(mistake, self.game)
        if not again:
            self.mistakes.append(MadeMistake(mistake.code.value, tuple(map(str, mistake.cards))))
        explanation = explain(mistake, self.game, self._names_for_you(), self.letters)
        if self.guidance == "own":
            explanation = without_the_answer(explanation, self.game.rules.pictures)
        return Outcome(mistake=mistake, explanation=explanation, again=again)

    def _names_for_you(self) -> list[str]:
        return [self.seats.who(seat) for seat in range(len(self.names))]

    def _told(self, events: list[Event], own: bool = True) -> Outcome:
        """Log `events` and tell each learner what happened to their hand; `own`: the viewer's own move made them."""
        lines = self._tell(lambda: self.narrator.lines(events, self.game))
        for seat, player in self.learners.items():
            news = self._news_for(seat, events)
            if news is None:
                continue
            if seat == self.viewer or player.away:
                player.news_told, player.away = [news], False
            else:  # away from the keyboard: everything since their turn, for when it comes back
                player.news_told = [*player.news_told, news][-NEWS_KEPT:]
            player.news_from_others = not (own and seat == self.viewer)
        return Outcome(lines)

    def _news_for(self, seat: int, events: list[Event]) -> Told | None:
        """News of `events` for the learner at `seat`, in every language; None if nothing happened to their hand."""
        narrator = self._narrators[seat]

        def say() -> list[str]:
            news = narrator.news(events, self.game)
            return [news] if news else []

        told = told_in_every_language(say)
        return told[0] if told else None

    @property
    def log(self) -> list[str]:
        """The game's log, in the language in use."""
        return [in_my_words(line) for line in self._log]

    def _tell(self, say: Callable[[], Sequence[str]]) -> list[str]:
        """Add what `say` says to the log, in every language (a learner may switch before the
        game resumes); the lines in the language in use."""
        told = told_in_every_language(say)
        self._log = [*self._log, *told][-LOG_KEPT:]
        return [in_my_words(line) for line in told]

    # ----- the end -------------------------------------------------------------------------------

    def results(self) -> list[Result]:
        """Every player's result once the game is over (see `results_of`), worded for everyone at
        the table: the learner is "you" in a solo game, and nobody is when several share it."""
        return results_of(self.game, self.table_seats, self.letters)

    # ----- saving --------------------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """The game as plain values: a solo game as always (version 1); a game several learners
        share (version 2) with each learner's seat, profile name, help level, mistakes and news,
        and who was looking."""
        if self.together:
            return {
                "format": FORMAT,
                "version": TOGETHER_VERSION,
                "game": self.game.to_dict(),
                "names": self.names,
                "letters": self.letters,
                "learners": [_learner_to_dict(player) for _, player in sorted(self.learners.items())],
                "viewer": self.viewer,
                **_said_and_told("log", self.log, self._log),
            }
        return {
            "format": FORMAT,
            "version": VERSION,
            "game": self.game.to_dict(),
            "names": self.names,
            "guidance": self.guidance,
            "letters": self.letters,
            "giver_chosen": self.giver_chosen,
            "mistakes": [[made.code, list(made.cards)] for made in self.mistakes],
            **_said_and_told("log", self.log, self._log),
            **_said_and_told("news", self.news, self.player.news_told),
        }

    @classmethod
    def from_dict(cls, data: Any) -> GuidedGame:
        """Restore a saved game; damaged data raises ValueError saying what is wrong. A game
        several learners share comes back covered: nobody's hand shows until one says they are looking."""
        if not isinstance(data, dict) or data.get("format") != FORMAT or data.get("version") not in (VERSION, TOGETHER_VERSION):
            raise ValueError("the saved game was made by another version of the tutor")
        try:
            game = Game.from_dict(data["game"])
            names = [str(name) for name in data["names"]]
            if not names:
                raise ValueError("no names")
            if len(names) != game.rules.players:
                raise ValueError(f"{len(names)} names for {game.rules.players} players")
            if data["version"] == TOGETHER_VERSION:
                return cls._together_from_dict(data, game, names)
            session = cls(game, names, str(data["guidance"]), bool(data["letters"]))
            session.giver_chosen = bool(data["giver_chosen"])
            session.player.mistakes = _mistakes_from(data["mistakes"])
            session._log = _told_from(data, "log", LOG_KEPT)
            session.player.news_told = _told_from(data, "news", NEWS_KEPT)
        except (KeyError, TypeError) as error:
            raise ValueError(f"the saved game is damaged ({type(error).__name__}: {error})") from None
        return session

    @classmethod
    def _together_from_dict(cls, data: dict[str, Any], game: Game, names: list[str]) -> GuidedGame:
        learners = [_learner_from_dict(item, game.rules.players) for item in data["learners"]]
        if len(learners) < 2:
            raise ValueError("a game played together needs two learners or more")
        if len({player.profile.casefold() for player in learners}) != len(learners):
            raise ValueError("one learner at two seats")
        session = cls(game, names, learners[0].guidance, bool(data["letters"]), learners)
        viewer = data["viewer"]
        if viewer not in session.learners or isinstance(viewer, bool):
            raise ValueError(f"the learner looking sits at no learner's seat ({viewer!r})")
        session.viewer = viewer
        session._log = _told_from(data, "log", LOG_KEPT)
        session.cover()
        return session

    def profiles(self) -> list[str]:
        """The learners' profile names, seat by seat (empty names in a solo game)."""
        return [self.learners[seat].profile for seat in self.humans]


def _said_and_told(name: str, said: str | list[str], told: list[Told | str]) -> dict[str, Any]:
    """Lines saved twice: as said now (`name`: what a tutor from before every language was kept
    reads) and in every language (`name`_told)."""
    return {name: said, f"{name}_told": told}


def _told_from(data: dict[str, Any], name: str, kept: int) -> list[Told | str]:
    """Saved lines (see `_said_and_told`): each in every language, or, in a game saved before,
    as written (the news of a game played alone: one line, or none)."""
    if f"{name}_told" not in data:
        said = data.get(name, [])
        said = ([said] if said else []) if isinstance(said, str) else said
        if not isinstance(said, list) or not all(isinstance(line, str) for line in said):
            raise TypeError(f"its {name} is not lines of text")
        return [*said[-kept:]]
    told = data[f"{name}_told"]
    if not isinstance(told, list) or not all(_is_told(line) for line in told):
        raise TypeError(f"its {name} is not lines in every language")
    return [dict(line) for line in told[-kept:]]


def _is_told(line: Any) -> bool:
    return isinstance(line, dict) and isinstance(line.get(ENGLISH), str) and all(isinstance(said, str) for said in line.values())


def _mistakes_from(data: Any) -> list[MadeMistake]:
    return [MadeMistake(str(code), tuple(map(str, cards))) for code, cards in data]


def _learner_to_dict(player: LearnerSeat) -> dict[str, Any]:
    return {
        "seat": player.seat,
        "profile": player.profile,
        "guidance": player.guidance,
        "giver_chosen": player.giver_chosen,
        "mistakes": [[made.code, list(made.cards)] for made in player.mistakes],
        **_said_and_told("news", player.news, player.news_told),
        "away": player.away,
        "news_from_others": player.news_from_others,
    }


def _learner_from_dict(data: Any, players: int) -> LearnerSeat:
    seat, profile, guidance = data["seat"], data["profile"], data["guidance"]
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players:
        raise ValueError(f"a learner at seat {seat!r} of {players}")
    if not isinstance(profile, str) or not profile.strip():
        raise ValueError(f"a learner with no profile name ({profile!r})")
    if guidance not in get_args(Guidance):
        raise ValueError(f"a help level the tutor does not have ({guidance!r})")
    return LearnerSeat(
        seat,
        profile,
        guidance,
        mistakes=_mistakes_from(data["mistakes"]),
        giver_chosen=bool(data["giver_chosen"]),
        news_told=_told_from(data, "news", NEWS_KEPT),
        away=bool(data.get("away", False)),
        news_from_others=bool(data.get("news_from_others", False)),
    )


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


def _fill(text: str, **values: str) -> str:
    """`text` with each of `values` put in its {placeholder}, leaving the keys' placeholders
    ({done}, {confirm}) for the game screen to fill in."""
    for key, value in values.items():
        text = text.replace("{" + key + "}", value)
    return text


def _other_result(game: Game, seats: Seats, seat: int, place: int | None, held: int) -> str:
    if held:
        if seats.is_you(seat):
            said = ntr(
                "You still held {count} card but are not the Old Maid: the wrong pair decided the game.",
                "You still held {count} cards but are not the Old Maid: the wrong pair decided the game.",
                held,
            )
            return said.format(count=held)
        said = ntr(
            "{name} still held {count} card but is not the Old Maid: the wrong pair decided the game.",
            "{name} still held {count} cards but is not the Old Maid: the wrong pair decided the game.",
            held,
        )
        return said.format(name=seats.who(seat, capital=True), count=held)
    out = None if place is None else ordinal(place)
    if game.winner is not None:
        if out is None:
            return seats.said(seat, mark("You lose (had no cards, without the odd card)."), mark("{name} loses (had no cards, without the odd card)."))
        return seats.said(
            seat,
            mark("You lose (went out {place}, without the odd card)."),
            mark("{name} loses (went out {place}, without the odd card)."),
            place=out,
        )
    if going_out(game.rules) is Out.WON:
        if out is None:
            return seats.said(seat, mark("You had no cards and have won."), mark("{name} had no cards and has won."))
        return seats.said(seat, mark("You went out {place} and have won."), mark("{name} went out {place} and has won."), place=out)
    if out is None:
        return seats.said(seat, mark("You had no cards and are safe."), mark("{name} had no cards and is safe."))
    return seats.said(seat, mark("You went out {place} and are safe."), mark("{name} went out {place} and is safe."), place=out)


def _loser_result(game: Game, seats: Seats, loser: int, letters: bool) -> str:
    wrong = [pair for seat, pair in game.wrong_pairs if seat == loser]
    if wrong and loser in game.out_order:  # out, and the Old Maid all the same: said, or the others' places skip theirs
        return seats.said(
            loser,
            mark("You went out {place}, but you laid down {cards}, which is not a pair: you are the Old Maid."),
            mark("{name} went out {place}, but {name} laid down {cards}, which is not a pair: {name} is the Old Maid."),
            cards=card_list(wrong[0], letters),
            place=ordinal(game.out_order.index(loser) + 1),
        )
    if wrong:
        return seats.said(
            loser,
            mark("You are the Old Maid: you laid down {cards}, which is not a pair."),
            mark("{name} is the Old Maid: {name} laid down {cards}, which is not a pair."),
            cards=card_list(wrong[0], letters),
        )
    odd = card_list(game.hands[loser], letters)
    if game.winner is not None:
        return seats.said(
            loser, mark("You win by keeping the odd card, {odd}, to the end."), mark("{name} wins by keeping the odd card, {odd}, to the end."), odd=odd
        )
    if game.rules.pictures:  # the card is called the Old Maid too: "the Old Maid, left holding the Old Maid"
        return seats.said(
            loser,
            mark("You are the Old Maid, left holding the one card with no partner."),
            mark("{name} is the Old Maid, left holding the one card with no partner."),
        )
    return seats.said(loser, mark("You are the Old Maid, left holding {odd}."), mark("{name} is the Old Maid, left holding {odd}."), odd=odd)


def without_the_answer(explanation: Explanation, pictures: bool = False) -> Explanation:
    """The "On your own" level: say which rule was broken, not which cards or seat to play."""
    if explanation.code == MistakeCode.KEPT_PAIR.value:
        why = (
            tr("Two cards with the same picture make a pair, and every pair goes down.")
            if pictures
            else tr("Two cards of the same rank make a pair, whatever their colours, and every pair goes down.")
        )
        explanation = replace(explanation, what=tr("You still hold a pair."), why=why)
    return replace(explanation, instead=tr("Look again at the rule “{rule}”, then find the right move yourself.").format(rule=explanation.rule))
