"""Running the plain front end as a learner would through pipes, and checking every line it says."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

ESCAPE = "\x1b"


def run_plain(data: Path, typed: list[str], *args: str, columns: int = 60, timeout: float = 60) -> tuple[int, list[str], str]:
    """`old-maid-tutor --data-dir DATA ARGS` with `typed` as its input lines (then the end of
    input): its exit code, its output lines (each one checked) and its error output."""
    env = {**os.environ, "COLUMNS": str(columns), "PYTHONUNBUFFERED": "1"}
    done = subprocess.run(
        [sys.executable, "-m", "tutor", "--data-dir", str(data), *args],
        input="".join(line + "\n" for line in typed),
        capture_output=True,
        text=True,
        env=env,
        timeout=timeout,
    )
    lines = done.stdout.split("\n")
    assert lines[-1] == "", "the output ends with a whole line"
    check_lines(lines[:-1], columns)
    return done.returncode, lines[:-1], done.stderr


def check_lines(lines: list[str], columns: int) -> None:
    """Plain lines only: no escape sequence or other control character, no box or block drawing,
    none longer than the width."""
    for line in lines:
        assert ESCAPE not in line and "\r" not in line, f"an escape sequence or a carriage return: {line!r}"
        assert not any("\u2500" <= char <= "\u259f" for char in line), f"box or block drawing: {line!r}"
        assert not any(ord(char) < 32 for char in line), f"a control character: {line!r}"
        assert len(line) <= columns, f"longer than {columns}: {line!r}"


def after(lines: list[str], typed: str, nth: int = 0) -> list[str]:
    """The lines said after the learner typed `typed` (its echo, "> typed") the `nth` time
    (-1: the last), up to the next echo."""
    start = [index for index, line in enumerate(lines) if line == f"> {typed}".rstrip()][nth] + 1
    end = next((index for index in range(start, len(lines)) if lines[index].startswith("> ") or lines[index] == ">"), len(lines))
    return lines[start:end]


def start_plain(data: Path, *args: str, columns: int = 60) -> subprocess.Popen[str]:
    """The plain front end running, to type to line by line and stop with Ctrl+C."""
    env = {**os.environ, "COLUMNS": str(columns), "PYTHONUNBUFFERED": "1"}
    return subprocess.Popen(
        [sys.executable, "-m", "tutor", "--data-dir", str(data), *args],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
