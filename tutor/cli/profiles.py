"""`old-maid-tutor profiles ...`: list, export, import and reset learner profiles; the class report.

``register`` adds the subcommand; each handler takes the parsed arguments and an open
store and returns the exit code: 0 done, 1 not done (declined, or a file could not be
written), 2 bad input.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from pathlib import Path

from tutor.errors import UnsafeTarget
from tutor.language import ntr, tr
from tutor.store import NoSuchProfile, Store

Handler = Callable[[argparse.Namespace, Store], int]


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    profiles = subparsers.add_parser("profiles", help=tr("list, export, import or reset profiles"))
    actions = profiles.add_subparsers(dest="action", required=True, metavar="ACTION")

    actions.add_parser("list", help=tr("show every profile")).set_defaults(func=list_profiles)

    export = actions.add_parser("export", help=tr("save a profile to a file"))
    export.add_argument("name", metavar="NAME")
    export.add_argument("file", metavar="FILE")
    export.set_defaults(func=export_profile)

    import_ = actions.add_parser("import", help=tr("add a profile from a file"))
    import_.add_argument("file", metavar="FILE")
    import_.set_defaults(func=import_profile)

    report = actions.add_parser("report", help=tr("save the class table (every learner's progress) as CSV"))
    report.add_argument("file", metavar="FILE.csv")
    report.set_defaults(func=class_report)

    reset = actions.add_parser("reset", help=tr("forget a profile's progress"))
    reset.add_argument("name", metavar="NAME")
    reset.add_argument("--yes", action="store_true", help=tr("do not ask first"))
    reset.set_defaults(func=reset_profile)


def list_profiles(args: argparse.Namespace, store: Store) -> int:
    profiles = store.profiles()
    if not profiles:
        print(tr("No profiles yet. Start one with: old-maid-tutor --profile NAME"))
    for profile in profiles:
        print(f"{profile.name}\t" + tr("(since {date})").format(date=f"{profile.created.astimezone():%Y-%m-%d}"))
    return 0


def export_profile(args: argparse.Namespace, store: Store) -> int:
    try:
        store.export_profile(args.name, args.file)
    except (NoSuchProfile, ValueError, UnsafeTarget) as error:
        return _fail(str(error), 2)
    except OSError as error:
        return _fail(tr("Could not write {file}: {problem}").format(file=args.file, problem=error.strerror or error), 1)
    print(tr("Saved {name} to {file}").format(name=args.name, file=args.file))
    return 0


def import_profile(args: argparse.Namespace, store: Store) -> int:
    try:
        profile = store.import_profile(args.file)
    except (ValueError, UnsafeTarget) as error:
        return _fail(str(error), 2)
    except OSError as error:
        return _fail(tr("Could not read {file}: {problem}").format(file=args.file, problem=error.strerror or error), 2)
    print(tr("Imported {file} as profile {name}").format(file=args.file, name=profile.name))
    return 0


def class_report(args: argparse.Namespace, store: Store) -> int:
    """The teacher's table as CSV, the same file the teacher's view exports."""
    from tutor.learner.class_report import class_rows, write_report
    from tutor.learner.lessons import course_for_app

    rows = class_rows(store, course_for_app(replay=False))
    try:
        write_report(Path(args.file), rows)
    except UnsafeTarget as error:
        return _fail(str(error), 2)
    except OSError as error:
        return _fail(tr("Could not write {file}: {problem}").format(file=args.file, problem=error.strerror or error), 1)
    print(
        ntr("Saved the class table ({count} learner) to {file}", "Saved the class table ({count} learners) to {file}", len(rows)).format(
            count=len(rows), file=args.file
        )
    )
    return 0


def reset_profile(args: argparse.Namespace, store: Store) -> int:
    try:
        profile = store.find_profile(args.name)
    except ValueError as error:
        return _fail(str(error), 2)
    if profile is None:
        return _fail(str(NoSuchProfile(args.name)), 2)
    if not args.yes and not _confirm(tr("Reset all progress for {name}? [y/N] ").format(name=profile.name)):
        print(tr("Nothing was reset."))
        return 1
    store.reset_profile(profile.name)
    print(tr("Reset all progress for {name}.").format(name=profile.name))
    return 0


def _confirm(question: str) -> bool:
    try:
        answer = input(question)
    except EOFError:  # no one to answer, e.g. stdin closed in a script
        print()
        return False
    return answer.strip().lower() in ("y", "yes")


def _fail(message: str, code: int) -> int:
    print(f"old-maid-tutor: {message}", file=sys.stderr)
    return code
