"""The command line: every error is one line with a non-zero exit; Ctrl+C exits 130 (issue 12)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from special_files import device

from tutor.cli import command as cli
from tutor.cli import main
from tutor.store import open_store


def one_line_error(capsys: pytest.CaptureFixture[str]) -> str:
    shown = capsys.readouterr()
    lines = shown.err.strip().splitlines()
    assert len(lines) == 1, shown.err
    assert "Traceback" not in shown.err
    return lines[0]


def test_too_many_simulated_games_is_a_clear_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--games", "1000000000000"]) == 2
    assert "--games can be at most 1,000,000 in one run" in one_line_error(capsys)


def test_a_five_thousand_digit_seed_is_used(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--games", "20", "--seed", "7" * 5000]) == 0
    shown = capsys.readouterr()
    assert "20 games" in shown.out and shown.err.strip() == ""


def test_export_to_an_empty_name_is_a_clear_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with open_store(tmp_path) as store:
        store.get_or_create_profile("Ana")
    assert main(["--data-dir", str(tmp_path), "profiles", "export", "Ana", ""]) == 2
    line = one_line_error(capsys)
    assert "has no file name" in line and "PosixPath" not in line


def test_export_never_replaces_a_device(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with open_store(tmp_path) as store:
        store.get_or_create_profile("Ana")
    null = device(tmp_path)
    assert main(["--data-dir", str(tmp_path), "profiles", "export", "Ana", str(null)]) == 2
    assert "is a device, not a file" in one_line_error(capsys)
    assert null.is_char_device()


def test_a_data_dir_that_is_a_file_is_an_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    file = tmp_path / "not-a-folder"
    file.write_text("x")
    assert main(["--data-dir", str(file), "profiles", "list"]) == 2
    line = one_line_error(capsys)
    assert "is a file, not a folder" in line
    assert capsys.readouterr().out == ""


def test_an_unknown_lesson_is_one_line_not_the_app(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(cli, "run_app", lambda *args, **kwargs: pytest.fail("the app was opened"))
    assert main(["lesson", "nosuch"]) == 2
    assert "there is no lesson 'nosuch'" in one_line_error(capsys)


def test_an_unexpected_crash_is_one_line_and_non_zero(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(*args: object) -> None:
        raise RuntimeError("boom\nsecond line")

    monkeypatch.setattr("tutor.wording.simulation.run_simulation", broken)
    assert main(["simulate", "--games", "5"]) == 1
    assert "RuntimeError: boom second line" in one_line_error(capsys)


def test_a_crash_inside_the_app_exits_non_zero(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from tutor.ui.app import TutorApp

    def crash(self: TutorApp) -> None:
        raise RuntimeError("crashed on purpose")

    monkeypatch.setattr(TutorApp, "on_mount", crash)
    monkeypatch.setattr("tutor.cli.command.plain_wanted", lambda args, chosen: False)  # pytest's input is no terminal
    run = TutorApp.run
    monkeypatch.setattr(TutorApp, "run", lambda self, **kwargs: run(self, headless=True))
    assert main(["--data-dir", str(tmp_path), "--profile", "Ana"]) == 1


def wait_for_cpu(pid: int, seconds: float, timeout: float = 60) -> None:
    """Until process `pid` has run `seconds` of CPU time: the same point in its work however busy
    the machine is (a fixed sleep on a busy machine can come before its start-up is over)."""
    ticks = os.sysconf("SC_CLK_TCK")
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        fields = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()
        if (int(fields[11]) + int(fields[12])) / ticks >= seconds:  # utime and stime
            return
        time.sleep(0.02)
    raise AssertionError(f"process {pid} did not get {seconds} s of CPU time in {timeout} s")


def test_ctrl_c_stops_cleanly_with_exit_130(tmp_path: Path) -> None:
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    running = subprocess.Popen(
        [sys.executable, "-m", "tutor", "simulate", "--games", "1000000"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
        cwd=tmp_path,
        # As at a terminal: tests run from a background job inherit Ctrl+C ignored, and Python then
        # never turns it into KeyboardInterrupt (the games went on past the timeout).
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    wait_for_cpu(running.pid, 0.5)  # well into the games: the whole command with one game takes about 0.2 s
    running.send_signal(signal.SIGINT)
    out, err = running.communicate(timeout=30)
    assert running.returncode == 130
    assert "Traceback" not in err and "stopped" in err


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="a pseudo-terminal closed under the app")
def test_the_app_quits_when_its_terminal_goes_away_without_a_hang_up(tmp_path: Path) -> None:
    """Started in a session of its own, the app gets no hang-up signal when its terminal closes:
    Textual's input thread read end-of-file again and again, and the app ran on forever at 100% of
    a core. It now quits within a few seconds."""
    import fcntl
    import select
    import struct
    import termios

    from tutor.ui.terminal import CHECK_SECONDS

    master, terminal = os.openpty()
    fcntl.ioctl(terminal, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    command = [sys.executable, "-m", "tutor", "--data-dir", str(tmp_path), "--profile", "Ana"]
    app = subprocess.Popen(command, stdin=terminal, stdout=terminal, stderr=terminal, env={**os.environ, "TERM": "xterm-256color"}, start_new_session=True)
    os.close(terminal)
    try:
        shown, deadline = b"", time.monotonic() + 60
        while b"Old Maid" not in shown and time.monotonic() < deadline:  # home, drawn
            if select.select([master], [], [], 0.1)[0]:
                shown += os.read(master, 1 << 16)
        assert b"Old Maid" in shown
        os.close(master)
        master = -1
        assert app.wait(timeout=CHECK_SECONDS + 20) == 0
    finally:
        if master >= 0:
            os.close(master)
        if app.poll() is None:
            app.kill()
            app.wait()
