"""Small screens on top of others: help, yes-or-no questions, and the window-too-small notice."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Button, Static

MIN_WIDTH, MIN_HEIGHT = 60, 20

GENERAL_KEYS = [
    ("F1 or ?", "this help"),
    ("Escape", "go back"),
    ("Ctrl+P", "all commands"),
    ("Ctrl+Q", "quit (your game is saved)"),
]


class HelpScreen(ModalScreen[None]):
    """What each key does on the screen the learner came from."""

    BINDINGS = [Binding("escape,f1,question_mark,q", "dismiss", "Close")]

    def __init__(self, title: str, keys: list[tuple[str, str]]) -> None:
        super().__init__()
        self.help_title = title
        self.keys = keys

    def compose(self) -> ComposeResult:
        text = Text()
        text.append(f"{self.help_title}\n\n", style="bold")
        for key, meaning in [*self.keys, *GENERAL_KEYS]:
            text.append(f"{key:>12}  ", style="bold")
            text.append(f"{meaning}\n")
        text.append("\nPress Escape to close.", style="italic")
        with VerticalScroll(id="help-box", classes="dialog"):
            yield Static(text)


class ConfirmScreen(ModalScreen[bool | None]):
    """A yes-or-no question; dismisses with True for yes, False for no, None for Escape (never mind)."""

    BINDINGS = [
        Binding("y", "answer(True)", "Yes"),
        Binding("n", "answer(False)", "No"),
        Binding("escape", "answer(None)", "Back"),
    ]

    def __init__(self, question: str, yes: str = "Yes", no: str = "No") -> None:
        super().__init__()
        self.question = question
        self.yes, self.no = yes, no

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(Text(self.question), id="question")
            with Horizontal(classes="buttons"):
                yield Button(f"{self.yes} (Y)", id="yes", variant="primary")
                yield Button(f"{self.no} (N)", id="no")

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.action_answer(event.button.id == "yes")

    def action_answer(self, answer: bool | None) -> None:
        if self.is_current:  # a fast second key must not close the screen underneath too
            self.dismiss(answer)


class TooSmallScreen(ModalScreen[None]):
    """Shown while the terminal is smaller than the tutor needs; the app closes it when it grows."""

    BINDINGS = [Binding("ctrl+q", "app.quit", "Quit", show=False)]

    def compose(self) -> ComposeResult:
        yield Static(self._message(), id="too-small")

    def on_resize(self) -> None:
        self.query_one("#too-small", Static).update(self._message())

    def _message(self) -> Text:
        width, height = self.app.size
        return Text(
            f"Please make the window larger.\n\nOld Maid Tutor needs at least {MIN_WIDTH}×{MIN_HEIGHT} "
            f"characters; this window is {width}×{height}.\n\nYour game is safe: "
            "everything comes back when the window is big enough.",
            justify="center",
        )
