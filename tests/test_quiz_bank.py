"""lessons/quiz.yaml: every question is true under every rules the settings can produce, the list
RULES.md asks for is covered, and every problem in a broken file is reported as file:line: field."""

from __future__ import annotations

import string
from pathlib import Path

import pytest
import yaml

from tutor.concepts import CONCEPTS
from tutor.engine import Rules
from tutor.engine.rules import every_rules
from tutor.errors import CourseError
from tutor.quiz import QuizRound, WrittenQuestion, check_quiz_file, parse_bank, read_bank
from tutor.quiz import bank as bank_module
from tutor.quiz.generators import PREFIX
from tutor.settings import Settings

EVERY_RULES = every_rules() + tuple(rules.with_deck("farm") for rules in every_rules() if rules.odd_rank == "Q")
"""Every rules combination the settings can produce: both rulesets, every player count, every
odd rank and house rule each ruleset allows, with playing cards; and each with a picture deck."""

# RULES.md, "Questions the quiz must cover": each point and the written questions that cover it.
RULES_LIST = {
    "which card is removed": {"odd-card-removed"},
    "a pair need not match in colour": {"pair-colour"},
    "three of a kind": {"three-of-a-kind", "three-all-down"},
    "four of a kind": {"four-of-a-kind"},
    "an empty hand": {"empty-hand", "reversed-empty-hand"},
    "the first out is not the only winner": {"first-out-only-winner"},
    "who you draw from, Bicycle": {"bicycle-draw-from"},
    "who you draw from, Table": {"table-draw-from"},
    "a wrong pair in Bicycle rules": {"wrong-pair-loses"},
    "how many cards are dealt": {"cards-in-play", "deal-everything"},
    "how unequal hands may be": {"deal-four-players", "unequal-hands"},
    "how the game always ends": {"game-end", "game-end-strict", "game-always-ends"},
    # Issue 11, item 11: never taught before.
    "Bicycle's 2 to 5 players": {"bicycle-players"},
    "keeping your hand hidden": {"hand-hidden"},
}


def by_id() -> dict[str, WrittenQuestion]:
    return {written.id: written for written in read_bank()}


def test_the_shipped_file_has_no_problem() -> None:
    assert check_quiz_file() == []
    assert len(read_bank()) >= 40
    assert all(not written.id.startswith(PREFIX.rstrip(":")) for written in read_bank())


def test_every_question_under_every_ruleset_has_exactly_one_right_option_and_a_reason_for_each_wrong_one() -> None:
    asked = 0
    for rules in EVERY_RULES:
        for written in read_bank():
            if not written.fits(rules):
                continue
            asked += 1
            question = written.question(rules)
            where = (written.id, rules)
            assert len(question.correct) == 1, where
            if question.kind == "choice":
                assert 2 <= len(question.options) <= 4, where
                assert len(set(question.options)) == len(question.options), where
                wrong = [question.notes[index] for index in range(len(question.options)) if index not in question.correct]
                assert all(wrong), f"a wrong option with no reason: {where}"
                assert len(set(wrong)) == len(wrong), f"two wrong options share a reason: {where}"
            else:
                assert question.options == ("True", "False"), where
            text = " ".join((question.prompt, question.explanation, *question.options, *question.notes))
            assert "{" not in text and "}" not in text, where
            assert written.concept in CONCEPTS
    assert asked > 1000  # about 80 rules combinations times 30-odd questions each


def test_every_question_is_asked_under_some_rules_and_every_option_is_offered_somewhere() -> None:
    for written in read_bank():
        fitting = [rules for rules in EVERY_RULES if written.fits(rules)]
        assert fitting, f"{written.id} is never asked"
        for option in written.options:
            assert any(option.when.hold(rules) for rules in fitting), (written.id, option.text)


def test_every_point_of_the_rules_list_is_covered() -> None:
    ids = set(by_id())
    for point, covering in RULES_LIST.items():
        assert covering <= ids, f"the quiz must ask about {point}: missing {covering - ids}"


def test_the_questions_follow_the_ruleset() -> None:
    bank = by_id()
    assert bank["bicycle-draw-from"].fits(Rules.bicycle()) and not bank["bicycle-draw-from"].fits(Rules.table())
    assert bank["table-draw-from"].fits(Rules.table()) and not bank["table-draw-from"].fits(Rules.bicycle())
    assert bank["reversed-game"].fits(Rules.table(odd_card_wins=True)) and not bank["reversed-game"].fits(Rules.table())
    assert not bank["first-out-only-winner"].fits(Rules.bicycle(odd_card_wins=True))
    assert bank["table-extra-draw"].fits(Rules.table(extra_draw_on_pair=True))
    assert not bank["table-extra-draw"].fits(Rules.table())
    assert not bank["last-two-players"].fits(Rules.bicycle(odd_rank="J"))


def answer_of(question_id: str, rules: Rules) -> str:
    question = by_id()[question_id].question(rules)
    (answer,) = question.answers
    return answer


def test_the_extra_draw_changes_what_follows_a_pair() -> None:
    """Issue 11, item 4: with the Table's extra-draw house rule, a pair earns another draw."""
    extra = Rules.table(extra_draw_on_pair=True)
    assert answer_of("drawn-card-pairs", extra).endswith("then draw again if you still have cards")
    question = by_id()["drawn-card-pairs"].question(extra)
    assert not any("Show" in option for option in question.options)  # close to the truth here: not offered
    lay_down = question.options.index("Lay the two cards down as a pair")
    assert lay_down not in question.correct and "house rule" in question.note(lay_down)
    for rules in (Rules.bicycle(), Rules.table()):
        assert answer_of("drawn-card-pairs", rules) == "Lay the two cards down as a pair"
        question = by_id()["drawn-card-pairs"].question(rules)
        again = next(index for index, option in enumerate(question.options) if "draw again" in option)
        assert again not in question.correct and question.note(again)


def test_the_strict_pair_check_changes_the_ending_and_the_old_maid() -> None:
    """Issue 11, item 5: a wrong pair ends the game with more than one card holder, and its player loses."""
    strict = Rules.bicycle(wrong_pair_loses=True)
    bank = by_id()
    assert not bank["game-end"].fits(strict) and not bank["who-is-old-maid"].fits(strict)
    assert bank["game-end-strict"].fits(strict) and bank["who-is-old-maid-strict"].fits(strict)
    assert answer_of("game-end-strict", strict) == "When no more pairs can be made from the cards still held"
    assert answer_of("who-is-old-maid-strict", strict).startswith("Whoever laid down a wrong pair")
    for rules in (Rules.bicycle(), Rules.table(), Rules.bicycle(odd_rank="J")):
        assert answer_of("game-end", rules) == "When only one player still holds cards"
        assert not bank["game-end-strict"].fits(rules) and not bank["who-is-old-maid-strict"].fits(rules)
    assert "wrong pair" in bank["game-end-strict"].question(strict).note(
        bank["game-end-strict"].question(strict).options.index("When only one player still holds cards")
    )


def test_the_odd_rank_fills_in() -> None:
    question = by_id()["odd-card-removed"].question(Rules.table(odd_rank="K"))
    assert question.answers == ("One King (and any jokers)",)
    assert "three Kings" in question.explanation
    all_four = question.options.index("All four Kings")
    assert "Kings" in question.note(all_four)


def test_a_reversed_game_is_never_told_that_an_empty_hand_is_safe() -> None:
    for rules in EVERY_RULES:
        if not rules.odd_card_wins:
            continue
        for written in read_bank():
            if written.fits(rules):
                question = written.question(rules)
                assert "safe" not in " ".join((question.prompt, *question.answers)), written.id


def test_every_ruleset_keeps_enough_concepts_for_a_round() -> None:
    for rules in EVERY_RULES:
        concepts = {written.concept for written in read_bank() if written.fits(rules)}
        assert len(concepts) >= 8, rules


def test_placeholders_in_the_file_are_only_the_known_ones() -> None:
    for written in read_bank():
        texts = (written.prompt, written.explanation, *(text for option in written.options for text in (option.text, option.why)))
        for text in texts:
            names = {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}
            assert names <= set(bank_module.PLACEHOLDERS)


# ----- problems `lessons check` reports ---------------------------------------------------------------


def option(text: str, right: object = None, why: object = "Because.", **more: object) -> dict[str, object]:
    entry: dict[str, object] = {"text": text, **more}
    if right is not None:
        entry["right"] = right
    if why is not None:
        entry["why"] = why
    return entry


def entry(**changes: object) -> dict[str, object]:
    question: dict[str, object] = {
        "id": "which-pair",
        "concept": "pairs",
        "kind": "choice",
        "prompt": "Which two cards make a pair?",
        "options": [option("5♣ and 5♥", right=True, why=None), option("5♣ and 6♣"), option("7♣ and 8♦", why="No.")],
        "explanation": "Only the rank matters.",
    }
    question.update(changes)
    return {key: value for key, value in question.items() if value is not None}


def quiz_file(*entries: object, version: object = 2) -> str:
    return yaml.safe_dump({"format_version": version, "questions": list(entries)}, allow_unicode=True, sort_keys=False)


def problems_in(text: str) -> list[str]:
    questions, problems = parse_bank(text, "quiz.yaml")
    assert questions == () or not problems
    return [str(problem) for problem in problems]


def test_a_good_file_has_no_problem() -> None:
    text = quiz_file(entry(), entry(id="strict-end", when={"wrong_pair_loses": True}))
    assert problems_in(text) == []
    assert [written.id for written in parse_bank(text, "quiz.yaml")[0]] == ["which-pair", "strict-end"]


BROKEN = [
    ("questions: [", "quiz.yaml:2: not valid YAML"),
    ("- just a list", "quiz.yaml:1: expected a quiz file"),
    (quiz_file(entry(), version=1), "quiz.yaml:1: format_version: expected 2, not 1"),
    (quiz_file("a question"), "quiz.yaml:3: questions[0]: expected a question"),
    (quiz_file(entry(explanation=None)), "quiz.yaml:3: questions[0].explanation: missing"),
    (quiz_file(entry(hint="psst")), "questions[0].hint: unknown field"),
    (quiz_file(entry(id="Pair Colour")), "quiz.yaml:3: questions[0].id: 'Pair Colour' is not an id"),
    (quiz_file(entry(concept="colours")), "questions[0].concept: 'colours' is not a concept"),
    (quiz_file(entry(kind="essay")), "questions[0].kind: 'essay' is not a kind of question"),
    (quiz_file(entry(kind="true-false", options=None, answer="no")), "questions[0].answer: expected true, false or a mapping"),
    (quiz_file(entry(kind="true-false")), "questions[0].options: a true-false question has no options"),
    (quiz_file(entry(kind="true-false", options=None)), "questions[0].answer: missing"),
    (
        quiz_file(entry(kind="true-false", options=None, answer=True, explanation="Yes. Pairs go down.")),
        "questions[0].explanation: starts with Yes or No, but it is shown after a wrong answer too",
    ),
    (quiz_file(entry(explanation="no, only the rank matters")), "questions[0].explanation: starts with Yes or No"),
    (quiz_file(entry(answer="5♣ and 5♥")), "questions[0].answer: a choice question marks its right option with 'right'"),
    (quiz_file(entry(options=[option("one", right=True, why=None)])), "questions[0].options: expected at least 2 options"),
    (quiz_file(entry(options=[option("a", right=True, why=None), option("a")])), "questions[0].options[1].text: another option has these words"),
    (quiz_file(entry(options=[option("a", right=True, why=None), option(5)])), "questions[0].options[1].text: expected some words"),
    (quiz_file(entry(options=[option("a", right=True, why=None), "b"])), "questions[0].options[1]: expected an option"),
    (quiz_file(entry(prompt="  ")), "questions[0].prompt: expected some words"),
    (quiz_file(entry(prompt="One {rank} out")), "questions[0].prompt: unknown placeholder {rank}"),
    (quiz_file(entry(explanation="A { alone")), "questions[0].explanation: unmatched brace"),
    (quiz_file(entry(when={"rules": "pagat"})), "questions[0].when.rules: unknown rule (allowed: ruleset, players, odd_rank"),
    (quiz_file(entry(when={"ruleset": "pagat"})), "questions[0].when.ruleset: 'pagat' is not one of bicycle, table"),
    (quiz_file(entry(when={"odd_rank": "A"})), "questions[0].when.odd_rank: 'A' is not one of Q, K, J"),
    (quiz_file(entry(when={"odd_card_wins": "yes"})), "questions[0].when.odd_card_wins: 'yes' is not one of false, true"),
    (quiz_file(entry(when=["odd_card_wins"])), "questions[0].when: expected a mapping of rules"),
    (quiz_file(entry(), entry()), "quiz.yaml:15: questions[1].id: 'which-pair' is used twice (ids must be unique; the first is on line 3)"),
]


@pytest.mark.parametrize(("text", "message"), BROKEN)
def test_a_broken_file_names_the_line_and_the_field(text: str, message: str) -> None:
    problems = problems_in(text)
    assert any(message in problem for problem in problems), problems


def test_a_reason_may_start_with_no_one() -> None:
    statement = entry(kind="true-false", options=None, answer=True, explanation="No one can pair the Old Maid.")
    assert problems_in(quiz_file(statement)) == []


def test_no_right_option_is_a_problem() -> None:
    options = [option("a"), option("b", why="Nope."), option("c", right={"ruleset": "table"}, why="Not here.")]
    assert problems_in(quiz_file(entry(options=options))) == [
        "quiz.yaml:8: questions[0].options: no option is right under Bicycle rules for 2 players, a Queen out",
    ]


def test_two_right_options_are_a_problem() -> None:
    options = [option("a", right=True, why=None), option("b", right={"odd_card_wins": True}, why="Only reversed."), option("c", why="No.")]
    assert problems_in(quiz_file(entry(options=options))) == [
        "quiz.yaml:8: questions[0].options: 2 options are right under Bicycle rules for 2 players, a Queen out, the reversed game ('a', 'b');"
        " exactly one must be",
    ]


def test_a_condition_that_never_holds_is_a_problem() -> None:
    never = {"ruleset": "bicycle", "extra_draw_on_pair": True}
    assert problems_in(quiz_file(entry(when=never))) == [
        "quiz.yaml:16: questions[0].when: the question is never asked: no rules the settings offer have ruleset: bicycle, extra_draw_on_pair: true",
    ]
    king = [option("a", right=True, why=None), option("b", right={"ruleset": "bicycle", "odd_rank": "K"})]
    assert problems_in(quiz_file(entry(options=king))) == [
        "quiz.yaml:12: questions[0].options[1].right: it is never true: no rules the settings offer have ruleset: bicycle, odd_rank: K",
    ]
    # An option offered only where its question is never asked.
    table_only = [option("a", right=True, why=None), option("b"), option("c", when={"ruleset": "table"})]
    assert problems_in(quiz_file(entry(when={"ruleset": "bicycle"}, options=table_only))) == [
        "quiz.yaml:14: questions[0].options[2].when: never offered: the question is only asked with ruleset: bicycle",
    ]
    # A statement whose conditions make no difference where it is asked.
    statement = entry(kind="true-false", options=None, answer={"ruleset": "table"}, when={"ruleset": "table"})
    assert problems_in(quiz_file(statement)) == [
        "quiz.yaml:9: questions[0].answer: always true where the question is asked: write that instead",
    ]


def test_a_wrong_option_needs_its_own_reason_and_a_right_one_none() -> None:
    options = [option("a", right=True, why="Never shown."), option("b", why=None), option("c", right={"odd_card_wins": True}, why=None)]
    assert problems_in(quiz_file(entry(options=options, when={"odd_card_wins": False}))) == [
        "quiz.yaml:10: questions[0].options[0].why: never shown: the option is right wherever it is offered",
        "quiz.yaml:11: questions[0].options[1].why: missing: the option is wrong under Bicycle rules for 2 players, a Queen out,"
        " and every wrong option needs its own reason",
        "quiz.yaml:14: questions[0].options[2].right: never right where the option is offered (as under Bicycle rules for 2 players, a Queen out)",
        "quiz.yaml:12: questions[0].options[2].why: missing: the option is wrong under Bicycle rules for 2 players, a Queen out,"
        " and every wrong option needs its own reason",
    ]


def test_every_problem_is_reported_at_once() -> None:
    text = quiz_file(entry(concept="colours", prompt="{x}"), entry(id="two", options=[option("a"), option("b", why="Not b.")]))
    problems = problems_in(text)
    assert len(problems) == 3, problems
    assert [problem.split(": ")[1] for problem in problems] == ["questions[0].concept", "questions[0].prompt", "questions[1].options"]


def test_check_quiz_file_reads_a_path(tmp_path: Path) -> None:
    path = tmp_path / "quiz.yaml"
    path.write_text(quiz_file(entry(concept="colours")), encoding="utf-8")
    assert [str(problem) for problem in check_quiz_file(path)] == [
        f"{path}:4: questions[0].concept: 'colours' is not a concept (" + ", ".join(CONCEPTS) + ")",
    ]
    assert [problem.message for problem in check_quiz_file(tmp_path / "none.yaml")] == ["no such file or folder"]
    assert check_quiz_file(tmp_path)[0].message.startswith("not a regular file (a folder)")


def test_a_broken_shipped_file_raises_course_error_and_leaves_a_round_of_generated_questions(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(bank_module, "quiz_text", lambda: quiz_file(entry(concept="colours"), entry(id="two", prompt="{x}")))
    read_bank.cache_clear()
    try:
        with pytest.raises(CourseError) as error:
            read_bank()
        assert str(error.value).count("lessons/quiz.yaml:") == 2
        quiz = QuizRound(Settings(), seed=3)
        assert len(quiz.problems) == 1
        assert "lessons/quiz.yaml:4: questions[0].concept" in quiz.problems[0]
        asked = []
        while quiz.current is not None:
            asked.append(quiz.current)
            quiz.answer(min(quiz.current.correct))
        assert len(asked) == 8 and all(question.generated for question in asked)
    finally:
        read_bank.cache_clear()


def test_a_good_file_gives_a_round_no_problem() -> None:
    assert QuizRound(Settings(), seed=1).problems == []


def test_an_option_naming_a_side_is_not_wrong_where_two_play() -> None:
    """With two players the other player is on your left and your right: "the player on your left"
    counts as wrong there only by mistake, so the check asks for more players."""
    options = [option("The player on your right", right=True, why=None), option("The player on your left", why="That one draws from you.")]
    sides = entry(id="draw-from", concept="direction", prompt="Whom do you draw from?", options=options, when={"ruleset": "bicycle"})
    assert problems_in(quiz_file(sides)) == [
        "quiz.yaml:8: questions[0].options: the option 'The player on your left' names a side ('your left') and counts as wrong under Bicycle rules"
        " for 2 players, a Queen out, where the other player is on both sides: ask it only with more players (when: players) or say it without sides",
    ]
    assert problems_in(quiz_file({**sides, "when": {"ruleset": "bicycle", "players": [3, 4, 5]}})) == []
    statement = entry(kind="true-false", options=None, answer=False, prompt="You draw from the dealer's left.", explanation="Not so.")
    assert "the statement names a side ('dealer's left')" in problems_in(quiz_file(statement))[0]
    assert problems_in(quiz_file({**sides, "when": {"players": 9}})) == ["quiz.yaml:14: questions[0].when.players: 9 is not one of 2, 3, 4, 5, 6, 7, 8"]


def test_every_side_named_in_the_shipped_quiz_is_asked_only_where_it_is_true() -> None:
    from tutor.quiz.bank import SIDE, rules_in_reach

    two = [rules for rules in rules_in_reach() if rules.players == 2]
    for written in read_bank():
        for rules in two:
            if written.fits(rules):
                asked = written.question(rules)
                wrong = [text for number, text in enumerate(asked.options) if number not in asked.correct]
                assert not any(SIDE.search(text) for text in wrong), (written.id, rules)


# ----- one short reason per answer (tutor.quiz.reasons) ---------------------------------------------


LONG = (
    "One card is a five and the other is a six, and since their ranks differ they can never go down together as a pair, "
    "whatever their suits or their colours, in any game of Old Maid at home, at school or at a friend's house, "
    "with two players or with five, with Bicycle's rules or with this table's."
)
REASONS = [
    (
        entry(
            prompt="You hold A♣, A♦ and 5♥. What do you lay down?",
            options=[option("A♣ A♦", right=True, why=None), option("Nothing", why="You still hold A♣ and A♦. A♣ and A♦ make a pair."), option("All three")],
            explanation="A♣ and A♦ are a pair: same rank.",
        ),
        "the reason for 'Nothing' says 'A♣ and A♦ are a pair' after 'A♣ and A♦ make a pair': say it once",
    ),
    (
        entry(options=[option("5♣ and 5♥", right=True, why=None), option("5♣ and 6♣", why="Which two cards make a pair? Not these.")]),
        "the reason for '5♣ and 6♣' says again 'Which two cards make a pair', which the question already says",
    ),
    (
        entry(options=[option("5♣ and 5♥", right=True, why=None), option("5♣ and 6♣", why="Different ranks."), option("7♣ and 8♦", why="Different ranks.")]),
        "'5♣ and 6♣' and '7♣ and 8♦' are wrong for one and the same reason: give each its own",
    ),
    (
        entry(options=[option("5♣ and 5♥", right=True, why=None), option("5♣ and 6♣", why=LONG), option("7♣ and 8♦", why="No.")]),
        "the reason for '5♣ and 6♣' takes 7 lines at 60x20 (6 fit): make it shorter",
    ),
    (  # a walker read "The dealer starts by offering their cards. The dealer starts by holding their cards out ..."
        entry(
            prompt="How does play begin?",
            options=[option("The dealer offers", right=True, why=None), option("The youngest draws", why="No: the dealer starts by offering their cards.")],
            explanation="The dealer starts by holding their cards out, face down.",
        ),
        "the reason for 'The youngest draws' says 'The dealer starts by holding their cards out' after "
        "'the dealer starts by offering their cards': say it once",
    ),
]


@pytest.mark.parametrize(("question", "message"), REASONS)
def test_lessons_check_finds_a_reason_said_twice_shared_or_too_long(question: dict[str, object], message: str) -> None:
    problems = problems_in(quiz_file(question))
    assert any(f"questions[0].options: {message}" in problem for problem in problems), problems


def test_a_reason_said_twice_is_found_in_a_true_false_statement_too() -> None:
    statement = entry(
        kind="true-false", options=None, answer=False, prompt="Pairs go down at the end.", explanation="Pairs go down at once. Pairs go down at once."
    )
    assert problems_in(quiz_file(statement)) == [
        "quiz.yaml:8: questions[0].answer: the explanation says 'Pairs go down at once' after 'Pairs go down at once': say it once"
        " (as asked under Bicycle rules for 2 players, a Queen out)",
    ]


def test_opening_a_round_does_not_check_the_reasons_again() -> None:
    """How the reasons read is for `lessons check`: a round still gets a file's questions whose
    reasons are too long, and reading the shipped file stays quick."""
    long = entry(options=[option("5♣ and 5♥", right=True, why=None), option("5♣ and 6♣", why=LONG), option("7♣ and 8♦", why="No.")])
    assert problems_in(quiz_file(long))
    questions, problems = parse_bank(quiz_file(long), "quiz.yaml", reasons=False)
    assert problems == [] and [written.id for written in questions] == ["which-pair"]
