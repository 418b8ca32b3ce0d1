"""Python's small-object pools, filled before the warm process forks (tutor.serve.warm).

CPython keeps objects of up to 512 bytes in pools, one size a pool, and puts a new object in a free
block of a pool already in use. The warm process's rehearsal leaves such free blocks everywhere
among the objects every tab shares; in a forked tab each new object would go into one of them and
copy that shared page into the tab. Filled before the fork with small objects that are never freed,
those blocks are taken, and a tab's own objects go to fresh pools, side by side.

The free blocks are counted from CPython's own report (`sys._debugmallocstats`); a Python without
it, or with another report, fills nothing.
"""

from __future__ import annotations

import os
import sys
import tempfile

BYTES_HEADER = 33
"""The bytes a bytes object takes besides its contents (CPython: its header and a closing NUL)."""
_taken: list[bytes] = []


def fill_free_blocks() -> int:
    """Take every free block of the pools in use, with bytes objects kept for good (sizes the
    smallest bytes object fits in, 48 bytes and up); how many were taken."""
    made = [bytes(size - BYTES_HEADER) for size, free in free_blocks().items() if size - BYTES_HEADER > 1 for _ in range(free)]
    _taken.extend(made)
    return len(made)


def free_blocks() -> dict[int, int]:
    """The free blocks in the pools in use, by block size; empty where CPython does not say."""
    blocks = {}
    for line in _malloc_report().splitlines():
        words = line.split()
        if len(words) == 5 and all(word.isdigit() for word in words):  # class, size, pools, in use, free
            blocks[int(words[1])] = int(words[4])
    return blocks


def _malloc_report() -> str:
    """What `sys._debugmallocstats()` writes on the C stderr (where it exists), caught."""
    report = getattr(sys, "_debugmallocstats", None)
    if report is None:
        return ""
    sys.stderr.flush()
    with tempfile.TemporaryFile() as caught:
        stderr = os.dup(2)
        os.dup2(caught.fileno(), 2)
        try:
            report()
        finally:
            os.dup2(stderr, 2)
            os.close(stderr)
        caught.seek(0)
        return caught.read().decode(errors="replace")
