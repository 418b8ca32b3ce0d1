"""Plain lines in and out: every line said fits the width, carries no escape sequence, no box or
block drawing and no control character; every question ends with what can be typed; `?` lists the
commands of the question, `r` says the last thing again. End of input raises `InputEnded`.

A screen reader or a braille display reads each line once, as it arrives: nothing here moves the
cursor, rewrites a line or clears the screen.
"""

from __future__ import annotations

import os
import shutil
import textwrap
import unicodedata
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TextIO

from tutor.language import mark, ptr, tr

MIN_WIDTH = 20
HERE_TOO = (
    ("?", mark("list what you can type here")),
    ("r", mark("say the last thing again")),
    ("w", mark("cards as words (Queen of hearts) or as short codes (Q♥)")),
)
"""The commands every question takes, besides its own (their meanings said with `tr`)."""


class InputEnded(Exception):
    """Standard input ended (Ctrl+D, or the end of a piped file): save and stop, cleanly."""


class Stopped(Exception):
    """The learner typed q before anything was open (at "Who is learning?"): stop, cleanly."""


@dataclass(frozen=True)
class Choices:
    """What a question takes: `typing`, the sentence that ends the question ("Type the number of
    your answer, or q to stop."), and `commands`, (what to type, what it does) for `?`."""

    typing: str
    commands: tuple[tuple[str, str], ...]


def width_of(stream: TextIO) -> int:
    """The width to keep every line within: $COLUMNS, else the terminal's, else 80."""
    columns = os.environ.get("COLUMNS", "")
    if columns.isdigit() and int(columns) > 0:
        return max(MIN_WIDTH, int(columns))
    try:
        return max(MIN_WIDTH, os.get_terminal_size(stream.fileno()).columns)
    except (OSError, ValueError, AttributeError):
        return max(MIN_WIDTH, shutil.get_terminal_size((80, 24)).columns)


def plain(text: str) -> str:
    """`text` with nothing a line reader should not meet: control characters (escape sequences
    start with one) and box or block drawing characters are dropped, tabs become spaces."""
    return "".join(char for char in text.replace("\t", " ") if char == "\n" or not _unsayable(char)).rstrip()


def _unsayable(char: str) -> bool:
    return unicodedata.category(char) in ("Cc", "Cf", "Cs", "Co") or "\u2500" <= char <= "\u259f"


class Lines:
    """The plain front end's one way to speak and to listen."""

    def __init__(self, read: TextIO, write: TextIO, width: int | None = None, echo: bool | None = None) -> None:
        self.read, self.write = read, write
        self.width = width if width is not None else width_of(write)
        self.echo = echo if echo is not None else not _is_terminal(read)
        """Write each line read back after "> " (when input is piped, the transcript shows it)."""
        self.last: list[str] = []
        """The last thing said (not a question), for `r`."""
        self.card_words = True
        """Cards said as words ("Queen of hearts") after their short codes; `w` switches."""
        self.before_reading: Callable[[], None] | None = None
        """Called before each line is read (`tutor.plain.saving` tries waiting writes again)."""

    # ----- speaking -----------------------------------------------------------------------------

    def say(self, *paragraphs: str) -> None:
        """Each paragraph as lines that fit the width (an empty one is a blank line); remembered for `r`."""
        lines = self._lines(paragraphs)
        self.last = lines
        self._write(lines)

    def wrong(self, expected: str) -> None:
        """One line saying what was expected, after an entry that is not one of the question's.
        Not remembered for `r`: `r` says the question's own words again, not this line."""
        self._write(self._lines([expected]))

    def blank(self) -> None:
        self._write([""])

    def _lines(self, paragraphs: Sequence[str]) -> list[str]:
        lines: list[str] = []
        for paragraph in paragraphs:
            for part in plain(paragraph).split("\n"):
                lines += textwrap.wrap(part, self.width, break_on_hyphens=False) or [""]
        return lines

    def _write(self, lines: Sequence[str]) -> None:
        # One write for all the lines, so a key typed meanwhile is echoed between sayings, not inside one.
        self.write.write("".join(line.rstrip() + "\n" for line in lines))
        self.write.flush()

    # ----- listening ----------------------------------------------------------------------------

    def ask(self, question: str, choices: Choices) -> str:
        """Say `question` and what can be typed, then read one line (stripped); `?` and `r` are
        answered here and the question asked again. InputEnded at the end of input."""
        while True:
            self._write(self._lines([f"{question} {choices.typing}".strip()]))
            typed = self._read_line()
            if typed == "?":
                said = [tr("{key}: {meaning}").format(key=key, meaning=tr(meaning)) for key, meaning in (*choices.commands, *HERE_TOO)]
                self._write(self._lines([tr("You can type:"), *said]))
            elif typed.lower() == "r":
                self._write(self.last or self._lines([tr("Nothing has been said yet.")]))
            elif typed.lower() == "w":
                self.card_words = not self.card_words
                self._write(self._lines([_cards_as_words() if self.card_words else _cards_as_codes()]))
            else:
                return typed

    def ask_letter(self, question: str, choices: Choices) -> str:
        """`ask` until one of the question's letters (its commands' one-letter keys) is typed:
        that letter, in lower case. Anything else gets one line naming the letters, then the
        question again."""
        letters = [key for key, _ in choices.commands if len(key) == 1 and key.isalpha()]
        while True:
            typed = self.ask(question, choices).lower()
            if typed in letters:
                return typed
            self.wrong(tr("Type one letter: {letters}.").format(letters=either(letters)))

    def ask_yes_no(self, question: str, choices: Choices) -> bool:
        """`ask` a question answered y or n (or the words yes or no, in English or the language in
        use): True for yes. Anything else gets one line saying so, then the question again."""
        while True:
            answer = yes_or_no(self.ask(question, choices))
            if answer is not None:
                return answer
            self.wrong(tr("Type y for yes or n for no."))

    def _read_line(self) -> str:
        if self.before_reading is not None:
            self.before_reading()
        line = self.read.readline()
        if not line:
            raise InputEnded
        typed = plain(line.rstrip("\r\n")).strip()
        if self.echo:
            self._write(self._lines([f"> {typed}"]))
        return typed


def yes_or_no(typed: str) -> bool | None:
    """True for y or yes, False for n or no, the words also in the language in use ("sí", "ja",
    "nein"), in any case, with or without accents; None for anything else. The letters stay y and
    n in every language, as every question says them."""
    word = _bare(typed)
    # TRANSLATORS: the word a child may type to answer yes to a question that says "Type y ... or n ..."
    if word in ("y", "yes", _bare(ptr("typed", "yes"))):
        return True
    # TRANSLATORS: the word a child may type to answer no to a question that says "Type y ... or n ..."
    if word in ("n", "no", _bare(ptr("typed", "no"))):
        return False
    return None


def _bare(word: str) -> str:
    """`word` in lower case without accents: "Sí" is "si"."""
    return "".join(char for char in unicodedata.normalize("NFKD", word.strip().lower()) if not unicodedata.combining(char))


def either(choices: Sequence[str]) -> str:
    """Choices said as a list ending in "or": "t, n or q"."""
    if len(choices) < 2:
        return "".join(choices)
    # TRANSLATORS: the end of a list of choices, "t, n or q": {some} is "t, n", {last} is "q"
    return tr("{some} or {last}").format(some=", ".join(choices[:-1]), last=choices[-1])


def _cards_as_words() -> str:
    from tutor.engine import Card
    from tutor.plain.words import card_words

    queen = Card.of("Q", "♥")
    return tr("Cards as words, like {code} ({words}).").format(code=queen.text(), words=card_words(queen))


def _cards_as_codes() -> str:
    from tutor.engine import Card

    return tr("Cards as short codes, like {code}.").format(code=Card.of("Q", "♥").text())


def _is_terminal(stream: TextIO) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False
