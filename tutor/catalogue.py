"""Babel's extractor for the course files: every text a learner reads from a lesson, `quiz.yaml`,
`mistakes.yaml` or a picture deck becomes a message of the catalogue, with its file and line.

It reads each file with the course's own parser (`tutor.course.source.hearing`), so the catalogue
holds exactly the words the tutor looks up: nothing a parser skips, nothing it reads missed.
`babel.cfg` names it for `pybabel extract`.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Iterator, Mapping
from pathlib import Path
from typing import IO, Any

from tutor.course.problems import Problem
from tutor.course.source import hearing

Message = tuple[int, str | None, str | tuple[str, ...], list[str]]


def extract_course(fileobj: IO[bytes], keywords: Mapping[str, Any], comment_tags: Collection[str], options: Mapping[str, Any]) -> Iterator[Message]:
    """Babel's extractor interface: (line, function, message, comments) for each text of the file."""
    name = Path(getattr(fileobj, "name", "lesson.yaml"))
    text = fileobj.read().decode("utf-8")
    with hearing() as heard:
        _parse(name, text)
    if not heard and text.strip():  # unreadable (broken YAML): its words would leave every catalogue
        raise ValueError(f"{name}: no words could be read from it; `old-maid-tutor lessons check` says why")
    seen: set[str] = set()
    for line, words in heard:
        if words not in seen:
            seen.add(words)
            yield line, None, words, []


def _parse(name: Path, text: str) -> None:
    shown = f"lessons/{name.name}" if name.parent.name != "decks" else f"lessons/decks/{name.name}"
    if name.parent.name == "decks":
        from tutor.course.decks import read_deck_file

        read_deck_file(name, shown)
    elif name.name == "quiz.yaml":
        from tutor.quiz.bank import parse_bank

        parse_bank(text, shown)
    elif name.name == "mistakes.yaml":
        from tutor.course.mistakes import read_mistakes

        read_mistakes(text, shown)
    else:
        from tutor.course.parse import parse_lesson

        parse_lesson(text, shown)


# ----- checking a language's catalogue --------------------------------------------------------

PLACEHOLDER = re.compile(r"(?<!\{)\{([a-z_][a-z0-9_]*)\}(?!\})")
MARKUP = re.compile(r"\[/?[a-z][a-z ]*\]")
LABEL_LENGTH = 24
"""An English message this short, in one line, is a label (a button, a key's name, a column):
its translation must fit the same 60-column layouts, so at most `LABEL_ROOM` columns."""
LABEL_ROOM = 30
LINE_ROOM = 56
"""At 60x20 a line of its own (a title, a row of a table) has 56 columns inside its borders."""


def check_catalogue(path: Path, shown: str | None = None) -> list[Problem]:
    """Everything wrong with one language's `.po` file, each at its line: an entry missing or
    fuzzy, a placeholder ({cards}) or markup ([b]) lost or added, the wrong number of plural
    forms, or a line too long for the smallest layout (60x20)."""
    from babel.messages.pofile import PoFileError, read_po

    shown = shown or str(path)
    try:
        with path.open("rb") as file:
            catalogue = read_po(file, abort_invalid=True)
    except (OSError, PoFileError, ValueError) as error:
        return [Problem(shown, 1, "", f"cannot be read: {error}")]
    problems: list[Problem] = []
    for message in catalogue:
        if not message.id:
            continue
        ids = tuple(str(part) for part in (message.id if isinstance(message.id, (tuple, list)) else (message.id,)))
        strings = tuple(str(part or "") for part in (message.string if isinstance(message.string, (tuple, list)) else (message.string,)))
        field = f"msgid {_short(ids[0])}"
        line = message.lineno or 1
        for problem in _entry_problems(ids, strings, message.fuzzy, catalogue.num_plurals):
            problems.append(Problem(shown, line, field, problem))
    return problems


def _entry_problems(ids: tuple[str, ...], strings: tuple[str, ...], fuzzy: bool, plurals: int) -> Iterator[str]:
    if fuzzy:
        yield "fuzzy: check the translation, then remove the fuzzy flag"
    if not all(strings):
        yield "not translated yet"
        return
    if len(ids) > 1 and len(strings) != plurals:
        yield f"{len(strings)} plural forms, but the language has {plurals}"
    english = ids[-1] if len(ids) > 1 else ids[0]
    may_drop = {"count"} if len(ids) > 1 else set()  # a form may say "one" (or "eine") for {count}
    for said in strings:
        yield from _compare(english, said, "placeholder", PLACEHOLDER, may_drop)
        yield from _compare(english, said, "markup", MARKUP, set())
        yield from _too_long(ids[0], said)


def _compare(english: str, said: str, what: str, pattern: re.Pattern[str], may_drop: set[str]) -> Iterator[str]:
    wanted, found = set(pattern.findall(english)), set(pattern.findall(said))
    for name in sorted(wanted - found - may_drop):
        yield f"the {what} {_brace(name, what)} is missing from the translation"
    for name in sorted(found - wanted):
        yield f"the {what} {_brace(name, what)} is not in the English: the tutor cannot fill it"


def _too_long(english: str, said: str) -> Iterator[str]:
    if "\n" not in english and len(english) <= LABEL_LENGTH and len(said) > LABEL_ROOM:
        yield f"{len(said)} characters for a label of {len(english)}: at most {LABEL_ROOM} fit the 60x20 layout"
    for english_line, said_line in zip(english.split("\n"), said.split("\n"), strict=False):
        if len(english_line) <= LINE_ROOM < len(said_line) and " " not in said_line.strip():
            yield f"a line of {len(said_line)} characters with no space to wrap at: at most {LINE_ROOM} fit at 60x20"


def _brace(name: str, what: str) -> str:
    return f"{{{name}}}" if what == "placeholder" else name


def _short(text: str) -> str:
    text = " ".join(text.split())
    return repr(text if len(text) <= 40 else text[:37] + "...")


def shipped_catalogues() -> list[tuple[Path, str]]:
    """Each language's catalogue shipped with the program, with the path `lessons check` shows."""
    from tutor.language import LOCALE_DIR

    return [(path, f"tutor/locale/{path.relative_to(LOCALE_DIR)}") for path in sorted(LOCALE_DIR.glob("*/LC_MESSAGES/*.po"))]


def course_problems_in(code: str) -> list[Problem]:
    """What is wrong with the course as it reads in language `code` (a translated option a
    solution no longer finds, a quiz reason said twice or too long for 60x20...), each at the
    English file's line and naming the language; the language in use is kept."""
    from dataclasses import replace

    from tutor import language
    from tutor.course import load_course
    from tutor.course.mistakes import check_mistakes_file
    from tutor.quiz.bank import check_quiz_file

    before = language.current()
    language.use(code)
    try:
        course = load_course(replay=False)
        found = [*course.problems, *check_quiz_file(), *check_mistakes_file()]
    finally:
        language.use(before)
    return [replace(problem, message=f"{problem.message} (in {language.LANGUAGES[code]})") for problem in found]


# ----- the code's messages ----------------------------------------------------------------------

LOOKUPS = {"tr": 1, "mark": 1, "ntr": 2, "ptr": 2}
"""The functions that look words up (tutor.language), and how many of their first arguments are
words (babel.cfg's keywords say which is which: ntr's two forms, ptr's context then its words)."""


def extract_python(fileobj: IO[bytes], keywords: Mapping[str, Any], comment_tags: Collection[str], options: Mapping[str, Any]) -> Iterator[Message]:
    """Babel's extractor interface for the tutor's Python: every tr(), ntr(), ptr() and mark() with
    literal words, read from the syntax tree, so one inside an f-string's braces is found too
    (Babel's own reader does not look there before Python 3.12); a `# TRANSLATORS:` comment on the
    lines just above is kept for the translator."""
    import ast

    source = fileobj.read().decode("utf-8")
    lines = source.splitlines()
    for node in ast.walk(ast.parse(source)):
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in LOOKUPS):
            continue
        words = node.args[: LOOKUPS[node.func.id]]
        if len(words) == LOOKUPS[node.func.id] and all(isinstance(word, ast.Constant) and isinstance(word.value, str) for word in words):
            texts = tuple(str(word.value) for word in words if isinstance(word, ast.Constant))
            yield node.lineno, node.func.id, texts if len(texts) > 1 else texts[0], _translator_comments(lines, node.lineno)


def _translator_comments(lines: list[str], line: int) -> list[str]:
    said: list[str] = []
    number = line - 2
    while number >= 0 and lines[number].strip().startswith("#"):
        said.insert(0, lines[number].strip().lstrip("#").strip())
        number -= 1
    at = next((index for index, text in enumerate(said) if text.startswith("TRANSLATORS:")), None)
    return said[at:] if at is not None else []
