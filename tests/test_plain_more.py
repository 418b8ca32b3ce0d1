"""The quiz, My progress and the Rules in plain lines, and the same learner in the app: progress
made in one shows in the other, and a game saved in one goes on in the other."""

from __future__ import annotations

from pathlib import Path

from plain_helpers import after, run_plain

from tutor.learner.session import LearnerSession
from tutor.play.guided_game import GuidedGame
from tutor.quiz import QuizRound
from tutor.settings import Settings
from tutor.store import open_store
from tutor.ui.app import TutorApp
from tutor.ui.game_screen import GameScreen
from tutor.ui.progress_screen import ProgressScreen
from tutor.wording.rules import CHANGE_OUTSIDE_PLAIN_LINES, rules_summary

COLUMNS = 72


def quiz_answers(data: Path) -> int:
    store = open_store(data)
    try:
        return len(LearnerSession(store, store.get_or_create_profile("Ana")).record().answers)
    finally:
        store.close()


def test_a_quiz_round_with_right_and_wrong_answers(tmp_path: Path) -> None:
    expected = QuizRound(Settings(learner_name="Ana"), 7)
    first = expected.current
    assert first is not None
    wrong = next(index for index in range(len(first.options)) if index not in first.correct)
    right = next(iter(first.correct))
    typed = [str(wrong + 1), *["1"] * 30, "q"]
    code, lines, _ = run_plain(tmp_path, typed, "--profile", "Ana", "quiz", "--seed", "7", columns=COLUMNS)
    assert code == 0
    assert lines[2] == "Question 1 of 8."
    assert "The answers:" in lines
    assert " ".join(after(lines, str(wrong + 1))).startswith(f"Not quite. The answer: {first.options[right]}")
    assert any(line.startswith("Once more, a question you missed") for line in lines)
    assert any(line.startswith("Type n for a new round") or line.startswith("Type t to try these again") for line in lines)
    assert "Type one letter: t, n or q." in lines or "Type one letter: n or q." in lines  # the 1s typed after the round: not taken as q
    still = lines.count("✗ Still to get right.")
    assert (still > 0) == any(line.startswith("Type t to try these again") for line in lines), "under each question missed, as on the screen"
    assert quiz_answers(tmp_path) >= 9  # every answer kept in the learner's record, as the app keeps them


def test_my_progress_says_every_section_in_words(tmp_path: Path) -> None:
    run_plain(tmp_path, ["", "2"], "--profile", "Ana", "lesson", "deck-and-deal")
    code, lines, _ = run_plain(tmp_path, ["5", "q"], "--profile", "Ana", "--plain", columns=COLUMNS)
    assert code == 0
    said = after(lines, "5")
    assert said[0] == "My progress."
    assert said[1] == "Ana: 0 of 11 lessons done, 0 stars, no quiz answers yet, 0 games played."
    for heading in ("What next:", "Lessons: 0 of 11 done:", "Quiz:", "Mistakes:", "Games:"):
        assert heading in said
    assert "1. The deck and the deal: you are on step 3 of 6. This is the next one." in said  # number and title first, then the state in words
    assert "2. Pairs: locked until you finish “The deck and the deal”." in said
    assert "Three and four of a kind: not grown yet." in said
    assert not [line for line in said if any(mark in line for mark in ("▶", "◀", "⊘", "·", "★", "block", "+"))], said  # no screen marks or jargon
    assert "No games finished yet. Choose Play a game at Home to play one." in " ".join(said)


def test_my_progress_says_a_lesson_done_and_a_rule_grown_today_in_sentences(tmp_path: Path) -> None:
    from test_plain_lessons import SEED, WHOLE_LESSON

    run_plain(tmp_path, WHOLE_LESSON, "--profile", "Ana", "lesson", "deck-and-deal", "--seed", SEED)
    code, lines, _ = run_plain(tmp_path, ["5", "q"], "--profile", "Ana", "--plain", columns=COLUMNS)
    assert code == 0
    said = after(lines, "5")
    done = next(line for line in said if line.startswith("1. The deck and the deal: "))
    assert done in ("1. The deck and the deal: done, with 1 star.", "1. The deck and the deal: done, with 2 stars.")
    assert "2. Pairs: not started yet. This is the next one." in said
    assert "The 51-card deck and the odd card: grown 1 of 6 steps, 1 of them today." in said


def test_the_rules_are_every_heading_and_paragraph_of_the_rules_screen(tmp_path: Path) -> None:
    code, lines, _ = run_plain(tmp_path, ["6", "q"], "--profile", "Ana", "--plain", columns=2000)
    assert code == 0
    said = after(lines, "6")
    for heading, paragraph in rules_summary(Settings().rules(), CHANGE_OUTSIDE_PLAIN_LINES):
        assert f"{heading}:" in said and all(line in said for line in paragraph.split("\n"))
    assert "You can change these in Settings." not in said  # plain lines have no Settings: said how to change them instead


async def test_a_game_saved_in_plain_lines_goes_on_in_the_app_and_progress_shows_there(tmp_path: Path) -> None:
    run_plain(tmp_path, ["", "2"], "--profile", "Ana", "lesson", "deck-and-deal")
    run_plain(tmp_path, ["3 2"], "--profile", "Ana", "play", "--deck", "standard", "--seed", "3")
    store = open_store(tmp_path)
    profile = store.get_or_create_profile("Ana")
    saved = store.load_game(profile)
    assert saved is not None
    app = TutorApp(store, profile, start="play")
    async with app.run_test(size=(100, 34)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        assert app.screen.session.to_dict()["game"] == saved["game"]  # the same game, a pair already down
        app.push_screen(ProgressScreen())
        await pilot.pause()
        assert "step 3 of 6" in str(app.screen.query_one("#progress-lessons").content)  # type: ignore[attr-defined]
    store.close()


def test_a_game_saved_in_the_app_goes_on_in_plain_lines(tmp_path: Path) -> None:
    store = open_store(tmp_path)
    game = GuidedGame.new(Settings(learner_name="Ana"), seed=3)
    hand = [str(card) for card in game.hand]
    store.save_game(store.get_or_create_profile("Ana"), game.to_dict())
    store.close()
    code, lines, _ = run_plain(tmp_path, ["t"], "--profile", "Ana", "play", columns=COLUMNS)
    assert code == 0 and "Welcome back! Your game carries on from where you stopped." in lines
    listed = after(lines, "t")
    assert [line.split(". ", 1)[1].split(" ")[0] for line in listed if line[:1].isdigit() and ". " in line][-len(hand) :] == sorted(
        hand, key=lambda code: next(card for card in game.hand if str(card) == code)
    )


def test_plain_lines_each_time_is_a_saved_setting_the_command_line_follows(tmp_path: Path) -> None:
    from argparse import Namespace

    from tutor.cli.command import plain_wanted

    code, lines, _ = run_plain(tmp_path, ["7", "y", "q"], "--profile", "Ana", "--plain", columns=COLUMNS)
    assert code == 0 and "Saved: plain lines each time, even at a terminal." in lines
    store = open_store(tmp_path)
    try:
        assert store.load_settings(store.get_or_create_profile("Ana")).plain_lines
    finally:
        store.close()
    assert plain_wanted(Namespace(plain=False), chosen=True)


def test_a_wrong_entry_at_home_and_the_end_of_input_save_and_end_cleanly(tmp_path: Path) -> None:
    code, lines, err = run_plain(tmp_path, ["9", "play"], "--profile", "Ana", "--plain", columns=COLUMNS)
    assert code == 0 and err == ""
    assert after(lines, "9")[0] == "Type a number from 1 to 8, or q to stop."
    assert lines[-1] == "Everything is saved. Goodbye!"


def test_non_interactive_commands_stay_as_they_were_without_a_terminal(tmp_path: Path) -> None:
    import subprocess
    import sys

    done = subprocess.run([sys.executable, "-m", "tutor", "lessons", "check"], stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0 and "plain lines" not in done.stdout
    done = subprocess.run([sys.executable, "-m", "tutor", "decks"], stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0 and done.stdout.startswith("standard")


def test_output_read_only_in_part_ends_quietly(tmp_path: Path) -> None:
    """`old-maid-tutor --plain | head -1`: once the reader has gone, the tutor stops without a word
    (as a command killed by SIGPIPE does), never with 'something went wrong'."""
    import subprocess
    import sys

    tutor = subprocess.Popen(
        [sys.executable, "-m", "tutor", "--data-dir", str(tmp_path), "--profile", "Zed", "--plain"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert tutor.stdout is not None and tutor.stdin is not None and tutor.stderr is not None
    assert tutor.stdout.readline().startswith(b"Old Maid Tutor, in plain lines.")
    tutor.stdout.close()  # the reader goes
    tutor.stdin.write(b"1\n1\n1\n1\n")
    tutor.stdin.close()
    assert tutor.wait(timeout=30) == 141
    assert tutor.stderr.read() == b""


def test_quiz_tables_keep_other_hands_face_down_as_the_quiz_screen_does(tmp_path: Path) -> None:
    """Plain lines read every hand of a quiz table aloud ("every hand face up") while the quiz screen
    shows other players' hands face down unless the question looks behind the scenes."""
    for seed in range(4):
        code, lines, _ = run_plain(tmp_path / str(seed), [*["1"] * 40, "q"], "--profile", "Ana", "quiz", "--seed", str(seed), columns=COLUMNS)
        assert code == 0
        for at, line in enumerate(lines):
            if line == "The table, clockwise from you:":
                seats = []
                for seat_line in lines[at + 2 :]:  # the learner's own seat first, then the others
                    if not seat_line[:1].isupper() or ":" not in seat_line or seat_line.startswith("The answers"):
                        break
                    seats.append(seat_line)
                assert all("face down" in seat or seat.endswith("no cards.") for seat in seats), seats
                assert all(": holds " in seat for seat in seats), seats  # not "Bea · ▶ draws: 3 cards", heard as cards drawn
        for at, line in enumerate(lines):
            if line == "The table, every hand face up, clockwise from you:":  # only where the question says so
                assert any(earlier.startswith("Behind the scenes") for earlier in lines[max(0, at - 4) : at]), lines[at - 4 : at]
