"""The teacher's PIN, and which actions need it in a classroom (`old-maid-tutor serve`).

    pin_problem(pin) -> str                  # "" for 6 to 12 digits, else what is wrong, kindly
    set_pin(store, pin, again) -> str        # "" when kept (hashed), else what is wrong
    pin_state(store) -> PinState             # none yet, set, or damaged
    check_pin(store, pin, when=None) -> PinCheck   # right, wrong, or "wait a little"
    needs_pin(action, environ=None) -> bool  # True in a served session for a Protected action

The PIN is the teacher's: it is set at the teacher's computer (`old-maid-tutor teacher pin`, or the
teacher's view of the terminal app), never from a served tab. It is kept as a slow hash (scrypt, a
random salt, its cost kept beside it), never as typed, and compared in constant time.

Every try is counted in the store *before* it is hashed, in one write, so tries from many tabs at
once wait their turn like tries one after another. After FREE_TRIES wrong tries in a row, each
further try waits a little longer (up to LONGEST_WAIT): in all the tabs of a class together, and in
each tab (one app process) on its own. The terminal app at the teacher's computer waits only for
its own wrong tries, so pupils guessing in their tabs never lock the teacher out.
Outside a served session nothing needs the PIN, except the teacher's view itself (where the teacher
also resets or removes a learner).
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime
from enum import Enum
from typing import TYPE_CHECKING

from tutor.classroom import is_served
from tutor.errors import DamagedPin
from tutor.language import mark, tr
from tutor.store.records import TeacherPin, now
from tutor.wording import counted

if TYPE_CHECKING:
    from tutor.store import Store

# hashlib, hmac and secrets (OpenSSL's library) load when a PIN is hashed or compared: the command
# line imports this module for PIN_RULE on every start.

SHORTEST_PIN, LONGEST_PIN = 6, 12
PIN_RULE = f"{SHORTEST_PIN} to {LONGEST_PIN} digits"
_PIN = re.compile(rf"[0-9]{{{SHORTEST_PIN},{LONGEST_PIN}}}")
_TYPED = re.compile(rf"[0-9]{{1,{LONGEST_PIN}}}")
"""What a try may be: a PIN kept before PINs needed six digits still opens the view."""
SET_AT_THE_TERMINAL = "old-maid-tutor teacher pin"
"""The command that sets the teacher's PIN, at the teacher's computer."""


@dataclass(frozen=True)
class Cost:
    """scrypt's cost: n (a power of two), r and p. About 16 MiB and a few hundredths of a second."""

    n: int = 2**14
    r: int = 8
    p: int = 1


COST = Cost()
SALT_BYTES = 16
DIGEST_BYTES = 32
FREE_TRIES = 3
"""Wrong tries in a row with no wait after them."""
FIRST_WAIT = 2.0
"""Seconds to wait after the first wrong try past FREE_TRIES; each one more doubles it."""
LONGEST_WAIT = 60.0


class Protected(Enum):
    """What a pupil may not do in a classroom without the teacher; each says what it is, in words."""

    RESET_PROGRESS = mark("reset a learner's progress")
    RESET_EVERYTHING = mark("reset everything")
    IMPORT = mark("import a learner from a file")
    EXPORT = mark("export progress to a file")
    OPEN_IN_USE = mark("open a learner who is learning in another tab")

    @property
    def words(self) -> str:
        """What it is, in the language in use."""
        return tr(self.value)


def needs_pin(action: Protected, environ: Mapping[str, str] | None = None) -> bool:
    """Whether ``action`` needs the teacher's PIN here: in a served session, every Protected action
    does (a pupil may still reset a lesson of their own); outside one, none does."""
    return isinstance(action, Protected) and is_served(environ)


# ----- the PIN ------------------------------------------------------------------------------------


def pin_problem(pin: str) -> str:
    """What is wrong with a PIN as typed, kindly; "" when it will do."""
    if not pin:
        return tr("Please type the PIN first.")
    if not pin.isascii() or not pin.isdigit():
        return tr("A PIN is made of digits only (0 to 9): {shortest} to {longest} digits.").format(shortest=SHORTEST_PIN, longest=LONGEST_PIN)
    if not _PIN.fullmatch(pin):
        said = tr("That PIN has {count} digits; a PIN has {shortest} to {longest} digits.")
        return said.format(count=len(pin), shortest=SHORTEST_PIN, longest=LONGEST_PIN)
    return ""


def hashed(pin: str, cost: Cost | None = None, salt: bytes | None = None) -> TeacherPin:
    """The PIN as kept: its scrypt digest with a fresh random salt (or ``salt``) and the cost."""
    import secrets

    salt = secrets.token_bytes(SALT_BYTES) if salt is None else salt
    cost = cost or COST
    return TeacherPin(_digest(pin, salt, cost.n, cost.r, cost.p), salt, cost.n, cost.r, cost.p)


def _digest(pin: str, salt: bytes, n: int, r: int, p: int) -> bytes:
    from hashlib import scrypt

    return scrypt(pin.encode("ascii"), salt=salt, n=n, r=r, p=p, maxmem=256 * n * r + 1024 * 1024, dklen=DIGEST_BYTES)


class PinState(Enum):
    NONE = mark("is not set yet")
    SET = mark("is set")
    DAMAGED = mark("is damaged")

    @property
    def words(self) -> str:
        """What follows "The teacher's PIN": "is not set yet", "is set" or "is damaged" (in the
        language in use)."""
        return tr(self.value)


def pin_state(store: Store) -> PinState:
    try:
        return PinState.NONE if store.teacher_pin() is None else PinState.SET
    except DamagedPin:
        return PinState.DAMAGED


def set_pin(store: Store, pin: str, again: str, cost: Cost | None = None, environ: Mapping[str, str] | None = None) -> str:
    """Keep a new PIN (typed twice); what is wrong, kindly, or "" once it is kept (StoreError when
    the store cannot save it). Never from a served tab: the PIN is set at the teacher's computer."""
    if is_served(environ):
        return tr("The teacher's PIN is set at the teacher's computer, with: {command}").format(command=SET_AT_THE_TERMINAL)
    problem = pin_problem(pin)
    if problem:
        return problem
    import hmac

    if not hmac.compare_digest(pin.encode("ascii"), again.encode("ascii", "replace")):
        return tr("The two PINs are not the same. Please type the same PIN twice.")
    store.set_teacher_pin(hashed(pin, cost or COST))
    return ""


@dataclass(frozen=True)
class PinCheck:
    right: bool
    message: str
    """Why not, kindly ("" when right)."""
    wait: float = 0.0
    """Seconds before the next try will be looked at (0: try again now)."""


def wait_after(wrong_tries: int) -> float:
    """Seconds to wait after this many wrong tries in a row: none for the first few, then longer each time."""
    if wrong_tries < FREE_TRIES:
        return 0.0
    return min(LONGEST_WAIT, FIRST_WAIT * 2.0 ** (wrong_tries - FREE_TRIES))


def waiting(kept: TeacherPin, when: datetime) -> float:
    """Seconds still to wait before a try is looked at, after the wrong tries kept so far."""
    return _left(kept.wrong_tries, kept.last_wrong, when)


def _left(wrong_tries: int, last_wrong: datetime | None, when: datetime) -> float:
    if last_wrong is None:
        return 0.0
    passed = (when - last_wrong).total_seconds()
    return max(0.0, wait_after(wrong_tries) - max(0.0, passed))


class TabTries:
    """Wrong tries in a row in this app process alone: in a class, one tab."""

    def __init__(self) -> None:
        self.wrong_tries = 0
        self.last_wrong: datetime | None = None

    def waiting(self, when: datetime) -> float:
        return _left(self.wrong_tries, self.last_wrong, when)

    def note(self, right: bool, when: datetime) -> None:
        self.wrong_tries, self.last_wrong = (0, None) if right else (self.wrong_tries + 1, when)


THIS_TAB = TabTries()
"""This process's own tries (one process is one tab, or the teacher's terminal app)."""


def check_pin(store: Store, pin: str, when: datetime | None = None, tab: TabTries | None = None, environ: Mapping[str, str] | None = None) -> PinCheck:
    """Whether ``pin`` is the teacher's. Every try is counted before it is hashed; while a wait
    after wrong tries is still running (this tab's own, or in a class every tab's), nothing is
    checked or counted."""
    when = when or now()
    tab = tab or THIS_TAB
    left = tab.waiting(when)
    if left > 0:
        return _wait(left)
    served = is_served(environ)  # a class's tabs wait for each other; the teacher's terminal app does not
    try:
        kept, left = store.claim_pin_try(when, waiting if served else _no_wait)
    except DamagedPin:
        said = tr("The teacher's PIN is damaged. The teacher sets a new one at the teacher's computer, with: {command}")
        return PinCheck(False, said.format(command=SET_AT_THE_TERMINAL))
    if kept is None:
        said = tr("No teacher's PIN is set yet. The teacher sets one at the teacher's computer, with: {command}")
        return PinCheck(False, said.format(command=SET_AT_THE_TERMINAL))
    if left > 0:
        return _wait(left)
    typed = _digest(pin, kept.salt, kept.cost, kept.block_size, kept.parallel) if _TYPED.fullmatch(pin) else b""
    import hmac

    right = hmac.compare_digest(typed, kept.digest)
    tab.note(right, when)
    if right:
        store.forgive_pin_tries()
        return PinCheck(True, "")
    wait = max(wait_after(kept.wrong_tries + 1) if served else 0.0, tab.waiting(when))
    message = tr("That is not the teacher's PIN. Please check it and try again.")
    if wait:
        message = tr("That is not the teacher's PIN. Please wait {seconds}, then try again.").format(seconds=_seconds(wait))
    return PinCheck(False, message, wait)


def _no_wait(kept: TeacherPin, when: datetime) -> float:
    return 0.0


def _wait(left: float) -> PinCheck:
    return PinCheck(False, tr("Please wait {seconds} before trying again.").format(seconds=_seconds(left)), left)


def _seconds(seconds: float) -> str:
    return counted(max(1, math.ceil(seconds)), "second")
