"""`old-maid-tutor serve` in a real browser: Debian's chromium-headless-shell through Playwright.

xterm.js draws on a canvas, so the page has no text to read: each test reads the screen from the
websocket stream the app sends (`Terminal` below keeps a grid of characters from it). One browser
for the whole run, one server per module. Without the browser the tests skip, with one line;
in CI (CI=true) that is a failure. The browser is never downloaded (`playwright install` cannot
reach its site from these machines): .ci/run installs chromium-headless-shell with apt.
"""

from __future__ import annotations

import codecs
import json
import os
import re
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent
# The browser the Debian package installs (/usr/bin/chromium-headless-shell is a shell wrapper).
CHROMIUM = Path("/usr/lib/chromium/chromium-headless-shell")
VIEWPORT = {"width": 1000, "height": 700}
ESCAPE_PAUSE_MS = 400  # a key within ~0.4 s of Escape arrives as Alt+key


@pytest.fixture(scope="module")
def browser_type_launch_args() -> dict[str, Any]:
    """How this browser is launched: the Debian binary by its path, never a downloaded one."""
    if not CHROMIUM.is_file():
        reason = f"no Chromium at {CHROMIUM} (apt-get install chromium-headless-shell)"
        if os.environ.get("CI") == "true":
            pytest.fail(reason)
        pytest.skip(reason)
    return {"executable_path": str(CHROMIUM), "headless": True}


@pytest.fixture(scope="module")
def browser(browser_type_launch_args: dict[str, Any]) -> Iterator[Any]:
    """One browser for this module, started and stopped here rather than by pytest-playwright's
    session fixtures: Playwright's sync API keeps an event loop running in the thread until it
    stops, which would break every async test that the same worker runs after this module."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(**browser_type_launch_args)
        yield launched
        launched.close()


@pytest.fixture
def page(browser: Any) -> Iterator[Any]:
    context = browser.new_context(viewport=VIEWPORT)
    yield context.new_page()
    context.close()


# --- the screen, from the websocket stream ---------------------------------------------------------

ESCAPE = re.compile(r"\x1b(?:\[[0-?]*[ -/]*[@-~]|\][^\x07\x1b]*(?:\x07|\x1b\\)|[ -/]*[0-~])")
INCOMPLETE = re.compile(r"\x1b(?:\[[0-?]*[ -/]*|\][^\x07\x1b]*\x1b?|[ -/]*)?\Z")


class Terminal:
    """A grid of characters kept from the terminal output of a tab's app (positions and text;
    colours and modes are skipped)."""

    def __init__(self, width: int = 200, height: int = 80) -> None:
        self.width, self.height = width, height
        self.rows = [[" "] * width for _ in range(height)]
        self.row = self.column = 0
        self.frames = 0
        self._decoder = codecs.getincrementaldecoder("utf-8")("replace")
        self._pending = ""

    def feed(self, data: bytes | str) -> None:
        text = self._pending + (self._decoder.decode(data) if isinstance(data, bytes) else "")
        self._pending = ""
        self.frames += 1
        at = 0
        while at < len(text):
            char = text[at]
            if char == "\x1b":
                sequence = ESCAPE.match(text, at)
                if sequence is None:
                    if INCOMPLETE.match(text, at):
                        self._pending = text[at:]  # finished by the next frame
                        return
                    at += 1
                    continue
                self._escape(sequence.group())
                at = sequence.end()
                continue
            if char == "\n":
                self.row, self.column = self.row + 1, 0
            elif char == "\r":
                self.column = 0
            elif char >= " ":
                if 0 <= self.row < self.height and 0 <= self.column < self.width:
                    self.rows[self.row][self.column] = char
                self.column += 1
            at += 1

    def _escape(self, sequence: str) -> None:
        if not sequence.startswith("\x1b["):
            return
        final, body = sequence[-1], sequence[2:-1]
        if final == "H" and not body.startswith("?"):
            row, _, column = body.partition(";")
            self.row, self.column = int(row or 1) - 1, int(column or 1) - 1
        elif final == "J" and body == "2":
            self.rows = [[" "] * self.width for _ in range(self.height)]

    def text(self) -> str:
        return "\n".join("".join(row).rstrip() for row in self.rows).rstrip()


class Tab:
    """A browser tab with the tutor, and its screen."""

    def __init__(self, page: Any) -> None:
        self.page = page
        self.screen = Terminal()
        self.outside: list[str] = []
        page.on("websocket", self._watch)

    def _watch(self, websocket: Any) -> None:
        websocket.on("framereceived", self.screen.feed)

    def open(self, url: str) -> None:
        origin = url.split("/", 3)[:3]
        self.page.on(
            "request",
            lambda request: (
                None
                if request.url.split("/", 3)[:3] == origin or request.url.replace("ws", "http", 1).split("/", 3)[:3] == origin
                else self.outside.append(request.url)
            ),
        )
        self.page.goto(url)

    def wait_for(self, text: str | re.Pattern[str], seconds: float = 20) -> str:
        deadline = time.monotonic() + seconds
        while True:
            shown = self.screen.text()
            if text.search(shown) if isinstance(text, re.Pattern) else text in shown:
                self.settle()
                return self.screen.text()
            if time.monotonic() > deadline:
                raise AssertionError(f"not on the screen after {seconds} s: {text!r}\n{shown}")
            self.page.wait_for_timeout(50)

    def settle(self, quiet_ms: int = 200, seconds: float = 3) -> None:
        """Wait until the app has drawn nothing for `quiet_ms` (it is ready for the next key)."""
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            frames = self.screen.frames
            self.page.wait_for_timeout(quiet_ms)
            if self.screen.frames == frames:
                return

    def press(self, *keys: str) -> None:
        for key in keys:
            self.page.keyboard.press(key)
            if key == "Escape":
                self.page.wait_for_timeout(ESCAPE_PAUSE_MS)

    def press_until(self, key: str, text: str, tries: int = 3) -> str:
        """Press `key` until `text` shows (a key pressed while a step's widget mounts can be lost;
        pressing the same answer again changes nothing)."""
        for _ in range(tries - 1):
            self.press(key)
            try:
                return self.wait_for(text, seconds=2)
            except AssertionError:
                pass
        self.press(key)
        return self.wait_for(text)

    def type(self, text: str) -> None:
        self.page.keyboard.type(text)


# --- the server -------------------------------------------------------------------------------------


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class Serving:
    def __init__(self, data_dir: Path, *options: str) -> None:
        self.port = free_port()
        self.process = subprocess.Popen(
            [sys.executable, "-m", "tutor", "--data-dir", str(data_dir), "serve", "--port", str(self.port), *options],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            cwd=ROOT,
        )
        assert self.process.stdout is not None
        self.lines = [self.process.stdout.readline() for _ in range(2)]
        assert "is ready" in self.lines[0], (self.lines, "" if self.lines[0] else self.stop())
        self.url = f"http://127.0.0.1:{self.port}/"
        found = re.search(r"Class code: ([A-Z]+)", self.lines[1])
        self.code = found.group(1) if found else None

    def stop(self) -> str:
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGINT)
        try:
            out, err = self.process.communicate(timeout=20)
        finally:
            if self.process.poll() is None:
                self.process.kill()
        return out + err


@pytest.fixture(scope="module")
def classroom(browser_type_launch_args: dict[str, Any], tmp_path_factory: pytest.TempPathFactory) -> Iterator[Serving]:
    """A class on this computer only (no code)."""
    serving = Serving(tmp_path_factory.mktemp("class"))
    yield serving
    assert "Traceback" not in serving.stop()


@pytest.fixture(scope="module")
def network_class(browser_type_launch_args: dict[str, Any], tmp_path_factory: pytest.TempPathFactory) -> Iterator[Serving]:
    """A class bound for the whole network (so it asks a class code), with room for one pupil."""
    data_dir = tmp_path_factory.mktemp("network-class")
    set_teacher_pin(data_dir)  # a class on the network starts only once the teacher has a PIN
    serving = Serving(data_dir, "--host", "0.0.0.0", "--max-sessions", "1")
    yield serving
    assert "Traceback" not in serving.stop()


@pytest.fixture
def new_class(browser_type_launch_args: dict[str, Any], tmp_path: Path) -> Iterator[Serving]:
    """A class of its own for one test, on this computer only, with the teacher's PIN set."""
    set_teacher_pin(tmp_path / "data")
    serving = Serving(tmp_path / "data")
    yield serving
    assert "Traceback" not in serving.stop()


PIN = "246810"


def set_teacher_pin(data_dir: Path) -> None:
    """As the teacher does before the class: `old-maid-tutor teacher pin`, the PIN on two lines."""
    done = subprocess.run(
        [sys.executable, "-m", "tutor", "--data-dir", str(data_dir), "teacher", "pin"],
        input=f"{PIN}\n{PIN}\n",
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr


@pytest.fixture
def tab(page: Any) -> Tab:
    return Tab(page)


# --- the tests ------------------------------------------------------------------------------------

CARD = re.compile(r"│ *(10|[2-9AJQK])[♣♦♥♠] *│")  # a card face in the hand (boxed; the rest of the table is not)


@pytest.mark.long
def test_a_pupil_learns_plays_and_takes_the_quiz(classroom: Serving, tab: Tab) -> None:
    tab.open(classroom.url)
    assert tab.page.title() == "Old Maid Tutor"
    tab.wait_for("Who is learning?")
    faces = tab.page.evaluate("Array.from(document.fonts).map(f => [f.family, f.weight, f.status])")
    assert ["Roboto Mono", "normal", "loaded"] in faces and ["Roboto Mono", "bold", "loaded"] in faces, faces
    assert tab.page.evaluate("""document.fonts.check('16px "Roboto Mono"', '≡⌕⊘♠♣♥♦✓✗')""")  # DejaVu Sans Mono
    tab.type("Ana")  # no click first: the page gives the terminal the keyboard
    tab.press("Enter")
    tab.wait_for("Lesson 1:")  # the home's "Start here" entry, once the course is read

    tab.press("c")  # lesson 1
    tab.wait_for("Step 1 of")
    tab.press("Enter")
    tab.wait_for("How many cards")
    shown = tab.press_until("1", "Not quite")  # a full pack: wrong, and the app says why
    assert "Queen" in shown

    tab.press("Escape", "Escape", "Escape")  # the "Not quite" box, the lesson, the list of lessons
    tab.wait_for("Let's learn Old Maid")
    tab.press("p")
    tab.wait_for("Which cards shall we play with?")
    tab.press("Home", "Enter")  # the playing cards (a new pupil's first game suggests a picture deck)
    shown = tab.wait_for(re.compile(r"(?s)(│ *(10|[2-9AJQK])[♣♦♥♠] *│.*){6}"))
    hand = _hand(shown)
    pair = _first_pair(hand[:10])
    if pair is None:  # no pair among the cards with keys: saying "done" is a move the app answers too
        tab.press("d")
        deadline = time.monotonic() + 20
        while tab.screen.text() == shown:
            assert time.monotonic() < deadline, shown
            tab.page.wait_for_timeout(50)
    else:
        tab.press(*(str((index + 1) % 10) for index in pair), "Enter")
        deadline = time.monotonic() + 20
        while len(_hand(tab.screen.text())) != len(hand) - 2:
            assert time.monotonic() < deadline, f"{hand} {pair}\n{shown}\n{tab.screen.text()}"
            tab.page.wait_for_timeout(50)

    tab.press("Escape")
    tab.wait_for("Let's learn Old Maid")
    tab.press("z")
    tab.wait_for("Question 1 of")
    tab.press_until("1", "the answer")
    assert not tab.outside, tab.outside  # nothing from outside this server


def test_the_first_keys_typed_reach_the_app_without_a_click(new_class: Serving, tab: Tab) -> None:
    tab.open(new_class.url)
    tab.wait_for("What's your name?")
    assert tab.page.evaluate("document.activeElement.classList.contains('xterm-helper-textarea')")
    tab.type("Mia")
    tab.wait_for("Mia")
    tab.press("Enter")
    tab.wait_for("Lesson 1:")  # Mia's home
    assert not tab.outside, tab.outside


def test_an_export_arrives_in_the_browser_as_a_download(new_class: Serving, tab: Tab, tmp_path: Path) -> None:
    before = outside_the_data_folder(tmp_path)
    tab.open(new_class.url)
    tab.wait_for("What's your name?")
    tab.type("Zoë")
    tab.press("Enter")
    tab.wait_for("Lesson 1:")
    tab.press("ArrowDown", "ArrowDown", "ArrowDown", "ArrowDown", "ArrowDown", "Enter")  # My progress
    tab.wait_for("e Export")  # the footer of My progress (import is not offered here)
    tab.press("e")
    tab.wait_for("only the teacher can export")
    tab.type(PIN)
    with tab.page.expect_download(timeout=20_000) as arriving:
        tab.press("Enter")
    download = arriving.value
    assert download.suggested_filename == "old-maid-zoe.json"
    document = json.loads(Path(download.path()).read_text("utf-8"))
    assert document["format"] == "old-maid-tutor-profile" and document["profile"]["name"] == "Zoë"
    tab.wait_for("on its way to your browser's downloads as old-maid-zoe.json")
    assert len(tab.page.context.pages) == 1  # downloaded in place, no empty tab left behind
    assert outside_the_data_folder(tmp_path) == before  # nothing written on the server's disk beside it
    assert not tab.outside, tab.outside


def outside_the_data_folder(folder: Path) -> list[Path]:
    return sorted(path for path in folder.rglob("*") if folder / "data" not in (path, *path.parents))


def _hand(screen: str) -> list[str]:
    """The ranks of the learner's cards, in order (the hand may take more than one row)."""
    return CARD.findall(screen)


def _first_pair(ranks: list[str]) -> tuple[int, int] | None:
    for first, rank in enumerate(ranks):
        if rank in ranks[first + 1 :]:
            return first, ranks.index(rank, first + 1)
    return None


def test_the_class_code_and_a_full_class(network_class: Serving, tab: Tab, browser: Any) -> None:
    assert network_class.code is not None
    tab.open(network_class.url)
    assert tab.page.title() == "Old Maid Tutor"
    tab.page.fill("#code", "WRONG1")
    tab.page.click("button[type=submit]")
    assert tab.page.locator("#wrong").is_visible()
    assert tab.page.locator("#terminal").count() == 0 and tab.screen.frames == 0  # nothing started

    tab.page.fill("#code", network_class.code.lower())  # as a pupil might type it
    tab.page.click("button[type=submit]")
    tab.wait_for("Who is learning?")

    second = browser.new_page()  # a second pupil, with the code in the address; room for one
    try:
        second.goto(f"{network_class.url}?code={network_class.code}")
        assert second.title() == "Old Maid Tutor"
        assert "The class is full" in second.locator("#full").inner_text()
        assert second.locator("#terminal").count() == 0
    finally:
        second.close()
    assert not tab.outside, tab.outside


def test_when_the_teacher_stops_the_class_the_tab_says_so(new_class: Serving, tab: Tab) -> None:
    tab.open(new_class.url)
    tab.wait_for("What's your name?")
    new_class.stop()
    stopped = tab.page.locator(".dialog.stopped")
    stopped.wait_for(state="visible", timeout=20_000)
    assert stopped.inner_text().strip() == "The class has stopped. Your progress is saved."
    assert not tab.page.locator(".dialog.ended").is_visible()  # no "open the page again" to a page that is gone


def test_two_tabs_of_a_class_sit_at_one_table_and_play(new_class: Serving, tab: Tab, browser: Any) -> None:
    """Two pupils, each in their own tab of the served class: Mia opens table Red, Leo joins it from
    the list, Mia starts the game, and each tab shows its own hand and the other's seat. Leo types
    his name at the list of names, all three letters in one burst as a browser sends them: every
    letter must reach the name box (the first used to move the focus and the rest were lost)."""
    other = browser.new_context(viewport={"width": 1280, "height": 900})
    second = Tab(other.new_page())
    try:
        for pupil, name in ((tab, "Mia"), (second, "Leo")):
            pupil.open(new_class.url)
            pupil.wait_for(re.compile("What's your name[?]|Who is learning today[?]"))  # a letter typed at the list starts a new name
            pupil.type(name)
            pupil.press("Enter")
            pupil.wait_for("Lesson 1:")
        tab.press("o")
        tab.wait_for("At a table (T)")
        tab.press("t")
        tab.wait_for("Type a name for a new table")
        tab.press("Tab")
        tab.type("Red")
        tab.press("Enter")
        tab.wait_for("You: Mia (host)")
        second.press("o")
        second.wait_for("At a table (T)")
        second.press("t")
        second.wait_for(re.compile(r"Red\s+waiting to start"))
        second.press("Enter")
        second.wait_for("Waiting for Mia to start the game")
        tab.wait_for("On your left: Leo")
        tab.press("Enter")  # the host starts: the empty seats get computer players
        for pupil, other_name in ((tab, "Leo"), (second, "Mia")):
            shown = pupil.wait_for("dealt all 51 cards")
            assert other_name in shown and CARD.search(shown), shown
        assert not tab.outside and not second.outside
    finally:
        other.close()
