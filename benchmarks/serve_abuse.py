"""The classroom server under a misbehaving client (a benchmark, not a test).

1. Half-sent requests: opens SLOW connections (from several loopback addresses, as many computers
   would) that each send a request line and one header and then nothing. Reports how many the
   server closed, and when: every one should be closed about HEADER_SECONDS after it was opened.
2. A class beside idle connections: keeps IDLE such connections open all the time (opening a new
   one whenever the server closes one) while a class of PUPILS starts as in serve_load.py, and
   reports the class's figures: the pupils should start as they do without the idle connections.

Run: .venv/bin/python benchmarks/serve_abuse.py [--slow 3000] [--idle 1000] [--pupils 30]
"""

from __future__ import annotations

import argparse
import asyncio
import signal
import socket
import statistics
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import serve_load  # noqa: E402
from scratch import scratch_folder  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
HALF_REQUEST = b"GET / HTTP/1.1\r\nHost: class\r\n"
PER_ADDRESS = 200  # under the server's cap for one address, so each connection is really held


def source(number: int) -> str:
    """The loopback address the `number`th connection comes from: 127.0.1.1, 127.0.1.2, ..."""
    return f"127.0.1.{number // PER_ADDRESS + 1}"


def start_server(pupils: int) -> tuple[subprocess.Popen[str], int]:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    folder = scratch_folder("serve-abuse-")
    server = subprocess.Popen(
        [sys.executable, "-m", "tutor", "--data-dir", folder, "serve", "--port", str(port), "--host", "127.0.0.1", "--max-sessions", str(pupils + 5)],
        stdout=subprocess.PIPE,
        text=True,
        cwd=ROOT,
    )
    assert server.stdout is not None
    print(server.stdout.readline().strip())
    print(f"settled after {serve_load.wait_until_settled(folder):.1f} s")
    return server, port


async def half_sent(port: int, number: int) -> float | None:
    """Open a connection, send half a request, and return when the server closed it (None: never, in 60 s)."""
    opened = time.monotonic()
    try:
        reader, writer = await asyncio.open_connection("127.0.0.1", port, local_addr=(source(number), 0))
        writer.write(HALF_REQUEST)
        await writer.drain()
        await asyncio.wait_for(reader.read(), 60)
        writer.close()
    except TimeoutError:
        return None
    except OSError:
        pass  # refused or reset: closed as well
    return time.monotonic() - opened


async def slow_requests(port: int, count: int) -> None:
    began = time.monotonic()
    closes = await asyncio.gather(*(half_sent(port, number) for number in range(count)))
    closed = [seconds for seconds in closes if seconds is not None]
    timed_out = [seconds for seconds in closed if seconds >= 1.0]
    print(
        f"{count} half-sent requests: {len(closed)} closed by the server, {count - len(closed)} still open after 60 s; "
        f"{len(closed) - len(timed_out)} refused at once (over a connection cap), {len(timed_out)} held and closed "
        f"after median {statistics.median(timed_out or [0]):.1f} s, slowest {max(timed_out or [0]):.1f} s "
        f"(all within {time.monotonic() - began:.1f} s)"
    )


async def hold_idle(port: int, count: int, stop: asyncio.Event, opened: list[int]) -> None:
    async def keep_one(number: int) -> None:
        while not stop.is_set():
            try:
                reader, writer = await asyncio.open_connection("127.0.0.1", port, local_addr=(source(number), 0))
                writer.write(HALF_REQUEST)
                opened[0] += 1
                done = asyncio.ensure_future(reader.read())
                await asyncio.wait([done, asyncio.ensure_future(stop.wait())], return_when=asyncio.FIRST_COMPLETED)
                done.cancel()
                writer.close()
            except OSError:
                await asyncio.sleep(0.1)

    await asyncio.gather(*(keep_one(number) for number in range(count)))


async def class_beside_idle(port: int, idle: int, pupils: int) -> None:
    stop, opened = asyncio.Event(), [0]
    holder = asyncio.create_task(hold_idle(port, idle, stop, opened))
    await asyncio.sleep(3)  # the idle connections are all open before the class starts
    url = f"http://127.0.0.1:{port}/"
    class_ = serve_load.Class([serve_load.Pupil(number) for number in range(1, pupils + 1)])
    start = asyncio.Event()
    import aiohttp

    began = time.monotonic()
    async with aiohttp.ClientSession() as session:
        tasks = [asyncio.create_task(serve_load.pupil(session, url, who, class_, start)) for who in class_.pupils]
        start.set()
        while not all(who.typed or who.error for who in class_.pupils):
            await asyncio.sleep(0.2)
        class_.measured.set()
        await asyncio.gather(*tasks)
    took = time.monotonic() - began
    stop.set()
    await holder
    print(f"beside {idle} idle connections held open the whole time ({opened[0]} opened in all):")
    serve_load.report(serve_load.Side("serve", class_, took, 0.0, 0.0, [], (0, 0), None, None))


async def run(slow: int, idle: int, pupils: int) -> None:
    server, port = start_server(pupils)
    try:
        if slow:
            await slow_requests(port, slow)
        if idle:
            await class_beside_idle(port, idle, pupils)
    finally:
        server.send_signal(signal.SIGINT)
        server.wait(timeout=60)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--slow", type=int, default=3000, help="half-sent requests to open at once")
    parser.add_argument("--idle", type=int, default=1000, help="idle connections held while the class starts")
    parser.add_argument("--pupils", type=int, default=30)
    args = parser.parse_args()
    asyncio.run(run(args.slow, args.idle, args.pupils))


if __name__ == "__main__":
    main()
