"""One pupil's tab: the tutor as the server starts it (`python -m tutor.serve.tab --data-dir DIR`).

The same as `python -m tutor`, except that the app ends when the server does, however the server
ends (even killed outright, when it cannot close its pupils' apps itself): on Linux the kernel
sends it SIGTERM then (PR_SET_PDEATHSIG). Textual's web driver alone would keep running. And it
reads on after input Textual's web driver cannot parse (see tutor.serve.tab_input).

This is how a tab starts when it starts afresh; most tabs are forked from the warm process
instead (tutor.serve.warm), which does the same things before running the same `main`.
"""

from __future__ import annotations

import os
import signal
from collections.abc import MutableMapping

from tutor.serve.kernel import PR_SET_PDEATHSIG, prctl

DRIVER_VARIABLE = "TEXTUAL_DRIVER"
WEB_DRIVER = "textual.drivers.web_driver:WebDriver"
"""The driver textual-serve asks for, which `TAB_DRIVER` replaces."""
TAB_DRIVER = "tutor.serve.tab_input:TabDriver"


def end_with_the_server(server: int | None = None) -> None:
    """Ask Linux for SIGTERM when the server (our parent, whose pid is `server` when known) ends;
    elsewhere, nothing."""
    if not prctl(PR_SET_PDEATHSIG, signal.SIGTERM):
        return
    parent = os.getppid()
    if parent == 1 or (server is not None and parent != server):  # the server ended before we asked
        raise SystemExit(1)


def read_on_after_bad_input(environ: MutableMapping[str, str] = os.environ) -> None:
    """Use Textual's web driver as `tutor.serve.tab_input` mends it. Called before Textual is
    imported: Textual reads the variable once, then."""
    if environ.get(DRIVER_VARIABLE) == WEB_DRIVER:
        environ[DRIVER_VARIABLE] = TAB_DRIVER


if __name__ == "__main__":
    end_with_the_server()
    read_on_after_bad_input()
    from tutor.cli import main

    raise SystemExit(main())
