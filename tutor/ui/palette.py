"""The command palette, with a guard for a Textual 8.2.8 crash.

Pressing PageUp or PageDown at once after Ctrl+P, before the palette's list has been laid out,
raises KeyError inside Textual's OptionList (``_move_page`` looks up a line that is not there
yet) and stops the app; a bare Textual app does the same. Until Textual fixes it, the key is
ignored in that first moment: the list is not on screen yet, so there is nothing to move.
"""

from __future__ import annotations

from textual.command import CommandPalette


class SafeCommandPalette(CommandPalette):
    def _action_command_list(self, action: str) -> None:
        try:
            super()._action_command_list(action)
        except KeyError:
            pass  # the list has options but no lines yet (Textual 8.2.8): nothing to move
