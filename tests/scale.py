"""How many cases a property or random-input test runs: its everyday count in `make test`, times
OLD_MAID_TUTOR_SOAK (set by `make soak`) for the long runs."""

from __future__ import annotations

import os


def scaled(count: int) -> int:
    try:
        factor = int(os.environ.get("OLD_MAID_TUTOR_SOAK", "1"))
    except ValueError:
        factor = 1
    return count * max(1, factor)
