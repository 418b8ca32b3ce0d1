"""`old-maid-tutor teacher pin` sets the teacher's PIN at the teacher's computer, and `serve` on the
network will not start without one."""

from __future__ import annotations

import io
import os
import pty
import select
import sqlite3
import sys
import time
from pathlib import Path

import pytest
from test_teacher import CHEAP

from tutor.cli import main
from tutor.learner import teacher
from tutor.store import open_store

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(autouse=True)
def cheap(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(teacher, "COST", CHEAP)
    monkeypatch.setattr(teacher, "THIS_TAB", teacher.TabTries())


def set_from_stdin(folder: Path, text: str, monkeypatch: pytest.MonkeyPatch) -> int:
    monkeypatch.setattr(sys, "stdin", io.StringIO(text))
    return main(["--data-dir", str(folder), "teacher", "pin"])


def pin_opens(folder: Path, pin: str) -> bool:
    with open_store(folder) as store:
        return teacher.check_pin(store, pin, tab=teacher.TabTries(), environ={}).right


def test_the_pin_is_set_from_two_lines(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    assert set_from_stdin(tmp_path, "246810\n246810\n", monkeypatch) == 0
    assert capsys.readouterr().out == "The teacher's PIN is set.\n"
    assert pin_opens(tmp_path, "246810")
    assert set_from_stdin(tmp_path, "135791\n135791\n", monkeypatch) == 0
    assert capsys.readouterr().out == "The teacher's PIN is changed.\n"
    assert pin_opens(tmp_path, "135791") and not pin_opens(tmp_path, "246810")


@pytest.mark.parametrize(
    ("typed", "words"),
    [
        ("246810\n246811\n", "not the same"),
        ("2468\n2468\n", "4 digits"),
        ("246810\n", "type the PIN twice"),
        ("", "type the PIN twice"),
        ("abcdef\nabcdef\n", "digits only"),
    ],
)
def test_a_pin_that_will_not_do_is_one_line_and_exit_2(
    typed: str, words: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    assert set_from_stdin(tmp_path, typed, monkeypatch) == 2
    err = capsys.readouterr().err
    assert words in err and err.startswith("old-maid-tutor teacher pin: error: ") and err.count("\n") == 1
    with open_store(tmp_path) as store:
        assert store.teacher_pin() is None


def test_a_served_tab_cannot_use_the_command_either(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("OLD_MAID_TUTOR_SERVED", "1")
    assert set_from_stdin(tmp_path, "246810\n246810\n", monkeypatch) == 2
    assert "teacher's computer" in capsys.readouterr().err


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="a real terminal (pty)")
def test_at_a_terminal_the_pin_is_typed_twice_without_echo_and_asked_again_after_a_slip(tmp_path: Path) -> None:
    pid, terminal = pty.fork()
    if pid == 0:  # the child: the command, at a terminal
        os.chdir(ROOT)
        os.execv(sys.executable, [sys.executable, "-m", "tutor", "--data-dir", str(tmp_path), "teacher", "pin"])
    seen = b""
    for answer in (b"8642\n", b"864200\n", b"864201\n", b"864200\n", b"864200\n"):  # too short, not the same, right
        seen += _read_until(terminal, b": ")
        os.write(terminal, answer)
    seen += _read_until(terminal, b"set.")
    _, status = os.waitpid(pid, 0)
    os.close(terminal)
    assert os.waitstatus_to_exitcode(status) == 0
    assert b"864200" not in seen  # never echoed
    assert b"Teacher's PIN (6 to 12 digits):" in seen and b"The same PIN again:" in seen
    assert b"4 digits" in seen and b"not the same" in seen and seen.count(b"Let's try again.") == 2
    assert pin_opens(tmp_path, "864200")


def _read_until(terminal: int, end: bytes, seconds: float = 20) -> bytes:
    seen, deadline = b"", time.monotonic() + seconds
    while end not in seen and time.monotonic() < deadline:
        ready, _, _ = select.select([terminal], [], [], 0.5)
        if ready:
            try:
                seen += os.read(terminal, 1024)
            except OSError:
                break
    return seen


def test_serve_on_the_network_refuses_to_start_without_a_pin(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--data-dir", str(tmp_path), "serve", "--host", "0.0.0.0", "--port", "8765"]) == 1
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1
    assert "the teacher's PIN is not set yet" in err
    assert f"old-maid-tutor --data-dir {tmp_path} teacher pin" in err
    assert list(tmp_path.iterdir()) == []  # the refusal made nothing


def test_serve_on_the_network_refuses_a_damaged_pin(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    set_from_stdin(tmp_path, "246810\n246810\n", monkeypatch)
    raw = sqlite3.connect(tmp_path / "progress.db")
    with raw:
        raw.execute("UPDATE teacher_pin SET digest = 'not hex'")
    raw.close()
    capsys.readouterr()
    assert main(["--data-dir", str(tmp_path), "serve", "--host", "0.0.0.0", "--port", "8765"]) == 1
    assert "the teacher's PIN is damaged" in capsys.readouterr().err
