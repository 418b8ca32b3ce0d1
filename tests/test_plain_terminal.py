"""Plain lines in a real terminal (a tmux pane), as a screen reader meets them: started by the
learner's saved setting, without --plain; every byte written is checked: no escape sequence, no
carriage return without its line feed, no backspace, so no line is ever rewritten in place, and
the pane shows each line once, in order, none wider than the terminal."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
import uuid
from dataclasses import replace
from pathlib import Path

import pytest

from tutor.store import open_store

pytestmark = pytest.mark.skipif(
    shutil.which("tmux") is None and os.environ.get("CI") != "true", reason="needs tmux for a real terminal (CI installs it: .ci/run)"
)

ROOT = Path(__file__).resolve().parent.parent
WIDTH = 60
PROMPT = "stop.\r\n"
"""How each question here ends ("..., or q to stop."): nothing is written after it until a key comes."""


SIZED = "env -u COLUMNS -u LINES"
"""The tutor's lines follow $COLUMNS first: one left in the environment would hide the pane's width."""
SOCKET = f"old-maid-plain-tests-{os.getpid()}"
"""A tmux server of this test process's own: the sizes its panes are made with are theirs alone
(a session of another test running beside it, on the default server, once widened a pane)."""


def tmux(*words: str) -> str:
    return subprocess.run(["tmux", "-L", SOCKET, *words], capture_output=True, text=True, check=True).stdout


def wait_for(raw: Path, text: str, seconds: float = 60, after: int = 0) -> int:
    """Until `text` has been written past byte `after`; where it ends."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        written = raw.read_bytes() if raw.exists() else b""
        if text.encode() in written[after:]:
            return written.index(text.encode(), after) + len(text.encode())
        time.sleep(0.1)
    raise AssertionError(f"{text!r} never came:\n{raw.read_text(errors='replace') if raw.exists() else ''}")


def test_no_line_is_rewritten_in_place_in_a_terminal(tmp_path: Path) -> None:
    store = open_store(tmp_path / "data")
    profile = store.get_or_create_profile("Ana")
    store.save_settings(profile, replace(store.load_settings(profile), plain_lines=True))
    store.close()
    raw, session = tmp_path / "raw", f"plain-{uuid.uuid4().hex[:8]}"
    # The pane's output is copied byte for byte from before the tutor starts (it waits for the pipe).
    command = f"cd {ROOT} && while [ ! -e {raw} ]; do sleep 0.05; done; exec {SIZED} {sys.executable} -m tutor --data-dir {tmp_path / 'data'} --profile Ana"
    tmux("new-session", "-d", "-s", session, "-x", str(WIDTH), "-y", "20", command)
    tmux("set-option", "-t", session, "window-size", "manual")  # kept at its size (tmux may size a pane with no client to its default, 80x24)
    tmux("resize-window", "-t", session, "-x", str(WIDTH), "-y", "20")
    try:
        tmux("pipe-pane", "-t", session, "-o", f"cat >> {raw}")
        # Each key is typed once its question has been asked to the end: a key typed
        # sooner is echoed by the terminal in the middle of the tutor's lines, as it would be for a
        # person typing ahead, and that is the terminal's doing, not the tutor's.
        seen = wait_for(raw, PROMPT)
        steps = (
            ("2", "Which lesson?"),
            ("1", "Step 1 of 6."),
            ("", "How many cards"),
            ("3", "Not quite."),
            ("q", "Which lesson?"),
            ("q", "Home."),
            ("q", "Goodbye!"),
        )
        for keys, then in steps:
            tmux("send-keys", "-t", session, keys, "Enter")
            seen = wait_for(raw, then, after=seen)
            if then != "Goodbye!":
                seen = wait_for(raw, PROMPT, after=seen)
        time.sleep(0.3)
        written = raw.read_bytes()
    finally:
        subprocess.run(["tmux", "-L", SOCKET, "kill-session", "-t", session], capture_output=True)
    assert b"\x1b" not in written, "an escape sequence"
    assert b"\x08" not in written and b"\x7f" not in written, "a backspace"
    assert written.replace(b"\r\n", b"").count(b"\r") == 0, "a carriage return that goes back over a line"
    said = written.decode().replace("\r\n", "\n").split("\n")
    wide = [line for line in said if len(line) > WIDTH]
    assert not wide, f"lines wider than the terminal: {wide}"
    assert "Lesson: The deck and the deal." in said and "Everything is saved. Goodbye!" in said
    assert said.index("Step 1 of 6.") < said.index("Step 2 of 6.") < said.index("Not quite.")


def start_in_tmux(tmp_path: Path, *args: str) -> tuple[Path, str]:
    """The tutor in a new tmux pane (WIDTH wide), every byte it writes copied to the file returned."""
    raw, session = tmp_path / "raw", f"plain-{uuid.uuid4().hex[:8]}"
    command = f"cd {ROOT} && while [ ! -e {raw} ]; do sleep 0.05; done; exec {SIZED} {sys.executable} -m tutor --data-dir {tmp_path / 'data'} {' '.join(args)}"
    tmux("new-session", "-d", "-s", session, "-x", str(WIDTH), "-y", "20", command)
    tmux("set-option", "-t", session, "window-size", "manual")  # kept at its size (tmux may size a pane with no client to its default, 80x24)
    tmux("resize-window", "-t", session, "-x", str(WIDTH), "-y", "20")
    tmux("pipe-pane", "-t", session, "-o", f"cat >> {raw}")
    return raw, session


def a_shared_computer(data: Path) -> None:
    """Ana listens (plain lines each time), Ben looks at the screen: neither named on the command line."""
    store = open_store(data)
    ana = store.get_or_create_profile("Ana")
    store.save_settings(ana, replace(store.load_settings(ana), plain_lines=True))
    store.get_or_create_profile("Ben")
    store.close()


def test_on_a_shared_computer_who_is_learning_is_asked_in_plain_lines_when_anyone_listens(tmp_path: Path) -> None:
    a_shared_computer(tmp_path / "data")
    raw, session = start_in_tmux(tmp_path)
    try:
        seen = wait_for(raw, "or q to stop.\r\n")
        tmux("send-keys", "-t", session, "1", "Enter")
        seen = wait_for(raw, PROMPT, after=wait_for(raw, "Home. Ana,", after=seen))
        tmux("send-keys", "-t", session, "q", "Enter")
        wait_for(raw, "Goodbye!", after=seen)
        written = raw.read_bytes()
    finally:
        subprocess.run(["tmux", "-L", SOCKET, "kill-session", "-t", session], capture_output=True)
    assert b"\x1b" not in written, "the full-screen app"
    said = written.decode().replace("\r\n", "\n").split("\n")
    assert said[said.index("Who is learning?") + 1 :][:2] == ["1. Ana", "2. Ben"]
    assert said.count("Old Maid Tutor, in plain lines. Type ? at any question to") == 1  # said once, before the question


def test_on_a_shared_computer_a_learner_who_looks_gets_the_full_screen_app_once_chosen(tmp_path: Path) -> None:
    a_shared_computer(tmp_path / "data")
    raw, session = start_in_tmux(tmp_path)
    try:
        seen = wait_for(raw, "or q to stop.\r\n")
        assert b"\x1b" not in raw.read_bytes()  # asked in plain lines
        tmux("send-keys", "-t", session, "2", "Enter")
        wait_for(raw, "\x1b[?1049h", after=seen)  # the app takes the whole screen
    finally:
        subprocess.run(["tmux", "-L", SOCKET, "kill-session", "-t", session], capture_output=True)
