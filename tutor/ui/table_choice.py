"""Play with others: the tables open in this progress file, and a box for a new table's name.

Each table shows its name, where its game is (waiting to start, playing, over), who sits there
and how many seats are free; Enter sits down at the highlighted one. A name typed in the box
opens a new table with the learner's own rules (or joins the table already called that). The
list follows the tables as other windows open, join and start them. A table whose game is over
opens a new game with its name. A refusal (a full table, a name that cannot be used) is said in
one line under the box. Names come from
other learners: they are shown as text, never as markup.
"""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Input, OptionList, Static
from textual.widgets.option_list import Option

from tutor.errors import StoreError
from tutor.language import mark, ntr, tr
from tutor.names import NAME_LENGTH, one_line
from tutor.store.tables import SeatView, TableStatus, TableView
from tutor.ui.footer import TutorFooter
from tutor.ui.header import TutorHeader
from tutor.ui.opening import unless_closed
from tutor.ui.reach import learner, tutor_app

WATCH_SECONDS = 0.5
"""How often the list asks whether another window wrote (a cheap question: no table is read)."""
NAME_SHOWN = 24
"""A name longer than this is cut short in the list (with …)."""


class TableChoiceScreen(Screen[None]):
    CSS_PATH = "table.tcss"
    HELP_TITLE = mark("Play with others")
    BINDINGS = [
        Binding("escape", "back", mark("Back"), tooltip=mark("Back to where you were")),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.views: list[TableView] = []
        self.shown: list[tuple[str, Text]] | None = None
        self._version: int | None = None

    def compose(self) -> ComposeResult:
        yield TutorHeader()
        with Vertical(id="choose-table"):
            yield Static(id="tables-intro")
            yield OptionList(id="tables")
            yield Input(placeholder=tr("Type a name for a new table"), id="table-name", max_length=NAME_LENGTH, select_on_focus=False)
            yield Static(id="table-problem")
        yield TutorFooter()

    @unless_closed
    def on_mount(self) -> None:
        self.sub_title = tr("Play with others")
        self.show_tables()
        tables = self.query_one("#tables", OptionList)
        (tables if self.views else self.query_one("#table-name", Input)).focus()
        self.set_interval(WATCH_SECONDS, self._watch)

    @unless_closed
    def on_screen_resume(self) -> None:
        self.show_tables()

    @unless_closed
    def _watch(self) -> None:
        try:
            version = learner(self).tables.data_version()
        except StoreError:
            return
        if version != self._version:
            self.show_tables()

    def show_tables(self) -> None:
        """The tables as the store has them now; the highlight stays on the same table."""
        tables = learner(self).tables
        try:
            self._version = tables.data_version()
            self.views = tables.open_tables()
        except StoreError:
            return  # busy: the next look tries again
        me = learner(self).profile
        words = [(str(view.id), _table_words(view, view.seat_of(me) is not None)) for view in self.views]
        if words == self.shown:
            return  # (any write to the progress file wakes the watch: most change no table)
        self.shown = words
        names = self.query_one("#tables", OptionList)
        highlighted = names.highlighted_option.id if names.highlighted_option is not None else None
        had_tables = names.option_count > 0
        names.clear_options()
        names.add_options([Option(prompt, id=table) for table, prompt in words])
        # The highlight stays on a table the learner can sit at; else it goes to the first such table.
        ids = [str(view.id) for view in self.views]
        open_ids = [str(view.id) for view in self.views if _may_sit(view, view.seat_of(me) is not None)]
        if self.views:
            keep = highlighted if highlighted in open_ids else open_ids[0] if open_ids else highlighted
            names.highlighted = ids.index(keep) if keep in ids else 0
        names.display = bool(self.views)
        typed = self.query_one("#table-name", Input)
        if self.views and not had_tables and typed.has_focus and not typed.value:
            names.focus()  # the first table to appear, while nothing is typed: Enter sits down at it
        intro = Text()
        if self.views:
            intro.append(tr("Choose a table and press Enter to sit down,") + " ", style="bold")
            intro.append(tr("or type a name for a new table below (Tab gets you there)."))
        else:
            intro.append(tr("Nobody has opened a table yet.") + " ", style="bold")
            intro.append(tr("Type a name for a new table and press Enter: your classmates can then sit down at it."))
        self.query_one("#tables-intro", Static).update(intro)
        if not self.views and names.has_focus:
            self.query_one("#table-name", Input).focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        view = next((view for view in self.views if str(view.id) == event.option.id), None)
        if view is not None:
            self._sit_down(view.name)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        if not event.value.strip():
            self._say(tr("Type a name for the table first, then press Enter."))
            return
        self._sit_down(event.value)

    def _sit_down(self, name: str) -> None:
        self._say("")
        if tutor_app(self).open_table(name, on_refused=self._say):
            self.query_one("#table-name", Input).value = ""

    def _say(self, message: str) -> None:
        self.query_one("#table-problem", Static).update(Text(one_line(message), style="bold"))

    def action_back(self) -> None:
        if self.is_current:
            self.app.pop_screen()


def _table_words(view: TableView, mine: bool) -> Text:
    """One table in the list: its name and where its game is, then who sits there."""
    text = Text()
    text.append(one_line(view.name, limit=NAME_SHOWN), style="bold")
    text.append(f"  {_status(view, mine)}")
    text.append("\n  " + ", ".join(_who(view, seat) for seat in view.seats))
    return text


def _may_sit(view: TableView, mine: bool) -> bool:
    """Whether the learner can sit down at `view` now: a free seat before the deal, their own seat,
    or a new game at a table whose game is over."""
    return mine or view.status is TableStatus.FINISHED or (view.status is TableStatus.WAITING and len(view.seats) < view.players)


def _status(view: TableView, mine: bool) -> str:
    if mine and view.status is not TableStatus.FINISHED:
        return tr("waiting to start: your seat is here") if view.status is TableStatus.WAITING else tr("playing now: your seat waits for you")
    if view.status is TableStatus.WAITING:
        free, players = view.players - len(view.seats), view.players
        if free:
            return ntr("waiting to start: {count} seat free of {players}", "waiting to start: {count} seats free of {players}", free).format(
                count=free, players=players
            )
        return ntr("waiting to start: all {count} seat taken", "waiting to start: all {count} seats taken", players).format(count=players)
    if view.status is TableStatus.PLAYING:
        return tr("playing now: no seat free")
    return tr("game over: choose it to see how it ended") if mine else tr("game over: choose it to start a new game here")


def _who(view: TableView, seat: SeatView) -> str:
    name = one_line(seat.name, limit=NAME_SHOWN)
    if seat.profile_id is None:
        return tr("{name} (computer)").format(name=name)
    if seat.profile_id == view.host_id:
        return tr("{name} (host)").format(name=name)
    return tr("{name} (away)").format(name=name) if seat.taken_over else name
