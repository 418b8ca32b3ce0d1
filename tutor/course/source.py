"""The one reader for every file a teacher edits: lessons, `lessons/quiz.yaml` and `lessons/mistakes.yaml`.

A file is read into `Item`s: plain values that remember their line and field path, so every
problem can say exactly where it is (`lessons/quiz.yaml:14: questions[3].answer: ...`). Reading
never raises for a bad file and never stops at the first problem: it returns the problems found.

    root, problems = read_yaml_file(Path("lessons/quiz.yaml"), "lessons/quiz.yaml")
    # root: Item | None (None when the file cannot be read or is not YAML at all)
    check = Checker("lessons/quiz.yaml", problems)       # collects Problems as it goes
    found = check.fields(root, allowed=("format_version", "questions"), required=("questions",), what="a quiz")
    for question in check.items(found["questions"], "questions") if found else ():
        parts = check.fields(question, ("id", "prompt"), ("id", "prompt"), "a question")
        prompt = check.text(parts.get("prompt")) if parts else None   # None, with a problem, if not words
    check.problem(item, "this message")                  # report anything else at the item's line and field
    problems                                             # list[Problem]; str(problem) is file:line: field: message

- `read_file(path, shown)` reads a file's text safely: only regular files (a FIFO or a device is
  refused without being opened for reading, so nothing hangs), at most `MAX_BYTES`, and a NUL byte
  or bytes that are not UTF-8 are reported with their line and column.
- `read_yaml(text, shown)` parses YAML with PyYAML's safe loader. Nesting deeper than `MAX_DEPTH`
  or more than `MAX_ITEMS` values (aliases inside aliases) is one clear problem, never a
  RecursionError; tags that would build objects are refused.
- `Item.value` is a str, int, float, bool, None, `list[Item]` or `dict[str, Item]`; `Item.line`
  is 1-based; `Item.field` is the path (`steps[3].hands.you[2]`); `item.child(key)` names a child.
- `Checker` holds the checks every file shares (fields, words, ids, whole numbers, lists, flags),
  each reporting a `Problem` and returning None for a bad value. Build typed values from what it
  returns.
"""

from __future__ import annotations

import os
import re
import stat
import string
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

import yaml

from tutor.language import tr

from .problems import Problem

SAFE_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
"""libyaml's safe loader when PyYAML has it (much quicker), else the pure-Python one."""
PLAIN_TAGS = frozenset({"tag:yaml.org,2002:seq", "tag:yaml.org,2002:map"})
MAX_ITEMS = 20_000
"""More values than this (say, from aliases nested inside aliases) is not a course file."""
MAX_DEPTH = 40
"""Lists and mappings nested deeper than this are not a course file (lessons need about 6)."""
MAX_BYTES = 1_000_000
"""A course file larger than this is refused unread (the whole shipped course is about 60 KB)."""
SLUG = re.compile(r"[a-z0-9]+(-[a-z0-9]+)*\Z")
SLUG_TEXT = "lower-case words joined by hyphens, like three-of-a-kind"

T = TypeVar("T")
_heard: list[tuple[int, str]] | None = None
"""While `hearing`: each text read, with its line (the catalogue's extractor)."""


@contextmanager
def hearing() -> Iterator[list[tuple[int, str]]]:
    """Every text a parser reads meanwhile, as (line, English words), in the order read."""
    global _heard
    _heard, before = [], _heard
    try:
        yield _heard
    finally:
        _heard = before


@dataclass(frozen=True)
class Item:
    """One value from the file: a scalar, a list of Items or a dict of Items, with its place."""

    value: str | int | float | bool | None | list[Item] | dict[str, Item]
    line: int
    field: str

    def child(self, key: str | int) -> str:
        """The field path of a child of this item."""
        if isinstance(key, int):
            return f"{self.field}[{key}]"
        return f"{self.field}.{key}" if self.field else key


def walk(item: Item) -> Iterator[Item]:
    """Every item in a tree, parents first (without recursion: trees are shallow, but be safe)."""
    stack = [item]
    while stack:
        current = stack.pop()
        yield current
        value = current.value
        children = list(value.values()) if isinstance(value, dict) else value if isinstance(value, list) else []
        stack.extend(reversed(children))


# ----- reading a file -----------------------------------------------------------------------------


def read_file(path: Path | Any, shown: str) -> tuple[str | None, list[Problem]]:
    """The text of `path` (a Path, or a packaged resource), or None and the problem that stops it.

    Only regular files are read: anything else (a FIFO, a device, a socket) is refused without
    waiting on it. `shown` is how problems name the file."""
    if not isinstance(path, Path):  # a packaged resource (importlib.resources) that is not a plain file
        try:
            data = path.read_bytes()
        except OSError as error:
            return None, [Problem(shown, None, "", f"cannot be read: {error.strerror or error}")]
        return decoded(data[: MAX_BYTES + 1], shown)
    try:
        info = os.stat(path)
    except FileNotFoundError:
        return None, [Problem(shown, None, "", "no such file or folder")]
    except OSError as error:
        return None, [Problem(shown, None, "", f"cannot be read: {error.strerror or error}")]
    if not stat.S_ISREG(info.st_mode):
        return None, [Problem(shown, None, "", f"not a regular file ({_file_kind(info.st_mode)}): only plain text files are read")]
    if info.st_size > MAX_BYTES:
        return None, [Problem(shown, None, "", f"too big for a course file ({info.st_size:,} bytes; at most {MAX_BYTES:,})")]
    try:
        descriptor = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))  # never waits on a FIFO
    except OSError as error:
        return None, [Problem(shown, None, "", f"cannot be read: {error.strerror or error}")]
    try:
        if not stat.S_ISREG(os.fstat(descriptor).st_mode):  # swapped for something else since the check
            return None, [Problem(shown, None, "", "not a regular file: only plain text files are read")]
        data = _read_all(descriptor, MAX_BYTES + 1)
    except OSError as error:
        return None, [Problem(shown, None, "", f"cannot be read: {error.strerror or error}")]
    finally:
        os.close(descriptor)
    return decoded(data, shown)


def _read_all(descriptor: int, limit: int) -> bytes:
    chunks: list[bytes] = []
    size = 0
    while size < limit:
        chunk = os.read(descriptor, limit - size)
        if not chunk:
            break
        chunks.append(chunk)
        size += len(chunk)
    return b"".join(chunks)


def decoded(data: bytes, shown: str) -> tuple[str | None, list[Problem]]:
    """`data` as text, or None and a problem that names the line and column of the first bad byte."""
    if len(data) > MAX_BYTES:
        return None, [Problem(shown, None, "", f"too big for a course file (more than {MAX_BYTES:,} bytes)")]
    if b"\0" in data:
        index = data.index(b"\0")
        line, column = _place(data, index)
        return None, [Problem(shown, line, "", f"a NUL byte (column {column}): this is not a text file")]
    try:
        return data.decode("utf-8"), []
    except UnicodeDecodeError as error:
        line, column = _place(data, error.start)
        return None, [Problem(shown, line, "", f"not UTF-8 text (byte {data[error.start]:#04x} at column {column}): save the file as UTF-8")]


def _place(data: bytes, index: int) -> tuple[int, int]:
    line_start = data.rfind(b"\n", 0, index) + 1
    return data.count(b"\n", 0, index) + 1, index - line_start + 1


def _file_kind(mode: int) -> str:
    kinds = ((stat.S_ISDIR, "a folder"), (stat.S_ISFIFO, "a FIFO"), (stat.S_ISCHR, "a device"), (stat.S_ISBLK, "a device"), (stat.S_ISSOCK, "a socket"))
    return next((name for test, name in kinds if test(mode)), "a special file")


def read_yaml_file(path: Path | Any, shown: str) -> tuple[Item | None, list[Problem]]:
    """`read_file`, then `read_yaml`: the file as an Item tree, and every problem found."""
    text, problems = read_file(path, shown)
    if text is None:
        return None, problems
    return read_yaml(text, shown)


# ----- YAML into Items ----------------------------------------------------------------------------


def read_yaml(text: str, path: str) -> tuple[Item | None, list[Problem]]:
    """The document in `text` as an Item tree, and the problems found (bad YAML, too deep, repeated fields)."""
    if "\0" in text:
        nul_line = text.count("\n", 0, text.index("\0")) + 1
        return None, [Problem(path, nul_line, "", "a NUL byte: this is not a text file")]
    try:
        too_deep = _too_deep(text, path)
        if too_deep is not None:
            return None, [too_deep]
        node = yaml.compose(text, Loader=SAFE_LOADER)
    except yaml.MarkedYAMLError as error:
        mark = error.problem_mark or error.context_mark
        line = None if mark is None else mark.line + 1
        context = f" ({error.context})" if error.context and error.problem else ""
        return None, [Problem(path, line, "", f"not valid YAML: {error.problem or error.context}{context}")]
    except yaml.YAMLError as error:
        return None, [Problem(path, None, "", f"not valid YAML: {error}")]
    if node is None:
        return None, [Problem(path, 1, "", "the file is empty")]
    reader = _Reader(path)
    item = reader.item(node, "", 0)
    return item, reader.problems


def _too_deep(text: str, path: str) -> Problem | None:
    """A problem at the first list or mapping nested deeper than MAX_DEPTH (found from the event
    stream, which needs no recursion, before the composer would recurse)."""
    depth = 0
    for event in yaml.parse(text, Loader=SAFE_LOADER):
        if isinstance(event, yaml.CollectionStartEvent):
            depth += 1
            if depth > MAX_DEPTH:
                line = event.start_mark.line + 1 if event.start_mark else None
                return Problem(path, line, "", f"lists and mappings nested more than {MAX_DEPTH} deep: too deep for a course file")
        elif isinstance(event, yaml.CollectionEndEvent):
            depth -= 1
    return None


class _Reader:
    def __init__(self, path: str) -> None:
        self.path = path
        self.problems: list[Problem] = []
        self._constructor = yaml.SafeLoader("")
        self._items = 0
        self._open: set[int] = set()

    def item(self, node: yaml.Node, field: str, depth: int) -> Item | None:
        self._items += 1
        if self._items > MAX_ITEMS:
            if self._items == MAX_ITEMS + 1:
                self._problem(node, field, f"more than {MAX_ITEMS:,} values: too big for a course file")
            return None
        if depth > MAX_DEPTH:  # aliases can nest a shallow anchor deep
            self._problem(node, field, f"nested more than {MAX_DEPTH} deep: too deep for a course file")
            self._items = MAX_ITEMS + 1
            return None
        if id(node) in self._open:
            self._problem(node, field, "an alias refers to itself")
            return None
        line = node.start_mark.line + 1
        if isinstance(node, yaml.ScalarNode):
            return self._scalar(node, field)
        if node.tag not in PLAIN_TAGS:
            self._problem(node, field, f"this value cannot be read: the tag {node.tag!r} is not plain YAML")
            return None
        self._open.add(id(node))
        try:
            if isinstance(node, yaml.SequenceNode):
                return Item(self._sequence(node, field, depth), line, field)
            assert isinstance(node, yaml.MappingNode)
            return Item(self._mapping(node, field, depth), line, field)
        finally:
            self._open.discard(id(node))

    def _scalar(self, node: yaml.ScalarNode, field: str) -> Item | None:
        try:
            return Item(self._constructor.construct_object(node, deep=True), node.start_mark.line + 1, field)
        except (yaml.YAMLError, ValueError, OverflowError) as error:  # a tag it refuses, a 30th of February
            self._problem(node, field, f"this value cannot be read: {getattr(error, 'problem', None) or error}")
            return None

    def _sequence(self, node: yaml.SequenceNode, field: str, depth: int) -> list[Item]:
        items = (self.item(child, f"{field}[{index}]", depth + 1) for index, child in enumerate(node.value))
        return [item for item in items if item is not None]

    def _mapping(self, node: yaml.MappingNode, field: str, depth: int) -> dict[str, Item]:
        result: dict[str, Item] = {}
        for key_node, value_node in node.value:
            if not isinstance(key_node, yaml.ScalarNode) or key_node.tag == "tag:yaml.org,2002:merge":
                self._problem(key_node, field, "field names must be plain words")
                continue
            key = key_node.value
            child = f"{field}.{key}" if field else key
            if key in result:
                self._problem(key_node, child, "given twice")
                continue
            item = self.item(value_node, child, depth + 1)
            if item is not None:
                result[key] = item
        return result

    def _problem(self, node: yaml.Node, field: str, message: str) -> None:
        self.problems.append(Problem(self.path, node.start_mark.line + 1, field, message))


# ----- checks every file shares -------------------------------------------------------------------


class Checker:
    """Checks on Items that report a `Problem` (file:line: field: message) and carry on.

    Each check returns the value, typed, or None when it reported a problem."""

    def __init__(self, path: str, problems: list[Problem] | None = None) -> None:
        self.path = path
        self.problems: list[Problem] = [] if problems is None else problems

    def problem(self, item: Item, message: str, field: str | None = None) -> None:
        """Report `message` at `item`'s line, for its field (or for `field`, such as a missing child)."""
        self.problems.append(Problem(self.path, item.line, item.field if field is None else field, message))

    def fields(self, item: Item, allowed: Iterable[str], required: Iterable[str], what: str) -> dict[str, Item] | None:
        """A mapping's fields that are allowed; unknown fields (with a close match) and missing ones are problems."""
        import difflib

        required = tuple(required)
        if not isinstance(item.value, dict):
            self.problem(item, f"expected {what} (fields such as {', '.join(required[:3])})")
            return None
        allowed = tuple(allowed)
        for name, child in item.value.items():
            if name not in allowed:
                close = difflib.get_close_matches(name, allowed, n=1)
                hint = f"did you mean {close[0]!r}? " if close else ""
                self.problem(child, f"unknown field ({hint}allowed here: {', '.join(allowed)})")
        for name in required:
            if name not in item.value:
                self.problem(item, f"missing ({what} needs one)", item.child(name))
        return {name: child for name, child in item.value.items() if name in allowed}

    def text(self, item: Item | None, placeholders: Iterable[str] = (), translated: bool = True) -> str | None:
        """Some words (stripped), whose {placeholders} are all among `placeholders`, in the
        language in use (`tutor.language`: the English is the catalogue's key); `translated=False`
        keeps the English (a picture's name, which the card itself translates when shown).
        Every text read here is a message of the catalogue (`tutor.course.extract`)."""
        if item is None:
            return None
        if not isinstance(item.value, str) or not item.value.strip():
            self.problem(item, "expected some words")
            return None
        words = item.value.strip()
        if not self.placeholders_ok(item, item.value, tuple(placeholders)):
            return None
        if _heard is not None:
            _heard.append((item.line, words))
        return tr(words) if translated else words

    def placeholders_ok(self, item: Item, text: str, allowed: tuple[str, ...]) -> bool:
        try:
            parts = list(string.Formatter().parse(text))
        except ValueError:
            self.problem(item, "unmatched brace: write {{ and }} for a brace itself")
            return False
        for _, name, spec, conversion in parts:
            if name is None:
                continue
            if name not in allowed or spec or conversion:
                choices = ", ".join(f"{{{choice}}}" for choice in allowed) or "none here"
                self.problem(item, f"unknown placeholder {{{name}}} (allowed: {choices}; write {{{{ and }}}} for a brace)")
                return False
        return True

    def slug(self, item: Item) -> str | None:
        """An id: lower-case words joined by hyphens."""
        if not isinstance(item.value, str) or not SLUG.match(item.value):
            self.problem(item, f"{shown(item.value)} is not an id: use {SLUG_TEXT}")
            return None
        return item.value

    def flag(self, item: Item) -> bool | None:
        """true or false."""
        if not isinstance(item.value, bool):
            self.problem(item, f"expected true or false, not {shown(item.value)}")
            return None
        return item.value

    def one_of(self, item: Item, choices: Iterable[str], what: str) -> str | None:
        """One word from `choices`."""
        choices = tuple(choices)
        if not isinstance(item.value, str) or item.value not in choices:
            self.problem(item, f"{shown(item.value)} is not {what} ({', '.join(choices)})")
            return None
        return item.value

    def whole_number(self, item: Item, low: int, high: int | None = None) -> int | None:
        value = item.value
        if not isinstance(value, int) or isinstance(value, bool) or value < low or (high is not None and value > high):
            limit = f"from {low} to {high:,}" if high is not None else f"of at least {low}"
            self.problem(item, f"expected a whole number {limit}, not {shown(value)}")
            return None
        return value

    def items(self, item: Item, what: str, at_least: int = 0) -> list[Item]:
        """A list's items (a problem, and none, if it is not a list or is too short)."""
        if not isinstance(item.value, list):
            self.problem(item, f"expected a list of {what}")
            return []
        if len(item.value) < at_least:
            self.problem(item, "is empty: give at least one" if at_least == 1 else f"expected at least {at_least} {what}")
        return item.value

    def each(self, item: Item | None, what: str, read: Callable[[Item], T | None], at_least: int = 0) -> tuple[T, ...]:
        """`read` applied to each item of a list, keeping the values that are good."""
        if item is None:
            return ()
        values = [read(child) for child in self.items(item, what, at_least)]
        return tuple(value for value in values if value is not None)


def shown(value: Any) -> str:
    """A value as a problem quotes it: a list or a mapping by its kind, not its contents."""
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "a mapping"
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."
