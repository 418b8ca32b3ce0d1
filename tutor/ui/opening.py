"""One guard for screens that open as the app closes.

A Ctrl+Q (or a click on Quit) in the same moment a screen opens can run the screen's `on_mount`
after its widgets have been taken away: every `query_one` there would raise NoMatches and stop the
app with a traceback (found by the random-input soak, tests/test_soak.py). A screen whose widgets
are gone has nothing to fill, so its `on_mount` simply does nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import TypeVar

from textual.css.query import NoMatches
from textual.dom import DOMNode

Node = TypeVar("Node", bound=DOMNode)


def unless_closed(on_mount: Callable[[Node], None]) -> Callable[[Node], None]:
    """`on_mount` as written, except when the widgets it fills are already gone."""

    @wraps(on_mount)
    def guarded(node: Node) -> None:
        try:
            on_mount(node)
        except NoMatches:
            if node.query("*"):
                raise  # the widgets are there: a real mistake, not the app closing
    return guarded
