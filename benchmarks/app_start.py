"""Start-up time and peak memory of the tutor's home screen, beside a bare Textual app.

Run: `.venv/bin/python benchmarks/app_start.py [RUNS]`. Each run is a fresh process that starts
the app headless and exits right after the first screen is painted; the figures are medians.
Then it times how long the table screen takes to answer a key, against the same key in the bare app
(both through Textual's Pilot, whose own waiting is in both figures).
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

BARE = EXIT_AFTER_FIRST_PAINT + """
from textual.app import App
from textual.widgets import Footer, Header, Static
class Bare(App):
    def compose(self):
        yield Header()
        yield Static("Hello")
        yield Footer()
Bare().run(headless=True, auto_pilot=exit_after_first_paint)
"""

# The same imports and steps as `old-maid-tutor --profile Bench`, headless.
TUTOR = EXIT_AFTER_FIRST_PAINT + """
import sys
import tutor.cli
from tutor.store import open_store
from tutor.ui.app import TutorApp
store = open_store(sys.argv[1])
TutorApp(store, store.get_or_create_profile("Bench")).run(headless=True, auto_pilot=exit_after_first_paint)
"""

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


async def key_response(presses: int) -> tuple[float, float]:
    from dataclasses import replace

    from textual.app import App
    from textual.widgets import Footer, Header, Static

    from tutor.store import open_store
    from tutor.ui.app import TutorApp

    class Bare(App[None]):
        def compose(self):  # type: ignore[no-untyped-def]
            yield Header()
            yield Static("Hello")
            yield Footer()

    async def per_press(app: App[None], key: str) -> float:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            start = time.perf_counter()
            for _ in range(presses):
                await pilot.press(key)
            return (time.perf_counter() - start) / presses

    store = open_store(tempfile.mkdtemp())
    profile = store.get_or_create_profile("Bench")
    store.save_settings(profile, replace(store.load_settings(profile), speed="slow"))
    tutor = await per_press(TutorApp(store, profile, start="play", seed=1), "right")
    bare = await per_press(Bare(), "right")
    return tutor, bare


def main() -> None:
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 10
    data_dir = tempfile.mkdtemp()
    bare_s, bare_mib = measure(BARE, runs, data_dir)
    tutor_s, tutor_mib = measure(TUTOR, runs, data_dir)
    print(f"start to first painted screen, median of {runs} runs:")
    print(f"  bare Textual app  {bare_s * 1000:6.0f} ms  {bare_mib:5.1f} MiB peak")
    print(f"  Old Maid Tutor    {tutor_s * 1000:6.0f} ms  {tutor_mib:5.1f} MiB peak"
          f"   ({tutor_s / bare_s:.2f}x time, {tutor_mib / bare_mib:.2f}x memory)")
    tutor_key, bare_key = asyncio.run(key_response(60))
    print("answering a key (Right arrow), through Textual's Pilot:")
    print(f"  bare Textual app  {bare_key * 1000:6.1f} ms")
    print(f"  the table screen  {tutor_key * 1000:6.1f} ms")


if __name__ == "__main__":
    main()
