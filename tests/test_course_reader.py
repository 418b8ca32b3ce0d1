"""The one reader for teacher-edited files: special files refused without hanging, depth and
size capped, NUL and non-UTF-8 bytes reported with their line, and the shared checks."""

from __future__ import annotations

import os
import threading
from pathlib import Path

import pytest

from tutor.course import load_course
from tutor.course.source import MAX_DEPTH, Checker, read_file, read_yaml, read_yaml_file

GOOD_HEAD = "format_version: 1\nid: deep\ntitle: Deep\nconcepts: [pairs]\nintro: Hi.\n"


def nested_block(depth: int) -> str:
    """`steps:` with a block list nested `depth` levels deep."""
    return "steps:\n" + "".join("  " * level + "-\n" for level in range(1, depth)) + "  " * depth + "- x\n"


def test_a_lesson_nested_300_deep_is_one_clean_problem(tmp_path: Path) -> None:
    (tmp_path / "02-deep.yaml").write_text(GOOD_HEAD + nested_block(300), encoding="utf-8")
    course = load_course([tmp_path])
    problems = [str(problem) for problem in course.problems]
    assert len(problems) == 1 and f"nested more than {MAX_DEPTH} deep" in problems[0]
    assert problems[0].startswith(f"{tmp_path}/02-deep.yaml:")


def test_flow_style_nesting_is_caught_too() -> None:
    root, problems = read_yaml("a: " + "[" * 200 + "]" * 200, "x.yaml")
    assert root is None and problems[0].line == 1 and "too deep" in problems[0].message


def test_aliases_cannot_nest_a_shallow_anchor_deep() -> None:
    lines = ["a0: &a0 [x]"] + [f"a{n}: &a{n} [*a{n - 1}, *a{n - 1}]" for n in range(1, 16)]
    text = "\n".join(lines) + "\nz: " + "[" * 30 + "*a15" + "]" * 30 + "\n"
    root, problems = read_yaml(text, "x.yaml")
    assert problems and all("too" in problem.message or "more than" in problem.message for problem in problems)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")
def test_a_fifo_in_the_lessons_folder_is_refused_not_opened(tmp_path: Path) -> None:
    os.mkfifo(tmp_path / "05-pipe.yaml")
    result: list[object] = []
    worker = threading.Thread(target=lambda: result.append(load_course([tmp_path])), daemon=True)
    worker.start()
    worker.join(timeout=10)
    assert result, "reading a FIFO hung"
    assert [str(problem) for problem in result[0].problems] == [  # type: ignore[attr-defined]
        f"{tmp_path}/05-pipe.yaml: not a regular file (a FIFO): only plain text files are read"
    ]


def test_a_folder_named_as_a_file_and_a_device_are_refused(tmp_path: Path) -> None:
    text, problems = read_file(Path("/dev/zero"), "zero.yaml")
    assert text is None and "not a regular file (a device)" in str(problems[0])


def test_a_nul_byte_is_reported_with_its_line(tmp_path: Path) -> None:
    (tmp_path / "quiz.yaml").write_bytes(b"format_version: 1\nquestions:\n  - id: a\0b\n")
    root, problems = read_yaml_file(tmp_path / "quiz.yaml", "lessons/quiz.yaml")
    assert root is None and [str(problem) for problem in problems] == ["lessons/quiz.yaml:3: a NUL byte (column 10): this is not a text file"]


def test_bytes_that_are_not_utf8_are_reported_with_their_line(tmp_path: Path) -> None:
    (tmp_path / "mistakes.yaml").write_bytes(b"format_version: 1\n\nmistakes:\n  kept-pair: caf\xe9\n")
    root, problems = read_yaml_file(tmp_path / "mistakes.yaml", "lessons/mistakes.yaml")
    assert root is None and str(problems[0]) == "lessons/mistakes.yaml:4: not UTF-8 text (byte 0xe9 at column 17): save the file as UTF-8"


def test_a_file_too_big_is_refused_unread(tmp_path: Path) -> None:
    with open(tmp_path / "10-big.yaml", "wb") as file:
        file.truncate(50_000_000)
    text, problems = read_file(tmp_path / "10-big.yaml", "big.yaml")
    assert text is None and "too big" in problems[0].message


def test_the_checker_reports_every_problem_with_line_and_field() -> None:
    root, problems = read_yaml("questions:\n  - id: Bad Id\n    prompt: ''\n    colour: red\n", "lessons/quiz.yaml")
    assert root is not None
    check = Checker("lessons/quiz.yaml", problems)
    found = check.fields(root, ("questions",), ("questions", "format_version"), "a quiz")
    assert found is not None
    for question in check.items(found["questions"], "questions"):
        parts = check.fields(question, ("id", "prompt"), ("id", "prompt", "answer"), "a question")
        assert parts is not None
        check.slug(parts["id"])
        check.text(parts["prompt"])
    assert [str(problem) for problem in problems] == [
        "lessons/quiz.yaml:1: format_version: missing (a quiz needs one)",
        "lessons/quiz.yaml:4: questions[0].colour: unknown field (allowed here: id, prompt)",
        "lessons/quiz.yaml:2: questions[0].answer: missing (a question needs one)",
        "lessons/quiz.yaml:2: questions[0].id: 'Bad Id' is not an id: use lower-case words joined by hyphens, like three-of-a-kind",
        "lessons/quiz.yaml:3: questions[0].prompt: expected some words",
    ]


def test_a_deep_quiz_file_is_a_problem_not_a_crash(tmp_path: Path) -> None:
    from tutor.quiz.bank import check_quiz_file

    (tmp_path / "quiz.yaml").write_text("format_version: 1\nquestions:\n" + nested_block(500)[len("steps:\n") :], encoding="utf-8")
    problems = check_quiz_file(tmp_path / "quiz.yaml")
    assert len(problems) == 1 and "too deep for a course file" in problems[0].message and problems[0].line is not None


def test_a_deep_mapping_is_caught_before_the_composer_recurses() -> None:
    text = "".join("  " * level + f"k{level}:\n" for level in range(400)) + "  " * 400 + "x: 1\n"
    root, problems = read_yaml(text, "lessons/02-deep.yaml")
    assert root is None and problems[0].line == MAX_DEPTH + 1


def test_lessons_check_reports_a_deep_lesson_in_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    import argparse

    from tutor.cli.lessons import register

    (tmp_path / "02-deep.yaml").write_text(GOOD_HEAD + nested_block(260), encoding="utf-8")
    parser = argparse.ArgumentParser(prog="old-maid-tutor")
    register(parser.add_subparsers(dest="command"))
    args = parser.parse_args(["lessons", "check", str(tmp_path)])
    assert args.func(args) == 1
    out = capsys.readouterr().out.splitlines()
    assert len(out) == 2 and "too deep for a course file" in out[0] and out[1] == "1 problem in 1 of 1 course file."
