"""A random-input soak of the whole app: random keys, clicks and resizes on every screen (issue 12).

Seeded, so a failure can be replayed with its seed. `make test` drives SEEDS seeds of EVENTS
events (a few seconds); `make soak` (OLD_MAID_TUTOR_SOAK=100) drives 100 times as many seeds, each
LONGER times as long: 1 × 100 seeds × 50 × 20 events = 100,000 events. Any exception in the app
fails the test; when the app quits (a random Ctrl+Q, Escape on the first screen), a new one starts
on the same store and the count goes on.
"""

from __future__ import annotations

import random
import threading
import time
import unicodedata
from collections.abc import Callable
from pathlib import Path

import pytest
from scale import scaled
from textual import events
from textual.errors import NoWidget
from textual.keys import REPLACED_KEYS, _character_to_key, _get_unicode_name_from_key

from tutor.settings import Settings
from tutor.store import Store, open_store
from tutor.ui.app import TutorApp

SEEDS = 1
EVENTS = 50  # per seed
LONGER = 20  # under `make soak`, each seed also runs this many times as long
BURST = 8
SIZES = [(80, 24), (60, 20), (120, 40), (100, 30), (59, 19), (40, 12)]
KEYS = [
    "up",
    "down",
    "left",
    "right",
    "enter",
    "space",
    "tab",
    "shift+tab",
    "escape",
    "backspace",
    "home",
    "end",
    "pageup",
    "pagedown",
    "f1",
    "question_mark",
    "ctrl+p",
    "delete",
    *"abcdefghijklmnopqrstuvwxyz",
    *"0123456789",
    "A",
    "Q",
    "ctrl+q",
]
# The keys that move through the menus and the game, given more weight so every screen is reached.
GOING_KEYS = ["enter", "space", "down", "right", "escape", "p", "l", "z", "c", "d", "f", "1", "2", "y"]
SOAK_EVENTS = "soak_events"
START_SCREENS = [None, "play", "quiz", "lessons", "rules", "settings", "progress"]


def new_app(store: Store, rng: random.Random) -> TutorApp:
    if rng.random() < 0.15:
        return TutorApp(store, None)  # "Who is learning?" first
    profile = store.get_or_create_profile(rng.choice(["Ana", "Bo", "[red]Kit[/red]"]))
    if rng.random() < 0.5:
        store.save_settings(profile, Settings(speed="instant"))
    return TutorApp(store, profile, start=rng.choice(START_SCREENS), seed=rng.randrange(1000))


def key_event(key: str) -> events.Key:
    """The event a terminal sends for ``key`` (as Pilot.press makes it, without its waits)."""
    if len(key) == 1 and not key.isalnum():
        key = _character_to_key(key)
    try:
        char: str | None = unicodedata.lookup(_get_unicode_name_from_key(REPLACED_KEYS.get(key, key)))
    except KeyError:
        char = key if len(key) == 1 else None
    return events.Key(key, char)


async def drive(app: TutorApp, rng: random.Random, budget: int) -> int:
    """Random events until the budget is spent or the app quits; the number driven.

    Keys go straight to the app's driver in bursts of up to BURST, then the test waits for the
    screen to take them all (Pilot.press waits after every key, about ten times slower); clicks
    and resizes go through Pilot."""
    driven = 0
    size = rng.choice(SIZES[:4])
    async with app.run_test(size=size, notifications=True) as pilot:
        while driven < budget and app.is_running and app._exception is None:
            roll = rng.random()
            if roll < 0.90:
                assert app._driver is not None
                app._driver.send_message(key_event(rng.choice(GOING_KEYS if roll < 0.55 else KEYS)))
                if driven % BURST == BURST - 1:
                    await pilot.pause()
            elif roll < 0.98:
                width, height = size
                try:
                    await pilot.click(offset=(rng.randrange(width), rng.randrange(height)))
                except NoWidget:  # Pilot cannot click where no widget is: nothing was driven
                    continue
            else:
                size = rng.choice(SIZES)
                await pilot.resize_terminal(*size)
            driven += 1
            if rng.random() < 0.02:
                await pilot.pause(0.05)  # let timers (computer turns, toasts) fire now and then
        if app.is_running:
            await pilot.pause()
    assert app._exception is None
    return driven


@pytest.mark.soak
@pytest.mark.parametrize("seed", range(scaled(SEEDS)))
async def test_random_keys_clicks_and_resizes_never_crash_the_app(
    tmp_path: Path, seed: int, monkeypatch: pytest.MonkeyPatch, record_property: Callable[[str, object], None]
) -> None:
    thread_errors: list[BaseException | None] = []  # a screen's helper thread failing counts too
    monkeypatch.setattr(threading, "excepthook", lambda failed: thread_errors.append(failed.exc_value))
    rng = random.Random(seed)
    wanted = EVENTS * (LONGER if scaled(1) > 1 else 1)
    driven = apps = 0
    started = time.monotonic()
    store = open_store(tmp_path / "data")
    try:
        while driven < wanted:
            driven += await drive(new_app(store, rng), rng, wanted - driven)
            apps += 1
            if thread_errors:
                raise AssertionError(f"a thread failed: {thread_errors[0]!r}")
    except BaseException as error:  # say it at once: a long run's summary comes only at its very end
        record_property(SOAK_EVENTS, driven)
        print(f"\nsoak seed {seed}: FAILED after {driven:,} events: {type(error).__name__}: {' '.join(str(error).split())[:300]}", flush=True)
        raise
    finally:
        store.close()
    record_property(SOAK_EVENTS, driven)  # summed over every seed at the end of the run (conftest.py)
    print(f"\nsoak seed {seed}: {driven:,} events in {apps} app runs, {time.monotonic() - started:.1f} s, 0 exceptions", flush=True)
    assert driven == wanted
    assert thread_errors == []
