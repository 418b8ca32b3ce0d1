"""The class code: what a browser tab must give before a pupil's app starts on a shared network.

Bound to this computer only (127.0.0.1, localhost, ::1) nobody else can connect, so nothing is
asked. Bound anywhere else, the server makes a short code from `secrets` and prints it for the
teacher; a tab gives it once on the page (or in the address, `?code=`). It keeps other people on
the same network out of the class; it does not encrypt anything (there is no TLS).
"""

from __future__ import annotations

import asyncio
import ipaddress
import secrets
import time
from collections import deque
from collections.abc import Callable

# Capital letters a child will not mix up when copying from the board (no I/L/O/Q/U/V/Z/S).
ALPHABET = "ABCDEFGHJKMNPRTWXY"
LENGTH = 6
# Wrong codes one address may send in a WINDOW_SECONDS at full speed: plenty for a class with
# typos behind one router, far too few to guess one of 18**6 (34 million) codes.
MOST_WRONG_CODES = 20
WINDOW_SECONDS = 60.0
PACE_SECONDS = 1.0
"""Past MOST_WRONG_CODES, one code a second from that address is checked (see Doorkeeper)."""
TICKET_SECONDS = 120.0
"""How long the page's ticket for its websocket stays good (a slow browser still connects)."""
MOST_TICKETS = 10_000
MOST_ADDRESSES = 10_000
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


def address_group(address: str) -> str:
    """Whose guesses these are: the IPv4 address, or an IPv6 address's /64 (one home or school
    network gets a whole /64, so counting single IPv6 addresses would give it millions of tries)."""
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return address
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.ip_network(f"{ip}/64", strict=False))
    return str(ip)


class Doorkeeper:
    """Checks class codes so that the right code always gets in and guessing stays hopeless.

    Every address may send MOST_WRONG_CODES wrong codes in a WINDOW_SECONDS at full speed. Past
    that, its codes are checked one at a time, PACE_SECONDS apart: a pupil behind the same router
    still gets in with the right code (after a short wait), while a guesser gets one try a second,
    months for 34 million codes. Nothing is ever refused unchecked, so no one can lock the class out.
    """

    def __init__(self, code: str, clock: Callable[[], float] = time.monotonic) -> None:
        self.code = code
        self._clock = clock
        self._wrong: dict[str, deque[float]] = {}
        self._turns: dict[str, asyncio.Lock] = {}
        self._last_check: dict[str, float] = {}

    def slowed(self, address: str) -> bool:
        """True when `address` sent many wrong codes lately, so its codes wait their turn."""
        group = address_group(address)
        times = self._wrong.get(group)
        while times and self._clock() - times[0] > WINDOW_SECONDS:
            times.popleft()
        if times is not None and not times:
            del self._wrong[group]
        if len(self._wrong.get(group, ())) >= MOST_WRONG_CODES:
            return True
        turn = self._turns.get(group)
        if turn is not None and not turn.locked():
            del self._turns[group]
            self._last_check.pop(group, None)
        return False

    async def let_in(self, address: str, given: str | None) -> bool:
        """Whether `given` is the class code; a slowed address waits for its turn first."""
        if not self.slowed(address):
            return self._check(address, given)
        group = address_group(address)
        turn = self._turns.setdefault(group, asyncio.Lock())
        async with turn:
            wait = self._last_check.get(group, 0.0) + PACE_SECONDS - self._clock()
            if wait > 0:
                await asyncio.sleep(wait)
            self._last_check[group] = self._clock()
            return self._check(address, given)

    def _check(self, address: str, given: str | None) -> bool:
        if matches(given, self.code):
            return True
        if len(self._wrong) > MOST_ADDRESSES:
            for old in list(self._wrong):
                self.slowed(old)
        group = address_group(address)
        times = self._wrong.setdefault(group, deque(maxlen=4 * MOST_WRONG_CODES))
        times.append(self._clock())
        return False


class Tickets:
    """One-use tickets from a page that gave the right code to its websocket, so the code itself
    is checked once, on the page, and never travels in a websocket address."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self._clock = clock
        self._issued: dict[str, float] = {}

    def issue(self) -> str:
        self._forget_old()
        if len(self._issued) >= MOST_TICKETS:
            self._issued.pop(next(iter(self._issued)))
        ticket = secrets.token_urlsafe(18)
        self._issued[ticket] = self._clock()
        return ticket

    def take(self, ticket: str | None) -> bool:
        """True once for a ticket issued in the last TICKET_SECONDS; it cannot be used again."""
        self._forget_old()
        return ticket is not None and self._issued.pop(ticket, None) is not None

    def _forget_old(self) -> None:
        while self._issued:
            oldest, when = next(iter(self._issued.items()))
            if self._clock() - when <= TICKET_SECONDS:
                return
            del self._issued[oldest]
