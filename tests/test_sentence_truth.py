"""Each claim checker of `sentence_truth` catches its kind of wrong sentence and lets the true one
pass (issue 26): the every-sentence tests are only as good as these."""

from __future__ import annotations

from helpers import cards
from sentence_truth import (
    Said,
    count_claims_untrue,
    ending_claims_untrue,
    going_out_claims_untrue,
    holding_claims_untrue,
    laid_down_claims_untrue,
    limit_reasons_unsourced,
    old_maid_claims_untrue,
    pair_claims_untrue,
    partner_claims_untrue,
    seat_side_claims_untrue,
    side_claims_untrue,
    side_marked_wrong,
    untrue_claims,
)

from tutor.engine import Game, Rules

BICYCLE = Rules.bicycle(4)
STRICT = Rules.bicycle(4, wrong_pair_loses=True)
REVERSED = Rules.bicycle(4, odd_card_wins=True)
TABLE = Rules.table(4)
NAMES = ("Robin", "Bea", "Sam", "Ana")


def position(rules: Rules, hands: list[str], dealer: int = 3) -> Game:
    return Game.from_hands(rules, [cards(hand) for hand in hands], dealer=dealer, learners=(0,))


def test_safe_is_untrue_in_the_reversed_game_and_before_the_strict_check() -> None:
    bad = "Your hand is empty: you are safe!"
    assert going_out_claims_untrue(bad, REVERSED) == ["Your hand is empty: you are safe!"]
    assert going_out_claims_untrue("Bea is safe: no cards left!", STRICT) == ["Bea is safe: no cards left!"]
    assert going_out_claims_untrue("✓ safe: no cards", REVERSED) == ["✓ safe: no cards"]
    assert going_out_claims_untrue(bad, BICYCLE) == [] and going_out_claims_untrue(bad, TABLE) == []
    assert going_out_claims_untrue("Bea went out 1st and is safe.", STRICT, checked=True) == []  # the check has decided
    assert going_out_claims_untrue(bad, STRICT, yours_real=True) == []  # you know your own pairs are real
    assert going_out_claims_untrue(bad, STRICT) == [bad]
    assert going_out_claims_untrue("You are safe, as long as every pair you laid down was a real pair.", STRICT) == []
    assert going_out_claims_untrue("Bea is not safe yet.", REVERSED) == []
    assert going_out_claims_untrue("You emptied your hand, which usually means you're safe.", REVERSED) == []


def test_won_is_untrue_outside_table_rules_and_for_going_out_in_the_reversed_game() -> None:
    assert going_out_claims_untrue("You're out, and you've won!", BICYCLE) == ["You're out, and you've won!"]
    assert going_out_claims_untrue("Sam went out 2nd and has won.", STRICT) == ["Sam went out 2nd and has won."]
    assert going_out_claims_untrue("Bea is out of cards, and has won!", REVERSED) == ["Bea is out of cards, and has won!"]
    assert going_out_claims_untrue("You're out, and you've won!", TABLE) == []
    assert going_out_claims_untrue("Bea kept the odd card to the end and wins!", REVERSED) == []


def test_an_ending_with_one_player_left_is_untrue_under_the_strict_check() -> None:
    bad = "It ends only when one player is left holding cards."
    assert ending_claims_untrue(bad, STRICT) == [bad]
    assert ending_claims_untrue("It ends when one of you has none left.", Rules.bicycle(2, wrong_pair_loses=True)) != []
    assert ending_claims_untrue(bad, BICYCLE) == [] == ending_claims_untrue(bad, TABLE)
    good = "Play goes on until only one player has cards, or, after a wrong pair, until no more pairs can be made."
    assert ending_claims_untrue(good, STRICT) == []


def test_with_two_players_no_side_is_set_against_the_other() -> None:
    bad = "You draw from Bea, not from your left."
    assert side_claims_untrue(bad, 2) == [bad]
    contrast = "Bea is on your left and Sam is on your right."
    assert side_claims_untrue(contrast, 2) == [contrast]
    assert side_claims_untrue(bad, 3) == []
    both = "With two players the other player sits on your left and on your right at once, so every draw is from them."
    assert side_claims_untrue(both, 2) == []


def test_with_two_players_an_answer_naming_a_side_is_not_wrong() -> None:
    assert side_marked_wrong("The player on your left", 2) == ["The player on your left"]
    assert side_marked_wrong("The player on the dealer's right draws from the dealer", 2) != []
    assert side_marked_wrong("The player on your left", 3) == []
    assert side_marked_wrong("The dealer", 2) == []


def test_a_seat_said_to_be_on_a_side_is_there() -> None:
    game = position(BICYCLE, ["5C 9D", "2C 3C", "", "9C 4D QS"])
    said = Said("", "test", BICYCLE, NAMES, 0, game)
    assert seat_side_claims_untrue("Bea is on your right.", said) == ["Bea is on your right."]
    assert seat_side_claims_untrue("Bea is on your left.", said) == []
    wrong = "Sam is the nearest player on your right who still has cards."  # Sam has none; Ana is on the right
    assert seat_side_claims_untrue(wrong, said) == [wrong]
    assert seat_side_claims_untrue("Ana is the nearest player on your right who still has cards.", said) == []
    assert seat_side_claims_untrue("Bea is the nearest player on your left who still has cards.", said) == []
    two = Said("", "test", Rules.bicycle(2), ("Robin", "Bea"), 0, position(Rules.bicycle(2), ["5C", "5D QS"], dealer=1))
    assert seat_side_claims_untrue("Bea is on your right.", two) == [] == seat_side_claims_untrue("Bea is on your left.", two)


def test_two_cards_said_to_pair_do() -> None:
    assert pair_claims_untrue("7♣ and 8♣ are a pair: both are clubs.") == ["7♣ and 8♣ are a pair"]
    assert pair_claims_untrue("7♣ and 7♦ are not a pair.") == ["7♣ and 7♦ are not a pair"]
    assert pair_claims_untrue("7♣ and 7♦ make a pair: same rank.") == []
    assert pair_claims_untrue("7♣ and 8♣ are not a pair: one is a 7, the other an 8.") == []
    assert pair_claims_untrue("The Cat and the Dog are a pair: both show the same picture.") == ["The Cat and the Dog are a pair"]
    assert pair_claims_untrue("The two Cat cards are not a pair.") == ["The two Cat cards are not a pair"]
    assert pair_claims_untrue("The Cat and the Dog are not a pair: two different pictures.") == []
    assert pair_claims_untrue("The two Cat cards are a pair: both show the same picture.") == []


def test_a_card_said_to_find_a_partner_still_can() -> None:
    game = position(BICYCLE, ["QH 5C", "5D", "9C", "9D"])  # no other Queen in any hand
    assert partner_claims_untrue("Your Q♥ may still find a partner.", game) == ["Q♥"]
    assert partner_claims_untrue("Your 5♣ may still find a partner.", game) == []


def test_counts_of_cards_are_the_hands_counts() -> None:
    game = position(BICYCLE, ["9C 9H 7C", "2C 3C", "", "9D 4D QS"])
    said = Said("", "test", BICYCLE, NAMES, 0, game)
    assert count_claims_untrue("Ana is holding out 2 face-down cards.", said) == ["Ana is holding out 2 face-down cards."]
    assert count_claims_untrue("Ana is holding out 3 face-down cards.", said) == []
    assert count_claims_untrue("Bea has no cards left.", said) == ["Bea has no cards left."]
    assert count_claims_untrue("Sam has no cards left.", said) == []
    assert count_claims_untrue("You have three 9s.", said) == ["You have three 9s."]
    assert count_claims_untrue("You have two 9s.", said) == []
    assert count_claims_untrue("Now only Ana still holds a card.", said) == ["Now only Ana still holds a card."]


def test_cards_said_to_be_held_are_held() -> None:
    game = position(BICYCLE, ["7C 7D 9H", "2C 3C", "", "9D 4D QS"])
    said = Said("", "test", BICYCLE, NAMES, 0, game)
    assert holding_claims_untrue("You still hold 7♣ and 7♦.", said) == []
    assert holding_claims_untrue("You still hold 7♣ and 7♥.", said) == ["You still hold 7♣ and 7♥."]
    assert holding_claims_untrue("Ana is still holding Q♠.", said) == [] and holding_claims_untrue("Bea is still holding Q♠.", said) != []
    assert holding_claims_untrue("9♥ is still in your hand.", said) == [] and holding_claims_untrue("Q♠ is still in your hand.", said) != []
    assert holding_claims_untrue("You drew 7♦ from Ana: a pair!", said) == []
    assert holding_claims_untrue("You drew 9♥ from Ana: a pair!", said) == ["You drew 9♥ from Ana: a pair!"]


def test_a_pair_said_to_be_laid_down_was() -> None:
    game = position(BICYCLE, ["7C 7D 9H", "2C 2D 3C", "", "9D 4D QS"])  # Bea's 2s go down at the deal
    said = Said("", "test", BICYCLE, NAMES, 0, game)
    assert laid_down_claims_untrue("Bea laid down 2♣ and 2♦.", said) == []
    assert laid_down_claims_untrue("You laid down 7♣ and 7♦.", said) == ["You laid down 7♣ and 7♦."]  # still in your hand


def test_the_old_maid_named_at_the_end_is_the_old_maid() -> None:
    game = position(BICYCLE, ["", "", "QS", ""])
    assert game.is_over and game.loser == 2
    said = Said("", "test", BICYCLE, NAMES, 0, game)
    assert old_maid_claims_untrue("Sam is the Old Maid.", said) == []
    assert old_maid_claims_untrue("Bea is the Old Maid, left holding Q♠.", said) == ["Bea is the Old Maid, left holding Q♠."]
    assert old_maid_claims_untrue("Bea is not the Old Maid.", said) == []


def test_every_checker_speaks_through_untrue_claims() -> None:
    game = position(REVERSED, ["QH 5C", "5D", "", "9D"])
    said = Said("Sam is safe: no cards left! Your Q♥ may still find a partner. Bea has 3 cards.", "test", REVERSED, NAMES, 0, game)
    found = untrue_claims(said)
    assert [claim.split(":")[0] for claim in found] == ["going out", "partner", "count"]


def test_a_reason_for_the_player_count_is_one_no_rulebook_gives() -> None:
    assert limit_reasons_unsourced("Bicycle rules stop at 5 players. With more, the hands get very small.") == ["With more, the hands get very small."]
    assert limit_reasons_unsourced("so everyone still gets a good handful of cards")
    assert not limit_reasons_unsourced("Bicycle rules stop at 5 players. The book doesn't say why.")


def test_no_message_gives_a_reason_for_the_player_count() -> None:
    """Every sentence of the course, quiz, Rules and screens, as gathered in tutor.pot."""
    from pathlib import Path

    from babel.messages.pofile import read_po

    with (Path(__file__).parents[1] / "tutor" / "locale" / "tutor.pot").open("rb") as file:
        texts = [text for message in read_po(file) for text in ([message.id] if isinstance(message.id, str) else message.id)]
    assert not [quote for text in texts for quote in limit_reasons_unsourced(text)]
