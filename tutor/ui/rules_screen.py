"""The rules in play, in a few friendly paragraphs."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Static

from tutor.engine import Rules
from tutor.rules_text import rules_summary
from tutor.ui.header import TutorHeader


class RulesScreen(Screen[None]):
    HELP_TITLE = "The rules"
    HELP_KEYS = [("↑ ↓", "scroll"), ("Escape", "back")]
    BINDINGS = [Binding("escape", "app.pop_screen", "Back")]

    def __init__(self, rules: Rules | None = None) -> None:
        """The rules of the game in play, or else of the learner's settings."""
        super().__init__()
        self.rules = rules or self.app.settings.rules()  # type: ignore[attr-defined]

    def compose(self) -> ComposeResult:
        rules = self.rules
        yield TutorHeader()
        text = Text()
        for heading, paragraph in rules_summary(rules):
            text.append(f"{heading}\n", style="bold underline")
            text.append(f"{paragraph}\n\n")
        with VerticalScroll(id="rules"):
            yield Static(text)
        yield Footer()

    def on_mount(self) -> None:
        rules = self.rules
        self.sub_title = f"The rules: {rules.name}, {rules.players} players"
        self.query_one("#rules").focus()
