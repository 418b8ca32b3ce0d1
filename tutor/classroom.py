"""Whether this app process is one pupil's tab of `old-maid-tutor serve` (a classroom session).

`old-maid-tutor serve` starts one app process per browser tab and sets `SERVED_VARIABLE` to "1"
in each one's environment (and passes its --data-dir through, so every tab shares one learner
store). Code that must behave differently in a classroom (the teacher's PIN) asks `is_served()`;
this module is the one place that knows how. Textual-free, so the store and the CLI may use it.
"""

from __future__ import annotations

import os
from collections.abc import Mapping

SERVED_VARIABLE = "OLD_MAID_TUTOR_SERVED"


def is_served(environ: Mapping[str, str] | None = None) -> bool:
    """True inside an app process that `old-maid-tutor serve` started for a browser tab."""
    env = os.environ if environ is None else environ
    return env.get(SERVED_VARIABLE, "") == "1"


def served_environment(environ: Mapping[str, str] | None = None) -> dict[str, str]:
    """A copy of `environ` (default: this process's) with the served flag set, for an app process."""
    env = dict(os.environ if environ is None else environ)
    env[SERVED_VARIABLE] = "1"
    return env
