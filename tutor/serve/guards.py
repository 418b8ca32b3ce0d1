"""Bounds on every client of the classroom server, as plain bookkeeping (no aiohttp here).

    Connections(per_address, total)   # admit(address) / release(address): open connections capped
    KeyBudget()                       # take(size) -> bool: what one tab may send per second
    OnceAMinute()                     # a logging filter: one line a minute per kind of message

`tutor.serve.server` wires them in: a connection over a cap is closed at once, a tab's input over
its budget is dropped, and an error repeated many times is one line a minute in the teacher's
terminal, never a traceback per request.
"""

from __future__ import annotations

import logging
import time
from collections import Counter
from collections.abc import Callable

from tutor.names import one_line

HEADER_SECONDS = 10.0
"""A connection whose request has not fully arrived within this is closed."""
LARGEST_MESSAGE = 64 * 1024
"""The largest websocket message a tab may send (a key, a paste, a resize)."""
LARGEST_INPUT = 4096
"""Characters of keyboard input one message may carry; the rest is dropped."""
INPUT_PER_SECOND = 4096
"""Bytes of input a tab may send each second, on average (fast typing and mouse moves are ~1 KB)."""
INPUT_BURST = 16 * 1024
"""Bytes a tab may send at once after a quiet moment (a pasted text)."""
LOG_EVERY_SECONDS = 60.0


def connection_caps(max_sessions: int) -> tuple[int, int]:
    """Open connections allowed from one address and in all. A class behind one router is one
    address: each browser tab holds its websocket and up to six page connections."""
    per_address = 8 * max_sessions + 16
    return per_address, max(4 * per_address, 2048)


class Connections:
    """Open connections per address and in all; past either cap a new one is refused."""

    def __init__(self, per_address: int, total: int) -> None:
        self.per_address = per_address
        self.total = total
        self._open: Counter[str] = Counter()

    @property
    def count(self) -> int:
        return self._open.total()

    def admit(self, address: str) -> bool:
        """Count a new connection from `address`; False (and not counted) when over a cap."""
        if self.count >= self.total or self._open[address] >= self.per_address:
            return False
        self._open[address] += 1
        return True

    def release(self, address: str) -> None:
        self._open[address] -= 1
        if self._open[address] <= 0:
            del self._open[address]


class KeyBudget:
    """What one tab may send: INPUT_PER_SECOND on average, INPUT_BURST at once (a token bucket)."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self._clock = clock
        self._left = float(INPUT_BURST)
        self._since = clock()

    def take(self, size: int) -> bool:
        """Spend `size` bytes if the tab has them; False (nothing spent) when it must slow down."""
        now = self._clock()
        self._left = min(float(INPUT_BURST), self._left + (now - self._since) * INPUT_PER_SECOND)
        self._since = now
        if size > self._left:
            return False
        self._left -= size
        return True


class OnceAMinute(logging.Filter):
    """Lets each kind of message (its logger and text before the arguments) through once a minute,
    with how many like it were held back, and never with a traceback."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        super().__init__()
        self._clock = clock
        self._last: dict[tuple[str, str], float] = {}
        self._held: Counter[tuple[str, str]] = Counter()

    def filter(self, record: logging.LogRecord) -> bool:
        kind = (record.name, str(record.msg))
        now = self._clock()
        last = self._last.get(kind)
        if last is not None and now - last < LOG_EVERY_SECONDS:
            self._held[kind] += 1
            return False
        self._last[kind] = now
        held = self._held.pop(kind, 0)
        message = record.getMessage()
        if record.exc_info and record.exc_info[1] is not None:
            error = record.exc_info[1]
            message += f" ({type(error).__name__}: {error})"
        if held:
            message += f" (and {held} more like it since the last one)"
        record.msg, record.args = one_line(message), None
        record.exc_info = record.exc_text = None
        record.stack_info = None
        return True
