"""`old-maid-tutor teacher pin`: the teacher sets (or changes) the teacher's PIN, at the teacher's
computer. A served tab can never set it (tutor.learner.teacher.set_pin refuses there).

At a terminal the PIN is typed twice without echo; otherwise it is read as two lines from standard
input, so a script can set it: `printf '246810\\n246810\\n' | old-maid-tutor teacher pin`.
Exit codes: 0 set, 1 not kept (the progress file cannot be written), 2 a PIN that will not do.
"""

from __future__ import annotations

import argparse
import getpass
import sys

from tutor.errors import StoreError
from tutor.language import tr
from tutor.learner.teacher import PIN_RULE, PinState, pin_problem, pin_state, set_pin
from tutor.store import Store

TRIES_AT_A_TERMINAL = 3


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    teacher = subparsers.add_parser("teacher", help=tr("the teacher's PIN (set it before serving a class)"))
    actions = teacher.add_subparsers(dest="action", required=True, metavar="ACTION")
    actions.add_parser(
        "pin",
        help=tr("set or change the teacher's PIN ({rule})").format(rule=tr(PIN_RULE)),
        description=tr(
            "Set or change the teacher's PIN ({rule}). It opens the teacher's view and lets a "
            "pupil's tab do what only the teacher may. Typed twice without echo; read as two lines "
            "from standard input when that is not a terminal."
        ).format(rule=tr(PIN_RULE)),
    ).set_defaults(func=set_teacher_pin)


def set_teacher_pin(args: argparse.Namespace, store: Store) -> int:
    if store.in_memory:
        _error(tr("the progress file cannot be written here (see above), so no PIN could be kept"))
        return 1
    changing = pin_state(store) is PinState.SET
    tries = TRIES_AT_A_TERMINAL if sys.stdin.isatty() else 1
    for tried in range(1, tries + 1):
        try:
            problem = _try_to_set(store, changing)
        except EOFError:
            _error(tr("type the PIN twice, on two lines"))
            return 2
        except StoreError as error:
            _error(str(error))
            return 1
        if not problem:
            print(tr("The teacher's PIN is changed.") if changing else tr("The teacher's PIN is set."))
            return 0
        if tried < tries:
            print(tr("{problem} Let's try again.").format(problem=problem), file=sys.stderr)
    _error(problem)
    return 2


def _try_to_set(store: Store, changing: bool) -> str:
    """Ask for the PIN twice and keep it; what is wrong, or "" once it is kept."""
    asking = tr("New teacher's PIN ({rule}): ") if changing else tr("Teacher's PIN ({rule}): ")
    pin = _read_pin(asking.format(rule=tr(PIN_RULE)))
    problem = pin_problem(pin)  # said before the PIN is asked again
    if problem:
        return problem
    return set_pin(store, pin, _read_pin(tr("The same PIN again: ")))


def _read_pin(prompt: str) -> str:
    """A PIN typed without echo at a terminal, else one line of standard input (EOFError at its end)."""
    if sys.stdin.isatty():
        return getpass.getpass(prompt)
    line = sys.stdin.readline()
    if not line:
        raise EOFError
    return line.strip()


def _error(message: str) -> None:
    print(tr("{prog}: error: {message}").format(prog="old-maid-tutor teacher pin", message=message), file=sys.stderr)
