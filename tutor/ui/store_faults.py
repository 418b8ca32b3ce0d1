"""What the app does when the learner store cannot save, or another window shares the profile.

The store never raises these into a screen: it reports them here (``Store.report_faults_to``) and
keeps unsaved writes in order until they can be written. This module tells the learner, retries,
and asks when there is a choice to make:

- another window is writing: "waiting" notice, a retry every second, then a choice after a while;
- the disk is full: a notice, the app keeps running, a retry every few seconds;
- the profile was reset, removed or taken over elsewhere: an explanation, then choose a learner;
- the profile is open in another window at start: look only, take over, or another learner.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from rich.text import Text
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.timer import Timer
from textual.widgets import Button, OptionList, Static
from textual.widgets.option_list import Option

from tutor.errors import ProfileInUse, ProfileLost, StoreBusy, StoreError, StoreFull, StoreUnreachable
from tutor.language import mark, ntr, ptr, tr
from tutor.ui.dialogs import Dialog, dismiss_on_top
from tutor.ui.notices import notify, plain, warn

if TYPE_CHECKING:
    from tutor.learner.session import LearnerSession
    from tutor.store import Profile, Store

# A write waits this long for another window before it is kept for later (the screen never freezes longer).
WAIT_SECONDS = 0.2
BUSY_RETRY_SECONDS = 1.0
OTHER_RETRY_SECONDS = 5.0
# After this many busy retries in a row, the learner chooses: keep waiting or quit.
BUSY_TRIES_BEFORE_ASKING = 20


class ChoiceScreen(Dialog[str | None]):
    """A message and a few choices, each with its own key; dismisses with the choice's id."""

    def __init__(self, message: str, choices: list[tuple[str, str, str]]) -> None:
        """``choices``: (id, label, key) for each button, the first one the main choice."""
        super().__init__()
        self.message = message
        self.choices = choices
        for choice, label, key in choices:  # this dialog's own keys, so F1 help lists them (a new list: never the class's)
            self._bindings.key_to_bindings[key] = [Binding(key, f"choose({choice!r})", label, show=False)]

    def compose_box(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(plain(self.message), id="question")
            if len(self.choices) > 2:  # three buttons side by side do not fit a narrow dialog: a list does
                yield OptionList(
                    *[Option(Text(f"{label} ({key.upper()})"), id=_widget_id(number)) for number, (_, label, key) in enumerate(self.choices)], id="choices"
                )
                return
            with Horizontal(classes="buttons"):
                for number, (_, label, key) in enumerate(self.choices):
                    yield Button(f"{label} ({key.upper()})", id=_widget_id(number), variant="primary" if number == 0 else "default")

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.action_choose(self._choice_of(event.button.id))

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.action_choose(self._choice_of(event.option.id))

    def _choice_of(self, widget_id: str | None) -> str | None:
        numbers = {_widget_id(number): choice for number, (choice, _, _) in enumerate(self.choices)}
        return numbers.get(widget_id or "")

    def action_choose(self, choice: str | None = None) -> None:
        dismiss_on_top(self, choice)


def _widget_id(number: int) -> str:
    """A choice's button (or option) id: its place, never the choice's own id, which another
    screen's styles may name (a choice "table" took the game table's height once a game had
    been open: "#table { height: 1fr }")."""
    return f"choice-{number}"


def quit_choice() -> tuple[str, str, str]:
    """A question's choice to quit the tutor: (id, words, key)."""
    return ("quit", tr("Quit"), ptr("the key for Quit in a question: the first letter of Quit", "q"))


class ChoiceOrBack(ChoiceScreen):
    """A choice the learner may also leave unmade: Escape dismisses it with None."""

    BINDINGS = [Binding("escape", "choose", mark("Back"), tooltip=mark("Back, choosing nothing"))]


class StoreWatch:
    """Attached to the app: hears the store's faults, retries, and asks the learner."""

    def __init__(self, app: App[None], store: Store, choose_learner: Callable[[], None]) -> None:
        self.app = app
        self.store = store
        self.choose_learner = choose_learner
        self.timer: Timer | None = None
        self.problem: type[StoreError] | None = None
        self.busy_tries = 0
        self.asking = False
        store.report_faults_to(self.on_fault, WAIT_SECONDS)

    # ----- faults reported by the store -----------------------------------------------------

    def on_fault(self, fault: StoreError) -> None:
        if isinstance(fault, ProfileLost):
            self.app.call_later(self._explain_lost, fault)
            return
        kind = type(fault)
        if self.problem is not kind:
            self.problem = kind
            warn(self.app, _waiting_text(fault), timeout=None if kind is StoreBusy else 20)
        if self.timer is None:
            every = BUSY_RETRY_SECONDS if kind is StoreBusy else OTHER_RETRY_SECONDS
            self.timer = self.app.set_interval(every, self.retry)

    def retry(self) -> None:
        if self.asking:
            return
        if self.store.flush():
            self._saved()
            return
        if self.problem is StoreBusy:
            self.busy_tries += 1
            if self.busy_tries >= BUSY_TRIES_BEFORE_ASKING:
                self._ask_keep_waiting()

    def _saved(self) -> None:
        if self.timer is not None:
            self.timer.stop()
            self.timer = None
        if self.problem is not None:
            self.app.clear_notifications()
            notify(self.app, tr("✓ Everything is saved again."), timeout=4)
        self.problem = None
        self.busy_tries = 0

    def _ask_keep_waiting(self) -> None:
        self.asking = True
        seconds = int(self.busy_tries * BUSY_RETRY_SECONDS)
        message = ntr(
            "Another window (or another program) has been saving to the progress file for "
            "{count} second, so your last moves are not saved yet. Keep playing while we "
            "wait, or quit now (the moves not saved yet are lost).",
            "Another window (or another program) has been saving to the progress file for "
            "{count} seconds, so your last moves are not saved yet. Keep playing while we "
            "wait, or quit now (the moves not saved yet are lost).",
            seconds,
        ).format(count=seconds)

        def answered(choice: str | None) -> None:
            self.asking = False
            self.busy_tries = 0
            if choice == "quit":
                self.app.exit()

        self.app.push_screen(
            ChoiceScreen(
                message,
                [
                    ("wait", tr("Keep waiting"), ptr("the key for Keep waiting: the first letter of its words", "w")),
                    quit_choice(),
                ],
            ),
            answered,
        )

    def _explain_lost(self, lost: ProfileLost) -> None:
        message = f"{lost} {tr('This window stopped saving, so nothing saved elsewhere is overwritten. Choose a learner to carry on.')}"

        def answered(choice: str | None) -> None:
            if choice == "quit":
                self.app.exit()
            else:
                self.choose_learner()

        self.app.push_screen(
            ChoiceScreen(
                message,
                [
                    ("choose", tr("Choose a learner"), ptr("the key for Choose a learner: the first letter of its words", "c")),
                    quit_choice(),
                ],
            ),
            answered,
        )

    # ----- at start: is this profile open in another window? ----------------------------------

    def settle_claim(self, session: LearnerSession, go_on: Callable[[Profile], None]) -> bool:
        """True when the app may go on with ``session`` now; False when it asked the learner
        first (``go_on`` is called again once they have chosen to look only or to take over)."""
        if session.holds():
            return True
        try:
            session.claim()
        except ProfileInUse as in_use:
            self._ask_in_use(session, in_use, go_on)
            return False
        except StoreError as error:
            warn(self.app, f"{error} {tr('Your progress is kept and saved as soon as it can be.')}")
        return True

    def _ask_in_use(self, session: LearnerSession, in_use: ProfileInUse, go_on: Callable[[Profile], None]) -> None:
        message = f"{in_use} " + tr(
            "If two windows saved it at once, one would undo the other. Look only "
            "(nothing is saved here), take over (the other window stops saving), or choose "
            "another learner."
        )

        def answered(choice: str | None) -> None:
            if choice == "look":
                session.look_only()
                warn(self.app, tr("Looking only: nothing {name} does in this window is saved.").format(name=session.name), timeout=20)
            elif choice == "take":
                try:
                    session.claim(take_over=True)
                except StoreError as error:
                    warn(self.app, str(error))
            else:
                self.choose_learner()
                return
            go_on(session.profile)

        self.app.push_screen(
            ChoiceScreen(
                message,
                [
                    ("look", tr("Look only"), ptr("the key for Look only: the first letter of its words", "l")),
                    ("take", tr("Take over"), ptr("the key for Take over: the first letter of its words", "t")),
                    ("other", tr("Another learner"), ptr("the key for Another learner: the first letter of its words", "a")),
                ],
            ),
            answered,
        )


def _waiting_text(fault: StoreError) -> str:
    if isinstance(fault, StoreBusy):
        return tr("Waiting for another window to finish saving... Keep playing: your progress is kept and saved as soon as it is done.")
    if isinstance(fault, StoreFull):
        return tr(
            "The disk is full, so your progress cannot be saved right now. Keep playing: it is "
            "kept and saved as soon as there is room (a grown-up can free some space)."
        )
    if isinstance(fault, StoreUnreachable):
        return tr(
            "The school's computer that keeps progress cannot be reached right now. Keep playing: "
            "your progress is kept here and saved as soon as it answers again (a grown-up can check the network)."
        )
    return f"{fault} {tr('Keep playing: your progress is kept and saved as soon as it can be.')}"
