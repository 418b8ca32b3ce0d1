"""A pupil's tab trying the teacher's PIN (tests/test_teacher.py), also as a process of its own
(the test starts twenty at once). A module apart, so that each process imports the store and the
PIN's checks alone, not the test module and everything it imports (about a second of CPU each)."""

from __future__ import annotations

from datetime import datetime

from table_helpers import reopen

from tutor.classroom import SERVED_VARIABLE
from tutor.learner import teacher
from tutor.store import Store

SERVED = {SERVED_VARIABLE: "1"}
"""A served tab's environment."""


def served_check(store: Store, pin: str, when: datetime, tab: teacher.TabTries | None = None) -> teacher.PinCheck:
    """`pin` tried at `when` in a served tab (`tab`'s wrong tries, or a tab of its own)."""
    return teacher.check_pin(store, pin, when, tab or teacher.TabTries(), environ=SERVED)


def try_in_a_tab(address: str, pin: str, when: datetime) -> str:
    """What a served tab is told when it tries `pin` at `when`, in a process of its own."""
    with reopen(address) as store:
        return served_check(store, pin, when).message
