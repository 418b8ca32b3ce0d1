"""A class of pupils at once on `old-maid-tutor serve` (a benchmark, not a test).

Starts the server on a free loopback port with a fresh data folder, connects PUPILS websocket
clients at the same moment (as a class does when the teacher says "go"), and has each one type
through the start of lesson 1: a name, the lesson, a wrong answer, a hint, more steps. Reports:

- time to first paint: connecting until the tab shows "Who is learning?";
- key round trip: a key sent until the app's first screen update after it (median, 95th percentile);
- memory per pupil: each app process's RSS and PSS (PSS shares the common libraries out fairly).

Run: .venv/bin/python benchmarks/serve_load.py [--pupils 30]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

import aiohttp

ROOT = Path(__file__).resolve().parent.parent
WIDTH, HEIGHT = 100, 30
# What each pupil types after giving a name: open lesson 1, go on, a wrong answer, a hint, then on.
KEYS = ["c", "\r", "1", "h", "2", "\r", "\r", "\r", "1", "\r"]
KEY_PAUSE = 0.5  # a pupil reads a moment before the next key
KEY_WAIT = 15.0  # no screen update for this long: the key counts as unanswered


@dataclass
class Pupil:
    number: int
    first_paint: float | None = None
    round_trips: list[float] = field(default_factory=list)
    unanswered: int = 0
    typed: bool = False  # through its keys; the tab stays open a moment while memory is read
    error: str | None = None


async def screen_until(websocket: aiohttp.ClientWebSocketResponse, text: bytes, seconds: float) -> bytes:
    seen = b""
    deadline = time.monotonic() + seconds
    while text not in seen:
        message = await asyncio.wait_for(websocket.receive(), max(0.01, deadline - time.monotonic()))
        if message.type != aiohttp.WSMsgType.BINARY:
            raise ConnectionError(f"the tab closed: {message.type}")
        seen += message.data
    return seen


async def settle(websocket: aiohttp.ClientWebSocketResponse, quiet: float = 0.3) -> None:
    """Wait until the app has drawn nothing for `quiet` seconds (ready for a key, as a pupil sees)."""
    while True:
        try:
            message = await asyncio.wait_for(websocket.receive(), quiet)
        except TimeoutError:
            return
        if message.type != aiohttp.WSMsgType.BINARY:
            raise ConnectionError(f"the tab closed: {message.type}")


async def round_trip(websocket: aiohttp.ClientWebSocketResponse, key: str) -> float | None:
    """Seconds from sending `key` to the first screen update; None if none came."""
    await settle(websocket, 0.05)  # anything still arriving from the last key is not this key's answer
    sent = time.monotonic()
    await websocket.send_str(json.dumps(["stdin", key]))
    try:
        message = await asyncio.wait_for(websocket.receive(), KEY_WAIT)
    except TimeoutError:
        return None
    return time.monotonic() - sent if message.type == aiohttp.WSMsgType.BINARY else None


async def pupil(session: aiohttp.ClientSession, url: str, who: Pupil, start: asyncio.Event, measured: asyncio.Event) -> None:
    await start.wait()
    began = time.monotonic()
    stage = "connecting"
    try:
        async with session.ws_connect(f"{url}ws?width={WIDTH}&height={HEIGHT}", max_msg_size=0) as websocket:
            stage = "waiting for the first paint"
            await screen_until(websocket, b"Who is learning", 120)
            who.first_paint = time.monotonic() - began
            await settle(websocket)
            await websocket.send_str(json.dumps(["stdin", f"Pupil {who.number}\r"]))
            stage = "waiting for the home screen after the name"
            await screen_until(websocket, b"Lesson 1:", 60)
            await settle(websocket)
            stage = "typing"
            for key in KEYS:
                await asyncio.sleep(KEY_PAUSE)
                took = await round_trip(websocket, key)
                if took is None:
                    who.unanswered += 1
                else:
                    who.round_trips.append(took)
            who.typed = True
            await measured.wait()  # every tab stays open until memory is read
    except (ConnectionError, TimeoutError, aiohttp.ClientError) as error:
        who.error = f"{stage}: {type(error).__name__} {error}".strip()


def app_processes(folder: str) -> list[int]:
    """The pupils' app processes: those started with this run's data folder."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                command = (entry / "cmdline").read_bytes().split(b"\0")
            except OSError:
                continue
            if b"tutor.serve.tab" in command and folder.encode() in command:
                found.append(int(entry.name))
    return found


def memory_kib(pid: int) -> tuple[int, int]:
    """(RSS, PSS) of a process in KiB."""
    rss = pss = 0
    try:
        for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines():
            if line.startswith("Rss:"):
                rss = int(line.split()[1])
            elif line.startswith("Pss:"):
                pss = int(line.split()[1])
    except OSError:
        pass
    return rss, pss


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


async def run(pupils: int) -> None:
    load = os.getloadavg()[0]
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    folder = tempfile.mkdtemp(prefix="serve-load-")
    server = subprocess.Popen(
        [sys.executable, "-m", "tutor", "--data-dir", folder, "serve", "--port", str(port), "--max-sessions", str(pupils + 5)],
        stdout=subprocess.PIPE,
        text=True,
        cwd=ROOT,
    )
    assert server.stdout is not None
    print(server.stdout.readline().strip())
    url = f"http://127.0.0.1:{port}/"
    class_ = [Pupil(number) for number in range(1, pupils + 1)]
    start, measured = asyncio.Event(), asyncio.Event()
    try:
        async with aiohttp.ClientSession() as session:
            tasks = [asyncio.create_task(pupil(session, url, who, start, measured)) for who in class_]
            began = time.monotonic()
            start.set()
            while not all(who.typed or who.error for who in class_):
                await asyncio.sleep(0.2)
            apps = app_processes(folder)
            print(f"{sum(who.typed for who in class_)} tabs typed through; {len(apps)} app processes running")
            memories = [memory_kib(pid) for pid in apps]
            server_memory = memory_kib(server.pid)
            measured.set()
            await asyncio.gather(*tasks)
            took = time.monotonic() - began
    finally:
        server.send_signal(signal.SIGINT)
        server.wait(timeout=60)
    report(class_, memories, server_memory, took, load)


def report(class_: list[Pupil], memories: list[tuple[int, int]], server_memory: tuple[int, int], took: float, load: float) -> None:
    paints = [who.first_paint for who in class_ if who.first_paint is not None]
    trips = [trip for who in class_ for trip in who.round_trips]
    errors = [f"pupil {who.number}: {who.error}" for who in class_ if who.error]
    print(f"{len(class_)} pupils at once on {os.cpu_count()} cores (load average before: {load:.1f}); all done in {took:.1f} s")
    if paints:
        print(f"time to first paint: median {statistics.median(paints):.1f} s, 95th percentile {percentile(paints, 0.95):.1f} s, slowest {max(paints):.1f} s")
    if trips:
        print(
            f"key round trip: median {statistics.median(trips) * 1000:.0f} ms, 95th percentile {percentile(trips, 0.95) * 1000:.0f} ms "
            f"({len(trips)} keys; {sum(who.unanswered for who in class_)} without an answer in {KEY_WAIT:.0f} s)"
        )
    if memories:
        rss = statistics.mean(m[0] for m in memories) / 1024
        pss = statistics.mean(m[1] for m in memories) / 1024
        print(
            f"memory per pupil: RSS {rss:.0f} MiB, PSS {pss:.0f} MiB ({len(memories)} app processes); the server itself: RSS {server_memory[0] / 1024:.0f} MiB"
        )
    for line in errors:
        print(line)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--pupils", type=int, default=30)
    asyncio.run(run(parser.parse_args().pupils))


if __name__ == "__main__":
    main()
