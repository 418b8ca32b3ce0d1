"""Folders for a benchmark's throw-away data, removed when the benchmark ends."""

from __future__ import annotations

import atexit
import shutil
import tempfile


def scratch_folder(prefix: str = "benchmark-") -> str:
    """A new folder under the system's temporary one, removed when this benchmark ends."""
    folder = tempfile.mkdtemp(prefix=prefix)
    atexit.register(shutil.rmtree, folder, True)
    return folder
