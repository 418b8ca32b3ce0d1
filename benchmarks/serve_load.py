"""A class of pupils at once on `old-maid-tutor serve`, against plain textual-serve, in one run
(a benchmark, not a test).

Each side starts its server on a free loopback port with a fresh data folder, waits until the
server has settled (`serve`'s warm process has imported the tutor and rehearsed a pupil's start, as
it has by the time a teacher has read the address out) and connects PUPILS websocket clients at the
same moment (as a class does when the teacher says "go"):

- `serve`: `old-maid-tutor serve`, whose tabs are forked from its warm process;
- `plain`: textual-serve 1.1.3's own Server running `python -m tutor.serve.tab` for each tab, a
  new Python per tab (as `serve` did before the warm process, and does when it cannot fork).

Each pupil types a name the moment the first screen is drawn, then goes through the start of
lesson 1 (the lesson, a wrong answer, a hint, more steps); once the whole class is through them,
each moves the cursor among the players a few times, the pupils' keys spread over half a second.
Reports, for each side:

- time to first paint: connecting until the tab shows "Who is learning?";
- the name: sending it until the home screen, and how many pupils got there (a lost key loses one);
- key round trip: a key sent until the app's first screen update after it, for keys sent while
  the class starts (before every pupil has reached home), the other keys of the lesson's steps,
  and the cursor keys once the class has settled;
- CPU: what the pupils' apps had used when the class had started (and the warm process, once);
- memory: each app's RSS and PSS from /proc/PID/smaps_rollup (PSS shares the common pages out
  fairly), the server's and the warm process's, and the whole class's PSS.

Run: .venv/bin/python benchmarks/serve_load.py [--pupils 30] [--sides serve,plain]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import shlex
import signal
import socket
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import aiohttp
from scratch import scratch_folder

ROOT = Path(__file__).resolve().parent.parent
WIDTH, HEIGHT = 100, 30
# What each pupil types once home: open lesson 1, go on, a wrong answer, a hint, then on.
KEYS = ["c", "\r", "1", "h", "2", "\r", "\r", "\r", "1", "\r"]
# Once the whole class is home: the cursor among the players, right and back.
AFTER_KEYS = ["\x1b[C", "\x1b[C", "\x1b[C", "\x1b[D", "\x1b[D", "\x1b[D"]
KEY_PAUSE = 0.5  # a pupil reads a moment before the next key
KEY_WAIT = 15.0  # no screen update for this long: the key counts as unanswered
SIDES = ("serve", "plain")
REST_SECONDS = 5.0  # between the two sides, for the machine to calm down


@dataclass
class Pupil:
    number: int
    first_paint: float | None = None
    name_to_home: float | None = None
    round_trips: list[tuple[float, float]] = field(default_factory=list)  # (sent at, seconds)
    unanswered: list[str] = field(default_factory=list)  # the keys no screen update followed
    in_lesson: bool = False  # through the lesson's first steps
    typed: bool = False  # through its keys; the tab stays open a moment while memory is read
    error: str | None = None


@dataclass
class Class:
    pupils: list[Pupil]
    started: asyncio.Event = field(default_factory=asyncio.Event)
    started_at: float = 0.0
    settled: asyncio.Event = field(default_factory=asyncio.Event)
    settled_at: float = 0.0
    measured: asyncio.Event = field(default_factory=asyncio.Event)

    def reached_home(self) -> None:
        if all(who.name_to_home is not None or who.error for who in self.pupils):
            self.started_at = time.monotonic()
            self.started.set()

    def through_the_lesson(self) -> None:
        if all(who.in_lesson or who.error for who in self.pupils):
            self.settled_at = time.monotonic()
            self.settled.set()


@dataclass
class Side:
    name: str
    class_: Class
    took: float
    cpu_when_started: float
    server_cpu_when_started: float
    memories: list[tuple[int, int]]
    server_memory: tuple[int, int]
    warm_memory: tuple[int, int] | None
    warm_cpu: float | None


async def screen_until(websocket: aiohttp.ClientWebSocketResponse, seconds: float, *texts: bytes) -> bytes:
    """What the tab drew until it has shown every one of `texts`."""
    seen = b""
    deadline = time.monotonic() + seconds
    while not all(text in seen for text in texts):
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


async def read_until(websocket: aiohttp.ClientWebSocketResponse, event: asyncio.Event) -> None:
    """Keep reading the tab (which answers the server's pings, as a browser does) until `event`."""
    while not event.is_set():
        await settle(websocket, 0.5)


async def round_trip(websocket: aiohttp.ClientWebSocketResponse, key: str) -> tuple[float, float] | None:
    """(when `key` was sent, seconds to the first screen update); None if none came."""
    await settle(websocket, 0.05)  # anything still arriving from the last key is not this key's answer
    sent = time.monotonic()
    await websocket.send_str(json.dumps(["stdin", key]))
    try:
        message = await asyncio.wait_for(websocket.receive(), KEY_WAIT)
    except TimeoutError:
        return None
    return (sent, time.monotonic() - sent) if message.type == aiohttp.WSMsgType.BINARY else None


async def type_keys(websocket: aiohttp.ClientWebSocketResponse, who: Pupil, keys: list[str]) -> None:
    for key in keys:
        await asyncio.sleep(KEY_PAUSE)
        trip = await round_trip(websocket, key)
        if trip is None:
            who.unanswered.append(key)
        else:
            who.round_trips.append(trip)
        await settle(websocket)  # a pupil waits for the screen to have changed


async def pupil(session: aiohttp.ClientSession, url: str, who: Pupil, class_: Class, start: asyncio.Event) -> None:
    await start.wait()
    began = time.monotonic()
    stage = "connecting"
    try:
        async with session.ws_connect(f"{url}ws?width={WIDTH}&height={HEIGHT}", max_msg_size=0) as websocket:
            stage = "waiting for the first paint"
            await screen_until(websocket, 120, b"Who is learning")
            who.first_paint = time.monotonic() - began
            named = time.monotonic()
            await websocket.send_str(json.dumps(["stdin", f"Pupil {who.number}\r"]))  # at once: no key may be lost
            stage = "waiting for the home screen after the name"
            await screen_until(websocket, 60, f"Hello, Pupil {who.number}!".encode(), b"Lesson 1:")  # every letter arrived; home is ready
            who.name_to_home = time.monotonic() - named
            class_.reached_home()
            await settle(websocket)
            stage = "typing"
            await type_keys(websocket, who, KEYS)
            who.in_lesson = True
            class_.through_the_lesson()
            await read_until(websocket, class_.settled)
            await asyncio.sleep(KEY_PAUSE * who.number / len(class_.pupils))  # pupils do not type in step
            await type_keys(websocket, who, AFTER_KEYS)
            who.typed = True
            await read_until(websocket, class_.measured)  # every tab stays open until memory is read
    except (ConnectionError, TimeoutError, aiohttp.ClientError) as error:
        who.error = f"{stage}: {type(error).__name__} {error}".strip()
        class_.reached_home()
        class_.through_the_lesson()


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def start_serve(folder: str, port: int, pupils: int) -> subprocess.Popen[str]:
    command = [sys.executable, "-m", "tutor", "--data-dir", folder, "serve", "--port", str(port), "--max-sessions", str(pupils + 5)]
    server = subprocess.Popen(command, stdout=subprocess.PIPE, text=True, cwd=ROOT)
    assert server.stdout is not None
    print("  " + server.stdout.readline().strip())
    return server


def wait_until_settled(folder: str, seconds: float = 60.0) -> float:
    """Wait until the warm process (if any) has used no CPU for a second; how long that took."""
    began = time.monotonic()
    while not (warm := processes(folder, "tutor.serve.warm")) and time.monotonic() - began < 5:
        time.sleep(0.05)
    if not warm:
        return 0.0
    used = -1.0
    while time.monotonic() - began < seconds and (now := cpu_seconds(warm[0])) != used:
        used = now
        time.sleep(1.0)
    return time.monotonic() - began - 1.0


def start_plain(folder: str, port: int, pupils: int) -> subprocess.Popen[str]:
    app = f"env OLD_MAID_TUTOR_SERVED=1 {shlex.quote(sys.executable)} -m tutor.serve.tab --data-dir {shlex.quote(folder)}"
    code = f"from textual_serve.server import Server; Server({app!r}, host='127.0.0.1', port={port}).serve()"
    server = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, text=True, cwd=ROOT)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            break
        except OSError:
            time.sleep(0.1)
    print(f"  textual-serve is serving {app}")
    return server


def processes(folder: str, module: str) -> list[int]:
    """The processes started as `python -m MODULE` with this run's data folder."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                command = (entry / "cmdline").read_bytes().split(b"\0")
            except OSError:
                continue
            if module.encode() in command and folder.encode() in command:
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


def cpu_seconds(pid: int) -> float:
    """User and system CPU time a process has used."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


async def run_side(name: str, pupils: int) -> Side:
    port, folder = free_port(), scratch_folder(f"serve-load-{name}-")
    starter: Callable[[str, int, int], subprocess.Popen[str]] = start_serve if name == "serve" else start_plain
    server = starter(folder, port, pupils)
    print(f"  settled after {wait_until_settled(folder):.1f} s")
    url = f"http://127.0.0.1:{port}/"
    class_ = Class([Pupil(number) for number in range(1, pupils + 1)])
    start = asyncio.Event()
    try:
        async with aiohttp.ClientSession() as session:
            tasks = [asyncio.create_task(pupil(session, url, who, class_, start)) for who in class_.pupils]
            began = time.monotonic()
            start.set()
            await class_.started.wait()
            cpu_when_started = sum(cpu_seconds(pid) for pid in processes(folder, "tutor.serve.tab"))
            server_cpu_when_started = cpu_seconds(server.pid)
            while not all(who.typed or who.error for who in class_.pupils):
                await asyncio.sleep(0.2)
            apps = processes(folder, "tutor.serve.tab")
            warm = processes(folder, "tutor.serve.warm")
            memories = [memory_kib(pid) for pid in apps]
            server_memory = memory_kib(server.pid)
            warm_memory = memory_kib(warm[0]) if warm else None
            warm_cpu = cpu_seconds(warm[0]) if warm else None
            class_.measured.set()
            await asyncio.gather(*tasks)
            took = time.monotonic() - began
    finally:
        server.send_signal(signal.SIGINT)
        try:
            server.wait(timeout=60)
        except subprocess.TimeoutExpired:
            server.kill()
    return Side(name, class_, took, cpu_when_started, server_cpu_when_started, memories, server_memory, warm_memory, warm_cpu)


def summary(side: Side) -> dict[str, float]:
    """The figures compared between the sides."""
    pupils = side.class_.pupils
    paints = [who.first_paint for who in pupils if who.first_paint is not None]
    names = [who.name_to_home for who in pupils if who.name_to_home is not None]
    phases = _keys_by_phase(side)
    starting, started = phases["while the class starts"], phases["once the class has settled (the cursor)"]
    figures = {"paint": statistics.median(paints) if paints else float("nan"), "name": statistics.median(names) if names else float("nan")}
    figures["starting_p95"] = percentile(starting, 0.95) if starting else float("nan")
    figures["started_p95"] = percentile(started, 0.95) if started else float("nan")
    figures["pss"] = statistics.mean(pss for _, pss in side.memories) / 1024 if side.memories else float("nan")
    figures["cpu"] = side.cpu_when_started
    return figures


def report(side: Side) -> None:
    pupils = side.class_.pupils
    paints = [who.first_paint for who in pupils if who.first_paint is not None]
    names = [who.name_to_home for who in pupils if who.name_to_home is not None]
    print(f"{side.name}: {len(pupils)} pupils at once; all done in {side.took:.1f} s")
    if paints:
        print(f"  time to first paint: median {statistics.median(paints):.2f} s, 95th percentile {percentile(paints, 0.95):.2f} s, slowest {max(paints):.2f} s")
    if names:
        print(
            f"  name typed at once to the home screen: {len(names)} of {len(pupils)} pupils got there; "
            f"median {statistics.median(names):.2f} s, 95th percentile {percentile(names, 0.95):.2f} s"
        )
    for label, keys in _keys_by_phase(side).items():
        if keys:
            median, p95 = statistics.median(keys) * 1000, percentile(keys, 0.95) * 1000
            print(f"  key round trip {label}: median {median:.0f} ms, 95th percentile {p95:.0f} ms ({len(keys)} keys)")
    unanswered = "; ".join(f"pupil {who.number}: {' '.join(map(repr, who.unanswered))}" for who in pupils if who.unanswered)
    print(f"  keys without an answer in {KEY_WAIT:.0f} s: {sum(len(who.unanswered) for who in pupils)}" + (f" ({unanswered})" if unanswered else ""))
    cpu = f"{side.cpu_when_started:.1f} s; the server {side.server_cpu_when_started:.1f} s"
    print(f"  CPU the pupils' apps had used when the class had started: {cpu}" + _warm_cpu(side))
    _report_memory(side)
    for who in pupils:
        if who.error:
            print(f"  pupil {who.number}: {who.error}")


def _keys_by_phase(side: Side) -> dict[str, list[float]]:
    trips = [trip for who in side.class_.pupils for trip in who.round_trips]
    started, settled = side.class_.started_at, side.class_.settled_at
    return {
        "while the class starts": [took for sent, took in trips if sent < started],
        "the lesson's steps, the class started": [took for sent, took in trips if started <= sent < settled],
        "once the class has settled (the cursor)": [took for sent, took in trips if sent >= settled],
    }


def _warm_cpu(side: Side) -> str:
    return "" if side.warm_cpu is None else f" (and the warm process, once: {side.warm_cpu:.1f} s)"


def _report_memory(side: Side) -> None:
    if not side.memories:
        return
    rss = statistics.mean(m[0] for m in side.memories) / 1024
    pss = [m[1] / 1024 for m in side.memories]
    total = sum(pss) + side.server_memory[1] / 1024 + (side.warm_memory[1] / 1024 if side.warm_memory else 0)
    warm = "" if side.warm_memory is None else f", the warm process PSS {side.warm_memory[1] / 1024:.0f} MiB"
    print(f"  memory per pupil: RSS {rss:.0f} MiB, PSS mean {statistics.mean(pss):.1f} MiB, largest {max(pss):.1f} MiB ({len(pss)} app processes)")
    print(f"  the server PSS {side.server_memory[1] / 1024:.0f} MiB{warm}; the whole class (apps, server, warm process): PSS {total:.0f} MiB")


def compare(sides: list[Side]) -> None:
    if len(sides) != 2:
        return
    ours, plain = summary(sides[0]), summary(sides[1])
    print(f"{sides[0].name} against {sides[1].name}, same run:")
    for key, label in (
        ("paint", "first paint median"),
        ("name", "name to home median"),
        ("starting_p95", "key p95 while starting"),
        ("started_p95", "key p95 once settled"),
        ("cpu", "apps' CPU to start the class"),
        ("pss", "PSS per pupil"),
    ):
        print(f"  {label}: {ours[key]:.3g} against {plain[key]:.3g}: {ours[key] / plain[key]:.2f}x")


async def run(pupils: int, sides: list[str]) -> None:
    print(f"{pupils} pupils on {os.cpu_count()} cores; load average before: {os.getloadavg()[0]:.1f}")
    results = []
    for number, name in enumerate(sides):
        if number:
            await asyncio.sleep(REST_SECONDS)
        print(f"{name}: load average {os.getloadavg()[0]:.1f}")
        results.append(await run_side(name, pupils))
    for side in results:
        report(side)
    compare(results)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--pupils", type=int, default=30)
    parser.add_argument("--sides", default=",".join(SIDES), help="which servers, in this order: serve, plain or both (default serve,plain)")
    args = parser.parse_args()
    sides = [name.strip() for name in args.sides.split(",")]
    if not sides or any(name not in SIDES for name in sides):
        parser.error(f"--sides takes {', '.join(SIDES)}")
    asyncio.run(run(args.pupils, sides))


if __name__ == "__main__":
    main()
