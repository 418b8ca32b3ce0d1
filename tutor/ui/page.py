"""A screen's page: a VerticalScroll whose focus restyles itself alone; and the line under a page
that says more of it is out of sight below (MoreBelow).

Textual restyles a widget and everything inside it whenever it gains or loses the focus, in case a
rule styles what is inside a focused widget. No rule does that for a page (tests/test_page_focus.py
checks every rule of every screen), and on the settings screen, a page of 128 widgets, each focus
change cost about 85 ms of CPU: twice as a learner opened it and pressed Tab.
"""

from __future__ import annotations

from rich.cells import cell_len
from rich.text import Text
from textual._context import NoActiveAppError
from textual.containers import VerticalScroll
from textual.widgets import Static

from tutor.language import mark, tr
from tutor.ui.opening import unless_closed

MORE_AROUND = mark("▲▼ More above and below: press PgUp or PgDn (or scroll)")
MORE_BELOW = mark("▼ More below: press PgDn (or scroll down)")
MORE_ABOVE = mark("▲ More above: press PgUp (or scroll up)")
SHORT_TERMINAL = 24
"""Lines under which a screen's words crowd its page: a lesson's cards take one line a row and its
question is pinned above a reason, a quiz's question comes closer to its answers."""
SHORT_SIGNS = {
    MORE_AROUND: mark("▲▼ More above and below: PgUp, PgDn"),
    MORE_BELOW: mark("▼ More below: PgDn"),
    MORE_ABOVE: mark("▲ More above: PgUp"),
}
"""The same on a box's edge too narrow for the whole sign (F1 help at 60 columns)."""
SIGNS = (MORE_AROUND, MORE_BELOW, MORE_ABOVE)
"""The line under a page while part of it is out of sight (a lesson, the quiz's end): one line, so
each must fit 60 columns in every language (tests/test_quiz_languages.py)."""


def out_of_sight(page: VerticalScroll, room: int | None = None) -> str | None:
    """The sign for a page with some of it out of sight (above, below or both), said in the
    language in use, short where the whole sign is wider than `room`; None when all of it shows."""
    above, below = page.scroll_y > 0, page.max_scroll_y - page.scroll_y > 0
    sign = MORE_AROUND if above and below else MORE_BELOW if below else MORE_ABOVE if above else None
    if sign is None:
        return None
    return tr(SHORT_SIGNS[sign]) if room is not None and cell_len(tr(sign)) > room else tr(sign)


class Page(VerticalScroll):
    def watch_has_focus(self, _has_focus: bool) -> None:
        try:
            self.app.stylesheet.update_nodes([self], animate=True)
        except NoActiveAppError:  # the app has closed (as Textual's own update allows for)
            pass


class MoreBelow(Static):
    """A line under `page` while some of it is out of sight below, with the keys that show it: a
    scroll bar alone may not show under NO_COLOR. Its screen calls `follow` after a resize too."""

    DEFAULT_CSS = """
    MoreBelow {
        height: 1;
        width: 100%;
        content-align: center middle;
        text-style: bold;
        background: $panel;
        color: $text;
        display: none;
    }
    """

    def __init__(self, page: Page, words: str, id: str | None = None) -> None:
        """`words`: said in the language already."""
        super().__init__(Text(words), id=id)
        self.page = page

    def on_mount(self) -> None:
        self.watch(self.page, "scroll_y", self.follow, init=False)
        self.watch(self.page, "virtual_size", self.follow, init=False)
        self.call_after_refresh(self.follow)

    @unless_closed  # called after a refresh, when the screen may already have closed
    def follow(self) -> None:
        self.display = self.page.max_scroll_y - self.page.scroll_y > 1
