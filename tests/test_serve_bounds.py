"""The classroom server bounds every client: slow requests, too many connections, floods of keys,
repeated errors, and tabs whose app has ended. Each test runs the real server (its own connection
handling, not aiohttp's test server) on this computer, with a tiny fake app in place of the tutor.
"""

from __future__ import annotations

import asyncio
import logging
import os
import signal
import socket
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

import pytest
from aiohttp import ClientSession, WSMsgType
from test_serve import FAKE_ARGV, free_port

from tutor.serve import guards
from tutor.serve import server as server_module
from tutor.serve.guards import Connections, KeyBudget, OnceAMinute
from tutor.serve.server import ClassroomServer


@asynccontextmanager
async def serving(max_sessions: int = 30, argv: list[str] | None = None, error_log: Path | None = None) -> AsyncIterator[tuple[ClassroomServer, int]]:
    port = free_port()
    server = ClassroomServer(
        argv or FAKE_ARGV, host="127.0.0.1", port=port, public_url=None, max_sessions=max_sessions, code=None, announcement=[], error_log=error_log
    )
    running = asyncio.ensure_future(server._serve())
    for _ in range(100):
        try:
            _, writer = await asyncio.open_connection("127.0.0.1", port)
            writer.close()
            break
        except OSError:
            await asyncio.sleep(0.05)
    try:
        yield server, port
    finally:
        server.request_exit()
        await asyncio.wait_for(running, 20)


async def closed_within(reader: asyncio.StreamReader, seconds: float) -> bool:
    try:
        return await asyncio.wait_for(reader.read(), seconds) == b""
    except (TimeoutError, ConnectionError):
        return False


# --- slow and many connections ---------------------------------------------------------------------


async def test_a_request_whose_headers_never_finish_is_closed(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(server_module, "HEADER_SECONDS", 0.5)
    async with serving() as (server, port):
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
        writer.write(b"GET / HTTP/1.1\r\nHost: x\r\n")  # and never the blank line that ends it
        assert await closed_within(reader, 5)
        assert server.connections.count == 0
        writer.close()


async def test_a_connection_that_sends_nothing_is_closed(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(server_module, "HEADER_SECONDS", 0.5)
    async with serving() as (_, port):
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
        assert await closed_within(reader, 5)
        writer.close()


async def test_a_whole_request_is_answered_and_its_connection_kept_until_idle() -> None:
    async with serving() as (_, port):
        async with ClientSession() as session:
            response = await session.get(f"http://127.0.0.1:{port}/")
            assert response.status == 200 and "Old Maid Tutor" in await response.text()


def test_connections_are_capped_per_address_and_in_all() -> None:
    connections = Connections(per_address=2, total=3)
    assert connections.admit("10.0.0.1") and connections.admit("10.0.0.1")
    assert not connections.admit("10.0.0.1")  # a third from one computer
    assert connections.admit("10.0.0.2")
    assert not connections.admit("10.0.0.3")  # a fourth in all
    connections.release("10.0.0.1")
    assert connections.admit("10.0.0.3") and connections.count == 3


def test_a_class_behind_one_router_fits_under_the_caps() -> None:
    per_address, total = guards.connection_caps(30)
    assert per_address >= 30 * 7  # a websocket and six page connections each
    assert total >= 2 * per_address


async def test_connections_over_the_cap_are_closed_at_once_and_the_class_still_opens(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(server_module, "connection_caps", lambda _: (5, 50))
    async with serving() as (server, port):
        held = [await asyncio.open_connection("127.0.0.1", port, local_addr=("127.0.0.2", 0)) for _ in range(5)]
        reader, writer = await asyncio.open_connection("127.0.0.1", port, local_addr=("127.0.0.2", 0))
        assert await closed_within(reader, 2)  # the sixth from that address
        async with ClientSession() as session:  # another computer is let in
            response = await session.get(f"http://127.0.0.1:{port}/")
            assert response.status == 200
        for _, held_writer in held:
            held_writer.close()
        writer.close()


# --- what a tab sends ------------------------------------------------------------------------------


def test_a_tab_may_type_and_paste_but_not_flood() -> None:
    now = [0.0]
    budget = KeyBudget(clock=lambda: now[0])
    assert budget.take(guards.INPUT_BURST)  # a paste after a quiet moment
    assert not budget.take(16)
    now[0] += 1.0
    assert all(budget.take(16) for _ in range(guards.INPUT_PER_SECOND // 16))  # a second of typing
    assert not budget.take(16)


# Echoes what it reads on stdin back as screen output, so a test can see what reached the app.
ECHO_APP = r"""
import sys
out = sys.stdout.buffer
out.write(b"__GANGLION__\n"); out.flush()
while chunk := sys.stdin.buffer.read1(1 << 20):
    if b'"quit"' in chunk:
        break
    text = str(len(chunk)).encode()
    out.write(b"D" + len(text).to_bytes(4, "big") + text); out.flush()
"""


async def test_a_flood_of_keys_is_cut_to_the_tab_budget() -> None:
    import sys

    async with serving(argv=[sys.executable, "-c", ECHO_APP]) as (_, port):
        async with ClientSession() as session:
            async with session.ws_connect(f"http://127.0.0.1:{port}/ws", max_msg_size=0) as tab:
                huge = "x" * 60_000
                began = last = time.monotonic()
                for _ in range(40):  # 2.4 MB as fast as it goes
                    await tab.send_str(f'["stdin", "{huge}"]')
                received = 0
                while True:  # all the app echoes, until it has been quiet a moment
                    try:
                        message = await asyncio.wait_for(tab.receive(), 1.5)
                    except TimeoutError:
                        break
                    received, last = received + int(message.data), time.monotonic()
                # the burst, what the budget refilled while the flood lasted, and one message's worth
                allowed = guards.INPUT_BURST + guards.INPUT_PER_SECOND * (last - began) + guards.LARGEST_INPUT
                assert 0 < received <= allowed < 40 * guards.LARGEST_INPUT


async def test_a_message_nested_too_deep_to_read_is_dropped_and_the_tab_carries_on() -> None:
    """'[[[[...' (10,000 deep) made reading it raise RecursionError, which stopped the tab's session."""
    import sys

    async with serving(argv=[sys.executable, "-c", ECHO_APP]) as (_, port):
        async with ClientSession() as session:
            async with session.ws_connect(f"http://127.0.0.1:{port}/ws", max_msg_size=0) as tab:
                await tab.send_str("[" * 10_000)
                await tab.send_str('["stdin", "abc"]')
                message = await asyncio.wait_for(tab.receive(), 10)
                assert message.type == WSMsgType.BINARY and int(message.data) > 0  # the next key still reaches the app (its echo)


def test_a_plain_request_for_the_websocket_is_refused_in_one_line_with_nothing_logged(tmp_path: Path, capfd: pytest.CaptureFixture[str]) -> None:
    """GET /ws without a websocket upgrade used to stop a 'session' and print 'Unhandled exception' to the teacher."""
    from test_serve import start_serving

    server, port = start_serving(tmp_path)
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=5) as plain:
            plain.sendall(b"GET /ws HTTP/1.1\r\nHost: class\r\nConnection: close\r\n\r\n")
            answer = b""
            while chunk := plain.recv(65536):
                answer += chunk
    finally:
        server.send_signal(signal.SIGINT)
        _, err = server.communicate(timeout=30)
    assert answer.startswith(b"HTTP/1.1 400") and b"open the page itself" in answer
    assert err == ""


async def test_a_message_over_the_largest_size_closes_the_tab() -> None:
    async with serving() as (server, port):
        async with ClientSession() as session:
            async with session.ws_connect(f"http://127.0.0.1:{port}/ws") as tab:
                await asyncio.wait_for(tab.receive(), 10)
                await tab.send_str('["stdin", "' + "y" * (guards.LARGEST_MESSAGE + 10) + '"]')
                while (message := await asyncio.wait_for(tab.receive(), 10)).type == WSMsgType.BINARY:
                    pass
                assert message.type in (WSMsgType.CLOSE, WSMsgType.CLOSED)


# --- a tab whose app ends -------------------------------------------------------------------------


async def test_a_tab_whose_app_is_killed_is_closed_with_a_message_and_frees_its_place(tmp_path: Path) -> None:
    async with serving(max_sessions=1, error_log=tmp_path / "tabs.log") as (server, port):
        async with ClientSession() as session:
            async with session.ws_connect(f"http://127.0.0.1:{port}/ws") as tab:
                assert (await asyncio.wait_for(tab.receive(), 10)).type == WSMsgType.BINARY
                (only,) = server.tabs
                assert only.service.pid is not None
                os.kill(only.service.pid, signal.SIGKILL)  # as the out-of-memory killer would
                message = await asyncio.wait_for(tab.receive(), 10)
                assert message.type == WSMsgType.CLOSE
                assert message.extra == server_module.TAB_STOPPED
            for _ in range(50):
                if not server.tabs:
                    break
                await asyncio.sleep(0.05)
            assert not server.tabs
            async with session.ws_connect(f"http://127.0.0.1:{port}/ws") as again:  # the place is free
                assert (await asyncio.wait_for(again.receive(), 10)).type == WSMsgType.BINARY


CRASHING_APP = r"""
import sys
sys.stdout.buffer.write(b"__GANGLION__\n"); sys.stdout.buffer.flush()
secret = "a local"
raise RuntimeError("the app fell over")
"""


async def test_an_app_that_crashes_writes_to_the_log_file_not_the_teachers_terminal(tmp_path: Path, capfd: pytest.CaptureFixture[str]) -> None:
    import sys

    log_file = tmp_path / "tabs.log"
    async with serving(argv=[sys.executable, "-c", CRASHING_APP], error_log=log_file) as (server, port):
        async with ClientSession() as session:
            for _ in range(3):
                async with session.ws_connect(f"http://127.0.0.1:{port}/ws") as tab:
                    while (await asyncio.wait_for(tab.receive(), 10)).type != WSMsgType.CLOSE:
                        pass
    out, err = capfd.readouterr()
    assert "Traceback" not in out + err and "the app fell over" not in out + err
    assert "the app fell over" in log_file.read_text()
    assert oct(log_file.stat().st_mode & 0o777) == oct(0o600)


def test_an_error_repeated_many_times_is_one_line_a_minute() -> None:
    now = [0.0]
    throttle = OnceAMinute(clock=lambda: now[0])
    records = []
    for number in range(100):
        try:
            raise OSError(24, "Too many open files")
        except OSError:
            import sys

            record = logging.LogRecord("aiohttp.server", logging.ERROR, __file__, 1, "Error handling request %s", (number,), sys.exc_info())
        if throttle.filter(record):
            records.append(record)
        now[0] += 1.0
    assert len(records) == 2  # at 0 s and at 60 s
    assert records[0].exc_info is None and records[0].exc_text is None
    assert "Too many open files" in records[0].getMessage()
    assert "59 more like it since the last one" in records[1].getMessage()


def test_download_route_is_served() -> None:
    routes = asyncio.run(_routes())
    assert "/download/{key}" in routes


async def _routes() -> set[str]:
    server = ClassroomServer(FAKE_ARGV, host="127.0.0.1", port=0, public_url=None, max_sessions=1, code=None, announcement=[])
    app = await server._make_app()
    return {resource.canonical for resource in app.router.resources()}


def test_malformed_requests_are_one_line_a_minute_in_the_teachers_terminal(tmp_path: Path) -> None:
    from test_serve import start_serving

    server, port = start_serving(tmp_path)
    try:
        for number in range(40):
            with socket.create_connection(("127.0.0.1", port), timeout=5) as bad:
                bad.sendall(
                    b"GET /\x00\x01 HTTP/9.9\r\nHost: \xff\xfe\r\nContent-Length: -1\r\n\r\n"
                    if number % 2
                    else b"\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03" + bytes(range(256))
                )
                bad.recv(4096)
        server.send_signal(signal.SIGINT)
        out, err = server.communicate(timeout=20)
    finally:
        if server.poll() is None:
            server.kill()
    assert "Traceback" not in out + err
    assert len(err.splitlines()) <= 2, err


def test_an_export_in_a_tab_is_a_download_over_the_websocket(tmp_path: Path) -> None:
    """The real tutor in a served tab, driven over its websocket as a browser would: My progress,
    Export, the PIN; the file comes from /download/<key>, and nothing is written on the server."""
    import json
    import re
    import subprocess
    import sys

    from test_serve import start_serving

    data = tmp_path / "data"
    subprocess.run(
        [sys.executable, "-m", "tutor", "--data-dir", str(data), "teacher", "pin"], input="246810\n246810\n", text=True, check=True, capture_output=True
    )
    before = sorted(tmp_path.rglob("*"))
    server, port = start_serving(data)

    async def export() -> tuple[str, bytes]:
        async with ClientSession() as session:
            async with session.ws_connect(f"http://127.0.0.1:{port}/ws?width=100&height=30", max_msg_size=0) as tab:

                async def until(text: bytes) -> list[str]:
                    seen, said = b"", []
                    while text not in seen:
                        message = await asyncio.wait_for(tab.receive(), 30)
                        if message.type == WSMsgType.TEXT:
                            said.append(message.data)
                        else:
                            seen += message.data
                    return said

                async def keys(*typed: str) -> None:
                    for key in typed:
                        await tab.send_str(json.dumps(["stdin", key]))

                await until(b"name?")
                await keys("Zo\u00eb\r")
                await until(b"Lesson 1:")
                await keys(*["\x1b[B"] * 5, "\r")  # down to My progress
                await until(b"Export")
                await keys("e")
                await until(b"only the teacher")
                await keys("246810\r")
                said = await until(b"on its way")
                key = next(json.loads(text)[1] for text in said if "deliver_file_start" in text)
                async with session.get(f"http://127.0.0.1:{port}/download/{key}") as download:
                    assert download.status == 200
                    return download.headers["Content-Disposition"], await download.read()

    try:
        disposition, body = asyncio.run(export())
    finally:
        server.send_signal(signal.SIGINT)
        server.communicate(timeout=20)
    assert re.search(r"filename=old-maid-zoe\.json", disposition)
    document = json.loads(body)
    assert document["profile"]["name"] == "Zo\u00eb" and document["format"] == "old-maid-tutor-profile"
    outside = [path for path in sorted(tmp_path.rglob("*")) if data not in (path, *path.parents)]
    assert outside == [path for path in before if data not in (path, *path.parents)]


@pytest.mark.parametrize("host", [b"h\xffx", b"", b"evil<x>", b"127.0.0.1:18790"])
async def test_a_host_header_that_is_no_host_name_is_refused_not_a_server_error(host: bytes) -> None:
    """The page tells the browser where to connect from the Host header: a byte that is not text
    there made a 500 (a UnicodeEncodeError in the log), an empty one the address `ws:/ws`."""
    async with serving() as (_, port):
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
        writer.write(b"GET / HTTP/1.1\r\nHost: " + host + b"\r\nConnection: close\r\n\r\n")
        status = (await asyncio.wait_for(reader.readline(), 5)).split()[1]
        assert status == (b"200" if host == b"127.0.0.1:18790" else b"400"), host
        writer.close()
