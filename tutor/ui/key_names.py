"""Textual's key names answered without searching Unicode's table of character names.

Textual asks `unicodedata.lookup` for the character behind every key it binds or shows, keys that
are no character among them ("LEFT", "F1", "PAGEUP"). Each search reads pages of the table of every
character's name, and the kernel maps the pages around each one too: the two dozen searches of a
game table put about 0.8 MiB of that table in the app's resident memory (measured in
/proc/PID/smaps), a bare Textual app's handful about 0.1 MiB. The names Textual asks for are
answered here from a short table, as `unicodedata` answers them (a test checks each one); any other
name is looked up as before. Textual is pinned to one version; what it asks is what this answers.
"""

from __future__ import annotations

import re
import unicodedata
from typing import Any

import textual.keys

CHARACTERS = {"SPACE": " ", "QUESTION MARK": "?", "ESCAPE": "\x1b", "TAB": "\t", "BACKSPACE": "\x08", "DELETE": "\x7f"}
"""Key names that are a character's name (or its alias), with the character."""
NO_CHARACTER = re.compile(r"UP|DOWN|LEFT|RIGHT|HOME|END|PAGEUP|PAGEDOWN|ENTER|INSERT|F\d{1,2}|[A-Z0-9]")
"""Key names no character has: `unicodedata.lookup` raises KeyError for each. (Names are compared
in capitals: `unicodedata.lookup` does not mind the case.)"""


class KeyNames:
    """`unicodedata` as textual.keys uses it, with the names above answered at once."""

    def lookup(self, name: str) -> str:
        if name.upper() in CHARACTERS:
            return CHARACTERS[name.upper()]
        if NO_CHARACTER.fullmatch(name.upper()):
            raise KeyError(f"undefined character name '{name}'")
        return unicodedata.lookup(name)

    def __getattr__(self, attribute: str) -> Any:
        return getattr(unicodedata, attribute)


def answer_key_names_from_a_table() -> None:
    textual.keys.unicodedata = KeyNames()  # type: ignore[attr-defined,assignment]
