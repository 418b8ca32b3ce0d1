"""My progress: what to do next, what changed today, lessons with their stars, how each rule is
growing, quiz history, mistakes (one count per kind) and games; with resets, export and import.
In a classroom (`old-maid-tutor serve`) all of those but resetting a lesson need the teacher's PIN;
there the export goes to the browser's downloads and import is not offered (no file on the server).

Every figure and every decision comes from the learner policy (`tutor.learner.policy`), read from
the store each time the screen refreshes; this module only puts them into words and sends the
learner's keys on. Marks and words carry the meaning, never colour alone.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from rich.console import Console, ConsoleOptions, RenderResult
from rich.table import Table
from rich.text import Text
from textual import work
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Button, Input, Label, OptionList, Static
from textual.widgets.option_list import Option

from tutor.course import Course, Lesson
from tutor.language import mark, tr
from tutor.learner import progress_words as said
from tutor.learner.policy import (
    GameTally,
    Growth,
    MistakeCount,
    Record,
    Suggestion,
    game_tally,
    growth,
    mistake_counts,
    next_step,
    today,
)
from tutor.learner.progress_words import concepts_title, lessons_title
from tutor.learner.session import LearnerSession
from tutor.learner.teacher import Protected
from tutor.store import Answer, Level, NoSuchProfile
from tutor.ui.dialogs import ConfirmScreen, Dialog, dismiss_on_top
from tutor.ui.downloads import (
    IMPORT_AT_THE_TEACHERS_COMPUTER,
    download_name,
    in_browser,
    save_problem,
    send_to_browser,
    typed_path,
)
from tutor.ui.footer import TutorFooter
from tutor.ui.header import TutorHeader
from tutor.ui.opening import unless_closed
from tutor.ui.page import Page
from tutor.ui.reach import learner, tutor_app

LEVEL_WORDS = {Level.MASTERED: mark("mastered"), Level.PRACTISED: mark("growing"), Level.LEARNING: mark("not yet")}


# ----- the sections, in words (tutor.learner.progress_words; every figure from tutor.learner.policy) ----


def glance_text(record: Record, course: Course) -> Text:
    """The whole record in one or two lines, for the first look."""
    return Text.assemble(*said.glance(record, course))


def next_text(advice: Suggestion) -> Text:
    text = Text(advice.text, style="bold")
    if advice.target:
        text.append("\n" + tr("Press G to go there now."), style="italic")
    return text


def today_text(lines: list[str]) -> Text:
    return Text("\n".join(lines))


def lessons_text(record: Record, course: Course) -> Text:
    return Text.assemble(*said.lessons(record, course))


def concepts_text(grown: list[Growth]) -> Text:
    return Text.assemble(*said.concepts(grown))


def quiz_text(answers: list[Answer]) -> Text:
    if not answers:
        return Text(f"{tr(said.NO_QUIZ_YET)} {tr('Press Z on the home screen for a round of eight questions.')}")
    return Text.assemble(*said.quiz(answers))


class Hanging:
    """Rows of (label, words) drawn as two columns, so words that wrap stay under their own column
    instead of running back under the label; as plain text (`str`) it reads line by line."""

    def __init__(self, rows: list[tuple[Text, Text]], after: Text) -> None:
        self.rows = rows
        self.after = after

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        table = Table.grid(padding=(0, 2))
        table.add_column(no_wrap=True, justify="right")
        table.add_column()
        for label, words in self.rows:
            table.add_row(label, words)
        yield table
        yield self.after

    def __str__(self) -> str:
        width = max(len(label) for label, _ in self.rows)
        return "\n".join([*(f"{label.plain:>{width}}  {words}" for label, words in self.rows), str(self.after)])


def mistakes_text(counts: list[MistakeCount], course: Course) -> Text | Hanging:
    if not counts:
        return Text(tr(said.NO_MISTAKES_YET))
    rows = [(Text(times, style="bold"), Text.assemble(rule, (lesson, "italic"))) for times, rule, lesson in said.mistake_rows(counts, course)]
    return Hanging(rows, Text(tr(said.ON_PURPOSE_NOT_COUNTED), style="italic"))


def games_text(tally: GameTally) -> Text:
    if tally.last is None:
        return Text(f"{tr(said.NO_GAMES_YET)} {tr('Press P on the home screen to play one.')}")
    return Text.assemble(*said.games(tally))


def export_path(name: str) -> str:
    """A file name in the home folder made from the learner's name: letters and digits only."""
    tidy = "-".join("".join(char if char.isalnum() else " " for char in name.casefold()).split())
    return f"~/old-maid-{tidy or 'learner'}.json"


# ----- the screen -------------------------------------------------------------------------------------


class ProgressScreen(Screen[None]):
    CSS_PATH = "progress.tcss"
    HELP_TITLE = mark("My progress")
    BINDINGS = [
        Binding("escape", "app.pop_screen", mark("Back"), tooltip=mark("Back to the menu")),
        Binding("g", "go", mark("Go"), tooltip=mark("Do what “What next?” says")),
        Binding("e", "export", mark("Export"), tooltip=mark("Export: save your progress in a file")),
        Binding("i", "import", mark("Import"), tooltip=mark("Import: add a learner from a file")),
        Binding("l", "reset_lesson", mark("Reset a lesson"), show=False, tooltip=mark("Reset one lesson")),
        Binding("r", "reset_profile", mark("Reset my progress"), show=False, tooltip=mark("Reset your progress")),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.advice = Suggestion("")

    def compose(self) -> ComposeResult:
        yield TutorHeader()
        with Page(id="progress"):
            yield Static(id="progress-note")
            yield Static(id="progress-glance")
            yield Static(id="progress-next", classes="section")
            for section in ("today", "lessons", "concepts", "quiz", "mistakes", "games"):
                yield Static(id=f"progress-{section}", classes="section")
            # Each row of buttons under its own label, so that all of them fit at 60 columns.
            yield Label(tr("Start again:"), classes="progress-label")
            with Horizontal(classes="progress-actions"):
                yield Button(tr("Reset a lesson (L)"), id="reset-lesson", compact=True)
                yield Button(tr("Reset my progress (R)"), id="reset-profile", compact=True)
            yield Label(tr("For grown-ups:"), classes="progress-label")
            with Horizontal(classes="progress-actions"):
                yield Button(tr("Export (E)"), id="export", compact=True)
                if not in_browser(self.app):  # the file would have to be on the server
                    yield Button(tr("Import (I)"), id="import", compact=True)
                yield Button(tr("Reset everything"), id="reset-everything", compact=True)
        yield TutorFooter()

    @unless_closed
    def on_mount(self) -> None:
        self.sub_title = tr("My progress")
        self.query_one("#progress-next").border_title = tr("What next?")
        self.query_one("#progress-today").border_title = tr("Today")
        self.query_one("#progress-quiz").border_title = tr("Quiz")
        self.query_one("#progress-mistakes").border_title = tr("Mistakes: how many times each kind")
        self.query_one("#progress-games").border_title = tr("Games")
        self.note("")
        self.refresh_progress()

    @property
    def learner(self) -> LearnerSession:
        return learner(self)

    def refresh_progress(self) -> None:
        """Read everything again from the store and show it."""
        record, course = self.learner.record(), self.learner.course
        grown = growth(record, course)
        self.advice = next_step(record, course)
        self.query_one("#progress-glance", Static).update(glance_text(record, course))
        self._show("next", next_text(self.advice))
        changes = today(record, course)
        self.query_one("#progress-today").display = bool(changes)
        self._show("today", today_text(changes))
        self._show("lessons", lessons_text(record, course), lessons_title(record, course))
        self._show("concepts", concepts_text(grown), concepts_title(grown))
        self._show("quiz", quiz_text(list(record.answers)))
        self._show("mistakes", mistakes_text(mistake_counts(record, course), course))
        self._show("games", games_text(game_tally(record)))

    def _show(self, section: str, text: Text | Hanging, title: str | None = None) -> None:
        widget = self.query_one(f"#progress-{section}", Static)
        widget.update(text)
        if title is not None:
            widget.border_title = title

    def note(self, message: str) -> None:
        """Say what just happened, at the top of the screen, and scroll up to it."""
        note = self.query_one("#progress-note", Static)
        note.update(Text(message, style="bold"))
        note.display = bool(message)
        self.query_one("#progress", VerticalScroll).scroll_home(animate=False)

    # ----- actions --------------------------------------------------------------------------------

    def on_button_pressed(self, event: Button.Pressed) -> None:
        actions = {
            "export": self.action_export,
            "import": self.action_import,
            "reset-lesson": self.action_reset_lesson,
            "reset-profile": self.action_reset_profile,
            "reset-everything": self.action_reset_everything,
        }
        actions[str(event.button.id)]()

    def action_go(self) -> None:
        if self.advice.target is None:
            return
        self.app.pop_screen()
        tutor_app(self).action_open(self.advice.target)

    async def _teacher_allows(self, action: Protected) -> bool:
        """In a classroom, only the teacher (with the PIN) may do ``action``; elsewhere anyone may."""
        from tutor.ui.teacher_screen import teacher_allows

        if await teacher_allows(self.app, action):
            return True
        self.note(tr("In a classroom, only the teacher can {action}: please ask your teacher.").format(action=tr(action.words)))
        return False

    async def _confirm(self, question: str, yes: str, no: str | None = None) -> bool:
        answer: bool | None = await self.app.push_screen_wait(ConfirmScreen(question, yes, tr("Keep it") if no is None else no))
        return bool(answer)

    @work(exclusive=True, group="progress-dialog")
    async def action_reset_lesson(self) -> None:
        progress = self.learner.lesson_progress()
        started = [lesson for lesson in self.learner.course.lessons if lesson.id in progress]
        if not started:
            self.note(tr("There are no lessons to reset yet: none has been started."))
            return
        lesson = await self.app.push_screen_wait(ChooseLessonScreen(started))
        if lesson is None or not await self._confirm(
            tr(
                "Reset the lesson “{lesson}”? It will start again from the first step, and its "
                "hints and mistakes are forgotten, so every star can be won again."
            ).format(lesson=lesson.title),
            tr("Reset it"),
        ):
            return
        self.learner.reset_lesson(lesson.id)
        self.note(tr("✓ The lesson “{lesson}” starts again from the first step.").format(lesson=lesson.title))
        self.refresh_progress()

    @work(exclusive=True, group="progress-dialog")
    async def action_reset_profile(self) -> None:
        name = self.learner.name
        if not await self._teacher_allows(Protected.RESET_PROGRESS):
            return
        if not await self._confirm(
            tr("Reset all of {name}'s progress? Lessons, quiz answers, games and mistakes are forgotten; the settings stay. This cannot be undone.").format(
                name=name
            ),
            tr("Reset my progress"),
        ):
            return
        try:
            self.learner.reset_progress()
        except NoSuchProfile:
            self.note(tr("✗ {name}'s profile isn't in the store any more, so there is nothing to reset.").format(name=name))
            return
        self.note(tr("✓ {name}'s progress is reset. A fresh start!").format(name=name))
        self.refresh_progress()

    @work(exclusive=True, group="progress-dialog")
    async def action_reset_everything(self) -> None:
        if not await self._teacher_allows(Protected.RESET_EVERYTHING):
            return
        names = ", ".join(profile.name for profile in self.learner.learners())
        if not await self._confirm(
            tr("Reset everything? Every learner on this computer ({names}) is removed, with all their progress and settings. This cannot be undone.").format(
                names=names
            ),
            tr("Remove everything"),
        ):
            return
        self.learner.reset_everything()
        tutor_app(self).choose_learner()  # nobody is left, so the picker asks for a name

    @work(exclusive=True, group="progress-dialog")
    async def action_export(self) -> None:
        if not await self._teacher_allows(Protected.EXPORT):
            return
        name = self.learner.name
        if in_browser(self.app):
            self._send_export(name)
            return
        path = await save_where_typed(
            self.app,
            tr("Export: save {name}'s progress in a file").format(name=name),
            tr("Where should the file go? Import it on another computer to carry on there."),
            export_path(name),
            lambda path: self._export(name, path),
        )
        if path is not None:
            self.note(tr("✓ Saved {name}'s progress in {path}.").format(name=name, path=path))

    def _send_export(self, name: str) -> None:
        """In a browser tab: the profile file goes to the browser's downloads, never to the server's disk."""
        try:
            text = self.learner.export_text()
        except NoSuchProfile:
            self.note(tr("✗ {name}'s profile isn't in the store any more, so there is nothing to save.").format(name=name))
            return
        file_name = download_name("old-maid", name, ".json", "learner")
        send_to_browser(self.app, text, file_name)
        self.note(tr("✓ Your progress is on its way to your browser's downloads as {file}.").format(file=file_name))

    def _export(self, name: str, path: Path) -> str:
        """Write the profile file; what went wrong, in words, or "" when all is well."""
        try:
            if path.is_dir():
                return tr("✗ {path} is a folder. Add a file name at the end, like {example}").format(path=path, example=path / "old-maid.json")
            self.learner.export_to(path)
        except NoSuchProfile:
            return tr("✗ {name}'s profile isn't in the store any more, so there is nothing to save.").format(name=name)
        except (OSError, ValueError) as error:
            return save_problem(error)
        return ""

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Import is not offered in a browser tab: the file would have to be on the server."""
        return not (action == "import" and in_browser(self.app))

    @work(exclusive=True, group="progress-dialog")
    async def action_import(self) -> None:
        if in_browser(self.app):
            self.note(tr(IMPORT_AT_THE_TEACHERS_COMPUTER))
            return
        if not await self._teacher_allows(Protected.IMPORT):
            return
        typed, problem = export_path(self.learner.name), ""
        while True:
            answer: str | None = await self.app.push_screen_wait(
                PathScreen(
                    tr("Import: add a learner from a profile file"),
                    tr("Which file? It becomes a new learner here; nobody's progress is replaced."),
                    typed,
                    problem,
                    tr("Import it"),
                )
            )
            if answer is None:
                return
            typed = answer
            problem = self._import(typed)
            if not problem:
                self.refresh_progress()
                return

    def _import(self, typed: str) -> str:
        """Import the file typed; what went wrong, in words, or "" when all is well."""
        try:
            path = typed_path(typed)
        except ValueError as error:
            return save_problem(error)
        try:
            imported = self.learner.import_from(path)
        except ValueError as error:
            return tr("✗ That file can't be used. {problem}").format(problem=error)
        except OSError as error:
            return tr("✗ The file could not be read: {problem}. Check the name and folder.").format(problem=error.strerror or error)
        self.note(tr("✓ Imported the learner “{name}”. Choose them by name next time the tutor starts.").format(name=imported.name))
        return ""


async def save_where_typed(app: App[Any], title: str, question: str, typed: str, save: Callable[[Path], str]) -> Path | None:
    """Ask where a file should go until ``save`` (which says what went wrong, or "") has saved it
    there: that path, or None when the dialog was left. From a worker."""
    problem = ""
    while True:
        answer: str | None = await app.push_screen_wait(PathScreen(title, question, typed, problem, tr("Save the file")))
        if answer is None:
            return None
        typed = answer
        try:
            path = typed_path(typed)
        except ValueError as error:
            problem = save_problem(error)
            continue
        problem = save(path)
        if not problem:
            return path


# ----- dialogs ---------------------------------------------------------------------------------------


class ChooseLessonScreen(Dialog[Lesson | None]):
    """Which lesson to reset: the lessons started so far; None for none."""

    BINDINGS = [Binding("escape", "close", mark("Cancel"))]

    def __init__(self, lessons: list[Lesson]) -> None:
        super().__init__()
        self.lessons = lessons

    def compose_box(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(Text(tr("Which lesson should start again?"), style="bold"))
            yield OptionList(*[Option(Text(lesson.title), id=lesson.id) for lesson in self.lessons], id="lesson-choice")
            yield Static(Text(tr("↑ ↓ choose · Enter reset it · Escape never mind"), style="italic"))

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        dismiss_on_top(self, next(lesson for lesson in self.lessons if lesson.id == event.option.id))

    def action_close(self) -> None:
        dismiss_on_top(self, None)


class PathScreen(Dialog[str | None]):
    """Asks for a file's path; dismisses with the text typed, or None."""

    BINDINGS = [Binding("escape", "close", mark("Cancel"))]

    def action_close(self) -> None:
        dismiss_on_top(self, None)

    def __init__(self, title: str, question: str, path: str, problem: str, button: str) -> None:
        super().__init__()
        self.title_text, self.question, self.path, self.problem = title, question, path, problem
        self.button = button

    def compose_box(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(Text(self.title_text, style="bold"))
            yield Static(Text(self.question))
            yield Input(self.path, id="path")
            yield Static(Text(self.problem), id="path-problem")
            with Horizontal(classes="buttons"):
                yield Button(tr("{button} (Enter)").format(button=self.button), id="ok", variant="primary")
                yield Button(tr("Cancel (Esc)"), id="cancel")

    @unless_closed
    def on_mount(self) -> None:
        self.query_one("#path-problem").display = bool(self.problem)

    def on_input_submitted(self) -> None:
        self._done()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "ok":
            self._done()
        else:
            dismiss_on_top(self, None)

    def _done(self) -> None:
        typed = self.query_one("#path", Input).value.strip()
        if typed:
            dismiss_on_top(self, typed)
        else:
            problem = self.query_one("#path-problem", Static)
            problem.update(Text(tr("✗ Please type where the file is, like ~/old-maid.json")))
            problem.display = True
