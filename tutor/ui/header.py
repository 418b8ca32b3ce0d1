"""Textual's Header, made safe for screens that close while they are still opening.

A child mashing keys can open and close a screen within one frame; Textual 8.2.8's Header then
tries to update a title widget that is already gone and stops the app (NoMatches). This header
does the same title updates but lets that case pass.
"""

from __future__ import annotations

from textual.content import Content
from textual.css.query import NoMatches
from textual.dom import NoScreen
from textual.events import Mount
from textual.widgets import Header
from textual.widgets._header import HeaderTitle

# Textual's own icon (U+2B58, a heavy circle) is missing from DejaVu Sans Mono, the monospace font a browser falls back
# to offline (see `old-maid-tutor serve`); "≡" is in it, and says "menu" (a click opens the palette).
ICON = "≡"
TITLE_MARGIN = 18
"""Columns of the header that the title cannot use: the icon's place and its twin on the right."""


class TutorHeader(Header):
    def __init__(self) -> None:
        super().__init__(show_clock=False, icon=ICON)

    def _on_mount(self, event: Mount) -> None:
        event.prevent_default()  # replaces Header._on_mount (Textual calls every class's handler)
        for owner in (self.app, self.screen):
            self.watch(owner, "title", self._set_title)
            self.watch(owner, "sub_title", self._set_title)

    def on_resize(self) -> None:
        self._set_title()

    def _set_title(self) -> None:
        try:
            self.query_one(HeaderTitle).update(self.format_title())
        except (NoScreen, NoMatches):
            pass

    def format_title(self) -> Content:
        """The title and what the screen is about ("Old Maid Tutor — Lesson: Pairs"); where both
        cannot fit (60 columns, a long lesson title, German), what the screen is about alone."""
        title, about = self.screen_title, self.screen_sub_title
        room = self.size.width - TITLE_MARGIN
        if about and len(title) + len(" — ") + len(about) > room:
            return self.app.format_title(about, "")
        return super().format_title()
