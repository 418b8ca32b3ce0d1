"""What Linux does for the classroom's processes, through prctl: a pupil's app ends when the server
ends (the parent-death signal), and the server adopts the apps the warm process forks (a child
subreaper). Elsewhere there is no prctl, and `prctl` says it did nothing."""

from __future__ import annotations

import ctypes
import ctypes.util
import sys

PR_SET_PDEATHSIG = 1
PR_SET_CHILD_SUBREAPER = 36


def prctl(option: int, value: int) -> bool:
    """Linux's prctl(option, value); False where it failed or there is no such call."""
    if not sys.platform.startswith("linux"):
        return False
    libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6", use_errno=True)
    return int(libc.prctl(option, value, 0, 0, 0)) == 0
