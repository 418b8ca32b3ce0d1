"""Store faults in plain lines, as the app has them (`tutor.ui.store_faults`): a write that cannot be
saved yet (the school's database gone, a full disk, a busy file) is said in one line, once, and kept;
the learner goes on, and the writes are tried again as they type, then saved in order."""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

from tutor.errors import ProfileLost, StoreError
from tutor.language import tr

if TYPE_CHECKING:
    from tutor.plain.lines import Lines
    from tutor.store import Store

# A busy file is waited for this long per try; the waiting writes are tried again at most this often.
WAIT_SECONDS = 2.0
RETRY_SECONDS = 3.0


class Saving:
    """Hears the store's faults for plain lines and tries the waiting writes again."""

    def __init__(self, lines: Lines, store: Store) -> None:
        self.lines = lines
        self.store = store
        self.problem: type[StoreError] | None = None
        self.next_try = 0.0
        store.report_faults_to(self.heard, WAIT_SECONDS)

    def heard(self, fault: StoreError) -> None:
        if isinstance(fault, ProfileLost):
            raise fault  # nothing more is saved here: said as the command's error, as before
        if type(fault) is not self.problem:
            self.problem = type(fault)
            self.lines.say(f"{fault} {tr('Keep playing: your progress is kept and saved as soon as it can be.')}")
        self.next_try = time.monotonic() + RETRY_SECONDS

    def try_again(self, now: bool = False) -> None:
        """Save what waits (when something does, and it is time to try); say so once it is saved."""
        if self.problem is None or (not now and time.monotonic() < self.next_try):
            return
        if self.store.flush():
            self.problem = None
            self.lines.say(tr("✓ Everything is saved again."))

    @property
    def all_saved(self) -> bool:
        return self.problem is None
