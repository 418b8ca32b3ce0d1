"""A rehearsal: before it forks any tab, the warm process (tutor.serve.warm) plays one pupil's first
minutes headless, on a throw-away data folder (never the class's folder or a school's database): a
name, a lesson with a wrong answer and a hint, a quiz question, a game's first moves.

A tab forked from a process that has only imported the tutor still does, on its first screens,
work that a Python does once: parsing each screen's CSS (kept per process: tutor.ui.parsed_css),
the interpreter specialising the code it runs, the caches filled on the way. Done here once, every
tab starts with it done: with the parsed CSS, a served tab's first screen took 0.19 s of CPU instead
of 0.30 s, and its home screen 0.26 s instead of 0.34 s (one tab at a time, CPU read from /proc).

A tab asked for during the rehearsal comes first: the rehearsal stops there (a class that comes
in the moment the server starts is no worse off than without one). Nothing of the rehearsal
outlives it but what it warmed: its data folder is removed, its app has ended, its threads are
waited for, and the warm process checks that no file or thread is left before it forks
(warm.unshareable).
"""

from __future__ import annotations

import asyncio
import gc
import tempfile
import threading
import warnings
from dataclasses import dataclass

REHEARSAL_SECONDS = 60.0
"""The longest a rehearsal may take (a few seconds on a quiet machine); past it, tabs are forked
without one."""
THREAD_SECONDS = 5.0
"""How long the app's threads (the home screen reads the course in one) may take to end after it."""
SIZE = (80, 24)


@dataclass(frozen=True)
class Step:
    """Keys a pupil presses, and the screen they lead to."""

    keys: tuple[str, ...]
    screen: str


STEPS = (
    Step((*"Rehearsal", "enter"), "HomeScreen"),
    Step(("l",), "LessonListScreen"),
    Step(("enter", "1", "h"), "LessonScreen"),
    Step(("escape", "2", "enter", "enter"), "LessonScreen"),
    Step(("escape", "escape"), "HomeScreen"),
    Step(("z",), "QuizScreen"),
    Step(("1", "enter", "2"), "QuizScreen"),
    Step(("escape", "y"), "HomeScreen"),  # a question answered: Escape asks first, and y (any language) leaves
    Step(("p", "enter"), "GameScreen"),
    Step(("right", "enter", "1", "2", "enter"), "GameScreen"),
    Step(("escape", "escape"), "HomeScreen"),
)
"""A pupil's first minutes. Each step's screen is checked, so a change to the app that leads the
rehearsal astray says so (a test runs it) instead of quietly rehearsing less."""


class Astray(Exception):
    """The rehearsal did not reach the screen a step leads to."""


class Interrupted(Exception):
    """A tab was asked for before the rehearsal was over."""


def rehearse(interrupt: int | None = None) -> str | None:
    """Play a pupil's first minutes, unless `interrupt` (a descriptor) has something to read first.
    None once done or interrupted, else what went wrong (the warm process forks tabs all the same)."""
    try:
        asyncio.run(_play_unless(interrupt))
    except TimeoutError:
        return f"it took more than {REHEARSAL_SECONDS:.0f} s"
    except Interrupted:
        return None
    except Exception as error:  # noqa: BLE001 - whatever went wrong, tabs start as they would without it
        return f"{type(error).__name__}: {error}"
    finally:
        _wait_for_threads()
        _collect_quietly()
    return None


async def _play_unless(interrupt: int | None) -> None:
    play = asyncio.ensure_future(asyncio.wait_for(_play(), REHEARSAL_SECONDS))
    if interrupt is None:
        await play
        return
    asked = asyncio.Event()
    loop = asyncio.get_running_loop()
    loop.add_reader(interrupt, asked.set)
    try:
        await asyncio.wait([play, asyncio.ensure_future(asked.wait())], return_when=asyncio.FIRST_COMPLETED)
    finally:
        loop.remove_reader(interrupt)
    if not play.done():
        play.cancel()
        await asyncio.gather(play, return_exceptions=True)
        raise Interrupted
    play.result()


def _collect_quietly() -> None:
    """Collect the rehearsal's garbage; an app stopped halfway leaves coroutines it never started,
    which are nobody's mistake."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)
        gc.collect()


def _wait_for_threads() -> None:
    for thread in threading.enumerate():
        if thread is not threading.current_thread():
            thread.join(THREAD_SECONDS)


async def _play() -> None:
    from tutor.store.opening import NO_DATABASE, open_store
    from tutor.ui.app import TutorApp

    with tempfile.TemporaryDirectory(prefix="old-maid-tutor-rehearsal-") as folder:
        store = open_store(folder, waiting=lambda _text: None, keep_waiting=lambda: False, database=NO_DATABASE)
        try:
            app = TutorApp(store, None)
            async with app.run_test(size=SIZE) as pilot:
                for step in STEPS:
                    await pilot.press(*step.keys)
                    await pilot.pause()
                    if type(app.screen).__name__ != step.screen:
                        raise Astray(f"keys {' '.join(step.keys)} led to {type(app.screen).__name__}, not {step.screen}")
        finally:
            store.close()
