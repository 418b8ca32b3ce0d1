"""Start-up time and peak memory of the tutor's home screen, beside a bare Textual app.

Run: `.venv/bin/python benchmarks/app_start.py [RUNS]`. Each run is a fresh process that starts
the app headless and exits right after the first screen is painted; the figures are medians.
Then it times how long the table screen takes to answer a key (Right arrow moves the cursor over the
hand) from the moment the key arrives until the changed frame is ready, against two bare Textual
apps whose Right arrow changes the screen too; and the same keys through Textual's Pilot, whose
20 ms idle steps make every app that redraws cost about the same.
"""

from __future__ import annotations

import asyncio
import os
import statistics
import subprocess
import sys
import tempfile
import time

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
import sys
import tutor.cli
from tutor.store import open_store
from tutor.ui.app import TutorApp
store = open_store(sys.argv[1])
TutorApp(store, store.get_or_create_profile("Bench")).run(headless=True, auto_pilot=exit_after_first_paint)
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


def measure(code: str, runs: int, data_dir: str) -> tuple[float, float]:
    """Median wall time and peak memory of `runs` starts, after one start that warms the caches.

    Python's bytecode cache is allowed (as on a learner's machine), even where the environment
    turns it off, so both apps are measured as they start the second time and after."""
    env = {key: value for key, value in os.environ.items() if key != "PYTHONDONTWRITEBYTECODE"}
    seconds, kib = [], []
    for run in range(runs + 1):
        start = time.perf_counter()
        out = subprocess.run([sys.executable, "-c", MEASURE, code, data_dir], capture_output=True, text=True, check=True, env=env).stdout
        if run:
            seconds.append(time.perf_counter() - start)
            kib.append(float(out.split()[-1]))
    return statistics.median(seconds), statistics.median(kib) / 1024


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

    store = open_store(tempfile.mkdtemp())
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
    makers = {"the table screen (the hand's cursor moves)": tutor_table, **bare_apps()}
    return [(name, asyncio.run(key_to_frame(make(), presses)), asyncio.run(through_pilot(make(), presses))) for name, make in makers.items()]


def main() -> None:
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 10
    data_dir = tempfile.mkdtemp()
    bare_s, bare_mib = measure(BARE, runs, data_dir)
    tutor_s, tutor_mib = measure(TUTOR, runs, data_dir)
    print(f"start to first painted screen, median of {runs} runs:")
    print(f"  bare Textual app  {bare_s * 1000:6.0f} ms  {bare_mib:5.1f} MiB peak")
    print(f"  Old Maid Tutor    {tutor_s * 1000:6.0f} ms  {tutor_mib:5.1f} MiB peak   ({tutor_s / bare_s:.2f}x time, {tutor_mib / bare_mib:.2f}x memory)")
    figures = key_figures(60)
    table = figures[0][1]
    print("answering a key (Right arrow), median of 60: key to changed frame, and through Textual's Pilot")
    for name, frame, pilot in figures:
        ratio = f"   (table {table / frame:.2f}x)" if frame is not table else ""
        print(f"  {name:48} {frame * 1000:5.1f} ms  {pilot * 1000:5.1f} ms{ratio}")


if __name__ == "__main__":
    main()
