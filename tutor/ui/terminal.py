"""The terminal the app runs in, watched while it runs.

A terminal that goes away sends its programs the hang-up signal, which ends them; but a program
started in a session of its own (under a supervisor, or by a script through a pseudo-terminal) gets
no such signal, and Textual 8.2.8's input thread then reads end-of-file again and again: the app
went on forever at 100% of a core, with nobody to see it. The app now asks its terminal now and
then whether it is still there, and quits when it is not (the game is saved move by move).
"""

from __future__ import annotations

import os
import sys
from typing import Any

from textual.app import App

CHECK_SECONDS = 2.0
"""How often the app asks whether its terminal is still there (a few microseconds each time)."""


def quit_when_the_terminal_goes(app: App[Any]) -> None:
    """From now on, `app` quits within CHECK_SECONDS of its terminal going away (nothing is done
    for an app without a terminal of its own: headless, served in a browser tab, or on Windows)."""
    if app.is_headless or app.is_web:
        return
    try:
        import termios

        terminal = sys.__stdin__.fileno() if sys.__stdin__ is not None else -1
    except (ImportError, OSError, ValueError):
        return
    if terminal < 0 or not os.isatty(terminal):
        return

    def check() -> None:
        try:
            termios.tcgetattr(terminal)
        except termios.error:  # EIO: the other end of the terminal has closed
            app.exit()

    app.set_interval(CHECK_SECONDS, check, name="terminal watch")
