"""lessons/mistakes.yaml through the one reader: typed words, every problem with file:line: field,
built-in words when the file is broken (never a crash at the first mistake), and wording that fits
the rules in play."""

from __future__ import annotations

import argparse
from pathlib import Path

import pytest

from tutor.cli.lessons import register
from tutor.course.mistakes import FALLBACK, MistakeWords, explain, mistake_book, read_mistakes
from tutor.engine.cards import Card
from tutor.engine.game import Game
from tutor.engine.mistakes import Mistake, MistakeCode
from tutor.engine.rules import Rules

SHIPPED = (Path(__file__).parent.parent / "lessons" / "mistakes.yaml").read_text(encoding="utf-8")


def test_the_shipped_file_is_good_and_typed() -> None:
    book = mistake_book()
    assert book.problems == () and book.notice == ""
    assert set(book.words) == {code.value for code in MistakeCode} == set(FALLBACK)
    assert all(isinstance(words, MistakeWords) for words in book.words.values())
    assert book.words["kept-pair"].lesson == "pairs"


def test_every_problem_is_reported_at_once_with_line_and_field() -> None:
    text = SHIPPED.replace("    lesson: pairs\n    what: You still hold {cards}.", "    lesson: Pairs!\n    what: You still hold {card}.", 1)
    text = text.replace("  no-such-card:", "  no-such-cards:")
    book = read_mistakes(text, "lessons/mistakes.yaml")
    shown = [str(problem) for problem in book.problems]
    line_of = {line.strip(): number for number, line in enumerate(text.splitlines(), 1)}
    assert f"lessons/mistakes.yaml:{line_of['lesson: Pairs!']}: mistakes.kept-pair.lesson: 'Pairs!' is not an id" in shown[0]
    assert shown[1].startswith(f"lessons/mistakes.yaml:{line_of['what: You still hold {card}.']}: mistakes.kept-pair.what: unknown placeholder {{card}}")
    assert any("mistakes.no-such-cards: 'no-such-cards' is not a mistake code" in line for line in shown)
    assert any(line.endswith("mistakes.no-such-card: missing (every mistake code needs words)") for line in shown)
    assert book.words["kept-pair"] == FALLBACK["kept-pair"] and book.words["laid-down-three"].what.startswith("You tried")


@pytest.mark.parametrize("text", ["", "mistakes: [", "format_version: 1\nmistakes: 7\n", "- a\n- b\n", "a:\n" + "  " * 200 + "b"])
def test_a_broken_file_gives_built_in_words_and_one_clear_notice(text: str) -> None:
    book = read_mistakes(text, "lessons/mistakes.yaml")
    assert book.problems and book.words == FALLBACK
    assert book.notice.startswith("The mistake explanations file has a problem, so simpler built-in words are used: lessons/mistakes.yaml")
    game = Game.from_hands(Rules.bicycle(3), [[Card.parse("5C"), Card.parse("5H")], [Card.parse("QS")], [Card.parse("7D")]], 2, (0,))
    said = explain(Mistake(MistakeCode.KEPT_PAIR, 0, (Card.parse("5C"), Card.parse("5H"))), game, ["you", "Ana", "Ben"], entries=book.words)
    assert "5♣ and 5♥" in said.what


def test_a_deeply_nested_file_is_a_problem_not_a_crash() -> None:
    book = read_mistakes("mistakes:\n" + "".join("  " * level + "-\n" for level in range(1, 400)), "m.yaml")
    assert book.words == FALLBACK and "too deep" in book.problems[0].message


def test_the_wrong_pair_words_fit_the_rules_in_play() -> None:
    cards = (Card.parse("5C"), Card.parse("7H"))
    mistake = Mistake(MistakeCode.NOT_A_PAIR, 0, cards)
    for rules in (Rules.bicycle(3), Rules.bicycle(3, odd_card_wins=True), Rules.table(3), Rules.table(3, odd_card_wins=True)):
        game = Game.from_hands(rules, [list(cards), [Card.parse("QS")], [Card.parse("7D")]], 2, (0,))
        why = explain(mistake, game, ["you", "Ana", "Ben"]).why
        if rules.odd_card_wins:
            assert "Old Maid" not in why, rules
        if rules.variant == "bicycle" and not rules.odd_card_wins:
            assert "Old Maid" in why


def run_check(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="old-maid-tutor")
    register(parser.add_subparsers(dest="command"))
    args = parser.parse_args(argv)
    return int(args.func(args))


def test_lessons_check_covers_mistakes_and_quiz_files(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "mistakes.yaml").write_text(SHIPPED.replace("lesson: empty-hands", "lesson: nowhere"), encoding="utf-8")
    (tmp_path / "quiz.yaml").write_text("format_version: 1\nquestions: 3\n", encoding="utf-8")
    assert run_check(["lessons", "check", str(tmp_path / "mistakes.yaml"), str(tmp_path / "quiz.yaml")]) == 1
    out = capsys.readouterr().out.splitlines()
    assert any(line.startswith(f"{tmp_path}/quiz.yaml:2: questions:") for line in out)
    assert any(line.startswith(f"{tmp_path}/mistakes.yaml:") and "mistakes.drew-from-empty.lesson: no lesson has the id 'nowhere'" in line for line in out)
    assert out[-1].endswith(" in 2 of 2 course files.")


def test_a_broken_shipped_file_never_crashes_a_lesson_at_the_first_mistake(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from tutor.course import LayDownCards, LessonRun, load_course
    from tutor.course import mistakes as explanations

    broken = tmp_path / "mistakes.yaml"
    broken.write_text(SHIPPED.replace("    rule: Every pair goes down\n", "    rule: [Every pair goes down\n", 1), encoding="utf-8")
    monkeypatch.setattr(explanations, "shipped_file", lambda: broken)
    explanations.mistake_book.cache_clear()
    try:
        lesson = load_course(replay=False).lesson("pairs")
        assert lesson is not None
        run = LessonRun(lesson, step=[step.kind for step in lesson.steps].index("lay-down"))
        learner = run.learner
        assert learner is not None and run.game is not None
        held = run.game.hands[learner]
        feedback = run.submit(LayDownCards([held[0], next(card for card in held if card.rank != held[0].rank)]))
        assert feedback.explanation is not None and feedback.explanation.what
        assert run.notice.startswith("The mistake explanations file has a problem") and "lessons/mistakes.yaml:" in run.notice
    finally:
        explanations.mistake_book.cache_clear()


def test_lessons_check_finds_words_on_going_out_that_some_rules_make_untrue(tmp_path: Path) -> None:
    """'So Sam is safe' is untrue where going out cannot win (the reversed game) or before the
    strict pair check: the words go to every rules the settings allow, so lessons check says so."""
    from tutor.course.mistakes import check_mistakes_file

    said = "so {seat} is out of the game."
    assert said in SHIPPED
    path = tmp_path / "mistakes.yaml"
    path.write_text(SHIPPED.replace(said, "so {seat} is safe and out of the game."), encoding="utf-8")
    (problem,) = check_mistakes_file(path, "lessons/mistakes.yaml")
    line = SHIPPED[: SHIPPED.index(said)].count("\n") + 1
    assert str(problem).startswith(f"lessons/mistakes.yaml:{line}: mistakes.drew-from-empty.what: says “{{seat}} has no cards left, so {{seat}} is safe")
    assert "which is not so under some rules the settings allow" in str(problem)
    path.write_text(SHIPPED, encoding="utf-8")
    assert check_mistakes_file(path, "lessons/mistakes.yaml") == []
