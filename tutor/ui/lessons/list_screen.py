"""The list of lessons, grouped by topic, each with its standing (done with stars, started,
locked, new) as a mark and words, never colour alone, and the next one marked; above it, how far
the course map is filled (stars won of all there are), and the course's ending once every lesson
is done. A broken lesson file is listed with its problems and cannot be opened. Standing, locking
and the map come from tutor.learner."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, cast

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option
from textual.worker import Worker, WorkerState

from tutor.course import BrokenLesson, Course, Lesson
from tutor.language import mark, ntr, tr
from tutor.learner.lessons import Standing, Status, and_list, grouped, lesson_mistakes, standing_of, star_marks
from tutor.learner.policy import course_map
from tutor.learner.progress_words import NEXT_MARK, map_line
from tutor.ui.footer import TutorFooter
from tutor.ui.hanging import MarkedLine
from tutor.ui.header import TutorHeader
from tutor.ui.lessons.words import BROKEN, ending_text, problems_text
from tutor.ui.opening import unless_closed
from tutor.ui.reach import learner

if TYPE_CHECKING:
    from tutor.learner.session import LearnerSession
    from tutor.store import LessonProgress

Entry = Lesson | BrokenLesson


class LessonListScreen(Screen[None]):
    CSS_PATH = "lessons.tcss"
    HELP_TITLE = mark("The lessons")
    BINDINGS = [Binding("escape", "app.pop_screen", mark("Home"))]

    def __init__(self) -> None:
        super().__init__()
        self.course = self.learner.course
        self.entries: dict[str, Entry] = {}
        self.progress: Mapping[str, LessonProgress] = {}  # read from the store each time the list is filled
        self.slips: Mapping[str, int] = {}
        self.next_id: str | None = None
        """The lesson to do next, marked in the list."""
        self.chosen_lesson: str | None = None
        """A lesson to highlight when the list comes back (the one the learner last opened)."""

    @property
    def learner(self) -> LearnerSession:
        return learner(self)

    def compose(self) -> ComposeResult:
        yield TutorHeader()
        with Vertical(id="lesson-list-box"):
            yield Static(id="lesson-map")
            yield OptionList(id="lesson-list")
            yield Static(id="lesson-about")
        yield TutorFooter()

    @unless_closed
    def on_mount(self) -> None:
        self.sub_title = tr("Lessons")
        self.fill()
        self.run_worker(self.learner.checked_course, thread=True, name="check-course")

    @unless_closed
    def on_screen_resume(self) -> None:
        self.fill()

    @unless_closed
    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        if event.worker.name == "check-course" and event.state is WorkerState.SUCCESS:
            self.course = cast(Course, event.worker.result)
            self.fill()

    def fill(self) -> None:
        """List every lesson with its mark, keeping the highlighted one where it was (or moving
        to the lesson last opened)."""
        listing = self.query_one("#lesson-list", OptionList)
        chosen = listing.highlighted_option.id if listing.highlighted_option is not None else None
        record = self.learner.record()
        self.progress, self.slips = record.lessons, lesson_mistakes(record.mistakes, self.course)
        plan = course_map(record, self.course)
        self.next_id = plan.next.id if plan.next is not None else None
        heading = Text(map_line(plan), style="bold")
        if plan.complete:
            heading.append("\n").append_text(ending_text(plan, short=True))
        self.query_one("#lesson-map", Static).update(heading)
        options: list[Option] = []
        self.entries = {}
        for topic, entries in grouped(self.course):
            options.append(Option(Text(tr(topic), style="bold underline"), disabled=True))
            for number, entry in entries:
                key = f"entry-{number}"
                self.entries[key] = entry
                options.append(Option(self._line(number, entry), id=key))
                if entry.id == self.chosen_lesson:
                    chosen = key
        self.chosen_lesson = None
        listing.set_options(options)
        keys = [option.id for option in options]
        first = next(index for index, option in enumerate(options) if not option.disabled)
        listing.highlighted = keys.index(chosen) if chosen is not None and chosen in keys else first
        listing.focus()
        self.call_after_refresh(listing.scroll_to_highlight)  # the lesson just left, in view (lesson 11 at 80x24)

    def _line(self, number: int, entry: Entry) -> MarkedLine:
        """The lesson's mark, then its number, title and standing (wrapped under the title at 60
        columns, where "(locked: finish ... first)" ran back under the mark)."""
        if isinstance(entry, BrokenLesson):
            mark, words = BROKEN, tr("broken: can't be opened")
        else:
            standing = self._standing(entry)
            mark, words = standing.mark, standing.words
            if standing.stars:
                words += f" {star_marks(standing.stars)}"
        line = Text(f"{number}. {entry.title or entry.path}")
        if words:
            line.append(f"  ({words})", style="italic")
        if entry.id == self.next_id:
            line.append(f"  {tr(NEXT_MARK)}", style="bold")
        return MarkedLine(mark, line)

    def _standing(self, lesson: Lesson) -> Standing:
        return standing_of(lesson, self.course, self.progress, self.learner.settings.unlock_all_lessons, self.slips)

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        entry = self.entries.get(str(event.option.id))
        if entry is not None:
            self.query_one("#lesson-about", Static).update(self._about(entry))

    def _about(self, entry: Entry) -> Text:
        if isinstance(entry, BrokenLesson):
            return problems_text(entry.problems, tr("This lesson file has a problem, so it can't be opened:"))
        standing = self._standing(entry)
        text = Text(f"{entry.title}\n", style="bold")
        text.append(f"{entry.intro.strip()}\n")
        if standing.status is Status.LOCKED:
            words = tr("{mark} Locked: finish {lessons} first, then come back.").format(mark=standing.mark, lessons=and_list(standing.missing))
        elif standing.status is Status.DONE:
            words = tr("{mark} Done! {stars} Press Enter to play it again.").format(mark=standing.mark, stars=star_marks(standing.stars))
        elif standing.status is Status.STARTED:
            words = tr("{mark} You stopped at {step}. Press Enter to carry on.").format(mark=standing.mark, step=standing.words)
        else:
            steps = len(entry.steps)
            words = ntr("{count} step. Press Enter to start.", "{count} steps. Press Enter to start.", steps).format(count=steps)
        text.append(words, style="bold")
        return text

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.open_entry(self.entries.get(str(event.option.id)))

    def open_entry(self, entry: Entry | None) -> None:
        """Open a lesson; a locked one says again what to finish first, a broken file stays shut."""
        if not isinstance(entry, Lesson):
            return  # a broken file: its problems are already on show
        standing = self._standing(entry)
        if standing.status is Status.LOCKED:
            self.notify(tr("Finish {lessons} first.").format(lessons=and_list(standing.missing)), timeout=4, markup=False)
            return
        from tutor.ui.lessons.lesson_screen import LessonScreen

        self.app.push_screen(LessonScreen(entry.id))
