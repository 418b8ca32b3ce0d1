"""The home screen: one obvious "Continue" that follows the learner's progress, the main menu,
and the offer to resume a saved game.

What "Continue" opens comes from the learner policy (`tutor.learner.policy.next_step`): the next
lesson, then a first guided game, then a quiz round, then practice of what was missed. The
course is read once, in a thread, just after Home is first painted: the menu is there at once
and Continue says where it leads as soon as the course is read (well under a second).
"""

from __future__ import annotations

import threading
import time
from functools import partial

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Vertical
from textual.message import Message
from textual.screen import Screen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from tutor.errors import StoreError
from tutor.language import mark, tr
from tutor.store import Profile
from tutor.ui.dialogs import ConfirmScreen
from tutor.ui.footer import TutorFooter
from tutor.ui.header import TutorHeader
from tutor.ui.live_keys import rename_key
from tutor.ui.opening import unless_closed
from tutor.ui.reach import learner, tutor_app

CONTINUE = "continue"
CONTINUE_WORD, START_HERE = mark("Continue"), mark("Start here")
MENU = [
    ("lessons", mark("Lessons"), mark("Short lessons that teach the rules one step at a time.")),
    ("play", mark("Play a game"), mark("Play Old Maid against computer players, with help when you need it.")),
    ("together", mark("Play with others"), mark("Take turns with friends at this keyboard, or sit at a table with your class.")),
    ("quiz", mark("Quiz"), mark("Eight quick questions about the rules, with the why after each one.")),
    ("progress", mark("My progress"), mark("Lessons done, stars, how each rule is growing, and what to try next.")),
    ("rules", mark("Rules"), mark("A short summary of the rules you play by.")),
    ("settings", mark("Settings"), mark("Bicycle or Table rules, players, names, help level, speed and looks.")),
    ("learner", mark("Someone else?"), mark("Another learner: choose their name, or add a new one.")),
    ("quit", mark("Quit"), mark("See you next time! Your progress is saved.")),
]
ALL_LESSONS_DONE = mark("Every lesson is done! Open any of them again to practise.")
LOOKING = mark("Finding your next step…")
COURSE_AFTER = 1.0
"""Seconds after Home first shows before the course is read: reading it (about half a second of
imports and parsing, measured) alongside the start-up would delay the first paint as long. While
another screen covers Home (`play` from the command line), the course is not read at all: it is
read when Home shows, at once if that is later than this. A course read already (in a classroom,
by the warm process every tab is forked from) is followed at once, on Home's first frame."""
SEAT_QUESTION_AFTER = 0.3
"""Seconds after Home first shows before it asks about a seat kept at a table: reading the tables
(about 40 ms of imports and a query, measured) is not for every start's first frame to wait for."""


class HomeScreen(Screen[None]):
    HELP_TITLE = mark("The main menu")
    BINDINGS = [
        Binding("c", "continue", mark("Continue"), tooltip=mark("Go on with what comes next for you")),  # (its word follows the menu's: `_follow_progress`)
        Binding("l", "choose('lessons')", mark("Lessons"), tooltip=mark("The lessons, one rule at a time")),
        Binding("p", "choose('play')", mark("Play"), tooltip=mark("Play a game of Old Maid")),
        Binding("o", "choose('together')", mark("With others"), show=False, tooltip=mark("Play with others: friends here, or a table")),
        Binding("z", "choose('quiz')", mark("Quiz"), tooltip=mark("A round of eight quiz questions")),
        Binding("m", "choose('progress')", mark("My progress"), show=False, tooltip=mark("Your lessons, stars, games and the mistakes worth a second look")),
        Binding("r", "choose('rules')", mark("Rules"), tooltip=mark("A short summary of the rules")),
        Binding("s", "choose('settings')", mark("Settings"), tooltip=mark("Rules, players, names, help level, looks")),
    ]

    def __init__(self, offer_resume: bool = True) -> None:
        """`offer_resume`: ask about a saved game (not when the command line opened a screen)."""
        super().__init__()
        self.offer_resume = offer_resume
        self.target: str | None = None
        """What Continue opens ("lesson:<id>", "play", "quiz"); None until the course is read."""
        self.followed = False
        """True once Continue follows the learner's progress (tests wait for it)."""
        self.reading = False
        self.made_at = time.monotonic()
        self.about = {key: tr(about) for key, _, about in MENU}
        self.about[CONTINUE] = tr(LOOKING)
        self.title_first = self._title_before_the_course()

    def _title_before_the_course(self) -> str:
        """Continue's word from the first frame: "Start here" for a learner with nothing done yet
        (the store says so at once; the course, read after, says where it leads). It said "Continue"
        for a second first."""
        try:
            return START_HERE if learner(self).is_new() else CONTINUE_WORD
        except StoreError:
            return CONTINUE_WORD

    def compose(self) -> ComposeResult:
        yield TutorHeader()
        with Vertical(id="home"):
            yield Static(Text(self._greeting(), justify="center"), id="welcome")
            with Center():
                yield OptionList(self._continue_option(tr(self.title_first), ""), *[Option(Text(tr(label)), id=key) for key, label, _ in MENU], id="menu")
            with Center():
                yield Static(id="menu-about")
        yield TutorFooter()

    def _greeting(self) -> str:
        name = learner(self).name
        return tr("Hello, {name}! Let's learn Old Maid.\nPair up your cards and don't get stuck with the odd one.").format(name=name)

    @unless_closed
    def on_mount(self) -> None:
        self.sub_title = tr("Home")
        self.query_one("#menu", OptionList).highlighted = 0
        self._name_the_continue_key(self.title_first)
        if self.offer_resume and learner(self).saved_game():
            self.app.push_screen(
                ConfirmScreen(tr("You have a game in progress. Carry on where you left off?"), tr("Carry on"), tr("Not now")),
                self._resume_answer,
            )
        elif self.offer_resume:
            self.set_timer(SEAT_QUESTION_AFTER, self._offer_the_kept_seat)

    @unless_closed
    def _offer_the_kept_seat(self) -> None:
        """A learner whose app closed (or was stopped) mid-game at a table is asked, when it starts
        again, whether to go back to their seat (a computer plays it a minute after they went, until
        they are back)."""
        if self.app.screen is not self:
            return
        try:
            table = learner(self).seat_kept()
        except StoreError:
            return  # a busy or damaged file: the tables' own screen says so when opened
        if table is not None:
            question = tr("Your seat at table {table} is still there, and its game is on. Go back to it?").format(table=table)
            self.app.push_screen(ConfirmScreen(question, tr("Back to the table"), tr("Not now")), partial(self._kept_seat_answer, table))

    def _kept_seat_answer(self, table: str, go_back: bool | None) -> None:
        if go_back:
            tutor_app(self).open_table(table)

    @unless_closed
    def on_screen_resume(self) -> None:
        """Each time Home shows, Continue follows the learner's progress as it is now."""
        if self.app.screen is not self:
            # Covered at once (a game the command line opened, the saved game's question): the course
            # is read when Home shows. (Textual's is_current says True here: the screen on top is not styled yet.)
            return
        if learner(self).course_is_read() and (self.followed or not self.reading):
            self.reading = True  # read already (a classroom's tab has it from the warm process):
            self._follow_progress()  # Continue says where to go on Home's first frame
        elif not self.reading:  # the first time, once Home is painted and settled
            self.reading = True
            wait = self.made_at + COURSE_AFTER - time.monotonic()
            if wait > 0:
                self.set_timer(wait, self._read_course)
            else:  # (a Textual timer of 0 seconds divides by zero)
                self._read_course()

    def _read_course(self) -> None:
        """Read the course in a daemon thread, then follow progress. Not a Textual worker: the
        app waits for those when it closes, and quitting must never wait for the course."""
        session = learner(self)

        def read() -> None:
            session.course  # noqa: B018 (read here, off the screen's thread)
            self.post_message(self.CourseRead())  # thread-safe; dropped if the screen has closed meanwhile

        threading.Thread(target=read, name="home-course", daemon=True).start()

    class CourseRead(Message):
        """The course has been read, off the screen's thread."""

    def on_home_screen_course_read(self, _: CourseRead) -> None:
        self._follow_progress()

    @unless_closed  # the app may have closed (and its store with it) while the course was read
    def _follow_progress(self) -> None:
        from tutor.learner.policy import lessons_done, next_step

        session = learner(self)
        record, course = session.record(), session.course
        step = next_step(record, course)
        self.target = step.target
        self.followed = True
        self.about[CONTINUE] = step.text
        self.about["lessons"] = tr(ALL_LESSONS_DONE if lessons_done(record, course) == len(course.lessons) else MENU[0][2])
        menu = self.query_one("#menu", OptionList)
        title = START_HERE if record.is_new else CONTINUE_WORD
        menu.replace_option_prompt(CONTINUE, self._continue_prompt(tr(title), step.label))
        self._name_the_continue_key(title)
        if menu.highlighted_option is not None:
            self._show_about(str(menu.highlighted_option.id))

    def _name_the_continue_key(self, title: str) -> None:
        """C is called what the menu's first line says ("Start here" for a new learner): the keys'
        line said "c Continue" beside it."""
        if rename_key(self, "c", title):
            self.refresh_bindings()

    def _continue_option(self, title: str, label: str) -> Option:
        return Option(self._continue_prompt(title, label), id=CONTINUE)

    @staticmethod
    def _continue_prompt(title: str, label: str) -> Text:
        prompt = Text(f"▶ {title}", style="bold")
        if label:
            prompt.append(f"\n  {label}", style="not bold italic")
        return prompt

    def _resume_answer(self, carry_on: bool | None) -> None:
        if carry_on:
            tutor_app(self).open_game(resume=True)

    def _play_answer(self, carry_on: bool | None) -> None:
        if carry_on is not None:  # Escape means "never mind": the saved game stays as it is
            tutor_app(self).open_game(resume=carry_on, choose_deck=True)

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        self._show_about(str(event.option.id))

    def _show_about(self, key: str) -> None:
        self.query_one("#menu-about", Static).update(Text(self.about[key]))

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        key = str(event.option.id)
        if key == CONTINUE:
            self.action_continue()
        else:
            self.action_choose(key)

    def _learner_chosen(self, profile: Profile | None) -> None:
        """Start afresh for the learner chosen; Escape (None) or the same learner stays here."""
        if profile is None or profile.id == learner(self).profile.id:
            return
        tutor_app(self).choose_learner(profile)

    def action_continue(self) -> None:
        """Open what comes next; before the course is read, the lessons (where every learner starts)."""
        target = self.target or "lessons"
        self.action_choose(target)

    def action_choose(self, key: str) -> None:
        if key == "quit":
            self.app.exit()
        elif key == "together":
            from tutor.ui.together_screen import ask_where_to_play

            ask_where_to_play(tutor_app(self))
        elif key == "learner":
            from tutor.ui.profiles_screen import ProfilePickerScreen

            self.app.push_screen(ProfilePickerScreen(), self._learner_chosen)
        elif key == "play" and learner(self).saved_game():
            question = tr("You have a game in progress. Carry on with it?\n(“New game” ends this one and deals a new one.)")
            self.app.push_screen(ConfirmScreen(question, tr("Carry on"), tr("New game")), self._play_answer)
        else:
            tutor_app(self).action_open(key)
