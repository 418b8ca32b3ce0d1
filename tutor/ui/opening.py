"""The one guard for work that can arrive at a screen as it closes.

A Ctrl+Q (or a click on Quit, or Escape) in the same moment a screen opens, comes back, or gets a
queued call (a timer, a worker's result, a call after a refresh) can run that code while the app
is taking the screen down: some of its widgets are already gone, so a `query_one` there raises
NoMatches and stops the app with a traceback (found by the random-input soak, tests/test_soak.py).
Such a screen has nothing left to fill, so the code does not run: mark it `@unless_closed`.
"""

from __future__ import annotations

import inspect
from collections.abc import Awaitable, Callable, Iterator
from contextlib import contextmanager
from functools import wraps
from typing import TypeVar, cast

from textual.css.query import NoMatches
from textual.dom import DOMNode

Handler = TypeVar("Handler", bound=Callable[..., None] | Callable[..., Awaitable[None]])


def unless_closed(handler: Handler) -> Handler:
    """`handler` (a method of a screen or widget, plain or async) as written, except on a node the
    closing app is taking down: there it does nothing."""
    if inspect.iscoroutinefunction(handler):

        @wraps(handler)
        async def guarded_async(node: DOMNode, *args: object, **kwargs: object) -> None:
            if not taken_down(node):
                with _closing_allowed(node):
                    await handler(node, *args, **kwargs)

        return cast(Handler, guarded_async)

    @wraps(handler)
    def guarded(node: DOMNode, *args: object, **kwargs: object) -> None:
        if not taken_down(node):
            with _closing_allowed(node):
                handler(node, *args, **kwargs)

    return cast(Handler, guarded)


@contextmanager
def _closing_allowed(node: DOMNode) -> Iterator[None]:
    """NoMatches from a node that the app began taking down meanwhile is the app closing;
    from a node still in the app it is a real mistake, and is raised."""
    try:
        yield
    except NoMatches:
        if not taken_down(node):
            raise


def taken_down(node: DOMNode) -> bool:
    """Whether the app is taking `node` down: Textual marks every node it is about to remove
    (`_pruning`) before removing the first, and lets go of the screen itself (no longer attached)
    only once its widgets are gone, so a screen between the two is still attached."""
    return node._pruning or not node.is_attached
