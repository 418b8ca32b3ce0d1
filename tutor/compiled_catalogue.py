"""A language's compiled catalogue (`tutor.mo`), looked up in the file's own bytes.

Python's `gettext.GNUTranslations` turns every entry of a catalogue into strings in a dict as it
reads the file: about 650 KiB for each of the tutor's languages. A game keeps its log in every
language (`tutor.language.told_in_every_language`), so every game table held all of them. This
keeps the file's bytes (about 330 KiB) and its entries' order, about 390 KiB in all, and finds a
message by bisection: a lookup decodes only the translation it returns (the last few hundred are
kept, as a screen asks for the same words each time it is drawn).

The format is GNU gettext's MO file: a header, then a table of (length, offset) for each original
message and one for each translation. A message with a context is stored as "context\\x04message";
one with plurals as "singular\\x00plural", its translation as the forms joined by "\\x00". The
entries are looked up by their message alone ("singular" for plurals), as GNU gettext does.
"""

from __future__ import annotations

import bisect
import gettext
import re
import struct
import sys
from array import array
from collections.abc import Callable
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
        data = path.read_bytes()
        self._data = data
        self._originals, self._translations = _tables(data, path)
        self._lengths = array("I", (_message_length(data, length, offset) for length, offset in _pairs(self._originals)))
        self._order = array("I", sorted(range(len(self._lengths)), key=self._message))
        self._recent: dict[str, str] = {}
        self._charset = "utf-8"
        self.plural: Callable[[int], int] = _english_plural
        self._read_header(self.gettext(""))

    def gettext(self, message: str) -> str:
        said = self._recent.get(message)
        if said is None:
            said = self._said(self._find(message), message)
            if len(self._recent) >= RECENT:
                self._recent.clear()
            self._recent[message] = said
        return said

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        return self._form(self._find(msgid1), n) or (msgid1 if n == 1 else msgid2)

    def pgettext(self, context: str, message: str) -> str:
        return self._said(self._find(context + CONTEXT + message), message)

    def npgettext(self, context: str, msgid1: str, msgid2: str, n: int) -> str:
        return self._form(self._find(context + CONTEXT + msgid1), n) or (msgid1 if n == 1 else msgid2)

    def _said(self, entry: int | None, message: str) -> str:
        """A message asked for without a count: its translation, or for one with plurals its
        singular form (as Python's gettext does); `message` itself when there is none."""
        if entry is None:
            return message
        if self._has_plurals(entry):
            return self._form(entry, 1) or message
        return self._translation(entry)

    def _form(self, entry: int | None, n: int) -> str | None:
        """The form of entry `entry`'s translation that goes with `n`; None when there is none, or
        the entry has no plurals (Python's gettext says such a message in English)."""
        if entry is None or not self._has_plurals(entry):
            return None
        forms = self._translation(entry).split("\0")
        form = self.plural(n)
        return forms[form] if 0 <= form < len(forms) else None

    def _has_plurals(self, entry: int) -> bool:
        return self._lengths[entry] != self._originals[2 * entry]

    def _find(self, message: str) -> int | None:
        """The entry whose message is `message`, or None."""
        key = message.encode(self._charset)
        at = bisect.bisect_left(self._order, key, key=self._message)
        if at < len(self._order) and self._message(self._order[at]) == key:
            return self._order[at]
        return None

    def _message(self, entry: int) -> bytes:
        """Entry `entry`'s message, as bytes: the singular alone for one with plurals."""
        offset = self._originals[2 * entry + 1]
        return self._data[offset : offset + self._lengths[entry]]

    def _translation(self, entry: int) -> str:
        length, offset = self._translations[2 * entry], self._translations[2 * entry + 1]
        return self._data[offset : offset + length].decode(self._charset)

    def _read_header(self, header: str) -> None:
        """The charset and the plural rule the catalogue's header (the translation of "") gives."""
        if charset := CHARSET.search(header):
            self._charset = charset.group(1)
        if plurals := PLURALS.search(header):
            self.plural = gettext.c2py(plurals.group(1).strip())


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
