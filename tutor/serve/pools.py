"""The holes in the warm process's memory, filled before it forks (tutor.serve.warm).

CPython keeps objects of up to 512 bytes in pools, one size a pool, and puts a new object in a free
block of a pool already in use; bigger ones (a dict's table, a list's items) come from the C
library's malloc, which reuses the free chunks inside its heap. The warm process's rehearsal leaves
such holes everywhere among the objects every tab shares; in a forked tab each new object would go
into one of them and copy that shared page into the tab. Filled before the fork with blocks that
are never freed, the holes are taken, and a tab's own objects go to fresh pages, side by side.

The free blocks are counted from CPython's own report (`sys._debugmallocstats`), the C heap's holes
from glibc's `mallinfo2`; where either is missing, that part is not filled.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import os
import sys
import tempfile

BYTES_HEADER = 33
"""The bytes a bytes object takes besides its contents (CPython: its header and a closing NUL)."""
HOLE_SIZES = (65536, 16384, 4096, 1024, 512, 256, 128, 64, 32)
"""The blocks the C heap's holes are taken with, biggest first."""
_taken: list[bytes] = []
_taken_from_the_heap: list[int] = []


class MallInfo2(ctypes.Structure):
    """glibc's `struct mallinfo2`."""

    _fields_ = [(name, ctypes.c_size_t) for name in ("arena", "ordblks", "smblks", "hblks", "hblkhd", "usmblks", "fsmblks", "uordblks", "fordblks", "keepcost")]
    arena: int
    hblks: int
    fordblks: int
    keepcost: int


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


def fill_heap_holes() -> int:
    """Take the free chunks inside the C heap with blocks kept for good (glibc only; elsewhere
    nothing); how many blocks were taken."""
    libc = _glibc()
    if libc is None:
        return 0
    before = len(_taken_from_the_heap)
    for size in HOLE_SIZES:
        for _ in range(heap_holes(libc) // size + 1):
            block = _from_a_hole(libc, size)
            if block is None:
                break
            _taken_from_the_heap.append(block)
    return len(_taken_from_the_heap) - before


def heap_holes(libc: ctypes.CDLL | None = None) -> int:
    """The bytes free inside the C heap, not counting its top (0 where glibc does not say)."""
    libc = libc or _glibc()
    if libc is None:
        return 0
    info = libc.mallinfo2()
    return int(info.fordblks - info.keepcost)


def _from_a_hole(libc: ctypes.CDLL, size: int) -> int | None:
    """A block of `size` bytes from a hole in the heap; None (and none kept) if it came from the
    heap's top or beyond."""
    before = libc.mallinfo2()
    block = libc.malloc(size)
    after = libc.mallinfo2()
    if block and (after.arena, after.hblks) == (before.arena, before.hblks) and after.keepcost >= before.keepcost:
        return int(block)
    libc.free(block)
    return None


def _glibc() -> ctypes.CDLL | None:
    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6")
        mallinfo2 = libc.mallinfo2
    except (OSError, AttributeError):
        return None
    mallinfo2.restype = MallInfo2
    libc.malloc.restype = ctypes.c_void_p
    libc.malloc.argtypes = [ctypes.c_size_t]
    libc.free.argtypes = [ctypes.c_void_p]
    return libc
