"""A pupil's tab reads on after input Textual cannot parse (tutor.serve.tab_input): the keys typed
after it still arrive, through the parser, the tab's driver and a real tab process."""

from __future__ import annotations

import os
import select
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from textual import events
from textual._xterm_parser import XTermParser
from textual.app import App
from textual.drivers import web_driver

from tutor.serve import tab
from tutor.serve.tab_input import ReadingOnParser, TabDriver

ROOT = Path(__file__).resolve().parent.parent
UNREADABLE = [
    "\x1b[999999999999999999999;1H",  # OverflowError: a C int
    "\x1b[1114112u",  # ValueError: chr()
    "\x1b[97;1;99999999u",  # ValueError: chr() of the text
    "\x1b[48;0;0;0;0t\x1b[<0;5;5M",  # ZeroDivisionError: a mouse event after a size of nothing
]
ODD = [*UNREADABLE, "\x1b[97;999999999999u"]  # the last one Textual 8.2.8 reads, as a key with every modifier


def keys(messages: Any) -> str:
    return "".join(message.key for message in messages if isinstance(message, events.Key) and len(message.key) == 1)


@pytest.mark.parametrize("sequence", UNREADABLE)
def test_textual_still_raises_on_these(sequence: str) -> None:
    """Why tutor.serve.tab_input is there: when this fails, Textual reads on and it may go."""
    with pytest.raises((OverflowError, ValueError, ZeroDivisionError)):
        list(XTermParser().feed(sequence + "Zed"))


@pytest.mark.parametrize("sequence", ODD)
def test_the_keys_after_an_unreadable_sequence_arrive(sequence: str) -> None:
    parser = ReadingOnParser()
    assert keys(parser.feed(sequence + "Zed")) == "Zed"
    assert keys(parser.feed(sequence)) == "" and keys(parser.feed("ok")) == "ok"


def test_the_keys_arrive_fed_one_character_at_a_time() -> None:
    parser = ReadingOnParser()
    typed = [keys(parser.feed(character)) for character in "".join(ODD) + "Zed"]
    assert "".join(typed).endswith("Zed")


class Packets:
    """Stands in for the web driver's input reader: the packets textual-serve would send."""

    def __init__(self, *packets: bytes) -> None:
        self.packets = packets

    def __iter__(self) -> Iterator[bytes]:
        return iter(self.packets)

    def close(self) -> None:
        pass


def data(text: str | bytes) -> bytes:
    """A packet of keyboard input, as textual-serve's AppService.send_bytes writes it."""
    payload = text.encode() if isinstance(text, str) else text
    return b"D" + len(payload).to_bytes(4, "big") + payload


async def test_the_tab_driver_reads_on_and_takes_no_size_from_the_keyboard(monkeypatch: pytest.MonkeyPatch) -> None:
    packets = Packets(
        *(data(sequence) for sequence in ODD), data("\x1b[48;99999;99999;1;1t"), data("Z"), b"", data(b"\xff"), data("ed")
    )  # not UTF-8: read as a replacement character
    monkeypatch.setattr(web_driver, "InputReader", lambda: packets)
    driver = TabDriver(App())  # needs a running event loop, hence async
    received: list[Any] = []
    monkeypatch.setattr(driver, "process_message", received.append)
    driver.run_input_thread()
    assert keys(received) == "Zed"
    assert not any(isinstance(message, events.Resize) for message in received)


# --- a real tab ------------------------------------------------------------------------------------


class Tab:
    """`python -m tutor.serve.tab` as textual-serve starts it: its stdin and stdout are packets."""

    def __init__(self, data_dir: Path) -> None:
        environment = dict(os.environ, TEXTUAL_DRIVER=tab.WEB_DRIVER, OLD_MAID_TUTOR_SERVED="1", COLUMNS="80", ROWS="24")
        self.process = subprocess.Popen(
            [sys.executable, "-m", "tutor.serve.tab", "--data-dir", str(data_dir)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            env=environment,
            cwd=ROOT,
        )
        self.screen = b""

    def shows(self, words: bytes, seconds: float = 30) -> bool:
        """Whether the screen shows `words` within `seconds` (what it showed before is forgotten)."""
        assert self.process.stdout is not None
        deadline = time.monotonic() + seconds
        while words not in self.screen and time.monotonic() < deadline:
            if select.select([self.process.stdout], [], [], 0.1)[0]:
                chunk = os.read(self.process.stdout.fileno(), 65536)
                if not chunk:
                    break
                self.screen += chunk
        found, self.screen = words in self.screen, b""
        return found

    def send(self, packet: bytes) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write(packet)
        self.process.stdin.flush()

    def quit(self) -> int:
        self.send(b'M\x00\x00\x00\x0f{"type":"quit"}')
        return self.process.wait(20)


@pytest.mark.skipif(sys.platform == "win32", reason="the web driver's input reader selects on a pipe")
def test_a_tab_keeps_taking_keys_after_input_it_cannot_read(tmp_path: Path) -> None:
    served = Tab(tmp_path)
    try:
        assert served.shows(b"Who is learning"), served.process.stderr.read() if served.process.stderr else ""
        for sequence in ODD:
            served.send(data(sequence))
        served.send(data("Zed"))
        assert served.shows(b"Zed", 10)
        assert served.quit() == 0  # the quit message still arrives too
    finally:
        if served.process.poll() is None:
            served.process.kill()
            served.process.wait()


def test_only_textual_serves_web_driver_is_replaced() -> None:
    asked = {"TEXTUAL_DRIVER": tab.WEB_DRIVER}
    tab.read_on_after_bad_input(asked)
    assert asked == {"TEXTUAL_DRIVER": tab.TAB_DRIVER}
    for other in ({}, {"TEXTUAL_DRIVER": "my.driver:Mine"}):
        before = dict(other)
        tab.read_on_after_bad_input(other)
        assert other == before
