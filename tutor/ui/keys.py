"""Keys in words from below the screens. The guided game and its hints name an action by the game
screen's binding id in braces ("press {done}"); the screen that shows the words fills in its own key,
named as the help names it ("press D"). A front end without Textual fills the same ids its own way.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from textual.binding import Binding, BindingType

from tutor.ui.dialogs import key_name

_ACTION = re.compile(r"\{(\w+)\}")
READ_FIRST = 0.4
"""Seconds something to read stays before Enter goes on from it (a quiz answer's explanation, the
end of a lesson): a child typing "4" and Enter as one skipped the explanation of a wrong answer
unseen, and Enter pressed twice on a lesson's last step skipped its stars (newcomers' walks)."""


def with_keys(text: str, bindings: Iterable[BindingType]) -> str:
    """`text` with each `{id}` of one of `bindings` written as its key ("D", "Enter", "←"); braces
    that name no binding are left as they are."""
    keys = {binding.id: binding.key_display or key_name(binding.key.split(",")[0]) for binding in bindings if isinstance(binding, Binding) and binding.id}
    return _ACTION.sub(lambda found: keys.get(found.group(1), found.group(0)), text)
