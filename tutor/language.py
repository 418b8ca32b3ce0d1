"""The language the tutor speaks: which ones there are, which one is in use, and the words in it.

Every sentence a learner reads is written in English in the code or the course files and looked
up in the language's gettext catalogue (`tutor/locale/<code>/LC_MESSAGES/tutor.po`, compiled to
`.mo` by `make setup`; how to add a language is in the README). A missing entry is said in English.

    from tutor.language import tr, ntr, mark
    tr("Your turn.")                                    # the sentence in the language in use
    ntr("{count} card", "{count} cards", n).format(count=n)   # every count, with the language's plurals
    TITLE = mark("Lessons")                             # found by `pybabel extract`, translated later: tr(TITLE)

Placeholders are always named (`{cards}`, `{seat}`), so a translation may put them in its own
order. One process speaks one language at a time (each classroom tab is a process of its own):
`use(code)` switches it; a reading kept once made (the course, the quiz) is kept for each language
(`per_language`).

Which language, first found: `--lang`, the learner's saved setting, `LANGUAGE`, `LC_ALL`,
`LC_MESSAGES`, `LANG`, then English (`chosen`).
"""

from __future__ import annotations

import gettext
import os
import threading
from collections.abc import Callable, Hashable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from functools import update_wrapper
from pathlib import Path
from typing import Generic, TypeVar

T = TypeVar("T")
DOMAIN = "tutor"
LOCALE_DIR = Path(__file__).resolve().parent / "locale"
LANGUAGES: dict[str, str] = {"en": "English", "es": "Español", "de": "Deutsch"}
"""Each language the tutor speaks, by code, named in its own words (as a chooser lists them)."""
ENGLISH = "en"
ENVIRONMENT = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")

_current = ENGLISH
_asked: str | None = None
_asked_is_a_default = False
_catalogue: gettext.NullTranslations = gettext.NullTranslations()
_switches: list[Callable[[], None]] = []
_switched = 0
"""How many times the language in use has changed: a reading in a thread made while it changed
may mix two languages' words (`PerLanguage` reads it again)."""
_moment = threading.RLock()
"""Held for a `speaking` moment: two threads' moments never interleave (each restores what it found)."""
READ_TRIES = 3
_loaded: dict[str, gettext.NullTranslations] = {}


class UnknownLanguage(ValueError):
    """A language code the tutor does not speak."""

    def __init__(self, code: str) -> None:
        super().__init__(f"unknown language {code!r}: choose one of {', '.join(LANGUAGES)}")
        self.code = code


def tr(message: str) -> str:
    """`message` in the language in use (itself, in English or when the catalogue lacks it)."""
    return _catalogue.gettext(message) if message else message


def ntr(singular: str, plural: str, count: int) -> str:
    """The form of a counted message the language uses for `count` (fill in `{count}` after)."""
    return _catalogue.ngettext(singular, plural, count)


def ptr(context: str, message: str) -> str:
    """`message` where the same English word needs telling apart by `context` ("card", "Q")."""
    return _catalogue.pgettext(context, message)


def mark(message: str) -> str:
    """`message` unchanged: marks a constant for the catalogue, to be said later with `tr`."""
    return message


def current() -> str:
    """The code of the language in use ("en", "es", "de")."""
    return _current


def use(code: str) -> None:
    """Speak `code` from now on in this process; UnknownLanguage if the tutor does not speak it."""
    code = known(code)
    with _moment:
        if code != _current:
            _switch_to(code, _load(code))


def _switch_to(code: str, catalogue: gettext.NullTranslations) -> None:
    global _current, _catalogue, _switched
    _current, _catalogue = code, catalogue
    _switched += 1
    for switch in tuple(_switches):
        switch()


def on_switch(switch: Callable[[], None]) -> Callable[[], None]:
    """Call `switch` whenever another language is spoken, for good or for a moment (`speaking`):
    something cheap that must follow at once (the letters printed on cards)."""
    _switches.append(switch)
    return switch


@contextmanager
def speaking(code: str) -> Iterator[None]:
    """Speak `code` for a moment (words to keep for readers of every language, like a shared
    table's log), then the language in use again."""
    with _moment:
        before = (_current, _catalogue)
        _switch_to(known(code), _load(known(code)))
        try:
            yield
        finally:
            _switch_to(*before)


def in_every_language(say: Callable[[], T]) -> dict[str, T]:
    """What `say` says in each language the tutor speaks, by code."""
    said = {}
    for code in LANGUAGES:
        with speaking(code):
            said[code] = say()
    return said


Told = Mapping[str, str]
"""A line kept in every language, by code (a log read later, maybe in another language)."""


def told_in_every_language(say: Callable[[], Sequence[str]]) -> list[dict[str, str]]:
    """The lines `say` says, each in every language the tutor speaks (see `Told`)."""
    versions = in_every_language(lambda: list(say()))
    return [{code: lines[index] for code, lines in versions.items() if index < len(lines)} for index in range(len(versions[ENGLISH]))]


def in_my_words(line: Told | str) -> str:
    """A line kept in every language, in the language in use (English if it lacks it); a line
    kept in one language only (before logs kept every language) as it was written."""
    if isinstance(line, str):
        return line
    said = line.get(_current) or line.get(ENGLISH) or next(iter(line.values()), "")
    return said if isinstance(said, str) else ""


class PerLanguage(Generic[T]):
    """A reading whose words are in the language in use (the course, the quiz, the mistakes'
    book), made once for each language and arguments and kept: a learner who switches back, or a
    process that speaks several in turn, does not read (and check) it all again."""

    def __init__(self, read: Callable[..., T]) -> None:
        self._read = read
        self._kept: dict[tuple[str, tuple[Hashable, ...]], T] = {}
        update_wrapper(self, read)

    def __call__(self, *arguments: Hashable) -> T:
        key = (_current, arguments)
        if key in self._kept:
            return self._kept[key]
        for _ in range(READ_TRIES):
            switched = _switched
            read = self._read(*arguments)
            if _current != key[0]:  # the learner switched while it was read (in a thread): not kept
                return read
            if _switched == switched:  # nor read while another language was spoken for a moment
                self._kept[key] = read
                return read
        return read

    def is_kept(self, *arguments: Hashable) -> bool:
        """Whether a call with `arguments` answers at once, in the language in use."""
        return (_current, arguments) in self._kept

    def cache_clear(self) -> None:
        """Forget every language's reading (a changed file is read again)."""
        self._kept.clear()


def per_language(read: Callable[..., T]) -> PerLanguage[T]:
    """`read` (positional arguments only), kept for each language: see PerLanguage."""
    return PerLanguage(read)


def known(code: str) -> str:
    """`code` as the tutor names it ("ES" -> "es", "de_DE.UTF-8" -> "de"), or UnknownLanguage."""
    found = of_locale(code)
    if found is None:
        raise UnknownLanguage(code)
    return found


def of_locale(value: str) -> str | None:
    """The language a locale name means ("es_ES.UTF-8", "de", "C"), if the tutor speaks it."""
    code = value.strip().split(".")[0].split("@")[0].replace("-", "_").split("_")[0].lower()
    return code if code in LANGUAGES else None


def argument(code: str) -> str:
    """`--lang`'s value, for argparse: the code, or an error saying which languages there are."""
    import argparse

    try:
        return known(code)
    except UnknownLanguage as unknown:
        raise argparse.ArgumentTypeError(
            tr("unknown language {code}: choose one of {codes}").format(code=repr(unknown.code), codes=", ".join(LANGUAGES))
        ) from None


def chosen(asked: str | None = None, saved: str | None = None, environ: Mapping[str, str] | None = None) -> str:
    """The language to speak: `asked` (--lang), else `saved` (the learner's setting), else the
    first the environment names that the tutor speaks (LANGUAGE may list several, "de:en"), else English."""
    if asked:
        return known(asked)
    if saved and of_locale(saved):
        return known(saved)
    environ = os.environ if environ is None else environ
    for variable in ENVIRONMENT:
        value = environ.get(variable, "")
        if not value:
            continue
        for part in value.split(":"):
            found = of_locale(part)
            if found is not None:
                return found
        if variable != "LANGUAGE":
            break  # LC_ALL set to a language the tutor lacks means English, not the next variable
    return ENGLISH


def ask(code: str | None, as_default: bool = False) -> None:
    """What the command line asked for (`--lang`), checked (UnknownLanguage) and spoken at once.
    `as_default`: a classroom's language, which each pupil's own setting overrides."""
    global _asked, _asked_is_a_default
    _asked, _asked_is_a_default = (known(code) if code else None), as_default
    use(chosen(_asked))


def use_for_learner(saved: str) -> None:
    """Speak what a learner should hear, given their saved setting (`Settings.language`, "" for
    none): --lang first (at a classroom, their own setting first), then theirs, then the environment."""
    if _asked_is_a_default:
        use(chosen(saved or _asked))
    else:
        use(chosen(_asked, saved))


def learner_chose(code: str) -> None:
    """The learner has just chosen `code` (Settings): spoken at once, even over --lang, for as long
    as this program runs; "" (no choice) goes back to --lang and the environment."""
    global _asked
    if code:
        _asked = None
    use_for_learner(code)


def _load(code: str) -> gettext.NullTranslations:
    """The language's catalogue; none (English words) for English or when it has no compiled one."""
    if code not in _loaded:
        from tutor.compiled_catalogue import Catalogue  # not for English: nothing to look up

        compiled = LOCALE_DIR / code / "LC_MESSAGES" / f"{DOMAIN}.mo"
        _loaded[code] = Catalogue(compiled) if code != ENGLISH and compiled.is_file() else gettext.NullTranslations()
    return _loaded[code]
