"""The app builds with no arguments, as `textual run tutor.ui.app:TutorApp` builds it."""

from __future__ import annotations

import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest
from textual.widgets import Input

from tutor.store import open_store
from tutor.ui.app import TutorApp
from tutor.ui.home import HomeScreen
from tutor.ui.profiles_screen import ProfilePickerScreen


async def test_the_app_with_no_arguments_uses_the_default_store_and_asks_who_is_learning(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("OLD_MAID_TUTOR_HOME", str(tmp_path / "home"))
    app = TutorApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, ProfilePickerScreen)
        app.screen.query_one(Input).value = "Noor"
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen)
    with pytest.raises(sqlite3.ProgrammingError):  # the app closed the store it opened
        app.store.profiles()
    store = open_store(tmp_path / "home")
    try:
        assert [profile.name for profile in store.profiles()] == ["Noor"]
    finally:
        store.close()


def test_textual_run_can_import_and_build_the_app(tmp_path: Path) -> None:
    """What `textual run tutor.ui.app:TutorApp` does: import the module and call the class bare."""
    script = "import tutor.ui.app as m; app = m.TutorApp(); print(type(app.store).__name__); app.store.close()"
    env = {"OLD_MAID_TUTOR_HOME": str(tmp_path), "PATH": "/usr/bin:/bin", "HOME": str(tmp_path)}
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, env=env, cwd=Path(__file__).parent.parent, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "Store"
