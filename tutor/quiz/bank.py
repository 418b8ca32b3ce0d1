"""The written questions of `lessons/quiz.yaml`: loading, checking and choosing those that fit
the rules in play. A broken file raises ValueError naming the file and the field."""

from __future__ import annotations

import re
import string
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from typing import Any

from tutor.concepts import CONCEPTS
from tutor.engine import Rules, rank_name
from tutor.engine.rules import ODD_RANKS
from tutor.quiz.model import TRUE_FALSE, Question

WHERE = "lessons/quiz.yaml"
FORMAT_VERSION = 1
FIELDS = ("id", "concept", "kind", "prompt", "options", "answer", "explanation", "rules", "when")
REQUIRED = ("id", "concept", "kind", "prompt", "answer", "explanation")
RULESETS = ("bicycle", "table", "any")
CONDITIONS: dict[str, tuple[Any, ...]] = {
    "odd_rank": ODD_RANKS,
    "odd_card_wins": (True, False),
    "wrong_pair_loses": (True, False),
    "extra_draw_on_pair": (True, False),
}
PLACEHOLDERS = {"odd": "the odd rank, like 'Queen'", "odds": "the odd rank in the plural, like 'Queens'"}
_ID = re.compile(r"^[a-z0-9]+(-[a-z0-9]+)*$")


@dataclass(frozen=True)
class WrittenQuestion:
    """One question of quiz.yaml, before its {odd} placeholders are filled in."""

    id: str
    concept: str
    kind: str
    prompt: str
    options: tuple[str, ...]
    answers: tuple[str, ...]
    explanation: str
    rules: str = "any"
    when: Mapping[str, Any] = field(default_factory=dict)

    def fits(self, rules: Rules) -> bool:
        """True when the question is about the rules in play (ruleset and house rules)."""
        if self.rules not in ("any", rules.variant):
            return False
        return all(getattr(rules, name) == value for name, value in self.when.items())

    def question(self, rules: Rules) -> Question:
        values = {"odd": rank_name(rules.odd_rank), "odds": rank_name(rules.odd_rank, plural=True)}
        options = tuple(option.format_map(values) for option in self.options)
        answers = {answer.format_map(values) for answer in self.answers}
        return Question(
            id=self.id,
            concept=self.concept,
            kind="true-false" if self.kind == "true-false" else "choice",
            prompt=self.prompt.format_map(values),
            options=options,
            correct=frozenset(index for index, option in enumerate(options) if option in answers),
            explanation=self.explanation.format_map(values),
        )


@cache
def read_bank() -> tuple[WrittenQuestion, ...]:
    """Every question of the shipped quiz.yaml, checked; ValueError if the file is broken."""
    return parse_bank(quiz_text(), WHERE)


def quiz_text() -> str:
    return resources.files("tutor.lessons").joinpath("quiz.yaml").read_text(encoding="utf-8")


def parse_bank(text: str, where: str = WHERE) -> tuple[WrittenQuestion, ...]:
    import yaml  # here, so that importing the quiz stays quick

    try:
        data = yaml.safe_load(text)
    except yaml.YAMLError as error:
        raise ValueError(f"{where}: not valid YAML: {error}") from None
    if not isinstance(data, dict) or not isinstance(data.get("questions"), list):
        raise ValueError(f"{where}: expected 'format_version: {FORMAT_VERSION}' and a 'questions' list")
    if data.get("format_version") != FORMAT_VERSION:
        raise ValueError(f"{where}: format_version: expected {FORMAT_VERSION}, not {data.get('format_version')!r}")
    questions = tuple(_question(entry, f"{where}: questions[{index}]") for index, entry in enumerate(data["questions"]))
    seen: set[str] = set()
    for index, question in enumerate(questions):
        if question.id in seen:
            raise ValueError(f"{where}: questions[{index}].id: {question.id!r} is used twice (ids must be unique)")
        seen.add(question.id)
    return questions


def _question(entry: Any, where: str) -> WrittenQuestion:
    if not isinstance(entry, dict):
        raise ValueError(f"{where}: expected a mapping with {', '.join(REQUIRED)}")
    if isinstance(entry.get("id"), str):
        where = f"{where} ({entry['id']})"
    for name in REQUIRED:
        if name not in entry:
            raise ValueError(f"{where}.{name}: missing")
    unknown = sorted(set(entry) - set(FIELDS))
    if unknown:
        raise ValueError(f"{where}.{unknown[0]}: unknown field (allowed: {', '.join(FIELDS)})")
    if not isinstance(entry["id"], str) or not _ID.match(entry["id"]):
        raise ValueError(f"{where}.id: expected lowercase words joined by '-', like 'pair-colour'")
    if entry["concept"] not in CONCEPTS:
        raise ValueError(f"{where}.concept: {entry['concept']!r} is not a concept (allowed: {', '.join(CONCEPTS)})")
    for name in ("prompt", "explanation"):
        _words(entry[name], f"{where}.{name}")
    options, answers = _options_and_answers(entry, where)
    return WrittenQuestion(
        id=entry["id"],
        concept=entry["concept"],
        kind=entry["kind"],
        prompt=entry["prompt"].strip(),
        options=options,
        answers=answers,
        explanation=entry["explanation"].strip(),
        rules=_ruleset(entry.get("rules", "any"), f"{where}.rules"),
        when=_conditions(entry.get("when", {}), f"{where}.when"),
    )


def _options_and_answers(entry: dict[str, Any], where: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    kind, answer = entry["kind"], entry["answer"]
    if kind == "true-false":
        if "options" in entry:
            raise ValueError(f"{where}.options: a true-false question has no options (they are True and False)")
        if not isinstance(answer, bool):
            raise ValueError(f"{where}.answer: expected true or false")
        return TRUE_FALSE, (TRUE_FALSE[0] if answer else TRUE_FALSE[1],)
    if kind != "choice":
        raise ValueError(f"{where}.kind: expected 'choice' or 'true-false', not {kind!r}")
    options = entry.get("options")
    if not isinstance(options, list) or not 2 <= len(options) <= 4:
        raise ValueError(f"{where}.options: expected a list of 2 to 4 options")
    for index, option in enumerate(options):
        _words(option, f"{where}.options[{index}]")
    if len(set(options)) != len(options):
        raise ValueError(f"{where}.options: two options are the same")
    answers = answer if isinstance(answer, list) else [answer]
    for given in answers:
        if given not in options:
            raise ValueError(f"{where}.answer: {given!r} is not one of the options")
    if not answers or len(answers) == len(options):
        raise ValueError(f"{where}.answer: name at least one right option, and leave at least one wrong")
    return tuple(option.strip() for option in options), tuple(given.strip() for given in answers)


def _words(value: Any, where: str) -> None:
    if not isinstance(value, str) or not value.strip():
        raise ValueError(f"{where}: expected some words")
    try:
        names = [name for _, name, _, _ in string.Formatter().parse(value) if name is not None]
    except ValueError as error:
        raise ValueError(f"{where}: {error} (write {{{{ and }}}} for a brace)") from None
    for name in names:
        if name not in PLACEHOLDERS:
            allowed = ", ".join(f"{{{key}}} ({meaning})" for key, meaning in PLACEHOLDERS.items())
            raise ValueError(f"{where}: unknown placeholder {{{name}}} (allowed: {allowed})")


def _ruleset(value: Any, where: str) -> str:
    if value not in RULESETS:
        raise ValueError(f"{where}: expected one of {', '.join(RULESETS)}, not {value!r}")
    return str(value)


def _conditions(value: Any, where: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise ValueError(f"{where}: expected a mapping of house rules, like 'odd_card_wins: false'")
    for name, wanted in value.items():
        if name not in CONDITIONS:
            raise ValueError(f"{where}.{name}: unknown house rule (allowed: {', '.join(CONDITIONS)})")
        if wanted not in CONDITIONS[name] or type(wanted) is not type(CONDITIONS[name][0]):
            allowed = ", ".join(str(choice).lower() if isinstance(choice, bool) else choice for choice in CONDITIONS[name])
            raise ValueError(f"{where}.{name}: expected one of {allowed}, not {wanted!r}")
    return dict(value)
