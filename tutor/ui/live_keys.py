"""What each key does on a screen now: the keys its help lists and its footer shows.

Textual's own list (`Screen.active_bindings`) is out of step with what a key press does in three
ways. Over a dialog it stops at the dialog, yet the app's priority keys (F1 Help, Ctrl+Q Quit)
still work there. It lists Textual's key that copies what the mouse marked, where the mouse marks
nothing. And it lists a scrolling key of a box that cannot scroll that way, which the box passes on
when the key is pressed (on the game table ← moves the cursor over the cards: it is not "Scroll to
the left").
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from textual.binding import ActiveBinding, Binding
from textual.dom import DOMNode
from textual.screen import Screen

VERTICAL, HORIZONTAL = ("allow_vertical_scroll",), ("allow_horizontal_scroll",)
SCROLLS_WHEN = {
    "scroll_up": VERTICAL,
    "scroll_down": VERTICAL,
    "page_up": VERTICAL,
    "page_down": VERTICAL,
    "scroll_left": HORIZONTAL,
    "scroll_right": HORIZONTAL,
    "page_left": HORIZONTAL,
    "page_right": HORIZONTAL,
    "scroll_home": VERTICAL + HORIZONTAL,
    "scroll_end": VERTICAL + HORIZONTAL,
}
"""Textual's scrolling actions, and what a box must allow for each to scroll (else it passes the key on)."""
COPY = "screen.copy_text"
"""Textual's key that copies the words marked with the mouse: nothing can be marked where the app
does not let the mouse mark words (TutorApp.ALLOW_SELECT)."""


def live_bindings(screen: Screen[Any]) -> dict[str, ActiveBinding]:
    """What each key does on `screen` now: its active bindings, with the priority keys of what is
    behind a dialog where the dialog does not bind the key itself, and without scrolling keys that
    a box passes on."""
    live: dict[str, ActiveBinding] = {}
    chain = screen._binding_chain  # (Textual's `_modal_binding_chain` is this chain, made again, cut after the dialog)
    modal = next((index for index, (node, _) in enumerate(chain, 1) if node.is_modal), len(chain))
    for node, bindings in chain[:modal]:
        for key, binding in bindings:
            _add(live, screen, node, key, binding)
    for node, bindings in chain[modal:]:
        for key, binding in bindings:
            if binding.priority and key not in live:
                _add(live, screen, node, key, binding)
    return live


def _add(live: dict[str, ActiveBinding], screen: Screen[Any], node: DOMNode, key: str, binding: Binding) -> None:
    if binding.action == COPY and not screen.app.ALLOW_SELECT:
        return
    state = screen.app._check_action_state(binding.action, node)
    if state is False or _passes_on(binding, node):
        return
    if key not in live or (binding.priority and not live[key].binding.priority):
        live[key] = ActiveBinding(node, binding, bool(state), binding.tooltip)


def _passes_on(binding: Binding, node: DOMNode) -> bool:
    allows = SCROLLS_WHEN.get(binding.action)
    method = getattr(type(node), f"action_{binding.action}", None)
    textuals = getattr(method, "__module__", "").startswith("textual.")
    return allows is not None and textuals and not any(getattr(node, allowed, True) for allowed in allows)


def rename_key(node: DOMNode, key: str, description: str) -> bool:
    """Give `node`'s one binding of `key` another word (the English, or words said already), for
    this node alone: its footer and help say it. Whether it changed."""
    [binding] = node._bindings.key_to_bindings[key]
    if binding.description == description:
        return False
    node._bindings.key_to_bindings[key] = [replace(binding, description=description)]  # a new list: never the class's
    return True
