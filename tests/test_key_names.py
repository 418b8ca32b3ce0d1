"""Textual's key names, answered from a table (tutor.ui.key_names) just as `unicodedata` answers them."""

from __future__ import annotations

import string
import unicodedata

import pytest
import textual.keys
from textual.keys import KEY_TO_UNICODE_NAME, Keys, format_key, key_to_character

from tutor.ui.key_names import KeyNames


def answer(lookup: object, name: str) -> str | None:
    try:
        return lookup.lookup(name)  # type: ignore[attr-defined, no-any-return]
    except KeyError:
        return None


KEYS = sorted({key.value for key in Keys} | set(KEY_TO_UNICODE_NAME) | set(string.ascii_letters + string.digits) | {"space", "question_mark", "f1", "f24"})
"""Every key Textual names, and the letters and digits."""


@pytest.mark.parametrize("key", KEYS)
def test_every_name_textual_asks_for_is_answered_as_unicodedata_answers_it(key: str) -> None:
    base = key.rpartition("+")[2]
    for name in {base, base.upper(), base.replace("_", " ").upper(), KEY_TO_UNICODE_NAME.get(base, base)}:
        assert answer(KeyNames(), name) == answer(unicodedata, name), name


def test_textual_asks_the_table() -> None:
    import tutor.ui.app  # noqa: F401 (installs it)

    assert isinstance(textual.keys.unicodedata, KeyNames)
    assert format_key("question_mark") == "?" and format_key("f1") == "f1" and key_to_character("escape") == "\x1b"
