"""The rules in play, in a few friendly paragraphs."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Static

from tutor.engine import Rules
from tutor.language import mark, ntr, tr
from tutor.ui.footer import TutorFooter
from tutor.ui.header import TutorHeader
from tutor.ui.opening import unless_closed
from tutor.ui.page import Page
from tutor.ui.reach import learner
from tutor.ui.rules_words import rules_name
from tutor.wording.rules import rules_summary


class RulesScreen(Screen[None]):
    DEFAULT_CSS = """
    #rules-more {
        height: 1;
        width: 100%;
        content-align: center middle;
        text-style: bold;
        background: $panel;
        color: $text;
        display: none;
    }
    """
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
        with Page(id="rules"):
            yield Static(text)
        yield Static(id="rules-more")
        yield TutorFooter()

    @unless_closed
    def on_mount(self) -> None:
        rules = self.rules
        self.sub_title = ntr("The rules: {rules}, {count} player", "The rules: {rules}, {count} players", rules.players).format(
            rules=rules_name(rules), count=rules.players
        )
        scroller = self.query_one("#rules", VerticalScroll)
        scroller.focus()
        self.watch(scroller, "scroll_y", self._show_more_sign, init=False)
        self.watch(scroller, "virtual_size", self._show_more_sign, init=False)
        self.call_after_refresh(self._show_more_sign)

    def on_resize(self) -> None:
        self.call_after_refresh(self._show_more_sign)

    @unless_closed  # called after a refresh, when the screen may already have closed
    def _show_more_sign(self) -> None:
        """A line under the rules while some are out of sight below, with the keys that show them
        (a scroll bar alone may not show under NO_COLOR)."""
        scroller = self.query_one("#rules", VerticalScroll)
        sign = self.query_one("#rules-more", Static)
        sign.update(Text(tr("▼ More below: press ↓ or PgDn to read on ▼")))
        sign.display = scroller.max_scroll_y - scroller.scroll_y > 1
