"""Textual's Footer with Help always first, and without the palette's key when the window is narrow.

At 60 columns a screen's keys do not all fit on one line, and Textual's footer cuts the line
without a sign. Here F1 Help comes first, where it is always seen: the help it opens lists every
key of the screen. Below 80 columns the command palette's key, docked over the end of the line, is
left out (Ctrl+P still opens it). Textual's compact footer was tried and left alone: it runs each
key into its word ("F1Help"), which a child reads less easily.

It is also cheaper to build than Textual's (measured at start-up, where the home screen's footer
is built while the screen settles): it is rebuilt once for a burst of changes to the screen's keys
rather than once for each, and a key is made with its final `compact` value, instead of Textual's
default of True that its binding to the footer turns back to False at once (each turn restyles
the key).
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.events import Resize
from textual.screen import Screen
from textual.widgets import Footer
from textual.widgets._footer import FooterKey

NARROW = 80
HELP_ACTION = "help"
PALETTE_KEY = "-command-palette"  # Textual's class for the palette's key, the one key not bound to `compact`


class TutorFooter(Footer):
    _rebuild_queued = False

    def compose(self) -> ComposeResult:
        keys = list(super().compose())
        for key in keys:
            if isinstance(key, FooterKey) and not key.has_class(PALETTE_KEY):
                key.set_reactive(FooterKey.compact, self.compact)
        helps = [key for key in keys if isinstance(key, FooterKey) and key.action == HELP_ACTION]
        yield from helps + [key for key in keys if key not in helps]

    def bindings_changed(self, screen: Screen[object]) -> None:
        """As Textual's, but a rebuild already waiting for the next refresh takes this change too."""
        self._bindings_ready = True
        if not screen.app.app_focus:
            return
        if self.is_attached and screen is self.screen and not self._rebuild_queued:
            self._rebuild_queued = True
            self.call_after_refresh(self._rebuild)

    async def _rebuild(self) -> None:
        self._rebuild_queued = False
        await self.recompose()

    def on_resize(self, event: Resize) -> None:
        self.show_command_palette = self.app.size.width >= NARROW
