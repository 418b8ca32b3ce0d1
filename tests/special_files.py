"""Special files for the tests that check they are refused, made so a regression cannot harm the machine.

As root, an export that wrongly replaced /dev/null would replace the real device (it happened once
while checking an old version): these tests use a private device node in their own folder instead.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

NULL, ZERO = (1, 3), (1, 5)


def device(folder: Path, numbers: tuple[int, int] = NULL) -> Path:
    """A character device (the null device by default) that is safe to point an export at."""
    if os.geteuid() != 0:
        return Path("/dev/null" if numbers == NULL else "/dev/zero")  # not writable over without root
    node = folder / f"device-{numbers[0]}-{numbers[1]}"
    if not node.exists():
        os.mknod(node, stat.S_IFCHR | 0o666, os.makedev(*numbers))
    return node
