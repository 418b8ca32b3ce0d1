"""One test (or more) for every row of shared/RULES.md, both seeds' worked examples and edge cases."""

from collections import Counter

import pytest
from helpers import cards, finish_opening, table_game

from tutor.engine import (
    DECK,
    Card,
    DealCard,
    Draw,
    Drew,
    FinishDeal,
    FinishPairing,
    Game,
    GameOver,
    IllegalAction,
    LayDown,
    MistakeCode,
    PairLaidDown,
    PairsChecked,
    Rules,
    Turn,
    WentOut,
)

BICYCLE = Rules.bicycle(players=3)
TABLE = Rules.table(players=3)


# ----- what both rulesets share --------------------------------------------------------------


@pytest.mark.parametrize("rules", [Rules.bicycle(), Rules.table(odd_rank="K"), Rules.bicycle(odd_rank="J")])
def test_deal_removes_one_card_of_the_odd_rank_and_deals_all_51(rules: Rules) -> None:
    game = Game.start_deal(rules, seed=7)
    assert game.stock == 51
    game.apply(DealCard(51))
    dealt = [card for hand in game.hands for card in hand]
    assert len(dealt) == 51 and len(set(dealt)) == 51
    missing = set(DECK) - set(dealt)
    assert len(missing) == 1 and next(iter(missing)).rank == rules.odd_rank


def test_four_players_three_get_13_and_the_dealer_12() -> None:
    game = Game.start_deal(Rules.bicycle(players=4), seed=1, dealer=2)
    game.apply(DealCard(51))
    assert [len(hand) for hand in game.hands] == [13, 13, 12, 13]


def test_dealing_goes_clockwise_from_the_dealers_left_one_at_a_time() -> None:
    game = Game.start_deal(Rules.table(players=3), seed=3, dealer=1)
    events = game.apply(DealCard(4))
    assert [event.seat for event in events] == [2, 0, 1, 2]
    assert game.next_deal_seat == 0


def test_no_stock_is_left_finishing_early_is_the_stock_left_mistake() -> None:
    game = Game.start_deal(Rules.bicycle(), seed=1)
    game.apply(DealCard(40))
    with pytest.raises(IllegalAction) as error:
        game.apply(FinishDeal())
    assert error.value.mistake.code is MistakeCode.STOCK_LEFT
    assert game.phase == "dealing" and game.stock == 11
    game.apply(DealCard(11))
    events = game.apply(FinishDeal())
    assert game.phase == "play" and game.stock == 0
    assert any(isinstance(event, PairLaidDown) for event in events)


def test_dealing_past_the_end_is_refused() -> None:
    game = Game.start_deal(Rules.bicycle(), seed=1)
    with pytest.raises(IllegalAction):
        game.apply(DealCard(52))
    game.apply(DealCard(51))
    game.apply(FinishDeal())
    with pytest.raises(IllegalAction):
        game.apply(FinishDeal())


def test_the_same_seed_gives_the_same_game() -> None:
    one, two = Game.deal(Rules.bicycle(), seed=42), Game.deal(Rules.bicycle(), seed=42)
    assert one.hands == two.hands and one.pairs == two.pairs
    assert Game.deal(Rules.bicycle(), seed=43).hands != one.hands


def test_a_pair_is_two_cards_of_one_rank_whatever_their_colours() -> None:
    game = table_game(BICYCLE, "5C 5H 9D", "2C 3C", "4C 6C")
    assert game.pairs == [(0, (Card.parse("5C"), Card.parse("5H")))]
    assert game.hands[0] == (Card.parse("9D"),)


def test_three_of_a_kind_lays_down_one_pair_and_keeps_the_third() -> None:
    game = table_game(BICYCLE, "7C 7D 7H 2S", "3C 4C", "6C 8C")
    assert len(game.pairs) == 1 and len(game.hands[0]) == 2
    assert sum(card.rank == "7" for card in game.hands[0]) == 1


def test_four_of_a_kind_is_two_pairs() -> None:
    game = table_game(BICYCLE, "7C 7D 7H 7S 2S", "3C 4C", "6C 8C")
    assert len(game.pairs) == 2 and game.hands[0] == (Card.parse("2S"),)


def test_a_hand_that_pairs_off_completely_is_safe_before_play_and_skipped() -> None:
    game = table_game(Rules.bicycle(players=4), "5C 5H", "2C 3C", "2D 4C", "3D 4D QS", dealer=0)
    assert game.safe == {0}
    # The dealer has no cards, so the next active player on the dealer's left offers instead.
    assert (game.giver, game.drawer) == (1, 2)


def test_a_drawn_pair_goes_down_at_once_and_an_empty_hand_is_safe() -> None:
    game = table_game(BICYCLE, "5H", "5C QS", "2C 2D")
    assert (game.giver, game.drawer) == (0, 1)
    events = game.draw("5H")
    assert [type(event) for event in events][:3] == [Drew, WentOut, PairLaidDown]
    assert game.safe == {0, 2}
    assert game.is_over and game.loser == 1


def test_the_game_ends_when_one_player_holds_the_odd_card() -> None:
    game = Game.deal(Rules.bicycle(players=4), seed=11)
    game.play_out()
    assert game.is_over
    holders = [seat for seat, hand in enumerate(game.hands) if hand]
    assert holders == [game.loser]
    assert [card.rank for card in game.hands[game.loser]] == ["Q"]
    assert len(game.pairs) == 25
    assert set(game.safe) == set(range(4)) - {game.loser}
    assert game.drawer is None and game.giver is None and game.winner is None


# ----- where the rulesets differ ----------------------------------------------------------------


def test_bicycle_takes_2_to_5_players_table_2_to_8() -> None:
    for players in (2, 5):
        Game.deal(Rules.bicycle(players=players), seed=1).play_out()
    for players in (2, 8):
        game = Game.deal(Rules.table(players=players), seed=1)
        game.play_out()
        assert game.is_over and len(game.pairs) == 25


def test_king_as_odd_rank() -> None:
    game = Game.deal(Rules.table(odd_rank="K"), seed=5)
    game.play_out()
    assert [card.rank for card in game.hands[game.loser]] == ["K"]


def test_bicycle_you_draw_from_your_right_the_dealer_offers_first() -> None:
    game = table_game(Rules.bicycle(players=4), "2C 3C", "4C 5C", "6C 7C", "8C QS", dealer=2)
    # The dealer (seat 2) offers to the next active player on their left (seat 3).
    assert (game.giver, game.drawer) == (2, 3)
    game.draw("6C")
    # The player who just drew offers next, to their left.
    assert (game.giver, game.drawer) == (3, 0)


def test_bicycle_skips_empty_hands_when_offering() -> None:
    game = table_game(Rules.bicycle(players=4), "2C 3C", "4C 4D", "6C 7C", "8C QS", dealer=0)
    assert game.safe == {1}
    assert (game.giver, game.drawer) == (0, 2)


def test_bicycle_drawer_who_empties_their_hand_passes_the_offer_on() -> None:
    game = table_game(Rules.bicycle(players=4), "2C 3C", "2D", "6C 7C", "3D QS 6D", dealer=0)
    game.draw("2C")  # seat 1 pairs its only card and is safe
    assert 1 in game.safe
    # The next active player on the drawer's left (seat 2) offers instead, to seat 3.
    assert (game.giver, game.drawer) == (2, 3)


def test_table_you_draw_from_the_nearest_active_seat_on_your_left() -> None:
    game = table_game(Rules.table(players=4), "2C 3C", "4C 5C", "6C 7C", "8C QS", dealer=0)
    assert (game.drawer, game.giver) == (1, 2)
    game.draw("6C")
    # Play passes to the next seat on the left, who draws from their left.
    assert (game.drawer, game.giver) == (2, 3)


def test_table_skips_empty_seats_for_both_drawer_and_giver() -> None:
    game = table_game(Rules.table(players=4), "2C 3C", "4C 5C", "6C 6D", "8C QS 4D", dealer=0)
    assert game.safe == {2}
    assert (game.drawer, game.giver) == (1, 3)
    game.draw("4D")  # seat 1 pairs its 4s
    assert (game.drawer, game.giver) == (3, 0)


def test_table_drawer_who_empties_their_hand() -> None:
    game = table_game(Rules.table(players=3), "5C QS", "5D", "7C 9D", dealer=2)
    assert (game.drawer, game.giver) == (0, 1)
    game.draw("5D")
    assert game.safe == {1}
    assert (game.drawer, game.giver) == (2, 0)


def test_table_dealer_with_no_cards_and_first_drawer() -> None:
    game = table_game(Rules.table(players=4), "2C 3C", "4C 4D", "6C 7C", "8C QS 2D", dealer=0)
    # Seat 1 is out, so the first active seat on the dealer's left (seat 2) draws first, from seat 3.
    assert (game.drawer, game.giver) == (2, 3)


def test_table_extra_draw_on_a_pair() -> None:
    rules = Rules.table(players=3, extra_draw_on_pair=True)
    game = table_game(rules, "5C QS", "5D 9C 8C", "9D 8D", dealer=2)
    assert (game.drawer, game.giver) == (0, 1)
    game.draw("5D")
    # A pair earns another draw, as long as the drawer still holds cards.
    assert (game.drawer, game.giver) == (0, 1)
    game.draw("9C")
    assert (game.drawer, game.giver) == (1, 2)


def test_table_extra_draw_not_when_the_drawer_is_out() -> None:
    rules = Rules.table(players=3, extra_draw_on_pair=True)
    game = table_game(rules, "5C", "5D QS 8C", "9D 8D 9C", dealer=2)
    game.draw("5D")
    assert 0 in game.safe and (game.drawer, game.giver) == (1, 2)


def test_without_the_house_rule_a_pair_earns_nothing() -> None:
    game = table_game(Rules.table(players=3), "5C QS", "5D 9C 8C", "9D 8D", dealer=2)
    game.draw("5D")
    assert (game.drawer, game.giver) == (1, 2)


def test_pairs_face_down_in_bicycle_face_up_in_table() -> None:
    hands = ("5C 5H 2C", "3C 4C", "6C 6D QS")
    bicycle = table_game(BICYCLE, *hands)
    seen_by_1 = bicycle.observation(1).pairs
    assert seen_by_1 == ((0, None), (2, None))
    assert bicycle.observation(0).pairs[0] == (0, (Card.parse("5C"), Card.parse("5H")))
    table = table_game(TABLE, *hands)
    assert table.observation(1).pairs[0] == (0, (Card.parse("5C"), Card.parse("5H")))


# ----- the worked examples from the seeds -------------------------------------------------------


def test_worked_turn_you_draw_5h_and_lay_down_the_fives() -> None:
    # You are seat 1; the player on your right is seat 0, who offers to you.
    game = table_game(BICYCLE, "5H 8S 7C", "5C 9D QH", "8C 7S", dealer=0, learners=(1,))
    finish_opening(game)
    assert (game.giver, game.drawer) == (0, 1)
    game.draw("5H")
    assert game.drawer is None and game.waiting_for == {1}
    events = game.apply(LayDown(1, cards("5C 5H")))
    assert PairLaidDown(1, (Card.parse("5C"), Card.parse("5H"))) in events
    game.apply(FinishPairing(1))
    assert sorted(game.hands[1]) == sorted(cards("9D QH"))
    # You now offer 9♦ and Q♥ to the next active player on your left.
    assert (game.giver, game.drawer) == (1, 2)


@pytest.mark.parametrize("rules", [Rules.bicycle(players=2), Rules.table(players=2)])
def test_two_player_ending_drawing_the_seven(rules: Rules) -> None:
    game = table_game(rules, "QS 7D", "7C", dealer=0)
    assert (game.drawer, game.giver) == (1, 0)
    events = game.draw("7D")
    assert game.is_over and game.loser == 0 and game.safe == {1}
    assert isinstance(events[-1], GameOver) and events[-1].loser == 0
    assert game.hands[0] == (Card.parse("QS"),)


@pytest.mark.parametrize("rules", [Rules.bicycle(players=2), Rules.table(players=2)])
def test_two_player_ending_drawing_the_queen_play_goes_on(rules: Rules) -> None:
    game = table_game(rules, "QS 7D", "7C", dealer=0)
    game.draw("QS")
    assert not game.is_over
    assert (game.drawer, game.giver) == (0, 1)
    game.draw("7C")
    assert game.is_over and game.loser == 1


# ----- variants ----------------------------------------------------------------------------------


def test_reversed_game_the_odd_card_holder_wins() -> None:
    game = table_game(Rules.bicycle(players=2, odd_card_wins=True), "QS 7D", "7C", dealer=0)
    events = game.draw("7D")
    assert game.winner == 0 and game.loser == 0
    assert events[-1] == GameOver(0, 0)


def test_strict_bicycle_a_wrong_pair_is_accepted_and_loses_at_the_check() -> None:
    rules = Rules.bicycle(players=3, wrong_pair_loses=True)
    game = table_game(rules, "5C 9D", "5H 9C QS", "KC KD", dealer=0, learners=(0,))
    events = game.apply(LayDown(0, cards("5C 9D")))
    assert events[0] == PairLaidDown(0, (Card.parse("5C"), Card.parse("9D")), wrong=True)
    assert game.wrong_pairs and 0 in game.safe
    # Seat 2 paired out; 5♥ 9♣ Q♠ can never pair now, so the pairs are checked and seat 0 loses.
    assert game.is_over and game.loser == 0
    assert game.hands[1] == tuple(cards("5H 9C QS"))


def test_strict_bicycle_game_ends_when_no_pair_can_form() -> None:
    rules = Rules.bicycle(players=3, wrong_pair_loses=True)
    game = table_game(rules, "5C 9D 4S", "5H 2D", "9C 4C QS 2S", dealer=0, learners=(0,))
    game.apply(LayDown(0, cards("5C 9D")))
    game.apply(FinishPairing(0))
    assert not game.is_over
    game.draw("4S")  # seat 1 takes the 4♠; dealer is out
    while not game.is_over:
        game.play_computer_turn()
    checked = [event for event in game.to_dict()["pairs"]]
    assert game.loser == 0 and len(checked) >= 1


def test_strict_mode_still_refuses_three_of_a_kind() -> None:
    rules = Rules.bicycle(players=2, wrong_pair_loses=True)
    game = table_game(rules, "5C 5D 5H", "2C", learners=(0,))
    assert game.mistake_in(LayDown(0, cards("5C 5D 5H"))).code is MistakeCode.LAID_DOWN_THREE


# ----- learners and their mistakes ---------------------------------------------------------------


def learner_game(rules: Rules = BICYCLE) -> Game:
    return table_game(rules, "5C 5H 7C 7D 7S 9D", "2C 3C", "2D 4C QS", dealer=2, learners=(0,))


def refused(game: Game, action) -> MistakeCode:
    before = game.to_dict()
    assert game.mistake_in(action) is not None
    with pytest.raises(IllegalAction) as error:
        game.apply(action)
    assert game.to_dict() == before, "a refused move must change nothing"
    return error.value.mistake.code


def test_learner_opening_hand_waits_for_them() -> None:
    game = learner_game()
    assert game.phase == "pairing" and game.waiting_for == {0}
    assert game.drawer is None and game.giver is None
    assert game.pairs_in(0) == [(Card.parse("5C"), Card.parse("5H")), (Card.parse("7C"), Card.parse("7D"))]


def test_kept_pair_whatever_its_colours() -> None:
    game = learner_game()
    assert refused(game, FinishPairing(0)) is MistakeCode.KEPT_PAIR
    mistake = game.mistake_in(FinishPairing(0))
    assert Card.parse("5C") in mistake.cards and Card.parse("5H") in mistake.cards


def test_laid_down_three() -> None:
    assert refused(learner_game(), LayDown(0, cards("7C 7D 7S"))) is MistakeCode.LAID_DOWN_THREE


def test_not_a_pair() -> None:
    game = learner_game()
    assert refused(game, LayDown(0, cards("5C 9D"))) is MistakeCode.NOT_A_PAIR
    assert refused(game, LayDown(0, cards("9D"))) is MistakeCode.NOT_A_PAIR
    assert refused(game, LayDown(0, [])) is MistakeCode.NOT_A_PAIR


def test_cards_not_in_hand() -> None:
    game = learner_game()
    assert refused(game, LayDown(0, cards("2C 2D"))) is MistakeCode.NOT_IN_HAND
    assert refused(game, LayDown(0, cards("5C 5C"))) is MistakeCode.NOT_IN_HAND


def test_laying_down_when_it_is_not_your_moment() -> None:
    game = learner_game()
    assert refused(game, LayDown(1, cards("2C 3C"))) is MistakeCode.OUT_OF_TURN
    assert refused(game, FinishPairing(1)) is MistakeCode.OUT_OF_TURN


def test_a_learner_lays_down_two_pairs_then_finishes() -> None:
    game = learner_game()
    game.apply(LayDown(0, cards("5C 5H")))
    game.apply(LayDown(0, cards("7C 7S")))
    game.apply(FinishPairing(0))
    assert game.phase == "play" and sorted(game.hands[0]) == sorted(cards("7D 9D"))


def test_four_of_a_kind_laid_down_at_once_is_two_pairs() -> None:
    game = table_game(BICYCLE, "5C 5H 5D 5S 9D", "2C 3C", "2D 4C QS", learners=(0,))
    events = game.apply(LayDown(0, cards("5C 5H 5D 5S")))
    assert sum(isinstance(event, PairLaidDown) for event in events) == 2


def test_a_learner_who_lays_down_everything_is_safe_without_saying_done() -> None:
    game = table_game(BICYCLE, "5C 5H", "2C 3C", "2D 3D QS", learners=(0,))
    game.apply(LayDown(0, cards("5C 5H")))
    assert 0 in game.safe and game.phase == "play" and game.waiting_for == set()


def test_draw_mistakes_in_order_bicycle() -> None:
    game = table_game(Rules.bicycle(players=4), "5C 9D", "2C 3C", "8C", "5H 4C QS", dealer=3, learners=(0,))
    game.apply(FinishPairing(0))
    assert (game.drawer, game.giver) == (0, 3)
    assert refused(game, Draw(1, 3)) is MistakeCode.OUT_OF_TURN
    assert refused(game, Draw(1, 2)) is MistakeCode.OUT_OF_TURN  # out of turn is checked first
    assert refused(game, Draw(0, 1)) is MistakeCode.WRONG_NEIGHBOUR
    assert refused(game, Draw(0, 0)) is MistakeCode.WRONG_NEIGHBOUR
    assert refused(game, Draw(0, 7)) is MistakeCode.WRONG_NEIGHBOUR
    assert refused(game, Draw(0, 3, card="2C")) is MistakeCode.NO_SUCH_CARD
    assert refused(game, Draw(0, 3, position=3)) is MistakeCode.NO_SUCH_CARD
    assert refused(game, Draw(0, 3, position=-1)) is MistakeCode.NO_SUCH_CARD
    game.apply(Draw(0, 3, card="5H"))


def test_drawing_from_an_empty_handed_seat() -> None:
    game = table_game(Rules.table(players=4), "5C 9D", "2C 2D", "8C 3C", "5H 4C QS", dealer=3, learners=(0,))
    finish_opening(game)
    assert 1 in game.safe and (game.drawer, game.giver) == (0, 2)
    assert refused(game, Draw(0, 1)) is MistakeCode.DREW_FROM_EMPTY
    assert refused(game, Draw(0, 3)) is MistakeCode.WRONG_NEIGHBOUR


def test_a_learner_must_lay_down_before_drawing_again() -> None:
    rules = Rules.table(players=3, extra_draw_on_pair=True)
    game = table_game(rules, "5C 9D", "5H 9C 8C", "8D QS", dealer=2, learners=(0,))
    finish_opening(game)
    game.draw("5H")
    assert refused(game, Draw(0, 1)) is MistakeCode.KEPT_PAIR
    assert refused(game, FinishPairing(0)) is MistakeCode.KEPT_PAIR
    game.apply(LayDown(0, cards("5C 5H")))
    assert refused(game, Draw(0, 1)) is MistakeCode.OUT_OF_TURN
    game.apply(FinishPairing(0))
    # The pair earned the learner another draw.
    assert (game.drawer, game.giver) == (0, 1)


def test_blind_draw_by_position_takes_a_card_of_the_giver() -> None:
    game = table_game(BICYCLE, "5C 9D", "5H 3C 3D 2S", "8C 8D QS", dealer=2, learners=(0,))
    finish_opening(game)
    assert (game.giver, game.drawer) == (2, 0)
    fan = game.fan()
    assert sorted(fan) == sorted(game.hands[2])
    events = game.apply(Draw(0, 2, position=0))
    assert events[0] == Drew(0, 2, fan[0])


def test_a_random_draw_when_neither_card_nor_position_is_given() -> None:
    game = table_game(BICYCLE, "5C 9D", "5H 3C 4D", "8C 8D QS", dealer=2, learners=(0,))
    finish_opening(game)
    events = game.apply(Draw(0, 2))
    assert isinstance(events[0], Drew) and events[0].card in cards("QS")


def test_draw_short_form_needs_a_drawer() -> None:
    game = learner_game()
    with pytest.raises(IllegalAction):
        game.draw("2C")


def test_computer_turn_only_for_computers() -> None:
    game = learner_game()
    with pytest.raises(IllegalAction):
        game.play_computer_turn()
    with pytest.raises(ValueError):
        game.play_out()


def test_both_card_and_position_is_a_programming_error() -> None:
    game = table_game(BICYCLE, "5C 9D", "5H 3C", "8C QS", dealer=2, learners=(0,))
    finish_opening(game)
    with pytest.raises(ValueError):
        game.mistake_in(Draw(0, 2, card="8C", position=0))


def test_mistake_in_rejects_non_actions() -> None:
    with pytest.raises(TypeError):
        learner_game().mistake_in("draw")  # type: ignore[arg-type]


def test_learner_ending_lays_down_before_the_game_ends() -> None:
    # The learner takes the last card of the only other player and must still lay down the pair.
    game = table_game(Rules.bicycle(players=2), "7D", "7C QS", dealer=0, learners=(1,))
    finish_opening(game)
    game.draw("7D")
    assert 0 in game.safe and not game.is_over
    game.apply(LayDown(1, cards("7C 7D")))
    assert not game.is_over
    game.apply(FinishPairing(1))
    assert game.is_over and game.loser == 1


def test_turn_events_narrate_who_draws_from_whom() -> None:
    game = table_game(Rules.bicycle(players=3), "2C 3C", "4C 5C", "6C 7C QS", dealer=0)
    events = game.draw("2C")
    assert events[-1] == Turn(drawer=2, giver=1)


def test_events_of_a_whole_game_account_for_every_pair() -> None:
    game = Game.start_deal(Rules.table(players=5), seed=9, learners=())
    events = game.apply(DealCard(51)) + game.apply(FinishDeal())
    while not game.is_over:
        events += game.play_computer_turn()
    laid = [event for event in events if isinstance(event, PairLaidDown)]
    assert len(laid) == 25
    assert isinstance(events[-2], PairsChecked) and isinstance(events[-1], GameOver)
    assert Counter(type(event).__name__ for event in events)["Drew"] == game.draws


def test_from_hands_rejects_impossible_hands() -> None:
    with pytest.raises(ValueError, match="twice"):
        table_game(BICYCLE, "5C 5C", "2C", "3C")
    with pytest.raises(ValueError, match="removed"):
        table_game(BICYCLE, "QC QD", "QH", "QS")
    with pytest.raises(ValueError, match="one hand per seat"):
        Game.from_hands(BICYCLE, [["5C"]])
    with pytest.raises(ValueError, match="dealer"):
        Game.from_hands(BICYCLE, [["5C"], [], []], dealer=3)
    with pytest.raises(ValueError, match="learners"):
        Game.from_hands(BICYCLE, [["5C"], [], []], learners=(5,))


def test_a_learner_dealt_no_cards_is_safe_at_once() -> None:
    game = table_game(BICYCLE, "", "5C 9D", "9C QS", learners=(0,))
    assert game.safe == {0} and game.phase == "play" and game.out_order == (0,)


def test_out_order_follows_who_emptied_their_hand_first() -> None:
    game = Game.deal(Rules.table(players=5), seed=3)
    game.play_out()
    assert len(game.out_order) == 4 and set(game.out_order) == game.safe


def test_a_position_without_the_odd_card_ends_with_nobody_left_holding_it() -> None:
    game = table_game(Rules.bicycle(players=2), "7C", "7D", dealer=0)
    game.draw("7C")
    assert game.is_over and game.loser is None and game.safe == {0, 1}


def test_the_seats_skipped_between_drawer_and_giver() -> None:
    bicycle = table_game(Rules.bicycle(players=5), "2C 3C", "4C 5C", "", "", "8C QS 2D", dealer=4)
    assert (bicycle.drawer, bicycle.giver) == (0, 4) and bicycle.skipped() == ()
    bicycle.draw("8C")
    assert (bicycle.drawer, bicycle.giver) == (1, 0) and bicycle.skipped() == ()
    table = table_game(Rules.table(players=5), "2C 3C", "", "", "6C 7C", "8C QS 2D", dealer=4)
    assert (table.drawer, table.giver) == (0, 3) and table.skipped() == (1, 2)
    table.draw("6C")
    assert (table.drawer, table.giver) == (3, 4) and table.skipped() == ()
