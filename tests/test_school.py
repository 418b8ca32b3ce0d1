"""A school (issue 25): two `old-maid-tutor serve` processes on one PostgreSQL database. A pupil's
progress made through one is there through the other, and her claim follows her tab."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from aiohttp import ClientSession, ClientWebSocketResponse, WSMsgType
from test_serve import ROOT, free_port

from tutor.store import open_store


def serve(data_dir: Path, url: str, by_environment: bool) -> tuple[subprocess.Popen[str], int]:
    """`serve` on the school's database: given with --database, or in OLD_MAID_TUTOR_DATABASE."""
    port = free_port()
    environment = dict(os.environ)
    where = ["--data-dir", str(data_dir)]
    if by_environment:
        environment["OLD_MAID_TUTOR_DATABASE"] = url
    else:
        where += ["--database", url]
    server = subprocess.Popen(
        [sys.executable, "-m", "tutor", *where, "serve", "--port", str(port)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=ROOT,
        env=environment,
    )
    assert server.stdout is not None
    first = server.stdout.readline()
    assert "is ready" in first, first + (server.stderr.read() if server.stderr else "")
    return server, port


async def screen_until(tab: ClientWebSocketResponse, text: bytes, seconds: float = 60) -> bytes:
    seen = b""
    while text not in seen:
        message = await asyncio.wait_for(tab.receive(), seconds)
        assert message.type in (WSMsgType.BINARY, WSMsgType.TEXT), message
        if message.type == WSMsgType.BINARY:
            seen += message.data
    return seen


async def keys(tab: ClientWebSocketResponse, *typed: str) -> None:
    for key in typed:
        await tab.send_str(json.dumps(["stdin", key]))


def test_a_pupils_progress_through_one_serving_computer_is_there_through_the_other(postgres_cluster: Any, tmp_path: Path) -> None:
    url = postgres_cluster.new_database()
    first, first_port = serve(tmp_path / "first", url, by_environment=False)
    second, second_port = serve(tmp_path / "second", url, by_environment=True)

    async def lesson_in_one_then_home_in_the_other() -> bytes:
        async with ClientSession() as session:
            async with session.ws_connect(f"http://127.0.0.1:{first_port}/ws?width=100&height=30", max_msg_size=0) as tab:
                await screen_until(tab, b"name?")
                await keys(tab, "Ana\r")
                await screen_until(tab, b"Lesson 1:")
                await keys(tab, "c")  # Continue: lesson 1
                await screen_until(tab, b"to go on")
                await keys(tab, "\r")
                await screen_until(tab, b"How many cards")
                await keys(tab, "h")  # a hint: kept in her progress at once
                await screen_until(tab, b"Hint 1 of 3")
                for _ in range(100):
                    with open_store(database=url) as store:
                        ana = store.find_profile("Ana")
                        if ana is not None and store.lesson_progress(ana):
                            break
                    await asyncio.sleep(0.1)
            # Her tab on the first computer is closed: its tutor ends, and with it her claim.
            async with session.ws_connect(f"http://127.0.0.1:{second_port}/ws?width=100&height=30", max_msg_size=0) as tab:
                picker = await screen_until(tab, b"Who is learning")
                picker += await screen_until(tab, b"Ana")
                await keys(tab, "Ana\r")
                return picker + await screen_until(tab, b"Hello, Ana!")

    try:
        screens = asyncio.run(lesson_in_one_then_home_in_the_other())
    finally:
        for server in (first, second):
            server.send_signal(signal.SIGINT)
        outputs = [server.communicate(timeout=30) for server in (first, second)]
    assert b"Hello, Ana!" in screens
    with open_store(database=url) as store:
        ana = store.find_profile("Ana")
        assert ana is not None
        (progress,) = store.lesson_progress(ana).values()
        assert progress.hints_used == 1
    for out, err in outputs:
        assert "Traceback" not in out + err
    assert all(server.returncode == 0 for server in (first, second))


@pytest.mark.parametrize("option", ["--database", "environment"])
def test_serve_says_where_the_class_progress_is_kept(postgres_cluster: Any, tmp_path: Path, option: str) -> None:
    url = postgres_cluster.new_database()
    server, _ = serve(tmp_path, url, by_environment=option == "environment")
    assert server.stdout is not None
    said = [server.stdout.readline() for _ in range(4)]
    server.send_signal(signal.SIGINT)
    server.communicate(timeout=30)
    assert any(line.startswith(f"Progress is kept in the school's database {url};") for line in said), said
    assert not (tmp_path / "progress.db").exists()


def test_serve_on_the_network_without_a_pin_says_how_to_set_it_on_the_database(
    postgres_cluster: Any, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from tutor.cli import main

    url = postgres_cluster.new_database()
    assert main(["--data-dir", str(tmp_path), "--database", url, "serve", "--host", "0.0.0.0", "--port", str(free_port())]) == 1
    error = capsys.readouterr().err
    assert error.count("\n") == 1 and error.rstrip().endswith(f"Set it first with: old-maid-tutor --database '{url}' teacher pin")


def test_serve_with_an_unreachable_database_is_one_line_and_exit_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from tutor.cli import main

    url = "postgresql://postgres@127.0.0.1:1/school"
    assert main(["--data-dir", str(tmp_path), "--database", url, "serve", "--port", str(free_port())]) == 2
    error = capsys.readouterr().err
    assert error.count("\n") == 1, error
    assert error.startswith(f"old-maid-tutor serve: error: The school's database {url} cannot be reached (")
    assert "until the app is closed" not in error


# ----- the school's nginx in front of the classes (deploy/nginx.conf) -----

NGINX = Path("/usr/sbin/nginx")
DEPLOYED = ROOT / "deploy" / "nginx.conf"


def nginx_in_front(folder: Path, class_a: int, class_b: int) -> tuple[subprocess.Popen[bytes], int]:
    """A real nginx running the school's configuration as written, with only its addresses changed:
    the two classes' upstreams to `class_a` and `class_b` on this computer, and a free port to listen on."""
    port = free_port()
    configured = DEPLOYED.read_text(encoding="utf-8")
    for written, here in (("10.0.0.11:8000", f"127.0.0.1:{class_a}"), ("10.0.0.12:8000", f"127.0.0.1:{class_b}"), ("listen 80;", f"listen 127.0.0.1:{port};")):
        assert written in configured, f"deploy/nginx.conf no longer says {written!r}: change this test with it"
        configured = configured.replace(written, here)
    (folder / "school.conf").write_text(configured, encoding="utf-8")
    (folder / "nginx.conf").write_text(
        f"pid {folder}/nginx.pid;\nerror_log {folder}/error.log;\nevents {{}}\n"
        f"http {{\n    access_log off;\n    client_body_temp_path {folder}/body;\n    proxy_temp_path {folder}/proxy;\n"
        f"    include {folder}/school.conf;\n}}\n",
        encoding="utf-8",
    )
    nginx = subprocess.Popen([str(NGINX), "-c", str(folder / "nginx.conf"), "-g", "daemon off;"], stderr=subprocess.PIPE)
    for _ in range(100):  # until it listens
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            break
        except OSError:
            if nginx.poll() is not None:
                raise AssertionError(nginx.stderr.read().decode() if nginx.stderr else "nginx ended") from None
            time.sleep(0.1)
    return nginx, port


def test_the_schools_nginx_takes_each_tab_to_its_own_class_websocket_and_all(tmp_path: Path) -> None:
    if not NGINX.exists():
        if os.environ.get("CI") == "true":
            pytest.fail("nginx is missing: .ci/run installs nginx-light")
        pytest.skip("nginx is not installed here (apt install nginx-light)")
    from test_serve import app_processes, start_serving

    servers = [start_serving(tmp_path / name) for name in ("a", "b")]
    nginx, port = nginx_in_front(tmp_path, servers[0][1], servers[1][1])

    async def a_tab_through_nginx(host: str) -> tuple[bytes, list[int], list[int]]:
        """What the tab shows, and each class's pupils' apps while it is open."""
        async with ClientSession() as session:
            url = f"http://127.0.0.1:{port}/ws?width=80&height=24"
            async with session.ws_connect(url, headers={"Host": host}, max_msg_size=0) as tab:
                screen = await screen_until(tab, b"What's your name?", 60)
                return screen, app_processes(tmp_path / "a"), app_processes(tmp_path / "b")

    try:
        screen, class_a, class_b = asyncio.run(a_tab_through_nginx("class-a.school.lan"))
        assert b"What's your name?" in screen and len(class_a) == 1 and class_b == []  # through the websocket, to class A only
        screen, class_a, class_b = asyncio.run(a_tab_through_nginx("class-b.school.lan"))
        assert b"What's your name?" in screen and len(class_b) == 1  # (class A's first app may still be closing)
    finally:
        nginx.terminate()
        nginx.wait(timeout=10)
        for server, _ in servers:
            server.send_signal(signal.SIGINT)
            server.communicate(timeout=30)
