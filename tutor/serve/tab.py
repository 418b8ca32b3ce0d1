"""One pupil's tab: the tutor as the server starts it (`python -m tutor.serve.tab --data-dir DIR`).

The same as `python -m tutor`, except that the app ends when the server does, however the server
ends (even killed outright, when it cannot close its pupils' apps itself): on Linux the kernel
sends it SIGTERM then (PR_SET_PDEATHSIG). Textual's web driver alone would keep running.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import os
import signal
import sys

PR_SET_PDEATHSIG = 1


def end_with_the_server() -> None:
    """Ask Linux for SIGTERM when the server (our parent) ends; elsewhere, nothing."""
    if not sys.platform.startswith("linux"):
        return
    libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6", use_errno=True)
    libc.prctl(PR_SET_PDEATHSIG, signal.SIGTERM, 0, 0, 0)
    if os.getppid() == 1:  # the server ended before we asked
        raise SystemExit(1)


if __name__ == "__main__":
    end_with_the_server()
    from tutor.cli import main

    raise SystemExit(main())
