"""What a learner reads after an answer: one short reason, said once.

A wrong answer reads its own note (why that option is wrong) and then the question's explanation
(why the answer is right); a right answer reads the explanation. `reason_problems` finds what
makes that unfair or tiring to read, for written questions (`lessons check`) and generated ones
(the tests ask every generator across many seeds, rulesets and decks):

- a reason that says a sentence or a clause twice ("A♣ and A♦ make a pair ... A♣ and A♦ are a
  pair"), or says again a clause of the question the learner has just read;
- two wrong options that share one reason word for word: every wrong answer gets its own;
- a reason longer than the quiz shows at 60x20 beside its answer and the Next button.
"""

from __future__ import annotations

import re
import textwrap
from collections.abc import Iterator

from tutor.engine.cards import SUITS
from tutor.quiz.model import Question

REASON_WIDTH = 52
"""Columns the reason gets on the quiz screen in a 60-column terminal (tests/test_quiz_ui.py)."""
REASON_LINES = 6
"""Lines the reason may take there: at 60x20 the answer's line, the reason, the note that the
question comes back and the Next button then fit in view together."""
MIN_WORDS = 3
"""A clause says something again when it has at least this many words that carry meaning."""
SAME_START = 4
"""Two clauses that begin with this many words alike tell one fact twice."""

_SENTENCE_END = re.compile(r"(?<=[.!?])\s+")
_CLAUSE_BREAK = re.compile(r"[,;:()]|\s(?:so|but|because|then)\s|\s[-–]\s")
_WORD = re.compile(rf"[\w{''.join(SUITS)}']+")
_LIGHT = frozenset(
    """a an the and or of to in on at is are be was were been it its this that these those
    they them their there here make makes made both one other yes no not do does did has have
    had so as with by for from just now still only s""".split()
)
"""Words that say little on their own: two clauses that differ only in these say the same."""


def reason(question: Question, choice: int) -> str:
    """What the learner reads after picking option `choice`."""
    note = "" if choice in question.correct else question.note(choice)
    return f"{note} {question.explanation}" if note else question.explanation


def reason_problems(question: Question) -> list[str]:
    """Everything unfair or too long in what the options' answers read, each said once."""
    problems: dict[str, None] = {}
    prompt_clauses = list(_clauses(question.prompt))
    explained = list(_clauses(question.explanation))
    for first, again in _repeats(explained):
        problems[f"the explanation says {again!r} after {first!r}: say it once"] = None
    for choice, option in enumerate(question.options):
        said = reason(question, choice)
        noted = list(_clauses("" if choice in question.correct else question.note(choice)))
        for first, again in _repeats(noted + explained):
            if first in noted or again in noted:
                problems[f"the reason for {option!r} says {again!r} after {first!r}: say it once"] = None
        for clause in noted + explained:
            asked = next((one for one in prompt_clauses if _same(one, clause)), None)
            if asked is not None:
                whose = "the explanation" if clause in explained else f"the reason for {option!r}"
                problems[f"{whose} says again {clause!r}, which the question already says ({asked!r})"] = None
        lines = len(textwrap.wrap(said, REASON_WIDTH))
        if lines > REASON_LINES:
            problems[f"the reason for {option!r} takes {lines} lines at 60x20 ({REASON_LINES} fit): make it shorter"] = None
    wrong = [choice for choice in range(len(question.options)) if choice not in question.correct]
    for number, choice in enumerate(wrong):
        for other in wrong[number + 1 :]:
            if reason(question, choice) == reason(question, other):
                problems[f"{question.options[choice]!r} and {question.options[other]!r} are wrong for one and the same reason: give each its own"] = None
    return list(problems)


def _clauses(text: str) -> Iterator[str]:
    for sentence in _SENTENCE_END.split(text.strip()):
        for clause in _CLAUSE_BREAK.split(sentence):
            clause = clause.strip(" .!?")
            if len(_meaning(clause)) >= MIN_WORDS:
                yield clause


def _meaning(clause: str) -> frozenset[str]:
    """The words of `clause` that carry meaning, lower case ("A♣ and A♦ are a pair": a♣ a♦ pair)."""
    return frozenset(word for word in _WORD.findall(clause.lower()) if word not in _LIGHT)


def _same(one: str, two: str) -> bool:
    """Whether two clauses say the same: the same words that carry meaning, or one of them all of
    the other's (then at least MIN_WORDS + 1 of them)."""
    first, second = _meaning(one), _meaning(two)
    smaller = min(first, second, key=len)
    return first == second or (len(smaller) > MIN_WORDS and (first <= second or second <= first))


def _same_start(one: str, two: str) -> bool:
    """Whether two clauses of one reason begin alike, SAME_START words ("The dealer starts by
    offering ..." then "The dealer starts by holding ... out": one fact told twice)."""
    starts = [_WORD.findall(clause.lower())[:SAME_START] for clause in (one, two)]
    return len(starts[0]) == SAME_START and starts[0] == starts[1]


def _repeats(clauses: list[str]) -> Iterator[tuple[str, str]]:
    for number, clause in enumerate(clauses):
        first = next((earlier for earlier in clauses[:number] if _same(earlier, clause) or _same_start(earlier, clause)), None)
        if first is not None:
            yield first, clause
