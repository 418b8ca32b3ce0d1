import pytest

from tutor.engine import DECK, Card, Rules
from tutor.engine.cards import cards_text, groups_of_a_kind, in_suit_letters, rank_name


@pytest.mark.parametrize(
    ("text", "shown"),
    [("5C", "5♣"), ("5c", "5♣"), ("5♣", "5♣"), ("10H", "10♥"), ("TH", "10♥"), ("QS", "Q♠"), ("Q♠", "Q♠"), (" ad ", "A♦")],
)
def test_parse_accepts_every_spelling(text: str, shown: str) -> None:
    assert str(Card.parse(text)) == shown


def test_card_fields() -> None:
    ten = Card.parse("10H")
    assert (ten.rank, ten.suit, ten.is_red) == ("10", "♥", True)
    assert Card.parse("KS").is_red is False
    assert Card.parse("2D").is_red is True
    assert Card.parse("5C") is Card.of("5", "♣")
    assert ten.text(letters=True) == "10H"


@pytest.mark.parametrize("text", ["5X", "", "11C", "Q", "♣", "QQS", "10"])
def test_bad_card_text_is_quoted_and_explained(text: str) -> None:
    with pytest.raises(ValueError) as error:
        Card.parse(text)
    message = str(error.value)
    assert repr(text) in message
    assert "C D H S" in message and "♣ ♦ ♥ ♠" in message


def test_non_string_is_a_value_error() -> None:
    with pytest.raises(ValueError):
        Card.parse(5)  # type: ignore[arg-type]


def test_deck_has_52_distinct_cards_that_survive_copying() -> None:
    import copy
    import pickle

    assert len(set(DECK)) == 52
    card = Card.parse("7D")
    assert copy.deepcopy(card) is card and pickle.loads(pickle.dumps(card)) is card
    with pytest.raises(TypeError):
        Card()
    assert sorted([Card.parse("KS"), Card.parse("2C"), Card.parse("AH")]) == [Card.parse("AH"), Card.parse("2C"), Card.parse("KS")]


def test_text_helpers() -> None:
    assert cards_text([Card.parse("5C"), Card.parse("5H")]) == "5♣ 5♥"
    assert cards_text([Card.parse("5C")], letters=True) == "5C"
    assert rank_name("Q") == "Queen" and rank_name("7", plural=True) == "7s"


def test_suit_letters_in_words_are_the_cards_own_letters() -> None:
    assert in_suit_letters("5♣ and 10♥, not Q♠ or A♦!") == "5C and 10H, not QS or AD!"
    assert all(in_suit_letters(str(card)) == card.text(letters=True) for card in DECK)
    assert all(Card.parse(in_suit_letters(str(card))) is card for card in DECK)


def test_rules_constructors() -> None:
    bicycle = Rules.bicycle()
    assert (bicycle.variant, bicycle.players, bicycle.odd_rank) == ("bicycle", 4, "Q")
    table = Rules.table(players=8, odd_rank="K", extra_draw_on_pair=True)
    assert (table.variant, table.players, table.odd_rank, table.extra_draw_on_pair) == ("table", 8, "K", True)
    assert Rules.bicycle(odd_rank="J", odd_card_wins=True).odd_card_wins
    assert Rules.from_dict(table.to_dict()) == table


@pytest.mark.parametrize(
    ("make", "named"),
    [
        (lambda: Rules.bicycle(players=6), "players"),
        (lambda: Rules.bicycle(players=1), "players"),
        (lambda: Rules.table(players=9), "players"),
        (lambda: Rules.table(players=True), "players"),
        (lambda: Rules.table(odd_rank="A"), "odd_rank"),
        (lambda: Rules.bicycle(extra_draw_on_pair=True), "extra_draw_on_pair"),
        (lambda: Rules.table(wrong_pair_loses=True), "wrong_pair_loses"),
        (lambda: Rules.bicycle(odd_card_wins="yes"), "odd_card_wins"),
        (lambda: Rules.bicycle(jokers=True), "jokers"),
        (lambda: Rules.bicycle(wrong_pair_loses=True, odd_card_wins=True), "wrong_pair_loses"),
        (lambda: Rules("poker"), "variant"),
    ],
)
def test_invalid_rules_name_the_option(make, named: str) -> None:
    with pytest.raises(ValueError, match=named):
        make()


def test_rules_from_dict_rejects_junk() -> None:
    with pytest.raises(ValueError):
        Rules.from_dict(["bicycle"])
    with pytest.raises(ValueError, match="colour"):
        Rules.from_dict({"variant": "bicycle", "colour": True})


def test_two_cards_pair_by_rank_or_picture_never_by_colour_and_never_alone() -> None:
    from tutor.engine.decks import find_deck

    five_clubs, five_hearts, five_spades, six_clubs = (Card.parse(text) for text in ("5♣", "5♥", "5♠", "6♣"))
    assert five_clubs.pairs_with(five_hearts) and five_clubs.pairs_with(five_spades)
    assert not five_clubs.pairs_with(six_clubs) and not five_clubs.pairs_with(five_clubs)
    deck = find_deck("farm")
    cat1, cat2, dog1 = deck.parse("cat/1"), deck.parse("cat/2"), deck.parse("dog/1")
    maid = deck.character_card
    assert maid is not None
    assert cat1.pairs_with(cat2) and not cat1.pairs_with(dog1)
    assert not any(maid.pairs_with(card) for card in deck.cards)


def test_groups_of_a_kind_group_what_pairs() -> None:
    from tutor.engine.decks import find_deck

    hand = [Card.parse(text) for text in ("5♣", "9♦", "5♥", "9♠", "5♠", "K♥")]
    assert [cards_text(group) for group in groups_of_a_kind(hand)] == ["5♣ 5♥ 5♠", "9♦ 9♠", "K♥"]
    assert groups_of_a_kind([]) == () and groups_of_a_kind([hand[0], hand[0]]) == ((hand[0], hand[0]),)
    deck = find_deck("farm")
    cat1, cat2, dog1 = deck.parse("cat/1"), deck.parse("cat/2"), deck.parse("dog/1")
    maid = deck.character_card
    assert maid is not None
    assert groups_of_a_kind([cat1, maid, dog1, cat2]) == ((cat1, cat2), (maid,), (dog1,))
