"""The home screen: the main menu, and the offer to resume a saved game."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Vertical
from textual.screen import Screen
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option

from tutor.ui.dialogs import ConfirmScreen
from tutor.ui.header import TutorHeader

MENU = [
    ("lessons", "Lessons", "Short lessons that teach the rules one step at a time. Start here!"),
    ("play", "Play a game", "Play Old Maid against computer players, with help when you need it."),
    ("quiz", "Quiz", "Eight quick questions about the rules, with the why after each one."),
    ("progress", "My progress", "Lessons done, quiz results, and what to try next."),
    ("rules", "Rules", "A short summary of the rules you play by."),
    ("settings", "Settings", "Bicycle or Table rules, players, names, help level, speed and looks."),
    ("quit", "Quit", "See you next time! Your progress is saved."),
]


class HomeScreen(Screen[None]):
    HELP_TITLE = "The main menu"
    HELP_KEYS = [("↑ ↓", "choose"), ("Enter", "open"), ("L", "lessons"), ("P", "play"), ("Z", "quiz"), ("S", "settings")]
    BINDINGS = [
        Binding("l", "choose('lessons')", "Lessons"),
        Binding("p", "choose('play')", "Play"),
        Binding("z", "choose('quiz')", "Quiz"),
        Binding("r", "choose('rules')", "Rules"),
        Binding("s", "choose('settings')", "Settings"),
    ]

    def __init__(self, offer_resume: bool = True) -> None:
        """`offer_resume`: ask about a saved game (not when the command line opened a screen)."""
        super().__init__()
        self.offer_resume = offer_resume

    def compose(self) -> ComposeResult:
        yield TutorHeader()
        with Vertical(id="home"):
            yield Static(Text(self._greeting(), justify="center"), id="welcome")
            with Center():
                yield OptionList(*[Option(Text(label), id=key) for key, label, _ in MENU], id="menu")
            with Center():
                yield Static(id="menu-about")
        yield Footer()

    def _greeting(self) -> str:
        name = self.app.profile.name  # type: ignore[attr-defined]
        return f"Hello, {name}! Let's learn Old Maid.\nPair up your cards, and don't get stuck with the odd one out."

    def on_mount(self) -> None:
        self.sub_title = "Home"
        self.query_one("#menu", OptionList).highlighted = 0
        if self.offer_resume and self.app.store.load_game(self.app.profile):  # type: ignore[attr-defined]
            self.app.push_screen(
                ConfirmScreen("You have a game in progress. Carry on where you left off?", "Carry on", "Not now"),
                self._resume_answer,
            )

    def _resume_answer(self, carry_on: bool | None) -> None:
        if carry_on:
            self.app.open_game(resume=True)  # type: ignore[attr-defined]

    def _play_answer(self, carry_on: bool | None) -> None:
        if carry_on is not None:  # Escape means "never mind": the saved game stays as it is
            self.app.open_game(resume=carry_on)  # type: ignore[attr-defined]

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        about = next(text for key, _, text in MENU if key == event.option.id)
        self.query_one("#menu-about", Static).update(Text(about))

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.action_choose(str(event.option.id))

    def action_choose(self, key: str) -> None:
        if key == "quit":
            self.app.exit()
        elif key == "play" and self.app.store.load_game(self.app.profile):  # type: ignore[attr-defined]
            self.app.push_screen(
                ConfirmScreen("You have a game in progress. Carry on with it?\n(No starts a new game.)", "Carry on", "New game"),
                self._play_answer,
            )
        else:
            self.app.action_open(key)  # type: ignore[attr-defined]
