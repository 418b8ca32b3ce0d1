"""The teacher's view of the class, behind the teacher's PIN; and the PIN dialog itself.

    TeacherScreen()                 # every learner: lessons and stars, rules mastered, games, last
                                    # active; the highlighted one's quiz mastery and common mistakes;
                                    # reset or remove the highlighted learner
    PinScreen.choose() / PinScreen.asking(purpose)   # set the PIN (typed twice) / type it
    await teacher_allows(app, action)  # True when `action` may go ahead (asks for the PIN in a class)

Every figure comes from `tutor.learner.class_report` (the learner policy); the PIN is checked by
`tutor.learner.teacher`. Learners' names are shown as text, never as markup.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Button, DataTable, Input, Static

from tutor.classroom import is_served
from tutor.errors import StoreError
from tutor.language import mark, ntr, tr
from tutor.learner.class_report import (
    SORTS,
    ClassRow,
    class_rows,
    csv_text,
    filtered,
    remove_learner,
    reset_learner,
    sorted_rows,
    when_text,
    write_report,
)
from tutor.learner.lessons import course_for_app
from tutor.learner.teacher import (
    LONGEST_PIN,
    SET_AT_THE_TERMINAL,
    SHORTEST_PIN,
    PinState,
    Protected,
    check_pin,
    needs_pin,
    pin_state,
    set_pin,
)
from tutor.store import Level, NoSuchProfile, Store
from tutor.ui.dialogs import ConfirmScreen, Dialog, dismiss_on_top
from tutor.ui.downloads import in_browser, save_problem, send_to_browser
from tutor.ui.footer import TutorFooter
from tutor.ui.header import TutorHeader
from tutor.ui.opening import unless_closed
from tutor.ui.reach import tutor_app
from tutor.wording import listed

if TYPE_CHECKING:
    from textual.app import App


REPORT_PATH = "~/old-maid-class.csv"
NAME_WIDTH = 18
LEVEL_WORDS = {Level.MASTERED: mark("mastered"), Level.PRACTISED: mark("practised"), Level.LEARNING: mark("not yet")}
SORT_WORDS = {"name": mark("name"), "last active": mark("last active"), "lessons done": mark("lessons done")}
"""Each way the table sorts (tutor.learner.class_report.SORTS), as the line above the table says it."""
STATE_WORDS = (mark("is not set yet"), mark("is set"), mark("is damaged"))
"""What follows "The teacher's PIN" (tutor.learner.teacher.PinState), for the catalogue."""


def pin_rule() -> str:
    """ "6 to 8 digits", in the language in use."""
    return tr("{shortest} to {longest} digits").format(shortest=SHORTEST_PIN, longest=LONGEST_PIN)


async def teacher_allows(app: App[None], action: Protected) -> bool:
    """Whether ``action`` may go ahead here: always outside a classroom; in one, once the teacher has
    typed the PIN. Call it from a worker (it waits for the dialog)."""
    if not needs_pin(action):
        return True
    why = tr("In a classroom, only the teacher can {action}. Teacher: please type your PIN.").format(action=tr(action.words))
    allowed: bool = await app.push_screen_wait(PinScreen.asking(why))
    return allowed


# ----- the PIN dialog ------------------------------------------------------------------------------


class PinScreen(Dialog[bool]):
    """Asks for the teacher's PIN (or, the first time, to choose one, typed twice); dismisses with
    True when the PIN was right (or chosen and kept), False when the dialog was left."""

    BINDINGS = [Binding("escape", "close", mark("Cancel"), tooltip=mark("Never mind: close this"))]
    DEFAULT_CSS = """
    #pin-why, #pin-problem { margin-bottom: 1; }
    #pin-again { margin-top: 1; }
    #pin-problem { margin-top: 1; }
    """

    def __init__(self, why: str, choosing: bool) -> None:
        super().__init__()
        self.why = why
        self.choosing = choosing

    def action_close(self) -> None:
        dismiss_on_top(self, False)

    @classmethod
    def asking(cls, why: str) -> PinScreen:
        return cls(why, choosing=False)

    @classmethod
    def choose(cls) -> PinScreen:
        return cls(tr("The first time here: choose the teacher's PIN ({rule}), and keep it from the pupils.").format(rule=pin_rule()), choosing=True)

    def compose_box(self) -> ComposeResult:
        with Vertical(classes="dialog", id="pin-dialog"):
            yield Static(Text(tr("Choose the teacher's PIN") if self.choosing else tr("The teacher's PIN"), style="bold"))
            yield Static(Text(self.why), id="pin-why")
            yield Input(
                password=True,
                restrict=r"[0-9]*",
                max_length=LONGEST_PIN,
                id="pin",
                compact=True,
                placeholder=tr("The PIN") if not self.choosing else tr("A new PIN: {rule}").format(rule=pin_rule()),
            )
            if self.choosing:
                yield Input(password=True, restrict=r"[0-9]*", max_length=LONGEST_PIN, id="pin-again", compact=True, placeholder=tr("The same PIN again"))
            yield Static(id="pin-problem")
            with Horizontal(classes="buttons"):
                yield Button(tr("OK (Enter)"), id="ok", variant="primary")
                yield Button(tr("Cancel (Esc)"), id="cancel")

    @unless_closed
    def on_mount(self) -> None:
        self.query_one("#pin-problem").display = False
        self.query_one("#pin", Input).focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        if self.choosing and event.input.id == "pin":
            self.query_one("#pin-again", Input).focus()
            return
        self._done()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        if event.button.id == "ok":
            self._done()
        else:
            dismiss_on_top(self, False)

    def _done(self) -> None:
        pin = self.query_one("#pin", Input).value
        store = tutor_app(self.app).store
        wait = 0.0
        try:
            if self.choosing:
                problem = set_pin(store, pin, self.query_one("#pin-again", Input).value)
            else:
                result = check_pin(store, pin)
                problem, wait = result.message, result.wait
        except StoreError as error:
            problem = f"{error} {tr('Please try again in a moment.')}"
        if not problem:
            dismiss_on_top(self, True)
            return
        self._say(f"✗ {problem}")
        for field in self.query(Input):
            field.value = ""
        if wait > 0:
            self._hold(wait)
        else:
            self.query_one("#pin", Input).focus()

    def _hold(self, seconds: float) -> None:
        """While a wait after wrong tries runs, no PIN can be typed: a try then would not be looked at."""
        for widget in (self.query_one("#pin", Input), self.query_one("#ok", Button)):
            widget.disabled = True
        self.set_timer(seconds, self._release)

    def _release(self) -> None:
        for widget in (self.query_one("#pin", Input), self.query_one("#ok", Button)):
            widget.disabled = False
        self.query_one("#pin", Input).focus()
        self._say(tr("You can type the PIN again now."))

    def _say(self, problem: str) -> None:
        shown = self.query_one("#pin-problem", Static)
        shown.update(Text(problem))
        shown.display = True


# ----- the class table ----------------------------------------------------------------------------


def detail_text(row: ClassRow) -> Text:
    """The highlighted learner: how well each rule is known in the quiz, and the common mistakes."""
    text = Text()
    text.append(row.name, style="bold")
    text.append(" · " + tr("quiz:") + " ")
    known = [(level, row.level(level)) for level in (Level.MASTERED, Level.PRACTISED)]
    for level, concepts in known:
        if concepts:
            text.append(f"{tr(LEVEL_WORDS[level])} ", style="bold")
            text.append(f"{listed([concept.title for concept in concepts])}; ")
    rest, total = len(row.level(Level.LEARNING)), len(row.levels)
    if rest == total:
        text.append(ntr("none of the {total} rule known yet", "none of the {total} rules known yet", total).format(total=total) + "\n")
    else:
        text.append(ntr("{count} of {total} rule not yet", "{count} of {total} rules not yet", total).format(count=rest, total=total) + "\n")
    if not row.mistakes:
        text.append(tr("No rule mistakes noted."))
    for mistake in row.mistakes:
        text.append(f"{mistake.times}× ", style="bold")
        text.append(f"{mistake.rule}\n")
    text.rstrip()
    return text


class TeacherScreen(Screen[None]):
    CSS_PATH = "teacher.tcss"
    HELP_TITLE = mark("The teacher's view")
    BINDINGS = [
        Binding("escape", "back", mark("Back"), tooltip=mark("Back to “Who is learning?”")),
        Binding("s", "sort", mark("Sort"), tooltip=mark("Sort by name, last active or lessons done")),
        Binding("f", "filter", mark("Filter"), tooltip=mark("Filter: show only names with these letters")),
        Binding("e", "export", mark("CSV"), tooltip=mark("Export the table as a CSV file")),
        Binding("r", "reset", mark("Reset"), tooltip=mark("Reset the highlighted learner's progress (lessons, quiz, games)")),
        Binding("delete", "remove", mark("Remove"), show=False, tooltip=mark("Remove the highlighted learner and all their progress")),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.sort = next(iter(SORTS))
        self.rows: list[ClassRow] = []
        self.shown: list[ClassRow] = []

    def compose(self) -> ComposeResult:
        yield TutorHeader()
        with Vertical(id="teacher"):
            with Horizontal(id="teacher-bar"):
                yield Input(placeholder=tr("Filter by name (F)"), id="teacher-filter")
                yield Static(id="teacher-sort")
            yield DataTable(id="teacher-table", cursor_type="row", zebra_stripes=True)
            yield Static(id="teacher-detail")
            yield Static(id="teacher-note")
        yield TutorFooter()

    @unless_closed
    def on_mount(self) -> None:
        self.sub_title = tr("The teacher's view")
        table = self.query_one(DataTable)
        table.add_column(tr("Name"), width=NAME_WIDTH, key="name")
        for label, key in (
            (tr("Lessons"), "lessons"),
            (tr("Stars"), "stars"),
            (tr("Mastered"), "mastered"),
            (tr("Games"), "games"),
            (tr("Last active"), "last"),
        ):
            table.add_column(label, key=key)
        self.query_one("#teacher-note").display = False
        self.rows = class_rows(tutor_app(self.app).store, course_for_app(replay=False))
        self.show_rows()
        table.focus()

    def show_rows(self) -> None:
        """The rows that pass the filter, in the chosen order."""
        table = self.query_one(DataTable)
        self.shown = sorted_rows(filtered(self.rows, self.query_one("#teacher-filter", Input).value), self.sort)
        table.clear()
        for index, row in enumerate(self.shown):
            table.add_row(
                Text(row.name, overflow="ellipsis", no_wrap=True),
                tr("{count} of {total}").format(count=row.lessons_done, total=row.lessons),
                f"★ {row.stars}",
                tr("{count} of {total}").format(count=row.mastered, total=len(row.levels)),
                str(row.games),
                tr("never") if row.last_active is None else when_text(row.last_active),
                key=str(index),
            )
        self.query_one("#teacher-sort", Static).update(
            Text(tr("{count} of {total} · sorted by {sort}").format(count=len(self.shown), total=len(self.rows), sort=tr(SORT_WORDS.get(self.sort, self.sort))))
        )
        self._show_detail(0)

    def _show_detail(self, index: int) -> None:
        detail = self.query_one("#teacher-detail", Static)
        if not self.rows:
            detail.update(Text(tr("No learners yet. They appear here once they have chosen a name.")))
        elif not self.shown:
            detail.update(Text(tr("No names have those letters. Change the filter (F) to see more.")))
        else:
            detail.update(detail_text(self.shown[min(index, len(self.shown) - 1)]))

    def on_data_table_row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        self._show_detail(event.cursor_row)

    def on_input_changed(self, event: Input.Changed) -> None:
        if event.input.id == "teacher-filter":
            self.show_rows()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        if event.input.id == "teacher-filter":
            self.query_one(DataTable).focus()

    def note(self, message: str) -> None:
        note = self.query_one("#teacher-note", Static)
        note.update(Text(message, style="bold"))
        note.display = bool(message)

    def action_back(self) -> None:
        if self.query_one("#teacher-filter", Input).has_focus:
            self.query_one(DataTable).focus()
        else:
            dismiss_on_top(self, None)

    def action_sort(self) -> None:
        ways = list(SORTS)
        self.sort = ways[(ways.index(self.sort) + 1) % len(ways)]
        self.show_rows()

    def action_filter(self) -> None:
        self.query_one("#teacher-filter", Input).focus()

    def highlighted(self) -> ClassRow | None:
        table = self.query_one(DataTable)
        if not self.shown or self.query_one("#teacher-filter", Input).has_focus:
            return None
        return self.shown[min(table.cursor_row, len(self.shown) - 1)]

    @work(exclusive=True, group="teacher-dialog")
    async def action_reset(self) -> None:
        row = self.highlighted()
        if row is None or not await self.app.push_screen_wait(
            ConfirmScreen(
                tr(
                    "Reset all of {name}'s progress? Lessons, quiz answers, games and mistakes are forgotten; "
                    "the settings stay. A tab where they are learning stops saving. This cannot be undone."
                ).format(name=row.name),
                tr("Reset it"),
                tr("Keep it"),
            )
        ):
            return
        self._change(row, reset_learner, tr("✓ {name}'s progress is reset.").format(name=row.name))

    @work(exclusive=True, group="teacher-dialog")
    async def action_remove(self) -> None:
        row = self.highlighted()
        if row is None or not await self.app.push_screen_wait(
            ConfirmScreen(
                tr("Remove {name}, with all their progress and settings? A tab where they are learning stops saving. This cannot be undone.").format(
                    name=row.name
                ),
                tr("Remove them"),
                tr("Keep them"),
            )
        ):
            return
        self._change(row, remove_learner, tr("✓ {name} is removed.").format(name=row.name))

    def _change(self, row: ClassRow, change: Callable[[Store, str], None], done: str) -> None:
        try:
            change(tutor_app(self.app).store, row.name)
        except NoSuchProfile:
            done = tr("{name} isn't in the store any more.").format(name=row.name)
        except StoreError as error:
            done = f"✗ {error} {tr('Please try again in a moment.')}"
        self.rows = class_rows(tutor_app(self.app).store, course_for_app(replay=False))
        self.show_rows()
        self.note(done)

    @work(exclusive=True, group="teacher-dialog")
    async def action_export(self) -> None:
        from tutor.ui.progress_screen import save_where_typed

        if in_browser(self.app):  # to the browser's downloads, never to the server's disk
            name = Path(REPORT_PATH).name
            send_to_browser(self.app, csv_text(self.shown), name)
            self.note(tr("✓ The class table is on its way to your browser's downloads as {file}.").format(file=name))
            return
        path = await save_where_typed(
            self.app,
            tr("Export the class table as CSV"),
            ntr(
                "Where should the file go? It holds the {count} learner shown, in this order.",
                "Where should the file go? It holds the {count} learners shown, in this order.",
                len(self.shown),
            ).format(count=len(self.shown)),
            REPORT_PATH,
            self._export,
        )
        if path is not None:
            self.note(tr("✓ Saved the class table in {path}.").format(path=path))

    def _export(self, path: Path) -> str:
        """Write the CSV; what went wrong, in words, or "" when all is well."""
        try:
            if path.is_dir():
                return tr("✗ {path} is a folder. Add a file name at the end, like {example}").format(path=path, example=path / "class.csv")
            write_report(path, self.shown)
        except (OSError, ValueError) as error:
            return save_problem(error)
        return ""


async def open_teacher_view(app: App[None]) -> bool:
    """Ask for the PIN (outside a class, to choose it the very first time), then show the class;
    True once the class was shown (learners may have been reset or removed). From a worker.
    A served tab never chooses the PIN: it is set at the teacher's computer."""
    from tutor.ui.notices import warn

    store = tutor_app(app).store
    try:
        state = pin_state(store)
    except StoreError as error:
        warn(app, f"{error} {tr('Please try again in a moment.')}")
        return False
    if state is not PinState.SET and is_served():
        warn(
            app,
            tr("The teacher's PIN {state}. The teacher sets it at the teacher's computer, with: {command}").format(
                state=tr(state.words), command=SET_AT_THE_TERMINAL
            ),
        )
        return False
    pin = PinScreen.asking(tr("Type the teacher's PIN to see the class.")) if state is PinState.SET else PinScreen.choose()
    if not await app.push_screen_wait(pin):
        return False
    await app.push_screen_wait(TeacherScreen())
    return True
