"""Textual's Header, made safe for screens that close while they are still opening.

A child mashing keys can open and close a screen within one frame; Textual 8.2.8's Header then
tries to update a title widget that is already gone and stops the app (NoMatches). This header
does the same title updates but lets that case pass.
"""

from __future__ import annotations

from textual.css.query import NoMatches
from textual.dom import NoScreen
from textual.events import Mount
from textual.widgets import Header
from textual.widgets._header import HeaderTitle

# Textual's own icon (U+2B58, a heavy circle) is missing from DejaVu Sans Mono, the monospace font a browser falls back
# to offline (see `old-maid-tutor serve`); "≡" is in it, and says "menu" (a click opens the palette).
ICON = "≡"


class TutorHeader(Header):
    def __init__(self) -> None:
        super().__init__(show_clock=False, icon=ICON)

    def _on_mount(self, event: Mount) -> None:
        event.prevent_default()  # replaces Header._on_mount (Textual calls every class's handler)

        async def set_title() -> None:
            try:
                self.query_one(HeaderTitle).update(self.format_title())
            except (NoScreen, NoMatches):
                pass

        self.watch(self.app, "title", set_title)
        self.watch(self.app, "sub_title", set_title)
        self.watch(self.screen, "title", set_title)
        self.watch(self.screen, "sub_title", set_title)
