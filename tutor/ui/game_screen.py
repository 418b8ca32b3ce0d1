"""The table: a guided game of Old Maid against computer players.

The screen renders a `GuidedGame` and turns keys and clicks into its moves. Every move is saved
in the learner store as soon as it is made, so nothing is lost if the terminal closes.

Several learners may share the game at this keyboard (`guests`, with the learner at the app
first): between two of them the screen covers the whole table ("Pass to Ben. Ben, press Enter
when only you are looking."), then shows the next one's hand. Each one's mistakes are recorded in
their own profile, and each one's finished game too; the game in progress is saved in the host's.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.timer import Timer
from textual.widgets import Static

from tutor.engine import Observation, Rules
from tutor.language import mark, tr
from tutor.learner.recorder import Recorder
from tutor.play.guided_game import DAMAGED_GAME, OTHER_LEARNERS, WELCOME_BACK, WELCOME_BACK_TOGETHER, GuidedGame, Outcome, Stage
from tutor.play.hints import LEVELS, Hint
from tutor.ui.card_table import CONFIRM, DONE, HINT, MOVE_LEFT, MOVE_RIGHT, NUMBERS, SELECT, SORT, CardTableScreen
from tutor.ui.cards import CardRow, FanView, HandView, index_of
from tutor.ui.hint_dialog import ask_before_the_answer
from tutor.ui.keys import with_keys
from tutor.ui.notices import warn
from tutor.ui.opening import unless_closed
from tutor.ui.reach import learner, tutor_app
from tutor.ui.rules_words import rules_and_players
from tutor.ui.table import LogTail, SeatsRow, SeatView
from tutor.wording import same_name
from tutor.wording.going_out import went_out
from tutor.wording.table import direction_text

if TYPE_CHECKING:
    from tutor.learner.celebrations import Celebration
    from tutor.learner.session import LearnerSession


HIDDEN_WHILE_COMPUTERS_PLAY = mark("{name}'s cards are hidden while the computer players take their turns, so that nobody else sees them.")


def face_down_for_others(seen: Observation) -> Observation:
    """What anyone at the keyboard may see of the table: the viewer's own face-down pairs as anyone
    else's (how many, not which cards)."""
    return replace(seen, pairs=tuple((seat, None if seat == seen.seat else pair) for seat, pair in seen.pairs))


class GameScreen(CardTableScreen):
    CSS_PATH = "game.tcss"
    HELP_TITLE = mark("Playing a game")
    BINDINGS = [
        MOVE_LEFT,
        MOVE_RIGHT,
        SELECT,
        CONFIRM,
        Binding("enter", "ready", mark("I'm ready"), tooltip=mark("Show your cards, once only you are looking"), id="ready"),
        DONE,
        HINT,
        Binding("f", "skip", mark("Skip ahead"), tooltip=mark("Skip ahead while the others play"), id="skip"),
        SORT,
        Binding("r", "rules", mark("Rules"), tooltip=mark("The rules of this game")),
        Binding("n", "new_game", mark("New game"), tooltip=mark("A new game, once this one is over"), id="new_game"),
        Binding("escape", "leave", mark("Home"), tooltip=mark("Back to the menu (the game is saved)")),
        *NUMBERS,
    ]

    def __init__(self, resume: bool = False, seed: int | None = None, guests: Sequence[LearnerSession] = ()) -> None:
        """`guests`: the learners who play at this keyboard too, each claimed for this window
        (tutor.learner.together), in the order of their seats after the host's."""
        super().__init__()
        self.resume = resume
        self.seed = seed
        self.guests = list(guests)
        self.session: GuidedGame = self._load_or_deal()
        self.players: dict[int, LearnerSession] = dict(zip(self.session.humans, [learner(self), *self.guests], strict=False))
        """Each learner's session, by seat: their recorder keeps their mistakes and their game."""
        self.seat_cursor = self.session.giver_cursor()
        self.timer: Timer | None = None
        self.finished_recorded = False
        self.shown_stage: Stage | None = None
        self.celebration: Celebration | None = None

    # ----- setting up ---------------------------------------------------------------------------

    @property
    def recorder(self) -> Recorder:
        """The recorder of the learner at the keyboard now (their mistakes are theirs)."""
        return self.players[self.session.viewer].recorder

    def _load_or_deal(self) -> GuidedGame:
        host = learner(self)
        saved = host.saved_game() if self.resume else None
        restored = None if saved is None else self._restored(saved)
        if restored is not None and not self._same_learners(restored):
            warn(self.app, tr(OTHER_LEARNERS), timeout=10)
            restored = None
        self.resume = restored is not None  # no "Welcome back" over a new game
        if restored is not None:
            return restored
        if self.guests:
            players = [(session.name, session.settings.guidance) for session in [host, *self.guests]]
            session = GuidedGame.new_together(host.settings, players, self.seed)
        else:
            session = GuidedGame.new(host.settings, self.seed)
        host.recorder.game_saved(session.to_dict())  # in place of the damaged one: told once
        return session

    def _same_learners(self, restored: GuidedGame) -> bool:
        """Whether a saved game is played by the learners this screen was opened for."""
        if not restored.together:
            return not self.guests
        wanted = [learner(self).name, *(guest.name for guest in self.guests)]
        return len(wanted) == len(restored.humans) and all(same_name(one, other) for one, other in zip(wanted, restored.profiles(), strict=True))

    def _restored(self, saved: dict[str, Any]) -> GuidedGame | None:
        """The saved game, or None (with a notice) when it is damaged."""
        try:
            return GuidedGame.from_dict(saved)
        except Exception:  # an imported profile may hold anything: whatever fails, start afresh
            warn(self.app, tr(DAMAGED_GAME), timeout=10)
            return None

    def compose(self) -> ComposeResult:
        yield from self.compose_table(self.session.names, self.session.letters, cover=True)

    @unless_closed
    def on_mount(self) -> None:
        game = self.session.game
        rules = game.rules
        self.sub_title = rules_and_players(rules)
        self.query_one("#direction", Static).update(Text(direction_text(game)))
        self.query_one("#log", LogTail).border_title = tr("What happened")
        told = self.session.log[-LogTail.KEPT :]
        if self.resume:
            told = [*told, tr(WELCOME_BACK_TOGETHER if self.session.together else WELCOME_BACK)]
        self.query_one("#log", LogTail).add(told)
        self.redraw()

    # ----- drawing the table --------------------------------------------------------------------

    def rules(self) -> Rules:
        return self.session.game.rules

    def pairing(self) -> bool:
        return self.session.stage is Stage.PAIRING

    def drawing(self) -> bool:
        return self.session.stage is Stage.DRAW

    def redraw(self) -> None:
        if self.session.stage is Stage.COMPUTER and self.instant():
            self._play_the_computers()  # at once: no "press F to skip ahead" flashing by as they play
        session, game = self.session, self.session.game
        stage, seen = session.stage, session.seen
        covered = stage is Stage.HAND_OVER
        self.query_one("#table").display = not covered
        self.query_one("#cover").display = covered
        if covered:  # nothing of the table shows: not even the last learner's hand
            self._show_cover()
            self._stage_shown(stage)
            return
        if stage is Stage.CHOOSE_GIVER and self.shown_stage is not Stage.CHOOSE_GIVER:
            self.seat_cursor = session.giver_cursor()  # guided: on a seat the rules let them draw from
        hidden = session.together and stage is Stage.COMPUTER and bool(seen.hand)  # the next learner may be at the keyboard already
        shown = face_down_for_others(seen) if hidden and not game.rules.pairs_face_up else seen
        self.draw_cards(game, shown, session.seats, session.drawn_card, "" if hidden else session.news, session.letters)
        if hidden:
            name = session.names[session.viewer]
            self.query_one("#hand", HandView).show([], empty=tr(HIDDEN_WHILE_COMPUTERS_PLAY).format(name=name))
        cursor = self.seat_cursor if stage is Stage.CHOOSE_GIVER else None
        self.query_one(SeatsRow).show(seen, cursor, self.flagged_seats, game, session.shows_giver)
        self.show_panel()
        self.show_prompt()
        self._stage_shown(stage)
        self._schedule_computers()

    def _stage_shown(self, stage: Stage) -> None:
        if stage != self.shown_stage:  # the footer rebuilds itself on every call: only when keys change
            self.shown_stage = stage
            self.focus_for_the_move()
            self.refresh_bindings()

    def _show_cover(self) -> None:
        """The hand-over: whose turn it is and what to do, on an empty table."""
        session = self.session
        name = session.table_seats.who(session.passing_to)
        text = Text(tr("{name}'s turn").format(name=name) + "\n\n", style="bold")
        leaving = session.viewer
        if leaving != session.passing_to and not session.game.hands[leaving]:  # their last pair just went: said before they pass
            text.append(went_out(session.game, session.table_seats, leaving) + "\n\n")
        text.append(with_keys(session.next_step(), self.BINDINGS))
        text.append("\n\n" + tr("Everyone else: no peeking at the cards!"), style="italic")
        self.query_one("#cover", Static).update(text)

    def prompt_words(self) -> str:
        stage = self.session.stage
        if self.session.guidance == "guided" or stage in (Stage.COMPUTER, Stage.OVER):
            words = with_keys(self.session.next_step(), self.BINDINGS)
        else:
            told = self.session.only_giver()
            words = (told and told + " ") + _short_prompt(stage)
        if self.session.together and stage not in (Stage.COMPUTER, Stage.OVER):  # whose cards these are, at one keyboard
            return tr("{name}: {prompt}").format(name=self.session.names[self.session.viewer], prompt=words)
        return words

    # ----- the learner's moves ------------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        stage = self.session.stage
        allowed = {
            "select": stage is Stage.PAIRING,
            "done": stage is Stage.PAIRING,
            "confirm": stage in (Stage.PAIRING, Stage.CHOOSE_GIVER, Stage.DRAW),
            "ready": stage is Stage.HAND_OVER,
            "skip": stage is Stage.COMPUTER,
            "new_game": stage is Stage.OVER,
            "hint": stage not in (Stage.OVER, Stage.HAND_OVER) and self.session.hints_allowed,
            # picture cards have no ranks or suits: matching pictures sit together
            "sort": not self.session.game.rules.pictures and stage is not Stage.HAND_OVER,
        }
        return allowed.get(action, True)

    def action_ready(self) -> None:
        """The next learner is at the keyboard, and only they are looking: show their hand."""
        if self.session.stage is not Stage.HAND_OVER:
            return
        self.session.hand_over()
        self.forget_what_was_said()
        hand = self.query_one("#hand", HandView)
        hand.selected.clear()
        hand.cursor = 0  # their own hand from its first card, not where the last learner left the cursor
        self._save()
        self.redraw()
        self.call_after_refresh(self._laid_out)

    @unless_closed
    def _laid_out(self) -> None:
        """The table once laid out again after the hand-over: the seats fill their boxes."""
        self.redraw()

    def action_move(self, step: int) -> None:
        stage = self.session.stage
        if stage is Stage.CHOOSE_GIVER:
            rules, viewer = self.session.game.rules, self.session.viewer
            self.move_seat_cursor(step, viewer, rules, [seat for seat in range(rules.players) if seat != viewer])
        elif isinstance(self.focused, CardRow):
            self.focused.move_cursor(step)

    def action_confirm(self) -> None:
        stage = self.session.stage
        if stage is Stage.PAIRING:
            self._lay_down_selected()
        elif stage is Stage.CHOOSE_GIVER:
            self.choose_at_cursor()
        elif stage is Stage.DRAW:
            self.draw_at(self.query_one("#fan", FanView).cursor)

    def action_key(self, key: str) -> None:
        """A card's key (shown under it) or a player's number."""
        stage = self.session.stage
        index = index_of(key)
        if index is None:
            return
        if stage is Stage.CHOOSE_GIVER and 1 <= index + 1 < self.session.game.rules.players:
            self.seat_cursor = self.session.game.rules.seat_left_of(self.session.viewer, index + 1)  # numbered from the viewer's left
            self.choose_giver(self.seat_cursor)
        elif stage is Stage.CHOOSE_GIVER:
            self.no_such_key(key, players=True)
        else:
            self.pick_by_key(key, index)

    def on_seat_view_chosen(self, event: SeatView.Chosen) -> None:
        if self.session.stage is Stage.CHOOSE_GIVER:
            self.seat_cursor = event.seat
            self.choose_giver(event.seat)

    def action_done(self) -> None:
        self._after(self.session.finish_pairing())

    def _lay_down_selected(self) -> None:
        chosen = self.selected_pair()
        if chosen is None:
            return
        self._after(self.session.lay_down(chosen))

    def choose_giver(self, seat: int) -> None:
        self._after(self.session.choose_giver(seat))

    def draw_at(self, position: int) -> None:
        self._after(self.session.draw(position))

    def _after(self, outcome: Outcome) -> None:
        self.forget_what_was_said()
        self.recorder.game_move(outcome)
        if outcome.refused:
            self.show_mistake(outcome, own=not self.session.hints_allowed)
        else:
            self._narrate(outcome.lines)
        self._save()
        self.redraw()

    def _narrate(self, lines: list[str]) -> None:
        self.query_one("#log", LogTail).add(lines)

    def _save(self) -> None:
        """The game in progress, in the host's profile; once it is over, each learner's game in theirs."""
        if self.session.game.is_over:
            self._record_finished()
        else:
            learner(self).recorder.game_saved(self.session.to_dict())

    def _record_finished(self) -> None:
        if self.finished_recorded:
            return
        self.finished_recorded = True
        session = self.session
        if session.together:
            for seat, player in session.learners.items():
                self.players[seat].recorder.game_finished(session.game, len(player.mistakes), learner=seat, keep_saved_game=seat != session.humans[0])
        else:
            self.celebration = self.recorder.game_finished(session.game, len(session.mistakes))
        self.set_timer(1.2 * self.pause() + 0.3, self._show_end)

    def _show_end(self) -> None:
        from tutor.ui.end_screen import EndScreen

        if self.is_current:
            self.app.push_screen(EndScreen(self.session, self.celebration, self.guests))

    def release_guests(self) -> None:
        """The learners who played here too may be opened in another window again."""
        for guest in self.guests:
            guest.release()

    # ----- hints --------------------------------------------------------------------------------

    def action_hint(self) -> None:
        if not self.session.hints_allowed:
            return
        next_level = self.session.hint_level + 1
        if next_level >= LEVELS and self.session.hint_level < LEVELS and self.session.peek_hint(LEVELS).reveals:
            ask_before_the_answer(self.app, lambda: self._show_hint(self.session.hint()))
            return
        self._show_hint(self.session.hint())

    def _show_hint(self, hint: Hint) -> None:
        self.show_hint(hint, self.session.stage is Stage.CHOOSE_GIVER)
        self.redraw()

    # ----- the computer players ---------------------------------------------------------------

    def _schedule_computers(self) -> None:
        if self.session.stage is Stage.COMPUTER and self.timer is None:
            self.timer = self.set_timer(self.pause(), self._computer_turn)

    def _computer_turn(self) -> None:
        self.timer = None
        if self.session.stage is Stage.COMPUTER:
            self.forget_what_was_said()
            outcome = self.session.play_computer_turn()
            self._narrate(outcome.lines)
            self._save()
        self.redraw()

    def action_skip(self) -> None:
        if self.timer is not None:
            self.timer.stop()
            self.timer = None
        self._play_the_computers()
        self.forget_what_was_said()
        self.redraw()

    def _play_the_computers(self) -> None:
        """Every computer turn until a learner is due or the game is over, told in the log at once."""
        lines: list[str] = []
        while self.session.stage is Stage.COMPUTER:
            lines += self.session.play_computer_turn().lines
        self._narrate(lines)
        self._save()

    # ----- other keys ---------------------------------------------------------------------------

    def action_new_game(self) -> None:
        self.app.pop_screen()
        if self.guests:  # the same learners again
            tutor_app(self).open_hot_seat([guest.name for guest in self.guests])
        else:
            tutor_app(self).open_game(resume=False, choose_deck=True)

    def action_leave(self) -> None:
        if self.close_the_box():
            return
        if self.timer is not None:
            self.timer.stop()
        self.release_guests()
        self.app.pop_screen()


def _short_prompt(stage: Stage) -> str:
    words = {
        Stage.PAIRING: mark("Lay down your pairs, then press D."),
        Stage.CHOOSE_GIVER: mark("Your turn: who do you draw from? Pick that player."),
        Stage.DRAW: mark("Your turn: draw a card."),
    }.get(stage, "")
    return tr(words) if words else words
