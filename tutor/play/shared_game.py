"""One learner's window at a table played together (`tutor.store.tables`): what they may see, and
their moves, sent through the store, where the engine judges them. Free of Textual: a screen
renders a `SharedGame` and calls its methods; a test (or a plain script) drives one with no screen.

    shared = SharedGame.sit_down(tables, profile, "Red", settings)   # open, join or come back
    shared.poll() -> bool      # every 0.1-0.25 s: reads the table only when another window wrote
                               # (Tables.data_version); says "still here" and tends the table now
                               # and then. True when there is something new to show.

    What this window may see (never another learner's cards)
        shared.view: TableView        shared.name, shared.seat, shared.move, shared.is_host
        shared.stage -> Stage         WAITING, PAIRING, DRAW, OTHERS, OVER, CLOSED
        shared.seen -> Observation | None   # the engine's view from this seat: own hand, every
                                            # seat's count, whose turn (None while waiting)
        shared.hand, shared.names, shared.log (the table's public lines), shared.news (what just
        happened to this learner's hand: "Bo took your J♥."), shared.next_step() (in words),
        shared.hint(level), shared.problem (why the table cannot be shown, when CLOSED),
        shared.drawn_card (the card just drawn, while its pair is to lay down),
        shared.results() (everyone's result in words once it is OVER, this learner as "you")

    Moves: each returns an Outcome, as GuidedGame's do (lines told from this seat, or the mistake
    with its explanation; `shared.mistakes` keeps every one)
        shared.start(seed=None)                     # the host deals
        shared.lay_down(cards), shared.finish_pairing(), shared.draw(position, giver=None)
        shared.choose_giver(seat)     # at every help level: whom to draw from, said first
                                      # (`choosing_giver` while it is to say, `giver_cursor` where
                                      # the cursor starts, `only_giver` when there is no choice);
                                      # nothing is written
            StaleMove, once the window has refreshed, when another window moved first. A pairing
            move during the opening pairing is sent once more by itself: nobody else's move can
            change the learner's own hand then.
        shared.computer_due -> bool; shared.play_computer() -> bool   # after a pause of the
            screen's choosing; any window may, the first one plays
        shared.leave()

    The end: shared.game and shared.seat are what Recorder.game_finished(game, mistakes,
    learner=seat, keep_saved_game=True) takes; each window records its own learner.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime, timedelta
from enum import StrEnum

from tutor.course.mistakes import explain
from tutor.engine import Action, Card, Draw, Drew, Event, FinishPairing, Game, IllegalAction, LayDown, Mistake, Observation, Phase, Refusals, wrong_pair_mistake
from tutor.errors import NotYourSeat, StaleMove, StoreError, TableDamaged, TableRefused, TutorError
from tutor.language import mark, ntr, tr
from tutor.play.giver import cursor_start, only_giver
from tutor.play.guided_game import MadeMistake, Outcome, Result, results_of, without_the_answer
from tutor.play.hints import Hint, hint_for
from tutor.settings import Settings
from tutor.store import Profile
from tutor.store.tables import HEARTBEAT_SECONDS, Tables, TableState, TableStatus, TableView, table_place
from tutor.wording import Seats
from tutor.wording.narration import Narrator

TEND_SECONDS = 5
"""How often a window tends the table (takeovers, closing): `Tables.tend` writes only when due."""


class Stage(StrEnum):
    """What the table waits for, seen from this window."""

    WAITING = "waiting"
    """For the host to start the game."""
    PAIRING = "pairing"
    """For this learner to lay down their pairs and say they are done."""
    DRAW = "draw"
    """For this learner to draw."""
    OTHERS = "others"
    """For someone else: another learner, or a computer player."""
    OVER = "over"
    CLOSED = "closed"
    """The table was closed or set aside (see `problem`)."""


class SharedGame:
    """One window's seat at a table: a profile, a table id and the table as last read."""

    def __init__(self, tables: Tables, profile: Profile, table: int, letters: bool = False, guidance: str = "hints") -> None:
        self.tables = tables
        self.profile = profile
        self.table = table
        self.letters = letters
        self.guidance = guidance
        """The learner's own help level (`Settings.guidance`): "guided" says every step in full,
        "own" has no hints and mistakes told without the answer."""
        self.mistakes: list[MadeMistake] = self._mistakes_made_here(tables, profile, table)
        """This learner's mistakes at this table, those made in a window closed since too."""
        self.news = ""
        """A short line about what just happened to this learner's hand, for beside it."""
        self.problem = ""
        """Why the table cannot be shown any more (damaged), or ""."""
        self._state: TableState | None = None
        self._seat: int | None = None
        self._left = False
        self._heartbeat: datetime | None = None
        self._giver_chosen: int | None = None
        """The move number at which the learner said whom they draw from."""
        self._refusals = Refusals()
        self.played_for = False
        """A computer player made some of this learner's moves in this game while they were away:
        the end does not say they played the whole game themselves."""
        self._drawn: Card | None = None
        self._tended: datetime | None = None
        self._data_version = tables.data_version()
        self.refresh()
        if self._state is None:
            raise TableDamaged(self.problem)
        if self._seat is None:
            raise NotYourSeat(tr("{name} does not sit at table {table}.").format(name=profile.name, table=self.name))

    @staticmethod
    def _mistakes_made_here(tables: Tables, profile: Profile, table: int) -> list[MadeMistake]:
        place = table_place(table)
        try:
            made = tables.store.mistakes(profile)
        except StoreError:
            return []  # a busy file: only this window's mistakes are counted
        return [MadeMistake(mistake.code, mistake.cards) for mistake in made if mistake.where == place]

    @classmethod
    def sit_down(cls, tables: Tables, profile: Profile, name: str, settings: Settings, again: int | None = None) -> SharedGame:
        """Open the table called `name`, join it or come back to it; `again`: to play again after
        the finished game at that table (`Tables.open_or_join`: its refusals are TutorErrors with
        words to show). A learner a computer played for is told so: their hand changed unseen."""
        played_for = again is None and _played_for(tables, profile, name)
        view, _ = tables.open_or_join(name, profile, settings, again)
        shared = cls(tables, profile, view.id, letters=settings.suit_style == "letters", guidance=settings.guidance)
        if played_for:
            shared.played_for = True
            shared.news = tr("A computer player took your turns while you were away, so your hand has changed.")
        return shared

    # ----- the table as this window last read it ------------------------------------------------

    @property
    def state(self) -> TableState:
        assert self._state is not None  # read in __init__, or `problem` says why not
        return self._state

    @property
    def view(self) -> TableView:
        return self.state.view

    @property
    def name(self) -> str:
        return self.view.name

    @property
    def move(self) -> int:
        return self.view.move

    @property
    def seat(self) -> int:
        """This learner's seat (theirs while they are away too)."""
        assert self._seat is not None  # checked in __init__
        return self._seat

    @property
    def is_host(self) -> bool:
        return self.view.host_id == self.profile.id

    @property
    def names(self) -> list[str]:
        return self.view.names

    @property
    def game(self) -> Game | None:
        """The whole game, every hand: for the engine's questions and the recorder, never to show."""
        return self.state.game

    @property
    def log(self) -> tuple[str, ...]:
        return self.state.log

    @property
    def seen(self) -> Observation | None:
        """What this learner may know of the table: the screens draw only from this."""
        game = self.game
        return None if game is None else game.observation(self.seat)

    @property
    def hand(self) -> tuple[Card, ...]:
        seen = self.seen
        return () if seen is None else seen.hand

    @property
    def drawn_card(self) -> Card | None:
        """The card this learner just drew, while they lay down what it paired with (for a ★)."""
        return self._drawn if self.stage is Stage.PAIRING and self._drawn in self.hand else None

    @property
    def stage(self) -> Stage:
        if self.problem or self._state is None or self.view.status in (TableStatus.CLOSED, TableStatus.DAMAGED):
            return Stage.CLOSED
        game = self.game
        if self.view.status is TableStatus.WAITING or game is None:
            return Stage.WAITING
        if game.is_over:
            return Stage.OVER
        if self.seat in game.waiting_for:
            return Stage.PAIRING
        if game.drawer == self.seat:
            return Stage.DRAW
        return Stage.OTHERS

    def next_step(self) -> str:
        """What happens now, in words, from this seat."""
        stage, game, seats = self.stage, self.game, Seats(self.names, self.seat)
        if stage is Stage.CLOSED:
            return self.problem or tr("Table {table} was closed.").format(table=self.name)
        if stage is Stage.WAITING:
            if self.is_host:
                return tr("Start the game when everyone is here; the empty seats get computer players.")
            if self.view.host:
                return tr("Waiting for {host} to start the game.").format(host=self.view.host)
            return tr("Waiting for the host to start the game.")
        assert game is not None  # the game is on from here
        if stage is Stage.OVER:
            return Narrator(self.names, self.seat, self.letters).ending(game) or tr("The game is over.")
        if stage is Stage.PAIRING:
            return tr("Lay down your pairs, then say you are done.")
        if stage is Stage.DRAW and self.choosing_giver:
            return tr("Your turn: who do you draw from? Pick that player.")
        if stage is Stage.DRAW and game.giver is not None:
            told = self.only_giver()
            return (told and told + " ") + tr("Your turn: draw one of {name}'s face-down cards.").format(name=seats.who(game.giver, capital=True))
        notes = self._away_notes(seats)
        if notes and not game.waiting_for:
            return " ".join(notes)  # (not "Eve draws from you next." about someone who has gone)
        return " ".join([self._others_step(game, seats), *notes])

    @staticmethod
    def _others_step(game: Game, seats: Seats) -> str:
        """What the others are doing while this learner waits."""
        if game.waiting_for:
            waiting = sorted(game.waiting_for)
            if len(waiting) == 1 and seats.is_you(waiting[0]):
                return tr("Waiting for you to lay down your pairs.")
            return ntr("Waiting for {names} to lay down their pairs.", "Waiting for {names} to lay down their pairs.", len(waiting)).format(
                names=seats.listed(waiting)
            )
        if game.drawer is not None and game.giver is not None:  # drawing, or still choosing whom from: not known here
            if seats.is_you(game.giver):
                return tr("{name} draws from you next.").format(name=seats.who(game.drawer, capital=True))
            return seats.said(game.drawer, mark("You draw from {giver} next."), mark("{name} draws from {giver} next."), giver=seats.who(game.giver))
        return tr("Waiting for the other players.")

    def away(self) -> list[int]:
        """The seats the game waits for whose learners seem to have gone (`SeatView.seems_away`):
        a computer takes over a minute after they went, and until then the others are told why.
        Before the deal, every other learner seated who seems to have gone (the waiting room says so)."""
        game = self.game
        if game is None and self.stage is Stage.WAITING:
            when = self.tables.clock()
            return sorted(seat.seat for seat in self.view.seats if seat.seat != self.seat and seat.seems_away(when))
        if game is None or self.stage is not Stage.OTHERS:
            return []
        waited = game.waiting_for or ({game.drawer} if game.drawer is not None else set())
        when = self.tables.clock()
        return sorted(seat.seat for seat in self.view.seats if seat.seat in waited and seat.seat != self.seat and seat.seems_away(when))

    def _away_notes(self, seats: Seats) -> list[str]:
        left = {seat.seat for seat in self.view.seats if seat.left_at is not None}
        gone = tr("{name} has left the table: if {name} does not come back soon, a computer player will play for {name}.")
        quiet = tr("{name} seems to be away: if {name} does not come back soon, a computer player will play for {name}.")
        return [(gone if seat in left else quiet).format(name=seats.who(seat, capital=True)) for seat in self.away()]

    @property
    def hints_allowed(self) -> bool:
        """No hints at the "On your own" help level."""
        return self.guidance != "own"

    @property
    def choosing_giver(self) -> bool:
        """Whether the learner is to say whom they draw from before drawing: at every help level
        (they differ in the help shown, not in what is asked), unless nobody else holds cards."""
        game = self.game
        return self.stage is Stage.DRAW and self._giver_chosen != self.move and game is not None and game.choice_of_giver(self.seat)

    def only_giver(self) -> str:
        """Said instead of asking whom to draw from when this learner, due to draw, has nobody else
        to draw from ("Sam is the only other player, so you draw from Sam."); else ""."""
        game = self.game
        return "" if game is None or self.stage is not Stage.DRAW else only_giver(game, self.seat, Seats(self.names, self.seat))

    @property
    def shows_giver(self) -> bool:
        """Whether the table may mark the giver as such now: not while this learner, not guided,
        chooses whom to draw from, as the mark would be the answer."""
        return not self.choosing_giver or self.guidance == "guided"

    def giver_cursor(self) -> int | None:
        """Where the seat cursor starts while this learner chooses whom to draw from
        (tutor.play.giver.cursor_start): on the giver when guided, else on no seat."""
        game = self.game
        return None if game is None else cursor_start(game, self.seat, self.guidance == "guided")

    def hint(self, level: int) -> Hint:
        """The hint at `level` (1 to 3) for this seat, as in a game against the computer."""
        game = self.game
        if game is None:
            return Hint(level, self.next_step())
        return hint_for(game.clone(), self.seat, self.names, level, choosing_giver=self.choosing_giver, letters=self.letters)

    def results(self) -> list[Result]:
        """Everyone's result once the game is over, in words, this learner as "you"."""
        game = self.game
        return [] if game is None else results_of(game, Seats(self.names, self.seat), self.letters)

    # ----- keeping up with the table --------------------------------------------------------

    def poll(self) -> bool:
        """Keep up with the table; call it every 0.1-0.25 s. True when there is something new."""
        fresh = False
        version = self.tables.data_version()
        if version != self._data_version:
            self._data_version = version
            self.refresh()
            fresh = True
        if self._left or self.stage is Stage.CLOSED:
            return fresh
        when = self.tables.clock()
        try:
            if self._heartbeat is None or when - self._heartbeat >= timedelta(seconds=HEARTBEAT_SECONDS):
                self._heartbeat = when
                self.tables.heartbeat(self.table, self.profile)
            if self._tended is None or when - self._tended >= timedelta(seconds=TEND_SECONDS):
                self._tended = when
                if self.tables.tend(self.table):
                    self.refresh()
                    fresh = True
        except StoreError:
            pass  # a busy or full file: tried again at the next turn of the clock
        except TableRefused as refused:  # set aside as damaged since the last read
            self.problem = str(refused)
            fresh = True
        return fresh

    def refresh(self) -> None:
        """Read the table again (`poll` does when another window wrote)."""
        try:
            state = self.tables.load(self.table, self.profile)
        except TableDamaged as damaged:
            self.problem = str(damaged)
            return
        before, self._state = self._state, state
        seat = state.view.seat_of(self.profile)
        if seat is None:
            self.problem = tr("{name} no longer sits at table {table}.").format(name=self.profile.name, table=self.name)
            return
        self._seat = seat
        if any(taken.seat == seat and taken.taken_over for taken in state.view.seats):
            self.played_for = True
        if before is not None and before.move != state.move:
            self._tell_taken(before)

    def _tell_taken(self, before: TableState) -> None:
        """News of cards another seat took from this learner's hand since `before`."""
        old, game = before.game, self.game
        if old is None or game is None:
            return
        seat, hand = self.seat, set(game.hands[self.seat])
        mine_laid = {card for owner, pair in game.pairs if owner == seat for card in pair}
        for card in old.hands[seat]:
            if card in hand or card in mine_laid:
                continue
            holder = next((other for other, held in enumerate(game.hands) if card in held), None)
            if holder is None:
                holder = next((owner for owner, pair in game.pairs if card in pair), None)
            name, said = Seats(self.names, seat).who(holder, capital=True), card.text(self.letters)
            if holder is not None and self.view.seats[holder].taken_over:  # the learner there is away: not them
                self.news = tr("The computer player playing for {name} took your {card}.").format(name=name, card=said)
            else:
                self.news = tr("{name} took your {card}.").format(name=name, card=said)

    # ----- this learner's moves ---------------------------------------------------------------

    def start(self, seed: int | None = None) -> None:
        """The host deals (NotHost for anyone else)."""
        self._state = self.tables.start(self.table, self.profile, seed)

    def choose_giver(self, seat: int) -> Outcome:
        """The learner says whom they draw from; a wrong seat is a mistake,
        explained. Nothing is written: the draw itself is the move."""
        game = self.game
        if game is None or self.stage is not Stage.DRAW:
            return Outcome()
        mistake = game.mistake_in(Draw(self.seat, seat))
        if mistake is not None:
            return self._refuse(mistake)
        self._giver_chosen = self.move
        return Outcome([tr("Yes: you draw from {giver}.").format(giver=Seats(self.names, self.seat).who(seat))])

    def lay_down(self, cards: Sequence[Card]) -> Outcome:
        return self._send(LayDown(self.seat, cards))

    def finish_pairing(self) -> Outcome:
        return self._send(FinishPairing(self.seat))

    def draw(self, position: int, giver: int | None = None) -> Outcome:
        """Draw the card at `position` in the fan of `giver` (the seat the rules name, unless the
        learner chose another: the engine says whether they may)."""
        game = self.game
        if giver is None:
            giver = game.giver if game is not None and game.giver is not None else self.seat
        return self._send(Draw(self.seat, giver, position=position))

    @property
    def computer_due(self) -> bool:
        """Whether a computer plays the next move (a computer player, or a learner who has gone)."""
        return self.stage is not Stage.CLOSED and self.state.computer_seat is not None

    def play_computer(self) -> bool:
        """Play the computer's move, unless another window did first. True when this one did."""
        events = self.tables.play_computer(self.table, self.move)
        self.refresh()
        return bool(events)

    def leave(self) -> None:
        """This learner leaves the table (a computer takes their seat a minute later)."""
        self._left = True
        self.tables.leave(self.table, self.profile)

    def _send(self, action: LayDown | FinishPairing | Draw) -> Outcome:
        try:
            events = self._play(action)
        except IllegalAction as illegal:
            return self._refuse(illegal.mistake)
        wrong = wrong_pair_mistake(events)
        if wrong is not None:
            self.mistakes.append(MadeMistake(wrong.code.value, tuple(map(str, wrong.cards))))
        if isinstance(action, Draw):
            self._drawn = next((event.card for event in events if isinstance(event, Drew)), None)
        self.refresh()
        game = self.game
        assert game is not None  # a move was made
        narrator = Narrator(self.names, self.seat, self.letters)
        self.news = narrator.news(events, game) or self.news
        return Outcome(narrator.lines(events, game), slipped=wrong)

    def _play(self, action: LayDown | FinishPairing | Draw) -> list[Event]:
        hand = self.hand
        try:
            return self.tables.play(self.table, self.profile, action, self.move)
        except StaleMove:
            self.refresh()
            if not self._may_send_again(action, hand):
                raise
        return self.tables.play(self.table, self.profile, action, self.move)

    def _may_send_again(self, action: Action, hand: tuple[Card, ...]) -> bool:
        """Whether a move refused as stale means the same now: the learner's own pairing move in
        the opening pairing, their hand unchanged (another window of theirs did not move it)."""
        game = self.game
        return (
            isinstance(action, LayDown | FinishPairing)
            and game is not None
            and game.phase is Phase.PAIRING
            and self.seat in game.waiting_for
            and self.hand == hand
        )

    def _refuse(self, mistake: Mistake) -> Outcome:
        game = self.game
        assert game is not None  # a move was judged
        again = self._refusals.again(mistake, game)
        if not again:
            self.mistakes.append(MadeMistake(mistake.code.value, tuple(map(str, mistake.cards))))
        seats = Seats(self.names, self.seat)
        names = [seats.who(seat) for seat in range(len(self.names))]
        explanation = explain(mistake, game, names, self.letters)
        if self.guidance == "own":
            explanation = without_the_answer(explanation, game.rules.pictures)
        return Outcome(mistake=mistake, explanation=explanation, again=again)


def _played_for(tables: Tables, profile: Profile, name: str) -> bool:
    """Whether a computer plays `profile`'s seat at the table called `name` now (before they sit down again)."""
    try:
        view = tables.find(name)
    except TutorError:
        return False  # (sitting down says what is wrong)
    return view is not None and view.status is TableStatus.PLAYING and any(seat.profile_id == profile.id and seat.taken_over for seat in view.seats)
