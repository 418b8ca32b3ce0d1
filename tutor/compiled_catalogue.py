"""A language's compiled catalogue (`tutor.mo`), looked up in the file itself.

Python's `gettext.GNUTranslations` turns every entry of a catalogue into strings in a dict as it
reads the file: about 650 KiB for each of the tutor's languages. A game keeps its log in every
language (`tutor.language.told_in_every_language`), so every game table held all of them. This
reads the file once, to check it and to put its entries in order, and keeps only where each entry
lies (about 60 KiB); a message is found by bisection, reading the few entries it compares from
the file (the last few hundred found are kept, as a screen asks for the same words each time it
is drawn). No file stays open: a classroom's warm process forks tabs only with none open. A file
written again since (compiled anew, a newer tutor installed) is read again before a lookup.

The format is GNU gettext's MO file: a header, then a table of (length, offset) for each original
message and one for each translation. A message with a context is stored as "context\\x04message";
one with plurals as "singular\\x00plural", its translation as the forms joined by "\\x00". The
entries are looked up by their message alone ("singular" for plurals), as GNU gettext does.
"""

from __future__ import annotations

import bisect
import gettext
import os
import re
import struct
import sys
from array import array
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

MAGIC = 0x950412DE
CONTEXT = "\x04"
PLURALS = re.compile(r"^Plural-Forms:\s*nplurals\s*=\s*\d+\s*;\s*plural\s*=([^;\n]+)", re.MULTILINE | re.IGNORECASE)
RECENT = 512
"""Translations kept once looked up (a screen asks for the same words each time it is drawn)."""
CHARSET = re.compile(r"charset=([\w-]+)", re.IGNORECASE)


class Catalogue(gettext.NullTranslations):
    """The translations in one MO file (raises OSError when the file cannot be read as one)."""

    def __init__(self, path: Path) -> None:
        super().__init__()
        self._path = path
        with _opened(path) as (status, read):
            self._index = _Index(read(slice(0, status.st_size)), path, _version(status))
        self._recent: dict[str, tuple[int, str] | None] = {}

    def gettext(self, message: str) -> str:
        return self._said(self._found(message), message)

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        return self._form(self._found(msgid1), n) or (msgid1 if n == 1 else msgid2)

    def pgettext(self, context: str, message: str) -> str:
        return self._said(self._found(context + CONTEXT + message), message)

    def npgettext(self, context: str, msgid1: str, msgid2: str, n: int) -> str:
        return self._form(self._found(context + CONTEXT + msgid1), n) or (msgid1 if n == 1 else msgid2)

    def _said(self, found: tuple[int, str] | None, message: str) -> str:
        """A message asked for without a count: its translation, or for one with plurals its
        singular form (as Python's gettext does); `message` itself when there is none."""
        if found is None:
            return message
        entry, translation = found
        if self._index.has_plurals(entry):
            return self._form(found, 1) or message
        return translation

    def _form(self, found: tuple[int, str] | None, n: int) -> str | None:
        """The form of a found translation that goes with `n`; None when there is none, or the
        entry has no plurals (Python's gettext says such a message in English)."""
        if found is None or not self._index.has_plurals(found[0]):
            return None
        forms = found[1].split("\0")
        form = self._index.plural(n)
        return forms[form] if 0 <= form < len(forms) else None

    def _found(self, message: str) -> tuple[int, str] | None:
        """The entry whose message is `message` and its translation, or None; kept once found."""
        if message in self._recent:
            return self._recent[message]
        found = self._find(message)
        if len(self._recent) >= RECENT:
            self._recent.clear()
        self._recent[message] = found
        return found

    def _find(self, message: str) -> tuple[int, str] | None:
        try:
            with _opened(self._path) as (status, read):
                if _version(status) != self._index.version:  # compiled again, or a newer tutor installed
                    self._index = _Index(read(slice(0, status.st_size)), self._path, _version(status))
                    self._recent.clear()
                return self._index.find(message, read)
        except (OSError, UnicodeDecodeError):
            return None  # the file has gone, or is not a catalogue any more: the words in English


class _Index:
    """Where each entry of one version of a catalogue file lies, in the order of their messages,
    and the header's charset and plural rule."""

    def __init__(self, data: bytes, path: Path, version: tuple[int, ...]) -> None:
        self.version = version
        self.originals, self.translations = _tables(data, path)
        self.lengths = array("I", (_message_length(data, length, offset) for length, offset in _pairs(self.originals)))
        self.order = array("I", sorted(range(len(self.lengths)), key=lambda entry: data[self.span(entry)]))
        self.charset = "utf-8"
        self.plural: Callable[[int], int] = _english_plural
        self._read_header(data)

    def find(self, message: str, read: Callable[[slice], bytes]) -> tuple[int, str] | None:
        """The entry whose message is `message` and its translation, read with `read`; or None."""
        key = message.encode(self.charset)
        at = bisect.bisect_left(self.order, key, key=lambda entry: read(self.span(entry)))
        if at == len(self.order) or read(self.span(self.order[at])) != key:
            return None
        entry = self.order[at]
        return entry, read(self.translation(entry)).decode(self.charset)

    def has_plurals(self, entry: int) -> bool:
        return self.lengths[entry] != self.originals[2 * entry]

    def span(self, entry: int) -> slice:
        """Where entry `entry`'s message lies in the file: the singular alone for one with plurals."""
        offset = self.originals[2 * entry + 1]
        return slice(offset, offset + self.lengths[entry])

    def translation(self, entry: int) -> slice:
        length, offset = self.translations[2 * entry], self.translations[2 * entry + 1]
        return slice(offset, offset + length)

    def _read_header(self, data: bytes) -> None:
        """The charset and the plural rule the catalogue's header (the translation of "") gives."""
        if not self.order or self.lengths[self.order[0]] != 0:
            return
        header = data[self.translation(self.order[0])].decode("utf-8", errors="replace")
        if charset := CHARSET.search(header):
            self.charset = charset.group(1)
        if plurals := PLURALS.search(header):
            self.plural = gettext.c2py(plurals.group(1).strip())


@contextmanager
def _opened(path: Path) -> Iterator[tuple[os.stat_result, Callable[[slice], bytes]]]:
    """The file's status and a reader of its parts, for a moment: the file is closed after."""
    descriptor = os.open(path, os.O_RDONLY | os.O_CLOEXEC)
    try:
        yield os.fstat(descriptor), lambda part: os.pread(descriptor, part.stop - part.start, part.start)
    finally:
        os.close(descriptor)


def _version(status: os.stat_result) -> tuple[int, ...]:
    """What tells one version of the file from another: the same file, as long, written as late."""
    return (status.st_dev, status.st_ino, status.st_size, status.st_mtime_ns)


def _tables(data: bytes, path: Path) -> tuple[array[int], array[int]]:
    """The originals' and the translations' tables: (length, offset) for each entry, in turn."""
    try:
        magic = struct.unpack_from("<I", data)[0]
        order = "<" if magic == MAGIC else ">"
        if struct.unpack_from(f"{order}I", data)[0] != MAGIC:
            raise OSError(f"{path} is not a compiled catalogue (an MO file)")
        revision, count, originals_at, translations_at = struct.unpack_from(f"{order}4I", data, 4)
        if revision >> 16 > 1:
            raise OSError(f"{path} is an MO file of a revision this tutor cannot read ({revision >> 16})")
        tables = []
        for at in (originals_at, translations_at):
            table = array("I", data[at : at + 8 * count])
            if (order == "<") != (sys.byteorder == "little"):
                table.byteswap()
            tables.append(table)
        originals, translations = tables
    except (struct.error, ValueError) as error:
        raise OSError(f"{path} is not a whole MO file: {error}") from None
    if len(originals) != 2 * count or len(translations) != 2 * count or not _inside(data, originals) or not _inside(data, translations):
        raise OSError(f"{path} is not a whole MO file: an entry lies past its end")
    return originals, translations


def _pairs(table: array[int]) -> zip[tuple[int, int]]:
    """(length, offset) of each entry of a table."""
    return zip(table[::2], table[1::2], strict=True)


def _inside(data: bytes, table: array[int]) -> bool:
    return all(offset + length <= len(data) for length, offset in _pairs(table))


def _message_length(data: bytes, length: int, offset: int) -> int:
    """The length of an original's message: up to the "\\0" before a plural, if it has one."""
    end = data.find(b"\0", offset, offset + length)
    return length if end < 0 else end - offset


def _english_plural(n: int) -> int:
    return 0 if n == 1 else 1
