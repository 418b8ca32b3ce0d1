"""The written questions of `lessons/quiz.yaml`: reading, checking and choosing those that fit
the rules in play.

The file (format_version 2) is a list of `questions`. Each has an `id`, a `concept`, a `kind`
(`choice` or `true-false`), a `prompt`, an `explanation` and, optionally, `when`: the rules the
question is about; it is asked only where they hold. A choice question lists `options`, each
with `text`, `right` (true, or the rules under which it is the right option; left out: never
right), `why` (why it is wrong, needed wherever it can be wrong) and an optional `when` (offered
only where those rules hold). A true-false question has `answer`: true, false, or the rules
under which the statement is true. `{odd}` and `{odds}` in any words stand for the odd rank.
An optional `after` (a lesson id) also asks the question, whatever the rules, once the learner
has finished that lesson: its options and answer must then be right under every rules.

Rules are a mapping of `CONDITIONS` (ruleset, players, odd_rank, extra_draw_on_pair,
wrong_pair_loses, odd_card_wins, deck: standard or pictures), each given one value or a list of
values. The file is checked against every rules combination Settings can produce
(`tutor.engine.rules.every_rules`): wherever a question is asked exactly one offered option must
be right, every wrong option offered needs a `why`, and every `when`, `right` and `answer` must
hold somewhere it can apply. With two players the other player sits on both sides, so nothing
that names a side (your left, the dealer's right) may be wrong where two play: such a question
is asked only with more players (`when: {players: [3, 4, 5]}`). What each option's answer reads
(its `why`, then the explanation) must say nothing twice, repeat no clause of the prompt, differ
from every other wrong option's and fit the quiz at 60x20 (`tutor.quiz.reasons`). Every problem is
reported as file:line: field: message, all at once; `read_bank` raises `CourseError` with them.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

from tutor import language
from tutor.concepts import CONCEPTS
from tutor.course.problems import Problem
from tutor.course.source import Checker, Item, read_yaml, read_yaml_file, shown
from tutor.engine import Rules, rank_name
from tutor.engine.rules import ODD_RANKS, SWITCHES, VARIANTS, every_rules
from tutor.errors import CourseError
from tutor.quiz.model import TRUE_FALSE, Question
from tutor.quiz.reasons import reason_problems
from tutor.wording import card_words

WHERE = "lessons/quiz.yaml"
FORMAT_VERSION = 2
KINDS = ("choice", "true-false")
QUESTION_FIELDS = ("id", "concept", "kind", "when", "after", "prompt", "options", "answer", "explanation")
OPTION_FIELDS = ("text", "right", "why", "when")
SIDE = re.compile(r"\b(?:your|their|his|her|dealer's|on the|to the|from the)\s+(?:left|right)\b", re.IGNORECASE)
"""Words that name a side of the table: with two players, both sides are the same player."""
VERDICT_WORD = re.compile(r"(yes|no)\s*[.,:;!]", re.IGNORECASE)
"""A first word that answers for the learner ("Yes." or "No,"; "No one" is fine)."""
MIN_OPTIONS, MAX_OPTIONS = 2, 4
CONDITIONS: dict[str, tuple[str | bool | int, ...]] = {
    "ruleset": VARIANTS,
    "players": tuple(range(2, 9)),
    "odd_rank": ODD_RANKS,
    **{switch: (False, True) for switch in SWITCHES},
    "deck": ("standard", "pictures"),
}
"""What rules a question may depend on, and the values each may take."""
_RULES_FIELD = {"ruleset": "variant"}
"""Where a condition's name differs from the `Rules` field it reads."""
PLACEHOLDERS = {"odd": "the odd rank, like 'Queen'", "odds": "the odd rank in the plural, like 'Queens'"}


# ----- what the file holds -------------------------------------------------------------------


@dataclass(frozen=True)
class Conditions:
    """Rules under which something holds: for each condition named, the values it may take (a
    condition not named may take any). `ALWAYS` names none."""

    wants: tuple[tuple[str, frozenset[str | bool | int]], ...] = ()

    def hold(self, rules: Rules) -> bool:
        return all(_value(rules, name) in values for name, values in self.wants)

    def __str__(self) -> str:
        def value(choice: str | bool | int) -> str:
            return str(choice).lower() if isinstance(choice, bool) else str(choice)

        return ", ".join(f"{name}: {' or '.join(sorted(map(value, values)))}" for name, values in self.wants)


ALWAYS = Conditions()


def _value(rules: Rules, condition: str) -> str | bool | int:
    """What `rules` say for one condition ("deck": "standard", or "pictures" for any picture deck)."""
    if condition == "deck":
        return "pictures" if rules.pictures else "standard"
    value: str | bool | int = getattr(rules, _RULES_FIELD.get(condition, condition))
    return value


@dataclass(frozen=True)
class WrittenOption:
    """One option of a choice question, before its {odd} placeholders are filled in."""

    text: str
    right: Conditions | None
    """Where it is the right option (ALWAYS: everywhere; None: nowhere)."""
    why: str
    """Why it is wrong, said when it is picked ("" for an option that is right wherever offered)."""
    when: Conditions = ALWAYS
    line: int = 0

    def is_right(self, rules: Rules) -> bool:
        return self.right is not None and self.right.hold(rules)


@dataclass(frozen=True)
class WrittenQuestion:
    """One question of quiz.yaml. `options` is empty for a true-false question, whose statement
    is true where `true_when` holds (None: nowhere)."""

    id: str
    concept: str
    kind: str
    prompt: str
    explanation: str
    options: tuple[WrittenOption, ...] = ()
    true_when: Conditions | None = None
    when: Conditions = ALWAYS
    line: int = 0
    after: str = ""
    """A lesson id: once the learner has finished it, the question is asked whatever the rules."""

    def fits(self, rules: Rules, lessons_done: Iterable[str] = ()) -> bool:
        """True when the question is asked under `rules` (to a learner who finished `lessons_done`)."""
        return self.when.hold(rules) or bool(self.after) and self.after in lessons_done

    def offered(self, rules: Rules) -> tuple[tuple[str, bool, str], ...]:
        """(text, right, why) for each option shown under `rules`, placeholders not yet filled."""
        if self.kind == "true-false":
            true = self.true_when is not None and self.true_when.hold(rules)
            return (language.tr(TRUE_FALSE[0]), true, ""), (language.tr(TRUE_FALSE[1]), not true, "")
        return tuple((option.text, option.is_right(rules), option.why) for option in self.options if option.when.hold(rules))

    def question(self, rules: Rules) -> Question:
        """The question as asked under `rules`, options in the file's order (the round shuffles)."""
        values = {"odd": card_words.rank_name(rules.odd_rank), "odds": card_words.rank_name(rules.odd_rank, plural=True)}
        offered = self.offered(rules)
        return Question(
            id=self.id,
            concept=self.concept,
            kind="true-false" if self.kind == "true-false" else "choice",
            prompt=self.prompt.format_map(values),
            options=tuple(text.format_map(values) for text, _, _ in offered),
            correct=frozenset(index for index, (_, right, _) in enumerate(offered) if right),
            explanation=self.explanation.format_map(values),
            notes=tuple("" if right else why.format_map(values) for _, right, why in offered),
        )


# ----- reading ---------------------------------------------------------------------------------


@language.per_language
def read_bank() -> tuple[WrittenQuestion, ...]:
    """Every question of the shipped quiz.yaml; `CourseError` listing every problem if it has any."""
    # How the reasons read is checked by `lessons check` and the tests, not each time a round
    # opens (it costs a tenth of a second), and a reason too long never costs a learner every
    # written question.
    questions, problems = parse_bank(quiz_text(), WHERE, reasons=False)
    if problems:
        raise CourseError("\n".join(str(problem) for problem in problems))
    return questions


def quiz_text() -> str:
    return resources.files("tutor.lessons").joinpath("quiz.yaml").read_text(encoding="utf-8")


def check_quiz_file(path: Path | str | None = None) -> list[Problem]:
    """Every problem in a quiz file (the shipped one if `path` is None), for `lessons check`.
    Never raises: a file that cannot be read is a problem too."""
    if path is None:
        shown_as, source = WHERE, resources.files("tutor.lessons").joinpath("quiz.yaml")
    else:
        shown_as, source = str(path), Path(path)
    root, problems = read_yaml_file(source, shown_as)
    if root is not None:
        _Reader(shown_as, problems).bank(root)
    return problems


def parse_bank(text: str, where: str = WHERE, *, reasons: bool = True) -> tuple[tuple[WrittenQuestion, ...], list[Problem]]:
    """The questions in `text` and every problem found; the questions are only whole if there is
    none. `reasons`: also check what each option's answer reads (tutor.quiz.reasons)."""
    root, problems = read_yaml(text, where)
    if root is None:
        return (), problems
    return _Reader(where, problems, reasons).bank(root), problems


@cache
def rules_in_reach() -> tuple[Rules, ...]:
    """Every rules combination the settings can produce, one per combination of the conditions."""
    from tutor.engine.decks import all_decks

    pictures = next((deck.id for deck in all_decks() if not deck.is_standard), None)
    kept: dict[tuple[Any, ...], Rules] = {}
    for rules in every_rules():
        for played in (rules, rules.with_deck(pictures)) if pictures else (rules,):
            key = tuple(_value(played, name) for name in CONDITIONS)
            kept.setdefault(key, played)
    return tuple(kept.values())


def describe(rules: Rules) -> str:
    """Rules in words, for a problem: "Bicycle rules, a Jack out, the strict pair check"."""
    words = [f"{rules.name} rules for {rules.players} players", f"a {rank_name(rules.odd_rank)} out"]
    words += [
        words_
        for switch, words_ in (("extra_draw_on_pair", "the extra draw"), ("wrong_pair_loses", "the strict pair check"), ("odd_card_wins", "the reversed game"))
        if getattr(rules, switch)
    ]
    return ", ".join(words)


class _Reader(Checker):
    def __init__(self, where: str, problems: list[Problem], reasons: bool = True) -> None:
        super().__init__(where, problems)
        self.reasons = reasons

    def bank(self, root: Item) -> tuple[WrittenQuestion, ...]:
        found = self.fields(root, ("format_version", "questions"), ("format_version", "questions"), "a quiz file")
        if found is None:
            return ()
        version = found.get("format_version")
        if version is not None and version.value != FORMAT_VERSION:
            self.problem(version, f"expected {FORMAT_VERSION}, not {shown(version.value)}")
        questions: list[WrittenQuestion] = []
        first_line: dict[str, int] = {}
        for item in self.items(found["questions"], "questions", at_least=1) if "questions" in found else ():
            question = self.question(item)
            if question is not None:
                questions.append(question)
            id_ = _child(item, "id")
            if isinstance(id_.value, str) and id_.value in first_line:
                self.problem(id_, f"{id_.value!r} is used twice (ids must be unique; the first is on line {first_line[id_.value]})")
            elif isinstance(id_.value, str):
                first_line[id_.value] = id_.line
        return tuple(questions) if not self.problems else ()

    def question(self, item: Item) -> WrittenQuestion | None:
        before = len(self.problems)
        found = self.fields(item, QUESTION_FIELDS, ("id", "concept", "kind", "prompt", "explanation"), "a question")
        if found is None:
            return None
        id_ = self.slug(found["id"]) if "id" in found else None
        concept = self.one_of(found["concept"], CONCEPTS, "a concept") if "concept" in found else None
        prompt = self.text(found.get("prompt"), PLACEHOLDERS)
        explanation = self.text(found.get("explanation"), PLACEHOLDERS)
        kind = self.one_of(found["kind"], KINDS, "a kind of question") if "kind" in found else None
        when = self.conditions(found.get("when"), "the question is never asked")
        after = self.slug(found["after"]) if "after" in found else ""
        answers = self.choice(item, found) if kind == "choice" else self.true_false(item, found) if kind else None
        if explanation and VERDICT_WORD.match(explanation):
            self.problem(
                found["explanation"],
                "starts with Yes or No, but it is shown after a wrong answer too (and the screen already says right or not): start with the reason",
            )
        if kind is None or when is None or answers is None or after is None:
            return None
        options, true_when = answers
        question = WrittenQuestion(
            id_ or "", concept or "", kind, prompt or "", explanation or "", tuple(option for _, option in options), true_when, when, item.line, after
        )
        where = found.get("answer") or found.get("options") or item
        self.asked_right(question, options, where)
        if len(self.problems) > before or not (id_ and concept and prompt and explanation):
            return None
        asked = [rules for rules in rules_in_reach() if question.fits(rules, (question.after,))] if self.reasons else []
        for message in _reasons_once(question, asked):  # once the rest is right: a missing why is not also two alike
            self.problem(where, message)
        return None if len(self.problems) > before else question

    def choice(self, item: Item, found: dict[str, Item]) -> tuple[list[tuple[Item, WrittenOption]], None] | None:
        """The options of a choice question, or None if any of them cannot be read."""
        if "answer" in found:
            self.problem(found["answer"], "a choice question marks its right option with 'right' instead")
        if "options" not in found:
            self.problem(item, "missing (a choice question needs options)", item.child("options"))
            return None
        before = len(self.problems)
        options = self.options(found["options"])
        if len(self.problems) > before:
            return None
        texts = [option.text for _, option in options]
        for number, (child, option) in enumerate(options):
            if option.text in texts[:number]:
                self.problem(_child(child, "text"), "another option has these words too")
        return options, None

    def true_false(self, item: Item, found: dict[str, Item]) -> tuple[list[tuple[Item, WrittenOption]], Conditions | None] | None:
        """Where a true-false statement is true, or None if that cannot be read."""
        if "options" in found:
            self.problem(found["options"], "a true-false question has no options (they are True and False)")
        if "answer" not in found:
            self.problem(item, "missing (true, false, or the rules under which it is true)", item.child("answer"))
            return None
        before = len(self.problems)
        true_when = self.truth(found["answer"])
        return ([], true_when) if len(self.problems) == before else None

    def options(self, item: Item) -> list[tuple[Item, WrittenOption]]:
        options: list[tuple[Item, WrittenOption]] = []
        for child in self.items(item, "options", at_least=MIN_OPTIONS):
            option = self.option(child)
            if option is not None:
                options.append((child, option))
        return options

    def option(self, item: Item) -> WrittenOption | None:
        before = len(self.problems)
        found = self.fields(item, OPTION_FIELDS, ("text",), "an option")
        if found is None:
            return None
        text = self.text(found.get("text"), PLACEHOLDERS)
        why = self.text(found.get("why"), PLACEHOLDERS) if "why" in found else ""
        right = self.truth(found["right"]) if "right" in found else None
        when = self.conditions(found.get("when"), "the option is never offered")
        if len(self.problems) > before or text is None or why is None or when is None:
            return None
        return WrittenOption(text, right, why, when, item.line)

    def truth(self, item: Item) -> Conditions | None:
        """true (ALWAYS), false (None) or the rules under which something is true."""
        if isinstance(item.value, bool):
            return ALWAYS if item.value else None
        if not isinstance(item.value, dict):
            self.problem(item, f"expected true, false or a mapping of rules, not {shown(item.value)}")
            return None
        return self.conditions(item, "it is never true")

    def conditions(self, item: Item | None, never: str) -> Conditions | None:
        """The rules in `item` (ALWAYS if there is none); a problem if no rules the settings offer match."""
        if item is None:
            return ALWAYS
        if not isinstance(item.value, dict) or not item.value:
            self.problem(item, "expected a mapping of rules, like {ruleset: table, extra_draw_on_pair: true}")
            return None
        wants: list[tuple[str, frozenset[str | bool | int]]] = []
        for name, child in item.value.items():
            if name not in CONDITIONS:
                self.problem(child, f"unknown rule (allowed: {', '.join(CONDITIONS)})")
                continue
            values = self.values(child, CONDITIONS[name])
            if values is not None:
                wants.append((name, values))
        if len(wants) < len(item.value):
            return None
        conditions = Conditions(tuple(wants))
        if not any(conditions.hold(rules) for rules in rules_in_reach()):
            self.problem(item, f"{never}: no rules the settings offer have {conditions}")
            return None
        return conditions

    def values(self, item: Item, allowed: tuple[str | bool | int, ...]) -> frozenset[str | bool | int] | None:
        given = item.value if isinstance(item.value, list) else [item]
        choices = ", ".join(str(choice).lower() if isinstance(choice, bool) else str(choice) for choice in allowed)
        values: set[str | bool | int] = set()
        for child in given:
            value = child.value
            if not isinstance(value, (str, bool, int)) or type(value) is not type(allowed[0]) or value not in allowed:
                self.problem(child, f"{shown(value)} is not one of {choices}")
                return None
            values.add(value)
        if not values:
            self.problem(item, f"is empty: give one or more of {choices}")
            return None
        return frozenset(values)

    def asked_right(self, question: WrittenQuestion, options: list[tuple[Item, WrittenOption]], where: Item) -> None:
        """Wherever the question is asked: 2 to 4 options, exactly one right, a why for each wrong
        one; each option offered and right somewhere it can be, and each why shown somewhere."""
        asked = [rules for rules in rules_in_reach() if question.fits(rules, (question.after,))]
        for message in _each_once(_count_problem(question, rules) for rules in asked):
            self.problem(where, message)
        for message in _each_once(_side_problem(question, rules) for rules in asked if rules.players == 2):
            self.problem(where, message)
        if question.kind == "true-false" and question.true_when not in (ALWAYS, None):
            truths = {question.offered(rules)[0][1] for rules in asked}
            if len(truths) == 1:
                self.problem(where, f"always {str(truths.pop()).lower()} where the question is asked: write that instead")
        for item, option in options:
            offered = [rules for rules in asked if option.when.hold(rules)]
            wrong = [rules for rules in offered if not option.is_right(rules)]
            if not offered:
                self.problem(_child(item, "when"), f"never offered: the question is only asked with {question.when}")
            elif option.right not in (ALWAYS, None) and len(wrong) == len(offered):
                self.problem(_child(item, "right"), f"never right where the option is offered (as under {describe(offered[0])})")
            elif option.right not in (ALWAYS, None) and not wrong:
                self.problem(_child(item, "right"), "right wherever the option is offered: write true instead")
            if wrong and not option.why:
                self.problem(item, f"missing: the option is wrong under {describe(wrong[0])}, and every wrong option needs its own reason", item.child("why"))
            if offered and not wrong and option.why:
                self.problem(_child(item, "why"), "never shown: the option is right wherever it is offered")


def _child(item: Item, name: str) -> Item:
    """The child `name` of a mapping item, or the item itself (named as that child) if it has none."""
    if isinstance(item.value, dict) and name in item.value:
        return item.value[name]
    return Item(None, item.line, item.child(name))


def _count_problem(question: WrittenQuestion, rules: Rules) -> str | None:
    offered = question.offered(rules)
    right = [text for text, is_right, _ in offered if is_right]
    if question.kind == "choice" and not MIN_OPTIONS <= len(offered) <= MAX_OPTIONS:
        return f"{len(offered)} options are offered under {describe(rules)}; a question needs {MIN_OPTIONS} to {MAX_OPTIONS}"
    if not right:
        return f"no option is right under {describe(rules)}"
    if len(right) > 1:
        return f"{len(right)} options are right under {describe(rules)} ({', '.join(map(repr, right))}); exactly one must be"
    return None


def _side_problem(question: WrittenQuestion, rules: Rules) -> str | None:
    """With two players: an option (or a statement) naming a side that counts as wrong, though the
    other player sits on that side too."""
    mend = "where the other player is on both sides: ask it only with more players (when: players) or say it without sides"
    if question.kind == "true-false":
        named = SIDE.search(question.prompt)
        if named and not question.offered(rules)[0][1]:
            return f"the statement names a side ('{named.group(0)}') and is false under {describe(rules)}, {mend}"
        return None
    for text, right, _ in question.offered(rules):
        named = SIDE.search(text)
        if named and not right:
            return f"the option {text!r} names a side ('{named.group(0)}') and counts as wrong under {describe(rules)}, {mend}"
    return None


def _reasons_once(question: WrittenQuestion, asked: Iterable[Rules]) -> list[str]:
    """What is unfair or too long in the reasons the options get (tutor.quiz.reasons), wherever
    the question is asked; each problem once, whichever odd rank fills in its words."""
    kept: dict[str, str] = {}
    seen: set[tuple[object, ...]] = set()
    for rules in asked:
        odd = (rank_name(rules.odd_rank, plural=True), rank_name(rules.odd_rank))
        asked_as = question.question(rules)
        words = (asked_as.prompt, asked_as.options, asked_as.correct, asked_as.notes, asked_as.explanation)
        if words in seen:  # most rules ask it in the same words: check those once
            continue
        seen.add(words)
        for message in reason_problems(asked_as):
            key = message.replace(odd[0], "{odds}").replace(odd[1], "{odd}")
            kept.setdefault(key, f"{message} (as asked under {describe(rules)})")
    return list(kept.values())


def _each_once(messages: Iterable[str | None]) -> list[str]:
    """The first message of each kind (the rules named in it differ, the problem is the same)."""
    kept: dict[str, str] = {}
    for message in messages:
        if message is not None:
            kept.setdefault(message.split(" under ")[0], message)
    return list(kept.values())
