"""The Rules screen's words are complete for the ruleset in play (issue 11, items 6, 10 and 11):
players allowed, the odd card, the deal and who may get a short hand, keeping your hand hidden,
who starts, whom you draw from and who goes next, pairs face up or down, when you are safe, the
end, the wrong-pair rule and the house rules on or off. Where a rulebook is silent it says so once."""

from __future__ import annotations

import re
from typing import Any

import pytest

from tutor.engine import Rules, every_rules
from tutor.ui.app import TutorApp
from tutor.wording.rules import SWITCH_WORDS, rules_in_brief, rules_summary

BICYCLE = Rules.bicycle(players=4)
TABLE = Rules.table(players=6)


def text(rules: Rules) -> dict[str, str]:
    return dict(rules_summary(rules))


def everything(rules: Rules) -> str:
    return " ".join(paragraph for _, paragraph in rules_summary(rules))


def test_every_point_has_its_paragraph_in_both_rulesets() -> None:
    headings = [
        "Players",
        "What you need",
        "The deal",
        "Your cards",
        "Pairs",
        "Before play",
        "Who starts",
        "Your turn",
        "Empty hands",
        "The end",
        "Wrong pairs",
        "House rules and variants",
        "The name",
    ]
    for rules in every_rules():
        assert [heading for heading, _ in rules_summary(rules)] == headings
        assert all(paragraph.strip() for _, paragraph in rules_summary(rules))


def test_players_allowed() -> None:
    assert text(BICYCLE)["Players"].startswith("Bicycle rules are for 2 to 5 players.")
    assert "This game has 4." in text(BICYCLE)["Players"]
    table = text(TABLE)["Players"]
    assert "The Table rules don't say how many may play; this app seats 2 to 8 players" in table


def test_the_odd_card_and_where_another_one_comes_from() -> None:
    assert "Take out one Queen" in text(BICYCLE)["What you need"]
    jack = text(Rules.bicycle(odd_rank="J"))["What you need"]
    assert "Take out one Jack" in jack and "a variant from outside the rulebooks, which Pagat describes" in jack
    king = text(Rules.table(odd_rank="K"))["What you need"]
    assert "Take out one King" in king and "house rule chosen at the deal" in king


def test_the_deal_and_who_may_get_a_short_hand() -> None:
    bicycle = text(BICYCLE)["The deal"]
    assert "one at a time" in bicycle and "3 get 13 cards and 1 gets 12" in bicycle
    assert "The Bicycle rules don't say who gets the shorter hands" in bicycle
    assert "the dealer and those dealt to last get one card fewer" in bicycle
    table = text(TABLE)["The deal"]
    assert "The Table rules say only that every card is dealt, as evenly as it goes" in table
    assert "3 get 9 cards and 3 get 8" in table
    even = text(Rules.bicycle(players=3))["The deal"]
    assert "everyone gets 17 cards" in even and "shorter" not in even


def test_keeping_your_hand_hidden() -> None:
    for rules in (BICYCLE, TABLE):
        assert "nobody else can see them" in text(rules)["Your cards"]


def test_pairs_face_down_or_face_up() -> None:
    assert "face down" in text(BICYCLE)["Before play"] and "face down" in text(BICYCLE)["Your turn"]
    assert "face up" in text(TABLE)["Before play"] and "face up" in text(TABLE)["Your turn"]
    assert "holding a pair back isn't allowed" in text(TABLE)["Your turn"]


def test_who_starts() -> None:
    assert text(BICYCLE)["Who starts"].startswith("The dealer starts")
    assert "If the dealer has no cards left" in text(BICYCLE)["Who starts"]
    assert text(TABLE)["Who starts"] == (
        "The Table rules don't say who starts; at this table the first player on the dealer's left who still has cards draws first."
    )


def test_whom_you_draw_from_and_who_goes_next() -> None:
    bicycle = text(BICYCLE)["Your turn"]
    assert "nearest player on your right who still has cards" in bicycle
    assert "hold your cards out to the next player on your left" in bicycle
    assert "If your draw leaves you with no cards, you're out, and the next player on your left" in bicycle
    table = text(TABLE)["Your turn"]
    assert "nearest player on your left who still has cards: you never choose" in table
    assert "The Table rules say only that play passes to the next seat; at this table it passes to the left" in table


def test_what_an_empty_hand_means_follows_the_ruleset_and_the_end() -> None:
    assert "When your hand is empty you are safe!" in text(BICYCLE)["Empty hands"]
    assert "When your hand is empty you're out, and you've won!" in text(TABLE)["Empty hands"]  # the Table's book
    assert "as long as every pair you laid down was a real pair" in text(Rules.bicycle(wrong_pair_loses=True))["Empty hands"]
    for reversed_game in (Rules.bicycle(odd_card_wins=True), Rules.table(odd_card_wins=True)):
        assert "you can't win any more" in text(reversed_game)["Empty hands"] and "safe" not in text(reversed_game)["Empty hands"]
    assert "Everyone else has won" in text(TABLE)["The end"] and "Everyone else is safe" in text(BICYCLE)["The end"]
    for rules in (BICYCLE, TABLE):
        assert "only one player has cards" in text(rules)["The end"]
    assert "the Old Maid" in text(BICYCLE)["The end"]
    assert "that player wins" in text(Rules.table(odd_card_wins=True))["The end"]
    strict = text(Rules.bicycle(wrong_pair_loses=True))["The end"]
    assert "all the pairs are checked" in strict and "two or three players still holding cards" in strict


def test_the_wrong_pair_rule_is_said_whether_or_not_the_strict_check_is_on() -> None:
    plain, strict = text(BICYCLE)["Wrong pairs"], text(Rules.bicycle(wrong_pair_loses=True))["Wrong pairs"]
    for words in (plain, strict):
        assert "The Bicycle rules say that a player found to have laid down two cards that are not a pair loses" in words
    assert "tells you at once" in plain and "checks every pair at the end" in strict
    assert text(TABLE)["Wrong pairs"].startswith("The Table rules don't say what happens")


def test_house_rules_on_or_off() -> None:
    bicycle = text(Rules.bicycle(odd_card_wins=True))["House rules and variants"].splitlines()
    assert bicycle[0] == "Take out a Jack instead of a Queen, a variant from outside the rulebooks, which Pagat describes: off."
    assert any(line.startswith("The reversed game") and line.endswith(": on.") for line in bicycle)
    assert any(line.startswith("Strict pair check") and line.endswith(": off.") for line in bicycle)
    assert not any("Another draw" in line for line in bicycle)
    table = text(Rules.table(odd_rank="K", extra_draw_on_pair=True))["House rules and variants"].splitlines()
    assert table[0] == "Take out a King instead of a Queen (a house rule of the Table rules): on."
    assert any(line.startswith("Another draw for a pair") and line.endswith(": on.") for line in table)
    assert not any("Strict" in line for line in table)
    assert set(SWITCH_WORDS) == {"extra_draw_on_pair", "odd_card_wins", "wrong_pair_loses"}


@pytest.mark.parametrize("rules", [BICYCLE, TABLE], ids=["bicycle", "table"])
def test_each_silence_is_said_once(rules: Rules) -> None:
    words = everything(rules)
    for silence in ("don't say who starts", "don't say how many", "don't say who gets the shorter", "say only that play passes", "say only that every card"):
        assert words.count(silence) <= 1


def test_the_other_rulesets_facts_never_leak_in() -> None:
    assert "right" not in text(TABLE)["Your turn"] and "left" in text(TABLE)["Your turn"]
    assert "don't say who starts" not in everything(BICYCLE)
    assert "Jack" not in everything(TABLE) and "King" not in everything(BICYCLE)  # (the reversed game is Pagat's in both)


async def test_the_rules_screen_names_the_ruleset(store: Any, profile: Any) -> None:
    from tutor.ui.rules_screen import RulesScreen

    app = TutorApp(store, profile)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.push_screen(RulesScreen(Rules.table(players=5)))
        await pilot.pause()
        assert app.screen.sub_title == "The rules: Table, 5 players"
        await pilot.pause()
        sign = app.screen.query_one("#rules-more")
        assert sign.display and "More below: press ↓ or PgDn" in str(sign.render())  # the rules run on below
        await pilot.press("end")
        await pilot.pause()
        assert not sign.display  # read to the end: no sign


def test_a_picture_deck_is_described_by_its_pictures_not_a_rank() -> None:
    from tutor.engine.decks import all_decks

    deck = next(deck for deck in all_decks() if not deck.is_standard)
    rules = Rules.table(players=3).with_deck(deck.id)
    words = text(rules)
    assert deck.name in words["What you need"] and "Nothing is taken out" in words["What you need"]
    assert "Queen" not in everything(rules) and "52" not in everything(rules)
    assert "same picture" in words["Pairs"]
    assert not any(line.startswith("Take out") for line in words["House rules and variants"].splitlines())
    assert f"{rules.cards_in_play} cards in all" in words["What you need"]


def test_the_rules_in_brief_for_a_tables_waiting_room() -> None:
    assert rules_in_brief(Rules.bicycle()) == "Bicycle rules for 4 players, with playing cards (one Queen taken out). House rules: none."
    assert rules_in_brief(Rules.table(players=5, odd_card_wins=True)).endswith("House rules: The reversed game.")
    assert "Farm friends deck (pairs of pictures and one" in rules_in_brief(Rules("bicycle", 3, deck="farm"))


def test_variants_from_outside_both_books_carry_one_label_in_both_rulesets() -> None:
    label = "a variant from outside the rulebooks, which Pagat describes"
    for rules in (BICYCLE, TABLE):
        house = text(rules)["House rules and variants"]
        assert re.search(rf"The reversed game \([^()]*; {label}\): off\.", house), house
    assert f"Take out a Jack instead of a Queen, {label}: off." in text(BICYCLE)["House rules and variants"]
    assert "Take out a King instead of a Queen (a house rule of the Table rules): off." in text(TABLE)["House rules and variants"]
    assert f"taking out a Jack instead is {label}." in text(Rules.bicycle(odd_rank="J"))["What you need"]


def test_a_picture_deck_is_said_to_be_played_by_the_rules_chosen() -> None:
    for rules in (Rules.bicycle(deck="farm"), Rules.table(deck="farm")):
        assert f"no rules of its own, so it is played by the {rules.name} rules you chose" in text(rules)["What you need"]


def test_the_odd_rank_house_rule_is_grammatical_german() -> None:
    """German said "ein König statt eine Dame herausnehmen": the accusative lost, and the line began
    in lower case. The card now comes out as the sentence's subject."""
    from tutor import language

    with language.speaking("de"):
        table = text(Rules.table(odd_rank="K"))
    house = next(paragraph for heading, paragraph in table.items() if heading.startswith("Hausregeln")).splitlines()
    assert house[0].startswith("Es kommt ein König statt eine Dame heraus (eine Hausregel der") and house[0].endswith(": an.")


def test_one_mistake_in_a_game_teaches_a_rule_in_the_singular() -> None:
    """ "1 mistake along the way: each one teaches a rule" (and German "Jeder") spoke of several."""
    from tutor import language
    from tutor.learner.celebrations import game_done
    from tutor.store.records import GameResult

    assert game_done(GameResult.SAFE, 1).lines == ("You finished a whole game. 1 mistake along the way: it teaches a rule.",)
    with language.speaking("de"):
        assert "Er bringt dir eine Regel bei." in game_done(GameResult.SAFE, 1).lines[0]
        assert "Jeder bringt dir eine Regel bei." in game_done(GameResult.SAFE, 2).lines[0]


def test_a_game_a_computer_played_part_of_never_says_the_learner_played_it_all() -> None:
    """A walker's Leo, whose window was killed mid-game and a computer played for him, read "You
    played the whole game by the rules, with no mistakes." at the end."""
    from tutor.learner.celebrations import game_done
    from tutor.store.records import GameResult

    (alone,) = game_done(GameResult.OLD_MAID, 0, played_for=True).lines
    assert alone == "A computer player played for you while you were away. Your own moves were all by the rules."
    (some,) = game_done(GameResult.SAFE, 2, played_for=True).lines
    assert some == "A computer player played for you while you were away. In your own moves: 2 mistakes, and each one teaches a rule."
    assert "whole game" not in alone + some


def test_the_rulebook_named_mid_sentence_keeps_a_small_letter() -> None:
    """Spanish said "Las Reglas de Bicycle son para 2 a 5 jugadores": the name was given a capital
    for English, where it starts the sentence. The sentence gets its capital, not the name."""
    from tutor import language
    from tutor.wording.rules import rules_summary

    with language.speaking("es"):
        said = " ".join(paragraph for _, paragraph in rules_summary(BICYCLE))
    assert "Las reglas de Bicycle son para 2 a 5 jugadores." in said
    assert "Bicycle rules are for 2 to 5 players." in " ".join(paragraph for _, paragraph in rules_summary(BICYCLE))
