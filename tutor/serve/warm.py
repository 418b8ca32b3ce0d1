"""The warm process: one Python that has imported the tutor and Textual once, and forks a pupil's
app for each tab (`python -m tutor.serve.warm --data-dir DIR`, started by the classroom server).

A tab started afresh spends most of its start importing (about half a second of CPU; thirty of
them keep two cores busy for seconds). A tab forked from here starts with all of that done, and
shares those pages with the other tabs until it writes to them (the garbage collector is kept off
them with `gc.freeze()`, and a tab's new objects out of them: tutor.serve.pools). The course, the
mistakes' words and the quiz are read here once too, and a pupil's first minutes are rehearsed
(tutor.serve.rehearsal).

The server asks over the socket on this process's stdin (tutor.serve.warm_start): one message per
tab, the tab's environment as JSON with three descriptors (SCM_RIGHTS) for its stdin, stdout and
stderr; the answer is the new app's pid, as JSON. Once everything is imported, this process says
it is ready; it ends when the server closes the socket, or ends.

A forked tab is the tutor as `python -m tutor.serve.tab` runs it:
- the server is its parent: a middle process forks it and ends at once, so that the server (a
  child subreaper) adopts it; the kernel then ends it with the server (PR_SET_PDEATHSIG), whether
  or not this process is still there;
- a session of its own, the signal handlers of a fresh Python and no blocked signals;
- the stdin, stdout and stderr the server gave, and no other descriptor of this process;
- the environment the server gave (the terminal size with it), the tab's arguments, and the tab's
  command line (`ps` shows `python -m tutor.serve.tab ...`);
- a fresh random seed, and its own learner store, opened after the fork (this process opens none).
"""

from __future__ import annotations

import ctypes
import gc
import json
import os
import random
import signal
import socket
import sys
import threading
import time
from collections.abc import Sequence
from contextlib import suppress
from dataclasses import dataclass
from functools import partial
from pathlib import Path

from tutor.serve import TAB_MODULE, WARM_MODULE, pools, tab
from tutor.serve.rehearsal import rehearse

FRESH_HANDLERS = {number: signal.getsignal(number) for number in signal.valid_signals()}
"""The signal handlers of a fresh Python, which every tab starts with."""
READY = {"ready": True}
LARGEST_REQUEST = 1 << 20
LATER_IMPORTS = (
    "tutor.serve.tab_input",
    "concurrent.futures.thread",
    "textual.drivers.headless_driver",
    "textual.layouts.factory",
    "textual.layouts.grid",
    "textual.layouts.horizontal",
    "textual.layouts.stream",
    "textual.layouts.vertical",
    "textual.pilot",
)
"""What a tab imports only once its app runs: the tab's driver, and what Textual imports as it goes."""
ADOPTION_SECONDS = 5.0
"""How long a forked tab waits to be adopted by the server (its middle parent ends at once)."""


@dataclass
class Request:
    """One tab to fork: its environment, and its stdin, stdout and stderr from the server."""

    environment: dict[str, str]
    stdio: list[int]

    def close(self) -> None:
        for descriptor in self.stdio:
            os.close(descriptor)


def main() -> int:
    gc.disable()  # before the imports: fewer holes left by freed objects in the pages tabs share
    server = os.getppid()
    tab.end_with_the_server(server)
    tab.read_on_after_bad_input()
    try:
        control = socket.socket(fileno=0)
    except OSError:
        print("old-maid-tutor: the warm process is started by `old-maid-tutor serve`, not by hand", file=sys.stderr)
        return 2
    preload()
    if problem := unshareable():
        print(f"old-maid-tutor: the warm process cannot fork tabs: {problem}", file=sys.stderr)
        return 1
    control.send(json.dumps(READY).encode())
    speak_the_class(sys.argv[1:])
    if problem := rehearse(interrupt=control.fileno()):
        print(f"old-maid-tutor: the warm process did not rehearse a pupil's start ({problem}); tabs start a little slower", file=sys.stderr)
    if problem := unshareable():
        print(f"old-maid-tutor: after its rehearsal, the warm process cannot fork tabs: {problem}", file=sys.stderr)
        return 1
    pools.fill_heap_holes()  # a tab's own objects then copy fewer of the pages tabs share
    pools.fill_free_blocks()
    gc.freeze()
    request = serve(control)  # returns only in a forked tab
    return run_tab(request, control, server)


def preload() -> None:
    """Import what a tab runs and read what every tab reads."""
    import_what_tabs_run()
    read_what_every_tab_reads()


def import_what_tabs_run() -> None:
    """The command line, every screen and what they use, and what Textual imports as it goes."""
    import importlib
    import pkgutil

    import tutor

    for module in pkgutil.walk_packages(tutor.__path__, "tutor."):
        if module.name != "tutor.__main__" and not module.name.startswith("tutor.serve."):
            importlib.import_module(module.name)
    for name in LATER_IMPORTS:
        importlib.import_module(name)


def read_what_every_tab_reads() -> None:
    """The course (read, and checked by playing every solution through, as every tab's home screen
    does in a thread: about a second of CPU a tab would each spend again), the mistakes' words, the
    quiz questions, the decks and rich's table of character widths, each cached once read. A broken
    file is said by the tab that reads it, as before."""
    from rich.cells import cell_len

    from tutor.course.mistakes import mistake_book
    from tutor.engine.decks import all_decks
    from tutor.learner.lessons import course_for_app
    from tutor.quiz.bank import read_bank

    cell_len("♥")
    for read in (course_for_app, partial(course_for_app, replay=True), mistake_book, read_bank, all_decks):
        try:
            read()
        except Exception:  # noqa: BLE001 - not cached: the tab reads it again, and says what is wrong
            pass


def unshareable() -> str | None:
    """Why this process cannot fork tabs safely: a thread (fork copies only this one) or an open
    file a tab would inherit. None when it can."""
    if threading.active_count() > 1:
        return f"{threading.active_count()} threads are running"
    extra = sorted(set(open_descriptors()) - {0, 1, 2})
    return f"files are open ({', '.join(map(str, extra))})" if extra else None


def open_descriptors() -> list[int]:
    """This process's open descriptors (not the one the listing itself used, closed by now)."""
    return [descriptor for descriptor in map(int, os.listdir("/proc/self/fd")) if _is_open(descriptor)]


def _is_open(descriptor: int) -> bool:
    try:
        os.fstat(descriptor)
    except OSError:
        return False
    return True


def serve(control: socket.socket) -> Request:
    """Fork a tab for each request until the server closes the socket (then this process ends).
    Returns only in a forked tab: the request it was forked for."""
    while True:
        request = receive(control)
        if request is None:
            raise SystemExit(0)
        try:
            pid = fork_adopted()
        except OSError as error:
            request.close()
            control.send(json.dumps({"error": f"{type(error).__name__}: {error}"}).encode())
            continue
        if pid is None:
            return request
        request.close()
        control.send(json.dumps({"pid": pid}).encode())


def receive(control: socket.socket) -> Request | None:
    """The next request, or None once the server has closed the socket."""
    message, descriptors, _, _ = socket.recv_fds(control, LARGEST_REQUEST, 3)
    if not message:
        return None
    return Request(json.loads(message)["environment"], descriptors)


def fork_adopted() -> int | None:
    """Fork a tab through a middle process that ends at once, so that the server adopts the tab.
    Here: the tab's pid; in the tab: None."""
    sys.stdout.flush()
    sys.stderr.flush()
    reading, writing = os.pipe()
    middle = os.fork()
    if middle == 0:
        os.close(reading)
        fork_tab_and_end(writing)
        return None
    os.close(writing)
    answer = os.read(reading, 32)
    os.close(reading)
    os.waitpid(middle, 0)
    if not answer:
        raise ChildProcessError("the middle process could not fork the tab")
    return int(answer)


def fork_tab_and_end(writing: int) -> None:
    """In the middle process: fork the tab, tell the warm process its pid, end. Returns only in
    the tab: the middle process never goes back into the warm process's loop."""
    try:
        tab_pid = os.fork()
    except BaseException:  # noqa: BLE001
        os._exit(1)
    if tab_pid == 0:
        os.close(writing)
        return
    try:
        os.write(writing, str(tab_pid).encode())
    finally:
        os._exit(0)


def run_tab(request: Request, control: socket.socket, server: int) -> int:
    """In a forked tab: become the tab the server asked for, then run the tutor."""
    wait_for_adoption(server)
    tab.end_with_the_server(server)
    os.setsid()  # the teacher's Ctrl+C is for the server, which closes this app
    take_stdio(request.stdio, control)
    reset_signals()
    os.environ.clear()
    os.environ.update(request.environment)
    tab.read_on_after_bad_input()
    random.seed()  # os.fork reseeds it too; the deals must differ between pupils
    sys.argv = [tab.__file__ or TAB_MODULE, *sys.argv[1:]]
    retitle([TAB_MODULE if word == WARM_MODULE else word for word in sys.orig_argv])
    gc.enable()
    from tutor.cli import main

    return main()


def speak_the_class(argv: Sequence[str]) -> None:
    """The class's language (`--lang` in the tabs' arguments, from `serve --lang`), loaded here once
    so that the rehearsal warms it and every tab forked shares its catalogue; each tab asks for it
    again as its default (tutor.cli), so that a pupil's own setting wins."""
    from tutor import language

    for index, word in enumerate(argv[:-1]):
        if word == "--lang":
            with suppress(language.UnknownLanguage):
                language.ask(argv[index + 1], as_default=True)


def wait_for_adoption(server: int) -> None:
    """Wait until the middle process has ended and the server has adopted this tab (at once, as a
    rule); end if anyone else adopts it (the server itself has ended)."""
    middle = os.getppid()
    deadline = time.monotonic() + ADOPTION_SECONDS
    while os.getppid() == middle != server and time.monotonic() < deadline:
        time.sleep(0.001)
    if os.getppid() != server:
        os._exit(1)


def take_stdio(stdio: Sequence[int], control: socket.socket) -> None:
    """The server's descriptors as stdin, stdout and stderr, and nothing else open."""
    control.detach()  # fd 0: replaced now
    for number, descriptor in enumerate(stdio):
        os.dup2(descriptor, number)
    for descriptor in open_descriptors():
        if descriptor > 2:
            os.close(descriptor)


def reset_signals() -> None:
    signal.set_wakeup_fd(-1)
    signal.pthread_sigmask(signal.SIG_SETMASK, ())
    for number, handler in FRESH_HANDLERS.items():
        if handler is not None and signal.getsignal(number) != handler:
            signal.signal(number, handler)


def retitle(words: Sequence[str]) -> None:
    """Show `words` as this process's command line (`ps`, /proc/PID/cmdline), if they fit where
    the kernel keeps it: the arguments this process was started with, overwritten in place."""
    fields = Path("/proc/self/stat").read_text().rsplit(")", 1)[1].split()
    start, end = int(fields[45]), int(fields[46])  # arg_start and arg_end, fields 48 and 49
    title = "\0".join(words).encode() + b"\0"
    if len(title) <= end - start:
        ctypes.memmove(start, title.ljust(end - start, b"\0"), end - start)


if __name__ == "__main__":
    raise SystemExit(main())
