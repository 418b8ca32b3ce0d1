"""The lessons: the list of lessons grouped by topic, and the screen that plays one lesson.

The list marks each lesson done, in progress or locked, with a symbol and words (never by colour
alone); a broken lesson file is listed with its problems and cannot be opened. The lesson screen
renders a `LessonRun` (tutor.course) and turns keys and clicks into its answers; the learner's
progress is saved in the store after every step, so a lesson can be continued later.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING, cast

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.events import Click
from textual.message import Message
from textual.screen import Screen
from textual.widgets import Footer, OptionList, ProgressBar, Static
from textual.widgets.option_list import Option
from textual.worker import Worker, WorkerState

from tutor.concepts import CONCEPTS
from tutor.course import (
    Answer,
    BrokenLesson,
    Course,
    DealCards,
    Done,
    DrawFrom,
    Feedback,
    FinishDealing,
    Hint,
    LayDownCards,
    Lesson,
    LessonRun,
    PickOption,
    PickSeat,
    Problem,
    StepBroken,
    TaskStep,
    load_course,
)
from tutor.course.check import replay_problems
from tutor.engine import Card, Game, cards_text
from tutor.narration import Narrator
from tutor.ui.cards import CardRow, FanView, HandView
from tutor.ui.dialogs import ConfirmScreen
from tutor.ui.header import TutorHeader
from tutor.ui.table import explanation_text, role_of, where_is
from tutor.wording import listed

if TYPE_CHECKING:
    from tutor.store import LessonProgress
    from tutor.ui.app import TutorApp

Entry = Lesson | BrokenLesson

OTHER_TOPIC = "More lessons"
BROKEN_TOPIC = "Lesson files with a problem"

DONE, STARTED, LOCKED, NEW, BROKEN = "✓", "▶", "🔒", "○", "✗"
MAX_SEATS = 9
CHECK_HINT = "A grown-up can see every problem with: old-maid-tutor lessons check"


@cache
def course_for_app(replay: bool = True) -> Course:
    """The course the app shows. Without `replay` it loads in a blink; with it, every solution
    is also played through (about a second), which finds the rest of the broken lessons."""
    return load_course(replay=replay)


# ----- where a learner stands with a lesson --------------------------------------------------------


@dataclass(frozen=True)
class Standing:
    mark: str
    words: str
    missing: tuple[str, ...] = ()
    """Titles of the lessons to finish first; empty when the lesson is open."""


def standing_of(lesson: Lesson, course: Course, progress: Mapping[str, LessonProgress], unlock_all: bool) -> Standing:
    saved = progress.get(lesson.id)
    if saved is not None and saved.finished:
        return Standing(DONE, "done")
    missing = () if unlock_all else tuple(
        title_of(course, required) for required in lesson.requires if not _finished(progress, required)
    )
    if missing:
        return Standing(LOCKED, f"locked: finish {and_list(missing)} first", missing)
    if saved is not None and 0 < saved.step < len(lesson.steps):
        return Standing(STARTED, f"step {saved.step + 1} of {len(lesson.steps)}")
    return Standing(NEW, "")


def _finished(progress: Mapping[str, LessonProgress], lesson_id: str) -> bool:
    saved = progress.get(lesson_id)
    return saved is not None and saved.finished


def title_of(course: Course, lesson_id: str) -> str:
    entry = next((entry for entry in course.entries if entry.id == lesson_id), None)
    return entry.title if entry is not None and entry.title else lesson_id


def and_list(titles: Sequence[str]) -> str:
    """'“A”', '“A” and “B”', '“A”, “B” and “C”'."""
    return listed([f"“{title}”" for title in titles])


def topic_of(lesson: Lesson) -> str:
    """The topic of the first concept the lesson itself teaches, else of its first concept."""
    own = [concept for concept in lesson.concepts if concept in CONCEPTS and CONCEPTS[concept].lesson == lesson.id]
    for concept in [*own, *lesson.concepts]:
        if concept in CONCEPTS:
            return CONCEPTS[concept].topic
    return OTHER_TOPIC


def grouped(course: Course) -> list[tuple[str, list[tuple[int, Entry]]]]:
    """The course's entries by topic, numbered in file order; topics in order of their first
    lesson, broken files last."""
    groups: dict[str, list[tuple[int, Entry]]] = {}
    for number, entry in enumerate(course.entries, 1):
        topic = topic_of(entry) if isinstance(entry, Lesson) else BROKEN_TOPIC
        groups.setdefault(topic, []).append((number, entry))
    return sorted(groups.items(), key=lambda group: group[0] == BROKEN_TOPIC)


def problems_text(problems: Sequence[Problem], heading: str) -> Text:
    text = Text(f"{BROKEN} {heading}\n", style="bold")
    for problem in problems:
        text.append(f"• {problem}\n")
    text.append(CHECK_HINT, style="italic")
    return text


def next_lesson(course: Course, after: str, progress: Mapping[str, LessonProgress], unlock_all: bool) -> Lesson | None:
    """The first lesson after `after`, in course order, that is neither done nor locked."""
    lessons = course.lessons
    ids = [lesson.id for lesson in lessons]
    later = lessons[ids.index(after) + 1:] if after in ids else lessons
    return next((lesson for lesson in later if standing_of(lesson, course, progress, unlock_all).mark in (NEW, STARTED)), None)


# ----- the list ------------------------------------------------------------------------------------


class LessonListScreen(Screen[None]):
    CSS_PATH = "lessons.tcss"
    HELP_TITLE = "The lessons"
    HELP_KEYS = [
        ("↑ ↓", "choose a lesson"),
        ("Enter", "open it"),
        (DONE, "done"),
        (STARTED, "started: carry on where you stopped"),
        (LOCKED, "locked: finish the lesson it names first"),
        (BROKEN, "a lesson file with a problem"),
        ("Escape", "back to the menu"),
    ]
    BINDINGS = [Binding("escape", "app.pop_screen", "Home")]

    def __init__(self) -> None:
        super().__init__()
        self.course = course_for_app(replay=False)
        self.entries: dict[str, Entry] = {}
        self.progress: Mapping[str, LessonProgress] = {}  # read from the store each time the list is filled

    @property
    def tutor(self) -> TutorApp:
        return cast("TutorApp", self.app)

    def compose(self) -> ComposeResult:
        yield TutorHeader()
        with Vertical(id="lesson-list-box"):
            yield OptionList(id="lesson-list")
            yield Static(id="lesson-about")
        yield Footer()

    def on_mount(self) -> None:
        self.sub_title = "Lessons"
        self.fill()
        self.run_worker(lambda: course_for_app(replay=True), thread=True, name="check-course")

    def on_screen_resume(self) -> None:
        self.fill()

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        if event.worker.name == "check-course" and event.state is WorkerState.SUCCESS:
            self.course = cast(Course, event.worker.result)
            self.fill()

    def fill(self) -> None:
        """List every lesson with its mark, keeping the highlighted one where it was."""
        listing = self.query_one("#lesson-list", OptionList)
        chosen = listing.highlighted_option.id if listing.highlighted_option is not None else None
        self.progress = progress = self.tutor.store.lesson_progress(self.tutor.profile)
        options: list[Option] = []
        self.entries = {}
        for topic, entries in grouped(self.course):
            options.append(Option(Text(topic, style="bold underline"), disabled=True))
            for number, entry in entries:
                key = f"entry-{number}"
                self.entries[key] = entry
                options.append(Option(self._line(number, entry, progress), id=key))
        listing.set_options(options)
        keys = [option.id for option in options]
        first = next(index for index, option in enumerate(options) if not option.disabled)
        listing.highlighted = keys.index(chosen) if chosen is not None and chosen in keys else first
        listing.focus()

    def _line(self, number: int, entry: Entry, progress: Mapping[str, LessonProgress]) -> Text:
        if isinstance(entry, BrokenLesson):
            mark, words = BROKEN, "broken: can't be opened"
        else:
            standing = self._standing(entry, progress)
            mark, words = standing.mark, standing.words
        line = Text(f"{mark} {number}. {entry.title or entry.path}")
        if words:
            line.append(f"  ({words})", style="italic")
        return line

    def _standing(self, lesson: Lesson, progress: Mapping[str, LessonProgress]) -> Standing:
        return standing_of(lesson, self.course, progress, self.tutor.settings.unlock_all_lessons)

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        entry = self.entries.get(str(event.option.id))
        if entry is not None:
            self.query_one("#lesson-about", Static).update(self._about(entry))

    def _about(self, entry: Entry) -> Text:
        if isinstance(entry, BrokenLesson):
            return problems_text(entry.problems, "This lesson file has a problem, so it can't be opened:")
        standing = self._standing(entry, self.progress)
        text = Text(f"{entry.title}\n", style="bold")
        text.append(f"{entry.intro.strip()}\n")
        if standing.mark == LOCKED:
            text.append(f"{LOCKED} Locked: finish {and_list(standing.missing)} first, then come back.", style="bold")
        elif standing.mark == DONE:
            text.append(f"{DONE} Done! Press Enter to play it again.", style="bold")
        elif standing.mark == STARTED:
            text.append(f"{STARTED} You stopped at {standing.words}. Press Enter to carry on.", style="bold")
        else:
            text.append(f"{len(entry.steps)} steps. Press Enter to start.", style="bold")
        return text

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.open_entry(self.entries.get(str(event.option.id)))

    def open_entry(self, entry: Entry | None) -> None:
        """Open a lesson; a locked one says again what to finish first, a broken file stays shut."""
        if not isinstance(entry, Lesson):
            return  # a broken file: its problems are already on show
        standing = self._standing(entry, self.progress)
        if standing.mark == LOCKED:
            self.notify(f"Finish {and_list(standing.missing)} first.", timeout=4, markup=False)
            return
        self.app.push_screen(LessonScreen(entry.id))


# ----- one lesson ------------------------------------------------------------------------------


class LessonSeat(Static):
    """One seat at a lesson's table: number, name, where it sits and what anyone can see of it."""

    class Chosen(Message):
        def __init__(self, seat: int) -> None:
            super().__init__()
            self.seat = seat

    def __init__(self, seat: int) -> None:
        super().__init__(id=f"lesson-seat-{seat}", classes="lesson-seat")
        self.seat = seat

    def on_click(self, event: Click) -> None:
        self.post_message(self.Chosen(self.seat))


class LessonScreen(Screen[None]):
    CSS_PATH = "lessons.tcss"
    HELP_TITLE = "A lesson"
    HELP_KEYS = [
        ("Enter or N", "the next step, once this one is done"),
        ("1-9", "pick a card, a player or an answer by number"),
        ("← → and Enter", "move between cards or players, and choose"),
        ("Space", "select a card to lay down"),
        ("Enter", "lay down the selected cards"),
        ("D", "done laying down pairs"),
        ("Space / A / F", "deal one card / deal all / say the deal is finished"),
        ("H", "a hint (press again for more)"),
        ("B", "back to the step before"),
        ("Shift+R", "start the lesson again"),
        ("Escape", "back to the lesson list"),
    ]
    BINDINGS = [
        Binding("enter", "next", "Next"),
        Binding("n", "next", "Next", show=False),
        Binding("space", "next", "Next", show=False),
        Binding("space", "select", "Select"),
        Binding("enter", "lay_down", "Lay down"),
        Binding("d", "done", "Done"),
        Binding("space", "deal(1)", "Deal one"),
        Binding("enter", "deal(1)", "Deal one", show=False),
        Binding("a", "deal(0)", "Deal all"),
        Binding("f", "finish_deal", "Finished"),
        Binding("enter", "pick", "Choose"),
        Binding("left", "move(-1)", "←", show=False),
        Binding("right", "move(1)", "→", show=False),
        *[Binding(str(number), f"number({number})", show=False) for number in range(1, 10)],
        Binding("h", "hint", "Hint"),
        Binding("b", "back", "Back"),
        Binding("R,ctrl+r", "restart", "Start again", show=False),
        Binding("r", "rules", "Rules", show=False),
        Binding("escape", "choose_again", "Someone else"),
        Binding("escape", "leave", "Lessons"),
    ]

    def __init__(self, lesson_id: str) -> None:
        super().__init__()
        self.lesson_id = lesson_id
        self.lesson: Lesson | None = None
        self.run: LessonRun | None = None
        self.letters = self.tutor.settings.suit_style == "letters"
        self.message = Text()
        self.seat_cursor: int | None = None
        self.draw_from: int | None = None
        self.flagged_cards: set[Card] = set()
        self.wrong_seats: set[int] = set()
        self.wrong_options: set[int] = set()
        self.step_text = Text()
        self.shown_keys: tuple[str, bool] | None = None
        self.hints_before = 0
        self.was_finished = False

    @property
    def tutor(self) -> TutorApp:
        return cast("TutorApp", self.app)

    def compose(self) -> ComposeResult:
        yield TutorHeader()
        with Horizontal(id="lesson-top"):
            yield Static(id="lesson-step")
            yield ProgressBar(total=1, id="lesson-bar", show_eta=False, show_percentage=False)
        with VerticalScroll(id="lesson-body"):
            yield Static(id="lesson-text")
            yield Static(id="lesson-chart")
            with Horizontal(id="lesson-seats"):
                yield from (LessonSeat(seat) for seat in range(MAX_SEATS))
            yield Static(id="lesson-deck")
            yield Static(id="lesson-fan-label")
            yield FanView(id="lesson-fan")
            yield Static(id="lesson-hand-label")
            yield HandView(letters=self.letters, id="lesson-hand")
            yield Static(id="lesson-pairs")
            yield OptionList(id="lesson-options")
        with VerticalScroll(id="lesson-feedback-box"):
            yield Static(id="lesson-feedback")
        yield Footer()

    # ----- opening the lesson ------------------------------------------------------------------

    def on_mount(self) -> None:
        self.sub_title = "Lesson"
        self._show_closed(Text("Getting the lesson ready…", style="italic"))
        self.run_worker(self._prepare, thread=True, name="prepare")

    def _prepare(self) -> Lesson | Text:
        """The lesson, checked by playing its solution; or why it cannot be opened."""
        course = course_for_app(replay=False)
        entry = next((entry for entry in course.entries if entry.id == self.lesson_id), None)
        if entry is None:
            ids = ", ".join(lesson.id for lesson in course.lessons) or "none"
            text = Text(f"There is no lesson called “{self.lesson_id}”.\n\n", style="bold")
            text.append(f"The lessons are: {ids}.\n\nPress Escape to see the list of lessons.")
            return text
        problems = entry.problems if isinstance(entry, BrokenLesson) else tuple(replay_problems(entry))
        if problems:
            text = problems_text(problems, f"The lesson “{entry.title or entry.path}” has a problem, so it can't be opened:")
            text.append("\n\nPress Escape to go back to the list of lessons.")
            return text
        return cast(Lesson, entry)

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        if event.worker.name != "prepare":
            return
        if event.state is WorkerState.ERROR:
            self._show_closed(Text(f"Sorry, this lesson could not be opened: {event.worker.error}\n\nPress Escape to go back."))
        elif event.state is WorkerState.SUCCESS:
            result = event.worker.result
            if isinstance(result, Lesson):
                self._open(result)
            else:
                self._show_closed(cast(Text, result))

    def _open(self, lesson: Lesson) -> None:
        self.lesson = lesson
        self.sub_title = f"Lesson: {lesson.title}"
        saved = self.tutor.store.lesson_progress(self.tutor.profile).get(lesson.id)
        self.was_finished = saved is not None and saved.finished
        if saved is not None and not saved.finished and 0 < saved.step < len(lesson.steps):
            question = f"Welcome back! Carry on from step {saved.step + 1} of {len(lesson.steps)}?\n(No starts the lesson again from step 1.)"
            self.app.push_screen(ConfirmScreen(question, "Carry on", "Start again"),
                                 lambda carry_on: self._carry_on_or_not(carry_on, saved.step, saved.hints_used))
            return
        self._begin(0, saved.hints_used if saved is not None else 0)

    def _carry_on_or_not(self, carry_on: bool | None, step: int, hints_used: int) -> None:
        if carry_on is None:  # Escape: back to the list, with the saved progress untouched
            self.app.pop_screen()
        elif carry_on:
            self._begin(step, hints_used)
        else:
            self._start_over()

    def _start_over(self) -> None:
        """Step 1 again; the stored progress goes too, unless the lesson was already done once."""
        store, profile = self.tutor.store, self.tutor.profile
        saved = store.lesson_progress(profile).get(self.lesson_id)
        if not self.was_finished:
            store.reset_lesson(profile, self.lesson_id)
        self._begin(0, saved.hints_used if self.was_finished and saved is not None else 0)

    def _begin(self, step: int, hints_before: int) -> None:
        assert self.lesson is not None
        try:
            self.run = LessonRun(self.lesson, step=step, letters=self.letters)
        except StepBroken as broken:
            self._show_broken(broken)
            return
        self.hints_before = hints_before
        self._new_step(save=self.run.finished)

    def _show_broken(self, broken: StepBroken) -> None:
        self.run = None
        self._show_closed(Text(f"Step {broken.index + 1} of this lesson has a problem: {broken.message}\n"
                               f"{CHECK_HINT}\n\nPress Escape to go back."))

    def _show_closed(self, message: Text) -> None:
        """No lesson to play: just a message, and Escape to go back."""
        for widget in self.query_one("#lesson-body").children:
            widget.display = widget.id == "lesson-text"
        self.query_one("#lesson-top").display = False
        self.query_one("#lesson-feedback-box").display = False
        self.query_one("#lesson-text", Static).update(message)
        self.refresh_bindings()

    # ----- what the learner is doing -----------------------------------------------------------

    @property
    def stage(self) -> str:
        """closed, finished, solved (read, then go on), or what the step asks: lay-down, deal,
        seat, choice, choose-giver then draw (a draw step: pick the seat, then a card)."""
        run = self.run
        if run is None:
            return "closed"
        if run.finished:
            return "finished"
        if run.solved:
            return "solved"
        if run.step.kind == "draw":
            return "choose-giver" if self.draw_from is None else "draw"
        return run.step.kind

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        stage, run = self.stage, self.run
        allowed = {
            "next": stage in ("solved", "finished"),
            "select": stage == "lay-down",
            "lay_down": stage == "lay-down",
            "done": stage == "lay-down",
            "deal": stage == "deal",
            "finish_deal": stage == "deal",
            "pick": stage in ("seat", "choose-giver", "draw"),
            "choose_again": stage == "draw",
            "hint": run is not None and not run.solved,
            "back": run is not None and run.index > 0,
            "restart": run is not None,
        }
        return allowed.get(action, True)

    # ----- drawing the lesson ------------------------------------------------------------------

    def _new_step(self, save: bool = True) -> None:
        """Show the step the run is on, with nothing picked or flagged yet."""
        self.message = Text()
        self.seat_cursor = self.draw_from = None
        self.flagged_cards, self.wrong_seats, self.wrong_options = set(), set(), set()
        assert self.run is not None
        self.step_text = self._step_text(self.run)  # as said at the start: a move changes who {giver} is
        self.query_one("#lesson-hand", HandView).selected.clear()
        if save:
            self._save()
        self._show(new_step=True)
        self.query_one("#lesson-body", VerticalScroll).scroll_home(animate=False)

    def _show(self, new_step: bool = False) -> None:
        run = self.run
        assert run is not None
        self.query_one("#lesson-top").display = True
        self.query_one("#lesson-feedback-box").display = True
        self._show_progress(run)
        self.query_one("#lesson-text", Static).update(self.step_text)
        self.query_one("#lesson-text").display = True
        chart = self.query_one("#lesson-chart", Static)
        chart.display = bool(run.chart)
        chart.update(_chart_text(run.chart))
        self._show_seats(run)
        self._show_deck(run.game)
        self._show_fan(run)
        self._show_hand(run)
        self._show_options(run, new_step)
        self.query_one("#lesson-feedback", Static).update(self.message or self._instruction())
        self._focus_for(self.stage)
        keys = (self.stage, run.index > 0)
        if keys != self.shown_keys:  # the footer rebuilds itself on every call: only when keys change
            self.shown_keys = keys
            self.refresh_bindings()

    def _show_progress(self, run: LessonRun) -> None:
        steps = len(run.lesson.steps)
        self.query_one("#lesson-step", Static).update(Text(f"Step {run.index + 1} of {steps}", style="bold"))
        self.query_one("#lesson-bar", ProgressBar).update(total=steps, progress=run.index + int(run.solved))

    def _step_text(self, run: LessonRun) -> Text:
        text = Text()
        if run.index == 0 and run.lesson.intro:
            text.append(run.lesson.intro.strip() + "\n\n", style="italic")
        text.append(run.text.strip())
        return text

    def _show_seats(self, run: LessonRun) -> None:
        row = self.query_one("#lesson-seats")
        row.display = bool(run.names) and (run.game is not None or run.step.kind == "seat")
        picking = self.stage in ("seat", "choose-giver", "draw")
        # Turns, safe seats and the Old Maid show only while no question is open about them, nor
        # about to be: a solved step's table is the next step's question.
        tells_roles = run.step.kind == "explain" or run.step.kind in ("lay-down", "deal") and not run.solved
        for view in self.query(LessonSeat):
            view.display = view.seat < len(run.names)
            if not view.display:
                continue
            cursor = picking and view.seat in (self.seat_cursor, self.draw_from)
            wrong = view.seat in self.wrong_seats
            view.update(self._seat_text(run, view.seat, tells_roles))
            view.border_title = "dealer" if run.game is not None and run.game.dealer == view.seat else None
            view.border_subtitle = f"{BROKEN} not it" if wrong else "◆" if cursor else _role(run.game, view.seat) if tells_roles else None
            view.set_class(cursor, "cursor")
            view.set_class(wrong and not cursor, "flagged")
            view.set_class(run.game is None, "name-only")

    def _seat_text(self, run: LessonRun, seat: int, tells_roles: bool) -> Text:
        game, learner = run.game, run.learner
        text = Text(f"{seat + 1}·{self._seat_name(run, seat)}", style="bold")
        if game is None:
            return text
        players = len(run.names)
        if learner is None:
            where = ""
        elif seat == learner:
            where = "that's you"
        else:
            where = where_is((seat - learner) % players, players)
        text.append(f"\n{where}\n", style="italic")
        text.append(_cards_words(game, seat, tells_roles, seat == learner))
        return text

    def _show_deck(self, game: Game | None) -> None:
        deck = self.query_one("#lesson-deck", Static)
        deck.display = game is not None and game.phase == "dealing"
        if game is None or not deck.display:
            return
        if game.stock == 0:
            deck.update(Text("The deck is empty: every card is dealt."))
        elif self.run is not None and self.run.step.kind == "deal":
            deck.update(Text(f"The deck: {'▒' * min(game.stock, 5)} {game.stock} card{'s' * (game.stock != 1)} still to deal."))
        else:
            deck.update(Text("The deck: shuffled and face down, ready to deal."))

    def _show_fan(self, run: LessonRun) -> None:
        fan, label = self.query_one("#lesson-fan", FanView), self.query_one("#lesson-fan-label", Static)
        showing = self.stage == "draw" and run.game is not None and self.draw_from is not None
        fan.display = label.display = showing
        if showing:
            assert run.game is not None and self.draw_from is not None
            count = len(run.game.hands[self.draw_from])
            label.update(Text(f"{self._seat_name(run, self.draw_from)} holds out {count} card{'s' * (count != 1)}, face down:", style="bold"))
            fan.show(count)

    def _show_hand(self, run: LessonRun) -> None:
        hand, label = self.query_one("#lesson-hand", HandView), self.query_one("#lesson-hand-label", Static)
        game, learner = run.game, run.learner
        cards = list(game.hands[learner]) if game is not None and learner is not None else []
        showing = game is not None and learner is not None and (bool(cards) or game.phase != "dealing")
        label.display = showing
        hand.display = showing and bool(cards)
        hand.can_focus = self.stage == "lay-down"
        pairs = self.query_one("#lesson-pairs", Static)
        mine = [pair for seat, pair in game.pairs if seat == learner] if game is not None else []
        pairs.display = showing and bool(mine)
        if not showing:
            return
        label.update(Text(f"Your cards ({len(cards)}):" if cards else "Your hand is empty.", style="bold"))
        hand.show(sorted(cards), self.flagged_cards)
        pairs.update(Text("Your pairs on the table: " + " · ".join(cards_text(pair, self.letters) for pair in mine)))

    def _show_options(self, run: LessonRun, new_step: bool) -> None:
        options = self.query_one("#lesson-options", OptionList)
        options.display = bool(run.options)
        if not run.options:
            return
        right = run.right_options() if run.solved else frozenset()
        highlighted = options.highlighted
        options.set_options(Option(_option_line(number, text, number - 1 in right, number - 1 in self.wrong_options))
                            for number, text in enumerate(run.options, 1))
        options.disabled = run.solved
        options.highlighted = None if run.solved else 0 if new_step or highlighted is None else highlighted

    def _instruction(self) -> Text:
        run, stage = self.run, self.stage
        assert run is not None
        if stage == "finished":
            return self._celebration()
        players, choices = len(run.names), len(run.options)
        words = {
            "solved": "Press Enter (or N) to go on.",
            "lay-down": "Select the cards of a pair with Space (or their numbers 1-9), then press Enter to lay "
                        "them down. Press D when you're done.",
            "deal": "Press Space to deal one card, A to deal all the rest, or F to say the deal is finished.",
            "seat": f"Choose a player: press 1-{players}, or use ← → and Enter.",
            "choose-giver": f"Who do you take a card from? Press 1-{players}, or use ← → and Enter.",
            "draw": "Pick a card: press its number, or use ← → and Enter. (Escape: choose someone else.)",
            "choice": f"Choose an answer: press 1-{choices}, or use ↑ ↓ and Enter.",
        }
        return Text(words.get(stage, ""), style="italic")

    def _focus_for(self, stage: str) -> None:
        targets = {"lay-down": "#lesson-hand", "draw": "#lesson-fan", "choice": "#lesson-options"}
        if stage in targets:
            self.query_one(targets[stage]).focus()
        else:
            self.set_focus(None)
        if stage == "draw":
            self.call_after_refresh(self.query_one("#lesson-fan").scroll_visible, animate=False)

    def _seat_name(self, run: LessonRun, seat: int) -> str:
        return "You" if seat == run.learner else run.names[seat]

    # ----- the learner's answers ---------------------------------------------------------------

    def action_next(self) -> None:
        run = self.run
        if run is None:
            return
        if run.finished:
            self._open_next_lesson()
            return
        try:
            moved = run.advance()
        except StepBroken as broken:
            self._show_broken(broken)
            return
        if moved:
            self._new_step()

    def action_select(self) -> None:
        self.query_one("#lesson-hand", HandView).toggle()

    def action_lay_down(self) -> None:
        hand = self.query_one("#lesson-hand", HandView)
        if not hand.selected:
            self._say(Text("Select the cards of a pair first: press Space on each one, or their numbers. "
                           "No pairs left? Press D."))
            return
        self._answer(LayDownCards(sorted(hand.selected)))

    def action_done(self) -> None:
        self._answer(Done())

    def action_deal(self, count: int) -> None:
        self._answer(DealCards(count or None))

    def action_finish_deal(self) -> None:
        self._answer(FinishDealing())

    def action_move(self, step: int) -> None:
        stage = self.stage
        if stage in ("seat", "choose-giver") and self.run is not None:
            players = len(self.run.names)
            self.seat_cursor = 0 if self.seat_cursor is None and step > 0 else ((self.seat_cursor or 0) + step) % players
            self._show()
        elif isinstance(self.focused, CardRow):
            self.focused.move_cursor(step)

    def action_pick(self) -> None:
        stage = self.stage
        if stage == "draw":
            self._draw(self.query_one("#lesson-fan", FanView).cursor)
        elif self.seat_cursor is None:
            self._say(Text("Choose a player first: press their number, or use ← → to move to them."))
        else:
            self._pick_seat(self.seat_cursor)

    def action_number(self, number: int) -> None:
        stage, run = self.stage, self.run
        if run is None:
            return
        if stage == "lay-down":
            self.query_one("#lesson-hand", HandView).toggle(number - 1)
        elif stage in ("seat", "choose-giver") and number <= len(run.names):
            self._pick_seat(number - 1)
        elif stage == "draw" and number <= self.query_one("#lesson-fan", FanView).count():
            self._draw(number - 1)
        elif stage == "choice" and number <= len(run.options):
            self._answer(PickOption(number - 1))

    def on_card_row_picked(self, event: CardRow.Picked) -> None:
        stage = self.stage
        if isinstance(event.view, FanView) and stage == "draw":
            self._draw(event.index)
        elif isinstance(event.view, HandView) and stage == "lay-down":
            event.view.toggle(event.index)

    def on_lesson_seat_chosen(self, event: LessonSeat.Chosen) -> None:
        if self.stage in ("seat", "choose-giver", "draw"):
            self._pick_seat(event.seat)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        if event.option_list.id == "lesson-options" and self.stage == "choice":
            self._answer(PickOption(event.option_index))

    def _pick_seat(self, seat: int) -> None:
        run = self.run
        assert run is not None
        self.seat_cursor = seat
        if run.step.kind == "seat":
            self._answer(PickSeat(seat))
        elif seat == run.learner:
            self._say(Text("That's you! Choose someone else to take a card from."))
        elif run.game is not None and not run.game.hands[seat]:
            self._answer(DrawFrom(seat))  # nothing to pick from: the engine says why
        else:
            self.draw_from = seat
            self.message = Text()
            self._show()

    def _draw(self, position: int) -> None:
        assert self.draw_from is not None
        self._answer(DrawFrom(self.draw_from, position))

    def _answer(self, answer: Answer) -> None:
        run = self.run
        if run is None or run.solved:
            return
        feedback = run.submit(answer)
        self.flagged_cards = set()
        if isinstance(answer, PickOption) and not feedback.right:
            self.wrong_options.add(answer.index)
        if isinstance(answer, (PickSeat, DrawFrom)) and not feedback.right:
            self.wrong_seats.add(answer.seat)
        if feedback.right:
            self.query_one("#lesson-hand", HandView).selected.clear()
        elif feedback.mistake is not None:
            self.flagged_cards = set(feedback.mistake.cards)
            self.tutor.store.record_mistake(self.tutor.profile, feedback.mistake.code.value, feedback.mistake.cards,
                                            where=f"lesson:{self.lesson_id}")
        if isinstance(answer, DrawFrom) and not feedback.right:
            self.seat_cursor = self.draw_from = None
        if feedback.solved:
            self._save()  # first: the next lesson to offer depends on this one being done
        self.message = self._feedback_text(feedback)
        self._show()

    def _say(self, text: Text) -> None:
        self.message = text
        self.query_one("#lesson-feedback", Static).update(text)

    # ----- feedback and hints ------------------------------------------------------------------

    def _feedback_text(self, feedback: Feedback) -> Text:
        run = self.run
        assert run is not None
        if not feedback.right:
            return _not_quite(feedback)
        if not feedback.solved:
            return Text(f"{DONE} ", style="bold") + Text(self._narrate(feedback) + _keep_going(run.step.kind))
        text = self._celebration() + Text("\n\n") if run.finished else Text()
        text.append(f"{DONE} ", style="bold")
        text.append(feedback.message.strip())
        if feedback.explanation is not None:  # a mistake made on purpose: what the tutor says about it
            text.append("\nWhat the tutor says when this happens:\n", style="italic")
            text.append_text(explanation_text(feedback.explanation))
        if not run.finished:
            text.append("\nPress Enter (or N) for the next step.", style="italic")
        return text

    def _narrate(self, feedback: Feedback) -> str:
        run = self.run
        if run is None or run.learner is None or run.game is None:
            return ""
        lines = Narrator(run.names, run.learner, self.letters).lines(feedback.events, run.game)
        return "".join(line + " " for line in lines)

    def _celebration(self) -> Text:
        lesson = self.lesson
        assert lesson is not None
        text = Text(f"★ Well done! You finished the lesson “{lesson.title}”! ★\n", style="bold")
        following = self._next_lesson()
        if following is None:
            text.append("Press Enter or Escape to go back to the list of lessons.")
        else:
            text.append(f"Next up: “{following.title}”. Press Enter (or N) to start it, or Escape for the list.")
        return text

    def action_hint(self) -> None:
        run = self.run
        if run is None:
            return
        hint = run.hint()
        if hint is None:
            return
        if hint.confirm:
            self.app.push_screen(ConfirmScreen(hint.text, "Show me", "Let me try"), self._answer_shown)
            return
        self._show_hint(hint)

    def _answer_shown(self, sure: bool | None) -> None:
        if sure and self.run is not None:
            hint = self.run.hint(confirm=True)
            if hint is not None:
                self._show_hint(hint)

    def _show_hint(self, hint: Hint) -> None:
        answer = hint.level == hint.levels
        text = Text(f"Hint {hint.level} of {hint.levels}{' (the answer)' if answer else ''}: ", style="bold")
        text.append(hint.text)
        if hint.more_after_a_try:
            text.append("\nHave a try first: another hint opens after that.", style="italic")
        self._say(text)
        self._save()

    # ----- moving around the lesson ------------------------------------------------------------

    def action_back(self) -> None:
        run = self.run
        if run is None:
            return
        try:
            moved = run.back()
        except StepBroken as broken:
            self._show_broken(broken)
            return
        if moved:
            self._new_step()

    def action_restart(self) -> None:
        if self.run is None:
            return
        self.app.push_screen(ConfirmScreen("Start this lesson again from step 1?", "Start again", "Keep going"),
                             lambda again: self._start_over() if again else None)

    def action_rules(self) -> None:
        from tutor.ui.rules_screen import RulesScreen

        game = self.run.game if self.run is not None else None
        self.app.push_screen(RulesScreen(game.rules if game is not None else None))

    def action_choose_again(self) -> None:
        self.draw_from = None
        self.message = Text()
        self._show()

    def action_leave(self) -> None:
        self._back_to_list()

    def _back_to_list(self) -> None:
        below = self.app.screen_stack[-2] if len(self.app.screen_stack) > 1 else None
        if isinstance(below, LessonListScreen):
            self.app.pop_screen()
        else:
            self.app.switch_screen(LessonListScreen())

    def _next_lesson(self) -> Lesson | None:
        progress = self.tutor.store.lesson_progress(self.tutor.profile)
        return next_lesson(course_for_app(replay=False), self.lesson_id, progress, self.tutor.settings.unlock_all_lessons)

    def _open_next_lesson(self) -> None:
        following = self._next_lesson()
        if following is None:
            self._back_to_list()
        else:
            self.app.switch_screen(LessonScreen(following.id))

    def _save(self) -> None:
        """Note where the learner is: the step to carry on from, hints used, and whether it's done."""
        run = self.run
        if run is None:
            return
        self.was_finished = self.was_finished or run.finished
        done = len(run.lesson.steps) if run.finished else run.index + int(run.solved and isinstance(run.step, TaskStep))
        self.tutor.store.save_lesson_progress(self.tutor.profile, self.lesson_id, done,
                                              self.hints_before + run.hints_used, self.was_finished)


# ----- words and marks -----------------------------------------------------------------------------


def _cards_words(game: Game, seat: int, tells_roles: bool, learner: bool) -> str:
    """What anyone at the table can see of a seat: how many cards it holds (face down, but for
    the learner's own); and, when the step isn't asking about it, whether it is safe or the Old Maid."""
    if tells_roles and game.loser == seat:
        return "WINNER ★" if game.winner == seat else "OLD MAID"
    if tells_roles and seat in game.safe:
        return "SAFE ✓"
    count = len(game.hands[seat])
    if count == 0:
        return "no cards yet" if game.phase == "dealing" else "no cards"
    backs = "" if learner else "▒" * min(count, 3) + " "
    return f"{backs}{count} card{'s' * (count != 1)}"


def _role(game: Game | None, seat: int) -> str | None:
    return (role_of(game, seat) or None) if game is not None else None


def _chart_text(lines: Sequence[str]) -> Text:
    if not lines:
        return Text()
    text = Text(lines[0] + "\n", style="bold")
    text.append("\n".join(lines[1:]))
    return text


def _option_line(number: int, words: str, right: bool, wrong: bool) -> Text:
    line = Text(f"{number}. {words}")
    if right:
        line.append(f"  {DONE} the answer", style="bold")
    elif wrong:
        line.append(f"  {BROKEN} not this one", style="bold")
    return line


def _not_quite(feedback: Feedback) -> Text:
    if feedback.explanation is not None:
        text = Text(f"{BROKEN} Not quite — here's why:\n", style="bold")
        text.append_text(explanation_text(feedback.explanation))
        return text
    message = feedback.message.strip()
    if message.startswith("Not quite"):
        return Text(f"{BROKEN} ", style="bold") + Text(message)
    return Text(f"{BROKEN} Not quite — here's why: ", style="bold") + Text(message)


def _keep_going(kind: str) -> str:
    return {
        "lay-down": "Any more pairs? Lay them down too, then press D when you're done.",
        "deal": "Card dealt! Keep going until the deck is empty.",
    }.get(kind, "Keep going!")
