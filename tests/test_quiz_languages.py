"""Every generated quiz question keeps its right answer right in each language: the same seed
makes the same question, its options stay different from each other once translated, and the
option marked right is the one the engine says is true (checked as in test_quiz_generated)."""

from __future__ import annotations

import random
import re

import pytest
from rich.cells import cell_len
from test_quiz_generated import NAMES, _option_is_true

from tutor import language
from tutor.engine import every_rules
from tutor.language import LANGUAGES, speaking, tr
from tutor.quiz import GENERATORS
from tutor.ui import page, quiz_screen, rules_screen
from tutor.ui.quiz_screen import MORE_MARK
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


def test_spanish_says_who_draws_from_you_as_spanish_does() -> None:
    """ "Bea roba a ti", "acaba de robar 5♥ de la mano de ti", "con ti" and "que tenga cartas: ti"
    are not how Spanish says it: "Bea te roba", "Bea acaba de robarte 5♥", "contigo", "el tuyo"."""
    said: list[str] = []
    language.use("es")
    try:
        for number, rules in enumerate(every_rules()):
            for seed in range(4):
                for kind in ("who-draws", "after-draw", "old-maid-now"):  # a walker read "Bea roba 10♠ de la mano de ti"
                    question = GENERATORS[kind](random.Random(f"{number}:{seed}"), rules, Seats(NAMES[: rules.players]))
                    said += [question.prompt, *question.options, question.explanation]
    finally:
        language.use("en")
    assert not [line for line in said if any(words in line for words in ("roba a ti", "mano de ti", "con ti", ": ti", "que ti "))]
    assert any(line.endswith(" te roba") for line in said) and any("acaba de robarte" in line for line in said)
    assert any(" te roba " in line and line.endswith("¿Qué pasa?") for line in said)
    assert any("contigo" in line for line in said) and any(": el tuyo." in line for line in said)


def test_a_seat_without_cards_is_said_in_one_piece_in_spanish() -> None:
    """The quiz's table said "Bea (a tu izquierda) · tiene sin cartas": "holds" and "no cards" were
    two messages. An empty hand is now one: "no tiene cartas"."""
    from tutor.ui.quiz_screen import _others_text

    language.use("es")
    try:
        for number, rules in enumerate(every_rules()):
            for seed in range(4):
                question = GENERATORS["who-draws"](random.Random(f"{number}:{seed}"), rules, Seats(NAMES[: rules.players]))
                position = question.position
                if position is not None and any(not hand for hand in position.hands[1:]):
                    table = _others_text(position, letters=False).plain
                    assert "sin cartas" not in table and "· no tiene cartas" in table, table
                    return
    finally:
        language.use("en")
    raise AssertionError("no question showed a seat without cards")


@pytest.mark.parametrize("code", LANGUAGES)
def test_the_more_below_lines_fit_sixty_columns(code: str) -> None:
    """Each is one line at the bottom of the screen: Spanish "... o Enter para" lost its end at 60
    columns (a newcomer's walk)."""
    with speaking(code):
        signs = [f"{MORE_MARK} {tr(sign).format(count=4)} {MORE_MARK}" for sign in quiz_screen.SIGNS]
        signs += [tr(sign) for sign in (*page.SIGNS, rules_screen.READ_ON)]
    for sign in signs:
        assert cell_len(sign) <= 60, sign


def test_german_says_nearer_than_you_as_german_does() -> None:
    """A walker read "Sam sitzt rechts von Ana näher als dir": after "als" it is "du"."""
    said: list[str] = []
    language.use("de")
    try:
        for number, rules in enumerate(every_rules()):
            for seed in range(4):
                question = GENERATORS["who-draws"](random.Random(f"{number}:{seed}"), rules, Seats(NAMES[: rules.players]))
                said += [question.explanation, *(question.note(index) for index in range(len(question.options)))]
    finally:
        language.use("en")
    assert not [line for line in said if "als dir" in line]
    assert any("als du" in line for line in said)
    assert not [line for line in said if re.search(r"(rechts|links)( von \w+)? näher", line)], "a comma: 'Sam sitzt rechts von Ana, näher als Bea'"
