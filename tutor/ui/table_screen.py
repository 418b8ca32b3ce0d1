"""A table played together: one learner's window onto a game with classmates in other windows.

The screen renders a `SharedGame` (tutor.play.shared_game) and sends the learner's moves through
it; the store judges every move against the table's move number and the engine judges the move.
It looks just like the game against the computer (the same seats, cards, log, mistake and hint
panel), and shows only what this learner may see: their own hand, every seat's card count,
whose turn it is, the public log and their own news ("Ben took your 7♥.").

A timer asks `SharedGame.poll()` a few times a second and redraws only when what it shows changed
(another window wrote, or a learner the game waits for went quiet).
Computer players (and learners gone a minute) are played by whichever window asks first, after
this learner's own speed setting's pause. A mistake is explained here only: nothing is written,
so no other window knows. The end is recorded for this learner alone, as a table's game: their
own saved game against the computer stays.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.timer import Timer
from textual.widgets import Button, Static

from tutor.engine import Card, Rules
from tutor.errors import StaleMove, StoreBusy, StoreError, TableRefused, TutorError
from tutor.language import mark, tr
from tutor.learner.celebrations import Celebration
from tutor.play.guided_game import Outcome
from tutor.play.hints import LEVELS
from tutor.play.shared_game import SharedGame, Stage
from tutor.store.tables import TableStatus
from tutor.ui.card_table import CONFIRM, DONE, HINT, MOVE_LEFT, MOVE_RIGHT, NARROW, NUMBERS, SELECT, SORT, CardTableScreen
from tutor.ui.cards import CardRow, FanView, index_of
from tutor.ui.dialogs import NARROW_BELOW, ConfirmScreen, on_top
from tutor.ui.end_screen import summary_text
from tutor.ui.footer import TutorFooter
from tutor.ui.hanging import HangingLines
from tutor.ui.header import TutorHeader
from tutor.ui.hint_dialog import ask_before_the_answer
from tutor.ui.notices import notify
from tutor.ui.opening import unless_closed
from tutor.ui.page import MORE_BELOW, MoreBelow, Page
from tutor.ui.reach import learner, tutor_app
from tutor.ui.table import LogTail, SeatsRow, SeatView
from tutor.wording import Seats, capitalised
from tutor.wording.rules import rules_in_brief
from tutor.wording.table import direction_text, where_is

Part = tuple[Stage, bool, tuple[Card, ...], int | None, int | None]
"""The learner's part of the table (see TableScreen._part)."""
POLL_SECONDS = 0.18
"""How often the screen asks whether another window wrote (`SharedGame.poll`, a cheap question)."""
STALE = mark("Someone moved first: look again.")
LEAVE_PLAYING = mark("Leave the game at table {name}? Your seat is still yours when you come back; after a minute, a computer player plays for you until then.")
LEFT_PLAYING = mark(
    "You left table {name}. Your seat is still yours: open the table again to come back. After a minute, a computer player plays for you until you do."
)


class TableScreen(CardTableScreen):
    CSS_PATH = ["game.tcss", "table.tcss"]
    HELP_TITLE = mark("Playing at a table")
    BINDINGS = [
        Binding("enter", "start", mark("Start the game"), tooltip=mark("Start the game now: the empty seats get computer players")),
        MOVE_LEFT,
        MOVE_RIGHT,
        SELECT,
        CONFIRM,
        DONE,
        HINT,
        SORT,
        Binding("r", "rules", mark("Rules"), tooltip=mark("The rules this table plays by")),
        Binding("escape", "leave", mark("Leave"), tooltip=mark("Leave the table (you are asked first while the game is on)")),
        *NUMBERS,
    ]

    def __init__(self, shared: SharedGame, seed: int | None = None) -> None:
        """`seed`: the deal when this learner is the host and starts the game (tests pass one)."""
        super().__init__()
        self.shared = shared
        self.seed = seed
        self.said_at: Part | None = None
        """The learner's part of the table the panel and the message are about: they stay while it
        is the same (other learners laying down their pairs do not change it)."""
        self.hint_level = 0
        self.computer_timer: Timer | None = None
        self.played = False
        """Whether this window saw the game on: only then is its end recorded here."""
        self.recorded = False
        self.end_due = False
        self.celebration: Celebration | None = None
        self.shown_stage: tuple[Stage, bool] | None = None
        self.shown_log: tuple[str, ...] = ()
        self.shown_part: Part | None = None
        self.shown_looks: tuple[object, ...] = ()
        self.leaving = False

    # ----- setting up ---------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield from self.compose_table(self.shared.names if self.shared.game is not None else None, self.shared.letters, waiting=True)

    @unless_closed
    def on_mount(self) -> None:
        self.sub_title = tr("Table {name}").format(name=self.shared.name)
        self.app.clear_notifications()  # "You left table Red..." is over once the learner is back: it covered the cards
        self.query_one("#log", LogTail).border_title = tr("What happened")
        self.redraw()
        self.poll_timer = self.set_interval(POLL_SECONDS, self._tick)

    def on_unmount(self) -> None:
        """The app closing at the table (Quit, or the pupil's tab closed): the others read at once
        that this learner has left and that the seat waits a minute, as when they press Escape."""
        if self.leaving:
            return
        self.leaving = True
        try:
            self.shared.leave()
        except TutorError:
            pass  # a busy or closed file: the seat is given up a minute after the last sign of life all the same

    # ----- keeping up with the table ------------------------------------------------------------

    @unless_closed
    def _tick(self) -> None:
        """Another window may have written (the table is read only then), or a learner the game waits
        for may have gone quiet: redraw when what the screen shows has changed."""
        if self.leaving:
            return
        try:
            self.shared.poll()
        except StoreError:
            return  # a busy file: asked again at the next tick
        except TableRefused as refused:
            self.shared.problem = str(refused)
        if self._looks() != self.shown_looks:
            self.redraw()  # (any write to the progress file wakes the poll: most are other tables' or progress)
        else:
            self._schedule_computers()

    def _looks(self) -> tuple[object, ...]:
        """Everything the screen draws from the table: when none of it changed, nothing is redrawn."""
        shared = self.shared
        view = shared.view
        seats = tuple((seat.seat, seat.name, seat.profile_id, seat.taken_over) for seat in view.seats)
        return (view.status, view.move, seats, shared.log, shared.news, shared.problem, shared.stage, tuple(shared.away()))

    def _schedule_computers(self) -> None:
        """A computer's move is due: play it after this learner's pause, unless another window does first."""
        if self.computer_timer is None and not self.leaving and self.shared.computer_due:
            self.computer_timer = self.set_timer(self.pause(), self._computer_turn)

    @unless_closed
    def _computer_turn(self) -> None:
        self.computer_timer = None
        if self.leaving or not self.shared.computer_due:
            return
        try:
            self.shared.play_computer()
        except StoreError:
            pass  # the file is busy: the next tick tries again
        except TableRefused as refused:
            self.shared.problem = str(refused)
        self.redraw()

    # ----- drawing the table --------------------------------------------------------------------

    def redraw(self) -> None:
        shared = self.shared
        self.shown_looks = self._looks()
        stage, seen = shared.stage, shared.seen
        key = (stage, shared.choosing_giver)
        part = self._part()
        if self.said_at is not None and self.said_at != part:  # the turn moved on: what was said about it is old
            self._forget_the_panel()
        if part != self.shown_part:
            self.hint_level = 0
            self.shown_part = part
            self.seat_cursor = None  # a new turn: the cursor starts where the rules let them draw
        playing = seen is not None and stage is not Stage.CLOSED
        if playing and not self.query(SeatsRow):
            mounting = self.query_one("#board", VerticalScroll).mount(SeatsRow(shared.names), after="#waiting")

            @unless_closed
            async def seated(screen: TableScreen) -> None:
                await mounting
                screen.redraw()  # the seats, once they are there to draw on...
                screen.call_after_refresh(screen.redraw)  # ...and once they know their size (the card backs)

            self.call_later(seated, self)
        for widget in self.query("#direction, #fan, #news, #hand, #seats"):
            widget.display = playing
        self.query_one("#waiting", Static).display = not playing
        self.set_class(not playing, "waiting")  # no pairs to list yet (table.tcss)
        self._show_log()
        if playing:
            self._draw_game()
        else:
            self.query_one("#waiting", Static).update(self._waiting_text())
            self._fit_waiting()
        self.show_panel()
        self.show_prompt()
        if stage in (Stage.PAIRING, Stage.DRAW, Stage.OTHERS):
            self.played = True
        if stage is Stage.OVER:
            self._the_end()
        if key != self.shown_stage:  # the footer rebuilds itself on every call: only when keys change
            self.shown_stage = key
            self.focus_for_the_move()
            self.refresh_bindings()
        self._schedule_computers()

    def _others(self) -> tuple[int, ...]:
        """The other seats, from the learner's left (the seats' numbers 1, 2... pick them)."""
        game = self.shared.game
        return () if game is None else game.rules.seats_from(self.shared.seat)[1:]

    def _fit_waiting(self) -> None:
        self.set_class(self.app.size.width < NARROW, "narrow")  # the moves under the seats, as in the game

    def _draw_game(self) -> None:
        shared = self.shared
        seen, game = shared.seen, shared.game
        assert seen is not None and game is not None
        self.draw_cards(game, seen, Seats(shared.names, shared.seat), shared.drawn_card, shared.news, shared.letters)
        self.query_one("#direction", Static).update(Text(direction_text(game)))
        cursor = self._seat_cursor() if shared.choosing_giver else None
        seats = {seat.seat: seat for seat in shared.view.seats}
        for row in self.query(SeatsRow):
            if row.is_mounted:  # just mounted: drawn at the next refresh
                row.show(seen, cursor, self.flagged_seats, game if game.is_over else None, shared.shows_giver)
                for box in row.views:  # who is a classmate and who a computer, on the box's top line
                    seat = seats.get(box.seat)
                    box.border_title = None if seat is None else tr("computer") if seat.profile_id is None else tr("away") if seat.taken_over else None

    def _waiting_text(self) -> Text:
        """Before the deal: the table's seats, who sits there, and the rules it plays by."""
        shared, view = self.shared, self.shared.view
        text = Text()
        if shared.stage is Stage.CLOSED:
            return Text(shared.next_step(), style="bold")
        text.append((tr("Your rules (from your settings):") if shared.is_host else tr("Rules:")) + " ", style="bold")
        rules = view.settings().rules()
        text.append(rules_in_brief(rules) + "\n\n")
        taken = {seat.seat: seat for seat in view.seats}
        away = set(shared.away())
        for step, number in enumerate(rules.seats_from(shared.seat)):  # numbered as the table's keys number them
            seat = taken.get(number)
            where = tr("You:") if step == 0 else f"{step}·{capitalised(where_is(step, view.players))}:"
            text.append(where + " ", style="bold")
            if seat is None:
                text.append(tr("free") + "\n", style="italic")
                continue
            text.append(seat.name)
            text.append(f" ({tr('host')})" if seat.profile_id == view.host_id else "")
            text.append(f" ({tr('seems to be away')})\n" if number in away else "\n", style="italic")
        if len(view.seats) < view.players and not shared.is_host:  # (the host's prompt says it) once, not on each free seat's line
            text.append("\n" + tr("A computer player sits in each free seat when the game starts, if nobody else comes."), style="italic")
        return text

    def _show_log(self) -> None:
        """The table's public log: the lines new since the last look, in bold."""
        log = self.shared.log
        if log == self.shown_log:
            return
        tail = self.query_one("#log", LogTail)
        fresh = _new_lines(self.shown_log, log)
        self.shown_log = log
        tail.lines = list(log[-LogTail.KEPT :])
        tail.fresh = min(fresh, len(tail.lines))
        tail.refresh()

    def rules(self) -> Rules | None:
        game = self.shared.game
        return self.shared.view.settings().rules() if game is None else game.rules

    def pairing(self) -> bool:
        return self.shared.stage is Stage.PAIRING

    def drawing(self) -> bool:
        return self.shared.stage is Stage.DRAW and not self.shared.choosing_giver

    def prompt_words(self) -> str:
        shared = self.shared
        stage, game, guided = shared.stage, shared.game, shared.guidance == "guided"
        if stage is Stage.WAITING and shared.is_host:
            return tr("Press Enter to start the game when everyone is here; the empty seats get computer players.")
        if stage is Stage.CLOSED:
            return tr("Press Escape to go back and choose another table.")
        if stage is Stage.OVER:
            return shared.next_step() + " " + tr("Press Escape to leave the table.")
        if game is None or stage not in (Stage.PAIRING, Stage.DRAW):
            return shared.next_step()
        seats = Seats(shared.names, shared.seat)
        pictures = game.rules.pictures
        if stage is Stage.PAIRING and not guided:
            return tr("Lay down your pairs, then press D.")
        if stage is Stage.PAIRING and game.pairs_in(shared.seat):
            if pictures:
                return tr(
                    "Lay down your pairs: pick two cards with the same picture (press the key under each card, or ← → and Space), "
                    "then press Enter. Press D when you have no pairs left."
                )
            return tr(
                "Lay down your pairs: pick two cards with the same rank (press the key under each card, or ← → and Space), "
                "then press Enter. Press D when you have no pairs left."
            )
        if stage is Stage.PAIRING:
            if pictures:
                return tr("Check your hand for pairs. If no two cards have the same picture, press D to say you're done.")
            return tr("Check your hand for pairs. If no two cards have the same rank, press D to say you're done.")
        if shared.choosing_giver and not guided:
            return tr("Your turn: who do you draw from? Pick that player.")
        if shared.choosing_giver:
            if game.rules.book.giver_offers:
                return tr("Your turn to draw! Who do you take a card from? Press the player's number, or choose with ← → and press Enter.")
            return tr("Your turn to draw! Who must you take a card from? Press the player's number, or choose with ← → and press Enter.")
        told = shared.only_giver()
        told = told and told + " "
        if game.giver is None:
            if guided:
                return told + tr("Draw one of the giver's face-down cards: press the key under a card, or choose with ← → and press Enter.")
            return told + tr("Your turn: draw one of the giver's cards.")
        giver = seats.who(game.giver)
        if guided:
            return told + tr("Draw one of {name}'s face-down cards: press the key under a card, or choose with ← → and press Enter.").format(name=giver)
        return told + tr("Your turn: draw one of {name}'s cards.").format(name=giver)

    def _seat_cursor(self) -> int | None:
        """The seat the ◆ is on while the learner chooses whom to draw from (first, when guided, one
        the rules let them draw from: the engine's giver; else none until they move it)."""
        if self.seat_cursor not in self._others():
            self.seat_cursor = self.shared.giver_cursor()
        return self.seat_cursor

    def _forget_the_panel(self) -> None:
        self.forget_what_was_said()
        self.said_at = None

    def _part(self) -> Part:
        """What the learner's part of the table is now: what they are to do, with which cards, and
        whose turn it is."""
        shared, seen = self.shared, self.shared.seen
        turn = (None, None) if seen is None else (seen.drawer, seen.giver)
        return (shared.stage, shared.choosing_giver, shared.hand, *turn)

    def _said_now(self) -> None:
        """The panel or message just set is about the table as it is now."""
        self.said_at = self._part()

    def say(self, text: str | Text) -> None:
        super().say(text)
        self._said_now()

    # ----- the learner's moves ------------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        shared = self.shared
        stage, game = shared.stage, shared.game
        allowed = {
            "start": stage is Stage.WAITING and shared.is_host,
            "select": stage is Stage.PAIRING,
            "done": stage is Stage.PAIRING,
            "confirm": stage in (Stage.PAIRING, Stage.DRAW),
            "hint": stage in (Stage.PAIRING, Stage.DRAW, Stage.OTHERS) and shared.hints_allowed,
            "sort": game is not None and not game.rules.pictures and stage is not Stage.CLOSED,
        }
        return allowed.get(action, True)

    def action_start(self) -> None:
        """Start the game now: the empty seats get computer players."""
        if self.shared.stage is not Stage.WAITING:
            return
        try:
            self.shared.start(self.seed)
        except TutorError as refused:  # the table was closed meanwhile, or the file is busy
            self._refreshed()
            self.say(_refusal(refused))
            return
        self._forget_the_panel()
        self.redraw()

    def action_move(self, step: int) -> None:
        shared = self.shared
        if shared.choosing_giver and shared.game is not None:
            self._seat_cursor()
            self.move_seat_cursor(step, shared.seat, shared.game.rules, self._others())
        elif isinstance(self.focused, CardRow):
            self.focused.move_cursor(step)

    def action_confirm(self) -> None:
        stage = self.shared.stage
        if stage is Stage.PAIRING:
            self._lay_down_selected()
        elif stage is Stage.DRAW and self.shared.choosing_giver:
            self._seat_cursor()
            self.choose_at_cursor()
        elif stage is Stage.DRAW:
            self.draw_at(self.query_one("#fan", FanView).cursor)

    def action_key(self, key: str) -> None:
        """A card's key (shown under it) or a player's number."""
        shared = self.shared
        stage, index = shared.stage, index_of(key)
        if index is None:
            return
        others = self._others()
        if stage is Stage.DRAW and shared.choosing_giver:
            if index < len(others):  # 1 is the player on the learner's left
                self.seat_cursor = others[index]
                self.choose_giver(others[index])
            else:
                self.no_such_key(key, players=True)
        else:
            self.pick_by_key(key, index)

    def on_seat_view_chosen(self, event: SeatView.Chosen) -> None:
        if self.shared.choosing_giver:
            self.seat_cursor = event.seat
            self.choose_giver(event.seat)

    def action_done(self) -> None:
        self._send(self.shared.finish_pairing)

    def _lay_down_selected(self) -> None:
        chosen = self.selected_pair()
        if chosen is not None:
            self._send(lambda: self.shared.lay_down(chosen))

    def choose_giver(self, seat: int) -> None:
        self._after(self.shared.choose_giver(seat))

    def draw_at(self, position: int) -> None:
        self._send(lambda: self.shared.draw(position))

    def _send(self, move: Callable[[], Outcome]) -> bool:
        """Send one move through the table; True when it was made (not refused, not stale)."""
        try:
            outcome = move()
        except StaleMove:
            self._refreshed()
            self.say(tr(STALE))
            return False
        except TutorError as refused:  # the table closed, or the file is busy or full: nothing was written
            self._refreshed()
            self.say(_refusal(refused))
            return False
        self._after(outcome)
        return not outcome.refused

    def _refreshed(self) -> None:
        """Show the table as it is now (SharedGame has read it), with nothing of the move before."""
        self._forget_the_panel()
        self.redraw()

    def _after(self, outcome: Outcome) -> None:
        self._forget_the_panel()
        learner(self).recorder.game_move(outcome, self.shared.table)
        if outcome.refused:
            self.show_mistake(outcome, own=not self.shared.hints_allowed)
            self._said_now()
        elif outcome.lines and self.shared.stage is Stage.DRAW and not self.shared.choosing_giver:
            self.message = Text(outcome.lines[-1] + " " + self.prompt_words())  # "Yes: you draw from Ben." until the draw
            self._said_now()
        self.redraw()

    # ----- hints --------------------------------------------------------------------------------

    def action_hint(self) -> None:
        if not self.shared.hints_allowed:
            return
        level = min(LEVELS, self.hint_level + 1)
        if level >= LEVELS and self.hint_level < LEVELS and self.shared.hint(LEVELS).reveals:
            ask_before_the_answer(self.app, lambda: self._show_hint(LEVELS))
            return
        self._show_hint(level)

    @unless_closed
    def _show_hint(self, level: int) -> None:
        self.hint_level = level
        self.show_hint(self.shared.hint(level), self.shared.choosing_giver)
        self._said_now()
        self.redraw()

    # ----- the end ------------------------------------------------------------------------------

    def _the_end(self) -> None:
        """Record the end for this learner (once, and only when this window saw the game on), then
        show how everyone did."""
        if self.recorded:
            return
        self.recorded = True
        shared, game = self.shared, self.shared.game
        assert game is not None
        if self.played:
            recorder = learner(self).recorder
            self.celebration = recorder.game_finished(game, len(shared.mistakes), learner=shared.seat, keep_saved_game=True, played_for=shared.played_for)
        self.set_timer(1.2 * self.pause() + 0.3, self._show_end)

    @unless_closed
    def _show_end(self) -> None:
        """How everyone did; if the learner is reading something else (help, the rules), when they come back."""
        self.end_due = not on_top(self)  # (`is_current` is True under a dialog too)
        if not self.end_due:
            self.app.push_screen(TableEndScreen(self.shared, self.celebration))

    @unless_closed
    def on_screen_resume(self) -> None:
        if self.end_due:
            self._show_end()

    # ----- other keys ---------------------------------------------------------------------------

    def action_leave(self) -> None:
        """Leave the table (asked first while the game is on or waiting to start)."""
        if self.close_the_box():
            return
        shared = self.shared
        stage = shared.stage
        if stage in (Stage.OVER, Stage.CLOSED):
            self._leave()
            return
        if stage is Stage.WAITING and shared.is_host:
            question = tr("Leave table {name}? It closes, and everyone waiting there goes back to choose another table.").format(name=shared.name)
        elif stage is Stage.WAITING:
            question = tr("Leave table {name}? Your seat goes to whoever sits down next.").format(name=shared.name)
        else:
            question = tr(LEAVE_PLAYING).format(name=shared.name)
        self.app.push_screen(ConfirmScreen(question, tr("Leave"), tr("Stay")), self._leave_answer)

    def _leave_answer(self, leave: bool | None) -> None:
        if leave:
            self._leave()

    @unless_closed
    def _leave(self) -> None:
        shared = self.shared
        stage, name = shared.stage, shared.name
        host_waiting = stage is Stage.WAITING and shared.is_host
        self.leaving = True
        if self.computer_timer is not None:
            self.computer_timer.stop()
        try:
            shared.leave()
        except TutorError:
            pass  # a busy file or a table set aside: the seat is given up a minute later all the same
        if on_top(self):
            self.app.pop_screen()
        if stage in (Stage.PAIRING, Stage.DRAW, Stage.OTHERS):
            notify(self.app, tr(LEFT_PLAYING).format(name=name), timeout=8)
        elif host_waiting:
            notify(self.app, tr("You closed table {name}.").format(name=name), timeout=5)
        elif stage is Stage.WAITING:
            notify(self.app, tr("You left table {name}.").format(name=name), timeout=5)


class TableEndScreen(Screen[None]):
    """The end of a table's game: everyone's result and this learner's own mistakes."""

    HELP_TITLE = mark("The end of the game")
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (NARROW_BELOW, "-wide")]
    """Narrow, the three buttons stand one above the other: side by side at 60 columns the last
    was cut to "Back (Es"."""
    BINDINGS = [
        Binding("a", "play_again", mark("Play again here"), tooltip=mark("Another game at this table, with whoever sits down")),
        Binding("n", "again", mark("Another table"), tooltip=mark("Choose a table to play at again")),
        Binding("escape", "back", mark("Back"), tooltip=mark("Leave the table")),
    ]

    def __init__(self, shared: SharedGame, celebration: Celebration | None = None) -> None:
        super().__init__()
        self.shared = shared
        self.celebration = celebration

    def compose(self) -> ComposeResult:
        yield TutorHeader()
        with Page(id="end") as page:
            yield Static(self.summary(), id="summary")
            yield Horizontal(
                Button(tr("Play again here (A)"), id="play-again", variant="primary"),
                Button(tr("Another table (N)"), id="again"),
                Button(tr("Back (Esc)"), id="end-back"),
                classes="buttons",
            )
        yield MoreBelow(page, tr(MORE_BELOW), id="end-more")
        yield TutorFooter()

    @unless_closed
    def on_mount(self) -> None:
        self.sub_title = tr("Table {name}: game over").format(name=self.shared.name)
        self.query_one("#end", Page).focus(scroll_visible=False)  # not "Play again here": see EndScreen.on_mount

    def summary(self) -> HangingLines:
        shared, game = self.shared, self.shared.game
        if game is None or shared.view.status is not TableStatus.FINISHED:
            return HangingLines([Text(shared.next_step())])
        counts = Counter(made.code for made in shared.mistakes)
        return summary_text(game, shared.seat, shared.names, shared.letters, shared.results(), counts, self.celebration)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        {"play-again": self.action_play_again, "again": self.action_again}.get(event.button.id or "", self.action_back)()

    def _close_the_table(self) -> None:
        """This screen and the table under it."""
        try:
            self.shared.leave()
        except TutorError:
            pass
        self.app.pop_screen()
        if isinstance(self.app.screen, TableScreen):
            self.app.screen.leaving = True
            self.app.pop_screen()

    def action_again(self) -> None:
        from tutor.ui.table_choice import TableChoiceScreen

        self._close_the_table()
        if not isinstance(self.app.screen, TableChoiceScreen):
            tutor_app(self).choose_table()

    def action_play_again(self) -> None:
        """A new game at a table with this one's name: opened with this learner's rules, or joined
        when a classmate opened it first."""
        name, table = self.shared.name, self.shared.table
        self._close_the_table()
        tutor_app(self).open_table(name, again=table)

    def action_back(self) -> None:
        self._close_the_table()


def _refusal(refused: TutorError) -> str:
    """Why a move or the start did not happen, and what to do."""
    return f"{refused} {tr('Try again in a moment.')}" if isinstance(refused, StoreBusy) else str(refused)


def _new_lines(before: tuple[str, ...], now: tuple[str, ...]) -> int:
    """How many lines at the end of `now` are new since `before` (the log keeps its latest lines,
    so the old ones may have moved up, or gone from its start)."""
    for kept in range(min(len(before), len(now)), 0, -1):
        if before[len(before) - kept :] == now[:kept]:
            return len(now) - kept
    return len(now)
