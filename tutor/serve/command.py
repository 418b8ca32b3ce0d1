"""`old-maid-tutor serve`: its options, what it prints, and its exit codes (0 stopped, 1 the
class cannot be served as things are: the progress file cannot be kept, or a class on the network
has no teacher's PIN; 2 a bad option or an address that cannot be used).

Only argparse and the standard library here: the server (aiohttp, textual-serve) is imported
when a class is really served, so the rest of the command line starts as fast as before.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from tutor import language
from tutor.language import LANGUAGES, ntr, tr
from tutor.names import one_line

if TYPE_CHECKING:
    from tutor.learner.teacher import PinState

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8000
DEFAULT_MAX_SESSIONS = 30


def register(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    serve = commands.add_parser(
        "serve",
        help=tr("serve the tutor to a class: every pupil opens it in a browser tab"),
        description=tr(
            "Serve the tutor to a class: each browser tab gets its own tutor, starting at "
            "'Who is learning?'; all of them keep progress in the same place (--data-dir). "
            "Bound to anything but this computer, a class code is printed and asked for."
        ),
    )
    serve.add_argument(
        "--host",
        default=DEFAULT_HOST,
        help=tr("the address to listen on (default {host}: this computer only; 0.0.0.0 for the whole network, with a class code)").format(host=DEFAULT_HOST),
    )
    serve.add_argument("--port", type=_port, default=DEFAULT_PORT, help=tr("the port (default {port})").format(port=DEFAULT_PORT))
    serve.add_argument("--public-url", metavar="URL", type=_url, help=tr("the address pupils type, when it differs from the one listened on"))
    serve.add_argument(
        "--max-sessions",
        type=_positive,
        default=DEFAULT_MAX_SESSIONS,
        metavar="N",
        help=tr("at most this many pupils at once (default {count})").format(count=DEFAULT_MAX_SESSIONS),
    )
    serve.add_argument(
        "--lang",
        dest="class_lang",
        metavar="CODE",
        type=language.argument,
        help=tr("the language each pupil's tutor speaks until the pupil chooses their own: {languages}").format(
            languages=", ".join(f"{code} ({name})" for code, name in LANGUAGES.items())
        ),
    )
    serve.set_defaults(func=run, needs_store=False)


def class_language(code: str | None) -> list[str]:
    """The arguments that make each pupil's tutor speak `code` until the pupil chooses their own
    language (a tab's `--lang` is a default: tutor.language.ask(code, as_default=True) in a served
    tab), or none."""
    return ["--lang", code] if code else []


def _port(text: str) -> int:
    number = _number(text)
    if not 1 <= number <= 65535:
        raise argparse.ArgumentTypeError(tr("a port is a number from 1 to 65535, not {text}").format(text=text))
    return number


def _positive(text: str) -> int:
    number = _number(text)
    if number < 1:
        raise argparse.ArgumentTypeError(tr("give a number of 1 or more, not {text}").format(text=text))
    return number


def _number(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(tr("{text} is not a whole number").format(text=repr(text))) from None


def _url(text: str) -> str:
    if not text.startswith(("http://", "https://")) or len(text) <= len("https://"):
        raise argparse.ArgumentTypeError(tr("{text} is not an address like http://192.168.1.20:8000").format(text=repr(text)))
    return text.rstrip("/")


def announcement(address: str, code: str | None, max_sessions: int, progress: Path | str, pin_set: bool = True) -> list[str]:
    """What `serve` prints once it is listening; `pin_set`: whether the teacher's PIN is chosen."""
    from tutor.learner.teacher import SET_AT_THE_TERMINAL

    if code is None:
        lines = [
            tr("Old Maid Tutor is ready: open {address} in a browser on this computer.").format(address=address),
            tr("Only this computer can connect, so no class code is asked."),
        ]
    else:
        lines = [
            tr("Old Maid Tutor is ready for the class: pupils open {address}").format(address=address),
            tr("Class code: {code}   (pupils type it once; or open {link})").format(code=code, link=f"{address}?code={code}"),
        ]
    if not pin_set:
        lines.append(
            tr("No teacher's PIN yet: the teacher's view and what only the teacher may do stay closed until you set one here with: {command}").format(
                command=SET_AT_THE_TERMINAL
            )
        )
    lines += [
        ntr("Progress is kept in {place}; at most {count} pupil at once.", "Progress is kept in {place}; at most {count} pupils at once.", max_sessions).format(
            place=progress, count=max_sessions
        ),
        tr("Press Ctrl+C to stop the class (it closes every pupil's tutor)."),
    ]
    return lines


def run(args: argparse.Namespace) -> int:
    from tutor.learner.teacher import PinState, pin_state
    from tutor.serve import TAB_MODULE, classcode
    from tutor.serve.addresses import address_problem, address_to_open
    from tutor.store import open_store
    from tutor.store.opening import DATABASE_VARIABLE, FILE_NAME, data_folder, database_address

    class_lang = getattr(args, "class_lang", None) or getattr(args, "lang", None)
    if class_lang:  # the teacher hears the class's language too
        language.ask(class_lang)
    folder = data_folder(args.data_dir).absolute()
    database = database_address(getattr(args, "database", None))
    on_the_network = classcode.needs_code(args.host)
    if on_the_network and database is None and not (folder / FILE_NAME).is_file():  # no progress file yet, so no PIN: make nothing
        return _no_pin(folder, PinState.NONE)
    store = open_store(folder, waiting=lambda text: print(text, file=sys.stderr), database=database)
    if store.database_problem is not None:  # as every command: one line, and no class served
        store.close()
        print(_error(one_line(store.database_problem)), file=sys.stderr)
        return 2
    for notice in store.notices:
        print(notice, file=sys.stderr)
    kept = not store.in_memory
    pin = pin_state(store)
    where = store.where
    store.close()
    if not kept:
        print(_error(tr("the class's progress could not be kept (see above)")), file=sys.stderr)
        return 1
    if on_the_network and pin is not PinState.SET:
        return _no_pin(folder, pin, where if database is not None else None)
    if database is not None:  # every pupil's tutor on the school's database (in the environment: never shown by ps)
        os.environ[DATABASE_VARIABLE] = database
    code = classcode.new_code() if on_the_network else None
    pin_set = pin is PinState.SET
    address = address_to_open(args.host, args.port, args.public_url)
    from tutor.serve.server import TAB_LOG, ClassroomServer

    server = ClassroomServer(
        [sys.executable, "-m", TAB_MODULE, "--data-dir", str(folder), *class_language(class_lang)],
        host=args.host,
        port=args.port,
        public_url=args.public_url,
        max_sessions=args.max_sessions,
        code=code,
        announcement=announcement(address, code, args.max_sessions, where, pin_set),
        error_log=folder / TAB_LOG,
    )
    try:
        server.serve()
    except OSError as error:
        print(_error(address_problem(error, args.host, args.port)), file=sys.stderr)
        return 2
    closed = server.closed_sessions
    print(
        ntr("The class has stopped ({count} pupil's session closed).", "The class has stopped ({count} pupils' sessions closed).", closed).format(count=closed)
    )
    return 0


SCHOOL = "the school's database "
"""How `Store.where` begins for the school's database."""


def _no_pin(folder: Path, state: PinState, database: str | None = None) -> int:
    """`serve` on the network without a teacher's PIN: one line saying how to set it; exit 1."""
    import shlex

    from tutor.learner.teacher import SET_AT_THE_TERMINAL

    place = f"--data-dir {shlex.quote(str(folder))}"
    if database is not None:  # the school's database, as shown (a password is never printed: the teacher types it)
        place = f"--database {shlex.quote(database.removeprefix(SCHOOL))}"
    setting = SET_AT_THE_TERMINAL.replace("teacher pin", f"{place} teacher pin")
    print(
        _error(tr("the teacher's PIN {state}; a class on the network needs one. Set it first with: {command}").format(state=tr(state.words), command=setting)),
        file=sys.stderr,
    )
    return 1


def _error(message: str) -> str:
    return tr("{prog}: error: {message}").format(prog="old-maid-tutor serve", message=message)
