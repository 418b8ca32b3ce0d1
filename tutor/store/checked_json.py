"""JSON from outside (profile files, saved games), read with limits before anything uses it.

``loads`` refuses, with a ValueError in plain words, what would crash or swamp the app later:
nesting deeper than MAX_DEPTH, numbers too big for a count or a float (``1e400``, ``2**63``),
NaN and Infinity, text longer than MAX_TEXT characters. ``read_file`` reads only a regular file
of at most MAX_FILE_BYTES, never a device, a pipe or a folder (it does not even open a pipe).
"""

from __future__ import annotations

import json
import os
import stat
from pathlib import Path

from tutor.errors import UnsafeTarget
from tutor.language import tr

MAX_DEPTH = 32
MAX_TEXT = 2_000
MAX_FILE_BYTES = 20 * 1024 * 1024
# Counts and ids in the tutor's files fit easily in 2**53 (exact in any JSON reader).
MAX_INTEGER = 2**53


def loads(text: str, max_text: int = MAX_TEXT) -> object:
    """The JSON value in ``text``, or ValueError saying why it cannot be used."""
    _check_depth(text)
    try:
        value = json.loads(text, parse_int=_integer, parse_float=_float, parse_constant=_constant)
    except RecursionError:
        raise ValueError(tr("it is nested more than {count} levels deep").format(count=MAX_DEPTH)) from None
    _check_text(value, max_text)
    return value


def read_file(path: Path, limit: int = MAX_FILE_BYTES) -> str:
    """The text of a regular file; UnsafeTarget for anything else, ValueError when too big or not UTF-8."""
    kind = file_kind(path)
    if kind not in ("file", "missing"):
        raise UnsafeTarget(tr("{path} is {kind}, not a file").format(path=path, kind=kind_words(kind)))
    # O_NONBLOCK: if the path became a pipe since the check, opening it still does not hang.
    handle = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0))
    with os.fdopen(handle, "rb") as file:
        if not stat.S_ISREG(os.fstat(file.fileno()).st_mode):
            raise UnsafeTarget(tr("{path} is not a regular file").format(path=path))
        data = file.read(limit + 1)
    if len(data) > limit:
        raise ValueError(tr("it is bigger than {size} MB, far too big for a profile file").format(size=limit // (1024 * 1024)))
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise ValueError(tr("it is not a text file (byte {byte} is not UTF-8)").format(byte=error.start)) from None


def file_kind(path: Path) -> str:
    """ "file", "missing", or what else is there, in words ("a folder", "a device", ...)."""
    try:
        mode = os.stat(path).st_mode
    except FileNotFoundError:
        return "missing"
    if stat.S_ISREG(mode):
        return "file"
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a pipe"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "not a regular file"


def kind_words(kind: str) -> str:
    """What `file_kind` found, as a sentence says it ("a folder"; in the language in use)."""
    words = {
        "a folder": tr("a folder"),
        "a pipe": tr("a pipe"),
        "a device": tr("a device"),
        "a socket": tr("a socket"),
        "not a regular file": tr("not a regular file"),
    }
    return words.get(kind, kind)


def _check_depth(text: str) -> None:
    depth, in_text, escaped = 0, False, False
    for char in text:
        if in_text:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                in_text = False
        elif char == '"':
            in_text = True
        elif char in "[{":
            depth += 1
            if depth > MAX_DEPTH:
                raise ValueError(tr("it is nested more than {count} levels deep").format(count=MAX_DEPTH))
        elif char in "]}":
            depth -= 1


def _integer(text: str) -> int:
    digits = text.lstrip("-")
    if len(digits) > 16 or int(text) > MAX_INTEGER or int(text) < -MAX_INTEGER:
        raise ValueError(tr("the number {number} is too big").format(number=_short(text)))
    return int(text)


def _float(text: str) -> float:
    value = float(text)
    if value in (float("inf"), float("-inf")) or abs(value) > MAX_INTEGER:
        raise ValueError(tr("the number {number} is too big").format(number=_short(text)))
    return value


def _constant(text: str) -> float:
    raise ValueError(tr("{text} is not a number JSON allows").format(text=text))


def _check_text(value: object, max_text: int) -> None:
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            if len(item) > max_text:
                raise ValueError(
                    tr("a text of {length} characters is longer than the {most} allowed ({text})").format(
                        length=f"{len(item):,}", most=f"{max_text:,}", text=_short(item)
                    )
                )
        elif isinstance(item, dict):
            stack.extend(item.keys())
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)


def _short(text: str) -> str:
    return repr(text[:20] + "...") if len(text) > 20 else repr(text)
