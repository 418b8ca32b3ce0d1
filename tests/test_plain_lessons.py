"""Lessons in plain lines (old-maid-tutor --plain), through pipes: every step's words, numbered
answers, each wrong answer's own reason, hints, stars, and the same progress as the app."""

from __future__ import annotations

import re
from pathlib import Path

from plain_helpers import after, run_plain

from tutor.course import load_course
from tutor.learner.session import LearnerSession
from tutor.store import open_store

WHOLE_LESSON = ["", "3", "h", "2", "", "4", "2", "", "1", "1", "1", "a", "", "1", "", "2", "1", "n"]
"""The deck and the deal from start to end, with a wrong answer at three steps and a hint."""
SEED = "0"
"""The order of the answers (shuffled for each step): the keys above are typed for this one."""


def progress(data: Path, lesson: str) -> tuple[int, bool] | None:
    store = open_store(data)
    try:
        profile = store.get_or_create_profile("Ana")
        saved = LearnerSession(store, profile).lesson_progress().get(lesson)
        return None if saved is None else (saved.step, saved.finished)
    finally:
        store.close()


def test_a_whole_lesson_with_wrong_answers_each_with_its_own_reason(tmp_path: Path) -> None:
    code, lines, err = run_plain(tmp_path, WHOLE_LESSON, "--profile", "Ana", "lesson", "deck-and-deal", "--seed", SEED)
    assert code == 0, err
    lesson = load_course(replay=False).lesson("deck-and-deal")
    assert after(lines, "3")[0] == "Not quite."  # 50: the step's own words for 50
    assert " ".join(after(lines, "3")[1:]).startswith(lesson.steps[1].wrong["50"])  # type: ignore[attr-defined]
    assert "The answers:" in lines and "1. 52" in lines and "2. 51" in lines
    assert after(lines, "h")[0].startswith("Hint 1 of ")
    assert after(lines, "2")[0].startswith("Yes, 51! One Queen is out")
    assert " ".join(after(lines, "4")).startswith("Not quite. Cleo is on your right.")  # Cleo's own words
    assert "1. A♦ (Ace of diamonds)" in lines and "12. Q♥ (Queen of hearts)" not in lines  # the hand numbered as the screen orders it
    done = next(line for line in lines if line.startswith("Lesson done:"))
    assert "of 3 stars" in done
    assert any(line.startswith("What you learned: ") for line in lines)
    ending = lines[lines.index(done) : lines.index("> n")]
    assert [line for line in ending if "Pairs" in line] == ["Next up: “Pairs”."]  # said once: then "Start it now?", not "Next lesson: Pairs." again
    assert any(line.startswith("Start it now? Type y to start it") for line in lines)
    assert lines[-1] == "Everything is saved. Goodbye!"
    assert progress(tmp_path, "deck-and-deal") is not None and progress(tmp_path, "deck-and-deal")[1]  # type: ignore[index]


def test_a_lesson_left_part_way_carries_on_where_it_was(tmp_path: Path) -> None:
    code, _, _ = run_plain(tmp_path, ["", "2", ""], "--profile", "Ana", "lesson", "deck-and-deal")
    assert code == 0 and progress(tmp_path, "deck-and-deal") == (2, False)
    code, lines, _ = run_plain(tmp_path, ["y"], "--profile", "Ana", "lesson", "deck-and-deal")
    assert code == 0
    assert any(line.startswith("Welcome back! Carry on from step 3 of 6?") for line in lines)
    assert after(lines, "y")[0] == "Lesson: The deck and the deal."
    assert after(lines, "y")[1] == "Step 3 of 6."


def test_the_same_wrong_answer_typed_twice_is_counted_once(tmp_path: Path) -> None:
    code, lines, err = run_plain(tmp_path, ["", "3", "3"], "--profile", "Ana", "lesson", "deck-and-deal", "--seed", SEED)
    assert code == 0, err
    assert after(lines, "3")[0] == "Not quite." and lines.count("> 3") == 2  # told both times
    store = open_store(tmp_path)
    try:
        assert len(store.mistakes(store.get_or_create_profile("Ana"))) == 1
    finally:
        store.close()


def test_a_wrong_entry_is_one_line_saying_what_was_expected(tmp_path: Path) -> None:
    code, lines, _ = run_plain(tmp_path, ["", "seven"], "--profile", "Ana", "lesson", "deck-and-deal")
    assert code == 0
    assert after(lines, "seven")[0] == "Type the number of an answer, from 1 to 3."
    assert after(lines, "seven")[1].startswith("Your answer? Type the number")


def test_question_mark_lists_the_commands_and_r_says_the_last_thing_again(tmp_path: Path) -> None:
    code, lines, _ = run_plain(tmp_path, ["", "?", "r"], "--profile", "Ana", "lesson", "deck-and-deal")
    assert code == 0
    listed = after(lines, "?")
    said = " ".join(listed)
    assert listed[0] == "You can type:" and "h: a hint (each try opens one more; the last one is the answer)" in said
    assert "r: say the last thing again" in said and "q: stop here (everything is saved)" in said
    step = after(lines, "")
    again = after(lines, "r")
    assert again[: len(step) - 1] == step[: len(step) - 1]  # the step's words again, then the question


def test_the_lessons_list_says_each_standing_and_a_locked_lesson_says_why(tmp_path: Path) -> None:
    code, lines, _ = run_plain(tmp_path, ["2", "2", "q"], "--profile", "Ana", "--plain", columns=80)
    assert code == 0
    assert "1. The deck and the deal (new)" in lines
    assert "2. Pairs (locked: finish “The deck and the deal” first)" in lines
    assert "Pairs: locked: finish “The deck and the deal” first." in lines


def test_plain_lines_start_without_textual(tmp_path: Path) -> None:
    import subprocess
    import sys

    done = subprocess.run(
        [sys.executable, "-X", "importtime", "-m", "tutor", "--data-dir", str(tmp_path), "--profile", "Ana", "--plain"],
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=60,
    )
    imported = [line.rsplit("|", 1)[-1].strip() for line in done.stderr.splitlines() if line.startswith("import time:")]
    assert done.returncode == 0 and "tutor.plain.app" in imported
    assert not [name for name in imported if name.split(".")[0] in ("textual", "rich") or name.startswith("tutor.ui")]


def test_after_a_pair_goes_down_the_hand_is_said_again_with_its_new_numbers(tmp_path: Path) -> None:
    code, lines, _ = run_plain(tmp_path, ["", "1 2", "d"], "--profile", "Ana", "lesson", "pairs")
    assert code == 0
    said = after(lines, "1 2")
    assert said[:2] == ["Right.", "You laid down 5♣ and 5♥."]
    assert said[said.index("Your cards (2):") + 1 :][:2] == ["1. 9♦ (9 of diamonds)", "2. K♠ (King of spades)"]


def test_the_card_just_drawn_is_marked_in_the_hand_as_the_lesson_says(tmp_path: Path) -> None:
    code, lines, _ = run_plain(tmp_path, ["", "4", "", "1", "4", "2", ""], "--profile", "Ana", "lesson", "a-turn")
    assert code == 0
    assert after(lines, "1")[:2] == ["Not quite.", "You chose to draw from you."]  # your own cards: the engine's reason at once
    drawn = after(lines, "2")
    assert drawn[0].startswith("You've got a new card: it is marked ★ in your hand.")
    assert [line for line in drawn if line.endswith(" ★")] == ["4. J♣ (Jack of clubs) ★"]
    assert "4. J♣ (Jack of clubs) ★" in after(lines, "", nth=-1)  # still marked on the next step: does it make a pair?


def test_a_step_done_is_praised_once(tmp_path: Path) -> None:
    """'Right. Right! The deal starts on your left' and 'Right. Yes! One Queen is out': the step's
    own words praise it; plain lines no longer add a second 'Right.' before them."""
    code, lines, _ = run_plain(tmp_path, ["1", "", "2", "q"], "--profile", "Ana", "--plain", "lesson", "deck-and-deal", "--seed", "1")
    assert code == 0
    assert not [line for line in lines if line.startswith(("Right. Right!", "Right. Yes", "Right. Brilliant!"))], lines


def test_the_answer_hint_says_the_numbers_to_type_not_only_the_cards(tmp_path: Path) -> None:
    code, lines, _ = run_plain(tmp_path, ["", "1 3", "h", "2 3", "h", "h", "y"], "--profile", "Ana", "lesson", "pairs", columns=200)
    assert code == 0
    assert after(lines, "y")[0].startswith("Hint 3 of 3 (the answer): Lay down 5♣ and 5♥, then say you're done.")
    assert after(lines, "y")[0].endswith(" Type 1 2, then d.")
    code, lines, _ = run_plain(
        tmp_path / "choice", ["", "3", "h", "1", "h", "h", "y"], "--profile", "Ana", "lesson", "deck-and-deal", "--seed", SEED, columns=200
    )
    assert after(lines, "y")[0].startswith("Hint 3 of 3 (the answer): The answer is “51”.") and after(lines, "y")[0].endswith(" Type 2.")


def test_the_charts_words_fit_what_plain_lines_show(tmp_path: Path) -> None:
    """Plain lines say each seat's share as a number, with no bar: lesson 10 spoke of "the
    shortest bar" to a child who hears only numbers."""
    code, lines, _ = run_plain(tmp_path, ["", "2", "h", "h"], "--profile", "Ana", "lesson", "is-it-fair", columns=100)
    assert code == 0
    said = "\n".join(lines)
    assert "(dealer)" in said and "%" in said and "smallest number" in said
    assert not re.search(r"\bbars?\b", said, re.IGNORECASE), said
