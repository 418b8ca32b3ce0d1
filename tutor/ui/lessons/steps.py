"""One widget per kind of lesson step: what the step shows below its text, and the keys that
answer it. Each widget has its own bindings, live only while its step waits for an answer; it
sends the learner's answer to the lesson screen (`StepView.Answered`) and never judges it: the
screen hands it to the `LessonRun`, and gives the feedback back through `took`.

    explain          ReadView      nothing to answer: Enter (the screen's) goes on
    chart            ChartView     the same, with the chart of a simulation
    deal             DealView      Space / A / F
    lay-down         LayDownView   1-9 or ← → and Space to select, Enter to lay down, D for done
    seat             SeatView      1-9 or ← → and Enter (or a click) to point at a seat
    draw             DrawView      a seat as above, then a face-down card from the fan
    choice           ChoiceView    1-9, or ↑ ↓ and Enter
"""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.message import Message
from textual.widget import Widget
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from tutor.course import (
    Answer,
    ChartStep,
    ChoiceStep,
    DealCards,
    DealStep,
    Done,
    DrawFrom,
    DrawStep,
    ExplainStep,
    Feedback,
    FinishDealing,
    LayDownCards,
    LessonRun,
    PairStep,
    PickOption,
    PickSeat,
    SeatStep,
    Step,
)
from tutor.course.mistakes import flagged_cards
from tutor.engine import Card, Drew, Phase
from tutor.language import mark, ntr, tr
from tutor.ui.answers import AnswerList, how_to_choose, option_line
from tutor.ui.cards import CardRow, FanView, HandView
from tutor.ui.lessons.seats import LessonSeat, LessonSeats, seat_name
from tutor.ui.lessons.words import chart_text
from tutor.ui.page import SHORT_TERMINAL
from tutor.wording.table import deck_words, hand_heading, pairs_on_the_table


def numbers(meaning: str) -> list[BindingType]:
    """The keys 1-9, with what they pick here."""
    return [Binding(str(number), f"number({number})", show=False, tooltip=meaning) for number in range(1, 10)]


def arrows(meaning: str) -> list[BindingType]:
    """← and →, with what they move between here."""
    return [Binding(key, f"move({step})", show=False, tooltip=meaning) for key, step in (("left", -1), ("right", 1))]


class StepView(Vertical, can_focus=True):
    """The table of a step (chart, seats, deck, the learner's hand) and the kind's own parts."""

    class Answered(Message):
        def __init__(self, answer: Answer) -> None:
            super().__init__()
            self.answer = answer

    class Ready(Message):
        """The widget is mounted: the screen can draw it and give it the focus."""

        def __init__(self, view: StepView) -> None:
            super().__init__()
            self.view = view

    class Said(Message):
        """Something to tell the learner that is not an answer ("select a pair first")."""

        def __init__(self, text: Text) -> None:
            super().__init__()
            self.text = text

    def __init__(self, run: LessonRun, letters: bool) -> None:
        super().__init__(classes="step-view")
        self.run = run
        self.letters = letters
        self.flagged_cards: set[Card] = set()
        self.wrong_seats: set[int] = set()
        self.drawn_card: Card | None = None
        """The card the learner just drew, marked ★ in their hand."""
        self.retired = False
        """Set when the step is over and the widget is on its way out: its keys stop at once."""

    hand_keys: ClassVar[str] = ""
    """The keys shown under the learner's cards: only where a number key picks a card."""

    def compose(self) -> ComposeResult:
        yield Static(id="lesson-chart")
        yield LessonSeats()
        yield Static(id="lesson-deck")
        yield from self.compose_middle()
        yield Static(id="lesson-hand-label")
        yield HandView(letters=self.letters, id="lesson-hand", keys=self.hand_keys)
        yield Static(id="lesson-pairs")
        yield from self.compose_end()

    def on_mount(self) -> None:
        self.post_message(self.Ready(self))

    def compose_middle(self) -> ComposeResult:
        yield from ()

    def compose_end(self) -> ComposeResult:
        yield from ()

    @property
    def answering(self) -> bool:
        return not self.run.solved and not self.retired and self.is_mounted

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return self.answering

    # ----- what the screen asks of every step --------------------------------------------------

    def instruction(self) -> str:
        """What to do now, naming only keys this step's bindings take."""
        return ""

    def focus_target(self) -> Widget | None:
        return self if self.answering and self.BINDINGS else None

    def took(self, answer: Answer, feedback: Feedback) -> None:
        """The run's verdict on an answer, to mark on the table."""
        self.flagged_cards = set(flagged_cards(feedback.mistake)) if not feedback.right and feedback.mistake is not None else set()
        if isinstance(answer, (PickSeat, DrawFrom)) and not feedback.right:
            self.wrong_seats.add(answer.seat)
        self.query_one("#lesson-hand", HandView).selected.clear()  # a wrong pair is marked by its ! signs, not left to undo
        learner = self.run.learner
        self.drawn_card = next((event.card for event in feedback.events if isinstance(event, Drew) and event.drawer == learner), None)

    def answer(self, answer: Answer) -> None:
        self.post_message(self.Answered(answer))

    def say(self, words: str) -> None:
        self.post_message(self.Said(Text(words)))

    # ----- drawing -----------------------------------------------------------------------------

    def show(self, new_step: bool = False) -> None:
        run = self.run
        chart = self.query_one("#lesson-chart", Static)
        chart.display = bool(run.chart)
        chart.update(chart_text(run.chart))
        self.query_one(LessonSeats).show(run, self.pointed_seats(), self.wrong_seats)
        self._show_deck()
        self._show_hand()

    def pointed_seats(self) -> set[int]:
        return set()

    def _show_deck(self) -> None:
        game = self.run.game
        deck = self.query_one("#lesson-deck", Static)
        deck.display = game is not None and game.phase is Phase.DEALING
        if game is None or not deck.display:
            return
        deck.update(Text(deck_words(game, isinstance(self.run.step, DealStep))))

    def _show_hand(self) -> None:
        run = self.run
        hand, label = self.query_one("#lesson-hand", HandView), self.query_one("#lesson-hand-label", Static)
        game, learner = run.game, run.learner
        cards = list(game.hands[learner]) if game is not None and learner is not None else []
        showing = game is not None and learner is not None and (bool(cards) or game.phase is not Phase.DEALING)
        label.display = showing
        hand.display = showing and bool(cards)
        hand.can_focus = self.hand_is_played()
        pairs = self.query_one("#lesson-pairs", Static)
        mine = [pair for seat, pair in game.pairs if seat == learner] if game is not None else []
        pairs.display = showing and bool(mine)
        if not showing:
            return
        label.update(Text(hand_heading(len(cards)), style="bold"))
        hand.show(sorted(cards), self.flagged_cards, self.drawn_card)
        self.fit_hand()
        pairs.update(Text(pairs_on_the_table(mine, self.letters)))

    def hand_is_played(self) -> bool:
        return False

    def fit_hand(self) -> None:
        """The hand's cards drawn as the table draws them: one line high on a short terminal when
        they take more than one row (at 60x20 a hand of ten pushed the step's words out of sight
        above). Chosen when the hand is shown, and after each resize."""
        width, height = self.app.size
        for hand in self.query("#lesson-hand").results(HandView):
            several_rows = hand.count() > hand.per_row(width - 4)  # less the lesson's edges and its scroll bar
            hand.scale = "compact" if height < SHORT_TERMINAL and several_rows else "normal"


class ReadView(StepView):
    """An explain or chart step: words, maybe a table or a chart, and nothing to answer."""

    def focus_target(self) -> Widget | None:
        return None


class ChartView(ReadView):
    """A chart step: each seat's share of Old Maids over many simulated games (the chart itself
    is drawn by every step that continues it, so a seat question can ask about it)."""


class DealView(StepView):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("space", "deal(1)", mark("Deal one"), tooltip=mark("Deal one card, to the next player")),
        Binding("enter", "deal(1)", mark("Deal one"), show=False, tooltip=mark("Deal one card, to the next player")),
        Binding("a", "deal(0)", mark("Deal all"), tooltip=mark("Deal all the cards that are left")),
        Binding("f", "finish_deal", mark("Finished"), tooltip=mark("Say the deal is finished.")),
    ]

    def instruction(self) -> str:
        return tr("Press Space to deal one card, A to deal all the rest, or F to say the deal is finished.")

    def action_deal(self, count: int) -> None:
        self.answer(DealCards(count or None))

    def action_finish_deal(self) -> None:
        """Say the deal is finished."""
        self.answer(FinishDealing())


class LayDownView(StepView):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("space", "select", mark("Select"), tooltip=mark("Select or unselect the card under the ▲.")),
        Binding("enter", "lay_down", mark("Lay down"), tooltip=mark("Lay down the cards you selected, as a pair.")),
        Binding("d", "done", mark("Done"), tooltip=mark("Say you're done laying down pairs.")),
        *arrows(mark("Move between your cards")),
        *numbers(mark("Select or unselect a card by its number")),
        Binding("0", "number(10)", show=False, tooltip=mark("Select or unselect a card by its number")),
    ]
    hand_keys = "1234567890"

    def instruction(self) -> str:
        return tr("Select the cards of a pair with Space (or the number under each card), then press Enter to lay them down. Press D when you're done.")

    def hand_is_played(self) -> bool:
        return self.answering

    def focus_target(self) -> Widget | None:
        return self.query_one("#lesson-hand") if self.answering else None

    def action_select(self) -> None:
        """Select or unselect the card under the ▲."""
        self.query_one("#lesson-hand", HandView).toggle()

    def action_number(self, number: int) -> None:
        self.query_one("#lesson-hand", HandView).toggle(number - 1)

    def action_move(self, step: int) -> None:
        self.query_one("#lesson-hand", HandView).move_cursor(step)

    def action_lay_down(self) -> None:
        """Lay down the cards you selected, as a pair."""
        hand = self.query_one("#lesson-hand", HandView)
        if not hand.selected:
            self.say(tr("Select the cards of a pair first: press Space on each one, or the number under it. No pairs left? Press D."))
            return
        lone = hand.lone_pick()
        if lone is not None:  # as at the table: half a pair, not a wrong one
            self.say(lone)
            return
        self.answer(LayDownCards(sorted(hand.selected)))

    def action_done(self) -> None:
        """Say you're done laying down pairs."""
        self.answer(Done())

    def on_card_row_picked(self, event: CardRow.Picked) -> None:
        if isinstance(event.view, HandView) and self.answering:
            event.view.toggle(event.index)


class SeatView(StepView):
    """A question answered by pointing at a seat."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "pick", mark("Choose"), tooltip=mark("Choose the player the ◆ points at")),
        *arrows(mark("Move between the players")),
        *numbers(mark("Choose a player by their number")),
    ]

    def __init__(self, run: LessonRun, letters: bool) -> None:
        super().__init__(run, letters)
        self.seat_cursor: int | None = None

    def instruction(self) -> str:
        return tr("Choose a player: press 1-{count}, or use ← → and Enter.").format(count=len(self.run.names))

    def pointed_seats(self) -> set[int]:
        return {self.seat_cursor} if self.answering and self.seat_cursor is not None else set()

    def action_move(self, step: int) -> None:
        game = self.run.game
        if self.seat_cursor is None and step > 0 or game is None:
            self.seat_cursor = 0
        else:
            self.seat_cursor = game.rules.next_seat(self.seat_cursor or 0, step)
        self.show()

    def action_pick(self) -> None:
        if self.seat_cursor is None:
            self.say(tr("Choose a player first: press their number, or use ← → to move to them."))
        else:
            self.pick_seat(self.seat_cursor)

    def action_number(self, number: int) -> None:
        if number <= len(self.run.names):
            self.pick_seat(number - 1)

    def on_lesson_seat_chosen(self, event: LessonSeat.Chosen) -> None:
        event.stop()
        if self.answering:
            self.pick_seat(event.seat)

    def pick_seat(self, seat: int) -> None:
        self.seat_cursor = seat
        self.answer(PickSeat(seat))


class DrawView(SeatView):
    """A draw: first the seat to take a card from, then a face-down card from its fan."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "pick", mark("Choose"), tooltip=mark("Choose the player (then the card) the cursor is on")),
        Binding("escape", "choose_again", mark("Someone else"), tooltip=mark("Choose someone else to take a card from.")),
        *arrows(mark("Move between the players, then between the cards held out")),
        *numbers(mark("Choose a player, then a card, by its number")),
    ]

    def __init__(self, run: LessonRun, letters: bool) -> None:
        super().__init__(run, letters)
        self.draw_from: int | None = None

    def on_mount(self) -> None:
        self.post_message(self.Ready(self))

    def compose_middle(self) -> ComposeResult:
        yield Static(id="lesson-fan-label")
        yield FanView(id="lesson-fan")

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return self.answering and (action != "choose_again" or self.draw_from is not None)

    def instruction(self) -> str:
        if self.draw_from is None:
            return tr("Who must you take a card from? Press 1-{count}, or use ← → and Enter.").format(count=len(self.run.names))
        return tr("Pick a card: press its number, or use ← → and Enter. (Escape: choose someone else.)")

    def pointed_seats(self) -> set[int]:
        return {seat for seat in (self.seat_cursor, self.draw_from) if seat is not None} if self.answering else set()

    def focus_target(self) -> Widget | None:
        if not self.answering:
            return None
        return self.query_one("#lesson-fan") if self.draw_from is not None else self

    def show(self, new_step: bool = False) -> None:
        super().show(new_step)
        run, fan, label = self.run, self.query_one("#lesson-fan", FanView), self.query_one("#lesson-fan-label", Static)
        showing = self.answering and run.game is not None and self.draw_from is not None
        fan.display = label.display = showing
        if showing:
            assert run.game is not None and self.draw_from is not None
            count = len(run.game.hands[self.draw_from])
            held_out = ntr("{name} holds out {count} card, face down:", "{name} holds out {count} cards, face down:", count)
            label.update(Text(held_out.format(name=seat_name(run, self.draw_from), count=count), style="bold"))
            fan.show(count)

    def action_move(self, step: int) -> None:
        if self.draw_from is None:
            super().action_move(step)
        else:
            self.query_one("#lesson-fan", FanView).move_cursor(step)

    def action_pick(self) -> None:
        if self.draw_from is not None:
            self._draw(self.query_one("#lesson-fan", FanView).cursor)
        else:
            super().action_pick()

    def action_number(self, number: int) -> None:
        if self.draw_from is None:
            super().action_number(number)
        elif number <= self.query_one("#lesson-fan", FanView).count():
            self._draw(number - 1)

    def action_choose_again(self) -> None:
        """Choose someone else to take a card from."""
        self.draw_from = None
        self.say("")

    def on_card_row_picked(self, event: CardRow.Picked) -> None:
        if isinstance(event.view, FanView) and self.answering and self.draw_from is not None:
            self._draw(event.index)

    def pick_seat(self, seat: int) -> None:
        run = self.run
        self.seat_cursor = seat
        if seat == run.learner:
            self.say(tr("That's you! Choose someone else to take a card from."))
        elif not run.may_draw_from(seat):
            self.answer(DrawFrom(seat))  # a seat the rules rule out (or an empty hand): told now, before any card
        else:
            self.draw_from = seat
            self.say("")

    def _draw(self, position: int) -> None:
        assert self.draw_from is not None
        self.answer(DrawFrom(self.draw_from, position))

    def took(self, answer: Answer, feedback: Feedback) -> None:
        super().took(answer, feedback)
        if isinstance(answer, DrawFrom) and not feedback.right:
            self.seat_cursor = self.draw_from = None


class ChoiceView(StepView):
    """A multiple-choice question: the options, numbered."""

    BINDINGS: ClassVar[list[BindingType]] = numbers(mark("Choose an answer by its number"))

    def __init__(self, run: LessonRun, letters: bool) -> None:
        super().__init__(run, letters)
        self.wrong_options: set[int] = set()

    def compose_end(self) -> ComposeResult:
        yield AnswerList(id="lesson-options")

    def instruction(self) -> str:
        return how_to_choose(len(self.run.options))

    def focus_target(self) -> Widget | None:
        return self.query_one("#lesson-options") if self.answering else None

    def action_number(self, number: int) -> None:
        if number <= len(self.run.options):
            self.answer(PickOption(number - 1))

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if self.answering:
            self.answer(PickOption(event.option_index))

    def took(self, answer: Answer, feedback: Feedback) -> None:
        super().took(answer, feedback)
        if isinstance(answer, PickOption) and not feedback.right:
            self.wrong_options.add(answer.index)

    def show(self, new_step: bool = False) -> None:
        super().show(new_step)
        run = self.run
        options = self.query_one("#lesson-options", OptionList)
        right = run.right_options() if run.solved else frozenset()
        highlighted = options.highlighted
        options.set_options(
            Option(option_line(number, text, number - 1 in right, number - 1 in self.wrong_options)) for number, text in enumerate(run.options, 1)
        )
        options.disabled = run.solved
        options.highlighted = None if run.solved or new_step else highlighted  # none lit up at first: see AnswerList


VIEWS: dict[type[Step], type[StepView]] = {
    ExplainStep: ReadView,
    ChartStep: ChartView,
    DealStep: DealView,
    PairStep: LayDownView,
    SeatStep: SeatView,
    DrawStep: DrawView,
    ChoiceStep: ChoiceView,
}


def view_for(run: LessonRun, letters: bool) -> StepView:
    """The widget for the step the run is on."""
    return VIEWS[type(run.step)](run, letters)
