"""Broken lesson files give clear messages (file:line: field: what is wrong), never an exception,
and the good lessons beside them still load. Also the `lessons check` command."""

from __future__ import annotations

import argparse
from importlib import resources
from pathlib import Path
from textwrap import dedent

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tutor.cli.lessons import register
from tutor.course import BrokenLesson, Problem, Step, load_course, parse_lesson
from tutor.course.parse import STEP_FIELDS, STEP_KINDS

GOOD = dedent("""\
    format_version: 1
    id: pairs
    title: Pairs
    concepts: [pairs, three-of-a-kind]
    requires: []
    intro: Pairs are two cards of one rank.
    summary: A pair is two cards of one rank.
    steps:
      - id: fives
        kind: lay-down
        rules: bicycle
        seats: [you, Ana, Ben]
        dealer: Ben
        hands:
          you: [5♣, 5H, 9♦, K♠]
          Ana: [9♠, 2♣]
          Ben: [2♦, K♦, Q♠]
        text: Lay down your pair, then say you're done.
        hints: [Look for two cards of the same rank.]
        success: Well done!
        solution: [[5♣, 5♥], done]
      - id: who-draws
        kind: seat
        continue: true
        text: Who draws first?
        ask: drawer
        hints: [The dealer offers to their left.]
        success: Yes, {drawer}.
        because: The dealer, {dealer}, offers first to their left.
        wrong:
          Ana: "{Ana} sits on the dealer's right."
          Ben: "{Ben} is the dealer, who offers the cards."
        solution: you
    """)


@pytest.fixture
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """An empty `lessons/` folder, with the working folder set so problems read lessons/NAME."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "lessons").mkdir()
    return tmp_path / "lessons"


def write(folder: Path, name: str, text: str) -> str:
    (folder / name).write_text(text, encoding="utf-8")
    return f"lessons/{name}"


def line_of(text: str, fragment: str) -> int:
    return text[: text.index(fragment)].count("\n") + 1


def problems_of(folder: Path) -> list[str]:
    return [str(problem) for problem in load_course([folder.name]).problems]


def test_the_good_example_is_good(folder: Path) -> None:
    write(folder, "02-pairs.yaml", GOOD)
    course = load_course([folder.name])
    assert course.problems == () and [entry.id for entry in course.lessons] == ["pairs"]


def test_every_kind_of_step_is_one_step_class_and_back() -> None:
    """The file's `kind:` words and the step classes match one to one, and each class has its fields."""
    classes = list(STEP_KINDS.values())
    assert len(set(classes)) == len(classes) and set(STEP_FIELDS) == set(classes)
    assert all(kind.kind == word for word, kind in STEP_KINDS.items())
    assert set(classes) == _leaves(Step), "a new kind of step needs its word in STEP_KINDS"


def _leaves(kind: type[Step]) -> set[type[Step]]:
    below = kind.__subclasses__()
    return set().union(*map(_leaves, below)) if below else {kind}


def test_each_step_of_the_packaged_course_is_of_the_class_its_file_names() -> None:
    lessons = resources.files("tutor.lessons")
    for lesson in load_course().lessons:
        words = [step["kind"] for step in yaml.safe_load((lessons / Path(lesson.path).name).read_text(encoding="utf-8"))["steps"]]
        assert [type(step) for step in lesson.steps] == [STEP_KINDS[word] for word in words], lesson.path


def test_bad_yaml(folder: Path) -> None:
    text = GOOD.replace("concepts: [pairs, three-of-a-kind]", "concepts: [pairs, three-of-a-kind")
    path = write(folder, "02-pairs.yaml", text)
    (problem,) = problems_of(folder)
    assert problem.startswith(f"{path}:") and "not valid YAML" in problem


def test_unknown_card(folder: Path) -> None:
    text = GOOD.replace("you: [5♣, 5H, 9♦, K♠]", "you: [5♣, 5H, 5X, K♠]")
    path = write(folder, "02-pairs.yaml", text)
    (problem,) = problems_of(folder)
    line = line_of(text, "5X")
    assert problem.startswith(f"{path}:{line}: steps[0].hands.you[2]: '5X' is not a card")
    assert "C D H S or ♣ ♦ ♥ ♠" in problem


def test_duplicate_card(folder: Path) -> None:
    text = GOOD.replace("Ana: [9♠, 2♣]", "Ana: [9♠, 5C]")
    path = write(folder, "02-pairs.yaml", text)
    assert problems_of(folder) == [f"{path}:{line_of(text, 'Ana:')}: steps[0].hands.Ana[1]: 5♣ is dealt twice: each card is in the deck once"]


def test_unknown_field_suggests_the_right_one(folder: Path) -> None:
    text = GOOD.replace("hints: [Look", "hint: [Look")
    path = write(folder, "02-pairs.yaml", text)
    found = problems_of(folder)
    assert f"{path}:{line_of(text, 'hint:')}: steps[0].hint: unknown field (did you mean 'hints'?" in "\n".join(found)
    assert any("steps[0].hints: missing" in problem for problem in found)


def test_missing_id(folder: Path) -> None:
    path = write(folder, "02-pairs.yaml", GOOD.replace("id: pairs\n", ""))
    assert problems_of(folder) == [f"{path}:1: id: missing (a lesson needs one)"]


def test_requirement_cycle(folder: Path) -> None:
    one = GOOD.replace("requires: []", "requires: [more-pairs]")
    two = GOOD.replace("id: pairs", "id: more-pairs").replace("requires: []", "requires: [pairs]")
    path_one, path_two = write(folder, "02-pairs.yaml", one), write(folder, "03-more.yaml", two)
    found = problems_of(folder)
    assert f"{path_one}:5: requires: lessons require each other in a circle: pairs → more-pairs → pairs" in found
    assert f"{path_two}:5: requires: lessons require each other in a circle: more-pairs → pairs → more-pairs" in found


def test_a_hand_holding_the_removed_card(folder: Path) -> None:
    text = GOOD.replace("    dealer: Ben\n", "    dealer: Ben\n    removed: Q♠\n", 1)
    path = write(folder, "02-pairs.yaml", text)
    line = line_of(text, "Ben: [2♦")
    assert problems_of(folder) == [f"{path}:{line}: steps[0].hands.Ben[2]: Q♠ is the card taken out before the deal (removed: Q♠), so nobody can hold it"]


def test_a_hand_holding_all_four_of_the_odd_rank(folder: Path) -> None:
    text = GOOD.replace("Ana: [9♠, 2♣]", "Ana: [9♠, 2♣, QC, QD, QH]")
    path = write(folder, "02-pairs.yaml", text)
    (problem,) = problems_of(folder)
    assert problem.startswith(f"{path}:{line_of(text, 'Ben: [2♦')}: steps[0].hands.Ben[2]: all four Qs are in play")


def test_the_removed_card_must_be_of_the_odd_rank(folder: Path) -> None:
    write(folder, "02-pairs.yaml", GOOD.replace("    dealer: Ben\n", "    dealer: Ben\n    removed: K♣\n", 1))
    (problem,) = problems_of(folder)
    assert "steps[0].removed: K♣ is not a Queen" in problem


def test_rules_errors_come_from_the_engine(folder: Path) -> None:
    write(folder, "02-pairs.yaml", GOOD.replace("rules: bicycle", "rules: {variant: bicycle, extra_draw_on_pair: true}"))
    (problem,) = problems_of(folder)
    assert "steps[0].rules.extra_draw_on_pair: extra_draw_on_pair is" in problem


def test_unknown_requirement_duplicate_id_and_unknown_concept(folder: Path) -> None:
    write(folder, "02-pairs.yaml", GOOD)
    path = write(folder, "03-again.yaml", GOOD.replace("requires: []", "requires: [nowhere]"))
    odd = write(folder, "04-odd.yaml", GOOD.replace("id: pairs", "id: odd").replace("three-of-a-kind]", "three-of-kind]"))
    found = problems_of(folder)
    assert f"{path}:2: id: the id 'pairs' is already used by lessons/02-pairs.yaml" in found
    assert f"{path}:5: requires[0]: no lesson has the id 'nowhere'" in found
    assert any(problem.startswith(f"{odd}:4: concepts[1]: 'three-of-kind' is not a concept") for problem in found)


def test_the_lesson_a_concept_names_must_list_it(folder: Path) -> None:
    path = write(folder, "02-pairs.yaml", GOOD.replace("concepts: [pairs, three-of-a-kind]", "concepts: [pairs]"))
    assert problems_of(folder) == [f"{path}:4: concepts: tutor/concepts.py says this lesson teaches 'three-of-a-kind': list it"]


def test_a_solution_that_the_engine_refuses(folder: Path) -> None:
    text = GOOD.replace("solution: [[5♣, 5♥], done]", "solution: [[5♣, 9♦], done]")
    path = write(folder, "02-pairs.yaml", text)
    (problem,) = problems_of(folder)
    where = f"{path}:{line_of(text, '[[5♣, 9♦]')}: steps[0].solution[0]"
    assert problem.startswith(f"{where}: the engine does not accept this answer: 5♣ and 9♦ are not a pair.")


def test_a_wrong_seat_in_the_solution(folder: Path) -> None:
    write(folder, "02-pairs.yaml", GOOD.replace("solution: you", "solution: Ana"))
    (problem,) = problems_of(folder)
    assert "steps[1].solution[0]: the engine does not accept this answer" in problem


def test_a_step_that_starts_already_solved(folder: Path) -> None:
    text = GOOD.replace("kind: seat\n    continue: true\n    text: Who draws first?\n    ask: drawer", "kind: lay-down\n    continue: true\n    text: Again.")
    text = text.split("    because:")[0] + "    solution: [done]\n"
    write(folder, "02-pairs.yaml", text)
    (problem,) = problems_of(folder)
    assert "steps[1]: starts already solved" in problem


def test_a_placeholder_that_names_nobody_yet(folder: Path) -> None:
    write(folder, "02-pairs.yaml", GOOD.replace("text: Who draws first?", "text: Is {loser} the Old Maid?"))
    (problem,) = problems_of(folder)
    assert "steps[1].text: {loser} names nobody at this point of the game" in problem


def test_words_on_going_out_are_checked_against_the_steps_rules(folder: Path) -> None:
    """In the reversed game going out means you can no longer win: a lesson calling it safe is told
    so, with the line and what an empty hand means there; the same words pass under Bicycle's own game."""
    said = "text: Lay down your pair, then say you're done. When your hand is empty you are safe!"
    reversed_game = GOOD.replace("rules: bicycle", "rules: {variant: bicycle, odd_card_wins: true}").replace(
        "text: Lay down your pair, then say you're done.", said
    )
    path = write(folder, "02-pairs.yaml", reversed_game)
    (problem,) = problems_of(folder)
    assert problem.startswith(f"{path}:{line_of(reversed_game, said)}: steps[0].text: says “When your hand is empty you are safe!”, which is not so")
    assert "you can't win any more" in problem
    write(folder, "02-pairs.yaml", GOOD.replace("text: Lay down your pair, then say you're done.", said))
    assert problems_of(folder) == []


def test_words_on_the_end_are_checked_against_the_strict_pair_check(folder: Path) -> None:
    said = "success: Yes, {drawer}. The game ends only when one player is left holding cards."
    strict = GOOD.replace("rules: bicycle", "rules: {variant: bicycle, wrong_pair_loses: true}").replace("success: Yes, {drawer}.", said)
    write(folder, "02-pairs.yaml", strict)
    (problem,) = problems_of(folder)
    assert "steps[1].success: says “The game ends only when one player is left holding cards.”, but with the strict pair check" in problem


def test_words_saying_a_card_may_still_pair_are_checked_against_the_hands(folder: Path) -> None:
    """A claim about the position is checked against the position: in GOOD's second step Ben holds
    K♦, a partner for K♠, but nobody holds another Queen for Q♠ (Ben's own card: a look behind the scenes)."""
    claims = GOOD.replace(
        "text: Who draws first?",
        "behind_the_scenes: true\n    text: Behind the scenes, who draws first? Your K♠ may still find a partner, and Q♠ can still pair up.",
    )
    write(folder, "02-pairs.yaml", claims)
    (problem,) = problems_of(folder)
    assert "steps[1].text: says Q♠ may still pair, but no card in any hand here pairs with it" in problem


def test_an_unknown_placeholder(folder: Path) -> None:
    write(folder, "02-pairs.yaml", GOOD.replace("success: Well done!", "success: Well done, {name}!"))
    (problem,) = problems_of(folder)
    assert "steps[0].success: unknown placeholder {name}" in problem


def test_a_broken_file_next_to_good_ones_leaves_the_good_ones(folder: Path) -> None:
    write(folder, "01-broken.yaml", "id: [\n")
    write(folder, "02-pairs.yaml", GOOD)
    write(folder, "03-bad-card.yaml", GOOD.replace("id: pairs", "id: other").replace("5H", "5Z"))
    course = load_course([folder.name])
    assert [entry.id for entry in course.lessons] == ["pairs"]
    assert [(entry.path, entry.id, entry.title) for entry in course.broken] == [
        ("lessons/01-broken.yaml", None, None),
        ("lessons/03-bad-card.yaml", "other", "Pairs"),
    ]
    assert all(isinstance(entry, BrokenLesson) and entry.problems for entry in course.broken)
    assert [Path(entry.path).name for entry in course.entries] == ["01-broken.yaml", "02-pairs.yaml", "03-bad-card.yaml"]


def test_unreadable_and_missing_files(folder: Path) -> None:
    (folder / "02-bytes.yaml").write_bytes(b"id: x\ntitle: caf\xe9\n")
    write(folder, "03-empty.yaml", "")
    course = load_course([folder.name, Path("lessons/missing.yaml"), Path("nowhere")])
    assert [str(problem) for problem in course.problems] == [
        "lessons/02-bytes.yaml:2: not UTF-8 text (byte 0xe9 at column 11): save the file as UTF-8",
        "lessons/03-empty.yaml:1: the file is empty",
        "lessons/missing.yaml: no such file or folder",
        "nowhere: no such file or folder",
    ]


def test_only_files_whose_names_start_with_two_digits_are_lessons(folder: Path) -> None:
    write(folder, "02-pairs.yaml", GOOD)
    write(folder, "mistakes.yaml", "format_version: 1\nmistakes: {}\n")
    write(folder, "quiz.yaml", "questions: []\n")
    assert [entry.path for entry in load_course([folder.name]).entries] == ["lessons/02-pairs.yaml"]


def test_a_file_named_twice_is_checked_once(folder: Path) -> None:
    write(folder, "02-pairs.yaml", GOOD)
    assert len(load_course([folder.name, Path("lessons/02-pairs.yaml")]).entries) == 1


def test_requirements_may_name_the_packaged_course(folder: Path) -> None:
    write(
        folder,
        "11-more.yaml",
        GOOD.replace("id: pairs", "id: more").replace("requires: []", "requires: [pairs]").replace("concepts: [pairs, three-of-a-kind]", "concepts: [pairs]"),
    )
    assert problems_of(folder) == []


def test_lesson_text_is_kept_as_written_markup_and_all() -> None:
    text = GOOD.replace("text: Who draws first?", 'text: "[bold red]Who[/] draws [link=x]first[/link]?"')
    lesson, problems = parse_lesson(text, "lessons/02-pairs.yaml")
    assert problems == [] and lesson is not None
    assert lesson.steps[1].text == "[bold red]Who[/] draws [link=x]first[/link]?"


def test_yaml_tags_that_build_objects_are_refused() -> None:
    text = GOOD.replace("title: Pairs", "title: !!python/object/apply:os.system [echo hi]")
    lesson, problems = parse_lesson(text, "x.yaml")
    assert lesson is None and any("title: this value cannot be read" in str(problem) for problem in problems)


def test_a_problem_reads_file_line_field_message() -> None:
    assert str(Problem("lessons/02-pairs.yaml", 14, "steps[3].hands.you[2]", "bad")) == "lessons/02-pairs.yaml:14: steps[3].hands.you[2]: bad"
    assert str(Problem("lessons/02-pairs.yaml", None, "", "no such file or folder")) == "lessons/02-pairs.yaml: no such file or folder"


# ----- bad input never crashes --------------------------------------------------------------------

SCALARS = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-3, 60),
    st.text(max_size=8),
    st.sampled_from(["5C", "5X", "you", "Ana", "done", "drawer", "bicycle", "table", "lay-down", "seat", "deal 1"]),
)
VALUES = st.recursive(SCALARS, lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4), max_leaves=12)
FIELD_PATHS = st.lists(
    st.sampled_from(
        [
            "steps",
            0,
            1,
            "hands",
            "you",
            "Ana",
            "solution",
            "rules",
            "seats",
            "dealer",
            "kind",
            "ask",
            "options",
            "hints",
            "continue",
            "first",
            "id",
            "requires",
            "text",
        ]
    ),
    min_size=1,
    max_size=4,
)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(FIELD_PATHS, VALUES)
def test_any_change_to_a_good_lesson_gives_problems_or_a_lesson_never_an_error(path: list, value: object) -> None:  # type: ignore[type-arg]
    data = yaml.safe_load(GOOD)
    _put(data, path, value)
    lesson, problems = parse_lesson(yaml.safe_dump(data, allow_unicode=True), "lessons/02-pairs.yaml")
    assert (lesson is None) == bool(problems)
    assert all(isinstance(problem, Problem) and str(problem).startswith("lessons/02-pairs.yaml") for problem in problems)


@settings(max_examples=150, deadline=None)
@given(st.text(max_size=200))
def test_any_text_gives_problems_never_an_error(text: str) -> None:
    lesson, problems = parse_lesson(text, "x.yaml")
    assert lesson is None and problems


def _put(data: object, path: list, value: object) -> None:  # type: ignore[type-arg]
    for key in path[:-1]:
        if isinstance(data, dict) and isinstance(key, str) and isinstance(data.get(key), (dict, list)):
            data = data[key]
        elif isinstance(data, list) and isinstance(key, int) and key < len(data) and isinstance(data[key], (dict, list)):
            data = data[key]
    last = path[-1]
    if isinstance(data, dict) and isinstance(last, str):
        data[last] = value
    elif isinstance(data, list) and isinstance(last, int) and last < len(data):
        data[last] = value


# ----- the command ---------------------------------------------------------------------------------


def run_command(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="old-maid-tutor")
    register(parser.add_subparsers(dest="command"))
    args = parser.parse_args(argv)
    assert args.needs_store is False
    return int(args.func(args))


def test_lessons_check_passes_the_packaged_course(capsys: pytest.CaptureFixture[str]) -> None:
    assert run_command(["lessons", "check"]) == 0
    assert capsys.readouterr().out == "17 course files checked: all good.\n"  # 11 lessons, quiz.yaml, mistakes.yaml, 2 picture decks, 2 catalogues


def test_lessons_check_lists_every_problem_and_fails(folder: Path, capsys: pytest.CaptureFixture[str]) -> None:
    write(folder, "02-pairs.yaml", GOOD)
    bad = write(folder, "03-bad.yaml", GOOD.replace("id: pairs", "id: bad").replace("5H", "5X").replace("Ana: [9♠, 2♣]", "Ana: [9♠, 9♠]"))
    assert run_command(["lessons", "check", "lessons"]) == 1
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith(f"{bad}:") and "'5X' is not a card" in out[0]
    assert out[1].startswith(f"{bad}:") and "9♠ is dealt twice" in out[1]
    assert out[2] == "2 problems in 1 of 2 course files."


def test_lessons_check_on_one_good_file(folder: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = write(folder, "02-pairs.yaml", GOOD)
    assert run_command(["lessons", "check", path]) == 0
    assert capsys.readouterr().out == "1 course file checked: all good.\n"


@pytest.mark.parametrize("path", [["steps", 0, "kind"], ["concepts", 0], ["steps", 0, "ask"]])
@pytest.mark.parametrize("value", [[], {}, [1, 2]])
def test_a_list_or_mapping_where_a_word_belongs_is_a_problem_not_an_error(path: list, value: object) -> None:  # type: ignore[type-arg]
    """Found by the property test above: such values once raised TypeError (unhashable)."""
    data = yaml.safe_load(GOOD)
    _put(data, path, value)
    lesson, problems = parse_lesson(yaml.safe_dump(data, allow_unicode=True), "lessons/02-pairs.yaml")
    assert lesson is None and problems


# ----- words follow the engine state they are shown with ---------------------------------------------


ANA_SITS = 'Ana: "Ana sits'
YES = '- text: "Yes"'


def test_a_seat_named_without_braces_is_a_problem(folder: Path) -> None:
    text = GOOD.replace('Ana: "{Ana} sits', 'Ana: "Ana sits')
    path = write(folder, "02-pairs.yaml", text)
    assert problems_of(folder) == [
        f"{path}:{line_of(text, ANA_SITS)}: steps[1].wrong.Ana: write {{Ana}} for the seat Ana: the learner may see another name there"
    ]


def test_a_wrong_seat_without_words_is_a_problem(folder: Path) -> None:
    text = "".join(line for line in GOOD.splitlines(keepends=True) if "{Ana} sits" not in line)
    path = write(folder, "02-pairs.yaml", text)
    assert problems_of(folder) == [f"{path}:{line_of(text, 'wrong:') + 1}: steps[1].wrong: Ana is a wrong answer here: say why under wrong: Ana: ..."]


def test_a_wrong_option_without_why_and_a_missing_summary_are_problems(folder: Path) -> None:
    choice = dedent("""\
          - id: colour
            kind: choice
            text: Do the colours of a pair have to match?
            options:
              - text: "No"
                right: true
              - text: "Yes"
            hints: [Think of 5♣ and 5♥.]
            success: Right.
            because: Only the rank counts.
            solution: "No"
        """)
    text = GOOD.replace("summary: A pair is two cards of one rank.\n", "") + "".join("  " + line + "\n" for line in choice.splitlines())
    path = write(folder, "02-pairs.yaml", text)
    assert problems_of(folder) == [
        f"{path}:1: summary: missing (two or three lines on what the lesson taught, shown at its end)",
        f"{path}:{line_of(text, YES)}: steps[2].options[1].why: missing (a wrong option needs its own why: what makes it wrong, for the learner who picks it)",
    ]


def test_words_that_name_a_card_the_game_does_not_have_are_a_problem(folder: Path) -> None:
    text = GOOD.replace("hints: [Look for two cards of the same rank.]", "hints: [Look at your 5♦.]")
    path = write(folder, "02-pairs.yaml", text)
    assert problems_of(folder) == [
        f"{path}:{line_of(text, 'Look at your 5♦')}: steps[0].hints[0]: names 5♦, which is in no hand and no pair here: "
        "words name the cards of the game they are shown with"
    ]


def test_a_nul_byte_in_a_lesson_is_reported_with_its_line(folder: Path) -> None:
    (folder / "02-pairs.yaml").write_bytes(GOOD.replace("title: Pairs", "title: Pa\0irs").encode())
    assert problems_of(folder) == ["lessons/02-pairs.yaml:3: a NUL byte (column 10): this is not a text file"]


def test_words_that_name_a_card_another_player_holds_face_down_are_a_problem(folder: Path) -> None:
    """Other players' hands are shown face down: a step that names their cards must look behind
    the scenes (every hand face up) and say so in its words."""
    said = "text: Lay down your pair, then say you're done."
    text = GOOD.replace(said, 'text: "{Ana} holds 9♠. Lay down your pair."')
    path = write(folder, "02-pairs.yaml", text)
    assert problems_of(folder) == [
        f"{path}:{line_of(text, '{Ana} holds 9♠')}: steps[0].text: names 9♠, which {{Ana}} holds face down: nobody at the table can see it."
        " Say it without the card, or show every hand (behind_the_scenes: true) with words that say it is behind the scenes"
    ]
    unsaid = GOOD.replace(said, 'behind_the_scenes: true\n    text: "{Ana} holds 9♠. Lay down your pair."')
    write(folder, "02-pairs.yaml", unsaid)
    assert problems_of(folder) == [
        f"{path}:{line_of(unsaid, 'behind_the_scenes')}: steps[0].behind_the_scenes: every hand is shown face up here:"
        " the step's text must say so ('behind the scenes')"
    ]
    write(folder, "02-pairs.yaml", unsaid.replace('"{Ana} holds', '"Behind the scenes, {Ana} holds'))
    assert problems_of(folder) == []
    (step,) = [step for step in load_course([folder.name]).lessons[0].steps if step.id == "fives"]
    assert step.behind_the_scenes
