"""The rules in play, in a few friendly paragraphs."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import Static

from tutor.engine import Rules
from tutor.language import mark, ntr, tr
from tutor.ui.footer import TutorFooter
from tutor.ui.header import TutorHeader
from tutor.ui.opening import unless_closed
from tutor.ui.page import MoreBelow, Page
from tutor.ui.reach import learner
from tutor.ui.rules_words import rules_name
from tutor.wording.rules import rules_summary

READ_ON = mark("▼ More below: press ↓ or PgDn to read on ▼")
"""The line under the rules while some are out of sight: one line, to fit 60 columns in every language."""


class RulesScreen(Screen[None]):
    HELP_TITLE = mark("The rules")
    BINDINGS = [Binding("escape", "app.pop_screen", mark("Back"))]

    def __init__(self, rules: Rules | None = None) -> None:
        """The rules of the game in play, or else of the learner's settings."""
        super().__init__()
        self.rules = rules or learner(self).settings.rules()

    def compose(self) -> ComposeResult:
        rules = self.rules
        yield TutorHeader()
        text = Text()
        for heading, paragraph in rules_summary(rules):
            text.append(f"{heading}\n", style="bold underline")
            text.append(f"{paragraph}\n\n")
        with Page(id="rules") as page:
            yield Static(text)
        yield MoreBelow(page, tr(READ_ON), id="rules-more")
        yield TutorFooter()

    @unless_closed
    def on_mount(self) -> None:
        rules = self.rules
        self.sub_title = ntr("The rules: {rules}, {count} player", "The rules: {rules}, {count} players", rules.players).format(
            rules=rules_name(rules), count=rules.players
        )
        self.query_one("#rules", Page).focus()

    def on_resize(self) -> None:
        self.call_after_refresh(self.query_one(MoreBelow).follow)
