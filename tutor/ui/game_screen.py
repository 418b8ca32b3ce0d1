"""The table: a guided game of Old Maid against computer players.

The screen renders a `GuidedGame` and turns keys and clicks into its moves. Every move is saved
in the learner store as soon as it is made, so nothing is lost if the terminal closes.
"""

from __future__ import annotations

import textwrap

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.timer import Timer
from textual.widgets import Footer, Log, Static

from tutor.engine import Card, Draw, LayDown, cards_text
from tutor.explanations import Explanation
from tutor.guided_game import LEARNER, GuidedGame, Outcome
from tutor.hints import Hint
from tutor.ui.cards import CardRow, FanView, HandView
from tutor.ui.dialogs import ConfirmScreen
from tutor.ui.header import TutorHeader
from tutor.ui.notices import warn
from tutor.ui.table import SeatsRow, SeatView, direction_text, explanation_text

PAUSE_SECONDS = {"slow": 1.6, "normal": 0.9, "fast": 0.4, "instant": 0.0}


class GameScreen(Screen[None]):
    CSS_PATH = "game.tcss"
    HELP_TITLE = "Playing a game"
    HELP_KEYS = [
        ("← →", "move between cards (or players)"),
        ("Space", "select a card to lay down"),
        ("Enter", "lay down the selected pair / draw / choose"),
        ("1-9", "pick a card or player by number"),
        ("D", "done laying down pairs"),
        ("H", "a hint (press again for more)"),
        ("F", "skip ahead while the others play"),
        ("S", "sort your hand by rank or by suit"),
        ("R", "the rules"),
        ("N", "a new game, once this one is over"),
    ]
    BINDINGS = [
        Binding("left", "move(-1)", "←", show=False),
        Binding("right", "move(1)", "→", show=False),
        Binding("space", "select", "Select"),
        Binding("enter", "confirm", "Choose"),
        Binding("d", "done", "Done"),
        Binding("h", "hint", "Hint"),
        Binding("f", "skip", "Skip ahead"),
        Binding("s", "sort", "Sort"),
        Binding("r", "rules", "Rules"),
        Binding("n", "new_game", "New game"),
        Binding("escape", "leave", "Home"),
        *[Binding(str(number), f"number({number})", show=False) for number in range(1, 10)],
    ]

    def __init__(self, resume: bool = False, seed: int | None = None) -> None:
        super().__init__()
        self.resume = resume
        self.seed = seed
        self.session: GuidedGame = self._load_or_deal()
        self.seat_cursor = 1
        self.flagged_cards: set[Card] = set()
        self.flagged_seats: set[int] = set()
        self.message = Text()
        self.sort_by_suit = False
        self.timer: Timer | None = None
        self.finished_recorded = False
        self.shown_stage = ""

    # ----- setting up ---------------------------------------------------------------------------

    def _load_or_deal(self) -> GuidedGame:
        app = self.app
        saved = app.store.load_game(app.profile) if self.resume else None  # type: ignore[attr-defined]
        if saved is not None:
            try:
                return GuidedGame.from_dict(saved)
            except ValueError as error:
                warn(app, f"Your saved game could not be read ({error}), so a new game starts.", timeout=10)
        session = GuidedGame.new(app.settings, self.seed)  # type: ignore[attr-defined]
        app.store.save_game(app.profile, session.to_dict())  # type: ignore[attr-defined]
        return session

    def compose(self) -> ComposeResult:
        yield TutorHeader()
        with Vertical(id="table"):
            yield SeatsRow(self.session.names)
            yield Static(id="direction")
            with Horizontal(id="middle"):
                yield Log(id="log", auto_scroll=True)
                yield Static(id="pairs")
            yield Static(id="prompt")
            yield FanView(id="fan")
            yield HandView(letters=self.session.letters, id="hand")
        yield Footer()

    def on_mount(self) -> None:
        game = self.session.game
        rules = game.rules
        self.sub_title = f"{rules.variant.capitalize()} rules · {rules.players} players"
        self.query_one("#direction", Static).update(Text(direction_text(game)))
        told = self.session.log[-50:]
        if self.resume:
            told = [*told, "Welcome back! Your game carries on from where you stopped."]
        self.call_after_refresh(self._narrate, told)  # once the log knows its width
        self.refresh_table()

    # ----- drawing the table --------------------------------------------------------------------

    def refresh_table(self) -> None:
        session, game = self.session, self.session.game
        stage = session.stage
        self.query_one(SeatsRow).show(game, self.seat_cursor if stage == "choose-giver" else None, self.flagged_seats)
        hand = self.query_one("#hand", HandView)
        hand.show(self._sorted(session.hand), self.flagged_cards, session.drawn_card)
        fan = self.query_one("#fan", FanView)
        fan.display = stage == "draw"
        if stage == "draw" and game.giver is not None:
            fan.show(len(game.hands[game.giver]))
        self.query_one("#pairs", Static).update(self._pairs_text())
        self._show_prompt()
        if stage != self.shown_stage:  # the footer rebuilds itself on every call: only when keys change
            self.shown_stage = stage
            self._focus_for(stage)
            self.refresh_bindings()
        self._schedule_computers()

    def _sorted(self, cards: tuple[Card, ...]) -> list[Card]:
        if self.sort_by_suit:
            return sorted(cards, key=lambda card: (card.suit, card.rank_index))
        return sorted(cards)

    def _focus_for(self, stage: str) -> None:
        if stage == "draw":
            self.query_one("#fan", FanView).focus()
        elif stage == "pairing":
            self.query_one("#hand", HandView).focus()
        else:
            self.set_focus(None)

    def _pairs_text(self) -> Text:
        session, game = self.session, self.session.game
        face_up = game.rules.pairs_face_up
        text = Text("Pairs" + (" (face up)" if face_up else " (face down)") + "\n", style="bold")
        by_seat: dict[int, list[tuple[Card, Card]]] = {}
        for seat, pair in game.pairs:
            by_seat.setdefault(seat, []).append(pair)
        for seat, name in enumerate(session.names):
            pairs = by_seat.get(seat, [])
            label = "You" if seat == LEARNER else name
            if face_up or seat == LEARNER:
                shown = " ".join(cards_text(pair, session.letters).replace(" ", "") for pair in pairs)
                text.append(f"{label}: {shown or '-'}\n")
            else:
                text.append(f"{label}: {len(pairs)} pair{'s' if len(pairs) != 1 else ''}\n")
        return text

    def _show_prompt(self) -> None:
        prompt = self.query_one("#prompt", Static)
        if self.message:
            prompt.update(self.message)
            return
        stage = self.session.stage
        if self.session.guidance == "guided" or stage in ("computer", "over"):
            prompt.update(Text(self.session.next_step()))
        else:
            prompt.update(Text(_short_prompt(stage)))

    def say(self, text: Text) -> None:
        self.message = text
        self._show_prompt()

    # ----- the learner's moves ------------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        stage = self.session.stage
        allowed = {
            "select": stage == "pairing",
            "done": stage == "pairing",
            "confirm": stage in ("pairing", "choose-giver", "draw"),
            "skip": stage == "computer",
            "new_game": stage == "over",
            "hint": stage != "over",
        }
        return allowed.get(action, True)

    def action_move(self, step: int) -> None:
        stage = self.session.stage
        if stage == "choose-giver":
            players = self.session.game.rules.players
            self.seat_cursor = (self.seat_cursor - 1 + step) % (players - 1) + 1
            self.refresh_table()
        elif isinstance(self.focused, CardRow):
            self.focused.move_cursor(step)

    def action_select(self) -> None:
        self.query_one("#hand", HandView).toggle()

    def action_confirm(self) -> None:
        stage = self.session.stage
        if stage == "pairing":
            self._lay_down_selected()
        elif stage == "choose-giver":
            self._choose_giver(self.seat_cursor)
        elif stage == "draw":
            self._draw(self.query_one("#fan", FanView).cursor)

    def action_number(self, number: int) -> None:
        stage = self.session.stage
        if stage == "choose-giver" and number < self.session.game.rules.players:
            self.seat_cursor = number
            self._choose_giver(number)
        elif stage == "draw" and number <= self.query_one("#fan", FanView).count():
            self._draw(number - 1)
        elif stage == "pairing":
            self.query_one("#hand", HandView).toggle(number - 1)

    def on_card_row_picked(self, event: CardRow.Picked) -> None:
        stage = self.session.stage
        if isinstance(event.view, FanView) and stage == "draw":
            self._draw(event.index)
        elif isinstance(event.view, HandView) and stage == "pairing":
            event.view.toggle(event.index)

    def on_seat_view_chosen(self, event: SeatView.Chosen) -> None:
        if self.session.stage == "choose-giver":
            self.seat_cursor = event.seat
            self._choose_giver(event.seat)

    def action_done(self) -> None:
        self._after(self.session.finish_pairing())

    def _lay_down_selected(self) -> None:
        hand = self.query_one("#hand", HandView)
        if not hand.selected:
            self.say(Text("Select two cards of the same rank first: move with ← → and press Space on each one. "
                          "If you have no pairs, press D."))
            return
        chosen = sorted(hand.selected)
        outcome = self.session.lay_down(chosen)
        if not outcome.refused:
            hand.selected.clear()
        self._after(outcome)

    def _choose_giver(self, seat: int) -> None:
        self._after(self.session.choose_giver(seat))

    def _draw(self, position: int) -> None:
        self._after(self.session.draw(position))

    def _after(self, outcome: Outcome) -> None:
        self.flagged_cards, self.flagged_seats = set(), set()
        if outcome.refused:
            assert outcome.mistake is not None and outcome.explanation is not None
            self.flagged_cards = set(outcome.mistake.cards)
            self.flagged_seats = {seat for seat in outcome.mistake.seats[:1] if seat is not None}
            self._record_mistake(outcome)
            self.message = _mistake_text(outcome.explanation)
        else:
            self.message = Text()
            self._narrate(outcome.lines)
            self._save()
        self.refresh_table()

    def _record_mistake(self, outcome: Outcome) -> None:
        app, mistake = self.app, outcome.mistake
        assert mistake is not None
        app.store.record_mistake(app.profile, mistake.code.value, [str(card) for card in mistake.cards], "game")  # type: ignore[attr-defined]
        self._save()

    def _narrate(self, lines: list[str]) -> None:
        log = self.query_one("#log", Log)
        width = max(20, log.scrollable_content_region.width - 1)
        log.write_lines([part for line in lines for part in textwrap.wrap(line, width)], scroll_end=True)

    def _save(self) -> None:
        app = self.app
        if self.session.game.is_over:
            self._record_finished()
        else:
            app.store.save_game(app.profile, self.session.to_dict())  # type: ignore[attr-defined]

    def _record_finished(self) -> None:
        if self.finished_recorded:
            return
        self.finished_recorded = True
        app, game = self.app, self.session.game
        lost = game.loser == LEARNER
        result = ("won" if lost else "lost") if game.winner is not None else ("old-maid" if lost else "safe")
        app.store.record_finished_game(app.profile, game.rules.to_dict(), result, game.draws, len(self.session.mistakes))  # type: ignore[attr-defined]
        self.set_timer(1.2 * self._pause() + 0.3, self._show_end)

    def _show_end(self) -> None:
        from tutor.ui.end_screen import EndScreen

        if self.is_current:
            self.app.push_screen(EndScreen(self.session))

    # ----- hints --------------------------------------------------------------------------------

    def action_hint(self) -> None:
        if self.session.guidance == "own":
            self.say(Text("Hints are off in the “On your own” level. You can turn them on in Settings."))
            return
        next_level = self.session.hint_level + 1
        if next_level >= 3 and self.session.hint_level < 3:
            self.app.push_screen(ConfirmScreen("Are you sure you want to see the answer? You're close!", "Show me", "Let me try"), self._hint_confirmed)
            return
        self._show_hint(self.session.hint())

    def _hint_confirmed(self, sure: bool | None) -> None:
        if sure:
            self._show_hint(self.session.hint())

    def _show_hint(self, hint: Hint) -> None:
        text = Text(f"Hint {hint.level} of 3: ", style="bold")
        text.append(hint.text)
        move = hint.move if hint.shows_answer else None
        self.flagged_cards = set(move.cards) if isinstance(move, LayDown) else set()
        self.flagged_seats = {move.from_seat} if isinstance(move, Draw) else set()
        self.message = text
        self.refresh_table()

    # ----- the computer players ---------------------------------------------------------------

    def _pause(self) -> float:
        return PAUSE_SECONDS.get(self.app.settings.speed, 0.9)  # type: ignore[attr-defined]

    def _schedule_computers(self) -> None:
        if self.session.stage == "computer" and self.timer is None:
            self.timer = self.set_timer(self._pause(), self._computer_turn)

    def _computer_turn(self) -> None:
        self.timer = None
        if self.session.stage == "computer":
            self.message = Text()
            outcome = self.session.play_computer_turn()
            self._narrate(outcome.lines)
            self._save()
        self.refresh_table()

    def action_skip(self) -> None:
        if self.timer is not None:
            self.timer.stop()
            self.timer = None
        lines: list[str] = []
        while self.session.stage == "computer":
            lines += self.session.play_computer_turn().lines
        self._narrate(lines)
        self.message = Text()
        self._save()
        self.refresh_table()

    # ----- other keys ---------------------------------------------------------------------------

    def action_sort(self) -> None:
        self.sort_by_suit = not self.sort_by_suit
        self.refresh_table()
        self.notify("Sorted by suit." if self.sort_by_suit else "Sorted by rank.", timeout=2)

    def action_rules(self) -> None:
        from tutor.ui.rules_screen import RulesScreen

        self.app.push_screen(RulesScreen(self.session.game.rules))

    def action_new_game(self) -> None:
        self.app.pop_screen()
        self.app.open_game(resume=False)  # type: ignore[attr-defined]

    def action_leave(self) -> None:
        if self.timer is not None:
            self.timer.stop()
        self.app.pop_screen()


def _short_prompt(stage: str) -> str:
    return {
        "pairing": "Lay down your pairs, then press D.",
        "choose-giver": "Your turn: choose whom to draw from.",
        "draw": "Your turn: draw a card.",
    }.get(stage, "")


def _mistake_text(explanation: Explanation) -> Text:
    return Text("Not quite! ", style="bold") + explanation_text(explanation)
