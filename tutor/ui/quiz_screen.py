"""The quiz: a round of eight questions, the table each question is about, and the round's end.

The screen shows a `QuizRound` (tutor.quiz) and turns keys and clicks into answers. There is no
timer: the learner reads, answers, reads why, and moves on when ready.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Button, Footer, OptionList, Static
from textual.widgets.option_list import Option

from tutor.engine import Card
from tutor.quiz import Position, Question, QuizRound, Result, Summary
from tutor.ui.cards import HandView
from tutor.ui.header import TutorHeader
from tutor.ui.table import where_is

RIGHT_MARK, WRONG_MARK = "✓", "✗"


class SeatCards(HandView):
    """Someone's cards in a quiz position, face up; only to look at."""

    def __init__(self, *, letters: bool = False, id: str | None = None) -> None:
        super().__init__(letters=letters, id=id)
        self.can_focus = False

    def empty_text(self) -> str:
        return "No cards."


class QuizScreen(Screen[None]):
    CSS_PATH = "quiz.tcss"
    HELP_TITLE = "The quiz"
    HELP_KEYS = [
        ("1-4", "choose an answer"),
        ("↑ ↓", "move between the answers"),
        ("Enter", "choose / the next question"),
        ("Escape", "back to the menu"),
    ]
    BINDINGS = [
        *[Binding(str(number), f"answer({number})", show=False) for number in range(1, 5)],
        Binding("escape", "leave", "Home"),
    ]

    def __init__(self, seed: int | None = None, retry: Sequence[Question] = ()) -> None:
        super().__init__()
        app = self.app
        self.seed = seed
        self.letters = app.settings.suit_style == "letters"  # type: ignore[attr-defined]
        self.round = QuizRound(app.settings, seed, app.store, app.profile, retry=retry)  # type: ignore[attr-defined]
        self.result: Result | None = None

    def compose(self) -> ComposeResult:
        yield TutorHeader()
        with VerticalScroll(id="quiz"):
            yield Static(id="quiz-progress")
            yield Static(id="quiz-prompt")
            with Vertical(id="quiz-table"):
                yield Static(id="quiz-others")
                yield Static(id="quiz-you-label")
                yield SeatCards(letters=self.letters, id="quiz-you")
            yield SeatCards(letters=self.letters, id="quiz-cards")
            yield OptionList(id="quiz-options")
            yield Static(id="quiz-feedback")
            yield Button("Next question (Enter)", id="quiz-next", variant="primary")
        yield Footer()

    def on_mount(self) -> None:
        rules = self.round.rules
        self.sub_title = f"Quiz · {rules.variant.capitalize()} rules · {rules.players} players"
        for problem in self.round.problems:
            self.notify(problem, severity="warning", timeout=15)
        self.show_question()

    # ----- showing a question ------------------------------------------------------------------

    def show_question(self) -> None:
        question = self.round.current
        assert question is not None
        self.result = None
        progress = f"Question {self.round.number} of {self.round.planned}"
        if self.round.is_return:
            progress += " · here it is again: you've got this!"
        self.query_one("#quiz-progress", Static).update(Text(progress, style="bold"))
        self.query_one("#quiz-prompt", Static).update(Text(question.prompt))
        self._show_position(question.position)
        cards = self.query_one("#quiz-cards", SeatCards)
        cards.display = bool(question.cards) and question.position is None
        cards.show(list(question.cards))
        options = self.query_one("#quiz-options", OptionList)
        options.disabled = False
        options.set_options(Option(Text(f"{number}. {text}"), id=str(number - 1))
                            for number, text in enumerate(question.options, 1))
        options.highlighted = 0
        options.focus(scroll_visible=False)  # keep the question in view on small screens
        self.query_one("#quiz-feedback", Static).display = False
        self.query_one("#quiz-next", Button).display = False
        self.query_one("#quiz", VerticalScroll).scroll_home(animate=False)

    def _show_position(self, position: Position | None) -> None:
        table = self.query_one("#quiz-table", Vertical)
        table.display = position is not None
        if position is None:
            return
        self.query_one("#quiz-others", Static).update(_others_text(position, self.letters))
        self.query_one("#quiz-you-label", Static).update(_seat_label(position, 0))
        self.query_one("#quiz-you", SeatCards).show(list(position.hands[0]))

    # ----- answering -----------------------------------------------------------------------------

    def action_answer(self, number: int) -> None:
        question = self.round.current
        if self.result is not None or question is None or not 1 <= number <= len(question.options):
            return
        self.result = self.round.answer(number - 1)
        self._show_result(question, number - 1, self.result)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.action_answer(int(str(event.option.id)) + 1)

    def _show_result(self, question: Question, choice: int, result: Result) -> None:
        options = self.query_one("#quiz-options", OptionList)
        options.set_options(
            Option(_marked(number, text, number - 1 in question.correct, number - 1 == choice), id=str(number - 1))
            for number, text in enumerate(question.options, 1)
        )
        options.disabled = True
        feedback = self.query_one("#quiz-feedback", Static)
        feedback.update(_feedback(result))
        feedback.display = True
        button = self.query_one("#quiz-next", Button)
        button.label = "Next question (Enter)" if not self.round.is_over else "See how you did (Enter)"
        button.display = True
        button.focus()
        self.call_after_refresh(button.scroll_visible, animate=False)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "quiz-next":
            self.action_next()

    def action_next(self) -> None:
        if self.result is None:
            return
        if self.round.is_over:
            self.app.switch_screen(QuizSummaryScreen(self.round.summary(), self.seed))
        else:
            self.show_question()

    def action_leave(self) -> None:
        self.app.pop_screen()


class QuizSummaryScreen(Screen[None]):
    """The end of a round: the score, each missed question with its why, and what to do next."""

    CSS_PATH = "quiz.tcss"
    HELP_TITLE = "The end of the quiz round"
    HELP_KEYS = [("T", "try the missed questions again"), ("N", "a new round"), ("Escape", "back to the menu")]
    BINDINGS = [
        Binding("t", "again", "Try these again"),
        Binding("n", "new_round", "New round"),
        Binding("escape", "home", "Home"),
    ]

    def __init__(self, summary: Summary, seed: int | None = None) -> None:
        super().__init__()
        self.summary = summary
        self.seed = seed

    def compose(self) -> ComposeResult:
        yield TutorHeader()
        with VerticalScroll(id="quiz-end"):
            yield Static(summary_text(self.summary), id="quiz-summary")
            with Horizontal(classes="buttons"):
                if self.summary.try_again:
                    yield Button("Try these again (T)", id="again", variant="primary")
                yield Button("New round (N)", id="new-round", variant="default" if self.summary.try_again else "primary")
                yield Button("Home (Esc)", id="home")
        yield Footer()

    def on_mount(self) -> None:
        self.sub_title = "Quiz: how you did"
        self.query_one(Button).focus()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return bool(self.summary.try_again) if action == "again" else True

    def on_button_pressed(self, event: Button.Pressed) -> None:
        actions = {"again": self.action_again, "new-round": self.action_new_round, "home": self.action_home}
        actions[str(event.button.id)]()

    def action_again(self) -> None:
        self.app.switch_screen(QuizScreen(self._next_seed(), retry=self.summary.try_again))

    def action_new_round(self) -> None:
        self.app.switch_screen(QuizScreen(self._next_seed()))

    def action_home(self) -> None:
        self.app.pop_screen()

    def _next_seed(self) -> int | None:
        return None if self.seed is None else self.seed + 1


# ----- words and marks ---------------------------------------------------------------------------


def _marked(number: int, text: str, right: bool, chosen: bool) -> Text:
    line = Text(f"{number}. {text}")
    if right:
        line.append(f"  {RIGHT_MARK} the answer", style="bold")
    elif chosen:
        line.append(f"  {WRONG_MARK} your choice", style="bold")
    return line


def _feedback(result: Result) -> Text:
    text = Text()
    if result.right:
        text.append(f"{RIGHT_MARK} Right! ", style="bold")
    else:
        text.append(f"{WRONG_MARK} Not quite. ", style="bold")
        text.append(f"The answer: {' / '.join(result.answers)}.\n", style="bold")
    text.append(result.explanation)
    if result.comes_back:
        text.append("\n\nThis one comes back in a moment, so you can try it again.", style="italic")
    return text


def _seat_label(position: Position, seat: int) -> Text:
    name = position.names[seat]
    if seat == 0:
        text = Text(name if name == "You" else f"{name} (you)", style="bold")
    else:
        text = Text(f"{name} ({where_is(seat, len(position.names))})", style="bold")
    marks = []
    if seat == position.dealer:
        marks.append("dealer")
    if seat in position.safe:
        marks.append("safe ✓")
    if seat == position.drawer:
        marks.append("▶ draws")
    if seat == position.giver:
        marks.append("◀ offers")
    if marks:
        text.append(" · " + " · ".join(marks))
    return text


def _others_text(position: Position, letters: bool) -> Text:
    """Every other seat on one line each, clockwise from the learner's left, cards face up."""
    text = Text()
    for seat in range(1, len(position.names)):
        text.append_text(_seat_label(position, seat))
        text.append(": ")
        text.append_text(_cards_text(position.hands[seat], letters))
        text.append("\n")
    return text


def _cards_text(cards: Sequence[Card], letters: bool) -> Text:
    if not cards:
        return Text("no cards", style="italic")
    text = Text()
    for index, card in enumerate(cards):
        if index:
            text.append(" ")
        text.append(f"[{card.text(letters)}]", style="bold red" if card.is_red else "bold")
    return text


def summary_text(summary: Summary) -> Text:
    text = Text()
    text.append(f"You got {summary.right} of {summary.asked} right", style="bold")
    if summary.second_tries:
        text.append(f", and {summary.second_tries_right} of {summary.second_tries} on the second try", style="bold")
    text.append(".\n")
    text.append(_cheer(summary) + "\n\n")
    if summary.missed:
        text.append("The ones to look at again:\n", style="bold underline")
        for missed in summary.missed:
            question = missed.question
            text.append(f"\n• {question.prompt}\n", style="bold")
            text.append(f"  The answer: {' / '.join(question.answers)}\n")
            text.append(f"  {missed.explanation}\n")
    if summary.try_again:
        text.append(f"\nTry these again: {len(summary.try_again)} question"
                    f"{'s' if len(summary.try_again) > 1 else ''} still to get right. Press T to have another go.\n")
    titles = lesson_titles()
    for pointer in summary.lessons:
        text.append(f"\n↺ {pointer.title}: missed {pointer.misses} times. ", style="bold")
        lesson = titles.get(pointer.lesson, pointer.lesson)
        text.append(f"The lesson “{lesson}” explains it; it's worth another look (L on the home screen).\n")
    return text


def lesson_titles() -> dict[str, str]:
    """Lesson titles by id, from the course files (without replaying them: this is quick)."""
    from tutor.ui.lessons_screen import course_for_app

    return {lesson.id: lesson.title for lesson in course_for_app(replay=False).lessons}


def _cheer(summary: Summary) -> str:
    if summary.right == summary.asked:
        return "Brilliant: every one right first time!"
    if summary.right * 2 >= summary.asked:
        return "Well done! A few more tries and you'll know them all."
    return "Good practice! Every question you try helps the rules stick."
