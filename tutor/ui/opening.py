"""One guard for screens that open as the app closes.

A Ctrl+Q (or a click on Quit) in the same moment a screen opens (or comes back) can run its `on_mount` (or `on_screen_resume`)
while the app is taking it down: some of its widgets are already gone, so a `query_one` there
raises NoMatches and stops the app with a traceback (found by the random-input soak,
tests/test_soak.py). Such a screen has nothing to fill: its `on_mount` stops.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import TypeVar

from textual.css.query import NoMatches
from textual.dom import DOMNode

Node = TypeVar("Node", bound=DOMNode)


def unless_closed(on_mount: Callable[[Node], None]) -> Callable[[Node], None]:
    """`on_mount` as written, except on a screen the closing app has already let go of."""

    @wraps(on_mount)
    def guarded(node: Node) -> None:
        try:
            on_mount(node)
        except NoMatches:
            if not taken_down(node):
                raise  # still part of the app: a real mistake, not the app closing

    return guarded


def taken_down(node: DOMNode) -> bool:
    """Whether the app is taking `node` down: Textual marks every node it is about to remove
    (`_pruning`) before removing the first, and lets go of the screen itself (no longer attached)
    only once its widgets are gone, so a screen between the two is still attached."""
    return node._pruning or not node.is_attached
