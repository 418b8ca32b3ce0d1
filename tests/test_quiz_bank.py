"""lessons/quiz.yaml: every question is valid, the list RULES.md asks for is covered, and a broken
file is reported clearly while the quiz goes on with generated questions."""

from __future__ import annotations

import string
from itertools import product

import pytest
import yaml

from tutor.concepts import CONCEPTS
from tutor.engine import Rules
from tutor.quiz import QuizRound, parse_bank, read_bank
from tutor.quiz import bank as bank_module
from tutor.quiz.generators import PREFIX
from tutor.settings import Settings

ALL_RULES = [
    Rules.bicycle(players=players, odd_rank=odd, odd_card_wins=wins, wrong_pair_loses=strict)
    for players, odd, wins, strict in product((2, 4), ("Q", "K", "J"), (False, True), (False, True))
    if not (wins and strict)
] + [
    Rules.table(players=players, odd_rank=odd, extra_draw_on_pair=extra, odd_card_wins=wins)
    for players, odd, extra, wins in product((2, 6), ("Q", "K"), (False, True), (False, True))
]

# RULES.md, "Questions the quiz must cover": each point and the written questions that cover it.
RULES_LIST = {
    "which card is removed": {"odd-card-removed"},
    "a pair need not match in colour": {"pair-colour"},
    "three of a kind": {"three-of-a-kind", "three-all-down"},
    "four of a kind": {"four-of-a-kind"},
    "an empty hand": {"empty-hand"},
    "the first out is not the only winner": {"first-out-only-winner"},
    "who you draw from, Bicycle": {"bicycle-draw-from"},
    "who you draw from, Table": {"table-draw-from"},
    "a wrong pair in Bicycle rules": {"wrong-pair-loses"},
    "how many cards are dealt": {"cards-in-play", "deal-everything"},
    "how unequal hands may be": {"deal-four-players", "unequal-hands"},
    "how the game always ends": {"game-end", "game-always-ends"},
}


def test_the_shipped_file_loads_and_every_question_is_whole() -> None:
    questions = read_bank()
    assert len(questions) >= 20
    for written in questions:
        assert written.concept in CONCEPTS
        assert written.kind in ("choice", "true-false")
        assert written.prompt and written.explanation
        assert 2 <= len(written.options) <= 4 and len(set(written.options)) == len(written.options)
        assert written.answers and set(written.answers) < set(written.options)
        assert not written.id.startswith(PREFIX.rstrip(":"))


def test_every_question_is_asked_under_some_rules_and_reads_well_under_all_of_them() -> None:
    for written in read_bank():
        fitting = [rules for rules in ALL_RULES if written.fits(rules)]
        assert fitting, f"{written.id} fits no rules"
        for rules in fitting:
            question = written.question(rules)
            text = " ".join((question.prompt, question.explanation, *question.options))
            assert "{" not in text and "}" not in text
            assert question.correct and len(question.correct) < len(question.options)


def test_every_point_of_the_rules_list_is_covered() -> None:
    ids = {written.id for written in read_bank()}
    for point, covering in RULES_LIST.items():
        assert covering <= ids, f"RULES.md asks about {point}: missing {covering - ids}"


def test_the_questions_follow_the_rules_in_play() -> None:
    by_id = {written.id: written for written in read_bank()}
    assert by_id["bicycle-draw-from"].fits(Rules.bicycle()) and not by_id["bicycle-draw-from"].fits(Rules.table())
    assert by_id["table-draw-from"].fits(Rules.table()) and not by_id["table-draw-from"].fits(Rules.bicycle())
    assert by_id["reversed-game"].fits(Rules.table(odd_card_wins=True))
    assert not by_id["reversed-game"].fits(Rules.table())
    assert not by_id["first-out-only-winner"].fits(Rules.bicycle(odd_card_wins=True))
    assert by_id["table-extra-draw"].fits(Rules.table(extra_draw_on_pair=True))
    assert not by_id["table-extra-draw"].fits(Rules.table())


def test_the_odd_rank_fills_in() -> None:
    written = next(written for written in read_bank() if written.id == "odd-card-removed")
    question = written.question(Rules.table(odd_rank="K"))
    assert question.answers == ("One King (and any jokers)",)
    assert "three Kings" in question.explanation


def test_concepts_and_every_ruleset_keep_enough_variety_for_a_round() -> None:
    for rules in ALL_RULES:
        concepts = {written.concept for written in read_bank() if written.fits(rules)}
        assert len(concepts) >= 8


def test_answers_as_a_list_allow_several_right_options() -> None:
    text = _file(_entry(kind="choice", options=["5♣ and 5♥", "5♠ and 5♦", "5♣ and 6♣"],
                        answer=["5♣ and 5♥", "5♠ and 5♦"]))
    question = parse_bank(text, "quiz.yaml")[0].question(Rules.bicycle())
    assert question.correct == frozenset({0, 1})


# ----- broken files ----------------------------------------------------------------------------


def _entry(**changes: object) -> dict[str, object]:
    entry: dict[str, object] = {
        "id": "pair-colour",
        "concept": "pairs",
        "kind": "true-false",
        "prompt": "A pair must be two cards of the same colour.",
        "answer": False,
        "explanation": "Only the rank matters.",
    }
    entry.update(changes)
    return {key: value for key, value in entry.items() if value is not None}


def _file(*entries: object, version: object = 1) -> str:
    return yaml.safe_dump({"format_version": version, "questions": list(entries)}, allow_unicode=True)


BROKEN = [
    ("questions: [", "quiz.yaml: not valid YAML"),
    ("- just a list", "quiz.yaml: expected 'format_version: 1' and a 'questions' list"),
    (_file(_entry(), version=2), "quiz.yaml: format_version: expected 1"),
    (_file("a question"), "quiz.yaml: questions[0]: expected a mapping"),
    (_file(_entry(explanation=None)), "quiz.yaml: questions[0] (pair-colour).explanation: missing"),
    (_file(_entry(hint="psst")), "quiz.yaml: questions[0] (pair-colour).hint: unknown field"),
    (_file(_entry(id="Pair Colour")), "questions[0] (Pair Colour).id: expected lowercase words"),
    (_file(_entry(concept="colours")), "questions[0] (pair-colour).concept: 'colours' is not a concept"),
    (_file(_entry(kind="essay")), "questions[0] (pair-colour).kind: expected 'choice' or 'true-false'"),
    (_file(_entry(answer="no")), "questions[0] (pair-colour).answer: expected true or false"),
    (_file(_entry(options=["True", "False"])), "questions[0] (pair-colour).options: a true-false question has no options"),
    (_file(_entry(kind="choice", options=["one"], answer="one")), "(pair-colour).options: expected a list of 2 to 4 options"),
    (_file(_entry(kind="choice", options=["a", "a"], answer="a")), "(pair-colour).options: two options are the same"),
    (_file(_entry(kind="choice", options=["a", "b"], answer="c")), "(pair-colour).answer: 'c' is not one of the options"),
    (_file(_entry(kind="choice", options=["a", "b"], answer=["a", "b"])), "(pair-colour).answer: name at least one right"),
    (_file(_entry(kind="choice", options=["a", 5], answer="a")), "(pair-colour).options[1]: expected some words"),
    (_file(_entry(prompt="  ")), "questions[0] (pair-colour).prompt: expected some words"),
    (_file(_entry(prompt="One {rank} out")), "(pair-colour).prompt: unknown placeholder {rank}"),
    (_file(_entry(explanation="A { alone")), "(pair-colour).explanation: "),
    (_file(_entry(rules="pagat")), "questions[0] (pair-colour).rules: expected one of bicycle, table, any"),
    (_file(_entry(when={"jokers": True})), "(pair-colour).when.jokers: unknown house rule"),
    (_file(_entry(when={"odd_rank": "A"})), "(pair-colour).when.odd_rank: expected one of Q, K, J"),
    (_file(_entry(when={"odd_card_wins": "yes"})), "(pair-colour).when.odd_card_wins: expected one of true, false"),
    (_file(_entry(when=["odd_card_wins"])), "(pair-colour).when: expected a mapping of house rules"),
    (_file(_entry(), _entry()), "quiz.yaml: questions[1].id: 'pair-colour' is used twice"),
]


@pytest.mark.parametrize(("text", "message"), BROKEN)
def test_a_broken_file_names_the_file_and_the_field(text: str, message: str) -> None:
    with pytest.raises(ValueError) as error:
        parse_bank(text, "quiz.yaml")
    assert message in str(error.value)


def test_placeholders_in_the_file_are_only_the_known_ones() -> None:
    for written in read_bank():
        for text in (written.prompt, written.explanation, *written.options):
            names = {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}
            assert names <= set(bank_module.PLACEHOLDERS)


def test_a_broken_shipped_file_leaves_a_round_of_generated_questions(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(bank_module, "quiz_text", lambda: _file(_entry(concept="colours")))
    read_bank.cache_clear()
    try:
        quiz = QuizRound(Settings(), seed=3)
        assert len(quiz.problems) == 1
        assert "lessons/quiz.yaml: questions[0] (pair-colour).concept" in quiz.problems[0]
        asked = []
        while quiz.current is not None:
            asked.append(quiz.current)
            quiz.answer(min(quiz.current.correct))
        assert len(asked) == 8 and all(question.generated for question in asked)
        assert quiz.summary().right == 8
    finally:
        read_bank.cache_clear()


def test_a_good_file_reports_no_problem() -> None:
    assert QuizRound(Settings(), seed=1).problems == []
