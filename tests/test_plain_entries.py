"""Wrong entries in plain lines: each one is refused with one line saying what was expected, then
the question again, never taken as a choice; yes/no questions all take y or n (and the words,
in the language in use); `r` after a wrong entry says the question's own words again."""

from __future__ import annotations

from pathlib import Path

from plain_helpers import after, run_plain
from test_plain_lessons import SEED, WHOLE_LESSON

from tutor.store import open_store

COLUMNS = 80


def two_learners(data: Path) -> None:
    store = open_store(data)
    try:
        store.get_or_create_profile("Ana")
        store.get_or_create_profile("Ben")
    finally:
        store.close()


def learner_names(data: Path) -> list[str]:
    store = open_store(data)
    try:
        return [profile.name for profile in store.profiles()]
    finally:
        store.close()


def test_who_is_learning_refuses_a_number_that_is_no_learners_and_q_stops(tmp_path: Path) -> None:
    two_learners(tmp_path)
    code, lines, _ = run_plain(tmp_path, ["5", "r", "q"], "--plain", columns=COLUMNS)
    assert code == 0
    assert after(lines, "5") == ["Type a number from 1 to 2, or a new name.", "Type your number (1 to 2), a new name, or q to stop."]
    assert after(lines, "r")[:3] == ["Who is learning?", "1. Ana", "2. Ben"]
    assert after(lines, "q") == ["Everything is saved. Goodbye!"]
    assert sorted(learner_names(tmp_path)) == ["Ana", "Ben"]  # no learner called "5" or "q"


def test_r_after_a_wrong_entry_says_the_question_again_not_the_wrong_entry_line(tmp_path: Path) -> None:
    code, lines, _ = run_plain(tmp_path, ["9", "r"], "--profile", "Ana", "--plain", columns=COLUMNS)
    assert code == 0
    assert after(lines, "9")[0] == "Type a number from 1 to 8, or q to stop."
    assert after(lines, "r")[0] == "Home. Ana, what would you like to do?"


def test_carry_on_refuses_anything_but_yes_or_no_and_takes_the_word_no(tmp_path: Path) -> None:
    run_plain(tmp_path, ["", "2", ""], "--profile", "Ana", "lesson", "deck-and-deal")
    code, lines, _ = run_plain(tmp_path, ["x", "no"], "--profile", "Ana", "lesson", "deck-and-deal", columns=COLUMNS)
    assert code == 0
    refused = after(lines, "x")
    assert refused[0] == "Type y for yes or n for no."
    assert refused[1].startswith("Welcome back! Carry on from step 3 of 6?")
    assert after(lines, "no")[:2] == ["Lesson: The deck and the deal.", "Step 1 of 6."]


def test_yes_and_no_are_typed_as_y_and_n_or_as_words_in_the_language_in_use(tmp_path: Path) -> None:
    run_plain(tmp_path, ["", "2", ""], "--profile", "Ana", "lesson", "deck-and-deal")
    code, lines, _ = run_plain(tmp_path, ["Sí"], "--profile", "Ana", "--lang", "es", "lesson", "deck-and-deal", columns=COLUMNS)
    assert code == 0
    assert after(lines, "Sí")[1] == "Paso 3 de 6."
    code, lines, _ = run_plain(tmp_path, ["nein"], "--profile", "Ana", "--lang", "de", "lesson", "deck-and-deal", columns=COLUMNS)
    assert code == 0
    assert after(lines, "nein")[1] == "Schritt 1 von 6."


def test_the_next_lesson_question_refuses_anything_but_yes_or_no(tmp_path: Path) -> None:
    typed = [*WHOLE_LESSON[:-1], "x", "n"]
    code, lines, _ = run_plain(tmp_path, typed, "--profile", "Ana", "lesson", "deck-and-deal", "--seed", SEED, columns=COLUMNS)
    assert code == 0
    assert after(lines, "x")[0] == "Type y for yes or n for no."
    assert after(lines, "x")[1].startswith("Start it now? Type y to start it")
    assert after(lines, "n")[0] == "Home. Ana, what would you like to do?"  # not the next lesson: `lesson ID` goes back Home


def test_home_and_the_plain_lines_setting_speak_an_eight_year_olds_words(tmp_path: Path) -> None:
    code, lines, _ = run_plain(tmp_path, ["7", ""], "--profile", "Ana", "--plain", columns=COLUMNS)
    assert code == 0
    assert "1. Continue: the next thing for you to do" in lines
    assert "7. Plain lines: start in plain lines each time, or in the big-screen app" in lines
    said = " ".join(after(lines, "7"))
    assert "big-screen app" in said and "full-screen" not in said
    assert after(lines, "")[0] == "Nothing changed."  # just Enter keeps the setting
