"""One pupil's tab trying the teacher's PIN, as a process of its own (tests/test_teacher.py starts
twenty at once). A module apart, so that each process imports the store and the PIN's checks
alone, not the test module and everything it imports (about a second of CPU each)."""

from __future__ import annotations

from datetime import datetime

from table_helpers import reopen

from tutor.classroom import SERVED_VARIABLE
from tutor.learner import teacher


def try_in_a_tab(address: str, pin: str, when: datetime) -> str:
    """What a served tab is told when it tries `pin` at `when`."""
    with reopen(address) as store:
        return teacher.check_pin(store, pin, when, teacher.TabTries(), environ={SERVED_VARIABLE: "1"}).message
