"""A compiled catalogue looked up in its file (tutor.compiled_catalogue): the same words as
Python's gettext for every entry of each shipped language, a tenth of the memory, no file left
open, a file written again read again, and a damaged file said as such."""

from __future__ import annotations

import gettext
import os
import tracemalloc
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo

from tutor import language
from tutor.compiled_catalogue import Catalogue

SHIPPED = sorted(code for code in language.LANGUAGES if code != language.ENGLISH)


def compiled(code: str) -> Path:
    return language.LOCALE_DIR / code / "LC_MESSAGES" / f"{language.DOMAIN}.mo"


@pytest.mark.parametrize("code", SHIPPED)
def test_every_entry_reads_as_pythons_gettext_reads_it(code: str) -> None:
    with compiled(code).open("rb") as file:
        python = gettext.GNUTranslations(file)
    ours = Catalogue(compiled(code))
    compared = 0
    for key, translation in python._catalog.items():  # type: ignore[attr-defined]
        if isinstance(key, tuple):  # one form of a message with plurals: asked for with a count that takes it
            message, form = key
            counts = [count for count in (0, 1, 2, 5, 21, 1_000_000) if python.plural(count) == form]  # type: ignore[attr-defined]
            if not counts:
                continue
            assert ours.ngettext(message, message + " (plural)", counts[0]) == translation
        elif "\x04" in key:
            context, message = key.split("\x04", 1)
            assert ours.pgettext(context, message) == translation
        else:
            assert ours.gettext(key) == translation
        compared += 1
    assert compared > 2000  # every entry, not a few


def test_a_missing_message_is_said_in_english_with_english_plurals(tmp_path: Path) -> None:
    catalogue = Catalogue(write(tmp_path, {"Your turn.": "Tu turno."}))
    assert catalogue.gettext("Your turn.") == "Tu turno."
    assert catalogue.gettext("Not there.") == "Not there."
    assert catalogue.ngettext("{count} card", "{count} cards", 1) == "{count} card"
    assert catalogue.ngettext("{count} card", "{count} cards", 3) == "{count} cards"
    assert catalogue.pgettext("seat", "Your turn.") == "Your turn."  # a context is part of the message


def test_plurals_and_contexts_follow_the_catalogues_own_rule(tmp_path: Path) -> None:
    catalog = Catalog(locale="es")
    catalog.add(("{count} card", "{count} cards"), ("{count} carta", "{count} de cartas", "{count} cartas"))
    catalog.add("Pass", "Pasar", context="button")
    catalog.add("Pass", "Paso")
    catalogue = Catalogue(write_catalog(tmp_path, catalog))  # Babel writes Spanish's rule: three forms
    assert [catalogue.ngettext("{count} card", "{count} cards", count) for count in (1, 1_000_000, 4)] == [
        "{count} carta",
        "{count} de cartas",
        "{count} cartas",
    ]
    assert catalogue.pgettext("button", "Pass") == "Pasar"
    assert catalogue.gettext("Pass") == "Paso"


def test_a_message_with_plurals_and_one_without_are_kept_apart_as_pythons_gettext_keeps_them(tmp_path: Path) -> None:
    """Asked without a count for a message that has plurals, Python's gettext gives its singular
    form, and asked with a count for one that has none, the English: so does the catalogue (it gave
    every form joined by NUL characters, and the translation whatever the count). A context with
    plurals works too."""
    catalog = Catalog(locale="es")
    catalog.add(("{count} card", "{count} cards"), ("{count} carta", "{count} de cartas", "{count} cartas"))
    catalog.add("Pass", "Pasar")
    catalog.add(("{count} pair", "{count} pairs"), ("{count} pareja", "{count} de parejas", "{count} parejas"), context="table")
    path = write_catalog(tmp_path, catalog)
    ours = Catalogue(path)
    with path.open("rb") as file:
        python = gettext.GNUTranslations(file)
    asked = [
        ("gettext", "{count} card"),
        ("ngettext", "Pass", "Passes", 1),
        ("ngettext", "Pass", "Passes", 2),
        ("npgettext", "table", "{count} pair", "{count} pairs", 1),
        ("npgettext", "table", "{count} pair", "{count} pairs", 7),
        ("pgettext", "table", "{count} pair"),
    ]
    for method, *arguments in asked:
        assert getattr(ours, method)(*arguments) == getattr(python, method)(*arguments), (method, arguments)
    assert ours.gettext("{count} card") == "{count} carta" and ours.ngettext("Pass", "Passes", 1) == "Pass"
    assert ours.npgettext("table", "{count} pair", "{count} pairs", 7) == "{count} parejas"


def test_a_catalogue_keeps_much_less_than_pythons_gettext_keeps() -> None:
    path = compiled("es")
    tracemalloc.start()
    try:
        with path.open("rb") as file:
            python = gettext.GNUTranslations(file)
        pythons = tracemalloc.get_traced_memory()[0]
        del python
        tracemalloc.reset_peak()
        before = tracemalloc.get_traced_memory()[0]
        ours = Catalogue(path)
        kept = tracemalloc.get_traced_memory()[0] - before
    finally:
        tracemalloc.stop()
    assert ours.gettext("Lessons") != "Lessons"
    assert kept < pythons / 8, (kept, pythons)  # about 60 KiB against 650 KiB: where each entry lies, not its words


def test_no_file_stays_open_for_a_lookup() -> None:
    """A classroom's warm process forks tabs only when it has no file open (tutor.serve.warm)."""
    before = sorted(os.listdir("/proc/self/fd"))
    catalogue = Catalogue(compiled("de"))
    assert [catalogue.gettext(word) for word in ("Lessons", "Quiz", "Not a message at all")][:2] != ["Lessons", "Quiz"]
    assert sorted(os.listdir("/proc/self/fd")) == before


def test_a_file_written_again_is_read_again_and_a_file_gone_gives_the_english_words(tmp_path: Path) -> None:
    """A catalogue compiled again (or a newer tutor installed) under a running tutor: its entries
    may lie elsewhere now, so it is read again before a lookup, never read where they were."""
    path = write(tmp_path, {"Lessons": "Lecciones", "Your turn.": "Tu turno."})
    catalogue = Catalogue(path)
    assert catalogue.gettext("Lessons") == "Lecciones"
    write(tmp_path, {"Lessons": "Las lecciones", "Your turn.": "Tu turno."})  # the words after it have moved
    assert catalogue.gettext("Your turn.") == "Tu turno."
    assert catalogue.gettext("Lessons") == "Las lecciones"
    path.unlink()
    assert catalogue.pgettext("seat", "Quiz") == "Quiz"
    path.write_bytes(b"not a catalogue at all")
    assert catalogue.gettext("Not looked up yet.") == "Not looked up yet."


@pytest.mark.parametrize(
    ("damage", "said"),
    [
        (lambda data: b"not a catalogue at all", "is not a compiled catalogue"),
        (lambda data: data[:10], "is not a whole MO file"),
        (lambda data: data[: len(data) // 2], "lies past its end"),
    ],
)
def test_a_damaged_file_is_one_error_that_names_it(tmp_path: Path, damage: object, said: str) -> None:
    path = tmp_path / "tutor.mo"
    path.write_bytes(damage(compiled("de").read_bytes()))  # type: ignore[operator]
    with pytest.raises(OSError, match=said) as raised:
        Catalogue(path)
    assert str(path) in str(raised.value)


def write(folder: Path, words: dict[str, str]) -> Path:
    catalog = Catalog(locale="es")
    for english, translation in words.items():
        catalog.add(english, translation)
    return write_catalog(folder, catalog)


def write_catalog(folder: Path, catalog: Catalog) -> Path:
    path = folder / "tutor.mo"
    with path.open("wb") as file:
        write_mo(file, catalog)
    return path
