"""Every generated quiz question keeps its right answer right in each language: the same seed
makes the same question, its options stay different from each other once translated, and the
option marked right is the one the engine says is true (checked as in test_quiz_generated)."""

from __future__ import annotations

import random

import pytest
from test_quiz_generated import NAMES, _option_is_true

from tutor import language
from tutor.engine import every_rules
from tutor.quiz import GENERATORS
from tutor.wording import Seats


@pytest.mark.parametrize("code", ["es", "de"])
@pytest.mark.parametrize("kind", list(GENERATORS))
def test_each_language_asks_the_same_question_with_the_same_right_answer(code: str, kind: str) -> None:
    checked = 0
    for number, rules in enumerate(every_rules()):
        seats = Seats(NAMES[: rules.players])
        seed = random.Random(f"{number}:{kind}")
        state = seed.getstate()
        language.use("en")
        english = GENERATORS[kind](random.Random(f"{number}:{seed.random()}"), rules, seats)
        seed.setstate(state)
        language.use(code)
        translated = GENERATORS[kind](random.Random(f"{number}:{seed.random()}"), rules, seats)
        assert translated.values == english.values and translated.correct == english.correct
        assert len(set(translated.options)) == len(translated.options), translated.options
        if rules.deck == "standard":
            assert translated.prompt != english.prompt, (code, translated.prompt)  # it really is translated
        truths = [_option_is_true(rules, translated, value) for value in translated.values]
        assert truths == [index in translated.correct for index in range(len(truths))]
        checked += 1
    assert checked == len(every_rules())
