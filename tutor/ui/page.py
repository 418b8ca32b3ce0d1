"""A screen's page: a VerticalScroll whose focus restyles itself alone.

Textual restyles a widget and everything inside it whenever it gains or loses the focus, in case a
rule styles what is inside a focused widget. No rule does that for a page (tests/test_page_focus.py
checks every rule of every screen), and on the settings screen, a page of 128 widgets, each focus
change cost about 85 ms of CPU: twice as a learner opened it and pressed Tab.
"""

from __future__ import annotations

from textual._context import NoActiveAppError
from textual.containers import VerticalScroll


class Page(VerticalScroll):
    def watch_has_focus(self, _has_focus: bool) -> None:
        try:
            self.app.stylesheet.update_nodes([self], animate=True)
        except NoActiveAppError:  # the app has closed (as Textual's own update allows for)
            pass
