"""`old-maid-tutor lessons check [PATH...]`: check lesson files and list every problem.

Exit code 0 when every lesson is good, 1 when any file has a problem.
"""

from __future__ import annotations

import argparse


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    lessons = subparsers.add_parser("lessons", help="check the lesson files", description="Tools for the course's lesson files.")
    actions = lessons.add_subparsers(dest="action", required=True, metavar="ACTION")
    check = actions.add_parser(
        "check",
        help="check lesson files and list every problem",
        description="Check lesson files (the course shipped with the program if no PATH is given): "
        "their format, cards and rules, ids and requirements, and that each solution plays through.",
    )
    check.add_argument("paths", nargs="*", metavar="PATH", help="a lesson file, or a folder of them")
    check.set_defaults(func=check_lessons, needs_store=False)


def check_lessons(args: argparse.Namespace) -> int:
    from tutor.course import load_course

    course = load_course(args.paths or None)
    for problem in course.problems:
        print(problem)
    files, broken = len(course.entries), len(course.broken)
    if broken:
        count = len(course.problems)
        print(f"{count} problem{'s' * (count != 1)} in {broken} of {files} lesson file{'s' * (files != 1)}.")
        return 1
    print(f"{files} lesson file{'s' * (files != 1)} checked: all good.")
    return 0
