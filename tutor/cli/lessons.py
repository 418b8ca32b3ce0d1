"""`old-maid-tutor lessons check [PATH...]`: check the course files and list every problem.

With no PATH: the whole course shipped with the program (every lesson, `quiz.yaml`,
`mistakes.yaml` and the picture decks in `decks/`), and each language's catalogue (`tutor/locale/*/LC_MESSAGES/tutor.po`)
with the course as it reads in that language. A `.po` file is checked as a catalogue. A folder: its lesson files, its quiz.yaml and
mistakes.yaml if it has them, and its `decks/*.yaml` (a folder named `decks`: its deck files). A file named quiz.yaml or mistakes.yaml is
checked as one, a .yaml file in a folder named `decks` as a picture deck, any other file as a lesson.
Exit code 0 when every file is good, 1 when any file has a problem.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from tutor.language import ntr, tr

QUIZ, MISTAKES = "quiz.yaml", "mistakes.yaml"


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    lessons = subparsers.add_parser("lessons", help=tr("check the course files"), description=tr("Tools for the course's files."))
    actions = lessons.add_subparsers(dest="action", required=True, metavar="ACTION")
    check = actions.add_parser(
        "check",
        help=tr("check lesson, quiz, mistake and deck files and list every problem"),
        description=tr(
            "Check the course files (the course shipped with the program if no PATH is given: every lesson, "
            "quiz.yaml, mistakes.yaml and the picture decks): their format, cards and rules, ids and requirements, and "
            "that each lesson's solution plays through."
        ),
    )
    check.add_argument(
        "paths",
        nargs="*",
        metavar="PATH",
        help=tr("a lesson, quiz.yaml, mistakes.yaml, decks/*.yaml or a language's .po file, or a folder of them"),
    )
    check.set_defaults(func=check_lessons, needs_store=False)


def check_lessons(args: argparse.Namespace) -> int:
    from tutor.catalogue import check_catalogue, course_problems_in, shipped_catalogues
    from tutor.course import Problem, load_course
    from tutor.course.decks import check_deck_files, deck_files_in
    from tutor.course.mistakes import check_mistakes_file
    from tutor.language import LANGUAGES
    from tutor.quiz.bank import check_quiz_file

    paths = [Path(path) for path in args.paths]
    catalogues = [(path, str(path)) for path in paths if path.suffix == ".po"]
    paths = [path for path in paths if path.suffix != ".po"]
    deck_files = [path for path in paths if _is_deck_file(path)]
    deck_files += [file for path in paths if path.is_dir() for file in deck_files_in(path)]
    deck_files += [file for path in paths if path.is_dir() and path.name == "decks" for file in sorted(path.glob("*.yaml"))]
    paths = [path for path in paths if not _is_deck_file(path) and not (path.is_dir() and path.name == "decks")]
    lesson_paths = [path for path in paths if path.name not in (QUIZ, MISTAKES) or path.is_dir()]
    quiz_files = [path for path in paths if path.name == QUIZ and not path.is_dir()]
    quiz_files += [path / QUIZ for path in paths if path.is_dir() and (path / QUIZ).exists()]
    mistake_files = [path for path in paths if path.name == MISTAKES and not path.is_dir()]
    mistake_files += [path / MISTAKES for path in paths if path.is_dir() and (path / MISTAKES).exists()]

    course = load_course(lesson_paths or None) if lesson_paths or not (paths or deck_files or catalogues) else None
    problems: list[Problem] = list(course.problems) if course else []
    files = len(course.entries) if course else 0
    broken = len(course.broken) if course else 0
    lesson_ids = {entry.id for entry in load_course(replay=False).entries if entry.id}
    if course:
        lesson_ids |= {entry.id for entry in course.entries if entry.id}
    others: list[list[Problem]] = []
    if not paths and not deck_files and not catalogues:
        others = [check_quiz_file(), check_mistakes_file(lessons=lesson_ids)]
        others += [found for _, found in check_deck_files()]
        catalogues = shipped_catalogues()
        # The course read again in each language: a problem there is its course file's (a quiz
        # reason said twice in German is quiz.yaml's), so those files count as broken.
        languages = [path.parent.parent.name for path, _ in catalogues if path.parent.parent.name in LANGUAGES]
        in_languages = [problem for code in languages for problem in course_problems_in(code)]
        problems += in_languages
        broken += len({problem.path for problem in in_languages} - {problem.path for problem in problems if problem not in in_languages})
    else:
        others = [check_quiz_file(path) for path in quiz_files]
        others += [check_mistakes_file(path, str(path), lesson_ids) for path in mistake_files]
        others += [found for _, found in check_deck_files(deck_files)] if deck_files else []
    others += [check_catalogue(path, shown) for path, shown in catalogues]
    for found in others:
        problems += found
        files += 1
        broken += bool(found)
    for problem in problems:
        print(problem)
    if broken:
        count = len(problems)
        in_files = ntr("{broken} of {files} course file", "{broken} of {files} course files", files).format(broken=broken, files=files)
        print(ntr("{count} problem in {files}.", "{count} problems in {files}.", count).format(count=count, files=in_files))
        return 1
    print(ntr("{count} course file checked: all good.", "{count} course files checked: all good.", files).format(count=files))
    return 0


def _is_deck_file(path: Path) -> bool:
    """A picture deck file: a .yaml file in a folder named `decks`."""
    return path.parent.name == "decks" and path.suffix == ".yaml" and not path.is_dir()
