"""Plain lines in another language: --lang, and the learner's own choice at Home (saved in
Settings.language, spoken at once). Only what does not hang on the catalogue's translations is
checked here: which language is spoken and saved, and the cards' own letters (a German Queen is D)."""

from __future__ import annotations

from pathlib import Path

from plain_helpers import after, run_plain

from tutor import language
from tutor.plain.words import card_words
from tutor.store import open_store

COLUMNS = 72
LANGUAGE_ITEM = "8"


def saved_language(data: Path, name: str = "Ana") -> str:
    store = open_store(data)
    try:
        return store.load_settings(store.get_or_create_profile(name)).language
    finally:
        store.close()


def test_home_lists_each_language_in_its_own_words(tmp_path: Path) -> None:
    code, lines, _ = run_plain(tmp_path, ["q"], "--profile", "Ana", "--plain", columns=COLUMNS)
    assert code == 0
    assert f"{LANGUAGE_ITEM}. Language: English, Español, Deutsch" in lines


def test_choosing_a_language_at_home_saves_it_and_speaks_it_at_once(tmp_path: Path) -> None:
    code, lines, _ = run_plain(tmp_path, [LANGUAGE_ITEM, "3", "w", "q"], "--profile", "Ana", "--plain", columns=COLUMNS)
    assert code == 0
    assert "1. English" in after(lines, LANGUAGE_ITEM) and "3. Deutsch" in after(lines, LANGUAGE_ITEM)
    assert any("D♥" in line for line in after(lines, "w")), "German cards print the Queen as D"
    assert saved_language(tmp_path) == "de"
    _, lines, _ = run_plain(tmp_path, ["w", "q"], "--profile", "Ana", "--plain", columns=COLUMNS)
    assert any("D♥" in line for line in after(lines, "w")), "the saved language is spoken next time"


def test_nothing_typed_keeps_the_language(tmp_path: Path) -> None:
    code, _, _ = run_plain(tmp_path, [LANGUAGE_ITEM, "", "q"], "--profile", "Ana", "--plain", columns=COLUMNS)
    assert code == 0 and saved_language(tmp_path) == ""


def test_lang_on_the_command_line_speaks_that_language_in_plain_lines(tmp_path: Path) -> None:
    code, lines, err = run_plain(tmp_path, ["w", "q"], "--lang", "de", "--profile", "Ana", "--plain", columns=COLUMNS)
    assert code == 0 and err == ""
    assert any("D♥" in line for line in after(lines, "w"))
    _, lines, _ = run_plain(tmp_path, ["w", "q"], "--lang", "en", "--profile", "Ana", "--plain", columns=COLUMNS)
    assert any("Q♥" in line for line in after(lines, "w"))


def test_a_language_chosen_now_is_spoken_now_even_over_lang_and_kept(tmp_path: Path) -> None:
    code, lines, _ = run_plain(tmp_path, [LANGUAGE_ITEM, "2", "w", "q"], "--lang", "de", "--profile", "Ana", "--plain", columns=COLUMNS)
    assert code == 0 and saved_language(tmp_path) == "es"
    assert "Gespeichert" not in " ".join(lines) and any("Q♥" in line for line in after(lines, "w")), "Spanish at once, not --lang's German"
    code, lines, _ = run_plain(tmp_path, ["q"], "--lang", "de", "--profile", "Ana", "--plain", columns=COLUMNS)
    assert code == 0 and any("Tschüss" in line for line in lines), "next time, --lang speaks again"


def test_cards_as_words_use_each_languages_card_words() -> None:
    from tutor.engine import Card

    queen = Card.of("Q", "♥")
    try:
        assert card_words(queen) == "Queen of hearts"
        language.use("de")
        assert "Dame" in card_words(queen) and "Herz" in card_words(queen) and queen.text() == "D♥"
        language.use("es")
        assert "Reina" in card_words(queen) and "corazones" in card_words(queen)
    finally:
        language.use("en")
