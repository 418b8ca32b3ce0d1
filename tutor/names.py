"""One rule for every name the tutor keeps: a learner's profile, the learner at the table, the
computer players, and the name in an imported profile file. Free of Textual.

    tidy_name(name) -> str               # the tidy form, or NameRefused saying kindly what is wrong
    name_problem(name) -> str            # the same rule as words for a form ("" when the name is fine)
    lookalike_key(name) -> str           # names with the same key would be mixed up ("Bo" and "Во")
    lookalike_in(name, names) -> str | None   # the first of `names` that `name` looks just like
    shown(text, lines=False) -> str      # text from outside, safe to draw: no control or invisible characters
    one_line(text, limit=300) -> str     # the same as one short printable line, for a terminal or a log

Any letters are welcome (accents, Cyrillic, Chinese...), as are spaces and quotes. Refused: control
characters (ESC could retitle the terminal or move the cursor) and invisible format characters (a
right-to-left override turns the text around it; a zero-width space or a BOM hides in front of it).
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable

from tutor.errors import TutorError
from tutor.language import tr

NAME_LENGTH = 40
# Control (Cc) and format (Cf) characters, lone surrogates (Cs), and line and paragraph separators.
_UNSHOWN = frozenset({"Cc", "Cf", "Cs", "Zl", "Zp"})
# Hangul fillers count as letters (Lo) but draw as nothing, so they hide a name's start as a BOM does.
_BLANK_LETTERS = frozenset("\u115f\u1160\u3164\uffa0")
REPLACEMENT = "\ufffd"
"""What `shown` draws instead of a character it leaves out (�), so a damaged name shows it is damaged."""


class NameRefused(TutorError, ValueError):
    """A name the rule refuses; the message is for the learner (or a grown-up) to read."""


class NameLooksTaken(NameRefused):
    """A new name that looks just like a learner's who is already here ("Во" beside "Bo")."""

    def __init__(self, name: str, existing: str) -> None:
        super().__init__(tr("That name looks just like {existing}, who is already learning here. Please choose a different name.").format(existing=existing))
        self.name = name
        self.existing = existing


def tidy_name(name: str) -> str:
    """The tidy form of a name (NFC, no spaces around it), or NameRefused saying what is wrong.
    A line break or a control character is refused even at either end, where it might have been
    tidied away: settings keep a name as it was given."""
    if any(_unshown(char) for char in name):
        raise NameRefused(tr("That name has a hidden character in it: one you can't see, or a line break. Please type the name again, letter by letter."))
    tidy = unicodedata.normalize("NFC", name).strip()
    if not 1 <= len(tidy) <= NAME_LENGTH:
        raise NameRefused(tr("A name must be 1 to {count} characters long.").format(count=NAME_LENGTH))
    return tidy


def name_problem(name: str) -> str:
    """What is wrong with `name`, in words for a form; "" when the rule takes it."""
    try:
        tidy_name(name)
    except NameRefused as refused:
        return str(refused)
    return ""


# Letters of other alphabets drawn just like a Latin letter. Capitals are folded before casefold and
# small letters after it, since a letter may look Latin in one case only: Cyrillic В is drawn like B,
# but its small в is not drawn like b (so "Во" folds to "bo" and "во" does not).
_CAPITALS_LIKE_LATIN = str.maketrans(
    {
        # Cyrillic
        "А": "A",
        "В": "B",
        "Е": "E",
        "Ѕ": "S",
        "І": "I",
        "Ј": "J",
        "К": "K",
        "М": "M",
        "Н": "H",
        "О": "O",
        "Р": "P",
        "С": "C",
        "Т": "T",
        "У": "Y",
        "Х": "X",
        "Ү": "Y",
        "Ӏ": "I",
        "Ԛ": "Q",
        "Ԝ": "W",
        # Greek
        "Α": "A",
        "Β": "B",
        "Ε": "E",
        "Ζ": "Z",
        "Η": "H",
        "Ι": "I",
        "Κ": "K",
        "Μ": "M",
        "Ν": "N",
        "Ο": "O",
        "Ρ": "P",
        "Τ": "T",
        "Υ": "Y",
        "Χ": "X",
    }
)
_SMALL_LIKE_LATIN = str.maketrans(
    {
        # Cyrillic
        "а": "a",
        "е": "e",
        "о": "o",
        "р": "p",
        "с": "c",
        "у": "y",
        "х": "x",
        "ѕ": "s",
        "і": "i",
        "ј": "j",
        "һ": "h",
        "\u0501": "d",
        "ԛ": "q",
        "ԝ": "w",
        "ӏ": "l",  # U+0501 as an escape: compared, never drawn
        # Greek
        "α": "a",
        "ο": "o",
        "ν": "v",
        "ρ": "p",
        "υ": "u",
        "κ": "k",
        # Curly apostrophes (a phone types "O’Brien" for "O'Brien")
        "’": "'",
        "‘": "'",
        "ʼ": "'",
    }
)


def lookalike_key(name: str) -> str:
    """A key two names share when a reader would take one for the other: case, width and compatibility
    forms (NFKC), letters of other alphabets drawn like Latin ones, and runs of spaces are folded."""
    folded = unicodedata.normalize("NFKC", name).translate(_CAPITALS_LIKE_LATIN).casefold()
    return " ".join(folded.translate(_SMALL_LIKE_LATIN).split())


def lookalike_in(name: str, names: Iterable[str]) -> str | None:
    """The first of `names` that `name` looks just like, or None."""
    key = lookalike_key(name)
    return next((other for other in names if lookalike_key(other) == key), None)


def shown(text: str, lines: bool = False, mark: str = REPLACEMENT) -> str:
    """`text` safe to draw or write out: each control or invisible format character becomes `mark`
    (� unless told), a tab a space. With `lines` (a message with lines) line breaks are kept."""
    if lines:
        text = text.replace("\r\n", "\n")
    return "".join(_shown_char(char, lines, mark) for char in text) if any(map(_unshown, text)) else text


def _shown_char(char: str, lines: bool, mark: str) -> str:
    if not _unshown(char):
        return char
    if char == "\t":
        return " "
    return "\n" if lines and char in "\n\u2028\u2029" else mark


def _unshown(char: str) -> bool:
    return unicodedata.category(char) in _UNSHOWN or char in _BLANK_LETTERS


def one_line(text: str, limit: int = 300) -> str:
    """`text` from outside as one short line of printable text, for a terminal or a log."""
    text = " ".join("".join(char if char.isprintable() else " " for char in text).split())
    return text if len(text) <= limit else text[:limit] + "..."
