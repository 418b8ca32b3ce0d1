"""Start-up time and memory of the tutor, beside a bare Textual app, and how quickly it answers a key.

Run: `.venv/bin/python benchmarks/app_start.py [RUNS]`. Each start is a fresh process, and the two
apps take turns (bare, tutor, bare, tutor ...) so that a machine busy with other work slows both
alike; the figures are medians, and the ratios are what to compare between runs.

- Headless: the app runs without a terminal and exits once its first screen is painted and it has
  gone idle (Textual's auto-pilot); peak memory of that start.
- In a terminal: the real command (`python -m tutor --profile Bench`) in a pseudo-terminal of 80x24,
  timed from its start until the home screen's words arrive on the terminal; the bare app until its
  "Hello" does. Then `python -m tutor --profile Bench play --seed 1` (a new game in a fresh data
  folder): its resident memory (RSS) a moment after the game table is on the terminal, beside the
  bare app's after the same moment.
- Keys: how long the table screen takes to answer a key (Right arrow moves the cursor over the
  hand) from the moment the key arrives until the changed frame is ready, against two bare Textual
  apps whose Right arrow changes the screen too; and the same keys through Textual's Pilot, whose
  20 ms idle steps make every app that redraws cost about the same.
"""

from __future__ import annotations

import asyncio
import fcntl
import os
import select
import statistics
import struct
import subprocess
import sys
import termios
import time
from collections.abc import Callable, Sequence
from pathlib import Path

from scratch import scratch_folder

# Both apps exit through the same auto-pilot once their first screen has been painted.
EXIT_AFTER_FIRST_PAINT = """
async def exit_after_first_paint(pilot):
    await pilot.pause()
    pilot.app.exit()
"""

BARE = (
    EXIT_AFTER_FIRST_PAINT
    + """
from textual.app import App
from textual.widgets import Footer, Header, Static
class Bare(App):
    def compose(self):
        yield Header()
        yield Static("Hello")
        yield Footer()
Bare().run(headless=True, auto_pilot=exit_after_first_paint)
"""
)

# The same imports and steps as `old-maid-tutor --profile Bench`, headless.
TUTOR = (
    EXIT_AFTER_FIRST_PAINT
    + """
import gc, sys
import tutor.cli
from tutor.store import open_store
from tutor.ui.app import TutorApp
store = open_store(sys.argv[1])
app = TutorApp(store, store.get_or_create_profile("Bench"))
gc.freeze()  # as tutor.cli.command.run_app does
app.run(headless=True, auto_pilot=exit_after_first_paint)
"""
)

MEASURE = """
import resource, runpy, subprocess, sys, time
start = time.perf_counter()
code = sys.argv[1]
sys.argv = sys.argv[1:]
exec(compile(code, "<bench>", "exec"), {"__name__": "__main__"})
print(time.perf_counter() - start, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)
"""


# The bare app in a terminal, as a script of its own.
BARE_IN_TERMINAL = """
from textual.app import App
from textual.widgets import Footer, Header, Static
class Bare(App):
    def compose(self):
        yield Header()
        yield Static("Hello")
        yield Footer()
Bare().run()
"""
HOME_WORDS = b"learn Old Maid"  # the home screen's greeting: "Hello, Bench! Let's learn Old Maid."
TABLE_WORDS = b"on your left"  # under the first computer player's name on the game table
SETTLE = 1.5
"""Seconds on the screen before its memory is read: anything the app does just after its first
frame (reading files, building screens) counts."""


def environment() -> dict[str, str]:
    """Python's bytecode cache is allowed (as on a learner's machine), even where the environment
    turns it off, so both apps are measured as they start the second time and after."""
    return {key: value for key, value in os.environ.items() if key != "PYTHONDONTWRITEBYTECODE"}


def headless_start(code: str, data_dir: str) -> tuple[float, float]:
    """Seconds from starting a process running `code` until it exits after its first paint, and its peak MiB."""
    start = time.perf_counter()
    out = subprocess.run([sys.executable, "-c", MEASURE, code, data_dir], capture_output=True, text=True, check=True, env=environment()).stdout
    return time.perf_counter() - start, float(out.split()[-1]) / 1024


def in_terminal(command: Sequence[str], words: bytes, settle: float = 0.0, size: tuple[int, int] = (80, 24)) -> tuple[float, float]:
    """Run `command` in a pseudo-terminal: seconds until `words` arrive on it, and its RSS in MiB
    `settle` seconds later. The process is killed after."""
    master, slave = os.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", size[1], size[0], 0, 0))
    start = time.perf_counter()
    process = subprocess.Popen(command, stdin=slave, stdout=slave, stderr=slave, env={**environment(), "TERM": "xterm-256color"}, start_new_session=True)
    os.close(slave)
    try:
        painted = _wait_for(master, words, start)
        _drain(master, settle)
        return painted, _rss_mib(process.pid)
    finally:
        process.kill()
        process.wait()
        os.close(master)


def _wait_for(master: int, words: bytes, start: float, timeout: float = 60) -> float:
    seen = b""
    while words not in seen:
        if time.perf_counter() - start > timeout:
            raise RuntimeError(f"{words!r} never came; the terminal showed {seen[-300:]!r}")
        if select.select([master], [], [], 0.05)[0]:
            seen += os.read(master, 1 << 16)
    return time.perf_counter() - start


def _drain(master: int, seconds: float) -> None:
    """Read what the app writes for `seconds` (a terminal that is not read would stop it)."""
    until = time.perf_counter() + seconds
    while (left := until - time.perf_counter()) > 0:
        if select.select([master], [], [], left)[0]:
            os.read(master, 1 << 16)


def _rss_mib(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    raise RuntimeError("no VmRSS")


def taking_turns(runs: int, bare: Callable[[], tuple[float, float]], tutor: Callable[[], tuple[float, float]]) -> tuple[list[float], ...]:
    """(bare seconds, bare MiB, tutor seconds, tutor MiB) for `runs` starts of each, after one of
    each that warms the caches; the apps take turns."""
    figures: tuple[list[float], ...] = ([], [], [], [])
    for run in range(runs + 1):
        for offset, start in ((0, bare), (2, tutor)):
            seconds, mib = start()
            if run:
                figures[offset].append(seconds)
                figures[offset + 1].append(mib)
    return figures


def start_figures(runs: int) -> None:
    data_dir = scratch_folder()
    bare_script = Path(data_dir) / "bare_app.py"
    bare_script.write_text(BARE_IN_TERMINAL)
    bare = [sys.executable, str(bare_script)]

    def tutor(*command: str, data: str = data_dir) -> list[str]:
        return [sys.executable, "-m", "tutor", "--data-dir", data, "--profile", "Bench", *command]

    headless = taking_turns(runs, lambda: headless_start(BARE, data_dir), lambda: headless_start(TUTOR, data_dir))
    print_times(f"start to first painted screen, headless, median of {runs} runs (and peak memory)", headless, with_memory=True)
    terminal = taking_turns(runs, lambda: in_terminal(bare, b"Hello"), lambda: in_terminal(tutor(), HOME_WORDS))
    print_times(f"in a terminal: start to the first frame on it, median of {runs} runs", terminal, with_memory=False)
    new_game = ("play", "--seed", "1")  # in a fresh data folder each time: a new game, never one to resume
    table = taking_turns(runs, lambda: in_terminal(bare, b"Hello", SETTLE), lambda: in_terminal(tutor(*new_game, data=scratch_folder()), TABLE_WORDS, SETTLE))
    _, bare_mib, _, tutor_mib = (statistics.median(values) for values in table)
    print(f"in a terminal: RSS {SETTLE} s after the first frame, median of {runs} runs")
    print(f"  bare Textual app               {bare_mib:5.1f} MiB")
    print(f"  Old Maid Tutor, the game table {tutor_mib:5.1f} MiB   ({tutor_mib / bare_mib:.2f}x)")


def print_times(title: str, figures: tuple[list[float], ...], with_memory: bool) -> None:
    bare_s, bare_mib, tutor_s, tutor_mib = (statistics.median(values) for values in figures)
    print(f"{title}:")
    print(f"  bare Textual app  {bare_s * 1000:6.0f} ms" + (f"  {bare_mib:5.1f} MiB" if with_memory else ""))
    memory = (f"  {tutor_mib:5.1f} MiB", f", {tutor_mib / bare_mib:.2f}x memory") if with_memory else ("", "")
    print(f"  Old Maid Tutor    {tutor_s * 1000:6.0f} ms{memory[0]}   ({tutor_s / bare_s:.2f}x time{memory[1]})")


def bare_apps() -> dict[str, type]:
    """Two bare Textual apps that answer Right arrow by changing the screen, for the key figures:
    a Static whose text changes, and a DataTable whose cursor moves (Textual's own quickest kind
    of widget, which redraws only the two cells that change)."""
    from textual.app import App
    from textual.widgets import DataTable, Footer, Header, Static

    class BareStatic(App[None]):
        BINDINGS = [("right", "bump")]
        presses = 0

        def compose(self):  # type: ignore[no-untyped-def]
            yield Header()
            yield Static("Hello", id="hello")
            yield Footer()

        def action_bump(self) -> None:
            self.presses += 1
            self.query_one("#hello", Static).update(f"Hello {self.presses}")

    class BareTable(App[None]):
        def compose(self):  # type: ignore[no-untyped-def]
            yield Header()
            yield DataTable(cursor_type="cell")
            yield Footer()

        def on_mount(self) -> None:
            table = self.query_one(DataTable)
            table.add_columns(*"ABCDEFGHIJKLM")
            for row in range(10):
                table.add_row(*[f"{row}{column}" for column in "ABCDEFGHIJKLM"])
            table.focus()

    return {"bare Textual app, a Static's text changes": BareStatic, "bare Textual app, a DataTable's cursor moves": BareTable}


def tutor_table() -> object:
    from dataclasses import replace

    from tutor.store import open_store
    from tutor.ui.app import TutorApp

    store = open_store(scratch_folder())
    profile = store.get_or_create_profile("Bench")
    store.save_settings(profile, replace(store.load_settings(profile), speed="slow"))
    return TutorApp(store, profile, start="play", seed=1)


async def key_to_frame(app, presses: int) -> float:  # type: ignore[no-untyped-def]
    """Median time from a key arriving (as the terminal driver sends it) until Textual has the
    changed frame ready to write: `App._display` is where a headless app stops short of writing."""
    from textual import events

    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause(0.3)
        frames: list[float] = []
        display = app._display

        def timed_display(screen, renderable):  # type: ignore[no-untyped-def]
            if renderable is not None:
                frames.append(time.perf_counter())
            return display(screen, renderable)

        app._display = timed_display
        delays = []
        for _ in range(presses):
            frames.clear()
            key = events.Key("right", None)
            key.set_sender(app)
            start = time.perf_counter()
            app._driver.send_message(key)
            await asyncio.sleep(0.1)  # long enough for every frame the key causes
            if not frames:
                raise RuntimeError(f"{type(app).__name__} drew nothing for Right arrow")
            delays.append(frames[-1] - start)
        return statistics.median(delays)


async def through_pilot(app, presses: int) -> float:  # type: ignore[no-untyped-def]
    """Time per `pilot.press`, which waits in 20 ms steps until the app has been idle for one
    step: any key that changes the screen costs about three steps, whatever the app."""
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        start = time.perf_counter()
        for _ in range(presses):
            await pilot.press("right")
        return (time.perf_counter() - start) / presses


def key_figures(presses: int) -> list[tuple[str, float, float]]:
    """(app, key-to-frame seconds, seconds per Pilot press) for the table and each bare app."""
    makers: dict[str, Callable[[], object]] = {"the table screen (the hand's cursor moves)": tutor_table, **bare_apps()}
    return [(name, asyncio.run(key_to_frame(make(), presses)), asyncio.run(through_pilot(make(), presses))) for name, make in makers.items()]


def main() -> None:
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 10
    start_figures(runs)
    figures = key_figures(60)
    table = figures[0][1]
    print("answering a key (Right arrow), median of 60: key to changed frame, and through Textual's Pilot")
    for name, frame, pilot in figures:
        ratio = f"   (table {table / frame:.2f}x)" if frame is not table else ""
        print(f"  {name:48} {frame * 1000:5.1f} ms  {pilot * 1000:5.1f} ms{ratio}")


if __name__ == "__main__":
    main()
