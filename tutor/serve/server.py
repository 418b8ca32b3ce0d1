"""The classroom server: textual-serve's Server, with a class code, a size limit and a clean stop.

Each browser tab that is let in gets its own app process (`TabService`), started with the served
flag (`tutor.classroom`) and the class's --data-dir, in a session of its own so that Ctrl+C at the
teacher's terminal reaches only the server, which then closes every pupil's app itself. The app is
forked from the warm process, which has imported the tutor already (tutor.serve.warm_start), or,
when that cannot be, started afresh as textual-serve starts it. The page
is our own template: nothing is loaded from outside this server, and the font xterm.js draws with
is DejaVu Sans Mono, which has every character the app uses.
"""

from __future__ import annotations

import asyncio
import json
import logging
import re
import shlex
import signal
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any

import aiohttp_jinja2
import jinja2
import textual_serve
from aiohttp import WSCloseCode, WSMsgType, web
from aiohttp.web_protocol import RequestHandler
from textual_serve.app_service import AppService
from textual_serve.server import Server, to_int

from tutor import language
from tutor.classroom import served_environment
from tutor.language import mark, ntr, tr
from tutor.serve import classcode
from tutor.serve.guards import (
    HEADER_SECONDS,
    LARGEST_INPUT,
    LARGEST_MESSAGE,
    Connections,
    KeyBudget,
    OnceAMinute,
    connection_caps,
)
from tutor.serve.warm_start import WarmStart, ended_reader, error_file

TITLE = mark("Old Maid Tutor")
"""The app's name: textual-serve's title as it is; each page shows it in the class's language."""
TEMPLATES = Path(__file__).resolve().parent / "templates"
STATICS = Path(textual_serve.__file__).resolve().parent / "static"
FONT_FOLDER = Path("/usr/share/fonts/truetype/dejavu")


HOST_HEADER = re.compile(r"[A-Za-z0-9.-]+(:[0-9]{1,5})?|\[[0-9A-Fa-f:.]+\](:[0-9]{1,5})?")
"""A Host header as a browser sends it: a name or an IPv4 address, or an IPv6 one in brackets, and a port."""


@dataclass(frozen=True)
class Face:
    name: str  # the file, served at /font/<name>
    local: str  # the name a pupil's own copy goes by
    weight: str


FACES = (Face("DejaVuSansMono.ttf", "DejaVu Sans Mono", "normal"), Face("DejaVuSansMono-Bold.ttf", "DejaVu Sans Mono Bold", "bold"))
# How long a pupil's app may take to close when asked before it is stopped by force.
STOP_SECONDS = 5.0
# Terminal sizes a tab may ask for (a huge one would make its app build a huge screen).
LARGEST_SIZE = 500
# What a tab's page says when its app ends without the server closing it (also the websocket's
# close reason, for other clients).
TAB_STOPPED = mark("This tab's tutor stopped: open the page again to carry on.")
# Why every tab closes when the teacher stops the class; the page says it instead of "open again".
CLASS_STOPPED = mark("The class has stopped. Your progress is saved.")
# (The close reasons stay these English words, whatever the class speaks: the page compares them;
# what the page shows is said in the class's language.)
# The pupils' apps' error output goes here, in the data folder, never to the teacher's terminal.
TAB_LOG = "tabs.log"
log = logging.getLogger("tutor.serve")


class TabService(AppService):
    """One pupil's app process: told it is served, started without a shell, in its own session;
    forked by `warm` when it can."""

    def __init__(self, argv: Sequence[str], *, error_log: Path | None = None, warm: WarmStart | None = None, **kwargs: Any) -> None:
        super().__init__(shlex.join(argv), **kwargs)
        self.argv = list(argv)
        self.error_log = error_log
        self.warm = warm
        self.ended = asyncio.Event()
        """Set once the app's output has ended, however the app ended."""

    def _build_environment(self, width: int = 80, height: int = 24) -> dict[str, str]:
        return served_environment(super()._build_environment(width=width, height=height))

    async def _open_app_process(self, width: int = 80, height: int = 24) -> asyncio.subprocess.Process:
        environment = self._build_environment(width=width, height=height)
        with error_file(self.error_log) as errors:
            forked = None if self.warm is None else await self.warm.open_app(environment, errors)
            process = forked or await self._start_afresh(environment, errors)
        self._process = process
        assert process.stdin is not None
        self._stdin = process.stdin
        return process

    async def _start_afresh(self, environment: dict[str, str], errors: IO[bytes]) -> asyncio.subprocess.Process:
        process = await asyncio.create_subprocess_exec(
            *self.argv,
            stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE,
            stderr=errors,
            env=environment,
            start_new_session=True,  # the teacher's Ctrl+C is for the server, which closes this app
        )
        # AppService.run copies the app's error output (a traceback with its locals) to the
        # teacher's terminal; it goes to the log file instead, so run reads an empty one.
        process.stderr = ended_reader()
        return process

    async def run(self) -> None:
        try:
            await super().run()
        finally:
            self.ended.set()

    @property
    def pid(self) -> int | None:
        return None if self._process is None else self._process.pid

    async def stop_within(self, seconds: float = STOP_SECONDS) -> None:
        """Ask the app to quit; stop it by force if it has not within `seconds`."""
        try:
            await asyncio.wait_for(self.stop(), seconds)
        except (TimeoutError, ConnectionError):
            pass
        process = self._process
        if process is None:
            return
        if process.stdin is not None:
            process.stdin.close()  # asyncio reports the end only once every pipe is closed
        try:  # killed only if it has not ended: killing an ended process would collect it behind asyncio's back
            await asyncio.wait_for(process.wait(), seconds)
        except TimeoutError:
            process.kill()
            await process.wait()


@dataclass(eq=False)
class Tab:
    websocket: web.WebSocketResponse
    service: TabService


class GuardedHandler(RequestHandler):
    """aiohttp's connection handler, counted against the caps and closed when its request is slow."""

    def __init__(self, manager: Any, connections: Connections, **kwargs: Any) -> None:
        super().__init__(manager, **kwargs)
        self.connections = connections
        self.address: str | None = None
        self.deadline: asyncio.TimerHandle | None = None

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        super().connection_made(transport)
        peer = transport.get_extra_info("peername")
        address = str(peer[0]) if peer else ""
        if not self.connections.admit(address):
            log.warning("Connections refused: too many open from one computer or in all")
            self.force_close()
            return
        self.address = address
        self.deadline = asyncio.get_running_loop().call_later(HEADER_SECONDS, self._too_slow)

    def _too_slow(self) -> None:
        if self._request_count == 0:  # not even one whole request yet
            self.force_close()

    def connection_lost(self, exc: BaseException | None) -> None:
        super().connection_lost(exc)
        if self.deadline is not None:
            self.deadline.cancel()
        if self.address is not None:
            self.connections.release(self.address)
            self.address = None


class GuardedWebServer(web.Server):
    caps: Connections

    def __call__(self) -> RequestHandler:
        return GuardedHandler(self, self.caps, loop=self._loop, **self._kwargs)


class GuardedRunner(web.AppRunner):
    """aiohttp's runner whose every connection is a GuardedHandler."""

    def __init__(self, app: web.Application, connections: Connections, **kwargs: Any) -> None:
        super().__init__(app, **kwargs)
        self.connections = connections

    async def _make_server(self) -> web.Server:
        server = await super()._make_server()
        server.__class__ = GuardedWebServer  # the same server; only its handlers are guarded
        assert isinstance(server, GuardedWebServer)
        server.caps = self.connections
        return server


class ClassroomServer(Server):
    """Serves the tutor to a class: see the module's docstring."""

    def __init__(
        self,
        app_argv: Sequence[str],
        *,
        host: str,
        port: int,
        public_url: str | None,
        max_sessions: int,
        code: str | None,
        announcement: Sequence[str],
        error_log: Path | None = None,
    ) -> None:
        super().__init__(shlex.join(app_argv), host=host, port=port, title=TITLE, public_url=public_url, statics_path=STATICS, templates_path=TEMPLATES)
        self.app_argv = list(app_argv)
        self.given_public_url = public_url
        self.max_sessions = max_sessions
        self.code = code
        self.announcement = list(announcement)
        self.doorkeeper = None if code is None else classcode.Doorkeeper(code)
        self.tickets = classcode.Tickets()
        self.connections = Connections(*connection_caps(max_sessions))
        self.error_log = error_log
        self.tabs: set[Tab] = set()
        self.warm: WarmStart | None = None
        self.stopping = False
        self.closed_sessions = 0
        self._stop = asyncio.Event()
        self._closing: set[asyncio.Future[None]] = set()

    @property
    def full(self) -> bool:
        return len(self.tabs) >= self.max_sessions

    # --- running -------------------------------------------------------------------------------

    def initialize_logging(self) -> None:
        """Plain lines in the teacher's terminal, each kind at most once a minute, no tracebacks."""
        handler = logging.StreamHandler()
        handler.setFormatter(logging.Formatter("%(message)s"))
        if not self.debug:
            handler.addFilter(OnceAMinute())
        logging.basicConfig(level=logging.DEBUG if self.debug else logging.WARNING, handlers=[handler], force=True)

    def request_exit(self) -> None:
        """Ctrl+C (or SIGTERM, SIGHUP): stop the class; more of them while it closes change nothing."""
        self.stopping = True
        self._stop.set()

    def serve(self, debug: bool = False) -> None:
        """Run until Ctrl+C. Raises OSError when the address cannot be used (a port in use...)."""
        self.debug = debug
        self.initialize_logging()
        asyncio.run(self._serve())

    async def _serve(self) -> None:
        self._stop = asyncio.Event()
        loop = asyncio.get_running_loop()
        for number in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):  # SIGHUP: the teacher's terminal closed
            loop.add_signal_handler(number, self.request_exit)
        runner = GuardedRunner(
            await self._make_app(), self.connections, handle_signals=False, access_log=None, shutdown_timeout=STOP_SECONDS, keepalive_timeout=HEADER_SECONDS
        )
        await runner.setup()
        self.warm = WarmStart.for_tabs(self.app_argv, self._tab_environment(), self.error_log)
        try:
            if self.warm is not None:
                await self.warm.start()
            await web.TCPSite(runner, self.host, self.port).start()
            if self.warm is not None:
                await self.warm.ready()  # so that the first tabs are forked at once
            for line in self.announcement:  # only once it really listens
                print(line, flush=True)
            await self._stop.wait()
        finally:
            await runner.cleanup()
            if self.warm is not None:
                await self.warm.stop()

    def _tab_environment(self) -> dict[str, str]:
        """The environment every pupil's app gets, at the default size: the warm process's own."""
        service = TabService(self.app_argv, write_bytes=_nowhere, write_str=_nowhere, close=_nowhere, download_manager=self.download_manager, debug=self.debug)
        return service._build_environment()

    async def _make_app(self) -> web.Application:
        app = web.Application()
        aiohttp_jinja2.setup(app, loader=jinja2.FileSystemLoader(self.templates_path))
        app.add_routes(
            [
                web.get("/", self.handle_index, name="index"),
                web.get("/ws", self.handle_websocket, name="websocket"),
                web.get("/ws/{ticket}", self.handle_websocket, name="websocket_with_ticket"),
                web.get("/font/{name}", self.handle_font, name="font"),
                web.get("/download/{key}", self.handle_download, name="download"),
                web.static("/static", self.statics_path, name="static"),
            ]
        )
        app.on_shutdown.append(self.on_shutdown)
        return app

    async def on_shutdown(self, app: web.Application) -> None:
        """Close every pupil's app, then their tabs' connections."""
        self.stopping = True
        tabs = list(self.tabs)
        self.closed_sessions = len(tabs)
        await asyncio.gather(*(tab.service.stop_within() for tab in tabs), return_exceptions=True)
        await asyncio.gather(*(tab.websocket.close(code=WSCloseCode.GOING_AWAY, message=CLASS_STOPPED.encode()) for tab in tabs), return_exceptions=True)
        await asyncio.gather(*self._closing, return_exceptions=True)

    # --- pages ---------------------------------------------------------------------------------

    def _notice(self, request: web.Request, kind: str, status: int) -> web.Response:
        sessions = len(self.tabs)
        context = {
            "title": tr(TITLE),
            "lang": language.current(),
            "kind": kind,
            "sessions": sessions,
            "full": ntr("The class is full: {count} pupil is learning already.", "The class is full: {count} pupils are learning already.", sessions).format(
                count=sessions
            ),
            "ask_teacher": tr("Ask your teacher, or wait until someone finishes, then try again."),
            "try_again": tr("Try again"),
            "wrong": tr("That is not the class code. Check each letter with your teacher and try again."),
            "type_code": tr("Type the class code your teacher gave you."),
            "code_label": tr("Class code:"),
            "start": tr("Start"),
        }
        response = aiohttp_jinja2.render_template("notice.html", request, context, status=status)
        response.headers["Cache-Control"] = "no-store"
        return response

    async def handle_index(self, request: web.Request) -> web.StreamResponse:
        """The class code form, the class-full page, or the app's page for a tab that is let in."""
        if self.doorkeeper is not None:
            given = request.query.get("code")
            if given is None:
                return self._notice(request, "ask", 200)
            if not await self.doorkeeper.let_in(request.remote or "", given[:40]):
                return self._notice(request, "wrong", 403)
        if self.full or self.stopping:
            return self._notice(request, "full", 503)
        context = {
            "title": tr(TITLE),
            "font_size": min(max(to_int(request.query.get("fontsize", "16"), 16), 8), 48),
            "websocket_url": self._websocket_url(request),
            "lang": language.current(),
            "starting": tr("{title} is starting…").format(title=tr(TITLE)),
            "start_again": tr("Start again"),
            "class_stopped_reason": CLASS_STOPPED,
            "class_stopped": tr(CLASS_STOPPED),
            "tab_stopped": tr(TAB_STOPPED),
            "fonts": [face for face in FACES if (FONT_FOLDER / face.name).is_file()],
        }
        response = aiohttp_jinja2.render_template("app_index.html", request, context)
        response.headers["Cache-Control"] = "no-store"
        return response

    def _websocket_url(self, request: web.Request) -> str:
        """Where the page connects: with a one-use ticket when a code was asked (never the code).
        A Host header that is no host name (empty, odd bytes) is refused: it would be the address."""
        if self.given_public_url is None and not HOST_HEADER.fullmatch(request.host):
            raise web.HTTPBadRequest(text=tr("This address is not one the classroom can answer."))
        base = (self.given_public_url or f"{request.scheme}://{request.host}").rstrip("/")
        scheme, rest = base.split(":", 1)
        path = "/ws" if self.code is None else f"/ws/{self.tickets.issue()}"
        return ("wss:" if scheme == "https" else "ws:") + rest + path

    async def handle_font(self, request: web.Request) -> web.StreamResponse:
        name = request.match_info["name"]
        for face in FACES:
            if face.name == name and (FONT_FOLDER / face.name).is_file():
                return web.FileResponse(FONT_FOLDER / face.name, headers={"Content-Type": "font/ttf", "Cache-Control": "max-age=86400"})
        raise web.HTTPNotFound()

    # --- a pupil's session ---------------------------------------------------------------------

    async def handle_websocket(self, request: web.Request) -> web.StreamResponse:  # type: ignore[override]  # refusals are plain responses
        """Start a pupil's app for a tab that gave the class code, while there is room."""
        if self.code is not None and not self.tickets.take(request.match_info.get("ticket")):
            return web.Response(status=403, text="Open the page and type the code your teacher gave you.\n")
        if self.full or self.stopping:
            return web.Response(status=503, text="The class is full.\n")
        websocket = web.WebSocketResponse(heartbeat=15, max_msg_size=LARGEST_MESSAGE)
        if not websocket.can_prepare(request).ok:  # not a websocket at all: no tab, and nothing for the teacher to read
            return web.Response(status=400, text="This address is for the tutor's page: open the page itself.\n")
        service = TabService(
            self.app_argv,
            error_log=self.error_log,
            write_bytes=websocket.send_bytes,
            write_str=websocket.send_str,
            close=lambda: self._close_socket(websocket),
            download_manager=self.download_manager,
            debug=self.debug,
            warm=self.warm,
        )
        tab = Tab(websocket, service)
        self.tabs.add(tab)  # counted before the first await: two tabs cannot take the last place
        try:
            await websocket.prepare(request)
            await service.start(_size(request.query.get("width"), 80), _size(request.query.get("height"), 24))
            watcher = asyncio.ensure_future(self._close_when_ended(tab))
            try:
                await self._process_messages(websocket, service)
            finally:
                watcher.cancel()
        except asyncio.CancelledError:
            await websocket.close()
        except Exception as error:  # noqa: BLE001 - one tab's trouble must not stop the class
            log.warning("A pupil's session stopped: %s: %s", type(error).__name__, error)
        finally:
            # aiohttp cancels this handler when the tab's connection is lost: the closing goes on.
            closing = asyncio.ensure_future(self._close(tab))
            self._closing.add(closing)
            closing.add_done_callback(self._closing.discard)
            await asyncio.shield(closing)
        return websocket

    async def _close_socket(self, websocket: web.WebSocketResponse) -> bool:
        """Close a tab's connection when its app has quit; while the class stops, saying so."""
        if self.stopping:
            return await websocket.close(code=WSCloseCode.GOING_AWAY, message=CLASS_STOPPED.encode())
        return await websocket.close()

    async def _close_when_ended(self, tab: Tab) -> None:
        """However a pupil's app ends (it quit, crashed, or was killed), its tab is closed at once
        and its place freed; the page then says the tutor stopped."""
        await tab.service.ended.wait()
        if self.stopping:
            return
        process = tab.service._process
        code = None if process is None else await process.wait()
        if code:
            log.warning(
                "A pupil's tutor stopped unexpectedly (%s); that tab was closed and its place freed%s",
                _how_it_ended(code),
                f"; any error it gave is in {self.error_log}" if self.error_log else "",
            )
        await tab.websocket.close(code=WSCloseCode.GOING_AWAY, message=TAB_STOPPED.encode())

    async def _close(self, tab: Tab) -> None:
        try:
            await tab.service.stop_within()
        finally:
            self.tabs.discard(tab)

    async def _process_messages(self, websocket: web.WebSocketResponse, app_service: AppService) -> None:
        """Keys, sizes and focus from the tab to its app, within the tab's budget; anything
        malformed or over the budget is dropped."""
        budget = KeyBudget()
        async for message in websocket:
            if message.type != WSMsgType.TEXT:
                continue
            try:
                envelope = json.loads(message.data)
            except (ValueError, RecursionError):  # not JSON, or nested too deep to read ("[[[[...")
                continue
            if not isinstance(envelope, list) or not envelope:
                continue
            kind, data = envelope[0], (envelope[1] if len(envelope) > 1 else None)
            if kind == "stdin" and isinstance(data, str):
                data = data[:LARGEST_INPUT]
            if not budget.take(max(16, len(data) if isinstance(data, str) else 0)):
                log.warning("A pupil's tab sent more than it may; the extra was dropped")
                continue
            if kind == "stdin" and isinstance(data, str):
                await app_service.send_bytes(data.encode("utf-8", "replace"))
            elif kind == "resize" and isinstance(data, dict):
                await app_service.set_terminal_size(_size(data.get("width"), 80), _size(data.get("height"), 24))
            elif kind == "ping" and isinstance(data, str):
                await websocket.send_json(["pong", data])
            elif kind == "blur":
                await app_service.blur()
            elif kind == "focus":
                await app_service.focus()


async def _nowhere(*_: object) -> None:
    pass


def _how_it_ended(code: int) -> str:
    """An app process's exit code in words: a negative code is the signal that ended it."""
    if code < 0:
        try:
            name = signal.Signals(-code).name
        except ValueError:
            name = f"signal {-code}"
        return f"ended by the system, {name}" + (": perhaps out of memory" if -code == signal.SIGKILL else "")
    return f"exit code {code}"


def _size(value: object, default: int) -> int:
    number = to_int(value, default) if isinstance(value, str) else value if isinstance(value, int) else default
    return min(max(number, 1), LARGEST_SIZE)
