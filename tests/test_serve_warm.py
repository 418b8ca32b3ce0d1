"""A class's tabs forked from the warm process (tutor.serve.warm): each tab still its own process,
the server's child, started quickly, ended with the server, with everything a fresh tab had.

Every test runs the real `old-maid-tutor serve` and the real tutor, driven over the tabs'
websockets as a browser would; the screen is read with test_serve_browser's Terminal.
"""

from __future__ import annotations

import asyncio
import os
import re
import signal
import subprocess
import sys
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

import pytest
from aiohttp import ClientSession, ClientWebSocketResponse, WSMsgType, WSServerHandshakeError
from test_serve import app_processes, processes, start_serving
from test_serve_browser import Terminal
from test_tab_input import Tab as FreshTab

from tutor.serve.warm_start import warm_argv

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="tabs are forked from a warm process on Linux")

CARD = re.compile(r"│ *((?:10|[2-9AJQK])[♣♦♥♠]) *│")
UP, ENTER = "\x1b[A", "\r"


class Tab:
    """One pupil's tab: its websocket and the screen drawn on it."""

    def __init__(self, websocket: ClientWebSocketResponse, width: int, height: int) -> None:
        self.websocket = websocket
        self.terminal = Terminal(width, height)
        self.raw = b""

    @property
    def text(self) -> str:
        return "\n".join("".join(row) for row in self.terminal.rows)

    async def shows(self, words: str, seconds: float = 60) -> str:
        """The screen once it shows `words` (AssertionError after `seconds`)."""
        deadline = time.monotonic() + seconds
        while words not in self.text:
            try:
                message = await asyncio.wait_for(self.websocket.receive(), max(0.01, deadline - time.monotonic()))
            except TimeoutError:
                raise AssertionError(f"{words!r} never appeared:\n{self.text}") from None
            assert message.type == WSMsgType.BINARY, message
            self.raw += message.data
            self.terminal.feed(message.data)
        return self.text

    async def type(self, keys: str) -> None:
        await self.websocket.send_json(["stdin", keys])

    async def closed(self) -> bool:
        while (await asyncio.wait_for(self.websocket.receive(), 20)).type == WSMsgType.BINARY:
            pass
        return self.websocket.closed


@asynccontextmanager
async def tabs(port: int, count: int = 1, width: int = 100, height: int = 30) -> AsyncIterator[list[Tab]]:
    """`count` tabs opened at the same moment."""
    async with ClientSession() as session:
        url = f"http://127.0.0.1:{port}/ws?width={width}&height={height}"
        websockets = await asyncio.gather(*(session.ws_connect(url, max_msg_size=0) for _ in range(count)))
        yield [Tab(websocket, width, height) for websocket in websockets]


def status(pid: int, field: str) -> str:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith(field + ":"):
            return line.split(":", 1)[1].strip()
    raise KeyError(field)


def shared_dirty_kib(pid: int) -> int:
    """Written pages this process shares with another: a forked one's with its forker."""
    for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines():
        if line.startswith("Shared_Dirty:"):
            return int(line.split()[1])
    return 0


def open_files(pid: int) -> list[str]:
    folder = Path(f"/proc/{pid}/fd")
    return [os.readlink(folder / name) for name in os.listdir(folder)]


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def running(pid: int) -> bool:
    """Whether `pid` still runs (a process that has ended but is not yet collected does not)."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state not in ("Z", "X")


def gone_within(seconds: float, *pids: int) -> bool:
    deadline = time.monotonic() + seconds
    while any(running(pid) for pid in pids):
        if time.monotonic() > deadline:
            return False
        time.sleep(0.1)
    return True


def stop_with_ctrl_c(server: object) -> tuple[str, str]:
    import subprocess

    assert isinstance(server, subprocess.Popen)
    server.send_signal(signal.SIGINT)
    out, err = server.communicate(timeout=30)
    return str(out), str(err)


# --- one tab: what it is --------------------------------------------------------------------------


async def test_a_tab_is_forked_from_the_warm_process_and_is_the_servers_own_child(tmp_path: Path) -> None:
    server, port = start_serving(tmp_path)
    try:
        async with tabs(port, width=90, height=27) as (tab,):
            await tab.shows("Who is learning")
            (app,) = app_processes(tmp_path)
            (warm,) = processes(tmp_path, "tutor.serve.warm")
            assert int(status(app, "PPid")) == server.pid == int(status(warm, "PPid"))
            command = Path(f"/proc/{app}/cmdline").read_bytes().rstrip(b"\0").split(b"\0")
            assert command == [os.fsencode(word) for word in (sys.executable, "-m", "tutor.serve.tab", "--data-dir", str(tmp_path))]
            assert os.getsid(app) == app  # a session of its own: the teacher's Ctrl+C is for the server
            assert shared_dirty_kib(app) > 4096  # pages written by the warm process, shared: a fresh Python has none
            assert any(path.endswith("progress.db") for path in open_files(app))
            assert not [path for path in open_files(warm) if str(tmp_path) in path and "tabs.log" not in path]  # no store to inherit
            await tab.shows("F1 Help")  # the footer's keys come with the frame after the first
            footer = next(number for number, row in enumerate(tab.terminal.rows) if "F1 Help" in "".join(row))
            assert footer == 26  # drawn at the size the browser sent: 27 rows
            forked = {field: status(app, field) for field in ("SigBlk", "SigIgn", "SigCgt")}
            forked_cpu = cpu_seconds(app)
        fresh = FreshTab(tmp_path / "fresh")
        try:
            assert fresh.shows(b"Who is learning")
            assert {field: status(fresh.process.pid, field) for field in forked} == forked  # a fresh Python's signals
            assert forked_cpu < 0.6 * cpu_seconds(fresh.process.pid)  # the imports were done before the fork
            assert fresh.quit() == 0
        finally:
            if fresh.process.poll() is None:
                fresh.process.kill()
    finally:
        out, err = stop_with_ctrl_c(server)
    assert server.returncode == 0 and err == "", err
    assert gone_within(5, app, warm)


def settled(pid: int, seconds: float = 90) -> bool:
    """Whether `pid` has used no CPU for a second (the warm process: rehearsed), within `seconds`."""
    deadline, used = time.monotonic() + seconds, -1.0
    while time.monotonic() < deadline:
        if (now := cpu_seconds(pid)) == used:
            return True
        used = now
        time.sleep(1.0)
    return False


@pytest.mark.long
async def test_two_pupils_get_different_deals_after_the_warm_process_has_rehearsed(tmp_path: Path) -> None:
    server, port = start_serving(tmp_path)
    try:
        (warm,) = processes(tmp_path, "tutor.serve.warm")
        assert settled(warm)  # imported, and a pupil's first minutes played (tutor.serve.rehearsal)
        async with tabs(port, count=2) as pupils:
            hands = []
            for tab, name in zip(pupils, ("Ana", "Ben"), strict=True):
                await tab.shows("Who is learning")
                await tab.type(name + ENTER)
                await tab.shows(f"Hello, {name}!")
                await tab.type("p")
                await tab.shows("Which cards shall we play with?")
                await tab.type(UP)  # playing cards: 51 of them
                await asyncio.sleep(0.3)
                await tab.type(ENTER)
                hands.append(CARD.findall(await tab.shows("dealt all 51 cards")))
    finally:
        stop_with_ctrl_c(server)
    assert all(len(hand) >= 5 for hand in hands), hands
    assert hands[0] != hands[1]
    assert "rehearse" not in (tmp_path / "tabs.log").read_text()  # it went as planned


# --- the rehearsal --------------------------------------------------------------------------------


def test_the_rehearsal_plays_a_pupils_first_minutes_and_leaves_nothing_behind(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import tempfile
    import threading

    from tutor.serve.rehearsal import STEPS, rehearse
    from tutor.store import opening

    def no_database(*_: object) -> None:
        raise AssertionError("the rehearsal opened the school's database")

    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))  # where its throw-away data folder goes
    monkeypatch.setenv(opening.DATABASE_VARIABLE, "postgresql://tutor@school-server/tutor")  # a class served on a school's database
    monkeypatch.setattr(opening, "_open_database", no_database)
    assert rehearse() is None  # every step reached its screen: a change that leads it astray says so
    assert {step.screen for step in STEPS} >= {"HomeScreen", "LessonScreen", "QuizScreen", "GameScreen"}
    assert threading.active_count() == 1
    assert list(tmp_path.iterdir()) == []


def test_a_tab_asked_for_stops_the_rehearsal_at_once() -> None:
    import threading

    from tutor.serve.rehearsal import rehearse

    reading, writing = os.pipe()
    try:
        os.write(writing, b"a tab, please")
        began = time.monotonic()
        assert rehearse(interrupt=reading) is None
        assert time.monotonic() - began < 5
        assert os.read(reading, 100) == b"a tab, please"  # left for the warm process to read
        assert threading.active_count() == 1
    finally:
        os.close(reading)
        os.close(writing)


def test_a_rehearsal_led_astray_says_where(monkeypatch: pytest.MonkeyPatch) -> None:
    from tutor.serve import rehearsal

    monkeypatch.setattr(rehearsal, "STEPS", (rehearsal.Step((*"Ana", "enter"), "HomeScreen"), rehearsal.Step(("z",), "GameScreen")))
    assert rehearsal.rehearse() == "Astray: keys z led to QuizScreen, not GameScreen"


# --- the server's promises ------------------------------------------------------------------------


async def test_tabs_end_with_the_server_even_after_the_warm_process_has_died(tmp_path: Path) -> None:
    server, port = start_serving(tmp_path)
    try:
        async with tabs(port) as (forked,):
            await forked.shows("Who is learning")
            (warm,) = processes(tmp_path, "tutor.serve.warm")
            os.kill(warm, signal.SIGKILL)
            assert gone_within(5, warm)
            await forked.type("Ana" + ENTER)
            await forked.shows("Hello, Ana!")  # its tutor carries on without the warm process
            async with tabs(port) as (fresh,):
                await fresh.shows("Who is learning")  # started afresh
                apps = app_processes(tmp_path)
                assert len(apps) == 2 and {int(status(app, "PPid")) for app in apps} == {server.pid}
                server.kill()  # no chance to close its pupils' apps
                server.wait()
    finally:
        if server.poll() is None:
            server.kill()
    assert server.stderr is not None
    assert "Each pupil's tutor starts afresh from now on" in server.stderr.read()
    assert gone_within(10, *apps)


async def test_ctrl_c_closes_every_tab_and_the_warm_process(tmp_path: Path) -> None:
    server, port = start_serving(tmp_path)
    try:
        async with tabs(port, count=3) as pupils:
            for tab in pupils:
                await tab.shows("Who is learning")
            running = [*app_processes(tmp_path), *processes(tmp_path, "tutor.serve.warm")]
            assert len(running) == 4
            server.send_signal(signal.SIGINT)
            assert all([await tab.closed() for tab in pupils])
        out, err = server.communicate(timeout=30)
    finally:
        if server.poll() is None:
            server.kill()
    assert server.returncode == 0 and err == "", err
    assert "The class has stopped (3 pupils' sessions closed)." in out
    assert gone_within(5, *running)


async def test_a_full_class_refuses_the_next_tab_and_forks_nothing_for_it(tmp_path: Path) -> None:
    server, port = start_serving(tmp_path, "--max-sessions", "2")
    try:
        async with tabs(port, count=2) as pupils:
            for tab in pupils:
                await tab.shows("Who is learning")
            async with ClientSession() as session:
                with pytest.raises(WSServerHandshakeError) as refused:
                    await session.ws_connect(f"http://127.0.0.1:{port}/ws?width=80&height=24")
            assert refused.value.status == 503
            assert len(app_processes(tmp_path)) == 2
    finally:
        out, _ = stop_with_ctrl_c(server)
    assert "The class has stopped (2 pupils' sessions closed)." in out


async def test_names_typed_the_moment_the_first_screen_is_drawn_arrive_whole(tmp_path: Path) -> None:
    """A short version of benchmarks/serve_load.py: eight pupils at once, each typing at once."""
    server, port = start_serving(tmp_path)

    async def pupil(tab: Tab, number: int) -> None:
        while b"Who is learning" not in tab.raw:  # the first screen, as soon as it is drawn
            message = await asyncio.wait_for(tab.websocket.receive(), 60)
            tab.raw += message.data
            tab.terminal.feed(message.data)
        await tab.type(f"Pupil {number}{ENTER}")
        await tab.shows(f"Hello, Pupil {number}!")

    try:
        async with tabs(port, count=8) as pupils:
            await asyncio.gather(*(pupil(tab, number) for number, tab in enumerate(pupils, 1)))
    finally:
        stop_with_ctrl_c(server)


def test_only_the_tutors_own_tab_is_forked() -> None:
    tab = [sys.executable, "-m", "tutor.serve.tab", "--data-dir", "/class"]
    assert warm_argv(tab) == [sys.executable, "-m", "tutor.serve.warm", "--data-dir", "/class"]
    assert warm_argv([sys.executable, "-c", "print()"]) is None
    assert warm_argv(["python3", "-m", "tutor.serve.tab"]) is None  # another Python: started afresh


def test_the_free_blocks_among_the_warm_processs_objects_are_taken_before_it_forks() -> None:
    """Else a tab's first objects go into them, each copying a page every tab shares."""
    holes = "holes = [bytes(70) for _ in range(20000)]; del holes[::2]"  # 10,000 free blocks of 112 bytes
    count = "before = free_blocks()[112]; fill_free_blocks(); print(before, free_blocks()[112])"
    code = f"from tutor.serve.pools import fill_free_blocks, free_blocks; {holes}; {count}"
    before, after = map(int, subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.split())
    assert before >= 10_000
    assert after < 200  # at most a pool begun since (one holds 146 of these)


def test_the_holes_in_the_warm_processs_c_heap_are_taken_before_it_forks() -> None:
    """Bigger objects come from malloc, which would put a tab's into the holes among shared pages."""
    holes = "holes = [bytearray(2000) for _ in range(5000)]; del holes[::2]"  # about 5 MB of holes
    count = "before = heap_holes(); fill_heap_holes(); print(before, heap_holes())"
    code = f"from tutor.serve.pools import fill_heap_holes, heap_holes; {holes}; {count}"
    before, after = map(int, subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.split())
    if before == 0:
        pytest.skip("not glibc: its heap's holes are not known")
    assert before > 4_000_000
    assert after < before / 10


def test_the_warm_process_checks_the_course_once_for_every_tab() -> None:
    """Every tab's home screen plays the course's solutions through (about a second of CPU): read
    before the warm process forks anything, even a tab asked for the moment the server starts
    (before its rehearsal reaches a home screen) finds it done."""
    from tutor.learner import lessons
    from tutor.serve.warm import read_what_every_tab_reads

    lessons._course.cache_clear()
    read_what_every_tab_reads()
    assert lessons._course.is_kept(True) and lessons.course_is_read()
