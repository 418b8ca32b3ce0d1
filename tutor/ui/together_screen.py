"""Play with others, from the home screen: friends taking turns at this keyboard (hot-seat), or a
table where each player has their own screen (another window, or their own tab in a class).

    ask_where_to_play(app)      # the home screen's "Play with others"

Who may join, and the table itself, are decided below the screens (tutor.learner.together,
tutor.store.tables); this module only asks and sends.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import Input, Static

from tutor.errors import CannotJoin, StoreError
from tutor.language import mark, ptr, tr
from tutor.learner.together import one_more
from tutor.names import shown
from tutor.ui.dialogs import Dialog, dismiss_on_top
from tutor.ui.reach import learner
from tutor.ui.store_faults import ChoiceOrBack
from tutor.wording import listed

if TYPE_CHECKING:
    from tutor.ui.app import TutorApp

WHERE = mark(
    "Play with others! Are your friends here, taking turns at this keyboard? Or is each one at their "
    "own screen (another window, or their own tab in class)? Then you all sit at a table."
)
HERE, TABLE = "here", "table"


def ask_where_to_play(app: TutorApp) -> None:
    """Ask where the others are, then open the game at this keyboard or the list of tables."""

    def named(names: list[str] | None) -> None:
        if names:
            app.open_hot_seat(names)

    def chosen(where: str | None) -> None:
        if where == HERE:
            app.push_screen(FriendsScreen(), named)
        elif where == TABLE:
            app.choose_table()

    choices = [
        (HERE, tr("Here, taking turns"), ptr("the key for playing Here, taking turns: a letter of its words", "k")),
        (TABLE, tr("At a table"), ptr("the key for playing At a table: a letter of its words", "t")),
    ]
    app.push_screen(ChoiceOrBack(tr(WHERE), choices), chosen)


class FriendsScreen(Dialog[list[str] | None]):
    """Who plays at this keyboard besides the learner: names typed one by one; dismisses with them,
    or None for Escape (never mind)."""

    BINDINGS = [Binding("escape", "close", mark("Back"))]

    def __init__(self) -> None:
        super().__init__()
        self.names: list[str] = []

    def compose_box(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(Text(tr("Who plays with you at this keyboard?"), style="bold"))
            yield Static(id="friends-playing")
            yield Input(placeholder=tr("A friend's name"), id="friends-name", max_length=60)
            yield Static(id="friends-problem")
            yield Static(Text(tr("Type a name, then Enter. When everyone is in, press Enter in the empty box to start.")))

    def on_mount(self) -> None:
        self._show_playing()
        self.query_one("#friends-name", Input).focus()

    def _show_playing(self) -> None:
        players = [tr("you"), *(shown(name) for name in self.names)]
        said = tr("Playing: {players}.").format(players=listed(players)) if self.names else tr("Playing: just you, so far.")
        self.query_one("#friends-playing", Static).update(Text(said))

    def _say(self, problem: str) -> None:
        self.query_one("#friends-problem", Static).update(Text(problem))

    @on(Input.Submitted, "#friends-name")
    def add_name(self, event: Input.Submitted) -> None:
        typed = event.value
        if not typed.strip():
            if self.names:
                dismiss_on_top(self, self.names)
            else:
                self._say(tr("Type the name of a friend who plays with you first."))
            return
        session = learner(self)
        try:
            name = one_more(session.store, session.profile, self.names, typed)
        except (CannotJoin, StoreError) as refused:
            self._say(f"✗ {refused}")
            event.input.select_all()  # the next name typed replaces it (it was added to it: "AnaBen")
            return
        self.names.append(name)
        event.input.value = ""
        self._say("")
        self._show_playing()

    def action_close(self) -> None:
        dismiss_on_top(self, None)
