"""Textual's Footer with Help always first, and without the palette's key when the window is narrow.

At 60 columns a screen's keys do not all fit on one line, and Textual's footer cuts the line
without a sign. Here F1 Help comes first, where it is always seen: the help it opens lists every
key of the screen. Below 80 columns the command palette's key, docked over the end of the line, is
left out (Ctrl+P still opens it). Textual's compact footer was tried and left alone: it runs each
key into its word ("F1Help"), which a child reads less easily.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.events import Resize
from textual.widgets import Footer
from textual.widgets._footer import FooterKey

NARROW = 80
HELP_ACTION = "help"


class TutorFooter(Footer):
    def compose(self) -> ComposeResult:
        keys = list(super().compose())
        helps = [key for key in keys if isinstance(key, FooterKey) and key.action == HELP_ACTION]
        yield from helps + [key for key in keys if key not in helps]

    def on_resize(self, event: Resize) -> None:
        self.show_command_palette = self.app.size.width >= NARROW
