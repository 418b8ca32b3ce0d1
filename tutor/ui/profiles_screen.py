"""Who is learning? Pick a profile, or make one by typing a name.

The very first time there are no profiles yet, so the screen just asks for a name. Names are
shown as plain text (never markup): they may hold quotes, brackets or any alphabet. The teacher's
view opens from here (T), behind the teacher's PIN. In a classroom, a learner who is learning in
another tab opens here only with the teacher's PIN.
"""

from __future__ import annotations

from rich.text import Text
from textual import events, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Vertical
from textual.screen import Screen
from textual.widgets import Button, Input, OptionList, Static
from textual.widgets.option_list import Option

from tutor.classroom import is_served
from tutor.errors import ProfileInUse, StoreBusy, StoreError
from tutor.language import mark, tr
from tutor.learner.session import LearnerSession, learner_named, learners
from tutor.learner.teacher import Protected, needs_pin
from tutor.store import Profile
from tutor.ui.dialogs import dismiss_on_top
from tutor.ui.footer import TutorFooter
from tutor.ui.header import TutorHeader
from tutor.ui.opening import unless_closed
from tutor.ui.reach import tutor_app

NEW_LEARNER = "new-learner"
# When the progress file is busy (a class starting at once), how often a name is tried again.
BUSY_TRIES = 20
BUSY_PAUSE_SECONDS = 0.5


class ProfilePickerScreen(Screen[Profile | None]):
    """Dismisses with the chosen or new profile, or None when the learner leaves."""

    CSS_PATH = "progress.tcss"
    HELP_TITLE = mark("Who is learning?")
    BINDINGS = [
        Binding("escape", "back", mark("Back"), tooltip=mark("Back to where you were")),
        # Not in the footer, which says Ctrl+Q Quit already ("esc Quit  ^q Quit"); the help lists it.
        Binding("escape", "leave", mark("Quit"), show=False, tooltip=mark("Close the tutor (nobody has been chosen yet)")),
        # F2, not a letter: every letter typed here is a child's name (and Ctrl+T is a browser's new tab).
        Binding("f2", "teacher", mark("Teacher"), show=False, tooltip=mark("The teacher's view of the class (with the teacher's PIN)")),
    ]
    saving = False
    """True while a name waits to be saved (the file was busy); Enter again does not start another try."""

    def compose(self) -> ComposeResult:
        yield TutorHeader()
        with Vertical(id="picker"):
            yield Static(id="picker-greeting")
            with Center():
                yield OptionList(*self._options(), id="picker-list")
            with Center():
                yield Input(placeholder=tr("Type your name here"), id="picker-name", select_on_focus=False)
            yield Static(id="picker-message")
            with Center():
                yield Button(tr("Teacher (F2)"), id="picker-teacher", compact=True)
        yield TutorFooter()

    def _options(self) -> list[Option]:
        profiles = learners(tutor_app(self).store)
        return [*[Option(Text(profile.name), id=str(profile.id)) for profile in profiles], Option(Text(tr("+ New learner")), id=NEW_LEARNER)]

    @unless_closed
    def on_mount(self) -> None:
        self.sub_title = tr("Who is learning?")
        self.start_again()

    def start_again(self) -> None:
        """The list of learners as the store has it now (the teacher may have removed some), or the
        question for a name when there is nobody."""
        if learners(tutor_app(self).store):
            self.show_list()
        else:
            self.ask_name(tr("Hello! What's your name?"))

    # ----- the two ways the screen looks ----------------------------------------------------------

    def show_list(self) -> None:
        self._greet(tr("Hello! Who is learning today?"), tr("Choose your name and press Enter, or type a new name."))
        self.query_one("#picker-name", Input).display = False
        teacher = self.query_one("#picker-teacher", Button)
        teacher.label, teacher.display = tr("Teacher (F2)"), True
        names = self.query_one("#picker-list", OptionList)
        names.display = True
        names.highlighted = 0
        names.focus()
        self.refresh_bindings()

    def ask_name(self, question: str) -> None:
        self._greet(question, tr("Type it, then press Enter. A grown-up can help with the spelling."))
        self.query_one("#picker-list", OptionList).display = False
        # Shown in a classroom only, where the teacher may open the class before any pupil has a name.
        teacher = self.query_one("#picker-teacher", Button)
        teacher.label, teacher.display = tr("Teacher (F2)"), is_served()
        name = self.query_one("#picker-name", Input)
        name.display = True
        name.value = ""
        name.focus()
        self.refresh_bindings()

    def _greet(self, question: str, how: str) -> None:
        text = Text()
        text.append(question + "\n", style="bold")
        text.append(how)
        self.query_one("#picker-greeting", Static).update(text)
        self._say("")

    def _say(self, message: str) -> None:
        self.query_one("#picker-message", Static).update(Text(message))

    # ----- choosing -------------------------------------------------------------------------------

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        if event.option.id == NEW_LEARNER:
            self.ask_name(tr("Welcome! What's your name?"))
            return
        chosen = next(
            (profile for profile in learners(tutor_app(self).store) if str(profile.id) == event.option.id),
            None,
        )
        if chosen is None:
            self._say(tr("That learner isn't here any more. Please choose another name."))
        else:
            self.choose(chosen)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        if not event.value.strip():
            self._say(tr("Please type your name first, then press Enter."))
            return
        if not self.saving:
            self._start_as(event.value, tries_left=BUSY_TRIES)

    def _start_as(self, name: str, tries_left: int) -> None:
        """Start as the learner ``name`` (made if new). While other tabs of a class are saving at the
        same moment, it tries again by itself for a few seconds rather than asking a child to."""
        self.saving = False
        try:
            profile = learner_named(tutor_app(self).store, name)
        except ValueError as error:
            self._say(f"✗ {error}")  # the rule's own words say what to do
            return
        except StoreBusy as error:
            if tries_left > 0:
                self.saving = True
                self._say(tr("Just a moment: saving your name..."))
                self.set_timer(BUSY_PAUSE_SECONDS, lambda: self._start_as(name, tries_left - 1))
            else:
                self._say(f"✗ {error} {tr('Please press Enter again in a moment.')}")
            return
        except StoreError as error:
            self._say(f"✗ {error} {tr('Please press Enter again in a moment.')}")
            return
        self.choose(profile)

    def choose(self, profile: Profile) -> None:
        """Start as ``profile``. In a classroom this tab claims it here, so one learning in another
        tab opens only with the teacher's PIN (elsewhere the app asks: look only, take over, or another)."""
        if needs_pin(Protected.OPEN_IN_USE):
            try:
                LearnerSession(tutor_app(self).store, profile).claim()
            except ProfileInUse:
                self._open_with_teacher(profile)
                return
            except StoreError:
                pass  # the app's own claim says what went wrong
        dismiss_on_top(self, profile)

    @work(exclusive=True, group="picker-teacher")
    async def _open_with_teacher(self, profile: Profile) -> None:
        from tutor.ui.teacher_screen import teacher_allows

        if not await teacher_allows(self.app, Protected.OPEN_IN_USE):
            self._say(tr("{name} is learning in another tab. Please choose your own name; only the teacher can open it here.").format(name=profile.name))
            return
        try:
            LearnerSession(tutor_app(self).store, profile).claim(take_over=True)
        except StoreError as error:
            self._say(f"✗ {error} {tr('Please try again in a moment.')}")
            return
        dismiss_on_top(self, profile)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "picker-teacher":
            self.action_teacher()

    @work(exclusive=True, group="picker-teacher")
    async def action_teacher(self) -> None:
        """The teacher's view of the class (with the teacher's PIN)."""
        from tutor.ui.teacher_screen import open_teacher_view

        if await open_teacher_view(self.app):
            names = self.query_one("#picker-list", OptionList)
            names.set_options(self._options())
            self.start_again()

    def _escape_quits(self) -> bool:
        """Whether Escape closes the tutor: the app opened here and there is no list to go back to."""
        return not self._list_behind() and len(self.app.screen_stack) == 2  # only Textual's blank screen below

    def _list_behind(self) -> bool:
        """Whether the learner is typing a new name with the list of names to go back to."""
        return bool(self.query_one("#picker-name", Input).display and learners(tutor_app(self).store))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "leave" and is_served():
            return False  # a pupil leaves by closing the tab; Escape must not end its tutor
        if action in ("back", "leave"):
            return self._escape_quits() == (action == "leave")
        return True

    def catch_key(self, event: events.Key) -> bool:
        """A letter typed at the list of names starts a new name with it: a child who types their
        name must never land in the learner who happens to be highlighted. Whether it was taken.

        Asked by the app (TutorApp.on_event) as each key arrives, in the order typed: the letters
        after the first go into the name box here too until the box has the focus. Handed on by
        Textual, they went some to the list and some to the box, each with its own queue, and a
        name typed in one burst in a busy class arrived as "Loe" for "Leo"."""
        if not (event.character and event.character.isprintable()):
            return False
        names, field = self.query_one("#picker-list", OptionList), self.query_one("#picker-name", Input)
        if names.display and event.character.isalnum():
            self.ask_name(tr("Welcome! What's your name?"))
            field.value, field.cursor_position = event.character, 1
            return True
        if field.display and self.focused is not field:
            field.insert_text_at_cursor(event.character)
            return True
        return False

    def action_back(self) -> None:
        if self._list_behind():
            self.show_list()
        else:
            dismiss_on_top(self, None)

    def action_leave(self) -> None:
        dismiss_on_top(self, None)
