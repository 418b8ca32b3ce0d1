"""Pupils' apps forked from the warm process (tutor.serve.warm), as the classroom server sees them.

    warm = WarmStart.for_tabs(app_argv, environment, error_log)  # None: not the tutor's tab command
    await warm.start()                               # the warm process imports the tutor meanwhile
    app = await warm.open_app(environment, errors)  # an asyncio Process; None: start it afresh
    await warm.stop()

The server becomes a child subreaper: a forked app's middle parent ends at once, so the server
adopts the app, waits for it through a pidfd (asyncio's child watcher knows only the processes
asyncio started), and the kernel ends it when the server ends. Apps are forked as their tabs come,
all at once if a whole class comes at once: limiting how many start together (tried: one per
core) let the first pupils in sooner but kept the rest waiting far longer, as the first ones'
typing took the machine.

Anything wrong with the warm process (this system cannot fork one, it cannot start, it ended, it
does not answer) is one line in the teacher's terminal, and from then on each tab starts afresh
in a new Python, as textual-serve starts it.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import signal
import socket
import sys
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import IO, Any

from tutor.serve import TAB_MODULE, WARM_MODULE
from tutor.serve.kernel import PR_SET_CHILD_SUBREAPER, prctl

READY_SECONDS = 60.0
"""How long the warm process may take to import the tutor (about a second on a quiet machine)."""
ANSWER_SECONDS = 10.0
"""How long the warm process may take to fork one app."""
STOP_SECONDS = 5.0
LARGEST_TAB_LOG = 1024 * 1024
log = logging.getLogger("tutor.serve")


def warm_argv(app_argv: Sequence[str]) -> list[str] | None:
    """The warm process's command for tabs started with `app_argv`, when that is the tutor's tab
    (`python -m tutor.serve.tab ARGS`); None for any other command, which always starts afresh."""
    if list(app_argv[:3]) != [sys.executable, "-m", TAB_MODULE]:
        return None
    return [sys.executable, "-m", WARM_MODULE, *app_argv[3:]]


def cannot_fork_here() -> str | None:
    """Why this system cannot fork pupils' apps from a warm process (and make this process their
    parent), or None when it can. Asking makes this process a child subreaper."""
    if not sys.platform.startswith("linux") or not hasattr(os, "fork"):
        return "this system cannot fork them from a warm process"
    try:
        os.close(os.pidfd_open(os.getpid()))
    except OSError:
        return "this system has no pidfd to wait for them (Linux 5.4 or newer has)"
    if not prctl(PR_SET_CHILD_SUBREAPER, 1):
        return "this system does not let the server adopt them"
    return None


@contextlib.contextmanager
def error_file(path: Path | None) -> Iterator[IO[bytes]]:
    """The file a pupil's app writes its errors to (appended, started afresh past LARGEST_TAB_LOG);
    /dev/null when there is none or it cannot be opened."""
    if path is not None:
        try:
            if path.stat().st_size > LARGEST_TAB_LOG:
                path.replace(path.with_name(path.name + ".1"))
        except OSError:
            pass
        try:
            descriptor = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT | os.O_NOFOLLOW, 0o600)
        except OSError:
            pass
        else:
            with os.fdopen(descriptor, "ab") as errors:
                yield errors
            return
    with open(os.devnull, "wb") as nowhere:
        yield nowhere


def ended_reader() -> asyncio.StreamReader:
    """A stream with nothing in it, already at its end."""
    reader = asyncio.StreamReader()
    reader.feed_eof()
    return reader


class WarmStart:
    """The warm process, started once, asked for each pupil's app (see the module's docstring)."""

    def __init__(self, argv: Sequence[str], environment: dict[str, str], error_log: Path | None = None) -> None:
        self.argv = list(argv)
        self.environment = environment
        self.error_log = error_log
        self.problem: str | None = None
        """Why the warm process is not used, once it is not."""
        self._process: asyncio.subprocess.Process | None = None
        self._socket: socket.socket | None = None
        self._ready: asyncio.Future[None] | None = None
        self._asking = asyncio.Lock()

    @classmethod
    def for_tabs(cls, app_argv: Sequence[str], environment: dict[str, str], error_log: Path | None = None) -> WarmStart | None:
        argv = warm_argv(app_argv)
        return None if argv is None else cls(argv, environment, error_log)

    @property
    def pid(self) -> int | None:
        return None if self._process is None else self._process.pid

    async def start(self) -> None:
        """Start the warm process; it gets ready while the class comes in."""
        if problem := cannot_fork_here():
            self._give_up(problem)
            return
        ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
        ours.setblocking(False)
        self._socket = ours
        try:
            with theirs, error_file(self.error_log) as errors:
                self._process = await asyncio.create_subprocess_exec(
                    *self.argv, stdin=theirs.fileno(), stdout=asyncio.subprocess.DEVNULL, stderr=errors, env=self.environment, start_new_session=True
                )
        except OSError as error:
            self._give_up(f"the warm process could not start ({error})")
            return
        self._ready = asyncio.ensure_future(self._until_ready())

    async def _until_ready(self) -> None:
        answer = await asyncio.wait_for(self._answer(), READY_SECONDS)
        if answer != {"ready": True}:
            raise ValueError(f"the warm process said {answer!r}")

    async def ready(self) -> bool:
        """Whether the warm process can fork apps, once it has imported the tutor."""
        if self._ready is None or self.problem is not None:
            return False
        try:
            await asyncio.shield(self._ready)
        except Exception as error:  # noqa: BLE001 - whatever it was, tabs start afresh
            self._give_up(self._what_went_wrong(error, "could not start"))
            return False
        return self.problem is None

    async def open_app(self, environment: dict[str, str], errors: IO[bytes]) -> ForkedApp | None:
        """A pupil's app forked with `environment` and `errors` as its stderr; None when the warm
        process cannot be used (then start the app afresh)."""
        if not await self.ready():
            return None
        asking = asyncio.ensure_future(self._fork(environment, errors))
        try:
            return await asyncio.shield(asking)  # a question asked is answered, even for a tab gone meanwhile
        except asyncio.CancelledError:
            asking.add_done_callback(_discard)
            raise
        except ForkRefused as refused:
            log.warning("A pupil's tutor starts afresh: the warm process could not fork it (%s)", refused)
        except Exception as error:  # noqa: BLE001 - whatever it was, this tab starts afresh
            self._give_up(self._what_went_wrong(error, "stopped answering"))
        return None

    async def _fork(self, environment: dict[str, str], errors: IO[bytes]) -> ForkedApp:
        """Ask the warm process for an app whose stdin and stdout are two new pipes."""
        assert self._socket is not None
        stdin, to_app = os.pipe()
        from_app, stdout = os.pipe()
        try:
            async with self._asking:  # one question at a time: answers come in order
                try:
                    request = json.dumps({"environment": environment}).encode()
                    socket.send_fds(self._socket, [request], [stdin, stdout, errors.fileno()])
                finally:
                    os.close(stdin)
                    os.close(stdout)
                answer = await asyncio.wait_for(self._answer(), ANSWER_SECONDS)
            if not isinstance(answer.get("pid"), int):
                raise ForkRefused(str(answer.get("error", answer)))
            return await ForkedApp.adopt(answer["pid"], to_app, from_app)
        except BaseException:
            for end in (to_app, from_app):
                with contextlib.suppress(OSError):
                    os.close(end)
            raise

    async def _answer(self) -> dict[str, Any]:
        assert self._socket is not None
        message = await asyncio.get_running_loop().sock_recv(self._socket, 65536)
        if not message:
            raise EOFError("the warm process ended")
        answer = json.loads(message)
        if not isinstance(answer, dict):
            raise ValueError(f"the warm process said {answer!r}")
        return answer

    def _what_went_wrong(self, error: BaseException, what: str) -> str:
        code = None if self._process is None else self._process.returncode
        ended = f", exit code {code}" if code is not None else ""
        where = f"; see {self.error_log}" if self.error_log is not None else ""
        return f"the warm process {what} ({type(error).__name__}: {error}{ended}{where})"

    def _give_up(self, problem: str) -> None:
        """No more forking: one line for the teacher; every tab from now on starts afresh."""
        if self.problem is not None:
            return
        self.problem = problem
        log.warning("Each pupil's tutor starts afresh from now on, in a new Python (slower): %s", problem)
        if self._socket is not None:
            self._socket.close()
        if self._process is not None and self._process.returncode is None:
            self._process.kill()

    async def stop(self) -> None:
        """End the warm process: it ends when its socket closes (by force if not within a moment).
        Apps it forked are not its own: they are the server's, which closes them itself."""
        if self._ready is not None:
            self._ready.cancel()
        if self._socket is not None:
            self._socket.close()
        process = self._process
        if process is None:
            return
        try:
            await asyncio.wait_for(process.wait(), STOP_SECONDS)
        except TimeoutError:
            process.kill()
            await process.wait()


def _discard(asking: asyncio.Future[ForkedApp]) -> None:
    """An app forked for a tab that went away meanwhile: ended at once."""
    if not asking.cancelled() and asking.exception() is None:
        asking.result().kill()


class ForkRefused(Exception):
    """The warm process could not fork this one app (it says why)."""


class ForkedApp(asyncio.subprocess.Process):
    """A pupil's app forked by the warm process and adopted by the server, as textual-serve's
    AppService uses an asyncio Process: its pipes, its pid, wait, kill. It is waited for through
    a pidfd, as soon as it ends, so it never lingers as a zombie."""

    def __init__(self, pid: int, pidfd: int, stdin: asyncio.StreamWriter, stdout: asyncio.StreamReader) -> None:
        # Not Process.__init__: there is no subprocess transport; what AppService uses is here.
        self.pid = pid
        self.stdin = stdin
        self.stdout = stdout
        self.stderr = ended_reader()  # its errors go to the tabs' log file, never to the server
        self._pidfd = pidfd
        loop = asyncio.get_running_loop()
        self._ended: asyncio.Future[int] = loop.create_future()
        loop.add_reader(pidfd, self._reap)

    @classmethod
    async def adopt(cls, pid: int, to_app: int, from_app: int) -> ForkedApp:
        """The app `pid`, now the server's child, with the server's ends of its stdin and stdout."""
        pidfd = os.pidfd_open(pid)
        loop = asyncio.get_running_loop()
        transport, protocol = await loop.connect_write_pipe(asyncio.streams.FlowControlMixin, open(to_app, "wb", buffering=0))
        stdin = asyncio.StreamWriter(transport, protocol, None, loop)
        stdout = asyncio.StreamReader(loop=loop)
        await loop.connect_read_pipe(lambda: asyncio.StreamReaderProtocol(stdout, loop=loop), open(from_app, "rb", buffering=0))
        return cls(pid, pidfd, stdin, stdout)

    def _reap(self) -> None:
        asyncio.get_running_loop().remove_reader(self._pidfd)
        try:
            ended = os.waitid(os.P_PIDFD, self._pidfd, os.WEXITED)
        except ChildProcessError:  # not adopted after all: how it ended is not known here
            ended = None
        os.close(self._pidfd)
        self._ended.set_result(_exit_code(ended))

    @property
    def returncode(self) -> int | None:
        return self._ended.result() if self._ended.done() else None

    async def wait(self) -> int:
        return await asyncio.shield(self._ended)

    def send_signal(self, number: int) -> None:
        if not self._ended.done():
            with contextlib.suppress(ProcessLookupError):
                signal.pidfd_send_signal(self._pidfd, number)

    def terminate(self) -> None:
        self.send_signal(signal.SIGTERM)

    def kill(self) -> None:
        self.send_signal(signal.SIGKILL)


def _exit_code(ended: os.waitid_result | None) -> int:
    """An exit code as asyncio gives it: the status, or minus the signal that ended the process."""
    if ended is None:
        return 1
    return ended.si_status if ended.si_code == os.CLD_EXITED else -ended.si_status
