"""Picture decks in words: mistakes, hints and narration speak of pictures, never of ranks,
suits or colours; the deck is a setting; the picture-cards lesson is part of the course."""

from __future__ import annotations

import re

import pytest

from tutor.course.mistakes import explain, mistake_book
from tutor.engine import FinishPairing, Game, LayDown, MistakeCode, Rules
from tutor.engine.decks import find_deck
from tutor.play.hints import hint_for
from tutor.settings import Settings
from tutor.wording import card_list, not_pair_reason, pair_reason

FARM = find_deck("farm")
NAMES = ["Robin", "Bea", "Sam"]
CARD_WORDS = re.compile(r"\b(rank|ranks|suit|suits|colou?rs?|three of a kind|5s)\b|[♣♦♥♠]", re.IGNORECASE)


def card(code: str):  # type: ignore[no-untyped-def]
    return FARM.parse(code)


def farm_game(rules: Rules, hands: list[list[str]]) -> Game:
    return Game.from_hands(rules.with_deck("farm"), [[card(code) for code in hand] for hand in hands], dealer=2, learners=(0,))


@pytest.mark.parametrize("rules", [Rules.bicycle(3), Rules.table(3), Rules.bicycle(3, odd_card_wins=True)], ids=["bicycle", "table", "reversed"])
def test_keeping_a_picture_pair_is_explained_in_picture_words(rules: Rules) -> None:
    game = farm_game(rules, [["cat/1", "cat/2", "dog/1"], ["dog/2", "old-maid"], ["pig/1", "pig/2"]])
    mistake = game.mistake_in(FinishPairing(0))  # says done while holding the two Cats
    assert mistake is not None and mistake.code is MistakeCode.KEPT_PAIR
    words = explain(mistake, game, ["you", "Bea", "Sam"])
    assert words.what == "You are still holding the two Cat cards."
    assert words.why.startswith("They are a pair: the same picture.")  # just named in `what`: not twice
    assert words.instead == "Pick the two Cat cards and lay them down. Say you're done once no pair is left in your hand."
    assert not CARD_WORDS.search(words.text())


@pytest.mark.parametrize("rules", [Rules.bicycle(3), Rules.table(3), Rules.bicycle(3, odd_card_wins=True)], ids=["bicycle", "table", "reversed"])
def test_two_different_pictures_are_explained_in_picture_words(rules: Rules) -> None:
    game = farm_game(rules, [["cat/1", "dog/1", "hen/1"], ["dog/2", "old-maid"], ["cat/2", "hen/2"]])
    mistake = game.mistake_in(LayDown(0, (card("cat/1"), card("dog/1"))))
    assert mistake is not None and mistake.code is MistakeCode.NOT_A_PAIR
    words = explain(mistake, game, ["you", "Bea", "Sam"])
    assert words.rule == "A pair is two cards with the same picture"
    assert words.what == "The Cat and the Dog are not a pair."
    assert "same picture" in words.why and words.lesson == "picture-cards"
    assert not CARD_WORDS.search(words.text())


def test_every_mistake_that_can_happen_with_pictures_has_no_card_words() -> None:
    """Every mistake code's picture wording is free of ranks, suits and colours (three of a
    kind cannot happen with two cards of each picture)."""
    rules = Rules.bicycle(3).with_deck("farm")
    for code, words in mistake_book().words.items():
        if code == "laid-down-three":
            continue
        shown = words.for_deck(rules)
        for text in (shown.rule, shown.what, shown.instead, *shown.why.values()):
            assert not CARD_WORDS.search(text.replace("{rank}", "")), (code, text)


def test_standard_words_are_unchanged_by_the_picture_words() -> None:
    words = mistake_book().words["not-a-pair"]
    assert words.for_deck(Rules.bicycle(3)) is words
    assert words.rule == "A pair is two cards of the same rank"


def test_card_lists_and_reasons_name_pictures() -> None:
    cat1, cat2, dog, maid = card("cat/1"), card("cat/2"), card("dog/1"), card("old-maid")
    assert card_list([cat2, cat1]) == "the two Cat cards"
    assert card_list([dog, cat1]) == "the Cat and the Dog"
    assert pair_reason(cat1, cat2) == "The two Cat cards are a pair: both show the same picture, so they match."
    assert not_pair_reason(cat1, maid) == (
        "The Cat and the Old Maid are not a pair: two different pictures. The Old Maid has no partner: she never makes a pair."
    )


def test_hints_for_a_picture_hand_name_the_pair() -> None:
    game = farm_game(Rules.bicycle(3), [["cat/1", "cat/2", "dog/1"], ["dog/2", "old-maid"], ["pig/1", "pig/2"]])
    last = None
    for level in (1, 2, 3):
        last = hint_for(game, 0, NAMES, level)
        assert not CARD_WORDS.search(last.text), last.text
    assert last is not None and last.text.startswith("Lay down the two Cat cards. The two Cat cards are a pair: both show the same picture")


def test_the_deck_is_a_setting_and_the_engine_plays_it() -> None:
    settings = Settings(deck="farm", odd_rank="J")  # a Jack out applies to the standard deck only
    assert settings.rules().deck == "farm" and settings.rules().odd_rank == "Q"
    assert Settings.from_dict(settings.to_dict()).deck == "farm"
    assert Settings.from_dict({"deck": "no-such-deck"}).deck == "standard"
    with pytest.raises(ValueError, match="no deck 'no-such-deck'"):
        Settings(deck="no-such-deck")
