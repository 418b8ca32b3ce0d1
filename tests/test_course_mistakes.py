"""lessons/mistakes.yaml through the one reader: typed words, every problem with file:line: field,
built-in words when the file is broken (never a crash at the first mistake), and wording that fits
the rules in play."""

from __future__ import annotations

import argparse
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tutor.cli.lessons import register
from tutor.course.mistakes import FALLBACK, NO_PAIR_CODES, MistakeWords, explain, flagged_cards, mistake_book, read_mistakes
from tutor.engine.actions import LayDown
from tutor.engine.cards import Card, groups_of_a_kind
from tutor.engine.decks import find_deck
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
            # the book's penalty, and what happens here instead: a walk read the penalty as the game's own
            assert why.endswith("Here the tutor stops it first, so these cards stay in your hand."), why


@pytest.mark.parametrize(("pair", "said", "not_said"), [("5C 5H", "colour doesn't matter", "both are"), ("AC AS", "both are Aces", "colour")])
def test_a_kept_pair_speaks_of_colour_only_when_its_colours_differ(pair: str, said: str, not_said: str) -> None:
    """A walker read "A♣ and A♠ make a pair: same rank, and the colour doesn't matter" of two black Aces."""
    cards = tuple(Card.parse(card) for card in pair.split())
    for rules in (Rules.bicycle(3), Rules.table(3)):
        game = Game.from_hands(rules, [list(cards), [Card.parse("QS")], [Card.parse("7D")]], 2, (0,))
        said_here = explain(Mistake(MistakeCode.KEPT_PAIR, 0, cards), game, ["you", "Ana", "Ben"])
        why = said_here.why
        assert said in why and not_said not in why, why
        assert why.startswith("They make a pair") and str(cards[0]) in said_here.what  # the cards named once, not twice


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

    said = "so there is nothing to draw from {seat}."
    assert said in SHIPPED
    path = tmp_path / "mistakes.yaml"
    path.write_text(SHIPPED.replace(said, "so {seat} is safe and out of the game."), encoding="utf-8")
    (problem,) = check_mistakes_file(path, "lessons/mistakes.yaml")
    line = SHIPPED[: SHIPPED.index(said)].count("\n") + 1
    assert str(problem).startswith(f"lessons/mistakes.yaml:{line}: mistakes.drew-from-empty.what: says “{{seat}} has no cards left, so {{seat}} is safe")
    assert "which is not so under some rules the settings allow" in str(problem)
    path.write_text(SHIPPED, encoding="utf-8")
    assert check_mistakes_file(path, "lessons/mistakes.yaml") == []


# ----- advice that points at a pair checks the hand holds one (issue 26: lesson 6 step 6) -------------

RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
ALL_RULES = (Rules.bicycle(3), Rules.table(3), Rules.bicycle(3, odd_card_wins=True), Rules.bicycle(3, wrong_pair_loses=True))


def _no_pair_words(rules: Rules, code: str) -> str:
    return mistake_book().words[code].for_deck(rules).instead_no_pair


@settings(max_examples=60, deadline=None)
@given(
    ranks=st.lists(st.sampled_from(RANKS), min_size=2, max_size=8),
    suits=st.lists(st.sampled_from("CDHS"), min_size=8, max_size=8),
    rules=st.sampled_from(ALL_RULES),
    code=st.sampled_from(sorted(NO_PAIR_CODES)),
    pictures=st.booleans(),
)
def test_advice_after_a_pairing_mistake_never_points_at_a_pair_the_hand_does_not_hold(
    ranks: list[str], suits: list[str], rules: Rules, code: str, pictures: bool
) -> None:
    """The kind behind lesson 6 step 6 ("Look for two cards with the same number ... and lay those
    down" to a learner holding Q♠ and 7♣): whatever the hand, rules and deck, a hand with no pair is
    told so, and a hand with one is sent to look for it."""
    if pictures:
        deck, rules = find_deck("farm"), rules.with_deck("farm")
        pool = list(deck.cards)
        hand = list(dict.fromkeys(pool[(ord(rank[0]) * 7 + index) % len(pool)] for index, rank in enumerate(ranks)))
    else:
        hand = list(dict.fromkeys(Card.parse(rank + suit) for rank, suit in zip(ranks, suits, strict=False)))
    if len(hand) < 2:
        return
    cards = (hand[0], hand[1]) if code == "not-a-pair" else (hand[0], hand[0])
    game = Game.from_hands(rules, [hand, [], []], 2, (0,))
    held_pair = any(len(group) > 1 for group in groups_of_a_kind(hand))
    said = explain(Mistake(MistakeCode(code), 0, cards), game, ["you", "Ana", "Ben"]).instead
    if held_pair:
        assert said != _no_pair_words(rules, code)
        assert "no pair" not in said.lower()
    else:
        assert said == _no_pair_words(rules, code) and "no pair" in said.lower() or "nothing to lay down" in said.lower()
        assert "look for" not in said.lower() and "pick two" not in said.lower()


def test_a_pairing_mistake_without_words_for_a_hand_with_no_pair_is_a_problem() -> None:
    text = SHIPPED.replace("    instead-no-pair: No two of your cards make a pair", "    # gone: No two of your cards make a pair", 1)
    book = read_mistakes(text, "lessons/mistakes.yaml")
    line = next(number for number, row in enumerate(text.splitlines(), 1) if row == "  not-in-hand:") + 1  # its words start here
    why = "this mistake can be made with no pair in the hand, so say what to do then"
    assert [str(problem) for problem in book.problems] == [f"lessons/mistakes.yaml:{line}: mistakes.not-in-hand: missing instead-no-pair: {why}"]
    assert book.words["not-in-hand"] == FALLBACK["not-in-hand"]


def test_lesson_6_a_wrong_pair_from_a_queen_and_a_seven_is_told_there_is_no_pair() -> None:
    from tutor.course import LayDownCards, LessonRun, load_course

    run = LessonRun(load_course().lesson("the-ending"), step=5)
    assert run.step.id == "no-pair"
    feedback = run.submit(LayDownCards([Card.parse("QS"), Card.parse("7C")]))
    assert feedback.explanation is not None and not feedback.right
    assert feedback.explanation.instead == "No two of your cards have the same rank, so there is no pair to lay down. Keep them all and say you're done."


@pytest.mark.parametrize(
    ("code", "dealt_all_but", "said"),
    [
        ("en", 1, "Still to deal: 1 card."),
        ("en", 3, "Still to deal: 3 cards."),
        ("es", 1, "Por repartir: 1 carta."),
        ("es", 3, "Por repartir: 3 cartas."),  # (not "Falta por repartir: 3 cartas": a walker's Spanish)
        ("de", 1, "Noch auszuteilen: 1 Karte."),
    ],
)
def test_cards_left_to_deal_are_counted_in_the_singular_too(code: str, dealt_all_but: int, said: str) -> None:
    """A walker read "Todavía quedan 1 cartas por repartir." (and English said "1 cards")."""
    from tutor import language
    from tutor.engine.actions import DealCard, FinishDeal

    game = Game.start_deal(Rules.bicycle(3), seed=1, dealer=0, learners=(0,))
    for _ in range(game.stock - dealt_all_but):
        game.apply(DealCard())
    mistake = game.mistake_in(FinishDeal())
    assert mistake is not None
    with language.speaking(code):
        assert explain(mistake, game, ["you", "Ana", "Ben"]).what == said


# ----- a pair and more laid down: the pair is right, the extra cards are not -----------------------


@pytest.mark.parametrize("entries", [None, FALLBACK], ids=["file", "built-in"])
def test_a_pair_laid_down_with_an_extra_card_is_told_to_go_down_alone(entries: dict[str, MistakeWords] | None) -> None:
    """A walker picked 3♣ 3♠ and then 6♠, and was told to "look for two cards with the same
    number", which they had: the pair is named, and the card to keep."""
    hand = [Card.parse(text) for text in ("3C", "3S", "6S", "9H")]
    game = Game.from_hands(Rules.bicycle(3), [hand, [Card.parse("QS")], [Card.parse("7D")]], 2, (0,))
    mistake = game.mistake_in(LayDown(0, (hand[0], hand[1], hand[2])))
    assert mistake is not None and mistake.code is MistakeCode.NOT_A_PAIR
    said = explain(mistake, game, ["you", "Ana", "Ben"], entries=entries)
    assert said.what == "3♣ and 3♠ pair up, but not with 6♠."  # not "3♣, 3♠ and 6♠ are not a pair."
    assert "just 3♣ and 3♠" in said.instead and "keep 6♠" in said.instead and "look for" not in said.instead.lower()
    two_wrong = explain(game.mistake_in(LayDown(0, (hand[0], hand[2]))) or mistake, game, ["you", "Ana", "Ben"], entries=entries)
    assert two_wrong.instead == (entries or mistake_book().words)["not-a-pair"].instead  # two cards: look for a pair
    assert two_wrong.what == "3♣ and 6♠ are not a pair."


def test_two_pairs_and_a_card_laid_down_keep_only_the_card() -> None:
    """A walker picked A♣ A♥ 2♥ 2♠ 6♠ and was told to keep 2♥ and 2♠, a pair, in the hand: only
    the card that pairs with none of the others is to be kept."""
    hand = [Card.parse(text) for text in ("AC", "AH", "2H", "2S", "6S")]
    game = Game.from_hands(Rules.bicycle(3), [hand, [Card.parse("QS")], [Card.parse("7D")]], 2, (0,))
    mistake = game.mistake_in(LayDown(0, tuple(hand)))
    assert mistake is not None and mistake.code is MistakeCode.NOT_A_PAIR
    said = explain(mistake, game, ["you", "Ana", "Ben"])
    assert said.what == "A♣, A♥, 2♥ and 2♠ pair up, but not with 6♠."  # both pairs named, not only the first
    assert said.instead == "Lay down just A♣, A♥, 2♥ and 2♠, and keep 6♠ in your hand."
    assert flagged_cards(mistake) == {Card.parse("6S")}, "the ! marks stand under the card at fault, not under the pairs"


def test_three_of_four_of_a_kind_is_never_said_to_leave_the_third_without_a_partner() -> None:
    """With J♣ J♦ J♥ J♠ in hand, three of them picked: the third's partner is right there."""
    hand = [Card.parse(text) for text in ("JC", "JD", "JH", "JS", "4C")]
    game = Game.from_hands(Rules.bicycle(3), [hand, [Card.parse("QS")], [Card.parse("7D")]], 2, (0,))
    mistake = game.mistake_in(LayDown(0, tuple(hand[:3])))
    assert mistake is not None and mistake.code is MistakeCode.LAID_DOWN_THREE
    assert "no partner" not in explain(mistake, game, ["you", "Ana", "Ben"]).why


def test_pictures_a_pair_and_more_names_the_pair_too() -> None:
    deck, rules = find_deck("farm"), Rules.bicycle(3).with_deck("farm")
    first, second = (card for card in deck.cards if card.picture == deck.cards[0].picture)
    other = next(card for card in deck.cards if card.picture not in (first.picture, None))
    game = Game.from_hands(rules, [[first, second, other], [], []], 2, (0,))
    said = explain(Mistake(MistakeCode.NOT_A_PAIR, 0, (first, second, other)), game, ["you", "Ana", "Ben"])
    assert said.what == f"The two {first.text()} cards pair up, but not with the {other.text()}."
    assert said.instead == f"Lay down just the two {first.text()} cards, and keep the {other.text()} in your hand."


MISSING_WORDS = [
    ("not-a-pair", "instead-pair-inside", "the cards laid down may hold a pair and more, so say that the pair is one, and to lay it down alone"),
    ("laid-down-three", "what-with-others", "more cards may be picked with the three, so name them ({others}) and say what to do"),
]


@pytest.mark.parametrize(("code", "field", "why"), MISSING_WORDS)
def test_a_mistake_without_its_needed_words_for_more_cards_is_a_problem(code: str, field: str, why: str) -> None:
    text = SHIPPED.replace(f"    {field}:", "    # gone:", 1)
    book = read_mistakes(text, "lessons/mistakes.yaml")
    line = next(number for number, row in enumerate(text.splitlines(), 1) if row == f"  {code}:") + 1
    assert [str(problem) for problem in book.problems] == [f"lessons/mistakes.yaml:{line}: mistakes.{code}: missing {field}: {why}"]


# ----- three of a kind laid down with more cards: each named -------------------------------------


@pytest.mark.parametrize("entries", [None, FALLBACK], ids=["file", "built-in"])
def test_three_of_a_kind_laid_down_with_more_cards_names_them_too(entries: dict[str, MistakeWords] | None) -> None:
    """A walker picked 5♣ 5♦ 5♥ and 7♠: the words spoke of the three 5s alone, as if 7♠ had not been picked."""
    hand = [Card.parse(text) for text in ("5C", "5D", "5H", "7S", "9H")]
    game = Game.from_hands(Rules.bicycle(3), [hand, [Card.parse("QS")], [Card.parse("7D")]], 2, (0,))
    mistake = game.mistake_in(LayDown(0, tuple(hand[:4])))
    assert mistake is not None and mistake.code is MistakeCode.LAID_DOWN_THREE
    assert mistake.cards == tuple(hand[:3]) and mistake.others == (hand[3],)
    said = explain(mistake, game, ["you", "Ana", "Ben"], entries=entries)
    assert said.what == "You tried to lay down three 5s at once (5♣, 5♦ and 5♥), and 7♠ with them."
    assert said.instead.startswith("Lay down just two of the 5s. Keep the third one") and said.instead.endswith("and 7♠ too.")
    three = explain(game.mistake_in(LayDown(0, tuple(hand[:3]))) or mistake, game, ["you", "Ana", "Ben"], entries=entries)
    assert three.what == "You tried to lay down three 5s at once (5♣, 5♦ and 5♥)." and "7♠" not in three.instead
    assert flagged_cards(mistake) == set(hand[:4]), "the three and the card to keep are marked"


def test_three_of_a_kind_laid_down_with_a_pair_never_says_to_keep_the_pair() -> None:
    """5♣ 5♦ 5♥ picked with 8♣ 8♦: the words said to keep 8♣ and 8♦ "too", a pair, which would
    be the next mistake; the 8s may go down, so only the 5s are spoken of and marked."""
    hand = [Card.parse(text) for text in ("5C", "5D", "5H", "8C", "8D")]
    game = Game.from_hands(Rules.bicycle(3), [hand, [Card.parse("QS")], [Card.parse("7D")]], 2, (0,))
    mistake = game.mistake_in(LayDown(0, tuple(hand)))
    assert mistake is not None and mistake.code is MistakeCode.LAID_DOWN_THREE
    said = explain(mistake, game, ["you", "Ana", "Ben"])
    assert "8♣" not in said.what + said.instead
    assert said.instead == "Lay down any two of the 5s and keep the third in your hand."
    assert flagged_cards(mistake) == set(hand[:3])


@pytest.mark.parametrize("rules", [Rules.bicycle(3), Rules.table(3), Rules.bicycle(3, odd_card_wins=True)], ids=["bicycle", "table", "reversed"])
def test_more_than_two_cards_are_told_why_they_stay_under_every_rules(rules: Rules) -> None:
    """A walker laid down two Rabbits and a Cat and read what happens to "a player who laid down
    two cards that are not a pair": three cards are told that cards go down only as whole pairs."""
    hand = [Card.parse(text) for text in ("3C", "3S", "6S", "9H")]
    game = Game.from_hands(rules, [hand, [Card.parse("QS")], [Card.parse("7D")]], 2, (0,))
    mistake = game.mistake_in(LayDown(0, (hand[0], hand[1], hand[2])))
    assert mistake is not None and mistake.code is MistakeCode.NOT_A_PAIR
    why = explain(mistake, game, ["you", "Ana", "Ben"]).why
    assert why.endswith("More than two cards go down together only when they make whole pairs, so these stay in your hand."), why
    two = explain(game.mistake_in(LayDown(0, (hand[0], hand[2]))) or mistake, game, ["you", "Ana", "Ben"]).why
    assert "More than two" not in two
