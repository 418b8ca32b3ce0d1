"""The Old Maid Tutor app: screens, themes, help, the command palette and the size guard."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Sequence
from dataclasses import replace
from typing import Any

from rich.terminal_theme import TerminalTheme
from textual import events
from textual._dispatch_key import dispatch_key
from textual.app import App, SystemCommand
from textual.binding import Binding
from textual.color import Color
from textual.content import Content
from textual.events import Resize
from textual.screen import Screen
from textual.theme import Theme

from tutor.classroom import is_served
from tutor.language import mark, ptr, tr
from tutor.learner.session import LearnerSession
from tutor.settings import Settings
from tutor.store import Profile, Store, open_store
from tutor.ui.contrast import RGB, readable, readable_variables
from tutor.ui.dialogs import MIN_HEIGHT, MIN_WIDTH, HelpScreen, TooSmallScreen, help_lines
from tutor.ui.key_names import answer_key_names_from_a_table
from tutor.ui.parsed_css import parse_once_per_process
from tutor.ui.terminal import quit_when_the_terminal_goes

parse_once_per_process()
answer_key_names_from_a_table()

HIGH_CONTRAST = Theme(
    name="high-contrast",
    primary="#ffff00",
    secondary="#00ffff",
    accent="#ffff00",
    foreground="#ffffff",
    background="#000000",
    surface="#000000",
    panel="#1a1a1a",
    boost="#333333",
    warning="#ffff00",
    error="#ff6e6e",
    success="#00ff66",
    dark=True,
)
FIRST_THEMES = ("high-contrast", "textual-dark", "textual-light")
TERMINAL_THEMES = ("ansi-dark", "ansi-light")
"""Textual's themes that draw in the terminal's own palette: the tutor cannot see those colours, so it
cannot promise 4.5:1 contrast in them, and does not offer them."""
THEME_VARIABLE = "TEXTUAL_THEME"  # Textual reads it once, at import; the app reads it when it needs it
CARD_GROUNDS = ("background", "surface", "panel")
"""Theme colours that text (cards included) is drawn on; $boost is laid over each of them too."""


def fitted_palette(base: TerminalTheme, grounds: list[RGB], in_grey: bool) -> TerminalTheme:
    """`base` with its colours (red for the red suits, and the others) made readable on `grounds`."""
    colours = [(colour.red, colour.green, colour.blue) for colour in (base.ansi_colors[index] for index in range(16))]
    fitted = [colour if index in (0, 7, 8, 15) else readable(colour, grounds, in_grey) for index, colour in enumerate(colours)]
    background, foreground = base.background_color, base.foreground_color
    return TerminalTheme(
        (background.red, background.green, background.blue),
        (foreground.red, foreground.green, foreground.blue),
        fitted[:8],
        fitted[8:],
    )


PLAIN_COMMANDS = {
    "Theme": (mark("Colours"), mark("Choose the colours of the whole tutor")),
    "Quit": (mark("Quit"), mark("Close the tutor (your progress is saved)")),
    "Screenshot": (mark("Save a picture"), mark("Save a picture of this screen in your folder (an SVG file)")),
}
"""Textual's commands a learner or a grown-up may want, in plain words; the others are left out."""
TEXTUAL_WORDS = (mark("Dismiss menu"),)
"""Textual's own words for keys it adds (a menu's), for the catalogue: the footer and help say every
key's words through it."""


HELP, HELP_TIP = mark("Help"), mark("This help: what every key does here")
"""The help key's name and its line in the help (F1 and ?, two bindings: see TutorApp.BINDINGS)."""


class TutorApp(App[None]):
    TITLE = mark("Old Maid Tutor")
    CSS_PATH = "styles.tcss"
    # No mouse text selection: nothing here is for copying, and Textual 8.2.8 crashes on a press
    # over a widget that a screen change has just detached (found by the soak).
    ALLOW_SELECT = False
    BINDINGS = [
        # F1 before any screen's keys, so that it works in a dialog too (whose keys are all its
        # own); ? only where no box takes it as a letter.
        Binding("f1", "help", HELP, key_display="F1", tooltip=HELP_TIP, priority=True),
        Binding("question_mark", "help", HELP, key_display="F1", tooltip=HELP_TIP),
        Binding("ctrl+q", "quit", mark("Quit"), priority=True, tooltip=mark("Quit (your game and progress are saved)")),
        # Textual's own key for its command palette, in words a child knows (Textual's said "palette").
        Binding(
            "ctrl+p",
            "command_palette",
            mark("Commands"),
            show=False,
            priority=True,
            tooltip=mark("Type to find any part of the tutor, the colours or a picture of the screen"),
        ),
    ]

    async def on_event(self, event: events.Event) -> None:
        if isinstance(event, events.Key):
            if not self.screen_stack:
                return  # a key typed while the app closes: no screen is left to take it (Textual would raise)
            catch_key = getattr(self.screen, "catch_key", None)
            if catch_key is not None and catch_key(event):
                return  # taken here, in the order typed, before Textual hands it to the focused widget
            event = self._small_letter(event)  # (after catch_key: a name typed there keeps its capitals)
        await super().on_event(event)

    def _small_letter(self, key: events.Key) -> events.Key:
        """A capital letter (Shift held, or Caps Lock on) outside a text box, as its small letter,
        unless the screen has a key of its own for the capital (a lesson's R, start again): the
        tutor's keys are small letters, and its buttons show them as capitals ("Play again (N)").
        A child pressing Shift+N there was answered by nothing."""
        if len(key.key) != 1 or not key.key.isupper():
            return key  # (first: every key comes here)
        from textual.widgets import Input

        if isinstance(self.focused, Input) or self._binds(key.key):
            return key
        small = events.Key(key.key.lower(), key.key.lower())
        if key._sender is not None:
            small.set_sender(key._sender)
        return small

    def _binds(self, key: str) -> bool:
        """Whether the app, the screen or the focused widget (or one it sits in) has a binding
        for `key`, taken now or not."""
        nodes = [self, self.screen, *(self.focused.ancestors_with_self if self.focused is not None else ())]
        return any(key in node._bindings.key_to_bindings for node in nodes)

    async def _on_key(self, event: events.Key) -> None:
        """Textual's own (bindings, then key_ methods), in its place (prevent_default: Textual's is
        not run as well), except that a key no binding takes may be kept by the screen for what it
        is about to show (a lesson's next step: keep_key)."""
        event.prevent_default()
        if await self._check_bindings(event.key):
            return
        keep_key = getattr(self.screen, "keep_key", None)
        if keep_key is None or not keep_key(event):
            await dispatch_key(self, event)

    def __init__(
        self,
        store: Store | None = None,
        profile: Profile | None = None,
        start: str | None = None,
        seed: int | None = None,
        deck: str | None = None,
        together: Sequence[str] = (),
    ) -> None:
        """`store` None opens the default store (closed again when the app ends); `profile` None asks
        the learner who they are first. `start` opens a screen at once: "play", "quiz", "lessons",
        "lesson:ID" (the command line's shortcuts); with "play", `deck` (a deck id, `play --deck`)
        becomes the deck setting and the game in progress goes on only if it uses that deck, and
        `together` (`play --with NAME`) names learners who play it too, at this keyboard. With no
        arguments at all (`textual run tutor.ui.app:TutorApp`) the app runs just as `old-maid-tutor` does."""
        super().__init__()
        self._owns_store = store is None
        self.store = open_store() if store is None else store
        self.start = start
        self.seed = seed
        self.deck = deck
        self.together = tuple(together)
        self.first_profile = profile
        self._session: LearnerSession | None = None
        self._applying_theme = True  # until a learner's theme is in place, theme changes are not theirs

    def on_mount(self) -> None:
        self.register_theme(HIGH_CONTRAST)
        self.apply_theme()
        for name in TERMINAL_THEMES:
            self.unregister_theme(name)
        from tutor.ui.notices import warn
        from tutor.ui.store_faults import StoreWatch

        self.store_watch = StoreWatch(self, self.store, self.choose_learner)
        for notice in self.store.notices:
            warn(self, notice)
        # The first screen comes once Textual's start-up is done: pushed during it (this method
        # runs inside its batch of updates), it was drawn, thrown away, and drawn again at the
        # screen's next update (a median 3-15 ms later in a terminal).
        if self.first_profile is None:
            from tutor.ui.profiles_screen import ProfilePickerScreen

            self.call_later(self.push_screen, ProfilePickerScreen(), self.use_profile)
        else:
            self.call_later(self.use_profile, self.first_profile)
        self.call_after_refresh(self.guard_size)
        quit_when_the_terminal_goes(self)

    def on_unmount(self) -> None:
        if self._owns_store:
            self.store.close()

    @property
    def session(self) -> LearnerSession:
        """The learner at this app's keyboard (RuntimeError before anyone has said who they are)."""
        if self._session is None:
            raise RuntimeError("no learner is chosen yet")
        return self._session

    @property
    def has_learner(self) -> bool:
        return self._session is not None

    @property
    def settings(self) -> Settings:
        """The learner's settings; the defaults until a learner is chosen (the picker's own look)."""
        return self._session.settings if self._session is not None else Settings()

    def use_profile(self, profile: Profile | None) -> None:
        """Start the tutor for this learner: their settings, the home screen, then any start screen."""
        if profile is None:
            self.exit()
            return
        session = LearnerSession(self.store, profile)
        if not self.store_watch.settle_claim(session, self.use_profile):
            return  # open in another window: the learner chooses first, then this runs again
        from tutor.ui.home import HomeScreen

        self._session = session
        self.apply_theme()
        self._applying_theme = False
        start, self.start = self.start, None  # the command line's shortcut is taken only once
        self.push_screen(HomeScreen(offer_resume=start is None))
        if start == "play":
            self._play_from_command_line()
        elif start is not None and start.startswith("table:"):
            self.open_table(start.removeprefix("table:"))
        elif start is not None:
            self.push_screen(self._make_screen(start))

    def choose_learner(self, profile: Profile | None = None) -> None:
        """Start afresh for `profile`; with None, back to "Who is learning?" first (this window's
        profile was lost, everyone was removed, or the learner wants another)."""
        from tutor.ui.profiles_screen import ProfilePickerScreen

        if self._session is not None:
            self._session.release()  # kept until the next learner's: the screens going away may still ask it
        self.start = None
        while len(self.screen_stack) > 1:
            self.pop_screen()
        if profile is not None:
            self.use_profile(profile)
        else:
            self.push_screen(ProfilePickerScreen(), self.use_profile)

    def speak_again(self) -> None:
        """The language changed: every screen made in the old one goes, and Home opens again (what
        the learner reads from now on is in the new language)."""
        from tutor.ui.home import HomeScreen

        while len(self.screen_stack) > 1:
            self.pop_screen()
        self.push_screen(HomeScreen(offer_resume=False))

    def get_key_display(self, binding: Binding) -> str:
        """A key as the footer shows it; Textual's one word among them ("space") in the language in use."""
        shown = super().get_key_display(binding)
        return ptr("a key in the footer", "space") if shown == "space" else shown

    def action_command_palette(self) -> None:
        """Textual's palette, guarded against its PageUp/PageDown crash (see tutor/ui/palette.py)."""
        from textual.command import CommandPalette

        from tutor.ui.palette import SafeCommandPalette

        if self.use_command_palette and not any(isinstance(shown, CommandPalette) for shown in self.screen_stack):
            self.push_screen(SafeCommandPalette(id="--command-palette", placeholder=tr("Search for commands…")))

    # ----- themes ---------------------------------------------------------------------------------

    def offered_themes(self) -> list[str]:
        """Every theme the learner may pick: the high-contrast one first, then all of Textual's."""
        others = sorted(name for name in self.available_themes if name not in (*FIRST_THEMES, *TERMINAL_THEMES))
        return [*FIRST_THEMES, *others]

    def wanted_theme(self) -> str:
        """The learner's theme once they have picked one; until then $TEXTUAL_THEME, else the default."""
        offered = self.offered_themes()
        settings = self.settings
        picked = settings.theme_chosen or settings.theme != Settings().theme  # saved before theme_chosen existed
        from_environment = os.environ.get(THEME_VARIABLE, "")
        if picked and settings.theme in offered:
            return settings.theme
        if from_environment in offered:
            return from_environment
        return settings.theme if settings.theme in offered else Settings().theme

    def apply_theme(self) -> None:
        applying, self._applying_theme = self._applying_theme, True
        try:
            self.theme = self.wanted_theme()
        finally:
            self._applying_theme = applying
        # Textual builds its palette filter before the app's ansi_theme can be asked, and rebuilds it
        # only when the theme changes: when it stays the same (the default theme), rebuild it here.
        self._refresh_truecolor_filter(self.ansi_theme)

    def watch_theme(self, theme: str) -> None:
        """However the theme was chosen (settings or the command palette's theme picker), keep it."""
        if self._applying_theme:
            return
        if self.settings.theme_chosen and self.settings.theme == theme:
            return
        self.save_settings(replace(self.settings, theme=theme, theme_chosen=True))

    def get_css_variables(self) -> dict[str, str]:
        """The theme's variables, with the footer's, the header's and the highlight's text made
        readable; under NO_COLOR the highlighted choice of a list is underlined too, not only a
        shade of grey (a child looking for "which one is picked?" sees it at once)."""
        variables = readable_variables(super().get_css_variables(), self.no_color)
        if self.no_color:
            variables["block-cursor-text-style"] = "bold underline"
        return variables

    def format_title(self, title: str, sub_title: str) -> Content:
        """The header's "Old Maid Tutor — Settings", without Textual's dimmed sub-title (too faint to read)."""
        title = tr(title)  # (a screen's sub-title is said in the language as the screen sets it)
        return Content(f"{title} — {sub_title}" if sub_title else title)

    @property
    def ansi_theme(self) -> TerminalTheme:
        """Textual's palette for plain colours in text (the red suits), made readable on this
        theme's backgrounds (Textual asks for it whenever the theme changes, and as it draws)."""
        key = (self.theme, self.no_color)
        palettes: dict[tuple[str, bool], TerminalTheme] = self.__dict__.setdefault("_palettes", {})
        if key not in palettes:  # (current_theme copies the dict of every theme, twice: asked only here)
            base = self.ansi_theme_dark if self.current_theme.dark else self.ansi_theme_light
            variables = self.get_css_variables()
            grounds = [Color.parse(variables[name]) for name in CARD_GROUNDS]
            boost = Color.parse(variables["boost"])
            grounds += [ground + boost for ground in grounds]
            palettes[key] = fitted_palette(base, [(ground.r, ground.g, ground.b) for ground in grounds], self.no_color)
        return palettes[key]

    def save_settings(self, settings: Settings) -> None:
        """Keep the learner's new settings and show their theme."""
        self.session.save_settings(settings)
        self.apply_theme()

    # ----- moving between screens ---------------------------------------------------------------

    def open_game(self, resume: bool, choose_deck: bool = False) -> None:
        """Open the game: the saved one (`resume`), or a new one; with `choose_deck`, a new game
        first asks which cards to play with (the choice becomes the deck setting)."""
        from tutor.ui.game_screen import GameScreen
        from tutor.ui.hot_seat import resume_together

        if resume and resume_together(self):  # a game played together: with the same learners
            return
        if choose_deck and not resume:
            from tutor.ui.deck_choice import DeckChoiceScreen

            self.push_screen(DeckChoiceScreen(self.settings.deck, self.session.is_new_to_games()), self._deck_chosen)
            return
        self.push_screen(GameScreen(resume=resume, seed=self.seed))

    def open_hot_seat(self, names: Sequence[str]) -> bool:
        """A new game at this keyboard for this learner and the learners named (made if new), the
        other seats computer players (tutor/ui/hot_seat.py); it takes the place of this learner's game
        in progress. A name the rule refuses, this learner's own, one open in another window or more
        than the rules allow is said in one line, and no game opens (False)."""
        from tutor.ui.hot_seat import open_hot_seat

        return open_hot_seat(self, names)

    def open_table(self, name: str, on_refused: Callable[[str], None] | None = None, again: int | None = None) -> bool:
        """Sit down at the table called `name` (open it with the learner's rules, join it, come
        back to it, or play `again` after the game at that table finished) and show it. A refusal
        (a full table, a name that cannot be used, a busy file) is said in one line: to
        `on_refused`, else as a warning. True when it opened."""
        from tutor.errors import TutorError
        from tutor.ui.table_screen import TableScreen

        try:
            shared = self.session.sit_down(name, again)
        except TutorError as refused:
            from tutor.names import one_line
            from tutor.ui.notices import warn

            words = one_line(str(refused))
            if on_refused is not None:
                on_refused(words)
            else:
                warn(self, words, timeout=8)
            return False
        self.push_screen(TableScreen(shared, seed=self.seed))
        return True

    def _play_with_others(self) -> None:
        from tutor.ui.together_screen import ask_where_to_play

        ask_where_to_play(self)

    def choose_table(self) -> None:
        """Play with others: the tables open in this progress file, and a new table's name."""
        from tutor.ui.table_choice import TableChoiceScreen

        self.push_screen(TableChoiceScreen())

    def _play_from_command_line(self) -> None:
        """`play`: the game in progress, or a new one; `play --deck ID`: that deck (it becomes the
        deck setting), going on with the game in progress only if it is played with that deck."""
        deck, self.deck = self.deck, None
        if deck is not None and deck != self.settings.deck:
            self.save_settings(replace(self.settings, deck=deck))
        together, self.together = self.together, ()
        if together:
            from tutor.ui.hot_seat import play_together

            play_together(self, together, deck)
            return
        self.open_game(resume=bool(self.session.saved_game(deck)))

    def _deck_chosen(self, deck: str | None) -> None:
        if deck is None:
            return
        if deck != self.settings.deck:
            self.save_settings(replace(self.settings, deck=deck))
        self.open_game(resume=False)

    def action_open(self, screen: str) -> None:
        if screen == "play":
            resume = bool(self.session.saved_game())
            self.open_game(resume=resume, choose_deck=not resume)
            return
        self.push_screen(self._make_screen(screen))

    def _make_screen(self, screen: str) -> Screen[Any]:
        """The screen for a menu entry or a command line start ("rules", "quiz", ...)."""
        if screen == "rules":
            from tutor.ui.rules_screen import RulesScreen

            return RulesScreen()
        if screen == "quiz":
            from tutor.ui.quiz_screen import QuizScreen

            return QuizScreen(seed=self.seed)
        if screen == "lessons":
            from tutor.ui.lessons import LessonListScreen

            return LessonListScreen()
        if screen.startswith("lesson:"):
            from tutor.ui.lessons import LessonScreen

            return LessonScreen(screen.removeprefix("lesson:"), seed=self.seed)
        if screen == "progress":
            from tutor.ui.progress_screen import ProgressScreen

            return ProgressScreen()
        from tutor.ui.settings_screen import SettingsScreen

        return SettingsScreen()

    def action_go_home(self) -> None:
        from tutor.ui.home import HomeScreen

        while len(self.screen_stack) > 2 and not isinstance(self.screen, HomeScreen):
            self.pop_screen()

    def action_help(self) -> None:
        if isinstance(self.screen, HelpScreen):
            self.screen.action_close()  # F1 again closes it, as its own keys say
            return
        if isinstance(self.screen, TooSmallScreen):
            return
        title = tr(getattr(self.screen, "HELP_TITLE", self.TITLE))
        marks_now = getattr(self.screen, "help_marks", None)
        shown = marks_now() if callable(marks_now) else getattr(self.screen, "HELP_MARKS", ())
        marks = [(sign, tr(meaning)) for sign, meaning in shown]
        self.push_screen(HelpScreen(title, help_lines(self.screen), marks))

    def get_system_commands(self, screen: Screen[Any]) -> Iterable[SystemCommand]:
        from tutor.ui.home import HomeScreen

        if not self.has_learner or not any(isinstance(shown, HomeScreen) for shown in self.screen_stack):
            yield from self._textual_commands(screen)  # nobody has said who is learning yet
            return
        yield SystemCommand(tr("Play a game"), tr("Play Old Maid against the computer"), lambda: self.action_open("play"))
        yield SystemCommand(tr("Play with others"), tr("Friends taking turns here, or a table with your class"), self._play_with_others)
        yield SystemCommand(tr("Lessons"), tr("Short lessons, one rule at a time"), lambda: self.action_open("lessons"))
        yield SystemCommand(tr("Quiz"), tr("Eight quick questions about the rules"), lambda: self.action_open("quiz"))
        yield SystemCommand(tr("Progress"), tr("What you have learned so far"), lambda: self.action_open("progress"))
        yield SystemCommand(tr("Rules"), tr("Read the rules in play"), lambda: self.action_open("rules"))
        yield SystemCommand(tr("Settings"), tr("Rules, players, help level, looks"), lambda: self.action_open("settings"))
        yield SystemCommand(tr("Home"), tr("Back to the main menu"), self.action_go_home)
        yield SystemCommand(tr("Help"), tr("What the keys do here"), self.action_help)
        yield from self._textual_commands(screen)

    def _textual_commands(self, screen: Screen[Any]) -> Iterable[SystemCommand]:
        """Textual's own commands in plain words (PLAIN_COMMANDS), leaving out those for programmers
        (the widget help panel, maximizing a widget); in a classroom tab, not the screenshot (a file
        for the pupil's browser that nobody needs in a lesson)."""
        served = is_served()
        for command in super().get_system_commands(screen):
            plain = PLAIN_COMMANDS.get(command.title)
            if plain is not None and not (served and command.title == "Screenshot"):
                yield SystemCommand(tr(plain[0]), tr(plain[1]), command.callback)

    # ----- the window-too-small notice --------------------------------------------------------

    def on_resize(self, event: Resize) -> None:
        self.call_after_refresh(self.guard_size)

    def guard_size(self) -> None:
        width, height = self.size
        too_small = width < MIN_WIDTH or height < MIN_HEIGHT
        showing = isinstance(self.screen, TooSmallScreen)
        if too_small and not showing:
            self.push_screen(TooSmallScreen())
        elif showing and not too_small and self.screen.is_current:
            self.pop_screen()
