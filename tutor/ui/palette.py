"""The command palette, with guards for two Textual 8.2.8 crashes under fast keys.

- PageUp or PageDown at once after Ctrl+P, before the palette's list has been laid out, raises
  KeyError inside Textual's OptionList (``_move_page`` looks up a line that is not there yet) and
  stops the app; a bare Textual app does the same. The key is ignored in that first moment: the
  list is not on screen yet, so there is nothing to move.
- Closing the palette (Escape, or a chosen command) while it is still gathering commands makes
  its worker look for a list that is already gone: NoMatches, and the app stops (found by the
  random-input soak, tests/test_soak.py). The gathering simply ends: nobody is waiting for it.
- A command chosen as the app closes, or when another screen has opened over the palette: its
  `dismiss` pops whatever screen is on top, or raises when only one is left (found by the soak).
  The palette closes itself only while it is the screen on top.

And it says "No matches found" in the language in use (Textual's words are English).
"""

from __future__ import annotations

from typing import Any

from rich.align import Align
from rich.text import Text
from textual import work
from textual.await_complete import AwaitComplete
from textual.command import CommandList, CommandPalette, SearchIcon
from textual.css.query import NoMatches
from textual.widgets.option_list import Option

from tutor.language import tr
from tutor.ui.dialogs import on_top

_gather = CommandPalette._gather_commands.__wrapped__  # type: ignore[attr-defined]  # the coroutine under @work (functools.wraps sets it; the stubs do not say so)

# Textual's search icon (U+1F50E, a magnifying glass) is missing from DejaVu Sans Mono (the browser's offline monospace font).
SEARCH_ICON = "⌕"


class SafeCommandPalette(CommandPalette):
    # Textual draws its icon in black (its emoji brought its own colours): the text colour shows in every theme.
    DEFAULT_CSS = """
    SafeCommandPalette SearchIcon {
        color: $foreground;
    }
    """

    def on_mount(self) -> None:
        try:
            self.query_one(SearchIcon).icon = SEARCH_ICON
        except NoMatches:
            pass  # closed again before it was drawn (found by the soak)

    def dismiss(self, result: Any = None) -> AwaitComplete:
        if on_top(self) and len(self.app.screen_stack) > 1:
            return super().dismiss(result)
        return AwaitComplete.nothing()  # type: ignore[no-untyped-call, no-any-return]  # Textual's own "done already"

    def _action_command_list(self, action: str) -> None:
        try:
            super()._action_command_list(action)
        except KeyError:
            pass  # the list has options but no lines yet (Textual 8.2.8): nothing to move

    @work(exclusive=True, group=CommandPalette._GATHER_COMMANDS_GROUP)
    async def _gather_commands(self, search_value: str) -> None:
        try:
            await _gather(self, search_value)
        except NoMatches:
            pass  # the palette closed while gathering: its list is gone

    def _watch__list_visible(self) -> None:
        try:
            super()._watch__list_visible()
        except NoMatches:
            pass  # the palette is closing: its list is gone

    async def _watch__show_busy(self) -> None:
        try:
            await super()._watch__show_busy()
        except NoMatches:
            pass

    def _start_no_matches_countdown(self, search_value: str) -> None:
        """Textual's own, with its words said in the language in use."""
        self._stop_no_matches_countdown()

        def show_no_matches() -> None:
            if not search_value:  # (Textual: with nothing typed, no command found is not news)
                self._list_visible = False
                return
            try:
                command_list = self.query_one(CommandList)
            except NoMatches:
                return  # the palette is closing: its list is gone
            command_list.add_option(Option(Align.center(Text(tr("No matches found"), style="not bold")), disabled=True, id=self._NO_MATCHES))
            self._list_visible = True

        self._no_matches_timer = self.set_timer(self._NO_MATCHES_COUNTDOWN, show_no_matches)
