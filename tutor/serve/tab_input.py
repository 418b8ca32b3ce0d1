"""A pupil's tab reads on after input it cannot understand.

Textual 8.2.8's input parser raises on some sequences a browser tab can send: a number too large
for a C int (``\\x1b[999999999999999999999;1H``: OverflowError) or for ``chr`` (``\\x1b[1114112u``:
ValueError) in a key sequence, or a mouse event after an in-band size of zero (``\\x1b[48;0;0;0;0t``:
ZeroDivisionError). The parser is a generator, so it is finished once it raises, and the web
driver's input thread ends with it: the tab still shows the app, but no key reaches it. The tab's
app uses `TabDriver` (see tutor.serve.tab), whose parser drops a sequence it cannot read and reads
on. To be reported upstream to Textual; drop this module once Textual reads on by itself.
"""

from __future__ import annotations

from codecs import getincrementaldecoder
from collections.abc import Iterable
from traceback import format_exc

from textual import events, log
from textual._xterm_parser import XTermParser
from textual.drivers._byte_stream import ByteStream
from textual.drivers.web_driver import WebDriver, _ExitInput
from textual.message import Message


class ReadingOnParser(XTermParser):
    """Textual's input parser, starting afresh after a sequence it raised on (which is lost)."""

    def __init__(self, debug: bool = False) -> None:
        super().__init__(debug)
        self.debug = debug

    def feed(self, data: str) -> Iterable[Message]:
        if not data:
            yield from super().feed(data)
            return
        for character in data:  # one at a time: only the sequence that raised is lost
            try:
                yield from super().feed(character)
            except Exception:
                self._start_afresh()

    def tick(self) -> Iterable[Message]:
        try:
            yield from super().tick()
        except Exception:
            self._start_afresh()

    def _start_afresh(self) -> None:
        if self._debug_log_file is not None:
            self._debug_log_file.close()
        super().__init__(self.debug)


class TabDriver(WebDriver):
    """Textual's web driver, reading with `ReadingOnParser`. A tab's size comes from the server's
    resize messages (kept within bounds there), so a size typed into the input is dropped."""

    def run_input_thread(self) -> None:
        """`WebDriver.run_input_thread` of Textual 8.2.8, with another parser and a decoder that
        replaces bytes that are not UTF-8 (Textual's raised, which ended the thread too)."""
        parser = ReadingOnParser(debug=self._debug)
        decode = getincrementaldecoder("utf-8")(errors="replace").decode
        byte_stream = ByteStream()
        try:
            for data in self._input_reader:
                for packet_type, payload in byte_stream.feed(data) if data else ():
                    if packet_type == "D":
                        self._process_all(parser.feed(decode(payload)))
                    else:
                        self._on_meta(packet_type, payload)
                self._process_all(parser.tick())
        except _ExitInput:
            pass
        except Exception:
            log(format_exc())
        finally:
            self._input_reader.close()

    def _process_all(self, messages: Iterable[Message]) -> None:
        for message in messages:
            if not isinstance(message, events.Resize):
                self.process_message(message)
