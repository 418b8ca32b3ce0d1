"""The quiz: a round of eight questions, the table each question is about, and the round's end.

The screen shows a `QuizRound` (tutor.quiz) and turns keys and clicks into answers; answers are
reported through the learner's `Recorder` (tutor.learner). There is no timer: the learner reads,
answers, reads why, and moves on when ready. On a small terminal, a line at the bottom says when
there is more below (the answers, or the reason), and the number keys answer wherever they are.
"""

from __future__ import annotations

import time
from collections.abc import Collection, Sequence

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Button, OptionList, Static
from textual.widgets.option_list import Option

from tutor.engine import Card
from tutor.language import mark, ntr, tr
from tutor.learner.celebrations import Celebration, quiz_done
from tutor.quiz import Position, Question, QuizRound, Result, Summary
from tutor.quiz.words import (
    COMES_BACK,
    LESSONS_WORTH_A_LOOK,
    LOOK_AGAIN,
    NOT_QUITE,
    RIGHT,
    came_back,
    pointer_words,
    seat_marks,
    seat_name,
    since_missed,
    the_answer,
    try_again,
)
from tutor.ui.answers import RIGHT_MARK, WRONG_MARK, AnswerList, how_to_choose, option_line
from tutor.ui.cards import HandView
from tutor.ui.dialogs import ConfirmScreen
from tutor.ui.footer import TutorFooter
from tutor.ui.header import TutorHeader
from tutor.ui.keys import READ_FIRST
from tutor.ui.opening import unless_closed
from tutor.ui.page import MORE_BELOW, SHORT_TERMINAL, MoreBelow, Page
from tutor.ui.reach import learner
from tutor.ui.rules_words import rules_and_players

MORE_MARK = "▼"
BACK = "▒"
"""A card seen from the back (as the lessons and the game table draw other players' hands)."""
ANSWERS_BELOW = mark("Answers below: press ↓ to see them")
MORE_TO_READ = mark("More below: press PgDn to read it, or Enter to go on")
MORE_TO_SEE = mark("More below: press ↓ or PgDn to see it")
SIGNS = (ANSWERS_BELOW, MORE_TO_READ, MORE_TO_SEE)
"""The line under a question while some of it is out of sight (between two MORE_MARKs): one line,
so it must fit 60 columns in every language (tests/test_quiz_languages.py)."""


class SeatCards(HandView):
    """Someone's cards in a quiz position, face up; only to look at."""

    def __init__(self, *, letters: bool = False, id: str | None = None) -> None:
        super().__init__(letters=letters, id=id)
        self.can_focus = False

    def empty_text(self) -> str:
        return tr("No cards.")


class QuizScreen(Screen[None]):
    CSS_PATH = "quiz.tcss"
    HELP_TITLE = mark("The quiz")
    BINDINGS = [
        *[Binding(str(number), f"answer({number})", show=False, tooltip=mark("Choose an answer by its number")) for number in range(1, 5)],
        Binding("escape", "leave", mark("Home"), tooltip=mark("Home (once you have answered, you are asked first)")),
    ]

    def __init__(self, seed: int | None = None, retry: Sequence[Question] = ()) -> None:
        super().__init__()
        session = learner(self)
        self.seed = seed
        self.letters = session.settings.suit_style == "letters"
        self.recorder = session.recorder
        self.round = QuizRound(session.settings, seed, recorder=self.recorder, retry=retry)
        self.result: Result | None = None
        self._answered_at = 0.0
        self._reason_to_show = False
        """Set by an answer: scroll to the reason once it has been laid out."""

    def compose(self) -> ComposeResult:
        yield TutorHeader()
        with Vertical(id="quiz-head"):  # the question stays in sight while its table, answers and reason scroll
            yield Static(id="quiz-progress")
            yield Static(id="quiz-prompt")
        with Page(id="quiz"):
            with Vertical(id="quiz-table"):
                yield Static(id="quiz-others")
                yield Static(id="quiz-you-label")
                yield SeatCards(letters=self.letters, id="quiz-you")
            yield SeatCards(letters=self.letters, id="quiz-cards")
            yield AnswerList(id="quiz-options")
            yield Static(id="quiz-how")
            yield Static(id="quiz-feedback")
            yield _next_button()
        yield Static(id="quiz-more")
        yield TutorFooter()

    @unless_closed
    def on_mount(self) -> None:
        rules = self.round.rules
        self.sub_title = f"{tr('Quiz')} · {rules_and_players(rules)}"
        for problem in self.round.problems:
            self.notify(problem, severity="warning", timeout=15, markup=False)
        scroller = self.query_one("#quiz", VerticalScroll)
        self.watch(scroller, "scroll_y", self._show_more_sign, init=False)
        self.watch(scroller, "virtual_size", self._laid_out, init=False)
        self._fit_the_head()
        self.show_question()

    def on_resize(self) -> None:
        self._fit_the_head()
        self.call_after_refresh(self._show_more_sign)

    def _fit_the_head(self) -> None:
        """On a short terminal the question sits closer to its answers (its reason and the Next
        button must still fit below it)."""
        self.query_one("#quiz-head").set_class(self.app.size.height < SHORT_TERMINAL, "-short")  # (not the screen: all of it would restyle)

    def _laid_out(self) -> None:
        """The page changed size: after an answer, bring the reason into view from its first line."""
        if self._reason_to_show:
            self._reason_to_show = False
            feedback = self.query_one("#quiz-feedback", Static)
            self.query_one("#quiz", VerticalScroll).scroll_to_widget(feedback, animate=False)
        self.call_after_refresh(self._show_more_sign)

    @unless_closed  # called after a refresh, when the screen may already have closed
    def _show_more_sign(self) -> None:
        """A line at the bottom while anything is below the fold, naming the answers if they are."""
        scroller = self.query_one("#quiz", VerticalScroll)
        sign = self.query_one("#quiz-more", Static)
        below = scroller.max_scroll_y - scroller.scroll_y > 1  # more than the bottom padding
        if below:
            options = self.query_one("#quiz-options", OptionList)
            hidden = options.region.bottom > scroller.region.bottom
            question = self.round.current
            if self.result is None and hidden and question is not None:
                words = tr(ANSWERS_BELOW)
            elif self.result is not None:
                words = tr(MORE_TO_READ)
            else:
                words = tr(MORE_TO_SEE)
            sign.update(Text(f"{MORE_MARK} {words} {MORE_MARK}"))
        sign.display = below

    # ----- showing a question ------------------------------------------------------------------

    def show_question(self) -> None:
        question = self.round.current
        assert question is not None
        self.result = None
        self.query_one("#quiz-progress", Static).update(Text(self.round.progress, style="bold"))
        self.query_one("#quiz-prompt", Static).update(Text(question.prompt))
        self._show_position(question.position)
        cards = self.query_one("#quiz-cards", SeatCards)
        cards.display = bool(question.cards) and question.position is None
        cards.show(list(question.cards))
        options = self.query_one("#quiz-options", OptionList)
        options.disabled = False
        options.set_options(Option(Text(f"{number}. {text}"), id=str(number - 1)) for number, text in enumerate(question.options, 1))
        options.highlighted = None  # none lit up at first: see AnswerList
        how = self.query_one("#quiz-how", Static)
        how.update(how_to_choose(len(question.options)))
        how.display = True
        options.focus(scroll_visible=False)  # keep the question in view on small screens
        self.query_one("#quiz-feedback", Static).display = False
        self.query_one("#quiz-next", Button).display = False
        self.query_one("#quiz", VerticalScroll).scroll_home(animate=False)
        self.call_after_refresh(self._show_more_sign)
        self.refresh_bindings()

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        """Moving through the answers brings them into view."""
        if self.result is not None:
            return
        scroller = self.query_one("#quiz", VerticalScroll)
        scroller.scroll_to_widget(self.query_one("#quiz-how"), animate=False)  # the line that says how to answer,
        scroller.scroll_to_widget(event.option_list, animate=False)  # but the answers first if not both fit

    def _show_position(self, position: Position | None) -> None:
        table = self.query_one("#quiz-table", Vertical)
        table.display = position is not None
        if position is None:
            return
        table.border_title = tr("behind the scenes: every hand face up") if position.behind_the_scenes else None
        self.query_one("#quiz-others", Static).update(_others_text(position, self.letters))
        self.query_one("#quiz-you-label", Static).update(_seat_label(position, 0))
        self.query_one("#quiz-you", SeatCards).show(list(position.hands[0]))

    # ----- answering -----------------------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """A number is a key only while it names an answer to the question in front of the learner
        (1 or 2 for true or false), so help lists those keys alone."""
        if action == "answer":
            return self._answerable(parameters[0])
        return True

    def _answerable(self, number: object) -> bool:
        question = self.round.current
        return self.result is None and question is not None and isinstance(number, int) and 1 <= number <= len(question.options)

    def action_answer(self, number: int) -> None:
        question = self.round.current
        if question is None or not self._answerable(number):
            return
        scroller, options = self.query_one("#quiz", VerticalScroll), self.query_one("#quiz-options", OptionList)
        view, answers = scroller.content_region, options.region
        if answers.bottom > view.bottom and answers.y > view.y:  # answers out of sight below: a child would answer unread
            scroller.scroll_to_widget(options, animate=False)  # (at 80x24 one answer showed, and 3 chose the third)
            return
        self.result = self.round.answer(number - 1)
        self._show_result(question, number - 1, self.result)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.action_answer(int(str(event.option.id)) + 1)

    def _show_result(self, question: Question, choice: int, result: Result) -> None:
        options = self.query_one("#quiz-options", OptionList)
        options.set_options(
            Option(option_line(number, text, number - 1 in question.correct, number - 1 == choice, tr("your choice")), id=str(number - 1))
            for number, text in enumerate(question.options, 1)
        )
        options.disabled = True
        self.query_one("#quiz-how", Static).display = False
        feedback = self.query_one("#quiz-feedback", Static)
        feedback.update(feedback_text(result))
        feedback.display = True
        button = self.query_one("#quiz-next", Button)
        button.label = tr("Next question (Enter)") if not self.round.is_over else tr("See how you did (Enter)")
        button.display = True
        button.focus(scroll_visible=False)
        self._reason_to_show = True  # the sign says if the button is below it
        self.refresh_bindings()
        self._answered_at = time.monotonic()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "quiz-next":
            self.action_next()

    def action_next(self) -> None:
        if self.result is None or time.monotonic() - self._answered_at < READ_FIRST:
            return  # an Enter typed with the answer (or arriving with it) was meant for the answer
        if self.round.is_over:
            self._show_summary()
        else:
            self.show_question()

    def _show_summary(self) -> None:
        summary = self.round.summary()
        words = self.recorder.quiz_round_finished(summary.right, summary.asked)
        self.app.switch_screen(QuizSummaryScreen(summary, self.seed, words))

    def action_leave(self) -> None:
        """Home before any answer; once one is given, only after asking (Escape is easily pressed
        by mistake); with every question answered, the round's score (Escape there goes Home)."""
        if self.round.is_over:
            self._show_summary()
        elif self.round.number <= 1 and self.result is None:
            self.app.pop_screen()
        else:
            question = tr("Leave this quiz round? The answers you already gave are saved and count for your progress. This round stops here and gets no score.")
            self.app.push_screen(ConfirmScreen(question, tr("Leave"), tr("Keep going"), no_first=True), self._leave_answered)

    def _leave_answered(self, leave: bool | None) -> None:
        if leave and self.app.screen is self:
            self.app.pop_screen()


class QuizSummaryScreen(Screen[None]):
    """The end of a round: the score, each missed question with its why, and what to do next."""

    CSS_PATH = "quiz.tcss"
    HELP_TITLE = mark("The end of the quiz round")
    BINDINGS = [
        Binding("t", "again", mark("Try these again")),
        Binding("n", "new_round", mark("New round")),
        Binding("escape", "home", mark("Home")),
    ]

    def __init__(self, summary: Summary, seed: int | None = None, words: Celebration | None = None) -> None:
        super().__init__()
        self.summary = summary
        self.seed = seed
        self.words = words if words is not None else quiz_done(summary.right, summary.asked)

    def compose(self) -> ComposeResult:
        yield TutorHeader()
        with Page(id="quiz-end") as page:
            yield Static(summary_text(self.summary, self.words, learner(self).locked_lessons()), id="quiz-summary")
            with Horizontal(classes="buttons"):
                if self.summary.try_again:
                    yield Button(tr("Try these again (T)"), id="again", variant="primary")
                yield Button(tr("New round (N)"), id="new-round", variant="default" if self.summary.try_again else "primary")
                yield Button(tr("Home (Esc)"), id="quiz-home")
        yield MoreBelow(page, tr(MORE_BELOW), id="quiz-end-more")
        yield TutorFooter()

    @unless_closed
    def on_mount(self) -> None:
        self.sub_title = tr("Quiz: how you did")
        self.query_one("#quiz-end", Page).focus(scroll_visible=False)  # not a button: an Enter pressed twice after the last answer would skip the score
        self.call_after_refresh(self._score_in_view)

    def on_resize(self) -> None:
        self.call_after_refresh(self.query_one(MoreBelow).follow)

    def _score_in_view(self) -> None:
        """The score at the top in view: on a tall summary the buttons may stay below, out of
        sight (a sign says so); their keys (T, N, Esc) work from anywhere."""
        self.query_one("#quiz-end", Page).scroll_home(animate=False, immediate=True)
        self.query_one(MoreBelow).follow()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return bool(self.summary.try_again) if action == "again" else True

    def on_button_pressed(self, event: Button.Pressed) -> None:
        actions = {"again": self.action_again, "new-round": self.action_new_round, "quiz-home": self.action_home}
        actions[str(event.button.id)]()

    def action_again(self) -> None:
        self.app.switch_screen(QuizScreen(self._next_seed(), retry=self.summary.try_again))

    def action_new_round(self) -> None:
        self.app.switch_screen(QuizScreen(self._next_seed()))

    def action_home(self) -> None:
        self.app.pop_screen()

    def _next_seed(self) -> int | None:
        return None if self.seed is None else self.seed + 1


def _next_button() -> Button:
    """The button to the next question: pressed again for each question, it takes every press. A
    Button ignores presses for 0.2 s after one (its "pressed" look), and an Enter then was lost;
    how soon Enter may go on after an answer is READ_FIRST's to say (tutor.ui.keys)."""
    button = Button(tr("Next question (Enter)"), id="quiz-next", variant="primary")
    button.active_effect_duration = 0
    return button


# ----- words and marks ---------------------------------------------------------------------------


def feedback_text(result: Result) -> Text:
    """What an answer gets: right or not, the answer if it was missed, and why."""
    text = Text()
    if result.right:
        text.append(f"{RIGHT_MARK} {tr(RIGHT)}", style="bold")
    else:
        text.append(f"{WRONG_MARK} {tr(NOT_QUITE)}", style="bold")
        text.append(f"{the_answer(result.answers)}\n", style="bold")
    text.append(result.explanation)
    if result.comes_back:
        text.append(f"\n\n{tr(COMES_BACK)}", style="italic")
    return text


def _seat_label(position: Position, seat: int) -> Text:
    text = Text(seat_name(position, seat), style="bold")
    text.append(seat_marks(position, seat))
    return text


def _others_text(position: Position, letters: bool) -> Text:
    """Every other seat on one line each, clockwise from the learner's left: their cards face
    down (backs and how many), as a player sees them, or face up when the question looks behind
    the scenes (and says so)."""
    text = Text()
    for seat in range(1, len(position.names)):
        text.append_text(_seat_label(position, seat))
        hand = position.hands[seat]
        if hand:
            text.append(f" · {tr('holds')} ")  # not ": ", which read "Bea · ▶ draws: 5♥" as the card Bea draws
            text.append_text(_cards_text(hand, letters) if position.behind_the_scenes else _backs_text(len(hand)))
        else:  # one message: Spanish said "tiene sin cartas" for "holds" and "no cards"
            text.append(" · ")
            text.append(tr("holds no cards"), style="italic")
        text.append("\n")
    return text


def _backs_text(count: int) -> Text:
    return Text(f"{BACK * min(count, 3)} " + ntr("{count} card", "{count} cards", count).format(count=count))


def _cards_text(cards: Sequence[Card], letters: bool) -> Text:
    text = Text()
    for index, card in enumerate(cards):
        if index:
            text.append(" ")
        text.append(f"[{card.text(letters)}]", style="bold red" if card.is_red else "bold")
    return text


def summary_text(summary: Summary, words: Celebration, locked: Collection[str] = ()) -> Text:
    """The round's end: the celebration, the second tries, then each missed question with its
    answer and why, in the quiz's own words."""
    text = Text()
    text.append(words.headline + "\n", style="bold")
    if summary.second_tries:
        text.append(f"{came_back(summary)}\n", style="bold")
    for line in words.lines:
        text.append(line + "\n")
    text.append("\n")
    if summary.missed:
        text.append(f"{tr(LOOK_AGAIN)}\n", style="bold underline")
        for missed in summary.missed:
            question = missed.question
            text.append(f"\n• {question.prompt}\n", style="bold")  # lines below start at the edge:
            text.append(f"{the_answer(question.answers)}\n")  # an indent would
            text.append(f"{missed.explanation}\n")  # not carry on to the wrapped lines
            if since := since_missed(missed, summary):
                text.append(f"{since}\n", style="bold")
    if summary.try_again:
        text.append(f"\n{try_again(summary)} {tr('Press T to have another go.')}\n")
    titles = lesson_titles()
    for pointer in summary.lessons:
        often, explained = pointer_words(pointer, titles.get(pointer.lesson, pointer.lesson), pointer.lesson in locked)
        text.append(f"\n↺ {often}", style="bold")
        text.append(f"{explained}\n")
    if any(pointer.lesson not in locked for pointer in summary.lessons):  # one the learner can open now
        text.append("\n" + tr("{lessons_worth_a_look}: press L on the home screen.").format(lessons_worth_a_look=tr(LESSONS_WORTH_A_LOOK)) + "\n")
    return text


def lesson_titles() -> dict[str, str]:
    """Lesson titles by id, from the course files (without replaying them: this is quick)."""
    from tutor.learner.lessons import course_for_app

    return {lesson.id: lesson.title for lesson in course_for_app(replay=False).lessons}
