"""`old-maid-tutor serve`: the class code, the class-full page, the served flag, a clean stop.

The server's pages and websocket are tested in-process (aiohttp's test client) with a tiny fake
app in place of the tutor, so each test takes a moment; two tests start the real command with the
real tutor (start-up, Ctrl+C). The browser tests are in test_serve_browser.py.
"""

from __future__ import annotations

import asyncio
import errno
import os
import re
import signal
import socket
import subprocess
import sys
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

import pytest
from aiohttp import ClientSession, WSMsgType, WSServerHandshakeError
from aiohttp.test_utils import TestClient, TestServer

from tutor.cli import main
from tutor.serve import classcode
from tutor.serve.addresses import address_problem, address_to_open
from tutor.serve.command import announcement
from tutor.serve.server import ClassroomServer, TabService

ROOT = Path(__file__).resolve().parent.parent

# Stands in for the tutor: says it is a Textual app, reports the served flag and its arguments as
# screen output, then waits until told to quit (as textual-serve's web driver does).
FAKE_APP = r"""
import os, sys
out = sys.stdout.buffer
out.write(b"__GANGLION__\n")
text = ("served=" + os.environ.get("OLD_MAID_TUTOR_SERVED", "-") + " args=" + " ".join(sys.argv[1:])).encode()
out.write(b"D" + len(text).to_bytes(4, "big") + text)
out.flush()
while chunk := sys.stdin.buffer.read1(65536):
    if b'"quit"' in chunk:
        break
"""
FAKE_ARGV = [sys.executable, "-c", FAKE_APP, "--data-dir", "/class/folder"]


@asynccontextmanager
async def classroom(code: str | None = None, max_sessions: int = 30) -> AsyncIterator[tuple[ClassroomServer, TestClient]]:
    server = ClassroomServer(FAKE_ARGV, host="0.0.0.0" if code else "127.0.0.1", port=0, public_url=None, max_sessions=max_sessions, code=code, announcement=[])
    async with TestClient(TestServer(await server._make_app())) as client:
        yield server, client


@pytest.fixture
def started(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """How many app processes were started (one entry each)."""
    count: list[int] = []
    opened = TabService._open_app_process

    async def counting(self: TabService, width: int = 80, height: int = 24) -> asyncio.subprocess.Process:
        count.append(1)
        return await opened(self, width, height)

    monkeypatch.setattr(TabService, "_open_app_process", counting)
    return count


async def first_screen(client: TestClient, path: str) -> str:
    async with client.ws_connect(path) as websocket:
        message = await asyncio.wait_for(websocket.receive(), 10)
        assert message.type == WSMsgType.BINARY
        return bytes(message.data).decode()


# --- the class code ----------------------------------------------------------------------------


def test_only_this_computer_needs_no_code() -> None:
    for host in ("127.0.0.1", "localhost", "::1", "[::1]", "127.0.0.2", "LOCALHOST"):
        assert not classcode.needs_code(host), host
    for host in ("0.0.0.0", "::", "", "192.168.1.20", "10.0.0.5", "myschool.local"):
        assert classcode.needs_code(host), host


def test_a_code_is_short_and_easy_to_type() -> None:
    codes = {classcode.new_code() for _ in range(50)}
    assert len(codes) > 45  # random, not fixed
    for code in codes:
        assert len(code) == classcode.LENGTH and set(code) <= set(classcode.ALPHABET)
    assert not set("ILOQUVZS01") & set(classcode.ALPHABET)  # letters a child mixes up


def test_a_code_is_matched_as_a_pupil_types_it() -> None:
    assert classcode.matches("kbt-frm ", "KBTFRM")
    assert classcode.matches(" K B T F R M", "KBTFRM")
    assert not classcode.matches("KBTFRN", "KBTFRM")
    assert not classcode.matches("KBTFR", "KBTFRM")
    assert not classcode.matches("", "KBTFRM")
    assert not classcode.matches(None, "KBTFRM")
    assert not classcode.matches("KBTFRMÉ", "KBTFRM")


async def test_many_wrong_codes_slow_an_address_down_but_the_right_code_still_gets_in() -> None:
    now = [0.0]
    doorkeeper = classcode.Doorkeeper("KBTFRM", clock=lambda: now[0])
    for _ in range(classcode.MOST_WRONG_CODES - 1):
        assert not await doorkeeper.let_in("10.0.0.9", "AAAAAA")
    assert not doorkeeper.slowed("10.0.0.9")
    assert not await doorkeeper.let_in("10.0.0.9", "AAAAAA")
    assert doorkeeper.slowed("10.0.0.9")
    assert not doorkeeper.slowed("10.0.0.10")  # another pupil's computer
    assert await doorkeeper.let_in("10.0.0.9", "KBTFRM")  # a classmate behind the same router
    now[0] += classcode.WINDOW_SECONDS + 1
    assert not doorkeeper.slowed("10.0.0.9")


async def test_a_slowed_address_has_its_codes_checked_one_a_second() -> None:
    doorkeeper = classcode.Doorkeeper("KBTFRM")
    for _ in range(classcode.MOST_WRONG_CODES):
        await doorkeeper.let_in("10.0.0.9", "AAAAAA")
    started = time.monotonic()
    answers = await asyncio.gather(*(doorkeeper.let_in("10.0.0.9", guess) for guess in ("BBBBBB", "CCCCCC", "KBTFRM")))
    assert answers == [False, False, True]  # guessed in parallel, checked in turn
    assert time.monotonic() - started >= 2 * classcode.PACE_SECONDS - 0.05


def test_an_ipv6_network_is_one_guesser() -> None:
    assert classcode.address_group("2001:db8::1") == classcode.address_group("2001:db8::ffff:1234")
    assert classcode.address_group("2001:db8::1") != classcode.address_group("2001:db8:0:1::1")
    assert classcode.address_group("::ffff:10.0.0.9") == "10.0.0.9"
    assert classcode.address_group("10.0.0.9") == "10.0.0.9"


def test_a_ticket_opens_one_websocket_once_and_not_for_ever() -> None:
    now = [0.0]
    tickets = classcode.Tickets(clock=lambda: now[0])
    first, second = tickets.issue(), tickets.issue()
    assert first != second and len(first) >= 20
    assert tickets.take(first) and not tickets.take(first)
    assert not tickets.take("KBTFRM") and not tickets.take(None)
    now[0] += classcode.TICKET_SECONDS + 1
    assert not tickets.take(second)


async def test_without_a_code_the_page_asks_for_it_and_starts_nothing(started: list[int]) -> None:
    async with classroom(code="KBTFRM") as (server, client):
        response = await client.get("/")
        page = await response.text()
        assert response.status == 200
        assert "Type the class code" in page and '<form method="get" action="/">' in page
        assert "textual.js" not in page and "KBTFRM" not in page
    assert not started


async def test_a_wrong_code_gets_a_plain_page_and_starts_nothing(started: list[int]) -> None:
    async with classroom(code="KBTFRM") as (server, client):
        response = await client.get("/", params={"code": "KBTFRX"})
        page = await response.text()
        assert response.status == 403
        assert "That is not the class code" in page and "textual.js" not in page and "KBTFRM" not in page
        for path in ("/ws", "/ws/KBTFRX", "/ws/kbtfr", "/ws/KBTFRM"):
            with pytest.raises(WSServerHandshakeError) as refused:
                await client.ws_connect(path)
            assert refused.value.status == 403
        assert not server.tabs
    assert not started


async def test_the_right_code_in_the_address_opens_the_tutor(started: list[int]) -> None:
    async with classroom(code="KBTFRM") as (server, client):
        response = await client.get("/", params={"code": "kbt-frm"})
        page = await response.text()
        assert response.status == 200 and "<title>Old Maid Tutor</title>" in page
        path = websocket_path(page)
        assert "KBTFRM" not in path  # a one-use ticket, never the code
        assert not started  # the page alone starts nothing: the tab's websocket does
        screen = await first_screen(client, path + "?width=80&height=24")
        assert screen.startswith("served=1 args=--data-dir /class/folder")
        with pytest.raises(WSServerHandshakeError) as refused:  # the ticket is used up
            await client.ws_connect(path)
        assert refused.value.status == 403
    assert started == [1]


def websocket_path(page: str) -> str:
    found = re.search(r'data-session-websocket-url="ws://[^/"]+(/ws[^"]*)"', page)
    assert found, page
    return found.group(1)


async def test_after_many_wrong_codes_the_right_code_still_opens_the_tutor(started: list[int]) -> None:
    async with classroom(code="KBTFRM") as (server, client):
        for _ in range(classcode.MOST_WRONG_CODES):
            assert (await client.get("/", params={"code": "AAAAAA"})).status == 403
        assert server.doorkeeper is not None and server.doorkeeper.slowed("127.0.0.1")
        response = await client.get("/", params={"code": "KBTFRM"})
        assert response.status == 200
        screen = await first_screen(client, websocket_path(await response.text()) + "?width=80&height=24")
        assert screen.startswith("served=1")
    assert started == [1]


# --- the page, the class size, the served flag ---------------------------------------------------


async def test_the_page_is_old_maid_tutor_and_loads_nothing_from_outside() -> None:
    async with classroom() as (server, client):
        page = await (await client.get("/")).text()
        assert "<title>Old Maid Tutor</title>" in page
        outside = [url for url in re.findall(r"""(?:https?:|wss?:)?//[^"'\s)]+""", page) if not url.startswith(f"ws://{client.host}:{client.port}/ws")]
        assert not outside, outside
        assert "fonts.googleapis" not in page
        for asset in re.findall(r'(?:href|src)="(/[^"]+)"', page) + re.findall(r'url\("(/[^"]+)"\)', page):
            assert (await client.get(asset)).status == 200, asset
        assert (await client.get("/font/passwd")).status == 404
        assert (await client.get("/static/")).status in (403, 404)  # no folder listing


async def test_the_page_connects_through_the_public_url_when_one_is_given() -> None:
    server = ClassroomServer(FAKE_ARGV, host="0.0.0.0", port=0, public_url="https://class.example", max_sessions=30, code="KBTFRM", announcement=[])
    async with TestClient(TestServer(await server._make_app())) as client:
        page = await (await client.get("/", params={"code": "KBTFRM"})).text()
        assert 'data-session-websocket-url="wss://class.example/ws/' in page and "KBTFRM" not in page


async def test_a_full_class_gets_a_friendly_page_and_no_process(started: list[int]) -> None:
    async with classroom(max_sessions=1) as (server, client):
        async with client.ws_connect("/ws?width=80&height=24") as first:
            assert (await asyncio.wait_for(first.receive(), 10)).type == WSMsgType.BINARY
            response = await client.get("/")
            page = await response.text()
            assert response.status == 503
            assert "The class is full: 1 pupil is learning already." in page and "Try again" in page
            with pytest.raises(WSServerHandshakeError) as refused:
                await client.ws_connect("/ws?width=80&height=24")
            assert refused.value.status == 503
            assert started == [1]
        for _ in range(50):  # the place is given back once the tab closes
            if not server.tabs:
                break
            await asyncio.sleep(0.1)
        assert (await client.get("/")).status == 200


async def test_malformed_messages_from_a_tab_are_ignored() -> None:
    async with classroom() as (server, client):
        async with client.ws_connect("/ws?width=99999&height=-5") as websocket:
            await asyncio.wait_for(websocket.receive(), 10)
            for text in ("not json", "{}", "[]", '["stdin", 5]', '["resize", "big"]', '["resize", {"width": 1e9}]'):
                await websocket.send_str(text)
            await websocket.send_str('["ping", "42"]')
            reply = await asyncio.wait_for(websocket.receive(), 10)
            assert reply.type == WSMsgType.TEXT and reply.json() == ["pong", "42"]
            assert len(server.tabs) == 1


# --- what it prints and the command line ---------------------------------------------------------


def test_the_address_to_open() -> None:
    assert address_to_open("127.0.0.1", 8000, None) == "http://127.0.0.1:8000/"
    assert address_to_open("::1", 8000, None) == "http://[::1]:8000/"
    assert address_to_open("0.0.0.0", 80, "https://class.example") == "https://class.example/"
    wide = address_to_open("0.0.0.0", 8123, None)
    assert wide.startswith("http://") and wide.endswith(":8123/") and "0.0.0.0" not in wide


def test_the_announcement_says_the_code_only_when_there_is_one(tmp_path: Path) -> None:
    here = "\n".join(announcement("http://127.0.0.1:8000/", None, 30, tmp_path / "progress.db"))
    assert "no class code" in here and "Ctrl+C" in here and str(tmp_path) in here
    wide = "\n".join(announcement("http://10.0.0.2:8000/", "KBTFRM", 12, tmp_path / "progress.db"))
    assert "Class code: KBTFRM" in wide and "http://10.0.0.2:8000/?code=KBTFRM" in wide and "12 pupils" in wide
    assert "PIN" not in wide
    assert "No teacher's PIN yet" in "\n".join(announcement("http://10.0.0.2:8000/", "KBTFRM", 12, tmp_path, pin_set=False))


def test_address_problems_are_one_line() -> None:
    assert "already in use" in address_problem(OSError(errno.EADDRINUSE, "in use"), "127.0.0.1", 8000)
    assert "above 1023" in address_problem(OSError(errno.EACCES, "denied"), "0.0.0.0", 80)
    assert "not an address of this computer" in address_problem(socket.gaierror(-2, "unknown"), "nowhere", 8000)


@pytest.mark.parametrize("option", [["--port", "0"], ["--port", "x"], ["--max-sessions", "0"], ["--public-url", "class"]])
def test_bad_options_exit_2(option: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stopped:
        main(["--data-dir", str(tmp_path), "serve", *option])
    assert stopped.value.code == 2
    assert len(capsys.readouterr().err.strip().splitlines()) == 1


def test_a_port_in_use_is_one_line_and_exit_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        assert main(["--data-dir", str(tmp_path), "serve", "--port", str(port)]) == 2
    out, err = capsys.readouterr()
    assert err == f"old-maid-tutor serve: error: port {port} is already in use on 127.0.0.1; choose another with --port\n"
    assert "ready" not in out  # the address is printed only once the server listens


# --- the real command ----------------------------------------------------------------------------


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def processes(data_dir: Path, module: str) -> list[int]:
    """The processes started as `python -m MODULE` for `data_dir` (or shown so)."""
    found = []
    for entry in Path("/proc").iterdir():
        try:
            command = (entry / "cmdline").read_bytes().split(b"\0")
        except OSError:
            continue
        if module.encode() in command and str(data_dir).encode() in command:
            found.append(int(entry.name))
    return found


def app_processes(data_dir: Path) -> list[int]:
    """The tutor processes serving `data_dir` (each tab's app)."""
    return processes(data_dir, "tutor.serve.tab")


def start_serving(data_dir: Path, *options: str) -> tuple[subprocess.Popen[str], int]:
    port = free_port()
    server = subprocess.Popen(
        [sys.executable, "-m", "tutor", "--data-dir", str(data_dir), "serve", "--port", str(port), *options],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=ROOT,
    )
    assert server.stdout is not None
    first = server.stdout.readline()
    assert "is ready" in first, first + server.stderr.read() if server.stderr else first
    return server, port


@pytest.mark.skipif(not Path("/proc").is_dir(), reason="finds the app processes through /proc")
def test_each_tab_starts_at_the_picker_and_ctrl_c_closes_them_all(tmp_path: Path) -> None:
    from tutor.store import open_store

    store = open_store(tmp_path)
    store.get_or_create_profile("Ana")  # the only profile: outside a class it would open at once
    store.close()
    server, port = start_serving(tmp_path)
    try:

        async def two_tabs_then_ctrl_c() -> list[str]:
            async with ClientSession() as session:
                tabs = [await session.ws_connect(f"http://127.0.0.1:{port}/ws?width=80&height=24") for _ in range(2)]
                screens = []
                for tab in tabs:
                    screen = b""
                    while b"Who is learning" not in screen:
                        message = await asyncio.wait_for(tab.receive(), 30)
                        assert message.type == WSMsgType.BINARY, message
                        screen += message.data
                    screens.append(screen.decode())
                assert len(app_processes(tmp_path)) == 2
                server.send_signal(signal.SIGINT)
                for tab in tabs:
                    while (await asyncio.wait_for(tab.receive(), 10)).type == WSMsgType.BINARY:
                        pass
                    assert tab.closed
                return screens

        screens = asyncio.run(two_tabs_then_ctrl_c())
        out, err = server.communicate(timeout=15)
    finally:
        if server.poll() is None:
            server.kill()
    assert all("Ana" in screen for screen in screens)  # the picker, even with only one profile
    assert server.returncode == 0
    assert "The class has stopped (2 pupils' sessions closed)." in out
    assert "Traceback" not in out + err and err == ""
    deadline = time.monotonic() + 5
    while app_processes(tmp_path) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not app_processes(tmp_path)


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the parent-death signal is Linux's")
def test_a_tab_ends_even_when_the_server_is_killed(tmp_path: Path) -> None:
    server, port = start_serving(tmp_path)
    try:

        async def one_tab_then_kill() -> None:
            async with ClientSession() as session:
                async with session.ws_connect(f"http://127.0.0.1:{port}/ws?width=80&height=24") as tab:
                    screen = b""
                    while b"Who is learning" not in screen:
                        screen += (await asyncio.wait_for(tab.receive(), 30)).data
                    assert len(app_processes(tmp_path)) == 1
                    server.kill()  # no chance to close its pupils' apps
                    server.wait()

        asyncio.run(one_tab_then_kill())
    finally:
        if server.poll() is None:
            server.kill()
    deadline = time.monotonic() + 10
    while app_processes(tmp_path) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not app_processes(tmp_path)


def test_outside_a_class_the_only_profile_still_opens_at_once(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from tutor.cli.command import _profile
    from tutor.store import open_store

    monkeypatch.delenv("OLD_MAID_TUTOR_SERVED", raising=False)
    store = open_store(tmp_path)
    try:
        store.get_or_create_profile("Ana")
        assert _profile(store, None) is not None
        monkeypatch.setenv("OLD_MAID_TUTOR_SERVED", "1")
        assert _profile(store, None) is None
    finally:
        store.close()


def test_serving_is_not_loaded_to_run_the_tutor() -> None:
    serving = ("aiohttp", "textual_serve", "jinja2", "tutor.serve.server")
    code = f"import sys, tutor.cli, tutor.ui.app; print(sorted(m for m in sys.modules if m.startswith({serving!r})))"
    loaded = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, env=os.environ | {"PYTHONPATH": str(ROOT)})
    assert loaded.stdout.strip() == "[]", loaded.stdout + loaded.stderr
