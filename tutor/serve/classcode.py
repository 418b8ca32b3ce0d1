"""The class code: what a browser tab must give before a pupil's app starts on a shared network.

Bound to this computer only (127.0.0.1, localhost, ::1) nobody else can connect, so nothing is
asked. Bound anywhere else, the server makes a short code from `secrets` and prints it for the
teacher; a tab gives it once on the page (or in the address, `?code=`). It keeps other people on
the same network out of the class; it does not encrypt anything (there is no TLS).
"""

from __future__ import annotations

import ipaddress
import secrets
import time
from collections import deque
from collections.abc import Callable

# Capital letters a child will not mix up when copying from the board (no I/L/O/Q/U/V/Z/S).
ALPHABET = "ABCDEFGHJKMNPRTWXY"
LENGTH = 6
# Wrong codes one address may send in a WINDOW_SECONDS before it must wait: plenty for a pupil
# with a typo, far too few to guess one of 18**6 (34 million) codes.
MOST_WRONG_CODES = 10
WINDOW_SECONDS = 60.0
LOOPBACK_NAMES = {"localhost", "localhost.localdomain", "ip6-localhost", "ip6-loopback"}


def new_code() -> str:
    """A fresh class code, e.g. 'KBTFRM'."""
    return "".join(secrets.choice(ALPHABET) for _ in range(LENGTH))


def normalised(text: str) -> str:
    """What a pupil typed, as a code: capitals, no spaces or dashes ('kbt-frm ' is 'KBTFRM')."""
    return "".join(char for char in text.upper() if not char.isspace() and char != "-")


def matches(given: str | None, code: str) -> bool:
    """True when `given` is the class code (compared in constant time)."""
    if given is None:
        return False
    return secrets.compare_digest(normalised(given).encode("utf-8"), code.encode("utf-8"))


def needs_code(host: str) -> bool:
    """Whether a server bound to `host` is reachable from other computers (so it asks a code)."""
    name = host.strip().strip("[]").lower()
    if name in LOOPBACK_NAMES:
        return False
    try:
        return not ipaddress.ip_address(name).is_loopback
    except ValueError:
        return True  # a host name, or "" / "0.0.0.0"-like wildcards: other computers may connect


class Guesses:
    """Wrong codes per address in the last WINDOW_SECONDS, to stop anyone guessing the code."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self._clock = clock
        self._wrong: dict[str, deque[float]] = {}

    def _recent(self, address: str) -> deque[float]:
        times = self._wrong.setdefault(address, deque())
        while times and self._clock() - times[0] > WINDOW_SECONDS:
            times.popleft()
        if not times:
            del self._wrong[address]
            return deque()
        return times

    def blocked(self, address: str) -> bool:
        """True when `address` sent too many wrong codes lately; its next guess is not even checked."""
        return len(self._recent(address)) >= MOST_WRONG_CODES

    def wrong(self, address: str) -> None:
        self._recent(address)
        self._wrong.setdefault(address, deque()).append(self._clock())
