"""Text from outside is shown as text, never as markup, in every notice and warning (issue 12).

Each path that shows a path, a name or a file's contents in a toast or a dialog gets text that
Textual would read as markup, and the screen must show it exactly as written.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.app import App
from textual.widgets import Static
from textual.widgets._toast import Toast
from ui_helpers import until

from tutor.play.guided_game import GuidedGame
from tutor.settings import Settings
from tutor.store import open_store
from tutor.store import store as store_module
from tutor.ui import notices
from tutor.ui.app import TutorApp
from tutor.ui.game_screen import DAMAGED_GAME, GameScreen
from tutor.ui.store_faults import ChoiceScreen

MARKUP = ["[red]x[/red]", "[link=https:example.com]here[/link]", "[bold", "[@click=app.quit]q[/]"]
ALL_MARKUP = " ".join(MARKUP)  # one app run per path, every kind of markup at once
NAME = "Ana [red]x[/red][link=a]b[/link][bold"  # a profile name has at most 40 characters
SIZE = (120, 40)


def shown_toasts(app: App[None]) -> str:
    return " ".join(" ".join(str(toast.render()).split()) for toast in app.screen.query(Toast))


def shown_dialog(app: App[None]) -> str:
    assert isinstance(app.screen, ChoiceScreen)
    return " ".join(str(app.screen.query_one("#question", Static).render()).split())


@pytest.mark.parametrize("text", MARKUP)
async def test_the_helper_shows_markup_as_written(text: str) -> None:
    app: App[None] = App()
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        notices.notify(app, f"plain {text} end")
        notices.warn(app, f"warned {text} end")
        await pilot.pause()
        assert f"plain {text} end" in shown_toasts(app)
        assert f"warned {text} end" in shown_toasts(app)


async def test_a_data_folder_with_markup_in_its_name_is_shown_as_written(tmp_path: Path) -> None:
    text = ALL_MARKUP
    folder = tmp_path / f"kids {text} folder"
    folder.mkdir(parents=True)
    (folder / "progress.db").write_bytes(b"not a database at all" * 200)
    store = open_store(folder)
    [notice] = store.notices
    assert "was kept as" in notice
    app = TutorApp(store, store.get_or_create_profile("Ana"))
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await until(pilot, lambda: f"kids {text} folder" in shown_toasts(app))  # (toasts come in their own time)
        assert "was kept as" in shown_toasts(app)  # the notice is there, not swallowed by a link
    store.close()


async def test_a_damaged_saved_game_with_markup_in_it_is_said_plainly(store: object) -> None:
    text = ALL_MARKUP
    ana = store.get_or_create_profile("Ana")  # type: ignore[attr-defined]
    saved = GuidedGame.new(Settings(), 3).to_dict()
    saved["game"]["phase"] = text
    store.save_game(ana, saved)  # type: ignore[attr-defined]
    app = TutorApp(store, ana, start="play")  # type: ignore[arg-type]
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await until(pilot, lambda: DAMAGED_GAME in shown_toasts(app))  # the damaged text itself is never drawn
        assert isinstance(app.screen, GameScreen)


async def test_a_profile_name_with_markup_in_the_store_dialogs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(store_module, "_running", lambda host, pid: True)
    name = NAME
    first = open_store(tmp_path)
    ana = first.get_or_create_profile(name)
    first.claim(ana)
    second = open_store(tmp_path)
    app = TutorApp(second, ana)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await pilot.pause()
        assert f"{name}'s progress is open in another window" in shown_dialog(app)
        await pilot.press("l")
        await pilot.pause()
        assert f"nothing {name} does in this window is saved" in shown_toasts(app)
    second.close()
    app = TutorApp(open_store(tmp_path), ana)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await pilot.pause()
        await pilot.press("t")
        await pilot.pause()
        first.reset_profile(name)  # first was taken over: its reset is the other window's
        app.store.save_game(ana, {"turn": 1})
        await pilot.pause()
        assert f"{name}'s progress was reset in another window" in shown_dialog(app)
    app.store.close()
    first.close()


async def test_waiting_and_full_disk_warnings_show_the_folder_as_written(tmp_path: Path) -> None:
    from tutor.errors import StoreError

    store = open_store(tmp_path)
    ana = store.get_or_create_profile("Ana")
    app = TutorApp(store, ana)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await pilot.pause()
        assert store.on_fault is not None
        store.on_fault(StoreError("Progress could not be saved ([red]x[/red] [bold)."))
        await pilot.pause()
        assert "Progress could not be saved ([red]x[/red] [bold)." in shown_toasts(app)
    store.close()
